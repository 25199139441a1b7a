"""Variants are values: named, with aliases, loadable from a string, with clear errors."""

from __future__ import annotations

import pytest

from fourhundred.spec import VariantError, load, names
from fourhundred.spec.registry import RULE_FIELDS, all_readings, get, variants


def test_the_five_variants_are_registered_in_source_order() -> None:
    assert names() == ("qahwa-400", "medallon-400", "pagat-41", "pagat-400", "arab3meyeh-400")


@pytest.mark.parametrize(
    ("alias", "name"),
    [("qahwa", "qahwa-400"), ("41", "pagat-41"), ("Syrian-41", "pagat-41"),
     ("lebanese-400", "pagat-400"), ("arba3meyeh", "arab3meyeh-400"), ("medallon", "medallon-400")],
)  # fmt: skip
def test_aliases_resolve_to_their_variant(alias: str, name: str) -> None:
    assert load(alias).variant == name


def test_a_variant_string_sets_house_options_and_readings() -> None:
    rules = load("qahwa-400(target=61,table=classic,total_switch=offset)")
    assert (rules.target, rules.thirteen, rules.total_switch) == (61, "win_or_lose_game", "offset")
    assert rules.value_table[10] == 30


def test_the_canonical_string_lists_non_default_options_in_declared_order_and_reloads() -> None:
    rules = load(" qahwa ( table = classic , target=61 ) ")
    assert str(rules) == "qahwa-400(target=61,table=classic)"
    assert load(str(rules)) == rules
    assert str(load("qahwa-400(target=41)")) == "qahwa-400"


def test_every_rule_field_of_every_variant_is_set() -> None:
    for name in names():
        rules = load(name)
        assert all(hasattr(rules, f) for f in RULE_FIELDS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("poker", "unknown variant 'poker'; known variants"),
        (
            "qahwa-400(target=0)",
            "option target cannot be '0'; valid values: 41, 31, 61; as a house rule: "
            "a whole number from 1 to 999",
        ),
        (
            "qahwa-400(colour=red)",
            "qahwa-400 has no option or house rule 'colour'; its options are: target, table",
        ),
        ("qahwa-400(target)", "malformed option 'target'"),
        ("qahwa-400(target=41,target=61)", "option 'target' given twice"),
        ("qahwa-400(target=41", "malformed variant string"),
        ("pagat-41(rising_min=on)", "pagat-41 has no option or house rule 'rising_min'"),
        ("", "malformed variant string"),
    ],
)
def test_bad_variant_strings_get_an_error_that_says_what_is_valid(text: str, message: str) -> None:
    with pytest.raises(VariantError) as error:
        load(text)
    assert message in str(error.value)


def test_all_readings_gives_the_defaults_and_each_single_non_default_choice() -> None:
    readings = all_readings("pagat-41")
    expected = 1 + sum(len(o.values) - 1 for o in get("pagat-41").options)
    assert len(readings) == expected == len({str(r) for r in readings})
    assert str(readings[0]) == "pagat-41"


def test_house_options_cite_their_source_section() -> None:
    for variant in variants():
        for option in variant.options:
            if option.kind == "house":
                assert option.cite is not None and option.cite.source == variant.definition.source
