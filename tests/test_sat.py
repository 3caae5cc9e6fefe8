"""Deciding: consistency, forced cells and uniqueness by SAT and by counting, against the exact oracle.

The solver's forced cells are the oracle's certain cells on random positions
of every topology and clue model, by both methods and several encodings;
``--unique`` is ``count == 1`` and its witness two real layouts that differ; the
sea is settled by the frontier's bounds alone; limits stop a long check.
"""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert out == {"consistent": True, "safe": [[0, 2]], "mines_certain": [], "sat_calls": 0,
                   "clue_model": "exact", "method": "count"}
    r = CliRunner().invoke(main, ["check", "-", "--json", "--method", "sat"], input="3x1\nF1?\n")
    assert json.loads(r.stdout) == {"consistent": True, "safe": [[0, 2]], "mines_certain": [], "sat_calls": 2,
                                    "clue_model": "exact", "method": "sat"}
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
                              "clue_model": "exact", "method": "sat", "reason": read.reason}
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
    answers = {(r.consistent, r.safe, r.mines_certain) for r in (check(board, e) for e in ("native", *ENCODINGS))}
    a = analyze(board)
    assert answers == {(True, a.safe, a.mines_certain)}
    with pytest.raises(ParameterError, match="unknown encoding 'nonsense'"):
        check(board, "nonsense")


def test_cells_no_number_sees_cost_no_sat_call():
    # no mine total: the cells past (0, 1) are no variable at all; one call finds a layout, one
    # refutes a safe (0, 1)
    for width in (4, 7):
        r = check(Board.from_text(f"{width}x1\n1" + "?" * (width - 1)))
        assert (r.safe, r.mines_certain, r.sat_calls) == ((), ((0, 1),), 2)


# every topology, every clue model, both methods, uniqueness -----------------------------------------

from countsweep.check import check as decide  # noqa: E402
from countsweep.clues import OVER, UNDER, ClueModel, parse_clues  # noqa: E402
from tests.reference import layouts, reference_around  # noqa: E402
from tests.strategies import TOPOLOGIES  # noqa: E402


def _gaps() -> ClueModel:
    """A number shows the truth, or two less half the time from 2 up: a shown v means v or v + 2, never v + 1,
    so its equation's sums have a gap (Minicard cannot take them as one range)."""
    table = [[Fraction(0)] * 9 for _ in range(9)]
    for n in range(9):
        table[n][n] = Fraction(1, 2) if n >= 2 else Fraction(1)
        if n >= 2:
            table[n - 2][n] = Fraction(1, 2)
    return ClueModel("gaps", "table", tuple(tuple(r) for r in table))


GAPS = _gaps()
MODELS = {"exact": parse_clues("exact"), "under": UNDER, "over": OVER, "withheld": parse_clues("withheld:1/2"),
          "gaps": GAPS}


@settings(max_examples=1500, deadline=None)
@given(positions(max_hidden=14, perturb=True, kinds=TOPOLOGIES), st.sampled_from(sorted(MODELS)),
       st.sampled_from(["native", "native", "seqcounter", "kmtotalizer"]))
def test_forced_cells_are_the_oracles_certain_cells_on_every_topology_and_clue_model(board, name, encoding):
    model = MODELS[name]
    try:
        a = analyze(board, clues=model)
    except InconsistentError:
        a = None
    for method in ("sat", "auto"):
        r = decide(board, encoding, model, method=method)
        if a is None:
            assert not r.consistent
        else:
            assert r.consistent and (r.safe, r.mines_certain) == (a.safe, a.mines_certain), (method, board.to_text())


def fits_layout(board: Board, mines: set) -> bool:
    hidden = set(board.hidden()) | set(board.flags())
    return (mines <= hidden and set(board.flags()) <= mines
            and (board.mines is None or len(mines) == board.mines)
            and all(len(reference_around(board.topology, c, board.height, board.width) & mines) == board[c]
                    for c in board.numbers()))


@settings(max_examples=1000, deadline=None)
@given(positions(max_hidden=12, perturb=True, kinds=TOPOLOGIES))
def test_unique_means_one_layout_and_the_witness_is_two_real_layouts_that_differ(board):
    found = layouts(board)
    flags = set(board.flags())
    for method in ("sat", "auto"):
        r = decide(board, unique=True, method=method)
        if not found:
            assert not r.consistent
            continue
        if board.mines is None:
            near = {n for c in board.numbers() for n in reference_around(board.topology, c, board.height,
                                                                        board.width)}
            distinct = {frozenset(lay & near) for lay in found} | ({1} if any(c not in near for c in
                                                                               board.hidden()) else set())
            one = len(distinct) == 1
        else:
            one = len(found) == 1
        assert r.unique is one, (method, board.to_text())
        if one:
            assert r.witness is None
            continue
        first, second = (set(x) for x in r.witness)  # type: ignore[union-attr]
        assert first != second
        for layout in (first, second):
            if board.mines is not None:
                assert fits_layout(board, layout), (method, board.to_text(), layout)
            else:
                assert flags <= layout and fits_layout(board.with_mines(len(layout)), layout)


@pytest.mark.parametrize("text, safe, mines", [
    ("5x1x1\n?0???", ((0, 0), (0, 2)), ()),          # the sea (three cells) holds the one mine: nothing forced
    ("5x1x3\n?0???", ((0, 0), (0, 2)), ((0, 3), (0, 4))),  # three mines, but two cells past the 0: impossible
    ("5x1x2\n?0???", ((0, 0), (0, 2)), ((0, 3), (0, 4))),  # the sea holds both mines
    ("5x1x0\n?????", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), ()),  # no mine: all safe, no number at all
    ("6x1x2\n?1????", (), ()),
    ("6x1x1\n11????", ((0, 3), (0, 4), (0, 5)), ((0, 2),)),  # the frontier takes the total: the sea is safe
])
def test_the_sea_is_settled_by_what_the_total_leaves_the_frontier(text, safe, mines):
    board = Board.from_text(text)
    try:
        a = analyze(board)
    except InconsistentError:
        assert not check(board).consistent
        return
    assert (a.safe, a.mines_certain) == (safe, mines)
    for encoding in ("native", "seqcounter"):
        r = check(board, encoding)
        assert (r.safe, r.mines_certain) == (safe, mines), encoding


def lattice_board(n: int, seed: int = 1) -> Board:
    from countsweep.play.generators import lattice

    return lattice(n, n, 0.2, seed=seed)


def test_a_lattice_counting_cannot_finish_is_decided_by_sat():
    board = lattice_board(40)  # too many overlapping numbers to count within the budget
    r = decide(board)
    assert r.consistent and r.method == "sat" and r.sat_calls > 0
    assert r.safe or r.mines_certain  # a lattice forces many cells
    cli = CliRunner().invoke(main, ["check", "-", "--json", "--stats"], input=board.to_text())
    assert cli.exit_code == 0 and json.loads(cli.stdout)["method"] == "sat" and "method sat" in cli.stderr


def test_a_time_limit_stops_a_check_inside_a_sat_call_with_exit_5():
    board = lattice_board(60)
    r = CliRunner().invoke(main, ["check", "-", "--method", "sat", "--timeout", "0.05"], input=board.to_text())
    assert r.exit_code == 5 and "time limit of 0.05 s" in r.stderr


def test_an_encoding_past_the_memory_limit_is_refused_before_it_is_built():
    board = lattice_board(40)
    r = CliRunner().invoke(main, ["check", "-", "--method", "sat", "--encoding", "seqcounter", "--max-memory", "1"],
                           input=board.to_text())
    assert r.exit_code == 5 and "--max-memory" in r.stderr


def test_check_unique_exit_codes_and_witness_boards():
    unique = CliRunner().invoke(main, ["check", "-", "--unique"], input="3x1x1\n1?-\n")
    assert unique.exit_code == 0 and "unique: yes" in unique.stdout
    several = CliRunner().invoke(main, ["check", "-", "--unique"], input="4x2x3\n????\n?2?2\n")
    assert several.exit_code == 7 and "unique: no" in several.stdout and several.stdout.count("layout ") == 2
    boards = [Board.from_text(part.split(":\n", 1)[1]) for part in several.stdout.split("\nlayout ")[1:]]
    assert len(boards) == 2 and boards[0] != boards[1] and all(not b.hidden() for b in boards)
    none = CliRunner().invoke(main, ["check", "-", "--unique"], input="3x2\n1?1\n000\n")
    assert none.exit_code == 4


def test_a_rules_payload_is_checked_and_named(tmp_path):
    payload = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["b", "c"]},
                         {"num_mines": 0, "cells": ["c"]}], "total_cells": 4, "total_mines": 2}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(payload))
    for method in ("sat", "auto"):
        r = CliRunner().invoke(main, ["check", str(path), "--json", "--unique", "--method", method])
        out = json.loads(r.stdout)
        assert out["safe"] == ["a", "c"] and out["mines_certain"] == ["b"] and out["unique"] is True
        assert r.exit_code == 0



@contextlib.contextmanager
def starved():
    """Budgets so small that every way of settling a candidate is taken: windows, restarts, renewed solvers.

    Only windows are tried before the restarts, and a window never proves a
    cell forced: every forced cell is proved on a renewed solver.
    """
    from countsweep.encode import sat

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sat, "SCHEDULE", ((1, 0), (2, 0)))
        patch.setattr(sat, "FIRST_BUDGET", 0)
        patch.setattr(sat, "RESTART_BUDGET", 1)
        yield


@settings(max_examples=300, deadline=None)
@given(positions(max_hidden=14, perturb=True, kinds=TOPOLOGIES))
def test_forced_cells_are_the_same_when_every_call_runs_out_of_budget(board):
    try:
        a = analyze(board)
    except InconsistentError:
        a = None
    with starved():
        r = decide(board, method="sat")
    if a is None:
        assert not r.consistent
    else:
        assert r.consistent and (r.safe, r.mines_certain) == (a.safe, a.mines_certain), board.to_text()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_lattice_decided_by_windows_and_restarts_has_the_counted_forced_cells(seed):
    from countsweep.encode import sat
    from countsweep.play.generators import lattice

    board = lattice(30, 30, 0.2, seed=seed)  # counted in a millisecond
    counted = decide(board, method="count")
    renewed = []
    with starved(), pytest.MonkeyPatch.context() as patch:
        renew = sat._Problem.renew
        patch.setattr(sat._Problem, "renew", lambda self: renewed.append(1) or renew(self))
        solved = decide(board, method="sat")
    assert len(renewed) >= len(counted.safe) + len(counted.mines_certain)  # each forced cell proved on a new solver
    assert (solved.safe, solved.mines_certain) == (counted.safe, counted.mines_certain)


@settings(max_examples=150, deadline=None)
@given(positions(max_hidden=12, perturb=True, kinds=TOPOLOGIES))
def test_uniqueness_and_its_witness_hold_when_every_call_runs_out_of_budget(board):
    """Starved, the first model of each uniqueness call comes from restarts on renewed solvers."""
    if board.mines is None:  # without a total the count is of frontier assignments, not of layouts
        return
    try:
        count = analyze(board).count
    except InconsistentError:
        count = 0
    with starved():
        r = decide(board, unique=True, method="sat")
    assert r.consistent == (count > 0)
    if count:
        assert r.unique == (count == 1)
        assert (r.witness is None) == (count == 1)
        if r.witness is not None:
            first, second = r.witness
            assert first != second
            for mines in (first, second):  # each a layout of the board: its mines, flags included
                assert set(board.flag_cells) <= set(mines) and len(mines) == board.mines


def test_the_witness_is_printed_as_two_lists_of_cells():
    r = decide(Board.from_text("4x4x3\n1???\n????\n??2?\n????\n"), unique=True, method="sat")
    assert r.unique is False and r.to_dict()["witness"] == [[list(c) for c in layout] for layout in r.witness]
    assert "witness" not in decide(Board.from_text("3x1x1\n?10\n"), unique=True).to_dict()


def test_the_sat_entry_answers_uniqueness_only_when_asked_and_under_its_limits():
    from countsweep import LimitExceeded, Limits
    from countsweep.constraints import Constraints
    from countsweep.encode.sat import solve
    from countsweep.play.generators import lattice

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????\n")
    assert check(board).unique is None and check(board, unique=True).unique is False
    model = Constraints.of(board)  # solve, under check, answers uniqueness only when asked too
    assert solve(model).unique is None and solve(model, unique=True).unique is False
    with pytest.raises(LimitExceeded):
        check(lattice(61, 61, 0.2, seed=1), limits=Limits(timeout=0.01))


@contextlib.contextmanager
def out_of_budget(below: int):
    """Every call with a budget under ``below`` conflicts runs out at once, unasked: each fallback in turn.

    :func:`starved` shrinks the budgets, but a small position needs no conflict
    at all and its first call succeeds anyway; here the first model of a
    position with a total comes from the problem without the total (installed
    by assumptions, or restarts when it lies outside the bound), every window
    of the schedule gives up, and candidates and the sea are settled by
    restarts whose budgets grow past ``below``.
    """
    from countsweep.encode import sat

    real = sat._Calls.limited

    def limited(self, assumptions=(), budget=-1):
        if 0 <= budget < below:
            self.count += 1
            return None
        return real(self, assumptions, budget)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sat._Calls, "limited", limited)
        yield


@settings(max_examples=200, deadline=None)
@given(positions(max_hidden=12, perturb=True, kinds=TOPOLOGIES), st.sampled_from([1, 5000, 30000]),
       st.sampled_from(["native", "seqcounter"]))
def test_forced_cells_and_uniqueness_hold_when_every_budgeted_call_gives_up(board, below, encoding):
    try:
        a = analyze(board)
    except InconsistentError:
        a = None
    with out_of_budget(below):
        r = decide(board, encoding, unique=board.mines is not None, method="sat")
    assert r.consistent == (a is not None), board.to_text()
    if a is not None:
        assert (r.safe, r.mines_certain) == (a.safe, a.mines_certain), board.to_text()
        if board.mines is not None:
            assert r.unique == (a.count == 1) and (r.witness is None) == (a.count == 1)


def test_progress_counts_every_sat_call_once_across_the_components():
    board = Board.from_text("7x3\n1?1?1?1\n???????\n1?1?1?1\n")  # no total: each component its own solver
    calls: list[int] = []
    r = decide(board, method="sat", progress=calls.append)
    assert len(check(board).safe) == len(r.safe) and r.sat_calls > 2
    assert calls == list(range(1, r.sat_calls + 1))


def pigeons(holes: int, total: bool) -> str:
    """``holes + 1`` pigeons in ``holes`` holes as a rule set: no layout fits, and CDCL needs exponential time
    to see it (Haken, "The intractability of resolution", TCS 39, 1985)."""
    rules = [{"min_mines": 1, "max_mines": holes, "cells": [f"p{p}h{h}" for h in range(holes)]}
             for p in range(holes + 1)]
    rules += [{"min_mines": 0, "max_mines": 1, "cells": [f"p{p}h{h}" for p in range(holes + 1)]}
              for h in range(holes)]
    payload: dict = {"rules": rules}
    if total:
        payload |= {"total_cells": holes * (holes + 1), "total_mines": holes}
    return json.dumps(payload)


def test_a_deadline_interrupts_a_sat_call_that_has_no_budget():
    """With a total, the first model is asked of the problem without it in one call on no budget: only the
    deadline's interrupt ends it."""
    import time

    from countsweep import LimitExceeded, Limits
    from countsweep.rules import RuleSet

    position = RuleSet.from_json(pigeons(10, total=True), "payload")
    start = time.monotonic()
    with pytest.raises(LimitExceeded, match=r"time limit of 0\.3 s reached in a SAT call"):
        decide(position, method="sat", limits=Limits(timeout=0.3))
    assert time.monotonic() - start < 0.75
    small = decide(RuleSet.from_json(pigeons(4, total=False), "payload"), method="sat")
    assert not small.consistent and small.reason


def test_a_rule_sets_unnamed_cells_are_not_settled_by_the_named_ones_and_the_witness_moves_a_mine_among_them():
    """One named cell, certainly a mine; three unnamed cells hold the other mine: three layouts.  The unnamed
    cells are ``(0, 1)``, ``(0, 2)``, ``(0, 3)`` after the named ``(0, 0)``, as the export numbers them."""
    from countsweep.rules import RuleSet

    position = RuleSet.from_json('{"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 4, '
                                 '"total_mines": 2}', "payload")
    r = decide(position, unique=True, method="sat")
    assert r.consistent and r.mines_certain == ((0, 0),) and r.safe == ()
    assert r.unique is False and r.witness == (((0, 0), (0, 1)), ((0, 0), (0, 2)))


PLAYED = from_play(Settings(9, 9, 10, "safe", "corner"), 6, seed=45)  # a total coupling the frontier, a sea


@pytest.mark.parametrize("below", [1, 5000, 30000])
@pytest.mark.parametrize("encoding", ["native", "seqcounter"])
def test_positions_of_play_keep_their_forced_cells_and_sea_when_every_budgeted_call_gives_up(below, encoding):
    for board in PLAYED:
        a = analyze(board)
        with out_of_budget(below):
            r = decide(board, encoding, unique=True, method="sat")
        assert (r.safe, r.mines_certain) == (a.safe, a.mines_certain), board.to_text()
        assert r.unique == (a.count == 1)


def test_the_clause_encoding_of_the_total_is_refused_one_byte_under_its_estimate_and_built_at_it():
    """The estimate: two cardinality bounds over the ``n`` frontier cells, each about ``n * k`` clauses of
    120 bytes, ``k`` the tighter of the two bounds (here ``n - lo`` = 77 against ``hi`` = 29)."""
    from countsweep import LimitExceeded, Limits
    from countsweep.constraints import Constraints
    from countsweep.play.generators import lattice

    board = lattice(12, 12, 0.2, seed=3)
    model = Constraints.of(board)
    n, lo, hi = len(model.frontier), model.mines_left - model.sea_size, model.mines_left
    assert (n, lo, hi) == (94, 17, 29)
    need = n * min(hi, n - lo) * 2 * 120
    with pytest.raises(LimitExceeded) as info:
        check(board, "seqcounter", limits=Limits(max_memory=need - 1))
    assert str(info.value) == ("the seqcounter encoding of the mine total over 94 frontier cells needs about 1 MB; "
                               "the limit is 1 MB (--max-memory)")
    assert check(board, "seqcounter", limits=Limits(max_memory=need)).consistent


def test_the_sat_entry_names_what_it_refuses_and_where_the_time_ran_out():
    from countsweep import LimitExceeded, Limits, ParameterError, ParameterTypeError
    from countsweep.constraints import Constraints
    from countsweep.encode.sat import solve

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????\n")
    with pytest.raises(LimitExceeded, match=r"^time limit of 1e-09 s reached while deciding the forced cells$"):
        solve(Constraints.of(board), limits=Limits(timeout=1e-9))
    with pytest.raises(ParameterError) as info:
        solve(Constraints.of(board), "nope")
    assert str(info.value) == ("unknown encoding 'nope'; choose from native, seqcounter, totalizer, kmtotalizer, "
                               "mtotalizer, sortnetwrk, cardnetwrk, pairwise, ladder, bitwise")
    with pytest.raises(ParameterTypeError, match=r"^model: expected a Constraints \(Constraints.of\(board\)\), "
                                                 r"not Board\(grid="):
        solve(board)


@pytest.mark.parametrize("below", [1, 5000])
def test_pigeons_with_a_total_stay_inconsistent_when_every_budgeted_call_gives_up(below):
    """The first model is asked of the problem without the total; it has none either, and so neither has the
    problem."""
    from countsweep.rules import RuleSet

    with out_of_budget(below):
        r = decide(RuleSet.from_json(pigeons(3, total=True), "payload"), unique=True, method="sat")
    assert not r.consistent and r.reason == "no mine layout fits the position" and r.safe == r.mines_certain == ()


@pytest.mark.parametrize("below", [0, 5000])
@pytest.mark.parametrize("encoding", ["native", "seqcounter"])
@pytest.mark.parametrize(("text", "mines"), [
    # one forced mine, two left: every model met holds one mine on the frontier
    ("3x1x2\n1??\n", ((0, 1), (0, 2))),
    # a safe frontier of three, as many mines left as sea cells: every model met holds none
    ("3x2x2\n0??\n???\n", ((0, 2), (1, 2))),
])
def test_a_sea_the_frontiers_models_cannot_settle_is_asked_of_the_solver(below, encoding, text, mines):
    """Whether the sea may be empty is then a call of its own (the frontier holding one mine more than any model
    met), which has no model: the sea is all mines; the restarts ask it when the budgeted call gives up."""
    with out_of_budget(below):
        r = decide(Board.from_text(text), encoding, method="sat")
    assert r.mines_certain == mines and len(r.safe) == len(Board.from_text(text).hidden_cells) - len(mines)


def test_a_deadline_inside_a_budgeted_call_is_met_there():
    """Without a total the restarts' budgets double; the deadline falls inside one of their calls."""
    from countsweep import LimitExceeded, Limits
    from countsweep.rules import RuleSet

    with pytest.raises(LimitExceeded, match=r"^time limit of 0\.3 s reached in a SAT call$"):
        decide(RuleSet.from_json(pigeons(10, total=False), "payload"), method="sat", limits=Limits(timeout=0.3))


def test_a_number_whose_sums_have_a_gap_is_encoded_by_its_sums_not_by_their_range():
    """Under ``gaps`` a shown 0 means 0 or 2 mines: the zeros here allow two mines, never one, among their cells."""
    board = Board.from_text("3x5\n???\n???\n???\n?00\n000\n")
    a = analyze(board, clues=GAPS)
    for encoding in ("native", "seqcounter"):
        r = decide(board, encoding, clues=GAPS, method="sat")
        assert (r.safe, r.mines_certain) == (a.safe, a.mines_certain) == (((2, 0), (3, 0)), ())


def test_a_clause_check_encodes_its_numbers_and_total_in_the_encoding_asked_for(monkeypatch):
    # every encoding gives the same answer (above), so only what the encoder is asked shows which
    # one a check used: the numbers and the mine total in the encoding asked for, and on the native
    # path only a number whose allowed sums have a gap (an uncertain clue), in the default one
    from countsweep.encode import sat
    from countsweep.encode.cnf import DEFAULT_ENCODING, ENCODINGS

    asked: list[tuple[str, str]] = []

    def recording(name, encode, at):
        def encoder(*args, **kwargs):
            asked.append((name, args[at] if len(args) > at else kwargs.get("encoding", DEFAULT_ENCODING)))
            return encode(*args, **kwargs)
        return encoder

    monkeypatch.setattr(sat, "encode_equations", recording("numbers", sat.encode_equations, 3))
    monkeypatch.setattr(sat, "_bound", recording("total", sat._bound, 4))
    board = Board.from_text("5x3x4\n1?1??\n?2???\n?????")
    for encoding in ENCODINGS:
        asked.clear()
        check(board, encoding)
        assert {name for name, _ in asked} == {"numbers", "total"}
        assert {e for _, e in asked} == {encoding}, encoding
    asked.clear()
    decide(Board.from_text("3x5\n???\n???\n???\n?00\n000\n"), "native", clues=GAPS, method="sat")
    assert asked and set(asked) == {("numbers", DEFAULT_ENCODING)}


def test_the_estimate_takes_the_tighter_bound_even_when_it_is_one():
    """Three frontier cells, two or more mines among them (no sea): at most one safe is the tighter bound, so
    the estimate is 3 cells x 1 x 2 bounds x 120 bytes = 720."""
    from countsweep import LimitExceeded, Limits

    board = Board.from_text("9x9x10\n0000001?1\n0001123?2\n1111F2FF2\n1F1123321\n11102F200\n01112F200\n"
                            "01F122200\n12111F100\n?10011100\n")
    with pytest.raises(LimitExceeded, match="over 3 frontier cells"):
        check(board, "seqcounter", limits=Limits(max_memory=719))
    r = check(board, "seqcounter", limits=Limits(max_memory=720))
    assert (r.safe, r.mines_certain) == (((0, 7),), ((1, 7), (8, 0)))


@pytest.mark.parametrize("encoding", ["native", "seqcounter"])
@pytest.mark.parametrize("text, seen", [("8x1x3\n?1?1?F??", [2]), ("8x1x4\n?1?1?F??", [1]), ("7x1x3\n?1?1?F?", [2]),
                                        ("5x3x7\n?13??\n?????\n????3", []), ("4x4x2\n?10?\n1?0?\n???0\n??00", [])])
def test_the_sea_asks_the_solver_what_the_models_met_did_not_show(encoding, text, seen):
    """In the 8x1 and 7x1 boards the frontier holds 1 or 2 mines.  In ``8x1x3`` the models met may all
    have put 2 on it (the sea of two cells empty in each), in ``8x1x4`` all 1 (the sea full), in ``7x1x3``
    all 2 (its sea of one cell empty, and a mine there is the bound's other end): each time the sea can
    go both ways, and only a call under the bound tightened at one end, and that end alone, can say so.
    The last two ask with no model met, where the tightening literals meet the encodings' own variables."""
    from countsweep.constraints import Constraints
    from countsweep.counting import Limits
    from countsweep.encode import sat

    model = Constraints.of(Board.from_text(text))
    left, sea = model.mines_left, model.sea_size
    assert left is not None and sea
    problem = sat._Problem(model.frontier, model.equations, encoding, (max(0, left - sea), left), Limits())
    p = analyze(Board.from_text(text)).sea_probability
    assert p is not None
    expected = None if 0 < p < 1 else p == 1
    try:
        assert sat._sea(problem, sat._Calls(problem, Limits(), None), left, sea, seen) == expected
    finally:
        problem.solver.delete()
