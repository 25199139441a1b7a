"""Stopping a run from outside: SIGTERM, SIGHUP, a closed or full standard output.

Each stops the run the way Ctrl-C does: every report is written and says the
run was incomplete, the exit status is the signal's, and no report of an
earlier run is left looking green beside it. The tests wait on events (a line
in the streamed report), never on the clock.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from stoppable import start_command
from test_cli_reports import (
    FEW,
    adapter,
    assert_reports_say_incomplete,
    output_options,
    outputs,
    report_lines,
)

ROOT = Path(__file__).resolve().parent.parent
#: How long a test waits for an event before it gives up (a hung test, not a slow machine).
PATIENCE = 600.0


def wait_for(event: Callable[[], bool], what: str) -> None:
    """Wait until ``event()`` holds; a test that waits :data:`PATIENCE` seconds is hung."""
    deadline = time.monotonic() + PATIENCE
    while not event():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


fourhundred = start_command


def lines_in(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_write_every_report_marked_incomplete_with_the_signals_status(
    tmp_path: Path, stop: signal.Signals
) -> None:
    files = outputs(tmp_path)
    process = fourhundred(
        "conformance", "run", "-q", "--adapter", adapter("hang"), "--timeout", "600",
        *FEW, *output_options(files),
    )  # fmt: skip
    try:
        # The header and the two cases before the hang are in the streamed report.
        wait_for(lambda: lines_in(files["report.jsonl"]) >= 3, "the first two cases")
        process.send_signal(stop)
        stdout, stderr = process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + stop, stdout + stderr
    assert "Traceback" not in stderr
    assert_reports_say_incomplete(files, 7, f"interrupted ({stop.name})")
    assert report_lines(files["report.jsonl"])[-1]["exit_code"] == 128 + stop


def green_reports_of_an_earlier_run(files: dict[str, Path]) -> None:
    files["junit.xml"].write_text('<testsuites tests="9" failures="0" errors="0"></testsuites>\n')
    files["badge.json"].write_text(
        json.dumps({"schemaVersion": 1, "label": "400", "message": "9/9", "color": "brightgreen"})
    )
    files["summary.md"].write_text("# Conformance\n\n**9 passed**, 0 failed\n")


def test_no_green_report_of_an_earlier_run_is_left_beside_a_run_killed_outright(
    tmp_path: Path,
) -> None:
    files = outputs(tmp_path)
    green_reports_of_an_earlier_run(files)
    process = fourhundred(
        "conformance", "run", "-q", "--adapter", adapter("hang"), "--timeout", "600",
        *FEW, *output_options(files),
    )  # fmt: skip
    try:
        wait_for(lambda: lines_in(files["report.jsonl"]) >= 3, "the first two cases")
        process.kill()  # SIGKILL: nothing can be written at the end
        process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    badge = json.loads(files["badge.json"].read_text())
    assert badge["color"] != "brightgreen" and "incomplete" in badge["message"]
    assert 'errors="0"' not in files["junit.xml"].read_text()
    assert "not_run" in files["junit.xml"].read_text()
    assert "INCOMPLETE RUN" in files["summary.md"].read_text()
    assert "has not finished" in files["summary.md"].read_text()


def test_a_full_standard_output_still_writes_every_report_and_says_so_on_one_line(
    tmp_path: Path,
) -> None:
    files = outputs(tmp_path)
    with open("/dev/full", "w") as full:
        process = fourhundred("conformance", "run", "-q", *FEW, *output_options(files), stdout=full)
        _, stderr = process.communicate(timeout=PATIENCE)
    assert process.returncode == 2, stderr
    assert stderr == "error: cannot write standard output: No space left on device\n"
    footer = report_lines(files["report.jsonl"])[-1]
    assert footer["complete"] is True and footer["counts"]["pass"] == 9
    assert json.loads(files["badge.json"].read_text())["color"] == "brightgreen"
    assert "9 passed" in files["summary.md"].read_text() and files["junit.xml"].exists()
    assert files["baseline.json"].exists()


def test_a_standard_output_closed_mid_run_still_writes_every_report(tmp_path: Path) -> None:
    files = outputs(tmp_path)
    process = fourhundred("conformance", "run", "-q", *FEW, *output_options(files))
    assert process.stdout is not None
    process.stdout.read(5)  # like `| head -c 5`
    process.stdout.close()
    _, stderr = process.communicate(timeout=PATIENCE)
    assert process.returncode == 2, stderr
    assert stderr == "error: cannot write standard output: Broken pipe\n"
    assert report_lines(files["report.jsonl"])[-1]["counts"]["pass"] == 9
    assert json.loads(files["badge.json"].read_text())["color"] == "brightgreen"
    assert files["junit.xml"].exists() and files["summary.md"].exists()


@pytest.mark.parametrize(
    "args", [("variants",), ("rules", "pagat-41"), ("conformance", "run", "-q", *FEW)]
)
def test_no_command_prints_a_traceback_when_standard_output_is_closed(
    args: tuple[str, ...],
) -> None:
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "fourhundred", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=PATIENCE,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr == "error: cannot write standard output: it is closed\n"


# ----------------------------------------------------------------------
# Output nobody can forge
# ----------------------------------------------------------------------

FORGED = "313 passed, 0 failed, 0 errored ALL GREEN"


def test_no_adapter_text_can_start_a_line_of_its_own_on_the_console_or_in_any_report(
    tmp_path: Path,
) -> None:
    files = outputs(tmp_path)
    process = fourhundred(
        "conformance", "run", "-q", "--adapter", adapter("forger"), *FEW, *output_options(files)
    )
    stdout, stderr = process.communicate(timeout=PATIENCE)
    assert process.returncode == 2, stdout + stderr
    assert FORGED in stdout  # shown, but escaped: inside a line the runner began
    # Many-line adapter text (its stderr, a traceback) is shown line by line, each
    # escaped and indented under its label: no line at the margin is the adapter's.
    for text, where, markup in (
        (stdout, "stdout", ""),
        (stderr, "stderr", ""),
        (files["summary.md"].read_text(), "Markdown", ">-|#* "),
    ):
        assert "\u2028" not in text and "\u202e" not in text and "\r" not in text, where
        for line in text.splitlines():
            assert not line.lstrip(markup).startswith(FORGED), f"{where}: {line!r}"
    junit = files["junit.xml"].read_text()
    # An attribute never holds a line break (escaped or not), and the adapter's own
    # lines in the body are indented under their label.
    assert "&#10;" not in junit and "&#13;" not in junit and "\u2028" not in junit
    assert FORGED in junit
    for line in junit.splitlines():
        assert not line.startswith(FORGED), line
    for line in files["report.jsonl"].read_text().splitlines():
        json.loads(line)  # JSON escapes every break: one record per line
