"""Exact endgame search: the move that wins most often, over a set of layouts.

All a player knows is which layouts are still consistent with what they have
seen, so once a position's layouts are enumerated a position *is* a set of
them, kept as an integer bit set ``L`` over the layout list.  Its value is
``W(L)``, the number of layouts in ``L`` on which optimal play wins:

* ``W(L) = 1`` when one layout is left: every cell is known;
* if a cell is safe in every layout of ``L`` and shows different numbers in
  some of them, opening it is free information and comes first:
  ``W(L) = sum W(g)`` over the groups ``g`` of ``L`` by that number;
* otherwise ``W(L) = max over cells c of sum W(g)`` over the groups of the
  layouts of ``L`` where ``c`` is safe, by the number ``c`` shows.

Counting wins keeps every value an exact integer (the win probability is
``W(L) / |L|``), and positions reached by different move orders share one memo
entry.  Zeros need no flood fill: the cells a zero would open are certain-safe
in its group and the free-information rule opens the informative ones.

A cell whose safe layouts number no more than the best total found cannot
beat it, and a cell's partial sum plus its unexplored layouts bounds what it
can still reach; both prune without losing optimality.  The bound is also
handed down: a group need only be valued as far as telling whether it wins
more than what its cell needs from it to beat the best move (``beat``).
Below that, :meth:`PythonSearch.wins` settles for an upper bound no greater
than ``beat`` (a move there that cannot pass the bound is not searched), and
the memo keeps such bounds beside exact values, re-valuing a position only
when a later question needs more.  This is Ballard's pruning of chance nodes
(*-minimax, Star1; Artificial Intelligence 21, 1983) with win counts for
values; on the positions where the agent's search used to stop, it needs
about half as many positions.

The layouts themselves come from :func:`enumerate_layouts`: each frontier
component's assignments by backtracking, joined with the ways to place the
remaining mines in the sea.  Where they are too many to list, :class:`Layouts`
numbers them in the same order and makes any one from its number, so a uniform
sample costs a few microseconds a layout (the best agent's sampled endgame
searches such a sample).

>>> from countsweep.board import Board
>>> search = Endgame.of(Board.from_text("4x2x3\\n????\\n?2?2"), 100)
>>> search.best()   # Nakov & Wei's position: a third of the layouts can be won
((0, 0), Fraction(1, 3))
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate, combinations
from math import comb
from typing import Protocol

from countsweep.board import Board, Cell, checked_board
from countsweep.constraints import Component, Constraints
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError, ParameterTypeError, shown
from countsweep.kernel import KERNEL, choose

_DIGITS = 1 << 24
"""The most characters :func:`_columns` writes the layouts' digits in (16 MB): past it, each column
is read layout by layout instead (a 1000x1000 board's 5000 layouts would take 5 GB)."""


def _columns(layouts: list[int], varying: int) -> Callable[[int], int]:
    """Cell ``j``'s column of the layouts, for a cell ``j`` of ``varying`` (the cells whose bit
    differs between layouts): the bit set of the layouts (bit ``i``: layout ``i``) with a mine at
    ``j``.  The layouts' binary digits over the window of varying cells are written out once, last
    layout first, so a column is one slice of that string with a stride of the window's width, read
    in base 2: C-speed work, where testing each layout's bit in Python cost 13 ms for 60 cells of
    2000 layouts."""
    made: dict[int, int] = {}
    lo = max(0, (varying & -varying).bit_length() - 1)  # no varying cell: no column is asked for
    width = varying.bit_length() - lo
    if width * len(layouts) <= _DIGITS:
        window = (1 << width) - 1
        digits = "".join([format(lay >> lo & window, f"0{width}b") for lay in reversed(layouts)])

        def read(j: int) -> int:
            return int(digits[width - 1 - (j - lo)::width], 2)
    else:
        def read(j: int) -> int:
            return int("".join(["1" if lay >> j & 1 else "0" for lay in reversed(layouts)]), 2)

    def column(j: int) -> int:
        col = made.get(j)
        if col is None:
            col = made[j] = read(j)
        return col

    return column


def _shows(safe: int, around: list[int]) -> list[int]:
    """The nonempty bit sets of the ``safe`` layouts by how many of the columns ``around`` hold a
    mine there (a cell's neighbours that differ between layouts; the others add the same to each).

    The counts are added bit-sliced: ``planes[b]`` holds bit ``b`` of every layout's count, and a
    column is added to all the layouts at once by a ripple of carries, so a 3D cell's 26
    neighbours cost a few dozen operations on the whole bit sets.

    >>> [bin(s) for s in _shows(0b1111, [0b0110, 0b0101])]   # layouts 0 to 3 see 1, 1, 2 and 0 mines
    ['0b1000', '0b11', '0b100']
    """
    planes: list[int] = []
    for x in around:
        for b, p in enumerate(planes):
            planes[b], x = p ^ x, p & x
            if not x:
                break
        if x:
            planes.append(x)
    out = []
    for count in range(1 << len(planes)):  # every count the planes can hold, and no other (it would alias)
        layouts = safe
        for b, p in enumerate(planes):
            layouts &= p if count >> b & 1 else ~p
            if not layouts:
                break
        if layouts:
            out.append(layouts)
    return out


@dataclass(frozen=True)
class Cut:
    """What opening one cell tells, as bit sets over the layouts."""

    cell: Cell
    mine: int
    """Layouts with a mine at the cell."""
    shows: tuple[int, ...]
    """For each number the cell can show, the layouts in which it shows it."""


MAX_DEPTH = 200
"""Positions nested deeper than this stop the search (as its position limit does): the Python
search's frames, three a level, stay within Python's recursion limit, and the kernel's, on the
heap, stay bounded."""


class Search(Protocol):
    """The search over positions (bit sets of layouts): one contract, two implementations.

    Cuts are named by their index in the endgame's list.  Past the position
    limit or :data:`MAX_DEPTH` a method raises
    :class:`~countsweep.errors.LimitExceeded`; both implementations visit the
    same positions in the same order, so they stop at the same point.
    """

    name: str

    @property
    def positions(self) -> int:
        """Positions valued so far (the memo)."""
        ...

    def wins(self, ls: int, beat: int = -1) -> int:
        """``W(ls)``, the layouts of ``ls`` won under optimal play, when it exceeds ``beat``;
        else an upper bound of it no greater than ``beat``."""
        ...

    def best_of(self, ls: int, options: list[tuple[int, int]], beat: int = -1) -> tuple[int, int]:
        """The option (mines in ``ls``, cut) winning most from ``ls``, valued safest first:
        (cut, its wins) if it wins more than ``beat``, else (-1, an upper bound no greater than ``beat``)."""
        ...

    def after(self, ls: int, cut: int, beat: int) -> int | None:
        """Wins after opening ``cut`` when they exceed ``beat``; None if its safe layouts cannot,
        else an upper bound no greater than ``beat``."""
        ...


class PythonSearch:
    """The reference search, over Python integers as bit sets."""

    name = "python"

    def __init__(self, cuts: tuple[Cut, ...], max_positions: int, max_depth: int = MAX_DEPTH) -> None:
        self.cuts = cuts
        self.max_positions = max_positions
        self.max_depth = max_depth
        self.memo: dict[int, int] = {}
        self._depth = 0

    @property
    def positions(self) -> int:
        return len(self.memo)

    def wins(self, ls: int, beat: int = -1) -> int:
        if ls & (ls - 1) == 0:
            return 1 if ls else 0
        known = self.memo.get(ls)
        if known is not None and (known >= 0 or ~known <= beat):
            return known if known >= 0 else ~known  # exact, or a bound that says enough
        if len(self.memo) >= self.max_positions:
            raise LimitExceeded(f"endgame search reached {self.max_positions} positions")
        if self._depth + 1 >= self.max_depth:  # the kernel counts this call's level too
            raise LimitExceeded(f"endgame search went {self.max_depth} positions deep")
        self._depth += 1  # three frames a level (wins, best_of, after): MAX_DEPTH keeps within the recursion limit
        try:
            open_free = None
            guesses = []
            for i, cut in enumerate(self.cuts):
                m = (ls & cut.mine).bit_count()
                if m == 0:
                    if sum(1 for s in cut.shows if ls & s) > 1:
                        open_free = cut
                        break
                elif ls & ~cut.mine:
                    guesses.append((m, i))
            if open_free is not None:
                value = self._opened(ls, open_free, ls.bit_count(), beat)
            else:
                value = self.best_of(ls, guesses, beat)[1]
        finally:
            self._depth -= 1
        self.memo[ls] = value if value > beat else ~value
        return value

    def best_of(self, ls: int, options: list[tuple[int, int]], beat: int = -1) -> tuple[int, int]:
        best_cut, best, bound = -1, beat, 0
        size = ls.bit_count()
        for m, i in sorted(options, key=lambda mc: mc[0]):
            v = self.after(ls, i, best)
            if v is None:  # neither this option nor a riskier one can win more than the best
                bound = max(bound, size - m)
                break
            if v > best:
                best_cut, best = i, v
            else:
                bound = max(bound, v)
        return (best_cut, best) if best_cut >= 0 else (-1, bound)

    def after(self, ls: int, cut: int, beat: int) -> int | None:
        chosen = self.cuts[cut]
        left = (ls & ~chosen.mine).bit_count()
        if left <= beat:
            return None
        return self._opened(ls, chosen, left, beat)

    def _opened(self, ls: int, cut: Cut, left: int, beat: int) -> int:
        """``sum W(ls & s)`` over the numbers ``s`` of ``cut`` (``left`` layouts safe there), or an
        upper bound of it no greater than ``beat`` once it cannot exceed ``beat``."""
        total = 0
        for s in cut.shows:
            part = ls & s
            if not part:
                continue
            n = part.bit_count()
            need = beat - total - (left - n)  # what this part must win for the sum to pass beat
            if n <= need:
                return total + left
            w = self.wins(part, need)
            if w <= need:
                return total + w + left - n
            total += w
            left -= n
        return total


class KernelSearch:
    """The compiled kernel's search (``kernel/search.c``): the same positions in the same order, faster."""

    name = "kernel"

    def __init__(self, cuts: tuple[Cut, ...], size: int, max_positions: int, max_depth: int = MAX_DEPTH) -> None:
        assert KERNEL is not None
        self._bytes = 8 * ((size + 63) // 64)
        self.max_positions = max_positions
        self.max_depth = max_depth
        self._search = KERNEL.Search(size, [(self._pack(c.mine), tuple(self._pack(s) for s in c.shows))
                                            for c in cuts], max_positions, max_depth)

    def _pack(self, layouts: int) -> bytes:
        return layouts.to_bytes(self._bytes, "little")

    def _limit(self) -> LimitExceeded:
        if self._search.stopped == "depth":
            return LimitExceeded(f"endgame search went {self.max_depth} positions deep")
        return LimitExceeded(f"endgame search reached {self.max_positions} positions")

    @property
    def positions(self) -> int:
        return self._search.positions

    def wins(self, ls: int, beat: int = -1) -> int:
        won = self._search.wins(self._pack(ls), beat)
        if won is None:
            raise self._limit()
        return won

    def best_of(self, ls: int, options: list[tuple[int, int]], beat: int = -1) -> tuple[int, int]:
        found = self._search.best(self._pack(ls), options, beat)
        if found is None:
            raise self._limit()
        return found

    def after(self, ls: int, cut: int, beat: int) -> int | None:
        wins = self._search.after(self._pack(ls), cut, beat)
        if wins is None:
            raise self._limit()
        return None if wins == -1 else wins


class Endgame:
    """Optimal play over an explicit list of equally likely layouts."""

    def __init__(self, board: Board, layouts: list[int], max_positions: int = 1_000_000,
                 implementation: str = "auto") -> None:
        """``layouts``: bit masks over the board's cells in row-major order (flags may be set).

        ``implementation`` chooses the search (:func:`countsweep.kernel.choose`):
        the compiled kernel's when it was built, else the Python one; the same
        positions in the same order either way.  No layout at all is an
        inconsistent position (:class:`~countsweep.errors.InconsistentError`).
        """
        n = checked_board(board).width * board.height
        if not isinstance(layouts, (list, tuple)) or not all(type(x) is int and 0 <= x >> n < 1 for x in layouts):
            raise ParameterTypeError(f"layouts: a list of bit masks over the board's {n} cells "
                                     f"(enumerate_layouts(board, limit)), not {shown(layouts)}")
        if type(max_positions) is not int or max_positions < 1:
            raise ParameterError(f"max_positions: a whole number of 1 or more, not {shown(max_positions)}")
        if not layouts:
            raise InconsistentError("no mine layout fits the position")
        self.size = len(layouts)
        self.max_positions = max_positions
        w = board.width
        index = {(r, c): r * w + c for r in range(board.height) for c in range(w)}
        every, some = -1, 0
        for lay in layouts:
            every &= lay
            some |= lay
        varying = some & ~every
        # only cells whose mine or number differs between layouts can tell anything
        relevant = [c for c in board.hidden_cells
                    if varying >> index[c] & 1 or any(varying >> index[n] & 1 for n in board.neighbours(c))]
        cuts: dict[tuple[int, tuple[int, ...]], int] = {}
        found: list[Cut] = []
        self._cut_of: dict[Cell, int] = {}
        self._hidden = frozenset(board.hidden_cells)
        self._always_mine = frozenset(c for c in self._hidden if every >> index[c] & 1)
        column = _columns(layouts, varying)
        full = (1 << self.size) - 1
        for cell in relevant:
            j = index[cell]
            # the layouts where the cell is a mine, and those where it shows each number it can
            mine = column(j) if varying >> j & 1 else full if every >> j & 1 else 0
            around = [column(index[a]) for a in board.neighbours(cell) if varying >> index[a] & 1]
            sets = _shows(full & ~mine, around)
            key = (mine, tuple(sorted(sets)))
            # a cell that never tells anything, or tells what another cell tells, adds no move
            if len(key[1]) + (mine != 0) > 1:
                if key not in cuts:
                    cuts[key] = len(found)
                    found.append(Cut(cell, mine, key[1]))
                self._cut_of[cell] = cuts[key]
        self.cuts = tuple(found)
        self.search: Search = (KernelSearch(self.cuts, self.size, max_positions)
                               if choose("search", implementation) == "kernel"
                               else PythonSearch(self.cuts, max_positions))

    @property
    def positions(self) -> int:
        """Positions the search has valued so far (its memo)."""
        return self.search.positions

    @classmethod
    def of(cls, board: Board, max_layouts: int, max_positions: int = 1_000_000) -> Endgame | None:
        """The search over ``board``'s layouts, or None past ``max_layouts`` of them."""
        masks = enumerate_layouts(board, max_layouts)
        return None if masks is None else cls(board, masks, max_positions)

    def wins(self, ls: int) -> int:
        """``W(ls)``: the layouts of ``ls`` won under optimal play."""
        return self.search.wins(ls)

    def value(self) -> Fraction:
        """The win probability of the position under optimal play."""
        return Fraction(self.wins((1 << self.size) - 1), self.size)

    def move_value(self, cell: Cell) -> Fraction:
        """The win probability of opening the hidden ``cell`` now and playing optimally after.

        >>> search = Endgame.of(Board.from_text("4x2x3\\n????\\n?2?2"), 100)
        >>> [str(search.move_value((0, c))) for c in range(4)]
        ['1/3', '1/6', '1/3', '0']
        """
        if not isinstance(cell, tuple) or cell not in self._hidden:
            raise ParameterError(f"cell {shown(cell)} is not hidden")
        cut = self._cut_of.get(cell)
        if cut is None:  # the same in every layout: a mine, or a safe cell that tells nothing
            return Fraction(0) if cell in self._always_mine else self.value()
        wins = self.search.after((1 << self.size) - 1, cut, -1)
        assert wins is not None  # nothing is pruned against -1
        return Fraction(wins, self.size)

    def best(self, anytime: bool = False) -> tuple[Cell, Fraction] | None:
        """The cell to open and the win probability it gives; None if nothing is uncertain.

        The moves are valued safest first, as :meth:`Search.best_of` values
        them.  Past the search's limits it raises
        :class:`~countsweep.errors.LimitExceeded`, or with ``anytime`` returns
        the best of the moves valued before the limit (an exact value, that
        move's own; better moves may be among those not valued), and raises
        only if none was.  Below, four positions are enough to value the
        safest move, (0, 4), and too few to find the best one:

        >>> board = Board.from_text("5x4x5\\n001??\\n013??\\n02???\\n02???")
        >>> Endgame.of(board, 100, max_positions=4).best(anytime=True)
        ((0, 4), Fraction(1, 2))
        >>> Endgame.of(board, 100).best()
        ((3, 3), Fraction(3, 5))
        """
        everything = (1 << self.size) - 1
        options = sorted(((c.mine.bit_count(), i) for i, c in enumerate(self.cuts) if everything & ~c.mine),
                         key=lambda mc: mc[0])
        best_cut, best = -1, -1
        for _, i in options:
            try:
                wins = self.search.after(everything, i, best)
            except LimitExceeded:
                if anytime and best_cut >= 0:
                    break
                raise
            if wins is None:  # this move and every riskier one cannot beat the best
                break
            if wins > best:
                best_cut, best = i, wins
        return None if best_cut < 0 else (self.cuts[best_cut].cell, Fraction(best, self.size))


def component_layouts(comp: Component, width: int, limit: int) -> list[tuple[int, int]] | None:
    """A component's assignments as (bit mask over row-major cells, mines), or None past ``limit``.

    Backtracking over the cells in order, cutting a branch as soon as an equation
    can no longer be met.  Each equation keeps the mines it still needs and its
    cells still open, so setting a cell checks only the equations it is in.
    """
    cells = list(comp.cells)
    n = len(cells)
    where = {c: i for i, c in enumerate(cells)}
    need = [eq.value for eq in comp.equations]  # mines each equation still needs
    open_ = [len(eq.cells) for eq in comp.equations]  # and its cells not yet set
    if any(k < 0 or k > m for k, m in zip(need, open_, strict=True)):
        return []
    of_cell: list[list[int]] = [[] for _ in range(n)]
    for j, eq in enumerate(comp.equations):
        for c in eq.cells:
            of_cell[where[c]].append(j)
    bits = [1 << (r * width + c) for r, c in cells]
    found: list[tuple[int, int]] = []

    def walk(i: int, mask: int, mines: int) -> bool:
        if i == n:
            found.append((mask, mines))
            return len(found) <= limit
        eqs = of_cell[i]
        for b in (0, 1):
            ok = True
            for j in eqs:
                need[j] -= b
                open_[j] -= 1
                if need[j] < 0 or need[j] > open_[j]:
                    ok = False
            go_on = not ok or walk(i + 1, mask | bits[i] if b else mask, mines + b)
            for j in eqs:
                need[j] += b
                open_[j] += 1
            if not go_on:
                return False
        return True

    return found if walk(0, 0, 0) else None


def enumerate_layouts(board: Board, limit: int) -> list[int] | None:
    """Every layout consistent with ``board`` as bit masks (flags included), or None past ``limit``.

    Enumerates each frontier component's assignments, then joins them with the
    ways to place the remaining mines in the sea.  It also gives None when one
    component alone has more than ``limit`` assignments, even where the mine
    total leaves fewer layouts (in 368 expert positions of play with at most
    5000 layouts, none was refused so).
    """
    checked_board(board)
    if type(limit) is not int:
        raise ParameterTypeError(f"limit: a number of layouts (an int), not {shown(limit)}")
    if board.mines is None:
        return None
    w = board.width
    model = Constraints.of(board)
    flags = sum(1 << (r * w + c) for r, c in board.flags())
    per_comp = []
    for comp in model.components:
        found = component_layouts(comp, w, limit)
        if found is None:
            return None
        per_comp.append(found)
    sea = [r * w + c for r, c in model.sea]
    left = model.mines_left
    assert left is not None  # board.mines was checked above
    out: list[int] = []

    def join(i: int, mask: int, used: int) -> bool:
        if i == len(per_comp):
            rest = left - used
            if not 0 <= rest <= len(sea):
                return True
            for combo in combinations(sea, rest):
                out.append(mask | flags | sum(1 << j for j in combo))
                if len(out) > limit:
                    return False
            return True
        return all(join(i + 1, mask | m, used + k) for m, k in per_comp[i])

    if not join(0, 0, 0):
        return None
    return out


class Layouts:
    """The layouts consistent with a board with a mine total, numbered from 0 in the order
    :func:`enumerate_layouts` lists them, each made from its number alone.

    Layout ``i`` is found as a number is read off in a mixed radix: each assignment of
    the first component in turn heads a block of as many layouts as the components after
    it and the sea can complete it with, so the block that holds ``i`` fixes that
    component and ``i`` minus the blocks before it numbers the rest; the sea's mines are
    the last digit, a combination numbered in lexicographic order (the combinatorial
    number system; Knuth, TAOCP 7.2.1.3).  So :meth:`draw` is exactly uniform (a number
    drawn uniformly below :attr:`count`) whatever the count, and costs one component
    block search and at most one step per sea cell, where listing them would take
    millions (44 hidden cells late in an expert game hold up to 4.7 million layouts).

    >>> layouts = Layouts(Board.from_text("4x2x3\\n????\\n?2?2"), 100)
    >>> layouts.count, [bin(layouts.layout(i)) for i in range(layouts.count)] == [
    ...     bin(m) for m in enumerate_layouts(Board.from_text("4x2x3\\n????\\n?2?2"), 100)]
    (6, True)
    """

    def __init__(self, board: Board, limit: int) -> None:
        checked_board(board)
        if type(limit) is not int:
            raise ParameterTypeError(f"limit: a number of assignments (an int), not {shown(limit)}")
        if board.mines is None:
            raise ParameterError("board: its layouts are numbered under a mine total, and it has none")
        w = board.width
        model = Constraints.of(board)
        self._flags = sum(1 << (r * w + c) for r, c in board.flags())
        self._parts: list[list[tuple[int, int]]] = []
        for comp in model.components:
            found = component_layouts(comp, w, limit)
            if found is None:
                raise LimitExceeded(f"a component has more than limit={limit} assignments")
            self._parts.append(found)
        self._sea = [1 << (r * w + c) for r, c in model.sea]
        assert model.mines_left is not None  # board.mines was checked above
        self._left = model.mines_left
        # _after[i][r]: the ways components i.. hold r mines between them
        self._after: list[dict[int, int]] = [{0: 1}]
        for part in reversed(self._parts):
            ways: dict[int, int] = {}
            for r, n in self._after[0].items():
                for _, k in part:
                    ways[r + k] = ways.get(r + k, 0) + n
            self._after.insert(0, ways)
        self._blocks: dict[tuple[int, int], list[int]] = {}
        # _binom[m][k] = C(m, k): the sea's combinations, looked up for each cell of a draw
        n = len(self._sea)
        self._binom = [[comb(m, k) for k in range(min(m, self._left) + 1)] for m in range(n + 1)]
        self.count = self._completions(0, 0)
        """How many layouts there are: the numbers run from 0 to ``count - 1``."""

    def _completions(self, i: int, used: int) -> int:
        """The ways components ``i..`` and the sea complete a layout with ``used`` mines placed."""
        n, rest = len(self._sea), self._left - used
        return sum(ways * comb(n, rest - r) for r, ways in self._after[i].items() if 0 <= rest - r <= n)

    def _ends(self, i: int, used: int) -> list[int]:
        """Where each assignment's block ends, component ``i`` with ``used`` mines before it."""
        key = (i, used)
        ends = self._blocks.get(key)
        if ends is None:
            ends = list(accumulate(self._completions(i + 1, used + k) for _, k in self._parts[i]))
            self._blocks[key] = ends
        return ends

    def layout(self, index: int) -> int:
        """Layout number ``index``, as a bit mask over row-major cells (flags included)."""
        if not self.count:
            raise InconsistentError("no mine layout is consistent with the board")
        if type(index) is not int or not 0 <= index < self.count:
            raise ParameterError(f"index {shown(index)}: expected a whole number from 0 to {self.count - 1}")
        return self._layout(index)

    def _layout(self, index: int) -> int:
        mask, used = self._flags, 0
        for i, part in enumerate(self._parts):
            ends = self._blocks.get((i, used)) or self._ends(i, used)
            j = bisect_right(ends, index)
            if j:
                index -= ends[j - 1]
            m, k = part[j]
            mask |= m
            used += k
        # the sea's mines: combination ``index`` of ``want`` of its cells, in lexicographic order
        sea, want, binom = self._sea, self._left - used, self._binom
        n = len(sea)
        for j in range(n):
            if want == 0:
                break
            if want == n - j:  # every cell left is a mine
                return mask | sum(sea[j:])
            heads = binom[n - j - 1][want - 1]  # the combinations that take this cell
            if index < heads:
                mask |= sea[j]
                want -= 1
            else:
                index -= heads
        return mask

    def draw(self, rng: random.Random) -> int:
        """A layout drawn exactly uniformly with ``rng``: :meth:`layout` of a number below :attr:`count`."""
        if not self.count:
            raise InconsistentError("no mine layout is consistent with the board")
        return self._layout(rng.randrange(self.count))


def best_move(board: Board, max_layouts: int, max_positions: int = 1_000_000,
              anytime: bool = False) -> tuple[Cell, Fraction] | None:
    """The cell maximising the exact win probability, when the search is small enough.

    Returns (cell, win probability), or None when there are more than
    ``max_layouts`` layouts, nothing to guess, or the search meets more than
    ``max_positions`` positions before it has valued a move (``anytime``) or
    at all.  With ``anytime`` a search stopped by its limit gives the best
    move it had valued (:meth:`Endgame.best`).
    """
    search = Endgame.of(board, max_layouts, max_positions)
    if search is None:
        return None
    try:
        return search.best(anytime)
    except LimitExceeded:
        return None
