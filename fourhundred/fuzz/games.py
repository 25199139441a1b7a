"""Whole games for the fuzzer: realistic games to send, and plans to shrink them by.

A ``whole_game`` input is ``{first_dealer, actions}`` (see
:mod:`fourhundred.conformance.games`). :func:`random_game` plays one with the
reference's heuristic players (:class:`fourhundred.reference.players.HeuristicPlayer`):
they bid what their hands look worth, so hands are thrown in for want of the
table minimum, bids of 13 turn up now and then, and scores climb through
every band to the target the way they do at a table. Now and then an illegal
action is slipped in (a bid while dealing, a bid above the maximum, a card
out of suit) that a conforming engine must reject and carry on.

For shrinking, a game is seen as a :class:`HandPlan` per hand: the deal, the
bids in bidding order (or a throw-in), the cards in play order.
:func:`materialize` turns plans back into legal actions, *repairing* what no
longer fits (a bid below the bidder's new minimum is raised, a card that
cannot be played is replaced by the lowest legal one), and putting the
rejected actions back where they stood among the hand's accepted ones, so
the shrinker may drop a hand, simplify a deal or change the first dealer and
still send a game whose legal actions a conforming engine must accept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.games import bad_deal
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import (
    Action,
    Bid,
    Deal,
    NotationError,
    Play,
    ThrowIn,
    parse_action,
)
from fourhundred.reference.engine import GameState, Phase
from fourhundred.reference.players import HeuristicPlayer
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import Rules

Json = dict[str, Any]
Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]

#: The simplest deal: North all the clubs, West the diamonds, South the hearts, East the spades.
SORTED_DEAL: Hands = (FULL_DECK[0:13], FULL_DECK[13:26], FULL_DECK[26:39], FULL_DECK[39:52])
#: Chance per hand of slipping in an illegal action.
ILLEGAL_CHANCE = 0.08


@dataclass(frozen=True)
class HandPlan:
    """One hand of a game: its deal, its bids in bidding order, its cards in play order."""

    deal: Hands
    bids: tuple[int | None, ...]  # None: the dealer throws in
    plays: tuple[str, ...]
    #: Rejected actions kept in place: (accepted actions of the hand before it, text).
    extras: tuple[tuple[int, str], ...] = ()


def random_game(rng: random.Random, rules: Rules, max_hands: int) -> Json:
    """A whole game of at most ``max_hands`` hands by heuristic players (seeded from
    ``rng``), with a few illegal actions."""
    seed = rng.getrandbits(48)
    first_dealer = rng.randrange(4)
    boldness = rng.choice((0.03, 0.1, 0.3))
    players = [HeuristicPlayer(f"{seed}/{seat}", boldness) for seat in range(4)]
    state = engine.new_game(rules, first_dealer)
    actions: list[str] = []
    for number in range(1, max_hands + 1):
        if state.phase is Phase.GAME_OVER:
            break
        deal = shuffle.deal_from_seed(f"{seed}/{number}", state.dealer, rules)
        if rng.random() < ILLEGAL_CHANCE:
            actions.append(rng.choice(("bid 4", "play 2C", "throw-in", bad_deal(deal))))
        state = engine.apply_unchecked(state, deal)
        actions.append(str(deal))
        while state.phase in (Phase.BIDDING, Phase.PLAY) and state.hand_number == number:
            legal = engine.legal_actions(state)
            if not legal:
                return {"first_dealer": first_dealer, "actions": actions}
            if rng.random() < ILLEGAL_CHANCE / 8:
                actions.append(_illegal_action(rng, state))
            elif (
                state.to_act == state.dealer
                and not engine.may_throw_in(state)
                and rng.random() < ILLEGAL_CHANCE
            ):
                actions.append("throw-in")  # the dealer's throw-in where the variant has none
            action = players[state.to_act or 0](state)
            state = engine.apply_unchecked(state, action)
            actions.append(str(action))
    if state.phase is Phase.GAME_OVER and rng.random() < 0.3:
        actions.append(str(shuffle.deal_from_seed(f"{seed}/over", 0, rules)))  # game_over
    return {"first_dealer": first_dealer, "actions": actions}


def _illegal_action(rng: random.Random, state: GameState) -> str:
    """An action the engine must reject in ``state``: every code of the closed list turns up."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if state.phase is Phase.BIDDING:
        low = state.fast.own_minimum_bid(state.scores[seat])
        choices = [f"bid {state.rules.max_bid + 1}", f"play {hand[0]}"]
        if low > 1:
            choices.append(f"bid {low - 1}")  # bid_below_minimum
        if not engine.may_throw_in(state):
            choices.append("throw-in")  # throw_in_not_allowed
        return rng.choice(choices)
    choices = ["bid 3"]  # wrong_phase
    other = state.hands[(seat + 2) % 4]
    if other:
        choices.append(f"play {other[0]}")  # card_not_in_hand
    if state.trick:
        led = state.trick[0][1]
        off = [card for card in hand if card[1] != led]
        if off and any(card[1] == led for card in hand):
            choices.append(f"play {off[0]}")  # must_follow_suit
    return rng.choice(choices)


# ----------------------------------------------------------------------
# Plans: reading a game, and writing one back
# ----------------------------------------------------------------------


def plans_of(rules: Rules, first_dealer: int, actions: Sequence[str]) -> list[HandPlan] | None:
    """The hand plans of a game; each action the reference rejects is kept as an
    *extra* of its hand, at its place among the hand's accepted actions. None when
    an action does not parse."""
    state = engine.new_game(rules, first_dealer)
    plans: list[HandPlan] = []
    deal: Hands | None = None
    bids: list[int | None] = []
    plays: list[str] = []
    extras: list[tuple[int, str]] = []
    accepted = 0
    for text in actions:
        try:
            action = parse_action(text)
            new = engine.apply(state, action)
        except NotationError:
            return None
        except engine.IllegalAction:
            extras.append((accepted, text))
            continue
        accepted += 1
        if isinstance(action, Deal):
            deal, bids, plays = new.hands, [], []
        elif isinstance(action, Bid):
            bids.append(action.value)
        elif isinstance(action, ThrowIn):
            bids.append(None)
        elif isinstance(action, Play):
            plays.append(action.card)
        if len(new.history) > len(state.history) and deal is not None:
            plans.append(HandPlan(deal, tuple(bids), tuple(plays), tuple(extras)))
            deal, extras, accepted = None, [], 0
        state = new
    if deal is not None:
        plans.append(HandPlan(deal, tuple(bids), tuple(plays), tuple(extras)))
    elif extras and plans:
        last = plans[-1]
        tail = tuple((1 << 30, text) for _, text in extras)
        plans[-1] = HandPlan(last.deal, last.bids, last.plays, last.extras + tail)
    return plans


class _Writer:
    """The actions of a game being re-derived, with the state after them."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.actions: list[str] = []
        self.extras: list[tuple[int, str]] = []
        self.done = 0

    def start_hand(self, extras: Sequence[tuple[int, str]]) -> None:
        self.extras, self.done = list(extras), 0

    def take(self, action: Action) -> None:
        """The rejected actions due before it, then the action."""
        while self.extras and self.extras[0][0] <= self.done:
            self.actions.append(self.extras.pop(0)[1])
        self.state = engine.apply_unchecked(self.state, action)
        self.actions.append(str(action))
        self.done += 1

    def in_hand(self, number: int, phase: Phase) -> bool:
        """Whether hand ``number`` is still in ``phase``."""
        return self.state.hand_number == number and self.state.phase is phase

    def end_hand(self) -> None:
        self.actions.extend(text for _, text in self.extras)
        self.extras = []


def materialize(rules: Rules, first_dealer: int, plans: Sequence[HandPlan]) -> list[str]:
    """Actions that follow the plans as closely as the rules allow (see module docstring):
    the accepted ones repaired to stay legal, the rejected ones (extras) put back in place."""
    writer = _Writer(engine.new_game(rules, first_dealer))
    for plan in plans:
        if writer.state.phase is not Phase.DEAL:
            break
        number = writer.state.hand_number
        writer.start_hand(plan.extras)
        writer.take(Deal(plan.deal))
        bids = list(plan.bids)
        plays = list(plan.plays)
        while writer.in_hand(number, Phase.BIDDING):
            legal = engine.legal_actions(writer.state)
            if not legal:
                return writer.actions
            writer.take(_repaired_bid(writer.state, bids.pop(0) if bids else 0, legal))
        while writer.in_hand(number, Phase.PLAY):
            legal = engine.legal_actions(writer.state)
            wanted = plays.pop(0) if plays else ""
            writer.take(
                next((a for a in legal if isinstance(a, Play) and a.card == wanted), legal[0])
            )
        writer.end_hand()
    return writer.actions


def _repaired_bid(state: GameState, wanted: int | None, legal: Sequence[Action]) -> Action:
    if wanted is None:
        if any(isinstance(a, ThrowIn) for a in legal):
            return ThrowIn()
        wanted = 0
    values = [a.value for a in legal if isinstance(a, Bid)]
    if not values:
        return legal[0]
    return Bid(min(max(wanted, values[0]), values[-1]))


def thrown_in(plan: HandPlan) -> HandPlan:
    """The same deal, every bid at its minimum (repair raises them): often a throw-in."""
    return HandPlan(plan.deal, (0, 0, 0, 0), (), tuple(e for e in plan.extras if e[0] <= 4))


def sorted_deal(plan: HandPlan) -> HandPlan:
    """The same bids and cards wanted, on the simplest deal (:data:`SORTED_DEAL`)."""
    return HandPlan(SORTED_DEAL, plan.bids, plan.plays, plan.extras)
