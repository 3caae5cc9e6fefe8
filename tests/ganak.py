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
