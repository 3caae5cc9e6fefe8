"""Ganak (pyganak), the independent exact counter that referees our counts."""

from __future__ import annotations

import pyganak

from countsweep.counting.formula import Formula


def ganak_count(num_vars: int, clauses, projection=None) -> int:
    counter = pyganak.Counter()
    counter.new_vars(max(num_vars, 1))
    for c in clauses:
        counter.add_clause(list(c))
    if projection is not None:
        counter.set_sampling_set(list(projection))
    return counter.count()


def ganak_formula(formula: Formula) -> int:
    """Count a clausal formula (every constraint a clause) with Ganak, projected."""
    clauses = []
    for card in formula.constraints:
        assert card.lo == 1 and card.hi == len(card.lits), "Ganak takes clauses"
        clauses.append(card.lits)
    proj = formula.projection
    if proj is not None and not proj:
        # Nothing projected: 1 if satisfiable, else 0; Ganak needs a non-empty set.
        return 1 if ganak_count(formula.num_vars, clauses) else 0
    return ganak_count(formula.num_vars, clauses, proj)


def ganak_weighted(text: str) -> float:
    """Read a weighted projected DIMACS file (``c t pwmc``) the plain way and count it with
    Ganak's weighted counter (MPFR, 128 bits); weights are taken as floats, as Ganak takes them.

    Written apart from countsweep's reader on purpose: it checks the file, not our parser.
    """
    counter = pyganak.WeightedCounter(prec=128)
    clauses, show, weights, num_vars = [], [], {}, 0
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "p":
            num_vars = int(words[2])
        elif words[:3] == ["c", "p", "weight"]:
            num, _, den = words[4].partition("/")
            weights[int(words[3])] = int(num) / int(den or 1)
        elif words[:3] == ["c", "p", "show"]:
            show += [int(w) for w in words[3:-1]]
        elif words[0] != "c":
            clauses.append([int(w) for w in words[:-1]])
    counter.new_vars(max(num_vars, 1))
    for clause in clauses:
        counter.add_clause(clause)
    for lit, w in weights.items():
        counter.set_lit_weight(lit, w)
    if show:
        counter.set_sampling_set(show)
    return counter.count()
