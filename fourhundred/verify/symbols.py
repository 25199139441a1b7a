"""Named Z3 integers for scores, bids and tricks, and reading a counterexample back.

Every check names its unknowns the same way (``score_N``, ``bid_W``,
``tricks_S`` ...), so identical properties of different readings give
identical formulas (and share the solver cache), and a counterexample reads
in the project's notation: four values by seat, North, West, South, East.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from fourhundred.spec.cards import SEAT_NAMES, TRICKS_PER_HAND
from fourhundred.spec.logic import between
from fourhundred.spec.model import Rules


def seat_ints(prefix: str) -> list[Any]:
    """Four integers named ``<prefix>_N``, ``<prefix>_W``, ``<prefix>_S``, ``<prefix>_E``."""
    return [z3.Int(f"{prefix}_{name}") for name in SEAT_NAMES]


def ints(*names: str) -> list[Any]:
    """Integers with these names."""
    return [z3.Int(name) for name in names]


@dataclass(frozen=True)
class Watch:
    """Terms to read from a counterexample, under labels: a label names one
    term, or a list of terms (four seats, a sequence of hands ...)."""

    entries: tuple[tuple[str, Any], ...]

    @staticmethod
    def of(**labelled: Any) -> Watch:
        return Watch(tuple(labelled.items()))

    @property
    def terms(self) -> list[Any]:
        flat: list[Any] = []
        for _, entry in self.entries:
            flat.extend(_flatten(entry))
        return flat

    def decode(self, values: Sequence[int]) -> dict[str, Any]:
        """The counterexample as plain data, under the labels."""
        out: dict[str, Any] = {}
        position = 0
        for label, entry in self.entries:
            shaped, position = _shape(entry, values, position)
            out[label] = shaped
        return out


def _flatten(entry: Any) -> list[Any]:
    if isinstance(entry, list | tuple):
        return [term for item in entry for term in _flatten(item)]
    return [entry]


def _shape(entry: Any, values: Sequence[int], position: int) -> tuple[Any, int]:
    if isinstance(entry, list | tuple):
        shaped = []
        for item in entry:
            value, position = _shape(item, values, position)
            shaped.append(value)
        return shaped, position
    return values[position], position + 1


def in_bid_range(rules: Rules, bid: Any) -> Any:
    """A bid between the variant's smallest and largest bid (score aside)."""
    return between(rules.min_bid, bid, rules.max_bid)


def not_special(rules: Rules, bid: Any) -> Any:
    """The bid is not one that decides the game (a 13 in some readings), as a term."""
    special = rules.is_special_bid(bid)
    return z3.BoolVal(not special) if isinstance(special, bool) else z3.Not(special)


def trick_count(value: Any) -> Any:
    """A number of tricks one player can take."""
    return between(0, value, TRICKS_PER_HAND)


def highest_of(scores: Sequence[Any]) -> Any:
    """The highest of four scores as a term."""
    best = scores[0]
    for score in scores[1:]:
        best = z3.If(score > best, score, best)
    return best


def with_seat(values: Sequence[Any], seat: Any, new: Any) -> list[Any]:
    """The four values with the one at a (symbolic) seat replaced."""
    return [z3.If(seat == k, new, values[k]) for k in range(4)]


def pick(values: Sequence[Any], index: Any) -> Any:
    """``values[index]`` for a symbolic index."""
    result = values[-1]
    for k in range(len(values) - 2, -1, -1):
        result = z3.If(index == k, values[k], result)
    return result


def seat_list(values: Sequence[int]) -> dict[str, int]:
    """Four values by seat name."""
    return dict(zip(SEAT_NAMES, values, strict=True))
