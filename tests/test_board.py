"""Board text format: parsing, round trips and precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given

from countsweep import FLAG, HIDDEN, Board, BoardError
from countsweep.board import CLEARED, parse_cell, parse_size
from countsweep.errors import ParameterError
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
        ("# a comment\n3x3x99\n", "line 2: a header but no board rows after it"),
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


# -- the promises the mutation run found untested -----------------------------------------------

def test_the_neighbour_table_and_the_direct_formula_agree_at_the_table_boundary():
    from countsweep.board import neighbours

    def plain(cell, h, w):
        r, c = cell
        return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr, dc) != (0, 0) and 0 <= r + dr < h and 0 <= c + dc < w)

    for h, w in ((256, 256), (257, 256), (2, 40000), (400, 300)):  # 65536 cells: table; more: formula
        for cell in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1), (0, 1), (1, 0), (h // 2, w // 2), (h - 1, 3)):
            assert neighbours(cell, h, w) == plain(cell, h, w), (h, w, cell)


def test_cells_are_every_cell_row_by_row():
    assert list(Board.from_text("3x2\n???\n???").cells()) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_reveal_changes_one_cell_and_keeps_the_total():
    b = Board.from_text("3x2x2\n???\n???")
    for cell in ((0, 0), (0, 2), (1, 0), (1, 2), (1, 1)):
        for value in (0, 2, FLAG, CLEARED):
            after = b.reveal(cell, value)
            assert after[cell] == value and after.mines == 2 and after.origin is None
            assert all(after[x] == HIDDEN for x in b.cells() if x != cell)
    assert b.reveal((0, 0), FLAG).reveal((0, 0), HIDDEN) == b


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ((2, 0), 1, r"^cell \[2, 0\] is off the 3x2 board$"),
        ((0, 3), 1, r"^cell \[0, 3\] is off the 3x2 board$"),
        ((-1, 0), 1, r"^cell \[-1, 0\] is off the 3x2 board$"),
        ((0, 0), 4, r"^cell \[0, 0\]: value 4 is not hidden, a flag or a number it can show$"),
        ((0, 0), -7, r"^cell \[0, 0\]: value -7 is not hidden, a flag or a number it can show$"),
    ],
)
def test_reveal_refuses_what_the_board_cannot_show(cell, value, message):
    with pytest.raises(BoardError, match=message):
        Board.from_text("3x2x2\n???\n???").reveal(cell, value)


def test_reveal_refuses_a_flag_past_the_total_but_not_a_flag_again():
    b = Board.from_text("3x1x1\nF??")
    assert b.reveal((0, 0), FLAG) == b
    with pytest.raises(BoardError, match=r"^2 flags but only 1 mines in total$"):
        b.reveal((0, 1), FLAG)
    assert Board.from_text("3x1\nF??").reveal((0, 1), FLAG)[0, 1] == FLAG  # no total: no bound


@pytest.mark.parametrize(
    ("grid", "mines", "message"),
    [
        ((), None, r"^board has no cells$"),
        (((),), None, r"^board has no cells$"),
        (((0, 1), (0,)), None, r"^row 1 has 1 cells, row 0 has 2$"),
        (((9,),), None, r"^cell \[0, 0\]: invalid value 9$"),
        (((0, "1"),), None, r"^cell \[0, 1\]: invalid value '1'$"),
        (((0,),), -1, r"^mine total -1 is negative$"),
    ],
)
def test_a_board_built_from_codes_refuses_bad_ones_by_name(grid, mines, message):
    with pytest.raises(BoardError, match=message):
        Board(grid, mines)


def test_eight_is_a_number_and_dash_is_a_cleared_cell():
    b = Board.from_text("3x3\n-??\n?8?\n???")
    assert b[1, 1] == 8 and b[0, 0] == CLEARED and b.to_text().splitlines()[1] == "-??"


@pytest.mark.parametrize(
    ("text", "width", "height", "expected"),
    [("2,3", None, None, (2, 3)), ("1,2", 5, None, (1, 2)), ("2,9", 10, 3, (2, 9)),
     ("0," + "9" * 9, None, None, (0, 999_999_999))],
)
def test_parse_cell_reads_row_then_column(text, width, height, expected):
    assert parse_cell(text, width, height) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("x", r"^cell 'x' is not R,C$"), ("3,9", r"^cell '3,9' is not on the 10x3 board$"),
     ("2,10", r"^cell '2,10' is not on the 10x3 board$"),
     ("1," + "9" * 10, r"is not R,C$"), ("z" * 60, r"^cell '" + "z" * 40 + r"' is not R,C$")],
)
def test_parse_cell_refuses_by_name(text, message):
    with pytest.raises(ParameterError, match=message):
        parse_cell(text, 10, 3)


def test_parse_size_names_what_it_expected():
    assert parse_size("9" * 9 + "x2") == (999_999_999, 2, None)
    with pytest.raises(ParameterError, match=r"^size 'x' is not WIDTHxHEIGHT\[xMINES\]$"):
        parse_size("x")
    with pytest.raises(ParameterError, match=r"^size '9x9' is not WIDTHxHEIGHTxMINES$"):
        parse_size("9x9", mines=True)
    with pytest.raises(ParameterError, match=r"^size '" + "1" * 40 + r"': numbers of more than 9 digits$"):
        parse_size("1" * 50 + "x2")


def test_lines_from_other_systems_and_spreadsheets_read_as_the_same_board():
    plain = Board.from_text("3x2\n1??\n???")
    assert Board.from_rows(["3x2\r\n", "1??\r\n", "???\r\n"]) == plain
    assert Board.from_rows(["3x2", "1\t\t", "\t\t"]) == plain  # a row of empty fields is a row of hidden cells
    assert Board.from_rows(["1\t \t ", "\t\t"]) == Board.from_text("1??\n???")


@pytest.mark.parametrize(
    ("text", "message"),
    [("3x1\n1\tz", r"line 2, column 3: unexpected character 'z'"),
     ("2x1\n1\t  z", r"line 2, column 5: unexpected character 'z'"),
     ("2x1\n1\tX", r"line 2, column 3: unexpected character 'X'"),
     ("3x1\n?\x07?", r"line 2, column 2: unexpected character '\\x07'")],
)
def test_a_bad_character_is_named_with_its_line_and_column(text, message):
    with pytest.raises(BoardError, match=message):
        Board.from_text(text)


def test_only_spaces_pad_a_tab_separated_field():
    assert Board.from_text("3x1\n1\t \t?").grid == ((1, HIDDEN, HIDDEN),)  # a blank field is hidden
    with pytest.raises(BoardError, match=r"line 2, column 3: unexpected character '\\xa0'"):
        Board.from_text("3x1\n1\t\u00a0\t?")  # other white space is not padding


@pytest.mark.parametrize("text, line", [("2x1\n2x1\n00", 2), ("00\n2x2\n00", 2)])
def test_a_size_line_is_a_header_only_before_any_other_line(text, line):
    with pytest.raises(BoardError, match=rf"^line {line}, column 2: unexpected character 'x'"):
        Board.from_text(text)


def test_the_last_flag_the_total_allows_may_be_placed_and_no_more():
    b = Board.from_text("3x1x2\nF??")
    two = b.reveal((0, 1), FLAG)
    assert two.grid == ((FLAG, FLAG, HIDDEN),)
    assert two.reveal((0, 1), FLAG) == two  # flagging a flag adds none
    with pytest.raises(BoardError, match=r"^3 flags but only 2 mines in total$"):
        two.reveal((0, 2), FLAG)


def test_a_cell_may_show_as_many_mines_as_it_has_neighbours_and_no_more():
    b = Board.from_text("2x2\n??\n??")
    assert b.reveal((0, 0), 3)[(0, 0)] == 3  # a corner has three neighbours
    with pytest.raises(BoardError, match=r"cell \[0, 0\]: value 4 is not"):
        b.reveal((0, 0), 4)


def test_text_without_its_header_is_the_rows_alone():
    b = Board.from_text("3x2x1\n1?F\n-0?")
    assert b.to_text(header=False) == "1?F\n-0?"
    assert b.to_text() == "3x2x1\n1?F\n-0?"


def test_another_total_keeps_the_grid_and_where_each_cell_was_read():
    b = Board.from_text("# a comment\n2x1\n?1")
    changed = b.with_mines(1)
    assert changed.mines == 1 and changed.grid == b.grid
    assert changed.where((0, 1)) == "cell [0, 1] (line 3, column 2)"
    assert b.with_mines(None).mines is None


# Headers, word by word ---------------------------------------------------------------------------

WORDS = "(square, torus, hex, 3d, neighbourhood or graph FILE)"


@pytest.mark.parametrize(("line", "says"), [
    ("4x4x3 hex 3d", "a board has one topology: hex, 3d, a neighbourhood or a graph"),
    ("4x4x3 torus neighbourhood knight 3d", "a board has one topology: hex, 3d, a neighbourhood or a graph"),
    ("4x4x3 graph g.json", "a board on a graph names its graph file; read it from a file (countsweep count FILE), "
                           "not from text alone"),
    ("3d", "a 3d board's header gives its size, WIDTHxHEIGHTxDEPTH[xMINES]: the rows alone cannot tell where one "
           "layer ends"),
    ("3x3x0x1", "a 3d board has at least one layer"),
    ("3x1x1 torus 4x4", f"'4x4' is neither a size nor a topology word {WORDS}"),
    ("torus 3x1x1 4x4x2", f"'4x4x2' is neither a size nor a topology word {WORDS}"),
    ("3x1x1 torus " + "w" * 40, f"'{'w' * 30}' is neither a size nor a topology word {WORDS}"),
    ("3x1x1x" + "1" * 45, f"size '3x1x1x{'1' * 34}': numbers of more than 9 digits"),
])
def test_a_header_that_cannot_be_read_says_exactly_why_on_its_line(line, says):
    from countsweep.board import parse_header

    with pytest.raises(BoardError) as raised:
        parse_header(line, 7)
    assert str(raised.value) == f"line 7: {says}"
    with pytest.raises(BoardError) as raised:
        Board.from_text(f"{line}\n???")
    assert str(raised.value) == f"line 1: {says}"


def test_header_words_are_read_in_any_case_and_after_a_neighbourhoods_name():
    from countsweep.board import parse_header
    from countsweep.topology import KNIGHT_OFFSETS, SQUARE, Grid, Grid3D

    assert parse_header("3x1x1 square", 7) == parse_header("3x1x1 SQUARE", 7) == parse_header("3x1x1", 7)
    assert parse_header("3x1x1 square", 7).topology == SQUARE and parse_header("3x1x1", 7).line == 7
    knight = parse_header("3x3x1 neighbourhood knight torus")
    assert knight.topology == Grid(KNIGHT_OFFSETS, wrap=True) and knight.mines == 1
    assert parse_header("3x2 3d").topology == Grid3D(1)  # no depth given: one layer
    assert parse_header("3x1x1x2").topology == Grid3D(1) and parse_header("3x1x1x2").mines == 2
    assert parse_header("3x1x123456789").mines == 123456789  # nine digits are a number


def test_a_graph_does_not_wrap():
    from countsweep.board import parse_header
    from countsweep.topology import Graph

    pair = Graph.from_json({"nodes": ["a", "b"], "edges": [["a", "b"]]})
    with pytest.raises(BoardError, match=r"^line 2: a graph does not wrap: drop 'torus'$"):
        parse_header("torus graph g.json 2x1", 2, graph=lambda name: pair)
    assert parse_header("graph g.json 2x1", 2, graph=lambda name: pair).topology is pair


def test_a_tokenised_rows_bad_cell_is_named_by_its_column():
    # a 3D number may pass 9, so a 3D row holding spaces is read as space-separated cells
    with pytest.raises(BoardError, match=r"^line 2, column 5: unexpected character 'x' \(expected H \? \. F \* - or "
                                         r"0-26\)$"):
        Board.from_text("3x1x1x1\n1 ? x")
    with pytest.raises(BoardError, match=r"^line 2, column 7: unexpected field 'xyz'"):
        Board.from_text("3x1x1x1\n1  ?  xyz")


def test_a_3d_board_reads_numbers_past_9_and_writes_its_layers_apart_in_cells_of_their_own():
    board = Board.from_text("3x3x2x1\n? ? ?\n? 13 ?\n? ? ?\n? ? ?\n? ? ?\n? ? ?")
    assert board[(1, 1)] == 13 and board.height == 6 and board.topology.max_degree == 26
    text = board.to_text()
    assert text == "3x3x2x1\n? ? ?\n? 13 ?\n? ? ?\n\n? ? ?\n? ? ?\n? ? ?", text
    assert Board.from_text(text) == board
    single = Board.from_text("3x1x1x1\n?2?")  # no spaces to read: one character a cell
    assert single.to_text() == "3x1x1x1\n? 2 ?" and single[(0, 1)] == 2


def test_a_board_keeps_its_topology_through_every_copy():
    from countsweep.topology import TORUS

    torus = Board.from_text("3x3x1 torus\n???\n?1?\n???")
    assert torus.header_line() == "3x3x1 torus"
    assert Board.from_text("3x3x1\n???\n?1?\n???").header_line() == "3x3x1"
    assert torus.with_mines(None).topology == TORUS and torus.with_mines(None).header_line() == "3x3 torus"
    opened = torus.reveal((0, 0), 1)
    assert opened.topology == TORUS and opened.origin is None
    assert Board.from_array([[-1, 1]], topology=TORUS).topology == TORUS


def test_a_grid_of_float_codes_equal_to_whole_numbers_is_read_and_others_are_refused():
    np = pytest.importorskip("numpy")
    assert Board.from_array([[1.0, -1.0]]).grid == ((1, HIDDEN),)
    assert Board.from_array(np.array([[1.0, -1.0]])).grid == ((1, HIDDEN),)
    with pytest.raises(BoardError):
        Board.from_array([[1.5, -1]])


@pytest.mark.parametrize(("call", "says"), [
    (lambda: Board(((1,),), topology="torus"), r"^topology: expected a countsweep\.topology\.Topology, not str$"),
    (lambda: Board(5), r"^grid: a board's grid is a tuple of rows, each a tuple of cell codes, not 5 "),
    (lambda: Board.from_text(5), r"^text: a board in the text format is a str, not int \(Board\.from_rows takes a "
                                 r"list of lines, Board\.from_array a grid of codes\)$"),
    (lambda: Board.from_rows("1?"), r"^lines: a board's rows are a list of str, e\.g\. \['1\?\?', '\?\?\?'\] "
                                    r"\(Board\.from_text takes one str\)$"),
    (lambda: Board.from_array(5), r"^array: a grid is rows of cell codes, not int$"),
    (lambda: Board.from_array([5]), r"^array: row 0 is int, not a sequence of cell codes$"),
    (lambda: Board.from_array([[1]], mines="3"), r"^mines: a mine total is a whole number \(an int\) or None, "
                                                 r"not '3'$"),
    (lambda: parse_size(5), r"^a size is text WIDTHxHEIGHT\[xMINES\], not int$"),
    (lambda: parse_size("x" * 50), rf"^size '{'x' * 40}' is not WIDTHxHEIGHT\[xMINES\]$"),
    (lambda: parse_cell(5), r"cell"),
])
def test_what_is_not_a_board_is_refused_saying_what_it_was(call, says):
    from countsweep.errors import CountsweepError

    with pytest.raises(CountsweepError, match=says):
        call()


def test_a_neighbourhood_of_ten_reads_a_10_as_one_cell_and_a_graph_row_may_span_lines():
    from countsweep.topology import Graph

    ten = "offsets:" + ";".join(f"{a},{b}" for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)) + ";0,2;0,-2"
    board = Board.from_text(f"5x3x10 neighbourhood {ten}\n? ? ? ? ?\n? ? 10 ? ?\n? ? ? ? ?")
    assert board[(1, 2)] == 10 and board.topology.max_degree == 10 and board.width == 5
    assert board.to_text().splitlines()[2] == "? ? 10 ? ?" and Board.from_text(board.to_text()) == board
    ring = Graph.from_json({"nodes": ["a", "b", "c", "d"], "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]]})
    two_lines = Board.from_text("4x1x1 graph ring.json\n1?\n??", graph=lambda name: ring)
    assert two_lines.grid == ((1, HIDDEN, HIDDEN, HIDDEN),)
    assert two_lines == Board.from_text("4x1x1 graph ring.json\n1???", graph=lambda name: ring)


def test_a_headers_line_is_0_unless_given_and_a_cells_error_may_be_the_callers_own():
    from countsweep.board import parse_header
    from countsweep.topology import Grid3D

    assert parse_header("3x1x1").line == 0
    board = Board.from_text("3x1x1\n?1?")
    with pytest.raises(KeyError):
        board.check_cell("a", error=KeyError)
    with pytest.raises(KeyError):
        board.check_cell((5, 5), error=KeyError)
    with pytest.raises(BoardError, match=r"^a 3d board of 2 layers has a multiple of 2 rows, not 3$"):
        Board(((HIDDEN,), (HIDDEN,), (HIDDEN,)), topology=Grid3D(2))
    with pytest.raises(BoardError, match=r"^mine total 1\.5 is not a whole number$"):
        Board(((HIDDEN, 1, HIDDEN),), mines=1.5)


def test_a_long_field_is_shown_cut_to_twenty_characters_and_what_is_no_board_says_how_to_make_one():
    from countsweep.board import as_board

    with pytest.raises(BoardError, match=rf"^line 2, column 5: unexpected field '{'x' * 20}' \(expected"):
        Board.from_text("3x1x1x1\n1 ? " + "x" * 30)
    with pytest.raises(ParameterError) as raised:
        as_board(42)
    assert str(raised.value) == ("board: expected a countsweep.Board, board text or a list of rows, not 42 "
                                 "(make one with Board.from_text('4x4x3\\n1???\\n...'))")


def test_a_graph_board_over_several_lines_names_each_cell_by_its_own_line_and_writes_one_row():
    from countsweep.board import parse_header
    from countsweep.topology import Graph

    star = Graph.from_json({"nodes": ["hub", *(f"l{i}" for i in range(9))],
                            "edges": [["hub", f"l{i}"] for i in range(9)]})
    board = Board.from_text("10x1x1 graph star.json\n9????\n?????", graph=lambda name: star)
    assert board.to_text() == "10x1x1 graph graph\n9?????????"  # a top of 9: one character a cell, no spaces
    # at a top of 9 a space is only a space: cells are still one character each (past 9 it separates tokens)
    assert Board.from_text("10x1x1 graph star.json\n9???? ?????", graph=lambda name: star) == board
    with pytest.raises(BoardError, match=r"^cell 'l5' \(line 3, column 2\): number 5 is larger than its 1 "
                                         r"neighbours allow$"):
        Board.from_text("10x1x1 graph star.json\n?????\n?5???", graph=lambda name: star)
    assert parse_header("3x1x123456789 torus").mines == 123456789  # nine digits, among words
