"""Agents that play from what a player sees, and the loop that plays a game.

An agent is anything with ``name`` and ``moves(board, rng) -> list[Move]``: given
the visible board it returns the moves to make before looking again.  The
greedy agent flags every certain mine, opens every certain-safe cell, and
otherwise guesses the cell with the lowest exact mine probability (sea cells
included), breaking ties at random.

>>> from countsweep.play.game import Game
>>> rec = play_game(Game(9, 9, 10, rule="opening", seed=3), GreedyAgent(), first=(4, 4), seed=3)
>>> rec.won in (True, False), rec.guesses >= 0
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.clues import EXACT, ClueModel, clue_model
from countsweep.constraints import Constraints
from countsweep.counting import DEFAULT_BACKEND
from countsweep.counting.base import limits_of
from countsweep.errors import CountsweepError, LimitExceeded, ParameterError, ParameterTypeError, shown
from countsweep.oracle import Analysis, Group, analyze
from countsweep.play.endgame import Endgame, Layouts, best_move, component_layouts
from countsweep.play.fifty import pseudos
from countsweep.play.game import Game, seed_of
from countsweep.play.risk import Risk


@dataclass(frozen=True)
class Move:
    cell: Cell
    action: str  # "open" or "flag"
    probability: Fraction  # of a mine at ``cell``, as the agent believed
    guess: bool  # True when the agent was not certain
    rule: str = "certain"
    """Why this move: ``certain``, or the rule that chose the guess (one of :data:`GUESS_RULES`)."""



class Agent(Protocol):
    """What plays a game: the moves to make on a board, and the settings that decide them."""

    name: str

    def moves(self, board: Board, rng: random.Random) -> list[Move]:
        """The moves to make on ``board``, certain ones first, then at most one guess; none to
        guess where every hidden cell is a mine (the game is won)."""
        ...

    def config(self) -> dict[str, str]: ...


class GreedyAgent:
    """Certain moves first; else the lowest exact mine probability, ties at random."""

    name = "greedy"

    def __init__(self, backend: str = DEFAULT_BACKEND, use_total: bool = True, clues: ClueModel = EXACT) -> None:
        self.backend = backend
        # Without the total, layouts of any size are equally likely: sea cells get 1/2.
        self.use_total = use_total
        # the clue model the game deals: the posteriors weigh each layout by how likely it
        # makes the numbers shown (countsweep.clues)
        self.clues = clues

    def config(self) -> dict[str, str]:
        """The settings that decide how it plays: part of a saved run's identity."""
        return {"class": type(self).__name__,
                **{k: str(v.name if k == "clues" else v) for k, v in sorted(vars(self).items())
                   if k != "rules" and not k.startswith("_") and not (k == "clues" and v is EXACT)}}

    def analysis(self, board: Board) -> Analysis:
        return analyze(board if self.use_total else board.with_mines(None), self.backend, clues=self.clues)

    def moves(self, board: Board, rng: random.Random) -> list[Move]:
        if not isinstance(rng, random.Random):
            raise ParameterTypeError(f"rng: expected a random.Random (ties are broken by it), not {shown(rng)}")
        a = self.analysis(board)
        sure = [Move(c, "flag", Fraction(1), False) for c in a.mines_certain]
        sure += [Move(c, "open", Fraction(0), False) for c in a.safe]
        # nothing to guess where every hidden cell is a mine, or none is hidden (a game already won)
        if any(m.action == "open" for m in sure) or all(g.probability == 1 for g in a.groups):
            return sure
        return [*sure, self.guess(a, rng)]

    def guess(self, a: Analysis, rng: random.Random) -> Move:
        low = safest(a)
        best = sorted(c for g in a.groups if g.mines == low.mines for c in g.cells)
        return Move(rng.choice(best), "open", low.probability, True, "lowest")


@dataclass(frozen=True)
class Outlook:
    """What opening ``cell`` leads to, exact from the count of each number it may show.

    With ``P(k)`` the probability that the cell is safe and shows ``k``, and
    ``s1 >= s2`` the two best safeties of the position after it shows ``k``:
    """

    cell: Cell
    safety: Fraction
    """P(cell is safe)."""
    secondary: Fraction
    """``sum_k P(k) * next`` where ``next`` is 1 if that position has a certain-safe
    cell and else ``(4*s1 + s2) / 5``: surviving this move and, nearly, the next.
    With long-term risk each ``next`` is also multiplied by the cell's boost and
    the hotspots' change (:mod:`countsweep.play.risk`), so it may pass 1."""
    progress: Fraction
    """``sum_k P(k)`` over the numbers after which some cell is certainly safe."""
    dead: bool
    """Only one number is possible: opening the cell teaches nothing."""
    implied: frozenset[Cell]
    """Cells certainly safe whenever this one is, whatever number it shows."""

    def score(self, progress_weight: Fraction) -> Fraction:
        return blend(self.secondary, self.progress, progress_weight)


def blend(secondary: Fraction, progress: Fraction, progress_weight: Fraction) -> Fraction:
    """The guess score: secondary safety, raised by ``progress_weight`` per unit of progress."""
    return secondary * (1 + progress_weight * progress)


class BestAgent(GreedyAgent):
    """Greedy's certain moves; better guesses, by an ordered list of guess rules.

    When it must guess, the agent tries its :attr:`rules` in order and plays the
    first move one returns (:data:`DEFAULT_RULES`):

    1. :func:`endgame`: with at most ``endgame_layouts`` layouts left, the move
       that maximises the exact win probability, searched over at most
       ``endgame_positions`` positions; a search stopped there gives the best
       move it had valued (``endgame_anytime``; False leaves such positions to
       the next rules);
    2. :func:`enclosed`: a component nothing outside it can inform is played now
       by the same exact search over its own layouts;
    3. :func:`unavoidable`: a 50/50 pair that no other cell can ever inform;
    4. :func:`pseudo`: a cell whose every mine layout completes a closed 50/50
       (:mod:`countsweep.play.fifty`), the one with the best outlook;
    5. :func:`sampled`: with at most ``sampled_hidden`` (60) cells hidden but more
       than ``endgame_layouts`` layouts, the endgame search's best move over
       ``sampled_layouts`` (2000) layouts drawn uniformly; 0 turns it off;
    6. :func:`outlook`: of the cells whose safety is at least ``ratio`` times the
       best (one per kind of sea cell, :meth:`candidates`), the one with the best
       :class:`Outlook` score, then dominance.

    The score weighs progress by ``progress_weight`` (1/10) on a board with no
    open region, and by ``opened_progress_weight`` (1/1000, progress as a
    tie-break) once a 0 shows: paired on the same games, 1/1000 won more modern
    games (first click opening a region) and left classic games level, where
    1/1000 everywhere lost classic games (docs, research notes).  Likewise the
    position after a guess is valued over every cell (``next_value="all"``)
    while no 0 shows, and over its living cells (``opened_next_value="living"``,
    :func:`living_safety`) once one does: +0.22 point on modern games over
    20000 paired, classic games level.

    With a mine total the score also weighs long-term risk
    (:mod:`countsweep.play.risk`, ``risk_weight`` 9/10; None or 0 turns it
    off): a cell that may settle a 50/50 before it closes counts its safe
    outcomes up to ``1 + 9/10 * influence / safe layouts`` times, and each
    position after it by how much safer the hotspots of half-decided pairs
    have become.  Valued move by move over 4000 modern games it gained
    +0.09 ± 0.04 point a game; paired on 40000 games (research notes) it won
    527 games the agent without it lost, and lost 501 it won.

    On a board that is not the square grid (a torus, hex, 3D, knight's moves, a
    graph: :mod:`countsweep.topology`) :func:`pseudo` and the long-term risk
    are switched off: their patterns are the square grid's pairs and boxes.
    Every other rule reads the board's own neighbourhoods.

    The pieces a new rule may reuse are methods: :meth:`candidates`,
    :meth:`outlook`, :meth:`shown` and :meth:`next_safety`.
    """

    name = "best"

    def __init__(self, ratio: Fraction = Fraction(9, 10), progress_weight: Fraction = Fraction(1, 10),
                 endgame_layouts: int = 5000, backend: str = DEFAULT_BACKEND,
                 rules: Sequence[GuessRule] | None = None,
                 opened_progress_weight: Fraction | None = Fraction(1, 1000),
                 tie_break: str = "random", next_value: str = "all",
                 opened_next_value: str | None = "living",
                 risk_weight: Fraction | None = Fraction(9, 10),
                 endgame_positions: int = 1_000_000, endgame_anytime: bool = True,
                 contest_margin: Fraction | None = None, contest_size: int = 3,
                 sampled_layouts: int = 2000, sampled_hidden: int = 60) -> None:
        super().__init__(backend)
        if tie_break not in TIE_BREAKS:
            raise ParameterError(f"tie_break {shown(tie_break)}: expected one of {', '.join(TIE_BREAKS)}")
        self.tie_break = tie_break
        for name, value in (("next_value", next_value), ("opened_next_value", opened_next_value)):
            if value not in NEXT_VALUES and not (name == "opened_next_value" and value is None):
                raise ParameterError(f"{name} {shown(value)}: expected one of {', '.join(NEXT_VALUES)}")
        self.next_value = next_value
        self.opened_next_value = opened_next_value
        self.ratio = _weight("ratio", ratio)
        self.progress_weight = _weight("progress_weight", progress_weight)
        self.opened_progress_weight = (None if opened_progress_weight is None
                                       else _weight("opened_progress_weight", opened_progress_weight))
        for name, limit in (("endgame_layouts", endgame_layouts), ("endgame_positions", endgame_positions),
                            ("sampled_layouts", sampled_layouts), ("sampled_hidden", sampled_hidden)):
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                raise ParameterError(f"{name} {shown(limit)}: expected a whole number of 0 or more")
        self.endgame_layouts = endgame_layouts
        self.endgame_positions = endgame_positions
        self.endgame_anytime = endgame_anytime
        self.sampled_layouts = sampled_layouts
        self.sampled_hidden = sampled_hidden
        contest_margin = None if contest_margin is None else _weight("contest_margin", contest_margin)
        if contest_margin is not None and not 0 <= contest_margin < 1:
            raise ParameterError(f"contest_margin {contest_margin}: expected a fraction in [0, 1) (None: off)")
        if isinstance(contest_size, bool) or not isinstance(contest_size, int) or contest_size < 2:
            raise ParameterError(f"contest_size {shown(contest_size)}: expected a whole number of 2 or more")
        self.contest_margin = contest_margin
        self.contest_size = contest_size
        self.rules: tuple[GuessRule, ...] = tuple(DEFAULT_RULES if rules is None else rules)
        risk_weight = None if risk_weight is None else _weight("risk_weight", risk_weight)
        if risk_weight is not None and risk_weight < 0:
            raise ParameterError(f"risk_weight {risk_weight}: expected a weight of 0 or more (0 or None: off)")
        self.risk_weight = Fraction(risk_weight) if risk_weight else None
        self._risk: Risk | None = None  # the last position's, kept while its candidates are scored

    def guess(self, a: Analysis, rng: random.Random) -> Move:
        """The first move one of :attr:`rules` makes, in order; the last rule always makes one."""
        for rule in self.rules:
            move = rule(self, a, rng)
            if move is not None:
                return move
        raise AssertionError(f"no guess rule of {[r.__name__ for r in self.rules]} chose a move")

    def config(self) -> dict[str, str]:
        rules = ",".join(rule.__name__ for rule in self.rules)
        return {**super().config(), "rules": rules}

    def next_value_on(self, board: Board) -> str:
        """How :meth:`next_safety` values positions after a guess on ``board``:
        :attr:`opened_next_value` once a 0 shows, if set; else :attr:`next_value`."""
        if self.opened_next_value is not None and _opened(board):
            return self.opened_next_value
        return self.next_value

    def weight_on(self, board: Board) -> Fraction:
        """The weight of progress in a guess's score on ``board``: :attr:`opened_progress_weight`
        once a 0 shows (a region is open), if set; else :attr:`progress_weight`.

        >>> from countsweep.board import Board
        >>> agent = BestAgent()
        >>> closed, opened = Board.from_text("3x3x1\\n1??\\n???\\n???"), Board.from_text("3x3x1\\n01?\\n01?\\n???")
        >>> agent.weight_on(closed), agent.weight_on(opened)
        (Fraction(1, 10), Fraction(1, 1000))
        """
        if self.opened_progress_weight is not None and _opened(board):
            return self.opened_progress_weight
        return self.progress_weight

    def order(self, a: Analysis, cells: list[Cell], rng: random.Random) -> list[Cell]:
        """The order :func:`outlook` scores ``cells`` in: safest first.  The first of
        equal scores wins, so the order among equally safe cells is the tie-break:
        random (``tie_break="random"``), or ``"crowded"``: more known mines around
        first, then fewer other hidden cells around, then row-major.

        >>> from countsweep.board import Board
        >>> a = analyze(Board.from_text("3x3x2\\n?1?\\n???\\n???"))
        >>> BestAgent(tie_break="crowded").order(a, [(1, 1), (0, 0)], random.Random(0))
        [(0, 0), (1, 1)]
        """
        probs = a.probabilities
        if self.tie_break == "random":
            out = list(cells)
            rng.shuffle(out)  # stable sort keeps the shuffle among equals
            return sorted(out, key=probs.__getitem__)
        board, mines = a.board, set(a.mines_certain)

        def crowding(c: Cell) -> tuple[int, int]:
            around = [n for n in board.neighbours(c) if board[n] in (HIDDEN, FLAG)]
            known = sum(1 for n in around if board[n] == FLAG or n in mines)
            return -known, len(around) - known

        return sorted(cells, key=lambda c: (probs[c], *crowding(c), c))

    def candidates(self, a: Analysis) -> list[Cell]:
        """Cells whose safety is at least ``ratio`` times the best; one sea cell per kind."""
        board, scale = a.board, a.scale
        # safety (scale - mines) / scale against ratio * the best safety, in integers
        best = scale - safest(a).mines
        num, den = self.ratio.numerator, self.ratio.denominator
        kept = sorted(c for g in a.groups if g.mines < scale and (scale - g.mines) * den >= num * best
                      for c in g.cells)
        sea = set(a.sea)
        kinds: set[Hashable] = set()
        out = []
        for c in kept:
            if c in sea:
                k = self.sea_kind(board, sea, c)
                if k in kinds:
                    continue
                kinds.add(k)
            out.append(c)
        return out

    @staticmethod
    def sea_kind(board: Board, sea: set[Cell], cell: Cell) -> Hashable:
        """Sea cells of one kind are scored once, the first in row-major order.

        The kind is the number of hidden neighbours.  A finer split (also by
        flagged neighbours and by the frontier cells around) scores more
        candidates for no measured gain (``benchmarks/variants.py``, ``sea-kinds``).
        """
        return board.hidden_around(cell)

    def outlook(self, a: Analysis, cell: Cell, bound: Fraction | None = None) -> Outlook | None:
        """The :class:`Outlook` of opening ``cell``; None once its score cannot exceed ``bound``.

        The thesis' 4x4 position: two top-row cells are 9/10 safe, but opening (0, 2)
        more often leads to a certain-safe cell next.

        >>> from countsweep.board import Board
        >>> a = analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
        >>> agent = BestAgent()
        >>> [(c, str(o.safety), str(o.progress)) for c in agent.candidates(a) for o in [agent.outlook(a, c)]]
        [((0, 2), '9/10', '43/70'), ((0, 3), '9/10', '17/35')]
        """
        safety = 1 - a.probabilities[cell]
        weight, value = self.weight_on(a.board), self.next_value_on(a.board)
        left, secondary, progress, values = safety, Fraction(0), Fraction(0), 0
        implied: set[Cell] | None = None
        risk = self.risk(a)
        # with long-term risk each next value is scaled by at most this (hotspot safety is at most 1)
        most = Fraction(1)
        if risk is not None:
            assert self.risk_weight is not None  # risk is None without it
            most = risk.boost(cell, self.risk_weight) / risk.hotspot_safety(a.probabilities)
        for k in possible_numbers(a.board, cell):
            # the numbers not yet seen could at best all lead to a certain-safe cell
            if bound is not None and blend(secondary + most * left, progress + left, weight) < bound:
                return None
            nxt = self.shown(a, cell, k)
            if nxt is None:
                continue
            values += 1
            implied = set(nxt.safe) if implied is None else implied & set(nxt.safe)
            share = Fraction(nxt.count, a.count)  # P(cell safe and shows k)
            left -= share
            if nxt.safe or all(g.mines == nxt.scale for g in nxt.groups):
                progress += share
            after = self.next_safety(nxt, value)
            if risk is not None:
                after *= most * risk.hotspot_safety(nxt.probabilities, cell)
            secondary += share * after
        return Outlook(cell, safety, secondary, progress, values == 1, frozenset(implied or ()))

    def second_ply(self, a: Analysis, cell: Cell) -> Fraction:
        """Opening ``cell`` valued one move further than :meth:`outlook` looks.

        ``sum_k P(k) * best`` over the numbers ``k`` the cell may show, where
        ``best`` is the best :class:`Outlook` score of the position after it:
        over its certain-safe cells that can teach something if it has any,
        else over its :meth:`candidates` (1 once nothing is left to guess).
        Where :meth:`outlook` stops at the safeties of the position after a
        guess, this plays the next move too, each of its outcomes valued by
        :meth:`next_safety`.  Exact counts throughout; it costs about as many
        counts as the outlooks of every candidate of every position after the
        cell, so the agent spends it only on contested guesses
        (``contest_margin``).

        >>> from countsweep.board import Board
        >>> a = analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
        >>> agent = BestAgent()
        >>> [str(agent.second_ply(a, c)) for c in ((0, 2), (0, 3))]
        ['13423/14000', '26491/29000']
        """
        total = Fraction(0)
        for k in possible_numbers(a.board, cell):
            nxt = self.shown(a, cell, k)
            if nxt is None:
                continue
            total += Fraction(nxt.count, a.count) * self.best_score(nxt)
        return total

    def best_score(self, a: Analysis) -> Fraction:
        """The best :class:`Outlook` score of ``a``'s next move (see :meth:`second_ply`)."""
        if all(g.mines in (0, a.scale) for g in a.groups):
            return Fraction(1)  # nothing left to guess
        # only dead safe cells: opening them changes nothing, so the position is worth its guesses
        found = self._top_score(a, a.safe, living=True) if a.safe else None
        if found is None:
            found = self._top_score(a, self.candidates(a), living=False)
        return Fraction(0) if found is None else found

    def _top_score(self, a: Analysis, cells: Sequence[Cell], living: bool) -> Fraction | None:
        """The best outlook score among ``cells`` (the living ones only, if asked); None if none is scored."""
        weight = self.weight_on(a.board)
        best: Fraction | None = None
        for c in cells:
            out = self.outlook(a, c, best)
            if out is None or (living and out.dead):
                continue
            score = out.score(weight)
            if best is None or score > best:
                best = score
        return best

    def risk(self, a: Analysis) -> Risk | None:
        """The long-term risk of ``a`` (:mod:`countsweep.play.risk`) when :attr:`risk_weight` is set
        and the mine total known; else None."""
        if self.risk_weight is None or not a.mines_known or not a.board.topology.is_square:
            return None
        if self._risk is None or self._risk.a is not a:
            self._risk = Risk(a)
        return self._risk

    def shown(self, a: Analysis, cell: Cell, k: int) -> Analysis | None:
        """The position after ``cell`` opens and shows ``k``; None if no layout allows it."""
        try:
            return self.analysis(a.board.reveal(cell, k))
        except LimitExceeded:
            raise  # a limit the move is made under (Limits.throughout), not a number no layout allows
        except CountsweepError:
            return None

    def next_safety(self, nxt: Analysis, value: str = "all") -> Fraction:
        """What the position after a guess is worth to the next move: ``(4*s1 + s2) / 5``
        of its two best safeties ``s1 >= s2`` (1 with a certain-safe cell).

        With ``value="all"`` every hidden cell counts.  With ``"living"`` only
        cells that can still show more than one number do (a certain-safe one as
        safety 1): a dead cell teaches nothing, so a position whose safest cells
        are dead is worth what its living cells are.

        >>> from countsweep.board import Board
        >>> a = analyze(Board.from_text("4x1x1\\n???0"))
        >>> str(BestAgent().next_safety(a, "all")), str(BestAgent().next_safety(a, "living"))
        ('1', '9/10')
        """
        if value == "living":
            return living_safety(nxt)
        if value != "all":
            raise ParameterError(f"value {shown(value)}: expected one of {', '.join(NEXT_VALUES)}")
        below = [(p, n) for p, n in nxt.levels if p < 1]
        if not below or below[0][0] == 0:
            return Fraction(1)
        p1 = below[0][0]
        # the second best: another cell as safe as the best, else the next level (else the best again)
        p2 = p1 if below[0][1] > 1 or len(below) == 1 else below[1][0]
        return (4 * (1 - p1) + (1 - p2)) / 5


def _opened(board: Board) -> bool:
    """Whether a 0 shows: a region is open."""
    return any(0 in row for row in board.grid)


def living_safety(a: Analysis) -> Fraction:
    """``(4*s1 + s2) / 5`` over the two safest cells of ``a`` that can show more than one
    number (``s2 = s1`` if only one can; 1 if none can).

    A cell whose hidden neighbours are all certain (safe or mine) is dead: its
    number is known before it is opened (a cheap sufficient test; some dead
    cells pass for living).  A certain-safe living cell counts as safety 1, but
    does not make the position worth 1 by itself: the guess after it counts too.
    Below, the safe cell (0, 1) is dead (it must show 2), so the position is
    worth its 1/2 cells; and in the second position the safe (0, 2), which
    shows 0 or 1, is worth ``(4*1 + 1/2)/5``.

    >>> from countsweep.board import Board
    >>> str(living_safety(analyze(Board.from_text("5x2x4\\n0????\\n02???"))))
    '1/2'
    >>> str(living_safety(analyze(Board.from_text("4x1x1\\n???0"))))
    '9/10'
    """
    probs, board = a.probabilities, a.board
    best: list[Fraction] = []
    for g in sorted(a.groups, key=lambda g: g.mines):
        if g.mines == a.scale:
            break  # certain mines: no safer cell follows
        for c in g.cells:
            if any(0 < probs[n] < 1 for n in board.neighbours(c) if board[n] == HIDDEN):
                best.append(1 - g.probability)
                if len(best) == 2:
                    return (4 * best[0] + best[1]) / 5
    if not best:
        return Fraction(1)
    return best[0]


# Guess rules -----------------------------------------------------------------------
#
# A guess rule is a function (agent, analysis, rng) -> Move or None; BestAgent tries
# its rules in order and plays the first move one returns.  To try a new idea, write
# a rule and pass BestAgent(rules=(my_rule, *DEFAULT_RULES)); the last rule must
# always return a move.


class GuessRule(Protocol):
    __name__: str

    def __call__(self, agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None: ...


def endgame(agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None:
    """With at most ``agent.endgame_layouts`` layouts, the exact best move (:mod:`countsweep.play.endgame`)."""
    if not a.mines_known or a.count > agent.endgame_layouts:
        return None
    # the positions searched grow with the layouts allowed; past the limit, guess as usual
    found = best_move(a.board, agent.endgame_layouts, agent.endgame_positions, agent.endgame_anytime)
    return None if found is None else _guess(a, found[0], "endgame")


def enclosed(agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None:
    """The best move inside a component that nothing else can ever inform, if any.

    When every hidden neighbour of a component's cells is in the component and
    all its layouts hold the same number of mines, its layout is independent of
    the rest of the board and no move elsewhere tells anything about it.  The
    game is won with the product of the two parts' win probabilities, whatever
    the order of play, so solving the component exactly now loses nothing.
    """
    board = a.board
    for comp in Constraints.of(board).components:
        inside = set(comp.cells)
        if any(board[n] == HIDDEN and n not in inside for c in comp.cells for n in board.neighbours(c)):
            continue
        found = component_layouts(comp, board.width, agent.endgame_layouts)
        if found is None or len({k for _, k in found}) != 1:
            continue
        try:
            move = Endgame(board, [m for m, _ in found], agent.endgame_positions).best()
        except LimitExceeded:
            continue
        if move is not None:
            return _guess(a, move[0], "enclosed")
    return None


def unavoidable(agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None:
    """A 50/50 pair that nothing on the board can ever tell apart: guess it now.

    Cells ``c`` and ``d`` qualify when each is the other's only hidden
    neighbour, a number says exactly one of them is a mine, and every number
    around either sees no hidden cell but these two.  Then no cell that can
    still be opened has either of them as a neighbour, and no number that could
    be read later mentions them, so the guess is a coin toss whenever it is
    made: making it first loses nothing and saves the work.  A number that also
    sees a third hidden cell (``c + e = 1``, say) could settle the pair once
    ``e`` is known, so such a pair is left to the other rules.
    """
    board = a.board
    halves = [c for g in a.groups if 2 * g.mines == a.scale for c in g.cells]
    for c in sorted(halves):
        others = [n for n in board.neighbours(c) if board[n] == HIDDEN]
        if len(others) != 1:
            continue
        d = others[0]
        if a.probabilities.get(d) != Fraction(1, 2):
            continue
        if [n for n in board.neighbours(d) if board[n] == HIDDEN] != [c]:
            continue
        pair = {c, d}
        around = {n for x in pair for n in board.neighbours(x) if board[n] >= 0}
        if any(board[m] == HIDDEN and m not in pair for n in around for m in board.neighbours(n)):
            continue  # a number here also sees another hidden cell: the pair may yet be settled
        # c and d see only each other: exactly one is a mine iff some number says so
        if any(c in set(board.neighbours(n)) and d in set(board.neighbours(n)) for n in around):
            return _guess(a, min(c, d), "unavoidable")
    return None


def pseudo(agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None:
    """The cell with the best outlook among those that are safe or half of a closed 50/50.

    See :func:`countsweep.play.fifty.pseudos`; cells that can show only one number
    are left out, since opening them now teaches nothing.
    """
    if not a.board.topology.is_square:
        return None  # its patterns (pairs and boxes of the square grid) mean nothing on another topology
    # which half of a pattern to open still matters: their numbers teach different things
    live = [o for o in (agent.outlook(a, c) for c in pseudos(a)) if o is not None and not o.dead]
    if not live:
        return None
    weight = agent.weight_on(a.board)
    return _guess(a, max(live, key=lambda o: o.score(weight)).cell, "pseudo")


# a component of more assignments than this is not enumerated for a sample (the rule was measured so)
_SAMPLED_ASSIGNMENTS = 20000


def sampled(agent: BestAgent, a: Analysis, rng: random.Random) -> Move | None:
    """Late, past the exact search's limit: the endgame search's best move over a uniform sample.

    With at most ``agent.sampled_hidden`` cells hidden and more than
    ``agent.endgame_layouts`` layouts (a sea of 10 to 30 cells late in an expert
    game holds millions), ``agent.sampled_layouts`` layouts are drawn exactly
    uniformly (:class:`~countsweep.play.endgame.Layouts`), the distinct ones
    kept, and the move the search finds best over them is played.  The search
    reads the sample as every layout there is, so it overrates moves that tell
    the sample's layouts apart; with a sample holding every layout its move is
    optimal (a test).  The draws are seeded by the position, not ``rng``: the
    same position gets the same move, and the agent's tie-breaks stay those of
    the agent without the rule, so the two can be paired game by game.  It comes
    after the exact rules: put before them, it lost where it overruled an
    enclosed component or a pseudo 50/50 (research notes).
    """
    board = a.board
    if (not agent.sampled_layouts or not a.mines_known or a.count <= agent.endgame_layouts
            or len(board.hidden_cells) > agent.sampled_hidden):
        return None
    try:
        layouts = Layouts(board, _SAMPLED_ASSIGNMENTS)
    except LimitExceeded:
        return None
    own = random.Random(a.count)
    masks = sorted({layouts.draw(own) for _ in range(agent.sampled_layouts)})
    try:
        found = Endgame(board, masks, agent.endgame_positions).best(anytime=True)
    except LimitExceeded:
        return None
    # None: one distinct layout drawn, nothing to tell apart.  The search moves only on cells safe in
    # some drawn layout, never on a mine; a certainly safe cell is not a guess (the agent opens those
    # before its guess rules: called on its own, the rule leaves them to it)
    if found is None or not a.probabilities[found[0]]:
        return None
    return _guess(a, found[0], "sampled")


def outlook(agent: BestAgent, a: Analysis, rng: random.Random) -> Move:
    """The candidate with the best :class:`Outlook` score, then dominance (always a move).

    Candidates are scored safest first (ties in random order), and a candidate
    stops being scored once its bound falls below the best score so far; cells
    that cannot teach anything (dead) come last.  If a safer cell is certainly
    safe whenever the winner is (:attr:`Outlook.implied`), that cell is opened
    instead: it risks less, and the winner can still be opened after it.
    """
    probs = a.probabilities
    chosen = agent.candidates(a)
    if len(chosen) == 1:
        return _guess(a, chosen[0], "outlook")
    chosen = agent.order(a, chosen, rng)
    best: tuple[bool, Fraction, Outlook] | None = None
    scored: list[tuple[bool, Fraction, Outlook]] = []
    weight = agent.weight_on(a.board)
    # a contest hears every living rival within its margin of the best: none of them is pruned
    keep = 1 if agent.contest_margin is None else 1 - agent.contest_margin
    for c in chosen:
        bound = best[1] * keep if best is not None and best[0] else None
        out = agent.outlook(a, c, bound)
        if out is None:
            continue
        key = (not out.dead, out.score(weight), out)
        scored.append(key)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None  # the safest candidate is never pruned
    if agent.contest_margin is not None and best[0]:
        best = contested(agent, a, best, scored)
    winner = chosen_outlook = best[2]
    while True:
        # a safer cell that is safe whenever the winner is dominates it: open it first
        # and the winner is no riskier after, with one more number seen
        safer = [c for c in winner.implied if probs[c] < probs[winner.cell]]
        if not safer:
            break
        nxt = agent.outlook(a, min(safer, key=probs.__getitem__))
        assert nxt is not None  # no bound: never pruned
        winner = nxt
    return _guess(a, winner.cell, "outlook" if winner is chosen_outlook else "dominance")


def contested(agent: BestAgent, a: Analysis, best: tuple[bool, Fraction, Outlook],
              scored: list[tuple[bool, Fraction, Outlook]]) -> tuple[bool, Fraction, Outlook]:
    """The winner of :func:`outlook` among its close rivals, by :meth:`BestAgent.second_ply`.

    Rivals are the living candidates scored within ``contest_margin`` of the
    best score (at most ``contest_size`` of them, the best scores first); with
    none, the winner stands.  The earlier in that order wins ties.  :func:`outlook`
    prunes no candidate that could score within the margin, so ``scored`` holds
    every rival.
    """
    assert agent.contest_margin is not None
    floor = best[1] * (1 - agent.contest_margin)
    rivals = sorted((key for key in scored if key[0] and key[1] >= floor), key=lambda key: -key[1])
    if len(rivals) < 2:
        return best
    rivals = rivals[:agent.contest_size]
    values = [agent.second_ply(a, key[2].cell) for key in rivals]
    return rivals[max(range(len(rivals)), key=lambda i: (values[i], -i))]


def _guess(a: Analysis, cell: Cell, rule: str) -> Move:
    return Move(cell, "open", a.probabilities[cell], True, rule)


TIE_BREAKS = ("random", "crowded")
"""The orders :meth:`BestAgent.order` can break ties by."""

NEXT_VALUES = ("all", "living")
"""The cells :meth:`BestAgent.next_safety` values a position by."""


DEFAULT_RULES: tuple[GuessRule, ...] = (endgame, enclosed, unavoidable, pseudo, sampled, outlook)
"""The best agent's guess rules, in the order it tries them."""

GUESS_RULES = ("lowest", *(rule.__name__ for rule in DEFAULT_RULES), "dominance")
"""Every name a guess's :attr:`Move.rule` can hold: greedy's ``lowest``, and the best agent's."""

def safest(a: Analysis) -> Group:
    """The group of cells least likely to be mines, of those that may be safe."""
    return min((g for g in a.groups if g.mines < a.scale), key=lambda g: g.mines)


def possible_numbers(board: Board, cell: Cell) -> range:
    """The numbers hidden ``cell`` could show: its flags, up to its flags and hidden neighbours.

    >>> possible_numbers(Board.from_text("3x3x2\\n1F?\\n???\\n???"), (0, 2))
    range(1, 4)
    """
    around = list(board.neighbours(cell))
    flags = sum(1 for n in around if board[n] == FLAG)
    return range(flags, flags + sum(1 for n in around if board[n] == HIDDEN) + 1)


def _weight(name: str, value: object) -> Fraction:
    """A setting that is a number, exactly: a Fraction, an int or a finite float (as its exact value)."""
    if isinstance(value, bool) or not isinstance(value, (Fraction, int, float)) or (
            isinstance(value, float) and not math.isfinite(value)):
        raise ParameterError(f"{name} {shown(value)}: expected a number (a Fraction, an int or a finite float)")
    return Fraction(value)


AGENTS = ("greedy", "greedy-nototal", "best")


def make_agent(name: str, clues: ClueModel = EXACT) -> Agent:
    """The agent called ``name`` (see :data:`AGENTS`); ``greedy-nototal`` ignores the mine total.

    Under a noisy clue model only the greedy agents play: the best agent's
    look-ahead (what a cell will show, the endgame search) assumes exact clues.
    """
    clue_model(clues)
    if name == "greedy":
        return GreedyAgent(clues=clues)
    if name == "greedy-nototal":
        return GreedyAgent(use_total=False, clues=clues)
    if name == "best":
        if clues is not EXACT:
            raise ParameterError(f"the best agent assumes exact clues; under {clues.name!r} play --agent greedy")
        return BestAgent()
    raise ParameterError(f"unknown agent {shown(name)}; choose from {', '.join(AGENTS)}")


@dataclass(frozen=True)
class GameRecord:
    won: bool
    guesses: int
    moves: int
    seconds: float


def play_game(game: Game, agent: Agent, first: Cell, seed: int, trace=None) -> GameRecord:
    """Play ``game`` to the end with ``agent``; ``trace(board, move)`` sees every move.

    The first click is the caller's (a rule of the experiment, not the agent's
    choice); it counts as a guess only under the ``unsafe`` rule.  Under a
    block's limits (:meth:`~countsweep.counting.base.Limits.throughout`: a
    served game's) the game stops at the first move past the deadline with
    :class:`~countsweep.errors.LimitExceeded`, not only at the agent's next
    count: a batch of certain moves on a large board opens cells for a tenth
    of a second without counting.
    """
    if not isinstance(game, Game):
        raise ParameterTypeError(f"game: expected a countsweep.play.game.Game, not {shown(game)}")
    if not callable(getattr(agent, "moves", None)):
        raise ParameterTypeError(f"agent: expected an agent (make_agent('best')), not {shown(agent)}")
    rng = random.Random(seed_of(seed))
    limits = limits_of(None)
    start = time.perf_counter()
    guesses = 1 if game.settings.rule == "unsafe" else 0
    moves = 1
    game.open(first)
    while not game.over:
        board = game.view()
        for move in agent.moves(board, rng):
            limits.check("in the game")
            if trace is not None:
                trace(board, move)
            moves += 1
            if move.action == "flag":
                game.flag(move.cell)
                continue
            guesses += move.guess
            if not game.open(move.cell) or game.won:
                break
    return GameRecord(game.won, guesses, moves, time.perf_counter() - start)
