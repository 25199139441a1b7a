"""A failure that a convention of ADAPTERS.md may settle names it, in every report;
the conventions are one table, one to one with the anchors of ADAPTERS.md."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from fourhundred.cli import cli
from fourhundred.conformance import conventions, faults, kinds, planted
from fourhundred.conformance.conventions import conventions_of
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import SCHEMA_DIR, Run

ADAPTERS = Path(conventions.__file__).resolve().parent / "ADAPTERS.md"


@pytest.fixture(scope="module")
def runs() -> list[Run]:
    return list(faults.suite_runs())


def _named(outcome: Outcome) -> set[str]:
    return {convention.id for convention in conventions_of(outcome)}


def test_every_convention_is_an_anchor_of_adapters_md_and_every_anchor_a_convention() -> None:
    text = ADAPTERS.read_text(encoding="utf-8")
    anchors = re.findall(r'<a id="(convention-[a-z0-9-]+)"></a>', text)
    assert sorted(anchors) == sorted(c.anchor for c in conventions.CONVENTIONS)
    assert len(set(anchors)) == len(anchors)
    for convention in conventions.CONVENTIONS:
        assert f"(#{convention.anchor})" in text, f"ADAPTERS.md does not list {convention.id}"
        assert set(convention.kinds) <= set(kinds.KIND_NAMES), convention.id


def test_a_deciding_13_that_scores_names_the_convention_of_the_score_it_leaves(
    runs: list[Run],
) -> None:
    engine = planted.by_name("thirteen-scores/medallon-400")
    mine = [run for run in runs if run.variant == "medallon-400"]
    failing = [o for o in planted.outcomes(engine, mine) if o.status == "fail"]
    assert failing
    assert all("deciding-13" in _named(o) for o in failing if o.run.kind != "bid_value")


def test_an_answer_by_another_seat_order_names_the_seat_convention(runs: list[Run]) -> None:
    run = next(
        r for r in runs if r.kind == "hand_scoring" and len(set(r.case["expected"]["scores"])) == 4
    )
    scores = run.case["expected"]["scores"]
    turned = Outcome(run, "fail", "wrong", {"scores": [*scores[1:], scores[0]]})
    assert "seats" in _named(turned)
    other = Outcome(run, "fail", "wrong", {"scores": [s + 1 for s in scores]})
    assert "seats" not in _named(other)


def _rejecting(runs: list[Run], code: str) -> tuple[Run, int]:
    for run in runs:
        if run.kind == "whole_game":
            for index, found in run.case["expected"]["rejected"]:
                if found == code:
                    return run, index
    raise AssertionError(f"no whole game rejects with {code}")


def test_an_accepted_pass_names_forward_every_action_and_a_code_swap_the_precedence(
    runs: list[Run],
) -> None:
    run, index = _rejecting(runs, "not_an_action")
    expected = run.case["expected"]
    accepted = {**expected, "rejected": [r for r in expected["rejected"] if r[0] != index]}
    assert "forward-actions" in _named(Outcome(run, "fail", "wrong", accepted))
    run, index = _rejecting(runs, "bid_above_maximum")
    expected = run.case["expected"]
    swapped = [[i, "bid_below_minimum" if i == index else c] for i, c in expected["rejected"]]
    named = _named(Outcome(run, "fail", "wrong", {**expected, "rejected": swapped}))
    assert "precedence" in named and "forward-actions" not in named


def test_a_passing_or_unrelated_failure_names_no_convention(runs: list[Run]) -> None:
    run = next(r for r in runs if r.kind == "legal_bids")
    assert conventions_of(Outcome(run, "pass")) == ()
    assert conventions_of(Outcome(run, "fail", "wrong", {"bids": [99]})) == ()


def test_every_report_names_the_convention_a_failure_may_come_from(tmp_path: Path) -> None:
    """Through the command: console, Markdown, JUnit and the JSON-lines case records."""
    point = "thirteen-scores/medallon-400"
    adapter = f"{sys.executable} -m fourhundred.conformance.adapter --mutant {point}"
    report, junit, markdown = tmp_path / "r.jsonl", tmp_path / "j.xml", tmp_path / "m.md"
    result = CliRunner().invoke(
        cli,
        [
            "conformance", "run", "-q", "--adapter", adapter, "--variant", "medallon-400",
            "--kind", "hand_scoring", "--report", str(report), "--junit", str(junit),
            "--markdown", str(markdown),
        ],
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    link = conventions.BY_ID["deciding-13"].link
    assert f"convention: {link} (" in result.output
    schema = json.loads((SCHEMA_DIR / "report.schema.json").read_text())
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    failed = [line for line in lines if line.get("status") == "fail"]
    assert failed and all("deciding-13" in line["conventions"] for line in failed)
    assert all("conventions" not in line for line in lines if line.get("status") == "pass")
    for line in lines:
        jsonschema.validate(line, schema)
    assert f"]({link})" in markdown.read_text()
    bodies = [f.text or "" for f in ET.parse(junit).getroot().iter("failure")]
    assert any(f"convention: {link}" in body for body in bodies)
