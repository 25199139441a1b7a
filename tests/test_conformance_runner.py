"""The conformance runner: reports, exit codes, filters, baselines, and survival of bad adapters."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fourhundred.conformance import suite

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"
FOURHUNDRED = [sys.executable, "-m", "fourhundred"]
#: Nine game_outcome cases of Syrian 41, ids ...0001 to ...0009: the bad adapters misbehave on ...0003.
FEW = ["--kind", "game_outcome", "--variant", "pagat-41", "--id", "game_outcome.pagat-41.000?"]


def conformance(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*FOURHUNDRED, "conformance", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


def bad_adapter(name: str) -> str:
    return f"{sys.executable} {ADAPTERS / name}.py"


def report_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def schema(name: str) -> dict[str, Any]:
    return json.loads((suite.SCHEMA_DIR / name).read_text())


def test_the_check_command_passes_on_the_committed_suite() -> None:
    result = conformance("check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "suite OK" in result.stdout


def test_the_default_run_checks_the_reference_and_writes_every_report(tmp_path: Path) -> None:
    files = {
        name: tmp_path / name for name in ("report.jsonl", "junit.xml", "summary.md", "badge.json")
    }
    result = conformance(
        "run",
        "-q",
        "--report",
        str(files["report.jsonl"]),
        "--junit",
        str(files["junit.xml"]),
        "--markdown",
        str(files["summary.md"]),
        "--badge",
        str(files["badge.json"]),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed, 0 errored" in result.stdout
    lines = report_lines(files["report.jsonl"])
    validator = jsonschema.Draft202012Validator(schema("report.schema.json"))
    for line in lines:
        validator.validate(line)
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "footer"
    assert lines[-1]["exit_code"] == 0
    runs = sum(len(case["variants"]) for case in suite.load_cases())
    assert lines[-1]["counts"]["pass"] == runs == len(lines) - 2
    tree = ET.parse(files["junit.xml"])
    assert int(tree.getroot().get("tests", "0")) == runs
    assert "| whole_game |" in files["summary.md"].read_text()
    badge = json.loads(files["badge.json"].read_text())
    assert badge == {
        "schemaVersion": 1,
        "label": "400 conformance",
        "message": f"{runs}/{runs} passed",
        "color": "brightgreen",
    }


@pytest.mark.parametrize(
    ("adapter", "problem"),
    [
        ("hang", "timed out"),
        ("crash", "closed its output"),
        ("garbage", "not valid JSON"),
        ("wrong_seq", "wrong seq"),
        ("stderr_flood", "stderr flood"),
    ],
)
def test_a_bad_adapter_costs_one_case_and_the_run_goes_on(
    tmp_path: Path, adapter: str, problem: str
) -> None:
    report = tmp_path / "report.jsonl"
    result = conformance(
        "run",
        "-q",
        "--adapter",
        bad_adapter(adapter),
        "--timeout",
        "1",
        "--report",
        str(report),
        *FEW,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    lines = report_lines(report)
    cases = {line["id"]: line for line in lines if line["type"] == "case"}
    assert len(cases) == 9
    assert cases["game_outcome.pagat-41.0003"]["status"] == "error"
    assert problem in cases["game_outcome.pagat-41.0003"]["message"]
    assert all(line["status"] == "pass" for key, line in cases.items() if not key.endswith("3"))
    assert lines[-1]["type"] == "footer" and lines[-1]["exit_code"] == 2
    assert "--id game_outcome.pagat-41.0003 --variant pagat-41" in result.stdout


def test_the_stderr_tail_of_a_crashing_adapter_is_reported(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    conformance("run", "-q", "--adapter", bad_adapter("crash"), "--report", str(report), *FEW)
    crashed = next(line for line in report_lines(report) if line.get("status") == "error")
    assert "fatal: cannot handle game_outcome.pagat-41.0003" in crashed["stderr"]


def test_an_adapter_that_fails_the_handshake_is_a_runner_error() -> None:
    result = conformance("run", "-q", "--adapter", bad_adapter("no_handshake"), *FEW)
    assert result.returncode == 2
    assert "handshake" in result.stderr and "protocol version" in result.stderr


def test_a_missing_adapter_program_is_a_runner_error() -> None:
    result = conformance("run", "-q", "--adapter", "/no/such/adapter --flag", *FEW)
    assert result.returncode == 2
    assert "cannot start the adapter" in result.stderr


def test_failures_show_the_input_the_expectation_the_rule_and_a_rerun_command() -> None:
    result = conformance(
        "run", "-q", "--adapter", bad_adapter("wrong_answers"), "--kind", "bid_value", "--show", "1"
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "FAIL" in result.stdout
    assert "value: expected 40, got 41" in result.stdout
    assert "rules: qahwa §" in result.stdout
    assert "input:" in result.stdout and "expected:" in result.stdout and "actual:" in result.stdout
    # started as `python -m fourhundred`: the rerun line repeats that, so it pastes and runs
    assert f"rerun: {sys.executable} -m fourhundred conformance run --adapter" in result.stdout
    assert "not applicable" in result.stdout


def test_cases_an_adapter_did_not_declare_are_not_sent_but_reported_not_applicable(
    tmp_path: Path,
) -> None:
    report = tmp_path / "report.jsonl"
    conformance(
        "run",
        "-q",
        "--adapter",
        bad_adapter("wrong_answers"),
        "--kind",
        "bid_value",
        "--report",
        str(report),
    )
    statuses = {
        (line["variant"], line["status"]) for line in report_lines(report) if line["type"] == "case"
    }
    applicable = {variant for variant, status in statuses if status != "not_applicable"}
    assert applicable == {"qahwa-400", "qahwa-400(table=classic)"}
    assert ("medallon-400", "not_applicable") in statuses


def test_a_baseline_of_known_failures_passes_and_flags_unexpected_passes(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    wrong = bad_adapter("wrong_answers")
    first = conformance(
        "run", "-q", "--adapter", wrong, "--kind", "bid_value", "--write-baseline", str(baseline)
    )
    assert first.returncode == 1
    known = json.loads(baseline.read_text())["known_failures"]
    assert known and all("@qahwa-400" in key for key in known)
    second = conformance(
        "run", "-q", "--adapter", wrong, "--kind", "bid_value", "--baseline", str(baseline)
    )
    assert second.returncode == 0, second.stdout
    assert f"{len(known)} known failures" in second.stdout
    baseline.write_text(json.dumps({"known_failures": ["bid_value.qahwa-400.0001"]}))
    third = conformance(
        "run",
        "-q",
        "--adapter",
        wrong,
        "--kind",
        "bid_value",
        "--variant",
        "qahwa-400",
        "--baseline",
        str(baseline),
    )
    assert third.returncode == 1
    assert "1 unexpected passes" in third.stdout


def test_fail_fast_stops_at_the_first_failure(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    result = conformance(
        "run",
        "-q",
        "--adapter",
        bad_adapter("wrong_answers"),
        "--kind",
        "bid_value",
        "--fail-fast",
        "--report",
        str(report),
    )
    assert result.returncode == 1
    statuses = [line["status"] for line in report_lines(report) if line["type"] == "case"]
    assert statuses.count("fail") == 1 and statuses[-1] == "fail"


def test_filters_that_match_nothing_and_bad_commands_are_clear_errors() -> None:
    nothing = conformance("run", "--id", "no.such.case")
    assert nothing.returncode == 2 and "no case matches" in nothing.stderr
    quote = conformance("run", "--adapter", "python 'unbalanced")
    assert quote.returncode == 2 and "--adapter" in quote.stderr
    kind = conformance("run", "--kind", "bidding")
    assert kind.returncode == 2 and "is not a kind" in kind.stderr
    variant = conformance("run", "--variant", "qahwa-400(nonsense=1)")
    assert variant.returncode == 2 and "nonsense" in variant.stderr
    unwritable = conformance(
        "run", "--kind", "legal_bids", "--report", "/no/such/folder/report.jsonl"
    )
    assert unwritable.returncode == 2 and "cannot write it" in unwritable.stderr


def _processes_naming(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in command:
                found.append(int(entry.name))
    return found


def test_the_report_is_streamed_so_an_interrupted_run_keeps_what_it_did(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    # The adapter's MARKS file (tests/adapters/hang.py), named uniquely so that the
    # processes holding it in their command line are this test's adapters.
    marker = str(tmp_path / f"killed-runner-{os.getpid()}-{time.monotonic_ns()}")
    process = subprocess.Popen(
        [
            *FOURHUNDRED,
            "conformance",
            "run",
            "-q",
            "--adapter",
            f"{bad_adapter('hang')} {marker}",
            "--timeout",
            "600",
            "--report",
            str(report),
            *FEW,
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for _ in range(600):  # wait (up to a minute) for the two cases before the hang
            if report.exists() and len(report.read_text().splitlines()) >= 3:
                break
            time.sleep(0.1)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    lines = report_lines(report)
    assert lines[0]["type"] == "header"
    assert [line["status"] for line in lines[1:]] == ["pass", "pass"]
    # The adapter runs in a session of its own, out of reach of the killpg above; a
    # runner killed for good still leaves no adapter behind (the parent-death signal).
    for _ in range(50):
        if not _processes_naming(marker):
            break
        time.sleep(0.1)
    assert _processes_naming(marker) == []


def test_the_reference_adapter_speaks_the_documented_protocol() -> None:
    validator = jsonschema.Draft202012Validator(schema("protocol.schema.json"))
    runs = suite.select_runs(suite.load_cases(), kinds=("bid_value", "whole_game"))[:3]
    messages = (
        [{"cmd": "start", "version": 1}]
        + [{"cmd": "run", "seq": n, "case": run.message()} for n, run in enumerate(runs, start=1)]
        + [
            {
                "cmd": "run",
                "seq": 99,
                "case": {"id": "x", "kind": "bid_value", "variant": "nonsense-400", "input": {}},
            }
        ]
    )
    for message in messages:
        validator.validate(message)
    result = subprocess.run(
        [sys.executable, "-m", "fourhundred.conformance.adapter"],
        input="".join(json.dumps(m) + "\n" for m in [*messages, {"cmd": "stop"}]),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(messages)
    for answer in answers:
        validator.validate(answer)
    assert answers[0]["implementation"]["language"] == "python"
    assert [a["seq"] for a in answers[1:]] == [1, 2, 3, 99]
    assert "skipped" in answers[-1]


def test_export_flattens_the_suite_for_one_variant(tmp_path: Path) -> None:
    target = tmp_path / "pagat-41.json"
    result = conformance("export", "--variant", "41", "-o", str(target))
    assert result.returncode == 0, result.stderr
    data = json.loads(target.read_text())
    jsonschema.validate(data, schema("export.schema.json"))
    assert data["variant"] == "pagat-41"
    assert {case["variant"].split("(")[0] for case in data["cases"]} == {"pagat-41"}
    assert {case["kind"] for case in data["cases"]} >= {
        "whole_game",
        "trick_winner",
        "table_minimum",
    }


def test_protocol_validation_names_the_bad_field_of_an_answer() -> None:
    from fourhundred.conformance.runner import AdapterFailure, protocol_validator

    check = protocol_validator("answer")
    check({"seq": 1, "result": {"winner": 0}})
    with pytest.raises(AdapterFailure, match="protocol schema"):
        check({"seq": "one", "result": {}})
    with pytest.raises(AdapterFailure):
        check({"seq": 1, "result": {}, "skipped": {"message": "both"}})


def test_a_crash_inside_a_batch_is_blamed_on_the_case_that_crashes_alone(tmp_path: Path) -> None:
    # The bundled adapter answers a whole window at once, so a crash loses every
    # answer of the window; the runner must re-send the window case by case and
    # blame only the case that crashes on its own (here: leading with the ace of
    # spades), not the innocent case at the head of the window.
    crashing = f"{sys.executable} {ROOT / 'tests' / 'fuzz_adapters' / 'crashes.py'}"
    report = tmp_path / "report.jsonl"
    result = conformance(
        "run", "--adapter", crashing, "--kind", "legal_plays", "--kind", "bid_value",
        "--variant", "qahwa-400", "--report", str(report), "-q",
    )  # fmt: skip
    assert result.returncode == 2, result.stdout + result.stderr
    outcomes = [line for line in report_lines(report) if line["type"] == "case"]
    errors = [line for line in outcomes if line["status"] != "pass"]
    assert [line["status"] for line in errors] == ["error"]
    assert "AS" in errors[0]["input"]["hand"] and errors[0]["input"]["led"] is None
    assert "exit status 3" in errors[0]["message"]
    assert len(outcomes) > 100


def _pasted(line: str) -> list[str]:
    """A printed command line as argv: started as ``python -m fourhundred``, the line
    repeats this very interpreter, so it runs as printed."""
    words = shlex.split(line)
    assert words[:3] == [sys.executable, "-m", "fourhundred"], line
    return words


def test_the_printed_rerun_line_keeps_cases_and_the_options_that_decide_the_outcome_and_runs(
    tmp_path: Path,
) -> None:
    (tmp_path / "mine").mkdir()
    data = json.loads((suite.CASES_DIR / "bid_value" / "qahwa-400.json").read_text())
    for case in data["cases"]:
        case["id"] = case["id"].replace("qahwa-400", "mine")  # ids the suite does not have
    (tmp_path / "mine" / "copy.json").write_text(json.dumps(data))
    result = conformance(
        "run", "-q", "--adapter", bad_adapter("wrong_answers"), "--cases", str(tmp_path / "mine"),
        "--timeout", "7", "--show", "1",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    line = next(text for text in result.stdout.splitlines() if text.startswith("  rerun: "))
    rerun = line.removeprefix("  rerun: ")
    assert "--cases" in rerun and "--timeout 7" in rerun and "bid_value.mine." in rerun
    again = subprocess.run(_pasted(rerun), capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert again.returncode == 1, again.stdout + again.stderr
    assert "1 failed, 0 errored" in again.stdout and "0 passed" in again.stdout


#: An adapter that fails every case, writing its traceback to stderr and in its answer.
ERRING_ADAPTER = """
import json, sys, traceback
HELLO = {"version": 1, "implementation": {"name": "erring", "version": "1", "language": "python"},
         "kinds": ["trick_winner"], "variants": {"qahwa-400": []}}
def engine(case):
    raise ValueError("no trick for " + case["id"])
for line in sys.stdin:
    message = json.loads(line)
    if message["cmd"] == "start":
        print(json.dumps(HELLO), flush=True)
    elif message["cmd"] == "run":
        try:
            engine(message["case"])
        except ValueError as error:
            trace = traceback.format_exc()
            sys.stderr.write(trace)
            sys.stderr.flush()
            answer = {"message": str(error), "traceback": trace}
            print(json.dumps({"seq": message["seq"], "errored": answer}), flush=True)
    else:
        break
"""


def test_an_errored_case_shows_the_adapters_traceback_once_and_undeclared_rows_as_one_line(
    tmp_path: Path,
) -> None:
    adapter = tmp_path / "erring.py"
    adapter.write_text(ERRING_ADAPTER)
    junit, markdown = tmp_path / "junit.xml", tmp_path / "summary.md"
    result = conformance(
        "run", "-q", "--adapter", f"{sys.executable} {adapter}", "--kind", "trick_winner",
        "--id", "trick_winner.all.000?", "--show", "1", "--junit", str(junit),
        "--markdown", str(markdown),
    )  # fmt: skip
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout.count("Traceback (most recent call last)") == 1
    assert result.stdout.count("in engine") == 1
    assert "variants not declared by the adapter (36 runs not applicable): " in result.stdout
    assert "arab3meyeh-400, medallon-400, pagat-400, pagat-41" in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("pagat-41 ")]
    summary = markdown.read_text()
    assert "| pagat-41 |" not in summary and "| qahwa-400 |" in summary
    assert "variants not declared by the adapter (36 runs not applicable)" in summary
    root = ET.parse(junit).getroot()
    assert root.get("tests") == "9" and root.get("errors") == "9"
    assert root.findall(".//skipped") == []
    assert len(root.findall(".//testcase")) == 9
    (applicable,) = root.findall(".//property[@name='not_applicable']")
    assert applicable.get("value") == "36"
    assert all(
        (error.text or "").count("Traceback (most recent call last)") == 1
        for error in root.iter("error")
    )


def test_fail_fast_lists_no_not_applicable_case(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    result = conformance(
        "run", "-q", "--adapter", bad_adapter("wrong_answers"), "--kind", "bid_value",
        "--fail-fast", "--junit", str(junit),
    )  # fmt: skip
    assert result.returncode == 1
    assert "variants not declared by the adapter" in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("medallon-400")]
    root = ET.parse(junit).getroot()
    assert root.findall(".//skipped") == []
