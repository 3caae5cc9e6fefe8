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

from countsweep.board import Board, Cell
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


AGENTS = ("greedy", "greedy-nototal")


def make_agent(name: str) -> Agent:
    """The agent called ``name`` (see :data:`AGENTS`); ``greedy-nototal`` ignores the mine total."""
    if name == "greedy":
        return GreedyAgent()
    if name == "greedy-nototal":
        return GreedyAgent(use_total=False)
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
