"""The probability oracle: exact counts and mine probabilities for a position.

Each independent component is counted by a backend as a polynomial in its number
of mines; the sea of unconstrained cells takes the remaining mines in
``C(sea, rest)`` ways.  So with ``P`` the product of the component polynomials and
``L`` the unflagged mines left, the number of layouts is
``sum_k P[k] * C(sea, L - k)``, and a cell's count is the same sum over its own
marginal polynomial.  Everything is a Python integer or a ``Fraction``.

Without a mine total, the count is the number of frontier assignments (each sea
layout would multiply it by the same ``2**sea``), frontier probabilities are taken
over those, and sea cells get 1/2: the value under the uniform measure on all
layouts.  :attr:`Analysis.mines_known` says which case holds.

Uncertain clues and priors (the Rutgers report's variants): with a noisy clue
model (:mod:`countsweep.clues`) each component's counts are weighted counts,
every layout weighing the product of its numbers' likelihoods, and the same
arithmetic gives the posteriors.  A ``density`` ``p`` replaces the unknown
total by a prior: each hidden cell a mine independently with probability ``p``,
so a frontier with ``k`` of its ``F`` cells mined weighs ``p**k (1-p)**(F-k)``
and a sea cell's probability is ``p`` itself.  :attr:`Analysis.weight` is the
total weight: the number of layouts for exact clues, else the sum over
layouts of their weights (with a density, the probability of what the board
shows).

>>> from countsweep.clues import UNDER
>>> noisy = analyze(Board.from_text("3x3x1\\n???\\n?1?\\n???"), clues=UNDER)
>>> noisy.weight, noisy.probability((0, 0))  # a shown 1 under "under" is a true 1
(Fraction(8, 1), Fraction(1, 8))
>>> analyze(Board.from_text("3x1\\n?1?"), density=Fraction(1, 10)).probability((0, 0))
Fraction(1, 2)

>>> from countsweep.board import Board
>>> a = analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
>>> a.count, a.probability((1, 1)), a.probability((0, 1)), a.probability((0, 3))
(70, Fraction(2, 5), Fraction(3, 10), Fraction(1, 10))
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import NamedTuple

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.clues import EXACT, ClueModel
from countsweep.constraints import Constraints, readings
from countsweep.counting import BACKENDS, DEFAULT_BACKEND, Backend, Limits, get_backend
from countsweep.counting.formula import Counts, Formula
from countsweep.counting.poly import ONE, Poly, decimal, degrees, evaluate, mul
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError
from countsweep.kernel import KERNEL


class Group(NamedTuple):
    """Hidden cells with one mine probability: ``mines / scale`` of the analysis, as ``probability``."""

    probability: Fraction
    cells: tuple[Cell, ...]
    mines: int


@dataclass(frozen=True)
class Analysis:
    """Exact answers for one position."""

    board: Board
    mines_known: bool
    count: int
    """Mine layouts consistent with the position (frontier assignments if the total is unknown)."""
    probabilities: dict[Cell, Fraction]
    """Mine probability of every hidden unflagged cell, row-major."""
    frontier: tuple[Cell, ...]
    sea: tuple[Cell, ...]
    components: int
    backend: str = field(default=DEFAULT_BACKEND, compare=False)
    """The backend that counted the components (answers are equal whichever it was)."""
    groups: tuple[Group, ...] = field(default=(), compare=False, repr=False)
    """Cells sharing one probability (a box, the sea): what the questions below read."""
    scale: int = field(default=1, compare=False, repr=False)
    """The common denominator of the groups' ``mines`` (the count, or twice it without a total)."""
    clue_model: str = "exact"
    """The clue model the numbers were read through (:mod:`countsweep.clues`)."""
    density: Fraction | None = None
    """The prior mine density, when one replaced the unknown total."""
    factors: tuple[tuple[Fraction, int], ...] = field(default=(), compare=False, repr=False)
    """:attr:`factor` as ``(fraction, power)`` pairs, multiplied out only when asked for: an agent
    reading probabilities never needs the product of hundreds of small fractions."""
    weighted: bool = False
    """Do layouts weigh differently (noisy clues or a density), so that :attr:`weight` replaces the count?"""

    @functools.cached_property
    def factor(self) -> Fraction:
        """``weight / count``: the scale a weighted count carries."""
        num = den = 1
        for f, times in self.factors:
            num, den = num * f.numerator ** times, den * f.denominator ** times
        return Fraction(num, den)

    @property
    def weight(self) -> Fraction:
        """The total weight of the layouts: :attr:`count` for exact clues, else the sum of their weights."""
        return self.count * self.factor

    @functools.cached_property
    def safe(self) -> tuple[Cell, ...]:
        """Hidden cells that are mine-free in every layout, row-major."""
        return tuple(sorted(c for g in self.groups if g.mines == 0 for c in g.cells))

    @functools.cached_property
    def mines_certain(self) -> tuple[Cell, ...]:
        """Hidden cells that are mines in every layout, row-major."""
        return tuple(sorted(c for g in self.groups if g.mines == self.scale for c in g.cells))

    @functools.cached_property
    def levels(self) -> tuple[tuple[Fraction, int], ...]:
        """The distinct probabilities, lowest first, each with how many cells have it.

        >>> from countsweep.board import Board
        >>> analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????")).levels
        ((Fraction(1, 10), 4), (Fraction(8, 35), 7), (Fraction(3, 10), 2), (Fraction(2, 5), 1))
        """
        tally: dict[int, list] = {}  # integer numerators over one scale: cheap to hash and compare
        for g in self.groups:
            entry = tally.setdefault(g.mines, [g.probability, 0])
            entry[1] += len(g.cells)
        return tuple((p, n) for _, (p, n) in sorted(tally.items()))

    def probability(self, cell: Cell) -> Fraction | None:
        """Mine probability of any cell: 1 for a flag, ``None`` for a revealed number."""
        v = self.board[cell]
        if v == FLAG:
            return Fraction(1)
        if v == HIDDEN:
            return self.probabilities[cell]
        return None

    def grid(self) -> list[list[Fraction | None]]:
        """:meth:`probability` of every cell, row by row."""
        b = self.board
        return [[self.probability((r, c)) for c in range(b.width)] for r in range(b.height)]

    def to_dict(self, exact: bool = False) -> dict:
        """The machine-readable answer ``countsweep count --json`` prints.

        Counts are decimal strings (they outgrow every JSON number type); each
        cell's probability is a float, 1.0 for a flag and ``None`` for a revealed
        number; with ``exact`` also ``exact``, the same grid as ``"num/den"``.

        >>> from countsweep.board import Board
        >>> d = analyze(Board.from_text("3x1x1\\n?1?")).to_dict(exact=True)
        >>> d["count"], d["count_scope"], d["probabilities"], d["exact"]
        ('2', 'layouts', [[0.5, None, 0.5]], [['1/2', None, '1/2']])
        """
        grid = self.grid()
        total: dict[str, object] = {"count": decimal(self.count)}
        if self.weighted:  # an exact fraction, not a count of anything
            w = self.weight
            total = {"weight": f"{decimal(w.numerator)}/{decimal(w.denominator)}"}
        out: dict[str, object] = {
            "width": self.board.width,
            "height": self.board.height,
            "mines": self.board.mines,
            **total,
            "count_scope": "layouts" if self.mines_known or self.density is not None else "frontier",
            "clue_model": self.clue_model,
            "density": None if self.density is None else str(self.density),
            "backend": self.backend,
            "probabilities": [[None if p is None else float(p) for p in row] for row in grid],
            "safe": [list(c) for c in self.safe],
            "mines_certain": [list(c) for c in self.mines_certain],
            "frontier": len(self.frontier),
            "sea": len(self.sea),
            "components": self.components,
        }
        if exact:
            out["exact"] = [[None if p is None else f"{decimal(p.numerator)}/{decimal(p.denominator)}" for p in row]
                            for row in grid]
        return out


def _weights(others: Poly, ways: list[int], span: range) -> dict[int, int]:
    """``W[a] = sum_b others[b] * ways[a + b]`` for each ``a`` in ``span``.

    ``ways[j]`` is the number of ways to place the mines left over when the
    frontier holds ``j`` (zero past the end).
    """
    out = {}
    pairs = list(zip(degrees(others), others.coeffs, strict=True))
    top = len(ways)
    for a in span:
        out[a] = sum(c * ways[a + b] for b, c in pairs if a + b < top)
    return out


def _dot(p: Poly, w: dict[int, int]) -> int:
    return sum(c * w[a] for a, c in zip(degrees(p), p.coeffs, strict=True))


def combine(model: Constraints, counts: list[Counts], groups: list[tuple[tuple[Cell, ...], ...]] | None = None,
            backend: str = DEFAULT_BACKEND, limits: Limits | None = None,
            density: Fraction | None = None) -> Analysis:
    """The oracle's arithmetic: component polynomials and the sea into exact answers.

    ``counts[i]`` counts the boxes ``groups[i]`` (by default the model's
    components' boxes): its ``j``-th variable is the box ``groups[i][j]``, a
    tuple of cells.  The boxes must cover the frontier, each cell once.  With a
    ``density`` (and no mine total) the sea is a prior, not a count.
    """
    limits = (limits or Limits()).started()
    board = model.board
    boxes_of = groups if groups is not None else [comp.boxes for comp in model.components]
    totals = [c.total for c in counts]
    for boxes, c in zip(boxes_of, counts, strict=True):
        if not c.total.coeffs:
            near = {cell for box in boxes for cell in box}
            numbers = sorted(n for n in board._numbers if near & set(board.neighbours(n)))
            sources = ", ".join(f"[{r}, {col}]" for r, col in numbers[:6]) or "none"
            raise InconsistentError(f"no mine layout fits the numbers at cells {sources}")
    sea = len(model.sea)
    left = model.mines_left
    found: list[Group] = []
    # prefix[i] * suffix[i+1]: product of all component polynomials but the i-th.
    prefix = [ONE]
    for t in totals:
        prefix.append(mul(prefix[-1], t))
    product = prefix[-1]
    suffix = [ONE] * (len(totals) + 1)
    for i in range(len(totals) - 1, -1, -1):
        suffix[i] = mul(suffix[i + 1], totals[i])
    factor = model.factor
    if density is not None:
        # p = a/b: a frontier holding j of its F cells weighs a**j (b-a)**(F-j) / b**F;
        # the integers below carry the common b**F, taken out again by the factor
        a, b = density.numerator, density.denominator
        frontier = len(model.frontier)
        top = product.low + len(product.coeffs) - 1 if product.coeffs else 0
        ways = [a ** j * (b - a) ** (frontier - j) for j in range(top + 1)]
        count = _dot(product, dict(enumerate(ways)))
        scale = count * b
        factor /= b ** frontier
        for i, (boxes, c) in enumerate(zip(boxes_of, counts, strict=True)):
            limits.check("while combining the components")
            w = _weights(mul(prefix[i], suffix[i + 1]), ways, degrees(c.total))
            for box, m in zip(boxes, c.marginals, strict=True):
                per_cell = _dot(m, w) // len(box)
                found.append(Group(Fraction(per_cell, count), box, per_cell * b))
        if sea:
            found.append(Group(density, model.sea, count * a))
    elif left is None:
        count = evaluate(product, 1)
        scale = 2 * count  # the sea's 1/2 is count / scale
        for boxes, c in zip(boxes_of, counts, strict=True):
            limits.check("while combining the components")
            own = evaluate(c.total, 1)
            for box, m in zip(boxes, c.marginals, strict=True):
                per_cell = evaluate(m, 1) // len(box)  # a box's cells share its mines evenly
                found.append(Group(Fraction(per_cell, own), box, 2 * per_cell * (count // own)))
        if model.sea:
            found.append(Group(Fraction(1, 2), model.sea, count))
    else:
        count = sum(c * comb(sea, left - k) for k, c in zip(degrees(product), product.coeffs, strict=True)
                    if 0 <= left - k <= sea)
        if count == 0:
            lo = product.low
            hi = product.low + len(product.coeffs) - 1
            raise InconsistentError(
                f"the mine total cannot be met: {left} unflagged mines left, the frontier holds "
                f"{lo} to {hi} and the {sea} sea cells the rest"
            )
        scale = count
        # the sea's fillings when the frontier holds j mines; j beyond the product's degree never occurs
        top = min(left, product.low + len(product.coeffs) - 1)
        ways = [comb(sea, left - j) if left - j <= sea else 0 for j in range(top + 1)]
        for i, (boxes, c) in enumerate(zip(boxes_of, counts, strict=True)):
            limits.check("while combining the components")
            w = _weights(mul(prefix[i], suffix[i + 1]), ways, degrees(c.total))
            for box, m in zip(boxes, c.marginals, strict=True):
                # a box's marginal counts its mines over all layouts; its cells share them evenly
                per_cell = _dot(m, w) // len(box)
                found.append(Group(Fraction(per_cell, count), box, per_cell))
        if sea:
            in_sea = sum(c * comb(sea - 1, left - k - 1) for k, c in zip(degrees(product), product.coeffs, strict=True)
                         if 0 <= left - k - 1 <= sea - 1)
            found.append(Group(Fraction(in_sea, count), model.sea, in_sea))
    probs = {cell: g.probability for g in found for cell in g.cells}
    ordered = {cell: probs[cell] for cell in board._hidden}
    return Analysis(board, left is not None, count, ordered, model.frontier, model.sea,
                    len(model.components), backend, tuple(found), scale, model.clues.name, density, ((factor, 1),),
                    not model.clues.exact or density is not None)


# Component results, kept across positions: in play one move changes one or two
# components, and an agent's lookahead changes one, so most are counted before.
# The key is the component's formula, which names boxes by their order, not by
# where they are, so the same shape elsewhere on the board is a hit too.
_CACHE_ENTRIES = 20_000
_CACHE_MAX_VARS = 64  # larger components are rare and their results large: not kept
_cache: OrderedDict[tuple[str, Formula], Counts] = OrderedDict()
_cache_lock = threading.Lock()


def clear_count_cache() -> None:
    """Forget every component counted before: the next analysis counts from scratch (for timing)."""
    with _cache_lock:
        _cache.clear()


def _count(engine: Backend, formula: Formula, limits: Limits) -> Counts:
    """``engine.count(formula)``, from the cache when one of countsweep's own backends counted it before."""
    key = (engine.name, formula)
    cacheable = type(engine) is BACKENDS.get(engine.name) and formula.num_vars <= _CACHE_MAX_VARS
    if cacheable:
        with _cache_lock:
            hit = _cache.get(key)
            if hit is not None:
                _cache.move_to_end(key)
                return hit
    counts = engine.count(formula, limits)
    if cacheable:
        with _cache_lock:
            _cache[key] = counts
            if len(_cache) > _CACHE_ENTRIES:
                _cache.popitem(last=False)
    return counts


class _NoLayout(InconsistentError):
    """No layout fits: the general path words the message when it is first read."""

    def __init__(self, board: Board, clues: ClueModel = EXACT) -> None:
        super().__init__()
        self.board = board
        self.clues = clues
        self.text: str | None = None

    def __str__(self) -> str:
        if self.text is None:
            try:
                analyze(self.board, get_backend(DEFAULT_BACKEND, kernel=False), clues=self.clues)
                self.text = "no mine layout fits the position"  # the paths agree: not reached
            except InconsistentError as exc:
                self.text = str(exc)
        return self.text


# The compiled kernel enumerates components of up to KERNEL.MAX_CELLS cells (its
# counts are 128- or 64-bit integers), within this many search nodes.
_KERNEL_NODES = 200_000


@functools.lru_cache(maxsize=64)
def _cell_table(height: int, width: int) -> tuple[Cell, ...]:
    return tuple((r, c) for r in range(height) for c in range(width))


def _compiled(board: Board, backend: str, clues: ClueModel = EXACT) -> Analysis | None:
    """The analysis by the compiled kernel, or None where the position needs the general path.

    The kernel answers exactly what :func:`combine` does from the dpll counts
    (the tests compare the two on thousands of positions); it declines
    components too large for its counts or its node budget.  When no layout
    fits it raises at once; the message naming the numbers is worded by the
    general path only if someone reads it (an agent trying what a cell may
    show never does).  Under noisy clues it takes every reading of a number
    at once (:func:`~countsweep.constraints.readings`) and says how often it
    used each, for the factor the readings leave.
    """
    assert KERNEL is not None
    table, factors = (None, None) if clues.exact else readings(clues)
    found = KERNEL.analyze(board.grid, -1 if board.mines is None else board.mines,
                           _cell_table(board.height, board.width), KERNEL.MAX_CELLS, _KERNEL_NODES, table)
    if found is False:
        raise _NoLayout(board, clues)
    if found is None:
        return None
    count, scale, raw, hidden, index, frontier, sea, components, used = found
    groups = tuple(Group(Fraction(num, den), cells, mines) for num, den, mines, cells in raw)
    by_group = [g.probability for g in groups]
    probabilities = dict(zip(hidden, [by_group[i] for i in index], strict=True))
    if factors is None:
        return Analysis(board, board.mines is not None, count, probabilities, frontier, sea, components, backend,
                        groups, scale)
    return Analysis(board, board.mines is not None, count, probabilities, frontier, sea, components, backend,
                    groups, scale, clues.name, None, tuple((factors[key], times) for key, times in used), True)


# Memory, measured on boards up to 1000x1000 (docs/limits.md): about this much per cell of the
# board for its structures and the answer.
_BYTES_PER_CELL = 1800


def _check_memory(limits: Limits, board: Board) -> None:
    """Refuse (LimitExceeded) a board whose structures alone would pass ``limits.max_memory``.

    The counter checks its own needs (:class:`~countsweep.counting.dpll.DpllCounter`)
    once propagation has settled what it can.
    """
    if limits.max_memory is None:
        return
    need = _BYTES_PER_CELL * board.width * board.height
    if need > limits.max_memory:
        raise LimitExceeded(f"a board of {board.width * board.height} cells needs about {need / 2**20:,.0f} MB; "
                            f"the limit is {limits.max_memory / 2**20:,.0f} MB (--max-memory)")


def analyze(board: Board, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None, *,
            clues: ClueModel = EXACT, density: Fraction | None = None) -> Analysis:
    """Count the layouts of ``board`` and every hidden cell's mine probability, exactly.

    Parameters
    ----------
    board
        The position.  Without a mine total the count is of frontier
        assignments (see the module's notes).
    backend
        A backend name from :func:`~countsweep.counting.registry.backend_names`, or any
        :class:`~countsweep.counting.base.Backend`.
    limits
        Bounds on time and memory; one deadline covers the whole position.
    clues
        How the numbers relate to the truth (:mod:`countsweep.clues`); the
        default takes them as exact.
    density
        A prior for a board without a mine total: each hidden cell a mine
        independently with this probability, in (0, 1).

    Raises
    ------
    ParameterError
        A density outside (0, 1), or given for a board with a mine total.
    InconsistentError
        When no layout fits the position (or every layout weighs nothing).
    LimitExceeded
        When a limit is hit.
    """
    engine = get_backend(backend) if isinstance(backend, str) else backend
    if density is not None:
        if not 0 < density < 1:
            raise ParameterError(f"a density is a probability in (0, 1), not {density}")
        if board.mines is not None:
            raise ParameterError("a density is a prior for a board without a mine total; this one has a total "
                                 "(give one or the other)")
    limits = (limits or Limits()).started()
    _check_memory(limits, board)
    if KERNEL is not None and getattr(engine, "kernel", False) and density is None:
        limits.check("before counting")
        done = _compiled(board, engine.name, clues)
        if done is not None:
            return done
    model = Constraints.of(board, clues)
    counts = []
    for comp in model.components:
        limits.check("while counting the components")
        counts.append(_count(engine, comp.formula(), limits))
    return combine(model, counts, backend=engine.name, limits=limits, density=density)


def count(board: Board, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None) -> int:
    """The number of mine layouts consistent with ``board`` (see :func:`analyze`)."""
    return analyze(board, backend, limits).count


def probabilities(board: Board, backend: str | Backend = DEFAULT_BACKEND,
                  limits: Limits | None = None) -> dict[Cell, Fraction]:
    """Exact mine probability of every hidden unflagged cell of ``board``."""
    return analyze(board, backend, limits).probabilities
