"""The edges: the values where some rule changes its answer, each citing the rule that makes it one.

Uniform noise rarely lands where an implementation goes wrong: a score of
exactly 30 (the first score band, qahwa §"Bidding"), a partner on 0 or 1
(the partner condition, qahwa §"Winning"), two teams crossing the target in
the same hand, a bid of 13. This module is the one place that names those
values:

* *edges*: band edges, partner edges, special bids, target offsets, each a
  documented constant derived from the specification's own constants
  (:data:`fourhundred.spec.model.BAND_START`, ``BAND_WIDTH``,
  :data:`fourhundred.spec.cards.TRICKS_PER_HAND`) and citing the rule that
  makes it an edge;
* *named selections* of those edges, one per consumer that needs its own
  (the suite's deterministic grids in :mod:`fourhundred.conformance.grids`,
  the mutants' differential questions in :mod:`fourhundred.conformance.mutants`,
  the fuzzer's random mixture in :mod:`fourhundred.conformance.inputs`, the
  Hypothesis strategies of :mod:`fourhundred.strategies`): a selection is a
  choice among the edges, never a second list of them.

Inputs are built on them by :mod:`~fourhundred.conformance.inputs` (random),
:mod:`~fourhundred.conformance.grids` (the suite's grids) and judged by
:mod:`~fourhundred.conformance.validity`.
"""

from __future__ import annotations

from fourhundred.spec.cards import (
    TRICKS_PER_HAND,
)
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

# ----------------------------------------------------------------------
# Edges: the values where some rule changes its answer
# ----------------------------------------------------------------------


def band_edge(band: int) -> int:
    """The first score of score band ``band``: 1 is 30-39, 2 is 40-49 and so on
    (:meth:`fourhundred.spec.model.Rules.score_band`; every source: "30-39", "40-49")."""
    return BAND_START + BAND_WIDTH * (band - 1)


def below_and_at(edge: int) -> tuple[int, int]:
    """The last value before an edge and the edge itself."""
    return (edge - 1, edge)


def around(edge: int) -> tuple[int, int, int]:
    """An edge with its neighbours on both sides."""
    return (edge - 1, edge, edge + 1)


#: The band edges where the minimums rise and the reduced values end: 30, 40, 50, 60.
#: From 30 the own minimum is 3, from 40 4, from 50 5 and the table minimum 12/13/14
#: (qahwa §"Bidding"; medallon §"Minimum Bids": "60-69: 6, increasing accordingly");
#: from 30 the bids of 5 and 6 are worth 5 and 6 (qahwa §"Scoring").
RISING_EDGES: tuple[int, ...] = tuple(band_edge(band) for band in range(1, 5))
#: The score from which an own minimum rising one per band without end (2 from 0,
#: 3 from 30 ...) passes the largest bid, 13: from 140 nobody can bid (medallon
#: §"Minimum Bids", "increasing accordingly"; ambiguity ``own-minimum-growth``).
UNBIDDABLE_EDGE: int = band_edge(TRICKS_PER_HAND - 1)
#: The score from which a table minimum rising one per band without end (11 from 0)
#: would pass 52, all the tricks four players hold (ambiguity ``table-minimum-growth``,
#: reading 52): 53 from 440.
TABLE_CAP_EDGE: int = band_edge(4 * TRICKS_PER_HAND - 11 + 1)
#: No rule changes at 100, the first three-digit score: a control value far out,
#: where an implementation that stores two digits or tables that stop at 99 goes wrong.
THREE_DIGIT_EDGE: int = 100
#: The partner condition: the other partner "above zero" (qahwa §"Winning"; pagat,
#: arab3meyeh §"Scoring"; medallon §"Winning the Game") or "not negative" (ambiguity
#: ``partner-at-zero``): -1, 0 and 1 decide it.
PARTNER_EDGE: int = 0
#: Scores a partner holds when the partner condition decides the game: two either side of 0.
PARTNER_EDGE_SCORES: tuple[int, ...] = tuple(range(PARTNER_EDGE - 2, PARTNER_EDGE + 3))
#: Bids worth a reduced value from 30 points: 5 = 5, 6 = 6 (qahwa §"Scoring").
REDUCED_VALUE_BIDS: tuple[int, ...] = (5, 6)
#: The smallest bid of qahwa's top value row: 10-13 are worth 40 (qahwa §"Scoring").
TOP_ROW_BID: int = 10
#: Bids worth 50 under pagat's option "any bid of 11 or more scores 50" (pagat §"Variations";
#: a 13 too under one reading, ambiguity ``eleven-plus-and-13``).
FIFTY_BIDS: tuple[int, ...] = (11, 12)
#: The bid of all the tricks, which decides the game where it is special (medallon,
#: pagat-400, qahwa classic; :meth:`fourhundred.spec.model.Rules.is_special_bid`).
THIRTEEN: int = TRICKS_PER_HAND
#: Bids that carry special rules somewhere: reduced values, the top row, fifty, the 13.
SPECIAL_BIDS: tuple[int, ...] = (*REDUCED_VALUE_BIDS, TOP_ROW_BID, *FIFTY_BIDS, THIRTEEN)
#: Offsets from the target (lowest, highest) of a score *near* it: from one made bid
#: of 6 short (12 points, qahwa §"Scoring") to a few points past it.
NEAR_TARGET: tuple[int, int] = (-12, 3)
#: Offsets from the target of a score *close* to it: within one made bid of 6 or less.
CLOSE_TO_TARGET: tuple[int, int] = (-6, 2)
#: How far short of the target a leader in a race to it may be (one bid of 6 and a bit).
RACE_SHORTFALL: int = 14
#: How many band widths a target in force is raised when both teams qualify at once
#: (``both_qualify=raise_target``, ambiguity ``both-teams-qualify``): up to two raises.
TARGET_RAISES: tuple[int, ...] = (1, 2)
#: The largest number of hands a generated whole game plays.
MAX_GAME_HANDS = 30


def edge_scores(min_value: int, max_value: int) -> tuple[int, ...]:
    """Every score next to the partner edge or a band edge, from ``min_value`` to ``max_value``."""
    edges = [PARTNER_EDGE, *(band_edge(b) for b in range(1, max(1, max_value // BAND_WIDTH) + 1))]
    return tuple(sorted({s for e in edges for s in around(e) if min_value <= s <= max_value}))


def target_edges(rules: Rules) -> tuple[int, ...]:
    """The targets a game under ``rules`` can be played to: the target and, under
    ``both_qualify=raise_target``, every raise of it (ambiguity ``both-teams-qualify``)."""
    if rules.both_qualify != "raise_target":
        return (rules.target,)
    return (rules.target, *(rules.target + BAND_WIDTH * n for n in TARGET_RAISES))


# ----------------------------------------------------------------------
# Named selections of the edges, one per consumer that needs its own
# ----------------------------------------------------------------------

#: The fuzzer's band-edge draw: every score within one of a band edge up to 70
#: (the bands a game to 41 or 61 crosses), and the partner's from -1 to 2.
FUZZ_EDGE_SCORES: tuple[int, ...] = tuple(
    sorted({s for s in PARTNER_EDGE_SCORES if s >= -1} | set(edge_scores(-1, 70)))
)
#: Both sides of every edge where a minimum or a value changes (29/30 ... 59/60, 139/140),
#: and 31: the mutants' differential questions draw their edge scores from these.
EDGE_GRID: tuple[int, ...] = tuple(
    sorted(
        {s for e in (*RISING_EDGES, UNBIDDABLE_EDGE) for s in below_and_at(e)} | {BAND_START + 1}
    )
)
#: The suite's own scores (``legal_bids``): the edge grid, the partner edge, the
#: three-digit control, and far out both ways (a negative score is in band 0:
#: ambiguity ``negative-scores``).
SUITE_OWN_SCORES: tuple[int, ...] = tuple(
    sorted({*EDGE_GRID, *around(PARTNER_EDGE), *below_and_at(THREE_DIGIT_EDGE), -25, 200})
)
#: The suite's leading scores for ``table_minimum``, in order (each is one seat's
#: score, the others capped at 10, then every seat's): negative, 0, both sides of every
#: rising edge and of the unbiddable edge, the band before and at the table cap edge, and
#: the score before that edge (last, so that the earlier entries keep their seats).
SUITE_TABLE_SCORES: tuple[int, ...] = (
    -5,
    PARTNER_EDGE,
    *(s for e in (*RISING_EDGES, UNBIDDABLE_EDGE) for s in below_and_at(e)),
    TABLE_CAP_EDGE - BAND_WIDTH,
    TABLE_CAP_EDGE,
    TABLE_CAP_EDGE - 1,
)
#: The suite's (own, highest) score pairs for ``bid_value``: the reduced values turn
#: on at 30 (qahwa §"Scoring"), on the own or the highest score (ambiguity
#: ``reduced-values-scope``), so both alike at each side of 30 and 50, and split across 30.
SUITE_BID_VALUE_SCORES: tuple[tuple[int, int], ...] = (
    *(
        (s, s)
        for s in (-12, PARTNER_EDGE, *below_and_at(RISING_EDGES[0]), *below_and_at(RISING_EDGES[2]))
    ),
    (PARTNER_EDGE, RISING_EDGES[0]),
    below_and_at(RISING_EDGES[0]),
    (RISING_EDGES[0], PARTNER_EDGE),
)
#: The suite's own scores for ``hand_scoring``: 0 and both sides of the reduced-value edge.
SUITE_HAND_SCORES: tuple[int, ...] = (PARTNER_EDGE, *below_and_at(RISING_EDGES[0]))
#: Scores at the first two band edges, a position where nobody is near the target
#: (the suite's ``game_outcome`` grid).
SUITE_QUIET_SCORES: tuple[int, ...] = (
    *below_and_at(RISING_EDGES[0]),
    *below_and_at(RISING_EDGES[1]),
)
