"""The input layer (edges, selections, positions, generators), the fast reference, ``fourhundred generate``."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from fourhundred.conformance import edges, inputs, kinds, random_games, validity
from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz import games
from fourhundred.fuzz.cases import generated_cases
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_START, BAND_WIDTH
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
            data = kinds.kind(kind).generate(rng, rules)  # type: ignore[arg-type]
            assert kinds.kind(kind).is_valid(rules, data), (kind, data)  # type: ignore[arg-type]
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
        fast.qualifies(0, after, 41) and fast.qualifies(1, after, 41) for after, _, _ in results
    )
    assert both >= 5, "both teams qualifying in the same hand"
    assert sum(result != 0 for _, result, _ in results) >= 100, "hands that end the game"
    assert any(13 in d["bids"] for d in outcomes)
    assert any(0 in d["scores"] or 1 in d["scores"] for d in outcomes)


def test_a_whole_game_by_the_heuristic_players_has_thrown_in_and_played_hands() -> None:
    rules = load("pagat-400(dealer_throw_in=yes)")
    rng = random.Random(3)
    drawn = [random_games.full_game(rng, rules, edges.MAX_GAME_HANDS) for _ in range(6)]
    answers = [reference_answer("whole_game", rules, data) for data in drawn]
    played = [hand["played"] for answer in answers for hand in answer["hands"]]
    assert True in played and False in played
    assert all(validity.whole_game_is_valid(rules, data) for data in drawn)


def test_whole_games_start_mostly_from_positions_name_seats_wrongly_and_end_in_draws() -> None:
    rules = load("medallon-400(total_tie=draw)")
    rng = random.Random(7)
    drawn = [random_games.whole_game_input(rng, rules) for _ in range(120)]
    answers = [reference_answer("whole_game", rules, data) for data in drawn]
    assert all(validity.whole_game_is_valid(rules, data) for data in drawn)
    from_positions = [data for data in drawn if "position" in data]
    assert 0.7 * len(drawn) <= len(from_positions) < len(drawn), "a share of full games"
    assert sum(len(answer["hands"]) == 1 for answer in answers) >= 0.4 * len(drawn)
    raised_or_dealt = {data["position"].split()[1] for data in from_positions}
    assert raised_or_dealt == {"N", "W", "S", "E"}, "every dealer"
    assert sum(a["final"]["result"] == "draw" for a in answers) >= 4, "draws, often enough"
    codes = {code for answer in answers for _, code in answer["rejected"]}
    assert "not_your_turn" in codes
    assert any(any(a[1:3] == ": " for a in data["actions"]) for data in drawn)


@pytest.mark.parametrize("variant", ["qahwa-400", "arab3meyeh-400", "medallon-400(total_tie=draw)"])
def test_a_whole_game_starts_where_a_game_can_stand_not_after_it_is_won(variant: str) -> None:
    rules = load(variant)
    rng = random.Random(2)
    starts = [random_games.start_position(rng, rules) for _ in range(300)]
    assert all(random_games.reachable(rules, s.scores, s.target_in_force) for s in starts)
    near = [s for s in starts if max(s.scores) >= rules.target - 5]
    assert len(near) >= 30, "still races to the target"
    fast = FastRules.of(rules)
    won = [0, rules.target, 0, 1]  # West-East qualify before the hand
    assert fast.qualifies(1, won, rules.target)
    assert not random_games.reachable(rules, won, rules.target)
    assert games.stands(rules, "game_outcome", {"scores": [0, 0, 0, 0], "target_in_force": 41})


def test_a_position_game_shrinks_back_to_its_plans() -> None:
    rules = load("qahwa-400")
    data = random_games.position_game(random.Random(11), rules)
    start = games.start_state(rules, data)
    plans = games.plans_of(start, data["actions"])
    assert plans is not None
    again = games.materialize(start, [games.without_extras(plan) for plan in plans])
    accepted = [
        a
        for i, a in enumerate(data["actions"])
        if i not in {index for index, _ in reference_answer("whole_game", rules, data)["rejected"]}
    ]
    assert again == accepted


def test_the_same_seed_gives_the_same_inputs() -> None:
    rules = load("medallon-400")
    first = [inputs.game_outcome_input(random.Random(5), rules) for _ in range(6)]
    second = [inputs.game_outcome_input(random.Random(5), rules) for _ in range(6)]
    assert first == second


@pytest.mark.parametrize("kind", kinds.KINDS)
def test_generated_cases_are_schema_valid_and_carry_the_specifications_answer(kind: str) -> None:
    count = 2 if kind == "whole_game" else 25
    cases = list(generated_cases(kind, "pagat-41", count, seed=11))
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


# ----------------------------------------------------------------------
# The edges, their selections, positions and the grid helpers
# ----------------------------------------------------------------------


def test_every_band_edge_is_a_score_where_a_minimum_or_a_value_changes() -> None:
    endless = load("medallon-400")  # own and table minimums rise without end
    qahwa = load("qahwa-400")
    for edge in edges.RISING_EDGES:
        below, at = edges.below_and_at(edge)
        assert endless.own_minimum_bid(below) < endless.own_minimum_bid(at), edge
        assert endless.table_minimum([below] * 4) < endless.table_minimum([at] * 4), edge
    first = edges.RISING_EDGES[0]
    for bid in range(qahwa.min_bid, qahwa.max_bid + 1):
        reduced = qahwa.bid_value(bid, first - 1, first - 1) != qahwa.bid_value(bid, first, first)
        assert reduced == (bid in edges.REDUCED_VALUE_BIDS), bid


def test_the_unbiddable_and_table_cap_edges_are_where_the_endless_minimums_pass_the_tricks() -> (
    None
):
    endless = load("medallon-400")
    assert inputs.biddable(endless, edges.UNBIDDABLE_EDGE - 1)
    assert not inputs.biddable(endless, edges.UNBIDDABLE_EDGE)
    unbounded = load("medallon-400(table_min_cap=unbounded)")
    last_band = edges.TABLE_CAP_EDGE - BAND_WIDTH
    assert unbounded.table_minimum([edges.TABLE_CAP_EDGE - 1] * 4) == 52
    assert unbounded.table_minimum([last_band] * 4) == 52
    assert unbounded.table_minimum([edges.TABLE_CAP_EDGE] * 4) == 53


def test_the_partner_edge_and_the_special_bids_are_where_their_rules_change() -> None:
    positive, non_negative = load("qahwa-400"), load("medallon-400(partner_condition=non_negative)")
    edge = edges.PARTNER_EDGE
    assert [positive.partner_ok(s) for s in edges.around(edge)] == [False, False, True]
    assert [non_negative.partner_ok(s) for s in edges.around(edge)] == [False, True, True]
    qahwa, medallon = load("qahwa-400"), load("medallon-400")
    top = qahwa.bid_value(edges.THIRTEEN, 0, 0)
    assert (
        qahwa.bid_value(edges.TOP_ROW_BID, 0, 0)
        == top
        != qahwa.bid_value(edges.TOP_ROW_BID - 1, 0, 0)
    )
    fifty = load("pagat-400(eleven_plus_50=on)")
    assert all(fifty.bid_value(bid, 0, 0) == 50 for bid in edges.FIFTY_BIDS)
    assert fifty.bid_value(min(edges.FIFTY_BIDS) - 1, 0, 0) != 50
    assert medallon.is_special_bid(edges.THIRTEEN) and not medallon.is_special_bid(
        edges.THIRTEEN - 1
    )


def _next_to_an_edge_or_far_out(score: int) -> bool:
    next_to_partner_edge = abs(score - edges.PARTNER_EDGE) <= 2
    next_to_band_edge = score >= BAND_START - 1 and score % BAND_WIDTH in (9, 0, 1)
    far_out = score < edges.PARTNER_EDGE - 2 or score > edges.UNBIDDABLE_EDGE + 1
    return next_to_partner_edge or next_to_band_edge or far_out


@pytest.mark.parametrize(
    "selection",
    [
        "FUZZ_EDGE_SCORES",
        "EDGE_GRID",
        "SUITE_OWN_SCORES",
        "SUITE_TABLE_SCORES",
        "SUITE_HAND_SCORES",
        "SUITE_QUIET_SCORES",
        "SUITE_BID_VALUE_SCORES",
    ],
)
def test_every_named_selection_is_made_of_edges_or_far_out_controls(selection: str) -> None:
    values = getattr(edges, selection)
    flat = [s for pair in values for s in pair] if isinstance(values[0], tuple) else list(values)
    assert all(_next_to_an_edge_or_far_out(s) for s in flat), flat
    assert not all(_next_to_an_edge_or_far_out(s) for s in (5, 15, 25, 35, 45))


@pytest.mark.parametrize("rules", EVERY_READING, ids=str)
def test_a_generated_position_is_one_a_hand_can_start_from(rules: object) -> None:
    rng = random.Random(f"position/{rules}")
    for _ in range(40):
        where = inputs.position(rng, rules)  # type: ignore[arg-type]
        assert inputs.is_valid_position(rules, where), where  # type: ignore[arg-type]


def test_a_position_with_a_wrong_dealer_target_or_a_seat_that_cannot_bid_is_invalid() -> None:
    rules, raising = load("medallon-400"), load("medallon-400(both_qualify=raise_target)")
    good = inputs.Position((0, 10, 20, 30), 0, rules.target)
    assert inputs.is_valid_position(rules, good)
    assert not inputs.is_valid_position(rules, inputs.Position(good.scores, 4, rules.target))
    assert not inputs.is_valid_position(rules, inputs.Position(good.scores, 0, rules.target + 10))
    raised = inputs.Position(good.scores, 0, raising.target + BAND_WIDTH)
    assert inputs.is_valid_position(raising, raised)
    assert not inputs.is_valid_position(
        raising, inputs.Position(good.scores, 0, raising.target + 5)
    )
    cannot_bid = inputs.Position((0, 0, 0, edges.UNBIDDABLE_EDGE), 0, rules.target)
    assert not inputs.is_valid_position(rules, cannot_bid)
    data = {**good.as_json(), "bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert validity.game_outcome_is_valid(rules, data)
    assert not validity.game_outcome_is_valid(rules, {**data, "target_in_force": rules.target + 1})


def test_raising_bids_in_turn_stops_when_done_and_gives_up_when_every_bid_is_at_the_ceiling() -> (
    None
):
    raised = inputs.raised_until(
        [2, 2, 2, 2], lambda b: sum(b) >= 11, inputs.in_turn((1, 2, 3, 0), 13)
    )
    assert raised == [2, 3, 3, 3]
    assert (
        inputs.raised_until([5, 5, 5, 5], lambda b: sum(b) >= 21, inputs.in_turn(range(4), 5))
        is None
    )
    lowest = inputs.raised_until([9, 2, 3, 2], lambda b: sum(b) >= 19, inputs.lowest_but(0, 6))
    assert lowest == [9, 4, 3, 3]  # the lowest other seat first, the first of equals


def test_tricks_making_makes_exactly_the_bids_marked_made_and_spread_tricks_shares_evenly() -> None:
    for bids in ([2, 3, 4, 2], [4, 3, 4, 3], [5, 2, 2, 2]):
        for made in itertools.product((True, False), repeat=4):
            tricks = inputs.tricks_making(bids, made)
            if tricks is None:
                continue
            assert sum(tricks) == 13
            assert [t >= b for t, b in zip(tricks, bids, strict=True)] == list(made)
    assert inputs.spread_tricks(11, [1, 2, 3]) == {1: 4, 2: 4, 3: 3}
