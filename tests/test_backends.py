"""One contract for every counting backend, subclassed per backend.

Each class below runs the same tests against one backend: exact counts and
marginals against an independent enumeration (written here, not in the
package), projection, negated literals, unsatisfiable formulas, the
:class:`~countsweep.counting.Limits` deadline, and the oracle on boards.  A new
backend gets the whole contract by adding three lines.
"""

from __future__ import annotations

import time
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings

from countsweep import Board, LimitExceeded, Limits, analyze
from countsweep.counting import Backend, Card, Counts, Formula, get_backend
from countsweep.counting.poly import Poly
from tests.reference import truth
from tests.strategies import formulas, positions


def enumerate_counts(f: Formula) -> tuple[dict[int, int], dict[int, dict[int, int]]]:
    """Models projected on the counted variables, by number of true cells: (total, per-variable true cells).

    Every cell of every box is enumerated on its own (a box is only a set of cells
    its constraints see together), so the reference knows nothing of box weights.
    """
    sizes = f.sizes or (1,) * f.num_vars
    cells = [(v, j) for v in range(1, f.num_vars + 1) for j in range(sizes[v - 1])]
    counted = set(f.counted)
    seen: dict[tuple[int, ...], int] = {}  # each projected model and its weight
    for values in product((0, 1), repeat=len(cells)):
        true = {v: 0 for v in range(1, f.num_vars + 1)}
        for (v, _), b in zip(cells, values, strict=True):
            true[v] += b
        weight = 1
        for c in f.constraints:
            s = sum(true[abs(x)] if x > 0 else sizes[abs(x) - 1] - true[abs(x)] for x in c.lits)
            weight *= (1 if c.weights is None else c.weights[s - c.lo]) if c.lo <= s <= c.hi else 0
        if weight:  # weighted formulas count every variable, so no model is seen twice
            seen[tuple(b for (v, _), b in zip(cells, values, strict=True) if v in counted)] = weight
    shown = [(v, j) for v, j in cells if v in counted]
    total: dict[int, int] = {}
    marg: dict[int, dict[int, int]] = {v: {} for v in f.counted}
    for proj, weight in seen.items():
        k = sum(proj)
        total[k] = total.get(k, 0) + weight
        for (v, _), b in zip(shown, proj, strict=True):
            if b:
                marg[v][k] = marg[v].get(k, 0) + weight
    return total, marg


def as_dict(p: Poly) -> dict[int, int]:
    return {p.low + i: c for i, c in enumerate(p.coeffs) if c}


# Each subclass runs the inherited hypothesis tests; they share one example database
# entry, so a failing example found for one backend is replayed on the others: wanted.
CONTRACT = settings(suppress_health_check=[HealthCheck.differing_executors])


class BackendContract:
    """The tests every backend must pass; subclasses say which backend."""

    name: str

    def backend(self) -> Backend:
        return get_backend(self.name)

    @settings(CONTRACT, max_examples=400)
    @given(formulas(max_vars=7, boxes=True))
    def test_counts_and_marginals_equal_enumeration(self, f):
        counts = self.backend().count(f)
        total, marg = enumerate_counts(f)
        assert counts.variables == f.counted
        assert as_dict(counts.total) == total
        assert {v: as_dict(m) for v, m in zip(counts.variables, counts.marginals, strict=True)} == marg

    @settings(CONTRACT, max_examples=300)
    @given(formulas(max_vars=7, boxes=True, weighted=True))
    def test_weighted_counts_and_marginals_equal_weighted_enumeration(self, f):
        counts = self.backend().count(f)
        total, marg = enumerate_counts(f)
        assert as_dict(counts.total) == total
        assert {v: as_dict(m) for v, m in zip(counts.variables, counts.marginals, strict=True)} == marg

    def test_a_negated_literal_counts_the_false_variable(self):
        counts = self.backend().count(Formula(2, (Card((1, -2), 2, 2),)))
        assert counts.count == 1 and as_dict(counts.total) == {1: 1}
        assert [as_dict(m) for m in counts.marginals] == [{1: 1}, {}]

    def test_projection_counts_each_projected_assignment_once(self):
        # x1 or x2, x3 free and hidden: 3 assignments of (x1, x2), not 6
        counts = self.backend().count(Formula(3, (Card((1, 2), 1, 2),), projection=(1, 2)))
        assert counts.count == 3 and counts.variables == (1, 2)

    def test_an_unsatisfiable_formula_counts_zero(self):
        counts = self.backend().count(Formula(2, (Card((1, 2), 2, 2), Card((1,), 0, 0))))
        assert counts == Counts.unsatisfiable((1, 2))

    def test_an_expired_deadline_stops_the_count(self):
        past = Limits(timeout=1.0, deadline=time.monotonic() - 1)
        band = Formula(30, tuple(Card((i, i + 1, i + 2), 1, 1) for i in range(1, 29)))
        with pytest.raises(LimitExceeded):
            self.backend().count(band, past)

    @settings(CONTRACT, max_examples=150)
    @given(positions(max_hidden=12))
    def test_the_oracle_on_this_backend_equals_enumerating_layouts(self, board):
        count, probs = truth(board)
        if count == 0:
            return
        a = analyze(board, self.backend())
        assert a.count == count and a.probabilities == probs


class TestDpll(BackendContract):
    name = "dpll"


class TestSdd(BackendContract):
    name = "sdd"


class TestBrute(BackendContract):
    name = "brute"


class TestPath(BackendContract):
    name = "path"


def test_a_deadline_covers_the_whole_position_not_each_component():
    # many tiny components, each far under any per-component limit: the one deadline still stops them
    rows = ["?1?" * 40, "???" * 40]
    board = Board.from_text("120x2\n" + "\n".join(rows))
    with pytest.raises(LimitExceeded):
        analyze(board, limits=Limits(timeout=1.0, deadline=time.monotonic() - 1))
    assert analyze(board, limits=Limits(timeout=60)).components == 40


# -- the brute-force reference's own promises ---------------------------------------------------

def test_the_reference_counts_up_to_forty_variables_and_refuses_more_by_name():
    from countsweep.counting.brute import MAX_VARS, BruteCounter

    fixed = Formula(MAX_VARS, tuple(Card((v,), 1, 1) for v in range(1, MAX_VARS + 1)))
    assert BruteCounter().count(fixed).total == Poly(MAX_VARS, (1,))
    with pytest.raises(LimitExceeded, match=rf"^brute-force reference refuses {MAX_VARS + 1} variables "
                                            rf"\(max {MAX_VARS}\)$"):
        BruteCounter().count(Formula(MAX_VARS + 1, ()))


def test_a_hidden_variable_takes_only_the_values_its_size_allows():
    # v1 + v2 = 2 with v2 left out of the count: only v1 = 1 (with v2 = 1) is a model
    f = Formula(2, (Card((1, 2), 2, 2),), projection=(1,))
    for backend in ("brute", "dpll", "sdd"):
        assert get_backend(backend).count(f).total == Poly(1, (1,)), backend
    # each card alone could still be met with v1 = 0; together only v2 = 2 would do, past its size
    g = Formula(3, (Card((1, 2, 3), 2, 2), Card((3,), 0, 0)), projection=(1,))
    for backend in ("brute", "dpll", "sdd"):
        assert get_backend(backend).count(g).total == Poly(1, (1,)), backend


def test_the_reference_refuses_weights_on_variables_it_does_not_count():
    from countsweep.errors import ParameterError

    f = Formula(2, (Card((1, 2), 0, 1, (1, 2)),), projection=(1,))
    with pytest.raises(ParameterError, match=r"^a weighted constraint may only mention counted \(projected\) "
                                             r"variables$"):
        get_backend("brute").count(f)


def test_the_reference_stops_at_its_deadline_saying_where():
    past = Limits(timeout=1e-6).started()
    time.sleep(0.001)
    with pytest.raises(LimitExceeded, match=r"before counting$"):
        get_backend("brute").count(Formula(3, ()), past)
    with pytest.raises(LimitExceeded, match=r"in the brute-force reference$"):
        get_backend("brute").count(Formula(30, ()), Limits(timeout=0.02))
