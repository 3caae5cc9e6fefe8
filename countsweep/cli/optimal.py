"""``countsweep optimal``: exact optimal and greedy win probabilities of small games and positions."""

from __future__ import annotations

import json
import re
import time
from fractions import Fraction
from pathlib import Path

import click

from countsweep.board import parse_cell
from countsweep.cli.common import about, handles_errors, load_board, mines_option
from countsweep.errors import ParameterError
from countsweep.play.game import FIRST_CLICK_RULES, Settings
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
@click.option("--topology", default="square", show_default=True,
              help="The game's topology, as play takes it (games only; a 3D game's size is WxHxDxM; a "
                   "position file's header names its own).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@handles_errors
def optimal(target: str, rule: str, first: str, mines: int | None, limit: int | None, topology: str,
            as_json: bool) -> None:
    """Exact optimal win probability of a game TARGET=WxHxM or of a position file TARGET."""
    start = time.perf_counter()
    settings = _game(target, rule, topology)
    if settings is not None:
        cell = None if first == "best" else parse_cell(first, settings.width, settings.height)
        sol = solve_game(settings.width, settings.height, settings.mines, rule, cell, limit,
                         settings.topology_model)
        spec = settings.topology
        game = settings.size() + ("" if spec == "square" else f", topology {spec}")
    else:
        if topology != "square":
            raise ParameterError("--topology is for games (WxHxM): a position file's header names its topology")
        position = load_board(target, mines)
        with about(target):
            sol = solve_position(position, limit)
        spec, game = position.topology.spec(), ""
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({**sol.to_dict(), "topology": spec, "seconds": seconds}))
    else:
        click.echo(_report(sol, seconds, game))


def _game(target: str, rule: str, topology: str) -> Settings | None:
    """The game ``target`` names as a size (``WxHxM``, or ``WxHxDxM`` in 3D) on ``topology``, or
    None where it is no size: a position file."""
    try:
        return Settings.parse(None, target, rule, "corner", topology=topology)
    except ParameterError:
        if _SIZE_LIKE.fullmatch(target.strip()) and not Path(target).exists():
            raise  # a size it cannot read, or a game it cannot deal, not a file it cannot find
        return None  # not a size: a position file


def _report(sol: Solution, seconds: float, game: str) -> str:
    """The text report; ``game``: a game's size and topology as its first line names them ('' for a position)."""
    def frac(p: Fraction) -> str:
        return f"{p.numerator}/{p.denominator}"

    what = f"{game}, rule {sol.rule}: " if game else ""
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
