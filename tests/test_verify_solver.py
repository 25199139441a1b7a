"""The fresh-context questions of :mod:`fourhundred.verify.solver` asked outside a proof
(:func:`~fourhundred.verify.solver.check_fresh`): the rule points' Z3 questions and the
survivors' proofs read their models."""

from __future__ import annotations

import z3

from fourhundred.verify import solver


def _facts() -> list[object]:
    x, y = z3.Int("x"), z3.Int("y")
    return [x + y == 10, x >= -5, y >= -5, True]


def test_a_fresh_question_reads_the_same_model_whatever_was_asked_before() -> None:
    x, y = z3.Int("x"), z3.Int("y")
    verdict, asked_of = solver.check_fresh(_facts())
    assert verdict == z3.sat
    first = solver.model_ints(asked_of, [x, y, x > y, 3])
    shared = z3.Solver()
    shared.set("random_seed", 7)
    for k in range(30):
        shared.add(z3.Int(f"z{k}") * 3 == x + k)
        shared.check()
    verdict, again = solver.check_fresh(_facts())
    assert verdict == z3.sat
    assert solver.model_ints(again, [x, y, x > y, 3]) == first
    assert first[0] + first[1] == 10 and first[2] == int(first[0] > first[1]) and first[3] == 3


def test_an_unsatisfiable_question_and_one_outside_linear_arithmetic() -> None:
    x = z3.Int("x")
    assert solver.check_fresh([x > 1, x < 1])[0] == z3.unsat
    assert solver.check_fresh([False])[0] == z3.unsat
    verdict, asked_of = solver.check_fresh([x * x == 49, x < 0])
    assert verdict == z3.sat
    assert solver.model_ints(asked_of, [x]) == [-7]
