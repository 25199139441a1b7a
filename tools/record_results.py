"""Run every listed adapter against the suite and append the run to the results history.

    .venv/bin/python tools/record_results.py

The history (``docs/results/history.json``, kept in the repository and
published with the site) is what the results pages show under "History": one
entry per recorded run, with its date, commit, suite version and each
adapter's counts and badge. Commit the file after recording.
"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

from docsgen import results  # noqa: E402


def main() -> int:
    runs = results.run_all(ROOT)
    entry = results.history_entry(
        runs, results.commit_of(ROOT), datetime.datetime.now(datetime.UTC)
    )
    path = results.record(ROOT, entry)
    for adapter in entry["adapters"]:  # type: ignore[union-attr]
        print(f"{adapter['name']}: {adapter.get('badge') or adapter.get('not_run')}")
    print(f"recorded in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
