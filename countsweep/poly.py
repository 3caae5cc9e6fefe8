"""Integer polynomials in the number of mines, kept sparse at the low end.

A polynomial is a pair ``(low, coeffs)``: ``coeffs[i]`` is the number of
assignments with ``low + i`` mines.  Component counts have narrow support far
from zero (a band of 2n cells holds about n mines), so storing the offset keeps
products cheap.  The zero polynomial is ``(0, ())``.

>>> mul((0, (1, 1)), (0, (1, 1)))
(0, (1, 2, 1))
>>> add((1, (2,)), (0, (1, 1)))
(0, (1, 3))
>>> evaluate(binomial(4), 1)
16
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

Poly = tuple[int, tuple[int, ...]]

ZERO: Poly = (0, ())
ONE: Poly = (0, (1,))


def _trim(low: int, coeffs: list[int]) -> Poly:
    start = 0
    end = len(coeffs)
    while start < end and coeffs[start] == 0:
        start += 1
    while end > start and coeffs[end - 1] == 0:
        end -= 1
    if start == end:
        return ZERO
    return (low + start, tuple(coeffs[start:end]))


def monomial(degree: int, coeff: int = 1) -> Poly:
    """``coeff * x**degree``."""
    return (degree, (coeff,)) if coeff else ZERO


def shift(p: Poly, k: int) -> Poly:
    """Multiply by ``x**k`` (``k`` more mines in every assignment)."""
    return (p[0] + k, p[1]) if p[1] else ZERO


def add(p: Poly, q: Poly) -> Poly:
    if not p[1]:
        return q
    if not q[1]:
        return p
    low = min(p[0], q[0])
    high = max(p[0] + len(p[1]), q[0] + len(q[1]))
    out = [0] * (high - low)
    for i, c in enumerate(p[1], p[0] - low):
        out[i] += c
    for i, c in enumerate(q[1], q[0] - low):
        out[i] += c
    return _trim(low, out)


def add_all(polys) -> Poly:
    total = ZERO
    for p in polys:
        total = add(total, p)
    return total


def mul(p: Poly, q: Poly) -> Poly:
    if not p[1] or not q[1]:
        return ZERO
    a, b = p[1], q[1]
    if len(a) == 1:
        c = a[0]
        return (p[0] + q[0], tuple(c * y for y in b)) if c != 1 else (p[0] + q[0], b)
    if len(b) == 1:
        c = b[0]
        return (p[0] + q[0], tuple(c * x for x in a)) if c != 1 else (p[0] + q[0], a)
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return (p[0] + q[0], tuple(out))


@lru_cache(maxsize=4096)
def binomial(n: int) -> Poly:
    """``(1 + x)**n``: the ways to place any number of mines on ``n`` free cells."""
    return (0, tuple(comb(n, k) for k in range(n + 1)))


def coefficient(p: Poly, k: int) -> int:
    i = k - p[0]
    return p[1][i] if 0 <= i < len(p[1]) else 0


def evaluate(p: Poly, x: int) -> int:
    """``p(x)``; ``evaluate(p, 1)`` is the total number of assignments."""
    if x == 1:
        return sum(p[1])
    value = 0
    for c in reversed(p[1]):
        value = value * x + c
    return value * x ** p[0]


def degrees(p: Poly) -> range:
    return range(p[0], p[0] + len(p[1]))
