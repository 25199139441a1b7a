"""How the variants differ, and which to play: the headline differences and a chooser.

Each line of the table and each bullet of the chooser is computed from the
variants' rules under their defaults (no variant name is written by hand): a
reader finds the few rules that change how the game feels, then the variant
that fits the table. The comparison page has every rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fourhundred.spec.cards import TRICKS_PER_HAND
from fourhundred.spec.describe import value_text
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load, variants

from .applicability import thirteen_decides
from .howto import no_legal_bid_from
from .md import cell, generated_banner, table

#: The bid whose value shows how steep a table is (the biggest jump in the 400 tables).
STEEP_BID = 9


def _own_minimum(rules: Rules) -> str:
    if not rules.own_min_rises:
        return f"always {rules.min_bid}"
    stop = f"stops at {rules.own_min_cap}" if rules.own_min_cap is not None else "never stops"
    return f"{rules.min_bid}, rising with your score; {stop}"


def _table_minimum(rules: Rules) -> str:
    unit = "tricks" if rules.table_measure == "tricks" else "points of bid value"
    base = int(rules.table_minimum([0, 0, 0, 0]))
    if not rules.table_min_rises:
        return f"{base} {unit}, always"
    stop = f"stops at {rules.table_min_cap}" if rules.table_min_cap is not None else "never stops"
    return f"{base} {unit}, rising with the scores; {stop}"


def _thirteen(rules: Rules) -> str:
    if not thirteen_decides(rules):
        return f"worth {value_text(rules, TRICKS_PER_HAND, 0, 0)} points"
    return value_text(rules, TRICKS_PER_HAND, 0, 0)


def _winning(rules: Rules) -> str:
    measure = (
        "one partner reaches" if rules.win_measure == "player" else "the partners together reach"
    )
    both = "higher total wins" if rules.both_qualify == "higher_total" else "the target rises by 10"
    return f"{measure} {rules.target}; both teams at once: {both}"


def _stuck(rules: Rules) -> str:
    score = no_legal_bid_from(rules)
    return "never" if score is None else f"from {score} points (no legal bid)"


#: The headline differences: label and the cell for one rule set.
HEADLINES: tuple[tuple[str, Callable[[Rules], str]], ...] = (
    ("smallest bid", _own_minimum),
    ("the four bids must reach", _table_minimum),
    (f"a bid of {STEEP_BID}", lambda r: f"worth {value_text(r, STEEP_BID, 0, 0)}"),
    ("a bid of 13", _thirteen),
    ("a team wins when", _winning),
    ("the game can get stuck", _stuck),
)


@dataclass(frozen=True)
class Preference:
    """A kind of game a table may want, and the test a variant's rules must pass."""

    want: str
    fits: Callable[[Rules], bool]


PREFERENCES: tuple[Preference, ...] = (
    Preference(
        "**A first game, or a table of beginners**: minimums that never rise, so every hand "
        "is bid the same way",
        lambda r: not r.own_min_rises and not r.table_min_rises,
    ),
    Preference(
        "**The classic 400 feeling**: minimums that climb as the scores do, so the end of the "
        "game is tense",
        lambda r: r.own_min_rises and r.table_min_rises,
    ),
    Preference(
        "**A bid of 13 that decides the game**: make it and your team wins",
        thirteen_decides,
    ),
    Preference(
        f"**Big bids that pay much more**: a {STEEP_BID} worth three times its tricks or more",
        lambda r: int(r.bid_value(STEEP_BID, 0, 0)) >= 3 * STEEP_BID,
    ),
    Preference(
        "**A game that always has a legal bid**, however long it runs",
        lambda r: no_legal_bid_from(r) is None,
    ),
    Preference(
        "**Partners who win together**: the team total counts, not one partner's score",
        lambda r: r.win_measure == "team_total",
    ),
)


def _links(names: Sequence[str]) -> str:
    return ", ".join(f"[{name}]({name}.md)" for name in names) or "none of the variants"


def overview_page() -> str:
    """The "how the variants differ, and which to play" page."""
    all_variants = variants()
    rule_sets = [load(v.name) for v in all_variants]
    out = [
        "# How the variants differ, and which to play\n\n",
        generated_banner("the variants' rule functions"),
        "All five variants share the table: four players in two teams of partners sitting "
        "opposite, 13 cards each, hearts always trump, one bid per player, nobody passes, and "
        "every player scores alone. What changes is how the bids are limited, what they are "
        "worth and how a game ends. The few rules that change how the game feels:\n\n",
    ]
    header = ["", *(f"[{v.name}]({v.name}.md)" for v in all_variants)]
    rows = [[label, *(cell(compute(r)) for r in rule_sets)] for label, compute in HEADLINES]
    out.append(table(header, rows))
    out.append("\n## Which to play\n\n")
    out.extend(
        f"- {preference.want}: "
        + _links(
            [v.name for v, r in zip(all_variants, rule_sets, strict=True) if preference.fits(r)]
        )
        + ".\n"
        for preference in PREFERENCES
    )
    out.append(
        "\nEvery variant has options (house rules and readings of what the sources leave "
        "open): the [comparison](comparison.md) shows every rule side by side and the "
        "[ambiguity register](ambiguities.md) every open question. A printable score sheet "
        "of each variant is linked from its rules page.\n\n"
        "![Bid value against bid for every variant](bid-values.svg)\n"
    )
    return "".join(out)
