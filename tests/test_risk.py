"""Long-term risk: the possible 50/50s' tallies, a cell's influence, and the score it raises."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings

from countsweep import Board, analyze
from countsweep.errors import InconsistentError
from countsweep.play.agents import BestAgent, play_game
from countsweep.play.fifty import completions, patterns
from countsweep.play.game import Game
from countsweep.play.risk import Risk
from tests.reference import layouts, seeded_position
from tests.strategies import positions


def _scan(a, tally) -> tuple[dict, set]:
    """Every hidden cell's influence and the hotspots, as the module defines them, by scanning every
    pattern of the board; ``tally(pattern)`` counts the layouts that complete a pattern."""
    board, probs = a.board, a.probabilities
    left = board.mines - len(board.flags()) - len(a.mines_certain)

    def missing(pat, most):
        inner = (*pat.mines[:len(pat.safe)], *pat.safe)
        if any(probs[x] == 1 for x in inner):
            return None
        out = [e for e in pat.mines[len(pat.safe):] if probs[e] < 1]
        return out if len(out) + len(pat.safe) <= min(most, left) else None

    enablers: dict = {}
    hotspots = set()
    for cell in probs:
        for pat in patterns(board, cell):
            inner = (*pat.mines[:len(pat.safe)], *pat.safe)
            if min(inner) != cell:
                continue  # each possible 50/50 once
            found = missing(pat, 2 if len(pat.safe) == 1 else 3)
            if found is not None and 40 * tally(pat) > a.count:
                for e in found:
                    enablers[e] = enablers.get(e, 0) + tally(pat)
            # a frontier pair at exactly 1/2 with one missing end, over 1/10 likely a mine
            pair = missing(pat, 2) if len(pat.safe) == 1 and cell in a.frontier and probs[cell] == Fraction(1, 2) \
                else None
            if pair is not None and len(pair) == 1 and probs[pair[0]] > Fraction(1, 10):
                hotspots.add((pair[0], frozenset(inner)))
    out = {}
    for cell in probs:
        best = {"row": 0, "column": 0, "box": 0}
        for pat in patterns(board, cell):
            box = len(pat.safe) == 2
            if missing(pat, 5 if box else 4) is not None:
                kind = "box" if box else "row" if pat.safe[0][0] == cell[0] else "column"
                best[kind] = max(best[kind], tally(pat))
        mines = a.count * probs[cell]
        out[cell] = int(min(sum(best.values()) + enablers.get(cell, 0), mines, a.count - mines))
    return out, hotspots


def _by_enumeration(every):
    return lambda pat: sum(1 for lay in every if set(pat.mines) <= lay and not set(pat.safe) & lay)


@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(positions(max_hidden=12, total=True))
def test_influence_is_the_scan_of_every_pattern_with_tallies_by_enumeration(board):
    try:
        a = analyze(board)
    except InconsistentError:
        return
    every = [set(lay) for lay in layouts(board)]
    risk = Risk(a)
    influence, hotspots = _scan(a, _by_enumeration(every))
    assert {c: risk.influence(c) for c in a.probabilities} == influence
    assert set(risk.hotspots) == hotspots


def test_a_pair_no_number_can_settle_gives_its_cells_and_ends_influence():
    a = analyze(Board.from_text("4x2x2\n1???\n1???"))
    risk = Risk(a)
    # (0, 1), (1, 1) hold one mine in all 8 layouts: 4 complete the pair with each mine
    assert risk.influence((0, 1)) == risk.influence((1, 1)) == 4
    # (0, 2) is the one missing end of the row pair (1, 1)-(1, 2) with (0, 1) a mine... :
    # each right-hand cell ends two possible 50/50s of one layout each
    assert [risk.influence(c) for c in ((0, 2), (0, 3), (1, 2), (1, 3))] == [2, 2, 2, 2]


def test_a_half_pair_with_one_missing_end_is_a_hotspot_and_its_cells_are_not_boosted():
    # (1, 1)/(2, 1) is 1/2-1/2; of its ends (the row above it) (0, 1) is a certain mine,
    # (0, 2) a flag, and (0, 0) is the last one missing
    a = analyze(Board.from_text("4x3x5\n??F1\nF?31\n??10"))
    risk = Risk(a)
    assert a.probabilities[(1, 1)] == a.probabilities[(2, 1)] == Fraction(1, 2)
    assert risk.hotspots == [((0, 0), frozenset({(1, 1), (2, 1)}))]
    for cell in ((0, 0), (1, 1), (2, 1)):
        assert risk.boost(cell, Fraction(9, 10)) == 1  # valued by the hotspot's safety instead
    p = a.probabilities[(0, 0)]
    assert risk.hotspot_safety(a.probabilities) == (2 - p) / 2
    assert risk.hotspot_safety(a.probabilities, (0, 0)) == 1  # opening the hotspot leaves it out
    assert risk.hotspot_safety(a.probabilities, (1, 1)) == 1  # and so does opening a cell of its pair
    assert risk.hotspot_safety(a.probabilities, (2, 0)) == (2 - p) / 2  # another cell leaves it in
    assert risk.hotspot_safety({}) == 1  # a hotspot opened is safe: the pair can be settled


@settings(max_examples=200, deadline=None)
@given(positions(max_hidden=10, total=True))
def test_long_term_risk_raises_the_secondary_safety_by_the_cells_boost_and_the_hotspots(board):
    try:
        a = analyze(board)
    except InconsistentError:
        return
    plain, risky = BestAgent(risk_weight=None), BestAgent(risk_weight=Fraction(9, 10))
    risk = Risk(a)
    for cell, p in a.probabilities.items():
        if p == 1:
            continue
        base, raised = plain.outlook(a, cell), risky.outlook(a, cell)
        boost = risk.boost(cell, Fraction(9, 10))
        if any(cell == e or cell in pair for e, pair in risk.hotspots):
            assert boost == 1  # valued by the hotspot's safety instead
        else:
            assert boost == 1 + Fraction(9, 10) * risk.influence(cell) / (a.count * (1 - p))
        assert (raised.safety, raised.progress, raised.dead) == (base.safety, base.progress, base.dead)
        if not risk.hotspots:  # then each next position is worth its plain value times the boost
            assert raised.secondary == boost * base.secondary


def test_a_pruned_outlook_under_long_term_risk_could_not_have_beaten_its_bound():
    agent = BestAgent(risk_weight=Fraction(9, 10))
    checked = 0
    rng = random.Random(5)
    boards: list = []
    for seed in range(30):
        seen = len(boards)
        play_game(Game(16, 16, 40, rule="opening", seed=seed), BestAgent(), first=(3, 3), seed=seed,
                  trace=lambda board, move: boards.append(board) if move.guess else None)
        del boards[seen + 3:]
    for board in boards:
        a = analyze(board)
        cells = agent.candidates(a)
        full = {c: agent.outlook(a, c) for c in cells}
        weight = agent.weight_on(board)
        for c in cells:
            bound = full[c].score(weight) * Fraction(rng.choice((9, 10, 11)), 10)
            pruned = agent.outlook(a, c, bound)
            if pruned is None:
                assert full[c].score(weight) < bound
                checked += 1
            else:
                assert pruned == full[c]
    assert checked > 10


@pytest.mark.long
def test_influence_and_hotspots_are_the_scan_on_positions_with_flags_and_few_mines_left():
    # random positions rarely hold a closed pattern; these, half their mines flagged, often do
    checked = {"influence": 0, "hotspots": 0, "two hotspots": 0}
    for seed in range(4000):
        board = seeded_position(seed, [(5, 5), (6, 5), (6, 6), (7, 6)], (4, 12), hide=0.5, flag=0.5)
        try:
            a = analyze(board)
        except InconsistentError:
            continue
        risk = Risk(a)
        influence, hotspots = _scan(a, lambda pat, board=board: completions(board, pat))
        assert {c: risk.influence(c) for c in a.probabilities} == influence, board.to_text()
        assert set(risk.hotspots) == hotspots, board.to_text()
        product = Fraction(1)
        for e, _ in hotspots:
            product *= (2 - a.probabilities[e]) / 2
        assert risk.hotspot_safety(a.probabilities) == product
        checked["influence"] += any(influence.values())
        checked["hotspots"] += bool(hotspots)
        checked["two hotspots"] += len(hotspots) > 1
    assert min(checked.values()) >= 1, checked


def test_the_thresholds_are_strict_a_fortieth_of_the_layouts_and_a_tenth_of_a_mine_do_not_count():
    # (1, 2) is the missing end of a possible 50/50 completed in exactly 3 of the 120 layouts (2.5%):
    # not an enabler's tally, so its influence is its pairs' alone
    a = analyze(Board.from_text("5x4x10\n?2FF?\n???FF\n?????\nF3F??"))
    influence, _ = _scan(a, lambda pat: completions(a.board, pat))
    assert a.count == 120 and Risk(a).influence((1, 2)) == influence[(1, 2)] == 9
    # the half pair (6, 0)-(6, 1) misses one end, (7, 2), a mine in exactly 1/10 of the layouts: no hotspot
    tenth = analyze(Board.from_text("9x8x20\n?F2?113??\n?F422F??3\n?3?F????F\n014??013?\n?1?F?1??F\n1?F??2???\n"
                                    "??F?????1\n????????F"))
    assert tenth.probabilities[(6, 0)] == Fraction(1, 2) and tenth.probabilities[(7, 2)] == Fraction(1, 10)
    assert Risk(tenth).hotspots == []
    # at 1/9 it is one
    ninth = analyze(Board.from_text("8x6x18\n?3F2???F\n2?F522F?\n???FF3??\nF?????F?\n????????\n?2??3?F?"))
    assert ninth.probabilities[(3, 2)] == Fraction(1, 9)
    assert Risk(ninth).hotspots == [((3, 2), frozenset({(2, 0), (2, 1)}))]
