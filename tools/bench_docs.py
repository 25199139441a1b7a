"""Time the docs build from a fresh clone, and weigh what it writes.

    .venv/bin/python tools/bench_docs.py          # clones HEAD of this checkout
    .venv/bin/python tools/bench_docs.py --keep   # and keeps the clone and the site

Clones the checkout's HEAD into a temporary folder (only committed files, as
CI sees them), runs ``mkdocs build --strict --quiet`` there with this
interpreter, and prints the wall time, the CPU time of the build (user and
system, which is what a quiet machine's wall time comes to: the build runs on
one core), the machine's load before and after, the size of the search index
and of the largest page. A figure is quoted with the load it was measured at
(the guide: benchmarks on a shared machine are noisy). The environment is
passed on, so ``FOURHUNDRED_DOCS_VERIFY_JSON`` (a saved verifier run for the
claims ledger page) applies as it does to any build.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the clone and the site")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fourhundred-docs-bench-"))
    clone, site = work / "clone", work / "site"
    try:
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        load_before = os.getloadavg()
        started = time.perf_counter()
        cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        build = subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--quiet",
                "--site-dir",
                str(site),
            ],
            cwd=clone,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            check=False,
        )
        wall = time.perf_counter() - started
        cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
        load_after = os.getloadavg()
        if build.returncode != 0:
            print(f"error: mkdocs build --strict failed (exit {build.returncode})", file=sys.stderr)
            return 1
        cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (
            cpu_after.ru_stime - cpu_before.ru_stime
        )
        pages = sorted(site.rglob("*.html"), key=lambda p: p.stat().st_size)
        index = site / "search" / "search_index.json"
        print(
            f"docs build from a fresh clone: {wall:.1f} s wall, {cpu:.1f} s CPU; "
            f"load {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
            f"{len(pages)} pages; search index {index.stat().st_size / 1000:.0f} KB; "
            f"largest page {pages[-1].relative_to(site)} {pages[-1].stat().st_size / 1000:.0f} KB"
        )
        if args.keep:
            print(f"kept: {work}")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
