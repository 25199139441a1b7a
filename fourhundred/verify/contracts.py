"""CrossHair: contracts on the reference's fast rule functions, checked symbolically.

Each contract says a :class:`fourhundred.reference.fast.FastRules` method
returns what the specification's :class:`~fourhundred.spec.model.Rules`
method returns, for every input satisfying the precondition. CrossHair
explores the paths of both with symbolic integers. Run through its Python API
(``analyze_function`` + ``run_checkables``), never the command line, which
exits 0 when a precondition cannot be satisfied: here ``PRE_UNSAT`` is a
failure (verdict ``unknown``).

The everyday budget exhausts every path of these four. ``hand_is_played`` and
``hand_result``, whose paths it cannot exhaust (four 13-way table lookups in a
total counted in bid values; every rule of a hand's end), are proved equal with
Z3 instead, path by path (:mod:`fourhundred.verify.fast_paths`).

Verdicts: all paths exhausted (CONFIRMED) is ``proved``; paths explored
without a failure within the budget (CANNOT_CONFIRM) is ``bounded-proved``
with the budget as the bound; a failing path is ``refuted`` with its input.

The budget is a number of paths (``max_iterations``), never a wall-clock
timeout, so the verdicts are reproducible: CrossHair's path choices come from
a fixed seed and its solver runs with a fixed seed, so the same budget
explores the same paths on any machine under any load (the published claims
ledger and a local ``fourhundred verify`` agree). A path still has a generous
wall-clock limit (:data:`PATH_SAFETY_SECONDS`) so a runaway path cannot hang
the run; no path here comes near it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from fourhundred.spec.model import Rules
from fourhundred.verify.results import Check, Decision, Settings, reference_check
from fourhundred.verify.solver import add_work

if TYPE_CHECKING:
    from fourhundred.reference.fast import FastRules


class _Subject(TypedDict, total=False):
    """The (spec, fast) pair under analysis."""

    spec: Rules
    fast: FastRules


#: CrossHair evaluates contracts in the module's namespace, so the subject is
#: module state, set before each run.
_SUBJECT: _Subject = {}


def own_minimum_agrees(score: int) -> int:
    """
    pre: -1000 <= score <= 1000
    post: __return__ == _SUBJECT["spec"].own_minimum_bid(score)
    """
    return int(_SUBJECT["fast"].own_minimum_bid(score))


def bid_value_agrees(bid: int, own: int, highest: int) -> int:
    """
    pre: 1 <= bid <= 13
    pre: -1000 <= own <= highest <= 1000
    post: __return__ == _SUBJECT["spec"].bid_value(bid, own, highest)
    """
    return int(_SUBJECT["fast"].bid_value(bid, own, highest))


def score_change_agrees(bid: int, tricks: int, own: int, highest: int) -> int:
    """
    pre: 1 <= bid <= 13
    pre: 0 <= tricks <= 13
    pre: -1000 <= own <= highest <= 1000
    post: __return__ == _SUBJECT["spec"].score_change(bid, tricks, own, highest)
    """
    return int(_SUBJECT["fast"].score_change(bid, tricks, own, highest))


def table_minimum_agrees(a: int, b: int, c: int, d: int) -> int:
    """
    pre: -1000 <= a <= 1000 and -1000 <= b <= 1000 and -1000 <= c <= 1000 and -1000 <= d <= 1000
    post: __return__ == _SUBJECT["spec"].table_minimum((a, b, c, d))
    """
    return int(_SUBJECT["fast"].table_minimum((a, b, c, d)))


CONTRACTS: tuple[tuple[str, Callable[..., object]], ...] = (
    ("own_minimum_bid", own_minimum_agrees),
    ("bid_value", bid_value_agrees),
    ("score_change", score_change_agrees),
    ("table_minimum", table_minimum_agrees),
)


#: The work of one CrossHair path in Z3 solver checks (:data:`Decision.work`):
#: measured with ``fourhundred verify --bench`` under cProfile, a path took about
#: 70 ms and a check of the Z3 queries about 6 ms, so a path counts as 10 checks.
PATH_WORK = 10

#: The wall-clock limit of one path: a guard against a runaway path, far above
#: what any path here takes (well under a second), so it never decides a verdict.
PATH_SAFETY_SECONDS = 120.0


def check_contract(rules: Rules, function: Callable[..., object], iterations: int) -> Decision:
    """Run CrossHair on one contract for one reading, exploring at most ``iterations`` paths."""
    from collections import Counter

    from crosshair.core_and_libs import analyze_function, run_checkables
    from crosshair.options import AnalysisOptionSet
    from crosshair.statespace import MessageType

    from fourhundred.reference.fast import FastRules

    _SUBJECT["spec"] = rules
    _SUBJECT["fast"] = FastRules.of(rules)
    paths: Counter[str] = Counter()
    options = AnalysisOptionSet(
        max_iterations=iterations,
        max_uninteresting_iterations=0,  # no early stop: the budget is the iterations
        per_condition_timeout=float("inf"),
        per_path_timeout=PATH_SAFETY_SECONDS,
        report_all=True,
        stats=paths,
    )
    messages = run_checkables(analyze_function(function, options))
    add_work(PATH_WORK * paths["num_paths"])
    states = {message.state for message in messages}
    if not messages:
        return Decision("unknown", note="CrossHair found no contract to check")
    failures = [
        m
        for m in messages
        if m.state in (MessageType.POST_FAIL, MessageType.EXEC_ERR, MessageType.POST_ERR)
    ]
    if failures:
        return Decision("refuted", counterexample={"crosshair": failures[0].message})
    if MessageType.PRE_UNSAT in states:
        return Decision("unknown", note="CrossHair could not satisfy the precondition (PRE_UNSAT)")
    if states == {MessageType.CONFIRMED}:
        return Decision(
            "proved", note="CrossHair exhausted every path (inputs within the precondition)"
        )
    return Decision(
        "bounded-proved",
        bound=f"CrossHair, {iterations} paths per condition",
        note="no failing path found within the budget",
    )


def _decide(function: Callable[..., object]) -> Callable[[Rules, Settings], Decision]:
    def decide(rules: Rules, settings: Settings) -> Decision:
        return check_contract(rules, function, settings.crosshair_iterations)

    return decide


def contract_checks(all_readings: bool) -> tuple[Check, ...]:
    """One check per contract (default readings only, unless ``all_readings``)."""
    return tuple(
        reference_check(name, "CrossHair", _decide(function), all_readings)
        for name, function in CONTRACTS
    )
