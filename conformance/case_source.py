"""The cases of a run, read as they are needed, and the runs planned from them.

A user's case file may hold hundreds of thousands of cases (``--cases``; issue
#23: 300,000 grew the runner to 660 MB). A :class:`CaseSource` holds none of
them: it reads each file in two passes, through
:func:`fourhundred.safeio.stream_last_array` (one case at a time).

1. **Check and index** (:func:`open_cases`): every case is checked as
   :func:`~fourhundred.conformance.suite.checked_cases` checks a file (its kind,
   id and variants, then the case schema), and what a plan needs of it is kept
   (:class:`Entry`: id, kind, variants, whether it starts from a position). A
   problem of any sort makes the file be checked again whole, the way it always
   was, so the error line names what and where exactly as before; a file of
   another shape (the case array not last) is read whole and kept.
2. **Walk** (:meth:`CaseSource.__iter__`): the cases again, in order, each with
   its variants in canonical form, as many times as a run needs (the published
   runs, the exact declarations' runs, the cases the diagnosis asks for).

A :class:`RunPlan` is the runs of a run in suite order (the published runs,
then those an exact declaration adds): counted up front, made as the runner
takes them, each with its :attr:`~fourhundred.conformance.suite.Run.slot`.
Its :meth:`RunPlan.light` runs carry only id and kind
(:class:`~fourhundred.conformance.suite.CaseStub`): enough to say which runs an
adapter declared and which were not run, without reading a file again.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, overload

from fourhundred.conformance import suite
from fourhundred.conformance.judging import Outcome
from fourhundred.conformance.suite import Case, CaseStub, Run
from fourhundred.errors import UserError
from fourhundred.globs import glob_match


class Entry(NamedTuple):
    """What a plan keeps of a case: about 150 bytes, whatever the case holds."""

    id: str
    kind: str
    variants: tuple[str, ...]
    positional: bool


@dataclass(frozen=True)
class _File:
    """A case file of a source: its path and kind, and its cases if they are held
    (a file read whole); ``None``: streamed at each walk."""

    path: Path
    kind: Any
    cases: tuple[Case, ...] | None


class _Recheck(Exception):
    """The streamed check found a problem: the file is checked whole to name it."""


@cache
def _case_validator(kind: str | None = None) -> Any:
    """The validator of one case; given ``kind``, one for a case whose ``kind`` is that
    string: the case schema with its ``allOf`` as it reads there (:func:`_branches_for`),
    the same verdict with the other kinds' conditions not tried."""
    import jsonschema  # type: ignore[import-untyped]

    schema = suite._case_schema()
    defs = schema["$defs"]
    if kind is not None:
        case = defs["case"]
        defs = {**defs, "case": {**case, "allOf": _branches_for(case["allOf"], kind)}}
    single = {"$schema": schema["$schema"], "$ref": "#/$defs/case", "$defs": defs}
    return jsonschema.Draft202012Validator(single)


def _branches_for(branches: Sequence[Any], kind: str) -> list[Any]:
    """The branches of an ``allOf`` as they read for an object whose ``kind`` is the
    string ``kind``: a branch ``if kind is K then S`` (:func:`_branch_kind`) is ``S``
    where ``K`` is ``kind`` and holds trivially (is left out) for any other ``K``;
    any other branch is kept."""
    kept = []
    for branch in branches:
        named = _branch_kind(branch)
        if named is None:
            kept.append(branch)
        elif named == kind:
            kept.append(branch["then"])
    return kept


def _branch_kind(branch: Any) -> str | None:
    """``K`` of a branch that reads exactly ``{"if": {"properties": {"kind": {"const":
    K}}}, "then": ...}`` with ``K`` a string, else ``None``."""
    if not isinstance(branch, dict) or set(branch) != {"if", "then"}:
        return None
    condition = branch["if"]
    for key in ("properties", "kind"):
        if not isinstance(condition, dict) or list(condition) != [key]:
            return None
        condition = condition[key]
    if not isinstance(condition, dict) or list(condition) != ["const"]:
        return None
    named = condition["const"]
    return named if isinstance(named, str) else None


def _kind_validator(case: Any) -> Any:
    """:func:`_case_validator` for ``case``: its kind's, for a kind the schema's
    ``allOf`` names (a handful), else the whole schema's."""
    kind = case.get("kind") if isinstance(case, dict) else None
    return _case_validator(kind if isinstance(kind, str) and kind in _named_kinds() else None)


@cache
def _named_kinds() -> frozenset[str]:
    """The kinds the case schema's ``allOf`` gives a branch of their own."""
    branches = suite._case_schema()["$defs"]["case"]["allOf"]
    return frozenset(name for name in map(_branch_kind, branches) if name is not None)


@cache
def _file_validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(suite._case_schema())


def entry_of(case: Case, variants: dict[tuple[str, ...], tuple[str, ...]]) -> Entry:
    """A case's :class:`Entry` (``variants``: the variant tuples already seen, shared)."""
    listed = tuple(case["variants"])
    shared = variants.setdefault(listed, listed)
    kind = sys.intern(case["kind"])  # one string for every case of a kind
    return Entry(case["id"], kind, shared, "position" in case["input"])


class CaseSource:
    """The cases of a run in suite order, walked again as often as needed; for a
    user's files, streamed (none held), for the bundled suite, the loaded tuple."""

    def __init__(self, files: Sequence[_File], entries: Sequence[Entry]) -> None:
        self._files = tuple(files)
        self.entries = entries

    @classmethod
    def held(cls, cases: Iterable[Case]) -> CaseSource:
        """A source of cases in memory (the bundled suite, or a test's)."""
        held = tuple(cases)
        shared: dict[tuple[str, ...], tuple[str, ...]] = {}
        return cls([_File(Path("."), None, held)], [entry_of(case, shared) for case in held])

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Case]:
        from fourhundred.safeio import stream_last_array

        number = 0
        for file in self._files:
            if file.cases is not None:
                yield from file.cases
                number += len(file.cases)
                continue
            _, elements = stream_last_array(file.path, "case file")
            for index, raw in enumerate(elements):
                case = suite._checked_case(file.path, index, raw, file.kind, None)
                if number >= len(self.entries) or case.get("id") != self.entries[number].id:
                    raise UserError(f"case file {file.path}: it changed while the run read it")
                # The index's strings, not copies: a case cut down keeps these.
                case["id"], case["kind"] = self.entries[number].id, self.entries[number].kind
                number += 1
                yield case

    def fetch(self, ids: Collection[str]) -> dict[str, Case]:
        """The cases of these ids (one walk), by id."""
        wanted = set(ids)
        found: dict[str, Case] = {}
        if not wanted:
            return found
        for case in self:
            if case["id"] in wanted:
                found[case["id"]] = case
                if len(found) == len(wanted):
                    break
        return found


def open_cases(
    cases_dir: Path,
    on_file: Callable[[Path, int, int], None] | None = None,
    *,
    unique_ids: bool = False,
) -> CaseSource:
    """The cases of a user's file or folder, checked and indexed (the first pass),
    with the errors :func:`~fourhundred.conformance.suite.load_cases` gives, each
    naming the file, the case and what is wrong."""
    files: list[_File] = []
    entries: list[Entry] = []
    first_seen: dict[str, Path] = {}
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}
    paths = suite.user_case_files(cases_dir)
    for done, path in enumerate(paths):
        if on_file is not None:
            on_file(path, done, len(paths))
        file, found = _checked_file(path, unique_ids, shared, first_seen)
        entries.extend(found)
        files.append(file)
    return CaseSource(files, entries)


def _checked_file(
    path: Path,
    unique_ids: bool,
    shared: dict[tuple[str, ...], tuple[str, ...]],
    first_seen: dict[str, Path],
) -> tuple[_File, list[Entry]]:
    """One file checked, as a streamed file and its entries (or, read whole, held);
    ``first_seen``: the file each id was first seen in, this one's ids added."""
    from fourhundred.safeio import NotStreamable

    try:
        return _streamed_check(path, unique_ids, shared, first_seen)
    except NotStreamable:
        pass
    except (_Recheck, UserError) as problem:
        suite.checked_cases(path, unique_ids=unique_ids)  # names the problem as it always did
        if isinstance(problem, UserError):
            raise
    held = tuple(suite.checked_cases(path, unique_ids=unique_ids))
    for case in held:
        _seen_once(case["id"], path, unique_ids, first_seen)
    return _File(path, None, held), [entry_of(case, shared) for case in held]


def _seen_once(case_id: str, path: Path, unique_ids: bool, first_seen: dict[str, Path]) -> None:
    """Note where an id was first seen; with ``unique_ids``, one seen in an earlier
    file is an error naming both."""
    earlier = first_seen.setdefault(case_id, path)
    if unique_ids and earlier != path:
        raise UserError(
            f"case file {path}: case id {case_id} is also used in {earlier}; "
            "every case id must be unique"
        )


def _streamed_check(
    path: Path,
    unique_ids: bool,
    shared: dict[tuple[str, ...], tuple[str, ...]],
    first_seen: dict[str, Path],
) -> tuple[_File, list[Entry]]:
    from fourhundred.safeio import NotStreamable, stream_last_array

    head, elements = stream_last_array(path, "case file")
    if list(head)[-1:] != ["cases"]:
        raise NotStreamable
    if not _file_validator().is_valid(head):
        raise _Recheck
    kind = head.get("kind")
    found: list[Entry] = []
    ids = len(first_seen)
    also: str | None = None  # the first id an earlier file used too
    clashed: set[str] = set()  # every such id (a few, if any)
    for index, raw in enumerate(elements):
        case = suite._checked_case(path, index, raw, kind, None)
        if not _kind_validator(case).is_valid(case):
            raise _Recheck
        case_id = case["id"]
        earlier = first_seen.setdefault(case_id, path)
        if len(first_seen) == ids and unique_ids:  # seen before: in this file, or another
            if earlier == path or case_id in clashed:
                raise _Recheck  # the whole check names the case used twice in this file
            clashed.add(case_id)
            also = also or case_id
        ids = len(first_seen)
        found.append(entry_of(case, shared))
    if also is not None:  # after the file's own problems, as when it is read whole
        _seen_once(also, path, unique_ids, first_seen)
    return _File(path, kind, None), found


class RunPlan:
    """The runs of a run in suite order: the published runs a filter selects
    from a :class:`CaseSource` (as :func:`~fourhundred.conformance.suite.select_runs`
    selects them), then any added (:meth:`plus`); each run knows its slot."""

    def __init__(self, source: CaseSource, cases: array[int], variants: array[int]) -> None:
        self.source = source
        #: For the n-th published run: its case's place in the source, and which of
        #: the case's variants it is run under.
        self._cases = cases
        self._variants = variants
        self.extra: tuple[Run, ...] = ()

    @classmethod
    def select(
        cls,
        source: CaseSource,
        kinds: Sequence[str] = (),
        variants: Sequence[str] = (),
        ids: Sequence[str] = (),
    ) -> RunPlan:
        """Every (case, variant) run that passes the filters, in suite order."""
        cases, chosen = array("q"), array("b")
        for number, entry in enumerate(source.entries):
            if kinds and entry.kind not in kinds:
                continue
            if ids and not any(glob_match(entry.id, pattern) for pattern in ids):
                continue
            for which, variant in enumerate(entry.variants):
                if suite.variant_matches(variant, variants):
                    cases.append(number)
                    chosen.append(which)
        return cls(source, cases, chosen)

    @classmethod
    def listed(cls, runs: Iterable[Run]) -> RunPlan:
        """A plan of runs given whole (a test's, a fuzz batch's), kept as they are."""
        plan = cls(CaseSource([], []), array("q"), array("b"))
        plan.extra = tuple(runs)
        return plan

    def plus(self, runs: Iterable[Run]) -> RunPlan:
        """This plan with ``runs`` after its own."""
        plan = RunPlan(self.source, self._cases, self._variants)
        start = len(self)
        added = tuple(replace(run, slot=start + n) for n, run in enumerate(runs))
        plan.extra = self.extra + added
        return plan

    def __len__(self) -> int:
        return len(self._cases) + len(self.extra)

    @property
    def lazy(self) -> bool:
        """Whether its :meth:`light` runs are cut down (else they are the runs themselves)."""
        return bool(self._cases)

    def __iter__(self) -> Iterator[Run]:
        """The runs, whole, in order (the source walked once)."""
        if self._cases:
            cases, chosen = self._cases, self._variants
            slot, total = 0, len(cases)
            for number, case in enumerate(self.source):
                while slot < total and cases[slot] == number:
                    variant = self.source.entries[number].variants[chosen[slot]]
                    yield Run(case, variant, False, slot)
                    slot += 1
                if slot == total:
                    break
        yield from self.extra

    def light(self, start: int = 0) -> Iterator[Run]:
        """The runs from the ``start``-th on, their cases cut down to id and kind
        (no file is read; added runs as they are)."""
        return map(self.light_run, range(start, len(self)))

    def light_run(self, place: int) -> Run:
        """The run at ``place`` in the plan, its case cut down to id and kind (an
        added run as it is)."""
        if place >= len(self._cases):
            return self.extra[place - len(self._cases)]
        entry = self.source.entries[self._cases[place]]
        variant = entry.variants[self._variants[place]]
        return Run(CaseStub(entry.id, entry.kind, entry.positional), variant, False, place)

    def kept(self, outcome: Outcome) -> Outcome:
        """``outcome`` as the reports keep it once it is streamed
        (:meth:`~fourhundred.conformance.judging.Outcome.compact`); a pass or a
        not-applicable run of this plan's own as a :class:`KeptOutcome`, which
        holds its place instead of its run."""
        slot = outcome.run.slot
        compact = outcome.compact()
        if compact is outcome or slot is None or slot >= len(self._cases):
            return compact
        return KeptOutcome(self, slot, compact)

    def missing(self, outcomes: Iterable[Outcome]) -> NotRun:
        """The planned runs without an outcome (light, in order): each outcome
        accounts for the run of its slot, or, without one, for a run of its key."""
        seen = bytearray(len(self))
        loose: Counter[str] = Counter()
        for outcome in outcomes:
            slot = outcome.run.slot
            if slot is not None and slot < len(seen) and not seen[slot]:
                seen[slot] = 1
            else:
                loose[outcome.key] += 1
        places = array("q")
        for place, run in enumerate(self.light()):
            if run.slot == place and seen[place]:
                continue
            if loose[run.key]:
                loose[run.key] -= 1
            else:
                places.append(place)
        return NotRun(self, places)


class NotRun(Sequence[Run]):
    """Planned runs that got no outcome, in order, made only when asked
    (:meth:`RunPlan.light_run`): a report that only counts them holds 8 bytes a
    run, not the 300,000 runs of a large case file's unfinished run."""

    def __init__(self, plan: RunPlan, places: array[int]) -> None:
        self._plan = plan
        self._places = places

    def __len__(self) -> int:
        return len(self._places)

    @overload
    def __getitem__(self, index: int) -> Run: ...

    @overload
    def __getitem__(self, index: slice) -> NotRun: ...

    def __getitem__(self, index: int | slice) -> Run | NotRun:
        if isinstance(index, slice):
            return NotRun(self._plan, self._places[index])
        return self._plan.light_run(self._places[index])

    def __iter__(self) -> Iterator[Run]:
        return map(self._plan.light_run, self._places)


class KeptOutcome(Outcome):
    """A compacted outcome of a plan's run that holds the plan and the run's place
    in it, not the run: its :attr:`run` is made again when asked
    (:meth:`RunPlan.light_run`, the very run :meth:`Outcome.compact` keeps). About
    140 bytes less a pass than a compacted outcome, which holds its run and the
    run's case stub."""

    __slots__ = ("_place", "_plan")
    _plan: RunPlan
    _place: int

    def __init__(self, plan: RunPlan, place: int, compact: Outcome) -> None:
        # The inherited fields but ``run`` (read through the property below).
        for field in fields(compact):
            if field.name != "run":
                object.__setattr__(self, field.name, getattr(compact, field.name))
        object.__setattr__(self, "_plan", plan)
        object.__setattr__(self, "_place", place)

    @property
    def run(self) -> Run:
        """The run, cut down to id and kind, made from the plan."""
        return self._plan.light_run(self._place)
