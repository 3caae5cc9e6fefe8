"""A decomposing DPLL model counter over native cardinality constraints and boxes.

The counter follows Cachet, sharpSAT and Ganak (Sang et al., SAT 2004;
Thurley, SAT 2006; Sharma et al., IJCAI 2019): unit propagation, dynamic
decomposition of the residual formula into independent components after every
decision, and a component cache.  It differs from them in ways that suit
Minesweeper:

* constraints are ``lo <= sum(literals) <= hi`` natively, so a revealed number
  is one constraint with no auxiliary variables, and propagation sees the whole
  number at once (every open cell forced when the count is met or can only just
  be, and the last open box forced to what is missing);
* a constraint may weigh the sum it reaches (a number read through a noisy clue
  model): it stays in its component until its last variable is set, and the
  branch that sets it multiplies by the weight of the sum reached, so the counts
  become exact weighted counts with the same search;
* a variable may be a *box* of interchangeable cells (see
  :mod:`countsweep.counting.formula`): it is branched on once, over its values
  ``0..s`` with weights ``C(s, value)``, instead of cell by cell;
* every count is a polynomial in the number of true counted cells (mines), so
  the oracle can apply the global mine total afterwards with binomials, and each
  component's result carries every counted variable's marginal polynomial,
  combined on the way up, so one pass yields every cell.

Polynomials are kept *packed* while searching: ``p(2**B)`` as one integer, with
``B`` bits per coefficient, more than any count can need (a count is at most
``2**cells``).  Adding and multiplying polynomials is then one big-integer
operation (Kronecker substitution); they are unpacked once, at the end.

The cache key is the residual component with its variables renamed by rank,
so the same sub-structure at another place of the board hits the entry stored
for the first.  Branching picks a variable near the middle of the component's
constraint graph (the midpoint of a double BFS sweep), which cuts the long thin
frontiers of Minesweeper in halves, so the search depth grows with the
logarithm of a frontier's length.

Projected counting: variables outside the projection are never branched on
while a counted variable is open; a component left with none is decided by a
satisfiability search (existential quantification).

>>> from countsweep.counting.formula import Card, Formula
>>> band = Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1)))
>>> c = DpllCounter().count(band)
>>> c.count, c.total
(3, Poly(low=1, coeffs=(1, 2)))
>>> DpllCounter().count(Formula(2, (Card((1, 2), 1, 1),), sizes=(2, 1))).total  # a box of two cells
Poly(low=1, coeffs=(3,))
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import comb, inf

from countsweep.counting.base import Limits, arguments
from countsweep.counting.formula import Counts, Formula
from countsweep.counting.path import PathRun, path_count, path_forward
from countsweep.counting.poly import ZERO, Poly, add, binomial, mul, shift, unpack
from countsweep.errors import LimitExceeded, ParameterError

_BIG_STACK_VARS = 600
_CENTER_MIN_VARS = 10

PATH_MIN_VARS = 100
PATH_WIDTH_BITS = 12.0
"""Formulas of at least PATH_MIN_VARS variables whose open constraints take at most 2**PATH_WIDTH_BITS
states at once are counted along a path (:mod:`countsweep.counting.path`), not searched: measured on bands,
corridors and dense boards (docs/benchmarks.md, "Thin frontiers"), the search wins below, the path above."""

KNOT_MIN_VARS = 16
KNOT_DECISIONS = 100
"""A formula of at least KNOT_MIN_VARS variables whose search passes KNOT_DECISIONS decisions is counted
along a path instead, with no bound on its width but the states it meets (:data:`KNOT_STATES`), and
searched to the end only if the path declines: a 3D grid's numbers see 26 cells and their frontiers
knot into balls with no middle to split at, where the search meets the same sums under ever new
branches and the path meets each once (the compiled kernel's PATH_MIN_BOXES and PATH_NODES, kernel/dpll.h,
with the measurements).  A band is taken along a path before the search (:data:`PATH_WIDTH_BITS`)."""

KNOT_PER_VAR = 2
"""The budget is also this many decisions a variable: a long component searched in a few decisions a
variable is no knot.  A dense 40x40 board's largest component (624 boxes) takes the search 102 decisions;
taken along a path past 100, it took 0.9 s against the search's 0.06 s (a 70x70 board's 153 s and 10.9 GB
against 1.5 s: its path is as wide as the board).  The 99 3D positions of benchmarks.topologies and
tests/reference.py's knot took the Python path 9.1 s either way."""

KNOT_STATES = 200_000
"""The most states a layer of a knotted formula's path may hold (the kernel's PATH_MAX_STATES)."""

KNOT_BYTES = 64 << 20
"""The most a knotted formula's path may hold in all (its forward pass, roughly; the kernel's
PATH_MAX_COEFS), else it is searched: the knot of tests/reference.py holds 6 to 8 MB."""

WIDE_BITS = 1 << 20
"""Past this many bits a packed polynomial (bits a coefficient times coefficients) would take, the search
keeps its polynomials as :class:`_Wide` instead: a dense 70x70 board's component of 2 600 cells packs
into 7 Mbit integers, whose products cost 7.5 times the whole count the unpacked polynomials do."""


class _Wide:
    """A polynomial of a wide search, its coefficients kept apart (:class:`Poly`), behind the operators
    the search applies to packed integers (``+``, ``*``, ``<<`` by whole degrees), so one search serves
    both: a product costs the sizes of the supports, not the worst case's width.

    >>> (_Wide(binomial(2)) * 3 << 1) + 0
    _Wide(Poly(low=1, coeffs=(3, 6, 3)))
    """

    __slots__ = ("p",)

    def __init__(self, p: Poly) -> None:
        self.p = p

    def __add__(self, other: _Wide | int) -> _Wide:
        return _Wide(add(self.p, _as_poly(other)))

    __radd__ = __add__

    def __mul__(self, other: _Wide | int) -> _Wide:
        return _Wide(mul(self.p, _as_poly(other)))  # poly.mul scales by a constant without a convolution

    __rmul__ = __mul__

    def __lshift__(self, degrees: int) -> _Wide:  # a wide search's "bits" is 1: a shift is a degree
        return _Wide(shift(self.p, degrees))

    def __bool__(self) -> bool:
        return bool(self.p.coeffs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Wide) and other.p == self.p

    def __hash__(self) -> int:
        return hash(self.p)

    def __repr__(self) -> str:
        return f"_Wide({self.p!r})"


def _as_poly(value: _Wide | int) -> Poly:
    """A wide search's value as a polynomial (a plain integer is a constant: 0, or the 1 of a closed part)."""
    return value.p if isinstance(value, _Wide) else (Poly(0, (value,)) if value else ZERO)


# A result: the packed total, and each variable's packed marginal (absent: zero); in a wide search
# (WIDE_BITS) each is a _Wide.
Result = tuple[int, dict[int, int]]


@dataclass
class Stats:
    """What one count did; printed by ``--stats`` and the scaling benchmark."""

    decisions: int = 0
    components: int = 0
    cache_hits: int = 0
    cache_entries: int = 0
    max_component: int = 0

    def add(self, other: Stats) -> None:
        self.decisions += other.decisions
        self.components += other.components
        self.cache_hits += other.cache_hits
        self.cache_entries += other.cache_entries
        self.max_component = max(self.max_component, other.max_component)

    @property
    def hit_rate(self) -> float:
        looked = self.cache_hits + self.cache_entries
        return self.cache_hits / looked if looked else 0.0


@lru_cache(maxsize=1024)
def _free(cells: int, bits: int) -> int:
    """``(1 + x)**cells`` packed with ``bits`` bits a coefficient (its value at 1 with 0 bits)."""
    if not bits:
        return 1 << cells
    value = 0
    for k in range(cells, -1, -1):
        value = (value << bits) | comb(cells, k)
    return value


class _Knotted(Exception):
    """A search past its budget of decisions (:data:`KNOT_DECISIONS`): the formula is counted along a path."""


class _Search:
    def __init__(self, formula: Formula, limits: Limits | None, plain: bool = False) -> None:
        n = formula.num_vars
        sizes = formula.sizes or (1,) * n
        cards = [c for c in (card.normalized(formula.sizes) for card in formula.constraints) if c is not None]
        # a weighted card with no literal left is a constant factor of every count
        self.factor = 1
        for card in cards:
            if card.weights is not None and not card.lits and card.lo <= card.hi:
                self.factor *= card.weights[0]
        cards = [c for c in cards if c.lits or c.lo > c.hi]
        self.n = n
        self.size = (0, *sizes)
        self.lits = [c.lits for c in cards]
        self.lo = [c.lo for c in cards]
        self.hi = [c.hi for c in cards]
        self.weights = [c.weights for c in cards]
        self.weighted = any(w is not None for w in self.weights)
        self.occ: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
        for ci, card in enumerate(cards):
            for lit in card.lits:
                self.occ[abs(lit)].append((ci, 1 if lit > 0 else -1))
        self.val = [-1] * (n + 1)
        self.ntrue = [0] * len(cards)  # each constraint's sum so far
        self.nfree = [sum(self.size[abs(x)] for x in c.lits) for c in cards]  # what its open variables can add
        self.nopen = [len(c.lits) for c in cards]  # its open variables
        self.projected = [False] * (n + 1)
        for v in formula.counted:
            self.projected[v] = True
        self.counted = formula.counted
        if self.weighted and any(not self.projected[abs(x)] for c in cards if c.weights is not None for x in c.lits):
            raise ParameterError("a weighted constraint may only mention counted (projected) variables")
        # bits per packed coefficient: a count is at most 2**cells, a box marginal at most size * count;
        # plain counting packs with 0 bits: every polynomial is its value at x = 1
        headroom = self.factor.bit_length() + sum(max(c.weights).bit_length() for c in cards
                                                  if c.weights is not None)
        self.bits = 0 if plain else 8 * ((formula.cells + headroom + max(sizes, default=1).bit_length() + 8) // 8)
        self.packed_bits = self.bits  # what a packed polynomial's coefficient takes (the memory estimate's)
        self.wide = self.bits * (formula.cells + 1) > WIDE_BITS
        if self.wide:
            self.bits = 1  # shifts by whole degrees (_Wide.__lshift__)
        self.trail: list[int] = []
        self.cache: dict[tuple, tuple[int, tuple[int, ...]]] = {}
        self.sat_cache: dict[tuple, bool] = {}
        self.vstamp = [0] * (n + 1)
        self.cstamp = [0] * len(cards)
        self.stamp = 0
        self.stats = Stats()
        self.limits = (limits or Limits()).started()
        self.unsat = any(c.lo > c.hi for c in cards)
        self.budget: float = inf  # the decisions before the search gives up (_Knotted)

    # assignment and propagation ------------------------------------------------

    def _set(self, first: int, value: int) -> bool:
        """Give ``first`` its ``value`` and propagate; False on conflict (undo is the caller's)."""
        val, occ, size, ntrue, nfree, nopen = self.val, self.occ, self.size, self.ntrue, self.nfree, self.nopen
        lo, hi, lits, trail, weights = self.lo, self.hi, self.lits, self.trail, self.weights
        queue = [(first, value)]
        while queue:
            v, x = queue.pop()
            cur = val[v]
            if cur >= 0:
                if cur != x:
                    return False
                continue
            val[v] = x
            trail.append(v)
            s = size[v]
            conflict = False
            # Counters of every constraint of v are updated before any return, so
            # that undoing v restores them exactly.
            for c, sign in occ[v]:
                f = nfree[c] - s
                nfree[c] = f
                nopen[c] -= 1
                t = ntrue[c] + (x if sign > 0 else s - x)
                ntrue[c] = t
                if t > hi[c] or t + f < lo[c]:
                    conflict = True
                elif not f:
                    w = weights[c]
                    if w is not None and not w[t - lo[c]]:  # closed on a sum that weighs nothing
                        conflict = True
                elif not conflict:
                    if t == hi[c]:  # met: every open literal adds nothing
                        queue.extend((u, 0 if u == y else size[u]) for y in lits[c]
                                     for u in (y if y > 0 else -y,) if val[u] < 0)
                    elif t + f == lo[c]:  # only just meetable: every open literal adds all it can
                        queue.extend((u, size[u] if u == y else 0) for y in lits[c]
                                     for u in (y if y > 0 else -y,) if val[u] < 0)
                    elif nopen[c] == 1 and lo[c] == hi[c]:  # one open box: it holds what is missing
                        for y in lits[c]:
                            u = y if y > 0 else -y
                            if val[u] < 0:
                                need = lo[c] - t
                                queue.append((u, need if y > 0 else size[u] - need))
                                break
            if conflict:
                return False
        return True

    def _undo(self, mark: int) -> None:
        val, occ, size, ntrue, nfree, nopen, trail = (self.val, self.occ, self.size, self.ntrue, self.nfree,
                                                      self.nopen, self.trail)
        while len(trail) > mark:
            v = trail.pop()
            x = val[v]
            val[v] = -1
            s = size[v]
            for c, sign in occ[v]:
                nfree[c] += s
                nopen[c] += 1
                ntrue[c] -= x if sign > 0 else s - x

    def _active(self, c: int) -> bool:
        """Does constraint ``c`` still restrict its open variables?"""
        t, f = self.ntrue[c], self.nfree[c]
        # a weighted constraint matters until it closes: the sum it reaches sets the weight
        return f > 0 and (self.weights[c] is not None or not (t >= self.lo[c] and t + f <= self.hi[c]))

    def _root_units(self) -> bool:
        """Propagate what the constraints force before any decision."""
        for c in range(len(self.lits)):
            t, f = self.ntrue[c], self.nfree[c]
            if not f:
                continue
            forced = None
            if t == self.hi[c]:
                forced = 0
            elif t + f == self.lo[c]:
                forced = 1
            elif self.nopen[c] == 1 and self.lo[c] == self.hi[c]:
                (y,) = [y for y in self.lits[c] if self.val[abs(y)] < 0]
                u, need = abs(y), self.lo[c] - t
                if not self._set(u, need if y > 0 else self.size[u] - need):
                    return False
                continue
            if forced is not None:
                for y in self.lits[c]:
                    u = abs(y)
                    if self.val[u] < 0:
                        full = (y > 0) == (forced == 1)
                        if not self._set(u, self.size[u] if full else 0):
                            return False
        return True

    # decomposition -----------------------------------------------------------------

    def _split(self, variables: list[int]) -> tuple[list[tuple[list[int], list[int]]], list[int]]:
        """Components of the open ``variables``, and the open counted ones left unconstrained."""
        self.stamp += 1
        stamp, val, occ, lits = self.stamp, self.val, self.occ, self.lits
        vstamp, cstamp, active = self.vstamp, self.cstamp, self._active
        comps: list[tuple[list[int], list[int]]] = []
        free: list[int] = []
        for v in variables:
            if val[v] >= 0 or vstamp[v] == stamp:
                continue
            vstamp[v] = stamp
            stack = [v]
            cvars: list[int] = []
            ccons: list[int] = []
            while stack:
                u = stack.pop()
                cvars.append(u)
                for c, _ in occ[u]:
                    if cstamp[c] == stamp or not active(c):
                        continue
                    cstamp[c] = stamp
                    ccons.append(c)
                    for x in lits[c]:
                        ax = x if x > 0 else -x
                        if val[ax] < 0 and vstamp[ax] != stamp:
                            vstamp[ax] = stamp
                            stack.append(ax)
            if ccons:
                comps.append((cvars, ccons))
            elif self.projected[v]:
                free.append(v)
        return comps, free

    def _key(self, cvars: list[int], ccons: list[int]) -> tuple[tuple, list[int]]:
        order = sorted(cvars)
        label = {v: i for i, v in enumerate(order, 1)}
        val, lits, ntrue, nfree = self.val, self.lits, self.ntrue, self.nfree
        items: list[tuple] = []
        for c in ccons:
            rest = sorted(label[x] if x > 0 else -label[-x] for x in lits[c] if val[x if x > 0 else -x] < 0)
            t = ntrue[c]
            a, b = max(self.lo[c] - t, 0), min(self.hi[c] - t, nfree[c])
            w = self.weights[c]
            if w is None:
                items.append((tuple(rest), a, b))
            else:  # the weights of the sums still reachable, from here
                items.append((tuple(rest), a, b, w[t + a - self.lo[c]:t + b - self.lo[c] + 1]))
        items.sort()
        proj, size = self.projected, self.size
        mask = None if all(proj[v] for v in order) else tuple(proj[v] for v in order)
        sizes = None if all(size[v] == 1 for v in order) else tuple(size[v] for v in order)
        return (tuple(items), mask, sizes), order

    def _sweep(self, start: int) -> tuple[int, dict[int, int]]:
        """BFS from ``start`` over open variables: the last one reached and the BFS parents.

        Each active constraint is expanded once, when first met, rather than once
        per variable in it.
        """
        self.stamp += 1
        stamp, val, occ, lits = self.stamp, self.val, self.occ, self.lits
        vstamp, cstamp, active = self.vstamp, self.cstamp, self._active
        vstamp[start] = stamp
        parent = {start: start}
        frontier = [start]
        last = start
        while frontier:
            nxt = []
            for u in frontier:
                for c, _ in occ[u]:
                    if cstamp[c] == stamp or not active(c):
                        continue
                    cstamp[c] = stamp
                    for x in lits[c]:
                        ax = x if x > 0 else -x
                        if val[ax] < 0 and vstamp[ax] != stamp:
                            vstamp[ax] = stamp
                            parent[ax] = u
                            nxt.append(ax)
            if nxt:
                last = nxt[-1]
            frontier = nxt
        return last, parent

    def _pick(self, cvars: list[int], counted: bool = True) -> int:
        """A variable to branch on (a counted one if ``counted``): near the graph's middle, else the busiest."""
        proj, val = self.projected, self.val
        wanted = (lambda v: proj[v] and val[v] < 0) if counted else (lambda v: val[v] < 0)
        if len(cvars) >= _CENTER_MIN_VARS:
            a, _ = self._sweep(cvars[0])
            b, parent = self._sweep(a)
            path = [b]
            while path[-1] != a:
                path.append(parent[path[-1]])
            mid = len(path) // 2
            for off in range(len(path)):
                for i in (mid - off, mid + off):
                    if 0 <= i < len(path) and wanted(path[i]):
                        return path[i]
        return max((v for v in cvars if wanted(v)),
                   key=lambda v: sum(1 for c, _ in self.occ[v] if self._active(c)))

    # counting -------------------------------------------------------------------------

    def _tick(self) -> None:
        self.stats.decisions += 1
        if self.stats.decisions > self.budget:
            raise _Knotted
        if self.stats.decisions % 256 == 0:
            self.limits.check(f"after {self.stats.decisions} decisions")

    def _store(self, key: tuple, value: tuple[int, tuple[int, ...]]) -> None:
        limit = self.limits.max_cache
        if limit is not None and len(self.cache) + len(self.sat_cache) >= limit:
            raise LimitExceeded(f"component cache reached its bound of {limit} entries")
        self.cache[key] = value
        self.stats.cache_entries += 1

    def _satisfiable(self, cvars: list[int], ccons: list[int]) -> bool:
        key, _ = self._key(cvars, ccons)
        known = self.sat_cache.get(key)
        if known is not None:
            return known
        self._tick()
        v = self._pick(cvars, counted=False)
        found = False
        for x in range(self.size[v] + 1):
            mark = len(self.trail)
            if self._set(v, x):
                comps, _ = self._split(cvars)
                found = all(self._satisfiable(cv, cc) for cv, cc in comps)
            self._undo(mark)
            if found:
                break
        self.sat_cache[key] = found
        return found

    def _count(self, cvars: list[int], ccons: list[int]) -> Result:
        self.stats.components += 1
        self.stats.max_component = max(self.stats.max_component, len(cvars))
        key, order = self._key(cvars, ccons)
        hit = self.cache.get(key)
        if hit is not None:
            self.stats.cache_hits += 1
            return hit[0], {v: p for v, p in zip(order, hit[1], strict=True) if p}
        if not any(self.projected[v] for v in cvars):
            result: Result = (1 if self._satisfiable(cvars, ccons) else 0, {})
        else:
            self._tick()
            v = self._pick(cvars)
            total, marg = 0, dict[int, int]()
            for x in range(self.size[v] + 1):
                mark = len(self.trail)
                if self._set(v, x):
                    t, m = self._branch(cvars, mark)
                    total += t
                    for u, p in m.items():
                        marg[u] = marg.get(u, 0) + p
                self._undo(mark)
            result = (total, marg)
        self._store(key, (result[0], tuple(result[1].get(v, 0) for v in order)))
        return result

    def _branch(self, cvars: list[int], mark: int, root: bool = False) -> Result:
        """Count what is left of ``cvars`` after the assignments ``trail[mark:]``.

        At the ``root`` the marginals of the assigned variables are left out: each
        is its value times the total, which :meth:`run` forms once per value
        instead of once per variable (thousands, on a large settled component).
        """
        proj, val, size, bits = self.projected, self.val, self.size, self.bits
        # the assigned counted variables: weight C(s, x) and x more true cells each
        fixed = [u for u in self.trail[mark:] if proj[u]]
        weight, trues = 1, 0
        for u in fixed:
            weight *= comb(size[u], val[u])
            trues += val[u]
        if self.weighted:
            weight *= self._closed(mark)
            if not weight:
                return 0, {}
        comps, free = self._split(cvars)
        comps.sort(key=lambda vc: len(vc[0]))
        parts: list[Result] = []
        for cv, cc in comps:
            part = self._count(cv, cc)
            if not part[0]:
                return 0, {}
            parts.append(part)
        free_cells = sum(size[u] for u in free)
        base = self._free(free_cells) * weight << (bits * trues)
        # prefix[i] * suffix is the product of every part but the i-th (and the base).
        prefix = [base]
        for t, _ in parts:
            prefix.append(prefix[-1] * t)
        total = prefix[-1]
        marg: dict[int, int] = {}
        suffix = 1
        for i in range(len(parts) - 1, -1, -1):
            others = prefix[i] * suffix
            for u, p in parts[i][1].items():
                marg[u] = p * others
            suffix *= parts[i][0]
        if free:
            # a free box of s cells holds, over all its fillings, s * x * (1 + x)**(s - 1) true cells
            # alongside (1 + x)**(free_cells - s) for the other free cells
            each = self._free(free_cells - 1) * weight * suffix << (bits * (trues + 1))
            for u in free:
                marg[u] = size[u] * each
        if not root:
            for u in fixed:
                if val[u]:
                    marg[u] = val[u] * total
        return total, marg

    def _free(self, cells: int) -> int:
        """``(1 + x)**cells`` in this search's form: packed, plain, or wide."""
        return _Wide(binomial(cells)) if self.wide else _free(cells, self.bits)  # type: ignore[return-value]

    def _poly(self, value: int) -> Poly:
        """A count or marginal of this search as a polynomial (unpacked, or a wide search's own)."""
        return _as_poly(value) if self.wide else unpack(value, self.bits)

    def _closed(self, mark: int) -> int:
        """The weights of the weighted constraints that the assignments ``trail[mark:]`` closed.

        A constraint closes once on any path (when its last variable is set), so
        each weight is taken exactly once into every model's count.
        """
        weights, nfree, ntrue, lo, occ = self.weights, self.nfree, self.ntrue, self.lo, self.occ
        seen: set[int] = set()
        factor = 1
        for u in self.trail[mark:]:
            for c, _ in occ[u]:
                w = weights[c]
                if w is not None and not nfree[c] and c not in seen:
                    seen.add(c)
                    factor *= w[ntrue[c] - lo[c]]
        return factor

    def run(self) -> Counts:
        self.limits.check("before counting")
        counted = self.counted
        if self.unsat or not self.factor or not self._root_units():
            return Counts.unsatisfiable(counted)
        settled = set(self.trail)  # assigned before any decision: the same value in every model
        self._check_memory()
        total, marg = self._branch(list(range(1, self.n + 1)), 0, root=True)
        if self.factor != 1:
            total *= self.factor
            marg = {v: p * self.factor for v, p in marg.items()}
        whole = self._poly(total)
        scaled: dict[int, Poly] = {}  # a settled variable's marginal: its value times the total
        unpacked: dict[int, Poly] = {}  # free variables share one marginal: unpack it once
        marginals = []
        for v in counted:
            if v in settled:
                x = self.val[v]
                if x not in scaled:
                    scaled[x] = Poly(whole.low, tuple(x * c for c in whole.coeffs)) if x else ZERO
                marginals.append(scaled[x])
                continue
            p = marg.get(v, 0)
            if p not in unpacked:
                unpacked[p] = self._poly(p)
            marginals.append(unpacked[p])
        return Counts(counted, whole, tuple(marginals))

    def _check_memory(self) -> None:
        """Refuse, before searching, a search whose packed polynomials would pass ``limits.max_memory``.

        After the root's propagation, every open counted variable may carry a
        marginal of up to (open cells + 1) coefficients of ``bits`` bits, and the
        packing starts at degree 0: (settled mines + open cells + 1) coefficients.
        """
        limit = self.limits.max_memory
        if limit is None:
            return
        open_vars = [v for v in self.counted if self.val[v] < 0]
        settled_mines = sum(self.val[v] for v in self.counted if self.val[v] > 0)
        open_cells = sum(self.size[v] for v in open_vars)
        need = (len(open_vars) + 2) * (settled_mines + open_cells + 1) * self.packed_bits // 8
        if need > limit:
            raise LimitExceeded(f"counting this needs about {need / 2**20:,.0f} MB ({len(open_vars)} open "
                                f"variables of {open_cells} cells after propagation); the limit is "
                                f"{limit / 2**20:,.0f} MB (--max-memory)")


def _run_with_stack(fn: Callable[[], Counts]) -> Counts:
    """Run ``fn`` in a thread with a large stack: deep components recurse deeply."""
    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except RecursionError:
            box["error"] = LimitExceeded("the search went deeper than the recursion limit allows")
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size(512 * 1024 * 1024)
    sys.setrecursionlimit(max(old_limit, 200_000))
    try:
        worker = threading.Thread(target=target, daemon=True)  # a stopped count must not hold the exit
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    value = box["value"]
    assert isinstance(value, Counts)
    return value


class DpllCounter:
    """The default backend.

    ``last_stats`` holds the :class:`Stats` of the latest count, ``stats`` the sum
    over every count this counter made (all components of a position).  A long
    thin formula is counted along a path instead of searched
    (:mod:`countsweep.counting.path`; ``path=False`` always searches).  The
    compiled kernel implements the same counts for whole positions
    (:mod:`countsweep.kernel` chooses); it keeps no statistics.
    """

    name = "dpll"

    def __init__(self, path: bool = True) -> None:
        """With ``path`` (the default) long thin formulas are counted along a path, not searched."""
        self.path = path
        self.last_stats = Stats()
        self.stats = Stats()

    def count(self, formula: Formula, limits: Limits | None = None, *, plain: bool = False) -> Counts:
        limits = arguments(formula, limits)
        if self._long_and_thin(formula):
            # a band, a ring: counted along a path, in time linear in its length
            along = path_count(formula, limits, plain=plain, max_width_bits=PATH_WIDTH_BITS, free=False)
            if along is not None:
                self._counted_along(formula)
                return along
        search = _Search(formula, limits, plain)
        knot = self.path and formula.num_vars >= KNOT_MIN_VARS and formula.projection is None
        if knot:
            search.budget = max(KNOT_DECISIONS, KNOT_PER_VAR * formula.num_vars)
        try:
            return self._run(search)
        except _Knotted:
            along = path_count(formula, limits, plain=plain, max_states=KNOT_STATES, max_width_bits=inf,
                               max_work=inf, max_bytes=KNOT_BYTES)
            if along is not None:
                # the search's statistics were added as it stopped; its decisions were this count's too
                self.last_stats = Stats(decisions=search.stats.decisions, components=1,
                                        max_component=formula.num_vars)
                return along
        return self._run(_Search(formula, limits, plain))  # too many states along the path: searched to the end

    def forward_along_path(self, formula: Formula, limits: Limits | None = None) -> PathRun | None:
        """The forward pass of a formula :meth:`count` would count along a path first (long and thin),
        kept so that its marginals are weighted later (:class:`~countsweep.counting.path.PathRun`); else None."""
        limits = arguments(formula, limits)
        if not self._long_and_thin(formula):
            return None
        run = path_forward(formula, limits, max_width_bits=PATH_WIDTH_BITS, free=False)
        if run is not None:
            self._counted_along(formula)
        return run

    def _long_and_thin(self, formula: Formula) -> bool:
        """Is ``formula`` one to count along a path before any search (long: a band, a ring)?"""
        return self.path and formula.num_vars >= PATH_MIN_VARS and formula.projection is None

    def _counted_along(self, formula: Formula) -> None:
        self.last_stats = Stats(components=1, max_component=formula.num_vars)
        self.stats.add(self.last_stats)

    def _run(self, search: _Search) -> Counts:
        try:
            if search.n > _BIG_STACK_VARS:
                return _run_with_stack(search.run)
            try:
                return search.run()
            except RecursionError:
                raise LimitExceeded("the search went deeper than the recursion limit allows") from None
        finally:
            search.stats.cache_entries = len(search.cache) + len(search.sat_cache)
            self.last_stats = search.stats
            self.stats.add(search.stats)


class PathCounter:
    """The path-decomposition counter as a backend (``path``); a formula it cannot take goes to the DPLL.

    Wide or projected formulas are counted by :class:`DpllCounter` (``last_fallback`` says whether the
    latest count was).
    """

    name = "path"

    def __init__(self) -> None:
        self.last_fallback = False

    def count(self, formula: Formula, limits: Limits | None = None, *, plain: bool = False) -> Counts:
        limits = arguments(formula, limits)
        found = path_count(formula, limits, plain=plain)
        self.last_fallback = found is None
        if found is not None:
            return found
        return DpllCounter().count(formula, limits, plain=plain)

    def forward_along_path(self, formula: Formula, limits: Limits | None = None) -> PathRun | None:
        """The forward pass of :meth:`count`, kept for weighted marginals (as :class:`DpllCounter`'s); else None."""
        run = path_forward(formula, arguments(formula, limits))
        self.last_fallback = run is None
        return run

