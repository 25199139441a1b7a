"""Fast random inputs for every case kind, aimed at the states where rules bite.

Uniform noise rarely lands where an implementation goes wrong: a score of
exactly 30 (the first score band, qahwa §"Bidding"), a partner on 0 or 1
(the partner condition, qahwa §"Winning"), two teams crossing the target in
the same hand, a bid of 13, a deal thrown in. These generators draw from
mixtures that put most of their weight there, and only some on plain
uniform values. They use :class:`random.Random` directly (no Hypothesis) so
a campaign can run tens of thousands of cases a second; the same ideas are
exported as Hypothesis strategies in :mod:`fourhundred.strategies`.

Every generated input is *valid* for its kind (see :func:`is_valid`): bids
legal for their bidders' scores, tricks adding to 13, a scored hand one that
is played. An implementation may reject invalid input, so a disagreement on
it would say nothing about the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import FULL_DECK, SUITS, TRUMP_SUIT
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

Json = dict[str, Any]

#: Scores on both sides of every band edge from 0 to 70 (30/39/40/49/50 ...).
BAND_EDGE_SCORES: tuple[int, ...] = (
    -1,
    0,
    1,
    2,
    29,
    30,
    31,
    39,
    40,
    41,
    49,
    50,
    51,
    59,
    60,
    61,
    69,
    70,
)
#: Scores a partner holds when the partner condition decides the game.
PARTNER_EDGE_SCORES: tuple[int, ...] = (-2, -1, 0, 1, 2)
#: Bids that carry special rules somewhere: reduced values (5, 6), fifty (11, 12), the 13.
SPECIAL_BIDS: tuple[int, ...] = (5, 6, 10, 11, 12, 13)
#: The largest number of hands a generated whole game plays.
MAX_GAME_HANDS = 30


_FAST: dict[int, tuple[Rules, FastRules]] = {}


def fast_rules(rules: Rules) -> FastRules:
    """The reference's fast rule layer for ``rules`` (cached by identity: hashing a
    :class:`Rules` value on every call would cost more than the rule itself)."""
    entry = _FAST.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _FAST[id(rules)] = (rules, FastRules.of(rules))
    return entry[1]


# ----------------------------------------------------------------------
# Scores, bids and tricks
# ----------------------------------------------------------------------


def score(rng: random.Random, rules: Rules, target: int | None = None) -> int:
    """One player's score: band edges, near the target, 0/1, negative, or plain uniform."""
    aim = rules.target if target is None else target
    roll = rng.random()
    if roll < 0.30:
        return rng.choice(BAND_EDGE_SCORES)
    if roll < 0.50:
        return aim + rng.randint(-12, 3)
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
            scores[leader] = target - rng.randint(0, 14)
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
    for _attempt in range(6):
        bids = list(lows)
        roll = rng.random()
        if roll < 0.12:
            bids[rng.randrange(4)] = top
        elif roll < 0.16:  # two big bids: two 13s can conflict
            first, second = rng.sample(range(4), 2)
            bids[first] = bids[second] = top
        for _ in range(60):
            if fast.hand_is_played(bids, scores):
                break
            open_seats = [s for s in range(4) if bids[s] < top]
            if not open_seats:
                break
            bids[rng.choice(open_seats)] += 1
        if not fast.hand_is_played(bids, scores):
            continue
        for _ in range(int(rng.expovariate(0.7)) if extra else 0):
            seat = rng.randrange(4)
            if bids[seat] < top:
                bids[seat] += 1
                if not fast.hand_is_played(bids, scores):
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


def target_in_force(rng: random.Random, rules: Rules) -> int:
    """The target, or under ``both_qualify=raise_target`` sometimes a raised one."""
    if rules.both_qualify == "raise_target" and rng.random() < 0.5:
        return rules.target + BAND_WIDTH * rng.randint(1, 2)
    return rules.target


# ----------------------------------------------------------------------
# Cards
# ----------------------------------------------------------------------


def _card_of_suit(rng: random.Random, suit: str) -> str:
    return rng.choice("23456789TJQKA") + suit


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
    """``{first_dealer, actions}``: a realistic game by the reference's heuristic
    players (see :mod:`fourhundred.fuzz.games`)."""
    from fourhundred.fuzz import games

    return games.random_game(rng, rules)


GENERATORS: Mapping[str, Callable[[random.Random, Rules], Json]] = {
    "bid_value": bid_value_input,
    "legal_bids": legal_bids_input,
    "table_minimum": table_minimum_input,
    "trick_winner": trick_winner_input,
    "legal_plays": legal_plays_input,
    "hand_scoring": hand_scoring_input,
    "game_outcome": game_outcome_input,
    "whole_game": whole_game_input,
}


def generate(kind: str, rng: random.Random, rules: Rules) -> Json:
    """One valid input of ``kind`` for ``rules``."""
    return GENERATORS[kind](rng, rules)


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
        and all(isinstance(c, str) and c in _DECK_SET for c in cards)
        and len(set(cards)) == len(cards)
    )


_DECK_SET = frozenset(FULL_DECK)


def _field(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key)


def is_valid(kind: str, rules: Rules, data: Mapping[str, Any]) -> bool:
    """Whether an input is one a conforming implementation must answer (see module docstring)."""
    fast = fast_rules(rules)
    if kind == "bid_value":
        return (
            _is_int(_field(data, "bid"))
            and _is_int(_field(data, "own_score"))
            and _is_int(_field(data, "highest_score"))
            and rules.min_bid <= data["bid"] <= rules.max_bid
            and data["highest_score"] >= data["own_score"]
        )
    if kind == "legal_bids":
        return _is_int(_field(data, "own_score"))
    if kind == "table_minimum":
        return (
            _four_ints(_field(data, "scores"))
            and _four_ints(_field(data, "bids"))
            and _bids_legal(rules, data["bids"], data["scores"])
        )
    if kind == "trick_winner":
        return _cards_distinct(_field(data, "trick")) and len(data["trick"]) == 4
    if kind == "legal_plays":
        hand, led = _field(data, "hand"), _field(data, "led")
        return (
            _cards_distinct(hand)
            and 1 <= len(hand) <= 13
            and (led is None or (led in _DECK_SET and led not in hand))
        )
    if kind in ("hand_scoring", "game_outcome"):
        scores, bids, tricks = _field(data, "scores"), _field(data, "bids"), _field(data, "tricks")
        if not (_four_ints(scores) and _four_ints(bids) and _four_ints(tricks)):
            return False
        if not _bids_legal(rules, bids, scores) or not fast.hand_is_played(bids, scores):
            return False
        if any(t < 0 for t in tricks) or sum(tricks) != 13:
            return False
        if kind == "hand_scoring":
            return True
        dealer, target = _field(data, "dealer"), _field(data, "target_in_force")
        if not (_is_int(dealer) and 0 <= dealer <= 3 and _is_int(target)):
            return False
        if rules.both_qualify == "raise_target":
            return bool(target >= rules.target and (target - rules.target) % BAND_WIDTH == 0)
        return bool(target == rules.target)
    if kind == "whole_game":
        actions = _field(data, "actions")
        return (
            _is_int(_field(data, "first_dealer"))
            and 0 <= data["first_dealer"] <= 3
            and isinstance(actions, list)
            and all(isinstance(a, str) for a in actions)
        )
    return False
