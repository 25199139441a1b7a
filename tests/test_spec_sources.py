"""Sources are records declared once, in their own modules; everything else reads them."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from types import ModuleType

import pytest

from fourhundred import spec
from fourhundred.conformance import coverage
from fourhundred.conformance.suite import SCHEMA_DIR
from fourhundred.spec.definitions import Source
from fourhundred.spec.registry import get, names
from fourhundred.spec.sources import DEFINITIONS, SOURCES, VARIANT_NAMES, cite, source
from fourhundred.verify.runner import checks


def _source_modules() -> list[ModuleType]:
    """Every module of the spec package that declares a ``SOURCE`` record."""
    found = []
    for info in pkgutil.iter_modules(spec.__path__):
        module = importlib.import_module(f"fourhundred.spec.{info.name}")
        if isinstance(getattr(module, "SOURCE", None), Source):
            found.append(module)
    return found


def test_every_source_module_is_registered_with_all_its_variants() -> None:
    modules = _source_modules()
    assert len(modules) >= 4
    for module in modules:
        assert module.SOURCE in SOURCES, f"{module.__name__}.SOURCE is not registered"
        for definition in module.VARIANTS:
            assert definition in DEFINITIONS, f"{definition.name} is not registered"
    assert len(SOURCES) == len(modules)


def test_the_variant_names_come_from_the_definitions_in_registry_order() -> None:
    assert VARIANT_NAMES == names() == tuple(d.name for d in DEFINITIONS)


def test_every_variant_follows_a_registered_source() -> None:
    for name in names():
        assert source(get(name).definition.source).id == get(name).definition.source


def test_an_unknown_source_is_refused_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown source 'wikipedia'; known sources: qahwa, "):
        source("wikipedia")


def test_a_section_the_source_does_not_have_cannot_be_cited() -> None:
    with pytest.raises(ValueError, match="source pagat has no section 'Gameplay'; its sections"):
        cite("pagat", "Gameplay", "medallon's heading, not pagat's")
    assert str(cite("pagat", "Play", "play proceeds anticlockwise")) == "pagat §Play"


def test_a_source_whose_play_section_is_not_one_of_its_sections_is_refused() -> None:
    with pytest.raises(ValueError, match="play section 'Play' is not one of its sections"):
        Source(id="page", title="A page", sections=("Bidding",), play_section="Play")


def test_every_citation_of_verify_names_a_section_of_its_source() -> None:
    for check in checks():
        for citation in check.cites:
            assert citation.section in source(citation.source).sections, (check.id, citation)


def test_the_case_schema_names_exactly_the_registered_sources() -> None:
    schema = json.loads((SCHEMA_DIR / "case-file.schema.json").read_text())
    pattern = schema["$defs"]["rule"]["pattern"]
    assert pattern == "^(" + "|".join(re.escape(s.id) for s in SOURCES) + ") §.+$"


def test_a_hand_written_case_may_cite_exactly_the_sections_of_the_source_records() -> None:
    known = coverage.known_sections()
    assert known == {s.id: set(s.sections) for s in SOURCES}
    assert "Playing the tricks" in known["qahwa"] and "Gameplay" not in known["qahwa"]


def test_trick_cases_cite_the_play_section_of_their_source() -> None:
    for name in names():
        record = source(get(name).definition.source)
        expected = [f"{record.id} §{record.play_section}"]
        assert coverage.rule_references(name, "trick_winner") == expected


def test_every_coverage_combination_names_a_registered_variant_and_builds() -> None:
    assert set(coverage.COMBINATIONS) <= set(names())
    for name in names():
        sets = coverage.rule_sets(name)
        # The house-rules tables are rule sets of their own (spec/house.py), not combinations.
        combined = [r for r in sets if len(r.chosen) > 1 and not r.rules.is_house]
        assert len(combined) == len(coverage.COMBINATIONS.get(name, ()))
        assert all(dict(r.rules.options) == dict(r.chosen) for r in combined), name
        tables = [r.rules for r in sets if r.rules.is_house]
        assert tables == coverage.house_rule_sets(name), name
