"""The conformance suite itself: valid, stable ids, expectations from the spec and the reference."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from fourhundred.conformance import coverage, examples, generate, kinds, suite
from fourhundred.conformance.check import run_check
from fourhundred.spec import ambiguities
from fourhundred.spec.registry import load, names


def test_the_suite_passes_its_own_check() -> None:
    # (The command line form, `fourhundred conformance check`, is run in test_conformance_runner.)
    report = run_check()
    assert report.problems == ()
    assert report.cases > 3000


def test_every_kind_of_case_is_in_the_suite() -> None:
    counts = Counter(case["kind"] for case in suite.load_cases())
    assert set(counts) == set(kinds.KINDS)
    assert counts["whole_game"] >= 15


def test_every_variant_has_cases_of_every_kind() -> None:
    seen = {
        (case["kind"], v.split("(")[0]) for case in suite.load_cases() for v in case["variants"]
    }
    for name in names():
        for kind in kinds.KINDS:
            assert (kind, name) in seen, (kind, name)


def test_every_switchable_ambiguity_reading_changes_some_case() -> None:
    used = {v for case in suite.load_cases() for v in case["variants"]}
    settings = {part for v in used if "(" in v for part in v.split("(")[1].rstrip(")").split(",")}
    for entry in ambiguities.REGISTER:
        if (
            entry.switch is None
            or entry.switch == "turn_time_limit"
            or entry.switch == "deal_pattern"
        ):
            continue  # the timer is not a rule of play; the deal pattern only matters for seeded deals
        for reading in entry.readings:
            defaults = {d.reading for d in entry.defaults.values()}
            if reading.value in defaults and all(
                d.reading == reading.value for d in entry.defaults.values()
            ):
                continue
            assert f"{entry.switch}={reading.value}" in settings, (entry.id, reading.value)


def test_the_score_band_edges_and_partner_scores_are_covered() -> None:
    owns = {
        case["input"]["own_score"] for case in suite.load_cases() if case["kind"] == "legal_bids"
    }
    assert {29, 30, 39, 40, 49, 50, 139, 140} <= owns
    outcomes = [c for c in suite.load_cases() if c["kind"] == "game_outcome"]
    partner_scores = {
        c["expected"]["scores"][2] for c in outcomes if c["expected"]["scores"][0] == 41
    }
    assert {-1, 0, 1} <= partner_scores
    assert any(c["expected"]["result"] == "draw" for c in outcomes)
    assert any(c["expected"]["target_in_force"] == 51 for c in outcomes)


def test_every_throw_in_path_is_covered() -> None:
    cases = suite.load_cases()
    assert any(c["kind"] == "table_minimum" and not c["expected"]["played"] for c in cases)
    games = [c for c in cases if c["kind"] == "whole_game"]
    assert any(not hand["played"] for c in games for hand in c["expected"]["hands"])
    assert any(
        "throw-in" in c["input"]["actions"] and c["variants"][0].endswith("dealer_throw_in=yes)")
        for c in games
    )
    codes = {code for c in games for _, code in c["expected"]["rejected"]}
    assert "throw_in_not_allowed" in codes


def test_whole_games_reject_illegal_actions_with_every_code() -> None:
    codes = {
        code
        for c in suite.load_cases()
        if c["kind"] == "whole_game"
        for _, code in c["expected"]["rejected"]
    }
    assert codes == set(kinds.ILLEGAL_ACTION_CODES)


def test_some_whole_games_name_the_seat_of_every_action_and_reject_actions_out_of_turn() -> None:
    seated = [
        c
        for c in suite.load_cases()
        if c["kind"] == "whole_game"
        and all(a[:3] in ("N: ", "W: ", "S: ", "E: ") for a in c["input"]["actions"])
    ]
    assert len({c["variants"][0].split("(")[0] for c in seated}) >= 4
    for case in seated:
        actions = case["input"]["actions"]
        out_of_turn = [
            actions[i].split(" ")[1]
            for i, code in case["expected"]["rejected"]
            if code == "not_your_turn"
        ]
        assert len(out_of_turn) >= 2
    words = {
        case["input"]["actions"][i].split(" ")[1]
        for case in seated
        for i, code in case["expected"]["rejected"]
        if code == "not_your_turn"
    }
    assert {"deal", "bid", "play", "throw-in"} <= words


def test_every_worked_example_of_the_sources_is_in_the_suite() -> None:
    ids = {case["id"] for case in suite.load_cases()}
    for case in examples.source_examples():
        assert case["id"] in ids
    sources = {case["rules"][0].split(" §")[0] for case in examples.source_examples()}
    assert sources == {"qahwa", "medallon", "pagat", "arab3meyeh"}


def test_qahwa_bid_9_take_9_wins_27_and_take_8_loses_27() -> None:
    by_id = {case["id"]: case for case in suite.load_cases()}
    assert by_id["hand_scoring.qahwa-400.ex-bid9-take9"]["expected"]["scores"][0] == 27
    assert by_id["hand_scoring.qahwa-400.ex-bid9-take8"]["expected"]["scores"][0] == -27


def test_the_grids_examples_and_scripted_games_keep_their_ids_when_generated_again() -> None:
    """The quick twin of the whole regeneration below (``slow``): the published part of
    the suite (every grid, hand-written example and scripted game, most of the suite)
    generated again, each case under its committed id with its committed fingerprint."""
    groups = generate.published_suite()
    generate.assign_ids(groups, suite.read_ledger(), suite.suite_version())
    regenerated = {
        case["id"]: suite.fingerprint(case) for cases in groups.values() for case in cases
    }
    committed = {case["id"]: suite.fingerprint(case) for case in suite.load_cases()}
    assert len(regenerated) > len(committed) // 2
    assert regenerated.items() <= committed.items()


@pytest.mark.slow
def test_ids_are_stable_when_the_suite_is_generated_again() -> None:
    groups = generate.build_suite()
    ledger = suite.read_ledger()
    generate.assign_ids(groups, ledger, suite.suite_version())
    regenerated = {
        case["id"]: suite.fingerprint(case) for cases in groups.values() for case in cases
    }
    committed = {case["id"]: suite.fingerprint(case) for case in suite.load_cases()}
    assert regenerated == committed


def test_a_vanished_case_keeps_its_id_retired_and_a_new_question_gets_a_new_number() -> None:
    case = {
        "id": "",
        "kind": "legal_bids",
        "variants": ["qahwa-400"],
        "input": {"own_score": 12345},
        "expected": {"bids": []},
    }
    ledger = {
        "legal_bids.qahwa-400.0001": {
            "fingerprint": "x",
            "expected": "y",
            "status": "active",
            "since": "1.0.0",
        }
    }
    new = generate.assign_ids({("legal_bids", "qahwa-400"): [case]}, ledger, "1.0.0")
    assert new["legal_bids.qahwa-400.0001"]["status"] == "retired"
    assert case["id"] == "legal_bids.qahwa-400.0002"


def test_a_changed_expectation_needs_a_major_version() -> None:
    case = {
        "id": "",
        "kind": "legal_bids",
        "variants": ["qahwa-400"],
        "input": {"own_score": 1},
        "expected": {"bids": [2]},
    }
    ledger = generate.assign_ids({("legal_bids", "qahwa-400"): [case]}, {}, "1.0.0")
    changed = {**case, "id": "", "expected": {"bids": [3]}}
    with pytest.raises(generate.LedgerError, match="major"):
        generate.assign_ids({("legal_bids", "qahwa-400"): [changed]}, ledger, "1.4.0")
    again = {**changed, "id": ""}
    updated = generate.assign_ids({("legal_bids", "qahwa-400"): [again]}, ledger, "2.0.0")
    assert updated[again["id"]]["changed"] == "2.0.0"


def test_the_check_reports_a_reused_id_a_bad_reference_and_a_wrong_expectation(
    tmp_path: Path,
) -> None:
    target = tmp_path / "cases" / "bid_value"
    target.mkdir(parents=True)
    good = next(c for c in suite.load_cases() if c["kind"] == "bid_value")
    twin = json.loads(json.dumps(good))
    wrong = json.loads(json.dumps(good))
    wrong["expected"]["value"] = 999
    wrong["rules"] = ["qahwa §No Such Section"]
    wrong["ambiguities"] = ["no-such-entry"]
    suite.write_case_file(
        target / "x.json", "bid_value", "generated", [good, twin, wrong], suite.suite_version()
    )
    problems = "\n".join(run_check(tmp_path / "cases").problems)
    assert "id used by 3 cases" in problems
    assert "No Such Section" in problems
    assert "unknown ambiguity 'no-such-entry'" in problems
    assert "the specification disagrees" in problems
    assert "the reference engine disagrees" in problems


def test_the_check_reports_a_case_that_breaks_the_schema(tmp_path: Path) -> None:
    target = tmp_path / "cases" / "legal_bids"
    target.mkdir(parents=True)
    case = {
        "id": "Not An Id",
        "kind": "legal_bids",
        "description": "",
        "variants": [],
        "rules": [],
        "ambiguities": [],
        "input": {},
        "expected": {},
    }
    suite.write_case_file(
        target / "x.json", "legal_bids", "generated", [case], suite.suite_version()
    )
    problems = "\n".join(run_check(tmp_path / "cases").problems)
    assert "x.json: cases/0/id" in problems


def test_case_ids_name_their_kind() -> None:
    for case in suite.load_cases():
        assert case["id"].startswith(case["kind"] + ".")
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9-]+\.[a-z0-9-]+", case["id"])


def test_rule_references_come_from_the_variant_definitions() -> None:
    assert coverage.rule_references("qahwa-400", "bid_value")[0].startswith("qahwa §")
    assert coverage.rule_references("pagat-41", "trick_winner") == ["pagat §Play"]


def test_a_variant_filter_by_name_matches_every_reading() -> None:
    assert suite.variant_matches("medallon-400(partner_condition=non_negative)", ["medallon-400"])
    assert not suite.variant_matches(
        "medallon-400(partner_condition=non_negative)", ["medallon-400()"]
    )
    assert suite.variant_matches("qahwa-400(table=classic)", ["qahwa-400(table=*)"])


def test_the_spec_answers_bid_value_for_a_game_deciding_13_with_no_points() -> None:
    assert kinds.bid_value(load("pagat-400"), {"bid": 13, "own_score": 0, "highest_score": 0}) == {
        "value": None,
        "decides_game": True,
    }
    assert kinds.bid_value(
        load("medallon-400"), {"bid": 13, "own_score": 0, "highest_score": 0}
    ) == {
        "value": 52,
        "decides_game": True,
    }


def test_the_ledger_records_every_id_and_retires_instead_of_deleting() -> None:
    ledger = suite.read_ledger()
    assert ledger, "conformance/ids.json is missing"
    active = {key for key, entry in ledger.items() if entry["status"] == "active"}
    assert active == {case["id"] for case in suite.load_cases()}


def test_the_case_schema_lists_exactly_the_engines_illegal_action_codes() -> None:
    schema = json.loads(
        (Path(kinds.__file__).parent / "schema" / "case-file.schema.json").read_text()
    )
    text = json.dumps(schema)
    enums = [
        node["enum"]
        for node in _walk(schema)
        if isinstance(node, dict) and "enum" in node and "not_your_turn" in node["enum"]
    ]
    assert enums and all(set(e) == set(kinds.ILLEGAL_ACTION_CODES) for e in enums), text[:200]


def _walk(node: object) -> list[object]:
    found = [node]
    if isinstance(node, dict):
        for value in node.values():
            found.extend(_walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_walk(value))
    return found
