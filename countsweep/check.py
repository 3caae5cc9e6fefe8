"""Decide before you count: consistency, forced cells and uniqueness, by whichever is cheaper.

Deciding is easier than counting (NP against #P), but on the positions of real
play counting is cheaper still: the compiled kernel answers an expert position
in a few hundredths of a millisecond, and its certain cells are the forced
cells.  Where counting is not cheap (a lattice of numbers, a long frontier
dense with constraints) an incremental SAT solver decides
(:mod:`countsweep.encode.sat`).  :func:`check` tries the count under a small
budget first, and hands the position to the solver when the budget runs out;
the answer says which path it took (``method``).

Both paths answer the same: the forced cells are the cells whose probability
is 0 or 1 (under a noisy clue model, whose posterior is), and a position has
one layout exactly when every hidden cell is forced.

>>> from countsweep.board import Board, as_board
>>> r = check(Board.from_text("3x2\\nF1?\\n???"))
>>> r.consistent, r.safe, r.method
(True, ((0, 2), (1, 0), (1, 1), (1, 2)), 'count')
>>> r = check(Board.from_text("4x2x3\\n????\\n?2?2"), unique=True)  # Nakov & Wei's: three layouts
>>> r.unique, len(r.witness[0]), r.witness[0] != r.witness[1]
(False, 3, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from countsweep.analysis import Analysis
from countsweep.board import Board, as_board
from countsweep.clues import EXACT, ClueModel, clue_model
from countsweep.constraints import Constraints
from countsweep.counting import Limits
from countsweep.counting.base import limits_of
from countsweep.encode.sat import NATIVE, CheckResult, solve
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError, ParameterTypeError, shown
from countsweep.kernel import KERNEL
from countsweep.oracle import KERNEL_NODES, KernelAnalyzer, PythonAnalyzer
from countsweep.rules import RuleSet, analyze_rules

METHODS = ("auto", "count", "sat")
"""``auto`` counts where that is cheap and decides by SAT where not; the others force one path."""

COUNT_NODES = 300_000
"""The compiled kernel's search budget when counting stands in for deciding: past it, SAT decides."""

COUNT_SECONDS = 0.5
"""The Python implementation's budget for the same (where the kernel is not built)."""


def check(position: Board | RuleSet, encoding: str = NATIVE, clues: ClueModel = EXACT, *, unique: bool = False,
          limits: Limits | None = None, method: str = "auto",
          progress: Callable[[int], None] | None = None) -> CheckResult:
    """Consistency, forced cells and, with ``unique``, uniqueness and a witness of ``position``.

    ``method``: ``auto`` (count under a budget, else SAT), ``count`` or
    ``sat``; an ``encoding`` other than ``native`` asks for SAT on clauses.
    """
    if method not in METHODS:
        raise ParameterError(f"method: {shown(method)} is not one of {', '.join(METHODS)}")
    if not isinstance(position, RuleSet):
        position = as_board(position)
    if not isinstance(unique, bool):
        raise ParameterTypeError(f"unique: True or False, not {shown(unique)}")
    clue_model(clues)
    limits = limits_of(limits)
    if method != "sat" and encoding == NATIVE:
        counted = _by_counting(position, clues, limits, budget=method == "auto")
        if counted is not None:
            if not unique or not counted.consistent:
                return dataclasses.replace(counted, unique=None)
            if counted.unique:
                return counted
            # more than one layout: the solver names two that differ, in two or three calls
            witness = _model_of(position, clues, limits, unique=True)
            return dataclasses.replace(counted, witness=witness.witness, sat_calls=witness.sat_calls)
    return _model_of(position, clues, limits, unique=unique, encoding=encoding, progress=progress)


def _model_of(position: Board | RuleSet, clues: ClueModel, limits: Limits, *, unique: bool,
              encoding: str = NATIVE, progress: Callable[[int], None] | None = None) -> CheckResult:
    try:
        model = position.model() if isinstance(position, RuleSet) else Constraints.of(position, clues)
    except InconsistentError as exc:
        return CheckResult(False, (), (), 0, str(exc), clues.name)
    # a rule set with a prior (mine_prob) has no total: its model leaves mines_left None itself
    return solve(model, encoding, unique=unique, limits=limits, progress=progress)


def _by_counting(position: Board | RuleSet, clues: ClueModel, limits: Limits, budget: bool) -> CheckResult | None:
    """The answer read off an exact count, or None where counting passed its budget."""
    try:
        a = _count(position, clues, limits, budget)
    except InconsistentError as exc:
        return CheckResult(False, (), (), 0, str(exc), clues.name, method="count")
    if a is None:
        return None
    others = position.others if isinstance(position, RuleSet) else 0
    sea_p = a.sea_probability
    safe = list(a.safe)
    mines = list(a.mines_certain)
    hidden = len(a.probabilities) + others
    forced = len(safe) + len(mines) + (others if sea_p in (0, 1) else 0)
    return CheckResult(True, tuple(safe), tuple(mines), 0, "", clues.name, method="count",
                       unique=forced == hidden)


def _count(position: Board | RuleSet, clues: ClueModel, limits: Limits, budget: bool) -> Analysis | None:
    if isinstance(position, RuleSet):
        try:
            answer = analyze_rules(position, limits=_budget(limits) if budget else limits)
        except LimitExceeded:
            if not budget or limits.expired():
                raise
            return None
        return answer.analysis
    if KERNEL is not None:
        done = KernelAnalyzer(COUNT_NODES if budget else KERNEL_NODES).analyze(position, clues, limits)
        if done is not None or budget:
            return done
    try:
        from countsweep.counting import DEFAULT_BACKEND, get_backend

        return PythonAnalyzer(get_backend(DEFAULT_BACKEND)).analyze(
            position, clues, _budget(limits) if budget else limits)
    except LimitExceeded:
        if not budget or limits.expired():
            raise
        return None


def _budget(limits: Limits) -> Limits:
    """The counting attempt's limits: its own short deadline, within the caller's."""
    import time

    deadline = time.monotonic() + COUNT_SECONDS
    if limits.deadline is not None:
        deadline = min(deadline, limits.deadline)
    return dataclasses.replace(limits, timeout=COUNT_SECONDS, deadline=deadline)
