"""The documentation: the site builds with every link and reference resolved, and the README stays a front page."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_site_builds_strictly(tmp_path):
    # --strict: a broken link, a missing page or an unresolved API reference fails the build
    out = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert out.returncode == 0, out.stderr[-3000:]
    assert (tmp_path / "reference" / "oracle" / "index.html").exists()


def test_the_readme_is_a_front_page_under_12_kb():
    assert len((ROOT / "README.md").read_bytes()) < 12 * 1024


def test_every_docs_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    pages = [p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")]
    assert pages and all(page in nav for page in pages), [p for p in pages if p not in nav]


def _quickstart_commands() -> list[str]:
    """The shell commands of the README's quickstart block, comments left out."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Quickstart", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_ci_runs_exactly_the_readmes_test_command():
    install, test = _quickstart_commands()
    assert "countsweep count examples/" in install
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if "pytest" in line]
    assert ci == [test], (ci, test)
    assert "-n auto" in test  # the suite's workers: as many as the machine lets this process use
