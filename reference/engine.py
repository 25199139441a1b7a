"""The reference engine: a whole game of 400 or 41 as immutable states and actions.

A game is a sequence of :class:`GameState` values joined by actions. Every
state has an explicit :class:`Phase`:

* ``deal``: nobody acts (``to_act`` is None); the next action is a
  :class:`Deal` of four 13-card hands, explicit or from a seed
  (:func:`fourhundred.reference.shuffle.deal_from_seed`). Any valid deal is
  legal, so :func:`legal_actions` is empty here.
* ``bidding``: the seats of :meth:`Rules.bidding_seats` bid in turn
  (:class:`Bid`); under ``dealer_throw_in=yes`` the dealer may instead
  :class:`ThrowIn`. After four bids, :meth:`Rules.hand_is_played` decides:
  play, or throw in (nobody scores, :meth:`Rules.next_dealer` deals).
* ``play``: 13 tricks (:class:`Play`); the dealer's right-hand neighbour
  leads first, the winner of a trick leads the next. After the 13th trick
  :meth:`Rules.hand_result` settles the hand; the game goes on (phase
  ``deal``, next dealer) or is over (phase ``game_over``).

:func:`apply` holds an action to the ordered :data:`CHECKS` and raises
:class:`IllegalAction` with the code of the first it breaks (a code of
:data:`ILLEGAL_ACTION_CODES`); :func:`apply_unchecked` trusts it. For speed, a
state keeps its hands as bit masks and its legal actions beside its fields
(never part of its value), and a card, bid or deal that the checks would plainly
pass is proved legal by a shortcut in a few mask operations (:func:`apply`);
whatever a shortcut cannot prove, and every game with other checks than
:data:`CHECKS`, goes through the checks one by one. A fast-rule variant that
overrides :meth:`FastRules.legal_plays` turns the masks off: the engine asks it.

Every rule comes from the state's :class:`fourhundred.reference.fast.FastRules`
(``GameState.fast``, which the tests hold equal to the specification),
the card rules (follow suit, the trick's winner, from the card table of
:mod:`fourhundred.spec.cards`) and the turn order included. A
:class:`Reference` is that configuration as one value: a game started from
another one (a fast-rule variant, fewer checks) plays by it throughout.

The actions and their text are in :mod:`fourhundred.reference.actions`;
whole games, transcripts and replay in :mod:`fourhundred.reference.transcript`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple, cast

from fourhundred.reference.actions import (
    Action,
    Bid,
    Deal,
    Hands,
    Play,
    ThrowIn,
    by_seat,
    canonical_deal,
)
from fourhundred.reference.fast import FastRules
from fourhundred.spec import cards
from fourhundred.spec.cards import (
    CARD_BIT,
    CARD_INDEX,
    CARD_SUIT,
    CARDS_PER_HAND,
    FULL_DECK,
    SEAT_NAMES,
    SUIT_MASK,
    SUIT_RANKS,
    SUIT_START,
    TRICKS_PER_HAND,
)
from fourhundred.spec.model import Result, Rules


class Phase(StrEnum):
    """What the game is waiting for."""

    DEAL = "deal"
    BIDDING = "bidding"
    PLAY = "play"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


#: The phases as plain names, for the hot paths (reading a member off the enum
#: class costs several times a global's lookup).
_DEALING, _BIDDING, _PLAYING, _OVER = Phase.DEAL, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER

#: Every code :class:`IllegalAction` can carry, with what it means.
#: The one code not given by a check of :data:`CHECKS`: the text of an action is
#: read before it is judged (:func:`~fourhundred.reference.transcript.apply_text`).
NOT_AN_ACTION = "not_an_action"
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
    NOT_AN_ACTION: (
        "the text is no action of the notation at all (e.g. 'pass': a player who does not "
        "want to bid still bids, at least the own minimum); checked before everything else"
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
# The rejection checks, in order of precedence
# ----------------------------------------------------------------------

#: Why an action breaks one rule (a message), or None when it keeps it.
Finding = Callable[["GameState", Action, "int | None"], "str | None"]


@dataclass(frozen=True)
class Check:
    """One rule :func:`apply` holds an action to, and the code it rejects with."""

    code: str
    find: Finding

    def __post_init__(self) -> None:
        if self.code not in ILLEGAL_ACTION_CODES:
            raise ValueError(f"unknown illegal-action code {self.code!r}")


def _bare(action: Action) -> Action:
    """The action without its seat (messages quote the bare action)."""
    return action if action.seat is None else by_seat(action, None)


def _game_over(state: GameState, action: Action, seat: int | None) -> str | None:
    if state.phase is _OVER:
        return f"the game is over ({state.result.name}); no {action} is possible"
    return None


def _not_your_turn(state: GameState, action: Action, seat: int | None) -> str | None:
    actor_now = state.dealer if state.phase is _DEALING else state.to_act
    for who in (seat, action.seat):
        if who is not None and who != actor_now:
            turn = "nobody" if actor_now is None else SEAT_NAMES[actor_now]
            name = SEAT_NAMES[who] if who in range(4) else repr(who)
            what = "to deal" if isinstance(action, Deal) else str(_bare(action))
            return f"{name} tried {what}; {turn} is to act"
    return None


#: The phase each kind of action belongs to.
_PHASE_OF: Mapping[type, Phase] = {
    Deal: _DEALING,
    Bid: _BIDDING,
    ThrowIn: _BIDDING,
    Play: _PLAYING,
}


def _wrong_phase(state: GameState, action: Action, seat: int | None) -> str | None:
    phase = state.phase
    belongs = _PHASE_OF.get(type(action))
    if belongs is None:
        return f"{_bare(action)!r} is not an action"
    if belongs is phase:
        return None
    what = "deal" if isinstance(action, Deal) else str(_bare(action))
    return f"cannot {what} during {phase.value}"


def _bad_deal(state: GameState, action: Action, seat: int | None) -> str | None:
    if not isinstance(action, Deal) or state.phase is not _DEALING:
        return None
    hands = action.hands
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
    return None


def _throw_in_not_allowed(state: GameState, action: Action, seat: int | None) -> str | None:
    actor = state.to_act
    if not isinstance(action, ThrowIn) or state.phase is not _BIDDING or actor is None:
        return None
    if not state.rules.dealer_may_throw_in:
        return f"{state.rules} has no dealer's throw-in"
    if actor != state.dealer:
        return f"only the dealer ({SEAT_NAMES[state.dealer]}) may throw in; {SEAT_NAMES[actor]} is to bid"
    return None


def _whole_bid(action: Action) -> int | None:
    """The value of a bid that is a whole number, else None."""
    value = action.value if isinstance(action, Bid) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bid_above_maximum(state: GameState, action: Action, seat: int | None) -> str | None:
    value, actor = _whole_bid(action), state.to_act
    if value is None or state.phase is not _BIDDING or actor is None:
        return None
    if value > state.rules.max_bid:
        return f"{SEAT_NAMES[actor]} bid {value}; the largest bid is {state.rules.max_bid}"
    return None


def _bid_below_minimum(state: GameState, action: Action, seat: int | None) -> str | None:
    actor = state.to_act
    if not isinstance(action, Bid) or state.phase is not _BIDDING or actor is None:
        return None
    value = _whole_bid(action)
    if value is None:
        return f"a bid is a whole number of tricks, not {action.value!r}"
    low = state.fast.own_minimum_bid(state.scores[actor])
    if value < low:
        score = state.scores[actor]
        return f"{SEAT_NAMES[actor]} bid {value}; with a score of {score} the minimum is {low}"
    return None


def _card_not_in_hand(state: GameState, action: Action, seat: int | None) -> str | None:
    actor = state.to_act
    if not isinstance(action, Play) or state.phase is not _PLAYING or actor is None:
        return None
    if action.card not in state.hands[actor]:
        return f"{SEAT_NAMES[actor]} does not hold {action.card!r}"
    return None


def _must_follow_suit(state: GameState, action: Action, seat: int | None) -> str | None:
    actor = state.to_act
    if not isinstance(action, Play) or state.phase is not _PLAYING or actor is None:
        return None
    hand = state.hands[actor]
    led = state.trick[0] if state.trick else None
    if led is None or action.card not in hand or action.card in state.fast.legal_plays(hand, led):
        return None
    holding = ", ".join(c for c in hand if c[1] == led[1])
    return f"{SEAT_NAMES[actor]} played {action.card} to a {led[1]} lead while holding {holding}"


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
#: Each check looks only at its own rule (a bid check passes anything that is
#: not a bid in the bidding), so the tuple without one check is the engine
#: that forgets that one rule (:mod:`fourhundred.conformance.mutants`).
CHECKS: tuple[Check, ...] = (
    Check("game_over", _game_over),
    Check("not_your_turn", _not_your_turn),
    Check("wrong_phase", _wrong_phase),
    Check("bad_deal", _bad_deal),
    Check("throw_in_not_allowed", _throw_in_not_allowed),
    Check("bid_above_maximum", _bid_above_maximum),
    Check("bid_below_minimum", _bid_below_minimum),
    Check("card_not_in_hand", _card_not_in_hand),
    Check("must_follow_suit", _must_follow_suit),
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


class _Shared:
    """A field of :class:`GameState` that a state in play the engine made keeps in
    its hand's shared dict (``_HAND``) instead of its own ``__dict__``: this
    class attribute reads it there (a field in the instance's ``__dict__``, as
    every state the constructor makes has, overrides it).

    One card changes a few values of a state (the trick, the seat to act, the
    tricks won, the hands); the engine makes each state in play from those and
    one dict of the fields that stay the same through the play of a hand
    (:func:`_card_played`). Equality, ``repr``, hashing and
    :func:`dataclasses.replace` read the fields by name, so a state is the same
    value either way.
    """

    def __init__(self, name: str, default: object) -> None:
        self.name = name
        self.default = default

    def __get__(self, state: object, owner: object = None) -> Any:
        if state is None:  # the class's own: the field's default, if it has one
            if self.default is MISSING:
                raise AttributeError(self.name)
            return self.default
        return state.__dict__[_HAND][self.name]


class _HandsOfMasks:
    """The ``hands`` of a state the engine keeps as masks only (:func:`_held`):
    read from the masks on first use and kept in the state (this class
    attribute is not asked again). The engine leaves them out where nobody has
    read the hands of the state before (a deal, a card played to a state whose
    hands were never read), so a game played by :func:`legal_actions` and
    :func:`apply` alone never spells them out."""

    def __get__(self, state: object, owner: object = None) -> Hands:
        if state is None:  # the class's own: the field's default
            return _NO_HANDS
        fields_: dict[str, Any] = state.__dict__
        hands: Hands = _hands_of(fields_[_HELD])
        fields_["hands"] = hands
        return hands


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


#: The fields that stay the same through the play of a hand: a state in play
#: the engine made keeps them in one dict shared by the states of that hand
#: (``_HAND``; :class:`_Shared`).
_HAND_FIELDS = (
    "rules",
    "dealer",
    "scores",
    "target_in_force",
    "bids",
    "hand_number",
    "result",
    "history",
    "fast",
    "checks",
)
for _field in fields(GameState):
    if _field.name in _HAND_FIELDS:
        setattr(GameState, _field.name, _Shared(_field.name, _field.default))
del _field
GameState.hands = cast(Hands, _HandsOfMasks())


#: A player: given the state (its seat is ``state.to_act``), returns a legal action.
Player = Callable[[GameState], Action]


# ----------------------------------------------------------------------
# Hands as masks: the engine's fast view of a state, cached beside its fields
# ----------------------------------------------------------------------
#
# A state's ``hands`` are its truth; the engine also keeps, in the state's own
# ``__dict__`` beside the fields (as ``functools.cached_property`` would),
# values derived from them: the four hands as one number (``_HELD``,
# :func:`_held`), the legal actions (``_LEGAL``, :func:`legal_actions`) and, in
# play, the cards the seat to act may play (``_PLAYABLE``). A state in play
# that the engine made keeps the fields that stay the same through the hand in
# one shared dict (``_HAND``, :class:`_Shared`), and a state may leave its
# tuples of cards to its masks (:class:`_HandsOfMasks`). None of these is a
# field: ``==``, ``repr`` and ``dataclasses.replace`` do not see them (a
# replaced state computes its own), and a new state made by :func:`_evolve`
# drops them (the masks stay while the hands do).

_HELD = "_held"
_LEGAL = "_legal_actions"
_PLAYABLE = "_playable"
_HAND = "_hand"
#: Where each seat's hand lies in the number of :func:`_held` (a lane of 64 bits per seat).
_LANE = (0, 64, 128, 192)
#: The 52 bits of one hand.
_DECK = (1 << len(FULL_DECK)) - 1
#: Cards in notation by bit (``CARD_BIT``), and the mask of each card's suit.
_BIT_OF: Mapping[str, int] = {card: CARD_BIT[index] for index, card in enumerate(FULL_DECK)}
_SUIT_MASK_OF: Mapping[str, int] = {
    card: SUIT_MASK[CARD_SUIT[index]] for index, card in enumerate(FULL_DECK)
}
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_MASK


class _ByMask(dict[int, tuple[Any, ...]]):
    """``table[mask]``: one item per card of a mask within one suit, in deck order,
    computed on first use (at most 4 x 8192 entries)."""

    def __init__(self, items: tuple[Any, ...]) -> None:
        super().__init__()
        self._items = items

    def __missing__(self, mask: int) -> tuple[Any, ...]:
        start = SUIT_START[(mask.bit_length() or 1) - 1]
        value = self[mask] = tuple(self._items[start + rank] for rank in SUIT_RANKS[mask >> start])
        return value


#: One :class:`Play` per card, shared (actions are immutable).
_PLAYS: Mapping[str, Play] = {card: Play(card) for card in FULL_DECK}
#: The plays, and the cards, of a mask within one suit.
_SUIT_PLAYS = _ByMask(tuple(_PLAYS[card] for card in FULL_DECK))
_SUIT_CARDS = _ByMask(FULL_DECK)


def _held_of(hands: object) -> int | None:
    """Four hands as one number, hand ``s`` at bit ``_LANE[s]`` (None unless each is
    a tuple of distinct cards)."""
    if type(hands) is not tuple or len(hands) != 4:
        return None
    held = 0
    bit_of = _BIT_OF.__getitem__
    for lane, hand in zip(_LANE, hands, strict=True):
        if type(hand) is not tuple:
            return None
        try:
            mask = sum(map(bit_of, hand))
        except (KeyError, TypeError):
            return None
        if mask.bit_count() != len(hand):  # a sum of bits with a carry: a card twice
            return None
        held |= mask << lane
    return held


def _held(state: GameState) -> int | None:
    """The state's hands as one number (:func:`_held_of`; cached in the state), or
    None where masks may not stand for them: a hand that is not a tuple of
    distinct cards, or card rules a variant overrides (:meth:`FastRules.legal_plays`:
    the engine then asks the variant)."""
    cache = state.__dict__
    if _HELD not in cache:
        cache[_HELD] = _held_of(state.hands) if _masks_may_stand_for(state.fast) else None
    held: int | None = cache[_HELD]
    return held


#: The card rules the masks stand for, as the engine found them when loaded.
_MASKED_CARD_RULES = (FastRules.legal_plays, cards.legal_plays)


def _masks_may_stand_for(fast: FastRules) -> bool:
    """Whether masks may stand for the card rules of ``fast``: its
    :meth:`~FastRules.legal_plays` is FastRules' own, reading
    :func:`fourhundred.spec.cards.legal_plays`, both as the engine found them (a
    variant overriding the method, or either replaced since, is asked instead)."""
    base, spec = _MASKED_CARD_RULES
    return type(fast).legal_plays is base and cards.legal_plays is spec


def _cards_of(mask: int) -> tuple[str, ...]:
    """The cards of a hand's mask, in deck order."""
    table = _SUIT_CARDS
    return (
        table[mask & _CLUBS]
        + table[mask & _DIAMONDS]
        + table[mask & _HEARTS]
        + table[mask & _SPADES]
    )


def _plays_of(mask: int) -> tuple[Action, ...]:
    """The plays of the cards of a hand's mask, in deck order."""
    plays = _SUIT_PLAYS
    return (
        plays[mask & _CLUBS]
        + plays[mask & _DIAMONDS]
        + plays[mask & _HEARTS]
        + plays[mask & _SPADES]
    )


def _hands_of(held: int) -> Hands:
    """The four hands of :func:`_held`, each in deck order."""
    north, west, south, east = (_cards_of(held >> lane & _DECK) for lane in _LANE)
    return (north, west, south, east)


_new_state = object.__new__
_set_fields = object.__setattr__


def _evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of a state with some fields changed (a faster ``dataclasses.replace``,
    for the engine's own use: the changes are trusted to be valid fields). The
    cached legal actions go; the hands as a number stay unless the hands change."""
    fields_ = _next_fields(state.__dict__)
    if "hands" in changes:
        fields_.pop(_HELD, None)
    fields_.update(changes)
    return _state_of(fields_)


def _unshare(fields_: dict[str, Any]) -> None:
    """The fields a state in play keeps in its hand's shared dict (``_HAND``), put
    in its own ``__dict__`` ``fields_`` under their names (the dict then goes)."""
    hand = fields_.pop(_HAND, None)
    if hand is not None:
        for name in _HAND_FIELDS:
            fields_.setdefault(name, hand[name])


def _state_of(fields_: dict[str, Any]) -> GameState:
    """The state of these fields (and caches), made without ``__init__``."""
    new = _new_state(GameState)
    _set_fields(new, "__dict__", fields_)
    return new


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
    return GameState(
        rules=rules,
        phase=_DEALING,
        dealer=first_dealer,
        scores=_ZERO,
        target_in_force=rules.target,
        fast=FastRules.of(rules) if fast is None else fast,
        checks=checks,
    )


@dataclass(frozen=True)
class Reference:
    """The reference's behaviour as one value: the fast rules it applies (every
    rule, the card rules and turn order included) and the engine's checks.

    The kinds' reference answers (:attr:`fourhundred.conformance.kinds.Kind.fast_answer`)
    and whole games read it, so a different value (a :class:`FastRules`
    subclass, a tuple of checks without one) is a different reference, with
    no module patched: the mutant run builds its mutants that way.
    """

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
        state.phase is _BIDDING and state.rules.dealer_may_throw_in and state.to_act == state.dealer
    )


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted (:func:`~fourhundred.reference.actions.action_sort_key`);
    empty while dealing (any valid deal is legal) and when the game is over.
    (Computed once per state: the state keeps them.)"""
    fields_ = state.__dict__
    actions: tuple[Action, ...] | None = fields_.get(_LEGAL)
    if actions is not None:
        return actions
    phase = fields_["phase"]
    if phase is _PLAYING:
        playable = fields_.get(_PLAYABLE)
        if playable is None:
            playable = _playable(state)
        actions = _plays_asked(state) if playable is None else _plays_of(playable)
    elif phase is _BIDDING and fields_["to_act"] is not None:
        bids = _bids_in(bid_range(state, fields_["to_act"]))
        actions = (*bids, _THROW_IN) if may_throw_in(state) else bids
    else:
        actions = ()
    fields_[_LEGAL] = actions
    return actions


def _playable(state: GameState) -> int | None:
    """The cards the seat to act in play may play, as a mask of one hand
    (:meth:`FastRules.legal_plays` read from the masks: a card of the suit led
    if the hand has one, else any), kept in the state; None where masks may not
    stand for the hands or the card rules (:func:`_held`)."""
    fields_ = state.__dict__
    held = fields_[_HELD] if _HELD in fields_ else _held(state)
    seat = fields_["to_act"]
    if held is None or seat not in (0, 1, 2, 3):
        return None
    hand: int = held >> _LANE[seat] & _DECK
    trick = fields_["trick"]
    if trick:
        led = trick[0]
        suit = _SUIT_MASK_OF.get(led, 0) if type(led) is str else 0
        if not suit:  # a led card that is no card (apply_unchecked): the card rules say
            return None
        hand = hand & suit or hand
    fields_[_PLAYABLE] = hand
    return hand


def _plays_asked(state: GameState) -> tuple[Action, ...]:
    """The plays of the seat to act as the variant's card rules give them
    (:meth:`FastRules.legal_plays`), where masks may not stand for them."""
    seat = state.to_act
    assert seat is not None
    led = state.trick[0] if state.trick else None
    return tuple(_PLAYS[card] for card in state.fast.legal_plays(state.hands[seat], led))


#: The legal bids of each :func:`bid_range` met so far (actions are immutable: shared).
_BIDS_IN: dict[range, tuple[Action, ...]] = {}
_THROW_IN = ThrowIn()


def _bids_in(values: range) -> tuple[Action, ...]:
    """A :class:`Bid` of each value, in order."""
    bids = _BIDS_IN.get(values)
    if bids is None:
        bids = _BIDS_IN[values] = tuple(Bid(value) for value in values)
    return bids


# ----------------------------------------------------------------------
# Applying actions
# ----------------------------------------------------------------------


def apply(state: GameState, action: Action, seat: int | None = None) -> GameState:
    """The state after a legal action; raises :class:`IllegalAction` otherwise.

    ``seat``, when given, is who makes the action: it must be the seat to act
    (while dealing, the dealer), else the code is ``not_your_turn``. The
    action's own ``seat`` (the ``W:`` prefix of its text) is held to the same
    rule. The rules are the state's ``checks`` (:data:`CHECKS`, whose order is
    the codes' precedence): the first one the action breaks rejects it.

    With the checks of :data:`CHECKS`, a card, a bid or a deal goes first to its
    shortcut (inlined for a card; :func:`_plainly_bid`, :func:`_plainly_dealt`),
    which proves it legal in a few operations (the checks would pass it) and
    makes the next state; anything it cannot prove goes through the checks.
    """
    fields_ = state.__dict__
    hand = fields_.get(_HAND, fields_)
    checks = hand["checks"]
    if checks is CHECKS:
        kind = type(action)
        if kind is Play:
            # The shortcut for a card (the hot path, inlined): the play phase, the
            # seat to act (or none named), and a card it may play (_playable: of
            # its hand and, to a trick led, of the suit led unless it has none).
            actor = fields_["to_act"]
            card = cast(Play, action).card
            if fields_["phase"] is _PLAYING and _named(actor, action, seat) and type(card) is str:
                playable = fields_.get(_PLAYABLE)
                if playable is None:
                    playable = _playable(state)
                bit = _BIT_OF.get(card, 0)
                if playable is not None and playable & bit:
                    return _card_played(state, fields_, actor, card, bit)
        elif kind is Bid:
            after = _plainly_bid(state, fields_, cast(Bid, action), seat)
            if after is not None:
                return after
        elif kind is Deal:
            after = _plainly_dealt(state, fields_, cast(Deal, action), seat)
            if after is not None:
                return after
    for check in checks:
        message = check.find(state, action, seat)
        if message is not None:
            raise IllegalAction(check.code, message)
    return apply_unchecked(state, action)


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The state after an action assumed legal (no checks: garbage in, garbage out)."""
    if isinstance(action, Play):
        return _play(state, action.card)
    if isinstance(action, Bid):
        return _bid(state, state.__dict__, action.value)
    if isinstance(action, Deal):
        hands = canonical_deal(action).hands
        return _dealt(state, state.__dict__, _held_of(hands), hands)
    if isinstance(action, ThrowIn):
        return _thrown_in(state)
    raise TypeError(f"not an action: {action!r}")


def _named(actor: int, action: Action, seat: int | None) -> bool:
    """Whether the seats an action is made by (``apply``'s ``seat``, the action's
    ``W:`` prefix), where named, are the seat to act: the rule of the
    ``not_your_turn`` check (:func:`_not_your_turn`), for the shortcuts."""
    return (seat is None or seat == actor) and (action.seat is None or action.seat == actor)


def _next_fields(fields_: dict[str, Any]) -> dict[str, Any]:
    """The fields of the state an action leads to, to be changed: a copy of a
    state's ``fields_`` with its hand's shared fields under their names
    (:func:`_unshare`), without what is cached for the state itself (the legal
    actions, the playable cards); the hands' masks stay."""
    after = fields_.copy()
    _unshare(after)
    after.pop(_LEGAL, None)
    after.pop(_PLAYABLE, None)
    return after


def _plainly_bid(
    state: GameState, fields_: dict[str, Any], action: Bid, seat: int | None
) -> GameState | None:
    """The state after ``action`` if every check of :data:`CHECKS` plainly passes
    it, else None (the checks then say why): the bidding phase, the seat to act
    (or none named), a whole number from the bidder's own minimum
    (:meth:`FastRules.own_minimum_bid`) to the largest bid."""
    actor = fields_["to_act"]
    if fields_["phase"] is not _BIDDING or actor is None or not _named(actor, action, seat):
        return None
    value = action.value
    if type(value) is not int or value not in bid_range(state, actor):
        return None
    return _bid(state, fields_, value)


def _bid(state: GameState, fields_: dict[str, Any], value: int) -> GameState:
    """The state after the seat to act bids ``value``: the next seat bids, or
    after the fourth bid :meth:`FastRules.hand_is_played` decides: play (the
    dealer's :meth:`FastRules.first_leader` leads) or throw in."""
    after = _next_fields(fields_)
    actor = after["to_act"]
    assert actor is not None
    bids = list(after["bids"])
    bids[actor] = value
    new_bids: Bids = (bids[0], bids[1], bids[2], bids[3])
    after["bids"] = new_bids
    fast: FastRules = after["fast"]
    order = fast.bidding_orders[after["dealer"]]
    position = order.index(actor)
    if position < 3:
        after["to_act"] = order[position + 1]
        return _state_of(after)
    made = [b if b is not None else 0 for b in new_bids]
    if not fast.hand_is_played(made, after["scores"]):
        return _thrown_in(_state_of(after))
    leader = fast.first_leader(after["dealer"])
    held = after[_HELD] if _HELD in after else _held(_state_of(after))
    if held is None:
        after["phase"] = _PLAYING
        after["to_act"] = after["leader"] = leader
        return _state_of(after)
    hand = {name: after[name] for name in _HAND_FIELDS}
    playable = held >> _LANE[leader] & _DECK
    return _in_play(leader, leader, (), _ZERO, held, hand, playable, after.get("hands"))


def _in_play(
    to_act: int,
    leader: int,
    trick: tuple[str, ...],
    tricks_won: Four,
    held: int,
    hand: dict[str, Any],
    playable: int,
    hands: Hands | None,
    legal: tuple[Action, ...] | None = None,
) -> GameState:
    """A state in play as the engine keeps it: the values one card changes, the
    hands as masks (``held``) and, if known, as tuples (``hands``; None: read
    from the masks when asked, :class:`_HandsOfMasks`), the fields that stay
    the same through the hand (``hand``, shared: :class:`_Shared`), the
    cards ``to_act`` may play and, if known, its legal actions."""
    fields_ = {
        "phase": _PLAYING,
        "to_act": to_act,
        "trick": trick,
        "leader": leader,
        "tricks_won": tricks_won,
        _HELD: held,
        _HAND: hand,
        _PLAYABLE: playable,
    }
    if hands is not None:
        fields_["hands"] = hands
    if legal is not None:
        fields_[_LEGAL] = legal
    return _state_of(fields_)


def _thrown_in(state: GameState) -> GameState:
    record = HandRecord(state.scores, _ZERO, state.bids, False)
    return _next_hand(state, record, state.target_in_force)


def _next_hand(state: GameState, record: HandRecord, target_in_force: int) -> GameState:
    """The deal of the next hand, after the hand ``record`` tells (the scores
    after it; ``target_in_force`` from then on); the next dealer deals."""
    fields_ = state.__dict__
    hand = fields_.get(_HAND, fields_)  # the fields of _HAND_FIELDS, where the state keeps them
    fast: FastRules = hand["fast"]
    return _evolve(
        state,
        phase=_DEALING,
        dealer=fast.next_dealer(hand["dealer"]),
        scores=record.scores_after,
        target_in_force=target_in_force,
        hands=_NO_HANDS,
        bids=_NO_BIDS,
        to_act=None,
        trick=(),
        leader=None,
        tricks_won=_ZERO,
        hand_number=hand["hand_number"] + 1,
        result=Result.CONTINUE,
        history=(*hand["history"], record),
    )


def _plainly_dealt(
    state: GameState, fields_: dict[str, Any], action: Deal, seat: int | None
) -> GameState | None:
    """The state after ``action`` if every check of :data:`CHECKS` plainly passes
    it, else None (the checks then say why): the deal phase, the dealer (or no
    seat named), four tuples of 13 distinct cards making up the pack."""
    if fields_["phase"] is not _DEALING:
        return None
    if not _named(fields_["dealer"], action, seat):
        return None
    held = _held_of(action.hands)
    if held is None or not _is_whole_pack(held):
        return None
    return _dealt(state, fields_, held, None)


def _is_whole_pack(held: int) -> bool:
    """Whether four hands (:func:`_held_of`) are 13 cards each, the 52 cards of the pack."""
    union = 0
    for lane in _LANE:
        hand = held >> lane & _DECK
        if hand.bit_count() != CARDS_PER_HAND:
            return False
        union |= hand
    return union == _DECK


def _dealt(
    state: GameState, fields_: dict[str, Any], held: int | None, hands: Hands | None
) -> GameState:
    """The state after the deal of the hands ``held`` (:func:`_held_of`; None:
    ``hands``, in deck order): the first seat of :attr:`FastRules.bidding_orders` bids."""
    after = _next_fields(fields_)
    fast: FastRules = after["fast"]
    after.update(
        phase=_BIDDING,
        bids=_NO_BIDS,
        to_act=fast.bidding_orders[after["dealer"]][0],
        trick=(),
        leader=None,
        tricks_won=_ZERO,
    )
    if held is not None and _masks_may_stand_for(fast):
        after[_HELD] = held
        after.pop("hands", None)  # read from the masks when asked (_HandsOfMasks)
    else:
        after.pop(_HELD, None)
        after["hands"] = _hands_of(held) if hands is None and held is not None else hands
    return _state_of(after)


def _card_played(
    state: GameState, fields_: dict[str, Any], seat: int, card: str, bit: int
) -> GameState:
    """The state after ``seat`` played ``card`` (``bit``, of its hand in the masks):
    the next seat of the trick plays, or the trick is taken (the winner leads
    the next), or the hand is settled (:func:`_hand_settled`). The hands as
    tuples follow only where the state had them (someone read them)."""
    hand: dict[str, Any] | None = fields_.get(_HAND)
    if hand is None:
        hand = {name: fields_[name] for name in _HAND_FIELDS}
    held = fields_[_HELD] ^ bit << _LANE[seat]
    trick = (*fields_["trick"], card)
    leader = fields_["leader"]
    fast: FastRules = hand["fast"]
    order = fast.trick_orders[leader]
    hands: Hands | None = fields_.get("hands")
    if hands is not None:
        cards_ = hands[seat]
        at = cards_.index(card)
        held_now = list(hands)
        held_now[seat] = cards_[:at] + cards_[at + 1 :]
        hands = (held_now[0], held_now[1], held_now[2], held_now[3])
    if len(trick) < 4:
        after = order[len(trick)]
        mask = held >> _LANE[after] & _DECK
        following = mask & _SUIT_MASK_OF[trick[0]]
        # The legal plays of one suit are kept at once (one lookup).
        legal = _SUIT_PLAYS[following] if following else None
        return _in_play(
            after, leader, trick, fields_["tricks_won"], held, hand, following or mask, hands, legal
        )
    winner = order[fast.trick_winner(trick)]
    tricks_won = _taken(fields_["tricks_won"], winner)
    if sum(tricks_won) < TRICKS_PER_HAND:
        playable = held >> _LANE[winner] & _DECK
        return _in_play(winner, winner, (), tricks_won, held, hand, playable, hands)
    return _hand_settled(state, hand, tricks_won)


def _play(state: GameState, card: str) -> GameState:
    """The state after the seat to act plays ``card`` (unchecked: a card it does
    not hold leaves its hand as it is)."""
    fields_ = state.__dict__
    seat = fields_["to_act"]
    assert seat is not None
    held = _held(state)
    bit = _BIT_OF.get(card, 0) if type(card) is str else 0
    if held is not None and held >> _LANE[seat] & bit:
        return _card_played(state, fields_, seat, card, bit)
    after = _next_fields(fields_)  # the hands as tuples of cards from here on
    after.pop(_HELD, None)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    after["hands"] = tuple(hands)
    trick = after["trick"] = (*after["trick"], card)
    fast: FastRules = after["fast"]
    order = fast.trick_orders[after["leader"]]
    if len(trick) < 4:
        after["to_act"] = order[len(trick)]
        return _state_of(after)
    winner = order[fast.trick_winner(trick)]
    tricks_won = _taken(after["tricks_won"], winner)
    if sum(tricks_won) < TRICKS_PER_HAND:
        after.update(trick=(), leader=winner, to_act=winner, tricks_won=tricks_won)
        return _state_of(after)
    return _hand_settled(state, after, tricks_won)


def _taken(tricks_won: Four, winner: int) -> Four:
    """The tricks won by seat after ``winner`` takes one more."""
    won = list(tricks_won)
    won[winner] += 1
    return (won[0], won[1], won[2], won[3])


def _hand_settled(state: GameState, hand: Mapping[str, Any], tricks_won: Four) -> GameState:
    """The state after the last trick of a hand (``state`` is the one before its
    last card; ``hand`` holds the fields of :data:`_HAND_FIELDS`): the hand is
    settled by :meth:`FastRules.hand_result`; the game is over or the next hand is dealt."""
    fast: FastRules = hand["fast"]
    bids = tuple(b if b is not None else 0 for b in hand["bids"])
    after, result, next_target = fast.hand_result(
        hand["scores"], bids, tricks_won, hand["dealer"], hand["target_in_force"]
    )
    record = HandRecord(after, tricks_won, hand["bids"], True)
    if result != Result.CONTINUE:
        return _evolve(
            state,
            phase=_OVER,
            hands=_NO_HANDS,
            trick=(),
            to_act=None,
            leader=None,
            scores=after,
            tricks_won=tricks_won,
            target_in_force=next_target,
            result=Result(result),
            history=(*hand["history"], record),
        )
    return _next_hand(state, record, next_target)
