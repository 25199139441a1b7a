"""Rejection precedence: an action that breaks two rules at once is rejected with the
code of the rule :data:`~fourhundred.reference.engine.CHECKS` puts first.

For every pair of checks, some action in some phase (the deal, the bidding, a trick,
after the game) may break both: :func:`co_broken` probes every action type, with no
seat named, the seat to act and another, in a state of each phase. Each pair it finds
is a rule point whose mutant judges the later check first; a pair no probed action
breaks together is listed as unobserved (each check looks only at its own rule).
The issue's example: a deal named for a seat after the game is over is ``game_over``,
not ``not_your_turn`` (qahwa §"The deal"; pagat §"Deal"; the codes' order is the
engine's, ``ADAPTERS.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from fourhundred.conformance.inputs import dealt_cards
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.points_base import Point, Unobserved, cite
from fourhundred.reference.actions import Action, Bid, Deal, Hands, Play, ThrowIn, by_seat
from fourhundred.reference.engine import (
    CHECKS,
    Check,
    GameState,
    Phase,
    Reference,
    apply,
    legal_actions,
)
from fourhundred.reference.notation import from_notation, to_notation
from fourhundred.spec.model import Rules

#: A candidate question: (kind name, input, what it asks).
Candidate = tuple[str, dict[str, Any], str]


def _hands(cards: Sequence[str]) -> Hands:
    """52 cards dealt 13 to a seat, in seat order."""
    north, west, south, east = (tuple(cards[seat * 13 : (seat + 1) * 13]) for seat in range(4))
    return (north, west, south, east)


def _probe_states(rules: Rules) -> Iterator[GameState]:
    """A state of every phase under ``rules``: the deal, the bidding, a trick under way,
    and a game over (every seat on a legal bid; the hand played)."""
    reference = Reference.of(rules)
    deal = reference.new_game(0)
    yield deal
    north, west, south, east = _hands(dealt_cards(7, 52))
    bidding = apply(deal, Deal((north, west, south, east)))
    yield bidding
    state = bidding
    while state.phase is Phase.BIDDING:
        bids = [a for a in legal_actions(state) if isinstance(a, Bid)]
        state = apply(state, bids[min(len(bids) - 1, 2)])
    if state.phase is Phase.PLAY:
        led = apply(state, legal_actions(state)[0])
        yield led
    over = f"over:NS N {rules.target + 4},10,3,12 {rules.target} -/-/-/- -,-,-,- 0,0,0,0 - - - 5"
    yield from_notation(rules, over.replace(" - - - 5", " - - 5"))


def _probe_actions(state: GameState) -> Iterator[Action]:
    """Every action type, with no seat named, the seat to act and another seat: a deal
    good and bad, bids from 0 to past the largest, a throw-in, cards in the hand of the
    seat to act and not in it."""
    to_act = state.to_act if state.to_act is not None else state.dealer
    hand = state.hands[to_act] if state.hands[to_act] else ()
    others = [c for c in dealt_cards(7, 52) if c not in hand]
    bare: list[Action] = [
        Deal(_hands(dealt_cards(11, 52))),
        Deal(((others[0],), (others[1],), (others[2],), (others[3],))),
        *(Bid(value) for value in (0, 1, state.rules.min_bid, 4, state.rules.max_bid + 1)),
        ThrowIn(),
        *(Play(card) for card in (*hand, others[0])),
    ]
    for action in bare:
        for seat in (None, to_act, (to_act + 1) % 4):
            yield by_seat(action, seat)


def _breaks(state: GameState, action: Action) -> tuple[str, ...]:
    """The codes of every check ``action`` breaks in ``state`` (each judged alone)."""
    return tuple(check.code for check in CHECKS if check.find(state, action, None) is not None)


@cache
def co_broken(rules: Rules) -> Mapping[tuple[str, str], tuple[str, str]]:
    """For each pair of check codes (earlier, later in :data:`CHECKS`) some probed action
    breaks both: the first such (position, action text) found."""
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for state in _probe_states(rules):
        position = to_notation(state)
        for action in _probe_actions(state):
            broken = _breaks(state, action)
            for i, first in enumerate(broken):
                for second in broken[i + 1 :]:
                    found.setdefault((first, second), (position, str(action)))
    return found


def _reordered(first: str, second: str) -> tuple[Check, ...]:
    """:data:`CHECKS` with ``second`` moved just before ``first``."""
    moved = next(check for check in CHECKS if check.code == second)
    order: list[Check] = []
    for check in CHECKS:
        if check.code == first:
            order.append(moved)
        if check.code != second:
            order.append(check)
    return tuple(order)


def _precedence_inputs(first: str, second: str) -> Callable[[Rules], Iterator[Candidate]]:
    def inputs(rules: Rules) -> Iterator[Candidate]:
        probe = co_broken(rules).get((first, second))
        if probe is not None:
            position, action = probe
            what = f"{action} breaks {first} and {second}: {first} comes first"
            yield "whole_game", {"position": position, "actions": [action]}, what

    return inputs


def precedence_points(defaults: Sequence[Rules]) -> Iterator[Point | Unobserved]:
    """Every pair of rejection checks, earlier and later in :data:`CHECKS`: the later one
    judged first (the codes' precedence swapped), where some action of every phase
    breaks both; else unobserved (each check looks only at its own rule)."""
    variants = tuple(str(rules) for rules in defaults)
    codes = [check.code for check in CHECKS]
    where = "; ".join(dict.fromkeys(cite(rules, "bidding_order") for rules in defaults))
    for i, first in enumerate(codes):
        for second in codes[i + 1 :]:
            name = f"precedence/{first}/{second}"
            shown = [str(r) for r in defaults if (first, second) in co_broken(r)]
            if not shown:
                yield Unobserved(
                    name,
                    variants,
                    where,
                    f"no action in the deal, the bidding, a trick or after the game breaks both "
                    f"{first} and {second} (each check looks only at its own rule: "
                    "reference.engine.CHECKS)",
                )
                continue
            yield Point(
                name,
                tuple(shown),
                where,
                f"an action breaking {first} and {second} is rejected with {first}",
                Mutant(name, f"{second} judged before {first}", checks=_reordered(first, second)),
                _precedence_inputs(first, second),
            )
