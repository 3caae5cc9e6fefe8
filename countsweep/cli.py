"""The ``countsweep`` command line.

Exit codes: 0 success; 2 usage; 3 unreadable or malformed input; 4 inconsistent
position; 5 a limit was hit; 6 refused to overwrite a file (see
:mod:`countsweep.errors`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import signal
import sys
from fractions import Fraction
from pathlib import Path

import click

from countsweep.backend import Limits, backend_names, get_backend
from countsweep.board import Board
from countsweep.errors import CountsweepError, InputError


def _fail(exc: CountsweepError) -> None:
    click.echo(f"countsweep: error: {exc}", err=True)
    sys.exit(exc.exit_code)


def handles_errors(fn):
    """Turn countsweep's errors into one-line messages and documented exit codes."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except CountsweepError as exc:
            _fail(exc)
        except KeyboardInterrupt:
            click.echo("countsweep: interrupted", err=True)
            sys.exit(130)

    return wrapper


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` is standard input), or an :class:`InputError`."""
    name = "<stdin>" if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(f"{name}: binary data, not text (NUL byte at offset {nul})")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


@contextlib.contextmanager
def about(path: str):
    """Prefix errors raised inside with the input's name, so every message says where."""
    name = display_name(path)
    try:
        yield
    except CountsweepError as exc:
        if str(exc).startswith(f"{name}:"):
            raise
        raise type(exc)(f"{name}: {exc}") from None


def load_board(path: str, mines: int | None) -> Board:
    text = read_text(path)
    with about(path):
        return Board.from_text(text, mines=mines)


def _cells(cells) -> list[list[int]]:
    return [[r, c] for r, c in cells]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="countsweep")
def main() -> None:
    """Exact Minesweeper model counting: layouts and mine probabilities."""


mines_option = click.option("--mines", type=click.IntRange(min=0), default=None,
                             help="Total mines on the board (overrides the header).")


@main.command()
@click.argument("board", required=False)
@mines_option
@click.option("--backend", type=click.Choice(backend_names()), default="dpll", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@click.option("--exact", is_flag=True, help="With --json: also exact probabilities as 'num/den'.")
@click.option("--dimacs", type=str, default=None,
              help="Count a DIMACS CNF file instead of a board (honours 'c p show'/'c ind').")
@click.option("--timeout", type=click.FloatRange(min=0), default=None, help="Seconds before giving up.")
@click.option("--max-cache", type=click.IntRange(min=1), default=None,
              help="Bound on component-cache entries (dpll).")
@click.option("--stats", is_flag=True, help="Print the counter's statistics to standard error.")
@click.option("--vtree", type=click.Choice(["frontier", "balanced", "right", "left"]),
              default="frontier", show_default=True, help="Vtree of the sdd backend.")
@click.option("--minimize", is_flag=True, help="sdd: dynamic vtree minimization.")
@click.option("--save-sdd", type=str, default=None,
              help="sdd: save the compiled position (board, vtree, diagrams) to one JSON FILE.")
@click.option("--force", is_flag=True, help="Overwrite files written by --save-sdd.")
@click.option("--load-sdd", type=str, default=None,
              help="Answer from a position saved with --save-sdd instead of a BOARD.")
@click.option("--plot", type=str, default=None,
              help="Also draw the probabilities as a heatmap to FILE (.png, .svg or .pdf).")
@handles_errors
def count(board, mines, backend, as_json, exact, dimacs, timeout, max_cache, stats, vtree,
          minimize, save_sdd, force, load_sdd, plot) -> None:
    """Count mine layouts of BOARD ('-' for stdin) and show each cell's mine probability."""
    if sum(x is not None for x in (board, dimacs, load_sdd)) != 1:
        raise click.UsageError("give exactly one of BOARD, --dimacs FILE or --load-sdd FILE")
    if load_sdd is not None:
        from countsweep.render import report
        from countsweep.sdd import CompiledPosition

        if not Path(load_sdd).exists():
            raise InputError(f"{load_sdd}: no such file")
        with about(load_sdd):
            a = CompiledPosition.load(Path(load_sdd)).analysis()
        click.echo(json.dumps(analysis_json(a, exact, "sdd")) if as_json else report(a))
        return
    if save_sdd and (backend != "sdd" or dimacs is not None):
        raise click.UsageError("--save-sdd needs --backend sdd and a BOARD")
    if plot is not None:
        if dimacs is not None:
            raise click.UsageError("--plot draws boards, not DIMACS formulas")
        if Path(plot).suffix.lower() not in (".png", ".svg", ".pdf"):
            raise click.UsageError("--plot FILE must end in .png, .svg or .pdf")
        if Path(plot).exists() and not force:
            from countsweep.errors import OverwriteRefused

            raise OverwriteRefused(f"{plot}: file exists (use --force to overwrite)")
    limits = Limits(timeout=timeout, max_cache=max_cache)
    if backend == "sdd":
        from countsweep.sdd import SddCounter

        engine = SddCounter(vtree=vtree, minimize=minimize)
    else:
        engine = get_backend(backend)
    if dimacs is not None:
        _count_dimacs(dimacs, engine, limits, as_json)
    else:
        from countsweep.oracle import analyze
        from countsweep.render import report

        pos = load_board(board, mines)
        with about(board):
            if save_sdd:
                from countsweep.sdd import CompiledPosition

                compiled = CompiledPosition(pos, vtree=vtree, minimize=minimize)
                a = compiled.analysis()
            else:
                a = analyze(pos, engine, limits)
        if save_sdd:
            compiled.save(Path(save_sdd), force=force)
        if plot:
            from countsweep.plot import save as save_plot

            save_plot(a, Path(plot))
        if as_json:
            click.echo(json.dumps(analysis_json(a, exact, engine.name)))
        else:
            click.echo(report(a))
    if stats:
        shown = compiled.stats if save_sdd else getattr(engine, "stats", "none for this backend")
        click.echo(f"stats: {shown}", err=True)


def analysis_json(a, exact: bool, backend: str) -> dict:
    grid = a.grid()
    out = {
        "width": a.board.width,
        "height": a.board.height,
        "mines": a.board.mines,
        "count": str(a.count),
        "count_scope": "layouts" if a.mines_known else "frontier",
        "backend": backend,
        "probabilities": [[None if p is None else float(p) for p in row] for row in grid],
        "safe": _cells(a.safe),
        "mines_certain": _cells(a.mines_certain),
        "frontier": len(a.frontier),
        "sea": len(a.sea),
        "components": a.components,
    }
    if exact:
        out["exact"] = [[None if p is None else f"{p.numerator}/{p.denominator}" for p in row]
                        for row in grid]
    return out


def _count_dimacs(path: str, engine, limits: Limits, as_json: bool) -> None:
    import io

    from countsweep import dimacs

    formula = dimacs.read(io.StringIO(read_text(path)), "<stdin>" if path == "-" else path)
    counts = engine.count(formula, limits)
    if as_json:
        total = counts.count
        click.echo(json.dumps({
            "count": str(total),
            "variables": formula.num_vars,
            "projection": list(counts.variables),
            "marginals": {str(v): str(sum(m[1])) for v, m in zip(counts.variables, counts.marginals, strict=True)},
            "probabilities": {str(v): (float(Fraction(sum(m[1]), total)) if total else None)
                              for v, m in zip(counts.variables, counts.marginals, strict=True)},
        }))
    else:
        scope = "projected on " + str(len(counts.variables)) + " variables"
        click.echo(f"models ({scope}): {counts.count}")


@main.command()
@click.argument("board")
@click.option("-o", "--output", required=True, help="Output .cnf file ('-' for stdout).")
@mines_option
@click.option("--encoding", default=None, help="PySAT cardinality encoding (default: measured best).")
@click.option("--no-total", is_flag=True, help="Leave out the global mine-total constraint.")
@click.option("--components", is_flag=True,
              help="One file per independent component (OUTPUT.componentN.cnf), local constraints only.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@handles_errors
def export(board, output, mines, encoding, no_total, components, force) -> None:
    """Export BOARD as DIMACS CNF projected on the cell variables."""
    from countsweep import cnf, dimacs

    encoding = encoding or cnf.DEFAULT_ENCODING
    if encoding not in cnf.ENCODINGS:
        raise click.BadParameter(f"choose from {', '.join(cnf.ENCODINGS)}", param_hint="--encoding")
    pos = load_board(board, mines)
    if components:
        if output == "-":
            raise click.UsageError("--components writes several files: give a file name")
        with about(board):
            encs = cnf.encode_components(pos, encoding)
        base = Path(output)
        targets = [base.with_name(f"{base.stem}.component{i}{base.suffix or '.cnf'}")
                   for i in range(len(encs))]
        texts = [dimacs.render(e, f"component {i} of {len(encs)}") for i, e in enumerate(encs)]
    else:
        targets = [Path(output)]
        with about(board):
            texts = [dimacs.render(cnf.encode(pos, encoding, total=not no_total))]
    if output == "-":
        click.echo(texts[0], nl=False)
        return
    if not force:
        for t in targets:
            if t.exists():
                from countsweep.errors import OverwriteRefused

                raise OverwriteRefused(f"{t}: file exists (use --force to overwrite)")
    for t, text in zip(targets, texts, strict=True):
        dimacs.write_atomic(t, text, force=force)
    click.echo(f"wrote {len(targets)} file{'s' * (len(targets) != 1)}: "
               + ", ".join(map(str, targets[:3])) + (" ..." if len(targets) > 3 else ""), err=True)


@main.command()
@click.argument("board")
@mines_option
@click.option("--json", "as_json", is_flag=True)
@click.option("--encoding", default=None, help="PySAT cardinality encoding.")
@handles_errors
def check(board, mines, as_json, encoding) -> None:
    """Decide consistency of BOARD and list the forced cells (incremental SAT)."""
    from countsweep import cnf
    from countsweep.errors import InconsistentError
    from countsweep.sat import check as sat_check

    r = sat_check(load_board(board, mines), encoding or cnf.DEFAULT_ENCODING)
    reason = f"{display_name(board)}: {r.reason}" if r.reason else ""
    if as_json:
        click.echo(json.dumps({"consistent": r.consistent, "safe": _cells(r.safe),
                               "mines_certain": _cells(r.mines_certain), "sat_calls": r.sat_calls,
                               **({"reason": reason} if reason else {})}))
    else:
        click.echo(f"consistent: {'yes' if r.consistent else 'no'}")
        if r.consistent:
            click.echo("safe: " + (" ".join(f"[{a}, {b}]" for a, b in r.safe) or "none"))
            click.echo("mines: " + (" ".join(f"[{a}, {b}]" for a, b in r.mines_certain) or "none"))
        click.echo(f"SAT calls: {r.sat_calls}")
    if not r.consistent:
        if as_json:
            sys.exit(InconsistentError.exit_code)
        raise InconsistentError(reason)


@main.command()
@click.option("--level", type=click.Choice(["beginner", "intermediate", "expert"]), default=None,
              help="Standard level (default expert).")
@click.option("--size", default=None, help="Custom board WIDTHxHEIGHTxMINES.")
@click.option("--rule", type=click.Choice(["unsafe", "safe", "opening"]), default="safe",
              show_default=True, help="First-click rule.")
@click.option("--first", default="corner", show_default=True,
              help="First click: corner, center, random or R,C.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes; results do not depend on it.")
@click.option("--agent", "agent_name", type=click.Choice(["best", "greedy", "greedy-nototal"]),
              default="best", show_default=True,
              help="best: lookahead and endgame search; greedy: safest cell; greedy-nototal: ignores the total.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with the summary.")
@click.option("--show", is_flag=True, help="Play one game move by move, printing each guess.")
@click.option("--out", default=None, help="Append per-game JSONL records here; rerun to resume.")
@handles_errors
def play(level, size, rule, first, games, seed, workers, agent_name, as_json, show, out) -> None:
    """Play seeded games with an agent and report the win rate with its 95% interval."""
    import time

    from tqdm import tqdm

    from countsweep.game import Settings
    from countsweep.play import fingerprint, load_records, run, summarize

    if level and size:
        raise click.UsageError("give --level or --size, not both")
    try:
        settings = Settings.parse(level, size, rule, first)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if show:
        _show_game(settings, agent_name, seed)
        return
    fp = fingerprint(settings, agent_name, seed)
    done = load_records(Path(out), fp) if out else {}
    todo = [i for i in range(games) if i not in done]
    records = [done[i] for i in sorted(done) if i < games]
    start = time.perf_counter()
    bar = tqdm(total=games, initial=len(records), unit="game", disable=None, file=sys.stderr,
               desc=f"{settings.width}x{settings.height}x{settings.mines} {rule}")
    stop: list[bool] = []

    def ask_stop(signum, frame) -> None:
        # the first Ctrl-C only asks: a KeyboardInterrupt raised at an arbitrary point
        # can land where Python swallows it (a finalizer) and the run goes on for ever
        if stop:
            raise KeyboardInterrupt
        stop.append(True)

    with contextlib.ExitStack() as stack:
        stack.callback(signal.signal, signal.SIGINT, signal.getsignal(signal.SIGINT))
        signal.signal(signal.SIGINT, ask_stop)
        sink = stack.enter_context(Path(out).open("a")) if out else None
        stack.callback(bar.close)
        try:
            for rec in run(settings, agent_name, seed, todo, workers):
                records.append(rec)
                if sink:
                    # one flushed line per game: an interrupted run loses nothing
                    sink.write(json.dumps({**rec, "run": fp}) + "\n")
                    sink.flush()
                wins = sum(r["won"] for r in records)
                bar.set_postfix(win=f"{wins / len(records):.1%}", refresh=False)
                bar.update(1)
                if stop:
                    break
        except KeyboardInterrupt:
            stop.append(True)
    interrupted = bool(stop)
    elapsed = time.perf_counter() - start
    new = len(records) - len(done)
    summary = summarize(settings, records, elapsed, agent=agent_name, seed=seed, workers=workers,
                        interrupted=interrupted, resumed=len(done))
    summary["games_per_second"] = new / elapsed if elapsed > 0 else 0.0
    if as_json:
        click.echo(json.dumps(summary))
    else:
        click.echo(
            f"{settings.describe()}, agent {agent_name}, seed {seed}"
            + (" (interrupted)" if interrupted else "") + "\n"
            f"games {summary['games']}  wins {summary['wins']}  win rate {summary['win_rate']:.1%}"
            f"  95% CI [{summary['ci_low']:.1%}, {summary['ci_high']:.1%}]\n"
            f"guesses per game {summary['guesses_per_game']:.2f}  "
            f"games per second {summary['games_per_second']:.1f} ({workers} worker"
            f"{'s' * (workers != 1)}" + (f", {len(done)} resumed from {out}" if done else "") + ")")
    if interrupted:
        sys.exit(130)


def _show_game(settings, agent_name: str, seed: int) -> None:
    from countsweep.agent import make_agent, play_game
    from countsweep.play import deal
    from countsweep.render import percent

    game, first, agent_seed = deal(settings, seed, 0)
    click.echo(f"{settings.describe()}: first click [{first[0]}, {first[1]}]")

    def trace(board, move) -> None:
        if move.guess:
            click.echo(board.to_text(header=False))
            click.echo(f"guess [{move.cell[0]}, {move.cell[1]}] with mine probability "
                       f"{move.probability} ({percent(move.probability)}%), rule: {move.rule}\n")

    rec = play_game(game, make_agent(agent_name), first=first, seed=agent_seed, trace=trace)
    click.echo(game.view().to_text(header=False))
    click.echo(f"{'won' if rec.won else 'lost'} after {rec.moves} moves and {rec.guesses} guesses")


@main.command()
@click.argument("target")
@click.option("--rule", type=click.Choice(["unsafe", "safe", "opening"]), default="safe",
              show_default=True, help="First-click rule (games only).")
@click.option("--first", default="best", show_default=True,
              help="First click R,C, or 'best' to evaluate every first cell.")
@mines_option
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Stop with exit code 5 after this many distinct positions.")
@click.option("--json", "as_json", is_flag=True)
@handles_errors
def optimal(target, rule, first, mines, limit, as_json) -> None:
    """Exact optimal win probability of a game TARGET=WxHxM or of a position file TARGET."""
    import re
    import time

    from countsweep.optimal import solve_game, solve_position

    start = time.perf_counter()
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*[xX]\s*(\d+)\s*", target)

    def frac(p) -> str:
        return f"{p.numerator}/{p.denominator}"

    if m:
        w, h, k = map(int, m.groups())
        if w * h > 30:
            raise click.UsageError("exact optimal play is for boards of at most 30 cells")
        cell = None
        if first != "best":
            fm = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", first)
            if not fm or not (int(fm.group(1)) < h and int(fm.group(2)) < w):
                raise click.UsageError(f"--first {first!r} is not 'best' or R,C on the board")
            cell = (int(fm.group(1)), int(fm.group(2)))
        try:
            sol = solve_game(w, h, k, rule, cell, limit)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        secs = time.perf_counter() - start
        if as_json:
            click.echo(json.dumps({
                "width": w, "height": h, "mines": k, "rule": rule, "optimal": frac(sol.value),
                "optimal_float": float(sol.value), "greedy": frac(sol.greedy),
                "greedy_float": float(sol.greedy), "states": sol.states, "seconds": secs,
                "first_moves": [{"cell": list(mv.cell), "optimal": frac(mv.optimal),
                                 "greedy": frac(mv.greedy)} for mv in sol.moves]}))
            return
        click.echo(f"{w}x{h}x{k}, rule {rule}: optimal {frac(sol.value)} = {float(sol.value):.4%}, "
                   f"greedy {frac(sol.greedy)} = {float(sol.greedy):.4%}")
        click.echo("first click      optimal        greedy   (one cell per symmetry class)")
        for mv in sorted(sol.moves, key=lambda mv: -mv.optimal):
            click.echo(f"  [{mv.cell[0]}, {mv.cell[1]}]  {float(mv.optimal):>12.4%}  "
                       f"{float(mv.greedy):>12.4%}")
        click.echo(f"{sol.states} positions, {secs:.2f} s")
        return
    pos = load_board(target, mines)
    if pos.width * pos.height > 30:
        raise click.UsageError("exact optimal play is for boards of at most 30 cells")
    with about(target):
        try:
            sol = solve_position(pos, limit)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
    secs = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({
            "optimal": frac(sol.value), "optimal_float": float(sol.value),
            "greedy": frac(sol.greedy), "greedy_float": float(sol.greedy),
            "states": sol.states, "seconds": secs,
            "moves": [{"cell": list(c), "mine_probability": frac(p), "value": frac(v)}
                      for c, p, v in sol.moves]}))
        return
    click.echo(f"optimal {frac(sol.value)} = {float(sol.value):.4%}, "
               f"greedy {frac(sol.greedy)} = {float(sol.greedy):.4%}")
    click.echo("cell        mine p   value if opened, then optimal")
    for c, p, v in sorted(sol.moves, key=lambda t: -t[2]):
        click.echo(f"  [{c[0]}, {c[1]}]  {float(p):>8.2%}  {float(v):>10.4%}")
    click.echo(f"{sol.states} positions, {secs:.2f} s")
