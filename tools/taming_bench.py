"""Benchmark of the fuzzer's taming (#20 item 4): do k planted bugs give k findings?

For each planted multi-bug engine (:data:`fourhundred.conformance.planted.PLANTED`,
or those named with ``--engine``), a campaign of ``--seconds`` (default 120) with
one job fuzzes the adapter ``python -m fourhundred.conformance.adapter --mutant A
--mutant B ...`` under the variants its bugs are about, with the taming on (and,
with ``--compare``, off). The findings are grouped by cause
(:func:`fourhundred.fuzz.causes.by_cause`); a row says how many causes the engine
has, how many cause groups the findings make, which planted bugs they name and
how many disagreements the taming set aside. Timed: quote ``uptime`` beside it.

    .venv/bin/python tools/taming_bench.py --seconds 120 --clock cpu --engine 0 --engine 5

With ``--clock cpu`` the campaign's seconds are CPU seconds (:func:`cpu_clock`: this
process and the adapter processes it started), so a loaded machine changes how
long a row takes, not what it finds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from fourhundred.conformance import planted, points
from fourhundred.fuzz.campaign import run_campaign
from fourhundred.fuzz.causes import by_cause, group_of
from fourhundred.fuzz.records import Config
from fourhundred.spec.registry import names


def variants_of(bugs: Sequence[str]) -> tuple[str, ...]:
    """The rule sets the bugs' points are about (every default variant for bugs of all)."""
    by_id = points.by_id()
    found = [rule_set for bug in bugs if bug in by_id for rule_set in by_id[bug].rule_sets]
    if any(bug not in by_id for bug in bugs) or not found:
        found += list(names())
    return tuple(dict.fromkeys(found))


def _descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (Linux ``/proc``; none where it cannot be read)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children = [int(child) for child in task.read_text().split()]
        except (OSError, ValueError):
            continue
        for child in children:
            found += [child, *_descendants(child)]
    return found


def _cpu_of(pid: int) -> float:
    """User and system CPU seconds of a running process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_clock() -> float:
    """CPU seconds spent by this process, its ended children and its running
    descendants (the adapter): a campaign clock that load does not move."""
    times = os.times()
    running = sum(_cpu_of(pid) for pid in _descendants(os.getpid()))
    return times.user + times.system + times.children_user + times.children_system + running


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.time, "cpu": cpu_clock}


def measure(
    bugs: Sequence[str], seconds: float, tame: bool, clock: Callable[[], float] = time.time
) -> dict[str, object]:
    """One campaign against the planted engine of ``bugs``: its causes and counters."""
    adapter = [sys.executable, "-m", "fourhundred.conformance.adapter"]
    for bug in bugs:
        adapter += ["--mutant", bug]
    config = Config(
        variants=variants_of(bugs),
        adapter=tuple(adapter),
        seconds=seconds,
        jobs=1,
        tame=tame,
        clock=clock,
    )
    began = clock()
    summary = run_campaign(config)
    grouped = by_cause(summary.findings)
    wanted = {group_of(bug) for bug in bugs}
    named = [group.cause for group in grouped]
    return {
        "causes": len(grouped),
        "named": sum(1 for group in wanted if group in named),
        "other": [name or "(no rule point)" for name in named if name not in wanted],
        "findings": len(summary.findings),
        "tamed": summary.tamed,
        "cases": summary.cases,
        "seconds": clock() - began,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--engine", type=int, action="append", help="index into PLANTED")
    parser.add_argument("--compare", action="store_true", help="also run with taming off")
    parser.add_argument("--untamed", action="store_true", help="only with taming off")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="cpu: CPU seconds (cpu_clock)"
    )
    args = parser.parse_args(argv)
    chosen = args.engine if args.engine else range(len(planted.PLANTED))
    print(
        f"load: {os.getloadavg()[0]:.2f} (1 min); --jobs 1, {args.seconds:g} {args.clock} s per campaign"
    )
    for index in chosen:
        bugs = planted.PLANTED[index]
        for tame in (True, False) if args.compare else (not args.untamed,):
            row = measure(bugs, args.seconds, tame, CLOCKS[args.clock])
            print(
                f"[{index}] {' + '.join(bugs)} (taming {'on' if tame else 'off'}): "
                f"k={len(bugs)}, {row['named']} named, {row['causes']} causes of "
                f"{row['findings']} findings, {row['tamed']} tamed, {row['cases']} cases, "
                f"{row['seconds']:.0f} {args.clock} s, other: {row['other']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
