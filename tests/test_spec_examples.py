"""The values and outcomes each source states or works through, computed by hand.

Every worked example in a source is a test here, named after what it shows,
with the source and section in its docstring.
"""

from __future__ import annotations

import pytest

from fourhundred.spec import Result, load
from fourhundred.spec.cards import legal_plays, trick_winner
from fourhundred.spec.model import Rules

QAHWA = load("qahwa-400")
QAHWA_CLASSIC = load("qahwa-400(table=classic)")
MEDALLON = load("medallon-400")
PAGAT_41 = load("pagat-41")
PAGAT_400 = load("pagat-400")
ARAB = load("arab3meyeh-400")


def values(rules: Rules, own: int = 0, highest: int | None = None) -> dict[int, int]:
    high = own if highest is None else highest
    return {b: rules.bid_value(b, own, high) for b in range(rules.min_bid, rules.max_bid + 1)}


# --- bid value tables ------------------------------------------------------


def test_qahwa_common_table_pays_2_to_9_then_40_for_10_to_13() -> None:
    """qahwa §Scoring: 2-4 their number; 5=10 ... 9=27; 10-13 all 40."""
    assert values(QAHWA) == {
        2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 40, 12: 40, 13: 40,
    }  # fmt: skip


def test_qahwa_reduces_5_and_6_once_the_bidders_own_score_is_30() -> None:
    """qahwa §Scoring: once your own score is 30 or more, 5 is worth 5 and 6 is worth 6."""
    assert (QAHWA.bid_value(5, 29, 29), QAHWA.bid_value(6, 29, 29)) == (10, 12)
    assert (QAHWA.bid_value(5, 30, 30), QAHWA.bid_value(6, 30, 30)) == (5, 6)
    assert QAHWA.bid_value(5, 0, 60) == 10  # another player's score does not count
    assert QAHWA.bid_value(7, 30, 30) == 14


def test_qahwa_classic_table_pays_30_33_36_and_13_decides_the_game() -> None:
    """qahwa §Play it in Qahwa: classic: 10 = 30, 11 = 33, 12 = 36, 13 wins or loses the game."""
    assert [QAHWA_CLASSIC.bid_value(b, 0, 0) for b in (10, 11, 12)] == [30, 33, 36]
    assert QAHWA_CLASSIC.is_special_bid(13) and not QAHWA.is_special_bid(13)


def test_medallon_table_matches_the_page() -> None:
    """medallon §Bid Values Table."""
    assert values(MEDALLON) == {
        2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 30, 11: 44, 12: 48, 13: 52,
    }  # fmt: skip
    assert MEDALLON.is_special_bid(13)
    assert values(MEDALLON, own=45) == values(MEDALLON)  # no reduced band


def test_pagat_41_counts_1_to_6_as_their_number_and_7_or_more_double() -> None:
    """pagat §Bidding and §Scoring: 7 tricks = 14, 8 = 16 and so on."""
    assert values(PAGAT_41) == {
        1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 14, 8: 16, 9: 18, 10: 20, 11: 22, 12: 24, 13: 26,
    }  # fmt: skip


def test_pagat_lebanese_scale_matches_the_page() -> None:
    """pagat §Variations: 2,3,4,10,12,14,16,27,30,33,36 and 13 wins the whole game."""
    assert {b: PAGAT_400.bid_value(b, 0, 0) for b in range(2, 13)} == {
        2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 30, 11: 33, 12: 36,
    }  # fmt: skip
    assert PAGAT_400.is_special_bid(13)


def test_pagat_option_any_bid_of_11_or_more_scores_50() -> None:
    """pagat §Variations: some play that any bid of 11 or more scores 50 points."""
    fifty = load("pagat-400(eleven_plus_50=on)")
    assert [fifty.bid_value(b, 0, 0) for b in (10, 11, 12)] == [30, 50, 50]


def test_arab3meyeh_table_matches_the_page() -> None:
    """arab3meyeh §Scoring: 2,3,4,10,12,14,16,27,40,44,48,52."""
    assert values(ARAB) == {
        2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 44, 12: 48, 13: 52,
    }  # fmt: skip
    assert not ARAB.is_special_bid(13)


def test_arab3meyeh_from_30_counts_5_and_6_as_5_and_6_and_7_still_multiplied() -> None:
    """arab3meyeh §Scoring: from 30 points, 5 counts 5, 6 counts 6, 7 or more still multiplied."""
    assert [ARAB.bid_value(b, 30, 30) for b in (4, 5, 6, 7, 9)] == [4, 5, 6, 14, 27]


# --- worked scoring examples -----------------------------------------------


def test_qahwa_bid_9_take_9_wins_27_take_8_loses_27() -> None:
    """qahwa §Winning: 'You bid 9 and take 9 tricks: you win 27. Take 8 and you lose 27.'"""
    assert QAHWA.score_change(9, 9, 0, 0) == 27
    assert QAHWA.score_change(9, 8, 0, 0) == -27


def test_qahwa_extra_tricks_and_partner_tricks_earn_nothing() -> None:
    """qahwa §Scoring: extra tricks earn nothing; your partner's tricks don't count for you."""
    after = QAHWA.scores_after([0, 0, 0, 0], [4, 3, 3, 3], [9, 0, 1, 3])
    assert after == (4, -3, -3, 3)


def test_medallon_independent_bidding_example() -> None:
    """medallon §Independent Bidding: A bids 4 and wins 5, partner B bids 3 and wins 2:
    A scores, B loses."""
    after = MEDALLON.scores_after([0, 0, 0, 0], [4, 2, 3, 2], [5, 4, 2, 2])
    assert (after[0], after[2]) == (4, -3)


def test_pagat_bid_4_take_4_or_more_scores_4() -> None:
    """pagat §Scoring: bid 4 and take 4 or more, score 4."""
    assert [PAGAT_41.score_change(4, t, 0, 0) for t in (4, 5, 13)] == [4, 4, 4]


def test_pagat_bid_8_made_scores_16() -> None:
    """pagat §Scoring: bid 8 and take 8 or more, score 16."""
    assert PAGAT_41.score_change(8, 8, 0, 0) == 16
    assert PAGAT_41.score_change(8, 10, 0, 0) == 16


def test_pagat_bid_5_failed_scores_minus_5_and_failed_7_minus_14() -> None:
    """pagat §Scoring: bid 5 and take fewer, score -5; failed 7 or more lose double."""
    assert PAGAT_41.score_change(5, 4, 0, 0) == -5
    assert PAGAT_41.score_change(7, 6, 0, 0) == -14


def test_arab3meyeh_bid_3_take_4_gains_3_take_2_loses_3() -> None:
    """arab3meyeh §Game Play: win 4 having bet 3, gain 3; win only 2, lose 3."""
    assert ARAB.score_change(3, 4, 0, 0) == 3
    assert ARAB.score_change(3, 2, 0, 0) == -3


# --- minimum bids and the table minimum ------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (QAHWA, {-10: 2, 0: 2, 29: 2, 30: 3, 39: 3, 40: 4, 49: 4, 50: 5, 99: 5, 200: 5}),
        (MEDALLON, {-10: 2, 0: 2, 29: 2, 30: 3, 40: 4, 50: 5, 60: 6, 69: 6, 139: 13, 140: 14}),
        (ARAB, {0: 2, 29: 2, 30: 3, 39: 3, 40: 4, 50: 5, 140: 14}),
        (PAGAT_41, {-10: 1, 0: 1, 30: 1, 60: 1}),
        (PAGAT_400, {0: 2, 30: 2, 60: 2}),
        (load("pagat-400(rising_min=on)"), {29: 2, 30: 3, 40: 4, 49: 4, 50: 5, 90: 5}),
    ],
    ids=str,
)
def test_own_minimum_bid_by_own_score(rules: Rules, expected: dict[int, int]) -> None:
    """qahwa §Bidding; medallon §Minimum Bids; arab3meyeh §Bidding; pagat §Bidding, §Variations."""
    assert {s: rules.own_minimum_bid(s) for s in expected} == expected


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (QAHWA, {0: 11, 29: 11, 30: 12, 39: 12, 40: 13, 50: 14, 90: 14}),
        (MEDALLON, {-5: 11, 29: 11, 30: 12, 40: 13, 50: 14, 60: 15, 90: 18}),
        (ARAB, {29: 11, 30: 12, 40: 13, 49: 13, 50: 14}),
        (PAGAT_41, {0: 11, 30: 11, 90: 11}),
        (load("pagat-41(total12=on)"), {29: 11, 30: 12, 90: 12}),
    ],
    ids=str,
)
def test_table_minimum_by_the_highest_score(rules: Rules, expected: dict[int, int]) -> None:
    """qahwa §Bidding: 11, 12 once any player has 30, 13 at 40, 14 at 50; medallon and
    arab3meyeh rise 'accordingly'/'and so on'; pagat 11, or 12 from 30 as an option."""
    assert {s: rules.table_minimum([0, s, -3, 0]) for s in expected} == expected


def test_qahwa_bids_below_the_table_minimum_are_thrown_in() -> None:
    """qahwa §Bidding: the four bids must reach at least 11, else nobody scores and the
    next dealer deals."""
    assert QAHWA.hand_is_played([2, 3, 3, 3], [0, 0, 0, 0])
    assert not QAHWA.hand_is_played([2, 2, 3, 3], [0, 0, 0, 0])
    assert not QAHWA.hand_is_played([3, 3, 3, 2], [30, 0, 0, 0])
    assert QAHWA.next_dealer(3) == 0


def test_pagat_sums_bid_values_so_a_bid_of_7_always_proceeds() -> None:
    """pagat §Bidding: the bid values must sum to at least 11; with a bid of 7 or more
    the total is automatically above 11."""
    assert PAGAT_41.hand_is_played([7, 1, 1, 1], [0, 0, 0, 0])
    assert not PAGAT_41.hand_is_played([3, 3, 2, 2], [0, 0, 0, 0])
    assert PAGAT_41.hand_is_played([3, 3, 3, 2], [0, 0, 0, 0])


def test_bids_outside_the_minimum_and_maximum_are_illegal() -> None:
    """qahwa §Bidding: bids from 2 to 13; pagat §Bidding: at least 1."""
    assert not QAHWA.bid_is_legal(1, 0) and QAHWA.bid_is_legal(2, 0)
    assert QAHWA.bid_is_legal(13, 0) and not QAHWA.bid_is_legal(14, 0)
    assert not QAHWA.bid_is_legal(4, 50) and QAHWA.bid_is_legal(5, 50)
    assert PAGAT_41.bid_is_legal(1, 0) and not PAGAT_41.bid_is_legal(0, 0)


# --- turn order and the trick ----------------------------------------------


def test_dealer_right_bids_and_leads_first_and_the_dealer_bids_last() -> None:
    """pagat §Bidding: from the dealer's right, anticlockwise round to the dealer."""
    assert PAGAT_41.bidding_seats(0) == (1, 2, 3, 0)
    assert PAGAT_41.first_leader(2) == 3
    assert PAGAT_41.trick_seats(3) == (3, 0, 1, 2)


def test_pagat_deals_in_batches_of_one_then_twos() -> None:
    """pagat §Deal: 13 cards each, anticlockwise, in batches of 1-2-2-2-2-2-2."""
    from fourhundred.spec.cards import FULL_DECK

    hands = PAGAT_41.deal(FULL_DECK, dealer=0)
    assert hands[1][:3] == ("2C", "6C", "7C")
    assert hands[0][:3] == ("5C", "QC", "KC")
    assert sorted(len(h) for h in hands) == [13, 13, 13, 13]


def test_the_highest_heart_wins_else_the_highest_card_of_the_suit_led() -> None:
    """All sources: hearts always trump; otherwise the highest card of the suit led."""
    assert trick_winner(["KS", "AS", "2H", "AD"]) == 2
    assert trick_winner(["KS", "AS", "2H", "3H"]) == 3
    assert trick_winner(["KS", "QS", "AD", "AC"]) == 0
    assert trick_winner(["5D", "9D", "AC", "TD"]) == 3


def test_a_player_must_follow_suit_and_may_trump_or_discard_when_void() -> None:
    """qahwa §Playing the tricks: follow if you can; if not, any card, a heart or not."""
    assert legal_plays(["AS", "2S", "KH"], "5S") == ("2S", "AS")
    assert legal_plays(["AD", "KH"], "5S") == ("AD", "KH")
    assert legal_plays(["AD", "KH"], None) == ("AD", "KH")


# --- winning ---------------------------------------------------------------


def outcome(rules: Rules, before: list[int], bids: list[int], tricks: list[int]) -> Result:
    _, code, _ = rules.hand_result(before, bids, tricks, 0, rules.target)
    return Result(code)


def test_qahwa_a_team_wins_with_one_partner_on_41_and_the_other_above_zero() -> None:
    """qahwa §Winning."""
    assert outcome(QAHWA, [38, 0, 1, 0], [3, 2, 2, 4], [3, 5, 2, 3]) == Result.TEAM_0_WINS
    assert outcome(QAHWA, [38, 0, 2, 0], [3, 2, 2, 4], [3, 5, 0, 5]) == Result.CONTINUE


def test_qahwa_both_teams_qualifying_the_higher_total_wins_equal_totals_play_on() -> None:
    """qahwa §Winning: the higher total of the two partners wins; if equal, another hand."""
    assert outcome(QAHWA, [38, 38, 5, 1], [3, 3, 2, 2], [3, 3, 2, 5]) == Result.TEAM_0_WINS
    assert outcome(QAHWA, [38, 38, 5, 5], [3, 3, 2, 2], [3, 3, 2, 5]) == Result.CONTINUE


def test_pagat_lebanese_13_made_wins_irrespective_of_the_partner_and_failed_loses() -> None:
    """pagat §Variations: bid 13 and take all: team wins whatever the partner's score;
    lose a trick, even to the partner, and the team loses."""
    assert outcome(PAGAT_400, [0, 0, -40, 0], [13, 2, 2, 2], [13, 0, 0, 0]) == Result.TEAM_0_WINS
    assert outcome(PAGAT_400, [0, 0, 0, 0], [13, 2, 2, 2], [12, 0, 1, 0]) == Result.TEAM_1_WINS


def test_medallon_13_made_wins_the_game_and_failed_loses_52() -> None:
    """medallon §Bid Values Table: 13 tricks: win the game or lose -52."""
    assert outcome(MEDALLON, [0, 0, 0, 0], [13, 2, 2, 2], [13, 0, 0, 0]) == Result.TEAM_0_WINS
    after, code, _ = MEDALLON.hand_result([0, 0, 0, 0], [13, 2, 2, 2], [12, 1, 0, 0], 0, 41)
    assert after[0] == -52 and code == Result.CONTINUE


def test_medallon_the_team_total_must_reach_41_with_both_partners_positive() -> None:
    """medallon §Winning the Game: the first team to 41; both partners must be positive."""
    assert outcome(MEDALLON, [20, 0, 15, 0], [3, 2, 3, 2], [3, 2, 3, 5]) == Result.TEAM_0_WINS
    assert outcome(MEDALLON, [45, 0, -4, 0], [3, 2, 3, 2], [3, 2, 3, 5]) == Result.CONTINUE


def test_arab3meyeh_two_opponents_on_41_together_play_on_to_51() -> None:
    """arab3meyeh §Scoring: if two opponents reach 41 at the same time, continue to 51
    or until one of them drops below 41."""
    after, code, target = ARAB.hand_result([38, 38, 5, 5], [3, 3, 2, 2], [3, 3, 2, 5], 0, 41)
    assert (after[0], after[1], code, target) == (41, 41, Result.CONTINUE, 51)
    # Next hand: North reaches 51 alone.
    assert ARAB.hand_result([41, 41, 5, 5], [10, 2, 2, 2], [10, 0, 0, 3], 0, 51)[1:] == (
        Result.TEAM_0_WINS,
        51,
    )
    # Or West drops below 41 while North stays on it.
    assert ARAB.hand_result([41, 41, 5, 5], [2, 3, 2, 2], [2, 0, 2, 9], 0, 51)[1:] == (
        Result.TEAM_0_WINS,
        51,
    )


def test_arab3meyeh_partner_must_have_1_or_more() -> None:
    """arab3meyeh §Scoring: the game is won as long as the partner's points are 1 or more."""
    assert outcome(ARAB, [38, 0, -1, 0], [3, 2, 2, 2], [3, 5, 2, 3]) == Result.TEAM_0_WINS
    # A partner who ends the hand on exactly 0 is not enough.
    assert outcome(ARAB, [38, 0, -2, 0], [3, 2, 2, 2], [3, 5, 2, 3]) == Result.CONTINUE


def test_pagat_both_teams_in_the_same_deal_the_higher_total_wins() -> None:
    """pagat §Scoring: if both teams reach the position in the same deal, the higher
    total score wins."""
    assert outcome(PAGAT_41, [38, 39, 5, 1], [3, 2, 1, 1], [3, 2, 1, 7]) == Result.TEAM_0_WINS
