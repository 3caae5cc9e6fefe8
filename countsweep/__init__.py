"""countsweep: exact Minesweeper model counting.

>>> from countsweep import Board, analyze
>>> a = analyze(Board.from_text("3x3x1\\n???\\n?1?\\n???"))
>>> a.count, a.probability((0, 0))
(8, Fraction(1, 8))
"""

from countsweep.backend import Limits, backend_names, get_backend
from countsweep.board import FLAG, HIDDEN, Board
from countsweep.errors import (
    BoardError,
    CountsweepError,
    InconsistentError,
    InputError,
    LimitExceeded,
    OverwriteRefused,
)
from countsweep.formula import Card, Counts, Formula
from countsweep.oracle import Analysis, analyze, count, probabilities

__version__ = "0.1.0"

__all__ = [
    "FLAG",
    "HIDDEN",
    "Analysis",
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
    "analyze",
    "backend_names",
    "count",
    "get_backend",
    "probabilities",
]
