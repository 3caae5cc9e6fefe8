"""Every benchmark and experiment runs end to end on tiny parameters and prints its table."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings

from countsweep import Board
from countsweep.play.game import Settings
from countsweep.play.runs import fingerprint, run
from tests.reference import layouts
from tests.strategies import positions

TINY = {
    "benchmarks.oracle": ["--games", "1", "--backends", "dpll,brute", "--repeat", "1"],
    "benchmarks.scaling": ["--sizes", "5,10", "--timeout", "5"],
    "benchmarks.variant_rules": ["--sizes", "4", "5", "--python-limit", "5", "--repeat", "1"],
    "benchmarks.memory": ["--only", "sparse-200"],
    "benchmarks.external": ["--timeout", "5", "--only", "beginner-opening-0"],
    "benchmarks.backends": ["--ganak-timeout", "5", "--corpus", "beginner-opening-0", "--families", ""],
    "benchmarks.card_encodings": ["--games", "1", "--every", "40"],
    "benchmarks.agents": ["--games", "2", "--expert-games", "1", "--workers", "1", "--levels", "beginner",
                          "--timing-games", "1", "--results", "{tmp}"],
    "benchmarks.play": ["--games", "2", "--levels", "beginner"],
    "benchmarks.endgame": ["--games", "2"],
    "benchmarks.optimal": ["--boards", "2x2,2x3", "--max-mines", "2"],
    "benchmarks.peers": ["--games", "1", "--repeat", "1", "--corpus", "beginner-safe-0"],
    "benchmarks.identity": ["--games", "2"],
    "benchmarks.versus": ["HEAD", "--topology", "hex", "--games", "1", "--runs", "1", "--repeat", "1", "--no-build",
                          "--play", "2"],
    "benchmarks.cluster": ["--games", "4", "--fast-games", "40", "--batches", "5"],
    "benchmarks.serve": ["--games", "1", "--seconds", "0.5", "--workers", "1", "--clients", "2"],
    "experiments.guessing": ["--boards", "3x3x2", "--workers", "1"],
    "experiments.losses": ["--games", "2", "--workers", "1"],
    "experiments.ceiling": ["--games", "2", "--workers", "1", "--results", "{tmp}"],
    "experiments.first_click": ["{tmp}/records.jsonl"],
    "experiments.uncertain": ["--games", "3", "--workers", "1", "--densities", "0.10", "--models", "exact,under"],
    "experiments.variants": ["progress_weight=1/1000", "--games", "2"],
}


@pytest.mark.parametrize("name", sorted(TINY))
def test_script_runs_on_tiny_parameters_and_prints_a_table(name, tmp_path, capsys):
    settings = Settings(9, 9, 10, "safe", "corner")
    fp = fingerprint(settings, "greedy", 1)
    (tmp_path / "records.jsonl").write_text(
        "".join(json.dumps({**rec, "run": fp}) + "\n" for rec in run(settings, "greedy", 1, range(4), 1)))
    module = importlib.import_module(name)
    module.main([arg.replace("{tmp}", str(tmp_path)) for arg in TINY[name]])
    out = capsys.readouterr().out
    assert "|---" in out or "---" in out, out  # a table came out


def test_the_paired_sign_test_is_the_exact_two_sided_binomial():
    from benchmarks.peers_play import sign_test

    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    assert sign_test(0, 5) == 2 / 32  # all five discordant games one way
    assert round(sign_test(1799, 1923), 3) == 0.044  # the 20 000 classic games of the peers harness
    assert sign_test(10, 2) == sign_test(2, 10)


def test_a_variant_equal_to_the_default_plays_every_game_alike():
    from experiments.variants import play_pair

    settings = Settings(16, 16, 40, "opening", "3,3")
    for index in range(3):
        _, base, variant, _, _, _ = play_pair((settings, "progress_weight=1/10", 5, index))
        assert base == variant


def test_a_variant_names_a_setting_of_the_best_agent():
    from countsweep.play.agents import BestAgent
    from experiments.peer_rules import VARIANTS
    from experiments.variants import parse_variant

    assert parse_variant("ratio=4/5") == (BestAgent, {"ratio": Fraction(4, 5)})
    assert parse_variant("endgame_layouts=0") == (BestAgent, {"endgame_layouts": 0})
    assert parse_variant("next_value=living") == (BestAgent, {"next_value": "living"})
    assert parse_variant("opened_next_value=none") == (BestAgent, {"opened_next_value": None})
    assert parse_variant("risk_weight=0") == (BestAgent, {"risk_weight": Fraction(0)})
    for name, cls in VARIANTS.items():
        assert parse_variant(name) == (cls, {}) and issubclass(cls, BestAgent)
    for bad in ("ratio", "speed=2", "lving"):
        with pytest.raises(SystemExit, match="SETTING=VALUE"):
            parse_variant(bad)


def test_what_the_first_click_shows_is_its_mines_around_in_the_layout_the_peer_is_given():
    from benchmarks.peers_play import first_shows, layout_line
    from countsweep.topology import SQUARE

    settings = Settings(9, 9, 10, "safe", "corner")
    seen = set()
    for index in range(40):
        _, w, _, _, r, c, mask = layout_line(settings, 4, index).split()
        mines = {divmod(i, int(w)) for i in range(81) if int(mask, 16) >> i & 1}
        around = SQUARE.neighbours((int(r), int(c)), 9, 9)
        assert first_shows(settings, 4, index) == len(mines.intersection(around))
        seen.add(first_shows(settings, 4, index))
    assert len(seen) > 1  # the games asked show more than one number


def test_the_paired_results_split_by_the_first_click_count_each_kind_of_game_apart():
    from benchmarks.peers_play import by_first

    # game: (the peer won, countsweep won)
    paired = {0: (True, False), 1: (False, True), 2: (False, True), 3: (True, True), 4: (False, False)}
    shows = {0: 1, 1: 1, 2: 0, 3: 0, 4: 1, 5: 2}  # game 5 left out of the pairs, as --shows leaves games out
    assert by_first(paired, shows) == [
        [0, 2, "100.00", 0, 1, "+50.00 ± 69.30", "1.000"],  # 1.96 * 100 * sqrt(1 - 1/2) / 2
        [1, 3, "33.33", 1, 1, "+0.00 ± 92.40", "1.000"],
    ]


def test_a_layout_line_is_the_game_play_deals():
    from benchmarks.peers_play import layout_line
    from countsweep.play.runs import deal

    settings = Settings(9, 9, 10, "safe", "corner")
    index, w, h, m, r, c, mask = layout_line(settings, 4, 17).split()
    game, first, _ = deal(settings, 4, 17)
    game.open(first)
    mines = {(i // 9, i % 9) for i in range(81) if int(mask, 16) >> i & 1}
    assert (int(index), int(w), int(h), int(m), (int(r), int(c))) == (17, 9, 9, 10, first)
    assert mines == set(game.reveal_layout()) and len(mines) == 10


def test_divergences_values_the_first_differing_guess_of_a_discordant_game(tmp_path, capsys):
    # a made-up peer that guessed elsewhere at countsweep's first guess and had the other result
    from countsweep import analyze
    from experiments import divergences

    settings = Settings(30, 16, 99, "safe", "corner")
    ours, won = divergences.guesses_of(settings, 1, 0)
    board, mine, _ = ours[0]
    probs = analyze(board).probabilities
    other = next(c for c, p in sorted(probs.items()) if 0 < p < 1 and c != mine)
    traces = tmp_path / "peer.jsonl"
    traces.write_text(json.dumps({"game": 0, "won": not won, "at": [list(other)]}) + "\n")
    out = tmp_path / "divergences.jsonl"
    divergences.main(["--peer-traces", str(traces), "--seed", "1", "--layouts", "3", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "1 games, 1 first divergences valued by 3 paired rollouts" in printed and " all | 1 |" in printed
    row = json.loads(out.read_text())
    assert row["peer"] == list(other) and row["countsweep"] == list(mine) and row["guess"] == 0
    assert row["only"] == ("peer" if not won else "countsweep") and 0 <= row["wins_peer"] <= 3
    assert row["p_peer"] == float(probs[other]) and row["p_countsweep"] == float(probs[mine])
    assert row["peer_cell"] == divergences.peer_cell(board, other, mine)
    assert row["peer_cell"].split(",")[0] == ("sea" if other in analyze(board).sea else "frontier")


def test_replaying_countsweeps_own_guesses_along_the_peer_path_finds_no_divergence():
    from experiments import divergences

    settings = Settings(30, 16, 99, "opening", "3,3")
    for index in range(6):
        ours, won = divergences.guesses_of(settings, 3, index)
        path, replayed = divergences.along_peer(settings, 3, index, [cell for _, cell, _ in ours])
        assert replayed == won
        assert [(board, mine) for board, mine, _, _ in path] == [(board, cell) for board, cell, _ in ours]
        assert all(mine == other for _, mine, _, other in path)


def test_along_the_peer_path_every_differing_guess_is_valued_and_the_per_game_sum_printed(tmp_path, capsys):
    from countsweep import analyze
    from experiments import divergences

    settings = Settings(30, 16, 99, "safe", "corner")
    ours, _ = divergences.guesses_of(settings, 1, 0)
    board, mine, _ = ours[0]
    other = next(c for c, p in sorted(analyze(board).probabilities.items()) if 0 < p < 1 and c != mine)
    traces = tmp_path / "peer.jsonl"
    path, peer_won = divergences.along_peer(settings, 1, 0, [other])
    traces.write_text(json.dumps({"game": 0, "won": peer_won, "at": [list(other)]}) + "\n")
    out = tmp_path / "divergences.jsonl"
    divergences.main(["--peer-traces", str(traces), "--seed", "1", "--layouts", "2", "--along-peer",
                      "--out", str(out)])
    printed = capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(path) == 1 and rows[0]["peer"] == list(other) and rows[0]["countsweep"] == list(mine)
    total = sum(divergences.gain(r) for r in rows)
    assert f"summed per game: {100 * total:+.2f} points" in printed
    assert "1 divergences along the peer's games (of 1 guesses)" in printed


def test_a_variant_equal_to_the_default_traced_and_valued_along_its_games_differs_nowhere(tmp_path, capsys):
    from experiments import divergences, variants

    traces = tmp_path / "variant.jsonl"
    variants.main(["progress_weight=1/10", "--rule", "opening", "--seed", "5", "--games", "3",
                   "--traces", str(traces)])
    lines = [json.loads(line) for line in traces.read_text().splitlines()]
    settings = Settings(30, 16, 99, "opening", "3,3")
    for line in lines:
        ours, won = divergences.guesses_of(settings, 5, line["game"])
        assert line["at"] == [list(cell) for _, cell, _ in ours] and line["won"] == won
    divergences.main(["--peer-traces", str(traces), "--seed", "5", "--rule", "opening", "--along-peer"])
    assert "3 games, 0 divergences along the peer's games" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="file exists"):
        variants.main(["progress_weight=1/10", "--games", "1", "--traces", str(traces)])


def test_a_divergence_says_whether_the_peers_cell_was_a_candidate_and_how_it_scored():
    from countsweep import analyze
    from countsweep.play.agents import BestAgent
    from experiments.divergences import peer_cell

    board = Board.from_text("6x6x10\n??????\n??1???\n??????\n??2???\n??????\n??????")
    agent, a = BestAgent(), analyze(board)
    candidates = agent.candidates(a)
    frontier = [c for c in candidates if c not in a.sea]
    scores = {c: agent.outlook(a, c).score(agent.weight_on(board)) for c in frontier}
    ours = max(frontier, key=scores.__getitem__)
    lower = next(c for c in frontier if scores[c] < scores[ours])
    assert peer_cell(board, lower, ours) == "frontier, scored lower"
    outside = next(c for c in a.frontier if c not in candidates)
    assert peer_cell(board, outside, ours) == "frontier, not a candidate"
    # here the sea is safest (2 mines in 32 cells): one sea cell of each kind is scored
    board = Board.from_text("6x6x3\n1?????\n??????\n??????\n??????\n??????\n??????")
    a = analyze(board)
    sea, candidates = set(a.sea), agent.candidates(a)
    kinds = {agent.sea_kind(board, sea, c) for c in candidates if c in sea}
    same_kind = next(c for c in a.sea if c not in candidates and agent.sea_kind(board, sea, c) in kinds)
    assert peer_cell(board, same_kind, candidates[0]) == "sea, another of its kind scored"
    assert peer_cell(board, (1, 1), candidates[0]) == "frontier, not a candidate"


@settings(max_examples=300, deadline=None)
@given(positions(max_hidden=9, total=True))
def test_a_settled_cell_can_show_only_one_number(board):
    # settled() is a sufficient test of a dead cell: whenever it holds, every layout with the
    # cell safe gives it the same number; and it holds wherever the agent's own test does
    from countsweep import analyze
    from countsweep.errors import InconsistentError
    from experiments.peer_rules import settled

    try:
        a = analyze(board)
    except InconsistentError:
        return
    found, probs = layouts(board), a.probabilities
    flags = set(board.flags())
    for c in probs:
        shown = {sum(n in lay or n in flags for n in board.neighbours(c)) for lay in found if c not in lay}
        if settled(a, c):
            assert len(shown) <= 1, (board.to_text(), c)
        if not any(0 < probs[n] < 1 for n in board.neighbours(c) if n in probs):
            assert settled(a, c)


def test_the_settled_valuation_counts_neither_dead_cells_nor_a_position_without_living_ones_as_won():
    from countsweep import analyze
    from countsweep.play.agents import BestAgent
    from experiments.peer_rules import Settled

    # the certainly safe (0, 3) and (1, 3) see only the 50/50 pair the 1s see: they must show 1
    a = analyze(Board.from_text("4x2x1\n01??\n01??"))
    assert BestAgent().next_safety(a, "living") == 1
    assert Settled().next_safety(a, "living") == Fraction(1, 2)
    # a cell that can still show 0 or 1 counts, as for the agent
    b = analyze(Board.from_text("4x1x1\n???0"))
    assert Settled().next_safety(b, "living") == BestAgent().next_safety(b, "living") == (4 + Fraction(1, 2)) / 5


def _outlook_guesses(agent, games: int):
    """The positions and moves of ``agent``'s guesses by its outlook score in modern expert games 0.. of seed 8."""
    from countsweep.play.agents import play_game
    from countsweep.play.runs import deal

    settings = Settings(30, 16, 99, "opening", "3,3")
    found = []
    for index in range(games):
        game, first, seed = deal(settings, 8, index)
        play_game(game, agent, first=first, seed=seed,
                  trace=lambda board, move: found.append((board, move)) if move.rule == "outlook" else None)
    assert found  # some guesses were made by the score
    return found


def test_the_living_window_scores_living_frontier_cells_near_the_safest_living_one():
    from experiments.peer_rules import LivingWindow, settled

    agent = LivingWindow()
    for board, move in _outlook_guesses(agent, 3):
        a = agent.analysis(board)
        sea = set(a.sea)
        living = [1 - p for c, p in a.probabilities.items() if p < 1 and (c in sea or not settled(a, c))]
        assert move.cell in agent.candidates(a)
        for c in agent.candidates(a):
            if c not in sea:
                assert not settled(a, c) and 1 - a.probabilities[c] >= Fraction(9, 10) * max(living)


@pytest.mark.parametrize("name", ["space", "settled", "influence-only"])
def test_a_peer_rule_that_rescores_or_filters_guesses_only_among_the_default_candidates(name):
    from countsweep.play.agents import BestAgent
    from experiments.peer_rules import VARIANTS

    default = BestAgent()
    for board, move in _outlook_guesses(VARIANTS[name](), 4):
        assert move.cell in default.candidates(default.analysis(board)), board.to_text()


def test_influence_only_scores_a_hotspot_pair_by_its_influence_and_values_no_hotspot():
    from countsweep import Board, analyze
    from countsweep.play.agents import BestAgent
    from experiments.peer_rules import InfluenceOnly

    a = analyze(Board.from_text("4x3x5\n??F1\nF?31\n??10"))  # (1, 1)/(2, 1) a 1/2 pair, (0, 0) its hotspot
    default, plain = BestAgent().risk(a), InfluenceOnly().risk(a)
    assert default is not None and plain is not None
    assert default.hotspots and not plain.hotspots
    assert default.boost((1, 1), Fraction(9, 10)) == 1 < plain.boost((1, 1), Fraction(9, 10))


def _endgame_guess(settings):
    """The first guess countsweep's agent makes by its endgame search in games of seed 1, with
    another cell that may be a mine."""
    from countsweep import analyze
    from experiments import divergences

    for index in range(40):
        for board, mine, rule in divergences.guesses_of(settings, 1, index)[0]:
            others = [c for c, p in sorted(analyze(board).probabilities.items()) if 0 < p < 1 and c != mine]
            if rule == "endgame" and others:
                return board, mine, others
    raise AssertionError("no endgame guess in 40 games")


def test_an_endgame_divergence_is_valued_exactly_and_countsweeps_move_is_never_beaten():
    from countsweep.play.endgame import Endgame
    from experiments import divergences

    board, mine, others = _endgame_guess(Settings(9, 9, 10, "safe", "corner"))
    search = Endgame.of(board, 5000)
    for other in others:
        row = divergences.value(board, mine, "endgame", other, 0, 4, 20000, {}, endgame_layouts=5000)
        assert row is not None and "wins_peer" not in row  # no rollout was needed
        assert (Fraction(row["value_peer"]), Fraction(row["value_countsweep"])) == (
            search.move_value(other), search.move_value(mine))
        assert divergences.gain(row) <= 0  # the exact search's move is optimal: no other is worth more
    rolled = divergences.value(board, mine, "endgame", others[0], 0, 4, 20000, {}, endgame_layouts=0)
    assert rolled is not None and rolled["layouts"] == 4 and "value_peer" not in rolled
    assert divergences.gain(rolled) == (rolled["wins_peer"] - rolled["wins_countsweep"]) / 4


def test_the_rollouts_are_played_by_the_agent_given_and_a_bad_one_is_refused():
    from countsweep.play.agents import BestAgent
    from experiments import divergences

    board, mine, others = _endgame_guess(Settings(9, 9, 10, "safe", "corner"))
    seen = []

    class Watched(BestAgent):
        def moves(self, board, rng):
            seen.append(board)
            return super().moves(board, rng)

    rows = [divergences.value(board, mine, "endgame", others[0], 0, 4, 20000, {}, agent=agent)
            for agent in (None, Watched())]
    assert seen  # the agent given played on after the moves, and played as the default does
    assert rows[0] == rows[1] and rows[0] is not None and rows[0]["layouts"] == 4
    with pytest.raises(SystemExit, match="variant 'sampled_layouts=x': 'x' is not a value of sampled_layouts"):
        divergences.main(["--peer-traces", "/dev/null", "--seed", "1", "--rollout-agent", "sampled_layouts=x"])


def test_a_bare_save_keeps_each_scaling_family_in_its_own_section(tmp_path):
    # a loop over the families with a bare --save once wrote each over the band's section
    from benchmarks import scaling
    from benchmarks.results import load

    saved = tmp_path / "results.json"
    for family in ("band", "corridor"):
        scaling.main(["--family", family, "--sizes", "5", "--no-ganak", "--save", "--results-file", str(saved)])
    sections = load(saved)
    assert sorted(sections) == ["scaling", "scaling-corridor"]
    assert sections["scaling-corridor"].command.endswith("--family corridor --sizes 5 --no-ganak")
    assert set(sections["scaling"].figures) == {"n5_python_s", "n5_python_mb", "n5_analyze_s", "n5_analyze_mb"}


def test_versus_runs_the_other_commit_on_its_own_code_and_without_a_kernel_when_asked(tmp_path):
    import subprocess
    import sys

    from benchmarks.results import ROOT
    from benchmarks.versus import checkout, tree_env

    tree = checkout("HEAD", tmp_path, build=False)
    try:
        probe = "import countsweep, countsweep.kernel as k; print(countsweep.__file__, k.KERNEL is None)"
        done = subprocess.run([sys.executable, "-c", probe], cwd=tree, env=tree_env(tree, pure=True), check=True,
                              capture_output=True, text=True)
        where, pure = done.stdout.split()
        # the scratch tree's own package, not the installed one; and no kernel, not the installed tree's
        assert where == str(tree / "countsweep" / "__init__.py") and pure == "True"
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


def test_versus_refuses_a_commit_git_does_not_know_in_one_line(capsys):
    from benchmarks.versus import main

    with pytest.raises(SystemExit) as stopped:
        main(["no-such-commit-here", "--topology", "hex", "--games", "1"])
    assert str(stopped.value) == "benchmarks.versus: error: git knows no commit 'no-such-commit-here'"
