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

from countsweep.analysis import checked_analysis
from countsweep.board import CLEARED, FLAG, HIDDEN
from countsweep.counting.poly import decimal
from countsweep.errors import ParameterTypeError, shown
from countsweep.oracle import Analysis
from countsweep.rules import OTHER, RulesAnalysis
from countsweep.topology import Graph, Grid3D, Hex


def percent(p: Fraction) -> str:
    if not isinstance(p, (int, Fraction)) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ParameterTypeError(f"p: a probability (a Fraction in [0, 1]), not {shown(p)}")
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


def _many(n: int, noun: str) -> str:
    """``n`` and its noun, plural unless ``n`` is 1.

    >>> _many(1, "rule"), _many(0, "hidden cell"), _many(3, "component")
    ('1 rule', '0 hidden cells', '3 components')
    """
    return f"{n} {noun}{'s' * (n != 1)}"


def _shown(a: Analysis, cell: tuple[int, int]) -> str:
    v = a.board[cell]
    if v == FLAG:
        return "F"
    if v == HIDDEN:
        return percent(a.probabilities[cell])
    if v == CLEARED:
        return "-"
    return f"[{v}]"


def probability_grid(a: Analysis) -> str:
    """The board's cells as a grid; a 3D board layer by layer, a hex grid with its odd rows shifted, a graph a list."""
    b = checked_analysis(a).board
    topology = b.topology
    if isinstance(topology, Graph):
        width = max(len(n) for n in topology.names)
        return "\n".join(f"{name:>{width}}  {_shown(a, (0, i)):>5}" for i, name in enumerate(topology.names))
    colw = 5
    rw = len(str(b.height - 1)) + 1
    layer = b.height // topology.depth if isinstance(topology, Grid3D) else b.height
    header = " " * rw + "".join(f"{c:>{colw}}" for c in range(b.width))
    lines = []
    for r in range(b.height):
        if r % layer == 0:
            if isinstance(topology, Grid3D):
                lines += ([""] if r else []) + [f"layer {r // layer} (rows {r}-{r + layer - 1})"]
            lines.append(header)
        shift = "  " if isinstance(topology, Hex) and r % 2 else ""  # odd rows sit half a cell right
        lines.append(f"{r:>{rw}}" + shift + "".join(f"{_shown(a, (r, c)):>{colw}}" for c in range(b.width)))
    return "\n".join(lines)


def summary(a: Analysis) -> str:
    b = checked_analysis(a).board
    hidden = len(a.probabilities)
    words = b.topology.words()
    board = b.dimensions + (f" {words}" if words else "") + " board"
    if a.mines_known:
        assert b.mines is not None  # its total is what makes them known
        head = f"{board}, {_many(b.mines, 'mine')} ({len(b.flags())} flagged)"
        what = "mine layouts"
    elif a.density is not None:
        head = f"{board}, mine total unknown, each hidden cell a mine with probability {a.density}"
        what = "layouts"
    else:
        head = f"{board}, mine total unknown"
        what = "frontier assignments (mine total unknown; sea cells not counted)"
    if a.weighted:
        w = a.weight
        total = f"total weight of the {what}: {decimal(w.numerator)}/{decimal(w.denominator)} (about {float(w):.6g})"
        head += f"; clues read as {a.clue_model}"
    else:
        total = f"{what}: {decimal(a.count)}"
    return "\n".join([
        head + f"; {_many(hidden, 'hidden cell')}: {len(a.frontier)} on the frontier in "
        f"{_many(a.components, 'component')}, {len(a.sea)} in the sea",
        total,
        f"certain safe: {len(a.safe)}, certain mines: {len(a.mines_certain)}",
    ])


def rules_report(answer: RulesAnalysis) -> str:
    """A rule set's answer for the terminal: the count, then every named cell's percent (and the others')."""
    if not isinstance(answer, RulesAnalysis):
        raise ParameterTypeError(f"answer: expected a RulesAnalysis (countsweep.rules.analyze_rules), "
                                 f"not {shown(answer)}")
    a, rules = answer.analysis, answer.rules
    if a.weighted:
        w = a.weight
        total = f"probability of the rules under the prior: {decimal(w.numerator)}/{decimal(w.denominator)} " \
                f"(about {float(w):.6g})"
    else:
        what = "mine layouts" if a.mines_known else "assignments of the named cells (no mine total)"
        total = f"{what}: {decimal(a.count)}"
    names = list(rules.names) + ([OTHER] if answer.other is not None else [])
    width = max((len(n) for n in names), default=4)
    lines = [f"{_many(len(rules.rules), 'rule')} over {_many(len(rules.names), 'cell')}, "
             f"{_many(rules.others, 'cell')} no rule names; {_many(a.components, 'component')}", total,
             f"certain safe: {len(a.safe)}, certain mines: {len(a.mines_certain)}", "",
             "mine probability in percent ('.' safe, '*' certain mine)"]
    lines += [f"{name:>{width}}  {percent(a.probabilities[(0, i)]):>5}" for i, name in enumerate(rules.names)]
    if answer.other is not None:
        lines.append(f"{OTHER:>{width}}  {percent(answer.other):>5}")
    return "\n".join(lines)


def report(a: Analysis) -> str:
    checked_analysis(a)
    cleared = ", - cleared" if a.board.cleared() else ""
    legend = f"mine probability in percent ('.' safe, '*' certain mine, F flag, [n] revealed{cleared})"
    return summary(a) + "\n\n" + legend + "\n" + probability_grid(a)
