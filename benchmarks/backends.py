"""dpll against sdd (and Ganak) on the corpus and the scaling families.

For each position: the dpll oracle's time; the SDD's compile time, size and the
time to answer from the compiled form; then lookahead queries ("the safest
cell is opened and shows k", for every possible k) answered by conditioning the
compiled SDD versus by a fresh dpll count of the new position.  Break-even is
the number of queries after which compiling once has paid for itself.

    python -m benchmarks.backends [--ganak-timeout 10]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.common import ganak, machine, table, timed
from benchmarks.results import Report, arguments
from countsweep.board import Board
from countsweep.compiled import CompiledPosition
from countsweep.errors import BoardError, InconsistentError
from countsweep.oracle import analyze
from countsweep.play.generators import band, corridor, midgame

CORPUS = Path(__file__).resolve().parent.parent / "cnf"


def positions(corpus_filter: str, families: set[str]) -> list[tuple[str, Board, str | None]]:
    manifest = json.loads((CORPUS / "manifest.json").read_text())["instances"]
    out = [(m["name"], Board.from_text((CORPUS / m["board"]).read_text()), str(CORPUS / m["cnf"]))
           for m in manifest if corpus_filter in m["name"]]
    if "band" in families:
        out += [(f"band-{n}", band(n, seed=n), None) for n in (50, 200)]
    if "corridor" in families:
        out += [(f"corridor-{n}", corridor(n, 0.3, seed=n), None) for n in (200, 1000)]
    if "dense" in families:
        out += [("dense-40x40", midgame(40, 40, 0.22, 0.6, seed=40), None)]
    return out


def lookahead_boards(board: Board, cell) -> list[tuple[int, Board]]:
    out = []
    for k in range(9):
        try:
            nb = board.reveal(cell, k)
            analyze(nb)
        except (InconsistentError, BoardError):
            continue
        out.append((k, nb))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ganak-timeout", type=float, default=10.0)
    ap.add_argument("--corpus", default="expert", help="corpus names containing this")
    ap.add_argument("--families", default="band,corridor,dense", help="generated positions to add ('' for none)")
    arguments(ap, "backends")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.backends", argv, args)
    report.print(f"machine: {machine()}")
    rows = []
    for name, board, cnf_path in positions(args.corpus, set(args.families.split(","))):
        t_dpll, a = timed(lambda b=board: analyze(b))
        t_compile, cp = timed(lambda b=board: CompiledPosition(b))
        t_query, a2 = timed(cp.analysis)
        assert a2 == a, name
        cell = min(a.probabilities, key=lambda c: (a.probabilities[c], c))
        looks = lookahead_boards(board, cell)
        q_sdd = q_dpll = 0.0
        for k, nb in looks:
            t, got = timed(lambda k=k, cp=cp, cell=cell: cp.condition(cell, shows=k).analysis())
            q_sdd += t
            t, want = timed(lambda nb=nb: analyze(nb))
            q_dpll += t
            assert got == want, (name, k)
        n = max(len(looks), 1)
        q_sdd, q_dpll = q_sdd / n, q_dpll / n
        gain = q_dpll - q_sdd
        even = f"{(t_compile + t_query) / gain:.0f}" if gain > 0 else "never"
        g = "-"
        if cnf_path:
            secs, _ = ganak(cnf_path, args.ganak_timeout)
            g = f"{secs:.3g}" if secs is not None else f"> {args.ganak_timeout:g}"
        rows.append((name, len(board.hidden()), f"{t_dpll * 1000:.1f}", f"{t_compile * 1000:.1f}",
                     cp.stats.size, f"{t_query * 1000:.1f}", f"{q_dpll * 1000:.1f}",
                     f"{q_sdd * 1000:.1f}", even, g))
    report.print(table(("position", "cells", "dpll ms", "sdd compile ms", "sdd size", "sdd count ms",
                 "query dpll ms", "query sdd ms", "break-even queries", "Ganak s"), rows))
    report.finish()


if __name__ == "__main__":
    main()
