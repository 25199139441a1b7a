"""Whole games for the fuzzer read as plans to shrink them by, and changed to probe them.

The games themselves are drawn by the input layer
(:mod:`fourhundred.conformance.random_games`). For shrinking, a game is seen as
its start and a :class:`HandPlan` per hand: the deal, the bids in bidding order
(or a throw-in), the cards in play order, whether its actions name their seats.
:func:`materialize` turns plans back into legal actions from a start, *repairing*
what no longer fits (a bid below the bidder's new minimum is raised, a card that
cannot be played is replaced by the lowest legal one), and putting the rejected
actions back where they stood among the hand's accepted ones, so the shrinker may
drop a hand, simplify a deal or change the start position and still send a game
whose legal actions a conforming engine must accept. The probes (:func:`rotated`,
:func:`team_alone`, :func:`seated_input`) are the same game changed to ask what a
wrong end hinges on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.kinds import start_of
from fourhundred.conformance.random_games import actor, position_state, reachable
from fourhundred.reference import engine
from fourhundred.reference.actions import (
    Action,
    Bid,
    Deal,
    NotationError,
    Play,
    ThrowIn,
    by_seat,
    parse_action,
)
from fourhundred.reference.engine import GameState, Phase, Reference
from fourhundred.reference.notation import to_notation
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import Rules

Json = dict[str, Any]

Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]

#: The simplest deal: North all the clubs, West the diamonds, South the hearts, East the spades.
SORTED_DEAL: Hands = (FULL_DECK[0:13], FULL_DECK[13:26], FULL_DECK[26:39], FULL_DECK[39:52])


def stands(rules: Rules, kind: str, data: Mapping[str, Any]) -> bool:
    """Whether an input starts where a game can stand
    (:func:`~fourhundred.conformance.random_games.reachable`): a whole
    game's start, a game_outcome's scores before its hand; other kinds always."""
    if kind == "game_outcome":
        scores, target = data.get("scores"), data.get("target_in_force")
        if not isinstance(scores, list) or not isinstance(target, int):
            return True
        return reachable(rules, scores, target)
    if kind != "whole_game":
        return True
    try:
        start = start_state(rules, data)
    except (NotationError, KeyError, TypeError, ValueError):
        return True
    return reachable(rules, start.scores, start.target_in_force)


# ----------------------------------------------------------------------
# Plans: reading a game, and writing one back
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class HandPlan:
    """One hand of a game: its deal, its bids in bidding order, its cards in play order."""

    deal: Hands
    bids: tuple[int | None, ...]  # None: the dealer throws in
    plays: tuple[str, ...]
    #: Rejected actions kept in place: (accepted actions of the hand before it, text).
    extras: tuple[tuple[int, str], ...] = ()
    #: Whether its accepted actions name their seat (``W: bid 3``).
    seated: bool = False


def start_state(rules: Rules, data: Mapping[str, Any]) -> GameState:
    """Where a whole_game input starts (:func:`fourhundred.conformance.kinds.start_of`,
    by the reference itself); ``NotationError`` for a position that is none."""
    return start_of(Reference.of(rules), data)


def start_input(state: GameState) -> Json:
    """The start of an input for a state at the start of a hand: ``first_dealer`` for a
    new game (hand 1, every score 0, the variant's target), else ``position``."""
    new = engine.new_game(state.rules, state.dealer)
    fresh = (state.scores, state.target_in_force, state.hand_number) == (
        new.scores,
        new.target_in_force,
        new.hand_number,
    )
    return {"first_dealer": state.dealer} if fresh else {"position": to_notation(state)}


def plans_of(start: GameState, actions: Sequence[str]) -> list[HandPlan] | None:
    """The hand plans of a game from ``start``; each action the reference rejects is
    kept as an *extra* of its hand, at its place among the hand's accepted actions.
    None when an action does not parse."""
    state = start
    plans: list[HandPlan] = []
    deal: Hands | None = None
    bids: list[int | None] = []
    plays: list[str] = []
    extras: list[tuple[int, str]] = []
    accepted = 0
    seated = False
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
        seated = seated or action.seat is not None
        if isinstance(action, Deal):
            deal, bids, plays = new.hands, [], []
        elif isinstance(action, Bid):
            bids.append(action.value)
        elif isinstance(action, ThrowIn):
            bids.append(None)
        elif isinstance(action, Play):
            plays.append(action.card)
        if len(new.history) > len(state.history) and deal is not None:
            plans.append(HandPlan(deal, tuple(bids), tuple(plays), tuple(extras), seated))
            deal, extras, accepted, seated = None, [], 0, False
        state = new
    if deal is not None:
        plans.append(HandPlan(deal, tuple(bids), tuple(plays), tuple(extras), seated))
    elif extras and plans:
        last = plans[-1]
        tail = tuple((1 << 30, text) for _, text in extras)
        plans[-1] = HandPlan(last.deal, last.bids, last.plays, last.extras + tail, last.seated)
    return plans


def seated_input(rules: Rules, data: Mapping[str, Any]) -> Json | None:
    """The actions of a game the reference accepts, each named for the seat that makes
    it (``W: bid 3``; the dealer deals), and then the next one (the lowest legal action,
    or the sorted deal by the next dealer): asked of an implementation, it shows where
    its turn order parts from the reference's (the first action it rejects as
    ``not_your_turn``). None when the start is no position."""
    try:
        state = start_state(rules, data)
    except (NotationError, KeyError, TypeError, ValueError):
        return None
    said: list[str] = []
    for text in data.get("actions") or []:
        try:
            action = parse_action(text)
            new = engine.apply(state, action)
        except (NotationError, engine.IllegalAction):
            continue
        said.append(str(by_seat(action, actor(state))))
        state = new
    legal = engine.legal_actions(state)
    if legal:
        said.append(str(by_seat(legal[0], actor(state))))
    elif state.phase is Phase.DEAL:
        said.append(str(by_seat(Deal(SORTED_DEAL), state.dealer)))
    return {**{k: v for k, v in data.items() if k != "actions"}, "actions": said}


def hand_starts(start: GameState, actions: Sequence[str]) -> list[tuple[int, GameState]]:
    """Where each hand of a game begins: (index of its first action, the state then),
    a hand's rejected actions before its deal belonging to it."""
    state = start
    starts = [(0, start)]
    for index, text in enumerate(actions):
        try:
            new = engine.apply(state, parse_action(text))
        except (NotationError, engine.IllegalAction):
            continue
        if len(new.history) > len(state.history) and new.phase is Phase.DEAL:
            starts.append((index + 1, new))
        state = new
    return starts


class _Writer:
    """The actions of a game being re-derived, with the state after them."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.actions: list[str] = []
        self.extras: list[tuple[int, str]] = []
        self.done = 0
        self.seated = False

    def start_hand(self, plan: HandPlan) -> None:
        self.extras, self.done, self.seated = list(plan.extras), 0, plan.seated

    def take(self, action: Action) -> None:
        """The rejected actions due before it, then the action."""
        while self.extras and self.extras[0][0] <= self.done:
            self.actions.append(self.extras.pop(0)[1])
        said = by_seat(action, actor(self.state)) if self.seated else action
        self.state = engine.apply_unchecked(self.state, action)
        self.actions.append(str(said))
        self.done += 1

    def in_hand(self, number: int, phase: Phase) -> bool:
        """Whether hand ``number`` is still in ``phase``."""
        return self.state.hand_number == number and self.state.phase is phase

    def end_hand(self) -> None:
        self.actions.extend(text for _, text in self.extras)
        self.extras = []


def materialize(start: GameState, plans: Sequence[HandPlan]) -> list[str]:
    """Actions from ``start`` that follow the plans as closely as the rules allow (see
    the module docstring): the accepted ones repaired to stay legal, the rejected ones
    (extras) put back in place."""
    writer = _Writer(start)
    for plan in plans:
        if writer.state.phase is not Phase.DEAL:
            break
        number = writer.state.hand_number
        writer.start_hand(plan)
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
    extras = tuple(e for e in plan.extras if e[0] <= 4)
    return HandPlan(plan.deal, (0, 0, 0, 0), (), extras, plan.seated)


def sorted_deal(plan: HandPlan) -> HandPlan:
    """The same bids and cards wanted, on the simplest deal (:data:`SORTED_DEAL`)."""
    return HandPlan(SORTED_DEAL, plan.bids, plan.plays, plan.extras, plan.seated)


def unseated(plan: HandPlan) -> HandPlan:
    """The same hand, its actions naming no seat."""
    return HandPlan(plan.deal, plan.bids, plan.plays, plan.extras, False)


def without_extras(plan: HandPlan) -> HandPlan:
    """The same hand without its rejected actions."""
    return HandPlan(plan.deal, plan.bids, plan.plays, (), plan.seated)


def with_start(state: GameState, **changes: Any) -> GameState:
    """A start position with some of dealer, scores, target_in_force, hand_number changed."""
    fields = {
        "dealer": state.dealer,
        "scores": state.scores,
        "target_in_force": state.target_in_force,
        "hand_number": state.hand_number,
        **changes,
    }
    return position_state(
        state.rules,
        fields["dealer"],
        fields["scores"],
        fields["target_in_force"],
        fields["hand_number"],
    )


# ----------------------------------------------------------------------
# Probes: the same game, changed to ask what a wrong end hinges on
# ----------------------------------------------------------------------


def _rotated_seat(seat: int) -> int:
    """Where a seat sits once every seat moves one place back (West becomes North):
    the two teams change places, the turn order stays."""
    return (seat - 1) % 4


def rotated(rules: Rules, data: Mapping[str, Any]) -> Json | None:
    """The same game with every seat moved one place (North's cards, score and actions
    West's before), so the teams change places: the rules are the same from every seat,
    and an engine's answer must change places with them. None when the start is no
    position or an action does not parse."""
    try:
        start = start_state(rules, data)
    except (NotationError, KeyError, TypeError, ValueError):
        return None
    scores = tuple(start.scores[(seat + 1) % 4] for seat in range(4))
    moved = with_start(start, dealer=_rotated_seat(start.dealer), scores=scores)
    actions = []
    for text in data.get("actions") or []:
        try:
            action = parse_action(str(text))
        except NotationError:
            return None
        if isinstance(action, Deal):
            hands = action.hands
            action = Deal((hands[1], hands[2], hands[3], hands[0]), seat=action.seat)
        seat = None if action.seat is None else _rotated_seat(action.seat)
        actions.append(str(by_seat(action, seat)))
    return {**start_input(moved), "actions": actions}


def team_alone(rules: Rules, data: Mapping[str, Any], team: int) -> Json | None:
    """The same game with the other team's scores at the start 0, so that only ``team``
    can reach the target in the hand: whether an engine lets it win there shows how it
    judges that team alone. None when the start is no position."""
    try:
        start = start_state(rules, data)
    except (NotationError, KeyError, TypeError, ValueError):
        return None
    scores = tuple(s if seat % 2 == team else 0 for seat, s in enumerate(start.scores))
    return {**start_input(with_start(start, scores=scores)), "actions": list(data["actions"])}
