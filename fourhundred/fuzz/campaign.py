"""A fuzzing campaign: run its jobs, keep its ``--out`` folder, sum it up.

:func:`run_campaign` resumes from the state file of ``--out``
(:mod:`fourhundred.fuzz.cases`), runs the campaign's blocks with a
:data:`Runner` (by default :func:`run_locally`: one :class:`~fourhundred.fuzz.job.Job`
in this process, or ``config.jobs`` job processes), takes every message the
jobs emit (progress, findings, notes), writes each new finding as a
conformance case as soon as it is found, and returns the :class:`Summary`.

The pieces it is made of each have a module: the data
(:mod:`fourhundred.fuzz.records`), the case stream and which blocks a shard
and a job take (:mod:`fourhundred.fuzz.stream`), one job
(:mod:`fourhundred.fuzz.job`), a disagreement made into a finding
(:mod:`fourhundred.fuzz.findings`), and how a run stops
(:mod:`fourhundred.fuzz.stopping`). A campaign on a Dask cluster is another
:data:`Runner` built from those same public pieces
(:func:`fourhundred.fuzz.cluster.on_cluster`); this module never imports it.

The state file records which blocks are done, so ``--out`` with the same
seed and shard resumes where the last run stopped, and the signatures already
found, so a resumed run does not report them again (it lists them, from
``findings.jsonl``, with the counts of the earlier runs).

However a campaign ends, :func:`run_campaign` returns its :class:`Summary`
with every finding so far; :attr:`Summary.ending` says why it stopped early
(:class:`~fourhundred.fuzz.stopping.Ending`): Ctrl-C, an adapter that cannot
be driven, an output that cannot be written, or a bug of the fuzzer itself
(with its traceback), each told apart, in one job or many.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fourhundred.fuzz import cases as case_files
from fourhundred.fuzz.cases import Recorded
from fourhundred.fuzz.job import Emit, end_with_the_campaign, run_job
from fourhundred.fuzz.lock import holding
from fourhundred.fuzz.records import Config, Counts, Finding
from fourhundred.fuzz.stopping import (
    JOB_STOP_SECONDS,
    Ending,
    Interrupts,
    ending_of,
    installed,
    sigint_ignored,
)

#: Seconds between writes of the state file (and at every finding, and at the end).
STATE_EVERY = 1.0


def _job_process(config: Config, job: int, channel: Any) -> None:
    """Entry point of a job process: report through the channel, never raise.

    Ctrl-C (from the terminal, or passed on by the campaign process) stops the
    job; its adapter is ended and what it found is handed in before ``done``.
    """

    def emit(kind: str, payload: Any) -> None:
        channel.put((job, kind, payload))

    end_with_the_campaign()
    with installed() as interrupts:
        try:
            run_job(config, job, emit, interrupts=interrupts)
        except KeyboardInterrupt:
            pass  # the campaign process reports the interruption
        except Exception as error:  # the adapter's failure, or a bug of the fuzzer: say which
            # The campaign stops the other jobs with SIGINT as soon as one ends, so
            # the report of the end is a section no Ctrl-C cuts.
            with contextlib.suppress(KeyboardInterrupt), interrupts.held():
                emit("ended", ending_of(error, job))
        finally:
            with contextlib.suppress(KeyboardInterrupt), interrupts.held():
                emit("done", None)


# ----------------------------------------------------------------------
# The campaign: jobs, state file, case files
# ----------------------------------------------------------------------


@dataclass
class Summary(Counts):
    """What a campaign did: every finding, however the run ended."""

    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    implementation: str = ""
    notes: list[str] = field(default_factory=list)
    #: Why the run stopped early (None: it spent its budget).
    ending: Ending | None = None
    #: What earlier runs of the campaign in its ``--out`` folder did, and found
    #: (read back from the state file and ``findings.jsonl``).
    earlier: Counts = field(default_factory=Counts)
    earlier_findings: list[Recorded] = field(default_factory=list)
    #: Signatures of earlier findings that this run showed again.
    again: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds > 0 else 0.0

    @property
    def complete(self) -> bool:
        """Whether the run spent its whole budget (no Ctrl-C, no failure)."""
        return self.ending is None


Listener = Callable[[Summary], None]


def steady_rate(samples: Sequence[tuple[float, int]]) -> float | None:
    """Cases a second after the first reported block: ``samples`` are ``(seconds,
    cases)`` as a campaign's listener sees them, in order. Counting from the first
    sample with cases leaves out what a benchmark should not time: starting the job
    processes and their adapters, and the first block's one-time work (imports,
    tables built on first use). None when fewer than two samples with cases are apart
    in time (the run was too short to tell)."""
    counted = [(seconds, cases) for seconds, cases in samples if cases > 0]
    if len(counted) < 2:
        return None
    (start, first), (end, last) = counted[0], counted[-1]
    if end <= start or last <= first:
        return None
    return (last - first) / (end - start)


#: How a campaign's blocks are run: every message a job emits goes to the handler (an
#: :data:`~fourhundred.fuzz.job.Emit`), and a failure's ending to the summary.
Runner = Callable[[Config, Emit, Summary, Interrupts], None]


def run_locally(config: Config, handle: Emit, summary: Summary, interrupts: Interrupts) -> None:
    """The default :data:`Runner`: one job in this process, or ``config.jobs`` job processes."""
    if config.jobs <= 1:
        run_job(config, 0, handle, interrupts=interrupts)
    else:
        _run_jobs(config, handle, summary, interrupts)


def run_campaign(
    config: Config,
    out: Path | None = None,
    listener: Listener | None = None,
    interrupts: Interrupts | None = None,
    runner: Runner | None = None,
) -> Summary:
    """Run a campaign with ``runner`` (default :func:`run_locally`: ``config.jobs``
    processes, or this one for a single job; on a Dask cluster:
    :func:`fourhundred.fuzz.cluster.on_cluster`).

    With ``out``, resume from and update its state file, and write every new
    finding as a conformance case (:mod:`fourhundred.fuzz.cases`) as soon as it
    is found; the summary says what earlier runs there did and found. However
    the run ends (Ctrl-C, an adapter that cannot be driven, a
    bug of the fuzzer) the summary comes back with every finding so far and
    :attr:`Summary.ending` saying why; only a bad ``out`` folder or state file
    raises (:class:`UserError`, before anything runs), and so does a folder
    another campaign is running on (:func:`fourhundred.fuzz.lock.holding`). ``interrupts``: the
    caller's Ctrl-C handling (:func:`installed`), when it spans more than this
    run; otherwise the campaign installs its own.
    """
    with contextlib.ExitStack() as locked:
        if out is not None:
            case_files.read_state(out, config)  # a bad --out is refused before it is made
            locked.enter_context(holding(out))  # one campaign at a time (fourhundred.fuzz.lock)
        return _run_campaign(config, out, listener, interrupts, runner)


def _run_campaign(
    config: Config,
    out: Path | None,
    listener: Listener | None,
    interrupts: Interrupts | None,
    runner: Runner | None,
) -> Summary:
    state = case_files.read_state(out, config) if out is not None else None
    summary = Summary()
    if out is not None and state is not None:
        summary.earlier.add(state.totals)
        summary.earlier_findings = case_files.read_findings(out, state.signatures)
        case_files.write_state(out, state)  # an --out that cannot be written fails now, not later
        config = replace(config, done=state.done, known_signatures=frozenset(state.signatures))
    if config.seconds is not None and config.deadline is None:
        config = replace(config, deadline=config.clock() + config.seconds)
    started = time.monotonic()
    saved = [0.0]
    with contextlib.ExitStack() as stack:
        if interrupts is None:
            interrupts = stack.enter_context(installed())
        gate = interrupts

        def save_state() -> None:
            if out is not None and state is not None:
                saved[0] = summary.seconds
                case_files.write_state(out, state)

        def handle(kind: str, payload: Any) -> None:
            if kind == "progress":
                summary.add(payload)
                if state is not None:
                    for m in payload.blocks_done:
                        state.done = state.done.add(m)
                    state.totals.add(payload)
            elif kind == "finding":
                if all(f.signature != payload.signature for f in summary.findings):
                    summary.findings.append(payload)
                    if out is not None and state is not None:
                        with gate.held():  # a Ctrl-C never leaves a finding half written
                            case_files.write_finding(out, payload, config)
                            state.signatures.add(payload.signature)
                            save_state()
            elif kind == "again":
                if payload not in summary.again:
                    summary.again.append(str(payload))
            elif kind == "note":
                if payload not in summary.notes:
                    summary.notes.append(str(payload))
            elif kind == "implementation":
                summary.implementation = str(payload)
            summary.seconds = time.monotonic() - started
            if kind == "progress" and summary.seconds - saved[0] > STATE_EVERY:
                with gate.held():
                    save_state()
            if listener is not None:
                listener(summary)

        try:
            try:
                (runner or run_locally)(config, handle, summary, gate)
            finally:
                summary.seconds = time.monotonic() - started
                with gate.held():
                    save_state()
        except (KeyboardInterrupt, Exception) as error:
            summary.ending = summary.ending or ending_of(error)
    if not summary.implementation:
        summary.implementation = (
            " ".join(config.adapter) if config.adapter else "fourhundred-reference (in process)"
        )
    if listener is not None:
        listener(summary)
    return summary


def _run_jobs(config: Config, handle: Emit, summary: Summary, interrupts: Interrupts) -> None:
    """Run the jobs in processes and take their messages until all are done.

    The first job to fail (its adapter, or a bug) stops the others, and its
    :class:`Ending` is the campaign's. A Ctrl-C (which a terminal sends the
    jobs too) only marks the run as interrupted here, so no message is lost
    half-read: the jobs are told to stop, and heard out until they are done or
    :data:`JOB_STOP_SECONDS` have passed; then ``KeyboardInterrupt`` goes on.
    """
    context = multiprocessing.get_context("spawn")
    channel = context.Queue()
    processes = [
        context.Process(target=_job_process, args=(config, job, channel), daemon=True)
        for job in range(config.jobs)
    ]
    running = set(range(config.jobs))
    stop_by: list[float] = []

    def stop() -> None:
        if not stop_by:
            stop_by.append(time.monotonic() + JOB_STOP_SECONDS)
            _stop_jobs(processes)

    def take(timeout: float) -> bool:
        """Handle one message; False when none came within ``timeout``."""
        try:
            job, kind, payload = channel.get(timeout=timeout)
        except queue.Empty:
            return False
        if kind == "done":
            running.discard(job)
        elif kind == "ended":
            if summary.ending is None:
                summary.ending = payload
            stop()
        else:
            handle(kind, payload)
        return True

    try:
        with interrupts.held():
            with sigint_ignored():  # so a job starts with it ignored until its own handler is in
                for process in processes:
                    process.start()
            while running:
                if interrupts.interrupted:
                    stop()
                if stop_by and time.monotonic() > stop_by[0]:
                    break
                if not take(0.2) and not any(p.is_alive() for p in processes):
                    break
            while running and take(0.2):  # what the last jobs said before they ended
                pass
            if running and summary.ending is None and not interrupts.interrupted:
                lost = ", ".join(str(job) for job in sorted(running))
                summary.ending = Ending(
                    "internal", f"job {lost} ended without reporting (killed, or out of memory?)"
                )
    finally:
        for process in processes:
            if process.pid is not None:
                process.join(timeout=JOB_STOP_SECONDS)
            if process.is_alive():
                process.kill()


def _stop_jobs(processes: list[Any]) -> None:
    """Ask every running job to stop (a Ctrl-C of its own: it ends its adapter and reports)."""
    for process in processes:
        if process.pid is not None and process.is_alive():
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGINT)
