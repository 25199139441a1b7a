"""Starting a command from a test so that the stop signal the test sends reaches it.

One job: :func:`start_command` starts ``python -m fourhundred ...`` with
:func:`as_from_a_terminal` as its ``preexec_fn``, for every test that starts a
``fourhundred`` command and then stops it with SIGINT, SIGTERM or SIGHUP. A
disposition to ignore a signal and a mask that blocks it both pass through fork
and exec, and the test process may have either: a shell runs a script's
background job (``pytest ... &``) ignoring SIGINT, ``nohup`` ignores SIGHUP. The
command rightly keeps an ignored signal ignored
(:func:`fourhundred.stopping.install`), so a test that did not reset it would
wait for an exit that never comes.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO

from fourhundred.stopping import STOP_SIGNALS

ROOT = Path(__file__).resolve().parent.parent


def as_from_a_terminal() -> None:
    """In the child, before exec: the stop signals' default actions, none blocked,
    as a command started from an interactive shell has them."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def start_command(
    *args: str,
    stdout: int | IO[str] = subprocess.PIPE,
    stderr: int | IO[str] = subprocess.PIPE,
    env: Mapping[str, str] | None = None,
    start_new_session: bool = False,
) -> subprocess.Popen[str]:
    """Start ``python -m fourhundred *args`` in the repository root, its output read as
    text, with the stop signals as a terminal gives them (:func:`as_from_a_terminal`)."""
    return subprocess.Popen(
        [sys.executable, "-m", "fourhundred", *args],
        cwd=ROOT,
        stdout=stdout,
        stderr=stderr,
        text=True,
        env=env,
        start_new_session=start_new_session,
        preexec_fn=as_from_a_terminal,
    )
