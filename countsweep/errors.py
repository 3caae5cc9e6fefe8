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
