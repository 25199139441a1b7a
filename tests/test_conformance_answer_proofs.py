"""A survivor in a method of the specification, asked where the protocol asks it
(fourhundred.conformance.answer_proofs): proved unchanged in every answer, or made a
question of its kind."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from fourhundred.conformance import answer_proofs, operators, validity
from fourhundred.spec.registry import load

MODEL = operators.ROOT / answer_proofs.MODEL


def _rules_class(source: str, name: str) -> Any:
    """The ``Rules`` class of ``source``, run as a module of its own."""
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, name, "exec"), module.__dict__)
    return module.Rules


def test_the_users_of_a_method_are_those_whose_body_reaches_it() -> None:
    source = (
        "class Rules:\n"
        "    def a(self):\n        return self.b()\n"
        "    def b(self):\n        return self.c\n"
        "    @property\n    def c(self):\n        return 1\n"
        "    def d(self):\n        return 2\n"
    )
    assert answer_proofs.users(source, "c") == {"a", "b", "c"}
    assert answer_proofs.users(source, "d") == {"d"}


def test_the_answering_modules_name_the_answered_methods_and_the_engines_own() -> None:
    source = MODEL.read_text(encoding="utf-8")
    reach = answer_proofs.users(source, "seat_qualifies")
    assert {"first_qualifying_team", "points_result", "hand_result"} <= reach
    assert answer_proofs.named_outside(operators.ROOT, reach) == {"hand_result"}
    seats = answer_proofs.users(source, "bidding_seats")
    assert "bidding_seats" in answer_proofs.named_outside(operators.ROOT, seats)


def _mutated(old: str, new: str, name: str) -> tuple[Any, Any, str]:
    source = MODEL.read_text(encoding="utf-8")
    assert source.count(old) == 1
    original = _rules_class(source, f"{name}__original")
    return original, _rules_class(source.replace(old, new), name), source


@pytest.mark.slow
def test_a_partner_seat_that_differs_only_where_no_answer_asks_is_proved_unchanged() -> None:
    """``(seat + 2) // 4`` for the partner in ``seat_qualifies`` differs on a target of
    zero, never where a game asks it (both teams qualifying at a target in force)."""
    original, mutated, source = _mutated(
        "self.partner_ok(scores[(seat + 2) % 4])",
        "self.partner_ok(scores[(seat + 2) // 4])",
        "partner_floor",
    )
    how, evidence, asked = answer_proofs.decide(
        original, mutated, source, "Rules.seat_qualifies", operators.ROOT
    )
    assert (how, asked) == ("z3-answers", None)
    assert "hand_result" in evidence


@pytest.mark.slow
def test_a_first_seat_given_the_wrong_team_becomes_a_valid_question_of_its_kind() -> None:
    original, mutated, source = _mutated(
        "own = int(Result.TEAM_0_WINS) if seat % 2 == 0 else int(Result.TEAM_1_WINS)\n"
        "            result = ite(self.seat_qualifies",
        "own = int(Result.TEAM_0_WINS) if seat / 2 == 0 else int(Result.TEAM_1_WINS)\n"
        "            result = ite(self.seat_qualifies",
        "first_team",
    )
    how, _, asked = answer_proofs.decide(
        original, mutated, source, "Rules.first_qualifying_team", operators.ROOT
    )
    assert how == "answer-counterexample" and asked is not None
    assert asked["kind"] == "game_outcome"
    rules = answer_proofs.copy_rules(load(asked["variant"]), original)
    assert rules.both_qualify == "first_seat"
    assert validity.game_outcome_is_valid(rules, asked["input"])
    changed = answer_proofs.copy_rules(rules, mutated)
    data = asked["input"]
    call = (data["scores"], data["bids"], data["tricks"], data["dealer"], data["target_in_force"])
    assert rules.hand_result(*call) != changed.hand_result(*call)


def test_a_method_reached_by_the_engine_gets_no_proof_through_the_answers() -> None:
    source = MODEL.read_text(encoding="utf-8")
    original = _rules_class(source, "engine_reach__original")
    how, evidence, asked = answer_proofs.decide(
        original, original, source, "Rules.bidding_seats", operators.ROOT
    )
    assert (how, asked) == ("none", None)
    assert "bidding_seats" in evidence


def test_a_special_method_called_by_python_itself_gets_no_proof_through_the_answers() -> None:
    """``str(rules)`` names no ``__str__``: no answered method reaches it by name, so an
    empty set of answers proves nothing about it."""
    source = MODEL.read_text(encoding="utf-8")
    original = _rules_class(source, "special_method__original")
    how, evidence, asked = answer_proofs.decide(
        original, original, source, "Rules.__str__", operators.ROOT
    )
    assert (how, asked) == ("none", None)
    assert "no answered method" in evidence
