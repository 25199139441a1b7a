"""The installable artifact: a wheel of the package, installed in a fresh virtualenv, runs the suite.

The wheel is built from this checkout (``pip wheel --no-build-isolation``,
offline: the build tools are the dev extra's). It is installed into a new
virtualenv that sees the *dependencies* already installed here (a ``.pth``
file naming a folder of links to them, without this checkout's own editable
install), by this environment's pip (``pip --python``: the new virtualenv needs no
pip of its own) with ``install --no-index --find-links``: nothing is
downloaded, pip checks the wheel's declared dependencies against what it
finds, and the ``fourhundred`` imported is the wheel's. The installed command
then runs the whole conformance suite, bundled in the wheel, against the
bundled reference adapter, as an implementer would first run it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip(
    "wheel", reason="building the wheel needs the dev extra: pip install -e '.[dev]'"
)


def _run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert run.returncode == 0, f"{command} failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    return run


def _dependencies_without_this_checkout(into: Path) -> Path:
    """A folder of links to every installed distribution but fourhundred itself."""
    into.mkdir()
    site_packages = Path(sysconfig.get_paths()["purelib"])
    for entry in site_packages.iterdir():
        name = entry.name.lower()
        if name.startswith(("fourhundred", "__editable__", "_fourhundred")) or name.endswith(
            ".pth"
        ):
            continue
        (into / entry.name).symlink_to(entry)
    return into


def test_the_wheel_installs_in_a_fresh_virtualenv_and_its_command_runs_the_whole_suite(
    tmp_path: Path,
) -> None:
    wheels = tmp_path / "wheels"
    _run(
        sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "-w", wheels, ROOT, cwd=tmp_path,
    )  # fmt: skip
    (wheel,) = wheels.glob("fourhundred-*-py3-none-any.whl")

    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=False)  # this pip installs into it (``pip --python``)
    python = fresh / "bin" / "python"
    purelib = _run(
        python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path
    ).stdout.strip()
    deps = _dependencies_without_this_checkout(tmp_path / "deps")
    Path(purelib, "fourhundred-deps.pth").write_text(f"{deps}\n", encoding="utf-8")

    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index",
         "--find-links", wheels, "fourhundred", cwd=tmp_path)  # fmt: skip
    where = _run(python, "-c", "import fourhundred; print(fourhundred.__file__)", cwd=tmp_path)
    assert where.stdout.strip().startswith(purelib), where.stdout
    assert wheel.name.startswith("fourhundred-")

    suite = _run(fresh / "bin" / "fourhundred", "conformance", "run", "-q", cwd=tmp_path)
    summary = suite.stdout.strip().splitlines()[-1]
    assert " 0 failed, 0 errored" in summary and "passed" in summary, suite.stdout[-2000:]
    passed = int(summary.split(" passed", 1)[0].split()[-1])
    assert passed > 4000, summary
