"""The committed verification ledger: every finding as data, checked to the byte.

``fourhundred verify --write`` writes it (:data:`LEDGER_PATH`, in the package,
so an installed copy can check itself); ``fourhundred verify --check`` verifies
everything again and confirms the same findings, verdicts and byte-identical
counterexamples and witnesses; the docs build reads it and never runs the
verifier, refusing an empty or stale one (:func:`problems`).

Each entry is a finding (:meth:`fourhundred.verify.results.Finding.to_json`
without the seconds, which are not reproducible; with its ``work``, which is:
solver checks and CrossHair paths, the measured cost the runner hands out
the costliest checks first by) with what it depends on:
``reads``, the rule fields and rule methods its decision read, and
``fingerprint``, the digest of those fields' values, those methods' source,
the verifier code it ran and the settings (:func:`fourhundred.verify.depends.fingerprint`).
A finding whose fingerprint is current is reused by ``--write`` without
verifying it again, so a change re-verifies only what it touches.

The text is canonical: findings in report order (by reading, then by
check), keys in a fixed order, one space of indent, ``\\n`` line ends.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourhundred.errors import UserError
from fourhundred.safeio import read_json_file, write_text_atomically
from fourhundred.spec import registry
from fourhundred.spec.model import Rules
from fourhundred.verify.depends import fingerprint
from fourhundred.verify.results import VERDICTS, Check, Decision, Finding, Settings

#: Where the committed ledger lives.
LEDGER_PATH = Path(__file__).resolve().parent / "ledger.json"
#: The format of the ledger file (bumped on any change).
LEDGER_SCHEMA = "fourhundred-ledger/2"


def entry(finding: Finding, settings: Settings) -> dict[str, Any]:
    """One finding as a ledger entry (no timing: the ledger is reproducible)."""
    data = finding.to_json()
    del data["seconds"]
    data["reads"] = sorted(finding.reads)
    data["fingerprint"] = fingerprint(finding.check, finding.rules, finding.reads, settings)
    return data


def settings_json(settings: Settings) -> dict[str, Any]:
    """The settings a ledger was made with."""
    return {
        "rlimit": settings.rlimit,
        "hands_bound": settings.hands_bound,
        "crosshair_iterations": settings.crosshair_iterations,
        "crosshair_all_readings": settings.crosshair_all_readings,
        "deep": settings.deep,
    }


def ledger_text(findings: Sequence[Finding], settings: Settings) -> str:
    """The canonical text of a ledger holding ``findings``."""
    counts = {v: sum(f.decision.verdict == v for f in findings) for v in VERDICTS}
    data = {
        "schema": LEDGER_SCHEMA,
        "written_by": "fourhundred verify --write",
        "settings": settings_json(settings),
        "counts": counts,
        "findings": [entry(f, settings) for f in findings],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write(findings: Sequence[Finding], settings: Settings, path: Path = LEDGER_PATH) -> None:
    """Write the ledger atomically."""
    write_text_atomically(path, ledger_text(findings, settings))


def load(path: Path = LEDGER_PATH) -> dict[str, Any]:
    """The ledger's data; a missing or malformed file is a :class:`UserError`."""
    if not path.exists():
        raise UserError(f"no verification ledger at {path}: run `fourhundred verify --write`")
    data = read_json_file(path, "verification ledger")
    if not isinstance(data, dict) or data.get("schema") != LEDGER_SCHEMA:
        raise UserError(f"{path}: not a ledger of schema {LEDGER_SCHEMA}")
    if not isinstance(data.get("findings"), list):
        raise UserError(f"{path}: the ledger holds no list of findings")
    return data


def decision_of(data: dict[str, Any]) -> Decision:
    """The decision recorded in a ledger entry."""
    return Decision(
        data["verdict"],
        counterexample=data.get("counterexample"),
        witness=data.get("witness"),
        bound=data.get("bound"),
        note=data.get("note", ""),
        work=int(data.get("work", 0)),
    )


def recorded_work(data: dict[str, Any]) -> dict[str, int]:
    """The work each check's decisions took when the ledger was written, by
    check id (:attr:`fourhundred.verify.results.Decision.work`): the measured
    cost the runner orders its tasks by. Readings that shared one decision
    have the same fingerprint, so each decision counts once."""
    seen: set[tuple[str, str]] = set()
    out: dict[str, int] = {}
    for item in data["findings"]:
        key = (str(item.get("id")), str(item.get("fingerprint")))
        if key in seen:
            continue
        seen.add(key)
        out[key[0]] = out.get(key[0], 0) + int(item.get("work", 0))
    return out


def committed_work(path: Path = LEDGER_PATH) -> dict[str, int]:
    """:func:`recorded_work` of the committed ledger; empty when there is none
    readable (then the runner keeps the report order)."""
    try:
        return recorded_work(load(path))
    except (UserError, KeyError, TypeError, ValueError):
        return {}


def current_entries(
    data: dict[str, Any], checks: Sequence[Check], settings: Settings
) -> dict[tuple[str, str], dict[str, Any]]:
    """The entries of a ledger whose fingerprint is current, by (check id, reading)."""
    by_id = {check.id: check for check in checks}
    current: dict[tuple[str, str], dict[str, Any]] = {}
    loaded: dict[str, Rules | None] = {}
    for item in data["findings"]:
        check = by_id.get(str(item.get("id")))
        reading = str(item.get("reading"))
        if reading not in loaded:
            try:
                loaded[reading] = registry.load(reading)
            except Exception:  # a reading that no longer exists is not current
                loaded[reading] = None
        rules = loaded[reading]
        if check is None or rules is None or not check.applies(rules):
            continue
        reads = frozenset(str(name) for name in item.get("reads", ()))
        if item.get("fingerprint") == fingerprint(check, rules, reads, settings):
            current[check.id, reading] = item
    return current


@dataclass(frozen=True)
class Decided:
    """One decision with what it read from the rule set and the seconds it took."""

    check_id: str
    reading: str
    decision: Decision
    reads: frozenset[str]
    seconds: float


def reuse_from(
    data: dict[str, Any], checks: Sequence[Check], settings: Settings
) -> Callable[[Check, Rules], Any]:
    """A ``reuse`` function for :func:`fourhundred.verify.runner.run`: the
    committed decision of every finding whose fingerprint is current."""
    current = current_entries(data, checks, settings)

    def reuse(check: Check, rules: Rules) -> Decided | None:
        item = current.get((check.id, str(rules)))
        if item is None:
            return None
        reads = frozenset(str(name) for name in item["reads"])
        return Decided(check.id, str(rules), decision_of(item), reads, 0.0)

    return reuse


def problems(data: dict[str, Any], checks: Sequence[Check], settings: Settings) -> list[str]:
    """Why a ledger is not current, without verifying anything: no findings, an
    entry whose fingerprint has changed or that no check makes, a finding the
    checks make that the ledger lacks. Empty when the ledger is current."""
    if not data["findings"]:
        return ["the ledger holds no findings"]
    current = current_entries(data, checks, settings)
    out = []
    recorded = set()
    for item in data["findings"]:
        key = (str(item.get("id")), str(item.get("reading")))
        recorded.add(key)
        if key not in current:
            out.append(f"{key[0]} on {key[1]}: stale (its rules, code or settings changed)")
    for rules in every_reading():
        for check in checks:
            if check.applies(rules) and (check.id, str(rules)) not in recorded:
                out.append(f"{check.id} on {rules}: missing")
    return out


def every_reading() -> list[Rules]:
    """Every reading of every variant (what a full ledger covers)."""
    return [rules for name in registry.names() for rules in registry.all_readings(name)]


def differences(expected: str, actual: str) -> list[str]:
    """The findings that differ between two ledger texts (by check and reading)."""
    if expected == actual:
        return []
    try:
        old = json.loads(expected)["findings"]
        new = json.loads(actual)["findings"]
    except (ValueError, KeyError, TypeError):
        return ["the committed ledger is not a ledger"]
    before = {(f["id"], f["reading"]): f for f in old}
    after = {(f["id"], f["reading"]): f for f in new}
    out = []
    for key in sorted(before.keys() | after.keys()):
        if key not in after:
            out.append(f"{key[0]} on {key[1]}: in the ledger, no longer found")
        elif key not in before:
            out.append(f"{key[0]} on {key[1]}: found, not in the ledger")
        elif before[key] != after[key]:
            fields = sorted(
                k
                for k in before[key].keys() | after[key].keys()
                if before[key].get(k) != after[key].get(k)
            )
            out.append(f"{key[0]} on {key[1]}: differs in {', '.join(fields)}")
    if not out:
        out.append("the findings are equal but the text differs (order or format)")
    return out
