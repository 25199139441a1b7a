"""The variants in numbers: statistics of batched games (``fourhundred simulate``).

:func:`simulate` plays games in batches of :class:`~fourhundred.reference.batch.BatchSimulator`
(memory: one row per game of a batch) and adds them into a :class:`SimulationStats`:
the throw-in rate, hands per game (their distribution), the bids (how often
each is bid, and made when played), how often both teams qualify in the same
hand, bids of 13 and how often they are made, how games end (won, drawn,
stuck: a player without a legal bid, unfinished: ``max_hands`` hands dealt),
and the score trajectory (the mean leading team total after each hand).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from fourhundred.reference.batch import GAME_OUTCOMES, BatchSimulator, GameBatch
from fourhundred.reference.batch_codes import (
    G_BOTH_QUALIFY,
    G_HANDS,
    G_OUTCOME,
    G_THIRTEEN_BID,
    G_THIRTEEN_MADE,
    G_THROWN_IN,
    TRAJECTORY_HANDS,
)
from fourhundred.reference.batch_tables import Ints
from fourhundred.safeio import write_text_atomically

#: The committed figures of every variant (defaults), for the docs' statistics page.
FIGURES_PATH = Path(__file__).resolve().parent.parent / "spec" / "simulation_figures.json"
FIGURES_FORMAT = "fourhundred-simulation-figures/1"
#: Hands after which the trajectory is shown.
TRAJECTORY_POINTS = (1, 2, 3, 5, 10, 20, 30, 50, 100)


def _zeros(size: int) -> Ints:
    return np.zeros(size, dtype=np.int64)


@dataclass
class SimulationStats:
    """Figures of many games of one rules value and one set of players (added batch by batch)."""

    variant: str
    players: tuple[str, ...]
    seed: str
    max_hands: int
    games: int = 0
    hands: int = 0
    thrown_in: int = 0
    both_qualify: int = 0
    games_both_qualify: int = 0
    thirteen_bid: int = 0
    thirteen_made: int = 0
    outcomes: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(GAME_OUTCOMES.values(), 0)
    )
    hands_per_game: Ints = field(default_factory=lambda: _zeros(0))
    bids_placed: Ints = field(default_factory=lambda: _zeros(14))
    bids_played: Ints = field(default_factory=lambda: _zeros(14))
    bids_made: Ints = field(default_factory=lambda: _zeros(14))
    trajectory: Ints = field(default_factory=lambda: _zeros(2 * TRAJECTORY_HANDS))

    def __post_init__(self) -> None:
        if not len(self.hands_per_game):
            self.hands_per_game = _zeros(self.max_hands + 1)

    def add(self, batch: GameBatch) -> None:
        """Count one batch of games in."""
        rows = batch.rows
        self.games += len(rows)
        self.hands += int(rows[:, G_HANDS].sum())
        self.thrown_in += int(rows[:, G_THROWN_IN].sum())
        self.both_qualify += int(rows[:, G_BOTH_QUALIFY].sum())
        self.games_both_qualify += int((rows[:, G_BOTH_QUALIFY] > 0).sum())
        self.thirteen_bid += int(rows[:, G_THIRTEEN_BID].sum())
        self.thirteen_made += int(rows[:, G_THIRTEEN_MADE].sum())
        codes, counts = np.unique(rows[:, G_OUTCOME], return_counts=True)
        for code, count in zip(codes, counts, strict=True):
            self.outcomes[GAME_OUTCOMES[int(code)]] += int(count)
        self.hands_per_game += np.bincount(rows[:, G_HANDS], minlength=self.max_hands + 1)
        self.bids_placed += batch.bids_placed
        self.bids_played += batch.bids_played
        self.bids_made += batch.bids_made
        self.trajectory += batch.trajectory

    @property
    def played(self) -> int:
        return self.hands - self.thrown_in

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-ready data (rates as fractions)."""
        games, hands, played = max(self.games, 1), max(self.hands, 1), max(self.played, 1)
        lengths = np.repeat(np.arange(len(self.hands_per_game)), self.hands_per_game)
        sums, counts = self.trajectory[0::2], self.trajectory[1::2]
        return {
            "variant": self.variant,
            "players": list(self.players),
            "seed": self.seed,
            "max_hands": self.max_hands,
            "games": self.games,
            "hands": self.hands,
            "played_hands": self.played,
            "throw_in_rate": self.thrown_in / hands,
            "hands_per_game": {
                "mean": float(lengths.mean()) if len(lengths) else 0.0,
                "quantiles": {
                    str(q): int(np.quantile(lengths, q / 100)) if len(lengths) else 0
                    for q in (10, 25, 50, 75, 90, 99)
                },
                "histogram": {str(n): int(c) for n, c in enumerate(self.hands_per_game) if c},
            },
            "bids": {
                str(bid): {
                    "share_of_bids": int(self.bids_placed[bid])
                    / max(int(self.bids_placed.sum()), 1),
                    "bid_in_played_hands": int(self.bids_played[bid]),
                    "made_rate": (
                        int(self.bids_made[bid]) / int(self.bids_played[bid])
                        if self.bids_played[bid]
                        else None
                    ),
                }
                for bid in range(14)
                if self.bids_placed[bid]
            },
            "both_qualify": {
                "per_played_hand": self.both_qualify / played,
                "games_with_it": self.games_both_qualify / games,
            },
            "thirteen": {
                "bid_per_played_hand": self.thirteen_bid / played,
                "made_per_played_hand": self.thirteen_made / played,
                "made_when_bid": self.thirteen_made / self.thirteen_bid
                if self.thirteen_bid
                else None,
            },
            "outcomes": {name: count / games for name, count in self.outcomes.items()},
            "trajectory": {
                str(k): float(sums[k - 1] / counts[k - 1])
                for k in TRAJECTORY_POINTS
                if k <= len(counts) and counts[k - 1]
            },
        }


def simulate(
    simulator: BatchSimulator,
    games: int,
    batch_size: int = 10_000,
    progress: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``games`` games in batches of ``batch_size``; ``progress`` hears each batch's size."""
    stats = SimulationStats(
        str(simulator.rules), simulator.seat_players, str(simulator.seed), simulator.max_hands
    )
    for first in range(0, games, batch_size):
        count = min(batch_size, games - first)
        stats.add(simulator.games(first, count))
        if progress is not None:
            progress(count)
    return stats


def variant_figures(
    games: int,
    seed: str,
    batch_size: int = 10_000,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every variant under its defaults, with random and with heuristic players."""
    from fourhundred.spec.registry import load, names

    figures = []
    for name in names():
        for players in ("heuristic", "random"):
            simulator = BatchSimulator(load(name), players, seed)
            figures.append(simulate(simulator, games, batch_size).to_json())
            if progress is not None:
                progress(f"{name} ({players})")
    return {"format": FIGURES_FORMAT, "seed": seed, "games": games, "figures": figures}


def load_figures(path: Path = FIGURES_PATH) -> dict[str, Any]:
    """The committed figures of every variant."""
    return read_figures_file(path)


def write_figures(data: dict[str, Any], path: Path = FIGURES_PATH) -> None:
    """Write the figures as the committed file has them."""
    write_figures_file(data, path)


def read_figures_file(path: Path) -> dict[str, Any]:
    """A committed figures file (this module's, or the ambiguity impact's)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_figures_file(data: dict[str, Any], path: Path) -> None:
    """A figures file as it is committed: one figure per line, keys sorted, written
    atomically (a run cut short never leaves half a file)."""
    write_text_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
