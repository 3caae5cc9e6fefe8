"""Minesweeper positions as text and as values.

Text format (one board per file)::

    # comment lines start with '#'; blank lines are ignored
    4x4x3            optional header WIDTHxHEIGHTxMINES (or WIDTHxHEIGHT: total unknown)
    1???             one line per row, one character per cell:
    ????               H ? .  hidden      F *  flagged (taken as a mine)
    ??2?               0-8    revealed number
    ????               -      cleared, its number not shown (safe; says nothing)
    ????             spaces and tabs between cells are ignored

MINES counts every mine on the board, flagged ones included.  Row 0 is the first
grid line; cells are addressed ``[row, col]``, zero-based.

The header may also name the board's topology (:mod:`countsweep.topology`), by
words before or after the size: ``30x16x99 torus``, ``hex 10x10x15``,
``neighbourhood knight``, ``torus neighbourhood cross``, ``3d``.  A 3D board
gives its size as ``WIDTHxHEIGHTxDEPTHxMINES`` (or ``WIDTHxHEIGHTxDEPTH 3d``
without a total) and lists its layers' rows one layer after another.  Where a
topology lets a number pass 9 (3D counts 26 neighbours), a line holding spaces
is read as space-separated cells, so ``12 ? ?`` is three cells.

A line holding tabs is read as tab-separated fields, as pasted from a spreadsheet
or a document's table: each field is one cell and an empty field is a hidden
cell (``"1\t\t2"`` is three cells).  Error messages name
the text's line and column one-based, as editors do, and the cell zero-based.

>>> b = Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????")
>>> b.width, b.height, b.mines, b[0, 0], b[0, 1] == HIDDEN
(4, 4, 3, 1, True)
>>> print(b.to_text())
4x4x3
1???
????
??2?
????
>>> t = Board.from_text("3x3x1 torus\\n???\\n?1?\\n???")
>>> len(t.neighbours((0, 0))), t.topology.words()
(8, 'torus')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from countsweep.errors import BoardError, ParameterError, ParameterTypeError, shown
from countsweep.topology import SQUARE, Graph, Grid, Grid3D, Hex, Topology, parse_neighbourhood

HIDDEN = -1
FLAG = -2
CLEARED = -3
"""A cleared cell whose number is not shown (``-``): known safe, no constraint."""

Cell = tuple[int, int]

_HIDDEN_CHARS = "H?."
_FLAG_CHARS = "F*"
# ASCII digits only, as the format defines them (\d would take any script's digits)
_SIZE = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*(?:[xX]\s*([0-9]+))?\s*$")
_SIZE_3D = re.compile(r"^([0-9]+)[xX]([0-9]+)[xX]([0-9]+)[xX]([0-9]+)$")
_CELL = re.compile(r"^\s*([0-9]+)\s*,\s*([0-9]+)\s*$")
_WORDS = ("square", "torus", "hex", "3d", "neighbourhood", "neighborhood", "graph")
MAX_DIGITS = 9
"""Board sizes and mine totals are read with at most this many digits."""


def _code_of(text: str, top: int) -> int | None:
    """The code of one cell's text (a number up to ``top``), or None."""
    if len(text) == 1:
        if text in _HIDDEN_CHARS:
            return HIDDEN
        if text in _FLAG_CHARS:
            return FLAG
        if text == "-":
            return CLEARED
    # no more digits than the largest number allowed has: int() is never handed a huge string
    if text.isascii() and text.isdigit() and len(text) <= len(str(top)) and int(text) <= top:
        return int(text)
    return None


def _cells_of(line: str, tokens: bool = False) -> Iterator[tuple[int, str]]:
    """(column, text) of each cell on a grid line; columns are one-based.

    With ``tokens`` (a topology whose numbers pass 9) a line holding spaces is
    read as space-separated cells.
    """
    if "\t" not in line:
        if tokens and " " in line.strip():
            for m in re.finditer(r"\S+", line):
                yield m.start() + 1, m.group()
            return
        for col, ch in enumerate(line, 1):
            if ch != " ":
                yield col, ch
        return
    col = 1
    for part in line.split("\t"):
        text = part.strip(" ")
        yield col + (len(part) - len(part.lstrip(" "))), text or "?"
        col += len(part) + 1


def parse_size(text: str, mines: bool = False) -> tuple[int, int, int | None]:
    """``WIDTHxHEIGHT[xMINES]`` as (width, height, mines or None); ``mines=True`` requires the total.

    The one reader of sizes: board headers, ``play --size`` and ``optimal WxHxM``.

    >>> parse_size("30x16x99"), parse_size("4 X 4")
    ((30, 16, 99), (4, 4, None))
    >>> parse_size("4x4", mines=True)
    Traceback (most recent call last):
    ...
    countsweep.errors.ParameterError: size '4x4' is not WIDTHxHEIGHTxMINES
    """
    if not isinstance(text, str):
        raise ParameterTypeError(f"a size is text WIDTHxHEIGHT[xMINES], not {type(text).__name__}")
    m = _SIZE.match(text)
    if not m or (mines and m.group(3) is None):
        raise ParameterError(f"size {text.strip()[:40]!r} is not WIDTHxHEIGHT{'xMINES' if mines else '[xMINES]'}")
    if any(g is not None and len(g.lstrip("0")) > MAX_DIGITS for g in m.groups()):
        raise ParameterError(f"size {text.strip()[:40]!r}: numbers of more than {MAX_DIGITS} digits")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, (int(m.group(3)) if m.group(3) is not None else None)


def parse_cell(text: str, width: int | None = None, height: int | None = None) -> Cell:
    """``R,C`` as a cell (row, column), checked to be on a ``width`` x ``height`` board if given.

    >>> parse_cell("3, 3"), parse_cell("0,5", width=5, height=5) is None
    Traceback (most recent call last):
    ...
    countsweep.errors.ParameterError: cell '0,5' is not on the 5x5 board
    """
    m = _CELL.match(text) if isinstance(text, str) else None
    if not m or any(len(g.lstrip("0")) > MAX_DIGITS for g in m.groups()):
        named = repr(text.strip()[:40]) if isinstance(text, str) else shown(text)
        raise ParameterError(f"cell {named} is not R,C")
    cell = (int(m.group(1)), int(m.group(2)))
    if width is not None and height is not None and not (cell[0] < height and cell[1] < width):
        raise ParameterError(f"cell {text.strip()!r} is not on the {width}x{height} board")
    return cell


def neighbours(cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The up to eight cells around ``cell`` on the square grid, in row-major order."""
    return SQUARE.neighbours(cell, height, width)


@dataclass(frozen=True)
class Header:
    """What a board's header line says: its size (or parts of it) and its topology."""

    width: int | None = None
    height: int | None = None
    mines: int | None = None
    topology: Topology = SQUARE
    line: int = 0


def parse_header(line: str, lineno: int = 0, graph: Callable[[str], Graph] | None = None) -> Header | None:
    """The header a line holds, or None when it is no header (a grid row).

    >>> parse_header("30x16x99 torus").topology.words(), parse_header("hex 10x10x15").mines
    ('torus', 15)
    >>> h = parse_header("5x4x3x20")  # 3D: WIDTHxHEIGHTxDEPTHxMINES, the layers' rows stacked
    >>> h.width, h.height, h.mines, h.topology.words()
    (5, 12, 20, '3d')
    >>> parse_header("1??2") is None
    True
    """
    if not isinstance(line, str):
        raise ParameterTypeError(f"line: a board's header line is a str, not {shown(line)}")
    m = _SIZE.match(line)
    if m:
        try:
            w, h, total = parse_size(line)
        except ParameterError as exc:
            raise BoardError(f"line {lineno}: {exc}") from None
        return Header(w, h, total, SQUARE, lineno)
    tokens = line.split()
    if not tokens or not any(t.lower() in _WORDS or _SIZE_3D.match(t) for t in tokens):
        return None
    try:
        return _words(tokens, lineno, graph)
    except ParameterError as exc:
        raise BoardError(f"line {lineno}: {exc}") from None


def _words(tokens: list[str], lineno: int, graph: Callable[[str], Graph] | None) -> Header:
    size: tuple[int, ...] | None = None
    wrap = hexagonal = cube = False
    offsets: Grid | None = None
    network: Graph | None = None
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in ("neighbourhood", "neighborhood", "graph"):
            if i + 1 == len(tokens):
                raise ParameterError(f"{word!r} needs a name after it")
            if word == "graph":
                if graph is None:
                    raise ParameterError("a board on a graph names its graph file; read it from a file "
                                         "(countsweep count FILE), not from text alone")
                network = graph(tokens[i + 1])
            else:
                offsets = parse_neighbourhood(tokens[i + 1])
            i += 2
            continue
        if word == "torus":
            wrap = True
        elif word == "hex":
            hexagonal = True
        elif word == "3d":
            cube = True
        elif word != "square":
            three = _SIZE_3D.match(tokens[i])
            one = _SIZE.match(tokens[i])
            if size is not None or not (three or one):
                raise ParameterError(f"{tokens[i][:30]!r} is neither a size nor a topology word "
                                     f"({', '.join(_WORDS[:5])} or graph FILE)")
            groups = (three or one).groups()  # type: ignore[union-attr]
            if any(g is not None and len(g.lstrip("0")) > MAX_DIGITS for g in groups):
                raise ParameterError(f"size {tokens[i][:40]!r}: numbers of more than {MAX_DIGITS} digits")
            size = tuple(int(g) for g in groups if g is not None)
            cube = cube or len(size) == 4
        i += 1
    kinds = sum((hexagonal, cube, offsets is not None, network is not None))
    if kinds > 1:
        raise ParameterError("a board has one topology: hex, 3d, a neighbourhood or a graph")
    if network is not None and wrap:
        raise ParameterError("a graph does not wrap: drop 'torus'")
    width = height = mines = None
    depth = 1
    if size is not None:
        if cube and len(size) >= 3:
            width, height, depth = size[0], size[1], size[2]
            mines = size[3] if len(size) == 4 else None
            if depth < 1:
                raise ParameterError("a 3d board has at least one layer")
            height *= depth
        else:
            width, height = size[0], size[1]
            mines = size[2] if len(size) == 3 else None
    elif cube:
        raise ParameterError("a 3d board's header gives its size, WIDTHxHEIGHTxDEPTH[xMINES]: the rows alone "
                             "cannot tell where one layer ends")
    topology: Topology
    if network is not None:
        topology = network
    elif hexagonal:
        topology = Hex(wrap)
    elif cube:
        topology = Grid3D(depth, wrap)
    else:
        topology = Grid(offsets.offsets if offsets is not None else SQUARE.offsets, wrap)
    return Header(width, height, mines, topology, lineno)


@dataclass(frozen=True)
class Board:
    """A position as a player sees it: numbers, hidden cells, flags, maybe the mine total.

    ``grid[r][c]`` is a number, :data:`HIDDEN`, :data:`FLAG` or :data:`CLEARED`;
    ``topology`` says which cells each number counts (:mod:`countsweep.topology`).
    ``origin`` maps a cell to its (line, column) in the source text, for messages.
    """

    grid: tuple[tuple[int, ...], ...]
    mines: int | None = None
    origin: dict[Cell, tuple[int, int]] | None = field(
        default=None, compare=False, hash=False, repr=False
    )
    topology: Topology = SQUARE

    def __post_init__(self) -> None:
        if not isinstance(self.grid, tuple) or not all(isinstance(row, tuple) for row in self.grid):
            raise ParameterTypeError(f"grid: a board's grid is a tuple of rows, each a tuple of cell codes, not "
                                     f"{shown(self.grid)} (Board.from_text or Board.from_array make one)")
        if not self.grid or not self.grid[0]:
            raise BoardError("board has no cells")
        if not isinstance(self.topology, Topology):
            raise ParameterTypeError(f"topology: expected a countsweep.topology.Topology, not "
                                 f"{type(self.topology).__name__}")
        width = len(self.grid[0])
        try:
            self.topology.check_size(len(self.grid), width)
        except ParameterError as exc:
            raise BoardError(str(exc)) from None
        top = self.topology.max_degree
        for r, row in enumerate(self.grid):
            if len(row) != width:
                raise BoardError(f"row {r} has {len(row)} cells, row 0 has {width}")
            for c, v in enumerate(row):
                if not (type(v) is int and (v in (HIDDEN, FLAG, CLEARED) or 0 <= v <= top)):
                    raise BoardError(f"cell [{r}, {c}]: invalid value {shown(v)}")
        for cell in self.number_cells:
            v = self[cell]
            room = len(self.neighbours(cell))
            if v > room:
                raise BoardError(f"{self.where(cell)}: number {v} is larger than its {room} neighbours allow")
        if self.mines is not None:
            if type(self.mines) is not int:
                raise BoardError(f"mine total {shown(self.mines)} is not a whole number")
            if self.mines < 0:
                raise BoardError(f"mine total {shown(self.mines)} is negative")
            if self.mines > self.width * self.height:
                raise BoardError(
                    f"mine total {shown(self.mines)} exceeds the {self.width * self.height} cells"
                )
            flags = len(self.flag_cells)
            if flags > self.mines:
                raise BoardError(f"{flags} flags but only {self.mines} mines in total")

    # construction ------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, mines: int | None = None, *,
                  graph: Callable[[str], Graph] | None = None) -> Board:
        """Parse the text format; ``mines`` (if given) overrides the header's total.

        ``graph`` reads the graph file a ``graph FILE`` header names.
        """
        if not isinstance(text, str):
            raise ParameterTypeError(f"text: a board in the text format is a str, not {type(text).__name__} "
                                 "(Board.from_rows takes a list of lines, Board.from_array a grid of codes)")
        return cls.from_rows(text.splitlines(), mines=mines, graph=graph)

    @classmethod
    def from_rows(cls, lines: Sequence[str], mines: int | None = None, *,
                  graph: Callable[[str], Graph] | None = None) -> Board:
        """Parse header (optional), comments and rows given as a list of strings."""
        if isinstance(lines, str) or not isinstance(lines, Sequence) or not all(isinstance(x, str) for x in lines):
            raise ParameterTypeError("lines: a board's rows are a list of str, e.g. ['1??', '???'] "
                                 "(Board.from_text takes one str)")
        _check_total(mines)
        header: Header | None = None
        rows: list[tuple[int, ...]] = []
        origin: dict[Cell, tuple[int, int]] = {}
        row_lines: list[int] = []
        topology: Topology = SQUARE
        for lineno, raw in enumerate(lines, 1):
            line = raw.rstrip("\r\n")
            stripped = line.strip()
            tabbed = "\t" in line
            if (not stripped and not tabbed) or stripped.startswith("#"):
                continue
            if header is None and not rows:
                header = parse_header(line, lineno, graph)
                if header is not None:
                    topology = header.topology
                    continue
            row: list[int] = []
            top = topology.max_degree
            single = isinstance(topology, Graph)  # a graph's cells are one row, however many lines hold it
            r = 0 if single else len(rows)
            if single and rows:
                row = list(rows.pop())
            for col, text in _cells_of(line, tokens=top > 9):
                code = _code_of(text, top)
                if code is None:
                    raise BoardError(  # repr: an invisible character shows as its escape
                        f"line {lineno}, column {col}: unexpected {'character' if len(text) == 1 else 'field'} "
                        f"{text[:20]!r} (expected H ? . F * - or 0-{top})"
                    )
                origin[(r, len(row))] = (lineno, col)
                row.append(code)
            if rows and len(row) != len(rows[0]):
                raise BoardError(
                    f"line {lineno}: row {r} has {len(row)} cells, "
                    f"row 0 (line {row_lines[0]}) has {len(rows[0])}"
                )
            rows.append(tuple(row))
            row_lines.append(lineno)
        if not rows:
            if header is not None:  # a header alone is no board: say where it is, not "empty"
                raise BoardError(f"line {header.line}: a header but no board rows after it")
            raise BoardError("no board rows found (empty input)")
        total = None
        if header is not None:
            total = header.mines
            if header.width is not None and (header.width, header.height) != (len(rows[0]), len(rows)):
                raise BoardError(
                    f"line {header.line}: header says {header.width}x{header.height} but the grid is "
                    f"{len(rows[0])}x{len(rows)} (width x height)"
                )
        if mines is not None:
            total = mines
        return cls(tuple(rows), total, origin, topology)

    @classmethod
    def from_array(cls, array: Iterable[Iterable[int]], mines: int | None = None,
                   topology: Topology = SQUARE) -> Board:
        """Build from a 2-D array of codes (numbers, :data:`HIDDEN`, :data:`FLAG`, :data:`CLEARED`)."""
        _check_total(mines)
        if isinstance(array, (str, bytes)) or not isinstance(array, Iterable):
            raise ParameterTypeError(f"array: a grid is rows of cell codes, not {type(array).__name__}")
        rows = []
        for r, row in enumerate(array):
            if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
                raise ParameterTypeError(f"array: row {r} is {type(row).__name__}, not a sequence of cell codes")
            codes = []
            for c, v in enumerate(row):
                code = _integer(v)
                if code is None:
                    raise BoardError(f"cell [{r}, {c}]: invalid value {shown(v)} (a whole number: a count, "
                                     f"{HIDDEN} hidden, {FLAG} flag, {CLEARED} cleared)")
                codes.append(code)
            rows.append(tuple(codes))
        return cls(tuple(rows), mines, None, topology)

    @classmethod
    def unchecked(cls, grid: tuple[tuple[int, ...], ...], mines: int | None,
                  topology: Topology = SQUARE) -> Board:
        """A board from a grid known to be valid (a game's view, a checked change): no validation.

        For the hot paths of play; anything else should build boards the checked way.
        """
        board = object.__new__(cls)
        object.__setattr__(board, "grid", grid)
        object.__setattr__(board, "mines", mines)
        object.__setattr__(board, "origin", None)
        object.__setattr__(board, "topology", topology)
        return board

    def with_mines(self, mines: int | None) -> Board:
        return Board(self.grid, mines, self.origin, self.topology)

    def reveal(self, cell: Cell, value: int) -> Board:
        """The same position with ``cell`` showing ``value`` (a number, :data:`FLAG` or :data:`CLEARED`).

        Only the change is checked: the rest of the board was valid already.
        """
        r, c = self.check_cell(cell, BoardError)
        if value == FLAG:
            if self.mines is not None and self[cell] != FLAG and len(self.flag_cells) + 1 > self.mines:
                raise BoardError(f"{len(self.flag_cells) + 1} flags but only {self.mines} mines in total")
        elif not (type(value) is int and (value in (HIDDEN, CLEARED) or 0 <= value <= len(self.neighbours(cell)))):
            raise BoardError(f"cell [{r}, {c}]: value {shown(value)} is not hidden, a flag or a number it can show")
        row = self.grid[r]
        grid = (*self.grid[:r], (*row[:c], value, *row[c + 1:]), *self.grid[r + 1:])
        return Board.unchecked(grid, self.mines, self.topology)

    def to_text(self, header: bool = True) -> str:
        chars = {HIDDEN: "?", FLAG: "F", CLEARED: "-"}
        topology = self.topology
        lines = [self.header_line()] if header else []
        sep = " " if topology.max_degree > 9 else ""
        for i, row in enumerate(self.grid):
            if isinstance(topology, Grid3D) and i and i % (self.height // topology.depth) == 0:
                lines.append("")  # a blank line between layers (the reader ignores it)
            lines.append(sep.join(chars.get(v, str(v)) for v in row))
        return "\n".join(lines)

    def header_line(self) -> str:
        """The header :meth:`to_text` writes: size, total and topology."""
        topology = self.topology
        total = f"x{self.mines}" if self.mines is not None else ""
        words = topology.words()
        if isinstance(topology, Grid3D) and total and not topology.wrap:
            return self.dimensions + total  # four numbers say 3D: the word is left out
        return self.dimensions + total + (f" {words}" if words else "")

    @property
    def dimensions(self) -> str:
        """``WIDTHxHEIGHT``, or ``WIDTHxHEIGHTxDEPTH`` for a 3D board (its layers' rows, as its header gives them).

        >>> Board.from_text("2x1x2x1\\n??\\n?1").dimensions, Board.from_text("3x1\\n?1?").dimensions
        ('2x1x2', '3x1')
        """
        topology = self.topology
        if isinstance(topology, Grid3D):
            return f"{self.width}x{self.height // topology.depth}x{topology.depth}"
        return f"{self.width}x{self.height}"

    # queries -------------------------------------------------------------------

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    def check_cell(self, cell: object, error: type[Exception] = ParameterError) -> Cell:
        """``cell`` as a (row, col) on this board, or ``error`` (by default a ParameterError) saying why not.

        Negative indices are refused, not wrapped: a cell is where it says.
        """
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(x) is int for x in cell)):
            raise (ParameterTypeError if error is ParameterError else error)(
                f"cell: expected a (row, col) pair of ints, not {shown(cell, 60)}")
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise error(f"cell [{r}, {c}] is off the {self.width}x{self.height} board")
        return cell

    def __getitem__(self, cell: Cell) -> int:
        try:
            r, c = cell
            if r >= 0 and c >= 0:
                return self.grid[r][c]
        except (TypeError, ValueError, IndexError):
            pass
        self.check_cell(cell)
        raise AssertionError("unreachable: check_cell refuses what indexing cannot read")

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells ``cell``'s number counts, row-major (:mod:`countsweep.topology`); a cell off the
        board is a :class:`~countsweep.errors.ParameterError` naming it."""
        try:
            return self.topology.neighbours(cell, self.height, self.width)
        except (KeyError, TypeError, IndexError):  # the topology's table has no such cell
            self.check_cell(cell)
            raise

    @functools.cached_property
    def _kinds(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]:
        """(hidden, flags, numbers, cleared), each row-major: one pass over the grid, kept."""
        hidden: list[Cell] = []
        flags: list[Cell] = []
        numbers: list[Cell] = []
        cleared: list[Cell] = []
        kinds = {HIDDEN: hidden, FLAG: flags, CLEARED: cleared}
        for r, row in enumerate(self.grid):
            for c, v in enumerate(row):
                kinds.get(v, numbers).append((r, c))
        return tuple(hidden), tuple(flags), tuple(numbers), tuple(cleared)

    @functools.cached_property
    def _hidden_set(self) -> frozenset[Cell]:
        return frozenset(self._kinds[0])

    def hidden_around(self, cell: Cell) -> int:
        """How many of ``cell``'s neighbours are hidden and unflagged.

        >>> Board.from_text("3x2x1\\n?1F\\n??1").hidden_around((0, 1))
        3
        """
        return len(self._hidden_set.intersection(self.neighbours(cell)))

    @property
    def hidden_cells(self) -> tuple[Cell, ...]:
        """Hidden unflagged cells, row-major (a shared tuple: the fast accessor; :meth:`hidden` copies)."""
        return self._kinds[0]

    @property
    def flag_cells(self) -> tuple[Cell, ...]:
        """Flagged cells, row-major (shared, like :attr:`hidden_cells`)."""
        return self._kinds[1]

    @property
    def number_cells(self) -> tuple[Cell, ...]:
        """Cells showing a number, row-major (shared, like :attr:`hidden_cells`)."""
        return self._kinds[2]

    def hidden(self) -> list[Cell]:
        """Hidden unflagged cells, row-major."""
        return list(self._kinds[0])

    def flags(self) -> list[Cell]:
        """Flagged cells, row-major."""
        return list(self._kinds[1])

    def numbers(self) -> list[Cell]:
        """Cells showing a number, row-major."""
        return list(self._kinds[2])

    def cleared(self) -> list[Cell]:
        """Cleared cells that show no number (``-``), row-major."""
        return list(self._kinds[3])

    def where(self, cell: Cell) -> str:
        """``cell [r, c]``, plus the source line and column when the board came from text."""
        text = self.topology.describe(cell, self.height)
        if self.origin and cell in self.origin:
            line, col = self.origin[cell]
            text += f" (line {line}, column {col})"
        return text


def _integer(v: object) -> int | None:
    """``v`` as a cell code if it is a whole number (an int, or a float or NumPy number equal to one)."""
    if isinstance(v, bool):
        return None
    try:
        i = v.__index__()  # type: ignore[attr-defined]
    except (AttributeError, TypeError):
        try:
            f = float(v)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return None
        return int(f) if f.is_integer() else None
    return int(i)


def _check_total(mines: object) -> None:
    if mines is not None and (type(mines) is not int):
        raise ParameterTypeError(f"mines: a mine total is a whole number (an int) or None, not {shown(mines)}")


def checked_board(board: object) -> Board:
    """``board`` when it is a :class:`Board`; else the error every entry that needs one (not text) gives."""
    if not isinstance(board, Board):
        raise ParameterTypeError(f"board: expected a countsweep Board, not {shown(board)}")
    return board


def as_board(board: object) -> Board:
    """``board`` as a :class:`Board`: a Board, board text, or a list of rows (text lines or cell codes).

    What every public function taking a position accepts; anything else is a
    :class:`~countsweep.errors.ParameterTypeError` saying how to make a board.

    >>> as_board(["1?", "??"]) == Board.from_text("1?\\n??")
    True
    """
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board.from_text(board)
    if isinstance(board, (list, tuple)) and board:
        if all(isinstance(row, str) for row in board):
            return Board.from_rows(list(board))
        if all(isinstance(row, (list, tuple)) for row in board):
            return Board.from_array(board)
    raise ParameterTypeError(f"board: expected a countsweep.Board, board text or a list of rows, not "
                             f"{shown(board, 60)} (make one with Board.from_text('4x4x3\\n1???\\n...'))")
