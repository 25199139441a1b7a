"""The public Hypothesis strategies (``fourhundred.strategies``): Hypothesis's API style, valid draws."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from fourhundred import strategies
from fourhundred.conformance import edges, inputs, kinds, validity
from fourhundred.conformance.adapter import reference_answer
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_START, BAND_WIDTH
from fourhundred.spec.registry import load

SCHEMA = json.loads(
    (
        Path(__file__).resolve().parent.parent / "conformance" / "schema" / "case-file.schema.json"
    ).read_text()
)
QAHWA = load("qahwa-400")
#: Medallon's own minimum rises without end: from 140 nobody can bid.
ENDLESS = load("medallon-400")

BAD_ARGUMENTS: list[tuple[str, Callable[[], object], str]] = [
    ("scores with min_value above max_value", lambda: strategies.scores(5, 1), "min_value=5"),
    ("scores with a float bound", lambda: strategies.scores(min_value=1.5), "min_value=1.5"),  # type: ignore[arg-type]
    ("scores with a bool bound", lambda: strategies.scores(max_value=True), "max_value=True"),
    (
        "band edge scores with no edge in range",
        lambda: strategies.band_edge_scores(5, 20),
        "no score next to an edge",
    ),
    (
        "band edge scores with bounds the wrong way round",
        lambda: strategies.band_edge_scores(50, 40),
        "above max_value",
    ),
    ("bids under a variant string", lambda: strategies.bids("qahwa-400"), "must be a Rules value"),  # type: ignore[arg-type]
    (
        "bids for a score where nobody can bid",
        lambda: strategies.bids(ENDLESS, edges.UNBIDDABLE_EDGE),
        "no legal bid",
    ),
    (
        "bids bounded above the largest bid",
        lambda: strategies.bids(QAHWA, min_value=14),
        "no legal bid",
    ),
    (
        "bids bounded below the own minimum",
        lambda: strategies.bids(QAHWA, BAND_START + 2 * BAND_WIDTH, max_value=2),
        "the legal bids are 5 to 13",
    ),
    ("bids for a score given as text", lambda: strategies.bids(QAHWA, "30"), "own_score='30'"),  # type: ignore[arg-type]
    ("four bids for three seats", lambda: strategies.four_bids(QAHWA, [0, 0, 0]), "four scores"),
    (
        "four bids where a seat cannot bid",
        lambda: strategies.four_bids(ENDLESS, [0, 0, 0, edges.UNBIDDABLE_EDGE]),
        "no legal bid",
    ),
    (
        "four bids with played not a bool",
        lambda: strategies.four_bids(QAHWA, [0] * 4, played=1),
        "played=1",
    ),  # type: ignore[arg-type]
    ("hands with min_size above max_size", lambda: strategies.hands(5, 2), "min_size=5"),
    ("hands of more than 13 cards", lambda: strategies.hands(max_size=14), "max_size=14"),
    ("hands of a negative size", lambda: strategies.hands(-1), "min_size=-1"),
    ("rule sets of an unknown variant", lambda: strategies.rule_sets("qahwa-500"), "qahwa-500"),
    ("rule sets of a Rules value", lambda: strategies.rule_sets(QAHWA), "variant name"),  # type: ignore[arg-type]
    ("positions under a variant string", lambda: strategies.positions("qahwa-400"), "Rules value"),  # type: ignore[arg-type]
    (
        "case inputs of an unknown kind",
        lambda: strategies.case_inputs("bid_values", QAHWA),
        "kind='bid_values'",
    ),
    (
        "case inputs under a variant string",
        lambda: strategies.case_inputs("bid_value", "qahwa-400"),
        "Rules value",
    ),  # type: ignore[arg-type]
    ("cases of an unknown kind", lambda: strategies.cases("outcome", QAHWA), "kind='outcome'"),
    (
        "cases under a variant string",
        lambda: strategies.cases("game_outcome", "arab3meyeh-400"),
        "Rules value",
    ),  # type: ignore[arg-type]
    (
        "whole games under a variant string",
        lambda: strategies.whole_games("qahwa-400"),
        "Rules value",
    ),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("build", "message"),
    [(build, message) for _, build, message in BAD_ARGUMENTS],
    ids=[what for what, _, _ in BAD_ARGUMENTS],
)
def test_a_bad_argument_fails_when_the_strategy_is_built_not_when_it_is_drawn(
    build: Callable[[], object], message: str
) -> None:
    with pytest.raises(InvalidArgument, match=message.replace("(", r"\(").replace(")", r"\)")):
        build()


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_drawn_case_input_is_valid_for_its_kind(data: st.DataObject) -> None:
    rules = data.draw(strategies.rule_sets())
    kind = data.draw(st.sampled_from(kinds.PURE_KINDS))
    drawn = data.draw(strategies.case_inputs(kind, rules))
    assert kinds.kind(kind).is_valid(rules, drawn), (kind, drawn)


@settings(max_examples=15, deadline=None)
@given(case=strategies.cases("game_outcome", load("arab3meyeh-400")))
def test_the_cases_strategy_draws_schema_valid_cases_with_the_specifications_answer(
    case: dict[str, object],
) -> None:
    case_file = {"suite_version": "1.0.0", "kind": "game_outcome", "origin": "generated"}
    jsonschema.validate({**case_file, "cases": [case]}, SCHEMA)
    rules = load("arab3meyeh-400")
    assert validity.game_outcome_is_valid(rules, case["input"])  # type: ignore[arg-type]
    assert case["expected"] == kinds.kind("game_outcome").spec_answer(rules, case["input"])  # type: ignore[arg-type]


@settings(max_examples=2, deadline=None)
@given(game=strategies.whole_games(QAHWA))
def test_the_whole_games_strategy_draws_games_the_reference_plays_to_the_end_or_the_hand_limit(
    game: dict[str, object],
) -> None:
    assert validity.whole_game_is_valid(QAHWA, game)
    answer = reference_answer("whole_game", QAHWA, game)
    assert answer["hands"] and answer["final"]["phase"] in ("game_over", "deal")


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_scores_stay_within_their_bounds_and_band_edge_scores_sit_next_to_an_edge(
    data: st.DataObject,
) -> None:
    low = data.draw(st.one_of(st.none(), st.integers(-100, 100)))
    high = data.draw(st.one_of(st.none(), st.integers(low if low is not None else -100, 200)))
    score = data.draw(strategies.scores(low, high))
    assert (low is None or score >= low) and (high is None or score <= high)
    edge = data.draw(strategies.band_edge_scores())
    assert edge in edges.edge_scores(-1, strategies.DEFAULT_EDGE_MAX)
    nearest_band_edge = max(BAND_START, round(edge / BAND_WIDTH) * BAND_WIDTH)
    assert abs(edge - nearest_band_edge) <= 1 or abs(edge - edges.PARTNER_EDGE) <= 1


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_bids_are_legal_for_the_score_they_are_drawn_for_and_within_their_bounds(
    data: st.DataObject,
) -> None:
    rules = data.draw(strategies.rule_sets())
    score = data.draw(strategies.scores(-60, 80).filter(lambda s: inputs.biddable(rules, s)))
    low = FastRules.of(rules).own_minimum_bid(score)
    floor = data.draw(st.integers(low, rules.max_bid))
    bid = data.draw(strategies.bids(rules, score, min_value=floor))
    assert FastRules.of(rules).bid_is_legal(bid, score)
    assert floor <= bid <= rules.max_bid


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_positions_are_valid_and_played_bids_are_played(data: st.DataObject) -> None:
    rules = data.draw(strategies.rule_sets())
    where = data.draw(strategies.positions(rules))
    assert inputs.is_valid_position(rules, where)
    bids = data.draw(strategies.four_bids(rules, where.scores, played=True))
    assert FastRules.of(rules).hand_is_played(bids, list(where.scores))


@settings(max_examples=20, deadline=None)
@given(tricks=strategies.tricks(), hand=strategies.hands(13, 13), small=strategies.hands())
def test_tricks_add_to_thirteen_and_hands_hold_distinct_cards(
    tricks: list[int], hand: list[str], small: list[str]
) -> None:
    assert sum(tricks) == 13 and len(tricks) == 4
    assert len(set(hand)) == 13
    assert len(set(small)) == len(small) <= 13
