"""Every action type in every phase (fourhundred.conformance.phases): each attempt of the
published games is rejected with the code a precedence stated here, independently of the
engine's checks, gives; every phase, action type and way of naming a seat is tried; and
an engine that judges two rules in the wrong order fails the suite."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from fourhundred.conformance import mutants
from fourhundred.conformance.suite import Run, load_cases
from fourhundred.reference import engine
from fourhundred.reference.engine import CHECKS, GameState, IllegalAction, Phase
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.cards import FULL_DECK, SEAT_NAMES
from fourhundred.spec.registry import load

#: The order in which the rules an action breaks are judged: the first one broken is
#: the code (stated here from ADAPTERS.md and the kinds' codes, not read from the engine).
PRECEDENCE = (
    "not_an_action",
    "game_over",
    "not_your_turn",
    "wrong_phase",
    "bad_deal",
    "throw_in_not_allowed",
    "bid_above_maximum",
    "bid_below_minimum",
    "card_not_in_hand",
    "must_follow_suit",
)
_PHASE_OF = {
    "deal": Phase.DEAL,
    "bid": Phase.BIDDING,
    "throw-in": Phase.BIDDING,
    "play": Phase.PLAY,
}


def broken(state: GameState, text: str) -> list[str]:
    """Every rule ``text`` breaks where ``state`` stands, in :data:`PRECEDENCE` order."""
    seat: int | None = None
    body = text
    if len(text) > 2 and text[1:3] == ": " and text[0] in SEAT_NAMES:
        seat, body = SEAT_NAMES.index(text[0]), text[3:]
    word = body.split(" ", 1)[0]
    if word not in _PHASE_OF:
        return ["not_an_action"]
    found = []
    if state.phase is Phase.GAME_OVER:
        found.append("game_over")
    actor = state.dealer if state.to_act is None else state.to_act
    if seat is not None and seat != actor:
        found.append("not_your_turn")
    if state.phase is not _PHASE_OF[word]:
        found.append("wrong_phase")
    rules = state.rules
    if word == "deal":
        hands = [part.split(":", 1)[1].split(",") for part in body.split(" ")[1:]]
        cards = [card for hand in hands for card in hand]
        if len(hands) != 4 or sorted(cards) != sorted(FULL_DECK) or {len(h) for h in hands} != {13}:
            found.append("bad_deal")
    elif word == "throw-in":
        if actor != state.dealer or not rules.dealer_may_throw_in:
            found.append("throw_in_not_allowed")
    elif word == "bid":
        bid = int(body.split(" ")[1])
        if bid > rules.max_bid:
            found.append("bid_above_maximum")
        if bid < state.fast.own_minimum_bid(state.scores[actor]):
            found.append("bid_below_minimum")
    elif word == "play" and state.phase is Phase.PLAY:
        card = body.split(" ")[1]
        hand = state.hands[actor]
        if card not in hand:
            found.append("card_not_in_hand")
        if state.trick:
            led = state.trick[0][1]
            if card[1] != led and any(c[1] == led for c in hand):
                found.append("must_follow_suit")
    return sorted(found, key=PRECEDENCE.index)


@cache
def _published() -> tuple[dict[str, Any], ...]:
    return tuple(c for c in load_cases() if str(c["description"]).startswith("every action type"))


def _attempts(case: dict[str, Any]) -> Iterator[tuple[GameState, str, str | None]]:
    """(state before, action text, the code the case expects or None) of each action."""
    rules = load(case["variants"][0])
    state = engine.new_game(rules, case["input"]["first_dealer"])
    codes = {index: code for index, code in case["expected"]["rejected"]}
    for index, text in enumerate(case["input"]["actions"]):
        yield state, text, codes.get(index)
        if index not in codes:
            state = apply_text(state, text)


def test_the_suite_publishes_one_such_game_for_every_game_level_setting() -> None:
    from fourhundred.conformance.position_games import POSITION_VARIANTS

    assert sorted(c["variants"][0] for c in _published()) == sorted(
        str(load(v)) for v in POSITION_VARIANTS
    )
    assert all("first_dealer" in c["input"] for c in _published())  # no position needed


def test_every_attempt_is_rejected_with_the_first_rule_it_breaks() -> None:
    checked = 0
    for case in _published():
        for state, text, code in _attempts(case):
            rules_broken = broken(state, text)
            assert code == (rules_broken[0] if rules_broken else None), (case["id"], text)
            checked += code is not None
    assert checked > 1000


def test_every_phase_every_action_type_and_every_way_of_naming_a_seat_is_tried() -> None:
    seen: set[tuple[str, str, str]] = set()
    for case in _published():
        for state, text, code in _attempts(case):
            if code is None:
                continue
            named = "none"
            body = text
            if text[1:3] == ": ":
                actor = state.dealer if state.to_act is None else state.to_act
                named = "actor" if SEAT_NAMES.index(text[0]) == actor else "other"
                body = text[3:]
            seen.add((state.phase.value, body.split(" ", 1)[0], named))
    for phase in Phase:
        for word in ("pass", "deal", "bid", "throw-in", "play"):
            assert (phase.value, word, "none") in seen or (phase.value, word, "actor") in seen
            assert (phase.value, word, "other") in seen, (phase.value, word)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("not_an_action", "game_over"),
        ("game_over", "not_your_turn"),
        ("game_over", "wrong_phase"),
        ("game_over", "bad_deal"),
        ("not_your_turn", "wrong_phase"),
        ("not_your_turn", "bad_deal"),
        ("not_your_turn", "bid_below_minimum"),
        ("not_your_turn", "card_not_in_hand"),
        ("wrong_phase", "bad_deal"),
    ],
)
def test_each_precedence_is_tried_where_both_rules_are_broken(first: str, second: str) -> None:
    """Some attempt breaks both rules and is expected to carry the first's code."""
    for case in _published():
        for state, text, code in _attempts(case):
            if code is None:
                continue
            rules_broken = broken(state, text)
            if first == "not_an_action" and code == first and state.phase is Phase.GAME_OVER:
                return
            if first in rules_broken and second in rules_broken and code == first:
                return
    pytest.fail(f"no attempt breaks both {first} and {second}")


def _moved(code: str, after: str) -> tuple[Any, ...]:
    """The engine's checks with the one of ``code`` moved just after ``after``'s."""
    order = [c for c in CHECKS if c.code != code]
    at = [c.code for c in order].index(after)
    order.insert(at + 1, next(c for c in CHECKS if c.code == code))
    return tuple(order)


@pytest.mark.parametrize(
    ("code", "after"),
    [
        ("game_over", "not_your_turn"),
        ("game_over", "must_follow_suit"),
        ("not_your_turn", "wrong_phase"),
        ("not_your_turn", "must_follow_suit"),
    ],
)
def test_an_engine_judging_a_rule_too_late_fails_the_suite(code: str, after: str) -> None:
    """The check of ``code`` judged after ``after``'s: the games kill it. (The checks
    after ``wrong_phase`` each keep to their own phase, so moving ``wrong_phase``
    after them changes no answer: that engine is equivalent, not a bug.)"""
    mutant = mutants.Mutant(
        f"{code}-after-{after}", f"{code} after {after}", checks=_moved(code, after)
    )
    runs = [Run(case, v) for case in _published() for v in case["variants"]]
    assert mutants.Killer().killing(mutant, runs, limit=1)


def test_broken_is_not_the_engine_itself() -> None:
    """The stated precedence holds against the engine on a fresh game (a check that
    could not fail would agree with anything)."""
    state = engine.new_game(load("pagat-41"), 0)
    with pytest.raises(IllegalAction) as raised:
        apply_text(state, "W: bid 0")
    assert broken(state, "W: bid 0") == ["not_your_turn", "wrong_phase", "bid_below_minimum"]
    assert raised.value.code == "not_your_turn"
