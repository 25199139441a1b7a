"""Adapters in other languages, and the mutants the suite must kill."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fourhundred.conformance import mutants

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node") or "/usr/bin/node"


@pytest.mark.skipif(not Path(NODE).exists(), reason="node is not installed")
def test_the_javascript_adapter_conforms_for_the_variants_it_declares() -> None:
    # Every message it sends is checked against the protocol schema (--validate-protocol).
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourhundred",
            "conformance",
            "run",
            "-q",
            "--validate-protocol",
            "--adapter",
            f"{NODE} conformance/adapters/js/adapter.js",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fourhundred-js-example 0.1.0 (javascript)" in result.stdout
    summary = result.stdout.strip().splitlines()[-1]
    passed = int(summary.split()[0])
    assert passed > 900
    assert " 0 failed, 0 errored" in summary


def test_a_mutated_bid_value_is_killed_by_the_suite() -> None:
    assert mutants.suite_failures("qahwa-9-worth-26") > 0


def test_a_mutant_changes_behaviour_only_while_applied() -> None:
    from fourhundred.conformance import adapter

    def nine() -> object:
        return adapter.reference_answer(
            "bid_value",
            adapter.load_rules("qahwa-400"),
            {"bid": 9, "own_score": 0, "highest_score": 0},
        )

    with mutants.applied("qahwa-9-worth-26"):
        assert nine() == {"value": 26, "decides_game": False}
    assert nine() == {"value": 27, "decides_game": False}


def test_every_mutant_can_be_applied_and_undone() -> None:
    for mutant in mutants.MUTANTS:
        mutants.apply(mutant.name)()


@pytest.mark.slow
def test_the_suite_kills_every_mutant_that_changes_behaviour() -> None:
    results = mutants.run_all()
    survivors = [r.name for r in results if r.changes_behaviour and not r.killed]
    assert survivors == []
