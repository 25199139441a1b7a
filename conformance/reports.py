"""Reports of a conformance run: a JSON-lines stream, JUnit XML, Markdown, a badge, the console.

The JSON-lines report (``schema/report.schema.json``) is written as the run
goes: a ``header`` line (suite, runner, adapter), one ``case`` line per
outcome, flushed at once, and a ``footer`` line with the counts and the exit
code. The other reports are written at the end from the collected outcomes.
"""

from __future__ import annotations

import datetime
import json
import shlex
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any
from xml.sax.saxutils import escape, quoteattr

from fourhundred.conformance.kinds import json_text
from fourhundred.conformance.runner import STATUSES, Outcome

BAD = ("fail", "error", "unexpected_pass")


def now() -> str:
    """The time, UTC, ISO 8601."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class JsonLinesReport:
    """The streamed report: a line per outcome, flushed as it comes."""

    def __init__(self, path: str) -> None:
        try:
            self.stream: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        except OSError as error:
            from fourhundred.errors import UserError

            raise UserError(f"--report {path}: cannot write it: {error.strerror}") from None

    def header(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "header", **data})

    def outcome(self, outcome: Outcome) -> None:
        self._line(outcome.to_json())

    def footer(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "footer", **data})

    def _line(self, data: Mapping[str, Any]) -> None:
        self.stream.write(json.dumps(data, separators=(",", ":")) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def counts(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """Outcomes by status (every status present, zero or not)."""
    found = Counter(o.status for o in outcomes)
    return {status: found.get(status, 0) for status in STATUSES}


def exit_code(outcomes: Sequence[Outcome], aborted: bool) -> int:
    """0: conforming; 1: failures (or unexpected passes); 2: errors or a runner failure."""
    c = counts(outcomes)
    if aborted or c["error"]:
        return 2
    if c["fail"] or c["unexpected_pass"]:
        return 1
    return 0


def rerun_command(adapter: str | None, outcome: Outcome) -> str:
    """One command line that runs this case again, alone."""
    parts = ["fourhundred", "conformance", "run"]
    if adapter:
        parts += ["--adapter", adapter]
    parts += ["--id", outcome.run.id, "--variant", outcome.run.variant]
    return shlex.join(parts)


def counts_by(outcomes: Sequence[Outcome], key: str) -> dict[str, Counter[str]]:
    """Status counts by kind (``key`` is ``"kind"``) or by variant name (``"variant"``)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in outcomes:
        name = outcome.run.kind if key == "kind" else outcome.run.variant.split("(", 1)[0]
        table[name][outcome.status] += 1
    return dict(table)


def junit_xml(outcomes: Sequence[Outcome], suite_name: str, adapter: str | None) -> str:
    """JUnit XML: one testsuite per kind, one testcase per run."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    total = counts(outcomes)
    lines.append(
        f'<testsuites name={quoteattr(suite_name)} tests="{len(outcomes)}" '
        f'failures="{total["fail"] + total["unexpected_pass"]}" errors="{total["error"]}">'
    )
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_kind[outcome.run.kind].append(outcome)
    for kind, group in by_kind.items():
        c = counts(group)
        skipped = c["skip"] + c["not_applicable"] + c["known_failure"]
        lines.append(
            f'  <testsuite name={quoteattr(kind)} tests="{len(group)}" failures="{c["fail"] + c["unexpected_pass"]}" '
            f'errors="{c["error"]}" skipped="{skipped}">'
        )
        for outcome in group:
            run = outcome.run
            lines.append(
                f"    <testcase classname={quoteattr(kind + '.' + run.variant)} name={quoteattr(run.id)} "
                f'time="{outcome.seconds:.6f}">'
            )
            detail = (
                f"{run.case['description']}\nrules: {', '.join(run.case['rules'])}\n"
                f"input: {json_text(run.case['input'], 2000)}\nexpected: {json_text(run.case['expected'], 2000)}\n"
                f"actual: {json_text(outcome.actual, 2000)}\nrerun: {rerun_command(adapter, outcome)}"
            )
            if outcome.stderr:
                detail += f"\nstderr:\n{outcome.stderr}"
            if outcome.status in ("fail", "unexpected_pass"):
                lines.append(
                    f"      <failure message={quoteattr(outcome.message[:500])}>{escape(detail)}</failure>"
                )
            elif outcome.status == "error":
                lines.append(
                    f"      <error message={quoteattr(outcome.message[:500])}>{escape(detail)}</error>"
                )
            elif outcome.status in ("skip", "not_applicable", "known_failure"):
                reason = outcome.message or outcome.status.replace("_", " ")
                lines.append(f"      <skipped message={quoteattr(reason[:500])}/>")
            lines.append("    </testcase>")
        lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return "\n".join(lines) + "\n"


def markdown(
    outcomes: Sequence[Outcome], header: Mapping[str, Any], adapter: str | None, shown: int = 50
) -> str:
    """A Markdown summary: totals, a table by kind and by variant, the failures."""
    c = counts(outcomes)
    impl = header.get("implementation", {})
    out = [
        f"# Conformance of {impl.get('name', '?')} {impl.get('version', '')} ({impl.get('language', '?')})",
        "",
        f"Suite {header.get('suite_version')}, run {header.get('started')}: "
        f"**{c['pass']} passed**, {c['fail']} failed, {c['error']} errored, {c['skip']} skipped, "
        f"{c['not_applicable']} not applicable, {c['known_failure']} known failures, "
        f"{c['unexpected_pass']} unexpected passes.",
        "",
    ]
    columns = (
        "pass",
        "fail",
        "error",
        "skip",
        "not_applicable",
        "known_failure",
        "unexpected_pass",
    )
    for title, key in (("By kind", "kind"), ("By variant", "variant")):
        out += [
            f"## {title}",
            "",
            "| " + key + " | " + " | ".join(columns) + " |",
            "|---" * (len(columns) + 1) + "|",
        ]
        for name, row in sorted(counts_by(outcomes, key).items()):
            out.append(f"| {name} | " + " | ".join(str(row.get(s, 0)) for s in columns) + " |")
        out.append("")
    bad = [o for o in outcomes if o.status in BAD]
    if bad:
        out += ["## Failures", ""]
        for outcome in bad[:shown]:
            run = outcome.run
            out += [
                f"### `{run.id}` under `{run.variant}` ({outcome.status})",
                "",
                f"{run.case['description']}. Rules: {', '.join(run.case['rules'])}.",
                "",
                f"- problem: {outcome.message}",
                f"- input: `{json_text(run.case['input'])}`",
                f"- expected: `{json_text(run.case['expected'])}`",
                f"- actual: `{json_text(outcome.actual)}`",
                f"- rerun: `{rerun_command(adapter, outcome)}`",
                "",
            ]
        if len(bad) > shown:
            out.append(f"... and {len(bad) - shown} more (see the JSON-lines report).")
    return "\n".join(out) + "\n"


def badge(outcomes: Sequence[Outcome], label: str = "400 conformance") -> dict[str, Any]:
    """A shields.io endpoint badge: passed / applicable runs."""
    c = counts(outcomes)
    applicable = len(outcomes) - c["not_applicable"]
    passed = c["pass"]
    ratio = passed / applicable if applicable else 0.0
    color = (
        "brightgreen"
        if ratio == 1.0
        else "yellow"
        if ratio >= 0.9
        else "orange"
        if ratio >= 0.5
        else "red"
    )
    return {
        "schemaVersion": 1,
        "label": label,
        "message": f"{passed}/{applicable} passed",
        "color": color,
    }


def write_text(path: str, text: str) -> None:
    """Write a report file (its folder must exist)."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        from fourhundred.errors import UserError

        raise UserError(f"{path}: cannot write it: {error.strerror}") from None
