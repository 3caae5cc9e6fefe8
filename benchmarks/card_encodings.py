"""CNF size of every PySAT encoding on positions from real play, and count preservation.

Prints, per encoding, the total variables, clauses and DIMACS bytes over the
positions, with and without the global mine total; the default encoding of
``countsweep.cnf`` is the smallest count-preserving one by clauses with the total.

    python benchmarks/card_encodings.py [--games N]
"""

from __future__ import annotations

import argparse

from countsweep.cnf import COUNT_PRESERVING, ENCODINGS, encode
from countsweep.dimacs import render
from countsweep.families import from_play
from countsweep.game import LEVELS, Settings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--every", type=int, default=8)
    args = ap.parse_args()
    boards = []
    for w, h, m in LEVELS.values():
        boards += from_play(Settings(w, h, m, "safe", "corner"), args.games, seed=7, every=args.every)
    print(f"{len(boards)} positions from greedy play, all levels, rule safe, first click corner")
    print(f"{'encoding':<12} {'preserving':>10} {'vars':>9} {'clauses':>9} {'KiB':>7}"
          f" {'vars-nt':>9} {'clauses-nt':>10}")
    rows = []
    for enc_name in ENCODINGS:
        v = c = size = vn = cn = 0
        for b in boards:
            e = encode(b, enc_name)
            v, c, size = v + e.num_vars, c + len(e.clauses), size + len(render(e))
            e = encode(b, enc_name, total=False)
            vn, cn = vn + e.num_vars, cn + len(e.clauses)
        rows.append((c, enc_name))
        print(f"{enc_name:<12} {'yes' if COUNT_PRESERVING[enc_name] else 'no':>10} {v:>9} {c:>9}"
              f" {size // 1024:>7} {vn:>9} {cn:>10}")
    best = min((c, n) for c, n in rows if COUNT_PRESERVING[n])
    print(f"smallest count-preserving encoding (clauses, with total): {best[1]}")


if __name__ == "__main__":
    main()
