"""Players for simulation: a seeded uniformly random player and a simple heuristic one.

A player is a callable ``player(state) -> action`` for the seat ``state.to_act``
(:data:`fourhundred.reference.engine.Player`). Neither looks at hidden cards.

* :class:`RandomPlayer`: every legal action equally likely, from its own seeded
  random stream (the seed is text, like the shuffle's).
* :class:`HeuristicPlayer`: bids what its hand looks worth (high hearts, long
  hearts, side aces and guarded kings), reaching for the table minimum when it
  bids last and sometimes (``boldness``) bidding big; plays the cheapest card
  that wins the trick unless the partner is already winning it, else its lowest.
"""

from __future__ import annotations

import random

from fourhundred.reference.actions import Action, Bid, Play, ThrowIn
from fourhundred.reference.engine import GameState, Phase, legal_actions
from fourhundred.spec.cards import FULL_DECK, SUITS, TRUMP_SUIT, rank_of, trick_winner

#: :func:`~fourhundred.spec.cards.rank_of` of every card, looked up (the players'
#: hot path: a card's strength is asked for every card of every trick).
_RANK_OF = {card: rank_of(card) for card in FULL_DECK}


def _legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the player to act; ValueError when there is none to choose."""
    actions = legal_actions(state)
    if not actions:
        raise ValueError(f"no legal action in phase {state.phase.value}")
    return actions


class RandomPlayer:
    """Chooses uniformly among the legal actions, from a seeded random stream."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._random = random.Random(str(seed))

    def __call__(self, state: GameState) -> Action:
        actions = _legal_actions(state)
        return actions[self._random.randrange(len(actions))]


def estimated_tricks(hand: tuple[str, ...], trump: str = TRUMP_SUIT) -> float:
    """A rough count of the tricks a hand should take, ``trump`` (hearts, or the hand's
    turned suit under ``trump=turned``) being trumps."""
    hearts = [c for c in hand if c[1] == trump]
    estimate = max(0, len(hearts) - 3) * 1.0
    heart_ranks = sorted((rank_of(c) for c in hearts), reverse=True)
    for position, rank in enumerate(heart_ranks[:3]):
        if rank >= 12 - position:
            estimate += 1.0
        elif rank >= 10 - position:
            estimate += 0.5
    for suit in (suit for suit in SUITS if suit != trump):
        ranks = sorted((rank_of(c) for c in hand if c[1] == suit), reverse=True)
        if ranks and ranks[0] == 12:
            estimate += 1.0
        if len(ranks) >= 2 and 11 in ranks[:2]:
            estimate += 0.5
        if not ranks and len(hearts) >= 3:
            estimate += 0.5
    return estimate


class HeuristicPlayer:
    """Counts hearts and high cards to bid; wins tricks cheaply to play."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0, boldness: float = 0.05) -> None:
        self._random = random.Random(str(seed))
        self.boldness = boldness

    def __call__(self, state: GameState) -> Action:
        actions = _legal_actions(state)
        if state.phase is Phase.BIDDING:
            return self._bid(state, actions)
        return self._play(state, actions)

    def _bid(self, state: GameState, actions: tuple[Action, ...]) -> Action:
        bids = [a.value for a in actions if isinstance(a, Bid)]
        if not bids:
            return actions[-1]
        seat = state.to_act
        assert seat is not None
        wanted = round(estimated_tricks(state.hands[seat], state.trump))
        if self._random.random() < self.boldness:
            wanted += self._random.randint(2, 6)
        order = state.rules.bidding_seats(state.dealer)
        if order[-1] == seat:
            so_far = sum(b for b in state.bids if b is not None)
            needed = state.fast.table_minimum(state.scores) - so_far
            if wanted < needed <= wanted + 2:
                wanted = needed
            elif needed > wanted + 2 and any(isinstance(a, ThrowIn) for a in actions):
                return ThrowIn()
        return Bid(min(max(wanted, bids[0]), bids[-1]))

    def _play(self, state: GameState, actions: tuple[Action, ...]) -> Action:
        cards = [a.card for a in actions if isinstance(a, Play)]
        trump = state.trump

        def strength(card: str, led: str) -> int:
            if card[1] == trump:
                return 100 + _RANK_OF[card]
            return _RANK_OF[card] if card[1] == led else -1

        if not state.trick:
            aces = [c for c in cards if c[0] == "A" and c[1] != trump]
            if aces:
                return Play(aces[0])
            hearts = [c for c in cards if c[1] == trump]
            if len(hearts) >= 5:
                return Play(max(hearts, key=_RANK_OF.__getitem__))
            return Play(min(cards, key=lambda c: (c[1] == trump, _RANK_OF[c])))
        led = state.trick[0][1]
        best_position = trick_winner(state.trick, trump)
        best = strength(state.trick[best_position], led)
        partner_winning = len(state.trick) - best_position == 2
        winners = [c for c in cards if strength(c, led) > best]
        if winners and not partner_winning:
            return Play(min(winners, key=lambda c: strength(c, led)))
        return Play(min(cards, key=lambda c: (strength(c, led) >= 100, _RANK_OF[c])))
