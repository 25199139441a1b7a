"""The claims ledger: what the sources say about their own rules, checked.

Each entry cites the source and section and paraphrases the statement. A
claim is decided on the readings of the variants its source describes (a
few, about the game in general, on every variant): ``proved`` when it holds
for every score, bid and trick count; ``refuted`` with the smallest
counterexample (minimised with Z3 ``Optimize`` in the order given); claims
that something *can* happen are proved by a witness game that replays
through the reference engine. A refuted claim is a finding about the
source (or about a reading of it), not a failure of the verifier.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.cards import SEAT_NAMES, TEAMS, TRICKS_PER_HAND
from fourhundred.spec.definitions import VariantDef
from fourhundred.spec.logic import all_, any_, between, implies
from fourhundred.spec.model import BAND_START, Result, Rules
from fourhundred.spec.sources import cite
from fourhundred.verify.games import plan_summary, search, witness_game
from fourhundred.verify.invariants import proof_decision
from fourhundred.verify.results import Check, Decision, Settings
from fourhundred.verify.solver import absolute
from fourhundred.verify.symbols import (
    Watch,
    highest_of,
    in_bid_range,
    ints,
    not_special,
    pick,
    seat_ints,
    seat_list,
    trick_count,
    with_seat,
)

QAHWA, MEDALLON, ARAB = qahwa.QAHWA_400, medallon.MEDALLON_400, arab3meyeh.ARAB3MEYEH_400
PAGAT_41, PAGAT_400 = pagat.PAGAT_41, pagat.PAGAT_400


def variants(
    *definitions: VariantDef, when: Callable[[Rules], bool] = lambda r: True
) -> Callable[[Rules], bool]:
    """Applies to these variants (every reading), optionally only where ``when`` holds."""
    names = {definition.name for definition in definitions}
    return lambda rules: rules.variant in names and when(rules)


def every_variant(rules: Rules) -> bool:
    return True


def _value(rules: Rules, bid: Any, own: Any, highest: Any) -> Any:
    return rules.bid_value(bid, own, highest)


def _value_setting(rules: Rules) -> tuple[Any, Any, list[Any]]:
    own, highest = ints("own_score", "highest_score")
    return own, highest, [own <= highest]


# ----------------------------------------------------------------------
# Bid values
# ----------------------------------------------------------------------


def decide_bigger_bid_pays_more(rules: Rules, settings: Settings) -> Decision:
    lower, higher = ints("lower_bid", "higher_bid")
    own, highest, given = _value_setting(rules)
    given += [
        in_bid_range(rules, lower),
        in_bid_range(rules, higher),
        lower < higher,
        not_special(rules, lower),
        not_special(rules, higher),
    ]
    goal = _value(rules, lower, own, highest) < _value(rules, higher, own, highest)
    lower_value = _value(rules, lower, own, highest)
    higher_value = _value(rules, higher, own, highest)
    watch = Watch.of(
        lower_bid=lower,
        higher_bid=higher,
        own_score=own,
        highest_score=highest,
        lower_value=lower_value,
        higher_value=higher_value,
    )
    return proof_decision(
        goal,
        watch,
        settings,
        given=given,
        minimise=[lower, higher - lower, absolute(own), absolute(highest)],
        note="in every score band; bids that decide the game excluded",
    )


def decide_eight_to_nine_biggest_jump(rules: Rules, settings: Settings) -> Decision:
    bid = z3.Int("bid")
    own, highest, given = _value_setting(rules)
    jump = _value(rules, bid + 1, own, highest) - _value(rules, bid, own, highest)
    eight, nine = _value(rules, 8, own, highest), _value(rules, 9, own, highest)
    given += [
        in_bid_range(rules, bid),
        in_bid_range(rules, bid + 1),
        not_special(rules, bid + 1),
        bid != 8,
    ]
    goal = all_(eight == 16, nine == 27, jump < nine - eight)
    watch = Watch.of(
        bid=bid,
        own_score=own,
        value_of_bid=_value(rules, bid, own, highest),
        value_of_next_bid=_value(rules, bid + 1, own, highest),
        value_of_8=eight,
        value_of_9=nine,
    )
    return proof_decision(
        goal,
        watch,
        settings,
        given=given,
        minimise=[bid, absolute(own), absolute(highest)],
        note="'biggest' read strictly, in every score band",
    )


def _table_claim(
    expected: Callable[[Rules, Any, Any], Any], note: str = ""
) -> Callable[[Rules, Settings], Decision]:
    """A claim that the value of every legal bid is ``expected(rules, bid, own_score)``."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        bid = z3.Int("bid")
        own, highest, given = _value_setting(rules)
        given += [in_bid_range(rules, bid), not_special(rules, bid)]
        value = _value(rules, bid, own, highest)
        watch = Watch.of(bid=bid, own_score=own, highest_score=highest, value=value)
        return proof_decision(
            value == expected(rules, bid, own),
            watch,
            settings,
            given=given,
            minimise=[bid, absolute(own), absolute(highest)],
            note=note,
        )

    return decide


def _one_per_trick(rules: Rules, bid: Any, own: Any) -> Any:
    return bid


def _ten_or_more_forty(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid == 9, 27, z3.If(bid >= 10, 40, _value(rules, bid, own, own)))


def _syrian_double_from_five(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid >= 5, 2 * bid, bid)


def _pagat_scale(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid >= 7, 2 * bid, bid)


def _reduced_from_thirty(rules: Rules, bid: Any, own: Any) -> Any:
    """From an own score of 30, 5 counts 5 and 6 counts 6; the rest as below 30."""
    below = _value(rules, bid, -1000, -1000)
    return z3.If(own >= BAND_START, z3.If(bid == 5, 5, z3.If(bid == 6, 6, below)), below)


# ----------------------------------------------------------------------
# Scoring examples
# ----------------------------------------------------------------------


def _example(
    bid: int, tricks: Sequence[int], change: int | Callable[[Rules], int]
) -> Callable[[Rules, Settings], Decision]:
    """A worked example: a player bidding ``bid`` and taking any of ``tricks`` changes by ``change``
    at every score where the bid is legal (partner's tricks irrelevant by the scoring invariant)."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        own, highest, taken = ints("own_score", "highest_score", "tricks")
        given = [own <= highest, z3.Or(*(taken == t for t in tricks)), rules.bid_is_legal(bid, own)]
        expected = change(rules) if callable(change) else change
        actual = rules.score_change(bid, taken, own, highest)
        watch = Watch.of(own_score=own, highest_score=highest, tricks=taken, score_change=actual)
        return proof_decision(
            actual == expected,
            watch,
            settings,
            given=given,
            minimise=[absolute(own), absolute(highest), taken],
        )

    return decide


def decide_made_wins_value_failed_loses_it(rules: Rules, settings: Settings) -> Decision:
    bid, taken = ints("bid", "tricks")
    own, highest, given = _value_setting(rules)
    given += [in_bid_range(rules, bid), trick_count(taken)]
    value = _value(rules, bid, own, highest)
    change = rules.score_change(bid, taken, own, highest)
    watch = Watch.of(bid=bid, tricks=taken, own_score=own, value=value, score_change=change)
    return proof_decision(
        change == z3.If(taken >= bid, value, -value),
        watch,
        settings,
        given=given,
        minimise=[bid, taken, absolute(own), absolute(highest)],
    )


def decide_extra_tricks_earn_nothing(rules: Rules, settings: Settings) -> Decision:
    bid, taken = ints("bid", "tricks")
    own, highest, given = _value_setting(rules)
    given += [in_bid_range(rules, bid), trick_count(taken), taken >= bid]
    goal = rules.score_change(bid, taken, own, highest) == rules.score_change(
        bid, bid, own, highest
    )
    watch = Watch.of(bid=bid, tricks=taken, own_score=own)
    return proof_decision(goal, watch, settings, given=given)


# ----------------------------------------------------------------------
# Minimums
# ----------------------------------------------------------------------


def _band(score: Any) -> Any:
    return z3.If(score >= BAND_START, 1 + (score - BAND_START) / 10, 0)


def _capped(rising: Any, cap: int | None) -> Any:
    """A minimum that rises with the band, up to ``cap`` (none: without end)."""
    return rising if cap is None else z3.If(rising < cap, rising, cap)


def _own_minimum_claim(cap: int | None) -> Callable[[Rules, Settings], Decision]:
    def decide(rules: Rules, settings: Settings) -> Decision:
        score = z3.Int("score")
        expected = _capped(2 + _band(score), cap)
        minimum = rules.own_minimum_bid(score)
        watch = Watch.of(score=score, own_minimum=minimum)
        return proof_decision(minimum == expected, watch, settings, minimise=[absolute(score)])

    return decide


def _table_minimum_claim(cap: int | None) -> Callable[[Rules, Settings], Decision]:
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


# ----------------------------------------------------------------------
# Winning
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class _AfterAHand:
    """One hand from any scores, North dealing at the base target: legal bids,
    tricks adding up to 13, and what the rules make of it."""

    scores: Sequence[Any]
    bids: Sequence[Any]
    tricks: Sequence[Any]
    after: Sequence[Any]
    result: Any
    next_target: Any
    given: Sequence[Any]

    def decision(
        self,
        goal: Any,
        settings: Settings,
        *,
        without_thirteen: bool = False,
        minimise_first: Sequence[Any] = (),
        note: str = "",
        **also_watch: Any,
    ) -> Decision:
        """Prove ``goal`` for every such hand (``without_thirteen``: every hand
        without a bid of 13); a counterexample shows the hand, the smallest in
        ``minimise_first`` and then in the scores (by absolute value)."""
        given = [*self.given]
        if without_thirteen:
            given.append(all_(*(b < TRICKS_PER_HAND for b in self.bids)))
        watch = Watch.of(
            scores_before=self.scores,
            bids=self.bids,
            tricks=self.tricks,
            scores_after=self.after,
            result=self.result,
            **also_watch,
        )
        minimise = [*minimise_first, *(absolute(s) for s in self.scores)]
        return proof_decision(goal, watch, settings, given=given, minimise=minimise, note=note)


def _after_a_hand(rules: Rules) -> _AfterAHand:
    scores, bids, tricks = seat_ints("score"), seat_ints("bid"), seat_ints("tricks")
    after, result, next_target = rules.hand_result(scores, bids, tricks, 0, rules.target)
    given = [rules.tricks_are_consistent(tricks), rules.bids_are_legal(bids, scores)]
    return _AfterAHand(scores, bids, tricks, list(after), result, next_target, given)


def _winning_claim(
    target: int, partner_at_zero_ok: bool, *, higher_total: bool
) -> Callable[[Rules, Settings], Decision]:
    """One partner at ``target`` or more with the other above zero (or at zero or more) wins;
    with ``higher_total``, both teams there: the higher total wins (no 13 bid in the hand)."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        hand = _after_a_hand(rules)
        after, result = hand.after, hand.result

        def there(team: int) -> Any:
            a, b = (after[s] for s in TEAMS[team])
            return any_(
                all_(a >= target, _partner_fine(b, partner_at_zero_ok)),
                all_(b >= target, _partner_fine(a, partner_at_zero_ok)),
            )

        totals = [after[0] + after[2], after[1] + after[3]]
        goals = []
        for team in (0, 1):
            other = 1 - team
            goals.append(implies(all_(there(team), z3.Not(there(other))), result == team + 1))
            if higher_total:
                goals.append(
                    implies(
                        all_(there(0), there(1), totals[team] > totals[other]), result == team + 1
                    )
                )
        return hand.decision(
            all_(*goals), settings, without_thirteen=True, note="hands without a bid of 13"
        )

    return decide


def _partner_fine(score: Any, zero_ok: bool) -> Any:
    return score >= 0 if zero_ok else score > 0


def decide_partner_below_one_never_wins(rules: Rules, settings: Settings) -> Decision:
    hand = _after_a_hand(rules)
    goals = []
    for team in (0, 1):
        a, b = (hand.after[s] for s in TEAMS[team])
        goals.append(implies(any_(a < 1, b < 1), hand.result != team + 1))
    return hand.decision(all_(*goals), settings)


def decide_two_opponents_reach_41(rules: Rules, settings: Settings) -> Decision:
    hand = _after_a_hand(rules)
    after = hand.after
    both = all_(any_(after[0] >= 41, after[2] >= 41), any_(after[1] >= 41, after[3] >= 41))
    goal = implies(both, all_(hand.result == int(Result.CONTINUE), hand.next_target == 51))
    return hand.decision(goal, settings, without_thirteen=True, next_target=hand.next_target)


def decide_equal_totals_play_on(rules: Rules, settings: Settings) -> Decision:
    hand = _after_a_hand(rules)
    after = hand.after
    both = all_(
        rules.team_qualifies(0, after, rules.target), rules.team_qualifies(1, after, rules.target)
    )
    goal = implies(
        all_(both, after[0] + after[2] == after[1] + after[3]),
        hand.result == int(Result.CONTINUE),
    )
    return hand.decision(goal, settings, without_thirteen=True)


def decide_both_partners_positive(rules: Rules, settings: Settings) -> Decision:
    """medallon: a team can only win if both partners are positive (13 included)."""
    hand = _after_a_hand(rules)
    goals = []
    for team in (0, 1):
        a, b = (hand.after[s] for s in TEAMS[team])
        goals.append(implies(hand.result == team + 1, all_(a > 0, b > 0)))
    return hand.decision(all_(*goals), settings)


def _thirteen_claim(made: bool, effect: str) -> Callable[[Rules, Settings], Decision]:
    """A player bidding 13 who takes all 13 (``made``) or fewer: the team wins the game,
    loses it, or (``minus_52``) the bidder loses 52 points."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        if rules.max_bid < TRICKS_PER_HAND:
            return Decision(
                "refuted",
                counterexample={"bid": 13, "legal": False},
                note="13 is not a legal bid in this reading",
            )
        hand = _after_a_hand(rules)
        goals = []
        for seat in range(4):
            team = seat % 2
            bid_it = hand.bids[seat] == TRICKS_PER_HAND
            taken = hand.tricks[seat]
            as_bid = taken == TRICKS_PER_HAND if made else taken < TRICKS_PER_HAND
            if effect == "wins":
                expected = hand.result == team + 1
            elif effect == "loses":
                expected = hand.result == (1 - team) + 1
            else:
                expected = hand.after[seat] - hand.scores[seat] == -52
            goals.append(implies(all_(bid_it, as_bid), expected))
        return hand.decision(
            all_(*goals),
            settings,
            minimise_first=[z3.Sum(hand.bids)],
            note="any bids by the other players, including other 13s",
        )

    return decide


def _can_pass_fifty(strictly: bool) -> Callable[[Rules, Settings], Decision]:
    """Some game reaches a player on more than 50 (or 50) with the game still going on."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        def goal(r: Rules, final: Sequence[Any], target: Any) -> Any:
            return any_(*((s > 50) if strictly else (s >= 50) for s in final))

        found = search(rules, goal, max(settings.hands_bound, 4), settings.rlimit)
        if found.plan is None:
            why = (
                "the Z3 budget ran out one hand later" if found.exhausted_budget else "none exists"
            )
            return Decision(
                "unknown",
                bound=f"games of up to {found.bound} played hands",
                note=f"no such game found within the bound ({why}); try --deep",
            )
        witness = witness_game(rules, found.plan)
        return Decision(
            "proved",
            counterexample={
                "game": plan_summary(found.plan),
                "reached_scores": seat_list(found.plan.scores),
            },
            witness=witness,
            bound=f"witness of {len(found.plan.hands)} played hands",
            note="shown by a witness game replayed through the reference engine",
        )

    return decide


def decide_scores_can_go_below_zero(rules: Rules, settings: Settings) -> Decision:
    def goal(r: Rules, final: Sequence[Any], target: Any) -> Any:
        return any_(*(s < 0 for s in final))

    found = search(rules, goal, settings.hands_bound, settings.rlimit)
    if found.plan is None:
        return Decision(
            "refuted",
            bound=f"games of up to {found.bound} played hands",
            note="no negative score reached",
        )
    return Decision(
        "proved",
        counterexample={"game": plan_summary(found.plan)},
        witness=witness_game(rules, found.plan),
        bound=f"witness of {len(found.plan.hands)} played hand(s)",
    )


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


def _classic(rules: Rules) -> bool:
    return dict(rules.options).get("table") == "classic"


Q, M, P, A = qahwa.SOURCE.id, medallon.SOURCE.id, pagat.SOURCE.id, arab3meyeh.SOURCE.id

CLAIMS: tuple[Check, ...] = (
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
        every_variant,
    ),
    Check(
        "claim-eight-to-nine-biggest-jump",
        "claim",
        "values",
        "The step from 8 (16 points) to 9 (27) is the biggest in the value table",
        (cite(Q, "Tips from the table", "8 to 9, 16 to 27, is the biggest jump"),),
        decide_eight_to_nine_biggest_jump,
        every_variant,
    ),
    Check(
        "claim-ten-or-more-worth-forty",
        "claim",
        "values",
        "In 400, 9 is worth 27 and 10 or more is worth 40",
        (cite(Q, "Questions", "in 400, 9 = 27 and 10 or more = 40"),),
        _table_claim(_ten_or_more_forty),
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
        _table_claim(_one_per_trick),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-syrian-41-doubles-from-5",
        "claim",
        "values",
        "In Syrian 41 every bid of 5 or more is worth double",
        (cite(Q, "Questions", "Syrian 41: every bid of 5 or more is simply worth double"),),
        _table_claim(_syrian_double_from_five),
        variants(PAGAT_41),
    ),
    Check(
        "claim-41-single-below-7-double-from-7",
        "claim",
        "values",
        "Bids of 1 to 6 count their number, 7 or more count double",
        (cite(P, "Bidding", "1 to 6 count their number; 7 or more count double"),),
        _table_claim(_pagat_scale),
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
        _table_claim(_reduced_from_thirty),
        variants(QAHWA, ARAB),
    ),
    Check(
        "claim-bid-9-take-8-loses-27",
        "claim",
        "scoring",
        "Bid 9 and take 9: win 27; take 8: lose 27, whatever the partner took",
        (cite(Q, "Winning", "worked example: bid 9, take 9 wins 27, take 8 loses 27"),),
        _example(9, (8,), -27),
        variants(QAHWA),
    ),
    Check(
        "claim-bid-9-take-9-wins-27",
        "claim",
        "scoring",
        "Bid 9 and take 9: win 27",
        (cite(Q, "Winning", "worked example: bid 9, take 9 wins 27"),),
        _example(9, (9,), 27),
        variants(QAHWA),
    ),
    Check(
        "claim-bid-4-take-4-scores-4",
        "claim",
        "scoring",
        "A player who bids 4 and takes 4 or more scores 4",
        (cite(P, "Scoring", "example: bid 4, take 4 or more, score 4"),),
        _example(4, tuple(range(4, 14)), 4),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-8-take-8-scores-16",
        "claim",
        "scoring",
        "A player who bids 8 and takes 8 or more scores 16",
        (cite(P, "Scoring", "example: bid 8, take 8 or more, score 16"),),
        _example(8, tuple(range(8, 14)), 16),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-5-fail-loses-5",
        "claim",
        "scoring",
        "A player who bids 5 and takes fewer scores -5",
        (cite(P, "Scoring", "example: bid 5, take fewer, score -5"),),
        _example(5, tuple(range(0, 5)), -5),
        variants(PAGAT_41, PAGAT_400),
    ),
    Check(
        "claim-bid-3-example",
        "claim",
        "scoring",
        "Bid 3 and win 4: gain 3; win 2: lose 3",
        (cite(A, "Game Play", "worked example: bet 3, win 4 gains 3; win 2 loses 3"),),
        _example(3, (4,), 3),
        variants(ARAB),
    ),
    Check(
        "claim-bid-3-example-failed",
        "claim",
        "scoring",
        "Bid 3 and win 2: lose 3",
        (cite(A, "Game Play", "worked example: bet 3, win 2 loses 3"),),
        _example(3, (2,), -3),
        variants(ARAB),
    ),
    Check(
        "claim-independent-bidding-example",
        "claim",
        "scoring",
        "Partner A bids 4 and wins 5: A scores; partner B bids 3 and wins 2: B loses",
        (cite(M, "Independent Bidding", "A bids 4 wins 5 and scores; B bids 3 wins 2 and loses"),),
        _example(4, (5,), lambda r: int(r.bid_value(4, 0, 0))),
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
        every_variant,
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
        every_variant,
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
        _own_minimum_claim(5),
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
        _own_minimum_claim(None),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-table-minimum-11-to-14",
        "claim",
        "bidding",
        "The bids must reach 11; 12 once any player has 30, 13 at 40, 14 at 50",
        (cite(Q, "Bidding", "11, 12 once any player has 30, 13 at 40, 14 at 50"),),
        _table_minimum_claim(14),
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
        _table_minimum_claim(None),
        variants(MEDALLON, ARAB),
    ),
    Check(
        "claim-minimums-rise-for-everyone",
        "claim",
        "bidding",
        "Late in the game the minimums rise for everyone: any player reaching 30 raises the table minimum",
        (cite(Q, "Tips from the table", "late in the game the minimums rise for everyone"),),
        decide_minimums_rise_for_everyone,
        every_variant,
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
        _winning_claim(41, False, higher_total=True),
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
        _winning_claim(41, True, higher_total=False),
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
        _thirteen_claim(True, "wins"),
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
        _thirteen_claim(False, "loses"),
        lambda r: variants(PAGAT_400)(r) or variants(QAHWA, when=_classic)(r),
    ),
    Check(
        "claim-failed-13-loses-52",
        "claim",
        "winning",
        "A failed 13 loses 52 points",
        (cite(M, "Bid Values Table", "13 tricks: win the game or lose 52"),),
        _thirteen_claim(False, "minus_52"),
        variants(MEDALLON),
    ),
    Check(
        "claim-can-pass-50-without-ending",
        "claim",
        "winning",
        "A player can score more than 50 without the game ending (the partner being negative)",
        (cite(P, "Variations", "possible to score more than 50 without ending the game"),),
        _can_pass_fifty(True),
        variants(PAGAT_400),
    ),
    Check(
        "claim-can-reach-50-without-winning",
        "claim",
        "winning",
        "A player can reach 50 points without the game being won",
        (cite(M, "Winning the Game", "possible to reach 50 points without immediately winning"),),
        _can_pass_fifty(False),
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
        every_variant,
    ),
    Check(
        "claim-own-minimum-3-4-5-option",
        "claim",
        "bidding",
        "With the rising-minimum option: at least 3 from 30 points, 4 from 40, 5 from 50",
        (cite(P, "Variations", "some play 3 at 30-39, 4 at 40-49, 5 at 50 or more"),),
        _own_minimum_claim(5),
        variants(PAGAT_400, when=lambda r: dict(r.options).get("rising_min") == "on"),
    ),
    Check(
        "claim-twelve-from-30-option",
        "claim",
        "bidding",
        "With the 12-from-30 option: the bids must reach 12 once any player has 30 or more",
        (cite(P, "Variations", "some require 12 rather than 11 if any player has 30 or more"),),
        _table_minimum_claim(12),
        variants(PAGAT_41, PAGAT_400, when=lambda r: dict(r.options).get("total12") == "on"),
    ),
    Check(
        "claim-independent-bidding-example-failed",
        "claim",
        "scoring",
        "Partner B bids 3 and wins 2: B loses points",
        (cite(M, "Independent Bidding", "B bids 3, wins 2, fails and loses points"),),
        _example(3, (2,), lambda r: -int(r.bid_value(3, 0, 0))),
        variants(MEDALLON),
    ),
)
