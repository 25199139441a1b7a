"""Inputs that used to be read wrong or slowly: a key twice in one object, a
byte-order mark, filters of thousands of brackets."""

from __future__ import annotations

import fnmatch
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourhundred import safeio
from fourhundred.conformance import reports, suite
from fourhundred.errors import UserError
from fourhundred.globs import glob_match

ROOT = Path(__file__).resolve().parent.parent


def fourhundred(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def a_case_file_with_a_key_twice(path: Path) -> int:
    """A case file whose first case says its expectation twice (the last would
    silently win); the line of the second."""
    good = json.loads((suite.CASES_DIR / "bid_value" / "qahwa-400.json").read_text())
    lines = json.dumps(good, indent=1).splitlines()
    index = next(n for n, text in enumerate(lines) if text.strip().startswith('"expected"'))
    lines.insert(index, '  "expected": {"value": 99999},')
    path.write_text("\n".join(lines))
    return index + 2


def test_a_key_twice_in_a_case_file_is_an_error_naming_the_key_and_its_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "twice.json"
    line = a_case_file_with_a_key_twice(path)
    result = fourhundred("conformance", "run", "-q", "--cases", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: case file {path}: line {line}: the key 'expected'")
    assert "appears twice" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "text, key, line",
    [
        ('{"a": 1, "a": 2}', "a", 1),
        ('{"x": [{"k": 1}, {"k": 2}],\n "y": {"k": 1,\n\n "k": 2}}', "k", 4),
        ('[{"q": {"r": 1}, "r": 2, "s": {"t": "\\"r\\""},\n "r": 3}]', "r", 2),
    ],
)
def test_a_key_twice_in_any_object_is_named_with_its_line(text: str, key: str, line: int) -> None:
    with pytest.raises(UserError, match=f"f.json: line {line}: the key '{key}' appears twice"):
        safeio.parse_json(text, "f.json")


def test_the_same_key_in_two_objects_is_no_duplicate() -> None:
    assert safeio.parse_json('[{"a": 1}, {"a": 2, "b": {"a": 3}}]', "f") == [
        {"a": 1},
        {"a": 2, "b": {"a": 3}},
    ]


def test_a_key_twice_in_a_baseline_or_a_transcript_is_named(tmp_path: Path) -> None:
    baseline = tmp_path / "known.json"
    baseline.write_text('{"known_failures": [], "known_failures": ["x"]}')
    with pytest.raises(UserError, match="the key 'known_failures' appears twice"):
        reports.read_baseline(str(baseline))
    transcript = tmp_path / "game.json"
    transcript.write_text('{"format": 1,\n "format": 2}')
    result = fourhundred("replay", str(transcript))
    assert result.returncode == 2
    assert "line 2: the key 'format' appears twice" in result.stderr


def test_a_byte_order_mark_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(
        b"\xef\xbb\xbf" + (suite.CASES_DIR / "bid_value" / "qahwa-400.json").read_bytes()
    )
    result = fourhundred("conformance", "run", "-q", "--cases", str(path))
    assert result.returncode == 2
    assert "byte-order mark" in result.stderr and str(path) in result.stderr


@given(
    st.text(alphabet="ab-]", max_size=6),
    st.text(alphabet="ab*?[]!-", max_size=8),
)
def test_a_glob_means_what_fnmatch_says(text: str, pattern: str) -> None:
    assert glob_match(text, pattern) == fnmatch.fnmatchcase(text, pattern)


def test_filters_never_hand_a_pattern_to_fnmatch(monkeypatch: pytest.MonkeyPatch) -> None:
    # fnmatch translates a pattern in time quadratic in its brackets: 8,000 of them
    # took most of a minute. The filters use fourhundred.globs, linear, instead.
    def refuse(pattern: str) -> str:
        raise AssertionError("fnmatch.translate was called")

    cases = suite.load_cases()
    monkeypatch.setattr(fnmatch, "translate", refuse)
    fnmatch._compile_pattern.cache_clear()  # type: ignore[attr-defined]
    assert suite.select_runs(cases, ids=["[" * 8000]) == []
    assert suite.select_runs(cases, variants=["[" * 8000]) == []
    assert suite.select_runs(cases, ids=["*" * 8000 + "x"]) == []
    assert len(suite.select_runs(cases, ids=["bid_value.qahwa-400.000[1-3]"])) == 3


def test_an_id_filter_of_thousands_of_brackets_is_no_match_not_a_long_wait() -> None:
    result = fourhundred("conformance", "run", "-q", "--id", "[" * 8000)
    assert result.returncode == 2
    assert "no case matches the filters" in result.stderr
