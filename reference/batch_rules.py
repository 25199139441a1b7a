"""The rules of a hand's end on the kernel tables, compiled: the score bands, the table
minimum and the throw-in rule, who qualifies, the 13 and the points result, each the rule of
:class:`~fourhundred.reference.fast.FastRules` read from :mod:`fourhundred.reference.batch_tables`
(the switches between readings written once here; held to the reference engine by replay,
``tests/test_reference_batch.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import Bool, Int, _inline
from fourhundred.reference.batch_tables import (
    P_BANDS,
    P_BASE_TARGET,
    P_FIRST_SEAT,
    P_PARTNER_MINIMUM,
    P_POINTS_FIRST,
    P_RAISE_TARGET,
    P_RAISE_WHEN_REACHED,
    P_REDUCED_SCOPE_OWN,
    P_SPECIAL_BID,
    P_SPECIAL_PLAYS_HAND,
    P_STANDING_BY_PLAYER,
    P_TABLE_EXACTLY,
    P_TABLE_MEASURE_VALUES,
    P_TABLE_MIN_BY_HIGHEST,
    P_TEAM_TOTAL,
    P_THIRTEEN_CONFLICT_DRAW,
    P_THIRTEEN_FAIL_LOSES_GAME,
    P_THIRTEEN_NEEDS_PARTNER,
    P_TOTAL_TIE_DRAW,
    KernelTables,
)
from fourhundred.spec.model import BAND_START, BAND_WIDTH

# ----------------------------------------------------------------------
# Rules on the tables
# ----------------------------------------------------------------------


@_inline
def _band(p: npt.NDArray[np.int64], score: Int) -> Int:
    """The score band (:meth:`Rules.score_band`), capped at the last band tabulated.

    :data:`~fourhundred.spec.model.BAND_START` and ``BAND_WIDTH`` are compiled in as
    constants: the division by the width becomes a multiplication."""
    if score < BAND_START:
        return np.int64(0)
    band = 1 + (score - BAND_START) // BAND_WIDTH
    last = p[P_BANDS] - 1
    return band if band < last else last


@_inline
def _highest_score(scores: npt.NDArray[np.int64]) -> Int:
    """The highest of the four scores (``scores.max()`` calls a function that needs reference
    counting)."""
    return max(max(scores[0], scores[1]), max(scores[2], scores[3]))


@_inline
def _lowest_score(scores: npt.NDArray[np.int64]) -> Int:
    """The lowest of the four scores."""
    return min(min(scores[0], scores[1]), min(scores[2], scores[3]))


@_inline
def _table_minimum(t: KernelTables, scores: npt.NDArray[np.int64]) -> Int:
    p = t.parameters
    score = _highest_score(scores) if p[P_TABLE_MIN_BY_HIGHEST] else _lowest_score(scores)
    return t.table_minimum[_band(p, score)]


@_inline
def _band_score(p: npt.NDArray[np.int64], own: Int, highest: Int) -> Int:
    return _band(p, own if p[P_REDUCED_SCOPE_OWN] else highest)


@_inline
def _hand_is_played(
    t: KernelTables, bids: npt.NDArray[np.int64], scores: npt.NDArray[np.int64]
) -> Bool:
    """:meth:`FastRules.hand_is_played`."""
    p = t.parameters
    total = np.int64(0)
    if p[P_TABLE_MEASURE_VALUES]:
        highest = _highest_score(scores)
        for seat in range(4):
            total += t.value[bids[seat], _band_score(p, scores[seat], highest)]
    else:
        total = bids[0] + bids[1] + bids[2] + bids[3]
    level = _table_minimum(t, scores)
    if (total == level) if p[P_TABLE_EXACTLY] else (total >= level):
        return True
    if p[P_SPECIAL_PLAYS_HAND]:
        special = p[P_SPECIAL_BID]
        for seat in range(4):
            if bids[seat] == special:
                return True
    return False


@_inline
def _qualifies(
    p: npt.NDArray[np.int64], team: Int, scores: npt.NDArray[np.int64], target: Int
) -> Bool:
    a, b = scores[team], scores[team + 2]
    floor = p[P_PARTNER_MINIMUM]
    if p[P_TEAM_TOTAL]:
        return a + b >= target and a >= floor and b >= floor
    return (a >= target and b >= floor) or (b >= target and a >= floor)


@_inline
def _reached(
    p: npt.NDArray[np.int64], team: Int, scores: npt.NDArray[np.int64], target: Int
) -> Bool:
    a, b = scores[team], scores[team + 2]
    if p[P_TEAM_TOTAL]:
        return a + b >= target
    return a >= target or b >= target


@_inline
def _special_effect(
    p: npt.NDArray[np.int64],
    bids: npt.NDArray[np.int64],
    tricks: npt.NDArray[np.int64],
    seat: Int,
) -> Int:
    """What ``seat``'s bid does as a bid of 13: 0 nothing, 1 made, 2 failed and loses the game."""
    if bids[seat] != p[P_SPECIAL_BID]:
        return np.int64(0)
    if tricks[seat] >= bids[seat]:
        return np.int64(1)
    return np.int64(2 if p[P_THIRTEEN_FAIL_LOSES_GAME] else 0)


@_inline
def _special_result(
    t: KernelTables,
    bids: npt.NDArray[np.int64],
    tricks: npt.NDArray[np.int64],
    after: npt.NDArray[np.int64],
    dealer: Int,
) -> Int:
    """:meth:`FastRules._special_result`: what a bid of 13 decides (0: nothing)."""
    p = t.parameters
    special = p[P_SPECIAL_BID]
    if bids[0] != special and bids[1] != special and bids[2] != special and bids[3] != special:
        return np.int64(0)
    claim_0 = claim_1 = False
    for seat in range(4):
        team = seat % 2
        partner_ok = after[(seat + 2) % 4] >= p[P_PARTNER_MINIMUM]
        effect = _special_effect(p, bids, tricks, seat)
        if effect == 1 and (not p[P_THIRTEEN_NEEDS_PARTNER] or partner_ok):
            if team == 0:
                claim_0 = True
            else:
                claim_1 = True
        elif effect == 2:
            if team == 0:
                claim_1 = True
            else:
                claim_0 = True
    if claim_0 and claim_1:
        if p[P_THIRTEEN_CONFLICT_DRAW]:
            return np.int64(3)
        for k in range(4):
            seat = t.bidding_order[dealer, k]
            effect = _special_effect(p, bids, tricks, seat)
            if effect == 1:
                return np.int64(1 if seat % 2 == 0 else 2)
            if effect == 2:
                return np.int64(2 if seat % 2 == 0 else 1)
        return np.int64(0)
    if claim_0:
        return np.int64(1)
    if claim_1:
        return np.int64(2)
    return np.int64(0)


@_inline
def _first_qualifying_team(
    p: npt.NDArray[np.int64], scores: npt.NDArray[np.int64], target: Int
) -> Int:
    """:meth:`FastRules._first_qualifying_team` (house rule ``both_qualify=first_seat``)."""
    for seat in range(4):
        if p[P_TEAM_TOTAL]:
            qualifies = _qualifies(p, seat % 2, scores, target)
        else:
            qualifies = scores[seat] >= target and scores[(seat + 2) % 4] >= p[P_PARTNER_MINIMUM]
        if qualifies:
            return np.int64(1 if seat % 2 == 0 else 2)
    return np.int64(0)


@_inline
def _points_result(
    p: npt.NDArray[np.int64], scores: npt.NDArray[np.int64], target: Int
) -> tuple[Int, Int]:
    """:meth:`FastRules.points_result`: (result, next target)."""
    q0 = _qualifies(p, 0, scores, target)
    q1 = _qualifies(p, 1, scores, target)
    if not p[P_RAISE_TARGET]:
        if q0 and q1:
            if p[P_FIRST_SEAT]:
                return _first_qualifying_team(p, scores, target), target
            if p[P_STANDING_BY_PLAYER]:
                t0, t1 = max(scores[0], scores[2]), max(scores[1], scores[3])
            else:
                t0, t1 = scores[0] + scores[2], scores[1] + scores[3]
            if t0 > t1:
                return np.int64(1), target
            if t1 > t0:
                return np.int64(2), target
            return np.int64(3 if p[P_TOTAL_TIE_DRAW] else 0), target
        if q0:
            return np.int64(1), target
        if q1:
            return np.int64(2), target
        return np.int64(0), target
    base = p[P_BASE_TARGET]
    reached = _reached(p, 0, scores, target) and _reached(p, 1, scores, target)
    both = reached if p[P_RAISE_WHEN_REACHED] else q0 and q1
    if both:
        return np.int64(0), target + BAND_WIDTH
    b0 = _qualifies(p, 0, scores, base)
    b1 = _qualifies(p, 1, scores, base)
    next_target = base if target > base and not b0 and not b1 else target
    if q0 and not q1:
        return np.int64(1), next_target
    if q1 and not q0:
        return np.int64(2), next_target
    if target > base:
        if b0 and not b1:
            return np.int64(1), next_target
        if b1 and not b0:
            return np.int64(2), next_target
    return np.int64(0), next_target


@_inline
def _hand_settled(
    t: KernelTables,
    bids: npt.NDArray[np.int64],
    tricks: npt.NDArray[np.int64],
    scores: npt.NDArray[np.int64],
    dealer: Int,
    target: Int,
) -> tuple[Int, Int]:
    """:meth:`FastRules.hand_result` of a played hand: ``scores`` (before the hand) are
    changed in place by :meth:`FastRules.score_change`; returns (the Result code, the
    next target). The bid of 13 decides before the points, or after them under
    ``thirteen_precedence=points_first``."""
    p = t.parameters
    highest = _highest_score(scores)
    for seat in range(4):
        made = 1 if tricks[seat] >= bids[seat] else 0
        scores[seat] += t.change[made, bids[seat], _band_score(p, scores[seat], highest)]
    special = _special_result(t, bids, tricks, scores, dealer)
    if special != 0 and not p[P_POINTS_FIRST]:
        return special, target
    result, next_target = _points_result(p, scores, target)
    if result == 0 and special != 0:
        return special, target
    return result, next_target
