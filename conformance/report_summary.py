"""What every report of a conformance run is made from: the :class:`RunSummary` (its
outcomes, what was not run and why, the diagnosis), the counts and the exit code,
the rerun command of a failure (:class:`Rerun`), what a report shows of an answer
(:func:`evidence`), the plain sentences every format shares (what was not declared,
not applicable, where a whole game diverged), the badge and the baseline.
The formats are :mod:`~fourhundred.conformance.report_jsonl`,
:mod:`~fourhundred.conformance.report_junit`, :mod:`~fourhundred.conformance.report_markdown`
and :mod:`~fourhundred.conformance.report_console`; :mod:`~fourhundred.conformance.reports`
is the one import of them all.
"""

from __future__ import annotations

import datetime
import json
import shlex
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fourhundred.conformance.case_source import RunPlan
from fourhundred.conformance.diagnosis_result import Diagnosis
from fourhundred.conformance.outcomes import Reason
from fourhundred.conformance.runner import STATUSES, Outcome
from fourhundred.conformance.suite import Run
from fourhundred.errors import UserError
from fourhundred.safeio import (
    parse_json,
    read_bytes,
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
    not_run: Sequence[Run] = ()
    incomplete_reason: str | None = None
    #: The causes of the failures (:mod:`fourhundred.conformance.diagnosis`).
    diagnosis: Diagnosis = field(default_factory=Diagnosis)

    @classmethod
    def of(
        cls,
        outcomes: Sequence[Outcome],
        planned: Sequence[Run] | RunPlan,
        reason: str | None = None,
        diagnosis: Diagnosis | None = None,
    ) -> RunSummary:
        """The summary of a run of ``planned`` that produced ``outcomes``; ``reason``
        is why it stopped early, if it did (a reason is invented if runs are
        missing without one, so an incomplete run is never unexplained);
        ``diagnosis``: the causes of its failures (none given: no diagnosis)."""
        missing: Sequence[Run]
        if isinstance(planned, RunPlan):
            missing = planned.missing(outcomes)  # made run by run as a report asks
        else:
            done = Counter(outcome.key for outcome in outcomes)
            left = []
            for run in planned:
                if done[run.key]:
                    done[run.key] -= 1
                else:
                    left.append(run)
            missing = tuple(left)
        if missing and not reason:
            reason = "the run ended before every case had an outcome"
        return cls(tuple(outcomes), len(planned), missing, reason or None, diagnosis or Diagnosis())

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


def _row_name(outcome: Outcome, key: str) -> str:
    """The row an outcome counts in: its kind (``key`` is ``"kind"``) or variant name."""
    return outcome.run.kind if key == "kind" else outcome.run.variant.split("(", 1)[0]


def counts_by(outcomes: Sequence[Outcome], key: str) -> dict[str, Counter[str]]:
    """Status counts by kind (``key`` is ``"kind"``) or by variant name (``"variant"``)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in outcomes:
        table[_row_name(outcome, key)][outcome.status] += 1
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
    text = f"{what} not declared by the adapter ({runs} runs not applicable): {', '.join(names)}"
    return text + _counted_elsewhere(names, outcomes, key)


def _counted_elsewhere(names: Sequence[str], outcomes: Sequence[Outcome], key: str) -> str:
    """Which runs of these undeclared rows the not-applicable counts
    (:func:`not_applicable_text`) give another reason, and which: each run counts there
    once, under the first reason :func:`~fourhundred.conformance.protocol.unsupported`
    finds (a whole game of an undeclared variant, to an adapter without whole games,
    is of an undeclared kind first), so the two lines add up; ``""`` when none."""
    from fourhundred.conformance.protocol import NOT_DECLARED

    chosen = set(names)
    other = Counter(
        o.message or "not applicable"
        for o in outcomes
        if o.status == "not_applicable"
        and _row_name(o, key) in chosen
        and o.message != NOT_DECLARED[key]
    )
    if not other:
        return ""
    parts = ", ".join(f"{count} as {reason}" for reason, count in other.most_common())
    return f"; of these, the not-applicable line counts {parts}"


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
