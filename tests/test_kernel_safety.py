"""The compiled kernel's entry points meet bad arguments with Python exceptions, never a dead interpreter.

Each reproducer of a crash once found in the kernel is here, and a short fuzz
calls every entry point with arguments of the wrong type, size or range.  Each
allocation an entry point makes is failed in turn, and must end the call in
MemoryError or leave its answer as it was.  The
sanitizer build (``tests/test_kernel_builds.py``) runs this module too, so a
read or write out of bounds that happens not to crash here is caught there.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import random
import signal
import sys
import tracemalloc
from array import array
from fractions import Fraction

import pytest

from countsweep import Board
from countsweep.board import HIDDEN
from countsweep.clues import EXACT, parse_clues
from countsweep.counting import Limits
from countsweep.kernel import KERNEL
from countsweep.oracle import KernelAnalyzer, analyze
from countsweep.topology import SQUARE, cell_table, kernel_table
from tests.reference import BALL, kernel_args, ring

pytestmark = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")

WORD = 8


def bits(*layouts: int, n: int = 64) -> bytes:
    """A bit set over ``n`` layouts with these set, as the Search reads it."""
    value = sum(1 << i for i in layouts)
    return value.to_bytes(WORD * ((n + 63) // 64), "little")


def small_search(max_positions: int = 100):
    assert KERNEL is not None
    return KERNEL.Search(64, [(bits(0), (bits(1), bits(2)))], max_positions)


# Search: indices, initialisation, re-initialisation, recursion --------------------------------


def test_a_search_over_sets_of_fewer_than_two_layouts_reads_no_word_past_them():
    # a set of fewer than two layouts is worth its size unsearched: counting its layouts stops at
    # its last word, at the root (the caller's bytes) and in a part after a cut (the level's
    # scratch).  The sanitized build runs this module, where a word read past either is caught
    search = small_search()
    assert search.wins(bits(1)) == 1 and search.wins(bits()) == 0
    assert search.after(bits(0, 1, 2), 0, -1) == 2  # layout 0 a mine at the cut, 1 and 2 a part each
    assert search.wins(bits(0, 1, 2)) == 2


def test_a_search_refuses_bits_past_its_layouts_in_a_cut_or_a_position():
    # once found by a fuzz: a cut's set with bits past 59 layouts made after() answer MemoryError
    # (a count gone negative read as the out-of-memory code) instead of refusing the cut
    assert KERNEL is not None
    with pytest.raises(ValueError, match=r"^a cut's number set: a bit past the search's 59 layouts$"):
        KERNEL.Search(59, [(bits(0, n=59), (bits(*range(1, 60), n=59),))], 1000)
    with pytest.raises(ValueError, match=r"^a cut's mine set: a bit past the search's 3 layouts$"):
        KERNEL.Search(3, [(bits(3, n=3), (bits(0, 1, 2, n=3),))], 1000)
    search = KERNEL.Search(3, [(bits(0, n=3), (bits(1, n=3), bits(2, n=3)))], 1000)
    for call in (lambda p: search.wins(p), lambda p: search.after(p, 0, -1), lambda p: search.best(p, [(1, 0)])):
        with pytest.raises(ValueError, match=r"^position: a bit past the search's 3 layouts$"):
            call(bits(0, 1, 2, 3, n=3))
        assert call(bits(0, 1, 2, n=3)) in (2, (0, 2))  # layout 0 a mine at the cut, 1 and 2 told apart


def test_a_search_refuses_a_cut_whose_sets_meet_and_a_position_a_cut_does_not_place():
    # a cut's sets part the layouts it places (a mine there, or one number shown): a layout in
    # two sets, or one in a position that some cut places nowhere, would be counted twice or lost
    assert KERNEL is not None
    with pytest.raises(ValueError, match=r"^cuts\[1\]: layout 2 is in two of its sets$"):
        KERNEL.Search(4, [(bits(0, n=4), (bits(1, 2, 3, n=4),)), (bits(2, n=4), (bits(0, 1, 2, n=4), bits(3, n=4)))],
                      1000)
    search = KERNEL.Search(4, [(bits(0, n=4), (bits(1, n=4), bits(2, n=4))), (bits(1, n=4), (bits(0, 2, 3, n=4),))],
                           1000)
    with pytest.raises(ValueError, match=r"^position: layout 3 is in none of some cut's sets \(a mine, or a number "
                                         r"shown\)$"):
        search.wins(bits(1, 3, n=4))
    assert search.wins(bits(0, 1, 2, n=4)) == search.wins(bits(0, 1, 2, n=4), -1) >= 1
    # a layout past the first word is named by its own number
    n = 200
    with pytest.raises(ValueError, match=r"^cuts\[0\]: layout 130 is in two of its sets$"):
        KERNEL.Search(n, [(bits(130, n=n), (bits(*range(100, n), n=n),))], 1000)
    wide = KERNEL.Search(n, [(bits(5, n=n), (bits(*(i for i in range(n) if i not in (5, 150)), n=n),))], 1000)
    with pytest.raises(ValueError, match=r"^position: layout 150 is in none of some cut's sets"):
        wide.wins(bits(3, 150, 199, n=n))
    with pytest.raises(ValueError, match=r"^position: a bit past the search's 200 layouts$"):
        wide.wins(bits(3, 200, n=256))


@pytest.mark.parametrize("cut", [5, 1, 10**6, -1, -(10**6)])
def test_best_refuses_a_cut_index_the_search_does_not_have(cut):
    with pytest.raises(IndexError, match=rf"cut {cut}: the search has cuts 0 to 0"):
        small_search().best(bits(0, 1, 2), [(1, cut)])


def test_best_without_a_bar_answers_as_with_a_bar_of_minus_one():
    # the stub's default: a position with no layout wins 0, which beats -1, so a cut is named
    search = small_search()
    for position in (bits(), bits(0), bits(0, 1, 2)):
        assert search.best(position, [(1, 0)]) == search.best(position, [(1, 0)], -1)
    assert search.best(bits(), [(1, 0)]) == (0, 0)
    assert search.best(bits(), [(1, 0)], 0) == (-1, 0)


@pytest.mark.parametrize("cut", [1, -1, 10**6])
def test_after_refuses_a_cut_index_the_search_does_not_have(cut):
    with pytest.raises(IndexError, match=rf"^cut {cut}: the search has cuts 0 to 0$"):
        small_search().after(bits(0, 1, 2), cut, 0)


def test_after_refuses_a_cut_index_past_a_c_int():
    with pytest.raises(OverflowError):
        small_search().after(bits(0, 1, 2), 2**40, 0)


@pytest.mark.parametrize("beat", [-1, -2, -(2**63), 2**63 - 1, 2**62])
def test_any_bar_a_long_long_holds_is_answered_without_overflow(beat):
    # below -1 a bar asks for exact answers; above every count, for a bound no greater than it
    search = small_search()
    won = 2  # cut 0 is safe in layouts 1 and 2 and tells them apart: both won
    exact = beat < won
    got = search.wins(bits(0, 1, 2), beat)
    assert got == won if exact else won <= got <= beat
    assert search.after(bits(0, 1, 2), 0, beat) == (won if exact else -1)
    assert search.best(bits(0, 1, 2), [(1, 0)], beat) == ((0, won) if exact else (-1, won))
    with pytest.raises(OverflowError):
        search.wins(bits(0, 1, 2), 2**63)


@pytest.mark.parametrize("call", [
    lambda s: s.wins(bits(0, 1)), lambda s: s.best(bits(0, 1), [(1, 0)]), lambda s: s.after(bits(0, 1), 0, 0),
])
def test_a_search_whose_init_never_ran_raises_instead_of_reading_null(call):
    assert KERNEL is not None
    blank = KERNEL.Search.__new__(KERNEL.Search)
    with pytest.raises(RuntimeError, match="was not initialised"):
        call(blank)
    assert blank.positions == 0


def test_a_failed_second_init_leaves_a_search_that_refuses_to_run():
    search = small_search()
    assert search.wins(bits(0, 1, 2)) == 2
    with pytest.raises(TypeError):
        search.__init__(64, [(bits(0), "not a tuple of bit sets")], 100)
    with pytest.raises(RuntimeError, match="was not initialised"):
        search.wins(bits(0, 1, 2))
    search.__init__(64, [(bits(0), (bits(1), bits(2)))], 100)  # and a good one makes it whole again
    assert search.wins(bits(0, 1, 2)) == 2


@pytest.mark.long
def test_init_again_and_again_keeps_no_memory_of_the_earlier_inits():
    n = 4096
    # cut c: a mine in layout c, one number in layouts c + 1 to c + 39, another in the rest
    cuts = [(bits(c, n=n), (bits(*range(c + 1, c + 40), n=n),
                            bits(*(i for i in range(n) if not c <= i < c + 40), n=n))) for c in range(64)]
    search = KERNEL.Search(n, cuts, 1000)  # type: ignore[union-attr]
    search.wins(bits(*range(60), n=n))
    tracemalloc.start()
    try:
        for _ in range(5):
            search.__init__(n, cuts, 1000)
            search.wins(bits(*range(60), n=n))
        settled, _ = tracemalloc.get_traced_memory()
        for _ in range(40):
            search.__init__(n, cuts, 1000)
            search.wins(bits(*range(60), n=n))
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - settled < 64 * 1024  # a leak of the cuts alone would be 40 * 64 * 1 KB


@pytest.mark.long
def test_a_chain_deeper_than_the_depth_limit_stops_the_search_instead_of_the_stack():
    # cut c is a mine only in layout c: guessing one cell at a time, 3000 positions deep
    n = 3000
    everything = bits(*range(n), n=n)
    # every layout but c, as bits() gives it (made from the whole set: bits() of 2999 layouts, 3000
    # times, took most of this test's time under the sanitizers)
    whole = int.from_bytes(everything, "little")
    but = [(whole ^ (1 << c)).to_bytes(len(everything), "little") for c in range(n)]
    assert but[7] == bits(*(x for x in range(n) if x != 7), n=n)
    cuts = [(bits(c, n=n), (but[c],)) for c in range(n)]
    search = KERNEL.Search(n, cuts, 10**6)  # type: ignore[union-attr]
    assert search.wins(everything) is None and search.stopped == "depth"
    # with no depth limit it goes all 3000 levels down (the stack holds no bit set), then stops at
    # the position limit: every set of layouts is a position of this chain
    deep = KERNEL.Search(n, cuts, 5000, max_depth=100000)  # type: ignore[union-attr]
    assert deep.wins(everything) is None and deep.stopped == "positions" and deep.positions == 5000


@pytest.mark.parametrize("max_positions, max_depth", [(0, 0), (10, 0), (0, 100000)])
def test_search_takes_its_limits_from_zero_to_their_edges(max_positions, max_depth):
    """No position and no depth are limits a search may be given (it then values nothing past the
    first position: it stops), and a depth of 100000 is the most; one past is refused."""
    search = KERNEL.Search(64, [(bits(0), (bits(1), bits(2)))], max_positions, max_depth=max_depth)  # type: ignore[union-attr]
    assert search.positions == 0 and not search.stopped
    # a move from the first position takes that depth's scratch even at a depth limit of 0 (its two
    # safe layouts show different numbers: each is won alone, with no position searched)
    assert search.after(bits(0, 1, 2), 0, -1) == 2 and not search.stopped
    with pytest.raises(ValueError, match="at most 100000"):
        KERNEL.Search(64, [(bits(0), (bits(1), bits(2)))], max_positions, max_depth=100001)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not negative"):
        KERNEL.Search(64, [(bits(0), (bits(1), bits(2)))], -1, max_depth=max_depth)  # type: ignore[union-attr]


@pytest.mark.parametrize("args, error", [
    ((2**63 - 1, [], 10), ValueError),
    ((0, [], 10), ValueError),
    ((-5, [], 10), ValueError),
    ((64, [], -1), ValueError),
    ((2**64, [], 10), OverflowError),
    ((64, "cuts", 10), TypeError),
    ((64, [5], 10), TypeError),
    ((64, [(bits(0),)], 10), TypeError),
    ((64, [(bits(0), [bits(1)])], 10), TypeError),
    ((64, [("0" * 8, (bits(1),))], 10), TypeError),
    ((64, [(b"\x01", (bits(1),))], 10), ValueError),
    ((64, [(bits(0), (bits(1), b""))], 10), ValueError),
    ((64, [(bits(0), (bits(1), 3))], 10), TypeError),
])
def test_search_init_refuses_bad_arguments_with_a_python_exception(args, error):
    with pytest.raises(error):
        KERNEL.Search(*args)  # type: ignore[union-attr]


@pytest.mark.parametrize("call, error", [
    (lambda s: s.wins(b"\x00"), ValueError),
    (lambda s: s.wins("position"), TypeError),
    (lambda s: s.wins(None), TypeError),
    (lambda s: s.best(bits(0, 1), [(1,)]), TypeError),
    (lambda s: s.best(bits(0, 1), [5]), TypeError),
    (lambda s: s.best(bits(0, 1), ((1, 0),)), TypeError),
    (lambda s: s.best(bits(0, 1), [(1, 0), (1, 0)]), ValueError),
    (lambda s: s.best(bits(0, 1), [(2**40, 0)]), OverflowError),
    (lambda s: s.after(bits(0, 1), "0", 0), TypeError),
])
def test_search_methods_refuse_bad_arguments_with_a_python_exception(call, error):
    with pytest.raises(error):
        call(small_search())


# Neighbourhood tables -----------------------------------------------------------------------


def int32s(*values: int) -> bytes:
    from array import array

    return array("i", values).tobytes()


@pytest.mark.parametrize("start, nxt, says", [
    (int32s(0, 1), int32s(0), "itself"),
    (int32s(0, 1, 2), int32s(1, 2), "not a cell"),
    (int32s(0, 1, 2), int32s(1, -1), "not a cell"),
    (int32s(0, 2, 2), int32s(1, 1), "listed twice"),
    (int32s(0, 2, 1, 2), int32s(1, 2), "decrease"),
    (int32s(0, 100, 2), int32s(1, 0), "past the end"),
    (int32s(1, 1), int32s(0), "offsets from 0"),
    (int32s(0, 1, 3), int32s(1, 0), "offsets from 0"),
    (int32s(0), b"", "offsets from 0"),
    (b"\x00\x00\x00", int32s(), "whole number"),
])
def test_a_neighbourhood_table_is_checked_when_it_is_made(start, nxt, says):
    with pytest.raises(ValueError, match=says):
        KERNEL.Neighbourhood(start, nxt)  # type: ignore[union-attr]


@pytest.mark.parametrize("args", [
    (0, 5), (5, 0), (-1, 5), (4, 3, b"", False, False, 3), (3, 3), (3, 3, int32s(1)), (2**31, 2**31, int32s(0, 1)),
    (3, 3, int32s(10**7, 0)),
])
def test_a_lattice_is_refused_where_it_cannot_be_laid(args):
    with pytest.raises((ValueError, OverflowError)):
        KERNEL.Neighbourhood.lattice(*args)  # type: ignore[union-attr]


def test_a_lattices_offsets_go_to_a_million_and_a_thousand_pairs_and_no_further():
    """The limits the table checks, each at its edge: an offset of a million each way (which on a
    small board reaches nothing) and a thousand offset pairs are laid; one more is refused."""
    far = KERNEL.Neighbourhood.lattice(3, 3, int32s(10**6, -(10**6), 0, 1))  # type: ignore[union-attr]
    assert list(far.around(0)) == [1]
    with pytest.raises(ValueError, match="beyond a million"):
        KERNEL.Neighbourhood.lattice(3, 3, int32s(10**6 + 1, 0, 0, 1))  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="beyond a million"):
        KERNEL.Neighbourhood.lattice(3, 3, int32s(0, 1, 0, -(10**6) - 1))  # type: ignore[union-attr]
    pairs = [v for k in range(1, 1001) for v in (k, 0)]  # a thousand pairs: rows 1..1000 below
    assert list(KERNEL.Neighbourhood.lattice(3, 3, int32s(*pairs)).around(0)) == [3, 6]  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="offset pairs"):
        KERNEL.Neighbourhood.lattice(3, 3, int32s(*pairs, 1001, 0))  # type: ignore[union-attr]


@pytest.mark.parametrize(("offsets", "depth"), [((0, 1), 0), (tuple(range(2000)), 0), ((), 1)])
def test_a_lattice_whose_neighbour_lists_pass_32_bit_indices_is_refused_before_it_is_laid(offsets, depth):
    # the lists hold up to `most` neighbours a cell (26 in 3D, else one an offset pair), indexed by
    # int32: one cell past what they hold is refused at once (the lattice at the edge takes 8 GB to
    # lay, so it is not laid here)
    most = 26 if depth else len(offsets) // 2
    cells = (2**31 - 2) // most + 1
    with pytest.raises(ValueError, match="too many cells"):
        KERNEL.Neighbourhood.lattice(cells, 1, int32s(*offsets), depth=depth)  # type: ignore[union-attr]


def test_around_takes_an_integer_and_says_so_of_anything_else():
    table = kernel_table(SQUARE, 3, 3)
    with pytest.raises(TypeError):
        table.around("1")
    with pytest.raises(TypeError):
        table.around(1.0)
    with pytest.raises(IndexError):
        table.around(2**70)  # past an index: the overflow is an index off the table


def test_around_refuses_a_cell_off_the_table():
    table = kernel_table(SQUARE, 3, 3)
    with pytest.raises(IndexError):
        table.around(9)
    with pytest.raises(IndexError):
        table.around(-1)


# analyze -----------------------------------------------------------------------------------------


def good_call():
    return kernel_args(Board.from_text("3x3x2\n???\n?2?\n???"))


@pytest.mark.parametrize("change, error", [
    (lambda a: ("rows", *a[1:]), TypeError),
    (lambda a: (a[0], "table", *a[2:]), TypeError),
    (lambda a: (*a[:2], -3, a[3]), ValueError),
    (lambda a: (*a[:2], 2.5, a[3]), TypeError),
    (lambda a: (*a[:2], 2**80, a[3]), OverflowError),
    (lambda a: (*a[:3], a[3][:4]), ValueError),
    (lambda a: (*a[:3], list(a[3])), TypeError),
])
def test_analyze_refuses_bad_arguments_with_a_python_exception(change, error):
    with pytest.raises(error):
        KERNEL.analyze(*change(good_call()))  # type: ignore[union-attr]


@pytest.mark.parametrize("mines", [-1, -3, -(2**40)])
def test_analyze_refuses_a_negative_mine_total_by_name_minus_one_included(mines):
    # -1 is also what C's reading of a Python int answers on an error: it is a value here
    rows, table, _, cells = good_call()
    with pytest.raises(ValueError, match=r"^mines: not negative"):
        KERNEL.analyze(rows, table, mines, cells)  # type: ignore[union-attr]


@pytest.mark.parametrize("max_bytes, error", [(-2, ValueError), (2**70, OverflowError), ("1", TypeError),
                                               (1.5, TypeError)])
def test_analyze_refuses_a_memory_budget_that_is_not_a_byte_count(max_bytes, error):
    with pytest.raises(error):
        KERNEL.analyze(*good_call(), max_bytes=max_bytes)  # type: ignore[union-attr]


@pytest.mark.parametrize("limit, says", [({"max_cells": -1}, "max_cells and max_nodes are not negative"),
                                         ({"max_nodes": -1}, "max_cells and max_nodes are not negative"),
                                         ({"path_nodes": -2}, "path_nodes: at least -1"),
                                         ({"max_bytes": -2}, "max_bytes: at least -1"),
                                         ({"unlisted": -1}, "unlisted: 0 to")])
def test_analyze_refuses_a_limit_out_of_range_before_it_counts_anything(limit, says):
    valued: list[tuple[int, int]] = []
    with pytest.raises(ValueError, match=f"^{says}"):
        KERNEL.analyze(*good_call(), value=lambda n, d: valued.append((n, d)) or Fraction(n, d),  # type: ignore[union-attr]
                       **limit)
    assert valued == []
    assert KERNEL.analyze(*good_call(), value=lambda n, d: valued.append((n, d)) or Fraction(n, d)).count == 28  # type: ignore[union-attr]
    assert valued  # the same call within range values its groups


def test_analyze_takes_as_many_unlisted_cells_as_it_may_and_refuses_one_more():
    rows, table, mines, cells = good_call()
    assert KERNEL.analyze(rows, table, mines, cells, unlisted=KERNEL.MAX_UNLISTED).count > 0  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=r"^unlisted: 0 to"):
        KERNEL.analyze(rows, table, mines, cells, unlisted=KERNEL.MAX_UNLISTED + 1)  # type: ignore[union-attr]


def test_analyze_refuses_a_value_it_cannot_call_with_a_python_exception():
    with pytest.raises(TypeError, match="value: a callable"):
        KERNEL.analyze(*good_call(), value=3)  # type: ignore[union-attr]


def test_an_exception_in_value_comes_out_of_analyze_as_it_was_raised():
    def value(num, den):
        if num and num != den:
            raise ZeroDivisionError("from value")
        return num

    with pytest.raises(ZeroDivisionError, match="from value"):
        KERNEL.analyze(*good_call(), value=value)  # type: ignore[union-attr]


def test_value_gives_each_group_and_each_hidden_cell_what_it_returns():
    rows, table, mines, cells = good_call()
    found = KERNEL.analyze(rows, table, mines, cells, value=lambda num, den: (num, den))  # type: ignore[union-attr]
    plain = KERNEL.analyze(rows, table, mines, cells)  # type: ignore[union-attr]
    assert found.values == [row[:2] for row in plain.groups] and plain.values is None is plain.probabilities
    assert found.probabilities == {c: found.values[g] for c, g in zip(plain.hidden, plain.group_of, strict=True)}
    assert list(found.probabilities) == list(plain.hidden) and len(found.probabilities) == 8
    assert found[:9] == plain[:9]


class Trio(tuple):
    """A group type whose own constructor analyze must not call: it makes each as tuple.__new__ does."""

    def __new__(cls, *args):
        raise AssertionError("analyze called Trio's constructor")


def test_group_makes_each_groups_value_cells_and_mines_into_one_and_the_cells_still_map_to_the_value():
    rows, table, mines, cells = good_call()
    plain = KERNEL.analyze(rows, table, mines, cells)  # type: ignore[union-attr]
    found = KERNEL.analyze(rows, table, mines, cells, value=Fraction, group=Trio)  # type: ignore[union-attr]
    assert all(type(made) is Trio for made in found.values)
    assert [tuple(made) for made in found.values] == [(Fraction(num, den), members, got)
                                                      for num, den, got, members in plain.groups]
    assert found.probabilities == {c: found.values[g][0] for c, g in zip(plain.hidden, plain.group_of, strict=True)}
    assert found[:9] == plain[:9]


@pytest.mark.parametrize("group, value, says", [
    (list, Fraction, "group: a subclass of tuple"), ("Group", Fraction, "group: a subclass of tuple"),
    (tuple.__new__(Trio, (1, 2, 3)), Fraction, "group: a subclass of tuple"),
    (Trio, None, "group: given without value"),
])
def test_analyze_refuses_a_group_it_cannot_make_with_a_type_error_naming_it(group, value, says):
    with pytest.raises(TypeError, match=says):
        KERNEL.analyze(*good_call(), value=value, group=group)  # type: ignore[union-attr]


def test_each_answer_maps_the_cells_it_was_given_whatever_the_table_saw_before():
    """The table keeps the hashes of the cells it was last given; other cells are hashed anew."""
    rows, table, mines, cells = good_call()
    names = tuple("abcdefghi")
    pairs = tuple((r, str(c)) for r, c in cells)  # tuples, but not of ints only: hashed at every call
    for given in (cells, names, cells, pairs, pairs, cells):
        found = KERNEL.analyze(rows, table, mines, given, value=Fraction)  # type: ignore[union-attr]
        hidden = [c for c, v in zip(given, [x for row in rows for x in row], strict=True) if v == HIDDEN]
        assert list(found.probabilities) == hidden == list(found.hidden)
        assert all(found.probabilities[c] == Fraction(2, 8) for c in hidden)


class Shifting:
    """A row whose hash is whatever it is told: cells holding it are hashed anew at every call."""

    def __init__(self, row: int) -> None:
        self.row, self.salt = row, 0

    def __hash__(self) -> int:
        return hash((self.row, self.salt))


def test_cells_whose_hashes_may_change_are_hashed_anew_at_every_call():
    # the table keeps the hashes of cells made of ints only; a cell whose first part is anything
    # else may hash otherwise next time, and its answer must still find it
    rows, table, mines, cells = good_call()
    shifting = {r: Shifting(r) for r, _ in cells}
    given = tuple((shifting[r], c) for r, c in cells)
    for salt in range(3):
        for row in shifting.values():
            row.salt = salt
        found = KERNEL.analyze(rows, table, mines, given, value=Fraction)  # type: ignore[union-attr]
        assert all(found.probabilities[c] == Fraction(2, 8) for c in found.hidden)


class Unhashable(tuple):
    __hash__ = None  # type: ignore[assignment]


class HashFails(tuple):
    def __hash__(self):
        raise ArithmeticError("no hash")


@pytest.mark.parametrize("kind, error", [(list, TypeError), (Unhashable, TypeError), (HashFails, ArithmeticError)])
def test_cells_that_cannot_be_keys_fail_the_answer_with_a_python_exception(kind, error):
    rows, table, mines, cells = good_call()
    odd = tuple(kind(c) for c in cells)
    assert KERNEL.analyze(rows, table, mines, odd).hidden[0] == odd[0]  # type: ignore[union-attr]
    with pytest.raises(error):
        KERNEL.analyze(rows, table, mines, odd, value=Fraction)  # type: ignore[union-attr]
    found = KERNEL.analyze(rows, table, mines, cells, value=Fraction)  # type: ignore[union-attr]
    assert found.probabilities[(0, 0)] == Fraction(2, 8)


def every_other_call_fails():
    calls = itertools.count()
    return lambda num, den: [num, den] if next(calls) % 2 == 0 else 1 // 0


@pytest.mark.long
@pytest.mark.parametrize("value, group", [(None, None), (lambda num, den: [num, den], None),
                                          (every_other_call_fails(), None), (Fraction, Trio),
                                          (every_other_call_fails(), Trio)])
def test_answers_given_back_leave_no_object_behind(value, group):
    """An object leaked per call (a reference the answer or an error path keeps) shows as blocks
    that outlive the answers; the failing value fails half way through a position's groups."""
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")  # 4 groups and the sea
    args = board.grid, kernel_table(SQUARE, 4, 4), 3, cell_table(4, 4)

    def calls(n):
        for _ in range(n):
            with contextlib.suppress(ZeroDivisionError):
                KERNEL.analyze(*args, value=value, group=group)  # type: ignore[union-attr]

    # the interpreter's own caches and free lists settle in bursts (up to 200 blocks in a thousand
    # calls, seen as late as the 6000th call, in every build): a reference kept per call shows as
    # 250 blocks or more in every window of 500 calls, a burst in one window only
    def growth():
        gc.collect()
        before = sys.getallocatedblocks()
        calls(500)
        gc.collect()
        return sys.getallocatedblocks() - before

    calls(200)
    assert min(growth() for _ in range(6)) < 100


@pytest.mark.parametrize("rows", [
    ((-1, -1, -1),), ((-1, -1, -1),) * 4, ((-1, -1),) * 3, ((-1, "x", -1),) * 3, ((-1, 2**70, -1),) * 3,
    ((-1, 99, -1),) * 3, ((-1, -9, -1),) * 3, ([-1, -1, -1],) * 3, ((-1, 1.0, -1),) * 3, (),
])
def test_rows_that_are_not_the_table_s_board_are_declined_to_the_python_implementation(rows):
    _, table, mines, cells = good_call()
    assert KERNEL.analyze(rows, table, mines, cells) is None  # type: ignore[union-attr]


@pytest.mark.parametrize("readings", [5, 1.5, object()])
def test_readings_that_are_not_a_mapping_are_a_type_error_naming_them(readings):
    rows, table, mines, cells = good_call()
    with pytest.raises(TypeError, match=r"^readings: a mapping"):
        KERNEL.analyze(rows, table, mines, cells, readings=readings)  # type: ignore[union-attr]


class _Always(dict):
    """A readings mapping that gives every number the same reading."""

    def __init__(self, reading: object) -> None:
        super().__init__()
        self.reading = reading

    def __getitem__(self, key: object) -> object:
        return self.reading


@pytest.mark.parametrize("reading", ["nonsense", (), 3, [2], (2.5,), ("2",)])
def test_a_reading_that_is_not_a_tuple_of_a_sum_and_weights_is_declined_to_the_python_implementation(reading):
    # only a tuple starting with an int reads as a sum (None: no sum possible); the kernel reads
    # no item of anything else, an empty tuple included
    rows, table, mines, cells = good_call()
    assert KERNEL.analyze(rows, table, mines, cells, readings=_Always(reading)) is None  # type: ignore[union-attr]


@pytest.mark.parametrize("reading", [(9,), (7, 1, 1, 1), (2**70,), (2**70, 1, 1), (2, 2**64), (1, 1, 2**70)])
def test_a_reading_of_sums_past_the_numbers_cells_or_a_c_long_is_declined_to_the_python_implementation(reading):
    # the middle number has 8 hidden cells: a sum of 9 (or weights reaching it) is no equation the
    # kernel may write, nor a sum past what a C long holds, nor a weight past 64 bits (its overflow
    # cleared, not left set under an answer); the Python implementation reads them
    rows, table, mines, cells = good_call()
    assert KERNEL.analyze(rows, table, mines, cells, readings=_Always(reading)) is None  # type: ignore[union-attr]


@pytest.mark.parametrize(("reading", "weight"), [((2, 1), 1), ((2, 2**64 - 1), 2**64 - 1), ((1, 2**63, 2**63), 2**63),
                                                 ((1, 2**64 - 1, 2**63 + 1), 2**63 + 1)])
def test_a_readings_weights_to_the_last_of_64_bits_are_read_whole(reading, weight):
    # the 2's eight cells hold both mines: every layout reads a sum of 2, weighed by its weight;
    # the width of a weight of 64 bits is read without a shift past the word (the sanitizer build).
    # Built without 128-bit counts, the kernel may leave a count past 64 bits to Python
    rows, table, mines, cells = good_call()
    found = KERNEL.analyze(rows, table, mines, cells, readings=_Always(reading))  # type: ignore[union-attr]
    if found is None:
        assert not KERNEL.WIDE_COUNTS and (28 * weight).bit_length() > 64  # type: ignore[union-attr]
        return
    assert found.count == 28 * weight


@pytest.mark.parametrize("readings", [{}, 5, {740: "nonsense"}])
def test_a_readings_mapping_that_cannot_answer_raises_or_declines(readings):
    rows, table, mines, cells = good_call()
    try:
        found = KERNEL.analyze(rows, table, mines, cells, readings=readings)  # type: ignore[union-attr]
    except (KeyError, TypeError):
        return
    assert found is None


def test_the_kernel_names_the_clue_model_it_read_the_numbers_through():
    board = Board.from_text("4x4x3\n1-??\n??-?\n??2?\n-???")
    model = parse_clues("withheld:1/2")
    kernel = KernelAnalyzer().analyze(board, model, Limits())
    assert kernel is not None and kernel.clue_model == "withheld:1/2"
    assert kernel == analyze(board, clues=model, implementation="python")


def test_counting_along_a_path_again_and_again_keeps_no_memory():
    # one part of 120 cells (54 where counts are 64 bits), counted along a path (path_nodes 0); a
    # path that left its last layer unfreed leaked 770 bytes a call
    width = min(60, 3 * (KERNEL.MAX_CELLS // 6))  # type: ignore[union-attr]
    args = kernel_args(ring(width))

    def calls(n):
        for _ in range(n):
            assert KERNEL.analyze(*args, path_nodes=0) is not None  # type: ignore[union-attr]

    calls(20)
    tracemalloc.start()
    try:
        calls(10)
        settled, _ = tracemalloc.get_traced_memory()
        calls(100)
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - settled < 16 * 1024


@pytest.mark.long
def test_a_huge_board_of_one_cell_components_is_counted_in_memory_linear_in_the_board():
    # every third cell of every third row hidden, all else numbers: 22 500 components of one cell
    def board(n: int) -> Board:
        mines = {(r, c) for r in range(0, n, 3) for c in range(0, n, 3) if (r * 7 + c * 3) % 5 == 0}
        rows = []
        for r in range(n):
            row = []
            for c in range(n):
                if r % 3 == 0 and c % 3 == 0:
                    row.append(-1)
                else:
                    row.append(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
            rows.append(tuple(row))
        return Board(tuple(rows), len(mines))

    peaks = {}
    for n in (150, 450):
        b = board(n)
        kernel_table(SQUARE, n, n), cell_table(n, n)  # the tables are the board's, made once per size
        tracemalloc.start()
        try:
            found = KernelAnalyzer().analyze(b, EXACT, Limits())
            peaks[n] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert found is not None and found.components == len(b.hidden_cells)
        assert set(found.probabilities.values()) <= {0, 1}
    assert peaks[450] < 12 * peaks[150]  # nine times the cells: linear, with room for the answer's objects
    assert peaks[450] < 100 * 2**20


# running out of memory ---------------------------------------------------------------------------
#
# CPython's own test hook (_testcapi.set_nomemory, what its test suite uses to ask the same question
# of the interpreter) makes the n-th allocation from now fail, in every domain the kernel allocates
# from.  Failing each allocation of a call in turn takes every branch that handles a failed
# allocation, which nothing else reaches: each must end the call in MemoryError or leave its answer
# as it was (the memo only saves work, and goes without), never another answer, another exception
# or a crash (the sanitizer build runs this module too, so a branch that frees twice or reads what
# it freed is caught there).

try:
    import _testcapi
except ImportError:  # a CPython built without its test modules
    _testcapi = None
needs_testcapi = pytest.mark.skipif(_testcapi is None, reason="CPython's test hooks (_testcapi) are not installed")

EXPERT = """30x16x99
??????????????????????????????
??????????????????????????????
??????????1211????????????????
??????????1001????????????????
??????????1001????????????????
??????????2112????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????"""


def failing(call, n: int, after: bool = False):
    """``call``'s result, or MemoryError, with its n-th allocation failing (``after``: and every one
    after it, as when memory has run out)."""
    interval = sys.getswitchinterval()
    # no other thread (pytest-xdist's) may run while allocations fail: it would meet them; nor
    # a collection of earlier tests' garbage, whose finalizers would meet them as unraisable
    sys.setswitchinterval(1000)
    collecting = gc.isenabled()
    gc.disable()
    _testcapi.set_nomemory(n, 0 if after else n + 1)
    try:
        return call()
    except MemoryError:
        return MemoryError
    finally:
        _testcapi.remove_mem_hooks()
        sys.setswitchinterval(interval)
        if collecting:
            gc.enable()


def each_allocation_failing(call, spare: int = 40, first: int | None = None, after: bool = False,
                            start: int = 0) -> int:
    """Call ``call`` with its n-th allocation failing (``after``: and every one after it), for
    n = start, start + 1, ... until ``spare`` calls in a row meet no failure (the call makes fewer
    allocations), or up to ``first``; each ends in MemoryError or gives the answer it gives with
    memory to spare.  Returns how many ended in MemoryError."""
    answer = call()
    failed = in_a_row = 0
    n = start
    while in_a_row < spare and (first is None or n < first):
        found = failing(call, n, after)
        if found is MemoryError:
            failed, in_a_row = failed + 1, 0
        else:
            assert found == answer, f"allocation {n} failed: {found!r}, not {answer!r}"
            in_a_row += 1
        n += 1
    return failed


def needed_allocations(call) -> int:
    """One past the last allocation ``call`` cannot do without: the least n from which every
    allocation may fail and the answer stands (a bisection)."""
    answer = call()
    lo, hi = 0, 1
    while failing(call, hi, after=True) != answer:
        lo, hi = hi, 2 * hi
    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (mid + 1, hi) if failing(call, mid, after=True) != answer else (lo, mid)
    return lo


def along_a_path(board: Board, mines: int | None = None):
    """The kernel's arguments for ``board`` (with this mine total, if given), counted along a path."""
    rows, table, given, cells = kernel_args(board)
    return (rows, table, given if mines is None else mines, cells), {"path_nodes": 0, "max_nodes": 0}


def without_total(board: Board):
    """The kernel's arguments for ``board`` with no mine total (a density stands in for it)."""
    rows, table, _, cells = kernel_args(board)
    return rows, table, None, cells


def settled_box():
    """A graph's position: a 0 that sees 300 cells, and a 1 that sees two more; no mine total."""
    from tests.test_kernel import _graph

    rows, table, cells = _graph(302, [(list(range(300)), 0), ([300, 301], 1)])
    return rows, table, None, cells


OUT_OF_MEMORY = {
    "a square position": lambda: (kernel_args(Board.from_text("5x5x5\n1????\n?????\n??2??\n?????\n????1")), {}),
    "parts and a sea past 64 bits": lambda: (kernel_args(Board.from_text(EXPERT)), {}),
    # three parts of one or two mines each (a 1, a cell, a 1), combined with the sea in a tree
    "parts combined in a tree": lambda: (kernel_args(Board.from_text("16x16x40\n1?1???1?1???1?1?\n"
                                                                     + "????????????????\n" * 15)), {}),
    "a sea not listed": lambda: (kernel_args(Board.from_text("6x3x4\n1?????\n??????\n??????")), {"unlisted": 50}),
    "a ring searched": lambda: (kernel_args(ring(24)), {}),
    "a ring along a path": lambda: along_a_path(ring(24)),
    "a ring along a path, its mines given": lambda: along_a_path(ring(24), 12),
    "a 3D position": lambda: (kernel_args(Board.from_text("4x4x2x6\n????\n?2??\n????\n????\n\n????\n??3?\n????\n????")),
                              {}),
    "numbers read through weights": lambda: (good_call(), {"readings": _Always((2, 1, 3, 5))}),
    "no layout": lambda: (kernel_args(Board.from_text("3x3x1\n???\n?2?\n???")), {}),
    # no total: a box's probability is its mines over its cells, and 300 is past CPython's cached
    # small integers, so making it allocates
    "a settled box of 300 cells, no total": lambda: (settled_box(), {}),
    # a density prior in place of the total: each part weighted on its own, the settled box too
    "a density prior": lambda: (without_total(Board.from_text("5x5x5\n1????\n?????\n??2??\n?????\n????1")),
                                {"density": (99, 480)}),
    "parts under a density past 64 bits, within a budget": lambda: (without_total(Board.from_text(EXPERT)),
                                                                   {"density": (1, 5), "max_bytes": 2**30}),
    "a settled box under a density": lambda: (settled_box(), {"density": (2, 7)}),
    # a denominator past 256 bits: even its bit count, read for the budget, is an integer made
    "a density of a long denominator, within a budget": lambda: (
        without_total(Board.from_text("5x5x5\n1????\n?????\n??2??\n?????\n????1")),
        {"density": (1, 10**100), "max_bytes": 2**30}),
}


@needs_testcapi
@pytest.mark.parametrize("after", [False, True], ids=["one fails", "all fail from it on"])
@pytest.mark.parametrize("position", list(OUT_OF_MEMORY))
def test_each_allocation_analyze_makes_may_fail_and_ends_it_in_memory_error(position, after):
    args, options = OUT_OF_MEMORY[position]()

    def call():
        try:
            found = KERNEL.analyze(*args, value=Fraction, **options)  # type: ignore[union-attr]
        except KERNEL.NoLayout:  # type: ignore[union-attr]
            return "no layout"
        return None if found is None else tuple(found)

    assert each_allocation_failing(call, after=after) > 10


@needs_testcapi
def test_the_last_allocations_of_a_board_of_many_parts_may_fail_and_end_analyze_in_memory_error():
    # past 256 components the answer's count of them is no cached small integer: making it is one
    # of the call's last allocations, after the answer's groups and cells are made (288 parts here)
    rows = ["".join("1" if r % 3 == 1 and c % 6 in (1, 3) else "?" for c in range(72)) for r in range(72)]
    args = kernel_args(Board.from_text("72x72x650\n" + "\n".join(rows)))

    def call():
        return tuple(KERNEL.analyze(*args))  # type: ignore[union-attr]

    assert call()[7] == 288
    last = needed_allocations(call)
    assert each_allocation_failing(call, start=last - 20, first=last) > 0


@needs_testcapi
def test_the_first_allocations_of_a_large_board_may_fail_and_end_analyze_in_memory_error():
    # 10 000 cells and 425 parts of three boxes (a 1, a cell, a 1): the position's tables by cell
    # and the parts' table take arena blocks of their own, so one can fail after the one before it
    # was cut from a block in hand.  The first 300 allocations take in those tables; all of the
    # call's would take minutes
    rows = ["".join("1" if r % 4 == 1 and c % 6 in (1, 3) else "?" for c in range(100)) for r in range(100)]
    args = kernel_args(Board.from_text("100x100x1250\n" + "\n".join(rows)))
    assert each_allocation_failing(lambda: tuple(KERNEL.analyze(*args)), first=300) > 250  # type: ignore[union-attr]


@needs_testcapi
def test_each_allocation_a_search_makes_may_fail_and_ends_it_in_memory_error():
    layouts = 40
    cuts = [(bits(*range(k, layouts, 5), n=layouts),
             tuple(bits(*(i for i in range(layouts) if i % 3 == j and i % 5 != k), n=layouts) for j in range(3)))
            for k in range(5)]

    def call():
        search = KERNEL.Search(layouts, cuts, 10_000)  # type: ignore[union-attr]
        everything = bits(*range(layouts), n=layouts)
        return search.wins(everything), search.best(everything, [(1, k) for k in range(5)]), search.positions

    assert each_allocation_failing(call) > 10


@needs_testcapi
@pytest.mark.parametrize("make", [
    lambda: KERNEL.Neighbourhood.lattice(5, 4, array("i", [-1, 2, 2, 1, 0, -1]).tobytes()),  # type: ignore[union-attr]
    lambda: KERNEL.Neighbourhood.lattice(4, 4, wrap=True, hex=True),  # type: ignore[union-attr]
    lambda: KERNEL.Neighbourhood.lattice(4, 3, depth=2),  # type: ignore[union-attr]
    lambda: KERNEL.Neighbourhood(bytes(16), b""),  # type: ignore[union-attr]
], ids=["offsets", "hex torus", "3d", "given"])
def test_each_allocation_a_neighbourhood_makes_may_fail_and_ends_it_in_memory_error(make):
    def call():
        table = make()
        return [table.around(i) for i in range(table.cells)]

    assert each_allocation_failing(call) > 0


# a stop callback that raises or says stop at any of its calls -----------------------------------


class Boom(Exception):
    """What the stop callback raises."""


class Untruthful:
    def __bool__(self) -> bool:
        raise Boom("no truth value")


@pytest.mark.parametrize("longer", [False, True], ids=["ring of 24", "ring of 60"])
@pytest.mark.parametrize("says", ["raises", "a value without a truth", "stop"])
def test_a_stop_callback_that_raises_or_says_stop_at_any_call_ends_the_count_there(longer, says):
    # along a path, stop() is asked between layers and while the three counting orders are probed:
    # each of its calls may raise (the count ends in that exception, not another nor an answer) or
    # say stop (the count is declined); past its last call the answer is the one it gives unasked.
    # The longer ring is one part of 120 cells (54 where counts are 64 bits)
    width = min(60, 3 * (KERNEL.MAX_CELLS // 6)) if longer else 24  # type: ignore[union-attr]
    args = kernel_args(ring(width))
    calls = 0

    def count(stop=None):
        found = KERNEL.analyze(*args, path_nodes=0, max_nodes=0, stop=stop)  # type: ignore[union-attr]
        return None if found is None else tuple(found)

    def counted():
        nonlocal calls
        calls += 1
        return False

    answer = count(counted)
    assert answer == count() and calls > 2 * width

    def stop_at(k):
        asked = 0

        def stop():
            nonlocal asked
            asked += 1
            if asked != k:
                return False
            if says == "raises":
                raise Boom(k)
            return Untruthful() if says == "a value without a truth" else True

        return stop

    for k in range(1, calls + 2):
        stop = stop_at(k)
        if k > calls:
            assert count(stop) == answer
        elif says == "stop":
            assert count(stop) is None, k
        else:
            with pytest.raises(Boom):
                count(stop)


# a short fuzz of every entry point ---------------------------------------------------------------

JUNK = [None, 0, -1, 2**63, 2**200, 1.5, "x", b"", b"\x00" * 8, b"\xff" * 8, (), [], {}, (0,), [(0, 0)],
        ((-1,),), object(), tuple, int]


def test_random_arguments_to_every_entry_point_end_in_a_python_exception_or_an_answer():
    rng = random.Random(40)
    assert KERNEL is not None
    table = kernel_table(SQUARE, 2, 2)
    entry = [
        lambda a: KERNEL.analyze(*a[:4]),
        lambda a: KERNEL.analyze(((-1, 1), (-1, -1)), table, *a[:2], readings=a[2]),
        lambda a: KERNEL.analyze(((-1, 1), (-1, -1)), table, 1, cell_table(2, 2), value=a[0]),
        lambda a: KERNEL.analyze(((-1, 1), (-1, -1)), table, 1, a[0], value=lambda n, d: a[1]),
        lambda a: KERNEL.analyze(((-1, 1), (-1, -1)), table, 1, cell_table(2, 2), value=a[0], group=a[1]),
        lambda a: KERNEL.analyze(((-1, 1), (-1, -1)), table, 1, cell_table(2, 2), value=lambda n, d: a[0],
                                 group=Trio),
        lambda a: KERNEL.Search(*a[:3]),
        lambda a: small_search().wins(a[0]),
        lambda a: small_search().after(*a[:3]),
        lambda a: small_search().best(*a[:2]),
        lambda a: KERNEL.Neighbourhood(*a[:2]),
        lambda a: KERNEL.Neighbourhood.lattice(*a[:4]),
        lambda a: table.around(a[0]),
    ]
    for _ in range(3000):
        args = [rng.choice(JUNK) for _ in range(4)]
        # not MemoryError: none of these arguments asks for much memory, and the search once answered
        # a count gone negative as MemoryError
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError, KeyError, RuntimeError):
            rng.choice(entry)(args)


def test_random_bit_sets_are_refused_where_they_break_the_search_and_else_answered_as_python_does():
    # bytes of the right length, any bits: a cut's sets that meet or leave a position's layout out,
    # bits past the layouts.  Such sets once gave counts gone negative (-3 read as MemoryError, -2
    # as a limit); they are refused, and what the kernel takes the Python search answers alike
    from countsweep.play.endgame import Cut, PythonSearch

    assert KERNEL is not None
    rng = random.Random(41)
    answered = refused = 0
    for _ in range(2000):
        n = rng.randint(1, 70)
        size, every = WORD * ((n + 63) // 64), (1 << n) - 1
        # mostly within the layouts; now and then with bits past them
        raw = [rng.getrandbits(8 * size) & rng.choice([every] * 9 + [-1]) for _ in range(3)]
        mine = raw[0] & rng.choice([raw[1], every, -1])
        shows = tuple(s for s in (raw[1] & ~mine, raw[2] & rng.choice([~mine & ~raw[1], ~raw[1], -1])) if s)
        placed = mine | sum(shows)  # where the sets meet, the sum is not their union: refused anyway
        position = raw[2] & rng.choice([placed & every] * 3 + [every, -1])
        valid = (all(x & ~every == 0 for x in (mine, *shows, position))
                 and all(a & b == 0 for a, b in itertools.combinations((mine, *shows), 2))
                 and position & ~(mine | sum(shows)) == 0)
        try:
            search = KERNEL.Search(n, [(mine.to_bytes(size, "little"),
                                        tuple(x.to_bytes(size, "little") for x in shows))], 1000)
            got = search.wins(position.to_bytes(size, "little"))
        except ValueError:
            assert not valid
            refused += 1
            continue
        assert valid
        answered += 1
        assert got == PythonSearch((Cut((0, 0), mine, shows),), 1000).wins(position)
    assert answered > 300 and refused > 300


# Ctrl-C in the search ------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer to deliver the signal")
@pytest.mark.skipif(KERNEL is None or not KERNEL.WIDE_COUNTS,
                    reason="the ball's counts pass 64 bits: a build without __int128 declines it at once")
def test_a_signal_that_raises_in_a_long_search_ends_the_count_in_that_exception():
    # the search looks for signals every 1024 nodes, then asks the stop callback (a deadline): the
    # ball's search alone runs for seconds, and a KeyboardInterrupt raised by the signal's handler
    # part of the way in must end the count there, the callback never asked again (a count that
    # went on would call it with the exception still set, or raise the exception only at its end)
    assert KERNEL is not None
    interrupted = False
    asked_after = 0

    def interrupt(signum, frame):
        nonlocal interrupted
        interrupted = True
        raise KeyboardInterrupt

    def stop():
        nonlocal asked_after
        asked_after += interrupted
        return False

    ball = kernel_args(Board.from_text(BALL))
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            KERNEL.analyze(*ball, path_nodes=-1, stop=stop)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert interrupted and asked_after == 0
    board = ring(24)  # and the kernel's search counts on as before
    assert KernelAnalyzer(path_nodes=-1).analyze(board, EXACT, Limits()) == analyze(board, implementation="python")


@pytest.mark.skipif(KERNEL is None or KERNEL.MAX_CELLS < 148, reason="the ball's part of 148 cells: past MAX_CELLS")
@pytest.mark.parametrize("says", ["stop", "raises"])
def test_a_stop_callback_that_says_stop_or_raises_ends_the_search_at_its_first_question(says):
    # the search asks stop() once every 1024 nodes; the knotted ball, searched without the path, takes far
    # more, so the first answer ends it: declined (for the caller to say why), or in the callback's exception
    assert KERNEL is not None
    ball = kernel_args(Board.from_text(BALL))
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        if says == "raises":
            raise Boom(asked)
        return True

    if says == "raises":
        with pytest.raises(Boom):
            KERNEL.analyze(*ball, path_nodes=-1, stop=stop)
    else:
        assert KERNEL.analyze(*ball, path_nodes=-1, stop=stop) is None
    assert asked == 1


@needs_testcapi
def test_a_frontier_past_an_arena_block_may_fail_each_allocation_of_its_boxes():
    # a 0 seeing 17 000 cells: the table of the boxes' cells (a cell's int each) is the last of the
    # boxes' arrays and passes an arena block (64 kB), so it takes a block of its own and can fail
    # alone, the arrays before it in hand
    from tests.test_kernel import _graph

    rows, table, cells = _graph(17002, [(list(range(17000)), 0), ([17000, 17001], 1)])
    assert each_allocation_failing(lambda: tuple(KERNEL.analyze(rows, table, None, cells)),  # type: ignore[union-attr]
                                   first=60) > 10
