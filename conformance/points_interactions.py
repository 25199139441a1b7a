"""The interaction points: every rule point crossed with a second rule in play.

A rule point of :mod:`fourhundred.conformance.points` is one rule got wrong
everywhere. Engines more often get a rule wrong only where a second rule is in
play: at a raised target, in the decision to throw a hand in, beside a score far
below zero, judged on the scores before the hand instead of after it, or with
one of two readings that combine dropped. Each *crossing* here derives points
systematically from the rule points and the rule sets, never from a list:

* ``raised/<point>``: the point's wrong reading only while the target in force
  is raised (``both_qualify=raise_target``, ambiguity ``both-teams-qualify``),
  for every point of such a rule set whose wrong reading reaches the end of the
  game; and ``target/<rule set>/<part>``: one part of the end rule (the win, the
  raise trigger, the fall-back, the next raise) judged at the base target instead
  of the target in force, or the other way round (:data:`TARGET_PARTS`);
* ``thrown-in/<point>``: the point's wrong reading only in deciding whether the
  four bids are played or the hand is thrown in (:meth:`FastRules.hand_is_played`),
  for every point whose wrong reading reaches that decision;
* ``below-zero/<point>``: the point's wrong reading only in a question with a
  score of :data:`FAR_BELOW_ZERO` or below, for every point whose wrong reading
  reads a score;
* ``before/<rule set>/<part>``: a condition of the end of the hand judged on the
  scores before the hand instead of after it (:data:`MOMENTS`);
* ``combine/<rule set>/<option>``: a rule set of several options or readings
  played without one of them (each in turn; ``option/`` drops the last ones).

A crossing that cannot occur under a rule set (no raised target, no special 13,
the point's rule not read where the crossing acts) is listed as
:class:`~fourhundred.conformance.points.Unobserved`, one entry per crossing and
rule set, with the reason. Each crossed point carries the inputs the generator
tries first for it (:attr:`~fourhundred.conformance.points.Point.candidates`):
the kinds' grids moved into the crossing's context (:func:`raised_inputs`,
:func:`below_zero_inputs`, :func:`moment_inputs`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance import coverage, edges, grids, kinds
from fourhundred.conformance.inputs import dealt_cards
from fourhundred.conformance.mutants import Mutant
from fourhundred.conformance.points_base import Point, Unobserved, cite
from fourhundred.reference.actions import Action, Bid, Deal, Play, ThrowIn, by_seat
from fourhundred.reference.engine import (
    CHECKS,
    Check,
    GameState,
    Phase,
    Reference,
    apply,
    legal_actions,
)
from fourhundred.reference.fast import FastRules
from fourhundred.reference.notation import from_notation, to_notation
from fourhundred.spec.model import BAND_WIDTH, Result, Rules
from fourhundred.spec.registry import RULE_FIELDS, build, get

Json = dict[str, Any]
#: A candidate question: (kind name, input, what it asks).
Candidate = tuple[str, Json, str]
#: The points of one rule set and its unobserved crossings, as :mod:`points` makes them.
Made = Iterator[Any]

#: A score far below zero: three bands under 0, where a band, a table row or a
#: partner test computed without the floor at band 0 goes wrong (ambiguity
#: ``negative-scores``: a negative score is in band 0).
FAR_BELOW_ZERO: int = -3 * BAND_WIDTH
#: The far scores the crossed grids put in a seat: at the edge and past it.
FAR_SCORES: tuple[int, ...] = (FAR_BELOW_ZERO, FAR_BELOW_ZERO - 5, 4 * FAR_BELOW_ZERO)
#: The fields no score is read by (turn order, the dealer's throw-in, the deal,
#: the timer): their wrong reading never meets a score.
_SCORELESS = frozenset(
    {"bidding_order", "play_order", "dealer_may_throw_in", "deal_pattern", "turn_time_limit"}
)
_SCORE_HOOKS = frozenset(
    {
        "band",
        "own_minimum_bid",
        "bid_is_legal",
        "table_minimum",
        "hand_is_played",
        "bid_value",
        "score_change",
        "scores_after",
        "partner_ok",
        "qualifies",
        "points_result",
        "hand_result",
    }
)
#: The fields the throw-in decision reads, by the table measure.
_TABLE_FIELDS = frozenset(
    {
        "table_min_base",
        "table_min_rises",
        "table_min_cap",
        "table_min_scores",
        "total_switch",
        "table_measure",
        "table_comparison",
    }
)
_VALUE_READ = frozenset(
    {
        "values",
        "reduced_values",
        "reduced_scope",
        "value_scale",
        "eleven_plus_fifty",
        "eleven_plus_thirteen",
        "thirteen",
    }
)


# ----------------------------------------------------------------------
# What a point's wrong reading changes
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class Surface:
    """What a rule point's mutant changes under one rule set: rule fields, overridden
    fast-rule methods (none for an engine check forgotten: that is no rule reading)."""

    fields: frozenset[str]
    hooks: frozenset[str]


def surface(point: Any, rules: Rules) -> Surface | None:
    """The :class:`Surface` of ``point`` under ``rules`` (None: it forgets an engine
    check, or changes nothing there)."""
    mutant: Mutant = point.mutant
    if mutant.checks != CHECKS or not mutant.touches(rules):
        return None
    wrong = mutant.rules(rules)
    fields = frozenset(name for name in RULE_FIELDS if getattr(wrong, name) != getattr(rules, name))
    hooks = frozenset(
        name for name in vars(mutant.fast) if not name.startswith("_") and name != "build"
    )
    return Surface(fields, hooks if mutant.fast is not FastRules else frozenset())


# ----------------------------------------------------------------------
# Gated wrong readings: the point's mutant only where the crossing acts
# ----------------------------------------------------------------------

#: A gate: (the fast rules, the method's arguments) -> whether the wrong reading acts.
Gate = Callable[[FastRules, Sequence[Any]], bool]


def gated(mutant: Mutant, gates: Mapping[str, Gate], name: str, what: str) -> Mutant:
    """``mutant``'s wrong reading in the methods of ``gates`` only, each where its gate
    holds; the reference everywhere else. A method the gate opens answers wholly as
    the mutant does (its own calls included); one it keeps closed answers as the
    reference, through the gated methods."""

    def opened(method: str, gate: Gate) -> Callable[..., Any]:
        right = getattr(FastRules, method)

        def answer(self: FastRules, *args: Any) -> Any:
            if gate(self, args):
                wrong = mutant.fast.of(mutant.rules(self.rules))
                return getattr(wrong, method)(*args)
            return right(self, *args)

        answer.__doc__ = f"{right.__doc__} ({what})"
        return answer

    fast = type(
        f"Gated_{name.replace('/', '_')}",
        (FastRules,),
        {"__doc__": what, **{m: opened(m, g) for m, g in gates.items()}},
    )
    return Mutant(name, what, fast=fast, only=mutant.only)


def _raised(position: int) -> Gate:
    return lambda fast, args: int(args[position]) > fast.rules.target


def _far(*positions: int, vectors: tuple[int, ...] = ()) -> Gate:
    def gate(fast: FastRules, args: Sequence[Any]) -> bool:
        scores = [args[i] for i in positions] + [s for i in vectors for s in args[i]]
        return any(isinstance(s, int) and s <= FAR_BELOW_ZERO for s in scores)

    return gate


def _far_hand(fast: FastRules, args: Sequence[Any]) -> bool:
    """A hand with a score far below zero before it or after it."""
    before = args[0]
    after = FastRules.scores_after(fast, before, args[1], args[2])
    return any(s <= FAR_BELOW_ZERO for s in (*before, *after))


def _always(fast: FastRules, args: Sequence[Any]) -> bool:
    return True


@dataclass(frozen=True)
class Crossing:
    """A second rule in play that a rule point's wrong reading may be confined to."""

    family: str
    #: Where the wrong reading acts, as a phrase ("while the target in force is raised").
    context: str
    #: The fast-rule methods it is confined to, each with its gate.
    gates: Mapping[str, Gate]
    #: Whether the crossing can occur under a rule set, and why not.
    occurs: Callable[[Rules], str | None]
    #: The fields and fast-rule methods whose wrong reading the gated methods reach.
    fields: Callable[[Rules], frozenset[str]]
    hooks: Callable[[Rules], frozenset[str]]
    #: Whether it crosses each rule once per rule set (the first point of each rule:
    #: :func:`rule_of`), not every point (every edge) of it.
    per_rule: bool
    #: Point families already confined to this context (crossing them changes nothing).
    inside: frozenset[str]
    #: The questions tried first for a crossed point (the grids moved into the context).
    candidates: Callable[[Rules], Iterable[Candidate]] | None


def _raise_occurs(rules: Rules) -> str | None:
    if rules.both_qualify != "raise_target":
        return (
            f"the target in force is never raised under {rules} (both_qualify={rules.both_qualify})"
        )
    return None


def _anywhere(rules: Rules) -> str | None:
    return None


def _thrown_in_fields(rules: Rules) -> frozenset[str]:
    """The fields the throw-in decision reads: the table minimum's, and the values'
    where the bids are counted in values (``table_measure``)."""
    if rules.table_measure == "values":
        return _TABLE_FIELDS | _VALUE_READ
    return _TABLE_FIELDS


def _thrown_in_hooks(rules: Rules) -> frozenset[str]:
    """The fast-rule methods the throw-in decision calls (values only where counted)."""
    hooks = frozenset({"band", "table_minimum", "hand_is_played"})
    return hooks | {"bid_value"} if rules.table_measure == "values" else hooks


# ----------------------------------------------------------------------
# The grids moved into a crossing's context
# ----------------------------------------------------------------------


def raised_inputs(rules: Rules) -> Iterator[Candidate]:
    """``game_outcome`` hands at every raised target in force (:func:`edges.target_edges`):
    the outcome grid played to each raise, the grid's hands with the target raised, and
    those with one score moved to each side of the partner edge (:func:`edge_moved`)."""
    for target in edges.target_edges(rules)[1:]:
        hands = [
            *grids.outcome_inputs_at(rules, target),
            *(
                ({**data, "target_in_force": target}, f"{what}, target {target}")
                for data, what in grids.game_outcome_suite_inputs(rules)
            ),
        ]
        yield from edge_moved(rules, hands)


def edge_moved(rules: Rules, hands: Iterable[tuple[Json, str]]) -> Iterator[Candidate]:
    """Each ``game_outcome`` hand, then each with one seat's score before the hand moved
    to each side of the partner edge (:data:`edges.PARTNER_EDGE_SCORES`), the valid ones."""
    entry = kinds.KINDS["game_outcome"]
    listed = list(hands)
    for data, what in listed:
        if entry.is_valid(rules, data):
            yield "game_outcome", data, what
    for data, what in listed:
        for seat in range(4):
            for score in edges.PARTNER_EDGE_SCORES:
                moved = _with_score(data, "scores", seat, score)
                if moved != data and entry.is_valid(rules, moved):
                    yield "game_outcome", moved, f"{what}; seat {seat} on {score} before the hand"


def throw_in_inputs(rules: Rules) -> Iterator[Candidate]:
    """``table_minimum`` questions on either side of the table minimum: at each score of
    the edge grid (every seat alike), one seat bids each legal bid and the others rise
    one at a time from their minimums; the bids just short of it and just reaching it."""
    fast = FastRules.of(rules)
    for score in (edges.PARTNER_EDGE, *edges.EDGE_GRID):
        scores = [score] * 4
        low = fast.own_minimum_bid(score)
        for bid in range(low, rules.max_bid + 1):
            bids = [bid, low, low, low]
            for seat in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3):
                before = list(bids)
                if fast.hand_is_played(bids, scores):
                    break
                bids[seat] = min(rules.max_bid, bids[seat] + 1)
            else:
                continue
            for shown in (before, bids):
                what = f"everyone on {score}, bids {shown}: at the table minimum's edge"
                yield "table_minimum", {"scores": scores, "bids": shown}, what


def _score_slots(data: Json) -> Iterator[tuple[str, int | None]]:
    for key in ("own_score", "highest_score"):
        if key in data:
            yield key, None
    if "scores" in data:
        for seat in range(4):
            yield "scores", seat


def _with_score(data: Json, key: str, seat: int | None, score: int) -> Json:
    moved = {
        name: list(value) if isinstance(value, list) else value for name, value in data.items()
    }
    if seat is None:
        moved[key] = score
    else:
        moved[key][seat] = score
    return moved


def _moved(rules: Rules, scores: Sequence[int], label: str) -> Iterator[Candidate]:
    """Every grid question of every pure kind under ``rules`` with one score moved to
    each of ``scores`` in turn (the valid ones)."""
    for entry in kinds.KINDS.values():
        if entry.suite_inputs is None or entry.variant_free:
            continue
        for data, what in entry.suite_inputs(rules):
            for key, seat in _score_slots(data):
                for score in scores:
                    moved = _with_score(data, key, seat, score)
                    if moved != data and entry.is_valid(rules, moved):
                        where = key if seat is None else f"seat {seat}'s score"
                        yield entry.name, moved, f"{what}; {where} {score} ({label})"


def below_zero_inputs(rules: Rules) -> Iterator[Candidate]:
    """The grids with one score moved far below zero (:data:`FAR_SCORES`)."""
    return _moved(rules, FAR_SCORES, "far below zero")


def moment_inputs(rules: Rules) -> Iterator[Candidate]:
    """``game_outcome`` hands where a seat's score may cross the partner edge in the hand
    (:func:`edge_moved`): the outcome grid, 13s included, at every target in force."""
    hands = list(grids.game_outcome_suite_inputs(rules))
    for target in edges.target_edges(rules)[1:]:
        hands.extend(grids.outcome_inputs_at(rules, target))
    return edge_moved(rules, hands)


#: The crossings of every rule point (see the module docstring).
CROSSINGS: tuple[Crossing, ...] = (
    Crossing(
        "raised",
        "while the target in force is raised",
        {"points_result": _raised(1), "hand_result": _raised(4)},
        _raise_occurs,
        lambda rules: frozenset(kinds.OUTCOME_FIELDS),
        lambda rules: frozenset({"partner_ok", "qualifies", "points_result", "hand_result"}),
        False,
        frozenset({"raise-ignored"}),
        raised_inputs,
    ),
    Crossing(
        "thrown-in",
        "only in deciding whether the hand is played or thrown in",
        {"hand_is_played": _always},
        _anywhere,
        _thrown_in_fields,
        _thrown_in_hooks,
        True,
        frozenset({"table", "thirteen-alone"}),
        throw_in_inputs,
    ),
    Crossing(
        "below-zero",
        f"only in a question with a score of {FAR_BELOW_ZERO} or below",
        {
            "own_minimum_bid": _far(0),
            "bid_is_legal": _far(1),
            "table_minimum": _far(vectors=(0,)),
            "hand_is_played": _far(vectors=(1,)),
            "bid_value": _far(1, 2),
            "scores_after": _far(vectors=(0,)),
            "hand_result": _far_hand,
        },
        _anywhere,
        lambda rules: frozenset(RULE_FIELDS) - _SCORELESS,
        lambda rules: _SCORE_HOOKS,
        True,
        frozenset(),
        below_zero_inputs,
    ),
)


# ----------------------------------------------------------------------
# The target in force against the base target, and the moment of a condition
# ----------------------------------------------------------------------

_CONTINUE, _TEAM_0, _TEAM_1 = int(Result.CONTINUE), int(Result.TEAM_0_WINS), int(Result.TEAM_1_WINS)


def _raise_from(fast: FastRules, scores: Sequence[int], target: int) -> bool:
    """Whether the end rule raises ``target`` on these scores (both teams trigger it)."""
    return FastRules.points_result(fast, scores, target)[1] == target + BAND_WIDTH


class _TriggerAtBase(FastRules):
    """The raise trigger judged at the base target while the target in force is raised."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        base = self.rules.target
        if target > base and _raise_from(self, scores, base) != _raise_from(self, scores, target):
            if _raise_from(self, scores, base):
                return _CONTINUE, target + BAND_WIDTH
            return FastRules.points_result(self, scores, base)[0], target
        return super().points_result(scores, target)


class _WinOnlyAtForce(FastRules):
    """While the target in force is raised, a team that qualifies only at the base
    target does not win (the win is judged at the target in force alone)."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        raised = target > self.rules.target and result in (_TEAM_0, _TEAM_1)
        if raised and not self.qualifies(0 if result == _TEAM_0 else 1, scores, target):
            return _CONTINUE, next_target
        return result, next_target


class _FallBackAtForce(FastRules):
    """A raised target falls back when no team qualifies at the target in force (not at
    the base target)."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        base = self.rules.target
        unqualified = not self.qualifies(0, scores, target) and not self.qualifies(
            1, scores, target
        )
        if target > base and next_target == target and unqualified:
            return result, base
        return result, next_target


class _RaiseFromBase(FastRules):
    """A target raised again is raised from the base target, not from the one in force."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        if target > self.rules.target and next_target == target + BAND_WIDTH:
            return result, self.rules.target + BAND_WIDTH
        return result, next_target


#: The parts of the end rule that read a target, each judged at the wrong one.
TARGET_PARTS: tuple[tuple[str, str, type[FastRules]], ...] = (
    ("trigger-at-base", "the raise trigger is judged at the target in force", _TriggerAtBase),
    (
        "win-at-force",
        "a team alone to qualify at the base target wins at a raised one",
        _WinOnlyAtForce,
    ),
    (
        "fall-back-at-force",
        "a raised target falls back when nobody qualifies at the base target",
        _FallBackAtForce,
    ),
    ("raise-from-base", "a raised target is raised again from the target in force", _RaiseFromBase),
)


class _WinBefore(FastRules):
    """The end of the game (who qualifies, a raise, a fall-back) judged on the scores
    before the hand, the hand's scores added after."""

    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        answer = super().hand_result(scores_before, bids, tricks, dealer, target_in_force)
        after = answer[0]
        if self._special_result(bids, tricks, after, dealer) != _CONTINUE:
            return answer
        early, next_target = self.points_result(scores_before, target_in_force)
        return after, early, next_target


@dataclass(frozen=True)
class _Judge(FastRules):
    """The fast rules of one hand whose end reads some scores from before the hand: the
    partner condition of a win (``partners``), a made 13's partner (``thirteen``)."""

    before: tuple[int, ...] = ()
    partners: bool = False
    thirteen: bool = False

    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        if not self.partners:
            return super().qualifies(team, scores, target)
        a, b = scores[team], scores[team + 2]
        ok_a, ok_b = self.partner_ok(self.before[team]), self.partner_ok(self.before[team + 2])
        if self.rules.win_measure == "team_total":
            return a + b >= target and ok_a and ok_b
        return (a >= target and ok_b) or (b >= target and ok_a)

    def _special_result(
        self, bids: Sequence[int], tricks: Sequence[int], after: Sequence[int], dealer: int
    ) -> int:
        return super()._special_result(
            bids, tricks, self.before if self.thirteen else after, dealer
        )


def _judged(fast: FastRules, before: Sequence[int], **moments: bool) -> _Judge:
    right = FastRules.of(fast.rules)
    fields = {f.name: getattr(right, f.name) for f in dataclasses.fields(FastRules)}
    return _Judge(**fields, before=tuple(before), **moments)


class _PartnerBefore(FastRules):
    """The partner condition of a win judged on the partner's score before the hand."""

    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        judge = _judged(self, scores_before, partners=True)
        return judge.hand_result(scores_before, bids, tricks, dealer, target_in_force)


class _ThirteenPartnerBefore(FastRules):
    """A made 13's partner condition judged on the partner's score before the hand."""

    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        judge = _judged(self, scores_before, thirteen=True)
        return judge.hand_result(scores_before, bids, tricks, dealer, target_in_force)


def _partner_matters(rules: Rules) -> str | None:
    if rules.partner_condition == "off":
        return f"{rules} has no partner condition"
    return None


def _thirteen_partner(rules: Rules) -> str | None:
    if FastRules.of(rules).special_bid is None or rules.thirteen_win != "needs_partner":
        return f"no made 13 needs the partner's condition under {rules}"
    return None


#: The conditions of the end of a hand judged before it, each with where it occurs.
MOMENTS: tuple[tuple[str, str, type[FastRules], Callable[[Rules], str | None]], ...] = (
    ("win", "the end of the game is judged on the scores after the hand", _WinBefore, _anywhere),
    (
        "partner",
        "the partner condition reads the partner's score after the hand",
        _PartnerBefore,
        _partner_matters,
    ),
    (
        "thirteen-partner",
        "a made 13's partner condition reads the score after the hand",
        _ThirteenPartnerBefore,
        _thirteen_partner,
    ),
)


# ----------------------------------------------------------------------
# The families
# ----------------------------------------------------------------------


def _family(point: Point) -> str:
    return point.id.split("/", 1)[0]


def crossed_points(
    rule_set: coverage.RuleSet, made: Sequence[Point]
) -> Iterator[Point | Unobserved]:
    """Every point of ``rule_set`` crossed with every :data:`CROSSINGS` entry where its
    wrong reading reaches the methods the crossing acts in; one :class:`Unobserved` per
    crossing that cannot occur there, and one naming the points it does not reach."""
    rules, variant = rule_set.rules, rule_set.variant
    own = [point for point in made if point.rule_sets == (variant,)]
    if not own:
        return
    for crossing in CROSSINGS:
        why = crossing.occurs(rules)
        if why is not None:
            yield Unobserved(
                f"{crossing.family}/{variant}", (variant,), cite(rules, "both_qualify"), why
            )
            continue
        unread: list[str] = []
        crossed: set[str] = set()
        for point in own:
            found = surface(point, rules)
            reaches = found is not None and bool(
                found.fields & crossing.fields(rules) or found.hooks & crossing.hooks(rules)
            )
            if _family(point) in crossing.inside or not reaches:
                unread.append(point.id)
                continue
            if crossing.per_rule:
                if rule_of(point.id) in crossed:
                    continue
                crossed.add(rule_of(point.id))
            name = f"{crossing.family}/{point.id}"
            yield Point(
                name,
                point.rule_sets,
                point.cite,
                f"{point.description}, {crossing.context}",
                gated(
                    point.mutant,
                    crossing.gates,
                    name,
                    f"{point.mutant.description}, {crossing.context}",
                ),
                crossing.candidates,
            )
        if unread:
            families = sorted({_family_of(point_id) for point_id in unread})
            yield Unobserved(
                f"{crossing.family}/{variant}/unread",
                (variant,),
                cite(rules, "bidding_order"),
                f"{len(unread)} points ({', '.join(families)}) change no rule read "
                f"{crossing.context}, or already act only there",
            )


def rule_of(point_id: str) -> str:
    """The rule a point is about, without where it sits: ``band-early/V/30`` and
    ``band-early/V/40`` are one rule (the bands), ``flip/V/f=a`` and ``flip/V/f=b``
    one (the field ``f``), ``off-by-one/V/n=...`` one (the number ``n``)."""
    family, _, rest = point_id.partition("/")
    if family in ("band-early", "band-late"):
        return f"band/{rest.rsplit('/', 1)[0]}"
    if family in ("value-early", "value-late"):
        return f"value/{rest.rsplit('/', 1)[0]}"
    if family in ("flip", "off-by-one"):
        return f"{family}/{rest.split('=', 1)[0]}"
    return point_id


def _family_of(point_id: str) -> str:
    return point_id.split("/", 1)[0]


def _concerns_end(rule_set: coverage.RuleSet) -> bool:
    if rule_set.base is None:
        return True
    return any(
        getattr(rule_set.rules, name) != getattr(rule_set.base, name)
        for name in kinds.OUTCOME_FIELDS
    )


def _part_points(
    rule_set: coverage.RuleSet,
    family: str,
    parts: Iterable[tuple[str, str, type[FastRules], Callable[[Rules], str | None]]],
    candidates: Callable[[Rules], Iterable[Candidate]],
) -> Iterator[Point | Unobserved]:
    rules, variant = rule_set.rules, rule_set.variant
    if not _concerns_end(rule_set):
        return
    where = cite(rules, "both_qualify", "partner_condition", "thirteen_win")
    listed = list(parts)
    reasons = {occurs(rules) for _, _, _, occurs in listed}
    if None not in reasons:
        yield Unobserved(
            f"{family}/{variant}", (variant,), where, "; ".join(sorted(map(str, reasons)))
        )
        return
    for part, right, wrong, occurs in listed:
        name = f"{family}/{variant}/{part}"
        why = occurs(rules)
        if why is not None:
            yield Unobserved(name, (variant,), where, why)
            continue
        what = (wrong.__doc__ or part).strip().split("\n\n")[0].replace("\n", " ")
        yield Point(
            name,
            (variant,),
            where,
            f"not: {what}; {right}",
            Mutant(name, f"{variant}: {what}", fast=wrong, only=(rules,)),
            candidates,
        )


def target_points(
    rule_set: coverage.RuleSet, made: Sequence[Point]
) -> Iterator[Point | Unobserved]:
    """Each part of the end rule that reads a target (:data:`TARGET_PARTS`) judged at
    the other target, where a target can be raised."""
    parts = [(part, right, wrong, _raise_occurs) for part, right, wrong in TARGET_PARTS]
    return _part_points(rule_set, "target", parts, raised_inputs)


def moment_points(
    rule_set: coverage.RuleSet, made: Sequence[Point]
) -> Iterator[Point | Unobserved]:
    """Each condition of the end of a hand (:data:`MOMENTS`) judged before the hand."""
    return _part_points(rule_set, "before", MOMENTS, moment_inputs)


def combine_points(
    rule_set: coverage.RuleSet, made: Sequence[Point]
) -> Iterator[Point | Unobserved]:
    """A rule set of several options or readings played without each of them in turn
    (without all but the first is its ``option/`` point)."""
    rules, variant = rule_set.rules, rule_set.variant
    if rules.is_house or len(rule_set.chosen) < 2:
        return
    source = get(rules.variant)
    for index, (option, value) in enumerate(rule_set.chosen):
        rest = dict(item for i, item in enumerate(rule_set.chosen) if i != index)
        dropped = build(source, rest)
        name = f"combine/{variant}/{option}"
        where = cite(rules, *sorted(changed_between(rules, dropped)))
        if dropped == rule_set.base:
            continue  # the option/ point of the rule set
        if dropped == rules:
            yield Unobserved(
                name, (variant,), where, f"{option}={value} decides nothing beside the others"
            )
            continue
        yield Point(
            name,
            (variant,),
            where,
            f"{option}={value} applies together with the other readings, not dropped",
            Mutant(
                name,
                f"{variant} played without {option}={value}",
                rules=lambda _, d=dropped: d,
                only=(rules,),
            ),
        )


def changed_between(one: Rules, other: Rules) -> frozenset[str]:
    """The rule fields two rule sets set differently."""
    return frozenset(name for name in RULE_FIELDS if getattr(one, name) != getattr(other, name))


#: The interaction families, each given a rule set and the points made for it.
FAMILIES: tuple[
    Callable[[coverage.RuleSet, Sequence[Point]], Iterator[Point | Unobserved]], ...
] = (
    crossed_points,
    target_points,
    moment_points,
    combine_points,
)


# ----------------------------------------------------------------------
# Rejection precedence: two rules an action breaks at once
# ----------------------------------------------------------------------


def _probe_states(rules: Rules) -> Iterator[GameState]:
    """A state of every phase under ``rules``: the deal, the bidding, a trick under way,
    and a game over (every seat on a legal bid; the hand played)."""
    reference = Reference.of(rules)
    deal = reference.new_game(0)
    yield deal
    cards = dealt_cards(7, 52)
    hands = (cards[0:13], cards[13:26], cards[26:39], cards[39:52])
    bidding = apply(deal, Deal((hands[0], hands[1], hands[2], hands[3])))
    yield bidding
    state = bidding
    while state.phase is Phase.BIDDING:
        bids = [a for a in legal_actions(state) if isinstance(a, Bid)]
        state = apply(state, bids[min(len(bids) - 1, 2)])
    if state.phase is Phase.PLAY:
        led = apply(state, legal_actions(state)[0])
        yield led
    over = f"over:NS N {rules.target + 4},10,3,12 {rules.target} -/-/-/- -,-,-,- 0,0,0,0 - - - 5"
    yield from_notation(rules, over.replace(" - - - 5", " - - 5"))


def _probe_actions(state: GameState) -> Iterator[Action]:
    """Every action type, with no seat named, the seat to act and another seat: a deal
    good and bad, bids from 0 to past the largest, a throw-in, cards in the hand of the
    seat to act and not in it."""
    to_act = state.to_act if state.to_act is not None else state.dealer
    hand = state.hands[to_act] if state.hands[to_act] else ()
    others = [c for c in dealt_cards(7, 52) if c not in hand]
    bare: list[Action] = [
        Deal(tuple(dealt_cards(11, 52)[i * 13 : (i + 1) * 13] for i in range(4))),  # type: ignore[arg-type]
        Deal(((others[0],), (others[1],), (others[2],), (others[3],))),
        *(Bid(value) for value in (0, 1, state.rules.min_bid, 4, state.rules.max_bid + 1)),
        ThrowIn(),
        *(Play(card) for card in (*hand, others[0])),
    ]
    for action in bare:
        for seat in (None, to_act, (to_act + 1) % 4):
            yield by_seat(action, seat)


def _breaks(state: GameState, action: Action) -> tuple[str, ...]:
    """The codes of every check ``action`` breaks in ``state`` (each judged alone)."""
    return tuple(check.code for check in CHECKS if check.find(state, action, None) is not None)


@cache
def co_broken(rules: Rules) -> Mapping[tuple[str, str], tuple[str, str]]:
    """For each pair of check codes (earlier, later in :data:`CHECKS`) some probed action
    breaks both: the first such (position, action text) found."""
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for state in _probe_states(rules):
        position = to_notation(state)
        for action in _probe_actions(state):
            broken = _breaks(state, action)
            for i, first in enumerate(broken):
                for second in broken[i + 1 :]:
                    found.setdefault((first, second), (position, str(action)))
    return found


def _reordered(first: str, second: str) -> tuple[Check, ...]:
    """:data:`CHECKS` with ``second`` moved just before ``first``."""
    moved = next(check for check in CHECKS if check.code == second)
    order: list[Check] = []
    for check in CHECKS:
        if check.code == first:
            order.append(moved)
        if check.code != second:
            order.append(check)
    return tuple(order)


def _precedence_inputs(first: str, second: str) -> Callable[[Rules], Iterator[Candidate]]:
    def inputs(rules: Rules) -> Iterator[Candidate]:
        probe = co_broken(rules).get((first, second))
        if probe is not None:
            position, action = probe
            what = f"{action} breaks {first} and {second}: {first} comes first"
            yield "whole_game", {"position": position, "actions": [action]}, what

    return inputs


def precedence_points(defaults: Sequence[Rules]) -> Iterator[Point | Unobserved]:
    """Every pair of rejection checks, earlier and later in :data:`CHECKS`: the later one
    judged first (the codes' precedence swapped), where some action of every phase
    breaks both; else unobserved (each check looks only at its own rule)."""
    variants = tuple(str(rules) for rules in defaults)
    codes = [check.code for check in CHECKS]
    where = "; ".join(dict.fromkeys(cite(rules, "bidding_order") for rules in defaults))
    for i, first in enumerate(codes):
        for second in codes[i + 1 :]:
            name = f"precedence/{first}/{second}"
            shown = [str(r) for r in defaults if (first, second) in co_broken(r)]
            if not shown:
                yield Unobserved(
                    name,
                    variants,
                    where,
                    f"no action in the deal, the bidding, a trick or after the game breaks both "
                    f"{first} and {second} (each check looks only at its own rule: "
                    "reference.engine.CHECKS)",
                )
                continue
            yield Point(
                name,
                tuple(shown),
                where,
                f"an action breaking {first} and {second} is rejected with {first}",
                Mutant(name, f"{second} judged before {first}", checks=_reordered(first, second)),
                _precedence_inputs(first, second),
            )


#: The interaction families of every variant alike, given every variant's defaults.
SHARED_FAMILIES: tuple[Callable[[Sequence[Rules]], Iterator[Point | Unobserved]], ...] = (
    precedence_points,
)
