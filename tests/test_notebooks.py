"""Every notebook runs top to bottom on its small parameters, and matches its builder."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def builder():
    spec = importlib.util.spec_from_file_location("nb_build", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["probabilities", "counting", "play", "optimal"])
def test_notebook_executes_and_is_committed_with_outputs(name):
    build = builder()
    committed = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    expected = build.make(build.NOTEBOOKS[name])
    assert [c.source for c in committed.cells] == [c.source for c in expected.cells], \
        "notebook differs from notebooks/build.py: run python notebooks/build.py"

    def images(nb) -> int:
        return sum("image/png" in o.get("data", {}) for c in nb.cells
                   if c.cell_type == "code" for o in c.outputs)

    assert images(committed) >= 1, "committed notebook lacks its plots: run notebooks/build.py"
    build.execute(committed, timeout=600)  # raises CellExecutionError if a cell fails
    assert images(committed) >= 1
