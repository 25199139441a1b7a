"""Every type of action in every phase, with a seat named and without, slipped into
the whole games drawn at random (:mod:`fourhundred.conformance.random_games`).

The suite's position cases try the same list
(:func:`fourhundred.conformance.games.attempts`: a deal and a bad deal, a bid of 0,
the seat's smallest bid and one over the maximum, a throw-in, a card of the seat's
and one it does not hold; with no seat, named for the seat to act and for another);
here one is drawn now and then in every phase, the game over included, so the
fuzzer asks after the game for every action and every seat, not only for a deal by
nobody named, and each rejection code's precedence (``game_over`` before
``not_your_turn``, ``not_your_turn`` before ``wrong_phase``...) is tried. The draws
come from a stream of their own (:func:`stream`), so the games the fuzzer makes
otherwise stay what they were for a seed.
"""

from __future__ import annotations

import random
from functools import lru_cache

from fourhundred.conformance.games import Script, attempts
from fourhundred.reference import engine
from fourhundred.reference.actions import Action, Deal, NotationError, by_seat, parse_action
from fourhundred.reference.engine import GameState
from fourhundred.spec.cards import SEAT_NAMES

#: Chance, at each action of a game, that a rejected action of :func:`rejected` is
#: slipped in before it.
CHANCE = 0.01
#: Chance that a game over is followed by rejected actions (one to :data:`AFTER_MOST`).
AFTER_CHANCE = 0.5
AFTER_MOST = 4


def stream(seed: object, number: int) -> random.Random:
    """The random stream of the attempts of one hand (``number``) of a game."""
    return random.Random(f"{seed}/attempts/{number}")


def rejected(state: GameState, deal: Deal) -> list[str]:
    """The :func:`~fourhundred.conformance.games.attempts` the engine rejects where the
    game stands (each a parsed action: a text that is no action would stop the
    shrinker reading the game as hand plans)."""
    found = []
    for text in attempts(Script(state), deal):
        action = _parsed(text)
        if action is None:
            continue
        try:
            engine.apply(state, action)
        except engine.IllegalAction:
            found.append(text)
    return found


def _parsed(text: str) -> Action | None:
    """:func:`~fourhundred.reference.actions.parse_action` of an attempt (None: no action).

    An attempt is a bare text or one named for a seat (``N: <bare>``, as
    :meth:`~fourhundred.conformance.games.Script._said` writes it), and the text named
    for a seat reads as the bare one :func:`~fourhundred.reference.actions.by_seat`
    that seat; so the bare text is read once (:func:`_bare_parsed`), not once a seat:
    a deal's text is the most costly to read, and a hand offers the same deals again."""
    seat, colon, bare = text.partition(": ")
    if colon and seat in SEAT_NAMES:
        action = _bare_parsed(bare)
        return None if action is None else by_seat(action, SEAT_NAMES.index(seat))
    return _bare_parsed(text)


@lru_cache(maxsize=64)
def _bare_parsed(text: str) -> Action | None:
    """:func:`~fourhundred.reference.actions.parse_action` of a text, None for no action
    (remembered: actions are immutable values)."""
    try:
        return parse_action(text)
    except NotationError:
        return None


def draw(rng: random.Random, state: GameState, deal: Deal) -> str | None:
    """One rejected action of ``state`` (None when there is none)."""
    found = rejected(state, deal)
    return rng.choice(found) if found else None
