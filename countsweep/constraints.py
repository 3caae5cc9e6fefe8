"""From a board to linear equations: the frontier, the sea and independent components.

Every revealed number gives one equation: the mines among its hidden unflagged
neighbours equal the number minus its flagged neighbours.  Hidden cells in some
equation form the *frontier*; the rest are the *sea*, constrained only by the mine
total.  Equations sharing no cell are independent: each *component* is counted on
its own and the oracle combines them.

Under a noisy clue model (:mod:`countsweep.clues`) a number does not fix the
sum: it weighs each sum its neighbours could hold by the likelihood of showing
this number, and the equation becomes a weighted one (integer weights, the
common scale kept in :attr:`Constraints.factor`).  A number that allows one sum
only stays an ordinary equation, and one that weighs every sum alike says
nothing and becomes a factor.

>>> from countsweep.board import Board
>>> model = Constraints.of(Board.from_text("4x4x3\\n1???\\n???1\\n????\\n????"))
>>> [len(c.cells) for c in model.components], len(model.sea), model.mines_left
([3, 5], 6, 3)
>>> from countsweep.clues import UNDER
>>> noisy = Constraints.of(Board.from_text("3x3\\n???\\n?2?\\n???"), UNDER)
>>> noisy.equations[0].value, noisy.equations[0].weights, noisy.factor  # 2..8 mines, L = 1/n
(2, (420, 280, 210, 168, 140, 120, 105), Fraction(1, 840))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from countsweep.board import FLAG, HIDDEN, Board, Cell, checked_board
from countsweep.clues import EXACT, ClueModel, clue_model
from countsweep.counting.formula import Card, Formula
from countsweep.errors import InconsistentError, shown


@dataclass(frozen=True)
class Equation:
    """``sum(mine at c for c in cells) == value``, from the number at ``source``.

    A weighted equation (``weights`` not ``None``) allows the sums
    ``value .. value + len(weights) - 1`` instead, sum ``s`` weighing
    ``weights[s - value]``.  A range (``upper`` not ``None``, a rule's
    ``min_mines``..``max_mines``) allows every sum ``value .. upper``, each
    weighing 1.
    """

    cells: tuple[Cell, ...]
    value: int
    source: Cell
    weights: tuple[int, ...] | None = None
    upper: int | None = None

    @property
    def hi(self) -> int:
        """The largest sum allowed."""
        if self.weights is not None:
            return self.value + len(self.weights) - 1
        return self.value if self.upper is None else self.upper

    def card(self, lits: tuple[int, ...]) -> Card:
        """The equation over variables ``lits`` (its cells or their boxes)."""
        return Card(lits, self.value, self.hi, self.weights)


@dataclass(frozen=True)
class Component:
    """Cells linked by shared equations, and their boxes.

    A *box* is a set of cells that exactly the same equations see: only how many
    of its cells are mines can matter, so the component is counted over boxes.
    ``cells`` and each box are row-major; boxes are ordered by their first cell.
    """

    cells: tuple[Cell, ...]
    equations: tuple[Equation, ...]
    boxes: tuple[tuple[Cell, ...], ...] = ()

    def formula(self, boxes: bool = True) -> Formula:
        """The component as a formula: box ``i`` is variable ``i + 1`` (or, with ``boxes=False``, cell ``i``).

        Sizes are left out (plain variables) when every box holds one cell.
        """
        groups = self.boxes if boxes else tuple((c,) for c in self.cells)
        var = {cell: i for i, group in enumerate(groups, 1) for cell in group}
        constraints = tuple(eq.card(tuple(dict.fromkeys(var[c] for c in eq.cells))) for eq in self.equations)
        sizes = tuple(len(g) for g in groups) if any(len(g) > 1 for g in groups) else None
        return Formula(len(groups), constraints, sizes=sizes)


def equations(board: Board, clues: ClueModel = EXACT) -> tuple[list[Equation], Fraction]:
    """One equation per revealed number with hidden neighbours, and the factor the model's weights leave.

    Raises :class:`~countsweep.errors.InconsistentError` for a number no true
    number around it could show.
    """
    checked_board(board)
    clue_model(clues)
    out = []
    # the factor's numerator and denominator apart: a Fraction per number would reduce thousands of times
    num = den = 1
    memo = None if clues.exact else _memo(clues)
    grid, height, width, topology = board.grid, board.height, board.width, board.topology
    for cell in board.number_cells:
        hidden = []
        flags = 0
        around = topology.neighbours(cell, height, width)
        for n in around:
            v = grid[n[0]][n[1]]
            if v == HIDDEN:
                hidden.append(n)
            elif v == FLAG:
                flags += 1
        if memo is not None:
            key = (grid[cell[0]][cell[1]], flags, len(hidden), len(around))
            reading = memo[key] if key in memo else memo.setdefault(key, _reading(clues, *key))
            if reading is None:
                raise InconsistentError(
                    f"{board.where(cell)}: shows {key[0]}, which the {clues.name} clue model never shows "
                    f"for the {flags} to {flags + len(hidden)} mines its neighbours can hold")
            lo, weights, f = reading
            if f != 1:
                num, den = num * f.numerator, den * f.denominator
            if lo >= 0 and hidden:
                out.append(Equation(tuple(hidden), lo, cell, weights))
            continue
        value = grid[cell[0]][cell[1]] - flags
        if value < 0:
            raise InconsistentError(
                f"{board.where(cell)}: shows {board[cell]} but has {flags} flagged neighbours"
            )
        if value > len(hidden):
            raise InconsistentError(
                f"{board.where(cell)}: shows {board[cell]} but only {flags} flagged and "
                f"{len(hidden)} hidden neighbours could hold mines"
            )
        if hidden:
            out.append(Equation(tuple(hidden), value, cell))
    return out, Fraction(num, den)


_HELD: dict[tuple[str, int], tuple[ClueModel, Any]] = {}


def _held(what: str, clues: ClueModel, make: Callable[[], Any]) -> Any:
    """``what`` worked out once per clue model, keyed by the model's identity: hashing a table
    model (81 fractions) per number would cost more than the reading."""
    key = (what, id(clues))
    held = _HELD.get(key)
    if held is None or held[0] is not clues:
        if len(_HELD) > 128:
            _HELD.clear()
        held = _HELD[key] = (clues, make())
    return held[1]


def _memo(clues: ClueModel) -> dict:
    """The readings already worked out under ``clues``, filled as numbers come."""
    return _held("memo", clues, dict)


class Readings(dict):
    """Readings under one clue model, by key, worked out as numbers ask for them.

    ``key = ((shown * base + flags) * base + hidden) * base + neighbours``, with
    ``base`` one more than the most neighbours a cell of the topology has; the
    value is ``None`` when no sum is possible, ``(-1,)`` when every sum weighs
    alike, ``(lo,)`` for one sum, and ``(lo, w0, w1, ...)`` for weighted sums
    (see :func:`_reading`).  :attr:`factors` holds the scale each reading leaves.
    The compiled kernel reads its keys through this mapping.
    """

    def __init__(self, clues: ClueModel, base: int) -> None:
        super().__init__()
        self.clues = clues
        self.base = base
        self.factors: dict[int, Fraction] = {}

    def __missing__(self, key: int) -> tuple[int, ...] | None:
        rest, room = divmod(key, self.base)
        rest, hidden = divmod(rest, self.base)
        shown, flags = divmod(rest, self.base)
        reading = _reading(self.clues, shown, flags, hidden, room)
        value = None
        if reading is not None:
            lo, weights, factor = reading
            value = (lo,) if weights is None else (lo, *weights)
            self.factors[key] = factor
        self[key] = value
        return value


def reading_key(shown: int, flags: int, hidden: int, neighbours: int, base: int = 9) -> int:
    """The key the compiled kernel looks a number's reading up by (:class:`Readings`).

    >>> reading_key(2, 0, 3, 8)
    1493
    """
    return ((shown * base + flags) * base + hidden) * base + neighbours


def readings(clues: ClueModel, base: int = 9) -> Readings:
    """Every reading under ``clues`` for numbers of up to ``base - 1`` neighbours, for the compiled kernel.

    >>> from countsweep.clues import UNDER
    >>> table = readings(UNDER)
    >>> key = reading_key(2, 0, 3, 8)         # a 2 with three hidden neighbours of eight, no flag
    >>> table[key], table.factors[key]        # true 2 or 3, weighing 1/2 and 1/3: 3 to 2, times 1/6
    ((2, 3, 2), Fraction(1, 6))
    """
    return _held(f"readings {base}", clues, lambda: Readings(clues, base))


def _reading(clues: ClueModel, shown: int, flags: int, hidden: int, room: int
             ) -> tuple[int, tuple[int, ...] | None, Fraction] | None:
    """What a shown number says about the sum of its ``hidden`` neighbours: ``(lo, weights, factor)``.

    ``weights`` are integers for the sums ``lo, lo+1, ...`` (None when one sum
    only is possible, an ordinary equation), ``factor`` the scale they leave; ``lo``
    is -1 when every sum weighs alike (no equation).  None when no sum is possible.
    Positions repeat these few cases thousands of times: hence :func:`_memo`.
    """
    like = [clues.likelihood(shown, flags + s, room) for s in range(hidden + 1)]
    allowed = [s for s, w in enumerate(like) if w]
    if not allowed:
        return None
    lo, hi = allowed[0], allowed[-1]
    if lo == hi:  # one sum only: an ordinary equation, and its likelihood as a factor
        return lo, None, like[lo]
    if lo == 0 and hi == hidden and len(set(like)) == 1:
        return -1, None, like[0]  # every sum alike: the number says nothing
    scale = math.lcm(*(w.denominator for w in like[lo:hi + 1]))
    ints = [int(w * scale) for w in like[lo:hi + 1]]
    common = math.gcd(*ints)
    return lo, tuple(x // common for x in ints), Fraction(common, scale)


def _components(eqs: list[Equation]) -> list[Component]:
    parent: dict[Cell, Cell] = {}

    def find(c: Cell) -> Cell:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    seen_by: dict[Cell, list[int]] = {}
    for i, eq in enumerate(eqs):
        for c in eq.cells:
            if c not in parent:
                parent[c] = c
                seen_by[c] = [i]
            else:
                seen_by[c].append(i)
        root = find(eq.cells[0])
        for c in eq.cells[1:]:
            parent[find(c)] = root
    cells: dict[Cell, list[Cell]] = {}
    for c in sorted(parent):
        cells.setdefault(find(c), []).append(c)
    groups: dict[Cell, list[Equation]] = {}
    for eq in eqs:
        groups.setdefault(find(eq.cells[0]), []).append(eq)
    out = []
    for r in sorted(cells, key=lambda r: cells[r][0]):
        boxes: dict[tuple[int, ...], list[Cell]] = {}
        for c in cells[r]:  # row-major: a box's first cell orders it, as dicts keep insertion order
            boxes.setdefault(tuple(seen_by[c]), []).append(c)
        out.append(Component(tuple(cells[r]), tuple(groups[r]), tuple(tuple(b) for b in boxes.values())))
    return out


@dataclass(frozen=True)
class Constraints:
    """A position as equations: what every counter and the oracle work from.

    The model is topology-free: cells, the equations over them, the mine total.
    A board makes one (:meth:`of`: one equation per number, over its
    neighbourhood); so does any set of rules over named cells
    (:meth:`of_rules`, ``board`` then ``None``).
    """

    board: Board | None
    equations: tuple[Equation, ...]
    frontier: tuple[Cell, ...]
    """Hidden cells in some equation, row-major."""
    sea: tuple[Cell, ...]
    """Hidden cells in no equation, row-major: only the mine total sees them."""
    components: tuple[Component, ...]
    mines_left: int | None
    """Unflagged mines still hidden, or ``None`` when the board's total is unknown."""
    clues: ClueModel = EXACT
    factor: Fraction = Fraction(1)
    """What the weighted counts are multiplied by to give the model's weights (1 for exact clues)."""
    hidden: tuple[Cell, ...] = ()
    """Every hidden cell, frontier and sea, in the position's order (the board's row-major order)."""
    others: int = 0
    """Sea cells nobody names (a rule set's uncharted cells): counted with the sea, never listed."""

    @property
    def sea_size(self) -> int:
        """The cells only the mine total sees: the named sea and the unnamed others."""
        return len(self.sea) + self.others

    @classmethod
    def of_rules(cls, cells: int, rules: tuple[Equation, ...], mines: int | None, others: int = 0) -> Constraints:
        """The model of rules over ``cells`` cells, ``(0, i)`` for the ``i``-th, and ``others`` cells no rule names.

        ``mines`` is the total over all of them, or None.  Each rule is an
        :class:`Equation` over those cells (its ``source`` ``(-1, k)`` for the
        ``k``-th rule); :mod:`countsweep.rules` reads them from a payload.
        """
        comps = _components(list(rules))
        frontier = tuple(sorted(c for comp in comps for c in comp.cells))
        named = tuple((0, i) for i in range(cells))
        on_frontier = set(frontier)
        sea = tuple(c for c in named if c not in on_frontier)
        if mines is not None and mines > cells + others:
            raise InconsistentError(f"{shown(mines)} mines but only {cells + others} cells")
        return cls(None, tuple(rules), frontier, sea, tuple(comps), mines, EXACT, Fraction(1), named, others)

    @classmethod
    def of(cls, board: Board, clues: ClueModel = EXACT) -> Constraints:
        """The equations, frontier, sea and components of ``board``, its numbers read through ``clues``.

        Raises :class:`~countsweep.errors.InconsistentError` for a number that
        its neighbourhood cannot satisfy, or a total the hidden cells cannot hold.
        """
        global _last_model
        last = _last_model
        # an agent asks for one board's model from several of its rules in a row; boards
        # and models are immutable, so the last one answers for the same board object
        if last is not None and last.board is board and last.clues is clues:
            return last
        eqs, factor = equations(board, clues)
        comps = _components(eqs)
        frontier = tuple(sorted(c for comp in comps for c in comp.cells))
        on_frontier = set(frontier)
        hidden = board.hidden_cells
        sea = tuple(c for c in hidden if c not in on_frontier)
        mines_left = None
        if board.mines is not None:
            mines_left = board.mines - len(board.flag_cells)
            if mines_left > len(hidden):
                raise InconsistentError(
                    f"{mines_left} unflagged mines remain but only {len(hidden)} hidden cells"
                )
        model = cls(board, tuple(eqs), frontier, sea, tuple(comps), mines_left, clues, factor, hidden)
        _last_model = model
        return model


_last_model: Constraints | None = None
"""The model :meth:`Constraints.of` made last (one reference: read and replaced whole)."""
