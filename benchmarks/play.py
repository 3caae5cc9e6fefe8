"""Games per second and win rates per level, on one core and on all cores.

Runs the same seeded games with 1 worker and with every core; results are
identical (seeded per game), only the time differs.  Also prints each level's
win rate under the ``opening`` rule next to the Japanese article's figures
(95% / 82.3% / 42%, first click and its neighbours mine-free).

    python -m benchmarks.play [--games 200]
"""

from __future__ import annotations

import argparse
import os
import time

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.intervals import wilson
from countsweep.play.game import LEVELS, Settings
from countsweep.play.runs import run

PUBLISHED = {"beginner": "95%", "intermediate": "82.3%", "expert": "42%"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--agent", default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default=",".join(LEVELS))
    arguments(ap, "play")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.play", argv, args)
    cores = os.cpu_count() or 1
    report.print(f"machine: {machine()}; agent {args.agent}; {args.games} games per row; seed {args.seed}")
    rows = []
    for level in args.levels.split(","):
        w, h, m = LEVELS[level]
        for rule, first in (("safe", "corner"), ("opening", "center")):
            s = Settings(w, h, m, rule, first)
            timings = {}
            results = None
            for workers in sorted({1, cores}):
                start = time.perf_counter()
                recs = list(run(s, args.agent, args.seed, list(range(args.games)), workers))
                timings[workers] = args.games / (time.perf_counter() - start)
                wins = sum(r["won"] for r in recs)
                assert results is None or results == wins, "workers changed the results"
                results = wins
            lo, hi = wilson(results, args.games)
            rows.append((level, rule, first, f"{results / args.games:.1%}", f"[{lo:.1%}, {hi:.1%}]",
                         PUBLISHED[level] if rule == "opening" else "-",
                         f"{timings[1]:.1f}", f"{timings[cores]:.1f}"))
    report.print(table(("level", "rule", "first", "win rate", "95% CI", "Japanese article",
                 "games/s 1 core", f"games/s {cores} cores"), rows))
    report.finish()


if __name__ == "__main__":
    main()
