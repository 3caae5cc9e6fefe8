"""Consistency and forced cells by incremental SAT (Kaye's test).

One solver holds the position's CNF; each question is a call under assumptions.
A hidden cell is safe if "mine here" is unsatisfiable and a mine if "safe here" is
(the hypothesis method: assume, look for a contradiction).  Every model found
along the way shows each cell's value in some layout; a cell seen both ways is
not forced and needs no call of its own, which is why a typical position needs
far fewer than two calls per frontier cell.

Under a noisy clue model the CNF carries each number's selectors (see
:mod:`countsweep.encode.cnf`): a layout is possible when some true value the
number allows fits, so a cell is certain exactly when its posterior is 0 or 1.

>>> from countsweep.board import Board
>>> r = check(Board.from_text("3x2\\nF1?\\n???"))
>>> r.consistent, r.safe, r.mines_certain
(True, ((0, 2), (1, 0), (1, 1), (1, 2)), ())
"""

from __future__ import annotations

from dataclasses import dataclass

from pysat.solvers import Solver

from countsweep.board import Board, Cell
from countsweep.clues import EXACT, ClueModel
from countsweep.constraints import Constraints
from countsweep.encode.cnf import DEFAULT_ENCODING, encode
from countsweep.errors import InconsistentError

SOLVER = "cadical195"


@dataclass(frozen=True)
class CheckResult:
    consistent: bool
    safe: tuple[Cell, ...]
    mines_certain: tuple[Cell, ...]
    sat_calls: int
    reason: str = ""
    """Why the position is inconsistent; empty when it is consistent."""
    clue_model: str = "exact"

    def to_dict(self) -> dict:
        """The JSON ``countsweep check --json`` prints."""
        out: dict = {"consistent": self.consistent, "safe": [list(c) for c in self.safe],
                     "mines_certain": [list(c) for c in self.mines_certain], "sat_calls": self.sat_calls,
                     "clue_model": self.clue_model}
        if self.reason:
            out["reason"] = self.reason
        return out


def check(board: Board, encoding: str = DEFAULT_ENCODING, clues: ClueModel = EXACT) -> CheckResult:
    """Decide consistency and find every forced cell of ``board``, its numbers read through ``clues``."""
    try:
        model = Constraints.of(board, clues)
        enc = encode(board, encoding, model=model)
    except InconsistentError as exc:
        return CheckResult(False, (), (), 0, str(exc), clues.name)
    var = enc.cell_vars
    # Sea cells are interchangeable (only the mine total sees them): one stands for all.
    frontier = [var[c] for c in model.frontier]
    sea = [var[c] for c in model.sea]
    asked = frontier + sea[:1]
    calls = 0
    with Solver(name=SOLVER, bootstrap_with=[list(c) for c in enc.clauses]) as solver:
        calls += 1
        if not solver.solve():
            return CheckResult(False, (), (), calls, "no mine layout fits the position", clues.name)
        seen_true: set[int] = set()
        seen_false: set[int] = set()

        def note(found: list[int]) -> None:
            for lit in found[: enc.num_cells]:
                (seen_true if lit > 0 else seen_false).add(abs(lit))
            # A cell in no clause is absent from the model: it can be either.
            for v in range(len(found) + 1, enc.num_cells + 1):
                seen_true.add(v)
                seen_false.add(v)

        note(solver.get_model())
        forced: dict[int, bool] = {}
        for v in asked:
            if v in seen_true and v in seen_false:
                continue
            # Seen one way so far: ask for the other, and steer every open cell
            # towards its unseen value so the model found settles many at once.
            other = v if v not in seen_true else -v
            solver.set_phases([u if u not in seen_true else -u for u in asked
                               if not (u in seen_true and u in seen_false)])
            calls += 1
            if solver.solve(assumptions=[other]):
                note(solver.get_model())
            else:
                forced[v] = other < 0
    cell_of = {v: c for c, v in var.items()}
    sea_forced = forced.get(sea[0]) if sea else None
    safe = [cell_of[v] for v, mine in forced.items() if not mine]
    mines = [cell_of[v] for v, mine in forced.items() if mine]
    if sea_forced is not None:
        (mines if sea_forced else safe).extend(cell_of[v] for v in sea[1:])
    return CheckResult(True, tuple(sorted(safe)), tuple(sorted(mines)), calls, "", clues.name)
