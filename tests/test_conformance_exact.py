"""Exact declarations (issue #12, item 3): an adapter that declares ``"exact"``
variant strings gets every case of the same base variant valid under them, with
the reference's expectation under the exact setting, marked derived
(``conformance/ADAPTERS.md``, "Exact settings" and "Derived expectations")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fourhundred.conformance import exact, suite
from fourhundred.conformance.kinds import kind
from fourhundred.conformance.runner import AdapterFailure, check_hello
from fourhundred.spec.registry import load

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"
CLASSIC = "qahwa-400(table=classic)"


def conformance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", "conformance", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def exact_adapter(*args: str) -> str:
    quoted = " ".join(f"'{arg}'" for arg in args)
    return f"{sys.executable} {ADAPTERS / 'exact.py'} {quoted}"


def schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((suite.SCHEMA_DIR / name).read_text())
    return data


def report_cases(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    validator = jsonschema.Draft202012Validator(schema("report.schema.json"))
    for line in lines:
        validator.validate(line)
    return [line for line in lines if line["type"] == "case"]


def a_hello(**fields: Any) -> dict[str, Any]:
    return {
        "version": 1,
        "implementation": {"name": "x", "version": "1", "language": "python"},
        "kinds": ["bid_value"],
        "variants": {},
        **fields,
    }


def test_an_exact_declaration_is_normalised_like_the_command_line() -> None:
    hello = check_hello(a_hello(exact=["QAHWA(table=classic)", CLASSIC]))
    assert hello["exact"] == [CLASSIC]


@pytest.mark.parametrize(
    "exact",
    [["qahwa-400(table=nope)"], ["nothing-400"], "qahwa-400(table=classic)", [3]],
)
def test_a_bad_exact_declaration_is_refused_at_the_handshake(exact: Any) -> None:
    with pytest.raises(AdapterFailure, match="exact"):
        check_hello(a_hello(exact=exact))


def test_a_version_1_handshake_declares_no_exact_setting() -> None:
    hello = check_hello(a_hello(variants={"qahwa": ["table=classic"]}))
    assert hello["exact"] == []
    assert hello["variants"] == {"qahwa-400": ["table=classic"]}


def test_a_bad_exact_string_stops_the_run_with_an_error_naming_it(tmp_path: Path) -> None:
    result = conformance("run", "-q", "--adapter", exact_adapter("qahwa-400(table=nope)"))
    assert result.returncode == 2
    assert "failed: exact: \"qahwa-400(table=nope)\": qahwa-400: option table cannot be 'nope'" in (
        result.stderr
    )


def test_derived_runs_keep_their_case_ids_and_come_once_per_exact_setting() -> None:
    cases = suite.load_cases()
    runs = exact.exact_runs(cases, [CLASSIC, CLASSIC])
    published = {case["id"]: case for case in cases}
    assert len({run.key for run in runs}) == len(runs)
    assert {run.variant for run in runs} == {CLASSIC}
    assert all(run.id in published for run in runs)
    assert all(CLASSIC not in published[run.id]["variants"] for run in runs)
    derived = [run for run in runs if run.derived]
    assert derived and all(not kind(run.kind).variant_free for run in derived)
    assert any(run.case["expected"] != published[run.id]["expected"] for run in derived)
    rules = load(CLASSIC)
    assert all(kind(run.kind).is_valid(rules, run.case["input"]) for run in runs)


def test_an_adapter_that_plays_only_the_classic_table_passes_every_derived_case(
    tmp_path: Path,
) -> None:
    report = tmp_path / "report.jsonl"
    markdown = tmp_path / "summary.md"
    result = conformance(
        "run", "-q", "--adapter", exact_adapter(CLASSIC),
        "--report", str(report), "--markdown", str(markdown),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    lines = report_cases(report)
    ran = [line for line in lines if line["status"] != "not_applicable"]
    derived = [line for line in ran if line.get("derived")]
    expected = exact.exact_runs(suite.load_cases(), [CLASSIC])
    assert {line["id"] for line in derived} == {run.id for run in expected if run.derived}
    assert all(line["status"] == "pass" and line["variant"] == CLASSIC for line in ran)
    assert f"derived expectations (exact settings): {len(derived)} passed" in result.stdout
    assert (
        f"derived expectations (exact settings, computed by the reference): {len(derived)} passed"
        in markdown.read_text()
    )


def test_an_engine_that_ignores_its_exact_setting_fails_derived_cases(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    result = conformance(
        "run", "-q", "--adapter", exact_adapter(CLASSIC, "qahwa-400"), "--report", str(report)
    )
    assert result.returncode == 1, result.stdout + result.stderr
    failed = [line for line in report_cases(report) if line["status"] == "fail"]
    assert any(line.get("derived") for line in failed)
    assert all(line["variant"] == CLASSIC for line in failed)


def test_a_version_1_adapter_gets_the_published_runs_only(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    result = conformance("run", "-q", "--variant", "qahwa-400", "--report", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = report_cases(report)
    published = suite.select_runs(suite.load_cases(), variants=["qahwa-400"])
    assert [f"{line['id']}@{line['variant']}" for line in lines] == [run.key for run in published]
    assert not any("derived" in line for line in lines)
    assert "derived expectations" not in result.stdout


def test_export_of_an_exact_setting_is_what_the_runner_sends(tmp_path: Path) -> None:
    target = tmp_path / "classic.json"
    result = conformance("export", "--variant", "QAHWA(table=classic)", "-o", str(target))
    assert result.returncode == 0, result.stderr
    data = json.loads(target.read_text())
    jsonschema.validate(data, schema("export.schema.json"))
    assert data["variant"] == CLASSIC
    report = tmp_path / "report.jsonl"
    run = conformance("run", "-q", "--adapter", exact_adapter(CLASSIC), "--report", str(report))
    assert run.returncode == 0, run.stdout + run.stderr
    sent = {
        (line["id"], line["variant"], line.get("derived", False))
        for line in report_cases(report)
        if line["status"] != "not_applicable"
    }
    exported = {(case["id"], case["variant"], case.get("derived", False)) for case in data["cases"]}
    assert exported == sent
    rules = load(CLASSIC)
    for case in data["cases"]:
        if case.get("derived"):
            assert case["expected"] == kind(case["kind"]).reference_answer(rules, case["input"])


def test_export_of_a_bad_variant_string_is_one_error_line(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    result = conformance("export", "--variant", "qahwa-400(table=nope)", "-o", str(target))
    assert result.returncode == 2
    assert result.stderr.startswith("error:") and len(result.stderr.strip().splitlines()) == 1
    assert not target.exists()


def test_the_rerun_command_of_a_derived_failure_reruns_that_case(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    adapter = exact_adapter(CLASSIC, "qahwa-400")
    conformance("run", "-q", "--adapter", adapter, "--report", str(report))
    failed = next(
        line
        for line in report_cases(report)
        if line["status"] == "fail" and line.get("derived") and line["kind"] == "bid_value"
    )
    rerun = tmp_path / "rerun.jsonl"
    result = conformance(
        "run", "-q", "--adapter", adapter, "--id", failed["id"], "--variant", failed["variant"],
        "--report", str(rerun),
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert [(line["id"], line["status"], line.get("derived")) for line in report_cases(rerun)] == [
        (failed["id"], "fail", True)
    ]
