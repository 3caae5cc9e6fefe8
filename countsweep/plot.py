"""Pictures of positions: a heatmap of mine probabilities (matplotlib).

Hidden cells are coloured by their exact mine probability (green safe, red
mine) with the percentage written in; revealed cells are grey with their number;
certain-safe cells carry a white ``S``, certain mines and flags a black ``*`` /
``F``.  The same function serves the CLI (``count --plot``) and notebooks.

>>> from countsweep.board import Board
>>> from countsweep.oracle import analyze
>>> fig = draw(analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????")))
>>> fig.axes[0].get_title()
'4x4, 3 mines: 70 layouts'
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from countsweep.analysis import checked_analysis
from countsweep.board import CLEARED, FLAG, HIDDEN
from countsweep.counting.poly import decimal
from countsweep.errors import ParameterError, shown
from countsweep.files import as_path, write_output
from countsweep.oracle import Analysis

CMAP = LinearSegmentedColormap.from_list("mines", ["#1a9850", "#fee08b", "#d73027"])


def _title(a: Analysis) -> str:
    b = a.board
    if a.weighted:
        prior = f"{b.mines} mines" if a.mines_known else (f"density {a.density}" if a.density else "total unknown")
        return f"{b.dimensions}, {prior}, clues {a.clue_model}: weight {float(a.weight):.4g}"
    count = decimal(a.count)
    shown = count if len(count) <= 12 else f"{count[0]}.{count[1:4]}e{len(count) - 1}"
    if a.mines_known:
        return f"{b.dimensions}, {b.mines} mines: {shown} layouts"
    return f"{b.dimensions}, total unknown: {shown} frontier assignments"


def draw(a: Analysis, ax=None, title: str | None = None, numbers: bool = True):
    """Draw ``a`` on ``ax``, or on a new figure (no pyplot, no display needed); returns the figure."""
    b = checked_analysis(a).board
    if ax is None:
        scale = 0.42 if b.width > 12 else 0.6
        fig = Figure(figsize=(max(3.5, b.width * scale + 1.4), max(2.5, b.height * scale + 0.8)))
        ax = fig.subplots()
    else:
        fig = ax.figure
    grid = np.full((b.height, b.width), np.nan)
    for (r, c), p in a.probabilities.items():
        grid[r, c] = float(p)
    ax.set_facecolor("#bdbdbd")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=CMAP, vmin=0, vmax=1, interpolation="nearest")
    small = 7 if b.width > 12 else 9
    for r in range(b.height):
        for c in range(b.width):
            v = b[r, c]
            if v == FLAG:
                ax.text(c, r, "F", ha="center", va="center", fontsize=small + 1, weight="bold")
            elif v == CLEARED:
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, color="#d9d9d9"))
                ax.text(c, r, "-", ha="center", va="center", fontsize=small + 1, color="#525252")
            elif v >= 0:
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, color="#d9d9d9"))
                if v:
                    ax.text(c, r, str(v), ha="center", va="center", fontsize=small + 1, weight="bold",
                            color="#08306b")
            elif numbers and v == HIDDEN:
                p = a.probabilities[(r, c)]
                if p == 0:
                    ax.text(c, r, "S", ha="center", va="center", fontsize=small + 1, weight="bold",
                            color="white")
                elif p == 1:
                    ax.text(c, r, "*", ha="center", va="center", fontsize=small + 3, weight="bold")
                else:
                    ax.text(c, r, f"{float(p) * 100:.0f}", ha="center", va="center", fontsize=small - 1)
    ax.set_xticks(range(b.width))
    ax.set_yticks(range(b.height))
    ax.tick_params(labelsize=6 if b.width > 12 else 8, length=0)
    ax.set_xticks(np.arange(-0.5, b.width), minor=True)
    ax.set_yticks(np.arange(-0.5, b.height), minor=True)
    ax.grid(which="minor", color="white", linewidth=0.6)
    ax.tick_params(which="minor", length=0)
    ax.set_title(title if title is not None else _title(a), fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.035, pad=0.02, label="mine probability")
    return fig


SUFFIXES = (".png", ".svg", ".pdf")
"""The formats :func:`save` writes, by the file's suffix."""


def save(a: Analysis, path: Path, title: str | None = None, force: bool = False) -> None:
    """Write the heatmap to ``path`` (format from its suffix: .png, .svg, .pdf).

    Through :func:`countsweep.files.write_output`: atomic, and an existing file is
    replaced only with ``force``.
    """
    path = as_path(path)  # the Analysis is checked by draw
    if path.suffix.lower() not in SUFFIXES:
        raise ParameterError(f"path: a heatmap's file ends in {', '.join(SUFFIXES)}, not {shown(path.name)}")
    buffer = io.BytesIO()
    draw(a, title=title).savefig(buffer, format=path.suffix.lstrip(".").lower(), dpi=150, bbox_inches="tight")
    write_output(path, buffer.getvalue(), force=force)
