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

Kind = Literal["invariant", "claim"]
Verdict = Literal["proved", "refuted", "bounded-proved", "unknown"]
VERDICTS: tuple[Verdict, ...] = ("proved", "refuted", "bounded-proved", "unknown")

#: Version of the JSON schema of :func:`Finding.to_json` (bumped on any change).
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Settings:
    """How hard to try: Z3 budget, bounded-model-checking depth, CrossHair budget."""

    rlimit: int
    hands_bound: int
    crosshair_seconds: float
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


@dataclass(frozen=True)
class Finding:
    """One row of the report: a check decided on one variant reading."""

    check: Check
    rules: Rules
    decision: Decision
    seconds: float

    @property
    def failed(self) -> bool:
        """An invariant that did not hold (refuted, or not decided)."""
        return self.check.kind == "invariant" and self.decision.verdict in ("refuted", "unknown")

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
            "seconds": round(self.seconds, 4),
        }


def _plain(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
