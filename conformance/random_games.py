"""Whole games drawn at random for the input layer: realistic games to send.

A ``whole_game`` input is ``{position, actions}`` (a game under way, from the
start of a hand) or ``{first_dealer, actions}`` (a new game; see
:mod:`fourhundred.conformance.games`). :func:`random_game` makes mostly the
first: a start position drawn where the rules bite (:func:`start_position`:
scores at band edges and near the target in force, partners on 0/1 and
negative, raised targets in force, every dealer, and now and then a position
from which the hand is searched to end in a *draw*, where the variant has
one), then one to :data:`POSITION_HANDS` hands; a share
(:data:`FULL_GAME_SHARE`) are full games from 0-0-0-0, for what only long
games reach. The cards and bids are the reference's heuristic players'
(:class:`fourhundred.reference.players.HeuristicPlayer`): they bid what their
hands look worth, so hands are thrown in for want of the table minimum and
bids of 13 turn up (and a hand where one player holds the hearts for a 13 is
planted now and then). Now and then an illegal action is slipped in (a bid
while dealing, a bid above the maximum, a card out of suit; every type of
action in every phase, :mod:`fourhundred.conformance.random_attempts`) that a
conforming engine must reject and carry on. A share of games
(:data:`SEATED_SHARE`) name the seat before every action (``W: bid 3``), and
slip in actions named for a seat whose turn it is not, so ``not_your_turn``
and its precedence over the other codes are tried.

The fuzzer (:mod:`fourhundred.fuzz.games`) reads these games back as hand plans
to shrink them; this module knows nothing of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fourhundred.conformance import inputs, random_attempts
from fourhundred.conformance.edges import MAX_GAME_HANDS
from fourhundred.conformance.games import bad_deal
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import (
    Action,
    Bid,
    Deal,
    by_seat,
    canonical_deal,
    parse_action,
)
from fourhundred.reference.engine import GameState, Phase
from fourhundred.reference.fast import FastRules
from fourhundred.reference.notation import to_notation
from fourhundred.reference.players import HeuristicPlayer
from fourhundred.spec.model import Result, Rules

Json = dict[str, Any]

#: Chance per hand of slipping in an illegal action.
ILLEGAL_CHANCE = 0.08
#: Share of whole games played from a new game (0-0-0-0) rather than from a position.
FULL_GAME_SHARE = 0.1
#: The most hands a game from a position plays.
POSITION_HANDS = 3
#: Share of games whose actions name their seat (``W: bid 3``).
SEATED_SHARE = 0.3
#: Chance per action of a seated game of slipping in an action named for the wrong seat.
WRONG_SEAT_CHANCE = 0.02
#: Share of games from a position, where the variant has draws, that search for a hand ending in one.
DRAW_SHARE = 0.15
#: Deals tried when searching for a hand that ends in a draw.
DRAW_TRIES = 12
#: Draws of a start position's scores before giving up on one a game can reach.
START_TRIES = 50
#: Chance of a hand where one player holds the hearts to bid 13 (13 or 12 of them).
THIRTEEN_CHANCE = 0.04

#: Plays one hand: its action texts are appended; the state after it is returned.
Player = Callable[[GameState], Action]


@dataclass(frozen=True)
class Table:
    """How the actions of one generated game are written: its players, its random
    stream, whether the actions name their seats."""

    rng: random.Random
    players: tuple[Player, ...]
    seed: int
    seated: bool

    @staticmethod
    def drawn(rng: random.Random) -> Table:
        seed = rng.getrandbits(48)
        boldness = rng.choice((0.03, 0.1, 0.3))
        players = tuple(HeuristicPlayer(f"{seed}/{seat}", boldness) for seat in range(4))
        return Table(rng, players, seed, rng.random() < SEATED_SHARE)


def random_game(rng: random.Random, rules: Rules, max_hands: int) -> Json:
    """A whole game: mostly one to :data:`POSITION_HANDS` hands from a generated
    position, else (:data:`FULL_GAME_SHARE`) a new game of at most ``max_hands`` hands
    (see the module docstring); seeded from ``rng``."""
    if rng.random() < FULL_GAME_SHARE:
        return full_game(rng, rules, max_hands)
    return position_game(rng, rules)


def full_game(rng: random.Random, rules: Rules, max_hands: int) -> Json:
    """A new game of at most ``max_hands`` hands by heuristic players, with a few illegal actions."""
    table = Table.drawn(rng)
    first_dealer = rng.randrange(4)
    actions: list[str] = []
    _play_hands(table, engine.new_game(rules, first_dealer), max_hands, actions)
    return {"first_dealer": first_dealer, "actions": actions}


def position_game(rng: random.Random, rules: Rules) -> Json:
    """One to :data:`POSITION_HANDS` hands from a :func:`start_position`; now and then
    (where the variant has draws) a single hand searched to end in one."""
    table = Table.drawn(rng)
    if may_draw(rules) and rng.random() < DRAW_SHARE:
        found = _draw_game(table, rules)
        if found is not None:
            return found
    state = start_position(rng, rules)
    actions: list[str] = []
    hands = 1 if rng.random() < 0.7 else rng.randint(2, POSITION_HANDS)
    _play_hands(table, state, hands, actions)
    return {"position": to_notation(state), "actions": actions}


def may_draw(rules: Rules) -> bool:
    """Whether a game under ``rules`` can end in a draw: both teams qualifying with equal
    measure under ``total_tie=draw``, or two failed 13s under ``thirteen_conflict=draw``."""
    ties = rules.both_qualify == "higher_total" and rules.total_tie == "draw"
    return ties or (rules.thirteen == "win_or_lose_game" and rules.thirteen_conflict == "draw")


def start_position(rng: random.Random, rules: Rules) -> GameState:
    """A position at the start of a hand: scores near band edges and the target in
    force, or both teams racing to it with partners on the edge of the partner
    condition (:func:`fourhundred.conformance.inputs.race_scores`); a raised target in
    force where the variant raises it; any dealer; a hand number from 1."""
    target = inputs.target_in_force(rng, rules)
    race = rng.random() < 0.5
    draw = inputs.race_scores if race else inputs.four_scores
    scores = draw(rng, rules, target)
    for _ in range(START_TRIES):
        if reachable(rules, scores, target):
            break
        scores = _short_of_target(rng, rules, scores, target)
        if reachable(rules, scores, target):
            break
        scores = draw(rng, rules, target)
    else:
        target, scores = rules.target, [0, 0, 0, 0]
    number = rng.choice((1, 2, rng.randint(3, 20)))
    return position_state(rules, rng.randrange(4), scores, target, number)


def _short_of_target(
    rng: random.Random, rules: Rules, scores: Sequence[int], target: int
) -> list[int]:
    """The scores with the leader of each team that qualifies already put one to four
    points short of the target: still a race to it, now one a game can stand at."""
    fast = FastRules.of(rules)
    out = list(scores)
    for team in (0, 1):
        if not fast.qualifies(team, out, target):
            continue
        lead = max((team, team + 2), key=lambda seat: out[seat])
        reached = out[team] + out[team + 2] if rules.win_measure == "team_total" else out[lead]
        out[lead] -= reached - target + rng.randint(1, 4)
    return out if all(inputs.biddable(rules, s) for s in out) else list(scores)


def reachable(rules: Rules, scores: Sequence[int], target: int) -> bool:
    """Whether a game can stand at the start of a hand with these scores and target in
    force: the end rule applied to them plays on, to the same target (qahwa
    §"Winning": a game where a team qualifies is over; arab3meyeh §"Scoring": a
    raised target stays only while a team qualifies at the base one). A position no
    game reaches is no test of an engine: a game already won before the hand gives a
    finding about the *previous* hand's end, not this one's."""
    result, next_target = FastRules.of(rules).points_result(scores, target)
    return result == Result.CONTINUE and next_target == target


def position_state(
    rules: Rules, dealer: int, scores: Sequence[int], target: int, hand_number: int = 1
) -> GameState:
    """The state at the start of a hand: ``dealer`` to deal, ``scores`` by seat."""
    north, west, south, east = (int(s) for s in scores)
    return GameState(
        rules=rules,
        phase=Phase.DEAL,
        dealer=dealer,
        scores=(north, west, south, east),
        target_in_force=target,
        hand_number=hand_number,
    )


def _tie_scores(rng: random.Random, rules: Rules, target: int) -> list[int]:
    """Scores with both teams level (North as West, South as East) just short of the
    target: where a hand can take both over it with equal measure."""
    if rules.win_measure == "team_total":
        lead = target // 2 - rng.randint(1, 6)
        partner = target - lead - rng.randint(2, 10)
    else:
        lead = target - rng.randint(1, 8)
        partner = rng.choice((1, 2, rng.randint(3, 20)))
    return [lead, lead, partner, partner]


def _level_after(rules: Rules, rng: random.Random, target: int) -> list[int]:
    """Scores after a hand at which both teams qualify with equal measure (North and
    West the leaders): equal team totals, or under ``both_qualify_by=player_score``
    equal best players."""
    extra = rng.randint(0, 6)
    if rules.win_measure == "team_total":
        total = target + extra
        north, west = total // 2 + rng.randint(0, 4), total // 2 - rng.randint(0, 4)
        return [north, west, total - north, total - west]
    north, west = target + extra, target + rng.randint(0, 6)
    south = rng.randint(1, 12)
    if rules.both_qualify_by == "player_score":
        return [north, north, south, rng.randint(1, 12)]
    return [north, west, south, north + south - west]


def _draw_game(table: Table, rules: Rules) -> Json | None:
    """One hand that the reference ends in a draw, or None. The hand is played from
    level scores just short of the target; its score changes give the start at which
    the same deal and bids end level (:func:`_level_after`), played again, up to three
    rounds (the bands of the new start may change the bids); :data:`DRAW_TRIES` deals."""
    rng = table.rng
    for _ in range(DRAW_TRIES):
        scores = _tie_scores(rng, rules, rules.target)
        dealer, seed = rng.randrange(4), rng.getrandbits(32)
        for _round in range(3):
            if not all(inputs.biddable(rules, s) for s in scores):
                break
            state = position_state(rules, dealer, scores, rules.target)
            actions: list[str] = []
            after = _play_hands(Table.drawn(random.Random(seed)), state, 1, actions)
            if after.phase is Phase.GAME_OVER and after.result is Result.DRAW:
                return {"position": to_notation(state), "actions": actions}
            if not after.history or not after.history[-1].played:
                break
            wanted = _level_after(rules, rng, rules.target)
            scores = [w - (a - b) for w, a, b in zip(wanted, after.scores, scores, strict=True)]
    return None


def _play_hands(table: Table, state: GameState, hands: int, actions: list[str]) -> GameState:
    """Play up to ``hands`` hands from ``state`` (at the start of a hand), writing their
    actions to ``actions``; the state after them."""
    rng, rules = table.rng, state.rules
    start = state.hand_number
    for number in range(start, start + hands):
        if state.phase is not Phase.DEAL:
            break
        deal = shuffle.deal_from_seed(f"{table.seed}/{number}", state.dealer, rules)
        thirteen = rng.random() < THIRTEEN_CHANCE
        if thirteen:
            deal = _hearts_to(deal, rng.randrange(4), rng.choice((12, 13)))
        if rng.random() < ILLEGAL_CHANCE:
            actions.append(rng.choice(("bid 4", "play 2C", "throw-in", bad_deal(deal))))
        tries = random_attempts.stream(table.seed, number)
        _attempt(tries, state, deal, actions, random_attempts.CHANCE)
        state = _take(table, state, deal, actions)
        while state.phase in (Phase.BIDDING, Phase.PLAY) and state.hand_number == number:
            _attempt(tries, state, deal, actions, random_attempts.CHANCE)
            bidding = state.phase is Phase.BIDDING
            legal = engine.legal_actions(state) if bidding else ()  # a card is always legal
            if bidding and not legal:
                return state
            seat = state.to_act or 0
            if rng.random() < ILLEGAL_CHANCE / 8:
                actions.append(_illegal_action(rng, state))
            elif (
                seat == state.dealer
                and not engine.may_throw_in(state)
                and rng.random() < ILLEGAL_CHANCE
            ):
                actions.append("throw-in")  # the dealer's throw-in where the variant has none
            if table.seated and rng.random() < WRONG_SEAT_CHANCE:
                actions.append(_wrong_seat(rng, state, legal or engine.legal_actions(state)))
            action = table.players[seat](state)
            if thirteen and Bid(13) in legal and _hearts(state.hands[seat]) >= 12:
                action = Bid(13)
            state = _take(table, state, action, actions)
    if state.phase is Phase.GAME_OVER and rng.random() < 0.3:
        actions.append(str(shuffle.deal_from_seed(f"{table.seed}/over", 0, rules)))  # game_over
    if state.phase is Phase.GAME_OVER:
        # Every type of action after the game, with a seat named and without.
        tries = random_attempts.stream(table.seed, -1)
        if tries.random() < random_attempts.AFTER_CHANCE:
            over = shuffle.deal_from_seed(f"{table.seed}/over", 0, rules)
            for _ in range(tries.randint(1, random_attempts.AFTER_MOST)):
                _attempt(tries, state, over, actions, 1.0)
    return state


def _attempt(
    rng: random.Random, state: GameState, deal: Deal, actions: list[str], chance: float
) -> None:
    """Now and then (``chance``) a rejected action of any type (:mod:`~fourhundred.conformance.random_attempts`)."""
    if rng.random() < chance:
        found = random_attempts.draw(rng, state, deal)
        if found is not None:
            actions.append(found)


def _hearts(hand: Sequence[str]) -> int:
    return sum(1 for card in hand if card[1] == "H")


def _hearts_to(deal: Deal, seat: int, hearts: int) -> Deal:
    """``deal`` with the ``hearts`` highest hearts (and, below 13, the 2 of clubs) moved
    to ``seat``, the other cards dealt round as they come: a 13 made, or failed by one."""
    ranks = "AKQJT98765432"
    chosen = [f"{rank}H" for rank in ranks[:hearts]] + (["2C"] if hearts < 13 else [])
    rest = [card for hand in deal.hands for card in hand if card not in chosen]
    others = [rest[0:13], rest[13:26], rest[26:39]]
    hands = [others.pop(0) if s != seat else chosen for s in range(4)]
    return canonical_deal(
        Deal((tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])))
    )


def actor(state: GameState) -> int:
    """Who makes the next action: the dealer while dealing, else the seat to act."""
    return state.dealer if state.phase is Phase.DEAL or state.to_act is None else state.to_act


def _take(table: Table, state: GameState, action: Action, actions: list[str]) -> GameState:
    actions.append(_said(action, actor(state) if table.seated else None))
    return engine.apply_unchecked(state, action)


@lru_cache(maxsize=4096)
def _said(action: Action, seat: int | None) -> str:
    """The text of ``action``, said by ``seat`` when one is given (``W: bid 3``);
    remembered: actions are immutable values, and games say the same few hundred."""
    return str(action if seat is None else by_seat(action, seat))


def _wrong_seat(rng: random.Random, state: GameState, legal: Sequence[Action]) -> str:
    """An action named for a seat that is not to act: a legal one (``not_your_turn``),
    or an illegal one, whose code must still be ``not_your_turn`` (its precedence)."""
    seat = rng.choice([s for s in range(4) if s != actor(state)])
    action = rng.choice(legal) if rng.random() < 0.7 else parse_action(_illegal_action(rng, state))
    return str(by_seat(action, seat))


def _illegal_action(rng: random.Random, state: GameState) -> str:
    """An action the engine must reject in ``state``: every code of the closed list turns up."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if state.phase is Phase.BIDDING:
        low = state.fast.own_minimum_bid(state.scores[seat])
        choices = [f"bid {state.rules.max_bid + 1}", f"play {hand[0]}"]
        if low > 1:
            choices.append(f"bid {low - 1}")  # bid_below_minimum
        if not engine.may_throw_in(state):
            choices.append("throw-in")  # throw_in_not_allowed
        return rng.choice(choices)
    choices = ["bid 3"]  # wrong_phase
    other = state.hands[(seat + 2) % 4]
    if other:
        choices.append(f"play {other[0]}")  # card_not_in_hand
    if state.trick:
        led = state.trick[0][1]
        off = [card for card in hand if card[1] != led]
        if off and any(card[1] == led for card in hand):
            choices.append(f"play {off[0]}")  # must_follow_suit
    return rng.choice(choices)


def whole_game_input(rng: random.Random, rules: Rules) -> Json:
    """``{position, actions}`` (mostly one to a few hands from a generated position) or
    ``{first_dealer, actions}`` (a full game): by the reference's heuristic players
    (:func:`random_game`)."""
    return random_game(rng, rules, MAX_GAME_HANDS)
