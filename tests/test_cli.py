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
