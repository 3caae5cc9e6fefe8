"""Where the agents lose: the risk of every guess, by how much of the board is left.

Each guess is opened with the mine probability the agent computed for it, so
the sum of those probabilities over a game is its expected number of deaths
and, summed over games, it matches the losses.  The table splits that sum by
the number of hidden cells when the guess was made, and shows how much of it
came from guesses at 45% or more (nearly always forced 50/50s).

    python benchmarks/losses.py [--games 1000] [--rule safe] [--agents greedy,best]
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import machine, table

from countsweep.agent import make_agent, play_game
from countsweep.game import LEVELS, Game, Settings, first_cell
from countsweep.play import game_seed

BANDS = ((400, 480), (300, 399), (200, 299), (100, 199), (50, 99), (0, 49))
FIRST = {"safe": "corner", "opening": "3,3"}


def guesses(args: tuple[str, str, int]) -> tuple[list[tuple[int, float]], bool]:
    """(hidden cells, mine probability) of each guess in game ``i`` of seed 1, and whether it was won."""
    agent, rule, i = args
    w, h, m = LEVELS["expert"]
    s = game_seed(1, i)
    out: list[tuple[int, float]] = []

    def trace(board, move) -> None:
        if move.guess:
            out.append((len(board.hidden()), float(move.probability)))

    rec = play_game(Game(w, h, m, rule, seed=s), make_agent(agent),
                    first=first_cell(Settings(w, h, m, rule, FIRST[rule]), random.Random(s + 1)),
                    seed=s + 2, trace=trace)
    return out, rec.won


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rule", default="safe", choices=sorted(FIRST))
    ap.add_argument("--agents", default="greedy,best")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    rows = []
    for agent in args.agents.split(","):
        with ProcessPoolExecutor(args.workers) as ex:
            games = list(ex.map(guesses, [(agent, args.rule, i) for i in range(args.games)], chunksize=8))
        losses = sum(not won for _, won in games)
        for lo, hi in BANDS:
            risks = [p for gs, _ in games for hidden, p in gs if lo <= hidden <= hi]
            rows.append((agent, f"{lo}-{hi}", len(risks), f"{sum(risks):.1f}",
                         f"{sum(p for p in risks if p >= 0.45):.1f}"))
        total = sum(p for gs, _ in games for _, p in gs)
        rows.append((agent, "all", sum(len(gs) for gs, _ in games), f"{total:.1f}", f"{losses} lost"))
    print(f"machine: {machine()}; expert, rule {args.rule}, first click {FIRST[args.rule]}, "
          f"games 0..{args.games - 1} of seed 1")
    print(table(("agent", "hidden cells", "guesses", "expected deaths", "from guesses >= 45%"), rows))


if __name__ == "__main__":
    main()
