"""Claims about bid values and hand scoring: how each is decided.

The sources' statements about their value tables ("the bigger the bid, the
more it pays", "9 = 27 is the biggest jump", "10 or more = 40" ...) and their
worked scoring examples, each proved over every score band with Z3 or
refuted with the smallest counterexample. The claims themselves (text,
citations, which variants they concern) are in :mod:`fourhundred.verify.claims`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import z3

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.logic import all_
from fourhundred.spec.model import BAND_START, Rules
from fourhundred.verify.invariants import proof_decision
from fourhundred.verify.results import Decision, Settings
from fourhundred.verify.solver import absolute
from fourhundred.verify.symbols import (
    Watch,
    in_bid_range,
    ints,
    not_special,
    trick_count,
)

QAHWA, MEDALLON, ARAB = qahwa.QAHWA_400, medallon.MEDALLON_400, arab3meyeh.ARAB3MEYEH_400
PAGAT_41, PAGAT_400 = pagat.PAGAT_41, pagat.PAGAT_400


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


def table_claim(
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


def one_per_trick(rules: Rules, bid: Any, own: Any) -> Any:
    return bid


def ten_or_more_forty(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid == 9, 27, z3.If(bid >= 10, 40, _value(rules, bid, own, own)))


def syrian_double_from_five(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid >= 5, 2 * bid, bid)


def pagat_scale(rules: Rules, bid: Any, own: Any) -> Any:
    return z3.If(bid >= 7, 2 * bid, bid)


def reduced_from_thirty(rules: Rules, bid: Any, own: Any) -> Any:
    """From an own score of 30, 5 counts 5 and 6 counts 6; the rest as below 30."""
    below = _value(rules, bid, -1000, -1000)
    return z3.If(own >= BAND_START, z3.If(bid == 5, 5, z3.If(bid == 6, 6, below)), below)


# ----------------------------------------------------------------------
# Scoring examples
# ----------------------------------------------------------------------


def example_claim(
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
