"""A wrong adapter with TWO independent bugs (whole games): a bid of 13 is rejected as
``bid_above_maximum`` (the action stream rewritten, as in ``maximum_bid_code``), and
after a thrown-in hand the deal passes to the left (the engine's throw-in replaced, as
in ``throw_in_turns_left``). Two causes: two findings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.reference import engine
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer
_thrown_in = engine._thrown_in


def turns_left(state: engine.GameState) -> engine.GameState:
    return replace(_thrown_in(state), dealer=(state.dealer + 3) % 4)


def refuses_thirteen(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    if kind != "whole_game":
        return _answer(kind, rules, data)
    actions = [
        a[: -len("bid 13")] + "bid 14" if isinstance(a, str) and a.endswith("bid 13") else a
        for a in data["actions"]
    ]
    return _answer(kind, rules, {**data, "actions": actions})


engine._thrown_in = turns_left
adapter.reference_answer = refuses_thirteen

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
