"""Text pictures of positions and their probabilities, for the terminal.

Each hidden cell shows its mine probability in percent; ``.`` marks a certain-safe
cell and ``*`` a certain mine, ``F`` a flag, ``-`` a cleared cell that shows no
number, and revealed numbers stand in brackets, ``[2]``, so they are never read
as percentages.  A
probability that rounds to 0 or 100 but is not certain shows as ``<1`` or ``>99``,
so a sure cell is never confused with a likely one.

>>> from countsweep.board import Board
>>> from countsweep.oracle import analyze
>>> print(probability_grid(analyze(Board.from_text("3x1x1\\n?1?"))))
      0    1    2
 0   50  [1]   50
"""

from __future__ import annotations

from fractions import Fraction

from countsweep.board import CLEARED, FLAG, HIDDEN
from countsweep.counting.poly import decimal
from countsweep.oracle import Analysis


def percent(p: Fraction) -> str:
    if p == 0:
        return "."
    if p == 1:
        return "*"
    v = round(float(p) * 100)
    if v < 1:
        return "<1"
    if v > 99:
        return ">99"
    return str(v)


def probability_grid(a: Analysis) -> str:
    b = a.board
    colw = 5
    rw = len(str(b.height - 1)) + 1
    lines = [" " * rw + "".join(f"{c:>{colw}}" for c in range(b.width))]
    for r in range(b.height):
        cells = []
        for c in range(b.width):
            v = b[r, c]
            if v == FLAG:
                cells.append("F")
            elif v == HIDDEN:
                cells.append(percent(a.probabilities[(r, c)]))
            elif v == CLEARED:
                cells.append("-")
            else:
                cells.append(f"[{v}]")
        lines.append(f"{r:>{rw}}" + "".join(f"{s:>{colw}}" for s in cells))
    return "\n".join(lines)


def summary(a: Analysis) -> str:
    b = a.board
    hidden = len(a.probabilities)
    if a.mines_known:
        head = f"{b.width}x{b.height} board, {b.mines} mines ({len(b.flags())} flagged)"
        what = "mine layouts"
    elif a.density is not None:
        head = f"{b.width}x{b.height} board, mine total unknown, each hidden cell a mine with probability {a.density}"
        what = "layouts"
    else:
        head = f"{b.width}x{b.height} board, mine total unknown"
        what = "frontier assignments (mine total unknown; sea cells not counted)"
    if a.weighted:
        w = a.weight
        total = f"total weight of the {what}: {decimal(w.numerator)}/{decimal(w.denominator)} (about {float(w):.6g})"
        head += f"; clues read as {a.clue_model}"
    else:
        total = f"{what}: {decimal(a.count)}"
    return "\n".join([
        head + f"; {hidden} hidden cells: {len(a.frontier)} on the frontier in "
        f"{a.components} component{'s' * (a.components != 1)}, {len(a.sea)} in the sea",
        total,
        f"certain safe: {len(a.safe)}, certain mines: {len(a.mines_certain)}",
    ])


def report(a: Analysis) -> str:
    cleared = ", - cleared" if a.board.cleared() else ""
    legend = f"mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed{cleared})"
    return summary(a) + "\n\n" + legend + "\n" + probability_grid(a)
