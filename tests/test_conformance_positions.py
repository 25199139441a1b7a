"""Whole games from a stated position, the actions engines wrongly accept, and what
ADAPTERS.md promises about them (the rejection precedence, positions, codes)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance import games, kinds, position_games, runner, suite
from fourhundred.conformance.suite import Run
from fourhundred.reference import engine, shuffle
from fourhundred.reference.notation import from_notation, to_notation
from fourhundred.spec.registry import load

ADAPTERS_MD = Path(kinds.__file__).resolve().parent / "ADAPTERS.md"
QAHWA = load("qahwa-400")


def _documented_precedence() -> list[str]:
    text = ADAPTERS_MD.read_text(encoding="utf-8")
    section = text.split("<!-- precedence:", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\d+\. `([a-z_]+)`", section + text.split(section, 1)[1], re.M)[:11]


def _position_cases() -> list[Mapping[str, Any]]:
    """The cases of the position plans (not the point search's whole games from a
    position, which stop where their point shows, often before a hand is played)."""
    return [
        c
        for c in suite.load_cases()
        if c["kind"] == "whole_game"
        and "position" in c["input"]
        and c["description"].startswith(position_games.PLAN_OPENING)
    ]


def _code(state: engine.GameState, text: str) -> str:
    with pytest.raises(engine.IllegalAction) as caught:
        kinds.apply_text(state, text)
    return caught.value.code


def _dealt(variant: str, position: str) -> engine.GameState:
    rules = load(variant)
    state = from_notation(rules, position)
    return engine.apply(state, shuffle.deal_from_seed("precedence", state.dealer, rules))


def _probes() -> list[tuple[engine.GameState, str, set[str]]]:
    """(state, action text, every code the action deserves on its own)."""
    start = position_games.position_text(0, (12, 7, 3, 9), 41, 5)
    over = from_notation(QAHWA, "over:NS N 45,3,12,8 41 -/-/-/- -,-,-,- 0,0,0,0 - - 9")
    bidding = _dealt("qahwa-400", start)
    play = bidding
    while play.phase is engine.Phase.BIDDING:
        play = engine.apply(play, engine.Bid(4))
    to_play = play.to_act
    assert to_play is not None
    other_card = play.hands[(to_play + 1) % 4][0]
    # an own minimum past the largest bid (medallon's rising minimum has no cap)
    rich = _dealt("medallon-400", position_games.position_text(1, (0, 0, 200, 0), 41, 5))
    assert rich.to_act == 2
    seat = "NWSE"
    not_acting = seat[(to_play + 2) % 4]
    return [
        (over, "W: pass", {"not_an_action", "game_over", "not_your_turn"}),
        (bidding, "pass", {"not_an_action"}),
        (over, "W: bid 14", {"game_over", "not_your_turn", "bid_above_maximum"}),
        (over, "play 2C", {"game_over", "wrong_phase"}),
        (from_notation(QAHWA, start), "W: bid 14", {"not_your_turn", "wrong_phase"}),
        (play, f"{not_acting}: bid 0", {"not_your_turn", "wrong_phase", "bid_below_minimum"}),
        (bidding, games.bad_deal(shuffle.deal_from_seed(1, 0, QAHWA)), {"wrong_phase", "bad_deal"}),
        (play, "throw-in", {"wrong_phase", "throw_in_not_allowed"}),
        (play, "bid 14", {"wrong_phase", "bid_above_maximum"}),
        (bidding, f"play {other_card}", {"wrong_phase", "card_not_in_hand"}),
        (rich, "bid 14", {"bid_above_maximum", "bid_below_minimum"}),
        (play, f"play {other_card}", {"card_not_in_hand"}),
    ]


def test_the_documented_rejection_precedence_lists_every_code_once() -> None:
    documented = _documented_precedence()
    assert sorted(documented) == sorted(kinds.ILLEGAL_ACTION_CODES)


@pytest.mark.parametrize("probe", range(len(_probes())))
def test_the_engine_rejects_an_action_wrong_in_several_ways_with_the_first_documented_code(
    probe: int,
) -> None:
    order = _documented_precedence()
    state, text, deserved = _probes()[probe]
    assert _code(state, text) == min(deserved, key=order.index)


def test_a_text_that_is_no_action_is_rejected_as_not_an_action_and_never_errors() -> None:
    answer = kinds.whole_game_by_rules(
        QAHWA, {"first_dealer": 0, "actions": ["pass", "N: pass", "bid"]}
    )
    assert answer["rejected"] == [[0, "not_an_action"], [1, "not_an_action"], [2, "not_an_action"]]
    assert answer["final"]["phase"] == "deal"


def test_a_new_game_stated_as_a_position_plays_exactly_like_the_new_game() -> None:
    case = next(
        c for c in suite.load_cases() if c["kind"] == "whole_game" and "first_dealer" in c["input"]
    )
    rules = load(case["variants"][0])
    dealer = case["input"]["first_dealer"]
    position = to_notation(engine.new_game(rules, dealer))
    from_position = kinds.whole_game_by_rules(
        rules, {"position": position, "actions": case["input"]["actions"]}
    )
    assert from_position == case["expected"]


def test_a_position_sets_the_scores_dealer_and_target_of_the_hand() -> None:
    rules = load("arab3meyeh-400")
    state = kinds.start_of(
        engine.Reference.of(rules),
        {"position": position_games.position_text(3, (40, -2, 7, 51), 51, 4)},
    )
    assert (state.dealer, state.scores, state.target_in_force, state.hand_number) == (
        3,
        (40, -2, 7, 51),
        51,
        4,
    )


def _hello(**extra: Any) -> dict[str, Any]:
    return runner.check_hello(
        {
            "version": 1,
            "implementation": {"name": "x", "version": "1", "language": "c"},
            "kinds": ["whole_game"],
            "variants": {"qahwa-400": []},
            **extra,
        }
    )


def _position_run() -> Run:
    case = next(c for c in _position_cases() if c["variants"] == ["qahwa-400"])
    return Run(case, "qahwa-400")


def test_a_version_1_adapter_gets_position_cases_as_not_applicable_with_the_reason() -> None:
    why = runner.unsupported(_hello(), _position_run())
    assert why is not None and '"positions": true' in why
    assert runner.unsupported(_hello(positions=True), _position_run()) is None
    assert runner.supports(_hello(), _position_run()) is False


@pytest.mark.parametrize("field", ["positions", "codes"])
def test_a_handshake_whose_capability_is_not_a_boolean_is_refused(field: str) -> None:
    with pytest.raises(runner.AdapterFailure, match=field):
        _hello(**{field: "yes"})


def test_without_codes_an_engine_is_judged_on_which_actions_it_rejects_not_why() -> None:
    run = _position_run()
    expected = run.case["expected"]
    wrong_codes = [[index, "bad_deal"] for index, _ in expected["rejected"]]
    answer = {"seq": 1, "result": {**expected, "rejected": wrong_codes}}
    assert runner.differences(run, answer["result"])
    blind_run, blind_answer = runner.without_codes(run, answer)
    assert runner.differences(blind_run, blind_answer["result"]) == []
    one_missing = {"seq": 1, "result": {**expected, "rejected": wrong_codes[1:]}}
    blind_run, blind_answer = runner.without_codes(run, one_missing)
    assert runner.differences(blind_run, blind_answer["result"])


def test_position_cases_reject_every_code_in_the_closed_list() -> None:
    codes = {code for c in _position_cases() for _, code in c["expected"]["rejected"]}
    assert codes == set(kinds.ILLEGAL_ACTION_CODES)


def test_position_cases_try_each_wrong_action_in_every_phase_it_can_be_tried() -> None:
    for case in _position_cases():
        actions = case["input"]["actions"]
        rejected = dict(case["expected"]["rejected"])
        passes = [i for i, a in enumerate(actions) if a.endswith(": pass")]
        first_deal = next(i for i, a in enumerate(actions) if i not in rejected)
        accepted_bids = [i for i, a in enumerate(actions) if ": bid " in a and i not in rejected]
        first_play = accepted_bids[-1] + 1 if accepted_bids else len(actions)
        phases = {
            "deal" if i < first_deal else "bidding" if i < first_play else "play" for i in passes
        }
        played = case["expected"]["hands"][0]["played"]
        assert phases >= ({"deal", "bidding", "play"} if played else {"deal", "bidding"}), case[
            "id"
        ]
        assert all(rejected[i] == "not_an_action" for i in passes), case["id"]
        texts = {(actions[i].split(": ", 1)[1].split(" ")[0], code) for i, code in rejected.items()}
        for wanted in [
            ("bid", "bid_below_minimum"),
            ("bid", "bid_above_maximum"),
            ("bid", "wrong_phase"),
            ("play", "wrong_phase"),
            ("deal", "wrong_phase"),
            ("deal", "not_your_turn"),
            ("deal", "bad_deal"),
            ("throw-in", "throw_in_not_allowed"),
            *([("play", "card_not_in_hand"), ("throw-in", "wrong_phase")] if played else []),
        ]:
            assert wanted in texts, (case["id"], wanted)


def _orderings(cases: list[Mapping[str, Any]]) -> set[tuple[str, int, int]]:
    found = set()
    for case in cases:
        scores = case["expected"]["hands"][0]["scores"] if case["expected"]["hands"] else []
        if not scores or scores.count(max(scores)) != 1:
            continue
        totals = (scores[0] + scores[2], scores[1] + scores[3])
        rules = load(case["variants"][0])
        target = int(case["input"]["position"].split()[3])
        if totals[0] != totals[1] and all(
            bool(rules.team_qualifies(team, scores, target)) for team in (0, 1)
        ):
            found.add(
                (case["variants"][0], scores.index(max(scores)) % 2, int(totals[1] > totals[0]))
            )
    return found


def test_every_position_variant_has_both_teams_qualifying_in_all_four_orderings() -> None:
    found = _orderings(_position_cases())
    for variant in position_games.POSITION_VARIANTS:
        canonical = str(load(variant))
        assert {(s, t) for v, s, t in found if v == canonical} == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_every_variant_has_the_next_dealer_after_a_played_and_a_thrown_in_hand_from_each_dealer() -> (
    None
):
    seen = set()
    for case in _position_cases():
        first = case["expected"]["hands"][0]
        dealer = "NWSE".index(case["input"]["position"].split()[1])
        seen.add((case["variants"][0], dealer, first["played"]))
    for name in ("qahwa-400", "medallon-400", "pagat-41", "pagat-400", "arab3meyeh-400"):
        assert {(d, p) for v, d, p in seen if v == name} == {
            (d, p) for d in range(4) for p in (True, False)
        }, name


def test_a_13_is_accepted_and_decides_a_game_in_every_variant_where_it_can() -> None:
    deciding = set()
    for case in _position_cases():
        actions, rejected = case["input"]["actions"], dict(case["expected"]["rejected"])
        bid_13 = [i for i, a in enumerate(actions) if a.endswith("bid 13") and i not in rejected]
        hands = case["expected"]["hands"]
        if bid_13 and hands and hands[0]["result"] != "continue":
            deciding.add(case["variants"][0])
    assert {
        v
        for v in map(lambda s: str(load(s)), position_games.POSITION_VARIANTS)
        if load(v).thirteen != "points"
    } <= deciding
