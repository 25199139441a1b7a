"""``fourhundred fuzz`` and ``fourhundred generate``.

* ``fuzz``: differential fuzzing of an adapter against the reference engine;
  every disagreement is shrunk and kept as a conformance case. Exit status 0:
  no disagreement; 1: disagreements found; 2: bad usage or an adapter that
  cannot be driven.
* ``generate``: N cases of one kind with the reference's expected values,
  for users who want test data for their own harness.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import click
from rich.live import Live
from rich.table import Table

from fourhundred.commands._common import check_kinds
from fourhundred.commands._common import console as _console
from fourhundred.errors import UserError

DEFAULT_SECONDS = 60.0
#: Block size of a campaign of whole games only.
GAME_BLOCK_SIZE = 10


def _canonical_variant(text: str) -> str:
    from fourhundred.spec.registry import load

    return str(load(text))


def _check_kinds(kinds_: tuple[str, ...]) -> tuple[str, ...]:
    from fourhundred.conformance.kinds import KINDS

    check_kinds(kinds_)
    return tuple(dict.fromkeys(kinds_)) or tuple(KINDS)


def parse_shard(text: str) -> tuple[int, int]:
    """``i/n`` (1 <= i <= n) as a pair; :class:`UserError` saying what is wrong otherwise."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if not match:
        raise UserError(f"--shard {text!r}: expected i/n, e.g. 1/4 (shard i of n, counting from 1)")
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or not 1 <= index <= count:
        raise UserError(
            f"--shard {text!r}: i must be between 1 and n (n at least 1), e.g. 1/4 ... 4/4"
        )
    return index, count


def _adapter_argv(command: str | None) -> tuple[str, ...]:
    if command is None:
        return ()
    from fourhundred.conformance.runner import split_command

    return tuple(split_command(command))


@click.command("fuzz")
@click.option(
    "--adapter",
    "adapter_command",
    metavar="'CMD ARGS'",
    help="Command that starts the adapter under test (split like a shell, no shell). "
    "Default: the reference in process (a self-check).",
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    required=True,
    metavar="V",
    help="Variant string to fuzz under (repeatable; cases take turns).",
)
@click.option(
    "--kind",
    "kinds_",
    multiple=True,
    metavar="KIND",
    help="Only this kind (repeatable). Default: every kind and whole games.",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=0, min_open=True),
    help=f"Stop after this many seconds (default {DEFAULT_SECONDS:g} if --cases is not given).",
)
@click.option("--cases", "cases", type=click.IntRange(min=1), help="Stop after this many cases.")
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the case stream (the same seed gives the same cases).",
)
@click.option(
    "--out",
    "out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the found cases, findings.jsonl and the state file (resumes a campaign there).",
)
@click.option(
    "--shard",
    "shard",
    default="1/1",
    show_default=True,
    metavar="i/n",
    help="Run shard i of n of the case stream (for splitting a campaign across machines).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=64),
    default=2,
    show_default=True,
    help="Worker processes, each with its own adapter.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=5.0,
    show_default=True,
    help="Seconds the adapter may take per case.",
)
@click.option(
    "--shrink-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Time limit for shrinking one disagreement.",
)
@click.option(
    "--bench",
    is_flag=True,
    help="Measure throughput (cases/s): in process, and through the adapter with 1 and --jobs workers.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress display.")
def fuzz_command(
    adapter_command: str | None,
    variants: tuple[str, ...],
    kinds_: tuple[str, ...],
    seconds: float | None,
    cases: int | None,
    seed: int,
    out: Path | None,
    shard: str,
    jobs: int,
    timeout: float,
    shrink_seconds: float,
    bench: bool,
    quiet: bool,
) -> None:
    """Differential fuzzing: find where an adapter departs from the reference, shrink it, keep it as a case.

    Generates inputs of every case kind and whole games (band edges, races to
    the target, partners on 0 and 1, bids of 13, thrown-in hands), asks the
    reference in process and the adapter, shrinks every disagreement to a
    small case and, with --out, writes it as a conformance case file
    (DIR/cases/<kind>/fuzz.json; replay with `fourhundred conformance run
    --cases DIR/cases`), its provenance to DIR/findings.jsonl and the campaign's
    progress to DIR/state.json (run again with the same settings to resume).

    \b
    Exit status: 0 no disagreement, 1 disagreements found, 2 bad usage or an
    adapter that cannot be driven.
    """
    from fourhundred.fuzz.campaign import Config

    config = Config(
        variants=tuple(dict.fromkeys(_canonical_variant(v) for v in variants)),
        kinds=_check_kinds(kinds_),
        adapter=_adapter_argv(adapter_command),
        seconds=seconds if seconds is not None or cases is not None else DEFAULT_SECONDS,
        cases=cases,
        seed=seed,
        shard=parse_shard(shard),
        jobs=jobs,
        timeout=timeout,
        shrink_seconds=shrink_seconds,
    )
    if config.kinds == ("whole_game",):  # a game takes ~50 ms: smaller blocks keep --seconds honest
        config = dataclasses.replace(config, block_size=GAME_BLOCK_SIZE)
    if bench:
        _bench(config, quiet)
        return
    code = _fuzz(config, out, quiet)
    sys.exit(code)


def _fuzz(config: Any, out: Path | None, quiet: bool) -> int:
    from fourhundred.fuzz.campaign import Summary, run_campaign
    from fourhundred.fuzz.implementations import AdapterError

    console = _console()
    err = _console(stderr=True)
    budget = f"{config.cases} cases" if config.cases is not None else f"{config.seconds:g} s"

    def table(summary: Summary) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_row("implementation", summary.implementation or "starting...")
        grid.add_row(
            "budget",
            f"{budget}, {config.jobs} job(s), shard {config.shard[0]}/{config.shard[1]}, seed {config.seed}",
        )
        grid.add_row("cases run", f"{summary.cases:,}")
        grid.add_row("rate", f"{summary.rate:,.0f} cases/s")
        grid.add_row("disagreements", f"{summary.disagreements:,} ({summary.errors:,} errors)")
        grid.add_row("distinct findings", str(len(summary.findings)))
        grid.add_row("elapsed", f"{summary.seconds:,.1f} s")
        return grid

    try:
        if quiet or not err.is_terminal:
            summary = run_campaign(config, out)
        else:
            with Live(table(Summary()), console=err, refresh_per_second=4, transient=False) as live:
                last = [0.0]

                def listener(current: Summary) -> None:
                    now = time.monotonic()
                    if now - last[0] > 0.2:
                        last[0] = now
                        live.update(table(current))

                summary = run_campaign(config, out, listener)
                live.update(table(summary))
    except AdapterError as error:
        raise UserError(f"the adapter cannot be driven: {error}") from None
    for note in summary.notes:
        err.print(f"note: {note}")
    console.print(
        f"{summary.cases:,} cases in {summary.seconds:.1f} s ({summary.rate:,.0f} cases/s) against "
        f"{summary.implementation}: {summary.disagreements:,} disagreements, {len(summary.findings)} distinct"
        + (
            f" ({summary.skipped:,} skipped: not declared by the adapter)"
            if summary.skipped
            else ""
        )
    )
    for finding in summary.findings:
        console.print(
            f"\n[bold]{finding.kind}[/bold] under {finding.variant} ({', '.join(finding.paths) or finding.status}) "
            f"signature {finding.signature}, found after {finding.found_after_seconds:.2f} s, "
            f"shrunk in {finding.shrink_checks} checks"
        )
        for detail in finding.details[:3]:
            console.print(f"  {detail}")
        console.print(f"  input: {json.dumps(finding.input, separators=(',', ':'))}")
    if out is not None and summary.findings:
        console.print(
            f"\ncases written to {out / 'cases'} "
            f"(replay: fourhundred conformance run --cases {out / 'cases'} --adapter ...)"
        )
    return 1 if summary.disagreements else 0


def _bench(config: Any, quiet: bool) -> None:
    """Throughput of the disagreement search (no shrinking: the reference against itself)."""
    from fourhundred.conformance.runner import REFERENCE_ADAPTER
    from fourhundred.fuzz.campaign import run_campaign
    from fourhundred.fuzz.implementations import AdapterError

    console = _console()
    seconds = config.seconds if config.cases is None else None
    adapter = config.adapter or REFERENCE_ADAPTER
    rows = []
    settings = [
        ("in process (reference vs reference)", dataclasses.replace(config, adapter=(), jobs=1)),
        ("adapter, 1 job", dataclasses.replace(config, adapter=adapter, jobs=1)),
    ]
    if config.jobs > 1:
        settings.append(
            (f"adapter, {config.jobs} jobs", dataclasses.replace(config, adapter=adapter))
        )
    for label, setting in settings:
        setting = dataclasses.replace(setting, seconds=seconds)
        try:
            summary = run_campaign(setting)
        except AdapterError as error:
            raise UserError(f"the adapter cannot be driven: {error}") from None
        rows.append((label, summary.cases, summary.seconds, summary.rate, summary.disagreements))
    table = Table(
        title=f"fuzz throughput ({', '.join(config.kinds)}; {', '.join(config.variants)})"
    )
    for column in ("setting", "cases", "seconds", "cases/s", "disagreements"):
        table.add_column(column, justify="right" if column != "setting" else "left")
    for label, count, elapsed, rate, disagreements in rows:
        table.add_row(label, f"{count:,}", f"{elapsed:.1f}", f"{rate:,.0f}", str(disagreements))
    console.print(table)


@click.command("generate")
@click.option("--kind", "kind", required=True, metavar="KIND", help="The case kind.")
@click.option("--variant", "variant", required=True, metavar="V", help="Variant string.")
@click.option(
    "-n",
    "count",
    type=click.IntRange(min=1, max=1_000_000),
    default=100,
    show_default=True,
    help="Number of cases.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed (the same seed gives the same cases).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the case file here (default: standard output).",
)
def generate_command(kind: str, variant: str, count: int, seed: int, output: Path | None) -> None:
    """Write N cases of one kind (the reference's expected values) as a conformance case file."""
    from fourhundred.conformance.suite import case_file_text, suite_version
    from fourhundred.fuzz.cases import generated_cases

    (checked,) = _check_kinds((kind,))
    cases = generated_cases(checked, _canonical_variant(variant), count, seed)
    text = case_file_text(checked, "generated", cases, suite_version())
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UserError(f"-o {output}: cannot write it: {error.strerror}") from None
    _console(stderr=True).print(
        f"{count} {checked} cases for {_canonical_variant(variant)} written to {output}"
    )
