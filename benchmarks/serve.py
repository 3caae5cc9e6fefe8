"""Requests per second and latency of ``POST /api/analyze`` on expert positions from play, on localhost.

Starts ``countsweep serve`` with 1 and then 2 worker processes on a free port,
sends the positions a greedy agent met in seeded expert games from
``--clients`` concurrent clients for ``--seconds``, checks every answer against
the in-process oracle's, and prints requests per second with p50 and p99
latency.  The clients are raw sockets on kept-alive connections, lean enough
to leave the server most of a small machine.

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
from benchmarks.results import Report, arguments
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


def _request(body: str, port: int) -> bytes:
    data = body.encode()
    return (f"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n").encode() + data


def _response(conn: socket.socket, pending: bytearray) -> tuple[int, bytes]:
    """One HTTP/1.1 response off a kept-alive connection: its status and body (Content-Length framed)."""
    while b"\r\n\r\n" not in pending:
        chunk = conn.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        pending += chunk
    head, _, rest = bytes(pending).partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    fields = (line.partition(b":") for line in lines[1:])
    length = next(int(v) for k, _, v in fields if k.strip().lower() == b"content-length")
    body = bytearray(rest)
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        body += chunk
    pending[:] = body[length:]
    return status, bytes(body[:length])


def load(port: int, bodies: list[str], expected: list[dict], clients: int, seconds: float) -> list[float]:
    """Latencies of ``clients`` kept-alive connections sending ``bodies`` in turn for ``seconds``.

    The clients are lean (raw sockets, the requests encoded once) so that on a
    machine of few cores they leave the server its share; every answer is
    checked after the clock stops.
    """
    latencies: list[float] = []
    answers: list[tuple[int, int, bytes]] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    requests = [_request(b, port) for b in bodies]

    def client(k: int) -> None:
        mine, got = [], []
        with socket.create_connection(("127.0.0.1", port)) as conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            pending = bytearray()
            i = k
            while time.monotonic() < stop:
                start = time.perf_counter()
                conn.sendall(requests[i % len(requests)])
                status, body = _response(conn, pending)
                mine.append(time.perf_counter() - start)
                got.append((i % len(requests), status, body))
                i += clients
        with lock:
            latencies.extend(mine)
            answers.extend(got)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, status, body in answers:
        if status != 200 or json.loads(body)["exact"] != expected[i]["exact"]:
            raise SystemExit(f"wrong answer for position {i}: HTTP {status}")
    return latencies


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--workers", default="1,2")
    arguments(ap, "serve")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.serve", argv, args)
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
            load(port, bodies, expected, args.clients, min(2.0, args.seconds))  # warm every worker
            start = time.perf_counter()
            latencies = load(port, bodies, expected, args.clients, args.seconds)
            took = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(10)
        ms = sorted(1000 * x for x in latencies)
        rows.append([workers, args.clients, len(ms), f"{len(ms) / took:.0f}", f"{statistics.median(ms):.2f}",
                     f"{ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.2f}"])
    if len(rows) > 1:  # the docs quote what the last process count gains over the first
        report.figure("speedup", f"{float(rows[-1][3]) / float(rows[0][3]):.2f}")
        report.figure("p99_ms", f"{float(rows[-1][5]):.0f}")
    report.print(f"POST /api/analyze, {len(boards)} expert positions from {args.games} games of play, answers checked; "
          f"{machine()}")
    report.print(table(["server processes", "clients", "requests", "requests/s", "p50 ms", "p99 ms"], rows))
    report.finish()


if __name__ == "__main__":
    main()
