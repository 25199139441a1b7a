"""``fourhundred conformance run``: drive an adapter through the suite and report.

The run command's options, the run loop around :class:`~fourhundred.conformance.runner.Runner`
(stopping on Ctrl-C, SIGTERM and SIGHUP with every report written and marked incomplete), the
console summary with the diagnosis before the failing cases, and the file reports (JSON lines,
JUnit, Markdown, badge). Exit 0 conforming, 1 failures, 2 errors or a runner failure.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import click
from rich.console import Console
from rich.table import Table

from fourhundred import stopping
from fourhundred.commands._common import (
    TIMEOUT,
    KindOption,
    check_distinct_outputs,
    check_kinds,
    check_output_folder,
    count_option,
    quiet_option,
)
from fourhundred.commands._common import console as _console
from fourhundred.conformance.outcomes import DEFAULT_FAILURE_BUDGET, MIN_FAILURES_COUNTED
from fourhundred.errors import UserError
from fourhundred.safeio import GuardedOutput, console_text, one_line, write_text_atomically
from fourhundred.stopping import Interrupted

if TYPE_CHECKING:
    from fourhundred.conformance.case_source import CaseSource, RunPlan
    from fourhundred.conformance.diagnosis_result import Diagnosis
    from fourhundred.conformance.reports import JsonLinesReport, Rerun
    from fourhundred.conformance.runner import Outcome, Runner

DEFAULT_ADAPTER_HELP = "python -m fourhundred.conformance.adapter (the reference engine)"
#: Seconds an adapter may take per case unless ``--timeout`` says otherwise.
DEFAULT_TIMEOUT = 5.0


def canonical_filters(variants: tuple[str, ...]) -> list[str]:
    from fourhundred.spec.registry import load, parse_all

    result = []
    for text in variants:
        if any(ch in text for ch in "*?["):
            result.append(text)
            continue
        parsed = parse_all(text)
        result.append(str(load(text)) if parsed.options or parsed.knobs else parsed.variant.name)
    return result


@click.command("run")
@click.option(
    "--adapter",
    "adapter_command",
    metavar="'CMD ARGS'",
    help=f"Command that starts the adapter (split like a shell, run without one). Default: {DEFAULT_ADAPTER_HELP}.",
)
@click.option(
    "--kind",
    "kinds_",
    multiple=True,
    metavar="KIND",
    help="Only cases of this kind (repeatable).",
    cls=KindOption,
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="V",
    help="Only this variant: a name (every reading), a variant string, or a glob (repeatable).",
)
@click.option(
    "--id",
    "ids",
    multiple=True,
    metavar="GLOB",
    help="Only case ids matching this glob (repeatable).",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first failure or error.")
@click.option(
    "--timeout",
    type=TIMEOUT,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds an adapter may take per case.",
)
@count_option(
    "--window", default=64, help="Cases in flight at once (1: strict request/answer).", maximum=4096
)
@click.option(
    "--failure-budget",
    type=click.FloatRange(0.0, 1.0),
    default=DEFAULT_FAILURE_BUDGET,
    show_default=True,
    help="Stop the run (incomplete) once the adapter has crashed, hung or answered unreadably "
    "on more than this share of the cases asked (counted from the "
    f"{MIN_FAILURES_COUNTED}th such failure; 1: never).",
)
@click.option(
    "--baseline",
    type=click.Path(dir_okay=False),
    help="File of known failures (id or id@variant, globs allowed); unexpected passes are flagged.",
)
@click.option(
    "--write-baseline",
    type=click.Path(dir_okay=False),
    help="Write the failures of this run as a baseline file.",
)
@click.option(
    "--report",
    type=click.Path(dir_okay=False),
    help="Stream a JSON-lines report here (schema/report.schema.json).",
)
@click.option("--junit", type=click.Path(dir_okay=False), help="Write a JUnit XML report here.")
@click.option("--markdown", type=click.Path(dir_okay=False), help="Write a Markdown summary here.")
@click.option(
    "--badge", type=click.Path(dir_okay=False), help="Write a shields.io endpoint badge JSON here."
)
@count_option("--show", default=10, help="Failures shown in full on the console.", minimum=0)
@click.option(
    "--cases",
    "cases_dir",
    type=click.Path(exists=True),
    help="Run other cases: a case file, or a folder searched at any depth (e.g. a fuzz campaign's cases/).",
)
@quiet_option()
@click.option(
    "--validate-protocol",
    "-V",
    is_flag=True,
    help="Check every adapter message against the protocol schema.",
)
def run_command(
    adapter_command: str | None,
    kinds_: tuple[str, ...],
    variants: tuple[str, ...],
    ids: tuple[str, ...],
    fail_fast: bool,
    timeout: float,
    window: int,
    failure_budget: float,
    baseline: str | None,
    write_baseline: str | None,
    report: str | None,
    junit: str | None,
    markdown: str | None,
    badge: str | None,
    show: int,
    cases_dir: str | None,
    quiet: bool,
    validate_protocol: bool,
) -> None:
    """Run the suite against an adapter and report case by case."""
    from fourhundred import __version__
    from fourhundred.conformance import exact, reports, runner, suite
    from fourhundred.conformance.case_source import RunPlan

    check_kinds(kinds_)
    check_distinct_outputs(
        {
            "--report": report,
            "--junit": junit,
            "--markdown": markdown,
            "--badge": badge,
            "--write-baseline": write_baseline,
        }
    )
    for option, path in (
        ("--junit", junit),
        ("--markdown", markdown),
        ("--badge", badge),
        ("--write-baseline", write_baseline),
    ):
        check_output_folder(option, path)
    argv = (
        runner.split_command(adapter_command)
        if adapter_command is not None
        else list(runner.REFERENCE_ADAPTER)
    )
    settings = runner.Settings(
        timeout=timeout,
        window=window,
        fail_fast=fail_fast,
        baseline=reports.read_baseline(baseline) if baseline else frozenset(),
        validate=validate_protocol,
        failure_budget=failure_budget,
    )
    rerun = reports.Rerun.of(
        adapter=adapter_command,
        cases=cases_dir,
        timeout=None if timeout == DEFAULT_TIMEOUT else timeout,
        baseline=baseline,
        validate=validate_protocol,
    )
    cases = _load_cases(Path(cases_dir) if cases_dir else None, quiet)
    filters = canonical_filters(variants)
    runs = RunPlan.select(cases, kinds_, filters, ids)
    if not len(runs) and not len(RunPlan.select(cases, kinds_, suite.family_filters(filters), ids)):
        raise UserError("no case matches the filters (--kind, --variant, --id)")
    output = GuardedOutput(sys.stdout)
    console = Console(file=cast(IO[str], output), highlight=False, soft_wrap=True)
    header: dict[str, Any] = {
        "suite_version": suite.suite_version(),
        "runner_version": __version__,
        "started": reports.now(),
        "adapter": argv,
        "implementation": {},
        "filters": {"kind": list(kinds_), "variant": list(variants), "id": list(ids)},
        "runs": len(runs),
    }
    # A report of an earlier run must never sit, green, beside this one: each is
    # replaced now by one that says this run has not finished (all it would say
    # if the runner were killed outright), and written again at the end.
    unfinished = reports.RunSummary.of([], runs, reports.UNFINISHED_REASON)
    early = [path if _is_a_file_or_nothing(path) else None for path in (junit, markdown, badge)]
    problems = _write_reports(unfinished, header, rerun, early[0], early[1], early[2], None)
    if problems:
        raise UserError(problems[0])
    outcomes: list[runner.Outcome] = []
    stream = reports.JsonLinesReport(report) if report else None
    started = time.monotonic()
    the_runner = runner.Runner(argv, settings, outcomes.append)
    run_started = time.monotonic()
    start_failure = ""
    interrupted: Interrupted | None = None
    try:
        try:
            hello = the_runner.start()
        except runner.RunnerError as error:
            start_failure = str(error)
            _console(stderr=True).print(f"[red]runner error:[/red] {error.console_text()}")
            if stream:
                stream.header(header)
        else:
            runs = runs.plus(exact.exact_runs(cases, hello["exact"], kinds_, filters, ids))
            header["runs"] = len(runs)
            run_started = time.monotonic()
            impl = hello["implementation"]
            header["implementation"] = impl
            console.print(
                f"[bold]{console_text(str(impl['name']))} {console_text(str(impl['version']))}"
                f"[/bold] ({console_text(str(impl['language']))}): "
                f"suite {header['suite_version']}, {len(runs)} runs"
            )
            if stream:
                stream.header(header)
            _drive(the_runner, runs, outcomes, stream, console, quiet)
    except KeyboardInterrupt as stop:  # Ctrl-C, SIGTERM or SIGHUP (fourhundred.stopping)
        interrupted = stopping.of(stop)
    # A signal from now on waits: every report is written first.
    with stopping.held():
        the_runner.close()
        code = _finish(
            _Ending(the_runner, outcomes, runs, start_failure, interrupted, fail_fast),
            stream, console, show, rerun, header, (junit, markdown, badge, write_baseline),
            started, run_started,
        )  # fmt: skip
        if output.failure:
            click.echo(f"error: cannot write standard output: {output.failure}", err=True)
            code = 2
    sys.exit(interrupted.exit_status if interrupted is not None else code)


@dataclass(frozen=True)
class _Ending:
    """How a run ended: its runner, outcomes and planned runs, and what stopped it."""

    runner: Runner
    outcomes: list[Outcome]
    runs: RunPlan
    start_failure: str
    interrupted: Interrupted | None
    fail_fast: bool


def _finish(
    ending: _Ending,
    stream: JsonLinesReport | None,
    console: Console,
    show: int,
    rerun: Rerun,
    header: dict[str, Any],
    files: tuple[str | None, str | None, str | None, str | None],
    started: float,
    run_started: float,
) -> int:
    """Write the footer and every report of a run however it ended, print its
    summary; the exit status of its outcomes (2 if a report could not be written)."""
    from fourhundred.conformance import reports

    the_runner, outcomes, interrupted = ending.runner, ending.outcomes, ending.interrupted
    finished = time.monotonic()
    seconds = finished - started
    run_seconds = finished - run_started
    stopped = ending.start_failure or the_runner.aborted
    aborted = stopped or (f"interrupted ({interrupted.describe()})" if interrupted else "")
    reason = _incomplete_reason(stopped, interrupted, ending.fail_fast)
    summary = reports.RunSummary.of(
        outcomes, ending.runs, reason, _diagnose(outcomes, ending.runs.source)
    )
    code = reports.exit_code(summary)
    counts = summary.counts
    applicable = len(outcomes) - counts["not_applicable"]
    rate = applicable / run_seconds if run_seconds > 0 else 0.0
    if stream:
        stream.footer(
            {
                "counts": counts,
                "exit_code": interrupted.exit_status if interrupted else code,
                "seconds": round(seconds, 3),
                "cases_per_second": round(rate, 1),
                "restarts": the_runner.restarts,
                **summary.footer(),
                **({"aborted": aborted} if aborted else {}),
            }
        )
        stream.close()
    _print_summary(console, outcomes, show, rerun, summary.diagnosis)
    junit, markdown, badge, write_baseline = files
    problems = _write_reports(summary, header, rerun, junit, markdown, badge, write_baseline)
    if stream and stream.failure:
        problems.append(stream.failure)
    errors = _console(stderr=True)
    if not summary.complete:
        errors.print(f"[red]run {console_text(summary.incomplete_text())}[/red]")
    nothing = reports.nothing_checked_reason(summary)
    if nothing:
        errors.print(f"[red]{console_text(nothing)}[/red]")
    slow = reports.slow_per_action_hint(outcomes, the_runner.settings.timeout)
    if slow:
        errors.print(f"hint: {console_text(slow)}", highlight=False)
    derived = reports.derived_counts(outcomes)
    if derived:
        console.print(
            f"derived expectations (exact settings): {derived['pass']} passed, "
            f"{derived['fail']} failed, {derived['error']} errored, {derived['skip']} skipped "
            "(included below)"
        )
    console.print(
        f"{counts['pass']} passed, {counts['fail']} failed, {counts['error']} errored, "
        f"{counts['skip']} skipped, {counts['not_applicable']} not applicable"
        + (f", {counts['known_failure']} known failures" if counts["known_failure"] else "")
        + (f", {counts['unexpected_pass']} unexpected passes" if counts["unexpected_pass"] else "")
        + (f", {len(summary.not_run)} NOT RUN" if summary.not_run else "")
        + (f", {the_runner.restarts} adapter restarts" if the_runner.restarts else "")
        + f" in {seconds:.2f} s ({rate:,.0f} cases/s after the adapter's start-up)"
    )
    console.file.flush()
    for problem in problems:
        click.echo(f"error: {one_line(problem)}", err=True)
    return 2 if problems else code


def _is_a_file_or_nothing(path: str | None) -> bool:
    """Whether a report path names a regular file or nothing yet (not ``/dev/stdout``)."""
    import os
    import stat

    if path is None:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def _diagnose(outcomes: list[Outcome], source: CaseSource) -> Any:
    """The diagnosis of a run's failures (:mod:`fourhundred.conformance.diagnosis`):
    nothing to compute for a run without failures; the passes it needs whole are
    fetched from the run's cases."""
    from fourhundred.conformance import diagnosis, diagnosis_result

    if not any(outcome.status == "fail" for outcome in outcomes):
        return diagnosis_result.Diagnosis()
    return diagnosis.diagnose(outcomes, fetch=source.fetch)


def _load_cases(cases_dir: Path | None, quiet: bool) -> CaseSource:
    """The cases to run (:class:`~fourhundred.conformance.case_source.CaseSource`:
    a user's files are streamed); a user's folder is checked file by file with a
    progress bar on stderr (only when stderr is a terminal and not ``--quiet``)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from fourhundred.conformance import suite
    from fourhundred.conformance.case_source import CaseSource, open_cases

    if cases_dir is None:
        return CaseSource.held(suite.load_cases())
    errors = _console(stderr=True)
    progress = Progress(
        TextColumn("checking case files"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        console=errors,
        transient=True,
        disable=quiet or not errors.is_terminal,
    )
    with progress:
        task = progress.add_task("", total=None)

        def on_file(path: Path, done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, description=console_text(path.name))

        return open_cases(cases_dir, on_file, unique_ids=True)


def _incomplete_reason(
    aborted: str, interrupted: Interrupted | None, fail_fast: bool
) -> str | None:
    """Why a run stopped before its end, in words (``None``: nothing stopped it;
    a run with missing outcomes and no reason still gets one from :class:`RunSummary`)."""
    if interrupted is not None:
        return f"interrupted ({interrupted.describe()})"
    if aborted:
        return f"the runner stopped: {aborted.splitlines()[0]}"
    if fail_fast:
        from fourhundred.conformance.reports import FAIL_FAST_REASON

        return FAIL_FAST_REASON
    return None


def _write_reports(
    summary: Any,
    header: dict[str, Any],
    rerun: Rerun,
    junit: str | None,
    markdown: str | None,
    badge: str | None,
    write_baseline: str | None,
) -> list[str]:
    """Write every report file asked for (each atomically, each whatever happened
    to the others); the problems, one line each (an unwritable file, a baseline
    refused for an incomplete run)."""
    from fourhundred.conformance import reports

    texts: list[tuple[str | None, Any]] = [
        (
            junit,
            lambda: reports.junit_xml(
                summary, f"fourhundred conformance {header['suite_version']}", rerun
            ),
        ),
        (markdown, lambda: reports.markdown(summary, header, rerun)),
        (badge, lambda: json.dumps(reports.badge(summary)) + "\n"),
        (write_baseline, lambda: reports.baseline_text(summary)),
    ]
    problems = []
    for path, text in texts:
        if path is None:
            continue
        try:
            write_text_atomically(path, text())
        except UserError as error:
            problems.append(str(error))
    return problems


def _drive(
    the_runner: Runner,
    runs: RunPlan,
    outcomes: list[Outcome],
    stream: JsonLinesReport | None,
    console: Console,
    quiet: bool,
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("conformance"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[bad]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    )
    with progress:
        task = progress.add_task("run", total=len(runs), bad="")
        bad = Counter[str]()
        last = [0.0]

        def on_outcome(outcome: Outcome) -> None:
            if stream:
                stream.outcome(outcome)
            outcomes.append(runs.kept(outcome))  # a pass keeps no case and no answer
            if outcome.status in ("fail", "error", "unexpected_pass"):
                bad[outcome.status] += 1
            now = time.monotonic()
            if now - last[0] > 0.1 or len(outcomes) == len(runs):
                last[0] = now
                text = ", ".join(f"{n} {s}" for s, n in bad.items())
                progress.update(task, completed=len(outcomes), bad=text)

        the_runner.on_outcome = on_outcome
        the_runner.run(runs)


def _print_summary(
    console: Console,
    outcomes: list[Outcome],
    show: int,
    rerun: Rerun,
    found: Diagnosis | None = None,
) -> None:
    """Tables by kind and variant (the kinds and variants the adapter did not
    declare on one line), the diagnosis (one block per broken rule), then the
    first ``show`` failures in full, each with its cause; every outside text
    (ids, descriptions, messages, stderr) escaped (:func:`console_text`, or
    :func:`~fourhundred.safeio.inline_text` and ``block_lines`` for the lines
    of a failure)."""
    from rich.markup import escape

    from fourhundred.conformance import reports
    from fourhundred.conformance.kinds import json_text
    from fourhundred.safeio import block_lines, inline_text

    columns = ("pass", "fail", "error", "skip", "not_applicable")
    for key in ("kind", "variant"):
        table = Table(box=None, header_style="bold", pad_edge=False)
        table.add_column(key)
        for column in columns:
            table.add_column(column.replace("_", " "), justify="right")
        rows, undeclared = reports.declared_counts(outcomes, key)
        for name, row in sorted(rows.items()):
            cells = []
            for column in columns:
                value = row.get(column, 0)
                colour = "red" if column in ("fail", "error") and value else ""
                cells.append(f"[{colour}]{value}[/{colour}]" if colour else str(value))
            table.add_row(console_text(name), *cells)
        if rows:
            console.print(table)
        if undeclared:
            console.print(console_text(reports.undeclared_text(undeclared, outcomes, key)))
    why = reports.not_applicable_text(outcomes)
    if why:
        console.print(console_text(why))
    diagnosed = found if found is not None and not found.empty else None
    if diagnosed is not None:
        console.print()
        for number, line in enumerate(reports.diagnosis_text(diagnosed)):
            style = "bold" if number == 0 or not line.startswith(" ") else ""
            text = console_text(line)
            console.print(f"[{style}]{text}[/{style}]" if style else text, highlight=False)
    causes = diagnosed.cause_of() if diagnosed is not None else {}
    from fourhundred.conformance.conventions import convention_lines

    bad = [o for o in outcomes if o.status in reports.BAD]
    for outcome in bad[:show]:
        run = outcome.run
        seen = reports.evidence(outcome)
        console.print(
            f"\n[bold red]{outcome.status.upper()}[/bold red] [bold]{console_text(run.id)}[/bold] "
            f"under {console_text(run.variant)}"
        )
        lines = [
            f"  {inline_text(run.case['description'])}",
            f"  rules: {inline_text(', '.join(run.case['rules']))}",
        ]
        if run.case["ambiguities"]:
            lines.append(f"  ambiguities: {inline_text(', '.join(run.case['ambiguities']))}")
        if diagnosed is not None and outcome.status == "fail":
            lines.append(f"  cause: {inline_text(causes.get(outcome.key, 'unexplained'))}")
        lines += [f"  {inline_text(line)}" for line in convention_lines(outcome)]
        position = reports.divergence_position(outcome)
        if position:
            cut = len(position) > reports.POSITION_SHOWN
            shown_text = position[: reports.POSITION_SHOWN] + ("…" if cut else "")
            lines.append(f"  diverged {inline_text(shown_text)}")
            if cut:
                lines.append("  (position cut here: --markdown FILE has it whole)")
        lines += [
            f"  problem: {inline_text(outcome.message)}",
            f"  input:    {json_text(run.case['input'], 400)}",
            f"  expected: {json_text(run.case['expected'], 400)}",
        ]
        if seen.actual is not None:
            lines.append(f"  actual:   {json_text(seen.actual, 400)}")
        if seen.traceback.strip():
            lines.append("  traceback (from the adapter's answer):")
            lines += block_lines(seen.traceback.strip())[-12:]
        if seen.stderr.strip():
            lines.append("  stderr (tail):")
            lines += block_lines(seen.stderr.strip())[-8:]
        lines.append(f"  rerun: {inline_text(rerun.command(outcome))}")
        for line in lines:  # each piece of outside text is escaped already
            console.print(escape(line))
    if len(bad) > show:
        console.print(
            f"\n... {len(bad) - show} more not shown (--show N, or --report FILE for all)"
        )
