"""The kinds of conformance case: the one registry of what each asks and how it is answered.

Every case has a *kind*. The pure kinds ask one rule question of a variant;
``whole_game`` plays a complete game from explicit deals. :data:`KINDS` holds
one :class:`Kind` per case kind, in the suite's order, and everything that
deals in kinds reads it: the runner and ``conformance check`` (which kinds
exist, how an answer is compared: :mod:`fourhundred.conformance.compare`),
the bundled reference adapter (its answers), the fuzzer (inputs, validity,
the reference's answers), ``generate`` and ``fourhundred generate`` (expected
values), coverage (the rule fields a kind reads), the mutant run, and the
tests that hold the JSON schemas, ``ADAPTERS.md`` and the registry equal.

Adding a kind means one :class:`Kind` entry here (its answers, its input
generator and validity in :mod:`fourhundred.conformance.inputs`), its schema
fragment in ``schema/case-file.schema.json`` with its name in the kind enums
(``tests/test_conformance_kinds.py`` prints what to write), and its row in
``ADAPTERS.md``.

Input and output of each kind (all JSON) are in each entry's
:attr:`Kind.summary` and schema fragments. The answers cite the rules through
the functions they call (:class:`fourhundred.spec.model.Rules` for the
specification, :class:`fourhundred.reference.fast.FastRules` and
:mod:`fourhundred.reference.engine` for the reference).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import inputs
from fourhundred.reference import engine as _engine
from fourhundred.reference.actions import parse_action
from fourhundred.spec import cards
from fourhundred.spec.model import Result, Rules

Json = dict[str, Any]
#: An answer: (rules, input) -> output.
Answer = Callable[[Rules, Mapping[str, Any]], Json]

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


@dataclass(frozen=True)
class Kind:
    """One case kind: what it asks, how the specification and the reference answer
    it, how its inputs are drawn, and how two answers are compared."""

    name: str
    #: What the kind asks, input → result (``ADAPTERS.md`` has it as a table row).
    summary: str
    #: JSON-schema fragments of the input and the result, as in ``case-file.schema.json``
    #: (``$ref`` s point into that schema's ``$defs``).
    input_schema: Mapping[str, Any]
    result_schema: Mapping[str, Any]
    #: The executable specification's answer (whole games: played through the engine).
    spec_answer: Answer
    #: The reference engine's answer: the fast path of the bundled adapter and the fuzzer.
    fast_answer: Answer
    #: One valid input, drawn where the rules bite (:mod:`fourhundred.conformance.inputs`).
    generate: Callable[[random.Random, Rules], Json]
    #: Whether an input is one a conforming implementation must answer.
    is_valid: Callable[[Rules, Mapping[str, Any]], bool]
    #: Every :class:`Rules` field the answer may depend on (a test records them).
    reads: tuple[str, ...]
    #: The fields a case of this kind is *about*, whose sources and ambiguity
    #: readings coverage cites (:mod:`fourhundred.conformance.coverage`); part of ``reads``.
    cites: tuple[str, ...]
    #: Result fields whose order carries no meaning (compared as sets).
    unordered: frozenset[str] = frozenset()
    #: Whether every variant answers alike (the trick rules: every source agrees).
    variant_free: bool = False
    #: Whether it asks one rule question (False: it plays a whole game).
    pure: bool = True

    def canonical(self, result: Any) -> Any:
        """``result`` with its unordered fields in one order, so that equal answers
        are equal values (any JSON value; not an object: unchanged)."""
        if not isinstance(result, dict):
            return result
        return {
            key: sorted(value, key=json_key)
            if key in self.unordered and isinstance(value, list)
            else value
            for key, value in result.items()
        }


def json_key(value: Any) -> str:
    """A total sort key for any JSON value (``true`` and ``1`` sort apart)."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def json_text(value: Any, limit: int = 300) -> str:
    """Compact JSON for messages, cut to ``limit`` characters (any value, never raises)."""
    try:
        text = json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ints(values: Sequence[Any]) -> list[int]:
    return [int(v) for v in values]


# ----------------------------------------------------------------------
# The specification's answers (fourhundred.spec.model.Rules)
# ----------------------------------------------------------------------


def bid_value(rules: Rules, data: Mapping[str, Any]) -> Json:
    """What a bid is worth at the given scores: ``value`` is ``None`` for a bid that
    wins or loses the whole game instead of points."""
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


# ----------------------------------------------------------------------
# The reference engine's answers (fast: the fuzzer asks tens of thousands a second)
# ----------------------------------------------------------------------


def fast_bid_value(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`bid_value` by the reference's fast rules."""
    fast = inputs.fast_rules(rules)
    bid = data["bid"]
    special = fast.special_bid == bid
    if special and rules.thirteen == "win_or_lose_game":
        return {"value": None, "decides_game": True}
    return {
        "value": fast.bid_value(bid, data["own_score"], data["highest_score"]),
        "decides_game": special,
    }


def fast_legal_bids(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`legal_bids` by the reference's fast rules (the bids from the own minimum up)."""
    low = max(1, inputs.fast_rules(rules).own_minimum_bid(data["own_score"]))
    return {"bids": list(range(low, rules.max_bid + 1))}


def fast_table_minimum(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`table_minimum` by the reference's fast rules."""
    fast, scores = inputs.fast_rules(rules), data["scores"]
    return {
        "minimum": fast.table_minimum(scores),
        "played": fast.hand_is_played(data["bids"], scores),
    }


def fast_trick_winner(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`trick_winner` by the reference engine's public function."""
    return {"winner": _engine.trick_winner(data["trick"])}


def fast_legal_plays(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`legal_plays` by the reference engine's public function."""
    return {"cards": list(_engine.legal_plays(data["hand"], data.get("led")))}


def fast_hand_scoring(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`hand_scoring` by the reference's fast rules."""
    fast = inputs.fast_rules(rules)
    return {"scores": list(fast.scores_after(data["scores"], data["bids"], data["tricks"]))}


def fast_game_outcome(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`game_outcome` by the reference's fast rules."""
    after, result, target = inputs.fast_rules(rules).hand_result(
        data["scores"], data["bids"], data["tricks"], data["dealer"], data["target_in_force"]
    )
    return {"scores": list(after), "result": RESULT_NAMES[result], "target_in_force": target}


# ----------------------------------------------------------------------
# Whole games (played through the reference engine)
# ----------------------------------------------------------------------


def whole_game(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Play the actions of a whole_game case through the reference engine."""
    state = _engine.new_game(rules, int(data["first_dealer"]))
    rejected: list[list[Any]] = []
    hands: list[Json] = []
    for index, text in enumerate(data["actions"]):
        try:
            new = _engine.apply(state, parse_action(text))
        except _engine.IllegalAction as error:
            rejected.append([index, error.code])
            continue
        if len(new.history) > len(state.history):
            hands.append(hand_record(new, index))
        state = new
    return {"rejected": rejected, "hands": hands, "final": final_record(state)}


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


# ----------------------------------------------------------------------
# The registry
# ----------------------------------------------------------------------


def _union(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """The fields of every group, each once, in order."""
    return tuple(dict.fromkeys(field for group in groups for field in group))


def _object(required: Sequence[str], properties: Mapping[str, Any]) -> Json:
    """A closed JSON-schema object with every listed property required."""
    return {
        "type": "object",
        "required": list(required),
        "additionalProperties": False,
        "properties": dict(properties),
    }


def _fields(**properties: Any) -> Json:
    return _object(list(properties), properties)


_INT: Json = {"type": "integer"}
_FOUR_SCORES: Json = {"$ref": "#/$defs/four_scores"}
_FOUR_BIDS: Json = {"$ref": "#/$defs/four_bids"}
_FOUR_TRICKS: Json = {"$ref": "#/$defs/four_tricks"}
_RESULT: Json = {"$ref": "#/$defs/result"}
_SEAT: Json = {"$ref": "#/$defs/seat"}
_CARD: Json = {"$ref": "#/$defs/card"}
_ACTION_PATTERN = r"^([NWSE]: )?(deal [NWSE]:.*|bid -?\d+|play [2-9TJQKA][CDHS]|throw-in)$"
_ACTION_DESCRIPTION = (
    "an action in the reference notation, optionally after the seat making it (W: bid 5); "
    "an action named for a seat that is not to act is rejected as not_your_turn"
)
_HAND_RECORD = _fields(
    after={"type": "integer", "minimum": 0},
    played={"type": "boolean"},
    scores=_FOUR_SCORES,
    result=_RESULT,
    dealer={"oneOf": [_SEAT, {"type": "null"}]},
    target_in_force=_INT,
)
_FINAL_RECORD = _fields(
    phase={"enum": ["deal", "bidding", "play", "game_over"]},
    scores=_FOUR_SCORES,
    result=_RESULT,
)

#: The rule fields a bid's value reads (the value tables, the 13, the fifty of 11 and 12).
_VALUE_FIELDS = (
    "values",
    "reduced_values",
    "reduced_scope",
    "value_scale",
    "eleven_plus_fifty",
    "eleven_plus_thirteen",
    "thirteen",
)
#: What a case about a bid's value cites (the fifty of 11 and 12 beside the 13 is not its subject).
_VALUE_CITES = ("values", "reduced_values", "reduced_scope", "value_scale", "thirteen")
#: Every field of :class:`Rules` that is a rule of play (not the name, the options, the timer).
RULE_FIELDS: tuple[str, ...] = tuple(
    field.name
    for field in dataclasses.fields(Rules)
    if field.name not in ("variant", "options", "turn_time_limit")
)

#: The rule fields of a player's legal bids.
_BID_FIELDS = ("min_bid", "own_min_rises", "own_min_cap", "max_bid")
#: The rule fields of the table minimum and of whether a hand is played.
_TABLE_FIELDS = (
    "table_min_base",
    "table_min_rises",
    "table_min_cap",
    "table_min_scores",
    "table_measure",
    "table_comparison",
    "total_switch",
)
#: The rule fields of the end of the game (the 13 first: it can end the game at once).
_OUTCOME_FIELDS = (
    "target",
    "win_measure",
    "partner_condition",
    "both_qualify",
    "both_qualify_by",
    "total_tie",
    "raise_trigger",
    "thirteen",
    "thirteen_win",
    "thirteen_conflict",
    "thirteen_precedence",
)

_ENTRIES: tuple[Kind, ...] = (
    Kind(
        name="bid_value",
        summary="{bid, own_score, highest_score} → {value, decides_game}: the points a bid "
        "wins when made and loses when failed (null for a bid that wins or loses the whole "
        "game instead), and whether a made bid of this size ends the game.",
        input_schema=_fields(
            bid={"type": "integer", "minimum": 1, "maximum": 13},
            own_score=_INT,
            highest_score=_INT,
        ),
        result_schema=_fields(
            value={"type": ["integer", "null"]}, decides_game={"type": "boolean"}
        ),
        spec_answer=bid_value,
        fast_answer=fast_bid_value,
        generate=inputs.bid_value_input,
        is_valid=functools.partial(inputs.is_valid, "bid_value"),
        reads=_VALUE_FIELDS,
        cites=(*_VALUE_CITES[:4], "eleven_plus_fifty", "thirteen"),
    ),
    Kind(
        name="legal_bids",
        summary="{own_score} → {bids}: every legal bid (any order).",
        input_schema=_fields(own_score=_INT),
        result_schema=_fields(
            bids={
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": 13},
                "uniqueItems": True,
            }
        ),
        spec_answer=legal_bids,
        fast_answer=fast_legal_bids,
        generate=inputs.legal_bids_input,
        is_valid=functools.partial(inputs.is_valid, "legal_bids"),
        reads=_BID_FIELDS,
        cites=_BID_FIELDS,
        unordered=frozenset({"bids"}),
    ),
    Kind(
        name="table_minimum",
        summary="{scores, bids} → {minimum, played}: the total the bids must reach, and "
        "whether these four bids are played (false: thrown in).",
        input_schema=_fields(scores=_FOUR_SCORES, bids=_FOUR_BIDS),
        result_schema=_fields(minimum=_INT, played={"type": "boolean"}),
        spec_answer=table_minimum,
        fast_answer=fast_table_minimum,
        generate=inputs.table_minimum_input,
        is_valid=functools.partial(inputs.is_valid, "table_minimum"),
        # Bids count their values only under pagat's option, whose variants have no reduced values.
        reads=_union(_TABLE_FIELDS, tuple(f for f in _VALUE_FIELDS if f != "reduced_scope")),
        cites=_TABLE_FIELDS,
    ),
    Kind(
        name="trick_winner",
        summary="{trick} (four cards in play order) → {winner}: the position 0-3 in play "
        "order of the card that wins it.",
        input_schema=_fields(
            trick={
                "type": "array",
                "items": _CARD,
                "minItems": 4,
                "maxItems": 4,
                "uniqueItems": True,
            }
        ),
        result_schema=_fields(winner={"type": "integer", "minimum": 0, "maximum": 3}),
        spec_answer=trick_winner,
        fast_answer=fast_trick_winner,
        generate=inputs.trick_winner_input,
        is_valid=functools.partial(inputs.is_valid, "trick_winner"),
        reads=(),
        cites=(),
        variant_free=True,
    ),
    Kind(
        name="legal_plays",
        summary="{hand, led} (led null when leading) → {cards}: the cards that may be "
        "played (any order).",
        input_schema=_fields(
            hand={
                "type": "array",
                "items": _CARD,
                "minItems": 1,
                "maxItems": 13,
                "uniqueItems": True,
            },
            led={"oneOf": [_CARD, {"type": "null"}]},
        ),
        result_schema=_fields(cards={"type": "array", "items": _CARD, "uniqueItems": True}),
        spec_answer=legal_plays,
        fast_answer=fast_legal_plays,
        generate=inputs.legal_plays_input,
        is_valid=functools.partial(inputs.is_valid, "legal_plays"),
        reads=(),
        cites=(),
        unordered=frozenset({"cards"}),
        variant_free=True,
    ),
    Kind(
        name="hand_scoring",
        summary="{scores, bids, tricks} (by seat N, W, S, E) → {scores} after the hand.",
        input_schema=_fields(scores=_FOUR_SCORES, bids=_FOUR_BIDS, tricks=_FOUR_TRICKS),
        result_schema=_fields(scores=_FOUR_SCORES),
        spec_answer=hand_scoring,
        fast_answer=fast_hand_scoring,
        generate=inputs.hand_scoring_input,
        is_valid=functools.partial(inputs.is_valid, "hand_scoring"),
        reads=_VALUE_FIELDS,
        cites=_VALUE_CITES,
    ),
    Kind(
        name="game_outcome",
        summary="{scores, bids, tricks, dealer, target_in_force} (scores before the hand) → "
        "{scores, result, target_in_force} after it; result is continue, team_0_wins "
        "(North-South), team_1_wins (West-East) or draw.",
        input_schema=_fields(
            scores=_FOUR_SCORES,
            bids=_FOUR_BIDS,
            tricks=_FOUR_TRICKS,
            dealer=_SEAT,
            target_in_force=_INT,
        ),
        result_schema=_fields(scores=_FOUR_SCORES, result=_RESULT, target_in_force=_INT),
        spec_answer=game_outcome,
        fast_answer=fast_game_outcome,
        generate=inputs.game_outcome_input,
        is_valid=functools.partial(inputs.is_valid, "game_outcome"),
        reads=_union(_OUTCOME_FIELDS, ("bidding_order",), _VALUE_FIELDS),
        cites=_OUTCOME_FIELDS,
    ),
    Kind(
        name="whole_game",
        summary="{first_dealer, actions} → {rejected, hands, final}: a game played action "
        "by action from explicit deals; the illegal actions rejected with their codes, "
        "one record per hand that ended, and where the game stands at the end.",
        input_schema=_fields(
            first_dealer=_SEAT,
            actions={
                "type": "array",
                "items": {
                    "type": "string",
                    "pattern": _ACTION_PATTERN,
                    "description": _ACTION_DESCRIPTION,
                },
                "minItems": 1,
            },
        ),
        result_schema=_fields(
            rejected={
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [
                        {"type": "integer", "minimum": 0},
                        {"$ref": "#/$defs/code"},
                    ],
                    "minItems": 2,
                    "maxItems": 2,
                },
            },
            hands={"type": "array", "items": _HAND_RECORD},
            final=_FINAL_RECORD,
        ),
        spec_answer=whole_game,
        fast_answer=whole_game,
        generate=inputs.whole_game_input,
        is_valid=functools.partial(inputs.is_valid, "whole_game"),
        reads=RULE_FIELDS,
        cites=(
            "bidding_order",
            "play_order",
            "min_bid",
            "own_min_rises",
            "max_bid",
            "table_min_rises",
            "table_measure",
            "dealer_may_throw_in",
            "values",
            "target",
            "partner_condition",
        ),
        pure=False,
    ),
)

#: Every case kind by name, in the suite's order.
KINDS: Mapping[str, Kind] = {entry.name: entry for entry in _ENTRIES}
#: The kind names, in order.
KIND_NAMES: tuple[str, ...] = tuple(KINDS)
#: Kinds that ask one rule question.
PURE_KINDS: tuple[str, ...] = tuple(name for name, entry in KINDS.items() if entry.pure)
#: Kinds whose answer does not depend on the variant at all.
VARIANT_FREE_KINDS: tuple[str, ...] = tuple(
    name for name, entry in KINDS.items() if entry.variant_free
)


class UnknownKind(ValueError):
    """A name that is not a case kind."""


def kind(name: str) -> Kind:
    """The kind called ``name``; :class:`UnknownKind` names the kinds there are."""
    entry = KINDS.get(name)
    if entry is None:
        raise UnknownKind(f"{name!r} is not a kind; the kinds are: {', '.join(KIND_NAMES)}")
    return entry


def schema_fragment(entry: Kind) -> Json:
    """The ``allOf`` entry of ``case-file.schema.json``'s case for one kind."""
    return {
        "if": {"properties": {"kind": {"const": entry.name}}},
        "then": {
            "properties": {
                "input": dict(entry.input_schema),
                "expected": dict(entry.result_schema),
            }
        },
    }
