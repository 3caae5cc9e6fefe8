"""Formulas of cardinality constraints: the one input every counting backend takes.

A :class:`Card` says ``lo <= (number of true literals) <= hi``; literals are
DIMACS-style non-zero integers.  A clause is ``Card(lits, 1, len(lits))``, a
revealed Minesweeper number ``n`` over cells ``x1..xk`` is ``Card((x1..xk), n, n)``.
A :class:`Formula` counts the assignments of its *projection* variables that
extend to a model (variables outside it are existentially quantified), split by
how many projection variables are true: for a board, by the number of mines.

>>> f = Formula(3, (Card((1, 2, 3), 1, 1),))
>>> f.counted
(1, 2, 3)
>>> clause((1, -2)).lo, clause((1, -2)).hi
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from countsweep.counting.poly import ZERO, Poly, coefficient, evaluate
from countsweep.errors import ParameterError


@dataclass(frozen=True)
class Card:
    """``lo <= sum(lits true) <= hi``; literals on distinct variables."""

    lits: tuple[int, ...]
    lo: int
    hi: int

    def normalized(self) -> Card | None:
        """Merge repeated and complementary literals; ``None`` if always satisfied.

        A literal and its negation contribute exactly one true literal whatever
        the assignment, so both go and the bounds drop by one.
        """
        seen: dict[int, int] = {}
        lo, hi = self.lo, self.hi
        lits: list[int] = []
        for lit in self.lits:
            if lit == 0:
                raise ParameterError("literal 0 is not allowed")
            v = abs(lit)
            if v in seen:
                if seen[v] == lit:
                    raise ParameterError(f"variable {v} repeated in a cardinality constraint")
                lits.remove(seen.pop(v))
                lo, hi = lo - 1, hi - 1
                continue
            seen[v] = lit
            lits.append(lit)
        lo, hi = max(lo, 0), min(hi, len(lits))
        if lo <= 0 and hi >= len(lits):
            return None
        return Card(tuple(lits), lo, hi)


def clause(lits) -> Card:
    """A CNF clause as a constraint: at least one literal true.

    Repeated literals collapse (as in DIMACS); a clause holding a literal and its
    negation stays tautological after :meth:`Card.normalized`.
    """
    unique = tuple(dict.fromkeys(lits))
    return Card(unique, 1, len(unique))


@dataclass(frozen=True)
class Formula:
    """Variables ``1..num_vars``, constraints, and the projection (``None``: all variables)."""

    num_vars: int
    constraints: tuple[Card, ...]
    projection: tuple[int, ...] | None = None

    @property
    def counted(self) -> tuple[int, ...]:
        if self.projection is None:
            return tuple(range(1, self.num_vars + 1))
        return self.projection


@dataclass(frozen=True)
class Counts:
    """A backend's answer: polynomials in the number of true counted variables.

    ``total`` counts the projected models; ``marginals[i]`` counts those in which
    ``variables[i]`` is true.  Coefficient ``k`` is the count with ``k`` true.
    """

    variables: tuple[int, ...]
    total: Poly
    marginals: tuple[Poly, ...]

    @property
    def count(self) -> int:
        return evaluate(self.total, 1)

    def count_with(self, k: int) -> int:
        return coefficient(self.total, k)

    @classmethod
    def unsatisfiable(cls, variables: tuple[int, ...]) -> Counts:
        return cls(variables, ZERO, tuple(ZERO for _ in variables))

    def to_dict(self) -> dict:
        """Counts as JSON: decimal strings, and each variable's probability as a float.

        >>> Counts((1, 2), Poly(1, (2,)), (Poly(1, (1,)), Poly(1, (1,)))).to_dict()
        {'count': '2', 'projection': [1, 2], 'marginals': {'1': '1', '2': '1'}, 'probabilities': {'1': 0.5, '2': 0.5}}
        """
        total = self.count
        marginals = {v: evaluate(m, 1) for v, m in zip(self.variables, self.marginals, strict=True)}
        return {
            "count": str(total),
            "projection": list(self.variables),
            "marginals": {str(v): str(n) for v, n in marginals.items()},
            "probabilities": {str(v): (n / total if total else None) for v, n in marginals.items()},
        }
