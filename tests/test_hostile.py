"""Hostile but honest input: never a traceback, only documented exit codes, one line on stderr.

Random bytes, random text, near-valid boards of every topology, rules payloads
and DIMACS files go through the command line (a fuzzer with a fixed budget:
hypothesis); then every case a
reviewer found once, each pinned: counts past Python's 4300-digit print limit,
absurd headers, long chains, free variables, time limits in every phase,
output paths that cannot be written, saved SDDs and play records that are not
what they claim, and two runs writing one file.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
THESIS = ROOT / "examples" / "thesis-4x4.txt"
DOCUMENTED = {0, 2, 3, 4, 5, 6}


def survives(*args: str, stdin: str | bytes | None = None):
    """Runs the command line; any exception but the exit is a failure of this test.  A failure is one
    line, after any notes naming what was left aside (a rules payload's unknown keys)."""
    r = run(*args, stdin=stdin)
    assert r.exit_code in DOCUMENTED, (r.exit_code, r.stderr)
    if r.exit_code:
        said = [line for line in r.stderr.splitlines() if not line.startswith("countsweep: note: ")]
        assert len(said) == 1 and said[0].startswith("countsweep: error: ") and r.stderr.endswith("\n"), r.stderr
    return r


# the fuzzer -------------------------------------------------------------------------------

BOARD_ALPHABET = "?H.F*0123456789x \t\n#-"


@st.composite
def near_boards(draw):
    """A valid board text with a few characters changed, added or dropped."""
    w, h = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = [[draw(st.sampled_from("??????F012345678")) for _ in range(w)] for _ in range(h)]
    header = draw(st.sampled_from([f"{w}x{h}x{draw(st.integers(0, 40))}", f"{w}x{h}", "", f"{h}x{w}x3"]))
    return _damaged(draw, header + "\n" + "\n".join("".join(row) for row in cells) + "\n",
                    draw(st.integers(0, 4)))


def _damaged(draw, text: str, times: int) -> str:
    """``text`` with ``times`` characters dropped, added or changed, each at a place drawn."""
    chars = list(text)
    for _ in range(times):
        i = draw(st.integers(0, len(chars)))
        choice = draw(st.integers(0, 2))
        if choice == 0 and chars:
            chars.pop(min(i, len(chars) - 1))
        elif choice == 1:
            chars.insert(i, draw(st.sampled_from(BOARD_ALPHABET)))
        elif chars:
            chars[min(i, len(chars) - 1)] = draw(st.sampled_from(BOARD_ALPHABET))
    return "".join(chars)


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_random_bytes_as_a_board(data):
    survives("count", "-", stdin=data)


@settings(max_examples=300)
@given(st.text(max_size=120))
def test_random_text_as_a_board(text):
    survives("count", "-", "--json", stdin=text)


@settings(max_examples=600)
@given(near_boards(), st.sampled_from([(), ("--json", "--exact"), ("--backend", "brute"), ("--mines", "3")]))
def test_near_valid_boards_through_count(text, options):
    survives("count", "-", *options, stdin=text)


@settings(max_examples=200)
@given(near_boards())
def test_near_valid_boards_through_check(text):
    survives("check", "-", stdin=text)


@st.composite
def near_dimacs(draw):
    n = draw(st.integers(0, 6))
    lines = [draw(st.sampled_from([f"p cnf {n} 2", f"p cnf {n}", "p dnf 2 1", f"p cnf -{n} 1", "c p show 1 0",
                                   "c ind 9 0", "%", "0", f"{draw(st.integers(-9, 9))} 0", "1 -1 0", "",
                                   "c comment", f"{draw(st.integers(-9, 9))} {draw(st.integers(-9, 9))} 0",
                                   "x 1 0", "p cnf 99999999999999999999 1"]))
             for _ in range(draw(st.integers(0, 7)))]
    return "\n".join(lines)


@settings(max_examples=600)
@given(st.one_of(near_dimacs(), st.text(max_size=80), st.binary(max_size=80).map(lambda b: b.decode("latin-1"))))
def test_near_valid_dimacs(text):
    survives("count", "--dimacs", "-", "--json", stdin=text)


TOPOLOGY_WORDS = {"torus": 8, "hex": 6, "torus hex": 6, "3d": 26, "torus 3d": 26, "neighbourhood knight": 8,
                  "neighborhood cross": 8, "neighbourhood offsets:-1,0;1,0": 2, "neighbourhood offsets:1,1;-1,-1": 2,
                  "neighbourhood offsets:-1000,0;1000,0": 2, "square": 8}
BROKEN_WORDS = ["neighbourhood offsets:0,0", "neighbourhood offsets:", "neighbourhood offsets:1,1",
                "neighbourhood weird", "hex hex", "graph missing.json"]


@st.composite
def near_topology_boards(draw):
    """A board of another topology (its header words before or after the size, numbers past 9 as
    tokens), valid or with its words or a few characters broken."""
    w, h, depth = draw(st.integers(1, 5)), draw(st.integers(1, 4)), draw(st.integers(1, 3))
    words = draw(st.sampled_from(sorted(TOPOLOGY_WORDS)))
    most = TOPOLOGY_WORDS[words]
    solid = "3d" in words
    size = f"{w}x{h}x{depth}x" if solid else f"{w}x{h}x"
    size += str(draw(st.integers(0, w * h * (depth if solid else 1))))
    if draw(st.integers(0, 5)) == 0:
        words = draw(st.sampled_from(BROKEN_WORDS))
    header = draw(st.sampled_from([f"{size} {words}", f"{words} {size}"]))
    gap = " " if most > 9 or draw(st.booleans()) else ""
    # mostly hidden cells and small numbers, so that many boards are consistent and get counted
    shown = ["?"] * 8 + ["F", "0", "1", "1", "2", "3", str(min(most, 12))]
    cells = [gap.join(draw(st.sampled_from(shown)) for _ in range(w)) for _ in range(h * (depth if solid else 1))]
    return _damaged(draw, header + "\n" + "\n".join(cells) + "\n", draw(st.sampled_from([0, 0, 0, 1, 2])))


@settings(max_examples=300)
@given(near_topology_boards(), st.sampled_from([(), ("--json", "--exact"), ("--backend", "brute"),
                                                 ("--backend", "path"), ("--clues", "under"), ("--density", "0.3")]))
def test_near_valid_boards_of_every_topology_through_count(text, options):
    survives("count", "-", *options, stdin=text)


_NAMES = st.sampled_from(["a", "b", "c", "d", "e", 1, 2])
_ODD_NAMES = st.one_of(st.sampled_from(["_other", ""]), st.integers(-2, 2), st.none(), st.booleans(),
                       st.floats(allow_nan=True))
_NUMBERS = st.integers(0, 2)
_ODD_NUMBERS = st.one_of(st.integers(-2, 7), st.none(), st.just(1.5), st.just("2"), st.just(True), st.just(10**20))


def _sometimes(draw, usual, odd):
    return draw(odd if draw(st.integers(0, 7)) == 0 else usual)


@st.composite
def near_rules(draw):
    """A rules payload, mostly well formed: rules of named cells with counts or bounds, a total or a
    density or neither (minesweepr's ``"board"`` form among them); now and then a field of the
    wrong type or value, a key misspelt, or JSON of another shape altogether."""
    if draw(st.integers(0, 19)) == 0:
        return json.dumps(draw(st.one_of(st.lists(st.integers(), max_size=3), st.integers(), st.none(), st.text())))
    rules = []
    for _ in range(draw(st.integers(0, 4))):
        rule: dict = {}
        if draw(st.integers(0, 19)):
            cells = st.lists(st.one_of(_NAMES, _ODD_NAMES) if draw(st.integers(0, 7)) == 0 else _NAMES, max_size=5,
                             unique=draw(st.integers(0, 7)) > 0)
            rule["cells"] = draw(cells if draw(st.integers(0, 19)) else st.sampled_from(["abc", None, {}]))
        keys = draw(st.sampled_from([("num_mines",)] * 6 + [("min_mines", "max_mines")] * 3
                                    + [("min_mines",), ("max_mines",), ("num_mine",), ("num_mines", "max_mines"), ()]))
        low = draw(_NUMBERS)
        for key in keys:  # a range's bounds in order, now and then not
            rule[key] = _sometimes(draw, st.just(low + 1) if key == "max_mines" else st.just(low), _ODD_NUMBERS)
        rules.append(rule)
    payload: dict = {"rules": rules if draw(st.integers(0, 19)) else draw(st.sampled_from([None, {}, "x"]))}
    fields = [("total_cells", st.integers(5, 12), st.one_of(st.integers(-1, 4), st.just(1.0), st.none())),
              ("total_mines", st.integers(0, 6), st.one_of(st.integers(-1, 13), st.just("3"))),
              ("mine_prob", st.sampled_from([0.5, 0.2, 0.75]), st.one_of(st.floats(-1, 2), st.just("0.2")))]
    for key, usual, odd in [*fields,
                            ("board", st.sampled_from(["..1x\n..1x", "x1\n1x", "*2x\n11x"]),
                             st.one_of(st.text(alphabet=".x*0123456789\n ", max_size=20), st.just(3)))]:
        if draw(st.integers(0, 3 if key != "board" else 9)) == 0:
            payload[key] = _sometimes(draw, usual, odd)
    return json.dumps(payload)


@settings(max_examples=400)
@given(near_rules(), st.sampled_from([("count",), ("count", "--json", "--exact"), ("count", "--backend", "brute"),
                                      ("count", "--backend", "sdd"), ("count", "--clues", "under"), ("check",),
                                      ("export",)]))
def test_near_valid_rules_payloads_through_every_command(text, command):
    survives(*command[:1], "-", *command[1:], stdin=text)


# the pinned cases ---------------------------------------------------------------------------


def test_a_count_of_thousands_of_digits_is_printed_whole():
    rows = ["?" * 150 for _ in range(150)]
    rows[75] = "?" * 74 + "1" + "?" * 75
    text = "150x150x5000\n" + "\n".join(rows)
    plain = survives("count", "-", stdin=text)
    exact = survives("count", "-", "--json", "--exact", stdin=text)
    count = exact.json()["count"]
    assert plain.exit_code == exact.exit_code == 0 and len(count) > 4300 and count in plain.stdout


def test_an_absurd_header_is_exit_3():
    r = survives("count", "-", stdin="9" * 5000 + "x3\n???\n")
    assert r.exit_code == 3 and "more than 9 digits" in r.stderr


def test_free_variables_are_answered_at_once():
    start = time.perf_counter()
    r = survives("count", "--dimacs", "-", stdin="p cnf 20000 0\n")
    assert r.exit_code == 0 and r.stdout.strip().endswith(str(2**20000 % 10**40).rjust(40, "0")[-40:])
    assert time.perf_counter() - start < 10


def test_a_long_chain_is_counted_without_running_out_of_stack():
    n = 1400
    clauses = "".join(f"{i} {i + 1} 0\n" for i in range(1, n))
    r = survives("count", "--dimacs", "-", stdin=f"p cnf {n} {n - 1}\nc p show 1 0\n{clauses}")
    assert r.exit_code == 0 and r.stdout.strip().endswith(": 2")


def test_a_second_header_line_is_exit_3_naming_the_line():
    r = survives("count", "--dimacs", "-", stdin="p cnf 2 1\n1 0\np cnf 2 1\n2 0\n")
    assert r.exit_code == 3 and "line 3: a second 'p' header line" in r.stderr


def _dense(size: int, seed: int) -> str:
    """Half the safe cells open at random: one frontier component spanning the board, slow to count."""
    rng = random.Random(seed)
    mines = {(r, c) for r in range(size) for c in range(size) if rng.random() < 0.15}
    rows = []
    for r in range(size):
        row = ""
        for c in range(size):
            if (r, c) in mines or rng.random() < 0.5:
                row += "?"
            else:
                row += str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
        rows.append(row)
    return f"{size}x{size}x{len(mines)}\n" + "\n".join(rows) + "\n"


def _lattice(size: int) -> str:
    """Numbers on a sparse lattice: frontier components that interlock across the board, slow to count."""
    from countsweep.play.generators import lattice

    return lattice(size, size, 0.2, seed=1).to_text()


@pytest.mark.long
@pytest.mark.parametrize("phase", ["counting", "reading"])
def test_the_time_limit_stops_a_long_count_in_any_phase(tmp_path, phase):
    # counting: a 61x61 lattice the counter cannot finish in a second; reading: a dense
    # 700x700 board whose reading and building alone take longer than the limit
    board = tmp_path / "slow.txt"
    board.write_text(_lattice(61) if phase == "counting" else _dense(700, 5))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "countsweep", "count", str(board), "--timeout", "1",
                           "--max-memory", "100000000"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    assert done.returncode == 5 and "time limit of 1 s reached" in done.stderr, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and elapsed < 4  # well under a second past the limit


@pytest.mark.long
def test_memory_that_would_run_out_is_refused_before_counting(tmp_path):
    board = tmp_path / "dense.txt"
    board.write_text(_dense(700, 5))  # one frontier component of some 180 000 cells
    # refused by the board's size (about 841 MB) before anything is built; under 1000 MB it counts
    # since the kernel combines its parts down a tree (5 s, 574 MB at its peak)
    done = subprocess.run([sys.executable, "-m", "countsweep", "count", str(board), "--max-memory", "500"],
                          capture_output=True, text=True)
    assert done.returncode == 5 and "(--max-memory)" in done.stderr and done.stderr.count("\n") == 1


def test_outputs_that_cannot_be_written_are_exit_3_naming_the_path(tmp_path):
    target = tmp_path / "adir"
    target.mkdir()
    r = survives("export", str(THESIS), "-o", str(target), "--force")
    assert r.exit_code == 3 and str(target) in r.stderr
    r = survives("count", str(THESIS), "--plot", str(tmp_path / "nodir" / "p.png"))
    assert r.exit_code == 3 and "does not exist" in r.stderr
    r = survives("count", str(THESIS), "--backend", "sdd", "--save-sdd", "/proc/countsweep.sdd")
    assert r.exit_code == 3 and "/proc/countsweep.sdd" in r.stderr


def _saved(tmp_path: Path) -> dict:
    saved = tmp_path / "pos.sdd"
    assert run("count", str(THESIS), "--backend", "sdd", "--save-sdd", str(saved)).exit_code == 0
    return json.loads(saved.read_text())


@pytest.mark.parametrize("damage", ["cells off the board", "too few cells", "another board", "garbage JSON",
                                    "not an object", "a malformed diagram", "a cell twice", "no format"])
def test_a_saved_sdd_that_is_not_what_it_claims_is_exit_3(tmp_path, damage):
    doc = _saved(tmp_path)
    if damage == "cells off the board":
        doc["parts"][0]["cells"][0] = [40, 40]
    elif damage == "too few cells":
        doc["parts"][0]["cells"].pop()
    elif damage == "another board":
        doc["board"] = "4x4x3\n1???\n????\n???2\n????"
    elif damage == "a malformed diagram":  # a decision node pointing at a node that does not exist
        lines = doc["parts"][0]["sdd"].splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("D "))
        words = lines[at].split()
        lines[at] = " ".join([*words[:-1], "99999"])
        doc["parts"][0]["sdd"] = "\n".join(lines) + "\n"
    elif damage == "a cell twice":
        doc["parts"][0]["cells"].append(doc["parts"][0]["cells"][0])
    elif damage == "no format":
        del doc["format"]
    text = {"garbage JSON": "{not json", "not an object": "[1, 2]"}.get(damage, json.dumps(doc))
    broken = tmp_path / "broken.sdd"
    broken.write_text(text)
    r = survives("count", "--load-sdd", str(broken))
    assert r.exit_code == 3 and "not a compiled position" in r.stderr


@pytest.mark.parametrize(("content", "message"), [
    (b"[1, 2, 3]\n", "not a countsweep play record (a JSON list"),
    (b"42\n", "not a countsweep play record (a JSON int"),
    (b"\x00\x01\x02\xff", "binary data"),
    (b'{"won": true, "guesses": 0, "moves": 1, "seconds": 0.1, "run": {}}\n', "field 'game' missing"),
    (b"not json at all\n", "not a JSON record"),
])
def test_play_refuses_an_out_file_that_holds_no_records_of_this_run_and_leaves_it(tmp_path, content, message):
    out = tmp_path / "records.jsonl"
    out.write_bytes(content)
    r = survives("play", "--size", "4x4x3", "--games", "2", "--out", str(out))
    assert r.exit_code == 3 and message in r.stderr
    assert out.read_bytes() == content


def test_play_refuses_a_directory_or_a_missing_directory(tmp_path):
    r = survives("play", "--size", "4x4x3", "--games", "2", "--out", str(tmp_path))
    assert r.exit_code == 3 and "is a directory" in r.stderr
    r = survives("play", "--size", "4x4x3", "--games", "2", "--out", str(tmp_path / "no" / "r.jsonl"))
    assert r.exit_code == 3 and "does not exist" in r.stderr


def test_a_record_cut_short_by_a_kill_is_played_again(tmp_path):
    out = tmp_path / "records.jsonl"
    args = ("play", "--size", "5x5x4", "--agent", "greedy", "--games", "6", "--json", "--out", str(out))
    whole = json.loads(survives(*args).stdout)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][: len(lines[3]) // 2])  # killed while writing game 3
    again = json.loads(survives(*args).stdout)
    assert again["resumed"] == 3 and again["wins"] == whole["wins"]
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == list(range(6))


def test_a_board_of_mines_only_is_played_and_lost():
    r = survives("play", "--size", "1x1x1", "--rule", "unsafe", "--games", "3", "--json")
    assert r.exit_code == 0 and r.json()["wins"] == 0


def _play(out: Path, games: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "countsweep", "play", "--level", "intermediate", "--agent",
                             "greedy", "--games", str(games), "--seed", "9", "--out", str(out), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


@pytest.mark.long
def test_two_runs_writing_one_file_the_second_is_refused(tmp_path):
    out = tmp_path / "records.jsonl"
    # far more games than the first run can play while the second starts, on any machine (4000 were
    # once all played first on a loaded one): the first is interrupted below, so they cost nothing;
    # the second must be refused while the first holds the file
    first = _play(out, 1_000_000)
    deadline = time.time() + 30
    while (not out.exists() or not out.stat().st_size) and time.time() < deadline:
        time.sleep(0.01)
    second = subprocess.run([sys.executable, "-m", "countsweep", "play", "--level", "intermediate", "--agent",
                             "greedy", "--games", "1000000", "--seed", "9", "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    os.killpg(first.pid, signal.SIGINT)  # the first run stops early, keeping what it wrote
    first.communicate(timeout=120)
    assert second.returncode == 3 and "another countsweep play is writing this file" in second.stderr
    games = [json.loads(line)["game"] for line in out.read_text().splitlines()]
    assert games and sorted(games) == list(range(len(games)))


@pytest.mark.long
def test_interrupted_at_random_moments_then_resumed_the_totals_are_an_undisturbed_runs(tmp_path):
    whole = tmp_path / "whole.jsonl"
    reference = json.loads(_play(whole, 150).communicate(timeout=120)[0])
    out = tmp_path / "broken.jsonl"
    rng = random.Random(3)
    for _ in range(4):
        p = _play(out, 150)
        # interrupt at a random moment: after some number of the 150 games, or while starting
        wanted = rng.randrange(0, 150) * 60
        deadline = time.time() + 30
        while (not out.exists() or out.stat().st_size < wanted) and time.time() < deadline and p.poll() is None:
            time.sleep(0.002)
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=120)
        # 130 once the command runs; killed by the signal itself if it came while Python started, or 1
        # when it came while the interpreter was still importing its site module (Python's own
        # "Fatal Python error: init_import_site", before any of countsweep runs)
        assert p.returncode in (0, 130, -signal.SIGINT) or (p.returncode == 1 and "init_import_site" in err), err
    final = json.loads(_play(out, 150).communicate(timeout=120)[0])
    assert (final["games"], final["wins"], final["guesses_per_game"]) == (
        reference["games"], reference["wins"], reference["guesses_per_game"])
    assert out.read_text().count("\n") == 150
