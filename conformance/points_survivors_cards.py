"""The survivor family of the card rules, a discard never wins a trick: its wrong
readings and the ``trick_winner`` questions its witness, turned into a template, gives
(:func:`card_points`, read by :mod:`fourhundred.conformance.points`).

``cards/discard-as-rank-N`` (from the survivors of ``_strength``, spec/cards.py, where a
discard's standing ``-1`` became ``1`` or ``+1``; witness: the ``trick_winner`` question
``2S 8C AC 6D``, which the two of spades led wins): a discard (a card of neither the suit
led nor trumps) never wins a trick, however low the cards of the suit led are (all four
sources, §"Play"); the wrong readings let a discard stand as the three, the eight or the
ace of the suit led, so it beats a lower card of that suit. Every variant alike
(:func:`card_points`); the questions are tricks led with a card just below the discard's
wrong standing, the discards before and after a higher card of the suit led
(:func:`_discard_tricks`). (Standing as the two is no wrong reading: the two of the suit
led is never played before a discard it ties.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.points_base import Point
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import RANKS, SUITS, TRUMP_SUIT
from fourhundred.spec.model import Rules

Json = dict[str, Any]


def _winner_with_discards_at(trick: Sequence[str], trump: str, standing: int) -> int:
    """The trick's winner when a discard stands as the card of rank ``standing`` (0 the
    two .. 12 the ace) of the suit led: a trump above every other card, the highest
    standing wins, the first played of equals."""
    led = trick[0][1]

    def power(card: str) -> int:
        rank = RANKS.index(card[0])
        if card[1] == trump:
            return len(RANKS) + rank
        return rank if card[1] == led else standing

    powers = [power(card) for card in trick]
    return powers.index(max(powers))


class _DiscardAsThree(FastRules):
    """A discard stands as the three of the suit led (it beats a two led)."""

    def trick_winner(self, trick: Sequence[str], trump: str = TRUMP_SUIT) -> int:
        return _winner_with_discards_at(trick, trump, 1)


class _DiscardAsEight(FastRules):
    """A discard stands as the eight of the suit led."""

    def trick_winner(self, trick: Sequence[str], trump: str = TRUMP_SUIT) -> int:
        return _winner_with_discards_at(trick, trump, 6)


class _DiscardAsAce(FastRules):
    """A discard stands as the ace of the suit led (below every trump)."""

    def trick_winner(self, trick: Sequence[str], trump: str = TRUMP_SUIT) -> int:
        return _winner_with_discards_at(trick, trump, len(RANKS) - 1)


#: The wrong standings of a discard: (point name, the reading, its rank of the suit led).
_DISCARD_READINGS: tuple[tuple[str, type[FastRules], int], ...] = (
    ("discard-as-rank-1", _DiscardAsThree, 1),
    ("discard-as-rank-6", _DiscardAsEight, 6),
    ("discard-as-rank-12", _DiscardAsAce, len(RANKS) - 1),
)


def _discard_tricks(standing: int) -> Callable[[Rules], Iterator[tuple[str, Json, str]]]:
    """The witness as a template, for a discard read as the card of rank ``standing``:
    tricks of no trump, led by the card one rank below ``standing`` in each plain suit,
    with discards of the other plain suits before and after the card of the suit led
    that wins (the card led itself, or a lower one played after a discard)."""

    def questions(rules: Rules) -> Iterator[tuple[str, Json, str]]:
        plain = [suit for suit in SUITS if suit != TRUMP_SUIT]
        for led in plain:
            others = [suit for suit in plain if suit != led]
            high = RANKS[standing - 1]
            discards = [f"{RANKS[-1 - n]}{others[n % 2]}" for n in range(3)]
            yield (
                "trick_winner",
                {"trick": [f"{high}{led}", *discards]},
                f"{high}{led} led, three discards: the card led wins, no discard does",
            )
            if standing >= 2:
                low = RANKS[0]
                yield (
                    "trick_winner",
                    {"trick": [f"{low}{led}", discards[0], f"{high}{led}", discards[1]]},
                    f"{low}{led} led, a discard, then {high}{led}: the higher card of the "
                    "suit led wins, not the discard played before it",
                )

    return questions


def card_points(variants: Sequence[str], where: str) -> Iterator[Point]:
    """The points of the card rules grown from survivors, every variant alike (the
    variants ``variants``, citing ``where``), each with its witness questions."""
    for name, wrong, standing in _DISCARD_READINGS:
        what = f"a discard never wins, even against a card of the suit led below rank {standing}"
        yield Point(
            f"cards/{name}",
            tuple(variants),
            where,
            what,
            Mutant(f"cards/{name}", f"not: {what}", fast=wrong),
            candidates=_discard_tricks(standing),
        )
