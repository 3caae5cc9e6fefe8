"""Time and peak memory of ``countsweep count`` on big boards, each in a process of its own.

Each board is written to a file and counted by ``python -m countsweep count FILE --json`` in a
child process; its peak resident memory is the child's own (``os.wait4``'s ``ru_maxrss``), its
time the wall clock around it (printing the answer included), and its result the exit code with
the first words of any error, or the answer's frontier cells and the count's digits.
Two kinds of board (``countsweep.play.generators``):

* ``speckled``: a random layout at 15%, each safe cell revealed with probability 1/2 (no
  flood fill): numbers everywhere, one frontier across the board, the hardest kind to count;
* ``sparse``: a few random numbers on a big board: a million cells with scattered numbers.

A row may carry a ``--max-memory`` to show a refusal (exit 5) beside the count the default
limit allows.

    python -m benchmarks.memory [--only speckled-300,...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.board import Board
from countsweep.play.generators import sparse, speckled

# name: (what, how to make it, extra arguments for count)
BOARDS = {
    "speckled-100": ("100x100, 15% mines, half the safe cells shown", lambda: speckled(100, 100, 0.15, 0.5, 1), []),
    "speckled-150": ("150x150, the same", lambda: speckled(150, 150, 0.15, 0.5, 1), []),
    "speckled-300": ("300x300, the same", lambda: speckled(300, 300, 0.15, 0.5, 1), []),
    "speckled-700": ("700x700, the same", lambda: speckled(700, 700, 0.15, 0.5, 1), []),
    "speckled-700-limited": ("700x700, the same, --max-memory 500", lambda: speckled(700, 700, 0.15, 0.5, 1),
                             ["--max-memory", "500"]),
    "sparse-200": ("200x200, 8000 mines, 200 numbers", lambda: sparse(200, 200, 8000, 200, 1), []),
    "sparse-1000": ("1000x1000, 200000 mines, 1000 numbers", lambda: sparse(1000, 1000, 200_000, 1000, 1), []),
}


@dataclass(frozen=True)
class Measured:
    """One count in its own process: its wall time, its peak resident memory, how it ended, and (counted)
    the answer's frontier cells and the count's digits."""

    seconds: float
    peak_mb: float
    code: int
    error: str
    frontier: int | None
    digits: int | None


def measure(path: Path, extra: list[str]) -> Measured:
    out = path.with_suffix(".json")
    start = time.perf_counter()
    with open(out, "w") as sink:
        child = subprocess.Popen([sys.executable, "-m", "countsweep", "count", str(path), "--json", *extra],
                                 stdout=sink, stderr=subprocess.PIPE, text=True)
        assert child.stderr is not None
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)  # the child's own peak, not the largest child's so far
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    answer = json.loads(out.read_text()) if code == 0 else {}
    return Measured(seconds, usage.ru_maxrss / 1024, code,
                    err.strip().removeprefix("countsweep: error: ").removeprefix(f"{path}: ")[:70],
                    answer.get("frontier"), len(answer["count"]) if "count" in answer else None)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated board names (default: all): " + ", ".join(BOARDS))
    arguments(ap, "memory")
    args = ap.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(BOARDS)
    unknown = [n for n in names if n not in BOARDS]
    if unknown:
        ap.error(f"unknown boards: {', '.join(unknown)}")
    report = Report.of("benchmarks.memory", argv, args)
    report.print(f"machine: {machine()}; each count in a process of its own (python -m countsweep count --json)")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            what, make, extra = BOARDS[name]
            board: Board = make()
            path = Path(scratch) / f"{name}.txt"
            path.write_text(board.to_text())
            m = measure(path, extra)
            result = "counted" if m.code == 0 else f"exit {m.code}: {m.error}"
            rows.append((name, what, len(board.hidden_cells), len(board.number_cells),
                         "" if m.frontier is None else m.frontier, "" if m.digits is None else m.digits,
                         f"{m.seconds:.1f}", f"{m.peak_mb:,.0f}", result))
            key = name.replace("-", "_")
            report.figure(key + "_mb", f"{m.peak_mb:,.0f}")
            report.figure(key + "_s", f"{m.seconds:.1f}")
            if m.digits is not None and m.frontier is not None:
                report.figure(key + "_digits", f"{m.digits:,}")
                report.figure(key + "_frontier", f"{m.frontier:,}")
    report.print(table(("board", "what", "hidden", "numbers", "frontier", "count digits", "seconds", "peak MB",
                        "result"), rows))
    report.finish()


if __name__ == "__main__":
    main()
