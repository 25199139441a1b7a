"""Engines that play one table's house rules, each written by hand on the fast rules
(not loaded from the house-rules string): ``house_tables.py TABLE exact`` declares the
table's house-rules string ``"exact"``; ``house_tables.py TABLE plain`` claims the
plain source variant instead (and should fail). Whatever a case's variant string
says, the engine plays its one table.

* ``min2-face``: Syrian 41 with a minimum bid of 2 and face values (no doubling);
* ``team80``: Syrian 41 won on a team total of 80, both partners at 0 or more;
* ``fail-tricks``: Syrian 41 where a failed bid costs its tricks, not its value;
* ``turned``: Syrian 41 with a minimum bid of 2, face values, and trump from the card
  the dealer turns (the suit of their last card, as in whist);
* ``to150-free``: Syrian 41 to 150 without the partner condition, a house string the
  suite was not generated for (its rule points are derived at run time).

A table ending in ``-bug`` or ``-target`` plays it with one planted mistake (and should fail under
its exact declaration): ``turned-bug`` keeps hearts trumps whatever is turned,
``to150-free-bug`` keeps the partner condition, ``to150-free-target`` ends at 149.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from _common import messages, send

from fourhundred.conformance.adapter import hello
from fourhundred.conformance.kinds import kind
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load


class MinimumTwoFaceValues(FastRules):
    """Every bid from 2, each worth its number of tricks."""

    def own_minimum_bid(self, own_score: int) -> int:
        return 2

    def bid_value(self, bid: int, own_score: int, highest_score: int) -> int:
        return bid if 0 <= bid <= 13 else 0


class TeamTotal(FastRules):
    """The partners' scores added must reach the target (set to 80), neither partner
    below zero."""

    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        a, b = scores[team], scores[team + 2]
        return a + b >= target and a >= 0 and b >= 0


class FailedBidCostsTricks(FastRules):
    """A failed bid loses as many points as tricks were bid."""

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        if tricks >= bid:
            return super().score_change(bid, tricks, own_score, highest_score)
        return -bid


class TurnedTrumpMinimumTwo(MinimumTwoFaceValues):
    """Face values from a bid of 2, and the suit of the turned card is trumps."""

    def trump_suit(self, turned_suit: str | None) -> str:
        return turned_suit or "H"


class HeartsWhateverIsTurned(TurnedTrumpMinimumTwo):
    """The planted mistake: the turned card is dealt, but hearts stay trumps."""

    def trump_suit(self, turned_suit: str | None) -> str:
        return "H"


class NoPartnerCondition(FastRules):
    """One partner on the target wins, whatever the other partner's score."""

    def partner_ok(self, score: int) -> bool:
        return True


class PartnerConditionKept(FastRules):
    """The planted mistake: the partner condition of Syrian 41 is kept."""


SYRIAN = load("pagat-41")
#: Turned trumps as an engine's own switch (the deal states the turned card).
TURNED = dataclasses.replace(SYRIAN, trump="turned")
TO_150 = dataclasses.replace(SYRIAN, target=150)
TO_150_FREE = "pagat-41(target=150,partner_condition=off)"
TURNED_TABLE = "pagat-41(min_bid=2,double_from=none,trump=turned)"
#: table -> (its house-rules string, the engine's rules, its fast rules class)
TABLES: Mapping[str, tuple[str, Rules, type[FastRules]]] = {
    "min2-face": ("pagat-41(min_bid=2,double_from=none)", SYRIAN, MinimumTwoFaceValues),
    "team80": (
        "pagat-41(win_measure=team_total,target=80,partner_condition=non_negative)",
        dataclasses.replace(SYRIAN, target=80),  # a configurable target, as engines have
        TeamTotal,
    ),
    "fail-tricks": ("pagat-41(fail_penalty=tricks)", SYRIAN, FailedBidCostsTricks),
    "turned": (TURNED_TABLE, TURNED, TurnedTrumpMinimumTwo),
    "turned-bug": (TURNED_TABLE, TURNED, HeartsWhateverIsTurned),
    "to150-free": (TO_150_FREE, TO_150, NoPartnerCondition),
    "to150-free-bug": (TO_150_FREE, TO_150, PartnerConditionKept),
    "to150-free-target": (
        TO_150_FREE,
        dataclasses.replace(SYRIAN, target=149),
        NoPartnerCondition,
    ),
}

table, declaration = sys.argv[1], sys.argv[2]
exact, rules, fast = TABLES[table]
engine = Reference(fast.of(rules))
greeting = hello("reference")
if declaration == "exact":
    greeting["variants"] = {}
    greeting["exact"] = [exact]
else:
    greeting["variants"] = {"pagat-41": []}
answer: Callable[[str, Any], Any] = lambda name, data: kind(name).fast_answer(engine, data)  # noqa: E731

for message in messages(greeting):
    case = message["case"]
    send({"seq": message["seq"], "result": answer(case["kind"], case["input"])})
