"""What the commands share: how they print to the terminal."""

from __future__ import annotations

from rich.console import Console


def console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console for a command's tables and messages: no automatic highlighting,
    long lines kept whole; ``width`` fixes the width (otherwise the terminal's)."""
    return Console(highlight=False, soft_wrap=True, stderr=stderr, width=width)
