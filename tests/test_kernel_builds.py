"""The compiled kernel as users may build it: strict, without __int128, and under the sanitizers.

Each build compiles ``kernel/*.c`` apart from the installed one
(:mod:`tests.kernel_build`) and reruns the kernel's tests in a child process
that loads it (``COUNTSWEEP_KERNEL_PATH``), the property tests at a smaller
budget:

* the debug build (asserts on, every warning an error) runs the stage hooks'
  tests and the differential tests;
* the build without ``__int128`` (64-bit counts, MSVC's) runs the kernel's tests;
* the AddressSanitizer + UndefinedBehaviorSanitizer build runs the differential
  tests and the fuzz of the entry points with bad arguments; any finding aborts
  the child, which fails the test.  Where the compiler ships no sanitizer
  runtime the test says so and skips.
"""

from __future__ import annotations

import os

import pytest

from tests.kernel_build import DEBUG, NO_INT128, SANITIZED, STRICT, build, compiler, run_tests, runtime

pytestmark = pytest.mark.skipif(compiler() is None, reason="no C compiler on this machine")

KERNEL_TESTS = ["tests/test_kernel.py", "tests/test_kernel_safety.py", "tests/test_implementations.py"]


def passed(done) -> None:
    tail = "\n".join((done.stdout + done.stderr).splitlines()[-60:])
    assert done.returncode == 0, tail


def test_the_debug_build_compiles_without_a_warning_and_passes_the_stage_and_kernel_tests(tmp_path):
    kernel = build(tmp_path, *STRICT, *DEBUG)
    passed(run_tests(kernel, ["tests/test_kernel_stages.py", *KERNEL_TESTS], max_examples=40))


def test_the_portable_build_without_int128_or_popcount_clones_passes_the_kernel_tests(tmp_path):
    kernel = build(tmp_path, *STRICT, *NO_INT128, "-O2")
    passed(run_tests(kernel, ["tests/test_kernel_stages.py", *KERNEL_TESTS], max_examples=40))


def test_the_sanitized_build_finds_nothing_in_the_differential_tests_and_the_fuzz(tmp_path):
    asan = runtime("asan")
    if asan is None or runtime("ubsan") is None:
        pytest.skip("the compiler has no AddressSanitizer / UBSan runtime (libasan, libubsan) on this machine")
    kernel = build(tmp_path, *STRICT, *SANITIZED, "-O1", "-g", "-UNDEBUG")
    env = {
        "LD_PRELOAD": " ".join(filter(None, [str(asan), os.environ.get("LD_PRELOAD", "")])),
        # Python frees little at exit: leaks there are not the kernel's; every allocation through
        # malloc, so that the sanitizer sees PyMem's blocks too
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1:allocator_may_return_null=1",
        "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
        "PYTHONMALLOC": "malloc",
    }
    passed(run_tests(kernel, KERNEL_TESTS, env, max_examples=25))
