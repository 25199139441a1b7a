"""Transcripts: whole games written down, played by :func:`play_game`, checked by :func:`replay`.

A transcript (format ``fourhundred-transcript/1``, JSON) holds the variant,
the seed of the deals (or None for explicit deals), the first dealer, the
players' names, and hand by hand the dealer, every action as text
(:func:`fourhundred.reference.actions.parse_action`), the deal's commitment,
the scores after the hand, whether it was played and what it decided
(:data:`OUTCOMES`, ``thrown-in``, or :data:`STUCK`), and the target in force;
then the game's outcome and final scores.

:func:`play_game` plays a game through the checked engine
(:func:`fourhundred.reference.engine.apply`) with seeded deals
(:func:`fourhundred.reference.shuffle.deal_from_seed`) and writes its
transcript; :func:`replay` reads one back step by step and raises
:class:`ReplayMismatch` where it first disagrees with the rules, or
:class:`TranscriptError` for text that is not a transcript.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.reference import shuffle
from fourhundred.reference.actions import Deal, NotationError, canonical_deal, parse_action
from fourhundred.reference.engine import (
    Four,
    GameState,
    IllegalAction,
    Phase,
    Player,
    apply,
    legal_actions,
    new_game,
)
from fourhundred.reference.rejections import NOT_AN_ACTION
from fourhundred.reference.shuffle import commit_deal, deal_from_seed, verify_commitment
from fourhundred.spec.cards import SEAT_NAMES
from fourhundred.spec.model import Result, Rules

#: What a finished hand or game decided, by :class:`~fourhundred.spec.model.Result`.
OUTCOMES: Mapping[Result, str] = {
    Result.CONTINUE: "continue",
    Result.TEAM_0_WINS: "north-south",
    Result.TEAM_1_WINS: "west-east",
    Result.DRAW: "draw",
}
#: A game stopped before its end: too many hands, or a player with no legal bid.
UNFINISHED = "unfinished"
STUCK = "stuck"
#: What a hand that was thrown in decided.
THROWN_IN = "thrown-in"
TRANSCRIPT_FORMAT = "fourhundred-transcript/1"


class TranscriptError(ValueError):
    """A transcript that is not well-formed JSON of the transcript format (says where)."""


class ReplayMismatch(Exception):
    """Where a transcript first disagrees with the rules."""

    def __init__(
        self,
        hand: int,
        index: int | None,
        action: str | None,
        expected: str,
        actual: str,
        reason: str,
    ) -> None:
        self.hand = hand
        self.index = index
        self.action = action
        self.expected = expected
        self.actual = actual
        self.reason = reason
        where = f"hand {hand}" + (f", action {index} ({action!r})" if index is not None else "")
        super().__init__(f"{where}: {reason}; expected {expected}, transcript has {actual}")


@dataclass(frozen=True)
class TranscriptHand:
    """One hand of a transcript: its actions as text, the scores after it, what it decided."""

    number: int
    dealer: int
    actions: tuple[str, ...]
    scores: Four
    played: bool
    result: str
    target: int
    commitment: str | None = None

    @staticmethod
    def stuck(
        state: GameState,
        number: int,
        dealer: int,
        actions: Sequence[str],
        commitment: str | None = None,
    ) -> TranscriptHand:
        """The record of a hand that stopped in bidding: a player had no legal bid."""
        return TranscriptHand(
            number=number,
            dealer=dealer,
            actions=tuple(actions),
            scores=state.scores,
            played=False,
            result=STUCK,
            target=state.target_in_force,
            commitment=commitment,
        )

    @staticmethod
    def finished(
        state: GameState,
        number: int,
        dealer: int,
        actions: Sequence[str],
        commitment: str | None = None,
    ) -> TranscriptHand:
        """The record of the hand that ``state`` has just finished, played or thrown in."""
        record = state.history[-1]
        return TranscriptHand(
            number=number,
            dealer=dealer,
            actions=tuple(actions),
            scores=record.scores_after,
            played=record.played,
            result=OUTCOMES[state.result] if record.played else THROWN_IN,
            target=state.target_in_force,
            commitment=commitment,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "dealer": SEAT_NAMES[self.dealer],
            "actions": list(self.actions),
            "scores": list(self.scores),
            "played": self.played,
            "result": self.result,
            "target": self.target,
        }
        if self.commitment is not None:
            data["commitment"] = self.commitment
        return data


@dataclass(frozen=True)
class Transcript:
    """A whole game: variant string, seed (or None for explicit deals), every action
    as text hand by hand (:func:`parse_action`; an action may name its seat,
    ``W: bid 5``, and :func:`replay` then holds it to the seat to act), the score
    after every hand, and the outcome."""

    variant: str
    seed: str | None
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[TranscriptHand, ...]
    outcome: str
    final_scores: Four

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": TRANSCRIPT_FORMAT,
            "variant": self.variant,
            "seed": self.seed,
            "first_dealer": SEAT_NAMES[self.first_dealer],
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
            "outcome": self.outcome,
            "final_scores": list(self.final_scores),
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_json(text: str) -> Transcript:
        """Parse a transcript; :class:`TranscriptError` says what is wrong and where."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TranscriptError(f"not JSON: {error}") from None
        return Transcript.from_dict(data)

    @staticmethod
    def from_dict(data: object) -> Transcript:
        if not isinstance(data, dict):
            raise TranscriptError("a transcript is a JSON object")
        if data.get("format") != TRANSCRIPT_FORMAT:
            raise TranscriptError(
                f"'format' must be {TRANSCRIPT_FORMAT!r}, got {data.get('format')!r}"
            )
        variant = _field(data, "variant", str, "transcript")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, str | int):
            raise TranscriptError(f"'seed' must be a string, a number or null, got {seed!r}")
        first_dealer = _seat(
            _field(data, "first_dealer", str, "transcript"), "transcript.first_dealer"
        )
        players = _field(data, "players", list, "transcript")
        hands_data = _field(data, "hands", list, "transcript")
        hands = []
        for k, item in enumerate(hands_data, start=1):
            where = f"hands[{k - 1}]"
            if not isinstance(item, dict):
                raise TranscriptError(f"{where} must be an object")
            actions = _field(item, "actions", list, where)
            if not all(isinstance(a, str) for a in actions):
                raise TranscriptError(f"{where}.actions must be a list of strings")
            commitment = item.get("commitment")
            if commitment is not None and not isinstance(commitment, str):
                raise TranscriptError(f"{where}.commitment must be a string")
            hands.append(
                TranscriptHand(
                    number=_field(item, "number", int, where),
                    dealer=_seat(_field(item, "dealer", str, where), f"{where}.dealer"),
                    actions=tuple(actions),
                    scores=_four(_field(item, "scores", list, where), f"{where}.scores"),
                    played=_field(item, "played", bool, where),
                    result=_field(item, "result", str, where),
                    target=_field(item, "target", int, where),
                    commitment=commitment,
                )
            )
        return Transcript(
            variant=variant,
            seed=None if seed is None else str(seed),
            first_dealer=first_dealer,
            players=tuple(str(p) for p in players),
            hands=tuple(hands),
            outcome=_field(data, "outcome", str, "transcript"),
            final_scores=_four(
                _field(data, "final_scores", list, "transcript"), "transcript.final_scores"
            ),
        )


def _field(data: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in data:
        raise TranscriptError(f"{where}: missing field {name!r}")
    value = data[name]
    if kind is int and isinstance(value, bool):
        raise TranscriptError(f"{where}.{name} must be an integer, got {value!r}")
    if not isinstance(value, kind):
        raise TranscriptError(f"{where}.{name} must be {kind.__name__}, got {value!r}")
    return value


def _seat(text: str, where: str) -> int:
    if text not in SEAT_NAMES:
        raise TranscriptError(f"{where} must be one of N, W, S, E, got {text!r}")
    return SEAT_NAMES.index(text)


def _four(values: list[Any], where: str) -> Four:
    if len(values) != 4 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise TranscriptError(f"{where} must be four integers, got {values!r}")
    return (values[0], values[1], values[2], values[3])


def apply_text(state: GameState, text: Any) -> GameState:
    """The state after the action ``text`` says (:func:`~fourhundred.reference.actions.parse_action`,
    then :func:`~fourhundred.reference.engine.apply`); :class:`IllegalAction` if it is
    illegal, with the code ``not_an_action`` if it is no action of the notation at all
    (``pass``): a text is read before it is judged, so that code comes before every other."""
    try:
        action = parse_action(text)
    except NotationError as error:
        raise IllegalAction(NOT_AN_ACTION, str(error)) from None
    return apply(state, action)


def play_game(
    rules: Rules,
    seed: int | str,
    players: Sequence[Player] | None = None,
    first_dealer: int = 0,
    max_hands: int = 1000,
    player_names: Sequence[str] | None = None,
) -> Transcript:
    """Play a whole game, every deal from the seed (hand ``k`` from seed ``"<seed>/<k>"``).

    ``players`` are four callables by seat; by default seeded uniformly random
    players. The game stops as ``unfinished`` after ``max_hands`` hands and as
    ``stuck`` if a player has no legal action (an own minimum above 13).
    """
    if players is None:
        from fourhundred.reference.players import RandomPlayer

        players = [RandomPlayer(f"{seed}/player/{seat}") for seat in range(4)]
        player_names = player_names or ["random"] * 4
    if len(players) != 4:
        raise ValueError(f"a game needs four players, got {len(players)}")
    names = tuple(player_names or [getattr(p, "name", type(p).__name__) for p in players])
    state = new_game(rules, first_dealer)
    hands: list[TranscriptHand] = []
    outcome = UNFINISHED
    while state.phase is not Phase.GAME_OVER and state.hand_number <= max_hands:
        number, dealer = state.hand_number, state.dealer
        deal = deal_from_seed(shuffle.hand_seed(seed, number), dealer, rules)
        actions = [str(deal)]
        commitment = commit_deal(shuffle.hand_seed(seed, number), deal)
        state = apply(state, deal)
        stuck = False
        while state.hand_number == number and state.phase is not Phase.GAME_OVER:
            assert state.to_act is not None
            if not legal_actions(state):
                stuck = True
                break
            action = players[state.to_act](state)
            state = apply(state, action, seat=state.to_act)
            actions.append(str(action))
        if stuck:
            outcome = STUCK
            hands.append(TranscriptHand.stuck(state, number, dealer, actions, commitment))
            break
        hands.append(TranscriptHand.finished(state, number, dealer, actions, commitment))
    if state.phase is Phase.GAME_OVER:
        outcome = OUTCOMES[state.result]
    return Transcript(
        variant=str(rules),
        seed=str(seed),
        first_dealer=first_dealer,
        players=names,
        hands=tuple(hands),
        outcome=outcome,
        final_scores=state.scores,
    )


def _is_over(state: GameState) -> bool:
    return state.phase is Phase.GAME_OVER


def _hand_mismatch(hand: int, expected: str, got: str, what: str) -> ReplayMismatch:
    """A disagreement about hand ``hand`` as a whole, at none of its actions."""
    return ReplayMismatch(hand, None, None, expected, got, what)


def replay(transcript: Transcript) -> GameState:
    """Replay a transcript step by step, checking every deal, action, score and the outcome.

    Raises :class:`ReplayMismatch` at the first disagreement and
    :class:`TranscriptError` for text that cannot be read (an unknown variant,
    an action that does not parse).
    """
    from fourhundred.spec.registry import VariantError, load

    try:
        rules = load(transcript.variant)
    except VariantError as error:
        raise TranscriptError(f"transcript.variant: {error}") from None
    state = new_game(rules, transcript.first_dealer)
    for k, hand in enumerate(transcript.hands, start=1):
        if state.phase is Phase.GAME_OVER:
            raise _hand_mismatch(
                k,
                f"no hand {k} (the game ended: {OUTCOMES[state.result]})",
                f"hand {k}",
                "game over",
            )
        if hand.number != state.hand_number:
            raise _hand_mismatch(
                k, f"hand number {state.hand_number}", str(hand.number), "hand number"
            )
        if hand.dealer != state.dealer:
            raise _hand_mismatch(
                k, f"dealer {SEAT_NAMES[state.dealer]}", SEAT_NAMES[hand.dealer], "wrong dealer"
            )
        for index, text in enumerate(hand.actions, start=1):
            try:
                action = parse_action(text)
            except NotationError as error:
                raise TranscriptError(f"hand {k}, action {index}: {error}") from None
            if state.hand_number != hand.number or _is_over(state):
                raise ReplayMismatch(
                    k, index, text, "the end of the hand", text, "action after the hand ended"
                )
            if index == 1 and isinstance(action, Deal) and transcript.seed is not None:
                hand_seed = shuffle.hand_seed(transcript.seed, hand.number)
                expected_deal = deal_from_seed(hand_seed, state.dealer, rules)
                if canonical_deal(action) != expected_deal:
                    raise ReplayMismatch(
                        k,
                        index,
                        text,
                        str(expected_deal),
                        str(action),
                        f"the deal is not the one seed {hand_seed!r} gives",
                    )
                if hand.commitment is not None and not verify_commitment(
                    hand.commitment, hand_seed, action
                ):
                    raise ReplayMismatch(
                        k,
                        index,
                        text,
                        commit_deal(hand_seed, action),
                        hand.commitment,
                        "the deal commitment does not match",
                    )
            try:
                state = apply(state, action)
            except IllegalAction as error:
                legal = ", ".join(str(a) for a in legal_actions(state)) or "a deal"
                raise ReplayMismatch(
                    k, index, text, f"one of: {legal}", text, f"illegal ({error})"
                ) from None
        if hand.result == STUCK:
            if k != len(transcript.hands) or transcript.outcome != STUCK:
                raise TranscriptError(
                    f"hands[{k - 1}]: only the last hand of a 'stuck' game can be 'stuck'"
                )
            if state.phase is not Phase.BIDDING or legal_actions(state):
                legal = ", ".join(str(a) for a in legal_actions(state))
                raise ReplayMismatch(
                    k,
                    len(hand.actions) + 1,
                    None,
                    f"another action ({legal})",
                    "stuck",
                    "the player is not stuck",
                )
            return state
        if state.hand_number == hand.number and state.phase is not Phase.GAME_OVER:
            legal = ", ".join(str(a) for a in legal_actions(state)) or "a deal"
            raise ReplayMismatch(
                k,
                len(hand.actions) + 1,
                None,
                f"another action ({legal})",
                "the end of the hand",
                "the hand is unfinished",
            )
        record = state.history[-1]
        if record.scores_after != hand.scores:
            raise _hand_mismatch(
                k,
                f"scores {list(record.scores_after)}",
                str(list(hand.scores)),
                "scores after the hand",
            )
        if record.played != hand.played:
            raise _hand_mismatch(
                k, f"played={record.played}", f"played={hand.played}", "played or thrown in"
            )
        result = TranscriptHand.finished(state, k, hand.dealer, hand.actions).result
        if result != hand.result:
            raise _hand_mismatch(
                k, f"result {result!r}", repr(hand.result), "what the hand decided"
            )
        if state.target_in_force != hand.target:
            raise _hand_mismatch(
                k, f"target {state.target_in_force}", str(hand.target), "target in force"
            )
    outcome = OUTCOMES[state.result] if state.phase is Phase.GAME_OVER else None
    last = len(transcript.hands)
    if outcome is not None and transcript.outcome != outcome:
        raise _hand_mismatch(last, f"outcome {outcome!r}", repr(transcript.outcome), "outcome")
    if outcome is None and transcript.outcome not in (UNFINISHED, STUCK):
        raise _hand_mismatch(
            last,
            f"outcome {UNFINISHED!r} or {STUCK!r} (the game is not over)",
            repr(transcript.outcome),
            "outcome",
        )
    if transcript.outcome == STUCK:
        raise _hand_mismatch(
            last, f"outcome {UNFINISHED!r} (nobody is stuck)", "'stuck'", "outcome"
        )
    if state.scores != transcript.final_scores:
        raise _hand_mismatch(
            last,
            f"final scores {list(state.scores)}",
            str(list(transcript.final_scores)),
            "final scores",
        )
    return state
