"""Win rate by what the first click shows, from ``countsweep play --out`` records.

Each record names its game (seed, index and settings), so the game is dealt
again (``countsweep.play.runs.deal``), its first click opened, and the number it
shows read off the board; the agent is not run.  Under the classic rule the
corner click opens a region (shows 0) in about half the games; this splits the
win rate between those games and the ones that start with a guess.

    python -m experiments.first_click FILE [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

from benchmarks.common import machine, table
from countsweep.intervals import wilson
from countsweep.play.game import Settings
from countsweep.play.runs import deal


def shown(settings: Settings, seed: int, index: int) -> tuple[int, int]:
    """The number game ``index`` of ``seed`` shows at its first click, and the cells that click opens."""
    game, first, _ = deal(settings, seed, index)
    game.open(first)
    return game.view()[first], game.opened


def row(label: str, won: int, games: int) -> list[str]:
    lo, hi = wilson(won, games)
    return [label, str(games), str(won), f"{100 * won / games:.1f}%", f"[{100 * lo:.1f}%, {100 * hi:.1f}%]"]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="countsweep play --out records")
    args = ap.parse_args(argv)
    games: Counter[int] = Counter()
    won: Counter[int] = Counter()
    settings = set()
    opened: list[int] = []
    for name in args.files:
        if not Path(name).is_file():
            sys.exit(f"{name}: no such file")
        with open(name) as fh:
            for number, line in enumerate(fh, 1):
                try:
                    rec = json.loads(line)
                    run, index, w = rec["run"], rec["game"], rec["won"]
                    game = Settings(run["width"], run["height"], run["mines"], run["rule"], run["first"])
                    settings.add(f"{game.describe()}, agent {run['agent']}")
                except (ValueError, KeyError, TypeError):
                    sys.exit(f"{name}: line {number}: not a countsweep play --out record")
                k, cells = shown(game, run["seed"], index)
                games[k] += 1
                won[k] += w
                if k == 0:
                    opened.append(cells)
    if len(settings) != 1:
        sys.exit(f"the records are of {len(settings)} different settings: {'; '.join(sorted(settings))}")
    rows = [row(str(k), won[k], games[k]) for k in sorted(games)]
    if games[0] and len(games) > 1:
        rows.append(row("a number", sum(won.values()) - won[0], sum(games.values()) - games[0]))
    rows.append(row("all", sum(won.values()), sum(games.values())))
    print(f"{settings.pop()}; {sum(games.values())} games from {', '.join(args.files)} ({machine()})")
    print(table(["first click shows", "games", "won", "win rate", "95% CI"], rows))
    if opened:
        print(f"a first click that shows 0 opens {statistics.mean(opened):.1f} cells on average "
              f"(median {statistics.median(opened):g})")


if __name__ == "__main__":
    main()
