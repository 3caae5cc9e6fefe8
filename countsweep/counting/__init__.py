"""Exact model counting of cardinality formulas: the layer every answer rests on.

This subpackage knows nothing of boards, games or the command line; it imports
only :mod:`countsweep.errors` and its own modules, and the layers above import
it.  Its parts, bottom up:

* :mod:`~countsweep.counting.poly`: integer polynomials in the number of true
  variables (mines);
* :mod:`~countsweep.counting.formula`: :class:`Card` constraints, :class:`Formula`
  with projection, :class:`Counts` (what a backend returns);
* :mod:`~countsweep.counting.base`: the :class:`Backend` protocol and :class:`Limits`;
* the backends :mod:`~countsweep.counting.dpll` (the default),
  :mod:`~countsweep.counting.sdd` and :mod:`~countsweep.counting.brute`;
* :mod:`~countsweep.counting.registry`: backends by name, with their options.

>>> f = Formula(3, (Card((1, 2, 3), 1, 1),))
>>> get_backend("dpll").count(f).count
3
"""

from countsweep.counting.base import Backend, Limits
from countsweep.counting.formula import Card, Counts, Formula, clause
from countsweep.counting.poly import Poly
from countsweep.counting.registry import BACKENDS, DEFAULT_BACKEND, backend_names, get_backend

__all__ = [
    "BACKENDS",
    "DEFAULT_BACKEND",
    "Backend",
    "Card",
    "Counts",
    "Formula",
    "Limits",
    "Poly",
    "backend_names",
    "clause",
    "get_backend",
]
