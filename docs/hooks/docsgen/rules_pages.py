"""The rules pages: one per variant, and an index of the variants."""

from __future__ import annotations

from fourhundred.spec.ambiguities import REGISTER
from fourhundred.spec.definitions import Citation
from fourhundred.spec.describe import describe
from fourhundred.spec.registry import Variant, load, variants
from fourhundred.spec.sources import source

from .applicability import DOES_NOT_APPLY, applies, not_applicable_reason
from .claims import claims_section
from .hands import hand_topics, hands_path
from .howto import how_to_play, no_legal_bid_from
from .md import cell, esc, generated_banner, table
from .players import glance_box, tips
from .provenance import field_label, ordered_fields, provenance, show_value
from .score_sheet import sheet_path
from .sources_links import source_link_html
from .tryit import try_it_section

AMBIGUITIES_PAGE = "ambiguities.md"


def page_path(variant_name: str) -> str:
    """Where a variant's rules page lives in the site sources."""
    return f"rules/{variant_name}.md"


def ambiguity_link(entry_id: str, prefix: str = "") -> str:
    """A Markdown link to a register entry."""
    return f"[`{entry_id}`]({prefix}{AMBIGUITIES_PAGE}#{entry_id})"


def citation_text(citation: Citation | None) -> str:
    """'source §Section: paraphrase', escaped for a table cell."""
    if citation is None:
        return ""
    text = f"{citation.source} §{citation.section}"
    if citation.says:
        text += f": {citation.says}"
    return cell(text) + source_link_html(citation.source).replace("|", "&#124;")


def _first_minimum(row: dict[str, object]) -> int:
    """A minimum row's value at the first score of its band (an open band's formula,
    ``14 + (score - 140) // 10``, starts with it)."""
    return int(str(row["minimum"]).split(" + ")[0])


def _bands_table(rows: list[dict[str, object]], key: str, heading: str) -> str:
    return table(["score", heading], ([cell(r["band"]), cell(r[key])] for r in rows))


def _values_table(data: dict[str, object]) -> str:
    bands = data["values_by_band"]
    assert isinstance(bands, list)
    if len(bands) == 1:
        header = ["bid", "points (at any score)"]
    else:
        header = ["bid", *(f"own score {cell(b['band'])}" for b in bands)]
    bids = data["bids"]
    assert isinstance(bids, list)
    rows = []
    for index, bid in enumerate(bids):
        rows.append([str(bid), *(cell(b["values"][index]) for b in bands)])
    return table(header, rows)


def _options_table(variant: Variant) -> str:
    rows = []
    for option in variant.options:
        values = ", ".join(
            f"**{cell(v)}** (default)" if v == option.default else cell(v) for v in option.values
        )
        where = citation_text(option.cite)
        if option.ambiguity:
            where = (where + "; " if where else "") + ambiguity_link(option.ambiguity)
        rows.append([f"`{option.name}`", option.kind, values, cell(option.summary), where])
    if not rows:
        return "This variant has no options.\n"
    return table(["option", "kind", "values", "what it decides", "source / ambiguity"], rows)


def _choices_detail(variant: Variant) -> str:
    parts = []
    for option in variant.options:
        items = "\n".join(
            f"    - `{choice.value}`{' (default)' if choice.value == option.default else ''}: "
            f"{choice.summary}"
            for choice in option.choices
        )
        parts.append(f'??? note "`{option.name}`: {cell(option.summary)}"\n{items}\n')
    return "\n".join(parts)


def _provenance_table(variant: Variant) -> str:
    """Every rule field as an HTML table whose rows the comparison matrix links to."""
    rows = []
    rules = load(variant.name)
    for field in ordered_fields():
        origin = provenance(variant, field)
        shown = show_value(field, origin.value, rules)
        if not applies(field, rules):
            shown = f"{DOES_NOT_APPLY} ({not_applicable_reason(field)})"
        if origin.setter == "source":
            setter = "the source"
        else:
            assert origin.option is not None
            setter = f"{origin.setter} option <code>{esc(origin.option.name)}</code>"
        links = ", ".join(
            f'<a href="ambiguities.html#{i}"><code>{esc(i)}</code></a>' for i in origin.ambiguities
        )
        rows.append(
            f'<tr id="rule-{field}"><td>{esc(field_label(field))}</td><td><code>{field}</code></td>'
            f"<td>{esc(shown)}</td><td>{setter}</td>"
            f"<td>{citation_text(origin.citation)}</td><td>{links}</td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>" for h in ("rule", "field", "value", "set by", "citation", "ambiguities")
    )
    body = "\n".join(rows)
    return (
        # Left out of the search index: the comparison page holds the same values.
        f'<div class="fh-provenance" data-search-exclude><table><thead><tr>{head}</tr></thead>\n'
        f"<tbody>\n{body}\n</tbody></table></div>\n"
    )


def _deal_text(pattern: tuple[int, ...]) -> str:
    if set(pattern) == {1}:
        return "one card at a time"
    return "in batches of " + "-".join(str(n) for n in pattern) + " cards"


def variant_page(variant: Variant, case_links: bool = True) -> str:
    """The full rules page of one variant, under its default options.

    ``case_links``: whether the worked examples link to the cases page (which
    must then be in the site).
    """
    rules = load(variant.name)
    data = describe(rules)
    definition = variant.definition
    out = [f"# {variant.name}: {cell(definition.title)}\n\n"]
    out.append(
        f"How to play {cell(definition.title)}, from {cell(source(definition.source).title)}: "
        "first for players, then the numbers, the options and where each rule comes from.\n\n"
    )
    out.append(glance_box(rules))
    out.append(how_to_play(rules, case_links))
    out.append(
        "## Tips from the table\n\n"
        "Advice the sources give players, in our words.\n\n" + tips(rules) + "\n"
    )
    out.append(try_it_section(rules))
    out.append(
        "## Worked hands\n\n"
        f"[Hands of {variant.name} played out]({hands_path(variant.name).removeprefix('rules/')}), "
        "each a case of the suite, with what to notice: "
        + "; ".join(hand_topics(variant.name))
        + ". And [a whole hand dealt and played card by card](worked-hand.md).\n\n"
        f"To keep score at the table, print the [score sheet of {variant.name}]"
        f"({sheet_path(variant.name).removeprefix('rules/')}).\n\n"
    )
    out.append(
        "## The rules in numbers\n\n"
        "The tables below are computed by calling the rule functions under the defaults.\n"
    )
    out.append("\n### Bid values\n\nPoints won when the bid is made, lost when it fails.\n\n")
    out.append(_values_table(data))
    out.append("\n### Minimum bids\n\n#### Your own minimum (from your own score)\n\n")
    own_rows = [
        {
            **row,
            "minimum": f"{row['minimum']}: above the largest bid, no legal bid (the game is stuck)"
            if _first_minimum(row) > rules.max_bid
            else row["minimum"],
        }
        for row in data["own_minimum_by_band"]
    ]
    out.append(_bands_table(own_rows, "minimum", "smallest legal bid"))
    if data["own_minimum_unbounded"]:
        out.append(
            "\nThe own minimum keeps rising by one per ten points: the last row's formula "
            "holds for every higher score.\n"
        )
    out.append(f"\nThe largest bid is {rules.max_bid}.\n")
    out.append(
        f"\n#### Table minimum (from the {cell(data['table_minimum_score'])}; counts "
        f"{cell(data['table_minimum_counts'])})\n\n"
    )
    out.append(_bands_table(data["table_minimum_by_band"], "minimum", "the four bids must reach"))
    stuck = no_legal_bid_from(rules)
    if stuck is not None:
        out.append(
            f"\nFrom {stuck} points a player's own minimum is above the largest bid: that "
            "player has no legal bid, and the game cannot go on whatever the table minimum.\n"
        )
    if data["table_minimum_unbounded"]:
        out.append(
            "\nThe table minimum keeps rising by one per ten points: the last row's formula "
            "holds for every higher score.\n"
        )
    if rules.dealer_may_throw_in:
        out.append("\nThe dealer may throw the hand in instead of bidding.\n")
    order = data["turn_order"]
    out.append(
        "\n### Turn order\n\n"
        f"- Bidding: {order['bidding']} from the dealer's right-hand neighbour\n"
        f"- Play: {order['play']}; the dealer's right-hand neighbour leads the first trick\n"
        f"- Deal: {_deal_text(rules.deal_pattern)}, starting on the dealer's right-hand neighbour\n"
    )
    out.append("\n### End of the game\n\n")
    out.extend(f"- {cell(line)}\n" for line in data["outcome"])
    aliases = ", ".join(f"`{a}`" for a in definition.aliases) or "none"
    out.append(
        "\n## For implementers\n\n"
        f"- **In brief:** {cell(definition.summary)}\n"
        f"- **Source:** {cell(source(definition.source).title)}\n"
        f"- **Aliases:** {aliases}\n"
        f"- **Variant string under the defaults:** `{rules}`\n"
        f"- **On the command line:** `fourhundred rules {variant.name}`\n"
    )
    if variant.options:
        first = variant.options[0]
        out.append(
            f"- **With an option:** `fourhundred rules '{variant.name}({first.name}={first.values[-1]})'`\n"
        )
    out.append(
        f"- **Its cases:** `fourhundred conformance export --variant {variant.name}` writes them; "
        "[the cases browser](../conformance/cases.md) shows them by kind.\n"
    )
    out.append("\n## Options and their defaults\n\n")
    out.append(
        "House options are rules the source offers as alternatives; readings are the "
        "interpretation switches of the [ambiguity register](ambiguities.md).\n\n"
    )
    out.append(_options_table(variant))
    out.append("\n" + _choices_detail(variant))
    out.append("\n## Every rule and where it comes from\n\n")
    out.append(_provenance_table(variant))
    out.append("\n## Deviations from the source\n\n")
    if definition.deviations:
        out.extend(f"- {cell(d)}\n" for d in definition.deviations)
    else:
        out.append("None: every rule is the source's, or a reading recorded in the register.\n")
    out.append(claims_section(variant.name, "../verification/claims.md"))
    if definition.disagreements:
        out.append("\n## Where other sources disagree\n\n")
        out.extend(f"- {ambiguity_link(i)}\n" for i in definition.disagreements)
    entries = [e for e in REGISTER if variant.name in e.defaults]
    out.append(f"\n## Ambiguities that apply ({len(entries)})\n\n")
    rows = []
    for entry in entries:
        default = entry.defaults[variant.name]
        rows.append(
            [ambiguity_link(entry.id), cell(entry.title), entry.kind, f"`{default.reading}`"]
        )
    out.append(table(["entry", "question", "kind", "default reading"], rows))
    out.append(
        "\n" + generated_banner("`fourhundred.spec` (registry, rule functions and `describe`)")
    )
    return "".join(out)


def index_page() -> str:
    """The list of variants, linking every rules page."""
    out = ["# The variants\n\n", generated_banner("the variant registry")]
    out.append(
        "Each variant is one rules source read as carefully as it allows. Where a source is "
        "silent or contradicts itself, the variant takes a default reading and offers the "
        "others as options; see the [ambiguity register](ambiguities.md) and the "
        "[comparison](comparison.md).\n\n"
    )
    rows = []
    for variant in variants():
        d = variant.definition
        rows.append(
            [
                f"[{variant.name}]({variant.name}.md)",
                cell(d.title),
                ", ".join(f"`{a}`" for a in d.aliases),
                str(len(variant.options)),
                cell(d.summary),
            ]
        )
    out.append(table(["variant", "title", "aliases", "options", "in brief"], rows))
    out.append(
        "\n![Bid value against bid for every variant](bid-values.svg)\n\n"
        "*Bid value against bid, every variant under its defaults (generated from the spec).*\n"
    )
    return "".join(out)


def variant_names() -> list[str]:
    """The variants with a rules page, in registry order."""
    return [variant.name for variant in variants()]


def all_pages(case_links: bool = True) -> dict[str, str]:
    """Every rules page, by its path in the site sources (``case_links``: see :func:`variant_page`)."""
    pages = {"rules/index.md": index_page()}
    for variant in variants():
        pages[page_path(variant.name)] = variant_page(variant, case_links)
    return pages
