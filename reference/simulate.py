"""Fast random simulation: whole hands and games on bitmasks, without state objects.

This is the hot path of ``fourhundred bench`` and of the simulation tests.
A hand here is: a uniformly random deal, four random legal bids, the throw-in
rule, 13 tricks of uniformly random legal plays, and the scoring of
:class:`~fourhundred.reference.fast.FastRules`. Hands are ints (one bit per
card, :mod:`fourhundred.reference.fast`), the trick winner is read from the
:data:`~fourhundred.reference.fast.STRENGTH` table, and a legal card is drawn
from a precomputed tuple of the cards of a 13-bit suit pattern.

Every hand can be logged (:class:`HandLog`) and replayed through the checked
engine: ``tests/test_reference_simulate.py`` does that for many hands of
every variant and reading, so the fast path is held to the engine, which is
held to the specification.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from fourhundred.reference.fast import STRENGTH, SUIT_RANKS, FastRules
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import Result, Rules

_BIT = tuple(1 << i for i in range(52))


@dataclass
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


def random_deal(rnd: random.Random, deck: list[int]) -> list[list[int]]:
    """Four random hands of card indices (a Fisher-Yates shuffle of ``deck`` in place,
    stopped once the last 39 positions are drawn: the first 13 are then a random set)."""
    random_ = rnd.random
    for i in range(51, 12, -1):
        j = int(random_() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]


def play_random_tricks(
    hands: list[list[int]],
    leader: int,
    seats_after: tuple[tuple[int, ...], ...],
    rnd: random.Random,
) -> tuple[list[int], list[int]]:
    """Play 13 tricks of uniformly random legal cards; return tricks by seat and the cards played.

    ``hands`` are four lists of card indices (consumed); ``seats_after[leader]``
    the three seats that follow a leader in a trick. A card of the suit led is
    drawn from the suit's cards (looked up from the hand's bitmask); otherwise
    any card of the hand.
    """
    random_ = rnd.random
    suit_ranks = SUIT_RANKS
    bit = _BIT
    strength_of = STRENGTH
    masks = [sum(map(bit.__getitem__, hand)) for hand in hands]
    tricks = [0, 0, 0, 0]
    plays: list[int] = []
    record = plays.append
    for _ in range(13):
        cards = hands[leader]
        i = int(random_() * len(cards))
        card = cards[i]
        cards[i] = cards[-1]
        cards.pop()
        masks[leader] ^= bit[card]
        record(card)
        led = card // 13
        shift = 13 * led
        strength = strength_of[led]
        best = strength[card]
        winner = leader
        for seat in seats_after[leader]:
            ranks = suit_ranks[(masks[seat] >> shift) & 0x1FFF]
            cards = hands[seat]
            if ranks:
                card = shift + ranks[int(random_() * len(ranks))]
                cards.remove(card)
            else:
                i = int(random_() * len(cards))
                card = cards[i]
                cards[i] = cards[-1]
                cards.pop()
            masks[seat] ^= bit[card]
            record(card)
            if strength[card] > best:
                best = strength[card]
                winner = seat
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
        self._deck = list(range(52))

    def hand(self, scores: tuple[int, ...], dealer: int, target: int) -> HandLog:
        """One random hand from the given scores: deal, bids, and (if played) tricks and scoring."""
        rnd = self.rnd
        hands = random_deal(rnd, self._deck)
        fast = self.fast
        max_bid = self.rules.max_bid
        bids = [0, 0, 0, 0]
        spread = self.bid_spread
        random_ = rnd.random
        order = self._bid_order[dealer]
        wild = self.wild
        for seat in order:
            low = fast.own_minimum_bid(scores[seat])
            whole_range = spread is None or (wild and random_() < wild)
            high = max_bid if whole_range or spread is None else min(max_bid, low + spread)
            if low > high:
                raise StuckError(f"seat {seat} has no legal bid with a score of {scores[seat]}")
            bids[seat] = low + int(random_() * (high - low + 1))
        if spread is not None and random_() < self.top_up:
            last = order[3]
            needed = fast.table_minimum(scores) - sum(bids) + bids[last]
            if bids[last] < needed <= max_bid:
                bids[last] = needed
        if not fast.hand_is_played(bids, scores):
            return HandLog(dealer, hands, bids, False, scores_after=scores, target_after=target)
        tricks, plays = play_random_tricks(
            [list(hand) for hand in hands], self.rules.first_leader(dealer), self._seats_after, rnd
        )
        after, result, next_target = fast.hand_result(scores, bids, tricks, dealer, target)
        return HandLog(dealer, hands, bids, True, plays, tricks, after, result, next_target)

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
                if fast._qualifies(0, after, target) and fast._qualifies(1, after, target):
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
