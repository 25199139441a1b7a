"""The code base is type-checked (mypy --strict) and linted (ruff)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = ["fourhundred", "spec", "reference", "conformance"]


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
        [sys.executable, "-m", "ruff", "check", *CODE, "tests", "tools", "docs"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
