"""Adapters in other languages, and the mutants the suite must kill."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance import adapter, kinds, mutant_names, mutants, mutation, points
from fourhundred.reference import engine, fast
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec import cards, model
from fourhundred.spec.registry import names

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
    assert mutation.suite_failures("qahwa-9-worth-26") > 0


def test_a_mutant_answers_by_its_own_reference_and_leaves_the_reference_alone() -> None:
    rules = adapter.load_rules("qahwa-400")
    question = {"bid": 9, "own_score": 0, "highest_score": 0}
    mutated = adapter.answer_function(mutant_names.by_name("qahwa-9-worth-26").reference)
    assert mutated("bid_value", rules, question) == {"value": 26, "decides_game": False}
    assert adapter.reference_answer("bid_value", rules, question) == {
        "value": 27,
        "decides_game": False,
    }


def _attributes() -> dict[str, dict[str, object]]:
    """Every attribute of the modules and classes a mutant could reach, by name."""
    owners: dict[str, Any] = {
        "fast": fast,
        "engine": engine,
        "cards": cards,
        "model": model,
        "adapter": adapter,
        "kinds": kinds,
        "FastRules": FastRules,
        "Rules": model.Rules,
        "GameState": engine.GameState,
    }
    return {name: dict(vars(owner)) for name, owner in owners.items()}


def _same(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]) -> list[str]:
    return [
        f"{owner}.{name}"
        for owner in before
        for name in before[owner].keys() | after[owner].keys()
        if before[owner].get(name) is not after[owner].get(name)
        and name not in ("_BUILT", "_REFERENCES")
    ]


def test_no_mutant_changes_an_attribute_of_the_reference_and_each_differs_from_it() -> None:
    defaults = [adapter.load_rules(name) for name in names()]
    before = _attributes()
    for mutant in mutant_names.every_mutant():
        variants = list(mutant.only) or defaults
        mutated = [mutant.reference(rules) for rules in variants]
        assert any(m != Reference.of(r) for m, r in zip(mutated, variants, strict=True)), mutant
        game = mutated[0].new_game(1)
        assert (game.fast, game.checks) == (mutated[0].fast, mutated[0].checks)
    assert _same(before, _attributes()) == []


def test_a_fast_rule_variant_may_override_public_rules_only() -> None:
    class Private(FastRules):
        def _special_result(self, *args: Any) -> int:
            return 0

    class Nothing(FastRules):
        pass

    for variant in (Private, Nothing):
        with pytest.raises(TypeError, match="public FastRules methods only"):
            mutants.Mutant("broken", "overrides no rule", fast=variant)
    with pytest.raises(ValueError, match="no engine check"):
        mutants.forgetting("not_a_code")
    with pytest.raises(ValueError, match="no engine check"):
        mutants.judging("not_a_code", lambda state, action, seat: None)
    with pytest.raises(ValueError, match="not a field of Rules"):
        mutants.field("qahwa-400", "no_such_rule", 1, 2)


def test_an_unknown_mutant_is_one_error_line_and_exit_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fourhundred.conformance.adapter", "--mutant", "no-such-mutant"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 2
    assert "error: unknown mutant 'no-such-mutant'" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_suite_kills_every_mutant_that_changes_behaviour() -> None:
    """Every hand-written mutant and one per rule point, answered in process."""
    results = mutation.run_all()
    assert len(results) == len(mutants.MUTANTS) + len(points.points())
    survivors = [r.name for r in results if r.changes_behaviour and not r.killed]
    assert survivors == []


def test_a_check_judged_by_another_rule_keeps_its_place_and_code() -> None:
    """``mutants.judging``: the engine's checks in their order (the codes' precedence),
    only the named one's rule replaced."""

    def never(state: Any, action: Any, seat: Any) -> None:
        return None

    judged = mutants.judging("bid_above_maximum", never)
    assert [c.code for c in judged] == [c.code for c in engine.CHECKS]
    changed = [(old, new) for old, new in zip(engine.CHECKS, judged, strict=True) if old != new]
    assert [(new.code, new.rule) for _, new in changed] == [("bid_above_maximum", never)]
    assert mutants.check_of("bad_deal").code == "bad_deal"
