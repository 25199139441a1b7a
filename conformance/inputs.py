"""Random inputs of every kind, drawn around the edges where rules bite.

The one generator layer of the suite and the fuzzer, built on the edges of
:mod:`fourhundred.conformance.edges`:

* :class:`Position`: where a game stands between hands (scores, dealer,
  target in force);
* deterministic helpers the suite's grids (:mod:`fourhundred.conformance.grids`)
  and the generators share (:func:`raised_until`, :func:`spread_tricks`,
  :func:`tricks_making`, :func:`dealt_cards`);
* for each case kind, its fast random generator (``<kind>_input(rng, rules)``,
  referred to by its registry entry :class:`fourhundred.conformance.kinds.Kind`,
  nothing keyed by kind names), drawing from mixtures that put most of their
  weight on the edges and some on plain uniform values, on
  :class:`random.Random` directly so a campaign can run tens of thousands of
  cases a second.

Every generated input is *valid* for its kind
(:mod:`fourhundred.conformance.validity`): bids legal for their bidders' scores,
tricks adding to 13, a scored hand one that is played.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.edges import (
    FUZZ_EDGE_SCORES,
    NEAR_TARGET,
    PARTNER_EDGE_SCORES,
    RACE_SHORTFALL,
    SPECIAL_BIDS,
    TARGET_RAISES,
)
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    TRICKS_PER_HAND,
    TRUMP_SUIT,
)
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules


def fast_rules(rules: Rules) -> FastRules:
    """The reference's fast rule layer for ``rules`` (the reference's own, cached by
    identity in :meth:`~fourhundred.reference.engine.Reference.of`)."""
    return Reference.of(rules).fast


Json = dict[str, Any]

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
    """``{trick}``, and under ``trump=turned`` the hand's ``trump`` suit."""
    data: Json = {"trick": trick(rng)}
    if rules.trump == "turned":
        data["trump"] = rng.choice("CDHS")
    return data


def legal_plays_input(rng: random.Random, rules: Rules) -> Json:
    """``{hand, led}``."""
    hand, led = hand_and_led(rng)
    return {"hand": hand, "led": led}
