"""The probability oracle: exact counts and mine probabilities for a position.

Each independent component is counted by a backend as a polynomial in its number
of mines; the sea of unconstrained cells takes the remaining mines in
``C(sea, rest)`` ways.  So with ``P`` the product of the component polynomials and
``L`` the unflagged mines left, the number of layouts is
``sum_k P[k] * C(sea, L - k)``, and a cell's count is the same sum over its own
marginal polynomial.  Everything is a Python integer or a ``Fraction``.

Without a mine total, the count is the number of frontier assignments (each sea
layout would multiply it by the same ``2**sea``), frontier probabilities are taken
over those, and sea cells get 1/2: the value under the uniform measure on all
layouts.  :attr:`Analysis.mines_known` says which case holds.

>>> from countsweep.board import Board
>>> a = analyze(Board.from_text("4x4x3\\n1???\\n????\\n??2?\\n????"))
>>> a.count, a.probability((1, 1)), a.probability((0, 1)), a.probability((0, 3))
(70, Fraction(2, 5), Fraction(3, 10), Fraction(1, 10))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from countsweep.board import FLAG, HIDDEN, Board, Cell
from countsweep.constraints import Constraints
from countsweep.counting import DEFAULT_BACKEND, Backend, Limits, get_backend
from countsweep.counting.formula import Counts
from countsweep.counting.poly import ONE, Poly, degrees, evaluate, mul
from countsweep.errors import InconsistentError


@dataclass(frozen=True)
class Analysis:
    """Exact answers for one position."""

    board: Board
    mines_known: bool
    count: int
    """Mine layouts consistent with the position (frontier assignments if the total is unknown)."""
    probabilities: dict[Cell, Fraction]
    """Mine probability of every hidden unflagged cell."""
    frontier: tuple[Cell, ...]
    sea: tuple[Cell, ...]
    components: int
    backend: str = field(default=DEFAULT_BACKEND, compare=False)
    """The backend that counted the components (answers are equal whichever it was)."""

    @property
    def safe(self) -> tuple[Cell, ...]:
        return tuple(c for c, p in self.probabilities.items() if p == 0)

    @property
    def mines_certain(self) -> tuple[Cell, ...]:
        return tuple(c for c, p in self.probabilities.items() if p == 1)

    def probability(self, cell: Cell) -> Fraction | None:
        """Mine probability of any cell: 1 for a flag, ``None`` for a revealed number."""
        v = self.board[cell]
        if v == FLAG:
            return Fraction(1)
        if v == HIDDEN:
            return self.probabilities[cell]
        return None

    def grid(self) -> list[list[Fraction | None]]:
        """:meth:`probability` of every cell, row by row."""
        b = self.board
        return [[self.probability((r, c)) for c in range(b.width)] for r in range(b.height)]

    def to_dict(self, exact: bool = False) -> dict:
        """The machine-readable answer ``countsweep count --json`` prints.

        Counts are decimal strings (they outgrow every JSON number type); each
        cell's probability is a float, 1.0 for a flag and ``None`` for a revealed
        number; with ``exact`` also ``exact``, the same grid as ``"num/den"``.

        >>> from countsweep.board import Board
        >>> d = analyze(Board.from_text("3x1x1\\n?1?")).to_dict(exact=True)
        >>> d["count"], d["count_scope"], d["probabilities"], d["exact"]
        ('2', 'layouts', [[0.5, None, 0.5]], [['1/2', None, '1/2']])
        """
        grid = self.grid()
        out: dict[str, object] = {
            "width": self.board.width,
            "height": self.board.height,
            "mines": self.board.mines,
            "count": str(self.count),
            "count_scope": "layouts" if self.mines_known else "frontier",
            "backend": self.backend,
            "probabilities": [[None if p is None else float(p) for p in row] for row in grid],
            "safe": [list(c) for c in self.safe],
            "mines_certain": [list(c) for c in self.mines_certain],
            "frontier": len(self.frontier),
            "sea": len(self.sea),
            "components": self.components,
        }
        if exact:
            out["exact"] = [[None if p is None else f"{p.numerator}/{p.denominator}" for p in row]
                            for row in grid]
        return out


def _weights(others: Poly, ways: list[int], span: range) -> dict[int, int]:
    """``W[a] = sum_b others[b] * ways[a + b]`` for each ``a`` in ``span``.

    ``ways[j]`` is the number of ways to place the mines left over when the
    frontier holds ``j`` (zero past the end).
    """
    out = {}
    for a in span:
        out[a] = sum(c * ways[a + b] for b, c in zip(degrees(others), others.coeffs, strict=True)
                     if a + b < len(ways))
    return out


def _dot(p: Poly, w: dict[int, int]) -> int:
    return sum(c * w[a] for a, c in zip(degrees(p), p.coeffs, strict=True))


def combine(model: Constraints, counts: list[Counts], parts: list[tuple[Cell, ...]] | None = None,
            backend: str = DEFAULT_BACKEND, limits: Limits | None = None) -> Analysis:
    """The oracle's arithmetic: component polynomials and the sea into exact answers.

    ``counts[i]`` counts the cells ``parts[i]`` (by default the model's
    components); the parts must cover the frontier, each cell once.
    """
    limits = (limits or Limits()).started()
    board = model.board
    cells_of = parts if parts is not None else [comp.cells for comp in model.components]
    totals = [c.total for c in counts]
    for cells, c in zip(cells_of, counts, strict=True):
        if not c.total.coeffs:
            near = set(cells)
            numbers = sorted(n for n in board.numbers() if near & set(board.neighbours(n)))
            sources = ", ".join(f"[{r}, {col}]" for r, col in numbers[:6]) or "none"
            raise InconsistentError(f"no mine layout fits the numbers at cells {sources}")
    sea = len(model.sea)
    left = model.mines_left
    probs: dict[Cell, Fraction] = {}
    # prefix[i] * suffix[i+1]: product of all component polynomials but the i-th.
    prefix = [ONE]
    for t in totals:
        prefix.append(mul(prefix[-1], t))
    product = prefix[-1]
    suffix = [ONE] * (len(totals) + 1)
    for i in range(len(totals) - 1, -1, -1):
        suffix[i] = mul(suffix[i + 1], totals[i])
    if left is None:
        count = evaluate(product, 1)
        for cells, c in zip(cells_of, counts, strict=True):
            own = evaluate(c.total, 1)
            for cell, m in zip(cells, c.marginals, strict=True):
                probs[cell] = Fraction(evaluate(m, 1), own)
        for cell in model.sea:
            probs[cell] = Fraction(1, 2)
    else:
        count = sum(c * comb(sea, left - k) for k, c in zip(degrees(product), product.coeffs, strict=True)
                    if 0 <= left - k <= sea)
        if count == 0:
            lo = product.low
            hi = product.low + len(product.coeffs) - 1
            raise InconsistentError(
                f"the mine total cannot be met: {left} unflagged mines left, the frontier holds "
                f"{lo} to {hi} and the {sea} sea cells the rest"
            )
        ways = [comb(sea, left - j) if left - j <= sea else 0 for j in range(left + 1)]
        for i, (cells, c) in enumerate(zip(cells_of, counts, strict=True)):
            limits.check("while combining the components")
            w = _weights(mul(prefix[i], suffix[i + 1]), ways, degrees(c.total))
            for cell, m in zip(cells, c.marginals, strict=True):
                probs[cell] = Fraction(_dot(m, w), count)
        if sea:
            in_sea = sum(c * comb(sea - 1, left - k - 1) for k, c in zip(degrees(product), product.coeffs, strict=True)
                         if 0 <= left - k - 1 <= sea - 1)
            for cell in model.sea:
                probs[cell] = Fraction(in_sea, count)
    ordered = {cell: probs[cell] for cell in board.hidden()}
    return Analysis(board, left is not None, count, ordered, model.frontier, model.sea,
                    len(model.components), backend)


def analyze(board: Board, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None) -> Analysis:
    """Count the layouts of ``board`` and every hidden cell's mine probability, exactly.

    Parameters
    ----------
    board
        The position.  Without a mine total the count is of frontier
        assignments (see the module's notes).
    backend
        A backend name from :func:`~countsweep.counting.backend_names`, or any
        :class:`~countsweep.counting.Backend`.
    limits
        Bounds on time and memory; one deadline covers the whole position.

    Raises
    ------
    InconsistentError
        When no layout fits the position.
    LimitExceeded
        When a limit is hit.
    """
    engine = get_backend(backend) if isinstance(backend, str) else backend
    limits = (limits or Limits()).started()
    model = Constraints.of(board)
    counts = [engine.count(comp.formula(), limits) for comp in model.components]
    return combine(model, counts, backend=engine.name, limits=limits)


def count(board: Board, backend: str | Backend = DEFAULT_BACKEND, limits: Limits | None = None) -> int:
    """The number of mine layouts consistent with ``board`` (see :func:`analyze`)."""
    return analyze(board, backend, limits).count


def probabilities(board: Board, backend: str | Backend = DEFAULT_BACKEND,
                  limits: Limits | None = None) -> dict[Cell, Fraction]:
    """Exact mine probability of every hidden unflagged cell of ``board``."""
    return analyze(board, backend, limits).probabilities
