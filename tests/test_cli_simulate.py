"""``fourhundred simulate`` and the impact figures of ``fourhundred ambiguities``, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourhundred", *args], capture_output=True, text=True, timeout=300
    )


def simulate_json(*args: str) -> dict[str, object]:
    result = run("simulate", *args, "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_simulate_prints_the_figures_of_a_variant() -> None:
    data = simulate_json("pagat-41", "--games", "300", "--seed", "7")
    assert data["variant"] == "pagat-41" and data["games"] == 300
    assert 0 < data["throw_in_rate"] < 1  # type: ignore[operator]
    outcomes = data["outcomes"]
    assert isinstance(outcomes, dict) and sum(outcomes.values()) == pytest.approx(1)
    bids = data["bids"]
    assert isinstance(bids, dict) and all(0 <= b["share_of_bids"] <= 1 for b in bids.values())
    lengths = data["hands_per_game"]
    assert isinstance(lengths, dict)
    assert sum(lengths["histogram"].values()) == 300
    assert data["trajectory"] and "1" in data["trajectory"]  # type: ignore[operator]


def test_simulate_is_reproducible_from_its_seed_whatever_the_batch_size() -> None:
    first = simulate_json("qahwa-400", "--games", "200", "--seed", "s", "--batch-size", "7")
    second = simulate_json("qahwa-400", "--games", "200", "--seed", "s", "--batch-size", "200")
    other = simulate_json("qahwa-400", "--games", "200", "--seed", "t")
    assert first == second
    assert first != other


def test_simulate_readings_covers_every_reading() -> None:
    result = run("simulate", "pagat-400", "--games", "20", "--readings", "--json")
    assert result.returncode == 0, result.stderr
    variants = [figures["variant"] for figures in json.loads(result.stdout)]
    assert variants[0] == "pagat-400" and len(variants) > 5
    assert "pagat-400(max_bid=12)" in variants


def test_simulate_prints_tables() -> None:
    result = run("simulate", "medallon", "--games", "100", "--players", "random")
    assert result.returncode == 0, result.stderr
    assert "medallon-400" in result.stdout and "throw-in rate" in result.stdout
    assert "Bids" in result.stdout and "games end" in result.stdout


def test_a_simulated_game_is_a_transcript_that_replay_accepts(tmp_path: Path) -> None:
    result = run("simulate", "arab3meyeh-400", "--transcript", "3", "--seed", "w")
    assert result.returncode == 0, result.stderr
    path = tmp_path / "game.json"
    path.write_text(result.stdout)
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert "OK" in replayed.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "nope"), "error: unknown variant 'nope'"),
        (
            ("simulate", "qahwa-400(colour=red)"),
            "error: qahwa-400 has no option or house rule 'colour'",
        ),
        (("simulate", "qahwa-400", "--hands", "3"), "error: --hands needs --transcript"),
        (("ambiguities", "--write"), "error: --write needs --measure"),
    ],
)
def test_bad_input_is_one_error_line(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [message] or result.stderr.startswith(message)
    assert "Traceback" not in result.stderr


def test_bad_option_values_are_refused_by_click() -> None:
    result = run("simulate", "qahwa-400", "--games", "0")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--games" in result.stderr


def test_ambiguities_json_carries_the_impact_figures_with_witnesses() -> None:
    result = run("ambiguities", "--json", "--witnesses", "--variant", "medallon-400")
    assert result.returncode == 0, result.stderr
    entries = {e["id"]: e for e in json.loads(result.stdout)}
    impact = entries["bidding-direction"]["impact"]
    assert impact["games"] > 0 and impact["seed"]
    figure = impact["readings"][0]
    assert figure["variant"] == "medallon-400" and 0 < figure["hand_share"] < 1
    assert figure["game_witness"]["default"]["format"] == "fourhundred-transcript/1"
    assert entries["turn-time-limit"]["impact"]["readings"][0]["hand_share"] == 0
    assert entries["own-minimum-growth"]["impact"] is not None


def test_a_witness_command_prints_the_witness_game(tmp_path: Path) -> None:
    entries = {e["id"]: e for e in json.loads(run("ambiguities", "--json").stdout)}
    figure = entries["table-minimum-whose-score"]["impact"]["readings"][0]
    command = figure["hand_witness"]["command"].split()
    assert command[:2] == ["fourhundred", "simulate"]
    arguments = [word.strip("'") for word in command[2:]]
    result = run("simulate", *arguments)
    assert result.returncode == 0, result.stderr
    transcript = json.loads(result.stdout)
    assert len(transcript["hands"]) == figure["hand_witness"]["hand"]
    path = tmp_path / "witness.json"
    path.write_text(result.stdout)
    assert run("replay", str(path)).returncode == 0


def test_ambiguities_measure_computes_fresh_figures() -> None:
    result = run("ambiguities", "--measure", "--games", "30", "--variant", "pagat-41")
    assert result.returncode == 0, result.stderr
    assert "how much it matters (30 games of heuristic players" in result.stdout
