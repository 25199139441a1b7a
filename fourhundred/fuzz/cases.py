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

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fourhundred.conformance import inputs
from fourhundred.conformance import kinds as case_kinds
from fourhundred.conformance.adapter import reference_answer
from fourhundred.conformance.coverage import make_case
from fourhundred.conformance.suite import read_case_file, suite_version, write_case_file
from fourhundred.errors import UserError
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


def finding_case(finding: Any, config: Any) -> Json:
    """The conformance case of a finding (see the module docstring)."""
    from fourhundred.fuzz.campaign import today

    rules = load(finding.variant)
    expected = spec_expected(finding.kind, rules, finding.input)
    where = ", ".join(finding.paths) or finding.status
    description = (
        f"fuzz finding ({where}): {finding.details[0] if finding.details else finding.status}"
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
    case["provenance"] = {
        "generator": _generator(),
        "seed": config.seed,
        "shard": f"{config.shard[0]}/{config.shard[1]}",
        "block": finding.block,
        "position": finding.position,
        "date": today(),
        "adapter": finding.implementation,
    }
    return case


def _generator() -> str:
    from fourhundred import __version__

    return f"fourhundred.fuzz {__version__}"


def write_finding(out: Path, finding: Any, config: Any) -> Path:
    """Add a finding to ``out/cases/<kind>/fuzz.json`` and ``out/findings.jsonl``."""
    from fourhundred.fuzz.campaign import describe, today

    case = finding_case(finding, config)
    path: Path = out / "cases" / str(finding.kind) / "fuzz.json"
    existing: list[Json] = []
    if path.exists():
        existing = [c for c in read_case_file(path).get("cases", []) if c.get("id") != case["id"]]
    write_case_file(path, finding.kind, "generated", [*existing, case], suite_version())
    record = {
        **finding.to_json(),
        "case_id": case["id"],
        "date": today(),
        "campaign": describe(config),
    }
    reference = reference_answer(finding.kind, load(finding.variant), finding.input)
    if case_kinds.kind(finding.kind).pure and reference != case["expected"]:
        record["reference_expected"] = reference
    out.mkdir(parents=True, exist_ok=True)
    with (out / "findings.jsonl").open("a", encoding="utf-8") as stream:
        stream.write(json.dumps(record, separators=(",", ":")) + "\n")
    return path


# ----------------------------------------------------------------------
# The state file
# ----------------------------------------------------------------------


@dataclass
class State:
    """What a campaign in an output folder has done."""

    campaign: Json
    done: set[int] = field(default_factory=set)
    signatures: set[str] = field(default_factory=set)
    cases: int = 0


def read_state(out: Path | None, config: Any) -> State:
    """The state in ``out`` (a fresh one if there is none); a state of another campaign
    (other seed, variants, kinds or shard) is refused with a clear message."""
    from fourhundred.fuzz.campaign import describe

    wanted = describe(config)
    if out is None:
        return State(wanted)
    path = out / "state.json"
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out}: exists and is not a folder")
    if not path.exists():
        return State(wanted)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        campaign = data["campaign"]
        done = _expand(data["done"])
        signatures = {str(s) for s in data["signatures"]}
        cases = int(data.get("cases_done", 0))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UserError(
            f"{path}: not a fuzz state file ({error}); remove it or choose another --out"
        ) from None
    if campaign != wanted:
        changed = sorted(k for k in set(campaign) | set(wanted) if campaign.get(k) != wanted.get(k))
        raise UserError(
            f"{path} belongs to another campaign (different {', '.join(changed)}); "
            "resume with the same settings or choose another --out"
        )
    return State(campaign, done, signatures, cases)


def write_state(out: Path, state: State) -> None:
    """Write the state file (atomically: a crash leaves the old one)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / "state.json"
    temporary = out / "state.json.tmp"
    data = {
        "version": STATE_VERSION,
        "campaign": state.campaign,
        "cases_done": state.cases,
        "blocks_done": len(state.done),
        "done": _compact(state.done),
        "signatures": sorted(state.signatures),
    }
    temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)


def _compact(done: Iterable[int]) -> list[list[int]]:
    """Finished block numbers as ``[first, last]`` ranges (a long campaign finishes millions)."""
    ranges: list[list[int]] = []
    for m in sorted(done):
        if ranges and ranges[-1][1] == m - 1:
            ranges[-1][1] = m
        else:
            ranges.append([m, m])
    return ranges


def _expand(ranges: Iterable[Any]) -> set[int]:
    done: set[int] = set()
    for first, last in ranges:
        done.update(range(int(first), int(last) + 1))
    return done


# ----------------------------------------------------------------------
# ``fourhundred generate``
# ----------------------------------------------------------------------


def generated_cases(kind: str, variant: str, count: int, seed: int) -> list[Json]:
    """``count`` cases of ``kind`` for ``variant``: inputs from the fuzzer's generators,
    expected values from the specification (whole games: the reference engine)."""
    rules = load(variant)
    rng = random.Random(f"fourhundred-generate/{seed}")
    group = f"gen-{seed}".replace("_", "-") if seed >= 0 else f"gen-m{-seed}"
    cases = []
    for number in range(1, count + 1):
        data = inputs.generate(kind, rng, rules)
        expected = spec_expected(kind, rules, data)
        description = f"generated {kind} input #{number} (fourhundred generate, seed {seed})"
        cases.append(
            make_case(f"{kind}.{group}.{number:05d}", kind, rules, data, expected, description)
        )
    return cases
