"""The cause of a fuzz finding: the rule point whose mutant gives the implementation's answer.

A shrunk finding holds its input, the reference's expected answer and the
implementation's answer. Its *cause* is the first mutant (rule points of its
rule set, then the lifted points and the hand-written mutants: the diagnosis's
order, :mod:`fourhundred.conformance.diagnosis`) whose answer on that input
departs from the expected answer exactly as the implementation's does
(:func:`~fourhundred.conformance.faults.answer_digest`). Findings with one
cause are one deviation, whatever kind they were found in:
:func:`by_cause` makes them one :class:`CauseFinding` that lists each kind's
smallest witness. A point's cause is named by its family (``band-late/*/*``) or
its lifted id (``made/*``) where it has one, so one rule broken at several edges
or under several variants is still one cause.
Findings no mutant reproduces keep their own signature, one group each.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance import faults, mutants, points
from fourhundred.conformance.kinds import PURE_KINDS
from fourhundred.conformance.kinds import kind as kind_of
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.suite import Run
from fourhundred.fuzz.expected import expected_answer
from fourhundred.fuzz.records import TOGETHER
from fourhundred.spec.registry import load


@cache
def _ranked() -> tuple[Mutant, ...]:
    from fourhundred.conformance.diagnosis import _all_candidates

    ranked = _all_candidates()
    return tuple(mutant for _, mutant in sorted(ranked.values(), key=lambda item: item[0]))


@cache
def _by_name() -> Mapping[str, Mutant]:
    return {mutant.name: mutant for mutant in _ranked()}


@cache
def _killer() -> mutants.Killer:
    return mutants.Killer()


def _run(kind: str, variant: str, data: Mapping[str, Any], expected: Any) -> Run:
    case = {"id": "fuzz.cause.0001", "kind": kind, "input": dict(data), "expected": expected}
    return Run(case, str(load(variant)))


def _reproduces(
    candidates: Sequence[Mutant], run: Run, actual: Any, whole: bool = False
) -> Mutant | None:
    """The first of ``candidates`` whose answer to ``run`` departs from the expected
    answer as ``actual`` does (``None``: none, or ``actual`` is right): at its first
    divergence, or with ``whole`` in every difference (a whole game where a second
    bug shows after the first is no other bug's answer)."""
    digest = faults.full_digest if whole else faults.answer_digest
    wanted = digest(run, actual)
    if wanted is None:
        return None
    rules = _killer().rules(run.variant)
    for mutant in candidates:
        if not mutant.touches(rules):
            continue
        answer = faults.mutant_answer(_killer(), mutant, run)
        got = faults.RAISED if answer == faults.RAISED else digest(run, answer)
        if got == wanted:
            return mutant
    return None


def _together(bugs: Sequence[Mutant]) -> Mutant:
    """An engine with every one of ``bugs`` at once (a planted engine: each bug's
    changes combined, :class:`~fourhundred.conformance.planted.Planted`), usable
    wherever a mutant is (it touches and builds a reference as one)."""
    from fourhundred.conformance import planted

    if len(bugs) == 1:
        return bugs[0]
    engine = planted.Planted(" + ".join(bug.name for bug in bugs), tuple(bugs))
    return typing.cast(Mutant, engine)


def beside_known(
    run: Run, actual: Any, known: Sequence[Mutant], candidates: Sequence[Mutant] | None = None
) -> list[Mutant]:
    """The mutants that, played together with the ``known`` causes' (the explained
    model), give the implementation's whole answer to ``run`` (every difference,
    :func:`~fourhundred.conformance.faults.full_digest`), where the known causes alone
    do not: a new cause that shows only beside a known one on this input (a shrunk
    whole game where a known bug moves the play before the new one shows; a raise
    by 5 that only a known partner bug lets happen, so that the mutant alone answers
    right). In the order of ``candidates`` (by default every mutant's); none without
    known causes."""
    if not known or _reproduces((_together(known),), run, actual, whole=True) is not None:
        return []
    names = {bug.name for bug in known}
    rules = _killer().rules(run.variant)
    found = []
    for mutant in _ranked() if candidates is None else candidates:
        if mutant.name in names or not mutant.touches(rules):
            continue
        if _reproduces((_together((*known, mutant)),), run, actual, whole=True) is not None:
            found.append(mutant)
    return found


def cause_of(
    kind: str,
    variant: str,
    data: Mapping[str, Any],
    expected: Any,
    actual: Any,
    also: Sequence[tuple[Mapping[str, Any], Any, Any]] = (),
) -> str | None:
    """The name of the first mutant that answers ``data`` as the implementation did
    (``actual``), departing from ``expected`` the same way; ``None`` when none does.
    ``also``: other inputs of the finding (its input as found, before shrinking) with
    their expected and actual answers: of the mutants that reproduce ``data``, the
    first that reproduces those too is taken (a shrunk input that two rules explain
    alike is told apart by the input it came from)."""
    run = _run(kind, variant, data, expected)
    first: Mutant | None = None
    for mutant in _ranked():
        if _reproduces((mutant,), run, actual) is None:
            continue
        if first is None:
            first = mutant
        if all(
            _reproduces((mutant,), _run(kind, variant, other, wanted), said) is not None
            for other, wanted, said in also
        ):
            return mutant.name
    return first.name if first is not None else None


#: A question to the implementation: (kind, variant, input, expected) -> its answer.
Ask = Callable[[str, str, Mapping[str, Any], Any], Any]
#: At most this many suite cases are asked to tell apart the mutants that reproduce a
#: finding alike (:func:`probed_cause`), and of at most this many mutants.
PROBES = 12
PROBED_MUTANTS = 8


@cache
def _suite_runs() -> Mapping[str, Run]:
    return {run.key: run for run in faults.suite_runs()}


def probed_cause(
    finding: Any,
    ask: Ask,
    asks: Callable[[str, str], bool],
    stop: Callable[[], bool] = lambda: False,
    known: Sequence[Mutant] = (),
) -> str | None:
    """The cause of a finding, told apart by asking the implementation: of the mutants
    that reproduce its shrunk input (:func:`cause_of`'s order, one per cause group),
    a mutant drops out when the implementation answers a probe otherwise, alone or
    beside the ``known`` causes (:func:`_narrowed`); the first left is the cause (a
    legal-bids answer at a score of 30 is a late band edge or an own minimum that
    never rises, a case at 45 says which). The probes are suite cases first
    (:func:`_told_by_suite`), then fresh questions (:func:`_told_by_generated`), of
    kinds and variants ``asks`` allows. No more is asked once ``stop`` says so (the
    campaign's time is spent). Where no mutant alone reproduces the input, those that
    do together with the ``known`` causes' mutants (:func:`beside_known`) are the
    ones told apart."""
    run = _run(finding.kind, finding.variant, finding.input, finding.expected)
    alike = [m for m in _ranked() if _reproduces((m,), run, finding.actual) is not None]
    if not alike and known:
        alike = beside_known(run, finding.actual, known)
    dictionary = faults.read()
    if len(alike) == 1 or (alike and dictionary is None):
        return alike[0].name
    if len(alike) < 2 or dictionary is None:
        return finding_cause(finding)
    alike = _one_per_group(alike)[:PROBED_MUTANTS]
    alike = _told_by_suite(alike, finding.variant, ask, asks, stop, known, dictionary)
    kinds = sorted(
        (k for k in PURE_KINDS if asks(k, finding.variant)), key=lambda k: k != finding.kind
    )
    probes = _generated(finding.variant, kinds, finding.signature)
    return _told_by_generated(alike, probes, ask, stop, known)[0].name


def _told_by_suite(
    alike: list[Mutant],
    variant: str,
    ask: Ask,
    asks: Callable[[str, str], bool],
    stop: Callable[[], bool],
    known: Sequence[Mutant],
    dictionary: faults.Dictionary,
) -> list[Mutant]:
    """``alike`` narrowed by the suite cases of ``variant`` that some of them fail and
    others pass, or fail otherwise (the fault dictionary says): the smallest
    :data:`PROBES` of them that ``asks`` allows."""
    failing = {mutant.name: dictionary.failing(mutant.name) for mutant in alike}
    suite = _suite_runs()
    keys = {key for found in failing.values() for key in found}
    telling = [
        key
        for key in keys
        if key in suite
        and suite[key].variant == variant
        and asks(suite[key].kind, suite[key].variant)
        and len({found.get(key) for found in failing.values()}) > 1
    ]
    for key in sorted(telling, key=lambda key: _size(suite[key].case["input"]))[:PROBES]:
        if stop() or len(alike) == 1:
            break
        probe = suite[key]
        answer = ask(probe.kind, probe.variant, probe.case["input"], probe.case["expected"])
        said = {m.name: failing[m.name].get(key) for m in alike}
        alike = _narrowed(alike, probe, answer, known, said)
    return alike


def _told_by_generated(
    alike: list[Mutant],
    probes: Iterator[Run],
    ask: Ask,
    stop: Callable[[], bool],
    known: Sequence[Mutant],
) -> list[Mutant]:
    """``alike`` narrowed by at most :data:`PROBES` of ``probes`` on which the mutants
    left do not all answer alike (where the suite's cases, answered otherwise by the
    implementation's other bugs, told them no further)."""
    asked = 0
    for probe in probes:
        if stop() or len(alike) == 1 or asked == PROBES:
            break
        digests = {m.name: faults.mutant_digest(_killer(), m, probe) for m in alike}
        if len(set(digests.values())) < 2:
            continue
        answer = ask(probe.kind, probe.variant, probe.case["input"], probe.case["expected"])
        alike = _narrowed(alike, probe, answer, known, digests)
        asked += 1
    return alike


#: Inputs of each pure kind generated in search of probes that tell apart the mutants
#: the suite's cases left alike (:func:`probed_cause`).
GENERATED = 100


def _generated(variant: str, kinds: Sequence[str], seed: str) -> Iterator[Run]:
    """:data:`GENERATED` fresh questions of each of ``kinds`` under ``variant``, with
    the reference's answers, from a stream seeded by ``seed`` (the finding's
    signature: the same probes on every run)."""
    rules = _killer().rules(variant)
    rng = random.Random(f"fourhundred-fuzz-probe/{seed}")
    for kind in kinds:
        for _ in range(GENERATED):
            data = kind_of(kind).generate(rng, rules)
            yield _run(kind, variant, data, expected_answer(kind, rules, data))


def _narrowed(
    alike: Sequence[Mutant],
    probe: Run,
    answer: Any,
    known: Sequence[Mutant],
    digests: Mapping[str, str | None],
) -> list[Mutant]:
    """The mutants of ``alike`` that answer ``probe`` as the implementation did
    (``answer``): alone (``digests``: each mutant's departure from the expected
    answer by name, ``None`` where it has none), or played beside the ``known`` causes (an
    engine with more than one bug answers a probe as the candidate beside the bugs
    already found); all of ``alike`` where none does."""
    digest = faults.answer_digest(probe, answer)
    kept = [m for m in alike if digests[m.name] == digest or _beside(m, known, probe, answer)]
    return kept or list(alike)


def _one_per_group(mutants: Sequence[Mutant]) -> list[Mutant]:
    """The first of ``mutants`` of each cause group (:func:`group_of`), in order: the
    mutants a finding is told apart by are causes, not one cause's several points."""
    first: dict[str, Mutant] = {}
    for mutant in mutants:
        first.setdefault(group_of(mutant.name), mutant)
    return list(first.values())


def _beside(mutant: Mutant, known: Sequence[Mutant], run: Run, answer: Any) -> bool:
    """Whether ``mutant`` played together with the ``known`` causes gives the
    implementation's whole ``answer`` to ``run``: a probe of an engine with more than
    one bug is answered as the candidate beside the bugs already found, not as the
    candidate alone."""
    others = tuple(bug for bug in known if bug.name != mutant.name)
    if not others:
        return False
    return _reproduces((_together((*others, mutant)),), run, answer, whole=True) is not None


def finding_cause(finding: Any) -> str | None:
    """:func:`cause_of` a finding (its shrunk input, told apart by its input as found);
    the cause the job found by asking (:func:`probed_cause`) where it recorded one."""
    recorded = getattr(finding, "cause", "")
    if recorded:
        return str(recorded)
    original = getattr(finding, "original_input", None)
    also = []
    if original is not None and original != finding.input:
        said = getattr(finding, "original_actual", None)
        wanted = getattr(finding, "original_expected", None)
        if wanted is not None and faults.answer_digest(
            _run(finding.kind, finding.variant, original, wanted), said
        ):
            also.append((original, wanted, said))
    return cause_of(
        finding.kind, finding.variant, finding.input, finding.expected, finding.actual, also
    )


class Tamer:
    """The causes a job has found, so that it spends no time on inputs that only show
    them again and the next cause can surface (the *taming* of compiler fuzzing: a
    test that triggers a known bug is set aside before it is reduced).

    :meth:`learn` takes each new finding's cause (:func:`cause_of`, grouped by
    :func:`group_of`) and remembers its mutants: the cause's own, its lifted one and
    its family's (a band edge found once tames every edge). :meth:`known` is the
    group whose mutants give the implementation's whole answer to an input as asked
    (before shrinking; every difference, not only the first, so a whole game where
    a second bug shows after a known one is not tamed): it shows nothing else. A
    disagreement let through is shrunk keeping :meth:`unexplained`, so it shrinks
    to the new cause, not to the known one it shows first. A known cause still gets one witness per kind it shows in
    (:meth:`tamed` is False for a kind it has none of), so one deviation is one
    finding that lists each kind's smallest witness.
    """

    def __init__(self) -> None:
        self.groups: dict[str, tuple[Mutant, ...]] = {}
        self.witnessed: set[tuple[str, str]] = set()

    def causes(self, variant: str) -> tuple[Mutant, ...]:
        """Each known cause as it shows under ``variant``, in order found: the first of
        its mutants (its finding's own, its lifted one, its family's) that touches the
        variant's rules (a cause found as ``failed/qahwa-400`` is ``failed/*`` in a
        medallon game); a cause none of whose mutants touches them is left out."""
        rules = _killer().rules(variant)
        found = (
            next((bug for bug in bugs if bug.touches(rules)), None) for bugs in self.groups.values()
        )
        return tuple(bug for bug in found if bug is not None)

    def known(
        self, kind: str, variant: str, data: Mapping[str, Any], expected: Any, actual: Any
    ) -> str | None:
        """The known cause that answers ``data`` as the implementation did, or ``None``;
        where none does alone but the known causes played together do (the *explained
        model*: two known bugs in one answer), their groups joined by :data:`TOGETHER`."""
        if not self.groups:
            return None
        run = _run(kind, variant, data, expected)
        for group, bugs in self.groups.items():
            if _reproduces(bugs, run, actual, whole=True) is not None:
                return group
        causes = self.causes(variant)
        if len(causes) > 1 and _reproduces((_together(causes),), run, actual, whole=True):
            return TOGETHER.join(self.groups)
        return None

    def unexplained(
        self, kind: str, variant: str, data: Mapping[str, Any], expected: Any, actual: Any
    ) -> bool:
        """Whether no known cause gives the whole answer: what a shrink of a
        disagreement the tamer let through keeps, so that it shrinks to the new cause
        and not to a known one the same input shows first."""
        return self.known(kind, variant, data, expected, actual) is None

    def tamed(
        self, kind: str, variant: str, data: Mapping[str, Any], expected: Any, actual: Any
    ) -> bool:
        """Whether a known cause that has a witness of ``kind`` already answers ``data``
        as the implementation did (so shrinking it would find that cause again)."""
        group = self.known(kind, variant, data, expected, actual)
        return group is not None and (TOGETHER in group or (group, kind) in self.witnessed)

    def learn(self, finding: Any) -> tuple[str | None, bool]:
        """The cause group of a new finding (``None``: no mutant reproduces it), and
        whether it is new for the finding's kind (False: a witness of that cause and
        kind was found before, so this finding shows nothing new)."""
        if getattr(finding, "status", "wrong") not in ("wrong", "ok"):
            return None, True
        name = finding_cause(finding)
        if name is None:
            return None, True
        return self.knows(name, finding.kind)

    def knows(self, name: str, kind: str) -> tuple[str, bool]:
        """Learn the cause ``name`` (a mutant) of a finding of ``kind``: its group, and
        whether that cause had no witness of ``kind`` before."""
        group = group_of(name)
        if group not in self.groups:
            known = _by_name()
            lifted = faults.lifted_id(name)
            names = dict.fromkeys((name, *(() if lifted is None else (lifted,)), group))
            self.groups[group] = tuple(known[n] for n in names if n in known)
        new = (group, kind) not in self.witnessed
        self.witnessed.add((group, kind))
        return group, new


def group_of(name: str) -> str:
    """A cause as findings are grouped: a rule point by its family where it has one
    (:func:`~fourhundred.conformance.faults.family_id`: one rule at every parameter,
    ``band-late/*/*``), else by its lifted id (``made/*``); a lifted point by its family;
    then the one name of that wrong rule (:func:`_same_rule`)."""
    group = _own_group(name)
    return _same_rule().get(group, group)


@cache
def _same_rule() -> Mapping[str, str]:
    """Group -> the group it is one wrong rule with: groups of a rule under every
    variant (lifted or family ids) whose mutants fail the very same runs of the fault
    dictionary with the very same wrong answers are one rule read two ways (a rule-set
    flip that drops a condition, and the point that ignores it), named as the first of
    them in the diagnosis's order. A point of one rule set, or a group that fails no
    run, is too little evidence, so it keeps its name. A hand-written mutant (one
    engine's bug as its author wrote it, no rule point) that fails as such a group does
    is that rule too, named as the group (the deal passing left is ``dealer/*``); it
    never names a group itself."""
    dictionary = faults.read()
    if dictionary is None:
        return {}
    everywhere = {mutant.name for mutant, _ in faults.lifted()}
    by_id = points.by_id()
    first: dict[frozenset[tuple[str, str]], str] = {}
    same: dict[str, str] = {}
    for mutant in _ranked():
        name = mutant.name
        failing = frozenset(dictionary.failing(name).items())
        if not failing or _own_group(name) != name:
            continue
        if name in everywhere:
            same[name] = first.setdefault(failing, name)
        elif name not in by_id and failing in first:
            same[name] = first[failing]
    return same


def _own_group(name: str) -> str:
    """The family or lifted id :func:`group_of` starts from (the name itself else)."""
    by_id = points.by_id()
    if name in by_id:
        family = faults.family_id(by_id[name])
        if family is not None:
            return family
        lifted = faults.lifted_id(name)
        if lifted is not None:
            return lifted
        return name
    if name.count("*") == 1 and name.partition("/")[0] in faults.PARAMETER_FAMILIES:
        return f"{name.partition('/')[0]}/*/*"
    return name


@dataclass(frozen=True)
class Witness:
    """The smallest finding of one kind that a cause shows in."""

    kind: str
    variant: str
    input: Mapping[str, Any]
    signature: str


@dataclass(frozen=True)
class CauseFinding:
    """One deviation: its cause (a rule point, or ``None`` when no mutant reproduces it)
    and the smallest witness of every kind it was found in."""

    cause: str | None
    #: The signature of its first finding (what a finding without a cause keeps).
    signature: str
    witnesses: tuple[Witness, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(witness.kind for witness in self.witnesses)


def _size(data: Mapping[str, Any]) -> int:
    actions = data.get("actions")
    return len(actions) if isinstance(actions, list) else len(json.dumps(data, sort_keys=True))


def _names(findings: Sequence[Any]) -> list[str | None]:
    """Each finding's cause (:func:`finding_cause`; ``None`` for a failed answer or
    where no mutant reproduces it); a finding no mutant reproduces alone is named by
    the first that does beside the causes the other findings name
    (:func:`beside_known`, each cause as it shows under the finding's variant: a
    whole game found before any cause was known, where a turn-order bug shows
    beside a scoring bug the campaign named later)."""
    judged = [getattr(finding, "status", "wrong") in ("wrong", "ok") for finding in findings]
    names = [finding_cause(f) if ok else None for f, ok in zip(findings, judged, strict=True)]
    tamer = Tamer()
    for finding, name in zip(findings, names, strict=True):
        if name is not None:
            tamer.knows(name, finding.kind)
    for index, finding in enumerate(findings):
        if names[index] is None and judged[index] and tamer.groups:
            run = _run(finding.kind, finding.variant, finding.input, finding.expected)
            known = tamer.causes(finding.variant)
            beside = beside_known(run, finding.actual, known)
            found = beside[0] if beside else _needed(run, finding.actual, known)
            names[index] = found.name if found is not None else None
    return _joined(findings, names, tamer)


def _needed(run: Run, actual: Any, known: Sequence[Mutant]) -> Mutant | None:
    """Where the ``known`` causes played together give the implementation's whole
    answer to ``run`` (two known bugs in one answer: no new cause), the first of them
    without which the others do not; ``None`` where they do not together."""
    if len(known) < 2 or _reproduces((_together(known),), run, actual, whole=True) is None:
        return None
    for bug in known:
        rest = tuple(other for other in known if other is not bug)
        if _reproduces((_together(rest),), run, actual, whole=True) is None:
            return bug
    return None


def _joined(findings: Sequence[Any], names: list[str | None], tamer: Tamer) -> list[str | None]:
    """``names`` with one wrong rule named once: where the mutants of one cause group
    answer every finding of another exactly as the implementation did (every
    difference) and not the other way round, the group that explains both names both
    (a game outcome named by a neighbouring reading of the rule set, whose whole game
    the engine's own point answers too); where each answers all of the other's, the
    group of more findings (the first found, if as many) names both."""
    named = {group_of(name) for name in names if name is not None}
    runs = [_run(f.kind, f.variant, f.input, f.expected) for f in findings]

    def members(group: str) -> list[int]:
        return [i for i, name in enumerate(names) if name is not None and group_of(name) == group]

    def covers(group: str, other: str) -> bool:
        bugs = tamer.groups.get(group, ())
        return all(
            _reproduces(bugs, runs[i], findings[i].actual, whole=True) is not None
            for i in members(other)
        )

    order = list(dict.fromkeys(group_of(n) for n in names if n is not None))

    def weight(group: str) -> tuple[int, int]:
        return len(members(group)), -order.index(group)

    for group in order:
        for other in sorted(named - {group}):
            if group not in named or other not in named or not covers(other, group):
                continue
            if covers(group, other) and weight(group) > weight(other):
                continue
            for i in members(group):
                names[i] = next(names[j] for j in members(other))
            named.discard(group)
    return names


def by_cause(findings: Sequence[Any]) -> list[CauseFinding]:
    """The findings (each with ``kind``, ``variant``, ``input``, ``expected``, ``actual``,
    ``signature``) grouped by cause, in order of first appearance."""
    groups: dict[str, list[Any]] = {}
    causes: dict[str, str | None] = {}
    for finding, name in zip(findings, _names(findings), strict=True):
        key = group_of(name) if name is not None else f"signature:{finding.signature}"
        groups.setdefault(key, []).append(finding)
        causes[key] = group_of(name) if name is not None else None
    result = []
    for key, members in groups.items():
        smallest: dict[str, Any] = {}
        for finding in members:
            best = smallest.get(finding.kind)
            if best is None or _size(finding.input) < _size(best.input):
                smallest[finding.kind] = finding
        witnesses = tuple(
            Witness(f.kind, f.variant, f.input, f.signature) for f in smallest.values()
        )
        result.append(CauseFinding(causes[key], members[0].signature, witnesses))
    return result
