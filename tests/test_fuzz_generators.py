"""The fuzzer's generators, its in-process reference, its Hypothesis strategies and ``fourhundred generate``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourhundred import strategies
from fourhundred.conformance import inputs, kinds
from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.cases import generated_cases
from fourhundred.reference.fast import FastRules
from fourhundred.spec.registry import all_readings, load, names

SCHEMA = json.loads(
    (
        Path(__file__).resolve().parent.parent / "conformance" / "schema" / "case-file.schema.json"
    ).read_text()
)
EVERY_READING = [rules for name in names() for rules in all_readings(name)]


def _case_file(kind: str, cases: list[dict[str, object]]) -> dict[str, object]:
    return {"suite_version": "1.0.0", "kind": kind, "origin": "generated", "cases": cases}


@pytest.mark.parametrize("rules", EVERY_READING, ids=str)
def test_every_generated_input_is_valid_and_the_fast_reference_answers_it_as_the_specification(
    rules: object,
) -> None:
    rng = random.Random(f"valid/{rules}")
    for kind in kinds.PURE_KINDS:
        for _ in range(60):
            data = inputs.generate(kind, rng, rules)  # type: ignore[arg-type]
            assert inputs.is_valid(kind, rules, data), (kind, data)  # type: ignore[arg-type]
            spec = kinds.kind(kind).spec_answer(rules, data)  # type: ignore[arg-type]
            assert reference_answer(kind, rules, data) == spec  # type: ignore[arg-type]


def test_the_generators_reach_band_edges_races_throw_ins_and_bids_of_thirteen() -> None:
    rules = load("qahwa-400(table=classic)")
    fast = FastRules.of(rules)
    rng = random.Random(7)
    own_scores = {inputs.legal_bids_input(rng, rules)["own_score"] for _ in range(400)}
    assert {29, 30, 39, 40, 49, 50, 0, 1, -1} <= own_scores
    thrown_in = sum(
        not fast.hand_is_played(d["bids"], d["scores"])
        for d in (inputs.table_minimum_input(rng, rules) for _ in range(400))
    )
    assert 60 < thrown_in < 340
    outcomes = [inputs.game_outcome_input(rng, rules) for _ in range(2000)]
    results = [
        fast.hand_result(d["scores"], d["bids"], d["tricks"], d["dealer"], d["target_in_force"])
        for d in outcomes
    ]
    both = sum(
        fast._qualifies(0, after, 41) and fast._qualifies(1, after, 41) for after, _, _ in results
    )
    assert both >= 5, "both teams qualifying in the same hand"
    assert sum(result != 0 for _, result, _ in results) >= 100, "hands that end the game"
    assert any(13 in d["bids"] for d in outcomes)
    assert any(0 in d["scores"] or 1 in d["scores"] for d in outcomes)


def test_a_whole_game_by_the_heuristic_players_has_thrown_in_and_played_hands() -> None:
    rules = load("pagat-400(dealer_throw_in=yes)")
    data = inputs.whole_game_input(random.Random(3), rules)
    answer = reference_answer("whole_game", rules, data)
    played = [hand["played"] for hand in answer["hands"]]
    assert True in played and False in played
    assert inputs.is_valid("whole_game", rules, data)


def test_the_same_seed_gives_the_same_inputs() -> None:
    rules = load("medallon-400")
    first = [inputs.generate("game_outcome", random.Random(5), rules) for _ in range(3)]
    second = [inputs.generate("game_outcome", random.Random(5), rules) for _ in range(3)]
    assert first == second


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_hypothesis_strategies_draw_valid_inputs_of_every_kind(data: st.DataObject) -> None:
    rules = data.draw(strategies.rule_sets())
    kind = data.draw(st.sampled_from(kinds.PURE_KINDS))
    drawn = data.draw(strategies.case_inputs(kind, rules))
    assert inputs.is_valid(kind, rules, drawn)


@settings(max_examples=15, deadline=None)
@given(case=strategies.cases("game_outcome", "arab3meyeh-400"))
def test_the_cases_strategy_draws_schema_valid_cases_with_the_specifications_answer(
    case: dict[str, object],
) -> None:
    jsonschema.validate(_case_file("game_outcome", [case]), SCHEMA)
    assert case["expected"] == kinds.kind("game_outcome").spec_answer(
        load("arab3meyeh-400"), case["input"]
    )  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(
    score=strategies.band_edge_scores(), tricks=strategies.tricks(), hand=strategies.hands(13, 13)
)
def test_band_edge_scores_tricks_and_hands_are_what_they_say(
    score: int, tricks: list[int], hand: list[str]
) -> None:
    assert score % 10 in (9, 0, 1) or score in (-1, 0, 1)
    assert sum(tricks) == 13 and len(tricks) == 4
    assert len(set(hand)) == 13


@pytest.mark.parametrize("kind", kinds.KINDS)
def test_generated_cases_are_schema_valid_and_carry_the_specifications_answer(kind: str) -> None:
    count = 2 if kind == "whole_game" else 25
    cases = generated_cases(kind, "pagat-41", count, seed=11)
    jsonschema.validate(_case_file(kind, cases), SCHEMA)
    assert len({case["id"] for case in cases}) == count
    if kind != "whole_game":
        rules = load("pagat-41")
        assert all(
            case["expected"] == kinds.kind(kind).spec_answer(rules, case["input"]) for case in cases
        )


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_generate_writes_a_case_file_the_conformance_runner_accepts(tmp_path: Path) -> None:
    target = tmp_path / "cases" / "hand_scoring" / "mine.json"
    done = _cli(
        "generate",
        "--kind",
        "hand_scoring",
        "--variant",
        "qahwa-400",
        "-n",
        "30",
        "--seed",
        "4",
        "-o",
        str(target),
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(target.read_text())
    jsonschema.validate(data, SCHEMA)
    assert len(data["cases"]) == 30
    again = _cli(
        "generate", "--kind", "hand_scoring", "--variant", "qahwa-400", "-n", "30", "--seed", "4"
    )
    assert json.loads(again.stdout) == data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["generate", "--kind", "bid_values", "--variant", "qahwa-400"],
            "--kind 'bid_values' is not a kind",
        ),
        (["generate", "--kind", "bid_value", "--variant", "qahwa-500"], "qahwa-500"),
        (["fuzz", "--variant", "qahwa-400", "--shard", "3/2"], "--shard '3/2'"),
        (["fuzz", "--variant", "qahwa-400", "--shard", "one"], "expected i/n"),
        (
            ["fuzz", "--variant", "qahwa-400", "--cases", "10", "--adapter", "/no/such/adapter"],
            "cannot start the adapter",
        ),
    ],
)
def test_bad_usage_is_one_clear_error_and_exit_status_2(args: list[str], message: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr


@settings(max_examples=2, deadline=None)
@given(game=strategies.whole_games("qahwa-400"))
def test_the_whole_games_strategy_draws_games_the_reference_plays_to_the_end_or_the_hand_limit(
    game: dict[str, object],
) -> None:
    rules = load("qahwa-400")
    assert inputs.is_valid("whole_game", rules, game)
    answer = reference_answer("whole_game", rules, game)
    assert answer["hands"] and answer["final"]["phase"] in ("game_over", "deal")


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_bids_are_legal_for_the_score_they_are_drawn_for(data: st.DataObject) -> None:
    rules = data.draw(strategies.rule_sets())
    score = data.draw(strategies.scores(rules.target).filter(lambda s: inputs.biddable(rules, s)))
    bid = data.draw(strategies.bids(rules, score))
    assert FastRules.of(rules).bid_is_legal(bid, score)
