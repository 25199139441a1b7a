"""House rules through the conformance suite (issue #26): an engine that plays a table's
house rules, declared exactly, passes every case it is sent, with derived expectations;
the same engine claiming the plain source variant fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_conformance_exact import conformance
from test_conformance_exact import report_cases as report_lines

from fourhundred.conformance import exact, suite
from fourhundred.spec.registry import load

ADAPTER = Path(__file__).resolve().parent / "adapters" / "house_tables.py"
TABLES = {
    "min2-face": "pagat-41(min_bid=2,double_from=none)",
    "team80": "pagat-41(win_measure=team_total,target=80,partner_condition=non_negative)",
    "fail-tricks": "pagat-41(fail_penalty=tricks)",
    "turned": "pagat-41(min_bid=2,double_from=none,trump=turned)",
    # No table of the suite: its rule points are derived at run time.
    "to150-free": "pagat-41(target=150,partner_condition=off)",
}
#: Planted mistakes in a table's engine, each caught under the exact declaration.
BUGS = {
    "turned-bug": "turned",
    "to150-free-bug": "to150-free",
    "to150-free-target": "to150-free",
}


def run_table(
    table: str, declaration: str, tmp_path: Path
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """``conformance run`` of the planted engine of ``table``, declared ``exact`` or
    ``plain``: the process and the report's case lines."""
    report = tmp_path / "report.jsonl"
    command = f"{sys.executable} {ADAPTER} {table} {declaration}"
    result = conformance("run", "-q", "--adapter", command, "--report", str(report))
    return result, report_lines(report)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_an_engine_of_house_rules_is_green_under_its_exact_declaration(
    table: str, tmp_path: Path
) -> None:
    result, lines = run_table(table, "exact", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    ran = [line for line in lines if line["status"] != "not_applicable"]
    canonical = str(load(TABLES[table]))
    assert ran and all(line["status"] == "pass" for line in ran)
    assert {line["variant"] for line in ran} == {canonical}
    assert "(house," in canonical
    derived = [line for line in ran if line.get("derived")]
    assert len(derived) > 100
    assert f"derived expectations (exact settings): {len(derived)} passed" in result.stdout


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_same_engine_fails_under_the_plain_source_variant(table: str, tmp_path: Path) -> None:
    result, lines = run_table(table, "plain", tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    failed = [line for line in lines if line["status"] == "fail"]
    assert failed and all(line["variant"] == "pagat-41" for line in failed)


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_a_planted_mistake_in_a_house_rules_engine_fails_under_its_exact_declaration(
    bug: str, tmp_path: Path
) -> None:
    result, lines = run_table(bug, "exact", tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    failed = [line for line in lines if line["status"] == "fail"]
    assert failed and {line["variant"] for line in failed} == {str(load(TABLES[BUGS[bug]]))}


def test_the_runtime_cases_of_a_house_string_catch_a_knob_the_derived_cases_miss(
    tmp_path: Path,
) -> None:
    """The partner condition switched off beside a target of 150: no case of Syrian 41
    has a partner at 0 or below beside a score of 150, so only the case derived for
    the point at run time catches an engine that keeps the condition."""
    _, lines = run_table("to150-free-bug", "exact", tmp_path)
    failed = [line["id"] for line in lines if line["status"] == "fail"]
    assert failed and all(".house-points." in case_id for case_id in failed)


@pytest.mark.parametrize("table", ["to150-free", "turned"])
def test_every_rule_point_of_a_declared_house_string_is_caught_by_a_case_it_is_sent(
    table: str,
) -> None:
    """Each knob the string sets has points (a wrong implementation of it), and each
    point fails some run an exact declaration is sent: published, derived or added."""
    from fourhundred.conformance.house_points import house_points
    from fourhundred.conformance.mutants import Killer
    from fourhundred.spec.house import fields_of

    rules = load(TABLES[table])
    cases = suite.load_cases()
    runs = exact.exact_runs(cases, [str(rules)]) + suite.select_runs(cases, variants=[str(rules)])
    found = house_points(rules)
    for field in fields_of(rules):
        named = "value-" if field == "values" else f"/{field}="
        assert any(named in point.id for point in found), field
    killer = Killer()
    missed = [point.id for point in found if not killer.killing(point.mutant, runs, limit=1)]
    assert not missed


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
