"""Exact optimal play on small boards: Minesweeper as an MDP whose transitions are counts.

The value of a position under optimal play is

    V(s) = max over hidden cells c of  sum over outcomes o of  P(o | s, c) * V(s + o)

where an outcome is "mine" (value 0) or the set of numbers revealed (zeros flood
fill), and ``P`` is the number of layouts consistent with ``s`` giving ``o``, over
the number consistent with ``s`` (Nakov & Wei's #MINESWEEPER MDP).  Layouts are
kept as bit masks: the layouts consistent with a child position are exactly the
parent's layouts that give its outcome, so every count is exact and no
position is counted twice.  Values are :class:`~fractions.Fraction`.

Pruning that keeps optimality:

* a certain-safe cell is opened first: it gives information and must be opened
  eventually, so any plan can be followed after it;
* candidates are tried in increasing mine probability, and a cell whose chance
  of surviving is no better than the best value found cannot beat it;
* positions are memoised on a canonical form under the board's symmetries, and
  cells swapped by a symmetry fixing the position are tried once.

:func:`policy_value` evaluates any policy (a distribution over cells per
position) the same way; :func:`greedy_value` is the safest-cell policy with
uniform tie-breaks.

>>> from fractions import Fraction
>>> solve_game(2, 2, 1, "safe").value
Fraction(1, 3)
>>> solve_game(3, 1, 1, "safe", first=(0, 1)).value   # the middle shows 1: a coin toss
Fraction(1, 2)
>>> solve_game(3, 1, 1, "safe").value                 # an end cell decides everything
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb

from countsweep.board import HIDDEN, Board, Cell, checked_board
from countsweep.counting.poly import decimal
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError, shown
from countsweep.play.endgame import enumerate_layouts
from countsweep.play.game import FIRST_CLICK_RULES
from countsweep.topology import SQUARE, Topology

State = tuple[int, ...]  # per cell, row-major: HIDDEN, FLAG or the revealed number

MAX_CELLS = 30
"""The largest board ``countsweep optimal`` takes: beyond it, positions number in the billions."""

MAX_LAYOUTS = 1_000_000
"""The most layouts a solve keeps: each is an int and, once met, its numbers (a list per layout),
about 300 bytes on 30 cells; 5x6 with 15 mines has 77 million."""


class Geometry:
    """A board's cells, neighbourhoods, symmetries and, per layout, the numbers.

    Any topology (:mod:`countsweep.topology`): its neighbourhoods, and as
    symmetries those of the rectangle's (reflections, and transposes of a
    square) that map every neighbourhood onto a neighbourhood.
    """

    def __init__(self, width: int, height: int, topology: Topology = SQUARE) -> None:
        self.width, self.height = width, height
        self.n = width * height
        self.cells = [(r, c) for r in range(height) for c in range(width)]
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        self.nbrs = [[self.index[x] for x in topology.neighbours(cell, height, width)] for cell in self.cells]
        self.nbr_mask = [sum(1 << j for j in nb) for nb in self.nbrs]
        maps = [lambda r, c: (r, c), lambda r, c: (height - 1 - r, c),
                lambda r, c: (r, width - 1 - c), lambda r, c: (height - 1 - r, width - 1 - c)]
        if width == height:
            maps += [lambda r, c: (c, r), lambda r, c: (width - 1 - c, r),
                     lambda r, c: (c, height - 1 - r), lambda r, c: (width - 1 - c, height - 1 - r)]
        candidates = [tuple(self.index[f(r, c)] for (r, c) in self.cells) for f in maps]
        self.symmetries = [s for s in candidates if all(
            {s[j] for j in self.nbrs[i]} == set(self.nbrs[s[i]]) for i in range(self.n))]

    def numbers(self, layout: int) -> list[int]:
        return [(layout & m).bit_count() for m in self.nbr_mask]

    def outcome(self, layout: int, numbers: list[int], cell: int) -> tuple[tuple[int, int], ...]:
        """The cells revealed by opening ``cell`` (flood filling zeros), with their numbers."""
        seen = {cell}
        stack = [cell]
        while stack:
            i = stack.pop()
            if numbers[i] == 0:
                for j in self.nbrs[i]:
                    if j not in seen and not (layout >> j) & 1:
                        seen.add(j)
                        stack.append(j)
        return tuple(sorted((i, numbers[i]) for i in seen))

    def canonical(self, state: State) -> State:
        return min(tuple(state[s[i]] for i in range(self.n)) for s in self.symmetries)

    def orbits(self, state: State, cells: list[int]) -> list[int]:
        """One representative of each class of ``cells`` swapped by a symmetry fixing ``state``."""
        fixing = [s for s in self.symmetries if all(state[s[i]] == state[i] for i in range(self.n))]
        reps, seen = list[int](), set[int]()
        for c in cells:
            if c in seen:
                continue
            reps.append(c)
            seen.update(s[c] for s in fixing)
        return reps


@dataclass
class Solver:
    """Memoised exact values of positions on one board size with ``mines`` mines."""

    geo: Geometry
    mines: int
    limit: int | None = None
    memo: dict[State, Fraction] = field(default_factory=dict)
    numbers_of: dict[int, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.limit is not None and (type(self.limit) is not int or self.limit < 1):
            raise ParameterError(f"limit: a number of positions (an int of 1 or more) or None, not {shown(self.limit)}")

    def _numbers(self, layout: int) -> list[int]:
        nums = self.numbers_of.get(layout)
        if nums is None:
            nums = self.numbers_of[layout] = self.geo.numbers(layout)
        return nums

    def split(self, layouts: list[int], cell: int) -> dict[tuple, list[int]]:
        """Layouts grouped by what opening ``cell`` shows; key ``()`` is "a mine"."""
        groups: dict[tuple, list[int]] = {}
        for lay in layouts:
            key = () if (lay >> cell) & 1 else self.geo.outcome(lay, self._numbers(lay), cell)
            groups.setdefault(key, []).append(lay)
        return groups

    def after(self, state: State, reveal: tuple) -> State:
        s = list(state)
        for i, v in reveal:
            s[i] = v
        return tuple(s)

    def won(self, state: State) -> bool:
        return sum(1 for v in state if v >= 0) == self.geo.n - self.mines

    def move_value(self, state: State, layouts: list[int], cell: int,
                   value: Callable[[State, list[int]], Fraction]) -> Fraction:
        total = Fraction(0)
        for reveal, group in self.split(layouts, cell).items():
            if reveal:
                total += Fraction(len(group), len(layouts)) * value(self.after(state, reveal), group)
        return total

    def mines_at(self, state: State, layouts: list[int]) -> dict[int, int]:
        """For each hidden cell, the number of layouts with a mine there."""
        return {i: sum((lay >> i) & 1 for lay in layouts) for i, v in enumerate(state) if v == HIDDEN}

    def solve(self, state: State, layouts: list[int], memo: dict[State, Fraction],
              key: Callable[[State], State], guess) -> Fraction:
        """The frame shared by optimal play and policy evaluation.

        A won position is worth 1; positions are memoised under ``key(state)``; a
        certain-safe cell is opened first; otherwise
        ``guess(state, layouts, mines_at, recurse)`` values the position.
        """
        if self.won(state):
            return Fraction(1)
        k = key(state)
        known = memo.get(k)
        if known is not None:
            return known

        def recurse(s: State, ls: list[int]) -> Fraction:
            return self.solve(s, ls, memo, key, guess)

        mines_at = self.mines_at(state, layouts)
        safe = next((i for i, m in mines_at.items() if m == 0), None)
        if safe is not None:
            v = self.move_value(state, layouts, safe, recurse)
        else:
            v = guess(state, layouts, mines_at, recurse)
        # checked as a position is stored, so ``limit`` bounds the positions kept exactly
        # (the ones below it were stored first, so a search past the limit stops at its leaves)
        if self.limit is not None and len(memo) >= self.limit:
            raise LimitExceeded(f"state limit of {self.limit} positions reached")
        memo[k] = v
        return v

    def value(self, state: State, layouts: list[int]) -> Fraction:
        """V(state) under optimal play."""
        return self.solve(state, layouts, self.memo, self.geo.canonical, self._best_guess)

    def _best_guess(self, state: State, layouts: list[int], mines_at: dict[int, int],
                    recurse) -> Fraction:
        best = Fraction(0)
        order = sorted(self.geo.orbits(state, [i for i, m in mines_at.items() if m < len(layouts)]),
                       key=lambda i: mines_at[i])
        for i in order:
            if Fraction(len(layouts) - mines_at[i], len(layouts)) <= best:
                break  # surviving this cell is no likelier than the best plan's win
            best = max(best, self.move_value(state, layouts, i, recurse))
        return best


def state_of(board: Board) -> State:
    """A board as a solver state: numbers, HIDDEN and FLAG per cell, row-major.

    Flags stay distinct from hidden cells: they fix the layout set, which memoised
    positions and symmetry classes must determine.
    """
    return tuple(v for row in board.grid for v in row)


def policy_value(solver: Solver, state: State, layouts: list[int],
                 choose: Callable[[State, list[int], dict[int, int]], dict[int, Fraction]],
                 memo: dict[State, Fraction] | None = None, symmetric: bool = True) -> Fraction:
    """The exact win probability of a policy from ``state``.

    ``choose(state, layouts, mines_at)`` returns the probability of opening each
    cell; certain-safe cells are opened first, as every agent here does.  With
    ``symmetric`` the policy must treat symmetric positions alike, and positions
    are memoised on their canonical form.
    """

    def guess(st: State, lays: list[int], mines_at: dict[int, int], recurse) -> Fraction:
        return sum((p * solver.move_value(st, lays, i, recurse)
                    for i, p in choose(st, lays, mines_at).items()), Fraction(0))

    key = solver.geo.canonical if symmetric else (lambda st: st)
    return solver.solve(state, layouts, {} if memo is None else memo, key, guess)


def greedy_choice(state: State, layouts: list[int], mines_at: dict[int, int]) -> dict[int, Fraction]:
    """The safest cells, uniformly (the greedy agent with random tie-breaks)."""
    low = min(m for m in mines_at.values() if m < len(layouts))
    ties = [i for i, m in mines_at.items() if m == low]
    return {i: Fraction(1, len(ties)) for i in ties}


def agent_choice(agent, geo: Geometry, mines: int):
    """An :class:`~countsweep.play.agents.Agent` as a policy: the cell it opens when it must guess.

    The agent sees only the board (numbers and hidden cells, the mine total);
    its random tie-breaks are seeded per position, so the policy is deterministic.
    """
    import random

    def choose(state: State, layouts: list[int], mines_at: dict[int, int]) -> dict[int, Fraction]:
        grid = [state[r * geo.width:(r + 1) * geo.width] for r in range(geo.height)]
        board = Board.from_array(grid, mines=mines)
        opens = [m for m in agent.moves(board, random.Random(hash(state))) if m.action == "open"]
        return {geo.index[opens[0].cell]: Fraction(1)}

    return choose


def agent_value(agent, width: int, height: int, mines: int, rule: str, first: Cell) -> Fraction:
    """The exact win probability of ``agent`` on a whole game with the given first click."""
    geo = Geometry(width, height)
    solver = Solver(geo, mines)
    f = geo.index[first]
    start: State = (HIDDEN,) * geo.n
    choose = agent_choice(agent, geo, mines)
    memo: dict[State, Fraction] = {}
    return solver.move_value(start, first_layouts(geo, mines, rule, f), f,
                             lambda s, ls: policy_value(solver, s, ls, choose, memo, symmetric=False))


def first_layouts(geo: Geometry, mines: int, rule: str, first: int) -> list[int]:
    """Layouts allowed by the first-click rule, given the first click."""
    if rule not in FIRST_CLICK_RULES:
        # a misspelt rule would otherwise be played as "unsafe" without a word
        raise ParameterError(f"unknown rule {shown(rule)}; choose from {', '.join(FIRST_CLICK_RULES)}")
    banned = 0
    if rule in ("safe", "opening"):
        banned |= 1 << first
    if rule == "opening":
        banned |= geo.nbr_mask[first]
    free = [i for i in range(geo.n) if not (banned >> i) & 1]
    if comb(len(free), mines) > MAX_LAYOUTS:
        raise LimitExceeded(f"exact optimal play keeps every layout, and {geo.width}x{geo.height} with {mines} "
                            f"mines has {comb(len(free), mines):,} (at most {MAX_LAYOUTS:,})")
    return [sum(1 << i for i in combo) for combo in combinations(free, mines)]


def _fraction(p: Fraction) -> str:
    return f"{decimal(p.numerator)}/{decimal(p.denominator)}"


@dataclass(frozen=True)
class MoveValue:
    """What opening one cell is worth, then playing on optimally (and greedily, for first clicks)."""

    cell: Cell
    mine_probability: Fraction
    optimal: Fraction
    greedy: Fraction | None = None
    """Opening the cell, then playing greedily; computed for first clicks only."""


@dataclass(frozen=True)
class Solution:
    """Exact values of a whole game (:func:`solve_game`) or of a position (:func:`solve_position`).

    One shape for both, so that ``countsweep optimal`` prints one JSON schema.
    """

    width: int
    height: int
    mines: int
    rule: str | None
    """The first-click rule of a whole game; ``None`` for a position."""
    value: Fraction
    """Optimal win probability (of the best first click for a game, unless one was given)."""
    greedy: Fraction
    """The greedy policy's exact win probability from the same start."""
    moves: tuple[MoveValue, ...]
    """Each cell worth considering: every first click (one per symmetry class), or every hidden cell."""
    states: int
    """Distinct positions the optimal solver met."""

    def to_dict(self) -> dict:
        """The JSON ``countsweep optimal --json`` prints: fractions as ``"num/den"``, floats beside."""
        return {
            "width": self.width, "height": self.height, "mines": self.mines, "rule": self.rule,
            "optimal": _fraction(self.value), "optimal_float": float(self.value),
            "greedy": _fraction(self.greedy), "greedy_float": float(self.greedy),
            "states": self.states,
            "moves": [{"cell": list(mv.cell), "mine_probability": _fraction(mv.mine_probability),
                       "optimal": _fraction(mv.optimal),
                       "greedy": None if mv.greedy is None else _fraction(mv.greedy)} for mv in self.moves],
        }


def solve_game(width: int, height: int, mines: int, rule: str = "safe",
               first: Cell | None = None, limit: int | None = None, topology: Topology = SQUARE) -> Solution:
    """Exact optimal and greedy win probabilities of a whole game (on any topology).

    ``first=None`` evaluates every first click (one per symmetry class) and takes
    the best; the ``moves`` table lists each first cell's values.
    """
    if not all(type(x) is int for x in (width, height, mines)):
        raise ParameterError(f"width, height and mines are whole numbers (ints), not {shown((width, height, mines))}")
    if width < 1 or height < 1 or width * height > MAX_CELLS:
        raise ParameterError(f"exact optimal play is for boards of 1 to {MAX_CELLS} cells, not {width}x{height}")
    geo = Geometry(width, height, topology)
    if not 0 <= mines <= geo.n:
        raise ParameterError(f"{shown(mines)} mines do not fit {width}x{height}")
    if first is not None and (type(first) is not tuple or first not in geo.index):
        raise ParameterError(f"first click {list(first) if type(first) is tuple else shown(first)} is not on the "
                             f"{width}x{height} board")
    solver = Solver(geo, mines, limit)
    greedy_memo: dict[State, Fraction] = {}
    start: State = (HIDDEN,) * geo.n
    firsts = [geo.index[first]] if first is not None else geo.orbits(start, list(range(geo.n)))
    table = []
    for f in firsts:
        lays = first_layouts(geo, mines, rule, f)
        if not lays:
            if first is None:
                continue  # e.g. the centre of 3x3 under "opening": no layout spares its neighbourhood
            raise ParameterError(f"no layout allows a first click at {list(geo.cells[f])} under rule {rule!r}")
        opt = solver.move_value(start, lays, f, solver.value)
        gre = solver.move_value(start, lays, f, lambda s, ls: policy_value(
            solver, s, ls, greedy_choice, greedy_memo))
        mine = Fraction(sum((lay >> f) & 1 for lay in lays), len(lays))
        table.append(MoveValue(geo.cells[f], mine, opt, gre))
    if not table:
        raise ParameterError(f"{mines} mines leave no first click on {width}x{height} under rule {rule!r}")
    best = max(table, key=lambda m: (m.optimal, m.greedy))
    assert best.greedy is not None
    return Solution(width, height, mines, rule, best.optimal, best.greedy, tuple(table), len(solver.memo))


def solve_position(board: Board, limit: int | None = None) -> Solution:
    """Optimal and greedy values of a position (flags are mines, as everywhere in countsweep)."""
    checked_board(board)
    if board.width * board.height > MAX_CELLS:
        raise ParameterError(f"exact optimal play is for boards of at most {MAX_CELLS} cells, "
                             f"not {board.width}x{board.height}")
    if board.mines is None:
        raise ParameterError("optimal play needs the mine total (header WxHxM or --mines)")
    geo = Geometry(board.width, board.height, board.topology)
    state = state_of(board)
    lays = enumerate_layouts(board, limit=MAX_LAYOUTS)
    if lays is None:
        raise LimitExceeded(f"exact optimal play keeps every layout, and this position has more than "
                            f"{MAX_LAYOUTS:,}")
    if not lays:
        raise InconsistentError("no mine layout fits the position")
    solver = Solver(geo, board.mines, limit)
    value = solver.value(state, lays)
    greedy = policy_value(solver, state, lays, greedy_choice)
    moves = tuple(MoveValue(geo.cells[i], Fraction(m, len(lays)), solver.move_value(state, lays, i, solver.value))
                  for i, m in solver.mines_at(state, lays).items())
    return Solution(board.width, board.height, board.mines, None, value, greedy, moves, len(solver.memo))
