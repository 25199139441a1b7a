"""Small logic helpers that evaluate on Python values and lift to Z3 terms.

Every rule in :mod:`fourhundred.spec` is written once, with these helpers in
place of Python's ``if``/``and``/``or``/``in``/``max``. Called with plain
``int``/``bool`` values they compute the answer directly; called with Z3
terms they build the Z3 expression of the same rule. That is how the proofs
of :mod:`fourhundred.verify` reason about the very definitions the reference
is checked against, instead of a second hand-written copy.

Why helpers: plain Python silently mis-evaluates a Z3 term in several places
(``bid in (5, 6)`` is just ``False``; ``if bid == 9:`` takes the ``else``
branch; ``max`` and chained comparisons raise). ``tests/test_lifting.py``
compares every lifted rule with its Python result over a grid of inputs.

Z3 is imported lazily, so the command-line tool starts fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias, TypeVar

#: An integer or a Z3 integer term (Z3 ships no type information).
IntLike: TypeAlias = Any
#: A boolean or a Z3 boolean term.
BoolLike: TypeAlias = Any

T = TypeVar("T")


def is_symbolic(*values: object) -> bool:
    """True when any value is a Z3 expression rather than a Python value."""
    return any(type(value).__module__.startswith("z3") for value in values)


def _z3() -> Any:
    import z3

    return z3


def ite(condition: BoolLike, then: IntLike, otherwise: IntLike) -> IntLike:
    """``then`` if ``condition`` holds, else ``otherwise`` (Z3 ``If`` when symbolic)."""
    if is_symbolic(condition, then, otherwise):
        return _z3().If(condition, then, otherwise)
    return then if condition else otherwise


def all_(*conditions: BoolLike) -> BoolLike:
    """Conjunction of the conditions (``True`` when there are none)."""
    if is_symbolic(*conditions):
        return _z3().And(*conditions) if conditions else _z3().BoolVal(True)
    return all(conditions)


def any_(*conditions: BoolLike) -> BoolLike:
    """Disjunction of the conditions (``False`` when there are none)."""
    if is_symbolic(*conditions):
        return _z3().Or(*conditions) if conditions else _z3().BoolVal(False)
    return any(conditions)


def not_(condition: BoolLike) -> BoolLike:
    """Negation."""
    if is_symbolic(condition):
        return _z3().Not(condition)
    return not condition


def implies(premise: BoolLike, conclusion: BoolLike) -> BoolLike:
    """Material implication."""
    return any_(not_(premise), conclusion)


def between(low: IntLike, value: IntLike, high: IntLike) -> BoolLike:
    """``low <= value <= high`` (a chained comparison raises on Z3 terms)."""
    return all_(low <= value, value <= high)


def is_one_of(value: IntLike, choices: Iterable[int]) -> BoolLike:
    """``value in choices`` (``in`` is silently ``False`` on a Z3 term)."""
    return any_(*(value == choice for choice in choices))


def max_(first: IntLike, *rest: IntLike) -> IntLike:
    """The largest argument."""
    best = first
    for value in rest:
        best = ite(value > best, value, best)
    return best


def min_(first: IntLike, *rest: IntLike) -> IntLike:
    """The smallest argument."""
    best = first
    for value in rest:
        best = ite(value < best, value, best)
    return best


def sum_(values: Iterable[IntLike]) -> IntLike:
    """Sum of the values (works for Python ints and Z3 terms alike)."""
    total: IntLike = 0
    for value in values:
        total = total + value
    return total


def floor_div(numerator: IntLike, divisor: int) -> IntLike:
    """Floor division by a positive constant.

    Z3's integer division is Euclidean, which equals floor division when the
    divisor is positive; Python's ``//`` is not defined on Z3 terms.
    """
    if divisor <= 0:
        raise ValueError(f"floor_div needs a positive constant divisor, got {divisor}")
    if is_symbolic(numerator):
        return numerator / divisor
    return int(numerator) // divisor


def lookup(table: Mapping[int, int], key: IntLike, default: IntLike) -> IntLike:
    """``table.get(key, default)``, as a chain of ``If`` when ``key`` is symbolic."""
    if not is_symbolic(key, default):
        return table.get(int(key), default)
    result = default
    for entry, value in sorted(table.items(), reverse=True):
        result = ite(key == entry, value, result)
    return result
