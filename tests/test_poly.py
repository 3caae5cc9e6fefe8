"""Mine-count polynomials against a plain dictionary implementation, and their normal form.

Every count countsweep returns is one of these polynomials, so each operation
is checked against the obvious definition on random polynomials with big and
zero coefficients and offsets far from zero, and every result must be in
normal form (no zero coefficient at either end; the zero polynomial is
``Poly(0, ())``): two polynomials are equal exactly when their counts are.
"""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from countsweep.counting.poly import (
    ONE,
    ZERO,
    Poly,
    add,
    add_all,
    binomial,
    coefficient,
    decimal,
    degrees,
    evaluate,
    monomial,
    mul,
    pack,
    shift,
    unpack,
)


def as_dict(p: Poly) -> dict[int, int]:
    return {p.low + i: c for i, c in enumerate(p.coeffs) if c}


def normal(p: Poly) -> bool:
    return p == ZERO or (bool(p.coeffs) and p.coeffs[0] != 0 and p.coeffs[-1] != 0)


@st.composite
def polys(draw) -> Poly:
    """Polynomials in normal form: sometimes zero, sometimes a single term, big coefficients."""
    terms = draw(st.dictionaries(st.integers(0, 12), st.integers(-3, 10**30).filter(bool), max_size=6))
    if not terms:
        return ZERO
    low, high = min(terms), max(terms)
    return Poly(low, tuple(terms.get(k, 0) for k in range(low, high + 1)))


@given(polys(), polys())
@example(Poly(0, (1, 2, 3)), Poly(1, (-2, -3)))      # the top two terms cancel
@example(Poly(0, (1, 2, 3)), Poly(2, (-3,)))         # the top term cancels, two remain
@example(Poly(0, (1, 1, 5)), Poly(0, (-1, -1)))      # the bottom two cancel
@example(Poly(2, (1, 2)), Poly(2, (3, 4)))           # the same degrees: coefficients add
@example(Poly(1, (1, 2)), Poly(1, (-1, -2)))         # everything cancels
def test_add_is_the_sum_of_coefficients_in_normal_form(p, q):
    expected = {k: as_dict(p).get(k, 0) + as_dict(q).get(k, 0) for k in as_dict(p).keys() | as_dict(q).keys()}
    r = add(p, q)
    assert as_dict(r) == {k: v for k, v in expected.items() if v} and normal(r)


@given(polys(), polys())
def test_mul_is_the_convolution_in_normal_form(p, q):
    expected: dict[int, int] = {}
    for i, a in as_dict(p).items():
        for j, b in as_dict(q).items():
            expected[i + j] = expected.get(i + j, 0) + a * b
    r = mul(p, q)
    assert as_dict(r) == {k: v for k, v in expected.items() if v} and normal(r)
    assert mul(q, p) == r


@given(polys(), st.integers(0, 5))
def test_a_single_term_times_a_polynomial_scales_and_shifts_it(p, k):
    for c in (1, 3, -2):
        term = monomial(k, c)
        assert as_dict(mul(term, p)) == {d + k: c * v for d, v in as_dict(p).items()}
        assert as_dict(mul(p, term)) == {d + k: c * v for d, v in as_dict(p).items()}


@given(polys(), st.integers(0, 7))
def test_shift_adds_mines_to_every_term(p, k):
    r = shift(p, k)
    assert as_dict(r) == {d + k: v for d, v in as_dict(p).items()} and normal(r)


def test_the_zero_polynomial_has_one_form():
    assert shift(ZERO, 3) == ZERO == add(ZERO, ZERO) == mul(ZERO, ONE) == mul(ONE, ZERO) == monomial(4, 0)
    assert add(Poly(1, (2,)), Poly(1, (-2,))) == ZERO
    assert add_all([]) == ZERO and add_all([ONE, ONE, monomial(1)]) == Poly(0, (2, 1))


@pytest.mark.long
@given(st.lists(polys(), max_size=5))
def test_add_all_adds_them_all(ps):
    expected: dict[int, int] = {}
    for p in ps:
        for k, v in as_dict(p).items():
            expected[k] = expected.get(k, 0) + v
    assert as_dict(add_all(ps)) == {k: v for k, v in expected.items() if v}


@given(st.integers(0, 60))
def test_binomial_is_one_plus_x_to_the_n(n):
    assert binomial(n) == Poly(0, tuple(comb(n, k) for k in range(n + 1)))
    assert evaluate(binomial(n), 1) == 2**n


@given(polys(), st.integers(-2, 16))
def test_coefficient_reads_any_degree(p, k):
    assert coefficient(p, k) == as_dict(p).get(k, 0)


@given(polys(), st.integers(-3, 5))
@example(Poly(1, (1, 2)), 2)
@example(Poly(0, (3,)), 2)
def test_evaluate_is_the_value_at_x(p, x):
    if x == 0 and as_dict(p) and min(as_dict(p)) == 0:
        assert evaluate(p, 0) == as_dict(p)[0]
    if x != 0:
        assert evaluate(p, x) == sum(v * x**k for k, v in as_dict(p).items())
    assert evaluate(p, 1) == sum(as_dict(p).values())


def test_degrees_are_the_exponents_with_coefficients():
    assert list(degrees(Poly(3, (1, 0, 2)))) == [3, 4, 5] and list(degrees(ZERO)) == []
    assert monomial(2, 5) == Poly(2, (5,)) and monomial(0) == ONE


@given(polys().filter(lambda p: all(c >= 0 for c in p.coeffs)), st.sampled_from([0, 8, 64, 128]))
@example(Poly(0, (5,)), 0)
@example(Poly(2, (1, 0, 7)), 8)
def test_unpack_inverts_pack(p, bits):
    if bits == 0 and (p.low or len(p.coeffs) > 1):
        return  # bits 0 packs a plain value: a constant only
    if bits and any(c.bit_length() > bits for c in p.coeffs):
        return  # a coefficient wider than its field does not fit
    assert unpack(pack(p, bits), bits) == p


@given(st.integers(-(10**9000), 10**9000))
@example(0)
@example(-7)
@example(10**5000 + 7)          # the low half is mostly zeros: padded, not dropped
@example(2**12000 - 1)
@example(-(3**20000))
def test_decimal_prints_any_integer_as_str_would(n):
    import sys

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        expected = str(n)
    finally:
        sys.set_int_max_str_digits(limit)
    assert decimal(n) == expected
