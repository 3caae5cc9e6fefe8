"""Positions for other solvers: CNF through PySAT's cardinality encodings, DIMACS, SAT.

* :mod:`~countsweep.encode.cnf`: a board as clauses (cell variables ``1..n``,
  auxiliaries after), with each encoding's count preservation recorded;
* :mod:`~countsweep.encode.dimacs`: DIMACS with projection (``c p show``) for
  external counters, and a reader that turns any DIMACS file into a
  :class:`~countsweep.counting.Formula`;
* :mod:`~countsweep.encode.sat`: consistency and forced cells by incremental SAT.
"""
