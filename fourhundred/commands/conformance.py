"""``fourhundred conformance``: run the conformance suite against an engine, check it, export it.

* ``run``: drive an adapter (default: the bundled reference adapter) through
  the suite and report, case by case, where it departs from the variants it
  claims (exit 0 conforming, 1 failures, 2 errors or a runner failure);
* ``check``: validate the suite itself (schema, ids, ledger, references,
  expected values reproduced by the specification and the reference engine);
* ``export``: the suite flattened into one file for one variant;
* ``adapter``: serve the reference adapter on stdin/stdout;
* ``generate``: regenerate the case files from the specification (maintainers);
* ``mutants`` and ``coverage``: how much of the rules the suite checks
  (:mod:`fourhundred.commands.conformance_quality`).

``run`` lives in :mod:`fourhundred.commands.conformance_run`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from fourhundred.commands._common import (
    KindOption,
    check_kinds,
    progress_bar,
    quiet_option,
)
from fourhundred.commands._common import console as _console
from fourhundred.commands.conformance_quality import coverage_command, mutants_command
from fourhundred.commands.conformance_run import canonical_filters, run_command
from fourhundred.safeio import console_text, write_text_atomically


@click.group("conformance")
def conformance_group() -> None:
    """The conformance suite: is an implementation of 400 / 41 faithful to its variant?"""


conformance_group.add_command(run_command)


@conformance_group.command("check")
@click.option(
    "--cases",
    "cases_dir",
    type=click.Path(file_okay=False, exists=True),
    help="Check another copy of the suite.",
)
@quiet_option()
def check_command(cases_dir: str | None, quiet: bool) -> None:
    """Validate the suite itself: schema, ids, ledger, references, expected values."""
    from fourhundred.conformance.check import run_check

    console = _console()
    with progress_bar("checking cases", quiet=quiet) as advance:  # on a terminal only
        report = run_check(Path(cases_dir) if cases_dir else None, advance)
    for problem in report.problems[:200]:
        console.print(f"[red]problem:[/red] {console_text(str(problem))}", highlight=False)
    if len(report.problems) > 200:
        console.print(f"... and {len(report.problems) - 200} more problems")
    kinds_text = ", ".join(f"{k} {n}" for k, n in sorted(report.by_kind.items()))
    if report.problems:
        console.print(f"[red]{len(report.problems)} problems[/red] in {report.cases} cases")
        sys.exit(1)
    console.print(f"suite OK: {report.cases} cases, {report.runs} runs ({kinds_text})")


@conformance_group.command("export")
@click.option(
    "--variant",
    required=True,
    metavar="V",
    help="A variant name (every reading) or a variant string; a string with options is "
    "an exact setting: derived expectations included.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="File to write (default: standard output).",
)
@click.option(
    "--kind",
    "kinds_",
    multiple=True,
    metavar="KIND",
    help="Only this kind (repeatable).",
    cls=KindOption,
)
def export_command(variant: str, output: str | None, kinds_: tuple[str, ...]) -> None:
    """Write the suite flattened into one JSON file for one variant.

    A variant string with options (``qahwa-400(table=classic)``) is an exact
    setting: the file holds exactly what the runner sends an adapter that declares
    it ``"exact"`` (:func:`~fourhundred.conformance.exact.exact_runs`), derived
    expectations marked ``"derived": true``.
    """
    from fourhundred.conformance import exact, suite

    check_kinds(kinds_)
    filters = canonical_filters((variant,))
    runs = suite.select_runs(suite.load_cases(), kinds_, filters)
    if "(" in filters[0] and not any(ch in filters[0] for ch in "*?["):
        runs += exact.exact_runs(suite.load_cases(), filters, kinds_)
    data = {
        "suite_version": suite.suite_version(),
        "variant": filters[0],
        "cases": [
            {
                "id": run.id,
                "kind": run.kind,
                "variant": run.variant,
                "description": run.case["description"],
                "rules": run.case["rules"],
                "ambiguities": run.case["ambiguities"],
                "input": run.case["input"],
                "expected": run.case["expected"],
                **({"derived": True} if run.derived else {}),
            }
            for run in runs
        ],
    }
    text = json.dumps(data, indent=1) + "\n"
    if output:
        write_text_atomically(output, text)
        click.echo(f"{len(runs)} cases for {filters[0]} written to {output}", err=True)
    else:
        click.echo(text, nl=False)


@conformance_group.command(
    "adapter",
    context_settings={"ignore_unknown_options": True},
    short_help="Serve the reference adapter.",
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def adapter_command(args: tuple[str, ...]) -> None:
    """Serve the reference adapter on stdin/stdout (options: --engine spec, --mutant NAME)."""
    from fourhundred.conformance.adapter import main

    sys.exit(main(list(args)))


@conformance_group.command("generate")
def generate_command() -> None:
    """Regenerate the case files and the id ledger from the specification."""
    from fourhundred.conformance.generate import main

    sys.exit(main([]))


conformance_group.add_command(mutants_command)
conformance_group.add_command(coverage_command)
