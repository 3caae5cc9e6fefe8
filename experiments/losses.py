"""Where the agents lose: the risk of every guess, by how much of the board is left.

Each guess is opened with the mine probability the agent computed for it, so
the sum of those probabilities over a game is its expected number of deaths
and, summed over games, it matches the losses.  The table splits that sum by
the number of hidden cells when the guess was made, and shows how much of it
came from guesses at 45% or more (nearly always forced 50/50s).  A second
table splits it by the rule that chose each guess (:data:`countsweep.play.agents.GUESS_RULES`).

    python -m experiments.losses [--games 1000] [--rule safe] [--agents greedy,best]
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from benchmarks.agents import settings_for
from benchmarks.common import cluster, machine, table
from countsweep.play.agents import GUESS_RULES, make_agent, play_game
from countsweep.play.runs import deal

BANDS = ((400, 480), (300, 399), (200, 299), (100, 199), (50, 99), (0, 49))


PHASES = (("more than 400 hidden", 401, 480), ("50-400", 50, 400), ("fewer than 50", 0, 49))


def guesses(args: tuple[str, str, int]) -> tuple[list[tuple[int, float, str]], bool]:
    """(hidden cells, mine probability, rule) of each guess in game ``i`` of seed 1, and whether it was won."""
    agent, rule, i = args
    game, first, agent_seed = deal(settings_for("expert", rule), 1, i)
    out: list[tuple[int, float, str]] = []

    def trace(board, move) -> None:
        if move.guess:
            out.append((len(board.hidden()), float(move.probability), move.rule))

    rec = play_game(game, make_agent(agent), first=first, seed=agent_seed, trace=trace)
    return out, rec.won


def guesses_batch(agent: str, rule: str, indices: list[int]) -> list[tuple[list[tuple[int, float, str]], bool]]:
    """:func:`guesses` for a batch of games: one task of a cluster run."""
    return [guesses((agent, rule, i)) for i in indices]


def played(agent: str, rule: str, games: int, workers: int, client: object) -> list:
    """Every game's guesses and outcome, in game order, on the local pool or on ``client``'s cluster."""
    if client is None:
        with ProcessPoolExecutor(workers) as ex:
            return list(ex.map(guesses, [(agent, rule, i) for i in range(games)], chunksize=8))
    import functools

    from countsweep.play.cluster import run_on

    # run_on yields each batch's items as the batch completes; the batch keeps its games' order
    task = functools.partial(_indexed_batch, agent, rule)
    found = dict(run_on(client, task, list(range(games))))
    return [found[i] for i in range(games)]


def _indexed_batch(agent: str, rule: str, indices: list[int]) -> list[tuple[int, tuple]]:
    return list(zip(indices, guesses_batch(agent, rule, indices), strict=True))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rule", default="safe", choices=("safe", "opening"))
    ap.add_argument("--agents", default="greedy,best")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cluster", default=None, help="play on a Dask cluster: tcp://HOST:PORT or local:N")
    args = ap.parse_args(argv)
    rows, by_rule = [], []
    with cluster(args.cluster) as client:
        results = {agent: played(agent, args.rule, args.games, args.workers, client)
                   for agent in args.agents.split(",")}
    for agent, games in results.items():
        every = [g for gs, _ in games for g in gs]
        losses = sum(not won for _, won in games)
        for lo, hi in BANDS:
            risks = [p for hidden, p, _ in every if lo <= hidden <= hi]
            rows.append((agent, f"{lo}-{hi}", len(risks), f"{sum(risks):.1f}",
                         f"{sum(p for p in risks if p >= 0.45):.1f}"))
        rows.append((agent, "all", len(every), f"{sum(p for _, p, _ in every):.1f}", f"{losses} lost"))
        for name in GUESS_RULES:
            mine = [(hidden, p) for hidden, p, r in every if r == name]
            if mine:
                by_rule.append((agent, name, len(mine), f"{sum(p for _, p in mine):.1f}",
                                *(f"{sum(p for hidden, p in mine if lo <= hidden <= hi):.1f}"
                                  for _, lo, hi in PHASES)))
    print(f"machine: {machine()}; expert, rule {args.rule}, first click {settings_for('expert', args.rule).first}, "
          f"games 0..{args.games - 1} of seed 1")
    print(table(("agent", "hidden cells", "guesses", "expected deaths", "from guesses >= 45%"), rows))
    print()
    print(table(("agent", "guess rule", "guesses", "expected deaths", *(name for name, _, _ in PHASES)), by_rule))


if __name__ == "__main__":
    main()
