"""The reference backend: plain backtracking over the counted variables.

No propagation, decomposition or caching: a partial assignment is abandoned only
when some constraint can no longer be met, and a complete one weighs what its
weighted constraints say.  It is here to be obviously right,
so that the fast backends can be tested against it; it refuses formulas with
more than :data:`MAX_VARS` variables.

>>> from countsweep.counting.formula import Card, Formula
>>> BruteCounter().count(Formula(4, (Card((1, 2, 3, 4), 2, 2),))).count
6
"""

from __future__ import annotations

from math import comb

from countsweep.counting.base import Limits, arguments
from countsweep.counting.formula import Card, Counts, Formula
from countsweep.counting.poly import ZERO, add, monomial
from countsweep.errors import LimitExceeded, ParameterError

MAX_VARS = 40


def _possible(cons: list[Card], value: dict[int, int], size: tuple[int, ...]) -> bool:
    """Can every constraint still be met by some completion of ``value`` (each variable's true cells)?"""
    for card in cons:
        true = free = 0
        for lit in card.lits:
            v = abs(lit)
            x = value.get(v)
            if x is None:
                free += size[v]
            else:
                true += x if lit > 0 else size[v] - x
        if true > card.hi or true + free < card.lo:
            return False
    return True


def _sum(card: Card, value: dict[int, int], size: tuple[int, ...]) -> int:
    return sum(value[abs(x)] if x > 0 else size[abs(x)] - value[abs(x)] for x in card.lits)


class BruteCounter:
    """Backend ``brute``: every assignment of the counted variables, each box over all its values."""

    name = "brute"

    def count(self, formula: Formula, limits: Limits | None = None, *, plain: bool = False) -> Counts:
        limits = arguments(formula, limits)
        if formula.num_vars > MAX_VARS:
            raise LimitExceeded(
                f"brute-force reference refuses {formula.num_vars} variables (max {MAX_VARS})"
            )
        limits.check("before counting")
        size = (0, *(formula.sizes or (1,) * formula.num_vars))
        cons = [c for c in (card.normalized(formula.sizes) for card in formula.constraints) if c is not None]
        weighted = [c for c in cons if c.weights is not None]
        counted = formula.counted
        if any(abs(x) not in set(counted) for c in weighted for x in c.lits):
            raise ParameterError("a weighted constraint may only mention counted (projected) variables")
        hidden = [v for v in range(1, formula.num_vars + 1) if v not in set(counted)]
        index = {v: i for i, v in enumerate(counted)}
        total = ZERO
        marginals = [ZERO] * len(counted)
        value: dict[int, int] = {}

        def extends(i: int) -> bool:
            if not _possible(cons, value, size):
                return False
            if i == len(hidden):
                return True
            for x in range(size[hidden[i]] + 1):
                value[hidden[i]] = x
                if extends(i + 1):
                    del value[hidden[i]]
                    return True
            del value[hidden[i]]
            return False

        def walk(i: int) -> None:
            nonlocal total
            limits.check("in the brute-force reference")
            if not _possible(cons, value, size):
                return
            if i == len(counted):
                if extends(0):
                    weight = 1
                    for v in counted:
                        weight *= comb(size[v], value[v])
                    for card in weighted:  # every variable is set: each weighs the sum it reaches
                        weight *= card.weight(_sum(card, value, size))
                    if not weight:
                        return
                    term = monomial(sum(value[v] for v in counted), weight)
                    total = add(total, term)
                    for v in counted:
                        if value[v]:
                            marginals[index[v]] = add(marginals[index[v]], monomial(term.low, value[v] * weight))
                return
            for x in range(size[counted[i]] + 1):
                value[counted[i]] = x
                walk(i + 1)
            del value[counted[i]]

        walk(0)
        return Counts(tuple(counted), total, tuple(marginals))
