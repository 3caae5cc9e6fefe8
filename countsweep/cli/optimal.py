"""``countsweep optimal``: exact optimal and greedy win probabilities of small games and positions."""

from __future__ import annotations

import json
import re
import time
from fractions import Fraction
from pathlib import Path

import click

from countsweep.board import parse_cell, parse_size
from countsweep.cli.common import about, handles_errors, load_board, mines_option
from countsweep.errors import ParameterError
from countsweep.play.game import FIRST_CLICK_RULES
from countsweep.play.optimal import Solution, solve_game, solve_position

_SIZE_LIKE = re.compile(r"[0-9]+\s*[xX]\s*[0-9]+(\s*[xX]\s*[0-9]+)*")
"""What a user means as a size, ``WxHxM``, even when it is not one countsweep reads."""


@click.command()
@click.argument("target")
@click.option("--rule", type=click.Choice(FIRST_CLICK_RULES), default="safe", show_default=True,
              help="First-click rule (games only).")
@click.option("--first", default="best", show_default=True,
              help="First click R,C, or 'best' to evaluate every first cell (games only).")
@mines_option
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Stop with exit code 5 after this many distinct positions.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@handles_errors
def optimal(target: str, rule: str, first: str, mines: int | None, limit: int | None, as_json: bool) -> None:
    """Exact optimal win probability of a game TARGET=WxHxM or of a position file TARGET."""
    start = time.perf_counter()
    try:
        size = parse_size(target, mines=True)
    except ParameterError:
        if _SIZE_LIKE.fullmatch(target) and not Path(target).exists():
            raise  # a size it cannot read, not a file it cannot find
        size = None  # not a size: a position file
    if size is not None:
        w, h, k = size
        assert k is not None  # mines=True requires it
        cell = None if first == "best" else parse_cell(first, w, h)
        sol = solve_game(w, h, k, rule, cell, limit)
    else:
        position = load_board(target, mines)
        with about(target):
            sol = solve_position(position, limit)
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({**sol.to_dict(), "seconds": seconds}))
    else:
        click.echo(_report(sol, seconds))


def _report(sol: Solution, seconds: float) -> str:
    def frac(p: Fraction) -> str:
        return f"{p.numerator}/{p.denominator}"

    game = sol.rule is not None
    what = f"{sol.width}x{sol.height}x{sol.mines}, rule {sol.rule}: " if game else ""
    lines = [f"{what}optimal {frac(sol.value)} = {float(sol.value):.4%}, "
             f"greedy {frac(sol.greedy)} = {float(sol.greedy):.4%}"]
    if game:
        lines.append("first click      optimal        greedy   (one cell per symmetry class)")
        lines += [f"  [{mv.cell[0]}, {mv.cell[1]}]  {float(mv.optimal):>12.4%}  {float(mv.greedy or 0):>12.4%}"
                  for mv in sorted(sol.moves, key=lambda mv: -mv.optimal)]
    else:
        lines.append("cell        mine p   value if opened, then optimal")
        lines += [f"  [{mv.cell[0]}, {mv.cell[1]}]  {float(mv.mine_probability):>8.2%}  {float(mv.optimal):>10.4%}"
                  for mv in sorted(sol.moves, key=lambda mv: -mv.optimal)]
    lines.append(f"{sol.states} positions, {seconds:.2f} s")
    return "\n".join(lines)
