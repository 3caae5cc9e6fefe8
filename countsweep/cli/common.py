"""What every command shares: error reporting, reading boards, common options.

Every :class:`~countsweep.errors.CountsweepError` becomes one line on standard
error, ``countsweep: error: <place>: <what>``, and the exit code the error
carries (:mod:`countsweep.errors`); Ctrl-C exits 130.  Anything else is a bug
and keeps its traceback.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import signal
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import click

from countsweep.board import Board
from countsweep.clues import ClueModel, parse_clues, parse_probability
from countsweep.errors import CountsweepError, InputError, LimitExceeded, ParameterError
from countsweep.files import display_name, naming, read_input
from countsweep.interrupts import raise_or_hold
from countsweep.rules import RuleSet
from countsweep.topology import Graph, load_graph

F = TypeVar("F", bound=Callable[..., Any])


def fail(exc: CountsweepError) -> None:
    click.echo(f"countsweep: error: {exc}", err=True)
    sys.exit(exc.exit_code)


def handles_errors(fn: F) -> F:
    """Turn countsweep's errors into one-line messages and documented exit codes."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CountsweepError as exc:
            fail(exc)
        except KeyboardInterrupt:
            click.echo("countsweep: interrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def about(path: str) -> contextlib.AbstractContextManager[None]:
    """Prefix errors raised inside with the input's name, so every message says where."""
    return naming(display_name(path))


@contextlib.contextmanager
def watchdog(seconds: float | None) -> Iterator[None]:
    """Stop whatever runs inside after ``seconds``, with :class:`~countsweep.errors.LimitExceeded` (exit 5).

    The counters check their deadline themselves; this covers every other phase
    (reading, building, combining, printing) at once: a timer signal raises in
    the main thread at its next step.  Files are written atomically, so one
    stopped mid-write is left as it was.
    """
    if seconds is None or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise_or_hold(LimitExceeded(f"time limit of {seconds:g} s reached"))

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def load_board(path: str, mines: int | None) -> Board:
    """The board in file ``path`` (``-``: standard input), ``mines`` overriding its total.

    A ``graph FILE`` header names its graph's file relative to the board's own.
    """
    position = load_position(path, mines)
    if not isinstance(position, Board):
        with about(path):
            raise InputError("a rules payload, not a board: this command reads boards (count reads both)")
    return position


def is_payload(text: str) -> bool:
    """Is this input JSON (a rules payload, :mod:`countsweep.rules`) rather than a board?  A board's
    text never starts with a brace or a bracket, so a JSON list is refused as a payload, not read as
    a board's first row."""
    return text.lstrip().startswith(("{", "["))


def load_position(path: str, mines: int | None = None) -> Board | RuleSet:
    """The board, or the rules payload (JSON), in file ``path``; ``mines`` overriding its total."""
    text = read_input(path)
    with about(path):
        if is_payload(text):
            rules = RuleSet.from_json(text, display_name(path))
            if rules.ignored:
                click.echo(f"countsweep: note: {display_name(path)}: ignored {', '.join(rules.ignored)} "
                           "(not a key of a rules payload)", err=True)
            return rules if mines is None else dataclasses.replace(rules, total_mines=mines, mine_prob=None)
        return Board.from_text(text, mines=mines, graph=functools.partial(_graph, path))


def _graph(board_path: str, name: str) -> Graph:
    """The graph a board's header names, read relative to the board's file."""
    where = name if board_path == "-" or Path(name).is_absolute() else str(Path(board_path).parent / name)
    return load_graph(name, read_input(where))


def cell_list(cells: Iterator[tuple[int, int]] | tuple[tuple[int, int], ...]) -> list[list[int]]:
    return [[r, c] for r, c in cells]


class Seconds(click.ParamType):
    """A time limit in seconds: a finite number from 0 (or above 0, with ``positive``) to 10**7 (four months)."""

    name = "seconds"

    def __init__(self, positive: bool = False) -> None:
        self.positive = positive

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        low = "above 0" if self.positive else "from 0"
        if not (math.isfinite(seconds) and (seconds > 0 if self.positive else seconds >= 0) and seconds <= 10**7):
            self.fail(f"{value} is not a number of seconds {low} to 10000000", param, ctx)
        return seconds


mines_option = click.option("--mines", type=click.IntRange(min=0), default=None,
                            help="Total mines on the board (overrides the header).")

clues_option = click.option(
    "--clues", default="exact", show_default=True, metavar="MODEL",
    help="How shown numbers relate to the truth: exact, under, over, withheld:Q, or FILE.json (a likelihood "
         "table; see countsweep.clues).")
density_option = click.option(
    "--density", default=None, metavar="P",
    help="Prior for a board without a mine total: each hidden cell a mine with probability P, in (0, 1).")


def read_model(clues: str, density: str | None, board: Board) -> tuple[ClueModel, Fraction | None]:
    """The clue model and density the options name; a density beside a mine total is a usage error."""
    model = parse_clues(clues)
    if density is None:
        return model, None
    p = parse_probability(density, "--density")
    if board.mines is not None:
        raise ParameterError("--density is a prior for a board without a mine total; this board has one "
                             "(drop the header's total, or the --density)")
    return model, p
