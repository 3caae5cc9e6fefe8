"""Closed 50/50s: cells that are either safe or half of a 50/50 no move can break.

Two hidden cells side by side, ``T`` and ``U``, with a mine at ``T``: moving the
mine to ``U`` changes the numbers only of ``T``, ``U`` and the cells that
neighbour one of them but not the other (the column or row beyond each end).
When those cells are all mines (or off the board), no cell a player can ever
open tells the two layouts apart; only opening ``T`` or ``U`` does, and one of
them is a mine.  The same holds for a 2x2 box with mines on one diagonal, whose
four outside diagonal corners are mines.  Such a pattern is *closed*.

A cell is a *pseudo 50/50* when every layout with a mine at it completes one
closed pattern. Every way of playing loses at least one layout of each such
pair (the two can be told apart only by stepping on one of the two cells), so
the risk of opening the cell now is a risk that has to be run anyway, and if
the cell is safe its number may spare other guesses. Which cell of a pattern is
opened still matters, since their numbers teach different things: in the
position below both (2, 3) and (3, 3) qualify, and only (2, 3) is an optimal
move. The best agent opens the qualifying cell with the best outlook before
guessing elsewhere. Detection is exact: the layouts with a mine at the cell are
counted against those that complete the pattern, with the oracle.

>>> from countsweep.board import Board
>>> from countsweep.oracle import analyze
>>> a = analyze(Board.from_text("4x4x6\\n???2\\n???F\\n?43?\\n????"))
>>> [(c, str(a.probabilities[c])) for c in pseudos(a)]
[((2, 3), '1/29'), ((3, 3), '1/29')]
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.errors import CountsweepError, LimitExceeded
from countsweep.oracle import Analysis, analyze


@dataclass(frozen=True)
class Pattern:
    """A closed pattern: ``mines`` (the guessed cell first) all mines and ``safe`` all safe."""

    mines: tuple[Cell, ...]
    safe: tuple[Cell, ...]


@dataclass(frozen=True)
class Shape:
    """Where a pattern with a mine at its first cell would lie on an empty board:
    its ``inner`` cells (the first ``mines`` of them mines, the rest safe), and its
    ``ends``, the outer cells on the board (all mines when the pattern is closed).

    ``kind`` is ``"row"`` or ``"column"`` for a pair, ``"box"`` for a 2x2 box.
    """

    kind: str
    inner: tuple[Cell, ...]
    mines: int
    ends: tuple[Cell, ...]


@functools.lru_cache(maxsize=16)
def shapes(height: int, width: int) -> dict[Cell, tuple[Shape, ...]]:
    """Every cell's pattern shapes with a mine at that cell: four pairs and four boxes
    around it, those that fit on the board (worked out once per board size).  In a
    corner of a 3x3 board a pair's ends are the two cells beyond it, a box's end the
    far corner.

    >>> [(s.kind, s.inner, s.ends) for s in shapes(3, 3)[(0, 0)]]  # doctest: +NORMALIZE_WHITESPACE
    [('row', ((0, 0), (0, 1)), ((0, 2), (1, 2))), ('column', ((0, 0), (1, 0)), ((2, 0), (2, 1))),
     ('box', ((0, 0), (1, 1), (1, 0), (0, 1)), ((2, 2),))]
    """

    def on(x: Cell) -> bool:
        return 0 <= x[0] < height and 0 <= x[1] < width

    out: dict[Cell, tuple[Shape, ...]] = {}
    for r in range(height):
        for c in range(width):
            found = []
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                u = (r + dr, c + dc)
                # cells beyond each end: the three cells across the pair's axis, behind T and beyond U
                ends = [(r - dr + dc * s, c - dc + dr * s) for s in (-1, 0, 1)]
                ends += [(r + 2 * dr + dc * s, c + 2 * dc + dr * s) for s in (-1, 0, 1)]
                if on(u):
                    found.append(Shape("row" if dr == 0 else "column", ((r, c), u), 1,
                                       tuple(e for e in ends if on(e))))
            for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                inner = ((r, c), (r + dr, c + dc), (r + dr, c), (r, c + dc))
                corners = [(r - dr, c - dc), (r + 2 * dr, c + 2 * dc), (r - dr, c + 2 * dc), (r + 2 * dr, c - dc)]
                if all(on(x) for x in inner):
                    found.append(Shape("box", inner, 2, tuple(e for e in corners if on(e))))
            out[(r, c)] = tuple(found)
    return out


def closed(board: Board, shape: Shape) -> Pattern | None:
    """The pattern at ``shape`` if it is closed on ``board``: its inner cells hidden, its
    ends hidden or flagged (flagged ends are left out of the pattern's mines)."""
    grid = board.grid
    if any(grid[r][c] != HIDDEN for r, c in shape.inner):
        return None
    hidden = []
    for r, c in shape.ends:
        v = grid[r][c]
        if v == HIDDEN:
            hidden.append((r, c))
        elif v != FLAG:
            return None
    return Pattern((*shape.inner[:shape.mines], *hidden), shape.inner[shape.mines:])


def patterns(board: Board, cell: Cell) -> Iterator[Pattern]:
    """The closed patterns with a mine at ``cell``: four pairs and four boxes around it.

    Enablers (the cells that would tell the two layouts apart) must be hidden or
    flagged; off-board ones are no cells at all.  Flagged enablers are left out.
    """
    for shape in shapes(board.height, board.width)[cell]:
        found = closed(board, shape)
        if found is not None:
            yield found


def flagged(board: Board, mines: tuple[Cell, ...]) -> Analysis | None:
    """The analysis of ``board`` with the hidden cells ``mines`` flagged; None if no layout
    has them all mines."""
    if board.mines is not None and len(board.flag_cells) + len(mines) > board.mines:
        return None
    grid = [list(row) for row in board.grid]
    for r, c in mines:
        grid[r][c] = FLAG
    try:
        return analyze(Board.unchecked(tuple(map(tuple, grid)), board.mines, board.topology))
    except LimitExceeded:
        raise  # a limit the move is made under (Limits.throughout), not a layout that cannot be
    except CountsweepError:  # no layout fits
        return None


def completions(board: Board, pattern: Pattern) -> int:
    """The number of layouts of ``board`` in which ``pattern`` holds."""
    a = flagged(board, pattern.mines)
    if a is None:
        return 0
    # inclusion-exclusion over the cells that must be safe (at most two)
    total = a.count * (1 - sum((a.probabilities[s] for s in pattern.safe), Fraction(0)))
    if len(pattern.safe) == 2:
        both = flagged(board, (*pattern.mines, *pattern.safe))
        total += 0 if both is None else both.count
    return int(total)


def pseudos(a: Analysis) -> Iterator[Cell]:
    """The hidden cells that are safe or else half of a closed 50/50.

    Only frontier cells are tried: a sea cell's patterns lie mostly in the sea,
    whose cells a mine there leaves undecided but in rare corners, and trying
    them would count patterns by the hundred on an expert board.  A pattern
    holds in every layout with a mine at ``T`` when, on the board with ``T``
    flagged, its mines are certain and its safe cells safe: one count of that
    board answers every pattern of ``T``, and a cheap test on the marginals
    (each mine of the pattern at least as likely as ``T``, each safe cell at
    most ``1 - P(T)``) decides whether it is made at all.  Cells outside ``T``'s
    component count too: the mine total couples them to ``T``, and can decide
    them.

    Below, the total leaves the sea, ``(0, 3)``, one mine: the pair ``(1, 4)``,
    ``(2, 4)`` is closed by it and by the mines under the pair, so a mine at
    either cell is half of a 50/50.

    >>> from countsweep.board import Board
    >>> from countsweep.oracle import analyze
    >>> sorted(pseudos(analyze(Board.from_text("5x5x12\\nF2??F\\n2????\\n???3?\\n?????\\nF??22"))))
    [(1, 4), (2, 4)]
    """
    board, probs = a.board, a.probabilities
    if not a.mines_known:
        return
    for t in a.frontier:
        p = probs[t]
        if not 0 < p < 1:
            continue
        given = None  # the layouts with a mine at t
        for pat in patterns(board, t):
            if any(probs[x] < p for x in pat.mines) or any(probs[x] > 1 - p for x in pat.safe):
                continue
            given = given or flagged(board, (t,))
            assert given is not None  # 0 < p: some layout has a mine at t
            if all(given.probability(x) == 1 for x in pat.mines) and all(given.probability(x) == 0 for x in pat.safe):
                yield t
                break
