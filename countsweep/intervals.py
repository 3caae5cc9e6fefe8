"""Confidence intervals for win rates.

>>> lo, hi = wilson(676, 1000)
>>> round(lo, 3), round(hi, 3)
(0.646, 0.704)
"""

from __future__ import annotations

from math import sqrt


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a binomial proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
