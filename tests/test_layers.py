"""The package's layers: imports point down only, and no module imports itself in a circle.

Every ``import`` in the package counts, function-level ones included: a lazy
import still ties the two modules together.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "countsweep"

# Bottom up; a module may import modules of its own layer or below, never above.
LAYERS = [
    ("countsweep.errors", "countsweep.intervals", "countsweep.files", "countsweep.interrupts", "countsweep.kernel",
     "countsweep._kernel"),
    ("countsweep.counting",),
    ("countsweep.topology", "countsweep.board", "countsweep.clues"),
    ("countsweep.constraints",),
    ("countsweep.analysis",),
    ("countsweep.encode",),
    ("countsweep.oracle",),
    ("countsweep.compiled", "countsweep.rules"),
    ("countsweep.check",),
    ("countsweep.play",),
    ("countsweep.render", "countsweep.plot", "countsweep.serve"),
    ("countsweep.cli", "countsweep.__main__", "countsweep._moved", "countsweep"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache  # parsed once per process, not once per parametrized test
def imports() -> dict[str, frozenset[str]]:
    """Each package module and the package modules it imports."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    compiled = {module_name(p.with_suffix(".py")) for p in PACKAGE.rglob("*.pyi")}  # C extensions (their stubs)
    graph: dict[str, frozenset[str]] = {name: frozenset() for name in compiled}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # "from countsweep.encode import cnf" imports the module countsweep.encode.cnf
                known = modules.keys() | compiled
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                           for a in node.names]
            else:
                continue
            found.update(t for t in targets if (t in modules or t in compiled) and t != name)
        graph[name] = frozenset(found)
    return graph


def layer(name: str) -> int:
    best = None
    for i, members in enumerate(LAYERS):
        for prefix in members:
            if name == prefix or (name.startswith(prefix + ".") and prefix != "countsweep"):
                best = i
    assert best is not None, f"{name} is in no layer: add it to LAYERS"
    return best


@pytest.mark.long
def test_every_module_belongs_to_a_layer():
    for name in imports():
        layer(name)


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(imports()))
def test_module_imports_nothing_above_its_layer(name):
    above = sorted(t for t in imports()[name] if layer(t) > layer(name))
    assert not above, f"{name} (layer {layer(name)}) imports {above}"


def test_counting_imports_only_itself_and_the_errors():
    for name, targets in imports().items():
        if name.startswith("countsweep.counting"):
            outside = {t for t in targets if not t.startswith("countsweep.counting")} - {"countsweep.errors"}
            assert not outside, f"{name} imports {sorted(outside)}"


def test_the_package_has_no_import_cycle():
    graph = imports()
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt):], nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
