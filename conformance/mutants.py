"""Mutation testing of the suite: does it notice when one rule is changed?

Each mutant is one single-point change to the behaviour of the reference
engine: a value in a bid table, a band edge, a comparison, the partner
condition, the target, who deals or leads next, the follow-suit check, the
trump rule... A mutant is a *value*, never a patch: it turns the reference's
configuration (:class:`fourhundred.reference.engine.Reference`: the fast
rules, which carry every rule the engine applies, and the engine's rejection
checks) into the mutated one, in one of three typed ways, or several:

* ``rules``: a change of the :class:`Rules` a variant loads (a field, a
  table entry: :func:`field` and :func:`value`, by ``dataclasses.replace``);
* ``fast``: a *fast-rule variant*, a :class:`FastRules` subclass overriding
  public methods (the band of a score, the points result, who deals or leads
  next, the trick's winner, the legal plays...; see the classes below);
  overriding anything else is refused when the mutant is built;
* ``checks``: the engine's ordered :data:`~fourhundred.reference.engine.CHECKS`
  without one (:func:`forgetting`).

A mutant may be restricted to some rule sets (``only``): it plays the reference
everywhere else, so a point of one option or reading is exactly that point.
No module attribute changes, so nothing a refactor renames can silently
disarm a mutant (``tests/test_conformance_adapters.py`` holds it). The
adapter's ``--mutant NAME`` (``python -m fourhundred.conformance.adapter``)
answers by :meth:`Mutant.reference`, and so does the in-process :class:`Killer`.
Adding a mutant is one :class:`Mutant` entry in :data:`MUTANTS` (and, for a
fast-rule variant, one small subclass); every rule point of
:mod:`fourhundred.conformance.points` brings its own
(:func:`fourhundred.conformance.mutant_names.every_mutant`).

Which mutant a name means (hand-written or a rule point's) is
:mod:`fourhundred.conformance.mutant_names`; judging every mutant against the
suite is :mod:`fourhundred.conformance.mutation`.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from fourhundred.conformance import compare, kinds
from fourhundred.conformance.suite import Run
from fourhundred.reference.engine import CHECKS, Check, Reference, Rule
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.spec.registry import load

#: A change of the rules a variant loads.
RulesChange = Callable[[Rules], Rules]

_RULE_FIELDS = frozenset(f.name for f in dataclasses.fields(Rules))


def unchanged(rules: Rules) -> Rules:
    """The rules as loaded (a mutant that changes no field)."""
    return rules


def _public_methods(cls: type) -> frozenset[str]:
    return frozenset(
        name for name in dir(cls) if not name.startswith("_") and callable(getattr(cls, name))
    )


@dataclass(frozen=True)
class Mutant:
    """A named single-point change of the reference (see the module docstring)."""

    name: str
    description: str
    #: The rules the mutant plays instead of the ones loaded.
    rules: RulesChange = unchanged
    #: The fast rules it applies: :class:`FastRules` or a subclass overriding public methods.
    fast: type[FastRules] = FastRules
    #: The engine's rejection checks, in order.
    checks: tuple[Check, ...] = CHECKS
    #: The rule sets it mutates (empty: every one); any other plays the reference.
    only: tuple[Rules, ...] = ()

    def __post_init__(self) -> None:
        # One line, whatever the docstring it came from: a reflowed docstring must not
        # change what reports print, nor the mutant's key in the fault dictionary.
        object.__setattr__(self, "description", " ".join(self.description.split()))
        if self.fast is FastRules:
            return
        if not issubclass(self.fast, FastRules):
            raise TypeError(f"mutant {self.name}: {self.fast!r} is not a FastRules class")
        own = {name for name in vars(self.fast) if not name.startswith("__")}
        hooks = _public_methods(FastRules)
        if not own or not own <= hooks:
            raise TypeError(
                f"mutant {self.name}: {self.fast.__name__} must override public FastRules "
                f"methods only, and at least one (it defines {sorted(own)})"
            )

    def reference(self, rules: Rules) -> Reference:
        """The mutated reference for the rules of a variant (the reference itself for
        rules outside :attr:`only`)."""
        if self.only and rules not in self.only:
            return Reference.of(rules)
        return Reference(self.fast.of(self.rules(rules)), self.checks)

    def touches(self, rules: Rules) -> bool:
        """Whether it may answer anything differently under ``rules`` (False: it plays
        the reference there, so no case under ``rules`` can kill it)."""
        if self.only and rules not in self.only:
            return False
        return self.fast is not FastRules or self.checks != CHECKS or self.rules(rules) != rules


@dataclass(frozen=True)
class MutantResult:
    """What the suite made of one mutant."""

    name: str
    description: str
    changes_behaviour: bool
    killed: bool
    #: Failing runs found (the search stops at the first: 0 or 1).
    failures: int


# ----------------------------------------------------------------------
# Changes of the rules
# ----------------------------------------------------------------------


def _when(variant: str, condition: Callable[[Rules], bool], change: RulesChange) -> RulesChange:
    """``change`` applied to the rules of ``variant`` (any reading) when ``condition`` holds."""

    def mutate(rules: Rules) -> Rules:
        if rules.variant == variant and condition(rules):
            return change(rules)
        return rules

    return mutate


def field(variant: str, name: str, old: object, new: object) -> RulesChange:
    """The rule field ``name`` of ``variant`` set to ``new`` where it is ``old``
    (a name that is no field of :class:`Rules` is refused here, at import)."""
    if name not in _RULE_FIELDS:
        raise ValueError(f"{name!r} is not a field of Rules")
    changes: dict[str, Any] = {name: new}
    return _when(
        variant,
        lambda rules: bool(getattr(rules, name) == old),
        lambda rules: dataclasses.replace(rules, **changes),
    )


def value(
    variant: str,
    bid: int,
    new: int,
    table: Literal["values", "reduced_values"] = "values",
) -> RulesChange:
    """``variant``'s bid ``bid`` worth ``new`` in one of its value tables."""

    def entries(rules: Rules) -> dict[int, int]:
        return dict(rules.values if table == "values" else rules.reduced_values)

    def change(rules: Rules) -> Rules:
        table_now = entries(rules)
        table_now[bid] = new
        changed = tuple(sorted(table_now.items()))
        if table == "values":
            return dataclasses.replace(rules, values=changed)
        return dataclasses.replace(rules, reduced_values=changed)

    return _when(variant, lambda rules: entries(rules).get(bid) != new, change)


def forgetting(code: str) -> tuple[Check, ...]:
    """The engine's checks without the one rejecting with ``code``."""
    check_of(code)
    return tuple(check for check in CHECKS if check.code != code)


def check_of(code: str) -> Check:
    """The engine's check that rejects with ``code``."""
    found = next((check for check in CHECKS if check.code == code), None)
    if found is None:
        raise ValueError(f"no engine check rejects with {code!r}")
    return found


def judging(code: str, rule: Rule) -> tuple[Check, ...]:
    """The engine's checks with the one rejecting with ``code`` judged by ``rule``
    instead, in its place (the codes' precedence kept)."""
    check_of(code)
    return tuple(
        Check(check.code, check.concerns, rule) if check.code == code else check for check in CHECKS
    )


# ----------------------------------------------------------------------
# Fast-rule variants: one public method of FastRules overridden each
# ----------------------------------------------------------------------


def fast_variant(
    name: str, doc: str, *, module: str, **methods: Callable[..., Any]
) -> type[FastRules]:
    """A fast-rule variant named ``name`` and described by ``doc``, overriding the
    methods given, built where a class is not written out. ``module`` is the module it
    belongs to (the caller's ``__name__``): with its name it makes the qualified name
    the fault dictionary's keys read, so it is said, never taken from the builder."""
    namespace = {"__doc__": doc, "__module__": module, "__qualname__": name, **methods}
    return typing.cast(type[FastRules], type(name, (FastRules,), namespace))


def pointwise(name: str, classes: Sequence[type[FastRules]]) -> type[FastRules]:
    """A fast-rule variant that answers, at every call of a method some of ``classes``
    override, as the first of them that departs from the reference there (the
    reference where none does): bugs that each change one method at a few inputs
    (one band edge, one row of a value table) all hold at once, which inheritance
    cannot give when each override calls :class:`FastRules` itself."""

    def dispatch(method: str) -> Callable[..., Any]:
        plain = getattr(FastRules, method)

        def answer(self: FastRules, *args: Any) -> Any:
            expected = plain(self, *args)
            for cls in classes:
                other = getattr(cls.of(self.rules), method)(*args)
                if other != expected:
                    return other
            return expected

        return answer

    methods = sorted({m for cls in classes for m in vars(cls) if not m.startswith("_")})
    return fast_variant(
        name,
        f"{name}: every member at once.",
        module=__name__,
        **{method: dispatch(method) for method in methods},
    )


_RANKS = "23456789TJQKA"


class BandFrom31(FastRules):
    """The score bands start at 31: a score of 30 is still in the lowest band."""

    def band(self, score: int) -> int:
        return 0 if score == 30 else super().band(score)


class Band40As30(FastRules):
    """A score of 40 is still in the 30-39 band."""

    def band(self, score: int) -> int:
        return 1 if score == 40 else super().band(score)


class StrictTable(FastRules):
    """Bids counted in tricks must exceed the table minimum."""

    def hand_is_played(self, bids: Sequence[int], scores: Sequence[int]) -> bool:
        if self.rules.table_measure == "tricks" and sum(bids) == self.table_minimum(scores):
            return False
        return super().hand_is_played(bids, scores)


class ThirteenNotAlone(FastRules):
    """A game-deciding 13 counts for nothing towards the table minimum of values."""

    def hand_is_played(self, bids: Sequence[int], scores: Sequence[int]) -> bool:
        if self.rules.table_measure == "values" and self.special_bid is not None:
            bids = [0 if bid == self.special_bid else bid for bid in bids]
        return super().hand_is_played(bids, scores)


class MadeNeedsOneMore(FastRules):
    """A bid is made only with more tricks than bid."""

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        fewer = tricks - 1 if tricks == bid else tricks
        return super().score_change(bid, fewer, own_score, highest_score)


class FailedCostsNothing(FastRules):
    """A failed bid loses nothing."""

    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        return max(0, super().score_change(bid, tricks, own_score, highest_score))


class LowerTotalWins(FastRules):
    """When both teams qualify, the lower total wins."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        both = self.qualifies(0, scores, target) and self.qualifies(1, scores, target)
        if both and self.rules.both_qualify == "higher_total" and result in (1, 2):
            result = 3 - result
        return result, next_target


class RaiseByFive(FastRules):
    """A raised target goes up by 5."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        return result, (target + 5 if next_target == target + BAND_WIDTH else next_target)


class RaisedTargetKept(FastRules):
    """A raised target never falls back to the variant's target."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        if target > self.rules.target and next_target == self.rules.target:
            next_target = target
        return result, next_target


class DealerToTheLeft(FastRules):
    """The deal passes to the left."""

    def next_dealer(self, dealer: int) -> int:
        return (dealer + 3) % 4


class DealerLeads(FastRules):
    """The dealer leads the first trick."""

    def first_leader(self, dealer: int) -> int:
        return dealer


class NoFollowSuit(FastRules):
    """Any card may be played: follow suit is not required."""

    def legal_plays(self, hand: Sequence[str], led: str | None) -> Sequence[str]:
        return super().legal_plays(hand, None)


class NoTrumps(FastRules):
    """Hearts (the trump suit) do not trump: the highest card of the suit led wins."""

    def trick_winner(self, trick: Sequence[str], trump: str = "H") -> int:
        led = trick[0][1]
        best = 0
        for i, card in enumerate(trick):
            if card[1] == led and _RANKS.index(card[0]) > _RANKS.index(trick[best][0]):
                best = i
        return best


class LowestCardWins(FastRules):
    """The lowest card of the winning suit (trumps if any, else the suit led) wins."""

    def trick_winner(self, trick: Sequence[str], trump: str = "H") -> int:
        suits = [card[1] for card in trick]
        wanted = trump if trump in suits else suits[0]
        candidates = [i for i, card in enumerate(trick) if card[1] == wanted]
        return min(candidates, key=lambda i: _RANKS.index(trick[i][0]))


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "qahwa-9-worth-26",
        "qahwa's bid of 9 worth 26 instead of 27",
        rules=value("qahwa-400", 9, 26),
    ),
    Mutant(
        "qahwa-10-worth-30",
        "qahwa's common table: 10 worth 30 instead of 40",
        rules=value("qahwa-400", 10, 30),
    ),
    Mutant(
        "medallon-11-worth-40",
        "medallon's 11 worth 40 instead of 44",
        rules=value("medallon-400", 11, 40),
    ),
    Mutant(
        "medallon-13-minus-40",
        "medallon's failed 13 costs 40 instead of 52",
        rules=value("medallon-400", 13, 40),
    ),
    Mutant(
        "pagat41-7-worth-7",
        "Syrian 41: 7 worth 7 (doubling from 8)",
        rules=value("pagat-41", 7, 7),
    ),
    Mutant(
        "pagat400-12-worth-48",
        "Lebanese 400: 12 worth 48 instead of 36",
        rules=value("pagat-400", 12, 48),
    ),
    Mutant(
        "arab-10-worth-30",
        "arab3meyeh's 10 worth 30 instead of 40",
        rules=value("arab3meyeh-400", 10, 30),
    ),
    Mutant(
        "qahwa-reduced-5-is-10",
        "qahwa: 5 stays worth 10 from 30 points",
        rules=value("qahwa-400", 5, 10, "reduced_values"),
    ),
    Mutant(
        "arab-reduced-6-is-12",
        "arab3meyeh: 6 stays worth 12 from 30 points",
        rules=value("arab3meyeh-400", 6, 12, "reduced_values"),
    ),
    Mutant("band-edge-31", "the score bands start at 31 instead of 30", fast=BandFrom31),
    Mutant(
        "qahwa-own-min-cap-6",
        "qahwa's own minimum stops at 6 instead of 5",
        rules=field("qahwa-400", "own_min_cap", 5, 6),
    ),
    Mutant(
        "qahwa-table-cap-13",
        "qahwa's table minimum stops at 13 instead of 14",
        rules=field("qahwa-400", "table_min_cap", 14, 13),
    ),
    Mutant(
        "qahwa-min-bid-1",
        "qahwa allows a bid of 1",
        rules=field("qahwa-400", "min_bid", 2, 1),
    ),
    Mutant(
        "qahwa-max-bid-12",
        "qahwa's largest bid is 12",
        rules=field("qahwa-400", "max_bid", 13, 12),
    ),
    Mutant(
        "medallon-own-min-flat",
        "medallon's own minimum does not rise",
        rules=field("medallon-400", "own_min_rises", True, False),
    ),
    Mutant(
        "arab-table-flat",
        "arab3meyeh's table minimum does not rise",
        rules=field("arab3meyeh-400", "table_min_rises", True, False),
    ),
    Mutant(
        "medallon-table-lowest",
        "medallon's table minimum set by the lowest score",
        rules=field("medallon-400", "table_min_scores", "highest", "lowest"),
    ),
    Mutant(
        "pagat41-count-tricks",
        "Syrian 41 counts tricks, not values, for the table minimum",
        rules=field("pagat-41", "table_measure", "values", "tricks"),
    ),
    Mutant(
        "table-strictly-above",
        "the bids must exceed the table minimum (> instead of >=)",
        fast=StrictTable,
    ),
    Mutant(
        "made-needs-one-more",
        "a bid is made only with more tricks than bid (> instead of >=)",
        fast=MadeNeedsOneMore,
    ),
    Mutant("failed-costs-nothing", "a failed bid loses nothing", fast=FailedCostsNothing),
    Mutant(
        "qahwa-partner-at-zero",
        "qahwa: a partner on 0 allows the win",
        rules=field("qahwa-400", "partner_condition", "positive", "non_negative"),
    ),
    Mutant(
        "arab-partner-at-zero",
        "arab3meyeh: a partner on 0 allows the win",
        rules=field("arab3meyeh-400", "partner_condition", "positive", "non_negative"),
    ),
    Mutant(
        "medallon-player-measure",
        "medallon: one partner's score, not the team total",
        rules=field("medallon-400", "win_measure", "team_total", "player"),
    ),
    Mutant(
        "qahwa-target-40",
        "qahwa plays to 40 instead of 41",
        rules=field("qahwa-400", "target", 41, 40),
    ),
    Mutant(
        "pagat41-target-42",
        "Syrian 41 plays to 42",
        rules=field("pagat-41", "target", 41, 42),
    ),
    Mutant(
        "qahwa-tie-draws",
        "qahwa: equal totals draw instead of playing on",
        rules=field("qahwa-400", "total_tie", "play_on", "draw"),
    ),
    Mutant("lower-total-wins", "both teams qualify: the lower total wins", fast=LowerTotalWins),
    Mutant("arab-raise-by-5", "arab3meyeh's raised target goes up by 5", fast=RaiseByFive),
    Mutant(
        "arab-trigger-reached",
        "arab3meyeh raises the target when both reach 41, partners aside",
        rules=field("arab3meyeh-400", "raise_trigger", "qualified", "reached"),
    ),
    Mutant(
        "pagat400-13-needs-partner",
        "Lebanese 400: a made 13 needs the partner's condition",
        rules=field("pagat-400", "thirteen_win", "outright", "needs_partner"),
    ),
    Mutant(
        "medallon-13-loses-game",
        "medallon: a failed 13 loses the game",
        rules=field("medallon-400", "thirteen", "win_or_lose_points", "win_or_lose_game"),
    ),
    Mutant(
        "qahwa-classic-conflict-first-bid",
        "qahwa classic: conflicting 13s decided by the first bid",
        rules=field("qahwa-400", "thirteen_conflict", "draw", "first_bid"),
    ),
    Mutant("dealer-passes-left", "the deal passes to the left", fast=DealerToTheLeft),
    Mutant("dealer-leads", "the dealer leads the first trick", fast=DealerLeads),
    Mutant(
        "qahwa-bidding-clockwise",
        "qahwa: bidding goes clockwise",
        rules=field("qahwa-400", "bidding_order", "anticlockwise", "clockwise"),
    ),
    Mutant(
        "pagat41-play-clockwise",
        "Syrian 41: play goes clockwise",
        rules=field("pagat-41", "play_order", "anticlockwise", "clockwise"),
    ),
    Mutant(
        "qahwa-dealer-throw-in",
        "qahwa lets the dealer throw in",
        rules=field("qahwa-400", "dealer_may_throw_in", False, True),
    ),
    Mutant("no-follow-suit", "the follow-suit rule is not checked", fast=NoFollowSuit),
    Mutant("no-trumps", "hearts do not trump", fast=NoTrumps),
    Mutant("lowest-card-wins", "the lowest card of the winning suit wins", fast=LowestCardWins),
    Mutant("band-edge-40", "a score of 40 is still in the 30-39 band", fast=Band40As30),
    Mutant(
        "qahwa-reduced-on-highest",
        "qahwa's 5 and 6 reduced once anyone has 30",
        rules=field("qahwa-400", "reduced_scope", "own", "any"),
    ),
    Mutant(
        "thirteen-not-enough-alone",
        "a game-deciding 13 does not reach the table minimum on its own",
        fast=ThirteenNotAlone,
    ),
    Mutant(
        "engine-follow-suit-unchecked",
        "the engine accepts a card that does not follow suit",
        checks=forgetting("must_follow_suit"),
    ),
    Mutant(
        "engine-minimum-unchecked",
        "the engine accepts a bid below the minimum",
        checks=forgetting("bid_below_minimum"),
    ),
    Mutant(
        "engine-maximum-unchecked",
        "the engine accepts a bid above the maximum",
        checks=forgetting("bid_above_maximum"),
    ),
    Mutant(
        "engine-throw-in-unchecked",
        "the engine accepts any throw-in",
        checks=forgetting("throw_in_not_allowed"),
    ),
    Mutant("engine-deal-unchecked", "the engine accepts a bad deal", checks=forgetting("bad_deal")),
    Mutant(
        "engine-phase-unchecked",
        "the engine accepts an action of the wrong phase",
        checks=forgetting("wrong_phase"),
    ),
    Mutant(
        "engine-turn-unchecked",
        "the engine accepts an action named for a seat that is not to act",
        checks=forgetting("not_your_turn"),
    ),
    Mutant(
        "arab-raised-target-kept",
        "arab3meyeh's raised target never falls back to 41",
        fast=RaisedTargetKept,
    ),
)

BY_NAME = {mutant.name: mutant for mutant in MUTANTS}

# ----------------------------------------------------------------------
# Does the suite kill a mutant? Every case answered in this process.
# ----------------------------------------------------------------------


class Killer:
    """Answers suite runs as mutants do, in this process (no adapter, no subprocess):
    the answer of :meth:`Mutant.reference` through the kind's ``fast_answer``, made
    JSON (as an adapter's answer is) and compared as the runner compares."""

    def __init__(self) -> None:
        self._rules: dict[str, Rules] = {}
        #: The mutated reference by (mutant, variant); None where the mutant changes nothing.
        self._references: dict[tuple[str, str], Reference | None] = {}

    def rules(self, variant: str) -> Rules:
        found = self._rules.get(variant)
        if found is None:
            found = self._rules[variant] = load(variant)
        return found

    def touched(self, mutant: Mutant, run: Run) -> bool:
        """Whether the mutant may answer ``run`` differently from the reference."""
        return mutant.touches(self.rules(run.variant))

    def fails(self, mutant: Mutant, run: Run) -> bool:
        """Whether ``run`` fails (or raises) under ``mutant``."""
        key = (mutant.name, run.variant)
        if key in self._references:
            reference = self._references[key]
        else:
            rules = self.rules(run.variant)
            touched = mutant.touches(rules)
            reference = self._references[key] = mutant.reference(rules) if touched else None
        if reference is None:
            return False
        try:
            answer = json.loads(
                json.dumps(kinds.kind(run.kind).fast_answer(reference, run.case["input"]))
            )
        except Exception:  # a mutant that makes the engine raise fails the case
            return True
        return bool(compare.compare(run.kind, run.case["expected"], answer))

    def killing(self, mutant: Mutant, runs: Sequence[Run], limit: int | None = None) -> list[Run]:
        """The runs that fail under ``mutant`` (the first ``limit`` of them)."""
        found = []
        for run in runs:
            if self.fails(mutant, run):
                found.append(run)
                if limit is not None and len(found) >= limit:
                    break
        return found
