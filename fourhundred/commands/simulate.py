"""``fourhundred simulate``: the variants in numbers, from batched games.

Plays ``--games`` games of the variant (and, with ``--readings``, of every
reading of :func:`fourhundred.spec.registry.all_readings`) with the batched
simulator (:mod:`fourhundred.reference.batch`), ``--batch-size`` games at a
time (memory is bounded by the batch), from ``--seed``: the same seed gives
the same figures whatever the batch size. Prints per variant and reading the
figures of :class:`~fourhundred.reference.batch_stats.SimulationStats`, as
tables or ``--json``. ``--transcript G`` prints game ``G`` as a transcript
instead, which ``fourhundred replay`` checks. ``--write-figures`` makes the
committed figures of every variant that the docs' statistics page reads.
"""

from __future__ import annotations

import json
from typing import Any

import click

from fourhundred.commands._common import console as _console
from fourhundred.commands._common import count_option, json_option, play_options
from fourhundred.errors import UserError


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}%"


@click.command("simulate")
@click.argument("variant", required=False)
@play_options(
    games=10_000,
    games_help="Games to play.",
    seed="simulate",
    seed_help="Seed of the deals and choices.",
    players_help="Who plays every seat.",
)
@json_option()
@count_option("--batch-size", default=10_000, help="Games per batch (memory is bounded by it).")
@count_option(
    "--max-hands", default=200, help="A game is unfinished after this many hands.", maximum=10_000
)
@click.option("--readings", is_flag=True, help="Also every reading of the variant's options.")
@count_option(
    "--transcript",
    "transcript_game",
    default=None,
    help="Print game G (counting from 0) as a transcript instead.",
    minimum=0,
)
@click.option(
    "--write-figures",
    is_flag=True,
    help="Instead of VARIANT: every variant, both kinds of players, written to the committed "
    "figures the docs read (spec/simulation_figures.json).",
)
@count_option(
    "--hands", "transcript_hands", default=None, help="With --transcript: only the first hands."
)
def simulate_command(
    variant: str,
    games: int,
    players: str,
    seed: str,
    as_json: bool,
    batch_size: int,
    max_hands: int,
    readings: bool,
    transcript_game: int | None,
    transcript_hands: int | None,
    write_figures: bool,
) -> None:
    """Simulate many games of VARIANT (a variant string, for example
    'qahwa-400(target=61)') and print throw-in rates, hands per game, bids,
    13s, how games end and the score trajectory."""
    from fourhundred.spec.registry import all_readings, load

    if write_figures:
        if variant is not None:
            raise UserError("--write-figures simulates every variant: give no VARIANT")
        from fourhundred.reference import batch_stats

        data = batch_stats.variant_figures(
            games, seed, batch_size, lambda done: click.echo(done, err=True)
        )
        batch_stats.write_figures(data)
        return
    if variant is None:
        raise UserError("give a VARIANT (for example qahwa-400), or --write-figures")
    rules = load(variant)
    if transcript_hands is not None and transcript_game is None:
        raise UserError("--hands needs --transcript")
    from fourhundred.reference.batch import BatchSimulator
    from fourhundred.reference.batch_stats import simulate

    if transcript_game is not None:
        simulator = BatchSimulator(rules, players, seed, max_hands)
        click.echo(simulator.transcript(transcript_game, transcript_hands).to_json())
        return
    everything = all_readings(rules.variant) if readings else [rules]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = _console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    results: list[dict[str, Any]] = []
    with progress:
        for each in everything:
            task = progress.add_task(str(each), total=games)
            stats = simulate(
                BatchSimulator(each, players, seed, max_hands),
                games,
                batch_size,
                lambda done, task=task: progress.advance(task, done),  # type: ignore[misc]
            )
            results.append(stats.to_json())
    if as_json:
        click.echo(json.dumps(results if readings else results[0], indent=2))
        return
    for figures in results:
        _print(figures)


def _print(figures: dict[str, Any]) -> None:
    from rich.table import Table

    console = _console()
    console.print(
        f"[bold]{figures['variant']}[/bold]: {figures['games']:,} games of "
        f"{'/'.join(sorted(set(figures['players'])))} players (seed {figures['seed']!r}), "
        f"{figures['hands']:,} hands"
    )
    lengths = figures["hands_per_game"]
    quantiles = ", ".join(f"{q}%: {n}" for q, n in lengths["quantiles"].items())
    console.print(
        f"  throw-in rate {_percent(figures['throw_in_rate'])}; hands per game: mean "
        f"{lengths['mean']:.1f} ({quantiles})"
    )
    both, thirteen = figures["both_qualify"], figures["thirteen"]
    console.print(
        f"  both teams qualify: {_percent(both['per_played_hand'])} of played hands, "
        f"in {_percent(both['games_with_it'])} of games"
    )
    console.print(
        f"  13 bid in {_percent(thirteen['bid_per_played_hand'])} of played hands, made in "
        f"{_percent(thirteen['made_per_played_hand'])} (made when bid: "
        f"{_percent(thirteen['made_when_bid'])})"
    )
    console.print(
        "  games end: "
        + ", ".join(f"{name} {_percent(share)}" for name, share in figures["outcomes"].items())
    )
    bids = Table(title="Bids", header_style="bold", box=None)
    bids.add_column("bid", justify="right")
    bids.add_column("share of bids", justify="right")
    bids.add_column("in played hands", justify="right")
    bids.add_column("made", justify="right")
    for bid, row in figures["bids"].items():
        bids.add_row(
            bid,
            _percent(row["share_of_bids"]),
            f"{row['bid_in_played_hands']:,}",
            _percent(row["made_rate"]),
        )
    console.print(bids)
    console.print(
        "  leading team total after hand: "
        + ", ".join(f"{k}: {v:.1f}" for k, v in figures["trajectory"].items())
    )
    console.print()
