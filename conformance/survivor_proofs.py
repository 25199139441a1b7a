"""Proving one cosmic-ray survivor of :mod:`fourhundred.conformance.survivors` equivalent,
or showing where it differs: the function a mutation lies in (:func:`enclosing_function`),
and the original and the mutated function run side by side (:func:`prove`) on symbolic
integers (Z3, every value of the small parameters :data:`FINITE`), or, for a function
that does not run on Z3 terms, on random concrete arguments (a difference found, never a
proof).
"""

from __future__ import annotations

import ast
import inspect
import itertools
import random
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fourhundred.conformance.answer_proofs import differs

#: Parameters proved over every value (names of the small domains of the rules).
FINITE: dict[str, tuple[int, ...]] = {
    "team": (0, 1),
    "seat": (0, 1, 2, 3),
    "dealer": (0, 1, 2, 3),
    "leader": (0, 1, 2, 3),
    "steps": (1, 2, 3),
}


# ----------------------------------------------------------------------
# 1. Where a mutation lies (annotations: :mod:`~fourhundred.conformance.unread_annotations`)
# ----------------------------------------------------------------------


def enclosing_function(source: str, line: int) -> str | None:
    """The qualified name (``Class.method`` or ``function``) of the innermost function
    whose body holds ``line``, or None (module or class level)."""
    found: str | None = None

    def visit(node: ast.AST, prefix: str) -> None:
        nonlocal found
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                if child.lineno <= line <= (child.end_lineno or child.lineno):
                    found = name
                    visit(child, f"{name}.<locals>.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")

    visit(ast.parse(source), "")
    return found


# ----------------------------------------------------------------------
# 3. Z3: equivalence of a pure rule function
# ----------------------------------------------------------------------


def _resolve(namespace: Any, qualname: str) -> Any:
    value = namespace
    for part in qualname.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    return value


def _symbolic_arguments(function: Any) -> Iterator[tuple[Any, ...]] | None:
    """Every argument tuple to prove over (``self`` excluded): a z3 Int for an
    ``IntLike``, a z3 Bool for a ``BoolLike``, four Ints for a ``Sequence[IntLike]`` (or
    ``Iterable``), each value of
    :data:`FINITE` for those names, none to three for ``*rest``; None when a parameter
    is of another type (no proof is tried)."""
    import z3

    choices: list[tuple[tuple[Any, ...], ...]] = []
    for name, parameter in inspect.signature(function).parameters.items():
        if name == "self":
            continue
        hint = str(parameter.annotation)
        make = {"IntLike": z3.Int, "BoolLike": z3.Bool}.get(hint)
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL and make is not None:
            choices.append(tuple(tuple(make(f"{name}_{i}") for i in range(n)) for n in range(4)))
        elif name in FINITE:
            choices.append(tuple((value,) for value in FINITE[name]))
        elif make is not None:
            choices.append(((make(name),),))
        elif hint in ("Sequence[IntLike]", "Iterable[IntLike]"):
            choices.append((([z3.Int(f"{name}_{seat}") for seat in "NWSE"],),))
        else:
            return None
    return (sum(chosen, ()) for chosen in itertools.product(*choices))


def symbolic_branch(source: str, qualname: str, line: int) -> bool | None:
    """Where ``line`` lies in the function ``qualname`` that runs on ints and on Z3
    terms: None when the function has one path for both (no ``is_symbolic`` test);
    True inside the body of an ``if is_symbolic(...):`` (the concrete path is then the
    original's, unchanged); False elsewhere (the concrete path may be mutated, and a
    proof over Z3 terms does not run it)."""
    node: ast.AST = ast.parse(source)
    for part in qualname.split("."):
        node = next(
            child
            for child in ast.iter_child_nodes(node)
            if isinstance(child, (ast.ClassDef, ast.FunctionDef)) and child.name == part
        )
    branches = [
        inner
        for inner in ast.walk(node)
        if isinstance(inner, ast.If)
        and isinstance(inner.test, ast.Call)
        and isinstance(inner.test.func, ast.Name)
        and inner.test.func.id == "is_symbolic"
    ]
    if not branches:
        return None
    return any(
        branch.body[0].lineno <= line <= (branch.body[-1].end_lineno or 0) for branch in branches
    )


def _concrete_arguments(function: Any, rng: random.Random) -> tuple[Any, ...]:
    """One concrete argument tuple of the kinds :func:`_symbolic_arguments` proves over."""
    values: list[Any] = []
    for name, parameter in inspect.signature(function).parameters.items():
        hint = str(parameter.annotation)
        if name == "self":
            continue
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            make: Callable[[], object] = (
                (lambda: rng.random() < 0.5)
                if hint == "BoolLike"
                else (lambda: rng.randint(-60, 160))
            )
            values.extend(make() for _ in range(rng.randint(0, 3)))
        elif name in FINITE:
            values.append(rng.choice(FINITE[name]))
        elif hint == "BoolLike":
            values.append(rng.random() < 0.5)
        elif hint == "IntLike":
            values.append(rng.choice((rng.randint(-60, 160), rng.randint(-2, 14))))
        else:
            values.append(
                [rng.choice((rng.randint(-60, 160), rng.randint(0, 13))) for _ in range(4)]
            )
    return tuple(values)


def _concrete_difference(
    original: Any, mutated: Any, rule_sets: Sequence[Any], draws: int = 200
) -> str | None:
    """A concrete call whose answers differ (the ints' path, which Z3 terms do not run
    where Python and Z3 operators part: ``%``, ``//``, ``is``...), or None."""
    rng = random.Random(400)
    for rules in rule_sets:
        for _ in range(draws):
            args = _concrete_arguments(mutated, rng)
            call = (rules, *args) if rules is not None else args
            answers = []
            for function in (original, mutated):
                try:
                    answers.append(repr(function(*call)))
                except Exception as error:  # a raise is an answer too
                    answers.append(f"raised {type(error).__name__}")
            if answers[0] != answers[1]:
                where = f" under {rules}" if rules is not None else ""
                return f"args {args!r}{where}: {answers[0]} became {answers[1]}"
    return None


def prove(module: str, qualname: str, original_source: str, line: int = 0) -> tuple[str, str]:
    """Prove the mutated ``module``'s function ``qualname`` (imported: the mutation, on
    ``line``, is on disk) equal to the one of ``original_source``, for every rule set
    and every argument (see the module docstring). Returns (how, evidence): ``z3`` and
    what was proved, ``z3-counterexample`` (or ``counterexample``, found on ints) and
    the model, or ``none`` and why not. A function with a path for ints and another
    for Z3 terms is proved only for a mutation in its Z3 path
    (:func:`symbolic_branch`); a proof is also held against random concrete calls,
    where Python's operators and Z3's part."""
    import importlib

    import z3

    from fourhundred.conformance import coverage
    from fourhundred.verify import solver

    mutated_module = importlib.import_module(module)
    twin = types.ModuleType(f"{module}__original")
    sys.modules[twin.__name__] = twin  # dataclasses look their module up
    exec(compile(original_source, f"{module} (original)", "exec"), twin.__dict__)
    original_namespace = twin.__dict__
    try:
        mutated = _resolve(mutated_module, qualname)
        original = _resolve(original_namespace, qualname)
    except (AttributeError, KeyError):
        return "none", f"{qualname} is not reachable by name"
    if symbolic_branch(original_source, qualname, line) is False:
        return "none", (
            f"{qualname} has a path for ints and one for Z3 terms, and the mutation is on "
            "the ints' path, which a proof over Z3 terms does not run"
        )
    is_method = "." in qualname and "<locals>" not in qualname
    rule_sets = [r.rules for r in coverage.all_rule_sets()] if is_method else [None]
    queries = 0
    for rules in rule_sets:
        arguments = _symbolic_arguments(mutated)
        if arguments is None:
            return "none", f"{qualname} takes a parameter that is no integer of the rules"
        for args in arguments:
            call = (rules, *args) if rules is not None else args
            try:
                condition = differs(original(*call), mutated(*call))
            except Exception as error:  # not liftable to Z3 (an `if` on a term...)
                return "none", f"{qualname} does not run on Z3 terms ({type(error).__name__})"
            answer, asked_of = solver.check_fresh([condition])
            queries += 1
            if answer == z3.sat:
                model = asked_of.model()
                values = {str(d): str(model[d]) for d in sorted(model.decls(), key=str)}
                where = f" under {rules}" if rules is not None else ""
                return "z3-counterexample", f"{qualname}{where}, args {args!r}: {values}"
            if answer != z3.unsat:
                return "none", f"z3 answered {answer} for {qualname}"
    concrete = _concrete_difference(original, mutated, rule_sets)
    if concrete is not None:
        return "counterexample", f"{qualname} on ints: {concrete}"
    scope = f"{len(rule_sets)} rule sets" if rules is not None else "every argument"
    return "z3", (
        f"z3: original {qualname} != mutated is unsatisfiable over symbolic arguments "
        f"({queries} queries, {scope})"
    )
