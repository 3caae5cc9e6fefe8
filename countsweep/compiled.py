"""A whole position kept compiled as SDDs: condition on new facts without compiling again.

:class:`CompiledPosition` compiles a board once (one diagram per independent
component, in one shared :class:`~pysdd.sdd.SddManager`), answers exactly
through the oracle's :func:`~countsweep.oracle.combine`, and conjoins
hypothetical facts ("this cell is safe and shows 2") to the parts they touch:
what an agent's lookahead asks.  It can be saved to one JSON file and loaded
again; a loaded file is checked against its board before any diagram is read.

>>> from countsweep.board import Board
>>> cp = CompiledPosition(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
>>> a = cp.analysis()
>>> a.count, a.probability((1, 1))
(70, Fraction(2, 5))
>>> cp.condition((3, 3), shows=1).analysis().count
24
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from pysdd.sdd import SddManager, SddNode, Vtree

from countsweep.board import FLAG, HIDDEN, Board, Cell, as_board
from countsweep.constraints import Constraints
from countsweep.counting.formula import Card
from countsweep.counting.sdd import VTREES, SddStats, card_sdd, conjoin_cards, count_sdd, frontier_order, make_manager
from countsweep.encode.cnf import cell_variables
from countsweep.errors import BoardError, InputError, ParameterError, ParameterTypeError, shown
from countsweep.files import parse_json, write_output
from countsweep.oracle import Analysis, combine
from countsweep.topology import Graph

FORMAT = "countsweep compiled position 2"
"""Version 2 carries a digest of its contents.  Version 1 files (no digest) are refused: a damaged
diagram can pass every structural check and still crash pysdd, so only a file whose digest
matches reaches it."""


def _digest(doc: dict) -> str:
    """SHA-256 of what a saved position says: a damaged file is refused, not counted (a changed
    literal in a diagram is still a well-formed diagram, of another position)."""
    said = [doc["board"], doc["vtree_kind"], doc["vtree"], doc["parts"]]
    if "graph" in doc:  # a board on a graph holds its graph (files of other boards digest as before)
        said.append(doc["graph"])
    content = json.dumps(said, sort_keys=True)
    return hashlib.sha256(content.encode()).hexdigest()

Part = tuple[tuple[Cell, ...], SddNode]


class CompiledPosition:
    """A board compiled once: one diagram per independent part, in one shared manager.

    Variables follow :func:`countsweep.encode.cnf.cell_variables` (hidden cells,
    row-major).  Each part is a set of cells with the SDD of their constraints;
    conditioning conjoins the parts a new fact touches into one.  The mine total
    and the sea stay outside the diagrams: the oracle's
    :func:`~countsweep.oracle.combine` applies them to the parts' polynomials,
    exactly as for any other backend.
    """

    board: Board
    cell_vars: dict[Cell, int]
    mgr: SddManager
    vtree: str
    rank: dict[int, int]
    parts: tuple[Part, ...]
    compile_seconds: float

    def __init__(self, board: Board, vtree: str = "frontier", minimize: bool = False) -> None:
        start = time.perf_counter()
        self.board = board = as_board(board)
        self.cell_vars = var = cell_variables(board)
        model = Constraints.of(board)
        cards = [Card(tuple(var[c] for c in eq.cells), eq.value, eq.value) for eq in model.equations]
        self.mgr = make_manager(len(var), cards, vtree)
        self.vtree = vtree
        self.rank = {v: i for i, v in enumerate(frontier_order(len(var), cards))}
        parts = []
        for comp in model.components:
            own = [Card(tuple(var[c] for c in eq.cells), eq.value, eq.value) for eq in comp.equations]
            node = conjoin_cards(self.mgr, own, {var[c] for c in comp.cells}, self.rank, minimize)
            parts.append((comp.cells, node))
        if minimize:
            self.mgr.minimize()
        self.parts = tuple(parts)
        self.compile_seconds = time.perf_counter() - start

    @classmethod
    def _assemble(cls, board: Board, cell_vars: dict[Cell, int], mgr: SddManager, vtree: str,
                  rank: dict[int, int], parts: tuple[Part, ...], compile_seconds: float) -> CompiledPosition:
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
        counts = [count_sdd(self.mgr, node, tuple(self.cell_vars[c] for c in cells)) for cells, node in self.parts]
        return combine(Constraints.of(self.board), counts, [tuple((c,) for c in cells) for cells, _ in self.parts],
                       backend="sdd")

    def condition(self, cell: Cell, shows: int | None = None, mine: bool = False) -> CompiledPosition:
        """The position after learning ``cell`` is a mine, or is safe and shows ``shows``.

        Conjoins the new facts to the compiled parts they touch; nothing is recompiled.
        """
        if not mine and shows is None:
            raise ParameterError("a safe cell needs the number it shows")
        var = self.cell_vars
        board = self.board.reveal(cell, FLAG if mine or shows is None else shows)  # checks the cell and value
        if self.board[cell] != HIDDEN:
            raise ParameterError(f"cell {list(cell)} is not hidden")
        # cell_vars stay the compiled board's, so cells opened or flagged since keep
        # their variables: only the neighbours still hidden join the new constraint
        around = [n for n in self.board.neighbours(cell) if self.board[n] == HIDDEN] if not mine else []
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
            assert shows is not None
            flags = sum(1 for n in self.board.neighbours(cell) if self.board[n] == FLAG)
            need = shows - flags
            node = node & card_sdd(self.mgr, Card(tuple(var[n] for n in around), need, need), self.rank)
        cells.discard(cell)
        if cells or node.is_false():
            kept.append((tuple(sorted(cells)), node))
        return self._assemble(board, var, self.mgr, self.vtree, self.rank, tuple(kept), self.compile_seconds)

    def save(self, path: Path, force: bool = False) -> None:
        """Write the board, the vtree and every part's SDD into one JSON file.

        Only a position as compiled can be saved: a conditioned one numbers its
        variables by the board it was compiled from, which the file does not hold.
        """
        if self.cell_vars != cell_variables(self.board):
            raise ParameterError("a conditioned position cannot be saved; compile its board afresh")
        with tempfile.TemporaryDirectory() as tmp:
            vt = Path(tmp) / "vtree"
            self.mgr.vtree().save(str(vt).encode())
            parts = []
            for i, (cells, node) in enumerate(self.parts):
                f = Path(tmp) / f"part{i}"
                node.save(str(f).encode())
                parts.append({"cells": [list(c) for c in cells], "sdd": f.read_text()})
            doc: dict[str, object] = {"format": FORMAT, "board": self.board.to_text(),
                                      "vtree_kind": self.vtree, "vtree": vt.read_text(), "parts": parts}
            if isinstance(self.board.topology, Graph):  # the file its header names may not go where this does
                doc["graph"] = self.board.topology.to_json()
            doc["digest"] = _digest(doc)
        write_output(path, json.dumps(doc) + "\n", force=force)

    @classmethod
    def load(cls, path: Path, text: str) -> CompiledPosition:
        """The position saved in ``text`` (read from ``path``, which messages name).

        Everything is checked before pysdd reads a diagram: the format, the board,
        that the parts' cells are exactly the board's frontier (each once), that
        the vtree covers the board's hidden cells, and that every diagram is
        well formed and mentions only its own part's cells.
        """

        def bad(what: str) -> InputError:
            return InputError(f"{path}: not a compiled position: {what}")

        if not isinstance(text, str):
            raise ParameterTypeError(f"text: expected the saved file's text, not {shown(text)}")
        try:
            doc = parse_json(text)
        except ValueError as exc:
            raise bad(f"not JSON ({exc})") from None
        if isinstance(doc, dict) and doc.get("format") == "countsweep compiled position 1":
            raise bad("saved by an older countsweep (format 1, without a digest): compile the board again")
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise bad(f"no 'format': {FORMAT!r} field")
        for key, kind in (("board", str), ("vtree_kind", str), ("vtree", str), ("parts", list)):
            if not isinstance(doc.get(key), kind):
                raise bad(f"field {key!r} missing or not a {kind.__name__}")
        if doc.get("digest") != _digest(doc):
            raise bad("its contents do not match their digest (the file was changed or damaged)")
        if doc["vtree_kind"] not in VTREES:
            raise bad(f"vtree_kind {doc['vtree_kind']!r} is not one of {', '.join(VTREES)}")

        def graph(name: str) -> Graph:  # the graph the file holds, under the name its board's header gives
            if "graph" not in doc:
                raise bad(f"its board is on graph {name!r}, which the file does not hold")
            try:
                return Graph.from_json(doc["graph"], name)
            except InputError as exc:
                raise bad(f"its graph: {exc}") from None

        try:
            board = Board.from_text(doc["board"], graph=graph)
        except BoardError as exc:
            raise bad(f"its board: {exc}") from None
        var = cell_variables(board)
        model = Constraints.of(board)
        shape = _vtree_shape(doc["vtree"])
        if shape is None:
            raise bad("malformed vtree")
        leaves = set(shape.variable.values())
        if leaves != set(range(1, max(len(var), 1) + 1)):
            raise bad(f"the vtree has {len(leaves)} variables, the board {len(var)} hidden cells")
        seen: set[Cell] = set()
        checked: list[tuple[tuple[Cell, ...], str]] = []
        for i, part in enumerate(doc["parts"]):
            if not isinstance(part, dict) or not isinstance(part.get("cells"), list) \
                    or not isinstance(part.get("sdd"), str):
                raise bad(f"part {i} is not {{'cells': [...], 'sdd': '...'}}")
            cells: list[Cell] = []
            for c in part["cells"]:
                if not (isinstance(c, list) and len(c) == 2 and all(type(x) is int for x in c)):
                    raise bad(f"part {i}: {c!r} is not a cell [row, col]")
                cell = (c[0], c[1])
                if cell not in var:
                    raise bad(f"part {i}: cell {list(cell)} is not a hidden cell of the board")
                if cell in seen:
                    raise bad(f"part {i}: cell {list(cell)} is in two parts")
                seen.add(cell)
                cells.append(cell)
            own = {var[c] for c in cells}
            if not _sdd_well_formed(part["sdd"], own, shape):
                raise bad(f"part {i}: malformed diagram, or one over cells outside the part")
            checked.append((tuple(cells), part["sdd"]))
        if seen != set(model.frontier):
            raise bad(f"its parts cover {len(seen)} cells, the board's frontier has {len(model.frontier)}"
                      " (a file for another board?)")
        with tempfile.TemporaryDirectory() as tmp:
            vt = Path(tmp) / "vtree"
            vt.write_text(doc["vtree"])
            mgr = SddManager.from_vtree(Vtree.from_file(str(vt).encode()))
            parts: list[Part] = []
            for part_cells, sdd in checked:
                f = Path(tmp) / "part"
                f.write_text(sdd)
                parts.append((part_cells, mgr.read_sdd_file(str(f).encode())))
        return cls._assemble(board, var, mgr, doc["vtree_kind"], {}, tuple(parts), 0.0)


def _records(text: str, head: str) -> list[list[str]] | None:
    """The non-comment lines of a pysdd text file after its ``head N`` line, split into words."""
    lines = [line.split() for line in text.splitlines() if line.strip() and not line.startswith("c")]
    if not lines or len(lines[0]) != 2 or lines[0][0] != head or not _natural(lines[0][1]):
        return None
    body = lines[1:]
    return body if int(lines[0][1]) == len(body) else None


def _natural(word: str) -> bool:
    """Whether ``word`` is written in ASCII digits, as pysdd writes numbers (``int()`` reads any script's)."""
    return word.isascii() and word.isdigit()


def _ints(words: list[str]) -> list[int] | None:
    if not all(_natural(w.removeprefix("-")) for w in words):
        return None
    return [int(w) for w in words]


@dataclass(frozen=True)
class _VtreeShape:
    """A pysdd vtree as the checks of a saved diagram need it."""

    variable: dict[int, int]
    """Leaf node -> its variable."""
    sides: dict[int, tuple[frozenset[int], frozenset[int]]]
    """Internal node -> the nodes of its left subtree and of its right subtree."""


def _vtree_shape(text: str) -> _VtreeShape | None:
    """The leaves and subtrees of a pysdd vtree file, or None if it is not a well-formed vtree."""
    body = _records(text, "vtree")
    if not body:
        return None
    below: dict[int, frozenset[int]] = {}  # node -> the nodes of its subtree, itself included
    variable: dict[int, int] = {}
    sides: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
    used: set[int] = set()
    for words in body:
        ints = _ints(words[1:])
        if ints is None or not ints or ints[0] < 0 or ints[0] in below:
            return None
        node = ints[0]
        if words[0] == "L" and len(ints) == 2 and ints[1] > 0 and ints[1] not in variable.values():
            variable[node] = ints[1]
            below[node] = frozenset({node})
        elif words[0] == "I" and len(ints) == 3 and ints[1] in below and ints[2] in below \
                and not {ints[1], ints[2]} & used and ints[1] != ints[2]:
            used.update(ints[1:])
            sides[node] = (below[ints[1]], below[ints[2]])
            below[node] = below[ints[1]] | below[ints[2]] | {node}
        else:
            return None
    return _VtreeShape(variable, sides) if len(below.keys() - used) == 1 else None


def _sdd_well_formed(text: str, variables: set[int], vtree: _VtreeShape) -> bool:
    """Is ``text`` a pysdd SDD file over ``variables`` that respects ``vtree``?

    Each node refers back only; a literal sits at the leaf of its variable; a
    decision sits at an internal node, its primes in the left subtree and its
    subs in the right.  A sub may be a constant, a prime may not: pysdd takes a
    prime's vtree node without checking, and a constant has none.  pysdd reads
    a file without these checks and crashes on one that breaks them.
    """
    body = _records(text, "sdd")
    if body is None:
        return False
    at: dict[int, int | None] = {}  # node -> its vtree node (None for a constant)

    def within(child: int, side: frozenset[int], constant: bool = True) -> bool:
        return child in at and (at[child] in side or (constant and at[child] is None))

    for words in body:
        ints = _ints(words[1:])
        if ints is None or not ints or ints[0] < 0 or ints[0] in at:
            return False
        kind = words[0]
        constant = kind in ("T", "F") and len(ints) == 1
        literal = kind == "L" and len(ints) == 3 and ints[2] != 0 and abs(ints[2]) in variables \
            and vtree.variable.get(ints[1]) == abs(ints[2])
        decision = kind == "D" and len(ints) >= 3 and ints[1] in vtree.sides and ints[2] >= 1 \
            and len(ints) == 3 + 2 * ints[2] \
            and all(within(p, vtree.sides[ints[1]][0], constant=False) for p in ints[3::2]) \
            and all(within(s, vtree.sides[ints[1]][1]) for s in ints[4::2])
        if not (constant or literal or decision):
            return False
        at[ints[0]] = None if constant else ints[1]
    return bool(at)
