"""The one card table (``fourhundred.spec.cards``) is the card rules: its strengths are
``beats`` for every led suit and pair of cards, its trick winner is ``trick_winner_position``,
its follow-suit rule is the sources', and its indices, bits and masks agree with the deck."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from fourhundred.spec.cards import (
    CARD_BIT,
    CARD_INDEX,
    CARD_SUIT,
    FULL_DECK,
    LED_STRENGTH,
    RANKS,
    STRENGTH,
    STRENGTHS,
    SUIT_MASK,
    SUIT_START,
    SUITS,
    TRUMP,
    beats,
    card_index,
    hand_mask,
    legal_plays,
    make_card,
    rank_of,
    sorted_cards,
    suit_of,
    trick_winner,
    trick_winner_position,
)

LED_SUITS = range(len(SUITS))
CARD_PAIRS = list(itertools.product(FULL_DECK, repeat=2))


def strength(led: int, card: str, trump: int = TRUMP) -> int:
    return STRENGTHS[trump][led][CARD_INDEX[card]]


def test_a_card_stands_in_a_trick_exactly_when_it_is_of_the_suit_led_or_a_heart() -> None:
    for led, card in itertools.product(LED_SUITS, FULL_DECK):
        in_contention = suit_of(card) in (led, TRUMP)
        assert (strength(led, card) >= 0) == in_contention, (led, card)


def test_the_strength_table_is_beats_for_every_trump_led_suit_and_pair_of_cards() -> None:
    # The best card of a trick so far is always of the suit led or a trump: for every
    # such best card, a card beats it exactly when its strength is higher.
    assert STRENGTH is STRENGTHS[TRUMP]
    for trump, led in itertools.product(range(4), LED_SUITS):
        for card, best in CARD_PAIRS:
            if card == best or strength(led, best, trump) < 0:
                continue
            rule = beats(suit_of(card), rank_of(card), suit_of(best), rank_of(best), trump)
            assert (strength(led, card, trump) > strength(led, best, trump)) == bool(rule)


def test_the_trick_winner_under_every_trump_suit_is_the_rules_trick_winner_position() -> None:
    rnd = random.Random(11)
    for draw in range(4000):
        trick = rnd.sample(FULL_DECK, 4)
        trump = draw % 4
        suits = [suit_of(card) for card in trick]
        ranks = [rank_of(card) for card in trick]
        expected = trick_winner_position(suits, ranks, trump)
        assert trick_winner(trick, "CDHS"[trump]) == expected, (trick, trump)


def test_a_trick_led_with_a_card_reads_the_strengths_of_its_suit() -> None:
    for card in FULL_DECK:
        assert LED_STRENGTH[CARD_INDEX[card]] is STRENGTH[suit_of(card)]


@given(st.permutations(FULL_DECK).map(lambda deck: deck[:4]))
def test_the_trick_winner_is_the_rules_trick_winner_position(trick: list[str]) -> None:
    suits = [suit_of(card) for card in trick]
    ranks = [rank_of(card) for card in trick]
    assert trick_winner(trick) == trick_winner_position(suits, ranks)


def test_the_trick_winner_agrees_with_the_rule_on_many_random_tricks() -> None:
    rnd = random.Random(7)
    for _ in range(5000):
        trick = rnd.sample(FULL_DECK, 4)
        suits = [suit_of(card) for card in trick]
        ranks = [rank_of(card) for card in trick]
        assert trick_winner(trick) == trick_winner_position(suits, ranks), trick


@given(
    st.permutations(FULL_DECK).flatmap(
        lambda deck: st.tuples(
            st.integers(0, 13).map(lambda size: tuple(deck[:size])),
            st.one_of(st.none(), st.sampled_from(deck[13:])),
        )
    )
)
def test_a_player_follows_suit_when_able_and_may_play_anything_otherwise(
    case: tuple[tuple[str, ...], str | None],
) -> None:
    hand, led = case
    plays = legal_plays(hand, led)
    following = [card for card in hand if led is not None and card[1] == led[1]]
    assert set(plays) == set(following or hand)
    assert list(plays) == sorted(plays, key=FULL_DECK.index)


def test_card_indices_are_deck_positions_and_sort_in_deck_order() -> None:
    for index, card in enumerate(FULL_DECK):
        assert CARD_INDEX[card] == card_index(card) == index
        assert index == suit_of(card) * len(RANKS) + rank_of(card)
        assert CARD_SUIT[index] == suit_of(card)
        assert FULL_DECK[SUIT_START[index]] == make_card(RANKS[0], card[1])
        assert CARD_BIT[index] == 1 << index
        assert SUIT_MASK[suit_of(card)] & CARD_BIT[index]
    assert sorted_cards(["AS", "2C", "KH", "TD", "3C"]) == ("2C", "3C", "TD", "KH", "AS")


def test_suit_masks_split_the_deck_and_a_hand_mask_holds_each_cards_bit() -> None:
    assert sum(SUIT_MASK) == (1 << len(FULL_DECK)) - 1
    assert sum(bin(mask).count("1") for mask in SUIT_MASK) == len(FULL_DECK)
    hand = ("2C", "AC", "TD", "AH", "KS")
    assert hand_mask(hand) == sum(1 << CARD_INDEX[card] for card in hand)
    assert hand_mask(reversed(hand)) == hand_mask(hand)
