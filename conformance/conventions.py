"""The conventions of ``ADAPTERS.md`` a failure may come from, named in the reports.

Some failures are no broken rule but an adapter that reads a convention of the
protocol otherwise: seats numbered another way, the score a deciding 13 leaves,
an action text screened in the adapter, the order of the rejection codes. Each
convention is one :class:`Convention` of :data:`CONVENTIONS`: an id, the anchor
of its paragraph in ``ADAPTERS.md`` (an ``<a id="convention-…">`` there, which
``tests/test_conformance_conventions.py`` holds one to one with this table), the
convention in one line, and what a failure it settles looks like: its kind, the
general path of a first difference (:attr:`~fourhundred.conformance.compare.Difference.general_path`,
``fnmatch`` patterns) and, where it says more, patterns of the expected and
actual values there, of the action text there (whole games) or of the input.
:func:`conventions_of` matches an outcome to them; the console, Markdown and
JUnit failure entries and the JSON-lines outcome records name what matched.
A match is a pointer to read, not a verdict: a scoring bug and a convention read
otherwise can fail alike.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import compare
from fourhundred.conformance.runner import Outcome

#: Where the conventions are written (relative to the package, as published).
DOCUMENT = "conformance/ADAPTERS.md"


@dataclass(frozen=True)
class Convention:
    """One convention of ``ADAPTERS.md``, and the failures it may settle."""

    id: str
    #: The convention in one line (what the paragraph at :attr:`anchor` says).
    says: str
    #: The kinds whose failures it may settle.
    kinds: tuple[str, ...]
    #: ``fnmatch`` patterns of the general path of a first difference.
    paths: tuple[str, ...]
    #: Regular expressions the JSON of the expected / actual value there must match.
    expected: str = ""
    actual: str = ""
    #: A regular expression the action text at the difference must match (whole games).
    action: str = ""
    #: A regular expression the case's input (as JSON) must match.
    input: str = ""
    #: The actual value holds the expected one's items in another order (a list by seat
    #: read from another seat).
    reordered: bool = False

    @property
    def anchor(self) -> str:
        """The anchor of its paragraph in ``ADAPTERS.md``."""
        return f"convention-{self.id}"

    @property
    def link(self) -> str:
        """Where to read it: ``conformance/ADAPTERS.md#convention-…``."""
        return f"{DOCUMENT}#{self.anchor}"


_SCORES = ("scores", "hands[].scores", "final.scores")
_CODE = r'^"[a-z_]+"$'

#: Every convention of ADAPTERS.md a failure may come from.
CONVENTIONS: tuple[Convention, ...] = (
    Convention(
        "seats",
        "seats are 0 North, 1 West, 2 South, 3 East; every list of four is by seat, "
        "and team 0 is North-South",
        ("hand_scoring", "game_outcome", "table_minimum", "whole_game"),
        _SCORES,
        reordered=True,
    ),
    Convention(
        "deciding-13",
        "where a made 13 decides the game, the hand is still scored, the bidder of the "
        "13 keeps the score before the hand, and the target in force does not change",
        ("hand_scoring", "game_outcome", "whole_game"),
        (*_SCORES, "target_in_force", "hands[].target_in_force"),
        input=r'"bids": \[[^\]]*\b13\b|\bbid 13\b',
    ),
    Convention(
        "deciding-13-value",
        "a bid that wins or loses the whole game has the value null, and decides_game "
        "says whether a made one ends it",
        ("bid_value",),
        ("value", "decides_game"),
        input=r'"bid": 13\b',
    ),
    Convention(
        "forward-actions",
        "forward every action text to the engine, pass included, and map its refusal to "
        "a code: there is no pass in 400 or 41, so pass is not_an_action",
        ("whole_game",),
        ("rejected[]",),
        expected=r'^"not_an_action"$',
    ),
    Convention(
        "precedence",
        "an action wrong in several ways is rejected with the first code that applies, "
        "in the order of the list",
        ("whole_game",),
        ("rejected[]",),
        expected=_CODE,
        actual=_CODE,
    ),
    Convention(
        "seat-prefix",
        "an action 'W: ...' names the seat that makes it: not_your_turn if that seat is "
        "not the one to act, else judged as without the prefix",
        ("whole_game",),
        ("rejected[]",),
        action=r"^[NWSE]: ",
    ),
    Convention(
        "hand-records",
        "a hand record's after is the index of the action that ended the hand "
        "(the 13th trick's last card, the last bid of a thrown-in hand, the throw-in)",
        ("whole_game",),
        ("hands[].after",),
    ),
    Convention(
        "game-over-dealer",
        "the dealer of a hand record is the next hand's, null once the game is over",
        ("whole_game",),
        ("hands[].dealer",),
        expected=r"^null$",
    ),
    Convention(
        "cards",
        "cards are two characters, rank then suit (T for ten: TH), hearts trump",
        ("legal_plays", "trick_winner", "whole_game"),
        ("*",),
        actual=r"\b10[CDHS]\b|\b[2-9TJQKA][cdhs]\b",
    ),
)

#: The conventions by id.
BY_ID = {convention.id: convention for convention in CONVENTIONS}


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _reordered(expected: Any, actual: Any) -> bool:
    return (
        isinstance(expected, list)
        and isinstance(actual, list)
        and expected != actual
        and Counter(map(_json, expected)) == Counter(map(_json, actual))
    )


def _settles(
    convention: Convention,
    difference: compare.Difference,
    actions: Sequence[Any],
    data: str,
) -> bool:
    if not any(fnmatch.fnmatchcase(difference.general_path, p) for p in convention.paths):
        return False
    if convention.expected and not re.search(convention.expected, _json(difference.expected)):
        return False
    if convention.actual and not re.search(convention.actual, _json(difference.actual)):
        return False
    if convention.action:
        at = difference.action
        text = actions[at] if at is not None and 0 <= at < len(actions) else None
        if not isinstance(text, str) or not re.search(convention.action, text):
            return False
    if convention.input and not re.search(convention.input, data):
        return False
    return not convention.reordered or _reordered(difference.expected, difference.actual)


def conventions_of(outcome: Outcome) -> tuple[Convention, ...]:
    """The conventions that may settle a failing outcome (none for any other): those
    whose kind is the case's and that one of its first differences matches."""
    if outcome.status != "fail":
        return ()
    run = outcome.run
    differences = compare.compare(run.kind, run.case["expected"], outcome.actual)
    shown = compare.first_divergences(differences)
    data = run.case["input"]
    actions = data.get("actions", ()) if isinstance(data, dict) else ()
    text = _json(data)
    return tuple(
        convention
        for convention in CONVENTIONS
        if run.kind in convention.kinds
        and any(_settles(convention, difference, actions, text) for difference in shown)
    )


def convention_lines(outcome: Outcome) -> list[str]:
    """One line per convention that may settle the outcome: ``see <link>: <says>``."""
    return [
        f"convention: {convention.link} ({convention.says})"
        for convention in conventions_of(outcome)
    ]
