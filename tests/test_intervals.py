"""The Wilson interval printed beside every win rate."""

from __future__ import annotations

import math

import pytest

from countsweep.errors import ParameterError, shown
from countsweep.intervals import wilson

Z = 1.959964


def roots(successes: int, trials: int) -> tuple[float, float]:
    """The interval as the two proportions pi with (p - pi)^2 = z^2 pi (1 - pi) / n: a quadratic in pi."""
    p, n = successes / trials, trials
    a, b, c = 1 + Z * Z / n, -(2 * p + Z * Z / n), p * p
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


@pytest.mark.parametrize("successes, trials", [(4016, 10000), (1, 3), (7, 7), (0, 12), (55, 100), (1, 1000)])
def test_the_interval_is_where_the_score_test_stops_rejecting(successes, trials):
    lo, hi = wilson(successes, trials)
    want = roots(successes, trials)
    assert lo == pytest.approx(max(0.0, want[0]), abs=1e-12)
    assert hi == pytest.approx(min(1.0, want[1]), abs=1e-12)
    assert lo <= successes / trials <= hi


def test_a_known_interval_and_no_trials():
    lo, hi = wilson(40, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.3094, 0.4980)  # the textbook 95% Wilson interval for 40 of 100
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_interval_takes_up_to_ten_to_the_150_trials_and_refuses_more():
    lo, hi = wilson(10**149, 10**150)  # a proportion of 1/10, known to 1e-75 either way: floats see none of it
    assert lo == pytest.approx(0.1, abs=1e-15) and hi == pytest.approx(0.1, abs=1e-15) and lo <= hi
    with pytest.raises(ParameterError) as refused:
        wilson(1, 10**150 + 1)
    assert str(refused.value) == "trials: at most 10**150, not " + shown(10**150 + 1)


@pytest.mark.parametrize("successes, trials", [(-1, 3), (4, 3), (1.5, 3), (1, 2.0), (2, -1)])
def test_the_interval_names_what_it_refuses(successes, trials):
    with pytest.raises(ParameterError) as refused:
        wilson(successes, trials)
    assert str(refused.value) == (f"successes, trials: whole numbers with 0 <= successes <= trials, not "
                                  f"{shown(successes)}, {shown(trials)}")


def test_a_message_shows_a_value_cut_to_its_width_and_a_huge_integer_by_its_size():
    assert shown("x" * 50) == repr("x" * 50)[:37] + "..."
    assert shown("x" * 38) == repr("x" * 38) and len(shown("x" * 39)) == 40  # 40 characters: shown whole
    assert shown("abcdef", 6) == "'ab..." and shown([1, 2], 6) == "[1, 2]"
    assert shown(2**256 - 1, 100) == str(2**256 - 1)  # 256 bits: still written out (78 digits)
    assert shown(2**256, 100) == "an integer of about 78 digits"  # 257 bits: described
    assert shown(-(2**256 - 1), 100) == str(-(2**256 - 1))
    assert shown(-(10**5000)) == "minus an integer of about 5001 digits"


def test_the_interval_stays_within_0_and_1_where_rounding_would_take_it_past():
    # in floats the unclamped bounds of 20 of 20 end above 1, and of 0 of 7 below 0
    assert wilson(20, 20)[1] == 1.0 and wilson(0, 7)[0] == 0.0
    for n in range(1, 300):
        assert wilson(n, n)[1] <= 1.0 and wilson(0, n)[0] >= 0.0
