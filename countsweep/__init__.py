"""countsweep: exact Minesweeper model counting.

>>> from countsweep import Board, analyze
>>> a = analyze(Board.from_text("3x3x1\\n???\\n?1?\\n???"))
>>> a.count, a.probability((0, 0))
(8, Fraction(1, 8))

The layers, bottom up (each imports only those below it):
:mod:`countsweep.errors`; :mod:`countsweep.counting` (polynomials, formulas,
backends); :mod:`countsweep.board` and :mod:`countsweep.constraints`;
:mod:`countsweep.encode` (CNF, DIMACS, SAT); :mod:`countsweep.oracle` and
:mod:`countsweep.compiled`; :mod:`countsweep.play`; then
:mod:`countsweep.render`, :mod:`countsweep.plot` and :mod:`countsweep.cli`.
"""

from importlib import metadata as _metadata

from countsweep import _moved
from countsweep.board import FLAG, HIDDEN, Board
from countsweep.counting import Backend, Card, Counts, Formula, Limits, backend_names, get_backend
from countsweep.errors import (
    BoardError,
    CountsweepError,
    InconsistentError,
    InputError,
    LimitExceeded,
    OverwriteRefused,
    ParameterError,
    ParameterTypeError,
)
from countsweep.oracle import Analysis, analyze, count, probabilities

try:
    __version__ = _metadata.version("countsweep")
except _metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

_moved.install()

__all__ = [
    "FLAG",
    "HIDDEN",
    "Analysis",
    "Backend",
    "Board",
    "BoardError",
    "Card",
    "Counts",
    "CountsweepError",
    "Formula",
    "InconsistentError",
    "InputError",
    "LimitExceeded",
    "Limits",
    "OverwriteRefused",
    "ParameterError",
    "ParameterTypeError",
    "analyze",
    "backend_names",
    "count",
    "get_backend",
    "probabilities",
]
