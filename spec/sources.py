"""The registry of rule sources and of the variants each one defines.

Each source module (:mod:`~fourhundred.spec.qahwa`,
:mod:`~fourhundred.spec.medallon`, :mod:`~fourhundred.spec.pagat`,
:mod:`~fourhundred.spec.arab3meyeh`) declares its :class:`Source` record as
``SOURCE`` and its variant definitions as ``VARIANTS``. This module lists the
source records and the definitions once, in registry order; everything else that needs the
sources, their sections or the variant names reads them from here (the
ambiguity register, the variant registry, the conformance coverage, verify,
the docs). Adding a source is adding its module and naming it in
:data:`SOURCES` and :data:`DEFINITIONS` (a test checks that every source
module is named in both).

It sits below :mod:`fourhundred.spec.registry`, which also needs the
ambiguity register, so that the register can name every variant without an
import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.definitions import Citation, Source, VariantDef

#: Every rule source, in registry order.
SOURCES: tuple[Source, ...] = (qahwa.SOURCE, medallon.SOURCE, pagat.SOURCE, arab3meyeh.SOURCE)

#: Every variant definition, in registry order: each source's, in its module's order.
DEFINITIONS: tuple[VariantDef, ...] = (
    *qahwa.VARIANTS,
    *medallon.VARIANTS,
    *pagat.VARIANTS,
    *arab3meyeh.VARIANTS,
)

#: The canonical name of every variant, in registry order.
VARIANT_NAMES: tuple[str, ...] = tuple(definition.name for definition in DEFINITIONS)

_BY_ID: Mapping[str, Source] = MappingProxyType({source.id: source for source in SOURCES})


def source(source_id: str) -> Source:
    """The source with that id (``KeyError`` naming the known ids if there is none)."""
    try:
        return _BY_ID[source_id]
    except KeyError:
        raise KeyError(
            f"unknown source {source_id!r}; known sources: {', '.join(_BY_ID)}"
        ) from None


def cite(source_id: str, section: str, says: str = "") -> Citation:
    """A citation of a source's section by id; unknown sources and sections are refused."""
    return source(source_id).cite(section, says)
