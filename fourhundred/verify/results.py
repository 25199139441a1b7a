"""The vocabulary of verification: checks, their decisions, and findings.

A :class:`Check` is one property (an *invariant* the rules must keep) or one
*claim* a source makes about its own rules. Running a check on one variant
reading gives a :class:`Decision`; the runner stamps it with the check, the
reading and the time taken as a :class:`Finding`, the row of the report and
of ``fourhundred verify --json``.

Verdicts:

* ``proved``: holds for every integer value of the scores, bids and tricks
  involved (unbounded), or, for a claim that something *can* happen, a
  witness was found and replayed;
* ``refuted``: a counterexample (the smallest, where minimised) or, for a
  game, a replayable transcript;
* ``bounded-proved``: holds for every game of at most the stated number of
  hands (bounded model checking), or within a CrossHair budget;
* ``unknown``: the budget ran out before a verdict.

What a verdict means for the project (:attr:`Finding.outcome`):

* ``holds``: the invariant is proved or bounded-proved, or the claim is;
* ``undecided``: a claim left ``unknown`` by its budget (neither upheld nor
  refuted; not a failure);
* ``source finding``: a claim of a source refuted, or an invariant refuted
  under a reading of the ambiguity register that the register itself
  documents as breaking it (:class:`SourceReading`, e.g. medallon's literal
  "the minimum keeps rising" leaves a player with no legal bid from 140):
  reported, and not a failure of the project;
* ``house rules finding``: on house rules (:attr:`Rules.is_house`), an invariant or a
  source's claim refuted: the house rules break what the sources keep; reported, and
  not a failure of the project (nor a finding about a source);
* ``failed``: any other invariant refuted or left undecided: the project's
  rules are wrong or the proof is missing (``fourhundred verify`` exits 1).

In counterexamples, four values in a list are by seat in the order North,
West, South, East (seats 0-3); a mapping by seat name says so with its keys.
A ``witness`` is a reference-engine transcript (``fourhundred-transcript/1``)
that replays with ``fourhundred replay``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from fourhundred.spec.definitions import Citation
from fourhundred.spec.model import Rules
from fourhundred.spec.sources import cite

Kind = Literal["invariant", "claim"]
Outcome = Literal["holds", "source finding", "house rules finding", "undecided", "failed"]
Verdict = Literal["proved", "refuted", "bounded-proved", "unknown"]
VERDICTS: tuple[Verdict, ...] = ("proved", "refuted", "bounded-proved", "unknown")

#: Version of the JSON schema of :func:`Finding.to_json` (bumped on any change).
SCHEMA_VERSION = 3


@dataclass(frozen=True)
class SourceReading:
    """A reading of the ambiguity register (its entry id and the reading's value)
    under which an invariant is known to fail: the register's entry says so and
    why, so a refutation there is a documented finding about the source, not a
    failure of the project (:attr:`Finding.outcome`)."""

    ambiguity: str
    reading: str

    def in_force(self, rules: Rules) -> bool:
        """Whether ``rules`` (a variant under some options) follows this reading."""
        from fourhundred.spec import ambiguities, registry

        entry = ambiguities.entry(self.ambiguity)
        if entry.switch is None or rules.variant not in entry.defaults:
            return False
        chosen = {**registry.get(rules.variant).defaults(), **dict(rules.options)}
        return chosen.get(entry.switch) == self.reading


@dataclass(frozen=True)
class Settings:
    """How hard to try: Z3 budget, bounded-model-checking depth, CrossHair budget.

    Every budget is counted in work, never in seconds, so a verdict does not
    depend on the machine or its load: Z3's in ``rlimit`` resource units,
    CrossHair's in paths explored per condition (``crosshair_iterations``)."""

    rlimit: int
    hands_bound: int
    crosshair_iterations: int
    crosshair_all_readings: bool
    deep: bool = False
    #: After the exhaustive search up to ``hands_bound``, single searches at
    #: exactly these numbers of hands, each with ``long_rlimit`` (``--deep``).
    long_searches: tuple[int, ...] = ()
    long_rlimit: int = 0


@dataclass(frozen=True)
class Decision:
    """The verdict of one check on one reading, with its evidence."""

    verdict: Verdict
    counterexample: Mapping[str, Any] | None = None
    witness: Mapping[str, Any] | None = None
    bound: str | None = None
    note: str = ""
    #: What deciding it cost, in deterministic units: Z3 solver checks, and
    #: CrossHair paths at :data:`fourhundred.verify.contracts.PATH_WORK` checks
    #: each (the same in every process, so the ledger records it and the
    #: runner hands out the costliest checks first).
    work: int = 0


@dataclass(frozen=True)
class Check:
    """A property or a source's claim, and how to decide it for one reading."""

    id: str
    kind: Kind
    group: str
    title: str
    cites: tuple[Citation, ...]
    decide: Callable[[Rules, Settings], Decision]
    #: Which readings the check concerns (a claim: the variants of its source).
    applies: Callable[[Rules], bool] = field(default=lambda rules: True)
    #: An invariant's documented breaking readings: refuted under one of them,
    #: it is a source finding, not a failure.
    breaks_under: tuple[SourceReading, ...] = ()
    #: Words a page would use to state the claim as a fact (lower case): where
    #: the ledger refutes it, no page of that variant may say them outside the
    #: claims it generates from the ledger (``tests/test_docs_claims.py``).
    phrases: tuple[str, ...] = ()


def default_reading(rules: Rules) -> bool:
    """Whether ``rules`` is a variant's default reading (no option of the register chosen)."""
    return not rules.options


def reference_check(
    name: str, method: str, decide: Callable[[Rules, Settings], Decision], all_readings: bool
) -> Check:
    """The check that the reference's fast ``name`` equals the specification's,
    decided by ``decide`` (``method`` says how: CrossHair, or Z3 path by path), on
    the default readings only unless ``all_readings``."""
    return Check(
        f"reference-{name.replace('_', '-')}-matches-spec",
        "invariant",
        "reference",
        f"The reference's fast {name} equals the specification's ({method})",
        (cite("qahwa", "Bidding", "the rules the reference implements"),),
        decide,
        (lambda rules: True) if all_readings else default_reading,
    )


@dataclass(frozen=True)
class Finding:
    """One row of the report: a check decided on one variant reading."""

    check: Check
    rules: Rules
    decision: Decision
    seconds: float
    #: The fields and methods of the rule set the decision read
    #: (:mod:`fourhundred.verify.depends`).
    reads: frozenset[str] = frozenset()

    @property
    def documented_by(self) -> SourceReading | None:
        """The register reading that documents this refuted invariant, if one does."""
        if self.check.kind != "invariant" or self.decision.verdict != "refuted":
            return None
        return next((r for r in self.check.breaks_under if r.in_force(self.rules)), None)

    @property
    def outcome(self) -> Outcome:
        """What the verdict means for the project (see the module docstring)."""
        verdict = self.decision.verdict
        if verdict in ("proved", "bounded-proved"):
            return "holds"
        if verdict == "refuted" and self.rules.is_house and self.documented_by is None:
            return "house rules finding"
        if self.check.kind == "claim":
            return "source finding" if verdict == "refuted" else "undecided"
        return "source finding" if self.documented_by is not None else "failed"

    @property
    def failed(self) -> bool:
        """An invariant that did not hold (refuted, or not decided) under no
        reading the register documents as breaking it."""
        return self.outcome == "failed"

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form (see :data:`SCHEMA_VERSION`)."""
        return {
            "id": self.check.id,
            "kind": self.check.kind,
            "group": self.check.group,
            "title": self.check.title,
            "sources": [
                {"source": c.source, "section": c.section, "says": c.says} for c in self.check.cites
            ],
            "variant": self.rules.variant,
            "reading": str(self.rules),
            "verdict": self.decision.verdict,
            "bound": self.decision.bound,
            "counterexample": _plain(self.decision.counterexample),
            "witness": _plain(self.decision.witness),
            "note": self.decision.note,
            "outcome": self.outcome,
            "documented_by": _documented_json(self.documented_by),
            "work": self.decision.work,
            "seconds": round(self.seconds, 4),
        }


def _documented_json(reading: SourceReading | None) -> dict[str, str] | None:
    if reading is None:
        return None
    return {"ambiguity": reading.ambiguity, "reading": reading.reading}


def _plain(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
