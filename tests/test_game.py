"""Game engine, agent and the play runner: rules, reproducibility, honesty."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from countsweep.board import HIDDEN, Board
from countsweep.cli import main
from countsweep.errors import ParameterError, ParameterTypeError
from countsweep.intervals import wilson
from countsweep.play.agents import GreedyAgent, Move, play_game
from countsweep.play.game import Game, Settings, first_cell, seed_of
from countsweep.play.runs import play_one, run
from tests.cli_helpers import run as cli


@pytest.mark.parametrize("seed", range(30))
def test_first_click_rules(seed):
    g = Game(9, 9, 10, rule="safe", seed=seed)
    assert g.open((4, 4))
    g = Game(9, 9, 10, rule="opening", seed=seed)
    g.open((0, 0))
    assert g.view()[0, 0] == 0 and g.view()[1, 1] != HIDDEN
    assert len(g.reveal_layout()) == 10


def test_unsafe_rule_layout_fixed_before_first_click():
    g = Game(4, 4, 3, rule="unsafe", seed=5)
    layout = g.reveal_layout()
    assert len(layout) == 3 and g.open(next(iter(layout))) is False and g.lost


def test_safe_rule_is_uniform_over_layouts_avoiding_first_click():
    # 2x2 with 1 mine, first click (0,0): the mine is on each other cell 1/3 of the time
    counts = {}
    for s in range(3000):
        g = Game(2, 2, 1, rule="safe", seed=s)
        g.open((0, 0))
        (mine,) = g.reveal_layout()
        counts[mine] = counts.get(mine, 0) + 1
    assert set(counts) == {(0, 1), (1, 0), (1, 1)}
    for c in counts.values():
        lo, hi = wilson(c, 3000)
        assert lo <= 1 / 3 <= hi


def test_flood_fill_and_win():
    g = Game(3, 3, 0, rule="safe", seed=0)
    g.open((1, 1))
    assert g.won and all(v == 0 for row in g.view().grid for v in row)


def test_seeded_games_reproducible_and_workers_do_not_matter():
    s = Settings(9, 9, 10, "safe", "corner")
    one = list(run(s, "greedy", 3, list(range(40)), workers=1))
    two = list(run(s, "greedy", 3, list(range(40)), workers=2))
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in one]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in two]
    assert play_one(s, "greedy", 3, 7)["won"] == one[7]["won"]


class SealedGame(Game):
    """A game whose layout the player side must never touch."""

    def reveal_layout(self):
        raise AssertionError("the agent read the hidden layout")


def test_agent_plays_from_the_visible_board_only():
    seen_types = set()

    class Spy(GreedyAgent):
        def moves(self, board, rng):
            seen_types.add(type(board).__name__)
            return super().moves(board, rng)

    for seed in range(20):
        play_game(SealedGame(16, 16, 40, rule="safe", seed=seed), Spy(), first=(0, 0), seed=seed)
    assert seen_types == {"Board"}


@pytest.mark.parametrize("seed", range(10))
def test_a_game_resumed_at_its_position_and_layout_plays_on_alike(seed):
    g = Game(9, 9, 12, rule="safe", seed=seed)
    g.open((0, 0))
    agent, rng = GreedyAgent(), random.Random(seed)
    while not g.over:
        board = g.view()
        copy = Game.at(board, g.reveal_layout())
        assert copy.view() == board and not copy.over
        for cell in board.hidden():
            probe = Game.at(board, g.reveal_layout())
            if probe.open(cell):
                assert probe.view()[cell] == sum(n in g.reveal_layout() for n in board.neighbours(cell))
            else:
                assert cell in g.reveal_layout()
        for move in agent.moves(board, rng):
            (g.flag if move.action == "flag" else g.open)(move.cell)
            if g.over:
                break


def test_a_layout_that_disagrees_with_the_board_is_refused():
    from countsweep.board import Board

    b = Board.from_text("4x2x2\n1F??\n????")
    assert Game.at(b, {(0, 1), (1, 3)}).view() == b
    for layout, says in [({(0, 1)}, "1 mines; the board says 2"), ({(1, 0), (1, 3)}, "flagged but safe"),
                         ({(0, 1), (1, 1)}, "shows 1 but has 2 mines"), ({(0, 0), (0, 1)}, "open but a mine"),
                         ({(0, 1), (2, 0)}, r"cell \[2, 0\] of the layout is off the 4x2 board")]:
        with pytest.raises(ValueError, match=says):
            Game.at(b, layout)


def test_greedy_never_guesses_when_a_safe_cell_exists_and_takes_the_lowest():
    from countsweep.board import Board
    from countsweep.oracle import analyze

    b = Board.from_text("6x6x10\n??????\n??1???\n??????\n??2???\n??????\n??????")
    (move,) = GreedyAgent().moves(b, random.Random(0))
    assert move.guess and move.probability == min(analyze(b).probabilities.values())


def test_a_run_on_a_graph_is_not_resumed_on_another_graph_under_the_same_file_name(tmp_path):
    """Each command reads the graph afresh (its own process); the run's records name a digest of it."""
    import subprocess
    import sys

    def play(edges: list) -> subprocess.CompletedProcess:
        (tmp_path / "ring.json").write_text(json.dumps({"nodes": list("abcdefgh"), "edges": edges}))
        return subprocess.run([sys.executable, "-m", "countsweep", "play", "--size", "8x1x2", "--topology",
                               "graph ring.json", "--games", "6", "--out", "runs.jsonl"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)

    ring = [[a, b] for a, b in zip("abcdefgh", "bcdefgha", strict=True)]
    assert play(ring).returncode == 0
    digest = json.loads((tmp_path / "runs.jsonl").read_text().splitlines()[0])["run"]["graph"]
    assert len(digest) == 12
    again = play([list(e) for e in reversed(ring)])  # the same graph written otherwise: the same run
    assert again.returncode == 0 and "6 resumed from runs.jsonl" in again.stdout, again.stderr
    other = play(ring[:-1])  # a path, not a ring
    assert other.returncode == 3 and "records of another run (different graph)" in other.stderr


def test_a_batch_plays_on_the_graph_it_is_given_not_the_one_its_topologys_file_holds(tmp_path, monkeypatch):
    """A cluster's task carries the caller's graph: the worker plays on it, whatever its own disk holds
    under the name (here a path of nine nodes where the caller's graph is a ring)."""
    from countsweep.play.runs import play_batch, play_one
    from countsweep.topology import Graph, parse_topology

    names = [f"n{i}" for i in range(9)]
    (tmp_path / "batch-net.json").write_text(json.dumps({"nodes": names, "edges": [[names[i], names[i + 1]]
                                                                                    for i in range(8)]}))
    monkeypatch.chdir(tmp_path)
    settings = Settings(9, 1, 2, topology="graph batch-net.json")  # reads the path
    ring = Graph.from_json({"nodes": names, "edges": [[names[i], names[(i + 1) % 9]] for i in range(9)]})
    records = play_batch(settings, "greedy", 1, [0, 1, 2], graph=ring)
    assert parse_topology("graph batch-net.json") is ring
    again = [play_one(settings, "greedy", 1, i) for i in (0, 1, 2)]  # on the ring now too
    assert [dict(r, seconds=0) for r in records] == [dict(r, seconds=0) for r in again]


def test_play_cli_json_resume_and_exit_codes(tmp_path):
    out = tmp_path / "runs.jsonl"
    r = CliRunner().invoke(main, ["play", "--level", "beginner", "--games", "30", "--seed", "2",
                                  "--json", "--out", str(out)])
    assert r.exit_code == 0
    full = json.loads(r.stdout)
    for key in ("games", "wins", "win_rate", "ci_low", "ci_high", "guesses_per_game", "seconds",
                "settings"):
        assert key in full
    assert full["games"] == 30 and len(out.read_text().splitlines()) == 30
    # keep the first 12 records, as if interrupted, and resume
    out.write_text("\n".join(out.read_text().splitlines()[:12]) + "\n")
    r = CliRunner().invoke(main, ["play", "--level", "beginner", "--games", "30", "--seed", "2",
                                  "--json", "--out", str(out)])
    resumed = json.loads(r.stdout)
    assert resumed["resumed"] == 12 and resumed["wins"] == full["wins"]
    r = CliRunner().invoke(main, ["play", "--level", "expert", "--games", "3", "--out", str(out)])
    assert r.exit_code == 3 and "records of another run (different height, mines, seed, width)" in r.stderr
    # the same settings played by other code: refused too, naming why
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    for rec in lines:
        rec["run"]["code"] = "0" * 12
    out.write_text("".join(json.dumps(rec) + "\n" for rec in lines))
    r = CliRunner().invoke(main, ["play", "--level", "beginner", "--games", "30", "--seed", "2",
                                  "--out", str(out)])
    assert r.exit_code == 3 and "(different code)" in r.stderr
    r = CliRunner().invoke(main, ["play", "--size", "3x3x9"])
    assert r.exit_code == 2


def test_play_show_prints_guesses():
    r = CliRunner().invoke(main, ["play", "--level", "expert", "--show", "--seed", "4"])
    assert r.exit_code == 0 and "guess [" in r.stdout and ("won" in r.stdout or "lost" in r.stdout)


def test_first_cell_options():
    s = Settings(30, 16, 99, "safe", "center")
    assert first_cell(s, random.Random(0)) == (8, 15)
    assert first_cell(Settings(5, 5, 3, "safe", "2,3"), random.Random(0)) == (2, 3)
    # a first click off the board: test_settings_refuse_a_game_that_cannot_be_dealt_and_say_why, word for word


@pytest.mark.slow
def test_classic_expert_win_rate_is_that_of_exact_greedy_play():
    s = Settings(30, 16, 99, "safe", "corner")
    recs = list(run(s, "greedy", 1, list(range(300)), workers=2))
    lo, _ = wilson(sum(r["won"] for r in recs), len(recs))
    assert lo > 0.28 and sum(r["won"] for r in recs) / 300 > 0.33


@pytest.mark.parametrize(
    ("mines", "first", "thesis", "half_width"),
    [(3, "random", 0.67575, 0.0146), (3, "corner", 0.70150, 0.0142),
     (2, "random", 0.81775, 0.0120), (2, "corner", 0.84750, 0.0112)],
)
@pytest.mark.long
def test_reproduces_the_swedish_thesis_4x4_simulations(mines, first, thesis, half_width):
    """Greedy play on 4x4, first click may be a mine; the thesis ran 4000 games each."""
    s = Settings(4, 4, mines, "unsafe", first)
    recs = list(run(s, "greedy", 7, list(range(4000)), workers=1))
    lo, hi = wilson(sum(r["won"] for r in recs), len(recs))
    assert lo <= thesis + half_width and thesis - half_width <= hi  # the intervals overlap


@pytest.mark.long
@pytest.mark.parametrize("when", ["playing", "starting"])
def test_ctrl_c_prints_the_summary_so_far_and_keeps_every_record(tmp_path, when):
    import os
    import re
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "runs.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "countsweep", "play", "--level", "beginner",
                          "--games", "1000000", "--workers", "2", "--out", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    # "starting": the output file is opened just before the workers start
    enough = 2000 if when == "playing" else 0
    deadline = time.time() + 60
    while (not out.exists() or out.stat().st_size < enough) and time.time() < deadline:
        time.sleep(0.01)
    os.killpg(p.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    stdout, stderr = p.communicate(timeout=60)
    assert p.returncode == 130 and "(interrupted)" in stdout and "Traceback" not in stderr
    written = out.read_text().splitlines()
    assert all(json.loads(line)["game"] == i for i, line in enumerate(written))
    games = int(re.search(r"games (\d+)", stdout).group(1))
    assert games == len(written) and (games > 0 or when == "starting")


def test_a_run_is_identified_by_the_agent_settings_not_only_its_name():
    from countsweep.play.game import Settings
    from countsweep.play.runs import fingerprint

    s = Settings(9, 9, 10, "safe", "corner")
    fp = fingerprint(s, "best", 1)
    assert fp["config"]["class"] == "BestAgent" and "endgame_layouts" in fp["config"]
    assert fp != fingerprint(s, "greedy", 1) and fp == fingerprint(s, "best", 1)
    assert fingerprint(s, "greedy", 1)["config"] != fingerprint(s, "greedy-nototal", 1)["config"]


class Scripted:
    """An agent that makes the moves it is given, turn by turn."""

    name = "scripted"

    def __init__(self, turns):
        self.turns = [list(turn) for turn in turns]

    def moves(self, board, rng):
        return self.turns.pop(0)

    def config(self):
        return {}


def _corridor(rule: str) -> Game:
    # 5x1, one mine at [0, 2]; opening [0, 0] shows 0 and floods to [0, 1], which shows 1
    return Game.at(Board.from_text("5x1x1\n?????"), {(0, 2)}, rule=rule)


@pytest.mark.parametrize(("rule", "first_is_a_guess"), [("unsafe", 1), ("safe", 0), ("opening", 0)])
def test_moves_and_guesses_are_counted_exactly(rule, first_is_a_guess):
    from fractions import Fraction as F

    won = play_game(_corridor(rule), Scripted([
        [Move((0, 2), "flag", F(1), False), Move((0, 3), "open", F(1, 2), True, "lowest")],
        [Move((0, 4), "open", F(0), False)],
    ]), first=(0, 0), seed=0)
    assert (won.won, won.moves, won.guesses) == (True, 4, first_is_a_guess + 1)
    lost = play_game(_corridor(rule), Scripted([[Move((0, 2), "open", F(1, 3), True, "lowest"),
                                                  Move((0, 3), "open", F(0), False)]]), first=(0, 0), seed=0)
    # the move after the fatal one is not made
    assert (lost.won, lost.moves, lost.guesses) == (False, 2, first_is_a_guess + 1)


def test_a_lost_first_click_under_the_unsafe_rule_is_one_move_and_one_guess():
    game = Game.at(Board.from_text("2x1x1\n??"), {(0, 0)}, rule="unsafe")
    rec = play_game(game, Scripted([]), first=(0, 0), seed=0)
    assert (rec.won, rec.moves, rec.guesses) == (False, 1, 1)


def test_play_summary_averages_the_records_guesses():
    out = cli("play", "--size", "4x4x3", "--rule", "unsafe", "--agent", "greedy", "--games", "30", "--seed", "4",
              "--json")
    records = [play_one(Settings(4, 4, 3, "unsafe", "corner"), "greedy", 4, i) for i in range(30)]
    summary = out.json()
    assert summary["wins"] == sum(r["won"] for r in records)
    assert summary["guesses_per_game"] == sum(r["guesses"] for r in records) / 30
    assert all(r["guesses"] >= 1 for r in records)  # the unsafe first click is a guess in every game


def test_seeded_games_replay_as_version_0_1_recorded_them():
    """The same seed deals the same games, for ever: the first games of the greedy reference runs
    (benchmarks/reference/, recorded by version 0.1) play out exactly as recorded."""
    import gzip
    import json
    from pathlib import Path

    reference = Path(__file__).resolve().parent.parent / "benchmarks" / "reference"
    checked = 0
    for name in ("4x4-unsafe-105", "beg-open-104", "exp-greedy-106"):
        with gzip.open(reference / f"{name}.jsonl.gz", "rt") as fh:
            recs = sorted((json.loads(line) for line in fh if line.strip()), key=lambda r: r["game"])[:4]
        run = recs[0]["run"]
        settings = Settings(run["width"], run["height"], run["mines"], run["rule"], run["first"])
        for rec in recs:
            now = play_one(settings, run["agent"], run["seed"], rec["game"])
            assert (now["won"], now["guesses"], now["moves"]) == (rec["won"], rec["guesses"], rec["moves"]), name
            checked += 1
    assert checked == 12


@pytest.mark.parametrize("model", ["exact", "under", "over"])
def test_opening_an_open_cell_again_changes_nothing_not_even_a_noisy_number(model):
    from countsweep.clues import parse_clues

    for seed in range(20):
        game = Game(9, 9, 10, "safe", seed=seed, clues=parse_clues(model))
        game.open((4, 4))
        before = game.view()
        shown = [c for c in before.cells() if before[c] >= 0]
        for cell in shown:
            assert game.open(cell)
        assert game.view() == before
        # the next numbers drawn are those the first game would draw: reopening consumed nothing
        twin = Game(9, 9, 10, "safe", seed=seed, clues=parse_clues(model))
        twin.open((4, 4))
        for cell in [c for c in before.cells() if before[c] == HIDDEN and c not in game.reveal_layout()][:3]:
            assert game.open(cell) == twin.open(cell)
        assert game.view() == twin.view()


def test_a_flagged_safe_cell_that_a_zero_reaches_is_opened():
    game = Game.at(Board.from_text("3x3x1\n???\n???\n???"), {(2, 2)})
    game.flag((0, 2))  # wrongly: it is safe
    assert game.view()[(0, 2)] != HIDDEN
    assert game.open((0, 0))
    assert game.view()[(0, 2)] == 0


def test_a_batch_of_games_is_what_play_records_for_them():
    from countsweep.play.runs import play_batch

    settings = Settings(9, 9, 10, "safe", "corner")
    batch = play_batch(settings, "greedy", 4, [5, 2, 7])
    alone = [play_one(settings, "greedy", 4, i) for i in (5, 2, 7)]
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in batch]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in alone]
    assert [r["game"] for r in batch] == [5, 2, 7]


def test_a_worker_process_leaves_ctrl_c_to_its_parent():
    import signal

    from countsweep.play.runs import _ignore_ctrl_c

    before = signal.getsignal(signal.SIGINT)
    try:
        _ignore_ctrl_c()  # what each worker of a pool runs first
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)



# ---- the settings a game is dealt from: what each takes, what it refuses and how it says so ----------

@pytest.mark.parametrize("args, kwargs, message", [
    ((9, 9, 10), {"rule": "free"}, r"unknown rule 'free'; choose from unsafe, safe, opening"),
    ((9.0, 9, 10), {}, r"width, height and mines are whole numbers \(ints\)"),
    ((0, 9, 0), {}, r"board must have at least one row and one column"),
    ((9, 0, 0), {}, r"board must have at least one row and one column"),
    ((1000, 1001, 10), {}, r"a 1000x1001 board has 1001000 cells; games are dealt on at most 1 000 000"),
    ((3, 3, 9), {}, r"9 mines do not fit a 3x3 board under the 'safe' rule"),
    ((3, 3, 6), {"rule": "opening"}, r"6 mines do not fit a 3x3 board under the 'opening' rule"),
    # a random first click may be anywhere: the most neighbours any cell has are spared (2 in a row, not an end's 1)
    ((4, 1, 2), {"rule": "opening", "first": "random"}, r"2 mines do not fit a 4x1 board under the 'opening' rule"),
    ((5, 5, 3), {"first": "9,9"}, r"first click '9,9' is not corner, center, random or R,C on the board"),
    ((4, 3, 3), {"topology": "3d:2"}, r"a 3d board of 2 layers has a multiple of 2 rows, not 3"),
])
def test_settings_refuse_a_game_that_cannot_be_dealt_and_say_why(args, kwargs, message):
    with pytest.raises(ParameterError, match=f"^{message}$"):
        Settings(*args, **kwargs)


def test_settings_take_every_game_up_to_the_bounds():
    Settings(1, 5, 1)  # one column
    Settings(1000, 1000, 10)  # a million cells
    Settings(3, 3, 9, "unsafe")  # the unsafe rule spares no cell
    Settings(3, 3, 8, "safe")  # the safe rule the first click
    Settings(3, 3, 5, "opening")  # the opening rule the corner and its three neighbours
    Settings(3, 3, 0, "opening", "random")  # a random first click may be anywhere: every neighbourhood is spared


@pytest.mark.parametrize("level, size, topology, expected", [
    (None, None, "square", (30, 16, 99, "square")),  # expert when nothing is said
    ("beginner", None, "square", (9, 9, 10, "square")),
    (None, "12x7x9", "torus", (12, 7, 9, "torus")),
    (None, "4x3x1x2", "square", (4, 3, 2, "3d:1")),  # a 3D size stacks its layers' rows
    (None, " 4X3x2x5 ", "3d:2", (4, 6, 5, "3d:2")),
    (None, "4x3x2x5", "3D", (4, 6, 5, "3d:2")),  # "3d" as a board's header says it: the size's depth
    (None, "4x3x2x5", "3d torus", (4, 6, 5, "torus 3d:2")),
    (None, "4x3x2x5", "torus", (4, 6, 5, "torus 3d:2")),  # a torus's 3D board wraps
])
def test_settings_parse_a_level_or_a_size_on_a_topology(level, size, topology, expected):
    s = Settings.parse(level, size, "safe", "corner", topology=topology)
    assert (s.width, s.height, s.mines, s.topology) == expected


@pytest.mark.parametrize("level, size, topology, message", [
    ("huge", None, "square", r"unknown level 'huge'; choose from beginner, intermediate, expert"),
    (None, "12x7", "square", r"size '12x7' is not WIDTHxHEIGHTxMINES"),  # a game needs its mine total
    (None, "4x3x0x2", "square", r"a 3d board has at least one layer"),
    (None, "4x3xtwox2", "square", r"size '4x3xtwox2' is not WIDTHxHEIGHTxDEPTHxMINES"),
    (None, "4x3x2x1234567890", "square", r"size '4x3x2x1234567890' is not WIDTHxHEIGHTxDEPTHxMINES"),
    (None, "4x3x2x\u0663", "square", "size '4x3x2x\u0663' is not WIDTHxHEIGHTxDEPTHxMINES"),  # an Arabic-Indic 3
    (None, "4x3x2x" + "0" * 50, "square", "size '4x3x2x" + "0" * 34 + "' is not WIDTHxHEIGHTxDEPTHxMINES"),
    (None, "4x3x2x5", "hex", r"a 3d size and topology 'hex': a board has one topology"),
    (None, "4x3x2x5", "3d:7", r"topology '3d:7' has 7 layers and size '4x3x2x5' 2"),  # not one or the other
    ("expert", None, "3d:2", r"a 3d topology takes its size as WIDTHxHEIGHTxDEPTHxMINES \(--size\)"),
])
def test_settings_refuse_a_size_or_level_they_cannot_read(level, size, topology, message):
    with pytest.raises(ParameterError, match=f"^{message}$"):
        Settings.parse(level, size, "safe", "corner", topology=topology)


def test_a_nine_digit_mine_count_is_read_and_then_refused_as_too_many():
    with pytest.raises(ParameterError, match=r"^123456789 mines do not fit a 4x6 board"):
        Settings.parse(None, "4x3x2x123456789", "safe", "corner")


@pytest.mark.parametrize("settings, text", [
    (Settings(9, 9, 10), "9x9x10, rule safe, first click corner"),
    (Settings(9, 9, 10, "opening", "center", "under", "torus"),
     "9x9x10, rule opening, first click center, topology torus, clues under"),
    (Settings(4, 6, 5, topology="3d:2"), "4x3x2x5, rule safe, first click corner, topology 3d:2"),
])
def test_settings_describe_themselves_as_play_prints_them(settings, text):
    assert settings.describe() == text


def test_a_game_refuses_what_is_not_a_cell_of_its_board_or_a_move_after_its_end():
    game = Game(4, 3, 2, seed=1)
    for cell in ((3, 0), (0, 4), (-1, 0), [0, 0]):
        with pytest.raises(ParameterError, match=rf"^cell {re.escape(repr(cell))} is not a \(row, col\) on the 4x3 "
                                                 r"board$"):
            game.open(cell)
    with pytest.raises(ParameterTypeError, match=r"^settings: expected a countsweep.play.game.Settings, not 'x'$"):
        first_cell("x", random.Random(0))
    lost = Game(2, 2, 4, "unsafe", seed=1)
    assert lost.lost is False and not lost.won and not lost.over  # mines only: nothing to win before the click
    assert lost.open((0, 0)) is False and lost.lost and not lost.won
    with pytest.raises(ParameterError, match=r"^the game is over$"):
        lost.open((1, 1))


def test_a_position_resumed_on_a_torus_keeps_its_topology():
    # (3, 3) touches (0, 0) across the corner: on a square grid the 1 would have no mine around it
    board = Board.from_text("4x4x2 torus\n1???\n????\n????\n????")
    game = Game.at(board, {(3, 3), (2, 2)})
    assert game.topology.spec() == "torus" and game.view() == board
    assert game.opened == 1 and game.is_open((0, 0)) and not game.is_open((0, 1))
    with pytest.raises(ParameterError, match=r"^cell \[4, 0\] of the layout is off the 4x4 board$"):
        Game.at(board, {(4, 0), (2, 2)})
    with pytest.raises(ParameterError, match=r"^cell \[0, 4\] of the layout is off the 4x4 board$"):
        Game.at(board, {(0, 4), (2, 2)})
    with pytest.raises(ParameterTypeError, match=r"^layout: expected the mines' cells, \(row, col\) pairs, not 5$"):
        Game.at(board, 5)


def test_a_game_on_a_graph_is_one_row_of_its_nodes(tmp_path):
    ring = tmp_path / "ring.json"
    ring.write_text('{"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"], ["c", "a"]]}')
    assert Settings(3, 1, 1, topology=f"graph {ring}").width == 3
    with pytest.raises(ParameterError, match=r"^a board on a graph of 3 nodes is one row of 3 cells, not 4x1$"):
        Settings(4, 1, 1, topology=f"graph {ring}")
    with pytest.raises(ParameterError, match=r"^a 3d size and topology 'graph .*ring\.json': a board has one "
                                             r"topology$"):
        Settings.parse(None, "4x3x2x5", "safe", "corner", topology=f"graph {ring}")


def test_a_game_resumed_on_a_board_on_a_graph_plays_on_the_boards_graph_not_a_file_named_alike(tmp_path,
                                                                                                   monkeypatch):
    """The board's header names its graph relative to the board's own file; from another directory
    that name finds another file (here a path of three nodes where the board's graph is a triangle)."""
    from countsweep.cli.common import load_position

    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "net.json").write_text('{"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"], '
                                                  '["c", "a"]]}')
    (tmp_path / "boards" / "b.txt").write_text("3x1x1 graph net.json\n1 ? ?\n")
    (tmp_path / "net.json").write_text('{"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}')
    monkeypatch.chdir(tmp_path)
    board = load_position("boards/b.txt")
    game = Game.at(board, {(0, 2)})
    assert game.topology == board.topology and game.topology.neighbours((0, 0), 1, 3) == ((0, 1), (0, 2))
    assert game.open((0, 1)) and game.view().to_text() == "3x1x1 graph net.json\n11?"


@pytest.mark.parametrize("call, error, says", [
    (lambda: seed_of("7"), ParameterTypeError, "seed: a whole number (or None), not '7'"),
    (lambda: seed_of(1.5, "game_seed"), ParameterTypeError, "game_seed: a whole number (or None), not 1.5"),
    (lambda: seed_of(2**3000), ParameterError, "seed: at most 900 digits, not an integer of about 904 digits"),
    (lambda: Settings.parse(9, None, "safe", "corner"), ParameterTypeError,
     "level: text such as 'expert' or None, not 9"),
    (lambda: Settings.parse(None, 9, "safe", "corner"), ParameterTypeError,
     "size: text such as '30x16x99' or None, not 9"),
    (lambda: Game.at(Board.from_text("3x1x1\n1??"), {5}), ParameterError, "cell 5 of the layout is off the 3x1 board"),
])
def test_a_seed_a_level_a_size_or_a_layout_of_another_kind_is_named_in_full(call, error, says):
    with pytest.raises(error) as refused:
        call()
    assert str(refused.value) == says


def test_a_seed_of_3000_bits_deals_a_game_and_one_bit_more_is_refused():
    assert seed_of(2**2999) == 2**2999 and Game(5, 5, 3, seed=2**2999).open((0, 0)) in (True, False)
    with pytest.raises(ParameterError):
        seed_of(2**3000)
