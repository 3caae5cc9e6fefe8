"""The counting-backend interface: what every backend takes, returns and obeys.

This module states the contract and imports no backend (the registry in
:mod:`countsweep.counting.registry` does that).  A backend takes a
:class:`~countsweep.counting.formula.Formula` and returns
:class:`~countsweep.counting.formula.Counts`: the number of projected models as
a polynomial in the number of true counted variables, and the same polynomial
for each counted variable being true.  The oracle never needs more than that,
so any backend can serve it; the test suite holds every backend to one shared
set of tests (``tests/test_backends.py``) and each against every other.

:class:`Limits` carries the user's bounds.  Its deadline is absolute: started
once per position (:meth:`Limits.started`), it covers every component and
every phase, not each component afresh.

>>> limits = Limits(timeout=60).started()
>>> limits.deadline is not None, limits.started() is limits
(True, True)
>>> Limits().expired()
False
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from countsweep.counting.formula import Counts, Formula
from countsweep.errors import LimitExceeded


@dataclass(frozen=True)
class Limits:
    """User-set bounds; past them a backend raises :class:`~countsweep.errors.LimitExceeded`.

    ``timeout`` is in seconds.  ``deadline`` is the :func:`time.monotonic` value
    at which the time runs out, set by :meth:`started`; ``max_cache`` bounds the
    entries a counter may cache; ``max_memory`` (bytes) refuses, before any
    work, a position whose estimated needs exceed it (its board's structures,
    and the count polynomials of its large components).
    """

    timeout: float | None = None
    max_cache: int | None = None
    max_memory: int | None = None
    deadline: float | None = None

    def started(self) -> Limits:
        """These limits with the clock running: a deadline ``timeout`` seconds from now.

        Limits already started are returned as they are, so a deadline set for
        a whole position is kept by every count made for it.
        """
        if self.timeout is None or self.deadline is not None:
            return self
        return replace(self, deadline=time.monotonic() + self.timeout)

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def check(self, where: str = "") -> None:
        """Raise :class:`~countsweep.errors.LimitExceeded` if the deadline has passed."""
        if self.expired():
            raise LimitExceeded(f"time limit of {self.timeout:g} s reached" + (f" {where}" if where else ""))


@runtime_checkable
class Backend(Protocol):
    """A model counter: ``count(formula, limits)`` returns exact :class:`Counts`."""

    name: str

    def count(self, formula: Formula, limits: Limits | None = None, *, plain: bool = False) -> Counts:
        """The projected models of ``formula`` by number of true counted variables, with marginals.

        With ``plain`` the caller needs only the values at ``x = 1`` (how many
        models, and in how many each variable is true), not how they split by
        the number of true variables: a backend may then collapse every
        polynomial to one coefficient, which is far cheaper where thousands of
        variables are free (each doubles the count).
        """
        ...
