"""Guess rules of DavidNHill's solvers, as variants of the best agent to measure.

(Their "50/50 influence", the ``LongTermRiskHelper``, was measured here as the
``long-term-risk`` variant and is the best agent's own now: its ``risk_weight``,
:mod:`countsweep.play.risk`.  So is their valuation of the position after a
guess over living cells only: ``next_value`` and ``opened_next_value``.)

``space`` (:class:`SpaceCounter`): candidates in a hidden pocket of fewer than 8
cells (a pocket grows through hidden cells and across one revealed cell at a
time) are put off while a larger region has one, so the mine total can settle
them later.

``window`` (:class:`Window`): their candidate window: frontier cells within
0.10 of the best safety (down to 0.20 while there are fewer than two), and sea
cells only when their safety exceeds 0.95 times the best: then all of them if
fewer than 30, else those two steps (in a row or a column) from a number or
with two or three hidden neighbours, each scored on its own.

``living-window`` (:class:`LivingWindow`): the Java solver's window, relative to
the safest *living* cell, dead cells out. ``settled`` (:class:`Settled`): the
living valuation with a stronger dead test (:func:`settled`). ``sea-fine``
(:class:`FineSeaKinds`): sea candidates split by the frontier cells around them.
``influence-only`` (:class:`InfluenceOnly`): the long-term risk as the Java
solver scores it, the 50/50 influence alone: no hotspots (their safety in the
positions after a guess, and the boost they exempt their own cells from).

(The ``sampled-endgame`` variant measured here, countsweep's own, is the best
agent's rule :func:`~countsweep.play.agents.sampled` now; ``sampled_layouts=0``
is the agent without it.)

    python -m experiments.variants space --rule opening --seed 22 --games 4000 --workers 2
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.oracle import Analysis
from countsweep.play.agents import BestAgent
from countsweep.play.risk import Risk


def space_at_least(board: Board, mines: set[Cell], start: Cell, threshold: int) -> bool:
    """Whether the hidden region around ``start`` holds ``threshold`` cells that are not certain mines.

    >>> b = Board.from_text("5x1x1\\n??1??")
    >>> space_at_least(b, set(), (0, 0), 4), space_at_least(b, set(), (0, 0), 5)
    (True, False)
    """
    seen, stack, count = {start}, [start], 0
    while stack:
        count += 1
        if count >= threshold:
            return True
        for n in board.neighbours(stack.pop()):
            if n in seen:
                continue
            seen.add(n)
            if board[n] == HIDDEN:
                if n not in mines:
                    stack.append(n)
            elif board[n] >= 0:
                # a revealed cell is crossed: its own hidden neighbours join the region
                for m in board.neighbours(n):
                    if m not in seen and board[m] == HIDDEN and m not in mines:
                        seen.add(m)
                        stack.append(m)
    return False


class SpaceCounter(BestAgent):
    """Candidates in pockets of fewer than :attr:`threshold` cells put off while others exist."""

    name = "space"
    threshold = 8

    def candidates(self, a: Analysis) -> list[Cell]:
        found = super().candidates(a)
        mines = set(a.mines_certain)
        return [c for c in found if space_at_least(a.board, mines, c, self.threshold)] or found


def sea_candidates(a: Analysis, best: Fraction) -> list[Cell]:
    """Their sea candidates: none unless the sea's safety exceeds 0.95 times ``best``; then
    every sea cell if fewer than 30, else those two steps (in a row or a column) from a
    number or with two or three hidden neighbours, each scored on its own."""
    board, sea = a.board, a.sea
    if not sea or 1 - a.probabilities[sea[0]] <= Fraction(95, 100) * best:
        return []
    if len(sea) < 30:
        return list(sea)
    steps = {(r + dr, c + dc) for r, c in board.numbers() for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2))}
    return [c for c in sea if c in steps or 1 < sum(1 for n in board.neighbours(c) if board[n] < 0) < 4]


class Window(BestAgent):
    """Their candidate window instead of the safety ratio and one sea cell per kind."""

    name = "window"

    def candidates(self, a: Analysis) -> list[Cell]:
        probs, sea = a.probabilities, set(a.sea)
        safety = {c: 1 - p for c, p in probs.items() if p < 1}
        best = max(safety.values())
        near, far = best - Fraction(1, 10), best - Fraction(2, 10)
        out: list[Cell] = []
        for s, c in sorted(((s, c) for c, s in safety.items() if c not in sea), reverse=True):
            if s < near and (len(out) >= 2 or s < far):
                break
            near = min(near, s)
            out.append(c)
        out += sea_candidates(a, best)
        return out or super().candidates(a)


def settled(a: Analysis, cell: Cell) -> bool:
    """Whether the number ``cell`` would show is known before it is opened, by the numbers around it.

    The uncertain hidden neighbours of ``cell`` hold a known number of mines
    when there are none, or when they split exactly into the uncertain cells
    (other than ``cell``, which shows a number only when safe) of revealed
    numbers: each number fixes how many mines its own cells hold.  A sufficient
    test of a dead cell, stronger than the best agent's (no uncertain hidden
    neighbour).  Below, ``(0, 3)`` sees the 50/50 pair ``(0, 2)``, ``(1, 2)``
    and the certainly safe ``(1, 3)``, and the 1 at ``(0, 1)`` says the pair
    holds one mine: ``(0, 3)`` can only show 1.

    >>> from countsweep.oracle import analyze
    >>> a = analyze(Board.from_text("4x2x1\\n01??\\n01??"))
    >>> settled(a, (0, 3)), settled(a, (1, 2))
    (True, True)
    >>> settled(analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????")), (0, 1))
    False
    """
    probs, board = a.probabilities, a.board
    open_ = frozenset(n for n in board.neighbours(cell) if board[n] == HIDDEN and 0 < probs[n] < 1)
    scopes = set()
    for x in open_:
        for s in board.neighbours(x):
            if board[s] >= 0:
                scope = frozenset(n for n in board.neighbours(s)
                                  if n != cell and board[n] == HIDDEN and 0 < probs[n] < 1)
                if scope and scope <= open_:
                    scopes.add(scope)
    return _covers(open_, list(scopes))


def _covers(cells: frozenset[Cell], scopes: list[frozenset[Cell]]) -> bool:
    """Whether some of ``scopes``, pairwise disjoint, make up exactly ``cells``."""
    if not cells:
        return True
    first = min(cells)
    return any(_covers(cells - s, scopes) for s in scopes if first in s and s <= cells)


class Settled(BestAgent):
    """The living valuation with :func:`settled` as its test of a dead cell; a position
    with no living cell is worth ``(4*s1 + s2)/5`` of its uncertain cells (a plain guess
    is next), not 1."""

    name = "settled"

    def next_safety(self, nxt: Analysis, value: str = "all") -> Fraction:
        if value != "living":
            return super().next_safety(nxt, value)
        best: list[Fraction] = []
        for g in sorted(nxt.groups, key=lambda g: g.mines):
            if g.mines == nxt.scale:
                break
            for c in g.cells:
                if not settled(nxt, c):
                    best.append(1 - g.probability)
                    if len(best) == 2:
                        return (4 * best[0] + best[1]) / 5
        if best:
            return best[0]
        uncertain = [1 - g.probability for g in sorted(nxt.groups, key=lambda g: g.mines)
                     if 0 < g.mines < nxt.scale for _ in g.cells[:2]]
        return (4 * uncertain[0] + uncertain[min(1, len(uncertain) - 1)]) / 5 if uncertain else Fraction(1)


class LivingWindow(BestAgent):
    """The Java solver's candidate window: frontier cells at least 9/10 as safe as the
    safest *living* cell (sea cells count as living), dead ones left out
    (:func:`settled`); sea cells as in :class:`Window`."""

    name = "living-window"

    def candidates(self, a: Analysis) -> list[Cell]:
        probs, sea = a.probabilities, set(a.sea)
        living = {c: 1 - p for c, p in probs.items() if p < 1 and (c in sea or not settled(a, c))}
        if not living:
            return super().candidates(a)
        best = max(living.values())
        out = sorted(c for c, s in living.items() if c not in sea and s >= self.ratio * best)
        out += sea_candidates(a, max(1 - p for p in probs.values() if p < 1))
        return out or super().candidates(a)


class FineSeaKinds(BestAgent):
    """Sea cells of one kind only when they also have the same flagged neighbours and
    the same frontier cells around (none, for a cell deep in the sea)."""

    name = "sea-fine"

    @staticmethod
    def sea_kind(board: Board, sea: set[Cell], cell: Cell) -> Hashable:
        around = board.neighbours(cell)
        return (sum(1 for n in around if board[n] == HIDDEN), sum(1 for n in around if board[n] == FLAG),
                tuple(n for n in around if board[n] == HIDDEN and n not in sea))


class InfluenceOnly(BestAgent):
    """The best agent's long-term risk without its hotspots: every cell boosted by its
    influence, and the positions after a guess valued as without the rule."""

    name = "influence-only"

    def risk(self, a: Analysis) -> Risk | None:
        risk = super().risk(a)
        if risk is not None:
            risk.hotspots = []  # kept with the position: the next call finds them gone already
        return risk


VARIANTS = {"space": SpaceCounter, "window": Window, "living-window": LivingWindow,
            "sea-fine": FineSeaKinds, "settled": Settled, "influence-only": InfluenceOnly}
"""Agents a variant name stands for in :mod:`experiments.variants`."""
