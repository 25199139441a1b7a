"""Judging an answer: the status of one case from what the adapter answered.

One job: turn an answer already checked for shape
(:func:`fourhundred.conformance.protocol.check_answer`) into an
:class:`Outcome`: the expected result compared with the actual one
(:mod:`fourhundred.conformance.compare`), a known failure read from the
baseline, rejections compared without their codes for an adapter that
declared ``"codes": false``. Outcomes carry a
:class:`~fourhundred.conformance.outcomes.Reason` from the one outcome
vocabulary that the fuzzer shares.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.outcomes import Reason
from fourhundred.conformance.suite import Run

STATUSES = ("pass", "fail", "error", "skip", "not_applicable", "known_failure", "unexpected_pass")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened to one run: a status from :data:`STATUSES`, why (a
    :class:`~fourhundred.conformance.outcomes.Reason`) and the evidence.

    ``message`` and ``stderr`` hold the adapter's text raw (control characters,
    markup and all): whoever shows them escapes them (:mod:`fourhundred.safeio`).
    """

    run: Run
    status: str
    message: str = ""
    actual: Any = None
    stderr: str = ""
    seconds: float = 0.0
    reason: Reason = Reason.ANSWERED

    @property
    def key(self) -> str:
        return self.run.key

    def compact(self) -> Outcome:
        """This outcome as the reports keep it once it is streamed: a run that
        passed or was not applicable keeps its status, message, seconds and reason,
        its case cut down to id and kind (:meth:`Run.compact`) and no answer; any
        other outcome (the evidence of a failure) whole."""
        if self.status not in ("pass", "not_applicable"):
            return self
        run = self.run.compact()
        if run is self.run:
            return self
        return Outcome(run, self.status, self.message, None, self.stderr, self.seconds, self.reason)

    def to_json(self) -> dict[str, Any]:
        """The report line of this outcome (``schema/report.schema.json``)."""
        case = self.run.case
        data: dict[str, Any] = {
            "type": "case",
            "id": case["id"],
            "variant": self.run.variant,
            "kind": case["kind"],
            "status": self.status,
            "description": case["description"],
            "rules": case["rules"],
            "ambiguities": case["ambiguities"],
            "seconds": round(self.seconds, 6),
        }
        if self.status not in ("pass", "known_failure"):
            data["message"] = self.message
        if self.status in ("fail", "error", "known_failure", "unexpected_pass"):
            data["input"] = case["input"]
            data["expected"] = case["expected"]
            if self.actual is not None:
                data["actual"] = self.actual
        if self.stderr:
            data["stderr"] = self.stderr
        if self.run.derived:
            data["derived"] = True
        return data


#: The code every rejection is compared as, for an adapter that declared ``"codes": false``.
ANY_CODE = "rejected"


def without_codes(run: Run, message: Mapping[str, Any]) -> tuple[Run, Mapping[str, Any]]:
    """The run and answer of a whole_game case with every rejection's code read as
    :data:`ANY_CODE`, for an engine that gives no reasons (``"codes": false``): which
    actions are rejected is still compared, why is not. Other kinds: unchanged."""

    def blind(value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [
            [item[0], ANY_CODE] if isinstance(item, list) and len(item) == 2 else item
            for item in value
        ]

    result = message.get("result")
    if run.kind != "whole_game" or not isinstance(result, dict):
        return run, message
    expected = {**run.case["expected"], "rejected": blind(run.case["expected"]["rejected"])}
    case = {**run.case, "expected": expected}
    if "rejected" in result:
        message = {**message, "result": {**result, "rejected": blind(result["rejected"])}}
    return Run(case, run.variant, slot=run.slot), message


def in_baseline(baseline: Iterable[str], run: Run) -> bool:
    """Whether a run is a known failure: the baseline names ``id@variant`` or ``id``
    (shell-style globs allowed)."""
    from fourhundred.globs import glob_match

    return any(glob_match(run.key, pattern) or glob_match(run.id, pattern) for pattern in baseline)


def judge(
    run: Run, message: Mapping[str, Any], baseline: Iterable[str] = ()
) -> tuple[str, str, Any]:
    """Status, message and actual output for an adapter's answer to a run
    (``baseline``: the known failures, :func:`in_baseline`)."""
    if "skipped" in message:
        skipped = message["skipped"]
        text = skipped.get("message", "") if isinstance(skipped, dict) else str(skipped)
        return "skip", str(text), None
    if "errored" in message:
        errored = message["errored"]
        text = errored.get("message", "") if isinstance(errored, dict) else str(errored)
        return "error", f"the adapter reported an error: {text}", errored
    actual = message["result"]
    problems = differences(run, actual)
    known = in_baseline(baseline, run)
    if problems:
        return ("known_failure" if known else "fail"), "; ".join(problems), actual
    if known:
        return "unexpected_pass", "passes, but the baseline lists it as a known failure", actual
    return "pass", "", actual


def differences(run: Run, actual: Any) -> list[str]:
    """Why an answer is wrong (empty: it is right): the first divergences, in causal
    order, as messages (:mod:`fourhundred.conformance.compare`)."""
    from fourhundred.conformance.compare import compare, first_divergences, render

    found = first_divergences(compare(run.kind, run.case["expected"], actual))
    actions = run.case["input"].get("actions", ())
    return [render(difference, actions, run.kind) for difference in found]
