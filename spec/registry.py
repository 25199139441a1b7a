"""The registry of variants: names, aliases, options, and loading from a string.

A variant string is a name or alias, optionally followed by options in
parentheses, as in ``qahwa-400(target=61,table=classic)``. Options are the
variant's house options (qahwa's switches, pagat's "some play" options) and
the interpretation switches of the ambiguity register that apply to it.
Beyond them, any rule can be set by a *house rule* knob
(:mod:`fourhundred.spec.house`): ``pagat-41(min_bid=2,double_from=none)``.
A name is read as an option when the variant has that option and the value is
one of its values, else as a knob; after the word ``house`` every name is a
knob. The canonical string (``str(rules)``) gives the options, then ``house``,
then the knobs that depart from the source: ``pagat-41(house,min_bid=2,double_from=none)``.
Unknown names, options or values are answered with :class:`VariantError`,
whose message names the bad option or knob and lists what is valid.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache

from fourhundred.spec import house
from fourhundred.spec.ambiguities import REGISTER
from fourhundred.spec.definitions import Option, VariantDef
from fourhundred.spec.model import HOUSE_MARK, Rules
from fourhundred.spec.sources import DEFINITIONS

#: Fields of :class:`Rules` that describe identity rather than rules.
IDENTITY_FIELDS = house.IDENTITY
RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name not in IDENTITY_FIELDS)


class VariantError(ValueError):
    """A variant string names an unknown variant, option or value, or is malformed."""


@dataclass(frozen=True)
class Variant:
    """A registered variant: its definition and its full list of options."""

    definition: VariantDef
    options: tuple[Option, ...]

    @property
    def name(self) -> str:
        return self.definition.name

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        valid = ", ".join(o.name for o in self.options) or "none"
        raise VariantError(f"{self.name} has no option {name!r}; its options are: {valid}")

    def defaults(self) -> Mapping[str, str]:
        """Every option's default value."""
        return {option.name: option.default for option in self.options}


def _reading_options(variant_name: str) -> tuple[Option, ...]:
    options = []
    for entry in REGISTER:
        if entry.switch is None or variant_name not in entry.defaults:
            continue
        options.append(
            Option(
                name=entry.switch,
                kind="reading",
                summary=entry.title,
                choices=entry.readings,
                default=entry.defaults[variant_name].reading,
                ambiguity=entry.id,
            )
        )
    return tuple(options)


def _check_definition(variant: Variant) -> None:
    """Every rule field is set exactly once: by the source, or by one option."""
    setters: dict[str, list[str]] = {name: [] for name in RULE_FIELDS}
    for name in variant.definition.fixed:
        if name not in setters:
            raise AssertionError(f"{variant.name}: fixed rule {name!r} is not a rule field")
        setters[name].append("source")
    for option in variant.options:
        assigned = {field for choice in option.choices for field, _ in choice.assigns}
        for name in assigned:
            if name not in setters:
                raise AssertionError(
                    f"{variant.name}: option {option.name} sets unknown field {name!r}"
                )
            setters[name].append(f"option {option.name}")
        for choice in option.choices:
            if {f for f, _ in choice.assigns} != assigned:
                raise AssertionError(
                    f"{variant.name}: option {option.name} choices set different fields"
                )
        option.choice(option.default)
    for name, who in setters.items():
        if len(who) != 1:
            raise AssertionError(
                f"{variant.name}: rule field {name!r} is set by {who or 'nothing'}"
            )


@cache
def variants() -> tuple[Variant, ...]:
    """All registered variants, in registry order."""
    result = []
    for definition in DEFINITIONS:
        variant = Variant(
            definition, (*definition.house_options, *_reading_options(definition.name))
        )
        _check_definition(variant)
        result.append(variant)
    return tuple(result)


@cache
def _names() -> Mapping[str, Variant]:
    table: dict[str, Variant] = {}
    for variant in variants():
        for name in (variant.name, *variant.definition.aliases):
            if name in table:
                raise AssertionError(f"variant name {name!r} registered twice")
            table[name] = variant
    return table


def names() -> tuple[str, ...]:
    """Canonical variant names, in registry order."""
    return tuple(v.name for v in variants())


def get(name: str) -> Variant:
    """The variant with that name or alias (case-insensitive)."""
    key = name.strip().lower()
    try:
        return _names()[key]
    except KeyError:
        valid = ", ".join(
            f"{v.name} ({', '.join(v.definition.aliases)})" if v.definition.aliases else v.name
            for v in variants()
        )
        raise VariantError(f"unknown variant {name!r}; known variants (aliases): {valid}") from None


_VARIANT_RE = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


@dataclass(frozen=True)
class Parsed:
    """A variant string split into its variant, its options and its house knobs."""

    variant: Variant
    options: dict[str, str]
    knobs: dict[str, str]


def _knob_list() -> str:
    return ", ".join(house.names())


def parse(text: str) -> tuple[Variant, dict[str, str]]:
    """Split a variant string into its variant and its options (not yet validated);
    house knobs are refused here (see :func:`parse_all`)."""
    parsed = parse_all(text)
    if parsed.knobs:
        raise VariantError(
            f"{text!r} has house rules ({', '.join(parsed.knobs)}); expected options only"
        )
    return parsed.variant, parsed.options


def parse_all(text: str) -> Parsed:
    """Split a variant string into its variant, options and house knobs (values unchecked)."""
    match = _VARIANT_RE.match(text)
    if not match:
        raise VariantError(
            f"malformed variant string {text!r}: expected NAME or NAME(option=value,...), "
            "for example qahwa-400(target=61,table=classic)"
        )
    variant = get(match.group(1))
    options: dict[str, str] = {}
    knobs: dict[str, str] = {}
    inner = match.group(2)
    marked = False
    if inner is not None and inner.strip():
        for part in inner.split(","):
            if part.strip() == HOUSE_MARK and not marked:
                marked = True
                continue
            if "=" not in part:
                raise VariantError(
                    f"malformed option {part.strip()!r} in {text!r}: expected option=value"
                )
            key, _, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not key or not value:
                raise VariantError(
                    f"malformed option {part.strip()!r} in {text!r}: expected option=value"
                )
            if _is_option(variant, key, value, marked):
                if key in options:
                    raise VariantError(f"option {key!r} given twice in {text!r}")
                options[key] = value
                continue
            name = _knob_name(variant, key)
            if name in knobs:
                raise VariantError(f"house rule {name!r} given twice in {text!r}")
            knobs[name] = value
    return Parsed(variant, options, knobs)


def _knob_name(variant: Variant, key: str) -> str:
    found = house.knob(key)
    if found is None:
        options = ", ".join(o.name for o in variant.options) or "none"
        raise VariantError(
            f"{variant.name} has no option or house rule {key!r}; its options are: "
            f"{options}; house rules: {_knob_list()}"
        )
    return found.name


def _is_option(variant: Variant, key: str, value: str, marked: bool) -> bool:
    """Whether ``key=value`` is one of the variant's options (else a house knob): the
    variant has that option and, unless the name is also a knob, whatever the value;
    a knob's name is an option when the value is one of the option's values. After
    the word ``house`` every name is a knob."""
    if marked:
        return False
    option = next((o for o in variant.options if o.name == key), None)
    if option is None:
        return False
    return value in option.values or house.knob(key) is None


def build(variant: Variant, chosen: Mapping[str, str], knobs: Mapping[str, str] = {}) -> Rules:
    """The rules of a variant with some options chosen (the rest at their defaults) and
    some house knobs set (:mod:`fourhundred.spec.house`), in canonical form."""
    values: dict[str, object] = {
        name: fixed.value for name, fixed in variant.definition.fixed.items()
    }
    for name in chosen:
        variant.option(name)
    picked: dict[str, str] = {}
    for option in variant.options:
        value = chosen.get(option.name, option.default)
        try:
            choice = option.choice(value)
        except KeyError:
            raise VariantError(
                f"{variant.name}: option {option.name} cannot be {value!r}; "
                f"valid values: {', '.join(option.values)}"
            ) from None
        values.update(choice.assigns)
        picked[option.name] = value
    rules = Rules(variant=variant.name, options=(), **values)  # type: ignore[arg-type]
    if knobs:
        try:
            rules = house.apply(rules, knobs)
        except house.KnobError as problem:
            raise VariantError(f"{variant.name}: {_also_option(variant, problem)}") from None
        picked = _options_saying(variant, rules, picked)
    return _canonical(variant, rules, picked)


def _also_option(variant: Variant, problem: house.KnobError) -> str:
    """A knob's error, with the option's values first when the variant has an option
    of that name (``target``: the source's choices, then any number as a house rule)."""
    option = next((o for o in variant.options if o.name == problem.knob), None)
    if option is None or not problem.allowed:
        return str(problem)
    return (
        f"option {option.name} cannot be {problem.value!r}; valid values: "
        f"{', '.join(option.values)}; as a house rule: {problem.allowed}"
    )


def _options_saying(variant: Variant, rules: Rules, picked: Mapping[str, str]) -> dict[str, str]:
    """The option values that say as much of ``rules`` as options can: for each option,
    its default if that choice matches, else the value given if it matches, else the
    first choice that matches, else the value given."""
    result: dict[str, str] = {}
    for option in variant.options:
        order = [option.default, picked[option.name], *option.values]
        result[option.name] = next(
            (
                value
                for value in order
                if all(getattr(rules, f) == v for f, v in option.choice(value).assigns)
            ),
            picked[option.name],
        )
    return result


def _canonical(variant: Variant, rules: Rules, picked: Mapping[str, str]) -> Rules:
    """``rules`` with its identity in canonical form: the non-default options in
    registry order, then the house knobs that depart from what those options give."""
    base_values: dict[str, object] = {
        name: fixed.value for name, fixed in variant.definition.fixed.items()
    }
    for option in variant.options:
        base_values.update(option.choice(picked[option.name]).assigns)
    base = Rules(variant=variant.name, options=(), **base_values)  # type: ignore[arg-type]
    canonical = tuple(
        (option.name, picked[option.name])
        for option in variant.options
        if picked[option.name] != option.default
    )
    return replace(rules, options=canonical, house=house.departures(rules, base))


@cache
def load(text: str) -> Rules:
    """The rules named by a variant string such as ``qahwa-400(target=61,table=classic)``
    or, with house rules, ``pagat-41(min_bid=2,double_from=none)``.

    >>> str(load("qahwa(table=classic, target=61)"))
    'qahwa-400(target=61,table=classic)'
    >>> str(load("pagat-41(double_from=none,min_bid=2)"))
    'pagat-41(house,min_bid=2,double_from=none)'
    """
    parsed = parse_all(text)
    return build(parsed.variant, parsed.options, parsed.knobs)


def all_readings(variant_name: str) -> list[Rules]:
    """The variant under its defaults and under every single non-default option value."""
    variant = get(variant_name)
    result = [build(variant, {})]
    for option in variant.options:
        for value in option.values:
            if value != option.default:
                result.append(build(variant, {option.name: value}))
    return result
