"""The Python API meets bad arguments with countsweep's own errors, each naming the argument.

Every call a library user might get wrong, parametrised: the error is a
:class:`~countsweep.errors.ParameterTypeError` (also a ``TypeError``) for a
value of the wrong kind, a :class:`~countsweep.errors.ParameterError` (also a
``ValueError``) or :class:`~countsweep.errors.BoardError` for one outside its
domain, never an ``AttributeError``, ``KeyError`` or ``IndexError`` from
inside, and its message names what was wrong.  What users already hold is
accepted: board text and lists of rows where a Board goes.
"""

from __future__ import annotations

import io
import random
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

from countsweep import (
    Board,
    BoardError,
    CountsweepError,
    Limits,
    ParameterError,
    ParameterTypeError,
    analyze,
    count,
    probabilities,
)
from countsweep.board import as_board, parse_cell, parse_header, parse_size
from countsweep.check import check
from countsweep.clues import parse_clues, parse_probability
from countsweep.compiled import CompiledPosition
from countsweep.constraints import Constraints, equations
from countsweep.counting import Card, Formula, get_backend
from countsweep.encode import cnf, sat
from countsweep.encode.dimacs import read, render
from countsweep.errors import InputError, LimitExceeded, shown
from countsweep.files import check_output, output_path, parse_json, read_input, write_output
from countsweep.intervals import wilson
from countsweep.play.agents import BestAgent, GreedyAgent, make_agent, play_game
from countsweep.play.endgame import Endgame, best_move, enumerate_layouts
from countsweep.play.fifty import pseudos
from countsweep.play.game import Game, Settings, first_cell
from countsweep.play.generators import band, corridor, from_play, lattice, midgame, sparse, speckled
from countsweep.play.optimal import solve_game, solve_position
from countsweep.render import percent, report, rules_report, summary
from countsweep.rules import RuleSet, analyze_rules
from countsweep.topology import Grid, Grid3D, Hex, parse_neighbourhood, parse_topology

THESIS = "4x4x3\n1???\n????\n??2?\n????"
LARGE = Board.from_text("300x300x3\n" + "\n".join(["?" * 300] * 300))  # past the neighbourhood tables' size
BOARD = Board.from_text(THESIS)
A = analyze(BOARD)


def calls():
    """(name, call, error type, words the message holds)."""
    import io

    return [
        ("analyze(None)", lambda: analyze(None), ParameterTypeError, "board"),
        ("analyze(42)", lambda: analyze(42), ParameterTypeError, "board"),
        ("analyze(bad text)", lambda: analyze("4x4x3\n1???..."), BoardError, "line"),
        ("analyze(backend=None)", lambda: analyze(BOARD, backend=None), ParameterTypeError, "backend"),
        ("analyze(backend=42)", lambda: analyze(BOARD, backend=42), ParameterTypeError, "backend"),
        ("analyze(backend='fast')", lambda: analyze(BOARD, backend="fast"), ParameterError, "backend"),
        ("analyze(limits=5)", lambda: analyze(BOARD, limits=5), ParameterTypeError, "limits"),
        ("analyze(clues='under')", lambda: analyze(BOARD, clues="under"), ParameterTypeError, "clues"),
        ("analyze(density=0.5)", lambda: analyze(BOARD.with_mines(None), density=0.5), ParameterTypeError,
         "density"),
        ("analyze(density=2)", lambda: analyze(BOARD.with_mines(None), density=Fraction(2)), ParameterError,
         "density"),
        ("analyze(implementation='gpu')", lambda: analyze(BOARD, implementation="gpu"), ParameterError,
         "implementation"),
        ("count(None)", lambda: count(None), ParameterTypeError, "board"),
        ("probabilities([1, 2])", lambda: probabilities([1, 2]), ParameterTypeError, "board"),
        ("Board.from_text(None)", lambda: Board.from_text(None), ParameterTypeError, "text"),
        ("Board.from_text(123)", lambda: Board.from_text(123), ParameterTypeError, "text"),
        ("Board.from_text(b'...')", lambda: Board.from_text(THESIS.encode()), ParameterTypeError, "text"),
        ("Board.from_rows([1, 2])", lambda: Board.from_rows([1, 2]), ParameterTypeError, "lines"),
        ("Board.from_rows('1??')", lambda: Board.from_rows("1??"), ParameterTypeError, "lines"),
        ("Board.from_text(mines=1.5)", lambda: Board.from_text(THESIS, mines=1.5), ParameterTypeError, "mines"),
        ("Board.from_text(mines=True)", lambda: Board.from_text(THESIS, mines=True), ParameterTypeError, "mines"),
        ("Board.from_text(mines='3')", lambda: Board.from_text(THESIS, mines="3"), ParameterTypeError, "mines"),
        ("Board.from_array([[1.7, -1]])", lambda: Board.from_array([[1.7, -1]]), BoardError, "1.7"),
        ("Board.from_array([['x']])", lambda: Board.from_array([["x"]]), BoardError, "'x'"),
        ("Board.from_array(None)", lambda: Board.from_array(None), ParameterTypeError, "array"),
        ("Board.from_array(['12'])", lambda: Board.from_array(["12"]), ParameterTypeError, "row 0"),
        ("Board(grid=[[1]])", lambda: Board([[1]]), ParameterTypeError, "grid"),
        ("Board(grid=1.5)", lambda: Board(1.5), ParameterTypeError, "grid"),
        ("Board(grid=((1,), 2))", lambda: Board(((1,), 2)), ParameterTypeError, "tuple of rows"),
        ("Board(topology='torus')", lambda: Board(((1,),), topology="torus"), ParameterTypeError, "topology"),
        ("Board header in Arabic-Indic digits", lambda: Board.from_text("\u0664x\u0664\n????\n????\n????\n????"),
         BoardError, "line 1"),
        ("board[(5, 5)]", lambda: BOARD[(5, 5)], ParameterError, "off the 4x4 board"),
        ("board[(-1, 0)]", lambda: BOARD[(-1, 0)], ParameterError, "off the 4x4 board"),
        ("board[None]", lambda: BOARD[None], ParameterTypeError, "cell"),
        ("board[(0, 'a')]", lambda: BOARD[(0, "a")], ParameterTypeError, "cell"),
        ("a.probability((9, 9))", lambda: A.probability((9, 9)), ParameterError, "[9, 9] is off the 4x4 board"),
        ("a.probability((-1, -1))", lambda: A.probability((-1, -1)), ParameterError, "[-1, -1] is off"),
        ("a.probability('a1')", lambda: A.probability("a1"), ParameterTypeError, "cell"),
        ("board.reveal((9, 9), 1)", lambda: BOARD.reveal((9, 9), 1), BoardError, "off the 4x4 board"),
        ("board.reveal((0, 1), 'x')", lambda: BOARD.reveal((0, 1), "x"), BoardError, "value"),
        ("Game.open((9, 9))", lambda: Game(5, 5, 3).open((9, 9)), ParameterError, "not a (row, col)"),
        ("Game.open(None)", lambda: Game(5, 5, 3).open(None), ParameterError, "None"),
        ("Game.flag((0, 99))", lambda: Game(5, 5, 3).flag((0, 99)), ParameterError, "5x5"),
        ("Game(width=2.5)", lambda: Game(2.5, 5, 3), ParameterError, "whole numbers"),
        ("Game(mines=-1)", lambda: Game(5, 5, -1), ParameterError, "mines"),
        ("Settings(rule='easy')", lambda: Settings(5, 5, 3, rule="easy"), ParameterError, "rule"),
        ("Settings(topology='moebius')", lambda: Settings(5, 5, 3, topology="moebius"), ParameterError,
         "topology"),
        ("Formula literal past num_vars", lambda: Formula(2, (Card((1, 3), 1, 1),)), ParameterError,
         "literal 3"),
        ("Formula projection past num_vars", lambda: Formula(2, (), projection=(5,)), ParameterError, "projection"),
        ("Formula(-1)", lambda: Formula(-1, ()), ParameterError, "num_vars"),
        ("Formula constraints not Cards", lambda: Formula(2, ((1, 2),)), ParameterTypeError, "constraints[0]"),
        ("Formula sizes", lambda: Formula(2, (), sizes=(1,)), ParameterError, "sizes"),
        ("get_backend('fast')", lambda: get_backend("fast"), ParameterError, "backend"),
        ("get_backend(option)", lambda: get_backend("dpll", vtree="x"), ParameterError, "option"),
        ("DIMACS in Arabic-Indic digits", lambda: read(io.StringIO("p cnf 1 1\n\u0661 0\n")), InputError,
         "not an integer"),
        ("analyze_rules({})", lambda: analyze_rules({}), ParameterTypeError, "rules"),
        ("analyze_rules(backend=None)", lambda: analyze_rules(RuleSet.from_payload({"rules": []}), None),
         ParameterTypeError, "backend: expected a backend name"),
        ("analyze_rules(limits=5)", lambda: analyze_rules(RuleSet.from_payload({"rules": []}), limits=5),
         ParameterTypeError, "limits: expected countsweep.Limits"),
        ("check(encoding=[...])", lambda: check(BOARD, [["seqcounter"]]), ParameterError, "unknown encoding"),
        ("Settings.parse(level=[1])", lambda: Settings.parse([1], None, "safe", "corner"), ParameterTypeError,
         "level: text"),
        ("Settings.parse(size=5)", lambda: Settings.parse(None, 5, "safe", "corner"), ParameterTypeError,
         "size: text"),
        ("RuleSet.from_payload([])", lambda: RuleSet.from_payload([]), InputError, "rules"),
        ("Limits(timeout=-1)", lambda: Limits(timeout=-1), ParameterError, "Limits.timeout"),
        ("Limits(timeout=nan)", lambda: Limits(timeout=float("nan")), ParameterError, "Limits.timeout"),
        ("Limits(timeout=inf)", lambda: Limits(timeout=float("inf")), ParameterError, "Limits.timeout"),
        ("Limits(timeout='10')", lambda: Limits(timeout="10"), ParameterTypeError, "Limits.timeout"),
        ("Limits(max_cache=0)", lambda: Limits(max_cache=0), ParameterError, "Limits.max_cache"),
        ("Limits(max_memory=1.5)", lambda: Limits(max_memory=1.5), ParameterTypeError, "Limits.max_memory"),
        ("check(None)", lambda: check(None), ParameterTypeError, "board"),
        ("check(limits=3)", lambda: check(BOARD, limits=3), ParameterTypeError, "limits"),
        ("check(unique='yes')", lambda: check(BOARD, unique="yes"), ParameterTypeError,
         "unique: True or False, not 'yes'"),
        ("check(method='fast')", lambda: check(BOARD, method="fast"), ParameterError, "method"),
        ("check(encoding='x')", lambda: check(BOARD, encoding="x"), ParameterError, "encoding"),
        ("check(clues='under')", lambda: check(BOARD, clues="under"), ParameterTypeError, "clues"),
        ("cnf.encode(None)", lambda: cnf.encode(None), ParameterTypeError, "board"),
        ("cnf.encode(encoding='x')", lambda: cnf.encode(BOARD, "x"), ParameterError, "encoding"),
        ("dimacs.render(None)", lambda: render(None), ParameterTypeError, "enc"),
        ("dimacs.read(text)", lambda: read("p cnf 1 1\n1 0\n"), ParameterTypeError, "stream"),
        ("dimacs.read(None)", lambda: read(None), ParameterTypeError, "stream"),
        ("backend.count(None)", lambda: get_backend("dpll").count(None), ParameterTypeError, "formula"),
        ("backend.count(limits=4)", lambda: get_backend("brute").count(Formula(1, ()), limits=4),
         ParameterTypeError, "limits"),
        # a long value is shown to 60 characters, its end cut: what it was stays readable in one line
        ("backend.count(limits='x' * 100)", lambda: get_backend("brute").count(Formula(1, ()), limits="x" * 100),
         ParameterTypeError, f"(e.g. Limits(timeout=10)) or None, not '{'x' * 56}..."),
        ("sdd.count('p cnf')", lambda: get_backend("sdd").count("p cnf 1 0"), ParameterTypeError, "formula"),
        ("Grid(offsets=5)", lambda: Grid(offsets=5), ParameterTypeError, "offsets"),
        ("Grid(offsets='x' * 100)", lambda: Grid(offsets="x" * 100), ParameterTypeError,
         f"offsets: a tuple of (dr, dc) pairs of ints, not '{'x' * 56}..."),
        ("as_board(b'x' * 100)", lambda: as_board(b"x" * 100), ParameterTypeError,
         f"a list of rows, not b'{'x' * 55}... (make one with Board.from_text("),
        ("check_cell('x' * 100)", lambda: BOARD.check_cell("x" * 100), ParameterTypeError,
         f"cell: expected a (row, col) pair of ints, not '{'x' * 56}..."),
        ("parse_cell(5)", lambda: parse_cell(5), ParameterError, "cell 5 is not R,C"),
        ("Grid(offsets far)", lambda: Grid(offsets=((0, 10**6), (0, -10**6))), ParameterError, "offsets"),
        ("Grid(wrap='yes')", lambda: Grid(wrap="yes"), ParameterTypeError, "wrap: True or False, not 'yes'"),
        ("Hex(wrap=1)", lambda: Hex(wrap=1), ParameterTypeError, "wrap"),
        ("Grid3D(depth=2.0)", lambda: Grid3D(depth=2.0), ParameterTypeError, "depth"),
        ("parse_topology(None)", lambda: parse_topology(None), ParameterError, "topology"),
        ("parse_topology('3d:x')", lambda: parse_topology("3d:x"), ParameterError, "3d:DEPTH"),
        ("Settings 10**10 cells", lambda: Settings(100000, 100000, 5), ParameterError, "at most"),
        ("Board.with_mines(1.5)", lambda: BOARD.with_mines(1.5), BoardError, "mine total"),
        ("RuleSet mine_prob 2", lambda: RuleSet.from_payload({"rules": [], "mine_prob": 2}), InputError,
         "mine_prob"),
        ("RuleSet num_mines 1.5", lambda: RuleSet.from_payload({"rules": [{"num_mines": 1.5, "cells": ["a"]}]}),
         InputError, "num_mines"),
        # a Python payload may hold what JSON cannot write: the message shows it all the same
        ("RuleSet cell a set", lambda: RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [{1, 2}]}]}),
         InputError, "rules[0].cells[0]: a cell is named by a string or an integer, not {1, 2}"),
        ("RuleSet num_mines object", lambda: RuleSet.from_payload({"rules": [{"num_mines": object(), "cells": []}]}),
         InputError, "rules[0].num_mines: expected a whole number of mines or cells, not <object object"),
        ("RuleSet total_cells -10**5000", lambda: RuleSet.from_payload({"rules": [], "total_cells": -10**5000}),
         InputError, "not minus an integer of about 5001 digits"),
        ("RuleSet mine_prob a set", lambda: RuleSet.from_payload({"rules": [], "mine_prob": {0.5}}), InputError,
         "mine_prob: expected a number, not {0.5}"),
        ("RuleSet.from_json(1.5)", lambda: RuleSet.from_json(1.5), ParameterTypeError,
         "text: expected JSON text, not 1.5"),
        ("RuleSet.from_json(nested deep)", lambda: RuleSet.from_json("[" * 100_000), InputError, "nested too deeply"),
        ("solve_game 100x100", lambda: solve_game(100, 100, 10), ParameterError, "1 to 30 cells, not 100x100"),
        ("solve_game('3', 3, 1)", lambda: solve_game("3", 3, 1), ParameterError, "whole numbers"),
        ("solve_game 77 million layouts", lambda: solve_game(5, 6, 15), LimitExceeded, "77,558,760"),
        ("solve_game(first=[0, 0])", lambda: solve_game(3, 3, 1, first=[0, 0]), ParameterError, "first click"),
        ("solve_position(None)", lambda: solve_position(None), ParameterTypeError, "board"),
        ("solve_position(6x6)", lambda: solve_position(Board.from_text("6x6x1\n" + "??????\n" * 6)), ParameterError,
         "not 6x6"),
        ("solve_position(limit='x')", lambda: solve_position(BOARD, limit="x"), ParameterError, "limit"),
        ("parse_clues(5)", lambda: parse_clues(5), ParameterTypeError, "not 5"),
        ("parse_probability(5)", lambda: parse_probability(5, "withheld:Q"), ParameterTypeError, "withheld:Q"),
        ("parse_probability(5) shown", lambda: parse_probability(5, "withheld:Q"), ParameterTypeError, "not 5"),
        ("make_agent(clues='under')", lambda: make_agent("best", clues="under"), ParameterTypeError, "clues"),
        ("BestAgent(risk_weight=nan)", lambda: BestAgent(risk_weight=float("nan")), ParameterError, "risk_weight"),
        ("BestAgent(ratio='x')", lambda: BestAgent(ratio="x"), ParameterError, "ratio"),
        ("BestAgent(contest_margin=inf)", lambda: BestAgent(contest_margin=float("inf")), ParameterError,
         "contest_margin"),
        ("play_game(None)", lambda: play_game(None, GreedyAgent(), (0, 0), 1), ParameterTypeError, "game"),
        ("play_game(agent=None)", lambda: play_game(Game(5, 5, 3), None, (0, 0), 1), ParameterTypeError, "agent"),
        ("agent.moves(rng=5)", lambda: GreedyAgent().moves(BOARD, 5), ParameterTypeError, "rng"),
        ("best_move(None)", lambda: best_move(None, 10), ParameterTypeError, "board"),
        ("best_move(limit='x')", lambda: best_move(BOARD, "x"), ParameterTypeError, "limit"),
        ("Game.at(None)", lambda: Game.at(None, []), ParameterTypeError, "board"),
        ("Game.at(layout=5)", lambda: Game.at(BOARD, 5), ParameterTypeError, "layout"),
        ("from_play(None)", lambda: from_play(None, 1), ParameterError, "settings"),
        ("from_play(every=0)", lambda: from_play(Settings(5, 5, 3), 1, every=0), ParameterError, "every"),
        ("sparse(too many mines)", lambda: sparse(5, 5, 30, 3), ParameterError, "30 mines"),
        ("lattice(every=0)", lambda: lattice(5, 5, 0.2, every=0), ParameterError, "every"),
        ("corridor(density=2)", lambda: corridor(5, density=2), ParameterError, "density"),
        ("speckled(shown=1.5)", lambda: speckled(5, 5, 0.2, 1.5), ParameterError, "shown"),
        ("Card(hi=1.5)", lambda: Card((1,), 0, 1.5), ParameterTypeError, "Card"),
        ("Card(lits='ab')", lambda: Card("ab", 0, 1), ParameterTypeError, "Card"),
        ("Formula(2, None)", lambda: Formula(2, None), ParameterTypeError, "constraints"),
        ("cnf.encode(total='no')", lambda: cnf.encode(BOARD, total="no"), ParameterTypeError, "total: True or False, "
                                                                                              "not 'no'"),
        ("cnf.encode_components(None)", lambda: cnf.encode_components(None), ParameterTypeError, "board"),
        ("cnf.encode_components(encoding='x')", lambda: cnf.encode_components(BOARD, "x"), ParameterError,
         "encoding"),
        ("cnf.clausify(5)", lambda: cnf.clausify(5), ParameterTypeError, "formula: expected a countsweep Formula, "
                                                                          "not 5"),
        ("cnf.clausify(encoding='x')", lambda: cnf.clausify(Formula(1, ()), "x"), ParameterError, "encoding"),
        ("a.probability([1, 1])", lambda: A.probability([1, 1]), ParameterTypeError,
         "cell: expected a (row, col) pair of ints, not [1, 1]"),
        ("board.neighbours((9, 9))", lambda: BOARD.neighbours((9, 9)), ParameterError, "off the 4x4 board"),
        ("board.neighbours(None)", lambda: BOARD.neighbours(None), ParameterTypeError, "cell"),
        ("large board.neighbours((-1, 0))", lambda: LARGE.neighbours((-1, 0)), ParameterError,
         "off the 300x300 board"),
        ("board.hidden_around((9, 9))", lambda: BOARD.hidden_around((9, 9)), ParameterError, "off the 4x4 board"),
        ("CompiledPosition.load(text=None)", lambda: CompiledPosition.load(Path("x.sdd"), None), ParameterTypeError,
         "text"),
        ("CompiledPosition.load(text=b'')", lambda: CompiledPosition.load(Path("x.sdd"), b"1"), ParameterTypeError,
         "text: expected the saved file's text, not b'1'"),
        ("render.report(None)", lambda: report(None), ParameterTypeError, "Analysis"),
        ("render.summary(board)", lambda: summary(BOARD), ParameterTypeError,
         "an Analysis (countsweep.analyze(board)), not Board(grid="),
        ("write_output(None)", lambda: write_output(None, "x"), ParameterTypeError, "path"),
        ("write_output(data=5)", lambda: write_output(Path("/nonexistent/x.txt"), 5), ParameterTypeError,
         "text or bytes"),
        # read_input(1) would have read and closed standard output (open takes an int as a descriptor)
        ("read_input(1)", lambda: read_input(1), ParameterTypeError, "path"),
        ("read_input(True)", lambda: read_input(True), ParameterTypeError, "path"),
        ("check_output(None)", lambda: check_output(None), ParameterTypeError, "path"),
        ("output_path(3)", lambda: output_path(3), ParameterTypeError, "name, not 3"),
        ("parse_json(5)", lambda: parse_json(5), ParameterTypeError, "JSON text, not 5"),
        ("get_backend([])", lambda: get_backend([]), ParameterTypeError, "name"),
        ("parse_topology([])", lambda: parse_topology([]), ParameterTypeError, "topology: a spec such as 'torus' or "
                                                                              "'hex', not list"),
        ("parse_neighbourhood(5)", lambda: parse_neighbourhood(5), ParameterTypeError,
         "neighbourhood: a name such as 'knight' or 'offsets:1,2;2,1', not 5"),
        ("parse_header(5)", lambda: parse_header(5), ParameterTypeError, "line: a board's header line is a str, not 5"),
        ("sat.check(None)", lambda: sat.check(None), ParameterTypeError, "board"),
        ("sat.check(clues='under')", lambda: sat.check(BOARD, clues="under"), ParameterTypeError,
         "expected a ClueModel (countsweep.clues.parse_clues('under')), not 'under'"),
        ("sat.solve(board)", lambda: sat.solve(BOARD), ParameterTypeError, "Constraints"),
        ("cnf.encode_model(5)", lambda: cnf.encode_model(5, ()), ParameterTypeError, "Constraints.of_rules), not 5"),
        ("equations(5)", lambda: equations(5), ParameterTypeError, "board: expected a countsweep Board, not 5"),
        ("equations(clues='x')", lambda: equations(BOARD, "x"), ParameterTypeError, "ClueModel"),
        ("read(a list of ints)", lambda: read([1, 2]), ParameterTypeError, "stream"),
        ("read(a binary stream)", lambda: read(io.BytesIO(b"p cnf 1 0\n")), ParameterTypeError, "stream"),
        ("band(0)", lambda: band(0), ParameterError, "n"),
        ("corridor(2.5)", lambda: corridor(2.5), ParameterTypeError, "n"),
        ("lattice(None, 3)", lambda: lattice(None, 3, 0.2), ParameterTypeError, "width"),
        ("sparse(5, 10**5)", lambda: sparse(5, 10**5, 1, 1), ParameterError, "height"),
        ("midgame(0, 5)", lambda: midgame(0, 5, 0.2, 0.5), ParameterError, "width"),
        ("first_cell(None)", lambda: first_cell(None, None), ParameterTypeError, "settings"),
        ("wilson(1.5, 3)", lambda: wilson(1.5, 3), ParameterError, "successes"),
        ("wilson(4, 3)", lambda: wilson(4, 3), ParameterError, "trials"),
        ("wilson(3, 10**400)", lambda: wilson(3, 10**400), ParameterError, "trials: at most 10**150"),
        ("Game(seed=[1])", lambda: Game(5, 5, 3, seed=[1]), ParameterTypeError, "seed: a whole number"),
        ("play_game(seed='x')", lambda: play_game(Game(5, 5, 3), GreedyAgent(), (0, 0), "\ud800"),
         ParameterTypeError, "seed: a whole number"),
        ("lattice(seed=1.5)", lambda: lattice(5, 5, 0.2, seed=1.5), ParameterTypeError, "seed: a whole number"),
        ("from_play(games=None)", lambda: from_play(Settings(5, 5, 3), None), ParameterError, "games: a whole"),
        ("from_play(seed=None)", lambda: from_play(Settings(5, 5, 3), 1, seed=None), ParameterError, "seed: a whole"),
        ("solve_game(first=inf)", lambda: solve_game(3, 3, 1, first=float("inf")), ParameterError,
         "first click inf is not on"),
        ("percent(None)", lambda: percent(None), ParameterTypeError, "probability"),
        ("percent(2)", lambda: percent(Fraction(2)), ParameterTypeError, "probability"),
        ("rules_report(analysis)", lambda: rules_report(A), ParameterTypeError, "RulesAnalysis"),
        ("Endgame(None, [])", lambda: Endgame(None, []), ParameterTypeError, "board"),
        ("Endgame(layouts=1.5)", lambda: Endgame(BOARD, 1.5), ParameterTypeError, "layouts: a list of bit masks over "
         "the board's 16 cells (enumerate_layouts(board, limit)), not 1.5"),
        ("Endgame(layouts=[-1])", lambda: Endgame(BOARD, [-1]), ParameterTypeError, "bit masks"),
        ("Endgame(layouts past the board)", lambda: Endgame(BOARD, [1 << 16]), ParameterTypeError, "16 cells"),
        ("Endgame(max_positions=0)", lambda: Endgame(BOARD, [1], 0), ParameterError,
         "max_positions: a whole number of 1 or more, not 0"),
        ("enumerate_layouts(limit=1.5)", lambda: enumerate_layouts(BOARD, 1.5), ParameterTypeError,
         "limit: a number of layouts (an int), not 1.5"),
        ("CompiledPosition(None)", lambda: CompiledPosition(None), ParameterTypeError, "board"),
        ("cnf.cell_variables(5)", lambda: cnf.cell_variables(5), ParameterTypeError, "board: expected a countsweep "
                                                                                     "Board, not 5"),
    ]


@pytest.mark.parametrize(("name", "call", "error", "words"), calls(), ids=[c[0] for c in calls()])
def test_a_bad_argument_gets_countsweeps_error_naming_it(name, call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, CountsweepError)
    assert words in str(raised.value), str(raised.value)
    if error is ParameterTypeError:
        assert isinstance(raised.value, TypeError) and isinstance(raised.value, ValueError)


@pytest.mark.parametrize("board, total", [(THESIS, 3), (THESIS.splitlines(), 3), ([list(r) for r in BOARD.grid], None),
                                          (BOARD, 3)], ids=["text", "lines", "codes (no total)", "Board"])
def test_what_users_hold_is_taken_where_a_board_goes(board, total):
    expected = analyze(BOARD.with_mines(total))
    assert analyze(board) == expected and count(board) == expected.count
    assert probabilities(board) == expected.probabilities
    assert CompiledPosition(board).board == BOARD.with_mines(total)


# ---- any value of any kind, one argument at a time --------------------------------------------------

# a value of every kind a caller might pass by mistake: what JSON cannot write (a set, an object,
# bytes, a complex), numbers past a float or a machine word, text no output can carry
ANY_VALUE = [None, 0, -1, 3, 2.5, float("nan"), float("inf"), True, "", "x", "\ud800", b"x", [], [1], [[0, 0]],
             (0, 0), (99, 99), ("a", "b"), [("a", 0)], {}, {"a": 1}, {1, 2}, object(), Fraction(1, 3), 10**400,
             -10**400, 10**5000, complex(1, 1)]
RULES = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}]})

def _saved() -> str:
    """A compiled position's file, as CompiledPosition.load reads it."""
    with tempfile.TemporaryDirectory() as d:
        CompiledPosition(BOARD).save(Path(d) / "p.json")
        return (Path(d) / "p.json").read_text()


def _written(name: object, data: object) -> None:
    """write_output into a scratch directory: a name or data of any kind, nothing outside touched."""
    with tempfile.TemporaryDirectory() as d:
        write_output(Path(d) / name if isinstance(name, str) else name, data)


# each takes the one value in one argument's place, every other argument good; and a good value for it
ENTRY_POINTS: dict[str, tuple] = {
    "analyze(board)": (lambda v: analyze(v), THESIS),
    "analyze(backend)": (lambda v: analyze(BOARD, v), "dpll"),
    "analyze(limits)": (lambda v: analyze(BOARD, limits=v), None),
    "analyze(clues)": (lambda v: analyze(BOARD, clues=v), parse_clues("under")),
    "analyze(density)": (lambda v: analyze(BOARD.with_mines(None), density=v), Fraction(1, 5)),
    "analyze(implementation)": (lambda v: analyze(BOARD, implementation=v), "python"),
    "Board.from_text(text)": (lambda v: Board.from_text(v), THESIS),
    "Board.from_array(codes)": (lambda v: Board.from_array(v), [[-1, 1], [-1, -1]]),
    "Board.from_array(mines)": (lambda v: Board.from_array([[-1, 1], [-1, -1]], mines=v), 1),
    "Board.from_array(topology)": (lambda v: Board.from_array([[-1, 1], [-1, -1]], mines=1, topology=v),
                                   parse_topology("torus")),
    "board.reveal(cell)": (lambda v: BOARD.reveal(v, 1), (0, 1)),
    "board.reveal(value)": (lambda v: BOARD.reveal((0, 1), v), 2),
    "board.with_mines": (lambda v: BOARD.with_mines(v), 4),
    "board.neighbours": (lambda v: BOARD.neighbours(v), (1, 1)),
    "analysis.probability": (lambda v: A.probability(v), (0, 1)),
    "parse_topology": (lambda v: parse_topology(v), "hex"),
    "parse_neighbourhood": (lambda v: parse_neighbourhood(v), "knight"),
    "parse_clues": (lambda v: parse_clues(v), "under"),
    "Limits(timeout)": (lambda v: Limits(timeout=v), 1.5),
    "Limits(max_memory)": (lambda v: Limits(max_memory=v), 10**9),
    "Formula(num_vars)": (lambda v: Formula(v, ()), 3),
    "Formula(constraints)": (lambda v: Formula(2, v), ()),
    "Card(lits)": (lambda v: Card(v, 0, 1), (1, 2)),
    "get_backend": (lambda v: get_backend(v), "dpll"),
    "check(position)": (lambda v: check(v), BOARD),
    "check(encoding)": (lambda v: check(BOARD, v), "native"),
    "check(method)": (lambda v: check(BOARD, method=v), "sat"),
    "cnf.encode(total)": (lambda v: cnf.encode(BOARD, total=v), False),
    "cnf.clausify(encoding)": (lambda v: cnf.clausify(Formula(1, ()), v), "seqcounter"),
    "RuleSet.from_json": (lambda v: RuleSet.from_json(v), '{"rules": []}'),
    "RuleSet num_mines": (lambda v: RuleSet.from_payload({"rules": [{"num_mines": v, "cells": ["a"]}]}), 1),
    "RuleSet cells": (lambda v: RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": [v, "b"]}]}), "a"),
    "RuleSet rules": (lambda v: RuleSet.from_payload({"rules": v}), []),
    "RuleSet total_cells": (lambda v: RuleSet.from_payload({"rules": [], "total_cells": v}), 3),
    "RuleSet mine_prob": (lambda v: RuleSet.from_payload({"rules": [], "mine_prob": v}), 0.5),
    "analyze_rules(backend)": (lambda v: analyze_rules(RULES, v), "dpll"),
    "analyze_rules(limits)": (lambda v: analyze_rules(RULES, limits=v), None),
    "Game(width)": (lambda v: Game(v, 5, 3), 5),
    "Game(seed)": (lambda v: Game(5, 5, 3, seed=v), 7),
    "Game.open": (lambda v: Game(5, 5, 3).open(v), (2, 2)),
    "Game.at(layout)": (lambda v: Game.at(BOARD, v), {(0, 1), (1, 3), (3, 3)}),
    "Settings(rule)": (lambda v: Settings(5, 5, 3, rule=v), "opening"),
    "Settings(topology)": (lambda v: Settings(5, 5, 3, topology=v), "torus"),
    "Settings.parse(level)": (lambda v: Settings.parse(v, None, "safe", "corner"), "beginner"),
    "Settings.parse(size)": (lambda v: Settings.parse(None, v, "safe", "corner"), "9x9x10"),
    "make_agent": (lambda v: make_agent(v), "greedy"),
    "BestAgent(ratio)": (lambda v: BestAgent(ratio=v), Fraction(1, 2)),
    "BestAgent(tie_break)": (lambda v: BestAgent(tie_break=v), "crowded"),
    "agent.moves(board)": (lambda v: GreedyAgent().moves(v, random.Random(0)), BOARD),
    "play_game(first)": (lambda v: play_game(Game(5, 5, 3), GreedyAgent(), v, 1), (0, 0)),
    "play_game(seed)": (lambda v: play_game(Game(5, 5, 3), GreedyAgent(), (0, 0), v), 3),
    "from_play(games)": (lambda v: from_play(Settings(5, 5, 3), v if not isinstance(v, int) else min(v, 2)), 1),
    "from_play(seed)": (lambda v: from_play(Settings(5, 5, 3), 1, seed=v), 5),
    "lattice(seed)": (lambda v: lattice(5, 5, 0.2, seed=v), 2),
    "speckled(shown)": (lambda v: speckled(5, 5, 0.2, v), 0.5),
    "best_move(limit)": (lambda v: best_move(BOARD, v), 100),
    "enumerate_layouts(limit)": (lambda v: enumerate_layouts(BOARD, v), 1000),
    "solve_game(first)": (lambda v: solve_game(3, 3, 1, first=v), (1, 1)),
    "solve_position(limit)": (lambda v: solve_position(BOARD, limit=v), 1000),
    "CompiledPosition(vtree)": (lambda v: CompiledPosition(BOARD, vtree=v), "balanced"),
    "wilson(trials)": (lambda v: wilson(0, v), 10),
    "percent": (lambda v: percent(v), Fraction(1, 3)),
    "count(board)": (lambda v: count(v), THESIS),
    "probabilities(backend)": (lambda v: probabilities(BOARD, v), "brute"),
    "analysis.to_dict(exact)": (lambda v: A.to_dict(v), True),
    "as_board": (lambda v: as_board(v), THESIS),
    "parse_size": (lambda v: parse_size(v), "9x9x10"),
    "parse_cell": (lambda v: parse_cell(v, 4, 4), "2,3"),
    "parse_probability": (lambda v: parse_probability(v, "withheld:Q"), "1/4"),
    "Constraints.of(clues)": (lambda v: Constraints.of(BOARD, v), parse_clues("over")),
    "cnf.encode_components(encoding)": (lambda v: cnf.encode_components(BOARD, v), "totalizer"),
    "cnf.cell_variables": (lambda v: cnf.cell_variables(v), BOARD),
    "sat.solve(encoding)": (lambda v: sat.solve(Constraints.of(BOARD), v), "seqcounter"),
    "sat.solve(model)": (lambda v: sat.solve(v), Constraints.of(BOARD)),
    "dimacs.read(stream)": (lambda v: read(io.StringIO(v) if isinstance(v, str) else v), "p cnf 2 1\n1 2 0\n"),
    "dimacs.render(encoding)": (lambda v: render(v), cnf.encode(BOARD)),
    "read_input(path)": (lambda v: read_input(v), Path(__file__)),
    "output_path(path)": (lambda v: output_path(v), "out.json"),
    "CompiledPosition.condition(cell)": (lambda v: CompiledPosition(BOARD).condition(v, shows=1), (3, 3)),
    "CompiledPosition.condition(shows)": (lambda v: CompiledPosition(BOARD).condition((3, 3), shows=v), 1),
    "CompiledPosition.load(text)": (lambda v: CompiledPosition.load(Path("x.json"), v), _saved()),
    "Endgame.of(max_layouts)": (lambda v: Endgame.of(BOARD, v), 100),
    "Endgame.move_value(cell)": (lambda v: Endgame.of(BOARD, 100).move_value(v), (0, 1)),
    "pseudos(analysis)": (lambda v: pseudos(v), A),
    "rules.probability(name)": (lambda v: analyze_rules(RULES).probability(v), "a"),
    "rules.to_dict(exact)": (lambda v: analyze_rules(RULES).to_dict(v), True),
    "report(analysis)": (lambda v: report(v), A),
    "summary(analysis)": (lambda v: summary(v), A),
    "Grid(offsets)": (lambda v: Grid(v), ((1, 2), (2, 1), (-1, -2), (-2, -1))),
    "Grid(wrap)": (lambda v: Grid(wrap=v), True),
    "Hex(wrap)": (lambda v: Hex(v), False),
    "Grid3D(depth)": (lambda v: Grid3D(v), 2),
    "first_cell(settings)": (lambda v: first_cell(v, random.Random(0)), Settings(5, 5, 3)),
    "equations(board)": (lambda v: equations(v), BOARD),
    "parse_header(text)": (lambda v: parse_header(v), "4x4x3"),
    "solve_position(board)": (lambda v: solve_position(v), BOARD),
    "write_output(path)": (lambda v: _written(v, "x"), "out.txt"),
    "write_output(data)": (lambda v: _written("out.txt", v), "x"),
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_any_value_in_any_argument_gets_an_answer_or_countsweeps_error(name):
    # found this way: a set named as a cell (a TypeError from the message's own JSON), a seed that
    # is a list (random's TypeError), 10**400 trials (an OverflowError), an unhashable encoding
    call, good = ENTRY_POINTS[name]
    call(good)  # the call is right but for the value: a refusal below is the value's
    for value in ANY_VALUE:
        try:
            call(value)
        except CountsweepError:
            pass
        except Exception as exc:  # any other exception is the failure
            pytest.fail(f"{name} given {shown(value)}: {type(exc).__name__}: {shown(str(exc), 80)}")
