"""``countsweep export``: a board as DIMACS CNF, projected on its cell variables.

Under a noisy clue model or a density prior the file is a projected weighted
instance (``c t pwmc``): see :mod:`countsweep.encode.cnf`.
"""

from __future__ import annotations

from pathlib import Path

import click

from countsweep.cli.common import (
    about,
    clues_option,
    density_option,
    handles_errors,
    load_position,
    mines_option,
    read_model,
)
from countsweep.encode import cnf, dimacs
from countsweep.files import output_path, write_outputs
from countsweep.rules import RuleSet


@click.command()
@click.argument("board")
@click.option("-o", "--output", required=True, help="Output .cnf file ('-' for stdout).")
@mines_option
@click.option("--encoding", type=click.Choice(tuple(cnf.ENCODINGS)), default=cnf.DEFAULT_ENCODING,
              show_default=True, help="PySAT cardinality encoding.")
@click.option("--no-total", is_flag=True, help="Leave out the global mine-total constraint.")
@click.option("--components", is_flag=True,
              help="One file per independent component (OUTPUT.componentN.cnf), local constraints only.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@clues_option
@density_option
@handles_errors
def export(board: str, output: str, mines: int | None, encoding: str, no_total: bool, components: bool,
           force: bool, clues: str, density: str | None) -> None:
    """Export BOARD as DIMACS CNF projected on the cell variables (weighted under --clues or --density).

    BOARD may be a JSON rules payload (count's): its named cells, then the cells
    no rule names, are the variables.
    """
    if components and output == "-":
        raise click.UsageError("--components writes several files: give a file name")
    if components and (clues != "exact" or density is not None):
        raise click.UsageError("--components writes exact positions only; a weighted position is one file")
    position = load_position(board, mines)
    if isinstance(position, RuleSet):
        if components or clues != "exact" or density is not None:
            raise click.UsageError("a rules payload is exported whole and exact (its mine_prob is its prior)")
        with about(board):
            texts = [dimacs.render(cnf.encode_model(position.model(), position.names, encoding, not no_total,
                                                    position.mine_prob))]
        _write([output_path(output)], texts, output, force)
        return
    model, prior = read_model(clues, density, position)
    if components:
        with about(board):
            encs = cnf.encode_components(position, encoding)
        base = output_path(output)
        targets = [base.with_name(f"{base.stem}.component{i}{base.suffix or '.cnf'}") for i in range(len(encs))]
        texts = [dimacs.render(e, f"component {i} of {len(encs)}") for i, e in enumerate(encs)]
    else:
        targets = [output_path(output)]
        with about(board):
            texts = [dimacs.render(cnf.encode(position, encoding, total=not no_total, clues=model, density=prior))]
    _write(targets, texts, output, force)


def _write(targets: list[Path], texts: list[str], output: str, force: bool) -> None:
    if output == "-":
        click.echo(texts[0], nl=False)
        return
    write_outputs(list(zip(targets, texts, strict=True)), force)  # all or none
    click.echo(f"wrote {len(targets)} file{'s' * (len(targets) != 1)}: "
               + ", ".join(map(str, targets[:3])) + (" ..." if len(targets) > 3 else ""), err=True)
