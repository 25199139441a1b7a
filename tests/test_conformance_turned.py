"""The family grown from the engine's survivors under a turned trump
(fourhundred.conformance.points_survivors_turned), found by the fuzz step of the
survivors' classification."""

from __future__ import annotations

from fourhundred.conformance import coverage, mutants, points_survivors_turned
from fourhundred.conformance.adapter import reference_answer
from fourhundred.conformance.compare import compare
from fourhundred.conformance.suite import Run
from fourhundred.spec.registry import load


def test_every_turned_trump_point_is_killed_by_the_family_games() -> None:
    cases = points_survivors_turned.cases()
    published = [Run(c, v) for c in cases for v in c["variants"]]
    found = [
        point
        for rule_set in coverage.all_rule_sets()
        for point in points_survivors_turned.points(rule_set)
    ]
    assert len(found) == len(points_survivors_turned.READINGS) * len(cases) // 4 > 0
    killer = mutants.Killer()
    for point in found:
        runs = [run for run in published if run.variant in point.rule_sets]
        assert killer.killing(point.mutant, runs, limit=1), point.id


def test_the_family_games_pass_the_reference_and_reject_the_two_wrong_deals() -> None:
    for case in points_survivors_turned.cases():
        (variant,) = case["variants"]
        answer = reference_answer("whole_game", load(variant), case["input"])
        assert not compare("whole_game", case["expected"], answer)
        assert [r[1] for r in case["expected"]["rejected"]] == ["bad_deal", "bad_deal"]
        assert case["expected"]["hands"][0]["played"]
