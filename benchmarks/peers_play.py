"""countsweep's agent and DavidNHill's Java solver on the same games, paired game by game.

Game ``i`` of seed ``S`` is dealt by countsweep (:func:`countsweep.play.runs.deal`)
and its first click opened; its layout goes to the peer as a line of the
layout format its driver reads (``GAME W H M FIRST_ROW FIRST_COL HEXMASK``,
bit ``row * W + col`` set for a mine), and the same game is played by
countsweep's agent.  The table pairs the results: games both won, only the peer,
only countsweep, both lost; the two-sided sign test on the games only one won
(exact binomial); both win rates with 95% Wilson intervals; time per game.

The peer is run, not imported: ``--java DIR`` names a directory holding the
compiled solver (``DIR/classes``) and a driver class ``cseval.Driver`` (``DIR/driver``)
whose ``layouts IN OUT`` command plays a layout file and appends one JSON line per
game with ``game`` and ``won``.  Its results can be kept (``--peer-results``) and
reused: games already in that file are not played again.  ``--shows K`` keeps the
games whose first click shows ``K`` (a split to test on fresh games), and
``--by-first`` adds the paired results split by what the first click shows.

    python -m benchmarks.peers_play --java /tmp/javams --seed 7 --games 20000 [--rule opening --first 3,3]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import cluster, machine, table
from benchmarks.results import Report, arguments
from countsweep.intervals import wilson
from countsweep.play.game import LEVELS, Settings
from countsweep.play.runs import deal, run


def layout_line(settings: Settings, seed: int, index: int) -> str:
    """Game ``index`` of ``seed`` as the peer's driver reads it, dealt exactly as ``play`` deals it."""
    game, first, _ = deal(settings, seed, index)
    game.open(first)  # the safe rules draw the layout at the first click
    mask = sum(1 << (r * settings.width + c) for r, c in game.reveal_layout())
    return f"{index} {settings.width} {settings.height} {settings.mines} {first[0]} {first[1]} {mask:x}"


def first_shows(settings: Settings, seed: int, index: int) -> int:
    """What the first click of game ``index`` of ``seed`` shows, dealt exactly as ``play`` deals it."""
    game, first, _ = deal(settings, seed, index)
    game.open(first)
    return game.view()[first]


def by_first(paired: dict[int, tuple[bool, bool]], shows: dict[int, int]) -> list[list[object]]:
    """The rows of the paired results split by what the first click shows: games, countsweep's
    win %, games only the peer won, games only countsweep won, the difference with its interval."""
    rows = []
    for k in sorted({shows[i] for i in paired}):  # shows may know games left out (--shows)
        games = [i for i in paired if shows[i] == k]
        only_peer = sum(paired[i][0] and not paired[i][1] for i in games)
        only_ours = sum(paired[i][1] and not paired[i][0] for i in games)
        won = sum(paired[i][1] for i in games)
        rows.append([k, len(games), f"{100 * won / len(games):.2f}", only_peer, only_ours,
                     paired_difference(only_ours, only_peer, len(games)), f"{sign_test(only_ours, only_peer):.3f}"])
    return rows


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact binomial test that games only one side won split evenly."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired_difference(only_a: int, only_b: int, games: int) -> str:
    """A's win rate minus B's in points, with its 95% interval's half-width, from the discordant games."""
    diff = 100 * (only_a - only_b) / games
    se = 100 * math.sqrt(only_a + only_b - (only_a - only_b) ** 2 / games) / games
    return f"{diff:+.2f} ± {1.96 * se:.2f}"


def play_peer(java_dir: Path, settings: Settings, seed: int, games: list[int], results: Path) -> float:
    """Play ``games`` through the peer, appending to ``results``; seconds taken."""
    if not games:
        return 0.0
    classpath = f"{java_dir / 'classes'}:{java_dir / 'driver'}"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write("".join(layout_line(settings, seed, i) + "\n" for i in games))
        layouts = fh.name
    start = time.perf_counter()
    subprocess.run(["java", "-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1", "-cp", classpath,
                    "cseval.Driver", "layouts", layouts, str(results), str(seed)], check=True,
                   stdout=subprocess.DEVNULL)
    Path(layouts).unlink()
    return time.perf_counter() - start


def read_peer(results: Path) -> dict[int, bool]:
    won: dict[int, bool] = {}
    if results.exists():
        for line in results.read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                won[int(rec["game"])] = bool(rec["won"])
    return won


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--java", required=True, type=Path, help="the built Java solver and driver (see above)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--rule", default="safe", choices=("safe", "opening"))
    ap.add_argument("--first", default=None, help="default: corner for safe, 3,3 for opening")
    ap.add_argument("--agent", default="best")
    ap.add_argument("--workers", type=int, default=1, help="countsweep's processes (the peer runs on one core)")
    ap.add_argument("--cluster", default=None, help="play countsweep's games on a Dask cluster: tcp://HOST:PORT "
                                                    "or local:N")
    ap.add_argument("--peer-results", type=Path, default=None, help="keep the peer's per-game results here")
    ap.add_argument("--out", type=Path, default=None, help="write the paired per-game results here (JSONL)")
    ap.add_argument("--shows", type=int, default=None, help="only the games whose first click shows this number")
    ap.add_argument("--by-first", action="store_true", help="also the paired results by what the first click shows")
    arguments(ap, "peers_play")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.peers_play", argv, args)
    if not (args.java / "classes").is_dir() or not (args.java / "driver").is_dir():
        sys.exit(f"{args.java}: expected the peer's classes/ and driver/ folders there")
    w, h, m = LEVELS["expert"]
    first = args.first or ("corner" if args.rule == "safe" else "3,3")
    settings = Settings(w, h, m, args.rule, first)
    games = list(range(args.start, args.start + args.games))
    shows = {i: first_shows(settings, args.seed, i) for i in games} if args.shows is not None or args.by_first else {}
    if args.shows is not None:
        games = [i for i in games if shows[i] == args.shows]
        if not games:
            sys.exit(f"no game of {args.start}-{args.start + args.games - 1} shows {args.shows} at its first click")
    with tempfile.TemporaryDirectory() as scratch:
        results = args.peer_results or Path(scratch) / "peer.jsonl"
        known = read_peer(results)
        peer_seconds = play_peer(args.java, settings, args.seed, [i for i in games if i not in known], results)
        played_by_peer = len([i for i in games if i not in known])
        peer = read_peer(results)
    with cluster(args.cluster) as client:
        records = list(run(settings, args.agent, args.seed, games, args.workers, client=client))
    ours = {rec["game"]: rec["won"] for rec in records}
    our_seconds = sum(rec["seconds"] for rec in records)  # each game's own time: one core's
    missing = [i for i in games if i not in peer]
    if missing:
        sys.exit(f"the peer gave no result for {len(missing)} games (first: {missing[0]})")
    both = sum(peer[i] and ours[i] for i in games)
    only_peer = sum(peer[i] and not ours[i] for i in games)
    only_ours = sum(ours[i] and not peer[i] for i in games)
    neither = len(games) - both - only_peer - only_ours
    if args.out:
        args.out.write_text("".join(json.dumps({"game": i, "peer": peer[i], "countsweep": ours[i]}) + "\n"
                                    for i in games))
    n = len(games)
    rows = []
    for name, wins, seconds, played in (("Java solver", both + only_peer, peer_seconds, played_by_peer),
                                        (f"countsweep {args.agent}", both + only_ours, our_seconds, n)):
        lo, hi = wilson(wins, n)
        per_game = f"{1000 * seconds / played:.1f}" if played else "(kept)"
        rows.append([name, n, wins, f"{100 * wins / n:.2f}", f"[{100 * lo:.2f}, {100 * hi:.2f}]", per_game])
    only = f" showing {args.shows} at the first click" if args.shows is not None else ""
    report.print(f"{settings.describe()}, seed {args.seed}, games {games[0]}-{games[-1]}{only}; {machine()}; "
          f"countsweep on {args.workers} process(es), the peer on one")
    report.print(table(["player", "games", "won", "win %", "95% CI", "ms per game (one core)"], rows))
    report.print(table(["both won", "only the peer", "only countsweep", "both lost", "countsweep - peer (points)",
                 "sign test p"],
                [[both, only_peer, only_ours, neither, paired_difference(only_ours, only_peer, n),
                  f"{sign_test(only_ours, only_peer):.3f}"]]))
    if args.by_first:
        report.print(table(["first click shows", "games", "countsweep win %", "only the peer", "only countsweep",
                            "countsweep - peer (points)", "sign test p"],
                           by_first({i: (peer[i], ours[i]) for i in games}, shows)))
    report.finish()


if __name__ == "__main__":
    main()
