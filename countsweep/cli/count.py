"""``countsweep count``: layouts and mine probabilities of a board, a DIMACS file or a saved SDD."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from types import ModuleType

import click

from countsweep.board import Board
from countsweep.cli.common import (
    Seconds,
    about,
    clues_option,
    density_option,
    handles_errors,
    load_position,
    mines_option,
    read_model,
    watchdog,
)
from countsweep.clues import EXACT, ClueModel, parse_probability
from countsweep.counting import DEFAULT_BACKEND, Limits, backend_names, get_backend
from countsweep.counting.poly import decimal
from countsweep.counting.sdd import VTREES
from countsweep.errors import ParameterError
from countsweep.files import check_output, display_name, output_path, read_input
from countsweep.oracle import Analysis, analyze
from countsweep.render import report, rules_report
from countsweep.rules import RulesAnalysis, RuleSet, analyze_rules


@click.command()
@click.argument("board", required=False)
@mines_option
@click.option("--backend", type=click.Choice(backend_names()), default=DEFAULT_BACKEND, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@click.option("--exact", is_flag=True, help="With --json: also exact probabilities as 'num/den'.")
@click.option("--dimacs", type=str, default=None,
              help="Count a DIMACS CNF file instead of a board (honours 'c p show'/'c ind').")
@click.option("--timeout", type=Seconds(), default=None,
              help="Seconds before giving up (the whole position).")
@click.option("--max-cache", type=click.IntRange(min=1, max=10**12), default=None,
              help="Bound on component-cache entries (dpll).")
@click.option("--max-memory", type=click.IntRange(min=1, max=10**9), default=4096, show_default=True,
              help="Refuse (exit 5) a position estimated to need more MB than this.")
@click.option("--stats", is_flag=True, help="Print the counter's statistics to standard error.")
@click.option("--vtree", type=click.Choice(VTREES), default=VTREES[0], show_default=True,
              help="Vtree of the sdd backend.")
@click.option("--minimize", is_flag=True, help="sdd: dynamic vtree minimization.")
@click.option("--save-sdd", type=str, default=None,
              help="sdd: save the compiled position (board, vtree, diagrams) to one JSON FILE.")
@click.option("--force", is_flag=True, help="Overwrite files written by --save-sdd and --plot.")
@click.option("--load-sdd", type=str, default=None,
              help="Answer from a position saved with --save-sdd instead of a BOARD.")
@click.option("--plot", type=str, default=None,
              help="Also draw the probabilities as a heatmap to FILE (.png, .svg or .pdf).")
@clues_option
@density_option
@handles_errors
def count(board: str | None, mines: int | None, backend: str, as_json: bool, exact: bool, dimacs: str | None,
          timeout: float | None, max_cache: int | None, max_memory: int, stats: bool, vtree: str, minimize: bool,
          save_sdd: str | None, force: bool, load_sdd: str | None, plot: str | None, clues: str,
          density: str | None) -> None:
    """Count mine layouts of BOARD ('-' for stdin) and show each cell's mine probability.

    BOARD is a board in the text format (any topology: the header names it) or a
    JSON rules payload, minesweepr's: {"rules": [{"num_mines": k, "cells": [...]}],
    "total_cells": N, "total_mines": M}.
    """
    if sum(x is not None for x in (board, dimacs, load_sdd)) != 1:
        raise click.UsageError("give exactly one of BOARD, --dimacs FILE or --load-sdd FILE")
    if (clues != "exact" or density is not None) and board is None:
        raise click.UsageError("--clues and --density read a BOARD's numbers (a DIMACS file says its own weights)")
    if (clues != "exact" or density is not None) and (save_sdd or load_sdd):
        raise click.UsageError("--save-sdd and --load-sdd keep positions with exact clues only")
    if save_sdd and (backend != "sdd" or board is None):
        raise click.UsageError("--save-sdd needs --backend sdd and a BOARD")
    if plot is not None:
        if dimacs is not None:
            raise click.UsageError("--plot draws boards, not DIMACS formulas")
        suffixes = _plotting().SUFFIXES  # matplotlib is missed here, before any counting
        if Path(plot).suffix.lower() not in suffixes:
            raise click.UsageError(f"--plot FILE must end in {', '.join(suffixes)}")
        check_output(output_path(plot), force)
    if save_sdd:
        check_output(output_path(save_sdd), force)
    limits = Limits(timeout=timeout, max_cache=max_cache, max_memory=max_memory * 2**20).started()
    with watchdog(timeout):
        _count(board, mines, as_json, exact, dimacs, stats, vtree, minimize, save_sdd, force, load_sdd, plot,
               backend, limits, clues, density)


def _count(board: str | None, mines: int | None, as_json: bool, exact: bool, dimacs: str | None, stats: bool,
           vtree: str, minimize: bool, save_sdd: str | None, force: bool, load_sdd: str | None, plot: str | None,
           backend: str, limits: Limits, clues: str, density: str | None) -> None:
    options: dict[str, object] = {"vtree": vtree, "minimize": minimize} if backend == "sdd" else {}
    engine = get_backend(backend, **options)
    # the compiled kernel keeps no statistics and no component cache: --stats and --max-cache ask
    # the Python implementation, whose search they describe
    implementation = "python" if stats or limits.max_cache is not None else "auto"

    if dimacs is not None:
        from countsweep.encode import dimacs as dimacs_format

        formula, factor = dimacs_format.read_weighted(io.StringIO(read_input(dimacs)), display_name(dimacs))
        with about(dimacs):  # a limit reached names the file, as every error does
            counts = engine.count(formula, limits, plain=True)  # counts and marginals, not by true variables
        weighted = formula.weighted
        if as_json:
            click.echo(json.dumps({**counts.to_dict(factor if weighted else None), "variables": formula.num_vars}))
        elif weighted:
            w = counts.count * factor
            click.echo(f"weighted models (projected on {len(counts.variables)} variables): "
                       f"{decimal(w.numerator)}/{decimal(w.denominator)} (about {float(w):.6g})")
        else:
            click.echo(f"models (projected on {len(counts.variables)} variables): {decimal(counts.count)}")
        shown: object = getattr(engine, "stats", None)
    else:
        position = None if board is None else load_position(board, mines)  # read once: stdin is read once
        if isinstance(position, RuleSet):
            assert board is not None
            answer = _rules(board, position, engine, limits, clues, density, plot, save_sdd)
            click.echo(json.dumps(answer.to_dict(exact)) if as_json else rules_report(answer))
            if stats:
                click.echo(f"stats: {getattr(engine, 'stats', None) or 'none for this backend'}", err=True)
            return
        a, shown = _analysis(board, position, load_sdd, engine, limits, save_sdd, force, vtree, minimize, clues,
                             density, implementation)
        if plot:
            _plot(a, Path(plot), force)
        click.echo(json.dumps(a.to_dict(exact)) if as_json else report(a))
    if stats:
        click.echo(f"stats: {shown if shown is not None else 'none for this backend'}", err=True)


def _analysis(board: str | None, position: Board | None, load_sdd: str | None, engine: object, limits: Limits,
              save_sdd: str | None, force: bool, vtree: str, minimize: bool, clues: str,
              density: str | None, implementation: str = "auto") -> tuple[Analysis, object]:
    """The analysis of a board file or a saved SDD, and the statistics ``--stats`` shows."""
    if load_sdd is not None:
        from countsweep.compiled import CompiledPosition

        loaded = CompiledPosition.load(Path(load_sdd), read_input(load_sdd))
        return loaded.analysis(), loaded.stats
    assert board is not None and position is not None
    model: ClueModel = EXACT
    prior = None
    if clues != "exact" or density is not None:
        model, prior = read_model(clues, density, position)
    with about(board):
        if save_sdd:
            from countsweep.compiled import CompiledPosition

            compiled = CompiledPosition(position, vtree=vtree, minimize=minimize)
            a = compiled.analysis()
            compiled.save(Path(save_sdd), force=force)
            return a, compiled.stats
        a = analyze(position, engine, limits, clues=model, density=prior,  # type: ignore[arg-type]
                    implementation=implementation)
        return a, getattr(engine, "stats", None)


def _rules(path: str, rules: RuleSet, engine: object, limits: Limits, clues: str, density: str | None,
           plot: str | None, save_sdd: str | None) -> RulesAnalysis:
    """The answer for a rules payload (minesweepr's JSON: countsweep.rules)."""
    if clues != "exact" or plot or save_sdd:
        raise click.UsageError("a rules payload is counted with exact rules; --clues, --plot and --save-sdd "
                               "read boards")
    if density is not None:
        if rules.total_mines is not None:
            raise ParameterError("--density is a prior for rules without a mine total; this payload has one")
        rules = dataclasses.replace(rules, mine_prob=parse_probability(density, "--density"))
    with about(path):
        return analyze_rules(rules, engine, limits)  # type: ignore[arg-type]


def _plotting() -> ModuleType:
    """:mod:`countsweep.plot`, loaded only when a plot is asked for (matplotlib is an extra)."""
    try:
        import countsweep.plot as plotting
    except ImportError:
        raise ParameterError("--plot needs matplotlib: pip install 'countsweep[plot]'") from None
    return plotting


def _plot(a: Analysis, path: Path, force: bool) -> None:
    _plotting().save(a, path, force=force)
