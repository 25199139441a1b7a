"""The families of a seat's team in a rule that picks a seat
(fourhundred.conformance.points_seat_team), grown from cosmic-ray's survivors of
``Rules.first_qualifying_team`` and ``Rules.special_result``."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from fourhundred.conformance import coverage, mutants, operators, points, points_seat_team
from fourhundred.conformance.suite import Run, load_cases
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import load


def test_every_seat_team_point_is_killed_by_the_family_cases() -> None:
    """Each point (a seat's team read wrong where it decides a conflict of 13s) is killed
    by the family's cases, near zero and far below it."""
    published = [Run(c, v) for c in points_seat_team.cases() for v in c["variants"]]
    killer = mutants.Killer()
    found = [p for rs in coverage.all_rule_sets() for p in points_seat_team.points(rs)]
    seats = ("north", "west", "south", "east")
    assert {p.id.split("/")[0] for p in found} == {
        f"{family}-{seat}"
        for family in ("first-bid-team", "first-bidder-without-13")
        for seat in seats
    }  # the first qualifying seat's family publishes its cases only (see its Family)
    for point in found:
        runs = [run for run in published if run.variant in point.rule_sets]
        assert killer.killing(point.mutant, runs, limit=1), point.id


def test_the_seat_team_points_are_rule_points_of_the_model_and_in_the_suite() -> None:
    ids = {p.id for p in points.points()}
    family = {p.id for rs in coverage.all_rule_sets() for p in points_seat_team.points(rs)}
    assert family <= ids
    suite = {json.dumps(c["input"], sort_keys=True) for c in load_cases()}
    assert all(json.dumps(c["input"], sort_keys=True) in suite for c in points_seat_team.cases())


def test_every_seat_that_can_be_the_first_qualifying_seat_gets_a_killing_case() -> None:
    """North, West and South each decide a hand where both teams qualify (East never
    does: a team qualifying has North or South before it), each by a case its wrong
    reading answers otherwise."""
    cases = [c for c in points_seat_team.cases() if c["input"].get("dealer") is not None]
    rules = load("pagat-41(house,both_qualify=first_seat)")
    firsts = set()
    for case in cases:
        if "pagat-41(house,both_qualify=first_seat)" not in case["variants"]:
            continue
        data = case["input"]
        after = rules.scores_after(data["scores"], data["bids"], data["tricks"])
        firsts.add(points_seat_team.first_qualifying_seat(rules, after, rules.target))
    assert firsts == {0, 1, 2}


def test_the_first_qualifying_seat_is_the_first_in_seat_order() -> None:
    rules = load("pagat-41(house,both_qualify=first_seat)")
    assert points_seat_team.first_qualifying_seat(rules, [1, 1, 45, 45], 41) == 2
    assert points_seat_team.first_qualifying_seat(rules, [45, 45, 5, 5], 41) == 0
    assert points_seat_team.first_qualifying_seat(rules, [0, 0, 0, 0], 41) is None


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_suite_kills_a_first_qualifying_seat_given_to_the_other_team(
    monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    """cosmic-ray's survivor of ``Rules.first_qualifying_team`` (spec/model.py:480):
    ``seat % 2`` made ``seat / 2``, so South, the first qualifying seat, won for
    West-East; the specification answering so at any seat that can be first fails the
    killing test."""
    original = Rules.first_qualifying_team

    def wrong(self: Rules, scores: Sequence[int], target: int) -> int:
        result = int(original(self, scores, target))
        if points_seat_team.first_qualifying_seat(self, scores, target) != seat:
            return result
        return {1: 2, 2: 1}.get(result, result)

    monkeypatch.setattr(Rules, "first_qualifying_team", wrong)
    assert operators.main([]) == 1


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_suite_kills_a_first_bid_of_13_given_to_the_other_team(
    monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    """cosmic-ray's survivor of ``Rules.special_result`` (spec/model.py:520): ``seat % 2``
    made ``seat + 2`` in the ``first_bid`` conflict; the specification answering so at
    any seat fails the killing test."""
    original = Rules.special_result

    def wrong(
        self: Rules,
        bids: Sequence[int],
        tricks: Sequence[int],
        after: Sequence[int],
        dealer: int,
    ) -> int:
        result = int(original(self, bids, tricks, after, dealer))
        if self.thirteen_conflict != "first_bid":
            return result
        drawn = int(
            original(_with_draw(self), bids, tricks, after, dealer)  # both teams claim
        )
        deciding = points_seat_team.deciding_bidder(self, bids, tricks, dealer)
        if drawn != int(Result.DRAW) or deciding != seat:
            return result
        return {1: 2, 2: 1}.get(result, result)

    monkeypatch.setattr(Rules, "special_result", wrong)
    assert operators.main([]) == 1


def _with_draw(rules: Rules) -> Rules:
    import dataclasses

    return dataclasses.replace(rules, thirteen_conflict="draw")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_suite_kills_a_bid_without_13_taken_as_a_made_13_in_a_conflict(
    monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    """cosmic-ray's survivor of ``Rules.special_result`` (spec/model.py:523): the first_bid
    conflict's ``effect == TEAM_WINS`` made ``effect <= TEAM_WINS``, so the first bidder
    without a 13 decides the conflict for its team."""
    original = Rules.special_result

    def wrong(
        self: Rules,
        bids: Sequence[int],
        tricks: Sequence[int],
        after: Sequence[int],
        dealer: int,
    ) -> int:
        result = int(original(self, bids, tricks, after, dealer))
        drawn = int(original(_with_draw(self), bids, tricks, after, dealer))
        first = self.bidding_seats(dealer)[0]
        without = int(self.special_effect(bids[seat], tricks[seat])) == 0
        if self.thirteen_conflict != "first_bid" or drawn != int(Result.DRAW):
            return result
        return (1 if seat % 2 == 0 else 2) if first == seat and without else result

    monkeypatch.setattr(Rules, "special_result", wrong)
    assert operators.main([]) == 1
