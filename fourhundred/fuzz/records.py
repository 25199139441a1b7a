"""What a campaign is made of and hands between its parts: its :class:`Config`,
the set of :class:`Blocks` it has done, its counters (:class:`Counts`,
:class:`Progress`) and its :class:`Finding` records, with the parameters a
state file and a case's provenance record (:func:`describe`).

Plain data only: every other module of :mod:`fourhundred.fuzz` reads these,
and this module imports none of them but the implementations' protocol.
"""

from __future__ import annotations

import bisect
import datetime
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from fourhundred.conformance import kinds as case_kinds
from fourhundred.fuzz.implementations import Implementation

Json = dict[str, Any]
BLOCK_SIZE = 200
GENERATOR = "fourhundred.fuzz"
#: The most blocks a shard of a campaign can run (2 * 10^11 cases): a bound on the state file.
MAX_BLOCKS = 10**9


@dataclass(frozen=True)
class Blocks:
    """A set of block numbers, held as sorted, disjoint, non-adjacent ``(first, last)``
    ranges: its size depends on the number of gaps, never on how many blocks it holds
    (a state file may say ``[[0, 999999999]]``)."""

    ranges: tuple[tuple[int, int], ...] = ()

    def __contains__(self, block: object) -> bool:
        if not isinstance(block, int):
            return False
        at = self._last_starting_by(block)
        return at >= 0 and block <= self.ranges[at][1]

    def _last_starting_by(self, block: int) -> int:
        """The index of the last range that starts at or before ``block`` (-1: none)."""
        return bisect.bisect_right(self.ranges, block, key=lambda pair: pair[0]) - 1

    def __len__(self) -> int:
        return sum(last - first + 1 for first, last in self.ranges)

    def add(self, block: int) -> Blocks:
        """These blocks and ``block``."""
        if block in self:
            return self
        ranges = list(self.ranges)
        at = self._last_starting_by(block) + 1
        first, last = block, block
        if at > 0 and ranges[at - 1][1] == block - 1:
            at -= 1
            first = ranges.pop(at)[0]
        if at < len(ranges) and ranges[at][0] == block + 1:
            last = ranges.pop(at)[1]
        ranges.insert(at, (first, last))
        return Blocks(tuple(ranges))

    def next_free(self, block: int, step: int) -> int:
        """The first of ``block``, ``block + step``, ``block + 2 step`` ... not in the set."""
        while True:
            at = self._last_starting_by(block)
            if at < 0 or self.ranges[at][1] < block:
                return block
            block += -(-(self.ranges[at][1] + 1 - block) // step) * step

    def as_json(self) -> list[list[int]]:
        """The ranges as ``[[first, last], ...]``."""
        return [[first, last] for first, last in self.ranges]


#: Joins the names of causes that explain a disagreement only together: the known
#: causes a job sets aside as one (:meth:`fourhundred.fuzz.causes.Tamer.known`).
TOGETHER = " + "


@dataclass(frozen=True)
class Config:
    """Everything a campaign needs; picklable, so jobs get a copy."""

    variants: tuple[str, ...]
    kinds: tuple[str, ...] = tuple(case_kinds.KIND_NAMES)
    adapter: tuple[
        str, ...
    ] = ()  # argv; empty: the reference in process (a self-check / benchmark)
    seconds: float | None = None
    cases: int | None = None
    seed: int = 0
    shard: tuple[int, int] = (1, 1)
    jobs: int = 1
    timeout: float = 5.0
    shrink_seconds: float = 30.0
    block_size: int = BLOCK_SIZE
    done: Blocks = Blocks()
    known_signatures: frozenset[str] = frozenset()
    #: When the run stops (:func:`time.time`, so every process and cluster worker reads
    #: the same clock); :func:`run_campaign` sets it from ``seconds`` as it starts.
    deadline: float | None = None
    #: The campaign's clock (seconds), read for the deadline, the shrink budget and the
    #: batch sizes: :func:`time.time` (one clock for every process and cluster worker).
    #: A test passes a module-level clock that moves with the work done (picklable, read
    #: in each job process), so that no outcome depends on the machine's speed.
    clock: Callable[[], float] = time.time
    #: Builds the implementation under test in process instead of an adapter process
    #: (tests, benchmarks); a module-level function, so every job builds its own.
    implementation: Callable[[Config], Implementation] | None = None
    #: Set aside the disagreements a cause already found explains
    #: (:class:`~fourhundred.fuzz.causes.Tamer`); False: shrink every new shape
    #: (what the taming benchmark compares with).
    tame: bool = True


@dataclass(frozen=True)
class Finding:
    """A shrunk disagreement, with everything needed to reproduce and file it."""

    signature: str
    kind: str
    variant: str
    input: Json
    expected: Json
    actual: Any
    status: str
    paths: tuple[str, ...]
    details: tuple[str, ...]
    original_input: Json
    block: int
    position: int
    shrink_checks: int
    shrink_steps: int
    shrink_seconds: float
    found_after_seconds: float
    implementation: str
    #: False when the run stopped (Ctrl-C, an adapter that died) before it was shrunk.
    shrunk: bool = True
    #: Its class of wrongness (:mod:`fourhundred.fuzz.classes`), the same before and after shrinking.
    wrongness: str = ""
    #: The original (unshrunk) input's answers and differences, beside ``original_input``.
    original_expected: Any = None
    original_actual: Any = None
    original_details: tuple[str, ...] = ()
    #: The mutant that reproduces it, told apart from others by asking the implementation
    #: (:func:`~fourhundred.fuzz.causes.probed_cause`); empty: none, or not asked.
    cause: str = ""

    def to_json(self) -> Json:
        data = asdict(self)
        data["paths"] = list(self.paths)
        data["details"] = list(self.details)
        data["original_details"] = list(self.original_details)
        return data


@dataclass
class Counts:
    """Counters a job reports and the campaign adds up.

    ``cases``: cases asked; of those, ``skipped``: the implementation answered
    ``skipped`` (:attr:`~fourhundred.conformance.outcomes.Reason.SKIPPED`), and
    ``disagreements`` (``errors``: an outcome other than an answer). ``undeclared``:
    cases of the stream not asked, because the implementation does not declare
    their kind under their variant (ADAPTERS.md, the handshake). ``restarts``:
    how often the adapter had to be started again. ``tamed``: disagreements set
    aside unshrunk, or shrunk and not reported, because a cause already found (with
    a witness of their kind) answers them as the implementation did
    (:class:`~fourhundred.fuzz.causes.Tamer`).
    """

    cases: int = 0
    disagreements: int = 0
    errors: int = 0
    skipped: int = 0
    undeclared: int = 0
    #: Times the adapter was started again after a crash, a hang or an unreadable
    #: line, even when every answer was right in the end.
    restarts: int = 0
    tamed: int = 0

    def add(self, other: Counts) -> None:
        """Add ``other``'s counters to these."""
        for name in COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_json(self) -> dict[str, int]:
        """The counters by name."""
        return {name: int(getattr(self, name)) for name in COUNTERS}


#: The counters of :class:`Counts`, in order.
COUNTERS = ("cases", "disagreements", "errors", "skipped", "undeclared", "restarts", "tamed")


@dataclass
class Progress(Counts):
    """What a job reports: its counters and the blocks it has finished."""

    blocks_done: list[int] = field(default_factory=list)


def today() -> str:
    """The date a finding is recorded under (UTC)."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def describe(config: Config) -> Json:
    """The campaign's parameters as recorded in the state file and the provenance."""
    return {
        "generator": GENERATOR,
        "seed": config.seed,
        "variants": list(config.variants),
        "kinds": list(config.kinds),
        "shard": f"{config.shard[0]}/{config.shard[1]}",
        "block_size": config.block_size,
    }
