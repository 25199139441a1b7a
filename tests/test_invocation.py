"""Printed commands start with the command as it was invoked."""

from __future__ import annotations

from pathlib import Path

from fourhundred.invocation import program


def test_python_dash_m_is_repeated_with_the_same_interpreter() -> None:
    main = str(Path("/somewhere/site-packages/fourhundred/__main__.py"))
    assert program(main, "/venv/bin/python") == ["/venv/bin/python", "-m", "fourhundred"]


def test_a_console_script_run_by_its_path_is_repeated_by_its_absolute_path(tmp_path: Path) -> None:
    script = tmp_path / "bin" / "fourhundred"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    assert program(str(script), "/python") == [str(script.absolute())]


def test_a_command_found_on_path_or_an_unknown_start_stays_bare() -> None:
    assert program("fourhundred", "/python") == ["fourhundred"]
    assert program("/usr/lib/python3/pytest", "/python") == ["fourhundred"]
