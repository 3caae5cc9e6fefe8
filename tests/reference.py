"""Ground truth by enumerating whole mine layouts: independent of countsweep's model.

Every subset of the hidden cells (flags are mines) is a candidate layout; it
fits when every revealed number equals its count of neighbouring mines.  Used
only on small boards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from itertools import combinations

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.errors import InconsistentError
from countsweep.oracle import Analysis, analyze
from countsweep.topology import SQUARE, Topology, cell_table, kernel_table


def reference_around(topology: Topology, cell: Cell, height: int, width: int) -> set[Cell]:
    """The cells ``cell``'s number counts, from each topology's definition (not countsweep.topology's code)."""
    r, c = cell
    kind = type(topology).__name__
    wrap = getattr(topology, "wrap", False)
    if kind == "Graph":
        return {(0, j) for j in range(width) if j in topology.edges[c]}  # type: ignore[attr-defined]
    if kind == "Grid3D":
        depth = topology.depth  # type: ignore[attr-defined]
        rows = height // depth
        z, rr = r // rows, r % rows
        out = set()
        for dz in (-1, 0, 1):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    a, b, d = z + dz, rr + dr, c + dc
                    if wrap:
                        a, b, d = a % depth, b % rows, d % width
                    if 0 <= a < depth and 0 <= b < rows and 0 <= d < width:
                        out.add((a * rows + b, d))
        return out - {cell}
    if kind == "Hex":  # odd-r: odd rows sit half a cell to the right
        if r % 2 == 0:
            steps = [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)]
        else:
            steps = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)]
    else:
        steps = list(topology.offsets)  # type: ignore[attr-defined]
    out = set()
    for dr, dc in steps:
        a, b = r + dr, c + dc
        if wrap:
            a, b = a % height, b % width
        if 0 <= a < height and 0 <= b < width:
            out.add((a, b))
    return out - {cell}


def numbers_of(board: Board) -> list[tuple[int, set[Cell]]]:
    """Each revealed number and the cells it counts (made once a board: once a layout, they took
    half of the enumeration's time)."""
    return [(board[cell], reference_around(board.topology, cell, board.height, board.width))
            for cell in board.numbers()]


def fits(numbers: list[tuple[int, set[Cell]]], mines: set[Cell]) -> bool:
    """Does every number count ``mines`` among its cells?"""
    return all(len(around & mines) == shown for shown, around in numbers)


def layouts(board: Board) -> list[frozenset[Cell]]:
    """All layouts (as sets of unflagged mine cells) consistent with the board."""
    hidden = board.hidden()
    flags = set(board.flags())
    if board.mines is None:
        sizes = range(len(hidden) + 1)
    else:
        left = board.mines - len(flags)
        sizes = range(left, left + 1) if 0 <= left <= len(hidden) else range(0)
    numbers = numbers_of(board)
    out = []
    for k in sizes:
        for combo in combinations(hidden, k):
            chosen = set(combo)
            if fits(numbers, chosen | flags):
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
        near = {n for cell in board.numbers() for n in reference_around(board.topology, cell, board.height,
                                                                        board.width)}
        sea = sum(1 for c in hidden if c not in near)
        assert count % 2**sea == 0
        count //= 2**sea
    return count, probs


def board_from_layout(width: int, height: int, mines: set[Cell], revealed: set[Cell],
                      flagged: set[Cell], total: bool, topology: Topology = SQUARE) -> Board:
    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            if (r, c) in revealed and (r, c) not in mines:
                row.append(sum(1 for n in reference_around(topology, (r, c), height, width) if n in mines))
            elif (r, c) in flagged:
                row.append(FLAG)
            else:
                row.append(HIDDEN)
        grid.append(tuple(row))
    return Board(tuple(grid), len(mines) if total else None, None, topology)


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


def small_endgames(seeds: Iterable[int], sizes: list[tuple[int, int]], mines: tuple[int, int], hide: float,
                   flag: float, limit: int) -> Iterator[tuple[Board, list]]:
    """Seeded small positions (:func:`seeded_position`) with 3 to ``limit`` layouts, each with its layouts."""
    from countsweep.play.endgame import enumerate_layouts

    for seed in seeds:
        board = seeded_position(seed, sizes, mines, hide=hide, flag=flag)
        try:
            layouts = enumerate_layouts(board, limit)
        except InconsistentError:
            continue
        if layouts and len(layouts) >= 3:
            yield board, layouts


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


# Optimal play, from the definition ----------------------------------------------------
#
# Written apart from countsweep.play.optimal (no Geometry, no first_layouts, no memo,
# no pruning, no symmetry): a position is the set of opened cells with their numbers,
# and its value is the best, over hidden cells, of the chance-weighted values of what
# opening the cell shows.


def _around(cell: Cell, width: int, height: int, topology: Topology = SQUARE) -> list[Cell]:
    return sorted(reference_around(topology, cell, height, width))


def rule_layouts(width: int, height: int, mines: int, rule: str, first: Cell,
                 topology: Topology = SQUARE) -> list[frozenset[Cell]]:
    """The layouts a first click at ``first`` may meet under ``rule``, equally likely."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    banned = set()
    if rule in ("safe", "opening"):
        banned.add(first)
    if rule == "opening":
        banned.update(_around(first, width, height, topology))
    return [frozenset(combo) for combo in combinations([c for c in cells if c not in banned], mines)]


def opened_by(layout: frozenset[Cell], cell: Cell, width: int, height: int,
              topology: Topology = SQUARE) -> frozenset[tuple[Cell, int]]:
    """What opening the safe ``cell`` reveals: it and, through zeros, the region around it."""
    seen, todo = {cell}, [cell]
    out = set()
    while todo:
        cur = todo.pop()
        n = sum(1 for x in _around(cur, width, height, topology) if x in layout)
        out.add((cur, n))
        if n == 0:
            for x in _around(cur, width, height, topology):
                if x not in seen and x not in layout:
                    seen.add(x)
                    todo.append(x)
    return frozenset(out)


def _after(layouts: list[frozenset[Cell]], cell: Cell, width: int, height: int, topology: Topology = SQUARE):
    """The layouts where ``cell`` is safe, grouped by what opening it reveals."""
    groups: dict[frozenset, list[frozenset[Cell]]] = {}
    for lay in layouts:
        if cell not in lay:
            groups.setdefault(opened_by(lay, cell, width, height, topology), []).append(lay)
    return groups


def reference_value(opened: frozenset[tuple[Cell, int]], layouts: list[frozenset[Cell]], width: int, height: int,
                    mines: int, policy: str | Callable[[list[Cell]], Cell] = "optimal",
                    topology: Topology = SQUARE) -> Fraction:
    """The win probability from a position: ``optimal`` play, ``greedy``, or a fixed guesser.

    ``greedy`` opens the first certain-safe hidden cell in row-major order if there
    is one, else each of the safest hidden cells with equal probability.  A callable
    opens the first certain-safe cell too, and otherwise the cell it picks from the
    hidden cells (in row-major order).
    """
    shown = {c for c, _ in opened}
    if len(shown) == width * height - mines:
        return Fraction(1)
    hidden = [(r, c) for r in range(height) for c in range(width) if (r, c) not in shown]
    mine_counts = {c: sum(1 for lay in layouts if c in lay) for c in hidden}

    def move(cell: Cell) -> Fraction:
        total = Fraction(0)
        for reveal, group in _after(layouts, cell, width, height, topology).items():
            total += Fraction(len(group), len(layouts)) * reference_value(
                opened | reveal, group, width, height, mines, policy, topology)
        return total

    if policy == "optimal":
        return max((move(c) for c in hidden), default=Fraction(0))
    safe = [c for c in hidden if mine_counts[c] == 0]
    if safe:
        return move(safe[0])
    if callable(policy):
        return move(policy(hidden))
    low = min(m for m in mine_counts.values() if m < len(layouts))
    ties = [c for c in hidden if mine_counts[c] == low]
    return sum((move(c) for c in ties), Fraction(0)) / len(ties)


def reference_first_click(width: int, height: int, mines: int, rule: str, first: Cell,
                          policy: str | Callable[[list[Cell]], Cell] = "optimal",
                          topology: Topology = SQUARE) -> Fraction:
    """The win probability of a whole game whose first click is ``first``."""
    layouts = rule_layouts(width, height, mines, rule, first, topology)
    total = Fraction(0)
    for reveal, group in _after(layouts, first, width, height, topology).items():
        total += Fraction(len(group), len(layouts)) * reference_value(reveal, group, width, height, mines, policy,
                                                                      topology)
    return total


def kernel_args(board: Board) -> tuple:
    """The compiled kernel's ``analyze`` arguments for ``board``: its rows, neighbourhood table, mine
    total and cell table."""
    return board.grid, kernel_table(board.topology, board.height, board.width), board.mines, \
        cell_table(board.height, board.width)


def ring(width: int) -> Board:
    """A ring of 1s around a torus three rows high: one part of 2 * width hidden cells, with no end,
    so that no number's cells lie within another's to settle a box and cut the part short.  A mine
    above or below every third column meets every 1, so a width divisible by 3 has layouts."""
    return Board.from_text(f"{width}x3 torus\n" + "?" * width + "\n" + "1" * width + "\n" + "?" * width)


# A position of seeded 3D play (benchmarks.topologies): 23 numbers knot 74 frontier cells into
# one ball of 57 boxes, which the search takes about 6000 nodes to count and a path 17 000 states.
KNOT = """8x8x4x40
2 ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? 1 ? ?
? ? ? ? 1 ? 1 ?

? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 5 4 2 5 ? ?
? ? ? ? ? ? ? ?
? ? ? ? 1 ? 2 ?

? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 4 3 2 4 ? ?
? ? ? 4 3 5 ? ?
? ? ? 4 3 3 ? ?

? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 2 2 1 2 ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
"""

# A position of seeded 3D play (benchmarks.topologies, seed 11): 34 numbers knot 148 frontier
# cells into one ball of 99 boxes whose search needs its memo past 32 MB: the kernel once passed
# 50 million nodes on it, in a minute, and handed it to the Python search (40 s, 2 GB).  Its path
# passed the kernel's limits until the path kept its polynomials at checkpoints only (path.h).
BALL = """8x8x4x40
1 ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 7 ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 4 4 ? ? ? ?
? ? ? 2 ? ? ? ?
? ? 2 ? 3 ? ? ?
? ? ? ? ? ? ? ?

? ? ? ? ? ? ? ?
4 ? ? ? ? ? ? ?
? ? ? 5 4 5 ? ?
? ? ? 3 2 4 ? ?
? ? ? 5 3 7 ? ?
? ? ? 3 ? ? ? ?
? ? 3 ? ? ? ? ?
? ? ? ? ? ? ? ?

? ? ? ? ? ? ? ?
? ? 6 ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 6 3 1 ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? 3 4 4 ? ? ?
? ? ? ? ? ? ? ?

? ? ? ? ? ? ? ?
? ? 2 2 ? 5 ? ?
? ? ? 1 2 ? ? ?
? ? 3 ? 1 ? ? ?
? ? ? ? 2 ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ?
"""
