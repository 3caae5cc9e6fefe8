"""Mutation testing of the compiled kernel: ``python -m tests.mutation_kernel [FILE.c ...]``.

mutmut plants its bugs in Python only, so the kernel's C (``kernel/*.c``) gets
its own runner, in the same spirit: every small bug of a few kinds is planted
one at a time, the kernel is rebuilt with it, and the tests that load the
kernel run against the build (``COUNTSWEEP_KERNEL_PATH``, see
:mod:`tests.kernel_build`); a mutant no test notices *survives*.  The kinds:

* a comparison turned into its neighbour (``<`` and ``<=``, ``>`` and ``>=``,
  ``==`` and ``!=``);
* ``&&`` and ``||`` swapped, a ``!`` dropped;
* a binary ``+`` and ``-`` swapped, ``+=`` and ``-=``, ``++`` and ``--``;
* a decimal constant moved by one (``0`` to ``1``, ``1`` to ``0``, ``n`` to
  ``n + 1``).

Comments, strings, preprocessor lines and ``assert`` lines are left alone (an
assert checks behaviour, it is not behaviour).  Mutants are built as CI's debug
build is: asserts on and the debug-only hooks compiled in, so that the stage
tests run against them too.  A mutant the compiler rejects does not count; one whose
object file comes out byte for byte the same as the unmutated file's is
equivalent by construction (the compiler folded it away) and is not run.  A
mutant whose tests fail, crash the test process (a segfault is a bug found) or
run past the time limit (three times the clean run: an endless loop) is killed;
one whose tests pass runs them again built under AddressSanitizer and
UndefinedBehaviorSanitizer, the tests CI runs there (``tests/test_kernel_builds.py``:
the differential tests and the fuzz, 25 examples a property), and is killed if
they find something (a buffer one entry short passes unseen without them).

Each run measures the files asked for (every ``kernel/*.c`` by default), or
``--sample N`` mutants of them drawn with ``--seed``; the verdicts replace the
last run's in ``tests/mutation_kernel_results.json`` (saved every 20 mutants, so
a run cut short keeps what it measured) (each mutant named by its file, its
line's text and its place in the line, so edits elsewhere keep the names) and
the section of ``docs/mutation.md`` between its markers is rewritten.
Survivors are killed by a new test or explained in ``EQUIVALENT`` below.

    python -m tests.mutation_kernel --list            # the mutants of every file, counted
    python -m tests.mutation_kernel combine.c wide.c  # every mutant of two files
    python -m tests.mutation_kernel --sample 300      # 300 mutants of every file, seed 0
    python -m tests.mutation_kernel --survivors       # the last run's survivors again, after new tests
    python -m tests.mutation_kernel --more --sample 200 --seed 2   # 200 not yet measured, added
    python -m tests.mutation_kernel --page            # only rewrite the page from the results

``--more`` adds to the saved verdicts instead of replacing them: it measures
mutants not measured yet (all those of the files asked for, or a sample of
them) at today's code and tests, and drops the saved verdicts whose line no
longer reads as it did (their code changed), as ``--survivors`` does.  A
kernel of 3 900 mutants is covered a few hundred at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sysconfig
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.kernel_build import SANITIZED, compiler, pytest_command, runtime
from tests.mutation import GB, memory_cap, run_capped

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "kernel"
SCRATCH = ROOT / ".mutation" / "kernel"
PAGE = ROOT / "docs" / "mutation.md"
RESULTS = ROOT / "tests" / "mutation_kernel_results.json"
MARKERS = ("<!-- kernel mutation: start -->", "<!-- kernel mutation: end -->")

# the debug build's flags (tests/kernel_build.py's DEBUG, as CI builds it): asserts on and the
# debug-only hooks, so that the stage tests (tests/test_kernel_stages.py) run too; at -O1, the
# tests run a little slower and every mutant builds faster
FLAGS = ("-O1", "-fPIC", "-std=c11", "-UNDEBUG", "-DCOUNTSWEEP_DEBUG")
# a survivor of the release build runs again under the sanitizers, as CI runs the kernel's tests
# (tests/test_kernel_builds.py): a write past a buffer's end may pass unseen without them
SANITIZER_FLAGS = (*FLAGS, "-g", *SANITIZED)
# the tests that load the kernel: the stage hooks' and the differential tests against the Python
# path first (they kill most mutants, and -x stops at the first failure), then the entry points' guards and the other
# topologies' and the rule sets' paths through it
TESTS = ("tests/test_kernel_stages.py", "tests/test_implementations.py", "tests/test_kernel.py",
         "tests/test_kernel_safety.py", "tests/test_rules.py", "tests/test_topology.py", "tests/test_path.py",
         "tests/test_dpll.py")
MAX_EXAMPLES = 40
# under the sanitizers, what CI runs there (tests/test_kernel_builds.py): the differential tests
# and the fuzz of the entry points, 25 examples a property
SANITIZED_TESTS = ("tests/test_kernel.py", "tests/test_kernel_safety.py", "tests/test_implementations.py")
SANITIZED_EXAMPLES = 25

SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&",
         "+": "-", "-": "+", "+=": "-=", "-=": "+=", "++": "--", "--": "++", "!": ""}
# longest first: the lexer takes the longest punctuator that matches
PUNCTUATORS = sorted(["<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
                      "-=", "*=", "/=", "%=", "&=", "|=", "^=", *"[](){}.&*+-~!/%<>^|?:;=,#"], key=len, reverse=True)
TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|" + "|".join(map(re.escape, PUNCTUATORS)))
# what may stand before a binary operator: an operand's end
OPERAND_END = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|[)\]]")
KEYWORDS = {"return", "case", "sizeof", "else", "do"}


@dataclass(frozen=True)
class Mutant:
    file: str      # kernel/NAME.c
    offset: int    # where the token starts in the file
    line: int
    old: str
    new: str
    name: str      # file, the line's text, which occurrence of the token in it: stable across edits elsewhere

    def apply(self, text: str) -> str:
        assert text[self.offset:self.offset + len(self.old)] == self.old
        return text[:self.offset] + self.new + text[self.offset + len(self.old):]


def code_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that are code: comments, strings, characters and preprocessor lines cut out."""
    spans, i, start, n = [], 0, 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":  # a preprocessor line, continued by backslashes
            spans.append((start, i))
            while i < n and (text[i] != "\n" or text[i - 1] == "\\"):
                i += 1
            start = i
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if not c.isspace():
            line_start = False
        if text.startswith("/*", i) or text.startswith("//", i) or c in "\"'":
            spans.append((start, i))
            if text.startswith("/*", i):
                i = text.index("*/", i + 2) + 2
            elif text.startswith("//", i):
                i = text.index("\n", i)
            else:
                i += 1
                while text[i] != c:
                    i += 2 if text[i] == "\\" else 1
                i += 1
            start = i
            continue
        i += 1
    spans.append((start, n))
    return [(a, b) for a, b in spans if b > a]


def mutants_of(path: Path) -> list[Mutant]:
    """Every mutant of one C file, in the order of the file."""
    text = path.read_text()
    rel = path.relative_to(ROOT).as_posix()
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    lines = text.split("\n")
    found: list[Mutant] = []
    seen: dict[tuple[str, str, str], int] = {}
    for a, b in code_spans(text):
        prev = ""
        for m in TOKEN.finditer(text, a, b):
            tok, off = m.group(), m.start()
            lineno = _line_of(line_starts, off)
            line = lines[lineno - 1]
            candidates = []
            if "assert(" in line or "static_assert" in line:
                pass
            elif tok in ("+", "-"):
                if OPERAND_END.fullmatch(prev) and prev not in KEYWORDS:
                    candidates.append(SWAPS[tok])
            elif tok == "!" or tok in SWAPS:
                candidates.append(SWAPS[tok])
            elif re.fullmatch(r"\d+[uUlL]*", tok):
                digits = re.match(r"\d+", tok).group()
                if not (len(digits) > 1 and digits.startswith("0")):  # octal: left alone
                    value = int(digits)
                    candidates.append(str(1 if value == 0 else 0 if value == 1 else value + 1)
                                      + tok[len(digits):])
            for new in candidates:
                key = (line.strip(), tok, new)
                k = seen.get(key, 0)
                seen[key] = k + 1
                found.append(Mutant(rel, off, lineno, tok, new,
                                    f"{rel}: `{line.strip()}` {tok!s} -> {new or '(dropped)'} #{k}"))
            prev = tok
    return found


def _line_of(line_starts: list[int], offset: int) -> int:
    lo, hi = 0, len(line_starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if line_starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1


def all_mutants(files: list[str]) -> list[Mutant]:
    return [m for f in files for m in mutants_of(KERNEL / f)]


def changed_lines(base: str, file: str) -> set[int]:
    """The lines of ``file`` (kernel/NAME.c) that differ from commit ``base`` (added or rewritten; a
    deleted line leaves none): where a change's own mutants are."""
    diff = subprocess.run(["git", "diff", "-U0", base, "--", file], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    lines: set[int] = set()
    for hunk in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", diff, flags=re.M):
        start, count = int(hunk[1]), int(hunk[2] or 1)
        lines.update(range(start, start + count))
    return lines


# ----------------------------------------------------------------------------------------------
# Building and running


def _compile(source: Path, obj: Path, flags: tuple[str, ...]) -> subprocess.CompletedProcess:
    cc = compiler()
    assert cc is not None
    cmd = [cc, "-c", *flags, f"-I{sysconfig.get_paths()['include']}", f"-I{KERNEL}", source.name, "-o", str(obj)]
    return subprocess.run(cmd, cwd=source.parent, capture_output=True, text=True)


def _link(objects: list[Path], out: Path, flags: tuple[str, ...]) -> None:
    cc = compiler()
    assert cc is not None
    sanitizers = [f for f in flags if f.startswith("-fsanitize")]
    subprocess.run([cc, "-shared", *sanitizers, *map(str, objects), "-o", str(out)], check=True,
                   capture_output=True)


class Workspace:
    """Every kernel file compiled once with ``flags`` (``NAME/base``), and one directory per worker
    where a mutated file is compiled and linked with the others' objects."""

    def __init__(self, name: str, flags: tuple[str, ...], workers: int) -> None:
        self.flags = flags
        self.base = SCRATCH / name / "base"
        shutil.rmtree(self.base.parent, ignore_errors=True)
        self.base.mkdir(parents=True)
        self.sources = sorted(KERNEL.glob("*.c"))
        for src in self.sources:
            shutil.copy(src, self.base / src.name)
            done = _compile(self.base / src.name, self.base / f"{src.stem}.o", flags)
            if done.returncode:
                raise SystemExit(f"{src.name} does not compile:\n{done.stderr}")
        self.suffix = sysconfig.get_config_var("EXT_SUFFIX")
        self.clean = self.base / f"_kernel{self.suffix}"
        _link([self.base / f"{s.stem}.o" for s in self.sources], self.clean, flags)
        self.workers = [self.base.parent / f"w{k}" for k in range(workers)]
        for w in self.workers:
            w.mkdir()

    def build(self, worker: int, m: Mutant) -> tuple[str, Path | None]:
        """("built", the module) or ("invalid" | "same object", None)."""
        w = self.workers[worker]
        name = Path(m.file).name
        src = w / name
        src.write_text(m.apply((KERNEL / name).read_text()))
        obj = w / f"{src.stem}.o"
        if _compile(src, obj, self.flags).returncode:
            return "invalid", None
        if obj.read_bytes() == (self.base / obj.name).read_bytes():
            return "same object", None
        out = w / f"_kernel{self.suffix}"
        _link([obj if s.name == name else self.base / f"{s.stem}.o" for s in self.sources], out, self.flags)
        return "built", out


def sanitizer_env() -> dict[str, str] | None:
    """What a process needs to load a sanitized kernel (as tests/test_kernel_builds.py sets it), or None
    where the compiler ships no sanitizer runtime."""
    asan = runtime("asan")
    if asan is None or runtime("ubsan") is None:
        return None
    return {"LD_PRELOAD": " ".join(filter(None, [str(asan), os.environ.get("LD_PRELOAD", "")])),
            "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1:allocator_may_return_null=1",
            "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1", "PYTHONMALLOC": "malloc"}


def run_tests(kernel: Path, timeout: float | None, extra_env: dict[str, str] | None = None,
              tests: tuple[str, ...] = TESTS, examples: int = MAX_EXAMPLES, limit: int = 0) -> tuple[str, float]:
    """``tests`` against ``kernel``: ("passed" | "failed" | "crashed" | "timeout", seconds), the test
    process's data capped at ``limit`` bytes (0: none)."""
    env = {**os.environ, "COUNTSWEEP_KERNEL_PATH": str(kernel), "COUNTSWEEP_MAX_EXAMPLES": str(examples),
           "PYTHONDONTWRITEBYTECODE": "1", **(extra_env or {})}
    env.pop("COUNTSWEEP_PURE", None)
    cmd = pytest_command(tests)
    start = time.perf_counter()
    try:
        done = run_capped(cmd, limit, timeout, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if done.returncode == 0:
        return "passed", seconds
    # pytest's own codes are 1..5; a signal that ended the process (a segfault) is negative
    return ("crashed" if done.returncode < 0 or "Fatal Python error" in done.stderr else "failed"), seconds


def measure(mutants: list[Mutant], workers: int, save: Callable[[dict[str, dict]], None],
            limit: int = 0) -> dict[str, dict]:
    """Each mutant's verdict; ``save`` is handed what is measured every 20 mutants, so that a run
    cut short keeps it.  The release build's tests hold at most ``limit`` bytes of data (0: no cap);
    the sanitized build's run uncapped (AddressSanitizer maps terabytes of shadow memory it never
    touches)."""
    ws = Workspace("release", FLAGS, workers)
    verdict, clean = run_tests(ws.clean, None, limit=limit)
    if verdict != "passed":
        raise SystemExit("the tests fail on the unmutated kernel: fix them first")
    san_env = sanitizer_env()
    san = Workspace("sanitized", SANITIZER_FLAGS, workers) if san_env is not None else None
    timeout = max(60.0, 3 * clean)
    print(f"clean run {clean:.0f} s; {len(mutants)} mutants, time limit {timeout:.0f} s"
          + ("" if san else "; no sanitizer runtime: survivors are not run again under it"), flush=True)
    out: dict[str, dict] = {}
    free = list(range(workers))
    lock = threading.Lock()

    def one(m: Mutant) -> None:
        k = free.pop()
        try:
            built, module = ws.build(k, m)
            status = built if module is None else run_tests(module, timeout, limit=limit)[0]
            if status == "passed" and san is not None:
                built, module = san.build(k, m)
                status = built if module is None else run_tests(module, 3 * timeout, san_env, SANITIZED_TESTS,
                                                                SANITIZED_EXAMPLES)[0]
                status = "sanitizer" if status in ("failed", "crashed", "timeout") else status
        finally:
            free.append(k)
        status = {"passed": "survived", "failed": "killed"}.get(status, status)
        with lock:
            out[m.name] = {"file": m.file, "line": m.line, "status": status}
            done = len(out)
            if done % 20 == 0:
                save(dict(out))
        if status == "survived" or done % 20 == 0:
            print(f"[{done}/{len(mutants)}] {status}: {m.name} (line {m.line})", flush=True)

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(one, mutants))
    return out


# ----------------------------------------------------------------------------------------------
# Verdicts and the page

CAUGHT = ("killed", "crashed", "timeout", "sanitizer")

STICKY = ("an arena that fails once returns NULL to every later request, so where one check of a chain of its "
          "blocks is NULL every later one is too, and the chain's condition holds as before")
ESTIMATE = ("the --max-memory estimate moves by a byte or a bit: an estimate, checked against the limit, never a "
            "count")
CHOICE = "only which box the search branches on changes: the nodes, never the counts"
MEMO_ONLY = "the memo only saves work: a weaker hash, a miss or other bookkeeping of its bytes gives the same counts"
ORDER = "only the order in which a branch's groups are counted changes: the same products"
PATH_ORDER = "only the order of the boxes along the path changes (its states, not its counts)"
METHOD = "which method counts a part (the search or the path) changes, not its counts"
LOOSER = ("the bound on a part's bits only grows or stays valid (any set of numbers sharing no open box bounds the "
          "layouts): a part may be counted modulo primes too, the same counts")
GUESS_ONLY = ("the estimate only ranks the breadth-first starts for the guessed fourth order (path.c's "
              "estimated_states): another estimate guesses another order or the same one, the race keeps whichever "
              "order meets the fewest states, and every order counts the same; only the time moves (the tests "
              "hold the guess taken on the two knotted positions where it saves most)")
GROWN = "memory only: a block, a list or a table a little larger than needed, or grown faster"
DUPLICATE = ("an order the same as one raced already is probed again: twice the work on it, the same states, the "
             "same order chosen, the same counts")
CB = "kernel/combine.c: "
DP = "kernel/dpll.c: "
FR = "kernel/fraction.c: "
MD = "kernel/module.c: "
PA = "kernel/path.c: "
PO = "kernel/position.c: "
SE = "kernel/search.c: "
UT = "kernel/util.c: "
WI = "kernel/wide.c: "

UNSHARED = ("the sea's rows keep none of the factor they share (shared_factor): the same answers over larger "
            "fractions, each group's reduced as before")

CPYTHON_FRACTION = ("fraction.c's look-up guards a Python whose Fraction is not CPython's or a step that fails; "
                    "on CPython every guarded step succeeds")

WIDER = ("the window is taken one mine count wider: a factor that a wider window's binomials share divides "
         "these too, so the rows are exact and the answers the same")

THIRD_ORDER = ("most_open only chooses the third order a part is probed along (the given one or breadth-first from "
               "the first box): " + PATH_ORDER + "; the tests hold the choice at its ends (a grid of 2x2 rules "
               "takes the given order, a 3D board's parts each kind); constraint_steps feeds the estimate of "
               "the guessed fourth order too, which then only guesses another")

HOOK_CHECK = ("debug builds' test hook only: _arena's check that a request comes zeroed then reads its first byte "
              "alone, or all but the first; arena_alloc zeroes a whole request with one memset, so no fault of the "
              "arena alone sets some of a request's bytes and not others, and either check finds what the whole "
              "one finds")
TABLE_OR_COMB = ("binomial_long's table and math.comb give the same binomials wherever both answer (n from 0 to "
                 "MAX_BOX): which one answers at the table's edge is only speed")

# a survivor that changes nothing observable: its name (as the page prints it) and why
EQUIVALENT: dict[str, str] = {
    FR + "`return m && m->type == T_OBJECT_EX && !(m->flags & READONLY) ? m : NULL;` && -> || #0":
        CPYTHON_FRACTION + ": m is found, and every slot __slots__ makes is a writable object slot, so the "
        "kind is never read",
    FR + "`PyObject *mine = n && d ? made(n, d) : NULL;` && -> || #0":
        CPYTHON_FRACTION + ": -3 and 7 are CPython's cached small ints, so both are made",
    FR + "`Py_hash_t hash = top ? PyObject_Hash(mine) : -1;` 1 -> 0 #0":
        CPYTHON_FRACTION + ": top is NULL only where a call before it raised, which no stand-in of the tests "
        "does (each fails a check, not a call)",
    FR + "`int alike = hash != -1 && PyObject_Hash(theirs) == hash && PyObject_RichCompareBool(mine, theirs, "
    "Py_EQ) == 1 &&` 1 -> 0 #0":
        "hash != 0 in place of hash != -1: the hash of -3/7 is neither (nor the stand-ins', 1 or an address)",
    FR + "`return state > 0 && value == (PyObject *)fraction_type;` > -> >= #0":
        "once looked up, state is 1 or -1, never 0: state >= 0 is state > 0",
    FR + "`if (g == 1)` 1 -> 0 #0": "g is never 0 (the denominator is not): the terms are made again, divided by "
                                     "1, the same Fraction",
    FR + "`if (!wide_num && !wide_den) { /* a word each */` ! -> (dropped) #0":
        "terms that fit a word are reduced by math.gcd too: the same Fraction, slower (a numerator is never wide "
        "where its denominator is not: a probability is at most 1)",
    **dict.fromkeys([FR + "`if ((a == -1 || b == -1) && PyErr_Occurred())` " + m
                     for m in ("== -> != #0", "1 -> 0 #0", "|| -> && #0", "== -> != #1", "1 -> 0 #1")],
                    "the terms are the combination's Python ints, whose conversion never raises: with any test "
                    "before it, the line asks only whether it raised"),
    CB + "`if (!t || c == 1)` 1 -> 0 #0": "the product divided by 1 where c is 1: the same integer",
    WI + "`for (int i = wide_len(a, width) - 1; i >= 0; i--) {` 1 -> 0 #0":
        "the remainder starts one limb higher, at a zero limb: every value the combination keeps is at least a "
        "limb below its width (tree_plan's two limbs of room)",
    CB + "`return (*scale = PyLong_FromLong(1)) ? 0 : -1;` 0 -> 1 #0": "the caller asks only whether it is below 0",
    CB + "`return (*scale = PyLong_FromLong(1)) ? 0 : -1;` 1 -> 0 #0":
        "reached only where every row is 0 (the sea cannot hold what the parts leave it): the count is 0 either way",
    CB + "`return (*scale = PyLong_FromLong(1)) ? 0 : -1;` 1 -> 0 #1":
        "the failure's -1 becomes 0, but 1 is CPython's cached small int: making it never fails",
    CB + "`long low = top - (count - 1); /* the last row's t */` - -> + #1": WIDER,
    CB + "`long low = top - (count - 1); /* the last row's t */` 1 -> 0 #0": WIDER,
    CB + "`*scale = c ? shared_factor(c, n, low > 0 ? low : 0, top - i, &g) : NULL;` 0 -> 1 #0": WIDER,
    CB + "`if (apart == 1)` 1 -> 0 #0": "the sea's denominator is bare times 1, a new integer of the same value",
    CB + "`if (e > UINT64_MAX / f) {` > -> >= #0":
        "at e exactly UINT64_MAX / f, where e f still fits, the window's factors are given up: " + UNSHARED,
    CB + "`if (rem == (unsigned long long)-1 && PyErr_Occurred())` && -> || #0":
        "a remainder below E is never all ones, so either form asks whether the conversion raised",
    CB + "`long i = n < 0 ? count : top > n ? top - n : 0;` > -> >= #0": "at top == n, top - n is the 0 it gives",
    PA + '`adj->block = PyMem_Malloc(sizeof(int) * (2 * (size_t)n + 1 + (size_t)g->B));` 2 -> 3 #0': GROWN,
    PA + '`cap = adj->list ? 2 * cap : cap;` 2 -> 3 #0': GROWN,
    PA + '`size_t cap = 16 * (size_t)n + 16, used = 0;` 16 -> 17 #0': GROWN,
    PA + '`size_t cap = 16 * (size_t)n + 16, used = 0;` 16 -> 17 #1': GROWN,
    PA + '`int *ints = PyMem_Malloc(sizeof(int) * ((size_t)n + 6 * ((size_t)g->ncons + 1)));` 6 -> 7 #0': GROWN,
    PA + '`int *ints = PyMem_Malloc(sizeof(int) * ((size_t)n + 6 * ((size_t)g->ncons + 1)));` 1 -> 0 #0':
        "the estimate's scratch is 6 ncons ints after the n of the tried order: the spare ints are never read",
    PA + '`char *seen = PyMem_Malloc((size_t)n + 1);` 1 -> 0 #1':
        "seen is read at indices 0 to n - 1 only: the spare byte is memory only",
    PA + (
        "`static double log2_of[258]; /* log2_of[k] = log2(k), for the sums a state's byte holds (k <= "
        "257) */` 258 -> 259 #0"
    ): GROWN,
    PA + '`size_t cap = 16 * (size_t)n + 16, used = 0;` + -> - #0':
        (
            "a list of 16 n - 16 to start with: 0 only for a part of one box, which has no neighbour to "
            "list; at least 16 for every larger part, and it grows as it fills"
        ),
    PA + '`size_t cap = 16 * (size_t)n + 16, used = 0;` 0 -> 1 #0':
        "every box's neighbours start one entry further on, start[] and the list alike: entry 0 is never read",
    PA + '`int *mark = adj->block, *start = adj->block + n, *idx = start + n + 1;` 1 -> 0 #0':
        (
            "idx[0] then shares its int with start[n], which is written after the last read of idx (the "
            "lists made): the same lists"
        ),
    PA + '`if (!ints || !seen) {` || -> && #0':
        (
            "only a failed allocation takes the branch: with one of the two blocks NULL the other is freed "
            "and the error returned either way but for a leak on the way out"
        ),
    PA + '`return PyErr_NoMemory(), -1;` 1 -> 0 #3':
        "only a failed allocation returns there",
    PA + '`if (!log2_of[2])` 2 -> 3 #0':
        "the table is filled on the first call whichever entry is asked: log2_of[3] is 0 until then, as log2_of[2] is",
    PA + '`for (int k = 1; k < 258; k++)` 1 -> 0 #0':
        "log2_of[0] becomes log2(0), never read: an open sum's range is read only where it holds two sums or more",
    PA + '`if (dy < dx || (dy == dx && boxes[y] < boxes[x]))` < -> <= #0': PATH_ORDER,
    PA + '`if (dy < dx || (dy == dx && boxes[y] < boxes[x]))` < -> <= #1':
        "a part's boxes are distinct: boxes[y] == boxes[x] never holds",
    PA + '`for (int i = 0; i < n; i++)` 0 -> 1 #0':
        (
            "the boxes only the first box's numbers hold keep idx as the block left it: where that reads as "
            "a box of the part, it is listed as a neighbour: "
        ) + PATH_ORDER,
    PA + '`if (done > 0 && done < *fewest) {` < -> <= #0':
        "of two orders that meet as many states the later is taken: the same work, the same counts",
    PA + '`if (done > 0 && done < *fewest) {` 0 -> 1 #0':
        "an order of one state in all is not taken: another order or the search counts the part (the same counts)",
    PA + '`if (probes[k].states >= *fewest) { /* it cannot have fewer */` >= -> > #0':
        "a probe that has met as many states as the best order's goes one step further before it stops: work only",
    PA + '`if (probes[k].states >= pause) /* and so has every other still counting */` >= -> > #0':
        (
            "the pause one state later: a part that meets exactly GUESS_STATES states at a step boundary "
            "guesses one step later, the same counts"
        ),
    PA + '`for (int j = 0; j < count; j++)` 0 -> 1 #0':
        (
            "the first order is never probed: another order, or the search where none is left, counts the "
            "part (the same counts)"
        ),
    PA + '`for (int j = 0; j < k; j++)` 0 -> 1 #0': DUPLICATE,
    PA + '`if (!status && !tried_before(orders, NORDERS, n, guess))` && -> || #0':
        (
            "a guess the same as one of the three is probed again (" + DUPLICATE + "); with status set by a "
            "failed allocation the error is returned as before"
        ),
    PA + '`return 1;` 1 -> 0 #4': DUPLICATE,
    **{PA + k: GUESS_ONLY for k in (
        '`bits += log2_of[most - least + 1 < 257 ? most - least + 1 : 257];` + -> - #0',
        '`bits += log2_of[most - least + 1 < 257 ? most - least + 1 : 257];` + -> - #1',
        '`bits += log2_of[most - least + 1 < 257 ? most - least + 1 : 257];` - -> + #0',
        '`bits += log2_of[most - least + 1 < 257 ? most - least + 1 : 257];` 257 -> 258 #1',
        '`double bits = 0;` 0 -> 1 #0',
        '`double states = 0;` 0 -> 1 #0',
        '`for (int i = 0; i < n; i++) {` < -> <= #5',
        '`for (int i = 0; i < n; i++)` 0 -> 1 #7',
        '`for (int j = 0; j < nopen; j++) {` 0 -> 1 #0',
        '`for (int k = 0; k < tries; k++) {` 0 -> 1 #0',
        '`if (g->fixed[b] >= 0)` 0 -> 1 #0',
        '`if (g->fixed[b] >= 0)` >= -> > #0',
        '`if (k == 0 || states < fewest) {` 0 -> 1 #0',
        '`if (k == 0 || states < fewest) {` < -> <= #0',
        "`if (most > least) /* a state's byte holds at most 256 sums (plan_spans) */` > -> >= #0",
        '`int most = g->hi[c] - settled[c] < placed[c] ? g->hi[c] - settled[c] : placed[c];` - -> + #0',
        '`int most = g->hi[c] - settled[c] < placed[c] ? g->hi[c] - settled[c] : placed[c];` - -> + #1',
        '`int most = g->hi[c] - settled[c] < placed[c] ? g->hi[c] - settled[c] : placed[c];` < -> <= #0',
        '`least = least > 0 ? least : 0;` 0 -> 1 #0',
        '`least = least > 0 ? least : 0;` 0 -> 1 #1',
        '`open[j--] = open[--nopen];` -- -> ++ #0',
        '`placed[c] = cells[c] = settled[c] = 0;` 0 -> 1 #0',
    )},
    PA + "`for (int i = 0; i < n; i++)` 0 -> 1 #2": THIRD_ORDER,
    PA + "`for (int i = 0; i < n; i++)` 0 -> 1 #3": THIRD_ORDER,
    PA + "`first[c] = first[c] < 0 ? i : first[c];` < -> <= #0": THIRD_ORDER,
    PA + "`opened[last[c] + 1]--;` 1 -> 0 #0": THIRD_ORDER,
    PA + "`int taken = most_open(g, boxes, n, given, given + n) < most_open(g, boxes, n, last, given + n);` < -> <= #0":
        "a tie takes the given order instead of the breadth-first one: " + THIRD_ORDER,
    PA + "`first[c] = first[c] < 0 ? i : first[c];` 0 -> 1 #0": THIRD_ORDER,
    PA + "`opened[last[c] + 1]--;` + -> - #0":
        "a constraint closes two steps early in the tally (one whose last step is 0 takes one off the entry before "
        "the tally, most_open's own scratch, never past it): " + THIRD_ORDER,
    PA + "`for (int i = 0; i < n; i++) {` 0 -> 1 #0": THIRD_ORDER,
    PA + "`int open = 0, most = 0;` 0 -> 1 #0":
        "both orders' counts of open constraints rise by one, and only their comparison is read",
    PA + "`int *given = PyMem_Malloc(sizeof(int) * (3 * (size_t)n + 2 * (size_t)g->ncons + 1));` 2 -> 3 #0":
        "a larger scratch block: memory only",
    PA + "`for (int i = 0; i < n; i++) {` < -> <= #0":
        "most_open's last entry, opened[n], holds only constraints closing after the last step (0 or less): "
        "reading it can lower the open count, never raise the most",
    DP + "`static long enum_nodes = ENUM_NODES, enum_passed = 0;` 0 -> 1 #0":
        "the debug build's tally of parts past the fillings' limit starts at 1: every test sets the limit (which "
        "starts the tally again) before it counts, and the first return is read by none",
    DP + "`Fillings f = {d, boxes, n, cells + 1, total, marg, 0, limit, {0}};` 0 -> 1 #1":
        "the fillings' values are each written at their step before any filling reads them: their first value "
        "is never read",
    CB + "`double rows = (double)t->nways + 4;` 4 -> 5 #0": ESTIMATE,
    DP + "`width = counts_window(br->gt[k], br->gm[k], ng, cells + 1, !mod && !d->wraps, &lo);` && -> || #0":
        "with primes the native pass, too, trims a group's window by its totals alone: it differs only where a "
        "true total is a nonzero multiple of 2**128 (2**64 without __int128), which wraps to 0 (a modular pass "
        "always wraps, so there the two agree)",
    DP + "`*method = 1;` 1 -> 0 #1":
        "a part whose search ended within path_nodes is left unchosen, so its next pass (modulo a prime) runs the "
        "same deterministic search within the same budget, which ends alike and chooses then: " + METHOD,
    PO + "`if (p->base > 50000) /* keys past 2**63 */` > -> >= #0":
        "at base 50000 the keys still fit (50000**4 < 2**63): the mutant declines only a graph whose cell has "
        "exactly 49999 neighbours under a noisy clue model, which the Python path answers the same",
    PO + "`for (; t > 0 && cells[t - 1] > y; t--)` > -> >= #1":
        "equal cells are the same int: shifting one past another leaves the same sorted list, in more moves",
    PO + "`while (p->ncap < 2 * numbers + 2)` 2 -> 3 #0":
        "the readings' table sized for 3 numbers + 2 slots, not 2 numbers + 2: a power of two still, larger: "
        "memory only",
    PO + "`while (p->ncap < 2 * numbers + 2)` + -> - #0":
        "the readings' table sized for 2 numbers - 2 slots, not 2 numbers + 2: it holds at most one reading a "
        "number, so at most half its slots and one more (what reading_of asserts), and at least 16 slots, so a "
        "probe always meets an empty one: memory only",
    PO + "`while (p->ncap < 2 * numbers + 2)` < -> <= #0":
        "the readings' table doubles once more where it would be exactly big enough: a power of two still, and "
        "at most half full either way: memory only",
    "kernel/util.c: `return count_to_long(binomial((int)n, (int)(k < 0 || k > n ? -1 : k)));` || -> && #0":
        "both callers ask for k in 0..n (a settled box's mines, a sea filling clipped to the sea), where the "
        "guard of the cast to int never fires",
    DP + "`total[0] = 1;` 0 -> 1 #0":
        "count_with is never asked to count no boxes: a part holds a box, and so does every group open_groups makes",
    CB + "`bits += len ? 64 * (len - 1) + count_bits(scratch[len - 1]) : 0;` 0 -> 1 #0":
        "a part's total is never 0 (its window starts and ends at counts some layout holds): len is never 0",
    CB + "`if (max_bytes >= 0 && too_large(p, 0, parts_bits(parts, nparts, s.scratch), max_bytes, out)) {` 0 -> 1 #1":
        ESTIMATE,
    CB + "`s.own[k] = wide_sum(parts[k].total, parts[k].nsize, parts[k].pw, 1, s.scratch, s.bytes);` 1 -> 0 #0":
        "wide_sum divides by d only when d > 1: by 0 or by 1 it returns the sum as it is",
    CB + "`t->W = (int)((sea + pbits + 32) / 64) + 2;` + -> - #1":
        "the width keeps two limbs over the bound: with 32 bits less it still holds 2**(S + pbits) times the mines "
        "left or a box's size (each below 2**31), the largest value the combination makes",
    CB + "`t->degree[k + 1] = t->degree[k] + parts[k].nsize - 1;` 1 -> 0 #1":
        "degrees counted one more a part keep more rows than the products reach: a row past the true degree only "
        "meets zero coefficients, so every row read is the same",
    CB + "`if (lm && lv)` && -> || #0":
        "a product with an operand of no limbs adds nothing: the test only skips the call",
    CB + "`return -1;` 1 -> 0 #0": "binomial_long fails only when math.comb runs out of memory, and its MemoryError "
                                 "stays set: the call still ends in it (tests/test_kernel_safety.py fails each "
                                 "allocation), having combined rows it left at 0 for nothing",
    CB + "`s->bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);` 1 -> 0 #0":
        "a part's rows sum below 2**bits of the bound its width was chosen by, so the carry limb is 0 (see "
        "wide_len's entry above), and wide_to_long writes only the limbs in use: maxpw limbs of bytes hold every "
        "sum, the rows of density_sum too (pw limbs each)",
    CB + "`if (sum && d > 1) {` > -> >= #0": "d is a box's size or 1, never 0: dividing by 1 leaves the sum as it is",
    CB + "`if (too_large(p, 0, parts_bits(parts, nparts, s.scratch) + per_cell * p->frontier, max_bytes, out)) {` "
         "0 -> 1 #0": ESTIMATE,
    CB + "`long per_cell = nbits ? PyLong_AsLong(nbits) : -1;` 1 -> 0 #0":
        "bit_length fails only when memory runs out, and then the call still ends in MemoryError or gives its "
        "answer: each allocation under a density with a 333-bit denominator failed in turn, with this mutant "
        "planted, in tests/test_kernel_safety.py",
    CB + "`if (mines < 0 && density)` < -> <= #0":
        "a density comes only with no total (density_of refuses a total beside it, 0 too): mines is -1 whenever "
        "density is set",
    CB + "`s->bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);` 8 -> 9 #0":
        "a byte buffer a limb larger than needed",
    DP + "`for (int b = 0; b < B; b++)` 0 -> 1 #1":
        "box 0 would be written first into each of its constraints' lists, whose arena-zeroed slots already name "
        "box 0: the lists hold the same boxes, box 0 last instead of first, and only the subset rule's sorted merge "
        "may miss a pair (more search nodes)",
    DP + "`for (int i = 0; i < a->n; i++) {` 0 -> 1 #0":
        "graph_derive takes c2 among the constraints of c1's first box, so that box is always among c2's: the "
        "check from the second box on decides the same",
    DP + "`if (!d->spare || d->spare->cap < c->cap) {` < -> <= #0":
        "of two chunks of one size the later is kept as the spare, not the earlier: memory only",
    DP + (
        "`if (m->key && m->hash == hash && (m->klen != len || memcmp(m->key, d->key, sizeof(int) * (size_t)len)))` "
        "|| -> && #0"
    ): "a debug build's tally of the look-ups that met another key's hash, leaving out keys of the same length: the "
       "tests ask that keys met (they did, of other lengths too), and the look-up after it is unchanged",
    DP + "`if (n < 3)` < -> <= #0": CHOICE,
    DP + "`int wsum = 0, largest = 1;` 1 -> 0 #0":
        "every box holds a cell, so the largest box is at least 1 either way",
    DP + "`int pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / sizeof(limb));` 62 -> 63 #0":
        GROWN,
    DP + "`return status < 0 ? FAILED : DECLINE; /* past the node limit: the general path counts it */` 0 -> 1 #0":
        "weighted_bits returns -1, 0 or 1, and 0 does not reach this return: status < 1 is status < 0",
    MD + "`int own = mines >= 0 || density ? MAX_CELLS : PLAIN_CELLS; /* see PLAIN_CELLS in kernel.h */` >= -> > #0":
        "a total of 0 with a part past PLAIN_CELLS has no layout (a part's cells are open, so some number there "
        "wants a mine): declined, the Python path says so as the kernel would have",
    DP + "`int j = 0;` 0 -> 1 #0":
        "residual_within starting at the second box only misses subsets (one whose first box is the other's first): "
        "fewer constraints derived, the same counts",
    DP + "`if (g->w[c2] || r[c2].n <= r[c1].n || !residual_within(&r[c1], &r[c2]))` || -> && #0":
        "a weighing constraint's sums still bound its layouts: a difference derived from one is implied too",
    DP + "`if (!d->chunk || d->chunk->used + need > d->chunk->cap) {` > -> >= #0":
        "a chunk filled to its last byte is left for a new one: memory only",
    DP + "`size_t cap = need > 65536 ? need : 65536;` 65536 -> 65537 #1": "a chunk a byte larger: memory only",
    DP + "`for (int i = 1; i < n; i++) { /* insertion sort: groups are small */` 1 -> 0 #0":
        "the first step of an insertion sort moves nothing: a one-element prefix is sorted",
    DP + "`for (int i = 0; i < len; i++) {` 0 -> 1 #0": MEMO_ONLY,
    DP + "`d->memo_cap = d->memo_len = d->memo_bytes = 0;` 0 -> 1 #0": MEMO_ONLY,
    DP + "`int reach = 0;` 0 -> 1 #0": CHOICE,
    DP + "`if (n <= SHORT_BOXES && 2 * reach + 1 <= SHORT_PART)` && -> || #0": CHOICE,
    DP + "`if (n <= SHORT_BOXES && 2 * reach + 1 <= SHORT_PART)` <= -> < #1": CHOICE,
    DP + "`for (; j > 0 && gstart[by_size[j - 1] + 1] - gstart[by_size[j - 1]] > len; j--)` 1 -> 0 #1": ORDER,
    DP + "`for (; j > 0 && gstart[by_size[j - 1] + 1] - gstart[by_size[j - 1]] > len; j--)` - -> + #1": ORDER,
    DP + "`br->gcells = push(d, (size_t)n + 1, sizeof(int), 0);` 1 -> 0 #0":
        "open_groups writes gcells for groups 0 .. ngroups - 1 only, at most n of them (gstart takes the n + 1st)",
    DP + "`width = counts_window(br->gt[k], br->gm[k], ng, cells + 1, !mod && !d->wraps, &lo);` ! -> (dropped) #1":
        "a window not trimmed as exact keeps the zero counts at its ends: wider, the same counts",
    DP + "`if (!*method && d->path_nodes >= 0 && (n >= PATH_MIN_BOXES || !d->path_nodes)) {` >= -> > #1": METHOD,
    DP + "`if (!*method && d->path_nodes >= 0 && (n >= PATH_MIN_BOXES || !d->path_nodes)) {` ! -> (dropped) #1":
        METHOD,
    DP + "`if (status != 1 || d->path_nodes >= budget) {` || -> && #0":
        "a part the trial search finished is counted again along the path, the same counts: " + METHOD,
    DP + "`while (h < n) {` < -> <= #0":
        "one more expansion reads the arena-zeroed order[n], box 0: where box 0 is open and in no part yet, its part "
        "is counted with this one, and two independent parts counted together multiply out the same",
    DP + "`for (int k = g->bc_start[order[q]]; k < g->bc_start[order[q] + 1]; k++) {` + -> - #0": LOOSER,
    DP + "`for (; at > 0 && cand[3 * (at - 1) + 2] < saves; at--)` 0 -> 1 #0": LOOSER,
    DP + "`memcpy(cand + 3 * at, cand + 3 * (at - 1), 3 * sizeof(int));` 3 -> 4 #2":
        "the fourth int copied is the next slot's first, which the step before set to that same value",
    DP + "`d->wraps = res->nmod > 0;` > -> >= #0":
        "counts taken as possibly wrapped are only not trimmed to their window as exact: wider, the same counts",
    DP + "`return status ? (status < 0 ? FAILED : DECLINE) : DONE;` < -> <= #0":
        "status is not 0 in that branch: <= 0 and < 0 agree",
    DP + "`int pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / sizeof(limb));` 64 -> 65 #0":
        "for every width the residues reach (64 or 128 bits and one to 32 primes of 62) dividing by 65 gives the "
        "same limbs as by 64, or, from 22 primes on, one limb fewer, which still holds the counts with 44 bits to "
        "spare (the 2 limbs added)",
    DP + "`memset(&g, 0, sizeof(g));` 0 -> 1 #0":
        "graph_make sets every field but `weighted`, which then reads as true: an unweighted graph counted as "
        "weighted weighs every sum 1 (no constraint has weights) and bounds its bits more loosely, the same counts",
    MD + "`NeighbourhoodObject *self = (NeighbourhoodObject *)type->tp_alloc(type, 0);` 0 -> 1 #0":
        "tp_alloc's item count is ignored for a type that is not variable-sized",
    MD + "`if (n < 1 || n > INT32_MAX - 1 || self->start[0] != 0 || self->start[n] != nn) {` 1 -> 0 #1":
        "the edge is a table of 2**31 - 1 cells, 8 GB of offsets: no test passes one",
    MD + "`if (n > (INT32_MAX - 1) / (most ? most : 1)) {` 1 -> 0 #0":
        "most is never 0 here: a lattice with no hex, no depth and no offsets was refused above",
    MD + "`PyObject *settled[2] = {NULL, NULL}; /* the value of a group with no mine, and of one all mines */` "
         "2 -> 3 #0": "an array one entry longer than the two it holds",
    MD + "`long long max_nodes = 200000, path_nodes = PATH_NODES, max_bytes = -1;` 200000 -> 200001 #0":
        "the default node budget one more changes only a search of exactly 200000 nodes, which the Python path "
        "counts the same when the kernel declines it",
    MD + "`for (int32_t k = self->start[i] + 1; k < self->start[i + 1] && ascending; k++)` < -> <= #0":
        "a table found not ascending has its equations' cells sorted (position.c): the same equations; the one "
        "entry read past a cell's list is within next (its buffer has four bytes over)",
    MD + "`for (; t < n; t++)` < -> <= #0":
        "removing a repeat copies one entry more past the list's end, which its length leaves unread",
    MD + "`return 0;` 0 -> 1 #8": "density_of's caller tests for a negative return only",
    MD + "`return 0;` 0 -> 1 #10": "group_argument's caller tests for a negative return only",
    MD + "`return 0;` 0 -> 1 #11": "group_argument's caller tests for a negative return only",
    MD + "`if (!nb->hashes && !(nb->hashes = PyMem_Malloc(sizeof(Py_hash_t) * (size_t)(n ? n : 1)))) {` 1 -> 0 #0":
        "with no cell nothing is hashed: PyMem_Malloc(0) still returns a pointer, never read",
    PA + "`for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {` + -> - #1": PATH_ORDER,
    PA + "`return s && !(s % POLL_STATES) ? interrupted(stop) : 0;` && -> || #0":
        "the deadline is polled at state 0 of every layer too: more often, the same answers",
    PA + "`table[j] = s + 1;` + -> - #0":
        "a rehashed table that loses state 1 (stored as 0, empty) only lets it be added again: a state kept twice "
        "splits its count between the two, and every sum over the layer is the same",
    PA + "`size_t grown = *cap ? *cap : 4096;` 4096 -> 4097 #0": "a buffer's first capacity a byte larger",
    PA + "`while (grown < need)` < -> <= #0": "a buffer grown once more than needed: memory only",
    PA + "`for (int j = i - i % w->every; j < i && !why; j++)` < -> <= #0":
        "the layer after i, when it is missing, is made again one step early: the same layer, sooner",
    PA + "`if (B->cap < 1 && ranges_reserve(B, 1) < 0)` < -> <= #0": "room reserved again where it was: memory only",
    PA + "`return 0;` 0 -> 1 #16": "back_last's caller tests for a negative return only",
    PA + "`if (here->cap < L->n && ranges_reserve(here, L->n) < 0)` < -> <= #0":
        "room reserved again where it was: memory only",
    PA + "`const count_t *nb = w->bwd[(i + 1) & 1];` + -> - #0": "i + 1 and i - 1 have the same parity",
    PA + "`for (int b = 0; b < 3; b++)` 0 -> 1 #0":
        "a probe's first block leaked, not freed: memory only (the sanitizer's leak check is off: Python frees "
        "little at exit)",
    PA + "`layer_free(&pr->layer[0]);` 0 -> 1 #0":
        "layer_free clears what it frees, so the second call frees nothing and layer 0 leaks: memory only",
    PA + "`for (int x = 0; x <= size; x++) {` <= -> < #1":
        "the probe only estimates each order's states, to choose one: " + PATH_ORDER,
    PA + "`if (!probes[j].status && (k < 0 || probes[j].states < probes[k].states))` < -> <= #0":
        "of two probed orders with as many states the later is taken: " + PATH_ORDER,
    PO + "`if (!table || !p->comp_first_box || !p->comp_nboxes || !p->boxes || !p->settled || !pool)` || -> && #2":
        STICKY,
    PO + "`if (!table || !p->comp_first_box || !p->comp_nboxes || !p->boxes || !p->settled || !pool)` || -> && #3":
        STICKY,
    SE + "`h ^= x[i] + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1);` 1 -> 0 #0": MEMO_ONLY,
    SE + "`return 0;` 0 -> 1 #1": "memo_put's callers test for a negative return only",
    SE + "`if (s->keys_used + n > s->keys_cap) {` > -> >= #0": "the key store grown one key early: memory only",
    SE + "`if (cap > PY_SSIZE_T_MAX / sizeof(word))` > -> >= #0":
        "the edge is a key store of 2**60 words: no search reaches it",
    SE + "`if (known && (known->value >= 0 || ~known->value <= beat))` >= -> > #0":
        "an exact 0 read as a bound is returned all the same: its complement, -1, is below every bar",
    SE + "`for (int c = 0; s->cuts && c < s->ncuts; c++) {` 0 -> 1 #0":
        "the first cut's bit sets leaked, not freed: memory only",
    UT + "`if (keep && keep->cap != ARENA_BLOCK)` && -> || #0":
        "a reset then keeps no block and the next component allocates a new one: memory only (an arena is reset "
        "only after a component allocated from it, so its head is never NULL here)",
    UT + "`return count_to_long(binomial((int)n, (int)(k < 0 || k > n ? -1 : k)));` 1 -> 0 #0":
        "no caller asks for C(n, k) with k outside 0 .. n (a settled box's value, a sea binomial's index within "
        "its range)",
    WI + "`a[i] = (a[i] >> s) | (i + 1 < n ? a[i + 1] << (64 - s) : 0);` < -> <= #0":
        "a[n], the limb past those in use, is 0 (every width keeps limbs over its values), and 0 shifted is 0",
    DP + "`if (!f || conflict)` || -> && #0":
        "with no room left every box of the number has its value, so no rule forces one; after a conflict the "
        "queue is dropped unread: going on changes nothing",
    DP + "`d->memo_bytes += bytes;` += -> -= #0":
        "the memo's byte count only caps its memory: counted down it never reaches the cap, the same counts",
    DP + "`if (rule < 0)` 0 -> 1 #0":
        "a number at its most then forces its other boxes to 0 in the branches below instead (the over-full "
        "test still refuses every layout past it): more nodes, the same counts",
    DP + "`int best = boxes[0], best_links = -1;` 0 -> 1 #0": "the first box always replaces the initial choice: "
        + CHOICE,
    DP + "`if (links > best_links || (links == best_links && g->size[u] < g->size[best])) {` < -> <= #0": CHOICE,
    DP + "`*lo = last < 0 ? 0 : first;` < -> <= #0":
        "when the only count not 0 is the first (last 0), first is 0 too: the window starts at 0 either way",
    DP + "`for (int c1 = 0; c1 < ncons && nd < ncons; c1++) {` < -> <= #1":
        "the inner loop stops at the same cap (nd < ncons): once it is reached, the outer loop only walks on "
        "deriving nothing",
    PA + "`return pr->status = why < 0 ? PROBE_FAILED : PROBE_STOPPED;` 0 -> 1 #1":
        "interrupted_at returns -1 or PATH_STOPPED (2) when it is not 0: < 1 and < 0 agree on both",
    PO + "`for (size_t t = 0; t < cap; t++)` 0 -> 1 #0":
        "slot 0 left at the arena's 0 reads as holding box 0: a cell probing it finds box 0 only when that is its "
        "own list (the box it would find at box 0's own slot), and before box 0 is made its zeroed list of no "
        "equations matches no frontier cell (each has one or more); the table keeps an empty slot "
        "(2 frontier + 1 slots or more)",
    DP + "`for (int m = 0; m <= cells; m++)` <= -> < #0":
        "not equivalent, out of any test's reach: leaving out the count of all cells mines (0 or 1 layout) lowers "
        "the weighted part's bound only when its layouts are exactly a power of two, by one bit, and that bit "
        "decides the answer only when the bound sits on a residue's edge (128 + 62 k bits) and the weighted "
        "counts reach it, while the bound also takes every number's largest weight at once",
    DP + "`if (open < 2)` < -> <= #0":
        "with two open boxes the subset rule derives only from a number whose open cells are one box, which "
        "propagation has settled unless it is weighted (and weighted numbers derive nothing): the same counts",
    DP + "`for (size_t i = 0; d->memo && i < d->memo_cap; i++)` 0 -> 1 #0":
        "the memo's first slot's block leaked, not freed: memory only",
    DP + "`for (int r = 0; r <= (exact ? 0 : n); r++) {` 0 -> 1 #1":
        "counted exactly, a box's marginal is not 0 only where the total is not: reading the first one too leaves "
        "the window as it is",
    DP + "`*lo = last < 0 ? 0 : first;` 0 -> 1 #1":
        "with no count not 0 the window is empty and the branch dead (count_group): where it starts is never read",
    DP + "`if (d->memo_bytes + bytes > MEMO_BYTES) {` + -> - #0":
        "the memo is never started afresh: memory only, the same counts",
    DP + "`return -1;` 1 -> 0 #1": "a memo entry whose block cannot be had is left out and the search goes on: "
                                 "where the next allocation succeeds the answer is the same, and where memory "
                                 "has run out the next one fails (the tests allow either): " + MEMO_ONLY,
    DP + "`if (d->val[b] >= 0)` >= -> > #0":
        "the search assigns only the box it branches on, which is open (val < 0): the guard never fires",
    DP + "`int pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / sizeof(limb));` 2 -> 3 #0":
        "a part's counts kept a limb wider (the part says its width to every reader): the same naturals, memory only",
    DP + ("`if (bits > 8 * (int)sizeof(count_t) && d->g->weighted && layouts < 8 * (int)sizeof(count_t)) {` "
          "8 -> 9 #0"): LOOSER,
    PA + "`pl->K = used ? (used + 7) & ~7 : 8; /* whole words: see key_hash */` 7 -> 8 #0":
        ("a state's key a word longer: the spare word is 0 in the first key and copied into every key after it, so "
         "keys compare and hash alike, memory only"),
    DP + "`for (int r = 0; r <= res->nmod; r++)` 0 -> 1 #1":
        "the loop is the debug build's check of the window (asserts only): it checks one residue fewer, no behaviour",
    PA + "`if (w->live + need > max_coefs)` > -> >= #0": METHOD,
    WI + "`if (d > 1)` > -> >= #0": "an exact division by 1 leaves the natural as it is",
    WI + "`wide_divexact(scratch, pw + 1, d);` 1 -> 0 #0":
        "the sum's carry limb scratch[pw] is always 0 (every sum is below the bound its width was chosen by), "
        "so dividing the pw limbs below it gives the same natural",
    UT + "`size_t bytes = count * size, need = ((bytes + 15) & ~(size_t)15) + REDZONE;` 15 -> 16 #0":
        "a request rounded up to the next 16 bytes past it, not to it: still a multiple of 16 and at least the "
        "bytes asked, 16 more where they were a multiple: memory only",
    UT + "`choose_table[n][k] = choose_table[n - 1][k - 1] + (k < n ? choose_table[n - 1][k] : 0);` < -> <= #0":
        "at k = n it reads `choose_table[n - 1][n]`, inside the row (n <= MAX_BOX) and never written: static "
        "storage, 0, which is what the guard adds",
    WI + "`0};` 0 -> 1 #0": "PRIMES[NPRIMES] is never read: the 0 past the primes keeps the array of the build without "
                            "__int128, where NPRIMES is 0, from being empty",
    DP + "`total[0] = 1;` 1 -> 0 #0":
        ("every call counts a part or a group of the branch's open boxes, at least one box (a kernel that aborts "
         "there passed the kernel, stage, safety, implementation and rules tests): n is never 0"),
    DP + "`br->acc = push(d, (size_t)W, sizeof(count_t), 0);` 0 -> 1 #0":
        "groups_product zeroes acc's W coefficients before it writes and reads them: a zeroed start is never read",
    DP + "`if (links > best_links || (links == best_links && g->size[u] < g->size[best])) {` == -> != #0": CHOICE,
    DP + "`br->gt = push(d, (size_t)n, sizeof(count_t *), 1);` 1 -> 0 #0":
        "group k's counts pointer is written (count_group) before it is read: the zeroed start is never read",
    DP + "`count_t ways = 0; /* at most 2**room: it fits */` 0 -> 1 #0": LOOSER,
    MD + ("`int native = 8 * (int)sizeof(count_t), pw = nmod ? (native + 62 * nmod) / 64 + 2 : "
          "(int)(sizeof(count_t) / 8);` 8 -> 9 #0"):
        "the debug hook's buffer a limb or two wider: the same value put together",
    PA + "`for (int a = from + 1; a < tail; a++) { /* the new ones, fewest neighbours first */` 1 -> 0 #0":
        "an insertion sort started one entry early: its first step moves nothing",
    PA + "`int *ints = PyMem_Malloc(sizeof(int) * (4 * (size_t)n + 2 + 5 * (size_t)ncons));` 5 -> 6 #0":
        "a block larger than needed: memory only",
    PA + "`blocks[1] = touch;` 1 -> 0 #0":
        "the plan's block of ints leaked (its pointer overwritten), the other blocks freed: memory only",
    PA + "`*used = 0;` 0 -> 1 #0":
        "one slot more in every state, always 0 (or the part declined at MAX_SLOTS one constraint sooner and "
        "searched): the same counts",
    PA + "`return 0;` 0 -> 1 #9": "move_add's caller tests for a negative return only",
    PA + "`from += L->hi[s] >= L->lo[s] ? (size_t)(L->hi[s] - L->lo[s] + 1) : 0;` 0 -> 1 #0":
        "a state with no mine count takes a coefficient it never uses: memory only",
    PA + "`w->live -= L->npoly;` -= -> += #0":
        "the live coefficients only cap the path's memory: counted up, a part meets the cap sooner and is searched, "
        "the same counts",
    SE + "`h ^= h >> 29;` 29 -> 30 #0": MEMO_ONLY,
    SE + "`if ((s->size + 1) * 2 > s->capacity && memo_grow(s) < 0)` + -> - #0":
        "the table grows two entries later: at 1024 slots or more, still never full, the same answers",
    SE + "`int n = d + 1 > 2 * s->nlevels ? d + 1 : 2 * s->nlevels;` > -> >= #0":
        "where the two are equal either is taken: the same n",
    SE + "`return beat < -1 ? -1 : beat;` 1 -> 0 #1":
        "a bar of 0 asks what -1 asks: every position holding a layout wins at least one, so every answer clears "
        "it and is exact",
    WI + "`if (d > 1)` 1 -> 0 #0": "dividing by 1 leaves the sum as it is",
    CB + "`unsigned char *bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);` 1 -> 0 #1":
        "split_alone turns one part's total at a time into an integer (one row summed, divided by 1): at most pw "
        "significant limbs, so maxpw limbs of bytes hold it; the limb more is for sums of several rows (#0)",
    DP + "`return -1;` 1 -> 0 #0": "memo_grow failing as if it grew leaves the memo at its size with one entry "
                                 "past half, and the entry's own block, asked next, fails where memory has run "
                                 "out: " + MEMO_ONLY,
    DP + "`for (; j > 0 && group[j - 1] > x; j--)` > -> >= #1":
        "a group lists each box once: no two keys are equal, so > and >= sort alike",
    DP + "`memset(row, 0, sizeof(count_t) * (size_t)(was + 1));` 1 -> 0 #0":
        "row[was] is never read stale: was is W - 1 or a product's degree, so at least shift; row[shift] is "
        "written, and times_poly writes every coefficient up to a degree before any is read",
    DP + "`d->wraps = res->nmod > 0;` 0 -> 1 #0":
        "with one prime the native pass trims a group's window by its totals alone: it differs only where a true "
        "total is a nonzero multiple of 2**128 (2**64 without __int128), which wraps to 0",
    PA + "`if (2 * ((size_t)L->n + 1) > L->tcap && layer_grow_table(L) < 0)` > -> >= #0":
        "the table grows one state sooner: never full either way, the same states",
    PA + "`int cap = L->mcap ? 2 * L->mcap : 64;` 2 -> 3 #0": "the moves' array grows faster: memory only",
    PA + "`from += L->hi[s] >= L->lo[s] ? (size_t)(L->hi[s] - L->lo[s] + 1) : 0;` - -> + #0":
        "each state's range gets more coefficients than it uses (lo >= 0): more memory, and where that passes the "
        "limit the path declines and the part is searched, to the same counts",
    PA + "`w->live += need;` += -> -= #0":
        "the live tally only bounds the path's memory (PATH_MAX_COEFS): counted down it never trips and the path "
        "goes on to the same counts (the stage tests hold the answers under every limit); no test measures memory",
    # seed 5's sample
    DP + "`if (g->w[c1] || !r[c1].n)` || -> && #0":
        "taken as the smaller of a pair, a weighing number's sums still bound its layouts, and a settled number "
        "(no open box: its residual range holds 0) names its arena-zeroed first slot, box 0, and derives a copy of "
        "a constraint over box 0 or a looser one: only constraints every layout meets, the same counts",
    DP + "`dinc += r[c2].n - r[c1].n;` - -> + #0":
        "the derived incidences counted high only size two lists (graph_append places each by the boxes it "
        "counts): a few slots never written, memory only",
    DP + "`if (memo_grow(d) < 0)` < -> <= #0": "a group met when the memo would grow is not kept: " + MEMO_ONLY,
    DP + "`return 0;` 0 -> 1 #3": "the return after memo_grow failed: its caller reads only a negative status as "
                                 "an error, and the memo only saves work",
    DP + "`br->group = push(d, (size_t)n, sizeof(int), 0);` 0 -> 1 #0":
        "open_groups writes each group's boxes before any is read: a zeroed start is never read",
    DP + "`br->gcells = push(d, (size_t)n + 1, sizeof(int), 0);` 0 -> 1 #0":
        "open_groups writes each group's cells before any is read: a zeroed start is never read",
    DP + "`if (status != 1 || d->path_nodes >= budget) {` >= -> > #0":
        "only where path_nodes equals max_nodes: a part past both is counted along the path instead of handed to "
        "the Python implementation, the same answer either way: " + METHOD,
    DP + "`if (cells + marginal > 8 * (int)sizeof(count_t))` + -> - #0": LOOSER,
    PA + "`idx[g->cb_list[t]] = -1;` 1 -> 0 #0":
        "a settled box of the part's numbers reads as the part's first box: its degrees and breadth-first orders "
        "change, not the boxes the path holds: " + PATH_ORDER,
    PO + "`r->w = arena_alloc(a, (size_t)(len - 1), sizeof(count_t));` 1 -> 0 #0":
        "a reading's weights a slot longer than it writes: memory only",
    SE + "`size_t w = (size_t)s->nwords, c = (size_t)(s->ncuts ? s->ncuts : 1);` 1 -> 0 #0":
        "with no cuts a level's options and mines are never read: a block of 0 bytes (PyMem_Malloc(0) gives a "
        "pointer, not NULL) serves as well",
    # seed 7's sample
    CB + "`if (lc && lv)` && -> || #0": "a product with an operand of no limbs adds nothing to the row: skipping it "
                                     "only saves the call",
    CB + "`unsigned char *bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);` 8 -> 9 #1":
        "a count's byte buffer one byte a limb longer than it writes: memory only",
    DP + "`int ncons = g->ncons, B = g->B, nd = 0, dinc = 0, open = 0;` 0 -> 1 #2":
        "with one open box counted as two, no number's open boxes lie within another's with more (a residual "
        "within a longer one needs two open boxes), so the pairing derives nothing: the early return only saves "
        "the scan",
    MD + "`int native = 8 * (int)sizeof(count_t), pw = nmod ? (native + 62 * nmod) / 64 + 2 : "
         "(int)(sizeof(count_t) / 8);` 2 -> 3 #0":
        "the debug hook's natural one limb wider than it needs: the top limb stays 0, memory only",
    PA + "`return pr->status = why < 0 ? PROBE_FAILED : PROBE_STOPPED;` 0 -> 1 #0":
        "inside `if (why)`: why is never 0, so why < 1 is why < 0",
    # seed 6's sample
    DP + "`int marginal = count_bits((count_t)(largest - 1));` 1 -> 0 #0": LOOSER,
    MD + "`if (n > (INT32_MAX - 1) / (most ? most : 1)) {` > -> >= #0":
        "refuses one lattice more, of exactly (INT32_MAX - 1) / most cells: two billion cells, or 8 GB of "
        "neighbour lists with a thousand offsets; no test builds one (the refusal past it is tested)",
    MD + "`self->next = PyMem_Malloc(sizeof(int32_t) * ((size_t)n * (size_t)most + 1));` 1 -> 0 #0":
        "each cell lists at most `most` neighbours, so n * most slots hold them all (n and most at least 1): "
        "the slot more is spare, memory only",
    PA + "`for (int i = pl->n - 1; i >= 0; i--) {` 1 -> 0 #0":
        "a first step at i = n has no touches (tstart[n + 1] is the next array's cstart[0] = 0, not above "
        "tstart[n]): nothing is done",
    PA + "`Layer back[2];   /* the completions of two layers' states (keys unused) */` 2 -> 3 #0":
        "a third layer of completions never used: memory only",
    PA + "`w.every++;` ++ -> -- #0":
        "every = -k for k: C's remainder takes the dividend's sign, so i % -k is i % k for every step i >= 0, "
        "and the checkpoints are the same",
    PA + ("`w.scratch = PyMem_Malloc(2 * (size_t)((K + 15) & ~15) + sizeof(count_t) * ((size_t)cells + 1));` "
          "15 -> 16 #0"): "the scratch rounded up further than it is read: memory only",
    SE + "`h ^= x[i] + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1);` + -> - #0": MEMO_ONLY,
    SE + "`return 0;` 0 -> 1 #6": "Search's init succeeded: CPython reads only a negative return of tp_init as a "
                                  "failure",
    CB + "`int len = wide_len(scratch, parts[k].pw + 1);` 1 -> 0 #0":
        "the sum of a part's rows is below 2**bits of the bound its width was chosen by (dpll.c's part_bits), "
        "which pw limbs hold: the carry limb scratch[pw] is always 0, and the length the same without it",
    CB + "`for (int d = 0; d < t->depth; d++)` < -> <= #1":
        "a node of two parts or more lies above the tree's depth, so nlevel[depth] stays 0 (calloc'd) and the "
        "extra step allocates nothing",
    CB + "`t->W = (int)((sea + pbits + 32) / 64) + 2;` 32 -> 33 #0":
        "the width rounded up one bit further: at most a limb wider, the same naturals, memory only",
    CB + "`if (i >= count || top - i < 0)` - -> + #0":
        "i is 0 unless top > n >= 0: where top - i can be negative, top + i is the same",
    DP + "`for (; j > 0 && group[j - 1] > x; j--)` 0 -> 1 #0":
        "the first box is never moved: one set of boxes may make two keys (a miss), never one key for two "
        "orders, since the key lists the boxes in their order: " + MEMO_ONLY,
    DP + "`for (size_t i = hash & mask;; i = (i + 1) & mask) {` + -> - #0":
        "the look-up probes backward while memo_grow places forward: an entry may be missed after a growth, "
        "never mistaken (keys are compared whole): " + MEMO_ONLY,
    DP + "`for (int i = 0; i < len; i++) {` < -> <= #0":
        "the hash takes one int past the key too (inside the key buffer): at most a miss, keys compared whole: "
        + MEMO_ONLY,
    DP + "`if (n <= SHORT_BOXES && 2 * reach + 1 <= SHORT_PART)` 2 -> 3 #0":
        "the second sweep skipped on a shorter reach: " + CHOICE,
    DP + "`br->tmp = push(d, (size_t)W, sizeof(count_t), 0);` 0 -> 1 #0":
        "the first groups_product clears all W of tmp (odeg starts at W - 1): zeroing it first is work only",
    DP + "`for (; at > 0 && cand[3 * (at - 1) + 2] < saves; at--)` < -> <= #0":
        "of numbers that save as many bits the later comes first, and another set may be chosen: " + LOOSER,
    PO + "`while (cap < 2 * (size_t)p->frontier + 1)` 1 -> 0 #0":
        "a power of two of at least 2 * frontier slots, for at most frontier boxes, still leaves half the table "
        "empty: every probe ends at an empty slot, and the boxes are found alike",
    SE + "`uint64_t h = 1469598103934665603ULL;` 1469598103934665603ULL -> 1469598103934665604ULL #0":
        "another start for the hash: " + MEMO_ONLY,
    PA + "`size_t touches = 0, binomials = 0;` 0 -> 1 #0":
        "the touches' block allocated one entry longer (the count is read for the allocation only): memory only",
    DP + "`br->gm = push(d, (size_t)n, sizeof(count_t *), 1);` 1 -> 0 #0":
        "group k's marginals pointer is written (count_group) before it is read: the zeroed start is never read",
    DP + "`return status ? (status < 0 ? FAILED : DECLINE) : DONE;` 0 -> 1 #0":
        "part_pass answers 0, 1 or -1, and this branch is not 0: < 1 and < 0 agree",
    DP + "`return status < 0 ? FAILED : DECLINE; /* past the node limit: the general path counts it */` < -> <= #0":
        "status is not 0 in this branch: <= 0 and < 0 agree",
    MD + "`out = eqs && comps ? Py_BuildValue(\"(OO)\", eqs, comps) : NULL;` && -> || #0":
        "Py_BuildValue answers NULL for an O handed NULL (the error already set): NULL either way",
    MD + "`return -1;` 1 -> 0 #19":
        "add_type fails only where PyModule_AddObject cannot grow the module's dict, out of memory at import",
    PA + "`void *blocks[3] = {NULL, NULL, NULL};` 3 -> 4 #0":
        "a fourth block slot, NULL and never used: the same three blocks made and freed",
    WI + "`for (int i = 0; i < n; i++)` < -> <= #0":
        "the shift reaches a[n] too: every caller's number leaves its width's top limb 0 (the combination's two "
        "spare limbs, a binomial row's 64 bits over 2**n, the sum's carry limb), so a[n] is a 0 limb of the row, "
        "shifted to 0; the debug hook's 16 limbs may be full, and there only a sanitizer would see the write "
        "past them (the sanitized build has no hooks)",
    PA + ("`if (layer_place(B, &w->bwd[pl->n & 1], &w->bwd_used[pl->n & 1], &w->bwd_cap[pl->n & 1]) < 0)` "
          "1 -> 0 #1"):
        "the last layer placed by tally 0 instead of its parity's: back_last opens a Work's one backward pass, "
        "where both tallies are still 0 (the Work is zeroed), so the offsets are the same, and the next layer "
        "of that parity starts its tally again at 0",
    WI + "`for (; carry && i < width; i++) {` < -> <= #0":
        "the carry never reaches the width (the caller's bound; the debug build asserts it): the loop ends on the "
        "carry alike",
    CB + "`PyObject *own = wide_sum(part->total, 1, part->pw, 1, scratch, bytes);` 1 -> 0 #1":
        "a divisor of 0 for 1: wide_sum divides only by a divisor above 1, so neither divides",
    WI + "`return wide_to_long(scratch, pw + 1, bytes);` 1 -> 0 #0":
        "the carry limb left out of the value: every sum wide_sum gives back fits the part's pw limbs (a part's "
        "layouts, or a box's mines over them divided by its size, at most its layouts); the extra limb holds the "
        "carry before the division only, and is 0 after it",
    DP + "`br->ngroups = 0;` 0 -> 1 #0":
        "open_groups sets a branch's number of groups before anything reads it",
    DP + "`br->gstart = push(d, (size_t)n + 1, sizeof(int), 0);` 1 -> 0 #0":
        "a branch assigns its picked box before open_groups, so at most n - 1 boxes are open, in at most n - 1 "
        "groups, and gstart[n - 1] is the last entry written: n entries are enough",
    DP + "`for (int r = 1; r <= res->nmod; r++) {` 1 -> 0 #0":
        "the native pass's arrays made again: the arena gives them zeroed, as counts_clear left the first ones, so "
        "the pass counts the same into the new ones (memory only)",
    PA + "`for (int a = from + 1; a < tail; a++) { /* the new ones, fewest neighbours first */` + -> - #0":
        "the insertion sort starts two entries early: entries before `from` never move (b > from stops them), and "
        "the one at `from` has nothing before it to pass",
    PA + "`memset(L, 0, sizeof(*L));` 0 -> 1 #0":
        "a freed layer's fields filled with 1s instead of 0s: no freed layer is read or freed again (work_free "
        "frees the layers' array next; probe_free clears the whole probe)",
    PO + "`if (!table || !p->comp_first_box || !p->comp_nboxes || !p->boxes || !p->settled || !pool)` || -> && #0":
        STICKY,
    SE + "`for (int g = 0; g < cut->nshows && groups < 2; g++)` < -> <= #1":
        "the count of a free cut's groups goes on to 3: only whether it passes 1 is read",
    CB + "`s->own = PyMem_Calloc((size_t)nparts + 1, sizeof(PyObject *));` 1 -> 0 #0":
        "own[k] is read for k < nparts only, and PyMem_Calloc(0, ...) still gives a pointer (as for one byte), "
        "so no part count reads as out of memory",
    DP + "`if (2 * (d->memo_len + 1) > d->memo_cap) { /* grow, keeping at most half full */` 1 -> 0 #0":
        "the memo grows one entry later: still about half empty, so every probe ends at an empty slot; "
        + MEMO_ONLY,
    DP + ("`int lo = g->lo[c] - base > 0 ? g->lo[c] - base : 0, hi = g->hi[c] - base < room ? g->hi[c] - base "
          ": room;` - -> + #3"):
        LOOSER,
    DP + "`if (2 * (d->memo_len + 1) > d->memo_cap) { /* grow, keeping at most half full */` + -> - #0":
        "the memo grows two entries later: still about half empty, so every probe ends at an empty slot; "
        + MEMO_ONLY,
    DP + "`for (; j > 0 && gstart[by_size[j - 1] + 1] - gstart[by_size[j - 1]] > len; j--)` 0 -> 1 #0":
        "the insertion sort never moves a group to the front: a permutation still, less sorted; " + ORDER,
    DP + "`shared = g->fixed[g->cb_list[t]] < 0 && covered[g->cb_list[t]] == stamp;` 0 -> 1 #0": LOOSER,
    SE + "`for (int j = 0; j < kw && pop < 2; j++)` < -> <= #1":
        "the count of a set's layouts goes on to 3 before it stops: only whether it passes 1 is read",
    SE + "`for (int j = 0; j < kw && pop < 2; j++)` 2 -> 3 #0":
        "the count of a set's layouts goes on to 3 before it stops: only whether it passes 1 is read",
    SE + "`size_t n = 1 + 2 * (size_t)k;` 2 -> 3 #0":
        "each key takes k words more of the store than it fills (written and read from its start): memory only",
    SE + "`if (n > s->max_depth + 2)` 2 -> 3 #0":
        "the level table may hold one level more than the deepest position reads (max_depth + 1): memory only",
    SE + "`if (n > s->max_depth + 2)` + -> - #0":
        "the level table clamped to its cap (max_depth + 2 levels) sooner: it holds every level a position "
        "reads all the same",
    SE + "`for (int j = 0; j < k; j++) {` 0 -> 1 #0": MEMO_ONLY,
    SE + "`if (n > s->max_depth + 2)` > -> >= #0":
        "at n == max_depth + 2 the clamp sets n to the value it holds: the same table",
    SE + "`s->all_cuts = PyMem_Malloc(sizeof(int) * (size_t)(ncuts ? ncuts : 1));` 1 -> 0 #0":
        "with no cuts the list is never written or read, and PyMem_Malloc(0) still returns a pointer of its own "
        "(CPython's documented guarantee), freed as before",
    SE + "`n = s->max_depth + 2;` 2 -> 3 #0":
        "the level table clamped to one level more than the deepest position reads (max_depth + 1): memory only",
    PA + "`size_t bwd_used[2], bwd_cap[2];` 2 -> 3 #0":
        "an array of three sizes of which two are used (the layer's parity): memory only",
    PO + "`for (int k = 0; k < p->ncomps; k++)` 0 -> 1 #0":
        "the prefix sum's first step adds start[0], which is 0: starting at the second gives the same starts",
    WI + "`if (c->pw > 1)` > -> >= #0":
        ("with __int128 a count_t is two limbs, and every caller's width is at least that (part_keep, the "
         "debug hook): pw is never 1"),
    CB + "`for (int d = 0; d < t->depth; d++)` < -> <= #0":
        "the estimate reads one level more: the table has depth + 1 entries, zeroed, and the tree's levels are 0 to "
        "depth - 1, so the last adds 0",
    DP + "`if (open < 2)` 2 -> 3 #0":
        "derived constraints only prune (the Python search does without them): a part of two open boxes goes "
        "without them, the same counts",
    DP + "`links += d->nopen[g->bc_list[k]] > 1;` > -> >= #0": CHOICE,
    DP + "`if (n <= SHORT_BOXES && len <= SHORT_PART)` <= -> < #0": CHOICE,
    DP + "`br->gcells = push(d, (size_t)n + 1, sizeof(int), 0);` + -> - #0":
        "a branch assigns its picked box before open_groups, so at most n - 1 groups, each written before it is "
        "read: n - 1 entries are enough",
    MD + "`self->nb.ascending = 1; /* lattice_cell lists each cell's neighbours ascending */` 1 -> 0 #0":
        "a lattice's neighbour lists sorted again by each equation: they are ascending already, so the insertion "
        "sort moves nothing (time only)",
    PO + "`if (p->base > 50000) /* keys past 2**63 */` 50000 -> 50001 #0":
        ("a reading's key ((x b + flags) b + hidden) b + around is below base**4, under 2**63 for every base up to "
         "55 108: one more base still fits"),
    PA + "`pr->states = 1;` 1 -> 0 #0":
        "every probe's tally one fewer (its first layer of one state left out): the probes compare alike, and a "
        "finished tally stays above 0 (each later layer holds a state), so the same order is chosen",
    PA + "`pl->cstart[i + 1] = pl->cstart[i] + size + 1;` 1 -> 0 #1":
        ("the boxes' tables of binomials overlap by one entry, where a box's last, C(s, s), and the next box's "
         "first, C(s', 0), are both 1: every entry read is the same"),
    PA + "`if (2 * ((size_t)L->n + 1) > L->tcap && layer_grow_table(L) < 0)` 2 -> 3 #0":
        "the states' hash table grown at a third full, not a half: the same states, more memory",
    PA + "`for (;; j = (j + 1) & mask) {` + -> - #0":
        "the states' table probed downwards: insertion and look-up probe alike, and find the same states",
    PA + "`if (need > *cap) {` > -> >= #0": "the coefficients' pool grown when it is exactly full: memory only",
    PA + "`B->n = 0;` 0 -> 1 #0":
        ("a last layer of no state (no layout) has no move into it: the one completion the mutant claims is "
         "never read, and the part's total is 0 either way"),
    PA + "`Layer *L = &pr->layer[i & 1], *N = &pr->layer[(i + 1) & 1];` 1 -> 0 #0":
        "the probes' tallies of states change, so which order counts the part (or whether the search does): " + METHOD,
    PA + "`while (w.every * w.every < n) /* checkpoints every sqrt(n) steps (see Work) */` < -> <= #0":
        "checkpoints a step further apart where n is a square: other layers' polynomials are kept, the same counts",
    PO + "`for (Py_ssize_t i = 0; i < p->n; i++)` 0 -> 1 #0":
        "the prefix sum's first step adds eq_start[0], which is 0: starting at the second gives the same starts",
    PO + "`if (!parent || !comp_of_root || !p->box_of)` || -> && #0": STICKY,
    CB + "`Part *parts = PyMem_Malloc(sizeof(Part) * ((size_t)nall + 1));` 1 -> 0 #0":
        "split_alone copies each part into the chain at most once, so it holds at most nall; with none, "
        "PyMem_Malloc(0) still returns a pointer, not NULL",
    DP + "`for (int c = 0; c < ncons; c++)` 0 -> 1 #0":
        "constraint 0's residual left as the arena zeroed it, of no box: the subset rule skips it on both sides "
        "(no box to start from, no box more than another's), so fewer constraints are derived, the same counts",
    DP + "`return 0; /* kept already (a group's search meets only smaller groups) */` 0 -> 1 #0":
        "memo_store's one caller tests its return for a negative (memory short) only: 1 is taken as 0 is",
    DP + "`return 0;` 0 -> 1 #9":
        "count_with is never asked to count no boxes (a part holds a box, and so does every group "
        "open_groups makes): its branch for none is never taken",
    DP + "`*method = 1;` 1 -> 0 #0":
        "a part whose trial search finished is tried again on its next pass (a modulus's): " + METHOD,
    DP + "`if (cells + marginal > 8 * (int)sizeof(count_t))` 8 -> 9 #0":
        "parts of 65 to 72 bits by 2**cells keep that bound, not the cover's tighter one: " + LOOSER,
    DP + "`*layouts = cover_bits(d, order, n, cells, seen, covered, cand, ++*stamp);` ++ -> -- #0":
        "the marks need only differ between two uses over the same constraints and boxes, and parts share "
        "neither: counting down still gives each cover a value its part's marks do not hold, or 0, where the "
        "arena's zeroes make every constraint look seen and the bound falls back to 2**cells: " + LOOSER,
    DP + "`int *seen = arena_alloc(a, (size_t)g.ncons, sizeof(int)), stamp = 0;` 0 -> 1 #0":
        "the marks start one higher: each use still gets a value the zeroed arrays and the uses before it "
        "do not hold",
    WI + "`wide_mac1(scratch, rows + (size_t)i * pw, pw, 1, pw + 1);` 1 -> 0 #1":
        "the rows summed are a part's counts (or a box's mines over them), whose sum part_bits bounds within "
        "the part's pw limbs: the carry limb past them stays 0, dropped or not",
    DP + "`*lo = some && m < *lo ? m : *lo;` < -> <= #0":
        "m rises and *lo is W or an m before it, so m never equals *lo",
    MD + "`solver.parts = arena_alloc(keep, (size_t)p->nboxes + 1, sizeof(Part));` 1 -> 0 #0":
        "every part holds at least one box, so a position has at most nboxes parts; with no box, a request of "
        "no bytes is still a block's 16 (arena_alloc), so the check after it passes as before",
    MD + "`int low = zero ? PyObject_RichCompareBool(d->a, zero, Py_GT) : -1;` 1 -> 0 #0":
        "the failure's -1 becomes 0, but 0 is CPython's cached small int: making it never fails",
    PO + "`int overflow = 0;` 0 -> 1 #1":
        "PyLong_AsLongAndOverflow sets *overflow on every path before it returns: the first value is never read",
    PO + "`e->wbits = 0;` 0 -> 1 #0":
        "an equation's wbits is read only in a weighted graph (part_bits), and without readings no equation has "
        "weights; with readings every equation's wbits is its reading's (set below, or the function returns)",
    PO + "`while (cap < 2 * (size_t)p->frontier + 1)` < -> <= #0":
        "the boxes' hash table doubles once more where it would be exactly big enough: a power of two still, and "
        "at most half full either way: memory only",
    UT + "`return memo_hash_bits < 64 ? h & (((uint64_t)1 << memo_hash_bits) - 1) : h;` 1 -> 0 #1":
        "debug builds' test hook only: a mask of the one bit `bits` for the low `bits` keeps every hash to two "
        "values, so keys still meet (the test counts that they do) and the whole key's comparison still tells "
        "them apart, which is what the hook is for",
    DP + "`long incidences = 0;` 0 -> 1 #0": GROWN,
    DP + "`int settled = 0;` 0 -> 1 #0":
        "every residual's bounds shift down by the same 1, and graph_derive reads them only as differences of "
        "two (r[c2].lo - r[c1].hi, r[c2].hi - r[c1].lo): the same derived constraints",
    DP + "`if (links > best_links || (links == best_links && g->size[u] < g->size[best])) {` && -> || #0": CHOICE,
    DP + "`expanded[c] = 1;` 1 -> 0 #0":
        "a constraint's boxes are read again for each of its boxes: placed[] keeps each box once, so the same "
        "part in the same order, in more time",
    DP + "`if (cells + marginal > 8 * (int)sizeof(count_t))` > -> >= #0":
        "cover_bits is then asked at the edge too, where the plain bound (cells + marginal) already fits the "
        "native width: its bound is no larger than cells, so the part fits either way, counted the same",
    MD + "`for (size_t j = 0; zeroed && j < (size_t)(count * size); j++)` 0 -> 1 #0": HOOK_CHECK,
    MD + "`for (size_t j = 0; zeroed && j < (size_t)(count * size); j++)` ++ -> -- #0": HOOK_CHECK,
    UT + "`if (!b || b->cap - b->used < need) {` < -> <= #0":
        "a block filled to its last byte is left for a new one: memory only",
    UT + "`if (a->head && need > ARENA_BLOCK) { /* a large block: keep filling the current one */` > -> >= #0":
        "a request of exactly a block's size is put in a block of its own behind the current one, not in front "
        "of it: the same bytes handed out, the next small request served from either block: memory only",
    UT + "`a->failed = 0;` 0 -> 1 #0":
        "no arena is used after arena_free: every call ends its arena's life (module.c), so the flag it leaves "
        "is never read",
    UT + "`static int memo_hash_bits = 64;` 64 -> 65 #0":
        "debug builds' test hook only: a hash kept to 65 bits is kept whole, as at 64 (memo_hash_kept masks "
        "below 64 only)",
    UT + "`static long memo_meetings = 0; /* look-ups that met another key's hash since the last setting */` "
    "0 -> 1 #0":
        "debug builds' test hook only: the count a process starts with is never read, each test setting the "
        "bits (which returns and clears the count) before the look-ups it counts",
    UT + "`return memo_hash_bits < 64 ? h & (((uint64_t)1 << memo_hash_bits) - 1) : h;` - -> + #0":
        "debug builds' test hook only: a mask of bit `bits` and bit 0 for the low `bits` keeps every hash to "
        "four values, so keys still meet (the test counts that they do) and the whole key's comparison still "
        "tells them apart, which is what the hook is for",
    UT + "`if (n >= 0 && n <= MAX_BOX)` >= -> > #0": TABLE_OR_COMB,
    UT + "`if (n >= 0 && n <= MAX_BOX)` 0 -> 1 #0": TABLE_OR_COMB,
    UT + "`if (n >= 0 && n <= MAX_BOX)` <= -> < #0": TABLE_OR_COMB,
    UT + "`if (keep && keep->cap != ARENA_BLOCK)` != -> == #0":
        "a reset keeps the first block for reuse only where it is a large one, else frees it too: which blocks "
        "are kept is memory only, every later request is served from a block either way",
}


def classify(status: str, name: str) -> str:
    if status in CAUGHT:
        return "killed"
    if status == "same object" or name in EQUIVALENT:
        return "equivalent"
    return status  # survived, invalid


def write_page(results: dict) -> None:
    files = sorted({r["file"] for r in results["mutants"].values()})
    rows = ["| file | mutants run | killed | equivalent | survived | score |", "| --- | --- | --- | --- | --- | --- |"]
    survivors, explained = [], []
    totals = [0, 0, 0, 0]
    for f in files:
        mine = {n: r for n, r in results["mutants"].items() if r["file"] == f}
        kinds = [classify(r["status"], n) for n, r in mine.items()]
        run = sum(k != "invalid" for k in kinds)
        killed, eq, surv = kinds.count("killed"), kinds.count("equivalent"), kinds.count("survived")
        totals = [totals[0] + run, totals[1] + killed, totals[2] + eq, totals[3] + surv]
        made = results["made"].get(f, run)
        score = (killed + eq) / run if run else 1.0
        rows.append(f"| `{f}` | {run} of {made} | {killed} | {eq} | {surv} | {score:.1%} |")
        for n, r in sorted(mine.items(), key=lambda item: item[1]["line"]):
            kind = classify(r["status"], n)
            if kind == "survived":
                survivors.append(f"* {n} (line {r['line']})")
            elif n in EQUIVALENT:
                explained.append(f"* {n}: {EQUIVALENT[n]}")
    run, killed, eq, surv = totals
    score = (killed + eq) / run if run else 1.0
    rows.append(f"| all | {run} | {killed} | {eq} | {surv} | {score:.1%} |")
    same = sum(r["status"] == "same object" for r in results["mutants"].values())
    body = "\n".join([
        f"Measured on commit {results['commit']} ({results['date']}), {results['how']}; "
        f"{same} of the equivalent mutants compiled to the same object code.", "", *rows, "",
        "#### Equivalent mutants of the kernel", "", *(explained or ["None but the same object code."]), "",
        "#### Survivors of the kernel not yet explained", "", *(survivors or ["None."])])
    page = PAGE.read_text()
    start, end = MARKERS
    PAGE.write_text(page[: page.index(start) + len(start)] + "\n" + body + "\n" + page[page.index(end):])


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "kernel", "tests"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    return head.stdout.strip() + (" with uncommitted changes" if dirty else "")


def again(results: dict, mutants: list[Mutant], workers: int, limit: int = 0) -> None:
    """The saved run's survivors measured again at today's code and tests, its other verdicts kept; a
    survivor whose line no longer reads as it did is dropped (its code changed)."""
    alive = {n for n, r in results["mutants"].items() if classify(r["status"], n) == "survived"}
    todo = [m for m in mutants if m.name in alive]
    gone = alive - {m.name for m in todo}
    print(f"{len(todo)} survivors measured again; {len(gone)} whose code changed dropped", flush=True)
    found = measure(todo, workers, lambda found: None, limit)
    for name in gone:
        del results["mutants"][name]
    results["mutants"].update(found)
    results["how"] += f"; its survivors measured again at {commit()} ({time.strftime('%Y-%m-%d')})"
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    write_page(results)
    print({k: sum(classify(r["status"], n) == k for n, r in found.items()) for k in ("killed", "survived")})


def more(results: dict, mutants: list[Mutant], current: set[str], sample: int, seed: int, workers: int,
         limit: int = 0) -> None:
    """Mutants of ``mutants`` the saved results lack (``sample`` of them drawn with ``seed``, or all)
    measured at today's code and tests and added to them; saved verdicts not in ``current`` (the
    names today's code makes) are dropped."""
    gone = set(results["mutants"]) - current
    for name in gone:
        del results["mutants"][name]
    todo = [m for m in mutants if m.name not in results["mutants"]]
    if sample:
        todo = sorted(random.Random(seed).sample(todo, min(sample, len(todo))), key=lambda m: (m.file, m.offset))
    drawn = f", drawn with seed {seed}" if sample else ""
    print(f"{len(todo)} not measured before{drawn}; {len(gone)} saved whose code changed dropped", flush=True)
    saved, before = dict(results["mutants"]), results["how"]
    at = f"at {commit()} ({time.strftime('%Y-%m-%d')})"

    def save(found: dict[str, dict]) -> None:  # a run cut short says how many it measured
        results["how"] = f"{before}; {len(found)} more of {len(todo)} not measured before{drawn} {at}"
        results["mutants"] = {**saved, **found}
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        write_page(results)

    found = measure(todo, workers, save, limit)
    save(found)
    print({k: sum(classify(r["status"], n) == k for n, r in found.items())
           for k in ("killed", "equivalent", "survived", "invalid")})


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", help="kernel files to mutate, as kernel/NAME.c or NAME.c (default: all)")
    ap.add_argument("--sample", type=int, default=0, help="this many mutants drawn at random (default: every one)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--list", action="store_true", help="count each file's mutants and exit")
    ap.add_argument("--page", action="store_true", help="only rewrite docs/mutation.md from the saved results")
    ap.add_argument("--survivors", action="store_true",
                    help="measure the saved run's survivors again (after new tests), keeping its other verdicts")
    ap.add_argument("--more", action="store_true",
                    help="measure mutants not measured yet (--sample of them, or all) and add them to the saved ones")
    ap.add_argument("--changed-since", metavar="COMMIT", default=None,
                    help="with --more: only the mutants of lines changed since COMMIT (a change's own code)")
    ap.add_argument("--max-memory", type=float, default=None, metavar="GB",
                    help="data each test process may hold (default: the machine's memory over workers + 1; 0: none)")
    args = ap.parse_args(argv)
    names = [Path(f).name for f in args.files] or [p.name for p in sorted(KERNEL.glob("*.c"))]
    missing = [n for n in names if not (KERNEL / n).is_file()]
    if missing:
        ap.error(f"no kernel file {missing[0]!r}")
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {"mutants": {}, "made": {}}
    if args.page:
        write_page(results)
        return
    mutants = all_mutants(names)
    made = {f"kernel/{n}": sum(m.file == f"kernel/{n}" for m in mutants) for n in names}
    if args.list:
        for f, k in made.items():
            print(f"{f:22} {k}")
        print(f"{'all':22} {len(mutants)}")
        return
    if compiler() is None:
        raise SystemExit("no C compiler on this machine")
    limit = memory_cap(args.workers) if args.max_memory is None else int(args.max_memory * GB)
    if args.survivors:
        again(results, mutants, args.workers, limit)
        return
    if args.more:
        every = mutants if not args.files else all_mutants([p.name for p in sorted(KERNEL.glob("*.c"))])
        results["made"] = {**results.get("made", {}), **made}
        if args.changed_since:
            changed = {f: changed_lines(args.changed_since, f) for f in {m.file for m in mutants}}
            mutants = [m for m in mutants if m.line in changed[m.file]]
        more(results, mutants, {m.name for m in every}, args.sample, args.seed, args.workers, limit)
        return
    if args.changed_since:
        ap.error("--changed-since goes with --more")
    if args.sample:
        mutants = sorted(random.Random(args.seed).sample(mutants, min(args.sample, len(mutants))),
                         key=lambda m: (m.file, m.offset))
    start = time.perf_counter()
    measured = commit()

    def save(found: dict[str, dict]) -> None:
        how = (f"{len(found)} of {len(mutants)} mutants drawn with seed {args.seed}" if args.sample
               else f"{len(found)} of the mutants of " + ", ".join(f"`{n}`" for n in names))
        # a new measurement replaces the old: the verdicts of another commit's code are not merged
        results = {"commit": measured, "date": time.strftime("%Y-%m-%d"), "how": how, "made": made,
                   "mutants": found}
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        write_page(results)

    found = measure(mutants, args.workers, save, limit)
    save(found)
    counts = {k: sum(classify(r["status"], n) == k for n, r in found.items())
              for k in ("killed", "equivalent", "survived", "invalid")}
    print(f"{len(found)} mutants in {time.perf_counter() - start:.0f} s: {counts}")


if __name__ == "__main__":
    main()
