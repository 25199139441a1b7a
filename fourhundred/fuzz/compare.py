"""What an implementation said, whether it departs from the reference, and how.

An :class:`Outcome` is what came back for one input: an answer, or the
implementation's own error, a skip, a crash, a hang or garbage — all of them
outcomes, never exceptions, so a run goes on (as in the conformance runner).

A :class:`Disagreement` names *where* the answer departs (the paths of the
output fields that differ: ``scores``, ``hands[].dealer``...) and *how
badly*: its class of wrongness (:mod:`fourhundred.fuzz.classes`). Its
:attr:`Disagreement.shape` is what the shrinker keeps fixed while it
simplifies an input (kind, variant, status and that class), so shrinking
never slides from one defect into another, nor from a serious form into a
milder one. :func:`signature` keys a finding on its cause.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.compare import compare as one_comparator
from fourhundred.conformance.compare import first_divergence, render
from fourhundred.conformance.kinds import json_text
from fourhundred.conformance.outcomes import Reason
from fourhundred.fuzz import games
from fourhundred.fuzz.classes import ROOT_FIELDS, classify, root_class
from fourhundred.reference.actions import NotationError
from fourhundred.reference.engine import GameState, IllegalAction, Phase, Reference
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.cards import SEAT_NAMES
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

Json = dict[str, Any]
#: Asks both sides an input: the reference's answer and the implementation's outcome.
Ask = Callable[[Json], "tuple[Json, Outcome]"]

#: Outcome statuses: the one outcome vocabulary, shared with the conformance runner.
#: ``ok`` carries ``result``; the others carry ``message``.
STATUSES: tuple[Reason, ...] = tuple(Reason)


@dataclass(frozen=True)
class Outcome:
    """What an implementation returned for one input; ``status`` is a
    :class:`~fourhundred.conformance.outcomes.Reason` (a string is converted, and
    one outside the vocabulary is refused)."""

    status: str
    result: Any = None
    message: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Reason(self.status))

    @staticmethod
    def ok(result: Any) -> Outcome:
        return Outcome("ok", result)


@dataclass(frozen=True)
class Disagreement:
    """How an outcome departs from the reference's answer."""

    kind: str
    variant: str
    status: str
    paths: tuple[str, ...]
    details: tuple[str, ...]
    #: Whole games: index of the action where the answers first part (None: unknown).
    position: int | None = None
    #: Its class of wrongness (:func:`fourhundred.fuzz.classes.classify`; a failed
    #: answer's status otherwise).
    wrongness: str = ""
    #: The first divergence as ``(general path, expected, actual)`` JSON texts.
    departure: tuple[tuple[str, str, str], ...] = ()
    #: The class of its cause (:func:`fourhundred.fuzz.classes.root_class`): what the
    #: signature keys on.
    cause: str = ""

    @property
    def shape(self) -> tuple[str, str, str, str]:
        """What shrinking keeps fixed: kind, variant, status and class of wrongness."""
        return (self.kind, self.variant, self.status, self.wrongness or self.status)

    def summary(self) -> str:
        """One line: its class, where it departs and the first detail."""
        where = ", ".join(self.paths) or self.status
        first = self.details[0] if self.details else ""
        wrong = f"{self.wrongness.replace('_', ' ')}: " if self.wrongness else ""
        return f"{self.kind} under {self.variant}: {wrong}{where}" + (
            f" ({first})" if first else ""
        )


def signature(
    disagreement: Disagreement,
    shrunk_input: Mapping[str, Any],
    expected: Any = None,
    actual: Any = None,
    turn: Json | None = None,
    probed: Json | None = None,
) -> str:
    """The de-duplication key of a finding: the cause it shows, as far as it can be told.

    Its kind, variant, status and the class of its cause (wrong scores when the
    scores differ, whatever follows from them: :func:`~fourhundred.fuzz.classes.root_class`),
    and the rule context at the first departure. For the pure kinds: the differing fields, the
    *classes* of the numbers in the shrunk input (a score as negative, 0, 1,
    29, below 30, or from 30 on a band edge or not; a bid as small or its
    value from 10 up) and, for fields that hold words or truth values, the
    expected and the actual value; for game_outcome, the context of a hand's end
    instead (:func:`outcome_context`: a wrong winner and a winner where there is
    none are one wrong rule of the end, ``wrong_end``). For whole games (:func:`game_context`):
    where the game stood (phase, the action and whose turn it named, the code
    the rule layer gives it) or, for a hand's record, how the hand went (played
    or thrown in, a 13 bid, a raised target in force, how many teams qualify,
    the dealer the record names relative to the hand's). Not the
    seats, nor the exact scores: two inputs that differ only in which seat holds
    the score of 30, or in 30 against 50, are one finding; a wrong winner and a
    wrong dealer are two.

    ``probed`` (a wrong end: :func:`end_probe_context`, the implementation asked the
    same hand with each team alone and with the teams changed places) replaces the count
    of teams that qualify by the step of the rule of the end that goes wrong.

    ``turn`` (whole games: :func:`turn_order_context` of the same game with every
    action named for its seat) says the implementation's turn order parts from the
    reference's: then that is the cause, whatever the first departure's class (a
    bidding order gone wrong gives wrong scores in one game and a legal bid
    rejected in another).
    """
    if turn is not None:
        pattern = {"shape": [disagreement.kind, disagreement.variant, "turn_order"], "turn": turn}
        return _hashed(pattern)
    cause = disagreement.cause or disagreement.wrongness or disagreement.status
    if disagreement.kind == "game_outcome" and disagreement.status == "wrong":
        context: Any = _probed(outcome_context(disagreement, shrunk_input, expected), probed)
    elif kinds.kind(disagreement.kind).pure:
        root = next((f for f, c in ROOT_FIELDS.items() if c == cause), None)
        roots = [p for p in disagreement.paths if root is None or p == root]
        worded = [p for p in roots if cause != "wrong_end" or p != "result"]
        context = {
            "paths": roots,
            "inputs": sorted(_classes(shrunk_input)),
            "values": _word_values(tuple(worded), expected, actual),
        }
    elif disagreement.status == "ok" or disagreement.status == "wrong":
        context = _probed(game_context(disagreement, shrunk_input), probed)
    else:
        context = {}
    pattern = {
        "shape": [disagreement.kind, disagreement.variant, disagreement.status, cause],
        "context": context,
    }
    return _hashed(pattern)


def _probed(context: Json, probed: Json | None) -> Json:
    """A wrong end's context with the steps :func:`end_probe_context` found in place of
    the count of teams that qualify."""
    if probed is None:
        return context
    return {**{k: v for k, v in context.items() if k != "qualify"}, **probed}


def outcome_context(disagreement: Disagreement, data: Mapping[str, Any], expected: Any) -> Json:
    """A game_outcome departure's rule context, as a whole game's hand record's
    (:func:`game_context`): the fields of its cause, a 13 bid, a raised target in force
    and, for a wrong end, how many teams qualify at the expected scores. Not the
    classes of the scores: the end of a game is asked near its target, where they vary."""
    cause = disagreement.cause
    roots = [p for p in disagreement.paths if cause != "wrong_scores" or p == "scores"]
    rules = _rules(disagreement.variant)
    fast = Reference.of(rules).fast
    target = data.get("target_in_force")
    context: Json = {
        "paths": [] if cause == "wrong_end" else roots,
        "thirteen": fast.special_bid is not None and fast.special_bid in (data.get("bids") or []),
        "raised": isinstance(target, int) and target > rules.target,
    }
    if cause == "wrong_target" and isinstance(target, int):
        return _target_context(context, disagreement, target)
    scores = expected.get("scores") if isinstance(expected, dict) else None
    if cause == "wrong_end" and isinstance(scores, list) and isinstance(target, int):
        context["qualify"] = sum(fast.qualifies(team, scores, target) for team in (0, 1))
    return context


_WINS = ("team_0_wins", "team_1_wins")
_SWAPPED = {"team_0_wins": "team_1_wins", "team_1_wins": "team_0_wins"}


def end_probe_context(disagreement: Disagreement, data: Mapping[str, Any], ask: Ask) -> Json | None:
    """Which step of the rule of the end a wrong end (cause ``wrong_end``, of a
    game_outcome or a whole game) goes wrong at, from the implementation's answers to
    two kinds of probe of the same hand (qahwa §"Winning": a team *qualifies* — one
    partner on the target, the other above zero — and when both do, the higher total
    wins):

    * ``qualification``: each team alone (:func:`fourhundred.fuzz.games.team_alone`:
      the other team's scores at the start 0): ``strict`` when the implementation does
      not let a team win alone that qualifies, ``lax`` when it lets one win that does
      not; empty when it judges each team alone as the reference does (the wrong step
      is then how two qualifying teams, or a draw, are settled);
    * ``seat_bound``: the whole hand with the teams changed places
      (:func:`fourhundred.fuzz.games.rotated`): whether the implementation's result
      fails to change places with them (a rule that favours a seat, not a measure).

    These replace the count of teams that qualify at the expected scores, which one
    wrong step shows with any count: a player exactly on the target not qualifying is
    no winner where one team qualifies and the wrong winner where both do. None when
    the disagreement is not a wrong end or a probe is not an input the reference takes
    as one of the same hand (then the count stays)."""
    kind = disagreement.kind
    if disagreement.cause != "wrong_end" or kind not in ("game_outcome", "whole_game"):
        return None
    rules = _rules(disagreement.variant)
    original = _end_results(disagreement, ask, dict(data))
    if original is None:
        return None
    verdicts: list[str] = []
    for team in (0, 1):
        probe = _alone(kind, rules, data, team)
        results = None if probe is None else _end_results(disagreement, ask, probe)
        if results is None or results[0] not in ("continue", _WINS[team]):
            return None
        expected_win, actual_win = (result == _WINS[team] for result in results)
        verdicts.append("" if expected_win == actual_win else "strict" if expected_win else "lax")
    turned = _turned(kind, rules, data)
    results = None if turned is None else _end_results(disagreement, ask, turned)
    if results is None:
        return None
    said = original[1]
    swapped = None if said is None else _SWAPPED.get(said, said)
    step = _decisive(verdicts, original)
    return {"qualification": [step] if step else [], "seat_bound": results[1] != swapped}


def _decisive(verdicts: Sequence[str], results: tuple[str, str | None]) -> str:
    """The judgement of a team alone that decides a wrong end: the team the reference
    lets win, if the implementation does not judge it qualified alone (the win it
    misses); else the team the implementation lets win, if it judges that one wrongly
    (the win it gives); else none (the teams are judged right alone: the step that
    settles them together goes wrong). One input can show both, a right winner denied
    and a wrong one let in: the first is its cause, as where it shows alone. Where
    neither team is one of those, a team judged wrongly alone still decides (a team
    denied whose equal total would have made the game play on)."""
    expected, actual = results
    for result, verdict in ((expected, "strict"), (actual, "lax")):
        if result in _WINS and verdicts[_WINS.index(result)] == verdict:
            return verdict
    return "+".join(sorted({verdict for verdict in verdicts if verdict}))


def _alone(kind: str, rules: Rules, data: Mapping[str, Any], team: int) -> Json | None:
    if kind == "whole_game":
        return games.team_alone(rules, data, team)
    scores = [s if seat % 2 == team else 0 for seat, s in enumerate(data["scores"])]
    return {**data, "scores": scores}


def _turned(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json | None:
    if kind == "whole_game":
        return games.rotated(rules, data)
    turned: Json = {
        **data,
        **{key: [data[key][(s + 1) % 4] for s in range(4)] for key in ("scores", "bids", "tricks")},
    }
    if isinstance(data.get("dealer"), int):
        turned["dealer"] = (data["dealer"] - 1) % 4
    return turned


def _end_results(
    disagreement: Disagreement, ask: Ask, probe: Json
) -> tuple[str, str | None] | None:
    """The reference's and the implementation's result of the hand that departs (a whole
    game: the hand ending at the departing action), for a probe the reference takes
    and whose hand it plays out; None otherwise."""
    rules = _rules(disagreement.variant)
    if not kinds.kind(disagreement.kind).is_valid(rules, probe):
        return None
    expected, outcome = ask(probe)
    actual = outcome.result if outcome.status == "ok" else None
    if disagreement.kind == "game_outcome":
        said = actual.get("result") if isinstance(actual, dict) else None
        return str(expected.get("result")), said if isinstance(said, str) else None
    at = disagreement.position
    records = expected.get("hands") or []
    index = next((i for i, r in enumerate(records) if r.get("after") == at), None)
    if index is None or not records[index].get("played"):
        return None
    theirs = actual.get("hands") if isinstance(actual, dict) else None
    said = None
    if isinstance(theirs, list) and index < len(theirs) and isinstance(theirs[index], dict):
        value = theirs[index].get("result")
        said = value if isinstance(value, str) else None
    return str(records[index].get("result")), said


def _target_context(context: Json, disagreement: Disagreement, before: int) -> Json:
    """A wrong target in force's context: whether the implementation *kept* the target in
    force before the hand or changed it to another wrong one (arab3meyeh §"Scoring": the
    target rises when both teams qualify, and falls back when neither does at the base
    target) — in place of whether it was raised and how many teams qualify, which a
    target kept a hand too long shows both ways (a raise missed, a fall back missed)."""
    kept = all(
        actual == json_text(before)
        for path, _, actual in disagreement.departure
        if path.endswith("target_in_force")
    )
    plain = {k: v for k, v in context.items() if k not in ("raised", "qualify")}
    return {**plain, "target": "kept" if kept else "changed"}


def _hashed(pattern: Json) -> str:
    text = json.dumps(pattern, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def turn_order_context(probe: Disagreement | None, data: Mapping[str, Any]) -> Json | None:
    """Where an implementation's turn order parts from the reference's, from its answer to
    a game whose actions all name their seat (``data``; see
    :func:`fourhundred.fuzz.games.seated_input`): the phase, and whether the action opens
    it (the deal, the first bid, the first card), of the first action named for the seat
    to act that it rejects as ``not_your_turn``. None when it rejects none so."""
    if probe is None or probe.wrongness not in ("rejected_legal", "wrong_code"):
        return None
    if not all(actual == '"not_your_turn"' for _, _, actual in probe.departure):
        return None
    try:
        state = kinds.start_of(Reference.of(_rules(probe.variant)), data)
    except (NotationError, KeyError, TypeError, ValueError):
        return None
    actions = list(data.get("actions") or [])
    at = len(actions) if probe.position is None else probe.position
    state = _replayed(state, actions[:at])
    if at >= len(actions) or _action_shape(state, actions[at])[1] != "to_act":
        return None
    return {"phase": state.phase.value, "opens": _opens(state)}


def _score_class(value: int) -> str:
    if value < 0:
        return "negative"
    if value in (0, 1, 29):
        return str(value)
    if value < 30:
        return "below-30"
    return "from-30" + ("-edge" if value % 10 == 0 else "")


def _classes(data: Mapping[str, Any]) -> list[str]:
    found = []
    for key, value in data.items():
        values = value if isinstance(value, list) else [value]
        for item in values:
            if not isinstance(item, int) or isinstance(item, bool):
                continue
            if key in ("bid", "bids"):
                found.append(f"bid-{item}" if item >= 10 else "bid")
            elif key in ("own_score", "highest_score", "scores"):
                found.append(f"{key}:{_score_class(item)}")
            elif key == "target_in_force":
                found.append(f"target:{item}")
    return found


def _word_values(paths: tuple[str, ...], expected: Any, actual: Any) -> list[Any]:
    values = []
    for path in paths:
        if "[" in path or "." in path:
            continue
        e = expected.get(path) if isinstance(expected, dict) else None
        a = actual.get(path) if isinstance(actual, dict) else None
        if isinstance(e, str | bool) or e is None:
            values.append([path, e, a if isinstance(a, str | bool) or a is None else "other"])
    return values


#: Classes of a wrong rejection: their context is the action, not the hand.
_REJECTION_CLASSES = frozenset({"accepted_illegal", "rejected_legal", "wrong_code"})


@functools.lru_cache(maxsize=64)
def _rules(variant: str) -> Rules:
    return load(variant)


def _action_shape(state: GameState, text: str) -> tuple[str, str]:
    """What an action is (its first word) and whom its seat prefix names: ``none``,
    ``to_act`` (the seat to act, the dealer while dealing) or ``other``."""
    seat, _, rest = text.partition(": ") if ": " in text[:3] else ("", "", text)
    word = rest.split(" ", 1)[0]
    if not seat:
        return word, "none"
    actor = state.dealer if state.phase is Phase.DEAL else state.to_act
    named = SEAT_NAMES.index(seat) if seat in SEAT_NAMES else -1
    return word, "to_act" if named == actor else "other"


def _replayed(state: GameState, actions: Sequence[Any]) -> GameState:
    """The reference's state after ``actions`` (the rejected ones change nothing)."""
    for text in actions:
        try:
            state = apply_text(state, text)
        except IllegalAction:
            continue
    return state


def game_context(disagreement: Disagreement, data: Mapping[str, Any]) -> Json:
    """The rule context of a whole game's first departure (see :func:`signature`): the
    reference's state just before the departing action, and what that action did."""
    rules = _rules(disagreement.variant)
    reference = Reference.of(rules)
    try:
        state = kinds.start_of(reference, data)
    except (NotationError, KeyError, TypeError, ValueError):
        return {"start": "invalid"}
    actions = list(data.get("actions") or [])
    at = len(actions) if disagreement.position is None else disagreement.position
    state = _replayed(state, actions[:at])
    scores_cause = disagreement.cause in ("wrong_scores", "wrong_end")
    context: Json = {
        "fields": [] if scores_cause else sorted({p for p, _, _ in disagreement.departure}),
        "phase": state.phase.value,
        "raised": state.target_in_force > rules.target,
    }
    if disagreement.wrongness in _REJECTION_CLASSES:
        return {**context, **_rejection_context(disagreement, state, actions[at : at + 1])}
    fast = state.fast
    context["thirteen"] = fast.special_bid is not None and fast.special_bid in state.bids
    after = _replayed(state, actions[at : at + 1])
    if len(after.history) > len(state.history):
        record = after.history[-1]
        scores = record.scores_after
        context["played"] = record.played
        if disagreement.cause != "wrong_scores":
            qualify = (fast.qualifies(t, scores, state.target_in_force) for t in (0, 1))
            context["qualify"] = sum(qualify)
    if scores_cause:
        return context
    if disagreement.cause == "wrong_target":
        return _target_context(context, disagreement, state.target_in_force)
    context["dealers"] = sorted(
        {
            (_seat_offset(e, state.dealer), _seat_offset(a, state.dealer))
            for path, e, a in disagreement.departure
            if path.endswith("dealer")
        }
    )
    return context


def _rejection_context(disagreement: Disagreement, state: GameState, action: Sequence[Any]) -> Json:
    """What a wrongly judged action was: its first word, and whether it opens its phase
    (the deal, the first bid, the first card of the hand); for an illegal action
    accepted, the code it must get and whom its seat prefix names (which check is
    missing). A legal action rejected or an illegal one rejected with another code
    keep neither: a turn order gone wrong gives both, with any code."""
    word, seat = (
        _action_shape(state, action[0]) if action and isinstance(action[0], str) else ("", "")
    )
    context: Json = {"action": word, "opens": _opens(state)}
    if disagreement.cause == "accepted_illegal":
        context["codes"] = sorted({expected for _, expected, _ in disagreement.departure})
        context["seat"] = seat
    return context


def _opens(state: GameState) -> bool:
    """Whether the next action opens its phase: the deal, the first bid, the first card."""
    return (
        state.phase is Phase.DEAL
        or (state.phase is Phase.BIDDING and all(bid is None for bid in state.bids))
        or (state.phase is Phase.PLAY and not state.trick and not any(state.tricks_won))
    )


def _seat_offset(text: str, dealer: int) -> str:
    """A seat (JSON text) as seen from the dealer: 0 the dealer, 1 the next seat ...;
    anything else as it is."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return str((value - dealer) % 4)
    return text


def compare(
    kind: str, variant: str, expected: Json, outcome: Outcome, actions: Sequence[Any] = ()
) -> Disagreement | None:
    """None when the outcome agrees with the expected answer, else how it departs.

    The differences are the one comparator's
    (:func:`fourhundred.conformance.compare.compare`: extra output fields
    ignored, sets compared in any order, strict JSON equality), cut to the
    first divergence (:func:`~fourhundred.conformance.compare.first_divergence`:
    for a whole game the earliest wrong record) and classed
    (:func:`fourhundred.fuzz.classes.classify`). A skip is not a disagreement:
    the implementation says it does not support this kind or variant. ``actions``
    (a whole game's input) lets a message quote the action it is about.
    """
    if outcome.status == "skipped":
        return None
    if outcome.status != "ok":
        return Disagreement(
            kind, variant, outcome.status, (), (outcome.message[:300],), wrongness=outcome.status
        )
    found = first_divergence(kind, one_comparator(kind, expected, outcome.result))
    if not found:
        return None
    paths = tuple(sorted({difference.general_path or "result" for difference in found}))
    starts = [difference.action for difference in found if difference.action is not None]
    position = min(starts) if starts else None
    details = tuple(render(difference, actions) for difference in found)
    departure = tuple(
        (d.general_path, json_text(d.expected, 80), json_text(d.actual, 80)) for d in found
    )
    return Disagreement(
        kind,
        variant,
        "wrong",
        paths,
        details,
        position,
        classify(found).name,
        departure,
        root_class(found).name,
    )
