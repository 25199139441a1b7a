"""The rules and the players as arrays: what the batched kernel (:mod:`fourhundred.reference.batch`) reads.

Nothing here restates a rule. Every table is *tabulated* from the one
definition it stands for:

* the score-dependent rules (own minimum bid, table minimum, bid values, score
  changes) from :class:`~fourhundred.reference.fast.FastRules`, by score band
  (:data:`~fourhundred.spec.model.BAND_START`, :data:`~fourhundred.spec.model.BAND_WIDTH`):
  they depend on a score only through its band. A band table is tabulated
  until it stops changing: the own minimum is clamped at ``max_bid + 1`` (a
  player with that minimum is stuck, whatever the exact number) and the table
  minimum at :data:`TABLE_MINIMUM_CLAMP` above anything four bids can total, so
  beyond the last band tabulated every comparison the kernel makes comes out as
  it would with the true value; the kernel reads the last row for any higher
  band;
* seats and turn order (bidding order, trick order, first leader, next dealer)
  from :class:`~fourhundred.spec.model.Rules`;
* the trick from the one card table (:data:`~fourhundred.spec.cards.STRENGTHS`, by
  trump suit, :data:`~fourhundred.spec.cards.SUIT_MASK`), the trump suit from
  :meth:`~fourhundred.spec.model.Rules.trump_suit` (hearts, or under ``trump=turned``
  the suit of the dealer's last card, hand by hand);
* the heuristic bidder's trick estimate from
  :func:`fourhundred.reference.players.estimated_tricks`, by 13-bit suit pattern
  (the estimate is a sum of a hearts part and one part per side suit, which
  depends on that suit and on whether the hand holds three hearts; see
  :func:`_estimate_tables`), and its rounding from Python's :func:`round`.

The switches the kernel branches on (which score sets the table minimum,
tricks or values, at least or exactly, the bid of 13, the partner condition,
the end of the game) are read from the :class:`Rules` fields into
:data:`PARAMETERS`; the few lines of the kernel that act on them are held to
the reference by replaying thousands of batched games through the checked
engine (``tests/test_reference_batch.py``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from fourhundred.reference.fast import FastRules
from fourhundred.reference.players import estimated_tricks
from fourhundred.spec.cards import (
    CARD_SUIT,
    FULL_DECK,
    RANKS,
    STRENGTHS,
    SUIT_MASK,
    SUITS,
    TRUMP_SUIT,
)
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint64]

#: How far above the largest possible bid total the table minimum is clamped:
#: more than the heuristic bidder's largest reach (13 + 6 + 2) plus the three
#: other bids, so its "needed" comparison is unchanged by the clamp.
TABLE_MINIMUM_CLAMP = 64
#: Bands tabulated at first; doubled until the tables stop changing.
_FIRST_BANDS = 16
#: Ranks of a 13-bit suit pattern.
_SUIT_PATTERNS = 1 << len(RANKS)

#: Positions in :attr:`KernelTables.parameters` (module constants: Numba reads them as such).
(
    P_MAX_BID,
    P_DEALER_MAY_THROW_IN,
    P_TABLE_MIN_BY_HIGHEST,
    P_TABLE_MEASURE_VALUES,
    P_TABLE_EXACTLY,
    P_SPECIAL_BID,
    P_SPECIAL_PLAYS_HAND,
    P_REDUCED_SCOPE_OWN,
    P_THIRTEEN_FAIL_LOSES_GAME,
    P_THIRTEEN_NEEDS_PARTNER,
    P_THIRTEEN_CONFLICT_DRAW,
    P_PARTNER_MINIMUM,
    P_TEAM_TOTAL,
    P_RAISE_TARGET,
    P_TOTAL_TIE_DRAW,
    P_RAISE_WHEN_REACHED,
    P_BASE_TARGET,
    P_BANDS,
    P_TRUMP,
    P_POINTS_FIRST,
    P_STANDING_BY_PLAYER,
    P_FIRST_SEAT,
) = range(22)
PARAMETER_COUNT = 22
#: :data:`P_TRUMP` under the house rule ``trump=turned``: the trump is the suit of the
#: dealer's last card (``deck[13 * dealer + 12]`` of the kernel's deal), hand by hand.
TURNED_TRUMP = -1
#: The partner floor of ``partner_condition=off`` (a house rule): below any score.
NO_PARTNER_FLOOR = -(1 << 62)


class KernelTables(NamedTuple):
    """One rules value as arrays (see the module docstring for where each comes from)."""

    #: The ``P_*`` entries.
    parameters: Ints
    #: ``own_minimum[band]`` (clamped at ``max_bid + 1``).
    own_minimum: Ints
    #: ``table_minimum[band]`` of the score that sets it (clamped).
    table_minimum: Ints
    #: ``value[bid, band]``: :meth:`FastRules.bid_value` with both scores in that band.
    value: Ints
    #: ``change[made, bid, band]``: :meth:`FastRules.score_change`.
    change: Ints
    #: ``bidding_order[dealer]``, ``trick_order[leader]``: seats in turn.
    bidding_order: Ints
    trick_order: Ints
    first_leader: Ints
    next_dealer: Ints
    #: ``strength[trump suit, led suit, card]`` and ``card_suit[card]`` (the one card table).
    strength: Ints
    card_suit: Ints
    #: ``suit_mask[suit]`` as 64-bit masks of card indices.
    suit_mask: Masks
    #: The heuristic's estimate in half tricks: ``hearts_halves[pattern]``,
    #: ``side_halves[holds three hearts, pattern]``, and ``rounded[halves]``.
    hearts_halves: Ints
    side_halves: Ints
    rounded: Ints
    #: The four aces in deck order (the heuristic leads the first it holds that is no trump).
    aces: Ints


def _band_score(band: int) -> int:
    """The lowest score of a band (band 0: a score of 0)."""
    return 0 if band == 0 else BAND_START + (band - 1) * BAND_WIDTH


def _band_rows(fast: FastRules, bands: int) -> tuple[Ints, Ints, Ints, Ints]:
    rules = fast.rules
    scores = [_band_score(band) for band in range(bands)]
    own = np.array(
        [min(fast.own_minimum_bid(score), rules.max_bid + 1) for score in scores], dtype=np.int64
    )
    value = np.array(
        [[fast.bid_value(bid, score, score) for score in scores] for bid in range(14)],
        dtype=np.int64,
    )
    largest_total = max(52, 4 * int(np.abs(value).max()))
    clamp = largest_total + TABLE_MINIMUM_CLAMP
    table = np.array(
        [min(fast.table_minimum((score,) * 4), clamp) for score in scores], dtype=np.int64
    )
    change = np.array(
        [
            [
                [fast.score_change(bid, bid if made else bid - 1, score, score) for score in scores]
                if made or bid > 0
                else [fast.score_change(bid, 0, score, score) for score in scores]
                for bid in range(14)
            ]
            for made in (0, 1)
        ],
        dtype=np.int64,
    )
    return own, table, value, change


def _stable(rows: tuple[Ints, ...]) -> bool:
    """Whether every band table ends in two equal rows (and so stays constant)."""
    return all(bool(np.all(row[..., -1] == row[..., -2])) for row in rows)


def _suit_cards(pattern: int, suit: str) -> tuple[str, ...]:
    return tuple(RANKS[rank] + suit for rank in range(len(RANKS)) if pattern >> rank & 1)


@cache
def _estimate_tables() -> tuple[Ints, Ints]:
    """``estimated_tricks`` split by suit, in half tricks.

    The estimate is a hearts part plus, for each side suit, a part that depends
    on that suit's ranks and on whether the hand holds at least three hearts.
    ``hearts_halves[h]`` is the estimate of a hand holding only the hearts
    ``h`` (its three void side suits included); ``side_halves[t, s]`` is what
    a side suit ``s`` adds over a void one, measured beside three low hearts
    (t=1) or none (t=0). Then ``estimate(hand) = hearts_halves[h] + sum of
    side_halves[h has three hearts, s]`` over the side suits;
    ``tests/test_reference_batch.py`` checks this against ``estimated_tricks``
    on random hands.
    """
    side_suit = next(suit for suit in SUITS if suit != TRUMP_SUIT)
    hearts = np.array(
        [round(2 * estimated_tricks(_suit_cards(h, TRUMP_SUIT))) for h in range(_SUIT_PATTERNS)],
        dtype=np.int64,
    )
    side = np.zeros((2, _SUIT_PATTERNS), dtype=np.int64)
    for three, beside in enumerate(((), _suit_cards(0b111, TRUMP_SUIT))):
        alone = 2 * estimated_tricks(beside)
        for pattern in range(_SUIT_PATTERNS):
            with_suit = 2 * estimated_tricks((*beside, *_suit_cards(pattern, side_suit)))
            side[three, pattern] = round(with_suit - alone)
    return hearts, side


def _flags(rules: Rules, fast: FastRules, bands: int) -> Ints:
    """The switches and numbers the kernel branches on, read from the rules."""
    special = fast.special_bid
    p = np.zeros(PARAMETER_COUNT, dtype=np.int64)
    p[P_MAX_BID] = rules.max_bid
    p[P_DEALER_MAY_THROW_IN] = rules.dealer_may_throw_in
    p[P_TABLE_MIN_BY_HIGHEST] = rules.table_min_scores == "highest"
    p[P_TABLE_MEASURE_VALUES] = rules.table_measure == "values"
    p[P_TABLE_EXACTLY] = rules.table_comparison == "exactly"
    p[P_SPECIAL_BID] = -1 if special is None else special
    p[P_SPECIAL_PLAYS_HAND] = rules.table_measure == "values" and rules.thirteen != "points"
    p[P_REDUCED_SCOPE_OWN] = rules.reduced_scope == "own"
    p[P_THIRTEEN_FAIL_LOSES_GAME] = rules.thirteen == "win_or_lose_game"
    p[P_THIRTEEN_NEEDS_PARTNER] = rules.thirteen_win != "outright"
    p[P_THIRTEEN_CONFLICT_DRAW] = rules.thirteen_conflict == "draw"
    p[P_PARTNER_MINIMUM] = (
        NO_PARTNER_FLOOR
        if fast.partner_ok(NO_PARTNER_FLOOR)
        else min(score for score in (-1, 0, 1) if fast.partner_ok(score))
    )
    p[P_TEAM_TOTAL] = rules.win_measure == "team_total"
    p[P_RAISE_TARGET] = rules.both_qualify == "raise_target"
    p[P_TOTAL_TIE_DRAW] = rules.total_tie == "draw"
    p[P_RAISE_WHEN_REACHED] = rules.raise_trigger != "qualified"
    p[P_BASE_TARGET] = rules.target
    p[P_BANDS] = bands
    # The trump suit, or -1 under trump=turned: the suit the dealer turns, known at the deal.
    p[P_TRUMP] = rules.trump_suit(TURNED_TRUMP)
    p[P_POINTS_FIRST] = rules.thirteen_precedence == "points_first"
    p[P_STANDING_BY_PLAYER] = rules.both_qualify_by == "player_score"
    p[P_FIRST_SEAT] = rules.both_qualify == "first_seat"
    return p


@cache
def kernel_tables(rules: Rules) -> KernelTables:
    """The arrays of one rules value (cached)."""
    fast = FastRules.of(rules)
    bands = _FIRST_BANDS
    rows = _band_rows(fast, bands)
    while not _stable(rows):
        bands *= 2
        rows = _band_rows(fast, bands)
    own, table, value, change = rows
    hearts, side = _estimate_tables()
    ace = len(RANKS) - 1
    return KernelTables(
        parameters=_flags(rules, fast, bands),
        own_minimum=own,
        table_minimum=table,
        value=value,
        change=change,
        bidding_order=np.array([rules.bidding_seats(d) for d in range(4)], dtype=np.int64),
        trick_order=np.array([rules.trick_seats(s) for s in range(4)], dtype=np.int64),
        first_leader=np.array([rules.first_leader(d) for d in range(4)], dtype=np.int64),
        next_dealer=np.array([rules.next_dealer(d) for d in range(4)], dtype=np.int64),
        strength=np.array(STRENGTHS, dtype=np.int64),
        card_suit=np.array(CARD_SUIT, dtype=np.int64),
        suit_mask=np.array(SUIT_MASK, dtype=np.uint64),
        hearts_halves=hearts,
        side_halves=side,
        rounded=np.array([round(halves / 2) for halves in range(128)], dtype=np.int64),
        aces=np.array([s * len(RANKS) + ace for s in range(len(SUITS))], dtype=np.int64),
    )


def card_texts(indices: npt.NDArray[np.integer]) -> tuple[str, ...]:
    """Card indices in notation."""
    return tuple(FULL_DECK[int(i)] for i in indices)
