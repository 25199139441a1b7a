"""Batched simulation: millions of hands and games, compiled, for every variant and reading.

Why Numba and not NumPy: a hand is 52 dependent steps (who leads the next trick
depends on who won the last; which cards are legal depends on the card led),
so vectorising across a batch means 52 rounds of whole-array operations
(argsort shuffles, masked choices, gathers) per hand, each touching every hand
of the batch in memory, plus the bidding and the end-of-game rules written as
masked array arithmetic. Numba compiles the natural per-hand loop over 64-bit
hand masks (``popcount``, "k-th set bit", one table lookup per card) to machine
code, memory is a few arrays per batch, and the rules read like the reference's.
The kernels are compiled once and cached on disk (``cache=True``), so later runs
start in well under a second.

Speed (``fourhundred bench``; one core, hands per CPU-second, on a loaded
machine): about 1.25 million random full hands/s, and about as many hands/s in
whole games of random players. A random hand costs about 0.8 microseconds:
0.15 for the deal (51 Fisher-Yates draws and swaps, four masks), 0.03 for the
bids and the throw-in rule, 0.6 for the 52 cards and the scoring. What made it
so, measured one change at a time from 1.45 microseconds: compiling the hand
without reference counting (:func:`_unreferenced`; every table read and every
view was an atomic count through a function call: -0.3), bit counts as single
instructions (:func:`_bit_count`), a branch-free k-th set bit (:func:`_nth`:
-0.1), unsigned indices on the trick's chain (:func:`_index`: -0.07), the
random streams in registers, and bands by a constant division. The random
streams are unchanged by all of it (the same games, the same committed
figures). What limits it now is latency, not work: a trick is a chain
(the leader's hand, its random card, the suit led, the followers' legal cards,
their random cards, the winner, who leads next), about 100 cycles a trick, and
hands run one after another on one core; the deal is 51 dependent swaps. More
would need several hands interleaved in one loop (to fill the idle cycles) or
more cores (the kernels release the GIL, so batches could run on threads, one a
core; not done: the target is per core).

What a GPU (for example JAX, or Numba's CUDA target) would add: throughput, not
speed per hand. One hand per GPU thread, the tables in constant memory and the
hand masks in registers, runs tens of thousands of hands at once, hiding each
hand's latency behind the others' (an estimate, not measured here: one to two
orders of magnitude more hands per second than one core), at the price of a
second implementation of the kernel (JAX would rewrite it as masked array
steps, ``lax.fori_loop`` over the 52 cards, with the branches of the rules as
``where``) to hold to the reference by the same replay tests. For the figures
this project publishes (20,000 games a variant, 5,000 a reading) one core
already takes seconds, so no GPU is used.

What is simulated (:func:`_play_hand`): a uniformly random deal, four bids (or
the dealer's throw-in, where allowed), the throw-in rule, 13 tricks with
follow suit and hearts trump, the scoring, and what the hand decides; a game
(:func:`_play_game`) repeats hands from 0-0-0-0 until it is decided, a player
has no legal bid (``stuck``) or ``max_hands`` hands were dealt (``unfinished``).
Players are uniformly random (every legal action equally likely, as
:class:`~fourhundred.reference.players.RandomPlayer`) or heuristic (the
decisions of :class:`~fourhundred.reference.players.HeuristicPlayer`).

Every rule comes from a table of :mod:`fourhundred.reference.batch_tables`,
tabulated from :class:`~fourhundred.reference.fast.FastRules`, :class:`Rules`
and the card table; the switches between readings are written once here and
the whole kernel is held to the reference engine by replay
(``tests/test_reference_batch.py``): :meth:`BatchSimulator.transcript` writes
any simulated game as a :class:`~fourhundred.reference.transcript.Transcript`
(explicit deals) that :func:`~fourhundred.reference.transcript.replay` and
``fourhundred replay`` check step by step.

Randomness is counter-based: hand ``h`` of game ``g`` draws its deal and its
players' choices from two SplitMix64 streams keyed by (seed, g, h). So a run
is reproducible from its seed whatever the batch size, and the same game under
two readings sees the same deals and, while the positions agree, the same
choices (:func:`compare_kernel`, used for the ambiguity figures).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, cast

import numba
import numba.extending
import numpy as np
import numpy.typing as npt

from fourhundred.reference.actions import Bid, Deal, Play, ThrowIn, canonical_deal
from fourhundred.reference.batch_tables import (
    P_BANDS,
    P_BASE_TARGET,
    P_DEALER_MAY_THROW_IN,
    P_FIRST_SEAT,
    P_MAX_BID,
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
    P_TRUMP,
    Ints,
    KernelTables,
    card_texts,
    kernel_tables,
)
from fourhundred.reference.transcript import OUTCOMES, Transcript, TranscriptHand
from fourhundred.reference.transcript import STUCK as STUCK_TEXT
from fourhundred.reference.transcript import UNFINISHED as UNFINISHED_TEXT
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Result, Rules

F = TypeVar("F", bound=Callable[..., Any])
#: Scalars in the kernels: Numba types them (int64, uint64, float64); to mypy they are Any.
Int = Any
UInt = Any
Float = Any
Bool = Any


def _kernel(function: F) -> F:
    """Compile a function with Numba, caching the machine code on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def _unreferenced(function: F) -> F:
    """Compile a kernel that allocates nothing with Numba's reference counting off.

    With it on, every table a helper reads and every view is reference-counted: an
    atomic increment and decrement through a function call, hundreds per hand (a
    third of a random hand's time, measured). A function compiled this way must not
    allocate (Numba refuses to compile it if it does); the callers allocate its
    working arrays. ``_nrt`` is Numba's own switch for this (``numba.core.options``):
    the pinned Numba range in ``pyproject.toml`` keeps it."""
    njit: Any = numba.njit  # Numba's typing stubs do not list the switch
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(function))


def _inline(function: F) -> F:
    """A kernel's helper, inlined into its callers by Numba: a call that passes the
    tables would otherwise copy them and count references to every array."""
    return cast(F, numba.njit(cache=True, inline="always")(function))


# ----------------------------------------------------------------------
# Codes shared with the Python side
# ----------------------------------------------------------------------

RANDOM, HEURISTIC = 0, 1
PLAYER_KINDS = {"random": RANDOM, "heuristic": HEURISTIC}
#: What a hand did (:func:`_play_hand`).
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
#: Per-game statistics columns (:func:`_play_game`).
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

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)
#: Masks of :func:`_nth`'s byte counts.
_PAIRS = np.uint64(0x5555555555555555)
_NIBBLE_PAIRS = np.uint64(0x3333333333333333)
_BYTE_LOWS = np.uint64(0x0F0F0F0F0F0F0F0F)
_BYTE_ONES = np.uint64(0x0101010101010101)
_BYTE_TOPS = np.uint64(0x8080808080808080)
_ZERO = np.uint64(0)
_SUIT_BITS = np.uint64(0x1FFF)
_DEAL_STREAM = np.uint64(0xD1B54A32D192ED03)
#: Where the trick starts in a hand's ``scratch`` array (the deck comes first).
_TRICK = 52
_PLAYER_STREAM = np.uint64(0x8CB92BA72F3D8DD7)


def seed_key(seed: int | str) -> int:
    """The 64-bit key of a seed (its text, hashed with SHA-256)."""
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "little")


# ----------------------------------------------------------------------
# Random numbers and bits
# ----------------------------------------------------------------------


def _bit_count(emit: Callable[[Any, Any, Any], Any]) -> Any:
    """A Numba intrinsic: one LLVM bit-counting instruction on a 64-bit mask (``popcnt``,
    ``tzcnt``, ``lzcnt`` on x86-64), returned as int64."""

    def typer(typing_context: Any, mask: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return emit(context, builder, args[0])

        return numba.types.int64(numba.types.uint64), codegen

    return numba.extending.intrinsic(typer)


def _defined_at_zero(context: Any) -> Any:
    """The flag that makes LLVM's ``cttz``/``ctlz`` return 64 for 0 (not poison)."""
    return context.get_constant(numba.types.boolean, False)


_ctpop = _bit_count(lambda context, builder, x: builder.ctpop(x))
_cttz = _bit_count(lambda context, builder, x: builder.cttz(x, _defined_at_zero(context)))
_ctlz = _bit_count(lambda context, builder, x: builder.ctlz(x, _defined_at_zero(context)))


def _select_in_byte() -> npt.NDArray[np.uint8]:
    """``table[8 * byte + n]``: the index of the n-th lowest set bit of ``byte`` (0 past the end)."""
    table = np.zeros(256 * 8, dtype=np.uint8)
    for byte in range(256):
        bits = [i for i in range(8) if byte >> i & 1]
        for n, index in enumerate(bits):
            table[8 * byte + n] = index
    return table


#: Read by :func:`_nth` (a global array: Numba compiles it in as a constant).
_SELECT_IN_BYTE = _select_in_byte()


@_inline
def _mix(z: UInt) -> UInt:
    z = (z ^ (z >> np.uint64(30))) * _MIX_1
    z = (z ^ (z >> np.uint64(27))) * _MIX_2
    return z ^ (z >> np.uint64(31))


@_inline
def _hand_key(key: UInt, game: Int, hand: Int) -> UInt:
    return _mix(_mix(key ^ (np.uint64(game) * _GOLDEN)) ^ (np.uint64(hand) * _MIX_2 + _ONE))


@_inline
def _below(stream: UInt, n: Int) -> tuple[UInt, Int]:
    """The stream's next state, and a number uniform in 0..n-1 drawn from it (SplitMix64;
    n <= 64, bias below 2**-47). The state is a local variable, kept in a register."""
    stream += _GOLDEN
    return stream, np.int64(((_mix(stream) >> np.uint64(11)) * np.uint64(n)) >> np.uint64(53))


@_inline
def _unit(stream: UInt) -> tuple[UInt, Float]:
    """The stream's next state, and a number uniform in [0, 1)."""
    stream += _GOLDEN
    return stream, np.float64(_mix(stream) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@_inline
def _popcount(x: UInt) -> Int:
    return _ctpop(x)


@_inline
def _lowest(x: UInt) -> Int:
    """Index of the lowest set bit (x != 0)."""
    return _cttz(x)


@_inline
def _highest(x: UInt) -> Int:
    """Index of the highest set bit (x != 0)."""
    return 63 - _ctlz(x)


@_inline
def _nth(x: UInt, n: Int) -> Int:
    """Index of the n-th lowest set bit (counting from 0; n < popcount(x)), without a branch
    (Vigna, "Broadword implementation of rank/select queries", 2008): the running bit counts
    of the bytes, all at once in one word, give the byte holding the bit; a table gives the
    bit in that byte. Only the last few steps wait for ``n``."""
    counts = x - ((x >> _ONE) & _PAIRS)
    counts = (counts & _NIBBLE_PAIRS) + ((counts >> np.uint64(2)) & _NIBBLE_PAIRS)
    counts = (counts + (counts >> np.uint64(4))) & _BYTE_LOWS
    running = counts * _BYTE_ONES
    rank = np.uint64(n)
    passed = (((rank * _BYTE_ONES) | _BYTE_TOPS) - running) & _BYTE_TOPS
    place = np.uint64(_ctpop(passed)) << np.uint64(3)
    within = rank - (((running << np.uint64(8)) >> place) & np.uint64(0xFF))
    byte = (x >> place) & np.uint64(0xFF)
    return np.int64(place) + np.int64(_SELECT_IN_BYTE[(byte << np.uint64(3)) + within])


@_inline
def _index(i: Int) -> UInt:
    """``i`` (never negative) as an unsigned index: Numba then skips the wraparound of
    negative indices, three instructions on every load of the trick's chain (-0.07
    microseconds a hand, measured)."""
    return np.uint64(i)


@_inline
def _bit(card: Int) -> UInt:
    return _ONE << np.uint64(card)


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


# ----------------------------------------------------------------------
# The players
# ----------------------------------------------------------------------


@_inline
def _estimate_halves(t: KernelTables, hand: UInt) -> Int:
    """:func:`~fourhundred.reference.players.estimated_tricks` in half tricks, from the tables."""
    hearts_suit = t.parameters[P_TRUMP]
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
) -> tuple[Int, UInt]:
    """:meth:`HeuristicPlayer._bid`: a bid, or :data:`THROW_IN_CODE`; and the players'
    random stream after it."""
    high = t.parameters[P_MAX_BID]
    if low > high:
        return np.int64(THROW_IN_CODE), players
    wanted = t.rounded[_estimate_halves(t, hand)]
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
    trump_mask: UInt,
) -> Int:
    """:meth:`HeuristicPlayer._play` on a hand mask."""
    if count == 0:
        for k in range(t.side_aces.shape[0]):
            if legal & _bit(t.side_aces[k]):
                return t.side_aces[k]
        hearts = legal & trump_mask
        if _popcount(hearts) >= 5:
            return _highest(hearts)
        return _cheapest(t, legal, trump_mask)
    led = t.card_suit[trick[0]]
    best = t.strength[led, trick[best_position]]
    partner_winning = count - best_position == 2
    if not partner_winning:
        winner = np.int64(-1)
        winner_strength = np.int64(999)
        pool = legal
        while pool:
            card = _lowest(pool)
            pool &= pool - _ONE
            strength = t.strength[led, card]
            if best < strength < winner_strength:
                winner, winner_strength = card, strength
        if winner >= 0:
            return winner
    return _cheapest(t, legal, trump_mask)


# ----------------------------------------------------------------------
# A hand and a game
# ----------------------------------------------------------------------


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
    scores: npt.NDArray[np.int64],
    dealer: Int,
    target: Int,
    key: UInt,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    bids: npt.NDArray[np.int64],
    tricks: npt.NDArray[np.int64],
    scratch: npt.NDArray[np.int64],
    masks: npt.NDArray[np.uint64],
    log: npt.NDArray[np.int32],
) -> tuple[Int, Int, Int]:
    """One hand from ``scores`` (updated in place when it is played).

    Returns (what the hand did: :data:`THROWN_IN`, :data:`PLAYED` or
    :data:`STUCK`; the Result code; the next target). ``bids`` and ``tricks``
    receive the bids (-1 for none) and tricks by seat; ``scratch`` (64 entries) and
    ``masks`` (the four hands, at least 4 entries) are working space. ``log``, when it has
    :data:`LOG_WIDTH` entries, receives the deal and the actions.
    """
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
    trump_mask = t.suit_mask[p[P_TRUMP]]
    highest = _highest_score(scores)
    so_far = np.int64(0)
    for k in range(4):
        seat = t.bidding_order[dealer, k]
        low = t.own_minimum[_band(p, scores[seat])]
        may_throw_in = p[P_DEALER_MAY_THROW_IN] != 0 and seat == dealer
        choices = (max_bid - low + 1 if low <= max_bid else 0) + (1 if may_throw_in else 0)
        if choices == 0:
            return np.int64(STUCK), np.int64(0), target
        if kinds[seat] == RANDOM:
            players, pick = _below(players, choices)
            bid = low + pick if pick <= max_bid - low else np.int64(THROW_IN_CODE)
        else:
            bid, players = _heuristic_bid(
                t, masks[seat], low, may_throw_in, k == 3, so_far, scores, boldness, players
            )
        if logging:
            log[at] = bid
            at += 1
        if bid == THROW_IN_CODE:
            return np.int64(THROWN_IN), np.int64(0), target
        bids[seat] = bid
        so_far += bid
    if not _hand_is_played(t, bids, scores):
        return np.int64(THROWN_IN), np.int64(0), target
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
            if kinds[seat] == RANDOM:
                players, pick = _below(players, _popcount(legal))
                card = _nth(legal, pick)
            else:
                card = _heuristic_play(t, legal, trick, position, best_position, trump_mask)
            masks[_index(seat)] = hand & ~_bit(card)
            trick[_index(position)] = card
            if position == 0:
                led = t.card_suit[_index(card)]
            strength = t.strength[_index(led), _index(card)]
            best_position = position if strength > best else best_position
            best = max(strength, best)
            if logging:
                log[at] = PLAY_CODE + card
                at += 1
        leader = t.trick_order[_index(leader), _index(best_position)]
        tricks[_index(leader)] += 1
    for seat in range(4):
        made = 1 if tricks[seat] >= bids[seat] else 0
        scores[seat] += t.change[made, bids[seat], _band_score(p, scores[seat], highest)]
    special = _special_result(t, bids, tricks, scores, dealer)
    if special != 0 and not p[P_POINTS_FIRST]:
        return np.int64(PLAYED), special, target
    result, next_target = _points_result(p, scores, target)
    if result == 0 and special != 0:
        return np.int64(PLAYED), special, target
    return np.int64(PLAYED), result, next_target


@_kernel
def _play_game(
    t: KernelTables,
    key: UInt,
    game: Int,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    max_hands: Int,
    row: npt.NDArray[np.int64],
    bids_placed: npt.NDArray[np.int64],
    bids_played: npt.NDArray[np.int64],
    bids_made: npt.NDArray[np.int64],
    trajectory: npt.NDArray[np.int64],
    log: npt.NDArray[np.int32],
) -> None:
    """One whole game from 0-0-0-0, North dealing first; its figures go to ``row``
    (the ``G_*`` columns) and the counters; ``log`` (rows of :data:`LOG_WIDTH`,
    or empty) receives every hand."""
    scores = np.zeros(4, dtype=np.int64)
    bids = np.empty(4, dtype=np.int64)
    tricks = np.empty(4, dtype=np.int64)
    scratch = np.empty(64, dtype=np.int64)
    masks = np.empty(4, dtype=np.uint64)
    no_log = np.empty(0, dtype=np.int32)
    target = t.parameters[P_BASE_TARGET]
    dealer = np.int64(0)
    logging = log.shape[0] > 0
    row[:] = 0
    outcome = UNFINISHED
    hand = np.int64(0)
    while hand < max_hands:
        line = log[hand] if logging else no_log
        before = target
        did, result, next_target = _play_hand(
            t,
            scores,
            dealer,
            target,
            _hand_key(key, game, hand),
            kinds,
            boldness,
            bids,
            tricks,
            scratch,
            masks,
            line,
        )
        hand += 1
        if logging:
            for seat in range(4):
                line[LOG_SCORES + seat] = scores[seat]
            line[LOG_DID] = did
            line[LOG_RESULT] = result
            line[LOG_TARGET] = next_target if did == PLAYED else target
            line[LOG_DEALER] = dealer
        if did == STUCK:
            outcome = GAME_STUCK
            break
        for seat in range(4):
            if bids[seat] >= 0:
                bids_placed[bids[seat]] += 1
        if did == THROWN_IN:
            row[G_THROWN_IN] += 1
        else:
            thirteen = False
            for seat in range(4):
                bids_played[bids[seat]] += 1
                if tricks[seat] >= bids[seat]:
                    bids_made[bids[seat]] += 1
                if bids[seat] == 13:
                    thirteen = True
                    if tricks[seat] >= 13:
                        row[G_THIRTEEN_MADE] += 1
            if thirteen:
                row[G_THIRTEEN_BID] += 1
            p = t.parameters
            if _qualifies(p, 0, scores, before) and _qualifies(p, 1, scores, before):
                row[G_BOTH_QUALIFY] += 1
            target = next_target
        if hand <= trajectory.shape[0] // 2:
            leading = max(scores[0] + scores[2], scores[1] + scores[3])
            trajectory[2 * (hand - 1)] += leading
            trajectory[2 * (hand - 1) + 1] += 1
        if result != 0:
            outcome = result
            break
        dealer = t.next_dealer[dealer]
    row[G_OUTCOME] = outcome
    row[G_HANDS] = hand
    for seat in range(4):
        row[G_SCORE_0 + seat] = scores[seat]
    row[G_TARGET] = target


@_kernel
def games_kernel(
    t: KernelTables,
    key: UInt,
    first_game: Int,
    games: Int,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    max_hands: Int,
    rows: npt.NDArray[np.int64],
    bids_placed: npt.NDArray[np.int64],
    bids_played: npt.NDArray[np.int64],
    bids_made: npt.NDArray[np.int64],
    trajectory: npt.NDArray[np.int64],
) -> None:
    """Games ``first_game`` .. ``first_game + games - 1``: one row each, counters added to."""
    no_log = np.empty((0, LOG_WIDTH), dtype=np.int32)
    for k in range(games):
        _play_game(
            t,
            key,
            first_game + k,
            kinds,
            boldness,
            max_hands,
            rows[k],
            bids_placed,
            bids_played,
            bids_made,
            trajectory,
            no_log,
        )


@_kernel
def hands_kernel(
    t: KernelTables,
    key: UInt,
    hands: Int,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
) -> Int:
    """``hands`` independent hands from 0-0-0-0 (dealer ``i % 4``); returns how many were played."""
    scores = np.zeros(4, dtype=np.int64)
    bids = np.empty(4, dtype=np.int64)
    tricks = np.empty(4, dtype=np.int64)
    scratch = np.empty(64, dtype=np.int64)
    masks = np.empty(4, dtype=np.uint64)
    no_log = np.empty(0, dtype=np.int32)
    target = t.parameters[P_BASE_TARGET]
    played = np.int64(0)
    for i in range(hands):
        for seat in range(4):
            scores[seat] = 0
        did, _, _ = _play_hand(
            t,
            scores,
            i % 4,
            target,
            _hand_key(key, np.int64(-1), i),
            kinds,
            boldness,
            bids,
            tricks,
            scratch,
            masks,
            no_log,
        )
        if did == PLAYED:
            played += 1
    return played


@_kernel
def record_kernel(
    t: KernelTables,
    key: UInt,
    game: Int,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    max_hands: Int,
    row: npt.NDArray[np.int64],
    log: npt.NDArray[np.int32],
) -> None:
    """One game with every hand logged (for transcripts)."""
    bids = np.zeros(14, dtype=np.int64)
    trajectory = np.zeros(0, dtype=np.int64)
    _play_game(
        t,
        key,
        game,
        kinds,
        boldness,
        max_hands,
        row,
        bids,
        bids.copy(),
        bids.copy(),
        trajectory,
        log,
    )


class _Scratches(NamedTuple):
    """The work arrays :func:`_play_hand` writes (bids, tricks, scratch, masks; no log)."""

    bids: npt.NDArray[np.int64]
    tricks: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]
    masks: npt.NDArray[np.uint64]
    no_log: npt.NDArray[np.int32]


@_inline
def _game_hand(
    t: KernelTables,
    scores: npt.NDArray[np.int64],
    dealer: Int,
    target: Int,
    hand_key: UInt,
    kinds: npt.NDArray[np.int64],
    boldness: Float,
    work: _Scratches,
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
        work.bids,
        work.tricks,
        work.scratch,
        work.masks,
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
    scratches = _Scratches(
        np.empty(4, dtype=np.int64),
        np.empty(4, dtype=np.int64),
        np.empty(64, dtype=np.int64),
        np.empty(4, dtype=np.uint64),
        np.empty(0, dtype=np.int32),
    )
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


# ----------------------------------------------------------------------
# The Python side
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class GameBatch:
    """What a batch of games did: one row per game (the ``G_*`` columns) and the counters."""

    first_game: int
    rows: Ints
    #: ``bids_placed[v]``: bids of ``v`` (every hand); ``bids_played[v]``, ``bids_made[v]``:
    #: in played hands, and made there.
    bids_placed: Ints
    bids_played: Ints
    bids_made: Ints
    #: ``trajectory[2 k]``: the sum over games of the leading team total after hand ``k + 1``;
    #: ``trajectory[2 k + 1]``: how many games played a hand ``k + 1``.
    trajectory: Ints


@dataclass(frozen=True)
class BatchSimulator:
    """Games and hands of one rules value, in batches, reproducible from ``seed``.

    ``players`` is ``"random"`` or ``"heuristic"`` for every seat, or four of
    them by seat; ``boldness`` is the heuristic's
    (:class:`~fourhundred.reference.players.HeuristicPlayer`); a game stops as
    unfinished after ``max_hands`` hands.
    """

    rules: Rules
    players: str | tuple[str, str, str, str] = "random"
    seed: int | str = 0
    max_hands: int = 200
    boldness: float = 0.05

    def __post_init__(self) -> None:
        for kind in self.seat_players:
            if kind not in PLAYER_KINDS:
                raise ValueError(f"unknown player {kind!r}; players: {', '.join(PLAYER_KINDS)}")
        if self.max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, got {self.max_hands}")

    @property
    def seat_players(self) -> tuple[str, str, str, str]:
        """The player of each seat."""
        players = self.players
        return (players,) * 4 if isinstance(players, str) else players

    @property
    def tables(self) -> KernelTables:
        return kernel_tables(self.rules)

    def player_codes(self) -> Ints:
        return np.array([PLAYER_KINDS[kind] for kind in self.seat_players], dtype=np.int64)

    def stream_key(self) -> UInt:
        return np.uint64(seed_key(self.seed))

    def games(self, first_game: int, count: int) -> GameBatch:
        """Games ``first_game`` .. ``first_game + count - 1`` (memory: one row per game)."""
        rows = np.zeros((count, GAME_COLUMNS), dtype=np.int64)
        placed, played, made = (np.zeros(14, dtype=np.int64) for _ in range(3))
        trajectory = np.zeros(2 * TRAJECTORY_HANDS, dtype=np.int64)
        games_kernel(
            self.tables,
            self.stream_key(),
            first_game,
            count,
            self.player_codes(),
            self.boldness,
            self.max_hands,
            rows,
            placed,
            played,
            made,
            trajectory,
        )
        return GameBatch(first_game, rows, placed, played, made, trajectory)

    def hands(self, count: int) -> int:
        """Play ``count`` independent hands from 0-0-0-0; how many were played (not thrown in)."""
        return int(
            hands_kernel(self.tables, self.stream_key(), count, self.player_codes(), self.boldness)
        )

    def game_log(self, game: int) -> tuple[Ints, npt.NDArray[np.int32]]:
        """Game ``game``'s row and its hands' log rows (:data:`LOG_WIDTH` each)."""
        row = np.zeros(GAME_COLUMNS, dtype=np.int64)
        log = np.full((self.max_hands, LOG_WIDTH), -1, dtype=np.int32)
        record_kernel(
            self.tables,
            self.stream_key(),
            game,
            self.player_codes(),
            self.boldness,
            self.max_hands,
            row,
            log,
        )
        return row, log[: int(row[G_HANDS])]

    def transcript(self, game: int, hands: int | None = None) -> Transcript:
        """Game ``game`` as a transcript with explicit deals (``fourhundred replay`` checks it);
        ``hands`` keeps only the first hands (the game is then ``unfinished`` unless one of
        them ended it)."""
        row, log = self.game_log(game)
        kept = log if hands is None else log[:hands]
        written = tuple(_transcript_hand(number, line) for number, line in enumerate(kept, 1))
        last = written[-1]
        if hands is None or hands >= len(log):
            outcome = GAME_OUTCOMES[int(row[G_OUTCOME])]
        else:
            outcome = last.result if last.result in _DECIDED else UNFINISHED_TEXT
        return Transcript(
            variant=str(self.rules),
            seed=None,
            first_dealer=0,
            players=self.seat_players,
            hands=written,
            outcome=outcome,
            final_scores=last.scores,
        )


#: The transcript's outcome of each game code.
GAME_OUTCOMES: dict[int, str] = {
    **{int(result): text for result, text in OUTCOMES.items() if result != Result.CONTINUE},
    UNFINISHED: UNFINISHED_TEXT,
    GAME_STUCK: STUCK_TEXT,
}
_DECIDED = frozenset(GAME_OUTCOMES[int(result)] for result in Result if result != Result.CONTINUE)


def _transcript_hand(number: int, line: npt.NDArray[np.int32]) -> TranscriptHand:
    """One logged hand as a transcript hand."""
    deal = Deal(
        (
            card_texts(line[0:13]),
            card_texts(line[13:26]),
            card_texts(line[26:39]),
            card_texts(line[39:52]),
        )
    )
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
        dealer=int(line[LOG_DEALER]),
        actions=tuple(actions),
        scores=(int(scores[0]), int(scores[1]), int(scores[2]), int(scores[3])),
        played=did == PLAYED,
        result=result,
        target=int(line[LOG_TARGET]),
    )
