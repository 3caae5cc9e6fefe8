"""The records of a run (``countsweep play --out FILE``): one JSON object a line, read back to resume.

A record says how game ``game`` of the run went (``won``, ``guesses``,
``moves``, ``seconds``) and which run it belongs to (``run``: the settings, the
agent and its configuration, the seed and the package's code version).  This
module is the one reader and writer of such files:

* :func:`open_run` locks the file for this process (a second ``play`` writing
  the same file is refused, exit 3), reads the records already there and checks
  every line; anything that is not a record of this very run is refused with
  the line and what is wrong, and the file is left untouched;
* a last line cut short by a killed process (no newline at its end) is the one
  thing repaired: it is dropped, and the game played again;
* :meth:`Writer.add` appends one flushed line per game, so an interrupted run
  loses nothing it finished.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> run = {"seed": 1}
>>> with open_run(path, run) as (done, writer):
...     writer.add({"game": 0, "won": True, "guesses": 1, "moves": 9, "seconds": 0.01})
>>> with open_run(path, run) as (done, writer):
...     sorted(done)
[0]
>>> with open_run(path, {"seed": 2}) as (done, writer):
...     pass
Traceback (most recent call last):
...
countsweep.errors.InputError: ...run.jsonl: line 1: records of another run (different seed); use another --out file
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from countsweep.errors import InputError, ParameterError
from countsweep.files import parse_json, read_stream

try:
    import fcntl
except ImportError:  # not on POSIX: no lock, one writer is the user's care
    fcntl = None  # type: ignore[assignment]

FIELDS: dict[str, tuple[type, ...]] = {
    "game": (int,), "won": (bool,), "guesses": (int,), "moves": (int,), "seconds": (int, float), "run": (dict,),
}
"""Every record's fields and their JSON types."""


def _check(record: object, where: str) -> dict:
    if not isinstance(record, dict):
        raise InputError(f"{where}: not a countsweep play record (a JSON {type(record).__name__}, not an object)")
    for key, kinds in FIELDS.items():
        value = record.get(key)
        if not isinstance(value, kinds) or (kinds == (int,) and isinstance(value, bool)):
            raise InputError(f"{where}: not a countsweep play record (field {key!r} missing or not a "
                             f"{kinds[0].__name__})")
    if record["game"] < 0:
        raise InputError(f"{where}: not a countsweep play record (negative game {record['game']})")
    return record


def parse(text: str, path: Path, fingerprint: dict) -> dict[int, dict]:
    """The records in ``text`` (the contents of ``path``), by game; a cut last line is ignored."""
    lines = text.split("\n")
    if lines and lines[-1]:
        lines.pop()  # written up to a kill: not a record yet
    done: dict[int, dict] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            record = _check(parse_json(line), where)
        except ValueError:
            raise InputError(f"{where}: not a JSON record") from None
        run = record["run"]
        if run != fingerprint:
            differ = sorted(k for k in fingerprint.keys() | run.keys() if fingerprint.get(k) != run.get(k))
            raise InputError(f"{where}: records of another run (different {', '.join(differ)}); "
                             "use another --out file")
        if record["game"] in done:
            raise InputError(f"{where}: game {record['game']} is recorded twice")
        done[record["game"]] = record
    return done


def read(path: Path) -> list[dict]:
    """Every record of the run in ``path`` (plain, or gzip when the name ends in ``.gz``), in game
    order: what ``countsweep serve --records`` and the analyser page replay. Every line must be a
    record of the run the first line names.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
    >>> _ = path.write_text('{"game": 1, "won": false, "guesses": 2, "moves": 9, "seconds": 0.1, "run": {}}\\n')
    >>> [r["game"] for r in read(path)]
    [1]
    """
    from countsweep.files import read_input

    if path.name.endswith(".gz"):
        import gzip

        try:
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise InputError(f"{path}: not a gzip file of text ({exc})") from None
    else:
        text = read_input(str(path))
    first = next((line for line in text.split("\n") if line.strip()), None)
    if first is None:
        raise InputError(f"{path}: no complete record in the file")
    try:
        run = _check(parse_json(first), f"{path}: line 1")["run"]
    except ValueError:
        raise InputError(f"{path}: line 1: not a JSON record") from None
    done = parse(text, path, run)  # a last line cut short by a killed run is left out, as play does
    if not done:
        raise InputError(f"{path}: no complete record in the file")
    return [done[game] for game in sorted(done)]


class Writer:
    """Appends one record a line to the locked file, flushed at once."""

    def __init__(self, handle: IO[bytes], fingerprint: dict) -> None:
        self.handle = handle
        self.fingerprint = fingerprint

    def add(self, record: dict) -> None:
        self.handle.write((json.dumps({**record, "run": self.fingerprint}) + "\n").encode())
        self.handle.flush()


@contextlib.contextmanager
def open_run(path: Path, fingerprint: dict) -> Iterator[tuple[dict[int, dict], Writer]]:
    """The records of this run already in ``path``, and a writer for the rest, under a lock."""
    if path.name.endswith(".gz"):  # the readers take a .gz file as gzip: plain lines there would be refused
        raise ParameterError(f"{path}: records are appended a game at a time, which a gzip file cannot take "
                             "safely; write them to a .jsonl file and compress it once the run is done")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a records file")
    if path.exists() and not path.is_file():  # a device or a pipe: /dev/full reads zeros without end
        raise InputError(f"{path}: not a regular file, not a records file")
    if not path.parent.is_dir():
        raise InputError(f"{path}: directory {path.parent} does not exist")
    try:
        handle = path.open("a+b")
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None
    with handle:
        if fcntl is not None:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise InputError(f"{path}: another countsweep play is writing this file") from None
        handle.seek(0)
        try:
            data = read_stream(handle, str(path))
        except InputError as exc:
            raise InputError(f"{exc}, not countsweep play records") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{path}: not UTF-8 text (byte {exc.start}), not countsweep play records") from None
        done = parse(text, path, fingerprint)
        cut = text.rfind("\n") + 1
        if cut < len(text):  # a line cut short by a kill: drop it before appending
            handle.truncate(len(text[:cut].encode()))
        handle.seek(0, os.SEEK_END)
        yield done, Writer(handle, fingerprint)
