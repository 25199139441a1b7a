"""Engines with several planted bugs: mutants combined, each through the public hooks.

A :class:`Planted` engine plays several mutants
(:class:`~fourhundred.conformance.mutants.Mutant`) at once: under each rule set,
the changes of every bug that touches it, combined: the rule changes applied
in turn, the fast-rule variants as one class that inherits from each (every
override calls on to the next, so two bugs in different methods both apply),
and the engine's checks with each bug's check removed or replaced. It is what
the diagnosis is measured on (:data:`PLANTED`: pairs and triples across the
point families): the diagnosis of a planted engine must name exactly its bugs.

:func:`outcomes` runs the suite against a planted engine in this process, as
the runner would judge it (:class:`~fourhundred.conformance.mutants.Killer`'s
way: the answer made JSON, compared by :func:`~fourhundred.conformance.compare.compare`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from fourhundred.conformance import compare, kinds, mutants
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import Run
from fourhundred.reference.engine import CHECKS, Check, Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules


def _checks(bugs: Sequence[Mutant]) -> tuple[Check, ...]:
    """The engine's checks with every bug's change of them: a check one bug drops is
    dropped, a check one bug replaces (same code, its own test) is replaced."""
    changed = [bug.checks for bug in bugs if bug.checks != CHECKS]
    result: list[Check] = list(CHECKS)
    for checks in changed:
        codes = {check.code: check for check in checks}
        result = [
            (codes[check.code] if codes[check.code] not in CHECKS else check)
            for check in result
            if check.code in codes
        ]
    return tuple(result)


def _overridden(cls: type[FastRules]) -> frozenset[str]:
    return frozenset(name for name in vars(cls) if not name.startswith("_"))


def _combined(classes: tuple[type[FastRules], ...]) -> tuple[type[FastRules], ...]:
    """The fast-rule variants of several bugs, those overriding a method in common made
    one (:func:`~fourhundred.conformance.mutants.pointwise`, over every method any of them overrides: one whose override
    of a shared method calls :class:`FastRules` itself would else hide the other's), the
    others kept apart (combined by inheritance). In the order of the classes' names, so
    that the engine of some bugs is one engine whatever order they are listed in (where
    two depart at one input, the first answers)."""
    groups: list[tuple[set[str], list[type[FastRules]]]] = []
    for cls in sorted(classes, key=lambda cls: (cls.__module__, cls.__qualname__)):
        methods, members = set(_overridden(cls)), [cls]
        for group in [group for group in groups if group[0] & methods]:
            groups.remove(group)
            methods |= group[0]
            members = [*group[1], *members]
        groups.append((methods, members))
    return tuple(
        group[0]
        if len(group) == 1
        else mutants.pointwise("+".join(c.__name__ for c in group), group)
        for _, group in groups
    )


@dataclass(frozen=True)
class Planted:
    """Several mutants played at once (see the module docstring)."""

    name: str
    bugs: tuple[Mutant, ...]

    @property
    def description(self) -> str:
        return "; ".join(bug.description for bug in self.bugs)

    def touches(self, rules: Rules) -> bool:
        return any(bug.touches(rules) for bug in self.bugs)

    def parts(self, rules: Rules) -> EngineParts | None:
        """What its engine under ``rules`` is built from (``None``: no bug touches
        ``rules``, it plays the reference): equal parts, the same engine, whichever
        bugs gave them (a point and its lifted point under the point's rule set)."""
        active = [bug for bug in self.bugs if bug.touches(rules)]
        if not active:
            return None
        changed = rules
        for bug in active:
            changed = bug.rules(changed)
        fast = tuple(dict.fromkeys(bug.fast for bug in active if bug.fast is not FastRules))
        return EngineParts(changed, fast, _checks(active))

    def reference(self, rules: Rules) -> Reference:
        parts = self.parts(rules)
        return Reference.of(rules) if parts is None else _built(parts)


@dataclass(frozen=True)
class EngineParts:
    """The parts a :class:`Planted` engine is built from under one rule set: the rules
    with every bug's change applied in turn, the bugs' fast-rule variants (in the
    bugs' order, combined by :func:`_combined`) and the checks (:func:`_checks`)."""

    rules: Rules
    fast: tuple[type[FastRules], ...]
    checks: tuple[Check, ...]


@cache
def _built(parts: EngineParts) -> Reference:
    """The engine of ``parts`` (built once: a combined class is a new class)."""
    classes = _combined(parts.fast)
    if not classes:
        fast: type[FastRules] = FastRules
    elif len(classes) == 1:
        fast = classes[0]
    else:
        fast = type("+".join(c.__name__ for c in classes), classes, {})
    return Reference(fast.of(parts.rules), parts.checks)


@cache
def rules_of(variant: str) -> Rules:
    """The rules of a variant string (loaded once)."""
    from fourhundred.spec.registry import load

    return load(variant)


def answer(engine: Planted | Mutant, run: Run) -> object:
    """The engine's answer to a run, made JSON (``{"raised": ...}`` if it raises)."""
    rules = rules_of(run.variant)
    try:
        result = kinds.kind(run.kind).fast_answer(engine.reference(rules), run.case["input"])
    except Exception as error:  # an engine that raises fails the case
        return {"raised": type(error).__name__}
    return json.loads(json.dumps(result))


def outcomes(engine: Planted | Mutant, runs: Sequence[Run]) -> list[Outcome]:
    """Every run judged against the engine, as the runner judges (pass or fail)."""
    found = []
    for run in runs:
        if not engine.touches(rules_of(run.variant)):
            found.append(Outcome(run, "pass"))
            continue
        actual = answer(engine, run)
        differences = compare.compare(run.kind, run.case["expected"], actual)
        if differences:
            message = compare.render(differences[0], run.case["input"].get("actions", ()), run.kind)
            found.append(Outcome(run, "fail", message, actual))
        else:
            found.append(Outcome(run, "pass"))
    return found


#: The planted multi-bug engines: mutants by name (rule point ids, lifted ids such as
#: ``made/*``, hand-written mutant names), drawn across the point families. Among
#: them: a turn-order bug beside a dealer rule, a scoring bug beside an end-of-game
#: rule, bugs of one variant and bugs of every variant.
PLANTED: tuple[tuple[str, ...], ...] = (
    # pairs
    ("flip/qahwa-400/bidding_order=clockwise", "dealer-after-throw-in/qahwa-400"),
    ("leader/pagat-41", "dealer-after-throw-in/pagat-41"),
    ("flip/medallon-400/play_order=clockwise", "dealer/medallon-400"),
    ("made/qahwa-400", "off-by-one/qahwa-400/target=42"),
    ("failed/pagat-400", "both-qualify/pagat-400"),
    ("value-early/qahwa-400/9", "band-late/qahwa-400/30"),
    ("cards/trump", "action/bid_below_minimum"),
    ("cards/follow-suit", "made/medallon-400"),
    ("partner-ignored/arab3meyeh-400", "raise/arab3meyeh-400"),
    ("raise-kept/arab3meyeh-400", "value-late/arab3meyeh-400/10"),
    ("thirteen-scores/pagat-400", "table/pagat-400(table_measure=tricks)"),
    ("action/not_your_turn", "dealer/qahwa-400"),
    ("flip/pagat-41/play_order=clockwise", "failed/pagat-41"),
    ("band-early/arab3meyeh-400/40", "leader/arab3meyeh-400"),
    ("value-early/medallon-400/11", "partner-ignored/medallon-400"),
    ("cards/trick-winner", "dealer-after-throw-in/medallon-400"),
    ("option/qahwa-400(table=classic)", "made/pagat-41"),
    ("off-by-one/medallon-400/min_bid=3", "flip/medallon-400/total_tie=draw"),
    ("qahwa-9-worth-26", "dealer-passes-left"),
    ("made/*", "dealer-after-throw-in/*"),
    ("flip/*/bidding_order=clockwise", "failed/*"),
    ("action/must_follow_suit", "value-late/pagat-400/12"),
    ("flip/arab3meyeh-400/table_min_rises=false", "off-by-one/arab3meyeh-400/target=40"),
    ("band-late/medallon-400/50", "flip/medallon-400/thirteen=win_or_lose_game"),
    # triples
    (
        "flip/qahwa-400/bidding_order=clockwise",
        "dealer-after-throw-in/qahwa-400",
        "value-early/qahwa-400/10",
    ),
    ("made/*", "dealer/*", "cards/trump"),
    ("failed/medallon-400", "off-by-one/medallon-400/target=42", "leader/medallon-400"),
    ("both-qualify/pagat-41", "value-late/pagat-41/7", "action/bid_above_maximum"),
    ("raise/arab3meyeh-400", "partner-ignored/arab3meyeh-400", "cards/follow-suit"),
    (
        "thirteen-scores/medallon-400",
        "band-early/pagat-400(rising_min=on)/30",
        "dealer-after-throw-in/*",
    ),
)


# -- one rule wrong everywhere: bugs written as an engine's author would ---------


class _EveryBandLate(FastRules):
    """Every band starts one point late (31-40, 41-50 ...): one wrong constant in the
    band rule, so a player on 30, 40, 50 ... keeps the band below."""

    def band(self, score: int) -> int:
        return 1 + (score - 31) // 10 if score >= 31 else 0


class _EveryBandEarly(FastRules):
    """Every band starts one point early (29-38, 39-48 ...)."""

    def band(self, score: int) -> int:
        return 1 + (score - 29) // 10 if score >= 29 else 0


class _EveryRowLate(FastRules):
    """The value table read one row low: a bid is worth what the bid below it is
    (the deciding 13 and the smallest bid apart)."""

    def bid_value(self, bid: int, own_score: int, highest_score: int) -> int:
        if bid != self.special_bid and bid > self.rules.min_bid:
            return super().bid_value(bid - 1, own_score, highest_score)
        return super().bid_value(bid, own_score, highest_score)


def _target_one_high(rules: Rules) -> Rules:
    """The target comparison one off in every variant: a team needs one point more than
    the target (``>`` for ``>=`` wherever the target is compared)."""
    return dataclasses.replace(rules, target=rules.target + 1)


class _FailedFree(FastRules):
    """A failed bid costs nothing, in every variant."""

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        if tricks < bid:
            return 0
        return super().score_change(bid, tricks, own_score, highest_score)


#: Engines' bugs of one rule at every parameter and under every variant, each written
#: as an engine's own code (not the family mutant's), by name.
EVERYWHERE: Mapping[str, Mutant] = {
    mutant.name: mutant
    for mutant in (
        Mutant("every-band-late", _EveryBandLate.__doc__ or "", fast=_EveryBandLate),
        Mutant("every-band-early", _EveryBandEarly.__doc__ or "", fast=_EveryBandEarly),
        Mutant("every-row-late", _EveryRowLate.__doc__ or "", fast=_EveryRowLate),
        Mutant("target-one-high", _target_one_high.__doc__ or "", rules=_target_one_high),
        Mutant("failed-free", _FailedFree.__doc__ or "", fast=_FailedFree),
    )
}

#: Planted engines with a bug of one rule everywhere (:data:`EVERYWHERE`), alone or
#: beside another bug, and two bugs of one family at two of its parameters (which
#: stay two causes): the bugs, and the causes the diagnosis must name (a family
#: mutant for a bug everywhere, ``band-late/*/*``; the point itself otherwise).
FAMILY_PLANTED: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("every-band-late",), ("band-late/*/*",)),
    (("every-band-early",), ("band-early/*/*",)),
    (("every-row-late",), ("value-late/*/*",)),
    (("target-one-high",), ("off-by-one/*/target+1",)),
    (("failed-free",), ("failed/*",)),
    (("every-band-late", "dealer/*"), ("band-late/*/*", "dealer/*")),
    (("every-row-late", "leader/qahwa-400"), ("value-late/*/*", "leader/qahwa-400")),
    (("target-one-high", "cards/trump"), ("off-by-one/*/target+1", "cards/trump")),
    (
        ("band-late/qahwa-400/30", "band-late/medallon-400/50"),
        ("band-late/qahwa-400/30", "band-late/medallon-400/50"),
    ),
    (
        ("value-late/pagat-400/11", "value-late/qahwa-400/9"),
        ("value-late/pagat-400/11", "value-late/qahwa-400/9"),
    ),
    (
        ("band-late/qahwa-400/30", "band-late/qahwa-400/50"),
        ("band-late/qahwa-400/30", "band-late/qahwa-400/50"),
    ),
    (
        ("value-late/pagat-400/5", "value-late/pagat-400/11"),
        ("value-late/pagat-400/5", "value-late/pagat-400/11"),
    ),
)


def by_name(name: str) -> Mutant:
    """A mutant by name: an engine's bug of :data:`EVERYWHERE`, or one of the fault
    dictionary (a point, a lifted point, a hand-written one)."""
    from fourhundred.conformance import faults

    if name in EVERYWHERE:
        return EVERYWHERE[name]
    for mutant in faults.candidates():
        if mutant.name == name:
            return mutant
    raise KeyError(name)


def planted(names: Sequence[str]) -> Planted:
    """The planted engine of those bugs."""
    return Planted(" + ".join(names), tuple(by_name(name) for name in names))
