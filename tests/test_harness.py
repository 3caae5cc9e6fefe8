"""The test harness itself: how many workers ``pytest -n auto`` starts (``tests/conftest.py``)."""

from __future__ import annotations

import os

import pytest

from tests.conftest import MAX_WORKERS, pytest_xdist_auto_num_workers, usable_cpus

AFFINITY = len(os.sched_getaffinity(0))


@pytest.mark.parametrize(("quota", "cpus"), [
    ("max 100000\n", AFFINITY),          # no quota: the affinity
    ("200000 100000\n", min(AFFINITY, 2)),
    ("150000 100000\n", min(AFFINITY, 2)),  # a core and a half: a second worker still has work
    ("50000 100000\n", 1),                # half a core: one worker, never none
    ("", AFFINITY),                       # a file this reading does not know
    ("lots of cores\n", AFFINITY),
    ("100000 0\n", AFFINITY),             # a period of 0 is no quota this reading can divide by
])
def test_a_cgroup_quota_bounds_the_workers_by_the_cores_it_pays_for(tmp_path, quota, cpus):
    (tmp_path / "cpu.max").write_text(quota)
    assert usable_cpus(tmp_path / "cpu.max") == cpus


def test_without_a_quota_file_the_affinity_sets_the_workers(tmp_path):
    assert usable_cpus(tmp_path / "absent") == AFFINITY


def test_auto_never_starts_more_than_the_cap_or_fewer_than_one(monkeypatch):
    for cpus in (1, 2, 64):
        monkeypatch.setattr("tests.conftest.usable_cpus", lambda cpus=cpus: cpus)
        assert pytest_xdist_auto_num_workers(None) == min(cpus, MAX_WORKERS)
