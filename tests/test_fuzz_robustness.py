"""The fuzzer against adapters that lie or stall: answers of any shape are the
adapter's fault, an adapter that never answers is given up on, a campaign folder
is one campaign's at a time, and crashes show in the summary even when every
answer was right in the end."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourhundred.conformance import suite
from fourhundred.fuzz.compare import Outcome, compare
from fourhundred.fuzz.implementations import AdapterError, AdapterProcess

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = Path(__file__).resolve().parent / "adapters"

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def one_case_of_each_kind() -> list[tuple[str, str, dict[str, Any]]]:
    seen: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for case in suite.load_cases():
        seen.setdefault(case["kind"], (case["kind"], case["variants"][0], case["expected"]))
    return list(seen.values())


CASES = one_case_of_each_kind()


@settings(max_examples=300)
@given(st.sampled_from(CASES), JSON, st.data())
def test_an_answer_of_any_shape_is_a_disagreement_never_a_traceback(
    case: tuple[str, str, dict[str, Any]], value: Any, data: st.DataObject
) -> None:
    kind, variant, expected = case
    # The whole result, or one of its fields, replaced by any JSON value.
    field = data.draw(st.sampled_from([None, *sorted(expected)]))
    result = value if field is None else {**expected, field: value}
    compare(kind, variant, expected, Outcome("ok", result))


def test_a_list_where_a_game_result_is_due_is_a_malformed_answer() -> None:
    kind, variant, expected = next(c for c in CASES if c[0] == "game_outcome")
    found = compare(kind, variant, expected, Outcome("ok", {**expected, "result": [1, 2]}))
    assert found is not None and found.wrongness == "malformed"


@pytest.mark.parametrize("batch", [1, 2])
def test_an_adapter_that_never_answers_is_given_up_on_after_a_bounded_number_of_cases(
    batch: int,
) -> None:
    argv = [sys.executable, str(ADAPTERS / "hostile.py"), "stops_reading"]
    kind, variant, expected = CASES[0]
    question = (kind, variant, {}, expected)
    # It never answers, so every case times out, whatever the timeout and the machine.
    impl = AdapterProcess(argv, timeout=0.2, window=2)
    try:
        with pytest.raises(AdapterError, match=r"not restarted again|failure budget"):
            # Before: each batch started the count again, for ever; and a batch of one
            # case (as the fuzzer asks them) restarted it at the next batch unasked.
            for _ in range(20):
                impl.answer([question] * batch)
    finally:
        impl.close()


def fuzz(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", "fuzz", "--variant", "qahwa-400", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_a_second_campaign_on_one_out_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "campaign"
    out.mkdir()
    handle = os.open(out / ".lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the first campaign holds it
        os.write(handle, f"{os.getpid()}\n".encode())
        result = fuzz("--kind", "bid_value", "--cases", "20", "--jobs", "1", "--out", str(out))
    finally:
        os.close(handle)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.strip() == (
        f"error: --out {out}: another fuzz campaign is running on this folder "
        f"(process {os.getpid()}); wait for it to end, or choose another --out"
    )
    assert not (out / "state.json").exists()


def test_crashes_and_restarts_are_in_the_summary_even_when_every_answer_was_right() -> None:
    adapter = f"{sys.executable} {ADAPTERS / 'crashes_on_batches.py'}"
    result = fuzz("--adapter", adapter, "--kind", "bid_value", "--cases", "60", "--jobs", "1")
    assert result.returncode == 0, result.stdout + result.stderr  # no disagreement
    assert "0 disagreements" in result.stdout
    assert "was restarted" in result.stdout
