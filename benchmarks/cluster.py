"""Games per second on one core, the local process pool, and a Dask cluster, on the same games.

The same games of the same seed are played three ways: in this process, by the
local pool of ``--workers`` processes (``play --workers``), and through a Dask
scheduler on a ``LocalCluster`` of as many worker processes (``play --cluster
local:N``); the records are checked to be the same.  A second table plays fast
games (beginner, greedy: a few milliseconds each) through the scheduler at
several batch sizes, which measures what the scheduler costs per task; from it
and the per-game time, what a bigger cluster can expect follows.

    pip install ".[cluster]"
    python -m benchmarks.cluster [--games 200] [--workers 2] [--level expert]
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.play.cluster import connect
from countsweep.play.game import LEVELS, Settings
from countsweep.play.runs import run


def timed_records(**kwargs) -> tuple[float, list[dict]]:
    start = time.perf_counter()
    records = list(run(**kwargs))
    return time.perf_counter() - start, sorted(
        ({k: v for k, v in r.items() if k != "seconds"} for r in records), key=lambda r: r["game"])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--level", default="expert", choices=tuple(LEVELS))
    ap.add_argument("--agent", default="best")
    ap.add_argument("--fast-games", type=int, default=2000, help="beginner greedy games for the batch table")
    ap.add_argument("--batches", default="1,5,20,50")
    arguments(ap, "cluster")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.cluster", argv, args)
    w, h, m = LEVELS[args.level]
    settings = Settings(w, h, m, "safe", "corner")
    games = list(range(args.games))
    common = {"settings": settings, "agent": args.agent, "seed": 1, "indices": games}
    rows = []
    one, reference = timed_records(**common, workers=1)
    rows.append(["this process (1 core)", one, args.games / one, 1.0])
    pool, records = timed_records(**common, workers=args.workers)
    assert records == reference, "the local pool played other games"
    rows.append([f"local pool, {args.workers} processes", pool, args.games / pool, one / pool])
    with connect(f"local:{args.workers}") as client:
        dask, records = timed_records(**common, workers=1, client=client)
        assert records == reference, "the cluster played other games"
        rows.append([f"Dask LocalCluster, {args.workers} workers", dask, args.games / dask, one / dask])
        fast = Settings(*LEVELS["beginner"], "safe", "corner")
        fast_games = list(range(args.fast_games))
        alone, _ = timed_records(settings=fast, agent="greedy", seed=1, indices=fast_games, workers=1)
        per_game = alone / args.fast_games
        batch_rows = []
        for size in (int(x) for x in args.batches.split(",")):
            took, _ = timed_records(settings=fast, agent="greedy", seed=1, indices=fast_games, workers=1,
                                    client=client, batch=size)
            tasks = -(-args.fast_games // size)
            # the ideal is the games' own time spread over the workers; the rest is overhead
            overhead = max(0.0, took - alone / args.workers) / tasks
            batch_rows.append([size, tasks, took, args.fast_games / took, 1000 * overhead])
    report.figure("one_core", f"{args.games / one:.0f}")
    report.figure("core_hours_10m", f"{1e7 / (args.games / one) / 3600:.0f}")  # ten million games at this rate
    report.figure("dask_speedup", f"{one / dask:.2f}")
    report.figure("task_overhead_ms", f"{statistics.median(row[-1] for row in batch_rows):.0f}")
    report.print(f"{settings.describe()}, agent {args.agent}, {args.games} games of seed 1; {machine()}")
    report.print(table(["how", "seconds", "games/s", "speed-up"], rows))
    report.print(f"\nbeginner, greedy, {args.fast_games} games ({1000 * per_game:.2f} ms a game on one core), "
          f"through the scheduler with {args.workers} workers")
    report.print(table(["games per task", "tasks", "seconds", "games/s", "overhead ms per task"], batch_rows))
    report.finish()


if __name__ == "__main__":
    main()
