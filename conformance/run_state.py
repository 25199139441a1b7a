"""The bookkeeping of one conformance run: which cases are not yet sent, in flight,
answered but not yet reported.

One job: hold the cases of one :meth:`~fourhundred.conformance.runner.Runner.run`
between the plan and the reports. :class:`Todo` takes the runs the adapter
declared from the plan as the window has room (those sent back after a failure
first); :class:`Pending` is a case sent to the current adapter process;
:class:`RunState` keeps them by ``seq`` and by suite order, so outcomes are
reported in suite order and the runs left when a run stops are all named.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from fourhundred.conformance.case_source import RunPlan
from fourhundred.conformance.judging import Outcome
from fourhundred.conformance.protocol import unsupported
from fourhundred.conformance.suite import Run


@dataclass
class Pending:
    """A case sent to the current adapter process: its place in the suite order,
    when it was sent, and its outcome once answered (until it is reported)."""

    seq: int
    rank: int
    run: Run
    sent: float
    outcome: Outcome | None = None
    #: Lines read when it was answered, and when: it is settled (reported) once a
    #: later line is read, or :data:`~fourhundred.conformance.runner.REPEAT_GRACE` later.
    answered_at_line: int = 0
    answered_at: float = 0.0


class Todo:
    """The (rank, run) pairs not yet sent, in suite order: those sent back after a
    failure (in front), then those the plan has not made yet (taken as they are
    needed, so a plan of any length is never held whole)."""

    def __init__(self, plan: RunPlan, hello: Mapping[str, Any]):
        self.front: collections.deque[tuple[int, Run]] = collections.deque()
        self._plan = plan
        self._hello = hello
        #: The rank of the last run taken from the plan, and its place in the plan.
        self._last_rank = -1
        self._last_place = -1
        self._cleared = False
        self._runs = self._declared()

    def _declared(self) -> Iterator[tuple[int, Run]]:
        """The runs of the plan the adapter declared, ranked."""
        rank = 0
        for place, run in enumerate(self._plan):
            if unsupported(self._hello, run) is None:
                self._last_rank, self._last_place = rank, place
                yield rank, run
                rank += 1

    def _pull(self) -> bool:
        for item in self._runs:
            self.front.append(item)
            return True
        return False

    def __bool__(self) -> bool:
        return bool(self.front) or self._pull()

    def popleft(self) -> tuple[int, Run]:
        if not self.front:
            self._pull()
        return self.front.popleft()

    def appendleft(self, item: tuple[int, Run]) -> None:
        self.front.appendleft(item)

    def clear(self) -> None:
        self.front.clear()
        self._runs = iter(())
        self._cleared = True

    def rest(self) -> list[tuple[int, Run]]:
        """Every pair not sent, light (:meth:`RunPlan.light`: no file is read again)."""
        pairs = [(rank, run.compact()) for rank, run in self.front]
        if self._cleared:
            return pairs
        rank = self._last_rank
        for run in self._plan.light(self._last_place + 1):
            if unsupported(self._hello, run) is None:
                rank += 1
                pairs.append((rank, run))
        return pairs


@dataclass
class RunState:
    """The cases of one :meth:`Runner.run` not yet reported."""

    #: (rank, run) not yet sent, in suite order.
    todo: Todo
    #: seq -> case sent to the current adapter process, waiting for its answer (in seq order).
    waiting: dict[int, Pending] = field(default_factory=dict)
    #: seq -> case answered, not yet reported; and rank -> seq of the same.
    answered: dict[int, Pending] = field(default_factory=dict)
    by_rank: dict[int, int] = field(default_factory=dict)
    #: The rank of the next case to report.
    next_rank: int = 0
    #: Lines read from the adapter.
    lines: int = 0
    #: Cases to send one at a time after a failure with several in flight.
    suspects: int = 0
    #: When the adapter last answered a case (or was started).
    last_answer: float = 0.0
    #: Bytes of stderr the adapter had written at its last answer.
    stderr_mark: int = 0
    #: The run's clock (:attr:`~fourhundred.conformance.run_settings.Settings.clock`).
    clock: Callable[[], float] = time.monotonic

    def unsettled(self) -> float | None:
        """When the earliest answered case not yet reported was answered (None: none is)."""
        return min((p.answered_at for p in self.answered.values()), default=None)

    def mark_answered(self, pending: Pending, outcome: Outcome) -> None:
        """Move a case from waiting to answered, with its outcome."""
        self.waiting.pop(pending.seq, None)
        pending.outcome = outcome
        pending.answered_at_line, pending.answered_at = self.lines, self.clock()
        self.answered[pending.seq] = pending
        self.by_rank[pending.rank] = pending.seq

    def left(self, answered_too: bool = False) -> list[Run]:
        """Runs not yet reported, in suite order: those not answered (and those
        answered, with ``answered_too``)."""
        pending = [*self.waiting.values(), *(self.answered.values() if answered_too else ())]
        ranked = [(p.rank, p.run.compact()) for p in pending] + self.todo.rest()
        return [run for _, run in sorted(ranked, key=lambda item: item[0])]
