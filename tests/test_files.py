"""Reading inputs and writing outputs: the user's files are never half-written, never clobbered."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
from pathlib import Path

import pytest

from countsweep import files
from countsweep.errors import InputError, OverwriteRefused, ParameterError
from countsweep.files import read_input, write_output
from tests.cli_helpers import run


def test_an_existing_file_is_kept_unless_forced(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("mine")
    with pytest.raises(OverwriteRefused, match=r"out\.txt: file exists \(use --force to overwrite\)$"):
        files.check_output(target)
    with pytest.raises(OverwriteRefused):
        files.write_output(target, "new")
    assert target.read_text() == "mine"
    files.write_output(target, "new", force=True)
    assert target.read_text() == "new"


def test_text_and_bytes_are_written_as_given(tmp_path):
    files.write_output(tmp_path / "a.txt", "é\n")
    files.write_output(tmp_path / "b.bin", b"\x00\xff")
    assert (tmp_path / "a.txt").read_bytes() == "é\n".encode() and (tmp_path / "b.bin").read_bytes() == b"\x00\xff"


def test_the_temporary_file_sits_beside_the_target_so_the_rename_is_atomic(tmp_path, monkeypatch):
    seen = []

    def failing_replace(src, dst):
        seen.append(Path(src))
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(files.os, "replace", failing_replace)
    target = tmp_path / "out.txt"
    with pytest.raises(InputError, match=r"out\.txt: cannot write \(Input/output error\)$"):
        files.write_output(target, "x")
    (tmp,) = seen
    assert tmp.parent == tmp_path and tmp.name.startswith(".out.txt.") and tmp.name.endswith(".tmp")
    assert list(tmp_path.iterdir()) == []  # the temporary file is gone, the target never appeared


def test_an_interrupted_write_leaves_nothing_behind(tmp_path, monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.write_output(tmp_path / "out.txt", "x")
    assert list(tmp_path.iterdir()) == []


def test_a_temporary_file_that_cannot_be_made_is_one_line(tmp_path, monkeypatch):
    def full(**kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.tempfile, "mkstemp", full)
    with pytest.raises(InputError, match=r"out\.txt: cannot write \(No space left on device\)$"):
        files.write_output(tmp_path / "out.txt", "x")


def test_binary_input_names_its_first_nul(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes(b"a\x00b\x00")
    with pytest.raises(InputError, match=r"binary data, not text \(NUL byte at offset 1\)$"):
        files.read_input(str(path))


@pytest.mark.parametrize("text", ['{"rules": [{"num_mines": 1, "cells": ["a", "b"]}]}', "3x1\n?1?\n"],
                         ids=["payload", "board"])
def test_a_byte_order_mark_before_an_input_is_not_read_as_its_first_character(tmp_path, text):
    path = tmp_path / "saved-by-notepad"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert files.read_input(str(path)) == text
    ran = run("count", str(path), "--json", "--exact")
    assert ran.exit_code == 0, ran.stderr
    answer = ran.json()
    assert answer.get("exact", answer["probabilities"]) in ({"a": "1/2", "b": "1/2"}, [["1/2", None, "1/2"]])


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux's /proc")
def test_an_unreadable_input_says_why():
    with pytest.raises(InputError, match=r"^/proc/self/mem: cannot read \(Input/output error\)$"):
        files.read_input("/proc/self/mem")


def test_a_directory_the_user_cannot_write_is_refused_before_any_work(tmp_path, monkeypatch):
    # root may write anywhere, so the refusal is shown with os.access answering as for a plain user
    def access(path, mode):
        return not mode & os.W_OK

    monkeypatch.setattr(files.os, "access", access)
    with pytest.raises(InputError, match=rf"out\.txt: directory {tmp_path} is not writable$"):
        files.check_output(tmp_path / "out.txt")


def test_an_interrupt_just_after_the_rename_leaves_the_whole_file_and_reraises(tmp_path, monkeypatch):
    # the temporary file is gone once renamed: cleaning it up must not hide the interrupt
    target = tmp_path / "out.txt"
    real = os.replace

    def rename_then_interrupt(src, dst):
        real(src, dst)
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", rename_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        files.write_output(target, "all of it")
    assert target.read_text() == "all of it"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_failure_reported_after_the_rename_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    real = os.replace

    def rename_then_fail(src, dst):
        real(src, dst)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(files.os, "replace", rename_then_fail)
    with pytest.raises(InputError, match=r"out\.txt: cannot write \(Input/output error\)$"):
        files.write_output(target, "data")


class _FailingFile:
    """A file whose write fails the way a full disk does; ``vanish`` also removes it first, as a
    cleaner of temporary files could."""

    def __init__(self, path: str, vanish: bool) -> None:
        self.path, self.vanish = path, vanish

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def write(self, data):
        if self.vanish:
            os.unlink(self.path)
        raise OSError(errno.ENOSPC, "No space left on device")


def _temporaries_made(monkeypatch) -> list[str]:
    """The names of the temporary files the writer makes from now on, in order."""
    made: list[str] = []
    real_mkstemp = files.tempfile.mkstemp

    def mkstemp(**kw):
        fd, name = real_mkstemp(**kw)
        made.append(name)
        return fd, name

    monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)
    return made


@pytest.mark.parametrize("vanish", [False, True], ids=["temporary-kept", "temporary-gone"])
def test_a_disk_that_fills_while_staging_is_one_line_and_leaves_no_temporary(tmp_path, monkeypatch, vanish):
    made = _temporaries_made(monkeypatch)
    monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: (os.close(fd), _FailingFile(made[-1], vanish))[1])
    target = tmp_path / "out.cnf"
    with pytest.raises(InputError) as info:
        files.write_output(target, "p cnf 1 1\n1 0\n")
    assert str(info.value) == f"{target}: cannot write (No space left on device)"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("vanish", [False, True], ids=["temporary-kept", "temporary-gone"])
def test_an_interrupt_while_staging_removes_the_temporary_and_reraises(tmp_path, monkeypatch, vanish):
    made = _temporaries_made(monkeypatch)

    class Interrupted(_FailingFile):
        def write(self, data):
            if self.vanish:
                os.unlink(self.path)
            raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: (os.close(fd), Interrupted(made[-1], vanish))[1])
    with pytest.raises(KeyboardInterrupt):
        files.write_output(tmp_path / "out.cnf", "x")
    assert list(tmp_path.iterdir()) == []


def test_a_set_of_outputs_refuses_an_existing_file_unless_forced(tmp_path):
    kept = tmp_path / "b.cnf"
    kept.write_text("mine")
    with pytest.raises(OverwriteRefused):
        files.write_outputs([(tmp_path / "a.cnf", "new"), (kept, "new")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.cnf"] and kept.read_text() == "mine"
    files.write_outputs([(tmp_path / "a.cnf", "new"), (kept, "new")], force=True)
    assert kept.read_text() == "new" and (tmp_path / "a.cnf").read_text() == "new"


def test_a_set_whose_second_rename_fails_takes_back_the_first_even_if_it_is_gone(tmp_path, monkeypatch):
    """All or nothing: the first file, already renamed into place, is removed again; if something
    removed it meanwhile, the user still sees the real error, not the cleanup's."""
    real_replace = os.replace
    calls = []
    gone = {"first": False}

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(src, dst)
        if gone["first"]:
            os.unlink(dst)

    monkeypatch.setattr(files.os, "replace", replace)
    for gone["first"] in (False, True):
        calls.clear()
        with pytest.raises(InputError, match=r"b\.cnf: cannot write \(Input/output error\)"):
            files.write_outputs([(tmp_path / "a.cnf", "1"), (tmp_path / "b.cnf", "2")])
        assert list(tmp_path.iterdir()) == []


class Endless:
    """A stream that never ends, as /dev/zero or a pipe that is never closed: ``fill`` bytes on every read."""

    def __init__(self, fill: bytes) -> None:
        self.fill, self.reads = fill, 0

    def read(self, size: int) -> bytes:
        self.reads += 1
        return self.fill * size


def test_an_endless_stream_of_zeros_is_refused_at_its_first_chunk():
    stream = Endless(b"\x00")
    with pytest.raises(InputError, match=r"^zeros: binary data, not text \(NUL byte at offset 0\)$"):
        files.read_stream(stream, "zeros")
    assert stream.reads == 1


def test_an_endless_stream_of_text_is_refused_once_it_passes_the_most_an_input_may_hold(monkeypatch):
    monkeypatch.setattr(files, "MAX_INPUT", 3 << 20)
    stream = Endless(b"?")
    with pytest.raises(InputError, match=r"^board: more than 3 MB, the most an input may hold$"):
        files.read_stream(stream, "board")
    assert stream.reads == 4


def test_a_nul_past_the_first_chunk_is_named_at_its_offset_in_the_whole_input(tmp_path):
    path = tmp_path / "late.txt"
    path.write_bytes(b"?" * (3 << 20) + b"\x00")
    with pytest.raises(InputError, match=r"NUL byte at offset 3145728\)$"):
        files.read_input(str(path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a system without /dev/zero")
def test_the_command_line_refuses_an_endless_device_in_one_line(tmp_path):
    from tests.cli_helpers import run

    r = run("count", "/dev/zero")
    assert r.exit_code == 3
    assert r.stderr == "countsweep: error: /dev/zero: binary data, not text (NUL byte at offset 0)\n"
    r = run("play", "--games", "1", "--out", "/dev/zero")
    assert r.exit_code == 3 and r.stderr == "countsweep: error: /dev/zero: not a regular file, not a records file\n"


@pytest.mark.parametrize("args", [["export", "{board}", "-o", "{dir}/out/"],
                                  ["play", "--games", "1", "--out", "{dir}/o/"],
                                  ["count", "{board}", "--backend", "sdd", "--save-sdd", "{dir}/s/"]],
                         ids=["export", "play", "save-sdd"])
def test_an_output_named_with_a_trailing_separator_is_a_directory_not_a_file_to_write(tmp_path, args):
    from tests.cli_helpers import run

    board = tmp_path / "b.txt"
    board.write_text("3x3x1\n???\n?1?\n???\n")
    r = run(*[a.format(board=board, dir=tmp_path) for a in args])
    assert r.exit_code == 3 and r.stderr.endswith("/: names a directory; give the file's name\n"), r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"]  # nothing written


def test_an_input_of_many_chunks_is_read_whole_and_in_order(tmp_path):
    text = "".join(f"{i:07d}\n" for i in range(400_000))  # 3.2 MB: four chunks
    path = tmp_path / "big.txt"
    path.write_text(text)
    assert files.read_input(str(path)) == text


def test_json_is_read_with_the_callers_options():
    assert files.parse_json('{"p": 0.1}', parse_float=str) == {"p": "0.1"}  # read as written, not as a float


@pytest.mark.parametrize(("call", "says"), [
    (lambda: files.write_output(5, "x"), "path: expected a file path (a str or Path), not 5"),
    (lambda: files.write_output(Path("/nonexistent/x.txt"), 5), "x.txt: the data to write is text or bytes, not 5"),
], ids=["path", "data"])
def test_a_path_or_data_of_the_wrong_kind_is_named(call, says):
    from countsweep.errors import ParameterTypeError

    with pytest.raises(ParameterTypeError) as info:
        call()
    assert str(info.value).endswith(says)


@pytest.mark.parametrize("name", [None, 5, b"a1", ["a"]])
def test_only_a_str_is_text_a_name_can_be_written_as(name):
    assert files.is_text(name) is False
    assert files.is_text("a1") is True


def test_an_output_through_a_link_replaces_the_file_it_names_and_keeps_the_link(tmp_path):
    real, link = tmp_path / "real.txt", tmp_path / "link.txt"
    real.write_text("old\n")
    link.symlink_to(real)
    write_output(link, "new\n", force=True)
    assert link.is_symlink() and real.read_text() == "new\n"


def test_a_pipe_is_written_into_not_replaced_by_a_file_and_needs_no_force(tmp_path):
    # a rename puts a file where the pipe (or a device: /dev/null, /dev/stdout) was; this
    # test makes its own pipe, as a regression must not replace a device of the machine's
    import threading

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    write_output(fifo, "through the pipe\n")
    reader.join(5)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode) and [p.name for p in tmp_path.iterdir()] == ["fifo"]


@pytest.mark.parametrize("name", ["a\x00b", "\ud800"])
def test_a_path_the_system_cannot_name_is_one_line_for_input_and_output(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    says = f"{name!r}: not a path this system can name"
    with pytest.raises(InputError) as read:
        read_input(name)
    with pytest.raises(InputError) as written:
        write_output(Path(name), "x")
    assert str(read.value) == str(written.value) == says


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd (Linux)")
def test_a_link_to_a_pipe_is_written_into_as_dev_stdout_is(tmp_path):
    # /dev/stdout -> /proc/self/fd/1 -> pipe:[...]: followed to its end the link names no file
    read_end, write_end = os.pipe()
    link = tmp_path / "stdout"
    link.symlink_to(f"/proc/self/fd/{write_end}")
    try:
        write_output(link, b"bytes down the pipe\n")
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            assert pipe.read() == b"bytes down the pipe\n"
    finally:
        for fd in (read_end, write_end):
            with contextlib.suppress(OSError):
                os.close(fd)
    assert link.is_symlink()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_device_that_refuses_the_write_is_one_line():
    # no force: were /dev/full taken for a file, the write would be refused, never a rename over it
    with pytest.raises(InputError, match=r"^/dev/full: cannot write \(No space left on device\)$"):
        write_output(Path("/dev/full"), "x")


def test_a_socket_is_no_file_to_replace_even_when_forced(tmp_path, monkeypatch):
    import socket

    monkeypatch.chdir(tmp_path)  # a socket's path is short
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("sock")
        with pytest.raises(InputError) as refused:
            write_output(Path("sock"), "x", force=True)
    assert str(refused.value) == "sock: not a regular file, a character device or a pipe"


def test_text_no_utf8_can_carry_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(ParameterError, match="lone surrogate"):
        write_output(tmp_path / "out.txt", "\ud800")
    assert not list(tmp_path.iterdir())


@contextlib.contextmanager
def _ctrl_c_after(monkeypatch, module, name: str, call: int = 1):
    """A real Ctrl-C (SIGINT under Python's own handler) the moment ``module.name`` returns for the ``call``-th time:
    the exception comes at the next step Python runs handlers at, as an interrupt from the keyboard would."""
    real = getattr(module, name)
    calls = []

    def signalled(*args, **kwargs):
        out = real(*args, **kwargs)
        calls.append(1)
        if len(calls) == call:
            signal.raise_signal(signal.SIGINT)
        return out

    monkeypatch.setattr(module, name, signalled)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_as_a_temporary_file_is_made_leaves_no_temporary_file(tmp_path, monkeypatch):
    with _ctrl_c_after(monkeypatch, files.tempfile, "mkstemp"), pytest.raises(KeyboardInterrupt):
        files.write_outputs([(tmp_path / "a.cnf", "a"), (tmp_path / "b.cnf", "b")])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("call", [1, 2])
def test_ctrl_c_between_the_renames_of_a_set_comes_once_the_set_is_whole(tmp_path, monkeypatch, call):
    with _ctrl_c_after(monkeypatch, files.os, "replace", call), pytest.raises(KeyboardInterrupt):
        files.write_outputs([(tmp_path / "a.cnf", "a"), (tmp_path / "b.cnf", "b")])
    assert sorted((p.name, p.read_text()) for p in tmp_path.iterdir()) == [("a.cnf", "a"), ("b.cnf", "b")]
