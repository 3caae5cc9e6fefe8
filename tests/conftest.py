"""Hypothesis profiles, test groups (markers), and smaller example budgets where asked.

``default`` is what CI runs; ``thorough`` (``--hypothesis-profile thorough``)
raises the budget of tests that do not set their own.

Every test belongs to one group, a marker given by its module (:data:`GROUPS`):
``docs``, ``browser``, ``cluster``, ``scripts``, ``builds``, ``style``, or
``quick``, the core, less the core tests marked ``long`` (a second or more
each).  ``pytest -m quick -n auto`` is the working loop: the core, every
property test capped at ``QUICK_EXAMPLES`` examples, in under a minute;
``pytest -n auto`` (what ``.ci/run`` runs) runs every group at full budget.

Smaller budgets elsewhere: under mutation testing (``python -m tests.mutation``
sets ``COUNTSWEEP_MUTATION``) every property test is capped at
``MUTATION_EXAMPLES`` examples and a failing example is not shrunk: a mutant is
nearly always caught in the first few, thousands of mutants each run the tests
that cover them, and shrinking a mutant's failure could outlast mutmut's time
limit.  ``COUNTSWEEP_MAX_EXAMPLES=N`` caps them at N (the kernel's sanitizer
and no-``__int128`` builds rerun the kernel's tests so).

Workers: ``pytest -n auto`` (pytest-xdist; the README's and CI's command)
runs the tests in as many processes as this process may use at once
(:func:`usable_cpus`), not as many as the host has: a container limited to two
cores on a large host would otherwise start dozens, each holding its own
imports, hypothesis runs and compiled kernels.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "default", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "mutation", max_examples=60, deadline=None, derandomize=True, database=None,
    suppress_health_check=list(HealthCheck), phases=tuple(p for p in Phase if p is not Phase.shrink),
)
settings.load_profile("mutation" if os.environ.get("COUNTSWEEP_MUTATION") else "default")

MUTATION_EXAMPLES = 60
QUICK_EXAMPLES = 15

GROUPS = {
    "test_docs": "docs", "test_notebooks": "docs", "test_help": "docs", "test_figures": "docs",
    "test_browser": "browser",
    "test_cluster": "cluster",
    "test_benchmarks": "scripts",
    "test_kernel_builds": "builds",
    "test_style": "style",
}
"""A test module's group, when it is not the core (``quick``)."""


def _cap(config: pytest.Config) -> tuple[int | None, bool]:
    """The most examples a property test may run here, and whether failures shrink."""
    if os.environ.get("COUNTSWEEP_MUTATION"):
        return MUTATION_EXAMPLES, False
    if os.environ.get("COUNTSWEEP_MAX_EXAMPLES"):
        return int(os.environ["COUNTSWEEP_MAX_EXAMPLES"]), True
    if "quick" in (config.getoption("markexpr", "") or ""):
        return QUICK_EXAMPLES, True
    return None, True


# the workers -n auto starts at most: each holds a few hundred MB (the kernel builds' and the
# notebooks' children more), and past eight the suite's longest tests set its time anyway
MAX_WORKERS = 8


def usable_cpus(quota: Path = Path("/sys/fs/cgroup/cpu.max")) -> int:
    """The CPUs this process may use at once: its affinity, bounded by a cgroup v2 CPU quota
    ("QUOTA PERIOD" in microseconds, or "max QUOTA" with none), at least one.

    >>> usable_cpus(Path("/no/such/file")) == len(os.sched_getaffinity(0))
    True
    """
    cpus = len(os.sched_getaffinity(0))
    try:
        limit, period = quota.read_text().split()[:2]
        if limit != "max":
            cpus = min(cpus, math.ceil(int(limit) / int(period)))
    except (OSError, ValueError, ZeroDivisionError):
        pass  # no cgroup v2 quota here, or one this reading does not know: the affinity stands
    return max(1, cpus)


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: without the plugin nothing calls it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    return min(usable_cpus(), MAX_WORKERS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = item.nodeid.split("::")[0].rsplit("/", 1)[-1].removesuffix(".py")
        group = GROUPS.get(module, "quick")
        if group != "quick" or not (item.get_closest_marker("slow") or item.get_closest_marker("long")):
            item.add_marker(group)
    cap, shrink = _cap(config)
    if cap is None:
        return
    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)  # a method of a test class
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None and chosen.max_examples > cap:
            phases = tuple(Phase) if shrink else tuple(p for p in Phase if p is not Phase.shrink)
            test._hypothesis_internal_use_settings = settings(
                chosen, max_examples=cap, derandomize=True, database=None, phases=phases)


@pytest.fixture(autouse=bool(os.environ.get("COUNTSWEEP_MUTATION")))
def _cold_oracle_cache():
    """Under mutation testing every test starts with the oracle's count cache empty.

    mutmut forks each mutant's test run from a process that has already run the
    clean suite, whose cache holds the counts of every formula the tests count: a
    mutant in the code behind the cache would never run.  (The default suite
    keeps the cache: it is the oracle's, and the tests hold it to its word.)
    """
    from countsweep.oracle import clear_count_cache

    clear_count_cache()
    yield
