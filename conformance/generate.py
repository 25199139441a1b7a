"""Generate the conformance suite from the executable specification.

``python -m fourhundred.conformance.generate`` rewrites ``cases/``, the id
ledger ``ids.json``, the coverage map ``points.json`` and the fault dictionary
``faults.json`` (:mod:`fourhundred.conformance.faults`). Expected values of the pure kinds are computed by the
specification (:mod:`fourhundred.conformance.kinds`); whole games are played
through the reference engine (:mod:`fourhundred.conformance.games`); the
hand-written cases of :mod:`fourhundred.conformance.examples` are copied with
the expected values written by hand (``conformance check`` proves they agree
with the specification).

Ids are stable: a case is identified by what it asks (kind, variants, input);
the ledger maps that fingerprint to the id issued for it the first time, so
regenerating reuses ids, new questions get new numbers, and a case that
disappears is marked retired and its id is never issued again. A changed
expectation for an existing id is a major change of the suite: the generator
refuses it unless ``VERSION``'s major number is above the one the id was last
set under (see ``CHANGELOG.md``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from fourhundred.conformance import coverage, kinds, mutants, points, points_interactions, twins
from fourhundred.conformance.suite import (
    CASES_DIR,
    Case,
    Run,
    expectation_digest,
    fingerprint,
    read_ledger,
    suite_version,
    write_case_file,
    write_ledger,
)
from fourhundred.reference.engine import IllegalAction
from fourhundred.safeio import write_text_atomically
from fourhundred.spec import house
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load, names

Json = dict[str, Any]


# ----------------------------------------------------------------------
# Cases of each kind, from its grid (:attr:`~fourhundred.conformance.kinds.Kind.suite_inputs`)
# ----------------------------------------------------------------------


def pure_cases(entry: kinds.Kind, variant_name: str) -> list[Case]:
    """The generated cases of a variant-dependent kind for one variant: its grid under
    every rule set of the variant, each input where the rule set departs from its base."""
    grid = entry.suite_inputs
    if grid is None:
        return []
    cases = []
    seen: set[str] = set()
    for rule_set in coverage.rule_sets(variant_name):
        for data, what in grid(rule_set.rules):
            expected = entry.spec_answer(rule_set.rules, data)
            if rule_set.base is not None and entry.spec_answer(rule_set.base, data) == expected:
                continue
            case = coverage.make_case("", entry.name, rule_set.rules, data, expected, what)
            key = fingerprint(case)
            if key not in seen:
                seen.add(key)
                cases.append(case)
    return cases


def variant_free_cases(entry: kinds.Kind) -> list[Case]:
    """Cases of a kind every variant answers alike, listed under every variant."""
    grid = entry.suite_inputs
    if grid is None:
        return []
    defaults = [coverage.rule_sets(name)[0].rules for name in names()]
    cases = []
    for data, what in grid(defaults[0]):
        expected = entry.spec_answer(defaults[0], data)
        cases.append(
            {
                "id": "",
                "kind": entry.name,
                "description": what,
                "variants": [str(r) for r in defaults],
                "rules": [coverage.rule_references(r.variant, entry.name)[0] for r in defaults],
                "ambiguities": sorted(set(entry.conventions(data, expected))),
                "input": data,
                "expected": expected,
            }
        )
    return cases


# ----------------------------------------------------------------------
# Ids and files
# ----------------------------------------------------------------------


class LedgerError(Exception):
    """A generated suite would break the id rules."""


def _major(version: str) -> int:
    return int(version.split(".", 1)[0])


def assign_ids(
    groups: dict[tuple[str, str], list[Case]], ledger: dict[str, dict[str, Any]], version: str
) -> dict[str, dict[str, Any]]:
    """Give every case its id (reused by fingerprint, else the next free number);
    return the updated ledger with vanished ids retired."""
    by_print = {entry["fingerprint"]: key for key, entry in ledger.items()}
    counters: dict[str, int] = {}
    for key in ledger:
        prefix, _, number = key.rpartition(".")
        if number.isdigit():
            counters[prefix] = max(counters.get(prefix, 0), int(number))
    new_ledger = {key: {**entry, "status": "retired"} for key, entry in ledger.items()}
    for (kind, group), cases in groups.items():
        for case in cases:
            print_ = fingerprint(case)
            wanted = case.get("id") or ""
            if wanted:
                case_id = wanted
                if case_id in ledger and ledger[case_id]["fingerprint"] != print_:
                    raise LedgerError(
                        f"{case_id}: a hand-written id now names a different question; give it a new id"
                    )
            elif print_ in by_print and by_print[print_].rpartition(".")[2].isdigit():
                case_id = by_print[print_]
            else:
                prefix = f"{kind}.{group}"
                counters[prefix] = counters.get(prefix, 0) + 1
                case_id = f"{prefix}.{counters[prefix]:04d}"
            case["id"] = case_id
            digest = expectation_digest(case)
            old = ledger.get(case_id)
            since = version
            if old is not None:
                since = old["since"]
                if old["expected"] != digest and _major(version) <= _major(
                    old.get("changed", old["since"])
                ):
                    raise LedgerError(
                        f"{case_id}: its expected value changed; that is a major change of the suite: "
                        "raise the major number in conformance/VERSION and say why in CHANGELOG.md"
                    )
            changed = (
                version if old is None or old["expected"] != digest else old.get("changed", since)
            )
            new_ledger[case_id] = {
                "fingerprint": print_,
                "expected": digest,
                "status": "active",
                "since": since,
                "changed": changed,
            }
    return new_ledger


def _group_name(case: Case) -> str:
    if len(case["variants"]) > 1:
        return "all"
    return str(case["variants"][0]).split("(", 1)[0]


def build_suite() -> dict[tuple[str, str], list[Case]]:
    """Every case of the suite, by (kind, file group), ids not yet assigned
    (the cases of :func:`published_suite` and those :func:`cover_points` adds)."""
    groups = published_suite()
    cover_points(groups)
    carry_in_questions(groups)
    carry_turn_points(groups)
    add_twins(groups)
    return groups


def add_twins(groups: dict[tuple[str, str], list[Case]]) -> list[tuple[Case, str]]:
    """Give every whole game from a position that has none its new-game twin
    (:mod:`~fourhundred.conformance.twins`); returns the positions no new game
    reaches, with the reason."""
    every = [case for cases in groups.values() for case in cases]
    added, unreached = twins.missing_twins(every)
    for twin in added:
        groups.setdefault((twin["kind"], _group_name(twin)), []).append(twin)
    return unreached


def whole_game_cases() -> list[Case]:
    """Every whole_game case: the scripted games (:data:`~fourhundred.conformance.games.GAMES`,
    then ``SEATED_GAMES``), the one-hand position cases, then the new-game twin of each
    position case (:mod:`fourhundred.conformance.twins`)."""
    from fourhundred.conformance import game_cases, games, position_games

    positions = position_games.position_cases()
    return (
        [game_cases.game_case(*game) for game in games.GAMES]
        + [game_cases.game_case(*game, seated=True) for game in games.SEATED_GAMES]
        + positions
        + twins.twins(positions)[0]
    )


def published_suite() -> dict[tuple[str, str], list[Case]]:
    """The grids, the hand-written examples and the scripted games, by (kind, file group)."""
    from fourhundred.conformance import examples

    groups: dict[tuple[str, str], list[Case]] = {}
    written = examples.cases()
    by_hand = {fingerprint(case) for case in written}
    for entry in kinds.KINDS.values():
        if entry.variant_free:
            groups[(entry.name, "all")] = variant_free_cases(entry)
            continue
        for name in names():
            groups[(entry.name, name)] = [
                c for c in pure_cases(entry, name) if fingerprint(c) not in by_hand
            ]
    for case in written:
        groups.setdefault((case["kind"], "examples"), []).append(case)
    try:
        scripted = whole_game_cases()
    except ImportError as error:  # the reference engine is not there yet
        print(f"scripted games skipped: {error}", file=sys.stderr)
    else:
        from fourhundred.conformance import (
            phases,
            points_seat_team,
            points_survivors,
            points_survivors_turned,
        )

        # A question asked already (a grid's, an example's) is asked once: a second
        # case of it would be given the same id.
        asked = {fingerprint(case) for cases in groups.values() for case in cases}
        survivors = [
            *points_survivors.cases(),
            *points_seat_team.cases(),
            *points_survivors_turned.cases(),
        ]
        for case in [*scripted, *phases.cases(), *survivors]:
            print_ = fingerprint(case)
            if print_ in asked:
                continue
            asked.add(print_)
            groups.setdefault((case["kind"], _group_name(case)), []).append(case)
    return {key: cases for key, cases in groups.items() if cases}


# ----------------------------------------------------------------------
# A killing case for every rule point (:mod:`fourhundred.conformance.points`)
# ----------------------------------------------------------------------

#: Random inputs per pure kind tried when no grid input kills a point (seeded by its id).
POINT_RANDOM_INPUTS = 400
#: Random inputs per pure kind tried for a point some case kills already, to reach
#: :data:`points.KEPT` killers (after the crossed and the grid inputs).
TOP_UP_DRAWS = 40
#: Scripted games tried per rule set when no grid input and no position kills a point.
POINT_GAME_SEEDS = 6


def candidate_cases(
    point: points.Point, draws: int = POINT_RANDOM_INPUTS, positions: bool = True
) -> Iterator[Case]:
    """New cases that may kill ``point``, cheapest first: every grid input of every pure
    kind under its rule sets (where they agree with the base too), random inputs drawn
    at the edges (:attr:`~fourhundred.conformance.kinds.Kind.generate`), then the position
    plans of :mod:`~fourhundred.conformance.position_games` (unless ``positions`` is False), then
    scripted games."""
    from fourhundred.conformance import game_cases, position_games

    if point.candidates is not None:
        for variant in point.rule_sets:
            rules = load(variant)
            for kind, data, what in point.candidates(rules):
                expected = kinds.KINDS[kind].spec_answer(rules, data)
                yield coverage.make_case(
                    "", kind, rules, data, expected, f"{what} (rule point {point.id})"
                )
    for variant in point.rule_sets:
        rules = load(variant)
        for entry in kinds.KINDS.values():
            # A variant-free kind's grid is the suite's own, but under house rules that
            # change what it reads (trump=turned), whose grid has inputs of its own.
            if entry.suite_inputs is None or (
                entry.variant_free and not _reads_house(entry, rules)
            ):
                continue
            for data, what in points_interactions.grid(entry.name, rules):
                expected = entry.spec_answer(rules, data)
                yield coverage.make_case(
                    "", entry.name, rules, data, expected, f"{what} (rule point {point.id})"
                )
    for variant in point.rule_sets:
        rules = load(variant)
        for entry in kinds.KINDS.values():
            if entry.suite_inputs is None or entry.variant_free:
                continue
            for draw in range(draws):
                data = entry.generate(random.Random(f"{point.id}/{entry.name}/{draw}"), rules)
                expected = entry.spec_answer(rules, data)
                yield coverage.make_case(
                    "", entry.name, rules, data, expected, f"rule point {point.id}"
                )
    for variant in point.rule_sets if positions else ():
        for plan in position_games.position_plans(variant):
            try:
                yield position_games.position_case(plan)
            except (LookupError, IllegalAction):
                continue  # no position of the plan, or one its rule set cannot play
        for seed in range(POINT_GAME_SEEDS):
            yield game_cases.game_case(
                variant, seed % 4, f"{point.id}/{seed}", f"a game for rule point {point.id}"
            )


def _reads_house(entry: kinds.Kind, rules: Rules) -> bool:
    """Whether a house rule of ``rules`` sets a field the kind reads."""
    return bool(set(entry.reads) & set(house.fields_of(rules)))


def _runs(case: Case) -> list[Run]:
    return [Run(case, variant) for variant in case["variants"]]


def cover_points(groups: dict[tuple[str, str], list[Case]]) -> dict[str, list[Case]]:
    """Give every rule point :data:`points.KEPT` killing cases: the first cases of the
    suite that fail under its mutant, and, while fewer do, the next candidates of
    :func:`candidate_cases` that do, added to ``groups`` (one-question candidates only
    once a case kills it; at most one whole game, when nothing else does). Returns the killing cases
    by point id (an empty list: a gap, which ``fourhundred conformance coverage`` reports)."""
    by_variant: dict[str, list[Run]] = {}
    for cases in groups.values():
        for case in cases:
            for run in _runs(case):
                by_variant.setdefault(run.variant, []).append(run)
    killer = mutants.Killer()
    seen = {fingerprint(case) for cases in groups.values() for case in cases}
    found: dict[str, list[Case]] = {}
    for point in points.points():
        runs = [run for variant in point.rule_sets for run in by_variant.get(variant, ())]
        killing = killer.killing(point.mutant, runs, limit=points.KEPT)
        had_killers = bool(killing)
        killing += _new_game_killers(killer, point, killing, runs, groups, by_variant)
        killers = {id(run.case) for run in killing}
        # Fewer than KEPT killers (a bug one case shows is seen by chance): candidates
        # in order, one-question ones first; a whole game only while nothing kills it.
        more = _pure_candidates(point, TOP_UP_DRAWS) if killing else candidate_cases(point)
        for case in more:
            if len(killers) >= points.KEPT:
                break
            key = fingerprint(case)
            if key in seen or not any(killer.fails(point.mutant, run) for run in _runs(case)):
                continue
            seen.add(key)
            groups.setdefault((case["kind"], _group_name(case)), []).append(case)
            for run in _runs(case):
                by_variant.setdefault(run.variant, []).append(run)
            killing.append(_runs(case)[0])
            killers.add(id(case))
            if not kinds.KINDS[case["kind"]].pure:
                break  # a whole game: no one-question candidate kills it
        if killing and not had_killers:
            killing += _new_game_killers(killer, point, killing, runs, groups, by_variant)
        killing += _killer_without_positions(killer, point, killing, groups, by_variant)
        # The very case dicts of ``groups``: their ids are assigned later, in place.
        found[point.id] = list({id(run.case): cast(Case, run.case) for run in killing}.values())
    return found


def _new_game_killers(
    killer: mutants.Killer,
    point: points.Point,
    killing: list[Run],
    runs: list[Run],
    groups: dict[tuple[str, str], list[Case]],
    by_variant: dict[str, list[Run]],
) -> list[Run]:
    """A killing run for engines without positions where ``killing`` all start from one
    (:func:`~fourhundred.conformance.twins.new_game_killers`; a new twin joins ``groups``)."""
    found, twin = twins.new_game_killers(killer, point.mutant, killing, runs)
    if twin is not None:
        groups.setdefault((twin["kind"], _group_name(twin)), []).append(twin)
        for run in _runs(twin):
            by_variant.setdefault(run.variant, []).append(run)
    return found


def _killer_without_positions(
    killer: mutants.Killer,
    point: points.Point,
    killing: list[Run],
    groups: dict[tuple[str, str], list[Case]],
    by_variant: dict[str, list[Run]],
) -> list[Run]:
    """Where every killing run of ``point`` still starts from a position (none has a
    new-game twin that kills), the first candidate of :func:`candidate_cases` without
    positions that kills it, added to ``groups``; an engine without positions then
    still gets the point. Empty when none does (a gap ``coverage`` reports)."""
    if not killing or not all(twins.starts_from_position(run.case) for run in killing):
        return []
    for case in candidate_cases(point, positions=False):
        hit = [run for run in _runs(case) if killer.fails(point.mutant, run)]
        if hit:
            groups.setdefault((case["kind"], _group_name(case)), []).append(case)
            for run in _runs(case):
                by_variant.setdefault(run.variant, []).append(run)
            return hit[:1]
    return []


def _pure_candidates(point: points.Point, draws: int = POINT_RANDOM_INPUTS) -> Iterator[Case]:
    """The one-question candidates of :func:`candidate_cases` (grid inputs, then ``draws``
    random inputs per kind at the edges), without the whole games."""
    for case in candidate_cases(point, draws):
        if not kinds.KINDS[case["kind"]].pure:
            return
        yield case


def carry_in_questions(groups: dict[tuple[str, str], list[Case]]) -> list[Case]:
    """Give every rule point that only whole games of the suite show, and that a
    one-question case can show, such a case: a whole game fails first on whatever
    turn or dealer bug an engine also has (its seats act out of turn from then on),
    and the rule it carries would be seen by nothing. Returns the cases added."""
    from fourhundred.conformance import isolation

    by_variant: dict[str, list[Run]] = {}
    for cases in groups.values():
        for case in cases:
            if kinds.KINDS[case["kind"]].pure:
                for run in _runs(case):
                    by_variant.setdefault(run.variant, []).append(run)
    killer = mutants.Killer()
    added: list[Case] = []
    for point in points.points():
        if isolation.is_turn_point(point.id) or point.id.startswith(("action/", "precedence/")):
            continue
        if point.id.startswith("off-by-one/") and "/target=" in point.id:
            continue  # a new game's target: a question states the target in force
        runs = [run for variant in point.rule_sets for run in by_variant.get(variant, ())]
        if killer.killing(point.mutant, runs, limit=1):
            continue
        for case in _pure_candidates(point):
            if any(killer.fails(point.mutant, run) for run in _runs(case)):
                groups.setdefault((case["kind"], _group_name(case)), []).append(case)
                for run in _runs(case):
                    by_variant.setdefault(run.variant, []).append(run)
                added.append(case)
                break
    return added


def carry_turn_points(groups: dict[tuple[str, str], list[Case]]) -> list[Case]:
    """Give every turn-order or dealer point (:func:`~fourhundred.conformance.isolation.is_turn_point`)
    a whole game that probes no illegal action and isolates it among the turn points:
    it fails under the point and passes under every other turn point of its rule set
    that can occur beside it (a bidding-order bug beside a dealer kept after a
    throw-in). A game that probes an illegal action fails first on it under many other
    bugs, and the turn rule behind it would be seen by nothing
    (:func:`~fourhundred.conformance.isolation.clean_candidates`: throw-in games, then
    games without an illegal action). Returns the cases added."""
    from fourhundred.conformance import isolation

    def clean(case: Case) -> bool:
        return not kinds.KINDS[case["kind"]].pure and not case["expected"]["rejected"]

    by_variant: dict[str, list[Run]] = {}
    for cases in groups.values():
        for case in cases:
            if clean(case):
                for run in _runs(case):
                    by_variant.setdefault(run.variant, []).append(run)
    killer = mutants.Killer()
    candidates: dict[str, list[Case]] = {}
    added: list[Case] = []
    turns = [point for point in points.points() if isolation.is_turn_point(point.id)]

    def isolates(point: points.Point, run: Run) -> bool:
        """It fails under the point and passes under every other turn point of its
        rule set that can occur beside it."""
        if not killer.fails(point.mutant, run):
            return False
        key = isolation.aspect(point.id)
        return not any(
            killer.fails(other.mutant, run)
            for other in turns
            if other is not point
            and run.variant in other.rule_sets
            and isolation.aspect(other.id) != key
        )

    for point in turns:
        runs = [run for variant in point.rule_sets for run in by_variant.get(variant, ())]
        if any(isolates(point, run) for run in runs):
            continue
        for variant in point.rule_sets:
            if variant not in candidates:
                candidates[variant] = list(isolation.clean_candidates(variant))
            found = next(
                (
                    case
                    for case in candidates[variant]
                    if any(isolates(point, run) for run in _runs(case))
                ),
                None,
            )
            if found is None and not any(killer.fails(point.mutant, run) for run in runs):
                # none isolates it: a clean game that shows it at least
                found = next(
                    (
                        case
                        for case in candidates[variant]
                        if any(killer.fails(point.mutant, run) for run in _runs(case))
                    ),
                    None,
                )
            if found is not None:
                groups.setdefault((found["kind"], _group_name(found)), []).append(found)
                for run in _runs(found):
                    by_variant.setdefault(run.variant, []).append(run)
                candidates[variant].remove(found)
                added.append(found)
                break
    return added


def write_suite(cases_dir: Path = CASES_DIR) -> dict[str, int]:
    """Regenerate every case file, the ledger and the coverage map; return case counts
    by kind."""
    version = suite_version()
    groups = published_suite()
    killing = cover_points(groups)
    carry_in_questions(groups)
    carry_turn_points(groups)
    unreached = add_twins(groups)
    ledger = assign_ids(groups, read_ledger(), version)
    write_text_atomically(twins.UNREACHED_PATH, twins.unreached_text(unreached, version))
    write_text_atomically(
        points.MAP_PATH,
        points.map_text({key: [c["id"] for c in cases] for key, cases in killing.items()}, version),
    )
    for old in cases_dir.glob("*/*.json"):
        old.unlink()
    counts: dict[str, int] = {}
    for (kind, group), cases in sorted(groups.items()):
        origin = "hand-written" if group == "examples" else "generated"
        write_case_file(cases_dir / kind / f"{group}.json", kind, origin, cases, version)
        counts[kind] = counts.get(kind, 0) + len(cases)
    write_ledger(ledger)
    write_faults()
    return counts


def write_faults(incremental: bool = True) -> None:
    """Rewrite the fault dictionary (:mod:`fourhundred.conformance.faults`) from the case
    files just written and the mutants as they are now; ``incremental``: answer only
    the runs and mutants the committed dictionary does not have."""
    from fourhundred.conformance import faults, suite

    suite._load_default.cache_clear()
    faults.write(incremental=incremental)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--faults",
        action="store_true",
        help="only rewrite the fault dictionary faults.json from the case files as they "
        "are, every run answered again (after a change of a mutant's code)",
    )
    args = parser.parse_args(argv)
    if args.faults:
        write_faults(incremental=False)
        return 0
    try:
        counts = write_suite()
    except LedgerError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for kind, count in counts.items():
        print(f"{kind:15} {count:6}")
    print(f"{'total':15} {sum(counts.values()):6}")
    gaps = [key for key, ids in points.read_map().items() if not ids]
    if gaps:
        print(f"error: no case kills {len(gaps)} rule points: {', '.join(gaps)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
