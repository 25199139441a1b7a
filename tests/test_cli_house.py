"""The commands run on house rules (issue #26): rules shows them, fuzz and simulate play
them, export writes their cases; a bad knob is one error line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fourhundred.conformance import exact, suite
from fourhundred.spec.house import EXAMPLES
from fourhundred.spec.registry import load

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def test_rules_shows_the_house_rules_and_never_the_sources_title_alone() -> None:
    result = cli("rules", "pagat-41(min_bid=2,double_from=none)", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["variant"] == "pagat-41(house,min_bid=2,double_from=none)"
    assert data["title"].startswith("house rules (no source has them)")
    assert [(e["knob"], e["value"]) for e in data["house_rules"]] == [
        ("min_bid", "2"),
        ("double_from", "none"),
    ]
    assert data["bids"][0] == 2
    text = cli("rules", "pagat-41(min_bid=2)")
    assert "house rule min_bid=2 (no source)" in text.stdout


@pytest.mark.parametrize("example", [e.text for e in EXAMPLES])
def test_fuzz_plays_each_table_against_the_reference_without_a_disagreement(example: str) -> None:
    result = cli("fuzz", "--variant", example, "--cases", "150", "--seed", "3")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 disagreements" in result.stdout


def test_simulate_plays_house_rules_and_says_so() -> None:
    result = cli("simulate", "pagat-41(fail_penalty=tricks)", "--games", "200", "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    assert "pagat-41(house,fail_penalty=tricks)" in json.dumps(data)


def test_export_of_house_rules_is_what_an_exact_declaration_is_sent(tmp_path: Path) -> None:
    target = tmp_path / "house.json"
    result = cli(
        "conformance", "export", "--variant", "pagat-41(fail_penalty=tricks)", "-o", str(target)
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(target.read_text())
    schema = json.loads((suite.SCHEMA_DIR / "export.schema.json").read_text())
    jsonschema.validate(data, schema)
    house = str(load("pagat-41(fail_penalty=tricks)"))
    assert data["variant"] == house
    expected = exact.exact_runs(suite.load_cases(), [house])
    published = suite.select_runs(suite.load_cases(), variants=[house])
    assert {c["id"] for c in data["cases"]} == {r.id for r in [*published, *expected]}


@pytest.mark.parametrize(
    "command", [("rules",), ("simulate", "--games", "1"), ("fuzz", "--cases", "1", "--variant")]
)
def test_a_bad_knob_is_one_error_line_for_every_command(command: tuple[str, ...]) -> None:
    result = cli(*command, "pagat-41(deal_min=99)")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:")
    assert "deal_min cannot be '99'; allowed values: a whole number from 4 to 13" in lines[0]
