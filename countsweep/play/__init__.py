"""Playing: seeded games, agents, exact endgames, optimal play, and runs of many games.

* :mod:`~countsweep.play.game`: :class:`~countsweep.play.game.Game`, levels and
  first-click rules;
* :mod:`~countsweep.play.agents`: the greedy and best agents, their guess rules,
  and the loop that plays a game;
* :mod:`~countsweep.play.endgame`: exact best moves over enumerated layouts;
* :mod:`~countsweep.play.fifty`: closed 50/50 patterns;
* :mod:`~countsweep.play.risk`: long-term risk, the 50/50s a guess may spare;
* :mod:`~countsweep.play.optimal`: exact optimal play of whole small games;
* :mod:`~countsweep.play.runs`: many games, seeded per game, parallel and resumable;
* :mod:`~countsweep.play.generators`: seeded positions for tests and benchmarks.

The names most callers need are here too:

>>> from countsweep.play import Settings, run
>>> records = list(run(Settings(4, 4, 3, "unsafe", "corner"), "greedy", seed=1, indices=range(3), workers=1))
>>> [r["game"] for r in records]
[0, 1, 2]
"""

from countsweep.play.agents import AGENTS, BestAgent, GreedyAgent, Move, make_agent, play_game
from countsweep.play.game import FIRST_CLICK_RULES, LEVELS, Game, Settings
from countsweep.play.runs import deal, play_one, run, summarize

__all__ = [
    "AGENTS",
    "FIRST_CLICK_RULES",
    "LEVELS",
    "BestAgent",
    "Game",
    "GreedyAgent",
    "Move",
    "Settings",
    "deal",
    "make_agent",
    "play_game",
    "play_one",
    "run",
    "summarize",
]
