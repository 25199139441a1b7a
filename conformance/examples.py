"""Hand-written cases: every worked example in the four sources
(:mod:`~fourhundred.conformance.examples_sources`), and one case per ambiguity
reading that shows the reading at work
(:mod:`~fourhundred.conformance.examples_readings`).

The expected values are written by hand from the sources (paraphrased, cited as
``source §Section``), not computed: ``fourhundred conformance check`` proves
that the specification gives the same answers, so a slip on either side is
caught. Ids are fixed by hand and recorded in the ledger.
"""

from __future__ import annotations

from fourhundred.conformance.examples_build import Case
from fourhundred.conformance.examples_readings import reading_examples
from fourhundred.conformance.examples_sources import source_examples

__all__ = ["Case", "cases", "reading_examples", "source_examples"]


def cases() -> list[Case]:
    """Every hand-written case, the sources' examples first."""
    return source_examples() + reading_examples()
