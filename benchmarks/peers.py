"""countsweep's exact oracle against ms_toollib's (Rust) probabilities, side by side in one run.

The same positions go to both: positions met in seeded greedy play at every
level (beginner, intermediate, expert, 20x20 with 100 mines, 12x8 with 30) and
the boards of the cnf/ corpus.  countsweep answers with exact counts and
``Fraction`` probabilities (``analyze``), ms_toollib with floats
(``cal_probability_onboard``); every answer is checked to agree.  Times are
the best of ``--repeat`` calls each; countsweep's component cache is emptied
before every call, so no call reuses an earlier one's work.  The ratio is
countsweep's time over ms_toollib's: below 1, countsweep is faster.

    pip install ".[bench]"
    python -m benchmarks.peers [--games 3] [--repeat 5] [--ms-toollib ms_toollib]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import statistics
import sys
from pathlib import Path

from benchmarks.common import best_time, machine, table
from benchmarks.results import Report, arguments
from countsweep.board import FLAG, HIDDEN, Board
from countsweep.oracle import analyze
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play

CORPUS = Path(__file__).resolve().parent.parent / "cnf"
BOARDS = {**LEVELS, "20x20/100": (20, 20, 100), "12x8/30": (12, 8, 30)}


def peer_module(where: str):
    """ms_toollib, by module name, or from a directory holding it."""
    if Path(where).is_dir():
        sys.path.insert(0, str(Path(where).resolve()))
        return importlib.import_module("ms_toollib")
    return importlib.import_module(where)


def peer_board(board: Board) -> list[list[int]]:
    """ms_toollib's codes: 0-8 numbers, 10 hidden, 11 flag."""
    return [[10 if v == HIDDEN else 11 if v == FLAG else v for v in row] for row in board.grid]


def compare(board: Board, ms, repeat: int) -> tuple[float, float, float]:
    """(countsweep seconds, ms_toollib seconds, largest difference between their probabilities)."""
    grid = peer_board(board)
    ours = best_time(lambda: analyze(board), repeat)
    theirs = best_time(lambda: ms.cal_probability_onboard(grid, board.mines), repeat)
    exact = analyze(board).probabilities
    floats, _ = ms.cal_probability_onboard(grid, board.mines)
    diff = max((abs(float(p) - floats[r][c]) for (r, c), p in exact.items()), default=0.0)
    return ours, theirs, diff


AGREE = 1e-12  # the float answers must round to ours


def check(difference: float) -> None:
    if difference > AGREE:
        raise SystemExit(f"countsweep and ms_toollib disagree by {difference:.3g} on some position")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="greedy games per level to take positions from")
    ap.add_argument("--repeat", type=int, default=5, help="calls per position; the best counts")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--ms-toollib", default="ms_toollib", help="the peer: a module name or a directory holding it")
    ap.add_argument("--corpus", default="", help="corpus instances whose names contain this ('none' to skip)")
    arguments(ap, "peers")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.peers", argv, args)
    ms = peer_module(args.ms_toollib)
    try:
        version = importlib.metadata.version("ms-toollib")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    report.print(f"machine: {machine()}; ms_toollib {version}; best of {args.repeat} calls, "
          "countsweep's caches emptied before each")
    rows, worst = [], 0.0
    ratios_all = []
    for name, (w, h, m) in BOARDS.items():
        boards = from_play(Settings(w, h, m, "safe", "corner"), args.games, seed=args.seed)
        results = [compare(b, ms, args.repeat) for b in boards]
        ratios = [ours / theirs for ours, theirs, _ in results]
        ratios_all += ratios
        worst = max([worst] + [d for _, _, d in results])
        rows.append((name, len(boards), f"{statistics.median(r[0] for r in results) * 1000:.3f}",
                     f"{statistics.median(r[1] for r in results) * 1000:.3f}", f"{statistics.median(ratios):.2f}",
                     f"{max(ratios):.2f}", f"{max(d for _, _, d in results):.1e}"))
    rows.append(("all", len(ratios_all), "", "", f"{statistics.median(ratios_all):.2f}", f"{max(ratios_all):.2f}",
                 f"{worst:.1e}"))
    check(worst)
    report.print("\npositions from real play (greedy agent, rule safe, first click in the corner):")
    report.print(table(("board", "positions", "countsweep ms (median)", "ms_toollib ms (median)",
                 "median ratio", "max ratio", "largest difference"), rows))
    medians = [float(row[4]) for row in rows[:-1]]
    report.figure("ratio_low", f"{min(medians):.2f}")
    report.figure("ratio_high", f"{max(medians):.2f}")
    report.figure("ratio_all", rows[-1][4])
    if args.corpus == "none":
        report.finish()
        return
    manifest = json.loads((CORPUS / "manifest.json").read_text())["instances"]
    rows = []
    for inst in manifest:
        if args.corpus not in inst["name"]:
            continue
        board = Board.from_text((CORPUS / inst["board"]).read_text())
        ours, theirs, diff = compare(board, ms, args.repeat)
        rows.append((inst["name"], inst["hidden"], f"{ours * 1000:.3f}", f"{theirs * 1000:.3f}",
                     f"{ours / theirs:.2f}", f"{diff:.1e}"))
    check(max((float(r[-1]) for r in rows), default=0.0))
    report.print("\nthe cnf/ corpus boards:")
    report.print(table(("instance", "hidden cells", "countsweep ms", "ms_toollib ms", "ratio", "largest difference"),
                       rows))
    report.finish()


if __name__ == "__main__":
    main()
