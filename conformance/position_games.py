"""Whole games from a stated position: one hand from the start of a hand (phase ``deal``)
with stated scores, dealer, target in force and hand number, every action naming its seat,
with the battery of illegal actions of every phase (:func:`position_cases`).

The position plans (:func:`position_plans`) say which hands each variant needs (13s made
and lost, both teams qualifying, ties, the orderings of the win), and
:func:`find_position_case` searches deals and scores for each, preferring scores a new
game can reach (:mod:`fourhundred.conformance.twins`). The games from a new game, the
scripted play and the illegal actions live in :mod:`fourhundred.conformance.games`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.game_cases import script_case
from fourhundred.conformance.games import Json, Script, bad_deal, policy_card, tricks_by_policy
from fourhundred.reference import shuffle
from fourhundred.reference.actions import Deal, ThrowIn
from fourhundred.reference.engine import GameState, Phase
from fourhundred.spec.cards import FULL_DECK, SEAT_NAMES
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

# ----------------------------------------------------------------------
# One-hand cases from a stated position
# ----------------------------------------------------------------------
#
# A position case starts at the beginning of a hand (phase ``deal``) with
# stated scores, dealer, target in force and hand number (the input's
# ``position``, in the one-line notation of :mod:`fourhundred.reference.notation`)
# and plays one hand, every action naming its seat, so that the bidding order
# and the first leader are checked by every action (an engine with another
# order rejects the first one as ``not_your_turn``). Each hand also carries
# the battery of actions engines wrongly accept (:func:`_reject_in_deal`,
# :func:`_reject_in_bidding`, :func:`_reject_in_play`, :func:`_reject_after`),
# in every phase where each can be tried.
#
# The deal pattern (ambiguity ``deal-pattern``) is not checkable here: a deal
# action states every hand, so the order the cards were dealt in leaves no
# trace in a whole game; it is the business of an engine's own shuffle and
# deal, which the suite does not see (ADAPTERS.md, "Engines that deal their own cards").

#: (variant string, what the case group shows): every variant under its default
#: readings, and the settings that change game-level behaviour.
POSITION_VARIANTS: tuple[str, ...] = (
    "qahwa-400",
    "qahwa-400(table=classic)",
    "medallon-400",
    "medallon-400(bidding_order=clockwise)",
    "medallon-400(play_order=clockwise)",
    "medallon-400(both_qualify=raise_target)",
    "medallon-400(total_tie=draw)",
    "medallon-400(thirteen_fail=lose_game)",
    "pagat-41",
    "pagat-41(dealer_throw_in=yes)",
    "pagat-41(total_tie=draw)",
    "pagat-400",
    "pagat-400(total_tie=draw)",
    "arab3meyeh-400",
    "arab3meyeh-400(bidding_order=clockwise)",
    "arab3meyeh-400(play_order=clockwise)",
    "arab3meyeh-400(raise_trigger=reached)",
)
#: Deals tried for one position case before the search gives up (it never does
#: for the suite's cases: ``tests/test_conformance_positions.py``).
SEARCH_DEALS = 400

Four = tuple[int, int, int, int]


def position_text(dealer: int, scores: Sequence[int], target: int, hand_number: int) -> str:
    """The one-line notation of the start of a hand (phase ``deal``)."""
    return (
        f"deal {SEAT_NAMES[dealer]} {','.join(str(s) for s in scores)} {target} "
        f"-/-/-/- -,-,-,- 0,0,0,0 - - {hand_number}"
    )


def _bid_for(state: GameState, seat: int, wanted: int) -> int:
    """``wanted`` brought within the seat's legal bids."""
    low = state.fast.own_minimum_bid(state.scores[seat])
    return max(low, min(state.rules.max_bid, wanted))


def _reject_in_deal(script: Script, deal: Deal) -> None:
    """While dealing: a pass, a bid of 0, a card, a throw-in, a deal by a seat that
    is not the dealer, a deal that is not four hands of the pack."""
    state = script.state
    script.reject("pass", "not_an_action")
    script.reject("bid 0", "wrong_phase")
    script.reject(f"play {deal.hands[0][0]}", "wrong_phase")
    script.reject("throw-in", "wrong_phase")
    script.reject(str(deal), "not_your_turn", seat=(state.dealer + 1) % 4)
    script.reject(bad_deal(deal), "bad_deal")


def _reject_in_bidding(script: Script, deal: Deal) -> None:
    """At the first bid: a pass, a bid of 0, one over the maximum, one under the own
    minimum (where it is above 1), a card, a second deal, a throw-in by a seat that
    is not the dealer, a bid named for the seat that bids next."""
    state = script.state
    seat = script.actor()
    low = state.fast.own_minimum_bid(state.scores[seat])
    script.reject("pass", "not_an_action")
    script.reject("bid 0", "bid_below_minimum")
    script.reject(f"bid {state.rules.max_bid + 1}", "bid_above_maximum")
    if 1 < low <= state.rules.max_bid:
        script.reject(f"bid {low - 1}", "bid_below_minimum")
    script.reject(f"play {state.hands[seat][0]}", "wrong_phase")
    script.reject(str(deal), "wrong_phase")
    if seat != state.dealer:
        script.reject("throw-in", "throw_in_not_allowed")
    following = state.rules.bidding_seats(state.dealer)[1]
    script.reject(f"bid {_bid_for(state, following, 4)}", "not_your_turn", seat=following)


def _reject_in_play(script: Script, deal: Deal, planted: set[str]) -> None:
    """During the play: a pass, a bid, a second deal, a throw-in, a card the player
    does not hold, a card named for another seat (at the first card); a card of
    another suit while holding the led suit (the first time it can be tried)."""
    state = script.state
    seat = script.actor()
    hand = state.hands[seat]
    if "play" not in planted:
        planted.add("play")
        script.reject("pass", "not_an_action")
        script.reject("bid 5", "wrong_phase")
        script.reject(str(deal), "wrong_phase")
        script.reject("throw-in", "wrong_phase")
        other = (seat + 2) % 4
        script.reject(f"play {state.hands[other][0]}", "card_not_in_hand")
        script.reject(f"play {state.hands[other][0]}", "not_your_turn", seat=other)
    if state.trick and "follow" not in planted:
        led = state.trick[0][1]
        off = [c for c in hand if c[1] != led]
        if off and any(c[1] == led for c in hand):
            planted.add("follow")
            script.reject(f"play {off[0]}", "must_follow_suit")


def _reject_after(script: Script, deal: Deal) -> None:
    """After the game: a pass (not an action, first of all), a bid and a deal."""
    script.reject("pass", "not_an_action")
    script.reject("bid 5", "game_over")
    script.reject(str(deal), "game_over")


#: How a position case bids: ``made`` (each bids the tricks the policy will give
#: it, the last raised to the table minimum), ``all_fail`` (each one more),
#: ``short`` (each its own minimum), ``dealer_throws_in``, ``north_13`` (North
#: bids 13, the others their minimums), ``two_13`` (North and West bid 13).
Bidding = str


def _bids(state: GameState, tricks: Sequence[int], how: Bidding) -> list[int]:
    """The bids of a position case's hand (see :data:`Bidding`)."""
    rules = state.rules
    order = rules.bidding_seats(state.dealer)
    if how == "all_fail":
        return [_bid_for(state, seat, tricks[seat] + 1) for seat in range(4)]
    if how == "two_13":
        bids = [_bid_for(state, seat, 0) for seat in range(4)]
        bids[0] = bids[1] = 13
        return bids
    if how == "made":
        bids = [_bid_for(state, seat, tricks[seat]) for seat in range(4)]
        last = order[-1]
        while not state.fast.hand_is_played(bids, state.scores) and bids[last] < rules.max_bid:
            bids[last] += 1
        return bids
    bids = [_bid_for(state, seat, 0) for seat in range(4)]
    if how == "north_13":
        bids[0] = 13
    return bids


def play_position_hand(rules_text: str, position: str, deal: Deal, how: Bidding) -> Script:
    """One hand from ``position`` with ``deal``, bid as ``how`` says, played by the
    policy, with the battery of rejections; then, if the game is over, the
    actions after it."""
    from fourhundred.reference.notation import from_notation

    rules = load(rules_text)
    script = Script(from_notation(rules, position), seated=True)
    _reject_in_deal(script, deal)
    script.act(str(deal))
    tricks = tricks_by_policy(script.state)
    bids = _bids(script.state, tricks, how)
    _reject_in_bidding(script, deal)
    for seat in rules.bidding_seats(script.state.dealer):
        state = script.state
        if seat == state.dealer and how == "dealer_throws_in":
            script.act(str(ThrowIn()))
            break
        if seat == state.dealer and not rules.dealer_may_throw_in:
            script.reject("throw-in", "throw_in_not_allowed")
        script.act(f"bid {bids[seat]}")
    planted: set[str] = set()
    while script.state.phase is Phase.PLAY:
        _reject_in_play(script, deal, planted)
        script.act(f"play {policy_card(script.state)}")
    if script.state.phase is Phase.GAME_OVER:
        _reject_after(script, deal)
    return script


def _deal_with_hearts(deal: Deal, hearts: int) -> Deal:
    """``deal`` rearranged so that North holds the ``hearts`` highest hearts (and, if
    fewer than 13, the lowest club), the other cards going round W, S, E in the
    order ``deal`` gives them. With 13 North takes every trick whatever is played;
    with 12 and the 2 of clubs exactly one trick escapes North."""
    ranks = "AKQJT98765432"
    north = [f"{rank}H" for rank in ranks[:hearts]]
    if hearts < 13:
        north.append("2C")
    rest = [c for hand in deal.hands for c in hand if c not in north]
    west, south, east = rest[0:13], rest[13:26], rest[26:39]
    return canonical_deal_of(north, west, south, east)


def canonical_deal_of(*hands: Sequence[str]) -> Deal:
    """A :class:`Deal` of four hands given in seat order, each in deck order."""
    from fourhundred.reference.actions import canonical_deal

    north, west, south, east = (tuple(hand) for hand in hands)
    return canonical_deal(Deal((north, west, south, east)))


Want = Any  # Callable[[Script], bool]


def _first(script: Script) -> Json:
    return script.hands[0] if script.hands else {}


def _team_totals(scores: Sequence[int]) -> tuple[int, int]:
    return (scores[0] + scores[2], scores[1] + scores[3])


def _both_qualify(script: Script, target: int) -> bool:
    first = _first(script)
    if not first.get("played"):
        return False
    rules = script.state.rules
    return all(bool(rules.team_qualifies(team, first["scores"], target)) for team in (0, 1))


def _ordering(script: Script, target: int, single_team: int, total_team: int) -> bool:
    """Both teams qualify; the player with the highest single score (alone) is on
    ``single_team`` and the higher team total (not a tie) is ``total_team``'s."""
    if not _both_qualify(script, target):
        return False
    scores = _first(script)["scores"]
    best = max(scores)
    totals = _team_totals(scores)
    if scores.count(best) != 1 or totals[0] == totals[1]:
        return False
    return scores.index(best) % 2 == single_team and (totals[1] > totals[0]) == bool(total_team)


@dataclass(frozen=True)
class PositionPlan:
    """One position case to find: the first deal (from the seeds ``<slug>/<k>``, or
    built around North's hearts) and starting scores, tried in order, whose hand
    bid as ``how`` does what ``want`` asks."""

    variant: str
    slug: str
    what: str
    dealer: int
    scores: tuple[Four, ...]
    want: Callable[[Script], bool]
    how: Bidding = "made"
    target: int | None = None
    hand_number: int = 5
    hearts: int | None = None
    ambiguities: tuple[str, ...] = ()
    #: Whether the next dealer deals the next hand after it (seeded ``<slug>/next``).
    deal_next: bool = False


#: Biddings whose outcome does not depend on the deal.
_DEAL_FREE = ("short", "dealer_throws_in")


def find_position_case(plan: PositionPlan) -> tuple[str, Script]:
    """The position and the scripted hand of the first candidate ``plan.want`` accepts
    whose position a new game reaches by play (it then has a new-game twin,
    :func:`~fourhundred.conformance.twins.plan_hands`), else of the first candidate
    accepted at all; :class:`LookupError` if none of :data:`SEARCH_DEALS` deals per
    score set does."""
    rules = load(plan.variant)
    target = rules.target if plan.target is None else plan.target
    fallback: tuple[str, Script] | None = None
    for scores in plan.scores:
        found = _accepted_hand(plan, position_text(plan.dealer, scores, target, plan.hand_number))
        if found is None:
            continue
        if _reachable(plan.variant, plan.dealer, scores, target):
            return found
        fallback = fallback or found
    if fallback is not None:
        return fallback
    raise LookupError(f"{plan.variant}: no hand found for {plan.what!r} ({plan.slug})")


def _reachable(variant: str, dealer: int, scores: Four, target: int) -> bool:
    """Whether a new game reaches ``dealer``, ``scores`` and ``target`` in force by play."""
    from fourhundred.conformance import twins

    goal = twins.Wanted(dealer, scores, target)
    return not isinstance(twins.plan_hands(load(variant), goal), twins.Unreached)


def _accepted_hand(plan: PositionPlan, position: str) -> tuple[str, Script] | None:
    """The scripted hand from ``position`` of the first deal ``plan.want`` accepts, or None."""
    rules = load(plan.variant)
    # Short bids and North's hearts do not depend on the deal: one deal is enough.
    tries = SEARCH_DEALS if plan.hearts is None and plan.how not in _DEAL_FREE else 1
    for k in range(tries):
        deal = shuffle.deal_from_seed(f"{plan.slug}/{k}", plan.dealer, rules)
        if plan.hearts is not None:
            deal = _deal_with_hearts(deal, plan.hearts)
        script = play_position_hand(plan.variant, position, deal, plan.how)
        if plan.want(script):
            if plan.deal_next and script.state.phase is Phase.DEAL:
                dealer = script.state.dealer
                script.act(str(shuffle.deal_from_seed(f"{plan.slug}/next", dealer, rules)))
            return position, script
    return None


def _played_on(script: Script) -> bool:
    first = _first(script)
    return bool(first.get("played")) and first["result"] == "continue"


def _thrown_in(script: Script) -> bool:
    return _first(script).get("played") is False


def _result_is(result: str) -> Callable[[Script], bool]:
    return lambda script: bool(_first(script).get("played")) and _first(script)["result"] == result


def _near(rules_target: int, team_total: bool, *offsets: int) -> Four:
    """Scores ``target - offset`` by seat (halved per partner under team totals)."""
    values = [
        (rules_target // 2 - offset // 2) if team_total else rules_target - offset
        for offset in offsets
    ]
    return (values[0], values[1], values[2], values[3])


def position_plans(variant: str) -> list[PositionPlan]:
    """Every position case of one variant string (see the module docstring)."""
    rules = load(variant)
    t = rules.target
    team_total = rules.win_measure == "team_total"
    name = variant.replace("(", "-").replace(")", "").replace("=", "-").replace(",", "-")
    defaults = "(" not in variant or "dealer_throw_in" in variant or "order" in variant
    plans: list[PositionPlan] = []
    high = _near(t, team_total, 3, 5, 4, 6)
    if defaults:
        for dealer in range(4):
            seat = SEAT_NAMES[dealer]
            plans.append(
                PositionPlan(
                    variant,
                    f"{name}/played/{seat}",
                    f"{seat} deals a hand that is played: bidding order, first leader, the next dealer",
                    dealer,
                    ((12, 7, 3, 9),),
                    _played_on,
                    ambiguities=("dealer-rotation", "first-dealer"),
                )
            )
            plans.append(
                PositionPlan(
                    variant,
                    f"{name}/thrown/{seat}",
                    f"{seat} deals a hand that is thrown in (at the highest scores where bids "
                    "can fall short): the next dealer",
                    dealer,
                    (high, (t - 3, 3, 2, 1), (20, 15, 18, 16), (0, 0, 0, 0)),
                    _thrown_in,
                    how="dealer_throws_in" if rules.dealer_may_throw_in and dealer % 2 else "short",
                    ambiguities=("dealer-rotation", "throw-in"),
                )
            )
        plans.append(
            PositionPlan(
                variant,
                f"{name}/thrown-then-deal",
                "North's hand is thrown in and West, the next dealer, deals the next hand",
                0,
                ((20, 15, 18, 16),),
                _thrown_in,
                how="short",
                ambiguities=("dealer-rotation", "throw-in"),
                deal_next=True,
            )
        )
    if rules.thirteen != "points" or defaults:
        plans += _thirteen_plans(variant, name, high)
    plans += _outcome_plans(variant, name, t, team_total)
    return plans


def _thirteen_plans(variant: str, name: str, high: Four) -> list[PositionPlan]:
    """A 13 bid, accepted and made (North holds every heart) or failed (one trick
    escapes), at scores near the end of the game; two failed 13s on opposite sides."""
    rules = load(variant)
    decides = rules.thirteen != "points"
    plans = [
        PositionPlan(
            variant,
            f"{name}/13-made",
            "North bids 13 and makes it near the end of the game"
            + (": the game is won, North's score unchanged" if decides else ""),
            1,
            (high,),
            _result_is("team_0_wins") if decides else lambda script: bool(_first(script)),
            how="north_13",
            hearts=13,
            hand_number=9,
            ambiguities=("thirteen-partner",),
        ),
        PositionPlan(
            variant,
            f"{name}/13-failed",
            "North bids 13 and takes 12 tricks near the end of the game",
            2,
            (high,),
            lambda script: bool(_first(script).get("played")),
            how="north_13",
            hearts=12,
            hand_number=9,
            ambiguities=("thirteen-failed",),
        ),
    ]
    if rules.thirteen == "win_or_lose_game" and rules.thirteen_conflict == "draw":
        plans.append(
            PositionPlan(
                variant,
                f"{name}/two-13",
                "North and West both bid 13 and both fail: the game is drawn",
                3,
                ((10, 12, 8, 5),),
                _result_is("draw"),
                how="two_13",
                ambiguities=("thirteen-conflict",),
            )
        )
    return plans


def _outcome_plans(variant: str, name: str, t: int, team_total: bool) -> list[PositionPlan]:
    """Both teams qualifying in every ordering of the highest single score against the
    higher total, equal totals, and the raised target in force and falling back."""
    rules = load(variant)
    plans = []
    for single in (0, 1):
        for total in (0, 1):
            candidates = [
                _both_candidate(t, team_total, single, total, gap) for gap in (2, 4, 6, 8)
            ]
            plans.append(
                PositionPlan(
                    variant,
                    f"{name}/both-{single}{total}",
                    f"both teams qualify; the highest single score is team {single}'s, "
                    f"the higher total team {total}'s",
                    (single + total) % 4,
                    tuple(candidates),
                    functools.partial(_ordering, target=t, single_team=single, total_team=total),
                    ambiguities=("both-teams-qualify", "equal-totals"),
                )
            )
    if rules.both_qualify == "higher_total":
        plans.append(
            PositionPlan(
                variant,
                f"{name}/tie",
                "both teams qualify with equal totals: "
                + ("a draw" if rules.total_tie == "draw" else "play goes on"),
                2,
                tuple(_near(t, team_total, 1, 1 + k, 3 + k, 2) for k in range(0, 12)),
                _tie,
                ambiguities=("equal-totals",),
            )
        )
    else:
        raised = t + 10
        plans += [
            PositionPlan(
                variant,
                f"{name}/raised-alone",
                f"the target in force is raised to {raised}; one team qualifies alone at it",
                0,
                tuple(_near(raised, team_total, 2, 20 + k, 5, 25) for k in range(4)),
                lambda script: _first(script).get("result") in ("team_0_wins", "team_1_wins"),
                target=raised,
                ambiguities=("raised-target-end",),
            ),
            PositionPlan(
                variant,
                f"{name}/raised-fall-back",
                f"the target in force is raised to {raised}; every bid fails, nobody "
                f"qualifies at {t} any more and the target falls back",
                1,
                (_near(t, team_total, -1, -2, 5, 6), _near(t, team_total, -3, -3, 8, 8)),
                lambda script: _first(script).get("target_in_force") == t,
                how="all_fail",
                target=raised,
                ambiguities=("raised-target-end",),
            ),
            PositionPlan(
                variant,
                f"{name}/raised-again",
                f"the target in force is raised to {raised}; both teams qualify at it again",
                3,
                tuple(_near(raised, team_total, 1, 2 + k, 4, 5) for k in range(4)),
                lambda script: _first(script).get("target_in_force") == raised + 10,
                target=raised,
                ambiguities=("raised-target-trigger", "both-teams-qualify"),
            ),
        ]
    return plans


def _both_candidate(t: int, team_total: bool, single: int, total: int, gap: int) -> Four:
    """Starting scores from which both teams may qualify in one hand, the seat ``single``
    (N or W) highest, team ``total`` the higher total (the hand decides)."""
    scores = [0, 0, 0, 0]
    other = 1 - single
    if team_total:
        scores[single] = t - 11
        scores[single + 2] = 9 if total == single else 5
        scores[other] = t // 2 - 1
        scores[other + 2] = t // 2 - gap - (4 if total == single else 0)
    else:
        scores[single] = t - 1
        scores[single + 2] = t - 4 if total == single else t - 30
        scores[other] = t - gap
        scores[other + 2] = t - gap - 2 if total != single else t - 30
    return (scores[0], scores[1], scores[2], scores[3])


def _tie(script: Script) -> bool:
    if not _both_qualify(script, script.state.target_in_force):
        return False
    totals = _team_totals(_first(script)["scores"])
    return totals[0] == totals[1]


def first_bid_game(rules: Rules, score: int, *bids: int, others: int | None = None) -> Json:
    """The input of a whole game from a position with the first bidder on ``score`` and
    the other seats on ``others`` (``score`` too when None): North deals (the pack dealt
    round from North), the second and third bidders bid out of turn (rejected: the
    seats are named) and the first bidder bids each of ``bids`` in turn (a rejected bid
    leaves it to bid again). Under ``trump=turned`` North turns the last card of the
    deck, theirs (:meth:`Rules.turned_card`)."""
    deck = list(FULL_DECK)
    hands = canonical_deal_of(*(deck[seat::4] for seat in range(4))).hands
    deal = Deal(hands, rules.turned_card(deck[::4]))
    first, second, third = rules.bidding_seats(0)[:3]
    early = [f"{SEAT_NAMES[seat]}: bid {rules.max_bid}" for seat in (second, third)]
    scores = [score if seat == first or others is None else others for seat in range(4)]
    return {
        "position": position_text(0, scores, rules.target, 1),
        "actions": [
            f"{SEAT_NAMES[0]}: {deal}",
            *early,
            *(f"{SEAT_NAMES[first]}: bid {bid}" for bid in bids),
        ],
    }


#: How the description of a position plan's case begins (:func:`position_case`): the
#: point search's whole games from a position (:func:`first_bid_game`) are no plans.
PLAN_OPENING = "from a position (dealer "


def position_case(plan: PositionPlan) -> Json:
    """A whole_game case from a position plan."""
    position, script = find_position_case(plan)
    description = (
        f"{PLAN_OPENING}{SEAT_NAMES[plan.dealer]}): {plan.what} "
        f"({len(script.rejected)} illegal actions)"
    )
    return script_case(script, description, {"position": position}, plan.ambiguities)


def position_cases() -> list[Json]:
    """Every position case, variant by variant."""
    return [
        position_case(plan) for variant in POSITION_VARIANTS for plan in position_plans(variant)
    ]
