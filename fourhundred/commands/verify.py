"""``fourhundred verify``: prove the invariants and rule on the sources' claims."""

from __future__ import annotations

import json
import sys

import click
from rich.table import Table

from fourhundred.commands._common import console as _console

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
    help="Print the findings as JSON (the claims ledger for the docs).",
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
def verify_command(
    variants: tuple[str, ...],
    properties: tuple[str, ...],
    as_json: bool,
    deep: bool,
    no_crosshair: bool,
    jobs: int,
    list_only: bool,
) -> None:
    """Prove every invariant for every variant reading (Z3, unbounded integers; bounded
    model checking over hands where stated; CrossHair on the reference) and rule on every
    checkable claim of the sources. Exit status 1 if an invariant is refuted or undecided;
    a refuted claim is a finding, not a failure."""
    from fourhundred.verify.runner import DEEP, QUICK, checks, run, select

    settings = DEEP if deep else QUICK
    if list_only:
        for check in select(checks(settings, crosshair=not no_crosshair), properties):
            click.echo(f"{check.id:50} {check.kind:9} {check.group:12} {check.title}")
        return
    report = run(variants, properties, settings, crosshair=not no_crosshair, jobs=jobs)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1))
    else:
        console = _console(width=250)
        table = Table(header_style="bold", box=None, pad_edge=False)
        for column in ("property", "kind", "reading", "verdict", "bound", "s"):
            table.add_column(column, justify="right" if column == "s" else "left")
        for finding in report.findings:
            verdict = finding.decision.verdict
            table.add_row(
                finding.check.id,
                finding.check.kind,
                str(finding.rules),
                f"[{_STYLE[verdict]}]{verdict}[/]",
                finding.decision.bound or "",
                f"{finding.seconds:.3f}",
            )
        console.print(table)
        refuted = [f for f in report.findings if f.decision.verdict == "refuted"]
        if refuted:
            console.print("\n[bold]Counterexamples[/bold]")
            for finding in refuted:
                example = json.dumps(finding.decision.counterexample, separators=(",", ":"))
                console.print(f"  {finding.check.id} @ {finding.rules}: {example}")
                if finding.decision.witness is not None:
                    console.print(
                        f"    witness game: {len(finding.decision.witness['hands'])} hands (--json for the transcript)"
                    )
        counts = {v: sum(f.decision.verdict == v for f in report.findings) for v in _STYLE}
        console.print(
            f"\n{len(report.findings)} findings in {report.seconds:.1f} s: "
            + ", ".join(f"{n} {v}" for v, n in counts.items())
            + f"; {len(report.failed)} invariant(s) failed"
        )
    if report.failed:
        sys.exit(1)
