"""The decomposing DPLL counter against brute force, Ganak, and closed forms."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from countsweep import Board, LimitExceeded, Limits
from countsweep.constraints import Constraints
from countsweep.counting.brute import BruteCounter
from countsweep.counting.dpll import DpllCounter
from countsweep.counting.formula import Card, Formula, clause
from countsweep.counting.poly import ZERO, degrees, mul
from countsweep.errors import ParameterError
from countsweep.oracle import analyze
from countsweep.play.generators import band
from tests.ganak import ganak_formula
from tests.strategies import formulas


@settings(max_examples=3000)
@given(formulas())
def test_agrees_with_brute_force_on_random_formulas(f):
    assert DpllCounter().count(f) == BruteCounter().count(f)


@settings(max_examples=1500)
@given(formulas())
# x1 is false in every model, found only by a branch: its marginal is absent, and zero
@example(Formula(3, (Card((1, 2), 0, 1), Card((1, 3), 0, 1), Card((2, 3), 1, 2))))
def test_a_wide_search_keeps_its_polynomials_apart_and_counts_the_same(f):
    """Past WIDE_BITS the search holds unpacked polynomials (dense boards' large components); here every
    formula is counted both ways, and both against brute force."""
    from countsweep.counting import dpll

    packed = DpllCounter(path=False).count(f)
    old = dpll.WIDE_BITS
    dpll.WIDE_BITS = -1  # every search wide
    try:
        wide = DpllCounter(path=False).count(f)
    finally:
        dpll.WIDE_BITS = old
    assert wide == packed == BruteCounter().count(f)


@pytest.mark.long
def test_a_dense_boards_large_component_is_counted_wide_and_exactly():
    from countsweep.counting import dpll
    from countsweep.play.generators import midgame

    board = midgame(40, 40, 0.22, 0.6, seed=40)
    want = analyze(board, implementation="python")
    old = dpll.WIDE_BITS
    dpll.WIDE_BITS = -1
    try:
        from countsweep.oracle import clear_count_cache

        clear_count_cache()
        got = analyze(board, implementation="python")
    finally:
        dpll.WIDE_BITS = old
        clear_count_cache()
    assert got.count == want.count and got.probabilities == want.probabilities


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


@pytest.mark.long
def test_cache_hits_translated_components():
    # cell by cell: with boxes a band's columns are settled by propagation alone
    d = DpllCounter(path=False)  # the search's own cache: not counted along a path
    cells = Constraints.of(band(200, seed=1)).components[0].formula(boxes=False)
    d.count(cells)
    assert d.last_stats.cache_hits > 100


@pytest.mark.long
@pytest.mark.parametrize("n", [5, 30, 120])
def test_a_band_counted_over_boxes_equals_it_counted_cell_by_cell(n):
    comp = Constraints.of(band(n, seed=n)).components[0]
    boxed, cells = DpllCounter().count(comp.formula()), DpllCounter().count(comp.formula(boxes=False))
    assert boxed.total == cells.total and len(comp.boxes) == n


def test_timeout_stops_cleanly():
    f = Formula(400, tuple(Card(tuple(range(i, i + 8)), 3, 3) for i in range(1, 393, 2)))
    with pytest.raises(LimitExceeded, match="time limit"):
        DpllCounter().count(f, Limits(timeout=0.0))
    with pytest.raises(LimitExceeded, match="time limit"):
        DpllCounter(path=False).count(f, Limits(timeout=0.0))


def test_cache_bound_stops_cleanly():
    with pytest.raises(LimitExceeded, match="cache reached its bound of 5"):
        DpllCounter(path=False).count(Constraints.of(band(100)).components[0].formula(boxes=False),
                                      Limits(max_cache=5))


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


def _shifted(card: Card, by: int) -> Card:
    return Card(tuple(x + by if x > 0 else x - by for x in card.lits), card.lo, card.hi, card.weights)


@st.composite
def near_twins(draw):
    """A formula and a copy of it on new variables with at most one small change: the copy's
    components have the same shape as the original's, so the counter's component cache is asked
    about them, and a key that leaves out what the change touched would answer wrongly."""
    weighted = draw(st.booleans())
    base = draw(formulas(max_vars=6, boxes=True, weighted=weighted, projected=not weighted))
    n = base.num_vars
    cons = [_shifted(c, n) for c in base.constraints]
    sizes = list(base.sizes or (1,) * n)
    proj = None if base.projection is None else set(base.projection) | {v + n for v in base.projection}
    change = draw(st.sampled_from(["none", "size", "projection", "sign", "bound", "weight"]))
    copy = list(sizes)
    if change == "size":
        copy[draw(st.integers(0, n - 1))] += 1
    sizes += copy
    if change == "projection" and not weighted:
        proj = (proj or set(range(1, 2 * n + 1))) ^ {draw(st.integers(n + 1, 2 * n))}
    if cons and change in ("sign", "bound", "weight"):
        i = draw(st.integers(0, len(cons) - 1))
        c = cons[i]
        if change == "sign":
            j = draw(st.integers(0, len(c.lits) - 1))
            lits = tuple(-x if k == j else x for k, x in enumerate(c.lits))
            cons[i] = Card(lits, c.lo, c.hi, c.weights) if len({abs(x) for x in lits}) == len(lits) else c
        elif change == "bound":
            lo = min(c.lo + 1, c.hi)
            cons[i] = Card(c.lits, lo, c.hi, None if c.weights is None else c.weights[lo - c.lo:])
        elif c.weights is not None:
            w = list(c.weights)
            w[draw(st.integers(0, len(w) - 1))] += 1
            cons[i] = Card(c.lits, c.lo, c.hi, tuple(w))
    twin = Formula(2 * n, base.constraints + tuple(cons), None if proj is None else tuple(sorted(proj)),
                   None if all(s == 1 for s in sizes) else tuple(sizes))
    return twin


def _halves(f: Formula) -> tuple[Formula, Formula]:
    """The two disjoint halves of a near twin, each on variables 1..n."""
    n = f.num_vars // 2
    first = tuple(c for c in f.constraints if all(abs(x) <= n for x in c.lits))
    second = tuple(_shifted(c, -n) for c in f.constraints if all(abs(x) > n for x in c.lits))
    sizes = (f.sizes or (1,) * f.num_vars)
    proj = f.projection

    def part(cons, offset):
        p = None if proj is None else tuple(v - offset for v in proj if offset < v <= offset + n)
        s = sizes[offset:offset + n]
        return Formula(n, cons, p, None if all(x == 1 for x in s) else tuple(s))

    return part(first, 0), part(second, n)


@settings(max_examples=1500)
@given(near_twins())
def test_the_component_cache_never_answers_for_a_near_twin(f):
    # reference: each half counted by brute force on its own; the whole is their product
    a, b = (BruteCounter().count(h) for h in _halves(f))
    n = f.num_vars // 2
    got = DpllCounter().count(f)
    marg = dict(zip(got.variables, got.marginals, strict=True))
    assert got.total == mul(a.total, b.total)
    for v, m in zip(a.variables, a.marginals, strict=True):
        assert marg.get(v, ZERO) == mul(m, b.total)
    for v, m in zip(b.variables, b.marginals, strict=True):
        assert marg.get(v + n, ZERO) == mul(m, a.total)


def test_an_unsatisfiable_part_outside_the_projection_leaves_no_model():
    # an odd cycle of "exactly one of two" over 1..3 has no model, and propagation alone does not
    # see it: the search must try both values of a variable outside the projection and find none
    odd = (Card((1, 2), 1, 1), Card((2, 3), 1, 1), Card((1, 3), 1, 1))
    f = Formula(4, (*odd, Card((3, 4), 0, 2)), (4,))
    assert DpllCounter().count(f).count == 0 == BruteCounter().count(f).count
    even = Formula(5, (Card((1, 2), 1, 1), Card((2, 3), 1, 1), Card((3, 4), 1, 1), Card((1, 4), 1, 1),
                       Card((4, 5), 0, 2)), (5,))
    assert DpllCounter().count(even).count == 2 == BruteCounter().count(even).count


@pytest.mark.parametrize("weight", [0, 1, 3])
def test_a_weighted_constraint_its_literals_always_meet_alike_scales_every_count(weight):
    # x1 and not-x1 always sum to 1: the card is a constant factor, taken out before the search
    constant = Card((1, -1), 1, 1, (weight,))
    rest = Card((1, 2, 3), 1, 2, (2, 5))
    f = Formula(3, (constant, rest))
    got, want = DpllCounter().count(f), BruteCounter().count(f)
    assert got == want and got.count == weight * (3 * 2 + 3 * 5)


@pytest.mark.parametrize("n", range(3, 9))
def test_a_cycle_of_exactly_one_has_two_models_when_even_and_none_when_odd(n):
    # no variable is forced before a decision, and the contradiction of an odd cycle shows
    # only when the last constraint closes: counted and unprojected alike
    cycle = tuple(Card((i, i % n + 1), 1, 1) for i in range(1, n + 1))
    for proj in (None, (1,), ()):
        f = Formula(n + 1, (*cycle, Card((1, n + 1), 0, 2)), None if proj is None else (*proj, n + 1))
        want = BruteCounter().count(f)
        # even: the cycle's two models (seen through the projection) times the free variable's two values
        seen = 1 if proj == () else 2
        assert DpllCounter().count(f) == want and want.count == (0 if n % 2 else seen * 2)


def _chain(n: int) -> Formula:
    """x1..xn in a chain of "at most one of two": nothing forced, one component."""
    return Formula(n, tuple(Card((i, i + 1), 0, 1) for i in range(1, n)))


def test_a_limit_reached_on_the_large_stack_thread_reaches_the_caller_as_itself():
    # past 600 variables the search runs on a thread with a large stack; what stops it there
    # must come back to the caller, the same exception with the same words
    with pytest.raises(LimitExceeded, match=r"^component cache reached its bound of 5 entries$"):
        DpllCounter(path=False).count(_chain(700), Limits(max_cache=5))
    # and what it counts comes back too: a path's independent sets, Fibonacci(n + 2)
    fib = [0, 1]
    while len(fib) < 703:
        fib.append(fib[-1] + fib[-2])
    assert DpllCounter(path=False).count(_chain(700), plain=True).count == fib[702]
    assert DpllCounter().count(_chain(700), plain=True).count == fib[702]  # along the path too


def test_the_memory_refusal_states_its_estimate_and_the_limit():
    # 2000 free variables: (2000 + 2) marginals of (0 + 2000 + 1) coefficients of 8 * ((2000 + 1 + 8) // 8)
    # bits each, as the estimate documents
    n = 2000
    need = (n + 2) * (n + 1) * 8 * ((n + 1 + 8) // 8) // 8
    f = Formula(n, (Card(tuple(range(1, n + 1)), 0, n),))
    with pytest.raises(LimitExceeded) as refused:
        DpllCounter().count(f, Limits(max_memory=3 * 2**20))
    assert str(refused.value) == (f"counting this needs about {need / 2**20:,.0f} MB ({n} open variables of {n} "
                                  f"cells after propagation); the limit is 3 MB (--max-memory)")
    # settled variables count as mines before the open cells: x1 forced true, 1999 open
    settled = Formula(n, (Card(tuple(range(1, n + 1)), 0, n), Card((1,), 1, 1)))
    with pytest.raises(LimitExceeded, match=rf"\({n - 1} open variables of {n - 1} cells"):
        DpllCounter().count(settled, Limits(max_memory=1))
    small = Formula(3, (Card((1, 2, 3), 1, 2),))
    bits = 8 * ((3 + 1 + 8) // 8)
    exact_need = (3 + 2) * (3 + 1) * bits // 8
    assert DpllCounter().count(small, Limits(max_memory=exact_need)).count == 6  # the estimate itself is allowed
    with pytest.raises(LimitExceeded):
        DpllCounter().count(small, Limits(max_memory=exact_need - 1))
    # x1 settled true (one mine before the open cells), x4 settled false (not open): 2 open of 4 cells
    settled_small = Formula(4, (Card((1, 2, 3), 1, 2), Card((1,), 1, 1), Card((4,), 0, 0)))
    need_small = (2 + 2) * (1 + 2 + 1) * (8 * ((4 + 1 + 8) // 8)) // 8
    assert DpllCounter().count(settled_small, Limits(max_memory=need_small)).count == 3
    with pytest.raises(LimitExceeded, match=r"\(2 open variables of 2 cells"):
        DpllCounter().count(settled_small, Limits(max_memory=need_small - 1))


def test_plain_counting_gives_the_same_count_without_the_polynomials():
    for f in (_chain(12), Formula(4, (Card((1, 2, -3), 1, 2), Card((3, 4), 1, 1)), (1, 2, 4))):
        assert DpllCounter().count(f, plain=True).count == BruteCounter().count(f).count


def test_weights_may_sit_beside_unweighted_constraints_on_uncounted_variables():
    # variable 3 is not counted: an unweighted constraint may mention it, a weighted one may not
    f = Formula(3, (Card((1, 2), 0, 2, (1, 2, 3)), Card((2, 3), 1, 1)), (1, 2))
    assert DpllCounter().count(f) == BruteCounter().count(f)
    bad = Formula(3, (Card((1, 3), 0, 2, (1, 2, 3)),), (1, 2))
    words = r"^a weighted constraint may only mention counted \(projected\) variables$"
    with pytest.raises(ParameterError, match=words):
        DpllCounter().count(bad)


@pytest.mark.parametrize(("first", "second"), [
    # box sizes: (1, 1) and (2, 1) under "exactly one"
    (Formula(2, (Card((1, 2), 1, 1),), None, (1, 1)), Formula(2, (Card((1, 2), 1, 1),), None, (2, 1))),
    # every box of size 2 and every box of size 3
    (Formula(2, (Card((1, 2), 1, 2),), None, (2, 2)), Formula(2, (Card((1, 2), 1, 2),), None, (3, 3))),
    # the projection: both variables counted, and only the first
    (Formula(2, (Card((1, 2), 1, 2),), (1, 2)), Formula(2, (Card((1, 2), 1, 2),), (1,))),
    # the bounds: at most one, and exactly one
    (Formula(2, (Card((1, 2), 0, 1),)), Formula(2, (Card((1, 2), 1, 1),))),
    # the weights of the sums, from the lowest bound up
    (Formula(2, (Card((1, 2), 1, 2, (1, 2)),)), Formula(2, (Card((1, 2), 1, 2, (5, 2)),))),
    (Formula(3, (Card((1, 2, 3), 1, 3, (1, 2, 3)),)), Formula(3, (Card((1, 2, 3), 1, 3, (1, 2, 7)),))),
    (Formula(3, (Card((1, 2, 3), 1, 3, (1, 2, 3)),)), Formula(3, (Card((1, 2, 3), 1, 3, (5, 2, 3)),))),
], ids=["sizes", "all-sizes", "projection", "bounds", "weights", "last-weight", "first-of-three-weights"])
def test_two_components_that_differ_in_one_thing_are_not_confused_by_the_cache(first, second):
    # side by side in one formula, the second component is looked up after the first is cached
    n = first.num_vars
    sizes = None if first.sizes is None and second.sizes is None else \
        (first.sizes or (1,) * n) + (second.sizes or (1,) * n)
    proj = None if first.projection is None and second.projection is None else \
        tuple(first.counted) + tuple(v + n for v in second.counted)
    both = Formula(2 * n, first.constraints + tuple(_shifted(c, n) for c in second.constraints), proj, sizes)
    a, b = BruteCounter().count(first), BruteCounter().count(second)
    assert a.total != b.total or a.marginals != b.marginals  # the two really differ
    assert DpllCounter().count(both).total == mul(a.total, b.total)


def test_a_counters_running_statistics_add_up_its_counts():
    counter = DpllCounter()
    seen = []
    for f in (_chain(30), Formula(4, (Card((1, 2, -3), 1, 2), Card((3, 4), 1, 1)))):
        counter.count(f)
        seen.append(counter.last_stats)
    for field in ("decisions", "components", "cache_hits", "cache_entries"):
        assert getattr(counter.stats, field) == sum(getattr(s, field) for s in seen) > 0
    assert counter.stats.max_component == max(s.max_component for s in seen) > 0


def test_the_cache_bound_is_the_number_of_entries_a_count_may_keep():
    f = _chain(40)
    counter = DpllCounter()
    counter.count(f)
    entries = counter.last_stats.cache_entries
    assert entries > 1
    assert DpllCounter().count(f, Limits(max_cache=entries)).count == counter.count(f).count
    with pytest.raises(LimitExceeded, match=f"bound of {entries - 1} entries"):
        DpllCounter().count(f, Limits(max_cache=entries - 1))


@pytest.mark.parametrize("n", [30, 700], ids=["in-thread", "big-stack-thread"])
def test_a_search_deeper_than_python_allows_is_a_limit_not_a_crash(monkeypatch, n):
    from countsweep.counting import dpll

    def too_deep(self):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(dpll._Search, "run", too_deep)
    counter = DpllCounter(path=False)  # the search itself, not a path
    with pytest.raises(LimitExceeded, match=r"^the search went deeper than the recursion limit allows$"):
        counter.count(_chain(n))
    assert counter.last_stats == dpll.Stats()  # the stopped search's (empty) statistics are kept


def test_an_error_in_the_big_stack_thread_reaches_the_caller(monkeypatch):
    from countsweep.counting import dpll

    def fails(self):
        raise ParameterError("raised in the worker thread")

    monkeypatch.setattr(dpll._Search, "run", fails)
    with pytest.raises(ParameterError, match="raised in the worker thread"):
        DpllCounter(path=False).count(_chain(700))


@pytest.mark.parametrize("w", [0, 1, 2, 3])
def test_a_weighted_constraint_on_no_variable_multiplies_every_count_by_its_weight(w):
    f = Formula(2, (Card((), 0, 0, (w,)), Card((1, 2), 1, 1, (5,))))
    counts = DpllCounter().count(f)
    assert counts == BruteCounter().count(f)
    assert counts.count == 10 * w and sum(counts.marginals[0].coeffs) == 5 * w


@pytest.mark.parametrize("path", [True, False])
def test_weighted_constraints_on_no_variable_multiply_every_count_by_all_their_weights(path):
    f = Formula(2, (Card((), 0, 0, (3,)), Card((), 0, 0, (7,)), Card((1, 2), 1, 1, (5,))))
    counts = DpllCounter(path=path).count(f)
    assert counts == BruteCounter().count(f) and counts.count == 2 * 5 * 3 * 7


def test_identical_components_are_searched_once_and_found_in_the_cache_after():
    def copies(k: int) -> Formula:
        return Formula(3 * k, tuple(Card((3 * i + 1, 3 * i + 2, 3 * i + 3), 1, 2) for i in range(k)))

    first = DpllCounter()
    first.count(copies(1))
    one = first.last_stats
    # one copy: x1 is branched on (a decision); x1 = 0 leaves "1 or 2 of x2, x3" and x1 = 1 leaves
    # "0 or 1 of x2, x3", two different components, one decision each, each settled by propagation
    assert (one.decisions, one.components, one.cache_hits, one.cache_entries, one.max_component) == (3, 3, 0, 3, 3)
    for k in (2, 3, 4):
        counter = DpllCounter()
        assert counter.count(copies(k)).count == 6**k
        s = counter.last_stats
        # each further copy is one more component, found in the cache: no decision, no entry
        assert (s.cache_hits, s.components) == (k - 1, one.components + k - 1)
        assert (s.decisions, s.cache_entries, s.max_component) == (one.decisions, one.cache_entries, 3)


def _windows(n: int) -> Formula:
    """1 or 2 true in every 2x2 window of an n x n grid: cycles everywhere, hundreds of decisions at n = 5."""
    cells = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    return Formula(n * n, tuple(Card((cells[r][c], cells[r][c + 1], cells[r + 1][c], cells[r + 1][c + 1]), 1, 2)
                                for r in range(n - 1) for c in range(n - 1)))


def test_the_time_limit_is_checked_during_a_long_search_every_256_decisions(monkeypatch):
    from countsweep.counting.base import Limits as Bounds

    checks = []

    def expired(self):
        checks.append(1)
        return len(checks) > 1  # in time before counting, out of time at the next check

    f = _windows(5)
    counter = DpllCounter(path=False)  # searched to the end, never along a path
    counter.count(f)
    assert counter.last_stats.decisions > 256
    monkeypatch.setattr(Bounds, "expired", expired)
    with pytest.raises(LimitExceeded, match=r"^time limit of 1 s reached after 256 decisions$"):
        DpllCounter(path=False).count(f, Limits(timeout=1.0))


def test_a_counter_has_empty_statistics_before_its_first_count_and_counts_a_formula_without_variables():
    from countsweep.counting.dpll import Stats

    counter = DpllCounter()
    assert counter.last_stats == Stats() and counter.stats == Stats()
    assert counter.count(Formula(0, ())).count == 1


def test_the_cache_bound_counts_the_entries_of_both_caches_of_a_projected_count():
    # projected on every third cell: the search keeps counts and satisfiability answers
    f = _windows(4)
    g = Formula(f.num_vars, f.constraints, tuple(range(1, f.num_vars + 1, 3)))
    counter = DpllCounter()
    want = counter.count(g)
    entries = counter.last_stats.cache_entries
    assert want == BruteCounter().count(g)
    assert DpllCounter().count(g, Limits(max_cache=entries)) == want
    with pytest.raises(LimitExceeded, match=f"bound of {entries - 1} entries"):
        DpllCounter().count(g, Limits(max_cache=entries - 1))


@pytest.mark.parametrize("f", [
    Formula(2, (Card((1, -2), 2, 2),), None, (2, 3)),
    Formula(3, (Card((1, -2), 2, 2), Card((2, 3), 1, 3)), None, (2, 3, 2)),
    Formula(3, (Card((-1, 2, -3), 3, 3),), None, (2, 2, 3)),
    Formula(2, (Card((1, -2), 2, 2),), (1,), (2, 3)),
], ids=["one-negated-box", "and-a-second-card", "two-negated-boxes", "projected"])
def test_a_negated_box_left_alone_in_an_exact_constraint_takes_what_its_false_cells_must_give(f):
    # after a branch, the constraint has one open box, negated: its value is its size minus what is missing
    assert DpllCounter().count(f) == BruteCounter().count(f)


def test_a_variable_outside_the_projection_takes_no_value_beyond_its_own_size():
    # x1..x3 are not counted and have no model: the second card makes x1 = x2 + x3, the first
    # then fails at x2 = x3 = 0 and at x2 = 1, x3 = 0, the third at x3 = 1; only x1 = 2 (and
    # x2 = x3 = 1), beyond a plain variable's size, would satisfy all three
    f = Formula(4, (Card((1, -2, 3), 2, 3), Card((1, -2, -3), 2, 2), Card((-1, -2, 3), 0, 1)), (4,))
    assert DpllCounter().count(f).count == 0 == BruteCounter().count(f).count


def test_a_box_of_255_cells_keeps_every_coefficient_of_its_marginal_apart():
    # the box's marginal at 128 mines is 128 * C(255, 128), a 258-bit number: the packed
    # polynomials must leave room for the box's size on top of the count's 2**255
    f = Formula(1, (Card((1,), 0, 254),), None, (255,))
    got = DpllCounter().count(f)
    assert got == BruteCounter().count(f)
    assert got.marginals[0].coeffs[127] == 128 * comb(255, 128)


@pytest.mark.parametrize("f", [
    Formula(4, (Card((2, -1, 3), 3, 4),), (3,), (1, 2, 1, 1)),
    Formula(6, (Card((-1, -6), 1, 1),), None, (1, 1, 1, 1, 1, 2)),
    Formula(5, (Card((3, 1, -2), 4, 4), Card((3,), 1, 1)), None, (1, 3, 1, 1, 1)),
    Formula(6, (Card((5, 4, -6, 1), 1, 7), Card((5, -2, 4), 3, 5), Card((6, 1, 4), 3, 5)), None,
            (1, 1, 1, 2, 1, 2)),
], ids=["branch-on-a-counted-variable", "negated-box-emptied", "negated-box-filled", "boxes-in-three-cards"])
def test_boxes_with_negated_literals_count_and_weigh_as_their_cells_do(f):
    # small formulas on which a search that branched on an uncounted variable, forced the wrong
    # value into a negated box, or tried a value beyond a box's size went wrong
    assert DpllCounter().count(f) == BruteCounter().count(f)
    assert DpllCounter().count(f, plain=True).count == BruteCounter().count(f).count


@pytest.mark.parametrize("f", [
    Formula(13, (Card((3, 4), 1, 1), Card((-4, -5, -6), 1, 3), Card((6, 7), 1, 2), Card((7, -8, -9), 1, 2),
                 Card((-9, -10, 11), 0, 1), Card((11, 12), 0, 1)), (3,)),
    Formula(10, (Card((-2, 3, 4), 1, 2), Card((-5, 6, 7), 0, 2), Card((7, 8, -9), 0, 2), Card((-9, 10), 0, 1),
                 Card((-4, 9), 0, 1), Card((-5, 1), 0, 1)), (2, 6)),
    Formula(12, (Card((5, -6), 0, 1), Card((7, -8), 0, 1), Card((-8, -9), 1, 1), Card((9, -10, 11), 1, 2),
                 Card((-11, 12), 1, 1), Card((8, -3), 0, 1), Card((-1, 6), 0, 1), Card((7, -6), 0, 1))),
], ids=["one-counted-variable-at-an-end", "two-counted-variables-off-the-path", "negated-links"])
def test_a_component_of_ten_variables_or_more_is_split_near_its_middle_and_counted_right(f):
    # from ten variables on, the branching variable is looked for on a longest BFS path, from its
    # middle outwards, over negated literals too, and must be a counted one
    assert DpllCounter().count(f) == BruteCounter().count(f)


@pytest.mark.long
def test_a_constraint_already_met_does_not_join_two_long_components():
    # two chains of ten "at most one of two" (144 models each) joined by a clause that x21 = 1
    # meets at the root: two components, and the search of one never branches on the other's variables
    chains = [Card((i, i + 1), 0, 1) for i in (*range(1, 10), *range(11, 20))]
    f = Formula(21, (*chains, Card((21,), 1, 1), Card((1, 11, 21), 1, 3)))
    counter = DpllCounter()
    assert counter.count(f) == BruteCounter().count(f) and counter.last_stats.max_component == 10
    assert counter.count(f).count == 144 ** 2


# Handing a formula to the path (countsweep.counting.path) ------------------------------------------


def _band() -> Formula:
    return Constraints.of(band(300, seed=1)).components[0].formula()


def test_a_long_band_is_counted_along_the_path_as_one_component_without_a_decision():
    from countsweep.counting.dpll import Stats

    f = _band()
    d = DpllCounter()
    assert d.count(f) == DpllCounter(path=False).count(f)
    assert d.last_stats == Stats(components=1, max_component=f.num_vars)
    assert d.count(f, plain=True) == DpllCounter(path=False).count(f, plain=True)
    searched = DpllCounter(path=False)
    searched.count(f)
    assert searched.last_stats.decisions > 0  # path=False: searched, never along a path


def test_a_knotted_formula_is_counted_along_the_path_once_its_search_passes_its_budget():
    from countsweep.counting.dpll import KNOT_DECISIONS, Stats

    f = _windows(5)  # 25 variables, cycles everywhere: hundreds of decisions
    d = DpllCounter()
    assert d.count(f) == DpllCounter(path=False).count(f)
    assert d.last_stats == Stats(decisions=KNOT_DECISIONS + 1, components=1, max_component=f.num_vars)
    assert d.count(f, plain=True) == DpllCounter(path=False).count(f, plain=True)


def test_a_knotted_formula_the_path_declines_is_searched_to_the_end(monkeypatch):
    import countsweep.counting.dpll as dpll

    monkeypatch.setattr(dpll, "KNOT_STATES", 1)  # every path declines at its first layer
    f = _windows(5)
    d = DpllCounter()
    assert d.count(f) == DpllCounter(path=False).count(f)
    assert d.last_stats.decisions > 2 * dpll.KNOT_DECISIONS and d.last_stats.cache_entries > 0  # a whole search
    assert d.count(f, plain=True) == DpllCounter(path=False).count(f, plain=True)


@pytest.mark.parametrize("formula", [_band, lambda: _windows(5)], ids=["band", "knot"])
def test_a_count_along_the_path_keeps_the_callers_deadline(monkeypatch, formula):
    from countsweep.counting.base import Limits as Bounds

    checks = []

    def expired(self):
        checks.append(1)
        return len(checks) > 1  # in time before counting, out of time at the next check

    f = formula()
    monkeypatch.setattr(Bounds, "expired", expired)
    with pytest.raises(LimitExceeded, match="along the path"):
        DpllCounter().count(f, Limits(timeout=1.0))


def test_the_path_backend_says_whether_the_dpll_counted_for_it():
    from countsweep.counting.dpll import PathCounter

    counter = PathCounter()
    assert counter.last_fallback is False
    whole = Formula(3, (Card((1, 2, 3), 1, 2),))
    projected = Formula(3, (Card((1, 2, 3), 1, 2),), projection=(1, 2))  # the path takes no projection
    for formula, fallback in [(whole, False), (projected, True), (whole, False)]:
        assert counter.count(formula) == BruteCounter().count(formula)
        assert counter.last_fallback is fallback
    for formula in (whole, projected):  # plain: every polynomial its value at x = 1, whoever counts
        assert counter.count(formula, plain=True) == DpllCounter().count(formula, plain=True)
        assert counter.count(formula, plain=True).total.coeffs == (sum(BruteCounter().count(formula).total.coeffs),)


def test_a_search_after_a_declined_path_keeps_the_callers_deadline(monkeypatch):
    """A knotted search gives up on its decisions, the path then declines (here after the deadline has passed,
    as a long one would), and the search that counts to the end must stop at the same deadline, whichever
    backend was asked."""
    import time

    from countsweep.counting import dpll
    from countsweep.counting.dpll import PathCounter

    def declines(formula, limits, *, plain=False, max_states=None, **_):
        if max_states is not None:  # the path tried after the knotted search
            time.sleep(0.05)
        return None

    monkeypatch.setattr(dpll, "path_count", declines)
    monkeypatch.setattr(dpll, "KNOT_MIN_VARS", 4)
    monkeypatch.setattr(dpll, "KNOT_DECISIONS", 0)
    monkeypatch.setattr(dpll, "KNOT_PER_VAR", 0)
    ring = Formula(8, tuple(Card((i + 1, (i + 1) % 8 + 1), 1, 1) for i in range(8)))  # decisions, not propagation
    assert DpllCounter().count(ring) == BruteCounter().count(ring)
    for counter in (DpllCounter(), PathCounter()):
        with pytest.raises(LimitExceeded):
            counter.count(ring, Limits(timeout=0.02))


# the forward pass kept for weighting (the oracle's long components under a total or a prior) ----------


def _ladder(rows: int, columns: int) -> Formula:
    """No two neighbours both true on a rows x columns grid: a path's front is a column, ``rows`` bits wide."""
    v = lambda r, c: r * columns + c + 1  # noqa: E731
    cards = [Card((v(r, c), v(r, c + 1)), 0, 1) for r in range(rows) for c in range(columns - 1)]
    cards += [Card((v(r, c), v(r + 1, c)), 0, 1) for r in range(rows - 1) for c in range(columns)]
    return Formula(rows * columns, tuple(cards))


def _weighted(counts, weights: dict[int, int]) -> list[int]:
    """Each variable's marginal summed with the weights of its mine counts."""
    return [sum(weights.get(k, 0) * c for k, c in zip(degrees(m), m.coeffs, strict=True)) for m in counts.marginals]


def test_the_forward_pass_kept_for_weighting_is_the_count_of_a_long_band_by_either_counter():
    from countsweep.counting.dpll import PathCounter, Stats

    f = _band()
    counts = DpllCounter(path=False).count(f)
    weights = {k: 3 * k + 1 for k in degrees(counts.total)}
    dpll, path = DpllCounter(), PathCounter()
    for counter in (dpll, path):
        run = counter.forward_along_path(f)
        assert run is not None and run.total == counts.total
        assert list(run.weighted_marginals(weights)) == _weighted(counts, weights)
    assert dpll.last_stats == Stats(components=1, max_component=f.num_vars)  # one component, no decision
    assert path.last_fallback is False


def test_the_forward_pass_is_declined_where_count_would_not_go_along_a_path_first():
    from countsweep.counting.dpll import PathCounter

    band = _band()
    free = Formula(band.num_vars + 1, band.constraints)  # a variable no card names: count's path refuses it
    wide = _ladder(16, 8)  # a front of 16 bits, past the 12 the dpll counter tries a path at
    short = Formula(3, (Card((1, 2, 3), 1, 2),))  # too short to be long and thin
    for formula in (free, wide, short):
        assert DpllCounter().forward_along_path(formula) is None
    path = PathCounter()  # the path backend has no width of its own to keep to: it goes on, to its limits
    assert path.forward_along_path(wide) is not None and path.last_fallback is False
    projected = Formula(3, (Card((1, 2, 3), 1, 2),), projection=(1, 2))  # the path takes no projection
    assert path.forward_along_path(projected) is None and path.last_fallback is True


@pytest.mark.parametrize("backend", ["dpll", "path"])
def test_the_forward_pass_keeps_the_callers_deadline(monkeypatch, backend):
    from countsweep.counting.base import Limits as Bounds
    from countsweep.counting.dpll import PathCounter

    monkeypatch.setattr(Bounds, "expired", lambda self: self.timeout is not None)  # out of time, if there is one
    counter = DpllCounter() if backend == "dpll" else PathCounter()
    with pytest.raises(LimitExceeded):
        counter.forward_along_path(_band(), Limits(timeout=1.0))
