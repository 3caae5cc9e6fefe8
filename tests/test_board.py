"""Board text format: parsing, round trips and precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given

from countsweep import FLAG, HIDDEN, Board, BoardError
from tests.strategies import positions


def test_header_rows_comments_and_all_cell_characters():
    b = Board.from_text("# a comment\n5x2x3\nH?.F*\n01233\n")
    assert (b.width, b.height, b.mines) == (5, 2, 3)
    assert b.grid[0] == (HIDDEN, HIDDEN, HIDDEN, FLAG, FLAG)
    assert b.grid[1] == (0, 1, 2, 3, 3)


def test_spaces_and_tabs_between_cells_are_ignored():
    b = Board.from_text("3x2x1\n1\t?\t?\n ? ? ?\n")
    assert b.grid == ((1, HIDDEN, HIDDEN), (HIDDEN, HIDDEN, HIDDEN))


def test_header_without_mines_means_unknown_and_option_overrides():
    assert Board.from_text("2x1\n1?").mines is None
    assert Board.from_text("2x1x1\n1?", mines=0).mines == 0
    assert Board.from_text("1?", mines=1).mines == 1


@given(positions(max_hidden=20))
def test_to_text_round_trips(board):
    again = Board.from_text(board.to_text())
    assert again == board


def test_from_rows_and_from_array_agree_with_text():
    text = Board.from_text("3x2x1\n1??\n???")
    assert Board.from_rows(["3x2x1", "1??", "???"]) == text
    assert Board.from_array([[1, -1, -1], [-1, -1, -1]], mines=1) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no board rows found"),
        ("# only a comment\n", "no board rows found"),
        ("3x1x0\n1?x\n", r"line 2, column 3: unexpected character 'x'"),
        ("???\n??\n", r"line 2: row 1 has 2 cells, row 0 \(line 1\) has 3"),
        ("4x2x1\n???\n???\n", r"line 1: header says 4x2 but the grid is 3x2"),
        ("3x3x1\n4??\n???\n???\n",
         r"cell \[0, 0\] \(line 2, column 1\): number 4 is larger than its 3 neighbours allow"),
        ("3x1x1\nFF?\n", "2 flags but only 1 mines in total"),
        ("2x1x5\n??\n", "mine total 5 exceeds the 2 cells"),
    ],
)
def test_malformed_boards_name_the_place(text, message):
    with pytest.raises(BoardError, match=message):
        Board.from_text(text)


def test_one_by_one_board_is_valid():
    b = Board.from_text("1x1x0\n?")
    assert (b.width, b.height, b.hidden()) == (1, 1, [(0, 0)])


def test_every_digit_parses_where_it_fits():
    for d in range(9):
        assert Board.from_text(f"3x3\n???\n?{d}?\n???")[1, 1] == d


def test_tab_separated_rows_with_empty_fields_load_as_in_the_thesis():
    # Figure 1 of the Swedish thesis, pasted as it stands: empty fields are hidden cells
    figure1 = ("\t\t\t\t\t2\t\n\t4\t\t\t\t\t1\n\t\t\t\t\t3\t1\n\t\t\t\t\t1\t0\n"
               "\t\t\t1\t1\t1\t0\n1\t2\t\t1\t0\t0\t0\n0\t1\t\t1\t0\t0\t0\n0\t1\t\t1\t0\t0\t0\n")
    b = Board.from_text(figure1)
    assert (b.width, b.height) == (7, 8)
    assert b.grid[0] == (HIDDEN,) * 5 + (2, HIDDEN)
    assert b.grid[5] == (1, 2, HIDDEN, 1, 0, 0, 0)
    from countsweep import analyze

    assert analyze(b).count > 0  # a real, consistent position


def test_tab_fields_report_their_column():
    with pytest.raises(BoardError, match=r"line 1, column 3: unexpected field '12'"):
        Board.from_text("1\t12\t?")


def test_old_module_paths_still_import_with_a_deprecation_warning():
    import importlib
    import sys

    import countsweep.counting.dpll as new

    sys.modules.pop("countsweep.dpll", None)
    with pytest.warns(DeprecationWarning, match="countsweep.dpll is deprecated; import countsweep.counting.dpll"):
        old = importlib.import_module("countsweep.dpll")
    assert old is new
