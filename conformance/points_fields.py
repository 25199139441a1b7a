"""Where a rule field matters, and which fields act together: the conditions under
which a rule point of :mod:`fourhundred.conformance.points` exists.

:data:`APPLIES` (the fields a ``flip`` point reads another way) and :data:`NUMBERS`
(the numbers an ``off-by-one`` point moves), each with where it decides anything;
the field groups the score bands, a bid's value and the end of the game act
through (:data:`BAND_FIELDS`, :data:`VALUE_FIELDS`, :data:`END_FIELDS`); and what a
rule set changes from its base (:func:`changed_fields`, :func:`related`).
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from collections.abc import Callable, Mapping

from fourhundred.conformance import coverage, edges, kinds
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import RULE_FIELDS


def _special(rules: Rules) -> bool:
    return FastRules.of(rules).special_bid is not None


def _rising(rules: Rules) -> bool:
    return rules.own_min_rises or rules.table_min_rises


def _table_switch_lets_it_rise(rules: Rules) -> bool:
    """Whether the table minimum can rise with the scores: not under qahwa's fixed
    switch at 12 or 13 (ambiguity ``qahwa-table-switch``)."""
    return rules.table_min_base == 11 or rules.total_switch != "fixed"


def _table_measure_matters(rules: Rules) -> bool:
    """Whether some four legal bids reach the table minimum counted one way and not the
    other (tricks or values), at the edge scores of :data:`edges.EDGE_GRID`."""
    tricks = FastRules.of(dataclasses.replace(rules, table_measure="tricks"))
    values = FastRules.of(dataclasses.replace(rules, table_measure="values"))
    for score in (edges.PARTNER_EDGE, *edges.EDGE_GRID):
        scores = (score, score, score, score)
        low = tricks.own_minimum_bid(score)
        for bids in itertools.combinations_with_replacement(range(low, rules.max_bid + 1), 4):
            if tricks.hand_is_played(bids, scores) != values.hand_is_played(bids, scores):
                return True
    return False


def _fail_penalty_matters(rules: Rules) -> bool:
    """Whether some legal bid's value differs from its number of tricks (house rule
    ``fail_penalty``: a failed bid costs its value or its tricks)."""
    fast = FastRules.of(rules)
    return any(
        row[bid] != bid
        for row in (fast.value_low, fast.value_high)
        for bid in range(rules.min_bid, rules.max_bid + 1)
        if bid != fast.special_bid
    )


def _table_is_not_face(rules: Rules) -> bool:
    """Whether the value table prices some legal bid otherwise than one point per trick
    (or has a deciding bid): where ``value_scale`` decides anything (a house table of
    face values, ``double_from=none``, is one point per trick already)."""
    fast = FastRules.of(dataclasses.replace(rules, value_scale="table"))
    if fast.special_bid is not None:
        return True
    return any(
        row[bid] != bid
        for row in (fast.value_low, fast.value_high)
        for bid in range(rules.min_bid, rules.max_bid + 1)
    )


#: The fields a ``flip`` point reads another way, each with where it matters.
APPLIES: Mapping[str, Callable[[Rules], bool]] = {
    "bidding_order": lambda r: True,
    "play_order": lambda r: True,
    "own_min_rises": lambda r: True,
    "table_min_rises": lambda r: _table_switch_lets_it_rise(r),
    "table_min_scores": lambda r: r.table_min_rises and _table_switch_lets_it_rise(r),
    "table_measure": lambda r: _table_measure_matters(r),
    "table_comparison": lambda r: True,
    "total_switch": lambda r: r.table_min_base > 11,
    "dealer_may_throw_in": lambda r: True,
    "reduced_scope": lambda r: bool(r.reduced_values) and r.value_scale == "table",
    "value_scale": lambda r: _table_is_not_face(r),
    "eleven_plus_fifty": lambda r: r.value_scale == "table",
    "eleven_plus_thirteen": lambda r: r.eleven_plus_fifty and r.value_scale == "table",
    "thirteen": lambda r: r.value_scale == "table" and r.max_bid >= edges.THIRTEEN,
    "thirteen_win": _special,
    "thirteen_conflict": lambda r: _special(r) and r.thirteen == "win_or_lose_game",
    "thirteen_precedence": lambda r: _special(r) and r.thirteen == "win_or_lose_game",
    "win_measure": lambda r: True,
    "partner_condition": lambda r: True,
    "fail_penalty": lambda r: _fail_penalty_matters(r),
    "both_qualify": lambda r: True,
    "both_qualify_by": lambda r: r.both_qualify == "higher_total",
    "total_tie": lambda r: r.both_qualify == "higher_total",
    "raise_trigger": lambda r: r.both_qualify == "raise_target",
    # The house rule trump=turned read as hearts always (a source's trump has cards/trump).
    "trump": lambda r: r.trump == "turned",
}

#: The numbers an ``off-by-one`` point moves, each with where it matters.
NUMBERS: Mapping[str, Callable[[Rules], bool]] = {
    "target": lambda r: True,
    "min_bid": lambda r: True,
    "max_bid": lambda r: True,
    "own_min_cap": lambda r: r.own_min_rises and r.own_min_cap is not None,
    "table_min_cap": lambda r: r.table_min_rises and r.table_min_cap is not None,
    "table_min_base": lambda r: True,
}

#: The fields the score bands act through (own and table minimum, reduced values).
BAND_FIELDS = frozenset(
    {
        "min_bid",
        "own_min_rises",
        "own_min_cap",
        "table_min_base",
        "table_min_rises",
        "table_min_cap",
        "table_min_scores",
        "total_switch",
        "reduced_values",
        "reduced_scope",
        "value_scale",
    }
)
#: The band fields whose effect shows when all four players hold the same score (not
#: whose score counts: the reduced values' scope, the table minimum's scorer), so that
#: :func:`_bands_differ` on such scores decides whether a change of them shows at all.
UNIFORM_BAND_FIELDS = BAND_FIELDS - {"reduced_scope", "table_min_scores"}
#: The fields a bid's value comes from.
VALUE_FIELDS = frozenset(
    {
        "values",
        "reduced_values",
        "value_scale",
        "eleven_plus_fifty",
        "eleven_plus_thirteen",
        "fail_penalty",
    }
)
#: The fields of the end of the game (the ``game_outcome`` kind's: one list).
END_FIELDS = frozenset(kinds.OUTCOME_FIELDS)


def _domain(name: str) -> tuple[object, ...]:
    """The values a rule field of a few values can take (its ``Literal`` or bool)."""
    hint = typing.get_type_hints(Rules)[name]
    if hint is bool:
        return (False, True)
    return typing.get_args(hint)


def changed_fields(rule_set: coverage.RuleSet) -> frozenset[str]:
    """The rule fields a rule set changes from its base (every field for the defaults)."""
    if rule_set.base is None:
        return frozenset(RULE_FIELDS)
    return frozenset(
        name
        for name in RULE_FIELDS
        if getattr(rule_set.rules, name) != getattr(rule_set.base, name)
    )


def _concerns(rule_set: coverage.RuleSet, fields: frozenset[str] | set[str]) -> bool:
    return bool(changed_fields(rule_set) & fields)


def related(name: str) -> frozenset[str]:
    """The field and the fields that act together with it (:data:`BAND_FIELDS`,
    :data:`VALUE_FIELDS`, :data:`END_FIELDS`): a point on ``name`` applies to every rule
    set that changes one of them, where the point's answer may agree with the default."""
    found = {name}
    for group in (BAND_FIELDS, VALUE_FIELDS, END_FIELDS):
        if name in group:
            found |= group
    return frozenset(found)
