"""Invariants of a whole game, checked on a transcript with the specification alone.

:func:`check_transcript` walks a transcript without the engine: it rebuilds
every hand from its actions with :mod:`fourhundred.spec.cards` and
:class:`~fourhundred.spec.model.Rules` (the slow, lifted definitions, not
:class:`~fourhundred.reference.fast.FastRules`) and returns every broken
invariant as a sentence:

* each deal gives 52 distinct cards, 13 to each seat;
* bids come in :meth:`Rules.bidding_seats` order and are legal;
  the hand is played exactly when :meth:`Rules.hand_is_played` says so;
* a played hand has 13 tricks of one card per seat, in
  :meth:`Rules.trick_seats` order from the right leader, each card from the
  player's hand and following suit when it can, each card played once;
  each trick has one winner, who leads the next;
* the scores, the target in force and the result after each hand are exactly
  :meth:`Rules.hand_result`'s; a thrown-in hand changes no score; the dealer
  moves by :meth:`Rules.next_dealer`.
"""

from __future__ import annotations

from fourhundred.reference.actions import Bid, Deal, NotationError, Play, ThrowIn, parse_action
from fourhundred.reference.transcript import OUTCOMES, STUCK, Transcript
from fourhundred.spec.cards import FULL_DECK, SEAT_NAMES, legal_plays, trick_winner
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import load


def check_transcript(transcript: Transcript) -> list[str]:
    """Every invariant the transcript breaks (an empty list when it keeps them all)."""
    rules = load(transcript.variant)
    problems: list[str] = []
    scores: tuple[int, ...] = (0, 0, 0, 0)
    target = rules.target
    dealer = transcript.first_dealer
    for hand in transcript.hands:
        where = f"hand {hand.number}"
        if hand.dealer != dealer:
            problems.append(
                f"{where}: dealer {SEAT_NAMES[hand.dealer]}, expected {SEAT_NAMES[dealer]}"
            )
        try:
            actions = [parse_action(text) for text in hand.actions]
        except NotationError as error:
            return [*problems, f"{where}: {error}"]
        outcome = _check_hand(rules, where, actions, scores, dealer, target, hand.result, problems)
        if outcome is None:
            break
        new_scores, new_target, played = outcome
        if tuple(hand.scores) != new_scores:
            problems.append(
                f"{where}: scores {list(hand.scores)}, the spec gives {list(new_scores)}"
            )
        if hand.target != new_target:
            problems.append(f"{where}: target {hand.target}, the spec gives {new_target}")
        if hand.played != played:
            problems.append(f"{where}: played={hand.played}, the spec gives {played}")
        scores, target = new_scores, new_target
        dealer = rules.next_dealer(dealer)
    if tuple(transcript.final_scores) != scores:
        problems.append(
            f"final scores {list(transcript.final_scores)}, the spec gives {list(scores)}"
        )
    return problems


def _check_hand(
    rules: Rules,
    where: str,
    actions: list[Deal | Bid | Play | ThrowIn],
    scores: tuple[int, ...],
    dealer: int,
    target: int,
    recorded_result: str,
    problems: list[str],
) -> tuple[tuple[int, ...], int, bool] | None:
    if not actions or not isinstance(actions[0], Deal):
        problems.append(f"{where}: does not start with a deal")
        return None
    hands = [list(h) for h in actions[0].hands]
    dealt = [c for h in hands for c in h]
    if sorted(dealt) != sorted(FULL_DECK) or any(len(h) != 13 for h in hands):
        problems.append(f"{where}: the deal is not 52 distinct cards, 13 to each seat")
        return None
    rest = actions[1:]
    bids: list[int] = []
    order = rules.bidding_seats(dealer)
    for k, seat in enumerate(order):
        if k >= len(rest):
            if recorded_result != STUCK:
                problems.append(f"{where}: bidding stops after {k} bids")
            return None
        action = rest[k]
        if isinstance(action, ThrowIn):
            if not (rules.dealer_may_throw_in and seat == dealer):
                problems.append(f"{where}: {SEAT_NAMES[seat]} threw in")
            if len(rest) != k + 1:
                problems.append(f"{where}: actions after a throw-in")
            return scores, target, False
        if not isinstance(action, Bid):
            problems.append(f"{where}: expected {SEAT_NAMES[seat]}'s bid, got {action}")
            return None
        if not rules.bid_is_legal(action.value, scores[seat]):
            problems.append(f"{where}: {SEAT_NAMES[seat]}'s bid {action.value} is not legal")
        bids.append(action.value)
    by_seat = [0, 0, 0, 0]
    for seat, bid in zip(order, bids, strict=True):
        by_seat[seat] = bid
    plays = rest[4:]
    if not rules.hand_is_played(by_seat, scores):
        if plays:
            problems.append(f"{where}: cards played in a hand the bids throw in")
        return scores, target, False
    if len(plays) != 52 or not all(isinstance(p, Play) for p in plays):
        problems.append(f"{where}: a played hand has 52 plays, got {len(plays)} actions")
        return None
    tricks = [0, 0, 0, 0]
    leader = rules.first_leader(dealer)
    seen: set[str] = set()
    for number in range(13):
        cards: list[str] = []
        seats = rules.trick_seats(leader)
        if len(set(seats)) != 4:
            problems.append(f"{where}, trick {number + 1}: a seat plays twice")
        for position, seat in enumerate(seats):
            play = plays[4 * number + position]
            assert isinstance(play, Play)
            card = play.card
            led = cards[0] if cards else None
            if card not in hands[seat]:
                problems.append(
                    f"{where}, trick {number + 1}: {SEAT_NAMES[seat]} does not hold {card}"
                )
            elif card not in legal_plays(hands[seat], led):
                problems.append(
                    f"{where}, trick {number + 1}: {SEAT_NAMES[seat]} did not follow suit"
                )
            if card in seen:
                problems.append(f"{where}: {card} played twice")
            seen.add(card)
            if card in hands[seat]:
                hands[seat].remove(card)
            cards.append(card)
        winner = seats[trick_winner(cards)]
        tricks[winner] += 1
        leader = winner
    if sum(tricks) != 13 or seen != set(FULL_DECK) or any(hands):
        problems.append(f"{where}: not every card played exactly once in 13 tricks")
    after, result, next_target = rules.hand_result(scores, by_seat, tricks, dealer, target)
    expected_result = OUTCOMES[Result(int(result))]
    if recorded_result != expected_result:
        problems.append(f"{where}: result {recorded_result!r}, the spec gives {expected_result!r}")
    return tuple(int(s) for s in after), int(next_target), True
