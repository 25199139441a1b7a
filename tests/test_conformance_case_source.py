"""Case files stream (issue #23): the streaming reader gives what the whole-file
reader gives, or its very error; a source of a user's files holds no case; a run
kept after it passed holds no case and no answer."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from fourhundred import safeio
from fourhundred.commands.bench import _big_case_file
from fourhundred.conformance import suite
from fourhundred.conformance.case_source import CaseSource, KeptOutcome, RunPlan, open_cases
from fourhundred.conformance.reports import UNFINISHED_REASON, RunSummary
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import CaseStub, Run
from fourhundred.errors import UserError


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 7 bytes: values, numbers and characters cut at every place."""
    monkeypatch.setattr(safeio, "STREAM_CHUNK", 7)


def _streamed(path: Path) -> dict[str, object]:
    head, elements = safeio.stream_last_array(path, "case file")
    last = list(head)[-1]
    return {**head, last: list(elements)}


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "b": [1, 22, 333, -4.5e3, true, null, "x\\u00e9y", {"k": [1, {"z": 2}]}]}',
        '{"kind": "é—ü", "cases": []}\n',
        '  {"cases": [[], {}, "", 12345678901234567890]}  ',
    ],
)
def test_the_streaming_reader_reads_what_the_whole_file_reader_reads(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "f.json"
    path.write_text(text, encoding="utf-8")
    assert _streamed(path) == safeio.read_json_file(path, "case file")


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "cases": [1, 2, {"x": 1, "x": 2}]}',  # a key twice, late in the file
        '\ufeff{"cases": []}',
        '{"cases": [1, 2, 3]} extra',
        '{"cases": [1, 2, NaN]}',
        '{"cases": [1, 2, ' + "[" * 70 + "]" * 70 + "]}",
        '{"cases": [1, 2, 3',
        '{"cases": [1, 2, "\\ud800"]}',
        '{"a": 1, "a": [1]}',
        '{"cases": [1, 2, ' + "9" * 50 + "]}",
    ],
)
def test_what_the_streaming_reader_refuses_gets_the_whole_file_readers_error(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "f.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError) as whole:
        safeio.read_json_file(path, "case file")
    with pytest.raises(UserError) as streamed:
        _streamed(path)
    assert str(streamed.value) == str(whole.value)


def test_bytes_that_are_not_utf8_late_in_a_file_get_the_same_error(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b'{"cases": [' + b'"abc", ' * 50_000 + b'"\xff"]}')
    with pytest.raises(UserError) as whole:
        safeio.read_json_file(path, "case file")
    with pytest.raises(UserError) as streamed:
        _streamed(path)
    assert str(streamed.value) == str(whole.value) and "not UTF-8" in str(streamed.value)


@pytest.mark.parametrize("text", ['{"cases": [1], "kind": "x"}', "[1, 2]", '{"a": 1}'])
def test_a_valid_file_of_another_shape_is_not_streamable(tmp_path: Path, text: str) -> None:
    path = tmp_path / "f.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(safeio.NotStreamable):
        _streamed(path)


def test_a_streamed_source_holds_no_case_and_walks_them_again_as_the_file_has_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cases.json"
    _big_case_file(path, 300)
    source = open_cases(path, unique_ids=True)
    assert all(file.cases is None for file in source._files)
    assert list(source) == list(source) == list(suite.load_cases(path, unique_ids=True))
    assert len(source) == 300
    fetched = source.fetch({"bid_value.bench.0000007", "bid_value.bench.0000299"})
    assert sorted(fetched) == ["bid_value.bench.0000007", "bid_value.bench.0000299"]


def test_a_streamed_files_bad_case_is_the_error_the_whole_file_check_gives(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cases.json"
    _big_case_file(path, 300)
    lines = path.read_text(encoding="utf-8").splitlines()
    late = json.loads(lines[250].lstrip(","))
    lines[250] = "," + json.dumps({**late, "variants": ["no-such-variant"]})
    lines[260] = lines[260].replace('"input"', '"inputs"', 1)  # a schema problem after it
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(UserError) as whole:
        suite.load_cases(path, unique_ids=True)
    with pytest.raises(UserError) as streamed:
        open_cases(path, unique_ids=True)
    assert str(streamed.value) == str(whole.value)
    assert "cases/249" in str(streamed.value)  # line 250 of the file: its first is the head


def test_a_plan_selects_what_select_runs_selects_and_lists_the_runs_not_run(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cases.json"
    _big_case_file(path, 120)
    source = open_cases(path, unique_ids=True)
    ids = ["bid_value.bench.00000[1-3]*"]
    plan = RunPlan.select(source, ["bid_value"], [], ids)
    listed = suite.select_runs(suite.load_cases(path), ["bid_value"], [], ids)
    assert [(run.key, run.case) for run in plan] == [(run.key, run.case) for run in listed]
    assert [run.key for run in plan.light()] == [run.key for run in listed]
    assert len(plan) == len(listed) == 30
    done = [Outcome(run, "pass").compact() for run in plan if run.slot % 2]
    assert [run.key for run in plan.missing(done)] == [run.key for run in listed[::2]]


def _plan_of_a_streamed_file(folder: Path, cases: int) -> RunPlan:
    """Every run of a case file of ``cases`` cases written in ``folder``."""
    path = folder / "cases.json"
    _big_case_file(path, cases)
    return RunPlan.select(open_cases(path))


def test_a_plan_keeps_a_pass_of_its_own_as_its_place_and_anything_else_as_compacted(
    tmp_path: Path,
) -> None:
    plan = _plan_of_a_streamed_file(tmp_path, 30)
    extra = Run(suite.load_cases()[0], suite.load_cases()[0]["variants"][0], True)
    plan = plan.plus([extra])
    runs = list(plan)
    passed = Outcome(runs[7], "pass", "fine", actual={"value": 1}, stderr="x", seconds=0.25)
    kept = plan.kept(passed)
    assert isinstance(kept, KeptOutcome)
    assert kept.run == passed.compact().run and isinstance(kept.run.case, CaseStub)
    assert (kept.key, kept.status, kept.message, kept.actual, kept.stderr, kept.seconds) == (
        passed.key, "pass", "fine", None, "x", 0.25,
    )  # fmt: skip
    assert kept.reason is passed.reason
    failed = Outcome(runs[7], "fail", "wrong", actual={"value": 1})
    assert plan.kept(failed) is failed  # the evidence of a failure is kept whole
    added = Outcome(runs[-1], "pass")
    assert runs[-1].derived and plan.kept(added) is added  # a derived run has no stub


def test_the_runs_not_run_are_made_only_when_read_and_are_the_light_runs(
    tmp_path: Path,
) -> None:
    plan = _plan_of_a_streamed_file(tmp_path, 40)
    light = list(plan.light())
    done = [plan.kept(Outcome(run, "pass")) for run in plan if run.slot % 3]
    not_run = RunSummary.of(done, plan).not_run
    assert list(not_run) == light[::3] and len(not_run) == len(light[::3])
    assert not_run[1] == light[3] and not_run[-1] == light[-1 - (len(light) - 1) % 3]
    assert list(not_run[1:3]) == light[3:9:3]
    assert not RunSummary.of([*done, *(Outcome(r, "pass") for r in light[::3])], plan).not_run


def test_a_pass_is_kept_without_its_case_or_its_answer() -> None:
    case = suite.load_cases()[0]
    run = Run(case, case["variants"][0], slot=0)
    kept = Outcome(run, "pass", actual={"value": 1}, seconds=0.5).compact()
    assert isinstance(kept.run.case, CaseStub) and kept.actual is None
    assert (kept.key, kept.run.kind, kept.seconds) == (run.key, run.kind, 0.5)
    failed = Outcome(run, "fail", "wrong", actual={"value": 1})
    assert failed.compact() is failed  # the evidence of a failure is kept whole


def _held_bytes(path: Path) -> tuple[int, int]:
    """The traced memory held after checking a case file, planning its runs,
    summing them up as not run (the early reports) and keeping each as a pass, as
    ``conformance run`` holds them; and the number of cases."""
    tracemalloc.start()
    try:
        source = open_cases(path, unique_ids=True)
        plan = RunPlan.select(source)
        unfinished = RunSummary.of([], plan, UNFINISHED_REASON)
        kept = [plan.kept(Outcome(run, "pass")) for run in plan]
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert source.entries and len(unfinished.not_run) == len(kept)
    return held, len(kept)


def test_checking_and_planning_a_large_file_holds_a_few_hundred_bytes_a_case(
    tmp_path: Path,
) -> None:
    small, large = tmp_path / "small.json", tmp_path / "large.json"
    _big_case_file(small, 3_000)
    _big_case_file(large, 9_000)
    _held_bytes(small)  # once first, for what is made once (schema validators, caches)
    (low, few), (high, many) = _held_bytes(small), _held_bytes(large)
    assert (few, many) == (3_000, 9_000)
    per_case = (high - low) / (many - few)
    # About 330 (an index entry ~160, a kept pass ~136, a place in the plan and
    # in the runs not run); 570 when a kept pass held its run and the early
    # reports' runs not run were made whole.
    assert per_case < 400, f"{per_case:.0f} bytes a case"


def test_the_bundled_suite_is_a_held_source() -> None:
    source = CaseSource.held(suite.load_cases())
    assert len(source) == len(suite.load_cases()) and next(iter(source)) is suite.load_cases()[0]


def test_a_case_is_checked_against_its_kinds_branch_of_the_schema_with_the_same_verdict() -> None:
    """The streamed check validates a case by its kind's branch of the schema only
    (the other kinds' conditions are false there): the whole schema's verdict on a
    case of each kind, on it made invalid, and on it claiming each other kind."""
    from fourhundred.conformance import case_source

    whole = case_source._case_validator()
    firsts = {case["kind"]: case for case in reversed(suite.load_cases())}
    assert set(firsts) == case_source._named_kinds()
    tried = []
    for case in firsts.values():
        for kind in firsts:
            claimed = {**case, "kind": kind}
            tried += [claimed, {**claimed, "input": {**claimed["input"], "extra": 1}}]
            tried.append({**claimed, "expected": {}})
    verdicts = [(whole.is_valid(c), case_source._kind_validator(c).is_valid(c)) for c in tried]
    assert all(full == by_kind for full, by_kind in verdicts)
    assert {full for full, _ in verdicts} == {True, False}
    other = {"if": {"required": ["x"]}, "then": {"required": ["y"]}}
    named = {"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["z"]}}
    assert case_source._branches_for([other, named], "a") == [other, {"required": ["z"]}]
    assert case_source._branches_for([other, named], "b") == [other]
