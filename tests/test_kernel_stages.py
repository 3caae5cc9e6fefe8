"""Each stage of the compiled kernel on its own, through the debug build's hooks (bitarray's pattern).

A release build has no hooks (``KERNEL.DEBUG == 0``) and these tests skip;
``tests/test_kernel_builds.py`` makes a debug build and runs them there.  Each
stage is held to its Python twin or to arithmetic done apart:

* ``position.c``: equations, components and boxes equal :mod:`countsweep.constraints`' on
  random positions of every topology;
* ``path.c``: a part whose path passes its limits (set low) is searched, to the same answers;
* ``dpll.c``: so is a small part whose fillings pass their node limit (set low), and a part
  whose rows pass their budget (set low) goes to the Python path at exactly its rows' bytes;
* ``path.c``'s third order: a rule set's cells as named where that keeps fewer constraints open;
  its fourth, guessed, where the three leave a part large or fit no state;
* ``util.c``: the binomial table equals :func:`math.comb`; the arena hands out zeroed bytes, and
  refuses a request past any memory (and every request after it, until reset);
* ``wide.c``: the Chinese remainder step puts any natural in its range back together, and
  the exact division by a small number is ``//`` wherever it divides.
* ``fraction.c``: a ``fractions.Fraction`` unlike CPython's in any one of the checks (equality,
  hash, text, numerator), or without its two slots, is called for every group; one alike in all
  is made in C, its constructor called for the check's -3/7 alone.
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep.board import Board
from countsweep.constraints import Constraints
from countsweep.errors import LimitExceeded
from countsweep.kernel import KERNEL
from countsweep.topology import SQUARE, kernel_table
from tests.reference import KNOT
from tests.strategies import TOPOLOGIES, positions
from tests.test_kernel import KNOTTED

pytestmark = pytest.mark.skipif(KERNEL is None or not KERNEL.DEBUG,
                                reason="the stage hooks exist in a debug build of the kernel only")


@settings(max_examples=400)
@given(positions(max_hidden=14, kinds=TOPOLOGIES))
def test_the_kernels_equations_components_and_boxes_are_the_python_ones(board):
    assert KERNEL is not None
    found = KERNEL._position(board.grid, kernel_table(board.topology, board.height, board.width))
    try:
        model = Constraints.of(board)
    except Exception:
        assert found == 2  # NO_LAYOUT: a number its neighbours cannot satisfy
        return
    index = {cell: r * board.width + c for cell in board.cells() for r, c in (cell,)}
    equations, components = found  # type: ignore[misc]
    assert equations == [(tuple(index[c] for c in eq.cells), eq.value, eq.value) for eq in model.equations]
    eq_index = {id(eq): i for i, eq in enumerate(model.equations)}
    python = [[(tuple(index[c] for c in box),
                tuple(eq_index[id(eq)] for eq in comp.equations if box[0] in eq.cells)) for box in comp.boxes]
              for comp in model.components]
    assert components == python


def test_a_position_no_layout_fits_or_the_kernel_cannot_read_is_given_as_its_status():
    assert KERNEL is not None
    table = kernel_table(SQUARE, 1, 3)
    assert KERNEL._position(((2, 1, -1),), table) == 2  # NO_LAYOUT: a 2 that sees no hidden cell
    assert KERNEL._position(((-1, 3, -1),), table) == 1  # DECLINE: no cell of this table has 3 neighbours
    equations, _ = KERNEL._position(((-1, 2, -1),), table)  # type: ignore[misc]
    assert equations == [((0, 2), 2, 2)]


@settings(max_examples=300)
@given(st.data())
def test_a_graphs_neighbours_listed_in_any_order_make_equations_over_ascending_cells(data):
    """A lattice's table lists each cell's neighbours ascending and the kernel takes them as they
    are; a graph's may list them in any order, and its equations are sorted."""
    assert KERNEL is not None
    hidden = data.draw(st.integers(1, 12))
    numbers = data.draw(st.lists(st.lists(st.integers(0, hidden - 1), unique=True, min_size=1, max_size=8),
                                 min_size=1, max_size=4))
    n = hidden + len(numbers)
    start, nxt = [0] * (hidden + 1), []
    for cells in numbers:
        nxt += cells
        start.append(len(nxt))
    table = KERNEL.Neighbourhood(array("i", start).tobytes(), array("i", nxt).tobytes())
    rows = ((-1,) * hidden + tuple(min(len(cells), 1) for cells in numbers),)
    assert len(rows[0]) == n
    equations, _ = KERNEL._position(rows, table)  # type: ignore[misc]
    assert equations == [(tuple(sorted(cells)), 1, 1) for cells in numbers]


def knotted_3d_positions(games: int) -> list:
    """Positions of 3D play (4 layers of 8x32, 40 mines) with 15 to 45 numbers: frontiers knotted into
    balls, whose parts are long enough to be tried along a path."""
    from countsweep.play.game import Settings
    from countsweep.play.generators import from_play

    return [b for b in from_play(Settings(8, 32, 40, "safe", "corner", topology="3d:4"), games, seed=2026)
            if 15 <= len(b.number_cells) <= 45]


@pytest.mark.skipif(KERNEL is None or not KERNEL.WIDE_COUNTS, reason="parts of 120 and 300 cells: past MAX_CELLS")
@pytest.mark.parametrize(("width", "mines", "sets"), [(60, None, 1), (150, 50, 2)])
def test_a_part_whose_rows_pass_part_bytes_goes_to_the_python_path(width, mines, sets):
    """A part's rows while it is counted: its total and each box's marginal by mine count, cells + 1
    counts of 16 bytes each, a set for the native width and one for each prime.  A ring of ``width``
    columns is one part of ``width`` boxes of 2 cells; under its total of 150 columns the bound on its
    counts (3 bits for each third number's 6 ways, and one for a marginal) needs one prime."""
    from tests.reference import kernel_args, ring
    from tests.test_kernel import pure

    assert KERNEL is not None
    board = ring(width).with_mines(mines)
    need, args = sets * (width + 1) * (2 * width + 1) * 16, kernel_args(board)
    try:
        for small in (1, need - 1):  # 1 byte is a limit too, not the default
            KERNEL._part_bytes(small)
            assert KERNEL.analyze(*args) is None
        assert KERNEL._part_bytes(need) == 1  # the one part, declined
        found = KERNEL.analyze(*args)
        assert found is not None and found.count == pure(board).count
        assert KERNEL._part_bytes(0) == 0
    finally:
        KERNEL._part_bytes(0)


@pytest.mark.skipif(KERNEL is None or not KERNEL.WIDE_COUNTS, reason="a part of 547 cells: past MAX_CELLS")
def test_a_long_part_whose_path_passes_its_limits_goes_to_the_python_path_unsearched():
    """Past PLAIN_CELLS a part is the path's (the Python path's, when the kernel's declines); within
    it, the search counts what the path cannot.  Under their totals, bands hidden on both sides of every
    other number."""
    from countsweep.play.generators import gapped_band
    from tests.reference import kernel_args
    from tests.test_kernel import pure

    assert KERNEL is not None
    within, past = gapped_band(400, 0.4, seed=400), gapped_band(800, 0.4, seed=800)  # a part of 547 cells
    KERNEL._path_limits(2, 0)
    try:
        assert KERNEL.analyze(*kernel_args(past), path_nodes=0) is None
        found = KERNEL.analyze(*kernel_args(within), path_nodes=0)
        assert found is not None and found.count == pure(within).count
    finally:
        KERNEL._path_limits(0, 0)
    found = KERNEL.analyze(*kernel_args(past), path_nodes=0)
    assert found is not None and found.count == pure(past).count


@pytest.mark.parametrize("states, coefs", [(40, 0), *((0, c) for c in (60, 120, 250, 500, 1000, 2000))])
def test_parts_whose_path_passes_its_limits_are_searched_to_the_same_answers(states, coefs):
    """Every part tried along a path first (path_nodes 0); past a layer of ``states`` states, or
    ``coefs`` coefficients kept at once, the path declines and the search counts the part.  The
    backward pass keeps more coefficients at once than the forward one (a stretch of layers made
    again), so some of these limits let the forward pass through and stop the backward one, after
    the part's total and some of its marginals are written."""
    from tests.test_kernel import _compiled, pure, same

    assert KERNEL is not None
    boards = knotted_3d_positions(games=2)
    assert len(boards) >= 5
    KERNEL._path_limits(states, coefs)
    KERNEL._path_guessed()
    try:
        for board in boards:
            same(_compiled(board, path_nodes=0), pure(board))
        tried, taken = KERNEL._path_guessed()
    finally:
        KERNEL._path_limits(0, 0)
    if states:  # every order declines past the layer limit, the guessed one too, and the search counts
        assert tried > 0 and taken == 0


def test_a_rule_sets_path_sweeps_its_cells_as_named_and_a_3d_boards_parts_choose_one_by_one():
    """The third order a part is probed along (path.c) is the boxes as given where that keeps fewer
    constraints open at once than breadth-first from the first box.  On a grid of 2x2 rules named
    row by row it does (a breadth-first order sweeps the diagonal, twice a row's constraints); on
    a 3D board of 4 layers of 8x8 the given order sweeps a layer at a time, and which keeps fewer
    open depends on the part."""
    from benchmarks.variant_rules import every_two_by_two
    from countsweep.play.game import Settings
    from countsweep.play.generators import from_play
    from countsweep.rules import RuleSet, analyze_rules
    from tests.test_kernel import _compiled

    assert KERNEL is not None
    KERNEL._path_given()
    assert analyze_rules(RuleSet.from_payload(every_two_by_two(6)), implementation="kernel").count > 0
    given, first = KERNEL._path_given()
    assert given >= 1 and first == 0
    boards = [b for b in from_play(Settings(8, 32, 40, "safe", "corner", topology="3d:4"), 2, seed=2026)
              if 15 <= len(b.number_cells) <= 45]
    for board in boards:  # the parts the search cannot split: knotted balls of 16 boxes or more
        _compiled(board)
    given, first = KERNEL._path_given()
    assert given > 0 and first > 0  # chosen part by part: a ball's numbering is a sweep of its layers


@pytest.mark.parametrize("name", sorted(KNOTTED))
def test_a_part_the_three_orders_leave_large_or_unfitted_is_counted_along_a_guessed_fourth(name):
    """A fourth order, the breadth-first one whose states are estimated fewest of many starts, joins
    the race where every order still counting passes 50000 states or none fits a state: on these
    positions it is the one taken, and the counts are the Python path's."""
    from tests.test_kernel import _compiled, pure, same

    assert KERNEL is not None
    board = Board.from_text(KNOTTED[name])
    KERNEL._path_guessed()
    same(_compiled(board), pure(board))
    assert KERNEL._path_guessed() == (1, 1)


def test_parts_counted_in_fewer_states_than_the_pause_guess_no_fourth_order():
    """The guess costs its estimates and a probe: parts whose three orders end below the pause, as
    most do, never pay for it."""
    from tests.test_kernel import _compiled

    assert KERNEL is not None
    boards = knotted_3d_positions(games=2)
    KERNEL._path_guessed()
    for board in boards:
        _compiled(board, path_nodes=0)  # every part along a path
    assert KERNEL._path_guessed() == (0, 0)


@pytest.mark.parametrize("nodes", [1, 7, 50])
def test_parts_whose_fillings_pass_their_node_limit_are_searched_to_the_same_answers(nodes):
    """A small part's fillings are enumerated first (dpll.c); past ``nodes`` nodes the counts written
    so far are cleared and the search counts the part.  At 7 or 50 nodes some fillings are written
    before the limit, so an uncleared row would be counted twice."""
    from countsweep.play.game import Settings
    from countsweep.play.generators import from_play
    from tests.test_kernel import _compiled, pure, same

    assert KERNEL is not None
    boards = from_play(Settings(8, 32, 40, "safe", "corner", topology="3d:4"), 1, seed=7)
    boards += from_play(Settings(9, 9, 10, "safe", "corner"), 2, seed=7)
    KERNEL._enum_nodes(nodes)
    try:
        for board in boards:
            same(_compiled(board), pure(board))
        passed = KERNEL._enum_nodes(0)
    finally:
        KERNEL._enum_nodes(0)
    assert passed > 0  # parts met the limit, and the search answered them (many are settled before)
    for board in boards:  # at the default limit these parts' fillings, dead ends and all, fit
        _compiled(board)
    assert KERNEL._enum_nodes(0) == 0


def test_a_row_of_three_boxes_takes_seven_nodes_to_fill_and_the_default_limit_is_restored_by_zero():
    """Each box given a value is a node, and so is each filling of every box: in ?1?1? the boxes are
    the three cells, and the first cell's two values each force the other two, 1 + 2 * 3 = 7 nodes.
    A limit of 7 lets the part through; 6 does not, and the part is searched instead."""
    from countsweep.clues import EXACT
    from countsweep.counting.base import Limits
    from countsweep.oracle import KernelAnalyzer

    assert KERNEL is not None
    board = Board.from_text("5x1\n?1?1?")
    passed = {}
    try:
        for nodes in (7, 6, 0):  # 0: the default again
            KERNEL._enum_nodes(nodes)
            found = KernelAnalyzer().analyze(board, EXACT, Limits())
            assert found is not None and found.count == 2
            passed[nodes] = KERNEL._enum_nodes(nodes)
    finally:
        KERNEL._enum_nodes(0)
    assert passed == {7: 0, 6: 1, 0: 0}


@pytest.mark.parametrize("states, coefs", [(1, 0), (0, 1)])
def test_a_limit_of_one_state_or_one_coefficient_declines_every_path(states, coefs):
    """One is the least limit the hook takes (0 restores the default): no part's path fits in it, so a
    search with a single node to spend declines the position, where at the defaults the paths count
    the same parts with no node spent."""
    from countsweep.clues import EXACT
    from countsweep.counting.base import Limits
    from countsweep.oracle import KernelAnalyzer

    assert KERNEL is not None
    boards = knotted_3d_positions(games=1)
    assert len(boards) >= 2
    one_node = KernelAnalyzer(path_nodes=0, max_nodes=1)
    assert all(one_node.analyze(b, EXACT, Limits()) is not None for b in boards)
    KERNEL._path_limits(states, coefs)
    try:
        assert all(one_node.analyze(b, EXACT, Limits()) is None for b in boards)
    finally:
        KERNEL._path_limits(0, 0)


@pytest.mark.parametrize("bits", [0, 1, 3])
def test_a_search_whose_memo_keys_all_meet_in_a_few_slots_gives_the_same_answers(bits):
    """The memo finds a group's counts by a 64-bit hash of its key, then compares the keys whole; two
    keys' hashes almost never meet, so only a hash kept to a few bits tests the comparison (a lookup
    trusting the hash alone would hand one group another's counts)."""
    from countsweep.play.game import Settings
    from countsweep.play.generators import from_play
    from tests.test_kernel import _compiled, pure, same

    assert KERNEL is not None
    boards = from_play(Settings(16, 16, 40, "safe", "corner"), 3, seed=7)
    boards += from_play(Settings(8, 32, 40, "safe", "corner", topology="3d:4"), 1, seed=2026)
    KERNEL._memo_hash_bits(bits)
    try:
        for board in boards:
            same(_compiled(board, path_nodes=-1), pure(board))
    finally:
        met = KERNEL._memo_hash_bits(64)
    assert met > 0  # the keys did meet: the comparison, not the hash, told them apart
    knot = Board.from_text(KNOT)  # searched, about 6000 nodes: its memo finds groups met before
    for board in (boards[-1], knot):
        same(_compiled(board, path_nodes=-1), pure(board))
    assert KERNEL._memo_hash_bits(64) == 0  # a whole hash: these keys never meet, found or not
    with pytest.raises(ValueError, match="bits: from 0 to 64, not 65"):
        KERNEL._memo_hash_bits(65)


@pytest.mark.parametrize("bits", [0, 2, 6])
def test_an_endgame_search_whose_positions_meet_in_a_few_slots_visits_the_same_positions(bits):
    """The endgame search's memo finds a position by its hash, then compares its nonzero words; with
    the hashes kept to a few bits, positions meet, and a look-up trusting the hash (or a length, or
    one word) would hand a position another's value."""
    from countsweep.play.endgame import KernelSearch, PythonSearch
    from tests.test_kernel import _random_cuts

    assert KERNEL is not None
    KERNEL._memo_hash_bits(bits)
    try:
        for seed, layouts in ((0, 200), (1, 700)):
            cuts = _random_cuts(seed, layouts, 24)
            compiled, python = KernelSearch(cuts, layouts, 5000), PythonSearch(cuts, 5000)
            everything = 2**layouts - 1
            rng = random.Random(seed)
            for ls in [everything] + [rng.getrandbits(layouts) & rng.getrandbits(layouts) for _ in range(10)]:
                outcome, beat = [], rng.randint(-1, 20)
                for search in (compiled, python):
                    try:
                        outcome.append(search.wins(ls, beat))
                    except LimitExceeded:
                        outcome.append(None)
                assert outcome[0] == outcome[1] and compiled.positions == python.positions
    finally:
        met = KERNEL._memo_hash_bits(64)
    assert met > 0  # positions did meet: the comparison, not the hash, told them apart


def test_the_binomial_table_is_pascals_triangle():
    assert KERNEL is not None
    for n in range(KERNEL.MAX_BOX + 1):
        for k in range(-1, n + 2):
            assert KERNEL._binomial(n, k) == (math.comb(n, k) if 0 <= k <= n else 0)


WORD = 2**64  # size_t's range on a 64-bit machine


def test_the_arena_hands_out_zeroed_bytes_however_they_are_asked_for():
    assert KERNEL is not None
    # none, one, many items; items of no size; a block of its own past 64 kB between small ones; every
    # block written over once checked, so that bytes handed out twice would not be zero
    small = [(0, 8), (1, 1), (3, 4), (5, 0), (0, 2**63), (100_000, 8), (7, 16), (16_000, 4), (1, 2)]
    assert KERNEL._arena(small) == [True] * len(small)
    # a reset keeps a block for what follows: handed out again, zeroed again
    assert KERNEL._arena([(8000, 8), None, (8000, 8), None, (100_000, 8), None, (20, 8)]) == [
        True, None, True, None, True, None, True]


@pytest.mark.parametrize("requests", [[5], [(1,)], [(1, 2, 3)], [(1, 1), [1, 1]], [("1", 1)]])
def test_the_arena_hook_refuses_what_is_not_a_request(requests):
    assert KERNEL is not None
    with pytest.raises(TypeError):
        KERNEL._arena(requests)


@pytest.mark.skipif(sys.maxsize != 2**63 - 1, reason="the requests are past a size_t of 64 bits")
def test_the_arena_refuses_a_request_past_any_memory_and_all_after_it_until_reset():
    assert KERNEL is not None
    # a quarter of the address space is past any machine's memory; count * size wrapping round, or
    # a request of nearly every byte (whose block's size had wrapped to a few bytes and was handed
    # out, then written over to the end of memory), refused alike
    for huge in [(2**62 + 1, 1), (2**59 + 1, 8), (2**63, 2), (WORD - 16, 1), (WORD - 1, WORD - 1)]:
        assert KERNEL._arena([huge, (1, 1), None, (1, 1)]) == [False, False, None, True]


def _primes_below(top: int, n: int) -> list[int]:
    """The ``n`` largest primes below ``top`` (< 3.3e24), the largest first: Miller-Rabin on the
    first twelve primes' bases, which decides every number below 3.3e24 (Sorenson and Webster)."""
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)

    def prime(m: int) -> bool:
        if any(m % b == 0 for b in bases):
            return m in bases
        d, s = m - 1, 0
        while d % 2 == 0:
            d, s = d // 2, s + 1
        for b in bases:
            x = pow(b, d, m)
            if x in (1, m - 1):
                continue
            for _ in range(s - 1):
                x = x * x % m
                if x == m - 1:
                    break
            else:
                return False
        return True

    found, m = [], top - 1
    while len(found) < n:
        if prime(m):
            found.append(m)
        m -= 1
    return found


def test_the_chinese_remainder_step_puts_every_natural_in_range_back_together():
    # the kernel's moduli are the 32 largest primes below 2**62, in that order: a residue taken
    # modulo anything else puts a different natural together
    assert KERNEL is not None
    primes = _primes_below(2**62, 32) if KERNEL.WIDE_COUNTS else []
    native = 128 if KERNEL.WIDE_COUNTS else 64
    rng = random.Random(5)
    for nmod in range(len(primes) + 1):
        top = 2**native * math.prod(primes[:nmod])
        for x in [0, 1, top - 1, *(rng.randrange(top) for _ in range(50))]:
            assert KERNEL._crt([x % 2**native, *(x % p for p in primes[:nmod])]) == x
    with pytest.raises(ValueError, match="residues"):  # no more primes than that
        KERNEL._crt([0] * (len(primes) + 2))


# limbs of 0 and 1 beside full ones: where a limb is below what the one before borrows (rare among
# random limbs, one in 2**32)
LIMBS = st.sampled_from([0, 1, 2**32 - 1, 2**63, 2**64 - 1]) | st.integers(0, 2**64 - 1)


@settings(max_examples=500)
@given(st.lists(LIMBS, min_size=1, max_size=15), st.integers(1, 2**32 - 1), st.integers(0, 31))
def test_the_exact_division_is_floor_division_where_the_divisor_divides(limbs, divisor, twos):
    assert KERNEL is not None
    d = max(1, (divisor << twos) % 2**32)  # even divisors too: they take the shift
    x = sum(limb << (64 * i) for i, limb in enumerate(limbs))
    x -= x % d
    assert KERNEL._divexact(x, d) == x // d


def test_the_exact_division_refuses_what_it_cannot_hold():
    assert KERNEL is not None
    for x, d in [(-6, 3), (2**1024, 1), (6, 0), (6, 2**32), (7, 2), (2**64 + 1, 3)]:
        with pytest.raises((OverflowError, ValueError)):
            KERNEL._divexact(x, d)


# -- fraction.c: a Fraction unlike CPython's is called, not made ------------------------------------

class Slotted:
    """A stand-in for fractions.Fraction with its two slots, made as Fraction is, whose equality, hash,
    text and numerator each take one ``way``: alike for a Fraction made in C and one constructed, or
    unlike in that one check alone.  Every construction is kept in ``calls``."""

    __slots__ = ("_denominator", "_numerator")
    way = ""
    calls: ClassVar[list] = []

    def __new__(cls, n: int, d: int):
        cls.calls.append((n, d))
        made = object.__new__(cls)
        made._numerator, made._denominator = n, d
        return made

    def __eq__(self, other: object) -> bool:
        return self.way != "unequal" and isinstance(other, Slotted)

    def __hash__(self) -> int:
        return id(self) if self.way == "hash" else 1

    def __str__(self) -> str:
        return str(id(self)) if self.way == "text" else "x"

    @property
    def numerator(self) -> int:
        return self._numerator + (self.way == "numerator")


def unlike(way: str) -> type:
    return type(f"Slotted_{way}", (Slotted,), {"__slots__": (), "way": way, "calls": []})


class Plain:
    """A Fraction with no slots at all."""

    def __init__(self, n: int, d: int) -> None:
        self.n, self.d = n, d


class Others:
    """A Fraction whose slots are named otherwise."""

    __slots__ = ("d", "n")

    def __init__(self, n: int, d: int) -> None:
        self.n, self.d = n, d


def made_by(fraction: object) -> tuple[list, int]:
    """The values of a small position with open groups, ``fraction`` given as ``fractions.Fraction`` and as
    ``value``, looked up afresh, and what the kernel found of it (1 made in C, -1 called), forgotten after."""
    import sys
    import types

    module = types.ModuleType("fractions")
    module.Fraction = fraction  # type: ignore[attr-defined]
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    saved = sys.modules["fractions"]
    sys.modules["fractions"] = module
    KERNEL._fraction_forget()  # type: ignore[union-attr]
    try:
        found = KERNEL.analyze(board.grid, kernel_table(board.topology, 4, 4), 3,  # type: ignore[union-attr]
                               tuple(board.cells()), value=fraction)
    finally:
        sys.modules["fractions"] = saved
        way = KERNEL._fraction_forget()  # type: ignore[union-attr]
    return found.values, way


@pytest.mark.parametrize("way", ["unequal", "hash", "text", "numerator"])
def test_a_fraction_unlike_cpythons_in_one_check_is_called_for_every_group(way):
    fraction = unlike(way)
    values, found = made_by(fraction)
    assert found == -1 and all(type(v) is fraction for v in values) and len(values) > 2
    # the check's -3/7, then a call for each open group and one for each kind of settled group
    assert fraction.calls[0] == (-3, 7) and len(fraction.calls) > 2


def test_a_fraction_like_cpythons_in_every_check_is_made_not_called():
    fraction = unlike("")
    values, found = made_by(fraction)
    assert found == 1 and fraction.calls == [(-3, 7)]  # only the check's: every group's value was made in C
    assert all(type(v) is fraction for v in values) and len(values) > 2
    from fractions import Fraction

    assert [(v._numerator, v._denominator) for v in values] == [(v.numerator, v.denominator)
                                                                for v in made_by(Fraction)[0]]


@pytest.mark.parametrize("fraction", [Plain, Others, lambda n, d: (n, d)], ids=["no slots", "other slots", "no type"])
def test_a_fraction_without_cpythons_slots_is_called(fraction):
    values, found = made_by(fraction)
    assert found == -1 and all(type(v) is (tuple if fraction not in (Plain, Others) else fraction) for v in values)
    assert KERNEL._fraction_forget() == 0  # type: ignore[union-attr]  # forgotten after made_by


def test_a_fractions_module_that_cannot_be_imported_is_the_analysis_error():
    import sys

    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    saved = sys.modules["fractions"]
    sys.modules["fractions"] = None  # type: ignore[assignment]  # importing it raises
    KERNEL._fraction_forget()  # type: ignore[union-attr]
    try:
        with pytest.raises(ImportError):
            KERNEL.analyze(board.grid, kernel_table(board.topology, 4, 4), 3,  # type: ignore[union-attr]
                           tuple(board.cells()), value=lambda n, d: (n, d))
        assert KERNEL._fraction_forget() == 0  # type: ignore[union-attr]  # nothing looked up: next time again
    finally:
        sys.modules["fractions"] = saved
        KERNEL._fraction_forget()  # type: ignore[union-attr]


def test_cpythons_fraction_is_made_in_c_once_looked_up_again():
    from fractions import Fraction

    KERNEL._fraction_forget()  # type: ignore[union-attr]
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    KERNEL.analyze(board.grid, kernel_table(board.topology, 4, 4), 3, tuple(board.cells()),  # type: ignore[union-attr]
                   value=Fraction)
    assert KERNEL._fraction_forget() == 1  # type: ignore[union-attr]
