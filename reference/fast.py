"""The rules again, on plain ints, with precomputed tables: the reference's fast layer.

:class:`FastRules` has the methods of :class:`fourhundred.spec.model.Rules`
that a game needs, under the same names and signatures, written a second
time for speed: no Z3-aware helpers, bid values read from tuples, the
special bid known in advance. The specification stays the truth;
``tests/test_reference_fast.py`` compares every method with the spec over
grids of inputs, with Hypothesis and with CrossHair, for every variant and
every reading (:func:`fourhundred.spec.registry.all_readings`).

The card tables (indices, bits, the trick's strengths) are in the one card
table, :mod:`fourhundred.spec.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Self

from fourhundred.spec import cards
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Result, Rules

# ----------------------------------------------------------------------
# The rules on ints
# ----------------------------------------------------------------------

_RESULT_CONTINUE = int(Result.CONTINUE)
_RESULT_TEAM_0 = int(Result.TEAM_0_WINS)
_RESULT_TEAM_1 = int(Result.TEAM_1_WINS)
_RESULT_DRAW = int(Result.DRAW)
_SPECIAL_NONE, _SPECIAL_WINS, _SPECIAL_LOSES = 0, 1, 2


@dataclass(frozen=True)
class FastRules:
    """The rules of one :class:`Rules` value on ints (see the module docstring).

    Build it with :meth:`of`, which caches one per rules value and class.

    Every rule the reference applies is a public method here, the engine's
    card rules and turn order included (:meth:`trick_winner`,
    :meth:`legal_plays`, :meth:`next_dealer`, :meth:`next_dealer_after_throw_in`,
    :meth:`first_leader`), so a
    subclass that overrides one method is a *fast-rule variant*: the kinds'
    answers and whole games (:class:`fourhundred.reference.engine.GameState`
    carries its fast rules) follow it. The mutant run
    (:mod:`fourhundred.conformance.mutants`) is built that way. The private
    helpers are not hooks: a variant overrides public methods only.
    """

    rules: Rules
    #: Value of bids 0..13 below the reduced band, and within it.
    value_low: tuple[int, ...]
    value_high: tuple[int, ...]
    #: The bid that decides the game (13), or None when no bid does.
    special_bid: int | None
    #: ``bidding_orders[dealer]`` and ``trick_orders[leader]``: seats in turn order.
    bidding_orders: tuple[tuple[int, ...], ...] = ()
    trick_orders: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(cls, rules: Rules) -> Self:
        """The fast form of ``rules`` as this class (cached per class and rules value)."""
        built = _BUILT.get((cls, rules))
        if built is None:
            built = _BUILT[cls, rules] = cls.build(rules)
        assert isinstance(built, cls)
        return built

    @classmethod
    def build(cls, rules: Rules) -> Self:
        """The fast form of ``rules``, computed (:meth:`of` caches it)."""
        table = dict(rules.values)
        low = [table.get(bid, 0) for bid in range(14)]
        if rules.eleven_plus_fifty:
            fifty_from = (11, 12) if rules.eleven_plus_thirteen == "keeps_special" else (11, 12, 13)
            for bid in fifty_from:
                low[bid] = 50
        high = list(low)
        for bid, value in rules.reduced_values:
            high[bid] = value
        if rules.value_scale == "one_per_trick":
            low = list(range(14))
            high = list(range(14))
        special: int | None = 13
        if rules.thirteen == "points" or rules.value_scale == "one_per_trick":
            special = None
        if rules.eleven_plus_fifty and rules.eleven_plus_thirteen == "scores_50":
            special = None
        return cls(
            rules,
            tuple(low),
            tuple(high),
            special,
            tuple(rules.bidding_seats(dealer) for dealer in range(4)),
            tuple(rules.trick_seats(leader) for leader in range(4)),
        )

    # -- scores and turns ---------------------------------------------

    def band(self, score: int) -> int:
        """The band of a score: 0 below 30, then 1 for 30-39, 2 for 40-49...
        (:meth:`Rules.score_band`; every source: "30-39", "40-49")."""
        return 1 + (score - BAND_START) // BAND_WIDTH if score >= BAND_START else 0

    def next_dealer(self, dealer: int) -> int:
        """Who deals after ``dealer`` (:meth:`Rules.next_dealer`)."""
        return self.rules.next_dealer(dealer)

    def next_dealer_after_throw_in(self, dealer: int) -> int:
        """Who deals after a hand ``dealer`` dealt was thrown in: the same rule as
        after a played hand, :meth:`next_dealer` (:meth:`Rules.next_dealer`: the deal
        passes to the right "played or thrown in", qahwa §"The deal", §"Bidding";
        pagat §"Deal"). A hook of its own, so a variant can get the thrown-in case
        wrong alone (:mod:`fourhundred.conformance.points`)."""
        return self.next_dealer(dealer)

    def first_leader(self, dealer: int) -> int:
        """Who leads the first trick of a hand ``dealer`` dealt (:meth:`Rules.first_leader`)."""
        return self.rules.first_leader(dealer)

    # -- cards ----------------------------------------------------------

    def trump_suit(self, turned_suit: str | None) -> str:
        """The trump suit (a letter of :data:`~fourhundred.spec.cards.SUITS`) of a hand
        whose dealer turned a card of ``turned_suit`` (None: no card turned):
        :meth:`Rules.trump_suit`, hearts always but under the house rule ``trump=turned``."""
        index = cards.TRUMP if turned_suit is None else cards.SUITS.index(turned_suit)
        return cards.SUITS[int(self.rules.trump_suit(index))]

    def trick_winner(self, trick: Sequence[str], trump: str = cards.TRUMP_SUIT) -> int:
        """Position (0-3, in play order) of the card that wins a complete trick when
        ``trump`` (a suit letter, :meth:`trump_suit`) is trumps
        (:func:`fourhundred.spec.cards.trick_winner`)."""
        return cards.trick_winner(trick, trump)

    def legal_plays(self, hand: Sequence[str], led: str | None) -> Sequence[str]:
        """The cards of ``hand`` that may be played to a trick led by ``led``
        (None: leading; :func:`fourhundred.spec.cards.legal_plays`)."""
        return cards.legal_plays(hand, led)

    # -- bidding ------------------------------------------------------

    def own_minimum_bid(self, own_score: int) -> int:
        """Smallest legal bid for a player's own score."""
        rules = self.rules
        if not rules.own_min_rises:
            return rules.min_bid
        risen = rules.min_bid + self.band(own_score)
        cap = rules.own_min_cap
        return risen if cap is None or risen < cap else cap

    def bid_is_legal(self, bid: int, own_score: int) -> bool:
        """Between the own minimum and the maximum bid."""
        return self.own_minimum_bid(own_score) <= bid <= self.rules.max_bid

    def table_minimum(self, scores: Sequence[int]) -> int:
        """The total the four bids must reach."""
        rules = self.rules
        risen = 11
        if rules.table_min_rises:
            score = max(scores) if rules.table_min_scores == "highest" else min(scores)
            risen = 11 + self.band(score)
            cap = rules.table_min_cap
            if cap is not None and risen > cap:
                risen = cap
        switch = rules.table_min_base
        if switch == 11:
            return risen
        if switch < 11:
            return risen + switch - 11
        if rules.total_switch == "floor":
            return risen if risen > switch else switch
        if rules.total_switch == "offset":
            return risen + switch - 11
        return switch

    def hand_is_played(self, bids: Sequence[int], scores: Sequence[int]) -> bool:
        """Whether the four bids reach the table minimum (else the hand is thrown in)."""
        rules = self.rules
        if rules.table_measure == "tricks":
            total = bids[0] + bids[1] + bids[2] + bids[3]
        else:
            highest = max(scores)
            total = sum(self.bid_value(bids[s], scores[s], highest) for s in range(4))
        level = self.table_minimum(scores)
        reached = total >= level if rules.table_comparison == "at_least" else total == level
        if reached:
            return True
        if rules.table_measure == "values" and rules.thirteen != "points":
            return self.special_bid in bids
        return False

    # -- scoring ------------------------------------------------------

    def bid_value(self, bid: int, own_score: int, highest_score: int) -> int:
        """Points a bid is worth (won when made, lost when failed)."""
        if self.rules.value_scale == "one_per_trick":
            return bid
        if not 0 <= bid <= 13:
            return 0
        band_score = own_score if self.rules.reduced_scope == "own" else highest_score
        return self.value_high[bid] if band_score >= BAND_START else self.value_low[bid]

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        """A player's score change for a played hand."""
        made = tricks >= bid
        if bid == self.special_bid and (made or self.rules.thirteen != "win_or_lose_points"):
            return 0
        value = self.bid_value(bid, own_score, highest_score)
        if made:
            return value
        return -value if self.rules.fail_penalty == "value" else -bid

    def scores_after(
        self,
        scores: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
    ) -> tuple[int, int, int, int]:
        """Every player's score after a played hand."""
        highest = max(scores)
        change = self.score_change
        return (
            scores[0] + change(bids[0], tricks[0], scores[0], highest),
            scores[1] + change(bids[1], tricks[1], scores[1], highest),
            scores[2] + change(bids[2], tricks[2], scores[2], highest),
            scores[3] + change(bids[3], tricks[3], scores[3], highest),
        )

    # -- the end of the game ------------------------------------------

    def partner_ok(self, score: int) -> bool:
        """Whether a partner's score allows the team's win (:meth:`Rules.partner_ok`)."""
        condition = self.rules.partner_condition
        if condition == "off":
            return True
        return score > 0 if condition == "positive" else score >= 0

    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        """Whether a team meets the winning condition at ``target``
        (:meth:`Rules.team_qualifies`)."""
        a, b = scores[team], scores[team + 2]
        ok = self.partner_ok
        if self.rules.win_measure == "team_total":
            return a + b >= target and ok(a) and ok(b)
        return (a >= target and ok(b)) or (b >= target and ok(a))

    def _first_qualifying_team(self, scores: Sequence[int], target: int) -> int:
        """:meth:`Rules.first_qualifying_team` (both teams qualify)."""
        for seat in range(4):
            if self.rules.win_measure == "team_total":
                qualifies = self.qualifies(seat % 2, scores, target)
            else:
                qualifies = scores[seat] >= target and self.partner_ok(scores[(seat + 2) % 4])
            if qualifies:
                return _RESULT_TEAM_0 if seat % 2 == 0 else _RESULT_TEAM_1
        return _RESULT_CONTINUE

    def reached(self, team: int, scores: Sequence[int], target: int) -> bool:
        """Whether a team has reached ``target``, partner condition aside (the
        ``reached`` raise trigger; :meth:`Rules.team_reached`)."""
        a, b = scores[team], scores[team + 2]
        if self.rules.win_measure == "team_total":
            return a + b >= target
        return a >= target or b >= target

    def _special_result(
        self,
        bids: Sequence[int],
        tricks: Sequence[int],
        after: Sequence[int],
        dealer: int,
    ) -> int:
        special = self.special_bid
        if special is None or special not in bids:
            return _RESULT_CONTINUE
        rules = self.rules
        effects = [_SPECIAL_NONE] * 4
        for seat in range(4):
            if bids[seat] == special:
                if tricks[seat] >= bids[seat]:
                    effects[seat] = _SPECIAL_WINS
                elif rules.thirteen == "win_or_lose_game":
                    effects[seat] = _SPECIAL_LOSES
        claims = [False, False]
        for seat in range(4):
            team = seat % 2
            if effects[seat] == _SPECIAL_WINS and (
                rules.thirteen_win == "outright" or self.partner_ok(after[(seat + 2) % 4])
            ):
                claims[team] = True
            elif effects[seat] == _SPECIAL_LOSES:
                claims[1 - team] = True
        if claims[0] and claims[1]:
            if rules.thirteen_conflict == "draw":
                return _RESULT_DRAW
            for seat in self.bidding_orders[dealer]:
                if effects[seat] == _SPECIAL_WINS:
                    return _RESULT_TEAM_0 if seat % 2 == 0 else _RESULT_TEAM_1
                if effects[seat] == _SPECIAL_LOSES:
                    return _RESULT_TEAM_1 if seat % 2 == 0 else _RESULT_TEAM_0
            return _RESULT_CONTINUE
        if claims[0]:
            return _RESULT_TEAM_0
        if claims[1]:
            return _RESULT_TEAM_1
        return _RESULT_CONTINUE

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        """The Result code and the next target in force when no decisive bid
        settled the hand: who qualifies, both teams qualifying resolved by
        ``both_qualify`` (:meth:`Rules.hand_result`)."""
        rules = self.rules
        q0 = self.qualifies(0, scores, target)
        q1 = self.qualifies(1, scores, target)
        if rules.both_qualify == "first_seat":
            if q0 and q1:
                return self._first_qualifying_team(scores, target), target
            if q0:
                return _RESULT_TEAM_0, target
            if q1:
                return _RESULT_TEAM_1, target
            return _RESULT_CONTINUE, target
        if rules.both_qualify == "higher_total":
            if q0 and q1:
                if rules.both_qualify_by == "team_total":
                    t0, t1 = scores[0] + scores[2], scores[1] + scores[3]
                else:
                    t0, t1 = max(scores[0], scores[2]), max(scores[1], scores[3])
                if t0 > t1:
                    return _RESULT_TEAM_0, target
                if t1 > t0:
                    return _RESULT_TEAM_1, target
                return (_RESULT_CONTINUE if rules.total_tie == "play_on" else _RESULT_DRAW), target
            if q0:
                return _RESULT_TEAM_0, target
            if q1:
                return _RESULT_TEAM_1, target
            return _RESULT_CONTINUE, target
        # raise_target
        base = rules.target
        if rules.raise_trigger == "qualified":
            both = q0 and q1
        else:
            both = self.reached(0, scores, target) and self.reached(1, scores, target)
        if both:
            return _RESULT_CONTINUE, target + BAND_WIDTH
        b0 = self.qualifies(0, scores, base)
        b1 = self.qualifies(1, scores, base)
        next_target = base if target > base and not b0 and not b1 else target
        if q0 and not q1:
            return _RESULT_TEAM_0, next_target
        if q1 and not q0:
            return _RESULT_TEAM_1, next_target
        if target > base:
            if b0 and not b1:
                return _RESULT_TEAM_0, next_target
            if b1 and not b0:
                return _RESULT_TEAM_1, next_target
        return _RESULT_CONTINUE, next_target

    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        """Settle a played hand: new scores, the Result code, the next target in force."""
        after = self.scores_after(scores_before, bids, tricks)
        special = self._special_result(bids, tricks, after, dealer)
        if special != _RESULT_CONTINUE and self.rules.thirteen_precedence == "thirteen_first":
            return after, special, target_in_force
        result, next_target = self.points_result(after, target_in_force)
        if result == _RESULT_CONTINUE and special != _RESULT_CONTINUE:
            return after, special, target_in_force
        return after, result, next_target


def winner_under(fast: FastRules, trick: Sequence[str], trump: str) -> int:
    """``fast.trick_winner(trick, trump)``, the trump given only when it is not hearts,
    so a fast-rule variant written for hearts always (``trick_winner(self, trick)``)
    keeps working: what the engine and the kinds call."""
    if trump == cards.TRUMP_SUIT:
        return fast.trick_winner(trick)
    return fast.trick_winner(trick, trump)


#: :meth:`FastRules.of`'s cache, by class and rules value.
_BUILT: dict[tuple[type[FastRules], Rules], FastRules] = {}
