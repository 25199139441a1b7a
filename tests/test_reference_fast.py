"""The reference's fast rule layer equals the specification, for every variant and reading."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import FULL_DECK, legal_plays, trick_winner
from fourhundred.spec.house import EXAMPLES
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, load, names

READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)] + [
    load(example.text) for example in EXAMPLES
]
SCORES = (-120, -1, 0, 1, 29, 30, 39, 40, 41, 49, 50, 51, 61, 139, 140, 200, 450)


def _ids(rules: Rules) -> str:
    return str(rules)


def test_every_variant_has_readings_to_check() -> None:
    assert len(READINGS) > len(names())
    assert {r.variant for r in READINGS} == set(names())
    assert sum(r.is_house for r in READINGS) == len(EXAMPLES)


@pytest.mark.parametrize("rules", READINGS, ids=_ids)
def test_bidding_rules_match_the_spec_on_a_grid(rules: Rules) -> None:
    fast = FastRules.of(rules)
    for score in SCORES:
        assert fast.own_minimum_bid(score) == rules.own_minimum_bid(score)
        for bid in range(-1, 16):
            assert fast.bid_is_legal(bid, score) == bool(rules.bid_is_legal(bid, score))


@pytest.mark.parametrize("rules", READINGS, ids=_ids)
def test_bid_values_and_score_changes_match_the_spec_on_a_grid(rules: Rules) -> None:
    fast = FastRules.of(rules)
    band_scores = (-5, 29, 30, 45, 200)
    for own in band_scores:
        for highest in band_scores:
            for bid in range(0, 15):
                assert fast.bid_value(bid, own, highest) == rules.bid_value(bid, own, highest)
                for tricks in range(14):
                    assert fast.score_change(bid, tricks, own, highest) == rules.score_change(
                        bid, tricks, own, highest
                    ), (bid, tricks, own, highest)


@pytest.mark.parametrize("rules", READINGS, ids=_ids)
def test_table_minimum_throw_in_and_hand_result_match_the_spec_on_random_inputs(
    rules: Rules,
) -> None:
    fast = FastRules.of(rules)
    rnd = random.Random(str(rules))
    for _ in range(150):
        scores = tuple(rnd.choice(SCORES) + rnd.randint(-3, 3) for _ in range(4))
        bids = tuple(rnd.randint(rules.min_bid, 13) for _ in range(4))
        tricks = [0, 0, 0, 0]
        for _ in range(13):
            tricks[rnd.randrange(4)] += 1
        if rnd.random() < 0.2:
            seat = rnd.randrange(4)
            bids = tuple(13 if s == seat else b for s, b in enumerate(bids))
            tricks = [13 if s == seat else 0 for s in range(4)] if rnd.random() < 0.5 else tricks
        dealer = rnd.randrange(4)
        target = rules.target + rnd.choice((0, 0, 10, 20))
        assert fast.table_minimum(scores) == rules.table_minimum(scores)
        assert fast.hand_is_played(bids, scores) == bool(rules.hand_is_played(bids, scores))
        expected = rules.hand_result(scores, bids, tricks, dealer, target)
        after, result, next_target = fast.hand_result(scores, bids, tricks, dealer, target)
        assert (after, result, next_target) == (
            tuple(expected[0]),
            int(expected[1]),
            int(expected[2]),
        ), (scores, bids, tricks, dealer, target)


#: Pairs of rule sets, default reading first, where ``thirteen_precedence`` or
#: ``both_qualify_by`` changes the end of a hand (the 13 readings need a 13 that decides).
PRECEDENCE_PAIRS = [
    (load(base), load(other))
    for base, other in (
        ("qahwa-400(table=classic)", "qahwa-400(table=classic,thirteen_precedence=points_first)"),
        (
            "medallon-400(thirteen_fail=lose_game)",
            "medallon-400(thirteen_fail=lose_game,thirteen_precedence=points_first)",
        ),
        ("pagat-400", "pagat-400(thirteen_precedence=points_first)"),
        ("pagat-41", "pagat-41(both_qualify_by=player_score)"),
        ("pagat-400", "pagat-400(both_qualify_by=player_score)"),
    )
]
NEAR_TARGET = (-1, 5, 38, 44)
END_OF_HAND = (
    ([13, 2, 3, 2], [8, 2, 3, 0]),
    ([13, 3, 3, 2], [9, 0, 3, 1]),
    ([4, 3, 2, 3], [4, 3, 2, 4]),
    ([3, 4, 4, 2], [3, 4, 4, 2]),
    ([13, 13, 3, 3], [5, 5, 3, 0]),
)


@pytest.mark.parametrize(
    ("base", "other"), PRECEDENCE_PAIRS, ids=[str(other) for _, other in PRECEDENCE_PAIRS]
)
def test_fast_hand_result_matches_the_spec_where_a_failed_13_meets_the_target_or_both_teams_qualify(
    base: Rules, other: Rules
) -> None:
    differences = 0
    for north, west, south, east in itertools.product(NEAR_TARGET, repeat=4):
        scores = (north, west, south, east)
        for bids, tricks in END_OF_HAND:
            answers = []
            for rules in (base, other):
                expected = rules.hand_result(scores, bids, tricks, 0, rules.target)
                assert FastRules.of(rules).hand_result(scores, bids, tricks, 0, rules.target) == (
                    tuple(expected[0]),
                    int(expected[1]),
                    int(expected[2]),
                ), (str(rules), scores, bids, tricks)
                answers.append(int(expected[1]))
            differences += answers[0] != answers[1]
    assert differences, "the grid never reaches a hand where the two readings differ"


@st.composite
def hand_outcomes(
    draw: st.DrawFn,
) -> tuple[Rules, tuple[int, ...], tuple[int, ...], list[int], int, int]:
    rules = draw(st.sampled_from(READINGS))
    scores = tuple(draw(st.lists(st.integers(-150, 250), min_size=4, max_size=4)))
    bids = tuple(draw(st.lists(st.integers(rules.min_bid, 13), min_size=4, max_size=4)))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    dealer = draw(st.integers(0, 3))
    target = rules.target + draw(st.sampled_from((0, 10, 20)))
    return rules, scores, bids, tricks, dealer, target


@given(hand_outcomes())
def test_hand_result_matches_the_spec_for_any_hand(
    case: tuple[Rules, tuple[int, ...], tuple[int, ...], list[int], int, int],
) -> None:
    rules, scores, bids, tricks, dealer, target = case
    fast = FastRules.of(rules)
    expected = rules.hand_result(scores, bids, tricks, dealer, target)
    assert fast.hand_result(scores, bids, tricks, dealer, target) == (
        tuple(expected[0]),
        int(expected[1]),
        int(expected[2]),
    )
    assert fast.hand_is_played(bids, scores) == bool(rules.hand_is_played(bids, scores))


def test_fast_rules_are_cached_per_rules_value() -> None:
    assert FastRules.of(load("qahwa-400")) is FastRules.of(load("qahwa"))


def test_a_fast_rule_variant_is_cached_apart_with_the_same_tables() -> None:
    class Variant(FastRules):
        def band(self, score: int) -> int:
            return 0

    rules = load("qahwa-400")
    variant = Variant.of(rules)
    assert type(variant) is Variant and variant is Variant.of(load("qahwa"))
    assert type(FastRules.of(rules)) is FastRules
    assert variant.value_high == FastRules.of(rules).value_high
    assert variant.own_minimum_bid(50) == rules.min_bid != FastRules.of(rules).own_minimum_bid(50)


@pytest.mark.parametrize("rules", READINGS, ids=_ids)
def test_the_hooks_a_variant_may_override_match_the_spec(rules: Rules) -> None:
    fast = FastRules.of(rules)
    for score in SCORES:
        assert fast.band(score) == rules.score_band(score)
        assert fast.partner_ok(score) == bool(rules.partner_ok(score))
    for seat in range(4):
        assert fast.next_dealer(seat) == rules.next_dealer(seat)
        assert fast.first_leader(seat) == rules.first_leader(seat)
    rnd = random.Random(str(rules))
    for _ in range(40):
        scores = tuple(rnd.choice(SCORES) + rnd.randint(-3, 3) for _ in range(4))
        target = rules.target + rnd.choice((0, 10))
        for team in (0, 1):
            assert fast.qualifies(team, scores, target) == bool(
                rules.team_qualifies(team, scores, target)
            )
        deck = list(FULL_DECK)
        rnd.shuffle(deck)
        assert fast.trick_winner(deck[:4]) == trick_winner(deck[:4])
        assert fast.legal_plays(deck[4:10], deck[10]) == legal_plays(deck[4:10], deck[10])


# ----------------------------------------------------------------------
# CrossHair: symbolic comparison of fast and spec (diffbehavior, through the API)
# ----------------------------------------------------------------------

_SUBJECT: dict[str, object] = {}


def _spec() -> Rules:
    rules = _SUBJECT["spec"]
    assert isinstance(rules, Rules)
    return rules


def _fast() -> FastRules:
    fast = _SUBJECT["fast"]
    assert isinstance(fast, FastRules)
    return fast


def spec_score_change(bid: int, tricks: int, own: int, highest: int) -> int:
    if not (0 <= bid <= 13 and 0 <= tricks <= 13 and own <= highest):
        return 0
    return int(_spec().score_change(bid, tricks, own, highest))


def fast_score_change(bid: int, tricks: int, own: int, highest: int) -> int:
    if not (0 <= bid <= 13 and 0 <= tricks <= 13 and own <= highest):
        return 0
    return _fast().score_change(bid, tricks, own, highest)


def planted_wrong_score_change(bid: int, tricks: int, own: int, highest: int) -> int:
    """A mutant: a made or failed 6 is off by one at a score of 35."""
    change = fast_score_change(bid, tricks, own, highest)
    return change + 1 if bid == 6 and own == 35 else change


def spec_table_minimum(a: int, b: int, c: int, d: int) -> int:
    return int(_spec().table_minimum((a, b, c, d)))


def fast_table_minimum(a: int, b: int, c: int, d: int) -> int:
    return _fast().table_minimum((a, b, c, d))


def spec_own_minimum(score: int) -> int:
    return int(_spec().own_minimum_bid(score))


def fast_own_minimum(score: int) -> int:
    return _fast().own_minimum_bid(score)


def spec_hand_is_played(b0: int, b1: int, b2: int, b3: int, high: int, low: int) -> bool:
    if not (min(b0, b1, b2, b3) >= 1 and max(b0, b1, b2, b3) <= 13 and low <= high):
        return False
    return bool(_spec().hand_is_played((b0, b1, b2, b3), (high, low, low, low)))


def fast_hand_is_played(b0: int, b1: int, b2: int, b3: int, high: int, low: int) -> bool:
    if not (min(b0, b1, b2, b3) >= 1 and max(b0, b1, b2, b3) <= 13 and low <= high):
        return False
    return _fast().hand_is_played((b0, b1, b2, b3), (high, low, low, low))


def crosshair_differences(
    rules: Rules, first: Callable[..., object], second: Callable[..., object], seconds: float
) -> list[str]:
    """CrossHair's behaviour differences between two functions under ``rules``.

    A CrossHair error (a string result) fails the test: nothing passes silently.
    """
    import crosshair.core_and_libs  # noqa: F401  (loads CrossHair's opcode patches)
    from crosshair.diff_behavior import diff_behavior
    from crosshair.fnutil import FunctionInfo
    from crosshair.options import DEFAULT_OPTIONS, AnalysisOptionSet

    _SUBJECT["spec"] = rules
    _SUBJECT["fast"] = FastRules.of(rules)
    options = DEFAULT_OPTIONS.overlay(
        AnalysisOptionSet(per_condition_timeout=seconds, per_path_timeout=max(seconds / 4, 0.5))
    )
    result = diff_behavior(FunctionInfo.from_fn(first), FunctionInfo.from_fn(second), options)
    if isinstance(result, str):
        raise AssertionError(f"CrossHair could not compare: {result}")
    return [
        f"{diff.args}: {diff.result1.return_repr} != {diff.result2.return_repr}" for diff in result
    ]


def test_crosshair_finds_no_difference_in_score_change_for_qahwa() -> None:
    assert crosshair_differences(load("qahwa-400"), spec_score_change, fast_score_change, 3) == []


def test_crosshair_catches_a_planted_wrong_score_change() -> None:
    """Guards against a comparison that silently passes: a mutant must be caught."""
    differences = crosshair_differences(
        load("qahwa-400"), spec_score_change, planted_wrong_score_change, 6
    )
    assert differences, "CrossHair missed a planted difference"
    assert any("'own': '35'" in d and "'bid': '6'" in d for d in differences)


PAIRS = (
    ("score_change", spec_score_change, fast_score_change),
    ("table_minimum", spec_table_minimum, fast_table_minimum),
    ("own_minimum_bid", spec_own_minimum, fast_own_minimum),
    ("hand_is_played", spec_hand_is_played, fast_hand_is_played),
)


@pytest.mark.slow
@pytest.mark.parametrize("rules", READINGS, ids=_ids)
@pytest.mark.parametrize("pair", PAIRS, ids=[p[0] for p in PAIRS])
def test_crosshair_finds_no_difference_for_every_reading(
    rules: Rules, pair: tuple[str, Callable[..., object], Callable[..., object]]
) -> None:
    _, spec_function, fast_function = pair
    assert crosshair_differences(rules, spec_function, fast_function, 10) == []
