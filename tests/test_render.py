"""What ``countsweep count`` prints and draws: the text report and the heatmap."""

from __future__ import annotations

from fractions import Fraction

import pytest

from countsweep import Board, analyze
from countsweep.render import percent, report
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
