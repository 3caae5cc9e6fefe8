"""Consistency, forced cells and uniqueness by incremental SAT (Kaye's test), at any size.

One solver holds a position; each question is a call under assumptions.  The
position goes in as it is:

* every number (or rule) is native cardinality, ``lo <= sum <= hi`` as two
  ``AtMost`` constraints (an ``AtLeast`` is an ``AtMost`` of the negations), on
  a solver that takes them whole (PySAT's Minicard): no auxiliary variable, no
  clause.  A number whose allowed sums have a gap (a noisy clue model's table)
  is encoded with selectors, as :mod:`countsweep.encode.cnf` writes it;
* the mine total is what it means for the frontier: the sea's cells are
  interchangeable, so the total only bounds the frontier's mines to
  ``[total - sea, total]``.  The sea needs no variable: it can hold a mine when
  some layout leaves the frontier below the total, and can be empty when some
  layout puts more than ``total - sea`` mines on it, two questions asked with
  the same two constraints tightened by a spare literal;
* components are decided on their own solvers where the total's bound cannot
  couple them (no total, or a bound no frontier reaches).

The forced cells are the backbone, found on one solver: take a model, and for
each cell still a candidate, ask for the opposite value; a model found drops
every candidate it disagrees with, and a refutation adds the forced literal for
the next calls.  A cell whose other value is hard to reach under the total's
tight bound is tried first in small windows of the constraint graph (the rest
held to the last model), then by restarts on renewed solvers with growing
budgets: the calls of a tight bound have a heavy tail, and both cures cut it
(minutes to seconds on lattices; see :func:`_backbone`).  Uniqueness is then read off: one layout exactly when every
frontier cell is forced and the sea is too; otherwise two models already met
are a witness.

``encoding`` other than ``native`` writes every constraint, the frontier's
bounds included, as clauses through PySAT's encodings (:data:`ENCODINGS`) for a
clause solver.

>>> from countsweep.board import Board
>>> from countsweep.constraints import Constraints
>>> r = solve(Constraints.of(Board.from_text("3x2\\nF1?\\n???")))
>>> r.consistent, r.safe, r.mines_certain
(True, ((0, 2), (1, 0), (1, 1), (1, 2)), ())
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pysat.card import CardEnc
from pysat.formula import IDPool
from pysat.solvers import Solver

from countsweep.board import Board, Cell, as_board
from countsweep.clues import EXACT, ClueModel, clue_model
from countsweep.constraints import Constraints, Equation
from countsweep.counting import Limits
from countsweep.encode.cnf import DEFAULT_ENCODING, ENCODINGS, _bound, encode_equations
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError, ParameterTypeError, shown
from countsweep.interrupts import shielded

NATIVE = "native"
"""The encoding that is no encoding: native cardinality constraints on Minicard."""

SOLVER = "minicard"
"""The solver of the native path: MiniSat with native ``AtMost`` constraints."""
CLAUSE_SOLVER = "glucose4"
"""The solver of positions written as clauses (``encoding`` not native)."""

# memory of a clause written through an encoding, about (literals, list, PySAT's copy)
_BYTES_PER_CLAUSE = 120


@dataclass(frozen=True)
class CheckResult:
    """What ``countsweep check`` answers."""

    consistent: bool
    safe: tuple[Cell, ...]
    mines_certain: tuple[Cell, ...]
    sat_calls: int
    reason: str = ""
    """Why the position is inconsistent; empty when it is consistent."""
    clue_model: str = "exact"
    method: str = "sat"
    """How it was decided: ``sat`` (the solver) or ``count`` (the exact oracle, where counting was cheaper)."""
    unique: bool | None = None
    """Exactly one layout? (None when not asked.)"""
    witness: tuple[tuple[Cell, ...], tuple[Cell, ...]] | None = None
    """Two layouts that differ (their mines, flags included), when there is more than one and it was asked."""

    def to_dict(self) -> dict:
        """The JSON ``countsweep check --json`` prints."""
        out: dict = {"consistent": self.consistent, "safe": [list(c) for c in self.safe],
                     "mines_certain": [list(c) for c in self.mines_certain], "sat_calls": self.sat_calls,
                     "clue_model": self.clue_model, "method": self.method}
        if self.reason:
            out["reason"] = self.reason
        if self.unique is not None:
            out["unique"] = self.unique
        if self.witness is not None:
            out["witness"] = [[list(c) for c in layout] for layout in self.witness]
        return out


class _Stopped(Exception):
    pass


class _Calls:
    """A problem's solver calls under the deadline: interrupted when it passes (``solve_limited``)."""

    def __init__(self, problem: _Problem, limits: Limits, progress: Callable[[int], None] | None) -> None:
        self.problem = problem
        self.limits = limits
        self.progress = progress
        self.count = 0

    def limited(self, assumptions: list[int] = (), budget: int = -1) -> bool | None:  # type: ignore[assignment]
        """Whether the solver has a model under ``assumptions``, within ``budget`` conflicts (-1: no budget).

        None when the budget ran out first; the deadline raises :class:`LimitExceeded`.
        """
        self.limits.check("while deciding the forced cells")
        self.count += 1
        if self.progress is not None:
            self.progress(self.count)
        solver = self.problem.solver
        timer = None
        if self.limits.deadline is not None:
            import time

            timer = threading.Timer(max(0.0, self.limits.deadline - time.monotonic()), solver.interrupt)
            timer.daemon = True
            timer.start()
        solver.conf_budget(budget)
        try:
            found = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        finally:
            if timer is not None:
                with shielded():  # cut short, the timer could interrupt a solver freed meanwhile
                    timer.cancel()
                    timer.join()  # an interrupt already under way ends before the solver can be deleted or renewed
            solver.clear_interrupt()
            solver.conf_budget(-1)
        if found is None and (budget < 0 or self.limits.expired()):
            raise LimitExceeded(f"time limit of {self.limits.timeout:g} s reached in a SAT call")
        return found


def _allowed(eq: Equation) -> list[int]:
    """The sums an equation allows (a weighted one: those that weigh something)."""
    if eq.weights is None:
        return list(range(eq.value, eq.hi + 1))
    return [eq.value + i for i, w in enumerate(eq.weights) if w]


class _Problem:
    """One solver's share of a position: its cells as variables, their constraints added."""

    def __init__(self, cells: tuple[Cell, ...], equations: tuple[Equation, ...], encoding: str,
                 bounds: tuple[int, int] | None, limits: Limits) -> None:
        self.cells = cells
        self.equations = equations
        self.encoding = encoding
        self.bounds = bounds
        self.limits = limits
        self.var = {c: i for i, c in enumerate(cells, 1)}
        n = len(cells)
        pool = IDPool(start_from=n + 3)
        self.spare = (n + 1, n + 2)  # assumed, they tighten the bounds: frontier <= hi - 1, >= lo + 1
        native = encoding == NATIVE
        self.name = SOLVER if native else CLAUSE_SOLVER
        self.atmosts: list[tuple[list[int], int]] = []  # native constraints, kept to load a new solver
        clauses: list[list[int]] = []
        for eq in equations:
            lits = [self.var[c] for c in eq.cells]
            allowed = _allowed(eq)
            if not allowed:
                clauses.append([])
            elif native and allowed == list(range(allowed[0], allowed[-1] + 1)):
                self._atmost(lits, allowed[-1])
                self._atmost([-x for x in lits], len(lits) - allowed[0])
            else:  # a gap (selectors over the allowed sums, as the export writes them), or clauses asked for
                _, cl, _ = encode_equations([eq], self.var, None, DEFAULT_ENCODING if native else encoding,
                                            pool=pool)
                clauses += cl
        if bounds is not None:
            lo, hi = bounds
            frontier = list(range(1, n + 1))
            at_most = [*frontier, self.spare[0]], hi
            at_least = [*(-x for x in frontier), self.spare[1]], n - lo  # lo or more: n - lo or fewer safe
            if native:
                self._atmost(*at_most)
                self._atmost(*at_least)
            else:
                need = n * max(1, min(hi, n - lo)) * 2 * _BYTES_PER_CLAUSE
                if limits.max_memory is not None and need > limits.max_memory:
                    raise LimitExceeded(f"the {encoding} encoding of the mine total over {n} frontier cells needs "
                                        f"about {need / 2**20:,.0f} MB; the limit is "
                                        f"{limits.max_memory / 2**20:,.0f} MB (--max-memory)")
                for lits, k in (at_most, at_least):
                    if k < len(lits):
                        clauses += _bound(CardEnc.atmost, lits, k, pool, encoding) if k >= 0 else [[]]
        self.clauses = clauses
        self.units: list[int] = []
        self.solver = self._loaded()
        self.around: dict[Cell, set[Cell]] = {c: set() for c in cells}  # cells sharing a constraint
        for eq in equations:
            for cell in eq.cells:
                self.around[cell].update(eq.cells)

    def _atmost(self, lits: list[int], k: int) -> None:
        if k < len(lits):  # k < 0: no assignment fits, loaded as the empty clause
            self.atmosts.append((lits, k))

    def _loaded(self) -> Solver:
        """A new solver holding the problem's constraints."""
        solver = Solver(name=self.name)
        for lits, k in self.atmosts:
            if k < 0:
                solver.add_clause([])
            else:
                solver.add_atmost(lits, k)
        for c in self.clauses:
            solver.add_clause(c)
        return solver

    def force(self, lit: int) -> None:
        """Add ``lit``, proved to hold in every model: it helps every later call, renewed solvers' too."""
        self.units.append(lit)
        self.solver.add_clause([lit])

    def renew(self) -> None:
        """Start over on a new solver holding the constraints and the forced literals, forgetting what was learned.

        After hundreds of calls under assumptions, an incremental solver's
        learned clauses and activities can leave it lost on a call a new solver
        answers at once (measured: minutes against milliseconds on a 41x41
        lattice); a restart from scratch is the cure, as in restarting CDCL.
        """
        self.close()
        self.solver = self._loaded()
        for lit in self.units:
            self.solver.add_clause([lit])

    def close(self) -> None:
        """Free the solver (whole: PySAT frees it and then clears its pointer, see countsweep.interrupts)."""
        with shielded():
            self.solver.delete()

    def window(self, cell: Cell, radius: int) -> set[Cell]:
        """The cells at most ``radius`` constraints away from ``cell``."""
        seen = {cell}
        ring = {cell}
        for _ in range(radius):
            ring = {d for c in ring for d in self.around[c]} - seen
            if not ring:
                break
            seen |= ring
        return seen

    def literals(self, layout: dict[Cell, bool], cells: Iterable[Cell]) -> list[int]:
        """``layout``'s value of each of ``cells`` as a literal (mine: positive)."""
        return [self.var[c] if layout[c] else -self.var[c] for c in cells]

    def layout(self) -> dict[Cell, bool]:
        """The last model's value of every cell (mine: True)."""
        model = self.solver.get_model() or []
        value = {abs(x): x > 0 for x in model}
        return {c: value.get(v, False) for c, v in self.var.items()}


def solve(model: Constraints, encoding: str = NATIVE, *, unique: bool = False, limits: Limits | None = None,
          progress: Callable[[int], None] | None = None) -> CheckResult:
    """Consistency, forced cells and, with ``unique``, uniqueness of ``model`` by SAT (see the module's notes).

    ``progress`` is told the number of SAT calls so far, at each call.
    """
    if not isinstance(model, Constraints):
        raise ParameterTypeError(f"model: expected a Constraints (Constraints.of(board)), not {shown(model)}")
    if encoding != NATIVE and (not isinstance(encoding, str) or encoding not in ENCODINGS):
        raise ParameterError(f"unknown encoding {shown(encoding)}; choose from {NATIVE}, {', '.join(ENCODINGS)}")
    limits = (limits or Limits()).started()
    left, sea, frontier = model.mines_left, model.sea_size, model.frontier
    bounds = None if left is None else (max(0, left - sea), left)
    coupled = bounds is not None and (bounds[0] > 0 or bounds[1] < len(frontier))
    groups = [(frontier, model.equations)] if coupled or not model.components else [
        (comp.cells, comp.equations) for comp in model.components]
    calls = 0
    forced: dict[Cell, bool] = {}
    firsts: dict[Cell, bool] = {}
    differing: dict[Cell, bool] | None = None  # a model of one group differing from its first
    sea_forced: bool | None = None
    for cells, equations in groups:
        problem = _Problem(cells, equations, encoding, bounds if coupled else None, limits)
        run = _Calls(problem, limits, _offset(progress, calls))
        try:
            found = _backbone(problem, run, forced)
            if found is not None and coupled and sea:
                assert left is not None
                sea_forced = _sea(problem, run, left, sea, found[2])
        finally:
            calls += run.count
            problem.close()
        if found is None:
            return CheckResult(False, (), (), calls, "no mine layout fits the position", model.clues.name)
        first, other, _ = found
        firsts.update(first)
        if other is not None and differing is None:
            differing = {**firsts, **other}  # the other groups' first models are filled in below
    if differing is not None:
        differing = {**firsts, **differing}
    if left is not None and sea and not coupled:
        # the bound reaches no frontier: the sea is forced only where the frontier is all one way
        frontier_mines = [forced.get(c) for c in frontier]
        if left == 0 or (left == len(frontier) and all(m is True for m in frontier_mines)):
            sea_forced = False
        elif left == sea and all(m is False for m in frontier_mines):
            sea_forced = True
    if sea_forced is not None:
        forced.update(dict.fromkeys(model.sea, sea_forced))
    safe = tuple(sorted(c for c, mine in forced.items() if not mine))
    mines = tuple(sorted(c for c, mine in forced.items() if mine))
    result = CheckResult(True, safe, mines, calls, "", model.clues.name)
    if not unique:
        return result
    return _uniqueness(model, result, firsts, differing, sea_forced is not None)


def _offset(progress: Callable[[int], None] | None, base: int) -> Callable[[int], None] | None:
    """``progress`` told the calls of the problems before this one too."""
    if progress is None:
        return None
    return lambda k: progress(base + k)


SCHEDULE: tuple[tuple[int | None, int], ...] = (
    (None, 50), (2, 1000), (4, 1000), (8, 1000), (16, 3000), (32, 3000))
"""How each candidate is first tried: (radius, conflict budget) in turn, until one attempt settles it.

Radius None is the whole problem, steered by phases; a radius r frees only the
cells within r constraints of the candidate and holds every other cell to the
last model found.  Only a whole-problem call can prove a candidate forced.
"""

RESTART_BUDGET = 10_000
"""The first budget of the restarts that follow :data:`SCHEDULE`; each next one is :data:`RESTART_GROWTH` times
larger, without end, so every candidate is settled (or the deadline passes)."""
RESTART_GROWTH = 2
FIRST_BUDGET = 1000
"""The budget of the first model's first call, and of the first restart after it."""


def _backbone(problem: _Problem, run: _Calls,
              forced: dict[Cell, bool]) -> tuple[dict[Cell, bool], dict[Cell, bool] | None, list[int]] | None:
    """One problem's forced cells into ``forced``: its first model, one that differs from it (or None),
    and the frontier mines of every model met; None when it has no model.

    A candidate the whole-problem call cannot settle quickly is a cell whose
    other value needs a model far from those seen, under the tight bound the
    total puts on the frontier; such a model nearly always differs from the last
    one only near the cell, so small windows around it (the rest of the board
    held to the last model by assumptions) find it in a few conflicts.  The
    loop is the iterative backbone algorithm with model filtering of Janota,
    Lynce and Marques-Silva, "Algorithms for computing backbones of
    propositional formulae" (AI Communications 28(2), 2015); the windows are
    countsweep's own, grown by distance in the constraint graph, which no
    topology needs to know.
    """
    if not _first_model(problem, run):
        return None
    first = problem.layout()
    seen = [sum(first.values())]
    other = None
    candidates = dict(first)
    last = first
    for cell in problem.cells:
        if cell not in candidates:
            continue
        lit = problem.var[cell] if candidates[cell] else -problem.var[cell]
        if _other_value(problem, run, candidates, last, cell, lit):
            found = problem.layout()
            seen.append(sum(found.values()))
            other = other or found
            last = found
            for c in [c for c, v in candidates.items() if found[c] != v]:
                del candidates[c]
        else:
            forced[cell] = candidates.pop(cell)
            problem.force(lit)
    return first, other, seen


def _other_value(problem: _Problem, run: _Calls, candidates: dict[Cell, bool], last: dict[Cell, bool],
                 cell: Cell, lit: int) -> bool:
    """Whether some model gives ``cell`` the value ``-lit`` (then it is the solver's model), by :data:`SCHEDULE`."""
    var = problem.var
    for radius, budget in SCHEDULE:
        if radius is None:
            # steer every open candidate to its unseen value, so one model settles many at once
            problem.solver.set_phases([-var[c] if v else var[c] for c, v in candidates.items()])
            assumptions = [-lit]
        else:
            inside = problem.window(cell, radius)
            if len(inside) == len(problem.cells):
                continue  # the whole problem: the next whole-problem attempt asks the same
            assumptions = [-lit, *problem.literals(last, (c for c in problem.cells if c not in inside))]
        found = run.limited(assumptions, budget)
        if found or (found is False and radius is None):
            return found
    near_last = [-lit, *problem.literals(last, (c for c in problem.cells if c != cell))]
    unseen = [-var[c] if v else var[c] for c, v in candidates.items()]
    return _restarting(problem, run, [-lit], (near_last, unseen, *_leaning(problem)), RESTART_BUDGET)


def _first_model(problem: _Problem, run: _Calls) -> bool:
    """Whether the problem has a model (then it is the solver's).

    Under a tight bound from the total the first model can be the hardest call
    of all (measured: 99 s on a 70x70 lattice), while the same constraints
    without the bound take milliseconds and their model often lies inside the
    bound already.  So: one call on a budget; then a model without the bound,
    installed by assumptions when it fits; else restarts leaning first toward
    the side of the bound it missed.
    """
    if problem.bounds is None:
        return _decided(problem, run, [])
    found = run.limited([], FIRST_BUDGET)
    if found is not None:
        return found
    loose = _Problem(problem.cells, problem.equations, problem.encoding, None, problem.limits)
    try:
        if not _Calls(loose, problem.limits, None).limited([]):
            return False
        model = loose.layout()
    finally:
        loose.close()
    phases = problem.literals(model, model)
    lo, hi = problem.bounds
    mines = sum(model.values())
    if lo <= mines <= hi and run.limited(phases):
        return True  # installed: the solver's model now
    none, every, no = _leaning(problem)
    return _restarting(problem, run, [], (every, none, phases, no) if mines < lo else (no, none, phases, every),
                       FIRST_BUDGET)


def _decided(problem: _Problem, run: _Calls, assumptions: list[int]) -> bool:
    """Whether the problem has a model under ``assumptions``: one call on a budget, then restarts."""
    found = run.limited(assumptions, FIRST_BUDGET)
    if found is None:
        found = _restarting(problem, run, assumptions, _leaning(problem), FIRST_BUDGET)
    return found


def _leaning(problem: _Problem) -> tuple[list[int], list[int], list[int]]:
    """Phases for a restart: none, every cell a mine, every cell safe (toward either end of the total's bound)."""
    return [], list(problem.var.values()), [-v for v in problem.var.values()]


def _restarting(problem: _Problem, run: _Calls, assumptions: list[int], phases: tuple[list[int], ...],
                budget: int) -> bool:
    """Whether the problem has a model under ``assumptions``, by restarts on renewed solvers.

    Calls on a problem with a tight bound from the total have a heavy tail: one
    solver takes minutes where another, started differently, takes milliseconds
    (measured on lattices: a first model took 99 s with a solver's default
    phases and 10 ms with every cell a mine first).  So each attempt starts on a
    renewed solver, with the next of ``phases`` and a budget
    :data:`RESTART_GROWTH` times the last, without end (Luby, Sinclair and
    Zuckerman, "Optimal speedup of Las Vegas algorithms", IPL 47(4), 1993;
    Gomes, Selman and Kautz, "Boosting combinatorial search through
    randomization", AAAI 1998).
    """
    for attempt in itertools.count():
        problem.renew()
        problem.solver.set_phases(phases[attempt % len(phases)])
        found = run.limited(assumptions, budget)
        if found is not None:
            return found
        budget = max(1, budget * RESTART_GROWTH)
    raise AssertionError("unreachable")  # pragma: no cover


def _sea(problem: _Problem, run: _Calls, left: int, sea: int, seen: list[int]) -> bool | None:
    """The sea all safe (False), all mines (True), or either (None), from the frontier's mines.

    The sea holds ``left - m`` mines when the frontier holds ``m``: one of its
    cells can hold a mine when some layout has ``m < left``, and can be empty
    when some layout has ``m > left - sea``; the models met may have shown
    either, else a call with the bound tightened by its spare literal asks.
    """
    fewer, more = [problem.spare[0]], [problem.spare[1]]
    can_mine = any(m < left for m in seen) or _decided(problem, run, fewer)
    can_empty = left - sea < 0 or any(m > left - sea for m in seen) or _decided(problem, run, more)
    if can_mine and can_empty:
        return None
    return can_mine  # one of the two holds: every layout has left - sea <= m <= left


def _uniqueness(model: Constraints, result: CheckResult, first: dict[Cell, bool], other: dict[Cell, bool] | None,
                sea_settled: bool) -> CheckResult:
    """One layout exactly when every hidden cell is forced; else two layouts that differ, from models met.

    A layout lists its mines, flags included; a rule set's cells no rule names are
    ``(0, n + j)`` after its ``n`` named ones, as its export numbers them.
    """
    import dataclasses

    settled = len(result.safe) + len(result.mines_certain) + (model.others if sea_settled else 0)
    if settled == len(model.hidden) + model.others:
        return dataclasses.replace(result, unique=True)
    flags = tuple(model.board.flag_cells) if model.board is not None else ()
    sea = [*model.sea, *((0, len(model.hidden) + j) for j in range(model.others))]

    def fill(assignment: dict[Cell, bool], extra: int = 0) -> tuple[Cell, ...]:
        """The frontier's mines, the sea's first cells holding what the total leaves (or ``extra``), the flags."""
        mines = [c for c, v in assignment.items() if v]
        in_sea = extra if model.mines_left is None else model.mines_left - len(mines)
        return tuple(sorted([*mines, *sea[:in_sea], *flags]))

    a = fill(first)
    if other is not None:
        b = fill(other)
    elif model.mines_left is None:  # no total: the sea holds anything; a mine more differs
        b = fill(first, 1)
    else:  # the frontier is one assignment and the sea is not settled: move one of its mines
        assert not sea_settled
        held = [c for c in sea if c in a]
        b = tuple(sorted((set(a) - {held[-1]}) | {sea[len(held)]}))
    return dataclasses.replace(result, unique=False, witness=(a, b))


def check(board: Board, encoding: str = NATIVE, clues: ClueModel = EXACT, *, unique: bool = False,
          limits: Limits | None = None) -> CheckResult:
    """Decide consistency and every forced cell of ``board`` by SAT alone (:func:`countsweep.check.check`
    first counts where that is cheaper)."""
    board, clues = as_board(board), clue_model(clues)
    try:
        model = Constraints.of(board, clues)
    except InconsistentError as exc:
        return CheckResult(False, (), (), 0, str(exc), clues.name)
    return solve(model, encoding, unique=unique, limits=limits)
