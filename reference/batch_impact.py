"""How much each ambiguity matters: the same games under each reading of the register.

For every register entry with a switch (:mod:`fourhundred.spec.ambiguities`),
every variant it applies to and every reading other than the variant's default,
:func:`measure_reading` plays the same games (same seed, so the same deals
hand by hand, and the same players' random streams) under the default and
under that reading with :func:`~fourhundred.reference.batch_compare.compare_kernel`.
While the two games stand in the same position a hand is compared; it
*differs* when it ends differently (thrown in or played, scores, what it
decided, the next target or dealer). A game differs when its outcome does
(who won, a draw, stuck or unfinished). Each non-zero share has a witness:
the game (and, for the hand share, the differing hand): :func:`with_witnesses`
writes the two games as transcripts (:meth:`BatchSimulator.transcript`,
explicit deals, cut after the differing hand for the hand share) that
``fourhundred replay`` checks.

Entries without a switch are settled by the choice of variant (or are
conventions with one reading) and have nothing to compare.

It also counts the games each team wins under both readings (``team_0_wins``,
``team_1_wins``: default, reading), so a page can say whether a reading favours
a side.

The committed figures (:data:`FIGURES_PATH`, with their seed, game count and
players) feed ``fourhundred ambiguities --json`` and the statistics page of the
docs; ``fourhundred ambiguities --measure --write`` makes them again, and
``tests/test_reference_batch_impact.py`` checks that a recomputation from the
recorded seed agrees with them on a small sample.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from fourhundred.reference.batch import BatchSimulator
from fourhundred.reference.batch_compare import compare_kernel
from fourhundred.reference.batch_stats import read_figures_file, write_figures_file
from fourhundred.spec.ambiguities import REGISTER, Ambiguity
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import build, get

#: The committed figures.
FIGURES_PATH = Path(__file__).resolve().parent.parent / "spec" / "ambiguity_impact.json"
FIGURES_FORMAT = "fourhundred-ambiguity-impact/1"


@dataclass(frozen=True)
class ReadingPair:
    """One register entry on one variant: its default reading and another one."""

    entry: Ambiguity
    variant: str
    default: str
    reading: str

    @property
    def switch(self) -> str:
        assert self.entry.switch is not None
        return self.entry.switch

    def rules(self) -> tuple[Rules, Rules]:
        """The variant under the default reading and under the other one."""
        variant = get(self.variant)
        return build(variant, {}), build(variant, {self.switch: self.reading})


def reading_pairs() -> Iterator[ReadingPair]:
    """Every (entry with a switch, variant, non-default reading), in register order."""
    for entry in REGISTER:
        if entry.switch is None:
            continue
        for variant in entry.applies_to:
            default = entry.defaults[variant].reading
            for reading in entry.readings:
                if reading.value != default:
                    yield ReadingPair(entry, variant, default, reading.value)


def measure_reading(
    pair: ReadingPair,
    games: int,
    seed: int | str,
    players: str,
    max_hands: int = 200,
    batch_size: int = 10_000,
) -> dict[str, Any]:
    """The shares of hands and games that end differently under the two readings."""
    default_rules, other_rules = pair.rules()
    a = BatchSimulator(default_rules, players, seed, max_hands)
    b = BatchSimulator(other_rules, players, seed, max_hands)
    compared = differing = games_differing = 0
    #: Games won by each team under the default (index 0) and the other reading (1).
    wins = [[0, 0], [0, 0]]
    hand_witness: tuple[int, int] | None = None
    game_witness: tuple[int, int] | None = None
    for first in range(0, games, batch_size):
        count = min(batch_size, games - first)
        rows = np.zeros((count, 6), dtype=np.int64)
        compare_kernel(a.tables, b.tables, a.setting(), first, count, rows)
        compared += int(rows[:, 0].sum())
        differs = rows[:, 1] > 0
        differing += int(differs.sum())
        outcome_differs = rows[:, 2] != rows[:, 3]
        games_differing += int(outcome_differs.sum())
        for team, code in ((0, int(Result.TEAM_0_WINS)), (1, int(Result.TEAM_1_WINS))):
            wins[team][0] += int((rows[:, 2] == code).sum())
            wins[team][1] += int((rows[:, 3] == code).sum())
        for k in np.flatnonzero(differs):
            hand = int(rows[k, 1])
            if hand_witness is None or hand < hand_witness[1]:
                hand_witness = (first + int(k), hand)
        for k in np.flatnonzero(outcome_differs):
            length = int(max(rows[k, 4], rows[k, 5]))
            if game_witness is None or length < game_witness[1]:
                game_witness = (first + int(k), length)
    result: dict[str, Any] = {
        "variant": pair.variant,
        "switch": pair.switch,
        "default": pair.default,
        "reading": pair.reading,
        "games": games,
        "hands_compared": compared,
        "hands_differ": differing,
        "hand_share": differing / compared if compared else 0.0,
        "games_differ": games_differing,
        "game_share": games_differing / games if games else 0.0,
        "team_0_wins": wins[0],
        "team_1_wins": wins[1],
    }
    if hand_witness is not None:
        result["hand_witness"] = {"game": hand_witness[0], "hand": hand_witness[1]}
    if game_witness is not None:
        result["game_witness"] = {"game": game_witness[0], "hand": None}
    return result


def witness_transcripts(
    figure: dict[str, Any], witness: str, seed: int | str, players: str, max_hands: int
) -> dict[str, Any]:
    """The two games of a figure's ``hand_witness`` or ``game_witness`` (cut after the
    differing hand for the former), as transcript data under the default and the reading."""
    where = figure[witness]
    variant = get(figure["variant"])
    default = build(variant, {})
    other = build(variant, {figure["switch"]: figure["reading"]})
    game, hands = int(where["game"]), where["hand"]
    return {
        "default": BatchSimulator(default, players, seed, max_hands)
        .transcript(game, hands)
        .to_dict(),
        "reading": BatchSimulator(other, players, seed, max_hands)
        .transcript(game, hands)
        .to_dict(),
    }


def witness_command(data: dict[str, Any], figure: dict[str, Any], witness: str) -> str:
    """The command that prints a witness game under the figure's reading (without the
    option: under the default) as a transcript for ``fourhundred replay``."""
    where = figure[witness]
    variant = f"{figure['variant']}({figure['switch']}={figure['reading']})"
    hands = f" --hands {where['hand']}" if where["hand"] else ""
    return (
        f"fourhundred simulate '{variant}' --players {data['players']} --seed {data['seed']} "
        f"--max-hands {data['max_hands']} --transcript {where['game']}{hands}"
    )


def with_witnesses(
    data: dict[str, Any], transcripts: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """The figures of every entry, each witness with the command that prints it and, with
    ``transcripts``, its two games inline (under the default and under the reading)."""
    seed, players, max_hands = data["seed"], data["players"], int(data["max_hands"])
    entries: dict[str, list[dict[str, Any]]] = {}
    for entry, figures in data["entries"].items():
        entries[entry] = []
        for figure in figures:
            figure = dict(figure)
            for witness in ("hand_witness", "game_witness"):
                if witness not in figure:
                    continue
                shown = {**figure[witness], "command": witness_command(data, figure, witness)}
                if transcripts:
                    shown |= witness_transcripts(figure, witness, seed, players, max_hands)
                figure[witness] = shown
            entries[entry].append(figure)
    return entries


def measure(
    games: int,
    seed: int | str,
    players: str,
    max_hands: int = 200,
    progress: Callable[[ReadingPair], None] | None = None,
) -> dict[str, Any]:
    """The figures of every reading pair, with what they were computed from."""
    figures = []
    for pair in reading_pairs():
        figures.append(measure_reading(pair, games, seed, players, max_hands))
        if progress is not None:
            progress(pair)
    return {
        "format": FIGURES_FORMAT,
        "seed": str(seed),
        "games": games,
        "players": players,
        "max_hands": max_hands,
        "entries": _by_entry(figures),
    }


def _by_entry(figures: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    by_entry: dict[str, list[dict[str, Any]]] = {}
    pairs = list(reading_pairs())
    for pair, figure in zip(pairs, figures, strict=True):
        by_entry.setdefault(pair.entry.id, []).append(figure)
    return by_entry


def load_figures(path: Path = FIGURES_PATH) -> dict[str, Any]:
    """The committed figures."""
    return read_figures_file(path)


def write_figures(data: dict[str, Any], path: Path = FIGURES_PATH) -> None:
    """Write figures as the committed file does (one figure per line)."""
    write_figures_file(data, path)
