"""Where a peer solver and countsweep first guess differently, which move was better?

For each game of a peer's traces (one JSON line per game: ``game``, ``won`` and
``at``, the cells it guessed in order, ``[row, col]``), countsweep's best agent
plays the same game (game ``i`` of ``--seed``, dealt as ``play`` deals it) and
the two guess sequences are compared.  At the first guess where they differ,
both players saw the same position (each opens every certainly safe cell before
guessing, and they agreed on every guess before), so the two moves can be
valued on equal terms: ``--layouts`` layouts drawn exactly uniformly from those
consistent with the position, each played on after the peer's move and after
countsweep's by countsweep's agent, with the same layouts and the same
tie-break seeds for both (paired rollouts).  The difference of the two moves'
rollout wins estimates how much the peer's choice was worth, whatever the
actual layout did; it is reported by what the games' results were (only the
peer won, only countsweep, both, neither) and by phase of the game.

By default only discordant games (one of the two won) are looked at.  With
``--all-games`` every game's first divergence is valued: looking at discordant
games alone selects divergences by their luck.

With ``--along-peer`` every guess of the peer's own game is looked at: the
game is replayed along the peer's guesses (countsweep's agent making the
certain moves, which are the peer's too), and wherever countsweep's agent
would guess another cell both moves are valued as above.  By the
performance-difference identity the peer's win rate minus countsweep's is the
sum, over the positions of the peer's games, of how much more the peer's move
is worth than countsweep's choice, each valued by countsweep's own play after
it (Kakade and Langford, "Approximately optimal approximate reinforcement
learning", ICML 2002, lemma 6.1).  So the per-game sum of these values
estimates the whole paired difference, and its split by rule and phase says
where it comes from; first divergences alone give only its first term.

Where countsweep's agent would play the position by its exact endgame search
(at most its ``endgame_layouts`` layouts, the search finishing within its
``endgame_positions``), both moves are valued exactly instead: each move's win probability
under optimal play after it, which is what countsweep's play after it wins on
average, so the rollouts' expectation without their noise (``--rollouts-only``
turns this off).  Two moves of equal value then differ by nothing, where forty
paired rollouts of two 1/2 guesses differ by 11 points (one standard deviation).

Positions with a component of more than ``--max-assignments`` assignments are
skipped (the sampler enumerates them).  ``--rollout-agent SETTING=VALUE`` has the
rollouts played by the best agent with one setting changed, as
:mod:`experiments.variants` names it (``sampled_layouts=0``: late moves valued
several times faster, both moves by the same play after them).  The peer is not
run here: its traces are an input, made by its own harness.

    python -m experiments.divergences --peer-traces FILE --seed 7 [--layouts 40] [--games 0-2000] \\
        [--all-games | --along-peer]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from benchmarks.common import machine, table
from countsweep.board import Board, Cell
from countsweep.errors import LimitExceeded
from countsweep.oracle import analyze
from countsweep.play.agents import BestAgent, Move, play_game
from countsweep.play.endgame import Endgame, Layouts
from countsweep.play.game import LEVELS, Game, Settings
from countsweep.play.runs import deal
from experiments.variants import parse_variant


def cells_of(mask: int, width: int) -> set[Cell]:
    """The cells of a layout's bit mask over row-major cells (:class:`~countsweep.play.endgame.Layouts`)."""
    return {divmod(i, width) for i in range(mask.bit_length()) if mask >> i & 1}


def guesses_of(settings: Settings, seed: int, index: int) -> tuple[list[tuple[Board, Cell, str]], bool]:
    """countsweep's guesses in game ``index``: the position, the cell, the rule that chose it; and the result."""
    game, first, agent_seed = deal(settings, seed, index)
    out: list[tuple[Board, Cell, str]] = []

    def trace(board: Board, move) -> None:
        if move.guess:
            out.append((board, move.cell, move.rule))

    rec = play_game(game, BestAgent(), first=first, seed=agent_seed, trace=trace)
    return out, rec.won


class _OffPath(Exception):
    """The peer's next cell is not a guess in countsweep's position, or the peer has none left."""


class _Following:
    """countsweep's best agent, except that each guess is the peer's next cell; it notes
    where it would have guessed."""

    name = "following"

    def __init__(self, cells: list[Cell]) -> None:
        self.agent, self.left = BestAgent(), list(cells)
        self.path: list[tuple[Board, Cell, str, Cell]] = []

    def config(self) -> dict[str, str]:
        return self.agent.config()

    def moves(self, board: Board, rng: random.Random) -> list[Move]:
        moves = self.agent.moves(board, rng)
        if not moves[-1].guess:
            return moves
        ours = moves[-1]
        probability = self.agent.analysis(board).probabilities.get(self.left[0]) if self.left else None
        if probability is None or not 0 < probability < 1:
            raise _OffPath
        theirs = self.left.pop(0)
        self.path.append((board, ours.cell, ours.rule, theirs))
        return [*moves[:-1], replace(ours, cell=theirs, probability=probability)]


def along_peer(settings: Settings, seed: int, index: int,
               cells: list[Cell]) -> tuple[list[tuple[Board, Cell, str, Cell]], bool]:
    """The positions of game ``index`` where the peer guessed ``cells`` in turn, each with
    countsweep's guess there and its rule, and the peer's cell; and whether the replayed
    game was won.

    Stops early, lost, where the peer's next cell is not a guess in the position
    (the two disagree on what is certain) or the peer has no guess left.
    """
    game, first, agent_seed = deal(settings, seed, index)
    follow = _Following(cells)
    try:
        won = play_game(game, follow, first=first, seed=agent_seed).won
    except _OffPath:
        won = False
    return follow.path, won


def rollout(board: Board, layout: set[Cell], move: Cell, seed: int, agent: BestAgent | None = None) -> bool:
    """Does countsweep's agent (``agent``, default: the best agent as it is) win from ``board``
    with ``layout`` after opening ``move``?"""
    game = Game.at(board, layout)
    if not game.open(move):
        return False
    if game.won:
        return True
    agent, rng = agent or BestAgent(), random.Random(seed)
    while not game.over:
        view = game.view()
        for m in agent.moves(view, rng):
            if m.action == "flag":
                game.flag(m.cell)
                continue
            if not game.open(m.cell) or game.won:
                break
    return game.won


def peer_cell(board: Board, peer: Cell, ours: Cell) -> str:
    """Why countsweep's outlook score did not choose the peer's cell: where the cell lies
    (frontier or sea), and whether it was a candidate and scored below countsweep's."""
    agent = BestAgent()
    a = analyze(board)
    sea = set(a.sea)
    where = "sea" if peer in sea else "frontier"
    candidates = agent.candidates(a)
    if peer not in candidates:
        kinds = {agent.sea_kind(board, sea, c) for c in candidates if c in sea}
        if where == "sea" and agent.sea_kind(board, sea, peer) in kinds:
            return "sea, another of its kind scored"
        return f"{where}, not a candidate"
    weight = agent.weight_on(board)
    theirs, mine = agent.outlook(a, peer), agent.outlook(a, ours)
    if theirs is None or mine is None:
        return f"{where}, candidate"
    return f"{where}, scored {'alike' if theirs.score(weight) == mine.score(weight) else 'lower'}"


def phase(board: Board) -> str:
    hidden = len(board.hidden())
    cells = board.width * board.height
    if hidden > 0.85 * cells:
        return "opening (>85% hidden)"
    if hidden > 0.4 * cells:
        return "middle"
    return "end (<40% hidden)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer-traces", type=Path, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--rule", default="safe", choices=("safe", "opening"))
    ap.add_argument("--first", default=None, help="the first click (default: corner for safe, 3,3 for opening)")
    ap.add_argument("--games", default=None, help="A-B: only these games of the traces")
    ap.add_argument("--layouts", type=int, default=40, help="rollouts per move")
    ap.add_argument("--max-assignments", type=int, default=20000)
    ap.add_argument("--out", type=Path, default=None, help="append one JSON line per divergence")
    ap.add_argument("--rollouts-only", action="store_true",
                    help="value endgame positions by rollouts too, not exactly by the endgame search")
    ap.add_argument("--rollout-agent", default=None, metavar="SETTING=VALUE",
                    help="the best agent with one setting changed plays the rollouts (as experiments.variants "
                         "names it; e.g. sampled_layouts=0, faster); countsweep's choices stay the default's")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--all-games", action="store_true", help="also the games both won or both lost")
    how.add_argument("--along-peer", action="store_true",
                     help="every guess of the peer's own game where countsweep would guess otherwise")
    args = ap.parse_args(argv)
    roller = None
    if args.rollout_agent:
        cls, kwargs = parse_variant(args.rollout_agent)
        roller = cls(**kwargs)
    w, h, m = LEVELS["expert"]
    first = args.first or ("corner" if args.rule == "safe" else "3,3")
    settings = Settings(w, h, m, args.rule, first)
    lo, hi = (int(x) for x in args.games.split("-")) if args.games else (0, math.inf)
    peer = [json.loads(line) for line in args.peer_traces.read_text().splitlines() if line.strip()]
    peer = [p for p in peer if lo <= p["game"] < hi]
    exact_limit = 0 if args.rollouts_only else BestAgent().endgame_layouts
    rows = []
    skipped: dict[str, int] = defaultdict(int)
    decisions = 0
    start = time.perf_counter()
    for p in peer:
        ours, won = guesses_of(settings, args.seed, p["game"])
        if won == p["won"] and not (args.all_games or args.along_peer):
            continue  # concordant: both won or both lost
        result = ("both" if won else "neither") if won == p["won"] else "peer" if p["won"] else "countsweep"
        theirs = [tuple(c) for c in p["at"]]
        if args.along_peer:
            path, replayed = along_peer(settings, args.seed, p["game"], theirs)
            if replayed != p["won"]:
                skipped["the peer's game replayed to another result"] += 1
            decisions += len(path)
            found = [(i, board, mine, rule, other) for i, (board, mine, rule, other) in enumerate(path)
                     if mine != other]
        else:
            i = next((j for j, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a[1] != b), None)
            if i is None:
                skipped["no differing guess (one ran out of guesses first)" if won != p["won"]
                        else "the same guesses"] += 1
                continue
            found = [(i, *ours[i], theirs[i])]
        for i, board, mine, rule, other in found:
            row = value(board, mine, rule, other, p["game"], args.layouts, args.max_assignments, skipped,
                        exact_limit, roller)
            if row is None:
                continue
            row = {"game": p["game"], "only": result, "guess": i, **row}
            rows.append(row)
            if args.out:
                with args.out.open("a") as fh:
                    fh.write(json.dumps(row) + "\n")
    seconds = time.perf_counter() - start
    which = f"divergences along the peer's games (of {decisions} guesses)" if args.along_peer \
        else "first divergences"
    exact = sum("value_peer" in r for r in rows)
    print(f"{machine()}; {len(peer)} games, {len(rows)} {which} valued by {args.layouts} paired "
          f"rollouts each ({exact} exactly, by the endgame search), {seconds:.0f} s; "
          f"skipped: {dict(skipped) or 'none'}")
    if args.along_peer and peer:
        total = sum(gain(r) for r in rows)
        print(f"the peer's moves minus countsweep's, summed per game: {100 * total / len(peer):+.2f} points")
    print(summary(rows))


def value(board: Board, mine: Cell, rule: str, other: Cell, game: int, layouts: int, limit: int,
          skipped: dict[str, int], endgame_layouts: int = 0, agent: BestAgent | None = None) -> dict | None:
    """Both moves valued exactly where the endgame search solves the position (at most
    ``endgame_layouts`` layouts; 0: never), else by ``layouts`` paired rollouts, ``agent``
    playing on after both (default: the best agent; None returned, counted in ``skipped``, if
    they cannot be)."""
    probs = analyze(board).probabilities
    if other not in probs or not 0 < probs[other] < 1:
        skipped["the peer's cell is not a guess in countsweep's position"] += 1
        return None
    row = {"hidden": len(board.hidden()), "phase": phase(board), "rule": rule,
           "peer_cell": peer_cell(board, other, mine),
           "p_peer": float(probs[other]), "p_countsweep": float(probs[mine]),
           "peer": list(other), "countsweep": list(mine)}
    exact = exact_values(board, other, mine, endgame_layouts) if endgame_layouts else None
    if exact is not None:
        return {**row, "value_peer": str(exact[0]), "value_countsweep": str(exact[1])}
    try:
        sampler = Layouts(board, limit)
    except LimitExceeded:
        skipped["a component too large to enumerate"] += 1
        return None
    rng = random.Random(game)
    wins = {"peer": 0, "countsweep": 0}
    for t in range(layouts):
        layout = cells_of(sampler.draw(rng), board.width)
        wins["peer"] += rollout(board, layout, other, 1000 * game + t, agent)
        wins["countsweep"] += rollout(board, layout, mine, 1000 * game + t, agent)
    return {**row, "layouts": layouts, "wins_peer": wins["peer"], "wins_countsweep": wins["countsweep"]}


def exact_values(board: Board, peer: Cell, ours: Cell, max_layouts: int) -> tuple[Fraction, Fraction] | None:
    """Both moves' win probabilities under optimal play after them, where countsweep's agent
    plays ``board`` by its endgame search (at most ``max_layouts`` layouts, the search within
    the agent's limit of positions): its play after either move is then that optimal play.
    None elsewhere."""
    search = Endgame.of(board, max_layouts, BestAgent().endgame_positions)
    if search is None:
        return None
    try:
        return search.move_value(peer), search.move_value(ours)
    except LimitExceeded:
        return None


def gain(row: dict) -> float:
    """How much more the peer's move is worth than countsweep's in a row: exactly, where both
    were valued exactly, else by the paired rollouts' win rates."""
    if "value_peer" in row:
        return float(Fraction(row["value_peer"]) - Fraction(row["value_countsweep"]))
    return (row["wins_peer"] - row["wins_countsweep"]) / row["layouts"]


RESULTS = {"peer": "only peer won", "countsweep": "only countsweep won", "both": "both won", "neither": "both lost"}
"""A row's ``only`` (which player won the game) as the summary names it."""


def summary(rows: list[dict]) -> str:
    """Per group: divergences, the peer's move's rollout win rate minus countsweep's, with its standard error."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        groups["all"].append(r)
        groups[RESULTS[r["only"]]].append(r)
        groups["first guess" if r["guess"] == 0 else "later guess"].append(r)
        groups[r["phase"]].append(r)
        groups[f"countsweep's rule: {r['rule']}"].append(r)
        if r["rule"] in ("outlook", "dominance") and "peer_cell" in r:
            groups[f"{r['rule']}: the peer's cell {r['peer_cell']}"].append(r)
        safer = "peer's" if r["p_peer"] < r["p_countsweep"] else "countsweep's" if r["p_peer"] > r["p_countsweep"] \
            else "neither"
        groups[f"safer move: {safer}"].append(r)
    out = []
    for name, rs in sorted(groups.items(), key=lambda item: (item[0] != "all", item[0])):
        diffs = [gain(r) for r in rs]
        mean = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
        risk = sum(r["p_peer"] - r["p_countsweep"] for r in rs) / len(rs)
        out.append((name, len(rs), f"{100 * mean:+.2f}", f"{100 * sd / math.sqrt(len(rs)):.2f}",
                    f"{100 * risk:+.2f}"))
    return table(("divergences", "n", "peer minus countsweep (points)", "standard error",
                  "peer's mine probability minus countsweep's (points)"), out)


if __name__ == "__main__":
    main()
