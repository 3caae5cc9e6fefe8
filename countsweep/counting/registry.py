"""The backends by name, and the options each one takes.

>>> backend_names()
('dpll', 'sdd', 'brute', 'path')
>>> get_backend("sdd", vtree="balanced").vtree
'balanced'
>>> get_backend("dpll", vtree="balanced")
Traceback (most recent call last):
...
countsweep.errors.ParameterError: backend 'dpll' takes no option 'vtree'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from countsweep.counting.base import Backend
from countsweep.counting.brute import BruteCounter
from countsweep.counting.dpll import DpllCounter, PathCounter
from countsweep.counting.sdd import SddCounter
from countsweep.errors import ParameterError, ParameterTypeError, shown

BACKENDS: dict[str, Callable[..., Backend]] = {
    "dpll": DpllCounter,
    "sdd": SddCounter,
    "brute": BruteCounter,
    "path": PathCounter,
}
"""Each backend's constructor; its keyword arguments are the backend's options."""

DEFAULT_BACKEND = "dpll"
"""The backend the oracle uses unless told otherwise: fastest on positions from play."""


def backend_names() -> tuple[str, ...]:
    """The names :func:`get_backend` takes, the default first."""
    return tuple(BACKENDS)


def get_backend(name: str, **options: object) -> Backend:
    """A new backend ``name`` (``dpll``, ``sdd``, ``brute`` or ``path``) built with ``options``.

    ``sdd`` takes ``vtree`` (one of :data:`countsweep.counting.sdd.VTREES`) and
    ``minimize``; the others take none.
    """
    if not isinstance(name, str):
        raise ParameterTypeError(f"name: a backend's name ({', '.join(BACKENDS)}), not {shown(name)}")
    factory = BACKENDS.get(name)
    if factory is None:
        raise ParameterError(f"unknown backend {shown(name)}; choose from {', '.join(BACKENDS)}")
    if options:
        accepted = inspect.signature(factory).parameters
        for key in options:
            if key not in accepted:
                raise ParameterError(f"backend {shown(name)} takes no option {shown(key)}")
    return factory(**options)
