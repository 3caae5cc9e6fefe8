"""Every command's --json output against its published JSON Schema (docs/schemas/).

The schemas forbid keys they do not name and require every key they do, so a
renamed, missing or extra key fails here; each case also checks the values the
schema cannot (the count, the scope, which cells are certain).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = {p.stem: json.loads(p.read_text()) for p in (ROOT / "docs" / "schemas").glob("*.json")}
REGISTRY = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values())
THESIS = str(ROOT / "examples" / "thesis-4x4.txt")


def valid(name: str, document: object) -> object:
    Draft202012Validator(SCHEMAS[name], registry=REGISTRY).validate(document)
    return document


def test_every_schema_is_itself_valid():
    for schema in SCHEMAS.values():
        Draft202012Validator.check_schema(schema)
    assert set(SCHEMAS) == {"count", "count-dimacs", "check", "play", "optimal"}


@pytest.mark.parametrize("backend", ["dpll", "sdd", "brute"])
def test_count_json_with_and_without_exact(backend):
    plain = valid("count", run("count", THESIS, "--json", "--backend", backend).json())
    exact = valid("count", run("count", THESIS, "--json", "--exact", "--backend", backend).json())
    assert "exact" not in plain and exact["exact"][1][1] == "2/5"
    assert plain["count"] == "70" and plain["count_scope"] == "layouts" and plain["backend"] == backend
    assert (plain["frontier"], plain["sea"], plain["components"]) == (10, 4, 1)


def test_count_json_without_a_total_counts_the_frontier():
    out = valid("count", run("count", "-", "--json", "--exact", stdin="3x1\n?1?\n").json())
    assert out["mines"] is None and out["count_scope"] == "frontier" and out["count"] == "2"


def test_count_json_lists_flags_as_one_and_certain_cells():
    out = valid("count", run("count", "-", "--json", stdin="3x2x1\nF1?\n???\n").json())
    assert out["probabilities"][0][:2] == [1.0, None]
    assert out["safe"] == [[0, 2], [1, 0], [1, 1], [1, 2]] and out["mines_certain"] == []


def test_count_json_from_a_saved_sdd(tmp_path):
    saved = tmp_path / "pos.sdd"
    assert run("count", THESIS, "--backend", "sdd", "--save-sdd", str(saved)).exit_code == 0
    out = valid("count", run("count", "--load-sdd", str(saved), "--json", "--exact").json())
    assert out["count"] == "70" and out["backend"] == "sdd"


@pytest.mark.parametrize(
    ("text", "count", "projection", "marginals"),
    [
        ("p cnf 3 2\n1 2 0\n-1 3 0\n", "4", [1, 2, 3], {"1": "2", "2": "3", "3": "3"}),
        ("p cnf 3 1\nc p show 1 2 0\n1 2 0\n", "3", [1, 2], {"1": "2", "2": "2"}),
        ("p cnf 2 2\n1 0\n-1 0\n", "0", [1, 2], {"1": "0", "2": "0"}),
    ],
)
def test_count_dimacs_json(text, count, projection, marginals):
    out = valid("count-dimacs", run("count", "--dimacs", "-", "--json", stdin=text).json())
    assert (out["count"], out["projection"], out["marginals"]) == (count, projection, marginals)
    if count == "0":
        assert set(out["probabilities"].values()) == {None}


def test_check_json_consistent_and_not():
    good = valid("check", run("check", THESIS, "--json").json())
    assert good["consistent"] is True and "reason" not in good
    r = run("check", "-", "--json", stdin="3x2\n1?1\n000\n")
    bad = valid("check", r.json())
    assert r.exit_code == 4 and bad["consistent"] is False and bad["reason"].startswith("<stdin>: ")


def test_play_json_and_its_resumed_count(tmp_path):
    out = tmp_path / "games.jsonl"
    args = ("play", "--size", "4x4x3", "--rule", "unsafe", "--agent", "greedy", "--games", "6", "--json")
    first = valid("play", run(*args, "--out", str(out)).json())
    again = valid("play", run(*args[:-2], "9", "--json", "--out", str(out)).json())
    assert first["games"] == 6 and first["resumed"] == 0 and first["settings"]["rule"] == "unsafe"
    assert again["games"] == 9 and again["resumed"] == 6


def test_optimal_json_for_a_game_and_a_position(tmp_path):
    game = valid("optimal", run("optimal", "3x2x2", "--json").json())
    first = valid("optimal", run("optimal", "3x2x2", "--first", "0,1", "--json").json())
    board = tmp_path / "b.txt"
    board.write_text("4x2x3\n????\n?2?2\n")
    position = valid("optimal", run("optimal", str(board), "--json").json())
    assert game["rule"] == "safe" and [m["cell"] for m in first["moves"]] == [[0, 1]]
    assert position["rule"] is None and (position["optimal"], position["greedy"]) == ("1/3", "2/9")
    # each float is its fraction; the states are the solver's; a move's mine probability is the cell's
    from fractions import Fraction

    from countsweep import Board, analyze
    from countsweep.play.optimal import solve_game, solve_position

    for out in (game, first, position):
        for key in ("optimal", "greedy"):
            assert out[f"{key}_float"] == float(Fraction(out[key]))
    assert game["states"] == solve_game(3, 2, 2, "safe").states
    assert position["states"] == solve_position(Board.from_text(board.read_text())).states
    probs = analyze(Board.from_text(board.read_text())).probabilities
    assert {tuple(m["cell"]): Fraction(m["mine_probability"]) for m in position["moves"]} == {
        c: p for c, p in probs.items() if tuple(c) in {tuple(m["cell"]) for m in position["moves"]}}
    assert all(m["mine_probability"] == "0/1" for m in game["moves"])  # a safe first click


def test_count_json_under_a_noisy_model_reports_the_weight_not_a_count():
    out = valid("count", run("count", "-", "--json", "--exact", "--clues", "under", stdin="3x1\n?1?\n").json())
    # layouts {a}, {c} weigh 1 each; {a, c} has true number 2 and shows 1 with probability 1/2
    assert "count" not in out and out["weight"] == "5/2" and out["clue_model"] == "under"
    assert out["density"] is None and out["exact"][0] == ["3/5", None, "3/5"]


def test_count_json_under_a_density_prior_echoes_the_density():
    out = valid("count", run("count", "-", "--json", "--density", "0.25", stdin="3x1\n?1?\n").json())
    # exactly one of the two cells is a mine: 2 * (1/4)(3/4)
    assert out["weight"] == "3/8" and out["density"] == "1/4" and out["count_scope"] == "layouts"


def test_check_json_echoes_the_clue_model():
    out = valid("check", run("check", "-", "--json", "--clues", "over", stdin="3x1\n?1?\n").json())
    assert out["clue_model"] == "over" and out["consistent"] is True


def test_count_dimacs_json_of_a_weighted_file_reports_the_weight():
    text = "p cnf 2 1\nc t pwmc\nc p weight 1 1/3 0\nc p weight -1 2/3 0\nc p show 1 2 0\n1 2 0\n"
    out = valid("count-dimacs", run("count", "--dimacs", "-", "--json", stdin=text).json())
    # (1,0) weighs 1/3, (0,1) 2/3, (1,1) 1/3
    assert out["weight"] == "4/3" and out["marginals"] == {"1": "2/3", "2": "1/1"}
    assert out["probabilities"] == {"1": 0.5, "2": 0.75}
