"""``countsweep check``: consistency, forced cells and uniqueness, by counting or incremental SAT.

Exit codes beside the usual: 4 when no layout fits, and with ``--unique`` 7
when more than one does (0 when exactly one does).
"""

from __future__ import annotations

import json
import sys
import time

import click

from countsweep.board import CLEARED, FLAG, HIDDEN, Board, Cell
from countsweep.check import METHODS
from countsweep.check import check as decide
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
from countsweep.clues import EXACT, ClueModel
from countsweep.counting import Limits
from countsweep.encode.cnf import ENCODINGS
from countsweep.encode.sat import NATIVE, CheckResult
from countsweep.errors import InconsistentError
from countsweep.files import display_name
from countsweep.rules import RuleSet

NOT_UNIQUE = 7
"""The exit code of ``check --unique`` when more than one layout fits."""


@click.command()
@click.argument("board")
@mines_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output.")
@click.option("--unique", is_flag=True,
              help="Is there exactly one layout? If not, show two that differ (exit 7).")
@click.option("--method", type=click.Choice(METHODS), default="auto", show_default=True,
              help="auto: count where that is cheap, else SAT; count or sat: one path only.")
@click.option("--encoding", type=click.Choice((NATIVE, *ENCODINGS)), default=NATIVE, show_default=True,
              help="native: cardinality constraints as they are (Minicard); else a PySAT encoding to clauses.")
@click.option("--timeout", type=Seconds(), default=None,
              help="Seconds before giving up (exit 5), inside SAT calls too.")
@click.option("--max-memory", type=click.IntRange(min=1, max=10**9), default=4096, show_default=True,
              help="Refuse (exit 5) an encoding estimated to need more MB than this.")
@click.option("--stats", is_flag=True, help="Print the method and SAT calls to standard error.")
@clues_option
@density_option
@handles_errors
def check(board: str, mines: int | None, as_json: bool, unique: bool, method: str, encoding: str,
          timeout: float | None, max_memory: int, stats: bool, clues: str, density: str | None) -> None:
    """Decide whether BOARD has a layout, list its forced cells, and with --unique whether it has exactly one.

    BOARD is a board (any topology) or a JSON rules payload.  Counting answers
    where it is cheap; elsewhere an incremental SAT solver with native
    cardinality constraints decides, the mine total bounding only the frontier.
    Under a noisy clue model a cell is forced when its posterior is 0 or 1; a
    density (for a board without a total) changes no posterior's support, so it
    changes no answer here.
    """
    position = load_position(board, mines)
    model = read_model(clues, density, position)[0] if isinstance(position, Board) else _exact(clues, density)
    limits = Limits(timeout=timeout, max_memory=max_memory * 2**20).started()
    progress = _Progress(board)
    with watchdog(timeout), about(board):
        r = decide(position, encoding, model, unique=unique, limits=limits, method=method, progress=progress)
    progress.close()
    if r.reason:
        r = CheckResult(**{**r.__dict__, "reason": f"{display_name(board)}: {r.reason}"})
    if stats:
        click.echo(f"stats: method {r.method}; {r.sat_calls} SAT calls", err=True)
    if as_json:
        out = r.to_dict()
        if isinstance(position, RuleSet):
            out = _named(out, position, r)
        click.echo(json.dumps(out))
    else:
        click.echo(_report(r, position))
    if not r.consistent:
        if as_json:  # the reason is in the JSON already: no second message
            sys.exit(InconsistentError.exit_code)
        raise InconsistentError(r.reason)
    if unique and not r.unique:
        sys.exit(NOT_UNIQUE)


def _exact(clues: str, density: str | None) -> ClueModel:
    if clues != "exact" or density is not None:
        raise click.UsageError("a rules payload is checked with exact rules (its mine_prob is its prior)")
    return EXACT


class _Progress:
    """A line on standard error while a long check runs (a terminal only): the SAT calls so far."""

    def __init__(self, board: str) -> None:
        self.board = display_name(board)
        self.start = time.monotonic()
        self.shown = 0.0
        self.drawn = False

    def __call__(self, calls: int) -> None:
        now = time.monotonic()
        if now - self.start < 2 or now - self.shown < 0.5 or not sys.stderr.isatty():
            return
        self.shown = now
        self.drawn = True
        click.echo(f"\r{self.board}: {calls} SAT calls, {now - self.start:.0f} s", err=True, nl=False)

    def close(self) -> None:
        if self.drawn:
            click.echo("", err=True)


def _name(cell: Cell, position: RuleSet) -> str:
    """A rule set's cell by name; the cells no rule names are ``_other/J``, as the export names them."""
    n = len(position.names)
    return position.names[cell[1]] if cell[1] < n else f"_other/{cell[1] - n}"


def _cells(cells: tuple[Cell, ...] | list, position: Board | RuleSet) -> str:
    if isinstance(position, RuleSet):
        return " ".join(_name(c, position) for c in cells) or "none"
    return " ".join(f"[{a}, {b}]" for a, b in cells) or "none"


def _report(r: CheckResult, position: Board | RuleSet) -> str:
    lines = [f"consistent: {'yes' if r.consistent else 'no'}"]
    if r.consistent:
        lines.append("safe: " + _cells(r.safe, position))
        lines.append("mines: " + _cells(r.mines_certain, position))
    if r.method == "count":
        lines.append("decided by: counting" + (f"; {r.sat_calls} SAT calls found the witness" if r.sat_calls else ""))
    else:
        lines.append(f"decided by: SAT, {r.sat_calls} calls")
    if r.unique is not None and r.consistent:
        lines.append(f"unique: {'yes' if r.unique else 'no'}")
        if r.witness is not None:
            for k, layout in enumerate(r.witness, 1):
                lines.append(f"\nlayout {k}:")
                lines.append(_layout(layout, position))
    return "\n".join(lines)


def _layout(mines: tuple[Cell, ...], position: Board | RuleSet) -> str:
    """A witness layout: a board solved (its mines flagged, every other cell its number), or the mines' names."""
    if isinstance(position, RuleSet):
        return "mines: " + _cells(mines, position)
    mine = set(mines)
    rows = []
    for r in range(position.height):
        row = []
        for c in range(position.width):
            v = position[r, c]
            if (r, c) in mine:
                row.append(FLAG)
            elif v in (HIDDEN, CLEARED):
                row.append(sum(1 for n in position.neighbours((r, c)) if n in mine))
            else:
                row.append(v)
        rows.append(tuple(row))
    return Board(tuple(rows), position.mines, None, position.topology).to_text()


def _named(out: dict, position: RuleSet, r: CheckResult) -> dict:
    """A rules payload's answer names its cells, as count does."""
    def names(cells: list) -> list[str]:
        return [_name(tuple(c), position) for c in cells]

    out = {**out, "safe": names(out["safe"]), "mines_certain": names(out["mines_certain"])}
    if "witness" in out:
        out["witness"] = [names(layout) for layout in out["witness"]]
    return out
