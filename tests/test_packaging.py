"""The distribution ships every subpackage of the ``fourhundred`` namespace."""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

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


@pytest.fixture(scope="module")
def package_view() -> Iterator[ModuleType]:
    """``tools/package_view.py``, the link view mypy and the docs' API reference use."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        yield importlib.import_module("package_view")
    finally:
        sys.path.remove(str(ROOT / "tools"))


def test_the_link_view_has_every_listed_package_where_it_is_installed(
    package_view: ModuleType, tmp_path: Path
) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    view = package_view.build_view(ROOT, tmp_path)
    for package in config["packages"]:
        assert (view.joinpath(*package.split(".")) / "__init__.py").is_file(), package
    for package, folder in config["package-dir"].items():
        init = view.joinpath(*package.split(".")) / "__init__.py"
        assert init.resolve() == (ROOT / folder / "__init__.py").resolve(), package


def test_a_nested_mapping_the_view_cannot_lay_out_is_refused(
    package_view: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.setuptools]\npackage-dir = { "fourhundred" = "fourhundred", '
        '"fourhundred.a.b" = "b" }\n'
    )
    with pytest.raises(ValueError, match=r"maps 'fourhundred\.a\.b': only fourhundred and its"):
        package_view.build_view(tmp_path, tmp_path / "view")
