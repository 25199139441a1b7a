"""The rule points: every rule of every variant, option and reading, each with the most
plausible wrong implementation of it.

A *rule point* is one rule at one place an implementation can get it wrong: a
band edge of the own or the table minimum under one rule set, one row edge of
a value table, the partner condition, the target, who deals next, the 13... It
is data: a stable id, the rule sets (variant strings) it applies to, a citation
(source §section, and the register entry where it is a reading), a one-line
description, and a :class:`~fourhundred.conformance.mutants.Mutant` (built
through the public hooks only) that gets exactly that point wrong. The suite
*covers* a point when one of its cases fails under that mutant
(``fourhundred conformance coverage`` lists them; :data:`MAP_PATH` records the
killing cases, and :func:`verify` proves each one kills).

Points are derived, not listed: from the rule sets of
:func:`fourhundred.conformance.coverage.all_rule_sets` (every variant's
defaults, every single option value and reading, the listed combinations),
from the domains of the :class:`~fourhundred.spec.model.Rules` fields, and from
the edges of :mod:`fourhundred.conformance.edges`. A family of points applies
to a variant's defaults and to each rule set that changes one of the fields it
is about, so an option is checked both where it departs from the default and
on the near side of its edge, where it must agree with it. A new variant,
option or reading shows up as new points (or, when no case kills one, as a
gap) without a line here.

The families:

* ``option``: the option or reading is ignored (the engine plays the base);
* ``flip``: a rule field with a few values read as another one (bidding and
  play direction, partner condition, the 13 rules, both-qualify, ties ...),
  where :data:`APPLIES` says the field matters;
* ``off-by-one``: a number of the rules one too high or too low (target,
  smallest and largest bid, the caps and the table minimum's base);
* ``band-early`` / ``band-late``: the last score before a band edge already
  counts as the edge, or the edge still counts as the band below, in every
  rule the band decides (own minimum, table minimum, reduced values), at each
  edge of :mod:`~fourhundred.conformance.edges` where the rules change;
* ``value-early`` / ``value-late``: a value table's row starts one bid early
  or late, at each bid whose value differs from the one below;
* the :data:`BEHAVIOURS` (``made``, ``failed``, ``table``, ``thirteen-alone``,
  ``thirteen-scores``, ``partner-ignored``, ``both-qualify``, ``raise``,
  ``raise-kept``, ``raise-ignored``, ``dealer``, ``leader``,
  ``dealer-after-throw-in``): the comparisons and turn rules a field cannot
  express;
* ``cards``: follow suit, trump and the trick winner (every variant alike);
* ``action``: an illegal action accepted (one engine check forgotten).

Fields no case kind can observe (:data:`UNOBSERVED`: the deal pattern, since
every whole game deals explicit hands; the turn timer, not a rule of play) are
listed as :class:`Unobserved`, with the reason, never as gaps.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fourhundred.conformance import (
    coverage,
    edges,
    mutants,
    points_bid_ceiling,
    points_seat_team,
    points_survivors,
    points_survivors_cards,
    points_survivors_turned,
)
from fourhundred.conformance.mutants import Mutant, fast_variant
from fourhundred.conformance.points_base import Point as Point
from fourhundred.conformance.points_base import RulePoint as RulePoint
from fourhundred.conformance.points_base import Unobserved as Unobserved
from fourhundred.conformance.points_base import cite as cite
from fourhundred.conformance.points_base import rule_set_point as rule_set_point
from fourhundred.conformance.points_fields import APPLIES as APPLIES
from fourhundred.conformance.points_fields import BAND_FIELDS as BAND_FIELDS
from fourhundred.conformance.points_fields import END_FIELDS as END_FIELDS
from fourhundred.conformance.points_fields import NUMBERS as NUMBERS
from fourhundred.conformance.points_fields import UNIFORM_BAND_FIELDS as UNIFORM_BAND_FIELDS
from fourhundred.conformance.points_fields import VALUE_FIELDS as VALUE_FIELDS
from fourhundred.conformance.points_fields import _concerns, _domain, _special
from fourhundred.conformance.points_fields import changed_fields as changed_fields
from fourhundred.conformance.points_fields import related as related
from fourhundred.reference.engine import CHECKS
from fourhundred.reference.fast import FastRules
from fourhundred.spec import sources
from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.spec.registry import get

#: The committed coverage map: every point's killing case ids (written by the generator).
MAP_PATH = Path(__file__).resolve().parent / "points.json"

#: Rule fields no case kind observes, and why (points on them are :class:`Unobserved`).
UNOBSERVED: Mapping[str, str] = {
    "deal_pattern": "every whole game deals explicit hands ('deal N:... W:...'), and no kind "
    "asks for a deal, so no case can see the batches of a deal",
    "turn_time_limit": "a turn timer is not a rule of play; no kind asks about time",
}


def _play_cite(rules: Rules) -> str:
    source = sources.source(get(rules.variant).definition.source)
    return str(source.cite(source.play_section))


def _replace(**changes: Any) -> Callable[[Rules], Rules]:
    return lambda rules: dataclasses.replace(rules, **changes)


# ----------------------------------------------------------------------
# The families
# ----------------------------------------------------------------------


def _option_points(rule_set: coverage.RuleSet) -> Iterator[Point | Unobserved]:
    if rule_set.base is None:
        return
    rules, base, variant = rule_set.rules, rule_set.base, rule_set.variant
    changed = changed_fields(rule_set)
    label = ",".join(f"{name}={value}" for name, value in rule_set.chosen)
    where = cite(rules, *sorted(changed))
    if changed <= UNOBSERVED.keys():
        reason = "; ".join(UNOBSERVED[name] for name in sorted(changed))
        yield Unobserved(f"option/{variant}", (variant,), where, reason)
        return
    if all(name in APPLIES and not APPLIES[name](rules) for name in changed):
        reason = (
            f"{label} changes {', '.join(sorted(changed))}, which decides nothing under "
            f"{variant} (see points.APPLIES)"
        )
        yield Unobserved(f"option/{variant}", (variant,), where, reason)
        return
    if changed <= UNIFORM_BAND_FIELDS and not _bands_differ(rules, base):
        reason = f"{label} changes {', '.join(sorted(changed))} only where nobody can bid"
        yield Unobserved(f"option/{variant}", (variant,), where, reason)
        return
    yield rule_set_point(
        rule_set,
        f"option/{variant}",
        where,
        f"{label} applies ({', '.join(sorted(changed))}), not {base}'s rule",
        f"{variant} played as {base}",
        rules=lambda _: base,
    )


def _fields_in_play(
    rule_set: coverage.RuleSet, table: Mapping[str, Callable[[Rules], bool]]
) -> Iterator[tuple[str, Any]]:
    """The fields of ``table`` that apply under the rule set's rules (by the table) and
    act together with a field the rule set changes (:func:`related`), with their values."""
    changed = changed_fields(rule_set)
    for name, applies in table.items():
        if changed & related(name) and applies(rule_set.rules):
            yield name, getattr(rule_set.rules, name)


def _flip_points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    rules, variant = rule_set.rules, rule_set.variant
    for name, now in _fields_in_play(rule_set, APPLIES):
        for other in _domain(name):
            if other == now:
                continue
            shown = str(other).lower() if isinstance(other, bool) else other
            yield rule_set_point(
                rule_set,
                f"flip/{variant}/{name}={shown}",
                cite(rules, name),
                f"{name} is {now}, not {other}",
                f"{variant} read with {name}={other}",
                rules=_replace(**{name: other}),
            )


def _number_points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    rules, variant = rule_set.rules, rule_set.variant
    for name, now in _fields_in_play(rule_set, NUMBERS):
        assert isinstance(now, int)
        for step in (-1, 1):
            other = now + step
            if name == "max_bid" and other > edges.THIRTEEN + 1:
                continue
            if name in UNIFORM_BAND_FIELDS and not _bands_differ(
                rules, _replace(**{name: other})(rules)
            ):
                continue  # no biddable score shows it (below the floor of 11, past a cap)
            yield rule_set_point(
                rule_set,
                f"off-by-one/{variant}/{name}={other}",
                cite(rules, name),
                f"{name} is {now}, not {other}",
                f"{variant} with {name} {other}",
                rules=_replace(**{name: other}),
            )


def band_edges() -> tuple[int, ...]:
    """The band edges of :mod:`~fourhundred.conformance.edges` a band point may sit on."""
    return (*edges.RISING_EDGES, edges.UNBIDDABLE_EDGE, edges.TABLE_CAP_EDGE)


def _answers_at(fast: FastRules, score: int) -> tuple[object, ...]:
    """Everything the bands decide at one score: own minimum, table minimum, every value."""
    own = fast.own_minimum_bid(score)
    biddable = own <= fast.rules.max_bid
    return (
        own if biddable else None,
        fast.table_minimum((score, score, score, score)) if biddable else None,
        tuple(fast.bid_value(bid, score, score) for bid in range(edges.THIRTEEN + 1)),
    )


def _bands_differ(rules: Rules, other: Rules) -> bool:
    """Whether the band rules of two rule sets answer differently at some score where a
    player can still bid (a cap no biddable score reaches is no rule of play)."""
    one, two = FastRules.of(rules), FastRules.of(other)
    scores = range(-BAND_WIDTH, edges.TABLE_CAP_EDGE + 2 * BAND_WIDTH)
    return any(_answers_at(one, score) != _answers_at(two, score) for score in scores)


def _edge_points(
    rule_set: coverage.RuleSet,
    family: str,
    edges: Iterable[tuple[int, Sequence[bool]]],
    cited: Sequence[str],
    about: Callable[[int], str],
    wrong: Callable[[int, bool], tuple[str, type[FastRules]]],
) -> Iterator[Point]:
    """The points of a rule that changes at ``edges`` of a table (a score band, a row of
    the values), read one step early (the row below an edge read as the edge's row) or
    late (the edge's row read as the one below), on the sides each edge gives (True:
    early): named ``<family>-early/<variant>/<edge>`` (or ``-late``), citing the fields
    ``cited``, described by ``about``; ``wrong`` says what the mutant reads and makes it."""
    rules, variant = rule_set.rules, rule_set.variant
    for edge, sides in edges:
        for early in sides:
            says, fast = wrong(edge, early)
            yield rule_set_point(
                rule_set,
                f"{family}-{'early' if early else 'late'}/{variant}/{edge}",
                cite(rules, *cited),
                about(edge),
                f"{variant}: {says}",
                fast=fast,
            )


def _band_shift(edge: int, early: bool) -> tuple[str, type[FastRules]]:
    """A score beside the band edge ``edge`` read as the score on the other side of it."""
    source, seen_as = (edge - 1, edge) if early else (edge, edge - 1)

    def moved(score: int) -> int:
        return seen_as if score == source else score

    def band(self: FastRules, score: int) -> int:
        return FastRules.band(self, moved(score))

    def bid_value(self: FastRules, bid: int, own_score: int, highest_score: int) -> int:
        return FastRules.bid_value(self, bid, moved(own_score), moved(highest_score))

    return f"a score of {source} counts as {seen_as}", fast_variant(
        f"Band{'Early' if early else 'Late'}{edge}",
        f"A score of {source} counts as {seen_as} in every rule the bands decide.",
        module=__name__,
        band=band,
        bid_value=bid_value,
    )


def _band_points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    if not _concerns(rule_set, BAND_FIELDS):
        return
    fast = FastRules.of(rule_set.rules)
    edges = [
        (edge, (True, False))
        for edge in band_edges()
        if _answers_at(fast, edge - 1) != _answers_at(fast, edge)
    ]
    yield from _edge_points(
        rule_set,
        "band",
        edges,
        ("own_min_rises", "table_min_rises", "reduced_values"),
        lambda edge: (
            f"the band edge at {edge} ({edge - 1} is below it): own minimum, table "
            "minimum and values"
        ),
        _band_shift,
    )


def _value_shift(row: int, early: bool) -> tuple[str, type[FastRules]]:
    """A bid beside the row of the value table that starts at bid ``row`` worth what
    the bid on the other side of it is."""
    source, donor = (row - 1, row) if early else (row, row - 1)

    def bid_value(self: FastRules, bid: int, own_score: int, highest_score: int) -> int:
        return FastRules.bid_value(self, donor if bid == source else bid, own_score, highest_score)

    return f"{source} worth what {donor} is", fast_variant(
        f"Bid{source}WorthBid{donor}",
        f"A bid of {source} is worth what {donor} is.",
        module=__name__,
        bid_value=bid_value,
    )


def _value_points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    rules = rule_set.rules
    if not _concerns(rule_set, VALUE_FIELDS):
        return
    fast = FastRules.of(rules)
    rows = (fast.value_low, fast.value_high)
    edges = [
        (bid, (True, False) if bid != fast.special_bid else (True,))
        for bid in range(rules.min_bid + 1, rules.max_bid + 1)
        if not all(row[bid] == row[bid - 1] for row in rows)
    ]
    yield from _edge_points(
        rule_set,
        "value",
        edges,
        ("values", "reduced_values", "eleven_plus_fifty"),
        lambda bid: (
            f"the value of {bid - 1} and of {bid} (a row of the value table starts at {bid})"
        ),
        _value_shift,
    )


# -- comparisons and turns no field expresses ---------------------------


class _RaisedTargetIgnored(FastRules):
    """A raised target is never in force: the variant's own target decides every hand."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        return super().points_result(scores, self.rules.target)


class _DealerKeptAfterThrowIn(FastRules):
    """After a thrown-in hand the dealer of that hand deals again (the plausible wrong
    rotation: the deal passes only after a played hand)."""

    def next_dealer_after_throw_in(self, dealer: int) -> int:
        return dealer


class _PartnerIgnored(FastRules):
    """The partner condition is not checked: any partner's score allows the win."""

    def partner_ok(self, score: int) -> bool:
        return True


class _ThirteenScores(FastRules):
    """A made 13 that decides the game also scores its value."""

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        if bid == self.special_bid and tricks >= bid:
            return self.bid_value(bid, own_score, highest_score) or edges.THIRTEEN
        return super().score_change(bid, tricks, own_score, highest_score)


@dataclass(frozen=True)
class Behaviour:
    """A rule no single field expresses (a comparison, a turn rule), and its wrong reading."""

    family: str
    #: The rule fields it is about: it applies to the defaults and to every rule set
    #: changing one of them (where :attr:`applies`); the first ones are cited.
    fields: tuple[str, ...]
    applies: Callable[[Rules], bool]
    #: The wrong reading, as a fast-rule variant.
    wrong: type[FastRules]
    description: str


def _always(rules: Rules) -> bool:
    return True


def _raising(rules: Rules) -> bool:
    return rules.both_qualify == "raise_target"


#: Comparisons and turn rules, each with its most plausible wrong reading.
BEHAVIOURS: tuple[Behaviour, ...] = (
    Behaviour("made", ("values",), _always, mutants.MadeNeedsOneMore, "made needs one more trick"),
    Behaviour(
        "failed",
        ("values", "fail_penalty"),
        _always,
        mutants.FailedCostsNothing,
        "a failed bid costs nothing",
    ),
    Behaviour(
        "table",
        ("table_comparison", "table_measure"),
        lambda r: r.table_measure == "tricks" and r.table_comparison == "at_least",
        mutants.StrictTable,
        "the bids must exceed the table minimum",
    ),
    Behaviour(
        "thirteen-alone",
        ("table_measure", "thirteen"),
        lambda r: r.table_measure == "values" and _special(r),
        mutants.ThirteenNotAlone,
        "a 13 does not reach the table minimum on its own",
    ),
    Behaviour(
        "thirteen-scores",
        ("thirteen", "thirteen_win", "thirteen_precedence"),
        _special,
        _ThirteenScores,
        "a made 13 that decides the game scores too",
    ),
    Behaviour(
        "partner-ignored",
        ("partner_condition", "win_measure"),
        lambda r: r.partner_condition != "off",
        _PartnerIgnored,
        "the partner's score is not checked",
    ),
    Behaviour(
        "both-qualify",
        ("both_qualify", "both_qualify_by", "win_measure"),
        lambda r: r.both_qualify == "higher_total",
        mutants.LowerTotalWins,
        "both teams qualify: the lower total wins",
    ),
    Behaviour(
        "raise",
        ("both_qualify", "raise_trigger"),
        _raising,
        mutants.RaiseByFive,
        "a raised target goes up by 5",
    ),
    Behaviour(
        "raise-kept",
        ("both_qualify", "raise_trigger"),
        _raising,
        mutants.RaisedTargetKept,
        "a raised target never falls back",
    ),
    Behaviour(
        "raise-ignored",
        ("both_qualify", "raise_trigger"),
        _raising,
        _RaisedTargetIgnored,
        "a raised target is not in force in the next hands",
    ),
    Behaviour(
        "dealer",
        ("bidding_order",),
        _always,
        mutants.DealerToTheLeft,
        "the deal passes to the left",
    ),
    Behaviour(
        "leader",
        ("bidding_order",),
        _always,
        mutants.DealerLeads,
        "the dealer leads the first trick",
    ),
    Behaviour(
        "dealer-after-throw-in",
        ("dealer_may_throw_in",),
        _always,
        _DealerKeptAfterThrowIn,
        "after a thrown-in hand the same dealer deals again",
    ),
)


def _behaviour_points(rule_set: coverage.RuleSet) -> Iterator[Point]:
    rules, variant = rule_set.rules, rule_set.variant
    for behaviour in BEHAVIOURS:
        if rule_set.base is not None and not _concerns(rule_set, set(behaviour.fields)):
            continue
        if not behaviour.applies(rules):
            continue
        yield rule_set_point(
            rule_set,
            f"{behaviour.family}/{variant}",
            cite(rules, *behaviour.fields),
            f"not: {behaviour.description}",
            f"{rules}: {behaviour.description}",
            fast=behaviour.wrong,
        )


def _unobserved_defaults(rule_set: coverage.RuleSet) -> Iterator[Unobserved]:
    if rule_set.base is not None:
        return
    for name, reason in UNOBSERVED.items():
        yield Unobserved(
            f"unobserved/{rule_set.variant}/{name}",
            (rule_set.variant,),
            cite(rule_set.rules, name),
            reason,
        )


# -- every variant alike ---------------------------------------------------

#: The card rules every source shares, with their mutants (variant-free kinds and games).
_CARD_POINTS: tuple[tuple[str, str, type[FastRules]], ...] = (
    ("follow-suit", "a player must follow the suit led if able", mutants.NoFollowSuit),
    ("trump", "hearts are trumps", mutants.NoTrumps),
    (
        "trick-winner",
        "the highest trump, else the highest card of the suit led, wins",
        mutants.LowestCardWins,
    ),
)


def _shared_points(defaults: Sequence[Rules]) -> Iterator[Point]:
    variants = tuple(str(rules) for rules in defaults)
    play = "; ".join(_play_cite(rules) for rules in defaults)
    for name, what, fast in _CARD_POINTS:
        yield Point(
            f"cards/{name}",
            variants,
            play,
            what,
            Mutant(f"cards/{name}", f"not: {what}", fast=fast),
        )
    yield from points_survivors_cards.card_points(variants, play)
    for check in CHECKS:
        if check.code == "game_over":
            continue
        yield Point(
            f"action/{check.code}",
            variants,
            play,
            f"an action breaking this rule is rejected with {check.code}",
            Mutant(
                f"action/{check.code}",
                f"the engine accepts what {check.code} rejects",
                checks=mutants.forgetting(check.code),
            ),
        )


# ----------------------------------------------------------------------
# The model
# ----------------------------------------------------------------------

_FAMILIES = (
    _option_points,
    _flip_points,
    _number_points,
    _band_points,
    _value_points,
    _behaviour_points,
    points_survivors.points,  # the families grown from cosmic-ray's survivors
    points_seat_team.points,  # a seat's team in a rule that picks a seat (survivors too)
    points_bid_ceiling.points,  # the largest bid beside a score far below zero
    points_survivors_turned.points,  # a turned trump: the deal and the trump (survivors too)
)


def rule_set_points(rule_set: coverage.RuleSet) -> Iterator[Point | Unobserved]:
    """The points of every family under one rule set (one a run declares at run time
    too: :mod:`fourhundred.conformance.house_points`)."""
    for family in _FAMILIES:
        yield from family(rule_set)


#: An interaction family: given a rule set and its points, the points crossing them.
Crossing = Callable[[coverage.RuleSet, Sequence[Point]], Iterator[Point | Unobserved]]


def _crossings() -> tuple[Crossing, ...]:
    """The interaction families (:mod:`~fourhundred.conformance.points_interactions`): each
    crosses a rule set's points with a second rule in play."""
    from fourhundred.conformance import points_interactions

    return points_interactions.FAMILIES


def _crossings_of_every_variant() -> tuple[
    Callable[[Sequence[Rules]], Iterator[Point | Unobserved]], ...
]:
    """The interaction families of every variant alike (rejection precedence), given
    every variant's defaults."""
    from fourhundred.conformance import points_interactions

    return points_interactions.SHARED_FAMILIES


@cache
def model() -> tuple[tuple[Point, ...], tuple[Unobserved, ...]]:
    """Every rule point, and every point no kind can observe, in registry order."""
    rule_sets = coverage.all_rule_sets()
    defaults = [rs.rules for rs in rule_sets if rs.base is None]
    found: list[Point] = list(_shared_points(defaults))
    unobserved: list[Unobserved] = []
    for shared in _crossings_of_every_variant():
        for made_once in shared(defaults):
            if isinstance(made_once, Unobserved):
                unobserved.append(made_once)
            else:
                found.append(made_once)
    for rule_set in rule_sets:
        unobserved.extend(_unobserved_defaults(rule_set))
        made: list[Point | Unobserved] = list(rule_set_points(rule_set))
        own = [point for point in made if isinstance(point, Point)]
        for crossing in _crossings():
            made.extend(crossing(rule_set, own))
        for point in made:
            if isinstance(point, Unobserved):
                unobserved.append(point)
            else:
                found.append(point)
    ids = [point.id for point in found]
    if len(set(ids)) != len(ids):
        raise AssertionError("two rule points share an id")
    return tuple(found), tuple(unobserved)


def points() -> tuple[Point, ...]:
    """Every rule point (see :func:`model`)."""
    return model()[0]


def unobserved() -> tuple[Unobserved, ...]:
    """Every rule point no case kind can observe."""
    return model()[1]


@cache
def by_id() -> Mapping[str, Point]:
    """The rule points by id."""
    return {point.id: point for point in points()}


# ----------------------------------------------------------------------
# Which cases kill which point
# ----------------------------------------------------------------------


def read_map(path: Path = MAP_PATH) -> dict[str, list[str]]:
    """The committed coverage map: point id -> killing case ids (empty when absent)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {key: list(value) for key, value in data["points"].items()}


def map_text(killing: Mapping[str, Sequence[str]], version: str) -> str:
    """The coverage map file's text (points in model order)."""
    body = {"suite_version": version, "points": {key: list(killing[key]) for key in killing}}
    return json.dumps(body, indent=1) + "\n"


#: How many killing case ids the map keeps per point (the first, in suite order).
KEPT = 3


@dataclass(frozen=True)
class Covered:
    """What the suite makes of one rule point: the case ids the coverage map lists for
    it that fail under its mutant (proved here, in this process), and those that do not."""

    point: Point
    killing: tuple[str, ...]
    #: Listed ids that are no case of the suite or do not fail under the mutant.
    false: tuple[str, ...]

    @property
    def covered(self) -> bool:
        """Whether a listed case kills the point's mutant and every listed case does."""
        return bool(self.killing) and not self.false


def check(
    cases: Sequence[Mapping[str, Any]] | None = None,
    recorded: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[Covered], list[str]]:
    """Every rule point with its proved killing cases (:class:`Covered`), and the ids of
    the coverage map that name no rule point (a stale map). Each listed case is
    answered in this process by the point's mutant and compared as the runner does."""
    from fourhundred.conformance.suite import Run, load_cases

    runs_by_id: dict[str, list[Run]] = {}
    for case in load_cases() if cases is None else cases:
        for variant in case["variants"]:
            runs_by_id.setdefault(str(case["id"]), []).append(Run(case, variant))
    listed = read_map() if recorded is None else recorded
    killer = mutants.Killer()
    result = []
    for point in points():
        killing: list[str] = []
        false: list[str] = []
        for case_id in listed.get(point.id, ()):
            runs = [run for run in runs_by_id.get(case_id, ()) if run.variant in point.rule_sets]
            (killing if killer.killing(point.mutant, runs, limit=1) else false).append(case_id)
        result.append(Covered(point, tuple(killing), tuple(false)))
    stale = sorted(set(listed) - set(by_id()))
    return result, stale
