"""The Wilson interval printed beside every win rate."""

from __future__ import annotations

import math

import pytest

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
