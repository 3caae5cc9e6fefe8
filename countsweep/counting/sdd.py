"""Knowledge compilation: cardinality formulas as Sentential Decision Diagrams (pysdd).

Each cardinality constraint is built directly as an SDD (:func:`card_sdd`), with
no auxiliary variable; variables outside a formula's projection are
existentially quantified as soon as the last constraint mentioning them is in
(:func:`conjoin_cards`), so a clausal formula from any PySAT encoding
(:func:`countsweep.encode.cnf.clausify`) compiles to the same counts.

Counting runs on the compiled diagram by our own traversal with Python integers
(:func:`count_sdd`): each node's count is a polynomial in the number of true
counted variables, smoothed for the variables its vtree node does not mention,
and a downward pass gives every variable's marginal polynomial.

A weighted constraint (a noisy clue) gets one *selector* variable per sum it
allows, each equivalent to "the sum is this one"; exactly one holds in every
model, and its positive literal carries the sum's weight in the traversal
(weighted model counting with literal weights, Chavira and Darwiche, AIJ 2008).
The selectors are functions of the cells, so the count over cells and
selectors is the weighted count over the cells.  pysdd's own
``model_count``, ``global_model_count`` and ``wmc`` are 64-bit or floating
point and are never used for answers.

Darwiche, "SDD: A New Canonical Representation of Propositional Knowledge
Bases", IJCAI 2011; Choi and Darwiche, "Dynamic Minimization of Sentential
Decision Diagrams", AAAI 2013 (``minimize``).  A whole board kept compiled for
lookahead is :class:`countsweep.compiled.CompiledPosition`.

>>> from countsweep.counting.formula import Card, Formula
>>> compiled = compile_formula(Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1))))
>>> compiled.counts().total
Poly(low=1, coeffs=(1, 2))
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass

from pysdd.sdd import SddManager, SddNode, Vtree

from countsweep.counting.base import Limits, arguments
from countsweep.counting.formula import Card, Counts, Formula, expand, fold
from countsweep.counting.poly import ONE, ZERO, Poly, add, add_all, binomial, monomial, mul
from countsweep.errors import ParameterError, shown

VTREES = ("frontier", "balanced", "right", "left")
"""The vtrees the ``sdd`` backend builds: ``frontier`` (the default, :func:`frontier_vtree`), or
pysdd's balanced, right-linear and left-linear trees over the variables in order."""


def frontier_groups(num_vars: int, constraints) -> list[list[int]]:
    """Variables by connected component, each in the order a BFS from a far end meets them.

    On a Minesweeper frontier the BFS walks along the frontier, so each vtree
    subtree covers a stretch of it and the constraints stay local.  Variables in
    no constraint (the sea) come last, as one group.
    """
    adj: dict[int, set[int]] = {v: set() for v in range(1, num_vars + 1)}
    for card in constraints:
        vs = [abs(x) for x in card.lits]
        for v in vs:
            adj[v].update(vs)

    def bfs(start: int) -> list[int]:
        seen, order = {start}, [start]
        for u in order:
            for w in sorted(adj[u]):
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return order

    groups: list[list[int]] = []
    free: list[int] = []
    placed: set[int] = set()
    for v in range(1, num_vars + 1):
        if v in placed:
            continue
        if not adj[v]:
            free.append(v)
            placed.add(v)
            continue
        part = bfs(bfs(v)[-1])
        groups.append(part)
        placed.update(part)
    return groups + ([free] if free else [])


def frontier_order(num_vars: int, constraints) -> list[int]:
    return [v for g in frontier_groups(num_vars, constraints) for v in g]


def _balanced(items: list):
    if len(items) == 1:
        return items[0]
    mid = len(items) // 2
    return (_balanced(items[:mid]), _balanced(items[mid:]))


def frontier_vtree(num_vars: int, constraints) -> Vtree:
    """One balanced subtree per component, the unconstrained variables in one of their own.

    Independent components then never share a vtree node below the top, and the
    sea costs one smoothing step instead of many.
    """
    groups = frontier_groups(num_vars, constraints) or [[1]]
    lines: list[str] = []
    counter = iter(range(2 * num_vars))

    def emit(node) -> int:  # in-order ids, children written before parents
        if isinstance(node, int):
            i = next(counter)
            lines.append(f"L {i} {node}")
            return i
        a = emit(node[0])
        i = next(counter)
        b = emit(node[1])
        lines.append(f"I {i} {a} {b}")
        return i

    emit(_balanced([_balanced(g) for g in groups]))
    fd, path = tempfile.mkstemp(suffix=".vtree")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(f"vtree {len(lines)}\n" + "\n".join(lines) + "\n")
        return Vtree.from_file(path.encode())
    finally:
        os.unlink(path)


def make_manager(num_vars: int, constraints, vtree: str) -> SddManager:
    if vtree not in VTREES:
        raise ParameterError(f"unknown vtree {shown(vtree)}; choose from {', '.join(VTREES)}")
    n = max(num_vars, 1)
    if vtree == "frontier":
        return SddManager.from_vtree(frontier_vtree(n, constraints))
    return SddManager.from_vtree(Vtree(n, list(range(1, n + 1)), vtree))


def card_sdd(mgr: SddManager, card: Card, rank: dict[int, int]) -> SddNode:
    """``lo <= sum(lits) <= hi`` built directly, no auxiliary variables."""
    lits = sorted(card.lits, key=lambda x: rank.get(abs(x), abs(x)))
    n = len(lits)
    memo: dict[tuple[int, int, int], SddNode] = {}

    def go(i: int, lo: int, hi: int) -> SddNode:
        rest = n - i
        lo = max(lo, 0)
        if hi < 0 or lo > rest:
            return mgr.false()
        if lo == 0 and hi >= rest:
            return mgr.true()
        key = (i, lo, hi)
        if key not in memo:
            x = mgr.literal(lits[i])
            memo[key] = (x & go(i + 1, lo - 1, hi - 1)) | (~x & go(i + 1, lo, hi))
        return memo[key]

    return go(0, card.lo, card.hi)


@dataclass(frozen=True)
class SddStats:
    compile_seconds: float
    size: int
    nodes: int
    vtree: str

    def __add__(self, other: SddStats) -> SddStats:
        return SddStats(self.compile_seconds + other.compile_seconds, self.size + other.size,
                        self.nodes + other.nodes, self.vtree)


class Compiled:
    """A formula compiled into an SDD; :meth:`counts` is exact, with marginals.

    ``weights`` maps each selector variable (see the module's notes) to the
    weight of its positive literal.
    """

    def __init__(self, mgr: SddManager, root: SddNode, counted: tuple[int, ...],
                 stats: SddStats, weights: dict[int, int] | None = None) -> None:
        self.mgr = mgr
        self.root = root
        self.counted = counted
        self.stats = stats
        self.weights = weights or {}

    def counts(self) -> Counts:
        return count_sdd(self.mgr, self.root, self.counted, self.weights)


def conjoin_cards(mgr: SddManager, cards: list[Card], counted: set[int], rank: dict[int, int],
                  minimize: bool = False, limits: Limits | None = None) -> SddNode:
    """The conjunction of ``cards``, each variable outside ``counted`` quantified away.

    Constraints are conjoined in frontier order, so the diagram grows along the
    frontier, and an uncounted (auxiliary) variable is quantified as soon as the
    last constraint mentioning it is in.
    """
    cards = sorted(cards, key=lambda c: min((rank.get(abs(x), abs(x)) for x in c.lits), default=0))
    last: dict[int, int] = {}
    for i, card in enumerate(cards):
        for x in card.lits:
            if abs(x) not in counted:
                last[abs(x)] = i
    quantify_at: dict[int, list[int]] = {}
    for v, i in last.items():
        quantify_at.setdefault(i, []).append(v)
    root = mgr.true()
    if minimize:
        root.ref()
    for i, card in enumerate(cards):
        new = root & card_sdd(mgr, card, rank)
        for v in quantify_at.get(i, ()):
            new = mgr.exists(v, new)
        if minimize:
            new.ref()
            root.deref()
        root = new
        if root.is_false():
            break
        if limits is not None:
            limits.check("while compiling the SDD")
    return root


def compile_formula(formula: Formula, vtree: str = "frontier", minimize: bool = False,
                    limits: Limits | None = None) -> Compiled:
    """Compile ``formula`` (existentially quantifying variables outside its projection)."""
    start = time.perf_counter()
    limits = (limits or Limits()).started()
    limits.check("before compiling the SDD")
    cards = [c for c in (card.normalized() for card in formula.constraints) if c is not None]
    counted = set(formula.counted)
    if any(abs(x) not in counted for c in cards if c.weights is not None for x in c.lits):
        raise ParameterError("a weighted constraint may only mention counted (projected) variables")
    plain, selectors, weights = _selectors(cards, formula.num_vars)
    top = formula.num_vars + len(weights)
    # selectors sit beside their constraint's variables in the vtree
    layout = plain + [Card((*card.lits, *sel), 0, 0) for card, sel in selectors]
    mgr = make_manager(top, layout, vtree)
    if minimize:
        mgr.auto_gc_and_minimize_on()
    rank = {v: i for i, v in enumerate(frontier_order(top, layout))}
    root = conjoin_cards(mgr, plain, counted, rank, minimize, limits)
    for card, sel in selectors:
        if root.is_false():
            break
        root = root & _selected(mgr, card, sel, rank)
        limits.check("while compiling the SDD")
    if minimize:
        mgr.minimize()
    stats = SddStats(time.perf_counter() - start, root.size(), root.count(), vtree)
    return Compiled(mgr, root, formula.counted, stats, weights)


def _selectors(cards: list[Card], num_vars: int) -> tuple[list[Card], list[tuple[Card, tuple[int, ...]]],
                                                          dict[int, int]]:
    """The plain cards, each weighted card with its selector variables, and each selector's weight."""
    plain, selectors, weights = [], [], {}
    nxt = num_vars + 1
    for card in cards:
        if card.weights is None:
            plain.append(card)
            continue
        sel = []
        for w in card.weights:
            if w:
                sel.append(nxt)
                weights[nxt] = w
                nxt += 1
        selectors.append((card, tuple(sel)))
    return plain, selectors, weights


def _selected(mgr: SddManager, card: Card, sel: tuple[int, ...], rank: dict[int, int]) -> SddNode:
    """Exactly one selector of ``card`` holds: the one of the sum its literals reach."""
    assert card.weights is not None
    sums = [s for s, w in enumerate(card.weights, card.lo) if w]
    out = mgr.false()
    for s, x in zip(sums, sel, strict=True):
        term = mgr.literal(x) & card_sdd(mgr, Card(card.lits, s, s), rank)
        for y in sel:
            if y != x:
                term = term & mgr.literal(-y)
        out = out | term
    return out


def count_sdd(mgr: SddManager, root: SddNode, counted: tuple[int, ...],
              weights: dict[int, int] | None = None) -> Counts:
    """Exact counts and marginals by traversing ``root``, with big integers.

    A node's polynomial counts assignments of the counted variables under its own
    vtree node; where a parent expects a larger vtree node, the missing counted
    variables multiply it by ``(1 + x)**gap``, and in the downward pass each of
    them receives its share ``x (1 + x)**(gap - 1)`` of the context.  A selector
    variable (a key of ``weights``) counts its positive literal ``weights[v]``
    times and its negative once, so a missing one multiplies by ``1 + weights[v]``.
    """
    is_counted = set(counted)
    weights = weights or {}
    vt_count: dict[int, int] = {}
    vt_vars: dict[int, list[int]] = {}
    vt_free: dict[int, int] = {}  # the product of 1 + w over the selectors under each vtree node
    children: dict[int, tuple[int, int]] = {}

    def walk(v: Vtree) -> None:
        pos = v.position()
        if v.is_leaf():
            var = v.var()
            vt_vars[pos] = [var] if var in is_counted else []
            vt_free[pos] = 1 + weights[var] if var in weights else 1
        else:
            left, right = v.left(), v.right()
            walk(left)
            walk(right)
            children[pos] = (left.position(), right.position())
            vt_vars[pos] = vt_vars[left.position()] + vt_vars[right.position()]
            vt_free[pos] = vt_free[left.position()] * vt_free[right.position()]
        vt_count[pos] = len(vt_vars[pos])

    top = mgr.vtree()
    walk(top)
    top_pos = top.position()

    # post-order of the decision and literal nodes
    nodes: dict[int, SddNode] = {}
    elements: dict[int, list[tuple[SddNode, SddNode]]] = {}
    post: list[int] = []
    if not (root.is_true() or root.is_false()):
        stack: list[tuple[SddNode, bool]] = [(root, False)]
        while stack:
            node, done = stack.pop()
            nid = node.id
            if done:
                post.append(nid)
                continue
            if nid in nodes:
                continue
            nodes[nid] = node
            stack.append((node, True))
            if node.is_decision():
                elements[nid] = list(node.elements())
                for p, s in elements[nid]:
                    for child in (p, s):
                        if not (child.is_true() or child.is_false()) and child.id not in nodes:
                            stack.append((child, False))
    vpos = {nid: nodes[nid].vtree().position() for nid in nodes}
    inside: dict[int, Poly] = {}

    smoothed: dict[tuple[int, int], tuple[Poly, Poly, int, int]] = {}

    def smooth(node: SddNode, expected: int) -> tuple[Poly, Poly, int, int]:
        """(smoothed poly, own poly, counted gap, selectors' gap factor) of ``node`` under ``expected``.

        Memoised: the upward pass and both sides of the downward pass ask for the
        same element polynomials, and each is a big-integer product.
        """
        key = (node.id, expected)
        hit = smoothed.get(key)
        if hit is not None:
            return hit
        out: tuple[Poly, Poly, int, int]
        if node.is_false():
            out = (ZERO, ZERO, 0, 1)
        elif node.is_true():
            free = vt_free[expected]
            out = (mul(binomial(vt_count[expected]), monomial(0, free)), ONE, vt_count[expected], free)
        else:
            gap = vt_count[expected] - vt_count[vpos[node.id]]
            free = vt_free[expected] // vt_free[vpos[node.id]]
            own = inside[node.id]
            out = (mul(own, mul(binomial(gap), monomial(0, free))), own, gap, free)
        smoothed[key] = out
        return out

    for nid in post:
        node = nodes[nid]
        if node.is_literal():
            lit = node.literal
            if abs(lit) in weights:
                inside[nid] = monomial(0, weights[lit]) if lit > 0 else ONE
                continue
            if abs(lit) not in is_counted:
                raise AssertionError(f"uncounted variable {abs(lit)} left in the diagram")
            inside[nid] = monomial(1) if lit > 0 else ONE
        else:
            left, right = children[vpos[nid]]
            inside[nid] = add_all(
                mul(smooth(p, left)[0], smooth(s, right)[0]) for p, s in elements[nid]
            )

    total = smooth(root, top_pos)[0]
    outside: dict[int, Poly] = {}
    gaps: dict[tuple[int, int | None], Poly] = {}
    marg: dict[int, Poly] = {}

    def visit(child: SddNode, expected: int, context: Poly) -> None:
        if child.is_false() or not context.coeffs:
            return
        _, own, gap, free = smooth(child, expected)
        if gap:
            key = (expected, None if child.is_true() else vpos[child.id])
            share = mul(context, mul(own, mul(monomial(1, free), binomial(gap - 1))))
            gaps[key] = add(gaps.get(key, ZERO), share)
        if not child.is_true():
            ctx = mul(context, mul(binomial(gap), monomial(0, free)))
            outside[child.id] = add(outside.get(child.id, ZERO), ctx)

    visit(root, top_pos, ONE)
    for nid in reversed(post):
        node = nodes[nid]
        out = outside.get(nid, ZERO)
        if node.is_literal():
            if node.literal > 0 and node.literal not in weights:
                marg[node.literal] = add(marg.get(node.literal, ZERO), mul(out, monomial(1)))
            continue
        left, right = children[vpos[nid]]
        for p, s in elements[nid]:
            visit(p, left, mul(out, smooth(s, right)[0]))
            visit(s, right, mul(out, smooth(p, left)[0]))
    for (expected, actual), share in gaps.items():
        present = set(vt_vars[actual]) if actual is not None else set()
        for v in vt_vars[expected]:
            if v not in present:
                marg[v] = add(marg.get(v, ZERO), share)
    return Counts(tuple(counted), total, tuple(marg.get(v, ZERO) for v in counted))


class SddCounter:
    """Backend ``sdd``: compile each formula, then count by traversal."""

    name = "sdd"

    def __init__(self, vtree: str = "frontier", minimize: bool = False) -> None:
        if vtree not in VTREES:
            raise ParameterError(f"unknown vtree {shown(vtree)}; choose from {', '.join(VTREES)}")
        self.vtree = vtree
        self.minimize = minimize
        self.last_stats: SddStats | None = None
        self.stats = SddStats(0.0, 0, 0, vtree)

    def count(self, formula: Formula, limits: Limits | None = None, *, plain: bool = False) -> Counts:
        limits = arguments(formula, limits)
        # boxes are compiled cell by cell: an SDD's variables are plain
        compiled = compile_formula(expand(formula), self.vtree, self.minimize, limits)
        self.last_stats = compiled.stats
        self.stats = self.stats + compiled.stats
        return fold(formula, compiled.counts())
