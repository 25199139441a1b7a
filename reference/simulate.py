"""Fast random simulation: whole hands and games on lists of card indices, without state objects.

This is the hot path of ``fourhundred bench`` and of the simulation tests.
A hand here is: a uniformly random deal, four random legal bids, the throw-in
rule, 13 tricks of uniformly random legal plays, and the scoring of
:class:`~fourhundred.reference.fast.FastRules`. Hands are sorted lists of card
indices (``suit * 13 + rank``), so the cards of a suit are one run that two
bisections find; the trick winner is read from the
:data:`~fourhundred.spec.cards.STRENGTH` table of the one card table
(:mod:`fourhundred.spec.cards`), where :func:`~fourhundred.spec.cards.trick_winner`
reads it too; the random choices of a
deal, and of a trick, are the digits of one ``getrandbits`` number, each
exactly uniform.

Every hand can be logged (:class:`HandLog`) and replayed through the checked
engine: ``tests/test_reference_simulate.py`` does that for many hands of
every variant and reading, so the fast path is held to the engine, which is
held to the specification.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from math import lcm, prod

from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import FULL_DECK, LED_STRENGTH, LED_STRENGTHS, SUIT_START, SUITS
from fourhundred.spec.model import Result, Rules

#: The card indices of the pack, in order.
_PACK = tuple(range(52))
#: How many cards are left to choose from at each of the 39 draws of a deal.
_PACK_SIZES = tuple(range(52, 13, -1))
#: How many ways a deal's draws can go: 52 * 51 * ... * 14.
_SHUFFLE_SPAN = prod(_PACK_SIZES)
_DRAW_BITS = 256
#: The largest multiple of the span that fits in the draw: draws below it are kept.
_DRAW_LIMIT = (1 << _DRAW_BITS) // _SHUFFLE_SPAN * _SHUFFLE_SPAN
#: A trick's four random choices, each among at most 13 cards, are the digits
#: of one number drawn below a multiple of ``lcm(1..13) ** 4``: since every
#: count 1..13 divides ``lcm(1..13)``, each digit is exactly uniform (a draw
#: at or above the limit, probability below 2**-16, is drawn again).
_TRICK_SPAN = lcm(*range(1, 14)) ** 4
_TRICK_BITS = 90
_TRICK_LIMIT = (1 << _TRICK_BITS) // _TRICK_SPAN * _TRICK_SPAN


@dataclass(slots=True)
class HandLog:
    """What one simulated hand did: the hands dealt (card indices by seat), the
    bids, whether it was played, and the cards in play order."""

    dealer: int
    hands: list[list[int]]
    bids: list[int]
    played: bool
    plays: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    scores_after: tuple[int, ...] = ()
    result: int = 0
    target_after: int = 0
    #: The card the dealer turned (a card index of their hand) under ``trump=turned``.
    turned: int | None = None


def random_deal(rnd: random.Random) -> list[list[int]]:
    """Four random hands of card indices, each sorted.

    39 cards are taken one by one from the sorted pack, at a uniformly random
    position of what is left (52 choices, then 51, ... then 14); they make the
    first three hands, and the 13 left over, still in order, the fourth. The 39
    positions are the mixed-radix digits of one number drawn uniformly below a
    multiple of their product :data:`_SHUFFLE_SPAN` (one ``getrandbits`` call,
    redrawn with probability below 2**-60), so each is exactly uniform and
    independent of the others.
    """
    draw = rnd.getrandbits(_DRAW_BITS)
    while draw >= _DRAW_LIMIT:
        draw = rnd.getrandbits(_DRAW_BITS)
    pack = list(_PACK)
    take = pack.pop
    taken: list[int] = []
    keep = taken.append
    for n in _PACK_SIZES:
        draw, position = divmod(draw, n)
        keep(take(position))
    return [sorted(taken[0:13]), sorted(taken[13:26]), sorted(taken[26:39]), pack]


def play_random_tricks(
    hands: list[list[int]],
    leader: int,
    seats_after: tuple[tuple[int, ...], ...],
    rnd: random.Random,
    led_strength: tuple[tuple[int, ...], ...] = LED_STRENGTH,
) -> tuple[list[int], list[int]]:
    """Play 13 tricks of uniformly random legal cards; return tricks by seat and the cards played.

    ``hands`` are four *sorted* lists of card indices (used up);
    ``seats_after[leader]`` the three seats that follow a leader in a trick.
    Because a sorted hand holds each suit as one run (card index = suit * 13 +
    rank), the cards of the suit led are the slice two bisections find: a
    follower draws from that slice, or from the whole hand when it is empty
    (every hand holds ``n`` cards at the start of a trick). The winner is the
    highest ``led_strength`` of the card led (:data:`~fourhundred.spec.cards.LED_STRENGTHS`
    of the hand's trump suit; hearts by default).
    The last trick, where every hand holds one card, draws nothing (a draw of 0).
    """
    draw_bits = rnd.getrandbits
    bits, limit = _TRICK_BITS, _TRICK_LIMIT
    suit_start = SUIT_START
    find = bisect_left
    tricks = [0, 0, 0, 0]
    plays: list[int] = []
    record = plays.extend
    for n in range(13, 0, -1):
        draw = 0
        if n > 1:
            draw = draw_bits(bits)
            while draw >= limit:
                draw = draw_bits(bits)
        lead = hands[leader].pop(draw % n)
        draw //= n
        low = suit_start[lead]
        high = low + 13
        strength = led_strength[lead]
        best = strength[lead]
        winner = leader
        trick = [lead]
        for seat in seats_after[leader]:
            cards = hands[seat]
            first = find(cards, low)
            count = find(cards, high, first) - first
            if count:
                card = cards.pop(first + draw % count)
                draw //= count
            else:
                card = cards.pop(draw % n)
                draw //= n
            trick.append(card)
            if strength[card] > best:
                best = strength[card]
                winner = seat
        record(trick)
        tricks[winner] += 1
        leader = winner
    return tricks, plays


@dataclass
class Simulator:
    """Random hands and games under one rules value, from a seeded stream.

    ``bid_spread`` limits random bids to the own minimum plus at most that
    many (None: any legal bid, uniformly); with a spread, each bid is still
    drawn from the whole legal range with probability ``wild``, and with
    probability ``top_up`` the last bidder raises the bid to the table minimum
    when the others fell short (when legal). Modest bidders finish games; uniformly random bidders mostly
    lose points and do not.
    """

    rules: Rules
    seed: int | str = 0
    bid_spread: int | None = None
    top_up: float = 1.0
    wild: float = 0.0
    fast: FastRules = field(init=False)
    rnd: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.fast = FastRules.of(self.rules)
        self.rnd = random.Random(str(self.seed))
        self._seats_after = tuple(self.rules.trick_seats(leader)[1:] for leader in range(4))
        self._bid_order = tuple(self.rules.bidding_seats(dealer) for dealer in range(4))
        self._first_leader = tuple(self.rules.first_leader(dealer) for dealer in range(4))
        self._own_minimum: dict[int, int] = {}

    def _own_minimum_bid(self, score: int) -> int:
        """:meth:`FastRules.own_minimum_bid`, remembered by score."""
        low = self._own_minimum.get(score)
        if low is None:
            low = self._own_minimum[score] = self.fast.own_minimum_bid(score)
        return low

    def hand(self, scores: tuple[int, ...], dealer: int, target: int) -> HandLog:
        """One random hand from the given scores: deal, bids, and (if played) tricks and scoring."""
        rnd = self.rnd
        hands = random_deal(rnd)
        # Under trump=turned the dealer turns a uniformly random card of their hand
        # (drawn only then: a hearts-always stream is unchanged).
        turned = hands[dealer][rnd.randrange(13)] if self.rules.trump == "turned" else None
        fast = self.fast
        max_bid = self.rules.max_bid
        bids = [0, 0, 0, 0]
        spread = self.bid_spread
        random_ = rnd.random
        order = self._bid_order[dealer]
        own_minimum = self._own_minimum
        if spread is None:
            for seat in order:
                score = scores[seat]
                low = own_minimum.get(score)
                if low is None:
                    low = self._own_minimum_bid(score)
                if low > max_bid:
                    raise StuckError(f"seat {seat} has no legal bid with a score of {score}")
                bids[seat] = low + int(random_() * (max_bid - low + 1))
        else:
            wild = self.wild
            for seat in order:
                low = self._own_minimum_bid(scores[seat])
                whole_range = wild and random_() < wild
                high = max_bid if whole_range else min(max_bid, low + spread)
                if low > high:
                    raise StuckError(f"seat {seat} has no legal bid with a score of {scores[seat]}")
                bids[seat] = low + int(random_() * (high - low + 1))
            if random_() < self.top_up:
                last = order[3]
                needed = fast.table_minimum(scores) - sum(bids) + bids[last]
                if bids[last] < needed <= max_bid:
                    bids[last] = needed
        if not fast.hand_is_played(bids, scores):
            return HandLog(
                dealer, hands, bids, False, scores_after=scores, target_after=target, turned=turned
            )
        north, west, south, east = hands
        trump = fast.trump_suit(None if turned is None else FULL_DECK[turned][1])
        tricks, plays = play_random_tricks(
            [north[:], west[:], south[:], east[:]],
            self._first_leader[dealer],
            self._seats_after,
            rnd,
            LED_STRENGTHS[SUITS.index(trump)],
        )
        after, result, next_target = fast.hand_result(scores, bids, tricks, dealer, target)
        return HandLog(dealer, hands, bids, True, plays, tricks, after, result, next_target, turned)

    def game(self, first_dealer: int = 0, max_hands: int = 1000) -> GameSummary:
        """A whole random game; counts the situations it passed through."""
        scores: tuple[int, ...] = (0, 0, 0, 0)
        target = self.rules.target
        dealer = first_dealer
        summary = GameSummary()
        fast = self.fast
        for _ in range(max_hands):
            try:
                log = self.hand(scores, dealer, target)
            except StuckError:
                summary.outcome = "stuck"
                break
            summary.hands += 1
            events = summary.events
            if not log.played:
                events["throw-in"] += 1
            else:
                events["played"] += 1
                top = max(log.bids)
                if top >= 10:
                    events["bid of 10 or more"] += 1
                if top == 13:
                    events["bid of 13"] += 1
                after = log.scores_after
                if max(after) >= 30 > max(scores):
                    events["a score reaches 30"] += 1
                if max(after) >= 40 > max(scores):
                    events["a score reaches 40"] += 1
                if fast.qualifies(0, after, target) and fast.qualifies(1, after, target):
                    events["both teams qualify in one hand"] += 1
                if log.target_after > target:
                    events["target raised"] += 1
                scores = after
                target = log.target_after
                if log.result != Result.CONTINUE:
                    summary.outcome = Result(log.result).name.lower()
                    break
            dealer = self.rules.next_dealer(dealer)
        summary.scores = scores
        return summary


def modest_simulator(rules: Rules, seed: int | str = 0) -> Simulator:
    """Random players that finish games: bids of the own minimum plus up to
    ``3 - min_bid`` (1 in 400, 2 in 41), a whole-range bid one time in 50, and a
    last bidder who tops up to the table minimum nine times in ten."""
    return Simulator(rules, seed, bid_spread=3 - rules.min_bid, top_up=0.9, wild=0.02)


class StuckError(Exception):
    """A player has no legal bid (an own minimum above the largest bid)."""


@dataclass
class GameSummary:
    """How a simulated game went: hands, outcome, final scores, and situations counted."""

    hands: int = 0
    outcome: str = "unfinished"
    scores: tuple[int, ...] = (0, 0, 0, 0)
    events: Counter[str] = field(default_factory=Counter)


def card_text(index: int) -> str:
    """The notation of a card index."""
    return FULL_DECK[index]
