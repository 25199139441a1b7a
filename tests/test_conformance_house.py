"""House rules through the conformance suite (issue #26): an engine that plays a table's
house rules, declared exactly, passes every case it is sent, with derived expectations;
the same engine claiming the plain source variant fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_conformance_exact import conformance
from test_conformance_exact import report_cases as report_lines

from fourhundred.conformance import suite
from fourhundred.spec.registry import load

ADAPTER = Path(__file__).resolve().parent / "adapters" / "house_tables.py"
TABLES = {
    "min2-face": "pagat-41(min_bid=2,double_from=none)",
    "team80": "pagat-41(win_measure=team_total,target=80,partner_condition=non_negative)",
    "fail-tricks": "pagat-41(fail_penalty=tricks)",
}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_an_engine_of_house_rules_is_green_under_its_exact_declaration(
    table: str, tmp_path: Path
) -> None:
    report = tmp_path / "report.jsonl"
    command = f"{sys.executable} {ADAPTER} {table} exact"
    result = conformance("run", "-q", "--adapter", command, "--report", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    ran = [line for line in report_lines(report) if line["status"] != "not_applicable"]
    canonical = str(load(TABLES[table]))
    assert ran and all(line["status"] == "pass" for line in ran)
    assert {line["variant"] for line in ran} == {canonical}
    assert "(house," in canonical
    derived = [line for line in ran if line.get("derived")]
    assert len(derived) > 100
    assert f"derived expectations (exact settings): {len(derived)} passed" in result.stdout


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_same_engine_fails_under_the_plain_source_variant(table: str, tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    command = f"{sys.executable} {ADAPTER} {table} plain"
    result = conformance("run", "-q", "--adapter", command, "--report", str(report))
    assert result.returncode == 1, result.stdout + result.stderr
    failed = [line for line in report_lines(report) if line["status"] == "fail"]
    assert failed and all(line["variant"] == "pagat-41" for line in failed)


def test_an_engine_declaring_every_option_is_not_sent_house_rules() -> None:
    """House rules are not options: only an exact declaration covers them."""
    from fourhundred.conformance.runner import supports

    house = str(load(TABLES["fail-tricks"]))
    case = next(c for c in suite.load_cases() if c["kind"] == "bid_value")
    run = suite.Run({**case, "variants": [house]}, house)
    every_option = {"kinds": [case["kind"]], "variants": {"pagat-41": ["*"]}, "exact": []}
    assert not supports(every_option, run)
    assert supports({**every_option, "exact": [house]}, run)
    assert supports({**every_option, "variants": {"pagat-41": ["*", "house"]}}, run)


def test_the_suite_has_cases_of_every_house_rules_table_and_the_reference_passes_them(
    tmp_path: Path,
) -> None:
    from fourhundred.spec.house import EXAMPLES

    listed = {v for case in suite.load_cases() for v in case["variants"]}
    tables = [str(load(example.text)) for example in EXAMPLES]
    assert set(tables) <= listed
    report = tmp_path / "report.jsonl"
    result = conformance("run", "-q", "--variant", tables[0], "--report", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    ran = [line for line in report_lines(report) if line["status"] == "pass"]
    assert ran and {line["variant"] for line in ran} == {tables[0]}
