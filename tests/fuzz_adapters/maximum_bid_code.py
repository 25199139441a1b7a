"""A foreign-style wrong adapter (whole games only): a bid of 13, the highest legal
bid, is rejected as ``bid_above_maximum`` (qahwa §"Bidding": bids go up to 13).
Built by rewriting the action stream: each ``bid 13`` is sent to the reference as
``bid 14``, so the game goes on as an engine that refused it would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def refuses_thirteen(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    if kind != "whole_game":
        return _answer(kind, rules, data)
    actions = [
        a[: -len("bid 13")] + "bid 14" if isinstance(a, str) and a.endswith("bid 13") else a
        for a in data["actions"]
    ]
    return _answer(kind, rules, {**data, "actions": actions})


adapter.reference_answer = refuses_thirteen

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
