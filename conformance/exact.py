"""The runs an exact declaration adds (``ADAPTERS.md``, "Exact settings"): every case of a
variant's family under the exact variant string an adapter declares, expected as the
reference answers under those rules, and the house-rule points no such run catches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fourhundred.conformance.case_source import CaseSource
from fourhundred.conformance.house_points import point_runs
from fourhundred.conformance.kinds import kind as kind_of
from fourhundred.conformance.suite import Case, Run, variant_matches
from fourhundred.globs import glob_match
from fourhundred.spec.registry import load


def exact_runs(
    cases: Iterable[Case],
    exact: Sequence[str],
    kinds: Sequence[str] = (),
    variants: Sequence[str] = (),
    ids: Sequence[str] = (),
) -> list[Run]:
    """The runs an exact declaration adds (``ADAPTERS.md``, "Exact settings"):
    for each exact variant string (canonical, as :func:`~fourhundred.conformance.suite.canonical_variant` gives
    it) that passes the ``variants`` filter, every case that passes the other
    filters, lists a variant of the same family (base variant) but not the exact
    string itself (that run is a published one: :func:`~fourhundred.conformance.suite.select_runs`), and whose
    input is valid under the exact rules, under that string.

    Its expectation is the reference's answer under the exact rules
    (:meth:`~fourhundred.conformance.kinds.Kind.reference_answer`) and the run
    is marked ``derived``; a variant-free kind keeps its published expectation,
    which holds under every variant. Each (case id, exact string) comes once,
    exact strings in the order given, cases in suite order. A house-rules string the
    suite was not generated for also gets a case for each of its own rule points no
    derived run catches (:func:`fourhundred.conformance.house_points.point_runs`).
    """
    runs: list[Run] = []
    if not any(variant_matches(exact_variant, variants) for exact_variant in exact):
        return runs
    # A source is walked again for each exact string (it holds no cases); others are held.
    cases = cases if isinstance(cases, CaseSource) else tuple(cases)
    for exact_variant in dict.fromkeys(exact):
        if not variant_matches(exact_variant, variants):
            continue
        rules = load(exact_variant)
        start = len(runs)
        family = exact_variant.split("(", 1)[0]
        for case in cases:
            if kinds and case["kind"] not in kinds:
                continue
            if ids and not any(glob_match(case["id"], pattern) for pattern in ids):
                continue
            listed = case["variants"]
            if exact_variant in listed or not any(
                variant.split("(", 1)[0] == family for variant in listed
            ):
                continue
            entry = kind_of(case["kind"])
            if not entry.is_valid(rules, case["input"]):
                continue
            if entry.variant_free:
                runs.append(Run(case, exact_variant))
                continue
            expected = entry.reference_answer(rules, case["input"])
            runs.append(
                Run(
                    {**case, "variants": [exact_variant], "expected": expected}, exact_variant, True
                )
            )
        published = [
            Run(case, exact_variant) for case in cases if exact_variant in case["variants"]
        ]
        runs.extend(point_runs(rules, [*published, *runs[start:]], kinds, ids))
    return runs
