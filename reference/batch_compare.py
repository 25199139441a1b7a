"""The same games under two readings, compiled (:func:`compare_kernel`): both see the same
deals and, while their positions agree, the same choices (the counter-based streams of
:mod:`fourhundred.reference.batch_bits`), so the games that differ are the reading's effect
(the ambiguity figures, :mod:`fourhundred.reference.batch_impact`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import Float, Int, UInt, _hand_key, _inline, _kernel
from fourhundred.reference.batch_codes import GAME_STUCK, PLAYED, STUCK, UNFINISHED
from fourhundred.reference.batch_kernels import Work, _play_hand, new_work
from fourhundred.reference.batch_tables import (
    P_BASE_TARGET,
    KernelTables,
)


@_inline
def _game_hand(
    t: KernelTables,
    scores: npt.NDArray[np.int64],
    dealer: Int,
    target: Int,
    hand_key: UInt,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    work: Work,
) -> tuple[Int, Int, Int, Int, bool, Int]:
    """One hand of a game under ``t`` (``scores`` updated in place): what became
    of it (:func:`_play_hand`), its Result, then the dealer and the target in
    force after it, whether the game is over, and its outcome if so."""
    did, result, next_target = _play_hand(
        t,
        scores,
        dealer,
        target,
        hand_key,
        kinds,
        boldness,
        work,
        work.no_log,
    )
    if did == STUCK:
        return did, result, dealer, target, True, np.int64(GAME_STUCK)
    if did == PLAYED:
        target = next_target
    dealer = t.next_dealer[dealer]
    if result != 0:
        return did, result, dealer, target, True, result
    return did, result, dealer, target, False, np.int64(UNFINISHED)


@_kernel
def compare_kernel(
    a: KernelTables,
    b: KernelTables,
    key: UInt,
    first_game: Int,
    games: Int,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    max_hands: Int,
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
        for hand in range(max_hands):
            hand_key = _hand_key(key, game, hand)
            did_a = did_b = result_a = result_b = np.int64(0)
            if not over_a:
                did_a, result_a, dealer_a, target_a, over_a, outcome_a = _game_hand(
                    a, scores_a, dealer_a, target_a, hand_key, kinds, boldness, scratches
                )
                hands_a += 1
            if not over_b:
                did_b, result_b, dealer_b, target_b, over_b, outcome_b = _game_hand(
                    b, scores_b, dealer_b, target_b, hand_key, kinds, boldness, scratches
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
