"""One setting of the best agent changed, paired game by game against the default.

Game ``i`` of ``--seed`` is dealt as ``play`` deals it and played twice with the
same tie-break seed: by :class:`~countsweep.play.agents.BestAgent` with its
defaults and with one setting changed.  Where the two play alike they win or
lose together, so only the games one of them won count, and the two-sided
exact sign test on those says whether the change is a gain.  A variant is
named ``SETTING=VALUE`` (``progress_weight=1/1000``, ``ratio=4/5``, ``risk_weight=0``,
``endgame_layouts=0``, ``tie_break=crowded``), or it names an agent class of
:data:`experiments.peer_rules.VARIANTS` (``space``).

    python -m experiments.variants progress_weight=1/1000 --rule opening --seed 11 --games 10000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

from benchmarks.common import machine, table
from benchmarks.peers_play import paired_difference, sign_test
from countsweep.board import Cell
from countsweep.errors import CountsweepError
from countsweep.files import check_output, write_output
from countsweep.intervals import wilson
from countsweep.play.agents import BestAgent, play_game
from countsweep.play.game import LEVELS, Settings
from countsweep.play.runs import deal
from experiments.peer_rules import VARIANTS

SETTINGS = {"progress_weight": Fraction, "opened_progress_weight": Fraction, "ratio": Fraction,
            "endgame_layouts": int, "endgame_positions": int,
            "endgame_anytime": lambda value: {"true": True, "false": False}[value.lower()],
            "tie_break": str, "next_value": str,
            "opened_next_value": lambda value: None if value == "none" else value,
            "risk_weight": Fraction, "contest_margin": Fraction, "contest_size": int,
            "sampled_layouts": int, "sampled_hidden": int}


def parse_variant(text: str) -> tuple[type[BestAgent], dict]:
    """``"progress_weight=1/1000"`` as an agent class and its keyword arguments; a
    name of :data:`experiments.peer_rules.VARIANTS` as that class.

    >>> parse_variant("progress_weight=1/1000")
    (<class 'countsweep.play.agents.BestAgent'>, {'progress_weight': Fraction(1, 1000)})
    >>> parse_variant("space")[0].__name__
    'SpaceCounter'
    """
    if text in VARIANTS:
        return VARIANTS[text], {}
    name, sep, value = text.partition("=")
    if not sep or name not in SETTINGS:
        raise SystemExit(f"variant {text!r}: expected SETTING=VALUE with SETTING one of {', '.join(SETTINGS)}, "
                         f"or one of {', '.join(VARIANTS)}")
    try:
        return BestAgent, {name: SETTINGS[name](value)}
    except (ValueError, KeyError, ZeroDivisionError):
        raise SystemExit(f"variant {text!r}: {value!r} is not a value of {name}") from None


def play_pair(job: tuple[Settings, str, int, int]) -> tuple[int, bool, bool, float, float, list[Cell]]:
    """Game ``index``: does the default win, does the variant, each one's seconds, and the
    cells the variant guessed."""
    settings, variant, seed, index = job
    cls, kwargs = parse_variant(variant)
    out = []
    guessed: list[Cell] = []
    for agent in (BestAgent(), cls(**kwargs)):
        game, first, agent_seed = deal(settings, seed, index)
        guessed.clear()
        rec = play_game(game, agent, first=first, seed=agent_seed,
                        trace=lambda board, move: guessed.append(move.cell) if move.guess else None)
        out.append((rec.won, rec.seconds))
    return index, out[0][0], out[1][0], out[0][1], out[1][1], list(guessed)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", help="SETTING=VALUE, e.g. progress_weight=1/1000")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--rule", default="safe", choices=("safe", "opening"))
    ap.add_argument("--first", default=None, help="default: corner for safe, 3,3 for opening")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--traces", type=Path, default=None,
                    help="write the variant's guesses, one JSON line a game, as experiments.divergences reads "
                         "a peer's (--along-peer values every guess where the default would differ)")
    args = ap.parse_args(argv)
    parse_variant(args.variant)  # a bad name stops here, not in a worker
    if args.traces:
        try:
            check_output(args.traces)  # and a file in the way, before the games are played
        except CountsweepError as err:
            raise SystemExit(f"countsweep: error: {err}") from None
    w, h, m = LEVELS["expert"]
    settings = Settings(w, h, m, args.rule, args.first or ("corner" if args.rule == "safe" else "3,3"))
    jobs = [(settings, args.variant, args.seed, i) for i in range(args.start, args.start + args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_pair, jobs, chunksize=16))
    else:
        results = [play_pair(job) for job in jobs]
    elapsed = time.perf_counter() - start
    if args.traces:
        write_output(args.traces, "".join(json.dumps({"game": r[0], "won": r[2], "at": [list(c) for c in r[5]]}) + "\n"
                                       for r in results))
    n = len(results)
    base = sum(r[1] for r in results)
    var = sum(r[2] for r in results)
    only_var = sum(r[2] and not r[1] for r in results)
    only_base = sum(r[1] and not r[2] for r in results)
    rows = []
    for name, wins, col in (("default", base, 3), (args.variant, var, 4)):
        lo, hi = wilson(wins, n)
        rows.append([name, n, wins, f"{100 * wins / n:.2f}", f"[{100 * lo:.2f}, {100 * hi:.2f}]",
                     f"{1000 * sum(r[col] for r in results) / n:.1f}"])
    print(f"{settings.describe()}, seed {args.seed}, games {jobs[0][3]}-{jobs[-1][3]}; {machine()}; "
          f"{args.workers} process(es), {elapsed:.0f} s")
    print(table(["agent", "games", "won", "win %", "95% CI", "ms per game"], rows))
    print(table(["only the variant", "only the default", "variant - default (points)", "sign test p"],
                [[only_var, only_base, paired_difference(only_var, only_base, n),
                  f"{sign_test(only_var, only_base):.3f}"]]))


if __name__ == "__main__":
    main()
