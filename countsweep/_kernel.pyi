"""Types of countsweep's compiled kernel (kernel/*.c): what mypy checks every call against."""

from collections.abc import Callable, Mapping
from typing import Any, Final

MAX_CELLS: Final[int]
"""A part of more cells than this is left to the Python implementation under a mine total or a prior (2080
with 128-bit counts, 58 without); so is one whose rows, one set a modulus, would pass PART_BYTES (256 MiB), and
one past PLAIN_CELLS whose mine counts may span less than an eighth of its cells (WINDOW_SHARE)."""
PLAIN_CELLS: Final[int]
"""Without a total or a prior, a part of more cells than this is left to the Python implementation, which
counts it plainly along a path (360 with 128-bit counts, 58 without)."""
MAX_BOX: Final[int]
"""A box of more cells than this is left to the Python implementation (120, 58)."""
MAX_UNLISTED: Final[int]
"""The most sea cells ``analyze`` takes as a count (``unlisted``): 2**20."""
WIDE_COUNTS: Final[int]
"""1 where the kernel was built with 128-bit counts (``__int128``), else 0."""
DEBUG: Final[int]
"""1 in a debug build (``-DCOUNTSWEEP_DEBUG``): the ``_position``, ``_binomial``, ``_arena``, ``_crt``, ``_divexact``,
``_path_limits``, ``_part_bytes``, ``_enum_nodes``, ``_memo_hash_bits`` and ``_fraction_forget`` hooks exist."""
SEARCH_MAX_DEPTH: Final[int]
"""The endgame ``Search``'s depth limit when none is given: 200, the Python search's ``MAX_DEPTH``."""

class NoLayout(Exception):
    """No mine layout fits the position."""

class TooLarge(Exception):
    """The answer would pass ``analyze``'s ``max_bytes``: its argument is the bytes estimated."""

class Neighbourhood:
    """Which cells see which: cell ``i`` sees ``next[start[i]:start[i + 1]]`` (native int32 bytes).

    Checked when made: offsets from 0 to ``len(next)``, every neighbour a cell,
    none twice, none the cell itself.
    """

    def __init__(self, start: bytes, next: bytes) -> None: ...
    @classmethod
    def lattice(cls, height: int, width: int, offsets: bytes = ..., wrap: bool = ..., hex: bool = ...,
                depth: int = ...) -> Neighbourhood: ...
    def around(self, cell: int, /) -> tuple[int, ...]: ...
    @property
    def cells(self) -> int: ...
    @property
    def max_degree(self) -> int: ...

class Answer:
    """A position's exact answer (a struct sequence: its fields by name, or as a tuple)."""

    count: int
    scale: int
    groups: list[tuple[int, int, int, tuple[Any, ...]]]
    hidden: tuple[Any, ...]
    group_of: list[int]
    frontier: tuple[Any, ...]
    sea: tuple[Any, ...]
    components: int
    readings: list[tuple[int, int]] | None
    values: list[Any] | None
    probabilities: dict[Any, Any] | None

def analyze(rows: tuple[tuple[int, ...], ...], neighbourhood: Neighbourhood, mines: int | None,
            cells: tuple[Any, ...], *, readings: Mapping[int, tuple[int, ...] | None] | None = ...,
            max_cells: int = ..., max_nodes: int = ..., stop: Callable[[], bool] | None = ...,
            path_nodes: int = ..., value: Callable[[int, int], Any] | None = ...,
            unlisted: int = ..., max_bytes: int = ..., enum_boxes: int = ...,
            density: tuple[int, int] | None = ..., group: type[tuple[Any, ...]] | None = ...) -> Answer | None: ...

class Search:
    """The exact endgame search over bit sets of layouts (kernel/search.h).

    Checked when made: each bit set as long as the layouts' words, no bit past the layouts, and
    each cut's sets disjoint (a layout has a mine at the cut or shows one number there); a
    position's layouts must be placed by every cut (ValueError otherwise).
    """

    def __init__(self, layouts: int, cuts: list[tuple[bytes, tuple[bytes, ...]]], max_positions: int,
                 max_depth: int = ...) -> None: ...
    def wins(self, position: bytes, beat: int = -1, /) -> int | None: ...
    def after(self, position: bytes, cut: int, beat: int, /) -> int | None: ...
    def best(self, position: bytes, options: list[tuple[int, int]], beat: int = -1, /) -> tuple[int, int] | None: ...
    @property
    def positions(self) -> int: ...
    @property
    def stopped(self) -> str | None: ...

_Equations = list[tuple[tuple[int, ...], int, int]]
_Components = list[list[tuple[tuple[int, ...], tuple[int, ...]]]]

def _position(rows: tuple[tuple[int, ...], ...], neighbourhood: Neighbourhood,
              readings: Mapping[int, tuple[int, ...] | None] | None = ...) -> tuple[_Equations, _Components] | int:
    """Debug builds only: a position's equations and components (or its status, when not DONE)."""

def _binomial(n: int, k: int, /) -> int:
    """Debug builds only: C(n, k) from the kernel's table."""

def _arena(requests: list[tuple[int, int] | None], /) -> list[bool | None]:
    """Debug builds only: whether one arena handed out each request's ``count * size`` zeroed bytes (None: a
    reset)."""

def _crt(residues: list[int], /) -> int:
    """Debug builds only: a natural from its residues."""

def _divexact(x: int, d: int, /) -> int:
    """Debug builds only: ``x // d`` by the combination's exact division (``d`` divides ``x``)."""

def _memo_hash_bits(bits: int, /) -> int:
    """Debug builds only: both memos' hashes (the counting search's and the endgame ``Search``'s) kept
    to their low ``bits`` bits (64: all of them; 0: every key's hash is 0), so that the tests make
    different keys meet in one slot.  Returns how
    many look-ups met another key's hash since the last call, and starts that tally again."""

def _enum_nodes(nodes: int, /) -> int:
    """Debug builds only: the nodes a part's fillings may take before it is searched instead (0: the
    default, ENUM_NODES); returns how many parts passed the limit since the last call."""

def _fraction_forget() -> int:
    """Debug builds only: forget ``fractions.Fraction`` as the kernel looked it up, so that the next
    ``analyze`` given ``value=`` looks it up and checks it again; returns what it had found: 1 Fractions
    made in C, -1 ``Fraction`` called, 0 not looked up yet (``kernel/fraction.h``)."""

def _part_bytes(size: int, /) -> int:
    """Debug builds only: the bytes a part's rows (its total and every box's marginal by mine count, one
    set a modulus) may take while it is counted, past which it goes to the Python implementation (0: the
    default, PART_BYTES); returns how many parts declined past the limit since the last call."""

def _path_given() -> tuple[int, int]:
    """Debug builds only: how many parts counted along a path since the last call had the boxes as
    given for their third order (a rule set's cells as its payload names them), and how many had
    the breadth-first order from their first box (it kept fewer constraints open at once)."""

def _path_guessed() -> tuple[int, int]:
    """Debug builds only: how many parts counted along a path since the last call tried a fourth
    order, guessed by estimating the states of breadth-first orders from many starts (their best of
    three held more than GUESS_STATES states, or none fitted), and how many of them took it."""

def _path_limits(states: int, coefs: int, /) -> None:
    """Debug builds only: the states a path's layer and the coefficients it keeps at once may reach
    before the part declines to the search (0: the defaults, PATH_MAX_STATES and PATH_MAX_COEFS)."""
