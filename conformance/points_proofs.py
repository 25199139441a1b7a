"""Z3 proofs that the crossed points the point search could not kill are unobservable.

The point search of the generator (:mod:`~fourhundred.conformance.points_interactions`)
lists the crossed points it found no killing question for in ``points_unseen.txt``:
"not shown observable". This module decides each of them for *every* input, not a
search: a crossed point's mutant is its base point's mutant gated to the methods of
one crossing (:data:`~fourhundred.conformance.points_interactions.CROSSINGS`), each
where its gate holds, the reference everywhere else. So the mutant answers every
question of every kind as the reference does when, for each gated method, the
*ungated* mutant (its fast rules under its rules) equals the specification under
the point's rules on every input where the gate holds: then every gated method
equals the reference's (by induction on the calls, the fast rules never recurse),
and every kind's answer with them.

Each such equality is proved with the path explorer of
:mod:`fourhundred.verify.fast_paths`: the mutant's method runs on symbols, every
path it takes is proved equal to the specification's term (the ledger proves the
reference's fast rules equal to it), for every integer score (no bound). A call
inside it to a method the mutant does not change answers by a *lemma* (the
specification's term under the mutant's rules), each lemma proved first for those
rules, so hand results and bid totals stay a handful of paths.

Verdicts (:class:`Verdict`), written to ``points_unseen.json`` by
:func:`write` (``python -m fourhundred.conformance.points_proofs``):

* ``proved-unobservable``: every gated method equals the reference where its gate
  holds; the argument says which methods and under which inputs;
* ``observable``: a gated method differs on the witness (canonical inputs): a
  killing question to add to the suite;
* ``unknown``: not a rule reading Z3 lifts (an engine check's precedence), or the
  budget ran out: still a gap.

Deterministic: every exploration runs in a fresh Z3 context with the fixed seed and
a resource budget (:data:`RLIMIT`), never a clock.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import z3

from fourhundred.conformance import coverage
from fourhundred.conformance.answer_inputs import (
    Inputs,
    after_inputs,
    legal_inputs,
    own_minimum_inputs,
    played_inputs,
    result_inputs,
    table_inputs,
    value_inputs,
)
from fourhundred.conformance.points_base import UNSEEN_PATH, Point, unseen
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules
from fourhundred.verify import fast_paths, solver
from fourhundred.verify.fast_paths import GOALS, LEMMAS, Lemma, Paths

#: The committed verdicts (generated: :func:`write`).
PROOFS_PATH = Path(__file__).resolve().parent / "points_unseen.json"
#: The budget of one check of the explorer (Z3 resource units).
RLIMIT = solver.DEFAULT_RLIMIT

VerdictName = Literal["proved-unobservable", "observable", "unknown"]
#: Inputs of one method: (arguments as Z3 terms, facts they satisfy).
Json = dict[str, Any]


@dataclass(frozen=True)
class Verdict:
    """What was decided about one unseen point."""

    id: str
    verdict: VerdictName
    #: The argument (proved), the method and its inputs (observable), or the reason.
    argument: str
    #: The witness of an observable point: the gated method and its inputs.
    witness: Mapping[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        """The verdict as a JSON object (the witness only when there is one)."""
        body: dict[str, Any] = {"verdict": self.verdict, "argument": self.argument}
        if self.witness is not None:
            body["witness"] = dict(self.witness)
        return body


# ----------------------------------------------------------------------
# The unseen points with their mutants
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class Searched:
    """An unseen crossed point: its crossing, its base point and the rules it is under."""

    point: Point
    crossing: str
    base: Point
    rules: Rules


def searched() -> list[Searched]:
    """Every crossed point of :func:`unseen` with its base point, in model order."""
    from fourhundred.conformance import points, points_interactions

    found: list[Searched] = []
    for rule_set in coverage.all_rule_sets():
        made = [p for p in points.rule_set_points(rule_set) if isinstance(p, Point)]
        by_id = {p.id: p for p in made}
        for point in points_interactions.searched_points(rule_set, made):
            crossing, _, base = point.id.partition("/")
            found.append(Searched(point, crossing, by_id[base], rule_set.rules))
    return found


# ----------------------------------------------------------------------
# The gates as Z3 terms, and each gated method's inputs
# ----------------------------------------------------------------------


#: The specification's method of each gated fast method, its lemmas and its inputs
#: (given whether the below-zero gate holds; the thrown-in gate always does).
def _subjects(rules: Rules) -> dict[str, tuple[Lemma, Callable[[Rules, bool], Inputs]]]:
    def made(name: str, uses: tuple[str, ...] = (), concrete: Any = None) -> Lemma:
        return Lemma(name, name, lambda: iter(()), uses, dict(concrete or {}))

    return {
        "own_minimum_bid": (made("own_minimum_bid"), own_minimum_inputs),
        "bid_is_legal": (made("bid_is_legal"), legal_inputs),
        "table_minimum": (LEMMAS["table_minimum"], table_inputs),
        "hand_is_played": (GOALS["hand_is_played"], played_inputs),
        "bid_value": (LEMMAS["bid_value"], value_inputs),
        "scores_after": (LEMMAS["scores_after"], after_inputs),
        "hand_result": (GOALS["hand_result"], result_inputs),
    }


#: Fast-rule methods each lemma's fast code reads besides the lemmas it uses.
_ALSO_READS: Mapping[str, frozenset[str]] = {"table_minimum": frozenset({"band"})}


def reads(name: str) -> frozenset[str]:
    """The fast-rule methods ``name``'s fast code runs, itself and every call in it."""
    found = {name, *_ALSO_READS.get(name, frozenset())}
    lemma = LEMMAS.get(name) or GOALS.get(name)
    for used in lemma.uses if lemma is not None else ():
        found |= reads(used)
    return frozenset(found)


def usable(uses: Sequence[str], changed: frozenset[str]) -> tuple[str, ...]:
    """The lemmas a mutant's method may be summarised by: each of ``uses`` whose fast
    code reads no method the mutant changes, else (recursively) the lemmas it uses."""
    found: list[str] = []
    for name in uses:
        if reads(name) & changed:
            found.extend(usable(LEMMAS[name].uses, changed))
        else:
            found.append(name)
    return tuple(dict.fromkeys(found))


def changed_methods(fast: type[FastRules]) -> frozenset[str]:
    """The fast-rule methods a mutant's class overrides (any class between it and FastRules)."""
    found: set[str] = set()
    for klass in fast.__mro__:
        if klass is FastRules:
            break
        found |= {name for name in vars(klass) if name != "build" and callable(vars(klass)[name])}
    return frozenset(found)


# ----------------------------------------------------------------------
# One method of the mutant against the specification
# ----------------------------------------------------------------------

#: The methods a gated method may call many times (a bid's value and a score's change:
#: once a seat), each with symbols standing for its arguments: where one reads a
#: method the mutant changes (no lemma can stand for it), summarised by
#: :func:`merged` instead of branching again at every call.
_MERGED: Mapping[str, Callable[[], tuple[Any, ...]]] = {
    "band": lambda: (z3.Int("merged_score"),),
    "bid_value": lambda: (z3.Int("merged_bid"), z3.Int("merged_own"), z3.Int("merged_high")),
    "score_change": lambda: tuple(z3.Int(f"merged_{n}") for n in ("bid", "tricks", "own", "high")),
}


def merged(fast: FastRules, method: str, rlimit: int = RLIMIT) -> tuple[Any, Any] | None:
    """Every path of ``fast``'s ``method`` on fresh symbols merged into one term (the
    answer of each path under its conditions, as an if-chain): the method on every
    integer input. Returns (the symbols, the term); None when a path is cut short."""
    symbols = _MERGED[method]()
    paths = Paths((), rlimit)
    answers: list[tuple[Any, Any]] = []

    def run() -> Any:
        lifted = tuple(fast_paths._lift(a, paths) for a in symbols)
        answer = fast_paths._term(getattr(fast, method)(*lifted))
        taken = [step.condition if step.choice else z3.Not(step.condition) for step in paths.steps]
        answers.append((z3.And(*taken) if taken else z3.BoolVal(True), answer))
        return z3.BoolVal(True)

    outer = list(fast_paths._CURRENT)
    fast_paths._CURRENT[:] = [paths]
    try:
        if paths.explore(run).verdict != "proved":
            return None
    finally:
        fast_paths._CURRENT[:] = outer
    term = answers[-1][1]
    for condition, answer in reversed(answers[:-1]):
        term = z3.If(condition, answer, term)
    return symbols, term


def _with_merged(fast: FastRules, changed: frozenset[str], method: str) -> FastRules | None:
    """``fast`` with every method of :data:`_MERGED` but ``method`` itself that reads a
    changed method answered by its merged term (:func:`merged`), in the order of
    :data:`_MERGED` (each merged over those before it); None when one cannot be merged."""
    subject = fast
    for name in _MERGED:
        if name == method or not reads(name) & changed:
            continue
        found = merged(subject, name)
        if found is None:
            return None
        variant = type("WithMerged", (type(subject),), {name: _merged_method(*found)})
        subject = variant(**{f.name: getattr(subject, f.name) for f in dataclasses.fields(subject)})
    return subject


def _merged_method(symbols: tuple[Any, ...], term: Any) -> Callable[..., Any]:
    """A method answering ``term`` with its symbols replaced by the call's arguments."""

    def method(self: FastRules, *args: Any) -> Any:
        plain = [z3.IntVal(a) if isinstance(a, int) else fast_paths._plain(a) for a in args]
        answer = z3.substitute(term, *zip(symbols, plain, strict=True))
        return fast_paths._lift(answer, fast_paths._CURRENT[0])

    return method


@cache
def lemma_holds(name: str, rules: Rules) -> bool:
    """Whether the reference's fast ``name`` equals the specification's under ``rules``
    (every lemma it uses first): the mutant's rules are no reading the ledger proves."""
    for needed in [*fast_paths._needed(LEMMAS[name]), LEMMAS[name]]:
        result = fast_paths.prove_lemma(needed, rules, FastRules.of(rules), RLIMIT)
        if result.verdict != "proved":
            return False
    return True


@dataclass(frozen=True)
class Agreement:
    """Whether one gated method of the mutant equals the specification where its gate holds."""

    verdict: solver.Z3Verdict
    paths: int
    witness: dict[str, Any] | None = None
    reason: str = ""


def agree(
    method: str,
    mutant: FastRules,
    rules: Rules,
    gate: bool,
    rlimit: int = RLIMIT,
) -> Agreement:
    """Explore every path of ``mutant``'s ``method`` on symbols where the gate holds and
    prove each equal to the specification's answer under ``rules``."""
    lemma, inputs = _subjects(rules)[method]
    changed = changed_methods(type(mutant))
    uses = usable(lemma.uses, changed)
    for name in uses:
        if not lemma_holds(name, mutant.rules):
            return Agreement("unknown", 0, reason=f"lemma {name} unproved under the mutant's rules")
    subject = _with_merged(fast_paths._with_lemmas(mutant, mutant.rules, uses), changed, method)
    if subject is None:
        return Agreement("unknown", 0, reason="a changed method's paths could not be merged")
    body = getattr(type(mutant), method)
    total = 0
    try:
        for args, facts in inputs(rules, gate):
            paths = Paths(facts, rlimit)
            fast_paths._CURRENT[:] = [paths]
            goal: list[Any] = []

            def run(
                paths: Paths = paths, args: tuple[Any, ...] = args, goal: list[Any] = goal
            ) -> Any:
                lifted = tuple(
                    fast_paths._lift(a, paths) if not isinstance(a, int) else a for a in args
                )
                answer = fast_paths.spec_answer(lemma, rules, args)
                goal[:] = [fast_paths._equal(body(subject, *lifted), answer)]
                return goal[0]

            outcome = paths.explore(run)
            total += outcome.paths
            if outcome.verdict != "proved":
                return Agreement(
                    outcome.verdict, total, _witness(args, facts, outcome, goal), outcome.reason
                )
    finally:
        fast_paths._CURRENT.clear()
    return Agreement("proved", total)


def _witness(
    args: Sequence[Any], facts: Sequence[Any], outcome: fast_paths.Outcome, goal: Sequence[Any]
) -> dict[str, Any] | None:
    """The canonical inputs (smallest by absolute value, in order) of the failing path
    where the goal fails: the inputs on which the mutant's method differs."""
    if outcome.verdict != "refuted" or not goal:
        return None
    watched = fast_paths._flat(args)
    found = [*facts, *outcome.failing, z3.Not(goal[0])]
    answer = solver.find(found, watch=watched)
    if answer.verdict != "refuted":
        return None
    concrete = {f"argument {i}": a for i, a in enumerate(args) if isinstance(a, int)}
    values = {str(term): value for term, value in zip(watched, answer.values, strict=True)}
    return {**concrete, **values}


# ----------------------------------------------------------------------
# A point
# ----------------------------------------------------------------------

#: What each crossing's gate says, for the argument.
_GATE_TEXT = {
    "below-zero": "every input with a score of -30 or below (every integer)",
    "thrown-in": "every four bids of 1-13 and every score (every integer)",
}


def gated_methods(crossing: str) -> tuple[str, ...]:
    """The fast-rule methods ``crossing`` confines a wrong reading to."""
    from fourhundred.conformance.points_interactions import CROSSINGS

    return tuple(next(c for c in CROSSINGS if c.family == crossing).gates)


def decide(entry: Searched, rlimit: int = RLIMIT) -> Verdict:
    """The verdict on one unseen crossed point: each gated method of its base mutant
    against the specification where the gate holds; a difference is observable when a
    kind's question made of its witness fails under the point's mutant (:func:`confirm`)."""
    wrong = entry.base.mutant
    mutant = wrong.fast.of(wrong.rules(entry.rules))
    gate = entry.crossing == "below-zero"
    counts: list[str] = []
    differing: list[str] = []
    for method in gated_methods(entry.crossing):
        found = agree(method, mutant, entry.rules, gate, rlimit)
        if found.verdict == "refuted" and found.witness is not None:
            question = confirm(entry, method, found.witness)
            if question is not None:
                kind, data = question
                witness = {"kind": kind, "input": data, "method": method}
                return Verdict(entry.point.id, "observable", f"{method} differs", witness)
            differing.append(f"{method} on {found.witness}")
        elif found.verdict != "proved":
            return Verdict(entry.point.id, "unknown", f"{method}: {found.reason or 'budget'}")
        else:
            counts.append(f"{method} {found.paths}")
    if differing:
        return Verdict(
            entry.point.id,
            "unknown",
            f"differs in {'; '.join(differing)}, and no kind's question made of it fails",
        )
    argument = (
        f"Z3: {wrong.description.rstrip('.')} answers as {entry.rules} on "
        f"{_GATE_TEXT[entry.crossing]} in every gated method (paths: {', '.join(counts)})"
    )
    return Verdict(entry.point.id, "proved-unobservable", argument)


def _questions(entry: Searched, method: str, witness: Mapping[str, Any]) -> list[tuple[str, Json]]:
    """The kinds' questions a gated method's witness makes (none: no kind asks it)."""
    w, rules = witness, entry.rules

    def seats(name: str) -> list[int]:
        return [int(w[f"{name}{seat}"]) for seat in range(4)]

    if method == "own_minimum_bid":
        return [("legal_bids", {"own_score": w["own"]}), _bid_at(entry, int(w["own"]))]
    if method == "bid_value":
        return [
            ("bid_value", {"bid": w["bid"], "own_score": w["own"], "highest_score": w["highest"]})
        ]
    if method == "table_minimum":
        fast = FastRules.of(rules)
        scores = seats("s")
        bids = [max(1, fast.own_minimum_bid(s)) for s in scores]
        return [("table_minimum", {"scores": scores, "bids": bids})]
    if method == "hand_is_played":
        return [("table_minimum", {"scores": seats("s"), "bids": seats("b")})]
    if method == "scores_after":
        return [("hand_scoring", {"scores": seats("s"), "bids": seats("b"), "tricks": seats("t")})]
    if method == "hand_result":
        data = {"scores": seats("s"), "bids": seats("b"), "tricks": seats("t")}
        return [("game_outcome", {**data, "dealer": w["dealer"], "target_in_force": w["target"]})]
    return []


def _bid_at(entry: Searched, score: int) -> tuple[str, Json]:
    """A whole game from a position with every seat on ``score``: North deals and the
    first bidder bids the lower of the two own minimums (one of the two rejects it)."""
    from fourhundred.conformance.position_games import first_bid_game

    rules, wrong = entry.rules, entry.base.mutant
    low = min(
        FastRules.of(rules).own_minimum_bid(score),
        wrong.fast.of(wrong.rules(rules)).own_minimum_bid(score),
    )
    return "whole_game", first_bid_game(rules, score, low)


def confirm(entry: Searched, method: str, witness: Mapping[str, Any]) -> tuple[str, Json] | None:
    """The first kind's question made of a gated method's witness that is valid and that
    the point's mutant answers otherwise than the specification (None: not shown)."""
    from fourhundred.conformance import compare, kinds

    for kind, data in _questions(entry, method, witness):
        entry_kind = kinds.kind(kind)
        if not entry_kind.is_valid(entry.rules, data):
            continue
        expected = json.loads(json.dumps(entry_kind.spec_answer(entry.rules, data)))
        try:
            answer = entry_kind.fast_answer(entry.point.mutant.reference(entry.rules), data)
        except Exception:  # a mutant that makes the engine raise fails the question
            return kind, data
        if compare.compare(kind, expected, json.loads(json.dumps(answer))):
            return kind, data
    return None


def engine_check_verdict(point_id: str) -> Verdict:
    """An unseen point no rule reading makes (an engine check's precedence): unknown."""
    return Verdict(
        point_id,
        "unknown",
        "an engine check's precedence, not a rule reading Z3 lifts; its probe is a seated "
        "action from a position a whole game must play up to",
    )


def decide_all(rlimit: int = RLIMIT) -> list[Verdict]:
    """Every unseen point's verdict, in the order of ``points_unseen.txt``."""
    made = {entry.point.id: entry for entry in searched()}
    order = [line for line in _unseen_lines() if line]
    found = []
    for point_id in order:
        entry = made.get(point_id)
        found.append(engine_check_verdict(point_id) if entry is None else decide(entry, rlimit))
    return found


def _unseen_lines() -> list[str]:
    return [line for line in sorted(unseen(), key=_order()) if line]


def _order() -> Callable[[str], int]:
    lines = UNSEEN_PATH.read_text(encoding="utf-8").splitlines()
    where = {line: i for i, line in enumerate(lines)}
    return lambda point_id: where[point_id]


# ----------------------------------------------------------------------
# The committed file
# ----------------------------------------------------------------------


def fingerprint() -> str:
    """What the verdicts are computed from: the unseen list, this module, the mutants'
    modules, the crossings, the fast rules, the explorer and the specification, as a
    short hash (a change to any may change a verdict)."""
    here = Path(__file__).resolve().parent
    root = here.parent
    files = [
        UNSEEN_PATH,
        here / "points_proofs.py",
        here / "points_interactions.py",
        here / "points.py",
        here / "points_survivors.py",
        here / "points_survivors_cards.py",
        here / "points_survivors_outcomes.py",
        here / "points_survivors_values.py",
        here / "points_survivors_turned.py",
        here / "mutants.py",
        here / "kinds.py",
        here / "validity.py",
        root / "reference" / "fast.py",
        root / "spec" / "model.py",
        root / "fourhundred" / "verify" / "fast_paths.py",
    ]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def text(verdicts: Sequence[Verdict]) -> str:
    """The committed file's text: the fingerprint, the counts and every verdict."""
    counts: dict[str, int] = {}
    for verdict in verdicts:
        counts[verdict.verdict] = counts.get(verdict.verdict, 0) + 1
    body = {
        "fingerprint": fingerprint(),
        "counts": dict(sorted(counts.items())),
        "points": {v.id: v.as_json() for v in verdicts},
    }
    return json.dumps(body, indent=1) + "\n"


def read(path: Path = PROOFS_PATH) -> dict[str, Any]:
    """The committed file (empty when absent)."""
    if not path.exists():
        return {}
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def decided(path: Path = PROOFS_PATH) -> dict[str, Verdict]:
    """The committed verdicts by point id, in the file's order (empty when absent)."""
    listed = read(path).get("points", {})
    return {
        point_id: Verdict(point_id, entry["verdict"], entry["argument"], entry.get("witness"))
        for point_id, entry in listed.items()
    }


def write(path: Path = PROOFS_PATH) -> list[Verdict]:
    """Decide every unseen point and write the file atomically."""
    from fourhundred.safeio import write_text_atomically

    verdicts = decide_all()
    write_text_atomically(path, text(verdicts))
    return verdicts


def main() -> None:
    """Write the verdicts and print the counts."""
    verdicts = write()
    for verdict in verdicts:
        if verdict.verdict != "proved-unobservable":
            print(f"{verdict.verdict}: {verdict.id}: {verdict.argument}")
    print(json.loads(text(verdicts))["counts"])
    sys.exit(0)


if __name__ == "__main__":
    main()
