"""The reference engine: a whole game of 400 or 41 as immutable states and actions.

A game is a sequence of :class:`GameState` values joined by actions. Every
state has an explicit :class:`Phase`:

* ``deal``: nobody acts (``to_act`` is None); the next action is a
  :class:`Deal` of four 13-card hands, explicit or from a seed
  (:func:`deal_from_seed`). Any valid deal is legal, so :func:`legal_actions`
  is empty here.
* ``bidding``: the seats of :meth:`Rules.bidding_seats` bid in turn
  (:class:`Bid`); under ``dealer_throw_in=yes`` the dealer may instead
  :class:`ThrowIn`. After four bids, :meth:`Rules.hand_is_played` decides:
  play, or throw in (nobody scores, :meth:`Rules.next_dealer` deals).
* ``play``: 13 tricks (:class:`Play`); the dealer's right-hand neighbour
  leads first, the winner of a trick leads the next. After the 13th trick
  :meth:`Rules.hand_result` settles the hand; the game goes on (phase
  ``deal``, next dealer) or is over (phase ``game_over``).

:func:`apply` checks an action and raises :class:`IllegalAction` with a code
from :data:`ILLEGAL_ACTION_CODES`; :func:`apply_unchecked` trusts it. The
rules come from :class:`fourhundred.reference.fast.FastRules`, which the
tests hold equal to the specification.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, NamedTuple

from fourhundred.reference import shuffle
from fourhundred.reference.fast import CARD_INDEX, STRENGTH, FastRules
from fourhundred.spec.cards import (
    FULL_DECK,
    SEAT_NAMES,
    CardError,
    parse_card,
)
from fourhundred.spec.model import Result, Rules


class NotationError(ValueError):
    """Text that is not a valid action or position; the message says which part and why."""


class Phase(StrEnum):
    """What the game is waiting for."""

    DEAL = "deal"
    BIDDING = "bidding"
    PLAY = "play"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


#: Every code :class:`IllegalAction` can carry, with what it means.
ILLEGAL_ACTION_CODES: Mapping[str, str] = {
    "not_your_turn": "the action was made for a seat that is not the seat to act",
    "wrong_phase": "the action does not belong to this phase (a bid during play, a deal during bidding...)",
    "bid_below_minimum": "the bid is below the bidder's own minimum",
    "bid_above_maximum": "the bid is above the variant's largest bid",
    "card_not_in_hand": "the card is not in the hand of the player to act",
    "must_follow_suit": "the player holds the suit led and played another suit",
    "game_over": "the game is over; no action is possible",
    "bad_deal": "the deal is not four hands of 13 distinct cards making up the pack",
    "throw_in_not_allowed": (
        "only the dealer, at the dealer's turn to bid, may throw in, and only where the variant allows it"
    ),
}


class IllegalAction(ValueError):
    """An action the rules do not allow in this state."""

    def __init__(self, code: str, message: str) -> None:
        if code not in ILLEGAL_ACTION_CODES:
            raise AssertionError(f"unknown illegal-action code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


# ----------------------------------------------------------------------
# Actions
# ----------------------------------------------------------------------

Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def _sorted_cards(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_INDEX.__getitem__))


def _seat_prefix(seat: int | None) -> str:
    """``"W: "`` for an action made by West; nothing for an action that names no seat."""
    return "" if seat is None else f"{SEAT_NAMES[seat]}: "


@dataclass(frozen=True)
class Deal:
    """Four hands, by seat 0-3 (N, W, S, E). Text: ``deal N:2C,3C,... W:... S:... E:...``
    (``N: deal ...`` when made by a named seat, the dealer: see :func:`parse_action`)."""

    hands: Hands
    seat: int | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        parts = [f"{SEAT_NAMES[seat]}:{','.join(self.hands[seat])}" for seat in range(4)]
        return _seat_prefix(self.seat) + "deal " + " ".join(parts)


@dataclass(frozen=True)
class Bid:
    """A bid of a number of tricks. Text: ``bid 5``, or ``W: bid 5`` when West makes it."""

    value: int
    seat: int | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        return f"{_seat_prefix(self.seat)}bid {self.value}"


@dataclass(frozen=True)
class Play:
    """A card played to the trick. Text: ``play AH``, or ``N: play AH`` when North plays it."""

    card: str
    seat: int | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        return f"{_seat_prefix(self.seat)}play {self.card}"


@dataclass(frozen=True)
class ThrowIn:
    """The dealer throws the hand in instead of bidding. Text: ``throw-in`` (``S: throw-in``)."""

    seat: int | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        return f"{_seat_prefix(self.seat)}throw-in"


Action = Deal | Bid | Play | ThrowIn


def by_seat(action: Action, seat: int | None) -> Action:
    """The same action, said to be made by ``seat`` (None: by nobody in particular)."""
    return replace(action, seat=seat)


def action_sort_key(action: Action) -> tuple[int, int]:
    """The order of :func:`legal_actions`: bids by value, then throw-in; plays in deck order."""
    if isinstance(action, Bid):
        return (1, action.value)
    if isinstance(action, ThrowIn):
        return (2, 0)
    if isinstance(action, Play):
        return (3, CARD_INDEX[action.card])
    return (0, 0)


_SEAT_LABEL = re.compile(r"([NWSE]):")


def parse_deal_hands(text: str, where: str = "deal") -> Hands:
    """Four hands from ``N:<cards> W:<cards> S:<cards> E:<cards>`` (any seat order;
    cards separated by spaces or commas). Counts are checked by :func:`apply`."""
    marks = list(_SEAT_LABEL.finditer(text))
    if not marks or text[: marks[0].start()].strip():
        raise NotationError(
            f"{where}: expected 'N:<cards> W:<cards> S:<cards> E:<cards>', got {text.strip()!r}"
        )
    hands: dict[int, tuple[str, ...]] = {}
    for k, mark in enumerate(marks):
        seat = SEAT_NAMES.index(mark.group(1))
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        if seat in hands:
            raise NotationError(f"{where}: seat {mark.group(1)} is given twice")
        tokens = [t for t in re.split(r"[\s,]+", text[mark.end() : end]) if t]
        cards = []
        for token in tokens:
            try:
                cards.append(parse_card(token))
            except CardError as error:
                raise NotationError(f"{where}, seat {mark.group(1)}: {error}") from None
        hands[seat] = tuple(cards)
    missing = [SEAT_NAMES[s] for s in range(4) if s not in hands]
    if missing:
        raise NotationError(f"{where}: no hand for seat(s) {', '.join(missing)}")
    return (hands[0], hands[1], hands[2], hands[3])


_SEAT_PREFIX = re.compile(r"\s*([NWSEnwse])\s*:\s*")


def parse_action(text: str) -> Action:
    """An action from its text: ``deal N:... W:... S:... E:...``, ``bid 5``, ``play AH``, ``throw-in``.

    Any of them may start with the seat that makes it, a seat letter and a
    colon: ``W: bid 5``, ``N: play AH``, ``S: throw-in``, ``N: deal N:... W:...``
    (the dealer deals). The seat lands in the action's ``seat`` field and
    :func:`apply` holds it to the seat to act (``not_your_turn`` otherwise);
    without the prefix (``seat`` None) the action is made by whoever is to act.
    ``str(action)`` writes the prefix back (upper case, one space after the colon).

    Raises :class:`NotationError` naming what was expected.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    prefix = _SEAT_PREFIX.match(text)
    if prefix is None:
        return _parse_bare_action(text)
    if not text[prefix.end() :].strip():
        raise NotationError(
            f"expected an action after the seat {prefix.group(1).upper()!r}, e.g. "
            f"'{prefix.group(1).upper()}: bid 5', got {text!r}"
        )
    seat = SEAT_NAMES.index(prefix.group(1).upper())
    return by_seat(_parse_bare_action(text[prefix.end() :]), seat)


def _parse_bare_action(text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    stripped = text.strip()
    word, _, rest = stripped.partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word == "bid":
        if not re.fullmatch(r"[+-]?\d{1,3}", rest):
            raise NotationError(
                f"bid: expected 'bid <number of tricks>', e.g. 'bid 5', got {text!r}"
            )
        return Bid(int(rest))
    if word == "play":
        if not rest or " " in rest:
            raise NotationError(f"play: expected 'play <card>', e.g. 'play AH', got {text!r}")
        try:
            return Play(parse_card(rest))
        except CardError as error:
            raise NotationError(f"play: {error}") from None
    if word == "throw-in":
        if rest:
            raise NotationError(f"throw-in takes nothing after it, got {text!r}")
        return ThrowIn()
    if word == "deal":
        return Deal(parse_deal_hands(rest))
    raise NotationError(
        f"unknown action {stripped!r}: expected 'deal N:... W:... S:... E:...', 'bid N', "
        "'play CARD' or 'throw-in', optionally after the seat making it ('W: bid 5')"
    )


# ----------------------------------------------------------------------
# State
# ----------------------------------------------------------------------


class HandRecord(NamedTuple):
    """One finished hand: the scores after it, tricks and bids by seat, and whether it was played."""

    scores_after: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    bids: tuple[int | None, int | None, int | None, int | None]
    played: bool


Bids = tuple[int | None, int | None, int | None, int | None]
Four = tuple[int, int, int, int]
_NO_HANDS: Hands = ((), (), (), ())
_NO_BIDS: Bids = (None, None, None, None)
_ZERO: Four = (0, 0, 0, 0)


@dataclass(frozen=True)
class GameState:
    """A position in a game (see the module docstring for the phases).

    ``hands`` hold each seat's cards in deck order; ``trick`` the cards of the
    current trick in play order, led by ``leader``; ``to_act`` is the seat to
    bid or play (None while dealing and when the game is over). ``hand_number``
    counts hands from 1, the current one (thrown-in hands count).
    """

    rules: Rules
    phase: Phase
    dealer: int
    scores: Four
    target_in_force: int
    hands: Hands = _NO_HANDS
    bids: Bids = _NO_BIDS
    to_act: int | None = None
    trick: tuple[str, ...] = ()
    leader: int | None = None
    tricks_won: Four = _ZERO
    hand_number: int = 1
    result: Result = Result.CONTINUE
    history: tuple[HandRecord, ...] = field(default=(), compare=True)

    @property
    def fast(self) -> FastRules:
        """The fast rule layer of this state's rules."""
        return FastRules.of(self.rules)


def _evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of a state with some fields changed (a faster ``dataclasses.replace``,
    for the engine's own use: the changes are trusted to be valid fields)."""
    new = object.__new__(GameState)
    fields_ = dict(state.__dict__)
    fields_.update(changes)
    object.__setattr__(new, "__dict__", fields_)
    return new


def legal_plays(hand: Sequence[str], led: str | None) -> tuple[str, ...]:
    """The cards of ``hand`` that may be played to a trick led by ``led``, in deck order:
    :func:`fourhundred.spec.cards.legal_plays` with a table for the order
    (``tests/test_reference_engine.py`` checks they agree)."""
    cards = sorted(hand, key=CARD_INDEX.__getitem__)
    if led is not None:
        suit = led[1]
        following = tuple(card for card in cards if card[1] == suit)
        if following:
            return following
    return tuple(cards)


def trick_winner(trick: Sequence[str]) -> int:
    """Position in play order of the card that wins a full trick (hearts trump, else the
    highest card of the suit led): :func:`fourhundred.spec.cards.trick_winner` by table."""
    strength = STRENGTH[CARD_INDEX[trick[0]] // 13]
    powers = [strength[CARD_INDEX[card]] for card in trick]
    return powers.index(max(powers))


#: One :class:`Play` per card, shared (actions are immutable).
_PLAYS: Mapping[str, Play] = {card: Play(card) for card in FULL_DECK}


def new_game(rules: Rules, first_dealer: int = 0) -> GameState:
    """The start of a game: ``first_dealer`` to deal, every score 0."""
    if first_dealer not in (0, 1, 2, 3):
        raise ValueError(f"first_dealer must be a seat 0-3, got {first_dealer!r}")
    return GameState(
        rules=rules,
        phase=Phase.DEAL,
        dealer=first_dealer,
        scores=_ZERO,
        target_in_force=rules.target,
    )


def deal_from_seed(seed: int | str, dealer: int, rules: Rules) -> Deal:
    """The deal of the documented SHA-256 shuffle (:mod:`fourhundred.reference.shuffle`)."""
    dealt = rules.deal(shuffle.shuffled_deck(seed), dealer)
    h = tuple(_sorted_cards(hand) for hand in dealt)
    return Deal((h[0], h[1], h[2], h[3]))


def commit_deal(seed: int | str, deal: Deal) -> str:
    """Commitment to a seed and its deal, published before play (hex SHA-256)."""
    return shuffle.commitment(seed, str(_canonical_deal(deal)))


def verify_commitment(
    commitment: str, seed: int | str, deal: Deal, rules: Rules | None = None, dealer: int = 0
) -> bool:
    """Whether the commitment matches the revealed seed and deal, and (given the
    rules and dealer) whether the seed really produces that deal."""
    if commit_deal(seed, deal) != commitment.strip().lower():
        return False
    if rules is not None:
        return _canonical_deal(deal) == deal_from_seed(seed, dealer, rules)
    return True


def _canonical_deal(deal: Deal) -> Deal:
    h = tuple(_sorted_cards(hand) for hand in deal.hands)
    return Deal((h[0], h[1], h[2], h[3]))


# ----------------------------------------------------------------------
# Legal actions
# ----------------------------------------------------------------------


def bid_range(state: GameState, seat: int) -> range:
    """The legal bids of a seat in this state (empty if its minimum exceeds the maximum)."""
    low = state.fast.own_minimum_bid(state.scores[seat])
    return range(low, state.rules.max_bid + 1)


def may_throw_in(state: GameState) -> bool:
    """Whether :class:`ThrowIn` is legal: bidding, the dealer to act, and the variant allows it."""
    return (
        state.phase is Phase.BIDDING
        and state.rules.dealer_may_throw_in
        and state.to_act == state.dealer
    )


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted (:func:`action_sort_key`); empty while dealing
    (any valid deal is legal) and when the game is over."""
    if state.phase is Phase.BIDDING:
        assert state.to_act is not None
        bids: list[Action] = [Bid(value) for value in bid_range(state, state.to_act)]
        if may_throw_in(state):
            bids.append(ThrowIn())
        return tuple(bids)
    if state.phase is Phase.PLAY:
        assert state.to_act is not None
        led = state.trick[0] if state.trick else None
        return tuple(_PLAYS[card] for card in legal_plays(state.hands[state.to_act], led))
    return ()


# ----------------------------------------------------------------------
# Applying actions
# ----------------------------------------------------------------------


def _check(state: GameState, action: Action, seat: int | None) -> None:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalAction(
            "game_over", f"the game is over ({state.result.name}); no {action} is possible"
        )
    actor_now = state.dealer if phase is Phase.DEAL else state.to_act
    for who in (seat, action.seat):
        if who is not None and who != actor_now:
            turn = "nobody" if actor_now is None else SEAT_NAMES[actor_now]
            name = SEAT_NAMES[who] if who in range(4) else repr(who)
            what = "to deal" if isinstance(action, Deal) else str(by_seat(action, None))
            raise IllegalAction("not_your_turn", f"{name} tried {what}; {turn} is to act")
    if action.seat is not None:
        action = by_seat(action, None)  # the seat is checked: messages quote the bare action
    if isinstance(action, Deal):
        if phase is not Phase.DEAL:
            raise IllegalAction("wrong_phase", f"cannot deal during {phase.value}")
        _check_deal(action)
        return
    if isinstance(action, Bid | ThrowIn) and phase is not Phase.BIDDING:
        raise IllegalAction("wrong_phase", f"cannot {action} during {phase.value}")
    if isinstance(action, Play) and phase is not Phase.PLAY:
        raise IllegalAction("wrong_phase", f"cannot {action} during {phase.value}")
    actor = state.to_act
    assert actor is not None
    name = SEAT_NAMES[actor]
    if isinstance(action, ThrowIn):
        if not state.rules.dealer_may_throw_in:
            raise IllegalAction("throw_in_not_allowed", f"{state.rules} has no dealer's throw-in")
        if actor != state.dealer:
            raise IllegalAction(
                "throw_in_not_allowed",
                f"only the dealer ({SEAT_NAMES[state.dealer]}) may throw in; {name} is to bid",
            )
        return
    if isinstance(action, Bid):
        value = action.value
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalAction(
                "bid_below_minimum", f"a bid is a whole number of tricks, not {value!r}"
            )
        low = state.fast.own_minimum_bid(state.scores[actor])
        if value > state.rules.max_bid:
            raise IllegalAction(
                "bid_above_maximum", f"{name} bid {value}; the largest bid is {state.rules.max_bid}"
            )
        if value < low:
            raise IllegalAction(
                "bid_below_minimum",
                f"{name} bid {value}; with a score of {state.scores[actor]} the minimum is {low}",
            )
        return
    if isinstance(action, Play):
        hand = state.hands[actor]
        if action.card not in hand:
            raise IllegalAction("card_not_in_hand", f"{name} does not hold {action.card!r}")
        led = state.trick[0] if state.trick else None
        if action.card not in legal_plays(hand, led):
            assert led is not None
            raise IllegalAction(
                "must_follow_suit",
                f"{name} played {action.card} to a {led[1]} lead while holding "
                f"{', '.join(c for c in hand if c[1] == led[1])}",
            )
        return
    raise IllegalAction("wrong_phase", f"{action!r} is not an action")


def _check_deal(deal: Deal) -> None:
    hands = deal.hands
    if not isinstance(hands, tuple | list) or len(hands) != 4:
        raise IllegalAction("bad_deal", "a deal is four hands, one per seat N, W, S, E")
    seen: dict[str, str] = {}
    for seat, hand in enumerate(hands):
        if len(hand) != 13:
            raise IllegalAction("bad_deal", f"{SEAT_NAMES[seat]} has {len(hand)} cards, not 13")
        for card in hand:
            if card not in shuffle_deck_set:
                raise IllegalAction(
                    "bad_deal", f"{card!r} in {SEAT_NAMES[seat]}'s hand is not a card"
                )
            if card in seen:
                raise IllegalAction(
                    "bad_deal", f"{card} is dealt twice (to {seen[card]} and {SEAT_NAMES[seat]})"
                )
            seen[card] = SEAT_NAMES[seat]


shuffle_deck_set = frozenset(FULL_DECK)


def apply(state: GameState, action: Action, seat: int | None = None) -> GameState:
    """The state after a legal action; raises :class:`IllegalAction` otherwise.

    ``seat``, when given, is who makes the action: it must be the seat to act
    (while dealing, the dealer), else the code is ``not_your_turn``. The
    action's own ``seat`` (the ``W:`` prefix of its text) is held to the same
    rule.
    """
    _check(state, action, seat)
    return apply_unchecked(state, action)


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The state after an action assumed legal (no checks: garbage in, garbage out)."""
    if isinstance(action, Play):
        return _play(state, action.card)
    if isinstance(action, Bid):
        return _bid(state, action.value)
    if isinstance(action, Deal):
        first = state.fast.bidding_orders[state.dealer][0]
        h = tuple(_sorted_cards(hand) for hand in action.hands)
        return _evolve(
            state,
            phase=Phase.BIDDING,
            hands=(h[0], h[1], h[2], h[3]),
            bids=_NO_BIDS,
            to_act=first,
            trick=(),
            leader=None,
            tricks_won=_ZERO,
        )
    if isinstance(action, ThrowIn):
        return _thrown_in(state)
    raise TypeError(f"not an action: {action!r}")


def _bid(state: GameState, value: int) -> GameState:
    assert state.to_act is not None
    bids = list(state.bids)
    bids[state.to_act] = value
    new_bids: Bids = (bids[0], bids[1], bids[2], bids[3])
    order = state.fast.bidding_orders[state.dealer]
    position = order.index(state.to_act)
    if position < 3:
        return _evolve(state, bids=new_bids, to_act=order[position + 1])
    made = [b if b is not None else 0 for b in new_bids]
    if state.fast.hand_is_played(made, state.scores):
        leader = state.rules.first_leader(state.dealer)
        return _evolve(state, bids=new_bids, phase=Phase.PLAY, to_act=leader, leader=leader)
    return _thrown_in(_evolve(state, bids=new_bids))


def _thrown_in(state: GameState) -> GameState:
    record = HandRecord(state.scores, _ZERO, state.bids, False)
    return GameState(
        rules=state.rules,
        phase=Phase.DEAL,
        dealer=state.rules.next_dealer(state.dealer),
        scores=state.scores,
        target_in_force=state.target_in_force,
        hand_number=state.hand_number + 1,
        history=(*state.history, record),
    )


def _play(state: GameState, card: str) -> GameState:
    seat = state.to_act
    assert seat is not None and state.leader is not None
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    new_hands: Hands = (hands[0], hands[1], hands[2], hands[3])
    trick = (*state.trick, card)
    order = state.fast.trick_orders[state.leader]
    if len(trick) < 4:
        return _evolve(state, hands=new_hands, trick=trick, to_act=order[len(trick)])
    winner = order[trick_winner(trick)]
    won = list(state.tricks_won)
    won[winner] += 1
    tricks_won: Four = (won[0], won[1], won[2], won[3])
    if sum(tricks_won) < 13:
        return _evolve(
            state, hands=new_hands, trick=(), leader=winner, to_act=winner, tricks_won=tricks_won
        )
    bids = tuple(b if b is not None else 0 for b in state.bids)
    after, result, next_target = state.fast.hand_result(
        state.scores, bids, tricks_won, state.dealer, state.target_in_force
    )
    record = HandRecord(after, tricks_won, state.bids, True)
    if result != Result.CONTINUE:
        return _evolve(
            state,
            phase=Phase.GAME_OVER,
            hands=_NO_HANDS,
            trick=(),
            to_act=None,
            leader=None,
            scores=after,
            tricks_won=tricks_won,
            target_in_force=next_target,
            result=Result(result),
            history=(*state.history, record),
        )
    return GameState(
        rules=state.rules,
        phase=Phase.DEAL,
        dealer=state.rules.next_dealer(state.dealer),
        scores=after,
        target_in_force=next_target,
        hand_number=state.hand_number + 1,
        history=(*state.history, record),
    )


# ----------------------------------------------------------------------
# Whole games and transcripts
# ----------------------------------------------------------------------

#: A player: given the state (its seat is ``state.to_act``), returns a legal action.
Player = Callable[[GameState], Action]

OUTCOMES: Mapping[Result, str] = {
    Result.CONTINUE: "continue",
    Result.TEAM_0_WINS: "north-south",
    Result.TEAM_1_WINS: "west-east",
    Result.DRAW: "draw",
}
#: A game stopped before its end: too many hands, or a player with no legal bid.
UNFINISHED = "unfinished"
STUCK = "stuck"
TRANSCRIPT_FORMAT = "fourhundred-transcript/1"


class TranscriptError(ValueError):
    """A transcript that is not well-formed JSON of the transcript format (says where)."""


class ReplayMismatch(Exception):
    """Where a transcript first disagrees with the rules."""

    def __init__(
        self,
        hand: int,
        index: int | None,
        action: str | None,
        expected: str,
        actual: str,
        reason: str,
    ) -> None:
        self.hand = hand
        self.index = index
        self.action = action
        self.expected = expected
        self.actual = actual
        self.reason = reason
        where = f"hand {hand}" + (f", action {index} ({action!r})" if index is not None else "")
        super().__init__(f"{where}: {reason}; expected {expected}, transcript has {actual}")


@dataclass(frozen=True)
class TranscriptHand:
    """One hand of a transcript: its actions as text, the scores after it, what it decided."""

    number: int
    dealer: int
    actions: tuple[str, ...]
    scores: Four
    played: bool
    result: str
    target: int
    commitment: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "dealer": SEAT_NAMES[self.dealer],
            "actions": list(self.actions),
            "scores": list(self.scores),
            "played": self.played,
            "result": self.result,
            "target": self.target,
        }
        if self.commitment is not None:
            data["commitment"] = self.commitment
        return data


@dataclass(frozen=True)
class Transcript:
    """A whole game: variant string, seed (or None for explicit deals), every action
    as text hand by hand (:func:`parse_action`; an action may name its seat,
    ``W: bid 5``, and :func:`replay` then holds it to the seat to act), the score
    after every hand, and the outcome."""

    variant: str
    seed: str | None
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[TranscriptHand, ...]
    outcome: str
    final_scores: Four

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": TRANSCRIPT_FORMAT,
            "variant": self.variant,
            "seed": self.seed,
            "first_dealer": SEAT_NAMES[self.first_dealer],
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
            "outcome": self.outcome,
            "final_scores": list(self.final_scores),
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_json(text: str) -> Transcript:
        """Parse a transcript; :class:`TranscriptError` says what is wrong and where."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TranscriptError(f"not JSON: {error}") from None
        return Transcript.from_dict(data)

    @staticmethod
    def from_dict(data: object) -> Transcript:
        if not isinstance(data, dict):
            raise TranscriptError("a transcript is a JSON object")
        if data.get("format") != TRANSCRIPT_FORMAT:
            raise TranscriptError(
                f"'format' must be {TRANSCRIPT_FORMAT!r}, got {data.get('format')!r}"
            )
        variant = _field(data, "variant", str, "transcript")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, str | int):
            raise TranscriptError(f"'seed' must be a string, a number or null, got {seed!r}")
        first_dealer = _seat(
            _field(data, "first_dealer", str, "transcript"), "transcript.first_dealer"
        )
        players = _field(data, "players", list, "transcript")
        hands_data = _field(data, "hands", list, "transcript")
        hands = []
        for k, item in enumerate(hands_data, start=1):
            where = f"hands[{k - 1}]"
            if not isinstance(item, dict):
                raise TranscriptError(f"{where} must be an object")
            actions = _field(item, "actions", list, where)
            if not all(isinstance(a, str) for a in actions):
                raise TranscriptError(f"{where}.actions must be a list of strings")
            commitment = item.get("commitment")
            if commitment is not None and not isinstance(commitment, str):
                raise TranscriptError(f"{where}.commitment must be a string")
            hands.append(
                TranscriptHand(
                    number=_field(item, "number", int, where),
                    dealer=_seat(_field(item, "dealer", str, where), f"{where}.dealer"),
                    actions=tuple(actions),
                    scores=_four(_field(item, "scores", list, where), f"{where}.scores"),
                    played=_field(item, "played", bool, where),
                    result=_field(item, "result", str, where),
                    target=_field(item, "target", int, where),
                    commitment=commitment,
                )
            )
        return Transcript(
            variant=variant,
            seed=None if seed is None else str(seed),
            first_dealer=first_dealer,
            players=tuple(str(p) for p in players),
            hands=tuple(hands),
            outcome=_field(data, "outcome", str, "transcript"),
            final_scores=_four(
                _field(data, "final_scores", list, "transcript"), "transcript.final_scores"
            ),
        )


def _field(data: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in data:
        raise TranscriptError(f"{where}: missing field {name!r}")
    value = data[name]
    if kind is int and isinstance(value, bool):
        raise TranscriptError(f"{where}.{name} must be an integer, got {value!r}")
    if not isinstance(value, kind):
        raise TranscriptError(f"{where}.{name} must be {kind.__name__}, got {value!r}")
    return value


def _seat(text: str, where: str) -> int:
    if text not in SEAT_NAMES:
        raise TranscriptError(f"{where} must be one of N, W, S, E, got {text!r}")
    return SEAT_NAMES.index(text)


def _four(values: list[Any], where: str) -> Four:
    if len(values) != 4 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise TranscriptError(f"{where} must be four integers, got {values!r}")
    return (values[0], values[1], values[2], values[3])


def _hand_result_text(state: GameState, record: HandRecord) -> str:
    if not record.played:
        return "thrown-in"
    return OUTCOMES[state.result]


def play_game(
    rules: Rules,
    seed: int | str,
    players: Sequence[Player] | None = None,
    first_dealer: int = 0,
    max_hands: int = 1000,
    player_names: Sequence[str] | None = None,
) -> Transcript:
    """Play a whole game, every deal from the seed (hand ``k`` from seed ``"<seed>/<k>"``).

    ``players`` are four callables by seat; by default seeded uniformly random
    players. The game stops as ``unfinished`` after ``max_hands`` hands and as
    ``stuck`` if a player has no legal action (an own minimum above 13).
    """
    if players is None:
        from fourhundred.reference.players import RandomPlayer

        players = [RandomPlayer(f"{seed}/player/{seat}") for seat in range(4)]
        player_names = player_names or ["random"] * 4
    if len(players) != 4:
        raise ValueError(f"a game needs four players, got {len(players)}")
    names = tuple(player_names or [getattr(p, "name", type(p).__name__) for p in players])
    state = new_game(rules, first_dealer)
    hands: list[TranscriptHand] = []
    outcome = UNFINISHED
    while state.phase is not Phase.GAME_OVER and state.hand_number <= max_hands:
        number, dealer = state.hand_number, state.dealer
        deal = deal_from_seed(shuffle.hand_seed(seed, number), dealer, rules)
        actions = [str(deal)]
        commitment = commit_deal(shuffle.hand_seed(seed, number), deal)
        state = apply(state, deal)
        stuck = False
        while state.hand_number == number and state.phase is not Phase.GAME_OVER:
            assert state.to_act is not None
            if not legal_actions(state):
                stuck = True
                break
            action = players[state.to_act](state)
            state = apply(state, action, seat=state.to_act)
            actions.append(str(action))
        if stuck:
            outcome = STUCK
            hands.append(
                TranscriptHand(
                    number=number,
                    dealer=dealer,
                    actions=tuple(actions),
                    scores=state.scores,
                    played=False,
                    result=STUCK,
                    target=state.target_in_force,
                    commitment=commitment,
                )
            )
            break
        record = state.history[-1]
        hands.append(
            TranscriptHand(
                number=number,
                dealer=dealer,
                actions=tuple(actions),
                scores=record.scores_after,
                played=record.played,
                result=_hand_result_text(state, record),
                target=state.target_in_force,
                commitment=commitment,
            )
        )
    if state.phase is Phase.GAME_OVER:
        outcome = OUTCOMES[state.result]
    return Transcript(
        variant=str(rules),
        seed=str(seed),
        first_dealer=first_dealer,
        players=names,
        hands=tuple(hands),
        outcome=outcome,
        final_scores=state.scores,
    )


def _is_over(state: GameState) -> bool:
    return state.phase is Phase.GAME_OVER


def replay(transcript: Transcript) -> GameState:
    """Replay a transcript step by step, checking every deal, action, score and the outcome.

    Raises :class:`ReplayMismatch` at the first disagreement and
    :class:`TranscriptError` for text that cannot be read (an unknown variant,
    an action that does not parse).
    """
    from fourhundred.spec.registry import VariantError, load

    try:
        rules = load(transcript.variant)
    except VariantError as error:
        raise TranscriptError(f"transcript.variant: {error}") from None
    state = new_game(rules, transcript.first_dealer)
    for k, hand in enumerate(transcript.hands, start=1):
        if state.phase is Phase.GAME_OVER:
            raise ReplayMismatch(
                k,
                None,
                None,
                f"no hand {k} (the game ended: {OUTCOMES[state.result]})",
                f"hand {k}",
                "game over",
            )
        if hand.number != state.hand_number:
            raise ReplayMismatch(
                k, None, None, f"hand number {state.hand_number}", str(hand.number), "hand number"
            )
        if hand.dealer != state.dealer:
            raise ReplayMismatch(
                k,
                None,
                None,
                f"dealer {SEAT_NAMES[state.dealer]}",
                SEAT_NAMES[hand.dealer],
                "wrong dealer",
            )
        for index, text in enumerate(hand.actions, start=1):
            try:
                action = parse_action(text)
            except NotationError as error:
                raise TranscriptError(f"hand {k}, action {index}: {error}") from None
            if state.hand_number != hand.number or _is_over(state):
                raise ReplayMismatch(
                    k, index, text, "the end of the hand", text, "action after the hand ended"
                )
            if index == 1 and isinstance(action, Deal) and transcript.seed is not None:
                hand_seed = shuffle.hand_seed(transcript.seed, hand.number)
                expected_deal = deal_from_seed(hand_seed, state.dealer, rules)
                if _canonical_deal(action) != expected_deal:
                    raise ReplayMismatch(
                        k,
                        index,
                        text,
                        str(expected_deal),
                        str(action),
                        f"the deal is not the one seed {hand_seed!r} gives",
                    )
                if hand.commitment is not None and not verify_commitment(
                    hand.commitment, hand_seed, action
                ):
                    raise ReplayMismatch(
                        k,
                        index,
                        text,
                        commit_deal(hand_seed, action),
                        hand.commitment,
                        "the deal commitment does not match",
                    )
            try:
                state = apply(state, action)
            except IllegalAction as error:
                legal = ", ".join(str(a) for a in legal_actions(state)) or "a deal"
                raise ReplayMismatch(
                    k, index, text, f"one of: {legal}", text, f"illegal ({error})"
                ) from None
        if hand.result == STUCK:
            if k != len(transcript.hands) or transcript.outcome != STUCK:
                raise TranscriptError(
                    f"hands[{k - 1}]: only the last hand of a 'stuck' game can be 'stuck'"
                )
            if state.phase is not Phase.BIDDING or legal_actions(state):
                legal = ", ".join(str(a) for a in legal_actions(state))
                raise ReplayMismatch(
                    k,
                    len(hand.actions) + 1,
                    None,
                    f"another action ({legal})",
                    "stuck",
                    "the player is not stuck",
                )
            return state
        if state.hand_number == hand.number and state.phase is not Phase.GAME_OVER:
            legal = ", ".join(str(a) for a in legal_actions(state)) or "a deal"
            raise ReplayMismatch(
                k,
                len(hand.actions) + 1,
                None,
                f"another action ({legal})",
                "the end of the hand",
                "the hand is unfinished",
            )
        record = state.history[-1]
        if record.scores_after != hand.scores:
            raise ReplayMismatch(
                k,
                None,
                None,
                f"scores {list(record.scores_after)}",
                str(list(hand.scores)),
                "scores after the hand",
            )
        if record.played != hand.played:
            raise ReplayMismatch(
                k,
                None,
                None,
                f"played={record.played}",
                f"played={hand.played}",
                "played or thrown in",
            )
        result = _hand_result_text(state, record)
        if result != hand.result:
            raise ReplayMismatch(
                k, None, None, f"result {result!r}", repr(hand.result), "what the hand decided"
            )
        if state.target_in_force != hand.target:
            raise ReplayMismatch(
                k,
                None,
                None,
                f"target {state.target_in_force}",
                str(hand.target),
                "target in force",
            )
    outcome = OUTCOMES[state.result] if state.phase is Phase.GAME_OVER else None
    last = len(transcript.hands)
    if outcome is not None and transcript.outcome != outcome:
        raise ReplayMismatch(
            last, None, None, f"outcome {outcome!r}", repr(transcript.outcome), "outcome"
        )
    if outcome is None and transcript.outcome not in (UNFINISHED, STUCK):
        raise ReplayMismatch(
            last,
            None,
            None,
            f"outcome {UNFINISHED!r} or {STUCK!r} (the game is not over)",
            repr(transcript.outcome),
            "outcome",
        )
    if transcript.outcome == STUCK:
        raise ReplayMismatch(
            last, None, None, f"outcome {UNFINISHED!r} (nobody is stuck)", "'stuck'", "outcome"
        )
    if state.scores != transcript.final_scores:
        raise ReplayMismatch(
            last,
            None,
            None,
            f"final scores {list(state.scores)}",
            str(list(transcript.final_scores)),
            "final scores",
        )
    return state
