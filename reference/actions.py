"""Actions and their text: the deal, a bid, a card played, the dealer's throw-in.

An action is an immutable value (:class:`Deal`, :class:`Bid`, :class:`Play`,
:class:`ThrowIn`; :data:`Action` is any of them). Each has one line of text,
written by ``str(action)`` and read back by :func:`parse_action`:
``deal N:... W:... S:... E:...``, ``bid 5``, ``play AH``, ``throw-in``, each
optionally after the seat that makes it (``W: bid 5``). Under the house rule
``trump=turned`` the deal also states the card the dealer turns, which sets the
hand's trump suit: ``deal N:... W:... S:... E:... turn:7S``. Whether an action is
legal is the engine's business (:func:`fourhundred.reference.engine.apply`);
here only its form is checked, and text that is not an action raises
:class:`NotationError`, which the position notation
(:mod:`fourhundred.reference.notation`) raises too.

Cards are written rank then suit (:mod:`fourhundred.spec.cards`); seats are
``N``, ``W``, ``S``, ``E`` (0-3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from fourhundred.spec.cards import SEAT_NAMES, CardError, card_index, parse_card, sorted_cards


class NotationError(ValueError):
    """Text that is not a valid action or position; the message says which part and why."""


#: Four hands, by seat N, W, S, E (0-3).
Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def _seat_prefix(seat: int | None) -> str:
    """``"W: "`` for an action made by West; nothing for an action that names no seat."""
    return "" if seat is None else f"{SEAT_NAMES[seat]}: "


@dataclass(frozen=True)
class Deal:
    """Four hands, by seat 0-3 (N, W, S, E). Text: ``deal N:2C,3C,... W:... S:... E:...``
    (``N: deal ...`` when made by a named seat, the dealer: see :func:`parse_action`).

    ``turned`` is the card the dealer turns under the house rule ``trump=turned`` (one
    of the dealer's own cards, :meth:`fourhundred.spec.model.Rules.turned_card`); its
    suit is the hand's trump. Text: `` turn:7S`` after the hands; None (no card
    turned, every source: hearts are trumps) writes nothing."""

    hands: Hands
    turned: str | None = None
    seat: int | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        parts = [f"{SEAT_NAMES[seat]}:{','.join(self.hands[seat])}" for seat in range(4)]
        turn = "" if self.turned is None else f" {TURN_WORD}:{self.turned}"
        return _seat_prefix(self.seat) + "deal " + " ".join(parts) + turn


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

#: The word before the turned card in a deal's text (``turn:7S``).
TURN_WORD = "turn"


def canonical_deal(deal: Deal) -> Deal:
    """The same deal with every hand in deck order and no seat named (the form the
    engine keeps, a seed gives and a commitment is made to)."""
    north, west, south, east = (sorted_cards(hand) for hand in deal.hands)
    return Deal((north, west, south, east), deal.turned)


def by_seat(action: Action, seat: int | None) -> Action:
    """The same action, said to be made by ``seat`` (None: by nobody in particular)."""
    return replace(action, seat=seat)


def action_sort_key(action: Action) -> tuple[int, int]:
    """The order of :func:`~fourhundred.reference.engine.legal_actions`: bids by value,
    then throw-in; plays in deck order."""
    if isinstance(action, Bid):
        return (1, action.value)
    if isinstance(action, ThrowIn):
        return (2, 0)
    if isinstance(action, Play):
        return (3, card_index(action.card))
    return (0, 0)


_SEAT_LABEL = re.compile(r"([NWSE]):")


def parse_deal_hands(text: str, where: str = "deal") -> Hands:
    """Four hands from ``N:<cards> W:<cards> S:<cards> E:<cards>`` (any seat order;
    cards separated by spaces or commas). Counts are checked by
    :func:`~fourhundred.reference.engine.apply`."""
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


_TURN = re.compile(rf"(?:^|\s){TURN_WORD}\s*:\s*(\S*)", re.IGNORECASE)


def _split_turned(text: str) -> tuple[str, str | None]:
    """A deal's text without its ``turn:<card>`` part, and the turned card (None if
    the deal turns none); :class:`NotationError` for a turn that is no card."""
    found = list(_TURN.finditer(text))
    if not found:
        return text, None
    if len(found) > 1:
        raise NotationError(f"deal: a deal turns one card, got {len(found)} '{TURN_WORD}:' parts")
    mark = found[0]
    try:
        card = parse_card(mark.group(1))
    except CardError as error:
        raise NotationError(f"deal, turned card: {error}") from None
    return text[: mark.start()] + " " + text[mark.end() :], card


_SEAT_PREFIX = re.compile(r"\s*([NWSEnwse])\s*:\s*")


def parse_action(text: str) -> Action:
    """An action from its text: ``deal N:... W:... S:... E:...``, ``bid 5``, ``play AH``, ``throw-in``.

    Any of them may start with the seat that makes it, a seat letter and a
    colon: ``W: bid 5``, ``N: play AH``, ``S: throw-in``, ``N: deal N:... W:...``
    (the dealer deals). The seat lands in the action's ``seat`` field and
    :func:`~fourhundred.reference.engine.apply` holds it to the seat to act
    (``not_your_turn`` otherwise);
    without the prefix (``seat`` None) the action is made by whoever is to act.
    ``str(action)`` writes the prefix back (upper case, one space after the colon).

    Raises :class:`NotationError` naming what was expected. (Actions are
    immutable values: the same text read again gives the same value, kept from
    the last time among the texts read lately.)
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    return _parse_text(str(text))


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Action:
    """:func:`parse_action` of a text, remembered (a replay reads the same few
    hundred texts over and over)."""
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
        hands_text, turned = _split_turned(rest)
        return Deal(parse_deal_hands(hands_text), turned)
    raise NotationError(
        f"unknown action {stripped!r}: expected 'deal N:... W:... S:... E:...', 'bid N', "
        "'play CARD' or 'throw-in', optionally after the seat making it ('W: bid 5')"
    )
