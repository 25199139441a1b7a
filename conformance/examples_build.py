"""How a hand-written case is spelled: the one shape of a case and of each
kind's input and expected answer, so that the worked examples
(:mod:`fourhundred.conformance.examples_sources`) and the reading examples
(:mod:`fourhundred.conformance.examples_readings`) are rows of data.

The fields are those of ``conformance/schema/case.json`` and of each kind's
input and answer (:mod:`fourhundred.conformance.kinds`).
"""

from __future__ import annotations

from typing import Any

Case = dict[str, Any]

#: Every seat on 0: the running scores at the start of a game.
ZERO = [0, 0, 0, 0]
#: The target of a game whose target has not been raised.
TARGET = 41


def case(
    case_id: str,
    kind: str,
    description: str,
    variants: list[str],
    rules: list[str],
    data: dict[str, Any],
    expected: dict[str, Any],
    ambiguities: list[str] | None = None,
) -> Case:
    """One case: its id is the kind, then ``case_id``; ``rules`` cite the sources."""
    return {
        "id": f"{kind}.{case_id}",
        "kind": kind,
        "description": description,
        "variants": variants,
        "rules": rules,
        "ambiguities": sorted(ambiguities or []),
        "input": data,
        "expected": expected,
    }


def value(worth: int | None, decides: bool = False) -> dict[str, Any]:
    """The answer of ``bid_value``: what the bid is worth, and whether making it decides the game."""
    return {"value": worth, "decides_game": decides}


def bid(amount: int, own: int = 0, highest: int | None = None) -> dict[str, Any]:
    """The input of ``bid_value``: a bid, the bidder's score and the highest score
    at the table (the bidder's own unless given)."""
    return {"bid": amount, "own_score": own, "highest_score": own if highest is None else highest}


def hand(bids: list[int], tricks: list[int]) -> dict[str, Any]:
    """The input of ``hand_scoring``: one hand from scores of 0, its bids and tricks taken."""
    return {"scores": ZERO, "bids": bids, "tricks": tricks}


def game(scores: list[int], bids: list[int], tricks: list[int]) -> dict[str, Any]:
    """The input of ``game_outcome``: the scores before a hand North deals, at the
    first target, with the hand's bids and tricks taken."""
    return {
        "scores": scores,
        "bids": bids,
        "tricks": tricks,
        "dealer": 0,
        "target_in_force": TARGET,
    }


def outcome(scores: list[int], result: str, target: int = TARGET) -> dict[str, Any]:
    """The answer of ``game_outcome``: the scores after the hand, the result and
    the target in force after it."""
    return {"scores": scores, "result": result, "target_in_force": target}
