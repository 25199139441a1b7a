"""The conformance run loop: send every case to an adapter, collect and order the outcomes.

One job: drive one adapter (:class:`~fourhundred.conformance.process.AdapterProcess`)
through a list of runs. The runner starts it and shakes hands
(:func:`~fourhundred.conformance.handshake.shake_hands`), keeps a window of
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
* After :data:`~fourhundred.conformance.run_settings.MAX_DEATHS_IN_A_ROW` failures
  that need a restart without one answer in between, after failures on more
  than :attr:`Settings.failure_budget` of the cases asked (an adapter that dies
  every few cases), after a restart that fails or that answers a different
  handshake, the run stops: the cases left are *not run*
  (:attr:`Runner.incomplete`), never silently absent.

Outcomes are handed to the reports in suite order as soon as they are
settled, so a report streamed to disk is complete up to the last case even if
the runner itself is interrupted.

How a run is set up is :mod:`~fourhundred.conformance.run_settings`; the
cases of a run between the plan and the reports are kept by
:mod:`~fourhundred.conformance.run_state`. The names of the protocol, process,
judging and settings modules that callers used from here before the splits are
re-exported (``__all__``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fourhundred.conformance.case_source import RunPlan
from fourhundred.conformance.handshake import shake_hands
from fourhundred.conformance.judging import (
    ANY_CODE,
    STATUSES,
    Outcome,
    differences,
    in_baseline,
    judge,
    without_codes,
)
from fourhundred.conformance.outcomes import MIN_FAILURES_COUNTED, Incomplete, Reason, Stop
from fourhundred.conformance.process import AdapterProcess, exit_text
from fourhundred.conformance.protocol import (
    NO_POSITIONS,
    NOT_DECLARED,
    PROTOCOL_VERSION,
    AdapterFailure,
    RunnerError,
    answer_seq,
    check_answer,
    check_hello,
    protocol_validator,
    supports,
    unsupported,
)
from fourhundred.conformance.run_settings import (
    DEFAULT_TIMEOUT,
    REFERENCE_ADAPTER,
    Settings,
    split_command,
)
from fourhundred.conformance.run_state import Pending, RunState, Todo
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

#: Seconds an answered case waits for a repeat of its answer (charged to it)
#: before it is reported, unless a later line comes first.
REPEAT_GRACE = 0.1
#: Late repeated answers described in :attr:`Runner.stray_answers` (the rest are not kept).
MAX_STRAY_ANSWERS_KEPT = 100
#: Attempts to start the adapter again after a crash or hang before the run stops.
MAX_RESTART_ATTEMPTS = 3


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
        #: The message of the adapter's last failure that needed a restart.
        self._last_failure = ""
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
        self.adapter, self.hello = shake_hands(
            self.argv, self.settings, self.hello, self._check_hello
        )
        self._first_seq = self.seq + 1
        return self.hello

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
        todo = Todo(plan, hello)
        state = RunState(todo, clock=self.settings.clock)
        try:
            # It died at the end of the last run.
            if todo and self.adapter is None and not self._restart_for(state):
                return
            self._run(state)
        except KeyboardInterrupt as stop:
            if self.incomplete is None:
                how = f" ({stop})" if str(stop) else ""
                self._stop(state, Stop.INTERRUPTED, f"the run was interrupted{how}")
            raise

    def _stop(self, state: RunState, stop: Stop, message: str) -> None:
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

    def _run(self, state: RunState) -> None:
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
                    state.waiting[self.seq] = Pending(self.seq, rank, run, now)
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
                seq = answer_seq(message, self._first_seq, self.seq, state.waiting)
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
                seq = answer_seq(message, self._first_seq, self.seq, state.waiting)
            except AdapterFailure:  # its end or noise after the last answer: no case to blame
                break
            self._take_answer(state, seq, message, clock())
        self._report_settled(state, everything=True)

    def _take_answer(
        self, state: RunState, seq: int, message: Mapping[str, Any], started: float
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

    def _after_failure(self, state: RunState, failure: AdapterFailure, started: float) -> bool:
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
        self._last_failure = failure.message
        if not state.todo:  # restarted only when there is something to ask
            return True
        return self._restart_for(state)

    def _restart_for(self, state: RunState) -> bool:
        """Start the failed adapter again for the cases left in ``state`` (True), or
        stop the run saying why it is not (False: :meth:`_no_restart`, or it could not
        be started)."""
        refused = self._no_restart()
        if refused is not None:
            self._stop(state, *refused)
            return False
        try:
            self._restart()
        except RunnerError as error:
            self._stop(state, error.stop, str(error))
            return False
        return True

    def _no_restart(self) -> tuple[Stop, str] | None:
        """Why the adapter that just failed is not started again (None: it is): its
        failure budget is used up, or it failed :attr:`Settings.max_deaths_in_a_row`
        times in a row without answering. Asked whenever a restart is due, in the run
        where it failed or at the start of the next (a fuzz campaign asks one case a
        batch: an adapter that never answers is stopped across batches too)."""
        over = self._over_budget()
        if over:
            return Stop.FAILURE_BUDGET, f"{over} (the last: {self._last_failure})"
        if self._deaths_in_a_row >= self.settings.max_deaths_in_a_row:
            return Stop.ADAPTER_KEEPS_DYING, (
                f"the adapter failed {self._deaths_in_a_row} times in a row without answering "
                f"a single case (the last: {self._last_failure}), so it is not restarted again"
            )
        return None

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

    def _report_settled(self, state: RunState, everything: bool = False) -> bool:
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
