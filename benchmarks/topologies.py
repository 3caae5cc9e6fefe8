"""Counting on every topology against the square grid, position for matched position, in one run.

For each topology, positions met in seeded greedy play on a board of 256
cells and 40 mines; for each, the square-grid position (from a pool of
positions of seeded play on 16x16 boards with 40 mines) with the nearest
number of hidden cells and of numbers.  Both are counted exactly
(``analyze``, best of ``--repeat`` calls each, taken in turn, the count cache
emptied before each);
the ratio is the topology's time over its square partner's; "ms (all)" sums
the positions' times, the slow tail included (what a game costs).  The last column
takes a second partner, the nearest in frontier cells and numbers: the same
work on the square grid, where the first partner's frontier may be half as
large (a 3D number sees 26 cells; a torus has no edge).  The kernel takes
every topology's neighbourhood table, so what differs is the shape of the
constraints: a hex number sees six cells, a 3D number twenty-six.

    python -m benchmarks.topologies [--games 8] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics

from benchmarks.common import best_time, machine, table
from benchmarks.results import Report, arguments
from countsweep.board import Board
from countsweep.oracle import analyze
from countsweep.play.game import Settings
from countsweep.play.generators import from_play

TOPOLOGIES = {
    "torus": ("torus", 16, 16),
    "hex": ("hex", 16, 16),
    "torus hex": ("torus hex", 16, 16),
    "3d (4 layers of 8x8)": ("3d:4", 8, 32),
    "knight": ("neighbourhood knight", 16, 16),
    "cross": ("neighbourhood cross", 16, 16),
}
MINES = 40


def shape(board: Board) -> tuple[int, int]:
    return len(board.hidden_cells), len(board.number_cells)


def paired_times(board: Board, partner: Board, repeat: int) -> tuple[float, float]:
    """The best of ``repeat`` calls on each of two positions, the calls taken in turn: the ratio of
    microsecond calls timed minutes apart moved by a fifth from run to run on this VM, with the
    machine's drift."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for k, b in enumerate((board, partner)):
            best[k] = min(best[k], best_time(lambda b=b: analyze(b), 1))
    return best[0], best[1]


def square_pool(games: int, seed: int) -> list[Board]:
    """The square grid's positions a partner is chosen from: seeded play on 16x16 boards with 40 mines."""
    return from_play(Settings(16, 16, MINES, "safe", "corner"), 6 * games, seed=seed)


def played(name: str, games: int, seed: int) -> list[Board]:
    """The positions of seeded greedy play on topology ``name`` (a key of :data:`TOPOLOGIES`)."""
    spec, width, height = TOPOLOGIES[name]
    return from_play(Settings(width, height, MINES, "safe", "corner", topology=spec), games, seed=seed)


def distance(board: Board, other: Board) -> int:
    """How far two positions are apart in hidden cells and numbers (the partner's distance)."""
    (h, n), (g, m) = shape(board), shape(other)
    return abs(h - g) + abs(n - m)


def partner(board: Board, pool: list[Board]) -> Board:
    """The square position of ``pool`` nearest ``board`` in hidden cells and numbers (the first of equals)."""
    return min(pool, key=lambda s: distance(s, board))


def frontier(board: Board) -> int:
    """The hidden cells some number sees: what the counting works on (a 3D number sees 26)."""
    return len(analyze(board).frontier)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8, help="seeded greedy games per topology")
    ap.add_argument("--repeat", type=int, default=5, help="calls per position; the best counts")
    ap.add_argument("--seed", type=int, default=2026)
    arguments(ap, "topologies")
    args = ap.parse_args(argv)
    report = Report.of("benchmarks.topologies", argv, args)
    report.print(f"machine: {machine()}; best of {args.repeat} calls; {MINES} mines on 256 cells")
    pool = square_pool(args.games, args.seed)
    square = [(shape(b), best_time(lambda b=b: analyze(b), args.repeat), b, frontier(b)) for b in pool]
    rows = [("square (the pool)", len(square), statistics.median(s[0][0] for s in square),
             statistics.median(s[0][1] for s in square), statistics.median(s[3] for s in square),
             f"{statistics.median(s[1] for s in square) * 1000:.3f}", f"{sum(s[1] for s in square) * 1000:.1f}",
             "", "1", "", "", "1")]
    for name in TOPOLOGIES:
        boards = played(name, args.games, args.seed)
        ratios, times, gaps, by_work = [], [], [], []
        for b in boards:
            n, f = shape(b)[1], frontier(b)
            near = partner(b, pool)
            t, u = paired_times(b, near, args.repeat)
            times.append(t)
            ratios.append(t / u)
            gaps.append(distance(near, b))
            # a second partner, as near in frontier cells and numbers: the same work on the grid
            alike = min(square, key=lambda s: abs(s[3] - f) + abs(s[0][1] - n))
            t, u = paired_times(b, alike[2], args.repeat)
            by_work.append(t / u)
        rows.append((name, len(boards), statistics.median(shape(b)[0] for b in boards),
                     statistics.median(shape(b)[1] for b in boards), statistics.median(frontier(b) for b in boards),
                     f"{statistics.median(times) * 1000:.3f}", f"{sum(times) * 1000:.1f}",
                     f"{statistics.median(gaps):.0f}", f"{statistics.median(ratios):.2f}",
                     f"{statistics.quantiles(ratios, n=4)[2]:.2f}" if len(ratios) > 1 else "", f"{max(ratios):.2f}",
                     f"{statistics.median(by_work):.2f}"))
    for r in rows[1:]:  # the prose quotes each topology's median ratios to the square grid
        key = str(r[0]).split(" (")[0].replace(" ", "_")
        report.figure(key + "_ratio", str(r[8]))
        report.figure(key + "_by_frontier", str(r[11]))
        report.figure(key + "_all_ms", str(r[6]))
    report.print(table(("topology", "positions", "hidden (median)", "numbers (median)", "frontier (median)",
                        "ms (median)", "ms (all)",
                 "partner's distance (median)", "median ratio to square", "p75 ratio", "max ratio",
                 "median ratio, partner by frontier"), rows))
    report.finish()


if __name__ == "__main__":
    main()
