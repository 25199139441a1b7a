"""How to play a variant, in prose generated from its rule functions, with worked examples.

Every number in the text (the bid range, the minimums and where they rise and
stop, the bid values, the target, the partner condition, the rules of 13) is
computed by calling :class:`~fourhundred.spec.model.Rules` under the variant's
defaults, and every "stop" is decided by :mod:`.applicability`. Under each rule
the conformance suite's cases for that rule (:mod:`fourhundred.conformance.suite`)
are shown as worked examples, hand-written examples first, each with a
permalink to the case on the cases page (:func:`.anchors.case_anchor`), as the
CommonMark spec shows its examples under each rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from fourhundred.conformance.suite import load_cases
from fourhundred.spec.cards import RANKS, TRICKS_PER_HAND, TRUMP_SUIT
from fourhundred.spec.describe import outcome_rules, value_text
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules
from fourhundred.spec.registry import get

from . import words
from .anchors import case_link
from .md import esc
from .players import reading_notes

#: The highest score the prose looks at for a minimum that keeps rising.
SCORE_HORIZON = 400
#: Worked examples shown under each rule, at most.
EXAMPLES_PER_KIND = 2
#: The case kinds whose cases illustrate each part of the rules.
SECTION_KINDS: Mapping[str, tuple[str, ...]] = {
    "Bidding": ("legal_bids", "table_minimum"),
    "Playing the tricks": ("legal_plays", "trick_winner"),
    "Scoring": ("bid_value", "hand_scoring"),
    "Winning": ("game_outcome",),
}
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def direction(order: str) -> str:
    """A turn order in words: anticlockwise is to the right."""
    return "to the right (anticlockwise)" if order == "anticlockwise" else "to the left (clockwise)"


def card(text: str) -> str:
    """A card in the suite's notation ('TH') as people write it ('10♥')."""
    rank = "10" if text[0] == "T" else text[0]
    return f"{rank}{_SUIT_SYMBOLS[text[1]]}"


def _band_scores() -> Iterator[int]:
    yield from range(BAND_START, SCORE_HORIZON + 1, BAND_WIDTH)


def _rises(values: Sequence[tuple[int, int]]) -> str:
    """'3 from 30 points, 4 from 40' for the scores where a minimum changes."""
    return ", ".join(f"{value} from {score} points" for score, value in values)


def _changes(minimum_at: Any, start: int) -> list[tuple[int, int]]:
    changes = []
    last = start
    for score in _band_scores():
        value = int(minimum_at(score))
        if value != last:
            changes.append((score, value))
            last = value
    return changes


def has_no_legal_bid(rules: Rules, own_score: int) -> bool:
    """Whether a player on this score has no legal bid: the own minimum passes the largest bid."""
    return int(rules.own_minimum_bid(own_score)) > rules.max_bid


def no_legal_bid_from(rules: Rules) -> int | None:
    """The lowest score at which a player has no legal bid, so the game is stuck (None: never)."""
    return next((s for s in _band_scores() if has_no_legal_bid(rules, s)), None)


def deal_text(rules: Rules) -> str:
    """The deal in words."""
    pattern = (
        "one card at a time"
        if set(rules.deal_pattern) == {1}
        else "in batches of " + "-".join(str(n) for n in rules.deal_pattern)
    )
    return (
        f"Four players, two teams of partners sitting opposite: {words.team(0)} against "
        f"{words.team(1)}. One 52-card deck, aces high; {_SUIT_NAMES[TRUMP_SUIT]} are trump in "
        f"every hand, so nobody names a trump. The dealer gives each player "
        f"{TRICKS_PER_HAND} cards, {pattern}, starting with the player on the dealer's right "
        "and going to the right. After every hand, played or thrown in, "
        "the deal passes one seat to the right."
    )


def own_minimum_text(rules: Rules) -> str:
    """The own minimum bid in words."""
    text = (
        f"Each player bids once, from {rules.min_bid} to {rules.max_bid} tricks: the number "
        "of tricks they will take themselves. Nobody passes, and a bid does not have to beat "
        "the ones before it."
    )
    if not rules.own_min_rises:
        return text + f" The smallest bid stays {rules.min_bid} whatever your score."
    changes = _changes(rules.own_minimum_bid, rules.min_bid)
    shown = changes[:3]
    text += f" Your own minimum rises with your own score: {_rises(shown)}"
    stuck = no_legal_bid_from(rules)
    if rules.own_min_cap is not None:
        return text + f", and stops at {rules.own_min_cap}."
    text += ", one more every ten points after that, without end"
    if stuck is not None:
        text += (
            f": from {stuck} points your minimum is above {rules.max_bid}, so you have no "
            "legal bid and the game cannot go on"
        )
    return text + "."


def table_minimum_text(rules: Rules) -> str:
    """The table minimum in words."""
    at_zero = int(rules.table_minimum([0, 0, 0, 0]))
    what = (
        "The four bids together"
        if rules.table_measure == "tricks"
        else "The bid values together (each bid counted at its value in points)"
    )
    reach = (
        "must reach at least" if rules.table_comparison == "at_least" else "must come to exactly"
    )
    text = f"{what} {reach} {at_zero}"
    if rules.table_min_rises:
        who = "any player has" if rules.table_min_scores == "highest" else "every player has"
        changes = _changes(lambda s: rules.table_minimum([s] * 4), at_zero)
        first = changes[:3]
        text += ": " + ", ".join(f"{value} once {who} {score}" for score, value in first)
        if rules.table_min_cap is not None:
            text += f", and it stops at {rules.table_min_cap}"
        else:
            text += ", one more every ten points after that"
    text += (
        ". If they fall short, nobody scores, the cards are thrown in and the next dealer deals."
    )
    if rules.dealer_may_throw_in:
        text += " The dealer may also throw the hand in instead of bidding."
    return text


def play_text(rules: Rules) -> str:
    """The play of the tricks in words."""
    return (
        "The player on the dealer's right leads to the first trick, and play goes "
        f"{direction(rules.play_order)}. Follow the suit led if you can; if you cannot, play "
        f"any card, a heart or not. The highest {_SUIT_NAMES[TRUMP_SUIT][:-1]} wins the trick; "
        "with none in it, the highest card of the suit led. Cards rank "
        + ", ".join(card(r + "S")[:-1] for r in reversed(RANKS))
        + ". The winner leads to the next trick, until all 13 are played."
    )


def scoring_text(rules: Rules) -> str:
    """Scoring in words: made and failed bids, the values, the rules of 13."""
    text = (
        "Take at least your bid and you win its value; take fewer and you lose it. Extra "
        "tricks earn nothing, your partner's tricks do not count for you, and scores can "
        "go below zero. "
    )
    bids = range(rules.min_bid, rules.max_bid + 1)
    if rules.value_scale != "table":
        return text + "Every bid is worth one point per trick bid."
    values = ", ".join(f"{bid} = {value_text(rules, bid, 0, 0)}" for bid in bids)
    text += f"The values of the bids: {values}."
    reduced = [
        (bid, int(rules.bid_value(bid, BAND_START, BAND_START)))
        for bid in bids
        if rules.bid_value(bid, BAND_START, BAND_START) != rules.bid_value(bid, 0, 0)
        and not rules.is_special_bid(bid)
    ]
    if reduced:
        whose = "your own score" if rules.reduced_scope == "own" else "any player's score"
        text += (
            f" Once {whose} is {BAND_START} or more: "
            + ", ".join(f"{bid} = {value}" for bid, value in reduced)
            + "."
        )
    if rules.eleven_plus_fifty:
        text += " Any bid of 11 or more scores 50."
    if not rules.is_special_bid(TRICKS_PER_HAND) and rules.max_bid == TRICKS_PER_HAND:
        text += " A bid of 13 is an ordinary bid, worth its points like any other."
    return text


def winning_text(rules: Rules) -> str:
    """How a game ends, from :func:`fourhundred.spec.describe.outcome_rules`."""
    return " ".join(outcome_rules(rules))


# --- Worked examples from the conformance suite ------------------------------------------


@cache
def _cases_by_variant() -> Mapping[tuple[str, str], tuple[dict[str, Any], ...]]:
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for case in load_cases():
        for variant in case["variants"]:
            grouped.setdefault((case["kind"], variant), []).append(case)
    return {key: tuple(cases) for key, cases in grouped.items()}


def examples(variant_name: str, kind: str, limit: int = EXAMPLES_PER_KIND) -> list[dict[str, Any]]:
    """The cases of one kind that run under exactly this variant.

    Hand-written examples from the sources first (ids ``….ex-…``), then the cases
    of the register's readings (``….rd-…``), then the generated grid.
    """
    cases = _cases_by_variant().get((kind, variant_name), ())
    return sorted(cases, key=lambda c: _EXAMPLE_ORDER.index(_id_family(str(c["id"]))))[:limit]


_EXAMPLE_ORDER = ("ex", "rd", "")


def _id_family(case_id: str) -> str:
    number = case_id.rsplit(".", 1)[-1]
    family = number.split("-", 1)[0]
    return family if family in _EXAMPLE_ORDER else ""


def _cards(cards: Sequence[str] | None) -> str:
    return " ".join(card(c) for c in cards) if cards else "none"


def _cards_or_numbers(values: Sequence[int]) -> str:
    if not values:
        return "none (no legal bid: the game cannot go on)"
    if len(values) > 3 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(str(v) for v in values)


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def _scores(values: Sequence[int]) -> str:
    return ", ".join(f"{words.seat(s)} {_number(v)}" for s, v in enumerate(values))


def _number(value: int) -> str:
    return str(value) if value >= 0 else f"−{-value}"


def _players(given: Mapping[str, Any], after: Sequence[int]) -> str:
    """'North bids 4, takes 5: +4' for each player of a scored hand."""
    parts = []
    for seat, (bid, took, before, now) in enumerate(
        zip(given["bids"], given["tricks"], given["scores"], after, strict=True)
    ):
        parts.append(f"{words.seat(seat)} bids {bid}, takes {took}: {_signed(now - before)}")
    return "; ".join(parts)


def example_sentence(case: Mapping[str, Any]) -> str:
    """A case as one sentence a player reads ("bid 8, take 8 or more: +16")."""
    given, expected, kind = case["input"], case["expected"], case["kind"]
    if kind == "legal_bids":
        bids = _cards_or_numbers(expected["bids"])
        return f"On {_number(given['own_score'])} points you may bid {bids}"
    if kind == "table_minimum":
        bids = ", ".join(str(b) for b in given["bids"])
        verdict = "the hand is played" if expected["played"] else "the cards are thrown in"
        return (
            f"Scores {_scores(given['scores'])}; bids {bids}: they must reach "
            f"{expected['minimum']}, so {verdict}"
        )
    if kind == "legal_plays":
        led = f"with {card(given['led'])} led" if given.get("led") else "leading"
        return f"Holding {_cards(given['hand'])}, {led}: you may play {_cards(expected['cards'])}"
    if kind == "trick_winner":
        winner = card(given["trick"][expected["winner"]])
        return f"{_cards(given['trick'])} (leader first): the {winner} wins"
    if kind == "bid_value":
        bid, own = given["bid"], _number(given["own_score"])
        if expected.get("decides_game"):
            return f"Bid {bid} on {own} points: it decides the game"
        value = int(expected["value"])
        return f"Bid {bid} on {own} points, take {bid} or more: +{value}; fewer: −{value}"
    if kind == "hand_scoring":
        return _players(given, expected["scores"])
    if kind == "game_outcome":
        return (
            f"{_players(given, expected['scores'])}; now {_scores(expected['scores'])}: "
            f"{words.result(expected['result'])}"
        )
    raise ValueError(f"case {case['id']}: no words for kind {kind!r}")


def example_block(case: Mapping[str, Any], link: bool) -> str:
    """One worked example: one sentence, and the case id as a small permalink."""
    case_id = esc(case["id"])
    ref = (
        f"[{case_id}]({case_link(str(case['id']))}){{ .fh-case-ref }}"
        if link
        else (f'<small class="fh-case-ref">{case_id}</small>')
    )
    return f"- {esc(example_sentence(case))}. {ref}\n"


def _section_examples(variant_name: str, section: str, link: bool) -> str:
    blocks = [
        example_block(case, link)
        for kind in SECTION_KINDS.get(section, ())
        for case in examples(variant_name, kind)
    ]
    if not blocks:
        return ""
    return "\n" + "".join(blocks)


def how_to_play(rules: Rules, case_links: bool) -> str:
    """The "How to play" section of a variant page: the rules in prose, the readings
    marked where they decide a rule, and examples from the suite under each rule."""
    name = rules.variant
    variant = get(name)
    parts = [
        ("The deal", deal_text(rules)),
        ("Bidding", own_minimum_text(rules) + "\n\n" + table_minimum_text(rules)),
        ("Playing the tricks", play_text(rules)),
        ("Scoring", scoring_text(rules)),
        ("Winning", winning_text(rules)),
    ]
    out = [
        "## How to play\n\n",
        "Where a source leaves a rule open, the line that settles it is marked "
        '<span class="fh-reading">our reading</span> and links to the register, which '
        "gives the other readings. The examples are cases of the conformance suite"
        + (" (the small id links to the case)" if case_links else "")
        + ".\n\n",
    ]
    for title, text in parts:
        out.append(f"### {title}\n\n{esc(text)}\n")
        notes = reading_notes(variant, title)
        if notes:
            out.append("\n" + notes)
        examples_text = _section_examples(name, title, case_links)
        if examples_text:
            out.append("\n**Examples**\n" + examples_text)
        out.append("\n")
    return "".join(out)
