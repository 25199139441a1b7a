"""Whether a survivor in a method of the specification can change an answer of the protocol.

A Z3 counterexample to a mutated method of :class:`~fourhundred.spec.model.Rules`
(:func:`~fourhundred.conformance.survivor_proofs.prove`) shows the method differs on *some*
integers, not that any answer does: the method may differ only where its callers never
call it (a first qualifying seat asked only when both teams qualify, a target of zero).
This module asks the question one level up, where the protocol asks it
(:func:`decide`):

1. **Who reaches the method.** The methods and functions of the specification's module
   that reach it, itself included (:func:`users`, by the attributes each body reads),
   and those of them the modules answering the protocol name (:data:`ANSWERING`, by
   ``rules.<name>``: the kinds' answers, the adapter, the reference engine and the
   fast rules; :func:`named_outside`). When all of those are among :data:`ANSWERED`,
   every answer runs the method only through them.
2. **The answers, proved.** Each answered method that reaches it, original against
   mutated, on every input the kinds' questions may give it
   (:func:`~fourhundred.conformance.answer_inputs.valid_inputs`: legal bids, played
   hands, a target in force), for every rule set of
   :func:`~fourhundred.conformance.coverage.all_rule_sets` and every dealer.
   Unsatisfiable everywhere is the proof that no answer changes (``z3-answers``).
3. **Else a question.** A satisfying model is a valid input on which an answered
   method differs: it is made the kind's question (:func:`question`), to be asked of the
   mutant through the protocol (:func:`~fourhundred.conformance.operators._witness`):
   the witness, when its answer changes.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: The specification's methods the kinds' pure answers call (conformance/kinds.py),
#: each proved on the inputs its kinds may give it, with the kind that asks it.
ANSWERED: Mapping[str, str] = {
    "bid_is_legal": "legal_bids",
    "table_minimum": "table_minimum",
    "hand_is_played": "table_minimum",
    "bid_value": "bid_value",
    "scores_after": "hand_scoring",
    "hand_result": "game_outcome",
}

#: The modules (under the package folder) whose code answers the protocol besides the
#: specification's module itself: a rules object there is named ``rules`` (or
#: ``….rules``), so a method they call is found as ``rules.<name>``.
ANSWERING: tuple[str, ...] = ("conformance/kinds.py", "conformance/adapter.py", "reference", "spec")

#: The module whose methods this decides for.
MODEL = "spec/model.py"


def users(source: str, name: str) -> frozenset[str]:
    """The functions and methods of ``source`` (by name) whose body reaches ``name``:
    itself, and every one that reads an attribute or name already reached."""
    bodies = {
        node.name: {
            inner.attr if isinstance(inner, ast.Attribute) else inner.id
            for inner in ast.walk(node)
            if isinstance(inner, (ast.Attribute, ast.Name))
        }
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    found = {name}
    while True:
        more = {caller for caller, read in bodies.items() if read & found} - found
        if not more:
            return frozenset(found)
        found |= more


def named_outside(root: Path, names: frozenset[str]) -> frozenset[str]:
    """Those of ``names`` a module of :data:`ANSWERING` (the specification's module
    aside) names as ``rules.<name>`` or imports."""
    files = sorted(
        path
        for where in ANSWERING
        for path in ([root / where] if where.endswith(".py") else (root / where).rglob("*.py"))
        if path != root / MODEL
    )
    text = "\n".join(path.read_text(encoding="utf-8") for path in files)
    named = set(re.findall(r"rules\.(\w+)", text))
    named |= set(re.findall(r"from fourhundred\.spec\.model import ([\w, ()\n]+)", text))
    words = {word for chunk in named for word in re.findall(r"\w+", chunk)}
    return frozenset(names & words)


def differs(original: Any, mutated: Any) -> Any:
    """The Z3 condition that two answers differ (plain values on a side are coerced by
    Z3; answers of different sorts or lengths differ outright)."""
    import z3

    if isinstance(original, (tuple, list)) and isinstance(mutated, (tuple, list)):
        if len(original) != len(mutated):
            return z3.BoolVal(True)
        return z3.Or(
            z3.BoolVal(False), *(differs(a, b) for a, b in zip(original, mutated, strict=True))
        )
    if not (z3.is_expr(original) or z3.is_expr(mutated)):
        return z3.BoolVal(bool(original != mutated) or type(original) is not type(mutated))
    try:
        return original != mutated
    except z3.Z3Exception:  # a sort mismatch: an Int against a Bool
        return z3.BoolVal(True)


def copy_rules(rules: Any, cls: type) -> Any:
    """The rule set ``rules`` as an instance of ``cls`` (the original or mutated class)."""
    return cls(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.init})


def question(method: str, args: Sequence[Any], asked_of: Any) -> dict[str, Any]:
    """The input of :data:`ANSWERED`'s kind for ``method`` called with ``args``, their
    values read from the model of ``asked_of`` (a satisfied solver of
    :func:`fourhundred.verify.solver.check_fresh`)."""
    from fourhundred.verify import solver

    def ints(values: Sequence[Any]) -> list[int]:
        return solver.model_ints(asked_of, values)

    if method == "bid_is_legal":
        return {"own_score": ints(args[1:2])[0]}
    if method in ("table_minimum", "hand_is_played"):
        scores = ints(args[-1] if method == "hand_is_played" else args[0])
        bids = ints(args[0]) if method == "hand_is_played" else [1, 1, 1, 1]
        return {"scores": scores, "bids": bids}
    if method == "bid_value":
        bid, own, highest = ints(args)
        return {"bid": bid, "own_score": own, "highest_score": highest}
    scores, bids, tricks = (ints(args[k]) for k in range(3))
    data: dict[str, Any] = {"scores": scores, "bids": bids, "tricks": tricks}
    if method == "hand_result":
        data |= {"dealer": int(str(args[3])), "target_in_force": ints(args[4:5])[0]}
    return data


def decide(
    original: Any, mutated: Any, source: str, qualname: str, root: Path
) -> tuple[str, str, dict[str, Any] | None]:
    """(how, evidence, question) for the mutated method ``qualname`` of ``source`` (the
    original module's text), ``original`` and ``mutated`` the two ``Rules`` classes:
    ``z3-answers`` and the proof; ``answer-counterexample``, the difference and the
    question (kind, variant, input) that may show it; or ``none`` and why not."""
    import z3

    from fourhundred.conformance import answer_inputs, coverage
    from fourhundred.verify import solver

    if not qualname.startswith("Rules.") or qualname.count(".") != 1:
        return "none", f"{qualname} is no method of Rules", None
    reach = users(source, qualname.split(".")[1])
    outside = named_outside(root, reach)
    if not outside <= set(ANSWERED):
        others = ", ".join(sorted(outside - set(ANSWERED)))
        return "none", f"{qualname} is reached by {others}, which the answers call", None
    asked = sorted(reach & set(ANSWERED))
    if not asked or any(name.startswith("__") for name in reach):
        return "none", f"{qualname} is reached by no answered method by name", None
    queries = 0
    for entry in coverage.all_rule_sets():
        before, after = copy_rules(entry.rules, original), copy_rules(entry.rules, mutated)
        for method in asked:
            for args, facts in answer_inputs.valid_inputs(before, method):
                for call in _dealt(method, args):
                    changed = differs(getattr(before, method)(*call), getattr(after, method)(*call))
                    answer, asked_of = solver.check_fresh([*facts, changed])
                    queries += 1
                    if answer == z3.sat:
                        data = question(method, call, asked_of)
                        asked_as = {"kind": ANSWERED[method], "variant": str(before), "input": data}
                        return (
                            "answer-counterexample",
                            (f"{method} differs on a valid input under {before}: {data}"),
                            asked_as,
                        )
                    if answer != z3.unsat:
                        return "none", f"z3 answered {answer} for {method} under {before}", None
    return (
        "z3-answers",
        (
            f"z3: every answer reaching {qualname} ({', '.join(asked) or 'none'}; no other "
            f"method reaching it is named by {', '.join(ANSWERING)}) is unchanged on every "
            f"valid input, {queries} queries over every rule set and dealer"
        ),
        None,
    )


def _dealt(method: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """``args`` as the method is called: ``hand_result``'s dealer is each seat in turn."""
    if method != "hand_result":
        return [args]
    return [(*args[:3], dealer, *args[4:]) for dealer in range(4)]
