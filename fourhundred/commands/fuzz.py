"""``fourhundred fuzz`` and ``fourhundred generate``.

* ``fuzz``: differential fuzzing of an adapter against the reference engine;
  every disagreement is shrunk and kept as a conformance case. Exit status 0:
  no disagreement; 1: disagreements found; 2: bad usage or an adapter that
  cannot be driven; 3: a bug of the fuzzer itself (its traceback is shown);
  130: stopped by Ctrl-C. However it ends, every finding so far is printed
  (and, with ``--out``, written) with the summary.
* ``generate``: N cases of one kind with the reference's expected values,
  for users who want test data for their own harness; written as they are
  generated (a file of any size is never held whole), with progress on a
  terminal, refused up front when the disk cannot hold it.

Everything an adapter says (its name, its error messages) is printed through
:func:`~fourhundred.safeio.console_text`; the case files keep it raw (they are JSON).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import shlex
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.live import Live
from rich.table import Table

from fourhundred.commands._common import (
    MIN_TIMEOUT,
    TIMEOUT,
    Command,
    KindOption,
    Seconds,
    check_kinds,
    count_option,
    quiet_option,
)
from fourhundred.commands._common import console as _console
from fourhundred.errors import UserError
from fourhundred.safeio import console_text, terminal_text

if TYPE_CHECKING:
    from fourhundred.fuzz.campaign import Summary
    from fourhundred.fuzz.records import Config, Counts
    from fourhundred.fuzz.stopping import Ending, EndReason

DEFAULT_SECONDS = 60.0
#: The most jobs a campaign runs by default (each holds an adapter process).
MAX_DEFAULT_JOBS = 8
#: Runs shorter than this (seconds, or cases) run one job by default.
SHORT_SECONDS = 10.0
SHORT_CASES = 5_000
#: Block size of a campaign of whole games only.
GAME_BLOCK_SIZE = 10
#: Exit status of a run stopped by a bug of the fuzzer (2 is bad usage or the adapter's failure).
EXIT_INTERNAL = 3
#: Exit status of a run stopped by Ctrl-C.
EXIT_INTERRUPTED = 130


class IntegerSeed(click.ParamType[int]):
    """A seed: a whole number of at most 64 bits (it is recorded in state files and case
    ids, which are read back with bounds); anything else is one ``error:`` line."""

    name = "integer"
    least, most = -(2**63), 2**63 - 1

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip()
        if isinstance(value, int) or re.fullmatch(r"[-+]?\d{1,20}", text):
            number = int(value)
            if self.least <= number <= self.most:
                return number
        raise UserError(
            f"--seed {terminal_text(text)[:30]!r}: must be a whole number from {self.least} to {self.most}"
        )


#: --seconds of a campaign or a generation: up to about 16 weeks.
BUDGET_SECONDS = Seconds(MIN_TIMEOUT, 1e7)


def _seed_option(help: str) -> Callable[[Command], Command]:
    """``--seed N`` of a case stream (:class:`IntegerSeed`, default 0)."""
    return click.option("--seed", type=IntegerSeed(), default=0, show_default=True, help=help)


def _seconds_option(help: str) -> Callable[[Command], Command]:
    """``--seconds S``: the time budget of a campaign or a generation (:data:`BUDGET_SECONDS`)."""
    return click.option("--seconds", type=BUDGET_SECONDS, help=help)


def _check_kinds(kinds_: tuple[str, ...]) -> tuple[str, ...]:
    from fourhundred.conformance.kinds import KIND_NAMES

    check_kinds(kinds_)
    return tuple(dict.fromkeys(kinds_)) or tuple(KIND_NAMES)


def parse_shard(text: str) -> tuple[int, int]:
    """``i/n`` (1 <= i <= n) as a pair; :class:`UserError` saying what is wrong otherwise."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    shown = terminal_text(text)[:40]
    if not match:
        raise UserError(
            f"--shard {shown!r}: expected i/n, e.g. 1/4 (shard i of n, counting from 1)"
        )
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or not 1 <= index <= count:
        raise UserError(
            f"--shard {shown!r}: i must be between 1 and n (n at least 1), e.g. 1/4 ... 4/4"
        )
    return index, count


def _adapter_argv(command: str | None) -> tuple[str, ...]:
    if command is None:
        return ()
    from fourhundred.conformance.runner import split_command

    return tuple(split_command(command))


def replay_command(cases: Path, adapter: tuple[str, ...]) -> str:
    """The command that replays a campaign's cases against its adapter, quoted to paste
    into a shell as it is (no adapter: the reference, the runner's default)."""
    from fourhundred.invocation import program

    argv = [*program(), "conformance", "run", "--cases", str(cases)]
    if adapter:
        argv += ["--adapter", shlex.join(adapter)]
    return shlex.join(argv)


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
    cls=KindOption,
)
@_seconds_option(
    f"Stop after this many seconds (default {DEFAULT_SECONDS:g} if --cases is not given)."
)
@click.option("--cases", "cases", type=click.IntRange(min=1), help="Stop after this many cases.")
@_seed_option("Seed of the case stream (the same seed gives the same cases).")
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
@count_option(
    "--jobs",
    default=None,
    help="Worker processes, each with its own adapter. Default: one per CPU this process may "
    "use (at most 8), which measured fastest even on a loaded 2-core machine; one for a run "
    "under 10 s or 5,000 cases, where starting job processes costs more than they bring.",
    maximum=64,
)
@click.option(
    "--cluster",
    "cluster",
    metavar="ADDRESS",
    help="Run the campaign on a Dask cluster: a scheduler's address (tcp://host:8786), or "
    "local[:N] for N worker processes here (default N: --jobs); each worker runs its own "
    "adapter. Needs "
    "pip install 'fourhundred[cluster]'.",
)
@click.option(
    "--timeout",
    type=TIMEOUT,
    default=5.0,
    show_default=True,
    help="Seconds the adapter may take per case.",
)
@click.option(
    "--shrink-seconds",
    type=BUDGET_SECONDS,
    default=30.0,
    show_default=True,
    help="Time limit for shrinking one disagreement.",
)
@click.option(
    "--bench",
    is_flag=True,
    help="Measure throughput (cases/s): in process, and through the adapter with 1, 2 and --jobs jobs.",
)
@quiet_option("No progress display.")
def fuzz_command(
    adapter_command: str | None,
    variants: tuple[str, ...],
    kinds_: tuple[str, ...],
    seconds: float | None,
    cases: int | None,
    seed: int,
    out: Path | None,
    shard: str,
    jobs: int | None,
    cluster: str | None,
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

    Ctrl-C stops the run: the findings so far are printed (and written, with
    --out), the adapters ended, and the state saved; a second Ctrl-C does not
    cut that short.

    \b
    Exit status: 0 no disagreement, 1 disagreements found, 2 bad usage or an
    adapter that cannot be driven, 3 a bug of the fuzzer itself, 130 Ctrl-C.
    """
    from fourhundred.conformance.suite import canonical_variant
    from fourhundred.fuzz.records import Config

    config = Config(
        variants=tuple(dict.fromkeys(canonical_variant(v) for v in variants)),
        kinds=_check_kinds(kinds_),
        adapter=_adapter_argv(adapter_command),
        seconds=seconds if seconds is not None or cases is not None else DEFAULT_SECONDS,
        cases=cases,
        seed=seed,
        shard=parse_shard(shard),
        jobs=jobs if jobs is not None else default_jobs(seconds, cases),
        timeout=timeout,
        shrink_seconds=shrink_seconds,
    )
    if config.kinds == ("whole_game",):  # a game takes ~50 ms: smaller blocks keep --seconds honest
        config = dataclasses.replace(config, block_size=GAME_BLOCK_SIZE)
    if cluster is not None:
        if bench:
            raise UserError("--bench measures local jobs; it does not take --cluster")
        _cluster_module().local_workers(cluster)  # a bad local:N is refused before anything runs
    if bench:
        _bench(config, quiet)
        return
    code = _fuzz(config, out, quiet, cluster)
    sys.exit(code)


def _cluster_module() -> Any:
    """:mod:`fourhundred.fuzz.cluster`; :class:`UserError` saying how to install Dask
    when it is not installed (it is an optional extra)."""
    import importlib

    try:
        cluster = importlib.import_module("fourhundred.fuzz.cluster")
    except ImportError:
        raise UserError(
            "--cluster needs Dask distributed, an optional extra: "
            "pip install 'fourhundred[cluster]'"
        ) from None
    return cluster


def default_jobs(seconds: float | None, cases: int | None) -> int:
    """The jobs a campaign runs by default: one per CPU this process may use
    (:func:`os.sched_getaffinity`), at most :data:`MAX_DEFAULT_JOBS`; one for a short
    run (under :data:`SHORT_SECONDS` or :data:`SHORT_CASES`), where starting job
    processes (seconds on a loaded machine) costs more than a second job brings.

    Measured with ``fourhundred fuzz --bench`` on a 2-core machine at a load average
    of 8 to 10 (docs/guides/fuzzing.md): two jobs ran 1.5 times the cases of one for
    the default mix of kinds, and as many for whole games alone; on 2-second runs,
    two jobs ran none.
    """
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    short = (seconds is not None and seconds < SHORT_SECONDS) or (
        cases is not None and cases < SHORT_CASES
    )
    return 1 if short else max(1, min(usable or 1, MAX_DEFAULT_JOBS))


def _fuzz(config: Config, out: Path | None, quiet: bool, cluster: str | None = None) -> int:
    """Run the campaign and report it, whatever happens; the exit status."""
    from fourhundred.fuzz.campaign import Summary, run_campaign
    from fourhundred.fuzz.stopping import installed

    err = _console(stderr=True)
    budget = f"{config.cases} cases" if config.cases is not None else f"{config.seconds:g} s"

    def table(summary: Summary) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_row("implementation", console_text(summary.implementation) or "starting...")
        where = (
            f"cluster {console_text(cluster)}" if cluster is not None else f"{config.jobs} job(s)"
        )
        grid.add_row(
            "budget",
            f"{budget}, {where}, shard {config.shard[0]}/{config.shard[1]}, seed {config.seed}",
        )
        grid.add_row("cases run", f"{summary.cases:,}")
        grid.add_row("rate", f"{summary.rate:,.0f} cases/s")
        grid.add_row("disagreements", f"{summary.disagreements:,} ({summary.errors:,} errors)")
        if summary.restarts:
            grid.add_row("adapter restarts", f"{summary.restarts:,}")
        grid.add_row("distinct findings", str(len(summary.findings)))
        if summary.earlier_findings:
            grid.add_row("found earlier", str(len(summary.earlier_findings)))
        grid.add_row("elapsed", f"{summary.seconds:,.1f} s")
        return grid

    runner = _cluster_module().on_cluster(cluster) if cluster is not None else None
    with installed() as interrupts:  # spans the report too: a second Ctrl-C cannot cut it
        if quiet or not err.is_terminal:
            summary = run_campaign(config, out, interrupts=interrupts, runner=runner)
        else:
            with Live(table(Summary()), console=err, refresh_per_second=4, transient=False) as live:
                last = [0.0]

                def listener(current: Summary) -> None:
                    now = time.monotonic()
                    if now - last[0] > 0.2:
                        last[0] = now
                        live.update(table(current))

                summary = run_campaign(config, out, listener, interrupts, runner)
                live.update(table(summary))
        with interrupts.held():
            _report(config, out, summary, cluster)
            return _finish(summary)


def resume_command(config: Config, out: Path, cluster: str | None = None) -> str:
    """The command that goes on with a campaign in ``out``: the same campaign (adapter,
    variants, kinds, seed, shard) and budget, quoted to paste into a shell as it is."""
    from fourhundred.conformance.kinds import KIND_NAMES
    from fourhundred.invocation import program

    argv = [*program(), "fuzz"]
    if config.adapter:
        argv += ["--adapter", shlex.join(config.adapter)]
    for variant in config.variants:
        argv += ["--variant", variant]
    if tuple(config.kinds) != tuple(KIND_NAMES):
        for kind in config.kinds:
            argv += ["--kind", kind]
    argv += ["--seed", str(config.seed), "--shard", f"{config.shard[0]}/{config.shard[1]}"]
    if config.cases is not None:
        argv += ["--cases", str(config.cases)]
    elif config.seconds is not None:
        argv += ["--seconds", f"{config.seconds:g}"]
    argv += ["--timeout", f"{config.timeout:g}", "--shrink-seconds", f"{config.shrink_seconds:g}"]
    argv += ["--cluster", cluster] if cluster is not None else ["--jobs", str(config.jobs)]
    return shlex.join([*argv, "--out", str(out)])


def _report_causes(findings: Sequence[Any]) -> int:
    """One line per cause of the findings (:mod:`fourhundred.fuzz.causes`: the rule point
    whose mutant gives the implementation's answer on the shrunk input), with each
    kind's smallest witness; findings no mutant reproduces keep their signature.
    Returns how many causes there are."""
    if not findings:
        return 0
    from fourhundred.fuzz.causes import by_cause

    console = _console()
    grouped = by_cause(findings)
    console.print(f"\n[bold]{len(grouped)} causes[/bold] of {len(findings)} findings:")
    for group in grouped:
        name = group.cause or f"no rule point reproduces it (signature {group.signature})"
        console.print(f"  cause {console_text(name)}: found in {', '.join(group.kinds)}")
        for witness in group.witnesses:
            text = json.dumps(witness.input, separators=(",", ":"))
            text = text if len(text) <= 160 else text[:159] + "…"
            console.print(
                f"    {witness.kind} under {console_text(witness.variant)}: {console_text(text)}"
            )
    return len(grouped)


def _report(config: Config, out: Path | None, summary: Summary, cluster: str | None = None) -> None:
    """The findings and the footer, on standard output (notes on standard error); nothing
    for a run that failed before it ran a case (its ``error:`` line says it all)."""
    ending = summary.ending
    ran_nothing = not summary.cases and not summary.findings
    if ending is not None and ending.reason != "interrupted" and ran_nothing:
        return
    console = _console()
    err = _console(stderr=True)
    for note in summary.notes:
        err.print(f"note: {console_text(note)}")
    for finding in summary.findings:
        effort = (
            f"shrunk in {finding.shrink_checks} checks"
            if finding.shrunk
            else "not shrunk (the run stopped first)"
        )
        console.print(
            f"\n[bold]{finding.kind}[/bold] under {console_text(finding.variant)} "
            f"({console_text(', '.join(finding.paths) or finding.status)}) "
            f"signature {finding.signature}, found after {finding.found_after_seconds:.2f} s, {effort}"
        )
        for detail in finding.details[:3]:
            console.print(f"  {console_text(detail)}")
        console.print(f"  input: {console_text(json.dumps(finding.input, separators=(',', ':')))}")
        if finding.original_input != finding.input:  # the original, as found (class kept)
            original = json.dumps(finding.original_input, separators=(",", ":"))
            original = original if len(original) <= 240 else original[:239] + "…"
            console.print(
                f"  {finding.wrongness or finding.status}, found on: {console_text(original)}"
            )
    causes = _report_causes(summary.findings)
    if summary.earlier_findings:
        _report_earlier(summary, out)
    if (summary.findings or summary.earlier_findings) and out is not None:
        console.print(
            f"\ncases written to {console_text(str(out / 'cases'))}, their provenance to "
            f"{console_text(str(out / 'findings.jsonl'))}; replay them with:\n  "
            + console_text(replay_command(out / "cases", config.adapter))
        )
    elif summary.findings:
        console.print(
            "\nnot saved (no --out): with --out DIR they are written to "
            "DIR/cases/<kind>/fuzz.json and DIR/findings.jsonl as they are found"
        )
    console.print(
        ("\n" if summary.findings or summary.earlier_findings else "")
        + f"{summary.cases:,} cases in {summary.seconds:.1f} s ({summary.rate:,.0f} cases/s) against "
        f"{console_text(summary.implementation)}: {summary.disagreements:,} disagreements, "
        f"{len(summary.findings)} {'new ' if summary.earlier_findings else ''}distinct"
        + (f" ({causes} causes)" if summary.findings else "")
        + f"{_not_answered(summary)}"
        + (
            f"; {summary.tamed:,} disagreements set aside: a cause already found explains them"
            if summary.tamed
            else ""
        )
        + (
            f"; the adapter crashed, hung or answered unreadably and was restarted "
            f"{summary.restarts:,} times"
            if summary.restarts
            else ""
        )
    )
    if summary.earlier.cases or summary.earlier_findings:
        earlier = summary.earlier
        console.print(
            f"earlier runs in {console_text(str(out))}: {earlier.cases:,} cases, "
            f"{earlier.disagreements:,} disagreements, {len(summary.earlier_findings)} distinct"
            + (" (listed above)" if summary.earlier_findings else "")
            + f"{_not_answered(earlier)}"
        )
    if summary.ending is not None:
        asked = f" of the {config.cases:,} asked" if config.cases is not None else ""
        console.print(
            f"incomplete run: {_ended_text(summary.ending)} after {summary.cases:,} cases{asked}"
        )
    if out is not None and (summary.ending is not None or config.cases is None):
        console.print(
            "go on with this campaign (it resumes where this run stopped):\n  "
            + console_text(resume_command(config, out, cluster))
        )


def _not_answered(counts: Counts) -> str:
    """The cases the adapter answered ``skipped`` and those of kinds it does not declare
    (never asked), told apart; empty when there are none."""
    parts = []
    if counts.skipped:
        parts.append(f"{counts.skipped:,} answered skipped by the adapter")
    if counts.undeclared:
        parts.append(f"{counts.undeclared:,} not asked: not declared by the adapter")
    return f" ({'; '.join(parts)})" if parts else ""


def _report_earlier(summary: Summary, out: Path | None) -> None:
    """The findings of earlier runs of a resumed campaign (``findings.jsonl``), marked as such."""
    console = _console()
    again = set(summary.again)
    console.print(
        f"\nfound by earlier runs of this campaign ({console_text(str(out))}/findings.jsonl):"
    )
    for recorded in summary.earlier_findings:
        seen = ", shown again by this run" if recorded.signature in again else ""
        console.print(
            f"\n[bold]{recorded.kind}[/bold] under {console_text(recorded.variant)} "
            f"({console_text(', '.join(recorded.paths) or recorded.status)}) "
            f"signature {recorded.signature}, case {console_text(recorded.case_id)}{seen}"
        )
        for detail in recorded.details[:3]:
            console.print(f"  {console_text(detail)}")
        console.print(f"  input: {console_text(json.dumps(recorded.input, separators=(',', ':')))}")


#: How each :class:`~fourhundred.fuzz.stopping.Ending` stops a run, in the footer.
_ENDED: dict[EndReason, str] = {
    "interrupted": "stopped by Ctrl-C",
    "adapter": "stopped because the adapter cannot be driven",
    "output": "stopped because a file of --out cannot be written",
    "cluster": "stopped because the --cluster cannot be reached or used",
    "internal": "stopped by a bug of the fuzzer",
}


def _ended_text(ending: Ending) -> str:
    """How ``ending`` stopped the run (:data:`_ENDED`; a stop signal other than Ctrl-C by name)."""
    if ending.reason == "interrupted" and ending.signal != signal.SIGINT:
        from fourhundred.stopping import Interrupted

        return f"stopped by {Interrupted(ending.signal).describe()}"
    return _ENDED[ending.reason]


def _finish(summary: Any) -> int:
    """Say why the run ended early, if it did (one ``error:`` line; a bug with its
    traceback), and return the exit status."""
    ending = summary.ending
    if ending is None:
        return 1 if summary.disagreements else 0
    if ending.reason == "interrupted":
        click.echo("interrupted", err=True)
        return EXIT_INTERRUPTED - signal.SIGINT + int(ending.signal)
    if ending.reason == "internal":
        click.echo(ending.details.rstrip(), err=True)
        click.echo(
            f"error: internal error of the fuzzer (a bug: please report it): "
            f"{terminal_text(ending.message)}",
            err=True,
        )
        return EXIT_INTERNAL
    what = "the adapter cannot be driven: " if ending.reason == "adapter" else ""
    click.echo(f"error: {what}{terminal_text(ending.message)}", err=True)
    return 2


def _bench(config: Config, quiet: bool) -> None:
    """Throughput of the disagreement search (no shrinking: the reference against itself):
    for each setting, the cases over the whole run, and the rate after its first block
    (:func:`~fourhundred.fuzz.campaign.steady_rate`: starting processes and adapters and
    the first block's one-time work are not timed), which short runs on a loaded machine
    otherwise mistake for the search's speed."""
    from fourhundred.conformance.runner import REFERENCE_ADAPTER
    from fourhundred.fuzz.campaign import run_campaign, steady_rate

    console = _console()
    seconds = config.seconds if config.cases is None else None
    adapter = config.adapter or REFERENCE_ADAPTER
    rows = []
    settings = [
        ("in process (reference vs reference)", dataclasses.replace(config, adapter=(), jobs=1))
    ]
    for jobs in sorted({1, 2, config.jobs}):  # one and two jobs: what --jobs defaults from
        label = f"adapter, {jobs} job{'s' if jobs > 1 else ''}"
        settings.append((label, dataclasses.replace(config, adapter=adapter, jobs=jobs)))
    for label, setting in settings:
        setting = dataclasses.replace(setting, seconds=seconds)
        samples: list[tuple[float, int]] = []

        def sample(summary: Summary, into: list[tuple[float, int]] = samples) -> None:
            into.append((summary.seconds, summary.cases))

        summary = run_campaign(setting, listener=sample)
        if summary.ending is not None:
            sys.exit(_finish(summary))
        steady = steady_rate(samples)
        rows.append(
            (label, summary.cases, summary.seconds, summary.rate, steady, summary.disagreements)
        )
    table = Table(
        title=f"fuzz throughput ({', '.join(config.kinds)}; {', '.join(config.variants)})"
    )
    columns = ("setting", "cases", "seconds", "cases/s", "after the first block", "disagreements")
    for column in columns:
        table.add_column(column, justify="right" if column != "setting" else "left")
    for label, count, elapsed, rate, steady, disagreements in rows:
        after = "too short" if steady is None else f"{steady:,.0f}"
        table.add_row(
            label, f"{count:,}", f"{elapsed:.1f}", f"{rate:,.0f}", after, str(disagreements)
        )
    console.print(table)
    if any(row[4] is None for row in rows):
        console.print(
            "too short: fewer than two blocks were reported; give --seconds more time "
            "to see the rate after start-up"
        )


@click.command("generate")
@click.option(
    "--kind", "kind", required=True, metavar="KIND", help="The case kind.", cls=KindOption
)
@click.option("--variant", "variant", required=True, metavar="V", help="Variant string.")
@count_option("-n", "count", default=100, help="Number of cases.", maximum=1_000_000)
@_seed_option("Seed (the same seed gives the same cases).")
@_seconds_option(
    "Stop after this many seconds, with the cases generated by then (a valid case file)."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the case file here (default: standard output).",
)
def generate_command(
    kind: str, variant: str, count: int, seed: int, seconds: float | None, output: Path | None
) -> None:
    """Write N cases of one kind (the reference's expected values) as a conformance case file.

    Cases are written as they are generated (no size is held whole), with
    progress on a terminal; -o writes a temporary file renamed at the end, so
    the file is whole or absent, and a size the disk cannot hold is refused
    as soon as it can be estimated.
    """
    from fourhundred.conformance.suite import canonical_variant, suite_version
    from fourhundred.fuzz.cases import case_file_chunks, generated_cases
    from fourhundred.safeio import write_text_atomically

    (checked,) = _check_kinds((kind,))
    canonical = canonical_variant(variant)
    err = _console(stderr=True)
    made = [0]
    started = time.monotonic()
    cases = _within(generated_cases(checked, canonical, count, seed), seconds, made)
    if err.is_terminal:
        cases = _with_progress(cases, count, f"generating {count:,} {checked} cases", err)
    chunks = case_file_chunks(checked, "generated", cases, suite_version())
    if output is None:
        _to_stdout(chunks)
    else:
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"-o {output}: cannot write it: {error.strerror}") from None
        write_text_atomically(output, _within_disk(chunks, output, count, made))
    if made[0] < count:
        err.print(
            f"--seconds {seconds:g}: stopped after {time.monotonic() - started:.1f} s "
            f"with {made[0]:,} of the {count:,} cases"
        )
    if output is not None:
        err.print(
            f"{made[0]:,} {checked} cases for {console_text(canonical)} written to "
            f"{console_text(str(output))}"
        )


def _to_stdout(chunks: Iterable[str]) -> None:
    """Write the chunks to standard output; a reader that has had enough (``| head``)
    ends the generation quietly, with status 0, like every command's output."""
    try:
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet = os.open(os.devnull, os.O_WRONLY)  # nothing left to flush at exit
        os.dup2(quiet, sys.stdout.fileno())
        sys.exit(0)


def _within(cases: Iterable[Any], seconds: float | None, made: list[int]) -> Iterator[Any]:
    """The cases until ``seconds`` have passed (None: all), counted in ``made[0]``."""
    deadline = math.inf if seconds is None else time.monotonic() + seconds
    for case in cases:
        yield case
        made[0] += 1
        if time.monotonic() >= deadline:
            return


def _with_progress(cases: Iterable[Any], count: int, label: str, err: Any) -> Iterator[Any]:
    """The cases, with a progress bar on the (terminal) console ``err`` meanwhile."""
    from rich.progress import Progress

    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(label, total=count)
        for case in cases:
            yield case
            progress.advance(task)


#: Cases written before the size of the whole file is estimated against the free disk.
ESTIMATE_AFTER = 16


def _within_disk(chunks: Iterable[str], output: Path, count: int, made: list[int]) -> Iterator[str]:
    """The chunks, refused (:class:`UserError`) as soon as the first :data:`ESTIMATE_AFTER`
    cases show the file cannot fit in the free space of ``output``'s disk."""
    written = 0
    estimated = False
    for chunk in chunks:
        written += len(chunk.encode("utf-8"))
        yield chunk
        if not estimated and made[0] >= min(ESTIMATE_AFTER, count):
            estimated = True
            estimate = written * count // max(made[0], 1)
            free = shutil.disk_usage(output.parent).free + written
            if estimate > free:
                raise UserError(
                    f"-o {output}: {count:,} cases would take about {_size(estimate)} "
                    f"(estimated from the first {made[0]}), more than the {_size(free)} free "
                    "on that disk; ask for fewer with -n or write elsewhere"
                )


def _size(count: int) -> str:
    """A byte count for people (MB or GB)."""
    return f"{count / 1e9:,.1f} GB" if count >= 1e9 else f"{count / 1e6:,.1f} MB"
