"""The one comparison of an answer with the expected one: structured differences in causal order.

:func:`compare` is total: any JSON value as the actual answer (the wrong type,
deep nesting, ``1e999``, a string where a number belongs) gives differences,
never an exception. Equality is strict JSON equality (``true`` is not ``1``;
``1`` and ``1.0`` are one number); fields a kind declares unordered
(:attr:`fourhundred.conformance.kinds.Kind.unordered`) are compared as
multisets; fields the expected answer does not have are ignored (an adapter
may report more than it is asked).

The differences come in causal order. For a pure kind, in the order of the
expected fields. For a whole game, like a perft "divide": by the action index
where they start (a wrongly accepted or rejected action at index ``i`` comes
before a hand record ending at or after ``i``), the final state last.
:func:`first_divergence` keeps the earliest wrong record (what the fuzzer
keys a finding on), :func:`first_divergences` the first wrong record of each
part (what a report shows), and :func:`render` writes one difference as a
message: the runner, ``conformance check`` and the fuzzer all use these.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from fourhundred.conformance.kinds import json_text, kind


class _Absent:
    """The value of a field that is not there."""

    def __repr__(self) -> str:
        return "ABSENT"


#: The ``expected`` or ``actual`` of a :class:`Difference` where that side has no such field.
ABSENT: Final = _Absent()


@dataclass(frozen=True)
class Difference:
    """One place where an answer departs from the expected one."""

    #: Where: ``""`` (the whole answer), ``scores``, ``hands[2].dealer``, ``final.phase``,
    #: ``rejected[5]`` (the rejection of action 5: its code, or ``None`` for accepted).
    path: str
    expected: Any
    actual: Any
    #: Whole games: the index of the action where it starts (None: not tied to one).
    action: int | None = None
    #: Whole games: the index in ``hands`` of the hand record it concerns.
    hand: int | None = None

    @property
    def general_path(self) -> str:
        """The path with its indices left out (``hands[].dealer``): what fuzz findings key on."""
        return re.sub(r"\[\d+\]", "[]", self.path)

    @property
    def record(self) -> str:
        """The part of the answer it belongs to: its path up to the first field
        inside a list entry (``hands[2]``, ``rejected[5]``, ``final``, ``scores``)."""
        return self.path.split(".", 1)[0]


def compare(kind_name: str, expected: Mapping[str, Any], actual: Any) -> tuple[Difference, ...]:
    """Every difference of ``actual`` from ``expected`` for a case of ``kind_name``, in
    causal order (empty: they agree)."""
    if not isinstance(actual, dict):
        return (Difference("", dict(expected), actual),)
    entry = kind(kind_name)
    if not entry.pure:
        return tuple(sorted(_game_differences(expected, actual), key=_causal_key))
    if all(key in actual and same(value, actual[key]) for key, value in expected.items()):
        return ()
    wanted, got = entry.canonical(dict(expected)), entry.canonical(actual)
    return tuple(_field_differences(wanted, got, ""))


def same(expected: Any, actual: Any) -> bool:
    """Strict JSON equality: ``true`` is not ``1``, ``1`` is ``1.0``; never raises."""
    kind_of = type(expected)
    if kind_of is not type(actual):
        return kind_of in _NUMBERS and type(actual) in _NUMBERS and bool(expected == actual)
    if kind_of is list:
        return len(expected) == len(actual) and all(
            same(e, a) for e, a in zip(expected, actual, strict=True)
        )
    if kind_of is dict:
        return expected.keys() == actual.keys() and all(
            same(value, actual[key]) for key, value in expected.items()
        )
    if kind_of is float and math.isnan(expected):
        return math.isnan(actual)
    return bool(expected == actual)


#: The types of a JSON number (``bool`` is not one).
_NUMBERS = frozenset({int, float})


def _field_differences(
    expected: Mapping[str, Any], actual: Mapping[str, Any], prefix: str, **where: Any
) -> Iterator[Difference]:
    for key, value in expected.items():
        path = f"{prefix}.{key}" if prefix else key
        have = actual.get(key, ABSENT)
        if have is ABSENT or not same(value, have):
            yield Difference(path, value, have, **where)


# ----------------------------------------------------------------------
# Whole games
# ----------------------------------------------------------------------

_GAME_PARTS = ("rejected", "hands", "final")


def _game_differences(
    expected: Mapping[str, Any], actual: Mapping[str, Any]
) -> Iterator[Difference]:
    for part in _GAME_PARTS:
        if part not in actual:
            yield Difference(part, expected[part], ABSENT)
    if "rejected" in actual:
        yield from _rejection_differences(expected["rejected"], actual["rejected"])
    if "hands" in actual:
        yield from _hand_differences(expected["hands"], actual["hands"])
    if "final" in actual:
        final = actual["final"]
        if isinstance(final, dict):
            yield from _field_differences(expected["final"], final, "final")
        else:
            yield Difference("final", expected["final"], final)


def _rejections(value: Any) -> dict[int, str] | None:
    """``[[index, code], ...]`` as index -> code; None when it is not such a list."""
    if not isinstance(value, list):
        return None
    found: dict[int, str] = {}
    for item in value:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and _is_index(item[0])
            and isinstance(item[1], str)
            and item[0] not in found
        ):
            return None
        found[item[0]] = item[1]
    return found


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _rejection_differences(expected: Any, actual: Any) -> Iterator[Difference]:
    wanted, got = _rejections(expected), _rejections(actual)
    if wanted is None or got is None:
        yield Difference("rejected", expected, actual)
        return
    for index in sorted(set(wanted) | set(got)):
        if wanted.get(index) != got.get(index):
            yield Difference(f"rejected[{index}]", wanted.get(index), got.get(index), action=index)


def _after(record: Any) -> int | None:
    value = record.get("after") if isinstance(record, dict) else None
    return value if _is_index(value) else None


def _hand_differences(expected: Sequence[Any], actual: Any) -> Iterator[Difference]:
    if not isinstance(actual, list):
        yield Difference("hands", list(expected), actual)
        return
    for number in range(max(len(expected), len(actual))):
        want = expected[number] if number < len(expected) else ABSENT
        have = actual[number] if number < len(actual) else ABSENT
        ends = [a for a in (_after(want), _after(have)) if a is not None]
        action = min(ends) if ends else None
        path = f"hands[{number}]"
        if isinstance(want, dict) and isinstance(have, dict):
            yield from _field_differences(want, have, path, action=action, hand=number)
        else:
            yield Difference(path, want, have, action=action, hand=number)


def _causal_key(difference: Difference) -> tuple[int, int, int, int]:
    """Earliest action first; at one action a rejection before a hand record; the
    differences tied to no action after them, the final state last."""
    if difference.path.startswith("final"):
        return (2, 0, 0, 0)
    if difference.action is None:
        return (1, 0, 0, 0)
    part = 0 if difference.path.startswith("rejected") else 1
    return (0, difference.action, part, difference.hand or 0)


def first_divergence(kind_name: str, differences: Sequence[Difference]) -> tuple[Difference, ...]:
    """Where the answers first part. For a whole game, the differences of the earliest
    wrong record (a rejection, a hand record or the final state): later departures
    follow from it. For a pure kind, every difference. The fuzzer keys findings on it."""
    if not differences or kind(kind_name).pure:
        return tuple(differences)
    first = differences[0].record
    return tuple(difference for difference in differences if difference.record == first)


def _part(difference: Difference) -> str:
    return difference.path.split("[", 1)[0].split(".", 1)[0]


def first_divergences(differences: Sequence[Difference]) -> tuple[Difference, ...]:
    """What a report shows: for a whole game, the first wrong rejection, the first
    wrong hand record (every field of it) and the final state, in causal order
    (the rest follows from them); for a pure kind, every difference."""
    firsts: dict[str, str] = {}
    kept = []
    for difference in differences:
        first = firsts.setdefault(_part(difference), difference.record)
        if first == difference.record:
            kept.append(difference)
    return tuple(kept)


def render(
    difference: Difference, actions: Sequence[Any] = (), kind_name: str | None = None
) -> str:
    """One difference as a message; ``actions`` (a whole game's input) names the action.

    With ``kind_name``, a field the kind declares unordered (a set of legal bids
    or cards) is written as what is missing and what is extra, not as both whole
    lists: ``cards: missing ["AS"], extra ["2C"]``."""
    path, expected, actual = difference.path, difference.expected, difference.actual
    if kind_name is not None and _is_set_field(kind_name, path, expected, actual):
        text = _set_text(path, expected, actual)
        if text:
            return text
    if not path:
        return f"result must be a JSON object, got {json_text(actual)}"
    if path.startswith("rejected["):
        assert difference.action is not None
        what = f"action {difference.action} {_action_text(actions, difference.action)!r}"
        if actual is None:
            return f"{what} must be rejected as {expected}, but was accepted"
        if expected is None:
            return f"{what} is legal, but was rejected as {actual}"
        return f"{what} must be rejected as {expected}, not {actual}"
    if difference.hand is not None:
        number = difference.hand + 1
        if actual is ABSENT:
            return f"hand {number} (ending at action {difference.action}) never ended"
        if expected is ABSENT:
            return f"hand {number} ended (at action {difference.action}), but the game has only {difference.hand} hands"
        where = f"hand {number} (ending at action {difference.action})"
        if "." not in path:
            return f"{where}: expected {json_text(expected)}, got {json_text(actual)}"
        field = path.split(".", 1)[1]
        return f"{where}: {field} expected {_value_text(expected)}, got {_value_text(actual)}"
    if actual is ABSENT:
        return f"missing field {path!r}"
    if path == "rejected":
        return f"rejected must be a list of [index, code] pairs, got {json_text(actual)}"
    return f"{path}: expected {_value_text(expected)}, got {_value_text(actual)}"


def _is_set_field(kind_name: str, path: str, expected: Any, actual: Any) -> bool:
    entry = kind(kind_name)
    return (
        entry.pure
        and path in entry.unordered
        and isinstance(expected, list)
        and isinstance(actual, list)
    )


def _set_text(path: str, expected: list[Any], actual: list[Any]) -> str:
    """An unordered field's difference as the multiset differences both ways
    (``""`` when there is none: the lists hold equal numbers of another type)."""
    missing, extra = _without(expected, actual), _without(actual, expected)
    if not (missing or extra):
        return ""
    parts = [
        f"missing {json_text(missing)}" if missing else "",
        f"extra {json_text(extra)}" if extra else "",
    ]
    return f"{path}: " + ", ".join(part for part in parts if part)


def _without(items: Sequence[Any], taken: Sequence[Any]) -> list[Any]:
    """``items`` less one of each of ``taken`` (a multiset difference, strict JSON equality)."""
    left = list(items)
    for item in taken:
        for index, candidate in enumerate(left):
            if same(candidate, item):
                del left[index]
                break
    return left


def _value_text(value: Any) -> str:
    return "nothing" if value is ABSENT else json_text(value)


def _action_text(actions: Sequence[Any], index: int) -> str:
    if 0 <= index < len(actions):
        text = str(actions[index])
        return text if len(text) <= 40 else text[:39] + "…"
    return "?"
