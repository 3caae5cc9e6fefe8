"""Mutation testing, module by module: ``python -m tests.mutation [GROUP ...]``.

For each group of modules, mutmut plants every small bug it knows (a ``<``
for a ``<=``, a constant off by one, a dropped call...) one at a time and runs
the fast tests that cover the mutated function; a mutant no test notices
*survives*.  Each group runs in its own scratch copy of the repository
(``.mutation/GROUP``) with ``only_mutate`` set to its modules and the test
selection narrowed to the test files that exercise them, so one group's
instrumentation does not slow another's tests.

Survivors are either killed by a new test or explained in ``EQUIVALENT``
below (a mutant that changes no behaviour, with the reason).  The command
rewrites the table of ``docs/mutation.md`` from the results, with the commit
it measured.  It is slow (minutes to an hour a group on two cores) and is not
part of the default test run.

    python -m tests.mutation                 # every group
    python -m tests.mutation poly dimacs     # some groups
    python -m tests.mutation --list          # the groups
    python -m tests.mutation dpll --renumber # explanations follow their renumbered mutants

An edit to a function renumbers its mutants; each run says which explained
mutants it finds again under another number (same function, same diff), and
``--renumber`` moves their explanations there.
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import resource
except ImportError:  # not a POSIX system: no limits to set
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".mutation"
PAGE = ROOT / "docs" / "mutation.md"
# committed: each group's verdict stays with the project, so a run of some groups on any machine
# rewrites the page with every group's row (the killed mutants are only counted, not named)
RESULTS = ROOT / "tests" / "mutation_results.json"

CORE = "counting core"
READERS = "readers"
OTHER = "other"


@dataclass(frozen=True)
class Group:
    kind: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    deselect: tuple[str, ...] = ()
    """Tests left out: mutmut's trampoline adds frames to every call, so a test that goes to the
    edge of Python's recursion limit on purpose overflows it under instrumentation."""


GROUPS: dict[str, Group] = {
    "poly": Group(CORE, ("countsweep/counting/poly.py",), ("test_poly.py", "test_backends.py", "test_dpll.py")),
    "formula": Group(CORE, ("countsweep/counting/formula.py", "countsweep/counting/base.py",
                            "countsweep/counting/registry.py"),
                     ("test_formula.py", "test_backends.py", "test_dpll.py", "test_json_outputs.py",
                      "test_dimacs.py", "test_api_hostile.py")),
    "dpll": Group(CORE, ("countsweep/counting/dpll.py",), ("test_backends.py", "test_dpll.py", "test_oracle.py",
                                                            "test_clues.py", "test_kernel.py", "test_formula.py",
                                                            "test_dimacs.py", "test_path.py")),
    "path": Group(CORE, ("countsweep/counting/path.py",), ("test_path.py", "test_backends.py", "test_dpll.py",
                                                            "test_rules.py", "test_api_hostile.py")),
    # the answer's questions (safe, levels, to_dict ...): every reader of an analysis meets them
    "analysis": Group(CORE, ("countsweep/analysis.py",), ("test_oracle.py", "test_backends.py",
                                                          "test_json_outputs.py", "test_api_hostile.py",
                                                          "test_implementations.py::TestPythonAnalyzer",
                                                          "test_implementations.py::TestKernelAnalyzer",
                                                          "test_clues.py", "test_render.py")),
    # _load runs once at import, before any mutant is switched on: test_kernel_choice calls it again
    "kernel": Group(CORE, ("countsweep/kernel.py",), ("test_kernel_choice.py", "test_kernel.py",
                                                     "test_implementations.py", "test_layers.py",
                                                     "test_api_hostile.py")),
    "brute": Group(CORE, ("countsweep/counting/brute.py",), ("test_backends.py", "test_dpll.py", "test_clues.py")),
    "sdd": Group(CORE, ("countsweep/counting/sdd.py",), ("test_backends.py", "test_sdd.py", "test_clues.py",
                                                          "test_formula.py", "test_oracle.py", "test_cli.py",
                                                          "test_exit_codes.py", "test_hostile.py",
                                                          "test_json_outputs.py")),
    # the analyzer contract runs the Python and the kernel path alike: with the kernel built, the
    # default path is the kernel's, and the Python one (combine, its messages) is met only there
    "oracle": Group(CORE, ("countsweep/oracle.py",), ("test_oracle.py", "test_backends.py", "test_json_outputs.py",
                                                      "test_clues.py", "test_api_hostile.py",
                                                      "test_implementations.py::TestPythonAnalyzer",
                                                      "test_implementations.py::TestKernelAnalyzer",
                                                      "test_implementations.py::TestKernelAnalyzerAlongAPath",
                                                      "test_implementations.py::TestKernelAnalyzerSearching",
                                                      "test_kernel.py::test_a_deadline_stops_counting_along_a_path")),
    "constraints": Group(CORE, ("countsweep/constraints.py",), ("test_oracle.py", "test_backends.py", "test_cli.py",
                                                                "test_clues.py", "test_dpll.py", "test_rules.py",
                                                                "test_api_hostile.py")),
    "board": Group(READERS, ("countsweep/board.py",), ("test_board.py", "test_cli.py", "test_oracle.py",
                                                     "test_hostile.py", "test_api_hostile.py", "test_topology.py",
                                                     "test_rules.py")),
    "dimacs": Group(READERS, ("countsweep/encode/dimacs.py",), ("test_dimacs.py", "test_cnf.py", "test_hostile.py",
                                                               "test_clues.py", "test_rules.py",
                                                               "test_api_hostile.py")),
    "clues": Group(READERS, ("countsweep/clues.py",), ("test_clues.py", "test_json_outputs.py",
                                                       "test_api_hostile.py")),
    "compiled": Group(READERS, ("countsweep/compiled.py",), ("test_sdd.py", "test_cli.py", "test_api_hostile.py")),
    "files": Group(READERS, ("countsweep/files.py",), ("test_files.py", "test_cli.py", "test_cnf.py",
                                                     "test_json_outputs.py",
                                                     "test_hostile.py", "test_api_hostile.py")),
    "records": Group(READERS, ("countsweep/play/runs.py", "countsweep/play/records.py"),
                     ("test_game.py", "test_json_outputs.py", "test_hostile.py", "test_cluster.py",
                      "test_clues.py", "test_serve.py", "test_serve_answers.py")),
    "cnf": Group(OTHER, ("countsweep/encode/cnf.py",), ("test_cnf.py", "test_sdd.py", "test_clues.py",
                                                         "test_dimacs.py", "test_api_hostile.py", "test_rules.py",
                                                         "test_sat.py")),
    "sat": Group(OTHER, ("countsweep/encode/sat.py", "countsweep/interrupts.py"),
                 ("test_sat.py", "test_interrupts.py", "test_clues.py", "test_exit_codes.py", "test_hostile.py",
                  "test_json_outputs.py", "test_api_hostile.py")),
    "endgame": Group(OTHER, ("countsweep/play/endgame.py",),
                     ("test_agent.py", "test_kernel.py", "test_optimal.py", "test_game.py", "test_api_hostile.py",
                      "test_implementations.py::TestPythonSearch", "test_implementations.py::TestKernelSearch"),
                     ("test_implementations.py::TestPythonSearch::test_a_chain_deeper_than_the_depth_limit_stops_"
                      "the_search",)),
    "game": Group(OTHER, ("countsweep/play/game.py",), ("test_game.py", "test_play_command.py", "test_api_hostile.py",
                                                       "test_topology.py", "test_clues.py", "test_serve_answers.py",
                                                       "test_cli.py", "test_cli_options.py", "test_exit_codes.py",
                                                       "test_hostile.py", "test_serve.py", "test_agent.py")),
    "risk": Group(OTHER, ("countsweep/play/risk.py", "countsweep/play/fifty.py"),
                  ("test_risk.py", "test_fifty.py", "test_api_hostile.py")),
    "agents": Group(OTHER, ("countsweep/play/agents.py",), ("test_agent.py", "test_agent_rules.py", "test_fifty.py",
                                                           "test_risk.py",
                                                           "test_optimal.py", "test_game.py", "test_play_command.py",
                                                           "test_api_hostile.py", "test_topology.py", "test_clues.py")),
    "optimal": Group(OTHER, ("countsweep/play/optimal.py",), ("test_optimal.py", "test_agent.py", "test_cli.py",
                                                               "test_exit_codes.py", "test_fifty.py",
                                                               "test_json_outputs.py", "test_api_hostile.py")),
    "cli": Group(OTHER, ("countsweep/cli/*.py",), ("test_cli.py", "test_help.py", "test_exit_codes.py",
                                                   "test_hostile.py", "test_json_outputs.py", "test_cnf.py",
                                                   "test_game.py", "test_dimacs.py", "test_clues.py",
                                                   "test_files.py", "test_sdd.py", "test_play_command.py",
                                                   "test_sat.py", "test_check.py", "test_serve.py", "test_rules.py",
                                                   "test_topology.py", "test_optimal.py", "test_render.py",
                                                   "test_cli_options.py", "test_check.py")),
    "topology": Group(READERS, ("countsweep/topology.py",), ("test_topology.py", "test_board.py", "test_rules.py",
                                                           "test_api_hostile.py")),
    "rules": Group(READERS, ("countsweep/rules.py",), ("test_rules.py", "test_sat.py", "test_api_hostile.py")),
    "check": Group(OTHER, ("countsweep/check.py",), ("test_check.py", "test_sat.py", "test_exit_codes.py",
                                                     "test_api_hostile.py", "test_rules.py", "test_json_outputs.py")),
    # what the commands print and draw of an answer
    "render": Group(OTHER, ("countsweep/render.py", "countsweep/plot.py"),
                    ("test_render.py", "test_api_hostile.py", "test_cli.py", "test_layers.py",
                     "test_json_outputs.py")),
    # what the commands share besides: the win rate's interval, the errors' words, the seeded positions of
    # tests, benchmarks and the corpus
    "shared": Group(OTHER, ("countsweep/intervals.py", "countsweep/errors.py", "countsweep/play/generators.py"),
                    ("test_generators.py", "test_intervals.py", "test_exit_codes.py", "test_api_hostile.py",
                     "test_cnf.py", "test_play_command.py", "test_hostile.py", "test_layers.py", "test_game.py")),
    # the cluster's games: a mutant that hangs a Dask test waits out mutmut's time limit (a minute or more
    # each), so this group is slow, and apart
    "cluster": Group(OTHER, ("countsweep/play/cluster.py",), ("test_cluster.py", "test_play_command.py",
                                                             "test_api_hostile.py")),
    "serve": Group(OTHER, ("countsweep/serve/*.py",), ("test_serve.py", "test_serve_answers.py",
                                                     "test_api_hostile.py", "test_rules.py", "test_serve_load.py")),
}

# Survivors that change no behaviour, with the reason; keyed by the mutant's name,
# which changes when the function it is in changes (the tool then flags it again).
ALIKE = ("a number that weighs every sum alike is either dropped with its weight as a factor or kept as a card "
         "with equal weights: the same counts")

ZIPS = "the two sequences zipped are built together, always of one length: strict or not, zip pairs them alike"

CACHE = ("the oracle's count cache only saves work: a count not cached, not found or evicted is counted again, "
         "the same")
NOT_REACHED = ("the fallback wording for when the compiled and the Python paths disagree: they agree (tested), so "
               "it is never read")

FLOOD = ("a zero's neighbours are never mines and are opened at no risk by any play that values winning: without "
         "the flood fill the optimal and greedy values are the same (only the positions met differ)")
CERTAIN_MINE = ("a cell that is a mine in every layout has the most mines, so it is never the minimum or the best "
                "guess: listing it changes nothing")
SAT = "countsweep.encode.sat.x_check__mutmut_"
CNF = "countsweep.encode.cnf."
ANY_ENCODING = ("PySAT's default encoding is seqcounter, count-preserving; clausify's output is projected on the "
                "counted variables, so any encoding counts alike (and the fallback is seqcounter itself)")
MEMO = ("a memo only saves work: a position not found (or not shared between calls) is valued again, the same")

UNSIGNED = ("the table's entries are node indices and offsets into it, never negative: signed and unsigned "
            "ints of the same width hold them alike")

GEN = "countsweep.play.generators."
UNIT_DRAW = ("random() in [0, 1) equals the share exactly with probability 2**-53 a draw: < and <= pick the same "
             "cells in every run there will be")
PLOT = "countsweep.plot."
DRAWN_SIZE = ("the heatmap's sizes (the figure's inches, the fonts, the tick labels, the lines, the colour bar's share "
              "and gap, a saved PNG's resolution and margins): how large things are drawn, not what; the tests hold "
              "each cell's mark, its place and weight, the scale, the borders and the title")
DRAWN_SHADE = ("the shade of a mark's text (a number's dark blue, the safe S's white, the cleared cell's grey dash): "
               "contrast only; the marks, their places and weights are tested")
ANY_CASE = ("matplotlib reads colours, option names and file formats in any case (#D9D9D9 is #d9d9d9, NEAREST "
            "nearest, PNG png), and lstrip of the characters 'X' and '.' leaves a lower-case suffix as '.' alone does")


def _alike(reason: str, function: str, *numbers: int) -> dict[str, str]:
    """One reason for several mutants of one function."""
    return {f"{function}__mutmut_{n}": reason for n in numbers}


EQUIVALENT: dict[str, str] = {
    # topology: a 3D cell's neighbourhood is every step of -1..1 along each axis, so stepping back
    # along any axis visits the same cells as stepping forward (a flat neighbourhood given as
    # offsets is only symmetric through (0, 0): a slanted one tells one axis reversed)
    **_alike("a 3D cell's neighbours are every step of -1..1 along each axis: one axis reversed, the same cells",
             "countsweep.topology.xǁGrid3Dǁ_compute", 28, 29, 30),
    **_alike(UNSIGNED, "countsweep.topology.xǁGraphǁ_kernel_table", 8, 12),
    **_alike("where the neighbour table is cached is a matter of memory: cached or worked out, the same cells",
             "countsweep.topology.xǁTopologyǁneighbours", 1, 2, 4, 5),
    "countsweep.topology.xǁGraphǁto_json__mutmut_7":
        "a node is never its own neighbour (from_json refuses one): i == j never holds, so i <= j lists the same edges",
    **_alike("the ValueError is caught and reported with the whole neighbourhood's text; its own message is never "
             "shown", "countsweep.topology.x__pair", 13, 25),
    "countsweep.counting.poly.x_add__mutmut_18":
        "a longer scratch list (high + low) only adds zero coefficients at the top, which _trim removes",
    "countsweep.counting.poly.x_add__mutmut_24":
        "the first loop writes into a list of zeros: = and += store the same value",
    "countsweep.counting.poly.x_decimal__mutmut_7":
        "str() of a 12000-bit integer (3613 digits) is within Python's 4300-digit limit: the same digits",
    "countsweep.counting.poly.x_decimal__mutmut_8":
        "str() of a 12001-bit integer (3613 digits) is within Python's 4300-digit limit: the same digits",
    "countsweep.counting.poly.x_decimal__mutmut_13":
        "the split point only has to keep both halves printable; any such split gives the same digits",
    "countsweep.counting.poly.x_decimal__mutmut_14":
        "the split point only has to keep both halves printable; any such split gives the same digits",
    "countsweep.counting.poly.x_mul__mutmut_12":
        "multiplying every coefficient by 1 builds an equal tuple: the shortcut saves time only",
    "countsweep.counting.poly.x_mul__mutmut_30":
        "multiplying every coefficient by 1 builds an equal tuple: the shortcut saves time only",
    "countsweep.counting.poly.x_unpack__mutmut_18":
        "one more byte is a zero top coefficient, which _trim removes",
    "countsweep.counting.formula.x_expand__mutmut_16":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.formula.x_fold__mutmut_8":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.x_fold__mutmut_11":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.x_fold__mutmut_12":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.xǁCountsǁto_dict__mutmut_12":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.xǁCountsǁto_dict__mutmut_15":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.xǁCountsǁto_dict__mutmut_16":
        "variables and marginals are built together, always of one length: strict or not, zip pairs them alike",
    "countsweep.counting.formula.xǁCountsǁto_dict__mutmut_17":
        "the key id(None) is never stored, so every marginal is evaluated afresh: the same output, slower",
    "countsweep.counting.formula.xǁCardǁnormalized__mutmut_63":
        "Card(lits, 2, 0) and Card(lits, 1, 0) are both unsatisfiable (lo > hi), and every reader tests lo > hi",
    "countsweep.clues.xǁClueModelǁdraw__mutmut_4":
        "q = 1 never withholds; the mutant only draws once more from the generator, the same distribution",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_47":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_48":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_50":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_52":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_53":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁlikelihood__mutmut_54":
        "numbers and mine counts on a board never exceed 8, so the table's range guard never fails: the same value",
    "countsweep.clues.xǁClueModelǁzero_is_truth__mutmut_4":
        "a shown 0 below a true n >= 1 weighs 0 in every built-in model and table before the neighbours are read",
    "countsweep.clues.xǁClueModelǁzero_is_truth__mutmut_9":
        "a shown 0 below a true n >= 1 weighs 0 in every built-in model and table whatever the neighbours",
    "countsweep.clues.xǁClueModelǁzero_is_truth__mutmut_17":
        "a true 9 is beyond every model (the table's guard, under's and over's ranges): L(0|9) is 0",
    "countsweep.constraints.x__memo__mutmut_1":
        "the memo of readings only saves work: a miss recomputes the same reading from the model",
    "countsweep.constraints.x__memo__mutmut_7":
        "the memo of readings only saves work: a miss recomputes the same reading from the model",
    "countsweep.constraints.x__memo__mutmut_8":
        "the memo is cleared one model earlier: it only saves work",
    "countsweep.constraints.x_equations__mutmut_35":
        "the memo of readings only saves work: a miss recomputes the same reading from the model",
    "countsweep.constraints.x_equations__mutmut_5":
        "the factor starts as 2/2: the same fraction",
    "countsweep.constraints.x_equations__mutmut_52":
        "a likelihood is at most 1, never 2: multiplying by 1 or not is the same",
    "countsweep.constraints.x__components__mutmut_35":
        "components come out in another order; every consumer multiplies or unions them",
    "countsweep.constraints.x__components__mutmut_37":
        "components come out in another order; every consumer multiplies or unions them",
    "countsweep.constraints.x__reading__mutmut_22":
        ALIKE,
    "countsweep.constraints.x__reading__mutmut_23":
        ALIKE,
    "countsweep.constraints.x__reading__mutmut_24":
        ALIKE,
    "countsweep.constraints.x__reading__mutmut_28":
        "any negative lo means no equation (equations tests lo >= 0)",
    "countsweep.constraints.x__reading__mutmut_29":
        "every sum weighs alike here, so like[1] is like[0]",
    "countsweep.oracle.x_combine__mutmut_14": ZIPS,
    "countsweep.oracle.x_combine__mutmut_172": ZIPS,
    "countsweep.oracle.x__dot__mutmut_5": ZIPS,
    "countsweep.oracle.x__dot__mutmut_8": ZIPS,
    "countsweep.oracle.x__dot__mutmut_10": ZIPS,
    "countsweep.oracle.x__weights__mutmut_6": ZIPS,
    "countsweep.oracle.x__weights__mutmut_9": ZIPS,
    "countsweep.oracle.x__weights__mutmut_11": ZIPS,
    "countsweep.oracle.x__count__mutmut_28": "the count cache evicts one entry earlier: it only saves work",
    "countsweep.oracle.x__count__mutmut_29":
        "popitem(last=None) evicts the newest entry instead of the oldest: the cache only saves work",
    "countsweep.oracle.x__count__mutmut_30":
        "the cache evicts its newest entry instead of its oldest: it only saves work",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_25":
        "size[0] belongs to no variable (variables start at 1) and is never read",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_36":
        "one more occurrence list than variables is never read",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_42":
        "an occurrence's sign is only tested as > 0: 2 and 1 read alike",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_43":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_46":
        "an occurrence's sign is only tested as > 0: -2 and -1 read alike",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_50":
        "a value is only tested as < 0 (open) or >= 0: -2 and -1 both mean open",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_52":
        "one more value slot than variables is never read",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_64":
        "one more projection slot than variables is never read",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_95":
        "the default only applies to a formula with no variable, whose counts are the constant 1 at any width",
    "countsweep.counting.dpll.xǁ_Searchǁ__init____mutmut_96":
        "a wider packing (one more byte per coefficient) unpacks to the same polynomials",
    "countsweep.counting.dpll.xǁ_Searchǁ_undo__mutmut_7":
        "a value is only tested as < 0 (open) or >= 0: -2 and -1 both mean open",
    "countsweep.counting.dpll.xǁ_Searchǁ_undo__mutmut_18":
        "an occurrence's sign is 1 or -1, never 0: > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_set__mutmut_26":
        "an occurrence's sign is 1 or -1, never 0: > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_set__mutmut_53":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_set__mutmut_67":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_set__mutmut_79":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_set__mutmut_89":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_split__mutmut_29":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_sweep__mutmut_20":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_root_units__mutmut_31":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_root_units__mutmut_42":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_8":
        "labels only need to be the same for the same shape: starting them at 2 renames every key alike",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_15":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_21":
        "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_48":
        "a longer weight slice holds the reachable weights and more: a stricter key, fewer hits",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_50":
        "a longer weight slice holds the reachable weights and more: a stricter key, fewer hits",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_53":
        "spelling out the projection even when every variable is counted makes the key stricter, never looser",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_58":
        "spelling out the sizes even when every box has one cell makes the key stricter, never looser",
    "countsweep.counting.dpll.xǁ_Searchǁ_key__mutmut_62":
        "None now stands for 'every box of 2 cells' and a tuple for the rest: still one key per list of sizes",
    "countsweep.counting.dpll.xǁ_Searchǁ_active__mutmut_3":
        "a closed constraint (no open variable) links no open variable: the components and keys stay the same",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_8":
        "the path and the component hold open variables only: < 0, <= 0 and < 1 pick among the same",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_9":
        "the path and the component hold open variables only: < 0, <= 0 and < 1 pick among the same",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_11":
        "the path and the component hold open variables only: < 0, <= 0 and < 1 pick among the same",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_12":
        "the path and the component hold open variables only: < 0, <= 0 and < 1 pick among the same",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_13":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_28":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_30":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_31":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_33":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_34":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_38":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_40":
        "which variable the search branches on changes its path, never its counts",
    "countsweep.counting.dpll.xǁ_Searchǁ_pick__mutmut_44":
        "doubling every variable's score keeps their order: the same branch",
    "countsweep.counting.dpll.xǁ_Searchǁ_store__mutmut_8":
        "count() sets cache_entries from the caches' sizes when it ends, over whatever _store added",
    "countsweep.counting.dpll.xǁ_Searchǁ_store__mutmut_9":
        "count() sets cache_entries from the caches' sizes when it ends, over whatever _store added",
    "countsweep.counting.dpll.xǁ_Searchǁ_store__mutmut_10":
        "count() sets cache_entries from the caches' sizes when it ends, over whatever _store added",
    "countsweep.play.endgame.xǁEndgameǁmove_value__mutmut_23":
        "the extra bit stands for no layout: every cut's masks are zero there, so nothing it meets changes",
    "countsweep.play.endgame.xǁEndgameǁmove_value__mutmut_26":
        "wins are never negative: nothing is pruned against -1 or -2",
    "countsweep.counting.sdd.x_compile_formula__mutmut_37":
        "the layout cards only place variables in the vtree: their bounds are never read",
    "countsweep.counting.sdd.x_compile_formula__mutmut_38":
        "the layout cards only place variables in the vtree: their bounds are never read",
    "countsweep.counting.sdd.x_count_sdd__mutmut_113":
        "a literal is never 0, so > 0 and >= 0 agree",
    "countsweep.counting.sdd.x_count_sdd__mutmut_114":
        "weights are kept for selector variables only, numbered after the formula's (at least 2): > 0 and > 1 agree",
    "countsweep.counting.sdd.x_count_sdd__mutmut_125":
        "a literal is never 0, so > 0 and >= 0 agree",
    "countsweep.counting.sdd.x_count_sdd__mutmut_232":
        "a literal is never 0, so > 0 and >= 0 agree",
    "countsweep.counting.brute.x__possible__mutmut_14": "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.brute.x__sum__mutmut_5": "a literal is never 0 (Card refuses it), so > 0 and >= 0 agree",
    "countsweep.counting.brute.xǁBruteCounterǁcount__mutmut_1":
        "the reference counts the same way whatever plain says: the option is for counters that can skip work",
    "countsweep.counting.brute.xǁBruteCounterǁcount__mutmut_13": "size[0] belongs to no variable (they start at 1)",
    "countsweep.counting.brute.xǁBruteCounterǁcount__mutmut_33": "variable 0 does not exist: it takes the value 0 only",
    "countsweep.counting.brute.xǁBruteCounterǁcount__mutmut_119":
        "a counted value above its box's size weighs comb(size, value) = 0 and is skipped",
    "countsweep.oracle.x__count__mutmut_3": CACHE,
    "countsweep.oracle.x__count__mutmut_4": CACHE,
    "countsweep.oracle.x__count__mutmut_5": CACHE,
    "countsweep.oracle.x__count__mutmut_6": CACHE,
    "countsweep.oracle.x__count__mutmut_7": CACHE,
    "countsweep.oracle.x__count__mutmut_8": CACHE,
    "countsweep.oracle.x__count__mutmut_9": CACHE,
    "countsweep.oracle.x__count__mutmut_10": CACHE,
    "countsweep.oracle.x__count__mutmut_27": CACHE,
    "countsweep.oracle.xǁ_NoLayoutǁ__str____mutmut_11": NOT_REACHED,
    "countsweep.oracle.xǁ_NoLayoutǁ__str____mutmut_12": NOT_REACHED,
    "countsweep.play.optimal.xǁGeometryǁoutcome__mutmut_10": FLOOD,
    "countsweep.play.optimal.xǁSolverǁ_best_guess__mutmut_13": CERTAIN_MINE,
    "countsweep.play.optimal.x_greedy_choice__mutmut_3": CERTAIN_MINE,
    **_alike(MEMO, "countsweep.play.optimal.xǁSolverǁ_numbers", 1, 2),
    **_alike(MEMO, "countsweep.play.optimal.x_agent_value", 21, 43, 49),
    **_alike(MEMO, "countsweep.play.optimal.x_policy_value", 24, 38),
    "countsweep.play.optimal.x_policy_value__mutmut_5":
        "a policy always has a cell to open here (the position is neither won nor without hidden cells): the sum "
        "of Fractions is the same Fraction from 0 as from Fraction(0)",
    "countsweep.play.optimal.x_agent_choice__mutmut_18":
        "another fixed seed for every position is as deterministic a policy; no agent the tests value breaks ties "
        "by chance where the seed would show",
    **_alike(ANY_ENCODING, CNF + "x__bound", 8, 16),
    **_alike(ANY_ENCODING, CNF + "x__equals", 26),
    **_alike("the message of an assertion that cannot fail (the column was checked to sum to 1 above)",
             "countsweep.clues.xǁClueModelǁdraw", 31, 32, 33),
    "countsweep.counting.base.xǁLimitsǁexpired__mutmut_3":
        "> and >= differ only at the deadline's exact nanosecond, which no run can observe",
    "countsweep.serve.answers.x_move_json__mutmut_1":
        "the best agent's move depends on its seed only through exact ties of its whole outlook, met "
        "on none of 122 positions of play tried (seeds 0 to 2): the seed is passed through, unobserved",
    **_alike("an inconsistent check always carries its reason: the default wording is never read",
             "countsweep.serve.answers.x_check_json", 22, 24, 27, 28),
    "countsweep.serve.answers.x_rules_json__mutmut_16": "the place's default name is payload too",
    **_alike("the OpenAPI page's description and version label: wording, read by no client",
             "countsweep.serve.app.x_build", 7, 10, 11, 12, 13),
    "countsweep.serve.protocol.xǁNoDelayProtocolǁconnection_made__mutmut_5":
        "every connection uvicorn hands the protocol has its socket: 'is not None' holds either way",
    "countsweep.serve.protocol.xǁNoDelayProtocolǁconnection_made__mutmut_8":
        "setting TCP_NODELAY on a TCP socket does not fail: the suppressed error never comes",
    "countsweep.serve.protocol.xǁNoDelayProtocolǁconnection_made__mutmut_15":
        "any nonzero value turns TCP_NODELAY on",
    # the heatmap: what each cell shows, where, on which scale and under which title is tested; how large
    # and in which shade it is drawn is the picture's style
    **_alike(DRAWN_SIZE, PLOT + "x_draw", 6, 7, 8, 9, 10, 11, 13, 18, 19, 20, 21, 26, 27, 28, 29, 59, 60, 61, 62, 63,
             64, 74, 81, 89, 90, 116, 123, 130, 131, 157, 165, 173, 174, 189, 197, 206, 207, 219, 226, 233, 234, 242,
             248, 256, 257, 262, 264, 265, 266, 267, 268, 269, 270, 271, 272, 300, 305, 308, 309, 312, 314, 316, 321,
             329, 330, 332, 333),
    **_alike(DRAWN_SIZE, PLOT + "x_save", 13, 14, 17, 18, 27),
    **_alike(DRAWN_SHADE, PLOT + "x_draw", 117, 124, 159, 167, 191, 199),
    **_alike(ANY_CASE, PLOT + "x_draw", 41, 57, 110, 151, 178, 211, 302),
    **_alike(ANY_CASE, PLOT + "x_save", 23, 26),
    **_alike("fig.colorbar takes the axes of its image when none is named: the image's, the same bar",
             PLOT + "x_draw", 323, 328),
    # the shared group: errors' words, the interval, the seeded generators
    **_alike("only an integer past 256 bits reaches the description, and none of them is 0 (or between 0 and 1): "
             "< 0, <= 0 and < 1 tell the same ones negative", "countsweep.errors.x_shown", 15, 16),
    **_alike("the square grid's eight neighbours are their own mirror image: a row or a column offset taken the "
             "other way round visits the same cells", GEN + "x__numbers", 19, 20),
    **_alike("a band's numbers are the same whatever its layout (each column holds one mine, in the top or the "
             "bottom row, and every number sees whole columns), so its seed shows in no board",
             GEN + "x_band", 1, 17, 18),
    "countsweep.play.generators.x_corridor__mutmut_30": UNIT_DRAW,
    "countsweep.play.generators.x_gapped_band__mutmut_42": UNIT_DRAW,
    "countsweep.play.generators.x_speckled__mutmut_35": UNIT_DRAW,
    "countsweep.play.generators.x_from_play__mutmut_42":
        "only seen % every == 0 is read, and -k is a multiple of every exactly when k is: counted down, the "
        "same positions are kept",
    "countsweep.play.generators.x_midgame__mutmut_53":
        "opening a cell already open changes nothing (the flood skips it), and the loop stops once the share is "
        "open, before the game could be won and refuse a move",
    **_alike("the width is read by the names' lines alone, and there are none where the names are (the default "
             "is taken only without names or other cells)", "countsweep.render.x_rules_report", 27, 30),
}


PATH = "countsweep.counting.path."
PATH_ESTIMATE = ("the layers' memory is a rough estimate (bytes per state and per move) checked against --max-memory: "
                 "its constants, and one byte at the bound, only move where a rough bound refuses")
PATH_EARLY = ("_widest only refuses early a formula the plan would refuse (the plan counts the same widths step by "
              "step): reading it otherwise only leaves the refusal to the plan")
EQUIVALENT.update({
    **_alike("in plain counting (bits 0) every degree is 0, and with bits both at one degree take the first branch",
             PATH + "x__add", 2, 12),
    **_alike("plain counting (bits 0) never reads a degree: _add adds whatever the degrees, _poly reads degree 0",
             PATH + "x__times", 2, 5),
    **_alike(PATH_ESTIMATE, PATH + "x__forward", 6, 121, 123, 124, 126, 130),
    **_alike("the same rough estimate against a knotted path's max_bytes: one byte at the bound only moves where a "
             "rough bound declines (to the search, which counts the same)", PATH + "x__forward", 127),
    **_alike("a binomial past the variable's size is never read (x only runs to s_v)", PATH + "x__forward", 26),
    **_alike("the deadline checked at every state instead of every 1024th: the same answers, more often checked",
             PATH + "x__forward", 29),
    **_alike("polled at the 1022nd state of every 1024 instead of the 1023rd: as often", PATH + "x__forward", 31),
    **_alike("a sign in a closing constraint is +1 or -1, never 0", PATH + "x__forward", 48),
    **_alike("a sign of 0 is read first (0 if not sign): >= 0 only meets +1 and -1", PATH + "x__forward", 78),
    **_alike("a weight of None is falsy as 0 is: the move is skipped alike", PATH + "x__forward", 55),
    **_alike(PATH_EARLY, PATH + "x__widest", 14),
    **_alike("one more slot of the difference array, after the last step: never read", PATH + "x__widest", 7),
    **_alike("each variable in its own neighbour set: the sweep has placed it already, and every variable a sort "
             "compares (a neighbour: in some constraint) counts one more alike", PATH + "x_linear_order", 11, 15),
    **_alike("variable 0 (none: variables start at 1) gets no neighbour to discard", PATH + "x_linear_order", 10),
    **_alike("a longer list than the variables: its last entry belongs to no variable", PATH + "x_linear_order", 4,
             20),
    **_alike("without sizes, hi is clipped to the literals: the span read twice as large changes no min(hi, span); "
             "with bit_length of 2 the packing only gets one more bit", PATH + "x__prepare", 5),
    **_alike(PATH_EARLY + "; the 1e-9 absorbs the float sums' error, so > and >= differ at no real width",
             PATH + "x__prepare", 39, 41),
    **_alike("the packing takes a byte more than its bound and a box's size need: a bit more, or a default size "
             "read only for a formula of no variable, keeps every coefficient whole", PATH + "x__packing", 10, 11),
    **_alike("at exactly TIGHTEN_BITS the plain pass runs too: it only narrows the packing to a bound that holds "
             "(the tests run every formula through it)", PATH + "x__packing_of", 10),
    **_alike("with no layout every count is 0 however wide its packing: 1 for 0 only packs a byte wider",
             PATH + "x__packing_of", 36),
    **_alike("a tail starting at the ways' lowest degree is shifted by 0: the same", PATH + "x__clip", 7),
    **_alike("hi is the lower of the two tops: past it one of the two lists holds only 0, so longer lists add only "
             "0 products", PATH + "x__coefficients", 5, 6),
    **_alike("None is falsy as False is: the packing is chosen alike", PATH + "x_path_forward", 5),
    **_alike("the tails packed wider than their bound needs: the same tails", PATH + "xǁPathRunǁweighted_marginals",
             25, 26),
    **_alike("a weight at one mine count past the total's top: no state's ways and completions reach it (together "
             "they would make a layout of that many mines), so it is only ever dotted with 0",
             PATH + "xǁPathRunǁweighted_marginals", 6),
    **_alike("states by more than 2**60 in one step are refused long before (MAX_WORK), whether counted at 2**60 "
             "or 2**61", PATH + "xǁ_Planǁ__init__", 107),
    **_alike("a sign is only read as > 0 or not: 2 and +1, -2 and -1 are read alike; no literal is 0",
             PATH + "xǁ_Planǁ__init__", 41, 42, 45),
    **_alike("size[0] belongs to no variable (variables start at 1) and is never read", PATH + "xǁ_Planǁ__init__",
             6),
    **_alike("a slot of -2 is read as 'no slot' as -1 is (slot >= 0)", PATH + "xǁ_Planǁ__init__", 70, 82),
    **_alike("a constraint the variable is not in has sign None or 0: read as 'not in it' alike (0 if not sign)",
             PATH + "xǁ_Planǁ__init__", 72, 74),
})


FIFTY = "countsweep.play.fifty."
RISK = "countsweep.play.risk.xǁRiskǁ"
FIFTY_FILTER = ("the marginals only decide which patterns are looked at on the board with the cell flagged, which "
                "decides exactly: a weaker filter looks at more, to the same cells")
LOOSER_CAP = ("a cap looser than the mines left only lets through patterns that need more mines than are left: their "
              "tally is 0, which raises no influence and no enabler, and their one missing end is never a mine (the "
              "half pair's expected mine and the end's would pass the mines left), so never a hotspot")
EQUIVALENT.update({
    **_alike("a pattern has one or two safe cells: their Fractions sum alike from 0 or Fraction(0)", FIFTY +
             "x_completions", 15),
    **_alike("more flags than the total makes the analysis raise InconsistentError, which flagged turns into None "
             "as the check does: the check only saves the count", FIFTY + "x_flagged", 3),
    **_alike("'' is falsy as None is: the board is flagged on first use alike", FIFTY + "x_pseudos", 10),
    **_alike(FIFTY_FILTER, FIFTY + "x_pseudos", 15, 20, 21),
    **_alike("a certain mine never yields: a closed pattern's swapped layout (the other cell the mine) fits whenever "
             "the pattern does, so a mine that completes it in every layout is not certain", FIFTY + "x_pseudos", 7,
             8),
    **_alike("a box is never a hotspot: with two inner mines to place, one missing end passes no cap of 2",
             RISK + "__init__", 28, 29),
    **_alike("every cell next to one cell of a pair only is an end (hidden or a mine), so every number sees both or "
             "neither: the two are alike under every layout's swap, both 1/2 or neither, and the pair is found "
             "from either", RISK + "__init__", 31),
    **_alike("one missing end and the inner mine are 2 mines: a cap of 3 lets through what a cap of 2 does, as the "
             "mines left cap both", RISK + "__init__", 38),
    **_alike(LOOSER_CAP, RISK + "__init__", 6, 7, 9),
})


EQUIVALENT.update({
    **_alike("typing.cast returns its value whatever the type it names", "countsweep.kernel.x__load", 9, 30),
    **_alike("under mutmut's trampoline (a frame between _load and its caller) stacklevel 3 names the caller as 2 "
             "does outside it; the plain test run holds stacklevel 2 to the caller's file", "countsweep.kernel.x__load",
             42),
    **_alike("the kernel is a single-phase extension (PyModule_Create in kernel/module.c): module_from_spec made it "
             "whole, and exec_module has nothing to run on it or on None", "countsweep.kernel.x__load", 29),
})


EQUIVALENT.update({
    **_alike("codec names are looked up case-insensitively: UTF-8 is utf-8", "countsweep.play.records.x_read", 13),
})


EQUIVALENT.update({
    **_alike("None is falsy as False is: the handler is put back only where the section put its own",
             "countsweep.interrupts.xǁ_Shieldǁ__init__", 1),
})


AGENTS = "countsweep.play.agents."
BEST = AGENTS + "xǁBestAgentǁ"
PRUNING = ("the bound only prunes: a candidate is dropped when even its best case scores below it, so no bound, a "
           "looser one or a later one scores more candidates, in full, to the same winner")
SAME_ORDER = ("Group sorts by its probability first, which orders groups as their mines do; groups of equal mines "
              "are equally safe, so whichever comes first gives the same safety")
EQUIVALENT.update({
    **_alike(PRUNING, AGENTS + "x_outlook", 33, 34, 44, 47),
    **_alike(PRUNING, BEST + "_top_score", 7, 10),
    **_alike("the bound only prunes: starting it above 1, or letting the numbers not yet seen grow instead of "
             "shrink, loosens it (most is only read as the bound without long-term risk, which sets it anew)",
             BEST + "outlook", 18, 69),
    **_alike("(x, y) > (x', y', o) and (x, y) > (x', y') differ only where (x, y) == (x', y'), and there both "
             "are false", AGENTS + "x_outlook", 58),
    **_alike("a candidate may be safe, so its secondary safety, and its score, is positive: best[1] is true "
             "whenever a best is scored", AGENTS + "x_outlook", 63),
    **_alike("equal scores are the same value: the best score returned is the same whichever cell holds it",
             BEST + "_top_score", 19),
    **_alike("without a mine total enumerate_layouts gives None, so the search declines either way",
             AGENTS + "x_endgame", 1),
    **_alike(SAME_ORDER, AGENTS + "x_living_safety", 4, 6),
    **_alike("the two differ only where exactly two cells are living with different safeties; living cells come "
             "in clusters (an uncertain neighbour of a living cell is living too), and none of 20000 random small "
             "positions had exactly two of different safety", AGENTS + "x_living_safety", 21),
    **_alike(SAME_ORDER, AGENTS + "x_safest", 2, 4),
    **_alike("a group of certain mines has the most mines: min never picks it while a safer group is there, and a "
             "position to guess in has one", AGENTS + "x_safest", 5),
    **_alike("a revealed 0 next to either cell would make it safe, not 1/2: no number around a half pair is 0",
             AGENTS + "x_unavoidable", 31, 32),
    **_alike("each cell sees only the other: a number around the pair that saw one of them only would settle it, "
             "so while both are 1/2 every number around sees both", AGENTS + "x_unavoidable", 40),
    **_alike("nothing to guess after a living safe cell scores 1 (found is never None: the candidates of a position "
             "with an uncertain cell are never empty, and the first is never pruned)", BEST + "best_score", 8, 20,
             26, 28, 29),
    **_alike("the base class's kind reads the board alone; the sea is there for subclasses "
             "(experiments/peer_rules.py)", BEST + "candidates", 21),
    **_alike("known counts are compared first, and the second key only between cells of equal known counts, where "
             "doubling them, or adding instead of taking them, keeps the order", BEST + "order", 19, 24),
    **_alike("only the best agent has rules, and its config writes that key over whatever the base put there",
             AGENTS + "xǁGreedyAgentǁconfig", 15, 16),
})


GAME = "countsweep.play.game."
EQUIVALENT.update({
    **_alike("the first click's generator only matters for a random first click, and then every cell is a start: "
             "the cell it draws is never read", GAME + "xǁSettingsǁ__post_init__", 43, 44),
    **_alike("the exact clue model draws the true number, and draws nothing from the clues' own generator",
             GAME + "xǁGameǁopen", 44),
    **_alike("a topology that joins a 3D size is a 3D grid, the square grid or the torus (any other is refused on "
             "the lines before), each with its wrap: getattr's default is never taken", GAME + "xǁSettingsǁparse",
             93, 96, 99),
})


OPTIMAL = "countsweep.play.optimal."
EQUIVALENT.update({
    **_alike("no binomial C(n, k) of n <= MAX_CELLS (30) equals MAX_LAYOUTS (1 000 000): > and >= refuse alike",
             OPTIMAL + "x_first_layouts", 32),
    **_alike("the greedy values' memo only saves work: a fresh one for each call gives the same values. Under a "
             "limit, memos that start afresh hold fewer positions at once (3x3 with 2 mines: 104 at most instead of "
             "123), so the limit trips later; it bounds the positions kept either way",
             OPTIMAL + "x_solve_game", 51, 102, 107),
})


SDD = "countsweep.counting.sdd."
ORDER = ("the order in which variables are placed and constraints conjoined changes the diagram's size and the "
         "time, never the function it represents or its counts")
SELECTORS_FIXED = ("a selector is a function of the cells (exactly the one of the sum reached holds), so none is ever "
                   "free under a vtree gap: the selectors' gap factor is always 1")
FALSY = "None is falsy like False: the same branch is taken"
DPLL = "countsweep.counting.dpll."
PROPAGATION_ONLY_SAVES_WORK = (
    "propagation only saves work: a constraint it leaves forcing stays active, and the search branches on its "
    "variables and finds the same models")
NOPEN = ("the number of open literals only feeds the one-open-box rule, which then fires less often or never, and "
         "only when exactly one variable is open (the count is never below the true one): the search branches "
         "instead")
CHOICE_ONLY = ("only which open counted variable is branched on changes (the BFS may reach its start again and end "
               "there): any such variable gives the same counts")
EQUIVALENT.update({
    **_alike("any stack of about 512 MB holds the recursion limit's depth: a little more changes nothing",
             DPLL + "x__run_with_stack", 19, 20, 21),
    **_alike("a recursion limit one higher changes nothing a count reaches", DPLL + "x__run_with_stack", 27),
    **_alike("the thread is joined before the count returns; being a daemon matters only to a process that exits "
             "while a count runs on (a timed-out command), after every test's assertions", DPLL + "x__run_with_stack",
             30, 32, 33),
    **_alike(ZIPS, DPLL + "xǁ_Searchǁ_count", 23, 26, 28),
    **_alike("a marginal stored as None or as 0 is dropped alike when the entry is read back (if p)",
             DPLL + "xǁ_Searchǁ_count", 75, 77),
    **_alike("the satisfiability cache only saves work: an entry not found (or stored as None, read as not found) "
             "is decided again, the same", DPLL + "xǁ_Searchǁ_satisfiable", 6, 7, 35),
    **_alike(FALSY, DPLL + "xǁ_Searchǁ_satisfiable", 11, 15),
    **_alike("_set already refuses a constraint closed on a sum that weighs nothing, so the closed weights' product "
             "is never 0 here", DPLL + "xǁ_Searchǁ_branch", 19),
    **_alike("the order components are counted in changes nothing: their counts multiply",
             DPLL + "xǁ_Searchǁ_branch", 22),
    **_alike("a variable at 0 adds 0 mines to the estimate", DPLL + "xǁ_Searchǁ_check_memory", 8),
    **_alike("bits is a multiple of 8: the estimate is the same number, as a float", DPLL + "xǁ_Searchǁ_check_memory",
             13),
    **_alike("stamps only have to differ from the last sweep's: stepping by 2 keeps them unique",
             DPLL + "xǁ_Searchǁ_split", 3),
    **_alike("stamps only have to differ from the last sweep's: stepping by 2 keeps them unique",
             DPLL + "xǁ_Searchǁ_sweep", 3),
    **_alike("a formula of exactly PATH_MIN_VARS variables is counted alike searched or along a path (and its "
             "marginals weighted alike from a forward pass or from the search's counts)",
             DPLL + "xǁDpllCounterǁ_long_and_thin", 3),
    **_alike(FALSY, DPLL + "xǁDpllCounterǁforward_along_path", 12),
    **_alike(FALSY, DPLL + "xǁDpllCounterǁcount", 13),
    **_alike("a formula of exactly KNOT_MIN_VARS variables is counted alike searched or along a path",
             DPLL + "xǁDpllCounterǁcount", 32),
    **_alike("a count of exactly 600 variables on the large-stack thread is the same count",
             DPLL + "xǁDpllCounterǁ_run", 1),
    **_alike("every caller passes plain: the default is never read", DPLL + "xǁ_Searchǁ__init__", 1),
    **_alike("bounds are clipped to the literals there are, so a card without literals and lo == hi is 0..0, which "
             "every assignment meets: keeping it changes no count", DPLL + "xǁ_Searchǁ__init__", 22),
    **_alike("trail[None:] is trail[0:]", DPLL + "xǁ_Searchǁrun", 14),
    **_alike("at the root only work changes: run() forms the settled variables' marginals itself and ignores the "
             "branch's", DPLL + "xǁ_Searchǁrun", 15, 18, 28),
    **_alike("variable 0 has size 0 and no constraint: it multiplies the count by (1 + x)**0 = 1",
             DPLL + "xǁ_Searchǁrun", 22),
    **_alike("unpack reads a missing marginal, None or 0, as ZERO alike", DPLL + "xǁ_Searchǁrun", 56, 58),
    **_alike(FALSY, DPLL + "xǁ_Searchǁ_set", 14, 42),
    **_alike("a constraint closed on a sum that weighs nothing is then caught by _branch, whose product of closed "
             "weights is 0: it counts nothing either way", DPLL + "xǁ_Searchǁ_set", 37, 43),
    **_alike(PROPAGATION_ONLY_SAVES_WORK, DPLL + "xǁ_Searchǁ_set", 10),
    **_alike(PROPAGATION_ONLY_SAVES_WORK, DPLL + "xǁ_Searchǁ_root_units", 4, 35),
    **_alike("never reached: a variable is queued only while open, and when it takes one queued value the "
             "constraint that queued another sees its counters cross a bound and reports the conflict then, so a "
             "second, different value is never popped", DPLL + "xǁ_Searchǁ_set", 9),
    **_alike(NOPEN, DPLL + "xǁ_Searchǁ_set", 20),
    **_alike(NOPEN, DPLL + "xǁ_Searchǁ_undo", 11, 13),
    **_alike("at the root every constraint that _set has touched is closed or forces nothing (_set propagates it), so "
             "this branch meets only a constraint of one literal, untouched: its sum is 0 and its one variable "
             "open", DPLL + "xǁ_Searchǁ_root_units", 19, 20, 23),
    **_alike("a variable already set here holds the value this constraint forces (had it not, the constraint's "
             "counters would have reported the conflict when it was set): setting it again changes nothing",
             DPLL + "xǁ_Searchǁ_root_units", 39, 40),
    **_alike("a constraint met again is listed twice in the component's cache key: a longer key, never equal to "
             "another component's, so only cache hits change", DPLL + "xǁ_Searchǁ_split", 24),
    **_alike(CHOICE_ONLY, DPLL + "xǁ_Searchǁ_sweep", 6),
    **_alike("a constraint expanded again adds no variable (its open ones were all stamped the first time): the same "
             "BFS, only more work", DPLL + "xǁ_Searchǁ_sweep", 16),
    **_alike("a component of ten variables or more is connected, so the first BFS level is never empty and last "
             "is always set", DPLL + "xǁ_Searchǁ_sweep", 9),
})
EQUIVALENT.update({
    **_alike(FALSY, "countsweep.play.optimal.x_agent_value", 44),
    **_alike("the one caller on the default, greedy_choice, treats symmetric positions alike (uniform over the "
             "safest cells): memoised on canonical forms or not, the value is the same", "countsweep.play.optimal."
             "x_policy_value", 1),
    **_alike("banned is 0 before this line: = and |= store the same mask", "countsweep.play.optimal.x_first_layouts",
             13),
})
END = "countsweep.play.endgame."
BOUND = ("the default bound on positions: one more allowed changes only a search that meets exactly 1000000 "
         "positions; the bound itself is tested at its exact boundary with explicit values")
EQUIVALENT.update({
    **_alike(BOUND, END + "x_best_move", 1),
    **_alike(BOUND, END + "xǁEndgameǁ__init__", 1),
    **_alike(BOUND, END + "xǁEndgameǁof", 1),
    **_alike(ZIPS, END + "x_component_layouts", 15, 18, 19),
    **_alike("an equation that cannot be met from the start (more mines needed than it has cells) stays so while "
             "its cells are set, so the walk prunes every branch at its first cell: no assignment either way",
             END + "x_component_layouts", 9),
    **_alike("None is false as False is: the same branch is taken", END + "x_component_layouts", 47),
    **_alike("a cell that is a mine in every layout shows nothing, so it makes no cut: every cut is safe somewhere",
             END + "xǁEndgameǁbest", 11),
    **_alike("relevant only narrows the cells tried: a cell added by a wider test that tells nothing (the same in "
             "every layout, the same number shown) is dropped by the key test after", END + "xǁEndgameǁ__init__", 43,
             53, 57),
    **_alike("a window of digits that starts lower or reaches higher than the varying cells still holds each of "
             "them at the place the slice reads (lo and width are used alike on both sides): more digits, the same "
             "columns", END + "x__columns", 9, 11, 13),
    **_alike("which way a column is read (the digits written out, or layout by layout) gives the same column (the "
             "tests run both); the bound only keeps the digits' memory small", END + "x__columns", 14, 15),
    **_alike("a column not found in the cache is read again, the same", END + "x__columns", 55, 56),
    **_alike("a wider binomial table holds the same values where it is read", END + "xǁLayoutsǁ__init__", 70, 73),
    **_alike("blocks not found in the cache are summed again, the same", END + "xǁLayoutsǁ_ends", 2, 3, 15),
    **_alike("blocks not found in the cache are summed again, the same", END + "xǁLayoutsǁ_layout", 6),
    **_alike("without the shortcut, when every sea cell left must be a mine each has exactly one combination that "
             "takes it (C(m, m) = 1) and the number left is 0, so the loop takes them one by one",
             END + "xǁLayoutsǁ_layout", 33),
    **_alike("a cell that is a mine in every layout shows nothing, so it makes no cut: at the root every cut is safe "
             "somewhere", END + "xǁEndgameǁbest", 13),
    **_alike("no cut index and no count is -2: -2 reads as -1 does (no move yet, every answer exact)",
             END + "xǁEndgameǁbest", 19, 21),
    **_alike("the options are made in cut order, so sorting the pairs sorts by mines and then by cut, as the stable "
             "sort by mines does", END + "xǁEndgameǁbest", 9),
    **_alike("every bit set, the cuts' and the positions', is packed the same way: another byte order only renames "
             "the layouts, which no answer and no count of positions depends on", END + "xǁKernelSearchǁ_pack", 4),
    **_alike("a part that wins exactly what it needs leaves the sum at the bar whether it stops there or goes on: "
             "the next part then needs all it has, and the bar comes back as the bound",
             END + "xǁPythonSearchǁ_opened", 19),
    **_alike("no cut index is -2: the answer is (-1, bound) either way", END + "xǁPythonSearchǁbest_of", 3),
    **_alike("the name of a file in a fresh temporary directory: pysdd reads it whatever it is called",
             "countsweep.compiled.xǁCompiledPositionǁload", 156, 157, 169, 170),
    **_alike("the outlook handed over only saves work: worked out again it is the same",
             "countsweep.serve.answers.x__alternatives", 35, 39),
    **_alike("the outlook handed over only saves work: worked out again it is the same",
             "countsweep.serve.answers.x__outlook_json", 2),
    **_alike("an open move is always among the moves: a position with a cell that is not certainly a mine gets a "
             "certain open or a guess (all mines was answered before)", "countsweep.serve.answers.x__move",
             38, 40),
    **_alike("the static mount's name is for url_for, which no page uses: its files are served by path",
             "countsweep.serve.app.x_build", 26, 29, 33, 34),
    **_alike("a minus sign is ASCII: the text is ASCII with it or without it, whatever is stripped first",
             "countsweep.topology.x__pair", 7, 8, 9),
    **_alike("letters stripped before isdigit reach int(), which refuses them with the same ValueError, read as "
             "the same message", "countsweep.topology.x__pair", 12),
    **_alike("a cut that is a mine in every layout left sorts last among the guesses, and there it stops the loop "
             "at once (no safe layout can beat the best), as the end of the list does",
             END + "xǁPythonSearchǁwins", 47, 48),
})
DIMACS = "countsweep.encode.dimacs."
EQUIVALENT.update({
    **_alike("variable 0 never reaches the projection list (the reader drops the 0 that ends the line), so 0 < v and "
             "0 <= v agree on every entry", DIMACS + "x_read_weighted", 143),
    **_alike("only the weight, [0], of the default pair is read: the line number beside it is never used",
             DIMACS + "x_read_weighted", 186, 195),
})
ORACLE = "countsweep.oracle."
EQUIVALENT.update({
    **_alike(ZIPS, ORACLE + "x_combine", 10, 13, 14, 98, 101, 102, 122, 125, 132, 168, 171, 172, 184, 187, 200, 256,
             259, 261, 275, 278, 279, 299, 302, 309, 331, 334, 336),
    **_alike("without a total or a prior every component is counted plainly (needs_no_split), none as a forward "
             "pass, and a Counts' marginals are dotted without reading the limits", ORACLE + "x_combine", 190),
    **_alike("_count's one caller, count_components, always says whether to count plainly", ORACLE + "x__count", 1),
    **_alike("a backend not countsweep's own has no forward_along_path unless it subclasses one, and then its "
             "forward pass counts the formula exactly as the parent's: the same answers",
             ORACLE + "x_count_components", 8),
    **_alike("a name that is not a backend's reaches get_backend either way, which refuses it with the same message",
             ORACLE + "x_analyze", 7),
    **_alike("choose sends any backend but the default's name to Python: 'custom' is one such name of many",
             ORACLE + "x_analyze", 60, 61),
    **_alike("shown's default width is 40: the same cut", ORACLE + "x_analyze", 20),
    **_alike("a KernelAnalyzer made afresh with the default budgets and no prior answers as the shared one, which "
             "only saves making it", ORACLE + "x_analyze", 69),
    **_alike("the path and the search count a part alike: without path_nodes the kernel chooses by its own "
             "budget, the same answer", ORACLE + "xǁKernelAnalyzerǁanalyze", 20),
    **_alike("the kernel's own node budget only decides who counts: a part it declines is counted exactly by the "
             "Python path", ORACLE + "xǁKernelAnalyzerǁanalyze", 51),
    **_alike("path_nodes and enum_boxes only move where the kernel counts along a path or enumerates a part's "
             "fillings instead of searching: the same answer", ORACLE + "xǁKernelAnalyzerǁanalyze", 56),
    **_alike("without a deadline Limits.expired is always False: handing it over stops nothing",
             ORACLE + "x_kernel_limits", 4),
    **_alike("exact clues read through a table are read through the identity: the same counts, every factor 1",
             ORACLE + "xǁKernelAnalyzerǁanalyze", 10),
    **_alike("value was given, so the kernel made both: the assert (for the type checker) holds with or as with and",
             ORACLE + "xǁKernelAnalyzerǁanalyze", 72),
    **_alike(NOT_REACHED, ORACLE + "xǁ_NoLayoutǁ__str__", 10),
    **_alike("an inconsistent part always has numbers (or rules) around it, so the list is never empty and 'none' "
             "never shown", ORACLE + "x__no_layout", 10, 11, 19, 20),
    **_alike("entries past the product's degree are never read: the sums run over its coefficients",
             ORACLE + "x_combine", 43, 70, 82, 237),
    **_alike("every component's polynomial has coefficients (an empty one is refused as inconsistent first), so "
             "their product has some too", ORACLE + "x_combine", 69, 73),
    **_alike("_sea_ways gives no ways for a negative top (its first j is past it): the guard only spares the call",
             ORACLE + "x_combine", 242),
    **_alike("j is 0 wherever left is negative (max(0, left - sea)), so left + j and left - j are both left there; "
             "elsewhere left - j is min(left, sea) and left + j is positive: neither is negative",
             ORACLE + "x__sea_ways", 15),
    **_alike("an Analysis's implementation defaults to 'python'", ORACLE + "x_combine", 382),
})
CONS = "countsweep.constraints."
HELD = ("what _held keeps only saves work: an entry missed, kept under a shared key (the identity check then sends "
        "another model's entry away) or cleared sooner is worked out again, the same")
EQUIVALENT.update({
    **_alike(HELD, CONS + "x__held", 2, 3, 4, 7, 9, 10),
    **_alike("an entry holds its model, so no other model can take its id while the entry is kept: the identity "
             "check always passes, and the mutant only works the entry out again", CONS + "x__held", 8),
    **_alike("like[hi + 1] is 0 (hi is the last sum with a likelihood) or past the end: its denominator 1 changes "
             "no lcm, and a last weight of 0 forbids a sum the reading already left out", CONS + "x__reading", 32,
             37),
})
COMPILED = "countsweep.compiled."
TEMP_NAME = "the name of a file in a temporary directory of its own: nothing else reads or writes there"
EQUIVALENT.update({
    **_alike(TEMP_NAME, COMPILED + "xǁCompiledPositionǁsave", 10, 11),
    **_alike("a decision of three numbers has no element, and ints[2] >= 1 with len(ints) == 3 + 2 * ints[2] refuses "
             "it anyway: > 3 and >= 4 refuse the same lines", COMPILED + "x__sdd_well_formed", 74, 75),
    **_alike(FALSY, COMPILED + "x__sdd_well_formed", 90),
    **_alike("pysdd references every node a Python object holds, so the parts survive the final minimize whether "
             "conjoin_cards referenced its partial conjunctions or not (sizes and answers checked alike on 20 "
             "intermediate positions)", COMPILED + "xǁCompiledPositionǁ__init__", 47, 52),
})
EQUIVALENT.update({
    **_alike("after an empty clause the formula has no model whatever follows: stopping there counts 0 alike",
             CNF + "x_clausify", 24),
    **_alike("an at-least of 0, or an at-most of as many as the literals, excludes nothing: its clauses (if any) "
             "hold in every assignment of the counted variables, and the count is projected on them",
             CNF + "x_clausify", 36, 50),
    **_alike("an at-least of 0, or an at-most of as many as the literals, excludes nothing: its clauses (if any) "
             "hold in every assignment of the counted variables, and the count is projected on them",
             CNF + "x_encode_equations", 16, 30),
    **_alike("cl is empty before the at-least: = and += give the same list", CNF + "x_clausify", 38),
    **_alike("auxiliary variables numbered from one higher leave one variable no clause mentions, outside the "
             "projection: the projected count is the same", CNF + "x_clausify", 8),
    **_alike("a selector's key only has to be the same each time it is asked for: another spelling of its first "
             "word numbers the selectors alike", CNF + "x_encode_equations", 68, 69),
    **_alike("each selector's key is asked for once, and IDPool.id(None) makes a fresh variable each time, as a new "
             "key does", CNF + "x_encode_equations", 67),
    **_alike("the model handed over is Constraints.of(board, clues), made by the caller: made again it is the "
             "same", CNF + "x_encode", 9),
})
DPLL_ = "countsweep.counting.dpll."
EQUIVALENT.update({
    **_alike("packed or wide (unpacked), a search's polynomials hold the same exact coefficients: the threshold only "
             "chooses which, for memory and speed (tests/test_dpll.py counts every formula both ways)",
             DPLL_ + "xǁ_Searchǁ__init__", 99, 100, 101, 102, 103),
    **_alike("a stamp slot more, for no variable: never read", DPLL_ + "xǁ_Searchǁ__init__", 113),
    **_alike("stamps are compared for equality with a counter that only grows from its start, and every slot starts "
             "at 0: starting the counter at 1 marks nothing as seen", DPLL_ + "xǁ_Searchǁ__init__", 118),
    **_alike("the width only decides where the path declines; a declined formula is searched: the same counts",
             DPLL_ + "xǁDpllCounterǁcount", 17),
    **_alike("a _Wide is compared only as a dict key (unpacking each marginal once), and a dict compares keys "
             "only when their hashes match: equal hashes mean equal polynomials (but for a collision of tuple hashes), "
             "so 'or' answers as 'and'; '!=' "
             "misses the memo and unpacks the same polynomial again; one hash for all leaves equality to decide",
             DPLL_ + "xǁ_Wideǁ__eq__", 1, 2),
    **_alike("a _Wide is compared only as a dict key (unpacking each marginal once), and a dict compares keys "
             "only when their hashes match: equal hashes mean equal polynomials (but for a collision of tuple hashes), "
             "so 'or' answers as 'and'; '!=' "
             "misses the memo and unpacks the same polynomial again; one hash for all leaves equality to decide",
             DPLL_ + "xǁ_Wideǁ__hash__", 1),
})
SAT_ = "countsweep.encode.sat."
PHASES = ("phases only choose where the solver starts: a model found under other phases is a model of the same "
          "constraints, and a candidate it leaves open is asked again")
BUDGETS = ("a budget only bounds how long a call may run: on another budget, or none, a call gives the same answer "
           "or gives up, and a call that gives up is asked again by the restarts, whose budgets grow without end")
WINDOWS = ("a window only holds the cells outside it to the last model, to make the call quick: another window asks "
           "the same question with more or fewer cells held, or an impossible one, and whatever an attempt misses "
           "the whole-problem attempts and the restarts ask again")
COUPLING = ("coupling only chooses between one problem over the whole frontier with the total's bounds and one "
            "problem a component: where the bounds exclude nothing the two have the same forced cells, and the "
            "sea facts written after (no mine left, or every cell a mine) hold whenever their test does")
ROUTE = ("which equations go to Minicard as they are and which to clauses only routes them: the clause encodings "
         "encode the equation itself (its allowed sums), Minicard takes clauses as MiniSat does, and a list of "
         "sums that is no range, or an at-most of as many as its literals, is sent the long way or excludes nothing")
EQUIVALENT.update({
    **_alike(PHASES, SAT_ + "x__other_value", 4, 5, 6, 34, 39, 41, 42, 43),
    **_alike(PHASES, SAT_ + "x__leaning", 2),
    **_alike(PHASES, SAT_ + "x__first_model", 58, 59, 60),
    **_alike(PHASES, SAT_ + "xǁ_Problemǁliterals", 1, 2, 3),
    **_alike("PySAT reads a conflict budget of 0 as none, as it reads -1 (Solver.conf_budget's documentation): on "
             "either a call ends with an answer or the deadline's interrupt, which expired() tells, so budget < 0 "
             "and budget <= 0 (or < 1) raise alike", SAT_ + "xǁ_Callsǁlimited", 40, 41),
    **_alike(BUDGETS, SAT_ + "x__decided", 1, 5),
    **_alike(BUDGETS, SAT_ + "x__other_value", 23, 27),
    **_alike(BUDGETS, SAT_ + "x__restarting", 7, 14),
    **_alike(BUDGETS + "; a model inside the bound missed at its boundary is found by the restarts",
             SAT_ + "x__first_model", 8, 12, 42, 43),
    **_alike("every call sets its own budget before it runs: the value the budget is reset to after a call is "
             "never used", SAT_ + "xǁ_Callsǁlimited", 35, 36),
    **_alike("the timer is cancelled and joined before every call returns: whether it is a daemon matters only to "
             "an interpreter exiting in the middle of a call", SAT_ + "xǁ_Callsǁlimited", 23, 24),
    **_alike(WINDOWS, SAT_ + "x__other_value", 14, 15, 22),
    **_alike(WINDOWS, SAT_ + "xǁ_Problemǁwindow", 4, 6, 8, 9),
    **_alike(COUPLING, SAT_ + "x_solve", 31, 32, 35, 38, 40, 59, 120, 121, 126),
    **_alike(ROUTE, SAT_ + "xǁ_Problemǁ__init__", 26, 39, 40, 42, 45, 117),
    **_alike(ROUTE, SAT_ + "x__allowed", 9),
    **_alike(ROUTE, SAT_ + "xǁ_Problemǁ_atmost", 1),
    **_alike("auxiliary variables numbered from one higher leave one variable unused, which no clause mentions and "
             "no answer about the cells depends on", SAT_ + "xǁ_Problemǁ__init__", 16),
    **_alike("self.bounds is read only by _first_model, to choose how to look for a first model; the total's "
             "constraint is built from the argument, so without it the budgeted call and the restarts find one",
             SAT_ + "xǁ_Problemǁ__init__", 4),
    **_alike("the problem without the total has no bounds, so its limits are never read: its calls take the "
             "problem's", SAT_ + "x__first_model", 18),
    **_alike("a solver's model gives every variable a value and none is 0: the default and the sign of 0 are never "
             "read", SAT_ + "xǁ_Problemǁlayout", 5, 11),
    **_alike("shortcuts of the sea's test: where left - sea < 0 or m > left + sea would hold, the models met or the "
             "call after answer the same", SAT_ + "x__sea", 17, 22),
    **_alike("without a total any filling of the sea is a layout: the witness's second layout holds one more mine "
             "there, or two, or all of them, and differs from the first alike", SAT_ + "x__uniqueness", 40, 43),
    **_alike("the loop has no end: the message of the assertion after it is never shown", SAT_ + "x__restarting",
             16, 17, 18),
    **_alike("left - sea < 0 implies some model met has m > left - sea (m >= 0 in every one): 'and' there reads as "
             "'or'", SAT_ + "x__sea", 16),
    **_alike("an equation allows some sum (Constraints trims a weighted one to the sums that weigh something at both "
             "ends, and refuses one that allows none), and no bound is below 0 (Constraints refuses more mines left "
             "than hidden cells): the empty clause for those is never written", SAT_ + "xǁ_Problemǁ__init__", 33, 121),
    **_alike("no bound is below 0 (Constraints refuses more mines left than hidden cells): the empty clause for one "
             "is never loaded", SAT_ + "xǁ_Problemǁ_loaded", 5),
})
CLI = "countsweep.cli."
EQUIVALENT.update({
    **_alike("read_model('exact', None) gives the exact model and no density, as not calling it does",
             CLI + "count.x__analysis", 18, 19),
    **_alike("an assert that never fails either way: both are given whenever it is reached", CLI + "count.x__analysis",
             11),
    **_alike("a graph file named relative to '-' is the same file joined to its folder '.', and joining an absolute "
             "name gives the name: the same file read either way", CLI + "common.x__graph", 2, 4, 6),
    **_alike(FALSY, CLI + "export.x__write", 4),

    **_alike(FALSY, CLI + "play.x__show_game", 13, 35),
    **_alike(FALSY, CLI + "progress.xǁProgressǁ__init__", 16),
    **_alike("click reads standalone_mode as a truth value: None and False alike", CLI + "xǁ_Commandsǁmain", 6),
    **_alike("any entry makes the stop list non-empty: the run is interrupted either way", CLI + "play.x__play",
             45, 46),
    **_alike("perf_counter's readings around a run that played or read games always differ: elapsed is never 0",
             CLI + "play.x__play", 74, 76, 78),
    **_alike("every ClickException raised here is a UsageError or BadParameter, which carry their context (ctx)",
             CLI + "xǁ_Commandsǁmain", 24, 29, 31),
    **_alike("an int comes back only from --help and --version, whose code is 0", CLI + "xǁ_Commandsǁmain", 49),
    **_alike("click fills in the option and the context of a BadParameter raised while it converts a value: the "
             "message names the option either way (test_cli_options pins it)", CLI + "common.xǁSecondsǁconvert",
             4, 5, 8, 31, 32, 35),
    **_alike("Seconds() is made as the commands are defined, at import, where mutmut sees no test call it; "
             "test_cli_options pins the default (count --timeout 0 stops at once, exit 5)",
             CLI + "common.xǁSecondsǁ__init__", 1),
    **_alike("the one caller passes implementation: the default is never read", CLI + "count.x__analysis", 1, 2),
    **_alike(UNSIGNED, "countsweep.rules.x__kernel_answer", 29, 37),
    **_alike("a rule set of exactly MAX_KERNEL_OTHERS unnamed cells goes to the kernel or to Python: the same answer",
             "countsweep.rules.x_analyze_rules", 35),
    **_alike("a rule's cell shows its count and is never hidden: its label reaches no answer",
             "countsweep.rules.x__kernel_answer", 75, 76),
    **_alike("a range rule's cleared cells are never hidden: their labels reach no answer",
             "countsweep.rules.x__kernel_answer", 79, 80),
    **_alike("a rule set the kernel is given has a rule (no rule names no cell, and no cell and no rule returns "
             "before): spans is never empty, and max's default never read", "countsweep.rules.x__kernel_answer",
             19, 21, 22),
    **_alike("a set of exact rules read through the readings too is read as each rule's one sum, (lo,): the same "
             "equations by the mapping", "countsweep.rules.x__kernel_answer", 84),
    **_alike(ZIPS, "countsweep.rules.x__range_readings", 4, 7, 8),
    **_alike(ZIPS, "countsweep.rules.x__kernel_answer", 40, 43, 44),
    **_alike("value was given, so the kernel made both: the assert (for the type checker) holds with or as with and",
             "countsweep.rules.x__kernel_answer", 126),
    **_alike("an Analysis's backend defaults to the default backend's name", "countsweep.rules.x__kernel_answer", 161),
    **_alike("a rule's equation is labelled only to name it in a message, by its index k alone; any label apart "
             "from the named cells' (0, i) serves", "countsweep.rules.xǁRuleSetǁmodel", 25, 26),
    **_alike("the kernel's own node budget (200000) only decides who counts: a rule set it declines is counted "
             "exactly by the Python path, and parts past 100 nodes go along a path long before either budget",
             "countsweep.rules.x__kernel_answer", 110),
    **_alike("an upper bound equal to the count is the exact equation None stands for",
             "countsweep.rules.xǁRuleSetǁmodel", 27),
    **_alike("from_payload refuses a count above its cells first: a rule over no cell asking for mines never reaches "
             "the model", "countsweep.rules.xǁRuleSetǁmodel", 5, 6),
    **_alike("a drawn board of no rows has no cell whatever its width: nothing is framed, named or counted, and "
             "its total_cells is 0 rows times any width", "countsweep.rules.x__drawn_rules", 4),
    **_alike("a drawn board of no rows has no cell whatever its width: its total_cells is 0 rows times any width",
             "countsweep.rules.xǁRuleSetǁfrom_board", 24),
    **_alike("from_board has refused every character but . * x and digits: a string that also holds X reads the "
             "same", "countsweep.rules.x__drawn_rules", 49, 53, 62),
    **_alike("a cell's eight steps are their own negatives: cell - step visits the same neighbours",
             "countsweep.rules.x__drawn_rules", 55),
    **_alike("with a count asked for, the kernel under the smaller node budget declines only positions the Python "
             "path then counts exactly: the same answer, later", "countsweep.check.x__count", 21),
    **_alike(ZIPS, CLI + "export.x__write", 16, 19, 20),
    **_alike(FALSY, CLI + "check.xǁ_Progressǁ__call__", 16),
    **_alike(FALSY, CLI + "check.xǁ_Progressǁ__init__", 6),
    **_alike("the first report comes two seconds after the start, when the monotonic clock is past 2: a last "
             "report at 0 or at 1 is long past either way", CLI + "check.xǁ_Progressǁ__init__", 5),
    **_alike("click.echo() with no message and with an empty one both write one newline",
             CLI + "check.xǁ_Progressǁclose", 1, 3),
})
EQUIVALENT.update({
    **_alike(ORDER, SDD + "x_conjoin_cards", 12, 13, 14, 15, 18),
    **_alike("adj gains a key no variable has; the loop reads keys 1..n only", SDD + "x_frontier_groups", 4, 8),
    **_alike("the loop meets each variable once and the search never reaches one without neighbours: whether it is "
             "marked placed changes nothing", SDD + "x_frontier_groups", 31),
    **_alike("the counter numbers the vtree's 2n - 1 nodes: a longer range is never used up", SDD + "x_frontier_vtree",
             13),
    **_alike("the suffix of a temporary file's name: pysdd reads the vtree whatever it is called",
             SDD + "x_frontier_vtree", 30, 31, 32),
    **_alike("pysdd reads the nodes the vtree's header declares and nothing after them", SDD + "x_frontier_vtree", 44),
    **_alike("never reached: make_manager asks for at least one variable, which frontier_groups always places",
             SDD + "x_frontier_vtree", 7),
    **_alike("pysdd's default order is 1..n, the one given", SDD + "x_make_manager", 22),
    **_alike("pysdd takes the first n variables of the order it is given", SDD + "x_make_manager", 34),
    **_alike("every caller passes minimize: the default is never read", SDD + "x_conjoin_cards", 1),
    **_alike("pysdd references every node a Python object holds (a new node has a reference count of 1 until its "
             "object goes), so conjoin_cards' own references while minimizing are a second guard: a garbage "
             "collection before every constraint frees nothing in use either way", SDD + "x_compile_formula", 57),
    **_alike("the SDD counter counts the same way whatever plain says: the option is for counters that can skip work",
             SDD + "xǁSddCounterǁcount", 1),
    **_alike(ZIPS, SDD + "x__selected", 10, 13, 14),
    **_alike(SELECTORS_FIXED, SDD + "x_count_sdd", 16, 19, 78, 98, 178, 179, 207),
    **_alike("a negative literal's or a selector's marginal is kept under a key no counted variable reads",
             SDD + "x_count_sdd", 231),
    **_alike("each literal node is met once, so its marginal starts from zero either way", SDD + "x_count_sdd", 240),
    **_alike("visiting a false sub or an empty context adds nothing: no literal is below a false node, and an empty "
             "context multiplies to zero", SDD + "x_count_sdd", 153),
    **_alike("the smoothing memo only saves work: a node not found is smoothed again, the same", SDD + "x_count_sdd",
             62, 63, 100),
    **_alike("a false node's gap and gap factor are never read: the downward pass skips false nodes and the upward "
             "pass reads only their zero polynomial", SDD + "x_count_sdd", 66, 67),
    **_alike("the message of an assertion that cannot fail (variables outside the projection are quantified away "
             "before counting)", SDD + "x_count_sdd", 118, 119),
})
EQUIVALENT.update({
    **_alike("a Board made by unchecked without its origin reads the dataclass's default, None, from the class",
             "countsweep.board.xǁBoardǁunchecked", 24, 25),
    **_alike("a 3d board's height is a multiple of its depth: the float quotient gives the same remainders",
             "countsweep.board.xǁBoardǁto_text", 22),
    **_alike("every caller of _cells_of says whether to read tokens: the default is never used",
             "countsweep.board.x__cells_of", 1),

    **_alike("the assertion after check_cell is never reached (check_cell refuses every cell indexing cannot read): "
             "its message is never shown", "countsweep.board.xǁBoardǁ__getitem__", 8, 9, 10),
    **_alike("a probability's text has no colon (it is read as a number first), so its first colon is its last",
             "countsweep.clues.x_parse_clues", 37),
    **_alike("a message's value is cut at `room` at the end: what is added or left out once `room` characters are "
             "written is cut off all the same", "countsweep.rules.x__as_json", 21, 33, 39, 40),
    **_alike("Python's codec names ignore case: 'UTF-8' is 'utf-8'", "countsweep.files.x_is_text", 5),
    **_alike("Python's codec names ignore case: 'UTF-8' is 'utf-8'", "countsweep.files.x_read_input", 30),
    **_alike("os.sep is '/' on the POSIX systems the tests run on: the second separator is for Windows, where "
             "os.sep is '\\\\' and users also write '/'", "countsweep.files.x_output_path", 5),
})


def source(commit: str | None) -> Path:
    """The tree to measure: the working tree, or a commit's tree extracted under .mutation/."""
    if commit is None:
        return ROOT
    target = SCRATCH / "_source"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def copy_tree(group: str, root: Path) -> Path:
    """A scratch copy of what the tests need, with the group's mutmut configuration."""
    target = SCRATCH / group
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in ("countsweep", "kernel", "tests", "examples", "cnf", "docs", "benchmarks"):
        shutil.copytree(root / name, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
    spec = GROUPS[group]
    # the tree's own compiled kernel, built from its kernel/ (the extension is optional: a failed
    # build would leave every kernel path untested, so it is checked), copied into mutmut's tree
    # with the sources: mutmut copies Python files only, and without it the tests would run
    # the pure-Python path alone
    shutil.copy(root / "setup.py", target / "setup.py")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=target, check=True,
                   capture_output=True)
    built = sorted((target / "countsweep").glob("_kernel*.so")) + sorted((target / "countsweep").glob("_kernel*.pyd"))
    if not built:
        raise SystemExit(f"the kernel did not build in {target}: mutation testing needs it")
    text = (root / "pyproject.toml").read_text()
    # the group's own modules too: their docstring examples run as doctests
    modules = sorted({m.split("*")[0].rstrip("/") for m in spec.modules})
    selection = [f"tests/{t}" for t in spec.tests] + modules + ["-m", "not slow"]
    selection += [arg for test in spec.deselect for arg in ("--deselect", f"tests/{test}")]
    text = re.sub(r"pytest_add_cli_args_test_selection = \[.*?\]\n",
                  f"pytest_add_cli_args_test_selection = {json.dumps(selection)}\n"
                  f"only_mutate = {json.dumps(list(spec.modules))}\n", text, flags=re.S)
    kernel = built[0].relative_to(target).as_posix()
    text = re.sub(r"also_copy = \[(.*?)\]", lambda m: f"also_copy = [{m.group(1)}, {json.dumps(kernel)}]", text,
                  flags=re.S)
    (target / "pyproject.toml").write_text(text)
    return target


def statuses(workdir: Path) -> dict[str, str]:
    """Each mutant's name and mutmut's verdict on it."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=workdir,
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name:
            found[name] = status.strip()
    # mutmut calls "suspicious" an exit code it does not know; one that is a signal (pysdd's
    # abort() on a diagram it cannot read, SIGABRT) is a crash of the test process, like a segfault
    for meta in (workdir / "mutants").rglob("*.meta"):
        for name, code in json.loads(meta.read_text()).get("exit_code_by_key", {}).items():
            if found.get(name) == "suspicious" and code is not None and code < 0:
                found[name] = "crashed"
    return found


# ----------------------------------------------------------------------------------------------
# A memory cap for the test processes

GB = 1 << 30


def memory_cap(processes: int, total: int | None = None) -> int:
    """Bytes of data each of ``processes`` test processes may hold: the machine's memory shared among
    them and the runner.  A mutant that makes a loop endless can grow without bound inside the time
    limit (two of the optimal group's reached 6 and 20 GB of a 24 GB machine); capped, it meets
    MemoryError, its tests fail and it is killed, and the machine keeps its memory.

    >>> memory_cap(2, total=24 * GB) // GB
    8
    """
    if total is None:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    return total // (processes + 1)


def run_capped(cmd: list[str], limit: int, timeout: float | None = None, **popen: Any) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, timeout=timeout, **popen)`` with the new process's data (its heap and
    private writable mappings, ``RLIMIT_DATA``) capped at ``limit`` bytes (0: no cap), a cap
    everything it forks inherits (mutmut's children).  Not ``RLIMIT_AS``: a Python process reserves
    address space it never touches.  The cap is set by ``prlimit`` once the process has started,
    not by a ``preexec_fn``, which may deadlock in a program with threads (the kernel runner's);
    where ``prlimit`` is missing (not Linux) the process runs uncapped."""
    with subprocess.Popen(cmd, **popen) as proc:
        if limit > 0 and hasattr(resource, "prlimit"):
            with contextlib.suppress(ProcessLookupError):  # ended already
                resource.prlimit(proc.pid, resource.RLIMIT_DATA, (limit, limit))
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def run_group(group: str, children: int, root: Path, limit: int = 0) -> dict:
    workdir = copy_tree(group, root)
    env = {**os.environ, "COUNTSWEEP_MUTATION": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    log = workdir / "mutmut.log"
    with log.open("w") as out:
        run_capped([sys.executable, "-m", "mutmut", "run", "--max-children", str(children)], limit, cwd=workdir,
                   env=env, stdout=out, stderr=subprocess.STDOUT)
    found = statuses(workdir)
    if found and all(s == "not checked" for s in found.values()):
        tail = log.read_text(errors="replace").replace("\r", "\n").splitlines()[-15:]
        raise SystemExit(f"{group}: mutmut checked no mutant (do the tests pass?); the end of {log}:\n"
                         + "\n".join(tail))
    # the diff of every mutant not killed: EQUIVALENT may explain it later without a rerun
    survivors = sorted(n for n, s in found.items() if s != "killed")
    diffs = {}
    for name in survivors:
        shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=workdir, capture_output=True,
                               text=True)
        diffs[name] = "\n".join(line for line in shown.stdout.splitlines() if line.startswith(("+", "-"))
                                and not line.startswith(("+++", "---")))
    return {
        "group": group, "kind": GROUPS[group].kind, "modules": list(GROUPS[group].modules),
        "made": len(found), "killed": sum(s in CAUGHT for s in found.values()),
        "statuses": {n: found[n] for n in survivors if found[n] not in CAUGHT}, "diffs": diffs,
        "seconds": round(time.perf_counter() - start),
    }


# A mutant that makes the tests run past mutmut's time limit (an endless loop) or crash the
# test process (a diagram pysdd cannot read: a segfault, or an abort) is caught: CI would stop on it.
CAUGHT = ("killed", "timeout", "segfault", "crashed")


def classify(r: dict) -> tuple[list[str], list[str]]:
    """A group's mutants not killed, split by today's ``EQUIVALENT``: (equivalent, survived)."""
    alive = sorted(n for n, s in r["statuses"].items() if s not in CAUGHT)
    return [n for n in alive if n in EQUIVALENT], [n for n in alive if n not in EQUIVALENT]


def group_of(name: str) -> str | None:
    """The group whose modules hold the mutant ``name`` (``countsweep.cli.count.x__count__mutmut_15``).

    >>> group_of("countsweep.oracle.x_combine__mutmut_10"), group_of("countsweep.cli.xǁ_Commandsǁmain__mutmut_6")
    ('oracle', 'cli')
    """
    module = re.split(r"\.xǁ|\.x_", name, maxsplit=1)[0].replace(".", "/")
    for group, spec in GROUPS.items():
        if any(fnmatch.fnmatch(path, m) for path in (f"{module}.py", f"{module}/__init__.py") for m in spec.modules):
            return group
    return None


def stale(results: dict[str, dict]) -> list[str]:
    """The explanations in ``EQUIVALENT`` for a mutant its group's last run did not find alive: killed
    since, or its number now another mutant's (mutmut numbers a function's mutants in order, so a
    change to the function renumbers them).  Left in place, one would explain whichever survivor
    lands on its number next, with another mutant's reason: each must go when its group is measured."""
    return sorted(name for name in EQUIVALENT if (group := group_of(name)) in results
                  and name not in results[group]["statuses"])


def _function(name: str) -> str:
    return name.rsplit("__mutmut_", 1)[0]


def follow(old: dict, new: dict) -> tuple[dict[str, str], list[str]]:
    """Where a group's explanations go from its last run to a new one, matched by diff text: mutmut
    numbers a function's mutants in order, so an edit to the function renumbers them, and an
    explanation left on its old number would explain whichever survivor lands there next.

    Each explained survivor of ``old`` is followed to the one survivor of ``new`` in the same
    function with the same diff: ``(moves, lost)``, the names that changed (old to new) and those
    no survivor of ``new`` matches (killed since, or made ambiguous: left to :func:`stale`).

    >>> old = {"statuses": {"m.x_f__mutmut_3": "survived"}, "diffs": {"m.x_f__mutmut_3": "-a\\n+b"}}
    >>> new = {"statuses": {"m.x_f__mutmut_5": "survived"}, "diffs": {"m.x_f__mutmut_5": "-a\\n+b"}}
    >>> EQUIVALENT["m.x_f__mutmut_3"] = "why"; follow(old, new)
    ({'m.x_f__mutmut_3': 'm.x_f__mutmut_5'}, [])
    >>> del EQUIVALENT["m.x_f__mutmut_3"]
    """
    alive = {n for n, s in new["statuses"].items() if s not in CAUGHT}
    by_diff: dict[tuple[str, str], list[str]] = {}
    for name in sorted(alive):
        by_diff.setdefault((_function(name), new["diffs"].get(name, "")), []).append(name)
    moves: dict[str, str] = {}
    lost: list[str] = []
    for name in sorted(n for n in old["statuses"] if n in EQUIVALENT):
        diff = old["diffs"].get(name)
        same = by_diff.get((_function(name), diff), []) if diff else []
        if name in same:
            continue  # still there, under its own number
        if len(same) == 1 and same[0] not in moves.values():
            moves[name] = same[0]
        else:
            lost.append(name)
    return moves, lost


def written(text: str) -> dict[str, list[tuple[int, int]]]:
    """Where ``text`` (this file) writes each explained mutant's name: the byte spans of its key
    (``"module.x_f__mutmut_3": ...``) or of its number in an ``_alike`` call whose function is a
    string, a constant of this module, or a sum of them."""
    import ast

    def string(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name) and isinstance(globals().get(node.id), str):
            return globals()[node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = string(node.left), string(node.right)
            return left + right if left is not None and right is not None else None
        return None

    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line.encode()))

    def span(node: ast.expr) -> tuple[int, int]:
        assert node.end_lineno is not None and node.end_col_offset is not None  # every expression has both
        return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset

    spans: dict[str, list[tuple[int, int]]] = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_alike" and len(node.args) > 2:
            function = string(node.args[1])
            for arg in node.args[2:]:
                if function is not None and isinstance(arg, ast.Constant) and isinstance(arg.value, int):
                    spans.setdefault(f"{function}__mutmut_{arg.value}", []).append(span(arg))
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and "__mutmut_" in key.value:
                    spans.setdefault(key.value, []).append(span(key))
    return spans


def renumber_source(text: str, moves: dict[str, str]) -> tuple[str, list[str]]:
    """``text`` (this file) with each moved name changed where it is :func:`written`, all at once (so
    that 3 -> 5 and 5 -> 7 do not collide): ``(text, unfound)``, unfound the names written some other
    way, to edit by hand.

    >>> renumber_source('_alike("why", PATH + "x_f", 3, 5)', {PATH + "x_f__mutmut_3": PATH + "x_f__mutmut_5",
    ...                                                      PATH + "x_f__mutmut_5": PATH + "x_f__mutmut_7"})
    ('_alike("why", PATH + "x_f", 5, 7)', [])
    """
    spans = written(text)
    raw = text.encode()
    edits = []
    unfound = []
    for name, target in moves.items():
        if name not in spans:
            unfound.append(name)
        for start, end in spans.get(name, []):
            quoted = raw[start:end].startswith(b'"')
            edits.append((start, end, f'"{target}"' if quoted else target.rsplit("_", 1)[1]))
    for start, end, replacement in sorted(edits, reverse=True):
        raw = raw[:start] + replacement.encode() + raw[end:]
    return raw.decode(), unfound


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    # the results file is written by the runs themselves: a second run in the same copy is no less clean
    dirty = subprocess.run(["git", "status", "--porcelain", "countsweep", "tests", f":!{RESULTS.relative_to(ROOT)}"],
                           cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return head.stdout.strip() + (" with uncommitted changes" if dirty else "")


def _commit_cell(commit: str) -> str:
    """The commit as the table shows it: marked when the history no longer holds it."""
    known = subprocess.run(["git", "cat-file", "-e", f"{commit.split()[0]}^{{commit}}"], cwd=ROOT,
                           capture_output=True).returncode == 0
    return commit if known else f"{commit} †"


def write_page(results: dict[str, dict]) -> None:
    """The table of docs/mutation.md, between its markers, from ``results``."""
    rows = ["| group | kind | modules | commit | mutants | killed | equivalent | survived | score |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    totals: dict[str, list[int]] = {}
    for name in GROUPS:
        r = results.get(name)
        if r is None:
            continue
        equivalent, survived = classify(r)
        eq, surv = len(equivalent), len(survived)
        killed = r["made"] - eq - surv  # killed, or stopped by the time limit (see classify)
        score = (killed + eq) / r["made"] if r["made"] else 1.0
        mods = ", ".join(f"`{m.removeprefix('countsweep/')}`" for m in r["modules"])
        commit = _commit_cell(r.get("commit", "?"))
        rows.append(f"| {name} | {r['kind']} | {mods} | {commit} | {r['made']} | {killed} | {eq} | {surv} "
                    f"| {score:.1%} |")
        t = totals.setdefault(r["kind"], [0, 0, 0])
        t[0] += r["made"]
        t[1] += killed
        t[2] += eq
    rows.append("")
    rows += [f"* **{kind}**: {k + e} of {m} killed or equivalent, {(k + e) / m:.1%}" for kind, (m, k, e) in
             totals.items() if m]
    survivors = [f"* `{n}` ({r['group']}):\n\n    ```diff\n" + "\n".join(f"    {line}" for line in
                 r["diffs"].get(n, "").splitlines()) + "\n    ```" for r in results.values() for n in classify(r)[1]]
    explained = [f"* `{n}`: {EQUIVALENT[n]}" for r in results.values() for n in classify(r)[0]]
    body = "\n".join(["Each group was measured on the commit its row names; a commit marked † is no longer in the "
                      "history (rewritten since), and its group is due to be measured again.", "", *rows, "",
                      "### Equivalent mutants", "",
                      *(explained or ["None."]), "", "### Survivors not yet explained", "",
                      *(survivors or ["None."])])
    page = PAGE.read_text()
    start, end = "<!-- mutation table: start -->", "<!-- mutation table: end -->"
    page = page[: page.index(start) + len(start)] + "\n" + body + "\n" + page[page.index(end):]
    PAGE.write_text(page)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("groups", nargs="*", help="groups to run (default: all)")
    ap.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--list", action="store_true", help="list the groups and exit")
    ap.add_argument("--commit", default=None, help="measure this commit's tree (default: the working tree)")
    ap.add_argument("--page", action="store_true", help="only rewrite docs/mutation.md from the saved results")
    ap.add_argument("--renumber", action="store_true",
                    help="move the explanations of mutants the run renumbered to their new numbers, in this file")
    ap.add_argument("--max-memory", type=float, default=None, metavar="GB",
                    help="data each test process may hold (default: the machine's memory over children + 1; 0: none)")
    args = ap.parse_args(argv)
    if args.list:
        for name, g in GROUPS.items():
            print(f"{name:12} {g.kind:14} {', '.join(g.modules)}")
        return
    unknown = [g for g in args.groups if g not in GROUPS]
    if unknown:
        ap.error(f"unknown group {unknown[0]!r}; see --list")
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    if args.page:
        write_page(results)
        report_stale(results)
        return
    root = source(args.commit)
    measured = commit() if args.commit is None else subprocess.run(
        ["git", "rev-parse", "--short", args.commit], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout.strip()
    limit = memory_cap(args.max_children) if args.max_memory is None else int(args.max_memory * GB)
    for group in args.groups or list(GROUPS):
        print(f"{group}: running ...", flush=True)
        r = run_group(group, args.max_children, root, limit)
        r["commit"] = measured
        # read again: another run may have saved other groups meanwhile
        results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
        if group in results:
            carry_explanations(results[group], r, args.renumber)
        results[group] = r
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        equivalent, survived = classify(r)
        print(f"{group}: {r['made']} mutants, {r['killed']} killed, {len(equivalent)} equivalent, "
              f"{len(survived)} survived ({r['seconds']} s)", flush=True)
        for name in survived:
            print(f"  survived {name} [{r['statuses'][name]}]\n    " + r["diffs"][name].replace("\n", "\n    "))
        write_page(results)  # after every group: a run cut short still leaves its table
    report_stale(results)


def carry_explanations(old: dict, new: dict, rewrite: bool) -> None:
    """Says which explanations the new run renumbered (:func:`follow`); with ``rewrite``, moves them
    in this file and in ``EQUIVALENT`` to their new numbers."""
    moves, _ = follow(old, new)
    if not moves:
        return
    if not rewrite:
        print(f"{len(moves)} explanations name a mutant renumbered since (run again with --renumber to move them):\n  "
              + "\n  ".join(f"{a} -> {b}" for a, b in moves.items()))
        return
    here = Path(__file__)
    text, unfound = renumber_source(here.read_text(), moves)
    here.write_text(text)
    reasons = {b: EQUIVALENT[a] for a, b in moves.items()}
    for a in moves:
        del EQUIVALENT[a]
    EQUIVALENT.update(reasons)
    print(f"{len(moves) - len(unfound)} explanations moved to their mutants' new numbers in {here.name}")
    if unfound:
        print("written some other way, to move by hand:\n  " + "\n  ".join(f"{a} -> {moves[a]}" for a in unfound))


def report_stale(results: dict[str, dict]) -> None:
    left = stale(results)
    if left:
        print(f"{len(left)} explanations name no mutant alive in their group's last run; remove them from "
              "EQUIVALENT:\n  " + "\n  ".join(left))


if __name__ == "__main__":
    main()
