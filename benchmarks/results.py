"""The one file every measured figure in the docs comes from: ``benchmarks/results.json``.

A benchmark script run with ``--save`` writes what it printed, with the command, countsweep's
version, the commit, the machine and the date, as one *section* of that file, and the few figures
the prose quotes (the best agent's games per second, the kernel's ratio to ms_toollib) as named
strings beside it. The docs never type a measured number themselves: they hold markers, and
``python -m benchmarks.figures`` fills them from the file (``--check`` says which are stale; the
test suite runs it). Two kinds of marker:

* a section, as a block: ``<!-- results: check -->`` ... ``<!-- /results -->`` is replaced by the
  provenance line and the section's text in a code block;
* a figure, inline: ``<!-- figure: identity.best_classic -->50<!-- /figure -->``.

So a number the README, docs/benchmarks.md, docs/agents.md and docs/cluster.md all quote is one
entry here, and measuring again changes it everywhere at once.

>>> report = Report("benchmarks.demo", ["--games", "3"], save=None)
>>> report.print("| a |")
| a |
>>> report.figure("speed", "50")
>>> section = report.section()
>>> section.command, section.text, dict(section.figures)
('python -m benchmarks.demo --games 3', '| a |', {'speed': '50'})
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import countsweep
from benchmarks.common import machine

RESULTS = Path(__file__).with_name("results.json")
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Section:
    """One benchmark run as the docs quote it: what was run, where, when, and what it printed."""

    name: str
    command: str
    version: str
    commit: str
    machine: str
    date: str
    text: str
    figures: Mapping[str, str] = field(default_factory=dict)
    note: str = ""  # why an older run is still quoted, or how it was made

    def provenance(self) -> str:
        """The line the docs print above the section's text."""
        line = (f"countsweep {self.version} (commit {self.commit}), {self.date}, {self.machine}: "
                f"`{self.command}`")
        return line + (f". {self.note}" if self.note else "")


def load(path: Path = RESULTS) -> dict[str, Section]:
    """Every saved section by name (empty when the file does not exist yet)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {name: Section(name=name, **{k: v for k, v in entry.items() if k != "name"})
            for name, entry in raw.items()}


def store(section: Section, path: Path = RESULTS) -> None:
    """Put ``section`` into the file, keeping every other section; the file is replaced whole, so
    an interrupted write leaves the previous one."""
    sections = load(path)
    sections[section.name] = section
    body = {name: {k: v for k, v in asdict(s).items() if k != "name"} for name, s in sorted(sections.items())}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".results-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(body, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def commit() -> str:
    """The short commit of the checkout, ``+changes`` when the code differs from it, ``unknown``
    outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "countsweep", "kernel", "benchmarks", "setup.py"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    changed = [line for line in dirty.splitlines() if not line.endswith("results.json")]
    return head + ("+changes" if changed else "")


def arguments(ap: argparse.ArgumentParser, section: str) -> None:
    """The two options every benchmark script takes to save its run."""
    ap.add_argument("--save", nargs="?", const=section, default=None, metavar="SECTION",
                    help=f"keep this run for the docs: a section of benchmarks/results.json (default name: {section}); "
                         "then python -m benchmarks.figures")
    ap.add_argument("--results-file", type=Path, default=RESULTS, help=argparse.SUPPRESS)


def _without_save(argv: Sequence[str]) -> list[str]:
    """The run's arguments without the ones that only say where to keep it (argparse gives a bare
    ``--save`` the next argument that is not an option, so that one goes too)."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg == "--results-file" or (arg == "--save" and i < len(argv) and not argv[i].startswith("-")):
            i += 1
        elif not arg.startswith(("--save", "--results-file=")):
            out.append(arg)
    return out


class Report:
    """What a benchmark prints, kept so that ``--save`` can store it as a :class:`Section`."""

    def __init__(self, module: str, argv: Sequence[str], save: str | None, path: Path = RESULTS) -> None:
        self.command = " ".join(["python -m " + module, *map(shlex.quote, _without_save(argv))])
        self.save = save
        self.path = path
        self._lines: list[str] = []
        self._figures: dict[str, str] = {}

    @classmethod
    def of(cls, module: str, argv: Sequence[str] | None, args: argparse.Namespace) -> Report:
        """The report of a script's ``main(argv)`` (``sys.argv`` when run from the shell)."""
        return cls(module, sys.argv[1:] if argv is None else argv, args.save, args.results_file)

    def print(self, text: str = "") -> None:
        print(text, flush=True)
        self._lines.append(text)

    def figure(self, key: str, text: str) -> None:
        """A number the prose quotes, already written as the docs show it."""
        self._figures[key] = text

    def section(self, name: str = "") -> Section:
        return Section(name=name or self.save or "", command=self.command, version=countsweep.__version__,
                       commit=commit(), machine=machine(), date=datetime.date.today().isoformat(),
                       text="\n".join(self._lines).strip("\n"), figures=dict(self._figures))

    def finish(self) -> None:
        """Store the run when ``--save`` asked for it."""
        if self.save:
            store(self.section(), self.path)
            print(f"saved as section {self.save!r} of {self.path}; python -m benchmarks.figures puts it in the docs")
