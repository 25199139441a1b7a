"""The one comparator: strict JSON equality, sets in any order, causal order, and totality."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fourhundred.conformance import runner, suite
from fourhundred.conformance.check import run_check
from fourhundred.conformance.compare import (
    ABSENT,
    Difference,
    compare,
    first_divergence,
    first_divergences,
    render,
)
from fourhundred.conformance.kinds import KIND_NAMES, KINDS
from fourhundred.conformance.suite import Run
from fourhundred.spec.registry import load

GAME_EXPECTED: dict[str, Any] = {
    "rejected": [[30, "must_follow_suit"]],
    "hands": [
        {
            "after": 20,
            "played": True,
            "scores": [3, 0, 3, 0],
            "result": "continue",
            "dealer": 1,
            "target_in_force": 41,
        },
        {
            "after": 60,
            "played": True,
            "scores": [6, 0, 6, 0],
            "result": "continue",
            "dealer": 2,
            "target_in_force": 41,
        },
    ],
    "final": {"phase": "deal", "scores": [6, 0, 6, 0], "result": "continue"},
}


def _game(**changes: Any) -> dict[str, Any]:
    game = {
        "rejected": [list(r) for r in GAME_EXPECTED["rejected"]],
        "hands": [dict(h) for h in GAME_EXPECTED["hands"]],
        "final": dict(GAME_EXPECTED["final"]),
    }
    game.update(changes)
    return game


def _game_case() -> dict[str, Any]:
    actions = [f"bid {n % 13}" for n in range(61)]
    actions[30] = "play AH"
    return {
        "id": "whole_game.test.0001",
        "kind": "whole_game",
        "input": {"first_dealer": 0, "actions": actions},
        "expected": GAME_EXPECTED,
    }


def test_a_later_rejected_action_comes_after_an_earlier_hand_whose_scores_went_wrong() -> None:
    hands = [dict(h) for h in GAME_EXPECTED["hands"]]
    hands[0]["scores"] = [3, 0, 2, 0]
    actual = _game(rejected=[], hands=hands)
    found = compare("whole_game", GAME_EXPECTED, actual)
    assert [d.path for d in found[:2]] == ["hands[0].scores", "rejected[30]"]
    messages = runner.differences(Run(_game_case(), "qahwa-400"), actual)
    assert messages[0].startswith("hand 1 (ending at action 20): scores expected [3,0,3,0]")
    assert (
        messages[1] == "action 30 'play AH' must be rejected as must_follow_suit, but was accepted"
    )


def test_a_wrong_rejection_comes_before_a_hand_ending_at_or_after_it() -> None:
    hands = [dict(h) for h in GAME_EXPECTED["hands"]]
    hands[1]["dealer"] = 3
    actual = _game(rejected=[[30, "card_not_in_hand"]], hands=hands)
    found = compare("whole_game", GAME_EXPECTED, actual)
    assert [(d.path, d.action, d.hand) for d in found] == [
        ("rejected[30]", 30, None),
        ("hands[1].dealer", 60, 1),
    ]
    assert first_divergence("whole_game", found) == found[:1]


def test_the_final_state_comes_last_and_a_game_shows_the_first_wrong_record_of_each_part() -> None:
    hands = [dict(h) for h in GAME_EXPECTED["hands"]]
    hands[0]["dealer"], hands[0]["result"], hands[1]["scores"] = 2, "draw", [0, 0, 0, 0]
    final = {"phase": "deal", "scores": [0, 0, 0, 0], "result": "continue"}
    found = compare("whole_game", GAME_EXPECTED, _game(hands=hands, final=final))
    assert [d.path for d in found] == [
        "hands[0].result",
        "hands[0].dealer",
        "hands[1].scores",
        "final.scores",
    ]
    shown = first_divergences(found)
    assert [d.path for d in shown] == ["hands[0].result", "hands[0].dealer", "final.scores"]


def test_a_hand_that_never_ended_and_one_too_many_are_named() -> None:
    short = compare("whole_game", GAME_EXPECTED, _game(hands=GAME_EXPECTED["hands"][:1]))
    assert short == (Difference("hands[1]", GAME_EXPECTED["hands"][1], ABSENT, 60, 1),)
    assert render(short[0]) == "hand 2 (ending at action 60) never ended"
    extra = {**GAME_EXPECTED["hands"][1], "after": 70}
    long = compare("whole_game", GAME_EXPECTED, _game(hands=[*GAME_EXPECTED["hands"], extra]))
    assert [(d.path, d.expected, d.action) for d in long] == [("hands[2]", ABSENT, 70)]
    assert render(long[0]).startswith("hand 3 ended (at action 70)")


def test_a_malformed_game_answer_is_a_difference_of_the_part_that_is_malformed() -> None:
    found = compare("whole_game", GAME_EXPECTED, {"rejected": [[30]], "hands": {}, "final": 1})
    assert [d.path for d in found] == ["rejected", "hands", "final"]
    assert render(found[0]).startswith("rejected must be a list of [index, code] pairs")
    missing = compare("whole_game", GAME_EXPECTED, {"hands": GAME_EXPECTED["hands"]})
    assert [render(d) for d in missing] == ["missing field 'rejected'", "missing field 'final'"]


def test_true_is_not_one_but_one_is_one_point_zero() -> None:
    expected = {"minimum": 1, "played": True}
    assert compare("table_minimum", expected, {"minimum": 1.0, "played": True}) == ()
    found = compare("table_minimum", expected, {"minimum": True, "played": 1})
    assert [d.path for d in found] == ["minimum", "played"]
    assert render(found[1]) == "played: expected true, got 1"


def test_sets_compare_in_any_order_but_not_with_an_element_twice() -> None:
    expected = {"cards": ["2C", "AS"]}
    assert compare("legal_plays", expected, {"cards": ["AS", "2C"]}) == ()
    assert compare("legal_plays", expected, {"cards": ["AS", "2C", "2C"]}) != ()
    assert compare("hand_scoring", {"scores": [1, 2, 3, 4]}, {"scores": [4, 3, 2, 1]}) != ()


def test_extra_fields_are_ignored_and_missing_ones_named_in_field_order() -> None:
    expected = {"value": 9, "decides_game": False}
    assert compare("bid_value", expected, {**expected, "note": "x"}) == ()
    found = compare("bid_value", expected, {"note": "x"})
    assert [render(d) for d in found] == [
        "missing field 'value'",
        "missing field 'decides_game'",
    ]
    assert render(compare("bid_value", expected, [9])[0]) == (
        "result must be a JSON object, got [9]"
    )


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=25,
)
_FIELDS = st.sampled_from(
    ["value", "decides_game", "bids", "cards", "scores", "rejected", "hands", "final", "after"]
)
_ANSWERS = _JSON | st.dictionaries(
    _FIELDS, _JSON | st.lists(_JSON | st.dictionaries(_FIELDS, _JSON))
)

RULES = load("qahwa-400(table=classic)")
#: One expected answer of every kind: the specification's, to a generated input.
_EXPECTED: dict[str, dict[str, Any]] = {
    name: entry.spec_answer(RULES, entry.generate(random.Random(name), RULES))
    for name, entry in KINDS.items()
}


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(KIND_NAMES), actual=_ANSWERS)
def test_any_json_answer_gives_differences_never_an_exception(name: str, actual: Any) -> None:
    expected = _EXPECTED[name]
    found = compare(name, expected, actual)
    assert all(isinstance(render(d, ["bid 5"]), str) for d in found)
    assert first_divergence(name, found) == () or first_divergence(name, found)[0] == found[0]
    assert compare(name, expected, json.loads(json.dumps(expected))) == ()
    assert compare(name, expected, {**expected, "extra": actual}) == ()


def test_deep_nesting_and_numbers_out_of_range_are_differences() -> None:
    deep: Any = 1
    for _ in range(900):
        deep = [deep]
    for value in (deep, {"a": deep}, float("inf"), float("nan"), "41", 1e999):
        found = compare("hand_scoring", {"scores": [1, 2, 3, 4]}, {"scores": value})
        assert len(found) == 1 and render(found[0])
        game = compare("whole_game", GAME_EXPECTED, _game(hands=[value], rejected=[value]))
        assert all(render(d) for d in game)


def test_conformance_check_names_a_whole_games_first_divergences_in_causal_order(
    tmp_path: Path,
) -> None:
    case = next(
        c for c in suite.load_cases() if c["kind"] == "whole_game" and c["expected"]["rejected"]
    )
    wrong = json.loads(json.dumps(case))
    index, code = wrong["expected"]["rejected"].pop(0)
    last = wrong["expected"]["hands"][-1]
    last["scores"] = [s + 1 for s in last["scores"]]
    target = tmp_path / "cases" / "whole_game"
    target.mkdir(parents=True)
    suite.write_case_file(
        target / "x.json", "whole_game", "generated", [wrong], suite.suite_version()
    )
    problems = [p for p in run_check(tmp_path / "cases").problems if "disagrees" in p]
    assert f"the reference engine disagrees: action {index} " in problems[0]
    assert problems[0].endswith(f"is legal, but was rejected as {code}")
    assert f"hand {len(case['expected']['hands'])} (ending at action " in problems[1]
    assert "scores expected" in problems[1]


def test_a_set_valued_answer_renders_as_what_is_missing_and_what_is_extra() -> None:
    expected = {"cards": ["AS", "KS", "2C", "3C"]}
    found = compare("legal_plays", expected, {"cards": ["3C", "AS", "9H", "2C", "9H"]})
    assert [render(d, kind_name="legal_plays") for d in found] == [
        'cards: missing ["KS"], extra ["9H","9H"]'
    ]
    only_missing = compare("legal_bids", {"bids": [2, 3, 4]}, {"bids": [4, 2]})
    assert [render(d, kind_name="legal_bids") for d in only_missing] == ["bids: missing [3]"]


def test_an_ordered_list_still_renders_as_both_lists_and_the_comparison_is_unchanged() -> None:
    found = compare("hand_scoring", {"scores": [1, 2, 3, 4]}, {"scores": [4, 3, 2, 1]})
    assert [render(d, kind_name="hand_scoring") for d in found] == [
        "scores: expected [1,2,3,4], got [4,3,2,1]"
    ]
    plays = compare("legal_plays", {"cards": ["AS", "2C"]}, {"cards": ["2C"]})
    assert [(d.path, d.expected, d.actual) for d in plays] == [("cards", ["2C", "AS"], ["2C"])]
