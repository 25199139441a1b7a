"""Comparing a whole game's answer with the expected one, pointing at the first divergence.

Like a perft "divide", a whole-game failure is reported where it starts: the
first action accepted that should have been rejected (or the reverse), the
first hand whose scores, result or next dealer differ, then the final state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance.kinds import json_text


def _action(case: Mapping[str, Any], index: int) -> str:
    actions = case["input"]["actions"]
    if 0 <= index < len(actions):
        text = str(actions[index])
        return text if len(text) <= 40 else text[:39] + "…"
    return "?"


def whole_game_differences(case: Mapping[str, Any], actual: Any) -> list[str]:
    """The first divergences of a whole-game answer (empty: it matches)."""
    expected = case["expected"]
    if not isinstance(actual, dict):
        return [f"result must be a JSON object, got {json_text(actual)}"]
    for key in ("rejected", "hands", "final"):
        if key not in actual:
            return [f"missing field {key!r}"]
    problems = []
    try:
        wanted = {int(i): str(c) for i, c in expected["rejected"]}
        got = {int(i): str(c) for i, c in actual["rejected"]}
    except (TypeError, ValueError):
        return [
            f"rejected must be a list of [index, code] pairs, got {json_text(actual['rejected'])}"
        ]
    for index in sorted(set(wanted) | set(got)):
        if wanted.get(index) != got.get(index):
            what = f"action {index} {_action(case, index)!r}"
            if index not in got:
                problems.append(f"{what} must be rejected as {wanted[index]}, but was accepted")
            elif index not in wanted:
                problems.append(f"{what} is legal, but was rejected as {got[index]}")
            else:
                problems.append(f"{what} must be rejected as {wanted[index]}, not {got[index]}")
            break
    hands = actual["hands"] if isinstance(actual["hands"], list) else []
    for number, want in enumerate(expected["hands"], start=1):
        have = hands[number - 1] if number - 1 < len(hands) else None
        if have != want:
            if have is None:
                problems.append(f"hand {number} (ending at action {want['after']}) never ended")
            else:
                got = have if isinstance(have, dict) else {}
                fields = [
                    f"{key} expected {json_text(want[key])}, got {json_text(got.get(key))}"
                    for key in want
                    if got.get(key) != want[key]
                ]
                problems.append(
                    f"hand {number} (ending at action {want['after']}): " + "; ".join(fields)
                )
            break
    else:
        if len(hands) > len(expected["hands"]):
            problems.append(f"{len(hands)} hands ended, expected {len(expected['hands'])}")
    if actual["final"] != expected["final"]:
        problems.append(
            f"final state expected {json_text(expected['final'])}, got {json_text(actual['final'])}"
        )
    return problems
