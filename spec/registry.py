"""The registry of variants: names, aliases, options, and loading from a string.

A variant string is a name or alias, optionally followed by options in
parentheses, as in ``qahwa-400(target=61,table=classic)``. Options are the
variant's house options (qahwa's switches, pagat's "some play" options) and
the interpretation switches of the ambiguity register that apply to it.
Unknown names, options or values are answered with :class:`VariantError`,
whose message lists what is valid.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache

from fourhundred.spec.ambiguities import REGISTER
from fourhundred.spec.definitions import Option, VariantDef
from fourhundred.spec.model import Rules
from fourhundred.spec.sources import DEFINITIONS

#: Fields of :class:`Rules` that describe identity rather than rules.
IDENTITY_FIELDS = ("variant", "options")
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


def parse(text: str) -> tuple[Variant, dict[str, str]]:
    """Split a variant string into its variant and its options (not yet validated)."""
    match = _VARIANT_RE.match(text)
    if not match:
        raise VariantError(
            f"malformed variant string {text!r}: expected NAME or NAME(option=value,...), "
            "for example qahwa-400(target=61,table=classic)"
        )
    variant = get(match.group(1))
    options: dict[str, str] = {}
    inner = match.group(2)
    if inner is not None and inner.strip():
        for part in inner.split(","):
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
            if key in options:
                raise VariantError(f"option {key!r} given twice in {text!r}")
            options[key] = value
    return variant, options


def build(variant: Variant, chosen: Mapping[str, str]) -> Rules:
    """The rules of a variant with some options chosen (the rest at their defaults)."""
    values: dict[str, object] = {
        name: fixed.value for name, fixed in variant.definition.fixed.items()
    }
    canonical: list[tuple[str, str]] = []
    for name in chosen:
        variant.option(name)
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
        if value != option.default:
            canonical.append((option.name, value))
    return Rules(variant=variant.name, options=tuple(canonical), **values)  # type: ignore[arg-type]


@cache
def load(text: str) -> Rules:
    """The rules named by a variant string such as ``qahwa-400(target=61,table=classic)``.

    >>> str(load("qahwa(table=classic, target=61)"))
    'qahwa-400(target=61,table=classic)'
    """
    variant, chosen = parse(text)
    return build(variant, chosen)


def all_readings(variant_name: str) -> list[Rules]:
    """The variant under its defaults and under every single non-default option value."""
    variant = get(variant_name)
    result = [build(variant, {})]
    for option in variant.options:
        for value in option.values:
            if value != option.default:
                result.append(build(variant, {option.name: value}))
    return result
