"""Where a survivor of cosmic-ray's session lies in a module as it is now
(:func:`relocate`): the session's mutation found again by the lines its diff removes and
adds, for the classification of :mod:`fourhundred.conformance.survivors`."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any


def _changed_lines(diff: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lines a unified diff removes and those it adds (headers and context left out;
    none for a text with no hunk)."""
    lines = diff.splitlines()
    hunk = next((n for n, line in enumerate(lines) if line.startswith("@@")), len(lines))
    body = [line for line in lines[hunk:] if line[:1] in "-+"]
    return (
        tuple(line[1:] for line in body if line.startswith("-")),
        tuple(line[1:] for line in body if line.startswith("+")),
    )


@functools.cache
def positions(source: str, operator: str) -> tuple[tuple[Any, Any], ...]:
    """Every (start, end) where cosmic-ray's ``operator`` mutates ``source``, in the
    order of its occurrences (as its ``init`` counts them)."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.plugins import get_operator

    mutator = get_operator(operator)()
    return tuple(
        (tuple(start), tuple(end))
        for node in ast_nodes(get_ast(source))
        for start, end in mutator.mutation_positions(node)
    )


def _mutation_changes(source: str, operator: str, occurrence: int) -> tuple[Any, Any]:
    """The lines (removed, added) by ``operator``'s ``occurrence`` applied to ``source``."""
    import difflib

    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    mutated = mutate_code(source, get_operator(operator)(), occurrence) or source
    diff = difflib.unified_diff(source.split("\n"), mutated.split("\n"), lineterm="")
    return _changed_lines("\n".join(diff))


def _unmoved(diff: str, lines: Sequence[str]) -> bool:
    """Whether every hunk of ``diff`` reads, on its unmutated side, what ``lines`` read
    at the same line numbers (the code around the mutation has not moved)."""
    import re

    hunks = re.split(r"^@@ -(\d+)(?:,\d+)? .*$", diff, flags=re.MULTILINE)[1:]
    if not hunks:
        return False
    for first, body in zip(hunks[::2], hunks[1::2], strict=True):
        old = [line[1:] for line in body.strip("\n").split("\n") if line[:1] in " -"]
        row = int(first) - 1
        if list(lines[row : row + len(old)]) != old:
            return False
    return True


def relocate(
    source: str, operator: str, occurrence: int, start: Any, diff: str
) -> tuple[int, Any, Any] | None:
    """Where the session's mutation (``operator``'s ``occurrence``, at ``start``, whose
    diff is ``diff``) lies in ``source`` now: (occurrence, start, end) of the position
    whose mutation removes and adds the lines the diff does, the recorded occurrence
    first, then the nearest; None when none does (its code was removed since the
    session, or changed). A diff with no changed line is taken as recorded."""
    wanted = _changed_lines(diff)
    found = positions(source, operator)
    lines = source.split("\n")
    if wanted == ((), ()) or (
        occurrence < len(found) and found[occurrence][0] == tuple(start) and _unmoved(diff, lines)
    ):
        return (occurrence, *found[occurrence]) if occurrence < len(found) else None
    first = wanted[0][0] if wanted[0] else None

    def covers(position: tuple[Any, Any]) -> bool:
        rows = range(position[0][0], position[1][0] + 1)
        return first is None or any(lines[row - 1] == first for row in rows)

    nearest = sorted(
        range(len(found)), key=lambda k: (k != occurrence, abs(found[k][0][0] - start[0]))
    )
    for k in nearest:
        if covers(found[k]) and _mutation_changes(source, operator, k) == wanted:
            return (k, *found[k])
    return None
