"""Requests per second and latency of ``POST /api/analyze`` on expert positions from play, on localhost.

Starts ``countsweep serve`` with 1 and then 2 worker processes on a free port,
sends the positions a greedy agent met in seeded expert games from
``--clients`` concurrent clients for ``--seconds``, checks every answer against
the in-process oracle's, and prints requests per second with p50 and p99
latency.

    pip install ".[serve]"
    python -m benchmarks.serve [--games 5] [--seconds 10] [--clients 4] [--workers 1,2]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import threading
import time

import httpx

from benchmarks.common import machine, table
from countsweep.oracle import analyze
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/openapi.json", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit(f"the server at {url} did not start")


def load(url: str, bodies: list[str], expected: list[dict], clients: int, seconds: float) -> list[float]:
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(k: int) -> None:
        mine = []
        with httpx.Client(base_url=url, timeout=30) as http:
            i = k
            while time.monotonic() < stop:
                start = time.perf_counter()
                r = http.post("/api/analyze", content=bodies[i % len(bodies)],
                              headers={"content-type": "application/json"})
                mine.append(time.perf_counter() - start)
                if r.status_code != 200 or r.json()["exact"] != expected[i % len(bodies)]["exact"]:
                    raise SystemExit(f"wrong answer for position {i % len(bodies)}: {r.status_code}")
                i += clients
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args(argv)
    boards = from_play(Settings(*LEVELS["expert"], "safe", "corner"), args.games, seed=2026)
    bodies = [json.dumps({"board": b.to_text()}) for b in boards]
    expected = [analyze(b).to_dict(exact=True) for b in boards]
    rows = []
    for workers in (int(w) for w in args.workers.split(",")):
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "countsweep", "serve", "--port", str(port),
                                   "--workers", str(workers)], stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_up(url)
            load(url, bodies, expected, args.clients, min(2.0, args.seconds))  # warm every worker
            start = time.perf_counter()
            latencies = load(url, bodies, expected, args.clients, args.seconds)
            took = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(10)
        ms = sorted(1000 * x for x in latencies)
        rows.append([workers, args.clients, len(ms), f"{len(ms) / took:.0f}", f"{statistics.median(ms):.2f}",
                     f"{ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.2f}"])
    print(f"POST /api/analyze, {len(boards)} expert positions from {args.games} games of play, answers checked; "
          f"{machine()}")
    print(table(["server processes", "clients", "requests", "requests/s", "p50 ms", "p99 ms"], rows))


if __name__ == "__main__":
    main()
