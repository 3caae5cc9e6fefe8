"""Closed 50/50s: the geometry of the patterns, their exact counts, and the pseudo rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import Board, analyze
from countsweep.errors import InconsistentError
from countsweep.play.agents import BestAgent, pseudo
from countsweep.play.fifty import Pattern, completions, flagged, patterns, pseudos
from countsweep.play.optimal import solve_position
from tests.reference import board_from_layout, layouts, needing_a_guess, seeded_position
from tests.strategies import TOPOLOGIES, positions


def _numbers(width: int, height: int, mines: set) -> dict:
    """Every safe cell's number in the layout ``mines``."""
    every = {(r, c) for r in range(height) for c in range(width)}
    board = board_from_layout(width, height, mines, every, set(), total=True)
    return {cell: board[cell] for cell in every - mines}


@settings(max_examples=300)
@given(st.integers(3, 6), st.integers(3, 6), st.data())
def test_swapping_a_closed_pattern_changes_no_number_a_player_could_still_see(width, height, data):
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = set(data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells) - 2)))
    board = Board.from_text(f"{width}x{height}\n" + "\n".join("?" * width for _ in range(height)))
    for t in mines:
        for pat in patterns(board, t):
            if not (set(pat.mines) <= mines and not set(pat.safe) & mines):
                continue
            # the other layout: the pair's (or box's) mines move to its safe cells
            moved = set(pat.mines[:len(pat.safe)])
            swapped = (mines - moved) | set(pat.safe)
            before, after = _numbers(width, height, mines), _numbers(width, height, swapped)
            touched = moved | set(pat.safe)
            assert {c: v for c, v in before.items() if c not in touched} == \
                   {c: v for c, v in after.items() if c not in touched}


@settings(max_examples=300, deadline=None)
@given(positions(max_hidden=12, total=True, kinds=TOPOLOGIES))
def test_completions_count_the_layouts_where_the_pattern_holds(board):
    # on every topology: the shapes are the grid's, but the layouts are counted by the board's own numbers
    try:
        every = layouts(board)
    except InconsistentError:
        every = []
    for t in board.hidden():
        for pat in patterns(board, t):
            expected = sum(1 for lay in every
                           if set(pat.mines) <= set(lay) and not set(pat.safe) & set(lay))
            assert completions(board, pat) == expected


@pytest.mark.long
def test_the_pseudo_fifty_fifty_the_agent_opens_is_an_optimal_move():
    checked = 0
    sizes = [(4, 4), (5, 4), (5, 5), (6, 4)]
    boards = (seeded_position(seed, sizes, (3, 8), hide=0.45, flag=0.3) for seed in range(8000))
    for board, a in needing_a_guess(boards, max_hidden=13):
        found = list(pseudos(a))
        for t in found:
            assert 0 < a.probabilities[t] < 1  # a guess: neither a certain mine nor certainly safe
            # a mine there always completes a closed pattern: that is what the rule claims
            assert any(completions(board, pat) == a.count * a.probabilities[t] for pat in patterns(board, t))
        move = pseudo(BestAgent(), a, random.Random(0))
        if move is None:
            continue
        cell = move.cell
        assert cell in found
        sol = solve_position(board)
        # not every pseudo cell is optimal (the halves of a pair teach different things),
        # but the one with the best outlook has been on every position tried
        assert {mv.cell: mv.optimal for mv in sol.moves}[cell] == sol.value, board.to_text()
        checked += 1
    assert checked >= 8  # the generator does reach such positions


def test_sea_cells_and_positions_without_a_total_have_no_pseudo_fifty_fifty():
    assert list(pseudos(analyze(Board.from_text("4x4x3\n1???\n????\n????\n????")))) == []
    assert list(pseudos(analyze(Board.from_text("4x4\n1???\n????\n????\n????")))) == []


def test_every_frontier_cell_a_closed_pattern_completes_whenever_it_is_a_mine_is_a_pseudo():
    # pseudos filters the patterns by their marginals before counting: the filter may only save
    # counts, never lose a cell (the test above checks each cell found; this, that none is missed)
    found = 0
    for seed in range(3000):
        board = seeded_position(seed, [(5, 5), (6, 5), (6, 6)], (4, 12), hide=0.5, flag=0.5)
        try:
            a = analyze(board)
        except InconsistentError:
            continue
        expected = [t for t in a.frontier if 0 < a.probabilities[t] < 1
                    and any(completions(board, pat) == a.count * a.probabilities[t] for pat in patterns(board, t))]
        assert sorted(pseudos(a)) == expected, board.to_text()
        found += bool(expected)
    assert found >= 20


def test_a_board_without_a_total_is_flagged_and_counted_too():
    a = flagged(Board.from_text("3x1\n?1?"), ((0, 0),))
    assert a is not None and a.count == 1 and a.probabilities == {(0, 2): 0}


def test_a_patterns_completions_are_counted_on_the_boards_own_topology():
    # the numbers count across the torus's edges: read as a square grid, no layout would complete it
    board = Board.from_text("4x4x5 torus\n??FF\n3??F\n2?3?\n?13?")
    pat = Pattern(mines=((2, 3), (1, 2)), safe=((3, 3),))
    expected = sum(1 for lay in layouts(board) if {(2, 3), (1, 2)} <= set(lay) and (3, 3) not in lay)
    assert completions(board, pat) == expected == 1


def test_a_pattern_counted_past_the_moves_time_limit_stops_the_move_and_is_not_read_as_impossible():
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    board = Board.from_text("3x1\n?1?")
    assert flagged(board, ((0, 0),)) is not None
    with Limits(timeout=0).throughout(), pytest.raises(LimitExceeded):
        flagged(board, ((0, 0),))
