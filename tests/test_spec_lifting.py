"""Every rule, lifted to Z3, equals its Python result over a grid of inputs.

Plain Python silently mis-evaluates Z3 terms (``x in (5, 6)`` is ``False``,
``if x == 9`` takes the ``else`` branch), so each rule of every variant and
reading is evaluated twice: on ints, and on Z3 constants substituted with the
same ints afterwards. Any difference is a rule written with plain Python
where a helper from :mod:`fourhundred.spec.logic` was needed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest
import z3

from fourhundred.spec import logic
from fourhundred.spec.cards import trick_winner_position
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, names

ALL_RULES = [rules for name in names() for rules in all_readings(name)]
SCORES = (-31, -1, 0, 1, 29, 30, 39, 40, 41, 49, 50, 61, 139, 140, 450)
BIDS = tuple(range(0, 15))


def evaluate(term: Any, assignment: dict[str, int]) -> int | bool:
    """The value of a Z3 term once its constants take the given values."""
    if isinstance(term, bool | int):
        return term
    pairs = [(z3.Int(name), z3.IntVal(value)) for name, value in assignment.items()]
    value = z3.simplify(z3.substitute(term, *pairs))
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    return int(value.as_long())


def check_lifted(
    rule: Callable[..., Any], arguments: Sequence[dict[str, int]], shape: Callable[..., Any]
) -> None:
    """Compare ``rule`` on ints with ``rule`` on Z3 constants, for each assignment."""
    names_ = list(arguments[0])
    symbols = {n: z3.Int(n) for n in names_}
    lifted = rule(**shape(symbols))
    for assignment in arguments:
        concrete = rule(**shape(assignment))
        if isinstance(lifted, tuple):
            got: Any = tuple(evaluate(t, assignment) for t in lifted)
            expected: Any = tuple(concrete)
        else:
            got, expected = evaluate(lifted, assignment), concrete
        assert got == expected, f"{rule.__name__} differs at {assignment}: {got} != {expected}"


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_single_player_rules_lift_to_z3_unchanged(rules: Rules) -> None:
    grid = [{"s": s} for s in SCORES]
    check_lifted(rules.own_minimum_bid, grid, lambda v: {"own_score": v["s"]})
    check_lifted(rules.score_band, grid, lambda v: {"score": v["s"]})
    bid_grid = [{"b": b, "s": s, "h": h} for b in BIDS for s in SCORES[::3] for h in (s, 60)]
    check_lifted(rules.bid_is_legal, bid_grid, lambda v: {"bid": v["b"], "own_score": v["s"]})
    check_lifted(
        rules.bid_value,
        bid_grid,
        lambda v: {"bid": v["b"], "own_score": v["s"], "highest_score": v["h"]},
    )
    trick_grid = [{"b": b, "t": t, "s": s} for b in BIDS for t in (0, 4, 12, 13) for s in (0, 30)]
    check_lifted(
        rules.score_change,
        trick_grid,
        lambda v: {"bid": v["b"], "tricks": v["t"], "own_score": v["s"], "highest_score": v["s"]},
    )
    check_lifted(rules.special_effect, trick_grid, lambda v: {"bid": v["b"], "tricks": v["t"]})


def four(prefix: str, values: Sequence[int]) -> dict[str, int]:
    return {f"{prefix}{i}": v for i, v in enumerate(values)}


def seats(v: dict[str, Any], prefix: str) -> list[Any]:
    return [v[f"{prefix}{i}"] for i in range(4)]


SCORE_VECTORS = [
    (0, 0, 0, 0),
    (29, 30, -5, 0),
    (41, 0, 1, -3),
    (45, 50, 1, 2),
    (40, 41, 0, 0),
    (60, 5, 45, 1),
    (139, -20, 140, 3),
    (52, 51, 1, 1),
]
HANDS = [
    ((2, 3, 4, 2), (2, 3, 4, 4)),
    ((13, 2, 2, 2), (13, 0, 0, 0)),
    ((13, 2, 13, 2), (0, 6, 0, 7)),
    ((5, 3, 2, 1), (5, 0, 8, 0)),
    ((7, 1, 1, 1), (7, 2, 2, 2)),
    ((13, 13, 2, 2), (0, 13, 0, 0)),
]


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_table_and_outcome_rules_lift_to_z3_unchanged(rules: Rules) -> None:
    # The target in force differs from the target only under a raised target;
    # the dealer matters to the outcome only when the first 13 bid decides.
    targets = [rules.target]
    if rules.both_qualify == "raise_target":
        targets.append(rules.target + 10)
    dealers = (0, 3) if rules.thirteen_conflict == "first_bid" else (0,)
    grid = [
        {**four("s", s), **four("b", b), **four("t", t), "f": f}
        for s, (b, t), f in itertools.product(SCORE_VECTORS, HANDS, targets)
    ]
    check_lifted(rules.table_minimum, grid, lambda v: {"scores": seats(v, "s")})
    check_lifted(
        rules.hand_is_played, grid, lambda v: {"bids": seats(v, "b"), "scores": seats(v, "s")}
    )
    check_lifted(
        rules.points_result,
        grid,
        lambda v: {"scores": seats(v, "s"), "target_in_force": v["f"]},
    )
    for dealer in dealers:
        check_lifted(
            lambda **kw: _flatten(rules.hand_result(**kw)),
            grid,
            lambda v, d=dealer: {
                "scores_before": seats(v, "s"),
                "bids": seats(v, "b"),
                "tricks": seats(v, "t"),
                "dealer": d,
                "target_in_force": v["f"],
            },
        )


def _flatten(result: tuple[tuple[Any, ...], Any, Any]) -> tuple[Any, ...]:
    after, code, target = result
    return (*after, code, target)


def test_the_trick_winner_lifts_to_z3_unchanged() -> None:
    suits = [z3.Int(f"su{i}") for i in range(4)]
    ranks = [z3.Int(f"r{i}") for i in range(4)]
    lifted = trick_winner_position(suits, ranks)
    for su in itertools.product(range(4), repeat=4):
        for rk in ((0, 5, 12, 3), (12, 0, 1, 2), (3, 3, 9, 11)):
            assignment = {**four("su", su), **four("r", rk)}
            assert evaluate(lifted, assignment) == trick_winner_position(su, rk)


def test_the_logic_helpers_agree_on_python_values_and_z3_terms() -> None:
    x = z3.Int("x")
    for value in range(-3, 15):
        env = {"x": value}
        assert evaluate(logic.is_one_of(x, (5, 6)), env) == (value in (5, 6))
        assert evaluate(logic.between(2, x, 13), env) == (2 <= value <= 13)
        assert evaluate(logic.max_(x, 4, 2), env) == max(value, 4, 2)
        assert evaluate(logic.min_(x, 4, 2), env) == min(value, 4, 2)
        assert evaluate(logic.lookup({5: 10, 9: 27}, x, -1), env) == {5: 10, 9: 27}.get(value, -1)
        if value >= 0:
            assert evaluate(logic.floor_div(x, 10), env) == value // 10
        assert evaluate(logic.implies(x > 3, x > 1), env) is True


def test_floor_division_refuses_a_non_positive_divisor() -> None:
    with pytest.raises(ValueError, match="positive constant divisor"):
        logic.floor_div(5, 0)
