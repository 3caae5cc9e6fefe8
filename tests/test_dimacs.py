"""The DIMACS reader against brute-force counting of the file's own clauses.

The files are drawn at random in every layout DIMACS allows: clauses spread
over lines or sharing one, comments and projection lines anywhere (also after
the clauses), tautologies, repeated literals, empty clauses, a last clause
without its terminating ``0``, a ``%`` end marker.  The reference counts the
clauses as drawn, with its own loop, so a reader that drops, merges or
misreads any of them disagrees.
"""

from __future__ import annotations

import io
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from countsweep.counting import get_backend
from countsweep.encode.dimacs import read, read_weighted, render
from countsweep.errors import InputError, ParameterError, ParameterTypeError
from tests.cli_helpers import run


def brute_force(num_vars: int, clauses: list[list[int]], projection: list[int] | None) -> int:
    """Projected models of ``clauses`` by enumeration: the distinct projections of the models."""
    shown = projection if projection is not None else list(range(1, num_vars + 1))
    seen = set()
    for values in product((False, True), repeat=num_vars):
        if all(any(values[abs(x) - 1] == (x > 0) for x in c) for c in clauses):
            seen.add(tuple(values[v - 1] for v in shown))
    return len(seen)


@st.composite
def dimacs_files(draw):
    """(text, num_vars, clauses, projection) of a random well-formed DIMACS file."""
    n = draw(st.integers(1, 7))
    literal = st.integers(1, n).flatmap(lambda v: st.sampled_from((v, -v)))
    clauses = draw(st.lists(st.lists(literal, min_size=0, max_size=5), max_size=8))
    # not every file has an empty clause: that makes the count 0
    if draw(st.booleans()):
        clauses = [c for c in clauses if c]
    if clauses and draw(st.booleans()):  # a tautology: x and -x in one clause
        v = draw(st.integers(1, n))
        clauses.append([v, draw(literal), -v])
    projection = None
    if draw(st.booleans()):
        projection = sorted(draw(st.sets(st.integers(1, n), min_size=1)))
    # the tokens: each clause's literals then 0, the last 0 sometimes missing
    tokens = [str(x) for c in clauses for x in (*c, 0)]
    unterminated = bool(clauses) and clauses[-1] != [] and draw(st.booleans())
    if unterminated:
        tokens.pop()
    # break the tokens into lines at random places
    lines = []
    while tokens:
        k = draw(st.integers(1, max(1, len(tokens))))
        lines.append(" ".join(tokens[:k]))
        tokens = tokens[k:]
    comments = ["c a comment", "c t pmc", "c", "c p weights are not this line"]
    for _ in range(draw(st.integers(0, 3))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(comments)))
    if projection is not None:  # one or two projection lines, anywhere after the header
        split = draw(st.integers(0, len(projection)))
        for part, kind in ((projection[:split], "c p show"), (projection[split:], "c ind")):
            if part:
                lines.insert(draw(st.integers(0, len(lines))), f"{kind} {' '.join(map(str, part))} 0")
    head = [f"p cnf {n} {len(clauses)}"]
    if draw(st.booleans()):
        head.insert(0, "c written by a random test")
    tail = ["%", "0"] if not unterminated and draw(st.booleans()) else []
    text = "\n".join(head + lines + tail) + ("\n" if draw(st.booleans()) else "")
    return text, n, clauses, projection


@settings(max_examples=1000)
@given(dimacs_files())
def test_read_then_counted_equals_brute_force_on_the_clauses_as_written(case):
    text, n, clauses, projection = case
    f = read(io.StringIO(text))
    assert f.num_vars == n
    assert f.projection == (tuple(projection) if projection is not None else None)
    assert get_backend("dpll").count(f).count == brute_force(n, clauses, projection)


def weighted_brute_force(num_vars: int, clauses: list[list[int]], weights: dict[int, Fraction]) -> Fraction:
    """Sum over the models of ``clauses`` of the product of their literals' weights (1 when not given)."""
    total = Fraction(0)
    for values in product((False, True), repeat=num_vars):
        if all(any(values[abs(x) - 1] == (x > 0) for x in c) for c in clauses):
            w = Fraction(1)
            for v in range(1, num_vars + 1):
                w *= weights.get(v if values[v - 1] else -v, Fraction(1))
            total += w
    return total


@settings(max_examples=500)
@given(dimacs_files(), st.data())
def test_weighted_files_count_the_sum_of_their_models_weights(case, data):
    text, n, clauses, projection = case
    assume(projection is None)  # weights are on projected variables; all of them here
    weights = {}
    lines = text.rstrip("\n").split("\n")
    for lit in data.draw(st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from((v, -v))), unique=True,
                                  max_size=2 * n)):
        text_w = data.draw(st.sampled_from(["0.3", "1/3", "2", "0", "0.125", "3e-1"]))
        weights[lit] = Fraction(text_w)
        end = lines.index("%") if "%" in lines else len(lines)  # nothing after % is read
        lines.insert(data.draw(st.integers(0, end)), f"c p weight {lit} {text_w} 0")
    f, factor = read_weighted(io.StringIO("\n".join(lines) + "\n"))
    assert get_backend("dpll").count(f).count * factor == weighted_brute_force(n, clauses, weights)


def test_a_weight_on_a_variable_outside_the_projection_is_refused():
    with pytest.raises(InputError, match="line 3: variable 2 is weighted but not projected"):
        read_weighted(io.StringIO("p cnf 2 1\nc p show 1 0\nc p weight 2 0.5 0\n1 2 0\n"))
    with pytest.raises(InputError, match="weight 'x' is not a number"):
        read_weighted(io.StringIO("p cnf 2 1\nc p weight 2 x 0\n1 2 0\n"))
    with pytest.raises(InputError, match="read it with read_weighted"):
        read(io.StringIO("p cnf 2 1\nc p weight 2 1/2 0\n1 2 0\n"))


@settings(max_examples=150)
@given(dimacs_files())
def test_count_dimacs_on_the_command_line_prints_the_same_count(case):
    text, n, clauses, projection = case
    r = run("count", "--dimacs", "-", "--json", stdin=text)
    assert r.exit_code == 0, r.stderr
    assert r.json()["count"] == str(brute_force(n, clauses, projection))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p cnf 2 1\n1 3 0\n", "line 2: literal 3 exceeds the 2 declared variables"),
        ("p cnf 2 1\n1 -3 0\n", "line 2: literal -3 exceeds the 2 declared variables"),
        ("p cnf 2 1\nc ind 3 0\n1 0\n", "line 2: projection variable 3 out of range"),
        ("p cnf 2 1\n1 0\np cnf 2 1\n", "line 3: a second 'p' header line"),
        ("1 2 0\np cnf 2 1\n", "line 1: clause before the 'p cnf' header"),
        ("p cnf 2\n1 0\n", "line 1: expected 'p cnf VARS CLAUSES'"),
        ("p cnf -2 1\n", "line 1: negative size in header"),
        ("p cnf 99999999999 1\n", "line 1: 99999999999 variables declared"),
        ("p cnf 2 1\n1 " + "9" * 5000 + " 0\n", "line 2: '9999"),
        ("p dnf 2 1\n1 0\n", "expected 'p cnf VARS CLAUSES'"),
    ],
)
def test_a_malformed_file_is_refused_naming_the_line(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read(io.StringIO(text), "f.cnf")
    r = run("count", "--dimacs", "-", stdin=text)
    assert r.exit_code == 3 and r.stderr.count("\n") == 1 and message in r.stderr


def test_a_satlib_file_with_its_percent_end_marker_is_read():
    text = "c SATLIB style\np cnf 3 2\n 1 -2 0\n 2 3 0\n%\n0\n\n"
    f = read(io.StringIO(text))
    assert len(f.constraints) == 2 and get_backend("dpll").count(f).count == brute_force(3, [[1, -2], [2, 3]], None)


# -- the weighted format, word for word ---------------------------------------------------------

@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("c p weight 0 1 0", r"^w\.cnf: line 2: literal 0 cannot be weighted$"),
        ("c p weight 3 1 0", r"^w\.cnf: line 2: weighted literal of variable 3 beyond the 2 declared variables$"),
        ("c p weight -3 1 0", r"^w\.cnf: line 2: weighted literal of variable 3 beyond the 2 declared variables$"),
        ("c p weight 1 -1 0", r"^w\.cnf: line 2: weight -1 is negative$"),
        ("c p weight 1 abc 0", r"^w\.cnf: line 2: weight 'abc' is not a number$"),
        ("c p weight 1 " + "1" * 70 + " 0", r"^w\.cnf: line 2: weight '" + "1" * 30 + r"' is not a number$"),
        ("c p weight 1 1 1", r"^w\.cnf: line 2: expected 'c p weight LITERAL WEIGHT 0'$"),
        ("c p weight 1 1/3 0 0", r"^w\.cnf: line 2: expected 'c p weight LITERAL WEIGHT 0'$"),
        ("c p weight 1", r"^w\.cnf: line 2: expected 'c p weight LITERAL WEIGHT 0'$"),
        ("c p weight x 1 0", r"^w\.cnf: line 2: 'x' is not an integer$"),
        ("c p weight " + "7" * 40 + " 1 0", r"^w\.cnf: line 2: '" + "7" * 30 + r"' is not an integer$"),
    ],
)
def test_a_bad_weight_line_is_refused_naming_the_line(line, message):
    with pytest.raises(InputError, match=message):
        read_weighted(io.StringIO(f"p cnf 2 1\n{line}\n1 2 0\n"), "w.cnf")


def test_weights_read_exactly_with_or_without_the_closing_zero():
    for line in ("c p weight 1 1/2 0", "c p weight 1 1/2", "c p weight 1 0.5 0"):
        f, factor = read_weighted(io.StringIO(f"p cnf 2 1\n{line}\n1 2 0\n"), "w.cnf")
        (card,) = [c for c in f.constraints if c.weights is not None]
        # variable 1: false weighs 1, true 1/2; scaled to integers (2, 1) with the factor 1/2
        assert (card.lits, card.weights, factor) == ((1,), (2, 1), Fraction(1, 2))
    f, factor = read_weighted(io.StringIO("p cnf 2 1\nc p weight -2 3 0\n1 2 0\n"), "w.cnf")
    (card,) = [c for c in f.constraints if c.weights is not None]
    assert (card.lits, card.weights, factor) == ((2,), (3, 1), Fraction(1))


def test_a_weight_on_a_variable_outside_the_projection_names_its_line():
    text = "p cnf 2 1\nc p show 1 0\nc p weight 2 1/2 0\n1 2 0\n"
    with pytest.raises(InputError, match=r"^w\.cnf: line 3: variable 2 is weighted but not projected$"):
        read_weighted(io.StringIO(text), "w.cnf")


def test_the_plain_reader_refuses_a_weighted_file_and_names_it():
    text = "p cnf 2 1\nc p weight 1 1/2 0\n1 2 0\n"
    with pytest.raises(InputError, match=r"^w\.cnf: a weighted formula \('c p weight' lines\): read it with "
                                         r"read_weighted$"):
        read(io.StringIO(text), "w.cnf")
    with pytest.raises(InputError, match=r"^<dimacs>: "):
        read(io.StringIO(text))


def test_the_weighted_export_says_what_every_line_means():
    from countsweep import Board
    from countsweep.clues import UNDER
    from countsweep.encode.cnf import encode
    from countsweep.encode.dimacs import render

    text = render(encode(Board.from_text("3x2x2\n?2?\n-??"), clues=UNDER), note="golden")
    head = text.split("p cnf")[0].splitlines()
    assert head == [
        "c countsweep DIMACS export",
        "c golden",
        "c board 3x2x2",
        "c board ?2?",
        "c board -??",
        "c encoding kmtotalizer; count-preserving: yes",
        "c mine total: included",
        "c projection: the 4 cell variables and 3 selectors; count projected on them (selectors are functions of "
        "the cells)",
        "c clue model: under",
        "c weights are integers: the weighted count times 1/12 is the position's total weight",
        "c var 1 = [0, 0]",
        "c var 2 = [0, 2]",
        "c var 3 = [1, 1]",
        "c var 4 = [1, 2]",
        "c selector 5 = [0, 1] shows 2 and has 2 mines around (weight 6)",
        "c selector 24 = [0, 1] shows 2 and has 3 mines around (weight 4)",
        "c selector 31 = [0, 1] shows 2 and has 4 mines around (weight 3)",
        "c t pwmc",
    ]
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("p cnf "))
    assert lines[at + 1:at + 9] == ["c p weight 5 6 0", "c p weight -5 1 0", "c p weight 24 4 0",
                                    "c p weight -24 1 0", "c p weight 31 3 0", "c p weight -31 1 0",
                                    "c p show 1 2 3 4 5 24 31 0", "c ind 1 2 3 4 5 24 31 0"]
    plain = render(encode(Board.from_text("3x2x2\n?2?\n-??"), "seqcounter", total=False)).split("p cnf")[0]
    assert plain.splitlines()[3:7] == [
        "c board -??", "c encoding seqcounter; count-preserving: yes", "c mine total: not included",
        "c projection: the 4 cell variables; count projected on them (unprojected counts are exact only when "
        "count-preserving)"]
    assert plain.splitlines()[-1] == "c t pmc"


def test_a_density_export_weighs_every_cell_and_says_over_what():
    from countsweep import Board
    from countsweep.encode.cnf import encode
    from countsweep.encode.dimacs import render

    text = render(encode(Board.from_text("3x1\n?1?"), density=Fraction(1, 4)))
    assert "c clue model: exact; density prior 1/4" in text.splitlines()
    assert "c weights are integers: the weighted count times 1/16 is the position's total weight" in text
    assert [x for x in text.splitlines() if x.startswith("c p weight")] == [
        "c p weight 1 1 0", "c p weight -1 3 0", "c p weight 2 1 0", "c p weight -2 3 0"]
    free = render(encode(Board.from_text("4x1\n?1??"), clues=parse_under()))
    assert ("over all layouts (the frontier's weight times 2 for each cell no number sees)" in free)


def parse_under():
    from countsweep.clues import UNDER

    return UNDER


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p cnf 2 1\nX5 0\n", r"^f\.cnf: line 2: 'X5' is not an integer$"),
        ("p cnf 2 1\n9" + "0" * 19 + " 0\n", r"^f\.cnf: line 2: '9" + "0" * 19 + r"' is not an integer$"),
        ("p cnf 2 1\n-9" + "0" * 17 + " 0\n", r"^f\.cnf: line 2: literal -9" + "0" * 17
         + r" exceeds the 2 declared variables$"),
        ("p cnf x 1\n1 0\n", r"^f\.cnf: line 1: 'x' is not an integer$"),
        ("p cnf 2 1\nc p show 1 y 0\n1 0\n", r"^f\.cnf: line 2: 'y' is not an integer$"),
        ("p cnf 2 1\n\n1 0\n\nz 0\n", r"^f\.cnf: line 5: 'z' is not an integer$"),
    ],
    ids=["a-letter-before-digits", "twenty-characters", "nineteen-characters", "in-the-header",
         "in-a-projection-line", "after-blank-lines"],
)
def test_every_word_is_an_integer_of_at_most_19_characters_or_refused_with_the_file_and_line(text, message):
    with pytest.raises(InputError, match=message):
        read(io.StringIO(text), "f.cnf")
    with pytest.raises(InputError, match=message.replace(r"^f\.cnf", "^<dimacs>")):
        read_weighted(io.StringIO(text))


def test_blank_lines_between_clauses_end_nothing():
    f = read(io.StringIO("p cnf 3 2\n\n1 2 0\n\n\n-3 0\n\n"))
    assert [c.lits for c in f.constraints] == [(1, 2), (-3,)]


def test_a_header_may_declare_exactly_the_largest_supported_number_of_variables():
    from countsweep.encode.dimacs import MAX_VARIABLES

    assert read(io.StringIO(f"p cnf {MAX_VARIABLES} 0\n")).num_vars == MAX_VARIABLES
    with pytest.raises(InputError, match=f"line 1: {MAX_VARIABLES + 1} variables declared; at most"):
        read(io.StringIO(f"p cnf {MAX_VARIABLES + 1} 0\n"))


def test_a_weight_is_read_up_to_60_characters():
    sixty = "0." + "5" * 58
    f, factor = read_weighted(io.StringIO(f"p cnf 1 0\nc p weight 1 {sixty} 0\n"))
    assert f.constraints[0].weights[1] * factor == Fraction(sixty)
    with pytest.raises(InputError, match=r"line 2: weight '0\.5555"):
        read_weighted(io.StringIO(f"p cnf 1 0\nc p weight 1 {sixty}5 0\n"))


def test_the_plain_reader_refuses_weights_even_when_they_need_no_scaling():
    # weight 2 on x1 and 1 on its negation: integers already, the factor stays 1
    f, factor = read_weighted(io.StringIO("p cnf 1 0\nc p weight 1 2 0\n"))
    assert factor == 1 and f.weighted
    with pytest.raises(InputError, match="a weighted formula"):
        read(io.StringIO("p cnf 1 0\nc p weight 1 2 0\n"))


def test_an_export_without_hidden_cells_still_closes_its_projection_lines_with_one_zero():
    from countsweep import Board
    from countsweep.encode.cnf import encode
    from countsweep.encode.dimacs import render

    lines = render(encode(Board.from_text("2x1\nF1"))).splitlines()
    assert "c p show 0" in lines and "c ind 0" in lines
    assert read(io.StringIO("\n".join(lines))).projection == ()


def test_a_weighted_export_without_the_total_says_its_weight_is_over_all_layouts():
    from countsweep import Board
    from countsweep.encode.cnf import encode
    from countsweep.encode.dimacs import render

    lines = render(encode(Board.from_text("4x1\n?1??"), clues=parse_under())).splitlines()
    (line,) = [x for x in lines if x.startswith("c weights are integers")]
    assert line.endswith("is the position's total weight over all layouts (the frontier's weight times 2 for "
                         "each cell no number sees)")


def test_a_rule_sets_export_names_every_cell_in_its_comments_as_json():
    from countsweep.encode import cnf
    from countsweep.rules import RuleSet

    doc = {"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["b", 'c "q"']}],
           "total_cells": 5, "total_mines": 2}
    rules = RuleSet.from_payload(doc)
    lines = render(cnf.encode_model(rules.model(), rules.names)).splitlines()
    assert lines[:2] == ["c countsweep DIMACS export",
                         "c rules over 5 cells (countsweep.rules; _other/J: the cells no rule names)"]
    assert [line for line in lines if line.startswith("c var ")] == [
        'c var 1 = "a"', 'c var 2 = "b"', 'c var 3 = "c \\"q\\""', 'c var 4 = "_other/0"', 'c var 5 = "_other/1"']


@pytest.mark.parametrize(("stream", "kind"), [(lambda: "p cnf 1 0\n", "str"), (lambda: b"p cnf 1 0\n", "bytes"),
                                             (lambda: 7, "int"), (lambda: [1, 2], "int"),
                                             (lambda: io.BytesIO(b"p cnf 1 0\n"), "bytes")])
def test_a_reader_given_no_text_stream_says_what_it_was_given(stream, kind):
    with pytest.raises(ParameterTypeError, match=rf"^stream: a text stream \(io\.StringIO\(text\) or open\(path\)\), "
                                                 rf"(whose lines are str, )?not {kind}$"):
        read(stream())  # a new stream each run: a file read once is empty the next time
    with pytest.raises(ParameterTypeError, match=r"^enc: expected a countsweep\.encode\.cnf\.Encoding "
                                                 r"\(cnf\.encode\(board\)\), not list$"):
        render([])


def test_a_rule_sets_export_under_a_density_carries_its_weights_factor_and_prior():
    from countsweep.encode import cnf
    from countsweep.rules import RuleSet

    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 3})
    enc = cnf.encode_model(rules.model(), rules.names, density=Fraction(1, 5))
    assert (enc.factor, enc.density, enc.clues, enc.total_included, enc.fallbacks) == (
        Fraction(1, 125), Fraction(1, 5), "exact", False, 0)
    lines = render(enc).splitlines()
    assert "c clue model: exact; density prior 1/5" in lines
    assert "c weights are integers: the weighted count times 1/125 is the position's total weight" in lines
    assert [x for x in lines if x.startswith("c p weight")] == [
        "c p weight 1 1 0", "c p weight -1 4 0", "c p weight 2 1 0", "c p weight -2 4 0", "c p weight 3 1 0",
        "c p weight -3 4 0"]
    plain = cnf.encode_model(rules.model(), rules.names)
    assert (plain.factor, plain.density, plain.weighted, plain.total_included) == (1, None, False, False)
    told = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]}], "total_cells": 3,
                                 "total_mines": 2})
    assert cnf.encode_model(told.model(), told.names).total_included is True
    assert cnf.encode_model(told.model(), told.names, total=False).total_included is False


def test_an_export_takes_a_million_unnamed_cells_and_refuses_one_more():
    from countsweep.constraints import Constraints
    from countsweep.encode import cnf

    assert cnf.encode_model(Constraints.of_rules(0, (), None, cnf.MAX_UNNAMED), ()).num_vars == 1_000_000
    with pytest.raises(ParameterError, match=r"^1000001 cells no rule names would each be a variable of the export; "
                                             r"at most 1000000$"):
        cnf.encode_model(Constraints.of_rules(0, (), None, cnf.MAX_UNNAMED + 1), ())


@pytest.mark.parametrize("encoding", ["seqcounter", "totalizer", "cardnetwrk"])
@pytest.mark.parametrize("total", [True, False])
def test_a_rule_sets_export_is_in_the_encoding_asked_and_counts_with_or_without_its_total(encoding, total):
    """Counted by Ganak on the projection: the layouts of seven cells (two no rule names) with three mines, or
    without the total every assignment of the rules' cells times the unnamed cells' four."""
    from countsweep.encode import cnf
    from countsweep.rules import RuleSet
    from tests.ganak import ganak_count

    rules = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b", "c"]},
                                            {"min_mines": 1, "max_mines": 2, "cells": ["c", "d", "e"]}],
                                  "total_cells": 7, "total_mines": 3})
    enc = cnf.encode_model(rules.model(), rules.names, encoding, total=total)
    fits = [bits for bits in product((0, 1), repeat=7)
            if sum(bits[:3]) == 1 and 1 <= sum(bits[2:5]) <= 2 and (not total or sum(bits) == 3)]
    assert enc.encoding == encoding and enc.total_included is total
    assert ganak_count(enc.num_vars, enc.clauses, enc.projection) == len(fits)
    others = {e: cnf.encode_model(rules.model(), rules.names, e, total=total).clauses
              for e in ("seqcounter", "totalizer", "cardnetwrk")}
    assert sum(clauses == enc.clauses for clauses in others.values()) == 1  # its own encoding's clauses only
