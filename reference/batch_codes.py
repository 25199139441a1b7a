"""The codes the batched simulation's kernels share with the Python side: the players, what a
hand did, how a game ended, the action codes and columns of a hand's log, and the columns of
a game's row (:mod:`fourhundred.reference.batch_kernels` writes them,
:mod:`fourhundred.reference.batch` and :mod:`fourhundred.reference.batch_stats` read them).
"""

from __future__ import annotations

# ----------------------------------------------------------------------
# Codes shared with the Python side
# ----------------------------------------------------------------------

RANDOM, HEURISTIC = 0, 1
PLAYER_KINDS = {"random": RANDOM, "heuristic": HEURISTIC}
#: What a hand did (:func:`~fourhundred.reference.batch_kernels._play_hand`).
THROWN_IN, PLAYED, STUCK = 0, 1, 2
#: How a game ended: the :class:`~fourhundred.spec.model.Result` codes 1-3, and these.
UNFINISHED, GAME_STUCK = 0, 4
#: Action codes in a hand's log: a bid is its value, the throw-in this, a card 100 + its index.
THROW_IN_CODE, PLAY_CODE = 99, 100
#: A hand's log row: the deal (13 cards by seat N, W, S, E), up to 56 actions (-1 after),
#: then the scores after the hand, what it did, its Result code, the next target, its dealer.
LOG_ACTIONS = 52
LOG_SCORES = LOG_ACTIONS + 4 + 52
LOG_DID, LOG_RESULT, LOG_TARGET, LOG_DEALER = (
    LOG_SCORES + 4,
    LOG_SCORES + 5,
    LOG_SCORES + 6,
    LOG_SCORES + 7,
)
LOG_WIDTH = LOG_SCORES + 8
#: Hands after which the score trajectory is kept (mean leading team total).
TRAJECTORY_HANDS = 100
#: Per-game statistics columns (:func:`~fourhundred.reference.batch_kernels._play_game`).
(
    G_OUTCOME,
    G_HANDS,
    G_THROWN_IN,
    G_BOTH_QUALIFY,
    G_THIRTEEN_BID,
    G_THIRTEEN_MADE,
    G_SCORE_0,
    G_SCORE_1,
    G_SCORE_2,
    G_SCORE_3,
    G_TARGET,
) = range(11)
GAME_COLUMNS = 11
