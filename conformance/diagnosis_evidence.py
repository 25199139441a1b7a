"""The evidence for and against a cause of a diagnosis: what each candidate mutant
explains and predicts, and the tests a cause must pass beside a bug no mutant models.

One job: the evidence :mod:`~fourhundred.conformance.diagnosis` weighs. A
:class:`Candidate` is a mutant with the engine's failures it fails (exactly or not),
its precision and the runs that refute it; :meth:`Rates.expected_beside` is how many of
a cause's runs a second bug would change as often as the unexplained failures show it
failing, and :func:`disagreements_refute` whether a cause's disagreements are more;
:func:`demote_weak` drops the causes that bug may fake (:func:`imitated`: those whose
rule, :func:`rule_key`, another mutant of it shows elsewhere).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from fourhundred.conformance import faults, points, points_interactions
from fourhundred.conformance.diagnosis_result import Cause, Diagnosis
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.runner import Outcome


@dataclass(frozen=True)
class Candidate:
    """A mutant as a possible cause: the engine's failures it fails, how many of its
    predictions the engine bears out, and the runs that may refute it."""

    mutant: Mutant
    #: Failing run keys it fails, and those it fails with the engine's answer.
    hits: frozenset[str]
    exact: frozenset[str]
    precision: float
    predicted: int
    order: int
    #: False for a family mutant some of whose member points the engine was asked
    #: about and never fails: its rule is not wrong at every parameter, so it is no
    #: cause (the members are, each one).
    whole: bool = True
    #: The runs it fails (by the dictionary) that the engine answered and passes:
    #: evidence against it unless another cause's mutant changes their answer too
    #: (a family mutant's too:
    #: :func:`~fourhundred.conformance.diagnosis._consistent_cover`).
    contradicted: frozenset[str] = frozenset()
    #: Every run its mutant fails (by the dictionary): where it may hide another cause.
    changes: frozenset[str] = frozenset()
    #: The runs it fails that the engine fails with another wrong answer.
    disagrees: frozenset[str] = frozenset()


@cache
def lifted_members() -> Mapping[str, tuple[str, ...]]:
    """Every lifted or family mutant's name -> the ids of the points it lifts."""
    return {mutant.name: members for mutant, members in faults.lifted()}


@dataclass(frozen=True)
class Rates:
    """The runs the engine answered, by kind: how often a bug shows in each kind."""

    kind_of: Mapping[str, str]
    answered: Mapping[str, int]

    @classmethod
    def of(cls, outcomes: Sequence[Outcome]) -> Rates:
        kind_of = {
            o.key: o.run.kind for o in outcomes if o.status in ("pass", "fail", "known_failure")
        }
        return cls(kind_of, Counter(kind_of.values()))

    def expected_beside(self, candidate: Candidate, remainder: Collection[str]) -> float:
        """How many of the runs ``candidate``'s mutant fails a second bug would also
        change if it failed them as often as the unexplained ``remainder`` shows it
        failing the runs of their kind the mutant does not change (the same share, kind
        by kind): the disagreements a cause found by exact answers may show beside a
        bug no mutant models. With nothing unexplained, none."""
        if not remainder:
            return 0.0
        outside = Counter(self.kind_of[key] for key in remainder if key not in candidate.changes)
        changed = Counter(self.kind_of[key] for key in candidate.changes if key in self.kind_of)
        rate = {
            kind: outside[kind] / (self.answered[kind] - changed[kind])
            for kind in outside
            if self.answered[kind] > changed[kind]
        }
        return sum(rate.get(self.kind_of.get(key, ""), 0.0) for key in candidate.hits)


#: A cause's disagreements refute it when a bug no mutant models would give as many or
#: more with at most this probability (:func:`more_than_beside`).
BESIDE_LEVEL = 0.05


def more_than_beside(count: int, expected: float) -> bool:
    """Whether ``count`` disagreements are more than a second bug gives beside a cause
    that changes ``expected`` of its runs on average: a Poisson count with that mean
    reaches ``count`` with a probability below :data:`BESIDE_LEVEL` (an average is
    passed as often as not, so a count just above it is no refutation). With nothing
    expected, one refutes."""
    if count <= 0:
        return False
    if expected <= 0:
        return True
    below = sum(
        math.exp(k * math.log(expected) - expected - math.lgamma(k + 1)) for k in range(count)
    )
    return 1.0 - below < BESIDE_LEVEL


def disagreements_refute(
    candidate: Candidate,
    unborne: int,
    expected: float,
    *,
    beside: bool,
    doubtful: bool,
    passes: int = 0,
) -> bool:
    """Whether a cause found by exact answers is refuted by the ``unborne`` runs it fails
    with another answer than the engine's and the ``passes``, runs it fails that the
    engine passes (no combination of the chosen causes answers either as the engine
    does).

    Disagreements refute when they are more than a bug no mutant models would give
    beside it (:func:`more_than_beside` of ``expected``), unless such a bug is there
    (``beside``: failures stay unexplained), the cause is no rule that bug may imitate
    (not ``doubtful``: :func:`imitated`) and it is borne out exactly more often than not.
    Such a bug may be about the very cases the cause is about (both about the target:
    the suite's cases cluster at rule edges), and then it hides the cause's answer on
    each one, far above its share elsewhere.

    A pass refutes unless such a bug may have undone the cause's change there: one is
    there, the cause is no rule it may imitate, is borne out exactly on more runs than
    it is not, and its passes and disagreements together are not more than that bug
    gives beside it. Else a cause one more bug hides on a run or two would be lost, and
    a false cause bear out its own passes by the time it is dropped."""
    total = unborne + passes
    if passes > 0 and (doubtful or not beside or total >= len(candidate.exact)):
        return True
    if not more_than_beside(total, expected):
        return False
    return passes > 0 or doubtful or not beside or total > len(candidate.exact)


def demote_weak(
    covered: Diagnosis,
    chosen: Mapping[str, Candidate],
    failures: Sequence[Outcome],
    doubtful: Collection[str],
) -> Diagnosis:
    """The diagnosis without the causes a bug no mutant models may fake. Failures left
    unexplained in a kind mean the engine breaks a rule no mutant plays, and that bug's
    answers can coincide with a mutant's, or fail the same runs, on as many runs as it
    fails. So a cause that may have been faked in such a kind (:func:`kinds_of`: one
    where it answers a failure exactly), and
    whose rule the engine's other failures show imitated (``doubtful``:
    :func:`imitated`), stands only if its mutant predicts more failures (of runs the
    engine answered, every one borne out; for a cause found by failing cases only,
    :func:`evidence`) than stay unexplained in its kinds; else its failures are
    unexplained too. A cause no such bug imitates stands whatever its size. Repeated
    until every cause stands. An engine whose failures are all explained keeps every
    cause."""
    kind = {outcome.key: outcome.run.kind for outcome in failures}
    causes = list(covered.causes)
    unexplained = set(covered.unexplained)
    while unexplained:
        doubt = Counter(kind[key] for key in unexplained)
        weak = [
            cause
            for cause in causes
            if cause.point in doubtful
            and evidence(cause, causes, chosen)
            <= sum(doubt[k] for k in kinds_of(cause, kind, chosen[cause.point]))
        ]
        if not weak:
            break
        for cause in weak:
            causes.remove(cause)
            unexplained.update(cause.explains)
    order = [outcome.key for outcome in failures]
    return dataclasses.replace(
        covered,
        causes=tuple(causes),
        unexplained=tuple(key for key in order if key in unexplained),
    )


def kinds_of(cause: Cause, kind: Mapping[str, str], candidate: Candidate) -> set[str]:
    """The kinds where a bug no mutant models may have faked a cause: of the failures it
    answers exactly (``candidate``'s answers: such a bug gives them only where it shows),
    or, for a cause found by failing cases only, of every failure it explains; every
    kind if one is a :data:`CROSSING` kind (a whole game plays every rule: a bug no
    mutant models shows there too, wherever else it shows)."""
    exact = candidate.exact.intersection(cause.explains) if cause.match == "exact" else ()
    shown = {kind[key] for key in (exact or cause.explains)}
    return set(kind.values()) if shown & CROSSING else shown


def imitated(covered: Diagnosis, candidates: Sequence[Candidate]) -> set[str]:
    """The causes whose exact answers a bug no mutant models may give by chance: those
    found by failing cases only or only played with other causes (their mutant alone
    answers no failure as the engine does), and those another mutant of whose rule
    (:func:`rule_key`: another rule set, parameter or crossing; a hand-written mutant is
    a rule of its own) answers exactly a failure the cause neither explains nor fails
    (one another cause explains that its mutant fails too is no other place). A bug that gives one rule's wrong
    answers here and there gives them where one point of it is tried as well; a cause
    whose rule the other failures never show is no such bug's."""
    by_rule: dict[str, list[Candidate]] = {}
    hits = {candidate.mutant.name: candidate.hits for candidate in candidates}
    alone = {candidate.mutant.name: candidate.exact for candidate in candidates}
    for candidate in candidates:
        name = candidate.mutant.name
        by_rule.setdefault(rule_key(name) or name, []).append(candidate)
    found = set()
    for cause in covered.causes:
        rule = rule_key(cause.point) or cause.point  # a hand-written mutant: its own rule
        mine = set(cause.explains) | hits.get(cause.point, frozenset())
        if (
            cause.match != "exact"
            or alone.get(cause.point, True) == frozenset()
            or any(
                other.mutant.name != cause.point and not other.exact <= mine
                for other in by_rule.get(rule, ())
            )
        ):
            found.add(cause.point)
    return found


#: The crossings whose points are another point's wrong reading confined to a context
#: (``below-zero/<point>``): the rule is that point's.
_CROSSINGS = frozenset(crossing.family for crossing in points_interactions.CROSSINGS)


@cache
def rule_key(name: str) -> str | None:
    """The rule a point, lifted point or family mutant breaks, wherever it is tried:
    without its rule set, its parameter (a band edge, a table row) or its crossing
    (``flip/fail_penalty`` for ``below-zero/flip/pagat-41(double_from=5)/fail_penalty=tricks``
    and ``flip/*/fail_penalty=tricks``); an option point's rule is the option, the rule
    fields it changes (``option/thirteen,values`` for ``option/qahwa-400(table=classic)``:
    one option ignored is no other option ignored), and one that changes one field is
    that field's flip (``flip/fail_penalty`` for ``option/pagat-41(house,fail_penalty=tricks)``:
    the field read at its base's value); ``None`` for a hand-written mutant."""
    if name not in points.by_id() and name not in lifted_members():
        return None
    family, _, rest = name.partition("/")
    while family in _CROSSINGS:
        family, _, rest = rest.partition("/")
    tail = rest.split("/")[1:]
    if family == _OPTION:
        fields = _option_fields(rest)
        if "," not in fields and fields != "*":  # one field read at its base value: a flip
            return f"flip/{fields}"
        tail = [fields]
    elif family in faults.PARAMETER_FAMILIES:
        tail = []
    elif family in ("flip", faults.NUMBER_FAMILY):
        tail = [part.split("=")[0].rstrip("+-0123456789") for part in tail]
    return "/".join([family, *tail])


#: The family of the points whose mutant plays a rule set's option as its base's rule.
_OPTION = "option"


def _option_fields(rest: str) -> str:
    """The rule fields the option of the point ``option/<rest>`` changes (its mutant plays
    the rule set's base), joined; ``*`` where no such point of one rule set is known."""
    point = points.by_id().get(f"{_OPTION}/{rest}")
    if point is None or len(point.mutant.only) != 1:
        return "*"
    rules = point.mutant.only[0]
    base = point.mutant.rules(rules)
    return ",".join(sorted(points_interactions.changed_between(rules, base))) or "*"


def evidence(cause: Cause, causes: Sequence[Cause], chosen: Mapping[str, Candidate]) -> int:
    """How many of the failures a cause's mutant predicts bear it out: all of them for a
    cause found by exact answers; for one found by failing cases only, those the other
    causes do not explain (failing a run another cause answers is no evidence of a
    second bug: beside a bug that fails most runs, a mutant that merely fails runs is
    borne out almost everywhere)."""
    candidate = chosen[cause.point]
    if cause.match == "exact":
        return candidate.predicted
    others = {key for other in causes if other is not cause for key in other.explains}
    return candidate.predicted - len(candidate.changes & others)


#: Kinds whose one run passes through many states, so through several parameters of
#: a family (:func:`contradicting`).
CROSSING = frozenset({"whole_game"})


def contradicting(
    name: str, found: faults.Dictionary, answered: set[str], failed: set[str], shown: set[str]
) -> set[str]:
    """The runs that refute a family mutant unless the chosen causes together pass
    them: a run the engine answered and passes that one of its member points (the
    rule wrong at one parameter under one rule set) fails, where the engine fails
    another run of that member and kind. The engine's rule is then wrong at that
    parameter in that use (a kind: the table minimum, the value table), and still
    right on that run, which the family's rule is not; a family that matches some
    failures by chance is refuted so. A use where the engine shows none of a
    member's failures is no evidence: its code may not reach the rule there (a band
    rule wrong in the table minimum, while the value table reads its own bands).
    Only a run the member and the family fail alike counts, and none of the
    :data:`CROSSING` kinds: there the rule wrong at the other parameters as well
    may undo the member's change (a whole game passes many band edges)."""
    kind_of = {key: key.partition(".")[0] for key in answered}
    family = found.failing(name)
    against: set[str] = set()
    for member in lifted_members().get(name, ()):
        own = found.failing(member)
        failing = [key for key in own if key in answered]
        uses = {kind_of[key] for key in failing if key in failed}
        against.update(
            key
            for key in failing
            if key not in shown
            and kind_of[key] in uses
            and kind_of[key] not in CROSSING
            and family.get(key) == own[key]
        )
    return against


def every_member_shows(
    name: str, found: faults.Dictionary, answered: set[str], failed: set[str]
) -> bool:
    """Whether every parameter of a family mutant (a band edge, a bid, a rule set:
    :func:`~fourhundred.conformance.faults.family_parameter`) whose member points fail
    some run the engine answered shows in a run the engine fails too: a rule wrong at
    every parameter shows at every one, two bugs at two edges leave the others passing."""
    asked: set[str] = set()
    shown: set[str] = set()
    for member in lifted_members().get(name, ()):
        parameter = faults.family_parameter(member)
        failing = [key for key in found.failing(member) if key in answered]
        if failing:
            asked.add(parameter)
        if any(key in failed for key in failing):
            shown.add(parameter)
    return asked <= shown
