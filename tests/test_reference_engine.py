"""The reference engine: phases, actions, illegal actions with their codes, throw-ins, whole hands."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from dataclasses import fields, replace

import pytest

from fourhundred.reference.actions import (
    Action,
    Bid,
    Deal,
    NotationError,
    Play,
    ThrowIn,
    action_sort_key,
    parse_action,
)
from fourhundred.reference.engine import (
    CHECKS,
    GameState,
    IllegalAction,
    Phase,
    apply,
    apply_unchecked,
    legal_actions,
    new_game,
)
from fourhundred.reference.fast import FastRules
from fourhundred.reference.notation import from_notation
from fourhundred.reference.rejections import ILLEGAL_ACTION_CODES, NOT_AN_ACTION
from fourhundred.reference.shuffle import deal_from_seed
from fourhundred.spec.cards import FULL_DECK, legal_plays, trick_winner
from fourhundred.spec.model import Result
from fourhundred.spec.registry import load

QAHWA = load("qahwa-400")


def dealt(rules_text: str = "qahwa-400", seed: int | str = 1, dealer: int = 0) -> GameState:
    rules = load(rules_text)
    return apply(new_game(rules, dealer), deal_from_seed(seed, dealer, rules))


def bid_all(state: GameState, value: int) -> GameState:
    for _ in range(4):
        state = apply(state, Bid(value))
    return state


def illegal_code(
    state: GameState, action: Deal | Bid | Play | ThrowIn, seat: int | None = None
) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action, seat=seat)
    assert caught.value.message
    assert caught.value.code in ILLEGAL_ACTION_CODES
    return caught.value.code


def test_the_illegal_action_codes_are_the_documented_closed_list() -> None:
    assert set(ILLEGAL_ACTION_CODES) == {
        "not_your_turn",
        "wrong_phase",
        "bid_below_minimum",
        "bid_above_maximum",
        "card_not_in_hand",
        "must_follow_suit",
        "game_over",
        "bad_deal",
        "throw_in_not_allowed",
        "not_an_action",
    }


def test_every_rejection_code_but_the_texts_own_has_exactly_one_check() -> None:
    codes = [check.code for check in CHECKS]
    assert sorted([*codes, NOT_AN_ACTION]) == sorted(ILLEGAL_ACTION_CODES)


def test_an_action_breaking_several_rules_gets_the_code_of_the_first_check() -> None:
    order = [check.code for check in CHECKS]
    state = dealt(dealer=0)  # seat 1 to bid
    playing = bid_all(dealt(seed=3), 3)
    actor = playing.to_act
    assert actor is not None
    foreign = playing.hands[(actor + 1) % 4][0]
    over = from_notation(QAHWA, "over:NS N 45,2,3,0 41 -/-/-/- 9,3,3,2 9,2,1,1 - - 7")
    breaking = [
        (state, Bid(14), 2, {"not_your_turn", "bid_above_maximum"}),
        (playing, Play(foreign), (actor + 2) % 4, {"not_your_turn", "card_not_in_hand"}),
        (playing, Bid(14), None, {"wrong_phase", "bid_above_maximum"}),
        (over, Bid(3), 1, {"game_over", "not_your_turn", "wrong_phase"}),
    ]
    for where, action, seat, broken in breaking:
        assert illegal_code(where, action, seat) == min(broken, key=order.index), action


def test_a_game_without_one_check_lets_that_rule_go_and_keeps_the_others() -> None:
    rules = QAHWA
    lenient = tuple(check for check in CHECKS if check.code != "bid_above_maximum")
    deal = deal_from_seed(1, 0, rules)
    state = apply(new_game(rules, 0, checks=lenient), deal)
    assert state.checks == lenient
    assert apply(state, Bid(14)).bids[1] == 14
    assert illegal_code(state, Bid(1)) == "bid_below_minimum"
    assert illegal_code(apply(new_game(rules, 0), deal), Bid(14)) == "bid_above_maximum"


class _Variant(FastRules):
    """Another dealer, first leader, trick winner and legal plays than the rules'."""

    def next_dealer(self, dealer: int) -> int:
        return (dealer + 3) % 4

    def first_leader(self, dealer: int) -> int:
        return dealer

    def trick_winner(self, trick: Sequence[str], trump: str = "H") -> int:
        return 0

    def legal_plays(self, hand: Sequence[str], led: str | None) -> Sequence[str]:
        return hand


def test_a_fast_rule_variant_given_to_a_new_game_rules_the_whole_game() -> None:
    variant = _Variant.of(QAHWA)
    state = apply(new_game(QAHWA, 0, fast=variant), deal_from_seed(4, 0, QAHWA))
    assert state.fast is variant
    thrown_in = bid_all(state, 2)
    assert (thrown_in.phase, thrown_in.dealer, thrown_in.fast) == (Phase.DEAL, 3, variant)
    playing = bid_all(state, 4)
    assert playing.to_act == playing.leader == 0
    leader_hand = playing.hands[0]
    assert legal_actions(playing) == tuple(Play(card) for card in leader_hand)
    for _ in range(4):
        playing = apply(playing, legal_actions(playing)[-1])
    assert playing.leader == 0 and sum(playing.tricks_won) == 1 == playing.tricks_won[0]


def test_a_new_game_refuses_fast_rules_of_other_rules() -> None:
    with pytest.raises(ValueError, match="fast rules are for"):
        new_game(QAHWA, 0, fast=FastRules.of(load("pagat-400")))


def test_a_new_game_waits_for_a_deal_with_every_score_zero() -> None:
    state = new_game(QAHWA, first_dealer=2)
    assert state.phase is Phase.DEAL
    assert state.scores == (0, 0, 0, 0)
    assert state.dealer == 2 and state.to_act is None
    assert state.target_in_force == 41 and state.hand_number == 1
    assert legal_actions(state) == ()


def test_a_new_game_rejects_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="first_dealer"):
        new_game(QAHWA, first_dealer=4)


def test_after_the_deal_the_dealers_right_hand_neighbour_bids_first() -> None:
    state = dealt(dealer=3)
    assert state.phase is Phase.BIDDING
    assert state.to_act == 0
    assert all(len(hand) == 13 for hand in state.hands)
    assert sorted(c for h in state.hands for c in h) == sorted(FULL_DECK)


def test_legal_bids_run_from_the_own_minimum_to_the_maximum_in_order() -> None:
    state = dealt()
    assert legal_actions(state) == tuple(Bid(v) for v in range(2, 14))
    raised = from_notation(
        QAHWA,
        "bidding N 0,45,0,0 41 "
        + "/".join("".join(h) for h in state.hands)
        + " -,-,-,- 0,0,0,0 - W 1",
    )
    assert legal_actions(raised) == tuple(Bid(v) for v in range(4, 14))


def test_bidding_in_turn_then_play_starts_with_the_dealers_right() -> None:
    state = bid_all(dealt(dealer=0), 3)
    assert state.phase is Phase.PLAY
    assert state.bids == (3, 3, 3, 3)
    assert state.leader == 1 and state.to_act == 1


def test_bids_short_of_the_table_minimum_throw_the_hand_in_and_the_deal_passes() -> None:
    state = bid_all(dealt(dealer=0), 2)
    assert state.phase is Phase.DEAL
    assert state.dealer == 1
    assert state.scores == (0, 0, 0, 0)
    assert state.hand_number == 2
    record = state.history[-1]
    assert not record.played and record.bids == (2, 2, 2, 2)


def test_the_dealer_may_throw_in_where_the_reading_allows_it() -> None:
    state = dealt("pagat-41(dealer_throw_in=yes)", dealer=0)
    for _ in range(3):
        assert ThrowIn() not in legal_actions(state)
        assert illegal_code(state, ThrowIn()) == "throw_in_not_allowed"
        state = apply(state, Bid(3))
    assert state.to_act == 0
    assert legal_actions(state)[-1] == ThrowIn()
    after = apply(state, ThrowIn())
    assert after.phase is Phase.DEAL and after.dealer == 1
    assert after.history[-1].played is False and after.history[-1].bids[0] is None


def test_a_throw_in_is_not_allowed_where_the_variant_has_none() -> None:
    state = dealt()
    for _ in range(3):
        state = apply(state, Bid(3))
    assert illegal_code(state, ThrowIn()) == "throw_in_not_allowed"


def test_a_bid_below_the_own_minimum_or_above_the_maximum_is_refused() -> None:
    state = dealt()
    assert illegal_code(state, Bid(1)) == "bid_below_minimum"
    assert illegal_code(state, Bid(14)) == "bid_above_maximum"


def test_actions_out_of_phase_are_refused_as_wrong_phase() -> None:
    state = dealt()
    assert illegal_code(state, Play(state.hands[1][0])) == "wrong_phase"
    assert illegal_code(state, deal_from_seed(2, 0, QAHWA)) == "wrong_phase"
    assert illegal_code(new_game(QAHWA), Bid(3)) == "wrong_phase"
    playing = bid_all(state, 3)
    assert illegal_code(playing, Bid(3)) == "wrong_phase"


def test_an_action_for_a_seat_not_to_act_is_not_your_turn() -> None:
    state = dealt(dealer=0)
    assert illegal_code(state, Bid(3), seat=2) == "not_your_turn"
    assert apply(state, Bid(3), seat=1).bids[1] == 3
    fresh = new_game(QAHWA, 2)
    assert illegal_code(fresh, deal_from_seed(1, 2, QAHWA), seat=0) == "not_your_turn"
    assert apply(fresh, deal_from_seed(1, 2, QAHWA), seat=2).phase is Phase.BIDDING


def test_a_card_not_held_and_a_revoke_are_refused() -> None:
    state = bid_all(dealt(seed=3), 3)
    leader = state.to_act
    assert leader is not None
    foreign = state.hands[(leader + 1) % 4][0]
    assert illegal_code(state, Play(foreign)) == "card_not_in_hand"
    for seed in range(50):
        state = bid_all(dealt(seed=seed), 3)
        lead = state.hands[1][0]
        state = apply(state, Play(lead))
        hand = state.hands[2]
        off_suit = [c for c in hand if c[1] != lead[1]]
        if any(c[1] == lead[1] for c in hand) and off_suit:
            assert illegal_code(state, Play(off_suit[0])) == "must_follow_suit"
            return
    raise AssertionError("no deal let the test try a revoke")


def test_a_bad_deal_is_refused_with_what_is_wrong() -> None:
    state = new_game(QAHWA)
    good = deal_from_seed(1, 0, QAHWA)
    short = Deal((good.hands[0][:12], good.hands[1], good.hands[2], good.hands[3]))
    twice = Deal((good.hands[0], good.hands[0], good.hands[2], good.hands[3]))
    with pytest.raises(IllegalAction, match="N has 12 cards"):
        apply(state, short)
    with pytest.raises(IllegalAction, match="dealt twice"):
        apply(state, twice)
    assert illegal_code(state, Deal((("ZZ", *good.hands[0][1:]), *good.hands[1:]))) == "bad_deal"  # type: ignore[arg-type]


def test_every_legal_action_applies_and_others_are_refused_through_a_hand() -> None:
    rnd = random.Random(5)
    state = dealt(seed=9)
    bids = [Bid(v) for v in range(-1, 16)]
    while state.phase in (Phase.BIDDING, Phase.PLAY):
        actions = legal_actions(state)
        assert list(actions) == sorted(actions, key=action_sort_key)
        candidates = bids if state.phase is Phase.BIDDING else [Play(c) for c in FULL_DECK]
        for action in candidates:
            if action in actions:
                apply(state, action)
            else:
                with pytest.raises(IllegalAction):
                    apply(state, action)
        state = apply(state, actions[rnd.randrange(len(actions))])


def test_a_played_hand_is_scored_exactly_as_the_spec_says() -> None:
    rnd = random.Random(11)
    state = dealt(seed=4, dealer=0)
    for value in (4, 2, 3, 5):  # seats W, S, E, then the dealer N
        state = apply(state, Bid(value))
    assert state.bids == (5, 4, 2, 3)
    hands = [list(h) for h in state.hands]
    tricks = [0, 0, 0, 0]
    leader = 1
    for _ in range(13):
        cards: list[str] = []
        for seat in QAHWA.trick_seats(leader):
            card = rnd.choice(legal_plays(hands[seat], cards[0] if cards else None))
            hands[seat].remove(card)
            cards.append(card)
            state = apply(state, Play(card))
        leader = QAHWA.trick_seats(leader)[trick_winner(cards)]
        tricks[leader] += 1
    after, result, target = QAHWA.hand_result((0, 0, 0, 0), (5, 4, 2, 3), tricks, 0, 41)
    assert state.history[-1].tricks == tuple(tricks)
    assert state.scores == tuple(after)
    assert state.target_in_force == target
    assert state.phase is (Phase.DEAL if result == Result.CONTINUE else Phase.GAME_OVER)


def test_a_finished_game_refuses_every_action() -> None:
    end = from_notation(QAHWA, "over:NS N 45,2,3,0 41 -/-/-/- 9,3,3,2 9,2,1,1 - - 7")
    assert legal_actions(end) == ()
    assert illegal_code(end, Bid(3)) == "game_over"
    assert illegal_code(end, deal_from_seed(1, 0, QAHWA)) == "game_over"


def test_a_player_whose_own_minimum_passes_13_has_no_legal_bid() -> None:
    rules = load("medallon-400")
    hands = "/".join("".join(h) for h in deal_from_seed(1, 0, rules).hands)
    state = from_notation(rules, f"bidding N -20,150,-40,0 41 {hands} -,-,-,- 0,0,0,0 - W 9")
    assert rules.own_minimum_bid(150) == 15
    assert legal_actions(state) == ()
    assert illegal_code(state, Bid(13)) == "bid_below_minimum"


def test_unchecked_apply_agrees_with_checked_apply_on_legal_actions() -> None:
    rnd = random.Random(2)
    state = dealt(seed=6)
    while state.phase in (Phase.BIDDING, Phase.PLAY):
        action = rnd.choice(legal_actions(state))
        assert apply(state, action) == apply_unchecked(state, action)
        state = apply(state, action)


@pytest.mark.parametrize(
    "text",
    [
        "bid 5",
        "play AH",
        "throw-in",
        str(deal_from_seed(3, 1, QAHWA)),
        "W: bid 5",
        "N: play AH",
        "S: throw-in",
        "E: " + str(deal_from_seed(3, 1, QAHWA)),
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


def test_a_seat_prefix_names_who_makes_the_action() -> None:
    assert parse_action("W: bid 5") == Bid(5, seat=1)
    assert parse_action(" s :play th") == Play("TH", seat=2)
    assert parse_action("E: throw-in").seat == 3
    assert parse_action("bid 5").seat is None
    assert parse_action("W: bid 5") != Bid(5)


def test_an_action_named_for_the_seat_to_act_is_applied_like_a_bare_one() -> None:
    state = dealt(seed=4)
    seat = state.to_act
    assert seat is not None
    named = parse_action(f"{'NWSE'[seat]}: bid 4")
    assert apply(state, named) == apply(state, Bid(4))


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("bid 4", "bid"),
        ("play {card}", "bid"),
        ("throw-in", "bid"),
        ("deal", "deal"),
        ("bid 4", "play"),
    ],
)
def test_an_action_named_for_another_seat_is_not_your_turn(text: str, turn: str) -> None:
    state = dealt(seed=5)
    if turn == "deal":
        state = new_game(QAHWA, 2)
        text = str(deal_from_seed(5, 2, QAHWA))
    if turn == "play":
        while state.phase is Phase.BIDDING:
            state = apply(state, Bid(13))
    actor = state.dealer if state.to_act is None else state.to_act
    other = (actor + 1) % 4
    text = text.format(card=state.hands[other][0] if state.hands[other] else "AH")
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action(f"{'NWSE'[other]}: {text}"))
    assert caught.value.code == "not_your_turn"
    assert f"{'NWSE'[actor]} is to act" in caught.value.message


def test_the_seat_argument_and_the_seat_prefix_must_both_name_the_seat_to_act() -> None:
    state = dealt(seed=5)
    seat = state.to_act
    assert seat is not None
    with pytest.raises(IllegalAction, match="not_your_turn"):
        apply(state, Bid(4, seat=seat), seat=(seat + 1) % 4)
    with pytest.raises(IllegalAction, match="not_your_turn"):
        apply(state, Bid(4, seat=(seat + 1) % 4), seat=seat)


def test_after_the_game_every_action_is_game_over_whatever_seat_it_names() -> None:
    state = replace(new_game(QAHWA, 0), phase=Phase.GAME_OVER, result=Result.TEAM_0_WINS)
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action("W: bid 5"))
    assert caught.value.code == "game_over"


def test_action_text_accepts_lower_case_and_space_separated_cards() -> None:
    assert parse_action("play th") == Play("TH")
    deal = deal_from_seed(3, 1, QAHWA)
    spaced = "deal " + " ".join(
        f"{s}:{' '.join(h)}" for s, h in zip("NWSE", deal.hands, strict=True)
    )
    assert parse_action(spaced) == deal


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("bid", "expected 'bid <number of tricks>'"),
        ("bid five", "expected 'bid <number of tricks>'"),
        ("play", "expected 'play <card>'"),
        ("play 1H", "is not a card"),
        ("pass", "unknown action"),
        ("throw-in now", "takes nothing"),
        ("deal N:AH W:KH S:QH", "no hand for seat(s) E"),
        ("deal N:AH N:KH W: S: E:", "seat N is given twice"),
        ("deal AH", "expected 'N:<cards>"),
        ("deal N:AH W:XX S: E:", "seat W"),
        ("W:", "expected an action after the seat 'W'"),
        ("X: bid 5", "optionally after the seat making it"),
        ("W: bid five", "expected 'bid <number of tricks>'"),
    ],
)
def test_malformed_action_text_says_what_was_expected(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert fragment in str(caught.value)


# ----------------------------------------------------------------------
# legal_actions and the checks agree; what a state keeps beside its fields
# ----------------------------------------------------------------------


class _SameCardRules(FastRules):
    """The card rules of FastRules, overridden by a method of the variant's own: the
    engine must ask it and, the rules being the same, agree with the base rules."""

    def legal_plays(self, hand: Sequence[str], led: str | None) -> Sequence[str]:
        return super().legal_plays(hand, led)


def _outcome(state: GameState, action: Action, seat: int | None) -> object:
    try:
        return apply(state, action, seat=seat)
    except IllegalAction as error:
        return (error.code, error.message)


def _candidates(state: GameState, rnd: random.Random) -> list[tuple[Action, int | None]]:
    """Actions of every kind, legal and not, made by nobody in particular, by the seat
    to act, by another seat (as the argument and as the action's prefix)."""
    good = deal_from_seed(rnd.randrange(10**6), state.dealer, state.rules)
    hands = good.hands
    swapped = ((hands[1][0], *hands[0][1:]), (hands[0][0], *hands[1][1:]), *hands[2:])
    twice = ((hands[0][0], *hands[0][1:]), (hands[0][0], *hands[1][1:]), *hands[2:])
    actions: list[Action] = [
        good,
        Deal(swapped),  # type: ignore[arg-type]
        Deal(twice),  # type: ignore[arg-type]
        Deal((hands[0][1:], *hands[1:])),  # type: ignore[arg-type]
        Deal(tuple(list(hand) for hand in hands)),  # type: ignore[arg-type]
        ThrowIn(),
        *(Bid(value) for value in range(-1, 16)),
        Bid(True),
        *(Play(card) for card in FULL_DECK),
        Play("ZZ"),
    ]
    actor = state.dealer if state.phase is Phase.DEAL else state.to_act
    other = rnd.choice([s for s in range(4) if s != actor])
    made: list[tuple[Action, int | None]] = []
    for action in actions:
        made += [(action, None), (action, actor), (action, other)]
        made += [(replace(action, seat=actor), None), (replace(action, seat=other), actor)]
    return made


def _listed(state: GameState, action: Action, seat: int | None) -> bool:
    """Whether ``legal_actions`` lists the action, made by the seat to act (or by nobody
    named); a bid of ``True`` is no whole number, whatever it compares equal to."""
    if isinstance(action, Bid) and isinstance(action.value, bool):
        return False
    named = {seat, action.seat} - {None}
    return named <= {state.to_act} and replace(action, seat=None) in legal_actions(state)


@pytest.mark.parametrize("variant", ["qahwa-400", "pagat-41(dealer_throw_in=yes)", "medallon-400"])
def test_apply_accepts_exactly_the_legal_actions_and_refuses_every_other(variant: str) -> None:
    rnd = random.Random(variant)
    state = new_game(load(variant), 2)
    seen: set[Phase] = set()
    while len(state.history) < 8:
        if state.phase in (Phase.BIDDING, Phase.PLAY):
            seen.add(state.phase)
            candidates = _candidates(state, rnd)
            if state.phase is Phase.PLAY:
                candidates = rnd.sample(candidates, 40)
            for action, seat in candidates:
                accepted = not isinstance(_outcome(state, action, seat), tuple)
                assert accepted == _listed(state, action, seat), (action, seat)
        actions = legal_actions(state)
        if state.phase is Phase.GAME_OVER or (state.phase is Phase.BIDDING and not actions):
            state = replace(new_game(state.rules, rnd.randrange(4)), history=state.history)
        elif state.phase is Phase.DEAL:
            state = apply(state, deal_from_seed(rnd.randrange(10**6), state.dealer, state.rules))
        else:
            state = apply(state, rnd.choice(actions))
    assert seen == {Phase.BIDDING, Phase.PLAY}


def test_a_variant_with_its_own_card_rules_is_asked_and_agrees_with_the_base_rules() -> None:
    rnd = random.Random(3)
    plain = dealt(seed=12)
    own = replace(plain, fast=_SameCardRules.of(QAHWA))
    plain, own = bid_all(plain, 4), bid_all(own, 4)
    while plain.phase is Phase.PLAY:
        assert legal_actions(plain) == legal_actions(own)
        for card in FULL_DECK:
            assert _outcome(plain, Play(card), None) == _outcome(own, Play(card), None)
        action = rnd.choice(legal_actions(plain))
        plain, own = apply(plain, action), apply(own, action)
        assert plain == own and own.fast is _SameCardRules.of(QAHWA)


def test_what_the_engine_keeps_beside_a_state_is_no_part_of_it() -> None:
    state = bid_all(dealt(seed=3), 4)
    before = repr(state)
    legal = legal_actions(state)
    assert repr(state) == before and state == replace(state)
    hands = state.hands
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 4
    moved = replace(state, hands=tuple(hands[other] if s == seat else hands[s] for s in range(4)))
    assert legal_actions(moved) == tuple(Play(c) for c in legal_plays(hands[other], None))
    assert legal_actions(moved) != legal
    assert illegal_code(moved, legal[0]) == "card_not_in_hand"
    assert apply(moved, Play(hands[other][0])).hands[seat] == hands[other][1:]


def _rebuilt(state: GameState) -> GameState:
    """The same state made by the constructor from its fields (the engine's
    transitions make states without it)."""
    return GameState(**{field.name: getattr(state, field.name) for field in fields(GameState)})


@pytest.mark.parametrize("variant", ["qahwa-400", "pagat-41(dealer_throw_in=yes)"])
def test_a_state_the_engine_made_is_the_value_its_fields_make_and_plays_the_same(
    variant: str,
) -> None:
    rnd = random.Random(variant)
    state = new_game(load(variant), 1)
    phases: set[Phase] = set()
    while len(state.history) < 6 and state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            action: Action = deal_from_seed(rnd.randrange(10**6), state.dealer, state.rules)
        else:
            actions = legal_actions(state)
            if not actions:
                break
            action = rnd.choice(actions)
        after = apply(state, action)  # from the state as the engine keeps it, untouched
        rebuilt = _rebuilt(state)
        assert after == apply(rebuilt, action) and hash(after) == hash(apply(rebuilt, action))
        assert rebuilt == state and hash(rebuilt) == hash(state) and repr(rebuilt) == repr(state)
        assert pickle.loads(pickle.dumps(state)) == state
        assert legal_actions(rebuilt) == legal_actions(state)
        phases.add(state.phase)
        state = after
    assert phases == {Phase.DEAL, Phase.BIDDING, Phase.PLAY}


def test_an_unchecked_card_the_player_does_not_hold_leaves_the_hand_as_it_is() -> None:
    state = bid_all(dealt(seed=3), 4)
    seat = state.to_act
    assert seat is not None
    stranger = next(card for card in FULL_DECK if card not in state.hands[seat])
    after = apply_unchecked(state, Play(stranger))
    assert after.hands[seat] == state.hands[seat] and after.trick == (stranger,)
    following = after.to_act
    assert following is not None
    plays = legal_plays(after.hands[following], stranger)
    assert legal_actions(after) == tuple(Play(card) for card in plays)


def test_a_variant_that_lets_any_card_follow_is_honoured_by_legal_actions_and_apply() -> None:
    state = bid_all(
        apply(new_game(QAHWA, 0, fast=_Variant.of(QAHWA)), deal_from_seed(7, 0, QAHWA)), 4
    )
    while state.phase is Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        assert legal_actions(state) == tuple(Play(card) for card in hand)
        led = state.trick[0][1] if state.trick else None
        revoke = next(
            (c for c in hand if led and c[1] != led and any(h[1] == led for h in hand)), None
        )
        state = apply(state, Play(revoke or hand[0]))
    assert state.history[-1].played


@pytest.mark.parametrize("owner", ["FastRules", "cards"])
def test_card_rules_replaced_after_the_engine_loaded_are_honoured(
    owner: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fourhundred.spec import cards

    def any_card(*arguments: object) -> tuple[str, ...]:
        hand = arguments[-2]
        assert isinstance(hand, tuple)
        return hand

    monkeypatch.setattr(FastRules if owner == "FastRules" else cards, "legal_plays", any_card)
    state = bid_all(dealt(seed=7), 4)
    while state.phase is Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        assert legal_actions(state) == tuple(Play(card) for card in state.hands[seat])
        state = apply(state, Play(state.hands[seat][-1]))
