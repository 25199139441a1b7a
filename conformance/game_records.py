"""The records of a ``whole_game`` answer, as the suite writes them: the Result codes'
names, a hand's end (:func:`hand_record`) and where the game stands after every action
(:func:`final_record`). The kinds (:mod:`fourhundred.conformance.kinds`) and the game
scripts (:mod:`fourhundred.conformance.games`) both write them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.reference import engine as _engine
from fourhundred.spec.model import Result

Json = dict[str, Any]

#: Result codes as they appear in cases.
RESULT_NAMES: Mapping[int, str] = {
    int(Result.CONTINUE): "continue",
    int(Result.TEAM_0_WINS): "team_0_wins",
    int(Result.TEAM_1_WINS): "team_1_wins",
    int(Result.DRAW): "draw",
}


def hand_record(state: _engine.GameState, index: int) -> Json:
    """The ``hands`` entry of a whole_game answer for the hand ``state`` has just
    finished, by the action at ``index``."""
    over = state.phase is _engine.Phase.GAME_OVER
    return {
        "after": index,
        "played": state.history[-1].played,
        "scores": list(state.scores),
        "result": RESULT_NAMES[int(state.result)],
        "dealer": None if over else state.dealer,
        "target_in_force": state.target_in_force,
    }


def final_record(state: _engine.GameState) -> Json:
    """The ``final`` entry of a whole_game answer: where the game stands after every action."""
    return {
        "phase": state.phase.value,
        "scores": list(state.scores),
        "result": RESULT_NAMES[int(state.result)],
    }
