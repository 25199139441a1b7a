"""The rules of a variant as one immutable value, and every rule as a pure function.

A :class:`Rules` value holds every parameter a game of 400 or 41 needs: the
knobs in which the sources differ, and the readings chosen for every place
where a source is silent or contradicts itself (see
:mod:`fourhundred.spec.ambiguities`). Its methods are the rules. They take
scores, bids and tricks as plain ``int`` values *or* as Z3 integer terms
(everything is written with :mod:`fourhundred.spec.logic`), so the proofs
reason about these very definitions.

The parameters are always concrete Python values; only game quantities
(scores, bids, tricks) may be symbolic. Structural matters (who sits where,
who bids in which order) are concrete too.

Variants are built by :mod:`fourhundred.spec.registry` from the per-source
modules (``qahwa``, ``medallon``, ``pagat``, ``arab3meyeh``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal

from fourhundred.spec.cards import TEAMS, TRICKS_PER_HAND, TRUMP
from fourhundred.spec.logic import (
    BoolLike,
    IntLike,
    all_,
    any_,
    floor_div,
    is_one_of,
    ite,
    lookup,
    max_,
    min_,
    not_,
    sum_,
)

Direction = Literal["anticlockwise", "clockwise"]
PartnerCondition = Literal["positive", "non_negative", "off"]
BothQualify = Literal["higher_total", "raise_target", "first_seat"]
FailPenalty = Literal["value", "tricks"]
Thirteen = Literal["points", "win_or_lose_game", "win_or_lose_points"]
Trump = Literal["hearts", "turned"]


class Result(IntEnum):
    """What the end of a hand decides about the game."""

    CONTINUE = 0
    TEAM_0_WINS = 1  # North-South
    TEAM_1_WINS = 2  # West-East
    DRAW = 3


class Special(IntEnum):
    """The game-deciding effect of a player's hand (only the bid of 13 has one)."""

    NONE = 0
    TEAM_WINS = 1
    TEAM_LOSES = 2


#: Score at which the score bands start (every source: "30-39", "30 or more").
BAND_START = 30
#: Width of a score band (every source: 30-39, 40-49, 50-59 ...).
BAND_WIDTH = 10
#: The word in a canonical variant string before its house rules.
HOUSE_MARK = "house"
#: The table minimum every source starts from (qahwa, medallon, pagat, arab3meyeh §"Bidding").
STANDARD_TABLE_MINIMUM = 11


@dataclass(frozen=True)
class Rules:
    """Every parameter of one variant under one choice of readings.

    Build these through :func:`fourhundred.spec.registry.load`, which fills in
    the variant's source rules, its house options and its default readings.
    ``str(rules)`` gives the canonical variant string that loads it again.
    """

    variant: str
    options: tuple[tuple[str, str], ...]

    # Seating and direction
    bidding_order: Literal["anticlockwise", "clockwise"]
    play_order: Direction
    deal_pattern: tuple[int, ...]

    # Legal bids
    min_bid: int
    own_min_rises: bool
    own_min_cap: int | None
    max_bid: int

    # Table minimum
    table_min_base: int
    table_min_rises: bool
    table_min_cap: int | None
    table_min_scores: Literal["highest", "lowest"]
    table_measure: Literal["tricks", "values"]
    table_comparison: Literal["at_least", "exactly"]
    total_switch: Literal["floor", "offset", "fixed"]
    dealer_may_throw_in: bool

    # Bid values
    values: tuple[tuple[int, int], ...]
    reduced_values: tuple[tuple[int, int], ...]
    reduced_scope: Literal["own", "any"]
    value_scale: Literal["table", "one_per_trick"]
    eleven_plus_fifty: bool
    eleven_plus_thirteen: Literal["keeps_special", "scores_50"]
    fail_penalty: FailPenalty
    thirteen: Thirteen
    thirteen_win: Literal["outright", "needs_partner"]
    thirteen_conflict: Literal["draw", "first_bid"]
    thirteen_precedence: Literal["thirteen_first", "points_first"]

    # Game end
    target: int
    win_measure: Literal["player", "team_total"]
    partner_condition: PartnerCondition
    both_qualify: BothQualify
    both_qualify_by: Literal["team_total", "player_score"]
    total_tie: Literal["play_on", "draw"]
    raise_trigger: Literal["qualified", "reached"]

    # The trump suit: hearts always (every source), or, under the house rule
    # ``trump=turned``, the suit of the card the dealer turns (:meth:`trump_suit`).
    trump: Trump = field(default="hearts")

    # Not a rule of play: recorded for completeness (medallon's timer).
    turn_time_limit: int | None = field(default=None)

    #: The house rules of this rule set: the knobs of its variant string that depart
    #: from its source's rules (:mod:`fourhundred.spec.registry`), in canonical form.
    #: Empty for a source's own rules (under any of its options and readings).
    house: tuple[tuple[str, str], ...] = field(default=())

    @property
    def is_house(self) -> bool:
        """Whether these are house rules: some rule departs from every source's."""
        return bool(self.house)

    def __str__(self) -> str:
        """The canonical variant string: the name, the non-default options, then, marked
        by the word ``house``, the house rules (``pagat-41(house,min_bid=2)``)."""
        parts = [f"{name}={value}" for name, value in self.options]
        if self.house:
            parts.append(HOUSE_MARK)
            parts.extend(f"{name}={value}" for name, value in self.house)
        if not parts:
            return self.variant
        return f"{self.variant}({','.join(parts)})"

    # ------------------------------------------------------------------
    # Seating, dealing and turn order (concrete: seats are structure)
    # ------------------------------------------------------------------

    def next_dealer(self, dealer: int) -> int:
        """The deal passes one seat to the right after every hand, played or
        thrown in (qahwa §"The deal", §"Bidding"; pagat §"Deal", §"Bidding";
        medallon §"Minimum Combined Bids"; arab3meyeh §"Bidding").
        """
        return (dealer + 1) % 4

    def bidding_seats(self, dealer: int) -> tuple[int, int, int, int]:
        """Seats in the order they bid: the dealer's right-hand neighbour first
        (every source), then onward to the right ending with the dealer, or,
        under medallon's literal "clockwise" (ambiguity ``bidding-direction``),
        dealer's right, dealer, dealer's left, dealer's partner.
        """
        first = (dealer + 1) % 4
        step = 1 if self.bidding_order == "anticlockwise" else -1
        return tuple((first + step * k) % 4 for k in range(4))  # type: ignore[return-value]

    def first_leader(self, dealer: int) -> int:
        """The player on the dealer's right leads to the first trick (every source)."""
        return (dealer + 1) % 4

    def trick_seats(self, leader: int) -> tuple[int, int, int, int]:
        """Seats in the order they play to a trick, starting with the leader."""
        step = 1 if self.play_order == "anticlockwise" else -1
        return tuple((leader + step * k) % 4 for k in range(4))  # type: ignore[return-value]

    def deal(self, deck: Sequence[str], dealer: int) -> tuple[tuple[str, ...], ...]:
        """Deal a 52-card deck, top card first, in batches of :attr:`deal_pattern`.

        The dealer's right-hand neighbour receives first and the deal goes to
        the right (qahwa §"How to play"; pagat §"Deal": anticlockwise in
        batches of 1-2-2-2-2-2-2). Returns the four hands indexed by seat.
        """
        if len(deck) != 52 or len(set(deck)) != 52:
            raise ValueError("a deal needs 52 distinct cards")
        hands: list[list[str]] = [[], [], [], []]
        position = 0
        for batch in self.deal_pattern:
            for k in range(4):
                seat = (dealer + 1 + k) % 4
                hands[seat].extend(deck[position : position + batch])
                position += batch
        return tuple(tuple(hand) for hand in hands)

    def turned_card(self, deck: Sequence[str]) -> str | None:
        """The card the dealer turns under the house rule ``trump=turned``: the last card
        of the deck, which :meth:`deal` gives the dealer (their last card, as in whist);
        None under hearts always (every source: nothing is turned)."""
        return deck[-1] if self.trump == "turned" else None

    def trump_suit(self, turned_suit: IntLike) -> IntLike:
        """The trump suit's index (:data:`~fourhundred.spec.cards.SUITS`) in a hand whose
        turned card has suit ``turned_suit``: hearts in every source (qahwa §"The deal";
        medallon §"Object of the Game"; pagat §"Players and Cards"; arab3meyeh §"Game
        Play"), or that suit under the house rule ``trump=turned``. What
        :func:`~fourhundred.spec.cards.beats` is given as its ``trump``."""
        return TRUMP if self.trump == "hearts" else turned_suit

    # ------------------------------------------------------------------
    # Bidding
    # ------------------------------------------------------------------

    def score_band(self, score: IntLike) -> IntLike:
        """How many score bands a score has climbed: 0 below 30, 1 for 30-39,
        2 for 40-49 and so on. A negative score is in band 0 (ambiguity
        ``negative-scores``)."""
        return ite(score >= BAND_START, 1 + floor_div(score - BAND_START, BAND_WIDTH), 0)

    def own_minimum_bid(self, own_score: IntLike) -> IntLike:
        """The smallest bid a player may make, from that player's own score.

        Base minimum (2; 1 in Syrian 41), plus one per score band where the
        variant's minimum rises, up to :attr:`own_min_cap` when there is one
        (qahwa §"Bidding"; medallon §"Minimum Bids"; pagat §"Variations";
        arab3meyeh §"Bidding"; ambiguity ``own-minimum-growth``).
        """
        if not self.own_min_rises:
            return self.min_bid
        risen = self.min_bid + self.score_band(own_score)
        if self.own_min_cap is None:
            return risen
        return min_(risen, self.own_min_cap)

    def bid_is_legal(self, bid: IntLike, own_score: IntLike) -> BoolLike:
        """A bid is legal when it lies between the player's own minimum and the
        variant's maximum bid. Nobody passes (every source)."""
        return all_(self.own_minimum_bid(own_score) <= bid, bid <= self.max_bid)

    def table_score(self, scores: Sequence[IntLike]) -> IntLike:
        """The score that sets the table minimum: the highest at the table
        ("once any player has 30", qahwa §"Bidding"), or the lowest under the
        reading ``table_min_scores=lowest`` (ambiguity ``table-minimum-whose-score``)."""
        if self.table_min_scores == "highest":
            return max_(*scores)
        return min_(*scores)

    def table_minimum(self, scores: Sequence[IntLike]) -> IntLike:
        """The total the four bids must reach for the hand to be played.

        11, plus one per score band of the table score where the variant's
        minimum rises, up to :attr:`table_min_cap` (qahwa §"Bidding";
        medallon §"Minimum Combined Bids"; arab3meyeh §"Bidding"; pagat's
        "some require 12" option). Qahwa's house switch sets 11, 12 or 13 and
        combines with the rise as :attr:`total_switch` says (ambiguity
        ``qahwa-table-switch``). A house deal minimum below 11 (``deal_min``,
        a house rule) moves the whole scale down: it starts there and rises
        as the variant's does.
        """
        standard = STANDARD_TABLE_MINIMUM
        risen: IntLike = standard
        if self.table_min_rises:
            risen = standard + self.score_band(self.table_score(scores))
            if self.table_min_cap is not None:
                risen = min_(risen, self.table_min_cap)
        switch = self.table_min_base
        if switch == standard:
            return risen
        if switch < standard:
            return risen + (switch - standard)
        if self.total_switch == "floor":
            return max_(risen, switch)
        if self.total_switch == "offset":
            return risen + (switch - standard)
        return switch

    def counted_bid(self, bid: IntLike, own_score: IntLike, highest_score: IntLike) -> IntLike:
        """What one bid adds to the bid total: its number of tricks, or its
        value in points under ``table_measure=values`` (pagat §"Bidding": "the
        sum of all the bid values"; ambiguity ``table-measure``)."""
        if self.table_measure == "tricks":
            return bid
        return self.bid_value(bid, own_score, highest_score)

    def bid_total(self, bids: Sequence[IntLike], scores: Sequence[IntLike]) -> IntLike:
        """The bid total compared with the table minimum."""
        highest = max_(*scores)
        return sum_(self.counted_bid(bids[s], scores[s], highest) for s in range(4))

    def hand_is_played(self, bids: Sequence[IntLike], scores: Sequence[IntLike]) -> BoolLike:
        """Whether the hand is played (True) or thrown in and redealt (False).

        The bids must reach the table minimum ("at least" in every source;
        arab3meyeh's "must equal 13" read literally under
        ``table_comparison=exactly``, ambiguity ``table-minimum-equal``). Under
        the values measure a bid of 13 that wins the game counts as reaching
        the minimum on its own.
        """
        total = self.bid_total(bids, scores)
        level = self.table_minimum(scores)
        reached = total >= level if self.table_comparison == "at_least" else total == level
        if self.table_measure == "values" and self.thirteen != "points":
            return any_(reached, *(self.is_special_bid(bids[s]) for s in range(4)))
        return reached

    # ------------------------------------------------------------------
    # Bid values and hand scoring
    # ------------------------------------------------------------------

    @property
    def value_table(self) -> Mapping[int, int]:
        """Points for each bid below the reduced band (bid -> value)."""
        return dict(self.values)

    def is_special_bid(self, bid: IntLike) -> BoolLike:
        """Whether a bid decides the game when made (and perhaps when failed):
        the bid of 13 in medallon, pagat's Lebanese 400 and qahwa's classic
        table."""
        if self.thirteen == "points" or self.value_scale == "one_per_trick":
            return False
        if self.eleven_plus_fifty and self.eleven_plus_thirteen == "scores_50":
            return False
        return bid == TRICKS_PER_HAND

    def bid_value(self, bid: IntLike, own_score: IntLike, highest_score: IntLike) -> IntLike:
        """Points a bid is worth: won when made, lost when failed.

        The variant's table (see each source module); from a score of 30 the
        reduced values (5 = 5, 6 = 6) where the variant has them, judged on
        the bidder's own score (qahwa §"Scoring") or on any player's
        (ambiguity ``reduced-values-scope``); pagat's option "any bid of 11 or
        more scores 50"; or one point per trick under
        ``value_scale=one_per_trick`` (ambiguity ``one-point-per-trick``).
        """
        if self.value_scale == "one_per_trick":
            return bid
        value = lookup(self.value_table, bid, 0)
        if self.eleven_plus_fifty:
            fifty_from = [11, 12] if self.eleven_plus_thirteen == "keeps_special" else [11, 12, 13]
            value = ite(is_one_of(bid, fifty_from), 50, value)
        if self.reduced_values:
            band_score = own_score if self.reduced_scope == "own" else highest_score
            reduced = dict(self.reduced_values)
            value = ite(
                all_(band_score >= BAND_START, is_one_of(bid, reduced)),
                lookup(reduced, bid, 0),
                value,
            )
        return value

    def bid_made(self, bid: IntLike, tricks: IntLike) -> BoolLike:
        """A bid is made when the player takes at least that many tricks
        (every source; extra tricks earn nothing)."""
        return tricks >= bid

    def special_effect(self, bid: IntLike, tricks: IntLike) -> IntLike:
        """The game-deciding effect of a player's hand, as a :class:`Special` code.

        A made bid of 13 wins the game for the bidder's team (medallon,
        pagat-400, qahwa classic); a failed one loses it (pagat-400, qahwa
        classic) or costs 52 points (medallon; ambiguity ``thirteen-failed``).
        """
        special = self.is_special_bid(bid)
        made = self.bid_made(bid, tricks)
        fail_code = Special.TEAM_LOSES if self.thirteen == "win_or_lose_game" else Special.NONE
        return ite(special, ite(made, int(Special.TEAM_WINS), int(fail_code)), int(Special.NONE))

    def failed_cost(self, bid: IntLike, value: IntLike) -> IntLike:
        """What a failed bid costs: its value (every source's §"Scoring"), or, under the
        house rule ``fail_penalty=tricks``, the number of tricks bid."""
        return value if self.fail_penalty == "value" else bid

    def score_change(
        self, bid: IntLike, tricks: IntLike, own_score: IntLike, highest_score: IntLike
    ) -> IntLike:
        """A player's score change for a played hand: the bid's value when made,
        minus it (or, under a house rule, :meth:`failed_cost`) when failed;
        nothing for a bid that decides the game.

        Depends only on the player's own bid and tricks and the scores that set
        the value band: a partner's tricks count for nothing (qahwa §"Scoring").
        """
        value = self.bid_value(bid, own_score, highest_score)
        signed = ite(self.bid_made(bid, tricks), value, -self.failed_cost(bid, value))
        if self.thirteen == "points":
            return signed
        special = self.is_special_bid(bid)
        made = self.bid_made(bid, tricks)
        decided = made if self.thirteen == "win_or_lose_points" else True
        return ite(all_(special, decided), 0, signed)

    def scores_after(
        self, scores: Sequence[IntLike], bids: Sequence[IntLike], tricks: Sequence[IntLike]
    ) -> tuple[IntLike, IntLike, IntLike, IntLike]:
        """Every player's score after a played hand (scores kept per player)."""
        highest = max_(*scores)
        return tuple(
            scores[s] + self.score_change(bids[s], tricks[s], scores[s], highest) for s in range(4)
        )

    # ------------------------------------------------------------------
    # The end of the game
    # ------------------------------------------------------------------

    def partner_ok(self, score: IntLike) -> BoolLike:
        """The partner condition: above zero (pagat, qahwa, arab3meyeh
        §"Scoring", medallon §"Winning the Game") or not negative (ambiguity
        ``partner-at-zero``); or, under the house rule ``partner_condition=off``,
        no condition at all."""
        if self.partner_condition == "off":
            return True
        return score > 0 if self.partner_condition == "positive" else score >= 0

    def team_qualifies(self, team: int, scores: Sequence[IntLike], target: IntLike) -> BoolLike:
        """Whether a team meets the winning condition at a target.

        ``player``: one partner has reached the target and the other meets the
        partner condition (qahwa, pagat, arab3meyeh). ``team_total``: the two
        partners together have reached the target and both meet the partner
        condition (medallon §"Winning the Game"; ambiguity ``win-measure``).
        """
        a, b = (scores[s] for s in TEAMS[team])
        if self.win_measure == "team_total":
            return all_(a + b >= target, self.partner_ok(a), self.partner_ok(b))
        return any_(
            all_(a >= target, self.partner_ok(b)),
            all_(b >= target, self.partner_ok(a)),
        )

    def team_reached(self, team: int, scores: Sequence[IntLike], target: IntLike) -> BoolLike:
        """Whether a team has reached a target, partner condition aside."""
        a, b = (scores[s] for s in TEAMS[team])
        if self.win_measure == "team_total":
            return a + b >= target
        return any_(a >= target, b >= target)

    def team_total(self, team: int, scores: Sequence[IntLike]) -> IntLike:
        """The two partners' scores added."""
        a, b = (scores[s] for s in TEAMS[team])
        return a + b

    def team_standing(self, team: int, scores: Sequence[IntLike]) -> IntLike:
        """What decides between two teams that qualify in the same hand: the
        partners' total (qahwa §"Winning": "the higher total of the two
        partners"), or, under ``both_qualify_by=player_score``, the higher
        running score of either partner (pagat §"Scoring" calls each player's
        running score a "total score"; ambiguity ``higher-total-score``)."""
        if self.both_qualify_by == "team_total":
            return self.team_total(team, scores)
        a, b = (scores[s] for s in TEAMS[team])
        return max_(a, b)

    def seat_qualifies(self, seat: int, scores: Sequence[IntLike], target: IntLike) -> BoolLike:
        """Whether one seat meets the winning condition on its own: its score has
        reached the target and its partner meets the partner condition; under
        ``win_measure=team_total``, whether its team qualifies."""
        if self.win_measure == "team_total":
            return self.team_qualifies(seat % 2, scores, target)
        return all_(scores[seat] >= target, self.partner_ok(scores[(seat + 2) % 4]))

    def first_qualifying_team(self, scores: Sequence[IntLike], target: IntLike) -> IntLike:
        """The house rule ``both_qualify=first_seat``: when both teams qualify in the
        same hand, the team of the first seat, in seat order (North, West, South,
        East), that qualifies wins (a :class:`Result` code). A house rule: no
        source says so."""
        result: IntLike = int(Result.CONTINUE)
        for seat in reversed(range(4)):
            own = int(Result.TEAM_0_WINS) if seat % 2 == 0 else int(Result.TEAM_1_WINS)
            result = ite(self.seat_qualifies(seat, scores, target), own, result)
        return result

    def special_result(
        self,
        bids: Sequence[IntLike],
        tricks: Sequence[IntLike],
        scores_after: Sequence[IntLike],
        dealer: int,
    ) -> IntLike:
        """What the bids of 13 decide (a :class:`Result` code; CONTINUE if nothing).

        A team wins when one of its players made a special bid (with the
        partner condition under ``thirteen_win=needs_partner``) or an opponent
        failed one that loses the game. If both teams would win that way (two
        failed 13s on opposite sides, or a made and a failed 13 in one team)
        the reading ``thirteen_conflict`` decides (ambiguity ``thirteen-conflict``).
        """
        if self.thirteen == "points":
            return int(Result.CONTINUE)
        effects = [self.special_effect(bids[s], tricks[s]) for s in range(4)]
        wins: list[BoolLike] = []
        loses: list[BoolLike] = []
        for team in (0, 1):
            made = []
            for seat in TEAMS[team]:
                partner_score = scores_after[(seat + 2) % 4]
                condition = (
                    True if self.thirteen_win == "outright" else self.partner_ok(partner_score)
                )
                made.append(all_(effects[seat] == int(Special.TEAM_WINS), condition))
            wins.append(any_(*made))
            loses.append(any_(*(effects[seat] == int(Special.TEAM_LOSES) for seat in TEAMS[team])))
        claims = [any_(wins[0], loses[1]), any_(wins[1], loses[0])]
        conflict_result: IntLike = int(Result.DRAW)
        if self.thirteen_conflict == "first_bid":
            conflict_result = int(Result.CONTINUE)
            for seat in reversed(self.bidding_seats(dealer)):
                effect = effects[seat]
                own = int(Result.TEAM_0_WINS) if seat % 2 == 0 else int(Result.TEAM_1_WINS)
                other = int(Result.TEAM_1_WINS) if seat % 2 == 0 else int(Result.TEAM_0_WINS)
                conflict_result = ite(
                    effect == int(Special.TEAM_WINS),
                    own,
                    ite(effect == int(Special.TEAM_LOSES), other, conflict_result),
                )
        return ite(
            all_(claims[0], claims[1]),
            conflict_result,
            ite(
                claims[0],
                int(Result.TEAM_0_WINS),
                ite(claims[1], int(Result.TEAM_1_WINS), int(Result.CONTINUE)),
            ),
        )

    def points_result(
        self, scores: Sequence[IntLike], target_in_force: IntLike
    ) -> tuple[IntLike, IntLike]:
        """The result by points after a hand, and the target in force afterwards.

        Exactly one team qualifying wins. When both qualify in the same hand
        (``both_qualify``): the higher team total (or higher player score,
        :meth:`team_standing`) wins and equal totals play another hand or draw
        (qahwa §"Winning", pagat §"Scoring"; ambiguities ``equal-totals``,
        ``higher-total-score``); or the target rises by 10 and play goes on
        until a team qualifies alone at the raised target or one side falls back below
        the original target (arab3meyeh §"Scoring"; ambiguities
        ``both-teams-qualify``, ``raised-target-trigger``, ``raised-target-end``);
        or, under the house rule ``both_qualify=first_seat``, the first qualifying
        seat's team wins (:meth:`first_qualifying_team`).
        """
        base = self.target
        at_force = [self.team_qualifies(t, scores, target_in_force) for t in (0, 1)]
        one_alone = ite(
            all_(at_force[0], not_(at_force[1])),
            int(Result.TEAM_0_WINS),
            ite(all_(at_force[1], not_(at_force[0])), int(Result.TEAM_1_WINS), -1),
        )
        if self.both_qualify == "first_seat":
            both = self.first_qualifying_team(scores, target_in_force)
            result = ite(
                one_alone >= 0, one_alone, ite(all_(*at_force), both, int(Result.CONTINUE))
            )
            return result, target_in_force
        if self.both_qualify == "higher_total":
            totals = [self.team_standing(t, scores) for t in (0, 1)]
            tie = int(Result.CONTINUE) if self.total_tie == "play_on" else int(Result.DRAW)
            both = ite(
                totals[0] > totals[1],
                int(Result.TEAM_0_WINS),
                ite(totals[1] > totals[0], int(Result.TEAM_1_WINS), tie),
            )
            result = ite(
                one_alone >= 0, one_alone, ite(all_(*at_force), both, int(Result.CONTINUE))
            )
            return result, target_in_force

        # raise_target: arab3meyeh's "continue to a score of 51".
        trigger = (
            at_force
            if self.raise_trigger == "qualified"
            else [self.team_reached(t, scores, target_in_force) for t in (0, 1)]
        )
        raised = target_in_force > base
        at_base = [self.team_qualifies(t, scores, base) for t in (0, 1)]
        fallback = ite(
            all_(at_base[0], not_(at_base[1])),
            int(Result.TEAM_0_WINS),
            ite(all_(at_base[1], not_(at_base[0])), int(Result.TEAM_1_WINS), int(Result.CONTINUE)),
        )
        both_triggered = all_(*trigger)
        result = ite(
            both_triggered,
            int(Result.CONTINUE),
            ite(one_alone >= 0, one_alone, ite(raised, fallback, int(Result.CONTINUE))),
        )
        neither_at_base = all_(not_(at_base[0]), not_(at_base[1]))
        next_target = ite(
            both_triggered,
            target_in_force + BAND_WIDTH,
            ite(all_(raised, neither_at_base), base, target_in_force),
        )
        return result, next_target

    def hand_result(
        self,
        scores_before: Sequence[IntLike],
        bids: Sequence[IntLike],
        tricks: Sequence[IntLike],
        dealer: int,
        target_in_force: IntLike,
    ) -> tuple[tuple[IntLike, ...], IntLike, IntLike]:
        """Settle a played hand: new scores, the :class:`Result` code, and the
        target in force for the next hand.

        A bid of 13 that decides the game takes precedence over points; under
        ``thirteen_precedence=points_first`` a result by points comes first
        and the 13 decides only a hand the points leave open (a failed 13 in
        a team whose other partner reaches the target in the same hand;
        ambiguity ``failed-thirteen-and-target``)."""
        after = self.scores_after(scores_before, bids, tricks)
        special = self.special_result(bids, tricks, after, dealer)
        by_points, next_target = self.points_result(after, target_in_force)
        decided: BoolLike = special != int(Result.CONTINUE)
        if self.thirteen_precedence == "points_first":
            decided = all_(decided, by_points == int(Result.CONTINUE))
        result = ite(decided, special, by_points)
        return after, result, ite(decided, target_in_force, next_target)

    def bids_are_legal(self, bids: Sequence[IntLike], scores: Sequence[IntLike]) -> BoolLike:
        """All four bids legal for their bidders' scores."""
        return all_(*(self.bid_is_legal(bids[s], scores[s]) for s in range(4)))

    def tricks_are_consistent(self, tricks: Sequence[IntLike]) -> BoolLike:
        """Each player's tricks between 0 and 13, the four adding to 13."""
        return all_(
            *(all_(t >= 0, t <= TRICKS_PER_HAND) for t in tricks),
            sum_(tricks) == TRICKS_PER_HAND,
        )
