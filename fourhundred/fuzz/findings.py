"""A disagreement made into a :class:`~fourhundred.fuzz.records.Finding`:
shrunk (:func:`shrunk_finding`, with the context that names its cause), or
kept as found when the run stops first (:func:`unshrunk_finding`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.compare import (
    Disagreement,
    Outcome,
    compare,
    end_probe_context,
    signature,
    turn_order_context,
)
from fourhundred.fuzz.games import seated_input
from fourhundred.fuzz.implementations import (
    Implementation,
    Question,
)
from fourhundred.fuzz.records import Config, Finding, Json
from fourhundred.fuzz.shrink import shrink
from fourhundred.spec.model import Rules


def shrunk_finding(
    config: Config,
    impl: Implementation,
    rules: Rules,
    question: Question,
    found: Disagreement,
    block: int,
    position: int,
    started: float,
    keep: Callable[[str, str, Json, Json, Any], bool] | None = None,
) -> Finding:
    """The finding of ``found``, shrunk within ``config.shrink_seconds``; with ``keep``
    (kind, variant, input, expected, actual -> bool), only inputs it holds for count as
    the disagreement (the tamer's: no known cause gives the whole answer)."""
    kind, variant, data, _expected = question
    found_at = time.monotonic() - started
    last: dict[str, Any] = {}

    def check(candidate: Json) -> Disagreement | None:
        expected = reference_answer(kind, rules, candidate)
        outcome = impl.answer([(kind, variant, candidate, expected)])[0]
        result = compare(kind, variant, expected, outcome, candidate.get("actions", ()))
        if (
            result is not None
            and keep is not None
            and outcome.status == "ok"
            and not keep(kind, variant, candidate, expected, outcome.result)
        ):
            return None  # only a known cause shows: not the disagreement being shrunk
        if result is not None:
            last[json.dumps(candidate, sort_keys=True)] = (expected, outcome)
        return result

    def reference(candidate: Json) -> Json:
        return reference_answer(kind, rules, candidate)

    def answers(candidate: Json) -> tuple[Json, Outcome]:
        key = json.dumps(candidate, sort_keys=True)
        if key not in last:
            check(candidate)
        found_answers: tuple[Json, Outcome] = last.get(key, (question[3], Outcome("ok")))
        return found_answers

    original_expected, original_outcome = answers(data)
    shrunk = shrink(
        kind,
        rules,
        data,
        found,
        check,
        reference,
        seconds=config.shrink_seconds,
        clock=config.clock,
    )
    expected, outcome = answers(shrunk.data)
    turn = None
    probe = seated_input(rules, shrunk.data) if kind == "whole_game" else None
    if probe is not None and shrunk.disagreement.status == "wrong":
        turn = turn_order_context(check(probe), probe)  # the cause, when it is the turn order

    def ask(candidate: Json) -> tuple[Json, Outcome]:
        asked = reference_answer(kind, rules, candidate)
        return asked, impl.answer([(kind, variant, candidate, asked)])[0]

    probed = end_probe_context(shrunk.disagreement, shrunk.data, ask)
    return Finding(
        signature=signature(
            shrunk.disagreement, shrunk.data, expected, outcome.result, turn, probed
        ),
        kind=kind,
        variant=variant,
        input=shrunk.data,
        expected=expected,
        actual=said(outcome),
        status=shrunk.disagreement.status,
        paths=shrunk.disagreement.paths,
        details=shrunk.disagreement.details,
        original_input=data,
        block=block,
        position=position,
        shrink_checks=shrunk.checks,
        shrink_steps=shrunk.steps,
        shrink_seconds=round(shrunk.seconds, 3),
        found_after_seconds=round(found_at, 3),
        implementation=impl.name,
        wrongness=shrunk.disagreement.wrongness,
        original_expected=original_expected,
        original_actual=said(original_outcome),
        original_details=found.details,
    )


def unshrunk_finding(
    impl: Implementation,
    question: Question,
    found: Disagreement,
    outcome: Outcome,
    block: int,
    position: int,
    started: float,
) -> Finding:
    """A disagreement kept as it was found, when the run stops before it is shrunk."""
    kind, variant, data, expected = question
    return Finding(
        signature=signature(found, data, expected, outcome.result),
        kind=kind,
        variant=variant,
        input=data,
        expected=expected,
        actual=said(outcome),
        status=found.status,
        paths=found.paths,
        details=found.details,
        original_input=data,
        block=block,
        position=position,
        shrink_checks=0,
        shrink_steps=0,
        shrink_seconds=0.0,
        found_after_seconds=round(time.monotonic() - started, 3),
        implementation=impl.name,
        shrunk=False,
        wrongness=found.wrongness,
        original_expected=expected,
        original_actual=said(outcome),
        original_details=found.details,
    )


def said(outcome: Outcome) -> Any:
    """What an implementation said: its result, or ``{status: message}`` when it failed."""
    return outcome.result if outcome.status == "ok" else {outcome.status: outcome.message}
