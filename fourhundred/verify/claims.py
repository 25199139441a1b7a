"""The claims ledger: what the sources say about their own rules, checked.

Each entry cites the source and section and paraphrases the statement. A
claim is decided only on the readings of the variants whose source makes it
(a claim about the game in general: the variants of every source it cites;
elsewhere "the source does not say this"): ``proved`` when it holds for
every score, bid and trick count; ``refuted`` with the canonical (smallest)
counterexample (:mod:`fourhundred.verify.solver`); claims
that something *can* happen are proved by a witness game that replays
through the reference engine. A refuted claim is a finding about the
source (or about a reading of it), not a failure of the verifier.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa, registry
from fourhundred.spec.definitions import Citation, VariantDef
from fourhundred.spec.model import Rules
from fourhundred.spec.sources import cite
from fourhundred.verify.claim_bidding import (
    decide_bidding_goes_clockwise,
    decide_bids_two_to_thirteen,
    decide_deal_passes_right,
    decide_maximum_bid_twelve,
    decide_minimums_rise_for_everyone,
    decide_seven_or_more_proceeds,
    own_minimum_claim,
    table_minimum_claim,
)
from fourhundred.verify.claim_values import (
    decide_bigger_bid_pays_more,
    decide_eight_to_nine_biggest_jump,
    decide_extra_tricks_earn_nothing,
    decide_made_wins_value_failed_loses_it,
    example_claim,
    one_per_trick,
    pagat_scale,
    reduced_from_thirty,
    syrian_double_from_five,
    table_claim,
    ten_or_more_forty,
)
from fourhundred.verify.claim_winning import (
    can_pass_fifty,
    decide_both_partners_positive,
    decide_equal_totals_play_on,
    decide_partner_below_one_never_wins,
    decide_scores_can_go_below_zero,
    decide_two_opponents_reach_41,
    thirteen_claim,
    winning_claim,
)
from fourhundred.verify.results import Check

QAHWA, MEDALLON, ARAB = qahwa.QAHWA_400, medallon.MEDALLON_400, arab3meyeh.ARAB3MEYEH_400
PAGAT_41, PAGAT_400 = pagat.PAGAT_41, pagat.PAGAT_400


def variants(
    *definitions: VariantDef, when: Callable[[Rules], bool] = lambda r: True
) -> Callable[[Rules], bool]:
    """Applies to these variants (every reading), optionally only where ``when`` holds."""
    names = {definition.name for definition in definitions}
    return lambda rules: rules.variant in names and when(rules)


def where_cited(rules: Rules) -> bool:
    """Marks a claim made about the game in general: it concerns the variants of
    every source it cites, and no other (:func:`stated_by`, applied to
    :data:`CLAIMS` below). Never called."""
    raise AssertionError("where_cited is replaced by stated_by when CLAIMS is built")


def stated_by(cites: Sequence[Citation]) -> Callable[[Rules], bool]:
    """Applies to every reading of every variant whose source is one of ``cites``'
    (elsewhere the finding reads "the source does not say this")."""
    sources = {citation.source for citation in cites}
    names = {v.name for v in registry.variants() if v.definition.source in sources}
    return lambda rules: rules.variant in names


def _where_stated(check: Check) -> Check:
    return replace(check, applies=stated_by(check.cites)) if check.applies is where_cited else check


def _classic(rules: Rules) -> bool:
    return dict(rules.options).get("table") == "classic"


Q, M, P, A = qahwa.SOURCE.id, medallon.SOURCE.id, pagat.SOURCE.id, arab3meyeh.SOURCE.id

_DECLARED: tuple[Check, ...] = (
    Check(
        "claim-bigger-bid-pays-more",
        "claim",
        "values",
        "The bigger the bid, the more it pays (strictly, in every score band)",
        (
            cite(Q, "introduction", "'the bigger your bid, the more it pays'"),
            cite(A, "Game Play", "bidding more tricks gives a higher value"),
        ),
        decide_bigger_bid_pays_more,
        where_cited,
        phrases=("the bigger the bid, the more it pays", "the bigger your bid, the more it pays"),
    ),
    Check(
        "claim-eight-to-nine-biggest-jump",
        "claim",
        "values",
        "The step from 8 (16 points) to 9 (27) is the biggest in the value table",
        (cite(Q, "Tips from the table", "8 to 9, 16 to 27, is the biggest jump"),),
        decide_eight_to_nine_biggest_jump,
        where_cited,
        phrases=("biggest jump", "biggest step"),
    ),
    Check(
        "claim-ten-or-more-worth-forty",
        "claim",
        "values",
        "In 400, 9 is worth 27 and 10 or more is worth 40",
        (cite(Q, "Questions", "in 400, 9 = 27 and 10 or more = 40"),),
        table_claim(ten_or_more_forty),
        variants(QAHWA),
    ),
    Check(
        "claim-each-trick-bid-one-point",
        "claim",
        "values",
        "Each trick bid is worth one point",
        (
            cite(M, "Object of the Game", "each trick bid is worth one point"),
            cite(A, "introduction", "each trick bet is worth one point"),
        ),
        table_claim(one_per_trick),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-syrian-41-doubles-from-5",
        "claim",
        "values",
        "In Syrian 41 every bid of 5 or more is worth double",
        (cite(Q, "Questions", "Syrian 41: every bid of 5 or more is simply worth double"),),
        table_claim(syrian_double_from_five),
        variants(PAGAT_41),
    ),
    Check(
        "claim-41-single-below-7-double-from-7",
        "claim",
        "values",
        "Bids of 1 to 6 count their number, 7 or more count double",
        (cite(P, "Bidding", "1 to 6 count their number; 7 or more count double"),),
        table_claim(pagat_scale),
        variants(PAGAT_41),
    ),
    Check(
        "claim-five-and-six-reduced-from-30",
        "claim",
        "values",
        "From a score of 30, a bid of 5 is worth 5 and 6 is worth 6; the other bids keep their value",
        (
            cite(Q, "Scoring", "once your own score is 30 or more, 5 = 5 and 6 = 6"),
            cite(A, "Scoring", "from 30 points 5 counts 5, 6 counts 6, 7 or more still multiplied"),
        ),
        table_claim(reduced_from_thirty),
        variants(QAHWA, ARAB),
    ),
    Check(
        "claim-bid-9-take-8-loses-27",
        "claim",
        "scoring",
        "Bid 9 and take 9: win 27; take 8: lose 27, whatever the partner took",
        (cite(Q, "Winning", "worked example: bid 9, take 9 wins 27, take 8 loses 27"),),
        example_claim(9, (8,), -27),
        variants(QAHWA),
    ),
    Check(
        "claim-bid-9-take-9-wins-27",
        "claim",
        "scoring",
        "Bid 9 and take 9: win 27",
        (cite(Q, "Winning", "worked example: bid 9, take 9 wins 27"),),
        example_claim(9, (9,), 27),
        variants(QAHWA),
    ),
    Check(
        "claim-bid-4-take-4-scores-4",
        "claim",
        "scoring",
        "A player who bids 4 and takes 4 or more scores 4",
        (cite(P, "Scoring", "example: bid 4, take 4 or more, score 4"),),
        example_claim(4, tuple(range(4, 14)), 4),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-8-take-8-scores-16",
        "claim",
        "scoring",
        "A player who bids 8 and takes 8 or more scores 16",
        (cite(P, "Scoring", "example: bid 8, take 8 or more, score 16"),),
        example_claim(8, tuple(range(8, 14)), 16),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-5-fail-loses-5",
        "claim",
        "scoring",
        "A player who bids 5 and takes fewer scores -5",
        (cite(P, "Scoring", "example: bid 5, take fewer, score -5"),),
        example_claim(5, tuple(range(0, 5)), -5),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-3-example",
        "claim",
        "scoring",
        "Bid 3 and win 4: gain 3; win 2: lose 3",
        (cite(A, "Game Play", "worked example: bet 3, win 4 gains 3; win 2 loses 3"),),
        example_claim(3, (4,), 3),
        variants(ARAB),
    ),
    Check(
        "claim-bid-3-example-failed",
        "claim",
        "scoring",
        "Bid 3 and win 2: lose 3",
        (cite(A, "Game Play", "worked example: bet 3, win 2 loses 3"),),
        example_claim(3, (2,), -3),
        variants(ARAB),
    ),
    Check(
        "claim-independent-bidding-example",
        "claim",
        "scoring",
        "Partner A bids 4 and wins 5: A scores; partner B bids 3 and wins 2: B loses",
        (cite(M, "Independent Bidding", "A bids 4 wins 5 and scores; B bids 3 wins 2 and loses"),),
        example_claim(4, (5,), lambda r: int(r.bid_value(4, 0, 0))),
        variants(MEDALLON),
    ),
    Check(
        "claim-made-wins-value-failed-loses-it",
        "claim",
        "scoring",
        "Take at least your bid and win its value; take fewer and lose it",
        (
            cite(Q, "Scoring", "take at least your bid and win its value, fewer and lose it"),
            cite(M, "Contract Results", "failing loses the same amount as the bid value"),
            cite(P, "Scoring", "a player who fails scores minus the value of the bid"),
        ),
        decide_made_wins_value_failed_loses_it,
        where_cited,
    ),
    Check(
        "claim-extra-tricks-earn-nothing",
        "claim",
        "scoring",
        "Extra tricks earn nothing",
        (
            cite(Q, "Scoring", "extra tricks earn nothing"),
            cite(P, "Scoring", "no extra score for extra tricks"),
            cite(A, "Game Play", "win 4 having bet 3: only 3 points"),
        ),
        decide_extra_tricks_earn_nothing,
        where_cited,
    ),
    Check(
        "claim-scores-can-go-below-zero",
        "claim",
        "scoring",
        "Scores can go below zero",
        (cite(Q, "Scoring", "scores can go below zero"),),
        decide_scores_can_go_below_zero,
        variants(QAHWA),
    ),
    Check(
        "claim-own-minimum-2-3-4-5",
        "claim",
        "bidding",
        "Own minimum: 2, then 3 from 30 points, 4 from 40, 5 from 50",
        (cite(Q, "Bidding", "at least 3 once you have 30, 4 at 40, 5 at 50"),),
        own_minimum_claim(5),
        variants(QAHWA),
    ),
    Check(
        "claim-own-minimum-rises-without-end",
        "claim",
        "bidding",
        "Own minimum: 2 below 30, then one more per ten points, 'and so on'",
        (
            cite(M, "Minimum Bids", "2, 3, 4, 5, 6 ... increases accordingly"),
            cite(A, "Bidding", "2, 3 at 30, 4 at 40 and so on"),
        ),
        own_minimum_claim(None),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-table-minimum-11-to-14",
        "claim",
        "bidding",
        "The bids must reach 11; 12 once any player has 30, 13 at 40, 14 at 50",
        (cite(Q, "Bidding", "11, 12 once any player has 30, 13 at 40, 14 at 50"),),
        table_minimum_claim(14),
        variants(QAHWA),
    ),
    Check(
        "claim-table-minimum-rises-without-end",
        "claim",
        "bidding",
        "The bids must reach 11 below 30, then one more per ten points, 'and so on'",
        (
            cite(M, "Minimum Combined Bids", "11, 12, 13, increasing accordingly"),
            cite(A, "Bidding", "11, 12 at 30-39, 13 at 40-49 and so on"),
        ),
        table_minimum_claim(None),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-minimums-rise-for-everyone",
        "claim",
        "bidding",
        "Late in the game the minimums rise for everyone: any player reaching 30 raises the table minimum",
        (cite(Q, "Tips from the table", "late in the game the minimums rise for everyone"),),
        decide_minimums_rise_for_everyone,
        where_cited,
    ),
    Check(
        "claim-seven-or-more-proceeds",
        "claim",
        "bidding",
        "If any player bids 7 or more, the bid total is automatically above 11 and the hand is played",
        (cite(P, "Bidding", "a bid of 7 or more makes the total automatically above 11"),),
        decide_seven_or_more_proceeds,
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-lebanese-maximum-bid-12",
        "claim",
        "bidding",
        "In Lebanese 400 the maximum bid is 12",
        (cite(P, "Variations", "initially the minimum bid is 2 and the maximum is 12"),),
        decide_maximum_bid_twelve,
        variants(PAGAT_400),
    ),
    Check(
        "claim-one-partner-41-other-positive-wins",
        "claim",
        "winning",
        "A team wins when one partner has 41 or more and the other is above zero; both there: the higher total wins",
        (
            cite(
                Q, "Winning", "one partner 41 or more, the other above zero; both: the higher total"
            ),
            cite(
                P,
                "Scoring",
                "one partner reaches 41 while the other is positive; both: higher total",
            ),
        ),
        winning_claim(41, False, higher_total=True),
        variants(QAHWA, PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-equal-totals-play-another-hand",
        "claim",
        "winning",
        "If both teams qualify with equal totals, another hand is played",
        (cite(Q, "Winning", "equal totals: another hand is played"),),
        decide_equal_totals_play_on,
        variants(QAHWA),
    ),
    Check(
        "claim-partner-not-negative-wins",
        "claim",
        "winning",
        "A player on 41 wins while the partner is not on negative points",
        (cite(A, "introduction", "reach 41 while your partner is not on negative points"),),
        winning_claim(41, True, higher_total=False),
        variants(ARAB),
    ),
    Check(
        "claim-partner-below-one-never-wins",
        "claim",
        "winning",
        "A team does not win while a partner has less than 1 point",
        (cite(A, "Scoring", "won as long as the partner's points are 1 or more"),),
        decide_partner_below_one_never_wins,
        variants(ARAB),
    ),
    Check(
        "claim-two-opponents-on-41-play-to-51",
        "claim",
        "winning",
        "If two opponents reach 41 at the same time, the game continues to 51",
        (cite(A, "Scoring", "two opponents on 41 at once: continue to 51"),),
        decide_two_opponents_reach_41,
        variants(ARAB),
    ),
    Check(
        "claim-both-partners-positive-to-win",
        "claim",
        "winning",
        "A team can only win if both partners have positive scores",
        (cite(M, "Winning the Game", "a team can only win if both partners are positive"),),
        decide_both_partners_positive,
        variants(MEDALLON),
    ),
    Check(
        "claim-made-13-wins-the-game",
        "claim",
        "winning",
        "Bid 13 and take all the tricks: your team wins the game, whatever the partner's score",
        (
            cite(
                P, "Variations", "bid 13 and win all: your team wins, irrespective of the partner"
            ),
            cite(M, "Bid Values Table", "13 tricks: win the game"),
            cite(Q, "Play it in Qahwa", "classic table: 13 wins or loses the game"),
        ),
        thirteen_claim(True, "wins"),
        lambda r: variants(MEDALLON, PAGAT_400)(r) or variants(QAHWA, when=_classic)(r),
    ),
    Check(
        "claim-failed-13-loses-the-game",
        "claim",
        "winning",
        "Bid 13 and lose a trick (even to your partner): your team loses",
        (
            cite(P, "Variations", "lose a trick, even to the partner: your team loses"),
            cite(Q, "Play it in Qahwa", "classic table: 13 wins or loses the game"),
        ),
        thirteen_claim(False, "loses"),
        lambda r: variants(PAGAT_400)(r) or variants(QAHWA, when=_classic)(r),
    ),
    Check(
        "claim-failed-13-loses-52",
        "claim",
        "winning",
        "A failed 13 loses 52 points",
        (cite(M, "Bid Values Table", "13 tricks: win the game or lose 52"),),
        thirteen_claim(False, "minus_52"),
        variants(MEDALLON),
    ),
    Check(
        "claim-can-pass-50-without-ending",
        "claim",
        "winning",
        "A player can score more than 50 without the game ending (the partner being negative)",
        (cite(P, "Variations", "possible to score more than 50 without ending the game"),),
        can_pass_fifty(True),
        variants(PAGAT_400),
    ),
    Check(
        "claim-can-reach-50-without-winning",
        "claim",
        "winning",
        "A player can reach 50 points without the game being won",
        (cite(M, "Winning the Game", "possible to reach 50 points without immediately winning"),),
        can_pass_fifty(False),
        variants(MEDALLON),
    ),
    Check(
        "claim-bids-from-2-to-13",
        "claim",
        "bidding",
        "Each player bids from 2 to 13: 13 is always allowed, 2 below 30 points",
        (cite(Q, "Bidding", "each player bids once, from 2 to 13"),),
        decide_bids_two_to_thirteen,
        variants(QAHWA),
    ),
    Check(
        "claim-bidding-proceeds-clockwise",
        "claim",
        "bidding",
        "The player on the dealer's right bids first and bidding proceeds clockwise",
        (cite(M, "Bidding", "the dealer's right starts; bidding proceeds clockwise"),),
        decide_bidding_goes_clockwise,
        variants(MEDALLON),
    ),
    Check(
        "claim-deal-passes-to-the-right",
        "claim",
        "bidding",
        "The deal passes to the next player to the right",
        (
            cite(Q, "The deal", "the deal moves one seat to the right after each hand"),
            cite(M, "Minimum Combined Bids", "the next player to the right deals"),
            cite(P, "Deal", "the dealer position rotates anticlockwise"),
            cite(A, "Bidding", "the deal goes to the original dealer's right"),
        ),
        decide_deal_passes_right,
        where_cited,
    ),
    Check(
        "claim-own-minimum-3-4-5-option",
        "claim",
        "bidding",
        "With the rising-minimum option: at least 3 from 30 points, 4 from 40, 5 from 50",
        (cite(P, "Variations", "some play 3 at 30-39, 4 at 40-49, 5 at 50 or more"),),
        own_minimum_claim(5),
        variants(PAGAT_400, when=lambda r: dict(r.options).get("rising_min") == "on"),
    ),
    Check(
        "claim-twelve-from-30-option",
        "claim",
        "bidding",
        "With the 12-from-30 option: the bids must reach 12 once any player has 30 or more",
        (cite(P, "Variations", "some require 12 rather than 11 if any player has 30 or more"),),
        table_minimum_claim(12),
        variants(PAGAT_41, PAGAT_400, when=lambda r: dict(r.options).get("total12") == "on"),
    ),
    Check(
        "claim-independent-bidding-example-failed",
        "claim",
        "scoring",
        "Partner B bids 3 and wins 2: B loses points",
        (cite(M, "Independent Bidding", "B bids 3, wins 2, fails and loses points"),),
        example_claim(3, (2,), lambda r: -int(r.bid_value(3, 0, 0))),
        variants(MEDALLON),
    ),
)

#: Every claim, each concerning only the variants whose source makes it.
CLAIMS: tuple[Check, ...] = tuple(_where_stated(check) for check in _DECLARED)

#: Claims a source makes about a game another source specifies, judged on that
#: variant (the only place the statement can be checked), with the reason.
ABOUT_ANOTHER_GAME: dict[str, str] = {
    "claim-syrian-41-doubles-from-5": (
        "qahwa's statement about Syrian 41, the game pagat-41 specifies (qahwa has no 41 variant)"
    ),
}
