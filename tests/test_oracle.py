"""The oracle against the source documents' worked examples and against enumeration."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import Board, InconsistentError, analyze
from countsweep.clues import EXACT, parse_clues
from countsweep.constraints import Constraints
from countsweep.counting import Limits, dpll, get_backend
from countsweep.counting.path import PathRun
from countsweep.errors import LimitExceeded, ParameterError
from countsweep.kernel import KERNEL
from countsweep.oracle import KernelAnalyzer, answer_too_large, combine, count_components, memory_budget
from countsweep.play.generators import gapped_band
from tests.reference import truth
from tests.strategies import TOPOLOGIES, positions
from tests.test_clues import REFERENCE, noisy_positions


def probs(text: str, mines: int | None = None) -> dict:
    return analyze(Board.from_text(text, mines)).probabilities


def test_thesis_section2_example3_4x4_three_mines():
    # Swedish thesis, section 2, example 3: cells numbered 1..16 row-major.
    a = analyze(Board.from_text("4x4x3\n1???\n????\n??2?\n????"))
    p = a.probabilities
    assert a.count == 70  # N6(1) + N6(0) = 28 + 42
    assert p[(1, 1)] == F(2, 5)
    assert p[(0, 1)] == p[(1, 0)] == F(3, 10)
    assert p[(0, 2)] == p[(0, 3)] == p[(2, 0)] == p[(3, 0)] == F(1, 10)
    for cell in [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)]:
        assert p[cell] == F(8, 35)


def test_thesis_section2_example2_island_with_two_or_three_mines():
    # A 1 and a 2 two rows apart share three middle cells; 10 mines on a 6x6 board.
    a = analyze(Board.from_text("6x6x10\n??????\n??1???\n??????\n??2???\n??????\n??????"))
    p = a.probabilities
    assert p[(2, 1)] == p[(2, 2)] == p[(2, 3)] == F(7, 61)
    assert p[(4, 1)] == p[(3, 1)] == F(101, 305)
    assert p[(0, 1)] == p[(1, 1)] == F(8, 61)
    assert p[(5, 5)] == p[(0, 5)] == F(64, 183)
    # P(two mines on the island) = 21/61: C(3,1)C(5,1)C(21,8) of the total
    from math import comb

    assert F(3 * 5 * comb(21, 8), a.count) == F(21, 61)


def test_thesis_section2_example1_single_island():
    # One 1 in the middle of 6x6 with 5 mines: island cells 1/8, outside 4/27.
    p = probs("6x6x5\n??????\n??????\n??1???\n??????\n??????\n??????")
    assert p[(1, 1)] == F(1, 8)
    assert p[(5, 5)] == F(4, 27)


def test_thesis_section3_example3_three_independent_islands():
    p = probs("4x4x3\n1???\n???1\n????\n????")
    assert p[(0, 1)] == p[(1, 0)] == p[(1, 1)] == F(1, 3)
    for cell in [(0, 2), (0, 3), (1, 2), (2, 2), (2, 3)]:
        assert p[cell] == F(1, 5)
    for cell in [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (3, 3)]:
        assert p[cell] == F(1, 6)


def test_thesis_section3_example2_column_of_ones_is_forced():
    # Revealed columns of 0 0 1 beside six hidden cells: mines exactly at t2 and t5.
    text = "\n".join(["001?"] * 6)
    a = analyze(Board.from_text(text))
    assert a.mines_certain == ((1, 3), (4, 3))
    assert set(a.safe) == {(0, 3), (2, 3), (3, 3), (5, 3)}
    assert a.count == 1


def test_counts_beyond_64_bits_are_exact():
    # Expert board, one revealed 1 in the middle: C(8,1) * C(471, 98) layouts.
    from math import comb

    rows = ["?" * 30 for _ in range(16)]
    rows[8] = "?" * 15 + "1" + "?" * 14
    a = analyze(Board.from_text("30x16x99\n" + "\n".join(rows)))
    assert a.count == 8 * comb(471, 98)
    assert a.count > 10**100
    assert a.probabilities[(7, 15)] == F(1, 8)
    assert sum(a.probabilities.values()) == 99


@settings(max_examples=2000)
@given(positions(max_hidden=11, perturb=True))
def test_counts_and_probabilities_equal_enumeration(board):
    count, expected = truth(board)
    if count == 0:
        with pytest.raises(InconsistentError):
            analyze(board)
        return
    a = analyze(board)
    assert a.count == count
    assert a.probabilities == expected
    assert a.safe == tuple(c for c in board.hidden() if expected[c] == 0)
    assert a.mines_certain == tuple(c for c in board.hidden() if expected[c] == 1)


@settings(max_examples=500)
@given(positions(max_hidden=30, total=True))
def test_probabilities_sum_to_unflagged_mines_left(board):
    a = analyze(board)
    assert sum(a.probabilities.values()) == board.mines - len(board.flags())


@settings(max_examples=300)
@given(positions(max_hidden=12, perturb=True))
def test_every_backend_agrees(board):
    results = {}
    for name in ("dpll", "brute", "sdd"):
        try:
            a = analyze(board, name)
            results[name] = (a.count, a.probabilities)
        except InconsistentError:
            results[name] = None
    assert results["dpll"] == results["brute"] == results["sdd"]


def test_unknown_total_counts_frontier_and_gives_sea_one_half():
    a = analyze(Board.from_text("4x3\n1???\n????\n????"))
    assert not a.mines_known
    assert a.count == 3
    assert a.probabilities[(0, 1)] == F(1, 3)
    assert a.probabilities[(2, 3)] == F(1, 2)


def test_inconsistent_component_names_its_numbers():
    with pytest.raises(InconsistentError, match=r"\[0, 0\].*\[0, 2\]|\[0, 2\].*\[0, 0\]"):
        analyze(Board.from_text("3x2\n1?1\n000"))


def test_unmeetable_total_is_explained():
    with pytest.raises(InconsistentError, match="mine total cannot be met"):
        analyze(Board.from_text("3x3x3\n???\n?1?\n???"))  # 8-cell island holds 1


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_each_groups_mines_over_the_scale_is_its_probability(data):
    """``Group.mines`` is what the agents compare (integers over one scale): it must say the probability."""
    from countsweep.clues import UNDER

    board = data.draw(positions(max_hidden=10))
    prior = data.draw(st.sampled_from(["total", "none", "density", "under"]))
    kwargs: dict = {}
    if prior == "none":
        board = board.with_mines(None)
    elif prior == "density":
        board, kwargs = board.with_mines(None), {"density": Fraction(1, 3)}
    elif prior == "under":
        kwargs = {"clues": UNDER}
    try:
        a = analyze(board, "dpll", implementation="python", **kwargs)
    except InconsistentError:
        return
    for g in a.groups:
        assert Fraction(g.mines, a.scale) == g.probability
        assert all(a.probabilities[c] == g.probability for c in g.cells)
    assert sorted(c for g in a.groups for c in g.cells) == sorted(a.probabilities)


def test_a_time_limit_already_past_stops_before_counting():
    import time as _time

    limits = Limits(timeout=1e-6).started()
    _time.sleep(0.001)
    with pytest.raises(LimitExceeded, match=r"before counting$"):
        analyze(Board.from_text("4x4x3\n1???\n????\n??2?\n????"), "dpll", limits)  # the compiled path


@pytest.mark.parametrize(("density", "shows"), [("half", "'half'"), ("x" * 60, "'" + "x" * 36 + "..."),
                                               (Fraction(3, 2), "Fraction(3, 2)"), (-1, "-1")])
def test_a_density_that_is_not_a_probability_is_shown_in_the_message(density, shows):
    with pytest.raises(ParameterError) as raised:  # a Fraction out of range, or not a Fraction at all
        analyze(Board.from_text("3x1\n?1?"), density=density)
    assert str(raised.value).endswith(f"not {shows}")


def test_a_backend_that_is_neither_a_name_nor_a_backend_is_shown_cut_to_sixty_characters():
    with pytest.raises(ParameterError) as raised:
        analyze(Board.from_text("3x1\n?1?"), backend=list(range(100)))
    assert str(raised.value).endswith("not " + repr(list(range(100)))[:57] + "...")


def test_a_memory_limit_is_the_kernels_byte_budget_and_none_is_no_budget():
    assert memory_budget(Limits(max_memory=3 * 2**20)) == 3 * 2**20
    assert memory_budget(Limits()) == -1


def test_an_answer_too_large_for_the_limit_says_both_sizes_in_megabytes():
    error = answer_too_large(3 * 2**30 + 2**19, Limits(max_memory=2**30))
    assert isinstance(error, LimitExceeded)
    assert str(error) == ("the exact answer needs about 3,072 MB for its groups' counts; the limit is 1,024 MB "
                          "(--max-memory)")
    # below ten megabytes (a limit the Python API may set) in bytes: not "0 MB" against "0 MB"
    assert str(answer_too_large(10 * 2**20 - 1, Limits(max_memory=5000))) == (
        "the exact answer needs about 10,485,759 bytes for its groups' counts; the limit is 5,000 bytes "
        "(--max-memory)")
    assert "needs about 10 MB" in str(answer_too_large(10 * 2**20, Limits(max_memory=2**30)))


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built")
def test_the_kernel_refuses_an_answer_past_the_memory_limit_and_counts_it_under_none():
    board = Board.from_text("5x4x4\n?????\n?1?2?\n?????\n??1??")  # a few groups: hundreds of bytes of counts
    with pytest.raises(LimitExceeded, match=r"^the exact answer needs about [1-9]\d{2}(,\d{3})? bytes .*the limit is "
                                            r"100 bytes \(--max-memory\)$"):
        KernelAnalyzer().analyze(board, EXACT, Limits(max_memory=100))
    counted = KernelAnalyzer().analyze(board, EXACT, Limits(max_memory=2**20))
    assert counted is not None and counted == analyze(board, implementation="python")


def test_a_density_beside_a_total_is_refused_saying_which():
    with pytest.raises(ParameterError, match=r"^a density is a prior for a board without a mine total; this one "
                                             r"has a total \(give one or the other\)$"):
        analyze(Board.from_text("3x1x1\n?1?"), density=Fraction(1, 2))


def test_the_python_search_itself_is_handed_the_limits():
    """The deadline reaches the counter, not only the phases around it: it checks it at its start
    and as it decides (a counter given no limits would never check, and a position that is slow to
    count would run past its time)."""
    from dataclasses import dataclass

    from tests.test_hostile import _dense

    seen: list[str] = []

    @dataclass(frozen=True)
    class Recording(Limits):
        def check(self, where: str = "") -> None:
            seen.append(where)

    analyze(Board.from_text(_dense(40, 3)), "dpll", Recording(timeout=600), implementation="python")
    assert "before counting" in seen  # said by the counter: the analysis alone never says it on this path


def test_count_and_probabilities_are_the_analysis_answers():
    from countsweep.oracle import count, probabilities

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    a = analyze(board, "brute")
    assert count(board, "brute") == a.count == 70
    assert probabilities(board, "brute", Limits(timeout=10)) == a.probabilities
    with pytest.raises(LimitExceeded):
        count(board, "dpll", Limits(max_memory=1))


def test_the_json_lists_certain_mines_and_leaves_fractions_out_unless_asked():
    a = analyze(Board.from_text("3x1x1\n?1-"))
    out = a.to_dict()
    assert out["mines_certain"] == [[0, 0]] and out["safe"] == [] and "exact" not in out
    assert a.to_dict(exact=True)["exact"] == [["1/1", None, None]]


def test_a_board_over_the_memory_limit_is_refused_before_counting_saying_how_much():
    from countsweep.oracle import _BYTES_PER_CELL

    board = Board.from_text("64x32\n" + "\n".join(["?" * 64] * 32))
    need = _BYTES_PER_CELL * 64 * 32
    assert analyze(board, limits=Limits(max_memory=need)).count  # exactly at the limit: allowed
    with pytest.raises(LimitExceeded, match=rf"^a board of 2048 cells needs about {need / 2**20:,.0f} MB; "
                                            rf"the limit is {(need - 1) / 2**20:,.0f} MB \(--max-memory\)$"):
        analyze(board, limits=Limits(max_memory=need - 1))


def many_components(count: int = 12):
    """Seeded small positions whose frontier falls into three or more components."""
    from countsweep.constraints import Constraints
    from tests.reference import seeded_position

    found = []
    for seed in range(2000):
        board = seeded_position(seed, [(6, 3), (7, 3), (8, 2)], (2, 5), hide=0.7)
        if len(board.hidden()) > 14:
            continue
        try:
            if len(Constraints.of(board).components) >= 3:
                found.append(board)
        except InconsistentError:
            continue
        if len(found) == count:
            break
    assert len(found) == count
    return found


@pytest.mark.long
@pytest.mark.parametrize("total", [True, False])
def test_three_or_more_components_combine_exactly_on_the_python_path(total):
    # each component's marginals weigh the product of all the *other* components' polynomials
    for board in many_components():
        board = board if total else board.with_mines(None)
        count, probs = truth(board)
        for backend, how in (("dpll", "python"), ("brute", "python")):
            a = analyze(board, backend, implementation=how)
            assert (a.count, a.probabilities) == (count, probs), board.to_text()


def test_an_impossible_total_says_what_the_frontier_and_the_sea_can_hold():
    board = Board.from_text("4x2x4\n?1??\n---?")  # the 1 takes exactly one mine; two sea cells take the rest
    for backend, how in (("dpll", "python"), ("dpll", "auto"), ("brute", "auto")):
        with pytest.raises(InconsistentError, match=r"^the mine total cannot be met: 4 unflagged mines left, the "
                                                    r"frontier holds 1 to 1 and the 2 sea cells the rest$"):
            analyze(board, backend, implementation=how)


def test_an_inconsistent_component_names_its_first_six_numbers_and_no_others():
    # the 1 at [0, 0] is consistent on its own; the run from [0, 3] to [0, 11] is not (the 2 at the end)
    board = Board.from_text("12x2\n1--111111112\n??-?????????")
    for how in ("python", "auto"):
        with pytest.raises(InconsistentError, match=r"^no mine layout fits the numbers at cells \[0, 3\], \[0, 4\], "
                                                    r"\[0, 5\], \[0, 6\], \[0, 7\], \[0, 8\]$"):
            analyze(board, "dpll", implementation=how)


def test_every_phase_checks_the_deadline_under_its_own_name():
    from dataclasses import dataclass

    seen: list[str] = []

    @dataclass(frozen=True)
    class Recording(Limits):
        def check(self, where: str = "") -> None:
            seen.append(where)
            super().check(where)

    board = many_components(1)[0]
    for kwargs in ({}, {"density": Fraction(1, 4)}):
        for b in (board, board.with_mines(None)):
            if kwargs and b.mines is not None:
                continue
            seen.clear()
            analyze(b, "dpll", Recording(timeout=60), implementation="python", **kwargs)
            assert {"while counting the components", "while combining the components"} <= set(seen), seen
    seen.clear()
    analyze(board, "dpll", Recording(timeout=60))
    assert "before counting" in seen


@pytest.mark.parametrize(("text", "known"), [("4x4x3\n1???\n????\n??2?\n????", True),
                                             ("4x4\n1???\n????\n??2?\n????", False)])
def test_an_analysis_says_whether_the_mine_total_was_known_on_every_path(text, known):
    board = Board.from_text(text)
    for backend, how in (("dpll", "auto"), ("dpll", "python"), ("sdd", "auto")):
        assert analyze(board, backend, implementation=how).mines_known is known


def test_the_backend_asked_for_is_the_one_that_counts():
    from countsweep.counting.sdd import SddCounter
    from countsweep.oracle import clear_count_cache

    clear_count_cache()  # counted here, not answered from an earlier test's count
    sdd = SddCounter()
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    a = analyze(board, sdd)
    assert sdd.last_stats is not None and sdd.last_stats.size > 0 and a.backend == "sdd"


def test_probabilities_honour_the_limits_they_are_given():
    from countsweep.oracle import probabilities

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    assert probabilities(board) == analyze(board).probabilities
    with pytest.raises(LimitExceeded, match="time limit of 0 s reached"):
        probabilities(board, limits=Limits(timeout=0.0, deadline=0.0))


def test_components_that_could_hold_more_mines_than_are_left_are_combined_as_brute_force_does():
    # two components holding 1 and 2 or 3 mines, three mines left and no sea: the frontier could
    # hold one more mine than is left, and that term must be skipped, not read past the sea's ways
    board = Board.from_text("4x4x4\n????\n1?F3\n0???\n???1")
    got = analyze(board, "dpll", implementation="python")
    assert got == analyze(board, "brute") and got.components == 2 and got.count == 8


@pytest.mark.parametrize("text, known", [("4x2x2\n?2??\n????", True), ("4x2\n?2??\n????", False)])
def test_an_analysis_under_noisy_clues_says_whether_the_mine_total_is_known_on_every_path(text, known):
    from countsweep.clues import UNDER

    board = Board.from_text(text)
    for backend, how in (("dpll", "auto"), ("dpll", "python"), ("brute", "auto")):
        assert analyze(board, backend, clues=UNDER, implementation=how).mines_known is known


def test_a_frontier_holding_too_few_mines_for_a_sea_too_small_weighs_nothing():
    # "?1?1?" holds one mine (the middle cell) or two (the ends); two are left and there is no
    # sea to take a second one, so only the ends are mines
    board = Board.from_text("5x1x2\n?1?1?")
    got = analyze(board, "dpll", implementation="python")
    assert got.count == 1 and got.probabilities == {(0, 0): 1, (0, 2): 0, (0, 4): 1}
    assert got == analyze(board, "brute")


def test_the_model_kept_for_a_board_is_never_given_for_another_board_or_clue_model():
    from countsweep.clues import EXACT, UNDER
    from countsweep.constraints import Constraints

    board = Board.from_text("3x3\n???\n?2?\n???")
    exact = Constraints.of(board)
    assert Constraints.of(board) is exact  # the same board object: the model kept
    noisy = Constraints.of(board, UNDER)
    assert noisy.clues is UNDER and exact.clues is EXACT
    assert noisy.equations != exact.equations  # under "under" the 2 reads as at least 2
    twin = Board.from_text("3x3\n???\n?1?\n???")
    assert Constraints.of(twin).equations[0].value == 1
    assert Constraints.of(board).equations == exact.equations


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_an_inconsistent_position_names_its_first_six_numbers_on_every_implementation(implementation):
    with pytest.raises(InconsistentError, match=r"^no mine layout fits the numbers at cells \[0, 0\], \[0, 2\], "
                                                 r"\[0, 4\], \[0, 6\], \[0, 8\], \[1, 0\]$"):
        analyze(Board.from_text("9x2\n1?1?1?1?1\n000000000"), implementation=implementation)


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_the_seas_probability_is_its_cells_and_none_without_a_sea(implementation):
    a = analyze(Board.from_text("4x4x3\n1???\n????\n??2?\n????"), implementation=implementation)
    assert a.sea and a.sea_probability == a.probabilities[a.sea[0]] == Fraction(1, 10)
    assert analyze(Board.from_text("3x1x1\n?1?"), implementation=implementation).sea_probability is None


def test_a_density_is_the_seas_probability_when_no_total_is_known():
    a = analyze(Board.from_text("4x4\n1???\n????\n??2?\n????"), density=Fraction(1, 5))
    assert a.sea_probability == Fraction(1, 5) == a.probabilities[a.sea[0]]


def test_a_backend_is_one_of_countsweeps_by_name_or_instance_and_a_callers_own_counts_in_python():
    from countsweep.counting import get_backend
    from countsweep.counting.dpll import DpllCounter
    from countsweep.errors import ParameterError

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    by_name, by_instance = analyze(board, backend="dpll"), analyze(board, backend=get_backend("dpll"))
    assert (by_name.implementation, by_name.backend) == (by_instance.implementation, by_instance.backend)
    assert by_instance.backend == "dpll"

    class Callers(DpllCounter):
        """A caller's counter that keeps dpll's name: the kernel cannot stand in for it."""

    own = analyze(board, backend=Callers())
    assert (own.implementation, own.backend) == ("python", "dpll") and own == by_name
    assert analyze(board, backend="brute").implementation == "python"
    with pytest.raises(ParameterError, match=r"^unknown backend 'nosuch'; choose from dpll, sdd, brute, path$"):
        analyze(board, backend="nosuch")


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_inconsistent_rules_are_named_by_their_first_six_indices_on_every_implementation(implementation):
    from countsweep.rules import RuleSet, analyze_rules

    # rule j counts cells j-1..j+1 of nine in a row; 1, 0, 2 already disagree, and so on to the end
    nums = [1, 0, 2, 0, 3, 3, 3, 3, 1]
    doc = {"rules": [{"num_mines": k, "cells": [f"c{i}" for i in range(max(0, j - 1), min(9, j + 2))]}
                     for j, k in enumerate(nums)], "total_cells": 9, "total_mines": 1}
    with pytest.raises(InconsistentError, match=r"^no mine layout fits rules 0, 1, 2, 3, 4, 5$"):
        analyze_rules(RuleSet.from_payload(doc), implementation=implementation)


def test_a_backend_of_the_wrong_kind_is_refused_naming_every_backend():
    with pytest.raises(ParameterError, match=r"^backend: expected a backend name \(dpll, sdd, brute, path\) or a "):
        analyze(Board.from_text("3x1x1\n?1?"), backend=42)  # type: ignore[arg-type]


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_the_cells_no_rule_names_are_no_group_of_their_own(implementation):
    from countsweep.rules import RuleSet, analyze_rules

    # one mine in a or b, the other among the three cells no rule names: they are the rule set's
    # "_other", not a group of no cells (which would be a level holding no cell)
    doc = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 5, "total_mines": 2}
    answer = analyze_rules(RuleSet.from_payload(doc), implementation=implementation)
    assert answer.other == Fraction(1, 3) and answer.analysis.sea_probability == Fraction(1, 3)
    assert [g.cells for g in answer.analysis.groups] == [((0, 0), (0, 1))]
    assert answer.analysis.levels == ((Fraction(1, 2), 2),)


# ---------------------------------------------------------------------------
# limits over a block of work (Limits.throughout)
# ---------------------------------------------------------------------------

BLOCK_BOARD = "4x4x3\n1???\n????\n??2?\n????"


@pytest.mark.parametrize("how", ["python", "auto"])
def test_every_count_a_block_makes_without_limits_of_its_own_is_made_under_the_blocks(how):
    with Limits(timeout=0).throughout(), pytest.raises(LimitExceeded, match=r"^time limit of 0 s reached"):
        analyze(BLOCK_BOARD, implementation=how)
    assert analyze(BLOCK_BOARD, implementation=how).count == 70  # and after it, none


def test_a_count_given_limits_of_its_own_in_a_block_keeps_them():
    with Limits(timeout=0).throughout():
        assert analyze(BLOCK_BOARD, limits=Limits(timeout=60)).count == 70


class _Spy:
    """The dpll backend, saying whether each count was asked for plainly."""

    name = "spy"

    def __init__(self) -> None:
        from countsweep.counting.dpll import DpllCounter

        self.inner = DpllCounter()
        self.asked: list[bool] = []

    def count(self, formula, limits=None, *, plain=False):
        self.asked.append(plain)
        return self.inner.count(formula, limits, plain=plain)


@pytest.mark.parametrize(("header", "density", "plain"), [("4x3", None, True), ("4x3x3", None, False),
                                                           ("4x3", F(1, 5), False)],
                         ids=["no-total", "total", "prior"])
def test_components_are_counted_plainly_where_no_total_or_prior_splits_them_by_mines(header, density, plain):
    board = Board.from_text(f"{header}\n1?2?\n????\n?1??\n")
    spy = _Spy()
    a = analyze(board, spy, density=density, implementation="python")
    assert spy.asked and set(spy.asked) == {plain}
    assert a.probabilities == analyze(board, "brute", density=density, implementation="python").probabilities


def test_a_component_counted_plainly_is_counted_again_by_mines_once_the_total_is_known():
    # the same component formula under no total and then a total: the cache keeps the two apart (a
    # plain count has no polynomial to split the sea's ways by)
    text = "5x3\n1?2??\n?????\n??1??\n"
    for header in ("5x3", "5x3x4", "5x3"):
        board = Board.from_text(text.replace("5x3", header, 1))
        a = analyze(board, implementation="python")
        assert (a.count, a.probabilities) == truth(board)


@settings(max_examples=500, deadline=None)
@given(positions(max_hidden=11, perturb=True, total=True, kinds=TOPOLOGIES),
       st.sampled_from([None, F(1, 5), F(2, 3)]))
def test_marginals_weighted_along_a_path_give_the_answers_of_marginals_multiplied_out(board, density):
    # every component of a board with a total (or a prior) through its path's forward pass, however
    # short: its marginals weighted from the end of the path, never multiplied out (brute counts apart)
    board = board if density is None else dataclasses.replace(board, mines=None)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dpll, "PATH_MIN_VARS", 1)
        try:
            along = analyze(board, "dpll", density=density, implementation="python")
        except InconsistentError:
            along = None
    try:
        brute = analyze(board, "brute", density=density, implementation="python")
    except InconsistentError:
        assert along is None
        return
    assert along is not None
    assert (along.count, along.probabilities, along.groups) == (brute.count, brute.probabilities, brute.groups)


def test_a_long_band_under_its_total_is_weighted_along_its_path_not_multiplied_out(monkeypatch):
    board = gapped_band(150, 0.4, seed=3)
    model = Constraints.of(board)
    counts = count_components(model, get_backend("dpll"), Limits().started())
    assert len(counts) == 1 and isinstance(counts[0], PathRun)
    assert count_components(Constraints.of(dataclasses.replace(board, mines=None)), get_backend("dpll"),
                            Limits().started())[0] == get_backend("dpll").count(model.components[0].formula(),
                                                                                 plain=True)  # no total: plain
    multiplied = combine(model, [get_backend("dpll").count(model.components[0].formula())])
    assert analyze(board, implementation="python") == multiplied


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_weighted_clues_weighted_along_a_path_give_the_answers_of_marginals_multiplied_out(data):
    name = data.draw(st.sampled_from(["under", "over"]))
    board = data.draw(noisy_positions(REFERENCE[name], max_hidden=9, kinds=TOPOLOGIES))
    flags = len(board.flag_cells)
    board = dataclasses.replace(board, mines=flags + data.draw(st.integers(0, len(board.hidden_cells))))
    answers = []
    for backend, least in (("dpll", 1), ("brute", dpll.PATH_MIN_VARS)):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(dpll, "PATH_MIN_VARS", least)
            try:
                a = analyze(board, backend, clues=parse_clues(name), implementation="python")
                answers.append((a.weight, a.probabilities))
            except InconsistentError:
                answers.append(None)
    assert answers[0] == answers[1]


@pytest.mark.parametrize(("total", "density"), [(True, None), (False, None), (False, F(1, 5))],
                         ids=["total", "no-total", "prior"])
def test_the_callers_limits_reach_the_count_along_the_path_and_the_weighting(monkeypatch, total, density):
    # a deadline or a memory bound the caller set holds while a long component is counted plainly,
    # counted forward, and weighted back: every check on the way is on the caller's limits
    seen: list[tuple[str, Limits]] = []
    check = Limits.check
    monkeypatch.setattr(Limits, "check", lambda self, where="": seen.append((where, self)) or check(self, where))
    board = gapped_band(150, 0.4, seed=3, total=total)
    analyze(board, limits=Limits(timeout=600, max_memory=2**34), density=density, implementation="python")
    stages = {where for where, _ in seen}
    assert "while counting along the path" in stages
    assert ("while weighing the marginals along the path" in stages) == (total or density is not None)
    assert {(limits.timeout, limits.max_memory) for _, limits in seen} == {(600, 2**34)}


@pytest.mark.parametrize("implementation", ["python", "kernel"])
def test_a_density_prior_is_named_in_the_answer_and_is_every_sea_cells_probability(implementation):
    if implementation == "kernel" and KERNEL is None:
        pytest.skip("the compiled kernel was not built (no C compiler)")
    # a 1 between two cells, and three sea cells: {a} and {c} weigh 1/5 * 4/5 each
    a = analyze(Board.from_text("6x1\n?1????"), density=Fraction(1, 5), implementation=implementation)
    assert a.implementation == implementation and a.density == Fraction(1, 5) and a.weighted
    assert a.sea_probability == Fraction(1, 5) and a.probability((0, 4)) == Fraction(1, 5)
    assert a.probability((0, 0)) == Fraction(1, 2) and a.weight == Fraction(8, 25)
    assert a.to_dict()["density"] == "1/5"


def test_either_analyzer_under_a_prior_reads_past_a_boards_total_alike():
    # analyze refuses a prior beside a total; the analyzers themselves take the prior in its place
    from countsweep.oracle import PythonAnalyzer

    board = Board.from_text("6x3x4\n?1????\n?2?1??\n??????")  # the last column the sea
    python = PythonAnalyzer(get_backend("dpll"), Fraction(1, 5)).analyze(board, EXACT, Limits())
    assert python.density == Fraction(1, 5) and python.sea_probability == Fraction(1, 5)
    if KERNEL is not None:
        kernel = KernelAnalyzer(density=Fraction(1, 5)).analyze(board, EXACT, Limits())
        assert kernel == python and kernel.weight == python.weight and kernel.groups == python.groups
