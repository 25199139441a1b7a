"""A worked hand, shown as cards: the deal, the bids, every trick and the scoring.

The deal comes from the reference engine's seeded shuffle when it is available
(``fourhundred.reference.shuffle.deal_from_seed``), so a reader can reproduce
it; otherwise from Python's own seeded shuffle of the spec's full deck (the
page says which). Bids and play follow a simple, deterministic table strategy
written here for illustration; every legality check, trick winner, bid value,
score change and game result is computed by the spec's rule functions.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from fourhundred.spec.cards import (
    FULL_DECK,
    SEAT_NAMES,
    legal_plays,
    rank_of,
    suit_of,
    trick_winner,
)
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import load

from . import words
from .md import esc

VARIANT = "qahwa-400"
SEED = "docs-worked-hand"
DEALER = 3  # East deals, so North bids and leads first.
SCORES_BEFORE = (32, 12, 6, 27)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SEAT_WORDS = tuple(words.seat(number) for number in range(len(SEAT_NAMES)))


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in play order, and who won it."""

    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class WorkedHand:
    """Everything the page shows."""

    rules: Rules
    deal_source: str
    hands: tuple[tuple[str, ...], ...]
    bids: tuple[int, ...]
    bidding_order: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    scores_after: tuple[int, ...]
    result: int


def _deal(rules: Rules) -> tuple[tuple[tuple[str, ...], ...], str]:
    try:
        shuffle = importlib.import_module("fourhundred.reference.shuffle")
        deal = shuffle.deal_from_seed(SEED, DEALER, rules)
        hands = tuple(tuple(hand) for hand in deal.hands)
        return hands, (
            f"the reference engine's seeded shuffle, seed `{SEED}`, dealer {SEAT_WORDS[DEALER]}"
        )
    except (ImportError, AttributeError):
        deck = list(FULL_DECK)
        random.Random(SEED).shuffle(deck)
        return rules.deal(deck, DEALER), (
            f"Python's `random.Random({SEED!r})` shuffle, dealt by `Rules.deal` "
            "(the reference engine's seeded shuffle is not available in this build)"
        )


def _strength(hand: Sequence[str]) -> int:
    """A rough trick estimate: aces, guarded kings, and long hearts."""
    hearts = [c for c in hand if c[1] == "H"]
    estimate = sum(1.0 for c in hand if c[0] == "A" and c[1] != "H")
    estimate += sum(0.5 for c in hand if c[0] == "K" and c[1] != "H")
    estimate += sum(1.0 for c in hearts if c[0] in "AKQ") + max(0, len(hearts) - 3)
    return round(estimate)


def _bids(rules: Rules, hands: Sequence[Sequence[str]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    order = rules.bidding_seats(DEALER)
    bids = [0, 0, 0, 0]
    for seat in order:
        bids[seat] = min(
            max(_strength(hands[seat]), int(rules.own_minimum_bid(SCORES_BEFORE[seat]))), 13
        )
    dealer = order[-1]
    while not rules.hand_is_played(bids, SCORES_BEFORE) and bids[dealer] < rules.max_bid:
        bids[dealer] += 1  # the dealer stretches to keep the hand alive
    return tuple(bids), tuple(order)


def _choose(hand: Sequence[str], trick: Sequence[str], partner_winning: bool) -> str:
    legal = legal_plays(hand, trick[0] if trick else None)
    low_first = sorted(legal, key=lambda c: (suit_of(c) == suit_of("2H"), rank_of(c)))
    if not trick:
        return str(max(legal, key=lambda c: (suit_of(c) != suit_of("2H"), rank_of(c))))
    if partner_winning:
        return str(low_first[0])
    winning = [c for c in low_first if trick_winner([*trick, c]) == len(trick)]
    return str(winning[0] if winning else low_first[0])


def _play(rules: Rules, hands: Sequence[Sequence[str]]) -> tuple[Trick, ...]:
    held = [list(hand) for hand in hands]
    leader = rules.first_leader(DEALER)
    tricks = []
    for _ in range(13):
        seats = rules.trick_seats(leader)
        cards: list[str] = []
        for position, seat in enumerate(seats):
            winning_position = trick_winner(cards) if cards else None
            partner_winning = winning_position is not None and position - winning_position == 2
            card = _choose(held[seat], cards, partner_winning)
            held[seat].remove(card)
            cards.append(card)
        winner = seats[trick_winner(cards)]
        tricks.append(Trick(leader, tuple(cards), winner))
        leader = winner
    return tuple(tricks)


def worked_hand() -> WorkedHand:
    """Deal, bid, play and settle the example hand."""
    rules = load(VARIANT)
    hands, source = _deal(rules)
    bids, order = _bids(rules, hands)
    tricks = _play(rules, hands)
    won = tuple(sum(1 for t in tricks if t.winner == seat) for seat in range(4))
    after, result, _ = rules.hand_result(SCORES_BEFORE, bids, won, DEALER, rules.target)
    return WorkedHand(
        rules, source, hands, bids, order, tricks, won, tuple(int(s) for s in after), int(result)
    )


def position_before_the_lead(hand: WorkedHand) -> str | None:
    """The position after the bids, in the reference engine's notation (None without it)."""
    try:
        actions = importlib.import_module("fourhundred.reference.actions")
        engine = importlib.import_module("fourhundred.reference.engine")
        notation = importlib.import_module("fourhundred.reference.notation")
    except ImportError:
        return None
    state = dataclasses.replace(engine.new_game(hand.rules, DEALER), scores=SCORES_BEFORE)
    state = engine.apply(state, actions.Deal(hand.hands))
    for seat in hand.bidding_order:
        state = engine.apply(state, actions.Bid(hand.bids[seat]))
    return str(notation.to_notation(state))


def card_html(card: str, winner: bool = False) -> str:
    """One card as an HTML element styled by ``docs/assets/extra.css``."""
    rank = "10" if card[0] == "T" else card[0]
    colour = "fh-red" if card[1] in "HD" else "fh-black"
    extra = " fh-win" if winner else ""
    return (
        f'<span class="fh-card {colour}{extra}" title="{rank} of {SUIT_NAMES[card[1]]}">'
        f"{rank}{SUIT_SYMBOLS[card[1]]}</span>"
    )


def _hand_html(seat: int, hand: Sequence[str], bid: int) -> str:
    rows = []
    for suit in "SHDC":
        cards = sorted((c for c in hand if c[1] == suit), key=rank_of, reverse=True)
        shown = "".join(card_html(c) for c in cards) or '<span class="fh-void">—</span>'
        rows.append(f'<div class="fh-suit">{shown}</div>')
    return (
        f'<div class="fh-seat fh-seat-{SEAT_NAMES[seat]}"><div class="fh-seat-name">'
        f"{SEAT_WORDS[seat]} ({SEAT_NAMES[seat]}) · score {SCORES_BEFORE[seat]} · bids {bid}</div>"
        + "".join(rows)
        + "</div>"
    )


def worked_hand_page() -> str:
    """The worked-hand page."""
    hand = worked_hand()
    rules = hand.rules
    out = ["# A worked hand\n\n"]
    out.append(
        '!!! info "Generated page"\n    Dealt, bid, played and scored at build time; every rule '
        "applied here is a call into `fourhundred.spec`.\n\n"
    )
    out.append(
        f"Variant `{rules}`. {SEAT_WORDS[DEALER]} deals. The scores before the hand are "
        + ", ".join(f"{SEAT_WORDS[s]} {SCORES_BEFORE[s]}" for s in range(4))
        + f" ({words.team(0)} are partners, and so are {words.team(1)}). "
        f"The deal comes from {hand.deal_source}.\n\n"
    )
    out.append('<div class="fh-table">\n')
    out.extend(_hand_html(seat, hand.hands[seat], hand.bids[seat]) for seat in range(4))
    out.append('<div class="fh-centre">hearts are trump</div>\n</div>\n\n')
    out.append("## Bidding\n\n")
    table_min = int(rules.table_minimum(SCORES_BEFORE))
    out.append(
        f"The highest score at the table is {max(SCORES_BEFORE)}, so the four bids must add up "
        f"to at least **{table_min}**. Each player's own minimum comes from their own score.\n\n"
    )
    out.append("| order | player | own score | own minimum | bid |\n|---|---|---|---|---|\n")
    for position, seat in enumerate(hand.bidding_order, start=1):
        out.append(
            f"| {position} | {SEAT_WORDS[seat]} | {SCORES_BEFORE[seat]} | "
            f"{rules.own_minimum_bid(SCORES_BEFORE[seat])} | {hand.bids[seat]} |\n"
        )
    out.append(
        f"\nThe bids add up to {sum(hand.bids)}; the hand is played. "
        f"{SEAT_WORDS[rules.first_leader(DEALER)]}, on the dealer's right, leads.\n\n"
    )
    notation_line = position_before_the_lead(hand)
    if notation_line is not None:
        out.append(
            "The position before the first lead, in the "
            "[position notation](../guides/notation.md#the-position-notation):\n\n"
            f"```text\n{notation_line}\n```\n\n"
        )
    out.append("## The tricks\n\n")
    out.append(
        "Cards in the order they were played, the leader first; the winning card is outlined.\n\n"
    )
    out.append(
        '<div class="fh-tricks"><table><thead><tr><th>#</th><th>leader</th>'
        "<th>cards</th><th>won by</th></tr></thead><tbody>\n"
    )
    for number, trick in enumerate(hand.tricks, start=1):
        winning = trick_winner(trick.cards)
        seats = rules.trick_seats(trick.leader)
        cards = " ".join(
            f'<span class="fh-played"><small>{SEAT_NAMES[seats[i]]}</small>'
            f"{card_html(c, i == winning)}</span>"
            for i, c in enumerate(trick.cards)
        )
        out.append(
            f"<tr><td>{number}</td><td>{SEAT_WORDS[trick.leader]}</td><td>{cards}</td>"
            f"<td>{SEAT_WORDS[trick.winner]}</td></tr>\n"
        )
    out.append("</tbody></table></div>\n\n## Scoring\n\n")
    out.append(
        "A player who takes at least their bid wins its value; one who takes fewer loses it. "
        "Extra tricks and a partner's tricks count for nothing. The value comes from the "
        "bidder's own score (5 and 6 are worth less from 30 points in this variant).\n\n"
    )
    out.append(
        "| player | bid | tricks | made? | value | change | score |\n"
        "|---|---|---|---|---|---|---|\n"
    )
    highest = max(SCORES_BEFORE)
    for seat in range(4):
        bid, took = hand.bids[seat], hand.tricks_won[seat]
        value = rules.bid_value(bid, SCORES_BEFORE[seat], highest)
        change = rules.score_change(bid, took, SCORES_BEFORE[seat], highest)
        out.append(
            f"| {SEAT_WORDS[seat]} | {bid} | {took} | {'yes' if took >= bid else 'no'} | "
            f"{value} | {change:+d} | {SCORES_BEFORE[seat]} → {hand.scores_after[seat]} |\n"
        )
    if Result(hand.result) is Result.CONTINUE:
        verdict = "Nobody has won yet: the deal passes to the right and the next hand starts."
    else:
        said = words.result(hand.result)
        verdict = f"{said[0].upper()}{said[1:]}: the game is over."
    out.append(f"\n**Result:** {esc(verdict)}\n")
    return "".join(out)
