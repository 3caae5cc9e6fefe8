"""Incremental-SAT consistency and forced cells against the exact oracle."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings

from countsweep import Board, InconsistentError, analyze
from countsweep.cli import main
from countsweep.encode.sat import check
from countsweep.play.game import Settings
from countsweep.play.generators import from_play
from tests.strategies import positions


def oracle_forced(board: Board):
    try:
        a = analyze(board)
    except InconsistentError:
        return None
    return a.safe, a.mines_certain


@settings(max_examples=1500)
@given(positions(max_hidden=25, perturb=True))
def test_check_agrees_with_oracle_zero_one_cells(board):
    r = check(board)
    expected = oracle_forced(board)
    if expected is None:
        assert not r.consistent
    else:
        assert r.consistent
        assert (r.safe, r.mines_certain) == expected


@pytest.mark.long
@pytest.mark.parametrize("level", [(9, 9, 10), (16, 16, 40), (30, 16, 99)])
def test_check_on_positions_from_play_and_few_sat_calls(level):
    boards = from_play(Settings(*level, "safe", "corner"), games=3, seed=5)
    calls = frontier = forced = 0
    for b in boards:
        r = check(b)
        a = analyze(b)
        assert r.consistent and (r.safe, r.mines_certain) == (a.safe, a.mines_certain)
        calls += r.sat_calls
        frontier += len(a.frontier)
        forced += len(a.safe) + len(a.mines_certain)
    # Every forced cell needs its own refuting call; the rest should come nearly free.
    assert forced + len(boards) <= calls < 0.6 * 2 * frontier


def test_check_cli_json_and_exit_codes():
    r = CliRunner().invoke(main, ["check", "-", "--json"], input="3x1\nF1?\n")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out == {"consistent": True, "safe": [[0, 2]], "mines_certain": [], "sat_calls": 2,
                   "clue_model": "exact"}
    r = CliRunner().invoke(main, ["check", "-", "--json"], input="3x2\n1?1\n000\n")
    assert r.exit_code == 4
    assert json.loads(r.stdout)["consistent"] is False
    r = CliRunner().invoke(main, ["check", "-"], input="3x2\n1?1\n000\n")
    assert r.exit_code == 4 and "no mine layout fits" in r.stderr


def test_an_inconsistent_position_checks_as_inconsistent_with_its_reason_and_no_cells():
    from countsweep.clues import parse_clues

    # refused while reading the numbers: no SAT call
    read = check(Board.from_text("3x2\n?3?\n000"))
    assert (read.consistent, read.safe, read.mines_certain, read.sat_calls, read.clue_model) == (
        False, (), (), 0, "exact")
    assert read.reason and "shows 3 but only 0 flagged and 2 hidden" in read.reason
    assert read.to_dict() == {"consistent": False, "safe": [], "mines_certain": [], "sat_calls": 0,
                              "clue_model": "exact", "reason": read.reason}
    # numbers each possible, together impossible: found by the solver in one call
    solved = check(Board.from_text("3x2\n1?1\n000"), clues=parse_clues("withheld:0.5"))
    assert (solved.consistent, solved.safe, solved.mines_certain, solved.sat_calls, solved.reason,
            solved.clue_model) == (False, (), (), 1, "no mine layout fits the position", "withheld:0.5")
    fine = check(Board.from_text("3x1x1\n?1?"))
    assert fine.consistent and not fine.reason and "reason" not in fine.to_dict()


def test_check_reads_the_numbers_through_the_clue_model_and_says_which():
    from countsweep.clues import OVER

    # a shown 2 with two hidden neighbours: both mines under exact clues; under `over` the
    # truth may be 0, 1 or 2, so nothing is certain
    board = Board.from_text("3x1\n?2?")
    exact, noisy = check(board), check(board, clues=OVER)
    assert exact.clue_model == "exact" and noisy.clue_model == "over" and exact.reason == noisy.reason == ""
    assert exact.mines_certain == ((0, 0), (0, 2)) and exact.safe == ()
    assert noisy.consistent and noisy.mines_certain == noisy.safe == ()
    assert exact.to_dict()["mines_certain"] == [[0, 0], [0, 2]] and noisy.to_dict()["clue_model"] == "over"
    # with no mine at all the exact 2 is impossible; under `over` its truth is 0
    empty = Board.from_text("3x1x0\n?2?")
    bad, fine = check(empty), check(empty, clues=OVER)
    assert not bad.consistent and bad.reason and bad.clue_model == "exact"
    assert fine.consistent and fine.safe == ((0, 0), (0, 2)) and fine.clue_model == "over"
    # a shown 0 holds under `over` too: two mines cannot fit in the one cell it leaves
    worse = check(Board.from_text("4x1x2\n?0??"), clues=OVER)
    assert not worse.consistent and worse.reason and worse.clue_model == "over"
    # and a number no truth can explain is refused as it is read, the model named all the same
    from countsweep.clues import UNDER

    unreadable = check(Board.from_text("3x1\n?2-"), clues=UNDER)
    assert not unreadable.consistent and unreadable.reason and unreadable.clue_model == "under"


def test_check_encodes_the_cards_as_asked_and_every_encoding_agrees():
    from countsweep.encode.cnf import ENCODINGS
    from countsweep.errors import ParameterError

    board = Board.from_text("5x3x4\n1?1??\n?2???\n?????")
    answers = {(r.consistent, r.safe, r.mines_certain) for r in (check(board, e) for e in ENCODINGS)}
    a = analyze(board)
    assert answers == {(True, a.safe, a.mines_certain)}
    with pytest.raises(ParameterError, match="unknown encoding 'nonsense'"):
        check(board, "nonsense")


def test_cells_no_number_sees_cost_no_sat_call():
    # no mine total: the cells past (0, 1) are in no clause, so the first model shows them
    # both ways at once; one call finds a layout, one refutes a safe (0, 1)
    for width in (4, 7):
        r = check(Board.from_text(f"{width}x1\n1" + "?" * (width - 1)))
        assert (r.safe, r.mines_certain, r.sat_calls) == ((), ((0, 1),), 2)
