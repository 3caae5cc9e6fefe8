"""Minesweeper games with seeded, reproducible mine placement.

First-click rules:

* ``unsafe``: the layout is fixed before the first click (the first click may die);
* ``safe``: the first click is never a mine; the layout is uniform over those
  avoiding it;
* ``opening``: the first click and its neighbours are mine-free, so it opens an
  area (as in modern clones).

A game may deal noisy clues (:mod:`countsweep.clues`): each opened cell shows
the number its clue model draws for the truth, or ``-`` when the model withholds
it; the draws come from their own seeded generator, so the layout of a seed is
the same under every model.  Opening spreads from a cell only when it shows 0
and the model guarantees that a shown 0 is a true 0.

The player sees only :meth:`Game.view` (a :class:`~countsweep.board.Board` with the
mine total) and acts through :meth:`Game.open` and :meth:`Game.flag`; the layout
is private.

>>> g = Game(9, 9, 10, rule="opening", seed=1)
>>> g.open((4, 4))
True
>>> g.view()[4, 4]
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from countsweep.board import CLEARED, FLAG, HIDDEN, Board, Cell, checked_board, parse_cell, parse_size
from countsweep.clues import EXACT, ClueModel, parse_clues
from countsweep.errors import ParameterError, ParameterTypeError, shown
from countsweep.topology import Graph, Grid3D, Topology, give_graph, parse_topology

LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}
FIRST_CLICK_RULES = ("unsafe", "safe", "opening")
"""What the first click may meet: see the module's notes."""

FIRST_CLICKS = ("corner", "center", "random")
"""Named first clicks; ``R,C`` names any cell."""

MAX_GAME_CELLS = 1_000_000
"""The largest board a game deals (a 1000x1000 board): each game holds its mine layout, its
board and the agent's view as Python objects, about a kilobyte per cell in all."""


@dataclass(frozen=True)
class Settings:
    width: int
    height: int
    mines: int
    rule: str = "safe"
    first: str = "corner"
    clues: str = "exact"
    """The clue model's spec (:func:`~countsweep.clues.parse_clues`): exact, under, over, withheld:Q or a table."""
    topology: str = "square"
    """The board's topology's spec (:func:`~countsweep.topology.parse_topology`): square, torus, hex, 3d:DEPTH, ..."""

    def __post_init__(self) -> None:
        self.clue_model  # validates ``clues``  # noqa: B018
        if self.rule not in FIRST_CLICK_RULES:
            raise ParameterError(f"unknown rule {shown(self.rule)}; choose from {', '.join(FIRST_CLICK_RULES)}")
        if not all(type(x) is int for x in (self.width, self.height, self.mines)):
            raise ParameterError("width, height and mines are whole numbers (ints)")
        if self.width < 1 or self.height < 1:
            raise ParameterError("board must have at least one row and one column")
        if self.width * self.height > MAX_GAME_CELLS:
            raise ParameterError(f"a {shown(self.width)}x{shown(self.height)} board has "
                                 f"{shown(self.width * self.height)} cells; "
                                 f"games are dealt on at most {MAX_GAME_CELLS:_}".replace("_", " "))
        self.topology_model.check_size(self.height, self.width)
        first = first_cell(self, random.Random(0))  # validates ``first``
        # the cells the first click keeps free of mines; a random first click may be anywhere
        starts = [first] if self.first != "random" else [(r, c) for r in range(self.height) for c in range(self.width)]
        topology = self.topology_model
        spared = {"unsafe": 0, "safe": 1, "opening": 1 + max(len(topology.neighbours(s, self.height, self.width))
                                                             for s in starts)}[self.rule]
        if not 0 <= self.mines <= self.width * self.height - spared:
            raise ParameterError(
                f"{shown(self.mines)} mines do not fit a {self.width}x{self.height} board "
                f"under the {self.rule!r} rule"
            )

    @property
    def clue_model(self) -> ClueModel:
        return parse_clues(self.clues)

    @property
    def topology_model(self) -> Topology:
        return parse_topology(self.topology)

    @classmethod
    def parse(cls, level: str | None, size: str | None, rule: str, first: str, clues: str = "exact",
              topology: str = "square") -> Settings:
        """From ``--level`` or ``--size WxHxM`` (:func:`~countsweep.board.parse_size`), and ``--topology``.

        A 3D size, ``WIDTHxHEIGHTxDEPTHxMINES``, stacks the layers' rows (:mod:`countsweep.topology`).
        """
        for name, text in (("level", level), ("size", size)):
            if text is not None and not isinstance(text, str):
                raise ParameterTypeError(f"{name}: text such as {'expert' if name == 'level' else '30x16x99'!r} "
                                         f"or None, not {shown(text)}")
        if size and size.strip().lower().count("x") == 3:
            parts = size.strip().lower().split("x")
            if not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 9 for p in parts):
                raise ParameterError(f"size {size.strip()[:40]!r} is not WIDTHxHEIGHTxDEPTHxMINES")
            w, rows, depth, k = (int(p) for p in parts)
            if depth < 1:
                raise ParameterError("a 3d board has at least one layer")
            if isinstance(topology, str):  # "3d" as a board's header says it: the size gives the layers
                topology = " ".join(f"3d:{depth}" if t.lower() == "3d" else t for t in topology.split())
            model = parse_topology(topology)
            if not (isinstance(model, Grid3D) or model.spec() in ("square", "torus")):
                raise ParameterError(f"a 3d size and topology {topology!r}: a board has one topology")
            if isinstance(model, Grid3D) and model.depth != depth:
                raise ParameterError(f"topology {topology!r} has {model.depth} layers and size {size.strip()!r} "
                                     f"{depth}")
            return cls(w, rows * depth, k, rule, first, clues, Grid3D(depth, getattr(model, "wrap", False)).spec())
        model = parse_topology(topology)
        if size:
            w, h, mines = parse_size(size, mines=True)
            assert mines is not None  # mines=True requires it
            k = mines
        else:
            name = level or "expert"
            if name not in LEVELS:
                raise ParameterError(f"unknown level {shown(name)}; choose from {', '.join(LEVELS)}")
            w, h, k = LEVELS[name]
        if isinstance(model, Grid3D):
            raise ParameterError("a 3d topology takes its size as WIDTHxHEIGHTxDEPTHxMINES (--size)")
        return cls(w, h, k, rule, first, clues, model.spec())

    def size(self) -> str:
        """The size as ``--size`` takes it: ``WxHxM``, or ``WxHxDxM`` for a 3D board (its layers' rows).

        >>> Settings(4, 6, 5, topology="3d:2").size(), Settings(9, 9, 10).size()
        ('4x3x2x5', '9x9x10')
        """
        topology = self.topology_model
        return (f"{self.width}x{self.height // topology.depth}x{topology.depth}x{self.mines}"
                if isinstance(topology, Grid3D) else f"{self.width}x{self.height}x{self.mines}")

    def describe(self) -> str:
        return (f"{self.size()}, rule {self.rule}, first click {self.first}"
                + ("" if self.topology == "square" else f", topology {self.topology}")
                + ("" if self.clues == "exact" else f", clues {self.clues}"))


def seed_of(seed: object, name: str = "seed") -> int | None:
    """``seed`` checked: a whole number, or None (a fresh one each time); games dealt from the same
    number are the same games.

    >>> seed_of(7), seed_of(None)
    (7, None)
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ParameterTypeError(f"{name}: a whole number (or None), not {shown(seed)}")
    if seed is not None and seed.bit_length() > 3000:  # written into the clues' seed, as text
        raise ParameterError(f"{name}: at most 900 digits, not {shown(seed)}")
    return seed


def first_cell(settings: Settings, rng: random.Random) -> Cell:
    """The first click named by ``settings.first``: corner, center, random or ``R,C``."""
    if not isinstance(settings, Settings):
        raise ParameterTypeError(f"settings: expected a countsweep.play.game.Settings, not {shown(settings)}")
    h, w = settings.height, settings.width
    f = settings.first
    if f == "corner":
        return (0, 0)
    if f == "center":
        return (h // 2, w // 2)
    if f == "random":
        return (rng.randrange(h), rng.randrange(w))
    try:
        return parse_cell(f, settings.width, settings.height)
    except ParameterError:
        raise ParameterError(f"first click {shown(f)} is not corner, center, random or R,C on the board") from None


class Game:
    """One game.  The layout is drawn at the first click (for the safe rules) from ``seed``."""

    def __init__(self, width: int, height: int, mines: int, rule: str = "safe",
                 seed: int | None = None, clues: ClueModel = EXACT, topology: Topology | str = "square") -> None:
        spec = topology if isinstance(topology, str) else topology.spec()
        if isinstance(topology, Graph):  # a board's graph, not whatever file its name finds from here
            give_graph(spec, topology)
        self.settings = Settings(width, height, mines, rule, topology=spec)
        self.topology = self.settings.topology_model
        self._rng = random.Random(seed_of(seed))
        self.clues = clues
        # the clues' own generator: the layout a seed deals does not depend on the model
        self._clue_rng = random.Random(f"clues:{seed}")
        self._spreads = clues.zero_is_truth()
        self.__mines: frozenset[Cell] | None = None
        self._open: set[Cell] = set()  # what each shows is in _rows
        # what the player sees, row by row, kept up to date move by move: view() re-tuples
        # only the rows that changed
        self._rows = [[HIDDEN] * width for _ in range(height)]
        self._seen: list[tuple[int, ...] | None] = [None] * height
        self.lost = False
        if rule == "unsafe":
            self.__mines = self._draw(())

    @classmethod
    def at(cls, board: Board, layout: Iterable[Cell], rule: str = "safe") -> Game:
        """The game showing ``board`` whose hidden layout is ``layout`` (every mine, flags included).

        To play a position on from a layout of one's choosing, e.g. one drawn from
        the layouts consistent with it; a layout that disagrees with what the board
        shows is refused.

        >>> b = Board.from_text("3x1x1\\n1??")
        >>> g = Game.at(b, {(0, 1)})
        >>> g.open((0, 2)), g.won
        (True, True)
        >>> Game.at(b, {(0, 2)})
        Traceback (most recent call last):
        ...
        countsweep.errors.ParameterError: cell [0, 0] (line 2, column 1) shows 1 but has 0 mines around it in the layout
        """
        checked_board(board)
        try:
            mines = frozenset(layout)
        except TypeError:
            raise ParameterTypeError(f"layout: expected the mines' cells, (row, col) pairs, "
                                     f"not {shown(layout)}") from None
        off = [c for c in mines if not (isinstance(c, tuple) and len(c) == 2 and all(type(x) is int for x in c)
                                        and 0 <= c[0] < board.height and 0 <= c[1] < board.width)]
        if off:
            named = list(off[0]) if isinstance(off[0], tuple) else shown(off[0])
            raise ParameterError(f"cell {named} of the layout is off the {board.width}x{board.height} board")
        if board.mines is None or len(mines) != board.mines:
            raise ParameterError(f"the layout has {len(mines)} mines; the board says {board.mines}")
        game = cls(board.width, board.height, board.mines, rule, topology=board.topology)
        game.__mines = mines
        for cell in board.cells():
            value = board[cell]
            if value == FLAG and cell not in mines:
                raise ParameterError(f"{board.where(cell)} is flagged but safe in the layout")
            if value == FLAG:
                game._show(cell, FLAG)
            elif value >= 0:
                if cell in mines:
                    raise ParameterError(f"{board.where(cell)} is open but a mine in the layout")
                around = sum(1 for n in board.neighbours(cell) if n in mines)
                if around != value:
                    raise ParameterError(f"{board.where(cell)} shows {value} but has {around} mines "
                                     "around it in the layout")
                game._open.add(cell)
                game._show(cell, value)
        return game

    @property
    def width(self) -> int:
        return self.settings.width

    @property
    def height(self) -> int:
        return self.settings.height

    def _draw(self, avoid: Iterable[Cell]) -> frozenset[Cell]:
        banned = set(avoid)
        cells = [(r, c) for r in range(self.height) for c in range(self.width) if (r, c) not in banned]
        return frozenset(self._rng.sample(cells, self.settings.mines))

    def _mine_set(self) -> frozenset[Cell]:
        assert self.__mines is not None
        return self.__mines

    @property
    def won(self) -> bool:
        # a board of mines only has no safe cell to open: its first click loses, and it is never won
        return (not self.lost and self.__mines is not None and bool(self._open)
                and len(self._open) == self.width * self.height - self.settings.mines)

    @property
    def opened(self) -> int:
        """How many cells are open."""
        return len(self._open)

    def is_open(self, cell: Cell) -> bool:
        return cell in self._open

    @property
    def over(self) -> bool:
        return self.lost or self.won

    def _check(self, cell: object) -> Cell:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(x) is int for x in cell)
                and 0 <= cell[0] < self.height and 0 <= cell[1] < self.width):
            raise ParameterError(f"cell {shown(cell)} is not a (row, col) on the {self.width}x{self.height} board")
        return cell

    def open(self, cell: Cell) -> bool:
        """Open ``cell`` (flood-filling zeros); False if it was a mine."""
        cell = self._check(cell)
        if self.over:
            raise ParameterError("the game is over")
        if self.__mines is None:
            avoid = [cell]
            if self.settings.rule == "opening":
                avoid += list(self.topology.neighbours(cell, self.height, self.width))
            self.__mines = self._draw(avoid)
        mines = self._mine_set()
        if cell in mines:
            self.lost = True
            return False
        stack = [cell]
        while stack:
            cur = stack.pop()
            if cur in self._open:
                continue
            around = self.topology.neighbours(cur, self.height, self.width)
            n = sum(1 for x in around if x in mines)
            self._open.add(cur)
            shown = n if self.clues is EXACT else self.clues.draw(n, len(around), self._clue_rng)
            self._show(cur, CLEARED if shown is None else shown)
            if shown == 0 and self._spreads:
                stack.extend(x for x in around if x not in self._open)
        return True

    def flag(self, cell: Cell) -> None:
        cell = self._check(cell)
        if cell not in self._open:
            self._show(cell, FLAG)

    def _show(self, cell: Cell, value: int) -> None:
        self._rows[cell[0]][cell[1]] = value
        self._seen[cell[0]] = None

    def view(self) -> Board:
        """What the player sees: numbers, flags, hidden cells and the mine total."""
        seen, rows = self._seen, self._rows
        for r, row in enumerate(seen):
            if row is None:
                seen[r] = tuple(rows[r])
        return Board.unchecked(tuple(seen), self.settings.mines,  # type: ignore[arg-type]  # a game's own view is valid
                               self.topology)

    def reveal_layout(self) -> frozenset[Cell]:
        """The hidden layout, for after the game (drawing, tests); agents never call it."""
        return self._mine_set()
