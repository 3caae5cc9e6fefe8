"""Render countsweep's docstrings (reST roles, doctests, literal blocks) as Markdown for mkdocstrings.

The docstrings are written for readers of the source and for doctest: Sphinx
roles such as ``:class:`~countsweep.oracle.Analysis``` and ``>>>`` examples.
This griffe extension turns them, at load time, into what mkdocstrings renders:
roles into cross-references (which ``mkdocs build --strict`` checks), doctest
examples and ``::`` literal blocks into code blocks, double backticks into code.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    short, target = match.group(1) == "~", match.group(2)
    shown = target.rsplit(".", 1)[-1] if short else target
    if target.startswith("countsweep."):
        return f"[`{shown}`][{target}]"
    return f"`{shown}`"


def _fence_blocks(text: str) -> str:
    """Doctest examples and ``::`` literal blocks as fenced code."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        if line.rstrip().endswith("::") and not stripped.startswith(".."):
            head = line.rstrip()[:-1]  # "Text format::" reads "Text format:"
            out.append(head if head.strip() != ":" else "")
            i += 1
            while i < len(lines) and not lines[i].strip():
                i += 1
            indent_of = len(lines[i]) - len(lines[i].lstrip()) if i < len(lines) else 0
            block = []
            while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) >= indent_of):
                block.append(lines[i][indent_of:])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            out += ["", "```text", *block, "```", ""]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def to_markdown(text: str) -> str:
    """One docstring, from the source's reST flavour to Markdown.

    >>> print(to_markdown("See :class:`~countsweep.oracle.Analysis` and ``x``."))
    See [`Analysis`][countsweep.oracle.Analysis] and `x`.
    """
    parts = re.split(r"(```.*?```)", _fence_blocks(text), flags=re.S)
    for k in range(0, len(parts), 2):  # outside code blocks only
        parts[k] = ROLE.sub(_role, parts[k]).replace("``", "`")
    return "".join(parts)


class RstToMarkdown(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value)
