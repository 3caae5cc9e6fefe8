"""How the best agent's guess rule is tuned: exact win probabilities, no sampling noise.

On boards small enough to play out every layout, :func:`countsweep.play.optimal.agent_value`
gives an agent's exact win probability.  The endgame search is switched off
(``endgame_layouts=0``) so the rows compare the guessing rules alone: greedy,
the best agent's default, and its settings one at a time (``progress_weight``,
the weight of progress against secondary safety; ``ratio``, how far below the
safest cell a candidate may be).  The boards have densities close to expert's
(20.6%).  Rule ``safe``, first click in the corner.

    python -m experiments.guessing [--boards 5x5x4,5x5x5,6x5x5] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

from benchmarks.common import machine, table
from countsweep.board import parse_size
from countsweep.play.agents import BestAgent, GreedyAgent
from countsweep.play.optimal import agent_value

VARIANTS: dict[str, dict] = {
    "greedy": {},
    "best (default)": {},
    "progress_weight 0": {"progress_weight": Fraction(0)},
    "progress_weight 1/5": {"progress_weight": Fraction(1, 5)},
    "progress_weight 1/2": {"progress_weight": Fraction(1, 2)},
    "ratio 4/5": {"ratio": Fraction(4, 5)},
    "ratio 97/100": {"ratio": Fraction(97, 100)},
}


def value(job: tuple[str, tuple[int, int, int]]) -> tuple[str, tuple[int, int, int], Fraction, float]:
    name, (w, h, m) = job
    agent = GreedyAgent() if name == "greedy" else BestAgent(endgame_layouts=0, **VARIANTS[name])
    start = time.perf_counter()
    v = agent_value(agent, w, h, m, "safe", (0, 0))
    return name, (w, h, m), v, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default="5x5x4,5x5x5,6x5x5")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    boards = [parse_size(b, mines=True) for b in args.boards.split(",")]
    jobs = [(name, b) for name in VARIANTS for b in boards]
    with ProcessPoolExecutor(args.workers) as pool:
        results = {(name, b): (v, t) for name, b, v, t in pool.map(value, jobs)}
    print(f"machine: {machine()}; exact win probability, rule safe, first click (0, 0), endgame search off")
    rows = []
    for name in VARIANTS:
        vals = [results[name, b][0] for b in boards]
        rows.append((name, *(f"{float(v):.2%}" for v in vals), f"{float(sum(vals) / len(vals)):.3%}",
                     f"{sum(results[name, b][1] for b in boards):.0f}"))
    print(table(("guess rule", *(f"{w}x{h}/{m}" for w, h, m in boards), "mean", "seconds"), rows))


if __name__ == "__main__":
    main()
