"""The verifier's worker processes: handed tasks in order, ended with the verifier.

With one job the tasks run in this process. With more, a pool of spawned
worker processes takes them in the order given (the runner sorts them
longest first) and results come back as each task ends, then are put back
in task order, so the outcome never depends on the job count.

No worker outlives the verifier:

* every worker asks the kernel to kill it when its parent dies
  (``PR_SET_PDEATHSIG``), so even a ``SIGKILL`` of the verifier (a caller's
  timeout) ends them;
* the verifier ends the pool on every way out: normal return, an exception,
  Ctrl-C, and ``SIGTERM``, which it turns into an exception for the time the
  pool runs;
* the workers stay in the verifier's process group, so a signal to the group
  (a terminal's Ctrl-C, ``kill -- -PGID``) reaches them all.

``FOURHUNDRED_VERIFY_WORKER_PIDS``, when set to a folder, makes each worker
write a file named by its pid there as it starts (tests wait on these to
signal the verifier mid-run); ``FOURHUNDRED_VERIFY_WORKER_HOLD=1`` makes each
task wait until the worker is ended (so the test's signal always lands
while the pool is busy).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

PIDS_ENV = "FOURHUNDRED_VERIFY_WORKER_PIDS"
HOLD_ENV = "FOURHUNDRED_VERIFY_WORKER_HOLD"
_PR_SET_PDEATHSIG = 1


class Terminated(Exception):
    """The verifier received SIGTERM while its workers ran."""


def _die_with_parent() -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux only)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the parent's cleanup still ends us
        pass


def _worker_start(parent: int) -> None:
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; it ends us
    folder = os.environ.get(PIDS_ENV)
    if folder:
        Path(folder, str(os.getpid())).write_text("started\n", encoding="utf-8")


def _held(function: Callable[[T], R], task: T) -> R:
    if os.environ.get(HOLD_ENV) == "1":
        threading.Event().wait()
    return function(task)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated("terminated by SIGTERM")


def run_tasks(
    function: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int,
    on_done: Callable[[int, int], None] | None = None,
) -> list[R]:
    """``function`` on every task, results in task order; ``jobs`` processes."""
    results: list[R] = []
    for result in _results(function, tasks, jobs):
        results.append(result)
        if on_done is not None:
            on_done(len(results), len(tasks))
    return results


def _results(function: Callable[[T], R], tasks: Sequence[T], jobs: int) -> Iterator[R]:
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _held(function, task)
        return
    context = multiprocessing.get_context("spawn")
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _raise_terminated) if in_main else None
    pool = context.Pool(min(jobs, len(tasks)), initializer=_worker_start, initargs=(os.getpid(),))
    try:
        pending = [pool.apply_async(_held, (function, task)) for task in tasks]
        for item in pending:
            yield item.get()
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        if in_main and previous is not None:
            signal.signal(signal.SIGTERM, previous)
