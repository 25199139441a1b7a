"""Every mutant by name: the hand-written :data:`~fourhundred.conformance.mutants.MUTANTS`
and one per rule point of :mod:`fourhundred.conformance.points`, for the adapter's
``--mutant NAME`` and for judging them (:mod:`fourhundred.conformance.mutation`)."""

from __future__ import annotations

from fourhundred.conformance import points
from fourhundred.conformance.mutants import BY_NAME, MUTANTS, Mutant
from fourhundred.errors import UserError


def every_mutant() -> tuple[Mutant, ...]:
    """The hand-written :data:`MUTANTS` and one per rule point
    (:func:`fourhundred.conformance.points.points`), in that order."""
    return (*MUTANTS, *(point.mutant for point in points.points()))


def by_name(name: str) -> Mutant:
    """The mutant called ``name`` (hand-written, or a rule point's id); an unknown
    name is a :class:`UserError` naming where the list is."""
    found = BY_NAME.get(name)
    if found is not None:
        return found
    point = points.by_id().get(name)
    if point is not None:
        return point.mutant
    raise UserError(
        f"unknown mutant {name!r}; the hand-written mutants are: {', '.join(BY_NAME)}; "
        "every rule point id of 'fourhundred conformance coverage' names one too"
    )
