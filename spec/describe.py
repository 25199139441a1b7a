"""Plain-data descriptions of a variant's rules, for the command line and the docs.

Every number here is computed by calling the rule functions of
:class:`~fourhundred.spec.model.Rules`, so what is printed cannot drift from
what is specified.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fourhundred.spec import house
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules
from fourhundred.spec.registry import get

#: The score bands shown: below 30, then 30-39 ... up to 140 and more.
SAMPLE_SCORES = (0, *range(BAND_START, 150, BAND_WIDTH))


def band_label(low: int, high: int | None) -> str:
    """A readable label for the score range ``low..high`` (``high`` None: open)."""
    if low == 0:
        return f"below {high + 1}" if high is not None else "any score"
    if high is None:
        return f"{low} or more"
    return f"{low}-{high}"


def merge_bands(column: Callable[[int], Sequence[Any]]) -> list[tuple[str, Sequence[Any]]]:
    """Group adjacent sample bands whose column of values is the same."""
    groups: list[tuple[int, Sequence[Any]]] = []
    for score in SAMPLE_SCORES:
        values = column(score)
        if groups and groups[-1][1] == values:
            continue
        groups.append((score, values))
    result = []
    for index, (low, values) in enumerate(groups):
        high = groups[index + 1][0] - 1 if index + 1 < len(groups) else None
        result.append((band_label(low, high), values))
    return result


def open_band(low: int, value: int) -> dict[str, str]:
    """The last band of a minimum that rises without end, stated exactly: from
    ``low`` the minimum is ``value`` plus one per further ten points."""
    return {
        "band": f"{low} or more",
        "minimum": f"{value} + (score - {low}) // {BAND_WIDTH}",
        "in_words": f"{value}, plus one for every further {BAND_WIDTH} points "
        f"({value} + (score - {low}) divided by {BAND_WIDTH}, rounded down)",
    }


def minimum_rows(
    bands: Sequence[tuple[str, Sequence[Any]]], open_row: dict[str, str] | None
) -> list[dict[str, Any]]:
    """A minimum by score band; one that rises without end ends on its open band's
    formula (:func:`open_band`), not on its value at the band's first score, which
    is wrong ten points further on."""
    rows = [{"band": label, "minimum": values[0]} for label, values in bands]
    if open_row is not None:
        if rows[-1]["band"] != open_row["band"]:
            raise ValueError(f"the open band {open_row['band']!r} is not the last band")
        rows[-1] = {"band": open_row["band"], "minimum": open_row["minimum"]}
    return rows


def value_text(rules: Rules, bid: int, own: int, highest: int) -> str:
    """A bid's value as shown in tables ("wins game" for a deciding 13)."""
    if rules.is_special_bid(bid):
        if rules.thirteen == "win_or_lose_game":
            return "wins/loses game"
        return f"wins game / -{rules.bid_value(bid, own, highest)}"
    return str(rules.bid_value(bid, own, highest))


def describe(rules: Rules) -> dict[str, Any]:
    """Everything a rules page shows about a variant, as JSON-ready data."""
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    values = merge_bands(lambda s: tuple(value_text(rules, b, s, s) for b in bids))
    own_min = merge_bands(lambda s: (str(rules.own_minimum_bid(s)),))
    table_min = merge_bands(
        lambda s: (
            str(
                rules.table_minimum(
                    [s, 0, 0, 0] if rules.table_min_scores == "highest" else [s] * 4
                )
            ),
        )
    )
    variant = get(rules.variant)
    title, summary = variant.definition.title, variant.definition.summary
    if rules.is_house:
        title = f"house rules (no source has them) on {variant.definition.title}"
        summary = (
            f"{house.label(rules)}. What {variant.name} itself says, before these house "
            f"rules: {summary}"
        )
    last = SAMPLE_SCORES[-1]
    own_unbounded = rules.own_min_rises and rules.own_min_cap is None
    table_unbounded = rules.table_min_rises and rules.table_min_cap is None
    table_at_last = rules.table_minimum(
        [last, 0, 0, 0] if rules.table_min_scores == "highest" else [last] * 4
    )
    own_open = open_band(last, int(rules.own_minimum_bid(last))) if own_unbounded else None
    table_open = open_band(last, int(table_at_last)) if table_unbounded else None
    return {
        "variant": str(rules),
        "title": title,
        "source": variant.definition.source,
        "house_rules": [
            {"knob": name, "value": value, "cite": f"house rule {name}={value}"}
            for name, value in rules.house
        ],
        "summary": summary,
        "bids": bids,
        "values_by_band": [{"band": label, "values": list(v)} for label, v in values],
        "own_minimum_by_band": minimum_rows(own_min, own_open),
        "own_minimum_unbounded": own_unbounded,
        "own_minimum_open_band": own_open,
        "table_minimum_by_band": minimum_rows(table_min, table_open),
        "table_minimum_unbounded": table_unbounded,
        "table_minimum_open_band": table_open,
        "table_minimum_score": "highest score at the table"
        if rules.table_min_scores == "highest"
        else "lowest score at the table",
        "table_minimum_counts": rules.table_measure,
        "outcome": outcome_rules(rules),
        "trumps": "hearts in every hand"
        if rules.trump == "hearts"
        else "the suit of the card the dealer turns, their last card (a house rule)",
        "turn_order": {
            "bidding": rules.bidding_order,
            "play": rules.play_order,
            "deal_pattern": (
                "one card at a time"
                if set(rules.deal_pattern) == {1}
                else "in batches of " + "-".join(str(n) for n in rules.deal_pattern)
            ),
        },
    }


def outcome_rules(rules: Rules) -> list[str]:
    """The end-of-game rules in words, generated from the parameters."""
    condition = "above zero" if rules.partner_condition == "positive" else "zero or more"
    if rules.partner_condition == "off":
        if rules.win_measure == "player":
            win = f"A team wins when one partner has {rules.target} or more, whatever the other's score."
        else:
            win = f"A team wins when the partners' total is {rules.target} or more, whatever each has."
    elif rules.win_measure == "player":
        win = (
            f"A team wins when one partner has {rules.target} or more and the other is {condition}."
        )
    else:
        win = f"A team wins when the partners' total is {rules.target} or more and both are {condition}."
    lines = [win]
    if rules.fail_penalty == "tricks":
        lines.append("A failed bid costs the number of tricks bid, not its value.")
    if rules.both_qualify == "first_seat":
        lines.append(
            "If both teams qualify after the same hand, the team of the first qualifying seat "
            "(in seat order North, West, South, East) wins."
        )
    elif rules.both_qualify == "higher_total":
        tie = "another hand is played" if rules.total_tie == "play_on" else "the game is drawn"
        higher = (
            "the higher team total"
            if rules.both_qualify_by == "team_total"
            else "the team with the higher single score"
        )
        lines.append(f"If both teams qualify after the same hand, {higher} wins; if equal, {tie}.")
    else:
        trigger = "qualify" if rules.raise_trigger == "qualified" else "reach the target"
        lines.append(
            f"If both teams {trigger} after the same hand, the target rises by {BAND_WIDTH} and play "
            f"continues until one team qualifies alone at it, or one side falls back below {rules.target}."
        )
    if rules.is_special_bid(13):
        made = (
            "wins the game outright"
            if rules.thirteen_win == "outright"
            else "wins the game if the partner condition holds"
        )
        failed = (
            "loses the game"
            if rules.thirteen == "win_or_lose_game"
            else f"costs {rules.bid_value(13, 0, 0)} points"
        )
        lines.append(f"A made bid of 13 {made}; a failed one {failed}.")
    if rules.eleven_plus_fifty:
        lines.append(
            "Any bid of 11 or more scores 50"
            + (
                " (13 keeps its special rule)."
                if rules.eleven_plus_thirteen == "keeps_special"
                else "."
            )
        )
    return lines
