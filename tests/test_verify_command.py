"""The ``fourhundred verify`` command and library layer: filters, JSON, exit status, CrossHair."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fourhundred.commands.verify import verify_command
from fourhundred.errors import UserError
from fourhundred.spec.registry import VariantError, load
from fourhundred.verify import contracts, run
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
    "seconds",
}


def test_json_output_has_the_stable_schema_and_exit_status_zero_when_invariants_hold() -> None:
    result = CliRunner().invoke(
        verify_command, ["--variant", "qahwa-400", "--property", "scoring", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["schema"] == 1 and data["failed_invariants"] == 0
    assert data["findings"]
    for finding in data["findings"]:
        assert set(finding) == KEYS
        assert finding["verdict"] in {"proved", "refuted", "bounded-proved", "unknown"}


def test_an_invariant_refuted_on_a_reading_makes_the_exit_status_one() -> None:
    result = CliRunner().invoke(
        verify_command,
        ["--variant", "medallon-400", "--property", "some-legal-bid", "--no-crosshair"],
    )
    assert result.exit_code == 1
    assert "refuted" in result.output


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
    decision = contracts.check_contract(load("medallon-400"), contracts.own_minimum_agrees, 2.0)
    assert decision.verdict in {"proved", "bounded-proved"}


def wrong_own_minimum(score: int) -> int:
    """
    pre: -1000 <= score <= 1000
    post: __return__ == contracts._SUBJECT["spec"].own_minimum_bid(score)
    """
    return 2  # wrong from 30 points on


def test_crosshair_refutes_a_planted_wrong_fast_rule() -> None:
    decision = contracts.check_contract(load("qahwa-400"), wrong_own_minimum, 2.0)
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
        main(["verify", "--variant", "qahwa-400(target=99)"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and "target" in error and "41, 31, 61" in error
