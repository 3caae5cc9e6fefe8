"""CNF size of every PySAT encoding on positions from real play, and count preservation.

Prints, per encoding, the total variables, clauses and DIMACS bytes over the
positions, with and without the global mine total; the default encoding of
``countsweep.encode.cnf`` is the smallest count-preserving one by clauses with the total.

    python -m benchmarks.card_encodings [--games N]
"""

from __future__ import annotations

import argparse

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.encode.cnf import COUNT_PRESERVING, ENCODINGS, encode
from countsweep.encode.dimacs import render
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--every", type=int, default=8)
    arguments(ap, "card_encodings")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.card_encodings", argv, args)
    boards = []
    for w, h, m in LEVELS.values():
        boards += from_play(Settings(w, h, m, "safe", "corner"), args.games, seed=7, every=args.every)
    report.print(f"machine: {machine()}; {len(boards)} positions from greedy play, all levels, rule safe, "
          "first click corner")
    rows = []
    for enc_name in ENCODINGS:
        v = c = size = vn = cn = 0
        for b in boards:
            e = encode(b, enc_name)
            v, c, size = v + e.num_vars, c + len(e.clauses), size + len(render(e))
            e = encode(b, enc_name, total=False)
            vn, cn = vn + e.num_vars, cn + len(e.clauses)
        rows.append((enc_name, "yes" if COUNT_PRESERVING[enc_name] else "no", v, c, size // 1024, vn, cn))
    report.print(table(("encoding", "count-preserving", "vars", "clauses", "KiB", "vars, no total",
                        "clauses, no total"), rows))
    best = min((c, n) for n, preserving, _, c, *_ in rows if preserving == "yes")
    report.print(f"smallest count-preserving encoding (clauses, with total): {best[1]}")
    report.finish()


if __name__ == "__main__":
    main()
