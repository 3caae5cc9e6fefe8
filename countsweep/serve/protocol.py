"""The HTTP protocol ``countsweep serve`` runs: uvicorn's h11 protocol with Nagle's algorithm off.

With one process uvicorn lets asyncio create the listening socket, and asyncio
turns Nagle's algorithm off on every connection (``TCP_NODELAY``).  With
several processes uvicorn binds the socket itself, without naming the TCP
protocol, and asyncio then leaves every connection as it is: a response written
in two segments (headers, then body) waits for the client's acknowledgement of
the first, which the client delays by 40 ms.  Every request took 40 ms more
with two processes than with one, whatever the work (``benchmarks.serve``).
This protocol turns Nagle's algorithm off on each connection itself.
"""

from __future__ import annotations

import contextlib
import socket
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class NoDelayProtocol(H11Protocol):
    """uvicorn's h11 protocol; each connection's socket sends small writes at once."""

    def connection_made(self, transport: Any) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
