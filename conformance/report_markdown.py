"""The Markdown report of a conformance run: counts, what was not applicable and why,
the ``## Diagnosis`` (one section per cause), then the failures, each with its cause,
the conventions of ADAPTERS.md it may come from, its answers and rerun command.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance.conventions import conventions_of
from fourhundred.conformance.diagnosis_result import Diagnosis
from fourhundred.conformance.kinds import json_text
from fourhundred.conformance.report_console import diagnosis_lines_of, diagnosis_summary
from fourhundred.conformance.report_summary import (
    BAD,
    Rerun,
    RunSummary,
    counts,
    declared_counts,
    derived_counts,
    divergence_position,
    evidence,
    not_applicable_text,
    nothing_checked_reason,
    undeclared_text,
)
from fourhundred.safeio import (
    markdown_code,
    markdown_text,
)


def markdown(summary: RunSummary, header: Mapping[str, Any], rerun: Rerun, shown: int = 50) -> str:
    """A Markdown summary: completeness first, totals, a table by kind and by
    variant, the failures. Every outside text is escaped (:func:`markdown_text`)."""
    outcomes = summary.outcomes
    c = counts(outcomes)
    impl = header.get("implementation", {})
    title = " ".join(str(impl.get(key, "?")) for key in ("name", "version"))
    out = [
        f"# Conformance of {markdown_text(title)} ({markdown_text(str(impl.get('language', '?')))})",
        "",
    ]
    if not summary.complete:
        out += [f"**INCOMPLETE RUN**: {markdown_text(summary.incomplete_text())}.", ""]
    nothing = nothing_checked_reason(summary)
    if nothing:
        out += [f"**NOTHING CHECKED**: {markdown_text(nothing)}.", ""]
    out += [
        f"Suite {markdown_text(str(header.get('suite_version')))}, run "
        f"{markdown_text(str(header.get('started')))}: "
        f"**{c['pass']} passed**, {c['fail']} failed, {c['error']} errored, {c['skip']} skipped, "
        f"{c['not_applicable']} not applicable, {c['known_failure']} known failures, "
        f"{c['unexpected_pass']} unexpected passes"
        + (f", **{len(summary.not_run)} not run**" if summary.not_run else "")
        + f" (of {summary.planned} planned).",
        "",
    ]
    derived = derived_counts(outcomes)
    if derived:
        out += [
            f"Of these, derived expectations (exact settings, computed by the reference): "
            f"{derived['pass']} passed, {derived['fail']} failed, {derived['error']} errored, "
            f"{derived['skip']} skipped.",
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
    for title_text, key in (("By kind", "kind"), ("By variant", "variant")):
        out += [
            f"## {title_text}",
            "",
            "| " + key + " | " + " | ".join(columns) + " |",
            "|---" * (len(columns) + 1) + "|",
        ]
        rows, undeclared = declared_counts(outcomes, key)
        for name, row in sorted(rows.items()):
            out.append(
                f"| {markdown_text(name)} | "
                + " | ".join(str(row.get(s, 0)) for s in columns)
                + " |"
            )
        out.append("")
        if undeclared:
            out += [markdown_text(undeclared_text(undeclared, outcomes, key)) + ".", ""]
    why = not_applicable_text(outcomes)
    if why:
        out += [markdown_text(why) + ".", ""]
    out += markdown_diagnosis(summary.diagnosis)
    causes = summary.diagnosis.cause_of()
    bad = [o for o in outcomes if o.status in BAD]
    if bad:
        out += ["## Failures", ""]
        for outcome in bad[:shown]:
            run = outcome.run
            seen = evidence(outcome)
            out += [
                f"### {markdown_code(run.id)} under {markdown_code(run.variant)} ({outcome.status}"
                + (", derived expectation)" if run.derived else ")"),
                "",
                f"{markdown_text(str(run.case['description']))}. "
                f"Rules: {markdown_text(', '.join(run.case['rules']))}.",
                "",
                f"- problem: {markdown_text(outcome.message)}",
                *(
                    [f"- diverged {markdown_code(divergence_position(outcome))}"]
                    if divergence_position(outcome)
                    else []
                ),
                *(
                    [f"- cause: {markdown_code(causes.get(outcome.key, 'unexplained'))}"]
                    if outcome.status == "fail" and not summary.diagnosis.empty
                    else []
                ),
                *(
                    f"- convention: [{markdown_code(c.id)}]({c.link}): {markdown_text(c.says)}"
                    for c in conventions_of(outcome)
                ),
                f"- input: {markdown_code(json_text(run.case['input']))}",
                f"- expected: {markdown_code(json_text(run.case['expected']))}",
                f"- actual: {markdown_code(json_text(seen.actual))}",
                *(
                    [f"- traceback: {markdown_code(seen.traceback.strip().splitlines()[-1])}"]
                    if seen.traceback
                    else []
                ),
                f"- rerun: {markdown_code(rerun.command(outcome))}",
                "",
            ]
        if len(bad) > shown:
            out.append(f"... and {len(bad) - shown} more (see the JSON-lines report).")
    return "\n".join(out) + "\n"


def markdown_diagnosis(diagnosis: Diagnosis) -> list[str]:
    """The Markdown ``## Diagnosis`` section (empty when nothing failed)."""
    if diagnosis.empty:
        return []
    out = ["## Diagnosis", "", markdown_text(diagnosis_summary(diagnosis)) + ".", ""]
    for number, cause in enumerate(diagnosis.causes, 1):
        out += [f"### Cause {number}: {markdown_code(cause.point)} ({cause.match} match)", ""]
        out += [f"- {markdown_text(line)}" for line in diagnosis_lines_of(cause)]
        out.append("")
    if diagnosis.unexplained:
        out += [
            f"### Unexplained ({len(diagnosis.unexplained)})",
            "",
            ", ".join(markdown_code(key) for key in diagnosis.unexplained),
            "",
        ]
    return out
