"""Exact endgame search: layout sets with win counts against full-board states.

Collects the positions where the best agent had to guess with at most
``--layouts`` layouts left in seeded classic expert games, then finds the
best move in each two ways:

* ``endgame``: :class:`countsweep.play.endgame.Endgame`, a position as a bit set
  over its layouts, values as integer win counts;
* ``states``: the small-board solver of :mod:`countsweep.play.optimal` (a position
  as the whole board's state, memoised under the board's symmetries, values as
  fractions), given the same layouts; it stops at ``--max-states`` positions,
  the endgame search at its default 1000000.

Both must agree on the win probability wherever both finish.  The last two
columns say what the search is worth: how often the agent's other rules
(``endgame_layouts=0``) would open a different cell there, and the win
probability that cell gives up against the best one, summed over the positions
and divided by the games, in points of win rate.

    python -m benchmarks.endgame [--games 300] [--layouts 5000]
"""

from __future__ import annotations

import argparse
import random
import time
from contextlib import suppress
from fractions import Fraction

import countsweep.play.agents as agent_module
from benchmarks.common import machine, pct, table
from benchmarks.results import Report, arguments
from countsweep.errors import LimitExceeded
from countsweep.oracle import analyze
from countsweep.play.endgame import Endgame, enumerate_layouts
from countsweep.play.game import Game
from countsweep.play.optimal import Geometry, Solver, state_of


def positions(games: int, layouts: int) -> list:
    """Boards on which the best agent searched the endgame, from seeded expert games."""
    found = []
    search = agent_module.best_move

    def record(board, max_layouts, *limits):
        found.append(board)
        return search(board, max_layouts, *limits)

    agent_module.best_move = record
    try:
        for i in range(games):
            game = Game(30, 16, 99, "safe", seed=i)
            agent_module.play_game(game, agent_module.BestAgent(endgame_layouts=layouts), first=(0, 0), seed=i)
    finally:
        agent_module.best_move = search
    return found


def by_states(board, max_layouts: int, max_states: int) -> Fraction | None:
    """The position's optimal value by the full-board solver, or None past ``max_states``."""
    solver = Solver(Geometry(board.width, board.height), board.mines, max_states)
    try:
        return solver.value(state_of(board), enumerate_layouts(board, max_layouts))
    except LimitExceeded:
        return None


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--layouts", type=int, default=5000)
    ap.add_argument("--max-states", type=int, default=20_000)
    arguments(ap, "endgame")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.endgame", argv, args)
    boards = positions(args.games, args.layouts)
    bands = [(1, 150), (151, 1000), (1001, args.layouts)]
    rows = []
    agree = 0
    heuristic = agent_module.BestAgent(endgame_layouts=0)
    for lo, hi in bands:
        t_new, t_old, gave_up, new_gave_up = [], [], 0, 0
        differs, regret = 0, Fraction(0)
        for board in boards:
            n = len(enumerate_layouts(board, args.layouts))
            if not lo <= n <= hi:
                continue
            start = time.perf_counter()
            search = Endgame.of(board, args.layouts)
            try:
                new = search.best()
            except LimitExceeded:
                new = None
                new_gave_up += 1
            t_new.append(time.perf_counter() - start)
            if new is not None:
                other = heuristic.guess(analyze(board), random.Random(0)).cell
                with suppress(LimitExceeded):  # its value may need positions the best move did not
                    lost = new[1] - search.move_value(other)
                    differs += lost > 0
                    regret += lost
            start = time.perf_counter()
            old = by_states(board, args.layouts, args.max_states)
            t_old.append(time.perf_counter() - start)
            if old is None:
                gave_up += 1
            elif new is not None:
                assert new[1] == old, (board, new, old)
                agree += 1
        if t_new:
            rows.append((f"{lo}-{hi}", len(t_new), f"{pct(t_new, 0.5) * 1000:.1f}", f"{max(t_new) * 1000:.0f}",
                         f"{pct(t_old, 0.5) * 1000:.1f}", f"{max(t_old) * 1000:.0f}",
                         f"{sum(t_old) / sum(t_new):.0f}x", new_gave_up, gave_up,
                         differs, f"{float(regret) * 100 / args.games:.2f}"))
    for key, row in zip(("small", "middle", "large"), rows, strict=False):  # what the prose quotes, per bucket
        report.figure(f"{key}_ratio", str(row[6]))
        report.figure(f"{key}_positions", str(row[1]))
        report.figure(f"{key}_gave_up", str(row[7]))
        report.figure(f"{key}_worse", str(row[9]))
        report.figure(f"{key}_points", str(row[10]))
    report.figure("agree", str(agree))
    report.print(f"machine: {machine()}; {len(boards)} positions from {args.games} classic expert games "
          f"(seed = game index); states solver limited to {args.max_states} positions")
    report.print(table(("layouts", "positions", "endgame median ms", "max ms", "states median ms", "max ms",
                 "total time ratio", "endgame gave up", "states gave up",
                 "other rules' move worse", "points lost by it"), rows))
    report.print(f"same win probability on all {agree} positions both finished")
    report.finish()


if __name__ == "__main__":
    main()
