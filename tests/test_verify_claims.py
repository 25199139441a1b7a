"""The claims ledger: verdicts on what the sources say about their own rules."""

from __future__ import annotations

from fourhundred.spec.registry import load
from fourhundred.spec.sources import source
from fourhundred.verify.claims import CLAIMS
from fourhundred.verify.results import Check, Decision
from fourhundred.verify.runner import QUICK


def claim(check_id: str) -> Check:
    return next(c for c in CLAIMS if c.id == check_id)


def decide(check_id: str, variant: str) -> Decision:
    return claim(check_id).decide(load(variant), QUICK)


def test_qahwas_eight_to_nine_jump_is_refuted_by_nine_to_ten_under_the_common_table() -> None:
    decision = decide("claim-eight-to-nine-biggest-jump", "qahwa-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["bid"] == 9
    assert decision.counterexample["value_of_bid"] == 27
    assert decision.counterexample["value_of_next_bid"] == 40


def test_qahwas_eight_to_nine_jump_holds_under_the_classic_table() -> None:
    assert (
        decide("claim-eight-to-nine-biggest-jump", "qahwa-400(table=classic)").verdict == "proved"
    )


def test_pagats_seven_or_more_claim_holds_when_the_total_counts_bid_values() -> None:
    assert decide("claim-seven-or-more-proceeds", "pagat-41").verdict == "proved"


def test_pagats_seven_or_more_claim_fails_on_seven_one_one_one_when_the_total_counts_tricks() -> (
    None
):
    decision = decide("claim-seven-or-more-proceeds", "pagat-41(table_measure=tricks)")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["bids"] == [7, 1, 1, 1]
    assert decision.counterexample["bid_total"] == 10


def test_the_bigger_bid_does_not_always_pay_more_in_qahwas_common_table() -> None:
    decision = decide("claim-bigger-bid-pays-more", "qahwa-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert (decision.counterexample["lower_bid"], decision.counterexample["higher_bid"]) == (10, 11)
    assert decision.counterexample["lower_value"] == decision.counterexample["higher_value"] == 40


def test_each_trick_bid_is_worth_one_point_only_under_the_one_per_trick_reading() -> None:
    refuted = decide("claim-each-trick-bid-one-point", "medallon-400")
    assert refuted.verdict == "refuted"
    assert refuted.counterexample is not None and refuted.counterexample["bid"] == 5
    assert (
        decide("claim-each-trick-bid-one-point", "medallon-400(value_scale=one_per_trick)").verdict
        == "proved"
    )


def test_the_two_arab3meyeh_partner_conditions_contradict_each_other() -> None:
    positive = "arab3meyeh-400"
    zero_ok = "arab3meyeh-400(partner_condition=non_negative)"
    assert decide("claim-partner-not-negative-wins", positive).verdict == "refuted"
    assert decide("claim-partner-below-one-never-wins", positive).verdict == "proved"
    assert decide("claim-partner-not-negative-wins", zero_ok).verdict == "proved"
    assert decide("claim-partner-below-one-never-wins", zero_ok).verdict == "refuted"


def test_a_made_13_does_not_win_when_the_partner_also_bid_13_and_failed() -> None:
    decision = decide("claim-made-13-wins-the-game", "pagat-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["bids"].count(13) == 2
    assert decision.counterexample["result"] == 3  # a draw under thirteen_conflict=draw


def test_passing_fifty_without_ending_the_game_is_shown_by_a_replayed_witness_game() -> None:
    decision = decide("claim-can-pass-50-without-ending", "pagat-400")
    assert decision.verdict == "proved"
    assert decision.witness is not None
    assert max(decision.witness["final_scores"]) > 50
    assert decision.witness["outcome"] == "unfinished"


def test_the_faq_ten_or_more_pays_forty_fails_under_the_classic_switch() -> None:
    decision = decide("claim-ten-or-more-worth-forty", "qahwa-400(table=classic)")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None and decision.counterexample["value"] == 30
    assert decide("claim-ten-or-more-worth-forty", "qahwa-400").verdict == "proved"


def test_every_claim_cites_a_source_and_section() -> None:
    for check in CLAIMS:
        assert check.kind == "claim"
        assert check.cites, check.id
        assert all(c.section in source(c.source).sections for c in check.cites)


def test_medallons_clockwise_bidding_contradicts_starting_on_the_dealers_right_going_right() -> (
    None
):
    decision = decide("claim-bidding-proceeds-clockwise", "medallon-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample == {"dealer": 0, "bidding_seats": ["W", "S", "E", "N"]}
    assert (
        decide("claim-bidding-proceeds-clockwise", "medallon-400(bidding_order=clockwise)").verdict
        == "proved"
    )


def test_arab3meyehs_two_opponents_on_41_do_not_always_raise_the_target_to_51() -> None:
    decision = decide("claim-two-opponents-on-41-play-to-51", "arab3meyeh-400")
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    after = decision.counterexample["scores_after"]
    assert max(after[0], after[2]) >= 41 and max(after[1], after[3]) >= 41
    assert decision.counterexample["next_target"] != 51
    reached = "arab3meyeh-400(raise_trigger=reached)"
    assert decide("claim-two-opponents-on-41-play-to-51", reached).verdict == "proved"
