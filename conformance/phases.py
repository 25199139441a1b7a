"""Every type of action in every phase: whole games from a new game that try, at each
phase of the game, every action type with a seat named and without, and after the game
is over every action again, each rejected with its code.

The attempts are those of :func:`fourhundred.conformance.games.attempts` (the fuzzer's
list too, :mod:`fourhundred.conformance.random_attempts`): not an action (``pass``), a deal and a bad
deal, a bid of 0, the seat's smallest bid and one over the maximum, a throw-in, a card of
the seat's and one it does not hold; each with no seat named, named for the seat to act
(the dealer while dealing and after the game) and for the next seat. They are tried

* while dealing (the first hand), at the first bid and at the dealer's bid (where the
  dealer may throw in), at the lead of the first trick and at its second card, between
  hands (the deal of the second hand), and after the game is over;

so each rejection code's precedence is tried where two rules are broken at once:
``not_an_action`` before all, ``game_over`` before ``not_your_turn``, ``not_your_turn``
before ``wrong_phase``, ``wrong_phase`` before ``bad_deal``, ``card_not_in_hand`` before
``must_follow_suit`` (the engine's order, :data:`fourhundred.reference.engine.CHECKS`).
An attempt the engine accepts where it stands (the actor's own deal, smallest bid or a
card it may play) is left out: the game goes on by its own plan. Every expected code is
the reference engine's; ``tests/test_conformance_phases.py`` holds each one to the
precedence stated here, independently.

The games start from a new game, so an engine that cannot start from a position gets
every one of them.
"""

from __future__ import annotations

import random
from typing import Any

from fourhundred.conformance.game_cases import script_case
from fourhundred.conformance.games import Script, attempts, policy_card, tricks_by_policy
from fourhundred.conformance.position_games import POSITION_VARIANTS
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import Deal
from fourhundred.reference.engine import IllegalAction, Phase
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.registry import load

Json = dict[str, Any]

#: Hands a game may last before it is given up (none of the suite's reaches it).
MAX_HANDS = 60


def try_every_action(script: Script, deal: Deal, where: str, tried: list[str]) -> None:
    """Add every attempt the engine rejects where the game stands, with its code;
    ``tried`` gets ``where`` once for the record."""
    for text in attempts(script, deal):
        try:
            apply_text(script.state, text)
        except IllegalAction as error:
            script.reject(text, error.code, named=False)
            continue
    tried.append(where)


def _bids(script: Script, tricks: tuple[int, ...]) -> list[int]:
    """Each seat bids the tricks the policy gives it, within its legal bids, the last
    bidder raised to the table minimum: a hand that is played and mostly made."""
    state = script.state
    rules = state.rules
    fast = state.fast
    bids = [
        max(fast.own_minimum_bid(state.scores[s]), min(rules.max_bid, tricks[s])) for s in range(4)
    ]
    last = rules.bidding_seats(state.dealer)[-1]
    while not fast.hand_is_played(bids, state.scores) and bids[last] < rules.max_bid:
        bids[last] += 1
    return bids


def every_phase_game(variant: str, first_dealer: int, seed: str) -> tuple[Script, list[str]]:
    """A whole game from a new game with :func:`try_every_action` in every phase (see
    the module docstring), and the phases where it was tried."""
    rules = load(variant)
    script = Script(engine.new_game(rules, first_dealer))
    tried: list[str] = []
    for number in range(MAX_HANDS):
        state = script.state
        if state.phase is Phase.GAME_OVER:
            break
        deal = shuffle.deal_from_seed(f"{seed}/{number}", state.dealer, rules)
        if number < 2:
            try_every_action(script, deal, "deal" if number == 0 else "between hands", tried)
        script.act(str(deal))
        bids = _bids(script, tricks_by_policy(script.state))
        if any(b > rules.max_bid or b < 0 for b in bids):
            raise AssertionError(f"{variant}: no legal bid for the plan")
        for place, seat in enumerate(rules.bidding_seats(script.state.dealer)):
            if number == 0 and place in (0, 3):
                try_every_action(script, deal, "bidding" if place == 0 else "dealer's bid", tried)
            script.act(f"bid {bids[seat]}")
        for card in range(4 * 13):
            if script.state.phase is not Phase.PLAY:
                break
            if number == 0 and card < 2:
                try_every_action(script, deal, "follow" if card else "lead", tried)
            script.act(f"play {policy_card(script.state)}")
    if script.state.phase is not Phase.GAME_OVER:
        raise AssertionError(f"{variant}: the game did not end in {MAX_HANDS} hands")
    last = shuffle.deal_from_seed(f"{seed}/after", script.state.dealer or 0, rules)
    try_every_action(script, last, "game over", tried)
    return script, tried


def game_case(variant: str, first_dealer: int, seed: str) -> Json:
    """The whole_game case of :func:`every_phase_game`."""
    script, tried = every_phase_game(variant, first_dealer, seed)
    description = (
        f"every action type, with a seat named and without, in every phase "
        f"({', '.join(tried)}) of a game of {script.state.rules} ({len(script.hands)} hands, "
        f"{len(script.rejected)} illegal actions)"
    )
    return script_case(
        script,
        description,
        {"first_dealer": first_dealer},
        ["first-dealer", "dealer-rotation", "score-basis"],
    )


def cases() -> list[Json]:
    """One such game for every variant and game-level setting of the position cases
    (:data:`~fourhundred.conformance.position_games.POSITION_VARIANTS`), the first dealer turning."""
    rng = random.Random("every-phase")
    return [
        game_case(variant, number % 4, f"every-phase/{variant}/{rng.randrange(10**6)}")
        for number, variant in enumerate(POSITION_VARIANTS)
    ]
