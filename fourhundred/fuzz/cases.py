"""Findings and generated inputs as conformance case files; the campaign's state file.

An output folder of ``fourhundred fuzz --out DIR`` holds::

    DIR/cases/<kind>/fuzz.json   the findings of that kind, as a conformance case file
                                 (conformance/schema/case-file.schema.json), so
                                 ``fourhundred conformance run --cases DIR/cases`` replays them
    DIR/findings.jsonl           one line per finding: provenance (generator, seed, shard,
                                 block and position, date, adapter), the input before and
                                 after shrinking, the expected and the actual answer
    DIR/state.json               what is done: the campaign (seed, shard, variants, kinds),
                                 cases run, finished blocks, signatures found

Each case carries its ``provenance`` (generator, seed, shard, block and
position, date, adapter), also summed up in its description; the full record
is in ``findings.jsonl`` under the same signature, which is also the last part
of the case id (``<kind>.fuzz.<signature>``).

Expected values are the specification's (:mod:`fourhundred.conformance.kinds`),
as in the bundled suite; for whole games the reference engine's. If the
specification and the reference engine ever disagreed on a finding, the
finding records both (``reference_expected``) — that is a bug report on the
reference, not on the implementation.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fourhundred.conformance import kinds as case_kinds
from fourhundred.conformance.adapter import reference_answer
from fourhundred.conformance.coverage import ambiguity_references, make_case
from fourhundred.conformance.suite import case_file_text, suite_version
from fourhundred.errors import UserError
from fourhundred.fuzz.classes import concerned_fields
from fourhundred.fuzz.records import (
    COUNTERS,
    MAX_BLOCKS,
    Blocks,
    Config,
    Counts,
    Finding,
    describe,
    today,
)
from fourhundred.safeio import (
    JsonInputError,
    OutputError,
    excerpt,
    read_json_file,
    terminal_text,
    write_text_atomically,
)
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

Json = dict[str, Any]
STATE_VERSION = 1


def spec_expected(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The expected answer a case file carries: the specification's (whole games: the engine's)."""
    return case_kinds.kind(kind).spec_answer(rules, data)


# ----------------------------------------------------------------------
# Findings
# ----------------------------------------------------------------------


def finding_case(finding: Finding, config: Config) -> Json:
    """The conformance case of a finding (see the module docstring): the shrunk input,
    its class of wrongness in the description, the original input in its provenance,
    and only the register entries its departure concerns
    (:func:`fourhundred.fuzz.classes.concerned_fields`)."""
    rules = load(finding.variant)
    expected = spec_expected(finding.kind, rules, finding.input)
    where = ", ".join(finding.paths) or finding.status
    wrong = f"{finding.wrongness.replace('_', ' ')}: " if finding.wrongness else ""
    description = (
        f"fuzz finding ({wrong}{where}): "
        f"{finding.details[0] if finding.details else finding.status}"
        f" [found by {_generator()} seed {config.seed} shard {config.shard[0]}/{config.shard[1]}"
        f" block {finding.block} case {finding.position}, {today()}, adapter {finding.implementation}]"
    )
    case = make_case(
        f"{finding.kind}.fuzz.{finding.signature}",
        finding.kind,
        rules,
        finding.input,
        expected,
        description,
    )
    cites = concerned_fields(
        case_kinds.kind(finding.kind).cites, finding.wrongness, _thirteen_bid(finding.input)
    )
    conventions = case_kinds.kind(finding.kind).conventions(finding.input, expected)
    case["ambiguities"] = ambiguity_references(rules, finding.kind, conventions, cites)
    case["provenance"] = {
        "generator": _generator(),
        "seed": config.seed,
        "shard": f"{config.shard[0]}/{config.shard[1]}",
        "block": finding.block,
        "position": finding.position,
        "date": today(),
        "adapter": finding.implementation,
        "wrongness": finding.wrongness,
        "original_input": finding.original_input,
    }
    return case


def _thirteen_bid(data: Mapping[str, Any]) -> bool:
    """Whether an input has a bid of 13 (a pure kind's bids, or a whole game's actions)."""
    bids = [data.get("bid"), *(data.get("bids") or [])]
    actions = data.get("actions") or []
    return 13 in bids or any(isinstance(a, str) and a.endswith("bid 13") for a in actions)


def _generator() -> str:
    from fourhundred import __version__

    return f"fourhundred.fuzz {__version__}"


def write_finding(out: Path, finding: Finding, config: Config) -> Path:
    """Add a finding to ``out/cases/<kind>/fuzz.json`` and ``out/findings.jsonl``.

    The case file is rewritten atomically (:func:`~fourhundred.safeio.write_text_atomically`)
    and the record appended as one whole line in one write, so a crash at any
    moment leaves both files whole. A case file of the folder that is not a
    valid one is an error naming it, never overwritten.
    """
    case = finding_case(finding, config)
    path: Path = out / "cases" / str(finding.kind) / "fuzz.json"
    existing = [c for c in existing_cases(path, finding.kind) if c.get("id") != case["id"]]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror}") from None
    write_text_atomically(
        path, case_file_text(finding.kind, "generated", [*existing, case], suite_version())
    )
    record = {
        **finding.to_json(),
        "case_id": case["id"],
        "date": today(),
        "campaign": describe(config),
    }
    reference = reference_answer(finding.kind, load(finding.variant), finding.input)
    if case_kinds.kind(finding.kind).pure and reference != case["expected"]:
        record["reference_expected"] = reference
    append_line(out / "findings.jsonl", json.dumps(record, separators=(",", ":")))
    return path


def existing_cases(path: Path, kind: str) -> list[Json]:
    """The cases of a fuzz case file already in an output folder (none if there is none);
    :class:`UserError` naming the file when it is not a valid case file of ``kind``."""
    from fourhundred.conformance.suite import checked_cases

    if not os.path.lexists(path):
        return []
    data = read_json_file(path, "fuzz case file")  # hostile JSON is refused here, before the schema
    cases = checked_cases(path)
    if data.get("kind") != kind:
        raise UserError(
            f"fuzz case file {path}: holds {terminal_text(str(data.get('kind')))[:40]} cases, "
            f"not {kind}; remove it or choose another --out"
        )
    return cases


def append_line(path: Path, line: str) -> None:
    """Append one line to ``path`` in a single ``O_APPEND`` write: a crash leaves the
    line whole or absent, never torn (:class:`OutputError` if it cannot be written)."""
    data = (line + "\n").encode("utf-8")
    try:
        handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            written = os.write(handle, data)
        finally:
            os.close(handle)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror}") from None
    if written != len(data):
        raise OutputError(f"cannot write {path}: only {written} of {len(data)} bytes written")


@dataclass(frozen=True)
class Recorded:
    """A finding of an earlier run, as ``findings.jsonl`` records it: what the report
    of a resumed campaign lists (the full record stays in the file)."""

    signature: str
    kind: str
    variant: str
    status: str
    paths: tuple[str, ...]
    details: tuple[str, ...]
    input: Json
    case_id: str


#: The fields of a ``findings.jsonl`` record that :class:`Recorded` reads.
RECORD_SCHEMA: Json = {
    "type": "object",
    "required": ["signature", "kind", "variant", "status", "paths", "details", "input", "case_id"],
    "properties": {
        "signature": {"type": "string", "pattern": "^[0-9a-f]{12}\\Z"},
        "kind": {"enum": list(case_kinds.KIND_NAMES)},
        "variant": {"type": "string", "maxLength": 500},
        "status": {"type": "string", "maxLength": 100},
        "paths": {"type": "array", "items": {"type": "string"}},
        "details": {"type": "array", "items": {"type": "string"}},
        "input": {"type": "object"},
        "case_id": {"type": "string"},
    },
}


def read_findings(out: Path, signatures: Iterable[str]) -> list[Recorded]:
    """The findings of earlier runs in ``out`` (``findings.jsonl``) whose signature is
    among ``signatures`` (the state file's), once each, in the order found. A line that
    is not such a record is a :class:`UserError` naming the file and the line."""
    import jsonschema  # type: ignore[import-untyped]

    path = out / "findings.jsonl"
    if not os.path.lexists(path):
        return []
    wanted = set(signatures)
    try:
        with path.open(encoding="utf-8") as lines:
            text = [line for line in lines if line.strip()]
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(
            f"{path}: cannot be read ({error}); remove it or choose another --out"
        ) from None
    found: dict[str, Recorded] = {}
    validator = jsonschema.Draft202012Validator(RECORD_SCHEMA)
    for number, line in enumerate(text, start=1):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as error:  # not JSON, or hostile JSON
            raise UserError(
                f"{path} line {number}: not a finding record (not JSON: {terminal_text(str(error))[:80]}); "
                "remove it or choose another --out"
            ) from None
        problem = next(iter(validator.iter_errors(record)), None)
        if problem is not None:
            where = "/".join(str(p) for p in problem.absolute_path) or "top level"
            raise UserError(
                f"{path} line {number}: not a finding record (at {where}: "
                f"{terminal_text(problem.message)[:120]}); remove it or choose another --out"
            )
        if record["signature"] in wanted and record["signature"] not in found:
            found[record["signature"]] = Recorded(
                signature=record["signature"],
                kind=record["kind"],
                variant=record["variant"],
                status=record["status"],
                paths=tuple(record["paths"]),
                details=tuple(record["details"]),
                input=record["input"],
                case_id=record["case_id"],
            )
    return list(found.values())


# ----------------------------------------------------------------------
# The state file
# ----------------------------------------------------------------------

#: What a state file holds (checked before anything in it is used).
STATE_SCHEMA: Json = {
    "type": "object",
    "required": ["version", "campaign", "done", "signatures"],
    "properties": {
        "version": {"const": STATE_VERSION},
        "campaign": {"type": "object"},
        "cases_done": {"type": "integer", "minimum": 0},
        "counts": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0},
        },
        "blocks_done": {"type": "integer", "minimum": 0},
        "done": {
            "type": "array",
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {"type": "integer", "minimum": 0},
            },
        },
        "signatures": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[0-9a-f]{12}\\Z"},
        },
    },
}


@dataclass
class State:
    """What a campaign in an output folder has done: the blocks, the signatures found,
    and the counters of every run so far (``totals``)."""

    campaign: Json
    done: Blocks = field(default_factory=Blocks)
    signatures: set[str] = field(default_factory=set)
    totals: Counts = field(default_factory=Counts)


def read_state(out: Path | None, config: Config) -> State:
    """The state in ``out`` (a fresh one if there is none); a state of another campaign
    (other seed, variants, kinds or shard) is refused with a clear message, and so is
    a state file that is not one (:data:`STATE_SCHEMA`, ranges in order and within
    :data:`~fourhundred.fuzz.records.MAX_BLOCKS`) or a case file of the folder that
    is not a valid one."""
    wanted = describe(config)
    if out is None:
        return State(wanted)
    path = out / "state.json"
    if os.path.lexists(out) and not out.is_dir():  # a file, or a link to nothing or to itself
        raise UserError(f"--out {terminal_text(str(out))}: exists and is not a folder")
    for kind in case_kinds.KINDS:
        existing_cases(out / "cases" / kind / "fuzz.json", kind)
    if not os.path.lexists(path):
        return State(wanted)
    try:
        data = read_json_file(path, "fuzz state file")
    except JsonInputError as error:
        raise UserError(f"{error}; remove it or choose another --out") from None
    why = _state_problem(data)
    if why is not None:
        raise UserError(f"{path}: not a fuzz state file ({why}); remove it or choose another --out")
    campaign = data["campaign"]
    if campaign != wanted:
        changed = sorted(k for k in set(campaign) | set(wanted) if campaign.get(k) != wanted.get(k))
        # A key the file adds is outside text: quoted, never written raw.
        named = ", ".join(k if k in wanted else excerpt(k, 30) for k in changed)
        raise UserError(
            f"{path} belongs to another campaign (different {named[:200]}); "
            "resume with the same settings or choose another --out"
        )
    done = Blocks(tuple((int(first), int(last)) for first, last in data["done"]))
    counts = data.get("counts", {"cases": data.get("cases_done", 0)})
    totals = Counts(**{name: int(counts.get(name, 0)) for name in COUNTERS})
    return State(campaign, done, set(data["signatures"]), totals)


def _state_problem(data: Any) -> str | None:
    """What is wrong with a state file's JSON (None: nothing)."""
    import jsonschema

    errors = sorted(
        jsonschema.Draft202012Validator(STATE_SCHEMA).iter_errors(data),
        key=lambda e: list(e.absolute_path),
    )
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "top level"
        return f"at {where}: {terminal_text(errors[0].message)[:160]}"
    previous = -1
    for first, last in data["done"]:
        if not previous < first <= last:
            return f"done: the range [{first}, {last}] is out of order or overlaps the one before"
        if last >= MAX_BLOCKS:
            return f"done: the range [{first}, {last}] goes past block {MAX_BLOCKS - 1}, the last a campaign can reach"
        previous = last
    return None


def write_state(out: Path, state: State) -> None:
    """Write the state file (atomically: a crash leaves the old one)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot write {out}: {error.strerror}") from None
    data = {
        "version": STATE_VERSION,
        "campaign": state.campaign,
        "cases_done": state.totals.cases,
        "counts": state.totals.as_json(),
        "blocks_done": len(state.done),
        "done": state.done.as_json(),
        "signatures": sorted(state.signatures),
    }
    write_text_atomically(out / "state.json", json.dumps(data, indent=1) + "\n")


# ----------------------------------------------------------------------
# ``fourhundred generate``
# ----------------------------------------------------------------------


def generated_cases(kind: str, variant: str, count: int, seed: int) -> Iterator[Json]:
    """``count`` cases of ``kind`` for ``variant``, one at a time: inputs from the fuzzer's
    generators, expected values from the specification (whole games: the reference engine)."""
    rules = load(variant)
    rng = random.Random(f"fourhundred-generate/{seed}")
    group = generated_group(str(rules), seed)
    for number in range(1, count + 1):
        data = case_kinds.kind(kind).generate(rng, rules)
        expected = spec_expected(kind, rules, data)
        description = f"generated {kind} input #{number} (fourhundred generate, seed {seed})"
        yield make_case(f"{kind}.{group}.{number:05d}", kind, rules, data, expected, description)


def generated_group(variant: str, seed: int) -> str:
    """The id group of ``fourhundred generate``'s cases: the variant's name, a digest of
    the whole canonical variant string (its options included) and the seed, so the
    cases of two variants or two seeds never share an id (``gen-qahwa-400-1f3a9c2e-7``;
    a negative seed is written ``m7``)."""
    name = variant.split("(", 1)[0]
    digest = hashlib.sha256(variant.encode("utf-8")).hexdigest()[:8]
    number = str(seed) if seed >= 0 else f"m{-seed}"
    return f"gen-{name}-{digest}-{number}"


def case_file_chunks(kind: str, origin: str, cases: Iterable[Json], version: str) -> Iterator[str]:
    """:func:`~fourhundred.conformance.suite.case_file_text` in pieces, one case at a time,
    so a case file of any size is written without holding it: the pieces joined are
    that text exactly (its layout is defined there; the pieces are cut from it)."""
    empty = case_file_text(kind, origin, [], version)
    opening = empty.index("[\n") + 2
    head, tail = empty[:opening], empty[opening:]
    yield head
    separator = ""
    for case in cases:
        whole = case_file_text(kind, origin, [case], version)
        yield separator + whole[opening : len(whole) - len(tail)]
        separator = ",\n"
    yield tail
