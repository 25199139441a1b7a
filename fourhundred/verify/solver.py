"""Z3 queries with deterministic budgets, counterexample minimisation and a cache.

Every proof here has one shape: assume some facts, negate the goal, ask Z3.
``unsat`` means the goal holds for *every* integer assignment (an unbounded
proof); ``sat`` gives a counterexample; ``unknown`` means the budget ran out.

The budget is Z3's ``rlimit`` (deterministic resource units), never a
wall-clock timeout, so a verdict does not depend on the load of the machine
(verification notes: the same query uses the same rlimit count across
processes). A refutation can be minimised with ``Optimize``: the objectives
are minimised in order, so the reported counterexample is the smallest one
in that order, not whichever model Z3 happened to find first.

Identical queries are answered once per process: variants and readings that
differ only in rules a property does not touch (a deal pattern, a turn timer)
produce the very same formula, and Z3 hash-conses terms, so the cache keys on
the ids of the formula's terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import z3

Z3Verdict = Literal["proved", "refuted", "unknown"]

#: Default budget for one query (Z3 resource units). The hardest property
#: here (bounded reachability over three hands) uses a few million.
DEFAULT_RLIMIT = 20_000_000
#: Budget under ``--deep``.
DEEP_RLIMIT = 400_000_000


@dataclass(frozen=True)
class Answer:
    """What Z3 said about a goal, with the values of the watched terms in a counterexample."""

    verdict: Z3Verdict
    values: tuple[int, ...] = ()


#: Answers by query. Z3 hash-conses terms, so structurally identical formulas
#: share one AST id; the cache keeps the terms alive so an id is never reused.
#: The key: the ids of the facts, of the watched terms and of the objectives, and the budget.
_CACHE: dict[tuple[Any, ...], tuple[Answer, tuple[list[Any], ...]]] = {}


def _term(value: Any) -> Any:
    """A Z3 term for a term or a plain int/bool (a rule can be concrete in some readings)."""
    if isinstance(value, bool):
        return z3.BoolVal(value)
    if isinstance(value, int):
        return z3.IntVal(value)
    return value


def _int_value(model: Any, term: Any) -> int:
    value = model.eval(term, model_completion=True)
    if z3.is_true(value):
        return 1
    if z3.is_false(value):
        return 0
    return int(value.as_long())


def prove(
    goal: Any,
    *,
    given: Sequence[Any] = (),
    watch: Sequence[Any] = (),
    minimise: Sequence[Any] = (),
    rlimit: int = DEFAULT_RLIMIT,
) -> Answer:
    """Prove ``given => goal`` for every value of the free constants.

    On a refutation, ``values`` holds the counterexample's value of every
    term in ``watch``; with ``minimise`` the counterexample is the
    lexicographically smallest in those terms (each objective minimised in
    turn, the earlier ones first).
    """
    negated = z3.Not(goal) if not isinstance(goal, bool) else z3.BoolVal(not goal)
    return find([*given, negated], watch=watch, minimise=minimise, rlimit=rlimit)


def find(
    facts: Sequence[Any],
    *,
    watch: Sequence[Any] = (),
    minimise: Sequence[Any] = (),
    rlimit: int = DEFAULT_RLIMIT,
) -> Answer:
    """Look for an assignment satisfying every fact: ``refuted`` here means
    *found* (the facts are satisfiable, ``values`` holds the witness);
    ``proved`` means no such assignment exists. (:func:`prove` is the search
    for a counterexample: the facts and the negated goal.)"""
    assertions = [_term(fact) for fact in facts]
    parts = (assertions, [_term(t) for t in watch], [_term(t) for t in minimise])
    key = (*(tuple(term.get_id() for term in part) for part in parts), rlimit)
    entry = _CACHE.get(key)
    if entry is not None:
        return entry[0]
    answer = _solve(assertions, watch, minimise, rlimit)
    _CACHE[key] = (answer, parts)
    return answer


def _solve(
    assertions: Sequence[Any], watch: Sequence[Any], minimise: Sequence[Any], rlimit: int
) -> Answer:
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    solver.add(*assertions)
    result = solver.check()
    if result == z3.unsat:
        return Answer("proved")
    if result != z3.sat:
        return Answer("unknown")
    model = solver.model()
    if minimise:
        model = _minimised(assertions, minimise, rlimit) or model
    return Answer("refuted", tuple(_int_value(model, _term(term)) for term in watch))


def _minimised(assertions: Sequence[Any], objectives: Sequence[Any], rlimit: int) -> Any:
    optimiser = z3.Optimize()
    optimiser.set("rlimit", rlimit)
    optimiser.set("priority", "lex")
    optimiser.add(*assertions)
    for objective in objectives:
        optimiser.minimize(_term(objective))
    if optimiser.check() != z3.sat:
        return None
    return optimiser.model()


def absolute(term: Any) -> Any:
    """``|term|`` as a Z3 term (for minimising scores towards zero)."""
    return z3.If(term >= 0, term, -term)


def clear_cache() -> None:
    """Forget every cached answer (tests use it to time or re-run a query)."""
    _CACHE.clear()
