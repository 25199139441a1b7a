"""The end rule got wrong where two of its rules meet: the target in force against the
base target, and the moment a condition is judged (before the hand, not after it).

Each wrong reading is a fast-rule variant (a :class:`FastRules` subclass overriding
public methods, :mod:`fourhundred.conformance.mutants`), with where it can occur; the
points that use them are made in :mod:`fourhundred.conformance.points_interactions`.

* :data:`TARGET_PARTS`: each part of the end rule that reads a target (the raise
  trigger, the win, the fall-back, the next raise) judged at the wrong one, under
  ``both_qualify=raise_target`` (ambiguity ``both-teams-qualify``; arab3meyeh §"Scoring");
* :data:`MOMENTS`: each condition of the end of a hand judged on the scores before it
  (who qualifies, the partner condition, a made 13's partner: qahwa §"Winning";
  pagat §"Scoring", "a player whose partner has a positive score").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fourhundred.conformance.mutants import fast_variant
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import BAND_WIDTH, Result, Rules


def raise_occurs(rules: Rules) -> str | None:
    if rules.both_qualify != "raise_target":
        return (
            f"the target in force is never raised under {rules} (both_qualify={rules.both_qualify})"
        )
    return None


def anywhere(rules: Rules) -> str | None:
    return None


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


def _judged(
    fast: FastRules, before: Sequence[int], partners: bool = False, thirteen: bool = False
) -> _Judge:
    """The :class:`_Judge` of one hand under ``fast``'s rules."""
    right = FastRules.of(fast.rules)
    return _Judge(
        right.rules,
        right.value_low,
        right.value_high,
        right.special_bid,
        right.bidding_orders,
        right.trick_orders,
        before=tuple(before),
        partners=partners,
        thirteen=thirteen,
    )


def _judged_before(
    name: str, doc: str, partners: bool = False, thirteen: bool = False, win: bool = False
) -> type[FastRules]:
    """A fast-rule variant that settles each hand by :class:`_Judge` (the conditions
    ``partners`` and ``thirteen`` read the scores before the hand); with ``win``, the end of
    the game (who qualifies, a raise, a fall-back) is judged on the scores before the hand
    too, the hand's scores added after, unless a bid of 13 decided it."""

    def hand_result(
        self: FastRules,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        judge = _judged(self, scores_before, partners, thirteen)
        answer = judge.hand_result(scores_before, bids, tricks, dealer, target_in_force)
        after = answer[0]
        if not win or judge._special_result(bids, tricks, after, dealer) != _CONTINUE:
            return answer
        early, next_target = judge.points_result(scores_before, target_in_force)
        return after, early, next_target

    return fast_variant(name, doc, module=__name__, hand_result=hand_result)


_WinBefore = _judged_before(
    "_WinBefore",
    "The end of the game (who qualifies, a raise, a fall-back) judged on the scores "
    "before the hand, the hand's scores added after.",
    win=True,
)
_PartnerBefore = _judged_before(
    "PartnerBefore",
    "The partner condition of a win judged on the partner's score before the hand.",
    partners=True,
)
_ThirteenPartnerBefore = _judged_before(
    "ThirteenPartnerBefore",
    "A made 13's partner condition judged on the partner's score before the hand.",
    thirteen=True,
)


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
    ("win", "the end of the game is judged on the scores after the hand", _WinBefore, anywhere),
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
