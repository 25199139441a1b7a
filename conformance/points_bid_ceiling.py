"""The largest bid beside a score far below zero: the rule points of the bid ceiling
for a seat whose score is far below zero.

Every variant caps a bid at one number of tricks whatever the bidder's score (the
rule set's ``max_bid``, cited per rule set by :func:`~fourhundred.conformance.points_base.cite`);
only the *own minimum* moves with the score.
An engine that ties the two together (a ceiling read from the score's band, or a
"desperate" 13 let through below zero) gets the largest bid wrong only far below
zero, where no new game's first hands go.

The crossed points of :mod:`~fourhundred.conformance.points_interactions`
(``below-zero/…/max_bid=…``) model that with the fast rules' ``bid_is_legal``, which the
engine never asks of a bid: it rejects one over the largest with its own check,
``bid_above_maximum`` (:data:`fourhundred.reference.engine.CHECKS`). So this family
changes that check instead, both ways, under every rule set: the largest bid refused
(:func:`_ceiling_lowered`) or one over it accepted (:func:`_ceiling_raised`) for a seat
on :data:`~fourhundred.conformance.points_interactions.FAR_BELOW_ZERO` or below.
Its questions (:func:`_questions`) are whole games from a position with the first
bidder alone on a far score (the others on 0), where it bids the largest bid and one
over it: a new game reaches that by play under every rule set (every seat far below
zero it does not, where the table's bids must total the table minimum exactly), so an
engine without positions gets the points too (:mod:`~fourhundred.conformance.twins`).
The first question bids one over the largest, then the largest (a rejected bid leaves
the turn with the bidder), so one game and its twin kill both points of a rule set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fourhundred.conformance import coverage
from fourhundred.conformance.mutants import Mutant, check_of, judging
from fourhundred.conformance.points_base import Point, cite
from fourhundred.conformance.points_interactions import FAR_BELOW_ZERO, FAR_SCORES
from fourhundred.reference.actions import Action, Bid
from fourhundred.reference.engine import GameState
from fourhundred.spec.model import Rules

#: The engine's check this family changes, and its code.
_CODE = "bid_above_maximum"
_ABOVE_MAXIMUM = check_of(_CODE)


def _far_below_zero(state: GameState, actor: int) -> bool:
    return state.scores[actor] <= FAR_BELOW_ZERO


def _bid_of(action: Action) -> int | None:
    value = action.value if isinstance(action, Bid) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ceiling_lowered(state: GameState, action: Action, actor: int) -> str | None:
    """``bid_above_maximum``, with the largest bid refused to a seat far below zero."""
    if _far_below_zero(state, actor) and _bid_of(action) == state.rules.max_bid:
        return f"the largest bid, {state.rules.max_bid}, refused far below zero"
    return _ABOVE_MAXIMUM.rule(state, action, actor)


def _ceiling_raised(state: GameState, action: Action, actor: int) -> str | None:
    """``bid_above_maximum``, with one over the largest bid let through far below zero."""
    if _far_below_zero(state, actor) and _bid_of(action) == state.rules.max_bid + 1:
        return None
    return _ABOVE_MAXIMUM.rule(state, action, actor)


#: name -> (the changed check, what the wrong reading does)
WRONG: dict[str, tuple[Any, str]] = {
    "lowered": (_ceiling_lowered, "a seat far below zero may not bid the largest bid"),
    "raised": (_ceiling_raised, "a seat far below zero may bid one over the largest bid"),
}


def _questions(rules: Rules) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Whole games from a position with the first bidder alone on a far score (the
    others on 0): it bids one over the largest bid, then the largest."""
    from fourhundred.conformance.position_games import first_bid_game

    largest = rules.max_bid
    for score in FAR_SCORES:
        what = (
            f"the first bidder alone on {score} bids {largest + 1}, then {largest} "
            f"(the largest bid)"
        )
        yield "whole_game", first_bid_game(rules, score, largest + 1, largest, others=0), what


def points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    """The two points of the bid ceiling far below zero under one rule set."""
    rules, variant = rule_set.rules, rule_set.variant
    for name, (rule, wrong) in WRONG.items():
        point_id = f"bid-ceiling/{name}/{variant}"
        yield Point(
            point_id,
            (variant,),
            cite(rules, "max_bid"),
            f"the largest bid is {rules.max_bid} whatever the bidder's score",
            Mutant(point_id, f"{variant}: {wrong}", checks=judging(_CODE, rule), only=(rules,)),
            _questions,
        )
