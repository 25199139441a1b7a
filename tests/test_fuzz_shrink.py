"""The shrinker and the comparison, on wrong implementations in process (fast and exact)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz import compare as comparing
from fourhundred.fuzz.campaign import Config, run_campaign
from fourhundred.fuzz.compare import Outcome, compare
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.shrink import shrink, size
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

QAHWA = load("qahwa-400")


def late_band_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    """The legal bids of a player whose minimum starts rising at 31, not 30."""
    answer = reference_answer(kind, rules, data)
    if kind == "legal_bids" and data["own_score"] == 30:
        answer = reference_answer(kind, rules, {"own_score": 29})
    return answer


def team_tricks_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scores a bid against the team's tricks."""
    if kind != "hand_scoring":
        return reference_answer(kind, rules, data)
    tricks = data["tricks"]
    team = [tricks[s] + tricks[(s + 2) % 4] for s in range(4)]
    return reference_answer(kind, rules, {**data, "tricks": team})


def _check(implementation: InProcess, kind: str, rules: Rules) -> Any:
    def check(candidate: dict[str, Any]) -> comparing.Disagreement | None:
        expected = reference_answer(kind, rules, candidate)
        outcome = implementation.answer([(kind, str(rules), candidate, expected)])[0]
        return compare(kind, str(rules), expected, outcome)

    return check


def test_a_band_edge_defect_shrinks_to_the_edge_itself() -> None:
    wrong = InProcess(late_band_answer, "late band")
    data = {"own_score": 30}
    found = _check(wrong, "legal_bids", QAHWA)(data)
    assert found is not None and found.paths == ("bids",)
    shrunk = shrink("legal_bids", QAHWA, data, found, _check(wrong, "legal_bids", QAHWA))
    assert shrunk.data == {"own_score": 30}


def test_a_team_tricks_defect_shrinks_to_zero_scores_and_small_bids() -> None:
    wrong = InProcess(team_tricks_answer, "team tricks")
    data = {"scores": [37, -12, 29, 44], "bids": [4, 2, 3, 6], "tricks": [3, 1, 5, 4]}
    check = _check(wrong, "hand_scoring", QAHWA)
    found = check(data)
    assert found is not None
    shrunk = shrink("hand_scoring", QAHWA, data, found, check)
    assert shrunk.data["scores"] == [0, 0, 0, 0]
    assert size("hand_scoring", shrunk.data) < size("hand_scoring", data)
    assert check(shrunk.data) is not None
    assert sum(shrunk.data["bids"]) <= 13


def test_shrinking_never_slides_into_another_kind_of_departure() -> None:
    def two_defects(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
        answer = dict(reference_answer(kind, rules, data))
        if data["bid"] >= 10:
            answer["decides_game"] = not answer["decides_game"]
        elif data["own_score"] >= 30:
            answer["value"] = -1
        return answer

    wrong = InProcess(two_defects)
    check = _check(wrong, "bid_value", QAHWA)
    data = {"bid": 11, "own_score": 45, "highest_score": 45}
    found = check(data)
    assert found is not None and found.paths == ("decides_game",)
    shrunk = shrink("bid_value", QAHWA, data, found, check)
    assert shrunk.disagreement.paths == ("decides_game",)
    assert shrunk.data == {"bid": 10, "own_score": 0, "highest_score": 0}


def test_extra_fields_and_set_order_are_not_disagreements_but_a_true_for_one_is() -> None:
    expected = {"cards": ["2C", "3C"]}
    assert (
        compare("legal_plays", "v", expected, Outcome.ok({"cards": ["3C", "2C"], "note": 1}))
        is None
    )
    assert compare("skipped", "v", expected, Outcome("skipped", message="no")) is None
    found = compare(
        "table_minimum",
        "v",
        {"minimum": 11, "played": True},
        Outcome.ok({"minimum": 11, "played": 1}),
    )
    assert found is not None and found.paths == ("played",)
    crashed = compare("bid_value", "v", {"value": 2}, Outcome("crashed", message="exit status 3"))
    assert crashed is not None and crashed.status == "crashed"


def test_a_whole_game_departs_at_its_first_difference_only() -> None:
    expected = {
        "rejected": [],
        "hands": [
            {"after": 4, "dealer": 1, "scores": [0, 0, 0, 0]},
            {"after": 60, "dealer": 2, "scores": [1, 2, 3, 4]},
        ],
        "final": {"phase": "deal", "scores": [1, 2, 3, 4]},
    }
    actual = {
        "rejected": [],
        "hands": [
            {"after": 4, "dealer": 0, "scores": [0, 0, 0, 0]},
            {"after": 60, "dealer": 1, "scores": [1, 2, 3, 5]},
        ],
        "final": {"phase": "deal", "scores": [1, 2, 3, 5]},
    }
    found = compare("whole_game", "v", expected, Outcome.ok(actual))
    assert found is not None and found.paths == ("hands[].dealer",)


def test_findings_of_one_rule_at_different_seats_share_a_signature() -> None:
    wrong = InProcess(team_tricks_answer)
    check = _check(wrong, "hand_scoring", QAHWA)
    one = {"scores": [0, 0, 0, 0], "bids": [2, 2, 2, 5], "tricks": [0, 0, 0, 13]}
    other = {"scores": [0, 0, 0, 0], "bids": [2, 2, 5, 2], "tricks": [0, 0, 0, 13]}
    first, second = check(one), check(other)
    assert first is not None and second is not None
    assert comparing.signature(first, one) == comparing.signature(second, other)
    band = {"scores": [0, 0, 0, 30], "bids": [2, 2, 2, 3], "tricks": [0, 0, 0, 13]}
    third = check(band)
    assert third is not None and comparing.signature(third, band) != comparing.signature(first, one)


def test_the_reference_against_itself_finds_nothing_in_every_kind() -> None:
    summary = run_campaign(
        Config(variants=("qahwa-400(table=classic)", "pagat-41"), cases=4200, seed=3)
    )
    assert summary.cases == 4200
    assert summary.disagreements == 0 and summary.findings == []


def test_an_in_process_defect_is_found_and_shrunk_by_a_campaign() -> None:
    from fourhundred.fuzz.campaign import run_job

    found: list[Any] = []
    config = Config(variants=("qahwa-400",), kinds=("legal_bids",), cases=400, seed=1)
    run_job(
        config,
        0,
        lambda kind, payload: found.append(payload) if kind == "finding" else None,
        InProcess(late_band_answer),
    )
    assert [f.input for f in found] == [{"own_score": 30}]
