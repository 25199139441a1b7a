"""Reports never look green for a run that did not check everything, and every
text that comes from outside is escaped for the medium it is written to."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from stoppable import start_command

from fourhundred.cli import cli
from fourhundred.conformance import reports, suite
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import Run

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"
#: Nine game_outcome cases of Syrian 41; the bad adapters misbehave on ...0003.
FEW = ["--kind", "game_outcome", "--variant", "pagat-41", "--id", "game_outcome.pagat-41.000?"]
HOSTILE = "engine[/] <img src=x> <script>x</script> | `tick` \x1b[31mred\x00 [bold]"


def adapter(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(ADAPTERS / f"{name}.py"), *args])


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def outputs(folder: Path) -> dict[str, Path]:
    names = ("report.jsonl", "junit.xml", "summary.md", "badge.json", "baseline.json")
    return {name: folder / name for name in names}


def output_options(files: dict[str, Path]) -> list[str]:
    return [
        "--report", str(files["report.jsonl"]),
        "--junit", str(files["junit.xml"]),
        "--markdown", str(files["summary.md"]),
        "--badge", str(files["badge.json"]),
        "--write-baseline", str(files["baseline.json"]),
    ]  # fmt: skip


def report_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def assert_reports_say_incomplete(files: dict[str, Path], not_run: int, why: str) -> None:
    footer = report_lines(files["report.jsonl"])[-1]
    validator = jsonschema.Draft202012Validator(
        json.loads((suite.SCHEMA_DIR / "report.schema.json").read_text())
    )
    for line in report_lines(files["report.jsonl"]):
        validator.validate(line)
    assert footer["type"] == "footer" and footer["complete"] is False
    assert footer["not_run"] == not_run and why in footer["incomplete_reason"]
    root = ET.parse(files["junit.xml"]).getroot()
    assert int(root.get("errors", "0")) >= not_run
    assert int(root.get("tests", "0")) == footer["planned"]
    assert len(root.findall(".//error[@type='not_run']")) == not_run
    badge = json.loads(files["badge.json"].read_text())
    assert badge["color"] != "brightgreen" and f"{not_run} not run" in badge["message"]
    summary = files["summary.md"].read_text()
    assert "INCOMPLETE RUN" in summary and f"{not_run} of {footer['planned']}" in summary
    assert not files["baseline.json"].exists()


def test_an_adapter_that_crashes_for_good_gives_reports_that_say_what_was_not_run(
    tmp_path: Path,
) -> None:
    files = outputs(tmp_path)
    result = invoke(
        "conformance", "run", "-q", "--adapter", adapter("crash_for_good", str(tmp_path / "broken")),
        *FEW, *output_options(files),
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert_reports_say_incomplete(files, 7, "could not be restarted")
    assert "7 NOT RUN" in result.stdout
    assert "run incomplete: 7 of 9 planned runs not run" in result.stderr
    assert "--write-baseline: not written" in result.stderr


def test_an_adapter_that_cannot_start_still_gets_every_report_marked_incomplete(
    tmp_path: Path,
) -> None:
    files = outputs(tmp_path)
    result = invoke(
        "conformance",
        "run",
        "-q",
        "--adapter",
        adapter("no_handshake"),
        *FEW,
        *output_options(files),
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("runner error:") and "handshake" not in result.stdout
    assert_reports_say_incomplete(files, 9, "handshake")


def test_ctrl_c_writes_every_report_marked_incomplete_and_exits_130(tmp_path: Path) -> None:
    files = outputs(tmp_path)
    process = start_command(
        "conformance", "run", "-q",
        "--adapter", adapter("hang"), "--timeout", "600", *FEW, *output_options(files),
    )  # fmt: skip
    try:
        for _ in range(1200):  # up to two minutes for the two cases before the hang
            report = files["report.jsonl"]
            if report.exists() and len(report.read_text().splitlines()) >= 3:
                break
            time.sleep(0.1)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stdout + stderr
    assert "Traceback" not in stderr
    assert_reports_say_incomplete(files, 7, "interrupted")
    assert report_lines(files["report.jsonl"])[-1]["exit_code"] == 130


def test_a_run_that_checked_nothing_is_an_error_saying_why(tmp_path: Path) -> None:
    badge = tmp_path / "badge.json"
    result = invoke(
        "conformance", "run", "-q", "--adapter", adapter("declares_nothing"), *FEW,
        "--badge", str(badge),
    )  # fmt: skip
    assert result.exit_code == 2
    assert "nothing was checked" in result.stderr and "9 were not applicable" in result.stderr
    assert json.loads(badge.read_text())["color"] != "brightgreen"


def test_two_outputs_on_one_path_are_refused_before_the_run(tmp_path: Path) -> None:
    same = str(tmp_path / "x")
    result = invoke("conformance", "run", "--report", same, "--junit", same, *FEW)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --report and --junit both name")
    assert not Path(same).exists()


@pytest.mark.parametrize("option", ["--junit", "--markdown", "--badge", "--write-baseline"])
def test_an_output_in_a_missing_folder_is_refused_before_the_run(option: str) -> None:
    result = invoke("conformance", "run", option, "/nonexistent/x.json", *FEW)
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: {option} /nonexistent/x.json: cannot write it: no such folder /nonexistent\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ("conformance", "run", "-q", "--junit", "/dev/full", *FEW),
        ("conformance", "run", "-q", "--report", "/dev/full", *FEW),
        ("conformance", "export", "--variant", "41", "-o", "/dev/full"),
        ("play", "--out", "/dev/full"),
    ],
)
def test_a_full_disk_is_one_error_line(args: tuple[str, ...]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fourhundred", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 2, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "/dev/full" in errors[0] and "Traceback" not in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_export_to_a_full_standard_output_is_an_error_line_not_a_traceback() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "fourhundred", "conformance", "export", "--variant", "41"],
            stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=300,
        )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == "error: cannot write standard output: No space left on device\n"


def test_hostile_adapter_text_cannot_break_the_console_junit_or_markdown(tmp_path: Path) -> None:
    files = outputs(tmp_path)
    result = invoke(
        "conformance",
        "run",
        "-q",
        "--adapter",
        adapter("hostile_text"),
        *FEW,
        *output_options(files),
    )
    assert result.exit_code == 2, result.output
    assert (
        "[/src/engine.rs:12]" in result.stdout
        and "[/opt/engine/bin] config not found" in result.stdout
    )
    assert (
        "engine[/]" in result.stdout and "\x1b" not in result.stdout and "\x00" not in result.stdout
    )
    root = ET.parse(files["junit.xml"]).getroot()  # well-formed despite ANSI and NUL
    assert "[/src/engine.rs:12]" in (root.find(".//error").get("message") or "")  # type: ignore[union-attr]
    summary = files["summary.md"].read_text()
    assert "<img" not in summary and "<script" not in summary and "\x1b" not in summary
    assert "engine\\[/\\] &lt;img src=x" in summary


def run_of(case_id: str, description: str = "a case") -> Run:
    case = {
        "id": case_id, "kind": "bid_value", "description": description, "variants": ["qahwa-400"],
        "rules": ["qahwa §Scoring"], "ambiguities": [], "input": {"bid": 5}, "expected": {"value": 10},
    }  # fmt: skip
    return Run(case, "qahwa-400")


def test_a_summary_counts_every_planned_run_without_an_outcome_as_not_run() -> None:
    planned = [run_of(f"bid_value.x.{n}") for n in range(5)]
    done = [Outcome(planned[0], "pass"), Outcome(planned[2], "pass")]
    summary = reports.RunSummary.of(done, planned)
    assert [run.id for run in summary.not_run] == [
        "bid_value.x.1",
        "bid_value.x.3",
        "bid_value.x.4",
    ]
    assert not summary.complete and summary.incomplete_reason
    assert reports.exit_code(summary) == 2
    assert reports.badge(summary)["color"] == "red"
    whole = reports.RunSummary.of([Outcome(run, "pass") for run in planned], planned)
    assert whole.complete and reports.exit_code(whole) == 0
    assert reports.badge(whole) == {
        "schemaVersion": 1,
        "label": "400 conformance",
        "message": "5/5 passed",
        "color": "brightgreen",
    }


def test_fail_fast_stops_are_incomplete_but_keep_the_failure_exit_status() -> None:
    planned = [run_of(f"bid_value.x.{n}") for n in range(3)]
    summary = reports.RunSummary.of(
        [Outcome(planned[0], "fail", "wrong")], planned, reports.FAIL_FAST_REASON
    )
    assert reports.exit_code(summary) == 1
    assert "2 of 3 planned runs not run" in summary.incomplete_text()


def test_the_json_lines_report_never_holds_nan_or_infinity() -> None:
    outcome = Outcome(
        run_of("bid_value.x.1"), "fail", "bad", {"value": [float("nan"), float("-inf")]}
    )
    line = reports.json_line(outcome.to_json())
    assert "NaN" not in line and "Infinity" not in line.replace("'-inf'", "")
    assert json.loads(line)["actual"] == {"value": ["nan", "-inf"]}


def test_junit_is_well_formed_whatever_the_case_and_adapter_say() -> None:
    run = run_of("bid_value.x.1", "desc \x00\x1b[31m <&> ]]>")
    outcome = Outcome(run, "error", "msg \x00\x07 \ud800", stderr="\x1b[2J\x00tail")
    summary = reports.RunSummary.of(
        [outcome], [run, run_of("bid_value.x.2")], "interrupted (Ctrl-C)"
    )
    root = ET.fromstring(reports.junit_xml(summary, "suite \x00", reports.Rerun()))
    assert root.get("tests") == "2" and root.get("errors") == "2"
    assert "\\x00" in (root.find(".//error").text or "")  # type: ignore[union-attr]


def test_the_undeclared_variants_line_says_which_of_its_runs_another_reason_counts() -> None:
    """Each not-applicable run counts once, under its first reason (the kind before the
    variant): a whole game of an undeclared variant, to an adapter without whole games,
    is counted as of an undeclared kind. The line folding the variant's rows says so,
    so that its count and the not-applicable counts add up."""
    from fourhundred.conformance.protocol import NOT_DECLARED

    def outcome(kind: str, variant: str, status: str, why: str = "") -> Outcome:
        return Outcome(Run({"id": f"{kind}.x", "kind": kind, "input": {}}, variant), status, why)

    outcomes = [
        outcome("whole_game", "medallon-400", "not_applicable", NOT_DECLARED["kind"]),
        outcome("bid_value", "medallon-400", "not_applicable", NOT_DECLARED["variant"]),
        outcome("bid_value", "medallon-400", "not_applicable", NOT_DECLARED["variant"]),
        outcome("bid_value", "qahwa-400", "pass"),
    ]
    line = reports.undeclared_text(["medallon-400"], outcomes, "variant")
    assert line == (
        "variants not declared by the adapter (3 runs not applicable): medallon-400; of "
        "these, the not-applicable line counts 1 as kind not declared by the adapter"
    )
    assert reports.not_applicable_text(outcomes) == (
        "not applicable: 3 runs (2 variant not declared by the adapter, "
        "1 kind not declared by the adapter)"
    )
    only_variant = outcomes[1:]
    assert reports.undeclared_text(["medallon-400"], only_variant, "variant") == (
        "variants not declared by the adapter (2 runs not applicable): medallon-400"
    )
