"""What an entry of the ambiguity register is (:class:`Ambiguity`, its defaults
:class:`Default`), and the names the entries share: the variants they single out and
the deal patterns they name. The entries are in the topic modules of
:mod:`fourhundred.spec.ambiguities`, which gathers them into the register.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.definitions import Choice, Citation
from fourhundred.spec.sources import VARIANT_NAMES

Kind = Literal["silence", "self-contradiction", "disagreement", "vague-extension", "convention"]

#: Short names of the variants the entries single out.
QAHWA, MEDALLON = qahwa.QAHWA_400.name, medallon.MEDALLON_400.name
PAGAT_41, PAGAT_400 = pagat.PAGAT_41.name, pagat.PAGAT_400.name
ARAB = arab3meyeh.ARAB3MEYEH_400.name


@dataclass(frozen=True)
class Default:
    """The reading a variant uses unless told otherwise, and why."""

    reading: str
    why: str


@dataclass(frozen=True)
class Ambiguity:
    """One entry of the register."""

    id: str
    title: str
    kind: Kind
    sources: tuple[Citation, ...]
    question: str
    readings: tuple[Choice, ...]
    defaults: Mapping[str, Default]
    switch: str | None = None
    #: For an entry without a switch that is not a convention: what selects
    #: the reading instead (the choice of variant, or a house option).
    settled_by: str | None = None

    @property
    def applies_to(self) -> tuple[str, ...]:
        """The variants this entry concerns, in registry order."""
        return tuple(v for v in VARIANT_NAMES if v in self.defaults)

    def reading(self, reading_id: str) -> Choice:
        """The reading with that id."""
        for reading in self.readings:
            if reading.value == reading_id:
                return reading
        raise KeyError(reading_id)


def same(reading: str, why: str, *variants: str) -> dict[str, Default]:
    """The same default, for the same reason, for several variants."""
    return {variant: Default(reading, why) for variant in variants}


ONE_AT_A_TIME = (1,) * 13
PAGAT_BATCHES = (1, 2, 2, 2, 2, 2, 2)
