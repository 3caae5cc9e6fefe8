"""DIMACS CNF with projection: writing for external counters, reading for ours.

Written files follow the Model Counting Competition conventions (``c t pmc``,
``p cnf``, ``c p show ... 0``) and also carry ``c ind ... 0`` for ApproxMC-style
tools, so Ganak, d4, sharpSAT-TD and ApproxMC all count the layouts, not the
encoding's auxiliary variables.  Comment lines record the board, the encoding,
whether it is count-preserving, and which variable is which cell.  A weighted
encoding (noisy clues, a density) is written as ``c t pwmc`` with a
``c p weight LIT W 0`` line per weighted literal (integers; the file says what
the weighted count is multiplied by) and a comment naming each selector.

Reading takes the same lines back: ``c p weight`` lines make the formula
weighted (:func:`read_weighted`), each weight exact as written.

>>> import io
>>> f = read(io.StringIO("p cnf 3 1\\nc p show 1 2 0\\n1 2 3 0\\n"))
>>> f.num_vars, f.projection, f.constraints[0].lits
(3, (1, 2), (1, 2, 3))
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TextIO

from countsweep.counting.formula import Card, Formula, clause
from countsweep.encode.cnf import Encoding
from countsweep.errors import InputError, ParameterTypeError


def render(enc: Encoding, note: str = "") -> str:
    """The DIMACS text of ``enc`` with projection and the cell map in comments."""
    if not isinstance(enc, Encoding):
        raise ParameterTypeError(f"enc: expected a countsweep.encode.cnf.Encoding (cnf.encode(board)), "
                                 f"not {type(enc).__name__}")
    proj = " ".join(map(str, enc.projection))
    lines = ["c countsweep DIMACS export"]
    if note:
        lines.append(f"c {note}")
    if enc.board is not None:
        lines += [f"c board {row}" for row in enc.board.to_text().splitlines()]
    else:
        lines.append(f"c rules over {len(enc.names)} cells (countsweep.rules; _other/J: the cells no rule names)")
    lines.append(
        f"c encoding {enc.encoding}; count-preserving: {'yes' if enc.count_preserving else 'no'}"
        + (f" ({enc.fallbacks} constraints fell back to seqcounter)" if enc.fallbacks else "")
    )
    lines.append(
        "c mine total: " + ("included" if enc.total_included else "not included")
    )
    if enc.weighted:
        lines.append(
            f"c projection: the {enc.num_cells} cell variables and {len(enc.selectors)} selectors; count "
            "projected on them (selectors are functions of the cells)"
        )
        lines.append(f"c clue model: {enc.clues}" + (f"; density prior {enc.density}" if enc.density else ""))
        lines.append(
            f"c weights are integers: the weighted count times {enc.factor} is the position's total weight"
            + ("" if enc.total_included or enc.density is not None else
               " over all layouts (the frontier's weight times 2 for each cell no number sees)")
        )
    else:
        lines.append(
            f"c projection: the {enc.num_cells} cell variables; count projected on them "
            "(unprojected counts are exact only when count-preserving)"
        )
    if enc.board is not None:
        lines += [f"c var {v} = [{r}, {c}]" for (r, c), v in enc.cell_vars.items()]
    else:
        lines += [f"c var {v} = {json.dumps(enc.names[v - 1])}" for v in enc.cell_vars.values()]
    lines += [f"c selector {s.var} = [{s.cell[0]}, {s.cell[1]}] shows {s.shown} and has {s.true} mines around "
              f"(weight {s.weight})" for s in enc.selectors]
    lines.append("c t pwmc" if enc.weighted else "c t pmc")
    lines.append(f"p cnf {enc.num_vars} {len(enc.clauses)}")
    lines += [f"c p weight {lit} {w} 0" for lit, w in enc.literal_weights().items()]
    lines.append(f"c p show {proj} 0".replace("show  0", "show 0"))
    lines.append(f"c ind {proj} 0".replace("ind  0", "ind 0"))
    lines += [" ".join(map(str, c)) + " 0" for c in enc.clauses]
    return "\n".join(lines) + "\n"


MAX_VARIABLES = 10_000_000
"""The largest variable count a DIMACS header may declare (larger ones are refused, exit 3)."""


def _ints(words: Iterable[str], where: str) -> list[int]:
    out = []
    for w in words:
        # at most 18 digits: int() of a longer word is slow or refused, and no variable is that large
        if not (w.isascii() and w.lstrip("-").isdigit() and len(w) <= 19):  # ASCII digits, as DIMACS has them
            raise InputError(f"{where}: {w[:30]!r} is not an integer")
        out.append(int(w))
    return out


def read(stream: TextIO, name: str = "<dimacs>") -> Formula:
    """An unweighted DIMACS CNF file as a formula (a weighted one is refused: see :func:`read_weighted`)."""
    formula, factor = read_weighted(stream, name)
    if formula.weighted or factor != 1:
        raise InputError(f"{name}: a weighted formula ('c p weight' lines): read it with read_weighted")
    return formula


def read_weighted(stream: TextIO, name: str = "<dimacs>") -> tuple[Formula, Fraction]:
    """Parse DIMACS CNF, honouring ``c p show`` / ``c ind`` projection and ``c p weight`` lines.

    Returns the formula and the factor its counts are multiplied by: literal
    weights become one weighted constraint per variable, with the weights of
    its two literals scaled to integers, and the scale goes into the factor.
    A literal without a weight weighs 1; weights are only for projected
    variables.

    Lenient where solvers are: clauses may span lines or share one, the last
    clause may lack its terminating ``0``, a ``%`` line (as in SATLIB files)
    ends the formula, repeated literals collapse and tautologies are kept (they
    constrain nothing).  Strict where an error would change the answer: a
    literal or projection variable beyond the header's count, a second header,
    or a clause before the header are refused with the line they are on.

    >>> import io
    >>> f = read(io.StringIO("p cnf 3 2\\n1 -1 2 0 c p show 3 0\\n3"))
    Traceback (most recent call last):
    ...
    countsweep.errors.InputError: <dimacs>: line 2: 'c' is not an integer
    >>> f = read(io.StringIO("c p show 3 0\\np cnf 3 2\\n1 -1 2 0\\n3\\n%\\n0\\n"))
    >>> f.projection, [c.lits for c in f.constraints]
    ((3,), [(1, -1, 2), (3,)])
    >>> f, factor = read_weighted(io.StringIO("p cnf 1 0\\nc p weight 1 0.3 0\\nc p weight -1 1/2 0\\n"))
    >>> f.constraints[0].weights, factor
    ((5, 3), Fraction(1, 10))
    """
    if isinstance(stream, (str, bytes)) or not hasattr(stream, "__iter__"):
        raise ParameterTypeError(f"stream: a text stream (io.StringIO(text) or open(path)), "
                                 f"not {type(stream).__name__}")
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    current: list[int] = []
    shown: list[tuple[int, int]] | None = None  # (variable, line)
    weights: dict[int, tuple[Fraction, int]] = {}  # literal: (weight, line)
    for lineno, raw in enumerate(stream, 1):
        where = f"{name}: line {lineno}"
        if not isinstance(raw, str):  # a list or a binary file iterates too
            raise ParameterTypeError(f"stream: a text stream (io.StringIO(text) or open(path)), whose lines are "
                                     f"str, not {type(raw).__name__}")
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            words = line.split()
            if words[:3] == ["c", "p", "show"] or words[:2] == ["c", "ind"]:
                body = words[3:] if words[1] == "p" else words[2:]
                shown = (shown or []) + [(v, lineno) for v in _ints(body, where) if v != 0]
            elif words[:3] == ["c", "p", "weight"]:
                lit = _weighted_literal(words, where)  # first: it checks the line's shape for _weight
                weights[lit] = (_weight(words, where), lineno)
            continue
        if line.startswith("%"):
            break
        if line.startswith("p"):
            words = line.split()
            if header is not None:
                raise InputError(f"{where}: a second 'p' header line")
            if len(words) != 4 or words[1] != "cnf":
                raise InputError(f"{where}: expected 'p cnf VARS CLAUSES'")
            nv, nc = _ints(words[2:], where)
            if nv < 0 or nc < 0:
                raise InputError(f"{where}: negative size in header")
            if nv > MAX_VARIABLES:
                raise InputError(f"{where}: {nv} variables declared; at most {MAX_VARIABLES} are supported")
            header = (nv, nc)
            continue
        if header is None:
            raise InputError(f"{where}: clause before the 'p cnf' header")
        for x in _ints(line.split(), where):
            if x == 0:
                clauses.append(current)
                current = []
            elif abs(x) > header[0]:
                raise InputError(f"{where}: literal {x} exceeds the {header[0]} declared variables")
            else:
                current.append(x)
    if header is None:
        raise InputError(f"{name}: no 'p cnf' header found")
    if current:
        clauses.append(current)
    projection = None
    if shown is not None:
        bad = [(v, at) for v, at in shown if not 0 < v <= header[0]]
        if bad:
            raise InputError(f"{name}: line {bad[0][1]}: projection variable {bad[0][0]} out of range")
        projection = tuple(sorted({v for v, _ in shown}))
    counted = set(projection) if projection is not None else None
    factor = Fraction(1)
    weighted: list[Card] = []
    for v in sorted({abs(lit) for lit in weights}):
        at = (weights[v] if v in weights else weights[-v])[1]
        if v > header[0]:
            raise InputError(f"{name}: line {at}: weighted literal of variable {v} beyond the "
                             f"{header[0]} declared variables")
        if counted is not None and v not in counted:
            raise InputError(f"{name}: line {at}: variable {v} is weighted but not projected")
        pos, neg = weights.get(v, (Fraction(1), 0))[0], weights.get(-v, (Fraction(1), 0))[0]
        scale = math.lcm(pos.denominator, neg.denominator)
        weighted.append(Card((v,), 0, 1, (int(neg * scale), int(pos * scale))))
        factor /= scale
    return Formula(header[0], tuple(clause(c) for c in clauses) + tuple(weighted), projection), factor


def _weighted_literal(words: list[str], where: str) -> int:
    if len(words) not in (5, 6) or (len(words) == 6 and words[5] != "0"):
        raise InputError(f"{where}: expected 'c p weight LITERAL WEIGHT 0'")
    (lit,) = _ints(words[3:4], where)
    if lit == 0:
        raise InputError(f"{where}: literal 0 cannot be weighted")
    return lit


def _weight(words: list[str], where: str) -> Fraction:
    text = words[4]
    try:
        if len(text) > 60:
            raise ValueError
        w = Fraction(text)  # "0.3", "3e-1" and "1/3" are all read exactly
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: weight {text[:30]!r} is not a number") from None
    if w < 0:
        raise InputError(f"{where}: weight {text} is negative")
    return w
