"""``fourhundred verify``: prove the invariants and rule on the sources' claims.

The console shows a progress bar while it works (on a terminal only) and then
a summary: the verdict counts, every failure of the project's invariants, and
the findings about the sources grouped by check; ``--table`` prints every row.
``--json`` prints every finding, whatever else is asked.

Exit status (:func:`exit_status`): 0 when the project's invariants hold, even
if sources' claims or the literal readings the register documents as broken
have findings (:attr:`fourhundred.verify.results.Finding.outcome`); 1 when an
invariant of the project is refuted or left undecided.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from fourhundred.commands._common import console as _console
from fourhundred.commands._common import progress_bar, quiet_option

if TYPE_CHECKING:
    from fourhundred.verify.results import Finding, Settings
    from fourhundred.verify.runner import Report

_STYLE = {"proved": "green", "bounded-proved": "cyan", "refuted": "red", "unknown": "yellow"}


@click.command("verify")
@click.option(
    "--variant",
    "variants",
    multiple=True,
    help="A variant (all its readings) or a variant string; repeatable.",
)
@click.option(
    "--property",
    "properties",
    multiple=True,
    help="Part of a property id, a group or a kind; repeatable.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print every finding as JSON (the claims ledger for the docs).",
)
@click.option(
    "--table",
    "--verbose",
    "-v",
    "table",
    is_flag=True,
    help="Print every finding as a table row, not only the summary.",
)
@click.option(
    "--deep", is_flag=True, help="Bigger Z3 budget, deeper game search, CrossHair on every reading."
)
@click.option("--no-crosshair", is_flag=True, help="Skip the CrossHair checks of the reference.")
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    help="Worker processes (readings are shared among them).",
)
@click.option(
    "--list", "list_only", is_flag=True, help="List the properties and claims, then stop."
)
@quiet_option()
@click.option(
    "--write",
    "write_ledger",
    is_flag=True,
    help="Write the ledger file, re-verifying only findings whose fingerprint changed.",
)
@click.option(
    "--check",
    "check_ledger",
    is_flag=True,
    help="Verify everything again and confirm the ledger file to the byte (exit 1 if not).",
)
@click.option(
    "--stale",
    "stale_only",
    is_flag=True,
    help="Say whether the ledger's fingerprints are current, verifying nothing (exit 1 if not).",
)
@click.option("--fresh", is_flag=True, help="With --write: verify everything, reusing nothing.")
@click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The ledger file (default: the committed one, fourhundred/verify/ledger.json).",
)
@click.option(
    "--bench",
    is_flag=True,
    help="Time the run: CPU seconds, the slowest findings and queries (one job).",
)
def verify_command(
    variants: tuple[str, ...],
    properties: tuple[str, ...],
    as_json: bool,
    table: bool,
    deep: bool,
    no_crosshair: bool,
    jobs: int,
    list_only: bool,
    quiet: bool,
    write_ledger: bool,
    check_ledger: bool,
    stale_only: bool,
    fresh: bool,
    ledger_path: Path | None,
    bench: bool,
) -> None:
    """Prove every invariant for every variant reading (Z3, unbounded integers; bounded
    model checking over hands where stated; CrossHair on the reference) and rule on every
    checkable claim of the sources. Exit status 1 if an invariant of the project is
    refuted or undecided; a refuted claim, or an invariant refuted under a literal
    reading the ambiguity register documents as broken, is a finding about the
    source: reported, exit status 0."""
    from fourhundred.verify.runner import DEEP, QUICK, checks, run, select

    settings = DEEP if deep else QUICK
    if list_only:
        for check in select(checks(settings, crosshair=not no_crosshair), properties):
            click.echo(f"{check.id:50} {check.kind:9} {check.group:12} {check.title}")
        return
    if write_ledger or check_ledger or stale_only:
        _ledger_mode(
            variants,
            properties,
            settings,
            jobs=jobs,
            quiet=quiet,
            path=ledger_path,
            mode="write" if write_ledger else "check" if check_ledger else "stale",
            fresh=fresh,
        )
        return
    if bench:
        _bench(variants, properties, settings, crosshair=not no_crosshair)
        return
    with progress_bar("verifying checks", quiet=quiet) as advance:
        report = run(
            variants,
            properties,
            settings,
            crosshair=not no_crosshair,
            jobs=jobs,
            on_reading=advance,
        )
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1))
    else:
        console = _console(width=250)
        if table:
            _print_table(console, report)
        _print_summary(console, report, table)
    sys.exit(exit_status(report))


def _ledger_mode(
    variants: tuple[str, ...],
    properties: tuple[str, ...],
    settings: Settings,
    *,
    jobs: int,
    quiet: bool,
    path: Path | None,
    mode: str,
    fresh: bool,
) -> None:
    """``--write``, ``--check`` and ``--stale``: the committed ledger."""
    from fourhundred.errors import UserError
    from fourhundred.verify import ledger
    from fourhundred.verify.runner import checks, run, select

    target = path or ledger.LEDGER_PATH
    chosen = select(checks(settings), properties)
    if mode == "stale":
        found = ledger.problems(ledger.load(target), chosen, settings)
        for line in found[:50]:
            click.echo(f"stale: {line}")
        if found:
            click.echo(
                f"{len(found)} finding(s) of {target} are not current: run "
                "`fourhundred verify --write`"
            )
            sys.exit(1)
        click.echo(f"{target}: every fingerprint is current")
        return
    reuse = None
    if mode == "write" and not fresh and target.exists():
        try:
            reuse = ledger.reuse_from(ledger.load(target), chosen, settings)
        except UserError as error:  # another schema or no ledger: nothing to reuse
            click.echo(f"note: {error}; verifying everything", err=True)
    with progress_bar("verifying checks", quiet=quiet) as advance:
        report = run(variants, properties, settings, jobs=jobs, on_reading=advance, reuse=reuse)
    text = ledger.ledger_text(report.findings, settings)
    if mode == "write":
        ledger.write(report.findings, settings, target)
        verified = sum(f.seconds > 0 for f in report.findings)
        click.echo(
            f"wrote {target}: {len(report.findings)} findings "
            f"({verified} decided now; the rest shared between readings that agree on what "
            f"they read, or current in the ledger) in {report.seconds:.1f} s"
        )
        sys.exit(exit_status(report))
    committed = target.read_text(encoding="utf-8") if target.exists() else ""
    found = ledger.differences(committed, text)
    if found:
        for line in found[:50]:
            click.echo(f"differs: {line}")
        click.echo(
            f"{target} is not what the verifier finds now ({len(found)} difference(s)): "
            "run `fourhundred verify --write` and commit it"
        )
        sys.exit(1)
    click.echo(f"{target}: {len(report.findings)} findings confirmed to the byte")
    sys.exit(exit_status(report))


def _bench(
    variants: tuple[str, ...], properties: tuple[str, ...], settings: Settings, *, crosshair: bool
) -> None:
    """One job, in this process: CPU seconds of the whole run, the slowest findings and queries."""
    import os
    import time

    from fourhundred.verify import solver
    from fourhundred.verify.runner import run

    solver.QUERY_SECONDS = []
    cpu = time.process_time()
    wall = time.perf_counter()
    report = run(variants, properties, settings, crosshair=crosshair, jobs=1)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    queries = sorted(solver.QUERY_SECONDS, reverse=True)
    click.echo(
        f"{len(report.findings)} findings, {sum(f.seconds > 0 for f in report.findings)} decided "
        f"(the rest shared): {cpu:.1f} CPU-seconds, {wall:.1f} s wall, load "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    click.echo(
        f"{len(queries)} Z3 queries solved; slowest {queries[0] if queries else 0:.3f} CPU-s, "
        f"total {sum(queries):.1f} CPU-s"
    )
    click.echo("slowest findings (CPU seconds, and work in solver checks):")
    for finding in sorted(report.findings, key=lambda f: -f.seconds)[:10]:
        click.echo(
            f"  {finding.seconds:7.3f} s  {finding.decision.work:6d}  "
            f"{finding.check.id} @ {finding.rules}"
        )
    sys.exit(exit_status(report))


def exit_status(report: Report) -> int:
    """1 when an invariant of the project failed, else 0 (source findings included)."""
    return 1 if report.failed else 0


def _print_table(console: Console, report: Report) -> None:
    """Every finding as a row, then every counterexample."""
    rows = Table(header_style="bold", box=None, pad_edge=False)
    for column in ("property", "kind", "reading", "verdict", "bound", "s"):
        rows.add_column(column, justify="right" if column == "s" else "left")
    for finding in report.findings:
        verdict = finding.decision.verdict
        rows.add_row(
            finding.check.id,
            finding.check.kind,
            str(finding.rules),
            f"[{_STYLE[verdict]}]{verdict}[/]",
            finding.decision.bound or "",
            f"{finding.seconds:.3f}",
        )
    console.print(rows)
    refuted = [f for f in report.findings if f.decision.verdict == "refuted"]
    if refuted:
        console.print("\n[bold]Counterexamples[/bold]")
        for finding in refuted:
            _print_counterexample(console, finding)


def _print_counterexample(console: Console, finding: Finding) -> None:
    example = json.dumps(finding.decision.counterexample, separators=(",", ":"))
    console.print(f"  {finding.check.id} @ {finding.rules}: {example}")
    if finding.decision.witness is not None:
        hands = len(finding.decision.witness["hands"])
        console.print(f"    witness game: {hands} hands (--json for the transcript)")


def _print_summary(console: Console, report: Report, table: bool) -> None:
    """The failures in full, the source findings one line per check, the verdict."""
    if report.failed and not table:
        console.print("\n[bold red]Invariants of the project that fail[/bold red]")
        for finding in report.failed:
            verdict = finding.decision.verdict
            console.print(f"  {finding.check.id} @ {finding.rules}: {verdict}")
            if verdict == "refuted":
                _print_counterexample(console, finding)
            elif finding.decision.note:
                console.print(f"    {finding.decision.note}")
    by_check: dict[str, list[Finding]] = defaultdict(list)
    for finding in report.source_findings:
        by_check[finding.check.id].append(finding)
    if by_check:
        console.print("\n[bold]Findings about the sources[/bold] (reported, not failures)")
        for check_id, found in by_check.items():
            first = found[0]
            why = (
                f"the register's reading {first.documented_by.ambiguity}="
                f"{first.documented_by.reading}"
                if first.documented_by is not None
                else "a claim of the source"
            )
            others = len(found) - 1
            more = f" and {others} more reading{'s' if others > 1 else ''}" if others else ""
            console.print(f"  {check_id}: refuted on {first.rules}{more} ({why})")
    if report.house_findings:
        console.print(
            "\n[bold]Where the house rules break an invariant or a source's claim[/bold] "
            "(findings about the house rules, not failures, not the sources')"
        )
        for finding in report.house_findings:
            console.print(
                f"  {finding.check.id} ({finding.check.kind}): refuted on {finding.rules}"
            )
    counts = {v: sum(f.decision.verdict == v for f in report.findings) for v in _STYLE}
    console.print(
        f"\n{len(report.findings)} findings in {report.seconds:.1f} s: "
        + ", ".join(f"{n} {v}" for v, n in counts.items())
        + ("" if table else " (--table for every row, --json for the evidence)")
    )
    if report.failed:
        console.print(
            f"[bold red]FAILED: {len(report.failed)} invariant(s) of the project refuted or "
            "undecided[/bold red] (exit status 1)"
        )
    else:
        undecided = sum(f.outcome == "undecided" for f in report.findings)
        console.print(
            f"[green]The project's invariants hold[/green]; {len(report.source_findings)} "
            "finding(s) about the sources"
            + (
                f", {len(report.house_findings)} about the house rules"
                if report.house_findings
                else ""
            )
            + (f", {undecided} claim(s) undecided within the budget" if undecided else "")
            + " (exit status 0)"
        )
