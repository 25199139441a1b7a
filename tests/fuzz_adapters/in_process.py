"""Implementations in process (``Config.implementation``) with a fault injected, for the
tests that tell a bug of the fuzzer from an adapter's failure. Module-level, so the
job processes of a campaign (started by spawning) build their own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fourhundred.fuzz.compare import Outcome
from fourhundred.fuzz.implementations import AdapterError, InProcess, Question

#: Cases answered before the fault.
FAULT_AFTER = 300


class _Faulty(InProcess):
    """The reference in process, until ``raised`` is raised after :data:`FAULT_AFTER` cases."""

    def __init__(self, raised: Exception) -> None:
        super().__init__()
        self.raised = raised
        self.count = 0

    def answer(self, questions: Sequence[Question]) -> list[Outcome]:
        self.count += len(questions)
        if self.count > FAULT_AFTER:
            raise self.raised
        return super().answer(questions)


def fuzzer_bug(config: Any) -> InProcess:
    """An implementation whose own (fuzzer-side) code fails: a bug, not the adapter's fault."""
    return _Faulty(ZeroDivisionError("injected fault in the fuzzer"))


def adapter_gone(config: Any) -> InProcess:
    """An implementation whose adapter cannot be driven any more."""
    return _Faulty(AdapterError("the adapter died 3 times in a row without answering"))


#: The bugs of :func:`planted_pair` (two rules of qahwa-400, in two point families).
PLANTED_PAIR = ("value-early/qahwa-400/9", "band-late/qahwa-400/30")


def planted_pair(config: Any) -> InProcess:
    """The planted engine of :data:`PLANTED_PAIR`, in process (the taming tests)."""
    from fourhundred.conformance import planted
    from fourhundred.conformance.adapter import answer_function

    engine = planted.planted(PLANTED_PAIR)
    return InProcess(answer_function(engine.reference), name=engine.name)
