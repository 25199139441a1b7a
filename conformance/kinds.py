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

Adding a kind means one :class:`Kind` entry here (its answers; its input
generator, validity and suite grid in :mod:`fourhundred.conformance.inputs`,
:mod:`~fourhundred.conformance.validity` and :mod:`~fourhundred.conformance.grids`), its schema
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
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import grids, inputs, random_games, validity
from fourhundred.conformance.game_records import (  # RESULT_NAMES: also read from here
    RESULT_NAMES as RESULT_NAMES,
)
from fourhundred.conformance.game_records import final_record, hand_record
from fourhundred.reference import engine as _engine
from fourhundred.reference import rejections
from fourhundred.reference.fast import winner_under
from fourhundred.reference.notation import from_notation
from fourhundred.reference.transcript import apply_text
from fourhundred.spec import cards
from fourhundred.spec.definitions import Source
from fourhundred.spec.model import Rules

Json = dict[str, Any]
#: An answer: (rules, input) -> output.
Answer = Callable[[Rules, Mapping[str, Any]], Json]
#: The reference's answer: (the reference's configuration, input) -> output.
ReferenceAnswer = Callable[[_engine.Reference, Mapping[str, Any]], Json]
#: A kind's grid in the suite: (rules) -> (input, what it asks) ...
SuiteInputs = Callable[[Rules], Iterable[tuple[Json, str]]]
#: A kind's conventions: (input, expected) -> register entries.
Conventions = Callable[[Mapping[str, Any], Mapping[str, Any]], tuple[str, ...]]

#: The closed list of codes an engine gives when it rejects an action: the
#: reference engine's list, which the case schema's ``code`` enum repeats.
ILLEGAL_ACTION_CODES: tuple[str, ...] = tuple(rejections.ILLEGAL_ACTION_CODES)


def no_conventions(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """A kind whose cases lean on nothing beyond their rule fields."""
    return ()


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
    #: The reference engine's answer: the fast path of the bundled adapter and the
    #: fuzzer. It reads every rule from the :class:`~fourhundred.reference.engine.Reference`
    #: it is given (``Reference.of(rules)``, or a mutant's), never from module globals.
    fast_answer: ReferenceAnswer
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
    #: The suite's deterministic inputs under one rule set, each with what it asks
    #: (:mod:`fourhundred.conformance.grids`; None: its cases are scripted elsewhere,
    #: as whole games are in :mod:`fourhundred.conformance.games`).
    suite_inputs: SuiteInputs | None = None
    #: The register entries a case leans on beyond its rule fields, given its input
    #: and its expected answer (coverage cites them: negative scores, the throw-in ...).
    conventions: Conventions = no_conventions
    #: The section of a source a case of this kind cites, when it is not one of the
    #: sections its rule fields cite (the trick kinds: the source's play section).
    section: Callable[[Source], str] | None = None

    def reference_answer(self, rules: Rules, data: Mapping[str, Any]) -> Json:
        """The reference's own answer for ``rules``: :attr:`fast_answer` of
        ``Reference.of(rules)``."""
        return self.fast_answer(_engine.Reference.of(rules), data)

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
    """Position in play order of the card that wins the trick, the trump suit the
    rules' (:meth:`Rules.trump_suit`: hearts, or the ``trump`` given under
    ``trump=turned``)."""
    stated = cards.SUITS.index(data.get("trump", cards.TRUMP_SUIT))
    trump = cards.SUITS[int(rules.trump_suit(stated))]
    return {"winner": cards.trick_winner(list(data["trick"]), trump)}


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


def fast_bid_value(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`bid_value` by the reference's fast rules."""
    fast = reference.fast
    rules = fast.rules
    bid = data["bid"]
    special = fast.special_bid == bid
    if special and rules.thirteen == "win_or_lose_game":
        return {"value": None, "decides_game": True}
    return {
        "value": fast.bid_value(bid, data["own_score"], data["highest_score"]),
        "decides_game": special,
    }


def fast_legal_bids(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`legal_bids` by the reference's fast rules (the bids from the own minimum up)."""
    fast = reference.fast
    low = max(1, fast.own_minimum_bid(data["own_score"]))
    return {"bids": list(range(low, fast.rules.max_bid + 1))}


def fast_table_minimum(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`table_minimum` by the reference's fast rules."""
    fast, scores = reference.fast, data["scores"]
    return {
        "minimum": fast.table_minimum(scores),
        "played": fast.hand_is_played(data["bids"], scores),
    }


def fast_trick_winner(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`trick_winner` by the reference's fast rules (the engine's card rules)."""
    fast = reference.fast
    trump = fast.trump_suit(data.get("trump"))
    return {"winner": winner_under(fast, data["trick"], trump)}


def fast_legal_plays(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`legal_plays` by the reference's fast rules (the engine's card rules)."""
    return {"cards": list(reference.fast.legal_plays(data["hand"], data.get("led")))}


def fast_hand_scoring(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`hand_scoring` by the reference's fast rules."""
    fast = reference.fast
    return {"scores": list(fast.scores_after(data["scores"], data["bids"], data["tricks"]))}


def fast_game_outcome(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """:func:`game_outcome` by the reference's fast rules."""
    after, result, target = reference.fast.hand_result(
        data["scores"], data["bids"], data["tricks"], data["dealer"], data["target_in_force"]
    )
    return {"scores": list(after), "result": RESULT_NAMES[result], "target_in_force": target}


# ----------------------------------------------------------------------
# Whole games (played through the reference engine)
# ----------------------------------------------------------------------


def whole_game(reference: _engine.Reference, data: Mapping[str, Any]) -> Json:
    """Play the actions of a whole_game case through the reference engine (``reference``'s
    rules and checks), from a new game (``first_dealer``) or from a stated ``position``
    (:func:`start_of`).

    A text that is no action at all (``pass``) is rejected as ``not_an_action``
    before the engine sees it; everything else is judged by :func:`~fourhundred.reference.engine.apply`."""
    state = start_of(reference, data)
    rejected: list[list[Any]] = []
    hands: list[Json] = []
    for index, text in enumerate(data["actions"]):
        try:
            new = apply_text(state, text)
        except _engine.IllegalAction as error:
            rejected.append([index, error.code])
            continue
        if len(new.history) > len(state.history):
            hands.append(hand_record(new, index))
        state = new
    return {"rejected": rejected, "hands": hands, "final": final_record(state)}


def whole_game_by_rules(rules: Rules, data: Mapping[str, Any]) -> Json:
    """:func:`whole_game` by the reference itself for ``rules`` (the spec answer of
    whole games: there is no whole-game engine but the reference's)."""
    return whole_game(_engine.Reference.of(rules), data)


def start_of(reference: _engine.Reference, data: Mapping[str, Any]) -> _engine.GameState:
    """Where a whole_game case starts: the ``position`` in the one-line notation
    (:func:`~fourhundred.reference.notation.from_notation`; ``NotationError`` if it
    is not one), else a new game dealt first by ``first_dealer``; either way played
    by ``reference`` (its fast rules and checks)."""
    position = data.get("position")
    if position is None:
        return reference.new_game(int(data["first_dealer"]))
    state = from_notation(reference.rules, position)
    return dataclasses.replace(state, fast=reference.fast, checks=reference.checks)


# ----------------------------------------------------------------------
# What a case leans on beyond its rule fields (coverage cites these register entries)
# ----------------------------------------------------------------------


def negative_scores(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """``negative-scores`` when a score of the input is below 0 (a negative score is
    in band 0: its minimums and values are those of 0)."""
    numbers = [*(data.get("scores") or []), data.get("own_score", 0), data.get("highest_score", 0)]
    return ("negative-scores",) if any(isinstance(s, int) and s < 0 for s in numbers) else ()


def table_conventions(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """:func:`negative_scores`, and ``throw-in`` when the bids are not played."""
    thrown_in = ("throw-in",) if not expected.get("played", True) else ()
    return (*negative_scores(data, expected), *thrown_in)


def score_basis(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """``score-basis``: every scored hand leans on what a score counts."""
    return ("score-basis",)


def leading_hearts(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """``leading-hearts`` when the player leads (may a heart be led at any time?)."""
    return ("leading-hearts",) if data.get("led") is None else ()


def game_conventions(data: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """A whole game leans on who deals first, how the deal passes, and the score basis."""
    return ("first-dealer", "dealer-rotation", "score-basis")


def play_section(source: Source) -> str:
    """The section of a source that states the trick rules (every source agrees on them)."""
    return source.play_section


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
_ACTION_PATTERN = r"^([NWSE]: )?(deal [NWSE]:.*|bid -?\d+|play [2-9TJQKA][CDHS]|throw-in|pass)$"
_ACTION_DESCRIPTION = (
    "an action in the reference notation, optionally after the seat making it (W: bid 5); "
    "an action named for a seat that is not to act is rejected as not_your_turn; 'pass' "
    "is no action of the notation and is rejected as not_an_action"
)
#: A position at the start of a hand (phase ``deal``) in the one-line notation
#: (:mod:`fourhundred.reference.notation`): dealer, scores, target in force, hand number.
_POSITION_PATTERN = (
    r"^deal [NWSE] -?\d+,-?\d+,-?\d+,-?\d+ \d+ -/-/-/- -,-,-,- 0,0,0,0 - - [1-9]\d*$"
)
_POSITION_DESCRIPTION = (
    "the position the game starts from instead of a new game, in the one-line notation at "
    "the start of a hand: 'deal <dealer> <scores N,W,S,E> <target in force> -/-/-/- -,-,-,- "
    "0,0,0,0 - - <hand number>'"
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
#: The rule fields a hand's scoring reads: a bid's value, and what a failed bid costs.
_SCORE_FIELDS = (*_VALUE_FIELDS, "fail_penalty")
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
TABLE_FIELDS = (
    "table_min_base",
    "table_min_rises",
    "table_min_cap",
    "table_min_scores",
    "table_measure",
    "table_comparison",
    "total_switch",
)
#: The rule fields of the end of the game (the 13 first: it can end the game at once).
OUTCOME_FIELDS = (
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
        is_valid=validity.bid_value_is_valid,
        suite_inputs=grids.bid_value_suite_inputs,
        conventions=negative_scores,
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
        is_valid=validity.legal_bids_is_valid,
        suite_inputs=grids.legal_bids_suite_inputs,
        conventions=negative_scores,
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
        is_valid=validity.table_minimum_is_valid,
        suite_inputs=grids.table_minimum_suite_inputs,
        conventions=table_conventions,
        # Bids count their values only under pagat's option, whose variants have no reduced values.
        reads=_union(TABLE_FIELDS, tuple(f for f in _VALUE_FIELDS if f != "reduced_scope")),
        cites=TABLE_FIELDS,
    ),
    Kind(
        name="trick_winner",
        summary="{trick, trump?} (four cards in play order; the hand's trump suit, only "
        "under the house rule trump=turned, hearts when absent) → {winner}: the position "
        "0-3 in play order of the card that wins it.",
        input_schema=_object(
            ["trick"],
            {
                "trick": {
                    "type": "array",
                    "items": _CARD,
                    "minItems": 4,
                    "maxItems": 4,
                    "uniqueItems": True,
                },
                "trump": {"enum": list(cards.SUITS)},
            },
        ),
        result_schema=_fields(winner={"type": "integer", "minimum": 0, "maximum": 3}),
        spec_answer=trick_winner,
        fast_answer=fast_trick_winner,
        generate=inputs.trick_winner_input,
        is_valid=validity.trick_winner_is_valid,
        suite_inputs=grids.trick_winner_suite_inputs,
        section=play_section,
        reads=("trump",),
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
        is_valid=validity.legal_plays_is_valid,
        suite_inputs=grids.legal_plays_suite_inputs,
        conventions=leading_hearts,
        section=play_section,
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
        is_valid=validity.hand_scoring_is_valid,
        suite_inputs=grids.hand_scoring_suite_inputs,
        conventions=score_basis,
        reads=_SCORE_FIELDS,
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
        is_valid=validity.game_outcome_is_valid,
        suite_inputs=grids.game_outcome_suite_inputs,
        conventions=score_basis,
        reads=_union(OUTCOME_FIELDS, ("bidding_order",), _SCORE_FIELDS),
        cites=OUTCOME_FIELDS,
    ),
    Kind(
        name="whole_game",
        summary="{first_dealer or position, actions} → {rejected, hands, final}: a game "
        "played action by action from explicit deals, from a new game or a stated position; "
        "the illegal actions rejected with their codes, one record per hand that ended, and "
        "where the game stands at the end.",
        input_schema={
            "type": "object",
            "required": ["actions"],
            "additionalProperties": False,
            "properties": {
                "first_dealer": _SEAT,
                "position": {
                    "type": "string",
                    "pattern": _POSITION_PATTERN,
                    "description": _POSITION_DESCRIPTION,
                },
                "actions": {
                    "type": "array",
                    "items": {
                        "type": "string",
                        "pattern": _ACTION_PATTERN,
                        "description": _ACTION_DESCRIPTION,
                    },
                    "minItems": 1,
                },
            },
            "oneOf": [{"required": ["first_dealer"]}, {"required": ["position"]}],
        },
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
        spec_answer=whole_game_by_rules,
        fast_answer=whole_game,
        generate=random_games.whole_game_input,
        is_valid=validity.whole_game_is_valid,
        conventions=game_conventions,
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
