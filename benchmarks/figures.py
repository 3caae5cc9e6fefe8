"""Fill the docs' measured figures from ``benchmarks/results.json``: ``python -m benchmarks.figures``.

Every block marker (``<!-- results: NAME -->`` ... ``<!-- /results -->``) and inline marker
(``<!-- figure: NAME.KEY -->`` ... ``<!-- /figure -->``) in README.md and docs/*.md is rewritten from
the saved section it names (see :mod:`benchmarks.results`). ``--check`` rewrites nothing and exits
1 naming every marker whose text differs from the file, or that names a section or figure the file
does not hold; the test suite runs that check, so a doc cannot quote a number no run produced.

>>> text = "speed <!-- figure: demo.speed -->?<!-- /figure --> games/s"
>>> section = Section("demo", "python -m benchmarks.demo", "0.2.0", "abc1234", "a machine", "2026-11-25",
...                   "| a |", {"speed": "50"})
>>> fill(text, {"demo": section})[0]
'speed <!-- figure: demo.speed -->50<!-- /figure --> games/s'
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from benchmarks.results import RESULTS, ROOT, Section, load

BLOCK = re.compile(r"(<!-- results: (?P<name>[\w.-]+) -->\n)(?P<body>.*?)(<!-- /results -->)", re.S)
INLINE = re.compile(r"(<!-- figure: (?P<name>[\w-]+)\.(?P<key>[\w.-]+) -->)(?P<body>.*?)(<!-- /figure -->)", re.S)


def documents(root: Path = ROOT) -> list[Path]:
    """The files whose markers are filled: the README and every page of the docs."""
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def render(section: Section) -> str:
    """A section as the docs show it: its provenance, then what the run printed, verbatim."""
    return f"*{section.provenance()}*\n\n```text\n{section.text}\n```\n"


def fill(text: str, sections: Mapping[str, Section]) -> tuple[str, list[str]]:
    """``text`` with every marker filled, and a sentence for each marker the sections cannot fill
    (those are left as they are)."""
    missing: list[str] = []

    def block(m: re.Match[str]) -> str:
        section = sections.get(m["name"])
        if section is None:
            missing.append(f"results section {m['name']!r} is not in {RESULTS.name}")
            return m[0]
        return m[1] + render(section) + m[4]

    def inline(m: re.Match[str]) -> str:
        section = sections.get(m["name"])
        value = None if section is None else section.figures.get(m["key"])
        if value is None:
            missing.append(f"figure {m['name']}.{m['key']} is not in {RESULTS.name}")
            return m[0]
        return m[1] + value + m[5]

    return INLINE.sub(inline, BLOCK.sub(block, text)), missing


def stale(root: Path = ROOT, results: Path = RESULTS) -> list[str]:
    """One line for each document whose markers differ from the saved results, or name what is not
    there; empty when the docs quote exactly what was measured."""
    sections = load(results)
    problems: list[str] = []
    for path in documents(root):
        text = path.read_text(encoding="utf-8")
        filled, missing = fill(text, sections)
        rel = path.relative_to(root)
        problems += [f"{rel}: {m}" for m in missing]
        if filled != text:
            problems.append(f"{rel}: quotes figures that differ from {results.name} (python -m benchmarks.figures)")
    return problems


def write(root: Path = ROOT, results: Path = RESULTS) -> list[Path]:
    """Rewrite every document whose markers are stale; the paths rewritten."""
    sections = load(results)
    changed = []
    for path in documents(root):
        text = path.read_text(encoding="utf-8")
        filled, _ = fill(text, sections)
        if filled != text:
            path.write_text(filled, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="rewrite nothing; exit 1 if any marker is stale")
    args = ap.parse_args(argv)
    if args.check:
        problems = stale()
        print("\n".join(problems) or "every figure in the docs is the one saved")
        sys.exit(1 if problems else 0)
    for path in write():
        print(f"rewrote {path.relative_to(ROOT)}")
    for problem in stale():
        print(problem)


if __name__ == "__main__":
    main()
