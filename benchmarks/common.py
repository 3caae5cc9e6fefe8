"""Shared helpers for the benchmark scripts: timing, percentiles, tables, machine notes."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence

from countsweep.oracle import clear_count_cache


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def best_time(fn: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs of ``fn`` in seconds, each counting from scratch (the oracle's
    count cache emptied first), as ``timeit`` advises for short calls: the minimum is the run the
    rest of the machine disturbed least."""
    best = float("inf")
    for _ in range(repeat):
        clear_count_cache()
        best = min(best, timed(fn)[0])
    return best


def pct(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[i]


def summary(values: Sequence[float]) -> tuple[float, float, float, float]:
    """(median, p95, p99, max) in milliseconds."""
    ms = [v * 1000 for v in values]
    return (statistics.median(ms) if ms else float("nan"), pct(ms, 0.95), pct(ms, 0.99),
            max(ms) if ms else float("nan"))


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers]] + [[_fmt(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["| " + " | ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) + " |"
             for r in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return f"{v:.3g}" if v < 100 else f"{v:.0f}"
    return str(v)


_GANAK_WORKER = r"""
import sys, time, pyganak
from countsweep.encode import dimacs
with open(sys.argv[1]) as fh:
    f = dimacs.read(fh, sys.argv[1])
c = pyganak.Counter()
c.new_vars(max(f.num_vars, 1))
for card in f.constraints:
    c.add_clause(list(card.lits))
if f.projection:
    c.set_sampling_set(list(f.projection))
t = time.perf_counter()
n = c.count()
print(time.perf_counter() - t, n)
"""


def ganak(cnf_path: str, timeout: float) -> tuple[float | None, int | None]:
    """Ganak's (seconds, count) on a DIMACS file in a child process; (None, None) on time-out.

    The seconds are Ganak's own counting time, not the child's start-up.
    """
    import subprocess
    import sys

    try:
        out = subprocess.run([sys.executable, "-c", _GANAK_WORKER, cnf_path], capture_output=True,
                             text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    last = [line for line in out.stdout.splitlines() if not line.startswith("c ")][-1]
    secs, count = last.split()
    return float(secs), int(count)


def cluster(address: str | None):
    """A Dask client for ``--cluster ADDRESS`` (``tcp://HOST:PORT`` or ``local:N``), or ``None``
    without one: ``with cluster(args.cluster) as client: run(..., client=client)``."""
    import contextlib

    if not address:
        return contextlib.nullcontext(None)
    from countsweep.play.cluster import connect

    return connect(address)
