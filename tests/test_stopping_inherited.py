"""What a command does with the stop signals it was started with: blocked or ignored.

A signal mask and an ignored disposition both pass through fork and exec. A
stop signal the command was started *blocking* (a mask leaked by whatever
started it) is unblocked by :func:`fourhundred.stopping.install`, so it stops
the command; one it was started *ignoring* (``nohup``, a script's background
job) stays ignored; and a test that stops a command it starts resets both
(:func:`stoppable.as_from_a_terminal`). Each test waits on events (a line the
command prints, its exit), with a generous deadline only a failure reaches.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from stoppable import as_from_a_terminal

from fourhundred.stopping import STOP_SIGNALS

ROOT = Path(__file__).resolve().parent.parent
#: How long a test waits for the command's exit (only a failing test waits this long).
PATIENCE = 300.0
#: A command that installs the stop handlers, says so, and waits to be stopped.
WAITER = """
import sys, time
from fourhundred.stopping import Interrupted, install
install()
try:
    print("ready", flush=True)
    while True:
        time.sleep(60)
except Interrupted as stop:
    sys.exit(stop.exit_status)
"""


def _waiter(preexec: Callable[[], None]) -> subprocess.Popen[str]:
    """The waiting command, started with ``preexec`` run in the child before exec,
    once it has installed its handlers."""
    process = subprocess.Popen(
        [sys.executable, "-c", WAITER], cwd=ROOT, stdout=subprocess.PIPE, text=True,
        preexec_fn=preexec,
    )  # fmt: skip
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    return process


def _exit_status_after(process: subprocess.Popen[str], *signums: int) -> int:
    """The exit status of ``process`` once it is sent ``signums`` in turn."""
    try:
        for signum in signums:
            process.send_signal(signum)
        return process.wait(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _blocking_the_stop_signals() -> None:
    as_from_a_terminal()  # whatever this test process was started with
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


@pytest.mark.parametrize("signum", STOP_SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_the_command_was_started_blocking_still_stops_it(signum: int) -> None:
    process = _waiter(_blocking_the_stop_signals)
    assert _exit_status_after(process, signum) == 128 + signum


def _ignoring_sighup() -> None:
    as_from_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


def test_a_stop_signal_the_command_was_started_ignoring_stays_ignored() -> None:
    # SIGHUP comes first and would be handled first (signals are handled in number order).
    process = _waiter(_ignoring_sighup)
    assert _exit_status_after(process, signal.SIGHUP, signal.SIGTERM) == 128 + signal.SIGTERM


@contextmanager
def _stop_signals_ignored_and_blocked_here() -> Iterator[None]:
    """The test process as a script's background job with a leaked mask has it."""
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@pytest.mark.parametrize("signum", STOP_SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_command_a_test_starts_gets_the_stop_signal_whatever_the_test_process_ignores(
    signum: int,
) -> None:
    with _stop_signals_ignored_and_blocked_here():
        process = _waiter(as_from_a_terminal)
    assert _exit_status_after(process, signum) == 128 + signum
