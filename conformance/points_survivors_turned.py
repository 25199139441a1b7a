"""Rule points grown from the engine's survivors under a turned trump (the house rule
``trump=turned``: the dealer turns one of their own cards and its suit is the hand's
trump, :meth:`~fourhundred.spec.model.Rules.turned_card`), with the whole games that
kill them.

The fuzz step of the survivors' classification (:mod:`fourhundred.fuzz.survivor_step`)
found them: ``reference/engine.py`` judging a deal's turned card (``_bad_turn``: the
trump test or the turn test inverted, the dealer's hand test dropped) and reading the
hand's trump from the turned card (``GameState.trump``: another character of the
card). Every one shows only in a whole game under a rule set whose trump is turned,
and the suite played none there: its pure cases of that rule set never deal.

The family (:func:`points`, under every rule set whose trump is turned): the deal
judged wrong in each plausible way (a deal that turns no card accepted, one that turns
another seat's card accepted, the dealer's own turned card refused) and the hand
played with hearts as trumps though a card is turned. Its cases (:func:`cases`): for
each first dealer, a new game (no position: every engine gets them) whose first deal
is offered without a turned card, then turning the next seat's card, then turning a
card of the dealer's own that is not a heart, and whose hand is then played out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fourhundred.conformance import coverage, kinds
from fourhundred.conformance.games import policy_card
from fourhundred.conformance.mutants import check_of, judging
from fourhundred.conformance.points_base import Point, cite, rule_set_point
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import Bid, Deal, Play
from fourhundred.reference.engine import GameState, Phase, Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import TRUMP_SUIT
from fourhundred.spec.model import Rules

Json = dict[str, Any]

#: The engine's rule for a deal (:data:`~fourhundred.reference.engine.CHECKS`).
_BAD_DEAL = check_of("bad_deal").rule
#: The bid each seat makes in the family's games, within its legal bids: the hand is
#: played (the table minimum reached), not thrown in.
_BID = 4


def applies(rules: Rules) -> bool:
    """Whether the family applies: the dealer turns a card."""
    return rules.trump == "turned"


def _whole(deal: Deal, dealer: int) -> bool:
    """Whether ``deal`` has four hands and the dealer holds a card (a deal the engine
    can judge by its turned card)."""
    hands = deal.hands
    return isinstance(hands, tuple | list) and len(hands) == 4 and bool(hands[dealer])


def _no_turn_accepted(state: GameState, deal: Deal, dealer: int) -> str | None:
    """The deal rule that accepts a deal turning no card as if the dealer turned one."""
    if applies(state.rules) and deal.turned is None and _whole(deal, dealer):
        deal = Deal(deal.hands, deal.hands[dealer][0])
    return _BAD_DEAL(state, deal, dealer)


def _other_turn_accepted(state: GameState, deal: Deal, dealer: int) -> str | None:
    """The deal rule that accepts any turned card, the dealer's or another seat's."""
    if applies(state.rules) and deal.turned is not None and _whole(deal, dealer):
        deal = Deal(deal.hands, deal.hands[dealer][0])
    return _BAD_DEAL(state, deal, dealer)


def _own_turn_refused(state: GameState, deal: Deal, dealer: int) -> str | None:
    """The deal rule that refuses a turned card, even the dealer's own (as where hearts
    are trumps)."""
    found = _BAD_DEAL(state, deal, dealer)
    if found is None and deal.turned is not None:
        return f"no card is turned; the deal turned {deal.turned}"
    return found


class _HeartsThoughTurned(FastRules):
    """Hearts are trumps though the dealer turned a card of another suit."""

    def trump_suit(self, turned_suit: str | None) -> str:
        return TRUMP_SUIT


#: (point name, its description, the mutant's hooks)
READINGS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    (
        "turned/no-turn-accepted",
        "a deal that turns no card is accepted",
        {"checks": judging("bad_deal", _no_turn_accepted)},
    ),
    (
        "turned/other-seat-turn-accepted",
        "a deal that turns a card of another seat than the dealer is accepted",
        {"checks": judging("bad_deal", _other_turn_accepted)},
    ),
    (
        "turned/own-turn-refused",
        "the dealer's own turned card is refused",
        {"checks": judging("bad_deal", _own_turn_refused)},
    ),
    (
        "turned/hearts-trumps",
        "the hand is played with hearts as trumps, not the turned card's suit",
        {"fast": _HeartsThoughTurned},
    ),
)


def points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    """The family's points under one rule set (none where no card is turned)."""
    rules = rule_set.rules
    if not applies(rules):
        return
    for name, description, hooks in READINGS:
        yield rule_set_point(
            rule_set,
            f"{name}/{rule_set.variant}",
            cite(rules, "trump"),
            f"not: {description}",
            f"{rule_set.variant}: {description}",
            **hooks,
        )


def turned_game(rules: Rules, first_dealer: int) -> Json:
    """The family's question for one first dealer (see the module docstring): a new
    game, its deal offered without a turned card, then turning the next seat's card,
    then turning the dealer's first card that is not a heart, and its hand played out
    (each seat bidding :data:`_BID` within its legal bids, playing the generator's
    card, :func:`~fourhundred.conformance.games.policy_card`)."""
    data: Json = {"first_dealer": first_dealer, "actions": []}
    state = kinds.start_of(Reference.of(rules), data)
    dealer = state.dealer
    deal = shuffle.deal_from_seed(f"turned/{rules}/{first_dealer}", dealer, rules)
    own = next(card for card in deal.hands[dealer] if card[1] != TRUMP_SUIT)
    other = deal.hands[(dealer + 1) % 4][0]
    actions = [str(Deal(deal.hands)), str(Deal(deal.hands, other))]
    chosen = Deal(deal.hands, own)
    actions.append(str(chosen))
    state = engine.apply(state, chosen)
    while state.phase is Phase.BIDDING:
        bids = [a for a in engine.legal_actions(state) if isinstance(a, Bid)]
        bid = min(bids, key=lambda a: abs(int(a.value) - _BID))
        actions.append(str(bid))
        state = engine.apply(state, bid)
    while state.phase is Phase.PLAY and state.history == ():
        card = policy_card(state)
        actions.append(f"play {card}")
        state = engine.apply(state, Play(card))
    data["actions"] = actions
    return data


def cases() -> list[Json]:
    """The killing cases under every rule set where the family applies: a
    :func:`turned_game` for each first dealer (each answer the reference engine's)."""
    found: list[Json] = []
    entry = kinds.kind("whole_game")
    for rule_set in coverage.all_rule_sets():
        rules = rule_set.rules
        if not applies(rules):
            continue
        for first_dealer in range(4):
            data = turned_game(rules, first_dealer)
            found.append(
                coverage.make_case(
                    "",
                    "whole_game",
                    rules,
                    data,
                    entry.spec_answer(rules, data),
                    "a turned trump: a deal turning no card and one turning another seat's "
                    "card are rejected, the dealer's own turned card accepted, and the hand "
                    "played with its suit as trumps (not: "
                    + "; ".join(description for _, description, _ in READINGS)
                    + ")",
                )
            )
    return found
