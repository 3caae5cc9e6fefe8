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
import math
import tracemalloc

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from countsweep import Board, analyze
from countsweep.constraints import Constraints
from countsweep.counting import path
from countsweep.counting.dpll import KNOT_BYTES, KNOT_DECISIONS, KNOT_MIN_VARS, KNOT_PER_VAR, KNOT_STATES, DpllCounter
from countsweep.counting.formula import Card, Formula
from countsweep.counting.path import linear_order, path_count
from countsweep.counting.poly import evaluate
from countsweep.play.generators import band, gapped_band, midgame
from tests.reference import KNOT, truth
from tests.strategies import formulas
from tests.test_dpll import band_count


@settings(max_examples=1500, deadline=None)
@given(formulas(max_vars=9, boxes=True, weighted=True, projected=False))
@example(Formula(5, tuple(Card(lits, lo, hi) for lits, lo, hi in (
    ((-1, -2, -3, -4, -5, 1), 0, 8), ((-1, -2, -3, -4, -5, 1), 2, 12), ((-1, -2, -3, -4, -5), 1, 12),
    ((-1, -2, -3, -5), 0, 8), ((-5, -1, -2), 0, 5), ((-1, -2, -3, -4, -5, 1), 0, 10))), sizes=(1, 1, 3, 3, 4)))
def test_the_path_count_is_the_searchs_on_random_formulas(f):
    # the budgets are estimates made before counting (states bounded by each open constraint's
    # sums): a formula of 5 variables in boxes of up to 4 cells under 6 constraints was estimated
    # at 2.03 million states of work, past MAX_WORK; unbounded here, every formula is counted
    unbounded = {"max_work": math.inf, "max_width_bits": math.inf}
    along = path_count(f, **unbounded)
    assert along is not None
    assert along == DpllCounter(path=False).count(f)
    assert path_count(f, plain=True, **unbounded) == DpllCounter(path=False).count(f, plain=True)


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
    # the search gave up past its budget (57 boxes: a few more decisions than KNOT_DECISIONS), and the path counted
    budget = max(KNOT_DECISIONS, KNOT_PER_VAR * knot.num_vars)
    assert KNOT_DECISIONS < budget < 2 * KNOT_DECISIONS
    assert d.last_stats.decisions == d.stats.decisions == budget + 1
    assert d.last_stats.max_component == knot.num_vars
    searched = DpllCounter(path=False)
    assert found == searched.count(knot) and searched.last_stats.decisions > 10 * KNOT_DECISIONS


def test_a_long_component_searched_in_a_few_decisions_a_variable_is_no_knot():
    # a dense 40x40 board's largest component: 624 boxes, counted by the search in 102 decisions; taken
    # along a path once they passed KNOT_DECISIONS, it took 15 times as long (0.9 s against 0.06 s)
    board = midgame(40, 40, 0.22, 0.6, seed=40)
    formula = max(Constraints.of(board).components, key=lambda c: len(c.cells)).formula()
    d, searched = DpllCounter(), DpllCounter(path=False)
    assert d.count(formula) == searched.count(formula)
    assert KNOT_DECISIONS < d.last_stats.decisions == searched.last_stats.decisions <= KNOT_PER_VAR * formula.num_vars


def test_a_knotted_formula_whose_path_would_hold_more_than_knot_bytes_is_searched(monkeypatch):
    # a dense 70x70 board's path, as wide as the board, held 10.9 GB and took 153 s where the search takes 1.5
    from countsweep.counting import dpll

    knot = max(Constraints.of(Board.from_text(KNOT)).components, key=lambda c: len(c.cells)).formula()
    monkeypatch.setattr(dpll, "KNOT_BYTES", 1 << 20)  # the knot's path holds 6 to 8 MB
    d = DpllCounter()
    assert d.count(knot) == DpllCounter(path=False).count(knot)
    assert d.last_stats.decisions > 10 * KNOT_DECISIONS  # searched to the end


def test_a_path_past_max_bytes_declines_in_its_plain_first_pass_before_a_memory_limit_above_it():
    # the dense 40x40 board's largest component: its coefficients pass TIGHTEN_BITS, so the layouts are
    # counted plainly first, and that pass already holds more than 2 MB; held to max_bytes (1 MB) it
    # declines there, where a pass held to --max-memory alone would stop the count with an error
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    board = midgame(40, 40, 0.22, 0.6, seed=40)
    formula = max(Constraints.of(board).components, key=lambda c: len(c.cells)).formula()
    wide = {"max_states": KNOT_STATES, "max_width_bits": math.inf, "max_work": math.inf}
    assert path_count(formula, Limits(max_memory=2 << 20), **wide, max_bytes=1 << 20) is None
    with pytest.raises(LimitExceeded, match="along the path needs more than 2 MB"):
        path_count(formula, Limits(max_memory=2 << 20), **wide)


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
    # kernel that stopped handed its part to the Python path, which counted on past it.  Under its
    # total the lattice's component of 1144 cells is the kernel's own path's (kernel.h's MAX_CELLS), and
    # the limit is met there; the Python path is held to it as a knotted formula's path is counted
    import gc
    import time

    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded
    from countsweep.play.generators import lattice

    board = lattice(40, 40, 0.2, seed=1, every=3)
    component = max(Constraints.of(board).components, key=lambda c: len(c.cells)).formula()

    def count(limits):
        if implementation == "python":
            return path_count(component, limits, max_states=KNOT_STATES, max_width_bits=math.inf, max_work=math.inf,
                              max_bytes=KNOT_BYTES)
        return analyze(board, limits=limits, implementation=implementation)

    # the work done past the deadline is what is measured: the process's own time, which a VM
    # that stops the process for a moment does not add to (once, here, a wall-clock 0.75 s bound
    # failed, on a run that takes 0.34 s every other time); and with the collector held off: in a
    # whole suite's run on a slow day it took 1.03 s where alone it takes 0.31 s, most likely a
    # sweep of the suite's heap, which is not the counting's overshoot
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        stage = "along the path" if implementation == "python" else "the components"
        with pytest.raises(LimitExceeded, match=rf"^time limit of 0\.3 s reached while counting {stage}$"):
            count(Limits(timeout=0.3))
        assert time.process_time() - start < 0.75
    finally:
        gc.enable()


# ---- the states, the plan's bounds and the limits, against what they are said to be --------------

def _grid(h: int, w: int) -> Formula:
    """Every 2x2 window of an h x w grid of cells holds one or two mines: layers of thousands of states."""
    v = lambda r, c: r * w + c + 1  # noqa: E731
    return Formula(h * w, tuple(Card((v(r, c), v(r + 1, c), v(r, c + 1), v(r + 1, c + 1)), 1, 2)
                                for r in range(h - 1) for c in range(w - 1)))


def _chain(n: int) -> Formula:
    """x1 + x2 = 1, x2 + x3 = 1, ...: one constraint of two sums open after every step but the last."""
    return Formula(n, tuple(Card((i, i + 1), 1, 1) for i in range(1, n)))


def _layers(f: Formula) -> list[int]:
    """How many states each step keeps, by enumeration apart from the dynamic programming.

    A state after step i is the tuple of partial sums of the constraints still open, over the
    prefixes (the first i + 1 variables of the order) that meet every constraint already closed and
    leave each open one within reach of its bounds.
    """
    cards = [c for c in (card.normalized() for card in f.constraints) if c is not None and c.lits]
    order = linear_order(f.num_vars, cards)
    pos = {v: i for i, v in enumerate(order)}
    sizes = []
    for i in range(len(order)):
        states = set()
        for bits in itertools.product((0, 1), repeat=i + 1):
            value = dict(zip(order[:i + 1], bits, strict=True))
            key: list[int] = []
            for card in cards:
                steps = [pos[abs(x)] for x in card.lits]
                if min(steps) > i:
                    continue
                t = sum(value[x] if x > 0 else 1 - value[-x] for x in card.lits if pos[abs(x)] <= i)
                room = sum(1 for s in steps if s > i)
                if not card.lo <= t <= card.hi if room == 0 else t > card.hi or t + room < card.lo:
                    break
                if room:
                    key.append(t)
            else:
                states.add(tuple(key))
        sizes.append(len(states))
    return sizes


@settings(max_examples=300, deadline=None)
@given(formulas(max_vars=8, projected=False))
def test_the_states_kept_are_the_partial_sums_that_some_prefix_reaches_and_can_complete(f):
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    if any(c is not None and c.lo > c.hi for c in (card.normalized() for card in f.constraints)):
        return  # refused before any state
    layers = _layers(f)
    widest, kept = max(layers), sum(layers)
    assert path_count(f, max_states=widest) is not None
    assert path_count(f, max_states=widest - 1) is None
    if kept < 2:
        return  # a bound of 0 is no bound a caller can set
    assert path_count(f, Limits(max_cache=kept)) is not None
    with pytest.raises(LimitExceeded, match=rf"^component cache reached its bound of {kept - 1} entries "
                                            r"\(states kept along the path\)$"):
        path_count(f, Limits(max_cache=kept - 1))


def test_a_chain_is_one_bit_wide_and_its_plan_counts_two_states_a_step():
    chain = _chain(10)
    assert path_count(chain, max_width_bits=1.0) is not None  # the bound is inclusive
    assert path_count(chain, max_width_bits=0.99) is None
    assert path_count(chain, max_work=19) is not None  # 2 states after each of 9 steps, 1 after the last
    assert path_count(chain, max_work=18) is None
    assert path_count(chain, max_width_bits=0.5, max_work=19) is None  # either bound refuses
    assert path_count(chain, max_width_bits=20, max_work=18) is None


def test_constraints_that_close_where_they_open_take_no_width():
    lone = Formula(3, (Card((1,), 1, 1), Card((2,), 0, 0), Card((3,), 1, 1)))
    assert path_count(lone, max_width_bits=0.0).count == 1


def test_a_formula_far_too_wide_is_refused_before_its_plan_is_made(monkeypatch):
    import countsweep.counting.path as path

    def no_plan(*args):
        raise AssertionError("a plan was made for a formula its width refuses")

    monkeypatch.setattr(path, "_Plan", no_plan)
    assert path_count(_grid(30, 30)) is None


@settings(max_examples=800, deadline=None)
@given(formulas(max_vars=9, boxes=True, weighted=True, projected=False))
def test_coefficients_packed_as_narrow_as_the_layouts_need_count_the_same(f):
    # every formula's packing narrowed to its layouts' bits, counted plainly first (past
    # TIGHTEN_BITS only, in use): a bound one bit short spills a coefficient into the next
    unbounded = {"max_work": math.inf, "max_width_bits": math.inf}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(path, "TIGHTEN_BITS", 0)
        narrow = path_count(f, **unbounded)
    assert narrow == DpllCounter(path=False).count(f)


def test_a_band_of_thousands_of_cells_is_packed_at_its_layouts_bits_not_its_cells(monkeypatch):
    # a band hidden on both sides of every other number: 1000 cells, a 514-bit count
    board = gapped_band(400, 0.5, seed=400)
    formula = Constraints.of(board).components[0].formula()
    widths = []
    forward = path._forward
    monkeypatch.setattr(path, "_forward", lambda plan, cards, bits, *rest: widths.append(bits) or forward(
        plan, cards, bits, *rest))
    counts = path_count(formula)
    assert counts is not None and widths == [0, widths[-1]] and 514 < widths[-1] <= 540 < formula.cells
    monkeypatch.setattr(path, "TIGHTEN_BITS", formula.cells * 2)
    assert path_count(formula) == counts and widths[-1] > formula.cells  # packed at 2**cells, as before


@settings(max_examples=800, deadline=None)
@given(formulas(max_vars=9, boxes=True, weighted=True, projected=False), st.lists(st.integers(0, 2**70), max_size=40),
       st.booleans())
def test_marginals_weighted_from_the_end_are_the_marginals_dotted_with_the_weights(f, draws, narrow):
    unbounded = {"max_work": math.inf, "max_width_bits": math.inf}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(path, "TIGHTEN_BITS", 0 if narrow else path.TIGHTEN_BITS)
        run = path.path_forward(f, **unbounded)
    counts = DpllCounter(path=False).count(f)
    if run is None:  # no model
        assert counts.count == 0
        return
    outside = {m: draws[m % len(draws)] if draws else 1 for m in range(-2, f.cells + 3)}
    assert run.total == counts.total
    assert run.weighted_marginals(outside) == tuple(
        sum(c * outside[m] for m, c in enumerate(p.coeffs, p.low)) for p in counts.marginals)


def _packed(coefficients: list[int], bits: int = 8) -> int:
    return sum(c << bits * k for k, c in enumerate(coefficients))


@pytest.mark.parametrize(("tail", "ways", "kept"), [
    ((0, _packed([5, 7, 9])), (1, _packed([1])), (1, 7)),                     # clipped below and above
    ((0, _packed([5, 7, 9])), (0, _packed([1, 1, 1, 1])), (0, _packed([5, 7, 9]))),  # within: kept whole
    ((3, _packed([4, 6])), (1, _packed([1])), (3, 0)),                          # wholly above the ways: nothing
    ((2, _packed([4, 6, 8])), (1, _packed([1, 1, 1])), (2, _packed([4, 6]))),    # from its own low to theirs
], ids=["below-and-above", "within", "above", "from-its-low"])
def test_a_tail_is_kept_at_the_mine_counts_its_states_ways_hold_and_no_others(tail, ways, kept):
    assert path._clip(tail, ways, 8, 8) == kept


def test_outside_weights_at_no_mine_count_the_formula_holds_weigh_every_marginal_zero():
    run = path.path_forward(Formula(3, (Card((1, 2), 1, 1), Card((2, 3), 1, 1))))  # one or two mines
    assert run is not None and run.weighted_marginals({}) == run.weighted_marginals({7: 5}) == (0, 0, 0)


def test_a_tail_as_large_as_the_layouts_times_the_largest_weight_keeps_every_coefficient_whole():
    # no constraint on 100 cells: after the first cell, a state's tail at each mine count is 2**99
    # times the weight, the most the packing allows for
    free = Formula(100, ())
    run = path.path_forward(free)
    weight = 2**64 - 1
    assert run is not None
    assert run.weighted_marginals(dict.fromkeys(range(101), weight)) == (2**99 * weight,) * 100


def test_a_heavy_weight_on_no_variable_fits_the_packing_narrowed_to_the_layouts(monkeypatch):
    # the factor multiplies every packed coefficient after the count: the narrowed packing leaves it room
    monkeypatch.setattr(path, "TIGHTEN_BITS", 0)
    heavy = Formula(6, (Card((), 0, 0, (2**61 - 1,)), *(Card((i, i + 1), 0, 1) for i in range(1, 6))))
    assert path_count(heavy) == DpllCounter(path=False).count(heavy)


def test_the_deadline_is_polled_at_every_step_of_the_weighting_too(monkeypatch):
    from countsweep.counting import Limits

    run = path.path_forward(Formula(4, (Card((1, 2, 3), 1, 1), Card((3, 4), 1, 1))))
    asked: list[str] = []
    monkeypatch.setattr(Limits, "check", lambda self, where="": asked.append(where))
    assert run is not None
    run.weighted_marginals({1: 1, 2: 1})
    assert asked == ["while weighing the marginals along the path"] * 4


def test_weighted_constraints_on_no_variable_multiply_the_counts_by_their_weights():
    from countsweep.counting.formula import Counts

    inner = (Card((1, 2), 1, 1),)
    plain, weighted = Formula(2, inner), Formula(2, (Card((), 0, 0, (5,)), *inner, Card((), 0, 0, (7,))))
    base, scaled = path_count(plain), path_count(weighted)
    assert scaled == DpllCounter(path=False).count(weighted)
    assert isinstance(scaled, Counts) and scaled.count == 35 * base.count == 70
    assert [evaluate(m, 1) for m in scaled.marginals] == [35, 35]


def test_heavy_weights_do_not_spill_between_the_packed_coefficients():
    # each weight near 2**40: the packing must leave room for their product on every coefficient
    w = 2**40 - 1
    heavy = Formula(6, tuple(Card((i, i + 1), 0, 1, (w, w - 2)) for i in range(1, 6)))
    assert path_count(heavy) == DpllCounter(path=False).count(heavy)


def test_two_hundred_free_cells_keep_every_binomial_coefficient_whole():
    free = Formula(200, ())
    assert path_count(free).total.coeffs == tuple(math.comb(200, k) for k in range(201))


def test_a_formula_of_no_variable_counts_one():
    assert path_count(Formula(0, ())).count == 1


def test_the_order_holds_every_variable_once_isolated_ones_included():
    cards = [Card((2, 3), 1, 1), Card((3, 4), 0, 1)]
    assert sorted(linear_order(5, cards)) == [1, 2, 3, 4, 5]


def test_neighbours_are_taken_fewest_neighbours_first():
    # a triangle 1-2-3 with a tail 1-4: from the tail, 1, then 2 and 3; two open constraints at most,
    # where taking the neighbours by number (from 3: 1, 2, then 4) keeps three open
    cards = [Card((1, 3), 1, 1), Card((2, 3), 1, 1), Card((4, 1), 1, 1), Card((2, 1), 1, 1)]
    assert linear_order(4, cards) == [4, 1, 2, 3]


def test_a_variable_is_not_its_own_neighbour():
    # ties go to the lower number: a triangle's double sweep from 1 ends at 3, then at 2; counted as its
    # own neighbour, 1 would look busier and the sweep would end there
    triangle = [Card((3, 2), 1, 1), Card((1, 2), 1, 1), Card((3, 1), 1, 1)]
    assert linear_order(3, triangle) == [2, 1, 3]
    # the same with a tail 1-5 and the isolated 4 last: the last variables count alike
    tailed = [Card((3, 1), 1, 1), Card((1, 2), 1, 1), Card((3, 2), 1, 1), Card((5, 1), 1, 1)]
    assert linear_order(5, tailed) == [5, 1, 2, 3, 4]


def test_the_deadline_is_polled_at_every_step_both_ways_and_within_a_wide_layer(monkeypatch):
    from countsweep.counting import Limits

    asked: list[str] = []
    monkeypatch.setattr(Limits, "check", lambda self, where="": asked.append(where))
    f = _grid(6, 12)
    assert path_count(f) is not None
    assert set(asked) == {"while counting along the path"}
    assert len(asked) > 2 * f.num_vars  # forward and backward once a step, and inside layers past 1024 states


def test_the_memory_the_layers_hold_adds_up_along_the_path():
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    limit = Limits(max_memory=2 * 2**20)
    assert path_count(_chain(3000), limit) is not None  # each layer is small: only their sum can pass it
    with pytest.raises(LimitExceeded, match=r"^counting along the path needs more than 2 MB; the limit is 2 MB "
                                            r"\(--max-memory\)$"):
        path_count(_chain(6000), limit)
