"""A decomposing DPLL model counter over native cardinality constraints.

The counter follows Cachet, sharpSAT and Ganak: unit propagation, dynamic
decomposition of the residual formula into independent components after every
decision, and a component cache.  It differs from them in three ways that suit
Minesweeper:

* constraints are ``lo <= sum(lits) <= hi`` natively, so a revealed number is one
  constraint with no auxiliary variables, and propagation sees the whole number
  at once (all remaining cells forced when the count is met or can only just be);
* every count is a polynomial in the number of true counted variables (mines), so
  the oracle can apply the global mine total afterwards with binomials;
* each component's result carries the marginal polynomial of each of its counted
  variables, combined on the way up, so one pass yields every cell's count.

The cache key is the residual component with its variables renamed by rank, so
the same sub-structure at another place of the board (a translated stretch of a
frontier) hits the entry stored for the first.  Branching picks a variable near
the middle of the component's constraint graph (the midpoint of a double BFS
sweep), which cuts the long thin frontiers of Minesweeper into halves, so the
search depth grows with the logarithm of the frontier's length.

Projected counting: variables outside the projection are never branched on while
a counted variable is open; a component left with none is decided by a
satisfiability search (existential quantification).

>>> from countsweep.counting.formula import Card, Formula
>>> band = Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1)))
>>> c = DpllCounter().count(band)
>>> c.count, c.total
(3, Poly(low=1, coeffs=(1, 2)))
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass

from countsweep.counting.base import Limits
from countsweep.counting.formula import Counts, Formula
from countsweep.counting.poly import ONE, ZERO, Poly, add, binomial, mul, shift
from countsweep.errors import LimitExceeded

_BIG_STACK_VARS = 1500
_CENTER_MIN_VARS = 10

Result = tuple[Poly, dict[int, Poly]]


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


class _Search:
    def __init__(self, formula: Formula, limits: Limits | None) -> None:
        cards = [c for c in (card.normalized() for card in formula.constraints) if c is not None]
        n = formula.num_vars
        self.n = n
        self.lits = [c.lits for c in cards]
        self.lo = [c.lo for c in cards]
        self.hi = [c.hi for c in cards]
        self.occ: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
        for ci, card in enumerate(cards):
            for lit in card.lits:
                self.occ[abs(lit)].append((ci, 1 if lit > 0 else -1))
        self.val = [0] * (n + 1)
        self.ntrue = [0] * len(cards)
        self.nfree = [len(c.lits) for c in cards]
        self.projected = [False] * (n + 1)
        for v in formula.counted:
            self.projected[v] = True
        self.counted = formula.counted
        self.trail: list[int] = []
        self.cache: dict[tuple, tuple[Poly, tuple[Poly, ...]]] = {}
        self.sat_cache: dict[tuple, bool] = {}
        self.vstamp = [0] * (n + 1)
        self.cstamp = [0] * len(cards)
        self.stamp = 0
        self.stats = Stats()
        self.limits = (limits or Limits()).started()
        self.unsat = any(c.lo > c.hi for c in cards)

    # assignment and propagation ------------------------------------------------

    def _set(self, first: int) -> bool:
        """Make ``first`` true and propagate; False on conflict (undo is the caller's)."""
        val, occ, ntrue, nfree = self.val, self.occ, self.ntrue, self.nfree
        lo, hi, lits, trail = self.lo, self.hi, self.lits, self.trail
        queue = [first]
        while queue:
            lit = queue.pop()
            v = lit if lit > 0 else -lit
            b = 1 if lit > 0 else -1
            cur = val[v]
            if cur:
                if cur != b:
                    return False
                continue
            val[v] = b
            trail.append(v)
            conflict = False
            # Counters of every constraint of v are updated before any return, so
            # that undoing v restores them exactly.
            for c, s in occ[v]:
                f = nfree[c] - 1
                nfree[c] = f
                t = ntrue[c]
                if s == b:
                    t += 1
                    ntrue[c] = t
                if t > hi[c] or t + f < lo[c]:
                    conflict = True
                elif f and not conflict:
                    if t == hi[c]:
                        queue.extend(-x for x in lits[c] if not val[x if x > 0 else -x])
                    elif t + f == lo[c]:
                        queue.extend(x for x in lits[c] if not val[x if x > 0 else -x])
            if conflict:
                return False
        return True

    def _undo(self, mark: int) -> None:
        val, occ, ntrue, nfree, trail = self.val, self.occ, self.ntrue, self.nfree, self.trail
        while len(trail) > mark:
            v = trail.pop()
            b = val[v]
            val[v] = 0
            for c, s in occ[v]:
                nfree[c] += 1
                if s == b:
                    ntrue[c] -= 1

    def _active(self, c: int) -> bool:
        """Does constraint ``c`` still restrict its open variables?"""
        t, f = self.ntrue[c], self.nfree[c]
        return f > 0 and not (t >= self.lo[c] and t + f <= self.hi[c])

    def _root_units(self) -> bool:
        for c in range(len(self.lits)):
            t, f = self.ntrue[c], self.nfree[c]
            if f and (t == self.hi[c] or t + f == self.lo[c]):
                sign = -1 if t == self.hi[c] else 1
                for x in self.lits[c]:
                    if not self.val[abs(x)] and not self._set(sign * x):
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
            if val[v] or vstamp[v] == stamp:
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
                        if not val[ax] and vstamp[ax] != stamp:
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
        val, lits, ntrue = self.val, self.lits, self.ntrue
        items = []
        for c in ccons:
            rest = sorted(
                label[x] if x > 0 else -label[-x] for x in lits[c] if not val[x if x > 0 else -x]
            )
            t = ntrue[c]
            items.append((tuple(rest), max(self.lo[c] - t, 0), min(self.hi[c] - t, len(rest))))
        items.sort()
        proj = self.projected
        mask = None if all(proj[v] for v in order) else tuple(proj[v] for v in order)
        return (tuple(items), mask), order

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
                        if not val[ax] and vstamp[ax] != stamp:
                            vstamp[ax] = stamp
                            parent[ax] = u
                            nxt.append(ax)
            if nxt:
                last = nxt[-1]
            frontier = nxt
        return last, parent

    def _pick(self, cvars: list[int]) -> int:
        """A counted variable to branch on: near the graph's middle, else the busiest."""
        proj, val = self.projected, self.val
        candidates = [v for v in cvars if proj[v] and not val[v]]
        if len(cvars) >= _CENTER_MIN_VARS:
            a, _ = self._sweep(cvars[0])
            b, parent = self._sweep(a)
            path = [b]
            while path[-1] != a:
                path.append(parent[path[-1]])
            mid = len(path) // 2
            for off in range(len(path)):
                for i in (mid - off, mid + off):
                    if 0 <= i < len(path) and proj[path[i]]:
                        return path[i]
        return max(candidates, key=lambda v: sum(1 for c, _ in self.occ[v] if self._active(c)))

    # counting -------------------------------------------------------------------------

    def _tick(self) -> None:
        self.stats.decisions += 1
        if self.stats.decisions % 256 == 0:
            self.limits.check(f"after {self.stats.decisions} decisions")

    def _store(self, key: tuple, value: tuple[Poly, tuple[Poly, ...]]) -> None:
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
        v = max(
            (u for u in cvars if not self.val[u]),
            key=lambda u: sum(1 for c, _ in self.occ[u] if self._active(c)),
        )
        found = False
        for lit in (v, -v):
            mark = len(self.trail)
            if self._set(lit):
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
            return hit[0], {v: p for v, p in zip(order, hit[1], strict=True) if p.coeffs}
        if not any(self.projected[v] for v in cvars):
            result: Result = (ONE if self._satisfiable(cvars, ccons) else ZERO, {})
        else:
            self._tick()
            v = self._pick(cvars)
            total, marg = ZERO, dict[int, Poly]()
            for lit in (v, -v):
                mark = len(self.trail)
                if self._set(lit):
                    t, m = self._branch(cvars, mark)
                    total = add(total, t)
                    for u, p in m.items():
                        marg[u] = add(marg[u], p) if u in marg else p
                self._undo(mark)
            result = (total, marg)
        self._store(key, (result[0], tuple(result[1].get(v, ZERO) for v in order)))
        return result

    def _branch(self, cvars: list[int], mark: int) -> Result:
        """Count what is left of ``cvars`` after the assignments ``trail[mark:]``."""
        proj, val = self.projected, self.val
        trues = [u for u in self.trail[mark:] if proj[u] and val[u] == 1]
        comps, free = self._split(cvars)
        comps.sort(key=lambda vc: len(vc[0]))
        parts: list[Result] = []
        for cv, cc in comps:
            part = self._count(cv, cc)
            if not part[0].coeffs:
                return ZERO, {}
            parts.append(part)
        base = shift(binomial(len(free)), len(trues))
        # prefix[i] * suffix[i+1] is the product of every part but the i-th.
        prefix = [base]
        for t, _ in parts:
            prefix.append(mul(prefix[-1], t))
        total = prefix[-1]
        marg: dict[int, Poly] = {}
        suffix = ONE
        for i in range(len(parts) - 1, -1, -1):
            others = mul(prefix[i], suffix)
            for u, p in parts[i][1].items():
                marg[u] = mul(p, others)
            suffix = mul(suffix, parts[i][0])
        if free:
            each = mul(shift(binomial(len(free) - 1), len(trues) + 1), suffix)
            for u in free:
                marg[u] = each
        for u in trues:
            marg[u] = total
        return total, marg

    def run(self) -> Counts:
        self.limits.check("before counting")
        counted = self.counted
        if self.unsat or not self._root_units():
            return Counts.unsatisfiable(counted)
        total, marg = self._branch(list(range(1, self.n + 1)), 0)
        return Counts(counted, total, tuple(marg.get(v, ZERO) for v in counted))


def _run_with_stack(fn):
    """Run ``fn`` in a thread with a large stack: deep components recurse deeply."""
    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size(512 * 1024 * 1024)
    sys.setrecursionlimit(max(old_limit, 200_000))
    try:
        worker = threading.Thread(target=target)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]


class DpllCounter:
    """The default backend.

    ``last_stats`` holds the :class:`Stats` of the latest count, ``stats`` the sum
    over every count this counter made (all components of a position).
    """

    name = "dpll"

    def __init__(self) -> None:
        self.last_stats = Stats()
        self.stats = Stats()

    def count(self, formula: Formula, limits: Limits | None = None) -> Counts:
        search = _Search(formula, limits)
        try:
            if formula.num_vars > _BIG_STACK_VARS:
                return _run_with_stack(search.run)
            return search.run()
        finally:
            search.stats.cache_entries = len(search.cache) + len(search.sat_cache)
            self.last_stats = search.stats
            self.stats.add(search.stats)
