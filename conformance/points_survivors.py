"""Rule points grown from cosmic-ray's behaviour-changing survivors, with the cases that
kill them, generated from each survivor's witness.

A survivor of :mod:`fourhundred.conformance.operators` that changes behaviour
(:mod:`fourhundred.conformance.survivors`) shows a class of bug the suite misses; it is
never fixed by its one witness alone. Each one here becomes a *family*
(:class:`~fourhundred.conformance.points_base.Family`): the rule it got wrong, read
wrong in each plausible way (one point early, one point late, the wrong partner), under
every rule set where that rule decides something (:func:`points`, registered in
:data:`fourhundred.conformance.points._FAMILIES`), and the witness, turned into a
template, gives the questions that tell each wrong reading from the rule at each edge
and for each team (:func:`cases`, published by the generator).

The families, each described where it is written:

* :mod:`~fourhundred.conformance.points_survivors_values`, judged on a bid's worth:
  ``special-reaches-minimum-<seat>`` (the table minimum under the values measure) and
  ``fifty-without-<bid>`` (pagat's "eleven and up score 50");
* :mod:`~fourhundred.conformance.points_survivors_outcomes`, judged on a hand's outcome:
  ``thirteen-partner-*`` (``thirteen_win=needs_partner``), ``trigger-*`` (the
  ``reached`` raise trigger) and ``first-seat-*`` (``both_qualify=first_seat``);
* :mod:`~fourhundred.conformance.points_survivors_cards`, every variant alike:
  ``cards/discard-as-rank-N`` (a discard never wins a trick), whose points
  :mod:`fourhundred.conformance.points` reads with the card rules;
* :mod:`~fourhundred.conformance.points_survivors_turned`, judged on whole games:
  ``turned/*`` (a deal's turned card and the trump it makes, ``trump=turned``), whose
  points :mod:`fourhundred.conformance.points` registers beside these.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fourhundred.conformance import (
    coverage,
    kinds,
    points_survivors_outcomes,
    points_survivors_values,
)
from fourhundred.conformance.points_base import Family, cite, rule_set_point

Json = dict[str, Any]

#: Every family but the card rules', in the suite's order (the order of the points and
#: of the cases).
FAMILIES: tuple[Family, ...] = (
    *points_survivors_values.FAMILIES,
    *points_survivors_outcomes.FAMILIES,
)


def points(rule_set: coverage.RuleSet) -> Iterator[Any]:
    """The survivors' rule points of one rule set (see the module docstring)."""
    rules, variant = rule_set.rules, rule_set.variant
    for family in FAMILIES:
        if not family.applies(rules):
            continue
        for name, wrong, description in family.wrong:
            yield rule_set_point(
                rule_set,
                f"{name}/{variant}",
                cite(rules, *family.fields),
                f"not: {description}",
                f"{variant}: {description}",
                fast=wrong,
            )


def cases() -> list[Json]:
    """The killing cases of every family, from its witness template, under every rule
    set where it applies; each answer is the specification's (:mod:`spec`)."""
    found: list[Json] = []
    asked: set[str] = set()
    for rule_set in coverage.all_rule_sets():
        rules = rule_set.rules
        for family in FAMILIES:
            if not family.applies(rules):
                continue
            for kind_name, data, what in family.questions(rules):
                entry = kinds.kind(kind_name)
                question = f"{kind_name} {rule_set.variant} {json.dumps(data, sort_keys=True)}"
                if question in asked or not entry.is_valid(rules, data):
                    continue  # one hand may tell several wrong readings apart: asked once
                asked.add(question)
                found.append(
                    coverage.make_case(
                        "", kind_name, rules, data, entry.spec_answer(rules, data), what
                    )
                )
    return found
