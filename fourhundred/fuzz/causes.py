"""The cause of a fuzz finding: the rule point whose mutant gives the implementation's answer.

A shrunk finding holds its input, the reference's expected answer and the
implementation's answer. Its *cause* is the first mutant (rule points of its
rule set, then the lifted points and the hand-written mutants: the diagnosis's
order, :mod:`fourhundred.conformance.diagnosis`) whose answer on that input
departs from the expected answer exactly as the implementation's does
(:func:`~fourhundred.conformance.faults.answer_digest`). Findings with one
cause are one deviation, whatever kind they were found in:
:func:`by_cause` makes them one :class:`CauseFinding` that lists each kind's
smallest witness. A point's cause is named by its family (``band-late/*/*``) or
its lifted id (``made/*``) where it has one, so one rule broken at several edges
or under several variants is still one cause.
Findings no mutant reproduces keep their own signature, one group each.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance import faults, mutants, points
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.suite import Run
from fourhundred.spec.registry import load


@cache
def _ranked() -> tuple[Mutant, ...]:
    from fourhundred.conformance.diagnosis import _all_candidates

    ranked = _all_candidates()
    return tuple(mutant for _, mutant in sorted(ranked.values(), key=lambda item: item[0]))


def cause_of(
    kind: str, variant: str, data: Mapping[str, Any], expected: Any, actual: Any
) -> str | None:
    """The name of the first mutant that answers ``data`` as the implementation did
    (``actual``), departing from ``expected`` the same way; ``None`` when none does."""
    case = {"id": "fuzz.cause.0001", "kind": kind, "input": dict(data), "expected": expected}
    rules = load(variant)
    run = Run(case, str(rules))
    wanted = faults.answer_digest(run, actual)
    if wanted is None:
        return None
    killer = mutants.Killer()
    for mutant in _ranked():
        if not mutant.touches(rules):
            continue
        if faults.mutant_digest(killer, mutant, run) == wanted:
            return mutant.name
    return None


def group_of(name: str) -> str:
    """A cause as findings are grouped: a rule point by its family where it has one
    (:func:`~fourhundred.conformance.faults.family_id`: one rule at every parameter,
    ``band-late/*/*``), else by its lifted id (``made/*``); a lifted point by its family."""
    by_id = points.by_id()
    if name in by_id:
        family = faults.family_id(by_id[name])
        if family is not None:
            return family
        lifted = faults.lifted_id(name)
        if lifted is not None:
            return lifted
        return name
    if name.count("*") == 1 and name.partition("/")[0] in faults.PARAMETER_FAMILIES:
        return f"{name.partition('/')[0]}/*/*"
    return name


@dataclass(frozen=True)
class Witness:
    """The smallest finding of one kind that a cause shows in."""

    kind: str
    variant: str
    input: Mapping[str, Any]
    signature: str


@dataclass(frozen=True)
class CauseFinding:
    """One deviation: its cause (a rule point, or ``None`` when no mutant reproduces it)
    and the smallest witness of every kind it was found in."""

    cause: str | None
    #: The signature of its first finding (what a finding without a cause keeps).
    signature: str
    witnesses: tuple[Witness, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(witness.kind for witness in self.witnesses)


def _size(data: Mapping[str, Any]) -> int:
    actions = data.get("actions")
    return len(actions) if isinstance(actions, list) else len(json.dumps(data, sort_keys=True))


def by_cause(findings: Sequence[Any]) -> list[CauseFinding]:
    """The findings (each with ``kind``, ``variant``, ``input``, ``expected``, ``actual``,
    ``signature``) grouped by cause, in order of first appearance."""
    groups: dict[str, list[Any]] = {}
    causes: dict[str, str | None] = {}
    for finding in findings:
        name = None
        if getattr(finding, "status", "wrong") in ("wrong", "ok"):
            name = cause_of(
                finding.kind, finding.variant, finding.input, finding.expected, finding.actual
            )
        key = group_of(name) if name is not None else f"signature:{finding.signature}"
        groups.setdefault(key, []).append(finding)
        causes[key] = group_of(name) if name is not None else None
    result = []
    for key, members in groups.items():
        smallest: dict[str, Any] = {}
        for finding in members:
            best = smallest.get(finding.kind)
            if best is None or _size(finding.input) < _size(best.input):
                smallest[finding.kind] = finding
        witnesses = tuple(
            Witness(f.kind, f.variant, f.input, f.signature) for f in smallest.values()
        )
        result.append(CauseFinding(causes[key], members[0].signature, witnesses))
    return result
