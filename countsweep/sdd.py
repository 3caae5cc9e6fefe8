"""Knowledge compilation: positions as Sentential Decision Diagrams (pysdd).

Counting runs on the compiled diagram by our own traversal with Python integers:
each node's count is a polynomial in the number of true counted variables,
smoothed for the variables its vtree node does not mention, and a downward pass
gives every variable's marginal polynomial.  pysdd's own ``model_count``,
``global_model_count`` and ``wmc`` are 64-bit or floating point and are never
used for answers.

Constraints enter in one of two ways.  ``source="native"`` (the default) builds
each cardinality constraint directly as an SDD, introducing no auxiliary
variable.  ``source=ENCODING`` compiles the clauses of that PySAT encoding and
existentially quantifies each auxiliary variable as soon as the last clause
mentioning it has been conjoined; the tests show both give the same counts for
every encoding, count-preserving or not.

:class:`CompiledPosition` keeps a whole board compiled, so hypothetical facts
("this cell is safe and shows 2") are conjoined and recounted without compiling
again: what an agent's lookahead asks.

>>> from countsweep.board import Board
>>> cp = CompiledPosition(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
>>> a = cp.analysis()
>>> a.count, a.probability((1, 1))
(70, Fraction(2, 5))
>>> cp.condition((3, 3), shows=1).analysis().count
24
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from pysdd.sdd import SddManager, SddNode, Vtree

from countsweep.backend import Limits
from countsweep.board import FLAG, Board, Cell
from countsweep.constraints import build
from countsweep.errors import InputError, LimitExceeded
from countsweep.formula import Card, Counts, Formula
from countsweep.oracle import Analysis
from countsweep.poly import ONE, ZERO, Poly, add, add_all, binomial, monomial, mul

VTREES = ("frontier", "balanced", "right", "left")


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
        raise ValueError(f"unknown vtree {vtree!r}; choose from {', '.join(VTREES)}")
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
    """A formula compiled into an SDD; :meth:`counts` is exact, with marginals."""

    def __init__(self, mgr: SddManager, root: SddNode, counted: tuple[int, ...],
                 stats: SddStats) -> None:
        self.mgr = mgr
        self.root = root
        self.counted = counted
        self.stats = stats

    def counts(self) -> Counts:
        return count_sdd(self.mgr, self.root, self.counted)


def conjoin_cards(mgr: SddManager, cards: list[Card], counted: set[int], rank: dict[int, int],
                  minimize: bool = False, deadline: float | None = None) -> SddNode:
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
        if deadline is not None and time.perf_counter() > deadline:
            raise LimitExceeded("SDD compilation exceeded its time limit")
    return root


def compile_formula(formula: Formula, vtree: str = "frontier", source: str = "native",
                    minimize: bool = False, limits: Limits | None = None) -> Compiled:
    """Compile ``formula`` (existentially quantifying variables outside its projection)."""
    start = time.perf_counter()
    deadline = start + limits.timeout if limits and limits.timeout is not None else None
    if source != "native":
        from countsweep.cnf import clausify

        formula = clausify(formula, source)
    cards = [c for c in (card.normalized() for card in formula.constraints) if c is not None]
    mgr = make_manager(formula.num_vars, cards, vtree)
    if minimize:
        mgr.auto_gc_and_minimize_on()
    rank = {v: i for i, v in enumerate(frontier_order(formula.num_vars, cards))}
    root = conjoin_cards(mgr, cards, set(formula.counted), rank, minimize, deadline)
    if minimize:
        mgr.minimize()
    stats = SddStats(time.perf_counter() - start, root.size(), root.count(), vtree)
    return Compiled(mgr, root, formula.counted, stats)


def count_sdd(mgr: SddManager, root: SddNode, counted: tuple[int, ...]) -> Counts:
    """Exact counts and marginals by traversing ``root``, with big integers.

    A node's polynomial counts assignments of the counted variables under its own
    vtree node; where a parent expects a larger vtree node, the missing counted
    variables multiply it by ``(1 + x)**gap``, and in the downward pass each of
    them receives its share ``x (1 + x)**(gap - 1)`` of the context.
    """
    is_counted = set(counted)
    vt_count: dict[int, int] = {}
    vt_vars: dict[int, list[int]] = {}
    children: dict[int, tuple[int, int]] = {}

    def walk(v: Vtree) -> None:
        pos = v.position()
        if v.is_leaf():
            var = v.var()
            vt_vars[pos] = [var] if var in is_counted else []
        else:
            left, right = v.left(), v.right()
            walk(left)
            walk(right)
            children[pos] = (left.position(), right.position())
            vt_vars[pos] = vt_vars[left.position()] + vt_vars[right.position()]
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

    smoothed: dict[tuple[int, int], tuple[Poly, Poly, int]] = {}

    def smooth(node: SddNode, expected: int) -> tuple[Poly, Poly, int]:
        """(smoothed poly, own poly, gap size) of ``node`` under vtree node ``expected``.

        Memoised: the upward pass and both sides of the downward pass ask for the
        same element polynomials, and each is a big-integer product.
        """
        key = (node.id, expected)
        hit = smoothed.get(key)
        if hit is not None:
            return hit
        if node.is_false():
            out = (ZERO, ZERO, 0)
        elif node.is_true():
            out = (binomial(vt_count[expected]), ONE, vt_count[expected])
        else:
            gap = vt_count[expected] - vt_count[vpos[node.id]]
            own = inside[node.id]
            out = (mul(own, binomial(gap)), own, gap)
        smoothed[key] = out
        return out

    for nid in post:
        node = nodes[nid]
        if node.is_literal():
            lit = node.literal
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
        if child.is_false() or not context[1]:
            return
        _, own, gap = smooth(child, expected)
        if gap:
            key = (expected, None if child.is_true() else vpos[child.id])
            share = mul(context, mul(own, mul(monomial(1), binomial(gap - 1))))
            gaps[key] = add(gaps.get(key, ZERO), share)
        if not child.is_true():
            ctx = mul(context, binomial(gap))
            outside[child.id] = add(outside.get(child.id, ZERO), ctx)

    visit(root, top_pos, ONE)
    for nid in reversed(post):
        node = nodes[nid]
        out = outside.get(nid, ZERO)
        if node.is_literal():
            if node.literal > 0:
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

    def __init__(self, vtree: str = "frontier", source: str = "native", minimize: bool = False):
        self.vtree = vtree
        self.source = source
        self.minimize = minimize
        self.last_stats: SddStats | None = None
        self.stats = SddStats(0.0, 0, 0, vtree)

    def count(self, formula: Formula, limits: Limits | None = None) -> Counts:
        compiled = compile_formula(formula, self.vtree, self.source, self.minimize, limits)
        self.last_stats = compiled.stats
        self.stats = self.stats + compiled.stats
        return compiled.counts()


Part = tuple[tuple[Cell, ...], SddNode]


class CompiledPosition:
    """A board compiled once: one diagram per independent part, in one shared manager.

    Variables follow :func:`countsweep.cnf.cell_variables` (hidden cells,
    row-major).  Each part is a set of cells with the SDD of their constraints;
    conditioning conjoins the parts a new fact touches into one.  The mine total
    and the sea stay outside the diagrams: the oracle's :func:`combine` applies
    them to the parts' polynomials, exactly as for any other backend.
    """

    def __init__(self, board: Board, vtree: str = "frontier", minimize: bool = False) -> None:
        from countsweep.cnf import cell_variables

        start = time.perf_counter()
        self.board = board
        self.cell_vars = cell_variables(board)
        var = self.cell_vars
        model = build(board)
        cards = [Card(tuple(var[c] for c in eq.cells), eq.value, eq.value)
                 for eq in model.equations]
        self.mgr = make_manager(len(var), cards, vtree)
        self.vtree = vtree
        self.rank = {v: i for i, v in enumerate(frontier_order(len(var), cards))}
        parts = []
        for comp in model.components:
            own = [Card(tuple(var[c] for c in eq.cells), eq.value, eq.value)
                   for eq in comp.equations]
            node = conjoin_cards(self.mgr, own, {var[c] for c in comp.cells}, self.rank, minimize)
            parts.append((comp.cells, node))
        if minimize:
            self.mgr.minimize()
        self.parts: tuple[Part, ...] = tuple(parts)
        self.compile_seconds = time.perf_counter() - start

    @classmethod
    def _assemble(cls, board: Board, cell_vars: dict[Cell, int], mgr: SddManager, vtree: str,
                  rank: dict[int, int], parts: tuple[Part, ...],
                  compile_seconds: float) -> CompiledPosition:
        """An instance from existing diagrams (after conditioning, or loaded from a file)."""
        new = cls.__new__(cls)
        new.board, new.cell_vars, new.mgr, new.vtree, new.rank = board, cell_vars, mgr, vtree, rank
        new.parts = parts
        new.compile_seconds = compile_seconds
        return new

    @property
    def stats(self) -> SddStats:
        return SddStats(self.compile_seconds, sum(n.size() for _, n in self.parts),
                        sum(n.count() for _, n in self.parts), self.vtree)

    def analysis(self) -> Analysis:
        from countsweep.oracle import combine

        var = self.cell_vars
        counts = [count_sdd(self.mgr, node, tuple(var[c] for c in cells))
                  for cells, node in self.parts]
        return combine(build(self.board), counts, [cells for cells, _ in self.parts])

    def condition(self, cell: Cell, shows: int | None = None, mine: bool = False) -> CompiledPosition:
        """The position after learning ``cell`` is a mine, or is safe and shows ``shows``.

        Conjoins the new facts to the compiled parts they touch; nothing is recompiled.
        """
        if not mine and shows is None:
            raise ValueError("a safe cell needs the number it shows")
        var = self.cell_vars
        board = self.board.reveal(cell, FLAG if mine else shows)
        around = [n for n in self.board.neighbours(cell) if n in var] if not mine else []
        touched = set(around) | {cell}
        kept: list[Part] = []
        cells: set[Cell] = set(around)
        node = self.mgr.true()
        for part_cells, part in self.parts:
            if touched & set(part_cells):
                cells |= set(part_cells)
                node = node & part
            else:
                kept.append((part_cells, part))
        node = self.mgr.condition(var[cell] if mine else -var[cell], node)
        if not mine:
            flags = sum(1 for n in self.board.neighbours(cell) if self.board[n] == FLAG)
            need = shows - flags
            node = node & card_sdd(self.mgr, Card(tuple(var[n] for n in around), need, need),
                                   self.rank)
        cells.discard(cell)
        if cells or node.is_false():
            kept.append((tuple(sorted(cells)), node))
        return self._assemble(board, self.cell_vars, self.mgr, self.vtree, self.rank, tuple(kept),
                              self.compile_seconds)

    def save(self, path: Path, force: bool = False) -> None:
        """Write the board, the vtree and every part's SDD into one JSON file."""
        from countsweep.dimacs import write_atomic

        if path.exists() and not force:
            from countsweep.errors import OverwriteRefused

            raise OverwriteRefused(f"{path}: file exists (use --force to overwrite)")
        with tempfile.TemporaryDirectory() as tmp:
            vt = Path(tmp) / "vtree"
            self.mgr.vtree().save(str(vt).encode())
            parts = []
            for i, (cells, node) in enumerate(self.parts):
                f = Path(tmp) / f"part{i}"
                node.save(str(f).encode())
                parts.append({"cells": [list(c) for c in cells], "sdd": f.read_text()})
            doc = {"format": "countsweep compiled position 1", "board": self.board.to_text(),
                   "vtree_kind": self.vtree, "vtree": vt.read_text(), "parts": parts}
        write_atomic(path, json.dumps(doc) + "\n", force=True)

    @classmethod
    def load(cls, path: Path) -> CompiledPosition:
        try:
            doc = json.loads(path.read_text())
            board = Board.from_text(doc["board"])
            with tempfile.TemporaryDirectory() as tmp:
                vt = Path(tmp) / "vtree"
                vt.write_text(doc["vtree"])
                mgr = SddManager.from_vtree(Vtree.from_file(str(vt).encode()))
                parts = []
                for part in doc["parts"]:
                    f = Path(tmp) / "part"
                    f.write_text(part["sdd"])
                    parts.append((tuple(tuple(c) for c in part["cells"]),
                                  mgr.read_sdd_file(str(f).encode())))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{path}: cannot load a compiled position ({exc})") from None
        from countsweep.cnf import cell_variables

        return cls._assemble(board, cell_variables(board), mgr, doc["vtree_kind"], {}, tuple(parts), 0.0)
