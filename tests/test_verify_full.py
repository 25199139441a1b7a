"""Whole runs of the verifier: every variant's default reading, and the full run (the committed ledger)."""

from __future__ import annotations

import pytest

from fourhundred.spec.registry import load, names
from fourhundred.verify import Report, ledger, run
from fourhundred.verify.results import SourceReading


def _refuted_invariants(report: Report) -> set[tuple[str, str]]:
    return {
        (f.check.id, str(f.rules))
        for f in report.findings
        if f.check.kind == "invariant" and f.decision.verdict == "refuted"
    }


#: The refuted invariants of the default readings, each documented by the unbounded own minimum.
DEFAULT_REFUTED = {
    ("some-legal-bid-always-exists", "medallon-400"),
    ("some-legal-bid-always-exists", "arab3meyeh-400"),
}


def test_in_the_committed_ledger_only_the_unbounded_own_minimum_breaks_an_invariant_of_a_default_reading() -> (
    None
):
    """The quick twin of the fresh run below (``slow``): the same property read from the
    committed ledger, which the default run holds current (every fingerprint, a subset
    decided again to the byte: ``tests/test_verify_ledger.py``)."""
    defaults = {str(load(f"{name}()")) for name in names()}
    rows = [row for row in ledger.load()["findings"] if row["reading"] in defaults]
    assert {row["reading"] for row in rows} == defaults
    assert all(row["outcome"] != "failed" and row["verdict"] != "unknown" for row in rows)
    refuted = [row for row in rows if row["kind"] == "invariant" and row["verdict"] == "refuted"]
    assert {(row["id"], row["reading"]) for row in refuted} == DEFAULT_REFUTED
    for row in refuted:
        assert row["outcome"] == "source finding"
        assert row["documented_by"] == {"ambiguity": "own-minimum-growth", "reading": "unbounded"}


@pytest.mark.slow
def test_on_the_default_readings_only_the_unbounded_own_minimum_breaks_an_invariant_as_documented() -> (
    None
):
    # "name()" is one reading (the defaults); a bare name would be all its readings.
    report = run([f"{name}()" for name in names()])
    assert report.failed == ()
    assert _refuted_invariants(report) == DEFAULT_REFUTED
    for finding in report.findings:
        if finding.check.kind == "invariant" and finding.decision.verdict == "refuted":
            assert finding.outcome == "source finding"
            assert finding.documented_by == SourceReading("own-minimum-growth", "unbounded")
    assert all(f.decision.verdict != "unknown" for f in report.findings)


def test_every_invariant_refutation_of_the_full_run_is_a_documented_liveness_finding_with_a_witness_game() -> (
    None
):
    # The full run is the committed ledger, which tests/test_verify_ledger.py
    # confirms to the byte against a fresh run (`fourhundred verify --check`).
    rows = ledger.load()["findings"]
    assert all(row["verdict"] != "unknown" for row in rows)
    assert not [row for row in rows if row["outcome"] == "failed"]
    refuted = {
        (row["id"], row["reading"])
        for row in rows
        if row["kind"] == "invariant" and row["verdict"] == "refuted"
    }
    for row in rows:
        if (row["id"], row["reading"]) in refuted:
            assert row["group"] == "liveness"
            assert row["documented_by"] is not None
            assert row["witness"] is not None
    assert ("some-bids-let-the-hand-proceed", "arab3meyeh-400(table_comparison=exactly)") in refuted
    assert ("some-bids-let-the-hand-proceed", "arab3meyeh-400(own_min_cap=13)") in refuted
    assert ("some-bids-let-the-hand-proceed", "qahwa-400(table_min_cap=unbounded)") in refuted
    assert ("some-legal-bid-always-exists", "medallon-400(own_min_cap=13)") not in refuted
