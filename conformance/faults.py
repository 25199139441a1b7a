"""The fault dictionary: for every mutant, which runs of the suite fail under it and how.

For every hand-written mutant (:data:`~fourhundred.conformance.mutants.MUTANTS`) and
every rule point's mutant (:mod:`fourhundred.conformance.points`), the dictionary
records each run of the published suite (``id@variant``) that fails under it and a
short digest of its wrong answer (:func:`answer_digest`). It is what a diagnosis
(:mod:`fourhundred.conformance.diagnosis`) reads: an engine's failures are compared
with every mutant's, and a mutant whose failures (and wrong answers) are the
engine's names the rule it breaks.

It is computed in this process (:class:`~fourhundred.conformance.mutants.Killer`:
each run answered by the mutated reference, compared as the runner compares),
derived from whatever mutants and points exist, and kept next to the suite as
``faults.json``, written by the generator (:func:`write`). The file carries a
fingerprint of what it was computed from (:func:`fingerprint`: every run's id,
variant and expectation, every mutant's name and description), so a suite or a
model that moved on makes it stale (``tests/test_conformance_diagnosis.py``
checks both the fingerprint and, on a sample, the recorded failures themselves).

The digest of a wrong answer is that of the *differences* from the expected
answer (:func:`~fourhundred.conformance.compare.compare`: paths and actual
values; for a whole game only its first divergence,
:func:`~fourhundred.conformance.compare.first_divergence`, since what follows
follows from it): two answers the runner would report alike have one digest,
and extra fields an adapter adds are ignored as the runner ignores them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from fourhundred.conformance import compare, kinds, mutants, points
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.suite import Run, expectation_digest
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

#: The committed fault dictionary (written by the generator).
PATH = Path(__file__).resolve().parent / "faults.json"

#: The digest of an answer the mutated reference could not give (it raised).
RAISED = "raised"


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def answer_digest(run: Run, answer: Any) -> str | None:
    """The digest of ``answer``'s departure from the run's expected answer (``None``:
    it passes). Equal digests: the runner would report the same differences."""
    differences = compare.compare(run.kind, run.case["expected"], answer)
    if not differences:
        return None
    shown = compare.first_divergence(run.kind, differences)
    return _digest(
        [[d.path, repr(d.actual) if d.actual is compare.ABSENT else d.actual] for d in shown]
    )


def full_digest(run: Run, answer: Any) -> str | None:
    """The digest of *every* difference of ``answer`` from the expected one (``None``: it
    passes). For a whole game that is the whole answer, not its first divergence: a
    second bug that shows later in the same game makes it another answer (what the
    diagnosis checks in process before it lets one bug explain a game alone)."""
    differences = compare.compare(run.kind, run.case["expected"], answer)
    if not differences:
        return None
    return _digest(
        [[d.path, repr(d.actual) if d.actual is compare.ABSENT else d.actual] for d in differences]
    )


def mutant_answer(killer: mutants.Killer, mutant: Mutant, run: Run) -> Any:
    """The mutated reference's answer to ``run``, made JSON as an adapter's is (or
    :data:`RAISED`); ``None`` when the mutant plays the reference under its variant."""
    rules = killer.rules(run.variant)
    if not mutant.touches(rules):
        return None
    try:
        return json.loads(
            json.dumps(kinds.kind(run.kind).fast_answer(mutant.reference(rules), run.case["input"]))
        )
    except Exception:  # a mutant that makes the engine raise fails the case
        return RAISED


def mutant_digest(killer: mutants.Killer, mutant: Mutant, run: Run) -> str | None:
    """The digest of the mutant's wrong answer to ``run`` (``None``: it passes)."""
    answer = mutant_answer(killer, mutant, run)
    if answer is None:
        return None
    if answer == RAISED:
        return RAISED
    return answer_digest(run, answer)


#: The point families whose mutant means the same wrong rule under every rule set
#: (a fast-rule variant, the engine's checks, or one field set to one value): each
#: has a *lifted* mutant too, the same change under every rule set at once.
LIFTABLE = frozenset(
    {
        "flip",
        "band-early",
        "band-late",
        "value-early",
        "value-late",
        *(behaviour.family for behaviour in points.BEHAVIOURS),
    }
)


def lifted_id(point_id: str) -> str | None:
    """The id of the lifted mutant of a point (its variant as ``*``: ``made/*``,
    ``flip/*/bidding_order=clockwise``), or ``None`` for a family not lifted."""
    family, _, rest = point_id.partition("/")
    if family not in LIFTABLE:
        return None
    _, _, tail = rest.partition("/")
    return f"{family}/*/{tail}" if tail else f"{family}/*"


#: The point families whose points are one rule at different *parameters* (a band
#: edge, the first bid of a row of a value table), with that rule in one line and
#: its wrong reading at every parameter at once. A real engine's bug in such a rule
#: is usually one line of its code, wrong at every edge of every table: each family
#: has a *family* mutant (``band-late/*/*``), every member point's change at once
#: under every variant, so that bug is one cause, not one per edge.
PARAMETER_FAMILIES: Mapping[str, tuple[str, str]] = {
    "band-early": (
        "the score bands' edges (30-39, 40-49 ...): own minimum, table minimum and values",
        "at every band edge, the last score below it already counts as the edge",
    ),
    "band-late": (
        "the score bands' edges (30-39, 40-49 ...): own minimum, table minimum and values",
        "at every band edge, the edge still counts as the band below",
    ),
    "value-early": (
        "the rows of the value tables (the bid each value starts at)",
        "every row of the value table starts one bid early",
    ),
    "value-late": (
        "the rows of the value tables (the bid each value starts at)",
        "every row of the value table starts one bid late",
    ),
}

#: The band families: their family mutant moves every band edge, not only the points'.
BAND_FAMILIES = frozenset({"band-early", "band-late"})

#: The family of the ``off-by-one`` points: one number of the rules moved by one, the
#: same step under every variant (whatever the variant's own number).
NUMBER_FAMILY = "off-by-one"


def family_parameter(point_id: str) -> str:
    """What a family's member is about among the others: the band edge or bid of a
    :data:`PARAMETER_FAMILIES` point (``40``), the rule set of an ``off-by-one`` one."""
    family, _, rest = point_id.partition("/")
    if family in PARAMETER_FAMILIES:
        return point_id.rsplit("/", 1)[-1]
    return rest.rpartition("/")[0]


def _number_step(point: points.Point) -> tuple[str, int] | None:
    """The field an ``off-by-one`` point moves and by how much (``("target", 1)``)."""
    field_name, _, shown = point.id.rsplit("/", 1)[-1].partition("=")
    if not point.mutant.only:
        return None
    now = getattr(point.mutant.only[0], field_name, None)
    if not isinstance(now, int) or not shown.lstrip("-").isdigit():
        return None
    return field_name, int(shown) - now


def family_id(point: points.Point) -> str | None:
    """The id of the family mutant a point belongs to (``band-late/*/*``,
    ``off-by-one/*/target+1``), or ``None`` for a point that is no family's member."""
    family = point.id.partition("/")[0]
    if family in PARAMETER_FAMILIES:
        return f"{family}/*/*"
    if family == NUMBER_FAMILY:
        step = _number_step(point)
        if step is not None:
            return f"{family}/*/{step[0]}{step[1]:+d}"
    return None


def _is_band_edge(score: int) -> bool:
    """Whether a score is the first of a band (30, 40, 50 ...: :func:`edges.band_edge`)."""
    return score >= BAND_START and (score - BAND_START) % BAND_WIDTH == 0


def _every_band_edge(early: bool) -> type[FastRules]:
    """The band points' change (``band-early`` / ``band-late`` of
    :mod:`~fourhundred.conformance.points`: a score of one edge read as its neighbour in
    every rule the bands decide) at *every* band edge at once, those no rule set's point
    sits on included (an unbounded cap rises past the last one)."""

    def moved(score: int) -> int:
        if early:
            return score + 1 if _is_band_edge(score + 1) else score
        return score - 1 if _is_band_edge(score) else score

    def band(self: FastRules, score: int) -> int:
        return FastRules.band(self, moved(score))

    def bid_value(self: FastRules, bid: int, own_score: int, highest_score: int) -> int:
        return FastRules.bid_value(self, bid, moved(own_score), moved(highest_score))

    return mutants.fast_variant(
        f"Band{'Early' if early else 'Late'}Everywhere",
        _every_band_edge.__doc__ or "",
        module=__name__,
        band=band,
        bid_value=bid_value,
    )


def _stepped(field_name: str, step: int) -> Callable[[Rules], Rules]:
    def change(rules: Rules) -> Rules:
        now = getattr(rules, field_name)
        if not isinstance(now, int) or isinstance(now, bool):
            return rules
        changes: dict[str, Any] = {field_name: now + step}
        return dataclasses.replace(rules, **changes)

    return change


def _family_mutant(name: str, members: Sequence[points.Point]) -> Mutant:
    """The family mutant of ``members`` (see :data:`PARAMETER_FAMILIES`)."""
    family = name.partition("/")[0]
    if family == NUMBER_FAMILY:
        step = _number_step(members[0])
        assert step is not None
        field_name, by = step
        return Mutant(
            name,
            f"under every variant: {field_name} {by:+d} from the variant's own",
            rules=_stepped(field_name, by),
        )
    wrong = PARAMETER_FAMILIES[family][1]
    if family in BAND_FAMILIES:
        return Mutant(
            name, f"under every variant: {wrong}", fast=_every_band_edge(family == "band-early")
        )
    classes = tuple({point.mutant.fast.__name__: point.mutant.fast for point in members}.values())
    parameters = ", ".join(dict.fromkeys(point.id.rsplit("/", 1)[-1] for point in members))
    return Mutant(
        name,
        f"under every variant: {wrong} (bids {parameters})",
        fast=mutants.pointwise(f"{family.title().replace('-', '')}Everywhere", classes),
    )


@cache
def lifted() -> tuple[tuple[Mutant, tuple[str, ...]], ...]:
    """Every lifted mutant, with the ids of the points it lifts (model order): a rule an
    engine breaks under every variant is one cause, and one that no rule set's point
    reaches (an exact setting, a reading no point is about) is still explained.
    Then the family mutants (:func:`family_id`): a rule broken at every parameter."""
    groups: dict[str, list[points.Point]] = {}
    families: dict[str, list[points.Point]] = {}
    for point in points.points():
        name = lifted_id(point.id)
        if name is not None:
            groups.setdefault(name, []).append(point)
        family = family_id(point)
        if family is not None:
            families.setdefault(family, []).append(point)
    variant_lifts = [
        (
            dataclasses.replace(
                members[0].mutant, name=name, description=members[0].mutant.description, only=()
            ),
            tuple(point.id for point in members),
        )
        for name, members in groups.items()
    ]
    family_lifts = [
        (_family_mutant(name, members), tuple(point.id for point in members))
        for name, members in families.items()
        if len(members) > 1
    ]
    return (*variant_lifts, *family_lifts)


def is_family(name: str) -> bool:
    """Whether ``name`` is a family mutant's (:func:`family_id`)."""
    family, _, rest = name.partition("/")
    return rest.startswith("*/") and (
        (family in PARAMETER_FAMILIES and rest == "*/*") or family == NUMBER_FAMILY
    )


def family_rule(name: str) -> str | None:
    """The one-line rule of a family mutant (``None`` for other names)."""
    family = name.partition("/")[0]
    if family in PARAMETER_FAMILIES and is_family(name):
        return PARAMETER_FAMILIES[family][0]
    return None


def candidates() -> tuple[Mutant, ...]:
    """Every mutant the dictionary records: the hand-written ones, every rule point's,
    and the lifted ones (:func:`lifted`)."""
    from fourhundred.conformance.mutant_names import every_mutant

    return (*every_mutant(), *(mutant for mutant, _ in lifted()))


def mutant_key(mutant: Mutant) -> str:
    """A mutant as a short hash of what it is made of: its name, description, fast-rule
    class, rule change and checks (by qualified name) and the rule sets it is limited to.
    A mutant whose hooks change under the same name gets another key."""
    rules_change = getattr(mutant.rules, "__qualname__", repr(mutant.rules))
    checks = [[check.code, getattr(check.find, "__qualname__", "")] for check in mutant.checks]
    return _digest(
        [
            mutant.name,
            mutant.description,
            f"{mutant.fast.__module__}.{mutant.fast.__qualname__}",
            rules_change,
            checks,
            [str(rules) for rules in mutant.only],
        ]
    )


def fingerprint(runs: Sequence[Run], every: Sequence[Mutant]) -> str:
    """What a dictionary is computed from: every run (key and expectation) and every
    mutant (:func:`mutant_key`), as one short hash."""
    return _digest(
        [
            [[run.key, expectation_digest(run.case)] for run in runs],
            [mutant_key(mutant) for mutant in every],
        ]
    )


@dataclass(frozen=True)
class Dictionary:
    """The fault dictionary: for each mutant, its failing run keys and answer digests."""

    suite_version: str
    fingerprint: str
    #: Mutant name -> {run key: digest of its wrong answer}, mutants in model order.
    faults: Mapping[str, Mapping[str, str]]
    #: Every run key it was computed over (failing or not), in suite order.
    runs: tuple[str, ...] = ()
    #: Mutant name -> :func:`mutant_key` of the mutant it was computed for.
    keys: Mapping[str, str] = field(default_factory=dict)

    def failing(self, name: str) -> Mapping[str, str]:
        """The runs ``name`` fails, with its answers' digests (empty for an unknown name)."""
        return self.faults.get(name, {})

    def by_run(self) -> dict[str, dict[str, str]]:
        """Run key -> {mutant name: digest}: the mutants that fail each run."""
        found: dict[str, dict[str, str]] = {}
        for name, failing in self.faults.items():
            for key, digest in failing.items():
                found.setdefault(key, {})[name] = digest
        return found


def compute(
    runs: Sequence[Run],
    every: Sequence[Mutant],
    progress: Callable[[int, int], None] | None = None,
    previous: Dictionary | None = None,
) -> dict[str, dict[str, str]]:
    """Every mutant's failing runs among ``runs`` with their digests (in process).

    With ``previous`` (the dictionary as it was), a mutant it has (by name, made of
    the same hooks: :func:`mutant_key`) keeps its entries for the runs it was
    computed over (by key: the id ledger keeps an id's expectation unless the
    suite's major version moves, and the fingerprint then differs), and only the
    other runs are answered."""
    killer = mutants.Killer()
    known = set(previous.runs) if previous is not None else set()
    by_variant: dict[str, list[Run]] = {}
    for run in runs:
        by_variant.setdefault(run.variant, []).append(run)
    keys = {run.key for run in runs}
    found: dict[str, dict[str, str]] = {}
    for done, mutant in enumerate(every):
        failing: dict[str, str] = {}
        reused = (
            previous is not None
            and mutant.name in previous.faults
            and previous.keys.get(mutant.name) == mutant_key(mutant)
        )
        if reused:
            assert previous is not None
            failing = {
                key: digest for key, digest in previous.faults[mutant.name].items() if key in known
            }
        for variant, group in by_variant.items():
            if not mutant.touches(killer.rules(variant)):
                continue
            for run in group:
                if reused and run.key in known:
                    continue
                digest = mutant_digest(killer, mutant, run)
                if digest is not None:
                    failing[run.key] = digest
        found[mutant.name] = {key: digest for key, digest in failing.items() if key in keys}
        if progress is not None:
            progress(done + 1, len(every))
    return found


def text(dictionary: Dictionary, runs: Sequence[Run]) -> str:
    """The file's text: the run keys once (in suite order), then one line per mutant
    of ``"index:digest"`` items (compact: the file lives next to the suite)."""
    index = {run.key: number for number, run in enumerate(runs)}
    lines = [
        "{" + f'"suite_version": {json.dumps(dictionary.suite_version)},',
        f'"fingerprint": {json.dumps(dictionary.fingerprint)},',
        '"about": "For every mutant, the runs of the suite that fail under it (indices into '
        "runs) and a digest of its wrong answer; written by the generator "
        '(fourhundred.conformance.faults).",',
        f'"runs": {json.dumps([run.key for run in runs], separators=(",", ":"))},',
        f'"keys": {json.dumps(dict(dictionary.keys), separators=(",", ":"))},',
        '"faults": {',
    ]
    entries = [
        f"{json.dumps(name)}: "
        + json.dumps(" ".join(f"{index[key]}:{digest}" for key, digest in failing.items()))
        for name, failing in dictionary.faults.items()
    ]
    lines.append(",\n".join(entries))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def parse(data: Mapping[str, Any]) -> Dictionary:
    """A dictionary from the file's JSON."""
    keys = list(data["runs"])
    faults: dict[str, dict[str, str]] = {}
    for name, items in data["faults"].items():
        failing: dict[str, str] = {}
        for item in str(items).split():
            number, _, digest = item.partition(":")
            failing[keys[int(number)]] = digest
        faults[name] = failing
    return Dictionary(
        str(data["suite_version"]),
        str(data["fingerprint"]),
        faults,
        tuple(keys),
        {str(name): str(key) for name, key in data.get("keys", {}).items()},
    )


@cache
def read(path: Path = PATH) -> Dictionary | None:
    """The committed dictionary (``None`` when the file is absent)."""
    if not path.exists():
        return None
    return parse(json.loads(path.read_text(encoding="utf-8")))


def suite_runs() -> list[Run]:
    """The published runs the dictionary is about: every case under every listed variant."""
    from fourhundred.conformance.suite import load_cases, select_runs

    return select_runs(load_cases())


def build(
    runs: Sequence[Run] | None = None,
    every: Iterable[Mutant] | None = None,
    version: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    previous: Dictionary | None = None,
) -> tuple[Dictionary, list[Run]]:
    """The dictionary of the suite (or of ``runs``) for every mutant (or ``every``)."""
    from fourhundred.conformance.suite import suite_version

    chosen = list(suite_runs() if runs is None else runs)
    mutant_list = list(candidates() if every is None else every)
    faults = compute(chosen, mutant_list, progress, previous)
    return (
        Dictionary(
            suite_version() if version is None else version,
            fingerprint(chosen, mutant_list),
            faults,
            tuple(run.key for run in chosen),
            {mutant.name: mutant_key(mutant) for mutant in mutant_list},
        ),
        chosen,
    )


def write(
    path: Path = PATH,
    progress: Callable[[int, int], None] | None = None,
    incremental: bool = True,
) -> Dictionary:
    """Compute the dictionary of the bundled suite and write it (atomically);
    ``incremental``: keep what the file at ``path`` holds for runs and mutants it has."""
    from fourhundred.safeio import write_text_atomically

    previous = read(path) if incremental else None
    dictionary, runs = build(progress=progress, previous=previous)
    write_text_atomically(path, text(dictionary, runs))
    read.cache_clear()
    return dictionary


def is_current(dictionary: Dictionary, runs: Sequence[Run] | None = None) -> bool:
    """Whether ``dictionary`` was computed from the bundled suite and the mutants as
    they are now (its fingerprint)."""
    chosen = list(suite_runs() if runs is None else runs)
    return dictionary.fingerprint == fingerprint(chosen, list(candidates()))
