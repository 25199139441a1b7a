"""The variant comparison matrix: every rule down the side, every variant across.

Two tables of rule parameters (those that differ between the variants, then
those every variant shares) and one of the numbers the rules compute (bid
values, minimums). Every cell links to the citation behind it (the row of the
variant page that cites the source) and to the register entries that concern
it. Cells with the same value share a colour, so agreement is visible at a
glance.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from fourhundred.spec.describe import value_text
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import Variant, load, variants

from .md import esc, generated_banner
from .provenance import Provenance, field_label, ordered_fields, provenance, show_value

#: Scores at which the computed rows are sampled.
MINIMUM_SCORES = (0, 30, 40, 50, 60, 140)
VALUE_SCORES = (0, 30)


def provenance_anchor(field: str) -> str:
    """The id of a field's row in a variant page's provenance table."""
    return f"rule-{field}"


def _links(variant: Variant, origin: Provenance) -> str:
    parts = []
    cite = origin.citation
    if origin.setter == "source" and cite is not None:
        label = f"{cite.source} §{cite.section}"
    elif origin.option is not None:
        label = f"{origin.setter} option {origin.option.name}"
    else:
        label = "source"
    title = f"{cite.source} §{cite.section}: {cite.says}" if cite is not None else label
    parts.append(
        f'<a class="fh-cite" href="{variant.name}.html#{provenance_anchor(origin.field)}" '
        f'title="{esc(title)}">{esc(label)}</a>'
    )
    parts.extend(
        f'<a class="fh-amb" href="ambiguities.html#{i}" title="ambiguity register: {i}">{i}</a>'
        for i in origin.ambiguities
    )
    return "<br>".join(parts)


def _shade(values: Sequence[str]) -> list[str]:
    """A class per cell: the same class for equal values, most common value first."""
    ranking = [v for v, _ in Counter(values).most_common()]
    return [f"fh-v{min(ranking.index(v), 4)}" for v in values]


def _header(all_variants: Sequence[Variant]) -> str:
    cols = "".join(f'<th><a href="{v.name}.html">{esc(v.name)}</a></th>' for v in all_variants)
    return f"<thead><tr><th>rule</th>{cols}</tr></thead>"


def _row(
    head: str,
    all_variants: Sequence[Variant],
    shown: Sequence[str],
    origins: Sequence[Provenance],
    row_id: str = "",
) -> str:
    """One row: the value per variant, shaded by value where they differ, and its links."""
    differs = len(set(shown)) > 1
    shades = _shade(shown) if differs else ["fh-same"] * len(shown)
    cells = "".join(
        f'<td class="{shade}"><span class="fh-value">{esc(text)}</span>'
        f'<span class="fh-links">{_links(v, o)}</span></td>'
        for v, o, text, shade in zip(all_variants, origins, shown, shades, strict=True)
    )
    row_class = "fh-differs" if differs else "fh-shared"
    row_attributes = f' id="{row_id}"' if row_id else ""
    return f'<tr class="{row_class}"{row_attributes}><th scope="row">{head}</th>{cells}</tr>'


def _parameter_rows(all_variants: Sequence[Variant], differing: bool) -> list[str]:
    readings = [load(v.name) for v in all_variants]
    rows = []
    for field in ordered_fields():
        origins = [provenance(v, field) for v in all_variants]
        shown = [show_value(field, o.value, r) for o, r in zip(origins, readings, strict=True)]
        if (len(set(shown)) > 1) != differing:
            continue
        head = f"{esc(field_label(field))}<br><code>{field}</code>"
        rows.append(_row(head, all_variants, shown, origins, row_id=f"row-{field}"))
    return rows


def _computed_row(
    label: str,
    field: str,
    all_variants: Sequence[Variant],
    compute: Callable[[Rules], str],
) -> str:
    shown = [compute(load(v.name)) for v in all_variants]
    origins = [provenance(v, field) for v in all_variants]
    return _row(esc(label), all_variants, shown, origins)


def _bid_cell(rules: Rules, bid: int, score: int) -> str:
    if not rules.min_bid <= bid <= rules.max_bid:
        return "not a bid"
    if not rules.bid_is_legal(bid, score):
        return "below minimum"
    return str(value_text(rules, bid, score, score))


def _own_minimum_cell(rules: Rules, score: int) -> str:
    return str(rules.own_minimum_bid(score))


def _table_minimum_cell(rules: Rules, score: int) -> str:
    unit = "tricks" if rules.table_measure == "tricks" else "points"
    return f"{rules.table_minimum([score, 0, 0, 0])} {unit}"


def _computed_samples() -> Iterator[tuple[str, str, Callable[[Rules], str]]]:
    """The computed rows in order: label, the rule field they sample, and the cell."""
    for score in MINIMUM_SCORES:
        yield (
            f"Own minimum bid at own score {score}",
            "own_min_rises",
            functools.partial(_own_minimum_cell, score=score),
        )
    for score in MINIMUM_SCORES:
        yield (
            f"Table minimum, one player on {score} (the others on 0)",
            "table_min_rises",
            functools.partial(_table_minimum_cell, score=score),
        )
    for score in VALUE_SCORES:
        for bid in range(1, 14):
            yield (
                f"Bid {bid}, own score {score}",
                "values",
                functools.partial(_bid_cell, bid=bid, score=score),
            )


def _computed_rows(all_variants: Sequence[Variant]) -> list[str]:
    return [
        _computed_row(label, field, all_variants, compute)
        for label, field, compute in _computed_samples()
    ]


def _table(all_variants: Sequence[Variant], rows: list[str]) -> str:
    body = "\n".join(rows)
    return (
        f'<div class="fh-matrix"><table>{_header(all_variants)}\n<tbody>\n{body}\n'
        "</tbody></table></div>\n\n"
    )


def comparison_page() -> str:
    """The comparison page."""
    all_variants = variants()
    differing = _parameter_rows(all_variants, differing=True)
    shared = _parameter_rows(all_variants, differing=False)
    out = [
        "---\nhide:\n  - navigation\n  - toc\n---\n\n# Comparing the variants\n\n",
        generated_banner("the variant registry and rule functions"),
    ]
    out.append(
        f"Every rule parameter of the specification down the side, the {len(all_variants)} "
        "variants across, each under its default options. Within a row, cells with the same "
        "value have the same colour; the most common value is uncoloured. Under each value: "
        "the citation behind it (it opens the variant page's row, which quotes the source "
        "section) and the entries of the [ambiguity register](ambiguities.md) that concern it.\n\n"
        f"{len(differing)} rules differ between the variants and {len(shared)} are shared.\n\n"
    )
    out.append(
        '<p class="fh-legend"><span class="fh-v0">most common</span> '
        '<span class="fh-v1">second value</span> <span class="fh-v2">third value</span> '
        '<span class="fh-v3">fourth</span> <span class="fh-v4">fifth</span></p>\n\n'
    )
    out.append("## Rules that differ\n\n")
    out.append(_table(all_variants, differing))
    out.append("## What the rules compute\n\n")
    out.append(
        "The same rules, evaluated: own and table minimums at sample scores, and the value of "
        "every bid at an own score below 30 and at 30. A deciding 13 shows what it decides.\n\n"
    )
    out.append(_table(all_variants, _computed_rows(all_variants)))
    out.append("## Rules every variant shares\n\n")
    out.append(_table(all_variants, shared))
    out.append(
        "## Picture\n\n![Bid value against bid for every variant](bid-values.svg)\n\n"
        "*Bid value against bid (generated from the spec). Dashed: the values once the bidder "
        "has 30 points, where they change.*\n"
    )
    return "".join(out)
