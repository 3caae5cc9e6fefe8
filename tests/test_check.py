"""``countsweep.check.check``: each way in (count, SAT, rule sets) answers the same question alike.

The property tests of tests/test_sat.py hold the two methods to each other on random boards; these
pin what the SAT entry itself passes on: the clue model, the progress callback, a rule set's prior,
and an inconsistent position's whole answer.
"""

from __future__ import annotations

import pytest

from countsweep import Board
from countsweep.board import FLAG
from countsweep.check import check
from countsweep.clues import EXACT, UNDER, parse_clues
from countsweep.encode.sat import CheckResult
from countsweep.rules import RuleSet

# shows 1 with no hidden or flagged neighbour: inconsistent before any solver is asked
NO_ROOM = "3x1x2\n1-?\n"
NO_ROOM_WHY = {
    "exact": "cell [0, 0] (line 2, column 1): shows 1 but only 0 flagged and 0 hidden neighbours could hold mines",
    "under": "cell [0, 0] (line 2, column 1): shows 1, which the under clue model never shows for the 0 to 0 "
             "mines its neighbours can hold",  # the reason is the clue model's: it reached the equations
}


@pytest.mark.parametrize("method", ["sat", "count", "auto"])
@pytest.mark.parametrize("clues", [EXACT, UNDER, parse_clues("withheld:1/2")], ids=lambda c: c.name)
def test_a_position_no_layout_fits_is_answered_whole_by_every_method(method, clues):
    got = check(Board.from_text(NO_ROOM), clues=clues, method=method)
    want_method = "sat" if method == "sat" else "count"
    why = NO_ROOM_WHY.get(clues.name, NO_ROOM_WHY["exact"])
    assert got == CheckResult(False, (), (), 0, why, clues.name, method=want_method)


@pytest.mark.parametrize("text", ["3x2x1\n?1?\n???\n", "4x1x2\n?1??\n", "3x3x2\n???\n?2?\n???\n",
                                  "4x4x3\n1???\n????\n??2?\n????\n"])
def test_the_clue_model_reaches_the_solver(text):
    """The solver counts under the model given: its certain cells are the count's under that model,
    and differ from exact clues' on some of these boards."""
    board = Board.from_text(text)
    for clues in (EXACT, UNDER):
        sat = check(board, clues=clues, method="sat")
        count = check(board, clues=clues, method="count")
        assert (sat.consistent, sat.safe, sat.mines_certain, sat.clue_model) == (
            count.consistent, count.safe, count.mines_certain, clues.name)


def test_under_clues_leave_open_what_exact_clues_settle():
    """A shown 1 with one of two mines beside it: exact clues put the other in the far cell (certain);
    under ``under`` the 1 may hide both, and nothing is certain."""
    board = Board.from_text("4x1x2\n?1??\n")
    assert check(board, method="sat").mines_certain == ((0, 3),)
    assert check(board, clues=UNDER, method="sat").mines_certain == ()


def test_the_solver_reports_its_calls_to_the_progress_callback():
    calls: list[int] = []
    result = check(Board.from_text("4x4x3\n1???\n????\n??2?\n????\n"), method="sat", progress=calls.append)
    assert calls and calls[-1] <= result.sat_calls and calls == sorted(calls)


def test_a_rule_set_with_a_prior_lets_any_number_of_mines_fit():
    """With ``mine_prob`` instead of a total, the other cells do not pin the named ones' sum."""
    doc = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 5}
    with_total = RuleSet.from_payload({**doc, "total_mines": 4})
    with_prior = RuleSet.from_payload({**doc, "mine_prob": "0.5"})
    # four mines in five cells, one of them in {a, b}: the other three are all mines
    assert check(with_total, method="sat").consistent and check(with_total, method="count").consistent
    for method in ("sat", "count"):
        got = check(with_prior, method=method)
        assert got.consistent and got.safe == () and got.mines_certain == (), (method, got)
    tight = RuleSet.from_payload({**doc, "total_mines": 0})
    assert not check(tight, method="sat").consistent and not check(tight, method="count").consistent


class _Terminal:
    """Standard error as a terminal (or not), keeping what is written."""

    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("tty", [True, False])
def test_a_long_check_shows_its_sat_calls_on_a_terminal_only_every_half_second_after_two(monkeypatch, tty):
    import importlib
    import sys

    cli_check = importlib.import_module("countsweep.cli.check")  # the module, not the command it defines

    clock = [100.0]
    monkeypatch.setattr(cli_check.time, "monotonic", lambda: clock[0])
    err = _Terminal(tty)
    monkeypatch.setattr(sys, "stderr", err)
    progress = cli_check._Progress("-")
    for t, calls in ((1.9, 3), (2.0, 5), (2.4, 6), (2.5, 9), (2.9, 10)):
        clock[0] = 100.0 + t
        progress(calls)
    progress.close()
    if tty:
        assert err.text == "\r<stdin>: 5 SAT calls, 2 s\r<stdin>: 9 SAT calls, 2 s\n"
    else:
        assert err.text == ""
    quiet = cli_check._Progress("board.txt")
    quiet.close()  # nothing drawn: nothing to end
    assert err.text.count("\n") == (1 if tty else 0)


# -- counting first, under a budget ----------------------------------------------------------------

THESIS = "4x4x3\n1???\n????\n??2?\n????\n"


def _lattice():
    from countsweep.play.generators import lattice

    return lattice(31, 31, 0.2, seed=1)  # counting this takes minutes; deciding it, a second


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "python"])
def test_auto_counts_what_is_cheap_and_decides_the_rest_by_sat(monkeypatch, kernel):
    from countsweep import check as check_module

    if not kernel:
        monkeypatch.setattr(check_module, "KERNEL", None)
    monkeypatch.setattr(check_module, "COUNT_SECONDS", 0.2)
    cheap = check(Board.from_text(THESIS))
    assert cheap.method == "count" and cheap.sat_calls == 0 and cheap.safe == ()
    hard = check(_lattice())
    assert hard.method == "sat" and hard.consistent and hard.sat_calls > 0


def test_a_count_asked_for_is_not_cut_short_by_the_budget(monkeypatch):
    from countsweep import check as check_module

    monkeypatch.setattr(check_module, "KERNEL", None)
    monkeypatch.setattr(check_module, "COUNT_SECONDS", 0.0)  # a budget that nothing fits
    from countsweep.oracle import clear_count_cache

    assert check(Board.from_text(THESIS), method="count").method == "count"
    clear_count_cache()  # else the count just made answers again, with no work to time
    assert check(Board.from_text(THESIS)).method == "sat"  # auto: over budget, so SAT


def test_the_budget_never_outlasts_the_callers_deadline(monkeypatch):
    import time

    from countsweep import check as check_module
    from countsweep.counting import Limits

    started = Limits(timeout=100).started()
    budget = check_module._budget(started)
    assert budget.timeout == check_module.COUNT_SECONDS and budget.deadline <= started.deadline
    assert budget.deadline > time.monotonic()
    late = Limits(timeout=0.01).started()
    assert check_module._budget(late).deadline == late.deadline
    unbounded = check_module._budget(Limits().started())  # no deadline of the caller's: its own
    assert unbounded.deadline is not None and unbounded.deadline - time.monotonic() <= check_module.COUNT_SECONDS


def test_uniqueness_of_a_counted_position_names_two_layouts_with_the_solvers_calls():
    got = check(Board.from_text(THESIS), unique=True)
    assert got.method == "count" and got.unique is False and got.witness is not None and got.sat_calls > 0


def test_an_unknown_method_is_named_with_the_methods_there_are():
    from countsweep.errors import ParameterError

    with pytest.raises(ParameterError) as info:
        check(Board.from_text(THESIS), method="guess")
    assert str(info.value) == "method: 'guess' is not one of auto, count, sat"


# Counting within a budget (check's auto method) ---------------------------------------------------

BRANCHY = "5x4x4\n?????\n?212?\n?????\n?????"
"""A position whose count takes the kernel's search more than one node."""


def test_a_count_past_the_kernels_node_budget_gives_way_to_sat_unless_counting_was_asked(monkeypatch):
    import countsweep.check as checking
    from countsweep.kernel import KERNEL

    board = Board.from_text(BRANCHY)
    by_count = check(board, method="count")
    monkeypatch.setattr(checking, "COUNT_NODES", 1)
    auto = check(board)
    assert auto.method == ("sat" if KERNEL is not None else "count")
    assert (auto.safe, auto.mines_certain) == (by_count.safe, by_count.mines_certain)
    asked = check(board, method="count")  # no budget: the kernel's own
    assert asked.method == "count" and asked == by_count


def test_a_rule_sets_count_past_its_time_budget_gives_way_to_sat(monkeypatch):
    import countsweep.check as checking

    # the Python implementation counts (the kernel answers a set this small whatever the budget), and
    # checks its deadline before it starts
    monkeypatch.setattr("countsweep.kernel.KERNEL", None)
    rules = RuleSet.from_payload({"rules": [{"min_mines": 0, "max_mines": 1, "cells": ["a", "b"]},
                                            {"num_mines": 1, "cells": ["b"]}]})
    assert check(rules).method == "count"
    monkeypatch.setattr(checking, "COUNT_SECONDS", 0.0)
    auto = check(rules)
    assert auto.method == "sat" and auto.consistent and auto.mines_certain == ((0, 1),)
    assert check(rules, method="count").method == "count"  # asked for: no budget


def test_a_count_past_the_callers_own_deadline_is_a_limit_not_a_fallback(monkeypatch):
    import countsweep.check as checking
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    monkeypatch.setattr("countsweep.kernel.KERNEL", None)  # the Python implementation, which reads its deadline first
    rules = RuleSet.from_payload({"rules": [{"min_mines": 1, "max_mines": 2, "cells": ["a", "b"]}]})
    monkeypatch.setattr(checking, "COUNT_SECONDS", 0.0)
    with pytest.raises(LimitExceeded):
        check(rules, limits=Limits(timeout=1e-9))


def test_the_witness_search_after_a_count_keeps_the_callers_limits(monkeypatch):
    import countsweep.check as checking
    from countsweep.counting import Limits

    seen = []
    real = checking.solve

    def spy(model, encoding, **options):
        seen.append(options["limits"])
        return real(model, encoding, **options)

    monkeypatch.setattr(checking, "solve", spy)
    result = check(Board.from_text("3x1x1\n?1?"), unique=True, limits=Limits(timeout=60))
    assert result.method == "count" and result.unique is False and result.witness is not None
    assert [lim.timeout for lim in seen] == [60]


def test_unnamed_cells_sharing_a_mine_make_a_rule_set_not_unique():
    # a holds the one mine its rule asks; the other mine is in one of the two unnamed cells
    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 3, "total_mines": 2})
    result = check(rules, unique=True, method="count")
    assert result.method == "count" and result.unique is False and result.reason == ""
    settled = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 3, "total_mines": 1})
    assert check(settled, unique=True, method="count").unique is True  # the others hold none: one layout


# What `countsweep check` prints ------------------------------------------------------------------


def test_check_prints_what_it_settled_and_how_it_decided():
    from tests.cli_helpers import run

    counted = run("check", "-", "--unique", stdin="4x1x1\n?10?\n")
    assert counted.exit_code == 0
    assert counted.stdout == "consistent: yes\nsafe: [0, 3]\nmines: [0, 0]\ndecided by: counting\nunique: yes\n"
    solved = run("check", "-", "--unique", "--method", "sat", stdin="4x1x1\n?10?\n")
    lines = solved.stdout.splitlines()
    assert lines[:3] == ["consistent: yes", "safe: [0, 3]", "mines: [0, 0]"] and lines[4] == "unique: yes"
    assert lines[3].startswith("decided by: SAT, ") and lines[3].endswith(" calls") and int(lines[3].split()[-2]) > 0
    bad = run("check", "-", stdin="3x2\n1?1\n000\n")
    assert (bad.exit_code, bad.stdout) == (4, "consistent: no\ndecided by: counting\n")
    nothing = run("check", "-", stdin="3x1x1\n?1?\n")
    assert nothing.stdout.splitlines()[1:3] == ["safe: none", "mines: none"]


def test_check_unique_draws_two_solved_boards_that_differ():
    from tests.cli_helpers import run

    r = run("check", "-", "--unique", stdin="3x2x1\n?1?\n???\n")
    head, _, layouts = r.stdout.partition("\n\nlayout 1:\n")
    assert head.splitlines()[-1] == "unique: no"
    assert head.splitlines()[-2].startswith("decided by: counting; ") and "SAT calls found the witness" in head
    first, _, second = layouts.rstrip("\n").partition("\n\nlayout 2:\n")
    flags = []
    for text in (first, second):
        board = Board.from_text(text)
        assert text.splitlines()[0] == "3x2x1" and board[0, 1] == 1  # the position's total and its number kept
        mines = {cell for cell in board.cells() if board[cell] == FLAG}
        assert len(mines) == 1
        for cell in board.cells():  # every other cell shows its mines: a solved board
            if cell not in mines:
                assert board[cell] == sum(1 for n in board.neighbours(cell) if n in mines)
        flags.append(mines)
    assert flags[0] != flags[1]


def test_check_names_a_rule_sets_cells_in_its_text_and_json():
    from tests.cli_helpers import run

    doc = '{"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 0, "cells": ["c"]}], ' \
          '"total_cells": 4, "total_mines": 1}'
    text = run("check", "-", "--unique", stdin=doc)
    assert text.exit_code == 7 and text.stdout.splitlines()[:3] == ["consistent: yes", "safe: c", "mines: none"]
    assert {text.stdout.split("layout 1:\n")[1].splitlines()[0], text.stdout.split("layout 2:\n")[1].strip()} == \
        {"mines: a", "mines: b"}
    out = run("check", "-", "--unique", "--json", stdin=doc).json()
    assert out["safe"] == ["c"] and out["mines_certain"] == [] and sorted(out["witness"]) == [["a"], ["b"]]
    settled = run("check", "-", "--json", stdin='{"rules": [{"num_mines": 1, "cells": ["x"]}]}').json()
    assert settled["mines_certain"] == ["x"] and settled["safe"] == []


def test_check_names_the_unnamed_cells_of_a_witness_by_their_place():
    from tests.cli_helpers import run

    # a leading blank line and spaces: still a payload; the one mine is in one of the two unnamed cells
    doc = '\n  {"rules": [{"num_mines": 0, "cells": ["a"]}], "total_cells": 3, "total_mines": 1}'
    out = run("check", "-", "--unique", "--json", stdin=doc).json()
    assert out["safe"] == ["a"] and sorted(out["witness"]) == [["_other/0"], ["_other/1"]]
    text = run("check", "-", "--unique", stdin=doc).stdout
    assert "layout 1:\nmines: _other/" in text and "layout 2:\nmines: _other/" in text


@pytest.mark.parametrize("option", [("--clues", "under"), ("--density", "0.2")])
def test_check_refuses_a_clue_model_or_a_density_for_a_payload(option):
    from tests.cli_helpers import run

    r = run("check", "-", *option, stdin='{"rules": [{"num_mines": 1, "cells": ["a"]}]}')
    assert r.exit_code == 2
    assert "a rules payload is checked with exact rules (its mine_prob is its prior)" in r.stderr


def test_a_count_asked_for_of_a_position_the_kernel_declines_is_counted_by_python_not_decided_by_sat():
    from countsweep.play.generators import band

    long_band = band(200, seed=1)  # one part of hundreds of cells: past the kernel's counts
    assert check(long_band, method="count").method == "count"


def test_a_count_asked_for_that_passes_a_cache_bound_is_that_limit_not_a_fallback(monkeypatch):
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded
    from countsweep.play.generators import band

    # the Python implementation keeps a cache; the kernel a memo (and counts this band's long part itself)
    monkeypatch.setattr("countsweep.kernel.KERNEL", None)
    monkeypatch.setattr("countsweep.check.KERNEL", None)
    with pytest.raises(LimitExceeded, match="cache"):
        check(band(200, seed=1), method="count", limits=Limits(max_cache=1))
    ranged = RuleSet.from_payload({"rules": [{"min_mines": 1, "max_mines": 2, "cells": ["a", "b", "c"]},
                                             {"min_mines": 0, "max_mines": 1, "cells": ["c", "d"]}]})
    with pytest.raises(LimitExceeded, match="cache"):
        check(ranged, method="count", limits=Limits(max_cache=1))


def test_check_lists_every_settled_cell_and_prints_no_uniqueness_unasked():
    from tests.cli_helpers import run

    r = run("check", "-", stdin="5x1x0\n?0?0?\n")
    assert r.stdout == "consistent: yes\nsafe: [0, 0] [0, 2] [0, 4]\nmines: none\ndecided by: counting\n"
    named = run("check", "-", stdin='{"rules": [{"num_mines": 0, "cells": ["a", "b"]}, {"num_mines": 1, '
                                    '"cells": ["c"]}, {"num_mines": 1, "cells": ["d"]}]}')
    assert named.stdout.splitlines()[1:3] == ["safe: a b", "mines: c d"]


def test_a_witness_on_another_topology_is_drawn_with_its_header():
    from tests.cli_helpers import run

    r = run("check", "-", "--unique", stdin="4x1x1 torus\n?1??\n")
    layouts = r.stdout.split("\n\nlayout ")[1:]
    assert len(layouts) == 2 and all(part.splitlines()[1] == "4x1x1 torus" for part in layouts)


def test_a_payloads_clue_model_refusal_is_one_line_in_full():
    from tests.cli_helpers import run

    r = run("check", "-", "--clues", "under", stdin='{"rules": []}')
    assert r.stderr.startswith("countsweep: error: a rules payload is checked with exact rules (its mine_prob is its "
                               "prior) (see '") and r.stderr.count("\n") == 1
