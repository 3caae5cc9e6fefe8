"""Reading inputs and writing outputs: the one place files are opened for the user.

Inputs are read whole and checked to be UTF-8 text; ``-`` is standard input.
Outputs are written through a temporary file in the target's directory and a
rename, so a reader never sees half a file and an interrupted write leaves the
old file as it was; an existing file is replaced only when asked (``force``).
A set of files is written all or none, and Ctrl-C while its files are renamed
into place comes once they all are (:mod:`countsweep.interrupts`).
A symbolic link is written through (the file it names is replaced, the link
kept), and a character device or a pipe (``/dev/null``, ``/dev/stdout``) is
written into as it is, with no ``force``: a rename would put a file in its
place.
Every failure is an :class:`~countsweep.errors.InputError` (exit 3) or
:class:`~countsweep.errors.OverwriteRefused` (exit 6) naming the path.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_output(target, "hello\\n")
>>> read_input(str(target))
'hello\\n'
>>> write_output(target, "again\\n")
Traceback (most recent call last):
...
countsweep.errors.OverwriteRefused: ...out.txt: file exists (use --force to overwrite)
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from countsweep.errors import CountsweepError, InputError, OverwriteRefused, ParameterError, ParameterTypeError, shown
from countsweep.interrupts import shielded


def display_name(path: str) -> str:
    """How messages name an input: its path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


@contextlib.contextmanager
def naming(name: str) -> Iterator[None]:
    """Prefix errors raised inside with ``name`` (a file, ``<stdin>``, a request's ``board``), so
    every message says where; an error already naming it is left alone."""
    try:
        yield
    except CountsweepError as exc:
        if str(exc).startswith(f"{name}:"):
            raise
        # an internal subclass (its name starts with "_") is reported as its public parent
        public = next(cls for cls in type(exc).__mro__ if not cls.__name__.startswith("_"))
        raise public(f"{name}: {exc}") from None


def parse_json(text: str, **options: object) -> object:
    """``json.loads(text, **options)``, a document nested too deeply for the parser failing as any
    malformed JSON does (a ValueError), not with a RecursionError.

    >>> parse_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    ValueError: nested too deeply
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise ParameterTypeError(f"text: JSON text, not {shown(text)}")
    try:
        return json.loads(text, **options)  # type: ignore[arg-type]
    except RecursionError:
        raise ValueError("nested too deeply") from None


def is_text(name: str) -> bool:
    """Can ``name`` be written as UTF-8?  Not if JSON's ``\\ud800`` escapes gave it a lone surrogate,
    which every output (the terminal, JSON over HTTP) would fail on.

    >>> is_text("a1"), is_text("\\ud800")
    (True, False)
    """
    if not isinstance(name, str):
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


MAX_INPUT = 1 << 30
"""The most bytes an input may hold (1 GiB): a 1000x1000 board is 1 MB, and an endless device
(``/dev/zero``, a pipe that never closes its end) must end in a message, not in the memory's end."""

_CHUNK = 1 << 20


def read_stream(stream: BinaryIO, name: str) -> bytes:
    """All of ``stream``, a megabyte at a time: binary data (a NUL byte) is refused in the chunk
    that holds it, and a stream past :data:`MAX_INPUT` as soon as it passes."""
    parts: list[bytes] = []
    size = 0
    while chunk := stream.read(_CHUNK):
        nul = chunk.find(b"\x00")
        if nul >= 0:
            raise InputError(f"{name}: binary data, not text (NUL byte at offset {size + nul})")
        size += len(chunk)
        if size > MAX_INPUT:
            raise InputError(f"{name}: more than {MAX_INPUT >> 20} MB, the most an input may hold")
        parts.append(chunk)
    return b"".join(parts)


def read_input(path: str) -> str:
    """The text of ``path`` (``-`` is standard input), or an :class:`InputError` naming it."""
    as_path(path)  # an int would be taken as a file descriptor: read_input(1) would read and close stdout
    name = display_name(path)
    try:
        if path == "-":
            data = read_stream(sys.stdin.buffer, name)
        else:
            with open(path, "rb") as stream:
                data = read_stream(stream, name)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL byte, or a lone surrogate the file system's encoding cannot write
        raise InputError(f"{shown(path)}: not a path this system can name") from None
    try:
        # utf-8-sig: a byte order mark, which Windows editors write first, is no board's first character
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None


def output_path(name: str) -> Path:
    """The file a user named for an output; a name ending in a separator (``out/``) means a
    directory, and writing a file called ``out`` instead would not be what was asked."""
    if not isinstance(name, str):
        raise ParameterTypeError(f"name: an output file's name, not {shown(name)}")
    if name.endswith((os.sep, "/")):
        raise InputError(f"{name}: names a directory; give the file's name")
    return Path(name)


def _stream(path: Path) -> bool:
    """Is ``path`` a character device or a pipe (``/dev/null``, ``/dev/stdout``, a FIFO)?  Such
    an output is written into as it is: a rename would put a file in the device's place (as root,
    ``--out /dev/null --force`` once replaced /dev/null), and writing loses nothing of the user's.

    >>> _stream(Path(os.devnull)), _stream(Path(__file__))
    (True, False)
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def check_output(path: Path, force: bool = False) -> None:
    """Fail now, before any work, if ``path`` could not be written (or would be overwritten)."""
    path = as_path(path)
    if "\0" in str(path) or not is_text(str(path)):
        raise InputError(f"{shown(str(path))}: not a path this system can name")
    if _stream(path):
        return
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a file")
    if path.exists() and not path.is_file():  # a block device, a socket: not a file to replace
        raise InputError(f"{path}: not a regular file, a character device or a pipe")
    if path.exists() and not force:
        raise OverwriteRefused(f"{path}: file exists (use --force to overwrite)")
    directory = path.parent
    if not directory.is_dir():
        raise InputError(f"{path}: directory {directory} does not exist")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise InputError(f"{path}: directory {directory} is not writable")


def write_output(path: Path, data: str | bytes, force: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (temporary file and rename).

    An existing file is kept unless ``force``: it belongs to the user.
    """
    write_outputs([(path, data)], force)


def write_outputs(outputs: list[tuple[Path, str | bytes]], force: bool = False) -> None:
    """Write a set of files all or none: every target checked, then every one staged in a
    temporary file beside it, and only then renamed into place.

    A refused or failed file leaves none of the set written (``export --components``
    writes one file per component: half a set would count as a different position).
    """
    # a link is written through: the rename replaces the file it names, not the link
    outputs = [(_through_links(as_path(path)), data) for path, data in outputs]
    for path, data in outputs:
        if not isinstance(data, (str, bytes)):
            raise ParameterTypeError(f"{path}: the data to write is text or bytes, not {shown(data)}")
        if isinstance(data, str) and not is_text(data):
            raise ParameterError(f"{path}: the text to write holds a lone surrogate, which UTF-8 cannot carry")
        check_output(path, force)
    streams: list[tuple[Path, str | bytes]] = []  # written into last (see _stream)
    files: list[tuple[Path, str | bytes]] = []
    for path, data in outputs:
        (streams if _stream(path) else files).append((path, data))
    # Ctrl-C and the watchdog raise at any step (countsweep.interrupts): each temporary file is made
    # and listed in one step, so the cleanup finds it; the renames are one step, so an interrupt
    # meanwhile comes once the set is in place, whole, and never between a rename and its listing
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files:
            with shielded():
                fd, tmp = _temporary(path)
                staged.append((tmp, path))
            _fill(fd, path, data)
    except BaseException:
        _take_back([tmp for tmp, _ in staged])
        raise
    placed: list[Path] = []
    with shielded():
        try:
            for tmp, path in staged:
                _replace(tmp, path)
                placed.append(path)
        except BaseException:
            _take_back([tmp for tmp, _ in staged] + placed)  # the set is refused whole
            raise
    try:
        for path, data in streams:  # last: what is written into a device cannot be taken back
            _write_into(path, data)
    except BaseException:
        _take_back(placed)
        raise


def _take_back(paths: list[Path]) -> None:
    """Remove what a refused set left (a file something else removed meanwhile is no error)."""
    with shielded():  # a second Ctrl-C does not cut the cleanup short
        for path in paths:
            path.unlink(missing_ok=True)


def as_path(path: object) -> Path:
    """A path the caller gave as a Path or a str (what ``open`` takes)."""
    if not isinstance(path, (str, os.PathLike)):
        raise ParameterTypeError(f"path: expected a file path (a str or Path), not {shown(path)}")
    return Path(path)


def _through_links(path: Path) -> Path:
    """The file ``path`` names once its symbolic links are followed; ``path`` where it is none, or
    where it leads to a device or a pipe (``/dev/stdout`` to ``/proc/self/fd/1`` to ``pipe:[…]``,
    no path at all: opened as it is)."""
    try:
        return Path(os.path.realpath(path)) if path.is_symlink() and not _stream(path) else path
    except (OSError, ValueError):
        return path


def _write_into(path: Path, data: str | bytes) -> None:
    """``data`` written into the device or pipe at ``path`` (see :func:`_stream`)."""
    try:
        with open(path, "ab") as fh:  # append: a pipe or a terminal has nothing to truncate
            fh.write(data.encode() if isinstance(data, str) else data)
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None


def _temporary(path: Path) -> tuple[int, Path]:
    """A new temporary file in ``path``'s directory: its descriptor and its path."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        return fd, Path(tmp)
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None


def _fill(fd: int, path: Path, data: str | bytes) -> None:
    """``data`` written into the temporary file open as ``fd`` that will become ``path``."""
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode() if isinstance(data, str) else data)
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None


def _replace(tmp: Path, path: Path) -> None:
    try:
        os.replace(tmp, path)
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None
