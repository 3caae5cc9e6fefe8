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

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TypedDict

from countsweep.analysis import Analysis, Analyzer, Group
from countsweep.board import Board, Cell, as_board
from countsweep.clues import EXACT, ClueModel, clue_model
from countsweep.constraints import Constraints, readings
from countsweep.counting import BACKENDS, DEFAULT_BACKEND, Backend, Limits, get_backend
from countsweep.counting.base import limits_of
from countsweep.counting.formula import Counts, Formula
from countsweep.counting.path import PathRun
from countsweep.counting.poly import ONE, Poly, degrees, evaluate, mul
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError, ParameterTypeError, shown
from countsweep.kernel import KERNEL, choose
from countsweep.topology import cell_table, kernel_table

__all__ = ["Analysis", "Analyzer", "Group", "KernelAnalyzer", "PythonAnalyzer", "analyze", "combine", "count",
           "probabilities"]


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


def _sea_ways(sea: int, left: int, top: int) -> list[int]:
    """``C(sea, left - j)`` for ``j`` in ``0..top``, 0 where ``left - j`` is past ``sea``.

    One binomial, then each from the one before, ``C(n, m - 1) = C(n, m) * m / (n - m + 1)``: a
    product and an exact division by small numbers, where a binomial of a sea of a million cells
    costs 0.8 s in ``math.comb``.

    >>> _sea_ways(5, 3, 3) == [comb(5, 3), comb(5, 2), comb(5, 1), comb(5, 0)]
    True
    >>> _sea_ways(2, 4, 3)  # 4 or 3 mines do not fit in 2 cells
    [0, 0, 1, 2]
    """
    ways = [0] * (top + 1)
    j = max(0, left - sea)
    if j > top or left - j < 0:
        return ways
    m = left - j
    w = comb(sea, m)
    while True:
        ways[j] = w
        if j == top or m == 0:
            return ways
        w = w * m // (sea - m + 1)
        j, m = j + 1, m - 1


def _dot(p: Poly, w: dict[int, int]) -> int:
    return sum(c * w[a] for a, c in zip(degrees(p), p.coeffs, strict=True))


def _weighed(c: Counts | PathRun, w: dict[int, int], limits: Limits) -> Iterable[int]:
    """Each variable's marginal dotted with ``w`` (by mine count), in the component's order."""
    if isinstance(c, PathRun):
        return c.weighted_marginals(w, limits)
    return (_dot(m, w) for m in c.marginals)


def combine(model: Constraints, counts: Sequence[Counts | PathRun],
            groups: list[tuple[tuple[Cell, ...], ...]] | None = None, backend: str = DEFAULT_BACKEND,
            limits: Limits | None = None, density: Fraction | None = None) -> Analysis:
    """The oracle's arithmetic: component polynomials and the sea into exact answers.

    ``counts[i]`` counts the boxes ``groups[i]`` (by default the model's
    components' boxes): its ``j``-th variable is the box ``groups[i][j]``, a
    tuple of cells.  The boxes must cover the frontier, each cell once.  With a
    ``density`` (and no mine total) the sea is a prior, not a count.  A
    component counted along a path may come as its forward pass
    (:class:`~countsweep.counting.path.PathRun`): its marginals are then
    weighted from the end of the path by what the rest of the board makes of
    each mine count, never multiplied out.
    """
    limits = (limits or Limits()).started()
    boxes_of = groups if groups is not None else [comp.boxes for comp in model.components]
    totals = [c.total for c in counts]
    for boxes, c in zip(boxes_of, counts, strict=True):
        if not c.total.coeffs:
            near = {cell for box in boxes for cell in box}
            raise InconsistentError(_no_layout(model, sorted({eq.source for eq in model.equations
                                                              if near & set(eq.cells)})))
    sea = model.sea_size
    sea_probability: Fraction | None = None
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
            for box, weighed in zip(boxes, _weighed(c, w, limits), strict=True):
                per_cell = weighed // len(box)
                found.append(Group(Fraction(per_cell, count), box, per_cell * b))
        if sea:
            sea_probability = density
            found.append(Group(density, model.sea, count * a))
    elif left is None:
        count = evaluate(product, 1)
        scale = 2 * count  # the sea's 1/2 is count / scale
        for boxes, c in zip(boxes_of, counts, strict=True):
            limits.check("while combining the components")
            own = evaluate(c.total, 1)
            for box, weighed in zip(boxes, _weighed(c, dict.fromkeys(degrees(c.total), 1), limits), strict=True):
                per_cell = weighed // len(box)  # a box's cells share its mines evenly
                found.append(Group(Fraction(per_cell, own), box, 2 * per_cell * (count // own)))
        if sea:
            sea_probability = Fraction(1, 2)
            found.append(Group(sea_probability, model.sea, count))
    else:
        # the sea's fillings when the frontier holds j mines; j beyond the product's degree never occurs
        top = min(left, product.low + len(product.coeffs) - 1)
        ways = _sea_ways(sea, left, top) if top >= 0 else []
        count = sum(c * ways[k] for k, c in zip(degrees(product), product.coeffs, strict=True) if k <= top)
        if count == 0:
            lo = product.low
            hi = product.low + len(product.coeffs) - 1
            raise InconsistentError(
                f"the mine total cannot be met: {left} unflagged mines left, the frontier holds "
                f"{lo} to {hi} and the {sea} sea cells the rest"
            )
        scale = count
        for i, (boxes, c) in enumerate(zip(boxes_of, counts, strict=True)):
            limits.check("while combining the components")
            w = _weights(mul(prefix[i], suffix[i + 1]), ways, degrees(c.total))
            for box, weighed in zip(boxes, _weighed(c, w, limits), strict=True):
                # a box's marginal counts its mines over all layouts; its cells share them evenly
                per_cell = weighed // len(box)
                found.append(Group(Fraction(per_cell, count), box, per_cell))
        if sea:
            # a mine on one sea cell: C(sea - 1, left - k - 1) = C(sea, left - k) * (left - k) / sea
            in_sea = sum(c * ways[k] * (left - k) // sea
                         for k, c in zip(degrees(product), product.coeffs, strict=True) if k <= top)
            sea_probability = Fraction(in_sea, count)
            found.append(Group(sea_probability, model.sea, in_sea))
    if not model.sea and found and found[-1].cells == ():  # only unnamed sea cells: no group lists them
        found.pop()
    probs = {cell: g.probability for g in found for cell in g.cells}
    ordered = {cell: probs[cell] for cell in model.hidden}
    return Analysis(board=model.board, mines_known=left is not None, count=count,  # type: ignore[arg-type]
                    probabilities=ordered, frontier=model.frontier, sea=model.sea, components=len(model.components),
                    backend=backend, implementation="python", groups=tuple(found), scale=scale,
                    clue_model=model.clues.name, density=density, factors=((factor, 1),),
                    weighted=not model.clues.exact or density is not None, sea_probability=sea_probability)


def needs_no_split(model: Constraints, density: Fraction | None) -> bool:
    """Does :func:`combine` read the components' counts at ``x = 1`` only (no mine total, no prior)?

    Then they are counted plainly (``Backend.count(plain=True)``): not split by mine count, a
    component's polynomials cost its degree times more.  A band three rows high, every other
    cell of its middle row a 1, took 3.5 s at 800 columns split, 16 ms plain.
    """
    return model.mines_left is None and density is None


def _no_layout(model: Constraints, sources: list[Cell]) -> str:
    """The message for a component no layout fits: its first six numbers (or rules) named."""
    if model.board is None:
        return "no mine layout fits rules " + (", ".join(str(k) for _, k in sources[:6]) or "none")
    return "no mine layout fits the numbers at cells " + (", ".join(f"[{r}, {c}]" for r, c in sources[:6]) or "none")


# Component results, kept across positions: in play one move changes one or two
# components, and an agent's lookahead changes one, so most are counted before.
# The key is the component's formula, which names boxes by their order, not by
# where they are, so the same shape elsewhere on the board is a hit too.
_CACHE_ENTRIES = 20_000
_CACHE_MAX_VARS = 64  # larger components are rare and their results large: not kept
_cache: OrderedDict[tuple[str, Formula, bool], Counts] = OrderedDict()
_cache_lock = threading.Lock()


def clear_count_cache() -> None:
    """Forget every component counted before: the next analysis counts from scratch (for timing)."""
    with _cache_lock:
        _cache.clear()


def count_components(model: Constraints, engine: Backend, limits: Limits,
                     density: Fraction | None = None) -> list[Counts | PathRun]:
    """Every component of ``model`` counted by ``engine``, for :func:`combine`.

    Plainly where nothing splits the answer by mine count (:func:`needs_no_split`); else a long
    component the engine would count along a path comes as its forward pass
    (``forward_along_path``, countsweep's own dpll and path backends), its marginals weighted in
    :func:`combine`: with the total, a band hidden on both sides of every other number, 3x800 at
    40% mines, took 8.2 s with its marginals multiplied out.
    """
    plain = needs_no_split(model, density)
    forward = getattr(engine, "forward_along_path", None) if BACKENDS.get(engine.name) is type(engine) else None
    counts: list[Counts | PathRun] = []
    for comp in model.components:
        limits.check("while counting the components")
        formula = comp.formula()
        run = None if plain or forward is None else forward(formula, limits)
        counts.append(run if run is not None else _count(engine, formula, limits, plain))
    return counts


def _count(engine: Backend, formula: Formula, limits: Limits, plain: bool = False) -> Counts:
    """``engine.count(formula, plain=plain)``, from the cache when one of countsweep's own backends counted it
    before (plainly or not: a plain count has no polynomial to give)."""
    key = (engine.name, formula, plain)
    cacheable = type(engine) is BACKENDS.get(engine.name) and formula.num_vars <= _CACHE_MAX_VARS
    if cacheable:
        with _cache_lock:
            hit = _cache.get(key)
            if hit is not None:
                _cache.move_to_end(key)
                return hit
    counts = engine.count(formula, limits, plain=True) if plain else engine.count(formula, limits)
    if cacheable:
        with _cache_lock:
            _cache[key] = counts
            if len(_cache) > _CACHE_ENTRIES:
                _cache.popitem(last=False)
    return counts


class _NoLayout(InconsistentError):
    """No layout fits: the Python implementation words the message when it is first read."""

    def __init__(self, board: Board, clues: ClueModel = EXACT) -> None:
        super().__init__()
        self.board = board
        self.clues = clues
        self.text: str | None = None

    def __str__(self) -> str:
        if self.text is None:
            try:
                PythonAnalyzer(get_backend(DEFAULT_BACKEND)).analyze(self.board, self.clues, Limits())
                self.text = "no mine layout fits the position"  # the implementations agree: not reached
            except InconsistentError as exc:
                self.text = str(exc)
        return self.text


@dataclass(frozen=True)
class PythonAnalyzer:
    """The reference implementation: the board's equations, each component counted by ``backend``, combined.

    Never declines.  With a ``density`` the unknown total is replaced by that prior.
    """

    backend: Backend
    density: Fraction | None = None
    name = "python"

    def analyze(self, board: Board, clues: ClueModel, limits: Limits) -> Analysis:
        model = Constraints.of(board, clues)
        counts = count_components(model, self.backend, limits, self.density)
        return combine(model, counts, backend=self.backend.name, limits=limits, density=self.density)


# The compiled kernel counts parts of components of up to KERNEL.MAX_CELLS cells (its counts
# are 128- or 64-bit integers), within this many search nodes a part: the Python search takes
# ten to twenty times the kernel's time on a part that needs many (a 3D frontier of 80 cells: 1 s
# against 12 s), so the kernel goes on; a deadline stops it (the stop callback).
KERNEL_NODES = 50_000_000


@dataclass(frozen=True)
class KernelAnalyzer:
    """The compiled kernel's implementation (``kernel/*.c``): the same answers as :class:`PythonAnalyzer`'s.

    It takes the board's cells and its topology's neighbourhood table, and
    declines (``None``) a position with a part too large for its counts or its
    node budget.  Once its parts are counted it estimates what multiplying them
    out and the answer will take, and raises
    :class:`~countsweep.errors.LimitExceeded` past ``limits.max_memory``
    (:func:`answer_too_large`).  When no layout fits it raises at once; the
    message naming the numbers is worded by the Python implementation only if
    someone reads it (an agent trying what a cell may show never does).  Under noisy clues it reads
    every number through :func:`~countsweep.constraints.readings` and says how
    often it used each, for the factor the readings leave.
    """

    max_nodes: int = KERNEL_NODES
    """The search nodes a part may take before the kernel declines it (see the note at KERNEL_NODES); its
    fillings, where it is small enough to enumerate, as many."""
    path_nodes: int | None = None
    """The search nodes a part may take before it is counted along a path (kernel/path.c: 3D frontiers
    knot into balls the search cannot split, and there a path's states are few); 0: every part, -1:
    none, None: the kernel's own choice (PATH_NODES in kernel/dpll.h, with its measurements)."""
    enum_boxes: int | None = None
    """A part of at most this many boxes has its fillings enumerated before it is searched (where a few
    search nodes cost more than the fillings), within ``max_nodes`` nodes too; 0: none, None: the
    kernel's own choice (ENUM_BOXES in kernel/dpll.h, with its measurements).  Counting every part
    along a path (``path_nodes=0``) enumerates none."""
    density: Fraction | None = None
    """A prior in place of the mine total (a board without one), as :class:`PythonAnalyzer`'s."""
    name = "kernel"

    def analyze(self, board: Board, clues: ClueModel, limits: Limits) -> Analysis | None:
        assert KERNEL is not None
        around = kernel_table(board.topology, board.height, board.width)
        # the kernel keys a reading in base (its table's most neighbours + 1)
        table = None if clues.exact else readings(clues, around.max_degree + 1)
        methods = {} if self.path_nodes is None else {"path_nodes": self.path_nodes}  # None: the kernel's own
        if self.enum_boxes is not None:
            methods["enum_boxes"] = self.enum_boxes
        # a prior replaces the total, as in PythonAnalyzer's combination (analyze refuses both at once)
        prior = None if self.density is None else (self.density.numerator, self.density.denominator)
        mines = board.mines if prior is None else None
        try:
            found = KERNEL.analyze(board.grid, around, mines, cell_table(board.height, board.width),
                                   readings=table, max_nodes=self.max_nodes, value=Fraction, group=Group,
                                   density=prior, **kernel_limits(limits), **methods)
        except KERNEL.NoLayout:
            raise _NoLayout(board, clues) from None
        except KERNEL.TooLarge as large:
            raise answer_too_large(large.args[0], limits) from None
        if found is None:
            return None
        # the kernel made each group's probability (a Fraction in lowest terms, kernel/fraction.h), each Group,
        # and the map from each hidden cell to its group's probability
        assert found.values is not None and found.probabilities is not None
        groups = tuple(found.values)
        probabilities = found.probabilities
        factors: tuple[tuple[Fraction, int], ...] = ()
        if table is not None:
            assert found.readings is not None  # the kernel says how often it read each reading it was given
            factors = tuple((table.factors[key], times) for key, times in found.readings)
        if self.density is not None:  # the count's weights are over b**F, F the frontier's cells (combine's)
            factors += ((Fraction(1, self.density.denominator), len(found.frontier)),)
        return Analysis.of_fields(board=board, mines_known=board.mines is not None, count=found.count,
                                  probabilities=probabilities, frontier=found.frontier, sea=found.sea,
                                  components=found.components, backend=DEFAULT_BACKEND, implementation="kernel",
                                  groups=groups, scale=found.scale, clue_model=clues.name, density=self.density,
                                  factors=factors, weighted=not clues.exact or self.density is not None,
                                  sea_probability=groups[-1].probability if found.sea else None)


_KERNEL_ANALYZER = KernelAnalyzer()  # frozen, with the default budgets: one for every call of analyze

# Memory, measured on boards up to 1000x1000 (docs/limits.md): about this much per cell of the
# board for its structures and the answer.
_BYTES_PER_CELL = 1800


def memory_budget(limits: Limits) -> int:
    """``limits.max_memory`` as the compiled kernel's ``max_bytes`` (-1: no budget).

    >>> memory_budget(Limits(max_memory=2**30)), memory_budget(Limits())
    (1073741824, -1)
    """
    return -1 if limits.max_memory is None else limits.max_memory


class KernelLimits(TypedDict):
    """The compiled kernel's ``analyze`` arguments that carry a caller's :class:`Limits`."""

    stop: Callable[[], bool] | None
    max_bytes: int


def kernel_limits(limits: Limits) -> KernelLimits:
    """``limits`` as the compiled kernel's ``analyze`` takes them: the deadline as its ``stop`` callback
    (none without one: a call that always answers False costs a call now and then), the memory limit as
    its ``max_bytes``."""
    return {"stop": limits.expired if limits.deadline is not None else None, "max_bytes": memory_budget(limits)}


def answer_too_large(needed: int, limits: Limits) -> LimitExceeded:
    """The error for a position the kernel counted but whose answer it estimated at ``needed`` bytes, past
    ``limits.max_memory``: every group's exact counts, multiplied out with the sea's (a dense 700x700 board's
    266 000 groups of 10 000 bits: about 660 MB)."""
    return LimitExceeded(f"the exact answer needs about {_size(needed)} for its groups' counts; "
                         f"the limit is {_size(memory_budget(limits))} (--max-memory)")


def _size(size: int) -> str:
    """``size`` bytes in megabytes, as --max-memory takes them, or in bytes below ten megabytes (a limit set
    in the Python API may be a few kilobytes: not "0 MB" against "0 MB").

    >>> _size(3 * 2**30), _size(5000)
    ('3,072 MB', '5,000 bytes')
    """
    return f"{size / 2**20:,.0f} MB" if size >= 10 * 2**20 else f"{size:,} bytes"


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


def backend_of(backend: object) -> Backend:
    """The backend ``backend`` names (a name of :func:`~countsweep.counting.registry.backend_names`), or
    ``backend`` itself if it is one; :class:`ParameterTypeError` for anything else."""
    if isinstance(backend, str):
        return get_backend(backend)
    if not isinstance(backend, Backend):
        raise ParameterTypeError(f"backend: expected a backend name ({', '.join(BACKENDS)}) or a "
                             f"countsweep.counting.Backend, not {shown(backend, 60)}")
    return backend


def analyze(board: Board | str | list, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None, *,
            clues: ClueModel = EXACT, density: Fraction | None = None, implementation: str = "auto") -> Analysis:
    """Count the layouts of ``board`` and every hidden cell's mine probability, exactly.

    Parameters
    ----------
    board
        The position: a :class:`~countsweep.board.Board`, board text, or a
        list of rows (text lines, or codes as :meth:`Board.from_array` takes).
        Without a mine total the count is of frontier assignments (see the
        module's notes).
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
    implementation
        ``auto`` (the default: :func:`countsweep.kernel.choose` picks),
        ``python`` or ``kernel``; the answers are the same, and
        :attr:`Analysis.implementation` says which gave them.

    Raises
    ------
    ParameterError
        An argument of the wrong kind, a density outside (0, 1), or one given
        for a board with a mine total.
    InconsistentError
        When no layout fits the position (or every layout weighs nothing).
    LimitExceeded
        When a limit is hit.
    """
    board = as_board(board)
    # a backend named by one of its names is made only if the Python path answers: the kernel
    # answers most positions of play, in tens of microseconds, and making a counter is a few
    engine: Backend | None = None
    if isinstance(backend, str) and backend in BACKENDS:
        name = backend
    else:
        engine = backend_of(backend)
        name = engine.name
    clue_model(clues)
    if density is not None:
        if not isinstance(density, (Fraction, int)) or isinstance(density, bool):
            raise ParameterTypeError(f"density: a Fraction in (0, 1), not {shown(density, 40)}")
        if not 0 < density < 1:
            raise ParameterError(f"a density is a probability in (0, 1), not {shown(density)}")
        if board.mines is not None:
            raise ParameterError("a density is a prior for a board without a mine total; this one has a total "
                                 "(give one or the other)")
        density = Fraction(density)
    limits = limits_of(limits)
    _check_memory(limits, board)
    # one of countsweep's own, not a caller's of the same name
    ours = engine is None or BACKENDS.get(engine.name) is type(engine)
    which = choose("analysis", implementation, backend=name if ours else "custom")
    if which == "kernel":
        limits.check("before counting")
        kernel = _KERNEL_ANALYZER if density is None else KernelAnalyzer(density=density)
        done = kernel.analyze(board, clues, limits)
        if done is not None:
            return done
    return PythonAnalyzer(engine or get_backend(name), density).analyze(board, clues, limits)


def count(board: Board | str | list, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None) -> int:
    """The number of mine layouts consistent with ``board`` (see :func:`analyze`)."""
    return analyze(board, backend, limits).count


def probabilities(board: Board | str | list, backend: str | Backend = DEFAULT_BACKEND,
                  limits: Limits | None = None) -> dict[Cell, Fraction]:
    """Exact mine probability of every hidden unflagged cell of ``board``."""
    return analyze(board, backend, limits).probabilities
