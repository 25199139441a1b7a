"""The keeper: a small process between the runner and an adapter, so that nothing the adapter starts outlives it.

One job: start the adapter, and when it exits, or the runner asks, or the
runner is gone (even killed by ``SIGKILL``), end every process the adapter
started, then exit with the adapter's own status.

How it finds them: the keeper makes itself a *child subreaper*
(``prctl(PR_SET_CHILD_SUBREAPER)``, Linux 3.4+, called through :mod:`ctypes`).
A process whose parent dies is then handed to the keeper instead of to
``init``, so every descendant of the adapter stays in the keeper's process
tree whatever it does: a ``setsid`` daemon, a double fork, a new process
group. A sweep of that tree (``/proc``: each process's parent) finds them
all. This was chosen over a process-group sweep, which a ``setsid`` daemon
leaves, and over a sweep of the adapter's descendants from the runner, which
a double fork leaves between two looks and which cannot run at all once the
runner is killed. Where there is no ``prctl`` (not Linux) the keeper still
ends the adapter's process group and the descendants it can see.

How it knows the runner is gone: the runner holds the writing end of a pipe
(the *lifeline*) whose reading end the keeper watches; the kernel closes it
when the runner exits in any way, and the runner closes it to end the adapter.

Ending: ``SIGTERM`` to every process of the tree, then, after the grace
period, ``SIGKILL`` to whatever is left, again until nothing is (a process
that forks while being ended is found on the next pass). Every child is
reaped by the keeper.

The keeper runs as ``python -I -S keeper.py LIFELINE_FD GRACE -- ARGV...``
(:class:`fourhundred.conformance.process.AdapterProcess` starts it); it
imports nothing but the standard library. Its standard streams are the
adapter's pipes until the adapter is started, then ``/dev/null``, so the
adapter's output ends when the adapter's does.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence
from types import FrameType

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
PR_SET_CHILD_SUBREAPER = 36
#: Exit status when the adapter cannot be executed (as a shell gives).
CANNOT_EXECUTE = 127


def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        function: Callable[..., int] = libc.prctl
    except (OSError, AttributeError):
        return None
    return function


def _children_by_parent() -> dict[int, list[int]]:
    """Every running process by its parent, from ``/proc`` (zombies left out: they
    cannot be signalled, and are reaped by their parent)."""
    table: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return table
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stream:
                stat = stream.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) < 2 or fields[0] in (b"Z", b"X"):
            continue
        table.setdefault(int(fields[1]), []).append(int(entry))
    return table


def descendants(root: int) -> list[int]:
    """The running descendants of process ``root`` (not itself)."""
    table = _children_by_parent()
    found: list[int] = []
    stack = list(table.get(root, ()))
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack.extend(table.get(pid, ()))
    return found


def _reap() -> list[tuple[int, int]]:
    """Reap every child that has ended: (pid, wait status) each."""
    ended: list[tuple[int, int]] = []
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return ended
        if pid == 0:
            return ended
        ended.append((pid, status))


def _signal_all(pids: Sequence[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signum)


def sweep(group: int | None, grace: float, reaped: Callable[[int, int], None]) -> None:
    """End every descendant of this process (and the process group ``group``):
    ``SIGTERM``, then ``SIGKILL`` after ``grace`` seconds to what is left, until
    nothing is; every ended child reaped (``reaped(pid, status)`` for each)."""
    if group is not None:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGTERM)
    me = os.getpid()
    _signal_all(descendants(me), signal.SIGTERM)
    deadline = time.monotonic() + grace
    while True:
        for pid, status in _reap():
            reaped(pid, status)
        left = descendants(me)
        if not left:
            return
        if time.monotonic() >= deadline:
            if group is not None:
                with contextlib.suppress(OSError):
                    os.killpg(group, signal.SIGKILL)
            _signal_all(left, signal.SIGKILL)
        time.sleep(0.005)


def _start(command: Sequence[str], prctl: Callable[..., int] | None, keep: Sequence[int]) -> int:
    """Fork and execute the adapter in a process group of its own; its pid."""
    pid = os.fork()
    if pid:
        return pid
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)
        for fd in keep:
            os.close(fd)
        os.setpgid(0, 0)
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)  # dies with the keeper
        os.execvp(command[0], list(command))
    except OSError as error:
        os.write(2, f"cannot start the adapter {command[0]}: {error}\n".encode())
    finally:
        os._exit(CANNOT_EXECUTE)


def main(argv: Sequence[str]) -> int:
    """Keep one adapter (see the module docstring); the adapter's exit status."""
    lifeline, grace, command = int(argv[1]), float(argv[2]), list(argv[4:])
    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    stop: list[int] = []

    def on_stop(signum: int, frame: FrameType | None) -> None:
        stop.append(signum)

    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, on_stop)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    adapter = _start(command, prctl, (lifeline, wake_read, wake_write))
    # The adapter's pipes are its own from now on: they end when it (and all it started) ends.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    status: list[int] = []

    def reaped(pid: int, wait_status: int) -> None:
        if pid == adapter:
            status.append(wait_status)

    while not status and not stop:
        for pid, wait_status in _reap():
            reaped(pid, wait_status)
        if status:
            break
        ready, _, _ = select.select([lifeline, wake_read], [], [])
        if lifeline in ready and not os.read(lifeline, 4096):
            break  # the runner is gone, or wants the adapter ended
        if wake_read in ready:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_read, 4096)
    sweep(None if status else adapter, grace, reaped)
    if not status:
        return 0
    if os.WIFSIGNALED(status[0]):  # ended by a signal: so is the keeper
        ended_by = os.WTERMSIG(status[0])
        with contextlib.suppress(OSError, ValueError):  # SIGKILL, SIGSTOP: no handler to reset
            signal.signal(ended_by, signal.SIG_DFL)
        os.kill(os.getpid(), ended_by)
    return os.waitstatus_to_exitcode(status[0]) if os.WIFEXITED(status[0]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
