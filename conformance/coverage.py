"""Which rule sets (variant readings) the suite covers, and what each case cites.

The suite covers every variant under its defaults, under every single
non-default option value (house options and ambiguity readings), under the
house-rules tables of :data:`fourhundred.spec.house.EXAMPLES`, and under
the few combinations where a reading only matters beside a house option
(qahwa's 13 readings need the classic table; its ``total_switch`` needs the
table-minimum switch at 12 or 13; ...). A non-default rule set contributes the
cases where its answer departs from the answer of its *base* (the rule set it
modifies), so each reading is tested exactly where it makes a difference.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.kinds import kind as kind_registry
from fourhundred.spec import ambiguities, house, sources
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import Variant, build, get, names

#: Combinations of options where a reading only matters beside another option.
COMBINATIONS: Mapping[str, tuple[dict[str, str], ...]] = {
    "qahwa-400": (
        {"table": "classic", "thirteen_win": "needs_partner"},
        {"table": "classic", "thirteen_conflict": "first_bid"},
        {"table": "classic", "thirteen_precedence": "points_first"},
        {"total": "12", "total_switch": "offset"},
        {"total": "12", "total_switch": "fixed"},
        {"total": "13", "total_switch": "offset"},
        {"total": "13", "total_switch": "fixed"},
    ),
    "medallon-400": (
        {"thirteen_fail": "lose_game", "thirteen_conflict": "first_bid"},
        {"thirteen_fail": "lose_game", "thirteen_precedence": "points_first"},
        {"win_measure": "player", "partner_condition": "non_negative"},
        {"both_qualify": "raise_target", "win_measure": "player"},
        {"own_min_cap": "13", "table_min_cap": "52"},
    ),
    "pagat-41": ({"total12": "on", "table_measure": "tricks"},),
    "pagat-400": (
        {"eleven_plus_50": "on", "eleven_plus_13": "scores_50"},
        {"total12": "on", "table_measure": "tricks"},
        {"rising_min": "on", "total12": "on"},
    ),
    "arab3meyeh-400": (
        {"raise_trigger": "reached", "partner_condition": "non_negative"},
        {"table_comparison": "exactly", "table_min_cap": "14"},
        {"own_min_cap": "13", "table_min_cap": "52"},
    ),
}


@dataclass(frozen=True)
class RuleSet:
    """A variant under some options, and the rule set it departs from (None: defaults)."""

    rules: Rules
    base: Rules | None
    chosen: tuple[tuple[str, str], ...]

    @property
    def variant(self) -> str:
        return str(self.rules)


def rule_sets(variant_name: str) -> list[RuleSet]:
    """The defaults, every single option value, and the listed combinations."""
    variant = get(variant_name)
    default = build(variant, {})
    result = [RuleSet(default, None, ())]
    for option in variant.options:
        for value in option.values:
            if value != option.default:
                result.append(
                    RuleSet(build(variant, {option.name: value}), default, ((option.name, value),))
                )
    for combination in COMBINATIONS.get(variant.name, ()):
        items = list(combination.items())
        base = build(variant, dict(items[:1]))
        result.append(RuleSet(build(variant, combination), base, tuple(items)))
    for rules in house_rule_sets(variant.name):
        base = build(variant, dict(rules.options))
        result.append(RuleSet(rules, base, (*rules.options, *rules.house)))
    return result


def house_rule_sets(variant_name: str) -> list[Rules]:
    """The house-rules tables of :data:`fourhundred.spec.house.EXAMPLES` on this variant:
    the suite covers them like options (each departs from the variant under its
    source options), so an engine declaring one exactly gets their cases."""
    from fourhundred.spec.house import EXAMPLES
    from fourhundred.spec.registry import load

    return [
        rules
        for rules in (load(example.text) for example in EXAMPLES)
        if rules.variant == variant_name
    ]


def all_rule_sets() -> list[RuleSet]:
    """Rule sets of every variant, in registry order."""
    return [rule_set for name in names() for rule_set in rule_sets(name)]


def _option_citations(variant: Variant, field: str) -> list[str]:
    found = []
    for option in variant.options:
        assigned = {name for choice in option.choices for name, _ in choice.assigns}
        if field not in assigned:
            continue
        if option.cite is not None:
            found.append(str(option.cite))
        if option.ambiguity is not None:
            entry = ambiguities.entry(option.ambiguity)
            found.extend(str(c) for c in entry.sources if c.source == variant.definition.source)
    return found


def rule_references(variant_name: str, kind: str, rules: Rules | None = None) -> list[str]:
    """The source sections (``source §Section``) a case of this kind cites; under house
    rules (``rules``), not those of the fields the house rules set (no source says
    them: the variant string says so), and the source's first section when no other
    is left."""
    variant = get(variant_name)
    entry = kind_registry(kind)
    source = sources.source(variant.definition.source)
    if entry.section is not None:
        return [str(source.cite(entry.section(source)))]
    house_fields = {} if rules is None else house.fields_of(rules)
    found: list[str] = []
    for field in entry.cites:
        if field in house_fields:
            continue
        fixed = variant.definition.fixed.get(field)
        if fixed is not None:
            found.append(str(fixed.cite))
        else:
            found.extend(_option_citations(variant, field))
    return _unique(found) or [str(source.cite(source.sections[0]))]


def ambiguity_references(
    rules: Rules, kind: str, extra: Iterable[str] = (), cites: Iterable[str] | None = None
) -> list[str]:
    """The register entries a case exercises: the readings chosen in its variant
    string, the entries whose readings set a field the kind uses (``cites``: those
    of these fields the case is about; by default all of them), and ``extra``."""
    variant = get(rules.variant)
    chosen = dict(rules.options)
    fields = set(kind_registry(kind).cites if cites is None else cites)
    found = []
    for option in variant.options:
        if option.ambiguity is None:
            continue
        assigned = {name for choice in option.choices for name, _ in choice.assigns}
        if option.name in chosen or assigned & fields:
            found.append(option.ambiguity)
    found.extend(extra)
    return sorted(set(found))


def make_case(
    case_id: str,
    kind: str,
    rules: Rules,
    data: dict[str, Any],
    expected: dict[str, Any],
    description: str,
) -> dict[str, Any]:
    """A conformance case (``case-file.schema.json``) for one input under one rule set,
    citing the sections and register entries it exercises (its kind's
    :attr:`~fourhundred.conformance.kinds.Kind.conventions` among them)."""
    if rules.is_house:
        description = f"{house.label(rules)}: {description}"
    return {
        "id": case_id,
        "kind": kind,
        "description": description,
        "variants": [str(rules)],
        "rules": rule_references(rules.variant, kind, rules),
        "ambiguities": ambiguity_references(
            rules, kind, kind_registry(kind).conventions(data, expected)
        ),
        "input": data,
        "expected": expected,
    }


def known_sections() -> dict[str, set[str]]:
    """Every section a rule reference may name, by source: the sections of each
    :class:`~fourhundred.spec.definitions.Source` record (every citation of the
    specification is one of them: citing any other section is refused)."""
    return {source.id: set(source.sections) for source in sources.SOURCES}


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)
