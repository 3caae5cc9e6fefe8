"""Which implementation answers (``countsweep.kernel.choose``), and where the kernel is loaded from.

The tests of the two implementations (``test_kernel.py``, ``test_implementations.py``)
compare their answers; here, the choice between them: what each caller gets
asked for nothing, asked for Python, and asked for the kernel where it cannot
answer, and what the environment switches.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from countsweep import kernel
from countsweep.errors import ParameterError
from countsweep.kernel import KERNEL, choose

needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel was not built (no C compiler)")
BUILT = "kernel" if KERNEL is not None else "python"


def test_python_answers_when_asked_and_the_kernel_wherever_it_can():
    assert choose("analysis", "python") == choose("search", "python") == "python"
    assert choose("analysis") == choose("search") == choose("analysis", backend="dpll") == BUILT
    assert choose("analysis", backend="sdd") == choose("analysis", backend="custom") == "python"
    # a backend is an analysis's: the search does not read it
    assert choose("search", backend="sdd") == BUILT


@needs_kernel
def test_the_kernel_asked_for_where_it_cannot_answer_is_refused_with_the_reason():
    assert choose("analysis", "kernel") == choose("search", "kernel") == "kernel"
    with pytest.raises(ParameterError, match=r"^implementation='kernel': the compiled kernel implements the dpll "
                                             r"backend, not 'sdd'$"):
        choose("analysis", "kernel", backend="sdd")


def test_without_a_kernel_python_answers_and_asking_for_the_kernel_says_why(monkeypatch):
    monkeypatch.setattr(kernel, "KERNEL", None)
    monkeypatch.delenv("COUNTSWEEP_PURE", raising=False)
    assert choose("analysis") == choose("search") == "python"
    with pytest.raises(ParameterError, match=r"^implementation='kernel': the compiled kernel was not built "
                                             r"\(no C compiler at install\)$"):
        choose("search", "kernel")
    monkeypatch.setenv("COUNTSWEEP_PURE", "1")
    with pytest.raises(ParameterError, match=r"^implementation='kernel': COUNTSWEEP_PURE is set$"):
        choose("analysis", "kernel")


def test_an_unknown_purpose_or_implementation_is_refused_with_the_choices():
    with pytest.raises(ParameterError, match=r"^purpose: 'count' is not one of analysis, search$"):
        choose("count")
    with pytest.raises(ParameterError, match=r"^implementation: 'c' is not one of auto, python, kernel$"):
        choose("analysis", "c")


def test_countsweep_pure_switches_the_kernel_off(monkeypatch):
    monkeypatch.setenv("COUNTSWEEP_PURE", "1")
    monkeypatch.setenv("COUNTSWEEP_KERNEL_PATH", "/nowhere/_kernel.so")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the path is not even looked at: no warning that it holds no kernel
        assert kernel._load() is None
    monkeypatch.delenv("COUNTSWEEP_KERNEL_PATH")
    assert kernel._load() is None  # nor is the installed kernel


@needs_kernel
def test_the_kernel_loads_from_the_file_the_environment_names(monkeypatch):
    monkeypatch.delenv("COUNTSWEEP_PURE", raising=False)
    monkeypatch.delenv("COUNTSWEEP_KERNEL_PATH", raising=False)
    assert kernel._load() is KERNEL  # the installed one
    monkeypatch.setenv("COUNTSWEEP_KERNEL_PATH", str(Path(KERNEL.__file__)))
    loaded = kernel._load()
    assert loaded is not None and loaded.MAX_CELLS == KERNEL.MAX_CELLS and callable(loaded.analyze)


@pytest.mark.parametrize("name, why", [("missing.so", r".*missing\.so.*"),
                                       ("kernel.txt", r"not an extension module: .*kernel\.txt")])
def test_a_file_that_holds_no_kernel_is_said_and_python_answers(monkeypatch, tmp_path, name, why):
    (tmp_path / "kernel.txt").write_text("no kernel here")
    monkeypatch.delenv("COUNTSWEEP_PURE", raising=False)
    monkeypatch.setenv("COUNTSWEEP_KERNEL_PATH", str(tmp_path / name))
    with pytest.warns(RuntimeWarning, match=rf"^COUNTSWEEP_KERNEL_PATH: no kernel loads from '.*{name}' \({why}\); "
                                            r"the Python implementation answers$") as said:
        assert kernel._load() is None
    if os.environ.get("COUNTSWEEP_MUTATION"):  # mutmut's trampoline is a frame between _load and this test
        assert said[0].filename != kernel.__file__
    else:
        assert said[0].filename == __file__  # said where _load was called, not inside it
