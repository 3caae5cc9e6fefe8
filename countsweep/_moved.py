"""Old module paths, kept working with a deprecation warning.

Until version 0.2 the package was flat (``countsweep.dpll``, ``countsweep.agent``
...).  Importing an old path now loads the module at its new home and warns
once; the aliases will be removed in a later release.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

MOVED = {
    "countsweep.poly": "countsweep.counting.poly",
    "countsweep.formula": "countsweep.counting.formula",
    "countsweep.backend": "countsweep.counting",
    "countsweep.dpll": "countsweep.counting.dpll",
    "countsweep.sdd": "countsweep.counting.sdd",
    "countsweep.brute": "countsweep.counting.brute",
    "countsweep.cnf": "countsweep.encode.cnf",
    "countsweep.dimacs": "countsweep.encode.dimacs",
    "countsweep.sat": "countsweep.encode.sat",
    "countsweep.game": "countsweep.play.game",
    "countsweep.agent": "countsweep.play.agents",
    "countsweep.endgame": "countsweep.play.endgame",
    "countsweep.fifty": "countsweep.play.fifty",
    "countsweep.optimal": "countsweep.play.optimal",
    "countsweep.families": "countsweep.play.generators",
    "countsweep.stats": "countsweep.intervals",
}
"""Old module path -> new one."""


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(f"{spec.name} is deprecated; import {new}", DeprecationWarning, stacklevel=3)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        pass


def install() -> None:
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.append(_Alias())
