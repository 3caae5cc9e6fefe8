"""Same seed, same games: replay ``countsweep play --out`` records with this code, and time it.

Each file holds the records of one run (``--out FILE``, plain or gzipped); its
run is played again, game for game, on one core, and every game's outcome
(won, guesses, moves) is compared with the record.  ``benchmarks/reference/``
holds runs of version 0.1 (before the compiled kernel and the boxes): replaying
them checks that the speed work did not change how any agent plays, and gives
each run's games per second now and then.

    python -m benchmarks.identity [FILE ...] [--games N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

from benchmarks.common import machine, table
from countsweep.play.game import Settings
from countsweep.play.runs import play_one

REFERENCE = Path(__file__).resolve().parent / "reference"


def records(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="play --out records (default: benchmarks/reference/*)")
    ap.add_argument("--games", type=int, default=None, help="replay only the first N games of each run")
    args = ap.parse_args(argv)
    files = args.files or sorted(REFERENCE.glob("*.jsonl*"))
    print(f"machine: {machine()}; one core")
    rows, differ_total = [], 0
    for path in files:
        recs = sorted(records(path), key=lambda r: r["game"])[: args.games]
        run = recs[0]["run"]
        settings = Settings(run["width"], run["height"], run["mines"], run["rule"], run["first"])
        start = time.perf_counter()
        now = [play_one(settings, run["agent"], run["seed"], r["game"]) for r in recs]
        seconds = time.perf_counter() - start
        differ = [r["game"] for r, n in zip(recs, now, strict=True)
                  if (r["won"], r["guesses"], r["moves"]) != (n["won"], n["guesses"], n["moves"])]
        differ_total += len(differ)
        before = sum(r["seconds"] for r in recs)
        rows.append((path.name.split(".")[0], f"{settings.width}x{settings.height}x{settings.mines}", settings.rule,
                     run["agent"], len(recs), sum(r["won"] for r in recs), sum(n["won"] for n in now), len(differ),
                     f"{len(recs) / before:.1f}", f"{len(recs) / seconds:.1f}", f"{before / seconds:.1f}"))
    print(table(("run", "board", "rule", "agent", "games", "wins then", "wins now", "games that differ",
                 "games/s then", "games/s now", "speed-up"), rows))
    if differ_total:
        raise SystemExit(f"DIFFERENT: {differ_total} games played otherwise than recorded")
    print("identical: every game played as recorded")


if __name__ == "__main__":
    main()
