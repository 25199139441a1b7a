"""Transcripts: a whole game as JSON that replays to the same result, and ``play``/``replay``/``bench``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fourhundred.cli import main
from fourhundred.reference.actions import parse_action
from fourhundred.reference.engine import apply, new_game
from fourhundred.reference.invariants import check_transcript
from fourhundred.reference.players import HeuristicPlayer
from fourhundred.reference.transcript import (
    ReplayMismatch,
    Transcript,
    TranscriptError,
    play_game,
    replay,
)
from fourhundred.spec.registry import load, names


def heuristic_game(variant: str, seed: int | str) -> Transcript:
    players = [HeuristicPlayer(f"{seed}/{seat}") for seat in range(4)]
    return play_game(load(variant), seed, players=players, player_names=["heuristic"] * 4)


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


@pytest.mark.parametrize("variant", names())
def test_a_played_game_replays_to_the_same_result_and_keeps_every_invariant(variant: str) -> None:
    transcript = heuristic_game(variant, 3)
    assert transcript.outcome in ("north-south", "west-east", "draw")
    again = Transcript.from_json(transcript.to_json())
    assert again == transcript
    final = replay(again)
    assert final.scores == transcript.final_scores
    assert check_transcript(transcript) == []


def test_the_same_seed_plays_the_same_game() -> None:
    assert heuristic_game("qahwa-400", 11) == heuristic_game("qahwa-400", 11)
    assert heuristic_game("qahwa-400", 11) != heuristic_game("qahwa-400", 12)


def test_random_players_stop_at_the_hand_limit_as_unfinished() -> None:
    transcript = play_game(load("medallon-400"), 1, max_hands=3)
    assert transcript.players == ("random",) * 4
    if transcript.outcome == "unfinished":
        assert len(transcript.hands) == 3
    assert replay(transcript).scores == transcript.final_scores


def test_a_game_where_a_player_has_no_legal_bid_stops_as_stuck() -> None:
    """(medallon's own minimum rises without end: above 140 points nobody can bid.)
    Here rules whose smallest bid is 14 get stuck at the first bid."""
    impossible = replace(load("medallon-400"), min_bid=14)
    transcript = play_game(impossible, 1)
    assert transcript.outcome == "stuck"
    assert [hand.result for hand in transcript.hands] == ["stuck"]
    assert transcript.hands[0].actions[0].startswith("deal ")
    # The transcript names medallon-400, where the first bidder can bid: replay says so.
    with pytest.raises(ReplayMismatch, match="the player is not stuck"):
        replay(transcript)


def tampered(transcript: Transcript, change: Any) -> Transcript:
    data = transcript.to_dict()
    change(data)
    return Transcript.from_dict(data)


def played_hand_index(transcript: Transcript) -> int:
    return next(k for k, hand in enumerate(transcript.hands) if hand.played)


def test_replay_names_the_first_illegal_action() -> None:
    transcript = heuristic_game("pagat-400", 5)
    k = played_hand_index(transcript)
    actions = list(transcript.hands[k].actions)
    index = 5  # the first card played
    card = actions[index].split()[1]
    holder_cards = [a for a in actions[0].split() if card in a]
    assert holder_cards

    def change(data: dict[str, Any]) -> None:
        data["hands"][k]["actions"][index] = "play 2C" if card != "2C" else "play 3C"

    with pytest.raises(ReplayMismatch) as caught:
        replay(tampered(transcript, change))
    error = caught.value
    assert (error.hand, error.index) == (k + 1, index + 1)
    assert "one of: play" in error.expected
    assert error.actual in ("play 2C", "play 3C")


def with_seats(transcript: Transcript) -> dict[str, Any]:
    """The transcript as JSON data with every action written after the seat making it."""
    data = transcript.to_dict()
    state = new_game(load(transcript.variant), transcript.first_dealer)
    for hand in data["hands"]:
        for k, text in enumerate(hand["actions"]):
            actor = state.dealer if state.to_act is None else state.to_act
            hand["actions"][k] = f"{'NWSE'[actor]}: {text}"
            state = apply(state, parse_action(text))
    return data


def test_a_transcript_whose_actions_name_their_seats_replays_the_same() -> None:
    transcript = heuristic_game("pagat-41", 3)
    data = with_seats(transcript)
    assert data["hands"][0]["actions"][1].startswith(("N: bid", "W: bid", "S: bid", "E: bid"))
    assert replay(Transcript.from_dict(data)) == replay(transcript)


def test_replay_rejects_an_action_named_for_a_seat_not_to_act() -> None:
    transcript = heuristic_game("pagat-41", 3)
    data = with_seats(transcript)
    seat, _, rest = data["hands"][0]["actions"][7].partition(": ")
    data["hands"][0]["actions"][7] = f"{'NWSE'[('NWSE'.index(seat) + 1) % 4]}: {rest}"
    with pytest.raises(ReplayMismatch) as caught:
        replay(Transcript.from_dict(data))
    assert (caught.value.hand, caught.value.index) == (1, 8)
    assert "not_your_turn" in caught.value.reason


def test_replay_names_a_wrong_score_with_expected_and_actual() -> None:
    transcript = heuristic_game("qahwa-400", 4)
    k = played_hand_index(transcript)
    right = list(transcript.hands[k].scores)

    def change(data: dict[str, Any]) -> None:
        data["hands"][k]["scores"][2] += 5

    with pytest.raises(ReplayMismatch) as caught:
        replay(tampered(transcript, change))
    assert caught.value.hand == k + 1 and caught.value.index is None
    assert str(right) in caught.value.expected


def test_replay_catches_a_deal_that_is_not_the_seeds() -> None:
    transcript = heuristic_game("qahwa-400", 4)
    other = heuristic_game("qahwa-400", 5)

    def change(data: dict[str, Any]) -> None:
        data["hands"][0]["actions"][0] = other.hands[0].actions[0]

    with pytest.raises(ReplayMismatch, match="not the one seed '4/1' gives"):
        replay(tampered(transcript, change))


def test_replay_catches_a_wrong_outcome() -> None:
    transcript = heuristic_game("qahwa-400", 4)
    flipped = "west-east" if transcript.outcome == "north-south" else "north-south"

    def change(data: dict[str, Any]) -> None:
        data["outcome"] = flipped

    with pytest.raises(ReplayMismatch, match="outcome"):
        replay(tampered(transcript, change))


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([], "a transcript is a JSON object"),
        ({"format": "x"}, "'format' must be"),
        ({"format": "fourhundred-transcript/1"}, "missing field 'variant'"),
    ],
)
def test_malformed_transcripts_say_what_is_wrong(data: object, fragment: str) -> None:
    with pytest.raises(TranscriptError, match=fragment):
        Transcript.from_dict(data)


def test_a_transcript_field_of_the_wrong_type_is_named() -> None:
    data = heuristic_game("qahwa-400", 1).to_dict()
    data["hands"][0]["scores"] = [1, 2]
    with pytest.raises(TranscriptError, match=r"hands\[0\].scores must be four integers"):
        Transcript.from_dict(data)
    with pytest.raises(TranscriptError, match="not JSON"):
        Transcript.from_json("{")


def test_the_play_command_prints_a_transcript_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(["play", "--variant", "pagat-400", "--seed", "9"], capsys)
    assert code == 0
    transcript = Transcript.from_json(out)
    assert transcript.variant == "pagat-400" and transcript.seed == "9"
    path = tmp_path / "game.json"
    code, _, err = run_cli(
        ["play", "--variant", "pagat-400", "--seed", "9", "--out", str(path)], capsys
    )
    assert code == 0 and "outcome" in err
    code, out, _ = run_cli(["replay", str(path)], capsys)
    assert code == 0 and "OK" in out


def test_the_replay_command_exits_1_at_a_mismatch_saying_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcript = heuristic_game("qahwa-400", 2)
    data = transcript.to_dict()
    data["hands"][0]["scores"][0] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, _, err = run_cli(["replay", str(path)], capsys)
    assert code == 1
    assert "MISMATCH at hand 1" in err and "expected:" in err and "actual:" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{", "malformed transcript: not valid JSON"),
        ('{"format": "fourhundred-transcript/1"}', "missing field 'variant'"),
    ],
)
def test_the_replay_command_exits_2_for_malformed_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, fragment: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    code, _, err = run_cli(["replay", str(path)], capsys)
    assert code == 2 and fragment in err and "Traceback" not in err


def test_the_replay_command_exits_2_for_a_missing_file_or_unknown_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(["replay", str(tmp_path / "none.json")], capsys)
    assert code == 2 and "cannot read" in err
    data = heuristic_game("qahwa-400", 2).to_dict()
    data["variant"] = "whist"
    path = tmp_path / "whist.json"
    path.write_text(json.dumps(data))
    code, _, err = run_cli(["replay", str(path)], capsys)
    assert code == 2 and "unknown variant 'whist'" in err
    data = heuristic_game("qahwa-400", 2).to_dict()
    data["hands"][0]["actions"][1] = "bid lots"
    path.write_text(json.dumps(data))
    code, _, err = run_cli(["replay", str(path)], capsys)
    assert code == 2 and "hand 1, action 2" in err


def test_the_play_command_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["play", "--variant", "whist"], capsys)
    assert code == 2 and "unknown variant" in err


def test_the_bench_command_reports_hands_and_games_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(
        ["bench", "--hands", "300", "--games", "3", "--engine-hands", "20"], capsys
    )
    assert code == 0
    assert "random full hands/s" in out and "full games/s" in out and "limits:" in out
    assert "full hands/s through the checked engine" in out and "of 20 dealt" in out
    assert err == ""  # no progress bar off a terminal
