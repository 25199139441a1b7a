"""Small helpers for writing Markdown and HTML safely."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence


def esc(text: object) -> str:
    """Escape text for HTML (and for Markdown table cells)."""
    return html.escape(str(text), quote=True)


def cell(text: object) -> str:
    """Text made safe for a Markdown table cell: no pipes, no newlines, HTML escaped."""
    return esc(text).replace("|", "&#124;").replace("\n", " ")


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table. Cells are used as given (escape them with :func:`cell`)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines.extend("| " + " | ".join(str(c) for c in row) + " |" for row in rows)
    return "\n".join(lines) + "\n"


def anchor(text: str) -> str:
    """A stable HTML id from an identifier such as a variant or register id."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text.lower())


def generated_banner(what: str) -> str:
    """A note at the top of every generated page saying where it comes from."""
    return (
        f'!!! info "Generated page"\n    This page is generated at build time from {what}. '
        "Edit the code, not this page.\n\n"
    )
