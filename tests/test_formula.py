"""Cardinality constraints, formulas and counts: the promises the counters build on."""

from __future__ import annotations

from fractions import Fraction

import pytest

from countsweep.counting import Limits, get_backend
from countsweep.counting.base import limits_of
from countsweep.counting.formula import Card, Counts, Formula, expand
from countsweep.counting.poly import Poly
from countsweep.errors import LimitExceeded, ParameterError


def test_a_zero_literal_is_refused_by_name():
    with pytest.raises(ParameterError, match=r"^literal 0 is not allowed$"):
        Card((1, 0), 0, 1).normalized()


def test_a_repeated_literal_is_refused_naming_the_variable():
    with pytest.raises(ParameterError, match=r"^variable 2 repeated in a cardinality constraint$"):
        Card((2, 1, 2), 0, 1).normalized()


def test_a_box_and_its_negation_count_exactly_the_box_size():
    # box 1 holds 3 cells: x1 + (3 - x1) is always 3, so 3 + x2 in [4, 4] means x2 = 1 (of box 2's 2 cells)
    card = Card((1, -1, 2), 4, 4).normalized(sizes=(3, 2))
    assert card == Card((2,), 1, 1)
    # the pair alone, bounds met whatever the cells: always true
    assert Card((1, -1), 3, 3).normalized(sizes=(3,)) is None
    assert Card((1, -1), 0, 3).normalized(sizes=(3,)) is None
    # and never met: unsatisfiable, kept
    assert Card((1, -1), 4, 5).normalized(sizes=(3,)) == Card((), 1, 0)


def test_bounds_are_clipped_to_what_the_literals_can_hold():
    assert Card((1, 2), 0, 2).normalized() is None
    assert Card((1, 2), 1, 2).normalized() == Card((1, 2), 1, 2)
    assert Card((1, 2), 0, 1).normalized() == Card((1, 2), 0, 1)
    assert Card((1, 2), 0, 7).normalized() is None
    assert Card((1, 2), 1, 7).normalized(sizes=(2, 3)) == Card((1, 2), 1, 5)


def test_a_plain_variable_has_size_one():
    assert Formula(2, ()).size(1) == 1 and Formula(2, (), sizes=(3, 1)).size(1) == 3


def test_expanding_boxes_keeps_the_projection_cell_by_cell():
    f = Formula(3, (Card((1, -3), 1, 2),), projection=(1, 3), sizes=(2, 1, 3))
    e = expand(f)
    assert e.num_vars == 6 and e.projection == (1, 2, 4, 5, 6)
    assert e.constraints == (Card((1, 2, -4, -5, -6), 1, 2),)
    assert expand(Formula(0, (), sizes=())).num_vars == 0


def test_distinct_marginals_print_distinct_values():
    counts = Counts((1, 2), Poly(1, (2, 1)), (Poly(1, (1, 1)), Poly(2, (1,))))
    out = counts.to_dict()
    assert out["marginals"] == {"1": "2", "2": "1"} and out["count"] == "3"
    assert out["probabilities"] == {"1": 2 / 3, "2": 1 / 3}
    assert counts.to_dict(Fraction(1, 2))["marginals"] == {"1": "1/1", "2": "1/2"}


def test_an_unknown_backend_is_refused_naming_the_choices():
    with pytest.raises(ParameterError, match=r"^unknown backend 'fast'; choose from dpll, sdd, brute, path$"):
        get_backend("fast")


def test_a_time_limit_says_where_it_was_reached():
    limits = Limits(timeout=1e-9).started()
    with pytest.raises(LimitExceeded, match=r"^time limit of 1e-09 s reached in component 3$"):
        limits.check("in component 3")
    with pytest.raises(LimitExceeded, match=r"^time limit of 1e-09 s reached$"):
        limits.check()


def test_a_weighted_card_needs_one_non_negative_weight_per_allowed_sum():
    with pytest.raises(ParameterError, match=r"^a weighted constraint needs 2 non-negative weights, "
                                             r"one for each sum 0\.\.1$"):
        Card((1, 2), 0, 1, (1,))
    with pytest.raises(ParameterError, match="needs 3 non-negative weights"):
        Card((1, 2), 0, 2, (1, -1, 1))
    assert Card((1, 2), 0, 2, (0, 1, 5)).weights == (0, 1, 5)
    with pytest.raises(ParameterError, match=r"^a weighted constraint needs 2 non-negative weights, "
                                             r"one for each sum 1\.\.2$"):
        Card((1, 2, 3), 1, 2, (1,))


def test_a_card_weighs_each_sum_it_allows_and_nothing_else():
    plain, weighted = Card((1, 2), 1, 2), Card((1, 2), 0, 1, (3, 4))
    assert [plain.weight(s) for s in range(4)] == [0, 1, 1, 0]
    assert [weighted.weight(s) for s in range(4)] == [3, 4, 0, 0]


def test_a_weighted_card_without_literals_is_a_factor_unless_it_weighs_one():
    # x1 and not-x1 always sum to 1: the card keeps only its weight for that sum
    assert Card((1, -1), 1, 1, (3,)).normalized() == Card((), 0, 0, (3,))
    assert Card((1, -1), 1, 1, (1,)).normalized() is None
    # a weighted card none of whose reachable sums weighs anything: unsatisfiable
    unsat = Card((1, 2), 1, 2, (0, 0)).normalized()
    assert unsat is not None and unsat.lo > unsat.hi


@pytest.mark.parametrize(("call", "says"), [
    (lambda: Limits(timeout="x"), "Limits.timeout: seconds as a number, not 'x'"),
    (lambda: Limits(timeout=-1), "Limits.timeout: -1 is not a number of seconds from 0 to 1e+09"),
    (lambda: Limits(timeout=10**9 + 1), "Limits.timeout: 1000000001 is not a number of seconds from 0 to 1e+09"),
    (lambda: Limits(deadline=float("inf")), "Limits.deadline: inf is not a number of seconds from 0 to 1e+09"),
    (lambda: Limits(deadline=float("-inf")), "Limits.deadline: -inf is not a number of seconds from 0 to 1e+09"),
    (lambda: Limits(max_cache=1.5), "Limits.max_cache: a whole number (an int), not 1.5"),
    (lambda: Limits(timeout=None, max_cache=0), "Limits.max_cache: 0 is not 1 or more"),
    (lambda: Limits(timeout=5, max_memory=0), "Limits.max_memory: 0 is not 1 or more"),
    (lambda: Card((1,), 0, 1.5), "Card: expected a tuple of literals and int bounds, not (1,), 0, 1.5"),
    (lambda: Card((1,), "a", 1), "Card: expected a tuple of literals and int bounds, not (1,), 'a', 1"),
    (lambda: Formula(-1, ()), "num_vars: a count of variables (an int of 0 or more), not -1"),
    (lambda: Formula(2, []), "constraints: expected a tuple of Cards, not []"),
    (lambda: Formula(2, (5,)), "constraints[0]: expected a Card, not 5"),
    (lambda: Formula(2, (Card((0,), 0, 1),)), "constraints[0]: literal 0 names no variable 1..2"),
    (lambda: Formula(2, (), projection=(0,)), "projection: variable 0 is not one of 1..2"),
    (lambda: Formula(2, (), sizes=(0, 1)), "sizes: one positive size for each of the 2 variables"),
    (lambda: get_backend(5), "name: a backend's name (dpll, sdd, brute, path), not 5"),
    (lambda: get_backend("dpll").count(5), "formula: expected a countsweep.counting.Formula, not int"),
])
def test_what_a_counter_cannot_take_is_refused_saying_exactly_what_it_was(call, says):
    with pytest.raises(ParameterError) as raised:
        call()
    assert str(raised.value) == says


def test_a_deadline_may_lie_in_the_past_and_limits_check_every_field():
    assert Limits(deadline=-5.0).expired()  # a deadline is a clock reading: any finite one is a deadline
    assert Limits(timeout=10**9).timeout == 10**9
    with pytest.raises(ParameterError, match=r"^Limits\.max_memory: "):
        Limits(max_cache=5, max_memory=-1)  # the field after a valid one is checked too


# ---------------------------------------------------------------------------
# limits over a block of work (Limits.throughout; the counts made under them: test_oracle.py)
# ---------------------------------------------------------------------------


def test_a_block_has_one_deadline_and_an_inner_block_its_own_until_it_ends():
    with Limits(timeout=60).throughout() as outer:
        assert outer.deadline is not None and limits_of(None) is outer
        with Limits(timeout=0).throughout() as inner:
            assert limits_of(None) is inner and inner.deadline is not None and inner.deadline < outer.deadline
        assert limits_of(None) is outer
    assert limits_of(None) == Limits()


def test_a_block_left_by_an_exception_leaves_no_limit_behind():
    with pytest.raises(ZeroDivisionError), Limits(timeout=0).throughout():
        1 / 0  # noqa: B018
    assert limits_of(None) == Limits()


def test_a_blocks_limits_cover_its_own_thread_and_no_other():
    import threading

    seen: list[Limits] = []
    with Limits(timeout=0).throughout():
        worker = threading.Thread(target=lambda: seen.append(limits_of(None)))
        worker.start()
        worker.join()
    assert seen == [Limits()]


def test_limits_given_in_a_block_are_the_counts_own_and_are_started():
    with Limits(timeout=0).throughout():
        own = limits_of(Limits(timeout=60))
    assert own.timeout == 60 and own.deadline is not None
