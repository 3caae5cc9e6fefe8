"""The decomposing DPLL counter against brute force, Ganak, and closed forms."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import Board, LimitExceeded, Limits
from countsweep.constraints import Constraints
from countsweep.counting.brute import BruteCounter
from countsweep.counting.dpll import DpllCounter
from countsweep.counting.formula import Card, Formula, clause
from countsweep.oracle import analyze
from countsweep.play.generators import band
from tests.ganak import ganak_formula
from tests.strategies import formulas


@settings(max_examples=3000)
@given(formulas())
def test_agrees_with_brute_force_on_random_formulas(f):
    assert DpllCounter().count(f) == BruteCounter().count(f)


@st.composite
def cnfs(draw):
    n = draw(st.integers(1, 12))
    cls = [
        tuple(v if draw(st.booleans()) else -v
              for v in draw(st.lists(st.integers(1, n), unique=True, min_size=1, max_size=4)))
        for _ in range(draw(st.integers(0, 18)))
    ]
    proj = tuple(sorted(draw(st.sets(st.integers(1, n))))) if draw(st.booleans()) else None
    return Formula(n, tuple(clause(c) for c in cls), proj)


@settings(max_examples=1000)
@given(cnfs())
def test_projected_cnf_counts_agree_with_ganak(f):
    assert DpllCounter().count(f).count == ganak_formula(f)


def band_count(n: int, numbers: list[int]) -> int:
    """Independent transfer-matrix count of a band's layouts (top/bottom cells per column)."""
    # state: mines in the previous column and the current one; check each number at its column
    ways = {(): 1}
    for col in range(n):
        nxt: dict[tuple, int] = {}
        for hist, w in ways.items():
            for m in (0, 1, 2):
                mult = 1 if m != 1 else 2
                h = (*hist, m)[-3:]
                if col >= 1:
                    need = numbers[col - 1]
                    cols = h[-3:] if col >= 2 else h[-2:]
                    if sum(cols) != need:
                        continue
                nxt[h] = nxt.get(h, 0) + w * mult
        ways = nxt
    return sum(w for h, w in ways.items() if sum(h[-2:]) == numbers[n - 1])


@pytest.mark.parametrize("n", [5, 30, 120])
def test_band_counts_match_a_transfer_matrix(n):
    b = band(n, seed=n, total=False)
    nums = [b[1, c] for c in range(n)]
    assert analyze(b).count == band_count(n, nums)


def test_cache_hits_translated_components():
    # cell by cell: with boxes a band's columns are settled by propagation alone
    d = DpllCounter()
    cells = Constraints.of(band(200, seed=1)).components[0].formula(boxes=False)
    d.count(cells)
    assert d.last_stats.cache_hits > 100


@pytest.mark.parametrize("n", [5, 30, 120])
def test_a_band_counted_over_boxes_equals_it_counted_cell_by_cell(n):
    comp = Constraints.of(band(n, seed=n)).components[0]
    boxed, cells = DpllCounter().count(comp.formula()), DpllCounter().count(comp.formula(boxes=False))
    assert boxed.total == cells.total and len(comp.boxes) == n


def test_timeout_stops_cleanly():
    f = Formula(400, tuple(Card(tuple(range(i, i + 8)), 3, 3) for i in range(1, 393, 2)))
    with pytest.raises(LimitExceeded, match="time limit"):
        DpllCounter().count(f, Limits(timeout=0.0))


def test_cache_bound_stops_cleanly():
    with pytest.raises(LimitExceeded, match="cache reached its bound of 5"):
        DpllCounter().count(Constraints.of(band(100)).components[0].formula(boxes=False), Limits(max_cache=5))


def test_mine_polynomial_by_number_of_true_variables():
    counts = DpllCounter().count(Formula(6, (Card((1, 2, 3, 4), 2, 3),)))
    # assignments of 6 variables with 2 or 3 of the first four true, by total true
    expected = {k: sum(comb(4, a) * comb(2, k - a) for a in (2, 3) if 0 <= k - a <= 2)
                for k in range(7)}
    assert {k: counts.count_with(k) for k in range(7)} == expected


def test_unsatisfiable_root():
    f = Formula(2, (Card((1,), 1, 1), Card((-1,), 1, 1)))
    assert DpllCounter().count(f).count == 0


def test_a_component_cell_by_cell_has_one_plain_variable_per_cell():
    comp = Constraints.of(Board.from_text("4x2x2\n1??-\n-??1")).components[0]
    boxed, cells = comp.formula(), comp.formula(boxes=False)
    assert cells.num_vars == len(comp.cells) and cells.sizes is None
    assert boxed.num_vars == len(comp.boxes) < len(comp.cells) and boxed.sizes == tuple(len(b) for b in comp.boxes)
    assert DpllCounter().count(boxed).total == DpllCounter().count(cells).total
