"""The verifier's worker processes end with it: SIGTERM, Ctrl-C, or killed outright.

Each test starts ``fourhundred verify --jobs 2`` with the workers holding
their tasks (``FOURHUNDRED_VERIFY_WORKER_HOLD``), waits for the event of
both workers having started (the pid files they write), signals the
verifier, and waits for the event of each worker's exit (a pidfd becomes
readable when its process ends). Nothing depends on how fast the machine is:
the only time limits are generous deadlines for a failure to show.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
from pathlib import Path

import pytest
from stoppable import start_command

from fourhundred.verify.workers import HOLD_ENV, PIDS_ENV

#: Deadline for an event that should come (only a failing test waits this long).
DEADLINE = 300.0


def _wait_for_workers(folder: Path, process: subprocess.Popen[str]) -> list[int]:
    """The pids of the two workers, once both have written their file (the event
    waited on; the verifier exiting first fails the test)."""
    import time

    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        pids = sorted(int(p.name) for p in folder.iterdir())
        if len(pids) == 2:
            return pids
        if process.poll() is not None:
            raise AssertionError(f"verify exited {process.returncode} before its workers started")
        time.sleep(0.05)
    raise AssertionError("the workers did not start")


def _ended(pid: int) -> bool:
    """Whether the process ends (waits for the event, up to the deadline)."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        ready, _, _ = select.select([handle], [], [], DEADLINE)
        return bool(ready)
    finally:
        os.close(handle)


def _start(folder: Path) -> subprocess.Popen[str]:
    env = {**os.environ, PIDS_ENV: str(folder), HOLD_ENV: "1"}
    return start_command(
        "verify", "--jobs", "2", "-q", "--no-crosshair",
        "--variant", "qahwa-400()", "--property", "claim",
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs Linux pidfds")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_no_worker_is_left_when_the_verifier_is_stopped(
    tmp_path: Path, how: signal.Signals
) -> None:
    process = _start(tmp_path)
    try:
        workers = _wait_for_workers(tmp_path, process)
        process.send_signal(how)
        process.wait(timeout=DEADLINE)
        assert process.returncode != 0
        for pid in workers:
            assert _ended(pid), f"worker {pid} outlived the verifier ({how.name})"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
