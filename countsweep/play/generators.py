"""Seeded position generators for tests, benchmarks and the ``cnf/`` corpus.

* :func:`band`: three rows, the middle one revealed, one mine per column above or
  below; enumeration is exponential in the length, decomposition is not.
* :func:`corridor`: three rows, the middle revealed, mines above and below at a
  given density (a band whose columns hold 0, 1 or 2 mines).
* :func:`midgame`: a large board at a given density with a share of its safe
  cells opened (with flood fill), as after many moves.
* :func:`from_play`: positions met by the greedy agent in real games;
* :func:`sparse`: a random layout with a few safe cells revealed (no flood fill);
* :func:`lattice`: a random layout with every third cell (row-major) revealed where
  safe: one component of overlapping numbers, hard to count, easy to decide.

>>> b = band(5, seed=0)
>>> (b.width, b.height, b.mines, len(b.hidden()))
(5, 3, 5, 10)
"""

from __future__ import annotations

import random

from countsweep.board import HIDDEN, Board, Cell
from countsweep.errors import ParameterError, ParameterTypeError, shown
from countsweep.play.game import Game, Settings, first_cell, seed_of


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ParameterError(message)


def _share(value: float, name: str) -> None:
    _need(isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1,
          f"{name}: a share in [0, 1], not {shown(value)}")


def _size(value: int, name: str, what: str, most: int) -> None:
    if type(value) is not int:
        raise ParameterTypeError(f"{name}: {what} (an int), not {shown(value)}")
    _need(1 <= value <= most, f"{name}: {what}, 1 to {most}, not {shown(value)}")


def _sides(width: int, height: int) -> None:
    _size(width, "width", "a board's width in cells", 10_000)
    _size(height, "height", "a board's height in cells", 10_000)


def _numbers(width: int, height: int, mines: set[Cell], revealed, total: int | None) -> Board:
    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            if (r, c) in revealed:
                row.append(sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if (dr or dc) and (r + dr, c + dc) in mines))
            else:
                row.append(HIDDEN)
        grid.append(tuple(row))
    return Board(tuple(grid), total)


def band(n: int, seed: int = 0, total: bool = True) -> Board:
    _size(n, "n", "a band's length in columns", 1_000_000)
    rng = random.Random(seed_of(seed))
    mines = {(rng.choice((0, 2)), c) for c in range(n)}
    return _numbers(n, 3, mines, {(1, c) for c in range(n)}, len(mines) if total else None)


def corridor(n: int, density: float = 0.3, seed: int = 0, total: bool = True) -> Board:
    _size(n, "n", "a band's length in columns", 1_000_000)
    _share(density, "density")
    rng = random.Random(seed_of(seed))
    mines = {(r, c) for r in (0, 2) for c in range(n) if rng.random() < density}
    return _numbers(n, 3, mines, {(1, c) for c in range(n)}, len(mines) if total else None)


def gapped_band(n: int, density: float = 0.2, seed: int = 0, total: bool = True) -> Board:
    """A band three rows high whose middle row shows every other cell's number, the cells between hidden.

    Each number shares two columns with the next, so the band is one long component
    whose every column may hold a range of mines: without the total it is counted in time
    linear in its length; with it, each state along the path carries a polynomial a
    fraction of the length long.

    >>> b = gapped_band(8, seed=1)
    >>> len(b.numbers()), len(b.hidden())
    (4, 20)
    """
    _size(n, "n", "a band's length in columns", 1_000_000)
    _share(density, "density")
    rng = random.Random(seed_of(seed))
    shown = {(1, c) for c in range(0, n, 2)}
    mines = {(r, c) for r in range(3) for c in range(n) if (r, c) not in shown and rng.random() < density}
    return _numbers(n, 3, mines, shown, len(mines) if total else None)


def midgame(width: int, height: int, density: float, opened: float, seed: int = 0) -> Board:
    """Open random safe cells (with flood fill) until ``opened`` of the safe cells are open."""
    _sides(width, height)
    _share(density, "density")
    _share(opened, "opened")
    rng = random.Random(seed_of(seed))
    cells = [(r, c) for r in range(height) for c in range(width)]
    k = round(density * len(cells))
    game = Game(width, height, k, rule="unsafe", seed=rng.randrange(2**32))
    mines = game.reveal_layout()
    safe = [c for c in cells if c not in mines]
    rng.shuffle(safe)
    target = opened * len(safe)
    for cell in safe:
        if game.opened >= target:
            break
        if not game.is_open(cell):
            game.open(cell)
    return game.view()


def sparse(width: int, height: int, mines: int, numbers: int, seed: int = 0) -> Board:
    """``mines`` mines at random, ``numbers`` random safe cells revealed, the total known.

    >>> b = sparse(30, 30, 180, 30, seed=1)
    >>> b.mines, len(b.numbers())
    (180, 30)
    """
    _sides(width, height)
    for value, name in ((mines, "mines"), (numbers, "numbers")):
        if type(value) is not int:
            raise ParameterTypeError(f"{name}: a whole number (an int), not {shown(value)}")
    cells = [(r, c) for r in range(height) for c in range(width)]
    _need(mines >= 0 and 0 <= numbers <= len(cells) - mines,
          f"mines, numbers: {shown(mines)} mines and {shown(numbers)} numbers do not fit {width}x{height}")
    rng = random.Random(seed_of(seed))
    layout = set(rng.sample(cells, mines))
    revealed = set(rng.sample([c for c in cells if c not in layout], numbers))
    return _numbers(width, height, layout, revealed, mines)


def speckled(width: int, height: int, density: float, shown: float, seed: int = 0) -> Board:
    """A random layout at ``density``, each safe cell revealed with probability ``shown`` (no flood fill):
    numbers everywhere, tying the frontier together across the board.

    >>> b = speckled(20, 20, 0.15, 0.5, seed=1)
    >>> b.mines, len(b.numbers()) > 100
    (60, True)
    """
    _sides(width, height)
    _share(density, "density")
    _share(shown, "shown")
    rng = random.Random(seed_of(seed))
    cells = [(r, c) for r in range(height) for c in range(width)]
    layout = set(rng.sample(cells, round(density * len(cells))))
    revealed = {c for c in cells if c not in layout and rng.random() < shown}
    return _numbers(width, height, layout, revealed, len(layout))


def lattice(width: int, height: int, density: float, seed: int = 0, every: int = 3) -> Board:
    """A random layout at ``density``, every ``every``-th cell (row-major) revealed where it is safe."""
    _sides(width, height)
    _share(density, "density")
    _need(type(every) is int and every >= 1, f"every: a whole number of 1 or more, not {shown(every)}")
    rng = random.Random(seed_of(seed))
    cells = [(r, c) for r in range(height) for c in range(width)]
    layout = set(rng.sample(cells, round(density * len(cells))))
    revealed = {c for i, c in enumerate(cells) if i % every == 0 and c not in layout}
    return _numbers(width, height, layout, revealed, len(layout))


def from_play(settings: Settings, games: int, seed: int = 0, every: int = 1) -> list[Board]:
    """Positions before each guess or certain move of greedy games, every ``every``-th one."""
    from countsweep.play.agents import GreedyAgent, play_game

    _need(isinstance(settings, Settings), f"settings: expected a countsweep.play.game.Settings, not {shown(settings)}")
    _need(type(every) is int and every >= 1, f"every: a whole number of 1 or more, not {shown(every)}")
    _need(type(games) is int and games >= 0, f"games: a whole number of 0 or more, not {shown(games)}")
    _need(type(seed) is int, f"seed: a whole number, not {shown(seed)}")
    boards: list[Board] = []
    seen = 0

    def keep(board: Board, move) -> None:
        nonlocal seen
        if move.action == "open":
            seen += 1
            if seen % every == 0 and (not boards or boards[-1] != board):
                boards.append(board)

    for g in range(games):
        game_seed = seed * 1_000_003 + g
        game = Game(settings.width, settings.height, settings.mines, settings.rule, seed=game_seed,
                    topology=settings.topology)
        first = first_cell(settings, random.Random(game_seed))
        play_game(game, GreedyAgent(), first=first, seed=game_seed, trace=keep)
    return boards
