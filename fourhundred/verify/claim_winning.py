"""Claims about the end of the game: winning conditions, 13, and what can happen.

Each is decided over one hand from any scores (legal bids, tricks adding up
to 13) with Z3, or, for "it is possible to ..." claims, by a witness game
found by the bounded game search and replayed through the reference engine.
The claims themselves are in :mod:`fourhundred.verify.claims`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.cards import TEAMS, TRICKS_PER_HAND
from fourhundred.spec.logic import all_, any_, implies
from fourhundred.spec.model import Result, Rules
from fourhundred.verify.games import plan_summary, search, witness_game
from fourhundred.verify.invariants import proof_decision
from fourhundred.verify.results import Decision, Settings
from fourhundred.verify.solver import absolute
from fourhundred.verify.symbols import (
    Watch,
    seat_ints,
    seat_list,
)

QAHWA, MEDALLON, ARAB = qahwa.QAHWA_400, medallon.MEDALLON_400, arab3meyeh.ARAB3MEYEH_400
PAGAT_41, PAGAT_400 = pagat.PAGAT_41, pagat.PAGAT_400


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


def winning_claim(
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


def thirteen_claim(made: bool, effect: str) -> Callable[[Rules, Settings], Decision]:
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


def can_pass_fifty(strictly: bool) -> Callable[[Rules, Settings], Decision]:
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
