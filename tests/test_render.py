"""What ``countsweep count`` prints and draws: the text report and the heatmap."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from countsweep import Board, analyze
from countsweep.board import CLEARED, FLAG
from countsweep.errors import ParameterTypeError
from countsweep.render import percent, report, rules_report
from countsweep.rules import RuleSet, analyze_rules
from tests.cli_helpers import run

THESIS_REPORT = """\
4x4 board, 3 mines (0 flagged); 14 hidden cells: 10 on the frontier in 1 component, 4 in the sea
mine layouts: 70
certain safe: 0, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed)
      0    1    2    3
 0  [1]   30   10   10
 1   30   40   23   23
 2   10   23  [2]   23
 3   10   23   23   23
"""


def test_the_thesis_report_reads_exactly_as_documented():
    assert run("count", "examples/thesis-4x4.txt").stdout == THESIS_REPORT
    assert report(analyze(Board.from_text("4x4x3\n1???\n????\n??2?\n????"))) + "\n" == THESIS_REPORT


@pytest.mark.parametrize("p, shown", [
    (Fraction(0), "."), (Fraction(1), "*"),
    (Fraction(1, 1000), "<1"), (Fraction(1, 201), "<1"),  # rounds to 0 without being safe
    (Fraction(1, 199), "1"), (Fraction(1, 100), "1"), (Fraction(1, 2), "50"),
    (Fraction(99, 100), "99"), (Fraction(198, 199), "99"), (Fraction(200, 201), ">99"), (Fraction(999, 1000), ">99"),
])
def test_a_percentage_shows_certainty_only_when_certain(p, shown):
    assert percent(p) == shown


def test_the_report_names_flags_cleared_cells_and_what_was_counted():
    flagged = run("count", "-", stdin="3x2x2\nF2-\n???\n")
    assert flagged.exit_code == 0
    assert flagged.stdout.splitlines()[0] == ("3x2 board, 2 mines (1 flagged); 3 hidden cells: 3 on the frontier "
                                              "in 1 component, 0 in the sea")
    assert "F flag, [n] revealed, - cleared)" in flagged.stdout
    assert flagged.stdout.splitlines()[-2:] == [" 0    F  [2]    -", " 1   33   33   33"]
    unknown = run("count", "-", stdin="3x1\n?1?\n")
    assert unknown.stdout.splitlines()[:2] == [
        "3x1 board, mine total unknown; 2 hidden cells: 2 on the frontier in 1 component, 0 in the sea",
        "frontier assignments (mine total unknown; sea cells not counted): 2"]


@pytest.mark.parametrize("header, first", [
    ("4x3x2x3", "4x3x2 3d board, 3 mines"),  # its size as its header gives it, not 4x6 rows stacked
    ("4x3x2x3 torus", "4x3x2 torus 3d board, 3 mines"),
    ("hex 4x6x3", "4x6 hex board, 3 mines"),
])
def test_the_report_gives_a_boards_size_as_its_header_does(header, first):
    text = "????\n?1??\n????\n????\n????\n??2?\n"
    got = run("count", "-", stdin=f"{header}\n{text}")
    assert got.exit_code == 0 and got.stdout.startswith(first + " (0 flagged); "), got.stdout


def test_the_heatmap_shows_each_cells_probability_and_the_count_in_its_title():
    pytest.importorskip("matplotlib")
    from countsweep.plot import draw

    a = analyze(Board.from_text("4x4x3\n1???\n????\n??2?\n????"))
    fig = draw(a)
    ax = fig.axes[0]
    image = ax.images[0].get_array()
    for (r, c), p in a.probabilities.items():
        assert image[r, c] == pytest.approx(float(p))
    assert bool(image.mask[0, 0]) and bool(image.mask[2, 2])  # revealed numbers carry no probability
    assert ax.get_title() == "4x4, 3 mines: 70 layouts"
    expert = analyze(Board.from_text("30x16x99\n" + "\n".join(["?" * 30] * 16)))
    assert draw(expert).axes[0].get_title() == f"30x16, 99 mines: {str(expert.count)[0]}.{str(expert.count)[1:4]}e" \
                                               f"{len(str(expert.count)) - 1} layouts"
    # up to twelve digits in full, from thirteen in scientific form
    twelve = analyze(Board.from_text("10x5x12\n" + "\n".join(["?" * 10] * 5)))  # C(50, 12), 12 digits
    assert draw(twelve).axes[0].get_title() == "10x5, 12 mines: 121399651100 layouts"
    thirteen = analyze(Board.from_text("10x6x12\n" + "\n".join(["?" * 10] * 6)))  # C(60, 12), 13 digits
    assert draw(thirteen).axes[0].get_title() == "10x6, 12 mines: 1.399e12 layouts"
    layers = analyze(Board.from_text("4x3x2x3\n????\n?1??\n????\n????\n????\n??2?"))
    assert draw(layers).axes[0].get_title() == "4x3x2, 3 mines: 108 layouts"  # its size as its header gives it


def test_the_heatmap_refuses_what_is_not_an_analysis_and_a_format_it_cannot_write(tmp_path):
    pytest.importorskip("matplotlib")
    from countsweep.errors import ParameterError, ParameterTypeError
    from countsweep.plot import draw, save

    a = analyze(Board.from_text("3x1x1\n?1?"))
    with pytest.raises(ParameterTypeError, match=r"^a: expected an Analysis"):
        draw(Board.from_text("3x1x1\n?1?"))
    with pytest.raises(ParameterTypeError, match=r"^a: expected an Analysis"):
        save(None, tmp_path / "x.png")
    with pytest.raises(ParameterTypeError, match=r"^path: expected a file path"):
        save(a, 7)
    with pytest.raises(ParameterError, match=r"^path: a heatmap's file ends in \.png, \.svg, \.pdf, not 'x\.jpg'$"):
        save(a, str(tmp_path / "x.jpg"))
    save(a, str(tmp_path / "x.svg"))  # a str path is taken, as write_output takes one
    assert (tmp_path / "x.svg").read_text().startswith("<?xml") and not (tmp_path / "x.jpg").exists()


HEX_REPORT = """\
4x4 hex board, 3 mines (0 flagged); 14 hidden cells: 9 on the frontier in 1 component, 5 in the sea
mine layouts: 55
certain safe: 0, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed)
      0    1    2    3
 0   18  [1]   18    9
 1     18   45   31    9
 2    9   31  [2]   31
 3      9   31   31    9
"""

LAYERS_REPORT = """\
4x3x2 3d board, 3 mines (0 flagged); 22 hidden cells: 20 on the frontier in 1 component, 2 in the sea
mine layouts: 108
certain safe: 0, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed)
layer 0 (rows 0-2)
      0    1    2    3
 0    6    6    6   22
 1    6  [1]    7   39
 2    6    7    7   39

layer 1 (rows 3-5)
      0    1    2    3
 3    6    6    6   22
 4    6    7    7   39
 5    6    7  [2]   39
"""

RING_REPORT = """\
5x1 graph ring.json board, 1 mine (1 flagged); 3 hidden cells: 1 on the frontier in 1 component, 2 in the sea
mine layouts: 1
certain safe: 3, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed)
a    [1]
b      .
c      .
d      .
e      F
"""


def test_a_hex_grid_shifts_its_odd_rows_and_a_3d_grid_goes_layer_by_layer():
    assert run("count", "-", stdin="hex 4x4x3\n?1??\n????\n??2?\n????\n").stdout == HEX_REPORT
    assert run("count", "-", stdin="4x3x2x3\n????\n?1??\n????\n????\n????\n??2?\n").stdout == LAYERS_REPORT


def test_a_graph_board_lists_its_nodes_by_name(tmp_path):
    ring = {"nodes": ["a", "b", "c", "d", "e"], "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "a"]]}
    (tmp_path / "ring.json").write_text(json.dumps(ring))
    (tmp_path / "ring.txt").write_text("5x1x1 graph ring.json\n1 ? ? ? F\n")
    assert run("count", str(tmp_path / "ring.txt")).stdout == RING_REPORT


def test_a_weighted_answer_gives_its_weight_and_what_was_read():
    under = run("count", "-", "--clues", "under", stdin="3x3\n?1?\n???\n?2?\n").stdout.splitlines()
    assert under[:2] == [
        "3x3 board, mine total unknown; clues read as under; 7 hidden cells: 7 on the frontier in 1 component, "
        "0 in the sea",
        "total weight of the frontier assignments (mine total unknown; sea cells not counted): 63619/3600 "
        "(about 17.6719)"]
    assert under[-3:] == [" 0   40  [1]   40", " 1   46   46   46", " 2   57  [2]   57"]
    prior = run("count", "-", "--density", "1/5", stdin="3x3\n?1?\n???\n?2?\n").stdout.splitlines()
    assert prior[:3] == [
        "3x3 board, mine total unknown, each hidden cell a mine with probability 1/5; clues read as exact; "
        "7 hidden cells: 7 on the frontier in 1 component, 0 in the sea",
        "total weight of the layouts: 6656/78125 (about 0.0851968)",
        "certain safe: 0, certain mines: 0"]
    assert prior[-3:] == [" 0    4  [1]    4", " 1   31   31   31", " 2   54  [2]   54"]


RULES_REPORTS = [
    # two components (a rule of no mines is one), the unnamed cells' line, names right-aligned
    ({"rules": [{"num_mines": 1, "cells": ["a", "bb"]}, {"num_mines": 1, "cells": ["bb", "ccc"]},
                {"num_mines": 0, "cells": ["d"]}], "total_cells": 6, "total_mines": 2}, """\
3 rules over 4 cells, 2 cells no rule names; 2 components
mine layouts: 3
certain safe: 1, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine)
     a     33
    bb     67
   ccc     33
     d      .
_other     33"""),
    # no total: the named cells' assignments, a range rule, no line for other cells
    ({"rules": [{"num_mines": 1, "cells": ["a", "bb"]}, {"min_mines": 1, "max_mines": 2, "cells": ["bb", "ccc"]}]},
     """\
2 rules over 3 cells, 0 cells no rule names; 1 component
assignments of the named cells (no mine total): 3
certain safe: 0, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine)
  a     33
 bb     67
ccc     67"""),
    # a density prior: the rules' probability under it, exactly (2 * 1/4 * 3/4)
    ({"rules": [{"num_mines": 1, "cells": ["a", "bb"]}], "total_cells": 4, "mine_prob": 0.25}, """\
1 rule over 2 cells, 2 cells no rule names; 1 component
probability of the rules under the prior: 3/8 (about 0.375)
certain safe: 0, certain mines: 0

mine probability in percent ('.' safe, '*' certain mine)
     a     50
    bb     50
_other     25"""),
    ({"rules": [{"num_mines": 2, "cells": ["a", "b"]}]}, """\
1 rule over 2 cells, 0 cells no rule names; 1 component
assignments of the named cells (no mine total): 1
certain safe: 0, certain mines: 2

mine probability in percent ('.' safe, '*' certain mine)
a      *
b      *"""),
]


@pytest.mark.parametrize("payload, text", RULES_REPORTS)
def test_a_rule_sets_report_names_each_cell_and_what_was_counted(payload, text):
    assert run("count", "-", stdin=json.dumps(payload)).stdout == text + "\n"
    assert rules_report(analyze_rules(RuleSet.from_payload(payload))) == text


def cell_labels(ax) -> dict[tuple[int, int], str]:
    """Each text drawn on the heatmap's axes, by the (row, column) of the cell it sits on."""
    return {(int(t.get_position()[1]), int(t.get_position()[0])): t.get_text() for t in ax.texts}


def test_the_heatmap_labels_every_cell_by_what_it_is():
    pytest.importorskip("matplotlib")
    from countsweep.plot import draw

    # a flag, a number, a cleared cell, a zero, certain-safe cells, a certain mine and open probabilities
    a = analyze(Board.from_text("5x3x3\nF1-0?\n?2???\n???1?"))
    ax = draw(a).axes[0]
    labels = cell_labels(ax)
    expected = {}
    for (r, c), v in ((cell, a.board[cell]) for cell in a.board.cells()):
        if (r, c) in a.probabilities:
            p = a.probabilities[(r, c)]
            expected[r, c] = "S" if p == 0 else "*" if p == 1 else f"{float(p) * 100:.0f}"
        elif v != 0:  # a zero shows nothing: its square says it is open
            expected[r, c] = {FLAG: "F", CLEARED: "-"}.get(v, str(v))
    assert labels == expected and len(ax.texts) == len(expected)
    assert {"*", "S", "50"} <= set(labels.values())  # both kinds of certainty, and a probability
    bold = {t.get_text() for t in ax.texts if t.get_fontweight() == "bold"}
    assert bold == {"F", "1", "2", "S", "*"}  # what is certain stands out; probabilities do not
    # every revealed cell (a zero and a cleared cell too) is a grey square over the image
    squares = {(int(p.get_xy()[1] + 0.5), int(p.get_xy()[0] + 0.5)) for p in ax.patches}
    assert squares == {cell for cell in a.board.cells() if a.board[cell] >= 0 or a.board[cell] == CLEARED}
    assert all(p.get_width() == p.get_height() == 1 for p in ax.patches)
    # each mark sits in the middle of its cell; the squares are one light grey, the flag's cell (no square,
    # no probability) shows the darker grey of the background, and white lines part the cells
    assert all(t.get_horizontalalignment() == "center" and t.get_verticalalignment() == "center" for t in ax.texts)
    light, dark = {p.get_facecolor() for p in ax.patches}, ax.get_facecolor()
    assert len(light) == 1 and all(x == next(iter(light))[0] for x in next(iter(light))[:3])
    assert dark[0] == dark[1] == dark[2] and dark[0] < next(iter(light))[0]
    assert list(ax.xaxis.get_minorticklocs()) == [c - 0.5 for c in range(6)]
    assert list(ax.yaxis.get_minorticklocs()) == [r - 0.5 for r in range(4)]
    for axis in (ax.xaxis, ax.yaxis):  # the lines run along the borders, none through the cells' middles
        assert all(t.gridline.get_visible() and t.gridline.get_color() == "white" for t in axis.get_minor_ticks())
        assert not any(t.gridline.get_visible() for t in axis.get_major_ticks())
    # the scale runs from green (safe) at 0 to red (a mine) at 1, and says what it measures
    image = ax.images[0]
    assert (image.norm.vmin, image.norm.vmax) == (0, 1)
    safe, mine = image.get_cmap()(0.0), image.get_cmap()(1.0)
    assert safe[1] > safe[0] and mine[0] > mine[1]
    assert ax.figure.axes[1].get_ylabel() == "mine probability"
    assert list(ax.get_xticks()) == list(range(5)) and list(ax.get_yticks()) == list(range(3))
    # without numbers only the board's own marks are written; on an axes given, its figure, titled as asked
    from matplotlib.figure import Figure

    given = Figure().subplots()
    fig = draw(a, ax=given, title="mine", numbers=False)
    assert fig is given.figure and given.get_title() == "mine"
    marks = sorted(v for cell, v in expected.items() if cell not in a.probabilities)
    assert sorted(t.get_text() for t in given.texts) == marks


def test_the_heatmaps_scale_is_zero_to_one_whatever_the_position_holds():
    pytest.importorskip("matplotlib")
    from countsweep.plot import CMAP, draw

    # probabilities of 1/12 and 1/3 only: a scale fitted to the data would run from 1/12 to 1/3
    a = analyze(Board.from_text("4x4x2\n1???\n????\n????\n????"))
    ax = draw(a).axes[0]
    image = ax.images[0]
    assert (image.norm.vmin, image.norm.vmax) == (0, 1) and image.get_cmap() is CMAP
    assert image.get_interpolation() == "nearest"  # one flat square a cell, not a blur between them
    assert image.colorbar is not None and image.colorbar.ax is ax.figure.axes[1]  # the bar is the image's scale
    labels = cell_labels(ax)
    assert labels[(0, 1)] == "33" and labels[(3, 3)] == "8"  # 1/3 and 1/12 in percent, rounded
    assert all(t.get_horizontalalignment() == "center" and t.get_verticalalignment() == "center" for t in ax.texts)
    grey = ax.patches[0].get_facecolor()  # the revealed cell's square: a light grey, opaque
    assert grey[0] == grey[1] == grey[2] and 0.8 < grey[0] < 0.9 and grey[3] == 1


@pytest.mark.parametrize("board, clues, density, title", [
    ("3x3\n?1?\n???\n?2?", "under", None, "3x3, total unknown, clues under: weight 17.67"),
    ("3x3x2\n?1?\n???\n?2?", "under", None, "3x3, 2 mines, clues under: weight 3.75"),
    ("3x3\n?1?\n???\n?2?", "exact", Fraction(1, 5), "3x3, density 1/5, clues exact: weight 0.0852"),
    ("3x3\n?1?\n???\n?2?", "exact", None, "3x3, total unknown: 8 frontier assignments"),
])
def test_the_heatmaps_title_says_what_was_weighed_or_counted(board, clues, density, title):
    pytest.importorskip("matplotlib")
    from countsweep.clues import parse_clues
    from countsweep.plot import draw

    a = analyze(Board.from_text(board), clues=parse_clues(clues), density=density)
    assert draw(a).axes[0].get_title() == title


def test_a_saved_heatmap_carries_the_title_asked_for(tmp_path):
    pytest.importorskip("matplotlib")
    from countsweep.plot import save

    a = analyze(Board.from_text("3x1x1\n?1?"))
    titles = {"given.png": "a title of our own", "again.png": "a title of our own", "other.png": "another",
              "default.png": None}
    for name, title in titles.items():
        save(a, tmp_path / name, title=title)
    drawn = {name: (tmp_path / name).read_bytes() for name in titles}  # a PNG is drawn the same each time
    assert drawn["given.png"] == drawn["again.png"]
    assert len({drawn["given.png"], drawn["other.png"], drawn["default.png"]}) == 3


def test_a_saved_heatmap_replaces_a_file_only_when_told(tmp_path):
    pytest.importorskip("matplotlib")
    from countsweep.errors import OverwriteRefused
    from countsweep.plot import save

    a = analyze(Board.from_text("3x1x1\n?1?"))
    mine = tmp_path / "mine.png"
    mine.write_bytes(b"the user's own")
    with pytest.raises(OverwriteRefused):
        save(a, mine)
    assert mine.read_bytes() == b"the user's own"
    save(a, mine, force=True)
    assert mine.read_bytes().startswith(b"\x89PNG")


def test_a_report_refuses_what_it_cannot_show_by_name():
    with pytest.raises(ParameterTypeError) as refused:
        percent(Fraction(3, 2))
    assert str(refused.value) == "p: a probability (a Fraction in [0, 1]), not Fraction(3, 2)"
    with pytest.raises(ParameterTypeError) as refused:
        rules_report(analyze(Board.from_text("3x1x1\n?1?")))
    assert str(refused.value).startswith("answer: expected a RulesAnalysis (countsweep.rules.analyze_rules), "
                                         "not Analysis(")


def test_a_rule_set_of_no_rules_reports_no_cell():
    assert rules_report(analyze_rules(RuleSet.from_payload({"rules": []}))).splitlines()[:2] == [
        "0 rules over 0 cells, 0 cells no rule names; 0 components",
        "assignments of the named cells (no mine total): 1"]
