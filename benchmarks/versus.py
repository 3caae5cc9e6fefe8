"""This tree against another commit, side by side: the same positions counted by each, in turns.

A change's speed-up is a ratio of two codes' times, and on a shared machine
times measured minutes apart drift by a fifth: so both codes time the same
positions, run after run in turns (the other commit first), and the table
gives each code's median over the positions and the middle of its runs.  The
other commit is checked out with ``git worktree`` into a scratch directory
and its kernel built there (``--no-build``: its pure-Python path), each run
a fresh process of that tree, reading the positions as board text through
the API every version has (``Board.from_text``, ``analyze``).

The positions are ``benchmarks.topologies``': for each topology asked for,
the positions of seeded greedy play with their square partners (nearest in
hidden cells and numbers), each pair timed as that benchmark does (best of
``--repeat`` calls, the two taken in turn).  ``--play N`` also plays N
classic expert games with each agent in each tree (its ``countsweep play``),
in turns too, and gives the middle run's games a second.

    python -m benchmarks.versus COMMIT [--topology 3d ...] [--games 8] [--runs 3] [--play 300]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import machine, table
from benchmarks.results import ROOT, Report, arguments
from benchmarks.topologies import TOPOLOGIES, partner, played, square_pool

# Run in the other tree as it is: only what every version's API has.
TIMER = r"""
import json, sys, time
from countsweep import Board, analyze
pairs = [(Board.from_text(a), Board.from_text(b)) for a, b in json.load(open(sys.argv[1]))]
repeat = int(sys.argv[2])
out = []
for pair in pairs:
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for k, board in enumerate(pair):
            start = time.perf_counter()
            analyze(board)
            best[k] = min(best[k], time.perf_counter() - start)
    out.append(best)
print(json.dumps(out))
"""

SHORT = {name.split(" (")[0]: name for name in TOPOLOGIES}  # "3d" for "3d (4 layers of 8x8)"

PLAYER = "import sys\nfrom countsweep.cli import main\nsys.argv[0] = 'countsweep'\nmain()\n"


def tree_env(tree: Path, pure: bool = False) -> dict[str, str]:
    """The environment that imports countsweep from ``tree`` (ahead of the installed one), with the kernel
    built in it, or none if ``pure``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("COUNTSWEEP_KERNEL_PATH", None)
    env.pop("COUNTSWEEP_PURE", None)
    if pure:  # else an editable install's finder would find the installed tree's kernel for it
        env["COUNTSWEEP_PURE"] = "1"
    return env


def checkout(commit: str, into: Path, build: bool) -> Path:
    """``commit`` checked out in ``into`` (a detached worktree), its kernel built there if ``build``."""
    tree = into / "base"
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), commit],
                          capture_output=True, text=True)
    if done.returncode:
        why = (done.stderr.strip().splitlines() or ["git failed"])[-1]
        raise SystemExit(f"benchmarks.versus: error: cannot check {commit!r} out: {why}")
    if build:
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not list((tree / "countsweep").glob("_kernel*")):  # the build is optional: it may go on without it
            raise SystemExit(f"benchmarks.versus: error: {commit}'s kernel did not build; --no-build times its Python "
                             "path")
    return tree


def times(tree: Path, positions: Path, repeat: int, pure: bool) -> list[list[float]]:
    """Each pair's best times (the position's, its partner's) as the code of ``tree`` counts them."""
    done = subprocess.run([sys.executable, "-c", TIMER, str(positions), str(repeat)], cwd=tree,
                          env=tree_env(tree, pure),
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def games_per_second(tree: Path, agent: str, games: int, seed: int, pure: bool) -> float:
    """What ``countsweep play`` of ``tree`` reports for ``games`` classic expert games of ``agent``."""
    done = subprocess.run([sys.executable, "-c", PLAYER, "play", "--agent", agent, "--games", str(games),
                           "--seed", str(seed)], cwd=tree, env=tree_env(tree, pure), check=True,
                          capture_output=True, text=True)
    found = re.search(r"games per second ([0-9.]+)", done.stdout)
    if found is None:
        raise RuntimeError(f"no speed in what {tree}'s play printed: {done.stdout[-200:]!r}")
    return float(found.group(1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("commit", help="the commit to compare this tree with (any name git knows)")
    ap.add_argument("--topology", action="append", choices=sorted(SHORT), dest="topologies",
                    help="a topology of benchmarks.topologies (repeatable; default: all)")
    ap.add_argument("--games", type=int, default=8, help="seeded greedy games per topology")
    ap.add_argument("--repeat", type=int, default=5, help="calls per position; the best counts")
    ap.add_argument("--runs", type=int, default=3, help="runs of each code, in turns")
    ap.add_argument("--play", type=int, default=0, metavar="N", help="also play N expert games with each agent")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--no-build", action="store_true", help="the other commit's pure-Python path")
    arguments(ap, "versus")
    args = ap.parse_args(argv)
    known = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "-q", args.commit + "^{commit}"],
                           capture_output=True, text=True)
    if known.returncode:
        raise SystemExit(f"benchmarks.versus: error: git knows no commit {args.commit!r}")
    report = Report.of("benchmarks.versus", argv, args)
    names = [SHORT[t] for t in args.topologies] if args.topologies else list(TOPOLOGIES)
    pool = square_pool(args.games, args.seed)
    groups = {name: [(b, partner(b, pool)) for b in played(name, args.games, args.seed)] for name in names}
    report.print(f"machine: {machine()}; {args.commit} (base) against this tree (here), {args.runs} runs of "
                 f"each in turns; best of {args.repeat} calls a position" + ("; base without its kernel"
                                                                            if args.no_build else ""))
    with tempfile.TemporaryDirectory(prefix="countsweep-versus-") as scratch:
        positions = Path(scratch) / "positions.json"
        pairs = [(b.to_text(), p.to_text()) for name in names for b, p in groups[name]]
        positions.write_text(json.dumps(pairs))
        base = checkout(args.commit, Path(scratch), not args.no_build)
        try:
            found: dict[str, list[list[list[float]]]] = {"base": [], "here": []}
            for _ in range(args.runs):
                for key, tree in (("base", base), ("here", ROOT)):
                    found[key].append(times(tree, positions, args.repeat, key == "base" and args.no_build))
            played_runs: dict[tuple[str, str], list[float]] = {}
            for _ in range(args.runs if args.play else 0):
                for agent in ("greedy", "best"):
                    for key, tree in (("base", base), ("here", ROOT)):
                        played_runs.setdefault((agent, key), []).append(
                            games_per_second(tree, agent, args.play, args.seed, key == "base" and args.no_build))
            speeds = {k: statistics.median_low(v) for k, v in played_runs.items()}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    rows, at = [], 0
    for name in names:
        n = len(groups[name])
        cell = {}
        for key in ("base", "here"):
            runs = [run[at:at + n] for run in found[key]]
            cell[key] = (statistics.median_low([statistics.median(t[0] for t in run) * 1e6 for run in runs]),
                         statistics.median_low([statistics.median(t[1] for t in run) * 1e6 for run in runs]),
                         statistics.median_low([statistics.median(t[0] / t[1] for t in run) for run in runs]))
        at += n
        rows.append((name, n, f"{cell['base'][0]:.1f}", f"{cell['here'][0]:.1f}",
                     f"{cell['here'][0] / cell['base'][0]:.3f}", f"{cell['base'][1]:.1f}", f"{cell['here'][1]:.1f}",
                     f"{cell['here'][1] / cell['base'][1]:.3f}", f"{cell['base'][2]:.3f}", f"{cell['here'][2]:.3f}"))
        key = name.split(" (")[0].replace(" ", "_")
        report.figure(f"{key}_base_us", f"{cell['base'][0]:.1f}")
        report.figure(f"{key}_here_us", f"{cell['here'][0]:.1f}")
        report.figure(f"{key}_square_base_us", f"{cell['base'][1]:.1f}")
        report.figure(f"{key}_square_here_us", f"{cell['here'][1]:.1f}")
        report.figure(f"{key}_ratio_base", f"{cell['base'][2]:.2f}")
        report.figure(f"{key}_ratio_here", f"{cell['here'][2]:.2f}")
    report.print(table(("topology", "positions", "us (base)", "us (here)", "here / base", "square partner us (base)",
                        "square partner us (here)", "here / base", "median ratio to square (base)",
                        "median ratio to square (here)"), rows))
    for (agent, key), speed in speeds.items():
        report.figure(f"{agent}_{key}_games_s", f"{speed:g}")
    if speeds:
        report.print(table(("agent", "games", "games a second (base)", "games a second (here)", "here / base"),
                           [(agent, args.play, speeds[agent, "base"], speeds[agent, "here"],
                             f"{speeds[agent, 'here'] / speeds[agent, 'base']:.3f}") for agent in ("greedy", "best")]))
    report.finish()


if __name__ == "__main__":
    main()
