"""The docs generators on their own (no site build): includes, ledger, provenance, matrix.

These are the functions ``docs/hooks/generate.py`` calls at build time; bad
input to them (an unknown include, a ledger that is not a ledger) must stop
the build with a message naming what was wrong.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from fourhundred.spec.registry import RULE_FIELDS, get, load, names

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "docs" / "hooks"


@pytest.fixture(scope="module")
def docsgen() -> Iterator[dict[str, ModuleType]]:
    sys.path.insert(0, str(HOOKS))
    try:
        yield {
            name: importlib.import_module(f"docsgen.{name}")
            for name in ("includes", "claims", "provenance", "matrix", "charts", "worked_hand")
        }
    finally:
        sys.path.remove(str(HOOKS))


def test_an_unknown_include_is_refused_with_the_list_of_known_ones(
    docsgen: dict[str, ModuleType],
) -> None:
    with pytest.raises(ValueError, match=r"unknown include 'nonsense'; known: .*readme-commands"):
        docsgen["includes"].expand("<!-- include: nonsense -->", ROOT)


def test_an_include_of_a_missing_file_becomes_a_labelled_placeholder(
    docsgen: dict[str, ModuleType], tmp_path: Path
) -> None:
    text = docsgen["includes"].expand("<!-- include: adapters -->", tmp_path)
    assert "Not available yet" in text
    assert "conformance/ADAPTERS.md" in text


def test_an_include_that_needs_a_path_says_so(docsgen: dict[str, ModuleType]) -> None:
    with pytest.raises(ValueError, match="include docstring takes one path"):
        docsgen["includes"].expand("<!-- include: docstring -->", ROOT)


def test_readme_commands_are_taken_from_the_readme(
    docsgen: dict[str, ModuleType], tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(
        "Intro.\n\nRun this:\n\n```sh\necho one\n```\n\nAnd this:\n\n```sh\necho two\n```\n",
        encoding="utf-8",
    )
    text = docsgen["includes"].readme_commands(tmp_path)
    assert "Run this:" in text and "echo one" in text
    assert "And this:" in text and "echo two" in text


def test_an_rst_simple_table_becomes_a_markdown_table(docsgen: dict[str, ModuleType]) -> None:
    rst = "Fields::\n\n===== =============\nphase ``deal`` or\n      ``play``\nseat  ``N``\n===== =============\n"
    text = docsgen["includes"].rst_to_markdown(rst)
    assert "| phase | `deal` or `play` |" in text
    assert "| seat | `N` |" in text


def test_relative_links_of_an_included_file_name_repository_paths(
    docsgen: dict[str, ModuleType],
) -> None:
    text = docsgen["includes"].repository_links(
        "See [the schema](schema/case.json) and [pagat](https://www.pagat.com/).", "conformance"
    )
    assert text == (
        "See the schema (`conformance/schema/case.json`) and [pagat](https://www.pagat.com/)."
    )


def test_a_ledger_without_findings_is_refused_with_a_reason(
    docsgen: dict[str, ModuleType],
) -> None:
    claims = docsgen["claims"]
    with pytest.raises(claims.LedgerUnavailable, match="no list of findings"):
        claims.findings({"schema": 1})
    with pytest.raises(claims.LedgerUnavailable, match="no `id` or no `verdict`"):
        claims.findings({"findings": [{"id": "x"}]})


def test_the_ledger_page_shows_a_counterexample_from_saved_findings(
    docsgen: dict[str, ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finding = {
        "id": "claim-x",
        "kind": "claim",
        "group": "values",
        "title": "Bigger bids pay more",
        "sources": [{"source": "qahwa", "section": "Scoring", "says": "bigger pays more"}],
        "variant": "qahwa-400",
        "reading": "qahwa-400",
        "verdict": "refuted",
        "bound": None,
        "counterexample": {"lower_bid": 10, "higher_bid": 11},
        "witness": None,
        "note": "",
        "seconds": 0.01,
    }
    saved = tmp_path / "ledger.json"
    saved.write_text(json.dumps({"findings": [finding]}), encoding="utf-8")
    monkeypatch.setenv("FOURHUNDRED_DOCS_VERIFY_JSON", str(saved))
    page = docsgen["claims"].ledger_page(ROOT)
    assert "{#check-claim-x}" in page
    assert "fh-bad" in page
    assert '"higher_bid": 11' in page


def test_the_ledger_page_says_plainly_when_there_is_no_verifier(
    docsgen: dict[str, ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FOURHUNDRED_DOCS_VERIFY_JSON", raising=False)
    page = docsgen["claims"].ledger_page(tmp_path)
    assert "not available in this build" in page
    assert "does not exist yet" in page


def test_every_rule_of_every_variant_has_a_value_and_a_citation_or_option(
    docsgen: dict[str, ModuleType],
) -> None:
    provenance = docsgen["provenance"]
    for name in names():
        variant = get(name)
        for field in RULE_FIELDS:
            origin = provenance.provenance(variant, field)
            assert origin.value == getattr(load(name), field)
            if origin.setter == "source":
                assert origin.citation is not None, (name, field)
            else:
                assert origin.option is not None, (name, field)


def test_a_reading_option_links_its_cell_to_its_register_entry(
    docsgen: dict[str, ModuleType],
) -> None:
    origin = docsgen["provenance"].provenance(get("medallon-400"), "bidding_order")
    assert origin.setter == "reading"
    assert "bidding-direction" in origin.ambiguities


def test_the_comparison_colours_equal_values_alike(docsgen: dict[str, ModuleType]) -> None:
    shades = docsgen["matrix"]._shade(["2", "1", "2", "2", "3"])
    assert shades[0] == shades[2] == shades[3] == "fh-v0"
    assert shades[1] != shades[4]


def test_the_chart_marks_a_deciding_13_instead_of_plotting_points(
    docsgen: dict[str, ModuleType],
) -> None:
    points, special = docsgen["charts"].series("pagat-400", 0)
    assert special == [13]
    assert 13 not in [bid for bid, _ in points]
    assert (9, 27) in points


def test_the_worked_hand_is_scored_by_the_spec(docsgen: dict[str, ModuleType]) -> None:
    worked = docsgen["worked_hand"]
    hand = worked.worked_hand()
    assert sum(hand.tricks_won) == 13
    expected, _, _ = hand.rules.hand_result(
        worked.SCORES_BEFORE, hand.bids, hand.tricks_won, worked.DEALER, hand.rules.target
    )
    assert hand.scores_after == tuple(expected)


def test_a_table_entry_for_a_deciding_13_is_shown_as_what_it_decides(
    docsgen: dict[str, ModuleType],
) -> None:
    show = docsgen["provenance"].show_value
    medallon, pagat_400 = load("medallon-400"), load("pagat-400")
    assert show("values", medallon.values, medallon).endswith("13=wins the game (failed: -52)")
    assert show("values", pagat_400.values, pagat_400).endswith("13=wins or loses the game")
    assert show("deal_pattern", (1,) * 13) == "one card at a time"
