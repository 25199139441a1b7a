"""Claims about bidding: minimums, bid totals, bid ranges and turn order, decided.

The sources' statements about the own and table minimums ("3 once you have
30 ... and so on"), about a big bid making the total, about the range of
bids and about who bids and deals next. The claims themselves are in
:mod:`fourhundred.verify.claims`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.cards import SEAT_NAMES
from fourhundred.spec.logic import all_, any_, between, implies
from fourhundred.spec.model import BAND_START, Rules
from fourhundred.verify.invariants import proof_decision
from fourhundred.verify.results import Decision, Settings
from fourhundred.verify.solver import absolute
from fourhundred.verify.symbols import (
    Watch,
    highest_of,
    ints,
    not_special,
    pick,
    seat_ints,
    with_seat,
)

QAHWA, MEDALLON, ARAB = qahwa.QAHWA_400, medallon.MEDALLON_400, arab3meyeh.ARAB3MEYEH_400
PAGAT_41, PAGAT_400 = pagat.PAGAT_41, pagat.PAGAT_400


# ----------------------------------------------------------------------
# Minimums
# ----------------------------------------------------------------------


def _band(score: Any) -> Any:
    return z3.If(score >= BAND_START, 1 + (score - BAND_START) / 10, 0)


def _capped(rising: Any, cap: int | None) -> Any:
    """A minimum that rises with the band, up to ``cap`` (none: without end)."""
    return rising if cap is None else z3.If(rising < cap, rising, cap)


def own_minimum_claim(cap: int | None) -> Callable[[Rules, Settings], Decision]:
    def decide(rules: Rules, settings: Settings) -> Decision:
        score = z3.Int("score")
        expected = _capped(2 + _band(score), cap)
        minimum = rules.own_minimum_bid(score)
        watch = Watch.of(score=score, own_minimum=minimum)
        return proof_decision(minimum == expected, watch, settings, minimise=[absolute(score)])

    return decide


def table_minimum_claim(cap: int | None) -> Callable[[Rules, Settings], Decision]:
    def decide(rules: Rules, settings: Settings) -> Decision:
        scores = seat_ints("score")
        expected = _capped(11 + _band(highest_of(scores)), cap)
        minimum = rules.table_minimum(scores)
        watch = Watch.of(scores=scores, table_minimum=minimum)
        return proof_decision(
            minimum == expected,
            watch,
            settings,
            minimise=[absolute(s) for s in scores],
            note="'any player's score' read as the highest score",
        )

    return decide


def decide_minimums_rise_for_everyone(rules: Rules, settings: Settings) -> Decision:
    """Never fall as scores rise, and any one player reaching 30 raises the table minimum."""
    scores = seat_ints("score")
    seat, rise = ints("rising_seat", "rise")
    raised = with_seat(scores, seat, pick(scores, seat) + rise)
    never_falls = rules.table_minimum(raised) >= rules.table_minimum(scores)
    to_thirty = with_seat(scores, seat, BAND_START)
    rises = rules.table_minimum(to_thirty) > rules.table_minimum(scores)
    low = [s < BAND_START for s in scores]
    goal = all_(never_falls, implies(all_(*low, rise >= 0), rises))
    watch = Watch.of(
        scores=scores,
        rising_seat=seat,
        rise=rise,
        table_minimum=rules.table_minimum(scores),
        after_reaching_30=rules.table_minimum(to_thirty),
    )
    return proof_decision(
        goal,
        watch,
        settings,
        given=[between(0, seat, 3), rise >= 0],
        minimise=[*(absolute(s) for s in scores), seat, rise],
    )


# ----------------------------------------------------------------------
# Bidding totals
# ----------------------------------------------------------------------


def decide_seven_or_more_proceeds(rules: Rules, settings: Settings) -> Decision:
    scores, bids = seat_ints("score"), seat_ints("bid")
    given = [
        rules.bids_are_legal(bids, scores),
        any_(*(b >= 7 for b in bids)),
        *(not_special(rules, b) for b in bids),  # a game-deciding 13 has no points value
    ]
    total = rules.bid_total(bids, scores)
    goal = all_(rules.hand_is_played(bids, scores), total > 11)
    watch = Watch.of(
        bids=bids, scores=scores, bid_total=total, table_minimum=rules.table_minimum(scores)
    )
    return proof_decision(
        goal,
        watch,
        settings,
        given=given,
        minimise=[z3.Sum(bids), bids[3], bids[2], bids[1], *(absolute(s) for s in scores)],
        note="hands without a game-deciding 13 (it has no points value)",
    )


def decide_maximum_bid_twelve(rules: Rules, settings: Settings) -> Decision:
    score, bid = ints("score", "bid")
    goal = implies(rules.bid_is_legal(bid, score), bid <= 12)
    watch = Watch.of(score=score, bid=bid)
    return proof_decision(goal, watch, settings, minimise=[absolute(score), bid])


def decide_bids_two_to_thirteen(rules: Rules, settings: Settings) -> Decision:
    """Every legal bid is 2..13, 2 is legal below 30 and 13 is legal at every score."""
    score, bid = ints("score", "bid")
    goal = all_(
        implies(rules.bid_is_legal(bid, score), between(2, bid, 13)),
        rules.bid_is_legal(13, score),
        implies(score < BAND_START, rules.bid_is_legal(2, score)),
    )
    watch = Watch.of(score=score, bid=bid)
    return proof_decision(goal, watch, settings, minimise=[absolute(score), bid])


def decide_bidding_goes_clockwise(rules: Rules, settings: Settings) -> Decision:
    """The dealer's right-hand neighbour bids first, then bidding goes clockwise
    (seats are numbered to the right, so clockwise is one seat back)."""
    for dealer in range(4):
        seats = rules.bidding_seats(dealer)
        clockwise = all((seats[k] - 1) % 4 == seats[k + 1] for k in range(3))
        if seats[0] != (dealer + 1) % 4 or not clockwise:
            return Decision(
                "refuted",
                counterexample={"dealer": dealer, "bidding_seats": [SEAT_NAMES[s] for s in seats]},
            )
    return Decision("proved", note="checked for all four dealers")


def decide_deal_passes_right(rules: Rules, settings: Settings) -> Decision:
    for dealer in range(4):
        if rules.next_dealer(dealer) != (dealer + 1) % 4:
            return Decision(
                "refuted",
                counterexample={"dealer": dealer, "next_dealer": rules.next_dealer(dealer)},
            )
    return Decision("proved", note="checked for all four dealers (seats are numbered to the right)")
