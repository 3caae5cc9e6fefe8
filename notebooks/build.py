"""Write the notebooks from the cell sources below and execute them in place.

    python notebooks/build.py            # small parameters, as CI runs them
    python notebooks/build.py --no-run   # write only

The first code cell of each notebook holds its parameters; larger values
reproduce the full tables of the docs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent

PROBABILITIES = [
    ("md", """# Mine probabilities, exactly

countsweep reproduces the worked examples of the Swedish thesis (Umeå, 2000)
and shows the counting idea of the Japanese article next to the exact oracle.
Every number below is an exact `Fraction`; the pictures are `countsweep.plot.draw`."""),
    ("code", """# parameters
EXPERT_SEED = 3
GAMES = 6          # expert games searched for a position"""),
    ("code", """from fractions import Fraction as F
from math import comb
import matplotlib.pyplot as plt
from countsweep import Board, analyze
from countsweep.plot import draw

examples = {
    "section 2, example 1 (island of 8, 5 mines)": "6x6x5\\n??????\\n??????\\n??1???\\n??????\\n??????\\n??????",
    "section 2, example 2 (a 1 and a 2, 10 mines)": "6x6x10\\n??????\\n??1???\\n??????\\n??2???\\n??????\\n??????",
    "section 2, example 3 (4x4, 3 mines)": "4x4x3\\n1???\\n????\\n??2?\\n????",
    "section 3, example 3 (three islands)": "4x4x3\\n1???\\n???1\\n????\\n????",
}
results = {name: analyze(Board.from_text(text)) for name, text in examples.items()}
fig, axes = plt.subplots(1, 4, figsize=(18, 4.2))
for ax, (name, a) in zip(axes, results.items()):
    draw(a, ax=ax, title=name)
plt.show()"""),
    ("md", """The thesis' fractions against countsweep's (cells `[row, col]`):"""),
    ("code", """checks = [
    ("ex 2.1 island cell", results["section 2, example 1 (island of 8, 5 mines)"].probability((1, 1)), F(1, 8)),
    ("ex 2.1 outside", results["section 2, example 1 (island of 8, 5 mines)"].probability((5, 5)), F(4, 27)),
    ("ex 2.2 middle row", results["section 2, example 2 (a 1 and a 2, 10 mines)"].probability((2, 2)), F(7, 61)),
    ("ex 2.2 bottom cells", results["section 2, example 2 (a 1 and a 2, 10 mines)"].probability((4, 2)), F(101, 305)),
    ("ex 2.2 top cells", results["section 2, example 2 (a 1 and a 2, 10 mines)"].probability((0, 2)), F(8, 61)),
    ("ex 2.2 outside", results["section 2, example 2 (a 1 and a 2, 10 mines)"].probability((5, 5)), F(64, 183)),
    ("ex 2.3 p6", results["section 2, example 3 (4x4, 3 mines)"].probability((1, 1)), F(2, 5)),
    ("ex 2.3 p2", results["section 2, example 3 (4x4, 3 mines)"].probability((0, 1)), F(3, 10)),
    ("ex 2.3 p3", results["section 2, example 3 (4x4, 3 mines)"].probability((0, 2)), F(1, 10)),
    ("ex 2.3 p7", results["section 2, example 3 (4x4, 3 mines)"].probability((1, 2)), F(8, 35)),
    ("ex 3.3 first island", results["section 3, example 3 (three islands)"].probability((0, 1)), F(1, 3)),
    ("ex 3.3 second island", results["section 3, example 3 (three islands)"].probability((0, 2)), F(1, 5)),
    ("ex 3.3 third island", results["section 3, example 3 (three islands)"].probability((3, 3)), F(1, 6)),
]
print(f"{'example':<22}{'countsweep':>12}{'thesis':>10}")
for name, ours, theirs in checks:
    print(f"{name:<22}{str(ours):>12}{str(theirs):>10}  {'same' if ours == theirs else 'DIFFERENT'}")
assert all(ours == theirs for _, ours, theirs in checks)"""),
    ("md", """## The Japanese article's counting idea

The article enumerates the assignments of the frontier ("patterns") and weights
each by the binomial number of ways to place the remaining mines on the
unconstrained cells. That is exactly the oracle's combination
`sum_k P[k] * C(sea, L - k)`, with the enumeration replaced by decomposition and
caching. Below, on a position from an expert game, the article's method
(enumeration, here over one component at a time) against the oracle; and what
happens without the binomial weights (every pattern counted once)."""),
    ("code", """from countsweep.play.generators import from_play
from countsweep.play.game import Settings
from countsweep.constraints import Constraints
from countsweep.counting.brute import BruteCounter
from countsweep.counting.dpll import DpllCounter
from countsweep.counting.poly import evaluate

def naive_error(b):
    # how far counting each frontier pattern once is from the exact answer
    m = Constraints.of(b)
    c = DpllCounter().count(m.components[0].formula(boxes=False))
    ex = analyze(b).probabilities
    return max(abs(evaluate(mm, 1) / evaluate(c.total, 1) - float(ex[cell]))
               for cell, mm in zip(m.components[0].cells, c.marginals))

boards = from_play(Settings(30, 16, 99, "safe", "corner"), games=GAMES, seed=EXPERT_SEED)
candidates = [b for b in boards if 8 <= len(Constraints.of(b).frontier) <= 30 and len(Constraints.of(b).components) == 1]
board = max(candidates, key=naive_error)
model = Constraints.of(board)
comp = model.components[0]
patterns = BruteCounter().count(comp.formula(boxes=False))          # enumeration of frontier patterns
sea, left = len(model.sea), model.mines_left
weighted = {}
unweighted = {}
def C(n, k):
    return comb(n, k) if 0 <= k <= n else 0

total_w = sum(c * C(sea, left - k) for k, c in enumerate(patterns.total[1], patterns.total[0]))
total_u = evaluate(patterns.total, 1)
for cell, m in zip(comp.cells, patterns.marginals):
    weighted[cell] = F(sum(c * C(sea, left - k) for k, c in enumerate(m[1], m[0])), total_w)
    unweighted[cell] = F(evaluate(m, 1), total_u)
exact = analyze(board)
worst = max(abs(float(unweighted[c] - exact.probabilities[c])) for c in comp.cells)
print(f"{len(comp.cells)} frontier cells, {len(model.sea)} sea cells, {left} mines left")
print("binomially weighted patterns == exact oracle:", all(weighted[c] == exact.probabilities[c] for c in comp.cells))
print(f"unweighted patterns differ from the exact probabilities by up to {worst:.3f}")
fig, axes = plt.subplots(1, 1, figsize=(12, 6))
draw(exact, ax=axes, title="the position, exact probabilities")
plt.show()"""),
]

COUNTING = [
    ("md", """# Counting: encodings, external counters, scaling

Sizes and count preservation of every PySAT cardinality encoding; countsweep
against Ganak (pyganak) on the `cnf/` corpus; growth of counting time on the
band family."""),
    ("code", """# parameters
GAMES = 1                 # games per level for the encoding table (docs: 2)
TABLE_LEVELS = ["beginner", "intermediate"]   # docs: the three, expert too
GANAK_TIMEOUT = 2.0       # seconds per corpus instance (docs: 30)
CORPUS_INSTANCES = 6      # how many corpus instances to race (all: 29)
BAND_SIZES = [25, 50, 100, 200]   # docs: up to 1000"""),
    ("code", """import json, time, io, subprocess, sys
from pathlib import Path
import matplotlib.pyplot as plt
import pyganak
from countsweep import Board, analyze
from countsweep.encode.cnf import ENCODINGS, COUNT_PRESERVING, encode
from countsweep.encode.dimacs import render, read
from countsweep.play.generators import from_play, band
from countsweep.play.game import LEVELS, Settings

root = Path.cwd().parent if Path.cwd().name == "notebooks" else Path.cwd()
boards = []
for w, h, m in (LEVELS[name] for name in TABLE_LEVELS):
    boards += from_play(Settings(w, h, m, "safe", "corner"), GAMES, seed=7, every=8)

def ganak(num_vars, clauses, projection=None):
    c = pyganak.Counter(); c.new_vars(max(num_vars, 1))
    for cl in clauses: c.add_clause(list(cl))
    if projection: c.set_sampling_set(list(projection))
    return c.count()

small = Board.from_text("5x3x4\\n?????\\n?3?2?\\n?????")
rows = []
for name in ENCODINGS:
    clauses = sum(len(encode(b, name).clauses) for b in boards)
    e = encode(small, name)
    proj, unproj = ganak(e.num_vars, e.clauses, e.projection), ganak(e.num_vars, e.clauses)
    rows.append((name, clauses, proj, unproj, COUNT_PRESERVING[name]))
print(f"{len(boards)} positions from play; small board count = {analyze(small).count}")
print(f"{'encoding':<12}{'clauses':>10}{'projected':>11}{'unprojected':>24}  claimed count-preserving")
for r in rows:
    print(f"{r[0]:<12}{r[1]:>10}{r[2]:>11}{r[3]:>24}  {r[4]}")
assert all((r[2] == r[3]) == r[4] for r in rows)"""),
    ("code", """manifest = json.loads((root / "cnf" / "manifest.json").read_text())["instances"]
chosen = sorted(manifest, key=lambda m: m["clauses"])[:CORPUS_INSTANCES]
worker = '''
import sys, time, pyganak
from countsweep.encode import dimacs
f = dimacs.read(open(sys.argv[1]), sys.argv[1])
c = pyganak.Counter(); c.new_vars(max(f.num_vars, 1))
for card in f.constraints: c.add_clause(list(card.lits))
c.set_sampling_set(list(f.projection)); t = time.perf_counter(); n = c.count()
print(time.perf_counter() - t, n)
'''
race = []
for inst in chosen:
    board = Board.from_text((root / "cnf" / inst["board"]).read_text())
    t = time.perf_counter(); ours = analyze(board).count; t_ours = time.perf_counter() - t
    try:
        out = subprocess.run([sys.executable, "-c", worker, str(root / "cnf" / inst["cnf"])],
                             capture_output=True, text=True, timeout=GANAK_TIMEOUT)
        secs, count = out.stdout.strip().splitlines()[-1].split()
        t_ganak, same = float(secs), int(count) == ours
    except subprocess.TimeoutExpired:
        t_ganak, same = None, None
    race.append((inst["name"], inst["hidden"], t_ours, t_ganak, same))
print(f"{'instance':<24}{'cells':>6}{'countsweep s':>14}{'Ganak s':>12}  same count")
for name, cells, a, g, same in race:
    print(f"{name:<24}{cells:>6}{a:>14.4f}{(f'{g:.3f}' if g is not None else f'> {GANAK_TIMEOUT:g}'):>12}  {same}")"""),
    ("code", """from countsweep.counting.dpll import DpllCounter
times, hits = [], []
for n in BAND_SIZES:
    counter = DpllCounter()
    t = time.perf_counter(); a = analyze(band(n, seed=n), counter); times.append(time.perf_counter() - t)
    hits.append(counter.stats.hit_rate)
fig, ax = plt.subplots(figsize=(6, 4))
ax.loglog(BAND_SIZES, times, "o-", label="countsweep dpll")
ax.loglog(BAND_SIZES, [times[0] * n / BAND_SIZES[0] for n in BAND_SIZES], "--", label="linear")
ax.set_xlabel("band length n (2n hidden cells)"); ax.set_ylabel("seconds"); ax.legend()
ax.set_title("band family: counting time")
plt.show()
for n, t, h in zip(BAND_SIZES, times, hits):
    print(f"n={n:<5} {t:.3f} s  cache hits {h:.0%}")"""),
]

PLAY = [
    ("md", """# Playing: win rates against the source documents

The greedy agent (certain moves first, then the lowest exact mine probability)
under each document's rules, with Wilson 95% intervals. Where the rules differ
from the source, the text says so."""),
    ("code", """# parameters
SWEDISH_GAMES = 2000      # docs: 20000
JAPANESE_GAMES = 60       # docs: 1000
RUTGERS_GAMES = 60        # per mine count; docs: 500
UNCERTAIN_GAMES = 60      # per density and clue model; docs: 2000
WORKERS = 2"""),
    ("code", """import matplotlib.pyplot as plt
from countsweep.play.game import Settings
from countsweep.play.runs import run
from countsweep.intervals import wilson
from countsweep.play.optimal import solve_game

def rate(settings, games, agent="greedy", seed=7):
    recs = list(run(settings, agent, seed, list(range(games)), WORKERS))
    wins = sum(r["won"] for r in recs)
    return wins / games, *wilson(wins, games)"""),
    ("md", """## Swedish thesis: 4x4 (first click may be a mine)

The thesis simulated 4000 games per row; its 95% intervals are ±1.1 to ±1.5
points. countsweep also gives the greedy policy's exact value (`countsweep.play.optimal`)."""),
    ("code", """thesis = {(3, "random"): 0.67575, (3, "corner"): 0.70150, (2, "random"): 0.81775, (2, "corner"): 0.84750}
weights = {(0, 0): 4, (0, 1): 8, (1, 1): 4}
print(f"{'mines':>5} {'first':>7} {'thesis':>8} {'simulated':>10} {'95% CI':>17} {'exact greedy':>13}")
for (m, first), theirs in thesis.items():
    p, lo, hi = rate(Settings(4, 4, m, "unsafe", first), SWEDISH_GAMES)
    sol = solve_game(4, 4, m, "unsafe")
    exact = (sum(mv.greedy * weights[mv.cell] for mv in sol.moves) / 16 if first == "random"
             else next(mv.greedy for mv in sol.moves if mv.cell == (0, 0)))
    print(f"{m:>5} {first:>7} {theirs:>8.2%} {p:>10.2%}  [{lo:.2%}, {hi:.2%}] {float(exact):>12.2%}")"""),
    ("md", """## Japanese article: three levels, first click opens an area

The article's agent won 95% (950/1000) of beginner, 82.3% (823/1000) of
intermediate and 42% (42/100) of expert games; its first click and neighbours
are mine-free (rule `opening`); we click the centre."""),
    ("code", """levels = [("beginner", (9, 9, 10), 0.95, 1000), ("intermediate", (16, 16, 40), 0.823, 1000), ("expert", (30, 16, 99), 0.42, 100)]
for name, (w, h, m), theirs, n in levels:
    p, lo, hi = rate(Settings(w, h, m, "opening", "center"), JAPANESE_GAMES)
    tlo, thi = wilson(round(theirs * n), n)
    print(f"{name:<13} article {theirs:.1%} [{tlo:.1%}, {thi:.1%}]   countsweep {p:.1%} [{lo:.1%}, {hi:.1%}]")"""),
    ("md", """With the small default sample the intervals are wide. At 1000 games per level
(docs, `python -m benchmarks.agents`), countsweep's greedy agent wins 96.9% [95.6, 97.8]
of beginner, 87.3% [85.1, 89.2] of intermediate and 50.8% [47.7, 53.9] of expert
games (expert first click at (3, 3)). Beginner agrees with the article's 95%.
Intermediate is higher than the article's 82.3% [79.8, 84.5], and the intervals
do not overlap: the article's agent marks mines and safe cells by local rules and
estimates probabilities from the patterns it enumerates over the cells next to
the opened area, and its first-click cell is not stated; countsweep's
probabilities are exact over the whole board. Expert: the article played only 100
games, and its interval [32.8, 51.8] reaches ours."""),
    ("md", """## Rutgers report: 8x8, win rate against the number of mines

The report gives about 40% at 14 mines, 20% at 16 and 12% at 18, for an agent
that did not know the total. We play both ways (`greedy` knows the total,
`greedy-nototal` counts with every layout size equally likely, so unconstrained
cells are 1/2), first click random and safe. The report's first-click rule is not
stated, and its agent guessed with a threshold rule, so only the trend compares."""),
    ("code", """mines = [6, 8, 10, 12, 14, 16, 18, 20]
curves = {}
for agent in ("greedy", "greedy-nototal"):
    curves[agent] = [rate(Settings(8, 8, k, "safe", "random"), RUTGERS_GAMES, agent) for k in mines]
fig, ax = plt.subplots(figsize=(7, 4.5))
for agent, pts in curves.items():
    ax.errorbar(mines, [p for p, _, _ in pts], yerr=[[p - lo for p, lo, _ in pts], [hi - p for p, _, hi in pts]],
                marker="o", capsize=3, label=f"countsweep {agent}")
ax.plot([14, 16, 18], [0.40, 0.20, 0.12], "ks", label="Rutgers report (approx.)")
ax.set_xlabel("mines on 8x8"); ax.set_ylabel("win rate"); ax.set_ylim(0, 1); ax.legend()
plt.show()"""),
    ("md", """Knowing the total helps most at low density, where it tells the agent how
empty the unconstrained cells are; without it the agent treats every
unconstrained cell as a coin toss and prefers frontier cells that are in fact
riskier. Near the report's points (14-18 mines) both curves come close to its
figures; the report's agent did not know the total either, guessed with a
risk threshold and an estimated density rather than exact probabilities, and its
first-click rule is not stated, so only the trend is comparable."""),
    ("md", """## Rutgers report: uncertain clues (each number shown with probability 0.8)

The report's bonus table: 8x8 boards at mine densities 0.10 to 0.30, clues
shown with probability 0.8, 500 games per cell. We play the same greedy agent
under exact clues and under `withheld:0.8` (a withheld number shows `-`), so only
the clues differ; the agent counts exactly under the model it is dealt. The
density gives the total `round(64 d)`, which the agent knows; the first click is
safe and random (the report's agent starts where it likes and leaves out games
lost within five moves; the second figure of each column leaves those out too).
`python -m experiments.uncertain` prints the full table."""),
    ("code", """report = {0.10: (82.3, 58.4), 0.15: (80.1, 26.2), 0.20: (45.9, 15.2), 0.25: (39.3, 6.5), 0.30: (29.7, 3.7)}
def rates(recs):
    kept = [r for r in recs if r["won"] or r["moves"] > 5]
    return [(sum(r["won"] for r in rs), len(rs)) for rs in (recs, kept)]
print(f"{'density':>7} {'mines':>5} | {'exact %':>22} {'early left out':>15} | {'withheld:0.8 %':>22} "
      f"{'early left out':>15} | report normal / uncertain")
points = {"exact": [], "withheld:0.8": []}
for d, (normal, uncertain) in report.items():
    m = round(64 * d)
    line = f"{d:>7.2f} {m:>5} |"
    for model in points:
        recs = list(run(Settings(8, 8, m, "safe", "random", model), "greedy", 2026, list(range(UNCERTAIN_GAMES)), WORKERS))
        (w, n), (wk, nk) = rates(recs)
        lo, hi = wilson(w, n)
        points[model].append((w / n, lo, hi))
        line += f" {100 * w / n:5.1f} [{100 * lo:5.1f}, {100 * hi:5.1f}] {100 * wk / max(nk, 1):15.1f} |"
    print(line, f"{normal} / {uncertain}")
fig, ax = plt.subplots(figsize=(7, 4.5))
ds = list(report)
for model, pts in points.items():
    ax.errorbar(ds, [p for p, _, _ in pts], yerr=[[p - lo for p, lo, _ in pts], [hi - p for p, _, hi in pts]],
                marker="o", capsize=3, label=f"countsweep greedy, {model}")
ax.plot(ds, [v[0] / 100 for v in report.values()], "ks--", label="report, normal")
ax.plot(ds, [v[1] / 100 for v in report.values()], "k^:", label="report, uncertain (0.8)")
ax.set_xlabel("mine density on 8x8"); ax.set_ylabel("win rate"); ax.set_ylim(0, 1); ax.legend()
plt.show()"""),
    ("md", """At 2000 games per cell (`python -m experiments.uncertain`, 722 s on two cores),
exact clues give 92.6, 74.7, 54.0, 29.5 and 13.3% and withheld clues 77.3, 40.9,
18.4, 5.9 and 1.3% at densities 0.10 to 0.30 (all games; with the games lost in
the first five moves left out, as the report does: 98.8, 89.9, 71.8, 44.6, 23.2
and 86.0, 54.0, 27.6, 10.6, 2.8). Exact posteriors win clearly more than the
report's agent at low density under both models; at 0.25 and 0.30 the report's
figures are higher than countsweep's over all games and close to them with
early losses left out. The report's intervals at 500 games are about ±4 points,
and its first-click rule is its own. Which numbers are withheld depends only on
a coin, not on the truth, so the withheld model needs no weights: countsweep
counts it exactly with the compiled kernel."""),
]

OPTIMAL = [
    ("md", """# Optimal play against greedy play, exactly

Nakov & Wei solved Minesweeper as an MDP on boards up to 4x4. `countsweep.play.optimal`
computes the optimal win probability exactly (a `Fraction`) and evaluates the
greedy policy the same way; rule `safe` (the first click is never a mine)."""),
    ("code", """# parameters
BOARDS = [(2, 2), (2, 3), (3, 3), (3, 4)]   # docs add (4, 4), (4, 5), (5, 5)
MAX_MINES = 6"""),
    ("code", """import time
import matplotlib.pyplot as plt
from countsweep import Board
from countsweep.play.optimal import solve_game, solve_position

rows = []
for w, h in BOARDS:
    for m in range(1, min(MAX_MINES, w * h - 1) + 1):
        t = time.perf_counter(); sol = solve_game(w, h, m, "safe"); secs = time.perf_counter() - t
        best = [mv.cell for mv in sol.moves if mv.optimal == sol.value]
        rows.append((f"{w}x{h}", m, sol.value, sol.greedy, best, sol.states, secs))
print(f"{'board':>5} {'mines':>5} {'optimal':>9} {'greedy':>9} {'best first cells':<24} {'positions':>9} {'s':>6}")
for b, m, v, g, best, st, s in rows:
    print(f"{b:>5} {m:>5} {float(v):>9.2%} {float(g):>9.2%} {' '.join(map(str, best)):<24} {st:>9} {s:>6.2f}")
assert all(v >= g for _, _, v, g, *_ in rows)"""),
    ("code", """fig, ax = plt.subplots(figsize=(7, 4.5))
for board in dict.fromkeys(r[0] for r in rows):
    pts = [r for r in rows if r[0] == board]
    ax.plot([r[1] for r in pts], [float(r[2]) for r in pts], "o-", label=f"{board} optimal")
    ax.plot([r[1] for r in pts], [float(r[3]) for r in pts], "x--", label=f"{board} greedy")
ax.set_xlabel("mines"); ax.set_ylabel("win probability"); ax.legend(ncol=2, fontsize=8)
plt.show()"""),
    ("md", """Nakov & Wei's 2x4 position (their figure 1): greedy wins 2/9, optimal play 1/3."""),
    ("code", """sol = solve_position(Board.from_text("4x2x3\\n????\\n?2?2"))
print("optimal", sol.value, " greedy", sol.greedy)
for mv in sol.moves:
    print(mv.cell, "mine probability", mv.mine_probability, " value if opened", mv.optimal)"""),
]

NOTEBOOKS = {"probabilities": PROBABILITIES, "counting": COUNTING, "play": PLAY, "optimal": OPTIMAL}


def make(cells) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
                for kind, src in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def execute(nb: nbformat.NotebookNode, timeout: int = 900) -> None:
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(HERE)}}).execute()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-run", action="store_true")
    ap.add_argument("names", nargs="*", default=list(NOTEBOOKS))
    args = ap.parse_args()
    for name in args.names:
        nb = make(NOTEBOOKS[name])
        if not args.no_run:
            execute(nb)
        nbformat.write(nb, HERE / f"{name}.ipynb")
        print("wrote", HERE / f"{name}.ipynb")


if __name__ == "__main__":
    main()
