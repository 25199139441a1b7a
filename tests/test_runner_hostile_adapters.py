"""The runner's adapter client against hostile adapters (``tests/adapters/hostile.py``
and friends): no adapter can hang it, make it raise, blame an innocent case,
keep it restarting forever, leave processes behind, or pass a run that checked
nothing. Each test drives :class:`~fourhundred.conformance.runner.Runner` in
process, under a watchdog, so a regression fails instead of hanging the suite."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance import suite
from fourhundred.conformance.outcomes import Reason, Stop
from fourhundred.conformance.runner import (
    AdapterFailure,
    Outcome,
    Runner,
    RunnerError,
    Settings,
    check_hello,
    supports,
)

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"
#: The misbehaving case of FEW (the hostile adapters misbehave on ids ending in 3).
BAD = "game_outcome.pagat-41.0003"


@cache
def _cases() -> tuple[suite.Case, ...]:
    return tuple(suite.load_cases())


def runs_of(kind: str, variant: str = "", ids: str = "*") -> list[suite.Run]:
    return suite.select_runs(_cases(), (kind,), (variant,) if variant else (), (ids,))


def few() -> list[suite.Run]:
    """Nine game_outcome cases of Syrian 41, ...0001 to ...0009."""
    return runs_of("game_outcome", "pagat-41", "game_outcome.pagat-41.000?")


def adapter(name: str, *args: str) -> list[str]:
    return [sys.executable, str(ADAPTERS / f"{name}.py"), *args]


#: How long a test waits before it calls itself hung (not a measure of speed:
#: nothing here should take more than a small part of it on any machine).
PATIENCE = 600.0


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()``, failing the test if it is still running after ``seconds``: a
    guard against a hung runner, given :data:`PATIENCE`, never a speed test."""
    result: list[Any] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(work())
        except BaseException as error:  # handed to the test
            errors.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(max(seconds, PATIENCE))
    assert not thread.is_alive(), f"still running after {max(seconds, PATIENCE)} s"
    if errors:
        raise errors[0]
    return result[0]


class MarkClock:
    """A clock of events, not of real time: it stands still until the ``hang``
    adapter writes to ``marks`` that it hangs, and the runner has taken every
    answer the adapter sent before; then it moves by ``jump`` (past the timeout).
    The hanging case times out at once, and no case answered, however slowly,
    ever does."""

    def __init__(self, marks: Path, jump: float) -> None:
        self.marks, self.jump = marks, jump
        self.now, self.seen = 0.0, 0
        self.runner: Runner | None = None

    def __call__(self) -> float:
        if self.runner is None or not self.marks.exists():
            return self.now
        lines = self.marks.read_text().splitlines()
        answered_before = sum(int(line.split()[1]) for line in lines)
        taken = self.runner.asked - self.runner.failures
        if len(lines) > self.seen and taken >= answered_before:
            self.now += (len(lines) - self.seen) * self.jump
            self.seen = len(lines)
        return self.now


def frozen() -> float:
    """A clock that never moves: no case can time out, whatever the machine's load."""
    return 0.0


def drive(
    argv: Sequence[str], runs: Sequence[suite.Run], seconds: float = PATIENCE, **settings: Any
) -> tuple[dict[str, Outcome], Runner]:
    """Run ``runs`` against an adapter; the outcomes by case id, and the runner.
    No case times out unless ``settings`` bring a clock that lets it (:class:`MarkClock`)."""
    outcomes: list[Outcome] = []
    runner = Runner(
        argv, Settings(**{"timeout": 2.0, "clock": frozen, **settings}), outcomes.append
    )
    if isinstance(runner.settings.clock, MarkClock):
        runner.settings.clock.runner = runner

    def work() -> None:
        try:
            runner.run(runs)
        finally:
            runner.close()

    within(seconds, work)
    by_id = {outcome.run.id: outcome for outcome in outcomes}
    assert len(by_id) == len(outcomes), "one outcome per case"
    return by_id, runner


def hanging(tmp_path: Path) -> tuple[list[str], MarkClock]:
    """The ``hang`` adapter, and a clock its hangs move."""
    marks = tmp_path / "marks"
    return adapter("hang", str(marks)), MarkClock(marks, jump=1000.0)


def only_the_bad_case_errs(outcomes: dict[str, Outcome], runs: Sequence[suite.Run]) -> Outcome:
    assert set(outcomes) == {run.id for run in runs}
    bad = outcomes[BAD]
    assert bad.status == "error"
    assert all(o.status == "pass" for key, o in outcomes.items() if key != BAD), {
        key: o.message for key, o in outcomes.items() if o.status != "pass"
    }
    return bad


# ----------------------------------------------------------------------
# Answers that cannot be read or judged are that case's error, nothing more
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "reason", "words"),
    [
        ("deep", Reason.INVALID, "nested more than"),
        ("overflow", Reason.INVALID, "out of range"),
        ("nan", Reason.INVALID, "NaN is not a JSON number"),
        ("bigint", Reason.INVALID, "5000 digits"),
        ("not_utf8", Reason.INVALID, "not UTF-8"),
        ("surrogate", Reason.INVALID, "unpaired surrogate"),
        ("result_list", Reason.INVALID, "result must be a JSON object"),
        ("result_string", Reason.INVALID, "result must be a JSON object"),
        ("both", Reason.PROTOCOL, "exactly one of result, skipped, errored"),
        ("skipped_string", Reason.INVALID, "skipped must be a JSON object"),
        ("no_seq", Reason.PROTOCOL, "wrong seq"),
        ("seq_true", Reason.PROTOCOL, "wrong seq"),
        ("seq_text", Reason.PROTOCOL, "wrong seq"),
    ],
)
def test_an_answer_that_cannot_be_read_or_judged_is_that_cases_error_and_the_run_goes_on(
    mode: str, reason: Reason, words: str
) -> None:
    runs = few()
    outcomes, runner = drive(adapter("hostile", mode), runs)
    bad = only_the_bad_case_errs(outcomes, runs)
    assert bad.reason is reason and words in bad.message, bad.message
    assert runner.incomplete is None


def test_an_answer_line_over_the_limit_is_that_cases_error_and_read_in_linear_time() -> None:
    runs = few()
    # 8 MB against a 1 MB limit: skipped past, not held; then a valid 8 MB answer
    # under a 16 MB limit is read whole, in well under the case timeout.
    outcomes, _ = drive(adapter("hostile", "huge", str(8 << 20)), runs, max_answer_bytes=1 << 20)
    bad = only_the_bad_case_errs(outcomes, runs)
    assert bad.reason is Reason.INVALID and "longer than 1048576 bytes" in bad.message
    outcomes, _ = drive(
        adapter("hostile", "huge", str(8 << 20)), runs, timeout=20.0, max_answer_bytes=16 << 20
    )
    assert all(o.status == "pass" for o in outcomes.values())


def test_adapter_text_is_kept_raw_and_never_breaks_the_client() -> None:
    runs = few()
    outcomes, _ = drive(adapter("hostile", "noise"), runs)
    bad = only_the_bad_case_errs(outcomes, runs)
    assert bad.reason is Reason.ERRORED
    assert "\x00" in bad.message and "\x1b[31m" in bad.message and "[/opt/engine]" in bad.message
    assert "\x1b[31m" in bad.stderr and "\ufffd" in bad.stderr  # raw, bytes not UTF-8 replaced


# ----------------------------------------------------------------------
# Answers are matched to cases by seq
# ----------------------------------------------------------------------


def test_a_repeated_answer_is_charged_to_the_case_it_names_never_to_the_next() -> None:
    runs = runs_of("legal_bids", "qahwa-400")
    outcomes, runner = drive(adapter("hostile", "duplicate"), runs)
    twice = {key for key, o in outcomes.items() if "answered twice" in o.message}
    assert twice == {run.id for run in runs if run.id.endswith("3")}
    assert all(outcomes[key].reason is Reason.PROTOCOL for key in twice)
    assert all(o.status == "pass" for key, o in outcomes.items() if key not in twice)
    assert runner.restarts == 0


def test_a_repeat_too_late_to_charge_to_its_case_is_counted_against_the_run_not_the_next_case(
    tmp_path: Path,
) -> None:
    runs = few()
    reported = tmp_path / "reported"
    seen: list[Outcome] = []

    def on_outcome(outcome: Outcome) -> None:
        seen.append(outcome)
        with reported.open("a") as stream:  # the adapter answers again once it reads this
            stream.write(outcome.run.id + "\n")

    # The repeat comes once its case is reported (settled by the next answer): in
    # that order on any machine. The clock stands still: nothing times out.
    argv = adapter("hostile", "late_duplicate", str(reported))
    runner = Runner(argv, Settings(timeout=5.0, clock=frozen), on_outcome)
    try:
        within(PATIENCE, lambda: runner.run(runs))
    finally:
        runner.close()
    assert [o.run.id for o in seen] == [run.id for run in runs]
    assert all(o.status == "pass" for o in seen)
    assert (
        len(runner.stray_answers) == 1 and "after its case was reported" in runner.stray_answers[0]
    )
    assert runner.restarts == 0


def test_answers_in_any_order_within_the_window_are_fine() -> None:
    runs = runs_of("legal_bids")
    outcomes, runner = drive(adapter("hostile", "reverse"), runs, seconds=60)
    assert len(outcomes) == len(runs) > 100
    assert all(o.status == "pass" for o in outcomes.values())
    assert runner.restarts == 0
    assert [o for o in outcomes] == [run.id for run in runs], "reported in suite order"


# ----------------------------------------------------------------------
# Writes never block the timing of answers
# ----------------------------------------------------------------------


def test_a_runner_never_blocks_on_a_full_pipe(tmp_path: Path) -> None:
    # The 53 whole games of Syrian 41 numbered below 100 are far more than a pipe
    # holds; the adapter stops reading on each case whose id ends in 3 (it sleeps an
    # hour) and is restarted after it.
    runs = runs_of("whole_game", "", "whole_game.pagat-41.00??")
    assert sum(len(json.dumps(run.message())) for run in runs) > 1 << 17
    argv, clock = hanging(tmp_path)
    outcomes, _ = drive(argv, runs, timeout=50.0, clock=clock)
    hung = {key for key, o in outcomes.items() if o.status == "error"}
    assert hung == {run.id for run in runs if run.id.endswith("3")} != set()
    assert all(outcomes[key].reason is Reason.TIMED_OUT for key in hung)
    assert all(o.status == "pass" for key, o in outcomes.items() if key not in hung)


def test_the_command_line_run_against_an_adapter_that_stops_reading_ends() -> None:
    # One case the adapter stops reading at (...0003), then whole games far more than a
    # pipe holds (the ids not ending in 3, so it hangs once: each hang costs a timeout).
    hangs, rest = "whole_game.pagat-41.0003", "whole_game.pagat-41.00?[!3]"
    after = runs_of("whole_game", "", rest)
    assert len(runs_of("whole_game", "", hangs)) == 1
    assert sum(len(json.dumps(run.message())) for run in after) > 1 << 17
    result = subprocess.run(
        [
            *(sys.executable, "-m", "fourhundred", "conformance", "run", "-q"),
            *("--adapter", f"{sys.executable} {ADAPTERS / 'hang.py'}"),
            *("--kind", "whole_game", "--timeout", "1", "--id", hangs, "--id", rest),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "(timed out)" in result.stdout and "Traceback" not in result.stdout + result.stderr
    assert f"{len(after)} passed, 0 failed, 1 errored" in result.stdout


# ----------------------------------------------------------------------
# A dead adapter is not restarted forever
# ----------------------------------------------------------------------


def test_an_adapter_that_dies_on_every_case_stops_the_run_with_the_rest_not_run() -> None:
    runs = runs_of("legal_bids")
    started = time.monotonic()
    outcomes, runner = drive(adapter("hostile", "dies"), runs, seconds=120)
    seconds = time.monotonic() - started
    incomplete = runner.incomplete
    assert incomplete is not None and incomplete.stop is Stop.ADAPTER_KEEPS_DYING
    assert len(outcomes) + len(incomplete.not_run) == len(runs)
    assert set(outcomes).isdisjoint(run.id for run in incomplete.not_run)
    assert len(incomplete.not_run) > len(runs) - 10
    assert all(
        o.reason is Reason.CRASHED and "exit status 3" in o.message for o in outcomes.values()
    )
    assert "not restarted again" in runner.aborted
    assert runner.restarts < 10, runner.restarts
    print(f"{len(runs)} cases against an adapter that always dies: {seconds:.1f} s")


def test_a_crash_in_a_window_is_still_blamed_on_the_case_that_crashes_alone() -> None:
    crashing = [sys.executable, str(ROOT / "tests" / "fuzz_adapters" / "crashes.py")]
    runs = runs_of("legal_plays", "qahwa-400")
    outcomes, runner = drive(crashing, runs)
    errors = [o for o in outcomes.values() if o.status != "pass"]
    assert len(errors) == 1 and errors[0].reason is Reason.CRASHED
    assert "AS" in errors[0].run.case["input"]["hand"] and "exit status 3" in errors[0].message
    assert runner.incomplete is None and len(outcomes) == len(runs)


# ----------------------------------------------------------------------
# Process groups: nothing is left behind, and an exit is an exit
# ----------------------------------------------------------------------


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting for its reaper does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


def test_an_adapter_that_exits_leaving_children_on_its_pipes_is_reported_exited_and_its_group_ended(
    tmp_path: Path,
) -> None:
    pidfile = tmp_path / "pids"
    runs = few()
    # The clock stands still: only the exit can end the case, never a timeout.
    outcomes, _ = drive(adapter("hostile", "exits_holding_pipes", str(pidfile)), runs)
    bad = only_the_bad_case_errs(outcomes, runs)
    assert bad.reason is Reason.CRASHED and "exit status 3" in bad.message, bad.message
    assert "timed out" not in bad.message
    pids = [int(line) for line in pidfile.read_text().split()]
    assert len(pids) >= 2
    assert [pid for pid in pids if _alive(pid)] == []  # ended before the run returned


# ----------------------------------------------------------------------
# Declarations are canonical, checked, and never empty
# ----------------------------------------------------------------------


def _hello(kinds: list[str], variants: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "version": 1,
        "implementation": {"name": "x", "version": "1", "language": "c"},
        "kinds": kinds,
        "variants": variants,
    }


@pytest.mark.parametrize("name", ["qahwa", "QAHWA-400", "arbaa-miyye", " Qahwa-400 "])
def test_a_variant_declared_by_alias_or_in_capitals_is_the_canonical_one(name: str) -> None:
    hello = check_hello(_hello(["bid_value"], {name: ["table=classic"]}))
    assert hello["variants"] == {"qahwa-400": ["table=classic"]}
    run = runs_of("bid_value", "qahwa-400(table=classic)")[0]
    assert supports(hello, run)


@pytest.mark.parametrize(
    ("kinds", "variants", "named"),
    [
        (["bid_value"], {"qahwa-999": []}, "qahwa-999"),
        (["bid_value"], {"qahwa-400": ["taget=61"]}, "taget"),
        (["bid_value"], {"qahwa-400": ["target=62"]}, "62"),
        (["bid_value"], {"qahwa-400": ["target"]}, "option=value"),
        (["bidding"], {"qahwa-400": []}, "bidding"),
        ([], {"qahwa-400": []}, "no kinds"),
        (["bid_value"], {}, "no variants"),
    ],
)
def test_a_declaration_of_nothing_or_of_unknown_names_is_refused_naming_them(
    kinds: list[str], variants: dict[str, list[str]], named: str
) -> None:
    with pytest.raises(AdapterFailure, match=named):
        check_hello(_hello(kinds, variants))


def test_an_adapter_declaring_an_alias_is_run_and_one_declaring_an_unknown_variant_cannot_start() -> (
    None
):
    runs = runs_of("bid_value", "qahwa-400")
    # "*" is every option; house-rule rule sets of the family are declared apart ("house").
    declared = '{"QAHWA": ["*", "house"]}'
    outcomes, runner = drive(adapter("declares", '["bid_value"]', declared), runs)
    assert runner.applicable == len(runs) == len(outcomes)
    assert all(o.status == "pass" for o in outcomes.values())
    unknown = Runner(
        adapter("declares", '["bid_value"]', '{"qahwa-999": []}'), Settings(), lambda _: None
    )
    with pytest.raises(RunnerError, match="qahwa-999"):
        within(60, unknown.start)


# ----------------------------------------------------------------------
# One outcome vocabulary: the fuzzer reads the runner's reasons, not its words
# ----------------------------------------------------------------------


@pytest.mark.parametrize("reason", [r for r in Reason if r is not Reason.ANSWERED])
def test_the_fuzzer_takes_the_runners_reason_whatever_the_message_says(reason: Reason) -> None:
    from fourhundred.fuzz.implementations import _outcome

    run = few()[0]
    misleading = "the adapter reported an error: closed its output (timed out)"
    outcome = Outcome(run, "error", misleading, None, "stderr tail", 0.1, reason)
    assert _outcome(outcome).status is reason


def test_the_fuzzers_outcomes_speak_only_the_shared_vocabulary() -> None:
    from fourhundred.fuzz.compare import STATUSES
    from fourhundred.fuzz.compare import Outcome as FuzzOutcome

    assert set(STATUSES) == set(Reason)
    assert FuzzOutcome("timeout").status is Reason.TIMED_OUT
    with pytest.raises(ValueError, match="hung"):
        FuzzOutcome("hung")


# ----------------------------------------------------------------------
# What the command line needs to tell an incomplete or empty run
# ----------------------------------------------------------------------


def test_an_interrupted_run_reports_what_was_answered_and_lists_the_rest_as_not_run() -> None:
    runs = runs_of("legal_bids")
    seen: list[Outcome] = []

    def interrupt_at_the_tenth(outcome: Outcome) -> None:
        seen.append(outcome)
        if len(seen) == 10:
            raise KeyboardInterrupt

    runner = Runner(adapter("hostile", "duplicate"), Settings(), interrupt_at_the_tenth)

    def work() -> None:
        try:
            with pytest.raises(KeyboardInterrupt):
                runner.run(runs)
        finally:
            runner.close()

    within(120, work)
    incomplete = runner.incomplete
    assert incomplete is not None and incomplete.stop is Stop.INTERRUPTED
    # What was answered is reported (nothing computed is lost), the rest is not run.
    assert len(seen) >= 10
    assert [o.run for o in seen] + list(incomplete.not_run) == runs


def test_a_run_of_cases_the_adapter_did_not_declare_says_nothing_was_applicable() -> None:
    runs = few()  # pagat-41; the adapter declares qahwa-400 only
    outcomes, runner = drive(adapter("declares", '["game_outcome"]', '{"qahwa": []}'), runs)
    assert runner.applicable == 0 and runner.incomplete is None
    assert {o.status for o in outcomes.values()} == {"not_applicable"}


def test_a_hostile_baseline_file_is_one_clear_error(tmp_path: Path) -> None:
    from fourhundred.conformance.reports import read_baseline
    from fourhundred.errors import UserError

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(UserError, match="nested more than"):
        read_baseline(str(deep))
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"bid_value.\xff\n")
    with pytest.raises(UserError, match="not UTF-8"):
        read_baseline(str(binary))
