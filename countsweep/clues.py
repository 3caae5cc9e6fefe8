"""Clue models: what a revealed number says about the true number of mines around it.

Under the *exact* model a revealed number is the truth.  The Rutgers report's
uncertain variants ("Bonus - Dealing With Uncertainty") read it through noise,
and a clue model says how: ``L(v | n, N)``, the probability that a cleared cell
whose ``N`` neighbours on the board hold ``n`` mines shows ``v``.

=================  ===========================================================
model              likelihood
=================  ===========================================================
``exact``          ``L = [v = n]``
``under``          never above the truth: ``n = 0`` shows 0, ``n >= 1`` shows
                   a number uniform on ``1..n``
``over``           never below the truth: uniform on ``n..N``
``FILE.json``      any table ``{"likelihood": [[L(v|n) for n in 0..8] for v
                   in 0..8]}``, entries numbers or ``"a/b"`` strings, each
                   column ``n`` summing to 1
``withheld:Q``     exact, but each cleared cell shows its number only with
                   probability ``Q`` (else ``-``: safe, nothing shown); the
                   hiding does not depend on ``n``, so it weighs nothing
=================  ===========================================================

A layout's weight is the product of ``L`` over the revealed numbers, times the
prior (a mine total, or a density); the oracle's probabilities are the
posteriors, exact fractions.

>>> UNDER.likelihood(6, 6, 8), UNDER.likelihood(6, 7, 8), UNDER.likelihood(6, 5, 8)
(Fraction(1, 6), Fraction(1, 7), Fraction(0, 1))
>>> OVER.likelihood(3, 1, 3)  # a corner cell holding one mine shows 1, 2 or 3
Fraction(1, 3)
>>> parse_clues("withheld:0.8").shows_number, parse_clues("withheld:0.8").exact
(Fraction(4, 5), True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from countsweep.errors import InputError, ParameterError, ParameterTypeError, shown
from countsweep.files import display_name, parse_json, read_input

MODELS = ("exact", "under", "over")
"""The built-in clue models; ``withheld:Q`` and a JSON table file are the others."""


@dataclass(frozen=True)
class ClueModel:
    """How revealed numbers relate to the truth (see the module's table).

    ``kind`` is ``exact``, ``under``, ``over`` or ``table`` (with ``table[v][n]``
    the likelihood); ``shows_number`` is the probability that a cleared cell
    shows its number at all (``withheld:Q``), which only games use.
    """

    name: str
    kind: str = "exact"
    table: tuple[tuple[Fraction, ...], ...] | None = None
    shows_number: Fraction = Fraction(1)

    @property
    def exact(self) -> bool:
        """Is every shown number the truth (so counting needs no weights)?"""
        return self.kind == "exact"

    def likelihood(self, shown: int, true: int, neighbours: int) -> Fraction:
        """``L(shown | true, neighbours)``: the probability of this number given the truth."""
        if self.kind == "exact":
            return Fraction(int(shown == true))
        if self.kind == "under":
            if true == 0:
                return Fraction(int(shown == 0))
            return Fraction(1, true) if 1 <= shown <= true else Fraction(0)
        if self.kind == "over":
            return Fraction(1, neighbours - true + 1) if true <= shown <= neighbours else Fraction(0)
        assert self.table is not None
        return self.table[shown][true] if shown <= 8 and true <= 8 else Fraction(0)

    def zero_is_truth(self) -> bool:
        """Does a shown 0 always mean no mine around (so a game may open the neighbours)?

        >>> UNDER.zero_is_truth(), OVER.zero_is_truth(), ClueModel("t", "table", _UNIFORM).zero_is_truth()
        (True, True, False)
        """
        return all(self.likelihood(0, n, 8) == 0 for n in range(1, 9))

    def draw(self, true: int, neighbours: int, rng: random.Random) -> int | None:
        """The number a cell with ``true`` mines around shows; ``None`` when it shows none.

        Exact with integers (a fraction's denominator drawn uniformly), so a
        seeded game deals the same clues on every machine.
        """
        q = self.shows_number
        if q != 1 and rng.randrange(q.denominator) >= q.numerator:
            return None
        if self.exact:
            return true
        column = [self.likelihood(v, true, neighbours) for v in range(neighbours + 1)]
        if sum(column) != 1:
            # a table may give weight to numbers no cell with this few neighbours can show
            raise ParameterError(f"the {self.name} clue model shows numbers above {neighbours} for a cell with "
                                 f"{neighbours} neighbours and {true} mines around: no game can show them")
        denominator = math.lcm(*(p.denominator for p in column))
        pick = rng.randrange(denominator)
        for v, p in enumerate(column):
            pick -= int(p * denominator)
            if pick < 0:
                return v
        raise AssertionError("unreachable: the column sums to 1")


EXACT = ClueModel("exact")
UNDER = ClueModel("under", "under")
OVER = ClueModel("over", "over")
_UNIFORM = tuple(tuple(Fraction(1, 9) for _ in range(9)) for _ in range(9))


def clue_model(clues: object) -> ClueModel:
    """``clues`` when it is a :class:`ClueModel`; else the error every entry that takes one gives.

    >>> clue_model(EXACT) is EXACT
    True
    """
    if not isinstance(clues, ClueModel):
        raise ParameterTypeError(f"clues: expected a ClueModel (countsweep.clues.parse_clues('under')), "
                                 f"not {shown(clues)}")
    return clues


def parse_clues(spec: str) -> ClueModel:
    """The model ``spec`` names: ``exact``, ``under``, ``over``, ``withheld:Q`` or a JSON table's path.

    Raises :class:`~countsweep.errors.ParameterError` (exit 2) for an unknown
    name or a ``Q`` outside (0, 1], and :class:`~countsweep.errors.InputError`
    (exit 3) for a table file that cannot be read or is not a likelihood table.

    >>> parse_clues("sideways")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    countsweep.errors.ParameterError: unknown clue model 'sideways': choose exact, under, over, ...
    """
    if not isinstance(spec, str):
        raise ParameterTypeError(f"clues: expected a clue model's name (exact, under, over, withheld:Q, "
                                 f"FILE.json), not {shown(spec)}")
    name = spec.strip()
    if name == "exact":
        return EXACT
    if name == "under":
        return UNDER
    if name == "over":
        return OVER
    if name.startswith("withheld:"):
        q = parse_probability(name.partition(":")[2], "withheld:Q", closed=True)
        return ClueModel(f"withheld:{name.partition(':')[2]}", shows_number=q)
    if name.endswith(".json") or Path(name).is_file():
        return load_table(name)
    raise ParameterError(f"unknown clue model {shown(spec)}: choose exact, under, over, withheld:Q or a FILE.json "
                         "likelihood table")


def parse_probability(text: str, what: str, closed: bool = False) -> Fraction:
    """A probability in (0, 1) (or (0, 1] with ``closed``), exactly as written: ``0.1`` is 1/10."""
    if not isinstance(text, str):
        raise ParameterTypeError(f"{what}: expected a number as text (0.1, 1/3), not {shown(text)}")
    try:
        p = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ParameterError(f"{what}: {shown(text)} is not a number") from None
    if not (0 < p < 1 or (closed and p == 1)):
        raise ParameterError(f"{what}: {text} is outside (0, {'1]' if closed else '1)'}")
    return p


def load_table(path: str) -> ClueModel:
    """The likelihood table in JSON file ``path`` (see the module's table)."""
    where = display_name(path)
    text = read_input(path)
    try:
        doc = parse_json(text, parse_float=str, parse_int=str)  # numbers read exactly, as written
    except ValueError as exc:
        raise InputError(f"{where}: not JSON ({exc})") from None
    rows = doc.get("likelihood") if isinstance(doc, dict) else None
    if not (isinstance(rows, list) and len(rows) == 9 and all(isinstance(r, list) and len(r) == 9 for r in rows)):
        raise InputError(f"{where}: expected {{\"likelihood\": [[L(v|n) for n in 0..8] for v in 0..8]}}, "
                         "nine rows of nine entries")
    table: list[list[Fraction]] = []
    for v, row in enumerate(rows):
        out = []
        for n, entry in enumerate(row):
            try:
                if not isinstance(entry, str):
                    raise ValueError
                p = Fraction(entry)
            except (ValueError, ZeroDivisionError):
                raise InputError(f"{where}: likelihood[{v}][{n}] = {shown(entry)} is not a number or \"a/b\"") from None
            if p < 0:
                raise InputError(f"{where}: likelihood[{v}][{n}] = {entry} is negative")
            out.append(p)
        table.append(out)
    for n in range(9):
        total = sum(table[v][n] for v in range(9))
        if total != 1:
            raise InputError(f"{where}: column n={n} sums to {total}, not 1 (L(v|{n}) over v = 0..8 is a distribution)")
    return ClueModel(f"table {where}", "table", tuple(tuple(r) for r in table))
