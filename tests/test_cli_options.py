"""Every numeric option of the command line refuses what is not a value of its kind: exit 2, one line
naming the option, before any work.

NaN, infinities, negatives, zero where it means nothing, absurd sizes, words, and an int given as a
float: each option's domain is written in its type (``Seconds``, ``click.IntRange``), and these
tests hold each type to its message.
"""

from __future__ import annotations

import pytest

from countsweep.cli.common import Seconds
from tests.cli_helpers import run

THESIS = "examples/thesis-4x4.txt"

SECONDS = ["nan", "inf", "-inf", "-1", "1e400", "10000001", "ten", ""]


@pytest.mark.parametrize("command", [("count", THESIS), ("check", THESIS)])
@pytest.mark.parametrize("value", SECONDS)
def test_a_time_limit_that_is_not_a_number_of_seconds_is_exit_2_naming_the_option(command, value):
    r = run(*command, "--timeout", value)
    assert r.exit_code == 2, r.stderr
    assert "--timeout" in r.stderr and r.stderr.strip().count("\n") <= 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize(("value", "positive", "says"), [
    ("nan", False, "nan is not a number of seconds from 0 to 10000000"),
    ("inf", False, "inf is not a number of seconds from 0 to 10000000"),
    ("-0.5", False, "-0.5 is not a number of seconds from 0 to 10000000"),
    ("10000000.5", False, "10000000.5 is not a number of seconds from 0 to 10000000"),
    ("0", True, "0 is not a number of seconds above 0 to 10000000"),
    ("ten", False, "'ten' is not a number of seconds"),
])
def test_the_seconds_type_says_why_a_value_is_refused(value, positive, says):
    import click

    with pytest.raises(click.BadParameter) as info:
        Seconds(positive=positive).convert(value, None, None)
    assert info.value.message == says


@pytest.mark.parametrize(("value", "positive", "seconds"), [
    ("0", False, 0.0), ("0.25", True, 0.25), ("10000000", False, 1e7), (3, True, 3.0)])
def test_the_seconds_type_takes_every_finite_number_in_its_range(value, positive, seconds):
    assert Seconds(positive=positive).convert(value, None, None) == seconds


@pytest.mark.parametrize(("args", "option"), [
    (("count", THESIS, "--max-memory", "0"), "--max-memory"),
    (("count", THESIS, "--max-memory", "1e9"), "--max-memory"),
    (("count", THESIS, "--max-memory", "10000000000"), "--max-memory"),
    (("count", THESIS, "--max-cache", "-3"), "--max-cache"),
    (("count", THESIS, "--mines", "-1"), "--mines"),
    (("count", THESIS, "--mines", "two"), "--mines"),
    (("check", THESIS, "--max-memory", "-1"), "--max-memory"),
    (("optimal", "2x2x1", "--limit", "0"), "--limit"),
    (("play", "--games", "0"), "--games"),
    (("play", "--games", "1.5"), "--games"),
    (("play", "--seed", "-1"), "--seed"),
    (("play", "--seed", str(2**63)), "--seed"),
    (("play", "--workers", "0"), "--workers"),
    (("play", "--workers", "257"), "--workers"),
    (("play", "--batch", "0"), "--batch"),
    (("serve", "--port", "-1"), "--port"),
    (("serve", "--port", "65536"), "--port"),
    (("serve", "--workers", "0"), "--workers"),
    (("serve", "--max-body", "0"), "--max-body"),
    (("serve", "--max-body", str(2**30 + 1)), "--max-body"),
    (("serve", "--timeout", "0"), "--timeout"),
])
def test_a_count_or_size_outside_its_range_is_exit_2_naming_the_option(args, option):
    r = run(*args)
    assert r.exit_code == 2, (args, r.stderr)
    assert option in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_the_density_must_be_a_probability_strictly_between_0_and_1(tmp_path):
    board = tmp_path / "untotalled.txt"
    board.write_text("4x4\n1???\n????\n??2?\n????\n")  # no mine total: a prior may stand in for it
    assert run("count", str(board), "--density", "1/5").exit_code == 0
    for value in ("0", "1", "nan", "-0.2", "1.5", "x"):
        r = run("count", str(board), "--density", value)
        assert r.exit_code == 2 and "density" in r.stderr.lower(), (value, r.stderr)


RULES = '{"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["b", "c"]}], "total_cells": 6}'


def test_count_stats_reports_the_searchs_statistics_on_stderr_for_boards_and_rules(tmp_path):
    payload = tmp_path / "rules.json"
    payload.write_text(RULES)
    for args in ((THESIS,), (str(payload),)):
        plain = run("count", *args)
        r = run("count", *args, "--stats")
        assert r.exit_code == 0 and r.stdout == plain.stdout  # the answer is the same
        assert r.stderr.startswith("stats: Stats(decisions=") and "cache_hits=" in r.stderr, r.stderr
        brute = run("count", *args, "--stats", "--backend", "brute")
        assert brute.stderr.strip() == "stats: none for this backend", brute.stderr


def test_a_rules_payload_takes_the_time_limit_and_a_density_prior(tmp_path):
    import json

    payload = tmp_path / "rules.json"
    payload.write_text(RULES)
    stopped = run("count", str(payload), "--timeout", "0")
    assert stopped.exit_code == 5 and "time limit" in stopped.stderr
    prior = json.loads(run("count", str(payload), "--density", "1/2", "--json", "--exact").stdout)
    untotalled = json.loads(run("count", str(payload), "--json", "--exact").stdout)
    assert prior["probabilities"]["_other"] == "1/2" and prior != untotalled
    totalled = tmp_path / "totalled.json"
    totalled.write_text(RULES[:-1] + ', "total_mines": 2}')
    r = run("count", str(totalled), "--density", "1/2")
    assert r.exit_code == 2 and "--density is a prior for rules without a mine total" in r.stderr


def test_count_hands_its_limits_to_a_payloads_count_and_lets_the_kernel_answer_a_board(monkeypatch, tmp_path):
    import importlib

    counting = importlib.import_module("countsweep.cli.count")  # the module, not the command of its name
    seen: dict = {}
    real_rules, real_analyze = counting.analyze_rules, counting.analyze

    def rules_spy(rules, engine, limits):
        seen["rules"] = limits
        return real_rules(rules, engine, limits)

    def analyze_spy(*args, **options):
        seen["implementation"] = options.get("implementation")
        return real_analyze(*args, **options)

    monkeypatch.setattr(counting, "analyze_rules", rules_spy)
    monkeypatch.setattr(counting, "analyze", analyze_spy)
    payload = tmp_path / "r.json"
    payload.write_text('{"rules": [{"num_mines": 1, "cells": ["a", "b"]}]}')
    assert run("count", str(payload), "--timeout", "60").exit_code == 0
    assert seen["rules"].timeout == 60
    assert run("count", THESIS).exit_code == 0
    assert seen["implementation"] == "auto"  # the kernel where it is built: Python only for --stats, --max-cache
    assert run("count", THESIS, "--stats").exit_code == 0
    assert seen["implementation"] == "python"
