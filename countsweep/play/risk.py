"""Long-term risk: how much opening a cell now can spare a coin toss later.

Some hidden cells may end as a closed 50/50 (:mod:`countsweep.play.fifty`): a
pair or 2x2 box whose outer cells (its *ends*) are all mines, so that no cell
a player can open ever tells its two layouts apart.  While a few of the ends
are still uncertain, the 50/50 is only *possible*; its *tally* is the number
of layouts that complete it (the pattern's mines all mines, its safe cells
safe).  Opening a cell of the pair now, or one of its missing ends, spares the
coin toss in those layouts: that is DavidNHill's "50/50 influence" (the
``LongTermRiskHelper`` of his solvers), read here with exact counts.

A cell's *influence* is the best tally of the possible 50/50 pairs in its row
that hold it, plus the best of those in its column, plus the best of its
boxes, plus the tallies (each over 2.5% of the layouts) of the possible 50/50s
it is a missing end of; capped by its own mine and safe counts.  The best agent
raises a guess's score by ``1 + risk_weight * influence / (layouts where it is
safe)`` (:meth:`Risk.boost`).  A *hotspot* is the last missing end of a
frontier pair that is exactly 1/2 now: every position after a guess is valued
by how much safer its hotspots have become (:meth:`Risk.hotspot_safety`).

Below, (0, 1) and (1, 1) are a 50/50 in all 8 layouts, 4 with each mine, and
each cell to their right is the one missing end of a possible 50/50 with the
other two: opening any of them may settle the pair.

>>> from countsweep.board import Board
>>> from countsweep.oracle import analyze
>>> a = analyze(Board.from_text("4x2x2\\n1???\\n1???"))
>>> risk = Risk(a)
>>> {c: n for c in sorted(a.probabilities) if (n := risk.influence(c))}
{(0, 1): 4, (0, 2): 2, (0, 3): 2, (1, 1): 4, (1, 2): 2, (1, 3): 2}

Only the cells near a candidate are looked at: the shapes of the patterns
around each cell are worked out once per board size, and each tally (a count
of the board with the pattern's mines flagged) once per position.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from countsweep.board import Cell
from countsweep.oracle import Analysis
from countsweep.play.fifty import Shape, closed, completions, shapes


@functools.lru_cache(maxsize=16)
def _ended_by(height: int, width: int) -> dict[Cell, tuple[Shape, ...]]:
    """For each cell, the shapes it is an end of whose first cell is the least of their
    inner cells (each possible 50/50 once)."""
    out: dict[Cell, list[Shape]] = {}
    for anchor, around in shapes(height, width).items():
        for shape in around:
            if min(shape.inner) == anchor:
                for e in shape.ends:
                    out.setdefault(e, []).append(shape)
    return {e: tuple(found) for e, found in out.items()}


class Risk:
    """The long-term risk of one position, with exact counts (see the module's notes)."""

    def __init__(self, a: Analysis) -> None:
        self.a = a
        board = a.board
        self.certain = frozenset(a.mines_certain)
        self.mines_left = (board.mines or 0) - len(board.flag_cells) - len(self.certain)
        self.shapes = shapes(board.height, board.width)
        self.cache: dict[frozenset[Cell], int] = {}
        self.hotspots: list[tuple[Cell, frozenset[Cell]]] = []
        probs, half = a.probabilities, Fraction(1, 2)
        for cell in a.frontier:
            if probs[cell] != half:
                continue
            for shape in self.shapes[cell]:
                if shape.kind == "box" or min(shape.inner) != cell:
                    continue
                missing = self.missing(shape, 2)
                if missing is not None and len(missing) == 1 and probs[missing[0]] > Fraction(1, 10):
                    self.hotspots.append((missing[0], frozenset(shape.inner)))

    def missing(self, shape: Shape, most: int) -> list[Cell] | None:
        """The ends of a closed pattern at ``shape`` not yet certain mines; None unless the
        pattern is closed (:func:`~countsweep.play.fifty.closed`), none of its inner cells
        is a certain mine, and at most ``most`` mines (missing ends and the inner safe
        cells) are missing."""
        pattern = closed(self.a.board, shape)
        certain = self.certain
        if pattern is None or any(x in certain for x in shape.inner):
            return None
        missing = [e for e in pattern.mines[shape.mines:] if e not in certain]
        safe = len(shape.inner) - shape.mines
        return missing if len(missing) + safe <= min(most, self.mines_left) else None

    def tally(self, shape: Shape) -> int:
        """The layouts that complete the pattern at ``shape``: its inner mines and hidden ends
        mines, its inner safe cells safe.  Equal for the pattern with the other mines (a
        closed pattern's two layouts swap one for the other), so kept by its inner cells."""
        key = frozenset(shape.inner)
        if key not in self.cache:
            pattern = closed(self.a.board, shape)
            assert pattern is not None  # only closed shapes are tallied
            self.cache[key] = completions(self.a.board, pattern)
        return self.cache[key]

    def enablers(self, cell: Cell) -> int:
        """The tallies of the possible 50/50s that ``cell`` is a missing end of, each over
        2.5% of the layouts (at most one or two mines missing)."""
        total = 0
        count = self.a.count
        for shape in _ended_by(self.a.board.height, self.a.board.width).get(cell, ()):
            missing = self.missing(shape, 2 if shape.kind != "box" else 3)
            if missing is not None and cell in missing:
                n = self.tally(shape)
                if 40 * n > count:
                    total += n
        return total

    def influence(self, cell: Cell) -> int:
        """The layouts in which opening ``cell`` now may spare a 50/50 later (see the module's notes)."""
        best = {"row": 0, "column": 0, "box": 0}
        for shape in self.shapes[cell]:
            if self.missing(shape, 5 if shape.kind == "box" else 4) is not None:
                best[shape.kind] = max(best[shape.kind], self.tally(shape))
        mines = int(self.a.count * self.a.probabilities[cell])  # an integer: the cell's mine layouts
        return min(sum(best.values()) + self.enablers(cell), mines, self.a.count - mines)

    def boost(self, cell: Cell, weight: Fraction) -> Fraction:
        """``1 + weight * influence / safe layouts``, 1 for a hotspot or a cell of a hotspot's pair
        (their own 50/50 is valued by :meth:`hotspot_safety`)."""
        safe = self.a.count * (1 - self.a.probabilities[cell])
        if not safe or any(cell == e or cell in pair for e, pair in self.hotspots):
            return Fraction(1)
        return 1 + weight * self.influence(cell) / safe

    def hotspot_safety(self, probs: dict[Cell, Fraction], cell: Cell | None = None) -> Fraction:
        """The product of ``(1 + P(hotspot safe)) / 2`` in a position with mine probabilities
        ``probs``, leaving out the hotspots ``cell`` is or is in the pair of.

        A hotspot opened (absent from ``probs``) counts as safe: then the pair is settled.
        """
        out = Fraction(1)
        for e, pair in self.hotspots:
            if cell is None or (cell != e and cell not in pair):
                out *= (2 - probs.get(e, Fraction(0))) / 2
        return out
