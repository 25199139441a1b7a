"""Rule points of any house-rules string at run time, and the cases that catch them.

The suite's rule points (:mod:`fourhundred.conformance.points`) are derived from the
rule sets it was generated for: every variant, option and reading, and the house
tables of :data:`fourhundred.spec.house.EXAMPLES`. An engine may declare any other
house-rules string exactly (``pagat-41(house,deal_min=9,fail_penalty=tricks)``).
Its derived runs (:func:`fourhundred.conformance.exact.exact_runs`) are the family's
cases with the reference's expectations, which need not catch a wrong reading of
each knob. Here the same families run on that string's rule set (the variant under
its options, departed from by its knobs: :func:`rule_set`), and for each point no
derived run kills, the generator's candidates (:func:`~fourhundred.conformance.generate.
candidate_cases`, cheapest first) are searched for one that does: it is sent too,
as a derived run of its own (:func:`point_runs`). So an exact declaration gets, for
each knob it sets, a case that fails under the most plausible wrong implementation
of it, as the suite's own tables do.

When no whole game of the family applies to the string (under ``trump=turned`` every
deal turns a card, so no game dealt for hearts always does), :data:`GAMES` scripted
games of its own are sent as well, so every phase of its play is checked.

Each added case has a stable id ``<kind>.house-points.<digest>``, from the string, the
point and the case's input, so a printed ``--id`` rerun finds it again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache

from fourhundred.conformance import coverage, points
from fourhundred.conformance.mutants import Killer
from fourhundred.conformance.suite import Case, Run
from fourhundred.globs import glob_match
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import build, get

#: The group of the case ids this module makes (``<kind>.house-points.<digest>``).
GROUP = "house-points"
#: Scripted games sent for a string no whole game of its family applies to.
GAMES = 2


def rule_set(rules: Rules) -> coverage.RuleSet:
    """The rule set of a house-rules string: its variant under its options is the base,
    its options and knobs what it chose (as the suite's house tables are,
    :func:`fourhundred.conformance.coverage.rule_sets`)."""
    base = build(get(rules.variant), dict(rules.options))
    return coverage.RuleSet(rules, base, (*rules.options, *rules.house))


@cache
def _precomputed() -> frozenset[str]:
    return frozenset(rule_set.variant for rule_set in coverage.all_rule_sets())


def is_precomputed(rules: Rules) -> bool:
    """Whether the suite was generated for these rules (its points are in ``points.json``)."""
    return str(rules) in _precomputed()


def house_points(rules: Rules) -> tuple[points.Point, ...]:
    """The observable rule points of a house-rules string's own rule set."""
    return tuple(
        point
        for point in points.rule_set_points(rule_set(rules))
        if isinstance(point, points.Point)
    )


def case_id(kind: str, variant: str, point_id: str, data: object) -> str:
    """The stable id of a case added for one point of one string."""
    text = json.dumps([variant, point_id, data], sort_keys=True)
    return f"{kind}.{GROUP}.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}"


def point_runs(
    rules: Rules,
    runs: Sequence[Run],
    kinds: Sequence[str] = (),
    ids: Sequence[str] = (),
) -> list[Run]:
    """Derived runs that kill the points of ``rules`` that none of ``runs`` (the
    string's published and derived runs) kills, one per point, the first candidate
    that does; and scripted games when none of ``runs`` is a whole game; within the
    ``kinds`` and ``ids`` filters. No point runs for a string whose points the suite
    has (its published cases kill them); nothing for rules that are no house rules."""
    from fourhundred.conformance.game_cases import game_case
    from fourhundred.conformance.generate import candidate_cases

    if not rules.is_house:
        return []
    variant = str(rules)
    killer = Killer()
    sent = [run for run in runs if run.variant == variant]
    added: list[Run] = []
    seen: set[str] = set()
    for point in () if is_precomputed(rules) else house_points(rules):
        if killer.killing(point.mutant, [*sent, *added], limit=1):
            continue
        for case in candidate_cases(point):
            run = _derived(case, variant, point.id)
            if run is None or not killer.fails(point.mutant, run):
                continue
            if run.id not in seen and _wanted(run, kinds, ids):
                seen.add(run.id)
                added.append(run)
            break
    if not any(run.kind == "whole_game" for run in (*sent, *added)):
        for seed in range(GAMES):
            game = game_case(variant, seed % 4, f"{variant}/{seed}", "a game under the house rules")
            run = _derived(game, variant, f"game/{seed}")
            if run is not None and _wanted(run, kinds, ids):
                added.append(run)
    return added


def _derived(case: Case, variant: str, point_id: str) -> Run | None:
    """A candidate case as a derived run under ``variant`` with its stable id (None: a
    candidate of another rule set)."""
    if case["variants"] != [variant]:
        return None
    named = {**case, "id": case_id(case["kind"], variant, point_id, case["input"])}
    return Run(named, variant, True)


def _wanted(run: Run, kinds: Sequence[str], ids: Sequence[str]) -> bool:
    if kinds and run.kind not in kinds:
        return False
    return not ids or any(glob_match(run.id, pattern) for pattern in ids)


__all__ = ["GROUP", "case_id", "house_points", "is_precomputed", "point_runs", "rule_set"]
