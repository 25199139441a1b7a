"""The shrinker and the comparison, on wrong implementations in process (fast and exact)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from fuzz_adapters.higher_player import HigherPlayerWins

from fourhundred.conformance import random_games
from fourhundred.conformance.adapter import answer_function, reference_answer
from fourhundred.fuzz import compare as comparing
from fourhundred.fuzz import games
from fourhundred.fuzz.campaign import run_campaign
from fourhundred.fuzz.compare import Outcome, compare
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.records import Config
from fourhundred.fuzz.shrink import shrink, size
from fourhundred.reference.actions import Deal
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
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
    from fourhundred.fuzz.job import run_job

    found: list[Any] = []
    config = Config(variants=("qahwa-400",), kinds=("legal_bids",), cases=400, seed=1)
    run_job(
        config,
        0,
        lambda kind, payload: found.append(payload) if kind == "finding" else None,
        InProcess(late_band_answer),
    )
    assert [f.input for f in found] == [{"own_score": 30}]
    (finding,) = found
    assert finding.wrongness == "allows_illegal", "a bid of 2 allowed at 30"
    assert finding.original_input["own_score"] >= 30
    assert finding.original_expected != finding.original_actual
    assert finding.original_details


def _findings(fast: type[FastRules], variant: str, kind: str, cases: int) -> Any:
    from fourhundred.fuzz.job import run_job

    found: list[Any] = []
    config = Config(variants=(variant,), kinds=(kind,), cases=cases, seed=0)
    run_job(
        config,
        0,
        lambda kind, payload: found.append(payload) if kind == "finding" else None,
        InProcess(answer_function(lambda r: Reference(fast.of(r)))),
    )
    return found


def test_a_fuzz_case_about_the_games_end_is_not_tagged_with_the_thirteen() -> None:
    from fourhundred.fuzz.cases import finding_case

    rules = "medallon-400(total_tie=draw)"
    (finding,) = _findings(_DrawPlaysOn, rules, "whole_game", 60)
    assert finding.wrongness == "draw_plays_on"
    case = finding_case(finding, Config(variants=(rules,)))
    assert "equal-totals" in case["ambiguities"]
    assert not any(tag.startswith("thirteen") for tag in case["ambiguities"])
    assert case["provenance"]["original_input"] == finding.original_input
    assert "draw plays on" in case["description"]
    outcomes = _findings(_NorthSouthFirst, "qahwa-400", "game_outcome", 600)
    assert outcomes
    for outcome in outcomes:
        tags = finding_case(outcome, Config(variants=("qahwa-400",)))["ambiguities"]
        assert any(tag.startswith("thirteen") for tag in tags) == (13 in outcome.input["bids"])


def _game_check(fast: type[FastRules], rules: Rules) -> Any:
    wrong = InProcess(answer_function(lambda r: Reference(fast.of(r))))
    return _check(wrong, "whole_game", rules)


class _DealerStays(FastRules):
    """After every hand the same dealer deals again."""

    def next_dealer(self, dealer: int) -> int:
        return dealer


class _NorthSouthFirst(FastRules):
    """When both teams qualify, North-South wins."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        if self.qualifies(0, scores, target) and self.qualifies(1, scores, target):
            return 1, target
        return super().points_result(scores, target)


def test_a_wrong_winner_is_classed_so_and_shrinks_to_one_hand_keeping_that_class() -> None:
    check = _game_check(_NorthSouthFirst, QAHWA)
    rng = random.Random(5)
    found = None
    while found is None or found.wrongness != "wrong_winner":
        data = random_games.random_game(rng, QAHWA, 30)
        found = check(data)
    shrunk = shrink("whole_game", QAHWA, data, found, check, seconds=20)
    assert shrunk.disagreement.wrongness == "wrong_winner"
    actions = shrunk.data["actions"]
    assert sum(a.split(": ", 1)[-1].startswith("deal") for a in actions) == 1


def test_one_cause_at_two_positions_shares_a_signature_and_two_causes_do_not() -> None:
    stays = _game_check(_DealerStays, QAHWA)
    ns_first = _game_check(_NorthSouthFirst, QAHWA)
    deal = str(Deal(games.SORTED_DEAL))
    thrown = ["bid 2", "bid 2", "bid 2", "bid 2"]
    one = {"first_dealer": 0, "actions": [deal, *thrown]}
    other = {
        "position": "deal S 3,1,4,1 41 -/-/-/- -,-,-,- 0,0,0,0 - - 7",
        "actions": [deal, *thrown],
    }
    first, second = stays(one), stays(other)
    assert first is not None and second is not None
    assert first.wrongness == second.wrongness == "wrong_dealer"
    assert comparing.signature(first, one) == comparing.signature(second, other)
    data = _first_failing(ns_first, random.Random(1))
    third = ns_first(data)
    assert third.wrongness in ("wrong_winner", "winner_where_none")
    assert comparing.signature(third, data) != comparing.signature(first, one)


def _first_failing(check: Any, rng: random.Random) -> dict[str, Any]:
    while True:
        data = random_games.random_game(rng, QAHWA, 30)
        if check(data) is not None:
            return data


def test_a_wrong_result_outranks_the_wrong_scores_it_comes_with() -> None:
    expected = {"scores": [41, 0, 2, 0], "result": "team_0_wins", "target_in_force": 41}
    actual = {"scores": [41, 0, 2, 0], "result": "team_1_wins", "target_in_force": 41}
    found = compare("game_outcome", "v", expected, Outcome.ok(actual))
    assert found is not None and found.wrongness == "wrong_winner"
    both = compare("game_outcome", "v", expected, Outcome.ok({**actual, "scores": [40, 0, 2, 0]}))
    assert both is not None and both.wrongness == "wrong_winner" and both.cause == "wrong_scores"
    none = compare("game_outcome", "v", expected, Outcome.ok({**actual, "result": "continue"}))
    assert none is not None and none.wrongness == "no_winner_where_one"


class _DrawPlaysOn(FastRules):
    """A draw of equal totals plays on."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, target_after = super().points_result(scores, target)
        return (0 if result == 3 else result), target_after


class _DealerLeads(FastRules):
    """The dealer leads the first trick."""

    def first_leader(self, dealer: int) -> int:
        return dealer


#: Two shrunk whole games (recorded from a campaign) where the dealer leads: a legal
#: first card rejected, and a first card named for the wrong seat given another code.
FIRST_LEADER_GAMES = (
    {
        "position": "deal E 2,35,37,35 41 -/-/-/- -,-,-,- 0,0,0,0 - - 14",
        "actions": [
            "E: deal N:5C,KC,AD,3H,8H,JH,QH,5S,6S,9S,TS,JS,QS W:4C,8C,7D,JD,QD,2H,4H,5H,"
            "7H,KH,3S,4S,KS S:3C,6C,7C,9C,QC,3D,4D,6D,8D,9D,TH,AH,AS E:2C,TC,JC,AC,2D,5D,"
            "TD,KD,6H,9H,2S,7S,8S",
            *("N: bid 4", "W: bid 3", "S: bid 3", "E: bid 3", "N: play AD"),
        ],
    },
    {
        "position": "deal E 31,29,32,30 41 -/-/-/- -,-,-,- 0,0,0,0 - - 1",
        "actions": [
            "E: deal N:8C,2D,3D,4D,QD,3H,TH,KH,3S,6S,TS,JS,KS W:4C,6C,TC,KC,AC,6D,7D,8D,"
            "JD,4H,AH,7S,8S S:3C,5C,9C,JC,QC,9D,TD,AD,2H,6H,8H,9H,QH E:2C,7C,5D,KD,5H,7H,"
            "JH,2S,4S,5S,9S,QS,AS",
            *("N: bid 3", "W: bid 2", "S: bid 4", "throw-in", "E: bid 3", "E: play TS"),
        ],
    },
)


def test_a_wrong_first_leader_rejecting_a_legal_card_or_coding_an_illegal_one_is_one_cause() -> (
    None
):
    check = _game_check(_DealerLeads, QAHWA)
    legal, coded = (check(data) for data in FIRST_LEADER_GAMES)
    assert legal is not None and legal.wrongness == "rejected_legal"
    assert coded is not None and coded.wrongness == "wrong_code"
    one, other = FIRST_LEADER_GAMES
    assert comparing.signature(legal, one) == comparing.signature(coded, other)
    stays = _game_check(_DealerStays, QAHWA)
    thrown = {"first_dealer": 0, "actions": [str(Deal(games.SORTED_DEAL)), *["bid 2"] * 4]}
    moved = stays(thrown)
    assert moved is not None
    assert comparing.signature(moved, thrown) != comparing.signature(legal, one)


class _DealerBidsFirst(FastRules):
    """The dealer bids first."""

    @classmethod
    def build(cls, rules: Rules) -> Any:
        built = super().build(rules)
        orders = tuple((d, *order[:-1]) for d, order in enumerate(built.bidding_orders))
        return dataclasses.replace(built, bidding_orders=orders)


def _cause(check: Any, data: dict[str, Any]) -> str:
    """The signature a campaign gives a shrunk whole game (the turn-order probe included)."""
    found = check(data)
    probe = games.seated_input(QAHWA, data)
    assert found is not None and probe is not None
    return comparing.signature(found, data, turn=comparing.turn_order_context(check(probe), probe))


def test_a_bidding_order_gone_wrong_is_one_cause_whether_it_shows_as_scores_or_a_rejection() -> (
    None
):
    check = _game_check(_DealerBidsFirst, QAHWA)
    rng = random.Random(4)
    shown: dict[str, dict[str, Any]] = {}
    while len(shown) < 2:
        data = random_games.random_game(rng, QAHWA, 30)
        found = check(data)
        if found is not None and found.wrongness in ("wrong_scores", "rejected_legal"):
            shown.setdefault(found.wrongness, shrink("whole_game", QAHWA, data, found, check).data)
    assert _cause(check, shown["wrong_scores"]) == _cause(check, shown["rejected_legal"])
    leads = _game_check(_DealerLeads, QAHWA)
    one = FIRST_LEADER_GAMES[0]
    assert _cause(leads, one) != _cause(check, shown["wrong_scores"])


def test_a_wrong_table_minimum_is_the_cause_of_the_wrong_played_that_comes_with_it() -> None:
    expected = {"minimum": 12, "played": False}
    both = compare(
        "table_minimum", "qahwa-400", expected, Outcome.ok({"minimum": 11, "played": True})
    )
    alone = compare(
        "table_minimum", "qahwa-400", expected, Outcome.ok({"minimum": 11, "played": False})
    )
    played = compare(
        "table_minimum", "qahwa-400", expected, Outcome.ok({"minimum": 12, "played": True})
    )
    assert both is not None and alone is not None and played is not None
    assert both.wrongness == "plays_thrown_in_hand" and both.cause == alone.cause == "wrong_minimum"
    data = {"scores": [30, 0, 0, 0], "bids": [3, 2, 2, 4]}
    assert comparing.signature(both, data) == comparing.signature(alone, data)
    assert comparing.signature(played, data) != comparing.signature(both, data)


class _BeyondTarget(FastRules):
    """A player exactly on the target does not qualify."""

    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        return super().qualifies(team, scores, target + 1)


class _PartnerOnZero(FastRules):
    """A partner on 0 counts as above zero."""

    def partner_ok(self, score: int) -> bool:
        return score >= 0


#: Hands of game_outcome (qahwa-400): North reaches exactly 41 with one team qualifying,
#: and with both (West on 42, the lower total); West on 43 with East on 0.
ON_TARGET_ALONE = {
    "scores": [36, 0, 0, 0],
    "bids": [5, 2, 2, 3],
    "tricks": [5, 0, 2, 6],
    "dealer": 0,
    "target_in_force": 41,
}
ON_TARGET_BOTH = {
    "scores": [37, 38, 2, 0],
    "bids": [4, 4, 2, 2],
    "tricks": [4, 4, 2, 3],
    "dealer": 0,
    "target_in_force": 41,
}
PARTNER_ON_ZERO = {
    "scores": [0, 39, 0, -3],
    "bids": [5, 4, 2, 3],
    "tricks": [0, 4, 6, 3],
    "dealer": 0,
    "target_in_force": 41,
}


def _end_signature(fast: type[FastRules], data: dict[str, Any]) -> tuple[str, str]:
    """The class and the signature a campaign gives a wrong end, its probes asked."""
    wrong = InProcess(answer_function(lambda r: Reference(fast.of(r))))

    def ask(candidate: dict[str, Any]) -> tuple[dict[str, Any], Outcome]:
        expected = reference_answer("game_outcome", QAHWA, candidate)
        return expected, wrong.answer([("game_outcome", "qahwa-400", candidate, expected)])[0]

    expected, outcome = ask(data)
    found = compare("game_outcome", "qahwa-400", expected, outcome)
    assert found is not None and found.cause == "wrong_end"
    probed = comparing.end_probe_context(found, data, ask)
    assert probed is not None
    return found.wrongness, comparing.signature(found, data, expected, outcome.result, None, probed)


def test_one_wrong_qualification_is_one_cause_whether_one_team_or_both_qualify() -> None:
    alone, both = (
        _end_signature(_BeyondTarget, ON_TARGET_ALONE),
        _end_signature(_BeyondTarget, ON_TARGET_BOTH),
    )
    assert (alone[0], both[0]) == ("no_winner_where_one", "wrong_winner")
    assert alone[1] == both[1]
    zero = _end_signature(_PartnerOnZero, PARTNER_ON_ZERO)
    assert zero[0] == "winner_where_none" and zero[1] != alone[1], "too lax is not too strict"


def test_two_wrong_tie_breaks_and_a_wrong_qualification_on_one_input_are_three_causes() -> None:
    on_target = _end_signature(_BeyondTarget, ON_TARGET_BOTH)
    higher = _end_signature(HigherPlayerWins, ON_TARGET_BOTH)
    assert on_target[0] == higher[0] == "wrong_winner", "the same wrong answer to the same input"
    tie = dict(ON_TARGET_BOTH, scores=[37, 38, 2, 4])  # West-East now the higher total
    north_south = _end_signature(_NorthSouthFirst, tie)
    assert north_south[0] == "wrong_winner"
    assert len({on_target[1], higher[1], north_south[1]}) == 3


def test_a_game_cut_after_its_departure_still_has_its_start_simplified() -> None:
    """A legal bid of 13 rejected (recorded from a campaign): the game is cut after the
    13, and pulling the start's scores to 0 must not play the hand out again."""

    def refuses_thirteen(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
        actions = [a.replace("bid 13", "bid 14") for a in data.get("actions", [])]
        return reference_answer(kind, rules, {**data, "actions": actions})

    check = _check(InProcess(refuses_thirteen), "whole_game", QAHWA)
    data = {
        "position": "deal W 1,6,-10,-29 41 -/-/-/- -,-,-,- 0,0,0,0 - - 8",
        "actions": [str(Deal(games.SORTED_DEAL)), "bid 3", "bid 13"],
    }
    found = check(data)
    assert found is not None and found.wrongness == "rejected_legal"
    shrunk = shrink("whole_game", QAHWA, data, found, check, seconds=20)
    assert shrunk.data["actions"][-1] == "bid 13" and len(shrunk.data["actions"]) == 3
    assert shrunk.data.get("first_dealer") == 0, "a new game dealt by North"


def test_a_bug_at_exactly_the_table_minimum_shrinks_out_of_the_score_band_it_was_found_in() -> None:
    """Scored one point short when the bids total exactly the table minimum (recorded
    from a campaign at 50 points, where the minimum is 14): a score and a bid step down
    together, so the finding ends at 0 points, where the minimum is 11."""

    def short_at_minimum(kind: str, rules: Rules, data: Mapping[str, Any]) -> dict[str, Any]:
        answer = reference_answer(kind, rules, data)
        question = {"scores": data["scores"], "bids": data["bids"]}
        if sum(data["bids"]) != reference_answer("table_minimum", rules, question)["minimum"]:
            return answer
        pairs = zip(answer["scores"], data["scores"], strict=True)
        return {**answer, "scores": [a - 1 if a > b else a for a, b in pairs]}

    check = _check(InProcess(short_at_minimum), "hand_scoring", QAHWA)
    data = {"scores": [0, 0, 0, 50], "bids": [2, 3, 4, 5], "tricks": [0, 0, 0, 13]}
    found = check(data)
    assert found is not None
    shrunk = shrink("hand_scoring", QAHWA, data, found, check)
    assert shrunk.data["scores"] == [0, 0, 0, 0] and sum(shrunk.data["bids"]) == 11


def test_a_target_kept_a_hand_too_long_is_one_cause_whether_it_should_rise_or_fall() -> None:
    variant = "arab3meyeh-400"
    hand = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "dealer": 0}

    def target_signature(before: int, expected: int, actual: int) -> str:
        data = {**hand, "scores": [38, 38, 2, 2], "target_in_force": before}
        right = {"scores": [41, 41, 5, 5], "result": "continue", "target_in_force": expected}
        found = compare(
            "game_outcome", variant, right, Outcome.ok({**right, "target_in_force": actual})
        )
        assert found is not None and found.cause == "wrong_target"
        return comparing.signature(found, data, right, {**right, "target_in_force": actual})

    missed_rise, missed_fall = target_signature(41, 51, 41), target_signature(51, 41, 51)
    assert missed_rise == missed_fall
    assert target_signature(41, 51, 61) != missed_rise, "a target changed wrongly is another cause"


class _TwoEndBugs(_BeyondTarget, _PartnerOnZero):
    """Both: a player exactly on the target does not qualify, a partner on 0 does."""


def test_a_right_winner_denied_and_a_wrong_one_let_in_is_the_denial() -> None:
    """Recorded from a campaign: North reaches exactly 41 (denied) while East's team
    qualifies only with West on 0 (let in): the cause is the win denied, as alone."""
    both = dict(ON_TARGET_ALONE, scores=[38, 2, 0, 36], bids=[3, 2, 2, 6], tricks=[3, 0, 2, 8])
    shown = _end_signature(_TwoEndBugs, both)
    assert shown[0] == "wrong_winner"
    assert shown[1] == _end_signature(_TwoEndBugs, ON_TARGET_ALONE)[1]
    assert shown[1] != _end_signature(_TwoEndBugs, PARTNER_ON_ZERO)[1]


def test_a_team_denied_whose_equal_total_would_have_played_on_is_still_the_denial() -> None:
    """Both teams qualify with equal totals (the game plays on), but North on exactly 41
    is not counted, so West-East win: the same cause as a win denied alone."""
    level = dict(ON_TARGET_BOTH, scores=[37, 38, 2, 1], tricks=[4, 4, 2, 3])
    shown = _end_signature(_BeyondTarget, level)
    assert shown[0] == "winner_where_none"
    assert shown[1] == _end_signature(_BeyondTarget, ON_TARGET_ALONE)[1]
