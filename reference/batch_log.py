"""A hand's log row of the batched simulation, both ways: :func:`_log_hand_end` writes a
hand's end into it in the kernels (:func:`~fourhundred.reference.batch_kernels._play_game`),
:func:`transcript_hand` reads a whole row back as a transcript hand (the layout:
:data:`~fourhundred.reference.batch_codes.LOG_WIDTH`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fourhundred.reference.actions import Bid, Deal, Play, ThrowIn, canonical_deal
from fourhundred.reference.batch_bits import Int, _inline
from fourhundred.reference.batch_codes import (
    LOG_ACTIONS,
    LOG_DEALER,
    LOG_DID,
    LOG_RESULT,
    LOG_SCORES,
    LOG_TARGET,
    PLAY_CODE,
    PLAYED,
    STUCK,
    THROW_IN_CODE,
    THROWN_IN,
)
from fourhundred.reference.batch_tables import card_texts
from fourhundred.reference.transcript import OUTCOMES, TranscriptHand
from fourhundred.reference.transcript import STUCK as STUCK_TEXT
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import Result


@_inline
def _log_hand_end(
    line: npt.NDArray[np.int32],
    scores: npt.NDArray[np.int64],
    did: Int,
    result: Int,
    target: Int,
    dealer: Int,
) -> None:
    """Write a hand's end into its log row: the scores after it, what it did, its Result
    code, the target in force after it and its dealer."""
    for seat in range(4):
        line[LOG_SCORES + seat] = scores[seat]
    line[LOG_DID] = did
    line[LOG_RESULT] = result
    line[LOG_TARGET] = target
    line[LOG_DEALER] = dealer


def transcript_hand(number: int, line: npt.NDArray[np.int32], turns: bool) -> TranscriptHand:
    """One logged hand as a transcript hand; ``turns``: under ``trump=turned``, where the
    dealer turns their last card (``deck[13 * dealer + 12]``, as the kernel reads it)."""
    dealer = int(line[LOG_DEALER])
    turned = FULL_DECK[int(line[13 * dealer + 12])] if turns else None
    hands = tuple(card_texts(line[13 * seat : 13 * seat + 13]) for seat in range(4))
    deal = Deal((hands[0], hands[1], hands[2], hands[3]), turned)
    actions = [str(canonical_deal(deal))]
    for code in line[LOG_ACTIONS:LOG_SCORES]:
        if code < 0:
            break
        if code == THROW_IN_CODE:
            actions.append(str(ThrowIn()))
        elif code >= PLAY_CODE:
            actions.append(str(Play(FULL_DECK[int(code) - PLAY_CODE])))
        else:
            actions.append(str(Bid(int(code))))
    did = int(line[LOG_DID])
    scores = line[LOG_SCORES : LOG_SCORES + 4]
    if did == STUCK:
        result = STUCK_TEXT
    elif did == THROWN_IN:
        result = "thrown-in"
    else:
        result = OUTCOMES[Result(int(line[LOG_RESULT]))]
    return TranscriptHand(
        number=number,
        dealer=dealer,
        actions=tuple(actions),
        scores=(int(scores[0]), int(scores[1]), int(scores[2]), int(scores[3])),
        played=did == PLAYED,
        result=result,
        target=int(line[LOG_TARGET]),
    )
