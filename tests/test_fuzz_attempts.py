"""The fuzzer's whole games try every type of action in every phase, with a seat
named and without, the game over included (fourhundred.conformance.random_attempts)."""

from __future__ import annotations

import random

from fourhundred.conformance import random_attempts, random_games
from fourhundred.conformance.suite import load_cases
from fourhundred.fuzz import games
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import parse_action
from fourhundred.reference.engine import Phase
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.registry import load

RULES = load("qahwa-400")


def _kind(text: str) -> tuple[str, bool]:
    """(type of action, whether it names a seat) of an action text."""
    action = parse_action(text)
    return type(action).__name__, action.seat is not None


def test_after_the_game_every_action_is_game_over_with_a_seat_or_without() -> None:
    case = next(
        c
        for c in load_cases()
        if c["kind"] == "whole_game"
        and c["variants"] == ["qahwa-400"]
        and c["expected"]["final"]["phase"] == "game_over"
    )
    state = games.start_state(RULES, case["input"])
    for text in case["input"]["actions"]:
        try:
            state = apply_text(state, text)
        except engine.IllegalAction:
            continue
    assert state.phase is Phase.GAME_OVER
    found = random_attempts.rejected(state, shuffle.deal_from_seed("x", 0, RULES))
    kinds = {_kind(text) for text in found}
    for name in ("Deal", "Bid", "Play", "ThrowIn"):
        assert {(name, False), (name, True)} <= kinds
    for text in found:
        try:
            apply_text(state, text)
        except engine.IllegalAction as error:
            assert error.code == "game_over", text


def test_the_fuzzers_games_send_every_action_after_the_game_named_and_not() -> None:
    seen: set[tuple[str, bool]] = set()
    phases: set[str] = set()
    for seed in range(120):
        data = random_games.random_game(random.Random(seed), RULES, 12)
        state = games.start_state(RULES, data)
        for text in data["actions"]:
            try:
                state = apply_text(state, text)
            except engine.IllegalAction as error:
                phases.add(state.phase.value)
                if state.phase is Phase.GAME_OVER:
                    assert error.code == "game_over"
                    seen.add(_kind(text))
    assert {"deal", "bidding", "play", "game_over"} <= phases
    for name in ("Deal", "Bid", "Play", "ThrowIn"):
        assert {(name, False), (name, True)} <= seen, seen
