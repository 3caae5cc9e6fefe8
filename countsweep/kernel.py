"""The compiled kernel, if it was built, and the one place that chooses it or Python.

countsweep keeps two implementations of each of two contracts
(``docs/kernel.md`` maps them stage by stage):

=========  ================================================  ==============================================
contract   Python (the reference)                            compiled kernel (``kernel/*.c``)
=========  ================================================  ==============================================
analysis   :class:`countsweep.oracle.PythonAnalyzer`         :class:`countsweep.oracle.KernelAnalyzer`
search     :class:`countsweep.play.endgame.PythonSearch`     :class:`countsweep.play.endgame.KernelSearch`
=========  ================================================  ==============================================

:func:`choose` decides which one answers.  It considers, in order:

1. the caller's request: ``implementation="python"`` or ``"kernel"`` (the
   tests run both on the same positions and compare);
2. ``COUNTSWEEP_PURE=1`` in the environment: Python everywhere;
3. whether the kernel was built (``pip install .`` found a C compiler) and loads;
4. for an analysis, what the kernel implements: the ``dpll`` backend's
   counts, under a mine total, a density prior or neither; another backend
   is Python's.

After the choice the kernel may still decline a position it cannot count
within its own limits (a part of more than ``MAX_CELLS`` cells, ``PLAIN_CELLS``
without a total or a prior, or of rows past ``PART_BYTES``; past ``PLAIN_CELLS``,
one whose mine counts span a narrow window; a search of
more nodes than its budget, weights past its counts); the Python
implementation answers those, with the same answers.

``COUNTSWEEP_KERNEL_PATH=FILE`` loads the kernel from ``FILE`` instead of the
installed one: the tests' strict, sanitizer and no-``__int128`` builds.  A
``FILE`` that holds no kernel is said with a ``RuntimeWarning``, and Python
answers.

>>> choose("analysis", "python")
'python'
>>> choose("analysis", backend="sdd")
'python'
>>> choose("search") == ("kernel" if KERNEL is not None else "python")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast

from countsweep.errors import ParameterError, shown

if TYPE_CHECKING:
    from countsweep import _kernel
    from countsweep._kernel import Answer as _Answer
    from countsweep._kernel import Neighbourhood as _Neighbourhood
    from countsweep._kernel import NoLayout as _NoLayout
    from countsweep._kernel import Search as _Search
    from countsweep._kernel import TooLarge as _TooLarge


class KernelModule(Protocol):
    """What countsweep uses of the compiled kernel; ``countsweep/_kernel.pyi`` types each member.

    mypy checks every call through :data:`KERNEL` against the stub, and that the
    stub's module keeps this protocol (the assignment under ``TYPE_CHECKING`` below).
    """

    MAX_CELLS: int
    PLAIN_CELLS: int
    MAX_UNLISTED: int
    WIDE_COUNTS: int
    DEBUG: int
    SEARCH_MAX_DEPTH: int
    Neighbourhood: type[_Neighbourhood]
    Search: type[_Search]
    NoLayout: type[_NoLayout]
    TooLarge: type[_TooLarge]

    def analyze(self, rows: tuple[tuple[int, ...], ...], neighbourhood: _Neighbourhood, mines: int | None,
                cells: tuple[Any, ...], *, readings: Mapping[int, tuple[int, ...] | None] | None = ...,
                max_cells: int = ..., max_nodes: int = ..., stop: Callable[[], bool] | None = ...,
                path_nodes: int = ..., value: Callable[[int, int], Any] | None = ...,
                unlisted: int = ..., max_bytes: int = ..., enum_boxes: int = ...,
                density: tuple[int, int] | None = ..., group: type[tuple[Any, ...]] | None = ...) -> _Answer | None: ...


if TYPE_CHECKING:
    _stub_keeps_the_protocol: KernelModule = _kernel


def _load() -> KernelModule | None:
    """The kernel: none under ``COUNTSWEEP_PURE``, the file ``COUNTSWEEP_KERNEL_PATH`` names, or the installed one.

    A kernel that was not built is None; so is a file that holds none, with a
    warning: the tests of a special build name its file, and would otherwise
    pass on the Python path without a word.
    """
    if os.environ.get("COUNTSWEEP_PURE"):
        return None
    path = os.environ.get("COUNTSWEEP_KERNEL_PATH")
    try:
        if not path:
            return cast(KernelModule, importlib.import_module("countsweep._kernel"))
        spec = importlib.util.spec_from_file_location("countsweep._kernel", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"not an extension module: {path}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return cast(KernelModule, module)
    except ImportError as err:  # built without a C compiler, or a file that holds no kernel
        if path:
            warnings.warn(f"COUNTSWEEP_KERNEL_PATH: no kernel loads from {path!r} ({err}); the Python "
                          "implementation answers", RuntimeWarning, stacklevel=2)
        return None


KERNEL: KernelModule | None = _load()
"""The compiled kernel (``countsweep._kernel``), or None where it was not built or is switched off."""

IMPLEMENTATIONS = ("auto", "python", "kernel")
"""What a caller may ask for: let :func:`choose` pick, or one implementation."""

PURPOSES = ("analysis", "search")


def choose(purpose: str, implementation: str = "auto", *, backend: str = "dpll") -> str:
    """``"kernel"`` or ``"python"``: which implementation answers ``purpose`` (see the module's list).

    ``backend`` names the counting backend of an analysis (``custom`` for a
    caller's own).  Asking for the kernel where it cannot
    answer is a :class:`~countsweep.errors.ParameterError` that says why.
    """
    if purpose not in PURPOSES:
        raise ParameterError(f"purpose: {shown(purpose)} is not one of {', '.join(PURPOSES)}")
    if implementation not in IMPLEMENTATIONS:
        raise ParameterError(f"implementation: {shown(implementation)} is not one of {', '.join(IMPLEMENTATIONS)}")
    if implementation == "python":
        return "python"
    why = None
    if KERNEL is None:
        why = ("COUNTSWEEP_PURE is set" if os.environ.get("COUNTSWEEP_PURE")
               else "the compiled kernel was not built (no C compiler at install)")
    elif purpose == "analysis" and backend != "dpll":
        why = f"the compiled kernel implements the dpll backend, not {backend!r}"
    if why is None:
        return "kernel"
    if implementation == "kernel":
        raise ParameterError(f"implementation='kernel': {why}")
    return "python"
