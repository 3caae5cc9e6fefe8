"""greedy against best on every level and rule: win rates with 95% intervals.

Each row's games are appended to ``benchmarks/results/agents-*.jsonl`` as they
finish, so an interrupted run resumes where it stopped (same seeds).  Prints the
table next to the published figures, and the best agent's time per move on
expert (median and p99 over the moves of ``--timing-games`` games).

    python -m benchmarks.agents [--games 1000] [--workers 2] [--levels expert]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

from benchmarks.common import cluster, machine, pct, table
from benchmarks.results import Report, arguments
from countsweep.intervals import wilson
from countsweep.play.agents import make_agent, play_game
from countsweep.play.game import LEVELS, Game, Settings, first_cell
from countsweep.play.records import open_run
from countsweep.play.runs import fingerprint, game_seed, run

RESULTS = Path(__file__).resolve().parent / "results"
PUBLISHED = {
    ("expert", "safe"): "JSMinesweeper 40.7%",
    ("expert", "opening"): "JSMinesweeper 54%; Japanese article 42%",
    ("intermediate", "opening"): "Japanese article 82.3%",
    ("beginner", "opening"): "Japanese article 95%",
}
FIRST = {"safe": "corner", "opening": "center"}


def settings_for(level: str, rule: str) -> Settings:
    """The games of a row: the level's board, the rule, and where the first click goes."""
    w, h, m = LEVELS[level]
    return Settings(w, h, m, rule, "3,3" if (level, rule) == ("expert", "opening") else FIRST[rule])


def rows_for(level: str, rule: str, agent: str, games: int, seed: int, workers: int,
             results: Path = RESULTS, client: object = None) -> list[dict]:
    """The records of a row's games, played now or read back from ``results``."""
    s = settings_for(level, rule)
    fp = fingerprint(s, agent, seed)
    # a changed agent starts a new file instead of refusing the old one
    tag = hashlib.sha1(json.dumps(fp, sort_keys=True).encode()).hexdigest()[:8]
    path = results / f"agents-{level}-{rule}-{agent}-{seed}-{tag}.jsonl"
    results.mkdir(exist_ok=True)
    with open_run(path, fp) as (done, writer):
        todo = [i for i in range(games) if i not in done]
        for rec in run(s, agent, seed, todo, workers, client=client):
            done[rec["game"]] = rec
            writer.add(rec)
    return [done[i] for i in range(games)]


class Timed:
    def __init__(self, agent):
        self.agent, self.name, self.times = agent, agent.name, []

    def moves(self, board, rng):
        start = time.perf_counter()
        out = self.agent.moves(board, rng)
        self.times.append(time.perf_counter() - start)
        return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--expert-games", type=int, default=None,
                    help="games per expert row (default: --games); narrows the intervals that matter")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cluster", default=None, help="play on a Dask cluster: tcp://HOST:PORT or local:N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="beginner,intermediate,expert")
    ap.add_argument("--rules", default="safe,opening")
    ap.add_argument("--agents", default="greedy,best")
    ap.add_argument("--timing-games", type=int, default=30)
    ap.add_argument("--results", type=Path, default=RESULTS, help="where the rows' game records are kept")
    arguments(ap, "agents")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.agents", argv, args)
    report.print(f"machine: {machine()}; {args.games} games per row ({args.expert_games or args.games} on expert), "
          f"seed {args.seed}; "
          "first click: corner (safe), centre (opening), (3,3) for expert opening")
    rows = []
    with cluster(args.cluster) as client:
        played = {(level, rule, agent): rows_for(
                      level, rule, agent, args.expert_games if level == "expert" and args.expert_games else args.games,
                      args.seed, args.workers, args.results, client)
                  for level in args.levels.split(",") for rule in args.rules.split(",")
                  for agent in args.agents.split(",")}
    for level in args.levels.split(","):
        for rule in args.rules.split(","):
            for agent in args.agents.split(","):
                recs = played[level, rule, agent]
                wins = sum(r["won"] for r in recs)
                lo, hi = wilson(wins, len(recs))
                rows.append((level, rule, agent, len(recs), f"{wins / len(recs):.1%}",
                             f"[{lo:.1%}, {hi:.1%}]",
                             f"{sum(r['guesses'] for r in recs) / len(recs):.2f}",
                             f"{sum(r['seconds'] for r in recs) / len(recs) * 1000:.0f}",
                             PUBLISHED.get((level, rule), "-")))
                print(rows[-1], file=sys.stderr, flush=True)
                report.figure(f"{level}_{rule}_{agent}", rows[-1][4])
                report.figure(f"{level}_{rule}_{agent}_ci", rows[-1][5])
    report.print(table(("level", "rule", "agent", "games", "win rate", "95% CI", "guesses/game",
                 "ms/game", "published"), rows))
    if args.timing_games:
        w, h, m = LEVELS["expert"]
        timed = Timed(make_agent("best"))
        for i in range(args.timing_games):
            s = game_seed(args.seed + 1000, i)
            settings = Settings(w, h, m, "safe", "corner")
            play_game(Game(w, h, m, "safe", seed=s), timed, first=first_cell(settings, random.Random(s)),
                      seed=s)
        ms = [t * 1000 for t in timed.times]
        report.figure("decision_median_ms", f"{pct(ms, 0.5):.1f}")
        report.print(f"best agent on expert: {len(ms)} decisions in {args.timing_games} games; "
              f"median {pct(ms, 0.5):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, max {max(ms):.1f} ms per decision")
    report.finish()


if __name__ == "__main__":
    main()
