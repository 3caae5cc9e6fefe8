"""Range rules of a variant puzzle, counted by the compiled kernel and by the pure-Python path, in one run.

A family of rule sets no board reader writes: on an n x n board, *at least one
mine in every 2x2 square* (``min_mines`` 1 over each square's four cells, the
cells named row by row) and a third of the cells mines.  Every cell is in a rule
and every rule overlaps its neighbours, so the whole board is one component as
wide as a row: the kernel counts it along a path (``kernel/path.c``), the
Python implementation by its search.  Both answers are exact and checked equal
where both finish; the Python path is stopped at ``--python-limit`` seconds.
minesweepr takes exact rules only, so no peer runs here.

    python -m benchmarks.variant_rules [--sizes 6 7 8 9 10] [--python-limit 60]
"""

from __future__ import annotations

import argparse

from benchmarks.common import machine, table, timed
from benchmarks.results import Report, arguments
from countsweep.counting import Limits
from countsweep.errors import LimitExceeded
from countsweep.rules import RulesAnalysis, RuleSet, analyze_rules


def every_two_by_two(n: int) -> dict:
    """At least one mine in every 2x2 square of an n x n board, a third of its cells mines."""
    return {"rules": [{"min_mines": 1, "cells": [f"{r + i}-{c + j}" for i in (0, 1) for j in (0, 1)]}
                      for r in range(n - 1) for c in range(n - 1)], "total_cells": n * n, "total_mines": n * n // 3}


def counted(rules: RuleSet, implementation: str, limits: Limits | None = None) -> tuple[float, RulesAnalysis]:
    """(seconds, answer) of one count of ``rules`` by ``implementation``."""
    seconds, answer = timed(lambda: analyze_rules(rules, limits=limits, implementation=implementation))
    assert isinstance(answer, RulesAnalysis)
    return seconds, answer


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[6, 7, 8, 9, 10, 11])
    ap.add_argument("--python-limit", type=float, default=60.0, help="seconds before the Python path is stopped")
    ap.add_argument("--repeat", type=int, default=3, help="kernel calls per board; the best counts")
    arguments(ap, "variant-rules")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.variant_rules", argv, args)
    report.print(f"machine: {machine()}; every 2x2 square holds a mine, n*n//3 mines; best of {args.repeat} kernel "
                 f"calls, one Python call stopped at {args.python_limit:g} s")
    rows = []
    for n in args.sizes:
        rules = RuleSet.from_payload(every_two_by_two(n))
        kernel = min((counted(rules, "kernel") for _ in range(args.repeat)), key=lambda run: run[0])
        if kernel[1].analysis.implementation != "kernel":
            raise SystemExit(f"the kernel declined the {n}x{n} board")
        try:
            python: tuple[float, RulesAnalysis] | None = counted(rules, "python", Limits(timeout=args.python_limit))
        except LimitExceeded:
            python = None
        if python is not None and python[1].to_dict(exact=True) != kernel[1].to_dict(exact=True):
            raise SystemExit(f"the kernel and the Python path disagree on the {n}x{n} board")
        count = kernel[1].count
        rows.append((f"{n}x{n}", len(rules.rules), n * n // 3, len(str(count)), f"{kernel[0]:.4f}",
                     f"{python[0]:.3f}" if python else f"> {args.python_limit:g}",
                     f"{python[0] / kernel[0]:.0f}" if python else f"> {args.python_limit / kernel[0]:.0f}"))
        report.figure(f"kernel_{n}", f"{kernel[0]:.2g}")
    report.print(table(("board", "rules", "mines", "count digits", "kernel s", "Python s", "Python / kernel"), rows))
    report.finish()


if __name__ == "__main__":
    main()
