"""Reports of a conformance run: a JSON-lines stream, JUnit XML, Markdown, a badge, the console.

The JSON-lines report (``schema/report.schema.json``) is written as the run
goes: a ``header`` line (suite, runner, adapter), one ``case`` line per
outcome, flushed at once, and a ``footer`` line with the counts, the exit
code and whether the run was complete. It is streamed, not written
atomically, so that a run killed outright keeps every case it finished; a
report without a footer is the record of a run that never ended. The other
reports (JUnit, Markdown, badge, baseline) are written at the end, each
atomically (:func:`fourhundred.safeio.write_text_atomically`), from one
:class:`RunSummary`.

**Incomplete runs.** A run is incomplete when some planned runs have no
outcome: the adapter could not be restarted, the user pressed Ctrl-C, or
``--fail-fast`` stopped it. Every report says so and how many runs were not
run and why: the console and the Markdown in words, the JSON footer in
``complete``/``not_run``/``incomplete_reason``, the badge in its message and
colour (never green), and JUnit counts each run that was not run as an
``<error type="not_run">`` test case (errors, not skips: a CI job must not
pass on them). A baseline is written only from a complete run.

**Nothing checked.** A complete run in which no case was judged (every run
not applicable or skipped) is not a pass: :func:`exit_code` gives 2 and
:func:`nothing_checked_reason` says why.

**What each report leaves out.** Runs of a kind or variant the adapter did not
declare at all are one line ("not declared by the adapter: …") on the console
and in the Markdown, not rows of zeros, and in JUnit a count in each suite's
properties, not a ``<skipped>`` test case each (the JSON-lines report keeps
every run). An adapter's traceback is shown once (:func:`evidence`). Every
failure carries a command that reruns it alone with every option that
decides its outcome (:class:`Rerun`).

Outside text (adapter names, messages, stderr, case descriptions and ids from
user case files) is escaped for each medium: XML (:func:`~fourhundred.safeio.xml_text`),
Markdown (:func:`~fourhundred.safeio.markdown_text`) and the JSON stream,
which never holds ``NaN`` or ``Infinity`` (:func:`finite`).

This module is the one import of them all (``fourhundred.conformance.reports``);
each format is a module of its own: what every report is made from
(:mod:`~fourhundred.conformance.report_summary`), the console's plain lines of the
diagnosis (:mod:`~fourhundred.conformance.report_console`), the JSON lines
(:mod:`~fourhundred.conformance.report_jsonl`), JUnit
(:mod:`~fourhundred.conformance.report_junit`) and Markdown
(:mod:`~fourhundred.conformance.report_markdown`).
"""

from __future__ import annotations

from fourhundred.conformance.report_console import (
    diagnosis_lines_of,
    diagnosis_summary,
    diagnosis_text,
)
from fourhundred.conformance.report_jsonl import (
    JsonLinesReport,
    finite,
    json_line,
)
from fourhundred.conformance.report_junit import (
    junit_xml,
)
from fourhundred.conformance.report_markdown import (
    markdown,
    markdown_diagnosis,
)
from fourhundred.conformance.report_summary import (
    BAD,
    FAIL_FAST_REASON,
    POSITION_SHOWN,
    UNCHECKED,
    UNFINISHED_REASON,
    Evidence,
    Rerun,
    RunSummary,
    badge,
    baseline_text,
    counts,
    counts_by,
    declared_counts,
    derived_counts,
    divergence_position,
    evidence,
    exit_code,
    not_applicable_text,
    nothing_checked_reason,
    now,
    read_baseline,
    slow_per_action_hint,
    undeclared_text,
)

__all__ = [
    "BAD",
    "FAIL_FAST_REASON",
    "POSITION_SHOWN",
    "UNCHECKED",
    "UNFINISHED_REASON",
    "Evidence",
    "JsonLinesReport",
    "Rerun",
    "RunSummary",
    "badge",
    "baseline_text",
    "counts",
    "counts_by",
    "declared_counts",
    "derived_counts",
    "diagnosis_lines_of",
    "diagnosis_summary",
    "diagnosis_text",
    "divergence_position",
    "evidence",
    "exit_code",
    "finite",
    "json_line",
    "junit_xml",
    "markdown",
    "markdown_diagnosis",
    "not_applicable_text",
    "nothing_checked_reason",
    "now",
    "read_baseline",
    "slow_per_action_hint",
    "undeclared_text",
]
