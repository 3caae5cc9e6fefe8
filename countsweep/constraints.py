"""From a board to linear equations: the frontier, the sea and independent components.

Every revealed number gives one equation: the mines among its hidden unflagged
neighbours equal the number minus its flagged neighbours.  Hidden cells in some
equation form the *frontier*; the rest are the *sea*, constrained only by the mine
total.  Equations sharing no cell are independent: each *component* is counted on
its own and the oracle combines them.

>>> from countsweep.board import Board
>>> model = Constraints.of(Board.from_text("4x4x3\\n1???\\n???1\\n????\\n????"))
>>> [len(c.cells) for c in model.components], len(model.sea), model.mines_left
([3, 5], 6, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from countsweep.board import FLAG, HIDDEN, Board, Cell, neighbours
from countsweep.counting.formula import Card, Formula
from countsweep.errors import InconsistentError


@dataclass(frozen=True)
class Equation:
    """``sum(mine at c for c in cells) == value``, from the number at ``source``."""

    cells: tuple[Cell, ...]
    value: int
    source: Cell


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
        """The component as a formula: box ``i`` is variable ``i + 1`` (or, with ``boxes=False``, cell ``i``)."""
        groups = self.boxes if boxes else tuple((c,) for c in self.cells)
        var = {cell: i for i, group in enumerate(groups, 1) for cell in group}
        constraints = tuple(Card(tuple(dict.fromkeys(var[c] for c in eq.cells)), eq.value, eq.value)
                            for eq in self.equations)
        sizes = tuple(len(g) for g in groups) if boxes and any(len(g) > 1 for g in groups) else None
        return Formula(len(groups), constraints, sizes=sizes)


def equations(board: Board) -> list[Equation]:
    """One equation per revealed number with hidden neighbours; raises on impossible numbers."""
    out = []
    grid, height, width = board.grid, board.height, board.width
    for cell in board._numbers:
        hidden = []
        flags = 0
        for n in neighbours(cell, height, width):
            v = grid[n[0]][n[1]]
            if v == HIDDEN:
                hidden.append(n)
            elif v == FLAG:
                flags += 1
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
    return out


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
    """A position as equations: what every counter and the oracle work from."""

    board: Board
    equations: tuple[Equation, ...]
    frontier: tuple[Cell, ...]
    """Hidden cells in some equation, row-major."""
    sea: tuple[Cell, ...]
    """Hidden cells in no equation, row-major: only the mine total sees them."""
    components: tuple[Component, ...]
    mines_left: int | None
    """Unflagged mines still hidden, or ``None`` when the board's total is unknown."""

    @classmethod
    def of(cls, board: Board) -> Constraints:
        """The equations, frontier, sea and components of ``board``.

        Raises :class:`~countsweep.errors.InconsistentError` for a number that
        its neighbourhood cannot satisfy, or a total the hidden cells cannot hold.
        """
        eqs = equations(board)
        comps = _components(eqs)
        frontier = tuple(sorted(c for comp in comps for c in comp.cells))
        on_frontier = set(frontier)
        hidden = board._hidden
        sea = tuple(c for c in hidden if c not in on_frontier)
        mines_left = None
        if board.mines is not None:
            mines_left = board.mines - len(board._flags)
            if mines_left > len(hidden):
                raise InconsistentError(
                    f"{mines_left} unflagged mines remain but only {len(hidden)} hidden cells"
                )
        return cls(board, tuple(eqs), frontier, sea, tuple(comps), mines_left)
