"""Diagnosis: the fault dictionary is current, a correct engine gets no diagnosis, and
the diagnosis of an engine with planted bugs names exactly those bugs."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from fourhundred.cli import cli
from fourhundred.conformance import (
    diagnosis,
    diagnosis_evidence,
    faults,
    isolation,
    mutants,
    planted,
    points,
    reports,
    suite,
)
from fourhundred.conformance.diagnosis_result import Match
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import SCHEMA_DIR, Run


@pytest.fixture(scope="module")
def dictionary() -> faults.Dictionary:
    found = faults.read()
    assert found is not None, "conformance/faults.json is missing: run the generator"
    return found


@pytest.fixture(scope="module")
def runs() -> list[Run]:
    return list(faults.suite_runs())


def test_the_fault_dictionary_was_computed_from_the_suite_and_mutants_as_they_are(
    dictionary: faults.Dictionary,
) -> None:
    assert faults.is_current(dictionary), (
        "conformance/faults.json is stale: python -m fourhundred.conformance.generate --faults"
    )
    assert list(dictionary.faults) == [mutant.name for mutant in faults.candidates()]


def test_a_mutant_description_reflowed_from_a_docstring_keeps_its_text_and_its_key() -> None:
    """A docstring's line breaks and indents are not part of what a mutant is: its
    description is one line, so a reflowed docstring moves no key of faults.json."""
    wrapped = mutants.Mutant("reflowed", "judged on the scores\n    before the hand.")
    one_line = mutants.Mutant("reflowed", "judged on the scores before the hand.")
    assert wrapped.description == "judged on the scores before the hand."
    assert faults.mutant_key(wrapped) == faults.mutant_key(one_line)


def test_the_fault_dictionary_records_what_a_sample_of_mutants_really_fails(
    dictionary: faults.Dictionary, runs: list[Run]
) -> None:
    """Recomputed in process for a sample (the whole dictionary is the slow test's)."""
    every = [point.mutant for point in points.points()]
    sample = random.Random(20).sample(every, 24) + list(mutants.MUTANTS[:3])
    recomputed = faults.compute(runs, sample)
    for mutant in sample:
        assert recomputed[mutant.name] == dictionary.failing(mutant.name), mutant.name


@pytest.mark.slow
def test_the_whole_fault_dictionary_is_what_every_mutant_fails(
    dictionary: faults.Dictionary, runs: list[Run]
) -> None:
    rebuilt, _ = faults.build()
    assert rebuilt == dictionary


def test_an_answer_digest_ignores_extra_fields_and_tells_wrong_answers_apart(
    runs: list[Run],
) -> None:
    run = next(r for r in runs if r.kind == "bid_value")
    expected = dict(run.case["expected"])
    assert faults.answer_digest(run, {**expected, "extra": 1}) is None
    wrong = {key: -999 for key in expected}
    other = {key: -998 for key in expected}
    assert faults.answer_digest(run, wrong) == faults.answer_digest(run, {**wrong, "x": 2})
    assert faults.answer_digest(run, wrong) != faults.answer_digest(run, other)


def test_a_correct_engine_gets_no_diagnosis(runs: list[Run]) -> None:
    reference = mutants.Mutant("reference", "the reference itself")
    found = diagnosis.diagnose(planted.outcomes(reference, runs))
    assert found.empty
    assert found.footer() == {"diagnosis": [], "unexplained": []}


def test_failures_no_rule_point_explains_are_listed_as_unexplained(runs: list[Run]) -> None:
    chosen = [r for r in runs if r.kind == "trick_winner"][:3]
    outcomes = [Outcome(run, "fail", "wrong", {"winner": "nonsense"}) for run in chosen]
    outcomes += [Outcome(run, "pass") for run in runs if run not in chosen]
    found = diagnosis.diagnose(outcomes)
    assert found.causes == ()
    assert found.unexplained == tuple(run.key for run in chosen)


def _names_exactly(names: tuple[str, ...], runs: list[Run]) -> None:
    engine = planted.planted(names)
    found = diagnosis.diagnose(planted.outcomes(engine, runs))
    named = [{cause.point, *cause.alike} for cause in found.causes]
    assert found.unexplained == ()
    assert len(found.causes) == len(names), [cause.point for cause in found.causes]
    for name in names:
        assert any(name in group for group in named), (
            f"{name} not named: {[cause.point for cause in found.causes]}"
        )
    assert all(cause.match == "exact" for cause in found.causes)


#: Cheap planted engines (one rule set each) for the default run; the slow test has them all.
CHEAP = (
    ("leader/pagat-41", "dealer-after-throw-in/pagat-41"),
    ("made/qahwa-400", "off-by-one/qahwa-400/target=42"),
    ("value-early/qahwa-400/9", "band-late/qahwa-400/30"),
)


@pytest.mark.parametrize("names", CHEAP, ids=" + ".join)
def test_the_diagnosis_of_a_cheap_planted_engine_names_exactly_its_bugs(
    names: tuple[str, ...], runs: list[Run]
) -> None:
    assert names in planted.PLANTED
    _names_exactly(names, runs)


@pytest.mark.slow
@pytest.mark.parametrize("names", planted.PLANTED, ids=" + ".join)
def test_the_diagnosis_of_every_planted_engine_names_exactly_its_bugs(
    names: tuple[str, ...], runs: list[Run]
) -> None:
    _names_exactly(names, runs)


def test_there_are_at_least_twenty_planted_pairs_and_five_triples() -> None:
    sizes = [len(names) for names in planted.PLANTED]
    assert sizes.count(2) >= 20 and sizes.count(3) >= 5


def test_every_turn_order_and_dealer_point_fails_a_case_that_probes_no_illegal_action(
    dictionary: faults.Dictionary, runs: list[Run]
) -> None:
    carried = isolation.carriers(runs, dictionary)
    assert carried
    assert [point for point, count in carried.items() if count == 0] == []


def test_a_point_whose_failures_another_contains_is_hidden_by_it_and_not_isolated() -> None:
    made, failed = "made/qahwa-400", "failed/qahwa-400"
    made_also = "made/medallon-400"  # another rule set: it cannot hide a qahwa point
    found = faults.Dictionary(
        "0",
        "",
        {
            made: {"r1": "x", "r2": "x"},
            failed: {"r1": "y", "r2": "y", "r3": "y"},
            made_also: {"r1": "z", "r2": "z", "r3": "z"},
        },
    )
    apart = isolation.isolation(found)
    assert not apart[made].isolated and apart[made].hidden_by == (failed,)
    assert failed in apart[made].reason
    assert apart[failed].isolating == ("r3",) and apart[failed].hidden_by == ()
    assert apart[made_also].isolating == ("r1", "r2", "r3")


def test_every_report_of_a_run_names_the_cause_once(tmp_path: Path) -> None:
    """Through the command and a subprocess adapter: console, Markdown, JUnit and the
    JSON-lines footer (which the report schema accepts) all carry the diagnosis."""
    point = "value-early/qahwa-400/9"
    adapter = f"{sys.executable} -m fourhundred.conformance.adapter --mutant {point}"
    report, junit, markdown = tmp_path / "r.jsonl", tmp_path / "j.xml", tmp_path / "m.md"
    result = CliRunner().invoke(
        cli,
        [
            "conformance", "run", "-q", "--adapter", adapter, "--variant", "qahwa-400",
            "--kind", "bid_value", "--kind", "hand_scoring", "--report", str(report),
            "--junit", str(junit), "--markdown", str(markdown),
        ],
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    assert f"CAUSE 1: {point} [exact]" in result.output
    assert "CAUSE 2" not in result.output and "cause: " + point in result.output
    footer = json.loads(report.read_text().splitlines()[-1])
    jsonschema.validate(footer, json.loads((SCHEMA_DIR / "report.schema.json").read_text()))
    assert [cause["point"] for cause in footer["diagnosis"]] == [point]
    assert footer["diagnosis"][0]["explains"] == footer["counts"]["fail"]
    assert footer["unexplained"] == [] and footer["diagnosis"][0]["match"] == "exact"
    suites = ET.parse(junit).getroot().findall("testsuite")
    assert suites[0].get("name") == "diagnosis"
    assert [case.get("name") for case in suites[0].findall("testcase")] == [point]
    assert f"### Cause 1: <code>{point}</code> (exact match)" in markdown.read_text()


def test_a_failing_whole_game_shows_where_it_diverged_in_the_notation(runs: list[Run]) -> None:
    games = [run for run in runs if run.kind == "whole_game"][:20]
    failing = [
        o for o in planted.outcomes(planted.by_name("dealer/*"), games) if o.status == "fail"
    ]
    assert failing
    position = reports.divergence_position(failing[0])
    assert position.startswith("before action ")
    assert position.split(": ", 1)[1].split()[0] in ("deal", "bidding", "play", "over")


def test_a_mutant_whose_hooks_change_under_the_same_name_gets_another_key() -> None:
    made = mutants.Mutant("m", "made needs one more", fast=mutants.MadeNeedsOneMore)
    failed = mutants.Mutant("m", "made needs one more", fast=mutants.FailedCostsNothing)
    assert faults.mutant_key(made) != faults.mutant_key(failed)
    assert faults.mutant_key(made) == faults.mutant_key(
        mutants.Mutant("m", "made needs one more", fast=mutants.MadeNeedsOneMore)
    )


def _names_the_causes(bugs: tuple[str, ...], wanted: tuple[str, ...], runs: list[Run]) -> None:
    found = diagnosis.diagnose(planted.outcomes(planted.planted(bugs), runs))
    assert sorted(cause.point for cause in found.causes) == sorted(wanted), [
        (cause.point, len(cause.explains)) for cause in found.causes
    ]
    assert found.unexplained == ()
    assert all(cause.match == "exact" for cause in found.causes)


#: Cheap ones of :data:`planted.FAMILY_PLANTED` for the default run (the slow test has all).
CHEAP_FAMILIES = (("every-band-late",), ("target-one-high",), ("every-band-late", "dealer/*"))


@pytest.mark.parametrize(
    ("bugs", "wanted"),
    [item for item in planted.FAMILY_PLANTED if item[0] in CHEAP_FAMILIES],
    ids=lambda names: " + ".join(names),
)
def test_a_bug_of_one_rule_at_every_parameter_is_one_cause_naming_its_family(
    bugs: tuple[str, ...], wanted: tuple[str, ...], runs: list[Run]
) -> None:
    _names_the_causes(bugs, wanted, runs)


@pytest.mark.slow
@pytest.mark.parametrize(("bugs", "wanted"), planted.FAMILY_PLANTED, ids=lambda n: " + ".join(n))
def test_every_planted_engine_with_a_bug_everywhere_is_diagnosed_by_family(
    bugs: tuple[str, ...], wanted: tuple[str, ...], runs: list[Run]
) -> None:
    _names_the_causes(bugs, wanted, runs)


def test_the_band_edge_adapter_one_late_band_rule_is_one_cause_with_its_edges(
    runs: list[Run],
) -> None:
    """``tests/fuzz_adapters/band_edge.py``'s engine (every band one point late, written
    as that adapter writes it) is one cause, ``band-late/*/*``, whose members are the
    edges of every variant its failures show."""
    from fuzz_adapters.band_edge import LateBand

    engine = mutants.Mutant("band_edge", "the adapter's engine", fast=LateBand)
    found = diagnosis.diagnose(planted.outcomes(engine, runs))
    assert [cause.point for cause in found.causes] == ["band-late/*/*"]
    (cause,) = found.causes
    assert found.unexplained == () and cause.match == "exact"
    edges_shown = {member.rsplit("/", 1)[1] for member in cause.members}
    assert {"30", "40", "50", "60", "140"} <= edges_shown
    assert all(member.startswith("band-late/") for member in cause.members)
    assert cause.to_json()["members"] == list(cause.members)
    lines = reports.diagnosis_lines_of(cause)
    assert any(line.startswith(f"one rule at {len(cause.members)} points: ") for line in lines)


@pytest.mark.parametrize(
    ("variant", "bugs"),
    [
        ("qahwa-400", ("band-late/qahwa-400/30", "band-late/qahwa-400/50")),
        ("pagat-400", ("value-late/pagat-400/5", "value-late/pagat-400/8")),
    ],
)
def test_two_bugs_of_one_family_at_two_of_its_parameters_stay_two_causes(
    variant: str, bugs: tuple[str, ...], runs: list[Run]
) -> None:
    """Even on an engine of one variant, where the family mutant explains every failure
    and predicts few the engine passes: its other parameters pass, so it is no cause."""
    mine = [run for run in runs if run.variant == variant]
    _names_the_causes(bugs, bugs, mine)


def test_a_fast_rule_bug_per_parameter_combines_with_another_of_the_same_method() -> None:
    """Two point mutants overriding the same methods (each calling FastRules itself) both
    hold in a planted engine, as each departs from the reference at its own inputs."""
    engine = planted.planted(("band-late/qahwa-400/30", "band-late/qahwa-400/50"))
    from fourhundred.spec.registry import load

    fast = engine.reference(load("qahwa-400")).fast
    assert [fast.band(score) for score in (29, 30, 31, 49, 50, 51)] == [0, 0, 1, 2, 2, 3]


def test_two_fast_rule_bugs_sharing_one_method_of_several_both_hold() -> None:
    """``band-late/*/60`` overrides ``band`` and ``bid_value``, ``value-late/*/8`` only
    ``bid_value`` (each calling FastRules itself): in a planted engine of both, every
    answer one of them alone departs at is that one's (inheritance kept only the first)."""
    from fourhundred.spec.registry import load

    names = ("band-late/*/60", "value-late/*/8")
    rules = load("qahwa-400")
    engine = planted.planted(names).reference(rules).fast
    plain = planted.Planted("none", ()).reference(rules).fast
    bugs = [planted.by_name(name).reference(rules).fast for name in names]
    asked: list[tuple[str, tuple[int, ...]]] = [("band", (score,)) for score in range(200)]
    asked += [
        ("bid_value", (bid, own, max(own, 60)))
        for bid in range(rules.min_bid, 14)
        for own in (0, 30, 59, 60, 61, 100)
    ]
    shown = [0, 0]
    for method, inputs in asked:
        expected = getattr(plain, method)(*inputs)
        answers = [getattr(bug, method)(*inputs) for bug in bugs]
        departing = [i for i, answer in enumerate(answers) if answer != expected]
        if len(departing) == 1:
            (index,) = departing
            shown[index] += 1
            assert getattr(engine, method)(*inputs) == answers[index], (names[index], inputs)
    assert all(shown), shown


class _Answers(dict[tuple[tuple[str, ...], str], "str | None"]):
    """Combined answers' digests for :func:`diagnosis._cover`, by a table: the bugs
    played together (by name, in any order) and the run key -> digest; a pass else."""

    def __init__(self, table: dict[tuple[frozenset[str], str], str]) -> None:
        super().__init__()
        self.table = table

    def __contains__(self, key: object) -> bool:
        return True

    def __getitem__(self, key: tuple[tuple[str, ...], str]) -> str | None:
        names, run = key
        return self.table.get((frozenset(names), run))


def _synthetic_cover(
    failing: dict[str, str],
    candidates: dict[str, tuple[set[str], set[str]]],
    together: dict[tuple[frozenset[str], str], str],
    kind_of: Callable[[str], str] = lambda key: "bid_value",
) -> diagnosis.Diagnosis:
    """The cover of failing runs (key -> the engine's digest, ``kind_of`` its kind) by
    candidates (name -> the runs it fails, those it fails with the engine's answer),
    with the combined answers of ``together``."""
    runs = {
        key: Run({"id": key, "kind": kind_of(key), "input": {"n": key}, "expected": {}}, "v")
        for key in failing
    }
    outcomes = [Outcome(run, "fail", "wrong", {}) for run in runs.values()]
    found = [
        diagnosis_evidence.Candidate(
            mutants.Mutant(name, name), frozenset(hits), frozenset(exact), 1.0, len(hits), order
        )
        for order, (name, (hits, exact)) in enumerate(candidates.items())
    ]
    digests = {f"{key}@v": digest for key, digest in failing.items()}
    table = {(names, f"{key}@v"): digest for (names, key), digest in together.items()}
    covered, _ = diagnosis._cover(outcomes, found, digests, _Answers(table))
    return covered


def test_a_failure_two_chosen_causes_give_together_is_theirs_though_neither_fails_it() -> None:
    """Two bugs may fail a run neither fails alone: where the chosen causes played
    together answer it as the engine does, it is theirs, and no mutant that merely
    fails it (found by cases) is named for it."""
    bug_a, bug_b, lookalike = (mutant.name for mutant in mutants.MUTANTS[:3])
    both = frozenset({bug_a, bug_b})
    found = _synthetic_cover(
        {"a": "A", "b": "B", "x": "X", "y": "Y"},
        {
            bug_a: ({"a@v"}, {"a@v"}),
            bug_b: ({"b@v"}, {"b@v"}),
            lookalike: ({"x@v", "y@v"}, set()),
        },
        {(both, "x"): "X", (both, "y"): "Y", (both, "a"): "A", (both, "b"): "B"},
    )
    assert [(c.point, c.match) for c in found.causes] == [(bug_a, "exact"), (bug_b, "exact")]
    assert sorted(key for c in found.causes for key in c.explains) == ["a@v", "b@v", "x@v", "y@v"]
    assert found.unexplained == ()


def test_a_failure_a_chosen_cause_fails_with_another_answer_stays_its_own() -> None:
    """A cause found by exact answers that fails more runs with other answers (a family
    on runs crossing several of its parameters) keeps them: a mutant that merely fails
    them as well is no second cause."""
    family, lookalike = (mutant.name for mutant in mutants.MUTANTS[:2])
    exact = {"r1@v", "r2@v", "r3@v"}
    crossing = {"r4@v", "r5@v"}
    found = _synthetic_cover(
        {"r1": "1", "r2": "2", "r3": "3", "r4": "4", "r5": "5"},
        {family: (exact | crossing, exact), lookalike: (set(crossing), set())},
        {},
    )
    assert [(c.point, c.match) for c in found.causes] == [(family, "exact")]
    assert len(found.causes[0].explains) == 5 and found.unexplained == ()


@pytest.mark.parametrize("match", ["cases", "exact"])
def test_a_cause_chosen_beside_others_does_not_refute_them(
    match: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run a cause found by exact answers disagrees on is borne out when the causes
    found by exact answers (or all but one other), played together, answer it as the
    engine does, even if another chosen cause (found by failing cases only, or by
    answers of its own), played with them, changes that answer."""
    bug_a, bug_b, lookalike = (mutant.name for mutant in mutants.MUTANTS[:3])
    failing = {"a1": "A", "a2": "A", "b1": "B", "b2": "B", "w": "W", "c1": "C", "c2": "C"}
    runs = {
        key: Run({"id": key, "kind": "bid_value", "input": {"n": key}, "expected": {}}, "v")
        for key in failing
    }

    def answer(bugs: Sequence[mutants.Mutant], run: Run) -> str | None:
        names = {bug.name for bug in bugs}
        if run.id == "w":
            return "changed" if lookalike in names else "W" if {bug_a, bug_b} <= names else "x"
        mine = {"a": bug_a, "b": bug_b, "c": lookalike}.get(run.id[0])
        if mine == lookalike and match == "cases":
            return "other" if mine in names else None  # it fails c1, c2 with other answers
        return failing[run.id] if mine in names else None

    monkeypatch.setattr(diagnosis, "_combined_answer_digest", answer)

    def candidate(
        name: str, hits: set[str], exact: set[str], order: int
    ) -> diagnosis_evidence.Candidate:
        keys = frozenset(f"{key}@v" for key in hits)
        return diagnosis_evidence.Candidate(
            mutants.Mutant(name, name),
            keys,
            frozenset(f"{key}@v" for key in exact),
            1.0,
            len(keys),
            order,
            changes=keys,
            disagrees=keys - frozenset(f"{key}@v" for key in exact),
        )

    candidates = [
        candidate(bug_a, {"a1", "a2", "w"}, {"a1", "a2"}, 0),
        candidate(bug_b, {"b1", "b2"}, {"b1", "b2"}, 1),
        dataclasses.replace(
            candidate(lookalike, {"c1", "c2"}, {"c1", "c2"} if match == "exact" else set(), 2),
            disagrees=frozenset(),
        ),
    ]
    outcomes = [Outcome(run, "fail", "wrong", {}) for run in runs.values()]
    digests = {f"{key}@v": digest for key, digest in failing.items()}
    found = diagnosis._consistent_cover(outcomes, outcomes, candidates, digests)
    assert [(c.point, c.match) for c in found.causes][:2] == [(bug_a, "exact"), (bug_b, "exact")]
    assert "w@v" in found.causes[0].explains
    assert (lookalike, match) in [(c.point, c.match) for c in found.causes]


def test_a_mutant_alike_a_cause_is_listed_though_it_lost_a_later_round() -> None:
    """Two mutants failing the very same runs alike are one cause listing the other as
    alike, though the other, tried again for the whole games the first matches only by
    their first divergence (a second bug shows later), was dropped there."""
    cause, twin = (mutant.name for mutant in mutants.MUTANTS[:2])
    failing = {"r1": "1", "r2": "2", "g1": "G", "g2": "H"}
    runs = set(failing)
    found = _synthetic_cover(
        failing,
        {cause: ({f"{k}@v" for k in runs},) * 2, twin: ({f"{k}@v" for k in runs},) * 2},
        {},
        kind_of=lambda key: "whole_game" if key.startswith("g") else "bid_value",
    )
    assert [(c.point, c.alike) for c in found.causes] == [(cause, (twin,))]
    assert len(found.causes[0].explains) == 4


def test_owner_of_a_failure_no_chosen_cause_fails_alone_is_one_it_needs() -> None:
    """The owner is the first chosen cause that fails the run alone; where none does,
    the first without which the others do not answer it so; none if together they
    do not answer it as the engine does."""
    chosen = [
        diagnosis_evidence.Candidate(mutants.Mutant(name, name), hits, hits, 1.0, 1, order)
        for order, (name, hits) in enumerate(
            (("a", frozenset({"r@v"})), ("b", frozenset()), ("c", frozenset()))
        )
    ]
    run = Run({"id": "s", "kind": "bid_value", "input": {}, "expected": {}}, "v")

    def combined(bugs: object, on: Run) -> str | None:
        names = {bug.name for bug in bugs}  # type: ignore[attr-defined]
        return "X" if {"b", "c"} <= names else None

    assert diagnosis._owner(chosen, run, "X", combined) == "b"
    assert diagnosis._owner(chosen, run, "Y", combined) is None
    touched = Run({"id": "r", "kind": "bid_value", "input": {}, "expected": {}}, "v")
    assert diagnosis._owner(chosen, touched, "X", combined) == "a"


def test_a_planted_engine_is_the_same_whatever_order_its_bugs_are_listed_in() -> None:
    """Where two bugs depart at one input (bid 7's value with a score on a band edge),
    the engine of both answers alike in either order: the diagnosis plays its causes
    together in the order it chose them, which need not be the planted order."""
    from fourhundred.spec.registry import load

    names = ("band-early/*/30", "value-early/*/7")
    for variant in ("qahwa-400", "pagat-41"):
        rules = load(variant)
        one = planted.planted(names).reference(rules).fast
        other = planted.planted(names[::-1]).reference(rules).fast
        asked = [
            (bid, own, high)
            for bid in range(rules.min_bid, 14)
            for own in (-10, 0, 28, 29, 30, 31, 50)
            for high in (own, 30, 60)
        ]
        assert [one.bid_value(*inputs) for inputs in asked] == [
            other.bid_value(*inputs) for inputs in asked
        ], variant


def _unmodelled_engines() -> list[mutants.Mutant]:
    """Engines whose bugs no mutant of the dictionary plays (the fuzzer's wrong adapters,
    in process): their failures must stay unexplained, never be given to a mutant whose
    answers merely coincide with theirs on a few runs."""
    from fuzz_adapters.exact_target import BeyondTarget
    from fuzz_adapters.two_end_bugs import TwoEndBugs
    from fuzz_adapters.two_scoring_bugs import TwoScoringBugs

    return [
        mutants.Mutant("beyond-target", "on the target does not qualify", fast=BeyondTarget),
        mutants.Mutant("two-end-bugs", "on the target does not; 0 is above 0", fast=TwoEndBugs),
        mutants.Mutant("two-scoring-bugs", "made 13 scores 13; -1 halves", fast=TwoScoringBugs),
    ]


@pytest.mark.parametrize("engine", _unmodelled_engines(), ids=lambda engine: engine.name)
def test_an_engine_whose_bug_no_mutant_models_gets_no_false_cause_and_its_failures_unexplained(
    engine: mutants.Mutant, runs: list[Run]
) -> None:
    outcomes = planted.outcomes(engine, runs)
    failing = tuple(outcome.key for outcome in outcomes if outcome.status == "fail")
    assert failing, f"{engine.name} fails no case: the test would prove nothing"
    found = diagnosis.diagnose(outcomes)
    assert [cause.point for cause in found.causes] == []
    assert found.unexplained == failing


def test_a_cause_whose_mutant_fails_a_run_the_engine_passes_is_refuted(runs: list[Run]) -> None:
    """A planted bug's failures, less one run its mutant fails that the engine is made to
    pass: the prediction is refuted, and no other mutant explains those failures exactly."""
    engine = planted.planted(("band-late/qahwa-400/30",))
    outcomes = planted.outcomes(engine, runs)
    whole = diagnosis.diagnose(outcomes)
    assert [cause.point for cause in whole.causes] == ["band-late/qahwa-400/30"]
    spared = whole.causes[0].explains[0]
    edited = [Outcome(o.run, "pass") if o.key == spared else o for o in outcomes]
    found = diagnosis.diagnose(edited)
    assert "band-late/qahwa-400/30" not in [cause.point for cause in found.causes]


def _fail_double() -> mutants.Mutant:
    """An engine bug no mutant models: a failed bid of 11 or more costs double."""
    from fourhundred.reference.fast import FastRules

    class FailDouble(FastRules):
        def score_change(self, bid: int, tricks: int, own: int, high: int) -> int:
            change = super().score_change(bid, tricks, own, high)
            return 2 * change if tricks < bid and bid >= 11 else change

    return mutants.Mutant("fail-double", "a failed bid of 11 or more costs double", fast=FailDouble)


def _beside_unmodelled(unmodelled: mutants.Mutant, names: tuple[str, ...], runs: list[Run]) -> None:
    """The engine of a bug no mutant models and of the modelled ``names``: the diagnosis
    names exactly ``names``, found by exact answers, and every failure of the unmodelled
    bug alone that no modelled one fails as well, and the engine fails too (a modelled
    bug may undo it), stays unexplained."""
    engine = planted.Planted(
        " + ".join((unmodelled.name, *names)), (unmodelled, *map(planted.by_name, names))
    )
    alone = {o.key for o in planted.outcomes(unmodelled, runs) if o.status == "fail"}
    modelled = {o.key for o in planted.outcomes(planted.planted(names), runs) if o.status == "fail"}
    assert alone - modelled, f"{unmodelled.name} shows nowhere: the test would prove nothing"
    outcomes = planted.outcomes(engine, runs)
    found = diagnosis.diagnose(outcomes)
    named = [{cause.point, *cause.alike} for cause in found.causes]
    assert len(found.causes) == len(names), [(c.point, c.match) for c in found.causes]
    for name in names:
        assert any(name in group for group in named), [c.point for c in found.causes]
    assert all(cause.match == "exact" for cause in found.causes)
    failing = {o.key for o in outcomes if o.status == "fail"}
    assert (alone - modelled) & failing <= set(found.unexplained)


def _unmodelled(name: str) -> Callable[[], mutants.Mutant]:
    """The bug no mutant models of that name: :func:`_unmodelled_engines`' or ``fail-double``."""

    def build() -> mutants.Mutant:
        every = {engine.name: engine for engine in [*_unmodelled_engines(), _fail_double()]}
        return every[name]

    build.__name__ = f"_{name}"
    return build


#: The bugs no mutant models that a modelled one is planted beside.
UNMODELLED = ("beyond-target", "fail-double", "two-end-bugs", "two-scoring-bugs")


def _cross(rng: random.Random) -> list[tuple[str, str]]:
    """Every mix of a bug no mutant models and a modelled one: of every point family of
    :data:`planted.PLANTED` one bug (drawn with ``rng``, per mix), crossed with each of
    :data:`UNMODELLED`."""
    names = sorted({name for bugs in planted.PLANTED for name in bugs})
    families: dict[str, list[str]] = {}
    for name in names:
        families.setdefault(name.split("/")[0], []).append(name)
    return [(u, rng.choice(families[f])) for f in sorted(families) for u in UNMODELLED]


#: The whole cross of :func:`_cross` (seed 20), in its order: measured one mix a line by
#: ``tools/beside_cross.py`` (it holds stop 35's seeded sample of 16). On 0c44aee: 76
#: exact, 12 missed (2 with a false cause); on b356152, all 88: 82 exact, the 6
#: strict xfails of :data:`MISSED` missed, no false cause.
CROSS = _cross(random.Random(20))


#: Bugs no mutant models, each beside modelled ones: stop 34's misses (``made/*`` refuted
#: by the runs both bugs show on, and a false cause found by failing cases only; a small
#: cause dropped beside a big bug no mutant models), then the whole cross (select with
#: ``-k``, e.g. ``-k "modelled_bug_beside and beyond-target"``).
BESIDE = (
    (_unmodelled("fail-double"), ("made/*",)),
    (_unmodelled("fail-double"), ("leader/qahwa-400", "made/*")),
    (_unmodelled("two-scoring-bugs"), ("made/*",)),
    (_unmodelled("two-end-bugs"), ("leader/qahwa-400",)),
    *((_unmodelled(unmodelled), (name,)) for unmodelled, name in CROSS),
)

#: Mixes of :data:`BESIDE` still missed (strict: a fix makes them pass and fail here).
_MASKED = (
    "the bug no mutant models undoes the modelled one on most runs its mutant fails (the "
    "engine passes them: 7 of 12 for both-qualify/pagat-41, 7 of 8 for "
    "partner-ignored/medallon-400, 20 of 31 for partner-ignored/arab3meyeh-400), and a "
    "pass refutes a cause borne out exactly on no more runs than it is not (5, 1 and 3 "
    "exact answers): an imitator looks so too"
)
_TARGET = (
    "a target off by one beside a bug about the target: it answers its failures exactly "
    "(21 of 21 for off-by-one/medallon-400/target=42, 63 of 70 for "
    "off-by-one/arab3meyeh-400/target=40), but another mutant of its rule answers one of "
    "the target bug's, so it is doubtful, and it predicts fewer than stay unexplained"
)
MISSED: dict[tuple[str, tuple[str, ...]], str] = {
    ("beyond-target", ("both-qualify/pagat-41",)): _MASKED,
    ("two-end-bugs", ("both-qualify/pagat-41",)): _MASKED,
    ("beyond-target", ("partner-ignored/medallon-400",)): _MASKED,
    ("two-end-bugs", ("partner-ignored/arab3meyeh-400",)): _MASKED,
    ("two-end-bugs", ("off-by-one/medallon-400/target=42",)): _TARGET,
    ("beyond-target", ("off-by-one/arab3meyeh-400/target=40",)): _TARGET,
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("unmodelled", "names"),
    [
        pytest.param(
            f,
            names,
            id=f"{f.__name__[1:]} + {' + '.join(names)}",
            marks=[pytest.mark.xfail(strict=True, reason=MISSED[(f.__name__[1:], names)])]
            if (f.__name__[1:], names) in MISSED
            else [],
        )
        for f, names in BESIDE
    ],
)
def test_a_modelled_bug_beside_one_no_mutant_models_is_named_and_no_false_cause(
    unmodelled: Callable[[], mutants.Mutant], names: tuple[str, ...], runs: list[Run]
) -> None:
    """Where both bugs show on a run, the engine's answer is neither mutant's: those few
    runs do not refute a cause its many exact answers bear out, and the unmodelled bug's
    failures stay unexplained, not given to a mutant that merely fails them too."""
    _beside_unmodelled(unmodelled(), names, runs)


def test_a_bug_no_mutant_models_beside_a_modelled_one_gets_no_false_cause(
    runs: list[Run],
) -> None:
    """A failed bid of 11 or more costing double, beside ``made/qahwa-400``: no mutant that
    merely fails runs the modelled bug's failures show on becomes a cause (it did:
    ``flip/qahwa-400/play_order=clockwise``, by failing cases), and the unmodelled bug's
    own failures stay unexplained. (That the modelled cause is named here too is open:
    its 131-odd predictions are fewer than the unexplained failures of its kinds.)"""
    unmodelled = _fail_double()
    engine = planted.Planted(
        "fail-double + made/qahwa-400", (unmodelled, planted.by_name("made/qahwa-400"))
    )
    alone = {o.key for o in planted.outcomes(unmodelled, runs) if o.status == "fail"}
    found = diagnosis.diagnose(planted.outcomes(engine, runs))
    assert {cause.point for cause in found.causes} <= {"made/qahwa-400"}
    assert all(cause.match == "exact" for cause in found.causes)
    assert alone - {k for c in found.causes for k in c.explains} <= set(found.unexplained)


def test_a_rule_is_one_key_across_rule_sets_parameters_and_crossings() -> None:
    key = diagnosis_evidence.rule_key
    assert (
        key("flip/pagat-41(double_from=5)/fail_penalty=tricks")
        == key("below-zero/flip/pagat-400/fail_penalty=tricks")
        == key("flip/*/fail_penalty=tricks")
        == "flip/fail_penalty"
    )
    assert key("band-late/qahwa-400/30") == key("band-late/*/*") == "band-late"
    assert key("off-by-one/qahwa-400/target=42") == key("off-by-one/*/target+1")
    assert key("leader/qahwa-400") == key("leader/*") != key("dealer/qahwa-400")
    assert key(mutants.MUTANTS[0].name) is None  # a hand-written mutant: its own rule
    # An option point's rule is its option: one option ignored is no other one ignored.
    assert (
        key("option/qahwa-400(table=classic)")
        == key("below-zero/option/qahwa-400(table=classic)")
        != key("option/pagat-41(house,fail_penalty=tricks)")
    )
    assert key("option/qahwa-400(total=12)") == key("option/qahwa-400(total=13)")
    # An option of one field ignored reads that field at its base value: its flip.
    assert key("option/pagat-41(house,fail_penalty=tricks)") == key("flip/*/fail_penalty=value")


def test_a_cause_whose_exact_answers_only_echo_another_causes_runs_is_refuted() -> None:
    """``q`` answers exactly only a run ``p``'s mutant changes too: unless ``p`` and ``q``
    played at once answer it as the engine does (a second bug shows with the first), the
    engine's answer there is ``p``'s change altered by a bug no mutant models, which ``q``
    happens to give alone (thirteen-scores/qahwa-400(table=classic) beside the option
    ignored and a made 13 scoring 13). A run no other cause changes is ``q``'s own."""
    run = Run({"id": "r", "kind": "hand_scoring", "input": {}, "expected": {}}, "v")
    other = Run({"id": "s", "kind": "hand_scoring", "input": {}, "expected": {}}, "v")
    runs = {run.key: run, other.key: other}
    p = dataclasses.replace(_plain("p", {"x@v"}), changes=frozenset({"r@v", "x@v"}))
    q = _plain("q", {"r@v"})
    chosen = [p, q]
    echo = {(("p", "q"), "r@v"): "neither"}
    assert diagnosis._echoes(q, chosen, runs, {"r@v": "engine"}, echo)
    both = {(("p", "q"), "r@v"): "engine"}
    assert not diagnosis._echoes(q, chosen, runs, {"r@v": "engine"}, both)
    own = _plain("q", {"r@v", "s@v"})
    assert not diagnosis._echoes(own, [p, own], runs, {"r@v": "engine"}, dict(echo))


def _cause(point: str, explains: tuple[str, ...], match: Match = "exact") -> diagnosis.Cause:
    return diagnosis.Cause(point, "", "", "", explains, len(explains), match, explains[:1])


def _plain(name: str, exact: set[str], predicted: int = 1) -> diagnosis_evidence.Candidate:
    keys = frozenset(exact)
    return diagnosis_evidence.Candidate(mutants.Mutant(name, name), keys, keys, 1.0, predicted, 0)


def test_a_cause_is_doubtful_where_another_mutant_of_its_rule_answers_another_failure() -> None:
    """``leader/qahwa-400``'s rule shown elsewhere (``leader/pagat-41`` answers a failure it
    neither explains nor fails) makes it a cause a bug no mutant models may imitate; not
    where its rule's other mutants answer only failures its mutant fails (``c``, which
    another cause explains). A cause found by failing cases only is always doubtful; a
    hand-written mutant is a rule of its own, doubtful only so (``qahwa-9-worth-26``,
    35 exact answers of 35, was dropped beside every bug no mutant models)."""
    cause = _cause("leader/qahwa-400", ("a@v", "b@v"))
    covered = diagnosis.Diagnosis((cause, _cause("made/*", ("c@v",))), ("x@v",))
    alone = [_plain("leader/qahwa-400", {"a@v", "b@v", "c@v"}), _plain("leader/*", {"a@v", "c@v"})]
    assert diagnosis_evidence.imitated(covered, alone) == set()
    shown = [*alone, _plain("leader/pagat-41", {"x@v"})]
    assert diagnosis_evidence.imitated(covered, shown) == {"leader/qahwa-400"}
    unrelated = [*alone, _plain("dealer/pagat-41", {"x@v"})]
    assert diagnosis_evidence.imitated(covered, unrelated) == set()
    hand = mutants.MUTANTS[0].name
    weak = diagnosis.Diagnosis((_cause(hand, ("a@v",)), _cause("made/*", ("b@v",), "cases")))
    assert diagnosis_evidence.imitated(weak, []) == {"made/*"}
    by_cases = diagnosis.Diagnosis((_cause(hand, ("a@v",), "cases"),))
    assert diagnosis_evidence.imitated(by_cases, []) == {hand}
    # Found only played with another cause: its mutant alone answers nothing exactly
    # (option/pagat-400(thirteen_precedence=points_first) beside beyond-target + failed/*).
    joint = diagnosis.Diagnosis((_cause("dealer/qahwa-400", ("a@v",)),))
    assert diagnosis_evidence.imitated(joint, [_plain("dealer/qahwa-400", set())]) == {
        "dealer/qahwa-400"
    }


def test_a_small_cause_no_unmodelled_bug_imitates_stands_beside_many_unexplained() -> None:
    """Beside more unexplained failures of its kind than it predicts, a cause stands if
    no bug imitates its rule, and its failures join the unexplained ones if one may."""
    runs = {
        key: Run({"id": key, "kind": "whole_game", "input": {}, "expected": {}}, "v")
        for key in ("a", "b", "x", "y", "z")
    }
    failures = [Outcome(run, "fail", "wrong", {}) for run in runs.values()]
    cause = _cause("leader/qahwa-400", ("a@v", "b@v"))
    covered = diagnosis.Diagnosis((cause,), ("x@v", "y@v", "z@v"))
    chosen = {"leader/qahwa-400": _plain("leader/qahwa-400", {"a@v", "b@v"}, predicted=2)}
    kept = diagnosis_evidence.demote_weak(covered, chosen, failures, set())
    assert kept == covered
    dropped = diagnosis_evidence.demote_weak(covered, chosen, failures, {"leader/qahwa-400"})
    assert dropped.causes == () and set(dropped.unexplained) == {f"{k}@v" for k in runs}


def test_the_disagreements_expected_beside_a_bug_follow_the_unexplained_share_per_kind() -> None:
    """A mutant failing 2 of 10 runs of a kind, beside 4 unexplained failures among the 8
    others (half): a second bug as frequent would change 1 of its 2; none with nothing
    unexplained."""
    runs = [
        Run({"id": f"r{i}", "kind": "bid_value", "input": {}, "expected": {}}, "v")
        for i in range(10)
    ]
    outcomes = [Outcome(run, "fail" if i < 6 else "pass", "", {}) for i, run in enumerate(runs)]
    rates = diagnosis_evidence.Rates.of(outcomes)
    mine = frozenset({"r0@v", "r1@v"})
    candidate = dataclasses.replace(_plain("m", set(mine)), changes=mine)
    remainder = {"r2@v", "r3@v", "r4@v", "r5@v"}
    assert rates.expected_beside(candidate, remainder) == 1.0
    assert rates.expected_beside(candidate, set()) == 0.0


def test_a_count_of_disagreements_refutes_only_when_improbably_many_beside_a_bug() -> None:
    """Beside a second bug that would change 1.9 of a cause's runs on average, 2 or 3
    runs answered otherwise are as likely as not (they refuted it when above the
    average), 8 are not; with none expected, one refutes."""
    beside = diagnosis_evidence.more_than_beside
    assert not beside(2, 1.9) and not beside(3, 1.9)
    assert beside(8, 1.9)
    assert beside(1, 0.0) and not beside(0, 0.0)
    assert not beside(219, 717.0) and beside(1000, 717.0)


def test_a_cause_no_bug_imitates_is_not_refuted_where_that_bug_hides_it() -> None:
    """A cause answered exactly on 10 runs and otherwise on 7, beside failures left
    unexplained: the bug no mutant models may be about its very cases (and hide it on
    each), so it stands, unless its rule is one that bug may imitate, nothing is left
    unexplained, or it is borne out less often than not."""
    cause = _plain("raise/arab3meyeh-400", {f"e{i}@v" for i in range(10)})
    refute = diagnosis_evidence.disagreements_refute
    assert not refute(cause, 7, 1.9, beside=True, doubtful=False)
    assert refute(cause, 7, 1.9, beside=True, doubtful=True)
    assert refute(cause, 7, 0.0, beside=False, doubtful=False)
    assert refute(cause, 11, 1.9, beside=True, doubtful=False)
    assert not refute(cause, 2, 1.9, beside=True, doubtful=True)


def test_a_pass_refutes_unless_a_bug_no_mutant_models_may_have_undone_the_cause_there() -> None:
    """band-late/qahwa-400/30 beside a made 13 scoring 13 and a -1 halving: 22 exact
    answers, and 2 runs the engine passes (the halving undoes the late band), about the
    1.6 such a bug changes there: it stands. A pass refutes a cause such a bug may
    imitate, one beside nothing unexplained, one borne out exactly on no more runs than
    it is not (16 of 16 here), and one whose passes are improbably many beside that bug
    (an imitator: option/pagat-41(house,fail_penalty=tricks), 16 exact and 15 passes
    where 1.35 were expected)."""
    cause = _plain("band-late/qahwa-400/30", {f"e{i}@v" for i in range(22)})
    refute = diagnosis_evidence.disagreements_refute
    assert not refute(cause, 0, 1.6, beside=True, doubtful=False, passes=2)
    assert refute(cause, 0, 1.6, beside=True, doubtful=True, passes=2)
    assert refute(cause, 0, 0.0, beside=False, doubtful=False, passes=1)
    assert refute(cause, 0, 1.6, beside=True, doubtful=False, passes=8)
    imitator = _plain("option/pagat-41(house,fail_penalty=tricks)", {f"e{i}@v" for i in range(16)})
    assert refute(imitator, 0, 1.35, beside=True, doubtful=False, passes=15)
    assert refute(imitator, 1, 20.0, beside=True, doubtful=False, passes=15)
    assert not refute(imitator, 1, 20.0, beside=True, doubtful=False)


def test_failures_a_weak_cause_takes_still_show_how_often_a_bug_no_mutant_models_fails() -> None:
    """The unexplained share that excuses a cause's disagreements is taken after the
    causes a bug no mutant models may fake are dropped: a cause found by failing cases
    only that took that bug's whole games (and so made its rate there nothing, and
    refuted ``dealer/*`` on the 4 games both bugs show in) leaves them unexplained."""
    runs = {
        key: Run({"id": key, "kind": kind, "input": {}, "expected": {}}, "v")
        for key, kind in (
            *((key, "whole_game") for key in ("a", "b", "c", "x", "y")),
            *((key, "game_outcome") for key in ("z", "w")),
        )
    }
    failures = [Outcome(run, "fail", "wrong", {}) for run in runs.values()]
    strong = _cause("dealer/*", ("a@v", "b@v", "c@v"))
    weak = _cause("pagat41-target-42", ("x@v", "y@v"), "cases")
    covered = diagnosis.Diagnosis((strong, weak), ("z@v", "w@v"))
    chosen = [
        _plain("dealer/*", {"a@v", "b@v", "c@v"}, predicted=3),
        dataclasses.replace(_plain("pagat41-target-42", set(), predicted=2), hits=frozenset()),
    ]
    left = diagnosis._left_unexplained(covered, set(), chosen, chosen, failures)
    assert left == {"x@v", "y@v", "z@v", "w@v"}
    assert diagnosis._left_unexplained(covered, {"dealer/*"}, chosen, chosen, failures) == {
        f"{key}@v" for key in runs
    }


def test_a_cause_stands_where_its_exact_answers_lie_in_kinds_the_unexplained_do_not_show() -> None:
    """A doubtful cause answering exactly one failure of a kind with nothing unexplained
    (a legal-bids run), and failing a whole game with another answer (where the bug no
    mutant models meets it), beside five unexplained hand scorings: that bug does not
    show where the cause's answer is, so it did not fake it, and the cause stands. It
    fell when every kind counted because it explains a whole game."""
    kinds = (
        ("l", "legal_bids"),
        ("w", "whole_game"),
        *((f"h{i}", "hand_scoring") for i in range(5)),
    )
    runs = {
        key: Run({"id": key, "kind": kind, "input": {}, "expected": {}}, "v") for key, kind in kinds
    }
    failures = [Outcome(run, "fail", "wrong", {}) for run in runs.values()]
    name = "band-early/pagat-400(rising_min=on)/30"
    cause = _cause(name, ("l@v", "w@v"))
    covered = diagnosis.Diagnosis((cause,), tuple(f"h{i}@v" for i in range(5)))
    chosen = {
        name: dataclasses.replace(
            _plain(name, {"l@v"}, predicted=2), hits=frozenset({"l@v", "w@v"})
        )
    }
    assert diagnosis_evidence.demote_weak(covered, chosen, failures, {name}) == covered
    hidden = dataclasses.replace(chosen[name], exact=frozenset({"w@v"}))
    dropped = diagnosis_evidence.demote_weak(covered, {name: hidden}, failures, {name})
    assert dropped.causes == ()


def test_bugs_that_build_one_engine_under_a_runs_variant_are_played_there_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Within one diagnosis a point and its lifted point (the same change under the
    point's rule set) answer a run of that rule set alike: it is played once; outside
    a diagnosis nothing is kept."""
    by_name = diagnosis._all_candidates()
    point = by_name["flip/pagat-41/value_scale=one_per_trick"][1]
    lifted = by_name["flip/*/value_scale=one_per_trick"][1]
    pagat = planted.rules_of("pagat-41")
    assert planted.Planted("p", (point,)).parts(pagat) == planted.Planted("l", (lifted,)).parts(
        pagat
    )
    assert planted.Planted("p", (point,)).parts(planted.rules_of("qahwa-400")) is None
    runs = (
        Run(c, "pagat-41")
        for c in suite.load_cases()
        if c["kind"] == "bid_value" and "pagat-41" in c["variants"]
    )
    run = next(r for r in runs if planted.outcomes(point, [r])[0].status == "fail")
    played: list[str] = []
    answer = planted.answer

    def counted(engine: planted.Planted | mutants.Mutant, run: Run) -> object:
        played.append(engine.name)
        return answer(engine, run)

    monkeypatch.setattr(planted, "answer", counted)
    scope = diagnosis._BY_ENGINE.set({})
    try:
        first = diagnosis._combined_answer_digest([point], run)
        assert first is not None
        assert diagnosis._combined_answer_digest([lifted], run) == first
    finally:
        diagnosis._BY_ENGINE.reset(scope)
    assert played == [point.name]
    assert diagnosis._combined_answer_digest([lifted], run) == first
    assert played == [point.name, lifted.name]
