"""The codes an illegal action is rejected with, what each means, and the error carrying one.

The engine (:func:`fourhundred.reference.engine.apply`) rejects an action with the
code of the first of its checks the action breaks
(:data:`fourhundred.reference.engine.CHECKS`, whose order is the codes' precedence);
the one code no check gives, :data:`NOT_AN_ACTION`, is given before any of them, to
a text that is no action of the notation
(:func:`fourhundred.reference.transcript.apply_text`). The conformance suite names
these codes as the answers of its ``illegal_action`` cases, with these meanings.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The code of a text that is no action at all (read before it is judged).
NOT_AN_ACTION = "not_an_action"

#: Every code :class:`IllegalAction` can carry, with what it means.
ILLEGAL_ACTION_CODES: Mapping[str, str] = {
    "not_your_turn": "the action was made for a seat that is not the seat to act",
    "wrong_phase": "the action does not belong to this phase (a bid during play, a deal during bidding...)",
    "bid_below_minimum": "the bid is below the bidder's own minimum",
    "bid_above_maximum": "the bid is above the variant's largest bid",
    "card_not_in_hand": "the card is not in the hand of the player to act",
    "must_follow_suit": "the player holds the suit led and played another suit",
    "game_over": "the game is over; no action is possible",
    "bad_deal": (
        "the deal is not four hands of 13 distinct cards making up the pack, or its turned "
        "card is wrong (under trump=turned: none, or not the dealer's; else: any)"
    ),
    "throw_in_not_allowed": (
        "only the dealer, at the dealer's turn to bid, may throw in, and only where the variant allows it"
    ),
    NOT_AN_ACTION: (
        "the text is no action of the notation at all (e.g. 'pass': a player who does not "
        "want to bid still bids, at least the own minimum); checked before everything else"
    ),
}


class IllegalAction(ValueError):
    """An action the rules do not allow in this state: its code (one of
    :data:`ILLEGAL_ACTION_CODES`) and a message saying which rule it breaks and how."""

    def __init__(self, code: str, message: str) -> None:
        if code not in ILLEGAL_ACTION_CODES:
            raise AssertionError(f"unknown illegal-action code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
