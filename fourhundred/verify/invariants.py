"""Invariants every variant reading must keep, proved with Z3 over unbounded integers.

Each property calls the rule definitions of :mod:`fourhundred.spec` with Z3
terms (:mod:`fourhundred.spec.logic` lifts them): the proof is about the very
functions the reference engine is checked against, not a second copy.
Scores are unbounded integers (negative too); bids and tricks are
constrained only as the property says.

Groups: conservation (tricks and cards), bidding, scoring, outcome. The
liveness properties, which need reachability over sequences of hands, are
in :mod:`fourhundred.verify.liveness`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from fourhundred.spec.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    TEAMS,
    TRICKS_PER_HAND,
    TRUMP,
    trick_winner_position,
)
from fourhundred.spec.logic import all_, any_, between, implies
from fourhundred.spec.model import BAND_START, Result, Rules
from fourhundred.spec.sources import cite
from fourhundred.verify.results import Check, Decision, Settings
from fourhundred.verify.solver import Answer, absolute, prove
from fourhundred.verify.symbols import (
    Watch,
    highest_of,
    in_bid_range,
    ints,
    not_special,
    pick,
    seat_ints,
    trick_count,
    with_seat,
)


def decision_of(answer: Answer, watch: Watch, settings: Settings, note: str = "") -> Decision:
    """A decision from a Z3 answer: the counterexample decoded under the watch labels."""
    if answer.verdict == "proved":
        return Decision("proved", note=note)
    if answer.verdict == "refuted":
        return Decision("refuted", counterexample=watch.decode(answer.values), note=note)
    return Decision("unknown", note=f"Z3 budget of {settings.rlimit} rlimit units exhausted")


def proof_decision(
    goal: Any,
    watch: Watch,
    settings: Settings,
    *,
    given: Sequence[Any] = (),
    minimise: Sequence[Any] = (),
    note: str = "",
) -> Decision:
    """Prove ``given => goal`` within the settings' Z3 budget; a counterexample
    (the smallest in the order of ``minimise``) reads under the watch labels."""
    answer = prove(goal, given=given, watch=watch.terms, minimise=minimise, rlimit=settings.rlimit)
    return decision_of(answer, watch, settings, note=note)


# ----------------------------------------------------------------------
# Conservation
# ----------------------------------------------------------------------


def _card_strength(suit: Any, rank: Any, led: Any) -> Any:
    """Declarative order of a trick: any heart above any card of the suit led,
    that above any other card; by rank within each (all four sources)."""
    return z3.If(suit == TRUMP, 26 + rank, z3.If(suit == led, 13 + rank, rank - 13))


def decide_trick_lemma(rules: Rules, settings: Settings) -> Decision:
    """Per-trick lemma on the spec's ``trick_winner_position`` over Int suits and ranks,
    the trump suit the rules' (:meth:`Rules.trump_suit`): under the house rule
    ``trump=turned`` the suit turned is one more unknown, and a trick a turned suit
    wins over a heart refutes the sources' "highest heart" (a house rules finding)."""
    suits = ints(*(f"suit_{k}" for k in range(4)))
    ranks = ints(*(f"rank_{k}" for k in range(4)))
    cards_ok = [
        all_(between(0, s, 3), between(0, r, 12)) for s, r in zip(suits, ranks, strict=True)
    ]
    turned = ints("turned_suit") if rules.trump == "turned" else []
    trump = rules.trump_suit(turned[0] if turned else TRUMP)
    cards_ok += [between(0, suit, 3) for suit in turned]
    distinct = [
        any_(suits[i] != suits[j], ranks[i] != ranks[j]) for i in range(4) for j in range(i + 1, 4)
    ]
    winner = trick_winner_position(suits, ranks, trump)
    strengths = [_card_strength(s, r, suits[0]) for s, r in zip(suits, ranks, strict=True)]
    winner_strength = pick(strengths, winner)
    winner_suit = pick(suits, winner)
    exactly_one = z3.Sum([z3.If(winner == k, 1, 0) for k in range(4)]) == 1
    goal = all_(
        exactly_one,
        any_(winner_suit == TRUMP, winner_suit == suits[0]),
        *(strengths[k] <= winner_strength for k in range(4)),
        *(implies(s == TRUMP, winner_suit == TRUMP) for s in suits),
    )
    watch = Watch.of(suits=suits, ranks=ranks, **({"turned_suit": turned} if turned else {}))
    decision = proof_decision(goal, watch, settings, given=[*cards_ok, *distinct])
    if decision.counterexample is not None:
        cards = [
            RANKS[r] + SUITS[s]
            for s, r in zip(
                decision.counterexample["suits"], decision.counterexample["ranks"], strict=True
            )
        ]
        found: dict[str, object] = {"trick_in_play_order": cards}
        if turned:
            found["trump"] = SUITS[decision.counterexample["turned_suit"][0]]
        return Decision("refuted", counterexample=found)
    return decision


def decide_thirteen_tricks(rules: Rules, settings: Settings) -> Decision:
    """A hand over per-trick winner indicators, in two lemmas.

    Step 1 (one trick): for any leader and any winning position (the per-trick
    lemma gives one position 0..3), ``trick_seats`` names exactly one winning
    seat, 0..3, who leads the next trick. Step 2 (the hand): 13 tricks whose
    0/1 winner indicators add up to one per trick give each player 0..13
    tricks, adding up to 13 (``Rules.tricks_are_consistent``).
    """
    leader, position = ints("leader", "winner_position")
    seat = _seat_at(rules, leader, position)
    one_winner = all_(between(0, seat, 3), z3.Sum([z3.If(seat == p, 1, 0) for p in range(4)]) == 1)
    watch = Watch.of(leader=leader, winner_position=position)
    step_one = prove(
        one_winner,
        given=[between(0, leader, 3), between(0, position, 3)],
        watch=watch.terms,
        rlimit=settings.rlimit,
    )
    if step_one.verdict != "proved":
        return decision_of(step_one, watch, settings)
    indicators = [
        [z3.Int(f"trick_{t + 1}_won_by_{p}") for p in range(4)] for t in range(TRICKS_PER_HAND)
    ]
    given = [between(0, x, 1) for row in indicators for x in row]
    given.extend(z3.Sum(row) == 1 for row in indicators)
    won = [z3.Sum([indicators[t][p] for t in range(TRICKS_PER_HAND)]) for p in range(4)]
    return proof_decision(
        rules.tricks_are_consistent(won),
        Watch.of(tricks=won),
        settings,
        given=given,
        note="two lemmas: one winner per trick; 13 tricks per hand",
    )


def _seat_at(rules: Rules, leader: Any, position: Any) -> Any:
    """The seat playing at ``position`` of a trick led by ``leader`` (``trick_seats``, lifted)."""
    return pick([pick(rules.trick_seats(seat), position) for seat in range(4)], leader)


def decide_cards_once(rules: Rules, settings: Settings) -> Decision:
    """The deal gives 52 distinct cards, 13 to each seat, for every dealer; every
    seat plays exactly once to every trick and bids exactly once.

    ``Rules.deal`` only moves cards by position, so dealing the 52 distinct
    cards of the full deck proves it for every order of the deck.
    """
    for dealer in range(4):
        hands = rules.deal(FULL_DECK, dealer)
        dealt = [card for hand in hands for card in hand]
        if any(len(hand) != 13 for hand in hands) or sorted(dealt) != sorted(FULL_DECK):
            return Decision(
                "refuted",
                counterexample={"dealer": dealer, "hand_sizes": [len(h) for h in hands]},
            )
        if sorted(rules.bidding_seats(dealer)) != [0, 1, 2, 3]:
            return Decision(
                "refuted",
                counterexample={
                    "dealer": dealer,
                    "bidding_seats": list(rules.bidding_seats(dealer)),
                },
            )
    for leader in range(4):
        if (
            sorted(rules.trick_seats(leader)) != [0, 1, 2, 3]
            or rules.trick_seats(leader)[0] != leader
        ):
            return Decision(
                "refuted",
                counterexample={"leader": leader, "trick_seats": list(rules.trick_seats(leader))},
            )
    return Decision(
        "proved",
        note="deal checked for all four dealers on 52 distinct cards (the deal moves cards by position only)",
    )


# ----------------------------------------------------------------------
# Bidding
# ----------------------------------------------------------------------


def decide_legal_bid_range(rules: Rules, settings: Settings) -> Decision:
    score, bid = ints("score", "bid")
    own_min = rules.own_minimum_bid(score)
    goal = all_(
        implies(
            rules.bid_is_legal(bid, score),
            all_(rules.min_bid <= own_min, own_min <= bid, bid <= rules.max_bid),
        ),
        implies(score < BAND_START, own_min == rules.min_bid),
    )
    watch = Watch.of(score=score, bid=bid)
    return proof_decision(goal, watch, settings, minimise=[absolute(score), bid])


def decide_own_minimum_monotone(rules: Rules, settings: Settings) -> Decision:
    low, high = ints("lower_score", "higher_score")
    goal = rules.own_minimum_bid(low) <= rules.own_minimum_bid(high)
    watch = Watch.of(lower_score=low, higher_score=high)
    return proof_decision(goal, watch, settings, given=[low <= high])


def decide_played_iff_reached(rules: Rules, settings: Settings) -> Decision:
    scores, bids = seat_ints("score"), seat_ints("bid")
    highest = highest_of(scores)
    if rules.table_measure == "tricks":
        total: Any = z3.Sum(bids)
    else:
        total = z3.Sum([rules.bid_value(bids[s], scores[s], highest) for s in range(4)])
    level = rules.table_minimum(scores)
    reached = total >= level if rules.table_comparison == "at_least" else total == level
    if rules.table_measure == "values" and rules.thirteen != "points":
        reached = any_(reached, *(rules.is_special_bid(b) for b in bids))
    goal = rules.hand_is_played(bids, scores) == reached
    watch = Watch.of(scores=scores, bids=bids)
    return proof_decision(goal, watch, settings, given=[in_bid_range(rules, b) for b in bids])


def decide_table_minimum_monotone(rules: Rules, settings: Settings) -> Decision:
    scores = seat_ints("score")
    seat, rise = ints("rising_seat", "rise")
    raised = with_seat(scores, seat, pick(scores, seat) + rise)
    goal = rules.table_minimum(raised) >= rules.table_minimum(scores)
    watch = Watch.of(scores=scores, rising_seat=seat, rise=rise)
    return proof_decision(goal, watch, settings, given=[between(0, seat, 3), rise >= 0])


# ----------------------------------------------------------------------
# Scoring
# ----------------------------------------------------------------------


def decide_score_is_own(rules: Rules, settings: Settings) -> Decision:
    """A player's change depends on own bid, own tricks and the band-setting scores only."""
    scores, bids, tricks = seat_ints("score"), seat_ints("bid"), seat_ints("tricks")
    other_bids, other_tricks = seat_ints("other_bid"), seat_ints("other_tricks")
    after = rules.scores_after(scores, bids, tricks)
    highest = highest_of(scores)
    goals = []
    for seat in range(4):
        varied_bids = [bids[s] if s == seat else other_bids[s] for s in range(4)]
        varied_tricks = [tricks[s] if s == seat else other_tricks[s] for s in range(4)]
        varied = rules.scores_after(scores, varied_bids, varied_tricks)
        goals.append(after[seat] == varied[seat])
        goals.append(
            after[seat] - scores[seat]
            == rules.score_change(bids[seat], tricks[seat], scores[seat], highest)
        )
    given = [
        rules.tricks_are_consistent(tricks),
        rules.tricks_are_consistent(other_tricks),
        *(in_bid_range(rules, b) for b in [*bids, *other_bids]),
    ]
    watch = Watch.of(
        scores=scores, bids=bids, tricks=tricks, other_bids=other_bids, other_tricks=other_tricks
    )
    return proof_decision(all_(*goals), watch, settings, given=given)


def decide_more_tricks_never_lower(rules: Rules, settings: Settings) -> Decision:
    bid, fewer, more, own, highest = ints(
        "bid", "fewer_tricks", "more_tricks", "own_score", "highest_score"
    )
    goal = rules.score_change(bid, fewer, own, highest) <= rules.score_change(
        bid, more, own, highest
    )
    given = [
        in_bid_range(rules, bid),
        trick_count(fewer),
        trick_count(more),
        fewer <= more,
        own <= highest,
    ]
    watch = Watch.of(
        bid=bid, fewer_tricks=fewer, more_tricks=more, own_score=own, highest_score=highest
    )
    return proof_decision(goal, watch, settings, given=given)


def decide_made_gains_failed_loses(rules: Rules, settings: Settings) -> Decision:
    bid, tricks, own, highest = ints("bid", "tricks", "own_score", "highest_score")
    change = rules.score_change(bid, tricks, own, highest)
    goal = z3.If(tricks >= bid, change > 0, change < 0)
    given = [
        in_bid_range(rules, bid),
        not_special(rules, bid),
        trick_count(tricks),
        own <= highest,
    ]
    watch = Watch.of(bid=bid, tricks=tricks, own_score=own, highest_score=highest)
    return proof_decision(
        goal,
        watch,
        settings,
        given=given,
        minimise=[bid],
        note="bids that decide the game (13) excluded",
    )


def decide_value_weakly_increasing(rules: Rules, settings: Settings) -> Decision:
    lower, higher, own, highest = ints("lower_bid", "higher_bid", "own_score", "highest_score")
    goal = rules.bid_value(lower, own, highest) <= rules.bid_value(higher, own, highest)
    given = [
        in_bid_range(rules, lower),
        in_bid_range(rules, higher),
        lower < higher,
        not_special(rules, lower),
        not_special(rules, higher),
        own <= highest,
    ]
    watch = Watch.of(lower_bid=lower, higher_bid=higher, own_score=own, highest_score=highest)
    return proof_decision(
        goal,
        watch,
        settings,
        given=given,
        minimise=[lower, higher],
        note="in every score band; bids that decide the game excluded",
    )


# ----------------------------------------------------------------------
# Game outcome
# ----------------------------------------------------------------------


def _hand(rules: Rules) -> tuple[list[Any], list[Any], list[Any], Any, list[Any], Watch]:
    """One hand from any scores, with any target in force: the unknowns, what
    is given about them, and the watch that reads a counterexample."""
    scores, bids, tricks = seat_ints("score"), seat_ints("bid"), seat_ints("tricks")
    target = z3.Int("target_in_force")
    given = [
        rules.tricks_are_consistent(tricks),
        *(in_bid_range(rules, b) for b in bids),
        target >= rules.target,
    ]
    watch = Watch.of(scores=scores, bids=bids, tricks=tricks, target_in_force=target)
    return scores, bids, tricks, target, given, watch


def decide_result_well_formed(rules: Rules, settings: Settings) -> Decision:
    scores, bids, tricks, target, given, watch = _hand(rules)
    goals = []
    for dealer in range(4):
        _, result, next_target = rules.hand_result(scores, bids, tricks, dealer, target)
        goals.append(between(int(Result.CONTINUE), result, int(Result.DRAW)))
        goals.append(next_target >= rules.target)
    return proof_decision(all_(*goals), watch, settings, given=given)


def decide_points_win_needs_partner(rules: Rules, settings: Settings) -> Decision:
    scores, bids, tricks, target, given, watch = _hand(rules)
    goals = []
    for dealer in range(4):
        after, result, _ = rules.hand_result(scores, bids, tricks, dealer, target)
        special = rules.special_result(bids, tricks, after, dealer)
        for team in (0, 1):
            a, b = (after[s] for s in TEAMS[team])
            won_by_points = all_(special == int(Result.CONTINUE), result == team + 1)
            goals.append(
                implies(
                    won_by_points,
                    all_(
                        rules.partner_ok(a),
                        rules.partner_ok(b),
                        rules.team_reached(team, after, rules.target),
                    ),
                )
            )
    return proof_decision(all_(*goals), watch, settings, given=given)


def decide_thirteen(rules: Rules, settings: Settings) -> Decision:
    """The bid of 13 does what the variant's rule fields say, for a lone 13 bid
    (after a result by points under ``thirteen_precedence=points_first``)."""
    if rules.max_bid < TRICKS_PER_HAND:
        return Decision("proved", note="13 is not a legal bid in this reading")
    scores, bids, tricks, target, given, watch = _hand(rules)
    highest = highest_of(scores)
    specials = bool(rules.is_special_bid(TRICKS_PER_HAND))
    goals = []
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        lone = all_(
            bids[seat] == TRICKS_PER_HAND,
            *(bids[s] < TRICKS_PER_HAND for s in range(4) if s != seat),
        )
        made = tricks[seat] == TRICKS_PER_HAND
        dealer = 0
        after, result, _ = rules.hand_result(scores, bids, tricks, dealer, target)
        by_points, _ = rules.points_result(after, target)
        value = rules.bid_value(TRICKS_PER_HAND, scores[seat], highest)
        change = after[seat] - scores[seat]
        if not specials:
            expected = all_(result == by_points, change == z3.If(made, value, -value))
        else:
            own_win = team + 1
            if rules.thirteen_win == "outright":
                when_made: Any = result == own_win
            else:
                when_made = z3.If(
                    rules.partner_ok(after[partner]), result == own_win, result == by_points
                )
            if rules.thirteen == "win_or_lose_game":
                when_failed: Any = result == (1 - team) + 1
            else:
                when_failed = result == by_points
            if rules.thirteen_precedence == "points_first":
                # A result by points comes first; the 13 decides only what the points leave open.
                open_ = by_points == int(Result.CONTINUE)
                when_made = z3.If(open_, when_made, result == by_points)
                when_failed = z3.If(open_, when_failed, result == by_points)
            when_made = all_(when_made, change == 0)
            failed_change = 0 if rules.thirteen == "win_or_lose_game" else -value
            expected = z3.If(made, when_made, all_(when_failed, change == failed_change))
        goals.append(implies(lone, expected))
    note = "13 decides the game" if specials else "13 is an ordinary bid worth points"
    return proof_decision(all_(*goals), watch, settings, given=given, note=note)


SOURCES_TRICK = (
    cite(
        "qahwa", "Playing the tricks", "highest heart wins, else the highest card of the suit led"
    ),
    cite("medallon", "Gameplay", "highest trump wins; without trumps the highest of the suit led"),
    cite("pagat", "Play", "highest trump, or the highest card of the suit led"),
    cite("arab3meyeh", "Game Play", "a heart wins unless a higher heart is played over it"),
)

INVARIANTS: tuple[Check, ...] = (
    Check(
        "trick-has-one-winner",
        "invariant",
        "conservation",
        "Every trick has exactly one winner: the highest heart, else the highest card of the suit led",
        SOURCES_TRICK,
        decide_trick_lemma,
    ),
    Check(
        "hand-has-thirteen-tricks",
        "invariant",
        "conservation",
        "A hand is 13 tricks; each player's tricks are 0..13 and add up to 13",
        (
            cite("medallon", "Gameplay", "each hand is 13 tricks, 52 cards"),
            cite("pagat", "Play", "all 13 tricks are played"),
        ),
        decide_thirteen_tricks,
    ),
    Check(
        "cards-dealt-and-played-once",
        "invariant",
        "conservation",
        "The deal gives each of the 52 cards once, 13 to each player; each player plays once per trick",
        (
            cite("qahwa", "The deal", "one 52-card deck, 13 cards each"),
            cite("pagat", "Deal", "13 cards to each player"),
        ),
        decide_cards_once,
    ),
    Check(
        "legal-bid-between-minimum-and-maximum",
        "invariant",
        "bidding",
        "Every legal bid lies between the own minimum (from the own score) and the maximum bid",
        (cite("qahwa", "Bidding", "bids from 2 to 13, own minimum rising with the own score"),),
        decide_legal_bid_range,
    ),
    Check(
        "own-minimum-never-falls",
        "invariant",
        "bidding",
        "A player's own minimum bid never falls as the player's score rises",
        (cite("qahwa", "Tips from the table", "your own minimum rises with your score"),),
        decide_own_minimum_monotone,
    ),
    Check(
        "played-iff-table-minimum-reached",
        "invariant",
        "bidding",
        "A hand is played if and only if the bids reach the table minimum (else it is thrown in)",
        (
            cite(
                "qahwa",
                "Bidding",
                "short of the table minimum, nobody scores and the cards are dealt again",
            ),
        ),
        decide_played_iff_reached,
    ),
    Check(
        "table-minimum-never-falls",
        "invariant",
        "bidding",
        "The table minimum never falls as any player's score rises",
        (cite("qahwa", "Tips from the table", "late in the game the minimums rise for everyone"),),
        decide_table_minimum_monotone,
    ),
    Check(
        "score-change-is-own",
        "invariant",
        "scoring",
        "A player's score change depends only on own bid, own tricks and the band-setting scores",
        (cite("qahwa", "Scoring", "your partner's tricks don't count for you"),),
        decide_score_is_own,
    ),
    Check(
        "more-tricks-never-lower-the-score",
        "invariant",
        "scoring",
        "Taking more tricks never lowers a player's score",
        (cite("pagat", "Scoring", "no extra score for extra tricks"),),
        decide_more_tricks_never_lower,
    ),
    Check(
        "made-gains-failed-loses",
        "invariant",
        "scoring",
        "A made bid gains points and a failed bid loses points (13 that decides the game aside)",
        (cite("medallon", "Contract Results", "making scores the table value; failing loses it"),),
        decide_made_gains_failed_loses,
    ),
    Check(
        "value-never-falls-as-bid-rises",
        "invariant",
        "scoring",
        "A higher bid is never worth less than a lower one, in every score band",
        (cite("arab3meyeh", "Game Play", "bidding more tricks gives more points"),),
        decide_value_weakly_increasing,
    ),
    Check(
        "one-result-per-hand",
        "invariant",
        "outcome",
        "A hand ends with exactly one result (continue, a team wins, a draw); the target never falls below the base",
        (cite("qahwa", "Winning", "one team wins, or another hand is played"),),
        decide_result_well_formed,
    ),
    Check(
        "no-points-win-while-partner-fails",
        "invariant",
        "outcome",
        "A team wins on points only if it reached the target and both partners meet the partner condition",
        (
            cite("qahwa", "Winning", "one partner on 41, the other above zero"),
            cite("pagat", "Scoring", "one partner reaches 41 while the other is positive"),
        ),
        decide_points_win_needs_partner,
    ),
    Check(
        "thirteen-as-the-variant-says",
        "invariant",
        "outcome",
        "A lone bid of 13 wins, loses or scores exactly as the variant's rule says",
        (
            cite("pagat", "Variations", "13 made wins the game, 13 failed loses it"),
            cite("medallon", "Bid Values Table", "13 wins the game or loses 52"),
            cite("arab3meyeh", "Scoring", "13 is worth 52 points"),
        ),
        decide_thirteen,
    ),
)
