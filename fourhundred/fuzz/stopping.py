"""How a campaign stops: why it ended early (:class:`Ending`, from the
exception that ended a job: :func:`ending_of`), and Ctrl-C (:class:`Interrupts`:
the first stops the run, and the shutdown that follows is not cut short by another).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Literal, get_args

from fourhundred.errors import UserError
from fourhundred.fuzz.implementations import AdapterError

#: Seconds after the first Ctrl-C during which further ones are ignored, so the shutdown
#: (ending the adapters, writing the state, printing the findings) completes; a Ctrl-C
#: after that breaks a shutdown that is stuck.
SHUTDOWN_SECONDS = 20.0
#: Seconds the jobs are given to end their adapters and hand in their findings after a stop.
JOB_STOP_SECONDS = 15.0


@dataclass(frozen=True)
class Ending:
    """Why a campaign stopped before its budget was spent.

    ``reason`` is one of :data:`ENDINGS`: ``interrupted`` (Ctrl-C), ``adapter``
    (the implementation cannot be driven: it does not start, or keeps dying),
    ``output`` (a file of ``--out`` cannot be written), ``cluster`` (the
    ``--cluster`` cannot be reached, or a block failed there: :class:`ClusterError`),
    ``internal`` (a bug of the fuzzer itself; ``details`` holds its traceback).
    """

    reason: EndReason
    message: str
    details: str = ""
    #: The stop signal of an ``interrupted`` ending (Ctrl-C: SIGINT, or SIGTERM, SIGHUP):
    #: the command exits with its status, ``128 + N``.
    signal: int = signal.SIGINT


#: Why a campaign may stop early (see :class:`Ending`).
EndReason = Literal["interrupted", "adapter", "output", "cluster", "internal"]


class ClusterError(Exception):
    """The cluster of a campaign cannot be reached or used (:mod:`fourhundred.fuzz.cluster`)."""


ENDINGS: tuple[EndReason, ...] = get_args(EndReason)


def ending_of(error: BaseException, job: int = 0) -> Ending:
    """How an exception out of a job ends the campaign: only an :class:`AdapterError`
    is the adapter's failure; a :class:`UserError` is a file that cannot be written;
    anything else is a bug of the fuzzer, kept with its traceback."""
    if isinstance(error, KeyboardInterrupt):
        from fourhundred.stopping import of

        stop = of(error)
        return Ending("interrupted", f"interrupted ({stop.describe()})", signal=stop.signum)
    if isinstance(error, AdapterError):
        return Ending("adapter", str(error))
    if isinstance(error, UserError):
        return Ending("output", str(error))
    if isinstance(error, ClusterError):
        return Ending("cluster", str(error))
    return Ending(
        "internal",
        f"internal error in job {job}: {type(error).__name__}: {error}",
        "".join(traceback.format_exception(error)),
    )


class Interrupts:
    """Ctrl-C (SIGINT) during a campaign, once :func:`installed`.

    The first Ctrl-C raises ``KeyboardInterrupt`` and so stops the run, unless
    it comes while a :meth:`held` section runs (a finding being written, an
    adapter being started or ended): then it is raised when the section ends.
    Further ones within :data:`SHUTDOWN_SECONDS` are ignored, so the shutdown
    that follows (ending the adapters, writing the state, printing the
    findings) is never cut short; after that, one breaks a stuck shutdown.
    """

    def __init__(self, grace: float = SHUTDOWN_SECONDS) -> None:
        self.grace = grace
        self.first: float | None = None
        self._holding = 0
        self._pending = False

    @property
    def interrupted(self) -> bool:
        """Whether a Ctrl-C has come, or a SIGTERM or SIGHUP while :meth:`held`."""
        from fourhundred import stopping

        return self.first is not None or stopping.pending() is not None

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler."""
        now = time.monotonic()
        if self.first is None:
            self.first = now
            if self._holding:
                self._pending = True
                return
            raise KeyboardInterrupt
        if now - self.first > self.grace:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A section a first Ctrl-C, SIGTERM or SIGHUP does not cut (a finding being
        written is written whole): the signal takes effect when the section ends."""
        from fourhundred import stopping

        with stopping.held():
            self._holding += 1
            try:
                yield
            finally:
                self._holding -= 1
        if self._holding:
            return
        if self._pending:
            self._pending = False
            raise KeyboardInterrupt
        stopping.raise_pending()


@contextlib.contextmanager
def installed(interrupts: Interrupts | None = None) -> Iterator[Interrupts]:
    """``interrupts`` (a new one if None) as the SIGINT handler within; the previous
    handler after. Outside the main thread, where no signal arrives, nothing is installed."""
    interrupts = interrupts or Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield interrupts
        return
    previous = signal.signal(signal.SIGINT, interrupts.on_signal)
    try:
        yield interrupts
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def sigint_ignored() -> Iterator[None]:
    """SIGINT ignored within (the main thread only). A process started meanwhile inherits
    that, so a Ctrl-C while it is still starting cannot kill it with a traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
