"""The reference engine: a whole game of 400 or 41 as immutable states and actions.

A game is a sequence of :class:`GameState` values joined by actions. A state is
an ordinary frozen dataclass: its fields are its value. Every state has an
explicit :class:`Phase`, and the game goes through them as the sources tell it
(qahwa §"The deal", §"Bidding", §"Playing the tricks", §"Scoring"; pagat
§"Deal", §"Bidding", §"Play", §"Scoring"; medallon §"Gameplay"; arab3meyeh
§"Bidding", §"Game Play"):

* ``deal``: nobody acts (``to_act`` is None); the next action is the dealer's
  :class:`Deal` of four 13-card hands (:func:`fourhundred.reference.shuffle.deal_from_seed`
  from a seed), and under the house rule ``trump=turned`` the card the dealer
  turns, one of their own, whose suit is the hand's trump (``GameState.turned``).
  Any valid deal is legal, so :func:`legal_actions` is empty here.
* ``bidding``: the seats of :meth:`Rules.bidding_seats` bid in turn
  (:class:`Bid`), each at least its own minimum and at most the largest bid;
  under ``dealer_throw_in=yes`` the dealer may instead :class:`ThrowIn`. After
  four bids, :meth:`Rules.hand_is_played` decides: play, or throw in (nobody
  scores; :meth:`FastRules.next_dealer_after_throw_in` deals).
* ``play``: 13 tricks (:class:`Play`); :meth:`Rules.first_leader` leads
  first, a player follows the suit led if able (:meth:`FastRules.legal_plays`),
  the winner of a trick (:meth:`FastRules.trick_winner`) leads the next. After
  the 13th trick :meth:`Rules.hand_result` settles the hand; the game goes on
  (phase ``deal``, :meth:`Rules.next_dealer` deals) or is over (``game_over``).

:func:`apply` holds an action to the state's ordered checks (:data:`CHECKS`),
raising :class:`IllegalAction` with the code of the first it breaks (the codes
and what they mean: :mod:`fourhundred.reference.rejections`), then builds the
next state by the transitions;
:func:`apply_unchecked` trusts the action and only builds.

Every rule comes from the state's :class:`fourhundred.reference.fast.FastRules`
(``GameState.fast``, which the tests hold equal to the specification
:mod:`fourhundred.spec.model`), the card rules (follow suit, the trick's winner,
from the card table of :mod:`fourhundred.spec.cards`) and the turn order
included. A :class:`Reference` is that configuration as one value: a game
started from another one (a fast-rule variant, fewer checks) plays by it
throughout. Each state remembers its legal actions; the actions are made once.

The actions and their text are in :mod:`fourhundred.reference.actions`;
whole games, transcripts and replay in :mod:`fourhundred.reference.transcript`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from typing import Any, NamedTuple, cast

from fourhundred.reference.actions import Action, Bid, Deal, Hands, Play, ThrowIn, canonical_deal
from fourhundred.reference.fast import FastRules, winner_under
from fourhundred.reference.rejections import ILLEGAL_ACTION_CODES
from fourhundred.reference.rejections import IllegalAction as IllegalAction
from fourhundred.spec.cards import CARD_INDEX, FULL_DECK, SEAT_NAMES, TRICKS_PER_HAND
from fourhundred.spec.model import Result, Rules

# ----------------------------------------------------------------------
# The phases
# ----------------------------------------------------------------------


class Phase(StrEnum):
    """What the game is waiting for."""

    DEAL = "deal"
    BIDDING = "bidding"
    PLAY = "play"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


#: The phases as globals (the checks run on every action; an enum member costs 4 lookups).
_DEAL, _BIDDING, _PLAY, _GAME_OVER = Phase.DEAL, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER

#: The phase each kind of action belongs to.
_PHASE_OF: Mapping[type, Phase] = {Deal: _DEAL, Bid: _BIDDING, ThrowIn: _BIDDING, Play: _PLAY}


# ----------------------------------------------------------------------
# The checks, in order of precedence
# ----------------------------------------------------------------------

#: Why an action breaks one rule (a message), or None when it keeps it. A rule of
#: every action is given the seat named by ``apply`` (or None); a rule of one kind
#: of action is given an action of that kind and the seat to act (while dealing,
#: the dealer): so the action and the seat are typed by the rule itself.
Rule = Callable[["GameState", Any, Any], "str | None"]


@dataclass(frozen=True)
class Check:
    """One rule :func:`apply` holds an action to, the code it rejects with, and the
    kind of action it concerns (None: every action). A rule of one kind judges only
    the actions of that kind made in their own phase by a seat to act; any other
    action keeps it (:data:`CHECKS` explains why)."""

    code: str
    concerns: type[Action] | None
    rule: Rule

    def __post_init__(self) -> None:
        if self.code not in ILLEGAL_ACTION_CODES:
            raise ValueError(f"unknown illegal-action code {self.code!r}")

    def find(self, state: GameState, action: Action, seat: int | None) -> str | None:
        """Why ``action`` breaks this rule in ``state``, or None when it keeps it."""
        kind = self.concerns
        if kind is None:
            return self.rule(state, action, seat)
        if not isinstance(action, kind) or state.phase is not _PHASE_OF[kind]:
            return None
        actor = state.dealer if kind is Deal else state.to_act
        return None if actor is None else self.rule(state, action, actor)


def _bare(action: Action) -> Action:
    """The action without its seat (messages quote the bare action)."""
    return action if action.seat is None else replace(action, seat=None)


def _game_over(state: GameState, action: Action, seat: int | None) -> str | None:
    if state.phase is _GAME_OVER:
        return f"the game is over ({state.result.name}); no {action} is possible"
    return None


def _not_your_turn(state: GameState, action: Action, seat: int | None) -> str | None:
    actor_now = state.dealer if state.phase is _DEAL else state.to_act
    for who in (seat, action.seat):
        if who is not None and who != actor_now:
            turn = "nobody" if actor_now is None else SEAT_NAMES[actor_now]
            name = SEAT_NAMES[who] if who in range(4) else repr(who)
            what = "to deal" if isinstance(action, Deal) else str(_bare(action))
            return f"{name} tried {what}; {turn} is to act"
    return None


def _wrong_phase(state: GameState, action: Action, seat: int | None) -> str | None:
    belongs = _PHASE_OF.get(type(action))
    if belongs is None:
        return f"{_bare(action)!r} is not an action"
    if belongs is state.phase:
        return None
    what = "deal" if isinstance(action, Deal) else str(_bare(action))
    return f"cannot {what} during {state.phase.value}"


def _bad_deal(state: GameState, deal: Deal, dealer: int) -> str | None:
    hands = deal.hands
    if not isinstance(hands, tuple | list) or len(hands) != 4:
        return "a deal is four hands, one per seat N, W, S, E"
    seen: dict[str, str] = {}
    for seat_, hand in enumerate(hands):
        if len(hand) != 13:
            return f"{SEAT_NAMES[seat_]} has {len(hand)} cards, not 13"
        for card in hand:
            if card not in CARD_INDEX:
                return f"{card!r} in {SEAT_NAMES[seat_]}'s hand is not a card"
            if card in seen:
                return f"{card} is dealt twice (to {seen[card]} and {SEAT_NAMES[seat_]})"
            seen[card] = SEAT_NAMES[seat_]
    return _bad_turn(state, deal, dealer)


def _bad_turn(state: GameState, deal: Deal, dealer: int) -> str | None:
    """Why the deal's turned card is wrong: under ``trump=turned`` the dealer turns one
    of their own cards (:meth:`Rules.turned_card`); otherwise no card is turned."""
    turned = deal.turned
    if state.rules.trump != "turned":
        if turned is None:
            return None
        return f"{state.rules} turns no card (hearts are trumps); the deal turned {turned}"
    if turned is None:
        return f"under trump=turned the dealer ({SEAT_NAMES[dealer]}) turns a card: add turn:<card>"
    if turned not in deal.hands[dealer]:
        return f"the turned card {turned} is not in the dealer's ({SEAT_NAMES[dealer]}) hand"
    return None


def _throw_in_not_allowed(state: GameState, throw_in: ThrowIn, actor: int) -> str | None:
    if not state.rules.dealer_may_throw_in:
        return f"{state.rules} has no dealer's throw-in"
    if actor != state.dealer:
        return f"only the dealer ({SEAT_NAMES[state.dealer]}) may throw in; {SEAT_NAMES[actor]} is to bid"
    return None


def _whole_bid(bid: Bid) -> int | None:
    """The value of a bid that is a whole number, else None."""
    value = bid.value
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bid_above_maximum(state: GameState, bid: Bid, actor: int) -> str | None:
    value = _whole_bid(bid)
    if value is not None and value > state.rules.max_bid:
        return f"{SEAT_NAMES[actor]} bid {value}; the largest bid is {state.rules.max_bid}"
    return None


def _bid_below_minimum(state: GameState, bid: Bid, actor: int) -> str | None:
    value = _whole_bid(bid)
    if value is None:
        return f"a bid is a whole number of tricks, not {bid.value!r}"
    low = state.fast.own_minimum_bid(state.scores[actor])
    if value < low:
        score = state.scores[actor]
        return f"{SEAT_NAMES[actor]} bid {value}; with a score of {score} the minimum is {low}"
    return None


def _card_not_in_hand(state: GameState, play: Play, actor: int) -> str | None:
    if play.card not in state.hands[actor]:
        return f"{SEAT_NAMES[actor]} does not hold {play.card!r}"
    return None


def _must_follow_suit(state: GameState, play: Play, actor: int) -> str | None:
    hand = state.hands[actor]
    led = state.trick[0] if state.trick else None
    if led is None or play.card not in hand or play.card in state.fast.legal_plays(hand, led):
        return None
    holding = ", ".join(c for c in hand if c[1] == led[1])
    return f"{SEAT_NAMES[actor]} played {play.card} to a {led[1]} lead while holding {holding}"


#: Every rule :func:`apply` holds an action to, in order: the first one an
#: action breaks gives the rejection code, so this order *is* the precedence
#: of the codes when an action breaks several rules:
#:
#: 1. ``game_over``: the game is over;
#: 2. ``not_your_turn``: the seat named (``apply``'s ``seat`` or the action's
#:    ``W:`` prefix) is not the seat to act (while dealing, the dealer);
#: 3. ``wrong_phase``: a deal outside the deal, a bid or throw-in outside the
#:    bidding, a card outside the play (or no action at all);
#: 4. ``bad_deal``: the deal is not four hands of 13 distinct cards;
#: 5. ``throw_in_not_allowed``: the variant has no dealer's throw-in, or the
#:    seat to act is not the dealer;
#: 6. ``bid_above_maximum``: a whole-number bid above the variant's largest bid;
#: 7. ``bid_below_minimum``: a bid below the bidder's own minimum, or not a
#:    whole number;
#: 8. ``card_not_in_hand``: the card is not in the hand of the seat to act;
#: 9. ``must_follow_suit``: the card is not a legal play (:meth:`FastRules.legal_plays`).
#:
#: Each check looks only at its own rule (a bid check, concerning :class:`Bid`,
#: passes anything that is not a bid in the bidding), so the tuple without one
#: check is the engine that forgets that one rule (:mod:`fourhundred.conformance.mutants`).
CHECKS: tuple[Check, ...] = (
    Check("game_over", None, _game_over),
    Check("not_your_turn", None, _not_your_turn),
    Check("wrong_phase", None, _wrong_phase),
    Check("bad_deal", Deal, _bad_deal),
    Check("throw_in_not_allowed", ThrowIn, _throw_in_not_allowed),
    Check("bid_above_maximum", Bid, _bid_above_maximum),
    Check("bid_below_minimum", Bid, _bid_below_minimum),
    Check("card_not_in_hand", Play, _card_not_in_hand),
    Check("must_follow_suit", Play, _must_follow_suit),
)


# ----------------------------------------------------------------------
# The state
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
    history: tuple[HandRecord, ...] = ()
    #: The card the dealer turned this hand under the house rule ``trump=turned`` (its
    #: suit is trumps: :attr:`trump`); None while dealing, after the game, and always
    #: under hearts always (every source).
    turned: str | None = None
    #: The rules the engine applies (a fast-rule variant reaches whole games
    #: through it): by default ``FastRules.of(rules)``; its ``rules`` are ``rules``.
    fast: FastRules = field(default=cast(FastRules, None), compare=False, repr=False)
    #: The rejection checks :func:`apply` runs, in order (:data:`CHECKS`).
    checks: tuple[Check, ...] = field(default=CHECKS, compare=False, repr=False)

    def __post_init__(self) -> None:
        fast: FastRules | None = self.fast
        if fast is None:
            object.__setattr__(self, "fast", FastRules.of(self.rules))
        elif fast.rules is not self.rules and fast.rules != self.rules:
            raise ValueError(f"the fast rules are for {fast.rules}, the state's rules {self.rules}")

    @property
    def trump(self) -> str:
        """This hand's trump suit, a letter of ``CDHS`` (:meth:`FastRules.trump_suit`)."""
        return self.fast.trump_suit(None if self.turned is None else self.turned[1])


#: A player: given the state (its seat is ``state.to_act``), returns a legal action.
Player = Callable[[GameState], Action]


# ----------------------------------------------------------------------
# Legal actions
# ----------------------------------------------------------------------

#: One :class:`Play` per card, shared (actions are immutable).
_PLAYS: Mapping[str, Play] = {card: Play(card) for card in FULL_DECK}
_THROW_IN = ThrowIn()


@cache
def _bids(values: range) -> tuple[Action, ...]:
    """A :class:`Bid` of each value, in order (made once per run of values)."""
    return tuple(Bid(value) for value in values)


def bid_range(state: GameState, seat: int) -> range:
    """The legal bids of a seat in this state (empty if its minimum exceeds the maximum)."""
    low = state.fast.own_minimum_bid(state.scores[seat])
    return range(low, state.rules.max_bid + 1)


def may_throw_in(state: GameState) -> bool:
    """Whether :class:`ThrowIn` is legal: bidding, the dealer to act, and the variant allows it."""
    return (
        state.phase is _BIDDING and state.rules.dealer_may_throw_in and state.to_act == state.dealer
    )


#: Where a state remembers its legal actions: in its ``__dict__`` beside its fields,
#: as :func:`functools.cached_property` would (without the lock it takes in Python
#: 3.11 on every first use); no field, so no part of the state's value.
_LEGAL = "_legal_actions"


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted (:func:`~fourhundred.reference.actions.action_sort_key`);
    empty while dealing (any valid deal is legal) and when the game is over.
    (Computed once per state: the state keeps them.)"""
    memo = state.__dict__
    actions: tuple[Action, ...] | None = memo.get(_LEGAL)
    if actions is not None:
        return actions
    seat = state.to_act
    if state.phase is _PLAY:
        assert seat is not None
        led = state.trick[0] if state.trick else None
        actions = tuple(map(_PLAYS.__getitem__, state.fast.legal_plays(state.hands[seat], led)))
    elif state.phase is _BIDDING and seat is not None:
        bids = _bids(bid_range(state, seat))
        actions = (*bids, _THROW_IN) if may_throw_in(state) else bids
    else:
        actions = ()
    memo[_LEGAL] = actions
    return actions


# ----------------------------------------------------------------------
# Applying an action: the checks, then the transitions
# ----------------------------------------------------------------------


def apply(state: GameState, action: Action, seat: int | None = None) -> GameState:
    """The state after a legal action; raises :class:`IllegalAction` otherwise.

    ``seat``, when given, is who makes the action: it must be the seat to act
    (while dealing, the dealer), else the code is ``not_your_turn``. The
    action's own ``seat`` (the ``W:`` prefix of its text) is held to the same
    rule. The rules are the state's ``checks`` (:data:`CHECKS`, whose order is
    the codes' precedence): the first one the action breaks rejects it.
    """
    for check in state.checks:
        message = check.find(state, action, seat)
        if message is not None:
            raise IllegalAction(check.code, message)
    return apply_unchecked(state, action)


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The state after an action assumed legal (no checks: garbage in, garbage out)."""
    if isinstance(action, Play):
        return _card_played(state, action.card)
    if isinstance(action, Bid):
        return _bid_made(state, action.value)
    if isinstance(action, Deal):
        return _dealt(state, canonical_deal(action).hands, action.turned)
    if isinstance(action, ThrowIn):
        return _thrown_in(state)
    raise TypeError(f"not an action: {action!r}")


def _evolve(state: GameState, **changes: object) -> GameState:
    """``dataclasses.replace(state, **changes)`` without the constructor (a frozen
    dataclass's ``__init__`` sets 16 fields one ``object.__setattr__`` at a time, more
    than a card's rules cost): the fields as one dict, copied and changed; the fast
    rules and checks were checked when ``state`` was made; its memo stays behind."""
    fields_ = state.__dict__.copy()
    fields_.pop(_LEGAL, None)
    fields_.update(changes)
    after: GameState = object.__new__(GameState)
    object.__setattr__(after, "__dict__", fields_)
    return after


def _dealt(state: GameState, hands: Hands, turned: str | None) -> GameState:
    """The dealer has dealt ``hands`` (in deck order) and turned ``turned``: the first
    seat of :attr:`FastRules.bidding_orders` bids."""
    first = state.fast.bidding_orders[state.dealer][0]
    return _evolve(state, phase=_BIDDING, hands=hands, bids=_NO_BIDS, to_act=first,
                   trick=(), leader=None, tricks_won=_ZERO, turned=turned)  # fmt: skip


def _bid_made(state: GameState, value: int) -> GameState:
    """The seat to act bids ``value``: the next seat bids, or after the fourth bid
    :meth:`FastRules.hand_is_played` decides: play (:meth:`FastRules.first_leader`
    leads) or the hand is thrown in."""
    actor = state.to_act
    assert actor is not None
    bids = list(state.bids)
    bids[actor] = value
    new_bids: Bids = (bids[0], bids[1], bids[2], bids[3])
    fast = state.fast
    order = fast.bidding_orders[state.dealer]
    position = order.index(actor)
    if position < 3:
        return _evolve(state, bids=new_bids, to_act=order[position + 1])
    made = [b if b is not None else 0 for b in new_bids]
    if not fast.hand_is_played(made, state.scores):
        return _thrown_in(_evolve(state, bids=new_bids))
    leader = fast.first_leader(state.dealer)
    return _evolve(state, bids=new_bids, phase=_PLAY, to_act=leader, leader=leader)


def _thrown_in(state: GameState) -> GameState:
    """The hand is thrown in (the dealer's :class:`ThrowIn`, or bids short of the
    table minimum): nobody scores, and :meth:`FastRules.next_dealer_after_throw_in`
    deals the next hand."""
    record = HandRecord(state.scores, _ZERO, state.bids, False)
    dealer = state.fast.next_dealer_after_throw_in(state.dealer)
    return _next_hand(state, dealer, record, state.target_in_force)


def _card_played(state: GameState, card: str) -> GameState:
    """The seat to act plays ``card`` (unchecked, a card it does not hold leaves its
    hand as it is): the next seat of :attr:`FastRules.trick_orders` plays, or the
    trick is complete: its winner (:meth:`FastRules.trick_winner`) takes it and
    leads the next, or after the 13th trick the hand is settled."""
    seat = state.to_act
    leader = state.leader
    assert seat is not None and leader is not None
    fast = state.fast
    hands = list(state.hands)
    held = hands[seat]
    if card in held:
        at = held.index(card)
        hands[seat] = held[:at] + held[at + 1 :]
    new_hands: Hands = (hands[0], hands[1], hands[2], hands[3])
    trick = (*state.trick, card)
    order = fast.trick_orders[leader]
    if len(trick) < 4:
        return _evolve(state, hands=new_hands, trick=trick, to_act=order[len(trick)])
    winner = order[winner_under(fast, trick, state.trump)]
    won = list(state.tricks_won)
    won[winner] += 1
    tricks_won: Four = (won[0], won[1], won[2], won[3])
    if sum(tricks_won) < TRICKS_PER_HAND:
        return _evolve(
            state, hands=new_hands, trick=(), to_act=winner, leader=winner, tricks_won=tricks_won
        )
    return _hand_settled(state, tricks_won)


def _hand_settled(state: GameState, tricks_won: Four) -> GameState:
    """The 13th trick is taken (``state`` is the one before its last card): the hand
    is settled by :meth:`FastRules.hand_result`; the game is over, or
    :meth:`FastRules.next_dealer` deals the next hand."""
    fast = state.fast
    bids = tuple(b if b is not None else 0 for b in state.bids)
    after, result, next_target = fast.hand_result(
        state.scores, bids, tricks_won, state.dealer, state.target_in_force
    )
    record = HandRecord(after, tricks_won, state.bids, True)
    if result != Result.CONTINUE:
        return _evolve(state, phase=_GAME_OVER, hands=_NO_HANDS, trick=(), to_act=None,
                       leader=None, turned=None, scores=after, tricks_won=tricks_won,
                       target_in_force=next_target, result=Result(result),
                       history=(*state.history, record))  # fmt: skip
    return _next_hand(state, fast.next_dealer(state.dealer), record, next_target)


def _next_hand(
    state: GameState, dealer: int, record: HandRecord, target_in_force: int
) -> GameState:
    """The deal of the next hand by ``dealer``, after the hand ``record`` tells (the
    scores after it; ``target_in_force`` from then on)."""
    return _evolve(state, phase=_DEAL, dealer=dealer, scores=record.scores_after,
                   target_in_force=target_in_force, hands=_NO_HANDS, bids=_NO_BIDS,
                   to_act=None, trick=(), leader=None, tricks_won=_ZERO, turned=None,
                   hand_number=state.hand_number + 1, result=Result.CONTINUE,
                   history=(*state.history, record))  # fmt: skip


# ----------------------------------------------------------------------
# The start of a game, and the reference as one value
# ----------------------------------------------------------------------


def new_game(
    rules: Rules,
    first_dealer: int = 0,
    *,
    fast: FastRules | None = None,
    checks: tuple[Check, ...] = CHECKS,
) -> GameState:
    """The start of a game: ``first_dealer`` to deal, every score 0.

    ``fast`` (by default ``FastRules.of(rules)``, for the same ``rules``) and
    ``checks`` are the rules the whole game applies: every later state carries them.
    """
    if first_dealer not in (0, 1, 2, 3):
        raise ValueError(f"first_dealer must be a seat 0-3, got {first_dealer!r}")
    fast = FastRules.of(rules) if fast is None else fast
    return GameState(rules, _DEAL, first_dealer, _ZERO, rules.target, fast=fast, checks=checks)


@dataclass(frozen=True)
class Reference:
    """The reference's behaviour as one value: the fast rules it applies (every
    rule, the card rules and turn order included) and the engine's checks. The kinds'
    answers (:attr:`fourhundred.conformance.kinds.Kind.fast_answer`) and whole games
    read it, so a :class:`FastRules` subclass or a tuple of checks without one is
    another reference, no module patched: the mutant run builds its mutants that way."""

    fast: FastRules
    checks: tuple[Check, ...] = CHECKS

    @property
    def rules(self) -> Rules:
        """The rules this reference plays."""
        return self.fast.rules

    @staticmethod
    def of(rules: Rules) -> Reference:
        """The reference itself for ``rules`` (cached by identity: hashing a
        :class:`Rules` value on every question would cost more than the answer)."""
        entry = _REFERENCES.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = _REFERENCES[id(rules)] = (rules, Reference(FastRules.of(rules)))
        return entry[1]

    def new_game(self, first_dealer: int = 0) -> GameState:
        """The start of a game played by this reference (:func:`new_game`)."""
        return new_game(self.rules, first_dealer, fast=self.fast, checks=self.checks)


_REFERENCES: dict[int, tuple[Rules, Reference]] = {}
