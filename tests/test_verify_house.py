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
