"""What a finding depends on: the rule fields and rule functions a check reads.

A check is decided by running its code on one :class:`~fourhundred.spec.model.Rules`
value. :func:`traced` runs it on a copy that records every attribute read
(fields such as ``max_bid``, methods such as ``bid_value``), so after the run
we know exactly which parts of the rule set the verdict came from.

Two uses:

* **Sharing within a run.** Deciding is deterministic (fresh Z3 contexts,
  path budgets), so two readings that agree on every field a check read give
  the same decision: the run is identical attribute read by attribute read.
  :class:`Memo` reuses a decision on every later reading whose values agree on
  the recorded fields.
* **The fingerprint of a ledger entry** (:func:`fingerprint`): a digest of the
  check's code (the verifier modules it runs), of the source of every rule
  method it read, of the value of every field it read, and of the settings.
  A change to the rules or the verifier changes the fingerprints of exactly
  the findings it touches, which ``fourhundred verify --write`` then re-verifies;
  the docs build refuses a ledger whose fingerprints are not current.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from fourhundred.spec.model import Rules
from fourhundred.verify import solver
from fourhundred.verify.results import Check, Decision, Settings

#: The names of the fields of a rule set (the rest of what a check reads are methods).
FIELDS = frozenset(f.name for f in fields(Rules))

_LOG = "_verify_reads"


class _Traced(Rules):
    """A :class:`Rules` that records the name of every attribute read from it.

    Equal only to itself and hashed by identity: a cache keyed on rule sets
    (``FastRules.of``) never answers a traced copy from work done for an equal
    one earlier in the process, so what a decision reads never depends on what
    ran before it (the reads, like the verdicts, are the same in every process).
    """

    __hash__ = object.__hash__

    def __eq__(self, other: object) -> bool:
        return self is other

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("__") and name != _LOG:
            # A copy made by dataclasses.replace has no log: making it read every field.
            with contextlib.suppress(AttributeError):
                object.__getattribute__(self, _LOG).add(name)
        return object.__getattribute__(self, name)


def traced(rules: Rules) -> tuple[Rules, set[str]]:
    """A copy of ``rules`` that records what is read from it, and the set it records into."""
    copy = _Traced(**{name: getattr(rules, name) for name in FIELDS})
    reads: set[str] = set()
    object.__setattr__(copy, _LOG, reads)
    return copy, reads


def decide_traced(
    check: Check, rules: Rules, settings: Settings
) -> tuple[Decision, frozenset[str]]:
    """Decide ``check`` on ``rules`` and say what it read (an error is an
    ``unknown``); the decision carries its work (:func:`fourhundred.verify.solver.work`)."""
    copy, reads = traced(rules)
    before = solver.work()
    try:
        decision = check.decide(copy, settings)
    except Exception as error:  # report the failure as a verdict with its reason
        decision = Decision("unknown", note=f"verifier error: {type(error).__name__}: {error}")
    return replace(decision, work=solver.work() - before), frozenset(reads)


def _value_key(rules: Rules, reads: Iterable[str]) -> str:
    return json.dumps(
        [[name, repr(getattr(rules, name))] for name in sorted(reads) if name in FIELDS]
    )


@dataclass
class Memo:
    """Decisions of one check, shared between readings that agree on what it read."""

    entries: list[tuple[frozenset[str], dict[str, Decision]]] = field(default_factory=list)

    def get(self, rules: Rules) -> tuple[Decision, frozenset[str]] | None:
        """A decision made on a reading that agrees with ``rules`` on every field it read."""
        for reads, table in self.entries:
            found = table.get(_value_key(rules, reads))
            if found is not None:
                return found, reads
        return None

    def add(self, rules: Rules, decision: Decision, reads: frozenset[str]) -> None:
        for known, table in self.entries:
            if known == reads:
                table[_value_key(rules, reads)] = decision
                return
        self.entries.append((reads, {_value_key(rules, reads): decision}))


# ----------------------------------------------------------------------
# Fingerprints
# ----------------------------------------------------------------------

_PACKAGE = Path(__file__).resolve().parent
_SPEC = Path(inspect.getfile(Rules)).resolve().parent

#: The verifier modules every check runs through, and the spec's lifting helpers
#: and card table (module-level functions the rule methods call).
CORE_CODE: tuple[Path, ...] = (
    _PACKAGE / "results.py",
    _PACKAGE / "solver.py",
    _PACKAGE / "symbols.py",
    _PACKAGE / "depends.py",
    _SPEC / "logic.py",
    _SPEC / "cards.py",
)


@cache
def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@cache
def _method_digest(name: str) -> str:
    member: Any = inspect.getattr_static(Rules, name, None)
    if member is None:
        return "absent"
    target: Any = member.fget if isinstance(member, property) else member
    try:
        return hashlib.sha256(inspect.getsource(target).encode("utf-8")).hexdigest()
    except (OSError, TypeError):
        return hashlib.sha256(repr(target).encode("utf-8")).hexdigest()


def _function_text(value: Any) -> str:
    """A function's source (a lambda: its line), else its repr; never a memory address."""
    try:
        return inspect.getsource(value)
    except (OSError, TypeError):
        return getattr(value, "__qualname__", type(value).__name__)


def decision_parameters(check: Check) -> list[str]:
    """What a decision function was built with (the values in its closure, the
    functions there by their source): a claim's worked example ``(9, (8,), -27)``
    is set where the claim is declared, not in the deciding module."""
    cells = getattr(check.decide, "__closure__", None) or ()
    out = []
    for cell in cells:
        value = cell.cell_contents
        out.append(_function_text(value) if callable(value) else repr(value))
    return out


_IMPORT = re.compile(r"^\s*from (fourhundred\.(?:verify|reference)\.\w+) import", re.MULTILINE)


def _imported_modules(module: ModuleType) -> set[ModuleType]:
    """The verifier and reference modules ``module`` uses: its globals' modules,
    and modules it imports inside functions (``from fourhundred.reference.x import``)."""
    found = set()
    for value in vars(module).values():
        owner = value if isinstance(value, ModuleType) else inspect.getmodule(value)
        if owner is not None and owner.__name__.startswith(_OWN):
            found.add(owner)
    try:
        text = inspect.getsource(module)
    except (OSError, TypeError):
        text = ""
    for name in _IMPORT.findall(text):
        found.add(importlib.import_module(name))
    return found


#: The modules whose source a fingerprint covers (the page text a check proves included).
_OWN = ("fourhundred.verify", "fourhundred.reference", "fourhundred.spec.describe")


@cache
def _check_code(check_id: str, decide: Any) -> tuple[Path, ...]:
    """Every verifier and reference module reachable from the module of
    ``decide`` through its imports (the game search, the reference engine that
    replays witness games, the fast rules CrossHair checks ...)."""
    start = inspect.getmodule(decide)
    paths = {Path(inspect.getfile(decide)).resolve()}
    seen: set[ModuleType] = set()
    todo = [start] if start is not None else []
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        if getattr(module, "__file__", None):
            paths.add(Path(inspect.getfile(module)).resolve())
        todo.extend(_imported_modules(module) - seen)
    return tuple(sorted(paths - set(CORE_CODE)))


def snapshot(checks: Iterable[Check]) -> None:
    """Read the digests of every source file the checks depend on now, so the
    fingerprints written at the end of a run are those of the code that ran."""
    for path in CORE_CODE:
        _file_digest(path)
    for check in checks:
        for path in check_code(check):
            _file_digest(path)


def check_code(check: Check) -> tuple[Path, ...]:
    """The source files a check's verdict depends on, beyond :data:`CORE_CODE`:
    the module defining its decision, and every verifier and reference module
    reachable from it through imports (the game search, the reference engine
    for witness games, the fast rules for CrossHair ...)."""
    return _check_code(check.id, check.decide)


def fingerprint(check: Check, rules: Rules, reads: Iterable[str], settings: Settings) -> str:
    """The digest of everything the finding of ``check`` on ``rules`` depends on."""
    names = sorted(set(reads))
    data = {
        "check": [check.id, check.kind, check.group, check.title, repr(check.cites)],
        "parameters": decision_parameters(check),
        "code": [[p.name, _file_digest(p)] for p in (*CORE_CODE, *check_code(check))],
        "fields": [[n, repr(getattr(rules, n))] for n in names if n in FIELDS],
        "methods": [[n, _method_digest(n)] for n in names if n not in FIELDS],
        "settings": repr(settings),
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def decide_all(
    check: Check,
    all_rules: Sequence[Rules],
    settings: Settings,
    clock: Callable[[], float],
) -> list[tuple[Decision, frozenset[str], float]]:
    """Decide one check on several readings, sharing decisions through a :class:`Memo`;
    each with what it read and the seconds it took (0 for a shared one)."""
    memo = Memo()
    out = []
    for rules in all_rules:
        shared = memo.get(rules)
        if shared is not None:
            out.append((shared[0], shared[1], 0.0))
            continue
        started = clock()
        decision, reads = decide_traced(check, rules, settings)
        memo.add(rules, decision, reads)
        out.append((decision, reads, clock() - started))
    return out
