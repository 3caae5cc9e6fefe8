"""countsweep against minesweepr on the same rule payloads, every topology, side by side in one run.

minesweepr (mrgriscom) solves a position given as *rules* ("k mines among
these cells") and the board's total: no geometry at all.  The same payloads go
to both: on the square grid, the rules minesweepr's own board reader
(``minesweeper_util.read_board``) writes for positions met in seeded play; on
the torus, hex, 3D, knight and cross boards (which its reader does not read),
the rules of positions from seeded play written the same way, one rule per
number over its hidden and flagged neighbours.  The square positions go a
second time as minesweepr's other API form, the board drawn in characters
(``{"board": ..., "total_mines": M}``): countsweep reads it itself
(:meth:`countsweep.rules.RuleSet.from_board`), minesweepr as its API does
(its reader with everything in), and every cell's answer is compared by
minesweepr's name for it.  They go a third time as the reader's rules with the
level's density in place of the total (``"mine_prob"``, a prior minesweepr
takes as a float).  countsweep answers with exact
fractions (``countsweep.rules.analyze_rules``), minesweepr with floats; every
answer is checked to agree within 1e-9.  Times are the best of ``--repeat``
calls each; the ratio is countsweep's time over minesweepr's.

minesweepr is Python 2 code: check it out and convert it outside this
repository (``python -m lib2to3 -w -n minesweeper.py minesweeper_util.py
util.py``, imports made absolute, and its priority queue given a tie-breaker, as
Python 3 cannot order two of its reductions) and give its directory:

    python -m benchmarks.rules --minesweepr DIR [--games 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from pathlib import Path

from benchmarks.common import best_time, machine, table
from benchmarks.results import Report, arguments
from countsweep.board import FLAG, HIDDEN, Board
from countsweep.play.game import Settings
from countsweep.play.generators import from_play
from countsweep.rules import OTHER, RuleSet, analyze_rules

SQUARE_BOARDS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
TOPOLOGY_BOARDS = {
    "torus 16x16/40": ("torus", 16, 16, 40),
    "hex 16x16/40": ("hex", 16, 16, 40),
    "3d 6x6x4/20": ("3d:4", 6, 24, 20),
    "knight 16x16/40": ("neighbourhood knight", 16, 16, 40),
    "cross 16x16/40": ("neighbourhood cross", 16, 16, 40),
}
AGREE = 1e-9


def peer(where: str):
    """minesweepr's two modules (``minesweeper``, ``minesweeper_util``) from its converted directory."""
    sys.path.insert(0, str(Path(where).resolve()))
    return importlib.import_module("minesweeper"), importlib.import_module("minesweeper_util")


def ascii_board(board: Board) -> str:
    """The board in minesweepr's own format: '.' an opened 0, digits, '*' a known mine, 'x' unknown."""
    chars = {HIDDEN: "x", FLAG: "*", 0: "."}
    return "\n".join("".join(chars.get(v, str(v)) for v in row) for row in board.grid)


def payload_of(board: Board) -> dict:
    """A rule per number over its hidden and flagged neighbours, and one per flag (any topology)."""
    def name(cell: tuple[int, int]) -> str:
        return f"{cell[0]}-{cell[1]}"

    rules = []
    for cell in board.number_cells:
        cells = [name(c) for c in board.neighbours(cell) if board[c] in (HIDDEN, FLAG)]
        if cells:
            rules.append({"num_mines": board[cell], "cells": cells})
    rules += [{"num_mines": 1, "cells": [name(c)]} for c in board.flag_cells]
    return {"rules": rules, "total_cells": len(board.hidden_cells) + len(board.flag_cells),
            "total_mines": board.mines}


def compare(doc: dict, mnsw, repeat: int) -> tuple[float, float, float, int]:
    """(countsweep s, minesweepr s, largest difference, cells) on one payload."""
    rules = RuleSet.from_payload(doc)
    theirs_rules = [mnsw.Rule(r["num_mines"], r["cells"]) for r in doc["rules"]]
    # a total, or a density: minesweepr takes the prior as a float (the payload's number, as written)
    prevalence = (mnsw.MineCount(doc["total_cells"], doc["total_mines"]) if "total_mines" in doc
                  else float(doc["mine_prob"]))
    ours = best_time(lambda: analyze_rules(rules), repeat)
    theirs = best_time(lambda: mnsw.solve(theirs_rules, prevalence, OTHER), repeat)
    answer = analyze_rules(rules)
    floats = mnsw.solve(theirs_rules, prevalence, OTHER)
    diff = max(abs(float(answer.probability(n)) - floats[n]) for n in rules.names)
    if answer.other is not None:
        diff = max(diff, abs(float(answer.other) - floats[OTHER]))
    return ours, theirs, diff, len(rules.names)


def compare_drawn(text: str, mines: int, util, mnsw, repeat: int) -> tuple[float, float, float, int]:
    """(countsweep s, minesweepr s, largest difference, cells) on one drawn board, each read by its own."""
    rules = RuleSet.from_payload({"board": text, "total_mines": mines})
    theirs_rules, prevalence = util.read_board(text, mines, everything_mode=True)  # what its API does
    ours = best_time(lambda: analyze_rules(RuleSet.from_payload({"board": text, "total_mines": mines})), repeat)
    theirs = best_time(lambda: mnsw.solve(*util.read_board(text, mines, everything_mode=True), OTHER), repeat)
    answer = analyze_rules(rules).to_dict()["probabilities"]
    floats = mnsw.solve(theirs_rules, prevalence, OTHER)
    if set(answer) != set(floats):
        raise SystemExit(f"countsweep and minesweepr name different cells on a drawn board: {text!r}")
    return ours, theirs, max(abs(answer[n] - floats[n]) for n in answer), len(rules.names)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minesweepr", required=True, help="directory of minesweepr converted to Python 3")
    ap.add_argument("--games", type=int, default=3, help="seeded greedy games per board to take positions from")
    ap.add_argument("--repeat", type=int, default=3, help="calls per payload; the best counts")
    ap.add_argument("--seed", type=int, default=2026)
    arguments(ap, "rules")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.rules", argv, args)
    mnsw, util = peer(args.minesweepr)
    report.print(f"machine: {machine()}; minesweepr at {args.minesweepr}; best of {args.repeat} calls")
    rows, worst = [], 0.0
    for name, (w, h, m) in SQUARE_BOARDS.items():
        docs = []
        drawn = [ascii_board(b) for b in from_play(Settings(w, h, m, "safe", "corner"), args.games, seed=args.seed)]
        for text in drawn:
            rules, prevalence = util.read_board(text, m)  # minesweepr's own reader
            docs.append({"rules": [{"num_mines": r.num_mines, "cells": sorted(r.cells)} for r in rules],
                         "total_cells": prevalence.total_cells, "total_mines": prevalence.total_mines})
        rows.append(_row(f"square {name} (its reader)", docs, mnsw, args.repeat))
        # the level's density in place of its total: each cell a mine with probability M / cells
        priors = [{**{k: v for k, v in d.items() if k != "total_mines"}, "mine_prob": round(m / (w * h), 6)}
                  for d in docs]
        rows.append(_row(f"square {name} (its reader, mine_prob)", priors, mnsw, args.repeat))
        rows.append(_rows_of(f"square {name} (drawn board)", [compare_drawn(t, m, util, mnsw, args.repeat)
                                                              for t in drawn]))
        worst = max(worst, rows[-2][-1], rows[-1][-1])
    for name, (spec, w, h, m) in TOPOLOGY_BOARDS.items():
        boards = from_play(Settings(w, h, m, "safe", "corner", topology=spec), args.games, seed=args.seed)
        rows.append(_row(name, [payload_of(b) for b in boards], mnsw, args.repeat))
        worst = max(worst, rows[-1][-1])
    report.print(table(("positions", "payloads", "named cells (median)", "countsweep ms (median)",
                 "minesweepr ms (median)", "median ratio", "max ratio", "largest difference"),
                [(*r[:-1], f"{r[-1]:.1e}") for r in rows]))
    if worst > AGREE:
        raise SystemExit(f"countsweep and minesweepr disagree by {worst:.3g} on some payload")
    report.finish()


def _row(name: str, docs: list[dict], mnsw, repeat: int) -> tuple:
    return _rows_of(name, [compare(d, mnsw, repeat) for d in docs])


def _rows_of(name: str, results: list[tuple[float, float, float, int]]) -> tuple:
    ratios = [o / t for o, t, _, _ in results]
    return (name, len(results), statistics.median(r[3] for r in results),
            f"{statistics.median(r[0] for r in results) * 1000:.3f}",
            f"{statistics.median(r[1] for r in results) * 1000:.3f}", f"{statistics.median(ratios):.3f}",
            f"{max(ratios):.3f}", max(r[2] for r in results))


if __name__ == "__main__":
    main()
