"""What an implementation said, whether it departs from the reference, and how.

An :class:`Outcome` is what came back for one input: an answer, or the
implementation's own error, a skip, a crash, a hang or garbage — all of them
outcomes, never exceptions, so a run goes on (as in the conformance runner).

A :class:`Disagreement` names *where* the answer departs: the paths of the
output fields that differ (``scores``, ``hands[].dealer``...). Its
:attr:`Disagreement.shape` is what the shrinker keeps fixed while it
simplifies an input (kind, variant, status and those paths), so shrinking
never slides from one defect into another.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.compare import compare as one_comparator
from fourhundred.conformance.compare import first_divergence, render
from fourhundred.conformance.outcomes import Reason

Json = dict[str, Any]

#: Outcome statuses: the one outcome vocabulary, shared with the conformance runner.
#: ``ok`` carries ``result``; the others carry ``message``.
STATUSES: tuple[Reason, ...] = tuple(Reason)


@dataclass(frozen=True)
class Outcome:
    """What an implementation returned for one input; ``status`` is a
    :class:`~fourhundred.conformance.outcomes.Reason` (a string is converted, and
    one outside the vocabulary is refused)."""

    status: str
    result: Any = None
    message: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Reason(self.status))

    @staticmethod
    def ok(result: Any) -> Outcome:
        return Outcome("ok", result)


@dataclass(frozen=True)
class Disagreement:
    """How an outcome departs from the reference's answer."""

    kind: str
    variant: str
    status: str
    paths: tuple[str, ...]
    details: tuple[str, ...]
    #: Whole games: index of the action where the answers first part (None: unknown).
    position: int | None = None

    @property
    def shape(self) -> tuple[str, str, str, tuple[str, ...]]:
        """What shrinking keeps fixed: kind, variant, status, differing paths."""
        return (self.kind, self.variant, self.status, self.paths)

    def summary(self) -> str:
        """One line: where it departs and the first detail."""
        where = ", ".join(self.paths) or self.status
        first = self.details[0] if self.details else ""
        return f"{self.kind} under {self.variant}: {where}" + (f" ({first})" if first else "")


def signature(
    disagreement: Disagreement,
    shrunk_input: Mapping[str, Any],
    expected: Any = None,
    actual: Any = None,
) -> str:
    """The de-duplication key of a finding: the rule it breaks, as far as it can be told.

    Its shape (kind, variant, status, differing fields), the *classes* of the
    numbers in the shrunk input (a score as negative, 0, 1, 29, below 30, or
    from 30 on a band edge or not; a bid as small or its value from 10 up)
    and, for fields that hold words or truth values, the expected and the
    actual value. Two shrunk inputs that differ only in which seat holds the
    score of 30, or in 30 against 50, are one finding; a wrong winner and a
    wrong draw are two.
    """
    pattern = {
        "shape": list(disagreement.shape),
        "inputs": sorted(_classes(shrunk_input)) if kinds.kind(disagreement.kind).pure else [],
        "values": _word_values(disagreement.paths, expected, actual),
    }
    text = json.dumps(pattern, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _score_class(value: int) -> str:
    if value < 0:
        return "negative"
    if value in (0, 1, 29):
        return str(value)
    if value < 30:
        return "below-30"
    return "from-30" + ("-edge" if value % 10 == 0 else "")


def _classes(data: Mapping[str, Any]) -> list[str]:
    found = []
    for key, value in data.items():
        values = value if isinstance(value, list) else [value]
        for item in values:
            if not isinstance(item, int) or isinstance(item, bool):
                continue
            if key in ("bid", "bids"):
                found.append(f"bid-{item}" if item >= 10 else "bid")
            elif key in ("own_score", "highest_score", "scores"):
                found.append(f"{key}:{_score_class(item)}")
            elif key == "target_in_force":
                found.append(f"target:{item}")
    return found


def _word_values(paths: tuple[str, ...], expected: Any, actual: Any) -> list[Any]:
    values = []
    for path in paths:
        if "[" in path or "." in path:
            continue
        e = expected.get(path) if isinstance(expected, dict) else None
        a = actual.get(path) if isinstance(actual, dict) else None
        if isinstance(e, str | bool) or e is None:
            values.append([path, e, a if isinstance(a, str | bool) or a is None else "other"])
    return values


def compare(kind: str, variant: str, expected: Json, outcome: Outcome) -> Disagreement | None:
    """None when the outcome agrees with the expected answer, else how it departs.

    The differences are the one comparator's
    (:func:`fourhundred.conformance.compare.compare`: extra output fields
    ignored, sets compared in any order, strict JSON equality), cut to the
    first divergence (:func:`~fourhundred.conformance.compare.first_divergence`:
    for a whole game the earliest wrong record). A skip is not a disagreement: the implementation says it does
    not support this kind or variant.
    """
    if outcome.status == "skipped":
        return None
    if outcome.status != "ok":
        return Disagreement(kind, variant, outcome.status, (), (outcome.message[:300],))
    found = first_divergence(kind, one_comparator(kind, expected, outcome.result))
    if not found:
        return None
    paths = tuple(sorted({difference.general_path or "result" for difference in found}))
    starts = [difference.action for difference in found if difference.action is not None]
    position = min(starts) if starts else None
    details = tuple(render(difference) for difference in found)
    return Disagreement(kind, variant, "wrong", paths, details, position)
