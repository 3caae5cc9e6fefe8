"""One contract, two implementations: the same tests against the Python reference and the compiled kernel.

countsweep keeps two implementations of "analyse a position" and of the
endgame search (:mod:`countsweep.kernel`).  Each contract below is a class of
tests (dd's ``_abc.py`` pattern); a subclass per implementation runs all of
them, against enumerations written here, apart from the package:

* an analysis: exact counts and probabilities on random positions of every
  topology, weighted answers under every clue model, no layout named as such,
  and the answer saying which implementation gave it;
* a search: values and every move's value equal the definition of optimal
  play over the layouts, and its limits stop it with
  :class:`~countsweep.errors.LimitExceeded`.

``tests/test_kernel.py`` compares the two implementations answer for answer
(groups, numerators, positions visited), which this contract does not need.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from countsweep import Board, InconsistentError, analyze
from countsweep.clues import EXACT, ClueModel, parse_clues
from countsweep.counting import Limits
from countsweep.errors import LimitExceeded
from countsweep.kernel import KERNEL
from countsweep.oracle import KernelAnalyzer
from countsweep.play.endgame import MAX_DEPTH, Cut, Endgame, KernelSearch, PythonSearch
from tests.reference import reference_around, small_endgames, truth
from tests.strategies import TOPOLOGIES, positions
from tests.test_clues import REFERENCE, noisy_positions, random_table, weighted_truth

# the subclasses share one example database entry per test: an example failing one is replayed on the other
CONTRACT = settings(suppress_health_check=[HealthCheck.differing_executors, HealthCheck.too_slow], deadline=None)
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")


# Analysis ----------------------------------------------------------------------------------------


class AnalyzerContract:
    """What every implementation of "analyse a position" answers; subclasses name the implementation."""

    implementation: str

    def analyze(self, board: Board, **options):
        return analyze(board, implementation=self.implementation, **options)

    @settings(CONTRACT, max_examples=600)
    @given(positions(max_hidden=11, perturb=True, kinds=TOPOLOGIES))
    def test_counts_and_probabilities_equal_enumeration_on_every_topology(self, board):
        count, probs = truth(board)
        if not count:
            with pytest.raises(InconsistentError):
                self.analyze(board)
            return
        a = self.analyze(board)
        assert (a.count, a.probabilities) == (count, probs), board.to_text()
        assert a.safe == tuple(sorted(c for c, p in probs.items() if p == 0))
        assert a.mines_certain == tuple(sorted(c for c, p in probs.items() if p == 1))
        assert a.levels == tuple(sorted(Counter(probs.values()).items()))  # no level of no cells

    @settings(CONTRACT, max_examples=300)
    @given(data=st.data())
    def test_weighted_answers_equal_weighted_enumeration_under_every_clue_model(self, data):
        name = data.draw(st.sampled_from(["exact", "under", "over", "table"]))
        if name == "table":
            table = random_table(data.draw)
            model = ClueModel("table", "table", table)
            like = lambda v, n, room: table[v][n] if v <= 8 and n <= 8 else Fraction(0)  # noqa: E731
            kinds: tuple[str, ...] = ("square", "torus", "hex", "knight")  # tables read numbers to 8
        else:
            model, like, kinds = parse_clues(name), REFERENCE[name], TOPOLOGIES
        board = data.draw(noisy_positions(like, max_hidden=9, kinds=kinds))
        total, probs = weighted_truth(board, like)
        if not total:
            with pytest.raises(InconsistentError):
                self.analyze(board, clues=model)
            return
        a = self.analyze(board, clues=model)
        assert a.probabilities == probs
        assert a.weight * (2 ** len(a.sea) if board.mines is None else 1) == total
        assert a.clue_model == model.name and a.weighted == (not model.exact)

    @pytest.mark.parametrize("text", ["3x2\n1?1\n000", "3x1x3\n?1?", "3x3x3\n???\n?1?\n???", "2x2x1\n?2\n?1\n",
                                      "3x3x1 torus\n2??\n???\n???", "hex 3x2x1\n?4?\n???"])
    def test_a_position_no_layout_fits_is_an_inconsistent_error(self, text):
        with pytest.raises(InconsistentError):
            self.analyze(Board.from_text(text))

    @pytest.mark.parametrize("text", ["4x4x3\n1???\n????\n??2?\n????", "3x3x1 torus\n???\n?1?\n???",
                                      "4x3x2x4\n????\n?3??\n????\n\n????\n????\n????",
                                      "neighbourhood knight\n1???\n????\n????"])
    def test_the_answer_says_which_implementation_gave_it(self, text):
        assert self.analyze(Board.from_text(text)).implementation == self.implementation


class TestPythonAnalyzer(AnalyzerContract):
    implementation = "python"


@needs_kernel
class TestKernelAnalyzer(AnalyzerContract):
    implementation = "kernel"


class _KernelAnalyzerOneWay(AnalyzerContract):
    """The kernel counting every part one way: ``ways``, (field, value) pairs of KernelAnalyzer's."""

    implementation = "kernel"
    ways: tuple[tuple[str, int], ...] = ()

    def analyze(self, board: Board, clues: ClueModel = EXACT, **options):
        assert not options
        found = KernelAnalyzer(**dict(self.ways)).analyze(board, clues, Limits())
        assert found is not None  # small positions are never declined
        return found


@needs_kernel
class TestKernelAnalyzerAlongAPath(_KernelAnalyzerOneWay):
    """The kernel counting every part along a path (kernel/path.c), none by its search."""

    ways = (("path_nodes", 0),)


@needs_kernel
class TestKernelAnalyzerSearching(_KernelAnalyzerOneWay):
    """The kernel searching every part, none of them enumerated (kernel/dpll.c's small parts)."""

    ways = (("enum_boxes", 0),)


# Search ------------------------------------------------------------------------------------------


def endgames(n: int, seed: int = 0):
    """Positions of small boards with a few to a few hundred layouts, the layouts with them."""
    return itertools.islice(small_endgames(range(seed, seed + 40 * n), [(4, 3), (4, 4), (5, 3)], (2, 5), hide=0.6,
                                           flag=0.2, limit=400), n)


def optimal_by_definition(board: Board, layouts: list[int]):
    """W(L) and each cell's value, from the definition: open a cell with some safe layout, split by its number."""
    w = board.width
    hidden = [r * w + c for r, c in board.hidden()]
    around = {i: [r * w + c for r, c in reference_around(board.topology, divmod(i, w), board.height, w)]
              for i in hidden}

    def outcome(lay: int, i: int) -> int:
        return -1 if lay >> i & 1 else sum(lay >> j & 1 for j in around[i])

    def after(ls: frozenset[int], i: int) -> int:
        groups: dict[int, set[int]] = {}
        for lay in ls:
            shown = outcome(lay, i)
            if shown >= 0:
                groups.setdefault(shown, set()).add(lay)
        if len(groups) == 1 and len(next(iter(groups.values()))) == len(ls):
            return -1  # safe everywhere and says the same: no move
        return sum(wins(frozenset(g)) for g in groups.values())

    @cache
    def wins(ls: frozenset[int]) -> int:
        if len(ls) == 1:
            return 1
        return max([0, *(after(ls, i) for i in hidden)])

    everything = frozenset(layouts)
    return Fraction(wins(everything), len(layouts)), {
        divmod(i, w): Fraction(max(0, after(everything, i)) if after(everything, i) >= 0 else wins(everything),
                               len(layouts)) for i in hidden}


class SearchContract:
    """What every implementation of the endgame search answers; subclasses name the implementation."""

    implementation: str

    def search(self, cuts, size: int, max_positions: int, max_depth: int = MAX_DEPTH):
        raise NotImplementedError

    def test_values_and_every_moves_value_equal_the_definition_of_optimal_play(self):
        checked = 0
        for board, layouts in endgames(25):
            search = Endgame(board, layouts, implementation=self.implementation)
            assert search.search.name == self.implementation
            value, moves = optimal_by_definition(board, layouts)
            assert search.value() == value, board.to_text()
            for cell, want in moves.items():
                assert search.move_value(cell) == want, (board.to_text(), cell)
            best = search.best()
            assert best is None or best[1] == value
            checked += 1
        assert checked == 25

    def test_a_position_below_its_bar_is_answered_with_an_upper_bound_under_the_bar(self):
        # wins(ls, beat) is exact when W(ls) > beat, else a bound u with W(ls) <= u <= beat;
        # the memo keeps such bounds, so asking again with a higher bar must still answer right
        checked = bounded = 0
        for board, layouts in endgames(20, seed=300):
            exact = Endgame(board, layouts, implementation="python")
            everything = (1 << len(layouts)) - 1
            rng = random.Random(len(layouts))
            parts = [everything] + [rng.getrandbits(len(layouts)) & everything for _ in range(6)]
            truth = {ls: exact.wins(ls) for ls in parts}
            search = Endgame(board, layouts, implementation=self.implementation).search
            for _ in range(3):
                for ls in parts:
                    beat = rng.randint(-1, ls.bit_count())
                    got = search.wins(ls, beat)
                    if truth[ls] > beat:
                        assert got == truth[ls], (board.to_text(), ls, beat)
                    else:
                        assert truth[ls] <= got <= beat, (board.to_text(), ls, beat)
                        bounded += truth[ls] < got
            for ls in parts:
                assert search.wins(ls) == truth[ls]  # the bar -1: exact, whatever the memo held
            checked += 1
        assert checked == 20 and bounded > 0

    def test_the_best_option_is_exact_above_the_bar_and_a_bound_below_it(self):
        for board, layouts in endgames(15, seed=500):
            search = Endgame(board, layouts, implementation=self.implementation)
            everything = (1 << len(layouts)) - 1
            options = [(c.mine.bit_count(), i) for i, c in enumerate(search.cuts) if everything & ~c.mine]
            value = search.wins(everything)
            fresh = Endgame(board, layouts, implementation=self.implementation).search
            for beat in (value - 1, value, value + 1):
                cut, won = fresh.best_of(everything, options, beat)
                if value > beat:
                    assert won == value and cut >= 0
                    assert Fraction(won, len(layouts)) == search.move_value(search.cuts[cut].cell)
                else:
                    assert cut == -1 and value <= won <= beat

    def test_the_position_limit_stops_the_search(self):
        for board, layouts in endgames(10, seed=100):
            search = Endgame(board, layouts, max_positions=1, implementation=self.implementation)
            try:
                search.value()
            except LimitExceeded as exc:
                assert "endgame search reached 1 positions" in str(exc)
                assert search.positions <= 1 + 1  # the position being valued when the limit struck
                return
        pytest.fail("no endgame needed a second position")

    @pytest.mark.parametrize("depth", [2, 3, 5, 8])
    def test_a_chain_of_layouts_finishes_exactly_when_the_depth_limit_allows_it(self, depth):
        # the chain of n layouts below is n - 1 positions deep: it needs a limit of n
        for n in range(2, 12):
            cuts = tuple(Cut((0, c), 1 << c, (((1 << n) - 1) ^ (1 << c),)) for c in range(n))
            search = self.search(cuts, n, 10**6, depth)
            if n <= depth:
                assert search.wins((1 << n) - 1) == 1
            else:
                with pytest.raises(LimitExceeded, match=rf"^endgame search went {depth} positions deep$"):
                    search.wins((1 << n) - 1)

    def test_a_move_whose_safe_layouts_cannot_clear_the_bar_is_none(self):
        checked = 0
        for board, layouts in endgames(10, seed=700):
            endgame = Endgame(board, layouts, implementation=self.implementation)
            everything = (1 << len(layouts)) - 1
            for i, cut in enumerate(endgame.cuts):
                safe = (everything & ~cut.mine).bit_count()
                assert endgame.search.after(everything, i, safe) is None
                assert endgame.search.after(everything, i, safe + 5) is None
                value = endgame.search.after(everything, i, -1)
                below = endgame.search.after(everything, i, safe - 1)
                assert below is not None and (below == value if value > safe - 1 else value <= below <= safe - 1)
                checked += 1
        assert checked > 30

    def test_the_best_of_no_option_wins_nothing(self):
        board, layouts = next(endgames(1, seed=800))
        search = Endgame(board, layouts, implementation=self.implementation).search
        assert search.best_of((1 << len(layouts)) - 1, []) == (-1, 0)

    def test_among_options_as_safe_and_as_good_the_first_given_is_chosen(self):
        # options are valued safest first, keeping the order given among equally safe ones: of
        # those that tie for the most wins, the first given is the answer
        ties = 0
        for board, layouts in endgames(25, seed=900):
            endgame = Endgame(board, layouts, implementation=self.implementation)
            everything = (1 << len(layouts)) - 1
            options = [(c.mine.bit_count(), i) for i, c in enumerate(endgame.cuts) if everything & ~c.mine]
            value = {i: Endgame(board, layouts, implementation="python").search.after(everything, i, -1)
                     for _, i in options}
            for order in (options, options[::-1]):
                best = max(value.values())
                first = next(i for _, i in sorted(order, key=lambda mc: mc[0]) if value[i] == best)
                fresh = Endgame(board, layouts, implementation=self.implementation).search
                assert fresh.best_of(everything, order) == (first, best)
            ties += len([i for i in value if value[i] == best]) > 1
        assert ties > 0

    def test_a_move_safe_only_in_the_first_layout_of_each_word_is_still_a_move(self):
        # 65 layouts, two words of bits: cell 0 is safe in layouts 0 and 64 only (the lowest bit of
        # each word) and tells them apart, so it wins both; every other cell wins its own layout
        # only.  A test of "some layout safe" that a word's lowest bit alone could fail would drop
        # cell 0 and value the position 1
        n = 65
        everything = (1 << n) - 1
        cuts = (Cut((0, 0), everything ^ (1 | 1 << 64), (1, 1 << 64)),
                *(Cut((0, j), everything ^ (1 << j), (1 << j,)) for j in range(1, 64)))
        assert self.search(cuts, n, 10**6).wins(everything) == 2

    def test_a_position_held_as_worth_nothing_is_read_back_not_valued_again(self):
        # layouts 0 and 1 show the same number at the one cut and nothing tells them apart: {0, 1}
        # wins nothing, and the memo holds that 0 exactly.  Opening the cut from {0, 1, 2} again asks
        # {0, 1} under a bar of -2 (the part {2} adds its layout whatever {0, 1} wins); a search that
        # valued the stored 0 again would need a third position, past its limit of two
        cuts = (Cut((0, 0), 0, (0b011, 0b100)),)
        search = self.search(cuts, 3, 2)
        assert search.wins(0b111) == 1 and search.wins(0b011) == 0 and search.positions == 2
        assert search.after(0b111, 0, -1) == 1 and search.positions == 2

    def test_a_chain_deeper_than_the_depth_limit_stops_the_search(self):
        # cut c is a mine only in layout c: one guess after another, 600 positions deep
        n = 600
        cuts = tuple(Cut((0, c), 1 << c, (((1 << n) - 1) ^ (1 << c),)) for c in range(n))
        search = self.search(cuts, n, 10**6)
        with pytest.raises(LimitExceeded, match=f"went {MAX_DEPTH} positions deep"):
            search.wins((1 << n) - 1)


class TestPythonSearch(SearchContract):
    implementation = "python"

    def search(self, cuts, size, max_positions, max_depth=MAX_DEPTH):
        return PythonSearch(cuts, max_positions, max_depth)


@needs_kernel
class TestKernelSearch(SearchContract):
    implementation = "kernel"

    def search(self, cuts, size, max_positions, max_depth=MAX_DEPTH):
        return KernelSearch(cuts, size, max_positions, max_depth)
