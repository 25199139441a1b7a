"""Runs that would never give up, or would be green for the wrong reason: an empty
adapter command, an adapter that dies every few cases, a restart that answers
another handshake; and blank lines, which are no reason to stop."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance import suite
from fourhundred.conformance.outcomes import MIN_FAILURES_COUNTED, Stop
from fourhundred.conformance.runner import Outcome, Runner, Settings

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"
#: Nine game_outcome cases of Syrian 41, ...0001 to ...0009.
FEW = ["--kind", "game_outcome", "--variant", "pagat-41", "--id", "game_outcome.pagat-41.000?"]


def adapter(name: str, *args: str) -> list[str]:
    return [sys.executable, str(ADAPTERS / f"{name}.py"), *args]


def runs_of(kind: str, variant: str = "", ids: str = "*") -> list[suite.Run]:
    return suite.select_runs(suite.load_cases(), (kind,), (variant,) if variant else (), (ids,))


def drive(
    argv: Sequence[str], runs: Sequence[suite.Run], **settings: Any
) -> tuple[list[Outcome], Runner]:
    """Run ``runs`` against an adapter (no per-case timeout that a slow machine could meet)."""
    outcomes: list[Outcome] = []
    runner = Runner(argv, Settings(**{"timeout": 600.0, **settings}), outcomes.append)
    try:
        runner.run(runs)
    finally:
        runner.close()
    return outcomes, runner


def conformance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", "conformance", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.mark.parametrize("command", ["", "  ", "''"])
def test_an_empty_adapter_command_is_refused_not_replaced_by_the_reference(command: str) -> None:
    result = conformance("run", "-q", "--adapter", command, *FEW)
    assert result.returncode == 2, result.stdout
    assert result.stderr == (
        "error: --adapter is empty: give the command that starts the adapter\n"
    )
    assert "passed" not in result.stdout


def test_an_adapter_that_dies_every_few_cases_is_stopped_by_the_failure_budget() -> None:
    runs = runs_of("game_outcome")  # hundreds of cases: about a restart for every third
    assert len(runs) > 30 * MIN_FAILURES_COUNTED
    outcomes, runner = drive(adapter("flaky", "2"), runs)
    incomplete = runner.incomplete
    assert incomplete is not None and incomplete.stop is Stop.FAILURE_BUDGET, runner.restarts
    assert "--failure-budget" in runner.aborted
    assert runner.failures == MIN_FAILURES_COUNTED  # stopped at once, not after hundreds
    assert len(outcomes) + len(incomplete.not_run) == len(runs)
    assert sum(o.status == "error" for o in outcomes) == MIN_FAILURES_COUNTED
    assert len(outcomes) <= 4 * MIN_FAILURES_COUNTED


def test_a_failure_budget_of_one_never_stops_a_run() -> None:
    runs = runs_of("game_outcome", "pagat-41")[: 3 * MIN_FAILURES_COUNTED + 3]
    outcomes, runner = drive(adapter("flaky", "2"), runs, failure_budget=1.0)
    assert runner.incomplete is None and len(outcomes) == len(runs)


def test_the_failure_budget_is_an_option_and_its_stop_is_in_every_report(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    result = conformance(
        "run", "-q", "--adapter", " ".join(adapter("flaky", "1")), "--failure-budget", "0.2",
        "--kind", "game_outcome", "--variant", "pagat-41", "--report", str(report),
    )  # fmt: skip
    assert result.returncode == 2
    assert "failure budget of 20%" in result.stderr and "incomplete" in result.stderr
    assert '"complete":false' in report.read_text()


@pytest.mark.parametrize("what", ["name", "codes", "positions"])
def test_a_restart_that_answers_a_different_handshake_ends_the_run_as_incomplete(
    tmp_path: Path, what: str
) -> None:
    runs = runs_of("game_outcome", "pagat-41", "game_outcome.pagat-41.000?")
    outcomes, runner = drive(adapter("changes_handshake", str(tmp_path / "started"), what), runs)
    incomplete = runner.incomplete
    assert incomplete is not None and incomplete.stop is Stop.HANDSHAKE_CHANGED
    assert "different handshake" in runner.aborted and what in runner.aborted
    # 1 and 2 passed; the crash came with 3 to 9 in flight: none of them was judged.
    assert len(incomplete.not_run) == 7
    assert [o.status for o in outcomes] == ["pass", "pass"]


def test_blank_lines_between_answers_are_passed_over() -> None:
    runs = runs_of("game_outcome", "pagat-41", "game_outcome.pagat-41.000?")
    outcomes, runner = drive(adapter("blank_lines"), runs, window=4)
    assert runner.incomplete is None and runner.restarts == 0
    assert [o.status for o in outcomes] == ["pass"] * len(runs)
