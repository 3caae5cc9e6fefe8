"""How many expert games no player can win for sure: closed 50/50s in the layouts.

A closed pattern (:mod:`countsweep.play.fifty`: two cells side by side with the cells
beyond each end all mines, or a 2x2 box with mines on a diagonal and its outer
diagonal corners mines) is a guess with one chance in two that no play avoids:
swapping its mines gives an equally likely layout that every other cell reads
the same.  So a player wins at most about half of the games whose layout holds
one: ``1 - P(at least one) / 2`` is about the most any agent can win, and
``E[2^-k]`` over the ``k`` patterns of a layout about what is left if each is a
separate coin.  These are the layouts of ``benchmarks/agents.py``'s expert
games (same seeds, same first click), so the agent's wins there split by the
patterns in each layout; that row plays the agent where agents.py has not
stored the game yet.

    python -m experiments.ceiling [--games 2000] [--rules safe,opening] [--agent best]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.agents import RESULTS, rows_for, settings_for
from benchmarks.common import cluster, machine, table
from countsweep.intervals import wilson
from countsweep.play.fifty import patterns
from countsweep.play.runs import deal


def closed_patterns(rule: str, seed: int, index: int) -> int:
    """The number of closed patterns in the layout of expert game ``index`` after its first click."""
    game, first, _ = deal(settings_for("expert", rule), seed, index)
    game.open(first)
    board, mines = game.view(), game.reveal_layout()
    found = set()
    for cell in mines:  # after one click every mine is still hidden
        for pat in patterns(board, cell):
            if all(x in mines for x in pat.mines) and not any(x in mines for x in pat.safe):
                # the pattern's own cells: the safe ones and as many mines (a box is found from both mines)
                found.add(frozenset((*pat.mines[:len(pat.safe)], *pat.safe)))
    return len(found)


def share(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}" if d else "-"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rules", default="safe,opening")
    ap.add_argument("--agent", default="best", help="whose wins to split by patterns ('' for none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cluster", default=None, help="play on a Dask cluster: tcp://HOST:PORT or local:N")
    ap.add_argument("--results", type=Path, default=RESULTS, help="where the agent's game records are kept")
    args = ap.parse_args(argv)
    rows, wins = [], []
    for rule in args.rules.split(","):
        ks = [closed_patterns(rule, args.seed, i) for i in range(args.games)]
        n = len(ks)
        some = sum(1 for k in ks if k)
        rows.append((rule, n, share(n - some, n), share(sum(1 for k in ks if k == 1), n),
                     share(sum(1 for k in ks if k > 1), n), f"{100 * (1 - some / n / 2):.1f}",
                     f"{100 * sum(0.5**k for k in ks) / n:.1f}"))
        if args.agent:
            with cluster(args.cluster) as client:
                recs = rows_for("expert", rule, args.agent, args.games, args.seed, args.workers, args.results, client)
            won = [r["won"] for r in recs]
            lo, hi = wilson(sum(won), n)
            groups = [[w for w, k in zip(won, ks, strict=True) if test(k)]
                      for test in (lambda k: k == 0, lambda k: k == 1, lambda k: k > 1)]
            wins.append((rule, args.agent, f"{share(sum(won), n)} [{100 * lo:.1f}, {100 * hi:.1f}]",
                         *(share(sum(g), len(g)) for g in groups)))
    print(f"machine: {machine()}; expert 30x16/99, games 0..{args.games - 1} of seed {args.seed}")
    print("layouts by closed patterns (%), and the win rate no player can beat (%):")
    print(table(("rule", "games", "no pattern", "one", "two or more", "at most 1 - P(some)/2", "E[2^-k]"), rows))
    if wins:
        print("\nwins (%) by the patterns in the game's layout:")
        print(table(("rule", "agent", "all [95% interval]", "no pattern", "one", "two or more"), wins))


if __name__ == "__main__":
    main()
