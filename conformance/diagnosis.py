"""Diagnosis: the rules an engine breaks, named once each, from its failures.

An engine's failures (run keys ``id@variant`` and its actual answers) are laid
beside the fault dictionary (:mod:`fourhundred.conformance.faults`): for every
mutant, the runs that fail under it and a digest of its wrong answer. A mutant
*explains* a failure when it fails the same run; it explains it *exactly* when
its wrong answer is the engine's (the same differences from the expected
answer, :func:`~fourhundred.conformance.faults.answer_digest`).

The causes are chosen by a greedy set cover, in two rounds:

1. **exact**: repeatedly the mutant that explains exactly the most failures not
   yet explained (ties: the higher *precision*, then the more unexplained
   failures it fails at all, then the fewer failures it predicts, then rule
   points before lifted points before hand-written mutants) becomes a cause, as long
   as one explains a new failure exactly and its precision is at least
   :data:`EXACT_PRECISION`;
   then every failure still unexplained that the chosen causes played all at once
   answer as the engine does is theirs (two bugs in one answer give an answer
   neither gives alone, and may fail a run neither fails alone), and every one a
   chosen cause fails is given to that cause;
2. **cases**: the same for mutants that merely fail the remaining runs, with a
   precision of at least :data:`CASES_PRECISION` and at least
   :data:`CASES_SUPPORT` failures (weaker evidence: reported as ``"cases"``).

*Precision* is the share of the runs a mutant fails (of those the engine
answered) that the engine fails too: a mutant that predicts many failures the
engine does not show is not its bug.

A chosen cause is then put to two tests, since a bug no mutant models can
coincide with many mutants on a few runs each:

- **consistency** (:func:`_consistent_cover`): every run its mutant fails that
  the engine answered, the engine fails, and, for a cause found by exact
  answers, with the mutant's answer, unless the chosen causes played all at once
  answer that run as the engine does (one bug hiding or changing another), or, for
  a cause found by exact answers, those found by exact answers or all but one other
  do (:func:`_models`: a wrong cause beside it changes their answer); a family
  cause too, save that its wrong answer need not be the engine's (on a run crossing
  several of its parameters, no engine's). Failing runs answered otherwise refute a
  cause found by exact answers only when they are improbably many for a second bug
  that changed its runs as often as the failures left unexplained show it failing the
  other runs of their kinds (:meth:`evidence.Rates.expected_beside`,
  :func:`evidence.more_than_beside`: where a bug no mutant models meets it, the answer
  is neither's; with nothing unexplained, one such run refutes it). Left unexplained
  means by the causes not refuted by a pass, less those the specificity test below
  drops (:func:`_left_unexplained`: a weak cause that takes that bug's failures would
  hide its rate). A cause no such bug imitates and borne out exactly more often than
  not is not refuted so at all (:func:`evidence.disagreements_refute`: that bug may be
  about its very cases). A run the engine passes refutes too, unless such a bug may
  have undone the cause there (:func:`evidence.disagreements_refute`: beside failures
  left unexplained, a cause no such bug imitates, borne out exactly on more runs than
  not, whose passes and disagreements together are not improbably many; a family, or
  a cause found by failing cases only, is refuted by any pass). So is a cause found
  by exact answers that only echoes others (:func:`_echoes`: its every exact answer is
  on a run a cause found by more exact answers changes and answers otherwise, and
  played with it, it does not give the engine's answer there). A refuted cause is
  dropped and the cover recomputed without it;
- **specificity** (:func:`evidence.demote_weak`): where failures of a kind stay
  unexplained (a bug no mutant models), a cause explaining failures of that kind
  whose rule that bug may imitate (:func:`evidence.imitated`: another mutant of its rule
  answers exactly a failure it does not explain, or it is found by failing cases
  only; a hand-written mutant is a rule of its own) stands only if its mutant predicts more
  failures than stay unexplained there (a cause found by failing cases only: more
  outside the other causes' failures). A cause dropped so is refuted too: the cover is
  recomputed without it, so the failures it took are offered to the others again (an
  imitating mutant may have won a modelled bug's failures before it was dropped).

What is left is **unexplained**: never forced onto a cause. A correct engine has
no failures, so no diagnosis.

The mutants are the rule points' (one rule set each), the hand-written ones and
the *lifted* ones (:func:`~fourhundred.conformance.faults.lifted`: a point's
rule wrong under every rule set at once), so a rule an engine breaks everywhere
is one cause, not one per variant, and the *family* ones
(:func:`~fourhundred.conformance.faults.family_id`: one rule wrong at every
parameter, every band edge or every row of a value table, under every variant),
so a bug in one line of an engine's band rule is one cause, not one per edge. A
lifted or family cause names the member points its failures show
(:attr:`Cause.members`); two bugs of one family at some of its parameters stay
two causes, since the family mutant predicts failures at the others that the
engine does not show (its precision). Runs the dictionary does not hold (derived
runs under an exact setting, a user's case files) are answered here, in this
process, by the lifted and hand-written mutants that touch their variant.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from fourhundred.conformance import diagnosis_evidence as evidence
from fourhundred.conformance import faults, mutants, points
from fourhundred.conformance.diagnosis_result import Cause, Diagnosis, Match
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import CaseStub, Run

if TYPE_CHECKING:
    from fourhundred.conformance.planted import EngineParts

#: The least precision of a cause found by exact answers.
EXACT_PRECISION = 0.25
#: The least precision of a cause found by failing cases only.
CASES_PRECISION = 0.5
#: The fewest failures a cause found by failing cases only must explain.
CASES_SUPPORT = 2
#: How many example failures a cause shows (the smallest inputs).
EXAMPLES = 3
#: At most this many failing runs outside the dictionary are answered in process.
OFF_DICTIONARY_LIMIT = 400


@cache
def _all_candidates() -> Mapping[str, tuple[int, Mutant]]:
    """Every mutant by name, with its rank among equals: rule points first (they cite
    their rule), then lifted points, then the hand-written mutants."""
    hand_written = {mutant.name for mutant in mutants.MUTANTS}
    lifted = set(evidence.lifted_members())
    ranked = sorted(
        enumerate(faults.candidates()),
        key=lambda item: (item[1].name in hand_written, item[1].name in lifted, item[0]),
    )
    return {mutant.name: (rank, mutant) for rank, (_, mutant) in enumerate(ranked)}


def _family_of(name: str) -> str | None:
    """The family mutant a point or a lifted point belongs to (``band-late/*/*`` for
    ``band-late/qahwa-400/40`` and ``band-late/*/40``), or ``None``."""
    by_id = points.by_id()
    if name in by_id:
        return faults.family_id(by_id[name])
    found = {faults.family_id(by_id[member]) for member in evidence.lifted_members().get(name, ())}
    return found.pop() if len(found) == 1 else None


def _engine_digest(outcome: Outcome) -> str:
    digest = faults.answer_digest(outcome.run, outcome.actual)
    return digest if digest is not None else "unjudged"


def _off_dictionary(
    failures: Sequence[Outcome], digests: Mapping[str, str]
) -> dict[str, dict[str, str]]:
    """Run key -> {mutant: digest} for failing runs the dictionary does not hold,
    answered here by the lifted and hand-written mutants (a point's own mutant
    touches only its rule set, which a run outside the dictionary is not)."""
    killer = mutants.Killer()
    every = [*mutants.MUTANTS, *(mutant for mutant, _ in faults.lifted())]
    found: dict[str, dict[str, str]] = {}
    for outcome in failures[:OFF_DICTIONARY_LIMIT]:
        failing: dict[str, str] = {}
        for mutant in every:
            digest = faults.mutant_digest(killer, mutant, outcome.run)
            if digest is not None:
                failing[mutant.name] = digest
        found[outcome.key] = failing
    return found


def _size(run: Run) -> tuple[int, str]:
    data = run.case["input"]
    actions = data.get("actions") if isinstance(data, dict) else None
    size = len(actions) if isinstance(actions, list) else len(json.dumps(data))
    return (size, run.key)


def _describe(name: str, explained: Sequence[Run]) -> tuple[str, str, str]:
    """The rule, citations and wrong reading of a mutant (a point, a lifted point or
    a hand-written mutant), for the variants of the runs it explains."""
    by_id = points.by_id()
    if name in by_id:
        point = by_id[name]
        return point.description, point.cite, point.mutant.description
    members = evidence.lifted_members().get(name)
    if members is not None:
        variants = {run.variant for run in explained}
        chosen = [by_id[m] for m in members if set(by_id[m].rule_sets) & variants] or [
            by_id[members[0]]
        ]
        first = chosen[0]
        cites = "; ".join(dict.fromkeys(c for point in chosen for c in point.cite.split("; ")))
        if faults.is_family(name):
            mutant = _all_candidates()[name][1]
            return faults.family_rule(name) or first.description, cites, mutant.description
        wrong = first.mutant.description.split(": ", 1)[-1]
        return first.description, cites, f"under every variant: {wrong}"
    mutant = _all_candidates()[name][1]
    rules = Counter(rule for run in explained for rule in run.case.get("rules", ()))
    cites = "; ".join(rule for rule, _ in rules.most_common(3))
    return f"not: {mutant.description}", cites, mutant.description


def diagnose(
    outcomes: Sequence[Outcome],
    dictionary: faults.Dictionary | None = None,
    fetch: Callable[[Collection[str]], Mapping[str, Mapping[str, Any]]] | None = None,
) -> Diagnosis:
    """The diagnosis of a run's outcomes (see the module docstring). A run kept
    cut down (:meth:`~fourhundred.conformance.suite.Run.compact`: a pass) whose
    case a cause's refutation needs is fetched by id through ``fetch`` (ids ->
    cases, :meth:`~fourhundred.conformance.case_source.CaseSource.fetch`)."""
    failures = [outcome for outcome in outcomes if outcome.status == "fail"]
    if not failures:
        return Diagnosis()
    found = faults.read() if dictionary is None else dictionary
    if found is None:
        return Diagnosis(
            unexplained=tuple(o.key for o in failures),
            note="no fault dictionary (conformance/faults.json): run the generator",
        )
    by_run = found.by_run()
    digests = {outcome.key: _engine_digest(outcome) for outcome in failures}
    outside = [o for o in failures if o.run.derived or o.key not in by_run]
    listed = {key: dict(by_run.get(key, {})) for key in digests}
    for key, failing in _off_dictionary(outside, digests).items():
        listed[key].update(failing)
    answered = {o.key for o in outcomes if o.status in ("pass", "fail", "known_failure")}
    failed = set(digests)
    shown = failed | {o.key for o in outcomes if o.status == "known_failure"}
    order = _all_candidates()
    hits: dict[str, set[str]] = {}
    exact: dict[str, set[str]] = {}
    for key, failing in listed.items():
        for name, digest in failing.items():
            hits.setdefault(name, set()).add(key)
            if digest == digests[key]:
                exact.setdefault(name, set()).add(key)
    candidates: list[evidence.Candidate] = []
    for name, hit in hits.items():
        if name not in order:
            continue
        family = faults.is_family(name)
        predicted = [key for key in found.failing(name) if key in answered]
        inside = [key for key in predicted if key in failed]
        precision = len(inside) / len(predicted) if predicted else 1.0
        candidates.append(
            evidence.Candidate(
                order[name][1],
                frozenset(hit),
                frozenset(exact.get(name, ())),
                precision,
                len(predicted),
                order[name][0],
                not faults.is_family(name)
                or evidence.every_member_shows(name, found, answered, failed),
                # A family stands for one rule wrong at each of its parameters, and is
                # judged so (``whole``): its answers on runs crossing several of them
                # at once are no prediction of such an engine's answers, and a variant
                # where the engine shows none of a member's failures may not route
                # through the rule at all. Where it shows some, a run of that member
                # the engine passes is evidence against the family (evidence.contradicting).
                frozenset(
                    evidence.contradicting(name, found, answered, failed, shown)
                    if family
                    else (k for k in predicted if k not in shown)
                ),
                frozenset(found.failing(name)),
                frozenset(() if family else (k for k in hit if listed[k][name] != digests[k])),
            )
        )
    full = {
        outcome.key: faults.full_digest(outcome.run, outcome.actual) or "" for outcome in failures
    }
    covered = _consistent_cover(outcomes, failures, candidates, full, fetch)
    return dataclasses.replace(
        covered,
        causes=tuple(
            dataclasses.replace(cause, members=_members_shown(cause, found, listed))
            for cause in covered.causes
        ),
    )


def _consistent_cover(
    outcomes: Sequence[Outcome],
    failures: Sequence[Outcome],
    candidates: Sequence[evidence.Candidate],
    digests: Mapping[str, str],
    fetch: Callable[[Collection[str]], Mapping[str, Mapping[str, Any]]] | None = None,
) -> Diagnosis:
    """The cover of :func:`_cover` by causes whose every prediction is borne out.

    A run a cause's mutant fails and the engine passes refutes it, and so does, for a
    cause found by exact answers, a failing run where its mutant's answer is not the
    engine's; unless the chosen causes played all at once answer that run as the engine
    does (two bugs in one answer: one hides or changes the other), or, for a cause found
    by exact answers, one of the other combinations of :func:`_models` does (a wrong
    cause chosen beside it must not refute it); a cause found by exact answers beside a
    bug no mutant models is refuted so only as :func:`evidence.disagreements_refute`
    says. Refuted causes are dropped and the cover recomputed without them, until every
    chosen cause stands; their failures go to another cause or stay unexplained
    (:func:`evidence.demote_weak`)."""
    runs = {outcome.key: outcome.run for outcome in outcomes}
    cut = {
        key
        for candidate in candidates
        for key in candidate.contradicted | candidate.disagrees
        if isinstance(runs[key].case, CaseStub)
    }
    if cut and fetch is not None:  # the cases a refutation may need, in one walk
        cases = fetch({runs[key].id for key in cut})
        runs.update({key: dataclasses.replace(runs[key], case=cases[runs[key].id]) for key in cut})
    memo: dict[tuple[tuple[str, ...], str], str | None] = {}
    scope = _BY_ENGINE.set({})
    try:
        return _refuted_until_standing(outcomes, failures, candidates, digests, runs, memo)
    finally:
        _BY_ENGINE.reset(scope)


def _refuted_until_standing(
    outcomes: Sequence[Outcome],
    failures: Sequence[Outcome],
    candidates: Sequence[evidence.Candidate],
    digests: Mapping[str, str],
    runs: Mapping[str, Run],
    memo: dict[tuple[tuple[str, ...], str], str | None],
) -> Diagnosis:
    """The loop of :func:`_consistent_cover`: cover, drop the refuted causes, again."""
    left = list(candidates)
    base = evidence.Rates.of(outcomes)
    while True:
        covered, chosen = _cover(failures, left, digests, memo)
        matches = {cause.point: cause.match for cause in covered.causes}
        doubtful = evidence.imitated(covered, candidates)
        unborne: dict[str, int] = {}
        passed: dict[str, int] = {}
        contradicted = set()
        for candidate in chosen:
            name = candidate.mutant.name
            models = _models(candidate, chosen, matches)

            def borne(key: str, models: list[tuple[Mutant, ...]] = models) -> bool:
                return any(
                    _memo_digest(memo, model, runs[key]) == digests.get(key) for model in models
                )

            if matches.get(name) != "exact" or faults.is_family(name):
                if any(not borne(key) for key in sorted(candidate.contradicted)):
                    contradicted.add(name)
                continue
            # A pass past as many as its exact answers refutes whatever else is found.
            passed[name] = _count_until(
                (not borne(key) for key in sorted(candidate.contradicted)), len(candidate.exact)
            )
            unborne[name] = sum(not borne(key) for key in sorted(candidate.disagrees))
            bigger = [
                c
                for c in chosen
                if matches.get(c.mutant.name) == "exact"
                and len(c.exact) > len(candidate.exact)
                and c.mutant.name not in doubtful  # one a bug no mutant models may fake
            ]
            if _echoes(candidate, bigger, runs, digests, memo):
                contradicted.add(name)
        # What the causes standing so far leave unexplained shows how often a bug no
        # mutant models fails a run: a cause's passes and disagreements up to that rate
        # are where such a bug meets it, more refute it.
        remainder = _left_unexplained(covered, contradicted, chosen, candidates, failures)
        refuted = contradicted | {
            candidate.mutant.name
            for candidate in chosen
            if evidence.disagreements_refute(
                candidate,
                unborne.get(candidate.mutant.name, 0),
                base.expected_beside(candidate, remainder),
                beside=bool(remainder),
                doubtful=candidate.mutant.name in doubtful,
                passes=passed.get(candidate.mutant.name, 0),
            )
        }
        if not refuted:
            kept = evidence.demote_weak(
                covered,
                {c.mutant.name: c for c in chosen},
                failures,
                evidence.imitated(covered, candidates),
            )
            # A cause dropped as one a bug no mutant models may fake took its failures
            # from the others: they are offered to them again, without it.
            refuted = {c.point for c in covered.causes} - {c.point for c in kept.causes}
            if not refuted:
                return kept
        left = [candidate for candidate in left if candidate.mutant.name not in refuted]


def _count_until(flags: Iterable[bool], most: int) -> int:
    """How many of ``flags`` are true, counted no further than ``most``."""
    count = 0
    for flag in flags:
        count += flag
        if count >= most:
            break
    return count


def _echoes(
    candidate: evidence.Candidate,
    chosen: Sequence[evidence.Candidate],
    runs: Mapping[str, Run],
    digests: Mapping[str, str],
    memo: dict[tuple[tuple[str, ...], str], str | None],
) -> bool:
    """Whether a cause found by exact answers only echoes others (``chosen``: those
    found by more exact answers): every failure its mutant answers as the engine does
    another's mutant changes too (:attr:`~evidence.Candidate.changes`) and answers
    otherwise, and on none of them do those played with it answer as the engine does
    (one answering it alike is another reading of the same bug, no echo). There the
    engine's answer is the other's change undone or altered by a bug no mutant models,
    which this mutant happens to give alone; a second bug of the engine would show with
    the first (both at once), or on a run the first does not change (its isolating
    case)."""
    for key in sorted(candidate.exact, key=lambda key: _size(runs[key])):
        changers = [
            c.mutant
            for c in chosen
            if c is not candidate and key in c.changes and key not in c.exact
        ]
        if not changers:
            return False
        if _memo_digest(memo, [*changers, candidate.mutant], runs[key]) == digests.get(key):
            return False
    return bool(candidate.exact)


def _left_unexplained(
    covered: Diagnosis,
    contradicted: Collection[str],
    chosen: Sequence[evidence.Candidate],
    candidates: Sequence[evidence.Candidate],
    failures: Sequence[Outcome],
) -> set[str]:
    """The failures a bug no mutant models shows in: those the causes not refuted by a
    run the engine passes leave unexplained, once the causes such a bug may fake are
    dropped too (:func:`evidence.demote_weak`, as the diagnosis itself drops them: a
    cause found by failing cases only that takes that bug's failures hides its rate)."""
    standing = dataclasses.replace(
        covered,
        causes=tuple(c for c in covered.causes if c.point not in contradicted),
        unexplained=(),
    )
    explained = {key for cause in standing.causes for key in cause.explains}
    standing = dataclasses.replace(
        standing, unexplained=tuple(o.key for o in failures if o.key not in explained)
    )
    kept = evidence.demote_weak(
        standing,
        {c.mutant.name: c for c in chosen},
        failures,
        evidence.imitated(standing, candidates),
    )
    return set(kept.unexplained)


def _models(
    candidate: evidence.Candidate,
    chosen: Sequence[evidence.Candidate],
    matches: Mapping[str, Match],
) -> list[tuple[Mutant, ...]]:
    """The combinations of the chosen causes that may bear out a run ``candidate``'s
    mutant departs from the engine on: all of them at once; for a cause found by exact
    answers, also those found by exact answers (one found by failing cases only gives
    no engine's answer), and all but any one other (a wrong cause beside it would
    change the answer it and the others give together)."""
    bugs = tuple(c.mutant for c in chosen)
    models = [bugs]
    if matches.get(candidate.mutant.name) == "exact":
        models.append(tuple(c.mutant for c in chosen if matches.get(c.mutant.name) == "exact"))
        models += [
            tuple(bug for bug in bugs if bug is not other.mutant)
            for other in chosen
            if other is not candidate
        ]
    return list(dict.fromkeys(models))


def _members_shown(
    cause: Cause, found: faults.Dictionary, listed: Mapping[str, Mapping[str, str]]
) -> tuple[str, ...]:
    """The member points of a lifted or family cause that its failures show: those whose
    own mutant fails one of the runs it explains (by the dictionary, or, for a run
    outside it, those of the run's variant); empty for a cause that is one point."""
    members = evidence.lifted_members().get(cause.point, ())
    if not members:
        return ()
    explained = set(cause.explains)
    by_id = points.by_id()
    variants = {key.rpartition("@")[2] for key in explained}
    shown = []
    for member in members:
        failing = found.failing(member)
        if any(key in failing for key in explained) or any(
            member in listed.get(key, {}) for key in explained
        ):
            shown.append(member)
    if not shown:
        shown = [m for m in members if set(by_id[m].rule_sets) & variants]
    return tuple(shown)


#: At most this many failures are answered by combinations of causes (round 2).
COMBINED_LIMIT = 300
#: At most this many failures of each candidate tied with others are answered with the
#: chosen causes to break the tie (round 1).
TIE_LIMIT = 20


#: Within one :func:`_consistent_cover`: the digests of :func:`_combined_answer_digest`
#: by run key and the parts of the engine (:meth:`planted.Planted.parts`), so bugs
#: that build the same engine under a run's variant (a point and its lifted point)
#: are played there once.
_BY_ENGINE: ContextVar[dict[tuple[EngineParts | None, str], str | None] | None] = ContextVar(
    "_BY_ENGINE", default=None
)


def _combined_answer_digest(bugs: Sequence[Mutant], run: Run) -> str | None:
    """The digest of every difference of the answer of an engine with all of ``bugs``
    at once (:func:`~fourhundred.conformance.faults.full_digest`)."""
    from fourhundred.conformance import planted

    engine = planted.Planted("+".join(bug.name for bug in bugs), tuple(bugs))
    known = _BY_ENGINE.get()
    if known is None:
        return faults.full_digest(run, planted.answer(engine, run))
    key = (engine.parts(planted.rules_of(run.variant)), run.key)
    if key not in known:
        known[key] = faults.full_digest(run, planted.answer(engine, run))
    return known[key]


def _memo_digest(
    memo: dict[tuple[tuple[str, ...], str], str | None], bugs: Sequence[Mutant], run: Run
) -> str | None:
    """:func:`_combined_answer_digest`, kept in ``memo`` by bug names and run key."""
    key = (tuple(bug.name for bug in bugs), run.key)
    if key not in memo:
        memo[key] = _combined_answer_digest(bugs, run)
    return memo[key]


def _owner(
    chosen: Sequence[evidence.Candidate],
    run: Run,
    digest: str,
    combined: Callable[[Sequence[Mutant], Run], str | None],
) -> str | None:
    """The chosen cause a failure belongs to if the chosen causes played all at once
    answer it as the engine does (``digest``), else ``None``: the first that fails it
    alone, or, where none does (two bugs whose answer neither gives alone), the first
    without which the others do not answer it so."""
    bugs = [c.mutant for c in chosen]
    if not bugs or combined(bugs, run) != digest:
        return None
    touching = [c for c in chosen if run.key in c.hits]
    if touching:
        return touching[0].mutant.name
    needed = [
        c for c in chosen if combined([bug for bug in bugs if bug is not c.mutant], run) != digest
    ]
    return (needed or chosen)[0].mutant.name


def _cover(
    failures: Sequence[Outcome],
    candidates: Sequence[evidence.Candidate],
    digests: Mapping[str, str],
    memo: dict[tuple[tuple[str, ...], str], str | None],
) -> tuple[Diagnosis, tuple[evidence.Candidate, ...]]:
    """The greedy cover of the module docstring, and the candidates it chose (``memo``:
    the combined digests already computed, by bug names and run key)."""

    def _combined_digest(bugs: Sequence[Mutant], run: Run) -> str | None:
        return _memo_digest(memo, bugs, run)

    runs = {outcome.key: outcome.run for outcome in failures}
    every = tuple(candidates)  # for the alike of a cause (those dropped below too)
    uncovered = set(runs)
    chosen: list[evidence.Candidate] = []
    matches: dict[str, Match] = {}
    explained: dict[str, set[str]] = {}
    exactly: dict[str, set[str]] = {}

    def choose(
        candidate: evidence.Candidate, match: Match, gained: set[str], exact: set[str]
    ) -> None:
        chosen.append(candidate)
        matches[candidate.mutant.name] = match
        explained[candidate.mutant.name] = set(gained)
        exactly[candidate.mutant.name] = set(exact)
        uncovered.difference_update(gained)

    def eligible(candidate: evidence.Candidate, least: float) -> bool:
        return candidate not in chosen and candidate.whole and candidate.precision >= least

    def best(scored: Sequence[tuple[int, evidence.Candidate]]) -> evidence.Candidate | None:
        ranked = [
            ((gain, c.precision, len(c.hits & uncovered), -c.predicted, -c.order), c)
            for gain, c in scored
            if gain > 0
        ]
        return max(ranked, key=lambda item: item[0])[1] if ranked else None

    def joint_gain(candidate: evidence.Candidate, known: dict[str, bool]) -> int:
        """How many unexplained failures it fails (the smallest :data:`TIE_LIMIT`) the
        chosen causes and it, all at once, answer exactly, and the chosen ones alone
        do not (``known``: run key -> whether the chosen ones alone do)."""
        bugs = [c.mutant for c in chosen]
        mine = sorted(candidate.hits & uncovered, key=lambda key: _size(runs[key]))[:TIE_LIMIT]
        for key in mine:
            if key not in known:
                known[key] = bool(bugs) and _combined_digest(bugs, runs[key]) == digests[key]
        return sum(
            1
            for key in mine
            if not known[key]
            and _combined_digest([*bugs, candidate.mutant], runs[key]) == digests[key]
        )

    def untie(scored: Sequence[tuple[int, evidence.Candidate]]) -> evidence.Candidate | None:
        """:func:`best`, where candidates tie on their gain and precision decided by the
        failures each explains beside the causes already chosen (a bug whose own answers
        a chosen one's hides shows in the answers of both), then by how many of the
        failures it predicts the engine shows (answered alike or not: every one is a
        confirmed prediction), then as :func:`best` does."""
        top = best(scored)
        if top is None:
            return None
        gain = {c.mutant.name: g for g, c in scored}
        level = (gain[top.mutant.name], top.precision)
        tied = [c for g, c in scored if (g, c.precision) == level]
        if len(tied) == 1:
            return top
        known: dict[str, bool] = {}
        return max(
            tied,
            key=lambda c: (
                joint_gain(c, known),
                len(c.hits),
                len(c.hits & uncovered),
                -c.predicted,
                -c.order,
            ),
        )

    # Round 1: one mutant, the engine's very answers.
    while uncovered:
        winner = untie(
            [(len(c.exact & uncovered), c) for c in candidates if eligible(c, EXACT_PRECISION)]
        )
        if winner is None:
            break
        # A whole game the dictionary matches by its first divergence is the winner's
        # alone only if its whole answer is the engine's (a later second bug shows).
        first = {
            key
            for key in winner.exact & uncovered
            if runs[key].kind != "whole_game"
            or _combined_digest([winner.mutant], runs[key]) == digests[key]
        }
        if not first:
            candidates = [c for c in candidates if c is not winner]
            continue
        choose(winner, "exact", first, first)
    # Round 2: the causes found together (two bugs in one answer), and a cause that
    # only shows in such answers, each checked by answering the run with all of them.
    while uncovered:
        hit = sorted(
            (key for key in uncovered if any(key in c.hits for c in candidates)),
            key=lambda key: _size(runs[key]),
        )[:COMBINED_LIMIT]
        bugs = [c.mutant for c in chosen]
        # Every failure a chosen cause fails is checked (as its refutation checks each
        # run it disagrees on); those none fails alone, the smallest COMBINED_LIMIT.
        for index, key in enumerate(sorted(uncovered, key=lambda key: _size(runs[key]))):
            if index >= COMBINED_LIMIT and not any(key in c.hits for c in chosen):
                continue
            owner = _owner(chosen, runs[key], digests[key], _combined_digest)
            if owner is not None:
                explained[owner].add(key)
                exactly[owner].add(key)
                uncovered.discard(key)
        left = [key for key in hit if key in uncovered]
        scored = []
        for candidate in candidates:
            if not eligible(candidate, EXACT_PRECISION):
                continue
            mine = [key for key in left if key in candidate.hits]
            if not mine:
                continue
            together = [*bugs, candidate.mutant]
            scored.append(
                (
                    sum(1 for key in mine if _combined_digest(together, runs[key]) == digests[key]),
                    candidate,
                )
            )
        winner = best(scored)
        if winner is None:
            break
        together = [*bugs, winner.mutant]
        joint = {
            key
            for key in left
            if key in winner.hits and _combined_digest(together, runs[key]) == digests[key]
        }
        choose(winner, "exact", joint, joint)
    # What a cause found by answers fails but the answers could not confirm is still its
    # failure (a family's wrong answer on a run crossing several of its parameters is
    # no engine's), not a new cause's: a cause found by failing cases only explains
    # failures no cause found by answers fails.
    for candidate in chosen:
        taken = candidate.hits & uncovered
        explained[candidate.mutant.name] |= taken
        uncovered -= taken
    # Round 3: failing the same runs only (weaker evidence).
    while uncovered:
        winner = best(
            [
                (len(c.hits & uncovered), c)
                for c in candidates
                if eligible(c, CASES_PRECISION) and len(c.hits & uncovered) >= CASES_SUPPORT
            ]
        )
        if winner is None:
            break
        choose(winner, "cases", set(winner.hits & uncovered), set())
    # A chosen point (or lifted point) of a chosen family is that family's rule: one cause.
    families = {c.mutant.name for c in chosen if faults.is_family(c.mutant.name)}
    for candidate in list(chosen):
        home = _family_of(candidate.mutant.name)
        if home is None or home not in families or home == candidate.mutant.name:
            continue
        chosen.remove(candidate)
        explained[home] |= explained.pop(candidate.mutant.name)
        exactly[home] |= exactly.pop(candidate.mutant.name)
    order = [outcome.key for outcome in failures]
    position = {key: index for index, key in enumerate(order)}
    causes = []
    for candidate in chosen:
        name = candidate.mutant.name
        keys = tuple(sorted(explained[name], key=position.__getitem__))
        explained_runs = [runs[key] for key in keys]
        rule, cites, wrong = _describe(name, explained_runs)
        alike = tuple(
            other.mutant.name
            for other in every
            if other is not candidate
            and other.hits == candidate.hits
            and other.exact == candidate.exact
            and other.precision == candidate.precision
            and other.predicted == candidate.predicted
        )
        examples = tuple(run.key for run in sorted(explained_runs, key=_size)[:EXAMPLES])
        causes.append(
            Cause(
                name,
                rule,
                cites,
                wrong,
                keys,
                len(exactly[name] | (candidate.exact & explained[name])),
                matches[name],
                examples,
                alike,
            )
        )
    unexplained = tuple(key for key in order if key in uncovered)
    return Diagnosis(tuple(causes), unexplained), tuple(chosen)
