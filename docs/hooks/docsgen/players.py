"""The parts of a rules page written for players: at a glance, in one minute,
the readings marked where the rules say them, and tips from the table.

Every number comes from the variant's rule functions under its defaults
(:class:`~fourhundred.spec.model.Rules`). The readings are the variant's
``reading`` options (:class:`~fourhundred.spec.definitions.Option`): each is
shown under the part of the rules its fields belong to (:data:`SECTION_OF`),
marked as the project's reading and why (the register entry's kind), with a
link to the register. The tips are the sources' own advice, paraphrased and
cited (:data:`TIPS`); a tip is shown on a variant's page only where the rules
make it true (its ``applies`` test calls the rule functions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fourhundred.spec.ambiguities import REGISTER
from fourhundred.spec.definitions import Citation
from fourhundred.spec.model import BAND_START, Rules
from fourhundred.spec.registry import Variant
from fourhundred.spec.sources import cite, source

from . import words
from .md import esc

#: The part of "How to play" each rule field belongs to (the fields readings set).
SECTION_OF: Mapping[str, str] = {
    "deal_pattern": "The deal",
    "bidding_order": "Bidding",
    "dealer_may_throw_in": "Bidding",
    "max_bid": "Bidding",
    "own_min_cap": "Bidding",
    "table_comparison": "Bidding",
    "table_measure": "Bidding",
    "table_min_cap": "Bidding",
    "table_min_scores": "Bidding",
    "total_switch": "Bidding",
    "play_order": "Playing the tricks",
    "turn_time_limit": "Playing the tricks",
    "values": "Scoring",
    "value_scale": "Scoring",
    "reduced_scope": "Scoring",
    "thirteen": "Scoring",
    "eleven_plus_thirteen": "Scoring",
    "thirteen_win": "Winning",
    "thirteen_conflict": "Winning",
    "thirteen_precedence": "Winning",
    "partner_condition": "Winning",
    "win_measure": "Winning",
    "both_qualify": "Winning",
    "both_qualify_by": "Winning",
    "total_tie": "Winning",
    "raise_trigger": "Winning",
}

#: How each kind of register entry is said in the prose.
WHY_A_READING: Mapping[str, str] = {
    "silence": "our reading; the source is silent",
    "self-contradiction": "our reading; the source contradicts itself",
    "disagreement": "our reading; the sources disagree",
    "vague-extension": "our reading; the source's \u201cand so on\u201d leaves it open",
    "convention": "our reading; the usual convention, the source is silent",
}

_ENTRIES = {entry.id: entry for entry in REGISTER}


def section_of(field: str) -> str:
    """The part of the rules a field belongs to (``KeyError`` names a field not placed)."""
    try:
        return SECTION_OF[field]
    except KeyError:
        raise KeyError(f"rule field {field!r} has no section in players.SECTION_OF") from None


def reading_notes(variant: Variant, section: str, prefix: str = "") -> str:
    """The readings of a variant that decide a rule of ``section``, one line each."""
    lines = []
    for option in variant.options:
        if option.kind != "reading" or option.ambiguity is None:
            continue
        chosen = option.choice(option.default)
        sections = {section_of(field) for field, _ in chosen.assigns}
        if section not in sections:
            continue
        entry = _ENTRIES[option.ambiguity]
        why = WHY_A_READING[entry.kind]
        lines.append(
            f'- <span class="fh-reading">{esc(why)}</span>: {esc(chosen.summary)} '
            f"([{esc(entry.title)}]({prefix}ambiguities.md#{entry.id}); "
            "other readings: "
            + ", ".join(f"`{option.name}={v}`" for v in option.values if v != option.default)
            + ")\n"
        )
    return "".join(lines)


def _values_in_words(rules: Rules) -> str:
    bids = range(rules.min_bid, rules.max_bid + 1)
    ordinary = [b for b in bids if not rules.is_special_bid(b)]
    return ", ".join(f"{b} = {rules.bid_value(b, 0, 0)}" for b in ordinary)


def at_a_glance(rules: Rules) -> list[tuple[str, str]]:
    """The facts of the "at a glance" box: (label, text)."""
    partner = "above zero" if rules.partner_condition == "positive" else "at zero or more"
    if rules.win_measure == "player":
        goal = f"One partner on {rules.target} or more, the other {partner}"
    else:
        goal = f"The partners together on {rules.target} or more, both {partner}"
    return [
        ("Players", f"4, in two teams of two ({words.team(0)} against {words.team(1)})"),
        ("Deck", "52 cards, aces high; hearts are always trump"),
        ("Bids", f"each player alone, {rules.min_bid} to {rules.max_bid} tricks; nobody passes"),
        ("Goal", goal),
        ("A game", f"several hands, until a team reaches {rules.target}"),
    ]


def in_one_minute(rules: Rules) -> list[str]:
    """Five lines that are enough to sit down and play."""
    table_zero = int(rules.table_minimum([0, 0, 0, 0]))
    counted = "bids" if rules.table_measure == "tricks" else "bid values (in points)"
    rises = " (more once someone has 30 points)" if rules.table_min_rises else ""
    made = (
        "Take at least your bid to win its value; fall short and lose it"
        if rules.value_scale == "table"
        else "Take at least your bid to win one point per trick bid; fall short and lose as many"
    )
    condition = "above zero" if rules.partner_condition == "positive" else "not below zero"
    if rules.win_measure == "player":
        win = f"your team wins when one of you has {rules.target} and the other is {condition}"
    else:
        win = (
            f"your team wins when your two scores add up to {rules.target} and both are {condition}"
        )
    return [
        "Deal all 52 cards, 13 each. Hearts are always trump. Dealing, bidding and play go "
        f"{'to the right' if rules.bidding_order == 'anticlockwise' else 'to the left'}.",
        f"Each player bids once how many tricks they will take themselves, from "
        f"{rules.min_bid} to {rules.max_bid}. Nobody passes.",
        f"The four {counted} must add up to at least {table_zero}{rises}, or the cards are "
        "thrown in and dealt again.",
        "The player on the dealer's right leads. Follow suit if you can; the highest heart "
        "wins, otherwise the highest card of the suit led.",
        f"{made}. Extra tricks and your partner's tricks count for nothing; {win}.",
    ]


@dataclass(frozen=True)
class Tip:
    """Advice a source gives, paraphrased, and where the rules make it hold."""

    text: Callable[[Rules], str]
    cites: tuple[Citation, ...]
    applies: Callable[[Rules], bool]


def _steps(rules: Rules) -> list[tuple[int, int, int]]:
    """(bid, its value, the next bid's value) for consecutive ordinary bids."""
    ordinary = [b for b in range(rules.min_bid, rules.max_bid + 1) if not rules.is_special_bid(b)]
    return [
        (b, int(rules.bid_value(b, 0, 0)), int(rules.bid_value(b + 1, 0, 0)))
        for b in ordinary
        if b + 1 in ordinary
    ]


def biggest_step(rules: Rules) -> tuple[int, int, int]:
    """The step between two consecutive bids where the value rises most (the first such)."""
    return max(_steps(rules), key=lambda step: step[2] - step[1])


def _jump_text(rules: Rules) -> str:
    bid, low, high = biggest_step(rules)
    return (
        f"The step from {bid} ({low} points) to {bid + 1} ({high}) is the biggest in the "
        "table. When your hand is there, bid it."
    )


def _has_big_jump(rules: Rules) -> bool:
    """Whether one step stands out: the value table, with a step at least twice the median."""
    if rules.value_scale != "table" or not _steps(rules):
        return False
    rises = sorted(high - low for _, low, high in _steps(rules))
    return rises[-1] >= 2 * rises[len(rises) // 2]


TIPS: tuple[Tip, ...] = (
    Tip(
        lambda r: (
            "Count your hearts before your high cards. Hearts are trump in every hand, "
            "so a long heart suit takes more tricks than a handful of aces."
        ),
        (cite("qahwa", "Tips from the table"),),
        lambda r: True,
    ),
    Tip(
        lambda r: (
            f"Your {r.target} does not win while your partner is "
            + ("at zero or below" if r.partner_condition == "positive" else "below zero")
            + ". When your partner is there, the safe bid that keeps them in the game can be "
            "the right one for the team."
        ),
        (cite("qahwa", "Tips from the table"), cite("medallon", "Winning the Game")),
        lambda r: True,
    ),
    Tip(
        _jump_text,
        (cite("qahwa", "Tips from the table"),),
        _has_big_jump,
    ),
    Tip(
        lambda r: (
            f"Once someone passes {BAND_START}, the minimums rise: plan for bigger "
            "bids late in the game, and for your own minimum rising with your score."
        ),
        (cite("qahwa", "Tips from the table"), cite("medallon", "Minimum Bids")),
        lambda r: r.own_min_rises or r.table_min_rises,
    ),
    Tip(
        lambda r: (
            "You must bid your minimum even when your hand cannot take it: a weak hand "
            "on a high score will often lose points."
        ),
        (cite("medallon", "Minimum Bids"), cite("arab3meyeh", "Bidding")),
        lambda r: r.own_min_rises,
    ),
    Tip(
        lambda r: (
            "In practice most bids are between 2 and 6, so it is the dealer, bidding "
            "last, who decides whether the hand is played: with no sensible bid that brings "
            "the total up, the dealer lets it fall short and the cards are thrown in."
        ),
        (cite("pagat", "Bidding"),),
        lambda r: True,
    ),
    Tip(
        lambda r: (
            "Every player bids and scores alone: your partner making a big bid does "
            "not cover your own."
        ),
        (cite("medallon", "Independent Bidding"),),
        lambda r: True,
    ),
)


def _cited(citations: tuple[Citation, ...]) -> str:
    return "; ".join(
        f"{esc(source(c.source).title.split(',')[0])} §{esc(c.section)}" for c in citations
    )


def tips(rules: Rules) -> str:
    """The "tips from the table" list of a variant, each tip cited."""
    return "".join(
        f"- {esc(tip.text(rules))} <small>({_cited(tip.cites)})</small>\n"
        for tip in TIPS
        if tip.applies(rules)
    )


def glance_box(rules: Rules) -> str:
    """The "at a glance" box and the "in one minute" list, as Markdown."""
    facts = "\n".join(f"    - **{label}:** {esc(text)}" for label, text in at_a_glance(rules))
    minute = "\n".join(f"{n}. {esc(line)}" for n, line in enumerate(in_one_minute(rules), 1))
    return f'!!! abstract "At a glance"\n{facts}\n\n## How to play in one minute\n\n{minute}\n\n'
