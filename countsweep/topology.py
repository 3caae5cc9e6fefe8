"""Topologies: which cells a revealed number counts, on any board.

A board is a grid of rows, and a topology says which cells are each cell's
*neighbours*, the cells its number counts.  Neighbourhoods are symmetric (if
``a`` sees ``b``, ``b`` sees ``a``) and never hold the cell itself.  Everything
that counts, decides, exports, draws or plays reads neighbours from here, so
every topology gets every capability.

==============  ===============================================================
topology        neighbours of cell ``(r, c)``
==============  ===============================================================
square          the eight cells around it (the classic game; the default)
torus           the same, wrapping around the edges (every cell has eight)
hex             six, on an "odd-r" hex grid: odd rows sit half a cell to the
                right, so ``(r, c)`` touches ``(r, c - 1)``, ``(r, c + 1)``
                and, on even rows, ``(r +- 1, c - 1)`` and ``(r +- 1, c)``; on
                odd rows ``(r +- 1, c)`` and ``(r +- 1, c + 1)``
3d              the 26 cells around it in a ``depth`` x ``height`` x ``width``
                block; the board's rows are the layers' rows, layer by layer
                (grid row ``z * height + r`` is layer ``z``'s row ``r``)
knight          the eight cells a chess knight reaches
cross           the cells one and two steps away along the row and column
offsets         any symmetric set of ``(dr, dc)`` offsets
graph           any undirected graph, from a file: the board is one row
==============  ===============================================================

Any grid topology may wrap (``torus``): rows and columns continue round.

>>> TORUS.neighbours((0, 0), 3, 4)
((0, 1), (0, 3), (1, 0), (1, 1), (1, 3), (2, 0), (2, 1), (2, 3))
>>> len(HEX.neighbours((1, 1), 3, 3)), Grid3D(2).neighbours((0, 0), 4, 2)
(6, ((0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)))
>>> KNIGHT.words(), Grid(CROSS_OFFSETS, wrap=True).words()
('neighbourhood knight', 'torus neighbourhood cross')
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from countsweep.errors import InputError, ParameterError, ParameterTypeError, shown
from countsweep.files import is_text, parse_json

Cell = tuple[int, int]

KING_OFFSETS: tuple[Cell, ...] = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
KNIGHT_OFFSETS: tuple[Cell, ...] = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
CROSS_OFFSETS: tuple[Cell, ...] = ((-2, 0), (-1, 0), (0, -2), (0, -1), (0, 1), (0, 2), (1, 0), (2, 0))
NEIGHBOURHOODS: dict[str, tuple[Cell, ...]] = {"king": KING_OFFSETS, "knight": KNIGHT_OFFSETS,
                                                "cross": CROSS_OFFSETS}
"""The named offset neighbourhoods a board header may give (``neighbourhood knight``)."""


class Topology:
    """How cells see each other on a ``height`` x ``width`` grid of rows (see the module's table)."""

    kind = "abstract"

    def neighbours(self, cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
        """The cells ``cell`` sees, row-major (worked out once per board size, but on huge boards)."""
        if height * width <= 1 << 16:
            return _around(self, height, width)[cell]
        r, c = cell
        if not (0 <= r < height and 0 <= c < width):
            raise KeyError(cell)  # as the table above does: no such cell
        return self._neighbours(cell, height, width)

    def _neighbours(self, cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
        # dict.fromkeys: a small torus reaches one cell two ways; it is one neighbour
        return tuple(sorted(n for n in dict.fromkeys(self._compute(cell, height, width)) if n != cell))

    def _compute(self, cell: Cell, height: int, width: int) -> Iterable[Cell]:
        raise NotImplementedError

    def _kernel_table(self, height: int, width: int) -> Any:
        """The compiled kernel's neighbourhood table (``_kernel.Neighbourhood``) for this size."""
        raise NotImplementedError

    @property
    def max_degree(self) -> int:
        """The most neighbours any cell can have: the largest number a board may show."""
        raise NotImplementedError

    def words(self) -> str:
        """The header words that name this topology in the board format ('' for the square grid)."""
        raise NotImplementedError

    def spec(self) -> str:
        """The topology as :func:`parse_topology` reads it (``square``, ``torus hex``, ``3d:4``, ...)."""
        return self.words() or "square"

    def check_size(self, height: int, width: int) -> None:
        """Refuse (:class:`~countsweep.errors.ParameterError`) a grid this topology cannot lie on."""

    def describe(self, cell: Cell, height: int) -> str:
        """How messages name ``cell``."""
        return f"cell [{cell[0]}, {cell[1]}]"

    @property
    def is_square(self) -> bool:
        """The classic board: eight neighbours, edges that stop (what grid-only agent rules assume)."""
        return False


MAX_OFFSET = 1000
"""How far a neighbourhood reaches: no offset moves more rows or columns than this."""


def _check_wrap(wrap: object) -> None:
    if type(wrap) is not bool:
        raise ParameterTypeError(f"wrap: True or False, not {shown(wrap)}")


def _on_board(cell: Cell, offsets: Iterable[tuple[int, int]], height: int, width: int, wrap: bool) -> Iterable[Cell]:
    """The cells at ``offsets`` from ``cell``: taken round the edges on a wrapping board, else those on it."""
    r, c = cell
    for dr, dc in offsets:
        rr, cc = r + dr, c + dc
        if wrap:
            yield rr % height, cc % width
        elif 0 <= rr < height and 0 <= cc < width:
            yield rr, cc


@dataclass(frozen=True)
class Grid(Topology):
    """Neighbours at fixed ``(dr, dc)`` offsets, wrapping round the edges when ``wrap``."""

    offsets: tuple[Cell, ...] = KING_OFFSETS
    wrap: bool = False

    def __post_init__(self) -> None:
        _check_wrap(self.wrap)
        if not isinstance(self.offsets, (tuple, list)) or not all(
                isinstance(o, (tuple, list)) and len(o) == 2 and all(type(x) is int for x in o)
                for o in self.offsets):
            raise ParameterTypeError(f"offsets: a tuple of (dr, dc) pairs of ints, not {shown(self.offsets, 60)}")
        offsets = {(dr, dc) for dr, dc in self.offsets}
        if any(max(abs(dr), abs(dc)) > MAX_OFFSET for dr, dc in offsets):
            raise ParameterError(f"offsets: a neighbour is at most {MAX_OFFSET} rows or columns away")
        if not offsets or (0, 0) in offsets or len(offsets) != len(self.offsets):
            raise ParameterError("a neighbourhood's offsets are distinct and never (0, 0)")
        if any((-dr, -dc) not in offsets for dr, dc in offsets):
            raise ParameterError("a neighbourhood is symmetric: with (dr, dc) it holds (-dr, -dc)")
        object.__setattr__(self, "offsets", tuple(sorted(offsets)))

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "torus" if self.wrap and self.offsets == KING_OFFSETS else "square" if self.offsets == KING_OFFSETS \
            else "grid"

    @property
    def max_degree(self) -> int:
        return len(self.offsets)

    @property
    def is_square(self) -> bool:
        return self.offsets == KING_OFFSETS and not self.wrap

    def _compute(self, cell: Cell, height: int, width: int) -> Iterable[Cell]:
        return _on_board(cell, self.offsets, height, width, self.wrap)

    def _kernel_table(self, height: int, width: int) -> Any:
        from countsweep.kernel import KERNEL

        assert KERNEL is not None
        flat = array("i", [x for pair in self.offsets for x in pair]).tobytes()
        return KERNEL.Neighbourhood.lattice(height, width, flat, wrap=self.wrap)

    def words(self) -> str:
        name = next((k for k, v in NEIGHBOURHOODS.items() if v == self.offsets), None)
        if name is None:
            name = "offsets:" + ";".join(f"{dr},{dc}" for dr, dc in self.offsets)
        parts = ["torus"] if self.wrap else []
        if name != "king":
            parts.append(f"neighbourhood {name}")
        return " ".join(parts)


@dataclass(frozen=True)
class Hex(Topology):
    """Six neighbours on an odd-r hex grid (odd rows half a cell to the right)."""

    wrap: bool = False
    kind = "hex"

    def __post_init__(self) -> None:
        _check_wrap(self.wrap)

    @property
    def max_degree(self) -> int:
        return 6

    def check_size(self, height: int, width: int) -> None:
        if self.wrap and height % 2:
            raise ParameterError(f"a wrapping hex grid needs an even number of rows, not {height}")

    def _compute(self, cell: Cell, height: int, width: int) -> Iterable[Cell]:
        shift = cell[0] % 2  # odd rows touch the column to their right above and below
        offsets = ((-1, shift - 1), (-1, shift), (0, -1), (0, 1), (1, shift - 1), (1, shift))
        return _on_board(cell, offsets, height, width, self.wrap)

    def _kernel_table(self, height: int, width: int) -> Any:
        from countsweep.kernel import KERNEL

        assert KERNEL is not None
        return KERNEL.Neighbourhood.lattice(height, width, wrap=self.wrap, hex=True)

    def words(self) -> str:
        return "torus hex" if self.wrap else "hex"


@dataclass(frozen=True)
class Grid3D(Topology):
    """``depth`` layers of the grid's rows stacked: 26 neighbours, the layers' rows one after another."""

    depth: int = 2
    wrap: bool = False
    kind = "3d"

    def __post_init__(self) -> None:
        _check_wrap(self.wrap)
        if type(self.depth) is not int:
            raise ParameterTypeError(f"depth: a whole number of layers (an int), not {shown(self.depth)}")
        if self.depth < 1:
            raise ParameterError(f"a 3d board has at least one layer, not {shown(self.depth)}")

    @property
    def max_degree(self) -> int:
        return 26

    def check_size(self, height: int, width: int) -> None:
        if height % self.depth:
            raise ParameterError(f"a 3d board of {self.depth} layers has a multiple of {self.depth} rows, "
                                 f"not {height}")

    def _compute(self, cell: Cell, height: int, width: int) -> Iterable[Cell]:
        rows = height // self.depth
        z, r = divmod(cell[0], rows)
        c = cell[1]
        for dz in (-1, 0, 1):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if not (dz or dr or dc):
                        continue
                    zz, rr, cc = z + dz, r + dr, c + dc
                    if self.wrap:
                        zz, rr, cc = zz % self.depth, rr % rows, cc % width
                    elif not (0 <= zz < self.depth and 0 <= rr < rows and 0 <= cc < width):
                        continue
                    yield zz * rows + rr, cc

    def _kernel_table(self, height: int, width: int) -> Any:
        from countsweep.kernel import KERNEL

        assert KERNEL is not None
        return KERNEL.Neighbourhood.lattice(height, width, wrap=self.wrap, depth=self.depth)

    def words(self) -> str:
        return "torus 3d" if self.wrap else "3d"

    def spec(self) -> str:
        return ("torus " if self.wrap else "") + f"3d:{self.depth}"

    def describe(self, cell: Cell, height: int) -> str:
        z, r = divmod(cell[0], height // self.depth)
        return f"cell [{cell[0]}, {cell[1]}] (layer {z}, row {r})"


@dataclass(frozen=True)
class Graph(Topology):
    """Any undirected graph: cell ``(0, i)`` is the graph's ``i``-th node, named ``names[i]``."""

    names: tuple[str, ...]
    edges: tuple[tuple[int, ...], ...] = field(repr=False)
    """``edges[i]``: the nodes node ``i`` touches, ascending."""
    source: str = field(default="", compare=False)
    """Where the graph was read from (the header names it so)."""
    kind = "graph"

    @classmethod
    def from_json(cls, doc: Any, where: str = "graph") -> Graph:
        """From ``{"nodes": [names], "edges": [[a, b], ...]}`` or ``{"neighbours": {name: [names]}}``.

        >>> g = Graph.from_json({"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]})
        >>> g.neighbours((0, 1), 1, 3), g.max_degree
        (((0, 0), (0, 2)), 2)
        """
        if not isinstance(doc, dict):
            raise InputError(f"{where}: expected an object with \"nodes\" and \"edges\", or \"neighbours\"")
        pairs: list[tuple[object, object]] = []
        names: object
        if "neighbours" in doc:
            around = doc["neighbours"]
            if not isinstance(around, dict):
                raise InputError(f"{where}: \"neighbours\" maps each node's name to a list of names")
            names = list(around)
            for a, bs in around.items():
                if not isinstance(bs, list):
                    raise InputError(f"{where}: neighbours of {shown(a)}: expected a list of names")
                pairs += [(a, b) for b in bs]
        else:
            names = doc.get("nodes")
            edges = doc.get("edges", [])
            if not isinstance(names, list) or not isinstance(edges, list):
                raise InputError(f"{where}: \"nodes\" is a list of names and \"edges\" a list of [a, b] pairs")
            for i, e in enumerate(edges):
                if not (isinstance(e, list) and len(e) == 2):
                    raise InputError(f"{where}: edges[{i}]: expected a pair [a, b]")
                pairs.append((e[0], e[1]))
        if not names:
            raise InputError(f"{where}: the graph has no node")
        if not all(isinstance(n, str) and n and is_text(n) for n in names):
            raise InputError(f"{where}: every node is named by a non-empty string of text")
        index = {n: i for i, n in enumerate(names)}
        if len(index) != len(names):
            raise InputError(f"{where}: a node is named twice")
        adj: list[set[int]] = [set() for _ in names]
        for a, b in pairs:
            if a not in index or b not in index:
                raise InputError(f"{where}: an edge names {shown(a if a not in index else b)}, which is no node")
            if a == b:
                raise InputError(f"{where}: node {shown(a)} is its own neighbour")
            adj[index[a]].add(index[b])
            adj[index[b]].add(index[a])
        return cls(tuple(names), tuple(tuple(sorted(s)) for s in adj), where)

    def to_json(self) -> dict[str, list]:
        """The graph as :meth:`from_json` reads it: its nodes, and each edge once.

        >>> g = Graph.from_json({"neighbours": {"a": ["b"], "b": ["c"], "c": []}})
        >>> g.to_json()
        {'nodes': ['a', 'b', 'c'], 'edges': [['a', 'b'], ['b', 'c']]}
        >>> Graph.from_json(g.to_json()) == g
        True
        """
        return {"nodes": list(self.names),
                "edges": [[self.names[i], self.names[j]] for i, e in enumerate(self.edges) for j in e if i < j]}

    @property
    def max_degree(self) -> int:
        return max((len(e) for e in self.edges), default=0)

    def check_size(self, height: int, width: int) -> None:
        if (height, width) != (1, len(self.names)):
            raise ParameterError(f"a board on a graph of {len(self.names)} nodes is one row of {len(self.names)} "
                                 f"cells, not {width}x{height}")

    def _compute(self, cell: Cell, height: int, width: int) -> Iterable[Cell]:
        return ((0, j) for j in self.edges[cell[1]])

    def _kernel_table(self, height: int, width: int) -> Any:
        from countsweep.kernel import KERNEL

        assert KERNEL is not None
        start, nxt = array("i", [0]), array("i")
        for e in self.edges:
            nxt.extend(e)
            start.append(len(nxt))
        return KERNEL.Neighbourhood(start.tobytes(), nxt.tobytes())

    def words(self) -> str:
        return f"graph {self.source}"

    def describe(self, cell: Cell, height: int) -> str:
        return f"cell {self.names[cell[1]]!r}"


SQUARE = Grid()
TORUS = Grid(wrap=True)
HEX = Hex()
KNIGHT = Grid(KNIGHT_OFFSETS)
CROSS = Grid(CROSS_OFFSETS)


@functools.lru_cache(maxsize=32)
def _around(topology: Topology, height: int, width: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell of a board this size and its neighbours: games and agents ask again and again."""
    topology.check_size(height, width)
    return {(r, c): topology._neighbours((r, c), height, width) for r in range(height) for c in range(width)}


@functools.lru_cache(maxsize=32)
def kernel_table(topology: Topology, height: int, width: int) -> Any:
    """``topology`` on a ``height`` x ``width`` grid as the compiled kernel reads it (built there, once per size)."""
    topology.check_size(height, width)
    return topology._kernel_table(height, width)


@functools.lru_cache(maxsize=32)
def cell_table(height: int, width: int) -> tuple[Cell, ...]:
    """Every cell of a grid this size, row-major: the order the kernel numbers them."""
    return tuple((r, c) for r in range(height) for c in range(width))


def parse_neighbourhood(text: str) -> Grid:
    """A header's neighbourhood: ``king``, ``knight``, ``cross`` or ``offsets:dr,dc;dr,dc;...``.

    >>> parse_neighbourhood("offsets:0,1;0,-1").offsets
    ((0, -1), (0, 1))
    """
    if not isinstance(text, str):
        raise ParameterTypeError(f"neighbourhood: a name such as 'knight' or 'offsets:1,2;2,1', not {shown(text)}")
    name = text.strip()
    if name in NEIGHBOURHOODS:
        return Grid(NEIGHBOURHOODS[name])
    if name.startswith("offsets:"):
        try:
            offsets = tuple(_pair(p) for p in name.partition(":")[2].split(";") if p.strip())
        except ValueError:
            raise ParameterError(f"neighbourhood {name[:60]!r}: offsets are 'dr,dc' pairs separated by ';'") from None
        return Grid(offsets)
    raise ParameterError(f"unknown neighbourhood {name[:40]!r}: choose king, knight, cross or offsets:dr,dc;...")


def parse_topology(spec: str) -> Topology:
    """A topology from its spec: header words, with a 3D board's depth as ``3d:DEPTH``.

    What ``countsweep play --topology`` takes and a run's settings record.

    >>> parse_topology("torus neighbourhood knight") == Grid(KNIGHT_OFFSETS, wrap=True)
    True
    >>> parse_topology("3d:4"), parse_topology("square") is SQUARE
    (Grid3D(depth=4, wrap=False), True)
    """
    if not isinstance(spec, str):
        raise ParameterTypeError(f"topology: a spec such as 'torus' or 'hex', not {type(spec).__name__}")
    return _GIVEN.get(spec) or _parse_topology(spec)


_GIVEN: dict[str, Graph] = {}


def give_graph(spec: str, graph: Graph) -> None:
    """Have :func:`parse_topology` answer ``graph`` for ``spec`` (a ``graph FILE`` spec) without
    reading the file: a cluster's worker plays on the graph its caller read, where the file it
    names may not be (nothing is shared on disk), and a game resumed on a board plays on the
    board's graph, where the name from another directory finds another file.  A spec names one
    graph in a process, as a parsed spec is kept: the one given last.

    >>> ring = Graph.from_json({"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"], ["c", "a"]]})
    >>> give_graph("graph nowhere.json", ring)
    >>> parse_topology("graph nowhere.json") is ring
    True
    """
    if not names_file(spec) or not isinstance(graph, Graph):
        raise ParameterError(f"give_graph: a 'graph FILE' spec and its Graph, not {shown(spec)} and "
                             f"{type(graph).__name__}")
    _GIVEN[spec] = graph


def names_file(spec: str) -> bool:
    """Whether topology ``spec`` is read from a file (a graph's): a server refuses it, since a
    request never names a file on the server.

    >>> names_file("graph ring.json"), names_file("torus neighbourhood knight")
    (True, False)
    """
    if not isinstance(spec, str):
        raise ParameterTypeError(f"topology: a spec such as 'torus' or 'hex', not {type(spec).__name__}")
    rest = _words(spec)[1]
    return bool(rest) and rest[0].lower() == "graph"


def _words(spec: str) -> tuple[bool, list[str]]:
    """Whether ``spec`` wraps, and its other words."""
    tokens = spec.split()
    return "torus" in tokens, [t for t in tokens if t not in ("torus", "square")]


@functools.lru_cache(maxsize=64)  # after the type check: the cache hashes its argument first
def _parse_topology(spec: str) -> Topology:
    wrap, rest = _words(spec)
    if not rest:
        return TORUS if wrap else SQUARE
    head = rest[0].lower()
    if head == "hex" and len(rest) == 1:
        return Hex(wrap)
    if head.startswith("3d") and len(rest) == 1:
        depth = head.partition(":")[2]
        if not (depth.isascii() and depth.isdigit() and 0 < int(depth) <= 10**6):
            raise ParameterError(f"topology {spec!r}: a 3d topology gives its layers, 3d:DEPTH")
        return Grid3D(int(depth), wrap)
    if head in ("neighbourhood", "neighborhood") and len(rest) == 2:
        return Grid(parse_neighbourhood(rest[1]).offsets, wrap)
    if head == "graph" and len(rest) == 2 and not wrap:
        from countsweep.files import read_input

        return load_graph(rest[1], read_input(rest[1]))
    raise ParameterError(f"unknown topology {spec[:60]!r}: choose square, torus, hex, 3d:DEPTH, "
                         "neighbourhood knight|cross|offsets:..., graph FILE (torus may join any but a graph)")


def _pair(text: str) -> Cell:
    a, b = text.split(",")
    if not all(x.strip().lstrip("-").isascii() and x.strip().lstrip("-").isdigit() for x in (a, b)):
        raise ValueError(text)
    dr, dc = int(a), int(b)
    if max(abs(dr), abs(dc)) > 1000:
        raise ValueError(text)
    return dr, dc


def load_graph(path: str, text: str) -> Graph:
    """The graph in JSON ``text`` (file ``path``): see :meth:`Graph.from_json`."""
    try:
        doc = parse_json(text)
    except ValueError as exc:
        raise InputError(f"{path}: not JSON ({exc})") from None
    return Graph.from_json(doc, path)
