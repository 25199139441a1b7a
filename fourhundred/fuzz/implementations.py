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
from typing import TYPE_CHECKING, Any, Protocol

from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.compare import Outcome
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

if TYPE_CHECKING:
    from fourhundred.conformance import runner

Json = dict[str, Any]
#: An answer function: (kind, rules, input) -> output, like the reference adapter's.
AnswerFunction = Callable[[str, Rules, Mapping[str, Any]], Json]
#: One question: (kind, variant string, input, the reference's answer).
Question = tuple[str, str, Json, Json]


class AdapterError(Exception):
    """The implementation cannot be driven at all (it does not start, or keeps dying)."""


class Implementation(Protocol):
    """Something that answers questions: an adapter process or a function in process."""

    name: str

    def supports(self, kind: str, variant: str) -> bool: ...

    def answer(self, questions: Sequence[Question]) -> list[Outcome]: ...

    def close(self) -> None: ...


class InProcess:
    """An answer function called directly; exceptions become ``errored`` outcomes.

    By default the reference's; another reference answers through
    :func:`~fourhundred.conformance.adapter.answer_function` (a mutant:
    ``InProcess(answer_function(mutant.reference))``).
    """

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
    """An adapter driven through the conformance runner (see the module docstring).

    The runner matches answers to cases by seq and blames a crash, hang or
    unreadable answer only on a case that fails alone (it re-sends a window
    case by case after one), so every outcome here is already the right case's.
    An adapter that keeps dying stops the runner: that is an :class:`AdapterError`
    saying how many cases were not run.
    """

    def __init__(self, argv: Sequence[str], timeout: float = 5.0, window: int = 64) -> None:
        from fourhundred.conformance import runner

        self._runner_module = runner
        self.argv = list(argv)
        settings = runner.Settings(timeout=timeout, window=window)
        self._outcomes: dict[str, runner.Outcome] = {}
        self._runner = runner.Runner(self.argv, settings, self._collect)
        try:
            hello = self._runner.start()
        except runner.RunnerError as error:
            raise AdapterError(str(error)) from None
        implementation = hello["implementation"]
        self.name = f"{implementation['name']} {implementation['version']}".strip()
        self.hello = hello
        self._count = 0

    def supports(self, kind: str, variant: str) -> bool:
        from fourhundred.conformance.suite import Run

        return self._runner_module.supports(self.hello, Run({"id": "x", "kind": kind}, variant))

    def answer(self, questions: Sequence[Question]) -> list[Outcome]:
        """The adapter's outcome for each question, in order."""
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
        self._runner.run(runs)
        if self._runner.aborted:
            incomplete = self._runner.incomplete
            left = f" ({len(incomplete.not_run)} cases not run)" if incomplete else ""
            raise AdapterError(self._runner.aborted + left)
        return [_outcome(self._outcomes.get(run.id)) for run in runs]

    def _collect(self, outcome: runner.Outcome) -> None:
        self._outcomes[outcome.run.id] = outcome

    @property
    def restarts(self) -> int:
        return int(self._runner.restarts)

    def close(self) -> None:
        self._runner.close()


def _outcome(outcome: runner.Outcome | None) -> Outcome:
    """The fuzzer's view of a runner outcome: its :class:`~fourhundred.conformance.outcomes.Reason`
    (a crash carries the adapter's stderr tail)."""
    from fourhundred.conformance.outcomes import Reason

    if outcome is None:
        return Outcome(Reason.NOT_RUN, message="the runner gave no outcome for this case")
    reason = outcome.reason
    if reason is Reason.ANSWERED:
        return Outcome(reason, outcome.actual)
    message = outcome.message
    if reason is Reason.CRASHED and outcome.stderr:
        message += f"\n{outcome.stderr}"
    return Outcome(reason, message=message)
