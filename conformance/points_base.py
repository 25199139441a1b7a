"""What a rule point is: its id, where it applies, its citation, its description and
its mutant (:class:`Point`), or why no case kind can observe it (:class:`Unobserved`);
and what a family of points grown from a survivor is (:class:`Family`).

The families that make points are :mod:`fourhundred.conformance.points` (one rule
wrong everywhere) and :mod:`fourhundred.conformance.points_interactions` (one rule
wrong where a second one is in play); both build on these types and on :func:`cite`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fourhundred.conformance.coverage import RuleSet
from fourhundred.conformance.mutants import Mutant
from fourhundred.reference.fast import FastRules
from fourhundred.spec import house, sources
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import get


@dataclass(frozen=True)
class RulePoint:
    """What every rule point has, observed or not: its id, where it applies, its sources."""

    id: str
    #: The variant strings it applies to (the rule sets its mutant changes).
    rule_sets: tuple[str, ...]
    #: Source §section citations, and ``register <entry>`` where it is a reading.
    cite: str


@dataclass(frozen=True)
class Point(RulePoint):
    """One rule point (see :mod:`fourhundred.conformance.points`)."""

    description: str
    #: The most plausible wrong implementation of it.
    mutant: Mutant
    #: Questions the generator tries first for it, given one of its rule sets: (kind,
    #: input, what it asks) (the crossed grids of :mod:`~fourhundred.conformance.points_interactions`).
    candidates: Callable[[Rules], Iterable[tuple[str, dict[str, Any], str]]] | None = None


@dataclass(frozen=True)
class Family:
    """A behaviour-changing survivor's class: where it applies, its wrong readings (the
    families of :mod:`~fourhundred.conformance.points_survivors`)."""

    #: The survivor(s) it grew from (module, function), for the record.
    survivor: str
    fields: tuple[str, ...]
    applies: Callable[[Rules], bool]
    #: point family name -> (the wrong reading, its description)
    wrong: tuple[tuple[str, type[FastRules], str], ...]
    #: The witness as a template: rules -> the questions (kind, input, what).
    questions: Callable[[Rules], Iterator[tuple[str, dict[str, Any], str]]]


@dataclass(frozen=True)
class Unobserved(RulePoint):
    """A rule point no case kind can observe, and why."""

    reason: str


def cite(rules: Rules, *fields: str) -> str:
    """The citations of some rule fields of ``rules``'s variant: the source section that
    fixes each, or the option that sets it (its own citation, or its register entry),
    or ``house rule knob=value`` where a house rule sets it (never a source's section)."""
    variant = get(rules.variant)
    found: list[str] = []
    for name in fields:
        ruled = house.citation(rules, name)
        if ruled is not None:
            found.append(ruled)
            continue
        fixed = variant.definition.fixed.get(name)
        if fixed is not None:
            found.append(str(fixed.cite))
            continue
        for option in variant.options:
            if name not in {f for choice in option.choices for f, _ in choice.assigns}:
                continue
            if option.cite is not None:
                found.append(str(option.cite))
            if option.ambiguity is not None:
                found.append(f"register {option.ambiguity}")
    if not found:
        source = sources.source(variant.definition.source)
        found.append(str(source.cite(source.sections[0])))
    return "; ".join(dict.fromkeys(found))


#: Crossed points the point search of the generator found no killing question for
#: (``points_unseen.txt``): unobserved, with the search as the reason.
UNSEEN_PATH = Path(__file__).resolve().parent / "points_unseen.txt"
SEARCHED = (
    "the point search (the crossed grids, every kind's grid, 400 random inputs a kind, the "
    "position plans and 6 games a rule set) finds no question where it differs from the "
    "rule: not shown observable, not proved equivalent"
)


@cache
def unseen() -> frozenset[str]:
    """The ids of :data:`UNSEEN_PATH`."""
    if not UNSEEN_PATH.exists():
        return frozenset()
    lines = UNSEEN_PATH.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def rule_set_point(
    rule_set: RuleSet, name: str, where: str, description: str, says: str, **hooks: Any
) -> Point:
    """The point ``name`` of one rule set, whose mutant (of the same name, saying ``says``)
    changes the reference by ``hooks`` under that rule set only (the families of
    :mod:`~fourhundred.conformance.points` and
    :mod:`~fourhundred.conformance.points_survivors` are built by it)."""
    mutant = Mutant(name, says, only=(rule_set.rules,), **hooks)
    return Point(name, (rule_set.variant,), where, description, mutant)
