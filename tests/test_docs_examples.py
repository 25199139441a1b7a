"""The example adapters the guides show in full actually conform.

The Python guide includes ``docs/examples/minimal_adapter.py`` and the
JavaScript guide includes ``conformance/adapters/js/adapter.js``. Both are run
here through the real conformance runner: every case they declare must pass.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYTHON_EXAMPLE = ROOT / "docs" / "examples" / "minimal_adapter.py"
JS_EXAMPLE = ROOT / "conformance" / "adapters" / "js" / "adapter.js"
RUNNER = ROOT / "conformance" / "runner.py"

pytestmark = pytest.mark.skipif(not RUNNER.exists(), reason="the conformance runner is not there")


def run_suite(adapter: list[str], tmp_path: Path) -> dict[str, int]:
    """Run the whole suite against an adapter; the counts of the report's footer."""
    report = tmp_path / "report.jsonl"
    command = shlex.join(adapter)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourhundred",
            "conformance",
            "run",
            "--adapter",
            command,
            "-q",
            "--report",
            str(report),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    footer = [line for line in lines if line.get("type") == "footer"]
    assert footer, f"no report footer:\n{result.stdout}\n{result.stderr}"
    counts: dict[str, int] = footer[-1]["counts"]
    assert result.returncode == 0, (counts, result.stdout[-2000:])
    return counts


def test_the_python_example_adapter_passes_every_case_it_declares(tmp_path: Path) -> None:
    counts = run_suite([sys.executable, str(PYTHON_EXAMPLE)], tmp_path)
    assert counts["pass"] > 0
    assert counts["fail"] == counts["error"] == counts["skip"] == 0


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
@pytest.mark.skipif(not JS_EXAMPLE.exists(), reason="the JavaScript example adapter is not there")
def test_the_javascript_example_adapter_passes_every_case_it_declares(tmp_path: Path) -> None:
    counts = run_suite(["node", str(JS_EXAMPLE)], tmp_path)
    assert counts["pass"] > 0
    assert counts["fail"] == counts["error"] == counts["skip"] == 0
