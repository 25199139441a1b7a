"""Where every rule of every variant comes from: the source, a house option, or a reading.

The registry guarantees that each rule field of :class:`~fourhundred.spec.model.Rules`
is set exactly once per variant: fixed by the source (with a citation), or by one
option. This module answers, for one variant and one field, what the value is
under the defaults, who sets it, which citation backs it and which entries of
the ambiguity register concern it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fourhundred.spec.ambiguities import REGISTER
from fourhundred.spec.definitions import Citation, Option
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import RULE_FIELDS, Variant, load

#: Register entries without an option switch, and the rule fields they bear on.
#: (Entries with a switch are linked through the fields their readings set.)
#: ``tests/test_docs_site.py`` checks every id and field here exists.
RELATED_FIELDS: dict[str, tuple[str, ...]] = {
    "big-bid-values": ("values",),
    "negative-scores": ("own_min_rises", "table_min_rises"),
    "throw-in": ("dealer_may_throw_in", "table_comparison"),
    "raised-target-end": ("both_qualify", "raise_trigger"),
    "pagat-option-scope": ("target", "table_min_rises"),
    "maximum-bid-41": ("max_bid",),
    "qahwa-faq-big-bids": ("values", "thirteen"),
}

#: Register entries that bear on the game as a whole rather than on one rule field.
GENERAL_ENTRIES = ("first-dealer", "dealer-rotation", "score-basis", "leading-hearts")

#: Plain-English names of the rule fields, in the order the docs show them.
FIELD_LABELS: dict[str, str] = {
    "bidding_order": "Bidding direction",
    "play_order": "Direction of play",
    "deal_pattern": "Deal pattern (cards per batch)",
    "min_bid": "Smallest bid",
    "own_min_rises": "Own minimum rises with own score",
    "own_min_cap": "Own minimum stops at",
    "max_bid": "Largest bid",
    "table_min_base": "Table minimum before anyone has 30 (house switch where offered)",
    "table_min_rises": "Table minimum rises with the scores",
    "table_min_cap": "Table minimum stops at",
    "table_min_scores": "Whose score sets the table minimum",
    "table_measure": "Table minimum counts",
    "table_comparison": "Bid total must be",
    "total_switch": "How the switch combines with the rise",
    "dealer_may_throw_in": "Dealer may throw in",
    "values": "Bid values (bid=points)",
    "reduced_values": "Reduced values from 30 points",
    "reduced_scope": "Whose score reduces the values",
    "value_scale": "Value scale",
    "eleven_plus_fifty": "Any bid of 11+ scores 50",
    "eleven_plus_thirteen": "13 under the 11+ = 50 rule",
    "thirteen": "What a bid of 13 does",
    "thirteen_win": "A made 13 wins",
    "thirteen_conflict": "Two deciding 13s in one hand",
    "thirteen_precedence": "A deciding 13 against a result by points",
    "target": "Target score",
    "win_measure": "Win measured on",
    "partner_condition": "Partner must be",
    "both_qualify": "Both teams qualify together",
    "both_qualify_by": "Both qualify: compared on",
    "total_tie": "Equal team totals",
    "raise_trigger": "Raised target triggered when both",
    "turn_time_limit": "Turn time limit (seconds)",
}

_AMBIGUITY_MENTION = re.compile(r"ambiguity ([a-z0-9]+(?:-[a-z0-9]+)*)")
_KNOWN_IDS = frozenset(entry.id for entry in REGISTER)


@dataclass(frozen=True)
class Provenance:
    """The value of one rule field in one variant (defaults) and where it comes from."""

    field: str
    value: object
    setter: str  # "source", "house" or "reading"
    citation: Citation | None
    option: Option | None
    ambiguities: tuple[str, ...]


def field_label(field: str) -> str:
    """The plain-English name of a rule field (the field name if none is known)."""
    return FIELD_LABELS.get(field, field.replace("_", " "))


def ordered_fields() -> tuple[str, ...]:
    """Every rule field: those with a label in label order, then any new ones."""
    known = [f for f in FIELD_LABELS if f in RULE_FIELDS]
    return (*known, *(f for f in RULE_FIELDS if f not in FIELD_LABELS))


def show_value(field: str, value: object, rules: Rules | None = None) -> str:
    """A rule value in words and numbers, as the tables show it.

    With the variant's ``rules``, a table entry for a bid that decides the game
    (whose number is never scored) is shown as such.
    """
    if field == "deal_pattern" and isinstance(value, tuple) and set(value) == {1}:
        return "one card at a time"
    if field == "values" and rules is not None and isinstance(value, tuple):
        return ", ".join(_value_entry(rules, bid, points) for bid, points in value)
    if value is None:
        return "no limit" if field.endswith("_cap") else "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(item, tuple) and len(item) == 2 for item in value):
            return ", ".join(f"{bid}={points}" for bid, points in value)
        return "-".join(str(item) for item in value)
    return str(value).replace("_", " ")


def _value_entry(rules: Rules, bid: int, points: int) -> str:
    if not rules.is_special_bid(bid):
        return f"{bid}={points}"
    if rules.thirteen == "win_or_lose_points":
        return f"{bid}=wins the game (failed: -{points})"
    return f"{bid}=wins or loses the game"


def mentioned_ambiguities(text: str) -> tuple[str, ...]:
    """Register ids named in a citation's paraphrase ("... (ambiguity maximum-bid-41)")."""
    return tuple(m for m in _AMBIGUITY_MENTION.findall(text) if m in _KNOWN_IDS)


def _option_setting(variant: Variant, field: str) -> Option | None:
    for option in variant.options:
        if any(name == field for choice in option.choices for name, _ in choice.assigns):
            return option
    return None


def related_entries(variant_name: str, field: str) -> tuple[str, ...]:
    """Register entries without a switch that concern this field of this variant."""
    return tuple(
        entry.id
        for entry in REGISTER
        if variant_name in entry.defaults and field in RELATED_FIELDS.get(entry.id, ())
    )


def provenance(variant: Variant, field: str) -> Provenance:
    """Value (under the variant's defaults) and origin of one rule field."""
    rules = load(variant.name)
    value = getattr(rules, field)
    fixed = variant.definition.fixed.get(field)
    ids: list[str] = []
    citation: Citation | None
    if fixed is not None:
        ids.extend(mentioned_ambiguities(fixed.cite.says))
        setter, citation, option = "source", fixed.cite, None
    else:
        option = _option_setting(variant, field)
        if option is None:
            raise AssertionError(f"{variant.name}: nothing sets {field}")
        setter, citation = option.kind, option.cite
        if option.ambiguity:
            ids.append(option.ambiguity)
    ids.extend(related_entries(variant.name, field))
    unique = tuple(dict.fromkeys(ids))
    return Provenance(field, value, setter, citation, option, unique)
