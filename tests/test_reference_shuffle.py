"""The seeded shuffle matches its published definition and test vectors; commitments check deals."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from fourhundred.reference import shuffle
from fourhundred.reference.actions import Deal, parse_action
from fourhundred.reference.shuffle import commit_deal, deal_from_seed, verify_commitment
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.registry import load

VECTORS_FILE = Path(__file__).resolve().parent.parent / "reference" / "shuffle_vectors.json"


def vectors() -> list[dict[str, Any]]:
    data = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))
    items: list[dict[str, Any]] = data["vectors"]
    return items


def independent_shuffle(seed: int | str) -> list[str]:
    """The shuffle written again from its definition in the module docstring."""
    seed_bytes = str(seed).encode("utf-8")
    words: list[int] = []
    block = 0

    def next_word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(seed_bytes + block.to_bytes(8, "big")).digest()
            words.extend(int.from_bytes(digest[k : k + 8], "big") for k in range(24, -8, -8))
            block += 1
        return words.pop()

    deck = list(FULL_DECK)
    for i in range(51, 0, -1):
        n = i + 1
        while True:
            w = next_word()
            if w < 2**64 - 2**64 % n:
                break
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_there_are_vectors_for_int_text_empty_and_unicode_seeds() -> None:
    seeds = [v["seed"] for v in vectors()]
    assert any(isinstance(s, int) for s in seeds)
    assert "" in seeds and any(isinstance(s, str) and not s.isascii() for s in seeds)


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: repr(v["seed"]))
def test_the_shuffle_reproduces_the_published_vectors(vector: dict[str, Any]) -> None:
    seed = vector["seed"]
    assert shuffle.seed_bytes(seed).hex() == vector["seed_bytes_hex"]
    words = shuffle.random_words(seed)
    assert [f"{next(words):016x}" for _ in vector["first_words_hex"]] == vector["first_words_hex"]
    assert " ".join(shuffle.shuffled_deck(seed)) == vector["deck"]
    assert " ".join(independent_shuffle(seed)) == vector["deck"]
    for case in vector["deals"]:
        rules = load(case["variant"])
        dealer = "NWSE".index(case["dealer"])
        deal = deal_from_seed(seed, dealer, rules)
        assert str(deal) == case["deal"]
        assert commit_deal(seed, deal) == case["commitment"]
        assert verify_commitment(case["commitment"], seed, deal, rules, dealer)


def test_the_independent_shuffle_agrees_on_many_seeds() -> None:
    for seed in range(200):
        assert list(shuffle.shuffled_deck(seed)) == independent_shuffle(seed)


def test_a_deal_follows_the_variants_pattern_from_the_dealers_right() -> None:
    deck = shuffle.shuffled_deck(5)
    one_at_a_time = deal_from_seed(5, 3, load("qahwa-400"))
    assert deck[0] in one_at_a_time.hands[0] and deck[1] in one_at_a_time.hands[1]
    batches = deal_from_seed(5, 3, load("pagat-41"))
    assert deck[0] in batches.hands[0] and deck[1] in batches.hands[1]  # first round: one card each
    assert deck[4] in batches.hands[0] and deck[5] in batches.hands[0]  # then batches of two


def test_an_integer_seed_is_its_decimal_text() -> None:
    assert shuffle.shuffled_deck(42) == shuffle.shuffled_deck("42")
    assert shuffle.shuffled_deck(42) != shuffle.shuffled_deck(43)


def test_a_seed_must_be_an_int_or_text() -> None:
    with pytest.raises(TypeError, match="a seed is an int or a str"):
        shuffle.seed_bytes(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        shuffle.seed_bytes(True)


def test_every_position_of_the_deck_takes_every_card_over_many_seeds() -> None:
    seen = [set() for _ in range(52)]  # type: list[set[str]]
    for seed in range(400):
        for position, card in enumerate(shuffle.shuffled_deck(seed)):
            seen[position].add(card)
    assert min(len(cards) for cards in seen) > 40


def test_a_commitment_fails_for_another_deal_or_another_seed() -> None:
    rules = load("qahwa-400")
    deal = deal_from_seed("table-7", 0, rules)
    commitment = commit_deal("table-7", deal)
    assert verify_commitment(commitment, "table-7", deal, rules, 0)
    other = deal_from_seed("table-8", 0, rules)
    assert not verify_commitment(commitment, "table-8", other)
    assert not verify_commitment(commitment, "table-7", other)
    assert not verify_commitment(commit_deal("x", other), "x", other, rules, 0)
    swapped = Deal((deal.hands[1], deal.hands[0], deal.hands[2], deal.hands[3]))
    assert not verify_commitment(commitment, "table-7", swapped)


def test_the_commitment_does_not_depend_on_card_order_within_a_hand() -> None:
    rules = load("qahwa-400")
    deal = deal_from_seed(9, 1, rules)
    text = "deal " + " ".join(
        f"{s}:{','.join(reversed(h))}" for s, h in zip("NWSE", deal.hands, strict=True)
    )
    reordered = parse_action(text)
    assert isinstance(reordered, Deal)
    assert commit_deal(9, reordered) == commit_deal(9, deal)
