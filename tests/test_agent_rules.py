"""The best agent's guess rules against their definitions, and its settings word for word.

Every rule is a function ``(agent, analysis, rng) -> Move | None`` (``countsweep.play.agents``);
the agent tries them in order, so a test that asks the agent for its move only reaches the
rules before the first that answers (the endgame search answers every small position).  Here
each rule is called on its own, on positions where it has something to decide.
"""

from __future__ import annotations

import functools
import random
import time
from fractions import Fraction as F

import pytest

from countsweep import Board, analyze
from countsweep.board import HIDDEN
from countsweep.clues import EXACT, parse_clues
from countsweep.constraints import Constraints
from countsweep.errors import CountsweepError, ParameterError, ParameterTypeError
from countsweep.play.agents import (
    DEFAULT_RULES,
    BestAgent,
    GreedyAgent,
    contested,
    enclosed,
    endgame,
    make_agent,
    outlook,
    play_game,
    pseudo,
    sampled,
    unavoidable,
)
from countsweep.play.endgame import Endgame, component_layouts
from countsweep.play.fifty import pseudos
from countsweep.play.game import Game, Settings
from countsweep.play.generators import from_play
from countsweep.play.risk import Risk
from tests.reference import needing_a_guess, seeded_position
from tests.test_agent import best_score_by_every_outlook, pockets

# two positions of seeded play where a safer cell is safe whenever the outlook's winner is
DOMINATED = ["5x5x9\n????2\n?????\n1????\n1?34?\n?1???", "6x5x8\n?1?12?\n1?????\n?2????\n???4??\n??1??2"]


@functools.cache
def guess_positions() -> tuple:
    """Small seeded positions that need a guess (about 150), the dominated ones first."""
    boards = [Board.from_text(t) for t in DOMINATED]
    boards += [b for b, _ in needing_a_guess((seeded_position(seed, [(5, 5), (6, 5), (6, 6), (7, 6)], (3, 9),
                                                              hide=0.45) for seed in range(20000)), max_hidden=24)]
    return tuple((b, analyze(b)) for b in boards)


# the outlook rule ---------------------------------------------------------------------------


def finals(agent: BestAgent, a, cell) -> set:
    """Where dominance may end from ``cell``: while some cell safe whenever it is is safer, the
    safest of those (each of them, on a tie), and so on."""
    probs = a.probabilities
    safer = [c for c in agent.outlook(a, cell).implied if probs[c] < probs[cell]]
    if not safer:
        return {cell}
    low = min(probs[c] for c in safer)
    return set().union(*(finals(agent, a, c) for c in safer if probs[c] == low))


def outlook_by_definition(agent: BestAgent, a, seed: int):
    """The first candidate, in the agent's order, of the best (living, score), every one scored
    in full; a contest among the living ones within the margin; then dominance."""
    candidates = agent.candidates(a)
    if len(candidates) == 1:
        return candidates[0], {candidates[0]}
    ordered = agent.order(a, candidates, random.Random(seed))
    weight = agent.weight_on(a.board)
    outs = [agent.outlook(a, c) for c in ordered]
    keys = [(not o.dead, o.score(weight)) for o in outs]
    winner = outs[keys.index(max(keys))].cell
    if agent.contest_margin is not None and max(keys)[0]:
        floor = max(keys)[1] * (1 - agent.contest_margin)
        close = [i for i, (living, score) in enumerate(keys) if living and score >= floor]
        close.sort(key=lambda i: -keys[i][1])  # stable: the agent's order among equal scores
        close = close[:agent.contest_size]
        if len(close) > 1:
            plies = [agent.second_ply(a, outs[i].cell) for i in close]
            winner = outs[close[plies.index(max(plies))]].cell
    return winner, finals(agent, a, winner)


AGENTS = {
    "default": BestAgent(),
    "crowded, no risk, wide": BestAgent(tie_break="crowded", risk_weight=None, ratio=F(1, 2)),
    "contest of 2": BestAgent(contest_margin=F(1, 10), contest_size=2),
    "contest of 3": BestAgent(contest_margin=F(1, 4), contest_size=3, ratio=F(3, 4)),
}


@pytest.mark.long
@pytest.mark.parametrize("name", list(AGENTS))
def test_the_outlook_rule_opens_the_first_best_candidate_then_the_cells_that_dominate_it(name):
    agent, dominated, contested_moves = AGENTS[name], 0, 0
    for seed, (board, a) in enumerate(guess_positions()):
        winner, ends = outlook_by_definition(agent, a, seed)
        move = outlook(agent, a, random.Random(seed))
        assert move.cell in ends, board.to_text()
        assert move.rule == ("outlook" if move.cell == winner else "dominance"), board.to_text()
        assert (move.action, move.guess, move.probability) == ("open", True, a.probabilities[move.cell])
        dominated += move.rule == "dominance"
        if agent.contest_margin is not None:
            plain = outlook_by_definition(BestAgent(**{**vars_of(agent), "contest_margin": None}), a, seed)[0]
            contested_moves += winner != plain
    if agent.contest_margin is None:
        assert dominated >= 2  # the generator reaches dominance
    else:
        assert contested_moves >= 2, contested_moves  # and contests that change the winner


def vars_of(agent: BestAgent) -> dict:
    return {k: getattr(agent, k) for k in ("ratio", "tie_break", "contest_size")} | {
        "risk_weight": agent.risk_weight}


@pytest.mark.long
def test_a_contest_hears_a_rival_the_bound_of_the_best_would_have_pruned():
    """Candidates are scored safest first, each pruned once it cannot beat the best so far; a
    contest needs every rival within its margin scored in full."""
    agent = BestAgent(contest_margin=F(1, 4), contest_size=3, ratio=F(3, 4))
    heard = 0
    for seed, (_, a) in enumerate(guess_positions()[:80]):
        candidates = agent.order(a, agent.candidates(a), random.Random(seed))
        weight = agent.weight_on(a.board)
        best = None
        for c in candidates:
            out = agent.outlook(a, c)
            if best is not None and out.score(weight) < best and agent.outlook(a, c, best) is None:
                heard += out.score(weight) >= best * (1 - agent.contest_margin) and not out.dead
            best = out.score(weight) if best is None else max(best, out.score(weight))
    assert heard  # such rivals exist: the test above holds the rule to them


def test_a_contest_with_one_rival_keeps_the_winner_and_ties_go_to_the_first():
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    a = analyze(board)
    agent = BestAgent(risk_weight=None, contest_margin=F(1, 2))
    weight = agent.weight_on(board)
    scored = [(True, agent.outlook(a, c).score(weight), agent.outlook(a, c)) for c in agent.candidates(a)]
    best = max(scored, key=lambda key: key[1])
    assert contested(agent, a, best, [best]) is best
    # two rivals of equal second ply: the better outlook (first in the contest's order) wins
    twin = (True, best[1], best[2])
    assert contested(agent, a, best, [twin, best]) is twin
    assert contested(agent, a, best, [best, twin]) is best


def test_a_rival_exactly_at_the_margin_is_contested():
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    a = analyze(board)
    agent = BestAgent(risk_weight=None, contest_margin=F(1, 10))
    plies = {c: agent.second_ply(a, c) for c in ((0, 2), (0, 3))}
    assert plies[(0, 2)] > plies[(0, 3)]
    best = (True, F(1), agent.outlook(a, (0, 3)))
    at_floor = (True, F(9, 10), agent.outlook(a, (0, 2)))
    below = (True, F(9, 10) - F(1, 10**9), agent.outlook(a, (0, 2)))
    assert contested(agent, a, best, [best, at_floor]) is at_floor
    assert contested(agent, a, best, [best, below]) is best


# the outlook's score ------------------------------------------------------------------------


def risky_positions() -> list:
    """Positions of expert play with a hotspot (the last missing end of a pair that is 1/2)."""
    out = []
    for board in from_play(Settings(30, 16, 99, "safe", "corner"), 60, seed=9):
        a = analyze(board)
        if not a.safe and Risk(a).hotspots:
            out.append((board, a))
    return out


def test_a_guess_s_score_weighs_long_term_risk_as_documented():
    """secondary = sum_k P(k) * next * boost(cell) / hotspots(now) * hotspots(after k, leaving out
    the hotspots the cell is, or is in the pair of)."""
    agent = BestAgent()
    checked = in_pairs = 0
    risky = risky_positions()
    for board, a in list(guess_positions()[:60]) + risky:
        risk = Risk(a)
        mine = [c for e, pair in risk.hotspots for c in (e, *sorted(pair))]
        for cell in agent.candidates(a)[:4] + mine:
            most = risk.boost(cell, agent.risk_weight) / risk.hotspot_safety(a.probabilities)
            secondary = progress = F(0)
            for k in range(9):
                try:
                    nxt = analyze(board.reveal(cell, k))
                except CountsweepError:
                    continue
                share = F(nxt.count, a.count)
                after = agent.next_safety(nxt, agent.next_value_on(board))
                secondary += share * after * most * risk.hotspot_safety(nxt.probabilities, cell)
                progress += share if nxt.safe or all(g.mines == nxt.scale for g in nxt.groups) else 0
            out = agent.outlook(a, cell)
            assert (out.secondary, out.progress) == (secondary, progress), (board.to_text(), cell)
            checked += most != 1
            in_pairs += cell in mine
    assert checked and in_pairs >= 3 and len(risky) >= 3  # the risk's factors are met, not always 1


def two_best_safeties(a) -> F:
    """``(4*s1 + s2) / 5`` over every hidden cell's safety, counted cell by cell (1 when a cell is
    certainly safe, or when none may be)."""
    safeties = sorted((1 - p for p in a.probabilities.values() if p < 1), reverse=True)
    if not safeties or safeties[0] == 1:
        return F(1)
    return (4 * safeties[0] + safeties[min(1, len(safeties) - 1)]) / 5


def test_the_value_of_a_position_after_a_guess_is_its_two_best_safeties():
    agent, met = BestAgent(), set()
    boards = [Board.from_text(t) for t in ("1x1\n?", "3x1x1\n?1?", "4x4x3\n1???\n????\n??2?\n????")]
    for board in boards + [b for b, _ in guess_positions()[:40]]:
        a = analyze(board)
        for nxt in [a, *after(board, sorted(a.probabilities)[:3])]:
            assert agent.next_safety(nxt) == two_best_safeties(nxt), nxt.board.to_text()
            below = [n for p, n in nxt.levels if p < 1]
            met.add((len(below), below[0] if below else 0))
    assert (1, 1) in met and any(n == 1 and k > 1 for k, n in met)  # a lone cell; a lone best cell


def after(board: Board, cells) -> list:
    """The position after each of ``cells`` opens and shows each number some layout allows."""
    out = []
    for cell in cells:
        for k in range(9):
            try:
                out.append(analyze(board.reveal(cell, k)))
            except CountsweepError:
                continue
    return out


def test_the_best_score_of_a_position_is_its_best_outlook_scored_in_full():
    agent, dead_first = BestAgent(risk_weight=None), 0
    for board, a in guess_positions()[:50]:
        for nxt in after(board, sorted(a.probabilities)[:3]):
            assert agent.best_score(nxt) == best_score_by_every_outlook(agent, nxt), nxt.board.to_text()
            dead_first += bool(nxt.safe) and agent.outlook(nxt, nxt.safe[0]).dead and len(nxt.safe) > 1
    assert dead_first  # a dead safe cell before a living one is met


# the other rules ----------------------------------------------------------------------------


def test_the_endgame_rule_needs_the_mine_total_and_takes_exactly_its_limit_of_layouts():
    board = Board.from_text("5x2x2\n?1???\n?1???")  # a mine among four cells, another in a sea of four
    a = analyze(board)
    assert endgame(BestAgent(endgame_layouts=a.count), a, random.Random(0)).rule == "endgame"
    assert endgame(BestAgent(endgame_layouts=a.count - 1), a, random.Random(0)) is None
    blind = analyze(board.with_mines(None))
    assert endgame(BestAgent(endgame_layouts=10**6), blind, random.Random(0)) is None


def consistent(boards: list[Board]):
    """Each board some layout fits, with its analysis."""
    for board in boards:
        try:
            yield board, analyze(board)
        except CountsweepError:
            continue


def enclosed_by_definition(a) -> set | None:
    """The cells the enclosed rule may open: the endgame's best moves in the first component whose
    cells see no hidden cell outside it and whose layouts all hold one number of mines."""
    board = a.board
    for comp in Constraints.of(board).components:
        inside = set(comp.cells)
        if any(board[n] == HIDDEN and n not in inside for c in comp.cells for n in board.neighbours(c)):
            continue
        found = component_layouts(comp, board.width, 5000)
        if found is None or len({k for _, k in found}) != 1:
            continue
        search = Endgame(board, [m for m, _ in found])
        if search.best() is None:
            continue  # nothing uncertain in it
        values = {c: search.move_value(c) for c in comp.cells}
        return {c for c, v in values.items() if v == max(values.values())}
    return None


# positions where a component before the one played does not qualify: seeded ones, one whose first
# component sees a hidden cell outside it, one whose first component holds one or two mines (the
# chain (0, 0), (0, 2), (0, 4)), and one whose first component's search is long (see below)
PAST_THE_FIRST = ["6x6x4\n?0001?\n0000??\n1101??\n??02?2\n1?02?2\n?0??11",
                  "6x5x5\n?0112?\n001?3?\n2222??\n??1111\n2?1000",
                  "6x6x3\n?10???\n?10?00\n000?1?\n000???\n000???\n0???11",
                  "5x5x5\n1???2\nF???F\n12121\n01F21\n0????",
                  "12x1x5\n?1?1?F??F?1?"]
LONG_FIRST = "5x6x21\nFFFFF\nF???F\nF?2?F\nF???F\nFFFFF\nF?4?F"  # 2 mines in a ring of 8, then a pair


def test_a_component_whose_search_passes_the_agent_s_limit_is_passed_over_for_the_next():
    a = analyze(Board.from_text(LONG_FIRST))
    assert enclosed(BestAgent(), a, random.Random(0)).cell == (1, 1)
    short = enclosed(BestAgent(endgame_positions=10), a, random.Random(0))
    assert (short.cell, short.rule) == ((5, 1), "enclosed")


def test_the_enclosed_rule_plays_the_first_enclosed_component_s_best_move():
    fired = passed_over = 0
    for board, a in consistent([Board.from_text(t) for t in PAST_THE_FIRST] + [pockets(s) for s in range(400)]):
        move = enclosed(BestAgent(), a, random.Random(0))
        want = enclosed_by_definition(a)
        assert (move is None) == (want is None), board.to_text()
        if move is not None:
            assert move.rule == "enclosed" and move.cell in want, board.to_text()
            fired += 1
            first = Constraints.of(board).components[0].cells
            passed_over += move.cell not in first
    assert fired >= 10 and passed_over >= 3  # later components are reached past ones that do not qualify


def unavoidable_by_definition(a) -> tuple | None:
    """The least cell of a pair whose cells see only each other, both 1/2, and whose numbers
    see no other hidden cell, one of them seeing both."""
    board = a.board
    found = []
    for c, p in a.probabilities.items():
        hidden = [n for n in board.neighbours(c) if board[n] == -1]
        if p != F(1, 2) or len(hidden) != 1:
            continue
        d = hidden[0]
        if a.probabilities[d] != F(1, 2) or [n for n in board.neighbours(d) if board[n] == -1] != [c]:
            continue
        numbers = {n for x in (c, d) for n in board.neighbours(x) if board[n] >= 0}
        if any(m not in (c, d) and board[m] == -1 for n in numbers for m in board.neighbours(n)):
            continue
        if any({c, d} <= set(board.neighbours(n)) for n in numbers):
            found.append(min(c, d))
    return min(found) if found else None


def test_the_unavoidable_rule_takes_the_least_pair_of_its_definition():
    boards = [Board.from_text(t) for t in (
        "2x2x1\n?1\n?1", "3x2x1\n?1?\n?1?", "4x2x2\n?11?\n?11?", "5x2x2\n?1?1?\n?1?1?",
        "6x2x2\n?1??1?\n?1??1?", "7x2x2\n?1???1?\n?1?1?1?", "5x3x2\n?1F1?\n?222?\n11?11",
        # a half before the pair that fails: its one hidden neighbour is not a half; that neighbour
        # sees another hidden cell; a number around them sees a third hidden cell
        "9x2x8\n?3?FF3F3?\nF3F?2?F3?", "8x2x4\n????01?1\nF3F101?1", "8x2x4\n?22?11?1\n?2??11?1")]
    settings = Settings(5, 4, 5, "safe", "corner")
    boards += [b for b in from_play(settings, 80, seed=11)]
    fired = 0
    for board, a in consistent(boards):
        move = unavoidable(BestAgent(), a, random.Random(0))
        want = unavoidable_by_definition(a)
        assert (move and move.cell) == want, board.to_text()
        if move:
            assert move.rule == "unavoidable"
            fired += 1
    assert fired >= 3


def test_the_pseudo_rule_opens_the_living_pseudo_cell_of_the_best_outlook():
    agent, fired = BestAgent(), 0
    for board in from_play(Settings(30, 16, 99, "safe", "corner"), 80, seed=5):
        a = analyze(board)
        if a.safe:
            continue
        cells = pseudos(a)
        weight = agent.weight_on(board)
        live = [o for o in (agent.outlook(a, c) for c in cells) if not o.dead]
        move = pseudo(agent, a, random.Random(0))
        if not live:
            assert move is None
            continue
        best = max(o.score(weight) for o in live)
        assert move.rule == "pseudo" and move.cell in {o.cell for o in live if o.score(weight) == best}
        fired += 1
    assert fired >= 3


def guess_positions_of(layouts: range, count: int, seed: int, topology: str = "") -> list[tuple[Board, object]]:
    """``count`` guess positions with a number of layouts in ``layouts``, made by opening a few
    safe cells of seeded 6x6 boards with 8 mines (of a ``topology`` header word): nothing
    certainly safe is left to open, as when the agent reaches its guess rules."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        mines = set(rng.sample([(r, c) for r in range(6) for c in range(6)], 8))
        game = Game.at(Board.from_text(f"6x6x8 {topology}\n" + "??????\n" * 6), mines)
        for cell in rng.sample(sorted(set(game.view().hidden_cells) - mines), 9):
            if not game.over and game.view()[cell] == HIDDEN:  # a 0 may have opened it, or won
                game.open(cell)
        a = analyze(game.view())
        if a.count in layouts and not game.over and 0 not in a.probabilities.values():
            found.append((game.view(), a))
    return found


@pytest.mark.parametrize("topology", ["", "torus", "hex"])
def test_the_sampled_search_plays_an_optimal_move_when_its_sample_holds_every_layout(topology):
    # 20 to 100 layouts: 2000 uniform draws hold every one (seeded by the position: the same every run)
    agent = BestAgent(endgame_layouts=0)  # every position is past the exact search's limit
    for board, a in guess_positions_of(range(20, 101), 6, seed=5, topology=topology):
        move = sampled(agent, a, random.Random(0))
        assert move is not None and move.rule == "sampled" and 0 < a.probabilities[move.cell] < 1
        exact = Endgame.of(board, 5000)
        assert exact.move_value(move.cell) == exact.value(), board.to_text()


def test_the_sampled_search_keeps_to_its_window_and_to_the_position():
    positions = guess_positions_of(range(20, 101), 2, seed=7)
    board, a = positions[0]
    hidden = len(board.hidden_cells)
    # within the exact search's limit, past the hidden cells allowed, or turned off: no move
    assert sampled(BestAgent(), a, random.Random(0)) is None
    assert sampled(BestAgent(endgame_layouts=0, sampled_hidden=hidden - 1), a, random.Random(0)) is None
    assert sampled(BestAgent(endgame_layouts=0, sampled_layouts=0), a, random.Random(0)) is None
    assert sampled(BestAgent(endgame_layouts=0), analyze(board.with_mines(None)), random.Random(0)) is None
    # the draws are seeded by the position: the agent's own generator does not move the choice
    agent = BestAgent(endgame_layouts=0, sampled_hidden=hidden)
    assert len({sampled(agent, a, random.Random(seed)).cell for seed in range(5)}) == 1


def test_the_sampled_search_starts_one_layout_past_the_exact_search_s_limit():
    board, a = guess_positions_of(range(20, 101), 1, seed=7)[0]
    hidden = len(board.hidden_cells)
    assert sampled(BestAgent(endgame_layouts=a.count, sampled_hidden=hidden), a, random.Random(0)) is None
    move = sampled(BestAgent(endgame_layouts=a.count - 1, sampled_hidden=hidden), a, random.Random(0))
    assert move is not None and move.rule == "sampled"


def test_a_sampled_search_stopped_at_the_agent_s_limit_plays_its_best_move_so_far():
    # ten layouts, all drawn: four positions value the safest move only, more find a better one
    board = Board.from_text("5x4x5\n001??\n013??\n02???\n02???")
    a = analyze(board)
    stopped = sampled(BestAgent(endgame_layouts=0, endgame_positions=4), a, random.Random(0))
    finished = sampled(BestAgent(endgame_layouts=0), a, random.Random(0))
    assert (stopped.cell, finished.cell) == ((0, 4), (3, 3))
    assert Endgame.of(board, 100, max_positions=4).best(anytime=True)[0] == (0, 4)
    assert Endgame.of(board, 100).best()[0] == (3, 3)


def test_the_sampled_search_offers_no_certain_cell_and_needs_two_layouts_to_tell_apart():
    # (0, 1) is safe (beside the 0) and tells something: the search opens it first, but it is no guess
    board = Board.from_text("4x3x2\n0???\n????\n????")
    a = analyze(board)
    assert a.probabilities[(0, 1)] == 0 and a.count == 28
    assert sampled(BestAgent(endgame_layouts=0), a, random.Random(0)) is None
    # one layout drawn: nothing to tell apart, no move (on a position where two or more give one)
    board = Board.from_text("5x4x5\n001??\n013??\n02???\n02???")
    a = analyze(board)
    assert sampled(BestAgent(endgame_layouts=0, sampled_layouts=1), a, random.Random(0)) is None
    assert sampled(BestAgent(endgame_layouts=0, sampled_layouts=2), a, random.Random(0)) is not None


def test_a_sample_too_small_to_tell_the_layouts_apart_can_miss_the_best_move():
    # the rule's measure is the sample: with three layouts drawn it is optimal for those three only,
    # and some position shows it (what the test above would catch if the sample were cut short)
    agent = BestAgent(endgame_layouts=0, sampled_layouts=3)
    worse = 0
    for board, a in guess_positions_of(range(20, 101), 12, seed=5):
        move = sampled(agent, a, random.Random(0))
        exact = Endgame.of(board, 5000)
        worse += move is not None and exact.move_value(move.cell) < exact.value()
    assert worse >= 1


# settings and plumbing ----------------------------------------------------------------------


def test_the_best_agent_s_defaults_are_the_documented_ones():
    agent = BestAgent()
    assert (agent.ratio, agent.progress_weight, agent.opened_progress_weight) == (F(9, 10), F(1, 10), F(1, 1000))
    assert (agent.endgame_layouts, agent.endgame_positions, agent.endgame_anytime) == (5000, 1_000_000, True)
    assert (agent.contest_margin, agent.contest_size, agent.risk_weight) == (None, 3, F(9, 10))
    assert (agent.tie_break, agent.next_value, agent.opened_next_value) == ("random", "all", "living")
    assert (agent.sampled_layouts, agent.sampled_hidden) == (2000, 60)
    assert agent.rules == DEFAULT_RULES
    assert agent.config()["rules"] == "endgame,enclosed,unavoidable,pseudo,sampled,outlook"


def test_the_best_agent_keeps_the_settings_it_is_given():
    agent = BestAgent(rules=(outlook,), contest_margin=0, contest_size=2, risk_weight=0, ratio=0.5,
                      opened_next_value=None)
    assert agent.rules == (outlook,) and agent.config()["rules"] == "outlook"
    assert (agent.contest_margin, agent.contest_size, agent.risk_weight, agent.ratio) == (0, 2, None, F(1, 2))
    assert agent.opened_next_value is None and agent.next_value_on(Board.from_text("3x1x1\n0??")) == "all"
    assert BestAgent().next_value_on(Board.from_text("3x1x1\n0??")) == "living"


@pytest.mark.parametrize("settings, message", [
    ({"tie_break": "first"}, "tie_break 'first': expected one of random, crowded"),
    ({"next_value": "dead"}, "next_value 'dead': expected one of all, living"),
    ({"ratio": "1"}, "ratio '1': expected a number (a Fraction, an int or a finite float)"),
    ({"ratio": float("nan")}, "ratio nan: expected a number (a Fraction, an int or a finite float)"),
    ({"progress_weight": True}, "progress_weight True: expected a number (a Fraction, an int or a finite float)"),
    ({"opened_progress_weight": "x"},
     "opened_progress_weight 'x': expected a number (a Fraction, an int or a finite float)"),
    ({"contest_margin": "x"}, "contest_margin 'x': expected a number (a Fraction, an int or a finite float)"),
    ({"risk_weight": "x"}, "risk_weight 'x': expected a number (a Fraction, an int or a finite float)"),
    ({"contest_size": 1}, "contest_size 1: expected a whole number of 2 or more"),
    ({"endgame_layouts": -1}, "endgame_layouts -1: expected a whole number of 0 or more"),
    ({"sampled_layouts": 2.5}, "sampled_layouts 2.5: expected a whole number of 0 or more"),
    ({"sampled_hidden": -1}, "sampled_hidden -1: expected a whole number of 0 or more"),
])
def test_the_best_agent_refuses_a_setting_word_for_word(settings, message):
    with pytest.raises(ParameterError) as caught:
        BestAgent(**settings)
    assert str(caught.value) == message


def test_a_position_is_valued_by_all_its_cells_or_its_living_ones_and_nothing_else():
    a = analyze(Board.from_text("5x2x4\n0????\n02???"))  # (0, 1) is safe but must show 2
    assert (BestAgent().next_safety(a), BestAgent().next_safety(a, "living")) == (1, F(1, 2))
    with pytest.raises(ParameterError) as caught:
        BestAgent().next_safety(a, "dead")
    assert str(caught.value) == "value 'dead': expected one of all, living"


def test_a_rule_list_that_chooses_nothing_is_named_in_the_error():
    agent = BestAgent(rules=(endgame,), endgame_layouts=0)
    a = analyze(Board.from_text("3x3x2\n???\n?2?\n???"))
    with pytest.raises(AssertionError, match=r"^no guess rule of \['endgame'\] chose a move$"):
        agent.guess(a, random.Random(0))


def test_the_candidates_never_hold_a_certain_mine_even_at_ratio_zero():
    a = analyze(Board.from_text("5x1x2\n1????"))  # (0, 1) is a mine; one more among the other three
    mines = set(a.mines_certain)
    assert mines and not mines & set(BestAgent(ratio=0).candidates(a))


def test_the_crowded_order_counts_each_known_mine_once_and_the_other_hidden_neighbours():
    # (0, 0): one known mine (the flag), two other hidden; (0, 4): no mine known, three hidden
    a = analyze(Board.from_text("5x3x3\n??1??\nF?1??\n?????"))
    agent = BestAgent(tie_break="crowded")
    cells = sorted(a.probabilities)
    board, probs = a.board, a.probabilities

    def crowding(c):
        around = [n for n in board.neighbours(c) if board[n] in (-1, -2)]
        known = sum(1 for n in around if board[n] == -2 or probs.get(n) == 1)
        return probs[c], -known, len(around) - known, c

    assert agent.order(a, cells, random.Random(0)) == sorted(cells, key=crowding)


def test_long_term_risk_needs_the_mine_total():
    board = Board.from_text("4x2x2\n1???\n1???")
    assert BestAgent().risk(analyze(board)) is not None
    assert BestAgent().risk(analyze(board.with_mines(None))) is None
    assert BestAgent(risk_weight=None).risk(analyze(board)) is None


def test_the_greedy_agents_count_with_their_own_backend_clues_and_total():
    board = Board.from_text("3x3x2\n???\n?2?\n???")
    assert GreedyAgent(backend="sdd").analysis(board).backend == "sdd"
    blind = make_agent("greedy-nototal", parse_clues("under"))
    assert (blind.use_total, blind.clues.name) == (False, "under")
    assert blind.analysis(board).mines_known is False and blind.analysis(board).clue_model == "under"
    assert make_agent("greedy").use_total is True
    with pytest.raises(ParameterError) as caught:
        make_agent("clever")
    assert str(caught.value) == "unknown agent 'clever'; choose from greedy, greedy-nototal, best"


def test_an_agent_s_config_names_its_class_and_every_setting_but_exact_clues():
    assert GreedyAgent().config() == {"class": "GreedyAgent", "backend": "dpll", "use_total": "True"}
    noisy = GreedyAgent(clues=parse_clues("under"), use_total=False)
    assert noisy.config() == {"class": "GreedyAgent", "backend": "dpll", "clues": "under", "use_total": "False"}
    best = BestAgent().config()
    assert best["class"] == "BestAgent" and best["ratio"] == "9/10" and "_risk" not in best
    assert set(best) == {"class", "backend", "use_total", "tie_break", "next_value", "opened_next_value", "ratio",
                         "progress_weight", "opened_progress_weight", "endgame_layouts", "endgame_positions",
                         "endgame_anytime", "contest_margin", "contest_size", "rules", "risk_weight",
                         "sampled_layouts", "sampled_hidden"}
    assert GreedyAgent(clues=EXACT).config() == GreedyAgent().config()


def test_certain_moves_carry_their_certain_probability():
    moves = GreedyAgent().moves(Board.from_text("4x1x1\n1???"), random.Random(0))
    assert [(m.cell, m.action, m.probability, m.guess) for m in moves] == [
        ((0, 1), "flag", 1, False), ((0, 2), "open", 0, False), ((0, 3), "open", 0, False)]
    assert all(type(m.probability) is F for m in moves)


@pytest.mark.parametrize("text, flags", [("3x1x2\n?2?", [(0, 0), (0, 2)]), ("2x1x0\n00", [])],
                         ids=["every hidden cell a mine", "none hidden"])
def test_the_greedy_agent_guesses_nothing_where_nothing_is_left_to_open(text, flags):
    # every hidden cell a mine: flags only, no guess among the mines; none hidden: no move at all
    moves = GreedyAgent().moves(Board.from_text(text), random.Random(0))
    assert [(m.cell, m.action, m.guess) for m in moves] == [(cell, "flag", False) for cell in flags]


@pytest.mark.parametrize("call, message", [
    (lambda: GreedyAgent().moves(Board.from_text("2x1x1\n??"), 7),
     "rng: expected a random.Random (ties are broken by it), not 7"),
    (lambda: play_game("game", GreedyAgent(), (0, 0), 1), "game: expected a countsweep.play.game.Game, not 'game'"),
    (lambda: play_game(Game(3, 3, 1, seed=1), "agent", (0, 0), 1),
     "agent: expected an agent (make_agent('best')), not 'agent'"),
])
def test_the_play_loop_refuses_what_is_not_a_game_an_agent_or_a_generator_word_for_word(call, message):
    with pytest.raises(ParameterTypeError) as caught:
        call()
    assert str(caught.value) == message


def test_a_game_record_s_time_is_the_time_the_game_took():
    start = time.perf_counter()
    record = play_game(Game(9, 9, 10, seed=4), GreedyAgent(), (0, 0), 4)
    assert 0 < record.seconds <= time.perf_counter() - start
