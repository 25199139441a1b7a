"""The interaction points: every rule point crossed with a raised target, a thrown-in
hand, a score far below zero; the end rule judged at the wrong target or before the hand;
readings that combine dropped one at a time. Each is killed by a case of the suite."""

from __future__ import annotations

import pytest

from fourhundred.conformance import (
    coverage,
    kinds,
    mutants,
    points,
    points_interactions,
    points_precedence,
)
from fourhundred.conformance.points_interactions import CROSSINGS, FAR_BELOW_ZERO
from fourhundred.conformance.suite import Run, load_cases, select_runs
from fourhundred.reference.engine import CHECKS, Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.registry import load

#: The families of :mod:`points_interactions`, by the first part of their ids.
FAMILIES = ("raised", "thrown-in", "below-zero", "target", "before", "combine", "precedence")


def _named() -> set[str]:
    return {point.id for point in points.points()} | {u.id for u in points.unobserved()}


def _family(point_id: str) -> str:
    return point_id.split("/", 1)[0]


def test_every_rule_set_with_points_is_crossed_or_said_why_not() -> None:
    """Each crossing either makes points of a rule set or lists it as unobserved, with
    the points it does not reach named by family."""
    named = _named()
    for rule_set in coverage.all_rule_sets():
        variant = rule_set.variant
        own = [p for p in points.points() if p.rule_sets == (variant,) and "/" in p.id]
        if not [p for p in own if _family(p.id) not in FAMILIES]:
            continue
        for crossing in CROSSINGS:
            crossed = any(
                name.startswith(f"{crossing.family}/") and variant in name.split("/")
                for name in named
            )
            assert crossed, (crossing.family, variant)


def test_a_crossed_mutant_acts_only_where_its_crossing_does() -> None:
    """``raised/partner-ignored/arab3meyeh-400`` ignores the partner at a raised target
    and checks it at the base target."""
    point = points.by_id()["raised/partner-ignored/arab3meyeh-400"]
    rules = load("arab3meyeh-400")
    fast = point.mutant.reference(rules).fast
    right = FastRules.of(rules)
    partner_on_minus = [rules.target + 2, 5, -3, 12]
    raised = rules.target + 10
    assert fast.points_result(partner_on_minus, rules.target) == right.points_result(
        partner_on_minus, rules.target
    )
    on_raised = [raised + 2, 5, -3, 12]
    assert fast.points_result(on_raised, raised)[0] != right.points_result(on_raised, raised)[0]


def test_the_trigger_at_the_base_target_is_a_point_the_suite_kills() -> None:
    """A raise judged at the base target while the target in force is raised: a case of
    the suite fails under it, and it answers as the reference at the base target."""
    point = points.by_id()["target/arab3meyeh-400/trigger-at-base"]
    killing = points.read_map()[point.id]
    runs = [run for run in select_runs(load_cases(), ids=killing) if run.variant in point.rule_sets]
    killer = mutants.Killer()
    assert runs and all(killer.fails(point.mutant, run) for run in runs)
    outcomes = [run for run in runs if run.kind == "game_outcome"]
    assert outcomes and all(run.case["input"]["target_in_force"] > 41 for run in outcomes)
    rules = load("arab3meyeh-400")
    fast, right = point.mutant.reference(rules).fast, FastRules.of(rules)
    both_on_base = [41, 41, 5, 5]
    assert fast.points_result(both_on_base, 41) == right.points_result(both_on_base, 41)


def test_a_condition_judged_before_the_hand_differs_from_after() -> None:
    """The partner condition read before the hand: South on 0 makes a bid of 2 (positive
    after it), so North-South win after the hand and not before it."""
    point = points.by_id()["before/qahwa-400/partner"]
    rules = load("qahwa-400")
    data = {
        "scores": [rules.target - 4, 10, 0, 12],
        "bids": [4, 3, 2, 3],
        "tricks": [4, 3, 2, 4],
        "dealer": 0,
        "target_in_force": rules.target,
    }
    entry = kinds.KINDS["game_outcome"]
    assert entry.is_valid(rules, data)
    right = entry.fast_answer(Reference.of(rules), data)
    wrong = entry.fast_answer(point.mutant.reference(rules), data)
    assert right["result"] == "team_0_wins" and wrong["result"] == "continue"


def test_every_interaction_point_has_killing_cases_in_the_map() -> None:
    recorded = points.read_map()
    crossed = [p for p in points.points() if _family(p.id) in FAMILIES]
    assert {_family(p.id) for p in crossed} == set(FAMILIES)
    assert all(recorded.get(p.id) for p in crossed)


def test_scores_far_below_zero_appear_in_one_question_cases() -> None:
    far = [
        case
        for case in load_cases()
        if kinds.KINDS[case["kind"]].pure
        and any(
            isinstance(s, int) and s <= FAR_BELOW_ZERO
            for s in (
                *case["input"].get("scores", ()),
                case["input"].get("own_score", 0),
                case["input"].get("highest_score", 0),
            )
        )
    ]
    assert {case["kind"] for case in far} >= {"game_outcome", "hand_scoring", "table_minimum"}


def test_a_rule_is_named_without_its_edge() -> None:
    rule_of = points_interactions.rule_of
    assert rule_of("band-early/qahwa-400/30") == rule_of("band-early/qahwa-400/40")
    assert rule_of("flip/pagat-41/thirteen=points") == rule_of("flip/pagat-41/thirteen=win")
    assert rule_of("flip/pagat-41/thirteen=points") != rule_of("flip/pagat-41/target=1")
    assert rule_of("made/pagat-41") == "made/pagat-41"


@pytest.mark.parametrize("family", ["raised", "thrown-in", "below-zero"])
def test_a_crossed_point_plays_the_reference_outside_its_rule_set(family: str) -> None:
    point = next(p for p in points.points() if p.id.startswith(f"{family}/"))
    variant = point.rule_sets[0]
    other = next(rs.variant for rs in coverage.all_rule_sets() if rs.variant != variant)
    killer = mutants.Killer()
    assert point.mutant.touches(killer.rules(variant))
    assert not point.mutant.touches(killer.rules(other))
    assert not killer.fails(point.mutant, next(iter(_runs_of(other))))


def _runs_of(variant: str) -> list[Run]:
    return select_runs(load_cases(), variants=[variant])


def test_every_pair_of_rejections_is_a_precedence_point_or_said_why_not() -> None:
    codes = [check.code for check in CHECKS]
    named = _named()
    pairs = [(a, b) for i, a in enumerate(codes) for b in codes[i + 1 :]]
    assert all(f"precedence/{a}/{b}" in named for a, b in pairs)
    point = points.by_id()["precedence/game_over/not_your_turn"]
    rules = load(point.rule_sets[0])
    position, action = points_precedence.co_broken(rules)[("game_over", "not_your_turn")]
    data = {"position": position, "actions": [action]}
    entry = kinds.KINDS["whole_game"]
    assert entry.fast_answer(Reference.of(rules), data)["rejected"] == [[0, "game_over"]]
    wrong = entry.fast_answer(point.mutant.reference(rules), data)["rejected"]
    assert wrong == [[0, "not_your_turn"]]


def test_a_thrown_in_crossing_changes_only_the_throw_in_decision() -> None:
    point = next(p for p in points.points() if p.id.startswith("thrown-in/band-early/"))
    rules = load(point.rule_sets[0])
    fast, right = point.mutant.reference(rules).fast, FastRules.of(rules)
    scores = [29, 30, 39, 40, 49, 50, 59, 60]
    assert all(fast.own_minimum_bid(s) == right.own_minimum_bid(s) for s in scores)
    assert all(
        fast.table_minimum([s, 0, 0, 0]) == right.table_minimum([s, 0, 0, 0]) for s in scores
    )
