"""One job of a campaign: ask the implementation a block's cases in batches,
shrink every disagreement of a shape not yet shrunk enough, and emit what it
finds and how far it got.

A :class:`Job` asks a block's cases in batches of about :data:`BATCH_SECONDS`
and reads the one wall-clock deadline of the campaign, so ``--seconds`` stops
a run within a batch (or one adapter timeout), shrinking included: a shrink
gets at most the time left. A local job runs its blocks in turn
(:func:`run_job`); a cluster worker keeps one :class:`Job` and is handed
blocks (:mod:`fourhundred.fuzz.cluster`).
"""

from __future__ import annotations

import itertools
import math
import shlex
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fourhundred.fuzz.compare import (
    Outcome,
    compare,
)
from fourhundred.fuzz.findings import said, shrunk_finding, unshrunk_finding
from fourhundred.fuzz.implementations import (
    AdapterError,
    AdapterProcess,
    Implementation,
    InProcess,
    Question,
)
from fourhundred.fuzz.records import TOGETHER, Config, Finding, Progress
from fourhundred.fuzz.stopping import Interrupts
from fourhundred.fuzz.stream import block_index, block_size, block_stream, free_blocks
from fourhundred.spec.registry import load

if TYPE_CHECKING:
    from fourhundred.fuzz.causes import Tamer

#: A job shrinks at most this many wrong answers of one shape (later ones are counted);
#: whole games, crashes and hangs only one (each shrink of a crash restarts the adapter).
SHRINKS_PER_SHAPE = 4
#: Seconds naming the first finding's cause is expected to take (it loads the rule points'
#: model and the fault dictionary; later ones take what the last one took).
FIRST_CAUSE_SECONDS = 5.0
#: A job hands the implementation the cases of a block in batches that take about this
#: long, so ``--seconds`` stops a run within about this much (or one adapter timeout).
BATCH_SECONDS = 0.5


def open_implementation(config: Config) -> Implementation:
    """The implementation under test: the adapter process, or the reference in process."""
    if config.implementation is not None:
        return config.implementation(config)
    if config.adapter:
        return AdapterProcess(config.adapter, timeout=config.timeout)
    return InProcess()


Emit = Callable[[str, Any], None]

#: ``prctl`` option: the signal this process gets when its parent dies (<linux/prctl.h>).
PR_SET_PDEATHSIG = 1


def end_with_the_campaign() -> None:
    """In a job process: be killed (SIGKILL) as soon as the campaign process that
    started it dies, however it dies (``prctl(PR_SET_PDEATHSIG)``, Linux). The job's
    adapter runs under a keeper (:mod:`fourhundred.conformance.keeper`) whose lifeline
    is this process, so it and every process it started (``setsid`` and double-fork
    daemons included) end too. A campaign that died before this call is noticed by
    the parent's pid; where there is no ``prctl``, nothing is done."""
    import ctypes
    import ctypes.util
    import multiprocessing
    import os
    import signal
    import sys

    parent = multiprocessing.parent_process()
    if parent is None or not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent.pid:  # the campaign died first
        os.kill(os.getpid(), signal.SIGKILL)


def run_job(
    config: Config,
    job: int,
    emit: Emit,
    implementation: Implementation | None = None,
    interrupts: Interrupts | None = None,
) -> None:
    """Run one job's blocks until its budget is spent; report through ``emit``.

    Messages: ``("progress", Progress)``, ``("finding", Finding)``,
    ``("again", signature)``, ``("note", text)``; an :class:`AdapterError`
    propagates, and so does ``KeyboardInterrupt``, after the disagreement
    being shrunk is emitted unshrunk. An implementation this job opens, it
    closes, and a Ctrl-C cannot come between the opening or the closing and
    the adapter's end.
    """
    held = (interrupts or Interrupts()).held
    own = implementation is None
    impl: Implementation | None = None
    try:
        # A stop signal held here is raised as the section ends, once impl is set:
        # the finally below closes it.
        with held():
            impl = open_implementation(config) if implementation is None else implementation
        emit("implementation", impl.name)
        worker = Job(config, job, impl)
        note = worker.undeclared_note()
        if note is not None and job == 0:
            emit("note", note)
        for m, block, size in _job_blocks(config, job):
            if worker.out_of_time() or not worker.run_block(m, block, size, emit):
                break
    finally:
        if own and impl is not None:
            with held():
                impl.close()


def _job_blocks(config: Config, job: int) -> Iterator[tuple[int, int, int]]:
    """(m, block, size) of this job's blocks, within the case budget."""
    for m in free_blocks(config, job, config.jobs):
        yield m, block_index(config.shard, m), block_size(config, m)


def deadline_of(config: Config) -> float:
    """When the campaign stops (:func:`time.time`; infinite without ``--seconds``)."""
    if config.deadline is not None:
        return config.deadline
    return math.inf


class Job:
    """One job: its implementation, and what it remembers from block to block (the
    shapes it has shrunk, the signatures it has found). A local job runs its blocks
    in turn (:func:`run_job`); a cluster worker keeps one and is handed blocks
    (:mod:`fourhundred.fuzz.cluster`).
    """

    def __init__(
        self,
        config: Config,
        number: int,
        impl: Implementation,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.config, self.number, self.impl = config, number, impl
        self.stop = stop
        self.started = time.monotonic()
        self.deadline = deadline_of(config)
        self.rules_by_variant = {v: load(v) for v in config.variants}
        self.supported = {
            (k, v) for k in config.kinds for v in config.variants if impl.supports(k, v)
        }
        if not self.supported:
            raise AdapterError(
                f"{impl.name} declares none of the kinds ({', '.join(config.kinds)}) "
                f"under the variants asked for ({', '.join(config.variants)})"
                + _exact_hint(impl, config.variants)
            )
        self.shrunk_shapes: dict[tuple[Any, ...], int] = {}
        #: The causes found so far (:class:`~fourhundred.fuzz.causes.Tamer`, made at the
        #: first finding: the rule points' model is not loaded before one is needed).
        self.tamer: Tamer | None = None
        #: How long naming a finding's cause takes (the last one; the first loads the
        #: rule points and the fault dictionary): it is named only with that much time left.
        self.cause_seconds = FIRST_CAUSE_SECONDS
        self.signatures: set[str] = set(config.known_signatures)
        self.again: set[str] = set()
        #: Cases per batch (see :meth:`_answered`): from one, it doubles while a batch is quick.
        self.batch = 1

    def undeclared_note(self) -> str | None:
        """What the implementation does not declare (those cases are not asked), if anything."""
        config = self.config
        undeclared = sorted(
            {f"{k} under {v}" for k in config.kinds for v in config.variants}
            - {f"{k} under {v}" for k, v in self.supported}
        )
        if not undeclared:
            return None
        return (
            f"{self.impl.name} does not declare {', '.join(undeclared)}: "
            "those cases are not asked (counted as not declared)"
        )

    def out_of_time(self) -> bool:
        """Whether the campaign's ``--seconds`` are spent, or it was told to ``stop``."""
        return self.config.clock() >= self.deadline or (self.stop is not None and self.stop())

    def run_block(self, m: int, block: int, size: int, emit: Emit) -> bool:
        """Ask the block's declared cases, shrink and emit what differs, and emit the
        progress (with ``m`` as done when the whole block was asked). The cases go to
        the implementation in batches of about :data:`BATCH_SECONDS`, so ``--seconds``
        cuts a block short: then False (the block is not done; a resumed run asks it again).
        """
        progress = Progress()
        stream = enumerate(block_stream(self.config, block, size, self.rules_by_variant))

        def asked() -> Iterator[tuple[int, Question]]:
            for position, question in stream:
                if (question[0], question[1]) in self.supported:
                    yield position, question
                else:
                    progress.undeclared += 1

        whole = True
        restarts = int(getattr(self.impl, "restarts", 0))
        for batch, outcomes in self._answered(asked()):
            if batch is None:
                whole = False
                break
            for (position, question), outcome in zip(batch, outcomes, strict=True):
                self._take(question, outcome, block, position, progress, emit)
        if whole:
            progress.blocks_done.append(m)
        progress.restarts = int(getattr(self.impl, "restarts", 0)) - restarts
        emit("progress", progress)
        return whole

    def _answered(
        self, asked: Iterator[tuple[int, Question]]
    ) -> Iterator[tuple[list[tuple[int, Question]] | None, list[Outcome]]]:
        """The implementation's outcomes, batch by batch; a batch (its generation and its
        answers) grows while it takes less than :data:`BATCH_SECONDS`. ``(None, [])`` when
        the time ran out first. The size learnt carries over to the next block."""
        while True:
            if self.out_of_time():
                yield None, []
                return
            began = self.config.clock()
            batch = list(itertools.islice(asked, self.batch))
            if not batch:
                return
            outcomes = self.impl.answer([question for _, question in batch])
            per_case = max(0.0, self.config.clock() - began) / len(batch)
            grown = 2 * self.batch
            self.batch = max(1, min(grown, int(BATCH_SECONDS / per_case) if per_case else grown))
            yield batch, outcomes

    def _take(
        self,
        question: Question,
        outcome: Outcome,
        block: int,
        position: int,
        progress: Progress,
        emit: Emit,
    ) -> None:
        """Count one outcome; shrink and emit a disagreement of a shape not yet shrunk
        enough (unshrunk when the time is out), once per signature."""
        kind, variant, data, expected = question
        progress.cases += 1
        if outcome.status == "skipped":
            progress.skipped += 1
            return
        found = compare(kind, variant, expected, outcome, data.get("actions", ()))
        if found is None:
            return
        progress.disagreements += 1
        if outcome.status != "ok":
            progress.errors += 1
        taming = self.tamer is not None and bool(self.tamer.groups) and outcome.status == "ok"
        known = (
            self.tamer.known(kind, variant, data, expected, outcome.result)
            if self.tamer is not None and taming
            else None
        )
        if (
            self.tamer is not None
            and known is not None
            and (TOGETHER in known or (known, kind) in self.tamer.witnessed)
        ):
            # A known cause shows again, or known causes together (the explained
            # model): nothing new to shrink.
            progress.tamed += 1
            return
        # Shrunk keeping what no known cause explains (so it shrinks to the new cause),
        # unless it is a known cause's first witness of this kind.
        keep = (
            self.tamer.unexplained if self.tamer is not None and taming and known is None else None
        )
        # One shrink per class of a whole game's first departure, or of a failed answer.
        limit = 1 if kind == "whole_game" or found.status != "wrong" else SHRINKS_PER_SHAPE
        shape = found.shape
        if self.shrunk_shapes.get(shape, 0) >= limit:
            return
        self.shrunk_shapes[shape] = self.shrunk_shapes.get(shape, 0) + 1
        left = self.deadline - self.config.clock()
        if left <= 0:  # --seconds are spent: kept as found
            finding = unshrunk_finding(
                self.impl, question, found, outcome, block, position, self.started
            )
        else:
            try:
                finding = shrunk_finding(
                    replace(self.config, shrink_seconds=min(self.config.shrink_seconds, left)),
                    self.impl,
                    self.rules_by_variant[variant],
                    question,
                    found,
                    block,
                    position,
                    self.started,
                    keep,
                )
            except (KeyboardInterrupt, AdapterError):  # keep it as found, then stop
                kept = unshrunk_finding(
                    self.impl, question, found, outcome, block, position, self.started
                )
                if kept.signature not in self.signatures:
                    emit("finding", kept)
                raise
        if finding.signature in self.config.known_signatures:
            if finding.signature not in self.again:  # said once per job
                self.again.add(finding.signature)
                emit("again", finding.signature)
        elif finding.signature not in self.signatures:
            self.signatures.add(finding.signature)
            try:
                clock = self.config.clock
                if finding.status == "wrong" and self.deadline - clock() > self.cause_seconds:
                    began = clock()
                    finding = replace(finding, cause=self._cause(finding) or "")
                    self.cause_seconds = max(0.0, clock() - began)
            except (KeyboardInterrupt, AdapterError):  # keep it without its cause, then stop
                emit("finding", finding)
                raise
            if self.config.tame and finding.cause and self.tamer is None:
                from fourhundred.fuzz.causes import Tamer

                self.tamer = Tamer()
            if (
                self.tamer is not None
                and finding.cause
                and not self.tamer.knows(finding.cause, kind)[1]
            ):
                progress.tamed += 1  # shrunk to a cause and kind already witnessed
                return
            emit("finding", finding)

    def _cause(self, finding: Finding) -> str | None:
        """The finding's cause, the implementation asked to tell mutants apart
        (:func:`~fourhundred.fuzz.causes.probed_cause`), while the campaign has time."""
        from fourhundred.fuzz.causes import probed_cause

        def ask(kind: str, variant: str, data: Mapping[str, Any], expected: Any) -> Any:
            return said(self.impl.answer([(kind, variant, dict(data), expected)])[0])

        return probed_cause(
            finding,
            ask,
            lambda kind, variant: (kind, variant) in self.supported,
            self.out_of_time,
            self.tamer.causes(finding.variant) if self.tamer is not None else (),
        )


def _exact_hint(impl: Implementation, variants: Sequence[str]) -> str:
    """For an adapter that declares exact settings only: which exact strings of the
    variants asked for to fuzz with (``--variant 'qahwa-400(table=classic)'``)."""
    hello = getattr(impl, "hello", None)
    exact = list(hello.get("exact", ())) if isinstance(hello, dict) else []
    families = {variant.split("(", 1)[0] for variant in variants}
    chosen = [text for text in exact if text.split("(", 1)[0] in families] or exact
    if not chosen:
        return ""
    shown = " ".join(f"--variant {shlex.quote(text)}" for text in chosen[:6])
    return f"; it declares exact settings: fuzz with {shown}"
