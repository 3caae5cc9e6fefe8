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
import time
from dataclasses import dataclass
from pathlib import Path

from pysdd.sdd import SddManager, SddNode, Vtree

from countsweep.backend import Limits
from countsweep.board import FLAG, Board, Cell
from countsweep.constraints import build
from countsweep.errors import InconsistentError, InputError, LimitExceeded
from countsweep.formula import Card, Counts, Formula
from countsweep.oracle import Analysis
from countsweep.poly import ONE, ZERO, Poly, add, binomial, coefficient, evaluate, monomial, mul

VTREES = ("frontier", "balanced", "right", "left")


def frontier_order(num_vars: int, constraints) -> list[int]:
    """Variables in the order a BFS meets them, from a far end of each constraint graph.

    On a Minesweeper frontier this walks along the frontier, so each vtree
    subtree covers a stretch of it and the constraints stay local.
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

    out: list[int] = []
    placed: set[int] = set()
    for v in range(1, num_vars + 1):
        if v in placed:
            continue
        far = bfs(v)[-1]
        part = bfs(far)
        out += part
        placed.update(part)
    return out


def make_manager(num_vars: int, constraints, vtree: str) -> SddManager:
    if vtree not in VTREES:
        raise ValueError(f"unknown vtree {vtree!r}; choose from {', '.join(VTREES)}")
    n = max(num_vars, 1)
    if vtree == "frontier":
        order = frontier_order(num_vars, constraints) or [1]
        return SddManager.from_vtree(Vtree(n, order, "balanced"))
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


class Compiled:
    """A formula compiled into an SDD; :meth:`counts` is exact, with marginals."""

    def __init__(self, mgr: SddManager, root: SddNode, num_vars: int, counted: tuple[int, ...],
                 stats: SddStats) -> None:
        self.mgr = mgr
        self.root = root
        self.num_vars = num_vars
        self.counted = counted
        self.stats = stats

    def conjoin(self, node: SddNode) -> Compiled:
        root = self.root & node
        return Compiled(self.mgr, root, self.num_vars, self.counted,
                        SddStats(self.stats.compile_seconds, root.size(), root.count(),
                                 self.stats.vtree))

    def counts(self) -> Counts:
        return count_sdd(self.mgr, self.root, self.counted)


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
    order = frontier_order(formula.num_vars, cards)
    rank = {v: i for i, v in enumerate(order)}
    # Conjoin constraints in frontier order so the diagram grows along the frontier.
    cards.sort(key=lambda c: min((rank[abs(x)] for x in c.lits), default=0))
    counted = set(formula.counted)
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
        if card.lo > card.hi:
            root = mgr.false()
            break
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
            raise LimitExceeded(f"SDD compilation exceeded {limits.timeout:g} s")
    if minimize:
        mgr.minimize()
    stats = SddStats(time.perf_counter() - start, root.size(), root.count(), vtree)
    return Compiled(mgr, root, formula.num_vars, formula.counted, stats)


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

    def smooth(node: SddNode, expected: int) -> tuple[Poly, Poly, int]:
        """(smoothed poly, own poly, gap size) of ``node`` under vtree node ``expected``."""
        if node.is_false():
            return ZERO, ZERO, 0
        if node.is_true():
            return binomial(vt_count[expected]), ONE, vt_count[expected]
        gap = vt_count[expected] - vt_count[vpos[node.id]]
        own = inside[node.id]
        return mul(own, binomial(gap)), own, gap

    for nid in post:
        node = nodes[nid]
        if node.is_literal():
            lit = node.literal
            if abs(lit) not in is_counted:
                raise AssertionError(f"uncounted variable {abs(lit)} left in the diagram")
            inside[nid] = monomial(1) if lit > 0 else ONE
        else:
            left, right = children[vpos[nid]]
            inside[nid] = _sum_terms(
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


def _sum_terms(terms) -> Poly:
    total = ZERO
    for t in terms:
        total = add(total, t)
    return total


class SddCounter:
    """Backend ``sdd``: compile each formula, then count by traversal."""

    name = "sdd"

    def __init__(self, vtree: str = "frontier", source: str = "native", minimize: bool = False):
        self.vtree = vtree
        self.source = source
        self.minimize = minimize
        self.last_stats: SddStats | None = None

    def count(self, formula: Formula, limits: Limits | None = None) -> Counts:
        compiled = compile_formula(formula, self.vtree, self.source, self.minimize, limits)
        self.last_stats = compiled.stats
        return compiled.counts()


class CompiledPosition:
    """A board's local constraints compiled once into one SDD over all its hidden cells.

    Variables follow :func:`countsweep.cnf.cell_variables` (hidden cells, row-major).
    The mine total stays outside the diagram: it picks a coefficient of the count
    polynomial, as in the oracle.
    """

    def __init__(self, board: Board, vtree: str = "frontier", minimize: bool = False,
                 _compiled: Compiled | None = None) -> None:
        from countsweep.cnf import cell_variables

        self.board = board
        self.cell_vars = cell_variables(board)
        self.model = build(board)
        if _compiled is None:
            var = self.cell_vars
            cards = tuple(Card(tuple(var[c] for c in eq.cells), eq.value, eq.value)
                          for eq in self.model.equations)
            _compiled = compile_formula(Formula(len(var), cards), vtree, "native", minimize)
        self.compiled = _compiled

    @property
    def stats(self) -> SddStats:
        return self.compiled.stats

    def analysis(self) -> Analysis:
        counts = self.compiled.counts()
        cells = {v: c for c, v in self.cell_vars.items()}
        hidden = set(self.board.hidden())
        sea = self.model.sea
        left = self.model.mines_left
        if left is None:
            every = evaluate(counts.total, 1)
            count, scale = every // 2 ** len(sea), every
            pick = (lambda p: evaluate(p, 1))
        else:
            count = scale = coefficient(counts.total, left)
            pick = (lambda p: coefficient(p, left))
        if count == 0:
            raise InconsistentError("no mine layout fits the position")
        from fractions import Fraction

        probs = {cells[v]: Fraction(pick(m), scale)
                 for v, m in zip(counts.variables, counts.marginals, strict=True)
                 if cells[v] in hidden}
        return Analysis(self.board, left is not None, count,
                        {c: probs[c] for c in self.board.hidden()}, self.model.frontier, sea,
                        len(self.model.components))

    def condition(self, cell: Cell, shows: int | None = None, mine: bool = False) -> CompiledPosition:
        """The position after learning ``cell`` is a mine, or is safe and shows ``shows``.

        Conjoins the new facts to the compiled diagram; nothing is recompiled.
        """
        var = self.cell_vars[cell]
        mgr = self.compiled.mgr
        grid = [list(row) for row in self.board.grid]
        if mine:
            fact = mgr.literal(var)
            grid[cell[0]][cell[1]] = FLAG
        else:
            if shows is None:
                raise ValueError("a safe cell needs the number it shows")
            fact = mgr.literal(-var)
            grid[cell[0]][cell[1]] = shows
            around = list(self.board.neighbours(cell))
            flags = sum(1 for n in around if self.board[n] == FLAG)
            lits = tuple(self.cell_vars[n] for n in around if n in self.cell_vars)
            need = shows - flags
            fact = fact & card_sdd(mgr, Card(lits, need, need), {})
        new_board = Board(tuple(map(tuple, grid)), self.board.mines)
        pos = CompiledPosition.__new__(CompiledPosition)
        pos.board = new_board
        pos.cell_vars = self.cell_vars
        pos.model = build(new_board)
        pos.compiled = self.compiled.conjoin(fact)
        return pos

    def save(self, path: Path, force: bool = False) -> list[Path]:
        """Write the diagram (``path``), its vtree (``path.vtree``) and the board (``path.json``)."""
        from countsweep.dimacs import write_atomic

        targets = [path, path.with_name(path.name + ".vtree"), path.with_name(path.name + ".json")]
        if not force:
            from countsweep.errors import OverwriteRefused

            for t in targets:
                if t.exists():
                    raise OverwriteRefused(f"{t}: file exists (use --force to overwrite)")
        self.compiled.root.save(str(path).encode())
        self.compiled.mgr.vtree().save(str(targets[1]).encode())
        meta = {"board": self.board.to_text(), "vtree": self.stats.vtree,
                "num_vars": self.compiled.num_vars}
        write_atomic(targets[2], json.dumps(meta) + "\n", force=True)
        return targets

    @classmethod
    def load(cls, path: Path) -> CompiledPosition:
        try:
            meta = json.loads(path.with_name(path.name + ".json").read_text())
            vt = Vtree.from_file(str(path.with_name(path.name + ".vtree")).encode())
        except (OSError, ValueError) as exc:
            raise InputError(f"{path}: cannot load compiled SDD ({exc})") from None
        mgr = SddManager.from_vtree(vt)
        root = mgr.read_sdd_file(str(path).encode())
        board = Board.from_text(meta["board"])
        n = meta["num_vars"]
        stats = SddStats(0.0, root.size(), root.count(), meta["vtree"])
        return cls(board, _compiled=Compiled(mgr, root, n, tuple(range(1, n + 1)), stats))
