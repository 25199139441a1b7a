"""A griffe extension: the reStructuredText roles of our docstrings, as Markdown code.

The code documents itself Sphinx-style (``:class:`~fourhundred.spec.model.Rules```,
double-backtick literals). mkdocstrings renders docstrings as Markdown, so this
turns a role into inline code with the object's short name and a double-backtick
literal into single-backtick code, before rendering.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import griffe

if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from docsgen.includes import rst_to_markdown

ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|exc|obj|const):`(~?)([^`<]+?)`")
LITERAL = re.compile(r"``([^`]+)``")


def _role(match: re.Match[str]) -> str:
    tilde, target = match.group(1), match.group(2).strip()
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


def markdown_docstring(text: str) -> str:
    """The docstring with roles and literals made Markdown."""
    text = ROLE.sub(_role, text)
    text = LITERAL.sub(r"`\1`", text)
    return fence_doctests(rst_to_markdown(text))


def fence_doctests(text: str) -> str:
    """Wrap each interactive example (``>>>`` lines and their output) in a code fence."""
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        if not in_example and line.lstrip().startswith(">>> "):
            out.extend(["", "```pycon"])
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class RstToMarkdown(griffe.Extension):
    """Rewrite every docstring once it is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
