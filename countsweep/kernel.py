"""The compiled kernel, if it was built, and the switch that turns it off.

``pip install .`` compiles ``countsweep/_kernel.c`` with the machine's C
compiler when there is one; countsweep then takes its compiled paths (the
oracle's whole analysis of a position whose components are small, the
endgame search) and otherwise the pure-Python ones, which give the same
answers.  Setting ``COUNTSWEEP_PURE=1`` in the environment forces the
pure-Python paths; the tests compare the two.

>>> KERNEL is None or hasattr(KERNEL, "analyze")
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

KERNEL: ModuleType | None
try:
    KERNEL = importlib.import_module("countsweep._kernel")
except ImportError:  # built without a C compiler
    KERNEL = None
if os.environ.get("COUNTSWEEP_PURE"):
    KERNEL = None
