"""A foreign-style wrong adapter (whole games only): under ``both_qualify=raise_target``
(arab3meyeh §"Scoring") a raised target is reported one hand late: each hand's record
names the target in force of the hand before. Built by rewriting the reference's JSON
answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.conformance.kinds import start_of
from fourhundred.reference.engine import Reference
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def one_hand_late(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    answer = _answer(kind, rules, data)
    if kind != "whole_game" or not answer.get("hands"):
        return answer
    previous = start_of(Reference.of(rules), data).target_in_force
    hands = []
    for record in answer["hands"]:
        hands.append({**record, "target_in_force": previous})
        previous = record["target_in_force"]
    return {**answer, "hands": hands}


adapter.reference_answer = one_hand_late

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
