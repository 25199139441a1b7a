"""The rule-point model: every point of every variant, option and reading has a case
of the suite that fails under its mutant, proved in process."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fourhundred.cli import cli
from fourhundred.conformance import (
    compare,
    coverage,
    generate,
    kinds,
    mutant_names,
    mutants,
    points,
    points_proofs,
)
from fourhundred.conformance.points_bid_ceiling import WRONG
from fourhundred.conformance.suite import load_cases, select_runs
from fourhundred.spec.registry import load


@pytest.fixture(scope="module")
def coverage_report() -> dict[str, object]:
    """``fourhundred conformance coverage --json`` (run once: it answers every listed case)."""
    result = CliRunner().invoke(cli, ["conformance", "coverage", "--json"])
    assert result.exit_code in (0, 1), result.output
    report: dict[str, object] = json.loads(result.output)
    report["exit_code"] = result.exit_code
    return report


def test_every_rule_point_has_a_case_that_fails_under_its_mutant(
    coverage_report: dict[str, object],
) -> None:
    assert coverage_report["gaps"] == []
    assert coverage_report["stale"] == []
    assert coverage_report["exit_code"] == 0
    listed = coverage_report["points"]
    assert isinstance(listed, list)
    assert [entry["id"] for entry in listed] == [point.id for point in points.points()]
    assert all(entry["cases"] and not entry["not_killing"] for entry in listed)


def test_a_searched_point_is_listed_proved_unobservable_or_not_proved_never_unobserved(
    coverage_report: dict[str, object],
) -> None:
    """The points the point search could not kill are listed apart: proved unobservable
    (with the argument) by their Z3 verdict, else not proved (observable or unknown)."""
    decided = points_proofs.decided()
    proved = coverage_report["proved_unobservable"]
    unproved = coverage_report["unproved"]
    unobserved = coverage_report["unobserved"]
    assert isinstance(proved, list) and isinstance(unproved, list)
    assert isinstance(unobserved, list)
    proved_ids = {entry["id"] for entry in proved}
    assert proved_ids == {i for i, v in decided.items() if v.verdict == "proved-unobservable"}
    assert {entry["id"] for entry in unproved} == set(decided) - proved_ids
    assert all(entry["argument"] for entry in proved)
    assert not set(decided) & {entry["id"] for entry in unobserved}


def test_no_searched_point_is_left_observable(coverage_report: dict[str, object]) -> None:
    """A point the Z3 prover shows observable is a gap in the point search: the search
    must find a killing case for it (conformance/points_unseen.json has none left)."""
    unproved = coverage_report["unproved"]
    assert isinstance(unproved, list)
    assert [entry["id"] for entry in unproved if entry["verdict"] == "observable"] == []
    assert "observable" not in points_proofs.read()["counts"]


def _kills(point: points.Point, kind_name: str, data: dict[str, object]) -> bool:
    """Whether the question fails under ``point``'s mutant (a raise fails it too)."""
    rules = load(point.rule_sets[0])
    kind = kinds.kind(kind_name)
    expected = json.loads(json.dumps(kind.spec_answer(rules, data)))
    try:
        answer = kind.fast_answer(point.mutant.reference(rules), data)
    except Exception:
        return True
    return bool(compare.compare(kind_name, expected, json.loads(json.dumps(answer))))


@pytest.mark.parametrize(
    ("point_id", "family"),
    [
        ("below-zero/flip/qahwa-400/both_qualify=raise_target", "climbs from -30"),
        ("below-zero/flip/pagat-400/total_tie=draw", "ending level"),
        (
            "below-zero/option/pagat-400(thirteen_precedence=points_first)",
            "East, on the target, fails 13",
        ),
        ("below-zero/off-by-one/pagat-41/min_bid=0", "the first bidder bids"),
    ],
)
def test_the_below_zero_search_finds_the_witness_class(point_id: str, family: str) -> None:
    """The crossed inputs below zero (:func:`points_interactions.below_zero_inputs`) hold a
    killing question of each class the Z3 witnesses showed: a seat climbing from far below
    zero to partner a seat on the target (with another seat ending level), a failed 13
    whose bidder is on the target beside a seat far below zero, every seat far below
    zero bidding first."""
    point = points.by_id()[point_id]
    assert point.candidates is not None
    first = next(
        what
        for kind_name, data, what in point.candidates(load(point.rule_sets[0]))
        if _kills(point, kind_name, data)
    )
    assert family in first


def test_every_rule_point_has_a_killing_case_an_adapter_without_positions_is_sent(
    coverage_report: dict[str, object],
) -> None:
    from fourhundred.conformance import twins

    assert coverage_report["gaps_without_positions"] == []
    positioned = {case["id"] for case in load_cases() if twins.starts_from_position(case)}
    listed = coverage_report["points"]
    assert isinstance(listed, list)
    for entry in listed:
        assert entry["cases_without_positions"], entry["id"]
        assert set(entry["cases_without_positions"]) <= set(entry["cases"]) - positioned
    assert any(set(entry["cases"]) & positioned for entry in listed)


def test_a_listed_case_that_does_not_kill_its_point_is_a_gap() -> None:
    point = points.by_id()["cards/trump"]
    harmless = next(
        case["id"]
        for case in load_cases()
        if case["kind"] == "legal_bids" and case["variants"] == [point.rule_sets[0]]
    )
    covered, stale = points.check(recorded={point.id: [harmless], "no/such/point": []})
    entry = next(c for c in covered if c.point.id == point.id)
    assert not entry.covered and entry.false == (harmless,)
    assert stale == ["no/such/point"]
    assert not next(c for c in covered if c.point.id == "cards/follow-suit").covered


def test_every_option_and_reading_is_a_point_or_said_to_be_unobservable() -> None:
    named = {point.id for point in points.points()} | {u.id for u in points.unobserved()}
    for rule_set in coverage.all_rule_sets():
        if rule_set.base is not None:
            assert f"option/{rule_set.variant}" in named


def test_an_option_is_checked_where_it_must_agree_with_the_default() -> None:
    """pagat's "11 or more scores 50" applied from 10 is a point of its own, killed by a
    case where the option's answer is the default's (a 10 worth 30)."""
    point = points.by_id()["value-early/pagat-400(eleven_plus_50=on)/11"]
    killing = points.read_map()[point.id]
    runs = [
        run
        for run in select_runs(load_cases(), ids=killing)
        if run.variant == "pagat-400(eleven_plus_50=on)"
    ]
    assert runs
    killer = mutants.Killer()
    assert all(killer.fails(point.mutant, run) for run in runs)
    assert not any(killer.fails(mutants.Mutant("none", "the reference"), run) for run in runs)


def test_a_point_mutant_touches_only_its_rule_set() -> None:
    point = points.by_id()["flip/qahwa-400/partner_condition=non_negative"]
    killer = mutants.Killer()
    assert point.mutant.touches(killer.rules("qahwa-400"))
    assert not point.mutant.touches(killer.rules("qahwa-400(target=61)"))
    assert not point.mutant.touches(killer.rules("medallon-400"))


def test_the_in_process_kill_agrees_with_the_subprocess_adapter() -> None:
    name = "qahwa-9-worth-26"
    runs = select_runs(load_cases(), variants=["qahwa-400"], kinds=["bid_value"])
    killer = mutants.Killer()
    assert killer.killing(mutant_names.by_name(name), runs, limit=1)
    assert not killer.killing(mutants.Mutant("none", "the reference"), runs)


def test_every_point_id_names_a_mutant_of_the_adapter() -> None:
    point = points.points()[-1]
    assert mutant_names.by_name(point.id) is point.mutant
    assert len(mutant_names.every_mutant()) == len(mutants.MUTANTS) + len(points.points())


@pytest.mark.slow
def test_the_coverage_map_is_what_the_generator_writes() -> None:
    killing = generate.cover_points(generate.published_suite())
    suite = {generate.fingerprint(case): case["id"] for case in load_cases()}
    recorded = points.read_map()
    assert set(recorded) == set(killing)
    for point_id, cases in killing.items():
        assert [suite.get(generate.fingerprint(case)) for case in cases] == recorded[point_id]


@pytest.mark.parametrize("positions", [True, False], ids=["from-a-position", "new-games-only"])
def test_an_engine_that_moves_the_largest_bid_for_a_seat_far_below_zero_fails_the_suite(
    positions: bool,
) -> None:
    """Every rule set's largest bid refused, or one over it accepted, for a seat far below
    zero (:mod:`~fourhundred.conformance.points_bid_ceiling`: the engine's check, which the
    fast rules' crossed points never reach) fails a whole game of the suite; without
    positions, a new game's (a twin reaching the far scores by play), turned trumps too."""
    games = [
        run
        for run in select_runs(load_cases(), kinds=["whole_game"])
        if ("position" in run.case["input"]) is positions
    ]
    killer = mutants.Killer()
    found = [p for p in points.points() if p.id.startswith("bid-ceiling/")]
    assert {p.id.split("/")[1] for p in found} == {"lowered", "raised"}
    assert any("trump=turned" in p.id for p in found)
    for point in found:
        runs = [run for run in games if run.variant in point.rule_sets]
        assert killer.killing(point.mutant, runs, limit=1), point.id


def test_the_bid_ceiling_game_is_reached_by_a_new_game_where_the_bids_must_meet_the_table() -> None:
    """Under ``table_comparison=exactly`` no new game of :data:`~.twins.MAX_HANDS` hands
    puts every seat far below zero; the family asks with the first bidder alone there,
    which a new game reaches, and that twin kills both of the rule set's points."""
    from fourhundred.conformance import twins
    from fourhundred.conformance.suite import Run

    variant = "arab3meyeh-400(table_comparison=exactly)"
    rules = load(variant)
    lowered, raised = (points.by_id()[f"bid-ceiling/{name}/{variant}"] for name in WRONG)
    assert lowered.candidates is not None
    kind, data, what = next(iter(lowered.candidates(rules)))
    expected = kinds.KINDS[kind].spec_answer(rules, data)
    twin = twins.twin_case(coverage.make_case("", kind, rules, data, expected, what))
    assert not isinstance(twin, twins.Unreached), twin
    killer = mutants.Killer()
    assert killer.fails(lowered.mutant, Run(twin, variant))
    assert killer.fails(raised.mutant, Run(twin, variant))
