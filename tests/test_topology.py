"""Topologies: every board shape read, written, counted, played and solved as its definition says.

Neighbourhoods are checked against definitions written apart from
``countsweep.topology`` (``tests/reference.py``), the kernel's tables against
the Python ones, and games, optimal play and the text format on each shape.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from countsweep import Board, BoardError, analyze
from countsweep.errors import InputError, ParameterError
from countsweep.kernel import KERNEL
from countsweep.play.agents import BestAgent, GreedyAgent, play_game
from countsweep.play.game import Game, Settings
from countsweep.play.optimal import solve_game
from countsweep.play.runs import deal
from countsweep.topology import (
    CROSS,
    HEX,
    KNIGHT,
    SQUARE,
    TORUS,
    Graph,
    Grid,
    Grid3D,
    Hex,
    kernel_table,
    parse_topology,
)
from tests.reference import reference_around, reference_first_click
from tests.strategies import TOPOLOGIES, positions, topologies

SHAPES = [SQUARE, TORUS, HEX, Hex(wrap=True), Grid3D(2), Grid3D(3, wrap=True), KNIGHT, CROSS,
          Grid(CROSS.offsets, wrap=True)]


@settings(max_examples=300)
@given(topologies(TOPOLOGIES))
def test_every_cells_neighbours_are_the_definitions(shape):
    topology, width, height = shape
    for r in range(height):
        for c in range(width):
            assert set(topology.neighbours((r, c), height, width)) == reference_around(topology, (r, c), height, width)


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
@settings(max_examples=300)
@given(topologies(TOPOLOGIES))
def test_the_kernels_tables_are_the_python_ones(shape):
    topology, width, height = shape
    table = kernel_table(topology, height, width)
    for i in range(width * height):
        cell = divmod(i, width)
        assert table.around(i) == tuple(r * width + c for r, c in topology.neighbours(cell, height, width))


@pytest.mark.parametrize("wrap", [False, True])
def test_a_neighbourhood_slanted_one_way_is_not_read_mirrored(wrap):
    # every shipped neighbourhood is its own mirror image across a row, so only a slanted one tells
    # a row offset taken upwards from one taken downwards
    slanted = Grid(offsets=((1, 2), (-1, -2)), wrap=wrap)
    assert slanted.neighbours((2, 2), 5, 5) == ((1, 0), (3, 4))
    assert slanted.neighbours((0, 1), 5, 5) == (((1, 3), (4, 4)) if wrap else ((1, 3),))
    for r in range(5):
        for c in range(5):
            assert set(slanted.neighbours((r, c), 5, 5)) == reference_around(slanted, (r, c), 5, 5)
    if KERNEL is not None:
        table = kernel_table(slanted, 5, 5)
        assert [table.around(i) for i in range(25)] == [
            tuple(r * 5 + c for r, c in slanted.neighbours(divmod(i, 5), 5, 5)) for i in range(25)]


@settings(max_examples=300)
@given(positions(max_hidden=12, kinds=TOPOLOGIES))
def test_a_board_of_any_topology_reads_back_what_it_writes(board):
    if isinstance(board.topology, Graph):
        return  # a graph's board names its graph file: read through count, tested there
    assert Board.from_text(board.to_text()) == board


@pytest.mark.parametrize("header, words, size", [
    ("30x16x99 torus", "torus", (30, 16, 99)),
    ("hex 10x10x15", "hex", (10, 10, 15)),
    ("torus hex 4x4", "torus hex", (4, 4, None)),
    ("5x4x3x20", "3d", (5, 12, 20)),
    ("5x4x3 3d", "3d", (5, 12, None)),
    ("torus 5x4x3x20", "torus 3d", (5, 12, 20)),
    ("neighbourhood knight", "neighbourhood knight", (None, None, None)),
    ("8x8x10 neighborhood cross", "neighbourhood cross", (8, 8, 10)),
    ("8x8 torus neighbourhood offsets:0,1;0,-1", "torus neighbourhood offsets:0,-1;0,1", (8, 8, None)),
])
def test_header_words_name_the_topology(header, words, size):
    from countsweep.board import parse_header

    h = parse_header(header)
    assert h is not None and h.topology.words() == words and (h.width, h.height, h.mines) == size


@pytest.mark.parametrize("header, says", [
    ("hex 3d 5x5", "one topology"),
    ("3d", "gives its size"),
    ("5x5 neighbourhood bishop", "unknown neighbourhood"),
    ("5x5 neighbourhood offsets:1,1", "symmetric"),
    ("5x5 neighbourhood offsets:0,0", "never \\(0, 0\\)"),
    ("5x5 neighbourhood offsets:X1,0;-1,0", "offsets are 'dr,dc' pairs"),  # only a minus may lead a digit
    ("5x5 torus squid", "neither a size nor a topology word"),
    ("5x5 neighbourhood", "needs a name"),
    ("graph g.json 5x1", "from a file"),
])
def test_a_bad_header_names_what_is_wrong(header, says):
    with pytest.raises(BoardError, match=says):
        Board.from_text(header + "\n" + "?????\n" * 5)


def test_a_number_past_its_cells_neighbourhood_is_refused_on_every_topology():
    with pytest.raises(BoardError, match="larger than its 2 neighbours"):
        Board.from_text("hex 3x3\n3??\n???\n???")  # a corner of an even row touches two cells
    with pytest.raises(BoardError, match="0-6"):
        Board.from_text("hex 3x3\n???\n?7?\n???")  # no hex cell shows 7
    assert Board.from_text("3x3x1 torus\n???\n?8?\n???")[1, 1] == 8  # a torus cell has eight: fine
    with pytest.raises(BoardError, match="larger than its 7 neighbours"):
        Board.from_text("2x2x2x1\n??\n?8\n\n??\n??")


def test_a_3d_board_reads_numbers_past_nine_separated_by_spaces():
    b = Board.from_text("3x3x3x26\n? ? ?\n? ? ?\n? ? ?\n\n? ? ?\n? 26 ?\n? ? ?\n\n? ? ?\n? ? ?\n? ? ?")
    assert b[4, 1] == 26 and analyze(b).count == 1
    assert "26" in b.to_text() and Board.from_text(b.to_text()) == b


def test_a_hex_board_counts_six_neighbours_as_drawn():
    # the middle of row 1 (odd: half a cell right) touches (0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)
    a = analyze(Board.from_text("hex 3x3x1\n???\n?1?\n???"))
    assert {c for c, p in a.probabilities.items() if p} == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)}


def test_a_graph_board_reads_its_graph_relative_to_its_file(tmp_path):
    from tests.cli_helpers import run

    (tmp_path / "ring.json").write_text('{"nodes": ["a", "b", "c", "d"], "edges": [["a","b"],["b","c"],["c","d"],'
                                        '["d","a"]]}')
    (tmp_path / "board.txt").write_text("4x1x1 graph ring.json\n1???\n")
    r = run("count", str(tmp_path / "board.txt"), "--json", "--exact")
    assert r.exit_code == 0, r.stderr
    import json

    assert json.loads(r.stdout)["exact"] == [[None, "1/2", "0/1", "1/2"]]


@pytest.mark.parametrize("doc, says", [
    ({"nodes": ["a", "a"]}, "named twice"),
    ({"nodes": ["a"], "edges": [["a", "a"]]}, "its own neighbour"),
    ({"nodes": ["a"], "edges": [["a", "b"]]}, "no node"),
    ({"nodes": []}, "no node"),
    ([1, 2], "expected an object"),
    ({"neighbours": {"a": "b"}}, "list of names"),
])
def test_a_bad_graph_is_refused_saying_why(doc, says):
    with pytest.raises(InputError, match=says):
        Graph.from_json(doc)


@pytest.mark.parametrize("spec", ["square", "torus", "hex", "torus hex", "3d:2", "torus 3d:3",
                                  "neighbourhood knight", "torus neighbourhood cross"])
def test_a_topology_spec_reads_back_what_it_writes(spec):
    assert parse_topology(spec).spec() == spec


@pytest.mark.parametrize("spec", ["cube", "3d", "3d:0", "hex hex", "graph", "torus graph x.json", 5])
def test_a_bad_topology_spec_is_a_usage_error(spec):
    with pytest.raises(ParameterError):
        parse_topology(spec)  # type: ignore[arg-type]


# games and play -----------------------------------------------------------------------------------

GAMES = [("torus", 8, 8, 10), ("hex", 8, 8, 10), ("3d:2", 4, 8, 6), ("neighbourhood knight", 8, 8, 10),
         ("neighbourhood cross", 8, 8, 10), ("torus hex", 6, 6, 6)]


@pytest.mark.parametrize("spec, width, height, mines", GAMES)
def test_a_game_shows_each_opened_cell_the_mines_of_its_neighbourhood(spec, width, height, mines):
    topology = parse_topology(spec)
    for seed in range(5):
        game = Game(width, height, mines, "opening", seed=seed, topology=topology)
        first = (height // 2, width // 2)
        assert game.open(first)
        layout = game.reveal_layout()
        assert not (reference_around(topology, first, height, width) & layout)  # the opening spares them
        view = game.view()
        assert view.topology == topology
        for cell in view.number_cells:
            assert view[cell] == len(reference_around(topology, cell, height, width) & layout)


@pytest.mark.long
@pytest.mark.parametrize("spec, width, height, mines", GAMES)
def test_both_agents_play_every_topology_and_never_open_a_cell_they_called_a_mine(spec, width, height, mines):
    import dataclasses

    settings = Settings(width, height, mines, "safe", "corner", topology=spec)
    for agent in (GreedyAgent(), BestAgent()):
        for index in range(4):
            opened: list[tuple[Board, tuple[int, int]]] = []

            def trace(board, move, opened=opened):
                if move.action == "open":
                    opened.append((board, move.cell))

            game, first, seed = deal(settings, 9, index)
            record = play_game(game, agent, first=first, seed=seed, trace=trace)
            again, _, _ = deal(settings, 9, index)
            replay = play_game(again, agent, first=first, seed=seed)
            assert dataclasses.replace(record, seconds=0) == dataclasses.replace(replay, seconds=0)  # seeded
            assert record.won or game.lost
            assert opened and all(analyze(b).probability(c) < 1 for b, c in opened)


def test_the_play_command_deals_games_on_a_topology(tmp_path):
    import json

    from tests.cli_helpers import run

    out = tmp_path / "games.jsonl"
    r = run("play", "--size", "8x8x10", "--topology", "torus", "--games", "6", "--json", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["settings"]["topology"] == "torus" and summary["games"] == 6
    r3 = run("play", "--size", "4x4x2x5", "--games", "3", "--json", "--agent", "greedy")
    assert r3.exit_code == 0 and json.loads(r3.stdout)["settings"]["topology"] == "3d:2"
    bad = run("play", "--size", "8x8x10", "--topology", "klein bottle")
    assert bad.exit_code == 2 and "unknown topology" in bad.stderr


@pytest.mark.long
@pytest.mark.parametrize("spec, width, height, mines", [("torus", 3, 3, 2), ("hex", 3, 3, 2),
                                                       ("neighbourhood knight", 3, 3, 2), ("3d:2", 2, 4, 2)])
def test_optimal_play_on_a_topology_is_the_definitions_value(spec, width, height, mines):
    topology = parse_topology(spec)
    for first in [(0, 0), (height - 1, width - 1)]:
        sol = solve_game(width, height, mines, "safe", first, topology=topology)
        assert sol.value == reference_first_click(width, height, mines, "safe", first, topology=topology)


def test_optimal_play_on_a_small_graph_is_the_definitions_value():
    star = Graph.from_json({"nodes": list("abcde"), "edges": [["a", x] for x in "bcde"] + [["b", "c"]]})
    for first in [(0, 0), (0, 3)]:
        sol = solve_game(5, 1, 2, "safe", first, topology=star)
        assert sol.value == reference_first_click(5, 1, 2, "safe", first, topology=star)


def test_a_random_first_click_on_every_topology_is_on_the_board():
    for spec, width, height, mines in GAMES:
        settings = Settings(width, height, mines, "safe", "random", topology=spec)
        game, first, _ = deal(settings, 1, 0)
        assert 0 <= first[0] < height and 0 <= first[1] < width and game.open(first)
        assert isinstance(random.Random(0), random.Random)


@pytest.mark.parametrize("spec, width, height", [("torus hex", 5, 5), ("3d:3", 4, 4)])
def test_settings_refuse_a_board_the_topology_cannot_lie_on(spec, width, height):
    with pytest.raises(ParameterError):
        Settings(width, height, 3, topology=spec)


@given(st.sampled_from(SHAPES))
def test_a_topologys_words_read_back(topology):
    assert parse_topology(topology.spec()) == topology


GRAPH_ERRORS = [
    ([1, 2], 'graph: expected an object with "nodes" and "edges", or "neighbours"'),
    ({"neighbours": [["a", "b"]]}, "graph: \"neighbours\" maps each node's name to a list of names"),
    ({"neighbours": {"a": "b"}}, "graph: neighbours of 'a': expected a list of names"),
    ({"nodes": "ab", "edges": []}, 'graph: "nodes" is a list of names and "edges" a list of [a, b] pairs'),
    ({"nodes": ["a"], "edges": {}}, 'graph: "nodes" is a list of names and "edges" a list of [a, b] pairs'),
    ({"nodes": ["a", "b"], "edges": [["a", "b"], ["a"]]}, "graph: edges[1]: expected a pair [a, b]"),
    ({"nodes": ["a", "b"], "edges": [("a", "b", "c")]}, "graph: edges[0]: expected a pair [a, b]"),
    ({"nodes": [], "edges": []}, "graph: the graph has no node"),
    ({"nodes": ["a", ""], "edges": []}, "graph: every node is named by a non-empty string of text"),
    ({"nodes": ["a", 3], "edges": []}, "graph: every node is named by a non-empty string of text"),
    ({"nodes": ["a", "\ud800"], "edges": []}, "graph: every node is named by a non-empty string of text"),
    ({"nodes": ["a", "a"], "edges": []}, "graph: a node is named twice"),
    ({"nodes": ["a", "b"], "edges": [["a", "z"]]}, "graph: an edge names 'z', which is no node"),
    ({"nodes": ["a", "b"], "edges": [["z", "a"]]}, "graph: an edge names 'z', which is no node"),
    ({"neighbours": {"a": ["q"]}}, "graph: an edge names 'q', which is no node"),
    ({"nodes": ["a", "b"], "edges": [["b", "b"]]}, "graph: node 'b' is its own neighbour"),
]


@pytest.mark.parametrize(("doc", "message"), GRAPH_ERRORS)
def test_a_malformed_graph_is_refused_in_one_sentence_naming_what_is_wrong(doc, message):
    from countsweep.errors import InputError
    from countsweep.topology import Graph

    with pytest.raises(InputError) as info:
        Graph.from_json(doc)
    assert str(info.value) == message
    with pytest.raises(InputError, match=r"^maze\.json: "):
        Graph.from_json(doc, "maze.json")


def test_a_graph_by_neighbours_is_the_graph_by_edges_and_keeps_where_it_came_from():
    from countsweep.topology import Graph

    by_edges = Graph.from_json({"nodes": ["a", "b", "c", "d"], "edges": [["a", "b"], ["b", "c"], ["c", "a"]]},
                               "tri.json")
    by_lists = Graph.from_json({"neighbours": {"a": ["b", "c"], "b": ["c"], "c": [], "d": []}})
    assert by_edges == by_lists and by_edges.edges == ((1, 2), (0, 2), (0, 1), ())
    assert by_edges.names == ("a", "b", "c", "d") and by_edges.source == "tri.json" and by_lists.source == "graph"


def test_a_graph_written_as_json_reads_back_as_itself_each_edge_once():
    from countsweep.topology import Graph

    ring = Graph.from_json({"neighbours": {"a": ["b", "d"], "b": ["c"], "c": ["d"], "d": [], "e": []}})
    doc = ring.to_json()
    assert doc == {"nodes": ["a", "b", "c", "d", "e"], "edges": [["a", "b"], ["a", "d"], ["b", "c"], ["c", "d"]]}
    assert Graph.from_json(doc) == ring


@pytest.mark.parametrize(("spec", "names"), [
    ("graph ring.json", True), ("GRAPH ring.json", True), ("square graph ring.json", True),
    ("torus graph ring.json", True),  # refused as a topology too, but it names a file all the same
    ("graph", True), ("hex", False), ("torus", False), ("square", False), ("", False),
    ("neighbourhood knight", False), ("3d:2", False), ("torus hex", False),
])
def test_a_spec_names_a_file_where_its_first_word_past_torus_and_square_is_graph(spec, names):
    from countsweep.topology import names_file

    assert names_file(spec) is names


def test_words_torus_and_square_join_a_topology_without_naming_it():
    from countsweep.topology import HEX, KNIGHT, TORUS, Hex, parse_topology

    # specs met nowhere else in the tests: parse_topology keeps what it parsed
    assert parse_topology("square  hex  square") == HEX and parse_topology("hex torus  square") == Hex(wrap=True)
    assert parse_topology("square torus square") == TORUS
    assert parse_topology("square  neighbourhood knight") == KNIGHT


def test_a_graph_is_given_only_for_a_graph_spec_and_only_as_a_graph():
    from countsweep.errors import ParameterTypeError
    from countsweep.topology import Graph, give_graph, names_file, parse_topology

    ring = Graph.from_json({"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"], ["c", "a"]]})
    with pytest.raises(ParameterError, match=r"^give_graph: a 'graph FILE' spec and its Graph, not 'hex' and Graph$"):
        give_graph("hex", ring)
    with pytest.raises(ParameterError, match=r"^give_graph: a 'graph FILE' spec and its Graph, not "
                                             r"'graph given\.json' and dict$"):
        give_graph("graph given.json", ring.to_json())  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"^topology: a spec such as 'torus' or 'hex', not int$"):
        names_file(5)  # type: ignore[arg-type]
    give_graph("graph given.json", ring)
    assert parse_topology("graph given.json") is ring and parse_topology("hex") != ring


@pytest.mark.parametrize(("make", "kind", "message"), [
    (lambda T: T.Grid3D(depth=0), "ParameterError", "a 3d board has at least one layer, not 0"),
    (lambda T: T.Grid3D(depth=1.5), "ParameterTypeError", "depth: a whole number of layers (an int), not 1.5"),
    (lambda T: T.Grid(offsets=((0, 0), (1, 1), (-1, -1))), "ParameterError",
     "a neighbourhood's offsets are distinct and never (0, 0)"),
    (lambda T: T.Grid(offsets=((0, 1), (0, 1), (0, -1))), "ParameterError",
     "a neighbourhood's offsets are distinct and never (0, 0)"),
    (lambda T: T.Grid(offsets=((0, 1),)), "ParameterError",
     "a neighbourhood is symmetric: with (dr, dc) it holds (-dr, -dc)"),
    (lambda T: T.Grid(offsets=((0, 1), (0, -1), (1,))), "ParameterTypeError",
     "offsets: a tuple of (dr, dc) pairs of ints, not ((0, 1), (0, -1), (1,))"),
    (lambda T: T.Grid(offsets=((0, 1), (0, -1), [1, 0.5])), "ParameterTypeError",
     "offsets: a tuple of (dr, dc) pairs of ints, not ((0, 1), (0, -1), [1, 0.5])"),
    (lambda T: T.Grid(offsets=((0, 1000), (0, -1000))), None, None),
    (lambda T: T.Grid(offsets=((0, 1001), (0, -1001))), "ParameterError",
     "offsets: a neighbour is at most 1000 rows or columns away"),
    (lambda T: T.parse_neighbourhood("offsets:1,2;x"), "ParameterError",
     "neighbourhood 'offsets:1,2;x': offsets are 'dr,dc' pairs separated by ';'"),
    (lambda T: T.parse_neighbourhood("offsets:0,1;0,-1:2"), "ParameterError",
     "neighbourhood 'offsets:0,1;0,-1:2': offsets are 'dr,dc' pairs separated by ';'"),
    (lambda T: T.parse_neighbourhood("o" * 70), "ParameterError",
     f"unknown neighbourhood {'o' * 40!r}: choose king, knight, cross or offsets:dr,dc;..."),
    (lambda T: T.parse_neighbourhood("offsets:" + "1,1;" * 20 + "x"), "ParameterError",
     f"neighbourhood {('offsets:' + '1,1;' * 20)[:60]!r}: offsets are 'dr,dc' pairs separated by ';'"),
    (lambda T: T.load_graph("maze.json", "{"), "InputError",
     "maze.json: not JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))"),
])
def test_a_topology_given_wrong_says_what_in_one_sentence(make, kind, message):
    from countsweep import topology as T

    if kind is None:
        make(T)  # the limit itself is allowed
        return
    with pytest.raises(Exception) as info:
        make(T)
    assert (type(info.value).__name__, str(info.value)) == (kind, message)


def test_a_3d_cell_is_described_by_its_layer_and_row_and_a_read_graph_by_its_file():
    from countsweep import topology as T

    grid = T.Grid3D(depth=4)
    assert grid.describe((9, 3), 32) == "cell [9, 3] (layer 1, row 1)"
    assert grid.describe((31, 7), 32) == "cell [31, 7] (layer 3, row 7)"
    assert T.load_graph("maze.json", '{"nodes": ["a"]}').source == "maze.json"


@pytest.mark.parametrize(("make", "message"), [
    (lambda T: T.Grid3D(depth=2).check_size(5, 4), "a 3d board of 2 layers has a multiple of 2 rows, not 5"),
    (lambda T: T.Hex(wrap=True).check_size(3, 4), "a wrapping hex grid needs an even number of rows, not 3"),
    (lambda T: T.Graph(("a", "b"), ((1,), (0,))).check_size(2, 2),
     "a board on a graph of 2 nodes is one row of 2 cells, not 2x2"),
    (lambda T: T.parse_neighbourhood("offsets:0,1001;0,-1001"),
     "neighbourhood 'offsets:0,1001;0,-1001': offsets are 'dr,dc' pairs separated by ';'"),
    (lambda T: T.parse_neighbourhood("offsets:0,\u0663;0,-\u0663"),  # an Arabic-Indic 3: a digit, not ASCII
     "neighbourhood 'offsets:0,\u0663;0,-\u0663': offsets are 'dr,dc' pairs separated by ';'"),
])
def test_a_board_that_does_not_fit_its_topology_or_an_offset_past_its_limit_is_refused(make, message):
    from countsweep import topology as T
    from countsweep.errors import ParameterError

    with pytest.raises(ParameterError) as info:
        make(T)
    assert str(info.value) == message


def test_offsets_read_negative_and_up_to_the_limit_and_a_graph_cell_is_named():
    from countsweep import topology as T

    assert T.parse_neighbourhood("offsets:0,1000;0,-1000").offsets == ((0, -1000), (0, 1000))
    assert T.parse_neighbourhood("offsets: -1,2 ; 1,-2 ").offsets == ((-1, 2), (1, -2))
    assert T.Graph(("a", "b"), ((1,), (0,))).describe((0, 1), 1) == "cell 'b'"


def test_a_graph_file_that_is_not_a_graph_is_named_beside_the_board(tmp_path):
    from tests.cli_helpers import run

    (tmp_path / "g.txt").write_text("garbage\n")
    board = tmp_path / "b.txt"
    board.write_text("graph g.txt\n?1?\n")  # named relative to the board's folder
    r = run("count", str(board))
    assert r.exit_code == 3 and r.stderr.startswith(f"countsweep: error: {board}: g.txt: not JSON")


@pytest.mark.parametrize("size", [(4, 5), (300, 301)], ids=["a board's table", "a board too large for a table"])
def test_a_cell_off_the_board_has_no_neighbours_whatever_the_boards_size(size):
    height, width = size
    assert SQUARE.neighbours((height - 1, width - 1), height, width) == (
        (height - 2, width - 2), (height - 2, width - 1), (height - 1, width - 2))
    for cell in ((height, 0), (0, width), (-1, 0), (0, -1)):
        with pytest.raises(KeyError) as raised:
            SQUARE.neighbours(cell, height, width)
        assert raised.value.args == (cell,)


def test_offsets_after_a_second_colon_are_not_read_as_the_neighbourhood():
    from countsweep.topology import parse_neighbourhood

    with pytest.raises(ParameterError, match=r"^neighbourhood 'offsets:1,2:3,4': offsets are 'dr,dc' pairs"):
        parse_neighbourhood("offsets:1,2:3,4")


def test_a_graph_node_of_many_neighbours_shows_a_number_of_three_digits_and_no_more():
    from countsweep.topology import Graph

    # a hub with 120 leaves: it may show 100 (three digits), never 1000 or a number past its degree
    hub = Graph.from_json({"nodes": ["hub", *(f"l{i}" for i in range(120))],
                           "edges": [["hub", f"l{i}"] for i in range(120)]})
    board = Board.from_text("121x1x100 graph hub.json\n100" + " ?" * 120, graph=lambda name: hub)
    assert board[(0, 0)] == 100
    a = analyze(board)
    assert a.count == comb(120, 100) and set(a.probabilities.values()) == {Fraction(100, 120)}
    for shown in ("121", "1000"):
        with pytest.raises(BoardError, match=rf"unexpected field '{shown}'"):
            Board.from_text(f"121x1x100 graph hub.json\n{shown}" + " ?" * 120, graph=lambda name: hub)
