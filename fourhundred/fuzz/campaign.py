"""A fuzzing campaign: generate, ask both sides, shrink what differs, keep it as a case.

The stream of inputs is cut into *blocks* of :data:`BLOCK_SIZE` cases. Block
``b`` is generated from its own random stream, seeded by the campaign seed
and ``b``, so any case can be regenerated from (seed, block, position) and
the work splits without coordination:

* a shard ``i/n`` (1-based) takes the blocks ``b = (i - 1) + n * m``, m = 0, 1, 2 ...;
* within a run, job ``j`` of ``J`` takes the ``m`` with ``m % J == j``;
* on a cluster (:mod:`fourhundred.fuzz.cluster`), each block is a task, run by
  a worker's own :class:`Job`;
* the state file records which ``m`` are done, so ``--out`` with the same
  seed and shard resumes where the last run stopped, and the signatures
  already found, so a resumed run does not report them again (it lists them,
  from ``findings.jsonl``, with the counts of the earlier runs).

In each block the case kinds take turns (whole games, which are slower, are
the first case of every twentieth block). A :class:`Job` asks the
implementation a block's cases in batches of about :data:`BATCH_SECONDS`, and
every job reads the one wall-clock :attr:`Config.deadline`, so ``--seconds``
stops a run within a batch (or one adapter timeout), shrinking included: a
shrink gets at most the time left. Each case goes to the reference in
process and to the implementation; every disagreement is shrunk
(:mod:`fourhundred.fuzz.shrink`) unless its shape (kind, variant, differing
fields) has already been shrunk :data:`SHRINKS_PER_SHAPE` times by this
job, and kept once per signature. The counts (:class:`Counts`) tell the cases
the implementation answered ``skipped`` from those it does not declare.

However a campaign ends, :func:`run_campaign` returns its :class:`Summary`
with every finding so far; :attr:`Summary.ending` says why it stopped early
(:class:`Ending`): Ctrl-C, an adapter that cannot be driven, an output that
cannot be written, or a bug of the fuzzer itself (with its traceback), each
told apart, in one job or many. Ctrl-C is taken by :class:`Interrupts`: the
first stops the run, and the shutdown that follows (ending the adapters,
writing the state and the findings) is not cut short by another.
"""

from __future__ import annotations

import bisect
import contextlib
import datetime
import itertools
import json
import math
import multiprocessing
import os
import queue
import random
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Literal, get_args

from fourhundred.conformance import kinds as case_kinds
from fourhundred.conformance.adapter import reference_answer
from fourhundred.errors import UserError
from fourhundred.fuzz.compare import (
    Disagreement,
    Outcome,
    compare,
    end_probe_context,
    signature,
    turn_order_context,
)
from fourhundred.fuzz.games import seated_input
from fourhundred.fuzz.implementations import (
    AdapterError,
    AdapterProcess,
    Implementation,
    InProcess,
    Question,
)
from fourhundred.fuzz.shrink import shrink
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

if TYPE_CHECKING:
    from fourhundred.fuzz.cases import Recorded

Json = dict[str, Any]
BLOCK_SIZE = 200
#: One whole game opens every this many blocks.
WHOLE_GAME_EVERY = 20
#: A job shrinks at most this many wrong answers of one shape (later ones are counted);
#: whole games, crashes and hangs only one (each shrink of a crash restarts the adapter).
SHRINKS_PER_SHAPE = 4
#: Seconds between writes of the state file (and at every finding, and at the end).
STATE_EVERY = 1.0
GENERATOR = "fourhundred.fuzz"
#: The most blocks a shard of a campaign can run (2 * 10^11 cases): a bound on the state file.
MAX_BLOCKS = 10**9
#: Seconds after the first Ctrl-C during which further ones are ignored, so the shutdown
#: (ending the adapters, writing the state, printing the findings) completes; a Ctrl-C
#: after that breaks a shutdown that is stuck.
SHUTDOWN_SECONDS = 20.0
#: Seconds the jobs are given to end their adapters and hand in their findings after a stop.
JOB_STOP_SECONDS = 15.0
#: A job hands the implementation the cases of a block in batches that take about this
#: long, so ``--seconds`` stops a run within about this much (or one adapter timeout).
BATCH_SECONDS = 0.5


@dataclass(frozen=True)
class Blocks:
    """A set of block numbers, held as sorted, disjoint, non-adjacent ``(first, last)``
    ranges: its size depends on the number of gaps, never on how many blocks it holds
    (a state file may say ``[[0, 999999999]]``)."""

    ranges: tuple[tuple[int, int], ...] = ()

    def __contains__(self, block: object) -> bool:
        if not isinstance(block, int):
            return False
        at = self._last_starting_by(block)
        return at >= 0 and block <= self.ranges[at][1]

    def _last_starting_by(self, block: int) -> int:
        """The index of the last range that starts at or before ``block`` (-1: none)."""
        return bisect.bisect_right(self.ranges, block, key=lambda pair: pair[0]) - 1

    def __len__(self) -> int:
        return sum(last - first + 1 for first, last in self.ranges)

    def add(self, block: int) -> Blocks:
        """These blocks and ``block``."""
        if block in self:
            return self
        ranges = list(self.ranges)
        at = self._last_starting_by(block) + 1
        first, last = block, block
        if at > 0 and ranges[at - 1][1] == block - 1:
            at -= 1
            first = ranges.pop(at)[0]
        if at < len(ranges) and ranges[at][0] == block + 1:
            last = ranges.pop(at)[1]
        ranges.insert(at, (first, last))
        return Blocks(tuple(ranges))

    def next_free(self, block: int, step: int) -> int:
        """The first of ``block``, ``block + step``, ``block + 2 step`` ... not in the set."""
        while True:
            at = self._last_starting_by(block)
            if at < 0 or self.ranges[at][1] < block:
                return block
            block += -(-(self.ranges[at][1] + 1 - block) // step) * step

    def as_json(self) -> list[list[int]]:
        """The ranges as ``[[first, last], ...]``."""
        return [[first, last] for first, last in self.ranges]


@dataclass(frozen=True)
class Config:
    """Everything a campaign needs; picklable, so jobs get a copy."""

    variants: tuple[str, ...]
    kinds: tuple[str, ...] = tuple(case_kinds.KIND_NAMES)
    adapter: tuple[
        str, ...
    ] = ()  # argv; empty: the reference in process (a self-check / benchmark)
    seconds: float | None = None
    cases: int | None = None
    seed: int = 0
    shard: tuple[int, int] = (1, 1)
    jobs: int = 1
    timeout: float = 5.0
    shrink_seconds: float = 30.0
    block_size: int = BLOCK_SIZE
    done: Blocks = Blocks()
    known_signatures: frozenset[str] = frozenset()
    #: When the run stops (:func:`time.time`, so every process and cluster worker reads
    #: the same clock); :func:`run_campaign` sets it from ``seconds`` as it starts.
    deadline: float | None = None
    #: Builds the implementation under test in process instead of an adapter process
    #: (tests, benchmarks); a module-level function, so every job builds its own.
    implementation: Callable[[Config], Implementation] | None = None


@dataclass(frozen=True)
class Finding:
    """A shrunk disagreement, with everything needed to reproduce and file it."""

    signature: str
    kind: str
    variant: str
    input: Json
    expected: Json
    actual: Any
    status: str
    paths: tuple[str, ...]
    details: tuple[str, ...]
    original_input: Json
    block: int
    position: int
    shrink_checks: int
    shrink_steps: int
    shrink_seconds: float
    found_after_seconds: float
    implementation: str
    #: False when the run stopped (Ctrl-C, an adapter that died) before it was shrunk.
    shrunk: bool = True
    #: Its class of wrongness (:mod:`fourhundred.fuzz.classes`), the same before and after shrinking.
    wrongness: str = ""
    #: The original (unshrunk) input's answers and differences, beside ``original_input``.
    original_expected: Any = None
    original_actual: Any = None
    original_details: tuple[str, ...] = ()

    def to_json(self) -> Json:
        data = asdict(self)
        data["paths"] = list(self.paths)
        data["details"] = list(self.details)
        data["original_details"] = list(self.original_details)
        return data


@dataclass
class Counts:
    """Counters a job reports and the campaign adds up.

    ``cases``: cases asked; of those, ``skipped``: the implementation answered
    ``skipped`` (:attr:`~fourhundred.conformance.outcomes.Reason.SKIPPED`), and
    ``disagreements`` (``errors``: an outcome other than an answer). ``undeclared``:
    cases of the stream not asked, because the implementation does not declare
    their kind under their variant (ADAPTERS.md, the handshake).
    """

    cases: int = 0
    disagreements: int = 0
    errors: int = 0
    skipped: int = 0
    undeclared: int = 0

    def add(self, other: Counts) -> None:
        """Add ``other``'s counters to these."""
        for name in COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_json(self) -> dict[str, int]:
        """The counters by name."""
        return {name: int(getattr(self, name)) for name in COUNTERS}


#: The counters of :class:`Counts`, in order.
COUNTERS = ("cases", "disagreements", "errors", "skipped", "undeclared")


@dataclass
class Progress(Counts):
    """What a job reports: its counters and the blocks it has finished."""

    blocks_done: list[int] = field(default_factory=list)


# ----------------------------------------------------------------------
# The case stream
# ----------------------------------------------------------------------


def block_index(shard: tuple[int, int], m: int) -> int:
    """The global block number of the shard's ``m``-th block."""
    index, count = shard
    return (index - 1) + count * m


def block_rng(seed: int, block: int) -> random.Random:
    """The random stream of one block (text seed: the same in every Python)."""
    return random.Random(f"fourhundred-fuzz/{seed}/{block}")


def block_cases(
    config: Config, block: int, size: int, rules_by_variant: Mapping[str, Rules]
) -> list[Question]:
    """The questions of one block (the reference's answers included)."""
    return list(block_stream(config, block, size, rules_by_variant))


def block_stream(
    config: Config, block: int, size: int, rules_by_variant: Mapping[str, Rules]
) -> Iterator[Question]:
    """The questions of one block, one at a time (a block of whole games takes seconds
    to generate: a run stops within it when its time is out)."""
    rng = block_rng(config.seed, block)
    pure = [k for k in config.kinds if k != "whole_game"]
    for position in range(size):
        variant = config.variants[(block + position) % len(config.variants)]
        rules = rules_by_variant[variant]
        if "whole_game" in config.kinds and (
            not pure or (position == 0 and block % WHOLE_GAME_EVERY == 0)
        ):
            kind = "whole_game"
        else:
            kind = pure[position % len(pure)]
        data = case_kinds.kind(kind).generate(rng, rules)
        yield kind, variant, data, reference_answer(kind, rules, data)


def regenerate(config: Config, block: int, position: int) -> Question:
    """One case of the stream again, from (seed, block, position)."""
    rules_by_variant = {v: load(v) for v in config.variants}
    return block_cases(config, block, position + 1, rules_by_variant)[position]


# ----------------------------------------------------------------------
# One job
# ----------------------------------------------------------------------


def open_implementation(config: Config) -> Implementation:
    """The implementation under test: the adapter process, or the reference in process."""
    if config.implementation is not None:
        return config.implementation(config)
    if config.adapter:
        return AdapterProcess(config.adapter, timeout=config.timeout)
    return InProcess()


Emit = Callable[[str, Any], None]


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
    with held():
        impl = open_implementation(config) if implementation is None else implementation
    try:
        emit("implementation", impl.name)
        worker = Job(config, job, impl)
        note = worker.undeclared_note()
        if note is not None and job == 0:
            emit("note", note)
        for m, block, size in _job_blocks(config, job):
            if worker.out_of_time() or not worker.run_block(m, block, size, emit):
                break
    finally:
        if own:
            with held():
                impl.close()


def _job_blocks(config: Config, job: int) -> Iterator[tuple[int, int, int]]:
    """(m, block, size) of this job's blocks, within the case budget."""
    for m in free_blocks(config, job, config.jobs):
        yield m, block_index(config.shard, m), block_size(config, m)


def free_blocks(config: Config, first: int, step: int) -> Iterator[int]:
    """The shard's block numbers ``m`` not done, from ``first`` by ``step``, within the
    case budget."""
    total_blocks = math.inf if config.cases is None else math.ceil(config.cases / config.block_size)
    m = config.done.next_free(first, step)
    while m < total_blocks:
        yield m
        m = config.done.next_free(m + step, step)


def block_size(config: Config, m: int) -> int:
    """How many cases the shard's ``m``-th block has (the last one of a case budget: fewer)."""
    if config.cases is None:
        return config.block_size
    return min(config.block_size, config.cases - m * config.block_size)


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
            )
        self.shrunk_shapes: dict[tuple[Any, ...], int] = {}
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
        return time.time() >= self.deadline or (self.stop is not None and self.stop())

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
        for batch, outcomes in self._answered(asked()):
            if batch is None:
                whole = False
                break
            for (position, question), outcome in zip(batch, outcomes, strict=True):
                self._take(question, outcome, block, position, progress, emit)
        if whole:
            progress.blocks_done.append(m)
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
            began = time.monotonic()
            batch = list(itertools.islice(asked, self.batch))
            if not batch:
                return
            outcomes = self.impl.answer([question for _, question in batch])
            per_case = (time.monotonic() - began) / len(batch)
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
        kind, variant, _data, expected = question
        progress.cases += 1
        if outcome.status == "skipped":
            progress.skipped += 1
            return
        found = compare(kind, variant, expected, outcome)
        if found is None:
            return
        progress.disagreements += 1
        if outcome.status != "ok":
            progress.errors += 1
        # One shrink per class of a whole game's first departure, or of a failed answer.
        limit = 1 if kind == "whole_game" or found.status != "wrong" else SHRINKS_PER_SHAPE
        shape = found.shape
        if self.shrunk_shapes.get(shape, 0) >= limit:
            return
        self.shrunk_shapes[shape] = self.shrunk_shapes.get(shape, 0) + 1
        left = self.deadline - time.time()
        if left <= 0:  # --seconds are spent: kept as found
            finding = _unshrunk_finding(
                self.impl, question, found, outcome, block, position, self.started
            )
        else:
            try:
                finding = _shrink_finding(
                    replace(self.config, shrink_seconds=min(self.config.shrink_seconds, left)),
                    self.impl,
                    self.rules_by_variant[variant],
                    question,
                    found,
                    block,
                    position,
                    self.started,
                )
            except (KeyboardInterrupt, AdapterError):  # keep it as found, then stop
                kept = _unshrunk_finding(
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
            emit("finding", finding)


def _shrink_finding(
    config: Config,
    impl: Implementation,
    rules: Rules,
    question: Question,
    found: Disagreement,
    block: int,
    position: int,
    started: float,
) -> Finding:
    kind, variant, data, _expected = question
    found_at = time.monotonic() - started
    last: dict[str, Any] = {}

    def check(candidate: Json) -> Disagreement | None:
        expected = reference_answer(kind, rules, candidate)
        outcome = impl.answer([(kind, variant, candidate, expected)])[0]
        result = compare(kind, variant, expected, outcome)
        if result is not None:
            last[json.dumps(candidate, sort_keys=True)] = (expected, outcome)
        return result

    def reference(candidate: Json) -> Json:
        return reference_answer(kind, rules, candidate)

    def answers(candidate: Json) -> tuple[Json, Outcome]:
        key = json.dumps(candidate, sort_keys=True)
        if key not in last:
            check(candidate)
        found_answers: tuple[Json, Outcome] = last.get(key, (question[3], Outcome("ok")))
        return found_answers

    original_expected, original_outcome = answers(data)
    shrunk = shrink(kind, rules, data, found, check, reference, seconds=config.shrink_seconds)
    expected, outcome = answers(shrunk.data)
    turn = None
    probe = seated_input(rules, shrunk.data) if kind == "whole_game" else None
    if probe is not None and shrunk.disagreement.status == "wrong":
        turn = turn_order_context(check(probe), probe)  # the cause, when it is the turn order

    def ask(candidate: Json) -> tuple[Json, Outcome]:
        asked = reference_answer(kind, rules, candidate)
        return asked, impl.answer([(kind, variant, candidate, asked)])[0]

    probed = end_probe_context(shrunk.disagreement, shrunk.data, ask)
    return Finding(
        signature=signature(
            shrunk.disagreement, shrunk.data, expected, outcome.result, turn, probed
        ),
        kind=kind,
        variant=variant,
        input=shrunk.data,
        expected=expected,
        actual=_said(outcome),
        status=shrunk.disagreement.status,
        paths=shrunk.disagreement.paths,
        details=shrunk.disagreement.details,
        original_input=data,
        block=block,
        position=position,
        shrink_checks=shrunk.checks,
        shrink_steps=shrunk.steps,
        shrink_seconds=round(shrunk.seconds, 3),
        found_after_seconds=round(found_at, 3),
        implementation=impl.name,
        wrongness=shrunk.disagreement.wrongness,
        original_expected=original_expected,
        original_actual=_said(original_outcome),
        original_details=found.details,
    )


def _unshrunk_finding(
    impl: Implementation,
    question: Question,
    found: Disagreement,
    outcome: Outcome,
    block: int,
    position: int,
    started: float,
) -> Finding:
    """A disagreement kept as it was found, when the run stops before it is shrunk."""
    kind, variant, data, expected = question
    return Finding(
        signature=signature(found, data, expected, outcome.result),
        kind=kind,
        variant=variant,
        input=data,
        expected=expected,
        actual=_said(outcome),
        status=found.status,
        paths=found.paths,
        details=found.details,
        original_input=data,
        block=block,
        position=position,
        shrink_checks=0,
        shrink_steps=0,
        shrink_seconds=0.0,
        found_after_seconds=round(time.monotonic() - started, 3),
        implementation=impl.name,
        shrunk=False,
        wrongness=found.wrongness,
        original_expected=expected,
        original_actual=_said(outcome),
        original_details=found.details,
    )


def _said(outcome: Outcome) -> Any:
    """What an implementation said: its result, or ``{status: message}`` when it failed."""
    return outcome.result if outcome.status == "ok" else {outcome.status: outcome.message}


# ----------------------------------------------------------------------
# How a run ends
# ----------------------------------------------------------------------


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
        return Ending("interrupted", "interrupted (Ctrl-C)")
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
        """Whether a Ctrl-C has come."""
        return self.first is not None

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
        """A section a first Ctrl-C does not cut: it takes effect when the section ends."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if self._pending and not self._holding:
            self._pending = False
            raise KeyboardInterrupt


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


def _job_process(config: Config, job: int, channel: Any) -> None:
    """Entry point of a job process: report through the channel, never raise.

    Ctrl-C (from the terminal, or passed on by the campaign process) stops the
    job; its adapter is ended and what it found is handed in before ``done``.
    """

    def emit(kind: str, payload: Any) -> None:
        channel.put((job, kind, payload))

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


def run_campaign(
    config: Config,
    out: Path | None = None,
    listener: Listener | None = None,
    interrupts: Interrupts | None = None,
    cluster: str | None = None,
) -> Summary:
    """Run a campaign (``config.jobs`` processes, or this one for a single job; on a
    Dask cluster with ``cluster``: :func:`fourhundred.fuzz.cluster.run_on_cluster`).

    With ``out``, resume from and update its state file, and write every new
    finding as a conformance case (:mod:`fourhundred.fuzz.cases`) as soon as it
    is found; the summary says what earlier runs there did and found. However
    the run ends (Ctrl-C, an adapter that cannot be driven, a
    bug of the fuzzer) the summary comes back with every finding so far and
    :attr:`Summary.ending` saying why; only a bad ``out`` folder or state file
    raises (:class:`UserError`, before anything runs). ``interrupts``: the
    caller's Ctrl-C handling (:func:`installed`), when it spans more than this
    run; otherwise the campaign installs its own.
    """
    from fourhundred.fuzz import cases as case_files

    state = case_files.read_state(out, config) if out is not None else None
    summary = Summary()
    if out is not None and state is not None:
        summary.earlier.add(state.totals)
        summary.earlier_findings = case_files.read_findings(out, state.signatures)
        case_files.write_state(out, state)  # an --out that cannot be written fails now, not later
        config = replace(config, done=state.done, known_signatures=frozenset(state.signatures))
    if config.seconds is not None and config.deadline is None:
        config = replace(config, deadline=time.time() + config.seconds)
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
                if cluster is not None:
                    from fourhundred.fuzz.cluster import run_on_cluster

                    run_on_cluster(config, cluster, handle, summary, gate)
                elif config.jobs <= 1:
                    run_job(config, 0, handle, interrupts=gate)
                else:
                    _run_jobs(config, handle, summary, gate)
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


def _stop_jobs(processes: list[Any]) -> None:
    """Ask every running job to stop (a Ctrl-C of its own: it ends its adapter and reports)."""
    for process in processes:
        if process.pid is not None and process.is_alive():
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGINT)


def today() -> str:
    """The date a finding is recorded under (UTC)."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def describe(config: Config) -> Json:
    """The campaign's parameters as recorded in the state file and the provenance."""
    return {
        "generator": GENERATOR,
        "seed": config.seed,
        "variants": list(config.variants),
        "kinds": list(config.kinds),
        "shard": f"{config.shard[0]}/{config.shard[1]}",
        "block_size": config.block_size,
    }
