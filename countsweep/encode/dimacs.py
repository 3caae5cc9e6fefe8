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


def _ints(words: Iterable[str], lineno: int) -> list[int]:
    out = []
    for w in words:
        try:
            out.append(int(w))
        except ValueError:
            raise InputError(f"line {lineno}: {w!r} is not an integer") from None
    return out


def read(stream: TextIO, name: str = "<dimacs>") -> Formula:
    """Parse DIMACS CNF, honouring ``c p show`` / ``c ind`` projection lines."""
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    current: list[int] = []
    shown: list[int] | None = None
    for lineno, raw in enumerate(stream, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            words = line.split()
            if words[:3] == ["c", "p", "show"] or words[:2] == ["c", "ind"]:
                body = words[3:] if words[1] == "p" else words[2:]
                vars_ = _ints(body, lineno)
                shown = (shown or []) + [v for v in vars_ if v != 0]
            continue
        if line.startswith("p"):
            words = line.split()
            if len(words) != 4 or words[1] != "cnf":
                raise InputError(f"{name}: line {lineno}: expected 'p cnf VARS CLAUSES'")
            nv, nc = _ints(words[2:], lineno)
            if nv < 0 or nc < 0:
                raise InputError(f"{name}: line {lineno}: negative size in header")
            header = (nv, nc)
            continue
        if header is None:
            raise InputError(f"{name}: line {lineno}: clause before the 'p cnf' header")
        for x in _ints(line.split(), lineno):
            if x == 0:
                clauses.append(current)
                current = []
            elif abs(x) > header[0]:
                raise InputError(
                    f"{name}: line {lineno}: literal {x} exceeds the {header[0]} declared variables"
                )
            else:
                current.append(x)
    if header is None:
        raise InputError(f"{name}: no 'p cnf' header found")
    if current:
        clauses.append(current)
    projection = None
    if shown is not None:
        bad = [v for v in shown if not 0 < v <= header[0]]
        if bad:
            raise InputError(f"{name}: projection variable {bad[0]} out of range")
        projection = tuple(sorted(set(shown)))
    return Formula(header[0], tuple(clause(c) for c in clauses), projection)
