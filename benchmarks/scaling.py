"""Growth of counting time and memory with size on families where enumeration is exponential.

Families (``countsweep.play.generators``): ``band`` (middle row revealed, one mine per
column above or below), ``corridor`` (the same with 30% density), ``dense``
(square boards at 22% mines with 60% of the safe cells opened), and ``gapped``
(a band at 40% mines whose middle row shows every other number, the cells between
hidden: one component that propagation does not split) without the mine total, and
``gapped-total`` with it.  For each size:
time of the ``dpll`` backend (the Python implementation) with its component and
cache statistics, the peak memory Python allocated for the count (tracemalloc,
a second run), the same two for ``analyze`` as it chooses (the compiled
kernel, or the Python implementation where the kernel declines a part: one
past ``PLAIN_CELLS`` cells without a total, past ``MAX_CELLS`` or its rows'
budget with one), the brute-force reference until it refuses or times out,
and Ganak on the exported CNF (mine total included, projected) in a child
process with a time limit.  A long thin component is counted along a path
(``countsweep.counting.path``, ``kernel/path.c``): a band's time and memory
grow linearly with its length.

    python -m benchmarks.scaling [--family band] [--sizes 25,100,400,1000,3000] [--no-ganak]
"""

from __future__ import annotations

import argparse
import tempfile
import tracemalloc
from pathlib import Path

from benchmarks.common import ganak, machine, table, timed
from benchmarks.results import Report, arguments
from countsweep.counting import Limits
from countsweep.counting.brute import BruteCounter
from countsweep.counting.dpll import DpllCounter
from countsweep.encode.cnf import encode
from countsweep.encode.dimacs import render
from countsweep.errors import LimitExceeded
from countsweep.oracle import analyze, clear_count_cache
from countsweep.play.generators import band, corridor, gapped_band, midgame

FAMILIES = {
    "band": (lambda n: band(n, seed=n), "25,100,400,1000,1600,3000"),
    "corridor": (lambda n: corridor(n, 0.3, seed=n), "25,50,100,200,400,1000"),
    "dense": (lambda n: midgame(n, n, 0.22, 0.6, seed=n), "10,20,40,70,100"),
    "gapped": (lambda n: gapped_band(n, 0.4, seed=n, total=False), "25,100,400,1000,3000"),
    "gapped-total": (lambda n: gapped_band(n, 0.4, seed=n), "25,50,100,200,400,800"),
}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", choices=sorted(FAMILIES), default="band")
    ap.add_argument("--sizes", default=None)
    ap.add_argument("--timeout", type=float, default=30.0, help="brute force and Ganak, seconds")
    ap.add_argument("--no-ganak", action="store_true")
    arguments(ap, "scaling")
    args = ap.parse_args(argv)
    if args.save == "scaling" and args.family != "band":  # a bare --save: each family its own section
        args.save = f"scaling-{args.family}"
    report = Report.of("benchmarks.scaling", argv, args)
    make, default_sizes = FAMILIES[args.family]
    sizes = [int(s) for s in (args.sizes or default_sizes).split(",")]
    report.print(f"machine: {machine()}; family {args.family}")
    rows = []
    brute_alive = True
    ganak_alive = not args.no_ganak
    for n in sizes:
        board = make(n)
        counter = DpllCounter()
        t_dpll, a = timed(lambda b=board, c=counter: analyze(b, c, implementation="python"))
        st = counter.stats  # summed over the position's components
        clear_count_cache()
        tracemalloc.start()
        analyze(board, DpllCounter(), implementation="python")
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        clear_count_cache()
        t_auto, chosen = timed(lambda b=board: analyze(b))
        clear_count_cache()
        tracemalloc.start()  # the kernel's arena is PyMem's, which tracemalloc follows
        analyze(board)
        auto_peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        auto = f"{t_auto:.3g}" + ("" if chosen.implementation == "kernel" else " (python)")
        brute = "-"
        if brute_alive:
            try:
                t, _ = timed(lambda b=board: analyze(b, BruteCounter(), Limits(timeout=args.timeout)))
                brute = f"{t:.3g}"
            except LimitExceeded as exc:
                brute = "gave up"
                brute_alive = False
                del exc
        g = "-"
        if ganak_alive:
            with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as fh:
                fh.write(render(encode(board)))
            secs, count = ganak(fh.name, args.timeout)
            Path(fh.name).unlink()
            if secs is None:
                g = f"> {args.timeout:g}"
                ganak_alive = False
            else:
                g = f"{secs:.3g}" + ("" if count == a.count else " WRONG")
        assert chosen.count == a.count
        for key, value in (("python_s", f"{t_dpll:.3g}"), ("python_mb", f"{peak:.0f}"), ("analyze_s", f"{t_auto:.3g}"),
                           ("analyze_mb", f"{auto_peak:.0f}")):  # the prose quotes a size's times and memory
            report.figure(f"n{n}_{key}", value)
        rows.append((n, len(board.hidden()), a.components, len(str(a.count)), f"{t_dpll:.3g}", f"{peak:.1f}",
                     st.decisions, f"{st.hit_rate:.0%}", st.max_component, auto, f"{auto_peak:.1f}", brute, g))
    report.print(table(("size", "cells", "components", "count digits", "dpll s", "peak MB", "decisions",
                 "cache hits", "largest comp", "analyze s", "analyze MB", "brute s", "Ganak s"), rows))
    base = {r[0]: float(r[4]) for r in rows}
    if 100 in base and 400 in base:
        report.print(f"time(400) / time(100) = {base[400] / base[100]:.1f}")
    report.finish()


if __name__ == "__main__":
    main()
