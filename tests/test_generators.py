"""The seeded positions of tests, benchmarks and the ``cnf/`` corpus are what their docstrings say.

Each generator is held to what can be known of its layout from outside: a
position whose every safe cell is revealed has exactly one layout (its hidden
cells are its mines), so its numbers are the layout's; the bands' numbers at
the densities 0 and 1 follow from their shape alone; every other position has
a layout (:func:`countsweep.analyze` finds one) and the mines, numbers and
hidden cells asked for.
"""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import analyze
from countsweep.board import HIDDEN, Board
from countsweep.errors import ParameterError, ParameterTypeError
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


@pytest.mark.parametrize("make, error, message", [
    (lambda: band(0), ParameterError, "n: a band's length in columns, 1 to 1000000, not 0"),
    (lambda: corridor(1_000_001), ParameterError, "n: a band's length in columns, 1 to 1000000, not 1000001"),
    (lambda: gapped_band(2.5), ParameterTypeError, "n: a band's length in columns (an int), not 2.5"),
    (lambda: gapped_band(1_000_001), ParameterError, "n: a band's length in columns, 1 to 1000000, not 1000001"),
    (lambda: speckled(5, 5, 1.5, 0.5), ParameterError, "density: a share in [0, 1], not 1.5"),
    (lambda: lattice(5, 5, -0.5), ParameterError, "density: a share in [0, 1], not -0.5"),
    (lambda: corridor(5, density=1.5), ParameterError, "density: a share in [0, 1], not 1.5"),
    (lambda: gapped_band(5, density=-0.1), ParameterError, "density: a share in [0, 1], not -0.1"),
    (lambda: midgame(0, 5, 0.2, 0.5), ParameterError, "width: a board's width in cells, 1 to 10000, not 0"),
    (lambda: midgame(10_001, 5, 0.2, 0.5), ParameterError, "width: a board's width in cells, 1 to 10000, not 10001"),
    (lambda: lattice(5, 10_001, 0.2), ParameterError, "height: a board's height in cells, 1 to 10000, not 10001"),
    (lambda: speckled(5, 5.0, 0.2, 0.5), ParameterTypeError, "height: a board's height in cells (an int), not 5.0"),
    (lambda: midgame(5, 5, 1.2, 0.5), ParameterError, "density: a share in [0, 1], not 1.2"),
    (lambda: midgame(5, 5, 0.2, True), ParameterError, "opened: a share in [0, 1], not True"),
    (lambda: speckled(5, 5, 0.2, 1.5), ParameterError, "shown: a share in [0, 1], not 1.5"),
    (lambda: sparse(5, 5, 20, 6), ParameterError, "mines, numbers: 20 mines and 6 numbers do not fit 5x5"),
    (lambda: sparse(5, 5, -1, 0), ParameterError, "mines, numbers: -1 mines and 0 numbers do not fit 5x5"),
    (lambda: sparse(5, 5, 1, 2.0), ParameterTypeError, "numbers: a whole number (an int), not 2.0"),
    (lambda: sparse(5, 5, "1", 2), ParameterTypeError, "mines: a whole number (an int), not '1'"),
    (lambda: lattice(5, 5, 0.2, every=0), ParameterError, "every: a whole number of 1 or more, not 0"),
    (lambda: from_play("9x9x10", 1), ParameterError,
     "settings: expected a countsweep.play.game.Settings, not '9x9x10'"),
    (lambda: from_play(Settings(5, 5, 3), -1), ParameterError, "games: a whole number of 0 or more, not -1"),
    (lambda: from_play(Settings(5, 5, 3), 1, every=0), ParameterError, "every: a whole number of 1 or more, not 0"),
    (lambda: from_play(Settings(5, 5, 3), 1, seed=1.5), ParameterError, "seed: a whole number, not 1.5"),
])
def test_a_generator_names_the_argument_it_refuses_and_its_bounds(make, error, message):
    with pytest.raises(error) as refused:
        make()
    assert str(refused.value) == message


def test_the_largest_sizes_a_generator_takes_are_taken():
    assert midgame(10_000, 1, 0.0, 0.0).dimensions == "10000x1"
    assert lattice(1, 10_000, 0.0).dimensions == "1x10000"


@pytest.mark.parametrize("make", [
    lambda seed: corridor(30, 0.3, seed=seed),
    lambda seed: gapped_band(30, 0.3, seed=seed),
    lambda seed: midgame(12, 12, 0.2, 0.5, seed=seed),
    lambda seed: sparse(12, 12, 20, 30, seed=seed),
    lambda seed: speckled(12, 12, 0.2, 0.5, seed=seed),
    lambda seed: lattice(12, 12, 0.2, seed=seed),
    lambda seed: from_play(Settings(9, 9, 10, "safe", "random"), 2, seed=seed),
])
def test_a_seed_makes_one_position_and_another_seed_another(make):
    assert make(7) == make(7) and make(7) != make(8)


# The positions each generator makes, by seed, as a digest of their text: the benchmarks, the corpus and
# the docs name positions by their generator and seed, so a seed must make the same position in every
# version (as benchmarks.identity holds the games of play). A change that moves them changes these on
# purpose, and says so in the changes.
PLAYED = Settings(9, 9, 10, "opening", "random")
RECORDED = {
    "corridor": (lambda s: [corridor(40), corridor(40, seed=s, total=False)], "a0c8027f72958128"),
    "gapped_band": (lambda s: [gapped_band(40), gapped_band(40, seed=s)], "0c98f7f23e140e19"),
    "midgame": (lambda s: [midgame(12, 12, 0.2, 0.5), midgame(12, 12, 0.2, 0.5, seed=s)], "97fd994150fc0f5a"),
    "sparse": (lambda s: [sparse(12, 12, 20, 30), sparse(12, 12, 20, 30, seed=s)], "02a54b2b874091fc"),
    "speckled": (lambda s: [speckled(12, 12, 0.2, 0.5), speckled(12, 12, 0.2, 0.5, seed=s)], "1a16a51e3faca6d9"),
    "lattice": (lambda s: [lattice(12, 12, 0.2), lattice(12, 12, 0.2, seed=s, every=2)], "7a9ab1d666eb72bf"),
    "from_play": (lambda s: from_play(PLAYED, 2) + from_play(PLAYED, 2, seed=s, every=2 + s % 2),
                  "5553ed44a25fcc71"),
}


@pytest.mark.parametrize("name", RECORDED)
def test_each_seed_makes_the_position_it_made_when_recorded(name):
    make, digest = RECORDED[name]
    h = hashlib.sha256()
    for seed in range(1, 11):
        for board in make(seed):
            h.update(board.to_text().encode())
    assert h.hexdigest()[:16] == digest
