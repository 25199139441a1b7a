"""A fuzzing campaign: generate, ask both sides, shrink what differs, keep it as a case.

The stream of inputs is cut into *blocks* of :data:`BLOCK_SIZE` cases. Block
``b`` is generated from its own random stream, seeded by the campaign seed
and ``b``, so any case can be regenerated from (seed, block, position) and
the work splits without coordination:

* a shard ``i/n`` (1-based) takes the blocks ``b = (i - 1) + n * m``, m = 0, 1, 2 ...;
* within a run, job ``j`` of ``J`` takes the ``m`` with ``m % J == j``;
* the state file records which ``m`` are done, so ``--out`` with the same
  seed and shard resumes where the last run stopped, and the signatures
  already found, so a resumed run does not report them again.

In each block the case kinds take turns (whole games, which are slower, are
the first case of every twentieth block). Each case goes to the reference in
process and to the implementation; every disagreement is shrunk
(:mod:`fourhundred.fuzz.shrink`) unless its shape (kind, variant, differing
fields) has already been shrunk :data:`SHRINKS_PER_SHAPE` times by this
job, and kept once per signature.
"""

from __future__ import annotations

import datetime
import json
import math
import multiprocessing
import queue
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fourhundred.conformance import inputs
from fourhundred.conformance import kinds as case_kinds
from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.compare import Disagreement, Outcome, compare, signature
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


@dataclass(frozen=True)
class Config:
    """Everything a campaign needs; picklable, so jobs get a copy."""

    variants: tuple[str, ...]
    kinds: tuple[str, ...] = tuple(case_kinds.KINDS)
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
    skip_blocks: frozenset[int] = frozenset()
    known_signatures: frozenset[str] = frozenset()


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

    def to_json(self) -> Json:
        data = asdict(self)
        data["paths"] = list(self.paths)
        data["details"] = list(self.details)
        return data


@dataclass
class Counts:
    """Counters a job reports and the campaign adds up."""

    cases: int = 0
    disagreements: int = 0
    errors: int = 0
    skipped: int = 0

    def add(self, other: Counts) -> None:
        """Add ``other``'s counters to these."""
        self.cases += other.cases
        self.disagreements += other.disagreements
        self.errors += other.errors
        self.skipped += other.skipped


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
    rng = block_rng(config.seed, block)
    pure = [k for k in config.kinds if k != "whole_game"]
    questions: list[Question] = []
    for position in range(size):
        variant = config.variants[(block + position) % len(config.variants)]
        rules = rules_by_variant[variant]
        if "whole_game" in config.kinds and (
            not pure or (position == 0 and block % WHOLE_GAME_EVERY == 0)
        ):
            kind = "whole_game"
        else:
            kind = pure[position % len(pure)]
        data = inputs.generate(kind, rng, rules)
        questions.append((kind, variant, data, reference_answer(kind, rules, data)))
    return questions


def regenerate(config: Config, block: int, position: int) -> Question:
    """One case of the stream again, from (seed, block, position)."""
    rules_by_variant = {v: load(v) for v in config.variants}
    return block_cases(config, block, position + 1, rules_by_variant)[position]


# ----------------------------------------------------------------------
# One job
# ----------------------------------------------------------------------


def open_implementation(config: Config) -> Implementation:
    """The implementation under test: the adapter process, or the reference in process."""
    if config.adapter:
        return AdapterProcess(config.adapter, timeout=config.timeout)
    return InProcess()


Emit = Callable[[str, Any], None]


def run_job(
    config: Config, job: int, emit: Emit, implementation: Implementation | None = None
) -> None:
    """Run one job's blocks until its budget is spent; report through ``emit``.

    Messages: ``("progress", Progress)``, ``("finding", Finding)``,
    ``("note", text)``; an :class:`AdapterError` propagates.
    """
    started = time.monotonic()
    own = implementation is None
    impl = open_implementation(config) if implementation is None else implementation
    emit("implementation", impl.name)
    try:
        _run_blocks(config, job, emit, impl, started)
    finally:
        if own:
            impl.close()


def _job_blocks(config: Config, job: int) -> Iterator[tuple[int, int, int]]:
    """(m, block, size) of this job's blocks, within the case budget."""
    total_blocks = math.inf if config.cases is None else math.ceil(config.cases / config.block_size)
    m = job
    while m < total_blocks:
        if m not in config.skip_blocks:
            size = config.block_size
            if config.cases is not None:
                size = min(size, config.cases - m * config.block_size)
            yield m, block_index(config.shard, m), size
        m += config.jobs


def _run_blocks(config: Config, job: int, emit: Emit, impl: Implementation, started: float) -> None:
    deadline = math.inf if config.seconds is None else started + config.seconds
    rules_by_variant = {v: load(v) for v in config.variants}
    supported = {(k, v) for k in config.kinds for v in config.variants if impl.supports(k, v)}
    if not supported:
        raise AdapterError(
            f"{impl.name} declares none of the kinds ({', '.join(config.kinds)}) "
            f"under the variants asked for ({', '.join(config.variants)})"
        )
    unsupported = sorted(
        {f"{k} under {v}" for k in config.kinds for v in config.variants}
        - {f"{k} under {v}" for k, v in supported}
    )
    if unsupported and job == 0:
        emit(
            "note",
            f"{impl.name} does not declare {', '.join(unsupported)}: those cases are skipped",
        )
    shrunk_shapes: dict[tuple[Any, ...], int] = {}
    signatures: set[str] = set(config.known_signatures)
    for m, block, size in _job_blocks(config, job):
        if time.monotonic() >= deadline:
            break
        progress = Progress()
        indexed = [
            (position, question)
            for position, question in enumerate(block_cases(config, block, size, rules_by_variant))
            if (question[0], question[1]) in supported
        ]
        questions = [question for _, question in indexed]
        progress.skipped = size - len(questions)
        outcomes = impl.answer(questions) if questions else []
        for (position, question), outcome in zip(indexed, outcomes, strict=True):
            kind, variant, _data, expected = question
            progress.cases += 1
            if outcome.status == "skipped":
                progress.skipped += 1
                continue
            found = compare(kind, variant, expected, outcome)
            if found is None:
                continue
            progress.disagreements += 1
            if outcome.status != "ok":
                progress.errors += 1
            if kind == "whole_game" or found.status != "wrong":  # one shrink per first departure
                shape, limit = (*found.shape[:3], found.paths[:1]), 1
            else:
                shape, limit = found.shape, SHRINKS_PER_SHAPE
            if shrunk_shapes.get(shape, 0) >= limit or time.monotonic() >= deadline:
                continue
            shrunk_shapes[shape] = shrunk_shapes.get(shape, 0) + 1
            finding = _shrink_finding(
                config, impl, rules_by_variant[variant], question, found, block, position, started
            )
            if finding.signature not in signatures:
                signatures.add(finding.signature)
                emit("finding", finding)
        progress.blocks_done.append(m)
        emit("progress", progress)


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

    shrunk = shrink(kind, rules, data, found, check, reference, seconds=config.shrink_seconds)
    key = json.dumps(shrunk.data, sort_keys=True)
    if key not in last:
        check(shrunk.data)
    expected, outcome = last.get(key, (question[3], Outcome("ok")))
    return Finding(
        signature=signature(shrunk.disagreement, shrunk.data, expected, outcome.result),
        kind=kind,
        variant=variant,
        input=shrunk.data,
        expected=expected,
        actual=outcome.result if outcome.status == "ok" else {outcome.status: outcome.message},
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
    )


def _job_process(config: Config, job: int, channel: Any) -> None:
    """Entry point of a job process: report through the channel, never raise."""

    def emit(kind: str, payload: Any) -> None:
        channel.put((job, kind, payload))

    try:
        run_job(config, job, emit)
    except KeyboardInterrupt:
        pass  # the campaign process reports the interruption
    except AdapterError as error:
        emit("fatal", str(error))
    except Exception as error:  # a bug of the fuzzer itself: report it, do not hang the campaign
        import traceback

        emit(
            "fatal",
            f"internal error in job {job}: {type(error).__name__}: {error}\n{traceback.format_exc()}",
        )
    finally:
        emit("done", None)


# ----------------------------------------------------------------------
# The campaign: jobs, state file, case files
# ----------------------------------------------------------------------


@dataclass
class Summary(Counts):
    """What a campaign did."""

    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    implementation: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds > 0 else 0.0


Listener = Callable[[Summary], None]


def run_campaign(
    config: Config, out: Path | None = None, listener: Listener | None = None
) -> Summary:
    """Run a campaign (``config.jobs`` processes, or this one for a single job).

    With ``out``, resume from and update its state file, and write every new
    finding as a conformance case (:mod:`fourhundred.fuzz.cases`). Raises
    :class:`AdapterError` when the implementation cannot be driven.
    """
    from fourhundred.fuzz import cases as case_files

    state = case_files.read_state(out, config) if out is not None else None
    if state is not None:
        config = _resumed(config, state)
    summary = Summary()
    started = time.monotonic()
    saved = [0.0]

    def handle(kind: str, payload: Any) -> None:
        if kind == "progress":
            summary.add(payload)
            if state is not None:
                state.done.update(payload.blocks_done)
                state.cases += payload.cases
        elif kind == "finding":
            if all(f.signature != payload.signature for f in summary.findings):
                summary.findings.append(payload)
                if out is not None and state is not None:
                    state.signatures.add(payload.signature)
                    case_files.write_finding(out, payload, config)
        elif kind == "note":
            summary.notes.append(str(payload))
        elif kind == "implementation":
            summary.implementation = str(payload)
        summary.seconds = time.monotonic() - started
        if (
            out is not None
            and state is not None
            and (
                kind == "finding"
                or (kind == "progress" and summary.seconds - saved[0] > STATE_EVERY)
            )
        ):
            saved[0] = summary.seconds
            case_files.write_state(out, state)
        if listener is not None:
            listener(summary)

    try:
        if config.jobs <= 1:
            impl = open_implementation(config)
            try:
                run_job(config, 0, handle, impl)
            finally:
                impl.close()
        else:
            _run_jobs(config, handle, summary)
    finally:
        summary.seconds = time.monotonic() - started
        if out is not None and state is not None:
            case_files.write_state(out, state)
    if listener is not None:
        listener(summary)
    return summary


def _resumed(config: Config, state: Any) -> Config:
    from dataclasses import replace

    return replace(
        config,
        skip_blocks=frozenset(state.done),
        known_signatures=frozenset(state.signatures),
    )


def _run_jobs(config: Config, handle: Callable[[str, Any], None], summary: Summary) -> None:
    context = multiprocessing.get_context("spawn")
    channel = context.Queue()
    processes = [
        context.Process(target=_job_process, args=(config, job, channel), daemon=True)
        for job in range(config.jobs)
    ]
    for process in processes:
        process.start()
    running = len(processes)
    fatal = ""
    try:
        while running:
            try:
                _job, kind, payload = channel.get(timeout=0.5)
            except queue.Empty:
                if not any(p.is_alive() for p in processes):
                    break
                continue
            if kind == "done":
                running -= 1
            elif kind == "fatal":
                fatal = fatal or str(payload)
            else:
                handle(kind, payload)
    finally:
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
    if not summary.implementation:
        summary.implementation = (
            " ".join(config.adapter) if config.adapter else "fourhundred-reference (in process)"
        )
    if fatal:
        raise AdapterError(fatal)


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
