"""Optimal against greedy play, exactly, on every small board (Nakov & Wei's MDP).

For each board and mine count: the optimal win probability with the best first
click, the greedy policy's with the same click, the best first cells, the number
of distinct positions solved and the time.  Rule ``safe`` (the first click is
never a mine) unless ``--rule`` says otherwise.

    python -m benchmarks.optimal [--boards 2x2,2x3,3x3,3x4,4x4,4x5,5x5] [--max-mines 4]
"""

from __future__ import annotations

import argparse
import sys
import time

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.board import parse_size
from countsweep.play.optimal import solve_game

SMALL = {"2x2", "2x3", "3x3", "3x4", "4x4"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default="2x2,2x3,3x3,3x4,4x4,4x5,5x5")
    ap.add_argument("--rule", default="safe")
    ap.add_argument("--max-mines", type=int, default=4,
                    help="for boards beyond 4x4 (smaller boards get every mine count)")
    arguments(ap, "optimal")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.optimal", argv, args)
    report.print(f"machine: {machine()}; rule {args.rule}")
    rows = []
    for spec in args.boards.split(","):
        w, h, _ = parse_size(spec)
        top = w * h - (9 if args.rule == "opening" else 1)
        mines = range(1, top + 1) if spec in SMALL else range(1, min(args.max_mines, top) + 1)
        for m in mines:
            start = time.perf_counter()
            sol = solve_game(w, h, m, args.rule)
            secs = time.perf_counter() - start
            best = [mv.cell for mv in sol.moves if mv.optimal == sol.value]
            rows.append((f"{w}x{h}", m, f"{float(sol.value):.2%}", f"{float(sol.greedy):.2%}",
                         f"{float(sol.value - sol.greedy):.2%}",
                         " ".join(f"[{r},{c}]" for r, c in best), sol.states, f"{secs:.2f}"))
            print(rows[-1], flush=True, file=sys.stderr)
    report.print(table(("board", "mines", "optimal", "greedy", "gain", "best first cells",
                 "positions", "seconds"), rows))
    report.finish()


if __name__ == "__main__":
    main()
