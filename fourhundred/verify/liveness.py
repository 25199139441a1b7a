"""Liveness: from every reachable position some legal bids exist, and some
legal bids let the hand be played.

Each property is first tried over *every* integer score (an unbounded proof
that covers every reachable position too). Where that fails, the smallest
offending position is reported and a bounded search over whole games
(:func:`fourhundred.verify.games.search`) looks for a game that reaches such
a position; a found game is refuted with a replayable witness transcript, a
search that finds none within the bound is a bounded proof.

"Some legal bid vector lets the hand proceed" is an existential statement
about bids. It is decided without quantifiers: a condition on the scores is
shown equivalent to it by two proofs over free bids, a constructive witness
(the condition gives bids that are legal and played) and a necessity proof
(any legal bids that are played imply the condition).

Both fail under the literal readings of medallon and arab3meyeh (the
minimums rising without end; arab3meyeh's "must equal"): the register's
entries say so, and each check names them in ``breaks_under``, so those
refutations are reported as findings about the sources, not failures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from fourhundred.spec.logic import all_, implies, min_
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.sources import cite
from fourhundred.verify.games import (
    CLIMB_HANDS,
    Goal,
    Plan,
    climb,
    plan_summary,
    search,
    search_exactly,
    witness_game,
)
from fourhundred.verify.invariants import decision_of
from fourhundred.verify.results import Check, Decision, Settings, SourceReading
from fourhundred.verify.solver import absolute, prove
from fourhundred.verify.symbols import Watch, highest_of, seat_ints, seat_list


def _all_have_a_bid(rules: Rules, scores: Sequence[Any]) -> Any:
    return all_(*(rules.own_minimum_bid(s) <= rules.max_bid for s in scores))


def _stuck(rules: Rules, scores: Sequence[Any], target: Any) -> Any:
    return z3.Not(_all_have_a_bid(rules, scores))


def decide_legal_bid_exists(rules: Rules, settings: Settings) -> Decision:
    score = z3.Int("score")
    goal = rules.own_minimum_bid(score) <= rules.max_bid
    watch = Watch.of(score=score)
    answer = prove(goal, watch=watch.terms, minimise=[absolute(score)], rlimit=settings.rlimit)
    if answer.verdict != "refuted":
        return decision_of(answer, watch, settings, note="over every integer score (unbounded)")
    first = watch.decode(answer.values)["score"]
    example = {
        "smallest_score_without_a_legal_bid": first,
        "own_minimum_there": int(rules.own_minimum_bid(first)),
        "maximum_bid": rules.max_bid,
    }
    return _reachability_decision(rules, _stuck, example, "stuck", settings)


def proceed_condition(rules: Rules, scores: Sequence[Any]) -> Any:
    """When some legal bids let the hand be played (given every player has a legal bid)."""
    level = rules.table_minimum(scores)
    largest = rules.max_bid
    if rules.table_measure == "tricks":
        if rules.table_comparison == "at_least":
            return 4 * largest >= level
        least = z3.Sum([rules.own_minimum_bid(s) for s in scores])
        return all_(least <= level, level <= 4 * largest)
    if rules.table_comparison != "at_least":
        raise NotImplementedError("exact table minimum over bid values")
    if rules.is_special_bid(largest) is True:
        return z3.BoolVal(True)
    highest = highest_of(scores)
    return z3.Sum([rules.bid_value(largest, s, highest) for s in scores]) >= level


def _witness_bids(rules: Rules, scores: Sequence[Any]) -> list[Any]:
    """Bids that are legal and played whenever the proceed condition holds."""
    largest = rules.max_bid
    if rules.table_comparison == "at_least":
        return [largest] * 4
    level = rules.table_minimum(scores)
    minimums = [rules.own_minimum_bid(s) for s in scores]
    deficit: Any = level - z3.Sum(minimums)
    bids = []
    for minimum in minimums:
        extra = min_(largest - minimum, deficit)
        bids.append(minimum + extra)
        deficit = deficit - extra
    return bids


def decide_hand_can_proceed(rules: Rules, settings: Settings) -> Decision:
    scores, bids = seat_ints("score"), seat_ints("bid")
    have_bids = _all_have_a_bid(rules, scores)
    try:
        condition = proceed_condition(rules, scores)
    except NotImplementedError as error:
        return Decision("unknown", note=str(error))
    witness = _witness_bids(rules, scores)
    sufficient = prove(
        all_(rules.bids_are_legal(witness, scores), rules.hand_is_played(witness, scores)),
        given=[have_bids, condition],
        rlimit=settings.rlimit,
    )
    necessary = prove(
        condition,
        given=[rules.bids_are_legal(bids, scores), rules.hand_is_played(bids, scores)],
        rlimit=settings.rlimit,
    )
    if sufficient.verdict != "proved" or necessary.verdict != "proved":
        return Decision(
            "unknown",
            note=f"the proceed condition was not shown equivalent (witness {sufficient.verdict}, "
            f"necessity {necessary.verdict})",
        )
    watch = Watch.of(scores=scores)
    answer = prove(
        condition,
        given=[have_bids],
        watch=watch.terms,
        minimise=[absolute(s) for s in scores],
        rlimit=settings.rlimit,
    )
    if answer.verdict != "refuted":
        return decision_of(answer, watch, settings, note="over every integer score (unbounded)")
    example = {
        "smallest_scores_where_no_bids_are_played": seat_list(watch.decode(answer.values)["scores"])
    }

    def blocked(r: Rules, final: Sequence[Any], target: Any) -> Any:
        return all_(_all_have_a_bid(r, final), z3.Not(proceed_condition(r, final)))

    return _reachability_decision(rules, blocked, example, "thrown-in", settings)


#: Candidate score ceilings for an inductive invariant "every score is at most B".
CEILINGS = (50, 100, 150, 200, 250, 300, 400, 500, 1000)


def inductive_ceiling(rules: Rules, bad: Goal, settings: Settings) -> int | None:
    """The smallest candidate ceiling B such that "every score is at most B" is an
    inductive invariant of the game that excludes every ``bad`` position.

    Three proofs over unbounded integers: it holds at the start (scores 0);
    every played hand that lets the game go on (legal bids reaching the table
    minimum, tricks adding to 13, result "continue") keeps it, from any
    position satisfying it and any target in force; and no position
    satisfying it is bad. Then no reachable position is bad, in games of any
    length (thrown-in hands change no score).
    """
    scores, bids, tricks = seat_ints("score"), seat_ints("bid"), seat_ints("tricks")
    target = z3.Int("target_in_force")
    bad_here = bad(rules, scores, target)
    a_hand_is_played = [
        target >= rules.target,
        rules.bids_are_legal(bids, scores),
        rules.hand_is_played(bids, scores),
        rules.tricks_are_consistent(tricks),
    ]
    results = [rules.hand_result(scores, bids, tricks, dealer, target) for dealer in range(4)]
    for ceiling in CEILINGS:
        below = all_(*(s <= ceiling for s in scores))
        excluded = prove(z3.Not(bad_here), given=[below], rlimit=settings.rlimit)
        if excluded.verdict != "proved":
            continue
        kept = [
            implies(result == int(Result.CONTINUE), all_(*(a <= ceiling for a in after)))
            for after, result, _ in results
        ]
        given = [below, *a_hand_is_played]
        if prove(all_(*kept), given=given, rlimit=settings.rlimit).verdict == "proved":
            return ceiling
    return None


def _reachability_decision(
    rules: Rules, bad: Goal, example: dict[str, Any], ending: str, settings: Settings
) -> Decision:
    """Whether a game reaches a ``bad`` position: a witness game (``refuted``); else
    an inductive invariant that excludes them (``proved``), or the bound searched."""
    found = search(rules, bad, settings.hands_bound, settings.rlimit)
    if found.plan is not None:
        searched = f"searched up to {settings.hands_bound}"
        return _witnessed(rules, found.plan, example, ending, searched)
    ceiling = inductive_ceiling(rules, bad, settings)
    if ceiling is not None:
        return Decision(
            "proved",
            counterexample=example,
            note=(
                f"unbounded: the positions of the counterexample are unreachable, by the inductive "
                f"invariant 'every score is at most {ceiling}' (holds at the start, kept by every "
                "hand that continues the game, excludes them)"
            ),
        )
    plan = climb(rules, bad, CLIMB_HANDS, settings.rlimit)
    if plan is not None:
        searched = f"searched up to {found.bound}, then climbed one hand at a time"
        return _witnessed(rules, plan, example, ending, searched)
    for hands in settings.long_searches:
        long_plan = search_exactly(rules, bad, hands, settings.long_rlimit)
        if long_plan is not None:
            searched = f"searched up to {found.bound}, then exactly {hands}"
            return _witnessed(rules, long_plan, example, ending, searched)
    why = "Z3 budget exhausted" if found.exhausted_budget else "no such game"
    return Decision(
        "bounded-proved",
        counterexample=example,
        bound=f"games of up to {found.bound} played hands",
        note=(
            f"unreachable-position counterexample only; {why} within the bound, "
            f"and no climb of {CLIMB_HANDS} hands reaches one"
        ),
    )


def _witnessed(
    rules: Rules, plan: Plan, example: dict[str, Any], ending: str, searched: str
) -> Decision:
    counterexample = {
        **example,
        "reached_scores": seat_list(plan.scores),
        "game": plan_summary(plan),
    }
    try:
        transcript = witness_game(rules, plan, ending)
    except Exception as error:  # the reference disagrees with the plan: report, never hide
        return Decision(
            "refuted",
            counterexample=counterexample,
            bound=f"found in {len(plan.hands)} played hands ({searched})",
            note=f"witness game did not replay through the reference engine: {error}",
        )
    return Decision(
        "refuted",
        counterexample=counterexample,
        witness=transcript,
        bound=f"found in {len(plan.hands)} played hands ({searched})",
        note="witness game replayed through the reference engine",
    )


LIVENESS: tuple[Check, ...] = (
    Check(
        "some-legal-bid-always-exists",
        "invariant",
        "liveness",
        "From every reachable position each player has a legal bid",
        (
            cite("medallon", "Minimum Bids", "the minimum keeps rising by one per ten points"),
            cite("arab3meyeh", "Bidding", "3 at 30, 4 at 40 'and so on'"),
        ),
        decide_legal_bid_exists,
        breaks_under=(
            SourceReading("own-minimum-growth", "unbounded"),
            SourceReading("qahwa-own-minimum-stop", "unbounded"),
        ),
    ),
    Check(
        "some-bids-let-the-hand-proceed",
        "invariant",
        "liveness",
        "From every reachable position some legal bids reach the table minimum",
        (
            cite("medallon", "Minimum Combined Bids", "the combined minimum keeps rising"),
            cite("arab3meyeh", "Bidding", "the total must equal 13 at 40-49 'and so on'"),
        ),
        decide_hand_can_proceed,
        breaks_under=(
            SourceReading("table-minimum-growth", "unbounded"),
            SourceReading("qahwa-table-minimum-stop", "unbounded"),
            SourceReading("table-minimum-equal", "exactly"),
        ),
    ),
)
