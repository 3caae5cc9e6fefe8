"""Running many games: seeded per game, parallel, resumable, with honest statistics.

Game ``i`` of a run with seed ``S`` draws everything (layout, first click if
random, tie-breaks) from a generator seeded by ``(S, i)`` alone, so results are
the same whatever the number of worker processes and whichever games a resumed
run still has to play.

>>> from countsweep.play.game import Settings
>>> small = Settings(4, 4, 3, "unsafe", "corner")
>>> s = summarize(small, [play_one(small, "greedy", 1, i) for i in range(20)], 1.0)
>>> s["games"], 0 <= s["ci_low"] <= s["win_rate"] <= s["ci_high"] <= 1
(20, True)
"""

from __future__ import annotations

import functools
import hashlib
import json
import multiprocessing
import random
import signal
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from countsweep.board import Cell
from countsweep.intervals import wilson
from countsweep.play.agents import make_agent, play_game
from countsweep.play.game import Game, Settings, first_cell
from countsweep.topology import Graph, give_graph


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"countsweep:{seed}:{index}").randrange(2**63)


def deal(settings: Settings, seed: int, index: int) -> tuple[Game, Cell, int]:
    """Game ``index`` of a run with ``seed``: the game, its first click, and the seed of the agent's tie-breaks."""
    s = game_seed(seed, index)
    game = Game(settings.width, settings.height, settings.mines, settings.rule, seed=s, clues=settings.clue_model,
                topology=settings.topology)
    return game, first_cell(settings, random.Random(s + 1)), s + 2


def play_one(settings: Settings, agent: str, seed: int, index: int) -> dict:
    game, first, agent_seed = deal(settings, seed, index)
    rec = play_game(game, make_agent(agent, settings.clue_model), first=first, seed=agent_seed)
    return {"game": index, "won": rec.won, "guesses": rec.guesses, "moves": rec.moves,
            "seconds": round(rec.seconds, 6)}


def play_batch(settings: Settings, agent: str, seed: int, indices: list[int], graph: Graph | None = None) -> list[dict]:
    """The records of games ``indices``: one task of a cluster run (:mod:`countsweep.play.cluster`).

    ``graph``: the graph of a ``graph FILE`` topology as the caller read it, played on without
    reading the file, which the worker's machine may not hold."""
    if graph is not None:
        give_graph(settings.topology, graph)
    return [play_one(settings, agent, seed, i) for i in indices]


def _play_star(args: tuple) -> dict:
    return play_one(*args)


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches the whole process group; the parent alone handles it, so a
    # worker finishes its game quietly instead of dying with a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(settings: Settings, agent: str, seed: int, indices: list[int],
        workers: int = 1, client: Any = None, batch: int | None = None) -> Iterator[dict]:
    """Records of the games ``indices``, in order, played by ``workers`` processes.

    With a Dask ``client`` (:mod:`countsweep.play.cluster`) the games are played
    on its cluster in batches of ``batch`` and come back in completion order; the
    records are the same.
    """
    if client is not None:
        from countsweep.play.cluster import run_on

        model = settings.topology_model  # a graph goes with the task: nothing is shared on disk
        graph = model if isinstance(model, Graph) else None
        yield from run_on(client, functools.partial(play_batch, settings, agent, seed, graph=graph), list(indices),
                          batch)
        return
    jobs = [(settings, agent, seed, i) for i in indices]
    if workers <= 1:
        yield from map(_play_star, jobs)
        return
    # a multiprocessing pool, not a ProcessPoolExecutor: on an early stop the games in
    # flight are dropped anyway, and terminate() stops the workers at once instead of
    # waiting for the queued games and for the executor's cancellations
    pool = multiprocessing.Pool(workers, initializer=_ignore_ctrl_c)
    try:
        yield from pool.imap(_play_star, jobs, chunksize=max(1, min(16, len(jobs) // (8 * workers))))
    finally:
        pool.terminate()
        pool.join()


def summarize(settings: Settings, records: list[dict], seconds: float, **extra) -> dict:
    n = len(records)
    wins = sum(r["won"] for r in records)
    lo, hi = wilson(wins, n)
    return {
        "games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci_low": lo, "ci_high": hi,
        "guesses_per_game": sum(r["guesses"] for r in records) / n if n else 0.0,
        "seconds": seconds, "games_per_second": n / seconds if seconds > 0 else 0.0,
        "settings": asdict(settings), **extra,
    }


@functools.cache
def code_version() -> str:
    """A digest of the package's modules: games played by other code belong to another run."""
    digest = hashlib.sha1()
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def fingerprint(settings: Settings, agent: str, seed: int) -> dict:
    """What identifies a run: records of another agent, configuration or code are not mixed in, nor
    those of another graph under the same file name (a graph's run names a digest of its graph)."""
    run = {**asdict(settings), "agent": agent, "config": make_agent(agent, settings.clue_model).config(), "seed": seed,
           "code": code_version()}
    model = settings.topology_model
    if isinstance(model, Graph):
        run["graph"] = hashlib.sha1(json.dumps(model.to_json(), sort_keys=True).encode()).hexdigest()[:12]
    return run
