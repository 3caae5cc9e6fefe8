"""Build the compiled kernel the ways users may get it, for the tests that run those builds.

``build(dest, *flags)`` compiles ``kernel/*.c`` with the machine's C compiler
into ``dest/_kernel<EXT_SUFFIX>``; ``COUNTSWEEP_KERNEL_PATH`` then makes
countsweep load that file (:mod:`countsweep.kernel`).  The builds the tests
make:

* ``STRICT``: every warning an error (``-Wall -Wextra -Wpedantic -Wshadow -Werror``);
* ``DEBUG``: asserts on and the debug-only hooks (``-DCOUNTSWEEP_DEBUG``);
* ``NO_INT128``: 64-bit counts, and the bit counts summed in place, every function compiled once
  (no popcnt clones), what MSVC users get;
* ``SANITIZED``: AddressSanitizer and UndefinedBehaviorSanitizer, every finding fatal.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "kernel").glob("*.c"))

STRICT = ("-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Werror")
DEBUG = ("-O1", "-g", "-UNDEBUG", "-DCOUNTSWEEP_DEBUG")
NO_INT128 = ("-DCOUNTSWEEP_NO_INT128", "-DCOUNTSWEEP_NO_CLONES")
SANITIZED = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer")
# the shared contracts' pure Python classes (tests/test_implementations.py) load no kernel: a build
# of it has nothing to learn from them
KERNEL_ONLY = ("-k", "not TestPython")


def pytest_command(tests: list[str] | tuple[str, ...]) -> list[str]:
    """The child pytest that runs ``tests`` against a build: stops at the first failure, the slow
    tests and the pure classes left out."""
    return [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow", *KERNEL_ONLY,
            *tests]


def compiler() -> str | None:
    """The C compiler Python's own extensions are built with, if the machine has it."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def runtime(name: str) -> Path | None:
    """A sanitizer's runtime library (``asan``), when the compiler ships it."""
    cc = compiler()
    if cc is None:
        return None
    found = subprocess.run([cc, f"-print-file-name=lib{name}.so"], capture_output=True, text=True).stdout.strip()
    return Path(found) if found and Path(found).is_absolute() and Path(found).exists() else None


def build(dest: Path, *flags: str) -> Path:
    """``kernel/*.c`` compiled with ``flags`` into a loadable module in ``dest``; its path."""
    cc = compiler()
    assert cc is not None
    out = dest / f"_kernel{sysconfig.get_config_var('EXT_SUFFIX')}"
    cmd = [cc, "-shared", "-fPIC", *flags, f"-I{sysconfig.get_paths()['include']}", f"-I{ROOT / 'kernel'}",
           *map(str, SOURCES), "-o", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stderr}"
    return out


def run_tests(kernel: Path, tests: list[str], extra_env: dict[str, str] | None = None,
              max_examples: int = 60) -> subprocess.CompletedProcess:
    """``pytest tests`` in a child process whose countsweep loads the kernel at ``kernel``."""
    env = {**os.environ, "COUNTSWEEP_KERNEL_PATH": str(kernel), "COUNTSWEEP_MAX_EXAMPLES": str(max_examples),
           **(extra_env or {})}
    env.pop("COUNTSWEEP_PURE", None)
    return subprocess.run(pytest_command(tests), cwd=ROOT, env=env, capture_output=True, text=True)
