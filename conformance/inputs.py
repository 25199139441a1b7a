"""The one input layer: the values where rules bite, and inputs of every kind built on them.

Uniform noise rarely lands where an implementation goes wrong: a score of
exactly 30 (the first score band, qahwa §"Bidding"), a partner on 0 or 1
(the partner condition, qahwa §"Winning"), two teams crossing the target in
the same hand, a bid of 13, a deal thrown in. This module is the one place
that names those values (the *edges*, each with the rule that makes it one)
and the one place that builds inputs from them:

* *edges*: band edges, partner edges, special bids, target offsets, each a
  documented constant derived from the specification's own constants
  (:data:`fourhundred.spec.model.BAND_START`, ``BAND_WIDTH``,
  :data:`fourhundred.spec.cards.TRICKS_PER_HAND`) and citing the rule that
  makes it an edge;
* *named selections* of those edges, one per consumer that needs its own
  (the suite's deterministic grids in :mod:`fourhundred.conformance.generate`,
  the mutants' differential questions in :mod:`fourhundred.conformance.mutants`,
  the fuzzer's random mixture below, the Hypothesis strategies of
  :mod:`fourhundred.strategies`): a selection is a choice among the edges,
  never a second list of them;
* :class:`Position`: where a game stands between hands (scores, dealer,
  target in force);
* deterministic helpers the suite's grids use (:func:`raised_until`,
  :func:`spread_tricks`, :func:`tricks_making`, :func:`dealt_cards`);
* for each case kind, three functions its registry entry
  (:class:`fourhundred.conformance.kinds.Kind`) refers to, and nothing keyed
  by kind names: a fast random generator (``<kind>_input(rng, rules)``,
  drawing from mixtures that put most of their weight on the edges and some
  on plain uniform values, on :class:`random.Random` directly so a campaign
  can run tens of thousands of cases a second), its validity
  (``<kind>_is_valid(rules, data)``) and the suite's deterministic grid
  (``<kind>_suite_inputs(rules)``, each input with what it asks).

Every generated input is *valid* for its kind (``<kind>_is_valid``): bids
legal for their bidders' scores, tricks adding to 13, a scored hand one that
is played. An implementation may reject invalid input, so a disagreement on
it would say nothing about the rules.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.reference.actions import NotationError
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.reference.notation import from_notation
from fourhundred.spec.cards import (
    CARD_INDEX,
    FULL_DECK,
    RANKS,
    SEAT_NAMES,
    SUITS,
    TRICKS_PER_HAND,
    TRUMP_SUIT,
)
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

Json = dict[str, Any]


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


def fast_rules(rules: Rules) -> FastRules:
    """The reference's fast rule layer for ``rules`` (the reference's own, cached by
    identity in :meth:`~fourhundred.reference.engine.Reference.of`)."""
    return Reference.of(rules).fast


# ----------------------------------------------------------------------
# Positions
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Where a game stands between hands: the scores by seat (N, W, S, E), the
    dealer of the next hand, and the target in force (what
    :meth:`fourhundred.spec.model.Rules.hand_result` takes besides the hand itself)."""

    scores: tuple[int, int, int, int]
    dealer: int
    target_in_force: int

    def as_json(self) -> Json:
        """The position's fields as they appear in a ``game_outcome`` input."""
        return {
            "scores": list(self.scores),
            "dealer": self.dealer,
            "target_in_force": self.target_in_force,
        }


def is_target_in_force(rules: Rules, target: int) -> bool:
    """Whether a game under ``rules`` can be played to ``target``: the target itself, or
    under ``both_qualify=raise_target`` the target raised by whole bands (ambiguity
    ``both-teams-qualify``)."""
    if rules.both_qualify == "raise_target":
        return target >= rules.target and (target - rules.target) % BAND_WIDTH == 0
    return target == rules.target


def is_valid_position(rules: Rules, position: Position) -> bool:
    """Whether a position is one a hand can start from: a dealer seat, a target in
    force, and every player with a legal bid."""
    return (
        0 <= position.dealer <= 3
        and is_target_in_force(rules, position.target_in_force)
        and all(biddable(rules, s) for s in position.scores)
    )


def position(rng: random.Random, rules: Rules) -> Position:
    """A position to start a hand from (see :func:`is_valid_position`): a target in
    force, scores drawn around it (:func:`four_scores`), any dealer."""
    target = target_in_force(rng, rules)
    north, west, south, east = four_scores(rng, rules, target)
    return Position((north, west, south, east), rng.randrange(4), target)


# ----------------------------------------------------------------------
# Deterministic helpers of the suite's grids
# ----------------------------------------------------------------------

#: Picks the seat whose bid rises next, or None when no seat may rise.
SeatPicker = Callable[[Sequence[int]], int | None]


def raised_until(
    bids: Sequence[int], done: Callable[[Sequence[int]], bool], next_seat: SeatPicker
) -> list[int] | None:
    """Raise one bid at a time, at the seat ``next_seat`` picks, until ``done``; None
    when no seat may rise first. Every way of raising bids here goes through this."""
    raised = list(bids)
    while not done(raised):
        seat = next_seat(raised)
        if seat is None:
            return None
        raised[seat] += 1
    return raised


def played_at(rules: Rules, scores: Sequence[int]) -> Callable[[Sequence[int]], bool]:
    """Whether bids are played at these scores, by the specification's rule
    (:meth:`fourhundred.spec.model.Rules.hand_is_played`)."""
    return lambda bids: bool(rules.hand_is_played(bids, scores))


def in_turn(order: Iterable[int], ceiling: int) -> SeatPicker:
    """Seats in ``order``, round and round, skipping those at ``ceiling``."""
    seats = itertools.cycle(order)

    def next_seat(bids: Sequence[int]) -> int | None:
        if all(b >= ceiling for b in bids):
            return None
        return next(s for s in seats if bids[s] < ceiling)

    return next_seat


def lowest_but(fixed: int, ceiling: int) -> SeatPicker:
    """The seat (not ``fixed``) with the lowest bid below ``ceiling``, the first on a tie."""

    def next_seat(bids: Sequence[int]) -> int | None:
        others = [s for s in range(4) if s != fixed and bids[s] < ceiling]
        return min(others, key=lambda s: bids[s]) if others else None

    return next_seat


def at_random(rng: random.Random, ceiling: int) -> SeatPicker:
    """Any seat below ``ceiling``."""

    def next_seat(bids: Sequence[int]) -> int | None:
        open_seats = [s for s in range(4) if bids[s] < ceiling]
        return rng.choice(open_seats) if open_seats else None

    return next_seat


def own_minimums(rules: Rules, scores: Sequence[int]) -> list[int] | None:
    """Each seat's own minimum bid, or None when some seat has no legal bid."""
    lows = [int(rules.own_minimum_bid(s)) for s in scores]
    return lows if all(low <= rules.max_bid for low in lows) else None


def spread_tricks(total: int, seats: Sequence[int]) -> dict[int, int]:
    """Split ``total`` tricks as evenly as possible over ``seats`` (the first ones get more)."""
    share, extra = divmod(total, len(seats))
    return {seat: share + (1 if k < extra else 0) for k, seat in enumerate(seats)}


def tricks_making(bids: Sequence[int], made: Sequence[bool]) -> list[int] | None:
    """Tricks adding to 13 with which exactly the bids marked ``made`` are made (each
    failed bid one short or less, the rest to the first maker); None if impossible."""
    tricks = [b if m else 0 for b, m in zip(bids, made, strict=True)]
    left = TRICKS_PER_HAND - sum(tricks)
    if left < 0:
        return None
    for seat in range(4):
        if not made[seat]:
            give = min(left, bids[seat] - 1)
            tricks[seat] += give
            left -= give
    if left:
        takers = [s for s in range(4) if made[s]]
        if not takers:
            return None
        tricks[takers[0]] += left
    return tricks


def dealt_cards(seed: int, size: int) -> list[str]:
    """A deterministic hand of ``size`` cards: a small linear congruential shuffle of
    the deck, so that it never depends on :mod:`random`'s algorithm."""
    deck = list(FULL_DECK)
    state = seed * 2654435761 % 4294967296
    for i in range(len(deck) - 1, 0, -1):
        state = (state * 1103515245 + 12345) % 2147483648
        j = state % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:size]


# ----------------------------------------------------------------------
# Scores, bids and tricks
# ----------------------------------------------------------------------


def score(rng: random.Random, rules: Rules, target: int | None = None) -> int:
    """One player's score: band edges, near the target, 0/1, negative, or plain uniform."""
    aim = rules.target if target is None else target
    roll = rng.random()
    if roll < 0.30:
        return rng.choice(FUZZ_EDGE_SCORES)
    if roll < 0.50:
        return aim + rng.randint(*NEAR_TARGET)
    if roll < 0.62:
        return rng.choice(PARTNER_EDGE_SCORES)
    if roll < 0.72:
        return -rng.randint(1, 60)
    return rng.randint(-30, aim + 20)


def biddable(rules: Rules, own_score: int) -> bool:
    """Whether a player on this score has at least one legal bid."""
    return fast_rules(rules).own_minimum_bid(own_score) <= rules.max_bid


def playable_score(rng: random.Random, rules: Rules, target: int | None = None) -> int:
    """A score from :func:`score` at which the player can still bid."""
    for _ in range(8):
        value = score(rng, rules, target)
        if biddable(rules, value):
            return value
    return rng.randint(-10, BAND_START - 1)


def four_scores(rng: random.Random, rules: Rules, target: int | None = None) -> list[int]:
    """Four scores (by seat) from which everyone can bid, sometimes all alike."""
    roll = rng.random()
    if roll < 0.1:
        same = playable_score(rng, rules, target)
        return [same] * 4
    return [playable_score(rng, rules, target) for _ in range(4)]


def race_scores(rng: random.Random, rules: Rules, target: int) -> list[int]:
    """Scores where the game may end this hand: leaders just short of the target,
    partners on the edge of the partner condition, sometimes both teams at once."""
    scores = [0, 0, 0, 0]
    both = rng.random() < 0.5
    for team in (0, 1):
        leader = team + 2 * rng.randint(0, 1)
        partner = (leader + 2) % 4
        if team == 0 or both:
            scores[leader] = target - rng.randint(0, RACE_SHORTFALL)
        else:
            scores[leader] = playable_score(rng, rules, target)
        scores[partner] = (
            rng.choice(PARTNER_EDGE_SCORES) if rng.random() < 0.6 else score(rng, rules, target)
        )
    if rules.win_measure == "team_total" and rng.random() < 0.5:
        for team in (0, 1):
            half = (target - rng.randint(0, 12)) // 2
            scores[team], scores[team + 2] = half, half + rng.randint(-3, 3)
    return [s if biddable(rules, s) else rng.randint(-5, BAND_START - 1) for s in scores]


def bid_for(rng: random.Random, rules: Rules, own_score: int) -> int:
    """A legal bid for a player on ``own_score``: mostly small, sometimes big or the largest."""
    low = fast_rules(rules).own_minimum_bid(own_score)
    high = rules.max_bid
    roll = rng.random()
    if roll < 0.6:
        return min(high, low + min(int(rng.expovariate(0.8)), high))
    if roll < 0.75:
        return rng.randint(low, high)
    if roll < 0.85:
        return high
    return max(low, min(high, rng.choice(SPECIAL_BIDS)))


def legal_four_bids(rng: random.Random, rules: Rules, scores: Sequence[int]) -> list[int]:
    """Four bids, each legal for its bidder's score."""
    return [bid_for(rng, rules, s) for s in scores]


def played_bids(
    rng: random.Random, rules: Rules, scores: Sequence[int], extra: bool = True
) -> list[int] | None:
    """Legal bids with which the hand is played (not thrown in), or None if there are none.

    Starts from the own minimums (sometimes with one bid of the largest size),
    raises random bids one at a time until the table minimum is reached, then
    sometimes adds more raises that keep the hand played.
    """
    fast = fast_rules(rules)
    lows = [fast.own_minimum_bid(s) for s in scores]
    top = rules.max_bid

    def played(bids: Sequence[int]) -> bool:
        return bool(fast.hand_is_played(bids, scores))

    for _attempt in range(6):
        start = list(lows)
        roll = rng.random()
        if roll < 0.12:
            start[rng.randrange(4)] = top
        elif roll < 0.16:  # two big bids: two 13s can conflict
            first, second = rng.sample(range(4), 2)
            start[first] = start[second] = top
        bids = raised_until(start, played, at_random(rng, top))
        if bids is None:
            continue
        for _ in range(int(rng.expovariate(0.7)) if extra else 0):
            seat = rng.randrange(4)
            if bids[seat] < top:
                bids[seat] += 1
                if not played(bids):
                    bids[seat] -= 1
        return bids
    return None


def tricks_for(rng: random.Random, bids: Sequence[int]) -> list[int]:
    """Tricks by seat adding to 13: mostly each bid made exactly or failed by one."""
    tricks = []
    for bid in bids:
        roll = rng.random()
        if roll < 0.45:
            wanted = bid
        elif roll < 0.7:
            wanted = bid - 1
        elif roll < 0.8:
            wanted = bid + 1
        else:
            wanted = rng.randint(0, 13)
        tricks.append(max(0, min(13, wanted)))
    while sum(tricks) > 13:
        seat = rng.choice([s for s in range(4) if tricks[s] > 0])
        tricks[seat] -= 1
    while sum(tricks) < 13:
        seat = rng.choice([s for s in range(4) if tricks[s] < 13])
        tricks[seat] += 1
    return tricks


def tricks_near(rng: random.Random, bids: Sequence[int]) -> list[int]:
    """Tricks by seat adding to 13, each near its bid where possible (made or failed by one)."""
    tricks = [max(0, b - rng.choice((0, 0, 1))) for b in bids]
    while sum(tricks) > TRICKS_PER_HAND:
        seat = rng.randrange(4)
        if tricks[seat]:
            tricks[seat] -= 1
    tricks[rng.randrange(4)] += TRICKS_PER_HAND - sum(tricks)
    return tricks


def cut_tricks(rng: random.Random) -> list[int]:
    """Tricks by seat adding to 13, cut at three uniform places (any split at all)."""
    cuts = sorted(rng.randint(0, TRICKS_PER_HAND) for _ in range(3))
    return [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], TRICKS_PER_HAND - cuts[2]]


def target_in_force(rng: random.Random, rules: Rules) -> int:
    """The target, or under ``both_qualify=raise_target`` sometimes a raised one."""
    if rules.both_qualify == "raise_target" and rng.random() < 0.5:
        return rules.target + BAND_WIDTH * rng.randint(TARGET_RAISES[0], TARGET_RAISES[-1])
    return rules.target


# ----------------------------------------------------------------------
# Cards
# ----------------------------------------------------------------------


def _card_of_suit(rng: random.Random, suit: str) -> str:
    return rng.choice(RANKS) + suit


def trick(rng: random.Random) -> list[str]:
    """Four distinct cards in play order: followers mostly follow or trump."""
    lead = rng.choice(FULL_DECK)
    cards = [lead]
    while len(cards) < 4:
        roll = rng.random()
        if roll < 0.5:
            card = _card_of_suit(rng, lead[1])
        elif roll < 0.75:
            card = _card_of_suit(rng, TRUMP_SUIT)
        else:
            card = rng.choice(FULL_DECK)
        if card not in cards:
            cards.append(card)
    return cards


def hand_and_led(rng: random.Random) -> tuple[list[str], str | None]:
    """A hand of 1-13 cards and the card led (None when leading), never a card of the hand."""
    size = rng.randint(1, 13) if rng.random() < 0.7 else rng.choice((1, 2, 13))
    hand = rng.sample(FULL_DECK, size)
    if rng.random() < 0.2:
        return hand, None
    held = {c[1] for c in hand}
    for _ in range(20):
        suit = rng.choice(sorted(held)) if rng.random() < 0.6 else rng.choice(SUITS)
        led = _card_of_suit(rng, suit)
        if led not in hand:
            return hand, led
    return hand, next(c for c in FULL_DECK if c not in hand)


# ----------------------------------------------------------------------
# One input per kind
# ----------------------------------------------------------------------


def bid_value_input(rng: random.Random, rules: Rules) -> Json:
    """``{bid, own_score, highest_score}`` with the highest score never below the own."""
    roll = rng.random()
    if roll < 0.4:
        bid = max(rules.min_bid, min(rules.max_bid, rng.choice(SPECIAL_BIDS)))
    else:
        bid = rng.randint(rules.min_bid, rules.max_bid)
    own = score(rng, rules)
    highest = own if rng.random() < 0.4 else max(own, score(rng, rules))
    return {"bid": bid, "own_score": own, "highest_score": highest}


def legal_bids_input(rng: random.Random, rules: Rules) -> Json:
    """``{own_score}``."""
    return {"own_score": score(rng, rules)}


def table_minimum_input(rng: random.Random, rules: Rules) -> Json:
    """``{scores, bids}``: legal bids, often one raise either side of the table minimum."""
    scores = four_scores(rng, rules)
    if rng.random() < 0.6:
        short = rng.random() < 0.5
        bids = played_bids(rng, rules, scores, extra=not short)
        if bids is not None and short:
            raised = [s for s in range(4) if bids[s] > fast_rules(rules).own_minimum_bid(scores[s])]
            if raised:
                bids[rng.choice(raised)] -= 1
        if bids is not None:
            return {"scores": scores, "bids": bids}
    return {"scores": scores, "bids": legal_four_bids(rng, rules, scores)}


def _scored_hand(rng: random.Random, rules: Rules, near_target: int | None) -> Json:
    for _ in range(20):
        if near_target is not None and rng.random() < 0.6:
            scores = race_scores(rng, rules, near_target)
        else:
            scores = four_scores(rng, rules, near_target)
        bids = played_bids(rng, rules, scores)
        if bids is not None:
            return {"scores": scores, "bids": bids, "tricks": tricks_for(rng, bids)}
    scores = [0, 0, 0, 0]
    bids = played_bids(rng, rules, scores) or [rules.max_bid] * 4
    return {"scores": scores, "bids": bids, "tricks": tricks_for(rng, bids)}


def hand_scoring_input(rng: random.Random, rules: Rules) -> Json:
    """``{scores, bids, tricks}`` of a played hand."""
    return _scored_hand(rng, rules, None)


def game_outcome_input(rng: random.Random, rules: Rules) -> Json:
    """``{scores, bids, tricks, dealer, target_in_force}``, scores often racing to the target."""
    target = target_in_force(rng, rules)
    data = _scored_hand(rng, rules, target)
    data["dealer"] = rng.randrange(4)
    data["target_in_force"] = target
    return data


def trick_winner_input(rng: random.Random, rules: Rules) -> Json:
    """``{trick}``."""
    return {"trick": trick(rng)}


def legal_plays_input(rng: random.Random, rules: Rules) -> Json:
    """``{hand, led}``."""
    hand, led = hand_and_led(rng)
    return {"hand": hand, "led": led}


def whole_game_input(rng: random.Random, rules: Rules) -> Json:
    """``{position, actions}`` (mostly one to a few hands from a generated position) or
    ``{first_dealer, actions}`` (a full game): by the reference's heuristic players
    (see :mod:`fourhundred.fuzz.games`)."""
    from fourhundred.fuzz import games

    return games.random_game(rng, rules, MAX_GAME_HANDS)


def scripted_games(seed_prefix: str) -> list[tuple[str, Json]]:
    """``(variant, whole_game input)`` for every game the suite scripts
    (:data:`fourhundred.conformance.games.GAMES` and ``SEATED_GAMES``), written
    again from other seeds: ``seed_prefix/<the game's seed>``."""
    from fourhundred.conformance import games

    chosen = [(game, False) for game in games.GAMES] + [(game, True) for game in games.SEATED_GAMES]
    result = []
    for (variant, dealer, seed, _), seated in chosen:
        first = (dealer + 1) % 4
        script = games.play_scripted_game(variant, first, f"{seed_prefix}/{seed}", seated)
        result.append((variant, {"first_dealer": first, "actions": script.actions}))
    return result


# ----------------------------------------------------------------------
# Validity (what the shrinker may move to)
# ----------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _four_ints(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(_is_int(v) for v in value)


def _bids_legal(rules: Rules, bids: Sequence[int], scores: Sequence[int]) -> bool:
    fast = fast_rules(rules)
    return all(fast.bid_is_legal(b, s) for b, s in zip(bids, scores, strict=True))


def _cards_distinct(cards: Any) -> bool:
    return (
        isinstance(cards, list)
        and all(isinstance(c, str) and c in CARD_INDEX for c in cards)
        and len(set(cards)) == len(cards)
    )


def _field(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key)


def bid_value_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A bid of the variant's range, and the highest score never below the own."""
    return (
        _is_int(_field(data, "bid"))
        and _is_int(_field(data, "own_score"))
        and _is_int(_field(data, "highest_score"))
        and rules.min_bid <= data["bid"] <= rules.max_bid
        and data["highest_score"] >= data["own_score"]
    )


def legal_bids_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Any whole own score."""
    return _is_int(_field(data, "own_score"))


def table_minimum_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Four scores and four bids, each bid legal for its bidder's score."""
    return (
        _four_ints(_field(data, "scores"))
        and _four_ints(_field(data, "bids"))
        and _bids_legal(rules, data["bids"], data["scores"])
    )


def trick_winner_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """Four distinct cards."""
    return _cards_distinct(_field(data, "trick")) and len(data["trick"]) == 4


def legal_plays_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A hand of 1-13 distinct cards, and a card led (or none) that is not in it."""
    hand, led = _field(data, "hand"), _field(data, "led")
    return (
        _cards_distinct(hand)
        and 1 <= len(hand) <= 13
        and (led is None or (led in CARD_INDEX and led not in hand))
    )


def hand_scoring_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A played hand: legal bids that are played, and tricks adding to 13."""
    scores, bids, tricks = _field(data, "scores"), _field(data, "bids"), _field(data, "tricks")
    return (
        _four_ints(scores)
        and _four_ints(bids)
        and _four_ints(tricks)
        and _bids_legal(rules, bids, scores)
        and bool(fast_rules(rules).hand_is_played(bids, scores))
        and all(t >= 0 for t in tricks)
        and sum(tricks) == TRICKS_PER_HAND
    )


def game_outcome_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A played hand (:func:`hand_scoring_is_valid`) from a valid position
    (:func:`is_valid_position`)."""
    if not hand_scoring_is_valid(rules, data):
        return False
    dealer, target = _field(data, "dealer"), _field(data, "target_in_force")
    return (
        _is_int(dealer)
        and _is_int(target)
        and is_valid_position(rules, Position((*data["scores"],), dealer, target))
    )


def whole_game_is_valid(rules: Rules, data: Mapping[str, Any]) -> bool:
    """A start (a first dealer's seat, or a ``position`` of the one-line notation) and a
    list of action strings (illegal actions are part of the game)."""
    actions = _field(data, "actions")
    start = (
        _is_int(_field(data, "first_dealer")) and 0 <= data["first_dealer"] <= 3
        if "position" not in data
        else _is_position(rules, data["position"])
    )
    return start and isinstance(actions, list) and all(isinstance(a, str) for a in actions)


def _is_position(rules: Rules, text: Any) -> bool:
    """Whether a whole_game case's ``position`` is a position of the one-line notation."""
    try:
        from_notation(rules, text)
    except NotationError:
        return False
    return True


# ----------------------------------------------------------------------
# The suite's grids: the deterministic inputs of each kind, for one rule set
# (:attr:`fourhundred.conformance.kinds.Kind.suite_inputs`; whole games are
# scripted in :mod:`fourhundred.conformance.games`)
# ----------------------------------------------------------------------


def bid_value_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Every bid at the reduced-value edges, judged on the own and the highest score
    (:data:`SUITE_BID_VALUE_SCORES`)."""
    for bid in range(rules.min_bid, rules.max_bid + 1):
        for own, highest in SUITE_BID_VALUE_SCORES:
            yield (
                {"bid": bid, "own_score": own, "highest_score": highest},
                f"bid {bid} with own score {own}, highest score {highest}",
            )


def legal_bids_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """The own score at every band edge (:data:`SUITE_OWN_SCORES`)."""
    for own in SUITE_OWN_SCORES:
        yield {"own_score": own}, f"legal bids on an own score of {own}"


def _raise_to(rules: Rules, bids: list[int], total: int, order: Sequence[int]) -> list[int] | None:
    """Raise bids (in seat order) until they add up to ``total`` tricks."""
    raised = raised_until(bids, lambda b: sum(b) >= total, in_turn(order, rules.max_bid))
    return raised if raised is not None and sum(raised) == total else None


def table_minimum_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Scores at every band edge (one player or all four); bids one short, exactly
    at, and one over the minimum; and big bids that count double as values."""
    vectors: list[list[int]] = []
    for index, high in enumerate(SUITE_TABLE_SCORES):
        seat = index % 4
        vector = [min(high, 10) if high >= 0 else high] * 4
        vector[seat] = high
        vectors.append(vector)
        vectors.append([high] * 4)
    for scores in vectors:
        mins = own_minimums(rules, scores)
        if mins is None:
            continue
        minimum = int(rules.table_minimum(scores))
        bid_vectors: list[tuple[list[int], str]] = []
        for total in (minimum - 1, minimum, minimum + 1):
            raised = _raise_to(rules, mins, total, (1, 2, 3, 0))
            if raised is not None:
                bid_vectors.append((raised, f"bids totalling {total} tricks"))
        for big in (7, rules.max_bid):
            if big >= mins[0]:
                bid_vectors.append(([big, *mins[1:]], f"a bid of {big} and three minimum bids"))
        for bids, what in bid_vectors:
            yield (
                {"scores": scores, "bids": bids},
                f"scores {scores}: {what} (table minimum {minimum})",
            )


def trick_winner_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Hand-picked tricks (every position winning, trumps, discards) and dealt ones."""
    picked = [
        (["4C", "AC", "2H", "KC"], "a low heart trumps the ace of the suit led"),
        (["4C", "AC", "KC", "QC"], "all follow: the highest card of the suit led"),
        (["4C", "2D", "3S", "5C"], "discards never win: the last player's higher club wins"),
        (["AS", "KD", "QC", "JD"], "nobody follows: the card led wins"),
        (["2H", "AS", "AC", "AD"], "a heart led beats aces of other suits"),
        (["5H", "7H", "6H", "3H"], "all hearts: the highest heart"),
        (["TC", "3H", "9H", "4H"], "several trumps: the highest heart"),
        (["KS", "AS", "AH", "2S"], "the ace of hearts over the ace of spades"),
        (["2C", "3C", "4C", "5C"], "the last card, highest of the suit led"),
        (["QD", "KD", "AD", "JD"], "the third card, the ace"),
        (["AD", "2D", "3D", "4D"], "the leader's ace"),
        (["7S", "2H", "AS", "3H"], "a later, higher trump over an earlier one"),
        (["9D", "TD", "JD", "2C"], "a discard after the winner"),
        (["TS", "JS", "TH", "QS"], "a ten of hearts over a queen of spades played after it"),
    ]
    for trick, what in picked:
        yield {"trick": trick}, what
    for seed in range(60):
        hand = dealt_cards(1000 + seed, 4)
        yield {"trick": hand}, f"dealt trick #{seed}"


def legal_plays_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Leading, following, void (trump or discard allowed), last card, hearts led."""
    picked: list[tuple[list[str], str | None, str]] = [
        (["AS", "2S", "KH", "3D"], None, "the leader may lead any card, a heart included"),
        (["AS", "2S", "KH", "3D"], "5S", "must follow spades"),
        (["AS", "2S", "KH", "3D"], "5C", "void in clubs: any card, trump or discard"),
        (["AS", "2S", "KH", "3D"], "5H", "hearts led: must follow with the heart"),
        (["AS", "2S", "4S", "3D"], "5H", "hearts led, no heart: any card"),
        (["7D"], "AD", "the last card, following"),
        (["7D"], "AC", "the last card, not following"),
        (["2H", "3H", "4H"], "KS", "only hearts: may trump with any"),
    ]
    for hand, led, what in picked:
        yield {"hand": hand, "led": led}, what
    for seed in range(40):
        hand = dealt_cards(2000 + seed, 1 + seed % 13)
        led_pool = dealt_cards(3000 + seed, 52)
        led = next(card for card in led_pool if card not in hand)
        yield {"hand": hand, "led": None if seed % 5 == 0 else led}, f"dealt hand #{seed}"


def hand_scoring_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Each bid made exactly, failed by one, and over-made, at reduced-value edges;
    a seat's score never depends on its partner's tricks."""
    for bid in range(rules.min_bid, rules.max_bid + 1):
        seat = bid % 4
        for own in SUITE_HAND_SCORES:
            scores = [10, 20, 5, 12]
            scores[seat] = own
            if int(rules.own_minimum_bid(own)) > bid:
                continue
            trick_options = [bid, bid - 1] + ([bid + 2] if bid + 2 <= 13 else [])
            for taken in trick_options:
                others = [s for s in range(4) if s != seat]
                mins = own_minimums(rules, scores)
                if mins is None:
                    continue
                bids = list(mins)
                bids[seat] = bid
                played = raised_until(
                    bids,
                    played_at(rules, scores),
                    lowest_but(seat, min(rules.max_bid, 6)),
                )
                if played is None:
                    continue
                tricks = [0, 0, 0, 0]
                tricks[seat] = taken
                for other, count in spread_tricks(13 - taken, others).items():
                    tricks[other] = count
                yield (
                    {"scores": scores, "bids": played, "tricks": tricks},
                    f"seat {SEAT_NAMES[seat]} on {own} bids {bid} and takes {taken}",
                )
    # The partner's tricks do not count (qahwa §Scoring).
    yield (
        {"scores": [0, 0, 0, 0], "bids": [4, 3, 4, 3], "tricks": [3, 2, 7, 1]},
        "North fails by one while South, the partner, takes seven",
    )


def _seat_options(rules: Rules, after: int, highest_guess: int) -> list[tuple[int, bool, int]]:
    """(bid, made, score before) that lead a seat to ``after``, own score bands included."""
    options = []
    for bid in range(rules.min_bid, min(rules.max_bid, 9) + 1):
        if bool(rules.is_special_bid(bid)):
            continue
        for made in (True, False):
            before = after
            for _ in range(4):
                value = int(rules.bid_value(bid, before, highest_guess))
                before = after - value if made else after + value
            if bool(rules.bid_is_legal(bid, before)):
                options.append((bid, made, before))
    options.sort(key=lambda o: (not o[1], o[0]))
    return options


def solve_hand(rules: Rules, after: Sequence[int], dealer: int) -> Json | None:
    """A played hand (scores before, legal bids, tricks) that ends on ``after``."""
    highest_guess = max(after)
    per_seat = [_seat_options(rules, a, highest_guess)[:8] for a in after]
    for combo in itertools.product(*per_seat):
        bids = [o[0] for o in combo]
        made = [o[1] for o in combo]
        before = [o[2] for o in combo]
        tricks = tricks_making(bids, made)
        if tricks is None:
            continue
        if not bool(rules.bids_are_legal(bids, before)) or not bool(
            rules.hand_is_played(bids, before)
        ):
            continue
        if [int(x) for x in rules.scores_after(before, bids, tricks)] != list(after):
            continue
        return {"scores": before, "bids": bids, "tricks": tricks, "dealer": dealer}
    return None


def _after_vectors(target: int) -> list[tuple[list[int], str]]:
    t = target
    return [
        ([t - 1, 10, 1, 12], "North one short of the target, partner on 1"),
        ([t, 10, -1, 12], "North on the target, partner on -1"),
        ([t, 10, 0, 12], "North on the target, partner on 0"),
        ([t, 10, 1, 12], "North on the target, partner on 1"),
        ([t + 3, 10, 1, 12], "North past the target, partner on 1"),
        ([10, t, 12, 1], "West on the target, partner on 1"),
        ([10, t, 12, 0], "West on the target, partner on 0"),
        ([12, 5, 10, t - 1], "East one short of the target"),
        ([t, t, 5, 5], "North and West on the target, equal team totals"),
        ([t + 2, t, 5, 5], "North and West on the target, North-South ahead"),
        ([t, t + 2, 5, 5], "North and West on the target, West-East ahead"),
        ([t, t, 5, 0], "both on the target, West-East's partner on 0"),
        (
            [t // 2, 5, t - t // 2, 6],
            "North-South's total exactly the target, each partner below it",
        ),
        ([t // 2, 5, t - t // 2 - 1, 6], "North-South's total one short of the target"),
        ([t, 5, 0, 6], "North-South's total the target with South on 0"),
        ([t + 1, 5, -1, 6], "North-South's total the target with South on -1"),
        (list(SUITE_QUIET_SCORES), "scores at band edges, nobody near the target"),
    ]


def game_outcome_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Scores landing on the target and on 0/1 for the partner, both teams
    qualifying, raised targets, and bids of 13 that decide the game."""
    for target in target_edges(rules)[:2]:  # the target and its first raise
        for index, (after, what) in enumerate(_after_vectors(target)):
            hand = solve_hand(rules, after, dealer=index % 4)
            if hand is None:
                continue
            label = f"{what} (target in force {target})"
            yield {**hand, "target_in_force": target}, label
        if target != rules.target:
            for after, what in (
                (
                    [rules.target + 2, 5, 10, 12],
                    "raised target: North qualifies only at the base target",
                ),
                (
                    [target - 12, target - 12, 5, 5],
                    "raised target: both fall back below the base target",
                ),
            ):
                hand = solve_hand(rules, after, dealer=0)
                if hand is not None:
                    yield {**hand, "target_in_force": target}, what
    yield from _thirteen_inputs(rules)


def _thirteen_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    if rules.max_bid < THIRTEEN:
        return
    t = rules.target
    scenarios: list[tuple[list[int], list[int], list[int], int, str]] = [
        ([0, 0, 0, 0], [13, 2, 2, 2], [13, 0, 0, 0], 0, "North bids 13 and takes all 13"),
        ([0, 0, -8, 0], [13, 2, 2, 2], [13, 0, 0, 0], 0, "North makes 13 with the partner on -8"),
        (
            [0, 0, 0, 0],
            [13, 2, 2, 2],
            [12, 1, 0, 0],
            0,
            "North bids 13 and loses one trick to West",
        ),
        (
            [0, 0, 0, 0],
            [13, 2, 2, 2],
            [12, 0, 1, 0],
            0,
            "North bids 13 and loses one trick to the partner",
        ),
        ([0, 0, 0, 0], [2, 13, 2, 2], [0, 13, 0, 0], 1, "West bids 13 and takes all 13"),
        (
            [t - 2, 0, 5, 0],
            [2, 13, 2, 2],
            [0, 13, 0, 0],
            1,
            "West makes 13 while North reaches the target",
        ),
        (
            [0, 0, 0, 0],
            [13, 13, 2, 2],
            [12, 1, 0, 0],
            0,
            "North and West both bid 13 and both fail (dealer North)",
        ),
        (
            [0, 0, 0, 0],
            [13, 13, 2, 2],
            [12, 1, 0, 0],
            3,
            "North and West both bid 13 and both fail (dealer East)",
        ),
        (
            [0, 0, 0, 0],
            [13, 2, 13, 2],
            [13, 0, 0, 0],
            0,
            "North makes 13 while South's 13 fails (dealer North)",
        ),
        (
            [0, 0, 0, 0],
            [13, 2, 13, 2],
            [13, 0, 0, 0],
            1,
            "North makes 13 while South's 13 fails (dealer West)",
        ),
    ]
    for scores, bids, tricks, dealer, what in scenarios:
        if not bool(rules.bids_are_legal(bids, scores)):
            continue
        data = {
            "scores": scores,
            "bids": bids,
            "tricks": tricks,
            "dealer": dealer,
            "target_in_force": t,
        }
        yield data, what
