"""Per-position latency of the in-process oracle on positions from real play.

Positions are those a greedy agent met before each move in seeded games at each
level, under the ``safe`` (corner) and ``opening`` (centre) first-click rules.
Prints median, p95, p99 and max milliseconds per backend; a backend that
refuses or times out on a position is counted in the last column.

A second table times the clue models (:mod:`countsweep.clues`) on the expert
positions with dpll, each against the exact model on the same positions, both
through the compiled kernel (what ``analyze`` uses by default) and through the
Python search (where the kernel declines a position, it falls back to it): an
``identity`` table (the exact model's likelihoods, taken by the weighted path),
``under`` and ``over``; and a density prior (the expert level's 99/480) in place of each
position's mine total.  A position from real play shows true numbers, which every one of
these models can show, so each is a valid weighted position.

Sub-millisecond times are noisy: the clue-model table takes the best of
``--repeat`` runs of each position (the count cache emptied before each), as
``timeit`` does, and the models' runs of one position are interleaved, so that
a busy moment of the machine falls on all of them alike.

    python -m benchmarks.oracle [--games N] [--backends dpll,sdd,brute] [--clue-games N] [--repeat K]
"""

from __future__ import annotations

import argparse
import statistics
from fractions import Fraction

from benchmarks.common import best_time, machine, summary, table, timed
from benchmarks.results import Report, arguments
from countsweep.clues import EXACT, OVER, UNDER, ClueModel
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
    ap.add_argument("--clue-games", type=int, default=None,
                    help="expert games for the clue-model table (default --games; 0 skips it)")
    ap.add_argument("--repeat", type=int, default=5,
                    help="runs of each position in the clue-model table (the best counts)")
    arguments(ap, "oracle")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.oracle", argv, args)
    report.print(f"machine: {machine()}")
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
    report.print(table(("level", "rule", "backend", "positions", "median ms", "p95 ms", "p99 ms",
                 "max ms", "refused/timeout"), rows))
    games = args.games if args.clue_games is None else args.clue_games
    if games:
        clue_models(report, games, args.timeout, args.repeat)
    report.finish()


IDENTITY = ClueModel("identity", "table", tuple(tuple(Fraction(int(v == n)) for n in range(9)) for v in range(9)))
# the expert level's density, a prior in place of its total (the board's total taken away)
DENSITY = Fraction(LEVELS["expert"][2], LEVELS["expert"][0] * LEVELS["expert"][1])


def clue_models(report: Report, games: int, timeout: float, repeat: int = 5) -> None:
    """Per-position time of each clue model on expert positions, as ratios to the exact model's."""
    w, h, m = LEVELS["expert"]
    boards = [b for rule, first in (("safe", "corner"), ("opening", "center"))
              for b in from_play(Settings(w, h, m, rule, first), games, seed=2026)]
    kernel, python = "auto", "python"  # the implementation: the kernel where it answers, else Python
    runs = {"exact (kernel)": (kernel, EXACT, None), "exact (python)": (python, EXACT, None),
            "identity table (kernel)": (kernel, IDENTITY, None), "under (kernel)": (kernel, UNDER, None),
            "over (kernel)": (kernel, OVER, None), "density (kernel)": (kernel, EXACT, DENSITY),
            "identity table (python)": (python, IDENTITY, None), "under (python)": (python, UNDER, None),
            "over (python)": (python, OVER, None), "density (python)": (python, EXACT, DENSITY)}
    times: dict[str, list[float]] = {name: [] for name in runs}
    failed = dict.fromkeys(runs, 0)
    for b in boards:
        open_board = b.with_mines(None)  # a density stands in for the total
        for name, (how, model, density) in runs.items():
            try:
                times[name].append(best_time(lambda b=b if density is None else open_board, how=how, model=model,
                                            density=density: analyze(b, "dpll", Limits(timeout=timeout),
                                                                     clues=model, density=density,
                                                                     implementation=how), repeat))
            except LimitExceeded:
                times[name].append(float("nan"))
                failed[name] += 1
    rows = []
    for name in runs:
        ok = [(t, k, p) for t, k, p in zip(times[name], times["exact (kernel)"], times["exact (python)"],
                                           strict=True) if t == t]
        med, p95, _, top = summary([t for t, _, _ in ok])
        rows.append((name, len(boards), med, p95, top,
                     f"{statistics.median(t / k for t, k, _ in ok):.2f}x" if ok else "-",
                     f"{sum(t for t, _, _ in ok) / sum(k for _, k, _ in ok):.2f}x" if ok else "-",
                     f"{statistics.median(t / p for t, _, p in ok):.2f}x" if ok else "-", failed[name]))
        if ok:  # the prose quotes each model's cost against the exact model's, both in the kernel
            key = name.replace(" (kernel)", "").replace("identity table", "identity").replace(" (python)", "_python")
            report.figure(f"{key}_median", f"{statistics.median(t / k for t, k, _ in ok):.2f}")
            report.figure(f"{key}_total", f"{sum(t for t, _, _ in ok) / sum(k for _, k, _ in ok):.2f}")
    report.print(f"\nclue models, dpll, {len(boards)} expert positions from {games} games per rule, best of {repeat}")
    report.print(table(("clue model", "positions", "median ms", "p95 ms", "max ms", "median ratio to exact (kernel)",
                 "total time ratio to exact (kernel)", "median ratio to exact (python)", "timeout"), rows))


if __name__ == "__main__":
    main()
