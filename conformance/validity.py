"""Whether an input is valid for its kind (``<kind>_is_valid(rules, data)``): what the
shrinker may move to, and what every generated input is. Bids legal for their bidders'
scores, tricks adding to 13, a scored hand one that is played, a position one a hand can
start from. An implementation may reject invalid input, so a disagreement on it would say
nothing about the rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fourhundred.conformance.inputs import Position, fast_rules, is_valid_position
from fourhundred.reference.actions import NotationError
from fourhundred.reference.notation import from_notation
from fourhundred.spec.cards import (
    CARD_INDEX,
    TRICKS_PER_HAND,
)
from fourhundred.spec.model import Rules

# ----------------------------------------------------------------------
# Validity (what the shrinker may move to)
# ----------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _four_ints(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(_is_int(v) for v in value)


def _bids_legal(rules: Rules, bids: Sequence[int], scores: Sequence[int]) -> bool:
    fast = fast_rules(rules)
    return all(fast.bid_is_legal(b, s) for b, s in zip(bids, scores, strict=True))


def _cards_distinct(cards: Any) -> bool:
    return (
        isinstance(cards, list)
        and all(isinstance(c, str) and c in CARD_INDEX for c in cards)
        and len(set(cards)) == len(cards)
    )


def _field(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key)


def bid_value_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A bid of the variant's range, and the highest score never below the own."""
    return (
        _is_int(_field(data, "bid"))
        and _is_int(_field(data, "own_score"))
        and _is_int(_field(data, "highest_score"))
        and rules.min_bid <= data["bid"] <= rules.max_bid
        and data["highest_score"] >= data["own_score"]
    )


def legal_bids_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Any whole own score."""
    return _is_int(_field(data, "own_score"))


def table_minimum_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Four scores and four bids, each bid legal for its bidder's score."""
    return (
        _four_ints(_field(data, "scores"))
        and _four_ints(_field(data, "bids"))
        and _bids_legal(rules, data["bids"], data["scores"])
    )


def trick_winner_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Four distinct cards; a ``trump`` suit only under the house rule ``trump=turned``
    (hearts always: none, or hearts)."""
    trump = data.get("trump", "H")
    allowed = "CDHS" if rules.trump == "turned" else "H"
    return (
        _cards_distinct(_field(data, "trick"))
        and len(data["trick"]) == 4
        and isinstance(trump, str)
        and len(trump) == 1
        and trump in allowed
    )


def legal_plays_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A hand of 1-13 distinct cards, and a card led (or none) that is not in it."""
    hand, led = _field(data, "hand"), _field(data, "led")
    return (
        _cards_distinct(hand)
        and 1 <= len(hand) <= 13
        and (led is None or (led in CARD_INDEX and led not in hand))
    )


def hand_scoring_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A played hand: legal bids that are played, and tricks adding to 13."""
    scores, bids, tricks = _field(data, "scores"), _field(data, "bids"), _field(data, "tricks")
    return (
        _four_ints(scores)
        and _four_ints(bids)
        and _four_ints(tricks)
        and _bids_legal(rules, bids, scores)
        and bool(fast_rules(rules).hand_is_played(bids, scores))
        and all(t >= 0 for t in tricks)
        and sum(tricks) == TRICKS_PER_HAND
    )


def game_outcome_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A played hand (:func:`hand_scoring_is_valid`) from a valid position
    (:func:`is_valid_position`)."""
    if not hand_scoring_is_valid(rules, data):
        return False
    dealer, target = _field(data, "dealer"), _field(data, "target_in_force")
    return (
        _is_int(dealer)
        and _is_int(target)
        and is_valid_position(rules, Position((*data["scores"],), dealer, target))
    )


def whole_game_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A start (a first dealer's seat, or a ``position`` of the one-line notation) and a
    list of action strings (illegal actions are part of the game); under
    ``trump=turned``, one where some deal turns a card: a game dealt for hearts always
    is no game of turned trumps, where its every deal is ``bad_deal``."""
    actions = _field(data, "actions")
    start = (
        _is_int(_field(data, "first_dealer")) and 0 <= data["first_dealer"] <= 3
        if "position" not in data
        else _is_position(rules, data["position"])
    )
    if not (start and isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        return False
    if rules.trump != "turned":
        return True
    return any(_DEAL.match(a) and _TURN.search(a) for a in actions)


#: A deal's text (after the seat making it, if any) and its turned card.
_DEAL = re.compile(r"\s*(?:[NWSEnwse]\s*:\s*)?deal\b", re.IGNORECASE)
_TURN = re.compile(r"\sturn\s*:", re.IGNORECASE)


def _is_position(rules: Rules, text: Any) -> bool:
    """Whether a whole_game case's ``position`` is a position of the one-line notation."""
    try:
        from_notation(rules, text)
    except NotationError:
        return False
    return True
