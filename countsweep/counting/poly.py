"""Integer polynomials in the number of mines, kept sparse at the low end.

A :class:`Poly` is ``(low, coeffs)``: ``coeffs[i]`` is the number of
assignments with ``low + i`` mines.  Component counts have narrow support far
from zero (a band of 2n cells holds about n mines), so storing the offset keeps
products cheap.  The zero polynomial is ``Poly(0, ())``; coefficients are
Python integers, so no count ever overflows.

>>> mul(Poly(0, (1, 1)), Poly(0, (1, 1)))
Poly(low=0, coeffs=(1, 2, 1))
>>> add(Poly(1, (2,)), Poly(0, (1, 1)))
Poly(low=0, coeffs=(1, 3))
>>> evaluate(binomial(4), 1)
16
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb
from typing import NamedTuple


class Poly(NamedTuple):
    """``sum(coeffs[i] * x**(low + i))``; no leading or trailing zero coefficients."""

    low: int
    coeffs: tuple[int, ...]


ZERO = Poly(0, ())
ONE = Poly(0, (1,))


def _trim(low: int, coeffs: list[int]) -> Poly:
    start = 0
    end = len(coeffs)
    while start < end and coeffs[start] == 0:
        start += 1
    while end > start and coeffs[end - 1] == 0:
        end -= 1
    if start == end:
        return ZERO
    return Poly(low + start, tuple(coeffs[start:end]))


def monomial(degree: int, coeff: int = 1) -> Poly:
    """``coeff * x**degree``."""
    return Poly(degree, (coeff,)) if coeff else ZERO


def shift(p: Poly, k: int) -> Poly:
    """Multiply by ``x**k`` (``k`` more mines in every assignment)."""
    return Poly(p.low + k, p.coeffs) if p.coeffs else ZERO


def add(p: Poly, q: Poly) -> Poly:
    if not p.coeffs:
        return q
    if not q.coeffs:
        return p
    low = min(p.low, q.low)
    high = max(p.low + len(p.coeffs), q.low + len(q.coeffs))
    out = [0] * (high - low)
    for i, c in enumerate(p.coeffs, p.low - low):
        out[i] += c
    for i, c in enumerate(q.coeffs, q.low - low):
        out[i] += c
    return _trim(low, out)


def add_all(polys: Iterable[Poly]) -> Poly:
    total = ZERO
    for p in polys:
        total = add(total, p)
    return total


def mul(p: Poly, q: Poly) -> Poly:
    a, b = p.coeffs, q.coeffs
    if not a or not b:
        return ZERO
    low = p.low + q.low
    if len(a) == 1:
        c = a[0]
        return Poly(low, tuple(c * y for y in b)) if c != 1 else Poly(low, b)
    if len(b) == 1:
        c = b[0]
        return Poly(low, tuple(c * x for x in a)) if c != 1 else Poly(low, a)
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return Poly(low, tuple(out))


@lru_cache(maxsize=4096)
def binomial(n: int) -> Poly:
    """``(1 + x)**n``: the ways to place any number of mines on ``n`` free cells."""
    return Poly(0, tuple(comb(n, k) for k in range(n + 1)))


def coefficient(p: Poly, k: int) -> int:
    """The coefficient of ``x**k``: the assignments with exactly ``k`` true variables."""
    i = k - p.low
    return p.coeffs[i] if 0 <= i < len(p.coeffs) else 0


def evaluate(p: Poly, x: int) -> int:
    """``p(x)``; ``evaluate(p, 1)`` is the total number of assignments."""
    if x == 1:
        return sum(p.coeffs)
    value = 0
    for c in reversed(p.coeffs):
        value = value * x + c
    return value * x**p.low


def pack(p: Poly, bits: int) -> int:
    """``p`` as one integer, ``p(2**bits)``: coefficient ``k`` in bits ``k*bits`` to ``(k+1)*bits``.

    With ``bits`` larger than any coefficient (Kronecker substitution), adding
    and multiplying polynomials is adding and multiplying these integers: one
    big-integer operation in C instead of a loop over coefficients.  Every
    coefficient must be non-negative and below ``2**bits``.

    >>> unpack(pack(Poly(2, (3, 0, 5)), 8) * pack(Poly(0, (1, 1)), 8), 8)
    Poly(low=2, coeffs=(3, 3, 5, 5))
    """
    value = 0
    for c in reversed(p.coeffs):
        value = (value << bits) | c
    return value << (bits * p.low)


def unpack(value: int, bits: int) -> Poly:
    """The polynomial :func:`pack` made ``value`` from (``bits`` a multiple of 8; 0: a plain value)."""
    if not value:
        return ZERO
    if not bits:
        return Poly(0, (value,))
    step = bits // 8
    data = value.to_bytes((value.bit_length() + 7) // 8, "little")
    return _trim(0, [int.from_bytes(data[i:i + step], "little") for i in range(0, len(data), step)])


def decimal(n: int) -> str:
    """``str(n)`` for an integer of any length.

    Python 3.11 refuses to print integers of more than 4300 digits (a guard
    against slow conversions of untrusted input); a count is countsweep's own
    answer, so it is printed however long, in pieces the guard allows.

    >>> len(decimal(3 ** 20000)), decimal(3 ** 20000)[:8]
    (9543, '26613034')
    """
    if n < 0:
        return "-" + decimal(-n)
    if n.bit_length() < 12_000:  # under 3600 digits
        return str(n)
    half = n.bit_length() * 30103 // 200_000  # about half the digits
    high, low = divmod(n, 10**half)
    return decimal(high) + decimal(low).rjust(half, "0")


def degrees(p: Poly) -> range:
    """The exponents ``p`` has coefficients for, lowest first."""
    return range(p.low, p.low + len(p.coeffs))
