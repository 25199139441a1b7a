"""The survivor families judged on a hand's outcome: their wrong readings, and the
``game_outcome`` questions their witnesses, turned into templates, give
(:data:`FAMILIES`, read by :mod:`fourhundred.conformance.points_survivors`).

* ``thirteen-partner-self`` / ``thirteen-partner-next`` / ``thirteen-partner-previous``
  (from the survivors of ``Rules.special_result``, spec/model.py, where the partner's
  seat ``(seat + 2) % 4`` became ``(seat % 2) % 4`` or ``(seat ** 2) % 4``, so North and
  West judged their own score; witness: a ``game_outcome`` question under
  ``medallon-400(thirteen_win=needs_partner)`` where West made a 13 and East's score
  failed the partner condition): under ``thirteen_win=needs_partner`` (ambiguity
  ``thirteen-partner``) a made special bid wins the game only when the bidder's
  partner, opposite, meets the partner condition after the hand; the wrong readings
  judge the bidder's own score, or a neighbour's (the next seat, the previous one).
  The questions put the bid of 13 at each seat in turn and search the scores of the
  partner and of the seat read instead (:func:`_thirteen_partner_questions`).
* ``trigger-late`` / ``trigger-early`` / ``trigger-one-partner`` / ``trigger-both-partners``
  (from the survivors of ``Rules.team_reached``, spec/model.py, whose witness was a
  ``game_outcome`` question under ``arab3meyeh-400(raise_trigger=reached)``): under the
  ``reached`` raise trigger (ambiguity ``raised-target-trigger``, arab3meyeh §"Scoring"),
  a team has reached the target in force when either partner (or, under
  ``win_measure=team_total``, the two together) is at it or above it, partner condition
  aside; the wrong readings need one point more, count one point short, look at North
  (West) only, or need both partners there.
* ``first-seat-either`` / ``first-seat-order`` / ``first-seat-north-south`` /
  ``first-seat-measure`` (from the survivors of ``FastRules._first_qualifying_team`` and
  ``points_result``, reference/fast.py, whose witnesses were ``game_outcome`` questions
  under ``pagat-41(house,both_qualify=first_seat)``): when both teams qualify in one hand
  under the house rule ``both_qualify=first_seat``, the team of the first seat (North,
  West, South, East) that meets the winning condition wins; the wrong readings count a
  seat at the target *or* with a partner meeting the condition, scan from East, give
  the hand to North-South, or judge the seats by the other win measure. The questions
  are found by a search over the scores at the edges (:func:`_first_seat_questions`).
  (A partner read as the next seat is no wrong reading here: whenever both teams
  qualify it picks the same seat, so it is left out rather than made a gap.)
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

from fourhundred.conformance.mutants import fast_variant
from fourhundred.conformance.points_base import Family
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import TRICKS_PER_HAND
from fourhundred.spec.model import BAND_WIDTH, Result, Rules

WinMeasure = Literal["player", "team_total"]

Json = dict[str, Any]


def _raising_on_reached(rules: Rules) -> bool:
    return rules.both_qualify == "raise_target" and rules.raise_trigger == "reached"


class _ReachedLate(FastRules):
    """A team at exactly the target in force has not reached it yet."""

    def reached(self, team: int, scores: Sequence[int], target: int) -> bool:
        return super().reached(team, scores, target + 1)


class _ReachedEarly(FastRules):
    """A team one point short of the target in force has reached it."""

    def reached(self, team: int, scores: Sequence[int], target: int) -> bool:
        return super().reached(team, scores, target - 1)


class _ReachedOnePartner(FastRules):
    """Only the first partner of a team (North, West) counts."""

    def reached(self, team: int, scores: Sequence[int], target: int) -> bool:
        if self.rules.win_measure == "team_total":
            return super().reached(team, scores, target)
        return scores[team] >= target


class _ReachedBothPartners(FastRules):
    """Both partners must be at the target (the team total: both at half of it)."""

    def reached(self, team: int, scores: Sequence[int], target: int) -> bool:
        a, b = scores[team], scores[team + 2]
        if self.rules.win_measure == "team_total":
            return 2 * a >= target and 2 * b >= target
        return a >= target and b >= target


def _first_seat_wrong(
    fast: FastRules, scores: Sequence[int], target: int, order: Sequence[int]
) -> int:
    """The first qualifying seat's team, scanning ``order``, under the rule set's win
    measure."""
    for seat in order:
        if fast.rules.win_measure == "team_total":
            qualifies = fast.qualifies(seat % 2, scores, target)
        else:
            qualifies = scores[seat] >= target and fast.partner_ok(scores[(seat + 2) % 4])
        if qualifies:
            return int(Result.TEAM_0_WINS) if seat % 2 == 0 else int(Result.TEAM_1_WINS)
    return int(Result.CONTINUE)


def _when_both_qualify(
    fast: FastRules, scores: Sequence[int], target: int, decide: Callable[..., int]
) -> tuple[int, int]:
    """:meth:`FastRules.points_result`, but when both teams qualify under
    ``both_qualify=first_seat``, the result ``decide`` gives."""
    both = fast.qualifies(0, scores, target) and fast.qualifies(1, scores, target)
    if fast.rules.both_qualify != "first_seat" or not both:
        return FastRules.points_result(fast, scores, target)
    return decide(fast, scores, target), target


def _either(fast: FastRules, scores: Sequence[int], target: int) -> int:
    for seat in range(4):
        if scores[seat] >= target or fast.partner_ok(scores[(seat + 2) % 4]):
            return int(Result.TEAM_0_WINS) if seat % 2 == 0 else int(Result.TEAM_1_WINS)
    return int(Result.CONTINUE)


def _measure_swapped(fast: FastRules, scores: Sequence[int], target: int) -> int:
    other: WinMeasure = "player" if fast.rules.win_measure == "team_total" else "team_total"
    swapped = FastRules.of(dataclasses.replace(fast.rules, win_measure=other))
    return _first_seat_wrong(swapped, scores, target, range(4))


class _FirstSeatEither(FastRules):
    """A seat counts when it is at the target *or* its partner meets the condition."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        return _when_both_qualify(self, scores, target, _either)


class _FirstSeatReversed(FastRules):
    """The seats are scanned from East back to North."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        return _when_both_qualify(
            self, scores, target, lambda f, s, t: _first_seat_wrong(f, s, t, (3, 2, 1, 0))
        )


class _FirstSeatNorthSouth(FastRules):
    """North-South win whenever both teams qualify."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        return _when_both_qualify(self, scores, target, lambda f, s, t: int(Result.TEAM_0_WINS))


class _FirstSeatMeasureSwapped(FastRules):
    """The first qualifying seat is judged by the other win measure (player for the
    team total, the team total for player)."""

    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        return _when_both_qualify(self, scores, target, _measure_swapped)


def _read_partner_at(after: Sequence[int], shift: int) -> list[int]:
    """``after`` seen so that the seat opposite each seat holds the score of the seat
    ``shift - 2`` places to its right (2: its own score; 3: the next seat's; 1: the
    previous seat's)."""
    return [after[(seat + shift) % 4] for seat in range(4)]


class _SpecialOwn(FastRules):
    """The special bid's partner condition read on the bidder's own score."""

    def _special_result(
        self, bids: Sequence[int], tricks: Sequence[int], after: Sequence[int], dealer: int
    ) -> int:
        return super()._special_result(bids, tricks, _read_partner_at(after, 2), dealer)


class _SpecialNext(FastRules):
    """The special bid's partner condition read on the next seat's score."""

    def _special_result(
        self, bids: Sequence[int], tricks: Sequence[int], after: Sequence[int], dealer: int
    ) -> int:
        return super()._special_result(bids, tricks, _read_partner_at(after, 3), dealer)


class _SpecialPrevious(FastRules):
    """The special bid's partner condition read on the previous seat's score."""

    def _special_result(
        self, bids: Sequence[int], tricks: Sequence[int], after: Sequence[int], dealer: int
    ) -> int:
        return super()._special_result(bids, tricks, _read_partner_at(after, 1), dealer)


def _hand_result_as(name: str, doc: str, reading: type[FastRules]) -> type[FastRules]:
    """A fast-rule variant that settles a hand as ``reading`` does and answers everything
    else as the reference: the reading's wrong partner seat shows in a hand's result
    only. ``name`` is the class's qualified name, which the fault dictionary's keys read."""

    def hand_result(
        self: FastRules,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        settled = reading.of(self.rules)
        return settled.hand_result(scores_before, bids, tricks, dealer, target_in_force)

    return fast_variant(name, doc, module=__name__, hand_result=hand_result)


_ThirteenPartnerSelf = _hand_result_as(
    "_ThirteenPartnerSelf",
    "A made 13 needs the bidder's own score, not the partner's, to meet the condition.",
    _SpecialOwn,
)
_ThirteenPartnerNext = _hand_result_as(
    "_ThirteenPartnerNext",
    "A made 13 needs the next seat's score (an opponent's) to meet the condition.",
    _SpecialNext,
)
_ThirteenPartnerPrevious = _hand_result_as(
    "_ThirteenPartnerPrevious",
    "A made 13 needs the previous seat's score (an opponent's) to meet the condition.",
    _SpecialPrevious,
)


def _thirteen_partner_applies(rules: Rules) -> bool:
    return rules.thirteen_win == "needs_partner" and FastRules.of(rules).special_bid is not None


def _thirteen_partner_questions(rules: Rules) -> Iterator[tuple[str, Json, str]]:
    """``game_outcome`` questions where one seat bids the special bid and makes it (every
    trick), the others bid their own minimum and take none, North dealing: for each
    seat in turn and each wrong reading, the first two hands (the partner's score and
    the score of the seat read instead searched over the edges of the partner
    condition, the rest at 0) whose result that reading gets wrong."""
    fast = FastRules.of(rules)
    special = fast.special_bid
    if special is None:
        return
    values = (-60, -5, -1, 0, 1, 5, 60)
    for wrong in (_ThirteenPartnerSelf, _ThirteenPartnerNext, _ThirteenPartnerPrevious):
        mistaken = wrong.of(rules)
        for seat in range(4):
            found = 0
            partner = (seat + 2) % 4
            for mine, theirs, other in itertools.product(values, repeat=3):
                if found == 2:
                    break
                before = [0, 0, 0, 0]
                before[seat], before[partner] = mine, theirs
                before[(seat + 1) % 4] = before[(seat + 3) % 4] = other
                bids = [
                    max(rules.min_bid, min(rules.max_bid, fast.own_minimum_bid(s))) for s in before
                ]
                bids[seat] = special
                tricks = [0, 0, 0, 0]
                tricks[seat] = TRICKS_PER_HAND
                if not fast.hand_is_played(bids, before):
                    continue
                call = (before, bids, tricks, 0, rules.target)
                if fast.hand_result(*call)[1:] == mistaken.hand_result(*call)[1:]:
                    continue
                found += 1
                yield _outcome_question(
                    (before, bids, tricks),
                    rules.target,
                    f"seat {seat} makes the special bid {special}, its partner at {theirs} "
                    "before the hand: the partner condition is judged on the partner, after "
                    f"the hand (not: {(wrong.__doc__ or '').strip().lower()})",
                )


# ----------------------------------------------------------------------
# The witness of the team_reached survivors, as a template
# ----------------------------------------------------------------------


def _other_team_reached(rules: Rules, team: int, target: int) -> Callable[[Sequence[int]], bool]:
    """Whether ``team`` has passed ``target`` by the rules' own ``reached`` (judged one
    point above it: the other team stays above the target in force)."""
    fast = FastRules.of(rules)

    def holds(after: Sequence[int]) -> bool:
        return bool(fast.reached(team, after, target + 1))

    return holds


def _hand_to(
    rules: Rules,
    wanted: Sequence[int],
    exact: Sequence[int],
    holds: Callable[[Sequence[int]], bool],
) -> tuple[list[int], list[int], list[int]] | None:
    """Scores before a played hand, bids and tricks, after which the seats ``exact``
    have their ``wanted`` scores and ``holds`` is true of the scores (found by a fixed
    point: each seat bids its own minimum, raised a trick at a time round the table
    to the table minimum, and the tricks go to the bids in seat order, the rest to
    North; the scores before are ``wanted`` less what that hand moves). None when no
    such hand is found."""
    fast = FastRules.of(rules)
    before = list(wanted)
    for _ in range(8):
        bids = [max(rules.min_bid, min(rules.max_bid, fast.own_minimum_bid(s))) for s in before]
        for seat in itertools.cycle(range(4)):  # up to the table minimum, a trick at a time
            if fast.hand_is_played(bids, before) or min(bids) >= rules.max_bid:
                break
            bids[seat] = min(rules.max_bid, bids[seat] + 1)
        tricks = [0, 0, 0, 0]
        left = TRICKS_PER_HAND
        for seat in range(4):
            tricks[seat] = min(bids[seat], left)
            left -= tricks[seat]
        tricks[0] += left
        after = fast.scores_after(before, bids, tricks)
        if all(after[s] == wanted[s] for s in exact) and holds(after):
            return (before, bids, tricks) if fast.hand_is_played(bids, before) else None
        before = [w - (a - b) for w, a, b in zip(wanted, after, before, strict=True)]
    return None


def _outcome_question(
    hand: tuple[list[int], list[int], list[int]], target: int, asks: str
) -> tuple[str, Json, str]:
    """The ``game_outcome`` question of one hand (:func:`_hand_to`: the scores before
    it, the bids, the tricks), North dealing, under ``target`` in force."""
    before, bids, tricks = hand
    data = {"scores": before, "bids": bids, "tricks": tricks, "dealer": 0}
    return ("game_outcome", {**data, "target_in_force": target}, asks)


def _reached_questions(rules: Rules) -> Iterator[tuple[str, Json, str]]:
    """``game_outcome`` questions with one team at the edge of the target in force (at
    it, one short, reached by the second partner only) and the other team above it,
    under the base target and a raised one, each team at the edge in turn."""
    total = rules.win_measure == "team_total"
    for target in (rules.target, rules.target + BAND_WIDTH):
        for edge, offset in (("at", 0), ("one short of", -1)):
            for team in (0, 1):
                for second in (False, True):
                    level = target + offset
                    near = [level // 2, level - level // 2] if total else [1, level]
                    if not second:
                        near.reverse()
                    other = [target + 3, 2]
                    scores = [0, 0, 0, 0]
                    scores[team], scores[team + 2] = near
                    scores[1 - team], scores[3 - team] = other
                    found = _hand_to(
                        rules,
                        scores,
                        (team, team + 2),
                        _other_team_reached(rules, 1 - team, target),
                    )
                    if found is None:
                        continue
                    partner = "the second partner" if second else "the first partner"
                    yield _outcome_question(
                        found,
                        target,
                        f"team {team} {edge} the target in force {target} by {partner}, "
                        "the other team above it: the reached raise trigger at its edge",
                    )


def _first_seat_questions(rules: Rules) -> Iterator[tuple[str, Json, str]]:
    """``game_outcome`` questions after which both teams qualify, found by a search over
    the scores at the edges (two points above the target, on it, one short, 1, 0, -1
    for each seat): for each wrong reading of the first qualifying seat, the first two
    hands whose result it gets wrong."""
    t = rules.target
    values = (t + 2, t, t - 1, 1, 0, -1)
    fast = FastRules.of(rules)
    for wrong in (
        _FirstSeatEither,
        _FirstSeatReversed,
        _FirstSeatNorthSouth,
        _FirstSeatMeasureSwapped,
    ):
        mistaken = wrong.of(rules)
        found = 0
        for after in itertools.product(values, repeat=4):
            if found == 2:
                break
            if not (fast.qualifies(0, after, t) and fast.qualifies(1, after, t)):
                continue
            if fast.points_result(after, t) == mistaken.points_result(after, t):
                continue
            hand = _hand_to(rules, after, range(4), lambda _: True)
            if hand is None:
                continue
            found += 1
            yield _outcome_question(
                hand,
                t,
                f"both teams qualify, scores after the hand {list(after)}: the first qualifying "
                f"seat decides (not: {(wrong.__doc__ or '').strip().splitlines()[0].lower()})",
            )


#: The families judged on a hand's outcome, in the suite's order.
FAMILIES: tuple[Family, ...] = (
    Family(
        "spec/model.py Rules.special_result (the partner's seat)",
        ("thirteen", "thirteen_win", "partner_condition"),
        _thirteen_partner_applies,
        (
            (
                "thirteen-partner-self",
                _ThirteenPartnerSelf,
                "a made 13 is judged on the bidder's own score",
            ),
            (
                "thirteen-partner-next",
                _ThirteenPartnerNext,
                "a made 13 is judged on the next seat's score",
            ),
            (
                "thirteen-partner-previous",
                _ThirteenPartnerPrevious,
                "a made 13 is judged on the previous seat's score",
            ),
        ),
        _thirteen_partner_questions,
    ),
    Family(
        "spec/model.py Rules.team_reached",
        ("both_qualify", "raise_trigger", "win_measure"),
        _raising_on_reached,
        (
            ("trigger-late", _ReachedLate, "a team at the target in force has not reached it"),
            ("trigger-early", _ReachedEarly, "a team one point short has reached the target"),
            ("trigger-one-partner", _ReachedOnePartner, "only the first partner can reach it"),
            ("trigger-both-partners", _ReachedBothPartners, "both partners must reach it"),
        ),
        _reached_questions,
    ),
    Family(
        "reference/fast.py FastRules._first_qualifying_team and points_result",
        ("both_qualify", "win_measure", "partner_condition"),
        lambda rules: rules.both_qualify == "first_seat",
        (
            (
                "first-seat-either",
                _FirstSeatEither,
                "a seat at the target or with a partner meeting the condition counts",
            ),
            ("first-seat-order", _FirstSeatReversed, "the seats are scanned from East"),
            ("first-seat-north-south", _FirstSeatNorthSouth, "North-South win when both qualify"),
            ("first-seat-measure", _FirstSeatMeasureSwapped, "the other win measure decides"),
        ),
        _first_seat_questions,
    ),
)
