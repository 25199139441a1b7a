"""A foreign-style wrong adapter (table_minimum only): the highest score at the table is
taken by its magnitude, so a player on -35 raises the table minimum as one on 35 would
(qahwa §"Bidding": the minimum follows the highest score). Built by rewriting the
question the reference answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer


def by_magnitude(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    if kind == "table_minimum":
        return _answer(kind, rules, {**data, "scores": [abs(s) for s in data["scores"]]})
    return _answer(kind, rules, data)


adapter.reference_answer = by_magnitude

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
