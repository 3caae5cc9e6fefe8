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
