"""The expected answers of the fuzzer's case stream: a whole game by the compiled checked
replay (:mod:`fourhundred.reference.batch_replay`, held equal to the engine by replay), every
other question, and a whole game the replay does not take, by the reference adapter's
answer function (:func:`fourhundred.conformance.adapter.reference_answer`).

The answer is the same either way (``tests/test_reference_batch_replay.py``); the replay
only makes a whole game's expected answer cost a fraction of the engine's, so the fuzzer
spends its time on making games and on the implementation under test.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fourhundred.conformance.adapter import reference_answer
from fourhundred.conformance.kinds import RESULT_NAMES, start_of
from fourhundred.reference.actions import NotationError
from fourhundred.reference.engine import Reference
from fourhundred.spec.model import Rules

if TYPE_CHECKING:
    from fourhundred.reference.batch_replay import Replayed

Json = dict[str, Any]


def expected_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The reference's answer to one question (see the module docstring)."""
    if kind == "whole_game":
        answered = whole_game_answer(rules, data)
        if answered is not None:
            return answered
    return reference_answer(kind, rules, data)


def whole_game_answer(rules: Rules, data: Mapping[str, Any]) -> Json | None:
    """The ``whole_game`` answer by the compiled replay, in the form of
    :func:`fourhundred.conformance.kinds.whole_game`; None when the replay does not take
    the input (then the engine answers, raising what it raises). The replay (and Numba)
    is imported on the first whole game, so a stream without one never loads it."""
    from fourhundred.reference.batch_replay import replay

    actions = data.get("actions")
    if not isinstance(actions, list):
        return None
    try:
        start = start_of(Reference.of(rules), data)
    except (NotationError, KeyError, TypeError, ValueError):
        return None
    replayed = replay(start, actions)
    return None if replayed is None else _answer(replayed)


def _answer(replayed: Replayed) -> Json:
    hands = [
        {
            "after": end.after,
            "played": end.played,
            "scores": list(end.scores),
            "result": RESULT_NAMES[int(end.result)],
            "dealer": end.dealer,
            "target_in_force": end.target_in_force,
        }
        for end in replayed.hands
    ]
    final = {
        "phase": replayed.phase.value,
        "scores": list(replayed.scores),
        "result": RESULT_NAMES[int(replayed.result)],
    }
    return {"rejected": [list(r) for r in replayed.rejected], "hands": hands, "final": final}
