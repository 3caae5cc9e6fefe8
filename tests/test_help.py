"""``countsweep COMMAND --help`` is part of the interface: what it says changes only on purpose.

Each command's help, at a fixed width, is kept in ``tests/golden/help/``.  After
changing an option or its wording on purpose, rewrite them with
``COUNTSWEEP_UPDATE_HELP=1 pytest tests/test_help.py`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from countsweep.cli import main

GOLDEN = Path(__file__).parent / "golden" / "help"
COMMANDS = ["", "count", "check", "export", "play", "optimal", "serve"]


@pytest.mark.parametrize("command", COMMANDS, ids=[c or "countsweep" for c in COMMANDS])
def test_each_commands_help_says_what_it_said(command):
    args = [command, "--help"] if command else ["--help"]
    result = CliRunner().invoke(main, args, prog_name="countsweep", terminal_width=100, catch_exceptions=False)
    assert result.exit_code == 0
    golden = GOLDEN / f"{command or 'countsweep'}.txt"
    if os.environ.get("COUNTSWEEP_UPDATE_HELP"):
        golden.write_text(result.stdout)
    assert result.stdout == golden.read_text()


def test_every_option_of_every_command_is_in_the_command_line_reference():
    reference = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
    for name, command in main.commands.items():
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--") and opt != "--help":
                    assert opt in reference, f"countsweep {name} {opt} is not in docs/cli.md"
