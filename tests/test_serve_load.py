"""The server under load and abuse: a real ``countsweep serve`` on localhost, two processes.

A bounded, self-stopping load test: concurrent clients send good positions,
bodies over the limit (declared, chunked, gzip-compressed), malformed bodies,
and clients that dribble their body or stop sending; every answer has its
documented status, no client holds a worker past the request time limit, and
the server still answers when they are done.  Also the body limit on chunked
uploads in process, and Nagle's algorithm off on each connection (what made
two processes 8x slower than one).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
httpx = pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient  # noqa: E402

from countsweep.serve import Config, create_app  # noqa: E402

THESIS = "4x4x3\n1???\n????\n??2?\n????\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chunked(body: bytes, size: int = 50):
    for i in range(0, len(body), size):
        yield body[i:i + size]


def test_a_chunked_body_over_the_limit_is_413_in_process():
    client = TestClient(create_app(Config(timeout=3, max_body=200)))
    body = json.dumps({"board": THESIS + "#" * 300}).encode()
    r = client.post("/api/analyze", content=chunked(body), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over the limit of 200" in r.json()["error"]
    small = json.dumps({"board": THESIS}).encode()
    ok = client.post("/api/analyze", content=chunked(small), headers={"content-type": "application/json"})
    assert ok.status_code == 200 and ok.json()["count"] == "70"
    bad = client.post("/api/analyze", content=small, headers={"content-type": "application/json",
                                                              "content-length": "12x"})
    assert bad.status_code in (400, 413)


def test_each_connection_sends_small_writes_at_once():
    from uvicorn.config import Config as UvicornConfig
    from uvicorn.server import ServerState

    from countsweep.serve.protocol import NoDelayProtocol

    class Transport:
        def __init__(self, sock: socket.socket) -> None:
            self.sock = sock

        def get_extra_info(self, name: str, default=None):
            return {"socket": self.sock, "peername": ("127.0.0.1", 1), "sockname": ("127.0.0.1", 2)}.get(name,
                                                                                                     default)

        def is_closing(self) -> bool:
            return False

        def pause_reading(self) -> None: ...

        def resume_reading(self) -> None: ...

    config = UvicornConfig(app=lambda scope, receive, send: None, http=NoDelayProtocol)
    config.load()
    loop = asyncio.new_event_loop()  # its own: another test's asyncio.run may have left none current
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:  # proto 0: what uvicorn's workers get
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
            protocol = NoDelayProtocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)
            protocol.connection_made(Transport(sock))
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
            protocol.timeout_keep_alive_task and protocol.timeout_keep_alive_task.cancel()
    finally:
        loop.close()


@pytest.fixture(scope="module")
def server():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "countsweep", "serve", "--port", str(port), "--workers", "2",
                             "--timeout", "2", "--max-body", "3000"], stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/openapi.json", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("the server did not start: " + proc.stderr.read().decode()[-500:])
    yield url, port
    proc.terminate()
    proc.wait(15)


def dribble(port: int, body: bytes, pause: float, stop_after: int | None = None) -> bytes:
    """Send a request whose body arrives a byte at a time (or stops), and read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as s:
        s.sendall(f"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(body)}\r\n\r\n".encode())
        for i, b in enumerate(body):
            if stop_after is not None and i >= stop_after:
                break
            try:
                s.sendall(bytes([b]))
            except OSError:
                break
            time.sleep(pause)
        s.settimeout(15)
        answer = b""
        try:
            while b"\r\n\r\n" not in answer:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
        return answer


@pytest.mark.long
def test_the_server_holds_its_limits_under_load_and_still_answers(server):
    url, port = server
    good = json.dumps({"board": THESIS})
    statuses: dict[str, list[int]] = {}
    lock = threading.Lock()
    stop = time.monotonic() + 4

    def note(kind: str, status: int) -> None:
        with lock:
            statuses.setdefault(kind, []).append(status)

    def client(kind: str) -> None:
        with httpx.Client(base_url=url, timeout=15) as http:
            while time.monotonic() < stop:
                if kind == "good":
                    r = http.post("/api/analyze", content=good, headers={"content-type": "application/json"})
                    assert r.status_code != 200 or r.json()["count"] == "70"
                elif kind == "oversize":
                    r = http.post("/api/analyze", content=json.dumps({"board": THESIS + "#" * 5000}),
                                  headers={"content-type": "application/json"})
                elif kind == "chunked":
                    r = http.post("/api/analyze", content=chunked(json.dumps({"board": THESIS + "#" * 5000}).encode()),
                                  headers={"content-type": "application/json"})
                elif kind == "gzip":
                    r = http.post("/api/analyze", content=gzip.compress(b"{" * 20000),
                                  headers={"content-type": "application/json", "content-encoding": "gzip"})
                else:
                    r = http.post("/api/analyze", content='{"board": 3', headers={"content-type": "application/json"})
                note(kind, r.status_code)

    slow = {}

    def slow_client(name: str, stop_after: int | None) -> None:
        started = time.monotonic()
        answer = dribble(port, good.encode(), 0.2, stop_after)
        slow[name] = (answer.split(b" ", 2)[1:2], time.monotonic() - started)

    threads = [threading.Thread(target=client, args=(k,)) for k in
               ("good", "good", "oversize", "chunked", "gzip", "malformed")]
    threads += [threading.Thread(target=slow_client, args=("dribbles", None)),
                threading.Thread(target=slow_client, args=("stops", 5))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    assert set(statuses["good"]) == {200} and len(statuses["good"]) > 20
    assert set(statuses["oversize"]) == {413} and set(statuses["chunked"]) == {413}
    assert set(statuses["gzip"]) <= {400, 413} and set(statuses["malformed"]) == {400}
    for name in ("dribbles", "stops"):  # answered 408 (or cut) at the time limit, not held open
        status, took = slow[name]
        assert status in ([b"408"], []) and took < 2 + 8, (name, status, took)
    after = httpx.post(url + "/api/analyze", json={"board": THESIS}, timeout=10)
    assert after.status_code == 200 and after.json()["count"] == "70"
