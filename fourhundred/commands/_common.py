"""What the commands share: how they print to the terminal, how they check ``--kind``."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console

from fourhundred.errors import UserError


def console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console for a command's tables and messages: no automatic highlighting,
    long lines kept whole; ``width`` fixes the width (otherwise the terminal's)."""
    return Console(highlight=False, soft_wrap=True, stderr=stderr, width=width)


def check_kinds(kinds: Iterable[str]) -> None:
    """Raise :class:`UserError` naming the first of ``kinds`` (``--kind`` values)
    that is not a case kind of the conformance suite."""
    from fourhundred.conformance.kinds import UnknownKind, kind

    for name in kinds:
        try:
            kind(name)
        except UnknownKind as error:
            raise UserError(f"--kind {error}") from None
