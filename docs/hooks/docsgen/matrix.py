"""The variant comparison matrix: every rule down the side, every variant across.

Two tables of rule parameters (those that differ between the variants, then
those every variant shares) and one of the numbers the rules compute (bid
values, minimums). A rule that does not apply to a variant (a cap on a
minimum that never rises, what a made 13 wins where 13 is an ordinary bid)
reads "does not apply" (:mod:`.applicability` decides, from the rules).
Citations are footnotes: each cell carries the number of the source
statement behind it, and each statement is printed once, under the table,
with a link to the variant page's row that quotes it, the source's own page
and the register entries that concern it. Cells with the same value share a
colour, so agreement is visible at a glance.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from fourhundred.spec.ambiguities import entry as register_entry
from fourhundred.spec.describe import value_text
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import Variant, load, variants

from .applicability import DOES_NOT_APPLY, applies, not_applicable_reason
from .howto import has_no_legal_bid
from .md import esc, generated_banner
from .provenance import Provenance, field_label, ordered_fields, provenance, show_value
from .register_page import KIND_MEANING
from .sources_links import source_link_html

#: Scores at which the computed rows are sampled.
MINIMUM_SCORES = (0, 30, 40, 50, 60, 140)
VALUE_SCORES = (0, 30)


def provenance_anchor(field_name: str) -> str:
    """The id of a field's row in a variant page's provenance table."""
    return f"rule-{field_name}"


@dataclass(frozen=True)
class Cell:
    """One cell: what it says, whether the rule applies, and the rule field behind it."""

    text: str
    field: str
    applies: bool = True
    reason: str = ""


@dataclass
class Footnotes:
    """The citations of one page, numbered in order of first use, each printed once."""

    numbers: dict[tuple[str, str], int] = field(default_factory=dict)
    printed: int = 0

    def mark(self, variant: Variant, field_name: str) -> str:
        """The footnote mark for the statement behind one field of one variant."""
        key = (variant.name, field_name)
        number = self.numbers.setdefault(key, len(self.numbers) + 1)
        title = esc(_citation_title(variant, field_name))
        return f'<a class="fh-cite" href="#cite-{number}" title="{title}">[{number}]</a>'

    def flush(self) -> str:
        """The footnotes first used since the last flush, as a list under a table."""
        new = [(key, n) for key, n in self.numbers.items() if n > self.printed]
        if not new:
            return ""
        self.printed = max(n for _, n in new)
        items = "\n".join(_footnote(n, *key) for key, n in new)
        return (
            f'<details class="fh-footnotes"><summary>The {len(new)} citations of this table '
            "(each cell's number; hover over it to read its citation)</summary>\n"
            f"<ol>\n{items}\n</ol></details>\n\n"
        )


def _citation_title(variant: Variant, field_name: str) -> str:
    """The citation behind a cell as plain text, for the mark's tooltip."""
    origin = provenance(variant, field_name)
    cite = origin.citation
    if origin.setter != "source" and origin.option is not None:
        kind = "house option" if origin.setter == "house" else "reading"
        said = f"{kind} {origin.option.name}"
        return said + (f" ({cite.source} §{cite.section}: {cite.says})" if cite else "")
    if cite is None:
        return "the source"
    return f"{cite.source} §{cite.section}" + (f": {cite.says}" if cite.says else "")


def _footnote(number: int, variant_name: str, field_name: str) -> str:
    variant = next(v for v in variants() if v.name == variant_name)
    origin = provenance(variant, field_name)
    return (
        f'<li value="{number}" id="cite-{number}"><strong>{esc(variant_name)}</strong>, '
        f"{esc(field_label(field_name))}: {_origin_text(variant, origin)}</li>"
    )


def _origin_text(variant: Variant, origin: Provenance) -> str:
    cite = origin.citation
    row = f"{variant.name}.html#{provenance_anchor(origin.field)}"
    if origin.setter == "source" and cite is not None:
        said = f": {esc(cite.says)}" if cite.says else ""
        text = f'<a href="{row}">{esc(cite.source)} §{esc(cite.section)}</a>{said}'
        text += source_link_html(cite.source)
    elif origin.option is not None:
        kind = "house option" if origin.setter == "house" else "reading"
        text = f'<a href="{row}">{kind} <code>{esc(origin.option.name)}</code></a>'
        if origin.option.ambiguity is not None:
            entry_kind = register_entry(origin.option.ambiguity).kind
            text += f" ({esc(KIND_MEANING.get(entry_kind, entry_kind))})"
        if cite is not None:
            text += f" ({esc(cite.source)} §{esc(cite.section)}: {esc(cite.says)})"
            text += source_link_html(cite.source)
    else:
        text = f'<a href="{row}">the source</a>'
    register = " ".join(
        f'<a class="fh-amb" href="ambiguities.html#{i}" title="ambiguity register: {i}">{i}</a>'
        for i in origin.ambiguities
    )
    return text + (f" · register: {register}" if register else "")


def _shade(values: Sequence[str]) -> list[str]:
    """A class per cell: the same class for equal values, most common value first."""
    ranking = [v for v, _ in Counter(values).most_common()]
    return [f"fh-v{min(ranking.index(v), 4)}" for v in values]


def _header(all_variants: Sequence[Variant]) -> str:
    cols = "".join(f'<th><a href="{v.name}.html">{esc(v.name)}</a></th>' for v in all_variants)
    return f"<thead><tr><th>rule</th>{cols}</tr></thead>"


def _td(variant: Variant, cell: Cell, shade: str, notes: Footnotes) -> str:
    if not cell.applies:
        return (
            f'<td class="fh-na" title="{esc(cell.reason)}"><span class="fh-value">'
            f"{DOES_NOT_APPLY}</span></td>"
        )
    return (
        f'<td class="{shade}"><span class="fh-value">{esc(cell.text)}</span> '
        f"{notes.mark(variant, cell.field)}</td>"
    )


def _row(
    head: str,
    all_variants: Sequence[Variant],
    cells: Sequence[Cell],
    notes: Footnotes,
    row_id: str = "",
) -> str:
    """One row: the value per variant, shaded by value where they differ, with its footnote."""
    shown = [c.text if c.applies else DOES_NOT_APPLY for c in cells]
    differs = len(set(shown)) > 1
    shades = _shade(shown) if differs else ["fh-same"] * len(shown)
    tds = "".join(
        _td(v, c, shade, notes) for v, c, shade in zip(all_variants, cells, shades, strict=True)
    )
    row_class = "fh-differs" if differs else "fh-shared"
    row_attributes = f' id="{row_id}"' if row_id else ""
    return f'<tr class="{row_class}"{row_attributes}><th scope="row">{head}</th>{tds}</tr>'


def parameter_cell(variant: Variant, field_name: str) -> Cell:
    """A rule parameter of one variant under its defaults, or "does not apply"."""
    rules = load(variant.name)
    origin = provenance(variant, field_name)
    if not applies(field_name, rules):
        return Cell(DOES_NOT_APPLY, field_name, False, not_applicable_reason(field_name))
    return Cell(show_value(field_name, origin.value, rules), field_name)


def _parameter_rows(
    all_variants: Sequence[Variant], differing: bool
) -> list[tuple[str, str, list[Cell]]]:
    rows = []
    for field_name in ordered_fields():
        cells = [parameter_cell(v, field_name) for v in all_variants]
        shown = {c.text for c in cells}
        if (len(shown) > 1) != differing:
            continue
        head = f"{esc(field_label(field_name))}<br><code>{field_name}</code>"
        rows.append((head, f"row-{field_name}", cells))
    return rows


def own_minimum_cell(rules: Rules, score: int) -> Cell:
    """The own minimum at a score, citing the base or the rise, and saying when no bid is legal."""
    minimum = int(rules.own_minimum_bid(score))
    risen = minimum != rules.min_bid
    source_field = "own_min_rises" if risen else "min_bid"
    if has_no_legal_bid(rules, score):
        text = (
            f"{minimum}: above the largest bid ({rules.max_bid}), so no legal bid "
            "(the game is stuck)"
        )
        return Cell(text, source_field)
    return Cell(str(minimum), source_field)


def table_minimum_cell(rules: Rules, score: int) -> Cell:
    """The table minimum with one player on a score, citing the base or the rise."""
    unit = "tricks" if rules.table_measure == "tricks" else "points"
    scores = [score, 0, 0, 0]
    minimum = int(rules.table_minimum(scores))
    at_zero = int(rules.table_minimum([0, 0, 0, 0]))
    source_field = "table_min_rises" if minimum != at_zero else "table_min_base"
    text = f"{minimum} {unit}"
    if has_no_legal_bid(rules, score):
        text += f"; the player on {score} has no legal bid (the game is stuck)"
    return Cell(text, source_field)


def bid_cell(rules: Rules, bid: int, score: int) -> Cell:
    """The value of a bid at an own score, citing the rule that sets it."""
    if not rules.min_bid <= bid <= rules.max_bid:
        return Cell("not a bid", "max_bid" if bid > rules.max_bid else "min_bid")
    if not rules.bid_is_legal(bid, score):
        return Cell("below minimum", "own_min_rises")
    source_field = "values"
    if rules.value_scale != "table":
        source_field = "value_scale"
    elif rules.is_special_bid(bid):
        source_field = "thirteen"
    elif rules.eleven_plus_fifty and bid >= 11:
        source_field = "eleven_plus_fifty"
    elif rules.bid_value(bid, score, score) != rules.bid_value(bid, 0, 0):
        source_field = "reduced_values"
    return Cell(str(value_text(rules, bid, score, score)), source_field)


def _computed_samples() -> Iterator[tuple[str, Callable[[Rules], Cell]]]:
    """The computed rows in order: label and the cell."""
    for score in MINIMUM_SCORES:
        yield (
            f"Own minimum bid at own score {score}",
            functools.partial(own_minimum_cell, score=score),
        )
    for score in MINIMUM_SCORES:
        yield (
            f"Table minimum, one player on {score} (the others on 0)",
            functools.partial(table_minimum_cell, score=score),
        )
    for score in VALUE_SCORES:
        for bid in range(1, 14):
            yield (
                f"Bid {bid}, own score {score}",
                functools.partial(bid_cell, bid=bid, score=score),
            )


def _computed_rows(all_variants: Sequence[Variant]) -> list[tuple[str, str, list[Cell]]]:
    return [
        (esc(label), "", [compute(load(v.name)) for v in all_variants])
        for label, compute in _computed_samples()
    ]


def _table(
    all_variants: Sequence[Variant], rows: list[tuple[str, str, list[Cell]]], notes: Footnotes
) -> str:
    body = "\n".join(_row(head, all_variants, cells, notes, row_id) for head, row_id, cells in rows)
    return (
        f'<div class="fh-matrix"><table>{_header(all_variants)}\n<tbody>\n{body}\n'
        "</tbody></table></div>\n\n" + notes.flush()
    )


def comparison_page() -> str:
    """The comparison page."""
    all_variants = variants()
    notes = Footnotes()
    differing = _parameter_rows(all_variants, differing=True)
    shared = _parameter_rows(all_variants, differing=False)
    out = [
        "---\nhide:\n  - navigation\n  - toc\n---\n\n# Comparing the variants\n\n",
        generated_banner("the variant registry and rule functions"),
    ]
    out.append(
        f"Every rule parameter of the specification down the side, the {len(all_variants)} "
        "variants across, each under its default options. Within a row, cells with the same "
        "value have the same colour; the most common value is uncoloured. A rule that does "
        f"not apply to a variant (it depends on a rule the variant does not have) reads "
        f"*{DOES_NOT_APPLY}*; hover over it for the reason. The number after each value is "
        "its citation (hover over it to read it), listed once in the folded list under "
        "the table: the source section and what it says "
        "(it opens the variant page's row), a link to the source's own page where there is "
        "one, and the entries of the [ambiguity register](ambiguities.md) that concern it.\n\n"
        f"{len(differing)} rules differ between the variants and {len(shared)} are shared.\n\n"
    )
    out.append(
        '<p class="fh-legend"><span class="fh-v0">most common</span> '
        '<span class="fh-v1">second value</span> <span class="fh-v2">third value</span> '
        '<span class="fh-v3">fourth</span> <span class="fh-v4">fifth</span> '
        f'<span class="fh-na">{DOES_NOT_APPLY}</span></p>\n\n'
    )
    out.append("## Rules that differ\n\n")
    out.append(_table(all_variants, differing, notes))
    out.append("## What the rules compute\n\n")
    out.append(
        "The same rules, evaluated: own and table minimums at sample scores, and the value of "
        "every bid at an own score below 30 and at 30. A deciding 13 shows what it decides. "
        "Where the own minimum passes the largest bid, that player has no legal bid and the "
        "game cannot go on.\n\n"
    )
    out.append(_table(all_variants, _computed_rows(all_variants), notes))
    out.append("## Rules every variant shares\n\n")
    out.append(_table(all_variants, shared, notes))
    out.append(
        "## Picture\n\n![Bid value against bid for every variant](bid-values.svg)\n\n"
        "*Bid value against bid (generated from the spec). Dashed: the values once the bidder "
        "has 30 points, where they change.*\n"
    )
    return "".join(out)
