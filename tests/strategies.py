"""Hypothesis strategies: small random positions, consistent or perturbed."""

from __future__ import annotations

from hypothesis import strategies as st

from countsweep.board import Board
from countsweep.counting.formula import Card, Formula
from countsweep.topology import CROSS, HEX, KNIGHT, SQUARE, TORUS, Graph, Grid, Grid3D, Hex, Topology
from tests.reference import board_from_layout, reference_around

TOPOLOGIES = ("square", "torus", "hex", "torus hex", "3d", "torus 3d", "knight", "cross", "offsets", "graph")


@st.composite
def topologies(draw, kinds: tuple[str, ...] = TOPOLOGIES):
    """(topology, width, height): a topology of every kind countsweep ships, on a small board it fits."""
    kind = draw(st.sampled_from(kinds))
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    topology: Topology = SQUARE
    if kind == "torus":
        topology = TORUS
    elif kind in ("hex", "torus hex"):
        topology = HEX if kind == "hex" else Hex(wrap=True)
        if kind == "torus hex" and height % 2:
            height += 1
    elif kind in ("3d", "torus 3d"):
        depth = draw(st.integers(1, 3))
        topology = Grid3D(depth, wrap=kind == "torus 3d")
        width, height = draw(st.integers(1, 3)), depth * draw(st.integers(1, 3))
    elif kind in ("knight", "cross"):
        topology = KNIGHT if kind == "knight" else CROSS
    elif kind == "offsets":  # a random symmetric neighbourhood, wrapping or not
        base = draw(st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)).filter(lambda o: o != (0, 0)),
                             min_size=1, max_size=5))
        offsets = tuple(dict.fromkeys(o for dr, dc in base for o in ((dr, dc), (-dr, -dc))))
        topology = Grid(offsets, wrap=draw(st.booleans()))
    elif kind == "graph":
        n = draw(st.integers(1, 14))
        names = [f"n{i}" for i in range(n)]
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]),
                              max_size=3 * n))
        topology = Graph.from_json({"nodes": names, "edges": [[names[a], names[b]] for a, b in pairs]})
        width, height = n, 1
    return topology, width, height


@st.composite
def positions(draw, max_hidden: int = 14, perturb: bool = False, total: bool | None = None,
              kinds: tuple[str, ...] = ("square",)):
    """A position from a real layout: some safe cells revealed, some mines flagged.

    ``kinds`` are the topologies to draw from (:data:`TOPOLOGIES`; the square
    grid by default).  With ``perturb`` one revealed number may be changed, so
    some positions have no consistent layout.
    """
    topology, width, height = draw(topologies(kinds))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells))))
    safe = [c for c in cells if c not in mines]
    revealed = set(draw(st.lists(st.sampled_from(safe), unique=True))) if safe else set()
    flagged = set(draw(st.lists(st.sampled_from(sorted(mines)), unique=True))) if mines else set()
    # keep enumeration cheap: reveal more until few cells stay hidden
    hidden = [c for c in cells if c not in revealed and c not in flagged]
    extra = [c for c in hidden if c not in mines]
    while len(hidden) > max_hidden and extra:
        revealed.add(extra.pop())
        hidden = [c for c in cells if c not in revealed and c not in flagged]
    if len(hidden) > max_hidden:
        flagged |= {c for c in hidden if c in mines}
    with_total = draw(st.booleans()) if total is None else total
    board = board_from_layout(width, height, mines, revealed, flagged, with_total, topology)
    if perturb and board.numbers() and draw(st.booleans()):
        cell = draw(st.sampled_from(board.numbers()))
        room = len(reference_around(topology, cell, height, width))
        grid = [list(row) for row in board.grid]
        grid[cell[0]][cell[1]] = draw(st.integers(0, room))
        board = Board(tuple(map(tuple, grid)), board.mines, None, topology)
    return board


@st.composite
def formulas(draw, max_vars: int = 9, projected: bool = True, boxes: bool = False, weighted: bool = False):
    """Random cardinality formulas with negative literals and optional projection.

    With ``boxes``, some variables stand for boxes of 2 to 4 interchangeable cells
    (projected or not).
    With ``weighted``, some constraints weigh each sum they allow by 0 to 5
    (and then every variable is counted: weights are for noisy clues on cells).
    """
    n = draw(st.integers(1, max_vars))
    sizes = None
    if boxes and draw(st.booleans()):
        sizes = tuple(draw(st.sampled_from((1, 1, 2, 3, 4))) for _ in range(n))
        while sum(sizes) > 12:  # keep the cell-by-cell reference quick
            sizes = tuple(max(1, s - 1) for s in sizes)
    size = (lambda v: 1) if sizes is None else (lambda v: sizes[v - 1])
    cons = []
    for _ in range(draw(st.integers(0, 7))):
        vs = draw(st.lists(st.integers(1, n), unique=True, min_size=1, max_size=min(n, 5)))
        lits = tuple(v if draw(st.booleans()) else -v for v in vs)
        if draw(st.integers(0, 5)) == 0:  # a variable and its negation: together exactly its size
            lits += (-lits[0],)
        room = sum(size(abs(x)) for x in lits)
        lo = draw(st.integers(0, room))
        hi = draw(st.integers(lo, room))
        weights = None
        if weighted and draw(st.booleans()):
            weights = tuple(draw(st.lists(st.integers(0, 5), min_size=hi - lo + 1, max_size=hi - lo + 1)))
        cons.append(Card(lits, lo, hi, weights))
    proj = None
    if projected and not weighted and draw(st.booleans()):
        proj = tuple(sorted(draw(st.sets(st.integers(1, n)))))
    return Formula(n, tuple(cons), proj, sizes)
