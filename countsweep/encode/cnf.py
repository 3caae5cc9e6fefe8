"""Positions as CNF through PySAT's cardinality encodings.

Variable map (stable, documented): the hidden unflagged cells, in row-major
order, are variables ``1..n``; auxiliary variables of the encodings follow.
Every revealed number becomes ``CardEnc.equals`` over its hidden neighbours, and
the mine total (when known and asked for) one more ``equals`` over all cells.

Counting must be projected onto the cell variables: ``totalizer``, ``sortnetwrk``
and ``cardnetwrk`` leave auxiliary variables free in some models, so their
unprojected count is larger than the number of layouts.  :data:`COUNT_PRESERVING`
records, per encoding, whether the auxiliaries are functions of the cells; the
test suite checks each claim against Ganak in both directions.

Under a noisy clue model (:mod:`countsweep.clues`) a number allows several true
values.  Each allowed value ``n`` gets a *selector* variable ``s_n`` with
``s_n -> (the hidden neighbours hold n - flags mines)`` (the encoding's clauses,
each with ``-s_n`` added) and one clause ``OR s_n``: exactly one selector holds,
the one of the true value, so selectors are functions of the cells and the
projection is the cells and the selectors.  A selector's positive literal
weighs the likelihood of what the cell shows given that value (as integers:
:attr:`Encoding.factor` scales the weighted count back), which makes the file a
projected weighted model counting instance (``c t pwmc``).  A density prior
``p = a/b`` weighs each cell's literals ``a`` (mine) and ``b - a`` (safe).

>>> from countsweep.board import Board
>>> enc = encode(Board.from_text("3x3x1\\n???\\n?1?\\n???"))
>>> enc.cell_vars[(0, 0)], enc.num_cells, enc.count_preserving
(1, 8, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pysat.card import CardEnc, EncType, UnsupportedBound
from pysat.formula import IDPool

from countsweep.board import FLAG, Board, Cell, as_board, checked_board
from countsweep.clues import EXACT, ClueModel
from countsweep.constraints import Constraints, Equation
from countsweep.counting.formula import Formula, clause
from countsweep.errors import ParameterError, ParameterTypeError, shown

ENCODINGS: dict[str, int] = {
    "seqcounter": EncType.seqcounter,
    "totalizer": EncType.totalizer,
    "kmtotalizer": EncType.kmtotalizer,
    "mtotalizer": EncType.mtotalizer,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "pairwise": EncType.pairwise,
    "ladder": EncType.ladder,
    "bitwise": EncType.bitwise,
}

COUNT_PRESERVING: dict[str, bool] = {
    "seqcounter": True,
    "totalizer": False,
    "kmtotalizer": True,
    "mtotalizer": True,
    "sortnetwrk": False,
    "cardnetwrk": False,
    "pairwise": True,
    "ladder": True,
    "bitwise": True,
}

# The smallest count-preserving encoding, measured on positions from real play
# with the mine total: 446k clauses against 2.06M for seqcounter and 590k for
# mtotalizer (benchmarks/card_encodings.py prints the table behind this choice).
DEFAULT_ENCODING = "kmtotalizer"

# pairwise, ladder and bitwise only encode "exactly one" (and, negated, "all but
# one"); other bounds fall back to this encoding, and the file says how often.
FALLBACK_ENCODING = "seqcounter"


@dataclass(frozen=True)
class Selector:
    """Variable ``var`` holds when the number at ``cell`` (showing ``shown``) has ``true`` mines around it."""

    var: int
    cell: Cell
    shown: int
    true: int
    weight: int


@dataclass(frozen=True)
class Encoding:
    """A position's CNF: clauses over cell variables ``1..num_cells``, selectors and auxiliaries.

    ``board`` is the board's, or None for a rule set (:func:`encode_model`), whose
    cells ``names`` names.
    """

    board: Board | None
    encoding: str
    num_vars: int
    clauses: tuple[tuple[int, ...], ...]
    cell_vars: dict[Cell, int]
    total_included: bool
    fallbacks: int
    selectors: tuple[Selector, ...] = ()
    density: Fraction | None = None
    factor: Fraction = Fraction(1)
    """The weighted count of the file times this is the position's total weight."""
    clues: str = "exact"
    names: tuple[str, ...] = ()
    """A rule set's cell names, by variable (empty for a board)."""

    @property
    def num_cells(self) -> int:
        return len(self.cell_vars)

    @property
    def weighted(self) -> bool:
        # a noisy model weighs layouts even where each clue allows one true sum (then only the
        # factor carries the weight), so the file says pwmc whenever the model is not exact
        return self.clues != "exact" or self.density is not None

    @property
    def projection(self) -> tuple[int, ...]:
        return tuple(range(1, self.num_cells + 1)) + tuple(s.var for s in self.selectors)

    def literal_weights(self) -> dict[int, int]:
        """Each weighted literal's integer weight (literals not listed weigh 1)."""
        out: dict[int, int] = {}
        if self.density is not None:
            a, b = self.density.numerator, self.density.denominator
            for v in range(1, self.num_cells + 1):
                out[v], out[-v] = a, b - a
        for s in self.selectors:
            out[s.var], out[-s.var] = s.weight, 1
        return out

    @property
    def count_preserving(self) -> bool:
        return COUNT_PRESERVING[self.encoding] and (
            self.fallbacks == 0 or COUNT_PRESERVING[FALLBACK_ENCODING]
        )

    def formula(self) -> Formula:
        """The CNF as a formula projected on the cells (for the built-in counters)."""
        return Formula(self.num_vars, tuple(clause(c) for c in self.clauses), self.projection)


def cell_variables(board: Board) -> dict[Cell, int]:
    """The stable map: hidden unflagged cells, row-major, to variables ``1..n``."""
    return {cell: i for i, cell in enumerate(checked_board(board).hidden(), 1)}


def _equals(lits: list[int], bound: int, pool: IDPool, encoding: str) -> tuple[list[list[int]], bool]:
    """Clauses for ``sum(lits) == bound``, and whether the fallback encoding was used."""
    if bound == 0:
        return [[-x] for x in lits], False
    if bound == len(lits):
        return [[x] for x in lits], False
    try:
        cnf = CardEnc.equals(lits=lits, bound=bound, vpool=pool, encoding=ENCODINGS[encoding])
        return cnf.clauses, False
    except (ValueError, NotImplementedError, UnsupportedBound) as exc:
        if encoding == FALLBACK_ENCODING:
            raise
        del exc
        cnf = CardEnc.equals(
            lits=lits, bound=bound, vpool=pool, encoding=ENCODINGS[FALLBACK_ENCODING]
        )
        return cnf.clauses, True


def encode_equations(
    eqs: list[Equation] | tuple[Equation, ...],
    cell_vars: dict[Cell, int],
    total: int | None,
    encoding: str = DEFAULT_ENCODING,
    selectors: list[tuple[int, Equation, int, int]] | None = None,
    pool: IDPool | None = None,
) -> tuple[int, list[list[int]], int]:
    """Clauses for ``eqs`` (and the total over all mapped cells): (num_vars, clauses, fallbacks).

    A weighted equation gets a selector per sum it allows (see the module's
    notes); each is appended to ``selectors`` as (variable, equation, sum, weight).
    Auxiliary variables come from ``pool`` (a new one after the cells by default).
    """
    _check_encoding(encoding)
    pool = IDPool(start_from=len(cell_vars) + 1) if pool is None else pool
    clauses: list[list[int]] = []
    fallbacks = 0
    for eq in eqs:
        lits = [cell_vars[c] for c in eq.cells]
        if eq.weights is None and eq.upper is not None:  # a rule's range: at least, at most
            if eq.value > 0:
                clauses += _bound(CardEnc.atleast, lits, eq.value, pool, encoding)
            if eq.upper < len(lits):
                clauses += _bound(CardEnc.atmost, lits, eq.upper, pool, encoding)
            continue
        if eq.weights is None:
            cl, fell = _equals(lits, eq.value, pool, encoding)
            clauses += cl
            fallbacks += fell
            continue
        chosen = []
        for s, w in enumerate(eq.weights, eq.value):
            if not w:
                continue
            x = pool.id(("selector", eq.source, s))
            chosen.append(x)
            if selectors is not None:
                selectors.append((x, eq, s, w))
            cl, fell = _equals(lits, s, pool, encoding)
            clauses += [[-x, *c] for c in cl]
            fallbacks += fell
        clauses.append(chosen)
    if total is not None and cell_vars:
        cl, fell = _equals(sorted(cell_vars.values()), total, pool, encoding)
        clauses += cl
        fallbacks += fell
    elif total is not None and total != 0:
        clauses.append([])
    top = max([len(cell_vars), pool.top, *(abs(x) for c in clauses for x in c)])
    return top, clauses, fallbacks


def encode(board: Board, encoding: str = DEFAULT_ENCODING, total: bool = True,
           model: Constraints | None = None, clues: ClueModel = EXACT,
           density: Fraction | None = None) -> Encoding:
    """The whole position as CNF; ``total=False`` leaves out the global mine total.

    ``model`` is ``Constraints.of(board, clues)``, for callers that already hold
    it.  Under a noisy ``clues`` model, or with a ``density`` prior, the
    encoding is weighted (see the module's notes).
    """
    board = as_board(board)
    if not isinstance(total, bool):
        raise ParameterTypeError(f"total: True or False, not {shown(total)}")
    model = Constraints.of(board, clues) if model is None else model
    cell_vars = cell_variables(board)
    with_total = total and model.mines_left is not None
    found: list[tuple[int, Equation, int, int]] = []
    num_vars, clauses, fallbacks = encode_equations(
        model.equations, cell_vars, model.mines_left if with_total else None, encoding, found
    )
    selectors = []
    for var, eq, s, w in found:
        flags = sum(1 for n in board.neighbours(eq.source) if board[n] == FLAG)
        selectors.append(Selector(var, eq.source, board[eq.source], flags + s, w))
    factor = model.factor
    if density is not None:
        factor /= density.denominator ** len(cell_vars)
    return Encoding(board, encoding, num_vars, tuple(tuple(c) for c in clauses), cell_vars,
                    with_total, fallbacks, tuple(selectors), density, factor, model.clues.name)


MAX_UNNAMED = 1_000_000
"""A rule set's cells no rule names become variables of their own in an export: at most this many."""


def encode_model(model: Constraints, names: tuple[str, ...], encoding: str = DEFAULT_ENCODING, total: bool = True,
                 density: Fraction | None = None) -> Encoding:
    """A rule set's model (:meth:`Constraints.of_rules`) as CNF: cell ``(0, i)`` is variable ``i + 1``.

    The cells no rule names are variables too, after the named ones (``_other``
    in the file's comments): a generic counter sees the total over all of them.
    """
    if not isinstance(model, Constraints):
        raise ParameterTypeError(f"model: expected a Constraints (Constraints.of_rules), not {shown(model)}")
    if model.others > MAX_UNNAMED:
        raise ParameterError(f"{model.others} cells no rule names would each be a variable of the export; "
                             f"at most {MAX_UNNAMED}")
    cells = len(model.hidden) + model.others
    cell_vars = {(0, i): i + 1 for i in range(cells)}
    with_total = total and model.mines_left is not None
    num_vars, clauses, fallbacks = encode_equations(
        model.equations, cell_vars, model.mines_left if with_total else None, encoding)
    factor = Fraction(1) if density is None else Fraction(1, density.denominator ** cells)
    every = tuple(names) + tuple(f"_other/{j}" for j in range(model.others))
    return Encoding(None, encoding, num_vars, tuple(tuple(c) for c in clauses), cell_vars, with_total, fallbacks,
                    (), density, factor, "exact", every)


def _check_encoding(encoding: object) -> None:
    if not isinstance(encoding, str) or encoding not in ENCODINGS:
        raise ParameterError(f"unknown encoding {shown(encoding)}; choose from {', '.join(ENCODINGS)}")


def encode_components(board: Board, encoding: str = DEFAULT_ENCODING) -> list[Encoding]:
    """One CNF per independent frontier component, local constraints only (no total)."""
    board = as_board(board)
    _check_encoding(encoding)
    model = Constraints.of(board)
    out = []
    for comp in model.components:
        cell_vars = {cell: i for i, cell in enumerate(comp.cells, 1)}
        num_vars, clauses, fallbacks = encode_equations(comp.equations, cell_vars, None, encoding)
        out.append(Encoding(board, encoding, num_vars, tuple(tuple(c) for c in clauses),
                            cell_vars, False, fallbacks))
    return out


def clausify(formula: Formula, encoding: str = DEFAULT_ENCODING) -> Formula:
    """``formula``'s cardinality constraints as clauses, projected on its counted variables.

    Constraints that are already clauses stay as they are; the others go through
    ``CardEnc`` with auxiliary variables numbered after ``formula.num_vars``.
    """
    if not isinstance(formula, Formula):
        raise ParameterTypeError(f"formula: expected a countsweep Formula, not {shown(formula)}")
    _check_encoding(encoding)
    pool = IDPool(start_from=formula.num_vars + 1)
    clauses: list[tuple[int, ...]] = []
    for card in formula.constraints:
        norm = card.normalized()
        if norm is None:
            continue
        lits = list(norm.lits)
        if norm.lo == 1 and norm.hi == len(lits):
            clauses.append(tuple(lits))
            continue
        if norm.lo > norm.hi:
            clauses.append(())
            continue
        if norm.lo == norm.hi:
            cl, _ = _equals(lits, norm.lo, pool, encoding)
        else:
            cl = []
            if norm.lo > 0:
                cl += _bound(CardEnc.atleast, lits, norm.lo, pool, encoding)
            if norm.hi < len(lits):
                cl += _bound(CardEnc.atmost, lits, norm.hi, pool, encoding)
        clauses += [tuple(c) for c in cl]
    top = max([formula.num_vars, pool.top, *(abs(x) for c in clauses for x in c)])
    return Formula(top, tuple(clause(c) for c in clauses), formula.counted)


def _bound(fn, lits: list[int], bound: int, pool: IDPool, encoding: str) -> list[list[int]]:
    try:
        return fn(lits=lits, bound=bound, vpool=pool, encoding=ENCODINGS[encoding]).clauses
    except (ValueError, NotImplementedError, UnsupportedBound):
        return fn(lits=lits, bound=bound, vpool=pool,
                  encoding=ENCODINGS[FALLBACK_ENCODING]).clauses
