"""The kinds of conformance case: what each asks, and how the specification answers it.

Every case has a *kind*. The pure kinds ask one rule question of a variant;
``whole_game`` plays a complete game from explicit deals. This module is the
one place that says, for each pure kind, what its input and its expected
output hold, and computes the expected output from the executable
specification (:class:`fourhundred.spec.model.Rules`). The generator uses it
to write expected values, ``conformance check`` uses it to re-derive them, and
the bundled reference adapter answers with it (through the reference engine's
fast rules where they exist).

Input and output of each kind (all JSON):

* ``bid_value``: ``{bid, own_score, highest_score}`` → ``{value, decides_game}``.
  ``value`` is the points the bid wins when made and loses when failed, or
  ``null`` for a bid that wins or loses the whole game instead of points;
  ``decides_game`` says whether a made bid of this size ends the game.
* ``legal_bids``: ``{own_score}`` → ``{bids}``: every legal bid, ascending.
* ``table_minimum``: ``{scores, bids}`` → ``{minimum, played}``: the total the
  bids must reach, and whether these four bids are played (``false``: thrown in).
* ``trick_winner``: ``{trick}`` (four cards in play order) → ``{winner}``
  (position 0-3 in play order).
* ``legal_plays``: ``{hand, led}`` (``led`` null when leading) → ``{cards}``.
* ``hand_scoring``: ``{scores, bids, tricks}`` (by seat N, W, S, E) → ``{scores}`` after the hand.
* ``game_outcome``: ``{scores, bids, tricks, dealer, target_in_force}`` (scores
  before the hand) → ``{scores, result, target_in_force}`` after it; ``result``
  is ``continue``, ``team_0_wins`` (North-South), ``team_1_wins`` (West-East)
  or ``draw``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fourhundred.reference import engine as _engine
from fourhundred.spec import cards
from fourhundred.spec.model import Result, Rules

PURE_KINDS: tuple[str, ...] = (
    "bid_value",
    "legal_bids",
    "table_minimum",
    "trick_winner",
    "legal_plays",
    "hand_scoring",
    "game_outcome",
)
KINDS: tuple[str, ...] = (*PURE_KINDS, "whole_game")

#: Kinds whose answer does not depend on the variant at all.
VARIANT_FREE_KINDS: frozenset[str] = frozenset({"trick_winner", "legal_plays"})

#: Result codes as they appear in cases.
RESULT_NAMES: Mapping[int, str] = {
    int(Result.CONTINUE): "continue",
    int(Result.TEAM_0_WINS): "team_0_wins",
    int(Result.TEAM_1_WINS): "team_1_wins",
    int(Result.DRAW): "draw",
}

#: The closed list of codes an engine gives when it rejects an action: the
#: reference engine's list, which the case schema's ``code`` enum repeats.
ILLEGAL_ACTION_CODES: tuple[str, ...] = tuple(_engine.ILLEGAL_ACTION_CODES)

Json = dict[str, Any]


def _ints(values: Sequence[Any]) -> list[int]:
    return [int(v) for v in values]


def bid_value(rules: Rules, data: Mapping[str, Any]) -> Json:
    """What a bid is worth at the given scores (see the module docstring)."""
    bid, own, highest = int(data["bid"]), int(data["own_score"]), int(data["highest_score"])
    special = bool(rules.is_special_bid(bid))
    if special and rules.thirteen == "win_or_lose_game":
        value: int | None = None
    else:
        value = int(rules.bid_value(bid, own, highest))
    return {"value": value, "decides_game": special}


def legal_bids(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Every bid a player on ``own_score`` may make."""
    own = int(data["own_score"])
    return {"bids": [b for b in range(1, rules.max_bid + 1) if bool(rules.bid_is_legal(b, own))]}


def table_minimum(rules: Rules, data: Mapping[str, Any]) -> Json:
    """The table minimum at these scores, and whether these bids are played."""
    scores, bids = _ints(data["scores"]), _ints(data["bids"])
    return {
        "minimum": int(rules.table_minimum(scores)),
        "played": bool(rules.hand_is_played(bids, scores)),
    }


def trick_winner(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Position in play order of the card that wins the trick."""
    return {"winner": cards.trick_winner(list(data["trick"]))}


def legal_plays(rules: Rules, data: Mapping[str, Any]) -> Json:
    """The cards of the hand that may be played to the trick."""
    led = data.get("led")
    return {"cards": list(cards.legal_plays(list(data["hand"]), led))}


def hand_scoring(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Every player's score after a played hand."""
    after = rules.scores_after(_ints(data["scores"]), _ints(data["bids"]), _ints(data["tricks"]))
    return {"scores": _ints(after)}


def game_outcome(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Scores, result and the target in force after a played hand."""
    after, result, target = rules.hand_result(
        _ints(data["scores"]),
        _ints(data["bids"]),
        _ints(data["tricks"]),
        int(data["dealer"]),
        int(data["target_in_force"]),
    )
    return {
        "scores": _ints(after),
        "result": RESULT_NAMES[int(result)],
        "target_in_force": int(target),
    }


ANSWERS: Mapping[str, Callable[[Rules, Mapping[str, Any]], Json]] = {
    "bid_value": bid_value,
    "legal_bids": legal_bids,
    "table_minimum": table_minimum,
    "trick_winner": trick_winner,
    "legal_plays": legal_plays,
    "hand_scoring": hand_scoring,
    "game_outcome": game_outcome,
}


def answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The specification's answer to a pure-kind question."""
    return ANSWERS[kind](rules, data)


#: Output fields compared as sets (their order carries no meaning).
UNORDERED_FIELDS: Mapping[str, frozenset[str]] = {
    "legal_bids": frozenset({"bids"}),
    "legal_plays": frozenset({"cards"}),
}


def normalise(kind: str, output: Any) -> Any:
    """An output in the form compared with the expected one (sets sorted)."""
    if not isinstance(output, dict):
        return output
    unordered = UNORDERED_FIELDS.get(kind, frozenset())
    result = {}
    for key, value in output.items():
        if key in unordered and isinstance(value, list):
            with contextlib.suppress(TypeError):
                value = sorted(value, key=lambda v: (str(type(v)), v))
        result[key] = value
    return result


def differences(kind: str, expected: Mapping[str, Any], actual: Any) -> list[str]:
    """Why an actual output does not match the expected one (empty: it matches).

    Every expected field must be present and equal; extra fields are ignored
    (an adapter may report more than it is asked).
    """
    if not isinstance(actual, dict):
        return [f"result must be a JSON object, got {type(actual).__name__}"]
    wanted = normalise(kind, dict(expected))
    got = normalise(kind, actual)
    problems = []
    for key, value in wanted.items():
        if key not in got:
            problems.append(f"missing field {key!r}")
        elif not _same(value, got[key]):
            problems.append(f"{key}: expected {json_text(value)}, got {json_text(got[key])}")
    return problems


def _same(expected: Any, actual: Any) -> bool:
    # JSON has one number type; bool is not a number here.
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            _same(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            _same(a, b) for a, b in zip(expected, actual, strict=True)
        )
    return bool(expected == actual)


def json_text(value: Any, limit: int = 300) -> str:
    """Compact JSON for messages, cut to ``limit`` characters."""
    import json

    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"
