"""The test harness itself: how many workers ``pytest -n auto`` starts (``tests/conftest.py``), and
the mutation runner's memory cap and explanations (``tests/mutation.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import MAX_WORKERS, pytest_xdist_auto_num_workers, usable_cpus
from tests.mutation import (
    EQUIVALENT,
    GB,
    RESULTS,
    follow,
    group_of,
    memory_cap,
    renumber_source,
    run_capped,
    stale,
    written,
)

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


# -- the mutation runners' memory cap ------------------------------------------------------------

def _allocate(megabytes: int, limit: int) -> subprocess.CompletedProcess:
    # the child waits for its input, which comes once the cap is set: no race with its start
    return run_capped([sys.executable, "-c", f"import sys; sys.stdin.read(); b = bytearray({megabytes} << 20)"],
                      limit, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_DATA bounds mapped memory on Linux only")
def test_a_test_process_past_the_mutation_runners_cap_meets_memory_error_and_below_it_runs():
    limit = 400 << 20
    past = _allocate(800, limit)
    assert past.returncode == 1 and "MemoryError" in past.stderr
    assert _allocate(100, limit).returncode == 0
    assert _allocate(800, 0).returncode == 0  # 0 sets no cap


def test_a_capped_run_past_its_time_limit_is_stopped_and_says_so():
    with pytest.raises(subprocess.TimeoutExpired):
        run_capped([sys.executable, "-c", "import time; time.sleep(60)"], 1 << 30, 0.5)


def test_the_cap_shares_the_machines_memory_among_the_test_processes_and_the_runner():
    assert memory_cap(2, total=24 * GB) == 8 * GB
    assert memory_cap(7, total=16 * GB) == 2 * GB
    assert memory_cap(1) * 2 <= os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def test_every_explanation_names_a_mutant_of_some_group():
    assert [name for name in EQUIVALENT if group_of(name) is None] == []


def test_every_explanation_names_a_mutant_its_groups_last_run_found_alive():
    # an explanation left for a mutant killed since, or renumbered, would explain the next survivor
    # that lands on its number with another mutant's reason
    assert stale(json.loads(RESULTS.read_text())) == []


def test_an_explanation_goes_stale_once_its_groups_run_no_longer_finds_its_mutant_alive():
    name = "countsweep.oracle.x_combine__mutmut_10"
    assert name in EQUIVALENT and group_of(name) == "oracle"
    assert name not in stale({"oracle": {"statuses": {name: "survived"}}})
    assert name in stale({"oracle": {"statuses": {}}})
    assert stale({}) == []  # a group never measured is not judged


def test_every_kernel_explanation_names_a_mutant_of_todays_kernel_that_was_not_killed():
    # the kernel's mutants are named by their line's text: an entry for a line since rewritten names
    # nothing, and one for a mutant killed since explains nothing
    from tests import mutation_kernel

    names = {m.name for m in mutation_kernel.all_mutants([p.name for p in sorted(mutation_kernel.KERNEL.glob("*.c"))])}
    measured = json.loads(mutation_kernel.RESULTS.read_text())["mutants"]
    assert [n for n in mutation_kernel.EQUIVALENT if n not in names] == []
    assert [n for n in mutation_kernel.EQUIVALENT if measured.get(n, {}).get("status") in mutation_kernel.CAUGHT] == []



def test_the_kernel_runners_changed_lines_are_the_lines_added_or_rewritten_since_a_commit(tmp_path, monkeypatch):
    from tests import mutation_kernel

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    (tmp_path / "kernel").mkdir()
    source = tmp_path / "kernel" / "x.c"
    source.write_text("".join(f"int a{i};\n" for i in range(1, 11)))
    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "empty")
    git("add", ".")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "x")
    lines = source.read_text().splitlines(keepends=True)
    lines[2] = "int b3;\n"  # line 3 rewritten
    lines[6:8] = ["int b7;\n", "int b8;\n", "int new;\n"]  # lines 7 and 8 rewritten, one added after them
    del lines[-1]  # the last line deleted: no line of today's file
    source.write_text("".join(lines))
    monkeypatch.setattr(mutation_kernel, "ROOT", tmp_path)
    assert mutation_kernel.changed_lines("HEAD", "kernel/x.c") == {3, 7, 8, 9}
    assert mutation_kernel.changed_lines("HEAD~1", "kernel/x.c") == set(range(1, 11))


def test_every_explanation_is_written_where_renumbering_finds_it():
    # a key, or a number of an _alike call: a name built any other way (a comprehension) would keep
    # its old number when its mutants are renumbered
    text = (Path(__file__).parent / "mutation.py").read_text()
    assert set(EQUIVALENT) <= set(written(text)), sorted(set(EQUIVALENT) - set(written(text)))[:5]


def test_explanations_follow_their_mutants_into_a_run_that_renumbered_them():
    f = "countsweep.counting.path.x__add__mutmut_"
    old = {"statuses": {f"{f}2": "survived", f"{f}4": "survived", f"{f}6": "survived"},
           "diffs": {f"{f}2": "-a", f"{f}4": "-b", f"{f}6": "-c"}}
    # an edit before them: the mutant of 2 is now 4, of 4 is 6; 6's mutant was killed; 8 is new
    new = {"statuses": {f"{f}4": "survived", f"{f}6": "survived", f"{f}8": "survived"},
           "diffs": {f"{f}4": "-a", f"{f}6": "-b", f"{f}8": "-d"}}
    saved = {n: EQUIVALENT.pop(n, None) for n in old["statuses"]}
    try:
        EQUIVALENT.update(dict.fromkeys(old["statuses"], "why"))
        moves, lost = follow(old, new)
    finally:
        for n, reason in saved.items():
            EQUIVALENT.pop(n)
            if reason is not None:
                EQUIVALENT[n] = reason
    assert moves == {f"{f}2": f"{f}4", f"{f}4": f"{f}6"} and lost == [f"{f}6"]
    text = f'E = {{**_alike("why", PATH + "x__add", 2, 4), "{f}4": "again"}}\n'
    assert renumber_source(text, moves) == (f'E = {{**_alike("why", PATH + "x__add", 4, 6), "{f}6": "again"}}\n', [])
