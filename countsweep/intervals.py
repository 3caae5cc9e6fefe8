"""Confidence intervals for win rates.

>>> lo, hi = wilson(676, 1000)
>>> round(lo, 3), round(hi, 3)
(0.646, 0.704)
"""

from __future__ import annotations

from math import sqrt
from numbers import Integral

from countsweep.errors import ParameterError, shown


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a binomial proportion."""
    if not isinstance(successes, Integral) or not isinstance(trials, Integral) or not 0 <= successes <= trials:
        raise ParameterError(f"successes, trials: whole numbers with 0 <= successes <= trials, not "
                             f"{shown(successes)}, {shown(trials)}")
    if trials > 10**150:  # 4 * trials**2 would pass the largest float
        raise ParameterError(f"trials: at most 10**150, not {shown(trials)}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
