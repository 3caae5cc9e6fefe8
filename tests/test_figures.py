"""The docs quote measurements from one file, and describe the package from one module map.

Every measured figure in README.md and docs/*.md sits in a marker that ``benchmarks.figures`` fills
from ``benchmarks/results.json``, which the benchmark scripts write (``--save``); these tests hold
the docs to that file, the file to what a run records, and the module map in docs/how-it-works.md to
the layers of ``tests/test_layers.py``.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from benchmarks import figures, results
from benchmarks.results import Report, Section, load, store
from tests.test_layers import LAYERS, imports, layer

ROOT = Path(__file__).resolve().parent.parent
QUOTING = ("README.md", "docs/benchmarks.md", "docs/agents.md", "docs/cluster.md", "docs/serve.md")


def test_every_figure_in_the_docs_is_the_one_saved():
    assert figures.stale() == []


def test_every_saved_section_says_what_was_run_where_and_when():
    sections = load()
    assert sections, "benchmarks/results.json holds no section"
    for name, s in sections.items():
        assert s.command.startswith(("python -m benchmarks.", "python -m experiments.")), name
        assert re.fullmatch(r"\d+\.\d+(\.\d+)?\S*", s.version), (name, s.version)
        assert re.fullmatch(r"[0-9a-f]{7,}(\+changes)?", s.commit), (name, s.commit)
        assert "cores" in s.machine and "Python" in s.machine, (name, s.machine)
        datetime.date.fromisoformat(s.date)
        assert s.text.strip(), name


def test_every_saved_section_is_quoted_somewhere():
    quoted = "".join(p.read_text() for p in figures.documents())
    for name in load():
        assert f"<!-- results: {name} -->" in quoted or f"<!-- figure: {name}." in quoted, name


def test_a_section_measured_before_this_version_says_so():
    """A table from an older version is labelled with it (the provenance line names the version)."""
    for s in load().values():
        assert s.version in figures.render(s)


def _outside_markers(text: str) -> str:
    text = figures.INLINE.sub("", figures.BLOCK.sub("", text))
    return re.sub(r"```.*?```", "", text, flags=re.S)


@pytest.mark.parametrize("doc", QUOTING)
def test_the_agents_speed_is_never_typed_by_hand(doc):
    """The best agent's games per second appeared as 34, 47.5, about 53 and about 5 in four files;
    now it is only ever a figure from the file."""
    prose = _outside_markers((ROOT / doc).read_text())
    typed = re.findall(r"\b\d[\d.]*\s+(?:classic\s+|modern\s+)?(?:expert\s+)?games\s+(?:per|a)\s+second", prose)
    assert typed == [], typed


def test_a_saved_run_is_added_beside_the_others_and_read_back(tmp_path):
    path = tmp_path / "results.json"
    a = Section("a", "python -m benchmarks.a", "0.2.0", "abc1234", "m, 2 cores, Python 3.11", "2026-01-02", "| 1 |")
    b = Section("b", "python -m benchmarks.b", "0.2.0", "abc1234", "m, 2 cores, Python 3.11", "2026-01-03", "| 2 |",
                {"x": "7"}, note="old")
    store(a, path)
    store(b, path)
    store(a, path)  # measured again: replaced, not doubled
    assert load(path) == {"a": a, "b": b}
    assert list(tmp_path.iterdir()) == [path]  # no scratch file left behind


def test_a_run_saved_under_a_name_keeps_its_command_without_the_saving_options(tmp_path):
    path = tmp_path / "r.json"
    report = Report("benchmarks.demo", ["--games", "3", "--save", "mine", "--results-file", str(path)], "mine", path)
    report.print("| table |")
    report.figure("speed", "50")
    report.finish()
    saved = load(path)["mine"]
    assert saved.command == "python -m benchmarks.demo --games 3"
    assert (saved.text, dict(saved.figures)) == ("| table |", {"speed": "50"})
    assert saved.version == results.countsweep.__version__


def test_a_run_without_save_writes_nothing(tmp_path):
    path = tmp_path / "r.json"
    report = Report("benchmarks.demo", ["--games", "3"], None, path)
    report.print("x")
    report.finish()
    assert not path.exists()


def test_a_benchmark_script_saves_its_table_and_figures(tmp_path, capsys):
    from benchmarks import topologies

    path = tmp_path / "r.json"
    topologies.main(["--games", "1", "--repeat", "1", "--save", "--results-file", str(path)])
    saved = load(path)["topologies"]
    assert saved.command == "python -m benchmarks.topologies --games 1 --repeat 1"
    assert "torus |" in saved.text and saved.text in capsys.readouterr().out
    assert set(saved.figures) >= {"torus_ratio", "hex_ratio", "3d_ratio"}
    assert all(float(v) > 0 for v in saved.figures.values())


def test_filling_rewrites_only_markers_and_names_what_is_missing():
    s = Section("demo", "python -m benchmarks.demo", "0.2.0", "abc1234", "m", "2026-11-25", "| a |", {"k": "3"})
    text = ("keep <!-- figure: demo.k -->old<!-- /figure --> keep\n<!-- results: demo -->\nold\n<!-- /results -->\n"
            "<!-- figure: demo.gone -->9<!-- /figure --> <!-- results: nothing -->\nx\n<!-- /results -->\n")
    filled, missing = figures.fill(text, {"demo": s})
    assert filled.startswith("keep <!-- figure: demo.k -->3<!-- /figure --> keep\n"
                             "<!-- results: demo -->\n*countsweep 0.2.0")
    assert "```text\n| a |\n```\n<!-- /results -->" in filled
    assert "<!-- figure: demo.gone -->9<!-- /figure -->" in filled and "<!-- results: nothing -->\nx\n" in filled
    assert missing == ["figure demo.gone is not in results.json", "results section 'nothing' is not in results.json"] \
        or sorted(missing) == sorted(["figure demo.gone is not in results.json",
                                      "results section 'nothing' is not in results.json"])
    assert figures.fill(filled, {"demo": s})[0] == filled  # filling twice changes nothing


def test_stale_docs_are_named_and_write_fixes_them(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("<!-- figure: demo.k -->1<!-- /figure -->\n")
    (tmp_path / "docs" / "a.md").write_text("nothing measured\n")
    res = tmp_path / "results.json"
    store(Section("demo", "python -m benchmarks.demo", "0.2.0", "abc1234", "m", "2026-11-25", "t", {"k": "2"}), res)
    assert figures.stale(tmp_path, res) == ["README.md: quotes figures that differ from results.json "
                                            "(python -m benchmarks.figures)"]
    assert figures.write(tmp_path, res) == [tmp_path / "README.md"]
    assert figures.stale(tmp_path, res) == []
    assert (tmp_path / "README.md").read_text() == "<!-- figure: demo.k -->2<!-- /figure -->\n"


# -- the module map ------------------------------------------------------------------------------

def module_map() -> list[list[str]]:
    """The modules of each row of the map in docs/how-it-works.md, as full names."""
    text = (ROOT / "docs" / "how-it-works.md").read_text()
    table = text.split("| layer | modules | holds |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split(" | ")[1] for line in table.strip().splitlines()[1:]]
    out = []
    for cell in rows:
        names = re.findall(r"`([\w/]+)`", cell)
        out.append(["countsweep" if n == "countsweep" else "countsweep." + n.rstrip("/").replace("/", ".")
                    for n in names])
    return out


def test_the_module_map_has_one_row_per_layer_in_order():
    rows = module_map()
    assert len(rows) == len(LAYERS)
    for i, row in enumerate(rows):
        assert row and all(layer(name) == i for name in row), (i, row)


def test_the_module_map_names_every_module_once():
    named = [name for row in module_map() for name in row]
    assert len(named) == len(set(named))
    assert set(named) == set(imports()) | {"countsweep.__main__"}
