"""The API reference: one page per module of the installed namespace.

setuptools maps the folders ``spec/``, ``reference/`` and ``conformance/`` into
``fourhundred.*``; griffe (behind mkdocstrings) finds packages by walking
folders, so it cannot follow that mapping. As for mypy, the build lays out the
link view of ``tools/package_view.py`` (the installed shape, read from
pyproject's ``package-dir``), points the handler at it, and lists its modules
here.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Modules left out of the reference: the command-line plumbing.
SKIPPED = ("fourhundred.__main__", "fourhundred.cli", "fourhundred.commands")


def _module_name(view: Path, path: Path) -> str:
    parts = list(path.relative_to(view).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["fourhundred", *parts])


def modules(view_root: Path) -> list[str]:
    """Every documented module name under the view, packages before their modules."""
    view = view_root / "fourhundred"
    names = []
    for dirpath, dirnames, filenames in os.walk(view, followlinks=True):
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(("_", ".")) and (Path(dirpath, d, "__init__.py")).exists()
        )
        for filename in sorted(filenames):
            if not filename.endswith(".py"):
                continue
            if filename.startswith("_") and filename != "__init__.py":
                continue
            name = _module_name(view, Path(dirpath, filename))
            if any(name == s or name.startswith(s + ".") for s in SKIPPED):
                continue
            names.append(name)
    return sorted(set(names), key=lambda n: (n.split(".")[:-1], n))


def page_path(module: str) -> str:
    """Where a module's API page lives in the site sources."""
    return f"api/{module}.md"


def module_page(module: str) -> str:
    """A page that asks mkdocstrings to render one module (not its submodules)."""
    return f"# `{module}`\n\n::: " + module + "\n    options:\n      show_submodules: false\n"


def index_page(names: list[str]) -> str:
    """The API reference landing page."""
    lines = ["# Python API reference\n\n"]
    lines.append(
        "Generated at build time by [mkdocstrings](https://mkdocstrings.github.io/) from the "
        "docstrings of the installed package. The rules themselves live in "
        "[`fourhundred.spec.model`](fourhundred.spec.model.md): the methods of `Rules` *are* "
        "the rules, and every page of this site is computed from them.\n\n"
    )
    for name in names:
        depth = name.count(".") - 1
        lines.append("    " * depth + f"- [`{name}`]({name}.md)\n")
    return "".join(lines)
