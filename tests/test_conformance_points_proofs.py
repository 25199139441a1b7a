"""The Z3 verdicts on the crossed points the point search could not kill
(``conformance/points_unseen.json``): current, re-provable, and able to find a witness."""

from __future__ import annotations

import json

import pytest

from fourhundred.conformance import compare, kinds, points, points_proofs
from fourhundred.conformance.points_base import unseen
from fourhundred.spec.registry import load


def test_the_committed_verdicts_are_current() -> None:
    committed = points_proofs.read()
    assert committed, "no points_unseen.json: python -m fourhundred.conformance.points_proofs"
    assert committed["fingerprint"] == points_proofs.fingerprint(), (
        "points_unseen.json is stale: python -m fourhundred.conformance.points_proofs"
    )
    assert set(committed["points"]) == set(unseen())
    counts: dict[str, int] = {}
    for entry in committed["points"].values():
        counts[entry["verdict"]] = counts.get(entry["verdict"], 0) + 1
    assert committed["counts"] == counts


def test_every_committed_witness_kills_its_point() -> None:
    """An ``observable`` verdict's question fails under the point's mutant (and is valid)."""
    searched = {entry.point.id: entry for entry in points_proofs.searched()}
    for point_id, verdict in points_proofs.decided().items():
        if verdict.verdict != "observable":
            continue
        assert verdict.witness is not None
        entry = searched[point_id]
        kind = kinds.kind(verdict.witness["kind"])
        data = verdict.witness["input"]
        assert kind.is_valid(entry.rules, data)
        expected = json.loads(json.dumps(kind.spec_answer(entry.rules, data)))
        answer = kind.fast_answer(entry.point.mutant.reference(entry.rules), data)
        assert compare.compare(kind.name, expected, json.loads(json.dumps(answer))), point_id


def _planted(point_id: str) -> points_proofs.Searched:
    """A crossed point the suite kills, as if the point search had not found it."""
    point = points.by_id()[point_id]
    crossing, _, base = point_id.partition("/")
    return points_proofs.Searched(point, crossing, points.by_id()[base], load(point.rule_sets[0]))


def test_a_planted_observable_point_gets_its_witness() -> None:
    """The own minimum one lower below zero is observable: the prover finds a question
    with a score of -30 or below that the point's mutant answers otherwise."""
    entry = _planted("below-zero/off-by-one/qahwa-400/min_bid=1")
    verdict = points_proofs.decide(entry)
    assert verdict.verdict == "observable", verdict
    assert verdict.witness is not None
    data = verdict.witness["input"]
    assert min(v for key, v in data.items() if key.endswith("score")) <= -30
    kind = kinds.kind(verdict.witness["kind"])
    answer = kind.fast_answer(entry.point.mutant.reference(entry.rules), data)
    assert compare.compare(kind.name, kind.spec_answer(entry.rules, data), answer)


def test_a_proof_is_over_every_score_not_a_grid() -> None:
    """A below-zero own minimum that never rises is proved unobservable under qahwa (a
    score of -30 or below is in band 0, where the own minimum is the base), with the
    gated methods named in the argument."""
    entry = next(
        e
        for e in points_proofs.searched()
        if e.point.id == "below-zero/flip/qahwa-400/own_min_rises=false"
    )
    verdict = points_proofs.decide(entry)
    assert verdict.verdict == "proved-unobservable", verdict
    for method in points_proofs.gated_methods("below-zero"):
        assert method in verdict.argument


def test_the_lemmas_a_changed_method_reaches_are_not_used() -> None:
    """A mutant that changes ``points_result`` is summarised by the lemmas below it,
    never by ``points_result``'s own; one that changes ``band`` loses ``table_minimum``."""
    uses = points_proofs.usable(("scores_after", "points_result"), frozenset({"points_result"}))
    assert "points_result" not in uses and "qualifies" in uses and "scores_after" in uses
    assert points_proofs.usable(("table_minimum",), frozenset({"band"})) == ()


@pytest.mark.slow
def test_every_verdict_is_proved_again() -> None:
    """Every unseen point decided again in this process gives the committed verdict."""
    again = {v.id: v.as_json() for v in points_proofs.decide_all()}
    committed = points_proofs.read()["points"]
    assert again == committed
