"""The distribution ships every subpackage of the ``fourhundred`` namespace."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    mapping: dict[str, str] = config["package-dir"]
    listed = set(config["packages"])
    found = set()
    for name, folder in mapping.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            relative = init.parent.relative_to(base)
            parts = [p for p in relative.parts if p]
            if any(p.startswith((".", "_")) or p in {"tests", "node_modules"} for p in parts):
                continue
            candidate = ".".join([name, *parts])
            # Subfolders of mapped folders that are mapped themselves are counted once.
            if any(
                candidate.startswith(other + ".")
                for other in mapping
                if other != name and other.startswith(name)
            ):
                continue
            found.add(candidate)
    assert found <= listed, f"packages missing from pyproject: {sorted(found - listed)}"


def test_no_top_level_spec_or_reference_package_is_declared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert all(p == "fourhundred" or p.startswith("fourhundred.") for p in config["packages"])
