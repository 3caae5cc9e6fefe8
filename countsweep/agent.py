"""Agents that play from what a player sees, and the loop that plays a game.

An agent is anything with ``name`` and ``moves(board, rng) -> list[Move]``: given
the visible board it returns the moves to make before looking again.  The
greedy agent flags every certain mine, opens every certain-safe cell, and
otherwise guesses the cell with the lowest exact mine probability (sea cells
included), breaking ties at random.

>>> from countsweep.game import Game
>>> rec = play_game(Game(9, 9, 10, rule="opening", seed=3), GreedyAgent(), first=(4, 4), seed=3)
>>> rec.won in (True, False), rec.guesses >= 0
(True, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.errors import CountsweepError
from countsweep.oracle import Analysis, analyze


@dataclass(frozen=True)
class Move:
    cell: Cell
    action: str  # "open" or "flag"
    probability: Fraction  # of a mine at ``cell``, as the agent believed
    guess: bool  # True when the agent was not certain


class Agent(Protocol):
    name: str

    def moves(self, board: Board, rng: random.Random) -> list[Move]: ...


class GreedyAgent:
    """Certain moves first; else the lowest exact mine probability, ties at random."""

    name = "greedy"

    def __init__(self, backend: str = "dpll", use_total: bool = True) -> None:
        self.backend = backend
        # Without the total, layouts of any size are equally likely: sea cells get 1/2.
        self.use_total = use_total

    def analysis(self, board: Board) -> Analysis:
        return analyze(board if self.use_total else board.with_mines(None), self.backend)

    def moves(self, board: Board, rng: random.Random) -> list[Move]:
        a = self.analysis(board)
        sure = [Move(c, "flag", Fraction(1), False) for c in a.mines_certain]
        sure += [Move(c, "open", Fraction(0), False) for c in a.safe]
        if any(m.action == "open" for m in sure):
            return sure
        return [*sure, self.guess(a, rng)]

    def guess(self, a: Analysis, rng: random.Random) -> Move:
        low = min(p for p in a.probabilities.values() if p < 1)
        best = [c for c, p in a.probabilities.items() if p == low]
        return Move(rng.choice(best), "open", low, True)


class BestAgent(GreedyAgent):
    """Greedy's certain moves; better guesses.

    * Endgame: with at most ``endgame_layouts`` layouts left, the move that
      maximises the exact win probability (:func:`countsweep.optimal.best_move`).
    * Unavoidable guesses: a 50/50 pair that no other cell can ever inform
      (every other neighbour of both cells is revealed) is taken first.
    * Otherwise, among the cells within ``margin`` of the lowest mine
      probability (one representative per kind of sea cell), the one most likely
      to survive this move and the next: for each number it may show, the next
      move is free when the new position has a certain-safe cell, and otherwise
      survives with the new lowest probability.
    """

    name = "best"

    def __init__(self, margin: float = 0.04, endgame_layouts: int = 40, backend: str = "dpll"):
        super().__init__(backend)
        self.margin = margin
        self.endgame_layouts = endgame_layouts

    def guess(self, a: Analysis, rng: random.Random) -> Move:
        from countsweep.optimal import best_move

        probs = a.probabilities
        board = a.board
        if a.mines_known and a.count <= self.endgame_layouts:
            found = best_move(board, self.endgame_layouts)
            if found is not None:
                return Move(found[0], "open", probs[found[0]], True)
        pair = self._unavoidable(a)
        if pair is not None:
            return Move(pair, "open", probs[pair], True)
        low = min(p for p in probs.values() if p < 1)
        near = [c for c, p in probs.items() if p <= low + self.margin and p < 1]
        sea = set(a.sea)
        kinds: dict[int, Cell] = {}
        chosen = []
        for c in near:
            if c in sea:
                # sea cells differ only by how many hidden neighbours they have
                k = sum(1 for n in board.neighbours(c) if board[n] == HIDDEN)
                if k not in kinds:
                    kinds[k] = c
                    chosen.append(c)
            else:
                chosen.append(c)
        if len(chosen) == 1:
            return Move(chosen[0], "open", probs[chosen[0]], True)
        scored = [(self._two_step(a, c), rng.random(), c) for c in chosen]
        _, _, cell = max(scored)
        return Move(cell, "open", probs[cell], True)

    def _two_step(self, a: Analysis, cell: Cell) -> Fraction:
        board = a.board
        around = list(board.neighbours(cell))
        flags = sum(1 for n in around if board[n] == FLAG)
        hidden = sum(1 for n in around if board[n] == HIDDEN)
        total = Fraction(0)
        for k in range(flags, flags + hidden + 1):
            try:
                nxt = self.analysis(board.reveal(cell, k))
            except CountsweepError:
                continue
            share = Fraction(nxt.count, a.count)  # P(cell safe and shows k)
            if nxt.safe or not nxt.probabilities:
                total += share
            else:
                total += share * (1 - min(p for p in nxt.probabilities.values() if p < 1))
        return total

    @staticmethod
    def _unavoidable(a: Analysis) -> Cell | None:
        board = a.board
        for c, p in a.probabilities.items():
            if p != Fraction(1, 2):
                continue
            others = [n for n in board.neighbours(c) if board[n] == HIDDEN]
            if len(others) != 1:
                continue
            d = others[0]
            if a.probabilities.get(d) != Fraction(1, 2):
                continue
            if [n for n in board.neighbours(d) if board[n] == HIDDEN] != [c]:
                continue
            # c and d see only each other: exactly one is a mine iff some number says so
            if any(c in set(board.neighbours(n)) and d in set(board.neighbours(n))
                   for n in board.numbers()):
                return min(c, d)
        return None


AGENTS = ("greedy", "greedy-nototal", "best")


def make_agent(name: str) -> Agent:
    """The agent called ``name`` (see :data:`AGENTS`); ``greedy-nototal`` ignores the mine total."""
    if name == "greedy":
        return GreedyAgent()
    if name == "greedy-nototal":
        return GreedyAgent(use_total=False)
    if name == "best":
        return BestAgent()
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENTS)}")


@dataclass(frozen=True)
class GameRecord:
    won: bool
    guesses: int
    moves: int
    seconds: float


def play_game(game, agent: Agent, first: Cell, seed: int, trace=None) -> GameRecord:
    """Play ``game`` to the end with ``agent``; ``trace(board, move)`` sees every move.

    The first click is the caller's (a rule of the experiment, not the agent's
    choice); it counts as a guess only under the ``unsafe`` rule.
    """
    rng = random.Random(seed)
    start = time.perf_counter()
    guesses = 1 if game.settings.rule == "unsafe" else 0
    moves = 1
    game.open(first)
    while not game.over:
        board = game.view()
        for move in agent.moves(board, rng):
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
