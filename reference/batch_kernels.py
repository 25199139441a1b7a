"""A hand and a game of the batched simulation, compiled: a uniformly random deal, one hand
(:func:`_play_hand`: four bids or the dealer's throw-in, 13 tricks, the scoring), one game
from 0-0-0-0, and the kernels that run batches of games (:func:`games_kernel`), of hands
(:func:`hands_kernel`) and log one game (:func:`record_kernel`). The design and the figures
are in :mod:`fourhundred.reference.batch`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import (
    _ZERO,
    Float,
    Int,
    UInt,
    _below,
    _bit,
    _hand_key,
    _index,
    _inline,
    _kernel,
    _nth,
    _popcount,
    _unreferenced,
)
from fourhundred.reference.batch_codes import (
    G_BOTH_QUALIFY,
    G_HANDS,
    G_OUTCOME,
    G_SCORE_0,
    G_TARGET,
    G_THIRTEEN_BID,
    G_THIRTEEN_MADE,
    G_THROWN_IN,
    GAME_STUCK,
    LOG_ACTIONS,
    LOG_WIDTH,
    PLAY_CODE,
    PLAYED,
    RANDOM,
    STUCK,
    THROW_IN_CODE,
    THROWN_IN,
    UNFINISHED,
)
from fourhundred.reference.batch_log import _log_hand_end
from fourhundred.reference.batch_players import _heuristic_bid, _heuristic_play
from fourhundred.reference.batch_rules import (
    _band,
    _hand_is_played,
    _hand_settled,
    _qualifies,
)
from fourhundred.reference.batch_tables import (
    P_BASE_TARGET,
    P_DEALER_MAY_THROW_IN,
    P_MAX_BID,
    P_TRUMP,
    KernelTables,
)

_DEAL_STREAM = np.uint64(0xD1B54A32D192ED03)
#: Where the trick starts in a hand's ``scratch`` array (the deck comes first).
_TRICK = 52
_PLAYER_STREAM = np.uint64(0x8CB92BA72F3D8DD7)

# ----------------------------------------------------------------------
# A hand and a game
# ----------------------------------------------------------------------


class Work(NamedTuple):
    """The arrays :func:`_play_hand` works in: the bids (-1 for none) and tricks by seat it
    leaves, its scratch (the deck, then the trick from :data:`_TRICK`), the four hands as
    masks, and the empty log of a hand not logged. One set serves every hand of a kernel
    (:func:`new_work`)."""

    bids: npt.NDArray[np.int64]
    tricks: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]
    masks: npt.NDArray[np.uint64]
    no_log: npt.NDArray[np.int32]


class Setting(NamedTuple):
    """What every game of a batch shares beside the tables: the key of its random streams
    (:func:`~fourhundred.reference.batch_bits._hand_key`), the players' kinds by seat, the
    heuristic player's boldness, and the hands after which a game stops unfinished."""

    key: UInt
    kinds: npt.NDArray[np.int64]
    boldness: Float
    max_hands: Int


@_inline
def new_work() -> Work:
    """A fresh :class:`Work` (64 scratch entries: the deck's 52, then a trick)."""
    return Work(
        np.empty(4, dtype=np.int64),
        np.empty(4, dtype=np.int64),
        np.empty(64, dtype=np.int64),
        np.empty(4, dtype=np.uint64),
        np.empty(0, dtype=np.int32),
    )


@_inline
def _deal(stream: UInt, deck: npt.NDArray[np.int64], masks: npt.NDArray[np.uint64]) -> None:
    """A uniformly random deal (Fisher-Yates) into ``deck[0:52]``; seat s gets
    ``deck[13 s : 13 s + 13]``, as a mask in ``masks[s]``."""
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        stream, j = _below(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for seat in range(4):
        mask = _ZERO
        for k in range(13 * seat, 13 * seat + 13):
            mask |= _bit(deck[k])
        masks[seat] = mask


@_unreferenced
def _play_hand(
    t: KernelTables,
    s: Setting,
    scores: npt.NDArray[np.int64],
    dealer: Int,
    target: Int,
    key: UInt,
    work: Work,
    log: npt.NDArray[np.int32],
) -> tuple[Int, Int, Int, Int, bool, Int]:
    """One hand of a game from ``scores`` (updated in place when it is played).

    Returns what the hand did (:data:`THROWN_IN`, :data:`PLAYED` or :data:`STUCK`), its
    Result code, then the dealer and the target in force after it, whether the game is
    over, and its outcome if so (:data:`GAME_STUCK`, a Result, else :data:`UNFINISHED`).
    ``work.bids`` and
    ``work.tricks`` receive the bids (-1 for none) and tricks by seat (:class:`Work`).
    ``log``, when it has :data:`LOG_WIDTH` entries, receives the deal and the actions.
    """
    bids, tricks, scratch, masks = work.bids, work.tricks, work.scratch, work.masks
    p = t.parameters
    players = key ^ _PLAYER_STREAM
    deck = scratch
    _deal(key ^ _DEAL_STREAM, deck, masks)
    logging = log.shape[0] == LOG_WIDTH
    at = LOG_ACTIONS
    if logging:
        log[:] = -1
        for k in range(52):
            log[k] = deck[k]
    seat: Int
    for seat in range(4):
        bids[seat] = -1
        tricks[seat] = 0
    max_bid = p[P_MAX_BID]
    # Hearts, or under trump=turned the suit of the dealer's last card (TURNED_TRUMP).
    trump = p[P_TRUMP] if p[P_TRUMP] >= 0 else t.card_suit[deck[13 * dealer + 12]]
    so_far = np.int64(0)
    for k in range(4):
        seat = t.bidding_order[dealer, k]
        low = t.own_minimum[_band(p, scores[seat])]
        may_throw_in = p[P_DEALER_MAY_THROW_IN] != 0 and seat == dealer
        choices = (max_bid - low + 1 if low <= max_bid else 0) + (1 if may_throw_in else 0)
        if choices == 0:
            return np.int64(STUCK), np.int64(0), dealer, target, True, np.int64(GAME_STUCK)
        if s.kinds[seat] == RANDOM:
            players, pick = _below(players, choices)
            bid = low + pick if pick <= max_bid - low else np.int64(THROW_IN_CODE)
        else:
            bid, players = _heuristic_bid(
                t,
                masks[seat],
                low,
                may_throw_in,
                k == 3,
                so_far,
                scores,
                s.boldness,
                players,
                trump,
            )
        if logging:
            log[at] = bid
            at += 1
        if bid == THROW_IN_CODE:
            return _thrown_in(t, dealer, target)
        bids[seat] = bid
        so_far += bid
    if not _hand_is_played(t, bids, scores):
        return _thrown_in(t, dealer, target)
    trick = scratch[_TRICK:]
    leader = t.first_leader[dealer]
    for _ in range(13):
        best_position: Int = np.int64(0)
        best: Int = np.int64(-2)
        led: Int = np.int64(0)
        for position in range(4):
            seat = t.trick_order[_index(leader), _index(position)]
            hand = masks[_index(seat)]
            following = hand & t.suit_mask[_index(led)]
            legal = following if position > 0 and following else hand
            if s.kinds[seat] == RANDOM:
                players, pick = _below(players, _popcount(legal))
                card = _nth(legal, pick)
            else:
                card = _heuristic_play(t, legal, trick, position, best_position, trump)
            masks[_index(seat)] = hand & ~_bit(card)
            trick[_index(position)] = card
            if position == 0:
                led = t.card_suit[_index(card)]
            strength = t.strength[trump, _index(led), _index(card)]
            best_position = position if strength > best else best_position
            best = max(strength, best)
            if logging:
                log[at] = PLAY_CODE + card
                at += 1
        leader = t.trick_order[_index(leader), _index(best_position)]
        tricks[_index(leader)] += 1
    result, next_target = _hand_settled(t, bids, tricks, scores, dealer, target)
    over = result != 0
    outcome = result if over else np.int64(UNFINISHED)
    return np.int64(PLAYED), result, t.next_dealer[dealer], next_target, over, outcome


@_inline
def _thrown_in(t: KernelTables, dealer: Int, target: Int) -> tuple[Int, Int, Int, Int, bool, Int]:
    """What :func:`_play_hand` returns for a hand thrown in: the next dealer deals, the
    target stays."""
    return (
        np.int64(THROWN_IN),
        np.int64(0),
        t.next_dealer[dealer],
        target,
        False,
        np.int64(UNFINISHED),
    )


class Counters(NamedTuple):
    """What a batch of games adds up beside its rows (:class:`~fourhundred.reference.batch.GameBatch`):
    bids of each value placed (every hand), played and made (played hands), and the
    trajectory (the leading team's total after hand ``k + 1`` at ``2 k``, the games that
    played it at ``2 k + 1``; empty: not kept)."""

    bids_placed: npt.NDArray[np.int64]
    bids_played: npt.NDArray[np.int64]
    bids_made: npt.NDArray[np.int64]
    trajectory: npt.NDArray[np.int64]


@_kernel
def _play_game(
    t: KernelTables,
    s: Setting,
    game: Int,
    row: npt.NDArray[np.int64],
    counters: Counters,
    log: npt.NDArray[np.int32],
) -> None:
    """One whole game from 0-0-0-0, North dealing first; its figures go to ``row``
    (the ``G_*`` columns) and ``counters``; ``log`` (rows of :data:`LOG_WIDTH`,
    or empty) receives every hand."""
    scores = np.zeros(4, dtype=np.int64)
    work = new_work()
    bids, tricks, no_log = work.bids, work.tricks, work.no_log
    trajectory = counters.trajectory
    target = t.parameters[P_BASE_TARGET]
    dealer = np.int64(0)
    logging = log.shape[0] > 0
    row[:] = 0
    outcome = UNFINISHED
    hand = np.int64(0)
    while hand < s.max_hands:
        line = log[hand] if logging else no_log
        before, dealt = target, dealer
        did, result, dealer, target, over, outcome = _play_hand(
            t, s, scores, dealer, target, _hand_key(s.key, game, hand), work, line
        )
        hand += 1
        if logging:
            _log_hand_end(line, scores, did, result, target, dealt)
        if did == STUCK:
            break
        for seat in range(4):
            if bids[seat] >= 0:
                counters.bids_placed[bids[seat]] += 1
        if did == THROWN_IN:
            row[G_THROWN_IN] += 1
        else:
            thirteen = False
            for seat in range(4):
                counters.bids_played[bids[seat]] += 1
                if tricks[seat] >= bids[seat]:
                    counters.bids_made[bids[seat]] += 1
                if bids[seat] == 13:
                    thirteen = True
                    if tricks[seat] >= 13:
                        row[G_THIRTEEN_MADE] += 1
            if thirteen:
                row[G_THIRTEEN_BID] += 1
            p = t.parameters
            if _qualifies(p, 0, scores, before) and _qualifies(p, 1, scores, before):
                row[G_BOTH_QUALIFY] += 1
        if hand <= trajectory.shape[0] // 2:
            leading = max(scores[0] + scores[2], scores[1] + scores[3])
            trajectory[2 * (hand - 1)] += leading
            trajectory[2 * (hand - 1) + 1] += 1
        if over:
            break
    row[G_OUTCOME] = outcome
    row[G_HANDS] = hand
    for seat in range(4):
        row[G_SCORE_0 + seat] = scores[seat]
    row[G_TARGET] = target


@_kernel
def games_kernel(
    t: KernelTables,
    s: Setting,
    first_game: Int,
    games: Int,
    rows: npt.NDArray[np.int64],
    counters: Counters,
) -> None:
    """Games ``first_game`` .. ``first_game + games - 1``: one row each, ``counters`` added to."""
    no_log = np.empty((0, LOG_WIDTH), dtype=np.int32)
    for k in range(games):
        _play_game(t, s, first_game + k, rows[k], counters, no_log)


@_kernel
def hands_kernel(t: KernelTables, s: Setting, hands: Int) -> Int:
    """``hands`` independent hands from 0-0-0-0 (dealer ``i % 4``); returns how many were played."""
    scores = np.zeros(4, dtype=np.int64)
    work = new_work()
    target = t.parameters[P_BASE_TARGET]
    played = np.int64(0)
    for i in range(hands):
        for seat in range(4):
            scores[seat] = 0
        hand_key = _hand_key(s.key, np.int64(-1), i)
        did = _play_hand(t, s, scores, i % 4, target, hand_key, work, work.no_log)[0]
        if did == PLAYED:
            played += 1
    return played


@_kernel
def record_kernel(
    t: KernelTables, s: Setting, game: Int, row: npt.NDArray[np.int64], log: npt.NDArray[np.int32]
) -> None:
    """One game with every hand logged (for transcripts)."""
    bids = np.zeros(14, dtype=np.int64)
    counters = Counters(bids, bids.copy(), bids.copy(), np.zeros(0, dtype=np.int64))
    _play_game(t, s, game, row, counters, log)
