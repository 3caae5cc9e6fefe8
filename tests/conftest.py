"""Hypothesis profiles, and a smaller example budget under mutation testing.

``default`` is what CI runs; ``thorough`` (``--hypothesis-profile thorough``)
raises the budget of tests that do not set their own.  Under mutation testing
(``python -m tests.mutation`` sets ``COUNTSWEEP_MUTATION``) every property test
is capped at ``MUTATION_EXAMPLES`` examples and a failing example is not shrunk: a
mutant is nearly always caught in the first few, thousands of mutants each run
the tests that cover them, and shrinking a mutant's failure could outlast
mutmut's time limit.
"""

from __future__ import annotations

import os

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not os.environ.get("COUNTSWEEP_MUTATION"):
        return
    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)  # a method of a test class
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None and chosen.max_examples > MUTATION_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(
                chosen, max_examples=MUTATION_EXAMPLES, derandomize=True, database=None,
                phases=tuple(p for p in Phase if p is not Phase.shrink))


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
