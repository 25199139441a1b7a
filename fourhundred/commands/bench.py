"""``fourhundred bench``: how fast the reference plays random hands and games (one core).

A benchmark, not a test: it reports numbers, it asserts nothing.

* random full hands/s: the fast path (:mod:`fourhundred.reference.simulate`):
  a random deal, four uniformly random legal bids, the throw-in rule, 13
  tricks of uniformly random legal cards, and scoring by ``FastRules``;
* full games/s: whole games of modest random bidders (which finish games);
* the checked engine path: hands of whole games through immutable
  ``GameState`` values, every action chosen among ``legal_actions`` and
  applied by the checked ``apply`` (every rejection check held at every step),
  the path whole-game answers, replays and fuzzing take;
* batched (:mod:`fourhundred.reference.batch`, compiled with Numba): random full
  hands/s and whole games/s of random and of heuristic players (compilation is
  done, or loaded from the cache, before the clock starts);
* with ``--suite-cases N`` (and the others set to 0, say), the conformance runner's
  peak memory on a case file of N cases: ``fourhundred conformance run --cases FILE``
  in a process of its own, against the reference adapter, its peak resident set
  size and CPU seconds from :func:`resource.getrusage` (issue #23: 300,000 cases).

On a terminal a progress bar (on stderr, gone when done) shows where the run
is; on a pipe nothing but the figures is printed.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fourhundred.commands._common import count_option, play_options

if TYPE_CHECKING:
    from fourhundred.spec.model import Rules

#: Work between two refreshes of the progress bar (hands, games).
_CHUNK = 500

#: Moves a progress task to this much work done.
Advance = Callable[[int], None]


@contextmanager
def _progress() -> Iterator[Callable[[str, int], Advance]]:
    """Progress tasks on stderr when it is a terminal (refreshed by hand, at chunk
    ends: no thread runs beside the clock); on a pipe, tasks that show nothing."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield lambda description, total: lambda done: None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        console=console,
        transient=True,
        auto_refresh=False,
    )

    def task(description: str, total: int) -> Advance:
        task_id = bar.add_task(description, total=total)
        bar.refresh()

        def advance(done: int) -> None:
            bar.update(task_id, completed=done)
            bar.refresh()

        return advance

    with bar:
        yield task


def _chunks(total: int) -> Iterator[range]:
    """``range(total)`` in pieces of :data:`_CHUNK`."""
    for begin in range(0, total, _CHUNK):
        yield range(begin, min(begin + _CHUNK, total))


def _engine_hands(rules: Rules, hands: int, seed: str, advance: Advance) -> tuple[int, float]:
    """Hands played through the checked engine: whole games from 0-0-0-0 (a new one
    when a game ends, or when a player has no legal bid), each hand a random deal
    then uniformly random legal actions (``legal_actions``), each applied by the
    checked ``apply``. The deals of each chunk are shuffled before its clock starts
    (the engine's time is measured, not the shuffling). Returns the hands played
    (not thrown in) and the CPU seconds."""
    from fourhundred.reference.actions import Deal
    from fourhundred.reference.engine import Phase, apply, legal_actions, new_game
    from fourhundred.spec.cards import FULL_DECK

    rnd = random.Random(seed)
    draw = rnd.random
    deck = list(FULL_DECK)
    bidding, playing, over = Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER
    state = new_game(rules)
    played = 0
    elapsed = 0.0
    for chunk in _chunks(hands):
        deals = []
        for _ in chunk:
            rnd.shuffle(deck)
            deals.append(
                Deal(
                    (tuple(deck[0:13]), tuple(deck[13:26]), tuple(deck[26:39]), tuple(deck[39:52]))
                )
            )
        start = time.process_time()
        for number, deal in zip(chunk, deals, strict=True):
            if state.phase is over:
                state = new_game(rules, number % 4)
            state = apply(state, deal)
            while state.phase is bidding or state.phase is playing:
                actions = legal_actions(state)
                if not actions:
                    state = new_game(rules, number % 4)
                    break
                state = apply(state, actions[int(draw() * len(actions))])
            else:
                played += state.history[-1].played
        elapsed += time.process_time() - start
        advance(chunk.stop)
    return played, elapsed


@click.command("bench")
@count_option("--hands", default=30000, help="Random hands (fast path; 0 to skip).", minimum=0)
@play_options(
    games=200,
    min_games=0,
    games_help="Random games (fast path).",
    seed="bench",
    seed_help="Seed of the random streams.",
)
@click.option("--variant", default="qahwa-400", show_default=True, help="Variant string.")
@count_option(
    "--batch-hands",
    default=1_000_000,
    help="Random hands through the batched simulator (0 to skip).",
    minimum=0,
)
@count_option(
    "--batch-games",
    default=5_000,
    help="Whole games through the batched simulator, per kind of player (0 to skip).",
    minimum=0,
)
@count_option(
    "--engine-hands",
    default=5000,
    help="Hands through the checked engine (legal_actions + apply; 0 to skip).",
    minimum=0,
)
@count_option(
    "--suite-cases",
    default=0,
    help="The conformance runner's peak memory on a case file of this many cases (0 to skip).",
    minimum=0,
)
def bench_command(
    hands: int,
    games: int,
    variant: str,
    seed: str,
    batch_hands: int,
    batch_games: int,
    engine_hands: int,
    suite_cases: int,
) -> None:
    """Measure random full hands/s and full games/s on one core (and, with
    ``--suite-cases``, the conformance runner's peak memory)."""
    from fourhundred.reference.simulate import Simulator, modest_simulator
    from fourhundred.spec.registry import load

    if suite_cases:
        _suite_memory(suite_cases)
    if not (hands or games or engine_hands or batch_hands or batch_games):
        return

    rules = load(variant)
    click.echo(f"variant: {rules}")
    elapsed_hands = 0.0
    dealt = 0
    with _progress() as task:
        if hands:
            simulator = Simulator(rules, seed)
            played = 0
            advance = task("fast path: hands", hands)
            start = time.perf_counter()
            for chunk in _chunks(hands):
                for number in chunk:
                    log = simulator.hand((0, 0, 0, 0), number % 4, rules.target)
                    dealt += 1
                    played += log.played
                advance(chunk.stop)
            elapsed = elapsed_hands = time.perf_counter() - start
            click.echo(
                f"fast path:   {played / elapsed:>10,.0f} random full hands/s ({played} played "
                f"of {dealt} dealt in {elapsed:.2f} s; deal, 4 bids, 13 tricks, scoring)"
            )
        if games:
            game_sim = modest_simulator(rules, seed)
            total_hands = finished = 0
            advance = task("fast path: games", games)
            start = time.perf_counter()
            for number in range(games):
                summary = game_sim.game(max_hands=1000)
                total_hands += summary.hands
                finished += summary.outcome not in ("unfinished", "stuck")
                advance(number + 1)
            elapsed = time.perf_counter() - start
            click.echo(
                f"fast path:   {games / elapsed:>10,.1f} full games/s "
                f"({games} games, {finished} finished, {total_hands / games:.1f} hands per game, "
                f"{total_hands / elapsed:,.0f} hands/s incl. throw-ins)"
            )
        if engine_hands:
            advance = task("checked engine: hands", engine_hands)
            engine_played, engine_elapsed = _engine_hands(rules, engine_hands, seed, advance)
            click.echo(
                f"engine path: {engine_played / engine_elapsed:>10,.0f} full hands/s through the "
                f"checked engine ({engine_played} played of {engine_hands} dealt in "
                f"{engine_elapsed:.2f} s of CPU time; immutable GameState, legal_actions + apply "
                "at every step, whole games; deals shuffled off the clock)"
            )
        if batch_hands or batch_games:
            task("batched simulator (Numba)", 0)
            _batched(rules, seed, batch_hands, batch_games)
    if not hands:
        return
    per_hand = 1e6 * elapsed_hands / max(dealt, 1)
    click.echo(
        f"limits: fast path {per_hand:.0f} us per hand, nearly all of it interpreter dispatch "
        "(a card played is a few dozen bytecodes: the suit led, a random legal card, the "
        "trick's winner). The checked engine path does more for each of the 57 or so actions "
        "of a hand: legal_actions and a checked apply, and a new immutable GameState (an "
        "object and its dict: about half a microsecond of CPython on its own), so it runs "
        "at a fraction of the fast path's speed; the batched mode compiles the per-hand "
        "loop instead (Numba): see its lines above."
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
    from fourhundred.reference.batch import BatchSimulator
    from fourhundred.reference.batch_codes import G_HANDS

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


def _big_case_file(path: Path, cases: int) -> None:
    """A valid case file of ``cases`` cases: the bundled ``bid_value`` cases of
    qahwa-400 over and over, each with an id of its own, written one case a line
    as it goes (the benchmark itself holds none of them)."""
    from fourhundred.conformance import suite

    source = suite.read_case_file(suite.CASES_DIR / "bid_value" / "qahwa-400.json")
    pattern = source["cases"]
    head = {"suite_version": source["suite_version"], "kind": "bid_value", "origin": "generated"}
    with path.open("w", encoding="utf-8") as stream:
        stream.write(json.dumps(head)[:-1] + ', "cases": [\n')
        for number in range(cases):
            case = {**pattern[number % len(pattern)], "id": f"bid_value.bench.{number:07d}"}
            stream.write(("," if number else "") + json.dumps(case, separators=(",", ":")) + "\n")
        stream.write("]}\n")


def _suite_memory(cases: int) -> None:
    """Run ``fourhundred conformance run --cases FILE -q`` on a case file of ``cases``
    cases in a child process; print its peak resident set size, CPU and wall seconds."""
    import resource
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory(prefix="fourhundred-bench-") as folder:
        path = Path(folder) / "cases.json"
        _big_case_file(path, cases)
        size = path.stat().st_size
        command = [sys.executable, "-m", "fourhundred", "conformance", "run", "-q"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        done = subprocess.run(
            [*command, "--cases", str(path)], capture_output=True, text=True, check=False
        )
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    # ru_maxrss of the children is the largest one's (KiB on Linux): the runner, since
    # the reference adapter holds one case at a time.
    peak = after.ru_maxrss / 1024
    last = (done.stdout.strip().splitlines() or ["(no summary)"])[-1]
    click.echo(
        f"suite memory: {peak:,.0f} MB peak resident (the largest process: the runner) for "
        f"{cases:,} cases ({size / 1e6:,.0f} MB file), {cpu:,.1f} CPU-s runner and adapter, "
        f"{wall:,.1f} s wall; exit {done.returncode}: {last}"
    )
