"""The seeded positions of tests, benchmarks and the ``cnf/`` corpus are what their docstrings say.

Each generator is held to what can be known of its layout from outside: a
position whose every safe cell is revealed has exactly one layout (its hidden
cells are its mines), so its numbers are the layout's; the bands' numbers at
the densities 0 and 1 follow from their shape alone; every other position has
a layout (:func:`countsweep.analyze` finds one) and the mines, numbers and
hidden cells asked for.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import analyze
from countsweep.board import HIDDEN, Board
from countsweep.play.game import Settings
from countsweep.play.generators import band, corridor, from_play, gapped_band, lattice, midgame, sparse, speckled

SEEDS = st.integers(0, 2**32)
SIDES = st.integers(1, 9)


def window(n: int, c: int) -> int:
    """The columns of a band of ``n`` columns that a number in column ``c`` sees, its own included."""
    return (c > 0) + 1 + (c < n - 1)


def middle_row(board: Board) -> list[int]:
    return list(board.grid[1])


def only_layout(board: Board) -> bool:
    """Whether ``board``'s hidden cells are its mines, the one layout of its numbers."""
    return len(board.hidden()) == board.mines and analyze(board).count == 1


@settings(max_examples=50)
@given(n=st.integers(1, 40), seed=SEEDS, total=st.booleans())
def test_a_band_shows_one_mine_a_column_in_every_number(n, seed, total):
    b = band(n, seed=seed, total=total)
    assert (b.width, b.height, b.mines) == (n, 3, n if total else None)
    assert middle_row(b) == [window(n, c) for c in range(n)]
    assert set(b.hidden()) == {(r, c) for r in (0, 2) for c in range(n)}
    assert analyze(b).count >= 1


@settings(max_examples=50)
@given(n=st.integers(1, 40), seed=SEEDS)
def test_a_corridor_at_density_0_or_1_shows_its_mines_in_every_number(n, seed):
    empty, full = corridor(n, 0.0, seed=seed), corridor(n, 1.0, seed=seed)
    assert empty.mines == 0 and middle_row(empty) == [0] * n
    assert full.mines == 2 * n and middle_row(full) == [2 * window(n, c) for c in range(n)]
    assert only_layout(full) and corridor(n, 1.0, seed=seed, total=False).mines is None


@settings(max_examples=50)
@given(n=st.integers(1, 40), density=st.floats(0.05, 0.95), seed=SEEDS, total=st.booleans())
def test_a_corridor_has_a_layout_of_its_total(n, density, seed, total):
    b = corridor(n, density, seed=seed, total=total)
    assert (b.width, b.height) == (n, 3) and set(b.hidden()) == {(r, c) for r in (0, 2) for c in range(n)}
    assert all(0 <= v <= 2 * window(n, c) for c, v in enumerate(middle_row(b)))
    assert analyze(b).count >= 1
    assert b.mines is None if not total else 0 <= b.mines <= 2 * n
    assert b == corridor(n, density, seed=seed, total=total)  # the same seed, the same corridor


@settings(max_examples=50)
@given(n=st.integers(1, 40), density=st.floats(0.0, 1.0), seed=SEEDS, total=st.booleans())
def test_a_gapped_band_shows_every_other_number_of_its_middle_row(n, density, seed, total):
    b = gapped_band(n, density, seed=seed, total=total)
    assert (b.width, b.height) == (n, 3)
    assert set(b.numbers()) == {(1, c) for c in range(0, n, 2)}
    assert len(b.hidden()) == 3 * n - len(range(0, n, 2))
    assert analyze(b).count >= 1
    if total:
        assert 0 <= b.mines <= len(b.hidden())
    else:
        assert b.mines is None
    full = gapped_band(n, 1.0, seed=seed)  # every hidden cell a mine: a number sees all but itself
    assert [full.grid[1][c] for c in range(0, n, 2)] == [3 * window(n, c) - 1 for c in range(0, n, 2)]
    assert only_layout(full)
    assert all(gapped_band(n, 0.0, seed=seed).grid[1][c] == 0 for c in range(0, n, 2))


@settings(max_examples=40)
@given(width=SIDES, height=SIDES, density=st.floats(0.0, 0.5), opened=st.floats(0.0, 1.0), seed=SEEDS)
def test_a_midgame_opens_its_share_of_the_safe_cells(width, height, density, opened, seed):
    b = midgame(width, height, density, opened, seed=seed)
    mines = round(density * width * height)
    safe = width * height - mines
    assert (b.width, b.height, b.mines) == (width, height, mines)
    shown = width * height - len(b.hidden())
    # cells are opened one click at a time (a zero floods its neighbours) until the share is reached
    assert shown >= opened * safe and (opened > 0 or shown == 0)
    assert analyze(b).count >= 1
    everything = midgame(width, height, density, 1.0, seed=seed)
    assert only_layout(everything)


@settings(max_examples=40)
@given(width=SIDES, height=SIDES, data=st.data(), seed=SEEDS)
def test_a_sparse_position_reveals_as_many_numbers_as_asked(width, height, data, seed):
    mines = data.draw(st.integers(0, width * height))
    numbers = data.draw(st.integers(0, width * height - mines))
    b = sparse(width, height, mines, numbers, seed=seed)
    assert (b.width, b.height, b.mines) == (width, height, mines)
    assert len(b.numbers()) == numbers and len(b.hidden()) == width * height - numbers
    assert analyze(b).count >= 1
    if numbers == width * height - mines:
        assert only_layout(b)


@settings(max_examples=40)
@given(width=SIDES, height=SIDES, density=st.floats(0.0, 0.6), shown=st.floats(0.0, 1.0), seed=SEEDS)
def test_a_speckled_position_reveals_safe_cells_at_its_share(width, height, density, shown, seed):
    b = speckled(width, height, density, shown, seed=seed)
    assert (b.width, b.height, b.mines) == (width, height, round(density * width * height))
    assert len(b.hidden()) >= b.mines and analyze(b).count >= 1
    assert not speckled(width, height, density, 0.0, seed=seed).numbers()
    assert only_layout(speckled(width, height, density, 1.0, seed=seed))


@settings(max_examples=40)
@given(width=SIDES, height=SIDES, density=st.floats(0.0, 0.6), every=st.integers(1, 5), seed=SEEDS)
def test_a_lattice_reveals_every_safe_cell_of_its_step(width, height, density, every, seed):
    b = lattice(width, height, density, seed=seed, every=every)
    assert (b.width, b.height, b.mines) == (width, height, round(density * width * height))
    revealed = {(r, c) for r in range(height) for c in range(width) if b[r, c] != HIDDEN}
    assert all((r * width + c) % every == 0 for r, c in revealed)
    assert len(revealed) + b.mines >= len(range(0, width * height, every))  # each step's cell: safe, or a mine
    assert analyze(b).count >= 1
    if every == 1:
        assert only_layout(b)


@pytest.mark.parametrize("topology", ["square", "hex", "torus"])
def test_positions_of_play_come_from_the_games_as_dealt(topology):
    s = Settings(9, 9, 10, "safe", "corner", topology=topology)
    boards = from_play(s, 3, seed=4)
    words = "" if topology == "square" else topology  # the board's header words
    assert boards and all(b.dimensions == "9x9" and b.mines == 10 and b.topology.words() == words for b in boards)
    assert all(analyze(b).count >= 1 for b in boards)
    assert all(a != b for a, b in itertools.pairwise(boards))
    assert from_play(s, 3, seed=4) == boards and from_play(s, 3, seed=5) != boards
    assert from_play(s, 0, seed=4) == []
    # every other position of the same games: some of them, each among them
    halves = from_play(s, 3, seed=4, every=2)
    assert halves and all(b in boards for b in halves) and len(halves) < len(boards)
    # the first game's positions come first, as dealt: a position of game 0 alone is one of them
    first = from_play(s, 1, seed=4)
    assert boards[:len(first)] == first
