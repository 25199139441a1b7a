"""A foreign-style wrong adapter (hand_scoring only): when the bids total exactly the
table minimum, every bidder who made a bid scores one point less than the table value
(an off-by-one on the boundary of qahwa §"Bidding": the four bids must reach the
minimum). Built by rewriting the reference's JSON answers, not through its hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def off_by_one_at_minimum(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    answer = _answer(kind, rules, data)
    if kind != "hand_scoring":
        return answer
    question = {"scores": data["scores"], "bids": data["bids"]}
    minimum = _answer("table_minimum", rules, question)["minimum"]
    if sum(data["bids"]) != minimum:
        return answer
    before, after = data["scores"], answer["scores"]
    return {**answer, "scores": [a - 1 if a > b else a for a, b in zip(after, before, strict=True)]}


adapter.reference_answer = off_by_one_at_minimum

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
