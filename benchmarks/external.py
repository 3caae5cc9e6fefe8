"""countsweep's oracle against Ganak on the cnf/ corpus: the same question, one run.

Both answer "how many mine layouts fit this position, mine total included":
countsweep in process on the board, Ganak (pyganak) on the exported DIMACS file,
projected on the cell variables, in a child process killed after ``--timeout``
seconds (reported as a time-out).  Prints both times, whether the counts agree,
and the speed ratio; for time-outs the ratio is a lower bound.

    python -m benchmarks.external [--timeout 60] [--only NAME,...]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from benchmarks.common import best_time, ganak, machine, table
from benchmarks.results import Report, arguments
from countsweep.board import Board
from countsweep.oracle import analyze

CORPUS = Path(__file__).resolve().parent.parent / "cnf"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", default="")
    arguments(ap, "external")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.external", argv, args)
    manifest = json.loads((CORPUS / "manifest.json").read_text())["instances"]
    if args.only:
        keep = set(args.only.split(","))
        manifest = [m for m in manifest if m["name"] in keep]
    report.print(f"machine: {machine()}; Ganak time limit {args.timeout:g} s per instance")
    rows, ratios, finished = [], [], 0
    for inst in manifest:
        board = Board.from_text((CORPUS / inst["board"]).read_text())
        ours = best_time(lambda b=board: analyze(b), 3)  # the count cache emptied before each call
        count = analyze(board).count
        assert str(count) == inst["count"], inst["name"]
        secs, theirs = ganak(str(CORPUS / inst["cnf"]), args.timeout)
        if secs is None:
            verdict, ratio = f"> {args.timeout:g} (time-out)", f"> {args.timeout / ours:.0f}"
            ratios.append(args.timeout / ours)
        else:
            verdict = f"{secs:.3g}" + ("" if theirs == count else " WRONG")
            ratio = f"{secs / ours:.0f}"
            finished += 1
            ratios.append(secs / ours)
        rows.append((inst["name"], inst["hidden"], inst["vars"], inst["clauses"],
                     f"{ours * 1000:.2f}", verdict, ratio))
    report.print(table(("instance", "cells", "vars", "clauses", "countsweep ms", "Ganak s",
                 "Ganak / countsweep"), rows))
    if ratios:
        report.figure("instances", str(len(ratios)))
        report.figure("finished", str(finished))
        report.figure("median_ratio", f"{statistics.median(ratios):.0f}")
        report.figure("min_ratio", f"{min(ratios):.0f}")
        report.print(f"median speed ratio (lower bound where Ganak timed out): "
              f"{statistics.median(ratios):.0f}x; minimum {min(ratios):.0f}x")
    report.finish()


if __name__ == "__main__":
    main()
