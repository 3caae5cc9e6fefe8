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
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from countsweep.errors import BoardError, ParameterError

HIDDEN = -1
FLAG = -2
CLEARED = -3
"""A cleared cell whose number is not shown (``-``): known safe, no constraint."""

Cell = tuple[int, int]

_HIDDEN_CHARS = "H?."
_FLAG_CHARS = "F*"
_SIZE = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*(?:[xX]\s*(\d+))?\s*$")
_CELL = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
MAX_DIGITS = 9
"""Board sizes and mine totals are read with at most this many digits."""


def _code_of(ch: str) -> int | None:
    if ch in _HIDDEN_CHARS:
        return HIDDEN
    if ch in _FLAG_CHARS:
        return FLAG
    if ch == "-":
        return CLEARED
    if "0" <= ch <= "8":
        return ord(ch) - ord("0")
    return None


def _cells_of(line: str) -> Iterator[tuple[int, str]]:
    """(column, text) of each cell on a grid line; columns are one-based."""
    if "\t" not in line:
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
    m = _SIZE.match(text)
    if not m or (mines and m.group(3) is None):
        raise ParameterError(f"size {text.strip()!r} is not WIDTHxHEIGHT{'xMINES' if mines else '[xMINES]'}")
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
    m = _CELL.match(text)
    if not m or any(len(g.lstrip("0")) > MAX_DIGITS for g in m.groups()):
        raise ParameterError(f"cell {text.strip()[:40]!r} is not R,C")
    cell = (int(m.group(1)), int(m.group(2)))
    if width is not None and height is not None and not (cell[0] < height and cell[1] < width):
        raise ParameterError(f"cell {text.strip()!r} is not on the {width}x{height} board")
    return cell


@functools.lru_cache(maxsize=64)
def _around(height: int, width: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell of a board this size and its neighbours, computed once per size."""
    return {(r, c): tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width)
            for r in range(height) for c in range(width)}


def neighbours(cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The up to eight cells around ``cell``, in row-major order."""
    # the table pays where the same boards come back (games); a huge one-off board computes
    if height * width <= 1 << 16:
        return _around(height, width)[cell]
    r, c = cell
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width)


@dataclass(frozen=True)
class Board:
    """A position as a player sees it: numbers, hidden cells, flags, maybe the mine total.

    ``grid[r][c]`` is a number 0-8, :data:`HIDDEN`, :data:`FLAG` or :data:`CLEARED`.
    ``origin`` maps a cell to its (line, column) in the source text, for messages.
    """

    grid: tuple[tuple[int, ...], ...]
    mines: int | None = None
    origin: dict[Cell, tuple[int, int]] | None = field(
        default=None, compare=False, hash=False, repr=False
    )

    def __post_init__(self) -> None:
        if not self.grid or not self.grid[0]:
            raise BoardError("board has no cells")
        width = len(self.grid[0])
        for r, row in enumerate(self.grid):
            if len(row) != width:
                raise BoardError(f"row {r} has {len(row)} cells, row 0 has {width}")
            for c, v in enumerate(row):
                if not (v in (HIDDEN, FLAG, CLEARED) or (isinstance(v, int) and 0 <= v <= 8)):
                    raise BoardError(f"cell [{r}, {c}]: invalid value {v!r}")
        for cell in self._numbers:
            v = self[cell]
            room = len(neighbours(cell, self.height, self.width))
            if v > room:
                raise BoardError(f"{self.where(cell)}: number {v} is larger than its {room} neighbours allow")
        if self.mines is not None:
            if self.mines < 0:
                raise BoardError(f"mine total {self.mines} is negative")
            if self.mines > self.width * self.height:
                raise BoardError(
                    f"mine total {self.mines} exceeds the {self.width * self.height} cells"
                )
            flags = len(self._flags)
            if flags > self.mines:
                raise BoardError(f"{flags} flags but only {self.mines} mines in total")

    # construction ------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, mines: int | None = None) -> Board:
        """Parse the text format; ``mines`` (if given) overrides the header's total."""
        return cls.from_rows(text.splitlines(), mines=mines)

    @classmethod
    def from_rows(cls, lines: Sequence[str], mines: int | None = None) -> Board:
        """Parse header (optional), comments and rows given as a list of strings."""
        header: tuple[int, int, int | None, int] | None = None
        rows: list[tuple[int, ...]] = []
        origin: dict[Cell, tuple[int, int]] = {}
        row_lines: list[int] = []
        for lineno, raw in enumerate(lines, 1):
            line = raw.rstrip("\r\n")
            stripped = line.strip()
            tabbed = "\t" in line
            if (not stripped and not tabbed) or stripped.startswith("#"):
                continue
            if header is None and not rows:
                m = _SIZE.match(line)
                if m:
                    try:
                        w, h, total = parse_size(line)
                    except ParameterError as exc:
                        raise BoardError(f"line {lineno}: {exc}") from None
                    header = (w, h, total, lineno)
                    continue
            row: list[int] = []
            r = len(rows)
            for col, text in _cells_of(line):
                code = _code_of(text) if len(text) == 1 else None
                if code is None:
                    raise BoardError(  # repr: an invisible character shows as its escape
                        f"line {lineno}, column {col}: unexpected {'character' if len(text) == 1 else 'field'} "
                        f"{text!r} (expected H ? . F * - or 0-8)"
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
            raise BoardError("no board rows found (empty input)")
        total = None
        if header is not None:
            w, h, total, hline = header
            if (w, h) != (len(rows[0]), len(rows)):
                raise BoardError(
                    f"line {hline}: header says {w}x{h} but the grid is "
                    f"{len(rows[0])}x{len(rows)} (width x height)"
                )
        if mines is not None:
            total = mines
        return cls(tuple(rows), total, origin)

    @classmethod
    def from_array(cls, array: Iterable[Iterable[int]], mines: int | None = None) -> Board:
        """Build from a 2-D array of codes (numbers, :data:`HIDDEN`, :data:`FLAG`, :data:`CLEARED`)."""
        return cls(tuple(tuple(int(v) for v in row) for row in array), mines)

    @classmethod
    def _trusted(cls, grid: tuple[tuple[int, ...], ...], mines: int | None) -> Board:
        """A board from a grid known to be valid (a game's view, a checked change): no validation."""
        board = object.__new__(cls)
        object.__setattr__(board, "grid", grid)
        object.__setattr__(board, "mines", mines)
        object.__setattr__(board, "origin", None)
        return board

    def with_mines(self, mines: int | None) -> Board:
        return Board(self.grid, mines, self.origin)

    def reveal(self, cell: Cell, value: int) -> Board:
        """The same position with ``cell`` showing ``value`` (a number, :data:`FLAG` or :data:`CLEARED`).

        Only the change is checked: the rest of the board was valid already.
        """
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise BoardError(f"cell [{r}, {c}] is off the {self.width}x{self.height} board")
        if value == FLAG:
            if self.mines is not None and self[cell] != FLAG and len(self._flags) + 1 > self.mines:
                raise BoardError(f"{len(self._flags) + 1} flags but only {self.mines} mines in total")
        elif not (value in (HIDDEN, CLEARED) or 0 <= value <= len(neighbours(cell, self.height, self.width))):
            raise BoardError(f"cell [{r}, {c}]: value {value!r} is not hidden, a flag or a number it can show")
        row = self.grid[r]
        grid = (*self.grid[:r], (*row[:c], value, *row[c + 1:]), *self.grid[r + 1:])
        return Board._trusted(grid, self.mines)

    def to_text(self, header: bool = True) -> str:
        chars = {HIDDEN: "?", FLAG: "F", CLEARED: "-"}
        lines = [f"{self.width}x{self.height}" + (f"x{self.mines}" if self.mines is not None else "")]
        lines = lines if header else []
        lines += ["".join(chars.get(v, str(v)) for v in row) for row in self.grid]
        return "\n".join(lines)

    # queries -------------------------------------------------------------------

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    def __getitem__(self, cell: Cell) -> int:
        return self.grid[cell[0]][cell[1]]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return neighbours(cell, self.height, self.width)

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

    @property
    def _hidden(self) -> tuple[Cell, ...]:
        return self._kinds[0]

    @property
    def _flags(self) -> tuple[Cell, ...]:
        return self._kinds[1]

    @property
    def _numbers(self) -> tuple[Cell, ...]:
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
        text = f"cell [{cell[0]}, {cell[1]}]"
        if self.origin and cell in self.origin:
            line, col = self.origin[cell]
            text += f" (line {line}, column {col})"
        return text
