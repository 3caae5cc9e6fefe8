"""Uncertain clues and priors: the weighted oracle against weighted enumeration of whole layouts.

The reference here knows nothing of equations, boxes, components or integer
scales: it enumerates every subset of the hidden cells, weighs it by the
product over revealed numbers of the likelihood of what each shows (the models
written again below, from their definitions) and by the prior, and divides.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from countsweep import Board, analyze
from countsweep.board import CLEARED
from countsweep.clues import EXACT, OVER, UNDER, ClueModel, load_table, parse_clues
from countsweep.errors import InconsistentError, InputError, ParameterError
from countsweep.kernel import KERNEL
from tests.cli_helpers import run
from tests.reference import numbers_of, reference_around
from tests.strategies import positions


def exact(v: int, n: int, room: int) -> Fraction:
    return Fraction(v == n)


def under(v: int, n: int, room: int) -> Fraction:
    if n == 0:
        return Fraction(v == 0)
    return Fraction(1, n) if 1 <= v <= n else Fraction(0)


def over(v: int, n: int, room: int) -> Fraction:
    return Fraction(1, room - n + 1) if n <= v <= room else Fraction(0)


REFERENCE = {"exact": exact, "under": under, "over": over}


def weighted_truth(board: Board, like, density: Fraction | None = None) -> tuple[Fraction, dict]:
    """(total weight over all layouts, each hidden cell's posterior) by enumeration."""
    hidden = board.hidden()
    flags = set(board.flags())
    left = None if board.mines is None else board.mines - len(flags)
    total = Fraction(0)
    mass = {c: Fraction(0) for c in hidden}
    numbers = numbers_of(board)
    for k in range(len(hidden) + 1):
        if left is not None and k != left:
            continue
        for combo in combinations(hidden, k):
            mines = set(combo) | flags
            w = Fraction(1)
            for shown, around in numbers:
                w *= like(shown, len(around & mines), len(around))
                if not w:
                    break
            if density is not None:
                w *= density ** k * (1 - density) ** (len(hidden) - k)
            total += w
            for c in combo:
                mass[c] += w
    return total, ({c: mass[c] / total for c in hidden} if total else {})


# strategies made once: a strategy made anew for each draw is validated anew (a third of the draws' time)
ROLL = st.integers(0, 9)


@functools.cache
def up_to(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n)


@st.composite
def noisy_positions(draw, like, max_hidden: int = 10, kinds: tuple[str, ...] = ("square",)):
    """A position from a real layout whose numbers went through ``like``: some withheld (``-``),
    a few replaced by any number the cell could show, so that some positions weigh nothing."""
    board = draw(positions(max_hidden=max_hidden, kinds=kinds))
    grid = [list(row) for row in board.grid]
    for cell in board.numbers():
        truth = board[cell]
        room = len(reference_around(board.topology, cell, board.height, board.width))
        roll = draw(ROLL)
        if roll == 0:
            grid[cell[0]][cell[1]] = CLEARED
        elif roll == 1:
            grid[cell[0]][cell[1]] = draw(up_to(room))
        else:
            shown = [v for v in range(room + 1) if like(v, truth, room)]
            grid[cell[0]][cell[1]] = shown[draw(up_to(len(shown) - 1))] if shown else CLEARED
    return Board(tuple(map(tuple, grid)), board.mines, None, board.topology)


def check(board: Board, model: ClueModel, like, density: Fraction | None = None, backend: str = "dpll") -> None:
    total, probs = weighted_truth(board, like, density)
    if not total:
        with pytest.raises(InconsistentError):
            analyze(board, backend, clues=model, density=density)
        return
    a = analyze(board, backend, clues=model, density=density)
    assert a.probabilities == probs
    if board.mines is None and density is None:
        assert a.weight * 2 ** len(a.sea) == total  # frontier scope: the sea's fillings left out
    else:
        assert a.weight == total
    assert a.weighted == (not model.exact or density is not None)


WEIGHTED = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", ["exact", "under", "over"])
@WEIGHTED
@given(data=st.data())
def test_posteriors_and_weight_equal_weighted_enumeration(name, data):
    model, like = parse_clues(name), REFERENCE[name]
    board = data.draw(noisy_positions(like))
    check(board, model, like)


# the 81 weights of a table in one draw: drawn one integer at a time (and a column drawn again when
# all nine were 0) they took half the time of the tests that use tables
TABLE_WEIGHTS = st.binary(min_size=81, max_size=81)


def random_table(draw) -> tuple[tuple[Fraction, ...], ...]:
    """A likelihood table with small denominators: each column a distribution over v = 0..8, with
    weights 0..3; a column of nine 0s (where shrinking goes) shows the truth."""
    raw = draw(TABLE_WEIGHTS)
    columns = []
    for n in range(9):
        weights = [x % 4 for x in raw[9 * n:9 * n + 9]]
        if not any(weights):
            weights[n] = 1
        columns.append([Fraction(x, sum(weights)) for x in weights])
    return tuple(tuple(columns[n][v] for n in range(9)) for v in range(9))


@WEIGHTED
@given(data=st.data())
def test_any_likelihood_table_equals_weighted_enumeration(data):
    table = random_table(data.draw)
    model = ClueModel("table", "table", table)
    board = data.draw(noisy_positions(lambda v, n, room: table[v][n] if v <= 8 else Fraction(0)))
    check(board, model, lambda v, n, room: table[v][n])


@settings(max_examples=1000, deadline=None)
@given(data=st.data())
def test_a_density_prior_equals_weighted_enumeration(data):
    name = data.draw(st.sampled_from(["exact", "under", "over"]))
    board = data.draw(noisy_positions(REFERENCE[name]))
    density = Fraction(data.draw(st.integers(1, 9)), 10)
    check(board.with_mines(None), parse_clues(name), REFERENCE[name], density)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_every_backend_gives_the_same_weighted_answer(data):
    name = data.draw(st.sampled_from(["under", "over"]))
    board = data.draw(noisy_positions(REFERENCE[name], max_hidden=12))
    density = data.draw(st.sampled_from([None, Fraction(1, 5)])) if board.mines is None else None
    answers = []
    for backend in ("dpll", "sdd", "brute"):
        try:
            a = analyze(board, backend, clues=parse_clues(name), density=density, implementation="python")
            answers.append((a.weight, a.probabilities))
        except InconsistentError:
            answers.append(None)
    assert answers[0] == answers[1] == answers[2]


def test_withheld_numbers_weigh_nothing_and_the_compiled_kernel_reads_them():
    board = Board.from_text("4x4x3\n1-??\n??-?\n??2?\n-???")
    fast, pure = analyze(board), analyze(board, implementation="python")
    assert fast == pure and not fast.weighted
    assert fast.count == weighted_truth(board, exact)[0]
    withheld = analyze(board, clues=parse_clues("withheld:0.8"))  # the same answer, read through its own model
    assert withheld.clue_model == "withheld:0.8" and dataclasses.replace(withheld, clue_model="exact") == fast


# The Rutgers report's worked example: a cell shows 6 under "under", its truth 6 or 7 ------------

SIX = Board.from_text("3x3\n???\n?6?\n??-")  # the 6 and its seven hidden neighbours


def test_a_shown_six_under_the_under_model_is_a_seven_with_the_exact_posterior():
    # every layout equally likely (density 1/2): 7 layouts hold six mines, weighing 1/6 each; one holds 7, 1/7
    a = analyze(SIX, clues=UNDER, density=Fraction(1, 2))
    seven = Fraction(1, 7) / (7 * Fraction(1, 6) + Fraction(1, 7))
    assert seven == Fraction(6, 55)
    assert all(p == seven + (1 - seven) * Fraction(6, 7) == Fraction(48, 55) for p in a.probabilities.values())
    # the report weighs the two truths by likelihood alone, as if equally likely a priori: its formula
    # (1/6) / (1/6 + 1/7) is 7/13 = 0.538 (it prints 0.542 and 0.458: a slip in its arithmetic)
    assert Fraction(1, 6) / (Fraction(1, 6) + Fraction(1, 7)) == Fraction(7, 13)


def test_a_density_weighs_layouts_by_their_mines():
    a = analyze(SIX, clues=UNDER, density=Fraction(1, 5))
    six, seven = 7 * Fraction(1, 5) ** 6 * Fraction(4, 5) / 6, Fraction(1, 5) ** 7 / 7
    assert a.weight == six + seven
    assert a.probabilities[(0, 0)] == (six * Fraction(6, 7) + seven) / (six + seven)


# Bad input ------------------------------------------------------------------------------------


def test_an_unknown_model_name_is_a_parameter_error():
    with pytest.raises(ParameterError, match="unknown clue model 'sideways'"):
        parse_clues("sideways")


@pytest.mark.parametrize("q", ["0", "1.5", "-0.2", "x", "1/0"])
def test_a_withheld_probability_outside_zero_one_is_refused(q):
    with pytest.raises(ParameterError):
        parse_clues(f"withheld:{q}")


def _table(tmp_path, rows) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"likelihood": rows}))
    return str(path)


IDENTITY = [["1" if v == n else "0" for n in range(9)] for v in range(9)]


def test_a_table_equal_to_the_exact_model_gives_the_exact_answers(tmp_path):
    model = load_table(_table(tmp_path, IDENTITY))
    board = Board.from_text("4x4x3\n1???\n????\n??2?\n????")
    a, e = analyze(board, clues=model), analyze(board, clues=EXACT)
    assert a.probabilities == e.probabilities and a.weight == e.count and a.weighted


@pytest.mark.parametrize("damage, message", [
    (lambda t: t[:8], "nine rows of nine"),
    (lambda t: [row[:8] for row in t], "nine rows of nine"),
    (lambda t: [["-1" if (v, n) == (0, 0) else x for n, x in enumerate(row)] for v, row in enumerate(t)],
     "is negative"),
    (lambda t: [["1/2" if (v, n) == (0, 0) else x for n, x in enumerate(row)] for v, row in enumerate(t)],
     "column n=0 sums to 1/2"),
    (lambda t: [["half" if (v, n) == (3, 3) else x for n, x in enumerate(row)] for v, row in enumerate(t)],
     r"likelihood\[3\]\[3\] = 'half' is not a number"),
])
def test_a_malformed_table_is_an_input_error_naming_what_is_wrong(tmp_path, damage, message):
    with pytest.raises(InputError, match=message):
        load_table(_table(tmp_path, damage(IDENTITY)))


def test_a_table_with_decimals_reads_them_exactly(tmp_path):
    rows = [[0.5 if v in (n, min(n + 1, 8)) and n < 8 else (1 if v == n == 8 else 0) for n in range(9)]
            for v in range(9)]
    model = load_table(_table(tmp_path, rows))
    assert model.likelihood(1, 0, 8) == Fraction(1, 2)


def test_a_density_with_a_total_or_outside_zero_one_is_refused():
    with pytest.raises(ParameterError, match="without a mine total"):
        analyze(Board.from_text("3x1x1\n?1?"), density=Fraction(1, 2))
    for bad in (Fraction(0), Fraction(1), Fraction(3, 2)):
        with pytest.raises(ParameterError, match=r"\(0, 1\)"):
            analyze(Board.from_text("3x1\n?1?"), density=bad)


def test_a_number_no_truth_could_show_is_inconsistent_naming_the_cell():
    # under "under" a 3 needs at least three mines; a corner has three neighbours, one cleared
    with pytest.raises(InconsistentError, match=r"cell \[0, 0\].*shows 3.*under clue model"):
        analyze(Board.from_text("2x2\n3-\n??"), clues=UNDER)


def test_cleared_cells_round_trip_through_text():
    text = "3x2x1\n-1?\n?-?"
    assert Board.from_text(text).to_text() == text
    assert Board.from_text(text).cleared() == [(0, 0), (1, 1)]


def test_draws_follow_the_model_and_repeat_with_the_seed():
    import random

    rng = random.Random(5)
    seen = [OVER.draw(2, 5, rng) for _ in range(3000)]
    assert set(seen) == {2, 3, 4, 5} and all(abs(seen.count(v) / 3000 - 0.25) < 0.04 for v in range(2, 6))
    assert [UNDER.draw(3, 8, random.Random(1)) for _ in range(3)] == [UNDER.draw(3, 8, random.Random(1))] * 3
    withheld = parse_clues("withheld:0.8")
    shown = [withheld.draw(4, 8, rng) for _ in range(3000)]
    assert set(shown) == {4, None} and abs(shown.count(None) / 3000 - 0.2) < 0.03


# -- the command line: one-line errors with the documented exit codes --------------------------

@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("--clues", "bogus"), 2, "unknown clue model 'bogus'"),
        (("--clues", "withheld:1.5"), 2, "withheld"),
        (("--density", "0"), 2, "outside (0, 1)"),
        (("--density", "1"), 2, "outside (0, 1)"),
        (("--density", "half"), 2, "not a number"),
        (("--clues", "missing-table.json"), 3, "missing-table.json: no such file"),
    ],
)
def test_bad_clue_options_exit_with_one_line_and_the_documented_code(args, code, says):
    for command in ("count", "check"):
        r = run(command, "-", *args, stdin="3x1\n?1?\n")
        assert r.exit_code == code and says in r.stderr and r.stderr.count("\n") == 1, (command, r)


def test_a_density_together_with_a_mine_total_exits_2():
    r = run("count", "-", "--density", "0.2", stdin="3x1x1\n?1?\n")
    assert r.exit_code == 2 and "--density" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(("damage", "code"), [("negative", 3), ("column", 3)])
def test_a_malformed_table_on_the_command_line_exits_3(tmp_path, damage, code):
    table = [[Fraction(int(v == n)) for n in range(9)] for v in range(9)]
    if damage == "negative":
        table[0][0], table[1][0] = Fraction(-1), Fraction(2)
    else:
        table[1][3] = Fraction(1, 2)  # column 3 now sums to 3/2
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"likelihood": [[str(x) for x in row] for row in table]}))
    r = run("count", "-", "--clues", str(path), stdin="3x1\n?1?\n")
    assert r.exit_code == code and str(path) in r.stderr and r.stderr.count("\n") == 1


def test_a_position_of_zero_total_weight_exits_4_on_every_backend(tmp_path):
    # a table under which a shown 1 always means a true 0; the total makes the true number 1
    table = [[int(v == min(n + 1, 8)) for n in range(9)] for v in range(9)]
    path = tmp_path / "shift.json"
    path.write_text(json.dumps({"likelihood": table}))
    for backend in ("dpll", "sdd", "brute"):
        r = run("count", "-", "--clues", str(path), "--backend", backend, stdin="3x1x1\n?1?\n")
        assert r.exit_code == 4 and r.stderr.startswith("countsweep: error: <stdin>: "), (backend, r)
    assert run("check", "-", "--clues", str(path), stdin="3x1x1\n?1?\n").exit_code == 4


def test_a_cleared_cell_next_to_an_impossible_number_exits_4_naming_the_cell():
    r = run("count", "-", stdin="3x1\n-1-\n")
    assert r.exit_code == 4 and "cell [0, 1] (line 2, column 2)" in r.stderr


def test_the_over_model_lets_a_number_exceed_the_hidden_neighbours():
    # truth 0 shows 2 with probability 1/3 (uniform on 0..2), truth 1 with 1/2
    r = run("count", "-", "--clues", "over", "--exact", "--json", stdin="3x1\n-2?\n")
    assert r.exit_code == 0 and r.json()["weight"] == "5/6" and r.json()["exact"][0][2] == "3/5"


# -- the weighted export, refereed by Ganak's weighted counter ----------------------------------

def factor_of(text: str) -> Fraction:
    """The scale the file states ('the weighted count times 1/D is the position's total weight'),
    1 for a file with nothing to weigh (a plain projected count)."""
    lines = [x for x in text.splitlines() if x.startswith("c weights are integers")]
    return Fraction(lines[0].split(" times ")[1].split()[0]) if lines else Fraction(1)


@pytest.mark.long
@pytest.mark.parametrize("name", ["exact", "under", "over", "table", "density"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_weighted_export_counts_under_ganak_to_the_exact_weight(name, data):
    from countsweep.encode.cnf import encode
    from countsweep.encode.dimacs import render
    from tests.ganak import ganak_weighted

    density = None
    if name == "table":
        table = random_table(data.draw)
        model = ClueModel("table", "table", table)
        like = lambda v, n, room: table[v][n]  # noqa: E731
    else:
        model = parse_clues("exact" if name == "density" else name)
        like = REFERENCE[model.name]
    board = data.draw(noisy_positions(lambda v, n, room: like(v, n, room) if v <= 8 else Fraction(0)))
    if name == "density":
        board, density = board.with_mines(None), Fraction(data.draw(st.integers(1, 9)), 10)
    if not board.hidden():
        return
    total, _ = weighted_truth(board, like, density)
    try:
        text = render(encode(board, clues=model, density=density))
    except InconsistentError:
        assert total == 0  # refused before encoding: no layout weighs anything
        return
    # with no total and no density the file leaves the sea free, as the enumeration does
    got = ganak_weighted(text) * factor_of(text)
    assert float(got) == pytest.approx(float(total), rel=1e-12, abs=1e-300)


# -- games that deal noisy clues ----------------------------------------------------------------

def test_a_seed_deals_the_same_layout_under_every_clue_model():
    from countsweep.play.game import Game

    layouts = set()
    for model in (EXACT, UNDER, OVER, parse_clues("withheld:0.5")):
        g = Game(9, 9, 10, "safe", seed=7, clues=model)
        g.open((4, 4))
        layouts.add(g.reveal_layout())
    assert len(layouts) == 1


@pytest.mark.parametrize("spec", ["under", "over", "withheld:0.6"])
def test_a_game_shows_what_its_model_allows_and_spreads_only_from_a_true_zero(spec):
    from countsweep.play.game import Game

    model = parse_clues(spec)
    shown = 0
    for seed in range(40):
        g = Game(9, 9, 10, "safe", seed=seed, clues=model)
        g.open((0, 0))
        board, mines = g.view(), g.reveal_layout()
        for cell in board.cells():
            v = board[cell]
            if v < 0 and v != CLEARED:
                continue
            truth = sum(1 for n in board.neighbours(cell) if n in mines)
            if v == CLEARED:
                assert model.shows_number < 1
                continue
            shown += 1
            assert model.likelihood(v, truth, len(board.neighbours(cell))) > 0
        # every open cell was opened by the click or by a neighbour that showed 0
        for cell in board.cells():
            if board[cell] >= 0 or board[cell] == CLEARED:
                assert cell == (0, 0) or any(board[n] == 0 for n in board.neighbours(cell))
    assert shown > 40


def test_a_table_where_a_shown_zero_proves_nothing_never_spreads():
    from countsweep.play.game import Game

    uniform = tuple(tuple(Fraction(1, 9) for _ in range(9)) for _ in range(9))
    g = Game(9, 9, 1, "opening", seed=1, clues=ClueModel("uniform", "table", uniform))
    g.open((4, 4))
    assert g.opened == 1


@pytest.mark.parametrize("implementation", ["python", "kernel"])
def test_a_number_weighing_every_sum_alike_says_nothing(implementation):
    if implementation == "kernel" and KERNEL is None:
        pytest.skip("the compiled kernel was not built (no C compiler)")
    uniform = ClueModel("uniform", "table", tuple(tuple(Fraction(1, 9) for _ in range(9)) for _ in range(9)))
    board = Board.from_text("3x1x1\n0??")  # the 0 sees one of the two hidden cells
    a = analyze(board, clues=uniform, implementation=implementation)
    assert a.implementation == implementation
    assert a.probabilities[(0, 1)] == a.probabilities[(0, 2)] == Fraction(1, 2)


@pytest.mark.parametrize("spec", ["under", "withheld:0.8"])
def test_the_greedy_agent_never_opens_a_mine_it_called_safe_under_noisy_clues(spec):
    from countsweep.play.agents import make_agent, play_game
    from countsweep.play.game import Settings
    from countsweep.play.runs import deal

    settings = Settings(6, 6, 6, "safe", "random", spec)
    certain = 0
    for index in range(30):
        game, first, agent_seed = deal(settings, 3, index)
        mines: set = set()

        def trace(board, move, game=game, mines=mines):
            if not mines:
                mines.update(game.reveal_layout())
            if not move.guess:
                assert (move.cell in mines) == (move.action == "flag"), (board.to_text(), move)

        play_game(game, make_agent("greedy", settings.clue_model), first=first, seed=agent_seed, trace=trace)
        certain += 1
    assert certain == 30


def test_play_with_noisy_clues_repeats_with_its_seed_and_refuses_the_best_agent():
    args = ("play", "--size", "6x6x5", "--games", "20", "--clues", "withheld:0.8", "--json")
    first, again = run(*args), run(*args)
    assert first.exit_code == 0 and first.json()["wins"] == again.json()["wins"]
    assert first.json()["agent"] == "greedy" and first.json()["settings"]["clues"] == "withheld:0.8"
    refused = run("play", "--size", "6x6x5", "--games", "2", "--clues", "under", "--agent", "best")
    assert refused.exit_code == 2 and "greedy" in refused.stderr
    assert run("play", "--size", "6x6x5", "--clues", "sideways").exit_code == 2


# -- what the readers of models say, word for word ----------------------------------------------

def identity_rows() -> list[list[str]]:
    return [["1" if v == n else "0" for n in range(9)] for v in range(9)]


def test_a_table_file_that_is_not_json_or_not_an_object_is_named_in_one_line(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text("{likelihood: nope")
    with pytest.raises(InputError, match=r"^.*t\.json: not JSON \("):
        load_table(str(bad))
    bad.write_text(json.dumps([identity_rows()]))  # a list, not {"likelihood": ...}
    with pytest.raises(InputError, match=r"t\.json: expected \{\"likelihood\": .*\}, nine rows of nine entries$"):
        load_table(str(bad))


def test_a_table_model_is_named_after_its_file_and_reads_as_a_table(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"likelihood": identity_rows()}))
    model = load_table(str(path))
    assert model.name == f"table {path}" and model.kind == "table" and not model.exact


def test_withheld_takes_any_q_in_zero_one_inclusive_and_is_named_by_it():
    assert parse_clues("withheld:1").shows_number == 1
    model = parse_clues("withheld:0.8")
    assert model.name == "withheld:0.8" and model.shows_number == Fraction(4, 5)
    with pytest.raises(ParameterError, match=r"^withheld:Q: 1\.5 is outside \(0, 1\]$"):
        parse_clues("withheld:1.5")
    with pytest.raises(ParameterError, match=r"^withheld:Q: '0\.5:1' is not a number$"):
        parse_clues("withheld:0.5:1")
    with pytest.raises(ParameterError, match=r"^--density: 1 is outside \(0, 1\)$"):
        from countsweep.clues import parse_probability

        parse_probability("1", "--density")


def test_an_unknown_model_names_every_choice():
    with pytest.raises(ParameterError, match=r"^unknown clue model 'sideways': choose exact, under, over, "
                                             r"withheld:Q or a FILE\.json likelihood table$"):
        parse_clues("sideways")


def test_a_table_reads_its_last_column_for_a_cell_with_eight_mines_around():
    # L(8|8) = 1/2: the only layout (all eight neighbours mines) weighs 1/2
    rows = [[Fraction(int(v == n)) for n in range(9)] for v in range(9)]
    rows[8][8], rows[7][8] = Fraction(1, 2), Fraction(1, 2)
    model = ClueModel("t", "table", tuple(tuple(r) for r in rows))
    a = analyze(Board.from_text("3x3x8\n???\n?8?\n???"), clues=model)
    assert a.weight == Fraction(1, 2) and set(a.probabilities.values()) == {1}


def test_a_shown_zero_is_no_proof_when_one_mine_may_show_zero():
    rows = [[Fraction(int(v == n)) for n in range(9)] for v in range(9)]
    rows[0][1], rows[1][1] = Fraction(1, 2), Fraction(1, 2)  # a true 1 shows 0 or 1
    assert not ClueModel("t", "table", tuple(tuple(r) for r in rows)).zero_is_truth()
    assert EXACT.zero_is_truth() and UNDER.zero_is_truth() and OVER.zero_is_truth()


def test_a_game_cannot_deal_a_number_above_a_cells_neighbours():
    import random

    rows = [[Fraction(int(v == n)) for n in range(9)] for v in range(9)]
    rows[0][0], rows[4][0] = Fraction(1, 2), Fraction(1, 2)  # a true 0 shows 0 or 4
    model = ClueModel("t", "table", tuple(tuple(r) for r in rows))
    assert {model.draw(0, 8, random.Random(seed)) for seed in range(20)} == {0, 4}
    with pytest.raises(ParameterError, match="shows numbers above 3 for a cell with 3 neighbours"):
        for seed in range(40):
            model.draw(0, 3, random.Random(seed))


def test_a_table_whose_top_sums_are_impossible_counts_like_enumeration():
    # a shown 1 means a true 1 or 2 (half each), never 3: on a cell with three hidden neighbours the
    # allowed sums stop below the top
    rows = [[Fraction(int(v == n)) for n in range(9)] for v in range(9)]
    rows[1][2], rows[2][2] = Fraction(1, 2), Fraction(1, 2)
    model = ClueModel("t", "table", tuple(tuple(r) for r in rows))
    board = Board.from_text("3x2\n?1?\n-?-")
    like = lambda v, n, room: model.likelihood(v, n, room)  # noqa: E731
    total, probs = weighted_truth(board, like)
    for backend in ("dpll", "sdd", "brute"):
        a = analyze(board, backend, clues=model, implementation="python")
        assert a.weight * 2 ** len(a.sea) == total and a.probabilities == probs


def test_a_number_no_truth_could_show_names_the_range_its_neighbours_allow():
    with pytest.raises(InconsistentError, match=r"shows 3, which the under clue model never shows for the "
                                                r"0 to 2 mines its neighbours can hold$"):
        analyze(Board.from_text("3x2\n?3?\n---"), clues=UNDER)


def test_each_equation_names_the_number_it_comes_from():
    from countsweep.constraints import equations

    eqs, factor = equations(Board.from_text("3x2x1\n?1?\n---"))
    assert [(eq.source, eq.value, eq.cells) for eq in eqs] == [((0, 1), 1, ((0, 0), (0, 2)))] and factor == 1


@pytest.mark.long
def test_a_density_over_three_or_more_components_equals_enumeration():
    from tests.test_oracle import many_components

    for board in many_components(8):
        board = board.with_mines(None)
        total, probs = weighted_truth(board, exact, Fraction(1, 3))
        a = analyze(board, density=Fraction(1, 3), implementation="python")
        assert a.weight == total and a.probabilities == probs, board.to_text()


@pytest.mark.parametrize("clues", [UNDER, OVER, parse_clues("withheld:1/3")], ids=["under", "over", "withheld"])
def test_the_kernels_table_of_readings_says_what_each_number_says_on_its_own(clues, monkeypatch):
    # every case a number can be in (shown, flagged and hidden neighbours among its neighbours)
    # read from the kernel's table equals the reading worked out for that number alone
    from countsweep import constraints
    from countsweep.constraints import _reading, reading_key, readings

    monkeypatch.setattr(constraints, "_HELD", {})  # built here, not taken from an earlier test's
    table = readings(clues)
    factors = table.factors
    for shown in range(9):
        for room in range(9):
            for flags in range(room + 1):
                for hidden in range(room - flags + 1):
                    key = reading_key(shown, flags, hidden, room)  # as the kernel makes it, decoded by the table
                    alone = _reading(clues, shown, flags, hidden, room)
                    if alone is None:
                        assert table[key] is None and key not in factors
                        continue
                    lo, weights, factor = alone
                    assert table[key] == ((lo,) if weights is None else (lo, *weights))
                    assert factors[key] == factor


# a number shows its truth or one more, alike (8 shows 8): each number says "one of two sums", both
# weighing 1, which the kernel counts as a plain range, as it counts a range rule
_BLURRED = ClueModel("blurred", "table", tuple(
    tuple(Fraction(1) if shown == true == 8 else Fraction(1, 2) if shown in (true, true + 1) else Fraction(0)
          for true in range(9)) for shown in range(9)))


@pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_hidden=10))
def test_numbers_meaning_a_range_of_sums_alike_are_counted_by_the_kernel_as_by_python(board):
    try:
        python = analyze(board, clues=_BLURRED, implementation="python")
    except InconsistentError:
        with pytest.raises(InconsistentError):
            analyze(board, clues=_BLURRED, implementation="kernel")
        return
    kernel = analyze(board, clues=_BLURRED, implementation="kernel")
    assert kernel.implementation == "kernel"
    assert (kernel.weight, kernel.probabilities) == (python.weight, python.probabilities)
