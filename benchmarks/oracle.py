"""Per-position latency of the in-process oracle on positions from real play.

Positions are those a greedy agent met before each move in seeded games at each
level, under the ``safe`` (corner) and ``opening`` (centre) first-click rules.
Prints median, p95, p99 and max milliseconds per backend; a backend that
refuses or times out on a position is counted in the last column.

    python -m benchmarks.oracle [--games N] [--backends dpll,sdd,brute]
"""

from __future__ import annotations

import argparse

from benchmarks.common import machine, summary, table, timed
from countsweep.counting import Limits, get_backend
from countsweep.errors import LimitExceeded
from countsweep.oracle import analyze
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--backends", default="dpll,sdd,brute")
    ap.add_argument("--timeout", type=float, default=5.0, help="per position and backend")
    args = ap.parse_args(argv)
    print(f"machine: {machine()}")
    rows = []
    for level, (w, h, m) in LEVELS.items():
        for rule, first in (("safe", "corner"), ("opening", "center")):
            boards = from_play(Settings(w, h, m, rule, first), args.games, seed=2026)
            for name in args.backends.split(","):
                times, failed = [], 0
                for b in boards:
                    try:
                        t, _ = timed(lambda b=b, n=name: analyze(b, get_backend(n),
                                                                  Limits(timeout=args.timeout)))
                        times.append(t)
                    except LimitExceeded:
                        failed += 1
                med, p95, p99, top = summary(times)
                rows.append((level, rule, name, len(boards), med, p95, p99, top, failed))
    print(table(("level", "rule", "backend", "positions", "median ms", "p95 ms", "p99 ms",
                 "max ms", "refused/timeout"), rows))


if __name__ == "__main__":
    main()
