"""Batched simulation, the Python side: :class:`BatchSimulator` runs millions of hands and
games of every variant and reading through the compiled kernels and writes any of them as a
transcript; this docstring is the kernels' design.

The parts, one job each: :mod:`~fourhundred.reference.batch_codes` (the codes kernels and
Python share), :mod:`~fourhundred.reference.batch_bits` (decorators, random streams, bit
operations), :mod:`~fourhundred.reference.batch_rules` (the rules on the tables),
:mod:`~fourhundred.reference.batch_players` (the heuristic player),
:mod:`~fourhundred.reference.batch_kernels` (a hand, a game, the batch kernels),
:mod:`~fourhundred.reference.batch_log` (a hand's log row, written and read back),
:mod:`~fourhundred.reference.batch_compare` (the same games under two readings), with the
tables of :mod:`~fourhundred.reference.batch_tables`.

Why Numba and not NumPy: a hand is 52 dependent steps (who leads the next trick
depends on who won the last; which cards are legal depends on the card led),
so vectorising across a batch means 52 rounds of whole-array operations
(argsort shuffles, masked choices, gathers) per hand, each touching every hand
of the batch in memory, plus the bidding and the end-of-game rules written as
masked array arithmetic. Numba compiles the natural per-hand loop over 64-bit
hand masks (``popcount``, "k-th set bit", one table lookup per card) to machine
code, memory is a few arrays per batch, and the rules read like the reference's.
The kernels are compiled once and cached on disk (``cache=True``), so later runs
start in well under a second.

Speed (``fourhundred bench``; one core, hands per CPU-second, on a loaded machine): about
1.25 million random full hands/s, and about as many hands/s in whole games of random
players. A random hand costs about 0.8 microseconds: 0.15 for the deal (51 Fisher-Yates
draws and swaps, four masks), 0.03 for the bids and the throw-in rule, 0.6 for the 52 cards
and the scoring. What made it so, measured one change at a time from 1.45 microseconds:
compiling the hand without reference counting
(:func:`~fourhundred.reference.batch_bits._unreferenced`; every table read and every view
was an atomic count through a function call: -0.3), bit counts as single instructions
(:func:`~fourhundred.reference.batch_bits._bit_count`), a branch-free k-th set bit
(:func:`~fourhundred.reference.batch_bits._nth`: -0.1), unsigned indices on the trick's
chain (:func:`~fourhundred.reference.batch_bits._index`: -0.07), the random streams in
registers, and bands by a constant division. The random streams are unchanged by all of it
(the same games, the same committed figures). What limits it now is latency, not work: a
trick is a chain (the leader's hand, its random card, the suit led, the followers' legal
cards, their random cards, the winner, who leads next), about 100 cycles a trick, and hands
run one after another on one core; the deal is 51 dependent swaps. More would need several
hands interleaved in one loop (to fill the idle cycles) or more cores (the kernels release
the GIL, so batches could run on threads, one a core; not done: the target is per core).

What a GPU (for example JAX, or Numba's CUDA target) would add: throughput, not
speed per hand. One hand per GPU thread, the tables in constant memory and the
hand masks in registers, runs tens of thousands of hands at once, hiding each
hand's latency behind the others' (an estimate, not measured here: one to two
orders of magnitude more hands per second than one core), at the price of a
second implementation of the kernel (JAX would rewrite it as masked array
steps, ``lax.fori_loop`` over the 52 cards, with the branches of the rules as
``where``) to hold to the reference by the same replay tests. For the figures
this project publishes (20,000 games a variant, 5,000 a reading) one core
already takes seconds, so no GPU is used.

What is simulated (:func:`~fourhundred.reference.batch_kernels._play_hand`): a uniformly random deal, four bids (or
the dealer's throw-in, where allowed), the throw-in rule, 13 tricks with
follow suit and hearts trump, the scoring, and what the hand decides; a game
(:func:`~fourhundred.reference.batch_kernels._play_game`) repeats hands from 0-0-0-0 until it is decided, a player
has no legal bid (``stuck``) or ``max_hands`` hands were dealt (``unfinished``).
Players are uniformly random (every legal action equally likely, as
:class:`~fourhundred.reference.players.RandomPlayer`) or heuristic (the
decisions of :class:`~fourhundred.reference.players.HeuristicPlayer`).

Every rule comes from a table of :mod:`fourhundred.reference.batch_tables`,
tabulated from :class:`~fourhundred.reference.fast.FastRules`, :class:`Rules`
and the card table; the switches between readings are written once here and
the whole kernel is held to the reference engine by replay
(``tests/test_reference_batch.py``): :meth:`BatchSimulator.transcript` writes
any simulated game as a :class:`~fourhundred.reference.transcript.Transcript`
(explicit deals) that :func:`~fourhundred.reference.transcript.replay` and
``fourhundred replay`` check step by step.

Randomness is counter-based: hand ``h`` of game ``g`` draws its deal and its players'
choices from two SplitMix64 streams keyed by (seed, g, h). So a run is reproducible from its
seed whatever the batch size, and the same game under two readings sees the same deals and,
while the positions agree, the same choices
(:func:`~fourhundred.reference.batch_compare.compare_kernel`, used for the ambiguity
figures).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from fourhundred.reference.batch_bits import seed_key
from fourhundred.reference.batch_codes import (
    G_HANDS,
    G_OUTCOME,
    GAME_COLUMNS,
    GAME_STUCK,
    LOG_WIDTH,
    PLAYER_KINDS,
    TRAJECTORY_HANDS,
    UNFINISHED,
)
from fourhundred.reference.batch_kernels import (
    Counters,
    Setting,
    games_kernel,
    hands_kernel,
    record_kernel,
)
from fourhundred.reference.batch_log import transcript_hand
from fourhundred.reference.batch_tables import (
    Ints,
    KernelTables,
    kernel_tables,
)
from fourhundred.reference.transcript import OUTCOMES, Transcript
from fourhundred.reference.transcript import STUCK as STUCK_TEXT
from fourhundred.reference.transcript import UNFINISHED as UNFINISHED_TEXT
from fourhundred.spec.model import Result, Rules

# ----------------------------------------------------------------------
# The Python side
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class GameBatch:
    """What a batch of games did: one row per game (the ``G_*`` columns) and the counters."""

    first_game: int
    rows: Ints
    #: ``bids_placed[v]``: bids of ``v`` (every hand); ``bids_played[v]``, ``bids_made[v]``:
    #: in played hands, and made there.
    bids_placed: Ints
    bids_played: Ints
    bids_made: Ints
    #: ``trajectory[2 k]``: the sum over games of the leading team total after hand ``k + 1``;
    #: ``trajectory[2 k + 1]``: how many games played a hand ``k + 1``.
    trajectory: Ints


@dataclass(frozen=True)
class BatchSimulator:
    """Games and hands of one rules value, in batches, reproducible from ``seed``.

    ``players`` is ``"random"`` or ``"heuristic"`` for every seat, or four of
    them by seat; ``boldness`` is the heuristic's
    (:class:`~fourhundred.reference.players.HeuristicPlayer`); a game stops as
    unfinished after ``max_hands`` hands.
    """

    rules: Rules
    players: str | tuple[str, str, str, str] = "random"
    seed: int | str = 0
    max_hands: int = 200
    boldness: float = 0.05

    def __post_init__(self) -> None:
        for kind in self.seat_players:
            if kind not in PLAYER_KINDS:
                raise ValueError(f"unknown player {kind!r}; players: {', '.join(PLAYER_KINDS)}")
        if self.max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, got {self.max_hands}")

    @property
    def seat_players(self) -> tuple[str, str, str, str]:
        """The player of each seat."""
        players = self.players
        return (players,) * 4 if isinstance(players, str) else players

    @property
    def tables(self) -> KernelTables:
        return kernel_tables(self.rules)

    def setting(self) -> Setting:
        """What the kernels share for every game of this simulator: the streams' key from
        ``seed``, the players' codes by seat, the boldness and the hand limit."""
        kinds = np.array([PLAYER_KINDS[kind] for kind in self.seat_players], dtype=np.int64)
        return Setting(
            np.uint64(seed_key(self.seed)),
            kinds,
            np.float64(self.boldness),
            np.int64(self.max_hands),
        )

    def games(self, first_game: int, count: int) -> GameBatch:
        """Games ``first_game`` .. ``first_game + count - 1`` (memory: one row per game)."""
        rows = np.zeros((count, GAME_COLUMNS), dtype=np.int64)
        placed, played, made = (np.zeros(14, dtype=np.int64) for _ in range(3))
        trajectory = np.zeros(2 * TRAJECTORY_HANDS, dtype=np.int64)
        counters = Counters(placed, played, made, trajectory)
        games_kernel(self.tables, self.setting(), first_game, count, rows, counters)
        return GameBatch(first_game, rows, placed, played, made, trajectory)

    def hands(self, count: int) -> int:
        """Play ``count`` independent hands from 0-0-0-0; how many were played (not thrown in)."""
        return int(hands_kernel(self.tables, self.setting(), count))

    def game_log(self, game: int) -> tuple[Ints, npt.NDArray[np.int32]]:
        """Game ``game``'s row and its hands' log rows (:data:`LOG_WIDTH` each)."""
        row = np.zeros(GAME_COLUMNS, dtype=np.int64)
        log = np.full((self.max_hands, LOG_WIDTH), -1, dtype=np.int32)
        record_kernel(self.tables, self.setting(), game, row, log)
        return row, log[: int(row[G_HANDS])]

    def transcript(self, game: int, hands: int | None = None) -> Transcript:
        """Game ``game`` as a transcript with explicit deals (``fourhundred replay`` checks it);
        ``hands`` keeps only the first hands (the game is then ``unfinished`` unless one of
        them ended it)."""
        row, log = self.game_log(game)
        kept = log if hands is None else log[:hands]
        turns = self.rules.trump == "turned"
        written = tuple(transcript_hand(number, line, turns) for number, line in enumerate(kept, 1))
        last = written[-1]
        if hands is None or hands >= len(log):
            outcome = GAME_OUTCOMES[int(row[G_OUTCOME])]
        else:
            outcome = last.result if last.result in _DECIDED else UNFINISHED_TEXT
        return Transcript(
            variant=str(self.rules),
            seed=None,
            first_dealer=0,
            players=self.seat_players,
            hands=written,
            outcome=outcome,
            final_scores=last.scores,
        )


#: The transcript's outcome of each game code.
GAME_OUTCOMES: dict[int, str] = {
    **{int(result): text for result, text in OUTCOMES.items() if result != Result.CONTINUE},
    UNFINISHED: UNFINISHED_TEXT,
    GAME_STUCK: STUCK_TEXT,
}
_DECIDED = frozenset(GAME_OUTCOMES[int(result)] for result in Result if result != Result.CONTINUE)
