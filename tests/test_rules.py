"""Rules over named cells: minesweepr's payload read as it is, counted exactly, on every door.

Answers are held to an enumeration of every assignment written here (the
named cells and the cells no rule names), on every backend; boards of every
topology written as rules give the board's answer; the exported CNF counts
under Ganak to the same number; malformed payloads are refused naming the
place (exit 3), impossible ones exit 4, and the HTTP API answers what the
command line prints.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.variant_rules import every_two_by_two
from countsweep import InconsistentError, analyze
from countsweep.board import FLAG, HIDDEN
from countsweep.counting import Limits
from countsweep.errors import InputError, LimitExceeded, ParameterError, ParameterTypeError
from countsweep.kernel import KERNEL
from countsweep.rules import MAX_KERNEL_OTHERS, OTHER, RuleSet, analyze_rules
from tests.cli_helpers import run
from tests.reference import reference_around
from tests.strategies import TOPOLOGIES, positions

BACKENDS = (("dpll", "python"), ("dpll", "auto"), ("sdd", "auto"), ("brute", "auto"), ("path", "auto"))
"""Every backend; the dpll backend's counts by both implementations (the kernel takes exact rules)."""


@st.composite
def payloads(draw, max_named: int = 7):
    """A random rule set: exact counts and ranges over a few named cells, maybe unnamed cells, a total or a prior."""
    n = draw(st.integers(1, max_named))
    names = [f"c{i}" for i in range(n)]
    rules = []
    for _ in range(draw(st.integers(0, 5))):
        cells = draw(st.lists(st.sampled_from(names), unique=True, min_size=1, max_size=min(n, 4)))
        if draw(st.booleans()):
            rules.append({"num_mines": draw(st.integers(0, len(cells))), "cells": cells})
        else:
            lo = draw(st.integers(0, len(cells)))
            rules.append({"min_mines": lo, "max_mines": draw(st.integers(lo, len(cells) + 1)), "cells": cells})
    named = sorted({c for r in rules for c in r["cells"]}, key=names.index)
    doc: dict = {"rules": rules}
    kind = draw(st.sampled_from(["total", "prob", "none", "prob+cells"]))
    others = draw(st.integers(0, 3))
    if kind == "total":
        doc["total_cells"] = len(named) + others
        doc["total_mines"] = draw(st.integers(0, len(named) + others))
    elif kind == "prob":
        doc["mine_prob"] = draw(st.sampled_from(["0.2", "0.5", "1/3"]))
    elif kind == "prob+cells":
        doc["mine_prob"] = "0.25"
        doc["total_cells"] = len(named) + others
    elif others:
        doc["total_cells"] = len(named) + others
    return doc


def enumerate_payload(doc: dict) -> tuple[Fraction, dict[str, Fraction]] | None:
    """(count or weight, each named cell's and the others' probability) over every assignment; None: none fits."""
    names: list[str] = []
    for r in doc["rules"]:
        for c in r["cells"]:
            if c not in names:
                names.append(c)
    others = doc.get("total_cells", len(names)) - len(names)
    p = Fraction(doc["mine_prob"]) if "mine_prob" in doc else None
    total = doc.get("total_mines")
    cells = names + [f"{OTHER}{j}" for j in range(others)]
    mass = dict.fromkeys(cells, Fraction(0))
    weight = Fraction(0)
    for bits in product((0, 1), repeat=len(cells)):
        mine = dict(zip(cells, bits, strict=True))
        ok = all(r.get("min_mines", r.get("num_mines", 0)) <= sum(mine[c] for c in r["cells"])
                 <= r.get("max_mines", r.get("num_mines", len(r["cells"]))) for r in doc["rules"])
        if not ok or (total is not None and sum(bits) != total):
            continue
        w = Fraction(1)
        if p is not None:
            w = p ** sum(bits) * (1 - p) ** (len(bits) - sum(bits))
        weight += w
        for c in cells:
            mass[c] += w * mine[c]
    if not weight:
        return None
    probs = {c: mass[c] / weight for c in names}
    if others:
        probs[OTHER] = mass[f"{OTHER}0"] / weight
    elif p is not None and "total_cells" not in doc:
        probs[OTHER] = p  # cells no rule names, not counted but there: under the prior
    if total is None and p is None:
        weight /= 2 ** others  # the named cells' assignments: the others' fillings are not counted
    return weight, probs


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads(), st.sampled_from(BACKENDS))
def test_every_backend_answers_a_rule_set_as_enumeration_does(doc, how):
    backend, implementation = how
    expected = enumerate_payload(doc)
    rules = RuleSet.from_payload(json.loads(json.dumps(doc), parse_float=str))
    if expected is None:
        with pytest.raises(InconsistentError):
            analyze_rules(rules, backend, implementation=implementation)
        return
    weight, probs = expected
    answer = analyze_rules(rules, backend, implementation=implementation)
    assert answer.weight == weight
    got = {name: answer.probability(name) for name in rules.names}
    if answer.other is not None:
        got[OTHER] = answer.other
    assert got == probs



@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
def test_a_rule_sets_answer_past_the_memory_limit_is_refused_saying_both_sizes():
    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b", "c"]},
                                            {"num_mines": 1, "cells": ["c", "d", "e"]}],
                                  "total_cells": 40, "total_mines": 6})
    with pytest.raises(LimitExceeded, match=r"^the exact answer needs about [1-9][\d,]* bytes for its groups' "
                                            r"counts; the limit is 100 bytes \(--max-memory\)$"):
        analyze_rules(rules, limits=Limits(max_memory=100), implementation="kernel")
    counted = analyze_rules(rules, limits=Limits(max_memory=2**20), implementation="kernel")
    assert counted.count == analyze_rules(rules, implementation="python").count


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads())
def test_the_kernel_answers_exact_and_range_rules_field_for_field_as_the_python_implementation(doc):
    rules = RuleSet.from_payload(doc)  # under a total, a density prior (mine_prob) or neither
    try:
        python = analyze_rules(rules, implementation="python")
    except InconsistentError:
        with pytest.raises(InconsistentError):
            analyze_rules(rules, implementation="kernel")
        return
    kernel = analyze_rules(rules, implementation="kernel")
    assert python.analysis.implementation == "python"
    # exact and range rules are the kernel's to count, but for a set with no rule and no named cell (its table
    # would list no cell: the unnamed cells are given to the kernel as a count, unlisted)
    assert kernel.analysis.implementation == ("kernel" if rules.names or rules.rules else "python")
    assert kernel.to_dict(exact=True) == python.to_dict(exact=True)
    k, p = kernel.analysis, python.analysis
    assert (k.count, k.scale, k.probabilities, k.mines_known, k.backend) == (p.count, p.scale, p.probabilities,
                                                                             p.mines_known, p.backend)
    assert (k.weight, k.weighted, k.density) == (p.weight, p.weighted, p.density)
    assert (k.frontier, k.sea, k.components, k.sea_probability) == (p.frontier, p.sea, p.components,
                                                                    p.sea_probability)
    # the groups the questions read: no group for the unnamed cells alone (a level of no cells)
    assert sorted(k.groups) == sorted(p.groups) and all(g.cells for g in k.groups)
    assert (k.levels, k.safe, k.mines_certain) == (p.levels, p.safe, p.mines_certain)


def test_a_rule_sets_json_answer_holds_every_field():
    doc = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["b", "c"]},
                     {"num_mines": 0, "cells": ["d"]}, {"num_mines": 1, "cells": ["e"]}],
           "total_cells": 8, "total_mines": 3}
    for implementation in ("python", "auto"):
        answer = analyze_rules(RuleSet.from_payload(doc), implementation=implementation)
        # e holds a mine and d none; of the 2 left, b and one of the 3 others (3 ways), or a and c (1)
        assert answer.to_dict(exact=True) == {
            "count": "4", "count_scope": "layouts",
            "probabilities": {"a": "1/4", "b": "3/4", "c": "1/4", "d": "0/1", "e": "1/1", "_other": "1/4"},
            "safe": ["d"], "mines_certain": ["e"], "rules": 4, "cells": 5, "others": 3, "components": 3,
            "backend": "dpll"}
        floats = answer.to_dict()
        assert floats["probabilities"]["b"] == 0.75 and floats["count"] == "4"

def rules_of(board) -> dict:
    """A board as minesweepr's board reader writes it: a rule per number, over its hidden and flagged neighbours."""
    name = lambda cell: f"{cell[0]}-{cell[1]}"  # noqa: E731
    rules = []
    for cell in board.numbers():
        around = reference_around(board.topology, cell, board.height, board.width)
        cells = [name(c) for c in sorted(around) if board[c] in (-1, FLAG)]
        if cells:
            rules.append({"num_mines": board[cell], "cells": cells})
    rules += [{"num_mines": 1, "cells": [name(c)]} for c in board.flags()]
    doc: dict = {"rules": rules}
    if board.mines is not None:
        doc["total_cells"] = len(board.hidden()) + len(board.flags())
        doc["total_mines"] = board.mines
    return doc


@settings(max_examples=300, deadline=None)
@given(positions(max_hidden=12, kinds=TOPOLOGIES, total=True))
def test_a_board_of_any_topology_written_as_rules_gets_the_boards_answer(board):
    try:
        a = analyze(board)
    except InconsistentError:
        with pytest.raises(InconsistentError):
            analyze_rules(RuleSet.from_payload(rules_of(board)))
        return
    answer = analyze_rules(RuleSet.from_payload(rules_of(board)))
    for cell, p in a.probabilities.items():
        if f"{cell[0]}-{cell[1]}" in answer.rules.names:
            assert answer.probability(f"{cell[0]}-{cell[1]}") == p
        else:
            assert answer.other == p  # a sea cell: one no rule names


@pytest.mark.parametrize("doc, says", [
    ({"rules": [{"num_mines": 1, "cells": ["a", "a"]}]}, r"rules\[0\]: cell 'a' is named twice"),
    ({"rules": [{"num_mines": 3, "cells": ["a", "b"]}]}, r"rules\[0\]: 3 mines among 2 cells"),
    ({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 1, "total_mines": 1},
     "total_cells is 1 but the rules name 2 cells"),
    ({"rules": [{"num_mines": "1", "cells": ["a"]}]}, r"rules\[0\].num_mines: expected a whole number"),
    ({"rules": [{"num_mines": True, "cells": ["a"]}]}, r"rules\[0\].num_mines: expected a whole number"),
    ({"rules": [{"num_mines": -1, "cells": ["a"]}]}, r"rules\[0\].num_mines: expected a whole number"),
    ({"rules": [{"num_mines": 1.5, "cells": ["a"]}]}, r"rules\[0\].num_mines: expected a whole number"),
    ({"rules": [{"num_mines": 1, "cells": ["a", None]}]}, r"rules\[0\].cells\[1\]: a cell is named"),
    ({"rules": [{"num_mines": 1, "cells": "ab"}]}, r"rules\[0\]: expected an object with \"cells\""),
    ({"rules": [{"cells": ["a"]}]}, r"rules\[0\]: expected \"num_mines\""),
    ({"rules": [{"num_mines": 1, "min_mines": 0, "cells": ["a"]}]}, "not both"),
    ({"rules": [{"min_mines": 2, "max_mines": 1, "cells": ["a", "b"]}]}, "min_mines 2 is above max_mines 1"),
    ({"rules": [], "total_mines": 1, "mine_prob": 0.5}, "not both"),
    ({"rules": [], "mine_prob": 1.5}, "not a probability"),
    ({"rules": [], "mine_prob": "x"}, "expected a number"),
    ({"rules": [], "total_cells": -2}, "total_cells: expected a whole number"),
    ({"rule": []}, "expected an object with \"rules\""),
    ([], "expected an object with \"rules\""),
    # the bad value as JSON, cut at 40 characters
    ({"rules": [{"num_mines": "x" * 60, "cells": ["a"]}]}, r"expected a whole number of mines or cells, not \"x{39}$"),
    ({"rules": [{"num_mines": 1, "cells": [["y" * 50]]}]}, r"named by a string or an integer, not \[\"y{38}$"),
    ({"rules": [], "mine_prob": "z" * 50}, r"mine_prob: expected a number, not \"z{39}$"),
    ({"rules": [], "mine_prob": [0.5]}, r"mine_prob: expected a number, not \[0.5\]$"),
    ({"rules": [], "mine_prob": True}, "mine_prob: expected a number, not true$"),
    ({"rules": [], "mine_prob": 0}, r"0 is not a probability in \(0, 1\)"),
    ({"rules": [], "mine_prob": 1}, r"1 is not a probability in \(0, 1\)"),
    ({"rules": [{"min_mines": "1", "cells": ["a"]}]}, r"rules\[0\].min_mines: expected a whole number"),
    ({"rules": [{"max_mines": -1, "cells": ["a"]}]}, r"rules\[0\].max_mines: expected a whole number"),
    ({"rules": [{"num_mines": 1, "max_mines": 1, "cells": ["a"]}]}, "not both"),
])
def test_a_malformed_payload_is_refused_naming_the_place(doc, says):
    with pytest.raises(InputError, match=says):
        RuleSet.from_payload(doc)


@pytest.mark.parametrize("call, says", [
    (lambda: RuleSet.from_json("{"), r"^payload: not JSON"),
    (lambda: RuleSet.from_json('{"rules": [], "total_cells": -2}'), r"^payload: total_cells: expected a whole number"),
    (lambda: RuleSet.from_payload({"rules": [], "total_cells": -2}), r"^payload: total_cells: expected"),
    (lambda: RuleSet.from_json("{", "rules.json"), r"^rules.json: not JSON"),
    (lambda: RuleSet.from_payload({"rules": [], "total_mines": "3"}, "rules.json"), r"^rules.json: total_mines: "),
])
def test_a_malformed_payload_is_called_payload_unless_its_place_is_given(call, says):
    with pytest.raises(InputError, match=says):
        call()


@pytest.mark.parametrize("rule, bounds", [
    ({"max_mines": 1, "cells": ["a", "b", "c"]}, (0, 1)),  # no min_mines: at least none
    ({"min_mines": 2, "cells": ["a", "b", "c"]}, (2, 3)),  # no max_mines: at most every cell
    ({"min_mines": 1, "max_mines": 2, "cells": ["a", "b", "c"]}, (1, 2)),
])
def test_a_range_rule_missing_a_bound_takes_the_widest(rule, bounds):
    rules = RuleSet.from_payload({"rules": [rule]})
    assert (rules.rules[0].lo, rules.rules[0].hi) == bounds


class Recording:
    """A caller's own backend: the dpll counter, keeping the limits each count was given."""

    name = "recording"

    def __init__(self) -> None:
        self.limits: list = []

    def count(self, formula, limits=None, *, plain=False):
        from countsweep.counting.dpll import DpllCounter

        self.limits.append(limits)
        return DpllCounter().count(formula, limits, plain=plain)


def test_a_callers_own_backend_counts_every_component_under_the_callers_deadline():
    from countsweep.counting import Limits

    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["c"]}],
                                  "total_cells": 4, "total_mines": 2})
    mine = Recording()
    answer = analyze_rules(rules, mine, Limits(timeout=60))
    assert answer.analysis.implementation == "python" and answer.to_dict()["backend"] == "recording"
    assert len(mine.limits) == 2 and all(lim.timeout == 60 and lim.deadline is not None for lim in mine.limits)
    assert answer.to_dict(exact=True)["probabilities"] == analyze_rules(rules).to_dict(exact=True)["probabilities"]


def test_a_rule_sets_count_past_its_deadline_says_where_it_stopped():
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    rules = RuleSet.from_payload({"rules": [{"min_mines": 0, "max_mines": 1, "cells": ["a", "b"]}]})
    with pytest.raises(LimitExceeded, match=r"while counting the components$"):
        analyze_rules(rules, limits=Limits(timeout=1e-9), implementation="python")


def test_a_float_prior_is_read_as_written_not_as_its_binary_double():
    assert RuleSet.from_payload({"rules": [], "mine_prob": 0.1}).mine_prob == Fraction(1, 10)


def test_the_command_line_counts_a_payload_and_prints_minesweeprs_keys(tmp_path):
    doc = {"rules": [{"num_mines": 1, "cells": ["A", "B"]}, {"num_mines": 2, "cells": ["A", "B", "C"]},
                     {"num_mines": 3, "cells": ["B", "C", "D"]}, {"num_mines": 2, "cells": ["C", "D", "E"]},
                     {"num_mines": 2, "cells": ["D", "E", "F", "G", "H"]}, {"num_mines": 1, "cells": ["G", "H", "I"]},
                     {"num_mines": 1, "cells": ["H", "I"]}], "total_cells": 85, "total_mines": 10}
    path = tmp_path / "readme.json"
    path.write_text(json.dumps(doc))
    r = run("count", str(path), "--json", "--exact")
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    # minesweepr's README: B, C, D mines; A, E, G clear; H 92.21%; F, I and the others 7.79%
    assert out["probabilities"] == {"A": "0/1", "B": "1/1", "C": "1/1", "D": "1/1", "E": "0/1", "F": "6/77",
                                    "G": "0/1", "H": "71/77", "I": "6/77", OTHER: "6/77"}
    floats = json.loads(run("count", str(path), "--json").stdout)["probabilities"]
    assert abs(floats["H"] - 0.9220779220779222) < 1e-12
    text = run("count", str(path)).stdout
    assert "_other" in text and "H     92" in text


def test_no_other_key_when_every_cell_is_named(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 2,
                                "total_mines": 1}))
    out = json.loads(run("count", str(path), "--json", "--exact").stdout)
    assert out["probabilities"] == {"a": "1/2", "b": "1/2"} and out["count"] == "2"


@pytest.mark.parametrize("doc, code", [
    ({"rules": [{"num_mines": 1, "cells": ["a"]}, {"num_mines": 0, "cells": ["a"]}]}, 4),
    ({"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 1, "total_mines": 0}, 4),
    ({"rules": [{"num_mines": 1, "cells": ["a", "a"]}]}, 3),
    ({"rules": "x"}, 3),
])
def test_the_exit_codes_of_impossible_and_malformed_payloads(tmp_path, doc, code):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    r = run("count", str(path))
    assert r.exit_code == code and r.stderr.startswith(f"countsweep: error: {path}: ") and r.stderr.count("\n") == 1


# a JSON list is refused as a payload, not read as a board's first row
@pytest.mark.parametrize(("text", "says"), [('{"rules": [', "not JSON"), ("[]", 'expected an object with "rules"')],
                         ids=["not JSON", "a list"])
def test_a_payload_that_is_not_json_or_not_an_object_is_malformed(tmp_path, text, says):
    path = tmp_path / "p.json"
    path.write_text(text)
    r = run("count", str(path))
    assert r.exit_code == 3 and says in r.stderr


def test_the_http_api_answers_what_the_command_line_prints(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from countsweep.serve import create_app

    doc = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"min_mines": 1, "max_mines": 2, "cells": ["b", "c", "d"]}],
           "mine_prob": 0.2}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    cli = json.loads(run("count", str(path), "--json", "--exact").stdout)
    client = TestClient(create_app())
    answer = client.post("/api/rules", content=json.dumps(doc))
    assert answer.status_code == 200 and answer.json() == cli
    marked = client.post("/api/rules", content=b"\xef\xbb\xbf" + json.dumps(doc).encode())
    assert marked.status_code == 200 and marked.json() == cli  # a byte order mark is no payload's start
    assert cli["probabilities"][OTHER] == "1/5"  # 0.2 read exactly, not through a float
    bad = client.post("/api/rules", content='{"rules": [{"num_mines": 2, "cells": ["a"]}]}')
    assert bad.status_code == 400 and bad.json()["error"].startswith("payload: rules[0]")
    none = client.post("/api/rules", content='{"rules": [{"num_mines": 1, "cells": ["a"]}, '
                                             '{"num_mines": 0, "cells": ["a"]}]}')
    assert none.status_code == 422


HAZARDS = [
    # a name JSON can spell that no output can carry: the terminal and the HTTP answer would fail on it
    ('{"rules": [{"num_mines": 1, "cells": ["\\ud800", "b"]}]}', 'rules[0].cells[0]: "\\ud800" holds a lone surrogate'),
    # the answer's key for the unnamed cells, taken by a named one: two meanings, one key
    ('{"rules": [{"num_mines": 1, "cells": ["_other", "b"]}], "total_cells": 4, "total_mines": 2}',
     "a cell is named '_other'"),
    # a binomial over 10**30 cells would never finish
    ('{"rules": [], "total_cells": 1000000000000000000000000000000, "total_mines": 5}',
     "total_cells is 1000000000000000000000000000000; at most 10000000"),
    ('{"rules": ' + "[" * 50_000 + "]" * 50_000 + "}", "not JSON (nested too deeply)"),
    ('{"rules": [{"num_mines": ' + "9" * 800 + ', "cells": ["a"]}]}', "mines among 1 cells"),
]


@pytest.mark.parametrize(("text", "says"), HAZARDS, ids=["surrogate", "other", "huge total", "deep", "huge count"])
def test_a_payload_no_answer_could_carry_is_refused_alike_by_the_command_line_and_http(tmp_path, text, says):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from countsweep.serve import create_app

    path = tmp_path / "p.json"
    path.write_text(text)
    r = run("count", str(path))
    assert r.exit_code == 3 and r.stderr.startswith(f"countsweep: error: {path}: ") and says in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1 and len(r.stderr) < 300  # a message, not the number
    answer = TestClient(create_app()).post("/api/rules", content=text)
    assert answer.status_code == 400 and says in answer.json()["error"]


def test_a_payload_may_name_a_cell_other_when_no_cell_goes_unnamed():
    doc = {"rules": [{"num_mines": 1, "cells": ["_other", "b"]}], "total_cells": 2, "total_mines": 1}
    assert analyze_rules(RuleSet.from_payload(doc)).to_dict(exact=True)["probabilities"] == {"_other": "1/2",
                                                                                             "b": "1/2"}


@pytest.mark.long
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads(max_named=6).filter(lambda d: "mine_prob" not in d))
def test_an_exported_rule_set_counts_under_ganak_to_the_exact_count(doc):
    from countsweep.encode import cnf, dimacs
    from tests.ganak import ganak_count

    expected = enumerate_payload(doc)
    rules = RuleSet.from_payload(doc)
    try:
        enc = cnf.encode_model(rules.model(), rules.names)
    except InconsistentError:
        assert expected is None
        return
    assert "c p show" in dimacs.render(enc)
    count = ganak_count(enc.num_vars, enc.clauses, enc.projection)
    if expected is None:
        assert count == 0
        return
    weight, _ = expected
    assert count == weight * (2 ** rules.others if rules.total_mines is None else 1)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads().filter(lambda d: "mine_prob" not in d), st.sampled_from(["sat", "auto"]))
def test_a_rule_set_is_unique_exactly_when_one_assignment_fits(doc, method):
    from countsweep.check import check

    names: list[str] = list(dict.fromkeys(c for r in doc["rules"] for c in r["cells"]))
    others = doc.get("total_cells", len(names)) - len(names)
    cells = names + [f"{OTHER}{j}" for j in range(others)]
    total = doc.get("total_mines")
    fits = []
    for bits in product((0, 1), repeat=len(cells)):
        mine = dict(zip(cells, bits, strict=True))
        if total is not None and sum(bits) != total:
            continue
        if all(r.get("min_mines", r.get("num_mines", 0)) <= sum(mine[c] for c in r["cells"])
               <= r.get("max_mines", r.get("num_mines", len(r["cells"]))) for r in doc["rules"]):
            fits.append(bits)
    r = check(RuleSet.from_payload(doc), unique=True, method=method)
    assert r.consistent == bool(fits)
    if fits:
        assert r.unique is (len(fits) == 1)
        if len(fits) > 1:
            a, b = r.witness  # type: ignore[misc]
            assert set(a) != set(b)
            for layout in (a, b):  # each a real layout: the unnamed cells after the named ones
                mine = {cells[c[1]] for c in layout}
                assert tuple(int(c in mine) for c in cells) in fits


@pytest.mark.parametrize(("args", "says"), [
    (("--plot", "p.png"), "a rules payload is counted with exact rules; --clues, --plot and --save-sdd read boards"),
    (("--clues", "under"), "a rules payload is counted with exact rules; --clues, --plot and --save-sdd read boards"),
    (("--save-sdd", "x.sdd", "--backend", "sdd"),
     "a rules payload is counted with exact rules; --clues, --plot and --save-sdd read boards"),
    (("--density", "0.2"), "--density is a prior for rules without a mine total; this payload has one"),
])
def test_count_refuses_a_board_option_on_a_payload_naming_it(tmp_path, args, says):
    payload = tmp_path / "r.json"
    payload.write_text('{"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 3, "total_mines": 1}')
    r = run("count", str(payload), *args)
    assert r.exit_code == 2 and r.stderr.startswith(f"countsweep: error: {says}") and r.stderr.count("\n") == 1


def test_count_takes_a_density_as_a_payloads_prior(tmp_path):
    payload = tmp_path / "r.json"
    payload.write_text('{"rules": [{"num_mines": 1, "cells": ["a", "b"]}]}')
    out = run("count", str(payload), "--density", "0.25", "--json", "--exact").json()
    # one of a, b is a mine: 2 * 1/4 * 3/4, each half the time; a cell no rule names takes the prior
    assert out["weight"] == "3/8" and out["probabilities"] == {"a": "1/2", "b": "1/2", "_other": "1/4"}
    bad = run("count", str(payload), "--density", "1.5")
    assert bad.exit_code == 2 and bad.stderr.startswith("countsweep: error: --density: 1.5 is outside (0, 1)")


def test_count_mines_overrides_a_payloads_total_and_prior_and_errors_name_the_file(tmp_path):
    payload = tmp_path / "r.json"
    payload.write_text('{"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "mine_prob": 0.5}')
    out = run("count", str(payload), "--mines", "1", "--json", "--exact").json()
    assert out["count"] == "2" and "weight" not in out and out["count_scope"] == "layouts"
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": [{"num_mines": 1, "cells": ["a", "a"]}]}')
    r = run("count", str(bad))
    assert r.exit_code == 3 and r.stderr == f"countsweep: error: {bad}: rules[0]: cell 'a' is named twice in one rule\n"


@pytest.mark.parametrize("implementation", ["python", "auto"])
@pytest.mark.parametrize(("doc", "says"), [
    ({"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 2, "total_mines": 3}, "3 mines but only 2 cells"),
    ({"rules": [{"num_mines": 2, "cells": ["a", "b"]}, {"num_mines": 0, "cells": ["b", "c"]}]},
     "no mine layout fits rules 0, 1"),
])
def test_an_inconsistent_rule_set_is_named_alike_by_both_implementations(doc, says, implementation):
    with pytest.raises(InconsistentError) as info:
        analyze_rules(RuleSet.from_payload(doc), implementation=implementation)
    assert str(info.value) == says


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_a_rule_over_no_cell_asking_none_is_met_and_the_rules_after_it_count(implementation):
    doc = {"rules": [{"num_mines": 0, "cells": []}, {"num_mines": 1, "cells": ["a"]}, {"num_mines": 0, "cells": ["b"]}]}
    answer = analyze_rules(RuleSet.from_payload(doc), implementation=implementation)
    assert (answer.probability("a"), answer.probability("b")) == (1, 0)


def test_the_kernel_counts_rules_whose_unnamed_cells_are_as_many_as_their_cells_and_rules():
    # one named cell, one rule, two cells no rule names: 1 + 1 == 2
    answer = analyze_rules(RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a"]}], "total_cells": 3,
                                                 "total_mines": 2}))
    assert answer.analysis.implementation == ("kernel" if KERNEL is not None else "python")
    assert (answer.probability("a"), answer.other) == (1, Fraction(1, 2))


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
def test_the_kernel_stops_counting_exact_rules_at_the_callers_deadline():
    from countsweep import Board
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded
    from tests.reference import KNOT

    # a knotted 3D frontier as rules: counted along a path, which reads the deadline between layers
    rules = RuleSet.from_payload(rules_of(Board.from_text(KNOT)))
    assert analyze_rules(rules).analysis.implementation == "kernel"
    with pytest.raises(LimitExceeded):
        analyze_rules(rules, limits=Limits(timeout=1e-9))


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
def test_a_variant_puzzles_range_rules_are_counted_by_the_kernel_as_by_python():
    rules = RuleSet.from_payload(every_two_by_two(7))  # 16 mines
    kernel, python = analyze_rules(rules, implementation="kernel"), analyze_rules(rules, implementation="python")
    assert kernel.analysis.implementation == "kernel" and kernel.count == python.count == 1148190197
    assert kernel.to_dict(exact=True) == python.to_dict(exact=True)


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
def test_thousands_of_range_rules_over_one_part_are_plain_ranges_to_the_kernel_not_weights():
    # "at most one of these two" for every two of 300 cells within 9 of each other: 2364 ranges, each
    # weighing its sums 1.  Read as weighted, each would add a bit to the part's bound, past the 2080
    # bits the kernel's residues hold, and the kernel would hand the rules to the Python path
    rules = [{"min_mines": 0, "max_mines": 1, "cells": [f"c{i}", f"c{j}"]}
             for i in range(300) for j in range(i + 1, min(300, i + 9))]
    ranges = RuleSet.from_payload({"rules": rules})
    kernel, python = analyze_rules(ranges, implementation="kernel"), analyze_rules(ranges, implementation="python")
    assert kernel.analysis.implementation == "kernel" and kernel.to_dict(exact=True) == python.to_dict(exact=True)


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
def test_the_kernel_stops_counting_range_rules_at_the_callers_deadline():
    from countsweep.counting import Limits
    from countsweep.errors import LimitExceeded

    # 10x10: along the path in about a second (the pure-Python path takes minutes), the deadline read between layers
    rules = RuleSet.from_payload(every_two_by_two(10))  # 33 mines
    with pytest.raises(LimitExceeded):
        analyze_rules(rules, limits=Limits(timeout=0.05), implementation="kernel")


@pytest.mark.parametrize(("doc", "says"), [
    ({"rule": []}, 'payload: expected an object with "rules": a list of {"num_mines": k, "cells": [...]}'),
    ({"rules": [{"num_mines": 1, "cells": ["a", "b", "b"]}]}, "payload: rules[0]: cell 'b' is named twice in one rule"),
    ({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 1},
     "payload: total_cells is 1 but the rules name 2 cells (total_cells counts every covered cell, the named ones "
     "included)"),
    ({"rules": [], "total_mines": "2"}, 'payload: total_mines: expected a whole number of mines or cells, not "2"'),
    # a number with a fraction is no name and no count, read from JSON text or given as a float
    ({"rules": [{"num_mines": 1, "cells": [1.5, "a"]}]},
     "payload: rules[0].cells[0]: a cell is named by a string or an integer, not 1.5"),
    ({"rules": [{"num_mines": 1.0, "cells": ["a"]}]},
     "payload: rules[0].num_mines: expected a whole number of mines or cells, not 1.0"),
    ({"rules": [], "mine_prob": [0.5]}, "payload: mine_prob: expected a number, not [0.5]"),
])
def test_a_malformed_payloads_message_in_full(doc, says):
    with pytest.raises(InputError) as info:
        RuleSet.from_payload(doc)
    assert str(info.value) == says
    with pytest.raises(InputError) as named:
        RuleSet.from_json(json.dumps(doc), "x.json")
    assert str(named.value) == "x.json" + says.removeprefix("payload")


def test_a_payloads_numbers_are_read_as_written_to_the_last_digit():
    rules = RuleSet.from_json('{"rules": [], "mine_prob": 0.123456789012345678901}')
    assert rules.mine_prob == Fraction("0.123456789012345678901")


def test_an_answer_names_what_it_counted_and_refuses_a_cell_it_never_saw():
    answer = analyze_rules(RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}]}))
    assert answer.to_dict()["count_scope"] == "frontier"  # no total, no prior: assignments of the named cells
    with pytest.raises(ParameterError, match=r"^cell 'zz' is named by no rule$"):
        answer.probability("zz")


def test_a_callers_backend_named_as_one_of_ours_is_still_the_callers_and_never_the_kernels():
    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}]})
    mine = Recording()
    mine.name = "dpll"
    answer = analyze_rules(rules, mine)
    assert answer.analysis.implementation == "python" and len(mine.limits) == 1
    with pytest.raises(ParameterError, match="not 'custom'"):
        analyze_rules(rules, Recording(), implementation="kernel")


def test_the_combination_of_a_rule_sets_components_keeps_the_callers_limits(monkeypatch):
    import countsweep.rules as rules_module
    from countsweep.counting import Limits

    seen = []
    real = rules_module.combine

    def spy(*args, **options):
        seen.append(options["limits"])
        return real(*args, **options)

    monkeypatch.setattr(rules_module, "combine", spy)
    ranged = RuleSet.from_payload({"rules": [{"min_mines": 0, "max_mines": 1, "cells": ["a", "b"]}]})
    analyze_rules(ranged, limits=Limits(timeout=60), implementation="python")
    assert [lim.timeout for lim in seen] == [60]


def test_a_payload_naming_more_cells_than_the_limit_is_refused_at_the_limit(monkeypatch):
    import countsweep.rules as rules_module

    monkeypatch.setattr(rules_module, "MAX_CELLS", 3)  # ten million in truth: too many to build here
    assert len(RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b", "c"]}]}).names) == 3
    with pytest.raises(InputError) as info:
        RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b", "c", "d"]}]})
    assert str(info.value) == "payload: 4 named cells; at most 3"


@pytest.mark.parametrize("implementation", ["python", "auto"])
def test_a_total_as_large_as_the_cells_makes_every_cell_a_mine(implementation):
    doc = {"rules": [{"num_mines": 1, "cells": ["a"]}, {"num_mines": 2, "cells": ["a", "b"]}], "total_cells": 4,
           "total_mines": 4}
    answer = analyze_rules(RuleSet.from_payload(doc), implementation=implementation)
    assert answer.analysis.count == 1 and answer.analysis.frontier == ((0, 0), (0, 1))
    assert (answer.probability("a"), answer.probability("b"), answer.other) == (1, 1, 1)


def test_a_model_of_rules_holds_no_unnamed_cells_unless_told_and_no_total_above_its_cells():
    from countsweep.constraints import Constraints, Equation

    rule = Equation(((0, 0), (0, 1)), 1, (-1, 0))
    model = Constraints.of_rules(2, (rule,), 1)
    assert model.others == 0 and model.hidden == ((0, 0), (0, 1)) and model.sea == ()
    with pytest.raises(InconsistentError, match=r"^5 mines but only 3 cells$"):
        Constraints.of_rules(2, (rule,), 5, 1)


def test_a_total_of_exactly_the_most_cells_allowed_is_taken_and_one_more_refused():
    from countsweep.rules import MAX_CELLS

    rule = {"num_mines": 1, "cells": ["a", "b"]}
    assert RuleSet.from_payload({"rules": [rule], "total_cells": MAX_CELLS, "total_mines": 1}).total_cells == MAX_CELLS
    with pytest.raises(InputError, match=f"total_cells is {MAX_CELLS + 1}; at most {MAX_CELLS}"):
        RuleSet.from_payload({"rules": [rule], "total_cells": MAX_CELLS + 1, "total_mines": 1})


def test_a_long_name_with_a_lone_surrogate_is_shown_cut_to_forty_characters():
    name = "\ud800" + "x" * 60
    with pytest.raises(InputError) as info:
        RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [name]}]})
    assert str(info.value) == f"payload: rules[0].cells[0]: {json.dumps(name)[:40]} holds a lone surrogate, not text " \
                              "any output could carry"


@pytest.mark.parametrize("others, mines", [(MAX_KERNEL_OTHERS + 1, 1), (200_000, 40_000), (200_000, 200_001)])
def test_a_sea_past_the_kernels_is_counted_in_closed_form(others, mines):
    """One rule of one mine among three cells, and the others: 3 C(others, mines - 1) layouts, and
    each other cell a mine in (mines - 1) / others of them (the Python path: past MAX_KERNEL_OTHERS)."""
    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b", "c"]}],
                                  "total_cells": others + 3, "total_mines": mines})
    answer = analyze_rules(rules)
    assert answer.analysis.implementation == "python"
    assert answer.count == 3 * math.comb(others, mines - 1)
    assert answer.probability("a") == Fraction(1, 3)
    assert answer.other == Fraction(mines - 1, others)


@settings(max_examples=300)
@given(st.integers(0, 60), st.integers(0, 80), st.integers(0, 30))
def test_the_seas_ways_are_its_binomials(sea, left, top):
    from countsweep.oracle import _sea_ways

    assert _sea_ways(sea, left, top) == [math.comb(sea, left - j) if 0 <= left - j <= sea else 0
                                         for j in range(top + 1)]


@pytest.mark.parametrize("cell, shown_as", [
    # a Python payload's values as a message shows them: JSON where they are JSON, repr where not,
    # cut at 40 characters, each part of a list or an object cut where the whole is
    ([set(range(30))], "[{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1..."),
    ({(1, 2): 0}, "{(1, 2): 0}"),
    ({("k" * 50,): 1}, "{('kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk.."),
    ([{("k" * 50,): 1}], "[{('kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk.."),  # a key cut where its object is
])
def test_a_cell_named_by_what_json_cannot_write_is_shown_as_python_writes_it(cell, shown_as):
    with pytest.raises(InputError) as refused:
        RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [cell]}]})
    says = "payload: rules[0].cells[0]: a cell is named by a string or an integer, not "
    assert str(refused.value) == says + shown_as


@pytest.mark.parametrize("count, shown_as", [
    (-2**255, "-578960446186580977117854925043439539266"),  # 256 bits: its digits, cut at 40
    (-2**256, "minus an integer of about 78 digits"),  # past 256 bits: described
])
def test_a_huge_count_is_shown_by_its_digits_or_described(count, shown_as):
    with pytest.raises(InputError) as refused:
        RuleSet.from_payload({"rules": [{"num_mines": count, "cells": ["a"]}]})
    says = "payload: rules[0].num_mines: expected a whole number of mines or cells, not "
    assert str(refused.value) == says + shown_as


def test_a_cell_numbered_past_900_digits_is_refused_and_one_of_3000_bits_is_a_name():
    assert RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [2**2999]}]}).names == (str(2**2999),)
    with pytest.raises(InputError) as refused:
        RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [2**3000]}]})
    assert str(refused.value) == ("payload: rules[0].cells[0]: a cell's number has at most 900 digits, not an integer "
                                  "of about 904 digits")


def test_a_rule_set_of_another_kind_is_named_in_the_message_cut_at_60_characters():
    with pytest.raises(ParameterTypeError) as refused:
        analyze_rules("x" * 100)
    assert str(refused.value) == f"rules: expected a RuleSet (RuleSet.from_payload(doc)), not '{'x' * 56}..."


def _drawn(board) -> str:
    """``board`` drawn as minesweepr's board payload draws it: ``x`` covered, ``*`` a known mine, ``.`` an
    opened empty cell, a digit an opened number."""
    chars = {HIDDEN: "x", FLAG: "*", 0: "."}
    return "\n".join("".join(chars.get(v, str(v)) for v in row) for row in board.grid)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_hidden=10, total=True, perturb=True))
def test_a_drawn_boards_payload_gets_the_boards_answer_for_every_cell_by_minesweeprs_name(board):
    rows = len(str(board.height)), len(str(board.width))
    try:
        expected = analyze(board)
    except InconsistentError:
        with pytest.raises(InconsistentError):
            analyze_rules(RuleSet.from_payload({"board": _drawn(board), "total_mines": board.mines}))
        return
    rs = RuleSet.from_payload({"board": _drawn(board), "total_mines": board.mines})
    answer = analyze_rules(rs)
    assert answer.count == expected.count and rs.total_cells == board.width * board.height
    for r in range(board.height):
        for c in range(board.width):
            name = f"{r + 1:0{rows[0]}d}-{c + 1:0{rows[1]}d}"
            shown = board.grid[r][c]
            if shown == HIDDEN:
                # a covered cell no number sees is one of the others, named or not
                p = answer.probability(name) if name in rs.names else answer.other
                assert p == expected.probability((r, c)), (name, _drawn(board))
            else:  # opened cells are clear and known mines mines, as rules of minesweepr's reader say
                assert answer.probability(name) == (1 if shown == FLAG else 0)


def test_a_drawn_board_becomes_the_rules_minesweeprs_reader_writes_with_everything_in():
    # two 1s over two covered cells, empty cells beside two covered ones, a known mine none of them sees
    rs = RuleSet.from_payload({"board": "x1.x*\nx1.xx", "total_mines": 3})
    rules = sorted((rule.lo, tuple(rs.names[c] for c in rule.cells)) for rule in rs.rules)
    assert rules == [(0, ("1-2", "1-3", "2-2", "2-3")),  # the opened cells
                     (0, ("1-4", "2-4")),  # beside an empty cell, not opened
                     (1, ("1-1", "2-1")), (1, ("1-1", "2-1")),  # each 1 over its covered cells
                     (1, ("1-5",))]  # the known mines
    assert rs.total_cells == 10 and rs.others == 1 and rs.total_mines == 3
    answer = analyze_rules(rs)
    assert answer.probability("1-1") == Fraction(1, 2) and answer.other == 1  # the third mine's one place: 2-5


def test_a_drawn_board_of_ten_rows_pads_its_row_numbers():
    rs = RuleSet.from_payload({"board": "\n".join(["xx"] * 9 + ["1x"]), "total_mines": 1})
    assert "10-1" in rs.names and "01-1" not in rs.names  # covered cells no number sees are the others
    assert rs.names == ("09-1", "09-2", "10-1", "10-2") and rs.others == 16


@pytest.mark.parametrize("doc, code, says", [
    ({"board": "1x\n1", "total_mines": 1}, 3, "board: row 2 has 1 cells, row 1 2"),
    ({"board": "1X", "total_mines": 1}, 3, "board: row 1: 'X' is not one of . * x 0-9"),
    ({"board": ["1x"], "total_mines": 1}, 3, 'board: expected the board drawn in characters, not ["1x"]'),
    ({"board": "1x"}, 3, 'a board needs "total_mines"'),
    ({"board": "1x", "total_mines": -1}, 3, "total_mines: expected a whole number"),
    ({"board": "3x", "total_mines": 1}, 4, "the 3 at 1-1 asks for more mines than the 1 covered or mined cells"),
    ({"board": "1x", "total_mines": 0}, 4, ""),
])
def test_a_malformed_or_impossible_drawn_board_exits_3_or_4_naming_the_place(tmp_path, doc, code, says):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    r = run("count", str(path), "--json", "--exact")
    assert r.exit_code == code and r.stderr.startswith(f"countsweep: error: {path}: ") and says in r.stderr, r.stderr


def test_keys_no_payload_has_are_named_on_standard_error_and_in_the_answer(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"rules": [{"num_mines": 1, "cells": ["a", "b"], "num_mine": 2}], "total_cells": 3,
                                "total_mine": 1}))
    r = run("count", str(path), "--json", "--exact")
    assert r.exit_code == 0
    note = f"countsweep: note: {path}: ignored total_mine, rules[0].num_mine (not a key of a rules payload)"
    assert r.stderr == note + "\n"
    out = json.loads(r.stdout)
    assert out["ignored"] == ["total_mine", "rules[0].num_mine"] and out["count_scope"] == "frontier"
    path.write_text(json.dumps({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 3, "total_mines": 1}))
    r = run("count", str(path), "--json", "--exact")
    assert r.stderr == "" and "ignored" not in json.loads(r.stdout)


def test_the_http_api_answers_a_drawn_board_as_the_command_line_does(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from countsweep.serve import create_app

    doc = {"board": "..1x\n..1x\n..11", "total_mines": 1, "comment": "the lower 1 places the mine"}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    cli = json.loads(run("count", str(path), "--json", "--exact").stdout)
    answer = TestClient(create_app()).post("/api/rules", content=json.dumps(doc))
    assert answer.status_code == 200 and answer.json() == cli
    assert cli["probabilities"]["2-4"] == "1/1" and cli["probabilities"]["1-4"] == "0/1"
    assert cli["ignored"] == ["comment"]


def test_a_payload_with_a_board_and_rules_is_read_as_its_board_as_minesweepr_reads_it():
    rs = RuleSet.from_payload({"board": "1x", "total_mines": 1, "rules": [{"num_mines": 0, "cells": ["1-2"]}]})
    assert analyze_rules(rs).probability("1-2") == 1 and rs.ignored == ("rules",)


@pytest.mark.parametrize("doc, says", [
    ({"board": "1x\n1", "total_mines": 1}, "payload: board: row 2 has 1 cells, row 1 2"),
    ({"board": "1x", "total_mines": "1"}, 'payload: total_mines: expected a whole number of mines or cells, not "1"'),
    ({"board": "x..\n.3.\n...", "total_mines": 1},
     "payload: board: the 3 at 2-2 asks for more mines than the 1 covered or mined cells around it"),
])
def test_a_drawn_boards_message_in_full_names_the_payload_and_the_cell(doc, says):
    with pytest.raises((InputError, InconsistentError)) as info:
        RuleSet.from_board(doc)
    assert str(info.value) == says
    with pytest.raises((InputError, InconsistentError)) as info:
        RuleSet.from_payload(doc, "p.json")
    assert str(info.value) == says.replace("payload", "p.json", 1)


def test_a_drawn_board_of_no_cells_has_one_layout():
    rs = RuleSet.from_payload({"board": " \n ", "total_mines": 0})
    assert rs.names == () and rs.total_cells == 0 and analyze_rules(rs).count == 1


def test_a_drawn_board_of_more_cells_than_the_limit_is_refused_at_the_limit(monkeypatch):
    import countsweep.rules as rules_module

    monkeypatch.setattr(rules_module, "MAX_CELLS", 6)  # ten million in truth: too many to draw here
    assert RuleSet.from_payload({"board": "1x.\n1x.", "total_mines": 1}).total_cells == 6
    with pytest.raises(InputError) as info:
        RuleSet.from_payload({"board": "1x..\n1x..", "total_mines": 1})
    assert str(info.value) == "payload: board: 2 rows of 4 cells; at most 6 cells"


def test_a_python_payloads_keys_of_any_kind_are_named_as_strings():
    rs = RuleSet.from_payload({"rules": [{"num_mines": 0, "cells": ["a"], 7: 1}], (1, 2): 0, "note": ""})
    assert rs.ignored == ("(1, 2)", "note", "rules[0].7")
