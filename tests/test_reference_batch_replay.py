"""The compiled checked replay is the engine: the same rejections with the same codes, the
same hand ends and the same final position as :func:`fourhundred.conformance.kinds.whole_game`
for the fuzzer's games of every reading and house-rules table, from positions mid-hand, and
for every type of action in every phase; it declines what it does not play."""

from __future__ import annotations

import contextlib
import random

import pytest

from fourhundred.conformance.adapter import reference_answer
from fourhundred.conformance.games import Script, attempts, bad_deal
from fourhundred.conformance.kinds import start_of, whole_game
from fourhundred.conformance.random_games import random_game
from fourhundred.fuzz import stream
from fourhundred.fuzz.expected import expected_answer, whole_game_answer
from fourhundred.reference import engine
from fourhundred.reference.batch_replay import replay
from fourhundred.reference.engine import CHECKS, Phase, Reference
from fourhundred.reference.fast import FastRules
from fourhundred.reference.notation import to_notation
from fourhundred.reference.shuffle import deal_from_seed
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.house import EXAMPLES
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import all_readings, load, names

#: Every reading, and every house-rules table of the docs.
READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)] + [
    load(example.text) for example in EXAMPLES
]


def games(rules: Rules, seed: str, count: int) -> list[dict[str, object]]:
    """The fuzzer's whole games (positions, full games, draws, illegal and attempted actions)."""
    rng = random.Random(seed)
    return [random_game(rng, rules, 12) for _ in range(count)]


@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_the_fuzzers_games_of_every_reading_replay_as_the_engine_answers(rules: Rules) -> None:
    ended = 0
    for data in games(rules, f"replay {rules}", 8):
        expected = reference_answer("whole_game", rules, data)
        assert whole_game_answer(rules, data) == expected
        ended += len(expected["hands"])
    assert ended >= 8


@pytest.mark.slow
@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_hundreds_of_the_fuzzers_games_of_every_reading_replay(rules: Rules) -> None:
    for data in games(rules, f"slow replay {rules}", 300):
        assert whole_game_answer(rules, data) == reference_answer("whole_game", rules, data)


@pytest.mark.parametrize("variant", ["qahwa-400", "pagat-41", "medallon-400", "arab3meyeh-400"])
def test_from_every_position_of_a_game_the_rest_replays_as_the_engine_answers(
    variant: str,
) -> None:
    """Each state a game passes through (mid-bidding, mid-trick, between hands) as a
    ``position``, with the rest of the game after it."""
    rules = load(variant)
    reference = Reference.of(rules)
    phases: set[Phase] = set()
    for data in games(rules, f"positions {variant}", 4):
        state = start_of(reference, data)
        actions = list(data["actions"])  # type: ignore[call-overload]
        for k, text in enumerate(actions):
            if k % 5 == 0:
                rest = {"position": to_notation(state), "actions": actions[k:]}
                assert whole_game_answer(rules, rest) == whole_game(reference, rest)
                phases.add(state.phase)
            with contextlib.suppress(engine.IllegalAction):
                state = apply_text(state, text)
    assert phases >= {Phase.DEAL, Phase.BIDDING, Phase.PLAY}


@pytest.mark.parametrize(
    "variant", ["qahwa-400", "pagat-41(dealer_throw_in=yes)", "pagat-400", "arab3meyeh-400"]
)
def test_every_type_of_action_in_every_phase_is_judged_as_the_engine_judges_it(
    variant: str,
) -> None:
    """The suite's attempts (a deal and a bad deal, bids of 0, the minimum and one over the
    maximum, a throw-in, a held card and one not held; bare, named for the seat to act and
    for another), a text that is no action, and a card out of suit, at every state."""
    rules = load(variant)
    reference = Reference.of(rules)
    states = [engine.GameState(rules, Phase.GAME_OVER, 1, (50, 3, 2, 1), 41, result=Result(1))]
    for data in games(rules, f"attempts {variant}", 2):
        state = start_of(reference, data)
        for k, text in enumerate(data["actions"]):  # type: ignore[arg-type]
            if k % 2 == 0:
                states.append(state)
            with contextlib.suppress(engine.IllegalAction):
                state = apply_text(state, text)
    codes: set[str] = set()
    for state in states:
        deal = deal_from_seed(f"attempts {variant}", state.dealer, rules)
        tried = [*attempts(Script(state), deal), "pass", 7, None, bad_deal(deal)]
        if state.phase is Phase.PLAY and state.trick:
            tried += [f"play {card}" for card in state.hands[state.to_act or 0]]
        position = to_notation(state)
        for attempt in tried:
            one = {"position": position, "actions": [attempt]}
            expected = whole_game(reference, one)
            assert whole_game_answer(rules, one) == expected, attempt
            codes.update(code for _, code in expected["rejected"])
    assert codes == {check.code for check in CHECKS} | {"not_an_action"}


def test_the_replay_declines_what_is_not_the_reference_itself() -> None:
    """A fast-rule variant or an engine without one of its checks is another engine: the
    replay says it does not play it, and the expected answer is the engine's."""
    rules = load("qahwa-400")
    state = engine.new_game(rules)

    class Other(FastRules):
        pass

    assert replay(state, ["bid 3"]) is not None
    assert replay(engine.new_game(rules, fast=Other.of(rules)), ["bid 3"]) is None
    assert replay(engine.new_game(rules, checks=CHECKS[1:]), ["bid 3"]) is None
    assert whole_game_answer(rules, {"first_dealer": 0, "actions": "bid 3"}) is None
    huge = {"position": to_notation(engine.GameState(rules, Phase.DEAL, 0, (10**15, 0, 0, 0), 41))}
    assert whole_game_answer(rules, {**huge, "actions": []}) is None


def test_the_fuzz_stream_carries_the_engines_answers() -> None:
    config = stream.Config(variants=("pagat-41", "qahwa-400"), kinds=("whole_game",))
    by_variant = {variant: load(variant) for variant in config.variants}
    for kind, variant, data, expected in stream.block_cases(config, 3, 12, by_variant):
        assert expected == reference_answer(kind, by_variant[variant], data)
        assert expected == expected_answer(kind, by_variant[variant], data)
