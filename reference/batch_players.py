"""The heuristic player's decisions in the batched simulation, compiled: the bids and cards of
:class:`~fourhundred.reference.players.HeuristicPlayer` on 64-bit hand masks (held to it by
replay, ``tests/test_reference_batch.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import (
    _ONE,
    _SUIT_BITS,
    Float,
    Int,
    UInt,
    _below,
    _bit,
    _highest,
    _inline,
    _lowest,
    _popcount,
    _unit,
)
from fourhundred.reference.batch_codes import THROW_IN_CODE
from fourhundred.reference.batch_rules import _table_minimum
from fourhundred.reference.batch_tables import (
    P_MAX_BID,
    KernelTables,
)

# ----------------------------------------------------------------------
# The players
# ----------------------------------------------------------------------


@_inline
def _estimate_halves(t: KernelTables, hand: UInt, hearts_suit: Int) -> Int:
    """:func:`~fourhundred.reference.players.estimated_tricks` in half tricks, from the
    tables, ``hearts_suit`` being the hand's trump suit."""
    hearts = (hand >> np.uint64(13 * hearts_suit)) & _SUIT_BITS
    three = 1 if _popcount(hearts) >= 3 else 0
    halves = t.hearts_halves[hearts]
    for suit in range(4):
        if suit != hearts_suit:
            halves += t.side_halves[three, (hand >> np.uint64(13 * suit)) & _SUIT_BITS]
    return halves


@_inline
def _heuristic_bid(
    t: KernelTables,
    hand: UInt,
    low: Int,
    may_throw_in: bool,
    last: bool,
    so_far: Int,
    scores: npt.NDArray[np.int64],
    boldness: Float,
    players: UInt,
    trump: Int,
) -> tuple[Int, UInt]:
    """:meth:`HeuristicPlayer._bid`: a bid, or :data:`THROW_IN_CODE`; and the players'
    random stream after it."""
    high = t.parameters[P_MAX_BID]
    if low > high:
        return np.int64(THROW_IN_CODE), players
    wanted = t.rounded[_estimate_halves(t, hand, trump)]
    players, draw = _unit(players)
    if draw < boldness:
        players, extra = _below(players, 5)
        wanted += 2 + extra
    if last:
        needed = _table_minimum(t, scores) - so_far
        if wanted < needed <= wanted + 2:
            wanted = needed
        elif needed > wanted + 2 and may_throw_in:
            return np.int64(THROW_IN_CODE), players
    return min(max(wanted, low), high), players


@_inline
def _cheapest(t: KernelTables, legal: UInt, trump_mask: UInt) -> Int:
    """The lowest-ranked card, a plain card before a heart, ties in deck order."""
    plain = legal & ~trump_mask
    pool = plain if plain else legal
    best = np.int64(-1)
    best_rank = np.int64(99)
    while pool:
        card = _lowest(pool)
        pool &= pool - _ONE
        rank = card % 13
        if rank < best_rank:
            best, best_rank = card, rank
    return best


@_inline
def _heuristic_play(
    t: KernelTables,
    legal: UInt,
    trick: npt.NDArray[np.int64],
    count: Int,
    best_position: Int,
    trump: Int,
) -> Int:
    """:meth:`HeuristicPlayer._play` on a hand mask, ``trump`` the hand's trump suit."""
    trump_mask = t.suit_mask[trump]
    if count == 0:
        for k in range(t.aces.shape[0]):
            if legal & _bit(t.aces[k]) and t.card_suit[t.aces[k]] != trump:
                return t.aces[k]
        hearts = legal & trump_mask
        if _popcount(hearts) >= 5:
            return _highest(hearts)
        return _cheapest(t, legal, trump_mask)
    led = t.card_suit[trick[0]]
    best = t.strength[trump, led, trick[best_position]]
    partner_winning = count - best_position == 2
    if not partner_winning:
        winner = np.int64(-1)
        winner_strength = np.int64(999)
        pool = legal
        while pool:
            card = _lowest(pool)
            pool &= pool - _ONE
            strength = t.strength[trump, led, card]
            if best < strength < winner_strength:
                winner, winner_strength = card, strength
        if winner >= 0:
            return winner
    return _cheapest(t, legal, trump_mask)
