"""The ``whole_game`` cases of the suite's scripted games: a played script as a case with
its rules' references (:func:`script_case`) and a scripted game's case (:func:`game_case`).
The games themselves are written by :mod:`fourhundred.conformance.games`; the suite's
whole_game cases in order: :func:`fourhundred.conformance.generate.whole_game_cases`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fourhundred.conformance import coverage
from fourhundred.conformance.game_records import final_record
from fourhundred.conformance.games import Json, Script, play_scripted_game


def game_case(variant: str, first_dealer: int, seed: str, what: str, seated: bool = False) -> Json:
    """A whole_game case from a scripted game."""
    script = play_scripted_game(variant, first_dealer, seed, seated)
    extra = ["first-dealer", "dealer-rotation", "score-basis"]
    if any(not hand["played"] for hand in script.hands):
        extra.append("throw-in")
    description = f"{what} ({len(script.hands)} hands, {len(script.rejected)} illegal actions)"
    return script_case(script, description, {"first_dealer": first_dealer}, extra)


def script_case(script: Script, description: str, start: Json, ambiguities: Sequence[str]) -> Json:
    """The whole_game case of a played ``script``: its rules' references and the
    ambiguity entries ``ambiguities`` it bears on, the input ``start`` (``first_dealer``
    or ``position``) with the script's actions, and what the reference answered."""
    rules = script.state.rules
    return {
        "id": "",
        "kind": "whole_game",
        "description": description,
        "variants": [str(rules)],
        "rules": coverage.rule_references(rules.variant, "whole_game"),
        "ambiguities": coverage.ambiguity_references(rules, "whole_game", ambiguities),
        "input": {**start, "actions": script.actions},
        "expected": {
            "rejected": script.rejected,
            "hands": script.hands,
            "final": final_record(script.state),
        },
    }
