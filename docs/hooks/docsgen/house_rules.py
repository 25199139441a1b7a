"""The house-rules page's generated parts: the knobs, and common tables with how far each
departs from the nearest source.

The knobs come from :data:`fourhundred.spec.house.KNOBS` (their grammar, as the
``error:`` lines list it); the tables from :data:`fourhundred.spec.house.EXAMPLES`.
How far a table departs is measured with the comparison matrix's machinery
(:mod:`.provenance` for the labels and values, :mod:`.applicability` for whether a
rule says anything): against every source rule set (each variant under its
defaults and under every single option or reading), the rules that apply to
either and differ, and the nearest is the one with the fewest.
"""

from __future__ import annotations

from collections.abc import Sequence

from fourhundred.spec import house
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import RULE_FIELDS, all_readings, load, names

from .applicability import applies
from .md import esc, table
from .provenance import field_label, show_value


def knob_table() -> str:
    """Every knob: its name, allowed values, and the rule it sets."""
    rows = []
    for knob in house.KNOBS:
        new = [
            f"`{value}`: {meaning}"
            for (field, value), meaning in house.HOUSE_VALUES.items()
            if field in knob.fields
        ]
        what = field_label(knob.fields[0]) if knob.summary.startswith("sets ") else knob.summary
        extra = f" Values no source has: {'; '.join(new)}." if new else ""
        rows.append((f"`{knob.name}`", esc(knob.allowed), f"{esc(what)}.{extra}"))
    return table(("knob", "allowed values", "what it sets"), rows)


def departures(rules: Rules, source: Rules) -> list[str]:
    """The rules (fields) that apply to either rule set and differ between them."""
    return [
        field
        for field in RULE_FIELDS
        if (applies(field, rules) or applies(field, source))
        and getattr(rules, field) != getattr(source, field)
    ]


def nearest_source(rules: Rules) -> tuple[Rules, list[str]]:
    """The source rule set with the fewest departures, and those departures."""
    candidates: Sequence[Rules] = [r for name in names() for r in all_readings(name)]
    best = min(candidates, key=lambda source: len(departures(rules, source)))
    return best, departures(rules, best)


def _changed_rows(field: str, rules: Rules, source: Rules) -> str:
    """A value table's departure: only the bids whose value changed."""
    old, new = dict(getattr(source, field)), dict(getattr(rules, field))
    changed = [b for b in sorted(set(old) | set(new)) if old.get(b) != new.get(b)]
    if not new:
        return f"{', '.join(f'{b}={v}' for b, v in sorted(old.items()))} → none"
    return ", ".join(f"{b}={old.get(b, '-')} → {new.get(b, '-')}" for b in changed)


def _departure_text(rules: Rules, source: Rules, fields: Sequence[str]) -> str:
    parts = []
    for f in fields:
        if f in ("values", "reduced_values"):
            parts.append(f"{esc(field_label(f))}: {esc(_changed_rows(f, rules, source))}")
            continue
        parts.append(
            f"{esc(field_label(f))}: {esc(show_value(f, getattr(source, f), source))} → "
            f"{esc(show_value(f, getattr(rules, f), rules))}"
        )
    return "; ".join(parts)


def examples_table() -> str:
    """The common tables, each as one string, and how far each departs from the nearest source."""
    rows = []
    for example in house.EXAMPLES:
        rules = load(example.text)
        source, fields = nearest_source(rules)
        count = f"{len(fields)} rule{'s' if len(fields) != 1 else ''}"
        rows.append(
            (
                esc(example.summary),
                f"`{example.text}`<br>canonical: `{rules}`",
                f"{count} from `{source}`: {_departure_text(rules, source, fields)}",
            )
        )
    return table(("table", "variant string", "departs from the nearest source"), rows)
