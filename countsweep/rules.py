"""Rules over named cells, with no board at all: minesweepr's payload, counted exactly.

A position needs no geometry: a list of *rules*, each "between ``min`` and
``max`` of these cells are mines" (``num_mines``: exactly that many), and what
is known of the whole, the cells ``total_cells`` and their mines
``total_mines``.  This is minesweepr's solver input, read as it is::

    {"rules": [{"num_mines": 1, "cells": ["A", "B"]},
               {"min_mines": 1, "max_mines": 2, "cells": ["B", "C", "D"]}],
     "total_cells": 85, "total_mines": 10}

``total_cells`` counts every covered cell, the ones no rule names included
(they are the *others*: only the total sees them, and they share one
probability, reported under ``"_other"``).  Instead of a total, ``"mine_prob":
p`` makes every cell a mine independently with probability ``p`` (read exactly:
``0.2`` is 1/5); with neither, the count is of the named cells' assignments and
the others get 1/2, as for a board without a total.

minesweepr's API also takes a board drawn in characters, ``{"board": "..1x\\n..1x",
"total_mines": 2}`` (``.`` an opened empty cell, a digit an opened number,
``*`` a known mine, ``x`` a covered cell, rows apart by whitespace): it is read
as minesweepr's own reader reads it with everything in, into rules over cells
named ``row-column`` from 1, zero-padded (``"01-02"`` on a board of ten or more
rows), and answered as they are, opened cells and known mines included.

Keys minesweepr does not read are left aside and named in
:attr:`RuleSet.ignored` (the command line and the HTTP answer say them): a
misspelt ``"total_mine"`` asks another question, and says so.

Any topology, any variant rule (every 2x2 holds a mine, no three in a line) is
such a list, so every counting backend answers it: the rules become a
:class:`~countsweep.constraints.Constraints` model whose ``i``-th named cell is
``(0, i)``, counted component by component and combined exactly as a board is.

>>> rs = RuleSet.from_payload({"rules": [{"num_mines": 1, "cells": ["a", "b"]},
...                                      {"num_mines": 1, "cells": ["b", "c"]}],
...                            "total_cells": 5, "total_mines": 2})
>>> answer = analyze_rules(rs)
>>> answer.count, answer.probability("b"), answer.other
(3, Fraction(2, 3), Fraction(1, 3))
>>> answer.to_dict(exact=True)["probabilities"]
{'a': '1/3', 'b': '2/3', 'c': '1/3', '_other': '1/3'}
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from countsweep.analysis import Analysis, Group
from countsweep.board import CLEARED, HIDDEN
from countsweep.constraints import Constraints, Equation, reading_key
from countsweep.counting import BACKENDS, DEFAULT_BACKEND, Backend, Limits
from countsweep.counting.base import limits_of
from countsweep.counting.poly import decimal
from countsweep.errors import InconsistentError, InputError, ParameterError, ParameterTypeError, shown
from countsweep.files import is_text, parse_json
from countsweep.kernel import KERNEL, choose
from countsweep.oracle import (
    KERNEL_NODES,
    answer_too_large,
    backend_of,
    combine,
    count_components,
    kernel_limits,
)

PAYLOAD_KEYS = ("rules", "total_cells", "total_mines", "mine_prob")
"""The keys of a rules payload; :attr:`RuleSet.ignored` names any other."""
BOARD_KEYS = ("board", "total_mines")
"""The keys of a payload holding a board drawn in characters."""
RULE_KEYS = ("cells", "num_mines", "min_mines", "max_mines")
"""The keys of one rule."""

OTHER = "_other"
"""The key of the cells no rule names, in answers (minesweepr's ``other_tag``)."""

MAX_CELLS = 10**7
"""Payloads naming more cells than this, or with a larger ``total_cells``, are refused: their answer
alone would not fit in memory, and a binomial over more cells takes minutes."""


@dataclass(frozen=True)
class Rule:
    """Between ``lo`` and ``hi`` of ``cells`` are mines."""

    cells: tuple[int, ...]
    """Indices into the rule set's :attr:`RuleSet.names`."""
    lo: int
    hi: int


@dataclass(frozen=True)
class RuleSet:
    """Rules over named cells and what is known of the whole (see the module's notes)."""

    names: tuple[str, ...]
    """Every named cell, in the order the payload first names them."""
    rules: tuple[Rule, ...]
    total_cells: int | None = None
    total_mines: int | None = None
    mine_prob: Fraction | None = None
    ignored: tuple[str, ...] = ()
    """The payload's keys no rule set has, where they stand (``"total_mine"``, ``"rules[2].num_mine"``)."""

    @property
    def others(self) -> int:
        """Cells no rule names: only the total (or the prior) sees them."""
        return 0 if self.total_cells is None else self.total_cells - len(self.names)

    @classmethod
    def from_json(cls, text: str, where: str = "payload") -> RuleSet:
        """A rule set from JSON text (numbers read exactly, as written)."""
        if not isinstance(text, (str, bytes)):
            raise ParameterTypeError(f"text: expected JSON text, not {shown(text)}")
        try:
            doc = parse_json(text, parse_float=_JsonNumber)
        except ValueError as exc:
            raise InputError(f"{where}: not JSON ({exc})") from None
        return cls.from_payload(doc, where)

    @classmethod
    def from_payload(cls, doc: Any, where: str = "payload") -> RuleSet:
        """A rule set from minesweepr's payload (a parsed JSON object); :class:`InputError` says what is wrong."""
        if isinstance(doc, dict) and "board" in doc:  # minesweepr's API looks for a board first
            return cls.from_board(doc, where)
        if not isinstance(doc, dict) or not isinstance(doc.get("rules"), list):
            raise InputError(f"{where}: expected an object with \"rules\": a list of "
                             "{\"num_mines\": k, \"cells\": [...]}")
        index: dict[str, int] = {}
        names: list[str] = []
        rules = []
        ignored = list(_unknown(doc, PAYLOAD_KEYS))
        for k, raw in enumerate(doc["rules"]):
            place = f"{where}: rules[{k}]"
            if not isinstance(raw, dict) or not isinstance(raw.get("cells"), list):
                raise InputError(f"{place}: expected an object with \"cells\": a list of cell names")
            cells = []
            for j, name in enumerate(raw["cells"]):
                key = _name(name, f"{place}.cells[{j}]")
                if key not in index:
                    index[key] = len(names)
                    names.append(key)
                cells.append(index[key])
            if len(set(cells)) != len(cells):
                twice = next(names[c] for c in cells if cells.count(c) > 1)
                raise InputError(f"{place}: cell {twice!r} is named twice in one rule")
            lo, hi = _bounds(raw, place, len(cells))
            rules.append(Rule(tuple(cells), lo, hi))
            ignored.extend(f"rules[{k}].{key}" for key in _unknown(raw, RULE_KEYS))
        if len(names) > MAX_CELLS:
            raise InputError(f"{where}: {len(names)} named cells; at most {MAX_CELLS}")
        total_cells = _count_field(doc, "total_cells", where)
        total_mines = _count_field(doc, "total_mines", where)
        mine_prob = None
        if "mine_prob" in doc:
            if total_mines is not None:
                raise InputError(f"{where}: give \"total_mines\" or \"mine_prob\", not both")
            mine_prob = _probability(doc["mine_prob"], f"{where}: mine_prob")
        if total_cells is not None and total_cells < len(names):
            raise InputError(f"{where}: total_cells is {shown(total_cells)} but the rules name {len(names)} cells "
                             "(total_cells counts every covered cell, the named ones included)")
        if total_cells is not None and total_cells > MAX_CELLS:
            raise InputError(f"{where}: total_cells is {shown(total_cells)}; at most {MAX_CELLS}")
        if OTHER in index and total_cells is not None and total_cells > len(names):
            # the answer's key for the cells no rule names: one name for two meanings
            raise InputError(f"{where}: a cell is named {OTHER!r}, the key of the cells no rule names; rename it")
        return cls(tuple(names), tuple(rules), total_cells, total_mines, mine_prob, tuple(ignored))

    @classmethod
    def from_board(cls, doc: dict, where: str = "payload") -> RuleSet:
        """The rules of a board drawn in characters, ``{"board": text, "total_mines": n}``, as
        minesweepr's reader makes them with everything in: a rule for each number over its covered
        cells and known mines, one for the known mines, one saying the opened cells are clear and one
        for the cells beside an empty cell not yet opened; ``total_cells`` is the whole board.

        >>> rs = RuleSet.from_payload({"board": "1x\\n1x", "total_mines": 1})
        >>> rs.total_cells, analyze_rules(rs).to_dict(exact=True)["probabilities"]
        (4, {'1-1': '0/1', '1-2': '1/2', '2-1': '0/1', '2-2': '1/2'})
        """
        text = doc["board"]
        if not isinstance(text, str):
            raise InputError(f"{where}: board: expected the board drawn in characters, not {_as_json(text)}")
        total_mines = _count_field(doc, "total_mines", where)
        if total_mines is None:
            raise InputError(f"{where}: a board needs \"total_mines\", the mines on the whole board")
        rows = text.split()
        width = len(rows[0]) if rows else 0
        if len(rows) * width > MAX_CELLS:
            raise InputError(f"{where}: board: {len(rows)} rows of {width} cells; at most {MAX_CELLS} cells")
        for r, row in enumerate(rows):
            if len(row) != width:
                raise InputError(f"{where}: board: row {r + 1} has {len(row)} cells, row 1 {width}")
            if not _DRAWN.issuperset(row):
                bad = next(c for c in row if c not in _DRAWN)
                raise InputError(f"{where}: board: row {r + 1}: {bad!r} is not one of . * x 0-9")
        rules = _drawn_rules(rows, where)
        named = sorted({cell for _, cells in rules for cell in cells})
        index = {cell: i for i, cell in enumerate(named)}
        every = _drawn_names(len(rows), width)
        return cls(tuple(every[cell] for cell in named),
                   tuple(Rule(tuple(index[cell] for cell in cells), k, k) for k, cells in rules),
                   len(rows) * width, total_mines, None, tuple(_unknown(doc, BOARD_KEYS)))

    def model(self) -> Constraints:
        """The rules as a model: named cell ``i`` is ``(0, i)``; rule ``k``'s equation comes from ``(-1, k)``."""
        equations = []
        for k, rule in enumerate(self.rules):
            if not rule.cells:  # a rule over no cell holds or not, whatever the layout
                if rule.lo > 0:
                    raise InconsistentError(f"rule {k} asks for {rule.lo} mines among no cells")
                continue
            hi = min(rule.hi, len(rule.cells))
            equations.append(Equation(tuple((0, c) for c in rule.cells), rule.lo, (-1, k), None,
                                      None if hi == rule.lo else hi))
        mines = self.total_mines
        if mines is not None and mines > len(self.names) + self.others:
            raise InconsistentError(f"{shown(mines)} mines but only {len(self.names) + self.others} cells")
        return Constraints.of_rules(len(self.names), tuple(equations), mines, self.others)


class _JsonNumber(str):
    """A JSON number with a fraction or an exponent, kept as written: ``mine_prob`` reads it exactly
    (0.2 is 1/5, not the double next to it), and a cell's name or a count refuses it, as
    :meth:`RuleSet.from_payload` refuses a float, where ``str`` would have made ``1.5`` a cell
    named ``"1.5"``.

    >>> RuleSet.from_json('{"rules": [], "mine_prob": 0.2}').mine_prob
    Fraction(1, 5)
    """


def _as_json(value: object, room: int = 40) -> str:
    """``value`` as the payload wrote it, cut at ``room`` characters, for a message: JSON where it
    is JSON, its ``repr`` where a Python payload holds something else (a set, a huge integer:
    :func:`~countsweep.errors.shown`).  Each level of a list or an object writes a character at
    least, so a deep one is left within ``room`` levels.

    >>> _as_json([_JsonNumber("0.5"), {"a": None}]), _as_json(list(range(100)), 12), _as_json({1, 2})
    ('[0.5, {"a": null}]', '[0, 1, 2, 3,', '{1, 2}')
    """
    if isinstance(value, _JsonNumber):
        return value[:room]
    if isinstance(value, (list, dict)):
        close = "}" if isinstance(value, dict) else "]"
        pairs = ((f"{_as_json(k, room)}: ", v) for k, v in value.items()) if isinstance(value, dict) \
            else (("", v) for v in value)
        out = "{" if isinstance(value, dict) else "["
        for k, (key, item) in enumerate(pairs):
            if len(out) >= room:
                break
            out += (", " if k else "") + key
            out += _as_json(item, room - len(out)) if len(out) < room else ""
        return (out + close)[:room]
    if value is None or isinstance(value, (bool, str, float)) or (isinstance(value, int) and value.bit_length() <= 256):
        return json.dumps(value)[:room]
    return shown(value, room)


def _name(name: object, place: str) -> str:
    if isinstance(name, (bool, _JsonNumber)) or not isinstance(name, (str, int)):
        raise InputError(f"{place}: a cell is named by a string or an integer, not {_as_json(name)}")
    if isinstance(name, str) and not is_text(name):
        raise InputError(f"{place}: {_as_json(name)} holds a lone surrogate, not text any output could carry")
    if isinstance(name, int) and name.bit_length() > 3000:  # past what str() writes
        raise InputError(f"{place}: a cell's number has at most 900 digits, not {_as_json(name)}")
    return str(name)


def _unknown(raw: dict, known: tuple[str, ...]) -> list[str]:
    """``raw``'s keys that are not ``known``, as the message names them."""
    return [key if isinstance(key, str) else repr(key) for key in raw if key not in known]


_DRAWN = frozenset(".*x0123456789")
"""minesweepr's board characters: empty, mine, covered, a number."""


def _drawn_rules(rows: list[str], where: str) -> list[tuple[int, list[int]]]:
    """The rules (count, cells numbered row by row from 0) minesweepr's reader makes of a drawn board
    with everything in."""
    width = len(rows[0]) if rows else 0
    # the board framed by blanks: a cell's eight neighbours are eight fixed steps away, the frame none
    wide = width + 2
    framed = " " * wide + "".join(f" {row} " for row in rows) + " " * wide
    steps = (-wide - 1, -wide, -wide + 1, -1, 1, wide - 1, wide, wide + 1)

    def unframed(n: int) -> int:  # a framed position's cell, numbered row by row
        return (n // wide - 1) * width + n % wide - 1

    rules: list[tuple[int, list[int]]] = []
    mines: list[int] = []
    clear: set[int] = set()
    beside_empty: set[int] = set()
    for cell, ch in enumerate(framed):
        if ch == "*":
            mines.append(cell)
        elif ch not in "x ":
            clear.add(cell)
            if ch in ".0":
                beside_empty.update(n for n in (cell + step for step in steps) if framed[n] != " ")
                continue
            cells = [n for n in (cell + step for step in steps) if framed[n] in "*x"]
            if int(ch) > len(cells):  # minesweepr takes it, and finds no layout
                name = _drawn_names(len(rows), width)[unframed(cell)]
                raise InconsistentError(f"{where}: board: the {ch} at {name} asks for more mines than the "
                                        f"{len(cells)} covered or mined cells around it")
            rules.append((int(ch), cells))
    for count, cells in ((len(mines), mines), (0, sorted(clear)), (0, sorted(beside_empty - clear))):
        if count or cells:
            rules.append((count, cells))
    return [(count, [unframed(n) for n in cells]) for count, cells in rules]


def _drawn_names(height: int, width: int) -> list[str]:
    """minesweepr's name of each cell of a drawn board, row by row: ``row-column`` from 1, each
    zero-padded to as many digits as the board's last (so the names sort as the cells do)."""
    rw, cw = len(str(height)), len(str(width))
    columns = [f"{c + 1:0{cw}d}" for c in range(width)]
    return [f"{r + 1:0{rw}d}-{column}" for r in range(height) for column in columns]


def _integer(value: object, place: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{place}: expected a whole number of mines or cells, not {_as_json(value)}")
    return value


def _bounds(raw: dict, place: str, size: int) -> tuple[int, int]:
    if "num_mines" in raw:
        if "min_mines" in raw or "max_mines" in raw:
            raise InputError(f"{place}: give \"num_mines\" or \"min_mines\"/\"max_mines\", not both")
        lo = hi = _integer(raw["num_mines"], f"{place}.num_mines")
    elif "min_mines" in raw or "max_mines" in raw:
        lo = _integer(raw.get("min_mines", 0), f"{place}.min_mines")
        hi = _integer(raw.get("max_mines", size), f"{place}.max_mines")
        if lo > hi:
            raise InputError(f"{place}: min_mines {shown(lo)} is above max_mines {shown(hi)}")
    else:
        raise InputError(f"{place}: expected \"num_mines\" (or \"min_mines\" and \"max_mines\")")
    if lo > size:
        raise InputError(f"{place}: {shown(lo)} mines among {size} cells")
    return lo, hi


def _count_field(doc: dict, key: str, where: str) -> int | None:
    return None if doc.get(key) is None else _integer(doc[key], f"{where}: {key}")


def _probability(value: object, place: str) -> Fraction:
    try:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise ValueError
        # a float as written (its shortest repr): 0.2 is 1/5, not the binary double next to it
        p = Fraction(repr(value) if isinstance(value, float) else value)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{place}: expected a number, not {_as_json(value)}") from None
    if not 0 < p < 1:
        raise InputError(f"{place}: {_as_json(value)} is not a probability in (0, 1)")
    return p


MAX_KERNEL_OTHERS = 100_000
"""Rule sets with more unnamed cells are counted by the Python implementation: the kernel's
combination is as wide as its sea has cells (2**sea bounds the binomials), Python's integers as the
count needs."""


def _kernel_answer(rules: RuleSet, limits: Limits) -> Analysis | None:
    """The kernel's answer for exact rules, as a board on a graph (None where it declines)."""
    assert KERNEL is not None
    n, r, others = len(rules.names), len(rules.rules), rules.others
    if rules.total_mines is not None and rules.total_mines > n + others:
        raise InconsistentError(f"{rules.total_mines} mines but only {n + others} cells")
    if not n + r:
        return None  # no named cell: the Python model answers, the kernel's table has no cell to list
    # a range rule lo..hi sees hi - lo cleared cells beside its own: its reading's key (the number
    # shown, its hidden and its listed neighbours) tells the range, and the reading gives every sum
    # of it weight 1, a plain range to the kernel
    spans = [min(rule.hi, len(rule.cells)) - rule.lo for rule in rules.rules]
    cleared = max(spans, default=0)
    start, nxt = array("i", bytes(4 * (n + 1))), array("i")  # named cells see nothing: only the rules' cells
    for rule, span in zip(rules.rules, spans, strict=True):
        nxt.extend(rule.cells)
        nxt.extend(range(n + r, n + r + span))
        start.append(len(nxt))
    start.extend([len(nxt)] * cleared)
    table = KERNEL.Neighbourhood(start.tobytes(), nxt.tobytes())
    values = (HIDDEN,) * n + tuple(rule.lo for rule in rules.rules) + (CLEARED,) * cleared
    cells = tuple((0, i) for i in range(n)) + tuple((-1, k) for k in range(r)) + tuple((-2, j) for j in range(cleared))
    ranges = _range_readings(rules.rules, spans, table.max_degree + 1) if cleared else None
    prior = rules.mine_prob
    try:
        # the others join the sea unlisted: an answer as long as the named cells, not as the board
        found = KERNEL.analyze((values,), table, rules.total_mines, cells, readings=ranges, max_nodes=KERNEL_NODES,
                               value=Fraction, group=Group, unlisted=others, **kernel_limits(limits),
                               density=None if prior is None else (prior.numerator, prior.denominator))
    except KERNEL.NoLayout:
        return None  # the Python implementation words the message: which rules, which total
    except KERNEL.TooLarge as large:
        raise answer_too_large(large.args[0], limits) from None
    if found is None:
        return None
    assert found.values is not None and found.probabilities is not None  # value was given
    groups: tuple[Group, ...] = tuple(found.values)
    # under a prior the count's weights are over b**F, F the named cells (combine's)
    factors = () if prior is None else ((Fraction(1, prior.denominator), len(found.frontier)),)
    return Analysis(board=None, mines_known=rules.total_mines is not None,  # type: ignore[arg-type]
                    count=found.count, probabilities=found.probabilities,
                    frontier=found.frontier, sea=found.sea,
                    components=found.components, backend=DEFAULT_BACKEND, implementation="kernel",
                    groups=tuple(g for g in groups if g.cells),  # the unnamed cells alone: no group, as in Python
                    scale=found.scale, density=prior, factors=factors, weighted=prior is not None,
                    sea_probability=groups[-1].probability if found.sea or others else None)


def _range_readings(rules: tuple[Rule, ...], spans: list[int], base: int) -> dict[int, tuple[int, ...]]:
    """The kernel's readings for rules, each seeing ``span`` cleared cells beside its cells: the sums
    ``lo`` to ``lo + span`` of its cells, each of weight 1 (one sum: an exact rule).  A key is the
    number shown, its flags, its hidden and its listed neighbours, in ``base``
    (:func:`countsweep.constraints.readings`).

    >>> _range_readings((Rule((0, 1, 2), 1, 2), Rule((0, 1), 1, 1)), [1, 0], 5)
    {144: (1, 1, 1), 137: (1,)}
    """
    out = {}
    for rule, span in zip(rules, spans, strict=True):
        size = len(rule.cells)
        out[reading_key(rule.lo, 0, size, size + span, base)] = (rule.lo, *((1,) * (span + 1) if span else ()))
    return out


@dataclass(frozen=True)
class RulesAnalysis:
    """The exact answer for a rule set: layouts, and each named cell's and the others' probability."""

    rules: RuleSet
    analysis: Analysis

    @property
    def count(self) -> int:
        """Layouts (assignments of the named cells, without a total; the weighted count under a prior)."""
        return self.analysis.count

    @property
    def weight(self) -> Fraction:
        """The probability of what the rules say, under ``mine_prob``; else the count."""
        return self.analysis.weight

    def probability(self, name: str) -> Fraction:
        """The mine probability of the named cell."""
        try:
            return self.analysis.probabilities[(0, self.rules.names.index(str(name)))]
        except ValueError:
            raise ParameterError(f"cell {shown(name)} is named by no rule") from None

    @property
    def other(self) -> Fraction | None:
        """The mine probability of each cell no rule names, or None when there is none.

        Under ``mine_prob`` with no ``total_cells`` such cells are taken to exist
        (minesweepr reports them so): their probability is the prior's.
        """
        if self.rules.others:
            return self.analysis.sea_probability
        if self.rules.mine_prob is not None and self.rules.total_cells is None:
            return self.rules.mine_prob
        return None

    def to_dict(self, exact: bool = False) -> dict:
        """What ``countsweep count FILE.json --json`` prints (probabilities as ``"a/b"`` with ``exact``)."""
        a = self.analysis

        def show(p: Fraction) -> object:
            return f"{decimal(p.numerator)}/{decimal(p.denominator)}" if exact else float(p)

        probabilities: dict[str, object] = {name: show(a.probabilities[(0, i)])
                                            for i, name in enumerate(self.rules.names)}
        if self.other is not None:
            probabilities[OTHER] = show(self.other)
        total: dict[str, object] = {"count": decimal(a.count)}
        if a.weighted:
            w = a.weight
            total = {"weight": f"{decimal(w.numerator)}/{decimal(w.denominator)}"}
        scope = "layouts" if a.mines_known or a.density is not None else "frontier"
        return {**total, "count_scope": scope, "probabilities": probabilities,
                "safe": [n for i, n in enumerate(self.rules.names) if a.probabilities[(0, i)] == 0],
                "mines_certain": [n for i, n in enumerate(self.rules.names) if a.probabilities[(0, i)] == 1],
                "rules": len(self.rules.rules), "cells": len(self.rules.names), "others": self.rules.others,
                "components": a.components, "backend": a.backend,
                **({"ignored": list(self.rules.ignored)} if self.rules.ignored else {})}


def analyze_rules(rules: RuleSet, backend: str | Backend = DEFAULT_BACKEND,
                  limits: Limits | None = None, implementation: str = "auto") -> RulesAnalysis:
    """Count the layouts of a rule set and every cell's mine probability, exactly (any backend).

    Rules under a total, a density prior or neither are what the
    compiled kernel counts, as a board on a graph: a cell for each rule,
    showing its count, whose neighbours are the rule's cells
    (:func:`countsweep.kernel.choose` decides, as for a board).
    """
    if not isinstance(rules, RuleSet):
        raise ParameterTypeError(f"rules: expected a RuleSet (RuleSet.from_payload(doc)), not {shown(rules, 60)}")
    engine = backend_of(backend)
    limits = limits_of(limits)
    ours = BACKENDS.get(engine.name) is type(engine)
    which = choose("analysis", implementation, backend=engine.name if ours else "custom")
    if which == "kernel" and rules.others <= MAX_KERNEL_OTHERS:
        done = _kernel_answer(rules, limits)
        if done is not None:
            return RulesAnalysis(rules, done)
    model = rules.model()
    counts = count_components(model, engine, limits, rules.mine_prob)
    return RulesAnalysis(rules, combine(model, counts, backend=engine.name, limits=limits, density=rules.mine_prob))
