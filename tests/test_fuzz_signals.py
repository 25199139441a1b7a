"""The fuzzer and stop signals: a signal that comes while a finding is written never
loses it or leaves it half written (the write ends, then the campaign stops as the
signal asked); and no process an adapter starts (a ``setsid`` or double-forked daemon
included) outlives the fuzzer, after a normal end, a timeout, SIGTERM and SIGKILL.

Each test waits on events (the write itself sends the signal; pid files; a process's
end), never on the clock. The adapters run under the runner's keeper
(:mod:`fourhundred.conformance.keeper`, a child subreaper).
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stoppable import start_command
from test_runner_processes import alive, wait_for

from fourhundred import stopping
from fourhundred.fuzz import cases as case_files
from fourhundred.fuzz.campaign import run_campaign
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.records import Config


class _Wrong(InProcess):
    """The reference in process, except that bids from 7 up are worth one point too many."""

    def answer(self, questions: Any) -> list[Any]:
        answers = super().answer(questions)
        for (kind, _variant, data, _expected), answer in zip(questions, answers, strict=True):
            if kind == "bid_value" and data["bid"] >= 7 and answer.result["value"] is not None:
                answer.result["value"] += 1
        return answers


def wrong(config: Config) -> InProcess:
    """:class:`_Wrong` (module level: a job process builds its own)."""
    return _Wrong()


@pytest.fixture
def stop_signals() -> Iterator[None]:
    """The command line's stop-signal handlers (:func:`fourhundred.stopping.install`)
    within the test; pytest's own after."""
    saved = {signum: signal.getsignal(signum) for signum in stopping.STOP_SIGNALS}
    stopping.install()
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_during_the_write_of_a_finding_lets_it_be_written_whole_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop_signals: None, signum: int
) -> None:
    real_append = case_files.append_line
    sent: list[int] = []

    def append_after_a_signal(path: Path, line: str) -> None:
        if not sent:  # the case file is written; the record is not yet
            sent.append(signum)
            os.kill(os.getpid(), signum)
        real_append(path, line)

    monkeypatch.setattr(case_files, "append_line", append_after_a_signal)
    out = tmp_path / "campaign"
    config = Config(
        variants=("qahwa-400",), kinds=("bid_value",), seed=3, cases=4000, implementation=wrong
    )
    summary = run_campaign(config, out)
    assert sent, "no finding was written"
    assert summary.ending is not None and summary.ending.reason == "interrupted"
    assert stopping.Interrupted(signum).describe() in summary.ending.message
    records = [
        json.loads(line)
        for line in (out / "findings.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len(records) == 1 == len(summary.findings)
    case_file = json.loads((out / "cases" / "bid_value" / "fuzz.json").read_text(encoding="utf-8"))
    assert [case["id"] for case in case_file["cases"]] == [records[0]["case_id"]]
    state = json.loads((out / "state.json").read_text(encoding="utf-8"))
    assert records[0]["signature"] in json.dumps(state)


# ----------------------------------------------------------------------
# No process an adapter of the fuzzer starts outlives the fuzzer
# ----------------------------------------------------------------------

DAEMONS = Path(__file__).resolve().parent / "adapters" / "daemons.py"
#: How long a test waits for an event before it gives up (a hung test, not a slow machine).
PATIENCE = 600.0


def _fuzz(folder: Path, mode: str, *options: str) -> subprocess.Popen[str]:
    """``fourhundred fuzz`` against the daemons adapter (``mode``: answer or hang), which
    writes the pids of what it started to a file in ``folder`` at each start."""
    adapter = shlex.join([sys.executable, str(DAEMONS), str(folder), mode])
    return start_command(
        "fuzz", "--adapter", adapter, "--variant", "pagat-41", "--kind", "game_outcome", *options
    )


def _started(folder: Path, count: int = 1) -> list[dict[str, int]]:
    """The pids each start of the adapter wrote, once ``count`` starts have written them."""
    wait_for(lambda: len(list(folder.glob("*.json"))) >= count, "the adapter's pid files")
    return [json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))]


def _left(starts: list[dict[str, int]]) -> dict[str, int]:
    return {
        f"{name} of {pids['adapter']}": pid
        for pids in starts
        for name, pid in pids.items()
        if name != "parent" and alive(pid)
    }


def _ended(process: subprocess.Popen[str]) -> tuple[str, str]:
    try:
        return process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_nothing_a_fuzzed_adapter_started_is_left_after_a_normal_end(
    tmp_path: Path, jobs: str
) -> None:
    process = _fuzz(tmp_path, "answer", "--cases", "40", "--jobs", jobs)
    _, stderr = _ended(process)
    assert process.returncode == 0, stderr
    starts = _started(tmp_path, int(jobs))
    assert not _left(starts)


def test_nothing_a_fuzzed_adapter_started_is_left_after_it_timed_out(tmp_path: Path) -> None:
    # It never answers, so it times out whatever the timeout and the machine's speed.
    process = _fuzz(tmp_path, "hang", "--cases", "40", "--jobs", "1", "--timeout", "0.5")
    _, stderr = _ended(process)
    assert process.returncode != 0 and "Traceback" not in stderr, stderr
    starts = _started(tmp_path)
    assert not _left(starts)


def _hanging_fuzz(folder: Path, jobs: str) -> tuple[subprocess.Popen[str], list[dict[str, int]]]:
    """A fuzzer of ``jobs`` jobs whose adapters never answer, once every adapter has
    started its daemons; and their pids."""
    process = _fuzz(folder, "hang", "--seconds", "600", "--jobs", jobs, "--timeout", "600")
    return process, _started(folder, int(jobs))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_nothing_a_fuzzed_adapter_started_is_left_after_the_fuzzer_gets_sigterm(
    tmp_path: Path, jobs: str
) -> None:
    process, starts = _hanging_fuzz(tmp_path, jobs)
    process.send_signal(signal.SIGTERM)
    _, stderr = _ended(process)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr, stderr
    assert not _left(starts)  # ended before the fuzzer exited


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_nothing_a_fuzzed_adapter_started_is_left_after_the_fuzzer_is_killed(
    tmp_path: Path, jobs: str
) -> None:
    process, starts = _hanging_fuzz(tmp_path, jobs)
    process.kill()  # SIGKILL: the fuzzer can do nothing about it
    _ended(process)
    keepers = [pids["parent"] for pids in starts]
    assert process.pid not in keepers  # each adapter's parent is its keeper
    wait_for(lambda: not any(alive(pid) for pid in keepers), "the keepers to end everything")
    assert not _left(starts)
