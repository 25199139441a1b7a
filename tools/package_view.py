"""The installed shape of the ``fourhundred`` namespace, as pyproject.toml states it.

pyproject's ``[tool.setuptools] package-dir`` is the one statement of which
folder of the repository is installed as which package: the top-level folders
``spec/``, ``reference/`` and ``conformance/`` become ``fourhundred.spec``,
``fourhundred.reference`` and ``fourhundred.conformance``. Tools that find
packages by walking folders (mypy in ``tools/typecheck.py``, griffe behind the
docs' API reference) cannot follow that mapping, so they are pointed at a
*view*: a temporary folder of symlinks with the installed shape, laid out by
:func:`build_view` from the mapping read here.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

#: The namespace every package of the distribution lives in.
NAMESPACE = "fourhundred"


def package_dirs(root: Path) -> dict[str, str]:
    """pyproject's ``package-dir``: package name -> folder of the repository."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return mapping


def code_folders(root: Path) -> list[str]:
    """The folders of the repository that hold the package's code."""
    return sorted(set(package_dirs(root).values()))


def _subpackage(package: str) -> str:
    """The one-level name of a mapped subpackage (``fourhundred.spec`` -> ``spec``)."""
    head, _, name = package.partition(".")
    if head != NAMESPACE or not name or "." in name:
        raise ValueError(
            f"pyproject package-dir maps {package!r}: only {NAMESPACE} and its direct "
            f"subpackages ({NAMESPACE}.NAME) can be laid out"
        )
    return name


def build_view(root: Path, into: Path) -> Path:
    """Create ``into/fourhundred`` with the installed package shape; return ``into``."""
    mapping = package_dirs(root)
    mapped = {_subpackage(p): folder for p, folder in mapping.items() if p != NAMESPACE}
    view = into / NAMESPACE
    view.mkdir(parents=True)
    for entry in (root / mapping[NAMESPACE]).iterdir():
        if entry.name != "__pycache__" and entry.name not in mapped:
            os.symlink(entry, view / entry.name)
    for name, folder in mapped.items():
        os.symlink(root / folder, view / name)
    return into
