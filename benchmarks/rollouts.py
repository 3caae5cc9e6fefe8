"""Would rollouts choose the guess better? One step of policy improvement, measured.

At the first guess of each expert game that the best agent takes by its outlook
score with a number of hidden cells in ``--hidden LOW-HIGH`` (more than LOW, at
most HIGH; by default the first phase, where classic games are lost most), each
of the agent's candidates is valued by its rollouts: the best agent plays the
game on from layouts drawn uniformly from those consistent with the position
(the same layouts and tie-break seeds for every candidate, so the differences
are paired).  Choosing the candidate with the most rollout wins is one step of
policy improvement over the agent; picked on one half of the layouts and valued
on the other (and the other way round), its gain over the agent's own choice is
measured without the winner's curse.

    python benchmarks/rollouts.py [--games 240] [--layouts 24] [--rule safe] [--hidden 400-480]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agents import settings_for
from common import machine, table

from countsweep.agent import BestAgent, play_game
from countsweep.board import Board, Cell
from countsweep.constraints import build
from countsweep.endgame import component_layouts
from countsweep.game import Game
from countsweep.oracle import analyze
from countsweep.play import deal, game_seed
from countsweep.poly import add_all, binomial, coefficient, monomial, mul


def layout_sampler(board: Board, limit: int = 10**5) -> Callable[[random.Random], frozenset[Cell]]:
    """Draws layouts uniformly from those consistent with ``board`` (flags included).

    Each component's assignments are enumerated once (at most ``limit``, else
    ValueError), grouped by their number of mines; a draw takes the components in
    turn, each number of mines weighted by the ways to complete the rest, and the
    sea takes what is left.
    """
    w = board.width
    model = build(board)
    groups: list[dict[int, list[int]]] = []
    for comp in model.components:
        found = component_layouts(comp, w, limit)
        if found is None:
            raise ValueError(f"a component has more than {limit} assignments")
        by_mines: dict[int, list[int]] = {}
        for mask, k in found:
            by_mines.setdefault(k, []).append(mask)
        groups.append(by_mines)
    sea, total = list(model.sea), model.mines_left
    assert total is not None
    # rest[i]: the mine-count polynomial of components i.. and the sea together
    rest = [binomial(len(sea))]
    for by_mines in reversed(groups):
        rest.insert(0, mul(add_all(monomial(k, len(ms)) for k, ms in by_mines.items()), rest[0]))
    flags = frozenset(board.flags())

    def draw(rng: random.Random) -> frozenset[Cell]:
        mines, left = set(flags), total
        for i, by_mines in enumerate(groups):
            k = weighted([(k, len(ms) * coefficient(rest[i + 1], left - k)) for k, ms in sorted(by_mines.items())],
                         rng)
            mask = rng.choice(by_mines[k])
            left -= k
            mines.update(divmod(b, w) for b in range(mask.bit_length()) if mask >> b & 1)
        mines.update(rng.sample(sea, left))
        return frozenset(mines)

    return draw


def weighted(options: list[tuple[int, int]], rng: random.Random) -> int:
    """An item drawn with its exact integer weight (floats would round weights past 2**53)."""
    x = rng.randrange(sum(wt for _, wt in options))
    for item, wt in options:
        if x < wt:
            return item
        x -= wt
    raise AssertionError("unreachable: x < total weight")


def first_guess(rule: str, seed: int, index: int, hidden: range) -> tuple[Board, Cell] | None:
    """The position and cell of game ``index``'s first outlook guess with a number of hidden cells in ``hidden``."""
    game, first, agent_seed = deal(settings_for("expert", rule), seed, index)
    found: list[tuple[Board, Cell]] = []

    def trace(board, move):
        if not found and move.guess and move.rule == "outlook" and len(board.hidden()) in hidden:
            found.append((board, move.cell))

    play_game(game, BestAgent(), first, agent_seed, trace)
    return found[0] if found else None


def value(job: tuple[str, int, int, range, int, int]) -> dict | None:
    """Rollout wins of the candidates at game ``index``'s first guess in the phase, layout by layout."""
    rule, seed, index, hidden, layouts, keep = job
    at = first_guess(rule, seed, index, hidden)
    if at is None:
        return None
    board, chosen = at
    try:
        draw = layout_sampler(board)
    except ValueError:  # a component too large to enumerate: counted, not valued
        return {"skipped": True}
    agent = BestAgent()
    a = analyze(board)
    outs = sorted((agent.outlook(a, c) for c in agent.candidates(a)),
                  key=lambda o: o.score(agent.progress_weight), reverse=True)
    cells = [o.cell for o in outs[:keep]]
    if chosen not in cells:
        cells.append(chosen)
    rng = random.Random(game_seed(seed, index))
    wins: dict[Cell, list[int]] = {c: [] for c in cells}
    for t in range(layouts):
        layout = draw(rng)
        for c in cells:
            game = Game.at(board, layout, rule)
            wins[c].append(int(play_game(game, BestAgent(), c, game_seed(seed, index) + t).won))
    safest = min(cells, key=a.probabilities.__getitem__)
    return {"chosen": chosen, "safest": safest, "wins": wins}


def split_gain(wins: dict[Cell, list[int]], chosen: Cell) -> float:
    """The rollout choice's value minus the agent's, each half of the layouts picking for the other."""
    n = len(wins[chosen])
    halves = (range(0, n // 2), range(n // 2, n))
    gain = 0.0
    for pick, judge in (halves, halves[::-1]):
        best = max(wins, key=lambda c: (sum(wins[c][t] for t in pick), c == chosen))
        gain += (sum(wins[best][t] for t in judge) - sum(wins[chosen][t] for t in judge)) / len(judge)
    return gain / 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=240)
    ap.add_argument("--layouts", type=int, default=24, help="sampled layouts per position (even)")
    ap.add_argument("--candidates", type=int, default=6, help="best outlook scores kept per position")
    ap.add_argument("--hidden", default="400-480", help="LOW-HIGH: hidden cells more than LOW, at most HIGH")
    ap.add_argument("--rule", default="safe", choices=["safe", "opening"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    low, high = map(int, args.hidden.split("-"))
    jobs = [(args.rule, args.seed, i, range(low + 1, high + 1), args.layouts, args.candidates)
            for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = [r for r in pool.map(value, jobs) if r is not None]
    found = [r for r in results if "skipped" not in r]
    mean = statistics.fmean

    def row(name: str, diffs: list[float], values: list[float]) -> list[object]:
        se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        return [name, f"{100 * mean(values):.1f}", f"{100 * mean(diffs):+.2f}", f"{100 * se:.2f}"]

    def won(r: dict, cell: Cell) -> float:
        return mean(r["wins"][cell])

    chosen = [won(r, r["chosen"]) for r in found]
    safest = [won(r, r["safest"]) for r in found]
    gains = [split_gain(r["wins"], r["chosen"]) for r in found]
    differ = [mean(a != b for a, b in zip(r["wins"][c], r["wins"][r["chosen"]], strict=True))
              for r in found for c in r["wins"] if c != r["chosen"]]
    print(f"{machine()}; expert, rule {args.rule}, {low} < hidden <= {high}: "
          f"{len(found)} positions from {args.games} games "
          f"({len(results) - len(found)} more with a component past the sampler's limit), "
          f"{args.layouts} layouts each, {mean(len(r['wins']) for r in found):.1f} candidates per position; "
          f"another candidate's rollout ends otherwise than the agent's on {100 * mean(differ):.1f}% of layouts")
    print(table(["choice", "rollout wins %", "minus the agent's choice (points)", "standard error"], [
        row("the agent's (outlook score)", [0.0] * len(found), chosen),
        row("the safest candidate", [s - c for s, c in zip(safest, chosen, strict=True)], safest),
        row("most rollout wins (split halves)", gains, [c + g for c, g in zip(chosen, gains, strict=True)]),
    ]))


if __name__ == "__main__":
    main()
