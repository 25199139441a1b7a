"""The ambiguity register: every place where a source is silent, contradicts
itself, or disagrees with another source, and the reading each variant uses.

Each :class:`Ambiguity` has a stable id (never reused), the sources and
sections involved (paraphrased), the question it leaves open, the possible
readings, and, for every variant it applies to, the default reading and why.
Where an entry has a ``switch``, every reading is selectable on those
variants as an option of that name, e.g. ``medallon-400(bidding_order=clockwise)``.
Entries of kind ``convention`` record a silence filled by the convention
every table follows; they have a single reading and no switch. Entries of
kind ``disagreement`` without a switch are settled by choosing the variant.

``fourhundred ambiguities --json`` exports this register.


The register is a package: the entry type and the names the entries share are in
:mod:`~fourhundred.spec.ambiguities.base`, the entries in one module a topic (the
deal, the minimum bids, the values, winning, the rest), and this module gathers them
in the register's order and looks them up. Every name other modules import from here
is here.
"""

from __future__ import annotations

from collections.abc import Mapping

from fourhundred.spec.ambiguities import deal, minimums, values, various, winning
from fourhundred.spec.ambiguities.base import ARAB as ARAB
from fourhundred.spec.ambiguities.base import MEDALLON as MEDALLON
from fourhundred.spec.ambiguities.base import ONE_AT_A_TIME as ONE_AT_A_TIME
from fourhundred.spec.ambiguities.base import PAGAT_41 as PAGAT_41
from fourhundred.spec.ambiguities.base import PAGAT_400 as PAGAT_400
from fourhundred.spec.ambiguities.base import PAGAT_BATCHES as PAGAT_BATCHES
from fourhundred.spec.ambiguities.base import QAHWA as QAHWA
from fourhundred.spec.ambiguities.base import Ambiguity as Ambiguity
from fourhundred.spec.ambiguities.base import Default as Default
from fourhundred.spec.ambiguities.base import Kind as Kind
from fourhundred.spec.ambiguities.base import same as same

REGISTER: tuple[Ambiguity, ...] = (
    *deal.ENTRIES,
    *minimums.ENTRIES,
    *values.ENTRIES,
    *winning.ENTRIES,
    *various.ENTRIES,
)

BY_ID: Mapping[str, Ambiguity] = {entry.id: entry for entry in REGISTER}


def entry(ambiguity_id: str) -> Ambiguity:
    """The register entry with that id."""
    return BY_ID[ambiguity_id]


def to_json() -> list[dict[str, object]]:
    """The register as JSON-ready data (``fourhundred ambiguities --json``)."""
    return [
        {
            "id": a.id,
            "title": a.title,
            "kind": a.kind,
            "question": a.question,
            "sources": [
                {"source": s.source, "section": s.section, "says": s.says} for s in a.sources
            ],
            "switch": a.switch,
            "settled_by": a.settled_by,
            "readings": [{"id": r.value, "summary": r.summary} for r in a.readings],
            "applies_to": list(a.applies_to),
            "defaults": {v: {"reading": d.reading, "why": d.why} for v, d in a.defaults.items()},
        }
        for a in REGISTER
    ]
