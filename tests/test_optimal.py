"""Exact optimal play against a plain expectimax, simulation and the paper's example."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import combinations, product

import pytest
from click.testing import CliRunner

from countsweep import Board
from countsweep.board import HIDDEN
from countsweep.cli import main
from countsweep.errors import InconsistentError, LimitExceeded, ParameterError
from countsweep.intervals import wilson
from countsweep.oracle import analyze
from countsweep.play.game import Settings
from countsweep.play.optimal import Geometry, first_layouts, solve_game, solve_position
from countsweep.play.runs import run
from countsweep.topology import TORUS, Graph


def reference_move(geo: Geometry, state: tuple, layouts: list[int], cell: int, mines: int) -> F:
    """Chance of winning by opening ``cell`` and then playing on optimally."""
    groups: dict = {}
    for lay in layouts:
        if not (lay >> cell) & 1:
            groups.setdefault(geo.outcome(lay, geo.numbers(lay), cell), []).append(lay)
    total = F(0)
    for reveal, group in groups.items():
        s = list(state)
        for i, v in reveal:
            s[i] = v
        total += F(len(group), len(layouts)) * reference_value(geo, tuple(s), group, mines)
    return total


def reference_value(geo: Geometry, state: tuple, layouts: list[int], mines: int) -> F:
    """Expectimax straight from the definition: no pruning, no symmetry, no memo."""
    if sum(v >= 0 for v in state) == geo.n - mines:  # won: every safe cell shows its number
        return F(1)
    hidden = [i for i, v in enumerate(state) if v == HIDDEN]
    return max((reference_move(geo, state, layouts, c, mines) for c in hidden), default=F(0))


def reference_game(w: int, h: int, m: int, rule: str) -> F:
    geo = Geometry(w, h)
    start = (HIDDEN,) * geo.n
    return max(reference_move(geo, start, lays, f, m)
               for f in range(geo.n) if (lays := first_layouts(geo, m, rule, f)))


@pytest.mark.long
@pytest.mark.parametrize(("w", "h"), [(2, 2), (2, 3), (3, 2), (3, 3)])
@pytest.mark.parametrize("rule", ["unsafe", "safe"])
def test_optimal_equals_plain_expectimax_on_tiny_boards(w, h, rule):
    for m in range(1, w * h - (1 if rule == "safe" else 0) + 1):
        if w * h == 9 and m not in (1, 2, 3, 6, 7):
            continue  # keep the unpruned reference quick
        sol = solve_game(w, h, m, rule)
        assert sol.value == reference_game(w, h, m, rule), (w, h, m)
        assert sol.value >= sol.greedy


def test_optimal_over_all_deterministic_policies_on_2x2_positions():
    """On every 2x2 position with 2 mines, no deterministic policy beats the solver."""
    geo = Geometry(2, 2)
    for shown in product([HIDDEN, 0, 1, 2, 3], repeat=4):
        lays = [sum(1 << i for i in combo) for combo in combinations(range(4), 2)
                if all(v == HIDDEN or (not (sum(1 << i for i in combo) >> j) & 1
                                       and geo.numbers(sum(1 << i for i in combo))[j] == v)
                       for j, v in enumerate(shown))]
        if not lays or all(v != HIDDEN for v in shown):
            continue
        board = Board.from_array([shown[:2], shown[2:]], mines=2)
        assert solve_position(board).value == reference_value(geo, shown, lays, 2)


def test_nakov_wei_2x4_example_greedy_two_ninths_optimal_one_third():
    board = Board.from_text("4x2x3\n????\n?2?2")
    p = analyze(board).probabilities
    assert p[(0, 0)] == p[(0, 1)] == p[(1, 0)] == F(1, 3)
    assert p[(0, 2)] == p[(1, 2)] == F(1, 2) and p[(0, 3)] == 1
    sol = solve_position(board)
    assert (sol.value, sol.greedy) == (F(1, 3), F(2, 9))
    assert {mv.cell: mv.optimal for mv in sol.moves}[(0, 2)] == F(1, 3)  # the paper's move


def test_transition_counts_are_the_oracles_counts():
    # P(first click shows k) from layout groups equals the oracle's count ratio
    geo = Geometry(4, 4)
    lays = first_layouts(geo, 3, "safe", 0)
    groups: dict = {}
    for lay in lays:
        groups.setdefault(geo.numbers(lay)[0], []).append(lay)
    for k, group in groups.items():
        rows = ["????"] * 4
        rows[0] = f"{k}???"
        assert analyze(Board.from_text("4x4x3\n" + "\n".join(rows))).count == len(group)


@pytest.mark.long
def test_exact_greedy_value_agrees_with_simulation():
    exact = solve_game(4, 4, 3, "unsafe", first=(0, 0)).greedy
    recs = list(run(Settings(4, 4, 3, "unsafe", "corner"), "greedy", 11, list(range(6000)), 1))
    lo, hi = wilson(sum(r["won"] for r in recs), len(recs))
    assert lo <= float(exact) <= hi


@pytest.mark.long
def test_swedish_thesis_figures_against_exact_greedy():
    corner = solve_game(4, 4, 3, "unsafe", first=(0, 0)).greedy
    assert abs(float(corner) - 0.70150) <= 0.0142
    every = solve_game(4, 4, 3, "unsafe")
    # a uniformly random first click: 4 corners, 8 edge cells, 4 centre cells
    weights = {(0, 0): 4, (0, 1): 8, (1, 1): 4}
    mean = sum(mv.greedy * weights[mv.cell] for mv in every.moves) / 16
    assert abs(float(mean) - 0.67575) <= 0.0146
    two = solve_game(4, 4, 2, "unsafe")
    mean2 = sum(mv.greedy * weights[mv.cell] for mv in two.moves) / 16
    assert abs(float(mean2) - 0.81775) <= 0.0120


def test_optimal_strictly_beats_greedy_where_it_should():
    sol = solve_game(3, 3, 2, "unsafe")
    assert sol.value > sol.greedy


def test_cli_optimal_game_position_limit_and_errors(tmp_path):
    r = CliRunner().invoke(main, ["optimal", "2x2x1", "--json"])
    assert r.exit_code == 0 and '"optimal": "1/3"' in r.stdout
    r = CliRunner().invoke(main, ["optimal", "4x4x5", "--limit", "50"])
    assert r.exit_code == 5 and "state limit of 50" in r.stderr
    r = CliRunner().invoke(main, ["optimal", "-"], input="4x2x3\n????\n?2?2\n")
    assert r.exit_code == 0 and "optimal 1/3" in r.stdout and "greedy 2/9" in r.stdout
    r = CliRunner().invoke(main, ["optimal", "-"], input="4x2\n????\n?2?2\n")
    assert r.exit_code == 2 and "mine total" in r.stderr
    r = CliRunner().invoke(main, ["optimal", "10x10x10"])
    assert r.exit_code == 2 and "1 to 30 cells, not 10x10" in r.stderr
    # a board within 30 cells whose layouts alone would fill the memory stops before it lists them
    r = CliRunner().invoke(main, ["optimal", "5x6x15"])
    assert r.exit_code == 5 and "5x6 with 15 mines has 77,558,760 (at most 1,000,000)" in r.stderr
    r = CliRunner().invoke(main, ["optimal", "-"], input="6x5x15\n" + "??????\n" * 5)
    assert r.exit_code == 5 and "more than 1,000,000" in r.stderr


@pytest.mark.long
def test_agents_are_evaluated_exactly_by_the_same_machinery():
    from countsweep.play.agents import BestAgent, GreedyAgent
    from countsweep.play.optimal import agent_value

    game = (4, 4, 3, "unsafe", (0, 0))
    optimal_value = solve_game(*game[:4], first=game[4]).value
    greedy = agent_value(GreedyAgent(), *game)
    best = agent_value(BestAgent(endgame_layouts=40, sampled_layouts=0), *game)
    assert greedy < best < optimal_value  # 57/80 against 5/7: its search starts late
    # past 40 layouts the sampled search's 2000 draws hold all of at most 455: optimal play again
    assert agent_value(BestAgent(endgame_layouts=40), *game) == optimal_value
    # by default the exact search covers all C(15, 3) = 455 layouts left after the first click
    assert agent_value(BestAgent(), *game) == optimal_value
    recs = list(run(Settings(4, 4, 3, "unsafe", "corner"), "best", 5, list(range(3000)), 1))
    best = optimal_value
    lo, hi = wilson(sum(r["won"] for r in recs), len(recs))
    assert lo <= float(best) <= hi


TINY = [(w, h, m) for w, h in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2)] for m in range(1, w * h)
        if w * h < 9 or m <= 2]
# an opening clears up to nine cells: larger boards, or nothing is left to play
OPENING = [(w, h, m) for w, h in [(4, 2), (4, 3), (5, 2), (3, 4)] for m in (1, 2, 3)]


@pytest.mark.long
@pytest.mark.parametrize("rule", ["unsafe", "safe", "opening"])
def test_every_first_click_under_every_rule_is_valued_as_the_independent_reference_does(rule):
    from tests.reference import reference_first_click, rule_layouts

    checked = 0
    for w, h, m in OPENING if rule == "opening" else TINY:
        for first in [(r, c) for r in range(h) for c in range(w)]:
            if not rule_layouts(w, h, m, rule, first):
                with pytest.raises(ValueError, match="no layout allows a first click"):
                    solve_game(w, h, m, rule, first=first)
                continue
            sol = solve_game(w, h, m, rule, first=first)
            (move,) = sol.moves
            assert move.optimal == sol.value == reference_first_click(w, h, m, rule, first), (w, h, m, first)
            assert move.greedy == sol.greedy == reference_first_click(w, h, m, rule, first, "greedy"), (w, h, m)
            checked += 1
    assert checked >= 40


@pytest.mark.long
@pytest.mark.parametrize("rule", ["unsafe", "safe", "opening"])
def test_the_best_first_click_is_the_best_of_every_cell(rule):
    from tests.reference import reference_first_click, rule_layouts

    boards = OPENING if rule == "opening" else [(3, 2, 1), (3, 2, 2), (2, 3, 3), (3, 3, 1), (4, 2, 3)]
    for w, h, m in boards:
        values = [reference_first_click(w, h, m, rule, (r, c)) for r in range(h) for c in range(w)
                  if rule_layouts(w, h, m, rule, (r, c))]
        if not values:
            continue
        sol = solve_game(w, h, m, rule)
        assert sol.value == max(values), (w, h, m, rule)


class LastHidden:
    """An agent that breaks the board's symmetry: it always opens its last hidden cell."""

    name = "last-hidden"

    def moves(self, board, rng):
        from countsweep.play.agents import Move

        return [Move(board.hidden()[-1], "open", F(0), True)]

    def config(self):
        return {}


@pytest.mark.parametrize("rule", ["unsafe", "safe"])
def test_an_agent_that_ignores_symmetry_is_valued_as_the_reference_values_its_policy(rule):
    from countsweep.play.optimal import agent_value
    from tests.reference import reference_first_click

    for w, h, m in [(3, 2, 1), (3, 2, 2), (2, 3, 2), (4, 2, 2), (3, 3, 2)]:
        for first in [(0, 0), (0, 1), (h - 1, w - 1)]:
            expected = reference_first_click(w, h, m, rule, first, policy=lambda hidden: hidden[-1])
            assert agent_value(LastHidden(), w, h, m, rule, first) == expected, (w, h, m, first)


def test_each_first_click_states_its_mine_probability_under_its_rule():
    from tests.reference import rule_layouts

    for rule in ("unsafe", "safe", "opening"):
        w, h, m = (4, 3, 2) if rule == "opening" else (3, 2, 2)
        sol = solve_game(w, h, m, rule)
        assert sol.moves and sol.rule == rule
        for mv in sol.moves:
            lays = rule_layouts(w, h, m, rule, mv.cell)
            assert mv.mine_probability == F(sum(mv.cell in lay for lay in lays), len(lays))
    assert {mv.mine_probability for mv in solve_game(3, 2, 2, "unsafe").moves} == {F(1, 3)}


def test_the_default_rule_is_safe_and_a_misspelt_rule_is_refused():
    assert solve_game(3, 2, 2) == solve_game(3, 2, 2, "safe") != solve_game(3, 2, 2, "unsafe")
    assert solve_game(3, 2, 2).rule == "safe"
    with pytest.raises(ParameterError, match="unknown rule 'safe '; choose from unsafe, safe, opening"):
        solve_game(3, 2, 2, "safe ")
    from countsweep.play.agents import GreedyAgent
    from countsweep.play.optimal import agent_value

    with pytest.raises(ParameterError, match="unknown rule 'Safe'"):
        agent_value(GreedyAgent(), 3, 2, 2, "Safe", (0, 0))


def test_a_game_without_mines_is_won_for_sure_and_one_with_only_mines_is_refused():
    for rule in ("unsafe", "safe", "opening"):
        sol = solve_game(2, 2, 0, rule)
        assert (sol.value, sol.greedy) == (1, 1) and all(mv.mine_probability == 0 for mv in sol.moves)
    assert solve_game(2, 2, 4, "unsafe").value == 0  # every first click is a mine
    with pytest.raises(ParameterError, match=r"^4 mines leave no first click on 2x2 under rule 'safe'$"):
        solve_game(2, 2, 4, "safe")


def test_refusals_name_the_board_the_mines_and_the_cell():
    with pytest.raises(ParameterError, match=r"^5 mines do not fit 2x2$"):
        solve_game(2, 2, 5)
    with pytest.raises(ParameterError, match=r"^-1 mines do not fit 2x2$"):
        solve_game(2, 2, -1)
    with pytest.raises(ParameterError, match=r"^first click \[2, 0\] is not on the 2x2 board$"):
        solve_game(2, 2, 1, first=(2, 0))
    for first, named in [(5, "5"), ("ab", "'ab'"), ([0, 0], r"\[0, 0\]")]:  # a cell is a tuple, named as given
        with pytest.raises(ParameterError, match=rf"^first click {named} is not on the 2x2 board$"):
            solve_game(2, 2, 1, first=first)
    with pytest.raises(ParameterError, match=r"^no layout allows a first click at \[0, 0\] under rule 'opening'$"):
        solve_game(2, 2, 1, "opening", first=(0, 0))
    with pytest.raises(ParameterError, match=r"^optimal play needs the mine total \(header WxHxM or --mines\)$"):
        solve_position(Board.from_text("2x2\n1?\n??"))
    with pytest.raises(InconsistentError, match=r"^no mine layout fits the position$"):
        solve_position(Board.from_text("2x2x1\n3?\n??"))


def test_a_solution_states_its_board_and_the_positions_it_met():
    game = solve_game(3, 2, 2, "unsafe")
    assert (game.width, game.height, game.mines, game.rule) == (3, 2, 2, "unsafe")
    position = solve_position(Board.from_text("4x2x3\n????\n?2?2"))
    assert (position.width, position.height, position.mines, position.rule) == (4, 2, 3, None)
    for sol in (game, position):
        assert sol.states > 1
        assert sol.to_dict()["states"] == sol.states


def test_the_state_limit_bounds_the_positions_kept_exactly():
    board = Board.from_text("4x2x3\n????\n?2?2")
    need = solve_position(board).states
    assert solve_position(board, limit=need).states == need
    with pytest.raises(LimitExceeded, match=f"state limit of {need - 1} positions reached"):
        solve_position(board, limit=need - 1)
    # a game's greedy policy keeps its own positions, under the same limit
    need = solve_game(3, 3, 2, "safe", first=(0, 0)).states
    with pytest.raises(LimitExceeded):
        solve_game(3, 3, 2, "safe", first=(0, 0), limit=need - 1)


@pytest.mark.long
def test_a_position_with_hundreds_of_layouts_is_solved_and_each_cell_has_the_oracles_probability():
    board = Board.from_text("4x3x3\n????\n????\n????")  # C(12, 3) = 220 layouts
    sol = solve_position(board)
    assert sol.value == solve_game(4, 3, 3, "unsafe").value
    p = analyze(board).probabilities
    assert len(sol.moves) == 12 and all(mv.mine_probability == p[mv.cell] == F(1, 4) for mv in sol.moves)
    board = Board.from_text("4x2x3\n????\n?2?2")
    p = analyze(board).probabilities
    assert {mv.cell: mv.mine_probability for mv in solve_position(board).moves} == {
        c: p[c] for c in board.hidden()}


def test_an_agent_that_breaks_ties_by_chance_is_one_deterministic_policy():
    from countsweep.play.agents import GreedyAgent
    from countsweep.play.optimal import agent_value

    values = {agent_value(GreedyAgent(), 4, 3, 3, "safe", (0, 0)) for _ in range(4)}
    assert len(values) == 1


def test_optimal_reads_boards_only_and_takes_the_total_from_mines(tmp_path):
    from tests.cli_helpers import run

    payload = tmp_path / "r.json"
    payload.write_text('{"rules": [{"num_mines": 1, "cells": ["a"]}]}')
    refused = run("optimal", str(payload))
    assert refused.exit_code == 3
    assert refused.stderr == (f"countsweep: error: {payload}: a rules payload, not a board: this command reads "
                              "boards (count reads both)\n")
    board = tmp_path / "b.txt"
    board.write_text("3x3\n???\n???\n???\n")
    assert run("optimal", str(board)).exit_code == 2  # no total: optimal play needs one (a usage error)
    out = run("optimal", str(board), "--mines", "1", "--json").json()
    assert (out["mines"], out["optimal"]) == (1, "8/9")  # one mine in nine: only the first click can lose


# ---- the board's own topology, the first clicks no layout allows, and the arguments refused ----------

def test_on_a_three_by_three_torus_every_cell_sees_all_others_and_nothing_is_learnt():
    # every number reads the one mine among the eight others: the seven safe cells are opened blind,
    # and the game is won when the mine is the cell left last
    assert solve_game(3, 3, 1, topology=TORUS).value == F(1, 8)
    assert solve_game(3, 3, 1).value > F(1, 8)  # the square grid's numbers do tell
    assert solve_position(Board.from_text("3x3x1 torus\n1??\n???\n???")).value == F(1, 8)


def test_every_first_click_a_layout_allows_is_valued_after_one_that_none_allows():
    # a star: opening its centre (the first cell) spares every node, so no mine fits; each leaf can be opened
    star = Graph.from_json({"nodes": ["hub", "a", "b", "c", "d"],
                            "edges": [["hub", "a"], ["hub", "b"], ["hub", "c"], ["hub", "d"]]})
    sol = solve_game(5, 1, 1, rule="opening", topology=star)
    assert [m.cell for m in sol.moves] == [(0, 1), (0, 2), (0, 3), (0, 4)]


@pytest.mark.parametrize("call, message", [
    (lambda: solve_game(2.0, 2, 1), r"width, height and mines are whole numbers \(ints\), not \(2\.0, 2, 1\)"),
    (lambda: solve_game(0, 3, 0), r"exact optimal play is for boards of 1 to 30 cells, not 0x3"),
    (lambda: solve_game(3, 0, 0), r"exact optimal play is for boards of 1 to 30 cells, not 3x0"),
    (lambda: solve_game(2, 2, 1, limit=0), r"limit: a number of positions \(an int of 1 or more\) or None, not 0"),
    (lambda: solve_game(2, 2, 1, limit="5"), r"limit: a number of positions \(an int of 1 or more\) or None, "
                                              r"not '5'"),
    (lambda: solve_position(Board.from_text("8x4x3\n" + "\n".join(["????????"] * 4))),
     r"exact optimal play is for boards of at most 30 cells, not 8x4"),
])
def test_optimal_play_refuses_what_it_cannot_solve_and_says_why(call, message):
    with pytest.raises(ParameterError, match=f"^{message}$"):
        call()


def test_a_limit_of_one_position_is_a_limit_not_a_refusal():
    with pytest.raises(LimitExceeded):
        solve_game(3, 3, 2, limit=1)

