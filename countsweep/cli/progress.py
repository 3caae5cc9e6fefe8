"""A one-line progress display for long runs: on a terminal only, never in pipes or logs.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress(total=10, label="9x9x10 safe", stream=out, enabled=True, every=0)
>>> bar.update(done=4, wins=3)
>>> bar.close()
>>> out.getvalue().strip().split(", ")[:2]
['9x9x10 safe: 4/10 games', 'win 75.0%']
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Games done of ``total``, the win rate so far and games per second, redrawn in place."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, enabled: bool | None = None,
                 every: float = 0.2) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.every = every
        self.start = time.perf_counter()
        self.shown: float | None = None  # when the line was last drawn; the first update always draws
        self.first: int | None = None
        self.drawn = False

    def update(self, done: int, wins: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.first is None:
            self.first = done - 1  # games resumed from a file do not count towards the rate
        if self.shown is not None and now - self.shown < self.every and done < self.total:
            return
        self.shown = now
        rate = (done - self.first) / (now - self.start) if now > self.start else 0.0
        win = f"{wins / done:.1%}" if done else "-"
        self.stream.write(f"\r{self.label}: {done}/{self.total} games, win {win}, {rate:.1f} games/s ")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
