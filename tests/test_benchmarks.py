"""Every benchmark and experiment runs end to end on tiny parameters and prints its table."""

from __future__ import annotations

import importlib
import json

import pytest

from countsweep.play.game import Settings
from countsweep.play.runs import fingerprint, run

TINY = {
    "benchmarks.oracle": ["--games", "1", "--backends", "dpll,brute"],
    "benchmarks.scaling": ["--sizes", "5,10", "--timeout", "5"],
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
    "experiments.guessing": ["--boards", "3x3x2", "--workers", "1"],
    "experiments.losses": ["--games", "2", "--workers", "1"],
    "experiments.ceiling": ["--games", "2", "--workers", "1", "--results", "{tmp}"],
    "experiments.first_click": ["{tmp}/records.jsonl"],
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
