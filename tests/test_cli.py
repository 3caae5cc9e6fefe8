"""The command line: outputs, JSON schema, error messages and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
THESIS = str(EXAMPLES / "thesis-4x4.txt")




def test_count_text_output_shows_count_and_grid():
    r = run("count", THESIS)
    assert r.exit_code == 0
    assert "mine layouts: 70" in r.output
    assert " 40 " in r.output and "[2]" in r.output


def test_count_json_schema_and_exact_values():
    r = run("count", THESIS, "--json", "--exact")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["width"] == 4 and out["height"] == 4 and out["mines"] == 3
    assert out["count"] == "70"
    assert out["probabilities"][0][0] is None
    assert out["probabilities"][1][1] == pytest.approx(0.4)
    assert out["exact"][1][1] == "2/5" and out["exact"][0][1] == "3/10"
    assert out["safe"] == [] and out["mines_certain"] == []


def test_flags_are_one_and_certain_cells_listed():
    out = json.loads(run("count", "-", "--json", stdin="3x1x1\nF1?\n").stdout)
    assert out["probabilities"] == [[1.0, None, 0.0]]
    assert out["safe"] == [[0, 2]] and out["mines_certain"] == []


def test_stdin_and_mines_option():
    r = run("count", "-", "--mines", "1", "--json", stdin="3x3\n???\n?1?\n???\n")
    assert json.loads(r.stdout)["count"] == "8"


def test_unknown_total_says_so():
    r = run("count", "-", stdin="3x1\n?1?\n")
    assert r.exit_code == 0
    assert "mine total unknown" in r.output and ": 2" in r.output


@pytest.mark.parametrize("backend", ["dpll", "sdd", "brute"])
def test_backends_selectable(backend):
    r = run("count", THESIS, "--backend", backend, "--json")
    assert json.loads(r.stdout)["count"] == "70"


@pytest.mark.parametrize(
    ("stdin", "code", "message"),
    [
        ("", 3, "<stdin>: no board rows found"),
        (b"\x00\x01\x02binary", 3, "<stdin>: binary data, not text"),
        (b"\xff\xfe??\n", 3, "<stdin>: not UTF-8 text"),
        ("3x1x0\n1?#\n", 3, "line 2, column 3: unexpected character '#'"),
        ("???\n??\n", 3, "line 2: row 1 has 2 cells"),
        ("5x5\n???\n", 3, "header says 5x5 but the grid is 3x1"),
        ("3x1x1\n?4?\n", 3, r"cell [0, 1] (line 2, column 2): number 4 is larger than its 2 neighbours allow"),
        ("3x1x1\nFF?\n", 3, "2 flags but only 1 mines"),
        ("3x1\n02F\n", 4, "cell [0, 1] (line 2, column 2): shows 2 but only 1 flagged and 0 hidden"),
        ("3x1\nF0?\n", 4, "shows 0 but has 1 flagged neighbours"),
        ("3x2\n1?1\n000\n", 4, "no mine layout fits the numbers at cells [0, 0], [0, 2]"),
        ("3x3x3\n???\n?1?\n???\n", 4, "the mine total cannot be met"),
        ("3x1x3\n?1?\n", 4, "3 unflagged mines remain but only 2 hidden cells"),
    ],
)
def test_bad_input_one_line_message_and_exit_code(stdin, code, message):
    r = run("count", "-", stdin=stdin)
    assert r.exit_code == code, r.output
    assert message in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_missing_file(tmp_path):
    r = run("count", str(tmp_path / "nope.txt"))
    assert r.exit_code == 3
    assert "nope.txt: no such file" in r.stderr


def test_directory_is_not_a_board(tmp_path):
    r = run("count", str(tmp_path))
    assert r.exit_code == 3 and "is a directory" in r.stderr


def test_one_by_one_board():
    r = run("count", "-", "--json", stdin="1x1x1\n?\n")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["count"] == "1" and out["mines_certain"] == [[0, 0]]


def test_board_with_no_hidden_cell():
    r = run("count", "-", "--json", stdin="2x1x0\n00\n")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["count"] == "1" and out["probabilities"] == [[None, None]]


def test_usage_error_exit_code():
    assert run("count").exit_code == 2
    assert run("count", THESIS, "--backend", "nope").exit_code == 2


@pytest.mark.long
def test_real_process_exit_codes():
    """The installed entry point, not only click's runner, exits as documented."""
    ok = subprocess.run([sys.executable, "-m", "countsweep", "count", THESIS],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and "70" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "countsweep", "count", "-"],
                         input="3x1\n02F\n", capture_output=True, text=True)
    assert bad.returncode == 4 and bad.stderr.startswith("countsweep: error: <stdin>")


def test_timeout_exit_code_five():
    from countsweep.play.generators import band

    r = run("count", "-", "--timeout", "0", stdin=band(300).to_text())
    assert r.exit_code == 5 and "time limit" in r.stderr


def test_cache_bound_exit_code_five():
    from countsweep.play.generators import band

    r = run("count", "-", "--max-cache", "3", stdin=band(100).to_text())
    assert r.exit_code == 5 and "cache reached its bound of 3" in r.stderr


def test_save_and_load_sdd_from_the_command_line(tmp_path):
    saved = tmp_path / "pos.json"
    first = run("count", THESIS, "--backend", "sdd", "--save-sdd", str(saved), "--json", "--exact")
    assert first.exit_code == 0 and saved.exists()
    again = run("count", "--load-sdd", str(saved), "--json", "--exact")
    assert json.loads(again.stdout)["exact"] == json.loads(first.stdout)["exact"]
    assert run("count", "--load-sdd", str(tmp_path / "none.json")).exit_code == 3
    assert run("count", THESIS, "--save-sdd", str(saved)).exit_code == 2  # needs --backend sdd


def test_a_zero_timeout_stops_with_exit_5_naming_the_limit():
    r = run("count", THESIS, "--timeout", "0")
    assert r.exit_code == 5 and "time limit of 0 s reached" in r.stderr


def test_a_parameter_outside_its_domain_is_one_line_and_exit_2():
    r = run("play", "--size", "3x3x20", "--games", "1")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == ["countsweep: error: 20 mines do not fit a 3x3 board under the 'safe' rule"]


def test_optimal_json_has_one_shape_for_a_game_and_a_position(tmp_path):
    game = json.loads(run("optimal", "2x2x1", "--json").stdout)
    board = tmp_path / "b.txt"
    board.write_text("2x2x1\n?1\n?1\n")
    position = json.loads(run("optimal", str(board), "--json").stdout)
    assert set(game) == set(position)
    assert game["rule"] == "safe" and position["rule"] is None
    assert all(set(mv) == {"cell", "mine_probability", "optimal", "greedy"} for mv in game["moves"] + position["moves"])
    assert all(mv["greedy"] is not None for mv in game["moves"])
    assert all(mv["greedy"] is None for mv in position["moves"])
    assert position["optimal"] == "1/2" and game["optimal"] == "1/3"


def test_a_usage_error_points_to_the_commands_help():
    import re

    stderr = run("count").stderr
    assert re.fullmatch(r"countsweep: error: give exactly one of BOARD, --dimacs FILE or --load-sdd FILE "
                        r"\(see '\S+ count --help'\)\n", stderr)


def test_the_command_line_exits_with_its_code_unless_asked_to_return_it(capsys):
    from countsweep.cli import main

    for args, code in ((["--version"], 0), (["count", THESIS], 0), (["count"], 2), ([], 2)):
        with pytest.raises(SystemExit) as stopped:
            main(args, prog_name="countsweep")
        assert stopped.value.code == code, args
    assert main(["--version"], prog_name="countsweep", standalone_mode=False) == 0
    assert main(["count", THESIS], prog_name="countsweep", standalone_mode=False) is None
    capsys.readouterr()


def test_the_group_alone_shows_its_help_on_standard_error_and_exits_2():
    r = run()
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("Usage: ") and "Commands:" in r.stderr and "error" not in r.stderr


def test_shell_completion_answers_under_the_variable_it_is_given():
    from click.testing import CliRunner

    from countsweep.cli import main

    r = CliRunner().invoke(main, [], prog_name="countsweep", complete_var="_CS_COMPLETE",
                           env={"_CS_COMPLETE": "bash_source"})
    assert r.exit_code == 0 and "_CS_COMPLETE=bash_complete" in r.stdout


def test_stats_go_to_standard_error_and_show_each_backends_own_counters():
    from countsweep.oracle import clear_count_cache

    clear_count_cache()  # a test before this one in the process may have counted the position: no search then
    dpll = run("count", THESIS, "--backend", "dpll", "--stats", "--json")
    assert dpll.json()["count"] == "70"  # standard output stays one JSON object
    # the statistics come from the Python search, which keeps them (the compiled path does not)
    assert dpll.stderr.startswith("stats: Stats(decisions=1, components=1, ")
    assert run("count", THESIS, "--backend", "brute", "--stats").stderr == "stats: none for this backend\n"
    sdd = run("count", THESIS, "--backend", "sdd", "--vtree", "right", "--stats")
    assert sdd.stderr.startswith("stats: SddStats(") and "vtree='right'" in sdd.stderr
    assert "stats" not in run("count", THESIS, "--backend", "dpll").stderr


def _sdd_size(*args: str) -> int:
    import re

    return int(re.search(r"size=(\d+)", run("count", *args, "--backend", "sdd", "--stats").stderr).group(1))


def test_minimize_makes_the_sdd_of_a_beginner_position_smaller(tmp_path):
    board = str(EXAMPLES.parent / "cnf" / "boards" / "beginner-safe-1.txt")
    plain = _sdd_size(board)
    assert _sdd_size(board, "--minimize") < plain
    assert _sdd_size(board, "--minimize", "--save-sdd", str(tmp_path / "s.json")) < plain
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["vtree_kind"] == "frontier"
    run("count", board, "--backend", "sdd", "--vtree", "right", "--save-sdd", str(tmp_path / "r.json"))
    assert json.loads((tmp_path / "r.json").read_text())["vtree_kind"] == "right"
    loaded = run("count", "--load-sdd", str(tmp_path / "r.json"), "--stats")
    assert "vtree='right'" in loaded.stderr


def test_a_weighted_dimacs_file_prints_its_exact_weighted_count(tmp_path):
    cnf = tmp_path / "w.cnf"
    # models of (1 or 2): 1&2 weighs 1/3, 1&-2 weighs 1/3 * 2, -1&2 weighs 1/6: 7/6 in all
    cnf.write_text("p cnf 2 1\nc p weight 1 1/3 0\nc p weight -1 1/6 0\nc p weight -2 2 0\n1 2 0\n")
    r = run("count", "--dimacs", str(cnf))
    assert r.stdout == "weighted models (projected on 2 variables): 7/6 (about 1.16667)\n"
    plain = tmp_path / "p.cnf"
    plain.write_text("p cnf 3 1\nc p show 1 2 0\n1 2 0\n")
    assert run("count", "--dimacs", str(plain)).stdout == "models (projected on 2 variables): 3\n"


@pytest.mark.long
def test_limits_hold_for_dimacs_files_and_the_message_names_the_file():
    cnf = str(EXAMPLES.parent / "cnf" / "band-60.cnf")
    r = run("count", "--dimacs", cnf, "--max-cache", "1")
    assert r.exit_code == 5
    assert r.stderr == f"countsweep: error: {cnf}: component cache reached its bound of 1 entries\n"


def test_mines_given_on_the_command_line_override_the_header():
    r = run("count", "-", "--mines", "2", "--json", stdin="3x3x1\n???\n?1?\n???\n")
    assert r.exit_code == 4 and "2 unflagged mines left" in r.stderr
    assert run("count", "-", "--mines", "0", "--json", stdin="3x1x1\n?0?\n").json()["count"] == "1"


def test_a_broken_saved_position_is_named_in_the_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("garbage")
    r = run("count", "--load-sdd", str(bad))
    assert r.exit_code == 3 and r.stderr.startswith(f"countsweep: error: {bad}: not a compiled position")


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "countsweep.plot", None)  # as if matplotlib were not installed
    r = run("count", THESIS, "--plot", str(tmp_path / "p.png"))
    assert r.exit_code == 2
    assert r.stderr == "countsweep: error: --plot needs matplotlib: pip install 'countsweep[plot]'\n"
    assert not (tmp_path / "p.png").exists()


def test_density_is_refused_beside_a_mine_total_and_outside_0_1():
    r = run("count", THESIS, "--density", "0.2")
    assert r.exit_code == 2
    assert r.stderr == ("countsweep: error: --density is a prior for a board without a mine total; this board has "
                        "one (drop the header's total, or the --density)\n")
    bad = run("count", "-", "--density", "2", stdin="3x1\n?1?\n")
    assert bad.exit_code == 2 and bad.stderr.startswith("countsweep: error: --density")


def _frac(text: str):
    from fractions import Fraction

    return Fraction(text)


@pytest.mark.parametrize("size, topology, first", [
    ("3x3x2", "torus", (1, 1)),
    ("3x3x2", "hex", (0, 0)),
    ("4x2x2", "neighbourhood knight", (0, 0)),
    ("2x2x2x2", "square", (0, 1)),  # a 3D size: two layers of 2x2, every cell sees the other seven
    ("2x2x2x2", "3d", (1, 0)),
])
def test_optimal_solves_a_game_on_any_topology_as_the_reference_does(size, topology, first):
    from fractions import Fraction

    from countsweep.play.game import Settings
    from tests.reference import reference_first_click

    settings = Settings.parse(None, size, "safe", "corner", topology=topology)
    expected = reference_first_click(settings.width, settings.height, settings.mines, "safe", first,
                                     topology=settings.topology_model)
    out = run("optimal", size, "--topology", topology, "--first", f"{first[0]},{first[1]}", "--json").json()
    assert Fraction(out["optimal"]) == expected and out["topology"] == settings.topology
    assert (out["width"], out["height"], out["mines"]) == (settings.width, settings.height, settings.mines)
    best = run("optimal", size, "--topology", topology).stdout.splitlines()[0]
    assert best.startswith(f"{size}, rule safe: optimal ") if topology == "square" and size.count("x") == 2 else \
        best.startswith(f"{settings.size()}, topology {settings.topology}, rule safe: optimal ")


def test_optimal_reads_a_size_it_cannot_deal_as_a_size_and_a_file_named_like_one_as_a_file(tmp_path, monkeypatch):
    # a size the game refuses is refused as a size (exit 2), not looked for as a file
    r = run("optimal", "3x3x20")
    assert r.exit_code == 2 and r.stderr == "countsweep: error: 20 mines do not fit a 3x3 board under the 'safe' rule\n"
    # a file whose name only looks like a size is read as the position it holds
    monkeypatch.chdir(tmp_path)
    (tmp_path / "4x1").write_text("4x1x1\n1???\n")
    assert run("optimal", "4x1", "--json").json()["rule"] is None


def test_optimal_refuses_a_topology_for_a_position_file_whose_header_names_its_own(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("3x1x1 torus\n1??\n")
    r = run("optimal", str(board), "--topology", "hex")
    assert r.exit_code == 2 and r.stderr == ("countsweep: error: --topology is for games (WxHxM): a position file's "
                                             "header names its topology\n")
    assert run("optimal", str(board), "--json").json()["topology"] == "torus"
    assert run("optimal", "3x3x2", "--topology", "cube").exit_code == 2


def test_optimal_prints_a_games_value_and_each_first_click_best_first():
    from countsweep.play.optimal import solve_game

    sol = solve_game(4, 3, 3, "opening", None, None)
    lines = run("optimal", "4x3x3", "--rule", "opening").stdout.splitlines()
    v, g = sol.value, sol.greedy
    assert lines[0] == (f"4x3x3, rule opening: optimal {v.numerator}/{v.denominator} = {float(v):.4%}, "
                        f"greedy {g.numerator}/{g.denominator} = {float(g):.4%}")
    assert lines[1] == "first click      optimal        greedy   (one cell per symmetry class)"
    moves = sorted(sol.moves, key=lambda mv: -mv.optimal)
    assert len(lines) == 3 + len(moves) and len(moves) == 4  # a corner, two edges, a middle
    assert len({mv.optimal for mv in moves}) > 1  # the order is seen
    for line, mv in zip(lines[2:], moves, strict=False):
        assert line == f"  [{mv.cell[0]}, {mv.cell[1]}]  {float(mv.optimal):>12.4%}  {float(mv.greedy):>12.4%}"
    assert lines[-1].startswith(f"{sol.states} positions, ") and lines[-1].endswith(" s")


def test_optimal_prints_a_positions_cells_with_their_mine_probability_and_value(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("3x2x2\n1??\n???\n")
    out = run("optimal", str(board), "--json").json()
    lines = run("optimal", str(board)).stdout.splitlines()
    v = _frac(out["optimal"])
    assert lines[0].startswith(f"optimal {out['optimal']} = {float(v):.4%}, greedy {out['greedy']} = ")
    assert lines[1] == "cell        mine p   value if opened, then optimal"
    moves = sorted(out["moves"], key=lambda mv: -_frac(mv["optimal"]))
    assert len(lines) == 3 + len(moves) == 8
    for line, mv in zip(lines[2:], moves, strict=False):
        p, value = _frac(mv["mine_probability"]), _frac(mv["optimal"])
        assert line == f"  [{mv['cell'][0]}, {mv['cell'][1]}]  {float(p):>8.2%}  {float(value):>10.4%}"
    assert lines[-1].startswith(f"{out['states']} positions, ")


def test_stats_of_a_dimacs_count_are_the_counters(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 4 3\n1 2 0\n-2 3 0\n3 4 0\n")
    r = run("count", "--dimacs", cnf, "--stats")
    assert r.exit_code == 0 and r.stderr.startswith("stats: Stats(decisions=")
    assert run("count", "--dimacs", cnf, "--backend", "brute", "--stats").stderr == "stats: none for this backend\n"


def test_an_end_of_input_a_command_did_not_expect_stops_it_as_interrupted(monkeypatch):
    import importlib

    command = importlib.import_module("countsweep.cli.count")

    def ends(*args, **kwargs):
        raise EOFError

    monkeypatch.setattr(command, "_count", ends)
    r = run("count", THESIS)
    assert (r.exit_code, r.stdout) == (130, "")
    assert r.stderr.endswith("countsweep: interrupted\n")


def test_a_first_click_that_cannot_win_shows_zero_for_both_values():
    lines = run("optimal", "1x1x1", "--rule", "unsafe").stdout.splitlines()
    assert lines[0] == "1x1x1, rule unsafe: optimal 0/1 = 0.0000%, greedy 0/1 = 0.0000%"
    assert lines[2] == "  [0, 0]       0.0000%       0.0000%"
