"""Uncertain clues on 8x8 boards: win rate by mine density, exact clues against withheld ones.

The Rutgers report's bonus table plays 8x8 boards at mine densities 0.10 to
0.30, each cleared cell showing its number only with probability 0.8, 500 games
per cell.  This plays the same grid with countsweep's greedy agent (certain
moves, else the cell of lowest exact posterior) and the weighted oracle, the
same agent under both clue models so that only the clues differ, and prints the
win rates with 95% Wilson intervals beside the report's figures.

Settings: the density gives the mine total ``round(64 d)`` (6, 10, 13, 16, 19
mines), which the agent knows; first-click rule ``safe`` with a random first
click: the report's agent starts on a cell of its choosing and leaves out games
lost within the first five moves, which a safe first click approaches without
discarding games.  The second rate of each column leaves out those early losses
too, as the report does.

    python -m experiments.uncertain [--games 2000] [--workers 2] [--models exact,withheld:0.8]
"""

from __future__ import annotations

import argparse
import time

from benchmarks.common import cluster, machine, table
from benchmarks.results import Report, arguments
from countsweep.intervals import wilson
from countsweep.play.game import Settings
from countsweep.play.runs import run

DENSITIES = ("0.10", "0.15", "0.20", "0.25", "0.30")
REPORT = {  # the report's success %, normal and uncertain (shown with probability 0.8), 500 games each
    "0.10": (82.3, 58.4), "0.15": (80.1, 26.2), "0.20": (45.9, 15.2), "0.25": (39.3, 6.5), "0.30": (29.7, 3.7),
}
EARLY = 5
"""The report leaves out games lost within this many moves."""


def rate(records: list[dict], skip_early: bool = False) -> str:
    if skip_early:
        records = [r for r in records if r["won"] or r["moves"] > EARLY]
    wins, n = sum(r["won"] for r in records), len(records)
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]" if n else "-"


def row_for(d: str, models: list[str], args: argparse.Namespace, client: object) -> list[object]:
    """One density's row: each model's win rate, all games and early losses left out, then the report's."""
    mines = round(64 * float(d))
    row: list[object] = [d, mines]
    for model in models:
        settings = Settings(8, 8, mines, "safe", "random", model)
        records = list(run(settings, "greedy", args.seed, list(range(args.games)), args.workers, client=client))
        row += [rate(records), rate(records, skip_early=True)]
    return [*row, *REPORT.get(d, ("-", "-"))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per density and model")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cluster", default=None, help="play on a Dask cluster: tcp://HOST:PORT or local:N")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--densities", default=",".join(DENSITIES))
    ap.add_argument("--models", default="exact,withheld:0.8",
                    help="clue models, comma-separated; the first two are set beside the report's columns")
    arguments(ap, "uncertain")
    args = ap.parse_args(argv)
    report = Report.of("experiments.uncertain", argv, args)
    models = args.models.split(",")
    start = time.perf_counter()
    with cluster(args.cluster) as client:
        rows = [row_for(d, models, args, client) for d in args.densities.split(",")]
    headers = ["density", "mines"]
    for model in models:
        headers += [f"{model} % [95% CI]", f"{model}, early losses left out"]
    headers += ["report normal %", "report uncertain (0.8) %"]
    report.print(f"8x8, rule safe, first click random, agent greedy, {args.games} games per cell, seed {args.seed}; "
          f"{time.perf_counter() - start:.0f} s on {machine()}, {args.workers} workers")
    report.print(table(headers, rows))
    report.finish()


if __name__ == "__main__":
    main()
