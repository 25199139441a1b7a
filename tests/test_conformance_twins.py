"""New-game twins: a whole game from a new game that stands where a position case
starts, then plays its hand, so an engine without positions loses no rule point."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from fourhundred.conformance import twins
from fourhundred.conformance.suite import load_cases
from fourhundred.reference import engine, notation
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.registry import load

TRICKS = [(13, 0, 0, 0), (0, 0, 0, 13), (4, 3, 3, 3), (0, 6, 0, 7), (1, 2, 3, 7), (5, 0, 8, 0)]


@pytest.mark.parametrize("tricks", TRICKS)
@pytest.mark.parametrize(
    "variant",
    [
        "qahwa-400",
        "medallon-400(play_order=clockwise)",
        "pagat-41",
        "qahwa-400(house,trump=turned)",
    ],
)
def test_a_pack_built_for_the_tricks_gives_each_seat_its_tricks_whoever_leads(
    tricks: tuple[int, int, int, int], variant: str
) -> None:
    rules = load(variant)
    for dealer in range(4):
        plan = twins.Plan(dealer, (twins.Hand((4, 3, 3, 3), tricks),))
        state, actions, records = twins.played_prefix(rules, plan)
        assert state.history[-1].tricks == tricks
        assert state.history[-1].played and len(records) == 1
        assert actions[0].startswith(f"{'NWSE'[dealer]}: deal ")


def _suite() -> list[Mapping[str, Any]]:
    return list(load_cases())


def _positions() -> list[Mapping[str, Any]]:
    return [case for case in _suite() if twins.starts_from_position(case)]


def _replayed(case: Mapping[str, Any]) -> Iterator[Any]:
    """The engine's states after every accepted action of a whole game."""
    data = case["input"]
    rules = load(case["variants"][0])
    if "position" in data:
        state = notation.from_notation(rules, data["position"])
    else:
        state = engine.new_game(rules, data["first_dealer"])
    rejected = {index for index, _ in case["expected"]["rejected"]}
    for index, text in enumerate(data["actions"]):
        if index not in rejected:
            state = apply_text(state, text)
            yield state


def test_a_twin_stands_where_its_position_stands_and_then_plays_the_same_hand() -> None:
    checked = 0
    for case in _positions()[::7]:
        twin = twins.twin_case(case)
        if isinstance(twin, twins.Unreached):
            continue
        rules = load(case["variants"][0])
        start = notation.from_notation(rules, case["input"]["position"])
        prefix = len(twin["input"]["actions"]) - len(case["input"]["actions"])
        assert twin["input"]["actions"][prefix:] == case["input"]["actions"]
        between = [s for s in _replayed(twin) if s.phase is engine.Phase.DEAL]
        before = len(twin["expected"]["hands"]) - len(case["expected"]["hands"])
        assert before >= 1
        assert twins.Wanted.of(between[before - 1]) == twins.Wanted.of(start)
        tail = twin["expected"]["hands"][before:]  # none when the position's game ends mid-hand
        without_index = [{k: v for k, v in hand.items() if k != "after"} for hand in tail]
        assert without_index == [
            {k: v for k, v in hand.items() if k != "after"} for hand in case["expected"]["hands"]
        ]
        assert twin["expected"]["final"] == case["expected"]["final"]
        assert [code for _, code in twin["expected"]["rejected"]] == [
            code for _, code in case["expected"]["rejected"]
        ]
        checked += 1
    assert checked > 5


def test_a_position_the_rules_end_the_game_before_is_unreachable_and_says_why() -> None:
    rules = load("medallon-400(both_qualify=raise_target)")
    goal = twins.Wanted(0, (24, 15, 23, 13), 51)
    reason = twins.unreachable(rules, goal)
    assert reason is not None and "unreachable by play" in reason
    assert isinstance(twins.plan_hands(rules, goal), twins.Unreached)
    assert twins.unreachable(rules, twins.Wanted(0, (12, 7, 3, 9), 41)) is None


def test_a_position_plan_prefers_a_candidate_a_new_game_reaches() -> None:
    from fourhundred.conformance import position_games as games

    rules = load("pagat-41")
    unreached, reached = (40, 40, 38, 39), (40, 34, 32, 39)
    assert isinstance(twins.plan_hands(rules, twins.Wanted(2, unreached, 41)), twins.Unreached)
    plan = games.PositionPlan(
        "pagat-41", "pagat-41/tie", "equal totals", 2, (unreached, reached), games._tie
    )
    position, _ = games.find_position_case(plan)
    assert notation.from_notation(rules, position).scores == reached
    alone = games.PositionPlan(
        "pagat-41", "pagat-41/tie", "equal totals", 2, (unreached,), games._tie
    )
    position, _ = games.find_position_case(alone)
    assert notation.from_notation(rules, position).scores == unreached


def test_every_whole_game_from_a_position_in_the_suite_has_a_twin_or_a_reason() -> None:
    suite = _suite()
    unreached = {entry["case"]: entry["reason"] for entry in twins.read_unreached()}
    new_games = {
        (tuple(case["variants"]), case["description"].partition(") of: ")[2])
        for case in suite
        if case["kind"] == "whole_game" and "first_dealer" in case["input"]
    }
    missing = [
        case["id"]
        for case in _positions()
        if case["id"] not in unreached
        and (tuple(case["variants"]), case["description"]) not in new_games
    ]
    assert missing == []
    assert all(reason for reason in unreached.values())
    assert len(unreached) < len(_positions())


def _events(case: Mapping[str, Any]) -> set[str]:
    """The rare events of a whole game: a 13 bid made or lost in a played hand, a draw."""
    found = set()
    states = list(_replayed(case))
    for record in states[-1].history if states else ():
        for seat in range(4):
            if record.played and record.bids[seat] == 13:
                found.add("13 made" if record.tricks[seat] >= 13 else "13 lost")
    if case["expected"]["final"]["result"] == "draw":
        found.add("draw")
    return found


def test_new_games_hold_the_rare_events_every_position_case_reaching_them_holds() -> None:
    unreached = {entry["case"] for entry in twins.read_unreached()}
    wanted: dict[str, set[str]] = {}
    had: dict[str, set[str]] = {}
    for case in _suite():
        if case["kind"] != "whole_game":
            continue
        variant = case["variants"][0]
        if twins.starts_from_position(case):
            if case["id"] not in unreached:
                wanted.setdefault(variant, set()).update(_events(case))
        else:
            had.setdefault(variant, set()).update(_events(case))
    assert any("13 lost" in events for events in wanted.values())
    assert any("draw" in events for events in wanted.values())
    for variant, events in wanted.items():
        assert events <= had.get(variant, set()), variant
