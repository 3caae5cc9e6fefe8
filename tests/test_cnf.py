"""CNF encodings and DIMACS export, refereed by Ganak."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings

from countsweep import Board, InconsistentError, analyze
from countsweep.cli import main
from countsweep.counting.dpll import DpllCounter
from countsweep.counting.formula import Card, Formula
from countsweep.encode.cnf import COUNT_PRESERVING, DEFAULT_ENCODING, ENCODINGS, encode, encode_components
from countsweep.encode.dimacs import read, render
from countsweep.errors import InputError, ParameterError
from countsweep.play.generators import band
from tests.ganak import ganak_count
from tests.strategies import positions


def exact(board: Board) -> int:
    try:
        return analyze(board).count
    except InconsistentError:
        return 0


@pytest.mark.long
@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@settings(max_examples=40)
@given(board=positions(max_hidden=16, perturb=True))
def test_exported_cnf_counts_to_the_exact_count_under_ganak(encoding, board):
    try:
        text = render(encode(board, encoding))
    except InconsistentError:
        # an impossible number is refused before encoding; enumeration agrees
        assert exact(board) == 0
        return
    f = read(io.StringIO(text))
    assert f.projection == tuple(range(1, len(board.hidden()) + 1))
    clauses = [c.lits for c in f.constraints]
    projected = ganak_count(f.num_vars, clauses, f.projection) if f.projection else None
    expected = exact(board)
    if board.mines is None and expected:
        # no total: the sea is free in the file, the oracle counts frontier assignments
        expected *= 2 ** len(analyze(board).sea)
    if f.projection:
        assert projected == expected
        if COUNT_PRESERVING[encoding]:
            assert ganak_count(f.num_vars, clauses) == expected
    # our own counter reads the same file to the same number
    assert DpllCounter().count(f).count == expected


@pytest.mark.long
@pytest.mark.parametrize("encoding", [e for e, ok in COUNT_PRESERVING.items() if not ok])
def test_non_preserving_encodings_really_overcount_unprojected(encoding):
    board = Board.from_text("5x3x4\n?????\n?3?2?\n?????")
    enc = encode(board, encoding)
    unprojected = ganak_count(enc.num_vars, enc.clauses)
    projected = ganak_count(enc.num_vars, enc.clauses, enc.projection)
    assert projected == analyze(board).count
    assert unprojected > projected
    assert "count-preserving: no" in render(enc)


def test_default_encoding_is_count_preserving():
    assert COUNT_PRESERVING[DEFAULT_ENCODING]


def test_dimacs_header_projection_and_cell_map():
    text = render(encode(Board.from_text("3x2x1\n1??\n???"), "totalizer"))
    lines = text.splitlines()
    assert "c t pmc" in lines
    p = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    assert lines[p + 1] == "c p show 1 2 3 4 5 0"
    assert lines[p + 2] == "c ind 1 2 3 4 5 0"
    assert "c var 1 = [0, 1]" in lines and "c var 5 = [1, 2]" in lines
    assert "c board 1??" in lines
    assert any(line.startswith("c encoding totalizer; count-preserving: no") for line in lines)


def test_components_export_counts_multiply_to_frontier_count(tmp_path):
    comps = encode_components(Board.from_text("4x4x3\n1???\n???1\n????\n????"))
    product = 1
    for enc in comps:
        product *= ganak_count(enc.num_vars, enc.clauses, enc.projection)
    assert len(comps) == 2 and product == 3 * 5


def test_export_cli_writes_atomically_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "pos.cnf"
    board = tmp_path / "b.txt"
    board.write_text("4x4x3\n1???\n????\n??2?\n????\n")
    runner = CliRunner()
    r = runner.invoke(main, ["export", str(board), "-o", str(out)])
    assert r.exit_code == 0 and out.exists()
    first = out.read_text()
    f = read(io.StringIO(first))
    assert ganak_count(f.num_vars, [c.lits for c in f.constraints], f.projection) == 70
    r = runner.invoke(main, ["export", str(board), "-o", str(out), "--encoding", "totalizer"])
    assert r.exit_code == 6 and "file exists" in r.stderr
    assert out.read_text() == first
    r = runner.invoke(main, ["export", str(board), "-o", str(out), "--encoding", "totalizer",
                             "--force"])
    assert r.exit_code == 0 and "totalizer" in out.read_text()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_export_components_writes_the_whole_set_or_none_of_it(tmp_path, monkeypatch):
    """A set of component files is one position: a refusal (the second file exists) or a failure
    while writing (disk full at the second) leaves no file of the set and no temporary file."""
    import os

    board = tmp_path / "b.txt"
    board.write_text("4x4x3\n1???\n???1\n????\n????\n")
    first, second = tmp_path / "x.component0.cnf", tmp_path / "x.component1.cnf"
    second.write_text("mine\n")
    r = CliRunner().invoke(main, ["export", str(board), "-o", str(tmp_path / "x.cnf"), "--components"])
    assert r.exit_code == 6 and str(second) in r.stderr
    assert not first.exists() and second.read_text() == "mine\n"
    second.unlink()

    real_replace = os.replace
    calls = []

    def full_disk(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", full_disk)
    r = CliRunner().invoke(main, ["export", str(board), "-o", str(tmp_path / "x.cnf"), "--components"])
    assert r.exit_code == 3 and "No space left on device" in r.stderr and len(calls) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"]


def test_export_components_and_no_total(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("4x4x3\n1???\n???1\n????\n????\n")
    r = CliRunner().invoke(main, ["export", str(board), "-o", str(tmp_path / "x.cnf"),
                                  "--components"])
    assert r.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("x.component*.cnf")) == [
        "x.component0.cnf", "x.component1.cnf"]
    r = CliRunner().invoke(main, ["export", str(board), "-o", "-", "--no-total"])
    assert "c mine total: not included" in r.stdout


@pytest.mark.long
@pytest.mark.parametrize(("n", "flags"), [(10, []), (40, ["--no-total"])])
def test_count_dimacs_cli_matches_native(tmp_path, n, flags):
    board = tmp_path / "b.txt"
    board.write_text(band(n, seed=2).to_text())
    out = tmp_path / "b.cnf"
    CliRunner().invoke(main, ["export", str(board), "-o", str(out), "--encoding", "totalizer",
                              *flags])
    native = analyze(Board.from_text(board.read_text())).count
    r = CliRunner().invoke(main, ["count", "--dimacs", str(out)])
    assert r.exit_code == 0 and r.stdout.strip().endswith(str(native))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 0\n", "clause before the 'p cnf' header"),
        ("p cnf 2\n", "expected 'p cnf VARS CLAUSES'"),
        ("p cnf 2 1\n1 3 0\n", "line 2: literal 3 exceeds the 2 declared variables"),
        ("p cnf 2 1\n1 x 0\n", "line 2: 'x' is not an integer"),
        ("c nothing\n", "no 'p cnf' header"),
        ("p cnf 2 1\nc p show 5 0\n1 0\n", "projection variable 5 out of range"),
    ],
)
def test_malformed_dimacs(text, message):
    with pytest.raises(InputError, match=message):
        read(io.StringIO(text))


def test_bad_dimacs_cli_exit_code(tmp_path):
    p = tmp_path / "bad.cnf"
    p.write_text("p cnf 1 1\n2 0\n")
    r = CliRunner().invoke(main, ["count", "--dimacs", str(p)])
    assert r.exit_code == 3 and "bad.cnf: line 2" in r.stderr


def test_corpus_manifest_counts_are_exact():
    import json

    root = Path(__file__).resolve().parent.parent / "cnf"
    manifest = json.loads((root / "manifest.json").read_text())
    assert len(manifest["instances"]) >= 20
    for inst in manifest["instances"][:40]:
        board = Board.from_text((root / inst["board"]).read_text())
        assert str(analyze(board).count) == inst["count"]


@pytest.mark.long
def test_the_corpus_is_what_its_script_makes_from_its_seeds():
    # the corpus's positions come from seeded play and the seeded families: a reader of the manifest
    # can make every instance again, and the files stand as the script writes them
    import importlib.util

    root = Path(__file__).resolve().parent.parent / "cnf"
    spec = importlib.util.spec_from_file_location("make_corpus", root / "make_corpus.py")
    assert spec is not None and spec.loader is not None
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    made = corpus.instances()
    assert sorted(name for name, _, _ in made) == sorted(p.stem for p in root.glob("*.cnf"))
    for name, board, info in made:
        assert (root / "boards" / f"{name}.txt").read_text() == board.to_text() + "\n", name
        written = render(encode(board, DEFAULT_ENCODING), f"instance {name}: {info['made']}")
        assert (root / f"{name}.cnf").read_text() == written, name


def _needs_fallback(value: int, size: int) -> bool:
    # pairwise, ladder and bitwise encode only "exactly one" and "all but one" themselves;
    # none and all are unit clauses
    return value not in (0, 1, size - 1, size)


@pytest.mark.long
@pytest.mark.parametrize("text", ["5x3x4\n1?2??\n?2???\n?????", "4x4x6\n?3??\n????\n2???\n????",
                                  "4x2x1\n1???\n????", "4x2x1\nF1??\n????"])
def test_fallbacks_count_every_card_the_chosen_encoding_cannot_express(text):
    board = Board.from_text(text)
    from countsweep.constraints import Constraints

    model = Constraints.of(board)
    cards = [(eq.value, len(eq.cells)) for eq in model.equations] + [(model.mines_left, len(board.hidden()))]
    expected = sum(_needs_fallback(v, n) for v, n in cards)
    for name in ("pairwise", "ladder", "bitwise"):
        enc = encode(board, name)
        assert enc.fallbacks == expected, name
        assert (f"({expected} constraints fell back to seqcounter)" in render(enc)) == (expected > 0)
        assert DpllCounter().count(enc.formula()).count == analyze(board).count
    for name in ("seqcounter", "kmtotalizer", "totalizer"):
        assert encode(board, name).fallbacks == 0
    parts = encode_components(board, "pairwise")
    assert sum(p.fallbacks for p in parts) == sum(_needs_fallback(eq.value, len(eq.cells)) for eq in model.equations)
    assert all(p.total_included is False for p in parts)  # a bool, as the field says


@pytest.mark.long
def test_the_formula_of_an_encoding_is_projected_on_the_cells_and_counts_the_layouts():
    board = Board.from_text("5x3x4\n1?2??\n?2???\n?????")
    for name in ENCODINGS:
        enc = encode(board, name)
        f = enc.formula()
        assert f.num_vars == enc.num_vars and f.counted == tuple(range(1, enc.num_cells + 1))
        assert len(f.constraints) == len(enc.clauses)
        assert DpllCounter().count(f).count == analyze(board).count, name


def test_an_unknown_encoding_is_refused_with_the_list_to_choose_from():
    with pytest.raises(ParameterError, match=r"^unknown encoding 'nope'; choose from seqcounter, totalizer, "
                                             r"kmtotalizer, mtotalizer, sortnetwrk, cardnetwrk, pairwise, ladder, "
                                             r"bitwise$"):
        encode(Board.from_text("2x1x1\n1?"), "nope")


def test_a_total_with_no_cell_to_hold_it_is_an_empty_clause():
    from countsweep.encode.cnf import encode_equations

    assert encode_equations([], {}, 2) == (0, [[]], 0)
    assert encode_equations([], {}, 0) == (0, [], 0)


def test_selectors_name_each_numbers_true_count_with_its_flags():
    from countsweep.clues import UNDER

    # the 2 at (0, 1) has one flag among its five neighbours; under `under` it may truly be 2 to 5
    board = Board.from_text("4x2x3\nF2??\n????")
    enc = encode(board, clues=UNDER)
    mine = [s for s in enc.selectors if s.cell == (0, 1)]
    assert sorted((s.shown, s.true) for s in mine) == [(2, 2), (2, 3), (2, 4), (2, 5)]
    assert len({s.var for s in enc.selectors}) == len(enc.selectors) > 1
    assert all(s.var > enc.num_cells for s in enc.selectors)
    assert "c selector" in render(enc) and "shows 2 and has 3 mines around" in render(enc)


@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter"])
def test_clausify_keeps_every_constraint_after_one_that_always_holds(encoding):
    from countsweep.counting.formula import Card, Formula
    from countsweep.encode.cnf import clausify

    # x1 + x2 <= 2 always holds; x1 + x2 + x3 in [1, 2] and x3 + x4 >= 1 must still count
    f = Formula(4, (Card((1, 2), 0, 2), Card((1, 2, 3), 1, 2), Card((3, 4), 1, 2)), (1, 2, 3, 4))
    want = sum(1 for m in range(16) if 1 <= bin(m & 7).count("1") <= 2 and (m >> 2) & 3)
    assert DpllCounter().count(clausify(f, encoding)).count == DpllCounter().count(f).count == want


def test_under_noisy_clues_every_weighted_sum_the_encoding_cannot_express_counts_as_a_fallback():
    from countsweep.clues import UNDER
    from countsweep.constraints import Constraints

    board = Board.from_text("5x3x4\n1?2??\n?2???\n?????")
    model = Constraints.of(board, UNDER)
    sums = [(s, len(eq.cells)) for eq in model.equations if eq.weights is not None
            for s, w in enumerate(eq.weights, eq.value) if w]
    plain = [(eq.value, len(eq.cells)) for eq in model.equations if eq.weights is None]
    expected = sum(_needs_fallback(v, n) for v, n in [*sums, *plain, (model.mines_left, len(board.hidden()))])
    assert len(sums) >= 3 and sum(_needs_fallback(v, n) for v, n in sums) >= 2
    assert encode(board, "pairwise", clues=UNDER).fallbacks == expected


def test_a_constraint_that_always_holds_drops_out_of_the_clauses_and_the_rest_stay():
    from countsweep.encode.cnf import clausify

    f = Formula(3, (Card((1,), 0, 1), Card((1, 2, 3), 2, 2), Card((2, 3), 0, 2)))
    assert DpllCounter().count(clausify(f)) == DpllCounter().count(f)


@pytest.mark.parametrize(("text", "files"), [
    ("4x4x3\n1???\n????\n??2?\n????\n", 1),
    ("4x4x3\n1???\n???1\n????\n????\n", 2),
    ("9x1x3\n?1??1??1?\n", 3),  # three numbers sharing no cell: three components, all named
    ("12x1x4\n?1??1??1??1?\n", 4),  # four: three named
])
def test_export_says_how_many_files_it_wrote_naming_three_at_most(tmp_path, text, files):
    board = tmp_path / "b.txt"
    board.write_text(text)
    out = tmp_path / "x.cnf"
    r = CliRunner().invoke(main, ["export", str(board), "-o", str(out), *(["--components"] if files > 1 else [])])
    assert r.exit_code == 0, r.stderr
    written = [out] if files == 1 else [tmp_path / f"x.component{k}.cnf" for k in range(files)]
    assert all(p.exists() for p in written)
    listed = ", ".join(map(str, written[:3])) + (" ..." if files > 3 else "")
    assert r.stderr == f"wrote {files} file{'s' * (files != 1)}: {listed}\n" and r.stdout == ""


def test_export_to_stdout_prints_the_cnf_as_it_is_and_nothing_else(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("4x4x3\n1???\n????\n??2?\n????\n")
    out = tmp_path / "x.cnf"
    CliRunner().invoke(main, ["export", str(board), "-o", str(out)])
    r = CliRunner().invoke(main, ["export", str(board), "-o", "-"])
    assert r.exit_code == 0 and r.stdout == out.read_text() and r.stderr == ""
