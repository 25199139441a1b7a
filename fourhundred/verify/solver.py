"""Z3 queries: deterministic budgets, a fresh context each, canonical counterexamples.

Every proof here has one shape: assume some facts, negate the goal, ask Z3.
``unsat`` means the goal holds for *every* integer assignment (an unbounded
proof); ``sat`` gives a counterexample; ``unknown`` means the budget ran out.

Reproducible to the byte, whatever ran before or beside a query:

* the budget is Z3's ``rlimit`` (deterministic resource units), never a
  wall-clock timeout, so a verdict does not depend on the load of the machine;
* every query is translated into a **fresh Z3 context** with a fixed random
  seed, so nothing solved earlier in the process (which changes Z3's models:
  verification notes) can change its answer;
* every counterexample is **canonical**: the lexicographically smallest
  assignment of the objectives (``minimise``, in the order given, the
  smallest scores first where a check lists them first), then of every
  watched term (by absolute value, then by value). Lexicographic optima are
  unique, so the reported values do not depend on which model Z3 happened
  to find (an objective without a smallest value is left to the watched
  terms); a game's witness is canonical in the order of play, hand by hand
  (:func:`fourhundred.verify.games.search`).

Every query runs on Z3's solver for linear integer arithmetic (:data:`LOGIC`),
and every answer carries its work, the solver checks it took (:func:`work`):
a count, not a time, so the ledger can record it to the byte.

Identical queries are answered once per process: variants and readings that
differ only in rules a property does not touch (a deal pattern, a turn timer)
produce the very same formula, and Z3 hash-conses terms, so the cache keys on
the ids of the formula's terms. (The answer is the same whether it comes from
the cache or not: that is what the fresh context buys.)

:data:`QUERY_SECONDS`, when set to a list, receives the CPU seconds of every
query actually solved (``fourhundred verify --bench``; CPU time survives load).
"""

from __future__ import annotations

import time
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
    """What Z3 said about a goal, with the values of the watched terms in a
    counterexample, and the solver checks it took (its :data:`work`)."""

    verdict: Z3Verdict
    values: tuple[int, ...] = ()
    checks: int = 0


#: Answers by query. Z3 hash-conses terms, so structurally identical formulas
#: share one AST id; the cache keeps the terms alive so an id is never reused.
#: The key: the ids of the facts, of the watched terms and of the objectives, and the budget.
_CACHE: dict[tuple[Any, ...], tuple[Answer, tuple[list[Any], ...]]] = {}


def term(value: Any) -> Any:
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
    assertions = [term(fact) for fact in facts]
    parts = (assertions, [term(t) for t in watch], [term(t) for t in minimise])
    key = (*(tuple(t.get_id() for t in part) for part in parts), rlimit)
    entry = _CACHE.get(key)
    answer = entry[0] if entry is not None else _solve(assertions, watch, minimise, rlimit)
    if entry is None:
        _CACHE[key] = (answer, parts)
    add_work(answer.checks)
    return answer


#: The work done so far in this process, in solver checks (:func:`add_work`).
_WORK = [0]


def add_work(units: int) -> None:
    """Count ``units`` of work: a query counts its solver checks, whether it is
    solved now or answered from the cache, so the work of a decision is the
    same in every process (CrossHair counts its paths: :mod:`.contracts`)."""
    _WORK[0] += units


def work() -> int:
    """The work counted so far in this process (a decision's work is the difference)."""
    return _WORK[0]


#: Z3's random seed in every query (any fixed value makes runs repeat; 0 is Z3's default).
SEED = 0

#: When a list: every solved query appends its CPU seconds (for ``verify --bench``).
QUERY_SECONDS: list[float] | None = None


def _solve(
    assertions: Sequence[Any], watch: Sequence[Any], minimise: Sequence[Any], rlimit: int
) -> Answer:
    started = time.process_time()
    try:
        return _solve_fresh(assertions, watch, minimise, rlimit)
    finally:
        if QUERY_SECONDS is not None:
            QUERY_SECONDS.append(time.process_time() - started)


#: The logic every query is in: linear integer arithmetic (scores, bids and
#: tricks; bands are divisions by the constant 10). Z3's solver for the logic
#: answered the three-hand game searches 2-10x faster than the general one; a
#: query outside it falls back to the general solver.
LOGIC = "QF_LIA"


def fresh_solver(context: Any, rlimit: int, *, logic: str | None = LOGIC, checks: int = 0) -> Any:
    """A solver of ``logic`` (:data:`LOGIC`; None: Z3's general one) in ``context`` with
    the fixed seed and ``rlimit`` per check, counting its checks (``.checks``, from
    ``checks``): for a caller that asks many small questions of one fresh context
    (:mod:`fourhundred.verify.fast_paths`)."""
    made = _Counted(context, logic, checks)
    made.set("random_seed", SEED)
    made.set("rlimit", rlimit)
    return made


def check_fresh(facts: Sequence[Any], rlimit: int = DEFAULT_RLIMIT) -> tuple[Any, Any]:
    """Z3's verdict on ``facts`` (terms or plain ints/bools) and the solver that gave it,
    asked in a fresh context by :func:`fresh_solver`, so the verdict and the model do
    not depend on what else the process asked Z3 before; outside linear integer
    arithmetic, by Z3's general solver, as deterministic. Read a model's values with
    :func:`model_ints` (the model is in the solver's own context)."""
    context = z3.Context()
    terms = [term(fact) for fact in facts]
    solver = fresh_solver(context, rlimit)
    solver.add(*(fact.translate(context) for fact in terms))
    result = solver.check()
    if result == z3.unknown and solver.reason_unknown() != "max. resource limit exceeded":
        solver = fresh_solver(context, rlimit, logic=None, checks=solver.checks)
        solver.add(*(fact.translate(context) for fact in terms))
        result = solver.check()
    return result, solver


def model_ints(solver: Any, terms: Sequence[Any]) -> list[int]:
    """The values of ``terms`` (of any context; a bool as 0/1) in the model of a
    satisfied ``solver`` of :func:`check_fresh`."""
    model = solver.model()
    return [_int_value(model, term(t).translate(solver.ctx)) for t in terms]


def _solve_fresh(
    assertions: Sequence[Any], watch: Sequence[Any], minimise: Sequence[Any], rlimit: int
) -> Answer:
    result, solver = check_fresh(assertions, rlimit)
    context = solver.ctx
    if result == z3.unsat:
        return Answer("proved", checks=solver.checks)
    if result != z3.sat:
        return Answer("unknown", checks=solver.checks)
    watched = [_number(term(t)).translate(context) for t in watch]
    objectives = [_number(term(t)).translate(context) for t in minimise]
    model = solver.model()
    for objective in objectives:
        model = _fix_smallest(solver, objective, model)
    for watched_term in watched:
        model = _fix_watched(solver, watched_term, model)
    values = tuple(_int_value(model, watched_term) for watched_term in watched)
    return Answer("refuted", values, checks=solver.checks)


class _Counted(z3.Solver):  # type: ignore[misc]
    """A Z3 solver for ``logic`` (None: the general one) that counts its checks
    (the work of a query)."""

    def __init__(self, context: Any, logic: str | None, checks: int = 0) -> None:
        made = (
            None
            if logic is None
            else z3.Z3_mk_solver_for_logic(context.ref(), z3.to_symbol(logic, context))
        )
        super().__init__(made, context)
        self.checks = checks

    def check(self, *assumptions: Any) -> Any:
        self.checks += 1
        return super().check(*assumptions)


def _number(term: Any) -> Any:
    """A Boolean term as 0/1, an integer term as it is (so it can be minimised)."""
    return z3.If(term, 1, 0) if z3.is_bool(term) else term


def _fix_watched(solver: Any, term: Any, model: Any) -> Any:
    """Fix a watched term at its canonical value: the smallest by absolute value,
    then the smallest (``-v`` before ``v``).

    A model value of 0 is canonical already (no check). Otherwise 0 is tried
    first, then whether anything beats the model's value at all (a term the
    earlier ones determine, or one at its least already, stops there); only
    then is the absolute value pushed down from the model's, then the sign.
    """
    value = _int_value(model, term)
    if value != 0 and solver.check(term == 0) == z3.sat:
        model, value = solver.model(), 0
    if value == 0:
        solver.add(term == 0)
        return model
    size = abs(value)
    better = z3.Or(absolute(term) < size, term == -size) if value > 0 else absolute(term) < size
    if solver.check(better) != z3.sat:
        solver.add(term == value)
        return model
    model = _fix_smallest(solver, absolute(term), solver.model())
    return _fix_smallest(solver, term, model)


def _fix_smallest(solver: Any, objective: Any, model: Any) -> Any:
    """Find the smallest value of ``objective`` over the solver's assertions
    (``model`` satisfies them), assert it, and return a model attaining it.

    Galloping down from the model's value (steps 1, 2, 4 ...) until a bound is
    unsatisfiable, then a binary search in the last gap: a few cheap
    incremental checks, each under the query's rlimit. A term without a
    smallest value (unbounded below) is left free, where the model happened
    to leave it would not be canonical: the steps pass :data:`UNBOUNDED`
    whatever the model, and the watched terms then fix the counterexample. A
    check the budget cuts short counts as unsatisfiable: the value found is
    then still deterministic.
    """
    value = _int_value(model, objective)
    step = 1
    while solver.check(objective <= value - step) == z3.sat:
        model = solver.model()
        value = _int_value(model, objective)
        step *= 2
        if step > UNBOUNDED:
            return model
    low, high = value - step + 1, value
    while low < high:
        middle = (low + high) // 2
        if solver.check(objective <= middle) == z3.sat:
            model = solver.model()
            high = _int_value(model, objective)
        else:
            low = middle + 1
    solver.add(objective == high)
    return model


#: Where galloping down gives up: an objective still falling after steps this
#: large has no smallest value (every term here is a score, a bid or a count).
UNBOUNDED = 2**40


def absolute(term: Any) -> Any:
    """``|term|`` as a Z3 term (for minimising scores towards zero)."""
    return z3.If(term >= 0, term, -term)


def clear_cache() -> None:
    """Forget every cached answer (tests use it to time or re-run a query)."""
    _CACHE.clear()
