"""``countsweep check``: consistency and forced cells by incremental SAT."""

from __future__ import annotations

import dataclasses
import json
import sys

import click

from countsweep.cli.common import clues_option, density_option, handles_errors, load_board, mines_option, read_model
from countsweep.encode.cnf import DEFAULT_ENCODING, ENCODINGS
from countsweep.encode.sat import check as sat_check
from countsweep.errors import InconsistentError
from countsweep.files import display_name


@click.command()
@click.argument("board")
@mines_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@click.option("--encoding", type=click.Choice(tuple(ENCODINGS)), default=DEFAULT_ENCODING, show_default=True,
              help="PySAT cardinality encoding.")
@clues_option
@density_option
@handles_errors
def check(board: str, mines: int | None, as_json: bool, encoding: str, clues: str, density: str | None) -> None:
    """Decide consistency of BOARD and list the forced cells (incremental SAT).

    Under a noisy clue model a cell is forced when its posterior is 0 or 1; a
    density (for a board without a total) changes no posterior's support, so it
    changes no answer here.
    """
    position = load_board(board, mines)
    model, _ = read_model(clues, density, position)
    r = sat_check(position, encoding, model)
    if r.reason:
        r = dataclasses.replace(r, reason=f"{display_name(board)}: {r.reason}")
    if as_json:
        click.echo(json.dumps(r.to_dict()))
    else:
        click.echo(f"consistent: {'yes' if r.consistent else 'no'}")
        if r.consistent:
            click.echo("safe: " + (" ".join(f"[{a}, {b}]" for a, b in r.safe) or "none"))
            click.echo("mines: " + (" ".join(f"[{a}, {b}]" for a, b in r.mines_certain) or "none"))
        click.echo(f"SAT calls: {r.sat_calls}")
    if not r.consistent:
        if as_json:  # the reason is in the JSON already: no second message
            sys.exit(InconsistentError.exit_code)
        raise InconsistentError(r.reason)
