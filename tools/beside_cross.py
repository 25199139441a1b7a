"""Measure the diagnosis on the whole cross of mixes (#20): a modelled bug beside one
no mutant models.

Each mix of ``CROSS`` in ``tests/test_conformance_diagnosis.py`` (one bug of every
point family of :data:`fourhundred.conformance.planted.PLANTED`, crossed with each
bug no mutant models) is planted in process, run against the suite and diagnosed. A
line of JSON per mix says whether the diagnosis names it exactly (``exact``), misses
the modelled bug (``missed``), names a cause that is not it (``false``; both:
``missed+false``), names it by failing cases only (``cases``), or gives the
unmodelled bug's own failures (those the engine fails too) to a cause (``taken``); and its CPU seconds.

    nice -n 19 .venv/bin/python tools/beside_cross.py --out /tmp/cross.jsonl
    .venv/bin/python tools/beside_cross.py --only 'beyond-target + raise/*'

``--only`` takes shell-style patterns of ``unmodelled + bug``; ``--shard I/N`` runs
every N-th mix from the I-th; a mix already in ``--out`` or a ``--done``
file is skipped (checked before each mix: several processes can share a shard).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from fourhundred.conformance import diagnosis, faults, planted
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.suite import Run

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_conformance_diagnosis as beside


@cache
def _alone(unmodelled: str) -> tuple[Mutant, frozenset[str]]:
    """The bug no mutant models of that name, and the runs of the suite it fails alone."""
    bug = beside._unmodelled(unmodelled)()
    runs = _runs()
    return bug, frozenset(o.key for o in planted.outcomes(bug, runs) if o.status == "fail")


@cache
def _runs() -> tuple[Run, ...]:
    return tuple(faults.suite_runs())


def verdict(unmodelled: str, name: str) -> dict[str, object]:
    """The diagnosis of one mix, judged as ``_beside_unmodelled`` judges it."""
    start = time.process_time()
    runs = _runs()
    bug, alone = _alone(unmodelled)
    engine = planted.Planted(f"{unmodelled} + {name}", (bug, planted.by_name(name)))
    modelled = {
        o.key for o in planted.outcomes(planted.planted((name,)), runs) if o.status == "fail"
    }
    outcomes = planted.outcomes(engine, runs)
    found = diagnosis.diagnose(outcomes)
    failing = {o.key for o in outcomes if o.status == "fail"}
    named = [c for c in found.causes if name == c.point or name in c.alike]
    false = [c.point for c in found.causes if c not in named]
    taken = len(((alone - modelled) & failing) - set(found.unexplained))
    words = [w for w, bad in (("missed", not named), ("false", false)) if bad]
    if not words:
        words = ["cases"] if any(c.match != "exact" for c in named) else []
        words += ["taken"] if taken else []
    return {
        "mix": f"{unmodelled} + {name}",
        "verdict": "+".join(words) or "exact",
        "causes": [[c.point, c.match, len(c.explains)] for c in found.causes],
        "unexplained": len(found.unexplained),
        "alone": len(alone - modelled),
        "taken": taken,
        "cpu": round(time.process_time() - start, 1),
    }


def _done(paths: Sequence[Path]) -> set[str]:
    """The mixes already measured in those files of JSON lines."""
    return {
        json.loads(line)["mix"]
        for path in paths
        if path.exists()
        for line in path.read_text().splitlines()
        if line
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="JSON lines, appended (done mixes skipped)")
    parser.add_argument("--only", action="append", default=[], help="pattern of 'u + bug'")
    parser.add_argument("--shard", default="0/1", help="I/N: every N-th mix from the I-th")
    parser.add_argument("--reverse", action="store_true", help="the last mix first")
    parser.add_argument(
        "--done", type=Path, action="append", default=[], help="skip the mixes of this file too"
    )
    args = parser.parse_args(argv)
    first, step = (int(part) for part in args.shard.split("/"))
    mixes = [f"{u} + {n}" for u, n in beside.CROSS][first::step]
    chosen = [m for m in mixes if not args.only or any(fnmatch.fnmatch(m, p) for p in args.only)]
    for mix in reversed(chosen) if args.reverse else chosen:
        if mix in _done([*args.done, *([args.out] if args.out else [])]):
            continue
        unmodelled, name = mix.split(" + ", 1)
        row = json.dumps(verdict(unmodelled, name))
        print(row, flush=True)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(row + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
