"""The command line's variants, rules and ambiguities subcommands, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fourhundred.spec.ambiguities import REGISTER


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", *args], capture_output=True, text=True, timeout=60
    )


def test_variants_lists_every_variant_with_aliases_and_options() -> None:
    result = run("variants", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [v["name"] for v in data] == [
        "qahwa-400", "medallon-400", "pagat-41", "pagat-400", "arab3meyeh-400",
    ]  # fmt: skip
    qahwa = data[0]
    assert "arbaa-miyye" in qahwa["aliases"]
    target = next(o for o in qahwa["options"] if o["name"] == "target")
    assert target["values"] == ["41", "31", "61"] and target["default"] == "41"


def test_variants_prints_readable_tables() -> None:
    result = run("variants")
    assert result.returncode == 0
    assert "pagat-400" in result.stdout and "eleven_plus_50" in result.stdout


def test_rules_prints_value_minimum_and_outcome_tables() -> None:
    result = run("rules", "qahwa-400(table=classic)")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Bid values by own score" in out and "wins/loses game" in out
    assert "Table minimum" in out and "Minimum bids" in out
    assert "above zero" in out


def test_rules_json_carries_the_bands() -> None:
    data = json.loads(run("rules", "medallon", "--json").stdout)
    assert data["own_minimum_unbounded"] is True
    assert data["own_minimum_by_band"][:3] == [
        {"band": "below 30", "minimum": "2"},
        {"band": "30-39", "minimum": "3"},
        {"band": "40-49", "minimum": "4"},
    ]


def test_rules_states_a_band_without_end_by_its_formula_in_text_and_json() -> None:
    """medallon's own minimum rises without end: the last band is a formula, exact at every
    score (a constant "140 or more: 14" would be wrong from 150 on)."""
    from fourhundred.spec.registry import load

    formula = "14 + (score - 140) // 10"
    text = run("rules", "medallon-400").stdout
    assert formula in text and "without end" in text
    data = json.loads(run("rules", "medallon-400", "--json").stdout)
    assert data["own_minimum_by_band"][-1] == {"band": "140 or more", "minimum": formula}
    assert data["own_minimum_open_band"]["minimum"] == formula
    rules = load("medallon-400")
    for score in (140, 149, 150, 175, 1000):
        assert rules.own_minimum_bid(score) == 14 + (score - 140) // 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "poker"), "error: unknown variant 'poker'"),
        (("rules", "qahwa-400(target=0)"), "valid values: 41, 31, 61"),
        (("ambiguities", "--variant", "nope"), "error: unknown variant 'nope'"),
    ],
)
def test_bad_variants_get_one_clear_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unknown_subcommand_is_a_usage_error_not_a_traceback() -> None:
    result = run("frobnicate")
    assert result.returncode == 2 and "No such command" in result.stderr


def test_ambiguities_json_exports_the_whole_register() -> None:
    data = json.loads(run("ambiguities", "--json").stdout)
    assert len(data) == len(REGISTER)
    entry = next(e for e in data if e["id"] == "partner-at-zero")
    assert {r["id"] for r in entry["readings"]} == {"positive", "non_negative"}


def test_ambiguities_can_be_filtered_by_variant() -> None:
    data = json.loads(run("ambiguities", "--json", "--variant", "pagat-41").stdout)
    assert data and all("pagat-41" in e["applies_to"] for e in data)
    assert "table-measure" in {e["id"] for e in data}
