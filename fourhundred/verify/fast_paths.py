"""Z3 proofs that the reference's fast rules equal the specification's, path by path.

CrossHair (:mod:`.contracts`) cannot exhaust two equalities within the everyday
budget: ``hand_is_played`` under a total counted in bid values sums four table
lookups, each a 13-way branch (about 13**4 paths), and ``hand_result`` runs
every rule of a hand's end. This module proves them with Z3, for every integer
score (no bound on the scores at all).

**The fast code, run on symbols.** :class:`~fourhundred.reference.fast.FastRules`
is plain Python on ints (``if``, ``max``, ``in``, tuple indexing). Run on
:class:`Sym` values, Z3 terms in a wrapper, every branch it takes on a symbolic
value asks a :class:`Paths` explorer, which follows each side that the path so
far allows (a Z3 check in one solver of a fresh context with a fixed seed) and
runs the function again until every path has been run: a depth-first
enumeration of the fast code's paths, exhaustive because the fast rules loop
over seats and teams only, never over a symbolic value. An index by a symbolic
value (``value_high[bid]``) branches on each value the index can take. At the
end of every path the explorer proves, under the path's conditions, that the
fast result equals the specification's term for the same symbols
(:class:`~fourhundred.spec.model.Rules` runs on Z3 terms). A path whose
equality fails gives the refutation, its inputs made canonical by
:func:`fourhundred.verify.solver.find`.

**Lemmas keep it small.** A method proved equal to the specification's for
every integer input is a *lemma*: in the methods proved after it, a call to it
returns the specification's term instead of branching again (a subclass of the
fast rules overrides it, as the fast-rule variants do). The proofs run bottom-up
(:data:`LEMMAS`), so a proof has the paths of its own body, not the product of
its callees': CrossHair's 13**4 lookups become 14 paths of the ``bid_value``
lemma. A proof runs every lemma it needs, on the same reading: its verdict
depends on nothing decided elsewhere.

Deterministic: the explorer's checks are counted as work, never timed, and
depend only on the code and the rules (a fresh context, :data:`~.solver.SEED`).
``verify --bench`` counts the proof of one lemma on one reading as one query
(:data:`~.solver.QUERY_SECONDS`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import z3

from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules
from fourhundred.verify import solver
from fourhundred.verify.results import Check, Decision, Settings, reference_check

# ----------------------------------------------------------------------
# Symbolic values that ask the explorer at every branch
# ----------------------------------------------------------------------


def _term(value: Any) -> Any:
    """The Z3 term of a value the fast code returned (Sym, bool, int or a tuple of them)."""
    if isinstance(value, Sym | SymBool):
        return value.term
    if isinstance(value, int):  # a bool too
        return solver.term(value)
    raise TypeError(f"not a rule value: {value!r}")


def _plain(value: Any) -> Any:
    """What the specification is given for a fast argument: a Sym's term, a
    concrete value as it is, a sequence element by element."""
    if isinstance(value, Sym | SymBool):
        return value.term
    if isinstance(value, tuple | list):
        return tuple(_plain(v) for v in value)
    return value


def _lift(value: Any, paths: Paths) -> Any:
    """A specification's answer as the fast code sees it (Z3 terms wrapped)."""
    if isinstance(value, tuple | list):
        return tuple(_lift(v, paths) for v in value)
    if z3.is_bool(value):
        return SymBool(value, paths)
    if z3.is_int(value):
        return Sym(value, paths)
    return value


def _other(value: object) -> Any:
    """The Z3 term of the other operand, or None when it is not an integer."""
    if isinstance(value, Sym):
        return value.term
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


class Sym:
    """An integer the fast code computes on: a Z3 term and the explorer that
    decides every branch taken on it."""

    __slots__ = ("paths", "term")
    __hash__ = None  # type: ignore[assignment]  # equality is symbolic

    def __init__(self, term: Any, paths: Paths) -> None:
        self.term = term
        self.paths = paths

    def _arith(self, other: object, apply: Callable[[Any, Any], Any]) -> Any:
        operand = _other(other)
        if operand is None:
            return NotImplemented
        return Sym(apply(self.term, operand), self.paths)

    def __add__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: a + b)

    def __radd__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: b + a)

    def __sub__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: a - b)

    def __rsub__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: b - a)

    def __mul__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: a * b)

    def __rmul__(self, other: object) -> Any:
        return self._arith(other, lambda a, b: b * a)

    def __neg__(self) -> Sym:
        return Sym(-self.term, self.paths)

    def __floordiv__(self, other: object) -> Any:
        # Z3's integer division is Euclidean: floor division for a positive divisor.
        if not isinstance(other, int) or isinstance(other, bool) or other <= 0:
            return NotImplemented
        return Sym(self.term / other, self.paths)

    def _compare(self, other: object, apply: Callable[[Any, Any], Any]) -> Any:
        operand = _other(other)
        if operand is None:
            return NotImplemented
        return SymBool(apply(self.term, operand), self.paths)

    def __lt__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a >= b)

    def __eq__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a == b)

    def __ne__(self, other: object) -> Any:
        return self._compare(other, lambda a, b: a != b)

    def __bool__(self) -> bool:
        return self.paths.branch(self.term != 0)

    def __index__(self) -> int:
        return self.paths.value(self.term)

    def __int__(self) -> int:
        return self.paths.value(self.term)


class SymBool:
    """A truth value the fast code computes: a Z3 Boolean term; ``if``, ``and``,
    ``or`` and ``not`` on it branch through the explorer."""

    __slots__ = ("paths", "term")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, term: Any, paths: Paths) -> None:
        self.term = term
        self.paths = paths

    def __bool__(self) -> bool:
        return self.paths.branch(self.term)


# ----------------------------------------------------------------------
# The explorer
# ----------------------------------------------------------------------


@dataclass
class _Step:
    """One branch the current path took: the condition, the side taken, whether
    the other side is still to be run, and (an index) the value chosen."""

    condition: Any
    choice: bool
    other_open: bool
    value: int | None = None


class _Outside(Exception):
    """A lemma called outside the concrete arguments it was proved for."""


class _Unknown(Exception):
    """A check the budget cut short."""


@dataclass
class Outcome:
    """How one exploration ended: ``proved``, or the first failing path's
    conditions (``failing``: Z3 terms) and what failed there (``reason``)."""

    verdict: solver.Z3Verdict
    paths: int
    failing: tuple[Any, ...] = ()
    reason: str = ""


#: The most values one index may take on a path: the fast rules index tables of
#: 14 bids and 4 seats; an index past this (an unguarded score) is ``unknown``.
MAX_INDEX_VALUES = 64


@dataclass
class Paths:
    """Depth-first enumeration of the paths of one function on symbolic inputs.

    ``given`` are the facts every path assumes (the precondition). The solver
    holds them and one scope per step of the current path; a run replays the
    recorded steps, takes a new one at every branch past them, and
    :meth:`explore` then flips the last step whose other side is open.
    """

    given: Sequence[Any]
    rlimit: int
    context: Any = field(init=False)
    solver: Any = field(init=False)
    steps: list[_Step] = field(default_factory=list)
    position: int = 0
    known: dict[int, bool] = field(default_factory=dict)
    values: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.context = z3.Context()
        self.solver = solver.fresh_solver(self.context, self.rlimit)
        self.solver.add(*self._local(self.given))

    def _local(self, terms: Sequence[Any]) -> list[Any]:
        return [
            z3.BoolVal(t, self.context) if isinstance(t, bool) else t.translate(self.context)
            for t in terms
        ]

    def _possible(self, condition: Any) -> bool:
        """Whether the current path allows ``condition`` (a cut-short check: yes)."""
        self.solver.push()
        self.solver.add(*self._local([condition]))
        answer = self.solver.check()
        self.solver.pop()
        return bool(answer != z3.unsat)

    def _take(self, step: _Step) -> None:
        self.steps.append(step)
        self.solver.push()
        literal = step.condition if step.choice else z3.Not(step.condition)
        self.solver.add(*self._local([literal]))

    def _replayed(self, condition: Any) -> _Step | None:
        if self.position >= len(self.steps):
            return None
        step = self.steps[self.position]
        if step.condition.get_id() != condition.get_id():
            raise AssertionError("the fast code took a different branch on replay")
        self.position += 1
        return step

    def branch(self, condition: Any) -> bool:
        """The side of ``condition`` the current path takes (a new step past the replay)."""
        if z3.is_true(condition) or z3.is_false(condition):
            return bool(z3.is_true(condition))
        key = condition.get_id()
        if key in self.known:
            return self.known[key]
        step = self._replayed(condition)
        if step is None:
            can_true = self._possible(condition)
            can_false = not can_true or self._possible(z3.Not(condition))
            step = _Step(condition, can_true, can_true and can_false)
            self._take(step)
            self.position += 1
        self.known[key] = step.choice
        return step.choice

    def value(self, term: Any) -> int:
        """The value of an integer term on the current path, one path per value it can take."""
        key = term.get_id()
        if key in self.values:
            return self.values[key]
        for _ in range(MAX_INDEX_VALUES):
            if self.position < len(self.steps):
                step = self.steps[self.position]
                if step.value is None or not step.condition.arg(0).eq(term):
                    raise AssertionError("the fast code indexed differently on replay")
                self.position += 1
            else:
                if self.solver.check() != z3.sat:
                    raise _Unknown("an index the budget could not decide")
                number = self.solver.model().eval(
                    term.translate(self.context), model_completion=True
                )
                chosen = int(number.as_long())
                condition = term == chosen
                step = _Step(condition, True, self._possible(term != chosen), chosen)
                self._take(step)
                self.position += 1
            self.known[step.condition.get_id()] = step.choice
            if step.choice:
                assert step.value is not None
                self.values[key] = step.value
                return step.value
        raise _Unknown(f"an index that takes more than {MAX_INDEX_VALUES} values")

    def _holds(self, goal: Any) -> solver.Z3Verdict:
        self.solver.push()
        self.solver.add(*self._local([z3.Not(goal)]))
        answer = self.solver.check()
        self.solver.pop()
        return "proved" if answer == z3.unsat else "refuted" if answer == z3.sat else "unknown"

    def require(self, goal: Any) -> None:
        """Fail the current path unless ``goal`` holds on it."""
        if self._holds(goal) != "proved":
            raise _Outside("a lemma's precondition does not hold")

    def _backtrack(self) -> bool:
        while self.steps and not self.steps[-1].other_open:
            self.steps.pop()
            self.solver.pop()
        if not self.steps:
            return False
        last = self.steps.pop()
        self.solver.pop()
        self._take(_Step(last.condition, not last.choice, False, last.value))
        return True

    def explore(self, run: Callable[[], Any]) -> Outcome:
        """Run ``run`` (it returns the goal of its path) on every path; the first
        path whose goal fails ends the exploration."""
        count = 0
        while True:
            self.position, self.known, self.values = 0, {}, {}
            try:
                goal = run()
                verdict = self._holds(goal)
                reason = "the fast result differs from the specification's"
            except _Outside as error:
                verdict, reason = "refuted", str(error)
            except _Unknown as error:
                verdict, reason = "unknown", str(error)
            except (ArithmeticError, LookupError, TypeError, ValueError) as error:
                verdict, reason = "refuted", f"the fast code raises {type(error).__name__}: {error}"
            count += 1
            solver.add_work(1)
            if verdict != "proved":
                failing = tuple(
                    s.condition if s.choice else z3.Not(s.condition) for s in self.steps
                )
                return Outcome(verdict, count, failing, reason)
            if not self._backtrack():
                return Outcome("proved", count)

    @property
    def checks(self) -> int:
        return int(self.solver.checks)


# ----------------------------------------------------------------------
# Lemmas: a fast method, the spec's method, and the inputs they agree on
# ----------------------------------------------------------------------


def _ints(name: str) -> Any:
    return z3.Int(name)


def _scores(name: str = "s") -> tuple[Any, ...]:
    return tuple(z3.Int(f"{name}{seat}") for seat in range(4))


@dataclass(frozen=True)
class Lemma:
    """``FastRules.<name>`` equals ``Rules.<spec>`` on every input built by ``inputs``.

    ``inputs`` yields, for each concrete choice of the structural arguments (a
    team, a dealer), the arguments as Z3 terms (sequences for seat tuples) and
    the facts they are assumed to satisfy; ``uses``: the lemmas summarised
    inside its proof.
    """

    name: str
    #: The specification's method, read from the rule set by name (so the
    #: fingerprint records it: :mod:`fourhundred.verify.depends`).
    spec: str
    inputs: Callable[[], Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]]
    uses: tuple[str, ...] = ()
    #: The concrete arguments (by position) it was proved for: a call with
    #: others cannot use it.
    concrete: dict[int, tuple[int, ...]] = field(default_factory=dict)


def _free(*args: Any) -> Callable[[], Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]]:
    def inputs() -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        yield args, ()

    return inputs


def _teams(*rest: Any) -> Callable[[], Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]]:
    def inputs() -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        for team in (0, 1):
            yield (team, *rest), ()

    return inputs


def _bids() -> tuple[Any, ...]:
    return _scores("b")


def _bid_range(bids: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(z3.And(bid >= 1, bid <= 13) for bid in bids)


def _dealer() -> tuple[Any, Any]:
    """The dealer as a symbol (the fast code branches on it where it reads it) and its range."""
    dealer = z3.Int("dealer")
    return dealer, z3.And(dealer >= 0, dealer <= 3)


def _special_inputs() -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    dealer, seats = _dealer()
    yield (_bids(), _scores("t"), _scores("a"), dealer), (seats,)


def _hand_is_played_inputs() -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    yield (_bids(), _scores()), _bid_range(_bids())


def _hand_result_inputs() -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    tricks = _scores("t")
    facts = (
        *_bid_range(_bids()),
        *(z3.And(t >= 0, t <= 13) for t in tricks),
        z3.Sum(*tricks) == 13,
    )
    dealer, seats = _dealer()
    yield (_scores(), _bids(), tricks, dealer, _ints("target")), (*facts, seats)


#: Every lemma, in the order they are proved: each uses only those before it.
LEMMAS: dict[str, Lemma] = {
    lemma.name: lemma
    for lemma in (
        Lemma("bid_value", "bid_value", _free(_ints("bid"), _ints("own"), _ints("highest"))),
        Lemma(
            "score_change",
            "score_change",
            _free(_ints("bid"), _ints("tricks"), _ints("own"), _ints("highest")),
            ("bid_value",),
        ),
        Lemma(
            "scores_after",
            "scores_after",
            _free(_scores(), _bids(), _scores("t")),
            ("score_change",),
        ),
        Lemma("table_minimum", "table_minimum", _free(_scores())),
        Lemma("partner_ok", "partner_ok", _free(_ints("score"))),
        Lemma(
            "qualifies",
            "team_qualifies",
            _teams(_scores(), _ints("target")),
            ("partner_ok",),
            {0: (0, 1)},
        ),
        Lemma("reached", "team_reached", _teams(_scores(), _ints("target")), (), {0: (0, 1)}),
        Lemma(
            "_first_qualifying_team",
            "first_qualifying_team",
            _free(_scores(), _ints("target")),
            ("qualifies", "partner_ok"),
        ),
        Lemma(
            "_special_result",
            "special_result",
            _special_inputs,
            ("partner_ok",),
            {3: (0, 1, 2, 3)},
        ),
        Lemma(
            "points_result",
            "points_result",
            _free(_scores(), _ints("target")),
            ("qualifies", "reached", "_first_qualifying_team"),
        ),
    )
}

#: The two equalities CrossHair cannot exhaust, as the last step of a chain of lemmas.
GOALS: dict[str, Lemma] = {
    "hand_is_played": Lemma(
        "hand_is_played",
        "hand_is_played",
        _hand_is_played_inputs,
        ("bid_value", "table_minimum"),
    ),
    "hand_result": Lemma(
        "hand_result",
        "hand_result",
        _hand_result_inputs,
        ("scores_after", "_special_result", "points_result"),
        {3: (0, 1, 2, 3)},
    ),
}


def _needed(goal: Lemma) -> list[Lemma]:
    """The lemmas a goal rests on, each after those it uses (in :data:`LEMMAS` order)."""
    wanted: set[str] = set()
    todo = list(goal.uses)
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo.extend(LEMMAS[name].uses)
    return [lemma for name, lemma in LEMMAS.items() if name in wanted]


def _summary(lemma: Lemma, rules: Rules) -> Callable[..., Any]:
    """The method a proved lemma stands for: the specification's term, lifted."""

    def method(self: FastRules, *args: Any) -> Any:
        paths = _CURRENT[0]
        plain = tuple(_plain(a) for a in args)
        for position, allowed in lemma.concrete.items():
            value = plain[position]
            if isinstance(value, int):
                if value not in allowed:
                    raise _Outside(f"{lemma.name} is proved for {allowed} only")
            else:
                paths.require(z3.Or(*(value == v for v in allowed)))
        return _lift(spec_answer(lemma, rules, plain), paths)

    return method


def spec_answer(lemma: Lemma, rules: Rules, args: Sequence[Any]) -> Any:
    """The specification's answer for ``args``; a symbolic structural argument (a
    dealer: the spec reads its seats as Python ints) becomes a choice over the
    values the lemma allows."""
    for position, allowed in lemma.concrete.items():
        value = args[position]
        if not isinstance(value, int):
            answers = [
                spec_answer(lemma, rules, (*args[:position], v, *args[position + 1 :]))
                for v in allowed
            ]
            chosen = answers[-1]
            for v, answer in zip(allowed[-2::-1], answers[-2::-1], strict=True):
                chosen = _choose(value == v, answer, chosen)
            return chosen
    return getattr(rules, lemma.spec)(*args)


def _choose(condition: Any, then: Any, otherwise: Any) -> Any:
    """``then`` where ``condition`` holds, else ``otherwise``, tuples element by element."""
    if isinstance(then, tuple | list):
        return tuple(_choose(condition, a, b) for a, b in zip(then, otherwise, strict=True))
    return z3.If(condition, then, otherwise)


#: The explorer of the proof under way (a summary lifts into it).
_CURRENT: list[Paths] = []


def _with_lemmas(fast: FastRules, rules: Rules, names: Sequence[str]) -> FastRules:
    """``fast`` with the named methods answered by their lemmas (a fast-rule variant)."""
    overrides = {name: _summary(LEMMAS[name], rules) for name in names}
    variant = type("WithLemmas", (type(fast),), overrides)
    built: FastRules = variant(**{f.name: getattr(fast, f.name) for f in fields(fast)})
    return built


def _equal(fast_value: Any, spec_value: Any) -> Any:
    """The Z3 term saying a fast result equals the specification's."""
    if isinstance(fast_value, tuple | list):
        return z3.And(*(_equal(f, s) for f, s in zip(fast_value, spec_value, strict=True)))
    left = _term(fast_value)
    right = spec_value if z3.is_expr(spec_value) else _term(spec_value)
    return left == right


@dataclass(frozen=True)
class LemmaResult:
    """What proving one lemma on one reading found."""

    name: str
    verdict: solver.Z3Verdict
    paths: int
    counterexample: dict[str, Any] | None = None
    reason: str = ""


def prove_lemma(lemma: Lemma, rules: Rules, fast: FastRules, rlimit: int) -> LemmaResult:
    """Explore every path of ``FastRules.<lemma.name>`` on symbolic inputs and prove
    each equal to the specification (lemmas it uses answered by their terms)."""
    subject = _with_lemmas(fast, rules, lemma.uses)
    method = getattr(type(fast), lemma.name)
    total = 0
    started = time.process_time()
    try:
        for args, facts in lemma.inputs():
            paths = Paths(facts, rlimit)
            _CURRENT[:] = [paths]

            def run(paths: Paths = paths, args: tuple[Any, ...] = args) -> Any:
                lifted = tuple(_lift(a, paths) if not isinstance(a, int) else a for a in args)
                return _equal(method(subject, *lifted), spec_answer(lemma, rules, args))

            outcome = paths.explore(run)
            solver.add_work(paths.checks)
            total += outcome.paths
            if outcome.verdict != "proved":
                return LemmaResult(
                    lemma.name,
                    outcome.verdict,
                    total,
                    _counterexample(lemma, rules, args, facts, outcome),
                    outcome.reason,
                )
    finally:
        _CURRENT.clear()
        if solver.QUERY_SECONDS is not None:
            solver.QUERY_SECONDS.append(time.process_time() - started)
    return LemmaResult(lemma.name, "proved", total)


def _flat(args: Sequence[Any]) -> list[Any]:
    out: list[Any] = []
    for arg in args:
        if isinstance(arg, tuple):
            out.extend(arg)
        elif not isinstance(arg, int):
            out.append(arg)
    return out


def _counterexample(
    lemma: Lemma, rules: Rules, args: Sequence[Any], facts: Sequence[Any], outcome: Outcome
) -> dict[str, Any] | None:
    """The canonical inputs of the failing path (the smallest by absolute value, in order)."""
    if outcome.verdict != "refuted":
        return None
    watched = _flat(args)
    answer = solver.find([*facts, *outcome.failing], watch=watched)
    if answer.verdict != "refuted":
        return {"method": lemma.name, "path": "no canonical inputs found"}
    values = {str(term): value for term, value in zip(watched, answer.values, strict=True)}
    concrete = {f"argument {i}": a for i, a in enumerate(args) if isinstance(a, int)}
    return {"method": lemma.name, **concrete, **values}


def prove_goal(
    goal: Lemma, rules: Rules, rlimit: int, fast_rules: type[FastRules] = FastRules
) -> Decision:
    """Prove a goal on one reading: every lemma it rests on, then the goal itself
    (for the fast rules, or for a fast-rule variant: ``fast_rules``)."""
    fast = fast_rules.of(rules)
    found: list[LemmaResult] = []
    for lemma in (*_needed(goal), goal):
        result = prove_lemma(lemma, rules, fast, rlimit)
        found.append(result)
        if result.verdict != "proved":
            note = f"{result.reason} in {lemma.name}"
            if result.verdict == "unknown":
                return Decision("unknown", note=f"Z3's budget ran out: {note}")
            return Decision("refuted", counterexample=result.counterexample, note=note)
    counts = ", ".join(f"{r.name} {r.paths}" for r in found)
    return Decision(
        "proved",
        note=f"Z3, every path of the fast code equal to the specification (paths: {counts})",
    )


def _decide(name: str) -> Callable[[Rules, Settings], Decision]:
    """The decision of goal ``name`` (the closure holds the name: a fingerprint
    records it, :func:`fourhundred.verify.depends.decision_parameters`)."""

    def decide(rules: Rules, settings: Settings) -> Decision:
        return prove_goal(GOALS[name], rules, settings.rlimit)

    return decide


def path_checks(all_readings: bool) -> tuple[Check, ...]:
    """One check per goal (on the default readings, or every reading under ``--deep``)."""
    return tuple(
        reference_check(name, "Z3, path by path", _decide(name), all_readings) for name in GOALS
    )


__all__ = ["GOALS", "LEMMAS", "Paths", "Sym", "SymBool", "path_checks", "prove_goal"]
