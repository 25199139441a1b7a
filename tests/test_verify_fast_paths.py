"""The Z3 path proofs that the reference's fast rules equal the specification's
(fourhundred/verify/fast_paths.py): they prove, they catch a planted difference,
they repeat, and their fingerprint covers the fast rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
import z3

from fourhundred.reference.fast import FastRules
from fourhundred.spec.logic import max_
from fourhundred.spec.registry import load
from fourhundred.verify import depends, fast_paths
from fourhundred.verify.runner import QUICK, checks
from fourhundred.verify.solver import DEFAULT_RLIMIT


@pytest.mark.parametrize("variant", ["pagat-41", "pagat-400"])
def test_hand_is_played_is_proved_where_crosshair_cannot_exhaust_it(variant: str) -> None:
    rules = load(variant)
    assert rules.table_measure == "values"
    decision = fast_paths.prove_goal(fast_paths.GOALS["hand_is_played"], rules, DEFAULT_RLIMIT)
    assert decision.verdict == "proved", decision
    assert "hand_is_played" in decision.note and "bid_value" in decision.note


def test_hand_result_is_proved_on_a_reading_with_a_deciding_thirteen() -> None:
    rules = load("pagat-400")
    assert FastRules.of(rules).special_bid == 13
    decision = fast_paths.prove_goal(fast_paths.GOALS["hand_result"], rules, DEFAULT_RLIMIT)
    assert decision.verdict == "proved", decision


class _WrongNine(FastRules):
    """A fast-rule variant: a bid of 9 is worth one point more above 150."""

    def bid_value(self, bid: int, own_score: int, highest_score: int) -> int:
        value = super().bid_value(bid, own_score, highest_score)
        return value + 1 if bid == 9 and own_score > 150 else value


class _WrongTarget(FastRules):
    """A fast-rule variant: South's deals move the next target when West passes 77."""

    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        after, result, target = super().hand_result(
            scores_before, bids, tricks, dealer, target_in_force
        )
        if dealer == 2 and after[1] > 77:
            return after, result, target + 1
        return after, result, target


def test_a_planted_wrong_bid_value_refutes_hand_is_played_with_canonical_inputs() -> None:
    goal = fast_paths.GOALS["hand_is_played"]
    decision = fast_paths.prove_goal(goal, load("pagat-400"), DEFAULT_RLIMIT, _WrongNine)
    assert decision.verdict == "refuted"
    assert decision.counterexample == {"method": "bid_value", "bid": 9, "own": 151, "highest": 0}


def test_a_planted_wrong_hand_result_is_refuted_on_the_path_that_differs() -> None:
    goal = fast_paths.GOALS["hand_result"]
    decision = fast_paths.prove_goal(goal, load("qahwa-400"), DEFAULT_RLIMIT, _WrongTarget)
    assert decision.verdict == "refuted"
    found: Any = decision.counterexample
    assert found["method"] == "hand_result"
    assert found["dealer"] == 2
    # The planted rule fires: West's score after the hand passes 77.
    rules = load("qahwa-400")
    scores = tuple(found[f"s{seat}"] for seat in range(4))
    bids = tuple(found[f"b{seat}"] for seat in range(4))
    tricks = tuple(found[f"t{seat}"] for seat in range(4))
    after = FastRules.of(rules).scores_after(scores, bids, tricks)
    assert after[1] > 77


def test_a_proof_gives_the_same_decision_every_time() -> None:
    rules = load("medallon-400")
    goal = fast_paths.GOALS["hand_result"]
    first = fast_paths.prove_goal(goal, rules, DEFAULT_RLIMIT)
    second = fast_paths.prove_goal(goal, rules, DEFAULT_RLIMIT)
    assert first == second


def test_the_explorer_runs_every_path_of_pythons_max_once() -> None:
    paths = fast_paths.Paths((), DEFAULT_RLIMIT)
    terms = [z3.Int(f"x{i}") for i in range(4)]
    seen: list[Any] = []

    def run() -> Any:
        best = max(fast_paths.Sym(t, paths) for t in terms)
        seen.append(best.term)
        return best.term == max_(*terms)

    outcome = paths.explore(run)
    assert outcome.verdict == "proved"
    assert outcome.paths == 8  # three comparisons, each side possible
    assert {str(t) for t in seen} == {"x0", "x1", "x2", "x3"}


def test_an_index_by_a_symbol_branches_on_each_value_it_can_take() -> None:
    bid = z3.Int("bid")
    paths = fast_paths.Paths((bid >= 0, bid <= 4), DEFAULT_RLIMIT)
    table = (10, 20, 30, 40, 50)
    outcome = paths.explore(lambda: table[fast_paths.Sym(bid, paths)] == 10 * (bid + 1))
    assert (outcome.verdict, outcome.paths) == ("proved", 5)


def test_the_path_proofs_replace_crosshair_on_every_default_reading() -> None:
    ids = {"reference-hand-is-played-matches-spec", "reference-hand-result-matches-spec"}
    found = [c for c in checks(QUICK) if c.id in ids]
    assert {c.id for c in found} == ids and len(found) == 2
    for check in found:
        assert "Z3" in check.title
        for variant in ("qahwa-400", "medallon-400", "pagat-41", "pagat-400", "arab3meyeh-400"):
            assert check.applies(load(variant))


def test_a_path_proofs_fingerprint_covers_the_fast_rules_it_runs() -> None:
    check = next(c for c in checks(QUICK) if c.id == "reference-hand-result-matches-spec")
    names = {path.name for path in depends.check_code(check)}
    assert {"fast_paths.py", "fast.py"} <= names
    rules = load("pagat-400")
    decision, reads = depends.decide_traced(check, rules, QUICK)
    assert decision.verdict == "proved"
    # The spec methods it compares with are read, so their source is in the fingerprint.
    assert {"hand_result", "special_result", "points_result", "bid_value"} <= reads


def test_a_path_proofs_fingerprint_names_no_memory_address() -> None:
    for check in checks(QUICK):
        if check.id in (
            "reference-hand-is-played-matches-spec",
            "reference-hand-result-matches-spec",
        ):
            assert not any(" at 0x" in text for text in depends.decision_parameters(check))


def test_an_index_that_takes_too_many_values_leaves_the_proof_unknown() -> None:
    score = z3.Int("score")
    paths = fast_paths.Paths((score >= 0,), DEFAULT_RLIMIT)
    numbers = range(10**6)
    outcome = paths.explore(lambda: z3.BoolVal(numbers[fast_paths.Sym(score, paths)] >= 0))
    assert outcome.verdict == "unknown"
    assert str(fast_paths.MAX_INDEX_VALUES) in outcome.reason
