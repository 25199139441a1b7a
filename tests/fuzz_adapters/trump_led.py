"""A foreign-style wrong adapter (trick_winner only): when a heart (trump) leads, the
highest rank of any suit wins the trick, the first played of equal ranks (pagat
§"Play": the highest trump wins, else the highest card of the suit led). Built by
rewriting the reference's JSON answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance import adapter
from fourhundred.spec.model import Rules

_answer = adapter.reference_answer
RANKS = "23456789TJQKA"


def any_suit_when_trump_led(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    answer = _answer(kind, rules, data)
    trick = data.get("trick") or []
    if kind != "trick_winner" or not trick or trick[0][1] != "H":
        return answer
    ranks = [RANKS.index(card[0]) for card in trick]
    return {**answer, "winner": ranks.index(max(ranks))}


adapter.reference_answer = any_suit_when_trump_led

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
