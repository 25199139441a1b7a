"""The conformance run loop: send every case to an adapter, collect and order the outcomes.

One job: drive one adapter (:class:`~fourhundred.conformance.process.AdapterProcess`)
through a list of runs. The runner performs the handshake
(:func:`~fourhundred.conformance.protocol.check_hello`), keeps a window of
cases in flight and matches every answer to its case by ``seq``, so an
adapter may answer a window in any order; each case may take at most the
per-case timeout, counted from the last answer. Each answer is judged
(:mod:`fourhundred.conformance.judging`).

No adapter can stop a run or make the runner raise (ADAPTERS.md, "What the
runner does with a bad adapter"):

* An answer that names a case answered already makes that case an error; a
  hang, a crash, a line that cannot be read, or a ``seq`` that names no case
  in flight is blamed on the case in flight when it was alone; with several in
  flight the adapter is restarted and they are sent again one by one, so only
  a case that fails alone is blamed.
* After :data:`MAX_DEATHS_IN_A_ROW` failures that need a restart without one
  answer in between, after failures on more than :attr:`Settings.failure_budget`
  of the cases asked (an adapter that dies every few cases), after a restart
  that fails or that answers a different handshake, the run stops: the cases
  left are *not run* (:attr:`Runner.incomplete`), never silently absent.

Outcomes are handed to the reports in suite order as soon as they are
settled, so a report streamed to disk is complete up to the last case even if
the runner itself is interrupted.

The names of the protocol, process and judging modules that callers used
from here before the split are re-exported (``__all__``).
"""

from __future__ import annotations

import collections
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.case_source import RunPlan
from fourhundred.conformance.judging import (
    ANY_CODE,
    STATUSES,
    Outcome,
    differences,
    in_baseline,
    judge,
    without_codes,
)
from fourhundred.conformance.outcomes import (
    DEFAULT_FAILURE_BUDGET,
    MIN_FAILURES_COUNTED,
    Incomplete,
    Reason,
    Stop,
)
from fourhundred.conformance.process import (
    MAX_ANSWER_BYTES,
    STDERR_LIMIT,
    AdapterProcess,
    exit_text,
)
from fourhundred.conformance.protocol import (
    NO_POSITIONS,
    NOT_DECLARED,
    PROTOCOL_VERSION,
    AdapterFailure,
    RunnerError,
    check_answer,
    check_hello,
    handshake_change,
    protocol_validator,
    supports,
    unsupported,
)
from fourhundred.conformance.suite import Run

__all__ = [
    "ANY_CODE",
    "DEFAULT_TIMEOUT",
    "NOT_DECLARED",
    "NO_POSITIONS",
    "PROTOCOL_VERSION",
    "REFERENCE_ADAPTER",
    "STATUSES",
    "AdapterFailure",
    "AdapterProcess",
    "Outcome",
    "Runner",
    "RunnerError",
    "Settings",
    "check_answer",
    "check_hello",
    "differences",
    "exit_text",
    "in_baseline",
    "judge",
    "protocol_validator",
    "split_command",
    "supports",
    "unsupported",
    "without_codes",
]

DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 30.0
DEFAULT_WINDOW = 64
#: Seconds an answered case waits for a repeat of its answer (charged to it)
#: before it is reported, unless a later line comes first.
REPEAT_GRACE = 0.1
#: Late repeated answers described in :attr:`Runner.stray_answers` (the rest are not kept).
MAX_STRAY_ANSWERS_KEPT = 100
#: Attempts to start the adapter again after a crash or hang before the run stops.
MAX_RESTART_ATTEMPTS = 3
#: Crashes, hangs or unreadable lines in a row, without a single answer in
#: between, after which the adapter is not restarted again: the run stops.
MAX_DEATHS_IN_A_ROW = 8
#: The command that starts the bundled reference adapter (the default ``--adapter``).
REFERENCE_ADAPTER = (sys.executable, "-m", "fourhundred.conformance.adapter")


@dataclass
class Settings:
    """How to run: timeouts, window, limits, baseline."""

    timeout: float = DEFAULT_TIMEOUT
    startup_timeout: float = STARTUP_TIMEOUT
    window: int = DEFAULT_WINDOW
    stderr_limit: int = STDERR_LIMIT
    fail_fast: bool = False
    baseline: frozenset[str] = field(default_factory=frozenset)
    #: Check every message of the adapter against ``schema/protocol.schema.json`` (slower).
    validate: bool = False
    #: The longest answer line accepted (a longer one is that case's error).
    max_answer_bytes: int = MAX_ANSWER_BYTES
    #: Failures needing a restart, in a row without an answer, before the run stops.
    max_deaths_in_a_row: int = MAX_DEATHS_IN_A_ROW
    #: The share of cases the adapter may fail on (needing a restart) before the run stops.
    failure_budget: float = DEFAULT_FAILURE_BUDGET
    #: The clock of timeouts (per case, start-up) and of the wait for a repeated
    #: answer; seconds. A test passes a clock it moves itself, so that no
    #: outcome depends on the machine's speed.
    clock: Callable[[], float] = time.monotonic


@dataclass
class _Pending:
    """A case sent to the current adapter process: its place in the suite order,
    when it was sent, and its outcome once answered (until it is reported)."""

    seq: int
    rank: int
    run: Run
    sent: float
    outcome: Outcome | None = None
    #: Lines read when it was answered, and when: it is settled (reported) once a
    #: later line is read, or :data:`REPEAT_GRACE` later.
    answered_at_line: int = 0
    answered_at: float = 0.0


class _Todo:
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
class _RunState:
    """The cases of one :meth:`Runner.run` not yet reported."""

    #: (rank, run) not yet sent, in suite order.
    todo: _Todo
    #: seq -> case sent to the current adapter process, waiting for its answer (in seq order).
    waiting: dict[int, _Pending] = field(default_factory=dict)
    #: seq -> case answered, not yet reported; and rank -> seq of the same.
    answered: dict[int, _Pending] = field(default_factory=dict)
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
    #: The run's clock (:attr:`Settings.clock`).
    clock: Callable[[], float] = time.monotonic

    def unsettled(self) -> float | None:
        """When the earliest answered case not yet reported was answered (None: none is)."""
        return min((p.answered_at for p in self.answered.values()), default=None)

    def mark_answered(self, pending: _Pending, outcome: Outcome) -> None:
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


class Runner:
    """Runs a list of runs against one adapter command.

    After :meth:`run`, :attr:`incomplete` says whether (and why) some runs were
    not asked (:class:`~fourhundred.conformance.outcomes.Incomplete`, with the
    runs left), :attr:`applicable` how many runs the adapter declared, and
    :attr:`stray_answers` lists answers that came too late to be charged to
    their case (a repeated answer to a case already reported).
    """

    def __init__(
        self,
        argv: Sequence[str],
        settings: Settings,
        on_outcome: Callable[[Outcome], None],
    ) -> None:
        self.argv = list(argv)
        self.settings = settings
        self.on_outcome = on_outcome
        self.adapter: AdapterProcess | None = None
        self.hello: dict[str, Any] = {}
        self.seq = 0
        self.restarts = 0
        #: Why the last :meth:`run` stopped before asking every case (None: it asked them all).
        self.incomplete: Incomplete | None = None
        #: Runs of the last :meth:`run` that the adapter declared.
        self.applicable = 0
        #: Answers of the last :meth:`run` that named a case already reported (a
        #: repeat too late to charge to its case): the adapter broke the protocol.
        self.stray_answers: list[str] = []
        self._check_hello = protocol_validator("hello") if settings.validate else None
        self._check_answer = protocol_validator("answer") if settings.validate else None
        self._deaths_in_a_row = 0
        #: Cases answered or blamed, and cases blamed for a failure needing a restart
        #: (a crash, hang or unreadable line with the case alone in flight), over the
        #: runner's life (every :meth:`run`: a fuzz campaign's batches share one budget).
        self.asked = 0
        self.failures = 0
        #: The first seq sent to the current adapter process.
        self._first_seq = 1

    @property
    def aborted(self) -> str:
        """Why the last run could not go on ('' if it could): the adapter keeps dying
        or cannot be restarted. (``--fail-fast`` and interrupts are not aborts.)"""
        if self.incomplete is None or self.incomplete.stop not in (
            Stop.ADAPTER_KEEPS_DYING,
            Stop.RESTART_FAILED,
            Stop.FAILURE_BUDGET,
            Stop.HANDSHAKE_CHANGED,
        ):
            return ""
        return self.incomplete.message

    def start(self) -> dict[str, Any]:
        """Start the adapter and shake hands; :class:`RunnerError` if that fails."""
        adapter = AdapterProcess(
            self.argv, self.settings.stderr_limit, self.settings.max_answer_bytes
        )
        try:
            adapter.send([{"cmd": "start", "version": PROTOCOL_VERSION}])
            clock = self.settings.clock
            startup = self.settings.startup_timeout
            message = adapter.receive(clock() + startup, startup, clock)
            if self._check_hello is not None:
                self._check_hello(message)
            hello = check_hello(message)
        except AdapterFailure as failure:
            tail = adapter.stderr_tail()
            adapter.close()
            raise RunnerError(
                f"handshake with {shlex.join(self.argv)} failed: {failure.message}", tail
            ) from None
        changed = handshake_change(self.hello, hello) if self.hello else None
        if changed is not None:
            # Cases judged under the first handshake would be mixed with cases
            # judged under another: the run stops, and is not restarted again.
            adapter.close()
            raise RunnerError(
                f"the restarted adapter answered a different handshake ({changed}), "
                "so the run stopped",
                stop=Stop.HANDSHAKE_CHANGED,
            )
        self.adapter = adapter
        self.hello = hello
        self._first_seq = self.seq + 1
        return hello

    def _restart(self) -> None:
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None
        for attempt in range(MAX_RESTART_ATTEMPTS):
            try:
                self.start()
                self.restarts += 1
                return
            except RunnerError as error:
                if error.stop is not Stop.RESTART_FAILED:
                    raise
                if attempt == MAX_RESTART_ATTEMPTS - 1:
                    raise RunnerError(
                        f"the adapter could not be restarted: {error.message}", error.stderr
                    ) from None

    def run(self, runs: Sequence[Run] | RunPlan) -> None:
        """Run everything; outcomes go to ``on_outcome`` in suite order.

        Runs the adapter did not declare are ``not_applicable`` (reported first);
        runs left when the run stops early are listed in :attr:`incomplete`, never
        dropped. A :class:`~fourhundred.conformance.case_source.RunPlan` is taken
        run by run, as the window has room.
        """
        self.incomplete = None
        self.stray_answers = []
        # Deaths in a row are not reset here: a fuzz campaign asks batch after batch,
        # and an adapter that never answers must be stopped across them.
        if self.adapter is None and not self.hello:
            self.start()
        plan = runs if isinstance(runs, RunPlan) else RunPlan.listed(runs)
        hello = self.hello
        applicable = 0
        undeclared = False
        for run in plan.light():
            why = unsupported(hello, run)
            if why is None:
                applicable += 1
            elif plan.lazy:
                undeclared = True
            else:
                self.on_outcome(Outcome(run, "not_applicable", why, reason=Reason.SKIPPED))
        if undeclared:  # reported with their whole cases, which the light runs lack
            for run in plan:
                why = unsupported(hello, run)
                if why is not None:
                    self.on_outcome(Outcome(run, "not_applicable", why, reason=Reason.SKIPPED))
        self.applicable = applicable
        todo = _Todo(plan, hello)
        state = _RunState(todo, clock=self.settings.clock)
        try:
            if todo and self.adapter is None:  # it died at the end of the last run
                try:
                    self._restart()
                except RunnerError as error:
                    self._stop(state, error.stop, str(error))
                    return
            self._run(state)
        except KeyboardInterrupt as stop:
            if self.incomplete is None:
                how = f" ({stop})" if str(stop) else ""
                self._stop(state, Stop.INTERRUPTED, f"the run was interrupted{how}")
            raise

    def _stop(self, state: _RunState, stop: Stop, message: str) -> None:
        """End the run early: every case answered is reported, in suite order
        (unless it is ``--fail-fast`` that stops: nothing after the first failure
        is), and every case left is *not run*."""
        answered_too = stop is Stop.FAIL_FAST
        self.incomplete = Incomplete(stop, message, tuple(state.left(answered_too)))
        state.waiting.clear()
        state.todo.clear()
        if answered_too:
            state.answered.clear()
            state.by_rank.clear()
        for rank in sorted(state.by_rank):
            outcome = state.answered.pop(state.by_rank.pop(rank)).outcome
            assert outcome is not None
            self.on_outcome(outcome)

    def _run(self, state: _RunState) -> None:
        settings = self.settings
        adapter = self.adapter
        assert adapter is not None
        clock = settings.clock
        state.last_answer = clock()
        state.stderr_mark = adapter.stderr_at_answer
        while state.todo or state.waiting:
            # After a crash, hang or unreadable line with several cases in flight,
            # nobody knows which case caused it (an adapter may answer a whole batch
            # at once), so those cases are sent again one at a time and only a case
            # that fails alone is blamed.
            window = 1 if state.suspects else settings.window
            waiting = len(state.waiting)
            if state.todo and (waiting <= window // 2 or not waiting):
                batch = []
                now = clock()
                while state.todo and waiting < window:
                    rank, run = state.todo.popleft()
                    self.seq += 1
                    waiting += 1
                    state.waiting[self.seq] = _Pending(self.seq, rank, run, now)
                    batch.append({"cmd": "run", "seq": self.seq, "case": run.message()})
                adapter.send(batch)
            oldest = next(iter(state.waiting.values())).sent
            started = max(oldest, state.last_answer)
            deadline = started + settings.timeout
            unsettled = state.unsettled()
            try:
                if unsettled is not None and unsettled + REPEAT_GRACE < deadline:
                    # Answered cases wait for a repeat of their answer only so long.
                    wait = unsettled + REPEAT_GRACE - clock()
                    if not adapter.wait(wait):
                        if not self._report_settled(state):
                            return
                        continue
                message = adapter.receive(deadline, settings.timeout, settings.clock)
                state.lines += 1
                seq = self._answer_seq(message, state)
            except AdapterFailure as failure:
                if not self._after_failure(state, failure, started):
                    return
                if self.adapter is None:  # nothing left to send, and it is broken
                    return
                adapter = self.adapter
                state.last_answer = clock()
                state.stderr_mark = adapter.stderr_at_answer
                continue
            self._take_answer(state, seq, message, started)
            finished = not state.todo and not state.waiting and not adapter.ready()
            if not self._report_settled(state, everything=finished):
                return
        # Every case is answered: take what the adapter wrote after (a repeat of
        # the last answer is charged to its case) before the last are reported.
        while adapter.ready():
            try:
                message = adapter.receive(-1.0, 0.0)  # only what is there already
                state.lines += 1
                seq = self._answer_seq(message, state)
            except AdapterFailure:  # its end or noise after the last answer: no case to blame
                break
            self._take_answer(state, seq, message, clock())
        self._report_settled(state, everything=True)

    def _answer_seq(self, message: Any, state: _RunState) -> int:
        """The seq of a line that answers a case sent to this adapter process
        (in flight, or reported already); :class:`AdapterFailure` when the line is
        not such an answer."""
        if not isinstance(message, dict):
            raise AdapterFailure(
                f"an answer must be a JSON object, got {kinds.json_text(message, 80)}"
            )
        seq = message.get("seq")
        if (
            not isinstance(seq, int)
            or isinstance(seq, bool)
            or not self._first_seq <= seq <= self.seq
        ):
            waiting = list(state.waiting)
            expected = (
                f"expected {waiting[0]}" if len(waiting) == 1 else f"{len(waiting)} cases in flight"
            )
            raise AdapterFailure(
                f"wrong seq: {expected}, got {kinds.json_text(seq, 40)}", Reason.PROTOCOL
            )
        return seq

    def _take_answer(
        self, state: _RunState, seq: int, message: Mapping[str, Any], started: float
    ) -> None:
        """Charge an answer to the case its seq names: its outcome, or an error if
        that case was answered already."""
        adapter = self.adapter
        assert adapter is not None
        now = self.settings.clock()
        flooded = adapter.stderr_at_answer - state.stderr_mark
        state.stderr_mark = adapter.stderr_at_answer
        first = state.answered.get(seq)
        if first is not None:
            said = first.outcome.status if first.outcome else "?"
            if first.outcome and first.outcome.message:
                said += f": {first.outcome.message}"
            state.mark_answered(
                first,
                Outcome(
                    first.run, "error",
                    f"answered twice (seq {seq}); every case takes exactly one answer (the first: {said})",
                    first.outcome.actual if first.outcome else None, adapter.stderr_tail(),
                    first.outcome.seconds if first.outcome else 0.0, Reason.PROTOCOL,
                ),
            )  # fmt: skip
            return
        pending = state.waiting.get(seq)
        if pending is None:
            if len(self.stray_answers) < MAX_STRAY_ANSWERS_KEPT:
                self.stray_answers.append(
                    f"a second answer with seq {seq}, after its case was reported"
                )
            return
        self._deaths_in_a_row = 0
        self.asked += 1
        state.suspects = max(0, state.suspects - 1)
        state.last_answer = now
        state.mark_answered(pending, self._judge(pending.run, message, flooded, now - started))

    def _judge(self, run: Run, message: Mapping[str, Any], flooded: int, seconds: float) -> Outcome:
        """The outcome of a case from its answer, the answer's shape checked first."""
        adapter = self.adapter
        assert adapter is not None
        try:
            if self._check_answer is not None:
                self._check_answer(message)
            check_answer(message)
        except AdapterFailure as failure:
            return Outcome(
                run, "error", failure.message, None, adapter.stderr_tail(), seconds, failure.reason
            )
        if self.hello.get("codes") is False:
            run, message = without_codes(run, message)
        status, text, actual = judge(run, message, self.settings.baseline)
        reason = Reason.ANSWERED
        if "skipped" in message:
            reason = Reason.SKIPPED
        elif "errored" in message:
            reason = Reason.ERRORED
        tail = ""
        if flooded > self.settings.stderr_limit:
            status, reason = "error", Reason.PROTOCOL
            text = f"stderr flood: {flooded} bytes on standard error during this case" + (
                f" ({text})" if text else ""
            )
            tail = adapter.stderr_tail()
        elif status == "error":
            tail = adapter.stderr_tail()
        return Outcome(run, status, text, actual, tail, seconds, reason)

    def _after_failure(self, state: _RunState, failure: AdapterFailure, started: float) -> bool:
        """Blame a failure on the case in flight if it was alone, requeue the others,
        restart the adapter; False when the run stops instead."""
        adapter = self.adapter
        assert adapter is not None
        waiting = list(state.waiting.values())
        if len(waiting) > 1:
            state.suspects = len(waiting)
            for pending in reversed(waiting):
                state.todo.appendleft((pending.rank, pending.run))
            state.waiting.clear()
        else:
            state.suspects = max(0, state.suspects - 1)
            self.asked += 1
            self.failures += 1
            blamed = waiting[0]
            state.mark_answered(
                blamed,
                Outcome(
                    blamed.run, "error", failure.message, None, adapter.stderr_tail(),
                    self.settings.clock() - started, failure.reason,
                ),
            )  # fmt: skip
        adapter.close()
        self.adapter = None
        self._deaths_in_a_row += 1
        if not self._report_settled(state, everything=True):
            return False
        over = self._over_budget()
        if over and state.todo:
            self._stop(state, Stop.FAILURE_BUDGET, f"{over} (the last: {failure.message})")
            return False
        if self._deaths_in_a_row >= self.settings.max_deaths_in_a_row and state.todo:
            self._stop(
                state,
                Stop.ADAPTER_KEEPS_DYING,
                f"the adapter failed {self._deaths_in_a_row} times in a row without answering "
                f"a single case (the last: {failure.message}), so it is not restarted again",
            )
            return False
        if not state.todo:  # restarted only when there is something to ask
            return True
        try:
            self._restart()
        except RunnerError as error:
            self._stop(state, error.stop, str(error))
            return False
        return True

    def _over_budget(self) -> str:
        """Why the adapter has used up its failure budget ('' if it has not): it
        crashed, hung or answered unreadably on more than
        :attr:`Settings.failure_budget` of the cases asked, counted from the
        :data:`~fourhundred.conformance.outcomes.MIN_FAILURES_COUNTED` th such case."""
        budget, asked = self.settings.failure_budget, self.asked
        if self.failures < MIN_FAILURES_COUNTED or self.failures <= budget * asked:
            return ""
        return (
            f"the adapter crashed, hung or answered unreadably on {self.failures} of the "
            f"{asked} cases asked, more than the failure budget of {budget:.0%} "
            "(--failure-budget), so the run stopped"
        )

    def _report_settled(self, state: _RunState, everything: bool = False) -> bool:
        """Hand answered cases to ``on_outcome`` in suite order, each once it is
        settled (a later line was read, so a repeat of its answer written right
        after it was seen) or ``everything``; False when ``--fail-fast`` stops the run."""
        while state.next_rank in state.by_rank:
            seq = state.by_rank[state.next_rank]
            pending = state.answered[seq]
            settled = (
                pending.answered_at_line < state.lines
                or self.settings.clock() >= pending.answered_at + REPEAT_GRACE
            )
            if not (everything or settled):
                break
            del state.answered[seq], state.by_rank[state.next_rank]
            state.next_rank += 1
            outcome = pending.outcome
            assert outcome is not None
            self.on_outcome(outcome)
            if self.settings.fail_fast and outcome.status in ("fail", "error", "unexpected_pass"):
                if outcome.status == "error" and self.adapter is not None:
                    self.adapter.close()
                    self.adapter = None
                self._stop(state, Stop.FAIL_FAST, f"stopped at the first failure ({outcome.key})")
                return False
        return True

    def close(self) -> None:
        """Stop the adapter politely, then end its process group."""
        if self.adapter is not None:
            self.adapter.close(graceful=True)
            self.adapter = None


def split_command(command: str) -> list[str]:
    """An adapter command line as argv (no shell); an empty or blank command, or
    an empty program name (``''``), is refused (never the bundled reference instead)."""
    from fourhundred.errors import UserError

    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UserError(f"--adapter {command!r}: {error}") from None
    if not argv or not argv[0].strip():
        raise UserError("--adapter is empty: give the command that starts the adapter")
    return argv
