"""Run every check on every variant reading and collect the findings."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from fourhundred.errors import UserError
from fourhundred.spec import registry
from fourhundred.spec.model import Rules
from fourhundred.verify.bands import BANDS
from fourhundred.verify.claims import CLAIMS
from fourhundred.verify.contracts import contract_checks
from fourhundred.verify.depends import decide_all, decide_traced, snapshot
from fourhundred.verify.fast_paths import path_checks
from fourhundred.verify.invariants import INVARIANTS
from fourhundred.verify.ledger import Decided, committed_work
from fourhundred.verify.liveness import LIVENESS
from fourhundred.verify.results import SCHEMA_VERSION, Check, Finding, Settings
from fourhundred.verify.solver import DEEP_RLIMIT, DEFAULT_RLIMIT

#: Budget of one long search (a single game length, 10 or 12 hands).
LONG_RLIMIT = 3_000_000_000

#: Everyday settings: every variant reading in well under a minute.
QUICK = Settings(
    rlimit=DEFAULT_RLIMIT,
    hands_bound=3,
    crosshair_iterations=200,
    crosshair_all_readings=False,
)
#: ``--deep``: a bigger Z3 budget, deeper game search, CrossHair on every reading.
DEEP = Settings(
    rlimit=DEEP_RLIMIT,
    hands_bound=5,
    crosshair_iterations=500,
    crosshair_all_readings=True,
    deep=True,
    long_searches=(10, 12),
    long_rlimit=LONG_RLIMIT,
)


def checks(settings: Settings = QUICK, *, crosshair: bool = True) -> tuple[Check, ...]:
    """Every check, in report order."""
    extra = contract_checks(settings.crosshair_all_readings) if crosshair else ()
    paths = path_checks(settings.crosshair_all_readings)
    return (*INVARIANTS, *BANDS, *LIVENESS, *extra, *paths, *CLAIMS)


def readings(variant_filters: Sequence[str] = ()) -> list[Rules]:
    """The readings to verify: every reading of every variant, or those named.

    A filter is a variant name or alias (all its readings) or a full variant
    string with options (that one reading).
    """
    if not variant_filters:
        return [rules for name in registry.names() for rules in registry.all_readings(name)]
    chosen: list[Rules] = []
    for text in variant_filters:
        if "(" in text:
            chosen.append(registry.load(text))
        else:
            chosen.extend(registry.all_readings(registry.get(text).name))
    return chosen


def select(all_checks: Iterable[Check], property_filters: Sequence[str]) -> list[Check]:
    """Checks whose id or group contains one of the filters (all when none given)."""
    selected = list(all_checks)
    if not property_filters:
        return selected
    picked = [
        c
        for c in selected
        if any(f in c.id or f == c.group or f == c.kind for f in property_filters)
    ]
    if not picked:
        known = ", ".join(sorted({c.group for c in selected} | {"invariant", "claim"}))
        raise UserError(
            f"no property matches {', '.join(property_filters)!r}; give part of a property id "
            f"(see --list) or a group or kind: {known}"
        )
    return picked


@dataclass(frozen=True)
class Report:
    """All findings of a run and its wall time."""

    findings: tuple[Finding, ...]
    seconds: float
    settings: Settings

    @property
    def failed(self) -> tuple[Finding, ...]:
        """Invariants that were refuted or left undecided (under no reading the
        register documents as breaking them): the project's failures."""
        return tuple(f for f in self.findings if f.failed)

    @property
    def source_findings(self) -> tuple[Finding, ...]:
        """Refuted claims, and invariants refuted under a documented reading."""
        return tuple(f for f in self.findings if f.outcome == "source finding")

    @property
    def house_findings(self) -> tuple[Finding, ...]:
        """Invariants and source claims refuted under house rules."""
        return tuple(f for f in self.findings if f.outcome == "house rules finding")

    def to_json(self) -> dict[str, object]:
        return {
            "schema": SCHEMA_VERSION,
            "seconds": round(self.seconds, 3),
            "settings": {
                "rlimit": self.settings.rlimit,
                "hands_bound": self.settings.hands_bound,
                "crosshair_iterations": self.settings.crosshair_iterations,
                "deep": self.settings.deep,
            },
            "failed_invariants": len(self.failed),
            "source_findings": len(self.source_findings),
            "house_rules_findings": len(self.house_findings),
            "findings": [f.to_json() for f in self.findings],
        }


def longest_first(chosen: Sequence[Check], work: Mapping[str, int]) -> list[Check]:
    """The checks in the order their tasks are handed out: the costliest first,
    by the work their decisions took when the ledger was last written
    (:func:`fourhundred.verify.ledger.recorded_work`), so no worker is left
    alone with a long task at the end. A check the ledger does not know yet
    comes first (its cost is unknown); ties keep the report order."""
    unknown = max(work.values(), default=0) + 1
    return sorted(chosen, key=lambda check: -work.get(check.id, unknown))


Task = tuple[str, tuple[str, ...], Settings, bool]


def run(
    variant_filters: Sequence[str] = (),
    property_filters: Sequence[str] = (),
    settings: Settings = QUICK,
    *,
    crosshair: bool = True,
    jobs: int = 1,
    on_reading: Callable[[int, int], None] | None = None,
    reuse: Callable[[Check, Rules], Decided | None] | None = None,
    work: Mapping[str, int] | None = None,
) -> Report:
    """Decide every selected check on every selected reading.

    The work is one task per check (all the readings it concerns, so readings
    that agree on what it reads share one decision: :mod:`fourhundred.verify.depends`),
    handed out longest first (:func:`longest_first`, by ``work``: the work
    recorded per check, by default in the committed ledger). With ``jobs`` above 1 the tasks are
    shared among that many worker processes (:mod:`fourhundred.verify.workers`);
    the findings come back in the same order as with one and are identical to
    the byte, whatever the job count (every Z3 query runs in a fresh context).
    ``reuse(check, rules)`` may supply a decision already known (the committed
    ledger, when its fingerprint is current). ``on_reading(done, total)`` is
    called as each check is decided on all its readings (progress).
    """
    from fourhundred.verify.workers import run_tasks

    started = time.perf_counter()
    chosen_checks = select(checks(settings, crosshair=crosshair), property_filters)
    all_rules = readings(variant_filters)
    snapshot(chosen_checks)
    known: dict[tuple[str, str], Decided] = {}
    tasks: list[Task] = []
    if work is None:
        work = committed_work()
    for check in longest_first(chosen_checks, work):
        todo = []
        for rules in all_rules:
            if not check.applies(rules):
                continue
            found = reuse(check, rules) if reuse is not None else None
            if found is None:
                todo.append(str(rules))
            else:
                known[check.id, str(rules)] = found
        if todo:
            tasks.append((check.id, tuple(todo), settings, crosshair))
    for batch in run_tasks(_decide_task, tasks, jobs, on_reading):
        for decided in batch:
            known[decided.check_id, decided.reading] = decided
    findings = [
        Finding(check, rules, found.decision, found.seconds, found.reads)
        for rules in all_rules
        for check in chosen_checks
        if (found := known.get((check.id, str(rules)))) is not None
    ]
    return Report(tuple(findings), time.perf_counter() - started, settings)


def _decide_task(task: Task) -> list[Decided]:
    """Decide one check on its readings (runs in a worker process too); each
    finding's seconds are the CPU seconds of its process (they survive load)."""
    check_id, reading_names, settings, crosshair = task
    check = next(c for c in checks(settings, crosshair=crosshair) if c.id == check_id)
    all_rules = [registry.load(name) for name in reading_names]
    results = decide_all(check, all_rules, settings, time.process_time)
    return [
        Decided(check_id, name, decision, reads, seconds)
        for name, (decision, reads, seconds) in zip(reading_names, results, strict=True)
    ]


def decide(check: Check, rules: Rules, settings: Settings) -> Finding:
    """Decide one check on one reading; an internal error is an ``unknown``, never hidden."""
    started = time.perf_counter()
    decision, reads = decide_traced(check, rules, settings)
    return Finding(check, rules, decision, time.perf_counter() - started, reads)
