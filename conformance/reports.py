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
"""

from __future__ import annotations

import datetime
import json
import math
import shlex
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any
from xml.sax.saxutils import escape, quoteattr

from fourhundred.conformance.conventions import convention_lines, conventions_of
from fourhundred.conformance.diagnosis import Cause, Diagnosis
from fourhundred.conformance.kinds import json_text
from fourhundred.conformance.outcomes import Reason
from fourhundred.conformance.runner import STATUSES, Outcome
from fourhundred.conformance.suite import Run
from fourhundred.errors import UserError
from fourhundred.safeio import (
    block_lines,
    inline_text,
    markdown_code,
    markdown_text,
    parse_json,
    read_bytes,
    xml_text,
)

BAD = ("fail", "error", "unexpected_pass")
#: Statuses that mean a case was not judged (so a run of only these checked nothing).
UNCHECKED = ("skip", "not_applicable")


@dataclass(frozen=True)
class RunSummary:
    """What every report of a run is written from: the outcomes, how many runs
    were planned, the planned runs that got no outcome, and why the run stopped
    early (``None``: it was not stopped).

    The runner says nothing about planned-but-not-run cases today; the command
    computes them (:meth:`of`): every planned run without an outcome.
    """

    outcomes: tuple[Outcome, ...]
    planned: int
    not_run: tuple[Run, ...] = ()
    incomplete_reason: str | None = None
    #: The causes of the failures (:mod:`fourhundred.conformance.diagnosis`).
    diagnosis: Diagnosis = field(default_factory=Diagnosis)

    @classmethod
    def of(
        cls,
        outcomes: Sequence[Outcome],
        planned: Sequence[Run],
        reason: str | None = None,
        diagnosis: Diagnosis | None = None,
    ) -> RunSummary:
        """The summary of a run of ``planned`` that produced ``outcomes``; ``reason``
        is why it stopped early, if it did (a reason is invented if runs are
        missing without one, so an incomplete run is never unexplained);
        ``diagnosis``: the causes of its failures (none given: no diagnosis)."""
        done = Counter(outcome.key for outcome in outcomes)
        missing = []
        for run in planned:
            if done[run.key]:
                done[run.key] -= 1
            else:
                missing.append(run)
        if missing and not reason:
            reason = "the run ended before every case had an outcome"
        return cls(
            tuple(outcomes), len(planned), tuple(missing), reason or None, diagnosis or Diagnosis()
        )

    @property
    def complete(self) -> bool:
        """Whether every planned run has an outcome and nothing stopped the run."""
        return not self.not_run and self.incomplete_reason is None

    @property
    def counts(self) -> dict[str, int]:
        return counts(self.outcomes)

    @property
    def checked(self) -> int:
        """Runs actually judged (neither skipped nor not applicable)."""
        return sum(1 for outcome in self.outcomes if outcome.status not in UNCHECKED)

    def incomplete_text(self) -> str:
        """``"incomplete: N of M planned runs not run (why)"``, or ``""`` for a complete run."""
        if self.complete:
            return ""
        return (
            f"incomplete: {len(self.not_run)} of {self.planned} planned runs not run "
            f"({self.incomplete_reason})"
        )

    def footer(self) -> dict[str, Any]:
        """The completeness and diagnosis fields of the JSON-lines footer."""
        data: dict[str, Any] = {
            "planned": self.planned,
            "complete": self.complete,
            "not_run": len(self.not_run),
        }
        if self.incomplete_reason:
            data["incomplete_reason"] = self.incomplete_reason
        return {**data, **self.diagnosis.footer()}


def nothing_checked_reason(summary: RunSummary) -> str | None:
    """Why a complete run checked nothing (``None``: it checked something)."""
    if summary.checked or not summary.complete:
        return None
    c = summary.counts
    return (
        f"nothing was checked: of {summary.planned} runs, {c['not_applicable']} were not "
        f"applicable (kinds or variants the adapter did not declare) and {c['skip']} were "
        "skipped by the adapter"
    )


def now() -> str:
    """The time, UTC, ISO 8601."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class JsonLinesReport:
    """The streamed report: a line per outcome, flushed as it comes.

    A write that fails mid-run (a full disk) does not stop the run: the report
    stops, :attr:`failure` says why, and the command reports it at the end.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.failure: str | None = None
        try:
            self.stream: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        except OSError as error:
            raise UserError(f"--report {path}: cannot write it: {error.strerror}") from None

    def header(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "header", **data})

    def outcome(self, outcome: Outcome) -> None:
        found = conventions_of(outcome)
        extra = {"conventions": [c.id for c in found]} if found else {}
        self._line({**outcome.to_json(), **extra})

    def footer(self, data: Mapping[str, Any]) -> None:
        self._line({"type": "footer", **data})

    def _line(self, data: Mapping[str, Any]) -> None:
        if self.failure:
            return
        try:
            self.stream.write(json_line(data) + "\n")
            self.stream.flush()
        except OSError as error:
            self.failure = f"--report {self.path}: cannot write it: {error.strerror}"

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError as error:
            self.failure = (
                self.failure or f"--report {self.path}: cannot write it: {error.strerror}"
            )


def finite(value: Any) -> Any:
    """``value`` with every non-finite float (``NaN``, ``Infinity``, which JSON
    cannot hold) replaced by its name as a string; iterative, so no nesting
    exhausts the stack."""
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if not isinstance(value, dict | list | tuple):
        return value
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(value, root, 0)]
    while stack:
        item, parent, slot = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            parent[slot] = repr(item)
        elif isinstance(item, dict):
            copy: dict[Any, Any] = dict(item)
            parent[slot] = copy
            stack.extend((child, copy, key) for key, child in item.items())
        elif isinstance(item, list | tuple):
            items = list(item)
            parent[slot] = items
            stack.extend((child, items, index) for index, child in enumerate(item))
        else:
            parent[slot] = item
    return root[0]


def json_line(data: Mapping[str, Any]) -> str:
    """One line of the JSON-lines report: strict JSON (``allow_nan=False``);
    a value nested too deeply to write is replaced by a note saying so."""
    clean = finite(dict(data))
    try:
        return json.dumps(clean, separators=(",", ":"), allow_nan=False)
    except RecursionError:
        if "actual" in clean:
            clean["actual"] = "(not written: nested too deeply)"
        return json.dumps(clean, separators=(",", ":"), allow_nan=False)


def counts(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """Outcomes by status (every status present, zero or not)."""
    found = Counter(o.status for o in outcomes)
    return {status: found.get(status, 0) for status in STATUSES}


def derived_counts(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """The derived runs' outcomes by status (:func:`counts`; runs under an exact
    setting whose expectation the reference computed, ``ADAPTERS.md``, "Derived
    expectations"); empty when no derived run took place."""
    derived = [outcome for outcome in outcomes if outcome.run.derived]
    return counts(derived) if derived else {}


#: Why a run stopped that was asked to stop: its exit status stays that of its outcomes.
FAIL_FAST_REASON = "stopped at the first failure (--fail-fast)"
#: What the reports written at the start of a run say until it ends (all they
#: say if the runner is killed outright): a report of an earlier run never stays.
UNFINISHED_REASON = "the run has not finished, or was killed before it could report"


def exit_code(summary: RunSummary) -> int:
    """0: conforming; 1: failures (or unexpected passes); 2: errors, a runner
    failure, an incomplete run (unless ``--fail-fast`` stopped it, which already
    has a failure to show) or a run that checked nothing."""
    c = summary.counts
    stopped_on_request = summary.incomplete_reason == FAIL_FAST_REASON
    if c["error"] or (not summary.complete and not stopped_on_request):
        return 2
    if c["fail"] or c["unexpected_pass"]:
        return 1
    if nothing_checked_reason(summary):
        return 2
    return 0


@dataclass(frozen=True)
class Rerun:
    """The options of a run that a rerun of one of its cases must repeat to get
    the same outcome: the adapter, the cases (``--cases``), the timeout, the
    baseline, the protocol check; :meth:`command` adds the case's id and variant."""

    options: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        adapter: str | None = None,
        cases: str | None = None,
        timeout: float | None = None,
        baseline: str | None = None,
        validate: bool = False,
    ) -> Rerun:
        """The options to repeat; ``None``/``False`` for an option left at its default."""
        options: list[str] = []
        if adapter:
            options += ["--adapter", adapter]
        if cases:
            options += ["--cases", cases]
        if timeout is not None:
            options += ["--timeout", f"{timeout:g}"]
        if baseline:
            options += ["--baseline", baseline]
        if validate:
            options += ["--validate-protocol"]
        return cls(tuple(options))

    def command(self, outcome: Outcome) -> str:
        """One command line that runs this case again, alone."""
        from fourhundred.invocation import program

        parts = [*program(), "conformance", "run", *self.options]
        parts += ["--id", outcome.run.id, "--variant", outcome.run.variant]
        return shlex.join(parts)


@dataclass(frozen=True)
class Evidence:
    """What a report shows of an outcome beyond its message: the answer, the
    adapter's traceback and its standard error, each once. An ``errored``
    answer's ``message`` is the outcome's message already and its
    ``traceback`` is shown as such, so neither is repeated in ``actual``; when
    the answer carries a traceback, the standard error (which holds the same
    traceback, and the tail of other cases' output) is left to the JSON-lines
    report."""

    actual: Any
    traceback: str
    stderr: str


def evidence(outcome: Outcome) -> Evidence:
    """The :class:`Evidence` of ``outcome``."""
    answer = outcome.actual
    if outcome.reason != Reason.ERRORED or not isinstance(answer, dict):
        return Evidence(answer, "", outcome.stderr)
    trace = answer.get("traceback")
    shown = ("message", "traceback") if isinstance(trace, str) and trace.strip() else ("message",)
    rest = {key: value for key, value in answer.items() if key not in shown}
    if "traceback" in shown:
        return Evidence(rest or None, str(trace), "")
    return Evidence(rest or None, "", outcome.stderr)


def counts_by(outcomes: Sequence[Outcome], key: str) -> dict[str, Counter[str]]:
    """Status counts by kind (``key`` is ``"kind"``) or by variant name (``"variant"``)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in outcomes:
        name = outcome.run.kind if key == "kind" else outcome.run.variant.split("(", 1)[0]
        table[name][outcome.status] += 1
    return dict(table)


def declared_counts(
    outcomes: Sequence[Outcome], key: str
) -> tuple[dict[str, Counter[str]], tuple[str, ...]]:
    """:func:`counts_by` less the kinds or variants the adapter did not declare
    (every run of them not applicable), and those names, sorted."""
    table = counts_by(outcomes, key)
    undeclared = tuple(
        sorted(name for name, row in table.items() if set(row) == {"not_applicable"})
    )
    return {name: row for name, row in table.items() if name not in undeclared}, undeclared


def undeclared_text(names: Sequence[str], outcomes: Sequence[Outcome], key: str) -> str:
    """The one line that stands for the rows of undeclared kinds or variants."""
    table = counts_by(outcomes, key)
    runs = sum(table[name]["not_applicable"] for name in names)
    what = "kinds" if key == "kind" else "variants"
    return f"{what} not declared by the adapter ({runs} runs not applicable): {', '.join(names)}"


#: How much of a divergence position the console shows (the Markdown report has it whole).
POSITION_SHOWN = 300


def divergence_position(outcome: Outcome) -> str:
    """For a failing whole game: where it diverged, as the reference's position just
    before that action in the one-line notation (phase, dealer, scores, target,
    hands, bids, tricks, the trick so far, who acts, hand number), prefixed with the
    action index; ``""`` for any other outcome."""
    from fourhundred.conformance import compare, kinds
    from fourhundred.reference.engine import IllegalAction, Reference
    from fourhundred.reference.notation import to_notation
    from fourhundred.reference.transcript import apply_text
    from fourhundred.spec.registry import load

    run = outcome.run
    if run.kind != "whole_game" or outcome.status != "fail":
        return ""
    differences = compare.compare(run.kind, run.case["expected"], outcome.actual)
    starts = [d.action for d in differences if d.action is not None]
    if not starts:
        return ""
    index = min(starts)
    try:
        state = kinds.start_of(Reference.of(load(run.variant)), run.case["input"])
        for text in run.case["input"]["actions"][:index]:
            try:
                state = apply_text(state, text)
            except IllegalAction:
                continue
    except Exception:  # a case the reference cannot replay has no position to show
        return ""
    return f"before action {index}: {to_notation(state)}"


def not_applicable_text(outcomes: Sequence[Outcome]) -> str:
    """Why runs were not applicable, with the count of each reason (a kind, a variant,
    an option setting or positions not declared), or ``""`` when every run applied."""
    reasons = Counter(
        o.message or "not applicable" for o in outcomes if o.status == "not_applicable"
    )
    if not reasons:
        return ""
    parts = ", ".join(f"{count} {reason}" for reason, count in reasons.most_common())
    return f"not applicable: {sum(reasons.values())} runs ({parts})"


def slow_per_action_hint(outcomes: Sequence[Outcome], timeout: float | None = None) -> str:
    """A hint when whole games time out while the one-question kinds are answered in
    time: the adapter (or its engine) may be slow per action, e.g. re-hashing a
    growing state after every action; ``""`` otherwise."""
    games = [o for o in outcomes if o.run.kind == "whole_game" and o.reason == Reason.TIMED_OUT]
    quick = [o for o in outcomes if o.run.kind != "whole_game" and o.status in ("pass", "fail")]
    if not games or not quick:
        return ""
    limit = f" (--timeout {timeout:g} s a case)" if timeout is not None else ""
    return (
        f"{len(games)} whole games timed out{limit} while {len(quick)} one-question cases "
        "were answered in time: the adapter may be slow per action (a game is a few "
        "hundred actions; an engine that copies or re-hashes its whole state after each "
        "one is slow here); time one game's actions, or raise --timeout"
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


def diagnosis_lines_of(cause: Cause) -> list[str]:
    """One cause as plain lines: the rule, its citation, the wrong reading, how many
    failures it explains and how (exact or by cases), its smallest examples."""
    how = (
        f"exact: {cause.exact} with the engine's very answer"
        if cause.match == "exact"
        else "cases: its mutant fails the same runs, with other answers (weaker evidence)"
    )
    lines = [
        f"rule: {cause.rule}",
        f"cites: {cause.cites}",
        f"the engine, it seems: {cause.wrong}",
        f"explains {len(cause.explains)} failures ({how})",
        f"smallest: {', '.join(cause.examples)}",
    ]
    if cause.members:
        shown = ", ".join(cause.members[:8])
        more = len(cause.members) - 8
        lines.append(
            f"one rule at {len(cause.members)} points: {shown}"
            + (f" and {more} more" if more > 0 else "")
        )
    if cause.alike:
        lines.append(f"equally explained by: {', '.join(cause.alike[:5])}")
    return lines


def diagnosis_summary(diagnosis: Diagnosis) -> str:
    """The diagnosis's first line: how many causes, how many failures left unexplained."""
    causes = len(diagnosis.causes)
    return (
        f"diagnosis: {causes} {'cause' if causes == 1 else 'causes'} (broken rules), "
        f"{len(diagnosis.unexplained)} failures unexplained"
        + (f" ({diagnosis.note})" if diagnosis.note else "")
    )


def diagnosis_text(diagnosis: Diagnosis) -> list[str]:
    """The diagnosis as plain lines (the console's): one block per cause, then the
    unexplained failures; empty when nothing failed."""
    if diagnosis.empty:
        return []
    lines = [diagnosis_summary(diagnosis)]
    for number, cause in enumerate(diagnosis.causes, 1):
        lines.append(f"CAUSE {number}: {cause.point} [{cause.match}]")
        lines += [f"  {line}" for line in diagnosis_lines_of(cause)]
    if diagnosis.unexplained:
        shown = diagnosis.unexplained[:10]
        more = len(diagnosis.unexplained) - len(shown)
        lines.append(
            f"UNEXPLAINED ({len(diagnosis.unexplained)}): {', '.join(shown)}"
            + (f" and {more} more" if more else "")
        )
    return lines


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


def badge(summary: RunSummary, label: str = "400 conformance") -> dict[str, Any]:
    """A shields.io endpoint badge: passed / applicable runs. An incomplete run
    says how many runs were not run and is red; a run that checked nothing is
    grey; only a complete run with every applicable run passed is green."""
    c = summary.counts
    applicable = len(summary.outcomes) - c["not_applicable"] + len(summary.not_run)
    passed = c["pass"]
    message = f"{passed}/{applicable} passed"
    if not summary.complete:
        return {
            "schemaVersion": 1,
            "label": label,
            "message": f"{message}, incomplete ({len(summary.not_run)} not run)",
            "color": "red",
        }
    if nothing_checked_reason(summary):
        return {
            "schemaVersion": 1,
            "label": label,
            "message": "nothing checked",
            "color": "lightgrey",
        }
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
    return {"schemaVersion": 1, "label": label, "message": message, "color": color}


def baseline_text(summary: RunSummary) -> str:
    """The baseline file of a run: its failing, erroring and known-failing runs.
    Only a complete run has one (:class:`UserError` otherwise: a partial run
    would shrink the baseline to what it reached)."""
    if not summary.complete:
        raise UserError(f"--write-baseline: not written, the run was {summary.incomplete_text()}")
    failing = sorted(
        o.key for o in summary.outcomes if o.status in ("fail", "error", "known_failure")
    )
    return json.dumps({"known_failures": failing}, indent=1) + "\n"


def read_baseline(path: str) -> frozenset[str]:
    """A baseline file: JSON ``{"known_failures": [...]}`` or a list, or text with
    one key per line (``#`` comments). Read through :mod:`fourhundred.safeio`: a
    file that is not UTF-8, too deep, too large or not a regular file is one
    :class:`UserError` naming it."""
    where = f"--baseline {path}"
    raw = read_bytes(path, "--baseline")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise UserError(f"{where}: not UTF-8 (byte {problem.start})") from None
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        data = parse_json(stripped, where)
        items = data.get("known_failures") if isinstance(data, dict) else data
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise UserError(f'{where}: expected {{"known_failures": ["id@variant", ...]}}')
        return frozenset(items)
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )
