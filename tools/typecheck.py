"""Run ``mypy --strict`` on the ``fourhundred`` namespace as it is installed.

setuptools maps the top-level folders ``spec/``, ``reference/`` and
``conformance/`` into ``fourhundred.*``; mypy cannot follow that mapping, so
this script lays out a temporary view of symlinks with the installed shape and
checks it. Exit status is mypy's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPPING = {"spec": "spec", "reference": "reference", "conformance": "conformance"}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="fourhundred-typecheck-") as tmp:
        view = Path(tmp) / "fourhundred"
        view.mkdir()
        for entry in (ROOT / "fourhundred").iterdir():
            if entry.name != "__pycache__":
                os.symlink(entry, view / entry.name)
        for name, folder in MAPPING.items():
            os.symlink(ROOT / folder, view / name)
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "mypy",
                "--config-file",
                str(ROOT / "pyproject.toml"),
                "-p",
                "fourhundred",
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
