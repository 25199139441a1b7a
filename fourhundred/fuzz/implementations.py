"""The two sides of a differential run: the reference in process, and the implementation under test.

The reference is the bundled reference adapter's own answer function
(:func:`fourhundred.conformance.adapter.reference_answer`: each kind's
:attr:`~fourhundred.conformance.kinds.Kind.fast_answer`, the reference
engine's fast rule layer for the pure kinds, the engine for whole games),
called directly, with no process in between.

The implementation under test is either an adapter process, driven by the
conformance runner's client (:class:`fourhundred.conformance.runner.Runner`:
handshake, a window of cases in flight, per-case timeouts, restart after a
crash or hang, standard error kept), or any answer function in process
(benchmarks, tests). Whatever goes wrong on its side comes back as an
:class:`~fourhundred.fuzz.compare.Outcome`, never as an exception, except
an adapter that cannot be started at all (:class:`AdapterError`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.compare import Outcome
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

Json = dict[str, Any]
#: An answer function: (kind, rules, input) -> output, like the reference adapter's.
AnswerFunction = Callable[[str, Rules, Mapping[str, Any]], Json]
#: One question: (kind, variant string, input, the reference's answer).
Question = tuple[str, str, Json, Json]


#: Outcomes that may be another case's fault when cases were sent in a window.
_BROKEN = frozenset({"crashed", "timeout", "invalid"})
#: Batches sent one case at a time after a crash or hang in a window.
CAUTIOUS_BATCHES = 10


class AdapterError(Exception):
    """The implementation cannot be driven at all (it does not start, or keeps dying)."""


class Implementation(Protocol):
    """Something that answers questions: an adapter process or a function in process."""

    name: str

    def supports(self, kind: str, variant: str) -> bool: ...

    def answer(self, questions: Sequence[Question]) -> list[Outcome]: ...

    def close(self) -> None: ...


class InProcess:
    """An answer function called directly; exceptions become ``errored`` outcomes."""

    def __init__(
        self,
        answer: AnswerFunction = reference_answer,
        name: str = "fourhundred-reference (in process)",
    ):
        self._answer = answer
        self.name = name
        self._rules: dict[str, Rules] = {}

    def supports(self, kind: str, variant: str) -> bool:
        return True

    def answer(self, questions: Sequence[Question]) -> list[Outcome]:
        outcomes = []
        for kind, variant, data, _expected in questions:
            rules = self._rules.get(variant)
            if rules is None:
                rules = self._rules[variant] = load(variant)
            try:
                outcomes.append(Outcome("ok", self._answer(kind, rules, data)))
            except Exception as error:  # the implementation's failure is an outcome
                outcomes.append(Outcome("errored", message=f"{type(error).__name__}: {error}"))
        return outcomes

    def close(self) -> None:
        return None


class AdapterProcess:
    """An adapter driven through the conformance runner (see the module docstring)."""

    def __init__(self, argv: Sequence[str], timeout: float = 5.0, window: int = 64) -> None:
        from fourhundred.conformance import runner

        self._runner_module = runner
        self.argv = list(argv)
        settings = runner.Settings(timeout=timeout, window=window)
        self._outcomes: list[Any] = []
        self._runner = runner.Runner(self.argv, settings, self._collect)
        self._suspects: set[str] = set()
        self._ids: list[str] = []
        try:
            hello = self._runner.start()
        except runner.RunnerError as error:
            raise AdapterError(str(error)) from None
        implementation = hello.get("implementation", {})
        self.name = f"{implementation.get('name', '?')} {implementation.get('version', '')}".strip()
        self.hello = hello
        self.window = window
        self._count = 0
        self._cautious = 0

    def supports(self, kind: str, variant: str) -> bool:
        from fourhundred.conformance.suite import Run

        return bool(
            self._runner_module.supports(self.hello, Run({"id": "x", "kind": kind}, variant))
        )

    def answer(self, questions: Sequence[Question]) -> list[Outcome]:
        """The adapter's outcomes, each blamed on the right case.

        Cases go out in a window (fast), but an adapter that answers a window
        at once loses every answer of it when one case crashes or hangs, and
        the runner can only blame the case at the head of the window. So a
        crash or hang in a windowed batch is re-asked case by case, and the
        next :data:`CAUTIOUS_BATCHES` batches go one case at a time.
        """
        if not questions:
            return []
        self._suspects.clear()
        outcomes = self._run(questions)
        ids, suspects = list(self._ids), set(self._suspects)
        for index, question in enumerate(questions):
            if ids[index] in suspects:
                outcomes[index] = self._run([question])[0]
        if self._cautious and not suspects:
            self._cautious -= 1
            if not self._cautious:
                self._runner.settings.window = self.window
        return outcomes

    def _collect(self, outcome: Any) -> None:
        """Keep a runner outcome; at the first broken one in a window, go one case at a time."""
        self._outcomes.append(outcome)
        broken = outcome.status == "error" and not outcome.message.startswith(
            "the adapter reported an error"
        )
        if broken and self._runner.settings.window > 1:
            self._suspects.add(outcome.run.case["id"])
            self._runner.settings.window = 1
            self._cautious = CAUTIOUS_BATCHES

    def _run(self, questions: Sequence[Question]) -> list[Outcome]:
        from fourhundred.conformance.suite import Run

        runs = []
        for kind, variant, data, expected in questions:
            self._count += 1
            case = {
                "id": f"fuzz.{self._count}",
                "kind": kind,
                "description": "fuzz",
                "rules": [],
                "ambiguities": [],
                "input": data,
                "expected": expected,
            }
            runs.append(Run(case, variant))
        self._outcomes.clear()
        self._ids = [run.case["id"] for run in runs]
        self._runner.run(runs)
        if self._runner.aborted:
            raise AdapterError(self._runner.aborted)
        by_key = {outcome.run.case["id"]: outcome for outcome in self._outcomes}
        return [_outcome(by_key.get(run.case["id"])) for run in runs]

    @property
    def restarts(self) -> int:
        return int(self._runner.restarts)

    def close(self) -> None:
        self._runner.close()


def _outcome(outcome: Any) -> Outcome:
    """The fuzzer's view of a runner outcome."""
    if outcome is None:
        return Outcome("crashed", message="the runner gave no outcome for this case")
    status = outcome.status
    if status in ("pass", "fail", "known_failure", "unexpected_pass"):
        return Outcome("ok", outcome.actual)
    if status in ("skip", "not_applicable"):
        return Outcome("skipped", message=outcome.message)
    message = outcome.message
    if "timed out" in message:
        return Outcome("timeout", message=message)
    if message.startswith("the adapter reported an error"):
        return Outcome("errored", message=message)
    if "closed its output" in message:
        return Outcome(
            "crashed", message=message + (f"\n{outcome.stderr}" if outcome.stderr else "")
        )
    return Outcome("invalid", message=message)
