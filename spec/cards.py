"""Cards, seats and the trick: the parts every source agrees on.

All four sources use one standard 52-card pack ranked ace (high) down to two,
with hearts the permanent trump suit (qahwa §"The deal"; medallon §"Object of
the Game"; pagat §"Players and Cards"; arab3meyeh §"Game Play"). Players must
follow the suit led if they can, may play any card otherwise, and the highest
heart, or without a heart the highest card of the suit led, wins the trick
(qahwa §"Playing the tricks"; medallon §"Gameplay"; pagat §"Play";
arab3meyeh §"Game Play").

Notation: a card is two characters, rank then suit: ``AH`` is the ace of
hearts, ``TC`` the ten of clubs. Ranks ``23456789TJQKA``; suits ``CDHS``.
Seats are numbered 0-3 *in the direction of play to the right* (anticlockwise
seen from above): 0 North, 1 West, 2 South, 3 East. Partners sit opposite:
team 0 is North-South (seats 0 and 2), team 1 is West-East (seats 1 and 3),
as pagat §"Players and Cards" sets them ("North and South playing against
East and West").

This module is also the one card table of the project. A card's *index* is its
position in :data:`FULL_DECK`, ``suit * 13 + rank``; from :data:`RANKS`,
:data:`SUITS` and :data:`TRUMP` alone it derives the index, suit, bit and
suit-start of every card, the mask of every suit, and :data:`STRENGTH`, the
trick rule of :func:`beats` as one number per (led suit, card), which
:func:`trick_winner` and the simulation's hot loop
(:mod:`fourhundred.reference.simulate`) read. :func:`beats` and
:func:`trick_winner_position` stay the rule (they run on Z3 terms too);
``tests/test_spec_cards.py`` holds the table equal to them for every led suit
and every pair of cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fourhundred.spec.logic import BoolLike, IntLike, all_, any_, ite

RANKS = "23456789TJQKA"
SUITS = "CDHS"
TRUMP_SUIT = "H"
#: Index of the trump suit in :data:`SUITS` (the form the lifted rules use).
TRUMP = SUITS.index(TRUMP_SUIT)
SEATS = (0, 1, 2, 3)
SEAT_NAMES = ("N", "W", "S", "E")
TEAMS = ((0, 2), (1, 3))
TRICKS_PER_HAND = 13
CARDS_PER_HAND = 13

Card = str


class CardError(ValueError):
    """A card, seat or hand written in a way the notation does not allow."""


def make_card(rank: str, suit: str) -> Card:
    """The card of that rank and suit, in notation."""
    return rank + suit


#: The 52 cards, suit by suit (clubs, diamonds, hearts, spades), low to high.
FULL_DECK: tuple[Card, ...] = tuple(make_card(r, s) for s in SUITS for r in RANKS)
#: Index (0-51) of each card in notation: its position in :data:`FULL_DECK`, ``suit * 13 + rank``.
CARD_INDEX: Mapping[Card, int] = {card: index for index, card in enumerate(FULL_DECK)}


def parse_card(text: str) -> Card:
    """Check a card in notation and return it; lower case is accepted.

    >>> parse_card("ah")
    'AH'
    """
    card = text.strip().upper().replace("10", "T")
    if card not in CARD_INDEX:
        raise CardError(
            f"{text!r} is not a card: write rank then suit, ranks {RANKS}, suits {SUITS} "
            "(for example AH, TC, 2S)"
        )
    return card


def suit_of(card: Card) -> int:
    """Suit index of a card (0 clubs, 1 diamonds, 2 hearts, 3 spades)."""
    return SUITS.index(card[1])


def rank_of(card: Card) -> int:
    """Rank index of a card (0 for a two up to 12 for an ace)."""
    return RANKS.index(card[0])


def card_index(card: Card) -> int:
    """Position of a card in :data:`FULL_DECK` (0-51): the sort key of deck order."""
    return CARD_INDEX[card]


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in deck order (clubs, diamonds, hearts, spades; each low to high)."""
    return tuple(sorted(cards, key=CARD_INDEX.__getitem__))


def beats(
    suit: IntLike, rank: IntLike, best_suit: IntLike, best_rank: IntLike, trump: IntLike = TRUMP
) -> BoolLike:
    """Whether a card beats the best card of the trick so far.

    A trump (a heart, in every source) beats any card that is not a trump; a card
    of the same suit as the best card beats it when it ranks higher; any other
    card never does. Since the best card starts as the card led, this gives
    "highest heart, else highest card of the suit led" (all four sources,
    sections in the module docstring). ``trump`` is the trump suit's index: the
    hand's trump under the house rule ``trump=turned``
    (:meth:`fourhundred.spec.model.Rules.trump_suit`).
    """
    trump_over_plain = all_(suit == trump, best_suit != trump)
    higher_same_suit = all_(suit == best_suit, rank > best_rank)
    return any_(trump_over_plain, higher_same_suit)


def trick_winner_position(
    suits: Sequence[IntLike], ranks: Sequence[IntLike], trump: IntLike = TRUMP
) -> IntLike:
    """Position in play order (0 = leader) of the card that wins a full trick, ``trump``
    the trump suit's index (:func:`beats`)."""
    best_position: IntLike = 0
    best_suit, best_rank = suits[0], ranks[0]
    for position in range(1, len(suits)):
        wins = beats(suits[position], ranks[position], best_suit, best_rank, trump)
        best_position = ite(wins, position, best_position)
        best_suit = ite(wins, suits[position], best_suit)
        best_rank = ite(wins, ranks[position], best_rank)
    return best_position


# ----------------------------------------------------------------------
# The card table: every card as an index, its suit, its bit, its strength
# ----------------------------------------------------------------------

_RANK_COUNT = len(RANKS)
_CARD_COUNT = len(FULL_DECK)

#: Suit (0 clubs, 1 diamonds, 2 hearts, 3 spades) of each card index.
CARD_SUIT: tuple[int, ...] = tuple(index // _RANK_COUNT for index in range(_CARD_COUNT))
#: Index of the two of each card index's suit: where the card's suit starts in deck order.
SUIT_START: tuple[int, ...] = tuple(_RANK_COUNT * suit for suit in CARD_SUIT)
#: Bit of each card index (a hand as a bitmask holds bit ``1 << index`` for each card).
CARD_BIT: tuple[int, ...] = tuple(1 << index for index in range(_CARD_COUNT))
#: Mask of the 13 cards of each suit.
SUIT_MASK: tuple[int, ...] = tuple(
    ((1 << _RANK_COUNT) - 1) << (_RANK_COUNT * suit) for suit in range(len(SUITS))
)


def _strength(trump: int, led: int, index: int) -> int:
    """How strongly card ``index`` stands in a trick led in suit ``led`` when ``trump`` is
    trumps (see :data:`STRENGTHS`)."""
    suit, rank = CARD_SUIT[index], index % _RANK_COUNT
    if suit == trump:
        return _RANK_COUNT + rank
    return rank if suit == led else -1


#: ``STRENGTHS[trump][led][index]``: the card's standing in a trick whose led suit
#: is ``led`` when the suit ``trump`` is trumps: a trump 13-25, a card of the led
#: suit 0-12, any other card -1. The highest strength wins the trick: :func:`beats`
#: as a table (the trump, else the highest card of the suit led).
STRENGTHS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_strength(trump, led, index) for index in range(_CARD_COUNT)) for led in range(4))
    for trump in range(len(SUITS))
)
#: ``STRENGTH[led][index]``: :data:`STRENGTHS` with hearts trumps (every source).
STRENGTH: tuple[tuple[int, ...], ...] = STRENGTHS[TRUMP]
#: ``LED_STRENGTHS[trump][index]``: the :data:`STRENGTHS` row of a trick led with that card.
LED_STRENGTHS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(table[suit] for suit in CARD_SUIT) for table in STRENGTHS
)
#: ``LED_STRENGTH[index]``: :data:`LED_STRENGTHS` with hearts trumps.
LED_STRENGTH: tuple[tuple[int, ...], ...] = LED_STRENGTHS[TRUMP]


def hand_mask(cards: Iterable[Card]) -> int:
    """The bitmask of a hand given in notation."""
    mask = 0
    for card in cards:
        mask |= CARD_BIT[CARD_INDEX[card]]
    return mask


def trick_winner(cards_in_play_order: Sequence[Card], trump: str = TRUMP_SUIT) -> int:
    """Position in play order (0 = leader) of the card that wins the trick: the
    highest :data:`STRENGTHS` of the suit led, which is :func:`trick_winner_position`
    on the cards' suits and ranks (the trump suit, hearts in every source, else the
    highest card of the suit led; sections in the module docstring)."""
    strength = LED_STRENGTHS[SUITS.index(trump)][CARD_INDEX[cards_in_play_order[0]]]
    powers = [strength[CARD_INDEX[card]] for card in cards_in_play_order]
    return powers.index(max(powers))


def legal_plays(hand: Iterable[Card], led: Card | None) -> tuple[Card, ...]:
    """Cards a player may play, in deck order: any card when leading; else a card
    of the suit led if the hand holds one, and any card if it holds none.

    Leading a heart is allowed at any time (pagat §"Play": the leader "leads
    any card"; the other sources are silent, see ambiguity ``leading-hearts``).
    Trumping when void is allowed, not required (qahwa §"Playing the tricks").
    """
    cards = tuple(sorted(hand, key=CARD_INDEX.__getitem__))  # sorted_cards, inlined: a hot path
    if led is not None:
        suit = led[1]
        following = tuple(card for card in cards if card[1] == suit)
        if following:
            return following
    return cards
