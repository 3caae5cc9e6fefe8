"""Games on a Dask cluster give the records one core gives: whole, resumed, or with a worker killed."""

from __future__ import annotations

import json
import os
import signal

import pytest

distributed = pytest.importorskip("distributed", reason="the [cluster] extra is not installed")
dask = pytest.importorskip("dask")

from countsweep.play.cluster import batch_size, batches  # noqa: E402
from countsweep.play.game import Settings  # noqa: E402
from countsweep.play.runs import run  # noqa: E402
from tests.cli_helpers import run as cli  # noqa: E402

SMALL = Settings(6, 6, 6, "safe", "corner")


def without_time(records) -> list[dict]:
    """Records by game, the wall-clock seconds left out (the only field that may differ)."""
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in records), key=lambda r: r["game"])


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.mark.parametrize("games, workers, size", [
    (10_000, 2, 50),   # a long run: the most games a task
    (100, 2, 12),      # a short one: four tasks or more a worker (100 // 8)
    (16, 2, 2), (7, 2, 1), (0, 2, 1),  # never none
    (100, 0, 25),      # a cluster that lists no worker counts as one
    (200, 1, 50), (199, 1, 49),
])
def test_a_batch_holds_at_most_fifty_games_and_leaves_four_tasks_a_worker(games, workers, size):
    assert batch_size(games, workers) == size
    if games:
        assert len(batches(list(range(games)), size)) >= min(4 * max(workers, 1), games)


def test_a_cluster_plays_the_records_one_core_plays(client):
    games = list(range(80))
    alone = without_time(run(SMALL, "best", 3, games, 1))
    assert without_time(run(SMALL, "best", 3, games, client=client, batch=7)) == alone
    assert len({r["game"] for r in alone}) == 80


def test_a_killed_worker_costs_time_not_records(client):
    settings = Settings(9, 9, 10, "safe", "corner")
    games = list(range(150))
    alone = without_time(run(settings, "greedy", 5, games, 1))
    pids = client.run(os.getpid)
    got = []
    for i, rec in enumerate(run(settings, "greedy", 5, games, client=client, batch=3)):
        got.append(rec)
        if i == 3:  # a few batches in: kill one worker process outright
            os.kill(next(iter(pids.values())), signal.SIGKILL)
    assert without_time(got) == alone


def test_a_graph_topology_goes_to_the_workers_with_the_games_not_through_its_file(client, tmp_path, monkeypatch):
    """The workers started elsewhere: the graph file the caller names relative to its own directory
    is not where they look, and they play on the graph the caller read."""
    names = [f"n{i}" for i in range(9)]
    (tmp_path / "ring.json").write_text(json.dumps({"nodes": names, "edges": [[names[i], names[(i + 1) % 9]]
                                                                              for i in range(9)]}))
    monkeypatch.chdir(tmp_path)
    settings = Settings(9, 1, 2, "safe", "corner", topology="graph ring.json")
    games = list(range(30))
    alone = without_time(run(settings, "best", 2, games, 1))
    assert client.run(os.getcwd) and all(d != str(tmp_path) for d in client.run(os.getcwd).values())
    assert without_time(run(settings, "best", 2, games, client=client, batch=4)) == alone
    assert {r["won"] for r in alone} == {True, False}  # the games are played, not all lost at the first click


def test_play_on_a_local_cluster_resumes_an_interrupted_file_without_counting_twice(tmp_path):
    out = tmp_path / "games.jsonl"
    args = ("play", "--size", "6x6x6", "--agent", "greedy", "--seed", "4", "--json")
    # a run cut short: the first 9 games written, one local process
    first = cli(*args, "--games", "9", "--out", str(out))
    assert first.exit_code == 0
    resumed = cli(*args, "--games", "40", "--out", str(out), "--cluster", "local:2", "--batch", "4")
    assert resumed.exit_code == 0, resumed.stderr
    summary = resumed.json()
    assert summary["games"] == 40 and summary["resumed"] == 9 and summary["workers"] == 2
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["game"] for r in lines) == list(range(40))
    alone = without_time(run(Settings(6, 6, 6, "safe", "corner"), "greedy", 4, list(range(40)), 1))
    assert without_time({k: v for k, v in r.items() if k != "run"} for r in lines) == alone
    assert all(r["run"] == lines[0]["run"] for r in lines)
    assert summary["wins"] == sum(r["won"] for r in alone)


@pytest.mark.parametrize(("address", "says"), [("local:0", "local:N"), ("nowhere", "tcp://HOST:PORT"),
                                                ("tcp://127.0.0.1:9", "no scheduler")])
def test_a_bad_cluster_address_exits_2_with_one_line(address, says):
    # a refused connection is tried again until Dask's connect timeout: one second here, not 30
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        r = cli("play", "--size", "4x4x2", "--games", "2", "--cluster", address)
    assert r.exit_code == 2 and says in r.stderr and r.stderr.count("\n") == 1, r.stderr

