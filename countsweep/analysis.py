"""What an analysis of a position answers, and the contract every implementation of it keeps.

:class:`Analysis` holds the exact answers for one position: the number of
layouts, every hidden cell's mine probability as a ``Fraction``, and the groups
of cells sharing one probability.  :class:`Analyzer` is the contract: given a
board, a clue model and limits, answer exactly, or decline.  countsweep has
two implementations, the pure-Python one (the reference) and the compiled
kernel's; :func:`countsweep.kernel.choose` says which answers, and the shared
test class in ``tests/test_implementations.py`` holds both to the same answers.

>>> from countsweep.oracle import analyze
>>> a = analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
>>> a.count, a.probability((1, 1)), a.levels[0]
(70, Fraction(2, 5), (Fraction(1, 10), 4))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import NamedTuple, Protocol

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.clues import ClueModel
from countsweep.counting import DEFAULT_BACKEND, Limits
from countsweep.counting.poly import decimal
from countsweep.errors import ParameterTypeError, shown


class Group(NamedTuple):
    """Hidden cells with one mine probability: ``mines / scale`` of the analysis, as ``probability``."""

    probability: Fraction
    cells: tuple[Cell, ...]
    mines: int


@dataclass(frozen=True)
class Analysis:
    """Exact answers for one position."""

    board: Board
    mines_known: bool
    count: int
    """Mine layouts consistent with the position (frontier assignments if the total is unknown)."""
    probabilities: dict[Cell, Fraction]
    """Mine probability of every hidden unflagged cell, row-major."""
    frontier: tuple[Cell, ...]
    sea: tuple[Cell, ...]
    components: int
    backend: str = field(default=DEFAULT_BACKEND, compare=False)
    """The backend that counted the components (answers are equal whichever it was)."""
    implementation: str = field(default="python", compare=False)
    """Which implementation answered: ``python`` (the reference) or ``kernel`` (:mod:`countsweep.kernel`)."""
    groups: tuple[Group, ...] = field(default=(), compare=False, repr=False)
    """Cells sharing one probability (a box, the sea): what the questions below read."""
    scale: int = field(default=1, compare=False, repr=False)
    """The common denominator of the groups' ``mines`` (the count, or twice it without a total)."""
    clue_model: str = "exact"
    """The clue model the numbers were read through (:mod:`countsweep.clues`)."""
    density: Fraction | None = None
    """The prior mine density, when one replaced the unknown total."""
    factors: tuple[tuple[Fraction, int], ...] = field(default=(), compare=False, repr=False)
    """:attr:`factor` as ``(fraction, power)`` pairs, multiplied out only when asked for: an agent
    reading probabilities never needs the product of hundreds of small fractions."""
    weighted: bool = False
    """Do layouts weigh differently (noisy clues or a density), so that :attr:`weight` replaces the count?"""
    sea_probability: Fraction | None = field(default=None, compare=False, repr=False)
    """The mine probability of any sea cell (one no number sees), or None when there is none."""

    @classmethod
    def of_fields(cls, **fields: object) -> Analysis:
        """An analysis from every one of its fields, by name, each taken as it is.

        The frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, a
        call per field: 2.6 us a position, more than a tenth of an analysis of play once the
        kernel answers.  Here the fields go into the instance's dict at once (0.3 us).

        >>> a = Analysis.of_fields(**{name: None for name in FIELDS})
        >>> a.count is None
        True
        >>> Analysis.of_fields(count=3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        countsweep.errors.ParameterTypeError: Analysis.of_fields: every field by name, 16 of them; missing [...]
        """
        if fields.keys() != FIELDS:
            raise ParameterTypeError(f"Analysis.of_fields: every field by name, {len(FIELDS)} of them; "
                                     f"missing {sorted(FIELDS - fields.keys())}, "
                                     f"unknown {sorted(fields.keys() - FIELDS)}")
        made = object.__new__(cls)
        made.__dict__.update(fields)
        return made

    @functools.cached_property
    def factor(self) -> Fraction:
        """``weight / count``: the scale a weighted count carries."""
        num = den = 1
        for f, times in self.factors:
            num, den = num * f.numerator ** times, den * f.denominator ** times
        return Fraction(num, den)

    @property
    def weight(self) -> Fraction:
        """The total weight of the layouts: :attr:`count` for exact clues, else the sum of their weights."""
        return self.count * self.factor

    @functools.cached_property
    def safe(self) -> tuple[Cell, ...]:
        """Hidden cells that are mine-free in every layout, row-major."""
        return tuple(sorted(c for g in self.groups if g.mines == 0 for c in g.cells))

    @functools.cached_property
    def mines_certain(self) -> tuple[Cell, ...]:
        """Hidden cells that are mines in every layout, row-major."""
        return tuple(sorted(c for g in self.groups if g.mines == self.scale for c in g.cells))

    @functools.cached_property
    def levels(self) -> tuple[tuple[Fraction, int], ...]:
        """The distinct probabilities, lowest first, each with how many cells have it.

        >>> from countsweep.oracle import analyze
        >>> analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????")).levels
        ((Fraction(1, 10), 4), (Fraction(8, 35), 7), (Fraction(3, 10), 2), (Fraction(2, 5), 1))
        """
        tally: dict[int, list] = {}  # integer numerators over one scale: cheap to hash and compare
        for g in self.groups:
            entry = tally.setdefault(g.mines, [g.probability, 0])
            entry[1] += len(g.cells)
        return tuple((p, n) for _, (p, n) in sorted(tally.items()))

    def probability(self, cell: Cell) -> Fraction | None:
        """Mine probability of any cell: 1 for a flag, ``None`` for a revealed number.

        A cell off the board is a :class:`~countsweep.errors.ParameterError` naming it.
        """
        v = self.board[cell]
        if v == FLAG:
            return Fraction(1)
        if v == HIDDEN:
            try:
                return self.probabilities[cell]
            except TypeError:  # a [row, col] list: the board reads it, a dict cannot
                self.board.check_cell(cell)
                raise
        return None

    def grid(self) -> list[list[Fraction | None]]:
        """:meth:`probability` of every cell, row by row."""
        b = self.board
        return [[self.probability((r, c)) for c in range(b.width)] for r in range(b.height)]

    def to_dict(self, exact: bool = False) -> dict:
        """The machine-readable answer ``countsweep count --json`` prints.

        Counts are decimal strings (they outgrow every JSON number type); each
        cell's probability is a float, 1.0 for a flag and ``None`` for a revealed
        number; with ``exact`` also ``exact``, the same grid as ``"num/den"``.

        >>> from countsweep.oracle import analyze
        >>> d = analyze(Board.from_text("3x1x1\\n?1?")).to_dict(exact=True)
        >>> d["count"], d["count_scope"], d["probabilities"], d["exact"]
        ('2', 'layouts', [[0.5, None, 0.5]], [['1/2', None, '1/2']])
        """
        grid = self.grid()
        total: dict[str, object] = {"count": decimal(self.count)}
        if self.weighted:  # an exact fraction, not a count of anything
            w = self.weight
            total = {"weight": f"{decimal(w.numerator)}/{decimal(w.denominator)}"}
        out: dict[str, object] = {
            "width": self.board.width,
            "height": self.board.height,
            "mines": self.board.mines,
            **total,
            "count_scope": "layouts" if self.mines_known or self.density is not None else "frontier",
            "clue_model": self.clue_model,
            "density": None if self.density is None else str(self.density),
            "backend": self.backend,
            "probabilities": [[None if p is None else float(p) for p in row] for row in grid],
            "safe": [list(c) for c in self.safe],
            "mines_certain": [list(c) for c in self.mines_certain],
            "frontier": len(self.frontier),
            "sea": len(self.sea),
            "components": self.components,
        }
        if exact:
            out["exact"] = [[None if p is None else f"{decimal(p.numerator)}/{decimal(p.denominator)}" for p in row]
                            for row in grid]
        return out


FIELDS = frozenset(f.name for f in fields(Analysis))
"""The names of :class:`Analysis`'s fields (what :meth:`Analysis.of_fields` takes)."""


class Analyzer(Protocol):
    """An implementation of "analyse a position": exact answers, or a decline.

    ``name`` is ``python`` or ``kernel``.  :meth:`analyze` returns the exact
    :class:`Analysis`, or ``None`` when the implementation declines the
    position (the other implementation then answers it); it raises
    :class:`~countsweep.errors.InconsistentError` when no layout fits and
    :class:`~countsweep.errors.LimitExceeded` at a limit.
    """

    name: str

    def analyze(self, board: Board, clues: ClueModel, limits: Limits) -> Analysis | None: ...


def checked_analysis(a: object) -> Analysis:
    """``a`` when it is an :class:`Analysis`; else the error every entry that draws or prints one gives."""
    if not isinstance(a, Analysis):
        raise ParameterTypeError(f"a: expected an Analysis (countsweep.analyze(board)), not {shown(a)}")
    return a
