"""Regenerate the cnf/ corpus: positions from seeded play and harder families.

Every instance is a DIMACS file projected on its cell variables, with the mine
total, in the default encoding; ``boards/`` holds the positions as board text
and ``manifest.json`` each instance's exact count (countsweep's oracle) and how
it was made.  Deterministic: the same command writes the same files.

    python cnf/make_corpus.py            # from the repository root
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from countsweep.board import Board
from countsweep.encode.cnf import DEFAULT_ENCODING, encode
from countsweep.encode.dimacs import render
from countsweep.oracle import analyze
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import band, corridor, from_play, midgame

ROOT = Path(__file__).resolve().parent
PER_SETTING = 4
FIRST = {"safe": "corner", "opening": "center"}


def guess_positions(settings: Settings, seed: int) -> list[Board]:
    """Mid-game positions where the greedy agent had to guess, one per game."""
    cells = settings.width * settings.height
    rng = random.Random(seed)

    def interesting(b: Board) -> bool:
        if not 0.2 * cells <= len(b.hidden()) <= 0.85 * cells:
            return False
        a = analyze(b)
        return not a.safe and len(a.frontier) >= 6

    found: list[Board] = []
    for game in range(400):
        hard = [b for b in from_play(settings, games=1, seed=seed * 1000 + game) if interesting(b)]
        if hard:
            found.append(rng.choice(hard))
        if len(found) == PER_SETTING:
            break
    return sorted(found, key=lambda b: len(b.hidden()))


def instances() -> list[tuple[str, Board, dict]]:
    out = []
    for level, (w, h, m) in LEVELS.items():
        for rule, first in FIRST.items():
            settings = Settings(w, h, m, rule, first)
            for i, b in enumerate(guess_positions(settings, seed=11)):
                out.append((f"{level}-{rule}-{i}", b, {
                    "family": "play", "level": level, "rule": rule, "first": first,
                    "made": "greedy play, position before a forced guess, seed 11"}))
    for n in (60, 200):
        out.append((f"band-{n}", band(n, seed=n), {
            "family": "band", "made": f"countsweep.play.generators.band({n}, seed={n})"}))
    out.append(("corridor-150", corridor(150, 0.3, seed=5), {
        "family": "corridor", "made": "countsweep.play.generators.corridor(150, 0.3, seed=5)"}))
    for w, h, d, f, s in ((30, 30, 0.20, 0.5, 1), (30, 30, 0.25, 0.7, 2)):
        out.append((f"midgame-{w}x{h}-{round(d * 100)}", midgame(w, h, d, f, seed=s), {
            "family": "midgame",
            "made": f"countsweep.play.generators.midgame({w}, {h}, {d}, {f}, seed={s})"}))
    return out


def main() -> None:
    (ROOT / "boards").mkdir(exist_ok=True)
    manifest = []
    for name, board, info in instances():
        a = analyze(board)
        enc = encode(board, DEFAULT_ENCODING)
        (ROOT / "boards" / f"{name}.txt").write_text(board.to_text() + "\n")
        (ROOT / f"{name}.cnf").write_text(render(enc, f"instance {name}: {info['made']}"))
        manifest.append({
            "name": name, "cnf": f"{name}.cnf", "board": f"boards/{name}.txt",
            "count": str(a.count), "digits": len(str(a.count)),
            "width": board.width, "height": board.height, "mines": board.mines,
            "hidden": len(board.hidden()), "frontier": len(a.frontier),
            "components": a.components, "encoding": enc.encoding,
            "vars": enc.num_vars, "clauses": len(enc.clauses), **info,
        })
        print(f"{name:<28} {len(board.hidden()):>5} hidden {enc.num_vars:>7} vars "
              f"{len(enc.clauses):>7} clauses  count has {len(str(a.count))} digits")
    (ROOT / "manifest.json").write_text(json.dumps({
        "about": "countsweep cnf corpus: exact counts of Minesweeper positions with the mine "
                 "total; count projected on the cell variables (c p show / c ind)",
        "regenerate": "python cnf/make_corpus.py",
        "instances": manifest}, indent=1) + "\n")


if __name__ == "__main__":
    main()
