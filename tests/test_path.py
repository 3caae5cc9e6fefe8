"""Counting along a path: exact on every formula it takes, linear in a band's length, and chosen where it pays.

The shared backend contract (``tests/test_backends.py``, ``TestPath``) holds
the ``path`` backend to enumeration; here: the dynamic programming itself
against the DPLL search on random formulas of every kind it takes, bands
thousands of columns long against an independent transfer matrix and in
memory that does not grow with the square of the length, rings, and which
formulas the DPLL hands to it.
"""

from __future__ import annotations

import itertools
import tracemalloc

import pytest
from hypothesis import given, settings

from countsweep import Board, analyze
from countsweep.constraints import Constraints
from countsweep.counting.dpll import KNOT_DECISIONS, KNOT_MIN_VARS, DpllCounter
from countsweep.counting.formula import Card, Formula
from countsweep.counting.path import linear_order, path_count
from countsweep.play.generators import band, midgame
from tests.reference import KNOT, truth
from tests.strategies import formulas
from tests.test_dpll import band_count


@settings(max_examples=1500, deadline=None)
@given(formulas(max_vars=9, boxes=True, weighted=True, projected=False))
def test_the_path_count_is_the_searchs_on_random_formulas(f):
    along = path_count(f)
    assert along is not None  # small formulas are never too wide
    assert along == DpllCounter(path=False).count(f)
    assert path_count(f, plain=True) == DpllCounter(path=False).count(f, plain=True)


def test_a_projected_formula_is_left_to_the_search():
    assert path_count(Formula(3, (Card((1, 2), 1, 2),), projection=(1, 2))) is None


def test_a_band_is_taken_column_by_column():
    f = Constraints.of(band(40, seed=3)).components[0].formula()
    order = linear_order(f.num_vars, list(f.constraints))
    assert abs(order[0] - order[-1]) == f.num_vars - 1  # from one end to the other
    assert max(abs(a - b) for a, b in itertools.pairwise(order)) <= 2


@pytest.mark.long
def test_a_band_three_thousand_columns_long_is_counted_exactly_in_little_memory():
    b = band(3000, seed=3000, total=False)
    tracemalloc.start()
    try:
        a = analyze(b, "dpll", implementation="python")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert a.count == band_count(3000, [b[1, c] for c in range(3000)])
    assert peak < 200 * 2**20


@pytest.mark.parametrize("seed", range(4))
def test_a_ring_around_an_opened_region_is_counted_along_its_path(seed):
    # a 16x16 board opened but for its border: the frontier is one ring of 60 cells
    b = midgame(16, 16, 0.0, 1.0, seed=seed)  # every cell open, no mine
    rows = [list(r) for r in b.grid]
    import random

    rng = random.Random(seed)
    mines = {(r, c) for r in range(16) for c in range(16) if (r in (0, 15) or c in (0, 15)) and rng.random() < 0.3}
    for r in range(16):
        for c in range(16):
            if r in (0, 15) or c in (0, 15):
                rows[r][c] = -1
            else:
                rows[r][c] = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    board = Board(tuple(map(tuple, rows)), len(mines))
    f = Constraints.of(board).components[0].formula()
    along = path_count(f)
    assert along is not None and along == DpllCounter(path=False).count(f)


def test_the_dpll_counts_a_long_band_along_a_path_and_a_dense_blob_by_search():
    d = DpllCounter()
    d.count(Constraints.of(band(300, seed=1)).components[0].formula())
    assert d.last_stats.decisions == 0 and d.last_stats.max_component >= 100  # along the path: no decision
    blob = max(Constraints.of(midgame(30, 30, 0.22, 0.6, seed=1)).components, key=lambda c: len(c.cells))
    d.count(blob.formula())
    assert d.last_stats.decisions > 0  # too wide for a path: searched


@pytest.mark.long
def test_a_knotted_3d_frontier_is_counted_along_a_path_once_its_search_passes_its_budget():
    knot = max(Constraints.of(Board.from_text(KNOT)).components, key=lambda c: len(c.cells)).formula()
    assert knot.num_vars >= KNOT_MIN_VARS
    d = DpllCounter()
    found = d.count(knot)
    # the search gave up past its budget, and the path counted
    assert d.last_stats.decisions == d.stats.decisions == KNOT_DECISIONS + 1
    assert d.last_stats.max_component == knot.num_vars
    searched = DpllCounter(path=False)
    assert found == searched.count(knot) and searched.last_stats.decisions > 10 * KNOT_DECISIONS


@pytest.mark.parametrize("text", ["5x3x5\n?????\n23332\n?????", "4x3\n????\n2221\n????"])
def test_small_bands_through_the_path_backend_equal_enumeration(text):
    board = Board.from_text(text)
    count, probs = truth(board)
    a = analyze(board, "path")
    assert (a.count, a.probabilities) == (count, probs)


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_a_deadline_in_the_middle_of_a_dense_lattice_is_met_within_a_fraction_of_a_second(implementation):
    # one layer of a 40x40 lattice's path holds thousands of states and takes most of a second:
    # polled only between layers (or every 64 of them), a 0.3 s limit was met after 0.9 s, and a
    # kernel that stopped handed its part to the Python path, which counted on past it
    import time

    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded
    from countsweep.play.generators import lattice

    board = lattice(40, 40, 0.2, seed=1, every=3)
    start = time.perf_counter()
    with pytest.raises(LimitExceeded, match=r"^time limit of 0\.3 s reached while counting along the path$"):
        analyze(board, limits=Limits(timeout=0.3), implementation=implementation)
    assert time.perf_counter() - start < 0.75
