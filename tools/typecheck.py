"""Run ``mypy --strict`` on the ``fourhundred`` namespace as it is installed.

setuptools maps the top-level folders ``spec/``, ``reference/`` and
``conformance/`` into ``fourhundred.*`` (pyproject's ``package-dir``); mypy
cannot follow that mapping, so this script checks the temporary view of
symlinks with the installed shape that :mod:`package_view` lays out from it.
Exit status is mypy's.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from package_view import NAMESPACE, build_view

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="fourhundred-typecheck-") as tmp:
        build_view(ROOT, Path(tmp))
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "mypy",
                "--config-file",
                str(ROOT / "pyproject.toml"),
                "-p",
                NAMESPACE,
            ],
            cwd=tmp,
            text=True,
            capture_output=True,
        )
        sys.stdout.write(result.stdout.replace(tmp + "/", ""))
        sys.stderr.write(result.stderr)
        return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())
