"""Invariants proved over unbounded integers, and the liveness findings with witness games."""

from __future__ import annotations

import dataclasses

import pytest

from fourhundred.reference import actions, engine, transcript
from fourhundred.spec.registry import load, names
from fourhundred.verify.games import script_hand
from fourhundred.verify.invariants import INVARIANTS
from fourhundred.verify.liveness import LIVENESS
from fourhundred.verify.results import Check, Decision
from fourhundred.verify.runner import QUICK


def check(check_id: str) -> Check:
    return next(c for c in (*INVARIANTS, *LIVENESS) if c.id == check_id)


def decide(check_id: str, variant: str) -> Decision:
    return check(check_id).decide(load(variant), QUICK)


@pytest.mark.parametrize("variant", names())
@pytest.mark.parametrize("invariant", [c.id for c in INVARIANTS])
def test_every_invariant_is_proved_for_every_variant_by_default(
    invariant: str, variant: str
) -> None:
    assert decide(invariant, variant).verdict == "proved"


def test_a_planted_bug_in_the_rules_is_refuted_with_a_counterexample() -> None:
    # 8 worth less than 7: the weak monotonicity of the value table must fail on it.
    rules = load("qahwa-400")
    broken_values = tuple((bid, 13 if bid == 8 else value) for bid, value in rules.values)
    broken = dataclasses.replace(rules, values=broken_values)
    decision = check("value-never-falls-as-bid-rises").decide(broken, QUICK)
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert (decision.counterexample["lower_bid"], decision.counterexample["higher_bid"]) == (7, 8)


def test_the_unbounded_own_minimum_leaves_a_medallon_player_without_a_legal_bid_at_140() -> None:
    decision = decide("some-legal-bid-always-exists", "medallon-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["smallest_score_without_a_legal_bid"] == 140
    assert decision.witness is not None
    assert decision.witness["outcome"] == "stuck"
    # The witness is a reference transcript: it replays.
    transcript.replay(transcript.Transcript.from_dict(dict(decision.witness)))


def test_capping_the_own_minimum_at_13_restores_a_legal_bid_everywhere() -> None:
    assert (
        decide("some-legal-bid-always-exists", "medallon-400(own_min_cap=13)").verdict == "proved"
    )


def test_read_literally_arab3meyehs_exact_table_minimum_deadlocks_a_reachable_game() -> None:
    # "the total must equal 13" at 40-49: with three players in the 40s their own
    # minimums (4 each) already exceed 13, so every deal is thrown in, forever.
    rules = load("arab3meyeh-400(table_comparison=exactly)")
    decision = check("some-bids-let-the-hand-proceed").decide(rules, QUICK)
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None and decision.witness is not None
    reached = list(decision.counterexample["reached_scores"].values())
    assert sum(rules.own_minimum_bid(s) for s in reached) > rules.table_minimum(reached)
    assert decision.witness["hands"][-1]["result"] == "thrown-in"
    transcript.replay(transcript.Transcript.from_dict(dict(decision.witness)))


@pytest.mark.parametrize(
    "tricks", [(13, 0, 0, 0), (0, 0, 0, 13), (4, 3, 3, 3), (1, 5, 0, 7), (0, 1, 12, 0)]
)
def test_scripted_deals_give_each_player_exactly_the_planned_tricks(
    tricks: tuple[int, int, int, int],
) -> None:
    script = script_hand(tricks)
    rules = load("qahwa-400")
    state = engine.apply(engine.new_game(rules, 0), actions.Deal(script.hands))
    for seat in rules.bidding_seats(0):
        state = engine.apply(state, actions.Bid(13 if seat == 1 else 2))
    for cards in script.plays:
        for _ in range(4):
            assert state.to_act is not None
            state = engine.apply(state, actions.Play(cards[state.to_act]))
    assert state.history[-1].tricks == tricks


def test_trick_counts_that_do_not_add_up_to_13_are_rejected_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="adding to 13"):
        script_hand((4, 4, 4, 4))


def test_an_inductive_score_ceiling_proves_medallons_capped_game_never_outgrows_its_table_minimum() -> (
    None
):
    # Capped at 13, the own minimum forces a player on 130 or more to bid 13, which wins
    # or loses but never adds points: no score passes 200, so the table minimum (53 from
    # 440 points) is never out of reach. Proved for games of any length.
    decision = decide("some-bids-let-the-hand-proceed", "medallon-400(own_min_cap=13)")
    assert decision.verdict == "proved"
    assert "every score is at most 200" in decision.note
    assert decision.counterexample is not None
    assert decision.counterexample["smallest_scores_where_no_bids_are_played"]["E"] == 440
