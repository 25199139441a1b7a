"""Diagnosis: the fault dictionary is current, a correct engine gets no diagnosis, and
the diagnosis of an engine with planted bugs names exactly those bugs."""

from __future__ import annotations

import random

import pytest

from fourhundred.conformance import diagnosis, faults, isolation, mutants, planted, points
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import Run


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


def test_there_are_at_least_twenty_planted_pairs_and_five_triples() -> None:
    sizes = [len(names) for names in planted.PLANTED]
    assert sizes.count(2) >= 20 and sizes.count(3) >= 5


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
