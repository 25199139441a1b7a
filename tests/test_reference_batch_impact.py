"""How much each ambiguity matters: the committed figures are reproducible from their seed,
every non-zero share has witnesses that replay, and the figures reach the register's JSON."""

from __future__ import annotations

import pytest

from fourhundred.reference.batch_impact import (
    ReadingPair,
    load_figures,
    measure_reading,
    reading_pairs,
    with_witnesses,
)
from fourhundred.reference.transcript import Transcript, replay
from fourhundred.spec.ambiguities import REGISTER

FIGURES = load_figures()
PAIRS = list(reading_pairs())


def test_the_figures_cover_every_reading_of_every_switch() -> None:
    listed = {
        (entry, f["variant"], f["reading"])
        for entry, figures in FIGURES["entries"].items()
        for f in figures
    }
    assert listed == {(p.entry.id, p.variant, p.reading) for p in PAIRS}
    switches = {e.id for e in REGISTER if e.switch is not None}
    assert set(FIGURES["entries"]) == switches


def _figure(pair: ReadingPair) -> dict[str, object]:
    return next(
        f
        for f in FIGURES["entries"][pair.entry.id]
        if f["variant"] == pair.variant and f["reading"] == pair.reading
    )


@pytest.mark.parametrize(
    "pair",
    [p for p in PAIRS if p.entry.id in ("table-minimum-whose-score", "partner-at-zero")],
    ids=lambda p: f"{p.entry.id}:{p.variant}:{p.reading}",
)
def test_committed_figures_are_reproduced_from_their_recorded_seed(pair: ReadingPair) -> None:
    fresh = measure_reading(
        pair, FIGURES["games"], FIGURES["seed"], FIGURES["players"], FIGURES["max_hands"]
    )
    assert fresh == _figure(pair)


def test_every_non_zero_share_has_witness_games_that_replay_and_differ() -> None:
    witnessed = 0
    for figures in with_witnesses(FIGURES, transcripts=True).values():
        for figure in figures:
            assert ("hand_witness" in figure) == (figure["hands_differ"] > 0)
            assert ("game_witness" in figure) == (figure["games_differ"] > 0)
            for name in ("hand_witness", "game_witness"):
                if name not in figure:
                    continue
                witness = figure[name]
                assert witness["command"].startswith(f"fourhundred simulate '{figure['variant']}(")
                default = Transcript.from_dict(witness["default"])
                other = Transcript.from_dict(witness["reading"])
                replay(default)
                replay(other)
                assert other.variant != default.variant
                if name == "game_witness":
                    assert default.outcome != other.outcome
                else:
                    assert len(default.hands) == witness["hand"]
                    first_hands = [h.actions[0] for h in default.hands]
                    assert first_hands == [h.actions[0] for h in other.hands]
                    assert default.hands[:-1] == other.hands[:-1]
                    assert default.hands[-1] != other.hands[-1]
                witnessed += 1
    assert witnessed > 10
