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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
_DECK_SET = frozenset(FULL_DECK)


def parse_card(text: str) -> Card:
    """Check a card in notation and return it; lower case is accepted.

    >>> parse_card("ah")
    'AH'
    """
    card = text.strip().upper().replace("10", "T")
    if card not in _DECK_SET:
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
    """Position of a card in :data:`FULL_DECK` (0-51)."""
    return suit_of(card) * 13 + rank_of(card)


def team_of(seat: int) -> int:
    """Team of a seat: 0 for North-South, 1 for West-East."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The partner sits opposite."""
    return (seat + 2) % 4


def seat_to_the_right(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the right (the direction of play in every source)."""
    return (seat + steps) % 4


def beats(suit: IntLike, rank: IntLike, best_suit: IntLike, best_rank: IntLike) -> BoolLike:
    """Whether a card beats the best card of the trick so far.

    A heart beats any card that is not a heart; a card of the same suit as the
    best card beats it when it ranks higher; any other card never does. Since
    the best card starts as the card led, this gives "highest heart, else
    highest card of the suit led" (all four sources, sections in the module
    docstring).
    """
    heart_over_plain = all_(suit == TRUMP, best_suit != TRUMP)
    higher_same_suit = all_(suit == best_suit, rank > best_rank)
    return any_(heart_over_plain, higher_same_suit)


def trick_winner_position(suits: Sequence[IntLike], ranks: Sequence[IntLike]) -> IntLike:
    """Position in play order (0 = leader) of the card that wins a full trick."""
    best_position: IntLike = 0
    best_suit, best_rank = suits[0], ranks[0]
    for position in range(1, len(suits)):
        wins = beats(suits[position], ranks[position], best_suit, best_rank)
        best_position = ite(wins, position, best_position)
        best_suit = ite(wins, suits[position], best_suit)
        best_rank = ite(wins, ranks[position], best_rank)
    return best_position


def trick_winner(cards_in_play_order: Sequence[Card]) -> int:
    """Position in play order (0 = leader) of the card that wins the trick."""
    suits = [suit_of(card) for card in cards_in_play_order]
    ranks = [rank_of(card) for card in cards_in_play_order]
    return int(trick_winner_position(suits, ranks))


def legal_plays(hand: Iterable[Card], led: Card | None) -> tuple[Card, ...]:
    """Cards a player may play: any card when leading; else a card of the suit
    led if the hand holds one, and any card if it holds none.

    Leading a heart is allowed at any time (pagat §"Play": the leader "leads
    any card"; the other sources are silent, see ambiguity ``leading-hearts``).
    Trumping when void is allowed, not required (qahwa §"Playing the tricks").
    """
    cards = tuple(sorted(hand, key=card_index))
    if led is None:
        return cards
    following = tuple(card for card in cards if card[1] == led[1])
    return following or cards
