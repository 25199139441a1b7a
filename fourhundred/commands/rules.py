"""``fourhundred variants``, ``rules`` and ``ambiguities``: what the specifications say."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from fourhundred.commands._common import console as _console
from fourhundred.commands._common import json_option, play_options
from fourhundred.errors import UserError
from fourhundred.spec import ambiguities as register
from fourhundred.spec import house
from fourhundred.spec.describe import describe
from fourhundred.spec.registry import load, variants


def _tables_console(data: object, as_json: bool) -> Console | None:
    """With ``--json``, print ``data`` as JSON and return None (nothing more to print);
    else the console the command prints its tables on."""
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return None
    return _console()


def _print_each(
    data: Sequence[dict[str, Any]],
    as_json: bool,
    print_one: Callable[[Console, dict[str, Any]], None],
) -> Console | None:
    """With ``--json``, ``data`` as JSON (and None); else each entry of ``data`` printed by
    ``print_one`` and followed by a blank line, and the console they were printed on."""
    console = _tables_console(data, as_json)
    if console is not None:
        for entry in data:
            print_one(console, entry)
            console.print()
    return console


@click.command("variants")
@json_option()
def variants_command(as_json: bool) -> None:
    """List every variant with its aliases and options."""
    data: list[dict[str, Any]] = [
        {
            "name": v.name,
            "aliases": list(v.definition.aliases),
            "title": v.definition.title,
            "source": v.definition.source,
            "options": [
                {
                    "name": o.name,
                    "kind": o.kind,
                    "values": list(o.values),
                    "default": o.default,
                    "summary": o.summary,
                    "ambiguity": o.ambiguity,
                }
                for o in v.options
            ],
        }
        for v in variants()
    ]
    console = _print_each(data, as_json, _print_variant)
    if console is None:
        return
    console.print(
        "[bold]House rules[/bold] (any variant, beyond its options; marked 'house' in the "
        "canonical string, e.g. pagat-41(house,min_bid=2,double_from=none)): "
        + ", ".join(house.names())
    )


def _print_variant(console: Console, v: dict[str, Any]) -> None:
    """One variant of ``variants``: its name, aliases and source, its options as a table."""
    console.print(f"[bold]{v['name']}[/bold]  {v['title']}")
    console.print(f"  aliases: {', '.join(v['aliases']) or '-'}   source: {v['source']}")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("option")
    table.add_column("kind")
    table.add_column("values (default first marked *)")
    table.add_column("what")
    for o in v["options"]:
        shown = ", ".join(f"{x}*" if x == o["default"] else x for x in o["values"])
        table.add_row(o["name"], o["kind"], shown, o["summary"])
    console.print(table)


@click.command("rules")
@click.argument("variant")
@json_option()
def rules_command(variant: str, as_json: bool) -> None:
    """Print a variant's rules as tables: VARIANT is a name with optional options and
    house rules, for example 'qahwa-400(target=61,table=classic)' or
    'pagat-41(min_bid=2,double_from=none)'."""
    rules = load(variant)
    data = describe(rules)
    console = _tables_console(data, as_json)
    if console is None:
        return
    console.print(f"[bold]{data['variant']}[/bold]: {data['title']} (source: {data['source']})")
    console.print(data["summary"])
    for entry in data["house_rules"]:
        console.print(f"  [bold]house rule[/bold] {entry['knob']}={entry['value']} (no source)")
    values = Table(title="Bid values by own score", header_style="bold")
    values.add_column("bid", justify="right")
    for band in data["values_by_band"]:
        values.add_column(band["band"], justify="right")
    for i, bid in enumerate(data["bids"]):
        values.add_row(str(bid), *(band["values"][i] for band in data["values_by_band"]))
    console.print(values)
    _print_minimums(
        console,
        "Minimum bids",
        "own minimum (own score)",
        data["own_minimum_by_band"],
        open_band=data["own_minimum_open_band"],
    )
    _print_minimums(
        console,
        f"Table minimum ({data['table_minimum_score']}; counts {data['table_minimum_counts']})",
        "the four bids must reach",
        data["table_minimum_by_band"],
        open_band=data["table_minimum_open_band"],
    )
    console.print(
        "[bold]Turn order[/bold]: bidding "
        + data["turn_order"]["bidding"]
        + ", play "
        + data["turn_order"]["play"]
        + ", deal "
        + data["turn_order"]["deal_pattern"]
    )
    console.print(f"[bold]Trumps[/bold]: {data['trumps']}")
    console.print("[bold]End of the game[/bold]")
    for line in data["outcome"]:
        console.print(f"  - {line}")


def _print_minimums(
    console: Console, title: str, heading: str, bands: Any, *, open_band: Any
) -> None:
    """A minimum by score band, as a table; a minimum that rises without end has
    its last band stated exactly, as a formula of the score."""
    table = Table(title=title, header_style="bold")
    table.add_column("score")
    table.add_column(heading, justify="right")
    shown = list(bands)
    if open_band is not None:
        shown[-1] = open_band
    for band in shown:
        table.add_row(band["band"], band["minimum"])
    console.print(table)
    if open_band is not None:
        console.print(f"  {open_band['band']}: {open_band['in_words']}, without end.")


@click.command("ambiguities")
@json_option("Print the register as JSON.")
@click.option(
    "--variant", "variant", default=None, help="Only the entries that apply to this variant."
)
@click.option(
    "--measure",
    is_flag=True,
    help="Measure how much each reading matters now (else: the committed figures).",
)
@play_options(
    games=2000,
    games_help="With --measure: games per reading.",
    seed="impact",
    seed_help="With --measure: the seed.",
    players_help="With --measure: who plays.",
)
@click.option(
    "--witnesses",
    is_flag=True,
    help="With --json: each witness game inline, as transcripts under both readings.",
)
@click.option(
    "--write",
    "write",
    is_flag=True,
    help="With --measure: write the figures to the committed file (spec/ambiguity_impact.json).",
)
def ambiguities_command(
    as_json: bool,
    variant: str | None,
    measure: bool,
    games: int,
    seed: str,
    players: str,
    witnesses: bool,
    write: bool,
) -> None:
    """Print the ambiguity register: every silence, contradiction and disagreement, and
    how often each reading changes a hand or a game (same deals, same players)."""
    from fourhundred.reference import batch_impact

    entries = register.to_json()
    name = None if variant is None else load(variant).variant
    if name is not None:
        entries = [e for e in entries if name in e["applies_to"]]  # type: ignore[operator]
    if write and not measure:
        raise UserError("--write needs --measure")
    if measure:
        data = batch_impact.measure(games, seed, players)
        if write:
            batch_impact.write_figures(data)
    else:
        data = batch_impact.load_figures()
    figures = batch_impact.with_witnesses(data, transcripts=witnesses)
    about = {key: data[key] for key in ("seed", "games", "players", "max_hands")}
    for e in entries:
        readings = [
            f for f in figures.get(str(e["id"]), []) if name is None or f["variant"] == name
        ]
        e["impact"] = {**about, "readings": readings} if readings else None
    _print_each(entries, as_json, _print_entry)


def _print_entry(console: Console, e: dict[str, Any]) -> None:
    """One entry of the ambiguity register: its question, sources, readings, defaults
    and how much each reading matters."""
    console.print(f"[bold]{e['id']}[/bold] ({e['kind']}): {e['title']}")
    console.print(f"  {e['question']}")
    for s in e["sources"]:
        console.print(f"  - {s['source']} §{s['section']}: {s['says']}")
    switch = e["switch"] or "(no switch)"
    console.print(f"  switch: {switch}")
    for r in e["readings"]:
        console.print(f"    {r['id']}: {r['summary']}")
    for v, d in e["defaults"].items():
        console.print(f"  default in {v}: {d['reading']} ({d['why']})")
    impact = e["impact"]
    if impact is not None:
        console.print(
            f"  how much it matters ({impact['games']:,} games of {impact['players']} "
            f"players per reading, seed {impact['seed']!r}):"
        )
        for f in impact["readings"]:
            console.print(
                f"    {f['variant']}, {f['reading']} instead of {f['default']}: "
                f"{100 * f['hand_share']:.2f}% of hands, {100 * f['game_share']:.2f}% of games"
            )
