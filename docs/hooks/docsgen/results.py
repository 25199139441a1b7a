"""The results page: the bundled adapters against every variant, from a real run at build time.

In the manner of Bowtie's report: one row per adapter, one column per
variant, each cell the passed and applicable runs with a badge. The build
runs every bundled adapter through the runner's API
(:class:`fourhundred.conformance.runner.Runner`, as ``fourhundred conformance
run`` does, without the command's console) against the whole suite, and the
counts, colours and badge texts come from :mod:`fourhundred.conformance.reports`
(:class:`~fourhundred.conformance.reports.RunSummary`,
:func:`~fourhundred.conformance.reports.badge`), so the page and the command
never disagree. An adapter that cannot start (no ``node`` on the machine, say)
is listed with the reason and no counts: never as passing.

The page states the date of the run, the suite version and the commit it was
built from.
"""

from __future__ import annotations

import datetime
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fourhundred.conformance import reports, runner, suite
from fourhundred.spec.registry import names

from .md import cell, esc, generated_banner

#: shields.io's named colours, as the badges of :func:`reports.badge` use them.
BADGE_COLOURS = {
    "brightgreen": "#44cc11",
    "green": "#97ca00",
    "yellow": "#dfb317",
    "orange": "#fe7d37",
    "red": "#e05d44",
    "lightgrey": "#9f9f9f",
}


@dataclass(frozen=True)
class Adapter:
    """A bundled adapter: its name on the page, its command, and its source file."""

    name: str
    argv: tuple[str, ...]
    source: str


def bundled_adapters(root: Path) -> tuple[Adapter, ...]:
    """The adapters that ship with the project (``conformance/ADAPTERS.md``)."""
    node = shutil.which("node") or "node"
    return (
        Adapter("reference engine", tuple(runner.REFERENCE_ADAPTER), "conformance/adapter.py"),
        Adapter(
            "JavaScript example",
            (node, str(root / "conformance" / "adapters" / "js" / "adapter.js")),
            "conformance/adapters/js/adapter.js",
        ),
        Adapter(
            "minimal Python example",
            (sys.executable, str(root / "docs" / "examples" / "minimal_adapter.py")),
            "docs/examples/minimal_adapter.py",
        ),
    )


@dataclass(frozen=True)
class AdapterResult:
    """One adapter's run: what it said it is, and its summary (or why it did not run)."""

    adapter: Adapter
    implementation: str
    summary: reports.RunSummary | None
    failure: str = ""

    def for_variant(self, variant: str) -> reports.RunSummary | None:
        """The part of the run under one base variant (any reading of it)."""
        if self.summary is None:
            return None
        outcomes = [o for o in self.summary.outcomes if _base(o.run.variant) == variant]
        not_run = tuple(r for r in self.summary.not_run if _base(r.variant) == variant)
        return reports.RunSummary(
            tuple(outcomes),
            len(outcomes) + len(not_run),
            not_run,
            self.summary.incomplete_reason if not_run else None,
        )


def _base(variant: str) -> str:
    return variant.split("(", 1)[0]


def run_adapter(adapter: Adapter, cases: Sequence[suite.Case]) -> AdapterResult:
    """Run the whole suite against one adapter, as ``fourhundred conformance run`` does."""
    outcomes: list[runner.Outcome] = []
    the_runner = runner.Runner(adapter.argv, runner.Settings(), outcomes.append)
    runs = suite.select_runs(cases)
    try:
        try:
            hello = the_runner.start()
        except runner.RunnerError as error:
            return AdapterResult(adapter, "", None, str(error).splitlines()[0])
        runs = runs + suite.exact_runs(cases, hello["exact"])
        the_runner.run(runs)
    finally:
        the_runner.close()
    impl = hello["implementation"]
    stopped = the_runner.incomplete.message if the_runner.incomplete else None
    return AdapterResult(
        adapter,
        f"{impl['name']} {impl['version']} ({impl['language']})",
        reports.RunSummary.of(outcomes, runs, stopped),
    )


def run_all(root: Path) -> list[AdapterResult]:
    """Every bundled adapter against the bundled suite."""
    cases = suite.load_cases()
    return [run_adapter(adapter, cases) for adapter in bundled_adapters(root)]


def badge_html(summary: reports.RunSummary, with_label: bool) -> str:
    """A badge in the page (no image from another site): the label and message of
    :func:`reports.badge`, in its colour; without the label, the message alone
    (a table cell under its variant's name)."""
    data = reports.badge(summary)
    colour = BADGE_COLOURS.get(str(data["color"]), BADGE_COLOURS["lightgrey"])
    label = f'<span class="fh-badge-label">{esc(data["label"])}</span>' if with_label else ""
    return (
        f'<span class="fh-badge" data-color="{esc(data["color"])}">{label}'
        f'<span class="fh-badge-message" style="background:{colour}">'
        f"{esc(data['message'])}</span></span>"
    )


def _cell(summary: reports.RunSummary | None, with_label: bool) -> str:
    if summary is None:
        return '<td class="fh-result-none">not run</td>'
    applicable = len(summary.outcomes) - summary.counts["not_applicable"]
    if applicable == 0 and not summary.not_run:
        return '<td class="fh-result-none">not declared</td>'
    return f"<td>{badge_html(summary, with_label)}</td>"


def commit_of(root: Path) -> str:
    """The commit the site is built from (short hash; marked when the tree has changes)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return f"{head} (with uncommitted changes)" if dirty else head


def results_page(results: Sequence[AdapterResult], commit: str, when: datetime.datetime) -> str:
    """The whole page."""
    variants = list(names())
    out = [
        "# Results\n\n",
        generated_banner("a run of every bundled adapter against the whole suite"),
        f'<p class="fh-run-facts">Run on <strong>{when:%Y-%m-%d %H:%M} UTC</strong>, '
        f"suite version <strong>{esc(suite.suite_version())}</strong>, "
        f"commit <code>{esc(commit)}</code>.</p>\n\n",
        "Each cell counts the runs of that variant (every reading and option setting the "
        "cases list, and the exact settings an adapter declares) that passed, of those the "
        "adapter declared it can answer; an adapter is not asked what it did not declare. "
        "Green means every declared run passed; a run that stopped early is red and says how "
        "many runs were not run. To reproduce a row: "
        "`fourhundred conformance run --adapter 'COMMAND'` (see "
        "[Running the suite](../guides/running-the-suite.md)).\n\n",
        '<div class="fh-results" markdown="0">\n<table>\n<thead><tr><th scope="col">adapter'
        '</th><th scope="col">overall</th>',
    ]
    out.extend(
        f'<th scope="col"><a href="../rules/{esc(v)}.html">{esc(v)}</a></th>' for v in variants
    )
    out.append("</tr></thead>\n<tbody>\n")
    for result in results:
        name = (
            f"<strong>{esc(result.adapter.name)}</strong><br><small>"
            f"{esc(result.implementation or result.failure)}</small>"
        )
        overall = _cell(result.summary, with_label=True)
        cells = "".join(_cell(result.for_variant(v), with_label=False) for v in variants)
        out.append(f'<tr><th scope="row">{name}</th>{overall}{cells}</tr>\n')
    out.append("</tbody>\n</table>\n</div>\n\n")
    out.append("## The adapters\n\n")
    for result in results:
        out.append(f"### {esc(result.adapter.name)}\n\n")
        out.append(
            f"Source: `{result.adapter.source}`. Command: "
            f"`{cell(' '.join(Path(a).name if '/' in a else a for a in result.adapter.argv))}`.\n\n"
        )
        if result.summary is None:
            out.append(f"It did not run: {cell(result.failure)}\n\n")
            continue
        counts = result.summary.counts
        out.append(
            f"{counts['pass']} passed, {counts['fail']} failed, {counts['error']} errored, "
            f"{counts['skip']} skipped, {counts['not_applicable']} not declared"
            + (f", {len(result.summary.not_run)} not run" if result.summary.not_run else "")
            + ".\n\n"
        )
    return "".join(out)
