"""A printable score sheet per variant: the numbers to remember at the top, hands × players below.

Everything on the sheet is computed from the variant's rule functions
(:class:`~fourhundred.spec.model.Rules`): the target and how a team wins, the
minimums and where they rise, and the bid values **in every score band** (in
qahwa-400 and arab3meyeh-400 a 5 is worth 10 below 30 points and 5 from 30).
Under the defaults' table, every option of the variant that changes a value
gets a line of its own, so a table playing a house rule scores from the same
sheet. Every printed value is an HTML cell carrying the variant string, the
bid and the score it was computed at (``data-variant``, ``data-bid``,
``data-score``), so a test recomputes it from the rules.

The whole sheet sits in a container of class ``score-sheet``, which the print
stylesheet lays out on one page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fourhundred.spec.describe import band_label, outcome_rules, value_text
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules
from fourhundred.spec.registry import all_readings, load, variants

from . import words
from .howto import own_minimum_text, table_minimum_text
from .md import esc, generated_banner

#: Rows of the grid: enough hands for a long game on one sheet.
HANDS = 20
#: The scores looked at when cutting the values into bands (every band boundary
#: of the rules lies on a multiple of ten from 30).
SAMPLE_SCORES: tuple[int, ...] = (0, *range(BAND_START, 200, BAND_WIDTH))


def sheet_path(variant_name: str) -> str:
    """Where a variant's score sheet lives in the site sources."""
    return f"rules/score-sheet-{variant_name}.md"


@dataclass(frozen=True)
class Band:
    """A range of scores over which every bid keeps its value."""

    low: int
    high: int | None
    values: tuple[str, ...]

    @property
    def label(self) -> str:
        return band_label(self.low, self.high)


def bids(rules: Rules) -> range:
    """Every legal bid of the rules, smallest first."""
    return range(rules.min_bid, rules.max_bid + 1)


def value_bands(rules: Rules) -> list[Band]:
    """The bid values cut into the score bands where they differ.

    The score is the bidder's own, or the highest at the table when the
    reduced values are judged on any player's score: :meth:`Rules.bid_value`
    is called with that score in both places.
    """
    groups: list[tuple[int, tuple[str, ...]]] = []
    for score in SAMPLE_SCORES:
        values = tuple(value_text(rules, bid, score, score) for bid in bids(rules))
        if not groups or groups[-1][1] != values:
            groups.append((score, values))
    return [
        Band(low, groups[i + 1][0] - 1 if i + 1 < len(groups) else None, values)
        for i, (low, values) in enumerate(groups)
    ]


def band_score_words(rules: Rules) -> str:
    """Whose score decides a bid's value band."""
    if rules.reduced_values and rules.reduced_scope == "any":
        return "the highest score at the table"
    return "the bidder's own score"


def _value_cells(rules: Rules, band: Band) -> str:
    return "".join(
        f'<td data-variant="{esc(rules)}" data-bid="{bid}" data-score="{band.low}">'
        f"{esc(value)}</td>"
        for bid, value in zip(bids(rules), band.values, strict=True)
    )


def values_table(rules: Rules, readings: Sequence[Rules]) -> str:
    """Bids across, score bands down: the defaults first, then each option that
    changes a value (its bands only)."""
    head = "".join(f"<th>{bid}</th>" for bid in bids(rules))
    rows = [
        f'<tr><th scope="row">{esc(band.label)}</th>{_value_cells(rules, band)}</tr>'
        for band in value_bands(rules)
    ]
    default = value_bands(rules)
    for reading in readings:
        if list(bids(reading)) != list(bids(rules)):
            continue  # another bid range: its own line below
        bands = value_bands(reading)
        if bands == default:
            continue
        option = str(reading).partition("(")[2].rstrip(")")
        for band in bands:
            rows.append(
                f'<tr class="fh-option"><th scope="row">with <code>{esc(option)}</code>, '
                f"{esc(band.label)}</th>{_value_cells(reading, band)}</tr>"
            )
    return (
        f'<table class="fh-values"><thead><tr><th>{esc(band_score_words(rules))}</th>{head}'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _grid() -> str:
    players = [words.seat(n) for n in range(4)]
    head = "".join(f'<th colspan="3">{esc(p)}</th>' for p in players)
    sub = "".join("<th>bid</th><th>took</th><th>score</th>" for _ in players)
    rows = "\n".join(
        f"<tr><td>{hand}</td><td></td>" + "<td></td>" * (3 * len(players)) + "</tr>"
        for hand in range(1, HANDS + 1)
    )
    return (
        '<table class="fh-grid"><thead>'
        f'<tr><th rowspan="2">hand</th><th rowspan="2">dealer</th>{head}</tr>'
        f"<tr>{sub}</tr></thead>\n<tbody>\n{rows}\n</tbody></table>"
    )


def score_sheet_page(variant_name: str) -> str:
    """The score sheet of one variant."""
    rules = load(variant_name)
    readings = all_readings(variant_name)[1:]
    partners = f"{words.team(0)} against {words.team(1)}"
    facts = [
        f"<li><strong>Target:</strong> {rules.target}. {esc(' '.join(outcome_rules(rules)))}</li>",
        f"<li><strong>Bids:</strong> {esc(own_minimum_text(rules))}</li>",
        f"<li><strong>Table minimum:</strong> {esc(table_minimum_text(rules))}</li>",
        "<li><strong>Values</strong> (won when made, lost when failed), by "
        f"{esc(band_score_words(rules))}:</li>",
    ]
    others = sorted(
        {
            str(r)
            for r in readings
            if list(bids(r)) != list(bids(rules)) and value_bands(r) != value_bands(rules)
        }
    )
    other_bids = "".join(
        f"<p>With <code>{esc(text.partition('(')[2].rstrip(')'))}</code> the bids run "
        f"{load(text).min_bid}–{load(text).max_bid}:</p>{values_table(load(text), ())}"
        for text in others
    )
    return (
        f"# Score sheet: {variant_name}\n\n"
        "Print this page (the menus are left out in print). "
        f"[The rules of {variant_name}]({variant_name}.md) explain every line.\n\n"
        f'<div class="score-sheet" markdown="0">\n<h2>{esc(variant_name)}: {partners}</h2>\n'
        f"<ul>{''.join(facts)}</ul>\n{values_table(rules, readings)}\n{other_bids}\n"
        f"{_grid()}\n</div>\n\n" + generated_banner("the variant's rule functions")
    )


def all_sheets() -> dict[str, str]:
    """Every score sheet, by its path in the site sources."""
    return {sheet_path(v.name): score_sheet_page(v.name) for v in variants()}


def nav_entries() -> list[dict[str, str]]:
    """The nav entries of the score sheets, one per variant."""
    return [{v.name: sheet_path(v.name)} for v in variants()]
