"""No bug hides another: which cases tell each rule point apart from the others.

A rule point's *isolating* case fails under its mutant and passes under the
mutant of every other point that can occur beside it (in one engine, under the
same rule set): in an engine with both bugs, that case still shows this one
alone. Two points cannot occur together when they are about the same thing
(:func:`aspect`: one field read two ways, one bid's value, one behaviour), so
those are left out.

Where no single case isolates a point, it may still be *separated* from each
other point by some case (it fails there and the other passes); a point that
another point's failures contain (every case it fails, the other fails too) is
*hidden* by it: an engine with both shows only the other's cases, and only the
answers can still tell. :func:`isolation` computes all three from the fault
dictionary (:mod:`fourhundred.conformance.faults`), so ``fourhundred conformance
coverage`` reports them per point without answering a case.

Turn-order and dealer points (:data:`TURN_FAMILIES`) must have a failing case
that is not a whole game probing an illegal action: such a game fails first on
the illegal action under many other bugs, and the turn rule behind it is then
seen by nothing (:func:`carriers`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from fourhundred.conformance import faults, points
from fourhundred.conformance.suite import Run

#: The families whose points are turn order or who deals.
TURN_FAMILIES = frozenset({"dealer", "leader", "dealer-after-throw-in"})
#: The fields whose flips are turn order.
TURN_FIELDS = frozenset({"bidding_order", "play_order", "dealer_may_throw_in"})


def aspect(point_id: str) -> tuple[str, ...]:
    """What a point is about, as a key: two points with one key cannot occur in one
    engine (they read one field, one bid's value, one band score, one behaviour)."""
    family, _, rest = point_id.partition("/")
    if family in ("cards", "action"):
        return (family, rest)
    variant, _, tail = rest.partition("/")
    if family in ("flip", "off-by-one"):
        return (variant, "field", tail.split("=", 1)[0])
    if family in ("value-early", "value-late"):
        bid = int(tail)
        return (variant, "value", str(bid - 1 if family == "value-early" else bid))
    if family in ("band-early", "band-late"):
        edge = int(tail)
        return (variant, "band", str(edge - 1 if family == "band-early" else edge))
    return (variant, family)


def is_turn_point(point_id: str) -> bool:
    """Whether a point is about turn order or the dealer."""
    family, _, rest = point_id.partition("/")
    if family in TURN_FAMILIES:
        return True
    return family == "flip" and rest.rpartition("/")[2].split("=", 1)[0] in TURN_FIELDS


@dataclass(frozen=True)
class Isolation:
    """How one rule point stands apart from the points that can occur beside it."""

    point: str
    #: Failing runs that every co-occurring point passes (id@variant).
    isolating: tuple[str, ...]
    #: Co-occurring points whose failures contain all of this point's.
    hidden_by: tuple[str, ...]
    #: Co-occurring points that fail a run this one fails (the ones it must be told from).
    neighbours: int

    @property
    def isolated(self) -> bool:
        return bool(self.isolating)

    @property
    def reason(self) -> str:
        """Why no case isolates it ("" when one does)."""
        if self.isolating:
            return ""
        if self.hidden_by:
            shown = ", ".join(self.hidden_by[:3])
            more = f" and {len(self.hidden_by) - 3} more" if len(self.hidden_by) > 3 else ""
            return f"every case it fails, {shown}{more} fails too: only the answers tell them apart"
        return (
            f"each of its cases fails under one of {self.neighbours} other points too; "
            "each of those is told apart from it by some case, but none by one case alone"
        )


def _rule_set_points() -> dict[str, list[points.Point]]:
    found: dict[str, list[points.Point]] = {}
    for point in points.points():
        for variant in point.rule_sets:
            found.setdefault(variant, []).append(point)
    return found


def isolation(dictionary: faults.Dictionary | None = None) -> dict[str, Isolation]:
    """Every rule point's :class:`Isolation` (from the committed dictionary by default)."""
    found = faults.read() if dictionary is None else dictionary
    if found is None:
        return {}
    failing = {point.id: set(found.failing(point.id)) for point in points.points()}
    by_variant = _rule_set_points()
    result: dict[str, Isolation] = {}
    for point in points.points():
        mine = failing[point.id]
        key = aspect(point.id)
        others = {
            other.id
            for variant in point.rule_sets
            for other in by_variant.get(variant, ())
            if other.id != point.id and aspect(other.id) != key
        }
        touching = [other for other in sorted(others) if failing[other] & mine]
        shadow: set[str] = set()
        hidden = []
        for other in touching:
            theirs = failing[other]
            shadow |= theirs & mine
            if mine <= theirs:
                hidden.append(other)
        isolating = tuple(sorted(mine - shadow))
        result[point.id] = Isolation(point.id, isolating, tuple(hidden), len(touching))
    return result


def carriers(runs: Sequence[Run], dictionary: faults.Dictionary | None = None) -> dict[str, int]:
    """For each turn-order or dealer point: how many of its failing runs are not whole
    games probing an illegal action (0: only such games carry it)."""
    found = faults.read() if dictionary is None else dictionary
    if found is None:
        return {}
    probing = {run.key for run in runs if _probes_illegal(run)}
    return {
        point.id: sum(1 for key in found.failing(point.id) if key not in probing)
        for point in points.points()
        if is_turn_point(point.id)
    }


def _probes_illegal(run: Run) -> bool:
    expected = run.case.get("expected")
    return (
        run.kind == "whole_game"
        and isinstance(expected, Mapping)
        and bool(expected.get("rejected"))
    )


@cache
def committed() -> Mapping[str, Isolation]:
    """:func:`isolation` of the committed dictionary (cached)."""
    return isolation()
