"""Rules of JSMinesweeper's current solver, tried on top of the best agent on the same games.

Each variant is the best agent with one rule changed, and plays the same seeded
games as the best agent (``countsweep.play.deal``), so the comparison is paired:
the table counts the games only one of the two wins and gives the difference in
points with its standard error and a two-sided sign test.

* ``living``: the secondary safety JSMinesweeper uses now.  The next position is
  worth ``(4*s1 + s2)/5`` over its two safest cells that can still show more than
  one number (a certain-safe cell counts as safety 1, so a lone one is not worth
  1), and progress is weighted 1/1000 instead of 1/10.
* ``space``: its "space counter": candidates in a hidden pocket of fewer than 8
  cells (a pocket's region grows through hidden cells and across one revealed
  cell at a time) are put off while a larger region has a candidate, so the mine
  total can settle them later.
* ``always-safest``: if one cell is the unique safest after every number the
  guess may show, and is safer than the guess now, it is opened instead.
* ``long-term-risk``: its long-term risk (see :class:`Risk`): a candidate's score
  is multiplied by its "50/50 influence" and, after each number it may show, by
  how much safer the position's "hotspots" have become.
* ``window``: its candidate window: frontier cells within 0.10 of the best safety
  (down to 0.20 while there are fewer than two), and sea cells only when their
  safety exceeds 0.95 times the best: then all of them if fewer than 30, else
  those two steps (in a row or a column) from a number or with two or three
  unrevealed neighbours.
* ``all``: ``living``, ``space``, ``long-term-risk`` and ``window`` together.

One more is countsweep's own, not JSMinesweeper's:

* ``sea-kinds``: sea candidates split by their numbers of flagged and hidden
  neighbours and by the frontier cells among those, instead of by the number
  of hidden neighbours alone (:meth:`countsweep.agent.BestAgent.sea_kind`).

    python benchmarks/variants.py [--games 4000] [--seed 1] [--rule safe] [--variants living,space]
        [--base FILE] [--out FILE]

``--base`` takes the best agent's results from a ``countsweep play --out`` file of
the same games instead of playing them again.  ``--out`` appends one JSON record
per game played (variant, seed, rule, game, won, seconds, code version) and, run
again, plays only the games it does not hold yet, so a long run can be stopped
and resumed; records of other code (the package or this script) are refused.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agents import settings_for
from common import machine, table

from countsweep.agent import BestAgent, Move, play_game, possible_numbers
from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.fifty import Pattern, completions, patterns
from countsweep.oracle import Analysis
from countsweep.play import code_version, deal


def can_show_one_number(nxt: Analysis, cell: Cell) -> bool:
    """A cheap sufficient test: every hidden neighbour of ``cell`` is certain."""
    probs = nxt.probabilities
    return all(probs.get(n, Fraction(1)) in (0, 1)
               for n in nxt.board.neighbours(cell) if nxt.board[n] == HIDDEN)


class LivingSafety(BestAgent):
    def __init__(self) -> None:
        super().__init__(progress_weight=Fraction(1, 1000))

    @staticmethod
    def next_safety(nxt: Analysis) -> Fraction:
        best: list[Fraction] = []
        for p, c in sorted((p, c) for c, p in nxt.probabilities.items() if p < 1):
            if not can_show_one_number(nxt, c):
                best.append(1 - p)
                if len(best) == 2:
                    break
        if not best:
            return Fraction(1)
        return (4 * best[0] + best[-1]) / 5


def space_at_least(board: Board, mines: set[Cell], start: Cell, threshold: int) -> bool:
    """Whether the hidden region around ``start`` holds ``threshold`` cells that are not certain mines."""
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
    threshold = 8

    def candidates(self, a: Analysis) -> list[Cell]:
        found = super().candidates(a)
        mines = set(a.mines_certain)
        return [c for c in found if space_at_least(a.board, mines, c, self.threshold)] or found


class AlwaysSafest(BestAgent):
    def __init__(self) -> None:
        super().__init__()
        self.fired = 0
        self.asked = 0

    def guess(self, a: Analysis, rng) -> Move:
        move = super().guess(a, rng)
        if move.rule not in ("outlook", "dominance"):
            return move
        self.asked += 1
        other = self.always_safest(a, move.cell)
        if other is None or a.probabilities[other] >= move.probability:
            return move
        self.fired += 1
        return Move(other, "open", a.probabilities[other], True, "dominance")

    def always_safest(self, a: Analysis, cell: Cell) -> Cell | None:
        same = None
        for k in possible_numbers(a.board, cell):
            nxt = self.shown(a, cell, k)
            if nxt is None:
                continue
            ranked = sorted((p, c) for c, p in nxt.probabilities.items() if p < 1)
            if not ranked or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
                return None
            if same not in (None, ranked[0][1]):
                return None
            same = ranked[0][1]
        return same


class Risk:
    """JSMinesweeper's long-term risk of one position (its LongTermRiskHelper), with exact counts.

    A *possible 50/50* is a pair or 2x2 box of hidden cells whose outer cells
    are hidden (:func:`countsweep.fifty.patterns`), few of them not yet certain
    mines; its *tally* is the number of layouts in which it is a closed 50/50
    with a given cell of it a mine (the same for each cell, by symmetry).  A
    cell's *influence* is the best tally of the pairs in its row that hold it,
    plus the best of those in its column, plus the best of its boxes, plus the
    tallies (over 2.5% of the layouts) of the possible 50/50s it is an outer
    cell of, capped by its mine and safe counts.  A *hotspot* is the one outer
    cell still missing from a pair whose first cell is now exactly 1/2, when the
    outer cell is less than 9/10 safe: if it turns out a mine, the pair is a
    coin toss.
    """

    def __init__(self, a: Analysis) -> None:
        self.a = a
        self.cache: dict[frozenset[Cell], int] = {}
        self.enablers: dict[Cell, int] = {}
        self.hotspots: list[tuple[Cell, frozenset[Cell]]] = []
        self.mines_left = (a.board.mines or 0) - len(a.board.flags()) - len(a.mines_certain)
        frontier = set(a.frontier)
        for cell in a.probabilities:
            for pat in patterns(a.board, cell):
                inner = pair_or_box(pat)
                if min(inner) != cell:  # each possible 50/50 once
                    continue
                missing = self.missing(pat, 2 if len(inner) == 2 else 3)
                if missing is None:
                    continue
                if (len(inner) == 2 and len(missing) == 1 and cell in frontier
                        and a.probabilities[cell] == Fraction(1, 2) and a.probabilities[missing[0]] > Fraction(1, 10)):
                    self.hotspots.append((missing[0], inner))
                n = self.tally(pat)
                if 40 * n > a.count:  # more than 2.5% of the layouts
                    for e in missing:
                        self.enablers[e] = self.enablers.get(e, 0) + n

    def missing(self, pat: Pattern, most: int) -> list[Cell] | None:
        """The outer cells not yet certain mines; None unless at most ``most`` mines are missing."""
        probs = self.a.probabilities
        if any(probs[x] == 1 for x in pair_or_box(pat)):
            return None
        missing = [e for e in pat.mines[len(pat.safe):] if probs[e] < 1]
        return missing if len(missing) + len(pat.safe) <= min(most, self.mines_left) else None

    def tally(self, pat: Pattern) -> int:
        key = pair_or_box(pat)
        if key not in self.cache:
            self.cache[key] = completions(self.a.board, pat)
        return self.cache[key]

    def influence(self, cell: Cell) -> int:
        best = {"row": 0, "column": 0, "box": 0}
        for pat in patterns(self.a.board, cell):
            box = len(pat.safe) == 2
            if self.missing(pat, 5 if box else 4) is not None:
                kind = "box" if box else "row" if pat.safe[0][0] == cell[0] else "column"
                best[kind] = max(best[kind], self.tally(pat))
        mines = self.a.count * self.a.probabilities[cell]
        return int(min(sum(best.values()) + self.enablers.get(cell, 0), mines, self.a.count - mines))

    def exempt(self, cell: Cell) -> bool:
        return any(cell == e or cell in pair_cells for e, pair_cells in self.hotspots)

    def hotspot_safety(self, probs: dict[Cell, Fraction], cell: Cell | None = None) -> Fraction:
        """The product of ``(1 + P(hotspot safe)) / 2``, leaving out the hotspots ``cell`` is exempt from."""
        out = Fraction(1)
        for e, pair_cells in self.hotspots:
            if cell is None or (cell != e and cell not in pair_cells):
                out *= (2 - probs.get(e, Fraction(0))) / 2
        return out


def pair_or_box(pat: Pattern) -> frozenset[Cell]:
    """The pair or box of a closed pattern: its first mines (as many as its safe cells) and its safe cells."""
    return frozenset((*pat.mines[:len(pat.safe)], *pat.safe))


class LongTermRisk(BestAgent):
    """Scores multiplied by ``1 + 0.9 * influence / safe layouts`` (unless the cell is a
    hotspot or in a hotspot's pair) and each next position by its hotspot safety
    over the current one."""

    risk: Risk | None = None

    def outlook(self, a: Analysis, cell: Cell, bound: Fraction | None = None):
        if self.risk is None or self.risk.a is not a:
            self.risk = Risk(a)
        safe = a.count * (1 - a.probabilities[cell])
        boost = 1 if self.risk.exempt(cell) or not safe else 1 + Fraction(9, 10) * self.risk.influence(cell) / safe
        # next_safety sees only the next position: the cell and its factor are kept for it
        self.cell = cell
        self.factor = boost / self.risk.hotspot_safety(a.probabilities)  # the most any next position gets
        return super().outlook(a, cell, None if bound is None else bound / self.factor)

    def next_safety(self, nxt: Analysis) -> Fraction:
        hot = self.risk.hotspot_safety(nxt.probabilities, self.cell)
        return super().next_safety(nxt) * self.factor * hot


class Window(BestAgent):
    """JSMinesweeper's candidate window instead of the safety ratio and one sea cell per kind."""

    def candidates(self, a: Analysis) -> list[Cell]:
        board, probs = a.board, a.probabilities
        sea = set(a.sea)
        safety = {c: 1 - p for c, p in probs.items() if p < 1}
        best = max(safety.values())
        near, far = best - Fraction(1, 10), best - Fraction(2, 10)
        out: list[Cell] = []
        for s, c in sorted(((s, c) for c, s in safety.items() if c not in sea), reverse=True):
            if s < near and (len(out) >= 2 or s < far):
                break
            near = min(near, s)
            out.append(c)
        if sea and 1 - probs[min(sea)] > Fraction(95, 100) * best:
            if len(sea) < 30:
                out += sorted(sea)
            else:
                steps = {(r + dr, c + dc) for r, c in board.numbers() for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2))}
                out += sorted(c for c in sea if c in steps
                              or 1 < sum(1 for n in board.neighbours(c) if board[n] < 0) < 4)
        return out or super().candidates(a)


class AllRules(LongTermRisk, SpaceCounter, Window, LivingSafety):
    """``living``, ``space``, ``long-term-risk`` and ``window`` at once."""


class SeaKinds(BestAgent):
    """Sea cells alike only with the same flagged and hidden neighbours, and the same frontier cells among them."""

    @staticmethod
    def sea_kind(board: Board, sea: set[Cell], cell: Cell) -> Hashable:
        around = list(board.neighbours(cell))
        hidden = [n for n in around if board[n] == HIDDEN]
        return (sum(1 for n in around if board[n] == FLAG), len(hidden), frozenset(n for n in hidden if n not in sea))


VARIANTS = {"best": BestAgent, "living": LivingSafety, "space": SpaceCounter, "always-safest": AlwaysSafest,
            "long-term-risk": LongTermRisk, "window": Window, "all": AllRules, "sea-kinds": SeaKinds}


def code() -> str:
    """The package's code version and this script's: records of other code are not mixed in."""
    return code_version() + "-" + hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:12]


def play(job: tuple[str, str, int, int]) -> tuple[str, int, bool, float, int, int]:
    name, rule, seed, index = job
    game, first, agent_seed = deal(settings_for("expert", rule), seed, index)
    agent = VARIANTS[name]()
    rec = play_game(game, agent, first=first, seed=agent_seed)
    return name, index, rec.won, rec.seconds, getattr(agent, "fired", 0), getattr(agent, "asked", 0)


def sign_test(up: int, down: int) -> float:
    n, k = up + down, min(up, down)
    return min(1.0, 2 * sum(math.comb(n, j) for j in range(k + 1)) / 2**n) if n else 1.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", choices=("safe", "opening"), default="safe")
    ap.add_argument("--variants", default="living,space,always-safest,long-term-risk,window,all")
    ap.add_argument("--base", help="the best agent's records (countsweep play --out) for these games")
    ap.add_argument("--out", help="append each game's record here; the games it holds are not played again")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    names = args.variants.split(",")
    unknown = [n for n in names if n not in VARIANTS or n == "best"]
    if unknown:
        ap.error(f"unknown variant {unknown[0]!r}; choose from {', '.join(list(VARIANTS)[1:])}")
    won: dict[str, dict[int, bool]] = {n: {} for n in ["best", *names]}
    seconds = {n: 0.0 for n in won}
    fired = asked = 0
    warned = False
    if args.base and not Path(args.base).is_file():
        sys.exit(f"{args.base}: no such file")
    if args.base:
        package = code_version()
        with open(args.base) as fh:
            for number, line in enumerate(fh, 1):
                try:
                    rec = json.loads(line)
                    seed, rule, index, w = rec["run"]["seed"], rec["run"]["rule"], rec["game"], rec["won"]
                    other_code = rec["run"].get("code") != package
                except (ValueError, KeyError, TypeError, AttributeError):
                    sys.exit(f"{args.base}: line {number}: not a countsweep play --out record")
                if (seed, rule) != (args.seed, args.rule):
                    sys.exit(f"{args.base}: records of seed {seed}, rule {rule}")
                if other_code and not warned:
                    # the pairing holds only if that code played as this one does: say so, do not refuse
                    print(f"note: {args.base}: played by other package code than this checkout's", file=sys.stderr)
                    warned = True
                won["best"][index] = w
        missing = [i for i in range(args.games) if i not in won["best"]]
        if missing:
            sys.exit(f"{args.base}: no record of game {missing[0]}")
    version = code()
    if args.out and Path(args.out).exists():
        with open(args.out) as fh:
            for number, line in enumerate(fh, 1):
                try:
                    rec = json.loads(line)
                    name, seed, rule, index = rec["variant"], rec["seed"], rec["rule"], rec["game"]
                    w, s, f, q = rec["won"], rec["seconds"], rec["fired"], rec["asked"]
                    theirs = rec["code"]
                except (ValueError, KeyError, TypeError):
                    sys.exit(f"{args.out}: line {number}: not a record of this script")
                if (seed, rule) != (args.seed, args.rule):
                    sys.exit(f"{args.out}: line {number}: a game of seed {seed}, rule {rule}, "
                             f"not of seed {args.seed}, rule {args.rule}")
                if theirs != version:
                    sys.exit(f"{args.out}: line {number}: played by other code (the package or this script "
                             "changed since); give a new file")
                if name in won and index < args.games and index not in won[name]:
                    won[name][index] = w
                    seconds[name] += s
                    fired, asked = fired + f, asked + q
    jobs = [(n, args.rule, args.seed, i) for n in won for i in range(args.games) if i not in won[n]]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as ex, (open(args.out, "a") if args.out else nullcontext()) as out:
        for name, index, w, s, f, q in ex.map(play, jobs, chunksize=8):
            won[name][index] = w
            seconds[name] += s
            fired, asked = fired + f, asked + q
            if out is not None:
                out.write(json.dumps({"variant": name, "seed": args.seed, "rule": args.rule, "game": index,
                                      "won": w, "seconds": round(s, 6), "fired": f, "asked": q,
                                      "code": version}) + "\n")
                out.flush()
    rows = []
    base = won["best"]
    for n in names:
        up = sum(won[n][i] and not base[i] for i in range(args.games))
        down = sum(base[i] and not won[n][i] for i in range(args.games))
        rows.append([n, args.games, sum(won[n].values()), sum(base[i] for i in range(args.games)), up, down,
                     f"{100 * (up - down) / args.games:+.2f}", f"{100 * math.sqrt(up + down) / args.games:.2f}",
                     f"{sign_test(up, down):.2f}", f"{seconds[n] / args.games:.2f}"])
    print(f"expert, rule {args.rule}, games 0..{args.games - 1} of seed {args.seed} ({machine()}; "
          f"{time.perf_counter() - start:.0f} s)")
    print(table(["variant", "games", "wins", "best wins", "only variant", "only best", "points", "se",
                 "sign p", "s/game"], rows))
    if "always-safest" in names:
        print(f"always-safest fired on {fired} of {asked} outlook guesses")


if __name__ == "__main__":
    main()
