"""The one vocabulary of what became of a case an implementation was asked.

The conformance runner (:class:`fourhundred.conformance.runner.Outcome`) and the
fuzzer (:class:`fourhundred.fuzz.compare.Outcome`) both say *why* a case has
the answer it has with a :class:`Reason`, so neither reads the other's message
strings. The runner's report statuses (``pass``, ``fail``, ``error``…) are a
verdict on top of it: a ``pass`` and a ``fail`` are both :attr:`Reason.ANSWERED`,
an ``error`` is one of the adapter's failures below.

The values are the fuzzer's long-standing status words (``ok``, ``timeout``…),
so fuzz findings and case files read as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fourhundred.conformance.suite import Run


class Reason(StrEnum):
    """What the implementation did with one case (ADAPTERS.md, "What the runner does
    with a bad adapter")."""

    #: It answered with a result (right or wrong: the comparison decides).
    ANSWERED = "ok"
    #: It answered ``errored``: a failure of its own, reported as such.
    ERRORED = "errored"
    #: It answered ``skipped``, or the case was not declared (not applicable).
    SKIPPED = "skipped"
    #: It died (its output ended, or it exited) before answering.
    CRASHED = "crashed"
    #: It did not answer within the per-case timeout.
    TIMED_OUT = "timeout"
    #: Its answer could not be read: not JSON, over a limit, not a protocol message.
    INVALID = "invalid"
    #: It broke the protocol's rules: a wrong or repeated ``seq``, a stderr flood.
    PROTOCOL = "protocol"
    #: It was never asked: the run stopped first (see :class:`Incomplete`).
    NOT_RUN = "not_run"


class Stop(StrEnum):
    """Why a run stopped before every case was asked."""

    #: The adapter died (or hung) on case after case without a single answer.
    ADAPTER_KEEPS_DYING = "adapter_keeps_dying"
    #: The adapter could not be started again after a crash or hang.
    RESTART_FAILED = "restart_failed"
    #: ``--fail-fast``: the first failure ended the run.
    FAIL_FAST = "fail_fast"
    #: The run was interrupted (Ctrl-C, SIGTERM, SIGHUP).
    INTERRUPTED = "interrupted"
    #: The adapter crashed or hung on more than its share of the cases (:data:`DEFAULT_FAILURE_BUDGET`).
    FAILURE_BUDGET = "failure_budget"
    #: A restarted adapter answered the handshake differently from its first start.
    HANDSHAKE_CHANGED = "handshake_changed"


#: The share of the cases asked that an adapter may crash, hang or answer
#: unreadably on (each such case blamed and the adapter restarted) before the
#: run stops as incomplete (``--failure-budget``). An adapter that dies every
#: few cases (every third, every fifth) is stopped after
#: :data:`MIN_FAILURES_COUNTED` restarts, in seconds; one that crashes on a
#: tenth of the cases, or on a few cases of the suite, is never stopped.
DEFAULT_FAILURE_BUDGET = 0.15
#: Cases blamed for such a failure before the budget is applied at all.
MIN_FAILURES_COUNTED = 10


@dataclass(frozen=True)
class Incomplete:
    """A run that did not ask every case it was given: why, and which were not run."""

    stop: Stop
    message: str
    not_run: tuple[Run, ...]

    def summary(self) -> str:
        """One line: how many cases were not run, and why."""
        return f"{len(self.not_run)} cases not run: {self.message}"
