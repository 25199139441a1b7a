"""The committed verification ledger: reproducible to the byte, fingerprinted, checked by CI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from fourhundred.spec import registry
from fourhundred.verify import ledger
from fourhundred.verify.claims import ABOUT_ANOTHER_GAME, CLAIMS
from fourhundred.verify.depends import Memo, decide_all, decide_traced, fingerprint, traced
from fourhundred.verify.runner import QUICK, checks, run

ROOT = Path(__file__).resolve().parent.parent

#: A cheap subset with a Z3 counterexample, a proof, a witness game, a
#: liveness refutation (its witness found by the climb) and a path-by-path
#: proof that the fast rules equal the spec (:mod:`fourhundred.verify.fast_paths`).
SUBSET = (
    "--variant",
    "qahwa-400()",
    "--variant",
    "medallon-400()",
    "--property",
    "claim-bigger-bid-pays-more",
    "--property",
    "claim-scores-can-go-below-zero",
    "--property",
    "some-legal-bid-always-exists",
    "--property",
    "one-result-per-hand",
    "--property",
    "reference-hand-result-matches-spec",
)


def _write(path: Path, jobs: int, hash_seed: str, *subset: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "fourhundred", "verify", "--write", "--fresh", "-q"]
    done = subprocess.run(
        [*command, "--jobs", str(jobs), "--ledger", str(path), *subset],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return path.read_bytes()


def test_a_ledger_written_with_one_job_and_with_two_under_other_hash_seeds_is_the_same_to_the_byte(
    tmp_path: Path,
) -> None:
    one = _write(tmp_path / "one.json", 1, "1", *SUBSET)
    two = _write(tmp_path / "two.json", 2, "2", *SUBSET)
    assert one == two
    data = json.loads(one)
    verdicts = {(f["id"], f["reading"]): f["verdict"] for f in data["findings"]}
    assert verdicts[("some-legal-bid-always-exists", "medallon-400")] == "refuted"
    assert verdicts[("claim-bigger-bid-pays-more", "qahwa-400")] == "refuted"
    assert any(f["witness"] for f in data["findings"])


@pytest.mark.slow
def test_the_full_ledger_is_the_same_to_the_byte_with_one_job_and_with_two(
    tmp_path: Path,
) -> None:
    assert _write(tmp_path / "one.json", 1, "3") == _write(tmp_path / "two.json", 2, "4")


def test_the_committed_ledger_holds_what_the_verifier_finds_now_on_a_subset() -> None:
    """The quick twin of the full ``verify --check`` (``slow`` below): the subset's checks
    (a Z3 counterexample, a proof, a witness game, a liveness refutation) decided again,
    in process, and each finding's entry the committed one to the byte."""
    variants = SUBSET[1::2][: SUBSET.count("--variant")]
    properties = SUBSET[1::2][SUBSET.count("--variant") :]
    report = run(variants, properties, QUICK)
    committed = {(f["id"], f["reading"]): f for f in ledger.load()["findings"]}
    found = [ledger.entry(finding, QUICK) for finding in report.findings]
    assert {now["id"] for now in found} == set(properties)
    for now in found:
        key = (now["id"], now["reading"])
        assert json.dumps(now, sort_keys=True) == json.dumps(committed[key], sort_keys=True), key


@pytest.mark.slow
def test_the_committed_ledger_is_what_the_verifier_finds_now() -> None:
    # `fourhundred verify --check` verifies everything again and compares to the byte.
    done = subprocess.run(
        [sys.executable, "-m", "fourhundred", "verify", "--check", "-q", "--jobs", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "confirmed to the byte" in done.stdout


def test_every_fingerprint_of_the_committed_ledger_is_current() -> None:
    data = ledger.load()
    assert data["findings"]
    assert ledger.problems(data, checks(QUICK), QUICK) == []


def test_a_changed_rule_field_that_a_finding_read_changes_its_fingerprint_and_no_other() -> None:
    check = next(c for c in CLAIMS if c.id == "claim-bigger-bid-pays-more")
    rules = registry.load("qahwa-400")
    _, reads = decide_traced(check, rules, QUICK)
    assert "max_bid" in reads and "turn_time_limit" not in reads
    before = fingerprint(check, rules, reads, QUICK)
    assert fingerprint(check, replace(rules, max_bid=12), reads, QUICK) != before
    assert fingerprint(check, replace(rules, turn_time_limit=30), reads, QUICK) == before


def test_a_stale_or_missing_finding_is_named_without_verifying_anything() -> None:
    data = json.loads(ledger.LEDGER_PATH.read_text(encoding="utf-8"))
    first = data["findings"][0]
    first["fingerprint"] = "0" * 20
    data["findings"] = data["findings"][:1] + data["findings"][2:]
    found = ledger.problems(data, checks(QUICK), QUICK)
    assert f"{first['id']} on {first['reading']}: stale (its rules, code or settings changed)" in (
        found
    )
    assert any(line.endswith(": missing") for line in found)
    assert ledger.problems({"findings": []}, checks(QUICK), QUICK) == [
        "the ledger holds no findings"
    ]


def test_readings_that_agree_on_what_a_check_read_share_its_decision_and_others_do_not() -> None:
    check = next(c for c in CLAIMS if c.id == "claim-bigger-bid-pays-more")
    base = registry.load("qahwa-400")
    timer = replace(base, turn_time_limit=30)  # not read by the check
    other = replace(base, max_bid=12)  # read
    ticks = iter(range(100))
    results = decide_all(check, [base, timer, other], QUICK, lambda: float(next(ticks)))
    assert [seconds > 0 for _, _, seconds in results] == [True, False, True]
    assert results[0][0] == results[1][0]
    memo = Memo()
    memo.add(base, results[0][0], results[0][1])
    assert memo.get(timer) is not None and memo.get(other) is None


def test_a_traced_reading_records_fields_and_methods_and_decides_as_the_plain_one() -> None:
    rules = registry.load("pagat-41")
    copy, reads = traced(rules)
    assert copy.bid_value(7, 0, 0) == rules.bid_value(7, 0, 0)
    assert {"bid_value", "value_scale", "values"} <= reads
    assert "target" not in reads


def test_the_report_of_a_run_reuses_current_ledger_entries_without_deciding_them() -> None:
    data = ledger.load()
    chosen = checks(QUICK)
    report = run(
        ["qahwa-400()"],
        ["claim-eight-to-nine"],
        reuse=ledger.reuse_from(data, chosen, QUICK),
    )
    assert [f.seconds for f in report.findings] == [0.0]
    committed = next(
        f
        for f in data["findings"]
        if f["id"] == "claim-eight-to-nine-biggest-jump" and f["reading"] == "qahwa-400"
    )
    assert ledger.entry(report.findings[0], QUICK) == committed


def test_every_claim_is_judged_only_on_variants_whose_source_makes_it() -> None:
    every = [r for name in registry.names() for r in registry.all_readings(name)]
    for claim in CLAIMS:
        if claim.id in ABOUT_ANOTHER_GAME:
            continue
        sources = {c.source for c in claim.cites}
        for rules in every:
            if claim.applies(rules):
                assert registry.get(rules.variant).definition.source in sources, (
                    claim.id,
                    str(rules),
                )
    eight = next(c for c in CLAIMS if c.id == "claim-eight-to-nine-biggest-jump")
    assert not eight.applies(registry.load("pagat-41"))
    assert not eight.applies(registry.load("medallon-400"))
