"""Same seed, same games: replay ``countsweep play --out`` records with this code, and time it.

Each file holds the records of one run (``--out FILE``, plain or gzipped); its
run is played again, game for game, on one core, and every game's outcome
(won, guesses, moves) is compared with the record.  ``benchmarks/reference/``
holds runs of version 0.1 (before the compiled kernel and the boxes): replaying
them checks that the speed work did not change how any agent plays, and gives
each run's games per second now and then.

A deliberate change of play is listed in ``reference/changes.json`` (per run,
the games it changes and why); those games are counted apart and do not fail
the replay, any other difference does.

    python -m benchmarks.identity [FILE ...] [--games N]
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import time
from pathlib import Path

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.oracle import clear_count_cache
from countsweep.play.game import Settings
from countsweep.play.runs import play_one

REFERENCE = Path(__file__).resolve().parent / "reference"
CHANGES = REFERENCE / "changes.json"


def known_changes() -> dict[str, set[int]]:
    """Per run, the games a deliberate change of play makes differ from the record."""
    if not CHANGES.exists():
        return {}
    changes = json.loads(CHANGES.read_text())
    out: dict[str, set[int]] = {}
    for change in changes:
        for run, games in change["games"].items():
            out.setdefault(run, set()).update(games)
    return out


def records(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as fh:
        return [json.loads(line) for line in fh if line.strip()]


BEST_RUNS = {"exp-safe-101": "best_classic", "exp-open-102": "best_modern"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="play --out records (default: benchmarks/reference/*)")
    ap.add_argument("--games", type=int, default=None, help="replay only the first N games of each run")
    ap.add_argument("--repeat", type=int, default=3,
                    help="passes over each run; the fastest is its time (every pass must play as recorded)")
    arguments(ap, "identity")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.identity", argv, args)
    files = args.files or sorted(REFERENCE.glob("*.jsonl*"))
    report.print(f"machine: {machine()}; one core")
    rows, differ_total = [], 0
    expected = known_changes()
    for path in files:
        name = path.name.split(".")[0]
        recs = sorted(records(path), key=lambda r: r["game"])[: args.games]
        run = recs[0]["run"]
        settings = Settings(run["width"], run["height"], run["mines"], run["rule"], run["first"])
        seconds, differ = float("inf"), set()
        for _ in range(max(1, args.repeat)):  # the fastest pass: the one the machine disturbed least
            clear_count_cache()  # each pass starts as a fresh process would: nothing counted before it
            gc.collect()
            start = time.perf_counter()
            now = [play_one(settings, run["agent"], run["seed"], r["game"]) for r in recs]
            seconds = min(seconds, time.perf_counter() - start)
            differ |= {r["game"] for r, n in zip(recs, now, strict=True)
                       if (r["won"], r["guesses"], r["moves"]) != (n["won"], n["guesses"], n["moves"])}
        meant = [g for g in sorted(differ) if g in expected.get(name, set())]
        unexpected = [g for g in sorted(differ) if g not in expected.get(name, set())]
        if unexpected:
            report.print(f"{name}: games {unexpected} differ from the record")
        differ_total += len(unexpected)
        before = sum(r["seconds"] for r in recs)
        rows.append((name, f"{settings.width}x{settings.height}x{settings.mines}", settings.rule,
                     run["agent"], len(recs), sum(r["won"] for r in recs), sum(n["won"] for n in now), len(unexpected),
                     len(meant), f"{len(recs) / before:.1f}", f"{len(recs) / seconds:.1f}", f"{before / seconds:.1f}"))
        if name in BEST_RUNS:  # the best agent's speed on one core, which the docs quote
            report.figure(BEST_RUNS[name], f"{len(recs) / seconds:.0f}")
            report.figure(BEST_RUNS[name] + "_then", f"{len(recs) / before:.1f}")
    report.print(table(("run", "board", "rule", "agent", "games", "wins then", "wins now", "games that differ",
                 "changed on purpose", "games/s then", "games/s now", "speed-up"), rows))
    if differ_total:
        raise SystemExit(f"DIFFERENT: {differ_total} games played otherwise than recorded")
    report.print("identical: every game played as recorded, but for the deliberate changes of reference/changes.json")
    report.finish()


if __name__ == "__main__":
    main()
