"""A foreign-style wrong adapter (legal_plays only): with two cards left, either may be
played, in suit or not (qahwa §"Play": a player must follow suit if able, to the last
trick). Built by rewriting the reference's JSON answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def free_with_two_left(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    answer = _answer(kind, rules, data)
    if kind == "legal_plays" and len(data["hand"]) == 2:
        return {**answer, "cards": list(data["hand"])}
    return answer


adapter.reference_answer = free_with_two_left

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
