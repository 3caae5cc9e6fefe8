"""What the server answers: the JSON of each endpoint, computed without any web framework.

:mod:`countsweep.serve.app` wraps these in HTTP; they are plain functions, so the
answers can be checked (and used) without a server.

>>> analyze_json("4x4x3\\n1???\\n????\\n??2?\\n????")["exact"][1][1]
'2/5'
"""


from __future__ import annotations

import contextlib
import os
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from countsweep.board import Board
from countsweep.clues import ClueModel, parse_clues, parse_probability
from countsweep.counting import Limits, get_backend
from countsweep.errors import InconsistentError, ParameterError, shown
from countsweep.files import naming
from countsweep.topology import names_file

STATIC = Path(__file__).resolve().parent / "static"

STATUS = {2: 400, 3: 400, 4: 422, 5: 503}
"""HTTP status per exit code of :mod:`countsweep.errors`."""


@dataclass(frozen=True)
class Config:
    """The server's limits; :func:`create_app` reads them from the environment when not given."""

    timeout: float = 5.0
    """Seconds of work per request (503 past it)."""
    max_body: int = 1_000_000
    """Bytes per request body (413 past it)."""
    records: str | None = None
    """A ``play --out`` file the page opens on (``serve --records``)."""

    @classmethod
    def from_env(cls) -> Config:
        return cls(float(os.environ.get("COUNTSWEEP_SERVE_TIMEOUT", cls.timeout)),
                   int(os.environ.get("COUNTSWEEP_SERVE_MAX_BODY", cls.max_body)),
                   os.environ.get("COUNTSWEEP_SERVE_RECORDS") or None)


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _model(clues: str | None) -> ClueModel:
    name = clues or "exact"
    if name not in ("exact", "under", "over") and not name.startswith("withheld:"):
        raise ParameterError(f"unknown clue model {shown(name)}: choose exact, under, over or withheld:Q")
    return parse_clues(name)


def _about_board() -> contextlib.AbstractContextManager[None]:
    """Name the request's board in every message, as the command line names its file."""
    return naming("board")


def _board(text: str, mines: int | None) -> Board:
    with _about_board():
        return Board.from_text(text, mines=mines)


def analyze_json(board: str, mines: int | None = None, backend: str | None = None, clues: str | None = None,
                 density: str | None = None, timeout: float | None = None) -> dict:
    """What ``count --json --exact`` prints for ``board``."""
    from countsweep.oracle import analyze

    position = _board(board, mines)
    prior = None
    if density is not None:
        prior = parse_probability(density, "density")
        if position.mines is not None:
            raise ParameterError("density is a prior for a board without a mine total; this board has one")
    engine, model = get_backend(backend or "dpll"), _model(clues)
    with _about_board():
        a = analyze(position, engine, Limits(timeout=timeout), clues=model, density=prior)
    return a.to_dict(exact=True)


def rules_json(payload: str, backend: str | None = None, timeout: float | None = None) -> dict:
    """What ``count FILE.json --json --exact`` prints for a rules payload (minesweepr's JSON)."""
    from countsweep.rules import RuleSet, analyze_rules

    with naming("backend"):  # the query's parameter, not the payload's
        counter = get_backend(backend or "dpll")
    with naming("payload"):
        rules = RuleSet.from_json(payload, "payload")
        return analyze_rules(rules, counter, Limits(timeout=timeout)).to_dict(exact=True)


def check_json(board: str, mines: int | None = None, clues: str | None = None, unique: bool = False,
               timeout: float | None = None) -> dict:
    """What ``check --json`` (``--unique``) prints for ``board``; the solver stops at ``timeout`` seconds."""
    from countsweep.check import check

    model = _model(clues)
    with _about_board():
        result = check(_board(board, mines), clues=model, unique=unique, limits=Limits(timeout=timeout))
    out = result.to_dict()
    if not result.consistent:
        raise InconsistentError(f"board: {out.get('reason', 'no mine layout fits the position')}")
    return out


def move_json(board: str, mines: int | None = None, seed: int = 0, cell: list[int] | None = None,
              alternatives: int = 3, timeout: float | None = None) -> dict:
    """The best agent's move for ``board``, with its rule and the chosen cell's outlook, and for a
    guess the ``alternatives`` best other candidates with theirs (best first, by the agent's score).
    ``cell`` asks for that cell's outlook as well (``cell_outlook``): a move played in a game, say.
    Every count stops at ``timeout`` seconds from the start (:meth:`Limits.throughout`)."""
    position = _board(board, mines)
    asked = _asked_cell(position, cell)
    with Limits(timeout=timeout).throughout():
        return _move(position, seed, asked, alternatives)


def _move(position: Board, seed: int, asked: tuple[int, int] | None, alternatives: int) -> dict:
    """:func:`move_json`'s answer for a position read and checked."""
    from countsweep.oracle import analyze
    from countsweep.play.agents import BestAgent

    agent = BestAgent()
    with _about_board():
        a = analyze(position)
        if all(p == 1 for p in a.probabilities.values()):
            return {"cell": None, "action": None, "rule": None, "guess": False, "mine_probability": None,
                    "certain": [], "outlook": None, "alternatives": [], "cell_outlook": None,
                    "reason": "nothing left to open: every hidden cell is a mine (or none is hidden)"}
        moves = agent.moves(position, random.Random(seed))
    move = next((m for m in moves if m.action == "open"), moves[-1])
    out: dict[str, Any] = {
        "cell": list(move.cell), "action": move.action, "rule": move.rule, "guess": move.guess,
        "mine_probability": _fraction(move.probability), "certain": [
            {"cell": list(m.cell), "action": m.action} for m in moves if not m.guess],
    }
    out["outlook"] = _outlook_json(agent, a, move.cell) if move.guess else None
    out["alternatives"] = _alternatives(agent, a, move.cell, alternatives) if move.guess else []
    out["cell_outlook"] = None if asked is None or asked not in a.probabilities else _outlook_json(agent, a, asked)
    return out


def _asked_cell(board: Board, cell: list[int] | None) -> tuple[int, int] | None:
    """The ``cell`` a request asks about, checked as every cell argument is (Board.check_cell)."""
    return None if cell is None else board.check_cell(tuple(cell) if isinstance(cell, list) else cell)


def _outlook_json(agent: Any, a: Any, cell: tuple[int, int], o: Any = None) -> dict | None:
    """``cell``'s outlook (``o`` when already worked out) as exact fractions."""
    o = o if o is not None else agent.outlook(a, cell)
    if o is None:
        return None
    return {"mine_probability": _fraction(a.probabilities[cell]), "safety": _fraction(o.safety),
            "secondary_safety": _fraction(o.secondary), "progress": _fraction(o.progress),
            "score": _fraction(o.score(agent.weight_on(a.board)))}


def _alternatives(agent: Any, a: Any, chosen: tuple[int, int], k: int) -> list[dict]:
    """The ``k`` best candidates other than ``chosen``, by the agent's score (cells that teach
    nothing last), each with its outlook: what the agent weighed the move against."""
    weight = agent.weight_on(a.board)
    scored = []
    for c in agent.candidates(a):
        if c == chosen:
            continue
        o = agent.outlook(a, c)
        if o is not None:
            scored.append(((not o.dead, o.score(weight)), c, o))
    scored.sort(key=lambda sc: (sc[0][0], sc[0][1], [-x for x in sc[1]]), reverse=True)
    return [{"cell": list(c), **(_outlook_json(agent, a, c, o) or {})} for _, c, o in scored[:k]]


def play_json(level: str | None = None, size: str | None = None, rule: str = "safe", first: str = "corner",
              seed: int = 0, game: int = 0, agent: str = "best", clues: str = "exact",
              topology: str = "square", timeout: float | None = None) -> dict:
    """Game ``game`` of ``seed``, as ``play`` deals it, played by ``agent``: every frame, and the
    game's record as ``play --out`` writes it (so a record file's game can be checked against it).
    The game stops at ``timeout`` seconds from the start (:class:`~countsweep.errors.LimitExceeded`),
    at its next move: a request answered 503 leaves no game playing on."""
    from countsweep.play.agents import make_agent, play_game
    from countsweep.play.game import Settings
    from countsweep.play.runs import deal

    _model(clues)  # a built-in model: a request never names a file on the server
    if names_file(topology):  # nor a graph's file: its errors would tell what the server's files hold
        raise ParameterError(f"topology {shown(topology)}: a graph is read from a file, and a request never "
                             "names a file on the server")
    settings = Settings.parse(level, size, rule, first, clues, topology)
    player = make_agent(agent, settings.clue_model)
    dealt, first_cell, agent_seed = deal(settings, seed, game)
    frames: list[dict] = []

    def trace(board: Board, move: Any) -> None:
        frames.append({"board": board.to_text(), "cell": list(move.cell), "action": move.action,
                       "rule": move.rule, "guess": move.guess, "mine_probability": _fraction(move.probability)})

    with Limits(timeout=timeout).throughout():  # play_game checks it at every move, the agent's counts as they go
        record = play_game(dealt, player, first=first_cell, seed=agent_seed, trace=trace)
    return {"settings": settings.describe(), "first": list(first_cell), "frames": frames,
            "final": dealt.view().to_text(), "won": record.won, "guesses": record.guesses,
            "moves": record.moves, "mines": sorted([list(c) for c in dealt.reveal_layout()])}


def records_json(path: str | None) -> dict:
    """The records ``serve --records FILE`` opens the page on: ``{"name", "records"}``, or no record."""
    if path is None:
        return {"name": None, "records": []}
    from countsweep.play.records import read

    return {"name": Path(path).name, "records": read(Path(path))}
