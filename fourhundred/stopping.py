"""Stopping a command from outside: SIGINT, SIGTERM and SIGHUP all stop it the way Ctrl-C does.

One job: turn the three signals that ask a command to stop into one exception,
:class:`Interrupted` (a :class:`KeyboardInterrupt`, so every ``except
KeyboardInterrupt`` that writes a partial report handles all three), and let a
command finish writing what it has (:func:`held`) without a second signal
cutting it short. The exit status of a command stopped so is the signal's
(``128 + N``: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).

:func:`install` is called once, by the ``fourhundred`` script's entry point
(not by tests driving the CLI in process). A process forked from the command
(a worker) keeps the signals' default actions: the handler only raises in the
process that installed it.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

#: The signals that ask a command to stop.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    """A stop signal arrived: which one, and the exit status it gives."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        self.signum = int(signum)
        super().__init__(self.describe())

    @property
    def exit_status(self) -> int:
        """``128 + N``, as a shell reports a process ended by signal N."""
        return 128 + self.signum

    def describe(self) -> str:
        """``Ctrl-C`` for SIGINT, else the signal's name (``SIGTERM``)."""
        if self.signum == signal.SIGINT:
            return "Ctrl-C"
        try:
            return signal.Signals(self.signum).name
        except ValueError:
            return f"signal {self.signum}"


def of(stop: KeyboardInterrupt) -> Interrupted:
    """The :class:`Interrupted` of any interrupt (a plain ``KeyboardInterrupt`` is Ctrl-C)."""
    return stop if isinstance(stop, Interrupted) else Interrupted(signal.SIGINT)


class _State:
    owner: int | None = None
    holding: int = 0
    pending: Interrupted | None = None


def _handler(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _State.owner:  # a forked worker: the signal's default action
        if signum == signal.SIGINT:
            signal.default_int_handler(signum, frame)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    if _State.holding:
        _State.pending = _State.pending or Interrupted(signum)
        return
    raise Interrupted(signum)


def install() -> None:
    """Make SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted` in this process
    (from the main thread only; elsewhere nothing changes). A signal the process
    was started ignoring stays ignored (``nohup`` ignores SIGHUP; a shell's
    background job in a script, SIGINT); one it was started *blocking* (a mask
    leaked by whatever started it) is unblocked, so the handler can ever run."""
    if threading.current_thread() is not threading.main_thread():
        return
    _State.owner = os.getpid()
    handled = [s for s in STOP_SIGNALS if signal.getsignal(s) is not signal.SIG_IGN]
    for signum in handled:
        signal.signal(signum, _handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, handled)


class Hold:
    """What :func:`held` yields: the first stop signal that arrived while held."""

    @property
    def signal(self) -> Interrupted | None:
        return _State.pending


@contextmanager
def held() -> Iterator[Hold]:
    """A block that stop signals do not interrupt: a signal that arrives is kept
    (:attr:`Hold.signal`) for the caller to act on once what it writes is written."""
    _State.holding += 1
    try:
        yield Hold()
    finally:
        _State.holding -= 1


def pending() -> Interrupted | None:
    """The stop signal that arrived while :func:`held`, not yet raised (None: none)."""
    return _State.pending


def raise_pending() -> None:
    """Raise, once, the stop signal that arrived while :func:`held` (nothing if none
    came, or while a block is still held): for a caller that writes what it has
    first and then stops as the signal asked."""
    if _State.holding or _State.pending is None:
        return
    pending, _State.pending = _State.pending, None
    raise pending
