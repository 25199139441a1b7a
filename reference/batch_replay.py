"""A whole game's checked replay, compiled: the reference engine's answer to a list of
actions from a position (which are rejected, with what code; how each hand ended; where the
game stands), on the kernel tables of :mod:`fourhundred.reference.batch_tables`.

:func:`replay` reads the position and the action texts in Python (the notation,
:func:`~fourhundred.reference.actions.parse_action`), and :func:`replay_kernel` holds every
action to the checks of :data:`fourhundred.reference.engine.CHECKS` in their order of
precedence, then makes the transitions of :func:`fourhundred.reference.engine.apply_unchecked`
(the deal, a bid or the throw-in, a card, the trick, the hand's end by
:func:`~fourhundred.reference.batch_rules._hand_settled`). It is the engine made fast for
the fuzzer's expected answers (:mod:`fourhundred.fuzz.expected`), not a second definition:
every rule it applies is a table tabulated from :class:`~fourhundred.reference.fast.FastRules`
(the turn order and the dealer after a thrown-in hand included), and it is held equal to the
engine action by action by replay (``tests/test_reference_batch_replay.py``: generated games
of every reading and house-rules table, positions mid-hand, every action type in every
phase). Under the house rule ``trump=turned`` the deal's turned card sets the hand's
trump, as in the engine. It answers only for the reference itself (no fast-rule variant,
every check); for anything else, or a position it cannot hold in 64-bit integers, it says so (None) and the
caller asks the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from fourhundred.reference.actions import Bid, Deal, NotationError, Play, ThrowIn, parse_action
from fourhundred.reference.batch_bits import Int, UInt, _bit, _kernel, _popcount
from fourhundred.reference.batch_rules import _band, _hand_is_played, _hand_settled
from fourhundred.reference.batch_tables import (
    P_DEALER_MAY_THROW_IN,
    P_MAX_BID,
    P_TRUMP,
    KernelTables,
    kernel_tables,
)
from fourhundred.reference.engine import CHECKS, GameState, Phase
from fourhundred.reference.fast import FastRules
from fourhundred.reference.rejections import NOT_AN_ACTION
from fourhundred.spec.cards import CARD_INDEX, SUITS, TRICKS_PER_HAND, hand_mask
from fourhundred.spec.model import Result, Rules

#: The phases as the kernel's codes (their order in :class:`Phase`).
PHASES: tuple[Phase, ...] = tuple(Phase)
_DEAL, _BIDDING, _PLAY, _OVER = (PHASES.index(p) for p in Phase)
#: The rejection codes as the kernel's: 0 is ``not_an_action``, then the checks in order.
CODES: tuple[str, ...] = (NOT_AN_ACTION, *(check.code for check in CHECKS))
(
    _NOT_AN_ACTION,
    _GAME_OVER,
    _NOT_YOUR_TURN,
    _WRONG_PHASE,
    _BAD_DEAL,
    _THROW_IN_NOT_ALLOWED,
    _BID_ABOVE_MAXIMUM,
    _BID_BELOW_MINIMUM,
    _CARD_NOT_IN_HAND,
    _MUST_FOLLOW_SUIT,
) = range(len(CODES))
#: The kinds of action (column 0 of the actions array); column 1 is the seat named (-1:
#: none), column 2 the bid, the card's index or the deal's row.
A_NONE, A_DEAL, A_BID, A_PLAY, A_THROW_IN = range(5)
#: The state array: phase, dealer, seat to act (-1: none), leader (-1: none), target in
#: force, Result code, cards in the trick, then the scores, the bids (-1: none) and the
#: tricks won, four each, then the hand's trump suit (an index of ``SUITS``: hearts, or
#: under the house rule ``trump=turned`` the suit of the card the dealer turned).
S_PHASE, S_DEALER, S_TO_ACT, S_LEADER, S_TARGET, S_RESULT, S_TRICK = range(7)
S_SCORES, S_BIDS, S_WON, S_TRUMP = 7, 11, 15, 19
STATE_WIDTH = 20
#: A deal's row: the four hands' masks, their four card counts, and the turned card's
#: index plus one (0: no card turned).
D_TURNED = 8
DEAL_WIDTH = 9
#: A hand's end (a row of the hands array): the action's index, played (0/1), the scores
#: after it, the Result code, the next dealer (-1: the game is over), the target in force.
H_AFTER, H_PLAYED, H_SCORES, H_RESULT, H_DEALER, H_TARGET = 0, 1, 2, 6, 7, 8
HAND_WIDTH = 9
#: Scores and targets the kernel takes (its sums stay far inside 64 bits).
LIMIT = 1 << 40


class Replayed(NamedTuple):
    """What :func:`replay` found: the rejected actions as (index, code), each hand's end,
    and where the game stands after every action."""

    rejected: list[tuple[int, str]]
    hands: list[HandEnd]
    phase: Phase
    scores: tuple[int, int, int, int]
    result: Result


class HandEnd(NamedTuple):
    """One hand's end: after the action at ``after``; ``dealer`` None when the game is over."""

    after: int
    played: bool
    scores: tuple[int, int, int, int]
    result: Result
    dealer: int | None
    target_in_force: int


@cache
def _throw_in_dealers(rules: Rules) -> npt.NDArray[np.int64]:
    """``FastRules.next_dealer_after_throw_in`` by dealer."""
    fast = FastRules.of(rules)
    return np.array([fast.next_dealer_after_throw_in(d) for d in range(4)], dtype=np.int64)


def replay(state: GameState, texts: Sequence[Any]) -> Replayed | None:
    """The engine's answer to ``texts`` from ``state``, by :func:`replay_kernel`; None when
    ``state`` is not played by the reference itself (a fast-rule variant or other checks)
    or cannot be held by the kernel (see the module docstring)."""
    rules = state.rules
    if type(state.fast) is not FastRules or state.checks is not CHECKS:
        return None
    numbers = (*state.scores, state.target_in_force)
    if any(not -LIMIT < n < LIMIT for n in numbers):
        return None
    if state.phase in (Phase.BIDDING, Phase.PLAY) and state.to_act is None:
        return None
    if state.phase is Phase.PLAY and (state.leader is None or len(state.trick) > 3):
        return None
    if any(b is not None and not 0 <= b <= rules.max_bid for b in state.bids):
        return None
    tables = kernel_tables(rules)
    start = np.zeros(STATE_WIDTH, dtype=np.int64)
    start[S_PHASE] = PHASES.index(state.phase)
    start[S_DEALER] = state.dealer
    start[S_TO_ACT] = -1 if state.to_act is None else state.to_act
    start[S_LEADER] = -1 if state.leader is None else state.leader
    start[S_TARGET] = state.target_in_force
    start[S_RESULT] = int(state.result)
    start[S_TRICK] = len(state.trick)
    start[S_TRUMP] = SUITS.index(state.trump)
    for seat in range(4):
        start[S_SCORES + seat] = state.scores[seat]
        bid = state.bids[seat]
        start[S_BIDS + seat] = -1 if bid is None else bid
        start[S_WON + seat] = state.tricks_won[seat]
    masks = np.array([hand_mask(hand) for hand in state.hands], dtype=np.uint64)
    trick = np.full(4, -1, dtype=np.int64)
    for k, card in enumerate(state.trick):
        trick[k] = CARD_INDEX[card]
    rows: list[tuple[int, int, int]] = []
    deals: list[tuple[int, ...]] = []
    for text in texts:
        kind, seat, value, deal = _encoded(text) if isinstance(text, str) else _NO_ACTION
        if deal:
            value = len(deals)
            deals.append(deal)
        rows.append((kind, seat, value))
    actions = np.array(rows, dtype=np.int64).reshape(len(rows), 3)
    deal_rows = np.array(deals, dtype=np.uint64).reshape(len(deals), DEAL_WIDTH)
    codes = np.full(len(texts), -1, dtype=np.int64)
    ends = np.zeros((len(texts), HAND_WIDTH), dtype=np.int64)
    count = replay_kernel(
        tables, _throw_in_dealers(rules), start, masks, trick, actions, deal_rows, codes, ends
    )
    return Replayed(
        rejected=[(int(i), CODES[int(codes[i])]) for i in np.flatnonzero(codes >= 0)],
        hands=[_hand_end(row) for row in ends[:count]],
        phase=PHASES[int(start[S_PHASE])],
        scores=_four(start[S_SCORES : S_SCORES + 4]),
        result=Result(int(start[S_RESULT])),
    )


def _four(values: npt.NDArray[np.int64]) -> tuple[int, int, int, int]:
    return (int(values[0]), int(values[1]), int(values[2]), int(values[3]))


def _hand_end(row: npt.NDArray[np.int64]) -> HandEnd:
    dealer = int(row[H_DEALER])
    return HandEnd(
        after=int(row[H_AFTER]),
        played=bool(row[H_PLAYED]),
        scores=_four(row[H_SCORES : H_SCORES + 4]),
        result=Result(int(row[H_RESULT])),
        dealer=None if dealer < 0 else dealer,
        target_in_force=int(row[H_TARGET]),
    )


#: An action text that is no action: (kind, seat, value, deal).
_NO_ACTION: tuple[int, int, int, tuple[int, ...]] = (A_NONE, -1, 0, ())


@lru_cache(maxsize=4096)
def _encoded(text: str) -> tuple[int, int, int, tuple[int, ...]]:
    """(kind, seat named or -1, value, deal) of an action text: a bid's value, a card's
    index; a deal's four hand masks, four card counts and the turned card's index plus
    one (0: none; its value is its row, given by :func:`replay`); :data:`_NO_ACTION` for a
    text that is no action. Remembered: a game says the same few hundred texts again and
    again."""
    try:
        action = parse_action(text)
    except NotationError:
        return _NO_ACTION
    seat = -1 if action.seat is None else action.seat
    if isinstance(action, Bid):
        return (A_BID, seat, action.value, ())
    if isinstance(action, Play):
        return (A_PLAY, seat, CARD_INDEX[action.card], ())
    if isinstance(action, ThrowIn):
        return (A_THROW_IN, seat, 0, ())
    assert isinstance(action, Deal)
    masks = tuple(hand_mask(hand) for hand in action.hands)
    turned = 0 if action.turned is None else CARD_INDEX[action.turned] + 1
    return (A_DEAL, seat, 0, (*masks, *(len(hand) for hand in action.hands), turned))


@_kernel
def replay_kernel(
    t: KernelTables,
    throw_in_dealers: npt.NDArray[np.int64],
    state: npt.NDArray[np.int64],
    masks: npt.NDArray[np.uint64],
    trick: npt.NDArray[np.int64],
    actions: npt.NDArray[np.int64],
    deals: npt.NDArray[np.uint64],
    codes: npt.NDArray[np.int64],
    ends: npt.NDArray[np.int64],
) -> Int:
    """Apply ``actions`` to ``state``, ``masks`` (the hands) and ``trick`` in place: each
    action's rejection code goes to ``codes`` (-1: accepted), each hand's end to a row of
    ``ends``; returns how many hands ended. The checks, then the transitions, in the order
    of :func:`fourhundred.reference.engine.apply`."""
    count = np.int64(0)
    bids = np.zeros(4, dtype=np.int64)
    scores = np.zeros(4, dtype=np.int64)
    tricks = np.zeros(4, dtype=np.int64)
    for index in range(actions.shape[0]):
        kind, named, value = actions[index, 0], actions[index, 1], actions[index, 2]
        dealer, actor = state[S_DEALER], state[S_TO_ACT]
        code = _rejection(t, state, masks, trick, deals, kind, named, value)
        if code >= 0:
            codes[index] = code
            continue
        ended = False
        played = False
        if kind == A_DEAL:
            for seat in range(4):
                masks[seat] = deals[value, seat]
                state[S_BIDS + seat] = -1
                state[S_WON + seat] = 0
            turned = np.int64(deals[value, D_TURNED]) - 1
            trump_suit = t.parameters[P_TRUMP]
            state[S_TRUMP] = trump_suit if trump_suit >= 0 else t.card_suit[turned]
            state[S_PHASE] = _BIDDING
            state[S_TO_ACT] = t.bidding_order[dealer, 0]
            state[S_TRICK] = 0
            state[S_LEADER] = -1
        elif kind == A_THROW_IN:
            ended = True
        elif kind == A_BID:
            state[S_BIDS + actor] = value
            position = 0
            while t.bidding_order[dealer, position] != actor:
                position += 1
            if position < 3:
                state[S_TO_ACT] = t.bidding_order[dealer, position + 1]
            else:
                for seat in range(4):
                    bids[seat] = max(state[S_BIDS + seat], 0)
                    scores[seat] = state[S_SCORES + seat]
                if _hand_is_played(t, bids, scores):
                    leader = t.first_leader[dealer]
                    state[S_PHASE] = _PLAY
                    state[S_TO_ACT] = leader
                    state[S_LEADER] = leader
                else:
                    ended = True
        else:  # a card
            masks[actor] &= ~_bit(value)
            played_so_far = state[S_TRICK]
            trick[played_so_far] = value
            state[S_TRICK] = played_so_far + 1
            leader = state[S_LEADER]
            if played_so_far < 3:
                state[S_TO_ACT] = t.trick_order[leader, played_so_far + 1]
            else:
                led = t.card_suit[trick[0]]
                best_position, best = 0, -2
                for position in range(4):
                    strength = t.strength[state[S_TRUMP], led, trick[position]]
                    if strength > best:
                        best_position, best = position, strength
                winner = t.trick_order[leader, best_position]
                state[S_WON + winner] += 1
                state[S_TRICK] = 0
                taken = state[S_WON] + state[S_WON + 1] + state[S_WON + 2] + state[S_WON + 3]
                if taken < TRICKS_PER_HAND:
                    state[S_TO_ACT] = winner
                    state[S_LEADER] = winner
                else:
                    ended = True
                    played = True
        if not ended:
            continue
        next_dealer = throw_in_dealers[dealer]
        result = np.int64(0)
        if played:
            for seat in range(4):
                bids[seat] = max(state[S_BIDS + seat], 0)
                scores[seat] = state[S_SCORES + seat]
                tricks[seat] = state[S_WON + seat]
            result, target = _hand_settled(t, bids, tricks, scores, dealer, state[S_TARGET])
            for seat in range(4):
                state[S_SCORES + seat] = scores[seat]
            state[S_TARGET] = target
            next_dealer = t.next_dealer[dealer]
        over = result != 0
        for seat in range(4):
            masks[seat] = 0
            ends[count, H_SCORES + seat] = state[S_SCORES + seat]
            if not over:
                state[S_BIDS + seat] = -1
                state[S_WON + seat] = 0
        state[S_TO_ACT] = -1
        state[S_LEADER] = -1
        state[S_TRICK] = 0
        state[S_RESULT] = result
        state[S_PHASE] = _OVER if over else _DEAL
        if not over:
            state[S_DEALER] = next_dealer
        ends[count, H_AFTER] = index
        ends[count, H_PLAYED] = 1 if played else 0
        ends[count, H_RESULT] = result
        ends[count, H_DEALER] = -1 if over else next_dealer
        ends[count, H_TARGET] = state[S_TARGET]
        count += 1
    return count


@_kernel
def _rejection(
    t: KernelTables,
    state: npt.NDArray[np.int64],
    masks: npt.NDArray[np.uint64],
    trick: npt.NDArray[np.int64],
    deals: npt.NDArray[np.uint64],
    kind: Int,
    named: Int,
    value: Int,
) -> Int:
    """The code of the first check of :data:`~fourhundred.reference.engine.CHECKS` an
    action breaks (its index in :data:`CODES`), or -1."""
    p = t.parameters
    phase, dealer, actor = state[S_PHASE], state[S_DEALER], state[S_TO_ACT]
    if kind == A_NONE:
        return _NOT_AN_ACTION
    if phase == _OVER:
        return _GAME_OVER
    actor_now = dealer if phase == _DEAL else actor
    if named >= 0 and named != actor_now:
        return _NOT_YOUR_TURN
    belongs = _DEAL if kind == A_DEAL else _PLAY if kind == A_PLAY else _BIDDING
    if belongs != phase:
        return _WRONG_PHASE
    if kind == A_DEAL:
        union = np.uint64(0)
        for seat in range(4):
            hand: UInt = deals[value, seat]
            if deals[value, 4 + seat] != 13 or _popcount(hand) != 13:
                return _BAD_DEAL
            union |= hand
        if _popcount(union) != 52:
            return _BAD_DEAL
        # The turned card: under trump=turned one of the dealer's own, else none.
        turned = np.int64(deals[value, D_TURNED]) - 1
        if p[P_TRUMP] >= 0:
            return _BAD_DEAL if turned >= 0 else -1
        if turned < 0 or deals[value, dealer] & _bit(turned) == 0:
            return _BAD_DEAL
        return -1
    if kind == A_THROW_IN:
        return _THROW_IN_NOT_ALLOWED if p[P_DEALER_MAY_THROW_IN] == 0 or actor != dealer else -1
    if kind == A_BID:
        if value > p[P_MAX_BID]:
            return _BID_ABOVE_MAXIMUM
        if value < t.own_minimum[_band(p, state[S_SCORES + actor])]:
            return _BID_BELOW_MINIMUM
        return -1
    hand = masks[actor]
    card = _bit(value)
    if hand & card == 0:
        return _CARD_NOT_IN_HAND
    if state[S_TRICK] > 0:
        following = hand & t.suit_mask[t.card_suit[trick[0]]]
        if following != 0 and following & card == 0:
            return _MUST_FOLLOW_SUIT
    return -1
