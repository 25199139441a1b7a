"""The seeded shuffle and the deal commitment: a deal anyone can recompute and check.

The shuffle (language-neutral; test vectors in ``reference/shuffle_vectors.json``):

1. The seed is text. An integer seed is written in decimal (``42``, ``-7``);
   ``seed_bytes`` is the UTF-8 encoding of that text.
2. Random words: block ``i`` (``i`` = 0, 1, 2, ...) is
   ``SHA-256(seed_bytes || i as 8-byte big-endian)``; each 32-byte block gives
   four 64-bit big-endian unsigned words, used in order, block after block.
3. Unbiased index below ``n``: take the next word ``w``; if
   ``w >= 2**64 - (2**64 mod n)`` discard it and take another; else the index is ``w mod n``.
4. Fisher-Yates: start from :data:`fourhundred.spec.cards.FULL_DECK` (2C..AC,
   2D..AD, 2H..AH, 2S..AS); for ``i`` from 51 down to 1 draw ``j`` below
   ``i + 1`` and swap positions ``i`` and ``j``. Position 0 is the top card.
5. The variant deals the deck: :meth:`fourhundred.spec.model.Rules.deal`
   (batches of ``deal_pattern``, the dealer's right-hand neighbour first).
   Under the house rule ``trump=turned`` the dealer turns the deck's last card,
   their own last card (:meth:`~fourhundred.spec.model.Rules.turned_card`): the
   deal states it (``turn:7S``) and its suit is trumps for the hand.

The hand ``k`` (1-based) of a game played from seed ``s`` is dealt from seed
text ``"<s>/<k>"`` (see :func:`hand_seed`).

Commitment (qahwa promises "the deal can be checked"): before play, publish
``SHA-256(seed_bytes || 0x00 || deal_text)`` in hex, where ``deal_text`` is the
UTF-8 of the deal action's text (``deal N:... W:... S:... E:...``, cards in
deck order). After play, reveal the seed: anyone recomputes the deal and the hash.

:func:`deal_from_seed` is the deal of a seed, :func:`commit_deal` its commitment
and :func:`verify_commitment` the check of both.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from fourhundred.reference.actions import Deal, canonical_deal
from fourhundred.spec.cards import FULL_DECK

if TYPE_CHECKING:
    from fourhundred.spec.model import Rules

_TWO_64 = 1 << 64


def seed_bytes(seed: int | str) -> bytes:
    """The bytes a seed stands for: the UTF-8 of its text (an int in decimal)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
    return str(seed).encode("utf-8")


def random_words(seed: int | str) -> Iterator[int]:
    """The endless stream of 64-bit words of a seed (step 2 of the module docstring)."""
    prefix = seed_bytes(seed)
    block = 0
    while True:
        digest = hashlib.sha256(prefix + block.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset : offset + 8], "big")
        block += 1


def index_below(words: Iterator[int], n: int) -> int:
    """An unbiased index in ``range(n)`` by rejection sampling (step 3)."""
    if n <= 0:
        raise ValueError(f"index_below needs a positive bound, got {n}")
    limit = _TWO_64 - _TWO_64 % n
    while True:
        word = next(words)
        if word < limit:
            return word % n


def shuffled_deck(seed: int | str) -> tuple[str, ...]:
    """The 52 cards in the order the seed shuffles them, top card first (step 4)."""
    deck = list(FULL_DECK)
    words = random_words(seed)
    for i in range(51, 0, -1):
        j = index_below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def hand_seed(game_seed: int | str, hand_number: int) -> str:
    """The seed text of hand ``hand_number`` (1-based) in a game played from ``game_seed``."""
    return f"{game_seed}/{hand_number}"


def commitment(seed: int | str, deal_text: str) -> str:
    """The hex SHA-256 commitment to a seed and the deal it produced."""
    return hashlib.sha256(seed_bytes(seed) + b"\x00" + deal_text.encode("utf-8")).hexdigest()


def deal_from_seed(seed: int | str, dealer: int, rules: Rules) -> Deal:
    """The deal of the documented SHA-256 shuffle (the module docstring), in deck order."""
    deck = shuffled_deck(seed)
    north, west, south, east = rules.deal(deck, dealer)
    return canonical_deal(Deal((north, west, south, east), rules.turned_card(deck)))


def commit_deal(seed: int | str, deal: Deal) -> str:
    """Commitment to a seed and its deal, published before play (hex SHA-256)."""
    return commitment(seed, str(canonical_deal(deal)))


def verify_commitment(
    commitment: str, seed: int | str, deal: Deal, rules: Rules | None = None, dealer: int = 0
) -> bool:
    """Whether the commitment matches the revealed seed and deal, and (given the
    rules and dealer) whether the seed really produces that deal."""
    if commit_deal(seed, deal) != commitment.strip().lower():
        return False
    if rules is not None:
        return canonical_deal(deal) == deal_from_seed(seed, dealer, rules)
    return True
