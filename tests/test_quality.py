"""The code base is type-checked (mypy --strict) and linted (ruff)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def code_folders() -> list[str]:
    """The folders of the package's code, as pyproject's package-dir (the one statement) maps them."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return sorted(set(pyproject["tool"]["setuptools"]["package-dir"].values()))


def test_the_package_passes_mypy_strict() -> None:
    # mypy cannot follow setuptools' package-dir mapping of an editable
    # install, so it checks the package through a link view of the namespace.
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "typecheck.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_and_tests_pass_ruff() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *code_folders(), "tests", "tools", "docs"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
