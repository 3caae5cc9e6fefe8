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

:meth:`Limits.throughout` puts limits on a whole block of work that makes its
counts deep inside other code (an agent's move, a served request): every count
made in the block without limits of its own is made under them, one deadline
for the block.  It is a :mod:`contextvars` variable, so it covers the thread
(or task) that entered the block and no other.

>>> with Limits(timeout=60).throughout() as block:
...     limits_of(None) is block, block.deadline is not None
(True, True)
>>> limits_of(None).deadline is None
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from countsweep.counting.formula import Counts, Formula
from countsweep.errors import LimitExceeded, ParameterError, ParameterTypeError, shown

MAX_SECONDS = 1e9
"""The longest time limit (about 31 years): past it a deadline is no longer a number the clock can reach."""

_INF = float("inf")


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

    def __post_init__(self) -> None:
        for name in ("timeout", "deadline"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ParameterTypeError(f"Limits.{name}: seconds as a number, not {shown(value)}")
            # (NaN fails both; an int is compared exactly, never converted)
            if not (-_INF < value < _INF if name == "deadline" else 0 <= value <= MAX_SECONDS):
                raise ParameterError(f"Limits.{name}: {shown(value)} is not a number of seconds from 0 to "
                                     f"{MAX_SECONDS:.0e}")
        for name in ("max_cache", "max_memory"):
            value = getattr(self, name)
            if value is None:
                continue
            if type(value) is not int:
                raise ParameterTypeError(f"Limits.{name}: a whole number (an int), not {shown(value)}")
            if value < 1:
                raise ParameterError(f"Limits.{name}: {shown(value)} is not 1 or more")

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

    @contextmanager
    def throughout(self) -> Iterator[Limits]:
        """These limits, started on entry, for every count the block makes without limits of its own
        (yielded, started).  A served move or game runs under its request's time limit so: its agent
        makes a hundred counts, none of which is given limits, and past the deadline the next one
        raises, so the work stops instead of running on after the request was answered."""
        started = self.started()
        token = _THROUGHOUT.set(started)
        try:
            yield started
        finally:
            _THROUGHOUT.reset(token)

    def check(self, where: str = "") -> None:
        """Raise :class:`~countsweep.errors.LimitExceeded` if the deadline has passed."""
        if self.expired():
            raise LimitExceeded(f"time limit of {self.timeout:g} s reached" + (f" {where}" if where else ""))


_NO_LIMITS = Limits()  # frozen: one for every call given none (a position may take a thousand calls a second)
_THROUGHOUT: ContextVar[Limits] = ContextVar("countsweep_limits", default=_NO_LIMITS)


def limits_of(limits: object) -> Limits:
    """A ``limits`` argument checked and started: :class:`Limits`, or ``None`` for the block's
    (:meth:`Limits.throughout`), none outside one."""
    if limits is not None and not isinstance(limits, Limits):
        raise ParameterTypeError(f"limits: expected countsweep.Limits (e.g. Limits(timeout=10)) or None, "
                                 f"not {shown(limits, 60)}")
    return (limits or _THROUGHOUT.get()).started()


def arguments(formula: object, limits: object) -> Limits:
    """What every backend's ``count`` checks first: a :class:`Formula`, and :class:`Limits` or ``None``
    (returned as limits, started)."""
    if not isinstance(formula, Formula):
        raise ParameterTypeError(f"formula: expected a countsweep.counting.Formula, not {type(formula).__name__}")
    return limits_of(limits)


# pragma below: mutmut's trampolines would add attributes to the protocol, and then no counter is a Backend
@runtime_checkable
class Backend(Protocol):  # pragma: no mutate block
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
