"""Counting along a path decomposition: long, thin formulas in time linear in their length.

The decomposing DPLL (:mod:`countsweep.counting.dpll`) splits a long band at
its middle and caches each half with every variable's marginal: a band of
thousands of columns keeps ever larger halves, and runs out of memory.  Here
the variables are taken in a *linear order* that keeps few constraints open at
once (a breadth-first order from one end of the constraint graph, as
Cuthill-McKee's), and the formula is counted by dynamic programming along it
(a path decomposition; Minesweeper's transfer-matrix method): after the first
``i`` variables, a *state* is the partial sum of every constraint with
variables on both sides, and each state carries the count of the assignments
reaching it, by number of true cells.  A band three rows high has at most nine
states a column, whatever its length.

The marginals come from the same states, forward and backward: a variable's
marginal is the sum over the states before it and its values of (the
assignments reaching the state) times (the value's weight) times (the
completions after it).  Every count is an exact Python integer; polynomials are
packed (Kronecker) with their lowest degree apart, so a state's polynomial is as
wide as its support, not as its degree.  Where the caller wants each marginal
only dotted with weights by mine count (the oracle's mine total), the forward
pass is kept (:func:`path_forward`) and the weights go backward instead: a
state's completions become a vector by the mines before it, and a marginal a
sum of dot products, never a product of two polynomials.

Projected formulas are not counted here (existential quantification does not
fit a counting DP), nor formulas too wide: :func:`path_count` says so by
returning ``None``, and the DPLL counts them.  :class:`PathCounter` is the same
as a backend (``path``), held to the shared backend contract.

>>> from countsweep.counting.formula import Card, Formula
>>> band = Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1)))
>>> c = path_count(band)
>>> c.count, c.total, c.marginals[2]
(3, Poly(low=1, coeffs=(1, 2)), Poly(low=1, coeffs=(1,)))
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb, inf, log2

from countsweep.counting.base import Limits
from countsweep.counting.formula import Card, Counts, Formula
from countsweep.counting.poly import ZERO, Poly, evaluate, unpack
from countsweep.errors import LimitExceeded

MAX_STATES = 50_000
"""A layer of more states than this stops the dynamic programming (the DPLL then counts)."""

MAX_WIDTH_BITS = 20.0
"""Formulas whose open constraints could take more than 2**this many states at once are not tried."""

MAX_WORK = 2_000_000
"""Formulas whose layers could hold more states than this in all are not tried (one wide rule over
thousands of cells keeps one open constraint of thousands of sums the whole way)."""

# a polynomial: (lowest degree, coefficients packed from there, ``bits`` bits each); plain
# counting (``bits`` 0) keeps each polynomial's value at 1, at degree 0
Packed = tuple[int, int]
Move = tuple[tuple[int, ...], int, tuple[int, ...], int]
"""(a state, the variable's value, the state it leads to, the weight of that step)."""


def _add(p: Packed | None, q: Packed, bits: int) -> Packed:
    if p is None:
        return q
    if not bits or p[0] == q[0]:
        return p[0], p[1] + q[1]
    if p[0] < q[0]:
        return p[0], p[1] + (q[1] << bits * (q[0] - p[0]))
    return q[0], q[1] + (p[1] << bits * (p[0] - q[0]))


def _times(p: Packed, factor: int, mines: int, bits: int) -> Packed:
    return (p[0] + mines if bits else 0), p[1] * factor


def _mul(p: Packed, q: Packed) -> Packed:
    return p[0] + q[0], p[1] * q[1]


def _poly(p: Packed | None, bits: int) -> Poly:
    if p is None or not p[1]:
        return ZERO
    if not bits:
        return Poly(0, (p[1],))
    u = unpack(p[1], bits)
    return Poly(u.low + p[0], u.coeffs)


def linear_order(num_vars: int, cards: list[Card]) -> list[int]:
    """The variables in breadth-first order from one end of the constraint graph, component by component.

    Each start is pseudo-peripheral (the last variable a breadth-first sweep
    reaches), and neighbours are taken fewest neighbours first (Cuthill-McKee), so
    a band is taken column by column.
    """
    around: list[set[int]] = [set() for _ in range(num_vars + 1)]
    for card in cards:
        vs = [abs(x) for x in card.lits]
        for v in vs:
            around[v].update(vs)
    for v in range(1, num_vars + 1):
        around[v].discard(v)
    placed = [False] * (num_vars + 1)
    order: list[int] = []

    def sweep(start: int) -> list[int]:
        seen = {start}
        out = [start]
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for w in sorted(around[u] - seen, key=lambda w: (len(around[w]), w)):
                seen.add(w)
                out.append(w)
                queue.append(w)
        return out

    for v in range(1, num_vars + 1):
        if placed[v]:
            continue
        end = sweep(sweep(v)[-1])[-1]  # the far end of a double sweep
        for u in sweep(end):
            placed[u] = True
            order.append(u)
    return order


def _widest(cards: list[Card], order: list[int], sizes: tuple[int, ...]) -> float:
    """The most bits the open constraints' states take at one step of ``order``, as :class:`_Plan` counts.

    A difference array over the steps: linear in the order and the literals,
    so a formula far too wide for a path is refused in a blink.
    """
    pos = {v: i for i, v in enumerate(order)}
    delta = [0.0] * (len(order) + 1)
    for c in cards:
        steps = [pos[abs(x)] for x in c.lits]
        span = sum(sizes[abs(x) - 1] for x in c.lits)
        delta[min(steps)] += log2(min(c.hi, span) + 1)
        delta[max(steps)] -= log2(min(c.hi, span) + 1)
    widest = running = 0.0
    for d in delta:
        running += d
        widest = max(widest, running)
    return widest


class _Plan:
    """What each step of the order does to the open constraints (the state's slots)."""

    def __init__(self, formula: Formula, cards: list[Card], order: list[int]) -> None:
        sizes = formula.sizes or (1,) * formula.num_vars
        self.size = [0, *sizes]
        pos = {v: i for i, v in enumerate(order)}
        first = [min(pos[abs(x)] for x in c.lits) for c in cards]
        last = [max(pos[abs(x)] for x in c.lits) for c in cards]
        n = len(order)
        # the constraints open after step i: first <= i < last
        open_after: list[list[int]] = [[] for _ in range(n)]
        for c in range(len(cards)):
            for i in range(first[c], last[c]):
                open_after[i].append(c)
        before: list[int] = []
        self.steps = []
        span = [sum(self.size[abs(x)] for x in c.lits) for c in cards]  # the most each constraint's vars add
        room = list(span)  # what each constraint's later variables can still add
        occ: dict[int, list[tuple[int, int]]] = {}
        for c, card in enumerate(cards):
            for lit in card.lits:
                occ.setdefault(abs(lit), []).append((c, 1 if lit > 0 else -1))
        self.width_bits = 0.0
        self.work = 0.0  # the states the layers could hold in all
        for i, v in enumerate(order):
            after = open_after[i]
            slot_before = {c: k for k, c in enumerate(before)}
            touched = occ.get(v, [])
            for c, _ in touched:
                room[c] -= self.size[v]
            # each new slot: (constraint, slot before or -1, sign of v in it or 0, room left)
            carry = []
            sign_of = dict(touched)
            for c in after:
                carry.append((c, slot_before.get(c, -1), sign_of.get(c, 0), room[c]))
            closing = [(c, slot_before.get(c, -1), sign_of[c]) for c, _ in touched if last[c] == i]
            self.steps.append((v, carry, closing))
            bits = sum(log2(min(cards[c].hi, span[c]) + 1) for c in after)
            self.width_bits = max(self.width_bits, bits)
            self.work += 2.0 ** min(bits, 60.0)
            before = after


@dataclass(frozen=True)
class _Prepared:
    """A formula made ready for the path: its constraints with variables, its order's plan, and the
    factor its constraints on no variable leave."""

    cards: list[Card]
    plan: _Plan
    factor: int
    sizes: tuple[int, ...]
    headroom: int


def _prepare(formula: Formula, max_width_bits: float, free: bool, max_work: float) -> _Prepared | Counts | None:
    """The formula's :class:`_Prepared`; :class:`Counts` with no model when a constraint holds nothing; None
    where the path does not fit (see :func:`path_count`)."""
    if len(formula.counted) != formula.num_vars:
        return None
    sizes = formula.sizes or (1,) * formula.num_vars
    cards = [c for c in (card.normalized(formula.sizes) for card in formula.constraints) if c is not None]
    factor = 1
    for card in cards:
        if card.weights is not None and not card.lits and card.lo <= card.hi:
            factor *= card.weights[0]
    if any(c.lo > c.hi for c in cards) or not factor:
        return Counts.unsatisfiable(formula.counted)
    cards = [c for c in cards if c.lits]
    if not free and len({abs(x) for c in cards for x in c.lits}) < formula.num_vars:
        return None
    order = linear_order(formula.num_vars, cards)
    if _widest(cards, order, sizes) > max_width_bits + 1e-9:
        return None  # decided before the plan, whose size grows with the width
    plan = _Plan(formula, cards, order)
    if plan.width_bits > max_width_bits or plan.work > max_work:
        return None
    headroom = factor.bit_length() + sum(max(c.weights).bit_length() for c in cards if c.weights is not None)
    return _Prepared(cards, plan, factor, sizes, headroom)


def _packing_of(prep: _Prepared, cells: int, plain: bool, limits: Limits, max_states: int,
                max_bytes: float = inf) -> int | None:
    """The bits each packed coefficient takes (0: plain), None past ``max_states`` or ``max_bytes``."""
    bits = 0 if plain else _packing(cells + prep.headroom, prep.sizes)
    if bits > TIGHTEN_BITS:
        # the layouts, counted plainly first (linear), bound every polynomial's coefficients far
        # below 2**cells: every state kept reaches the end (or is never read again), so its ways
        # to a mine count are at most the layouts, and a marginal's at most the layouts times a
        # box's size.  The marginals' products are the cost, Karatsuba's on the packed widths: a
        # band of 2000 cells whose 631-bit count was packed at 2024 bits a coefficient
        first = _forward(prep.plan, prep.cards, 0, limits, max_states, max_bytes)
        if first is None:
            return None
        end = first[0][-1].get(())
        layouts = end[1] if end is not None else 0
        bits = min(bits, _packing(layouts.bit_length() + prep.factor.bit_length(), prep.sizes))
    return bits


Started = tuple[_Prepared, int, list[dict[tuple[int, ...], Packed]], list[list[Move]]]
"""A formula prepared, the bits of its packing, and its forward pass: each step's states and moves."""


def _forward_of(formula: Formula, limits: Limits, plain: bool, max_states: int, max_width_bits: float, free: bool,
                max_work: float, max_bytes: float = inf) -> Started | Counts | None:
    """The formula's :data:`Started`; :class:`Counts` with no model where a constraint holds nothing; None where
    the path does not fit (see :func:`path_count`)."""
    prep = _prepare(formula, max_width_bits, free, max_work)
    if prep is None or isinstance(prep, Counts):
        return prep
    bits = _packing_of(prep, formula.cells, plain, limits, max_states, max_bytes)
    if bits is None:
        return None
    forward = _forward(prep.plan, prep.cards, bits, limits, max_states, max_bytes)
    return None if forward is None else (prep, bits, *forward)


def path_count(formula: Formula, limits: Limits | None = None, *, plain: bool = False,
               max_states: int = MAX_STATES, max_width_bits: float = MAX_WIDTH_BITS,
               free: bool = True, max_work: float = MAX_WORK, max_bytes: float = inf) -> Counts | None:
    """The formula's :class:`Counts` by dynamic programming along a linear order, or None where it does not fit.

    None for a projected formula, or one whose open constraints could take more
    than ``2**max_width_bits`` states at once (or ``max_work`` states in all), or
    whose states pass ``max_states`` in a layer (or ``max_bytes`` in all, roughly,
    as the forward pass keeps them); without ``free``, also for one with a variable no
    constraint holds (each widens every later state's polynomial; the search
    counts free variables in closed form).
    """
    limits = (limits or Limits()).started()
    started = _forward_of(formula, limits, plain, max_states, max_width_bits, free, max_work, max_bytes)
    if started is None or isinstance(started, Counts):
        return started
    prep, bits, layers, moves = started
    total, marginal = _backward(prep.plan, layers, moves, bits, limits)
    factor = prep.factor
    total = _times(total, factor, 0, bits) if total is not None else None
    whole = _poly(total, bits)
    marginals = tuple(_poly(None if marginal[v] is None else _times(marginal[v], factor, 0, bits), bits)  # type: ignore[arg-type]
                      for v in formula.counted)
    return Counts(formula.counted, whole, marginals)


@dataclass(frozen=True)
class PathRun:
    """A formula's forward pass along its path, kept for :meth:`weighted_marginals` (:func:`path_forward`).

    With the mine total, what the oracle reads of a component's marginal is one
    number: its coefficients weighted by the ways the rest of the board (the other
    components, the sea) completes each mine count.  Weighting the completions
    from the end (each state's "tail" a vector by the mines before it) makes each
    variable's marginal a sum of dot products, where :func:`path_count` multiplies
    two polynomials a fraction of the path long for every one.
    """

    total: Poly
    """The formula's models by number of true cells, its factor included."""
    prepared: _Prepared
    layers: list[dict[tuple[int, ...], Packed]]
    moves: list[list[Move]]
    bits: int
    counted: tuple[int, ...]

    def weighted_marginals(self, outside: Mapping[int, int], limits: Limits | None = None) -> tuple[int, ...]:
        """``sum(marginal_v[m] * outside[m] for m)`` for each counted variable ``v`` (``outside`` read at the
        total's degrees; 0 elsewhere).

        >>> from countsweep.counting.formula import Card, Formula
        >>> band = Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1)))
        >>> run = path_forward(band)
        >>> run.total, run.weighted_marginals({1: 10, 2: 1})  # models {3}, {1, 4}, {2, 4}
        (Poly(low=1, coeffs=(1, 2)), (1, 1, 10, 2))
        """
        limits = (limits or Limits()).started()
        plan, bits = self.prepared.plan, self.bits
        degrees = [m for m in outside if self.total.low <= m < self.total.low + len(self.total.coeffs)]
        if not degrees:  # (the forward pass ends in some layout: path_forward keeps no other)
            return tuple(0 for _ in self.counted)
        low = min(degrees)
        top = max(outside[m] for m in degrees)
        # a state some prefix reaches has tails summing to at most the layouts (the prefix's ways, at
        # least 1, times each tail are some of them), so each of its weighted coefficients is at most
        # the layouts times the largest outside weight
        tb = _packing(evaluate(self.total, 1).bit_length() + top.bit_length(), (1,))
        after: dict[tuple[int, ...], Packed] = {(): (low, sum(outside[m] << tb * (m - low) for m in degrees))}
        weighted: dict[int, int] = {}
        for i in range(len(plan.steps) - 1, -1, -1):
            limits.check("while weighing the marginals along the path")
            here = self.layers[i]
            back: dict[tuple[int, ...], Packed] = {}
            acc = 0
            for state, x, key, weight in self.moves[i]:
                tail = after.get(key)
                if tail is None:
                    continue
                shifted = (tail[0] - x, tail[1] * weight)  # as a function of the mines before the step
                back[state] = _add(back.get(state), shifted, tb)
                if x:
                    acc += x * _dot(here[state], bits, shifted, tb)
            weighted[plan.steps[i][0]] = acc * self.prepared.factor
            after = {state: _clip(t, here[state], bits, tb) for state, t in back.items()}
        return tuple(weighted[v] for v in self.counted)  # every variable has its step


def path_forward(formula: Formula, limits: Limits | None = None, *, max_states: int = MAX_STATES,
                 max_width_bits: float = MAX_WIDTH_BITS, free: bool = True, max_work: float = MAX_WORK
                 ) -> PathRun | None:
    """The forward pass of :func:`path_count`, kept: the total at once, the marginals weighted later.

    None where :func:`path_count` would give None, and for a formula with no model.
    """
    started = _forward_of(formula, (limits or Limits()).started(), False, max_states, max_width_bits, free, max_work)
    if started is None or isinstance(started, Counts):
        return None
    prep, bits, layers, moves = started
    end = layers[-1].get(())
    if end is None or not end[1]:
        return None
    total = _poly(_times(end, prep.factor, 0, bits), bits)
    return PathRun(total, prep, layers, moves, bits, formula.counted)


def _span(p: Packed, bits: int) -> tuple[int, int]:
    """The lowest and highest degree a packed polynomial keeps a slot for."""
    return p[0], p[0] + max(1, -(-p[1].bit_length() // bits)) - 1


def _coefficients(p: Packed, bits: int, lo: int, hi: int) -> list[int]:
    """Coefficients ``lo..hi`` of a packed polynomial, ``lo`` at or above its lowest degree (0 where it
    keeps no slot)."""
    assert lo >= p[0]
    n = hi - lo + 1
    value = p[1] >> bits * (lo - p[0])
    step = bits // 8
    data = (value & ((1 << bits * n) - 1)).to_bytes(step * n, "little")
    return [int.from_bytes(data[k * step:(k + 1) * step], "little") for k in range(n)]


def _dot(f: Packed, bits: int, t: Packed, tb: int) -> int:
    """``sum(f[m] * t[m])`` over the degrees both keep, each packed at its own width."""
    lo_f, hi_f = _span(f, bits)
    lo_t, hi_t = _span(t, tb)
    lo, hi = max(lo_f, lo_t), min(hi_f, hi_t)
    if lo > hi:
        return 0
    return sum(map(operator.mul, _coefficients(f, bits, lo, hi), _coefficients(t, tb, lo, hi)))


def _clip(t: Packed, f: Packed, bits: int, tb: int) -> Packed:
    """The tail ``t`` (packed at ``tb``) kept at the degrees the state's ways ``f`` (at ``bits``) keep: the
    others are never read, and each step back would widen it by the step's mines."""
    lo, hi = _span(f, bits)
    if t[0] < lo:
        t = (lo, t[1] >> tb * (lo - t[0]))
    return t[0], t[1] & ((1 << tb * (hi - t[0] + 1)) - 1) if hi >= t[0] else 0


TIGHTEN_BITS = 512
"""Packed coefficients wider than this are narrowed to the bits the layouts need (a plain pass first)."""


def _packing(bound_bits: int, sizes: tuple[int, ...]) -> int:
    """Bits a packed coefficient takes: a count below ``2**bound_bits`` times a box's size, in whole bytes."""
    return 8 * ((bound_bits + max(sizes, default=1).bit_length() + 8) // 8)


_POLL_STATES = 1024
"""The deadline is checked at every step and every this many states within one: checked every 64
steps, a 0.3 s limit on a 40x40 lattice was met after 0.9 s (``tests/test_path.py``)."""


def _forward(plan: _Plan, cards: list[Card], bits: int, limits: Limits, max_states: int,
             max_bytes: float = inf) -> tuple[list[dict[tuple[int, ...], Packed]], list[list[Move]]] | None:
    """Each step's states with the ways to reach them, and the moves between them (None: too many states in a
    layer, or more than ``max_bytes`` held in all)."""
    size = plan.size
    layers: list[dict[tuple[int, ...], Packed]] = [{(): (0, 1)}]
    held = 0  # bytes the layers hold, roughly: what --max-memory bounds
    kept = 0  # states kept: what --max-cache bounds
    moves: list[list[Move]] = []
    for v, carry, closing in plan.steps:
        limits.check("while counting along the path")
        here = layers[-1]
        nxt: dict[tuple[int, ...], Packed] = {}
        step: list[Move] = []
        s_v = size[v]
        choose = [comb(s_v, x) for x in range(s_v + 1)]
        for k, (state, poly) in enumerate(here.items()):
            if k % _POLL_STATES == _POLL_STATES - 1:  # one layer of a dense lattice takes seconds
                limits.check("while counting along the path")
            for x in range(s_v + 1):
                weight = choose[x]
                for c, slot, sign in closing:
                    t = (state[slot] if slot >= 0 else 0) + (x if sign > 0 else s_v - x)
                    card = cards[c]
                    if not card.lo <= t <= card.hi:
                        weight = 0
                        break
                    if card.weights is not None:
                        weight *= card.weights[t - card.lo]
                if not weight:
                    continue
                new = []
                for c, slot, sign, room in carry:
                    t = (state[slot] if slot >= 0 else 0) + (0 if not sign else x if sign > 0 else s_v - x)
                    card = cards[c]
                    if t > card.hi or t + room < card.lo:
                        break
                    new.append(t)
                else:
                    key = tuple(new)
                    step.append((state, x, key, weight))
                    nxt[key] = _add(nxt.get(key), _times(poly, weight, x, bits), bits)
        if len(nxt) > max_states:
            return None
        kept += len(nxt)
        if limits.max_cache is not None and kept > limits.max_cache:  # the states kept play the cache's part
            raise LimitExceeded(f"component cache reached its bound of {limits.max_cache} entries "
                                "(states kept along the path)")
        held += sum(p[1].bit_length() // 8 + 100 for p in nxt.values()) + 120 * len(step)
        if held > max_bytes:
            return None
        if limits.max_memory is not None and held > limits.max_memory:
            raise LimitExceeded(f"counting along the path needs more than {held / 2**20:,.0f} MB; the limit is "
                                f"{limits.max_memory / 2**20:,.0f} MB (--max-memory)")
        layers.append(nxt)
        moves.append(step)
    return layers, moves


def _backward(plan: _Plan, layers: list[dict[tuple[int, ...], Packed]], moves: list[list[Move]], bits: int,
              limits: Limits) -> tuple[Packed | None, dict[int, Packed | None]]:
    """The total, and from the end back what completes each state: every variable's marginal."""
    total = layers[-1].get(())
    # backward: what completes each reachable state, from the end
    after: dict[tuple[int, ...], Packed] = {(): (0, 1)}
    marginal: dict[int, Packed | None] = {v: None for v, _, _ in plan.steps}
    for i in range(len(plan.steps) - 1, -1, -1):
        limits.check("while counting along the path")
        v = plan.steps[i][0]
        here = layers[i]
        back: dict[tuple[int, ...], Packed] = {}
        m = None
        for state, x, key, weight in moves[i]:
            tail = after.get(key)
            if tail is None:
                continue
            step_tail = _times(tail, weight, x, bits)
            back[state] = _add(back.get(state), step_tail, bits)
            if x:
                m = _add(m, _mul(here[state], _times(step_tail, x, 0, bits)), bits)
        marginal[v] = m
        after = back
    return total, marginal
