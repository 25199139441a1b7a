"""``fourhundred conformance check``: the suite checks itself.

* every case file is valid against ``schema/case-file.schema.json`` and
  carries the suite version of ``VERSION``;
* ids are unique, every id is in the ledger ``ids.json`` with the fingerprint
  of the question it names (an id never changes meaning), no retired id is in
  use, and every expectation matches the one the ledger recorded (a changed
  expectation needs a major version and a changelog entry, see CHANGELOG.md);
* every variant string is known and canonical, every rule reference names a
  source section the specification cites, every ambiguity id is in the register;
* the specification gives every expected value of the pure kinds, and the
  reference engine reproduces every expected value of every kind.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourhundred.conformance import coverage, kinds, suite
from fourhundred.conformance.compare import compare, first_divergences, render
from fourhundred.spec import ambiguities
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import VariantError, load


@dataclass(frozen=True)
class Report:
    """What the check found."""

    problems: tuple[str, ...]
    cases: int
    runs: int
    by_kind: dict[str, int]


def schema(name: str) -> dict[str, Any]:
    """A schema of ``schema/`` by file name."""
    data: dict[str, Any] = json.loads((suite.SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return data


def _jsonschema() -> Any:
    """jsonschema, imported late (it ships no type information)."""
    import importlib

    return importlib.import_module("jsonschema")


def _schema_problems(files: Sequence[Path], version: str) -> Iterator[str]:
    validator = _jsonschema().Draft202012Validator(schema("case-file.schema.json"))
    for path in files:
        data = suite.read_case_file(path)
        for error in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))[:5]:
            where = "/".join(str(p) for p in error.absolute_path)
            yield f"{path.name}: {where}: {error.message[:200]}"
        if data.get("suite_version") != version:
            yield f"{path}: suite_version {data.get('suite_version')!r} is not VERSION {version!r}"
        for case in data.get("cases", []):
            if isinstance(case, dict) and case.get("kind") != data.get("kind"):
                kind, wanted = case.get("kind"), data.get("kind")
                yield f"{path.name}: case {case.get('id')} is of kind {kind!r} in a {wanted!r} file"


def _ledger_problems(
    cases: Sequence[dict[str, Any]], ledger: dict[str, dict[str, Any]]
) -> Iterator[str]:
    counts = Counter(case["id"] for case in cases)
    for case_id, count in counts.items():
        if count > 1:
            yield f"{case_id}: id used by {count} cases"
    if not ledger:
        return  # an installed copy has no ledger: ids are checked in the source tree
    for case in cases:
        entry = ledger.get(case["id"])
        if entry is None:
            yield f"{case['id']}: not in the ledger (run the generator, which issues ids)"
            continue
        if entry["status"] != "active":
            yield f"{case['id']}: a retired id is in use again; ids are never reused"
        if entry["fingerprint"] != suite.fingerprint(case):
            yield f"{case['id']}: the id now names a different question than when it was issued"
        if entry["expected"] != suite.expectation_digest(case):
            yield (
                f"{case['id']}: the expected value differs from the ledger's; a changed expectation is a "
                "major change (raise VERSION's major number, note it in CHANGELOG.md, regenerate)"
            )
    in_use = set(counts)
    for case_id, entry in ledger.items():
        if entry["status"] == "active" and case_id not in in_use:
            yield f"{case_id}: active in the ledger but in no case file (mark it retired by regenerating)"


def _reference_problems(
    cases: Sequence[dict[str, Any]], progress: Callable[[int, int], None] | None = None
) -> Iterator[str]:
    sections = coverage.known_sections()
    register = set(ambiguities.BY_ID)
    for done, case in enumerate(cases, 1):
        if progress is not None:
            progress(done, len(cases))
        kind = case["kind"]
        for reference in case["rules"]:
            source, _, section = reference.partition(" §")
            if section not in sections.get(source, set()):
                yield f"{case['id']}: rule reference {reference!r} names no section the specification cites"
        for entry in case["ambiguities"]:
            if entry not in register:
                yield f"{case['id']}: unknown ambiguity {entry!r}"
        for variant in case["variants"]:
            try:
                rules = load(variant)
            except VariantError as error:
                yield f"{case['id']}: {error}"
                continue
            if str(rules) != variant:
                yield f"{case['id']}: variant {variant!r} is not canonical (write {str(rules)!r})"
                continue
            yield from _value_problems(case, kind, rules, variant)


def _value_problems(case: dict[str, Any], kind: str, rules: Rules, variant: str) -> Iterator[str]:
    """Where the specification (pure kinds) or the reference engine (every kind)
    departs from the case's expected value."""
    where = f"{case['id']}@{variant}"
    entry = kinds.kind(kind)
    spec = (("the specification", entry.spec_answer),) if entry.pure else ()
    answers = (*spec, ("the reference engine", entry.reference_answer))
    actions = case["input"].get("actions", ())
    for who, answer in answers:
        try:
            actual = answer(rules, case["input"])
        except Exception as error:  # a broken case must be reported, not crash the check
            yield f"{where}: answering it raised {type(error).__name__}: {error}"
            return
        for difference in first_divergences(compare(kind, case["expected"], actual)):
            yield f"{where}: {who} disagrees: {render(difference, actions, kind)}"


def _version_problems(version: str) -> Iterator[str]:
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        yield f"VERSION {version!r} is not a semantic version MAJOR.MINOR.PATCH"
    changelog = suite.ROOT / "CHANGELOG.md"
    if changelog.exists() and f"## {version}" not in changelog.read_text(encoding="utf-8"):
        yield f"CHANGELOG.md has no section '## {version}'"


def run_check(
    cases_dir: Path | None = None, progress: Callable[[int, int], None] | None = None
) -> Report:
    """Check the suite; return every problem found. ``progress(done, total)`` is
    told of each case as its expected values are checked (the long part)."""
    directory = cases_dir or suite.CASES_DIR
    files = suite.case_files(directory)
    version = suite.suite_version()
    problems: list[str] = []
    problems.extend(_version_problems(version))
    problems.extend(_schema_problems(files, version))
    if problems:  # cases that break the schema are not looked into further
        return Report(tuple(problems), 0, 0, {})
    cases = [dict(case) for case in suite.load_cases(directory)]
    ledger = suite.read_ledger()
    in_source_tree = (suite.ROOT.parent / "pyproject.toml").exists()
    if not ledger and in_source_tree:
        problems.append(
            f"the id ledger {suite.LEDGER_PATH} is missing: regenerate, never hand-edit ids"
        )
    problems.extend(_ledger_problems(cases, ledger))
    problems.extend(_reference_problems(cases, progress))
    by_kind = dict(Counter(case["kind"] for case in cases))
    runs = sum(len(case["variants"]) for case in cases)
    return Report(tuple(problems), len(cases), runs, by_kind)
