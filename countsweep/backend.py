"""The counting-backend interface and the registry of backends.

Every backend takes a :class:`~countsweep.formula.Formula` and returns
:class:`~countsweep.formula.Counts`: the count of projected models as a
polynomial in the number of true counted variables, and the same polynomial for
each counted variable being true.  The oracle never needs more than that, so any
backend can serve it; tests hold every backend against every other.

>>> from countsweep.formula import Card, Formula
>>> get_backend("dpll").count(Formula(3, (Card((1, 2, 3), 1, 1),))).count
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from countsweep.formula import Counts, Formula


@dataclass(frozen=True)
class Limits:
    """User-set bounds; a backend raises :class:`~countsweep.errors.LimitExceeded` past them."""

    timeout: float | None = None
    max_cache: int | None = None


class Backend(Protocol):
    name: str

    def count(self, formula: Formula, limits: Limits | None = None) -> Counts: ...


def backend_names() -> tuple[str, ...]:
    return ("dpll", "sdd", "brute")


def get_backend(name: str) -> Backend:
    """The backend called ``name`` (``dpll``, ``sdd`` or ``brute``)."""
    if name == "dpll":
        from countsweep.dpll import DpllCounter

        return DpllCounter()
    if name == "sdd":
        from countsweep.sdd import SddCounter

        return SddCounter()
    if name == "brute":
        from countsweep.brute import BruteCounter

        return BruteCounter()
    raise ValueError(f"unknown backend {name!r}; choose from {', '.join(backend_names())}")
