"""A foreign-style wrong adapter (bid_value only): a bid of 13 is worth 13, its face,
not its table value (qahwa §"Scoring": 10-13 are worth 40). Built by rewriting the
reference's JSON answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def face_value(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    answer = _answer(kind, rules, data)
    if kind == "bid_value" and data["bid"] == 13 and answer["value"] is not None:
        return {**answer, "value": 13}
    return answer


adapter.reference_answer = face_value

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
