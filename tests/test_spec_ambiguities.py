"""The ambiguity register is well formed, and every reading behaves as it says.

For every entry with a switch, each reading is selected on every variant the
entry applies to, and a hand-computed situation shows the reading's effect.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from fourhundred.spec import Result, load
from fourhundred.spec.ambiguities import BY_ID, REGISTER, to_json
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import get, names
from fourhundred.spec.sources import source

#: Extra options some variants need before a reading can show its effect.
CONTEXT = {
    ("thirteen_win", "qahwa-400"): "table=classic",
    ("thirteen_conflict", "qahwa-400"): "table=classic",
    ("thirteen_conflict", "medallon-400"): "thirteen_fail=lose_game",
    ("thirteen_precedence", "qahwa-400"): "table=classic",
    ("thirteen_precedence", "medallon-400"): "thirteen_fail=lose_game",
    ("eleven_plus_13", "pagat-400"): "eleven_plus_50=on",
    ("total_switch", "qahwa-400"): "total=12",
}


def with_reading(variant: str, switch: str, reading: str) -> Rules:
    extra = CONTEXT.get((switch, variant))
    options = f"{switch}={reading}" + (f",{extra}" if extra else "")
    return load(f"{variant}({options})")


def result_of(rules: Rules, before: list[int], bids: list[int], tricks: list[int]) -> Result:
    return Result(rules.hand_result(before, bids, tricks, 0, rules.target)[1])


def points(rules: Rules, after: list[int], target: int | None = None) -> tuple[Result, int]:
    code, next_target = rules.points_result(after, rules.target if target is None else target)
    return Result(code), int(next_target)


Check = Callable[[Rules], None]


def _both_13s_fail(rules: Rules) -> Result:
    # Dealer North: West (seat 1) bids first, North (seat 0) last; both bid 13 and fail.
    return result_of(rules, [0, 0, 0, 0], [13, 13, 2, 2], [6, 7, 0, 0])


def _failed_13_beside_a_partner_on_the_target(rules: Rules) -> tuple[object, ...]:
    # North bids 13 and takes 8; South, on 38, makes 3 and reaches 41 with North on 5.
    after, code, _ = rules.hand_result([5, 0, 38, 0], [13, 2, 3, 2], [8, 2, 3, 0], 0, 41)
    return tuple(after), Result(code)


def _failed_13_alone(rules: Rules) -> Result:
    return result_of(rules, [0] * 4, [13, 2, 2, 2], [12, 1, 0, 0])


#: Both teams qualify: North has the highest single score (45), West-East the higher sum (51).
HIGH_PLAYER_LOW_SUM = [45, 41, 1, 10]

CHECKS: dict[tuple[str, str], Check] = {
    ("bidding_order", "anticlockwise"): lambda r: _eq(r.bidding_seats(0), (1, 2, 3, 0)),
    ("bidding_order", "clockwise"): lambda r: _eq(r.bidding_seats(0), (1, 0, 3, 2)),
    ("play_order", "anticlockwise"): lambda r: _eq(r.trick_seats(1), (1, 2, 3, 0)),
    ("play_order", "clockwise"): lambda r: _eq(r.trick_seats(1), (1, 0, 3, 2)),
    ("deal_pattern", "one_at_a_time"): lambda r: _eq(
        r.deal(FULL_DECK, 0)[1][:3], ("2C", "6C", "TC")
    ),
    ("deal_pattern", "pagat_batches"): lambda r: _eq(
        r.deal(FULL_DECK, 0)[1][:3], ("2C", "6C", "7C")
    ),
    ("dealer_throw_in", "no"): lambda r: _eq(r.dealer_may_throw_in, False),
    ("dealer_throw_in", "yes"): lambda r: _eq(r.dealer_may_throw_in, True),
    ("own_min_cap", "unbounded"): lambda r: _eq(
        [r.own_minimum_bid(s) for s in (139, 140, 200)], [13, 14, 20]
    ),
    ("own_min_cap", "13"): lambda r: _eq(
        [r.own_minimum_bid(s) for s in (139, 140, 200)], [13, 13, 13]
    ),
    ("own_min_cap", "5"): lambda r: _eq([r.own_minimum_bid(s) for s in (49, 50, 140)], [4, 5, 5]),
    ("table_min_cap", "unbounded"): lambda r: _eq(r.table_minimum([450, 0, 0, 0]), 54),
    ("table_min_cap", "52"): lambda r: _eq(r.table_minimum([450, 0, 0, 0]), 52),
    ("table_min_cap", "14"): lambda r: _eq(r.table_minimum([450, 0, 0, 0]), 14),
    ("table_min_scores", "highest"): lambda r: _eq(r.table_minimum([30, 0, 0, 0]), 12),
    ("table_min_scores", "lowest"): lambda r: _eq(
        (r.table_minimum([30, 0, 0, 0]), r.table_minimum([30, 31, 45, 30])), (11, 12)
    ),
    ("table_measure", "values"): lambda r: _eq(r.hand_is_played([7, 2, 2, 2], [0] * 4), True),
    ("table_measure", "tricks"): lambda r: _eq(r.hand_is_played([7, 2, 1, 0], [0] * 4), False),
    ("table_comparison", "at_least"): lambda r: _eq(
        r.hand_is_played([4, 4, 3, 3], [40, 0, 0, 0]), True
    ),
    ("table_comparison", "exactly"): lambda r: _eq(
        (
            r.hand_is_played([4, 4, 3, 3], [40, 0, 0, 0]),
            r.hand_is_played([4, 3, 3, 3], [40, 0, 0, 0]),
        ),
        (False, True),
    ),
    ("total_switch", "floor"): lambda r: _eq(
        [r.table_minimum([s, 0, 0, 0]) for s in (0, 30, 40, 50)], [12, 12, 13, 14]
    ),
    ("total_switch", "offset"): lambda r: _eq(
        [r.table_minimum([s, 0, 0, 0]) for s in (0, 30, 40, 50)], [12, 13, 14, 15]
    ),
    ("total_switch", "fixed"): lambda r: _eq(
        [r.table_minimum([s, 0, 0, 0]) for s in (0, 30, 40, 50)], [12, 12, 12, 12]
    ),
    ("reduced_scope", "own"): lambda r: _eq(
        (r.bid_value(5, 0, 40), r.bid_value(5, 30, 30)), (10, 5)
    ),
    ("reduced_scope", "any"): lambda r: _eq(
        (r.bid_value(5, 0, 40), r.bid_value(5, 0, 20)), (5, 10)
    ),
    ("value_scale", "table"): lambda r: _eq(r.bid_value(5, 0, 0), 10),
    ("value_scale", "one_per_trick"): lambda r: _eq(
        ([r.bid_value(b, 0, 0) for b in (5, 9, 13)], r.is_special_bid(13)), ([5, 9, 13], False)
    ),
    ("double_from", "7"): lambda r: _eq([r.bid_value(b, 0, 0) for b in (5, 6, 7)], [5, 6, 14]),
    ("double_from", "5"): lambda r: _eq(
        [r.bid_value(b, 0, 0) for b in (4, 5, 6, 7)], [4, 10, 12, 14]
    ),
    ("max_bid", "13"): lambda r: _eq(r.bid_is_legal(13, 0), True),
    ("max_bid", "12"): lambda r: _eq((r.bid_is_legal(12, 0), r.bid_is_legal(13, 0)), (True, False)),
    ("thirteen_win", "outright"): lambda r: _eq(
        result_of(r, [0, 0, -30, 0], [13, 2, 2, 2], [13, 0, 0, 0]), Result.TEAM_0_WINS
    ),
    ("thirteen_win", "needs_partner"): lambda r: _eq(
        result_of(r, [0, 0, -30, 0], [13, 2, 2, 2], [13, 0, 0, 0]), Result.CONTINUE
    ),
    ("thirteen_fail", "minus_52"): lambda r: _eq(
        r.hand_result([0] * 4, [13, 2, 2, 2], [12, 1, 0, 0], 0, 41),
        ((-52, -2, -2, -2), Result.CONTINUE, 41),
    ),
    ("thirteen_fail", "lose_game"): lambda r: _eq(
        result_of(r, [0] * 4, [13, 2, 2, 2], [12, 1, 0, 0]), Result.TEAM_1_WINS
    ),
    ("thirteen_conflict", "draw"): lambda r: _eq(_both_13s_fail(r), Result.DRAW),
    # West bid 13 first (dealer North): West's failure decides, so North-South win.
    ("thirteen_conflict", "first_bid"): lambda r: _eq(_both_13s_fail(r), Result.TEAM_0_WINS),
    ("thirteen_precedence", "thirteen_first"): lambda r: _eq(
        _failed_13_beside_a_partner_on_the_target(r), ((5, 2, 41, -2), Result.TEAM_1_WINS)
    ),
    ("thirteen_precedence", "points_first"): lambda r: _eq(
        (_failed_13_beside_a_partner_on_the_target(r), _failed_13_alone(r)),
        (((5, 2, 41, -2), Result.TEAM_0_WINS), Result.TEAM_1_WINS),
    ),
    ("eleven_plus_13", "keeps_special"): lambda r: _eq(
        (r.bid_value(12, 0, 0), r.is_special_bid(13)), (50, True)
    ),
    ("eleven_plus_13", "scores_50"): lambda r: _eq(
        (r.bid_value(13, 0, 0), r.is_special_bid(13)), (50, False)
    ),
    ("partner_condition", "positive"): lambda r: _eq(points(r, [45, 0, 0, 0])[0], Result.CONTINUE),
    ("partner_condition", "non_negative"): lambda r: _eq(
        points(r, [45, 0, 0, 0])[0], Result.TEAM_0_WINS
    ),
    ("win_measure", "team_total"): lambda r: _eq(points(r, [20, 0, 21, 0])[0], Result.TEAM_0_WINS),
    ("win_measure", "player"): lambda r: _eq(
        (points(r, [20, 0, 21, 0])[0], points(r, [41, 0, 1, 0])[0]),
        (Result.CONTINUE, Result.TEAM_0_WINS),
    ),
    ("both_qualify", "higher_total"): lambda r: _eq(
        points(r, [41, 45, 1, 1] if r.win_measure == "player" else [40, 44, 1, 1]),
        (Result.TEAM_1_WINS, 41),
    ),
    ("both_qualify", "raise_target"): lambda r: _eq(
        points(r, [41, 45, 1, 1] if r.win_measure == "player" else [40, 44, 1, 1]),
        (Result.CONTINUE, 51),
    ),
    ("total_tie", "play_on"): lambda r: _eq(points(r, [41, 41, 1, 1])[0], Result.CONTINUE),
    ("total_tie", "draw"): lambda r: _eq(points(r, [41, 41, 1, 1])[0], Result.DRAW),
    ("both_qualify_by", "team_total"): lambda r: _eq(
        points(r, HIGH_PLAYER_LOW_SUM), (Result.TEAM_1_WINS, r.target)
    ),
    ("both_qualify_by", "player_score"): lambda r: _eq(
        (points(r, HIGH_PLAYER_LOW_SUM), points(r, [45, 45, 1, 10])[0]),
        ((Result.TEAM_0_WINS, r.target), Result.CONTINUE),
    ),
    ("raise_trigger", "qualified"): lambda r: _eq(
        points(r, [41, 41, 1, 0]), (Result.TEAM_0_WINS, 41)
    ),
    ("raise_trigger", "reached"): lambda r: _eq(points(r, [41, 41, 1, 0]), (Result.CONTINUE, 51)),
    ("turn_time_limit", "30"): lambda r: _eq(r.turn_time_limit, 30),
    ("turn_time_limit", "25"): lambda r: _eq(r.turn_time_limit, 25),
}


def _eq(actual: object, expected: object) -> bool:
    assert actual == expected, f"{actual!r} != {expected!r}"
    return True


CASES = [
    pytest.param(entry.switch, reading.value, variant, id=f"{entry.id}:{reading.value}:{variant}")
    for entry in REGISTER
    if entry.switch is not None
    for reading in entry.readings
    for variant in entry.applies_to
]


@pytest.mark.parametrize(("switch", "reading", "variant"), CASES)
def test_each_reading_has_the_effect_it_describes(switch: str, reading: str, variant: str) -> None:
    CHECKS[(switch, reading)](with_reading(variant, switch, reading))


def test_every_reading_of_every_switch_has_a_behavioural_check() -> None:
    wanted = {(e.switch, r.value) for e in REGISTER if e.switch for r in e.readings}
    assert wanted == set(CHECKS)


def test_register_ids_are_unique_stable_slugs() -> None:
    ids = [entry.id for entry in REGISTER]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("entry", REGISTER, ids=lambda e: e.id)
def test_each_entry_cites_known_sources_and_defaults_to_one_of_its_readings(entry: object) -> None:
    from fourhundred.spec.ambiguities import Ambiguity

    assert isinstance(entry, Ambiguity)
    assert entry.sources and all(c.section in source(c.source).sections for c in entry.sources)
    assert entry.applies_to, "an entry must apply to at least one variant"
    readings = {r.value for r in entry.readings}
    assert all(d.reading in readings and d.why for d in entry.defaults.values())
    if entry.switch is None:
        assert entry.kind == "convention" or entry.settled_by, "no switch: say what settles it"
    else:
        assert len(readings) >= 2, "a switch needs at least two readings"
    if entry.kind == "convention":
        assert entry.switch is None and len(readings) == 1


def test_every_reading_option_of_a_variant_points_to_its_register_entry() -> None:
    for name in names():
        for option in get(name).options:
            if option.kind == "reading":
                assert option.ambiguity is not None
                assert BY_ID[option.ambiguity].switch == option.name
                assert BY_ID[option.ambiguity].defaults[name].reading == option.default


def test_the_json_export_lists_every_entry_with_its_readings_and_defaults() -> None:
    data = to_json()
    assert [d["id"] for d in data] == [e.id for e in REGISTER]
    medallon = next(d for d in data if d["id"] == "bidding-direction")
    assert medallon["switch"] == "bidding_order"
    assert medallon["defaults"] == {
        "medallon-400": {
            "reading": "anticlockwise",
            "why": BY_ID["bidding-direction"].defaults["medallon-400"].why,
        }
    }
