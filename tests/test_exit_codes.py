"""Every documented exit code, and every path that writes a file the user may own.

The exit codes are the command line's contract with scripts (docs/cli.md): each
one is produced here by at least one command, with exactly one line on
standard error.  Every option that writes a file refuses to replace an
existing one without ``--force`` (exit 6, the file untouched), replaces it
with ``--force``, and names the path when it cannot write at all (exit 3).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from countsweep.cli.check import NOT_UNIQUE
from countsweep.errors import (
    BoardError,
    CountsweepError,
    InconsistentError,
    InputError,
    LimitExceeded,
    OverwriteRefused,
    ParameterError,
)
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
THESIS = str(ROOT / "examples" / "thesis-4x4.txt")
DOCUMENTED = {0, 2, 3, 4, 5, 6, 7, 130}


def test_the_documented_codes_are_the_error_classes_codes():
    codes = {cls.exit_code for cls in (ParameterError, InputError, BoardError, InconsistentError, LimitExceeded,
                                       OverwriteRefused)}
    assert codes | {0, NOT_UNIQUE, 130} == DOCUMENTED  # 7 is an answer, not an error
    assert CountsweepError.exit_code == 1  # never raised itself
    table = (ROOT / "docs" / "cli.md").read_text().split("## Exit codes")[1]
    assert {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.M)} == DOCUMENTED


CASES = [
    (0, ("count", THESIS), None),
    (2, ("count", THESIS, "--backend", "nope"), None),  # click's own usage error
    (2, ("count",), None),
    (2, ("play", "--size", "2x2x9"), None),  # a parameter outside its domain
    (2, ("optimal", "9x9x3"), None),
    (3, ("count", "no/such/board.txt"), None),
    (3, ("count", "-"), "3x1x1\n?9?\n"),
    (3, ("count", "--dimacs", "-"), "p cnf 1 1\n2 0\n"),
    (4, ("count", "-"), "3x1\n02F\n"),
    (4, ("check", "-"), "3x2\n1?1\n000\n"),
    (4, ("optimal", "-"), "2x1x1\n0?\n"),
    (5, ("count", THESIS, "--timeout", "0"), None),
    (5, ("optimal", "4x4x4", "--limit", "5"), None),
]


@pytest.mark.parametrize(("code", "args", "stdin"), CASES, ids=[f"{c}-{' '.join(a[:2])}" for c, a, _ in CASES])
def test_each_exit_code_comes_with_one_line_on_stderr(code, args, stdin):
    r = run(*args, stdin=stdin)
    assert r.exit_code == code, r.stderr
    if code == 0:
        assert r.stderr == ""
    else:
        assert r.stderr.startswith("countsweep: error: ") and r.stderr.count("\n") == 1, r.stderr


def test_check_unique_answers_with_its_exit_code_and_no_error_line():
    one = run("check", "-", "--unique", stdin="3x1x1\n?10\n")
    assert one.exit_code == 0 and one.stderr == "" and "unique: yes" in one.stdout, one.stdout
    many = run("check", THESIS, "--unique")
    assert many.exit_code == NOT_UNIQUE and many.stderr == "" and "unique: no" in many.stdout, many.stdout


def _write_targets(tmp_path: Path) -> list[tuple[str, tuple[str, ...], list[Path]]]:
    out = tmp_path / "out"
    return [
        ("export", ("export", THESIS, "-o", str(out.with_suffix(".cnf"))), [out.with_suffix(".cnf")]),
        ("export --components", ("export", THESIS, "-o", str(out.with_suffix(".cnf")), "--components"),
         [tmp_path / "out.component0.cnf"]),
        ("count --save-sdd", ("count", THESIS, "--backend", "sdd", "--save-sdd", str(out.with_suffix(".sdd"))),
         [out.with_suffix(".sdd")]),
        ("count --plot", ("count", THESIS, "--plot", str(out.with_suffix(".png"))), [out.with_suffix(".png")]),
    ]


@pytest.mark.parametrize("which", ["export", "export --components", "count --save-sdd", "count --plot"])
def test_no_option_replaces_a_file_without_force(tmp_path, which):
    (_, args, targets) = next(t for t in _write_targets(tmp_path) if t[0] == which)
    for target in targets:
        target.write_text("mine\n")
    r = run(*args)
    assert r.exit_code == 6 and "file exists (use --force to overwrite)" in r.stderr
    assert all(t.read_text() == "mine\n" for t in targets), "the user's file was touched"
    r = run(*args, "--force")
    assert r.exit_code == 0, r.stderr
    assert all(t.read_bytes() != b"mine\n" for t in targets)


@pytest.mark.parametrize("which", ["export", "count --save-sdd", "count --plot"])
def test_an_output_in_a_missing_directory_or_onto_a_directory_is_exit_3_naming_it(tmp_path, which):
    (_, args, targets) = next(t for t in _write_targets(tmp_path) if t[0] == which)
    missing = str(tmp_path / "nodir" / Path(targets[0]).name)
    r = run(*[missing if a == str(targets[0]) else a for a in args], "--force")
    assert r.exit_code == 3 and f"{missing}: directory" in r.stderr and "does not exist" in r.stderr
    onto = tmp_path / "adir"
    onto.mkdir()
    onto_named = onto.with_suffix(Path(targets[0]).suffix)
    onto_named.mkdir()
    r = run(*[str(onto_named) if a == str(targets[0]) else a for a in args], "--force")
    assert r.exit_code == 3 and "is a directory" in r.stderr


@pytest.mark.long
def test_plot_writes_each_format_it_names(tmp_path):
    magic = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}
    for suffix, start in magic.items():
        target = tmp_path / f"p{suffix}"
        r = run("count", THESIS, "--plot", str(target))
        assert r.exit_code == 0 and target.read_bytes().startswith(start), suffix
    r = run("count", THESIS, "--plot", str(tmp_path / "p.jpg"))
    assert r.exit_code == 2 and not (tmp_path / "p.jpg").exists()
