"""The kind registry: the schemas, ADAPTERS.md and the rule fields each kind reads agree with it."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fourhundred.conformance import coverage, kinds
from fourhundred.conformance.kinds import KIND_NAMES, KINDS, Kind, UnknownKind, kind
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, load, names

CONFORMANCE = Path(kinds.__file__).resolve().parent
CASE_SCHEMA: dict[str, Any] = json.loads(
    (CONFORMANCE / "schema" / "case-file.schema.json").read_text(encoding="utf-8")
)
PROTOCOL_SCHEMA: dict[str, Any] = json.loads(
    (CONFORMANCE / "schema" / "protocol.schema.json").read_text(encoding="utf-8")
)


def test_the_schemas_kind_enums_are_the_registrys_kinds_in_order() -> None:
    case_enum = CASE_SCHEMA["$defs"]["kind"]["enum"]
    hello_enum = PROTOCOL_SCHEMA["$defs"]["hello"]["properties"]["kinds"]["items"]["enum"]
    assert case_enum == list(KIND_NAMES), json.dumps(list(KIND_NAMES))
    assert hello_enum == list(KIND_NAMES), json.dumps(list(KIND_NAMES))


def test_the_case_schemas_fragment_of_every_kind_is_the_registrys() -> None:
    fragments = CASE_SCHEMA["$defs"]["case"]["allOf"]
    wanted = [kinds.schema_fragment(entry) for entry in KINDS.values()]
    for have, want in zip(fragments, wanted, strict=False):
        assert have == want, "write in case-file.schema.json:\n" + json.dumps(want)
    assert len(fragments) == len(wanted)


def test_adapters_md_has_one_row_per_kind_in_order() -> None:
    text = (CONFORMANCE / "ADAPTERS.md").read_text(encoding="utf-8")
    section = text.split("## The kinds", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)
    assert rows == list(KIND_NAMES)


def test_an_unknown_kind_is_named_with_the_kinds_there_are() -> None:
    with pytest.raises(UnknownKind, match=r"'table_max' is not a kind; the kinds are: bid_value, "):
        kind("table_max")
    assert kind("table_minimum") is KINDS["table_minimum"]


@pytest.mark.parametrize("name", kinds.VARIANT_FREE_KINDS)
def test_a_variant_free_kind_answers_alike_under_every_variant(name: str) -> None:
    entry = kind(name)
    every = [load(variant) for variant in names()]
    rng = random.Random(f"variant-free/{name}")
    for _ in range(30):
        data = entry.generate(rng, every[0])
        assert len({json.dumps(entry.spec_answer(rules, data)) for rules in every}) == 1
    # It reads only fields every source sets alike (the trump: hearts, a house rule aside).
    assert all(len({getattr(rules, field) for rules in every}) == 1 for field in entry.reads)
    assert entry.name in kinds.PURE_KINDS


def test_a_kind_depends_on_the_variant_exactly_when_it_reads_a_rule_field_sources_vary() -> None:
    every = [rules for variant in names() for rules in all_readings(variant)]
    alike = {field for field in kinds.RULE_FIELDS if len({getattr(r, field) for r in every}) == 1}
    assert "trump" in alike  # every source's trump is hearts; only a house rule turns one
    for entry in KINDS.values():
        assert bool(set(entry.reads) - alike) is not entry.variant_free, entry.name
        assert entry.pure or entry.spec_answer is kinds.whole_game_by_rules, entry.name


def _validator(fragment: Any) -> Any:
    """A validator for a fragment of the case schema (its ``$ref`` s resolve into it)."""
    return jsonschema.Draft202012Validator({**fragment, "$defs": CASE_SCHEMA["$defs"]})


@pytest.mark.parametrize("name", KIND_NAMES)
def test_generated_inputs_and_both_answers_fit_the_kinds_schema_fragments(name: str) -> None:
    entry = kind(name)
    rules = load("pagat-400(eleven_plus_50=on)")
    inputs, results = _validator(entry.input_schema), _validator(entry.result_schema)
    rng = random.Random(f"fragments/{name}")
    for _ in range(3 if name == "whole_game" else 40):
        data = entry.generate(rng, rules)
        assert entry.is_valid(rules, data), data
        inputs.validate(data)
        spec, fast = entry.spec_answer(rules, data), entry.reference_answer(rules, data)
        results.validate(spec)
        assert entry.canonical(fast) == entry.canonical(spec), data


@pytest.mark.parametrize("name", [entry.name for entry in KINDS.values() if entry.suite_inputs])
def test_every_input_of_a_kinds_suite_grid_fits_its_schema_fragment(name: str) -> None:
    entry = kind(name)
    assert entry.suite_inputs is not None
    validator = _validator(entry.input_schema)
    for variant in names():
        rules = coverage.rule_sets(variant)[0].rules
        grid = list(entry.suite_inputs(rules))
        assert grid, (name, variant)
        for data, what in grid:
            assert what, data
            validator.validate(data)


def test_every_pure_kind_has_a_suite_grid_and_every_variant_free_kind_a_cited_section() -> None:
    for entry in KINDS.values():
        assert (entry.suite_inputs is not None) is entry.pure, entry.name
        assert (entry.section is not None) is entry.variant_free, entry.name


@pytest.mark.parametrize("module", ["inputs", "generate", "coverage"])
def test_the_input_layer_the_generator_and_coverage_name_no_kind(module: str) -> None:
    source = (CONFORMANCE / f"{module}.py").read_text(encoding="utf-8")
    named = [name for name in KIND_NAMES if f'"{name}"' in source]
    assert not named, f"{module}.py dispatches on kind names {named}: read the registry instead"


class _Recording(Rules):
    """Rules that note every rule field read through them."""

    read: set[str]

    def __getattribute__(self, name: str) -> Any:
        if name in kinds.RULE_FIELDS:
            object.__getattribute__(self, "read").add(name)
        return object.__getattribute__(self, name)


def _recording(rules: Rules, read: set[str]) -> Rules:
    copy = object.__new__(_Recording)
    for field in dataclasses.fields(Rules):
        object.__setattr__(copy, field.name, getattr(rules, field.name))
    object.__setattr__(copy, "read", read)
    return copy


@pytest.mark.parametrize("name", kinds.PURE_KINDS)
def test_a_pure_kinds_reads_are_exactly_the_rule_fields_its_specification_reads(
    name: str,
) -> None:
    entry = kind(name)
    read: set[str] = set()
    rng = random.Random(f"reads/{name}")
    for rule_set in coverage.all_rule_sets():
        recording = _recording(rule_set.rules, read)
        for _ in range(25):
            entry.spec_answer(recording, entry.generate(rng, rule_set.rules))
    assert sorted(read) == sorted(entry.reads)


def test_the_recording_sees_a_field_read_inside_a_rules_method() -> None:
    read: set[str] = set()
    _recording(load("qahwa-400"), read).bid_is_legal(5, 0)
    assert {"min_bid", "max_bid"} <= read


def test_a_whole_game_reads_every_rule_and_every_kind_cites_only_fields_it_reads() -> None:
    assert kind("whole_game").reads == kinds.RULE_FIELDS
    rule_fields = {field.name for field in dataclasses.fields(Rules)}
    for entry in KINDS.values():
        assert set(entry.cites) <= set(entry.reads) <= rule_fields, entry.name
        assert len(set(entry.reads)) == len(entry.reads), entry.name


def test_a_kind_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        kind("bid_value").name = "x"  # type: ignore[misc]
    assert isinstance(KINDS["bid_value"], Kind)


def test_unordered_fields_are_put_in_one_order_whatever_their_values() -> None:
    plays = kind("legal_plays")
    assert plays.canonical({"cards": ["AS", "2C"], "x": [3, 1]}) == {
        "cards": ["2C", "AS"],
        "x": [3, 1],
    }
    assert plays.canonical({"cards": [True, 1, "1", None, [1]]}) == plays.canonical(
        {"cards": [[1], None, "1", 1, True]}
    )
    assert plays.canonical([1]) == [1]
