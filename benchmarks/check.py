"""Deciding against counting, side by side in one run: ``check`` no slower than ``count`` at any size.

Boards: positions from seeded expert play; random layouts at 20% mines with a
few numbers revealed (30x30 to 100x100); lattices, every third cell revealed
(row-major) where safe, whose numbers overlap into one component that is hard
to count and easy to decide.  For each: ``count`` (the exact oracle, stopped
at ``--cap`` seconds), ``check`` (count where cheap, else SAT: its method and
SAT calls), ``check --method sat`` alone, and, as the peer, an independent SAT
backbone written here: PySAT's Minicard with every number and the whole mine
total as native cardinality constraints over every hidden cell, one call per
cell not yet seen both ways, stopped at ``--cap`` seconds too.  Every forced
set is checked equal.

    python -m benchmarks.check [--cap 60] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from pysat.solvers import Solver

from benchmarks.common import machine, table
from benchmarks.results import Report, arguments
from countsweep.board import Board
from countsweep.check import check
from countsweep.constraints import Constraints
from countsweep.counting import Limits
from countsweep.errors import LimitExceeded
from countsweep.oracle import analyze, clear_count_cache
from countsweep.play.game import LEVELS, Settings
from countsweep.play.generators import from_play, lattice, sparse


def peer_backbone(board: Board, cap: float) -> tuple[tuple, tuple, int] | None:
    """Forced cells by a plain Minicard backbone: every cell a variable, the total one AtMost pair.

    None when it passes ``cap`` seconds (the solver interrupted).
    """
    model = Constraints.of(board)
    cells = list(model.hidden)
    var = {c: i for i, c in enumerate(cells, 1)}
    s = Solver(name="minicard")
    for eq in model.equations:
        lits = [var[c] for c in eq.cells]
        s.add_atmost(lits, eq.value)
        s.add_atmost([-x for x in lits], len(lits) - eq.value)
    if model.mines_left is not None:
        s.add_atmost(list(var.values()), model.mines_left)
        s.add_atmost([-x for x in var.values()], len(cells) - model.mines_left)
    timer = threading.Timer(cap, s.interrupt)
    timer.start()
    try:
        return _backbone(s, var)
    finally:
        timer.cancel()
        s.delete()


def _backbone(s: Solver, var: dict) -> tuple[tuple, tuple, int] | None:
    calls = 1
    if s.solve_limited(expect_interrupt=True) is None:
        return None
    first = {abs(x): x > 0 for x in s.get_model()}
    open_ = set(var.values())
    forced = {}
    for c, v in var.items():
        if v not in open_:
            continue
        calls += 1
        found = s.solve_limited(assumptions=[-v if first[v] else v], expect_interrupt=True)
        if found is None:
            return None
        if found:
            seen = {abs(x): x > 0 for x in s.get_model()}
            open_ -= {u for u in open_ if seen[u] != first[u]}
        else:
            forced[c] = first[v]
            open_.discard(v)
    return (tuple(sorted(c for c, m in forced.items() if not m)), tuple(sorted(c for c, m in forced.items() if m)),
            calls)


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def row(name: str, boards: list[Board], cap: float) -> tuple:
    counts, checks, sats, peers, calls, methods = [], [], [], [], [], set()
    for board in boards:
        clear_count_cache()
        try:
            t, a = timed(lambda b=board: analyze(b, limits=Limits(timeout=cap)))
            counts.append(t)
            want = (a.safe, a.mines_certain)  # type: ignore[attr-defined]
        except LimitExceeded:
            counts.append(float("inf"))
            want = None
        t, r = timed(lambda b=board: check(b))
        checks.append(t)
        methods.add(r.method)
        calls.append(r.sat_calls)
        t, rs = timed(lambda b=board: check(b, method="sat"))
        sats.append(t)
        t, peer = timed(lambda b=board: peer_backbone(b, cap))
        peers.append(t if peer is not None else float("inf"))
        assert (r.safe, r.mines_certain) == (rs.safe, rs.mines_certain)
        assert peer is None or peer[:2] == (r.safe, r.mines_certain)
        assert want is None or want == (r.safe, r.mines_certain)
    med = statistics.median

    def show(seconds: float) -> str:
        return f"> {cap:g}" if seconds == float("inf") else f"{seconds:.3g}"

    hidden = med(len(b.hidden_cells) for b in boards)
    return (name, len(boards), f"{hidden:.0f}", show(med(counts)), show(max(counts)), f"{med(checks):.3g}",
            f"{max(checks):.3g}", "/".join(sorted(methods)), f"{med(calls):.0f}", f"{med(sats):.3g}",
            show(med(peers)))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=60.0, help="seconds before count is stopped")
    ap.add_argument("--games", type=int, default=2, help="seeded expert games to take positions from")
    ap.add_argument("--seeds", type=int, default=2, help="random boards of each kind")
    arguments(ap, "check")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.check", argv, args)
    report.print(f"machine: {machine()}; count stopped at {args.cap:g} s; seconds, medians (and the slowest)")
    w, h, m = LEVELS["expert"]
    rows = [row("expert positions from play", from_play(Settings(w, h, m, "safe", "corner"), args.games, seed=7),
                args.cap)]
    for n, mines, numbers in ((30, 180, 30), (60, 720, 60), (100, 2000, 100)):
        rows.append(row(f"{n}x{n}, {mines} mines, {numbers} numbers",
                        [sparse(n, n, mines, numbers, seed=s) for s in range(args.seeds)], args.cap))
    for n in (30, 31, 45, 60, 61, 70):
        rows.append(row(f"lattice {n}x{n}", [lattice(n, n, 0.2, seed=s) for s in range(1, args.seeds + 1)], args.cap))
    decided = [float(r[6]) for r in rows if r[7] == "sat"]
    if decided:  # the prose quotes the slowest board only SAT decided
        report.figure("slowest_sat", f"{max(decided):.2g}")
    report.print(table(("board", "boards", "hidden", "count", "count max", "check", "check max", "method", "SAT calls",
                 "check --method sat", "Minicard backbone (peer)"), rows))
    report.finish()


if __name__ == "__main__":
    main()
