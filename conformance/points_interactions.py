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
  scores before the hand instead of after it (:data:`MOMENTS`; the wrong readings of
  both part families are :mod:`~fourhundred.conformance.points_readings`);
* ``combine/<rule set>/<option>``: a rule set of several options or readings
  played without one of them (each in turn; ``option/`` drops the last ones);
* ``precedence/<code>/<code>``: of two rejections one action earns at once, the
  later judged first (:mod:`~fourhundred.conformance.points_precedence`).

A crossing that cannot occur under a rule set (no raised target, no special 13,
the point's rule not read where the crossing acts) is listed as
:class:`~fourhundred.conformance.points.Unobserved`, one entry per crossing and
rule set, with the reason. Each crossed point carries the inputs the generator
tries first for it (:attr:`~fourhundred.conformance.points.Point.candidates`):
the kinds' grids moved into the crossing's context (:func:`raised_inputs`,
:func:`below_zero_inputs`, :func:`moment_inputs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance import coverage, edges, grids, kinds
from fourhundred.conformance.mutants import Mutant, fast_variant
from fourhundred.conformance.points_base import SEARCHED, Point, Unobserved, cite, unseen
from fourhundred.conformance.points_precedence import precedence_points
from fourhundred.conformance.points_readings import MOMENTS, TARGET_PARTS, anywhere, raise_occurs
from fourhundred.reference.engine import CHECKS
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.spec.registry import RULE_FIELDS, build, get

Json = dict[str, Any]
#: A candidate question: (kind name, input, what it asks).
Candidate = tuple[str, Json, str]

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
#: The fields the throw-in decision reads, by the table measure (the table minimum's).
_TABLE_FIELDS = frozenset(kinds.TABLE_FIELDS)
#: The fields a bid's value reads (the ``bid_value`` kind's).
_VALUE_READ = frozenset(kinds.KINDS["bid_value"].reads)


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
    fields = changed_between(wrong, rules)
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

    fast = fast_variant(
        f"Gated_{name.replace('/', '_')}",
        what,
        module=__name__,
        **{m: opened(m, g) for m, g in gates.items()},
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


@cache
def grid(kind: str, rules: Rules) -> tuple[tuple[Json, str], ...]:
    """A kind's suite grid under ``rules`` (:attr:`~fourhundred.conformance.kinds.Kind.suite_inputs`),
    computed once: the point search reads it for every point of a rule set."""
    inputs = kinds.KINDS[kind].suite_inputs
    return () if inputs is None else tuple(inputs(rules))


@cache
def _outcomes_at(rules: Rules, target: int) -> tuple[tuple[Json, str], ...]:
    return tuple(grids.outcome_inputs_at(rules, target))


@cache
def raised_inputs(rules: Rules) -> tuple[Candidate, ...]:
    """``game_outcome`` hands at every raised target in force (:func:`edges.target_edges`):
    the outcome grid played to each raise, the grid's hands with the target raised, and
    those with one score moved to each side of the partner edge (:func:`edge_moved`)."""
    found: list[Candidate] = []
    for target in edges.target_edges(rules)[1:]:
        hands = [
            *_outcomes_at(rules, target),
            *(
                ({**data, "target_in_force": target}, f"{what}, target {target}")
                for data, what in grid("game_outcome", rules)
            ),
        ]
        found.extend(edge_moved(rules, hands))
    return tuple(found)


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


@cache
def throw_in_inputs(rules: Rules) -> tuple[Candidate, ...]:
    """:func:`throw_in_questions`, computed once per rule set."""
    return tuple(throw_in_questions(rules))


def throw_in_questions(rules: Rules) -> Iterator[Candidate]:
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
        for data, what in grid(entry.name, rules):
            for key, seat in _score_slots(data):
                for score in scores:
                    moved = _with_score(data, key, seat, score)
                    if moved != data and entry.is_valid(rules, moved):
                        where = key if seat is None else f"seat {seat}'s score"
                        yield entry.name, moved, f"{what}; {where} {score} ({label})"


def below_zero_inputs(rules: Rules) -> Iterator[Candidate]:
    """The grids with one score moved far below zero (:data:`FAR_SCORES`), then the
    outcome hands with a seat climbing from there (:func:`climbing_inputs`), then the
    first bids from there (:func:`far_bid_games`), made as they are asked for (the
    point search stops at the first killers; the whole games come last)."""
    yield from _moved(rules, FAR_SCORES, "far below zero")
    yield from climbing_inputs(rules)
    yield from falling_inputs(rules)
    yield from far_bid_games(rules)


@cache
def climbing_inputs(rules: Rules) -> tuple[Candidate, ...]:
    """``game_outcome`` hands at every target in force where one seat starts far below
    zero and makes a bid (:func:`grids.climbing_inputs_at`): both teams may qualify
    with that seat the partner, at equal totals too (the valid ones), computed once."""
    entry = kinds.KINDS["game_outcome"]
    return tuple(
        ("game_outcome", data, what)
        for target in edges.target_edges(rules)
        for data, what in grids.climbing_inputs_at(rules, target, FAR_SCORES)
        if entry.is_valid(rules, data)
    )


@cache
def falling_inputs(rules: Rules) -> tuple[Candidate, ...]:
    """The ``game_outcome`` grid's hands with one seat's bid raised to the lowest that,
    failed on the tricks it takes, ends it far below zero (the valid ones), computed once."""
    entry = kinds.KINDS["game_outcome"]
    found: list[Candidate] = []
    for data, what in grid("game_outcome", rules):
        for seat in range(4):
            for bid in range(data["bids"][seat] + 1, rules.max_bid + 1):
                if data["tricks"][seat] >= bid or bool(rules.is_special_bid(bid)):
                    continue
                bids = [bid if i == seat else b for i, b in enumerate(data["bids"])]
                after = rules.scores_after(data["scores"], bids, data["tricks"])
                if int(after[seat]) > FAR_BELOW_ZERO:
                    continue
                moved = {**data, "bids": bids}
                if entry.is_valid(rules, moved):
                    found.append(
                        ("game_outcome", moved, f"{what}; seat {seat} bids {bid} and falls")
                    )
                break
    return tuple(found)


def far_bid_games(rules: Rules) -> Iterator[Candidate]:
    """Whole games from a position with every seat far below zero (:data:`FAR_SCORES`)
    where the first bidder bids each bid from 0 to one over the own minimum there: an
    own minimum read otherwise below zero accepts or rejects one of them."""
    from fourhundred.conformance.position_games import first_bid_game

    fast = FastRules.of(rules)
    for score in FAR_SCORES:
        for bid in range(min(fast.own_minimum_bid(score) + 1, rules.max_bid) + 1):
            what = f"every seat on {score}; the first bidder bids {bid} (far below zero)"
            yield "whole_game", first_bid_game(rules, score, bid), what


@cache
def moment_inputs(rules: Rules) -> tuple[Candidate, ...]:
    """``game_outcome`` hands where a seat's score may cross the partner edge in the hand
    (:func:`edge_moved`): the outcome grid, 13s included, at every target in force."""
    hands = list(grid("game_outcome", rules))
    for target in edges.target_edges(rules)[1:]:
        hands.extend(_outcomes_at(rules, target))
    return tuple(edge_moved(rules, hands))


#: The crossings of every rule point (see the module docstring).
CROSSINGS: tuple[Crossing, ...] = (
    Crossing(
        "raised",
        "while the target in force is raised",
        {"points_result": _raised(1), "hand_result": _raised(4)},
        raise_occurs,
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
        anywhere,
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
        anywhere,
        lambda rules: frozenset(RULE_FIELDS) - _SCORELESS,
        lambda rules: _SCORE_HOOKS,
        True,
        frozenset(),
        below_zero_inputs,
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
    crossing that cannot occur there, and one naming the points it does not reach. A
    crossed point the point search found no killing question for (:func:`unseen`) is
    :class:`Unobserved`."""
    return _crossed(rule_set, made, unseen())


def searched_points(rule_set: coverage.RuleSet, made: Sequence[Point]) -> Iterator[Point]:
    """The crossed points of ``rule_set`` the point search found no killing question for
    (:func:`unseen`), made with their mutants (for :mod:`~fourhundred.conformance.points_proofs`)."""
    hidden = unseen()
    for point in _crossed(rule_set, made, frozenset()):
        if isinstance(point, Point) and point.id in hidden:
            yield point


def _crossed(
    rule_set: coverage.RuleSet, made: Sequence[Point], hidden: frozenset[str]
) -> Iterator[Point | Unobserved]:
    """:func:`crossed_points`, the crossed points named in ``hidden`` left unobserved."""
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
            if name in hidden:
                yield Unobserved(name, point.rule_sets, point.cite, SEARCHED)
                continue
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
        what = (wrong.__doc__ or part).strip().split("\n\n")[0].replace("\n", " ").rstrip(".")
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
    parts = [(part, right, wrong, raise_occurs) for part, right, wrong in TARGET_PARTS]
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
                rules=_played_as(dropped),
                only=(rules,),
            ),
        )


def _played_as(rules: Rules) -> Callable[[Rules], Rules]:
    """A change of the rules loaded into ``rules``."""
    return lambda loaded: rules


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


#: The interaction families of every variant alike, given every variant's defaults.
SHARED_FAMILIES: tuple[Callable[[Sequence[Rules]], Iterator[Point | Unobserved]], ...] = (
    precedence_points,
)
