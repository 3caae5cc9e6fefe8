"""Ground truth by enumerating whole mine layouts: independent of countsweep's model.

Every subset of the hidden cells (flags are mines) is a candidate layout; it
fits when every revealed number equals its count of neighbouring mines.  Used
only on small boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import combinations

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.errors import InconsistentError
from countsweep.oracle import Analysis, analyze


def fits(board: Board, mines: set[Cell]) -> bool:
    return all(sum(1 for n in board.neighbours(cell) if n in mines) == board[cell]
               for cell in board.numbers())


def layouts(board: Board) -> list[frozenset[Cell]]:
    """All layouts (as sets of unflagged mine cells) consistent with the board."""
    hidden = board.hidden()
    flags = set(board.flags())
    if board.mines is None:
        sizes = range(len(hidden) + 1)
    else:
        left = board.mines - len(flags)
        sizes = range(left, left + 1) if 0 <= left <= len(hidden) else range(0)
    out = []
    for k in sizes:
        for combo in combinations(hidden, k):
            chosen = set(combo)
            if fits(board, chosen | flags):
                out.append(frozenset(chosen))
    return out


def truth(board: Board) -> tuple[int, dict[Cell, Fraction]]:
    """(count, probabilities) as countsweep defines them, by enumeration.

    With an unknown total the count is of frontier assignments: all layouts
    divided by the 2**sea ways to fill the unconstrained cells.
    """
    found = layouts(board)
    hidden = board.hidden()
    if not found:
        return 0, {}
    probs = {c: Fraction(sum(1 for lay in found if c in lay), len(found)) for c in hidden}
    count = len(found)
    if board.mines is None:
        near = {n for cell in board.numbers() for n in board.neighbours(cell)}
        sea = sum(1 for c in hidden if c not in near)
        assert count % 2**sea == 0
        count //= 2**sea
    return count, probs


def board_from_layout(width: int, height: int, mines: set[Cell], revealed: set[Cell],
                      flagged: set[Cell], total: bool) -> Board:
    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            if (r, c) in revealed and (r, c) not in mines:
                row.append(sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if (dr or dc) and (r + dr, c + dc) in mines))
            elif (r, c) in flagged:
                row.append(FLAG)
            else:
                row.append(HIDDEN)
        grid.append(tuple(row))
    return Board(tuple(grid), len(mines) if total else None)


def seeded_position(seed: int, sizes: list[tuple[int, int]], mines: tuple[int, int],
                    hide: float, flag: float = 0.0) -> Board:
    """A small position drawn from ``random.Random(seed)``, with the mine total.

    A (width, height) from ``sizes``, between ``mines[0]`` and ``mines[1]`` mines;
    each safe cell stays hidden with probability ``hide`` and each mine is flagged
    with probability ``flag``.
    """
    rng = random.Random(seed)
    w, h = rng.choice(sizes)
    cells = [(r, c) for r in range(h) for c in range(w)]
    placed = set(rng.sample(cells, rng.randint(*mines)))
    revealed, flagged = set(), set()
    for cell in cells:
        if cell in placed:
            if flag and rng.random() < flag:
                flagged.add(cell)
        elif rng.random() >= hide:
            revealed.add(cell)
    return board_from_layout(w, h, placed, revealed, flagged, total=True)


def needing_a_guess(boards: Iterable[Board], max_hidden: int) -> Iterator[tuple[Board, Analysis]]:
    """The consistent positions among ``boards`` with few hidden cells and no certain-safe one."""
    for board in boards:
        if len(board.hidden()) > max_hidden:
            continue
        try:
            a = analyze(board)
        except InconsistentError:
            continue
        if not a.safe:
            yield board, a
