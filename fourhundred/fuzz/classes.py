"""Classes of wrongness: how serious a departure from the reference is.

A :class:`Wrongness` names what an implementation got wrong at the first
place its answer departs (:func:`fourhundred.conformance.compare.first_divergence`),
in the terms a user judges a bug by: a wrong winner, a winner where there is
none, a game that goes on when it should end, an illegal action accepted, a
legal one rejected, a wrong rejection code, wrong scores, the wrong dealer...
Each class has a *severity*; when the first divergence holds several
differences (a hand record with wrong scores and a wrong result), the
disagreement takes the most severe of their classes.

:func:`classify` is the one place these classes are defined. The shrinker
keeps a finding's class fixed (:mod:`fourhundred.fuzz.shrink`: it never takes
a smaller input of another, milder, class, so a wrong winner never shrinks
into a tie that plays on), and the signature of a finding starts from it
(:func:`fourhundred.fuzz.compare.signature`).

The game's end, by (expected, actual) result (qahwa §"Winning"; pagat §"Scoring"):

* ``wrong_winner``: each side names a winning team, not the same one;
* ``winner_where_none``: a team wins where the game goes on or is drawn;
* ``no_winner_where_one``: the game goes on or is drawn where a team wins;
* ``draw_plays_on``: a draw (both teams reach the target with equal measure,
  the variant drawing then) where the game goes on;
* ``draw_where_none``: a draw where the game goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.compare import ABSENT, Difference


@dataclass(frozen=True, order=True)
class Wrongness:
    """A class of wrongness: its severity (higher is more serious) and its name."""

    severity: int
    name: str

    def __str__(self) -> str:
        return self.name.replace("_", " ")


def _classes(*entries: tuple[str, int]) -> dict[str, Wrongness]:
    return {name: Wrongness(severity, name) for name, severity in entries}


#: Every class, by name (the severities rank them; the statuses of a failed answer first).
CLASSES: dict[str, Wrongness] = _classes(
    ("crashed", 12),
    ("timeout", 12),
    ("invalid", 11),
    ("protocol", 11),
    ("errored", 11),
    ("wrong_winner", 10),
    ("wrong_end", 9),
    ("winner_where_none", 9),
    ("no_winner_where_one", 9),
    ("draw_plays_on", 8),
    ("draw_where_none", 8),
    ("wrong_decides_game", 8),
    ("accepted_illegal", 8),
    ("rejected_legal", 8),
    ("wrong_rejection", 8),
    ("allows_illegal", 7),
    ("forbids_legal", 7),
    ("plays_thrown_in_hand", 7),
    ("throws_in_played_hand", 7),
    ("wrong_trick_winner", 7),
    ("wrong_scores", 6),
    ("wrong_value", 6),
    ("wrong_target", 6),
    ("wrong_dealer", 5),
    ("hand_ends_early", 5),
    ("hand_ends_late", 5),
    ("wrong_minimum", 5),
    ("wrong_phase", 5),
    ("wrong_code", 4),
    ("wrong_field", 3),
    ("malformed", 2),
)

_WINS = frozenset({"team_0_wins", "team_1_wins"})
#: Fields whose wrong value is the cause of the others that differ with it, and its class.
ROOT_FIELDS = {"scores": "wrong_scores", "minimum": "wrong_minimum"}
#: The classes of a wrong result of the game.
RESULT_CLASSES = frozenset(
    {"wrong_winner", "winner_where_none", "no_winner_where_one", "draw_plays_on", "draw_where_none"}
)
_ENDINGS = frozenset({*_WINS, "draw", "continue"})


def named(name: str) -> Wrongness:
    """The class called ``name`` (another status: ``errored``'s rank)."""
    return CLASSES.get(name) or Wrongness(CLASSES["errored"].severity, name)


def result_class(expected: Any, actual: Any) -> Wrongness:
    """The class of a wrong game result (see the module docstring)."""
    if not isinstance(actual, str) or not isinstance(expected, str):
        return CLASSES["malformed"]  # a list, an object: unhashable, and no result at all
    if actual not in _ENDINGS or expected not in _ENDINGS:
        return CLASSES["malformed"]
    if expected in _WINS:
        return CLASSES["wrong_winner" if actual in _WINS else "no_winner_where_one"]
    if actual in _WINS:
        return CLASSES["winner_where_none"]
    return CLASSES["draw_plays_on" if expected == "draw" else "draw_where_none"]


def _set_class(expected: Any, actual: Any) -> Wrongness:
    """Legal bids or cards: allowing one too many is as serious as forbidding a legal one."""
    if not isinstance(actual, list) or not isinstance(expected, list):
        return CLASSES["malformed"]
    try:
        extra = set(actual) - set(expected)
    except TypeError:
        return CLASSES["malformed"]
    return CLASSES["allows_illegal" if extra else "forbids_legal"]


def _played_class(expected: Any, actual: Any) -> Wrongness:
    if not isinstance(actual, bool):
        return CLASSES["malformed"]
    return CLASSES["throws_in_played_hand" if expected else "plays_thrown_in_hand"]


def _rejection_class(difference: Difference) -> Wrongness:
    if difference.actual is None:
        return CLASSES["accepted_illegal"]
    if difference.expected is None:
        return CLASSES["rejected_legal"]
    return CLASSES["wrong_code"]


def _hand_end_class(difference: Difference) -> Wrongness:
    """A hand record one side has and the other does not, or that ends at another action."""
    if difference.actual is ABSENT:
        return CLASSES["hand_ends_late"]
    if difference.expected is ABSENT:
        return CLASSES["hand_ends_early"]
    expected, actual = difference.expected, difference.actual
    if isinstance(expected, int) and isinstance(actual, int) and not isinstance(actual, bool):
        return CLASSES["hand_ends_early" if actual < expected else "hand_ends_late"]
    return CLASSES["malformed"]


#: The class of a wrong value of each output field (the last part of its path).
_FIELD_CLASSES: dict[str, Any] = {
    "result": lambda d: result_class(d.expected, d.actual),
    "scores": lambda d: CLASSES["wrong_scores"],
    "value": lambda d: CLASSES["wrong_value"],
    "decides_game": lambda d: CLASSES["wrong_decides_game"],
    "bids": lambda d: _set_class(d.expected, d.actual),
    "cards": lambda d: _set_class(d.expected, d.actual),
    "played": lambda d: _played_class(d.expected, d.actual),
    "minimum": lambda d: CLASSES["wrong_minimum"],
    "winner": lambda d: CLASSES["wrong_trick_winner"],
    "target_in_force": lambda d: CLASSES["wrong_target"],
    "dealer": lambda d: CLASSES["wrong_dealer"],
    "after": _hand_end_class,
    "phase": lambda d: CLASSES["wrong_phase"],
}


def difference_class(difference: Difference) -> Wrongness:
    """The class of one difference (see the module docstring)."""
    path = difference.general_path
    if path.startswith("rejected[]"):
        return _rejection_class(difference)
    if path == "hands[]":
        return _hand_end_class(difference)
    if difference.actual is ABSENT or not path:
        return CLASSES["malformed"]
    field = path.rsplit(".", 1)[-1]
    if field not in _FIELD_CLASSES:
        return CLASSES["wrong_field"] if "." in path else CLASSES["malformed"]
    found: Wrongness = _FIELD_CLASSES[field](difference)
    return found


def classify(differences: Iterable[Difference]) -> Wrongness:
    """The class of a first divergence: the most severe class among its differences."""
    return max((difference_class(d) for d in differences), default=CLASSES["malformed"])


def root_class(differences: Iterable[Difference]) -> Wrongness:
    """The class of the *cause* of a first divergence, for telling causes apart: wrong
    scores when the scores differ (a result, a target or a next dealer that differ
    with them follow from them), a wrong table minimum when it differs (whether
    the bids are played follows from it); ``wrong_end`` for any wrong result (one wrong rule of
    the end shows as a wrong winner at some scores and a winner where there is none
    at others); ``wrong_rejection`` for an action rejected that is legal or rejected
    with the wrong code (a turn order gone wrong rejects a legal action at one place
    and gives another code to an illegal one at the next); else :func:`classify`'s."""
    found = tuple(differences)
    fields = {d.general_path.rsplit(".", 1)[-1] for d in found}
    for field, cause in ROOT_FIELDS.items():
        if field in fields:
            return CLASSES[cause]
    found_class = classify(found)
    if found_class.name in RESULT_CLASSES:
        return CLASSES["wrong_end"]
    if found_class.name in ("rejected_legal", "wrong_code"):
        return CLASSES["wrong_rejection"]
    return found_class


#: Rule fields of the game's end (qahwa §"Winning"): a departure about anything else is not about them.
END_FIELDS = frozenset(
    {"target", "win_measure", "partner_condition", "both_qualify", "both_qualify_by"}
    | {"total_tie", "raise_trigger"}
)
#: Rule fields of the bid of 13: a departure where nobody bid 13 is not about them.
THIRTEEN_FIELDS = frozenset(
    {"thirteen", "thirteen_win", "thirteen_conflict", "thirteen_precedence", "eleven_plus_thirteen"}
)
#: Classes that are about the game's end (who wins, a draw, the target in force).
END_CLASSES = frozenset(
    {"wrong_winner", "winner_where_none", "no_winner_where_one", "draw_plays_on"}
    | {"draw_where_none", "wrong_target", "wrong_phase"}
)


def concerned_fields(cites: Iterable[str], wrongness: str, thirteen_bid: bool) -> tuple[str, ...]:
    """The rule fields of ``cites`` a departure of class ``wrongness`` concerns: the
    end-of-game fields only for a class about the end, the 13's only when a 13 was bid
    (a finding about equal totals is not about the 13)."""
    return tuple(
        field
        for field in cites
        if (field not in END_FIELDS or wrongness in END_CLASSES)
        and (field not in THIRTEEN_FIELDS or thirteen_bid)
    )
