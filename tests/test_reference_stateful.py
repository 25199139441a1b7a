"""Whole games as a Hypothesis state machine: every step checked against the specification."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from fourhundred.reference.actions import Action, Bid, Play, ThrowIn
from fourhundred.reference.engine import (
    GameState,
    IllegalAction,
    Phase,
    apply,
    apply_unchecked,
    legal_actions,
    new_game,
)
from fourhundred.reference.notation import from_notation, to_notation
from fourhundred.reference.shuffle import deal_from_seed
from fourhundred.spec.cards import FULL_DECK, legal_plays
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, names

READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)]

any_action = st.one_of(
    st.builds(Bid, st.integers(-2, 16)),
    st.builds(Play, st.sampled_from(FULL_DECK)),
    st.just(ThrowIn()),
)


def expected_code(state: GameState, action: Action) -> str | None:
    """What the rules say about an action, written from the spec, not from the engine."""
    rules = state.rules
    if state.phase is Phase.GAME_OVER:
        return "game_over"
    if isinstance(action, Bid | ThrowIn) and state.phase is not Phase.BIDDING:
        return "wrong_phase"
    if isinstance(action, Play) and state.phase is not Phase.PLAY:
        return "wrong_phase"
    seat = state.to_act
    assert seat is not None
    if isinstance(action, ThrowIn):
        ok = rules.dealer_may_throw_in and seat == state.dealer
        return None if ok else "throw_in_not_allowed"
    if isinstance(action, Bid):
        if action.value > rules.max_bid:
            return "bid_above_maximum"
        return None if rules.bid_is_legal(action.value, state.scores[seat]) else "bid_below_minimum"
    assert isinstance(action, Play)
    if action.card not in state.hands[seat]:
        return "card_not_in_hand"
    led = state.trick[0] if state.trick else None
    return None if action.card in legal_plays(state.hands[seat], led) else "must_follow_suit"


class WholeGames(RuleBasedStateMachine):
    """Deal, bid and play whole games of any reading; try arbitrary actions on the way."""

    def __init__(self) -> None:
        super().__init__()
        self.state = new_game(READINGS[0])
        self.played_this_hand: list[str] = []

    @initialize(rules=st.sampled_from(READINGS), dealer=st.integers(0, 3))
    def start(self, rules: Rules, dealer: int) -> None:
        self.state = new_game(rules, dealer)
        self.played_this_hand = []

    def step(self, action: Action) -> None:
        before = self.state
        after = apply(before, action)
        assert after == apply_unchecked(before, action)
        if isinstance(action, Play):
            self.played_this_hand.append(action.card)
        if len(after.history) > len(before.history):
            self.check_finished_hand(before, after)
            self.played_this_hand = []
        self.state = after

    def check_finished_hand(self, before: GameState, after: GameState) -> None:
        rules, record = before.rules, after.history[-1]
        assert after.hand_number == before.hand_number + 1 or after.phase is Phase.GAME_OVER
        event("a hand is thrown in" if not record.played else "a hand is played")
        if after.phase is Phase.GAME_OVER:
            event("a game ends")
        if not record.played:
            assert after.scores == before.scores and after.dealer == rules.next_dealer(
                before.dealer
            )
            return
        assert sorted(self.played_this_hand) == sorted(FULL_DECK)
        assert sum(record.tricks) == 13
        bids = [b if b is not None else 0 for b in record.bids]
        scores, result, target = rules.hand_result(
            before.scores, bids, record.tricks, before.dealer, before.target_in_force
        )
        assert record.scores_after == tuple(scores) == after.scores
        assert int(after.result) == int(result)
        assert after.target_in_force == int(target)
        assert (after.phase is Phase.GAME_OVER) == (int(result) != 0)

    @precondition(lambda self: self.state.phase is Phase.DEAL)
    @rule(seed=st.integers(0, 2**32))
    def deal(self, seed: int) -> None:
        self.step(deal_from_seed(seed, self.state.dealer, self.state.rules))

    @precondition(lambda self: self.state.phase in (Phase.BIDDING, Phase.PLAY))
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 60))
    def play_legal_actions(self, seed: int, count: int) -> None:
        rnd = random.Random(seed)
        for _ in range(count):
            if self.state.phase not in (Phase.BIDDING, Phase.PLAY):
                return
            actions = legal_actions(self.state)
            if not actions:
                return
            self.step(actions[rnd.randrange(len(actions))])

    @rule(action=any_action)
    def try_any_action(self, action: Action) -> None:
        if self.state.phase is Phase.DEAL:
            return
        code = expected_code(self.state, action)
        if code is None:
            assert action in legal_actions(self.state)
            self.step(action)
            return
        assert action not in legal_actions(self.state)
        try:
            apply(self.state, action)
        except IllegalAction as error:
            assert error.code == code, (error.code, code, str(action))
        else:
            raise AssertionError(f"{action} was accepted; expected {code}")

    @precondition(
        lambda self: (
            self.state.phase is Phase.GAME_OVER
            or (self.state.phase is Phase.BIDDING and not legal_actions(self.state))
        )
    )
    @rule(rules=st.sampled_from(READINGS))
    def new_game_after_the_end(self, rules: Rules) -> None:
        self.state = new_game(rules, 0)
        self.played_this_hand = []

    @invariant()
    def notation_round_trips(self) -> None:
        text = to_notation(self.state)
        assert from_notation(self.state.rules, text) == replace(self.state, history=())

    @invariant()
    def every_card_is_in_a_hand_the_trick_or_played(self) -> None:
        state = self.state
        if state.phase not in (Phase.BIDDING, Phase.PLAY):
            return
        held = [c for hand in state.hands for c in hand]
        assert sorted(held + self.played_this_hand) == sorted(FULL_DECK)
        assert (
            list(state.trick)
            == self.played_this_hand[len(self.played_this_hand) - len(state.trick) :]
        )
        assert len(self.played_this_hand) == 4 * sum(state.tricks_won) + len(state.trick)

    @invariant()
    def scores_are_the_sum_of_the_history(self) -> None:
        last = self.state.history[-1].scores_after if self.state.history else (0, 0, 0, 0)
        assert self.state.scores == last


WholeGames.TestCase.settings = settings(max_examples=25, stateful_step_count=80, deadline=None)
TestWholeGames = WholeGames.TestCase
