"""Case folders a user names with --cases are checked before anything runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fourhundred.conformance import suite
from fourhundred.errors import UserError

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", "conformance", "run", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_a_malformed_case_file_is_named_with_the_place_and_the_problem(tmp_path: Path) -> None:
    good = json.loads((suite.CASES_DIR / "bid_value" / "qahwa-400.json").read_text())
    good["cases"][3]["expected"] = {"value": "ten"}
    (tmp_path / "deep" / "er").mkdir(parents=True)
    bad = tmp_path / "deep" / "er" / "mine.json"
    bad.write_text(json.dumps(good))
    result = run("--cases", str(tmp_path))
    assert result.returncode == 2
    assert f"{bad}: not a valid case file at cases/3/expected" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_case_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"cases": [')
    with pytest.raises(UserError, match=r"broken\.json: not valid JSON"):
        suite.load_cases(tmp_path)


def test_an_empty_case_folder_is_an_error_not_an_empty_pass(tmp_path: Path) -> None:
    result = run("--cases", str(tmp_path))
    assert result.returncode == 2 and "no case files (*.json)" in result.stderr


def test_a_valid_case_file_found_at_any_depth_runs(tmp_path: Path) -> None:
    source = suite.CASES_DIR / "legal_bids" / "pagat-41.json"
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "copy.json").write_bytes(source.read_bytes())
    cases = suite.load_cases(tmp_path)
    assert len(cases) == len(json.loads(source.read_text())["cases"]) > 0
    result = run("--cases", str(tmp_path / "a" / "b" / "copy.json"), "-q")
    assert result.returncode == 0, result.stdout + result.stderr
