"""Formulas of cardinality constraints: the one input every counting backend takes.

A :class:`Card` says ``lo <= (number of true literals) <= hi``; literals are
DIMACS-style non-zero integers.  A clause is ``Card(lits, 1, len(lits))``, a
revealed Minesweeper number ``n`` over cells ``x1..xk`` is ``Card((x1..xk), n, n)``.
A *weighted* card also multiplies each model's weight by ``weights[s - lo]``, where
``s`` is the sum its literals reach: a number seen through a noisy clue model
(:mod:`countsweep.clues`) is one such card, with a weight per possible true
number and no auxiliary variables.  Weights are non-negative integers, so every
count stays an exact integer polynomial; a zero weight forbids its sum.
A :class:`Formula` counts the assignments of its *projection* variables that
extend to a model (variables outside it are existentially quantified), split by
how many projection variables are true: for a board, by the number of mines.

A variable may stand for a *box* of interchangeable cells (``sizes``): cells
that every constraint sees together (the same revealed numbers) can only
matter through how many of them are mines.  A box of ``s`` cells takes a value
``0..s`` (its true cells), counted ``C(s, value)`` times; a positive literal
contributes the value to a constraint's sum, a negative one ``s - value``.
Grouping a frontier's cells into boxes halves the variables of a band and
leaves every count unchanged (JSMinesweeper's "boxes"; Tu et al.'s grouping).

>>> f = Formula(3, (Card((1, 2, 3), 1, 1),))
>>> f.counted
(1, 2, 3)
>>> clause((1, -2)).lo, clause((1, -2)).hi
(1, 2)
>>> boxed = Formula(2, (Card((1, 2), 2, 2),), sizes=(2, 1))  # 3 cells, 2 of them in box 1
>>> boxed.cells, expand(boxed).num_vars
(3, 3)
>>> Card((1, 2, 3), 0, 3, weights=(0, 2, 0, 1)).normalized()  # sums 1 (weight 2) or 3 (weight 1)
Card(lits=(1, 2, 3), lo=1, hi=3, weights=(2, 0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from countsweep.counting.poly import ZERO, Poly, coefficient, decimal, evaluate
from countsweep.errors import ParameterError, ParameterTypeError, shown


@dataclass(frozen=True)
class Card:
    """``lo <= sum(literal values) <= hi``; literals on distinct variables.

    ``weights`` (``None``: every allowed sum weighs 1) gives the weight of each
    sum ``lo..hi`` in order: ``weights[s - lo]``.
    """

    lits: tuple[int, ...]
    lo: int
    hi: int
    weights: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.lits, tuple) or type(self.lo) is not int or type(self.hi) is not int:
            raise ParameterTypeError(f"Card: expected a tuple of literals and int bounds, not "
                                     f"{shown(self.lits)}, {shown(self.lo)}, {shown(self.hi)}")
        w = self.weights
        if w is not None and (len(w) != self.hi - self.lo + 1 or any(x < 0 for x in w)):
            raise ParameterError(f"a weighted constraint needs {self.hi - self.lo + 1} non-negative weights, "
                                 f"one for each sum {self.lo}..{self.hi}")

    def weight(self, total: int) -> int:
        """The factor a model whose literals sum to ``total`` gets (0: not a model)."""
        if not self.lo <= total <= self.hi:
            return 0
        return 1 if self.weights is None else self.weights[total - self.lo]

    def normalized(self, sizes: tuple[int, ...] | None = None) -> Card | None:
        """Merge complementary literals and clip the bounds; ``None`` if always satisfied.

        A literal and its negation contribute exactly the variable's size (one
        true literal, for a plain variable) whatever the assignment, so both go
        and the bounds drop by that much.  A weighted card keeps only the sums
        its literals can reach, and its bounds move to the first and last with a
        non-zero weight; it is dropped only when it has no literal left and
        weighs 1.
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
                size = sizes[v - 1] if sizes is not None else 1
                lo, hi = lo - size, hi - size
                continue
            seen[v] = lit
            lits.append(lit)
        room = len(lits) if sizes is None else sum(sizes[abs(x) - 1] for x in lits)
        if self.weights is not None:
            # complementary pairs moved lo and hi alike: weights[s - lo] still weighs sum s
            allowed = [s for s in range(max(lo, 0), min(hi, room) + 1) if self.weights[s - lo]]
            if not allowed:
                return Card(tuple(lits), 1, 0)  # nothing reachable weighs anything: unsatisfiable
            first, last = allowed[0], allowed[-1]
            weights = self.weights[first - lo:last - lo + 1]
            if not lits and weights == (1,):
                return None
            return Card(tuple(lits), first, last, weights)
        lo, hi = max(lo, 0), min(hi, room)
        if lo <= 0 and hi >= room:
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
    """Variables ``1..num_vars``, constraints, the projection (``None``: all variables), box sizes.

    ``sizes[v - 1]`` is how many interchangeable cells variable ``v`` stands for
    (``None``: one each).  Counts are by number of true *cells*.
    """

    num_vars: int
    constraints: tuple[Card, ...]
    projection: tuple[int, ...] | None = None
    sizes: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if type(self.num_vars) is not int or self.num_vars < 0:
            raise ParameterError(f"num_vars: a count of variables (an int of 0 or more), not {shown(self.num_vars)}")
        if not isinstance(self.constraints, tuple):
            raise ParameterTypeError(f"constraints: expected a tuple of Cards, not {shown(self.constraints)}")
        for k, card in enumerate(self.constraints):
            if not isinstance(card, Card):
                raise ParameterTypeError(f"constraints[{k}]: expected a Card, not {shown(card)}")
            bad = next((x for x in card.lits if type(x) is not int or not 0 < abs(x) <= self.num_vars), None)
            if bad is not None:
                raise ParameterError(f"constraints[{k}]: literal {shown(bad)} names no variable 1..{self.num_vars}")
        if self.projection is not None:
            bad = next((v for v in self.projection if type(v) is not int or not 0 < v <= self.num_vars), None)
            if bad is not None:
                raise ParameterError(f"projection: variable {shown(bad)} is not one of 1..{self.num_vars}")
        if self.sizes is not None and (len(self.sizes) != self.num_vars
                                       or any(type(s) is not int or s < 1 for s in self.sizes)):
            raise ParameterError(f"sizes: one positive size for each of the {self.num_vars} variables")

    @property
    def counted(self) -> tuple[int, ...]:
        if self.projection is None:
            return tuple(range(1, self.num_vars + 1))
        return self.projection

    def size(self, v: int) -> int:
        return 1 if self.sizes is None else self.sizes[v - 1]

    @property
    def cells(self) -> int:
        """The cells the counted variables stand for: the largest number of true cells."""
        return sum(self.size(v) for v in self.counted)

    @property
    def weighted(self) -> bool:
        """Does some constraint weigh its models (see :class:`Card`)?"""
        return any(card.weights is not None for card in self.constraints)


def expand(formula: Formula) -> Formula:
    """``formula`` with every box of ``s`` cells written as ``s`` plain variables.

    Box ``v``'s cells are consecutive variables, in the order of ``v``; a
    backend without boxes counts the expansion and folds the cells' marginals
    back with :func:`fold`.  The counts are the same polynomials.
    """
    if formula.sizes is None:
        return formula
    first = _first_cells(formula)
    cells = lambda v: range(first[v], first[v] + formula.size(v))  # noqa: E731
    constraints = []
    for card in formula.constraints:
        lits = [c if lit > 0 else -c for lit in card.lits for c in cells(abs(lit))]
        constraints.append(Card(tuple(lits), card.lo, card.hi, card.weights))
    projection = None if formula.projection is None else tuple(c for v in formula.projection for c in cells(v))
    return Formula(first[formula.num_vars] + formula.size(formula.num_vars) - 1 if formula.num_vars else 0,
                   tuple(constraints), projection)


def fold(formula: Formula, cell_counts: Counts) -> Counts:
    """The :class:`Counts` of a boxed ``formula`` from the counts of its :func:`expand`-ed cells."""
    if formula.sizes is None:
        return cell_counts
    from countsweep.counting.poly import add_all

    first = _first_cells(formula)
    marginal = dict(zip(cell_counts.variables, cell_counts.marginals, strict=True))
    return Counts(formula.counted, cell_counts.total,
                  tuple(add_all(marginal[c] for c in range(first[v], first[v] + formula.size(v)))
                        for v in formula.counted))


def _first_cells(formula: Formula) -> dict[int, int]:
    first, nxt = {}, 1
    for v in range(1, formula.num_vars + 1):
        first[v] = nxt
        nxt += formula.size(v)
    return first


@dataclass(frozen=True)
class Counts:
    """A backend's answer: polynomials in the number of true counted cells.

    ``total`` counts the projected models; ``marginals[i]`` counts, over the same
    models, the true cells of ``variables[i]`` (for a plain variable: the models
    in which it is true).  Coefficient ``k`` is the count with ``k`` true cells.
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

    def to_dict(self, factor: Fraction | None = None) -> dict:
        """Counts as JSON: decimal strings, and each variable's probability as a float.

        With a ``factor`` (a weighted formula's scale) the count and marginals
        are weights, exact ``"a/b"`` strings, under ``weight`` instead of ``count``.

        >>> Counts((1, 2), Poly(1, (2,)), (Poly(1, (1,)), Poly(1, (1,)))).to_dict()
        {'count': '2', 'projection': [1, 2], 'marginals': {'1': '1', '2': '1'}, 'probabilities': {'1': 0.5, '2': 0.5}}
        >>> Counts((1,), Poly(0, (3, 1)), (Poly(1, (1,)),)).to_dict(Fraction(1, 2))["weight"]
        '2/1'
        """
        total = self.count

        def show(n: int) -> str:
            if factor is None:
                return decimal(n)
            w = n * factor
            return f"{decimal(w.numerator)}/{decimal(w.denominator)}"

        # free variables share one marginal polynomial: evaluate and print each once
        shown: dict[int, tuple[str, float | None]] = {}
        marginals, probabilities = {}, {}
        for v, m in zip(self.variables, self.marginals, strict=True):
            if id(m) not in shown:
                n = evaluate(m, 1)
                shown[id(m)] = (show(n), n / total if total else None)
            marginals[str(v)], probabilities[str(v)] = shown[id(m)]
        return {"count" if factor is None else "weight": show(total), "projection": list(self.variables),
                "marginals": marginals, "probabilities": probabilities}
