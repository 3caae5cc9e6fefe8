"""Signals that land inside a step that must stay whole: held to its end (countsweep.interrupts).

The end-to-end tests plant the signal where it once crashed the interpreter:
right after PySAT frees a solver and before it clears its pointer.  They run
the command in a child process, because the crash they guard against is a
segmentation fault when the object is collected.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading

import pytest

from countsweep.errors import LimitExceeded
from countsweep.interrupts import on_interrupt, raise_or_hold, shielded


def test_an_exception_raised_inside_a_section_waits_for_its_end():
    done = []
    with pytest.raises(LimitExceeded, match="late"), shielded():
        raise_or_hold(LimitExceeded("late"))
        done.append("work")
    assert done == ["work"]


def test_nested_sections_hold_the_exception_until_the_outermost_ends():
    done = []
    with pytest.raises(KeyboardInterrupt), shielded():
        with shielded():
            raise_or_hold(KeyboardInterrupt())
            done.append("inner")
        done.append("outer")
    assert done == ["inner", "outer"]


def test_the_first_exception_held_is_the_one_raised():
    with pytest.raises(LimitExceeded, match="first"), shielded():
        raise_or_hold(LimitExceeded("first"))
        raise_or_hold(KeyboardInterrupt())


def test_an_exception_outside_any_section_is_raised_at_once_and_nothing_stays_held():
    with pytest.raises(KeyboardInterrupt):
        on_interrupt(signal.SIGINT, None)
    with shielded():
        pass  # a section after it ends quietly


def test_an_exception_of_the_body_goes_through_and_leaves_no_section_open():
    with pytest.raises(ValueError), shielded():
        raise ValueError
    with pytest.raises(KeyboardInterrupt):
        raise_or_hold(KeyboardInterrupt())  # at once: the section above is closed


def test_another_threads_section_does_not_hold_the_main_threads_exception():
    inside, leave = threading.Event(), threading.Event()

    def hold_a_section() -> None:
        with shielded():
            inside.set()
            leave.wait(10)

    worker = threading.Thread(target=hold_a_section)
    worker.start()
    try:
        assert inside.wait(10)
        with pytest.raises(KeyboardInterrupt):
            raise_or_hold(KeyboardInterrupt())
    finally:
        leave.set()
        worker.join()


def test_pythons_own_ctrl_c_is_held_through_a_section_and_its_handler_put_back_after():
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    done = []
    try:
        with pytest.raises(KeyboardInterrupt), shielded():
            assert signal.getsignal(signal.SIGINT) is on_interrupt
            signal.raise_signal(signal.SIGINT)
            done.extend(range(1000))  # many steps at which Python runs handlers
        assert len(done) == 1000 and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_handler_of_the_callers_own_is_left_in_place():
    def mine(signum, frame):
        pass

    previous = signal.signal(signal.SIGINT, mine)
    try:
        with shielded():
            assert signal.getsignal(signal.SIGINT) is mine
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, previous)


def test_an_inner_section_leaves_the_outer_sections_handler_in_place():
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with shielded():
            with shielded():
                pass
            assert signal.getsignal(signal.SIGINT) is on_interrupt
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


PLANTED = textwrap.dedent("""
    import signal, sys
    from pysat import solvers
    from countsweep.cli import main
    from countsweep.encode import sat

    limited = sat._Calls.limited

    def gives_up(self, assumptions=(), budget=-1):
        # every budgeted call gives up (as tests/test_sat.py's out_of_budget): the first model comes from a
        # loose problem and the rest from restarts, so solvers are freed on every path that frees them
        if 0 <= budget < 5000:
            self.count += 1
            return None
        return limited(self, assumptions, budget)

    free = solvers.pysolvers.minicard_del
    deletes = []

    def free_then_signal(pointer):
        free(pointer)  # the solver is freed; its wrapper's pointer is cleared only after this returns
        deletes.append(pointer)
        if len(deletes) == int(sys.argv[2]):
            signal.raise_signal(getattr(signal, sys.argv[1]))

    sat._Calls.limited = gives_up
    solvers.pysolvers.minicard_del = free_then_signal
    # Python's own Ctrl-C handler, as in a terminal: a child of a background job starts with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.argv[3] == "cli":
        main(["check", "-", "--method", "sat", "--timeout", "600"])
    import gc
    from countsweep import Board
    from countsweep.check import check
    try:  # a program that calls countsweep, under Python's own Ctrl-C handler
        check(Board.from_text(sys.stdin.read()), method="sat")
    except KeyboardInterrupt:
        print("interrupted", end=", ")
    gc.collect()  # the traceback is gone: the solvers the check held are collected now
    print("collected")
""")

BOARD = "4x4x4\n1???\n1???\n1???\n????\n"  # five solvers freed: the loose problem's, renewed ones, the last


@pytest.mark.parametrize("which", [1, 3, 5])
@pytest.mark.parametrize(("name", "code", "message"), [
    ("SIGALRM", 5, "time limit of 600 s reached"),
    ("SIGINT", 130, "countsweep: interrupted"),
])
def test_a_signal_right_after_a_solver_is_freed_ends_the_check_with_its_exit_code(name, code, message, which):
    r = subprocess.run([sys.executable, "-c", PLANTED, name, str(which), "cli"], input=BOARD, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == code and r.stderr.strip().endswith(message), r.stderr


@pytest.mark.parametrize("which", [1, 3, 5])
def test_ctrl_c_right_after_a_solver_is_freed_interrupts_a_python_caller_and_leaves_nothing_to_crash(which):
    r = subprocess.run([sys.executable, "-c", PLANTED, "SIGINT", str(which), "api"], input=BOARD,
                       capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stdout) == (0, "interrupted, collected\n"), r.stderr
