"""The open band of a minimum that rises without end, proved for every score by induction.

Where an own or table minimum rises without a cap, ``fourhundred rules`` and
the rules pages end its table with a formula instead of a constant
(:func:`fourhundred.spec.describe.open_band`): from a score ``L`` on, the
minimum is ``m + (score - L) // 10``. No search over scores can confirm a
statement about every score, so Z3 proves it by induction over the bands,
two queries over unbounded integers, each a few milliseconds:

* **base**: every score of the first open band (``L <= s < L + 10``) has
  the minimum ``m``;
* **step**: for every score ``s >= L``, the minimum at ``s + 10`` is the
  minimum at ``s`` plus one.

For ``s = L + 10k + r`` with ``0 <= r < 10``, induction on ``k`` then gives
``m + k``, which is ``m + (s - L) // 10``: the formula holds for every score
from ``L`` up. The table minimum's score is the table score (the highest, or
the lowest, of the four): the lemmas range over all four scores of two
positions whose table scores are ``s`` and ``s + 10``.

The formula checked is the one the page prints, read back from
:func:`fourhundred.spec.describe.describe`, so a page and its proof cannot
drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from fourhundred.spec.describe import describe
from fourhundred.spec.logic import between
from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.spec.sources import cite
from fourhundred.verify.results import Check, Decision, Settings
from fourhundred.verify.solver import absolute, prove
from fourhundred.verify.symbols import Watch, seat_ints, seat_list

_FORMULA = re.compile(r"(-?\d+) \+ \(score - (-?\d+)\) // (\d+)")

#: The two minimums a page may end with an open band: its key in :func:`describe`.
OPEN_BANDS = {"own": "own_minimum_open_band", "table": "table_minimum_open_band"}


def open_bands(rules: Rules) -> dict[str, tuple[int, int]]:
    """The open bands the page of ``rules`` states, by minimum (``own``,
    ``table``): the first score ``L`` of the band and the minimum ``m`` there.
    A formula in another shape than :func:`~fourhundred.spec.describe.open_band`'s
    is a :class:`ValueError` (the check cannot read what it should prove)."""
    data = describe(rules)
    found = {}
    for name, key in OPEN_BANDS.items():
        band = data.get(key)
        if band is None:
            continue
        matched = _FORMULA.fullmatch(str(band["minimum"]))
        if matched is None or int(matched.group(3)) != BAND_WIDTH:
            raise ValueError(f"the {name} minimum's open band reads {band['minimum']!r}")
        found[name] = (int(matched.group(2)), int(matched.group(1)))
    return found


def _lemmas(
    minimum: Callable[[Sequence[Any]], Any],
    score_of: Callable[[Sequence[Any]], Any],
    low: int,
    value: int,
    settings: Settings,
) -> tuple[str, Decision] | None:
    """Prove the base and the step for one minimum (a function of four scores,
    read at the score ``score_of`` gives); the first lemma refuted, if any."""
    here, there = seat_ints("score"), seat_ints("later_score")
    at, later = score_of(here), score_of(there)
    lemmas = {
        "base": (
            minimum(here) == value,
            [between(low, at, low + BAND_WIDTH - 1)],
            Watch.of(scores=here),
        ),
        "step": (
            minimum(there) == minimum(here) + 1,
            [at >= low, later == at + BAND_WIDTH],
            Watch.of(scores=here, later_scores=there),
        ),
    }
    for name, (goal, given, watch) in lemmas.items():
        answer = prove(
            goal,
            given=given,
            watch=watch.terms,
            minimise=[absolute(term) for term in watch.terms],
            rlimit=settings.rlimit,
        )
        if answer.verdict == "proved":
            continue
        if answer.verdict == "unknown":
            return name, Decision("unknown", note=f"the {name} lemma ran out of Z3 budget")
        decoded = watch.decode(answer.values)
        example = {label: seat_list(values) for label, values in decoded.items()}
        return name, Decision("refuted", counterexample={"lemma": name, **example})
    return None


def decide_open_band_formula(rules: Rules, settings: Settings) -> Decision:
    """Prove the formula of every open band the page states, by induction over the bands."""
    try:
        bands = open_bands(rules)
    except ValueError as error:
        return Decision("unknown", note=str(error))
    if not bands:
        return Decision("proved", note="no minimum rises without end in this reading")
    stated = []
    for name, (low, value) in sorted(bands.items()):
        if name == "own":
            failed = _lemmas(
                lambda scores: rules.own_minimum_bid(scores[0]),
                lambda scores: scores[0],
                low,
                value,
                settings,
            )
        else:
            failed = _lemmas(rules.table_minimum, rules.table_score, low, value, settings)
        formula = f"{value} + (score - {low}) // {BAND_WIDTH}"
        if failed is not None:
            lemma, decision = failed
            if decision.counterexample is None:
                return decision
            return Decision(
                "refuted",
                counterexample={"minimum": name, "formula": formula, **decision.counterexample},
                note=f"the {lemma} lemma fails: the page's formula is wrong",
            )
        stated.append(f"{name} minimum from {low}: {formula}")
    return Decision(
        "proved",
        note=(
            f"for every score, by induction over the bands (base: the first open band; step: ten "
            f"points more add one): {'; '.join(stated)}"
        ),
    )


def _has_open_band(rules: Rules) -> bool:
    """Whether the page of ``rules`` ends a minimum's table with an open band."""
    data = describe(rules)
    return any(data.get(key) is not None for key in OPEN_BANDS.values())


BANDS: tuple[Check, ...] = (
    Check(
        "open-band-formula-is-exact",
        "invariant",
        "bidding",
        "A minimum that rises without end follows the formula its page states, for every score",
        (
            cite("medallon", "Minimum Bids", "the minimum keeps rising by one per ten points"),
            cite("arab3meyeh", "Bidding", "3 at 30, 4 at 40 'and so on'"),
        ),
        decide_open_band_formula,
        applies=_has_open_band,
    ),
)
