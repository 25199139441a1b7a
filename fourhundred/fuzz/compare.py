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
        "inputs": sorted(_classes(shrunk_input)) if disagreement.kind != "whole_game" else [],
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


def _strictly_equal(a: Any, b: Any) -> bool:
    """JSON equality where ``true`` is not ``1`` (one number type, as in JSON)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict):
        return (
            isinstance(b, dict)
            and a.keys() == b.keys()
            and all(_strictly_equal(v, b[k]) for k, v in a.items())
        )
    if isinstance(a, list):
        return (
            isinstance(b, list)
            and len(a) == len(b)
            and all(_strictly_equal(x, y) for x, y in zip(a, b, strict=True))
        )
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and bool(a == b)


def _diff_paths(expected: Any, actual: Any, path: str, out: list[tuple[str, str]]) -> None:
    """Collect (general path, detail) for every differing leaf; indices become ``[]``."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            out.append(
                (
                    path or "result",
                    f"{path or 'result'}: expected an object, got {kinds.json_text(actual, 80)}",
                )
            )
            return
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else key
            if key not in actual:
                out.append((sub, f"missing field {sub!r}"))
            else:
                _diff_paths(value, actual[key], sub, out)
        return
    if (
        isinstance(expected, list)
        and isinstance(actual, list)
        and expected
        and isinstance(expected[0], dict)
    ):
        for index, (e, a) in enumerate(zip(expected, actual, strict=False)):
            before = len(out)
            _diff_paths(e, a, f"{path}[]", out)
            if len(out) > before:
                out[before] = (out[before][0], f"{path}[{index}]: " + out[before][1])
                return  # the first differing record says enough
        if len(expected) != len(actual):
            out.append(
                (f"{path}.length", f"{path}: expected {len(expected)} entries, got {len(actual)}")
            )
        return
    if not _strictly_equal(expected, actual):
        out.append(
            (
                path,
                f"{path}: expected {kinds.json_text(expected, 120)}, got {kinds.json_text(actual, 120)}",
            )
        )


def compare(kind: str, variant: str, expected: Json, outcome: Outcome) -> Disagreement | None:
    """None when the outcome agrees with the expected answer, else how it departs.

    Extra output fields are ignored (an adapter may say more than it is
    asked); fields holding sets (legal bids, legal plays) are compared in
    any order. A skip is not a disagreement: the implementation says it
    does not support this kind or variant.
    """
    if outcome.status == "skipped":
        return None
    if outcome.status != "ok":
        return Disagreement(kind, variant, outcome.status, (), (outcome.message[:300],))
    actual = outcome.result
    if isinstance(actual, dict) and all(
        key in actual and _strictly_equal(value, actual[key]) for key, value in expected.items()
    ):
        return None
    if isinstance(actual, dict) and kind in kinds.UNORDERED_FIELDS:
        wanted, got = kinds.normalise(kind, expected), kinds.normalise(kind, actual)
        if all(key in got and _strictly_equal(value, got[key]) for key, value in wanted.items()):
            return None
        expected, actual = wanted, got
    found: list[tuple[str, str]] = []
    _diff_paths(expected, actual, "", found)
    position = None
    if kind == "whole_game" and isinstance(actual, dict):
        first_rejection = _first_difference(expected.get("rejected"), actual.get("rejected"))
        first_hand = _first_difference(expected.get("hands"), actual.get("hands"), "after")
        found = _first_divergence(found, rejection_first=first_rejection <= first_hand)
        first = min(first_rejection, first_hand)
        position = first if 0 <= first < _NO_DIFFERENCE else None
    if not found:
        return None
    paths = tuple(sorted({path for path, _ in found}))
    return Disagreement(kind, variant, "wrong", paths, tuple(d for _, d in found), position)


def _first_divergence(
    found: list[tuple[str, str]], *, rejection_first: bool
) -> list[tuple[str, str]]:
    """For a whole game, only the earliest departure: later ones follow from it.

    A wrongly rejected (or wrongly accepted) action at index ``i`` comes before
    a hand record that ends at or after ``i`` (``rejection_first`` says which of
    the two differs first); the final state comes last.
    """
    hand_found = [item for item in found if item[0].startswith("hands")]
    rejected_found = [item for item in found if item[0] == "rejected"]
    if hand_found and rejected_found:
        return rejected_found if rejection_first else hand_found
    for group in (hand_found, rejected_found):
        if group:
            return group
    return found


#: What :func:`_first_difference` says of two lists that agree.
_NO_DIFFERENCE = 1 << 30


def _first_difference(expected: Any, actual: Any, key: str | None = None) -> int:
    """Action index of the first entry that differs, or that one list has and the
    other has not: rejections (``[index, code]``), or hand records by their ``key``
    ("after", the action that ended the hand). -1 when either side is not a list."""
    if not isinstance(expected, list) or not isinstance(actual, list):
        return -1
    for e, a in zip(expected, actual, strict=False):
        if not _strictly_equal(e, a):
            return min(_index_of(e, key), _index_of(a, key))
    if len(expected) != len(actual):
        longer = expected if len(expected) > len(actual) else actual
        return _index_of(longer[min(len(expected), len(actual))], key)
    return _NO_DIFFERENCE


def _index_of(item: Any, key: str | None = None) -> int:
    try:
        value = item[key] if key is not None else item[0]
        return int(value)
    except (TypeError, KeyError, IndexError, ValueError):
        return -1
