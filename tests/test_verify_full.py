"""Whole runs of the verifier: every variant's default reading, and the full run CI makes (~1 min)."""

from __future__ import annotations

from fourhundred.spec.registry import names
from fourhundred.verify import run


def test_on_the_default_readings_only_the_unbounded_own_minimum_fails_an_invariant() -> None:
    # "name()" is one reading (the defaults); a bare name would be all its readings.
    report = run([f"{name}()" for name in names()])
    failed = {(f.check.id, str(f.rules)) for f in report.failed}
    assert failed == {
        ("some-legal-bid-always-exists", "medallon-400"),
        ("some-legal-bid-always-exists", "arab3meyeh-400"),
    }
    assert all(f.decision.verdict != "unknown" for f in report.findings)


def test_every_invariant_failure_of_the_full_run_is_a_liveness_refutation_with_a_witness_game() -> (
    None
):
    report = run(jobs=2)
    assert all(f.decision.verdict != "unknown" for f in report.findings)
    for finding in report.failed:
        assert finding.check.group == "liveness"
        assert finding.decision.verdict == "refuted"
        assert finding.decision.witness is not None
    failed = {(f.check.id, str(f.rules)) for f in report.failed}
    assert ("some-bids-let-the-hand-proceed", "arab3meyeh-400(table_comparison=exactly)") in failed
    assert ("some-bids-let-the-hand-proceed", "arab3meyeh-400(own_min_cap=13)") in failed
    assert ("some-legal-bid-always-exists", "medallon-400(own_min_cap=13)") not in failed
