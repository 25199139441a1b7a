"""The survivor families judged on a bid's worth: the fifty set and the table minimum
under the values measure, their wrong readings, and the ``bid_value`` and
``table_minimum`` questions their witnesses, turned into templates, give
(:data:`FAMILIES`, read by :mod:`fourhundred.conformance.points_survivors`).

* ``special-reaches-minimum-<seat>`` (from the survivor of ``Rules.hand_is_played``,
  spec/model.py, where ``range(4)`` became ``range(3)``; witness: a ``table_minimum``
  question under ``pagat-400(total_tie=draw)`` where East bid 13): under the values
  measure (ambiguity ``table-measure``) a special bid reaches the table minimum on its
  own, whoever bids it; the wrong readings ignore one seat's. The questions put the
  special bid at each seat, the others bidding low, near zero and far below zero
  (:func:`_special_reaches_questions`).
* ``fifty-without-<bid>`` (from the survivors of ``Rules.bid_value``, spec/model.py,
  where the fifty set ``[11, 12, 13]`` became ``[11, 13, 13]`` or ``[11, 11, 13]``;
  witness: a ``bid_value`` question of 12 under
  ``pagat-400(eleven_plus_50=on,eleven_plus_13=scores_50)``): under pagat's "eleven
  and up score 50" every bid of the set is worth 50; the wrong readings give one of
  them its ordinary value (:func:`_fifty_questions`, a few scores each).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.mutants import fast_variant
from fourhundred.conformance.points_base import Family
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import SEATS
from fourhundred.spec.model import Rules

Json = dict[str, Any]


def _played_ignoring_special_of(
    fast: FastRules, bids: Sequence[int], scores: Sequence[int], seat: int
) -> bool:
    """:meth:`FastRules.hand_is_played`, but a special bid of ``seat`` does not reach the
    table minimum on its own (its value still counts in the total)."""
    if FastRules.hand_is_played(dataclasses.replace(fast, special_bid=None), bids, scores):
        return True
    if not FastRules.hand_is_played(fast, bids, scores):
        return False
    return fast.special_bid in [bid for other, bid in enumerate(bids) if other != seat]


#: The seats' full names, in seat order (the docstrings of the wrong readings).
_SEAT_WORDS = ("North", "West", "South", "East")


def _special_ignored(seat: int) -> type[FastRules]:
    """The wrong reading in which ``seat``'s special bid does not reach the table minimum
    on its own (its class named and described as each of the four was when written out)."""

    def hand_is_played(self: FastRules, bids: Sequence[int], scores: Sequence[int]) -> bool:
        return _played_ignoring_special_of(self, bids, scores, seat)

    word = _SEAT_WORDS[seat]
    return fast_variant(
        f"_SpecialIgnored{word}",
        f"{word}'s special bid does not reach the table minimum on its own.",
        module=__name__,
        hand_is_played=hand_is_played,
    )


_SPECIAL_IGNORED: tuple[type[FastRules], ...] = tuple(_special_ignored(seat) for seat in SEATS)


def _special_reaches_applies(rules: Rules) -> bool:
    special = FastRules.of(rules).special_bid
    return rules.table_measure == "values" and special is not None and special <= rules.max_bid


def _special_reaches_questions(rules: Rules) -> Iterator[tuple[str, Json, str]]:
    """``table_minimum`` questions where one seat bids the special bid and the others
    bid low, the scores searched over the edges: for each seat (the wrong reading that
    ignores its special bid), the first hand whose verdict (played or thrown in) that
    reading gets wrong, with the scores near zero and again with every score far below
    zero (:data:`~fourhundred.conformance.points_interactions.FAR_SCORES`: the family's
    ``below-zero/`` crossings)."""
    from fourhundred.conformance.points_interactions import FAR_SCORES

    fast = FastRules.of(rules)
    special = fast.special_bid
    if special is None:
        return
    entry = kinds.kind("table_minimum")
    for seat, wrong in enumerate(_SPECIAL_IGNORED):
        mistaken = wrong.of(rules)
        for where, values in (("near zero", (0, 3, 37, -2)), ("far below zero", FAR_SCORES)):
            for pair, low in itertools.product(
                itertools.product(values, repeat=2), range(rules.min_bid, rules.min_bid + 3)
            ):
                before = [pair[0], pair[1], pair[0], pair[1]]
                bids = [low] * 4
                bids[seat] = special
                data: Json = {"scores": before, "bids": bids}
                if fast.hand_is_played(bids, before) == mistaken.hand_is_played(
                    bids, before
                ) or not entry.is_valid(rules, data):
                    continue
                yield (
                    "table_minimum",
                    data,
                    f"seat {seat} bids the special bid {special}, the others {low}, scores "
                    f"{where}: it reaches the table minimum on its own, whatever the seat",
                )
                break


def _fifty_without(bid: int) -> type[FastRules]:
    """The wrong reading of the fifty set in which ``bid`` keeps its ordinary value."""

    def bid_value(self: FastRules, value_of: int, own_score: int, highest_score: int) -> int:
        if value_of == bid:
            ordinary = FastRules.of(dataclasses.replace(self.rules, eleven_plus_fifty=False))
            return ordinary.bid_value(value_of, own_score, highest_score)
        return FastRules.bid_value(self, value_of, own_score, highest_score)

    return fast_variant(
        f"_FiftyWithout{bid}",
        f"A bid of {bid} keeps its ordinary value, not 50.",
        module=__name__,
        bid_value=bid_value,
    )


_FIFTY_WITHOUT = {bid: _fifty_without(bid) for bid in (11, 12, 13)}


def _fifty_applies(bid: int, rules: Rules) -> bool:
    return bool(rules.eleven_plus_fifty) and bid in _fifty_set(rules)


def _fifty_set(rules: Rules) -> tuple[int, ...]:
    return (11, 12) if rules.eleven_plus_thirteen == "keeps_special" else (11, 12, 13)


def _fifty_questions(bid: int, rules: Rules) -> Iterator[tuple[str, Json, str]]:
    """``bid_value`` questions of ``bid`` (of the fifty set) at a few scores: those whose
    value the reading that leaves the bid out gets wrong."""
    fast = FastRules.of(rules)
    mistaken = _FIFTY_WITHOUT[bid].of(rules)
    for own, highest in ((0, 0), (49, 49), (-30, 0), (100, 150)):
        if fast.bid_value(bid, own, highest) == mistaken.bid_value(bid, own, highest):
            continue
        yield (
            "bid_value",
            {"bid": bid, "own_score": own, "highest_score": highest},
            f"a bid of {bid} is worth 50 (eleven and up score 50)",
        )


#: The families judged on a bid's worth, in the suite's order.
FAMILIES: tuple[Family, ...] = (
    Family(
        "spec/model.py Rules.hand_is_played (the seats whose special bid counts)",
        ("table_measure", "thirteen"),
        _special_reaches_applies,
        (
            *(
                (f"special-reaches-minimum-{word.lower()}", wrong, f"{word}'s 13 is ignored")
                for word, wrong in zip(_SEAT_WORDS, _SPECIAL_IGNORED, strict=True)
            ),
        ),
        _special_reaches_questions,
    ),
    *(
        Family(
            f"spec/model.py Rules.bid_value (the fifty set: {bid})",
            ("eleven_plus_fifty", "eleven_plus_thirteen"),
            functools.partial(_fifty_applies, bid),
            ((f"fifty-without-{bid}", _FIFTY_WITHOUT[bid], f"a bid of {bid} is not worth 50"),),
            functools.partial(_fifty_questions, bid),
        )
        for bid in (11, 12, 13)
    ),
)
