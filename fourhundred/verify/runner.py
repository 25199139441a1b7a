"""Run every check on every variant reading and collect the findings."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from fourhundred.errors import UserError
from fourhundred.spec import registry
from fourhundred.spec.model import Rules
from fourhundred.verify.claims import CLAIMS
from fourhundred.verify.contracts import contract_checks
from fourhundred.verify.invariants import INVARIANTS
from fourhundred.verify.liveness import LIVENESS
from fourhundred.verify.results import SCHEMA_VERSION, Check, Decision, Finding, Settings
from fourhundred.verify.solver import DEEP_RLIMIT, DEFAULT_RLIMIT

#: Budget of one long search (a single game length, 10 or 12 hands).
LONG_RLIMIT = 3_000_000_000

#: Everyday settings: every variant reading in well under a minute.
QUICK = Settings(
    rlimit=DEFAULT_RLIMIT,
    hands_bound=3,
    crosshair_iterations=200,
    crosshair_all_readings=False,
    long_searches=(10, 12),
    long_rlimit=LONG_RLIMIT,
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
    return (*INVARIANTS, *LIVENESS, *extra, *CLAIMS)


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


def run(
    variant_filters: Sequence[str] = (),
    property_filters: Sequence[str] = (),
    settings: Settings = QUICK,
    *,
    crosshair: bool = True,
    jobs: int = 1,
    on_reading: Callable[[int, int], None] | None = None,
) -> Report:
    """Decide every selected check on every selected reading.

    With ``jobs`` above 1 the readings are shared among that many worker
    processes; the findings come back in the same order as with one, and the
    verdicts are the same (Z3's and CrossHair's budgets are deterministic).
    ``on_reading(done, total)`` is called as each reading is decided (progress).
    """
    started = time.perf_counter()
    chosen_checks = select(checks(settings, crosshair=crosshair), property_filters)
    chosen_ids = tuple(check.id for check in chosen_checks)
    all_rules = readings(variant_filters)
    if jobs > 1 and len(all_rules) > 1:
        context = multiprocessing.get_context("spawn")
        # The long game searches sit in the last variants' readings: hand those
        # out first, so no worker is left alone with them at the end.
        tasks = [(str(r), chosen_ids, settings, crosshair) for r in reversed(all_rules)]
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            batches = _counted(pool.map(_decide_reading, tasks), len(tasks), on_reading)[::-1]
    else:
        tasks = [(str(r), chosen_ids, settings, crosshair) for r in all_rules]
        batches = _counted(map(_decide_reading, tasks), len(tasks), on_reading)
    by_id = {check.id: check for check in chosen_checks}
    findings = [
        Finding(by_id[check_id], rules, decision, seconds)
        for rules, batch in zip(all_rules, batches, strict=True)
        for check_id, decision, seconds in batch
    ]
    return Report(tuple(findings), time.perf_counter() - started, settings)


def _counted(
    batches: Iterable[list[tuple[str, Decision, float]]],
    total: int,
    on_reading: Callable[[int, int], None] | None,
) -> list[list[tuple[str, Decision, float]]]:
    """The batches as a list, ``on_reading`` told of each as it arrives."""
    done: list[list[tuple[str, Decision, float]]] = []
    for batch in batches:
        done.append(batch)
        if on_reading is not None:
            on_reading(len(done), total)
    return done


def _decide_reading(
    task: tuple[str, tuple[str, ...], Settings, bool],
) -> list[tuple[str, Decision, float]]:
    """Decide the chosen checks on one reading (runs in a worker process too)."""
    reading, check_ids, settings, crosshair = task
    rules = registry.load(reading)
    by_id = {check.id: check for check in checks(settings, crosshair=crosshair)}
    results = []
    for check_id in check_ids:
        check = by_id[check_id]
        if check.applies(rules):
            finding = decide(check, rules, settings)
            results.append((check_id, finding.decision, finding.seconds))
    return results


def decide(check: Check, rules: Rules, settings: Settings) -> Finding:
    """Decide one check on one reading; an internal error is an ``unknown``, never hidden."""
    started = time.perf_counter()
    try:
        decision = check.decide(rules, settings)
    except Exception as error:  # report the failure as a verdict with its reason
        decision = Decision("unknown", note=f"verifier error: {type(error).__name__}: {error}")
    return Finding(check, rules, decision, time.perf_counter() - started)
