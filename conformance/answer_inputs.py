"""The inputs the kinds' questions may give the specification's answered methods, as
Z3 terms with the facts they satisfy (a played hand: legal bids that are played, tricks
of 0-13 adding to 13, a target in force, every seat able to bid), each with the
below-zero gate or without it: what :mod:`~fourhundred.conformance.points_proofs`
proves on and :mod:`~fourhundred.conformance.points_seat_team` searches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import z3

from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.verify.fast_paths import GOALS, LEMMAS

#: Inputs of one method: (arguments as Z3 terms, facts they satisfy).
Inputs = Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]


def _far(*scores: Any) -> Any:
    from fourhundred.conformance.points_interactions import FAR_BELOW_ZERO

    return z3.Or(*(score <= FAR_BELOW_ZERO for score in scores))


def _score(name: str) -> Any:
    return z3.Int(name)


def _seats(name: str) -> tuple[Any, ...]:
    return tuple(z3.Int(f"{name}{seat}") for seat in range(4))


def _legal(rules: Rules, bids: Sequence[Any], scores: Sequence[Any]) -> tuple[Any, ...]:
    """Each bid legal for its bidder's score (what every kind's hand and a game's bids are)."""
    return tuple(rules.bid_is_legal(b, s) for b, s in zip(bids, scores, strict=True))


def _played(rules: Rules, bids: Sequence[Any], scores: Sequence[Any], tricks: Sequence[Any]) -> Any:
    """A played hand: legal bids that are played, tricks of 0-13 adding to 13."""
    return z3.And(
        *_legal(rules, bids, scores),
        rules.hand_is_played(bids, scores),
        *(z3.And(t >= 0, t <= 13) for t in tricks),
        z3.Sum(*tricks) == 13,
    )


def _in_force(rules: Rules, target: Any) -> Any:
    """A target a game under ``rules`` can be played to (:func:`~.inputs.is_target_in_force`)."""
    if rules.both_qualify == "raise_target":
        return z3.And(target >= rules.target, (target - rules.target) % BAND_WIDTH == 0)
    return target == rules.target


def own_minimum_inputs(rules: Rules, gate: bool) -> Inputs:
    own = _score("own")
    yield (own,), (_far(own),) if gate else ()


def legal_inputs(rules: Rules, gate: bool) -> Inputs:
    bid, own = _score("bid"), _score("own")
    facts = (bid >= 1, bid <= 13)
    yield (bid, own), (*facts, _far(own)) if gate else facts


def table_inputs(rules: Rules, gate: bool) -> Inputs:
    scores = _seats("s")
    yield (scores,), (_far(*scores),) if gate else ()


def played_inputs(rules: Rules, gate: bool) -> Inputs:
    for (bids, scores), facts in GOALS["hand_is_played"].inputs():
        legal = (*facts, *_legal(rules, bids, scores))
        yield (bids, scores), (*legal, _far(*scores)) if gate else legal


def value_inputs(rules: Rules, gate: bool) -> Inputs:
    bid, own, highest = _score("bid"), _score("own"), _score("highest")
    facts = (bid >= rules.min_bid, bid <= rules.max_bid, highest >= own)
    yield (bid, own, highest), (*facts, _far(own, highest)) if gate else facts


def after_inputs(rules: Rules, gate: bool) -> Inputs:
    for (scores, bids, tricks), facts in LEMMAS["scores_after"].inputs():
        hand = (*facts, _played(rules, bids, scores, tricks))
        yield (scores, bids, tricks), (*hand, _far(*scores)) if gate else hand


def result_inputs(rules: Rules, gate: bool) -> Inputs:
    for args, facts in GOALS["hand_result"].inputs():
        before, bids, tricks, target = args[0], args[1], args[2], args[4]
        hand = (
            *facts,
            _played(rules, bids, before, tricks),
            _in_force(rules, target),
            *(rules.own_minimum_bid(s) <= rules.max_bid for s in before),
        )
        after = rules.scores_after(before, bids, tricks)
        yield args, (*hand, _far(*before, *after)) if gate else hand


#: Each answered method's inputs (given whether the below-zero gate holds).
BY_METHOD: Mapping[str, Callable[[Rules, bool], Inputs]] = {
    "own_minimum_bid": own_minimum_inputs,
    "bid_is_legal": legal_inputs,
    "table_minimum": table_inputs,
    "hand_is_played": played_inputs,
    "bid_value": value_inputs,
    "scores_after": after_inputs,
    "hand_result": result_inputs,
}


def valid_inputs(rules: Rules, name: str) -> Inputs:
    """The inputs (Z3 terms and the facts they satisfy) the kinds' questions may give
    the specification's method ``name`` under ``rules`` (no gate)."""
    return BY_METHOD[name](rules, False)
