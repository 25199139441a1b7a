"""The same games under two readings, compiled (:func:`compare_kernel`): both see the same
deals and, while their positions agree, the same choices (the counter-based streams of
:mod:`fourhundred.reference.batch_bits`), so the games that differ are the reading's effect
(the ambiguity figures, :mod:`fourhundred.reference.batch_impact`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import Int, _hand_key, _kernel
from fourhundred.reference.batch_codes import UNFINISHED
from fourhundred.reference.batch_kernels import Setting, _play_hand, new_work
from fourhundred.reference.batch_tables import (
    P_BASE_TARGET,
    KernelTables,
)


@_kernel
def compare_kernel(
    a: KernelTables,
    b: KernelTables,
    s: Setting,
    first_game: Int,
    games: Int,
    rows: npt.NDArray[np.int64],
) -> None:
    """The same games under two readings, hand by hand.

    While the two games stand in the same position (the same scores, dealer and
    target before a hand) their hands see the same deal and draw on the same
    random stream; a hand is *compared* there, and *differs* when it ends
    differently (thrown in or played, scores, Result, next target, next dealer
    or stuck). After the first difference the games go their own ways.
    ``rows[k]``: hands compared, hand (1-based) of the first difference or 0,
    outcome under ``a``, outcome under ``b``, hands under ``a``, hands under ``b``.
    """
    scores_a = np.zeros(4, dtype=np.int64)
    scores_b = np.zeros(4, dtype=np.int64)
    scratches = new_work()
    no_log = scratches.no_log
    for k in range(games):
        game = first_game + k
        for seat in range(4):
            scores_a[seat] = scores_b[seat] = 0
        target_a = a.parameters[P_BASE_TARGET]
        target_b = b.parameters[P_BASE_TARGET]
        dealer_a = dealer_b = np.int64(0)
        over_a = over_b = False
        outcome_a = outcome_b = UNFINISHED
        hands_a = hands_b = np.int64(0)
        aligned = target_a == target_b
        compared = np.int64(0)
        first_difference: Int = np.int64(0)
        for hand in range(s.max_hands):
            hand_key = _hand_key(s.key, game, hand)
            did_a = did_b = result_a = result_b = np.int64(0)
            if not over_a:
                did_a, result_a, dealer_a, target_a, over_a, outcome_a = _play_hand(
                    a, s, scores_a, dealer_a, target_a, hand_key, scratches, no_log
                )
                hands_a += 1
            if not over_b:
                did_b, result_b, dealer_b, target_b, over_b, outcome_b = _play_hand(
                    b, s, scores_b, dealer_b, target_b, hand_key, scratches, no_log
                )
                hands_b += 1
            if aligned:
                compared += 1
                same = (
                    did_a == did_b
                    and result_a == result_b
                    and target_a == target_b
                    and dealer_a == dealer_b
                    and scores_a[0] == scores_b[0]
                    and scores_a[1] == scores_b[1]
                    and scores_a[2] == scores_b[2]
                    and scores_a[3] == scores_b[3]
                )
                if not same:
                    aligned = False
                    first_difference = hand + 1
            if over_a and over_b:
                break
        row = rows[k]
        row[0] = compared
        row[1] = first_difference
        row[2] = outcome_a
        row[3] = outcome_b
        row[4] = hands_a
        row[5] = hands_b
