"""The ``countsweep`` command line: one module per command, errors handled in one place.

Exit codes: 0 success; 2 usage; 3 unreadable or malformed input; 4 inconsistent
position; 5 a limit was hit; 6 refused to overwrite a file; 130 interrupted
(see :mod:`countsweep.errors`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from countsweep.cli.check import check
from countsweep.cli.count import count
from countsweep.cli.export import export
from countsweep.cli.optimal import optimal
from countsweep.cli.play import play
from countsweep.cli.serve import serve

# click 8.2 and later: the group called without a command is a usage error whose message is the help
_NO_ARGS: type[click.UsageError] = getattr(click.exceptions, "NoArgsIsHelpError",
                                           type("_Never", (click.UsageError,), {}))


class _Commands(click.Group):
    """The command group, with click's usage errors as one line like every other error."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            # not standalone: click returns --help's and --version's exit code instead of exiting
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS as exc:  # the group alone: its help, as click shows it
            click.echo(exc.format_message(), err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            ctx = getattr(exc, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            click.echo(f"countsweep: error: {exc.format_message()}{where}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("countsweep: interrupted", err=True)
            sys.exit(130)
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)  # standalone, as click's own: always exits


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="countsweep")
def main() -> None:
    """Exact Minesweeper model counting: layouts and mine probabilities."""
    # exact counts are the point: print them whatever their length
    sys.set_int_max_str_digits(0)


for command in (count, check, export, play, optimal, serve):
    main.add_command(command)

__all__ = ["main"]
