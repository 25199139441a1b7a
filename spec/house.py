"""House rules: the knobs of a variant string that set any rule, beyond a source's options.

Engines and tables play settings no source describes (a minimum bid of 2 in
Syrian 41, no doubling, a failed bid costing its tricks, a team total of 80).
Each *knob* here sets one or two fields of :class:`~fourhundred.spec.model.Rules`
from a short value text; :mod:`fourhundred.spec.registry` applies them after the
variant's options, in the order of :data:`KNOBS`, and writes the result back in
canonical form: options where an option says it, then the word ``house``, then
the knobs that remain (``pagat-41(house,min_bid=2,double_from=none)``).

Every :class:`Rules` field has a knob under its own name (``deal_min`` for
``table_min_base``); ``double_from`` sets a whole value table; ``values``
changes single rows of it. The rules a knob can select that no source has
(``fail_penalty=tricks``, ``partner_condition=off``, ``both_qualify=first_seat``,
a deal minimum below 11) are each one definition in
:class:`~fourhundred.spec.model.Rules`, on ints and on Z3 alike, and cited as
house rules (:func:`citation`), never as a source's.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from types import NoneType, UnionType

from fourhundred.spec.model import HOUSE_MARK, Rules

#: The rule fields a knob can set (every field of :class:`Rules` but its identity).
IDENTITY = ("variant", "options", "house")
FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name not in IDENTITY)


class KnobError(ValueError):
    """A knob's value is not one of its allowed values (the message lists them)."""

    def __init__(self, message: str, knob: str = "", value: str = "", allowed: str = "") -> None:
        super().__init__(message)
        self.knob = knob
        self.value = value
        self.allowed = allowed


#: Whole-number ranges of the numeric knobs: (lowest, highest).
RANGES: Mapping[str, tuple[int, int]] = {
    "min_bid": (1, 13),
    "max_bid": (1, 13),
    "own_min_cap": (1, 13),
    "table_min_base": (4, 13),
    "table_min_cap": (4, 52),
    "target": (1, 999),
    "turn_time_limit": (1, 3600),
}
#: The largest value a row of a value table may have.
MAX_VALUE = 999

#: What each value of a house-only choice means (for the docs and ``error:`` lines).
HOUSE_VALUES: Mapping[tuple[str, str], str] = {
    ("fail_penalty", "tricks"): "a failed bid costs the number of tricks bid, not its value",
    ("partner_condition", "off"): "no partner condition: any partner's score allows the win",
    ("both_qualify", "first_seat"): "both teams qualify: the first qualifying seat's team "
    "wins (seat order N, W, S, E)",
    ("trump", "turned"): "the dealer turns their last card; its suit is trumps for the hand "
    "(the deal states it: turn:<card>)",
}


@dataclass(frozen=True)
class Knob:
    """One house-rule knob: its name, the fields it sets, and its value grammar."""

    name: str
    fields: tuple[str, ...]
    #: The allowed values, as an ``error:`` line lists them.
    allowed: str
    summary: str
    #: (value text, rules so far) -> the fields it sets (:class:`KnobError` if invalid).
    read: Callable[[str, Rules], dict[str, object]]
    #: (rules, base) -> this knob's canonical value text for ``rules`` over ``base``, or
    #: None when it does not say how ``rules`` departs (another knob must).
    show: Callable[[Rules, Rules], str | None]


def _bad(knob: str, value: str, allowed: str) -> KnobError:
    return KnobError(
        f"house rule {knob} cannot be {value!r}; allowed values: {allowed}", knob, value, allowed
    )


def _integer(knob: str, text: str, low: int, high: int, allowed: str) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise _bad(knob, text, allowed)
    return int(text)


def _range_text(name: str, optional: bool) -> str:
    low, high = RANGES[name]
    text = f"a whole number from {low} to {high}"
    return f"{text}, or none" if optional else text


def _show_scalar(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    return str(value)


def _field_knob(name: str, knob_name: str | None = None) -> Knob:
    """The knob of one :class:`Rules` field, its grammar from the field's type."""
    knob = knob_name or name
    hint = typing.get_type_hints(Rules)[name]
    summary = f"sets {name}"

    def show(rules: Rules, base: Rules) -> str | None:
        value = getattr(rules, name)
        return None if value == getattr(base, name) else _show_scalar(value)

    if hint is bool:
        allowed = "on, off"

        def read_bool(text: str, rules: Rules) -> dict[str, object]:
            if text not in ("on", "off"):
                raise _bad(knob, text, allowed)
            return {name: text == "on"}

        return Knob(knob, (name,), allowed, summary, read_bool, show)
    if hint is int or (isinstance(hint, UnionType) and NoneType in typing.get_args(hint)):
        optional = hint is not int
        allowed = _range_text(name, optional)

        def read_int(text: str, rules: Rules) -> dict[str, object]:
            if optional and text == "none":
                return {name: None}
            return {name: _integer(knob, text, *RANGES[name], allowed)}

        return Knob(knob, (name,), allowed, summary, read_int, show)
    choices = tuple(str(v) for v in typing.get_args(hint))
    allowed = ", ".join(choices)

    def read_choice(text: str, rules: Rules) -> dict[str, object]:
        if text not in choices:
            raise _bad(knob, text, allowed)
        return {name: text}

    return Knob(knob, (name,), allowed, summary, read_choice, show)


# -- value tables ------------------------------------------------------------

_PAIRS_ALLOWED = (
    "bid:value pairs joined by '/', bids 1 to 13 and values 0 to "
    f"{MAX_VALUE}, for example 10:40/11:44"
)


def doubling_table(first_double: int | None) -> tuple[tuple[int, int], ...]:
    """Bids 1-13 at face value below ``first_double`` and double from it (None: never)."""
    return tuple(
        (bid, 2 * bid if first_double is not None and bid >= first_double else bid)
        for bid in range(1, 14)
    )


def _read_pairs(knob: str, text: str) -> dict[int, int]:
    pairs: dict[int, int] = {}
    for part in text.split("/"):
        bid_text, colon, value_text = part.partition(":")
        if not colon:
            raise _bad(knob, text, _PAIRS_ALLOWED)
        bid = _integer(knob, bid_text, 1, 13, _PAIRS_ALLOWED)
        if bid in pairs:
            raise _bad(knob, text, _PAIRS_ALLOWED + " (each bid once)")
        pairs[bid] = _integer(knob, value_text, 0, MAX_VALUE, _PAIRS_ALLOWED)
    return pairs


def _pairs_text(pairs: Mapping[int, int]) -> str:
    return "/".join(f"{bid}:{pairs[bid]}" for bid in sorted(pairs))


_DOUBLE_ALLOWED = "a whole number from 1 to 13 (the lowest bid that counts double), or none"


def _read_double_from(text: str, rules: Rules) -> dict[str, object]:
    if text == "none":
        return {"values": doubling_table(None)}
    return {"values": doubling_table(_integer("double_from", text, 1, 13, _DOUBLE_ALLOWED))}


def _show_double_from(rules: Rules, base: Rules) -> str | None:
    if rules.values == base.values:
        return None
    for first in (None, *range(1, 14)):
        if rules.values == doubling_table(first):
            return _show_scalar(first)
    return None


def _read_values(text: str, rules: Rules) -> dict[str, object]:
    table = dict(rules.values)
    table.update(_read_pairs("values", text))
    return {"values": tuple(sorted(table.items()))}


def _show_values(rules: Rules, base: Rules) -> str | None:
    if rules.values == base.values:
        return None
    old, new = dict(base.values), dict(rules.values)
    if set(old) - set(new):
        return None  # a row removed: not a change of rows (only double_from replaces tables)
    return _pairs_text({bid: value for bid, value in new.items() if old.get(bid) != value})


def _read_reduced(text: str, rules: Rules) -> dict[str, object]:
    if text == "none":
        return {"reduced_values": ()}
    return {"reduced_values": tuple(sorted(_read_pairs("reduced_values", text).items()))}


def _show_reduced(rules: Rules, base: Rules) -> str | None:
    if rules.reduced_values == base.reduced_values:
        return None
    return _pairs_text(dict(rules.reduced_values)) if rules.reduced_values else "none"


_PATTERN_ALLOWED = (
    "batch sizes joined by '-', each 1 to 13, adding up to 13, for example 1-2-2-2-2-2-2"
)


def _read_pattern(text: str, rules: Rules) -> dict[str, object]:
    parts = text.split("-")
    if not all(p.isdigit() and 1 <= int(p) <= 13 for p in parts):
        raise _bad("deal_pattern", text, _PATTERN_ALLOWED)
    batches = tuple(int(p) for p in parts)
    if sum(batches) != 13:
        raise _bad("deal_pattern", text, _PATTERN_ALLOWED)
    return {"deal_pattern": batches}


def _show_pattern(rules: Rules, base: Rules) -> str | None:
    if rules.deal_pattern == base.deal_pattern:
        return None
    return "-".join(str(n) for n in rules.deal_pattern)


def _knobs() -> tuple[Knob, ...]:
    special: dict[str, Knob] = {
        "deal_pattern": Knob(
            "deal_pattern",
            ("deal_pattern",),
            _PATTERN_ALLOWED,
            "the batches of the deal",
            _read_pattern,
            _show_pattern,
        ),
        "reduced_values": Knob(
            "reduced_values",
            ("reduced_values",),
            "none, or " + _PAIRS_ALLOWED,
            "the values from a score of 30 (the whole reduced table)",
            _read_reduced,
            _show_reduced,
        ),
    }
    result: list[Knob] = []
    for name in FIELDS:
        if name == "values":
            result.append(
                Knob(
                    "double_from",
                    ("values",),
                    _DOUBLE_ALLOWED,
                    "bids below it at face value, from it double (a whole value table)",
                    _read_double_from,
                    _show_double_from,
                )
            )
            result.append(
                Knob(
                    "values",
                    ("values",),
                    _PAIRS_ALLOWED,
                    "the value of single bids, the rest of the table kept",
                    _read_values,
                    _show_values,
                )
            )
        elif name in special:
            result.append(special[name])
        elif name == "table_min_base":
            result.append(_field_knob(name, "deal_min"))
        else:
            result.append(_field_knob(name))
    return tuple(result)


#: Every knob, in the order they are applied and written.
KNOBS: tuple[Knob, ...] = _knobs()
#: Other names a knob answers to (the field's own name).
ALIASES: Mapping[str, str] = {"table_min_base": "deal_min"}
_BY_NAME: Mapping[str, Knob] = {knob.name: knob for knob in KNOBS}


def knob(name: str) -> Knob | None:
    """The knob of that name or alias (None if there is none)."""
    return _BY_NAME.get(ALIASES.get(name, name))


def names() -> tuple[str, ...]:
    """Every knob's name, in order."""
    return tuple(knob.name for knob in KNOBS)


def apply(rules: Rules, chosen: Mapping[str, str]) -> Rules:
    """``rules`` with the knobs given (by canonical name) applied in :data:`KNOBS` order."""
    for entry in KNOBS:
        if entry.name in chosen:
            rules = replace(rules, **entry.read(chosen[entry.name], rules))  # type: ignore[arg-type]
    if rules.min_bid > rules.max_bid:
        raise KnobError(
            f"house rule min_bid={rules.min_bid} is above max_bid={rules.max_bid}; "
            "allowed: a minimum bid no higher than the maximum bid"
        )
    return rules


def departures(rules: Rules, base: Rules) -> tuple[tuple[str, str], ...]:
    """The knobs that turn ``base`` into ``rules``, in canonical form (knob order)."""
    found: list[tuple[str, str]] = []
    said: set[str] = set()
    for entry in KNOBS:
        if said & set(entry.fields):
            continue
        shown = entry.show(rules, base)
        if shown is not None:
            found.append((entry.name, shown))
            said.update(entry.fields)
    missing = [name for name in FIELDS if getattr(rules, name) != getattr(base, name)]
    if set(missing) - said:
        raise AssertionError(f"no knob says how {rules.variant} departs in {missing}")
    return tuple(found)


def fields_of(rules: Rules) -> Mapping[str, str]:
    """The rule fields its house rules set, each with the knob text (``min_bid=2``)."""
    found: dict[str, str] = {}
    for name, value in rules.house:
        entry = knob(name)
        assert entry is not None
        for field in entry.fields:
            found[field] = f"{name}={value}"
    return found


def citation(rules: Rules, field: str) -> str | None:
    """``house rule min_bid=2`` when a house rule sets ``field``, else None: what every
    citation of a house-ruled field says instead of a source's section."""
    text = fields_of(rules).get(field)
    return None if text is None else f"house rule {text}"


def label(rules: Rules) -> str:
    """A one-line account: ``pagat-41 with house rules min_bid=2, double_from=none``."""
    if not rules.is_house:
        return str(rules)
    base = str(replace(rules, house=()))
    knobs = ", ".join(f"{name}={value}" for name, value in rules.house)
    return f"house rules on {base}: {knobs}"


@dataclass(frozen=True)
class Example:
    """A table's settings seen in the wild, as one variant string (no engine named)."""

    text: str
    summary: str


#: The settings issue #26 lists, each as one string: the docs' examples, and the rule
#: sets every tool is tested on (suite, fuzzer, simulator, verify).
EXAMPLES: tuple[Example, ...] = (
    Example(
        "pagat-41(min_bid=2,double_from=none)",
        "Syrian 41 with a minimum bid of 2 and face values (no doubling from 7)",
    ),
    Example(
        "pagat-41(min_bid=2,double_from=none,trump=turned)",
        "Syrian 41 with a minimum bid of 2, face values, and trump from a card turned "
        "at the deal (the dealer's last card, as in whist)",
    ),
    Example("pagat-41(target=61)", "Syrian 41 played to 61"),
    Example("pagat-41(double_from=9)", "Syrian 41, double from 9"),
    Example("pagat-41(deal_min=8)", "Syrian 41 with a deal minimum of 8"),
    Example("pagat-41(partner_condition=off)", "Syrian 41 without the partner condition"),
    Example(
        "pagat-400(table_min_rises=on,table_min_cap=14)",
        "Lebanese 400 with a table minimum rising 11 to 14 (one per ten points from 30)",
    ),
    Example(
        "arab3meyeh-400(reduced_values=none)",
        "10-13 worth 40/44/48/52, with no reduced values from 30 points",
    ),
    Example("pagat-41(fail_penalty=tricks)", "a failed bid costs its tricks, not its value"),
    Example(
        "medallon-400(partner_condition=non_negative,target=80)",
        "a team wins on a team total of 80, both partners at 0 or more",
    ),
    Example(
        "pagat-41(both_qualify=first_seat)",
        "both teams qualify: the first qualifying seat wins",
    ),
    Example(
        "qahwa-400(both_qualify_by=player_score)",
        "both teams qualify: the higher single score wins",
    ),
)


__all__ = [
    "EXAMPLES",
    "HOUSE_MARK",
    "KNOBS",
    "Knob",
    "KnobError",
    "apply",
    "citation",
    "departures",
    "doubling_table",
    "knob",
    "label",
    "names",
]
