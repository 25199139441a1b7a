"""The JUnit XML report of a conformance run: a ``diagnosis`` testsuite (one testcase
per cause, and the unexplained failures), then a testsuite per kind, each failure
with its cause, the conventions it may come from, its input, answers and rerun.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from fourhundred.conformance.conventions import convention_lines
from fourhundred.conformance.diagnosis_result import Diagnosis
from fourhundred.conformance.kinds import json_text
from fourhundred.conformance.report_console import diagnosis_lines_of
from fourhundred.conformance.report_summary import Rerun, RunSummary, counts, evidence
from fourhundred.conformance.runner import Outcome
from fourhundred.conformance.suite import Run
from fourhundred.safeio import (
    block_lines,
    inline_text,
    xml_text,
)


def junit_xml(summary: RunSummary, suite_name: str, rerun: Rerun) -> str:
    """JUnit XML: one testsuite per kind, one testcase per run sent to the
    adapter. Runs not applicable (never sent) are not test cases: each suite
    counts them in a ``not_applicable`` property. Every run that was not run is
    a testcase with an ``<error type="not_run">`` saying why, so the totals
    count it and no CI treats an incomplete run as green."""
    outcomes = summary.outcomes
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    total = counts(outcomes)
    not_run = len(summary.not_run)
    sent = len(outcomes) - total["not_applicable"]
    groups = len(summary.diagnosis.causes) + bool(summary.diagnosis.unexplained)
    lines.append(
        f'<testsuites name={_attribute(suite_name)} tests="{sent + not_run + groups}" '
        f'failures="{total["fail"] + total["unexpected_pass"] + groups}" '
        f'errors="{total["error"] + not_run}">'
    )
    causes = summary.diagnosis.cause_of()
    lines += _junit_diagnosis(summary.diagnosis, outcomes)
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    missing_by_kind: dict[str, list[Run]] = defaultdict(list)
    for outcome in outcomes:
        by_kind[outcome.run.kind].append(outcome)
    for run in summary.not_run:
        missing_by_kind[run.kind].append(run)
    for kind in dict.fromkeys([*by_kind, *missing_by_kind]):
        group, missing = by_kind.get(kind, []), missing_by_kind.get(kind, [])
        c = counts(group)
        skipped = c["skip"] + c["known_failure"]
        lines.append(
            f"  <testsuite name={_attribute(kind)} "
            f'tests="{len(group) - c["not_applicable"] + len(missing)}" '
            f'failures="{c["fail"] + c["unexpected_pass"]}" '
            f'errors="{c["error"] + len(missing)}" skipped="{skipped}">'
        )
        if c["not_applicable"]:
            lines += [
                "    <properties>",
                f'      <property name="not_applicable" value="{c["not_applicable"]}"/>',
                "    </properties>",
            ]
        for outcome in group:
            if outcome.status != "not_applicable":
                lines += _junit_case(outcome, rerun, causes.get(outcome.key))
        for run in missing:
            reason = f"not run: {summary.incomplete_reason}"
            lines += [
                f"    <testcase classname={_attribute(kind + '.' + run.variant)} "
                f'name={_attribute(run.id)} time="0">',
                f'      <error type="not_run" message={_attribute(reason)}/>',
                "    </testcase>",
            ]
        lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return "\n".join(lines) + "\n"


def _attribute(text: str) -> str:
    """Outside text as a quoted XML attribute of one line (at most 500 characters;
    newlines and control characters escaped, :func:`~fourhundred.safeio.inline_text`)."""
    return quoteattr(xml_text(inline_text(text[:500])))


def _junit_diagnosis(diagnosis: Diagnosis, outcomes: Sequence[Outcome]) -> list[str]:
    """The ``diagnosis`` testsuite: one failing testcase per cause (its rule, citation,
    match and every failing run it explains) and one for the unexplained failures,
    so a CI page lists the broken rules before the cases; none for a run without
    failures."""
    groups = len(diagnosis.causes) + bool(diagnosis.unexplained)
    if not groups:
        return []
    lines = [
        f'  <testsuite name="diagnosis" tests="{groups}" failures="{groups}" errors="0" '
        'skipped="0">'
    ]
    for cause in diagnosis.causes:
        message = (
            f"{cause.point}: {cause.rule} (explains {len(cause.explains)}, {cause.match} match)"
        )
        body = "\n".join(diagnosis_lines_of(cause)) + "\nexplains:\n" + "\n".join(cause.explains)
        lines += [
            f'    <testcase classname="diagnosis" name={_attribute(cause.point)} time="0">',
            f"      <failure message={_attribute(message)}>{escape(xml_text(body))}</failure>",
            "    </testcase>",
        ]
    if diagnosis.unexplained:
        message = f"{len(diagnosis.unexplained)} failures no rule point explains"
        body = "\n".join(diagnosis.unexplained)
        lines += [
            '    <testcase classname="diagnosis" name="unexplained" time="0">',
            f"      <failure message={_attribute(message)}>{escape(xml_text(body))}</failure>",
            "    </testcase>",
        ]
    lines.append("  </testsuite>")
    return lines


def _junit_case(outcome: Outcome, rerun: Rerun, cause: str | None = None) -> list[str]:
    run = outcome.run
    shown = evidence(outcome)
    lines = [
        f"    <testcase classname={_attribute(run.kind + '.' + run.variant)} name={_attribute(run.id)} "
        f'time="{outcome.seconds:.6f}">'
    ]
    if outcome.status == "pass":  # nothing to show (and a kept pass has no case to show)
        return [*lines, "    </testcase>"]
    detail = (
        f"{inline_text(run.case['description'])}\nrules: {inline_text(', '.join(run.case['rules']))}\n"
        f"input: {json_text(run.case['input'], 2000)}\n"
        f"expected{' (derived by the reference)' if run.derived else ''}: "
        f"{json_text(run.case['expected'], 2000)}\n"
        f"actual: {json_text(shown.actual, 2000)}\nrerun: {inline_text(rerun.command(outcome))}"
    )
    if outcome.status == "fail":
        settled = "".join(f"{inline_text(line)}\n" for line in convention_lines(outcome))
        detail = f"cause: {inline_text(cause or 'unexplained')}\n" + settled + detail
    # The adapter's lines, each escaped and indented: none can pass for the report's own.
    if shown.traceback:
        detail += "\ntraceback (from the adapter's answer):\n"
        detail += "\n".join(block_lines(shown.traceback, limit=2000))
    if shown.stderr:
        detail += "\nstderr:\n" + "\n".join(block_lines(shown.stderr, limit=2000))
    body = escape(xml_text(detail))
    if outcome.status in ("fail", "unexpected_pass"):
        lines.append(f"      <failure message={_attribute(outcome.message)}>{body}</failure>")
    elif outcome.status == "error":
        lines.append(f"      <error message={_attribute(outcome.message)}>{body}</error>")
    elif outcome.status in ("skip", "known_failure"):
        reason = outcome.message or outcome.status.replace("_", " ")
        lines.append(f"      <skipped message={_attribute(reason)}/>")
    lines.append("    </testcase>")
    return lines
