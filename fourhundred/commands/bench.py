"""``fourhundred bench``: how fast the reference plays random hands and games (one core).

A benchmark, not a test: it reports numbers, it asserts nothing.

* random full hands/s: the fast path (:mod:`fourhundred.reference.simulate`):
  a random deal, four uniformly random legal bids, the throw-in rule, 13
  tricks of uniformly random legal cards, and scoring by ``FastRules``;
* full games/s: whole games of modest random bidders (which finish games);
* the engine path: the same hands through immutable ``GameState`` objects
  (``legal_actions`` + ``apply_unchecked``), for comparison;
* batched (:mod:`fourhundred.reference.batch`, compiled with Numba): random full
  hands/s and whole games/s of random and of heuristic players (compilation is
  done, or loaded from the cache, before the clock starts).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import click

from fourhundred.commands._common import SEED

if TYPE_CHECKING:
    from fourhundred.spec.model import Rules


def _engine_hands(variant: str, hands: int, seed: str) -> tuple[int, float]:
    from fourhundred.reference.actions import Deal
    from fourhundred.reference.engine import (
        GameState,
        Phase,
        apply_unchecked,
        legal_actions,
        new_game,
    )
    from fourhundred.spec.cards import FULL_DECK
    from fourhundred.spec.registry import load

    rules = load(variant)
    rnd = random.Random(seed)
    deck = list(FULL_DECK)
    played = 0
    start = time.perf_counter()
    for number in range(hands):
        state: GameState = new_game(rules, number % 4)
        rnd.shuffle(deck)
        state = apply_unchecked(
            state,
            Deal((tuple(deck[0:13]), tuple(deck[13:26]), tuple(deck[26:39]), tuple(deck[39:52]))),
        )
        while state.phase is Phase.BIDDING or state.phase is Phase.PLAY:
            actions = legal_actions(state)
            state = apply_unchecked(state, actions[rnd.randrange(len(actions))])
        played += state.history[-1].played if state.history else 1
    return played, time.perf_counter() - start


@click.command("bench")
@click.option(
    "--hands",
    type=click.IntRange(min=1),
    default=30000,
    show_default=True,
    help="Random hands (fast path).",
)
@click.option(
    "--games",
    type=click.IntRange(min=0),
    default=200,
    show_default=True,
    help="Random games (fast path).",
)
@click.option("--variant", default="qahwa-400", show_default=True, help="Variant string.")
@click.option(
    "--seed", type=SEED, default="bench", show_default=True, help="Seed of the random streams."
)
@click.option(
    "--batch-hands",
    type=click.IntRange(min=0),
    default=1_000_000,
    show_default=True,
    help="Random hands through the batched simulator (0 to skip).",
)
@click.option(
    "--batch-games",
    type=click.IntRange(min=0),
    default=5_000,
    show_default=True,
    help="Whole games through the batched simulator, per kind of player (0 to skip).",
)
@click.option(
    "--engine-hands",
    type=click.IntRange(min=0),
    default=1000,
    show_default=True,
    help="Hands through the object engine, for comparison (0 to skip).",
)
def bench_command(
    hands: int,
    games: int,
    variant: str,
    seed: str,
    batch_hands: int,
    batch_games: int,
    engine_hands: int,
) -> None:
    """Measure random full hands/s and full games/s on one core."""
    from fourhundred.reference.simulate import Simulator, modest_simulator
    from fourhundred.spec.registry import load

    rules = load(variant)
    simulator = Simulator(rules, seed)
    dealt = played = 0
    start = time.perf_counter()
    for number in range(hands):
        log = simulator.hand((0, 0, 0, 0), number % 4, rules.target)
        dealt += 1
        played += log.played
    elapsed = elapsed_hands = time.perf_counter() - start
    click.echo(f"variant: {rules}")
    click.echo(
        f"fast path:   {played / elapsed:>10,.0f} random full hands/s "
        f"({played} played of {dealt} dealt in {elapsed:.2f} s; deal, 4 bids, 13 tricks, scoring)"
    )
    if games:
        game_sim = modest_simulator(rules, seed)
        total_hands = finished = 0
        start = time.perf_counter()
        for _ in range(games):
            summary = game_sim.game(max_hands=1000)
            total_hands += summary.hands
            finished += summary.outcome not in ("unfinished", "stuck")
        elapsed = time.perf_counter() - start
        click.echo(
            f"fast path:   {games / elapsed:>10,.1f} full games/s "
            f"({games} games, {finished} finished, {total_hands / games:.1f} hands per game, "
            f"{total_hands / elapsed:,.0f} hands/s incl. throw-ins)"
        )
    if engine_hands:
        engine_played, engine_elapsed = _engine_hands(str(rules), engine_hands, seed)
        click.echo(
            f"engine path: {engine_played / engine_elapsed:>10,.0f} random full hands/s "
            f"(immutable GameState, legal_actions + apply_unchecked)"
        )
    if batch_hands or batch_games:
        _batched(rules, seed, batch_hands, batch_games)
    per_hand = 1e6 * elapsed_hands / max(dealt, 1)
    click.echo(
        f"limits: {per_hand:.0f} us per hand, nearly all of it interpreter dispatch: about "
        "0.25 us per card played (52 per hand: two bisections for the run of the suit led, "
        "a digit of the trick's random number, a pop, a strength lookup), about 6 us for the "
        "deal (39 draws from one random number), 2-3 us for bids and scoring. A batched mode "
        "(NumPy over 10^5 hands at once: argsort shuffles, 52 steps of array operations for "
        "legal masks, draws and trick winners) pays the interpreter once per step instead of "
        "once per card: estimated 0.3-1 million hands/s on this core. The batched mode "
        "compiles the per-hand loop instead (Numba): see its lines above."
    )


#: What limits the batched simulator, and what a GPU would add (the measurements behind it:
#: :mod:`fourhundred.reference.batch`'s docstring).
BATCH_LIMITS = (
    "CPU time, since the batch runs on one core: a busy machine slows the wall clock, not "
    "the hands per CPU-second. A random hand is about 0.8 us of CPU: 0.15 the deal (51 "
    "dependent swaps), 0.6 the 52 cards and scoring, the rest bids; the cards are a chain "
    "(leader's random card, suit led, followers' legal cards, winner, next leader) of "
    "about 100 cycles a trick, so latency limits it, not work. A GPU (JAX, or Numba's CUDA "
    "target) would run tens of thousands of hands at once, one a thread, hiding that "
    "latency: throughput, not speed per hand, for a second kernel held to the reference by "
    "the same replay tests."
)


def _batched(rules: Rules, seed: str, hands: int, games: int) -> None:
    """The batched simulator's figures: one core (the kernels run on the calling thread)."""
    from fourhundred.reference.batch import G_HANDS, BatchSimulator

    simulator = BatchSimulator(rules, "random", seed)
    simulator.hands(1)
    simulator.games(0, 1)
    if hands:
        cpu, wall = time.process_time(), time.perf_counter()
        played = simulator.hands(hands)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        click.echo(
            f"batched:     {hands / cpu:>10,.0f} random full hands per CPU-second "
            f"({played} played of {hands} dealt in {cpu:.2f} s of CPU time, "
            f"{hands / wall:,.0f} per wall-clock second; Numba)"
        )
    for players in ("random", "heuristic") if games else ():
        each = BatchSimulator(rules, players, seed)
        each.games(0, 1)
        cpu = time.process_time()
        rows = each.games(0, games).rows
        cpu = time.process_time() - cpu
        dealt = int(rows[:, G_HANDS].sum())
        click.echo(
            f"batched:     {games / cpu:>10,.0f} whole games per CPU-second of {players} players "
            f"({dealt / games:.1f} hands per game, {dealt / cpu:,.0f} hands per CPU-second "
            f"incl. throw-ins, at most {each.max_hands} hands)"
        )
    if hands or games:
        click.echo(f"batched limits: {BATCH_LIMITS}")
