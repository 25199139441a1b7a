"""``fourhundred bench --suite-cases N``: the conformance runner's peak memory on a case
file of N cases, measured in a process of its own (a benchmark: the figure is printed,
never asserted)."""

from __future__ import annotations

import re

import pytest

from fourhundred.cli import main


def test_the_suite_memory_benchmark_runs_the_whole_generated_file_and_reports_its_peak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(
            [
                "bench", "--hands", "0", "--games", "0", "--engine-hands", "0",
                "--batch-hands", "0", "--batch-games", "0", "--suite-cases", "120",
            ]
        )  # fmt: skip
    out = capsys.readouterr().out
    assert not exit_.value.code, out
    [line] = out.splitlines()
    assert re.fullmatch(
        r"suite memory: [\d,]+ MB peak resident \(the largest process: the runner\) for 120 "
        r"cases \(\d+ MB file\), [\d.,]+ CPU-s runner and adapter, [\d.,]+ s wall; exit 0: "
        r"120 passed, 0 failed, .*",
        line,
    ), line
