"""Errors countsweep raises on bad input or exhausted limits, with their exit codes.

Every error is a one-line message that names the place (line and column of the
board text, or the ``[row, col]`` cell) and carries the command-line exit code:

==========  ==========================================================
exit code   meaning
==========  ==========================================================
0           success
2           usage error: unknown option, missing argument, a parameter
            outside its domain (:class:`ParameterError`)
3           input unreadable or malformed (no such file, bad board text,
            bad DIMACS, a number larger than its neighbourhood allows)
4           well-formed but inconsistent position: no mine layout fits
5           a limit was hit (``--timeout``, cache size, state limit)
6           refused to overwrite an existing file (use ``--force``)
7           ``check --unique``: more than one layout fits
130         interrupted (Ctrl-C)
==========  ==========================================================
"""

from __future__ import annotations


class CountsweepError(Exception):
    """Base class; ``exit_code`` is what the command line exits with."""

    exit_code = 1


class ParameterError(CountsweepError, ValueError):
    """A parameter outside its domain: an unknown name, a board size that cannot hold its mines.

    Also a :class:`ValueError`, so Python callers may catch it as one; the command
    line reports it as a usage error.
    """

    exit_code = 2


class ParameterTypeError(ParameterError, TypeError):
    """An argument of the wrong kind given to the Python API (a str where a Board goes, None for a cell).

    Also a :class:`TypeError`; the message names the argument and what it takes.
    """


class InputError(CountsweepError):
    """Input that cannot be read or parsed (file, board text, DIMACS)."""

    exit_code = 3


class BoardError(InputError):
    """Malformed board text or board contents; the message names line/column or cell."""


class InconsistentError(CountsweepError):
    """A well-formed position that no mine layout satisfies."""

    exit_code = 4


class LimitExceeded(CountsweepError):
    """A user-set limit (time, cache entries, states) stopped the computation."""

    exit_code = 5


class OverwriteRefused(CountsweepError):
    """The output file exists and overwriting was not asked for."""

    exit_code = 6


def shown(value: object, width: int = 40) -> str:
    """``value`` as a message shows it: its ``repr`` cut to ``width`` characters.

    An integer too long for ``repr`` (Python refuses past 4300 digits) is
    described instead, so a message about a huge number is still a message.

    >>> shown(12), shown("x" * 50), shown(10 ** 5000)
    ('12', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'an integer of about 5001 digits')
    """
    if isinstance(value, int) and value.bit_length() > 256:
        digits = int(value.bit_length() * 0.30102999566398) + 1
        return f"{'minus ' if value < 0 else ''}an integer of about {digits} digits"
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."
