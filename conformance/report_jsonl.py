"""The JSON-lines report of a conformance run (``schema/report.schema.json``): a
header, a line per outcome flushed as it comes (a failure's with the conventions of
ADAPTERS.md it may come from), a footer; never ``NaN`` or ``Infinity`` (:func:`finite`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import IO, Any

from fourhundred.conformance.conventions import conventions_of
from fourhundred.conformance.runner import Outcome
from fourhundred.errors import UserError


class JsonLinesReport:
    """The streamed report: a line per outcome, flushed as it comes.

    A write that fails mid-run (a full disk) does not stop the run: the report
    stops, :attr:`failure` says why, and the command reports it at the end.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.failure: str | None = None
        try:
            self.stream: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        except OSError as error:
            raise UserError(f"--report {path}: cannot write it: {error.strerror}") from None

    def header(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "header", **data})

    def outcome(self, outcome: Outcome) -> None:
        found = conventions_of(outcome)
        extra = {"conventions": [c.id for c in found]} if found else {}
        self._line({**outcome.to_json(), **extra})

    def footer(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "footer", **data})

    def _line(self, data: Mapping[str, Any]) -> None:
        if self.failure:
            return
        try:
            self.stream.write(json_line(data) + "\n")
            self.stream.flush()
        except OSError as error:
            self.failure = f"--report {self.path}: cannot write it: {error.strerror}"

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError as error:
            self.failure = (
                self.failure or f"--report {self.path}: cannot write it: {error.strerror}"
            )


def finite(value: Any) -> Any:
    """``value`` with every non-finite float (``NaN``, ``Infinity``, which JSON
    cannot hold) replaced by its name as a string; iterative, so no nesting
    exhausts the stack."""
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if not isinstance(value, dict | list | tuple):
        return value
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(value, root, 0)]
    while stack:
        item, parent, slot = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            parent[slot] = repr(item)
        elif isinstance(item, dict):
            copy: dict[Any, Any] = dict(item)
            parent[slot] = copy
            stack.extend((child, copy, key) for key, child in item.items())
        elif isinstance(item, list | tuple):
            items = list(item)
            parent[slot] = items
            stack.extend((child, items, index) for index, child in enumerate(item))
        else:
            parent[slot] = item
    return root[0]


def json_line(data: Mapping[str, Any]) -> str:
    """One line of the JSON-lines report: strict JSON (``allow_nan=False``);
    a value nested too deeply to write is replaced by a note saying so."""
    clean = finite(dict(data))
    try:
        return json.dumps(clean, separators=(",", ":"), allow_nan=False)
    except RecursionError:
        if "actual" in clean:
            clean["actual"] = "(not written: nested too deeply)"
        return json.dumps(clean, separators=(",", ":"), allow_nan=False)
