"""The one-line position notation: round trips, and pointed errors for malformed text."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourhundred.reference.actions import NotationError
from fourhundred.reference.engine import (
    GameState,
    Phase,
    apply,
    legal_actions,
    new_game,
)
from fourhundred.reference.notation import FIELDS, from_notation, to_notation
from fourhundred.reference.shuffle import deal_from_seed
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, load, names

READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)]
QAHWA = load("qahwa-400")


def random_position(rules: Rules, seed: int, steps: int) -> GameState:
    rnd = random.Random(seed)
    state = new_game(rules, seed % 4)
    for step in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.DEAL:
            state = apply(state, deal_from_seed(f"{seed}/{step}", state.dealer, rules))
            continue
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, actions[rnd.randrange(len(actions))])
    return state


@settings(max_examples=60)
@given(st.sampled_from(READINGS), st.integers(0, 10**6), st.integers(0, 200))
def test_notation_round_trips_for_any_reachable_position(
    rules: Rules, seed: int, steps: int
) -> None:
    state = random_position(rules, seed, steps)
    text = to_notation(state)
    parsed = from_notation(rules, text)
    assert parsed == replace(state, history=())
    assert to_notation(parsed) == text
    assert "\n" not in text and len(text.split(" ")) == len(FIELDS)


def test_the_notation_of_a_fresh_deal_reads_as_documented() -> None:
    state = apply(new_game(QAHWA, 0), deal_from_seed(1, 0, QAHWA))
    fields = to_notation(state).split(" ")
    assert fields[0] == "bidding" and fields[1] == "N"
    assert fields[2] == "0,0,0,0" and fields[3] == "41"
    assert [len(h) for h in fields[4].split("/")] == [26, 26, 26, 26]
    assert fields[5:] == ["-,-,-,-", "0,0,0,0", "-", "W", "1"]


def test_a_finished_game_is_written_with_its_result() -> None:
    state = from_notation(QAHWA, "over:WE S 3,44,-2,5 41 -/-/-/- 3,9,2,2 4,6,1,2 - - 12")
    assert state.phase is Phase.GAME_OVER
    assert to_notation(state).startswith("over:WE S")


def test_hands_may_be_written_in_any_order_and_case() -> None:
    base = apply(new_game(QAHWA, 0), deal_from_seed(2, 0, QAHWA))
    fields = to_notation(base).split(" ")
    fields[4] = "/".join(h[::-1].lower()[::-1] for h in fields[4].split("/"))
    hands = fields[4].split("/")
    hands[0] = "".join(reversed([hands[0][k : k + 2] for k in range(0, 26, 2)]))
    fields[4] = "/".join(hands)
    assert from_notation(QAHWA, " ".join(fields)) == base


GOOD = to_notation(apply(new_game(QAHWA, 0), deal_from_seed(1, 0, QAHWA)))


def with_field(index: int, value: str) -> str:
    fields = GOOD.split(" ")
    fields[index] = value
    return " ".join(fields)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("bidding N", "expected 10 fields"),
        (with_field(0, "auction"), "field 1 (phase): expected deal, bidding, play"),
        (with_field(0, "over:NE"), "field 1 (phase): expected over:NS, over:WE or over:draw"),
        (with_field(1, "X"), "field 2 (dealer): expected a seat (N, W, S, E)"),
        (with_field(2, "0,0,0"), "field 3 (scores): expected four scores"),
        (with_field(2, "0,a,0,0"), "field 3 (scores)"),
        (with_field(3, "forty"), "field 4 (target): expected an integer"),
        (with_field(4, "AH/KH"), "field 5 (hands): expected four hands"),
        (with_field(4, "AHK/-/-/-"), "odd length"),
        (with_field(4, "AHZZ/-/-/-"), "N's hand: 'ZZ' is not a card"),
        (with_field(4, "-/-/-/-"), "every hand has 13 cards during bidding; N has 0"),
        (with_field(5, "3,3"), "field 6 (bids): expected four bids"),
        (with_field(5, "-,-,3,-"), "bids are made in the order WSEN"),
        (with_field(5, "-,1,-,-").replace(" W 1", " S 1"), "W's bid 1 is not legal"),
        (with_field(6, "0,0,0,14"), "field 7 (tricks)"),
        (with_field(6, "0,1,0,0"), "no tricks during bidding"),
        (with_field(7, "W"), "field 8 (trick): expected '-' or <leader>:<cards>"),
        (with_field(8, "S"), "field 9 (to-act): W bids next, not S"),
        (with_field(8, "Q"), "field 9 (to-act): expected a seat (N, W, S, E or -)"),
        (with_field(9, "0"), "field 10 (hand-number): expected a hand number 1 or more"),
        ("deal N 0,0,0,0 41 -/-/-/- -,-,-,- 0,0,0,0 - W 1", "nobody acts while dealing"),
        ("deal N 0,0,0,0 41 -/-/-/- 3,-,-,- 0,0,0,0 - - 1", "no bids while dealing"),
    ],
)
def test_malformed_positions_are_refused_naming_the_field(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        from_notation(QAHWA, text)
    assert fragment in str(caught.value)


def test_a_play_position_must_agree_on_cards_turn_and_bids() -> None:
    state = apply(new_game(QAHWA, 0), deal_from_seed(1, 0, QAHWA))
    for _ in range(4):
        state = apply(state, legal_actions(state)[2])  # everyone bids 4
    state = apply(state, legal_actions(state)[0])
    good = to_notation(state)
    fields = good.split(" ")
    assert fields[7].startswith("W:") and fields[8] == "S"
    wrong_turn = " ".join([*fields[:8], "E", fields[9]])
    with pytest.raises(NotationError, match="S plays next, not E"):
        from_notation(QAHWA, wrong_turn)
    short = " ".join([*fields[:5], "2,2,2,2", *fields[6:]])
    with pytest.raises(NotationError, match="do not reach the table minimum"):
        from_notation(QAHWA, short)
    hands = fields[4].split("/")
    moved = "/".join([hands[0] + hands[1][:2], hands[1][2:], hands[2], hands[3]])
    with pytest.raises(NotationError, match="holds 13 cards, not 14"):
        from_notation(QAHWA, " ".join([*fields[:4], moved, *fields[5:]]))
    duplicated = " ".join([*fields[:7], fields[7] + "", *fields[8:]]).replace(
        fields[7], fields[7] + hands[2][:2]
    )
    with pytest.raises(NotationError):
        from_notation(QAHWA, duplicated)
