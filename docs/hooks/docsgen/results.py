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
built from. Each adapter also has a page of its own (:func:`adapter_page`):
its failing cases (case, variant, expected, actual and the command that reruns
it), a badge snippet to copy, and its line of the history. The history is a
file kept in the repository (:data:`HISTORY`), one entry per recorded run,
appended by ``tools/record_results.py``; the pages show it beside the run of
the build.
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fourhundred.conformance import diagnosis, exact, reports, runner, suite
from fourhundred.safeio import write_text_atomically
from fourhundred.spec.registry import names

from .anchors import case_link
from .md import cell, esc, generated_banner

#: The run history kept in the repository (relative to its root); published with the site.
HISTORY = Path("docs") / "results" / "history.json"
HISTORY_FORMAT = "fourhundred-results-history/1"
#: Failing runs listed on an adapter's page, at most (the rest are counted).
FAILURES_SHOWN = 60
#: The length a shown answer is cut to.
ANSWER_SHOWN = 160

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
    #: What the adapter is for, when it is not an engine to trust.
    note: str = ""

    @property
    def slug(self) -> str:
        """The adapter's page name."""
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    @property
    def command(self) -> str:
        """The adapter's command as a reader types it from a checkout."""
        parts = []
        for arg in self.argv:
            if arg == sys.executable:
                parts.append("python3")
            elif arg.endswith(self.source):
                parts.append(self.source)
            else:
                parts.append(Path(arg).name if "/" in arg else arg)
        return " ".join(parts)


def adapter_path(adapter: Adapter) -> str:
    """Where an adapter's page lives in the site sources."""
    return f"conformance/results/{adapter.slug}.md"


def listed_adapters(root: Path) -> tuple[Adapter, ...]:
    """The adapters the results show: the bundled ones, and one with a planted bug
    (``tests/fuzz_adapters/band_edge.py``) so that a failing run looks as it would."""
    planted = root / "tests" / "fuzz_adapters" / "band_edge.py"
    listed = list(bundled_adapters(root))
    if planted.exists():
        listed.append(
            Adapter(
                "planted bug: band edge",
                (sys.executable, str(planted)),
                "tests/fuzz_adapters/band_edge.py",
                "the reference with its score bands one point late (31-40 …): a wrong engine, "
                "shown so that failures look as they would for yours",
            )
        )
    return tuple(listed)


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
        runs = runs + exact.exact_runs(cases, hello["exact"])
        the_runner.run(runs)
    finally:
        the_runner.close()
    impl = hello["implementation"]
    stopped = the_runner.incomplete.message if the_runner.incomplete else None
    return AdapterResult(
        adapter,
        f"{impl['name']} {impl['version']} ({impl['language']})",
        reports.RunSummary.of(outcomes, runs, stopped, diagnosis.diagnose(outcomes)),
    )


def run_all(root: Path) -> list[AdapterResult]:
    """Every listed adapter against the bundled suite."""
    cases = suite.load_cases()
    return [run_adapter(adapter, cases) for adapter in listed_adapters(root)]


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
        head = _git(root, "rev-parse", "--short=12", "HEAD")
        dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return f"{head} (with uncommitted changes)" if dirty else head


def _git(root: Path, *args: str) -> str:
    """What ``git -C root ARGS`` prints, stripped; raises when git is missing or fails."""
    command = ["git", "-C", str(root), *args]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def results_page(
    results: Sequence[AdapterResult],
    commit: str,
    when: datetime.datetime,
    history: Sequence[dict[str, object]] = (),
) -> str:
    """The whole page (``history``: the recorded runs, :func:`load_history`)."""
    variants = list(names())
    out = [
        "# Results\n\n",
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
        page_link = adapter_path(result.adapter).removeprefix("conformance/").removesuffix(".md")
        name = (
            f'<strong><a href="{esc(page_link)}.html">{esc(result.adapter.name)}</a></strong>'
            f"<br><small>{esc(result.implementation or result.failure)}</small>"
        )
        overall = _cell(result.summary, with_label=True)
        cells = "".join(_cell(result.for_variant(v), with_label=False) for v in variants)
        out.append(f'<tr><th scope="row">{name}</th>{overall}{cells}</tr>\n')
    out.append("</tbody>\n</table>\n</div>\n\n")
    out.append("## The adapters\n\n")
    for result in results:
        out.append(f"### {esc(result.adapter.name)}\n\n")
        out.append(
            f"[Its failing cases, history and badge]"
            f"({adapter_path(result.adapter).removeprefix('conformance/')}). "
            + (
                f"{esc(result.adapter.note[:1].upper() + result.adapter.note[1:])}. "
                if result.adapter.note
                else ""
            )
        )
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
    out.append(history_section(history))
    out.append(generated_banner("a run of every listed adapter against the whole suite"))
    return "".join(out)


# --- Every adapter's own page ------------------------------------------------------------


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= ANSWER_SHOWN else text[: ANSWER_SHOWN - 1] + "…"


def failures(result: AdapterResult) -> list[runner.Outcome]:
    """The runs that failed or errored, in suite order."""
    if result.summary is None:
        return []
    return [o for o in result.summary.outcomes if o.status in ("fail", "error")]


def _failure_rows(result: AdapterResult) -> str:
    rerun = reports.Rerun.of(adapter=result.adapter.command)
    rows = []
    for outcome in failures(result)[:FAILURES_SHOWN]:
        case = outcome.run.case
        link = case_link(str(case["id"]), "conformance/results")
        rows.append(
            f'<tr><td><a href="{esc(link.replace(".md#", ".html#"))}"><code>{esc(case["id"])}</code></a>'
            f"<br><small>{esc(case['description'])}</small></td>"
            f"<td><code>{esc(outcome.run.variant)}</code></td><td>{esc(outcome.status)}</td>"
            f"<td><code>{esc(_short(case['expected']))}</code></td>"
            f"<td><code>{esc(_short(outcome.actual) if outcome.actual is not None else outcome.message)}</code></td>"
            f"<td><code>{esc(rerun.command(outcome))}</code></td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>" for h in ("case", "variant", "status", "expected", "answer", "rerun")
    )
    return (
        f'<div class="fh-fit fh-failures" markdown="0"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>\n\n"
    )


def badge_snippet(adapter: Adapter) -> str:
    """How to show one's own badge: the command that writes it, and the Markdown for it."""
    return (
        "Write your run's badge as a shields.io endpoint file, publish it, and show it:\n\n"
        "```sh\n"
        f"fourhundred conformance run --adapter '{adapter.command}' --badge conformance-badge.json\n"
        "```\n\n"
        "```markdown\n"
        "![400 conformance](https://img.shields.io/endpoint?url=https://example.org/conformance-badge.json)\n"
        "```\n\n"
        "(Replace the address with where you publish `conformance-badge.json`.)\n\n"
    )


def adapter_page(
    result: AdapterResult,
    commit: str,
    when: datetime.datetime,
    history: Sequence[dict[str, object]] = (),
) -> str:
    """One adapter's page: its run, the diagnosis of its failures (the broken rules), its
    failing cases, its badge snippet, its history."""
    adapter = result.adapter
    # Left out of the search index: a list of failures is found from the results page.
    out = [f"---\nsearch:\n  exclude: true\n---\n\n# Results: {esc(adapter.name)}\n\n"]
    if adapter.note:
        out.append(
            f'!!! note "Not an engine to trust"\n    This adapter is {esc(adapter.note)}.\n\n'
        )
    out.append(
        f"Source `{adapter.source}`; command `{cell(adapter.command)}`. Run on "
        f"{when:%Y-%m-%d %H:%M} UTC, suite version {esc(suite.suite_version())}, commit "
        f"`{esc(commit)}`. [Every adapter](../results.md).\n\n"
    )
    if result.summary is None:
        out.append(f"It did not run: {cell(result.failure)}\n\n")
    else:
        counts = result.summary.counts
        out.append(
            f"{badge_html(result.summary, with_label=True)} {esc(result.implementation)}: "
            f"{counts['pass']} passed, {counts['fail']} failed, {counts['error']} errored, "
            f"{counts['not_applicable']} not declared.\n\n"
        )
        # The broken rules first, as the console and Markdown reports give them.
        named = reports.markdown_diagnosis(result.summary.diagnosis)
        if named:
            out.append("\n".join(named) + "\n")
        wrong = failures(result)
        out.append(f"## Failing cases ({len(wrong)})\n\n")
        if not wrong:
            out.append("None: every declared run passed.\n\n")
        else:
            if len(wrong) > FAILURES_SHOWN:
                out.append(
                    f"The first {FAILURES_SHOWN} in suite order; `--report FILE` lists them "
                    "all.\n\n"
                )
            out.append(_failure_rows(result))
    out.append("## Your badge\n\n" + badge_snippet(adapter))
    out.append(history_section(history, adapter.name))
    out.append(generated_banner("a run of the adapter against the whole suite, at build time"))
    return "".join(out)


def adapter_pages(
    results: Sequence[AdapterResult],
    commit: str,
    when: datetime.datetime,
    history: Sequence[dict[str, object]] = (),
) -> dict[str, str]:
    """Every adapter's page, by its path in the site sources."""
    return {adapter_path(r.adapter): adapter_page(r, commit, when, history) for r in results}


# --- The history kept in the repository --------------------------------------------------


def load_history(root: Path) -> list[dict[str, object]]:
    """The recorded runs, oldest first (none when the file does not exist yet)."""
    path = root / HISTORY
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != HISTORY_FORMAT or not isinstance(data.get("runs"), list):
        raise ValueError(f"{HISTORY}: not a results history ({HISTORY_FORMAT})")
    return list(data["runs"])


def history_entry(
    results: Sequence[AdapterResult], commit: str, when: datetime.datetime
) -> dict[str, object]:
    """One run of every adapter, as the history records it."""
    adapters: list[dict[str, object]] = []
    for result in results:
        entry: dict[str, object] = {"name": result.adapter.name}
        if result.summary is None:
            entry["not_run"] = result.failure
        else:
            counts = result.summary.counts
            entry.update({key: counts[key] for key in ("pass", "fail", "error", "not_applicable")})
            entry["badge"] = reports.badge(result.summary)["message"]
        adapters.append(entry)
    return {
        "date": f"{when:%Y-%m-%d %H:%M}",
        "commit": commit,
        "suite": suite.suite_version(),
        "adapters": adapters,
    }


def record(root: Path, entry: dict[str, object]) -> Path:
    """Append a run to the history file (written whole, atomically)."""
    runs = [*load_history(root), entry]
    path = root / HISTORY
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(
        path, json.dumps({"format": HISTORY_FORMAT, "runs": runs}, indent=1) + "\n"
    )
    return path


def history_section(history: Sequence[dict[str, object]], adapter: str | None = None) -> str:
    """The recorded runs as a table, newest first (one adapter's, or every adapter's)."""
    title = "## History\n\n"
    if not history:
        return title + f"No run recorded yet in `{HISTORY.as_posix()}`.\n\n"
    rows = []
    for run in reversed(history):
        entries = run["adapters"]
        assert isinstance(entries, list)
        for entry in entries:
            if adapter is not None and entry["name"] != adapter:
                continue
            shown = entry.get("badge") or f"not run: {entry.get('not_run', '')}"
            rows.append(
                f"| {cell(run['date'])} | `{cell(run['commit'])}` | {cell(run['suite'])} | "
                f"{cell(entry['name'])} | {cell(shown)} |"
            )
    return (
        title + f"Recorded runs (`{HISTORY.as_posix()}`, appended by `tools/record_results.py`), "
        "newest first.\n\n"
        "| date (UTC) | commit | suite | adapter | result |\n|---|---|---|---|---|\n"
        + "\n".join(rows)
        + "\n\n"
    )
