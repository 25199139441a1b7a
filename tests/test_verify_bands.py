"""Open bands proved by induction, canonical witness games, and the measured order of the work."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest

from fourhundred.spec import registry
from fourhundred.spec.model import Result, Rules
from fourhundred.verify import bands, solver
from fourhundred.verify.claim_winning import decide_scores_can_go_below_zero
from fourhundred.verify.depends import decide_traced
from fourhundred.verify.invariants import INVARIANTS
from fourhundred.verify.ledger import recorded_work
from fourhundred.verify.runner import QUICK, longest_first


def test_the_open_band_formula_of_an_unbounded_table_minimum_is_proved_by_induction() -> None:
    rules = registry.load("qahwa-400(table_min_cap=unbounded)")
    assert bands.open_bands(rules) == {"table": (140, 23)}
    decision = bands.decide_open_band_formula(rules, QUICK)
    assert decision.verdict == "proved"
    assert "induction over the bands" in decision.note
    assert "table minimum from 140: 23 + (score - 140) // 10" in decision.note


def _claiming(monkeypatch: pytest.MonkeyPatch, key: str, formula: str) -> None:
    """Make the page state ``formula`` as the open band of ``key``."""
    real = bands.describe

    def stated(rules: Rules) -> dict[str, Any]:
        data = dict(real(rules))
        data[key] = {"band": "140 or more", "minimum": formula, "in_words": formula}
        return data

    monkeypatch.setattr(bands, "describe", stated)


def test_an_open_band_that_starts_one_too_low_fails_the_base_lemma(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _claiming(monkeypatch, "own_minimum_open_band", "15 + (score - 140) // 10")
    decision = bands.decide_open_band_formula(registry.load("medallon-400"), QUICK)
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["lemma"] == "base"
    assert decision.counterexample["minimum"] == "own"
    assert 140 <= decision.counterexample["scores"]["N"] < 150


def test_a_capped_minimum_stated_as_open_fails_the_step_lemma(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = registry.load("qahwa-400(table_min_cap=unbounded)")
    capped = replace(rules, table_min_cap=30)
    _claiming(monkeypatch, "table_minimum_open_band", "23 + (score - 140) // 10")
    decision = bands.decide_open_band_formula(capped, QUICK)
    assert decision.verdict == "refuted"
    assert decision.counterexample is not None
    assert decision.counterexample["lemma"] == "step"


def test_a_formula_in_another_shape_is_not_read_as_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    _claiming(monkeypatch, "own_minimum_open_band", "14 + score // 10")
    decision = bands.decide_open_band_formula(registry.load("medallon-400"), QUICK)
    assert decision.verdict == "unknown"


def _brute_force_first_hand(rules: Rules, goal: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lexicographically smallest played hand (bids, then tricks) from the
    start that lets the game go on and meets ``goal``, by enumeration on ints."""
    scores = (0, 0, 0, 0)
    bid_range = range(rules.min_bid, rules.max_bid + 1)
    splits = [t for t in itertools.product(range(14), repeat=3) if sum(t) <= 13]
    for bids in itertools.product(bid_range, repeat=4):
        if not (rules.bids_are_legal(bids, scores) and rules.hand_is_played(bids, scores)):
            continue
        for first in splits:
            tricks = (*first, 13 - sum(first))
            after, result, _ = rules.hand_result(scores, bids, tricks, 0, rules.target)
            if result == int(Result.CONTINUE) and goal(after):
                return bids, tricks
    raise AssertionError("no such hand")


def test_a_witness_game_is_the_lexicographically_smallest_in_the_order_of_play() -> None:
    rules = registry.load("qahwa-400")
    decision = decide_scores_can_go_below_zero(rules, QUICK)
    assert decision.counterexample is not None
    (hand,) = decision.counterexample["game"]["hands"]
    bids, tricks = _brute_force_first_hand(rules, lambda after: min(after) < 0)
    assert (tuple(hand["bids"]), tuple(hand["tricks"])) == (bids, tricks)


def test_a_decisions_work_is_the_same_whatever_the_process_solved_before() -> None:
    check = next(c for c in INVARIANTS if c.id == "value-never-falls-as-bid-rises")
    rules = registry.load("pagat-41")
    solver.clear_cache()
    first, _ = decide_traced(check, rules, QUICK)
    again, _ = decide_traced(check, rules, QUICK)  # answered from the cache this time
    assert first.work > 0
    assert again == first


def test_tasks_are_handed_out_costliest_first_by_the_work_the_ledger_recorded() -> None:
    chosen = list(INVARIANTS[:3])
    work = {chosen[0].id: 5, chosen[1].id: 50}
    order = longest_first(chosen, work)
    assert [c.id for c in order] == [chosen[2].id, chosen[1].id, chosen[0].id]
    data = {
        "findings": [
            {"id": "a", "fingerprint": "f1", "work": 7},
            {"id": "a", "fingerprint": "f1", "work": 7},  # a reading that shared the decision
            {"id": "a", "fingerprint": "f2", "work": 3},
            {"id": "b", "fingerprint": "f1", "work": 1},
        ]
    }
    assert recorded_work(data) == {"a": 10, "b": 1}
