"""verify on house rules (issue #26): the invariants that still hold are proved; those the
house rules break, and the sources' claims they depart from, are findings about the house
rules, neither failures nor findings about the sources."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOUSE = "pagat-41(house,fail_penalty=tricks)"


def verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", "verify", "--no-crosshair", "--jobs", "1", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def test_an_invariant_the_house_rules_break_is_a_house_rules_finding_not_a_failure() -> None:
    args = ("--variant", "pagat-41(fail_penalty=tricks)", "--property", "thirteen-as")
    result = verify(*args, "--json", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    (finding,) = data["findings"]
    assert finding["reading"] == HOUSE and finding["verdict"] == "refuted"
    assert finding["outcome"] == "house rules finding"
    assert data["failed_invariants"] == 0 and data["source_findings"] == 0
    assert data["house_rules_findings"] == 1
    text = verify(*args, "-q")
    assert text.returncode == 0
    assert "Where the house rules break an invariant" in text.stdout
    assert "Findings about the sources" not in text.stdout


def test_the_invariants_that_still_hold_under_house_rules_are_proved() -> None:
    result = verify("--variant", "pagat-41(fail_penalty=tricks)", "--property", "legal", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["findings"] and {f["reading"] for f in data["findings"]} == {HOUSE}
    assert all(f["outcome"] == "holds" for f in data["findings"])


def test_the_same_invariant_holds_under_the_source_rules() -> None:
    result = verify("--variant", "pagat-41", "--property", "thirteen-as", "--json", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    outcomes = {f["outcome"] for f in json.loads(result.stdout)["findings"]}
    assert outcomes == {"holds"}


def test_a_turned_trump_breaks_the_sources_highest_heart_as_a_house_rules_finding() -> None:
    """Under trump=turned the spec's trick winner takes the turned suit as trumps, so the
    sources' "highest heart, else the suit led" is refuted, by a trick the turned suit
    wins (the witness names it); under hearts always the same check holds."""
    turned = "pagat-41(min_bid=2,double_from=none,trump=turned)"
    args = ("--property", "trick-has-one-winner", "--json", "-q")
    result = verify("--variant", turned, *args)
    assert result.returncode == 0, result.stdout + result.stderr
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["outcome"] == "house rules finding"
    trick, trump = (
        finding["counterexample"]["trick_in_play_order"],
        finding["counterexample"]["trump"],
    )
    assert trump != "H" and any(card[1] == trump for card in trick)
    plain = verify("--variant", "pagat-41(min_bid=2,double_from=none)", *args)
    assert {f["outcome"] for f in json.loads(plain.stdout)["findings"]} == {"holds"}
