"""Trump from a turned card (issue #26, house rule ``trump=turned``): the deal action states
the card, the engine refuses a deal that turns the wrong one, the turned suit is trumps in
the engine's tricks, the position notation carries it, and transcripts replay it; hearts
always (every source) is unchanged."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from fourhundred.reference.actions import Deal, NotationError, parse_action
from fourhundred.reference.engine import IllegalAction, Phase, apply, legal_actions, new_game
from fourhundred.reference.notation import from_notation, to_notation
from fourhundred.reference.shuffle import deal_from_seed, shuffled_deck
from fourhundred.reference.transcript import ReplayMismatch, play_game, replay
from fourhundred.spec.cards import SUITS, TRUMP, trick_winner
from fourhundred.spec.registry import load

TURNED = load("pagat-41(min_bid=2,double_from=none,trump=turned)")
HEARTS = load("pagat-41(min_bid=2,double_from=none)")


def test_the_seeded_deal_turns_the_dealers_last_card_only_under_turned_trumps() -> None:
    for dealer in range(4):
        deal = deal_from_seed(f"turn/{dealer}", dealer, TURNED)
        assert deal.turned == shuffled_deck(f"turn/{dealer}")[-1]
        assert deal.turned in deal.hands[dealer]
        assert deal_from_seed(f"turn/{dealer}", dealer, HEARTS).turned is None


def test_a_deals_text_states_the_turned_card_and_reads_back() -> None:
    deal = deal_from_seed(3, 0, TURNED)
    text = str(deal)
    assert text.endswith(f" turn:{deal.turned}") and parse_action(text) == deal
    assert parse_action(text.replace(" turn:", " TURN: ")) == deal
    assert " turn:" not in str(deal_from_seed(3, 0, HEARTS))
    with pytest.raises(NotationError, match="turned card"):
        parse_action(text[: text.index(" turn:")] + " turn:1X")
    with pytest.raises(NotationError, match="one card"):
        parse_action(f"{text} turn:2C")


def _bad_deal(rules_text: str, deal: Deal) -> str:
    rules = load(rules_text)
    with pytest.raises(IllegalAction) as raised:
        apply(new_game(rules, 0), deal)
    assert raised.value.code == "bad_deal"
    return raised.value.message


def test_a_deal_turning_no_card_or_another_seats_card_or_any_card_under_hearts_is_bad() -> None:
    deal = deal_from_seed(5, 0, TURNED)
    assert deal.turned is not None
    assert "turns a card" in _bad_deal(str(TURNED), replace(deal, turned=None))
    assert "not in the dealer's" in _bad_deal(str(TURNED), replace(deal, turned=deal.hands[1][0]))
    assert "turns no card" in _bad_deal(str(HEARTS), deal)


def test_the_turned_suit_is_trumps_in_the_engines_tricks() -> None:
    """Play whole hands at random: every trick's winner is the trick winner with the suit
    of the turned card as trumps (a heart is a plain card unless hearts are turned)."""
    rng = random.Random(4)
    trumps_seen = set()
    for game in range(6):
        state = apply(new_game(TURNED, game % 4), deal_from_seed(f"t/{game}", game % 4, TURNED))
        assert state.turned is not None and state.trump == state.turned[1]
        trumps_seen.add(state.trump)
        while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.PLAY and len(state.trick) == 3:
                action = rng.choice(legal_actions(state))
                trick = (*state.trick, action.card)  # type: ignore[union-attr]
                order = TURNED.trick_seats(state.leader)  # type: ignore[arg-type]
                winner = order[trick_winner(trick, state.trump)]
                won = list(state.tricks_won)
                after = apply(state, action)
                if after.phase is Phase.PLAY:
                    won[winner] += 1
                    assert after.tricks_won == tuple(won) and after.leader == winner
                state = after
                continue
            state = apply(state, rng.choice(legal_actions(state)))
    assert len(trumps_seen) > 1


def test_under_hearts_always_a_heart_still_trumps() -> None:
    state = apply(new_game(HEARTS, 0), deal_from_seed(5, 0, HEARTS))
    assert state.turned is None and state.trump == SUITS[TRUMP]


def test_the_position_notation_writes_the_turned_card_after_the_dealer() -> None:
    state = apply(new_game(TURNED, 2), deal_from_seed(8, 2, TURNED))
    text = to_notation(state)
    assert text.split()[1] == f"S:{state.turned}"
    assert to_notation(from_notation(TURNED, text)) == text
    plain = to_notation(apply(new_game(HEARTS, 2), deal_from_seed(8, 2, HEARTS)))
    assert plain.split()[1] == "S"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda fields: fields.__setitem__(1, "S"), "dealer field is <dealer>:<turned card>"),
        (lambda fields: fields.__setitem__(1, "S:ZZ"), "the turned card"),
    ],
)
def test_a_position_without_its_turned_card_or_with_a_bad_one_is_refused(
    change: object, message: str
) -> None:
    fields = to_notation(apply(new_game(TURNED, 2), deal_from_seed(8, 2, TURNED))).split()
    change(fields)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        from_notation(TURNED, " ".join(fields))


def test_a_position_turning_a_card_another_seat_holds_or_under_hearts_is_refused() -> None:
    state = apply(new_game(TURNED, 2), deal_from_seed(8, 2, TURNED))
    fields = to_notation(state).split()
    fields[1] = f"S:{state.hands[0][0]}"
    with pytest.raises(NotationError, match="the dealer's"):
        from_notation(TURNED, " ".join(fields))
    plain = to_notation(apply(new_game(HEARTS, 2), deal_from_seed(8, 2, HEARTS))).split()
    plain[1] = f"S:{state.hands[2][0]}"
    with pytest.raises(NotationError, match="no card is turned"):
        from_notation(HEARTS, " ".join(plain))


def test_a_game_of_turned_trumps_replays_from_its_transcript() -> None:
    transcript = play_game(TURNED, "turned-replay", max_hands=8)
    deals = [hand.actions[0] for hand in transcript.hands]
    assert deals and all(" turn:" in deal for deal in deals)
    final = replay(transcript)
    assert list(final.scores) == list(transcript.final_scores)
    tampered = replace(
        transcript.hands[0],
        actions=(deals[0][: deals[0].index(" turn:")], *transcript.hands[0].actions[1:]),
    )
    with pytest.raises(ReplayMismatch, match="the deal is not the one seed"):
        replay(replace(transcript, hands=(tampered, *transcript.hands[1:])))
