"""Engines that play one table's house rules, each written by hand on the fast rules
(not loaded from the house-rules string): ``house_tables.py TABLE exact`` declares the
table's house-rules string ``"exact"``; ``house_tables.py TABLE plain`` claims the
plain source variant instead (and should fail). Whatever a case's variant string
says, the engine plays its one table.

* ``min2-face``: Syrian 41 with a minimum bid of 2 and face values (no doubling);
* ``team80``: Syrian 41 won on a team total of 80, both partners at 0 or more;
* ``fail-tricks``: Syrian 41 where a failed bid costs its tricks, not its value.
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


SYRIAN = load("pagat-41")
#: table -> (its house-rules string, the engine's rules, its fast rules class)
TABLES: Mapping[str, tuple[str, Rules, type[FastRules]]] = {
    "min2-face": ("pagat-41(min_bid=2,double_from=none)", SYRIAN, MinimumTwoFaceValues),
    "team80": (
        "pagat-41(win_measure=team_total,target=80,partner_condition=non_negative)",
        dataclasses.replace(SYRIAN, target=80),  # a configurable target, as engines have
        TeamTotal,
    ),
    "fail-tricks": ("pagat-41(fail_penalty=tricks)", SYRIAN, FailedBidCostsTricks),
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
