"""DIMACS CNF with projection: writing for external counters, reading for ours.

Written files follow the Model Counting Competition conventions (``c t pmc``,
``p cnf``, ``c p show ... 0``) and also carry ``c ind ... 0`` for ApproxMC-style
tools, so Ganak, d4, sharpSAT-TD and ApproxMC all count the layouts, not the
encoding's auxiliary variables.  Comment lines record the board, the encoding,
whether it is count-preserving, and which variable is which cell.

>>> import io
>>> f = read(io.StringIO("p cnf 3 1\\nc p show 1 2 0\\n1 2 3 0\\n"))
>>> f.num_vars, f.projection, f.constraints[0].lits
(3, (1, 2), (1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from countsweep.counting.formula import Formula, clause
from countsweep.encode.cnf import Encoding
from countsweep.errors import InputError


def render(enc: Encoding, note: str = "") -> str:
    """The DIMACS text of ``enc`` with projection and the cell map in comments."""
    proj = " ".join(map(str, enc.projection))
    lines = ["c countsweep DIMACS export"]
    if note:
        lines.append(f"c {note}")
    lines += [f"c board {row}" for row in enc.board.to_text().splitlines()]
    lines.append(
        f"c encoding {enc.encoding}; count-preserving: {'yes' if enc.count_preserving else 'no'}"
        + (f" ({enc.fallbacks} constraints fell back to seqcounter)" if enc.fallbacks else "")
    )
    lines.append(
        "c mine total: " + ("included" if enc.total_included else "not included")
    )
    lines.append(
        f"c projection: the {enc.num_cells} cell variables; count projected on them "
        "(unprojected counts are exact only when count-preserving)"
    )
    lines += [f"c var {v} = [{r}, {c}]" for (r, c), v in enc.cell_vars.items()]
    lines.append("c t pmc")
    lines.append(f"p cnf {enc.num_vars} {len(enc.clauses)}")
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
        if not (w.lstrip("-").isdigit() and len(w) <= 19):
            raise InputError(f"{where}: {w[:30]!r} is not an integer")
        out.append(int(w))
    return out


def read(stream: TextIO, name: str = "<dimacs>") -> Formula:
    """Parse DIMACS CNF, honouring ``c p show`` / ``c ind`` projection lines.

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
    """
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    current: list[int] = []
    shown: list[tuple[int, int]] | None = None  # (variable, line)
    for lineno, raw in enumerate(stream, 1):
        where = f"{name}: line {lineno}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            words = line.split()
            if words[:3] == ["c", "p", "show"] or words[:2] == ["c", "ind"]:
                body = words[3:] if words[1] == "p" else words[2:]
                shown = (shown or []) + [(v, lineno) for v in _ints(body, where) if v != 0]
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
    return Formula(header[0], tuple(clause(c) for c in clauses), projection)
