"""Steps a signal's exception must not cut in two.

Two signals become exceptions that Python raises in the main thread at
whatever step it has reached: Ctrl-C (:class:`KeyboardInterrupt`, exit 130 on
the command line) and the command line's watchdog timer (``--timeout``:
:class:`~countsweep.errors.LimitExceeded`, exit 5).  Almost every step can take
that: the exception unwinds and ``finally`` blocks release what was taken.  A
few steps cannot.  PySAT's ``delete`` frees its solver and only then clears its
pointer; an exception between the two leaves the pointer set, and the object's
finalizer frees it again when it is collected: a segmentation fault, at the
latest when the process exits (measured: ``check --method sat`` exited 139
instead of 5 or 130 with either signal landing there).  A cleanup cut short is
as bad: a solver's interrupting timer still running when the solver is freed.

Such steps run under :func:`shielded`: an exception a handler raises through
:func:`raise_or_hold` inside one is held, and raised when the outermost section
ends, its work done.  The watchdog's handler raises so, and so does the
``play`` command's Ctrl-C handler; where Python's own Ctrl-C handler is in
place, a section puts :func:`on_interrupt` (the same KeyboardInterrupt, held)
in its place while it runs, so a program that calls countsweep is covered too.

>>> from countsweep.errors import LimitExceeded
>>> done = []
>>> with shielded():
...     raise_or_hold(LimitExceeded("time's up"))  # what the watchdog's handler does
...     done.append("the section's work")
Traceback (most recent call last):
...
countsweep.errors.LimitExceeded: time's up
>>> done
["the section's work"]
>>> raise_or_hold(LimitExceeded("time's up"))  # outside a section: at once
Traceback (most recent call last):
...
countsweep.errors.LimitExceeded: time's up

Python runs signal handlers in the main thread only, so only the main thread's
sections hold anything: another thread's section is never interrupted by a
handler, and is no reason to hold the main thread's exception.  PEP 419
("Protecting cleanup statements from interruptions", deferred) describes the
problem and why Python leaves it to libraries.
"""

from __future__ import annotations

import signal
import threading


class _Sections(threading.local):
    depth = 0
    held: BaseException | None = None


_sections = _Sections()


class _Shield:
    """A class, not a generator: between the depth going up and the body nothing calls, so no handler runs.

    (A generator's ``__enter__`` returns through a call, where a handler can
    raise after the depth went up and before the ``with`` has taken the exit:
    the depth would stay up and hold every later signal for ever.)
    """

    def __init__(self) -> None:
        self.swapped = False

    def __enter__(self) -> None:
        # the handler first: a signal while it is swapped raises here, before anything is held
        if not _sections.depth and threading.current_thread() is threading.main_thread() and \
                signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, on_interrupt)
            self.swapped = True
        _sections.depth += 1

    def __exit__(self, *exc_info: object) -> None:
        _sections.depth -= 1
        if self.swapped:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        held = _sections.held
        if held is not None and not _sections.depth:
            _sections.held = None
            raise held


def shielded() -> _Shield:
    """Run the body whole: an exception a handler raises meanwhile comes at its end (nested: the outermost's)."""
    return _Shield()


def raise_or_hold(exc: BaseException) -> None:
    """Raise ``exc`` now, or, inside a :func:`shielded` section of this thread, when the section ends.

    For signal handlers.  A second exception held before the first is raised is
    dropped: the first already stops the work.
    """
    if not _sections.depth:
        raise exc
    if _sections.held is None:
        _sections.held = exc


def on_interrupt(signum: int, frame: object) -> None:
    """A SIGINT handler: Python's own (KeyboardInterrupt), held through shielded sections."""
    raise_or_hold(KeyboardInterrupt())
