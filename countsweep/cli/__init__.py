"""The ``countsweep`` command line: one module per command, errors handled in one place.

Exit codes: 0 success; 2 usage; 3 unreadable or malformed input; 4 inconsistent
position; 5 a limit was hit; 6 refused to overwrite a file; 130 interrupted
(see :mod:`countsweep.errors`).
"""

from __future__ import annotations

import sys

import click

from countsweep.cli.check import check
from countsweep.cli.count import count
from countsweep.cli.export import export
from countsweep.cli.optimal import optimal
from countsweep.cli.play import play


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="countsweep")
def main() -> None:
    """Exact Minesweeper model counting: layouts and mine probabilities."""
    # exact counts are the point: print them whatever their length
    sys.set_int_max_str_digits(0)


for command in (count, check, export, play, optimal):
    main.add_command(command)

__all__ = ["main"]
