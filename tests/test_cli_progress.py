"""Long commands show progress on a terminal, and nothing of it reaches a pipe."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from fourhundred.commands.conformance import check_command
from fourhundred.conformance import suite

#: What makes rich treat click's captured stderr as a terminal.
TERMINAL = {"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"}


def test_conformance_check_shows_progress_on_a_terminal_only(tmp_path: Path) -> None:
    (tmp_path / "legal_bids").mkdir()
    shutil.copy(suite.CASES_DIR / "legal_bids" / "examples.json", tmp_path / "legal_bids")
    arguments = ["--cases", str(tmp_path)]
    piped = CliRunner().invoke(check_command, arguments)
    terminal = CliRunner().invoke(check_command, arguments, env=TERMINAL)
    quiet = CliRunner().invoke(check_command, [*arguments, "--quiet"], env=TERMINAL)
    assert piped.exit_code == terminal.exit_code
    assert piped.stderr == quiet.stderr == ""
    assert "checking cases" in terminal.stderr
