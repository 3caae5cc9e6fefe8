"""The compiled kernel against the pure-Python paths it stands in for.

countsweep takes the kernel's paths when it was built (countsweep.kernel); each
must give exactly the pure-Python answer: the oracle's analysis (counts,
probabilities, the groups of cells and their integer numerators) and the
endgame search (values, chosen moves, and even the number of positions it
visits, since the agent gives up at a fixed number of them).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from countsweep import Board, InconsistentError, analyze
from countsweep.clues import OVER, UNDER, ClueModel, parse_clues
from countsweep.counting.dpll import DpllCounter
from countsweep.errors import LimitExceeded
from countsweep.kernel import KERNEL
from countsweep.oracle import _compiled
from countsweep.play.endgame import Endgame, enumerate_layouts
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play, midgame
from tests.reference import seeded_position
from tests.strategies import positions
from tests.test_clues import REFERENCE, noisy_positions, random_table

pytestmark = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")


def pure(board: Board, clues: ClueModel | None = None):
    try:
        return analyze(board, DpllCounter(kernel=False), clues=clues or parse_clues("exact"))
    except InconsistentError:
        return None


def same(kernel, python) -> None:
    assert kernel == python
    assert kernel.groups == python.groups and kernel.scale == python.scale
    assert kernel.levels == python.levels and kernel.safe == python.safe
    assert kernel.mines_certain == python.mines_certain and kernel.backend == python.backend
    assert kernel.weight == python.weight and kernel.weighted == python.weighted
    assert kernel.clue_model == python.clue_model


@settings(max_examples=2000)
@given(positions(max_hidden=16, perturb=True))
def test_the_kernels_analysis_is_the_pure_one_on_random_positions(board):
    python = pure(board)
    try:
        kernel = _compiled(board, "dpll")
    except InconsistentError:
        assert python is None
        return
    assert python is not None
    if kernel is not None:  # None: left to the general path
        same(kernel, python)


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("rule", ["safe", "opening"])
def test_the_kernels_analysis_is_the_pure_one_on_positions_from_play(level, rule):
    w, h, m = LEVELS[level]
    boards = from_play(Settings(w, h, m, rule, "corner" if rule == "safe" else "center"), 3, seed=11)
    answered = 0
    for board in boards:
        kernel = _compiled(board, "dpll")
        if kernel is not None:
            same(kernel, pure(board))
            answered += 1
    assert answered == len(boards)  # real play's components are all small enough


def same_or_declined(board: Board, clues: ClueModel) -> bool:
    """The kernel's weighted analysis is the pure one, or it leaves the position to it; did it answer?"""
    python = pure(board, clues)
    try:
        kernel = _compiled(board, "dpll", clues)
    except InconsistentError:
        assert python is None
        return True
    assert python is not None
    if kernel is None:
        return False
    same(kernel, python)
    return True


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_kernels_weighted_analysis_is_the_pure_one_under_every_clue_model(data):
    name = data.draw(st.sampled_from(["under", "over", "table"]))
    if name == "table":
        table = random_table(data.draw)
        model = ClueModel("table", "table", table)
        like = lambda v, n, room: table[v][n] if v <= 8 else 0  # noqa: E731
    else:
        model, like = parse_clues(name), REFERENCE[name]
    board = data.draw(noisy_positions(like, max_hidden=16))
    assert same_or_declined(board, model) or name == "table"  # only a table's weights can be too large


@pytest.mark.parametrize("model", [UNDER, OVER], ids=["under", "over"])
def test_the_kernels_weighted_analysis_is_the_pure_one_on_positions_from_play(model):
    w, h, m = LEVELS["expert"]
    boards = from_play(Settings(w, h, m, "safe", "corner"), 2, seed=11)
    answered = sum(same_or_declined(board, model) for board in boards)
    assert answered >= len(boards) * 3 // 4  # most real components fit the 128-bit counts, weights and all


def test_weights_too_large_for_the_counts_leave_the_position_to_the_general_path():
    # L(v | n) = 1/p for primes p: every number weighs its sums by a different large integer
    primes = (1_000_003, 1_000_033, 1_000_037, 1_000_039, 1_000_081, 1_000_099, 1_000_117, 1_000_121, 1_000_133)
    table = tuple(tuple(Fraction(1, primes[n]) if v != n else 1 - Fraction(8, primes[n]) for n in range(9))
                  for v in range(9))
    model = ClueModel("primes", "table", table)
    board = Board.from_text("6x3x5\n1?2?1?\n??????\n2?1?2?")
    assert _compiled(board, "dpll", model) is None
    assert analyze(board, clues=model) == pure(board, model)  # the general path answers, exactly


def test_large_components_and_inconsistent_positions_are_left_to_the_general_path():
    big = midgame(30, 30, 0.22, 0.5, seed=3)
    assert _compiled(big, "dpll") is None or _compiled(big, "dpll") == pure(big)
    for text in ("3x2\n1?1\n000", "3x1x3\n?1?"):  # no layout; more mines than hidden cells
        with pytest.raises(InconsistentError):
            _compiled(Board.from_text(text), "dpll")


def _positions_with_layouts(n: int):
    found = 0
    for seed in range(10 * n):
        board = seeded_position(seed, [(4, 4), (5, 4), (5, 5), (6, 4)], (3, 7), hide=0.5, flag=0.2)
        try:
            layouts = enumerate_layouts(board, 3000)
        except InconsistentError:
            continue
        if layouts and len(layouts) > 2:
            yield board, layouts
            found += 1
            if found == n:
                return


@pytest.mark.parametrize("limit", [25, 400, 100_000])
def test_the_compiled_endgame_search_visits_the_same_positions(limit):
    for board, layouts in _positions_with_layouts(60):
        fast = Endgame(board, layouts, limit)
        slow = Endgame(board, layouts, limit, kernel=False)
        assert fast._compiled is not None and slow._compiled is None
        outcome = []
        for search in (fast, slow):
            try:
                outcome.append((search.best(), search.value()))
            except LimitExceeded:
                outcome.append(None)
        assert outcome[0] == outcome[1]
        assert fast.positions == slow.positions  # gives up at the very same point
        if outcome[0] is not None:
            rng = random.Random(len(layouts))
            for cell in rng.sample(board.hidden(), min(3, len(board.hidden()))):
                values = []
                for search in (fast, slow):
                    try:
                        values.append(search.move_value(cell))
                    except LimitExceeded:
                        values.append(None)
                assert values[0] == values[1] and fast.positions == slow.positions


@pytest.mark.parametrize("text", ["3x2\n1?1\n000", "3x1x3\n?1?", "3x1\n02F", "3x3x3\n???\n?1?\n???", "2x2x1\n?1\n?1\n"])
def test_an_inconsistent_position_raises_at_once_and_words_its_message_as_the_general_path(text):
    board = Board.from_text(text)
    try:
        analyze(board, DpllCounter(kernel=False))
        expected = None
    except InconsistentError as exc:
        expected = str(exc)
    try:
        analyze(board)
        got = None
    except InconsistentError as exc:
        got = str(exc)
    assert got == expected
