"""Whether a rule field says anything about a variant: the one predicate the pages use.

Every :class:`~fourhundred.spec.model.Rules` value carries every field, but
some fields only matter once another rule is in force: a cap on the own
minimum means nothing where the minimum never rises, a rule about what a
made 13 wins means nothing where 13 is an ordinary bid. :func:`applies`
answers that question for one field of one rule set, from the rule values
and rule functions themselves (never from a list of variant names), and
:func:`not_applicable_reason` says why not in words. The comparison matrix,
the rules pages and the how-to-play prose read this module and nothing
else; ``tests/test_docs_generators.py`` checks it against the rule functions
on mutated rule sets (a field that "does not apply" must change nothing the
rule functions compute, and one that applies must change something).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from fourhundred.spec.cards import TRICKS_PER_HAND
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

#: Scores at which the table-minimum switch is probed (below 30, then every band to 60).
_PROBE_SCORES = (0, BAND_START, BAND_START + BAND_WIDTH, BAND_START + 3 * BAND_WIDTH)
_TOTAL_SWITCHES = ("floor", "offset", "fixed")


def thirteen_decides(rules: Rules) -> bool:
    """Whether a bid of 13 decides the game in this rule set (rather than scoring points)."""
    return bool(rules.is_special_bid(TRICKS_PER_HAND))


def switch_changes_minimum(rules: Rules) -> bool:
    """Whether the way the table-minimum switch combines with the rise changes any minimum.

    Probed on :meth:`Rules.table_minimum` itself: with the switch at the
    standard minimum, every way of combining gives the same numbers.
    """
    minimums = {
        tuple(
            int(dataclasses.replace(rules, total_switch=way).table_minimum([score, 0, 0, 0]))
            for score in _PROBE_SCORES
        )
        for way in _TOTAL_SWITCHES
    }
    return len(minimums) > 1


def _priced_by_table(rules: Rules) -> bool:
    return rules.value_scale == "table"


@dataclass(frozen=True)
class Condition:
    """When a field applies, in words and as a test on the rule set."""

    holds: Callable[[Rules], bool]
    only_where: str


#: Fields that apply only under a condition on the other rules. Every other field
#: applies to every rule set.
CONDITIONS: dict[str, Condition] = {
    "values": Condition(_priced_by_table, "bids are priced by a table"),
    "reduced_values": Condition(_priced_by_table, "bids are priced by a table"),
    "eleven_plus_fifty": Condition(_priced_by_table, "bids are priced by a table"),
    "thirteen": Condition(
        lambda r: (
            _priced_by_table(r)
            and not (r.eleven_plus_fifty and r.eleven_plus_thirteen == "scores_50")
        ),
        "a bid of 13 keeps a rule of its own",
    ),
    "own_min_cap": Condition(lambda r: r.own_min_rises, "the own minimum rises with the score"),
    "table_min_cap": Condition(lambda r: r.table_min_rises, "the table minimum rises"),
    "table_min_scores": Condition(lambda r: r.table_min_rises, "the table minimum rises"),
    "total_switch": Condition(
        switch_changes_minimum, "a table-minimum switch above the standard 11 is chosen"
    ),
    "reduced_scope": Condition(
        lambda r: bool(r.reduced_values) and _priced_by_table(r),
        "some bids are worth less from 30 points",
    ),
    "eleven_plus_thirteen": Condition(
        lambda r: r.eleven_plus_fifty and _priced_by_table(r),
        "the rule that 11 or more scores 50 is on",
    ),
    "thirteen_win": Condition(thirteen_decides, "a bid of 13 decides the game"),
    "thirteen_conflict": Condition(
        lambda r: thirteen_decides(r) and r.thirteen == "win_or_lose_game",
        "a failed 13 loses the game",
    ),
    "thirteen_precedence": Condition(thirteen_decides, "a bid of 13 decides the game"),
    "both_qualify_by": Condition(
        lambda r: r.both_qualify == "higher_total",
        "the higher total decides when both teams qualify",
    ),
    "total_tie": Condition(
        lambda r: r.both_qualify == "higher_total",
        "the higher total decides when both teams qualify",
    ),
    "raise_trigger": Condition(
        lambda r: r.both_qualify == "raise_target",
        "the target rises when both teams qualify",
    ),
}

#: What a cell says for a rule that does not apply.
DOES_NOT_APPLY = "does not apply"


def applies(field: str, rules: Rules) -> bool:
    """Whether ``field`` of ``rules`` can change anything the rules decide."""
    condition = CONDITIONS.get(field)
    return condition is None or bool(condition.holds(rules))


def not_applicable_reason(field: str) -> str:
    """Why a field may not apply: 'applies only where …' (empty for unconditional fields)."""
    condition = CONDITIONS.get(field)
    return "" if condition is None else f"applies only where {condition.only_where}"
