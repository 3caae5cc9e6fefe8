"""Running the command line in process, as the tests need it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from click.testing import CliRunner

from countsweep.cli import main


@dataclass(frozen=True)
class Ran:
    """What one ``countsweep`` command did: its exit code and its two streams."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout

    def json(self) -> Any:
        return json.loads(self.stdout)


def run(*args: str, stdin: str | bytes | None = None) -> Ran:
    """``countsweep ARGS`` with ``stdin``; exceptions other than SystemExit propagate (they are bugs)."""
    result = CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)
    return Ran(result.exit_code, result.stdout, result.stderr)
