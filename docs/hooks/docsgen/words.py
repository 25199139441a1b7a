"""One vocabulary for people: seats, teams and results as every page writes them.

The spec numbers the seats 0-3 (:data:`fourhundred.spec.cards.SEAT_NAMES`: N,
W, S, E) and the teams 0-1 (:data:`~fourhundred.spec.cards.TEAMS`), and a
hand's outcome is a :class:`~fourhundred.spec.model.Result` code; the
conformance cases write results as ``team_0_wins`` and the like
(:data:`fourhundred.conformance.game_records.RESULT_NAMES`), transcripts as
``north-south``. People read none of those: every generated page (rules,
worked examples, ledger, matrix) writes seats as North, East, South, West,
teams as North–South and East–West, and results as "North–South win",
"East–West win", "draw" or "play goes on", through the functions here, which
are derived from those enums and tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fourhundred.conformance.game_records import RESULT_NAMES
from fourhundred.spec.cards import SEAT_NAMES, TEAMS
from fourhundred.spec.model import Result

#: The compass word of each seat letter of the spec.
_COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: Compass order, in which a pair of seats is named ("North–South", "East–West").
_COMPASS_ORDER = "NESW"


def seat(number: int) -> str:
    """A seat as people name it: ``seat(0)`` is 'North'."""
    return _COMPASS[SEAT_NAMES[number]]


def team(number: int) -> str:
    """A team as people name it: its two seats in compass order, 'North–South' or 'East–West'."""
    letters = sorted((SEAT_NAMES[s] for s in TEAMS[number]), key=_COMPASS_ORDER.index)
    return "–".join(_COMPASS[letter] for letter in letters)


def team_of_seat(number: int) -> str:
    """The team a seat belongs to."""
    return team(next(index for index, seats in enumerate(TEAMS) if number in seats))


def result(code: int | str) -> str:
    """A hand's outcome in words, from a :class:`Result` code or a case's result name."""
    if isinstance(code, str):
        by_name = {name: number for number, name in RESULT_NAMES.items()}
        if code not in by_name:
            raise ValueError(f"unknown result {code!r}; known: {', '.join(by_name)}")
        code = by_name[code]
    outcome = Result(code)
    if outcome is Result.CONTINUE:
        return "no winner yet: play goes on"
    if outcome is Result.DRAW:
        return "draw"
    return f"{team(0 if outcome is Result.TEAM_0_WINS else 1)} win"


def result_legend() -> str:
    """Every result code and name with its meaning, for pages that show raw data."""
    return "; ".join(
        f"`{number}` or `{name}`: {result(number)}" for number, name in RESULT_NAMES.items()
    )


def seats_in_order() -> str:
    """The seat numbers as the data writes them: '0 North, 1 West, 2 South, 3 East'."""
    return ", ".join(f"{n} {seat(n)}" for n in range(len(SEAT_NAMES)))


#: Keys of raw data (counterexamples, case inputs) that hold a seat number.
SEAT_KEYS = frozenset({"dealer", "leader", "seat", "winner", "bidder", "player", "first_leader"})


def _is_result_key(key: str) -> bool:
    return "result" in key or key == "by_points"


def explain_codes(data: Any, path: str = "") -> list[str]:
    """The seat and result codes in a piece of raw data, each explained in words.

    ``explain_codes({"result": 3, "dealer": 0})`` gives
    ``["result 3 = draw", "dealer 0 = North"]``.
    """
    found: list[str] = []
    if isinstance(data, Mapping):
        for key, value in data.items():
            name = f"{path}.{key}" if path else str(key)
            if isinstance(value, int) and not isinstance(value, bool):
                if _is_result_key(str(key)) and value in RESULT_NAMES:
                    found.append(f"{name} {value} = {result(value)}")
                elif str(key) in SEAT_KEYS and 0 <= value < len(SEAT_NAMES):
                    found.append(f"{name} {value} = {seat(value)}")
            elif isinstance(value, str) and _is_result_key(str(key)):
                if value in RESULT_NAMES.values():
                    found.append(f"{name} {value} = {result(value)}")
            else:
                found.extend(explain_codes(value, name))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            found.extend(explain_codes(item, f"{path}[{index}]"))
    return list(dict.fromkeys(found))


def _data_spellings() -> dict[str, str]:
    """How data and older text spell teams and results, and the words people read instead."""
    spellings = {name: result(number) for number, name in RESULT_NAMES.items() if "team" in name}
    for number, seats in enumerate(TEAMS):
        compass = [_COMPASS[SEAT_NAMES[s]] for s in seats]
        for joiner in ("-", "–"):
            spellings[joiner.join(compass)] = team(number)
            spellings[joiner.join(reversed(compass))] = team(number)
    return {data: words for data, words in spellings.items() if data != words}


def for_people(text: str) -> str:
    """Text from data (a case's description) with teams and results in the site's words."""
    for data, words in _data_spellings().items():
        text = text.replace(data, words)
    return text
