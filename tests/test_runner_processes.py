"""No process an adapter starts outlives the run: not a ``setsid`` daemon, not a
double-forked one, not a child that ignores SIGTERM; after a normal end, a
timeout, SIGTERM of the runner and SIGKILL of the runner.

The adapter's keeper (:mod:`fourhundred.conformance.keeper`, a child
subreaper) ends them. The tests wait on events (a pid file, a line in the
report, a process's end), never on the clock.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from stoppable import start_command

from fourhundred.conformance import suite
from fourhundred.conformance.runner import Outcome, Runner, Settings

ADAPTERS = Path(__file__).resolve().parent / "adapters"
FEW = ["--kind", "game_outcome", "--variant", "pagat-41", "--id", "game_outcome.pagat-41.000?"]
#: How long a test waits for an event before it gives up (a hung test, not a slow machine).
PATIENCE = 600.0


def wait_for(event: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not event():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            stat = stream.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2 :].split()[0] not in (b"Z", b"X")


def started(pidfile: Path) -> dict[str, int]:
    """The pids the daemons adapter wrote, once it has written them."""
    wait_for(pidfile.exists, "the adapter's pid file")
    pids: dict[str, int] = json.loads(pidfile.read_text())
    return pids


def daemons(pidfile: Path, mode: str) -> list[str]:
    return [sys.executable, str(ADAPTERS / "daemons.py"), str(pidfile), mode]


def runs() -> list[suite.Run]:
    cases = suite.load_cases()
    return suite.select_runs(
        cases, ("game_outcome",), ("pagat-41",), ("game_outcome.pagat-41.000?",)
    )


def assert_none_left(pids: dict[str, int]) -> None:
    left = {name: pid for name, pid in pids.items() if name != "parent" and alive(pid)}
    assert not left, f"still running: {left}"


def test_nothing_an_adapter_started_is_left_after_a_normal_end(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    outcomes: list[Outcome] = []
    runner = Runner(daemons(pidfile, "answer"), Settings(timeout=600.0), outcomes.append)
    try:
        runner.run(runs())
        pids = started(pidfile)
        assert all(alive(pid) for name, pid in pids.items() if name != "parent")
    finally:
        runner.close()
    assert [o.status for o in outcomes] == ["pass"] * 9
    assert_none_left(pids)


def test_nothing_an_adapter_started_is_left_after_it_timed_out(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    outcomes: list[Outcome] = []
    # It never answers, so it times out whatever the timeout and the machine's speed.
    runner = Runner(daemons(pidfile, "hang"), Settings(timeout=0.5), outcomes.append)
    try:
        runner.run(runs()[:1])
        assert [o.reason.value for o in outcomes] == ["timeout"]
        assert runner.adapter is None  # ended at the timeout, not at close
        assert_none_left(started(pidfile))
    finally:
        runner.close()


def run_in_a_process(pidfile: Path, report: Path) -> subprocess.Popen[str]:
    command = " ".join(daemons(pidfile, "hang"))
    return start_command(
        "conformance", "run", "-q",
        "--adapter", command, "--timeout", "600", "--report", str(report), *FEW,
    )  # fmt: skip


def test_nothing_an_adapter_started_is_left_after_the_runner_gets_sigterm(tmp_path: Path) -> None:
    pidfile, report = tmp_path / "pids.json", tmp_path / "report.jsonl"
    process = run_in_a_process(pidfile, report)
    try:
        pids = started(pidfile)
        wait_for(lambda: report.exists() and report.read_text().strip() != "", "the header")
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert_none_left(pids)  # ended before the runner exited


def test_nothing_an_adapter_started_is_left_after_the_runner_is_killed(tmp_path: Path) -> None:
    pidfile, report = tmp_path / "pids.json", tmp_path / "report.jsonl"
    process = run_in_a_process(pidfile, report)
    try:
        pids = started(pidfile)
        process.kill()  # SIGKILL: the runner can do nothing about it
        process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    keeper = pids["parent"]
    assert keeper != process.pid  # the adapter's parent is its keeper, not the runner
    wait_for(lambda: not alive(keeper), "the keeper to end everything and exit")
    assert_none_left(pids)
