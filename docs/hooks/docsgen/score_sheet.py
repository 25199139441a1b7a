"""A printable score sheet per variant: the numbers to remember at the top, hands × players below.

The header (target, how a team wins, the minimums and where they rise, the bid
values) is computed from the variant's rules under its defaults; the grid has a
row per hand and, for each player, a bid, tricks and running score column.
The whole sheet sits in a container of class ``score-sheet``, which the print
stylesheet lays out on one page.
"""

from __future__ import annotations

from fourhundred.spec.describe import outcome_rules, value_text
from fourhundred.spec.registry import load, variants

from . import words
from .howto import own_minimum_text, table_minimum_text
from .md import esc, generated_banner

#: Rows of the grid: enough hands for a long game on one sheet.
HANDS = 20


def sheet_path(variant_name: str) -> str:
    """Where a variant's score sheet lives in the site sources."""
    return f"rules/score-sheet-{variant_name}.md"


def _grid() -> str:
    players = [words.seat(n) for n in range(4)]
    head = "".join(f'<th colspan="3">{esc(p)}</th>' for p in players)
    sub = "".join("<th>bid</th><th>took</th><th>score</th>" for _ in players)
    rows = "\n".join(
        f"<tr><td>{hand}</td><td></td>" + "<td></td>" * (3 * len(players)) + "</tr>"
        for hand in range(1, HANDS + 1)
    )
    return (
        "<table><thead>"
        f'<tr><th rowspan="2">hand</th><th rowspan="2">dealer</th>{head}</tr>'
        f"<tr>{sub}</tr></thead>\n<tbody>\n{rows}\n</tbody></table>"
    )


def score_sheet_page(variant_name: str) -> str:
    """The score sheet of one variant."""
    rules = load(variant_name)
    values = ", ".join(
        f"{bid}&nbsp;=&nbsp;{esc(value_text(rules, bid, 0, 0))}"
        for bid in range(rules.min_bid, rules.max_bid + 1)
    )
    partners = f"{words.team(0)} against {words.team(1)}"
    facts = [
        f"<li><strong>Target:</strong> {rules.target}. {esc(' '.join(outcome_rules(rules)))}</li>",
        f"<li><strong>Bids:</strong> {esc(own_minimum_text(rules))}</li>",
        f"<li><strong>Table minimum:</strong> {esc(table_minimum_text(rules))}</li>",
        f"<li><strong>Values</strong> (won when made, lost when failed): {values}</li>",
    ]
    return (
        f"# Score sheet: {variant_name}\n\n"
        + generated_banner("the variant's rule functions")
        + "Print this page (the menus and this note are left out in print). "
        f"[The rules of {variant_name}]({variant_name}.md) explain every line.\n\n"
        f'<div class="score-sheet" markdown="0">\n<h2>{esc(variant_name)}: {partners}</h2>\n'
        f"<ul>{''.join(facts)}</ul>\n{_grid()}\n</div>\n"
    )


def all_sheets() -> dict[str, str]:
    """Every score sheet, by its path in the site sources."""
    return {sheet_path(v.name): score_sheet_page(v.name) for v in variants()}


def nav_entries() -> list[dict[str, str]]:
    """The nav entries of the score sheets, one per variant."""
    return [{v.name: sheet_path(v.name)} for v in variants()]
