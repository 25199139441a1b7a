"""Campaigns: reproducible from the seed, split into shards and jobs, resumable from the state file."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fourhundred.commands.fuzz import parse_shard
from fourhundred.conformance.adapter import reference_answer
from fourhundred.errors import UserError
from fourhundred.fuzz.campaign import run_campaign
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.job import _job_blocks
from fourhundred.fuzz.records import Config
from fourhundred.fuzz.stream import WHOLE_GAME_EVERY, block_cases, block_index, regenerate
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

CONFIG = Config(variants=("qahwa-400", "medallon-400"), seed=9)
RULES = {variant: load(variant) for variant in CONFIG.variants}


def test_the_same_seed_gives_the_same_cases_and_another_seed_other_cases() -> None:
    first = block_cases(CONFIG, 3, 40, RULES)
    assert block_cases(CONFIG, 3, 40, RULES) == first
    assert block_cases(replace(CONFIG, seed=10), 3, 40, RULES) != first
    assert {kind for kind, *_ in first} >= {"bid_value", "game_outcome", "legal_plays"}
    assert {variant for _, variant, *_ in first} == set(CONFIG.variants)


def test_whole_games_take_every_variant_in_turn() -> None:
    """A dealer or turn-order bug of one variant shows only in its whole games: with a
    number of variants that divides WHOLE_GAME_EVERY, every whole game was the first's."""
    variants = ("qahwa-400", "medallon-400", "pagat-41", "pagat-400", "arab3meyeh-400")
    config = replace(CONFIG, variants=variants)
    rules = {variant: load(variant) for variant in variants}
    openings = [
        block_cases(config, block, 1, rules)[0]
        for block in range(0, 5 * WHOLE_GAME_EVERY, WHOLE_GAME_EVERY)
    ]
    assert [kind for kind, *_ in openings] == ["whole_game"] * 5
    assert [variant for _, variant, *_ in openings] == list(variants)
    two = [block_cases(CONFIG, block, 1, RULES)[0][1] for block in (0, WHOLE_GAME_EVERY)]
    assert two == list(CONFIG.variants)


def test_any_case_is_regenerated_from_its_block_and_position() -> None:
    cases = block_cases(CONFIG, 7, 30, RULES)
    assert regenerate(CONFIG, 7, 29) == cases[29]


def test_shards_and_jobs_split_the_blocks_without_overlap_or_gaps() -> None:
    blocks = sorted(block_index((index, 3), m) for index in (1, 2, 3) for m in range(10))
    assert blocks == list(range(30))
    config = replace(CONFIG, jobs=2, cases=2000, shard=(2, 3))
    taken = [list(_job_blocks(config, job)) for job in (0, 1)]
    ms = sorted(m for job in taken for m, _, _ in job)
    assert ms == list(range(10))
    assert all(block % 3 == 1 for job in taken for _, block, _ in job)


def test_a_case_budget_that_is_not_a_whole_number_of_blocks_is_run_exactly() -> None:
    summary = run_campaign(replace(CONFIG, cases=450, kinds=("bid_value", "legal_bids")))
    assert summary.cases == 450


def test_two_jobs_run_the_same_number_of_cases_as_one() -> None:
    config = replace(CONFIG, cases=1200, kinds=("table_minimum", "trick_winner"))
    assert run_campaign(replace(config, jobs=2)).cases == run_campaign(config).cases == 1200


def test_a_resumed_campaign_skips_what_it_has_done_and_what_it_has_found(tmp_path: Path) -> None:
    config = replace(CONFIG, cases=600, kinds=("legal_bids",))
    first = run_campaign(config, tmp_path)
    assert first.cases == 600
    state = json.loads((tmp_path / "state.json").read_text())
    assert (
        state["done"] == [[0, 2]] and state["campaign"]["seed"] == 9 and state["cases_done"] == 600
    )
    second = run_campaign(replace(config, cases=1000), tmp_path)
    assert second.cases == 400
    assert json.loads((tmp_path / "state.json").read_text())["done"] == [[0, 4]]


def test_the_state_of_another_campaign_is_refused_with_what_differs(tmp_path: Path) -> None:
    run_campaign(replace(CONFIG, cases=200, kinds=("legal_bids",)), tmp_path)
    with pytest.raises(UserError, match="different seed"):
        run_campaign(replace(CONFIG, cases=200, kinds=("legal_bids",), seed=1), tmp_path)
    (tmp_path / "state.json").write_text("{not json")
    with pytest.raises(UserError, match=r"state\.json: not valid JSON .*choose another --out"):
        run_campaign(replace(CONFIG, cases=200, kinds=("legal_bids",)), tmp_path)


def test_a_resumed_campaign_does_not_report_a_known_finding_again(tmp_path: Path) -> None:
    from fourhundred.fuzz import job

    def wrong(kind: str, rules: Rules, data: Any) -> dict[str, Any]:
        answer = dict(reference_answer(kind, rules, data))
        if kind == "bid_value" and data["bid"] == 13:
            answer["decides_game"] = not answer["decides_game"]
        return answer

    original = job.open_implementation
    job.open_implementation = lambda config: InProcess(wrong, "wrong thirteen")  # type: ignore[assignment]
    try:
        config = replace(CONFIG, variants=("qahwa-400",), cases=400, kinds=("bid_value",))
        first = run_campaign(config, tmp_path)
        second = run_campaign(replace(config, cases=800), tmp_path)
    finally:
        job.open_implementation = original  # type: ignore[assignment]
    assert [f.input["bid"] for f in first.findings] == [13]
    assert second.disagreements > 0 and second.findings == []
    assert [r.input["bid"] for r in second.earlier_findings] == [13]
    assert second.again == [first.findings[0].signature]
    assert (second.earlier.cases, second.earlier.disagreements) == (400, first.disagreements)
    lines = (tmp_path / "findings.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["implementation"] == "wrong thirteen"
    case_file = json.loads((tmp_path / "cases" / "bid_value" / "fuzz.json").read_text())
    assert [case["input"]["bid"] for case in case_file["cases"]] == [13]


@pytest.mark.parametrize(
    ("text", "expected"), [("1/1", (1, 1)), ("2/4", (2, 4)), (" 3 / 3 ", (3, 3))]
)
def test_a_shard_is_written_i_of_n(text: str, expected: tuple[int, int]) -> None:
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "a/b", "1-2"])
def test_a_bad_shard_names_what_is_wrong(text: str) -> None:
    with pytest.raises(UserError, match="--shard"):
        parse_shard(text)


def test_a_finding_names_the_block_and_position_that_regenerate_its_original_input() -> None:
    from fourhundred.fuzz.job import run_job

    def wrong(kind: str, rules: Rules, data: Any) -> dict[str, Any]:
        answer = dict(reference_answer(kind, rules, data))
        if kind == "hand_scoring":
            answer["scores"] = [0, 0, 0, 0]
        return answer

    config = replace(CONFIG, cases=200)
    found: list[Any] = []
    run_job(
        config,
        0,
        lambda kind, payload: found.append(payload) if kind == "finding" else None,
        InProcess(wrong),
    )
    assert found
    for finding in found:
        kind, variant, data, _ = regenerate(config, finding.block, finding.position)
        assert (kind, variant, data) == (finding.kind, finding.variant, finding.original_input)


@pytest.mark.parametrize("command", [("fuzz", "--cases", "1"), ("generate", "--kind", "bid_value")])
@pytest.mark.parametrize("variant", [" qahwa-400", "qahwa-400\n", "QAHWA(target=61) "])
def test_fuzz_reads_a_variant_string_as_a_case_file_does(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], variant: str
) -> None:
    """``--variant`` of ``fuzz`` and ``generate`` goes through the one canonicalisation
    of case files (:func:`fourhundred.conformance.suite.canonical_variant`): a string
    with spaces or a newline around it is refused, as in a case file."""
    from fourhundred.cli import main
    from fourhundred.conformance.suite import canonical_variant
    from fourhundred.spec.registry import VariantError

    with pytest.raises(VariantError):
        canonical_variant(variant)
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--variant", variant])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err == "error: a variant string has no spaces or newlines around it\n"


def test_fuzz_reads_an_alias_with_capitals_as_its_canonical_variant() -> None:
    from fourhundred.conformance.suite import canonical_variant

    assert canonical_variant("QAHWA(target=41)") == "qahwa-400"
    assert canonical_variant("qahwa-400( target = 61 )") == "qahwa-400(target=61)"


def test_the_benchmark_rate_leaves_out_the_start_up_and_the_first_block() -> None:
    """Five seconds before the first block is reported (processes starting, tables built
    on first use), then 200 cases a second: the steady rate is 200, not the run's 93 (700 in 7.5 s)."""
    from fourhundred.fuzz.campaign import steady_rate

    samples = [(0.5, 0), (5.0, 200), (6.0, 400), (7.0, 600), (7.0, 600), (7.5, 700)]
    assert steady_rate(samples) == pytest.approx(200.0)
    assert steady_rate([(0.5, 0), (5.0, 200)]) is None  # one block: too short to tell
    assert steady_rate([(5.0, 200), (5.0, 200)]) is None
    assert steady_rate([]) is None
