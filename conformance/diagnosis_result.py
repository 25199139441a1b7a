"""What a diagnosis says: the broken rules of an engine, each with the failures it
explains, and the failures none explains.

One job: the result types of :func:`fourhundred.conformance.diagnosis.diagnose`
(:class:`Cause`, :class:`Diagnosis`) and their JSON, which the reports read
(console, Markdown, JUnit, the JSON-lines footer) without the diagnosing code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Match = Literal["exact", "cases"]


@dataclass(frozen=True)
class Cause:
    """One broken rule: the mutant that explains its failures, and which failures."""

    #: The rule point's id (``made/*``: the point's rule under every variant), or
    #: the hand-written mutant's name.
    point: str
    #: The rule, in one line.
    rule: str
    #: Its citations (source §section, register entries).
    cites: str
    #: The wrong reading the mutant plays.
    wrong: str
    #: The run keys it explains, in the run's order.
    explains: tuple[str, ...]
    #: How many of them it gives exactly the engine's answer for.
    exact: int
    #: ``"exact"``: found by equal wrong answers; ``"cases"``: by failing cases only.
    match: Match
    #: The :data:`~fourhundred.conformance.diagnosis.EXAMPLES` smallest failures it explains (run keys).
    examples: tuple[str, ...]
    #: Other mutants that explain the same failures as well (the suite cannot tell).
    alike: tuple[str, ...] = ()
    #: For a lifted or family mutant (``made/*``, ``band-late/*/*``): the rule points of
    #: it that the failures it explains show (each fails one of them), in model order.
    members: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The cause as the JSON-lines footer has it (``schema/report.schema.json``)."""
        return {
            "point": self.point,
            "rule": self.rule,
            "cites": self.cites,
            "explains": len(self.explains),
            "exact": self.exact,
            "cases": list(self.explains),
            "examples": list(self.examples),
            "match": self.match,
            **({"alike": list(self.alike)} if self.alike else {}),
            **({"members": list(self.members)} if self.members else {}),
        }


@dataclass(frozen=True)
class Diagnosis:
    """The causes of a run's failures and the failures none explains."""

    causes: tuple[Cause, ...] = ()
    #: Failing run keys that no mutant explains.
    unexplained: tuple[str, ...] = ()
    #: Why no diagnosis could be made (no fault dictionary, a stale one), or ``""``.
    note: str = ""

    @property
    def empty(self) -> bool:
        return not self.causes and not self.unexplained and not self.note

    def cause_of(self) -> dict[str, str]:
        """Run key -> the point that explains it (unexplained runs left out)."""
        return {key: cause.point for cause in self.causes for key in cause.explains}

    def footer(self) -> dict[str, Any]:
        """The footer fields: ``diagnosis`` and ``unexplained``."""
        data: dict[str, Any] = {
            "diagnosis": [cause.to_json() for cause in self.causes],
            "unexplained": list(self.unexplained),
        }
        if self.note:
            data["diagnosis_note"] = self.note
        return data
