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

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from fractions import Fraction

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.constraints import Constraints
from countsweep.errors import CountsweepError
from countsweep.oracle import Analysis, analyze


@dataclass(frozen=True)
class Pattern:
    """A closed pattern: ``mines`` (the guessed cell first) all mines and ``safe`` all safe."""

    mines: tuple[Cell, ...]
    safe: tuple[Cell, ...]


def patterns(board: Board, cell: Cell) -> Iterator[Pattern]:
    """The closed patterns with a mine at ``cell``: four pairs and four boxes around it.

    Enablers (the cells that would tell the two layouts apart) must be hidden or
    flagged; off-board ones are no cells at all.  Flagged enablers are left out.
    """
    r, c = cell
    h, w = board.height, board.width

    def on(x: Cell) -> bool:
        return 0 <= x[0] < h and 0 <= x[1] < w

    def closed(pair: list[Cell], enablers: list[Cell], mines: list[Cell], safe: list[Cell]) -> Pattern | None:
        if not all(on(x) and board[x] == HIDDEN for x in pair):
            return None
        inside = [e for e in enablers if on(e)]
        if any(board[e] not in (HIDDEN, FLAG) for e in inside):
            return None
        return Pattern((*mines, *(e for e in inside if board[e] == HIDDEN)), tuple(safe))

    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        u = (r + dr, c + dc)
        # cells beyond each end: the three cells across the pair's axis, behind T and beyond U
        ends = [(r - dr + dc * s, c - dc + dr * s) for s in (-1, 0, 1)]
        ends += [(r + 2 * dr + dc * s, c + 2 * dc + dr * s) for s in (-1, 0, 1)]
        found = closed([cell, u], ends, [cell], [u])
        if found is not None:
            yield found
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        diag, side1, side2 = (r + dr, c + dc), (r + dr, c), (r, c + dc)
        corners = [(r - dr, c - dc), (r + 2 * dr, c + 2 * dc), (r - dr, c + 2 * dc), (r + 2 * dr, c - dc)]
        found = closed([cell, diag, side1, side2], corners, [cell, diag], [side1, side2])
        if found is not None:
            yield found


def completions(board: Board, pattern: Pattern) -> int:
    """The number of layouts of ``board`` in which ``pattern`` holds."""
    flagged = board
    try:
        for x in pattern.mines:
            flagged = flagged.reveal(x, FLAG)
        a = analyze(flagged)
    except CountsweepError:  # too many flags, or no layout fits
        return 0
    # inclusion-exclusion over the cells that must be safe (at most two)
    total = a.count * (1 - sum((a.probabilities[s] for s in pattern.safe), Fraction(0)))
    if len(pattern.safe) == 2:
        with suppress(CountsweepError):
            total += analyze(flagged.reveal(pattern.safe[0], FLAG).reveal(pattern.safe[1], FLAG)).count
    return int(total)


def pseudos(a: Analysis) -> Iterator[Cell]:
    """The hidden cells that are safe or else half of a closed 50/50.

    Only frontier cells qualify: with a mine at ``T`` every cell of the pattern
    must be decided, which the sea (uniform over its cells) never is, and cells in
    another component are independent of ``T``.  So a cheap test on the
    marginals (each mine of the pattern at least as likely as ``T``, each safe
    cell at most ``1 - P(T)``, all in ``T``'s component) comes before counting.
    """
    board, probs = a.board, a.probabilities
    if not a.mines_known:
        return
    where = {c: i for i, comp in enumerate(Constraints.of(board).components) for c in comp.cells}
    for t in a.frontier:
        p = probs[t]
        if not 0 < p < 1:
            continue
        for pat in patterns(board, t):
            cells = (*pat.mines, *pat.safe)
            if any(where.get(x) != where[t] for x in cells):
                continue
            if any(probs[x] < p for x in pat.mines) or any(probs[x] > 1 - p for x in pat.safe):
                continue
            if completions(board, pat) == a.count * p:
                yield t
                break
