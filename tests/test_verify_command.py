"""The ``fourhundred verify`` command and library layer: filters, JSON, exit status, CrossHair."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from fourhundred.commands.verify import verify_command
from fourhundred.errors import UserError
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import VariantError, load
from fourhundred.verify import contracts, fast_paths, run, runner
from fourhundred.verify.results import Check, Decision, Finding, Settings, SourceReading
from fourhundred.verify.runner import QUICK, checks, select

KEYS = {
    "id",
    "kind",
    "group",
    "title",
    "sources",
    "variant",
    "reading",
    "verdict",
    "bound",
    "counterexample",
    "witness",
    "note",
    "outcome",
    "documented_by",
    "work",
    "seconds",
}


def test_json_output_has_the_stable_schema_and_exit_status_zero_when_invariants_hold() -> None:
    result = CliRunner().invoke(
        verify_command, ["--variant", "qahwa-400", "--property", "scoring", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["schema"] == 3 and data["failed_invariants"] == 0
    assert data["findings"]
    for finding in data["findings"]:
        assert set(finding) == KEYS
        assert finding["verdict"] in {"proved", "refuted", "bounded-proved", "unknown"}


def test_an_invariant_refuted_under_a_reading_the_register_documents_is_a_source_finding_and_exit_zero() -> (
    None
):
    result = CliRunner().invoke(
        verify_command,
        ["--variant", "medallon-400()", "--property", "some-legal-bid", "--jobs", "1"],
    )
    assert result.exit_code == 0, result.output
    assert "Findings about the sources" in result.output
    assert "some-legal-bid-always-exists: refuted on medallon-400" in result.output
    assert "own-minimum-growth=unbounded" in result.output
    assert "The project's invariants hold; 1 finding(s) about the sources" in result.output
    data = json.loads(
        CliRunner()
        .invoke(
            verify_command,
            [
                "--variant",
                "medallon-400()",
                "--property",
                "some-legal-bid",
                "--json",
                "--jobs",
                "1",
            ],
        )
        .output
    )
    (finding,) = data["findings"]
    assert finding["verdict"] == "refuted" and finding["outcome"] == "source finding"
    assert finding["documented_by"] == {"ambiguity": "own-minimum-growth", "reading": "unbounded"}
    assert data["failed_invariants"] == 0 and data["source_findings"] == 1


def _always_refuted(rules: Rules, settings: Settings) -> Decision:
    return Decision("refuted", counterexample={"score": 0})


#: An invariant no reading documents as broken, refuted everywhere.
PLANTED_FAILURE = Check(
    "planted-invariant-that-fails", "invariant", "planted", "A planted failure", (), _always_refuted
)


def test_an_invariant_refuted_under_no_documented_reading_fails_the_run_with_exit_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "INVARIANTS", (*runner.INVARIANTS, PLANTED_FAILURE))
    result = CliRunner().invoke(
        verify_command,
        ["--variant", "qahwa-400()", "--property", "planted", "--jobs", "1"],
    )
    assert result.exit_code == 1, result.output
    assert "Invariants of the project that fail" in result.output
    assert "planted-invariant-that-fails @ qahwa-400: refuted" in result.output
    assert "FAILED: 1 invariant(s) of the project" in result.output


def test_the_console_prints_a_summary_unless_every_row_is_asked_for() -> None:
    arguments = ["--variant", "qahwa-400", "--property", "scoring", "--no-crosshair", "--jobs", "1"]
    summary = CliRunner().invoke(verify_command, arguments)
    rows = CliRunner().invoke(verify_command, [*arguments, "--table"])
    assert summary.exit_code == rows.exit_code == 0
    findings = int(summary.output.split(" findings in ")[0].split()[-1])
    assert findings > 20
    reading_lines = [line for line in rows.output.splitlines() if "qahwa-400" in line]
    assert len(reading_lines) >= findings
    assert not [line for line in summary.output.splitlines() if "qahwa-400(" in line]
    assert "--table for every row" in summary.output


def test_progress_is_shown_on_a_terminal_and_nothing_reaches_a_pipe() -> None:
    arguments = ["--variant", "qahwa-400()", "--property", "claim-eight", "--jobs", "1"]
    piped = CliRunner().invoke(verify_command, arguments)
    assert piped.exit_code == 0 and piped.stderr == ""
    terminal = CliRunner().invoke(
        verify_command, arguments, env={"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"}
    )
    assert terminal.exit_code == 0
    assert "verifying checks" in terminal.stderr
    quiet = CliRunner().invoke(
        verify_command, [*arguments, "--quiet"], env={"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"}
    )
    assert quiet.stderr == ""


def test_a_refuted_claim_is_a_finding_not_a_failure() -> None:
    result = CliRunner().invoke(
        verify_command,
        ["--variant", "qahwa-400", "--property", "claim-eight-to-nine", "--no-crosshair"],
    )
    assert result.exit_code == 0
    assert "refuted" in result.output


def test_an_unknown_property_filter_is_a_user_error_naming_the_filter() -> None:
    with pytest.raises(UserError, match="no-such-property"):
        select(checks(QUICK), ["no-such-property"])


def test_an_unknown_variant_is_a_variant_error() -> None:
    with pytest.raises(VariantError):
        run(["no-such-variant"], ["scoring"])


def test_the_library_runs_one_reading_of_a_variant_string() -> None:
    report = run(["pagat-41(table_measure=tricks)"], ["claim-seven-or-more"], crosshair=False)
    assert [f.decision.verdict for f in report.findings] == ["refuted"]


def test_crosshair_confirms_the_reference_own_minimum_matches_the_spec() -> None:
    decision = contracts.check_contract(load("medallon-400"), contracts.own_minimum_agrees, 200)
    assert decision.verdict in {"proved", "bounded-proved"}


def wrong_own_minimum(score: int) -> int:
    """
    pre: -1000 <= score <= 1000
    post: __return__ == contracts._SUBJECT["spec"].own_minimum_bid(score)
    """
    return 2  # wrong from 30 points on


def test_crosshair_refutes_a_planted_wrong_fast_rule() -> None:
    decision = contracts.check_contract(load("qahwa-400"), wrong_own_minimum, 200)
    assert decision.verdict == "refuted"


def test_list_names_every_property_and_claim_without_running_them() -> None:
    result = CliRunner().invoke(verify_command, ["--list"])
    assert result.exit_code == 0
    assert "trick-has-one-winner" in result.output
    assert "claim-seven-or-more-proceeds" in result.output
    assert "reference-score-change-matches-spec" in result.output


def test_a_bad_variant_on_the_command_line_is_one_error_line_and_exit_status_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from fourhundred.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["verify", "--variant", "qahwa-400(target=0)"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and "target" in error and "41, 31, 61" in error


def _verdicts(hash_seed: str) -> list[tuple[object, ...]]:
    """The verdicts of the reference's checks on qahwa-400 (CrossHair's contracts and the Z3
    path proofs), from a fresh process."""
    command = [sys.executable, "-m", "fourhundred", "verify", "--json", "--jobs", "1"]
    command += ["--variant", "qahwa-400()", "--property", "reference"]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    return [
        (
            f["id"],
            f["reading"],
            f["verdict"],
            f["bound"],
            f["note"],
            json.dumps(f["counterexample"]),
        )
        for f in json.loads(done.stdout)["findings"]
    ]


def test_two_runs_in_fresh_processes_give_identical_verdicts() -> None:
    first, second = _verdicts("1"), _verdicts("2")
    assert len(first) == len(contracts.CONTRACTS) + len(fast_paths.GOALS)
    assert first == second


def test_a_crosshair_budget_is_a_number_of_paths_and_gives_the_same_verdict_every_time() -> None:
    rules = load("qahwa-400")
    decisions = {
        contracts.check_contract(rules, contracts.score_change_agrees, 5) for _ in range(2)
    }
    assert len(decisions) == 1
    (decision,) = decisions
    assert decision.verdict == "bounded-proved"
    assert decision.bound == "CrossHair, 5 paths per condition"


def test_every_documented_breaking_reading_is_a_switchable_reading_of_the_register() -> None:
    from fourhundred.spec import ambiguities

    declared = [reading for check in checks(QUICK) for reading in check.breaks_under]
    assert declared
    for reading in declared:
        entry = ambiguities.entry(reading.ambiguity)
        assert entry.switch is not None, reading
        assert reading.reading in {choice.value for choice in entry.readings}, reading


def test_a_documented_reading_is_in_force_only_where_the_variant_follows_it() -> None:
    unbounded = SourceReading("own-minimum-growth", "unbounded")
    assert unbounded.in_force(load("medallon-400"))
    assert not unbounded.in_force(load("medallon-400(own_min_cap=13)"))
    assert not unbounded.in_force(load("qahwa-400"))  # the entry does not concern qahwa


def test_a_claim_left_unknown_is_undecided_not_a_finding_nor_a_failure() -> None:
    claim = Check("claim-x", "claim", "planted", "A claim", (), _always_refuted)
    rules = load("qahwa-400")
    unknown = Finding(claim, rules, Decision("unknown", note="budget"), 0.0)
    refuted = Finding(claim, rules, Decision("refuted"), 0.0)
    invariant = Finding(PLANTED_FAILURE, rules, Decision("unknown"), 0.0)
    assert (unknown.outcome, unknown.failed) == ("undecided", False)
    assert (refuted.outcome, refuted.failed) == ("source finding", False)
    assert (invariant.outcome, invariant.failed) == ("failed", True)
