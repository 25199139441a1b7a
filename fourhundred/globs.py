"""Shell-style globs (``--id``, ``--variant``, baselines) matched in linear time.

One job: :func:`glob_match`, with the meaning of :func:`fnmatch.fnmatchcase`
(``*``, ``?``, ``[seq]``, ``[!seq]``, an unclosed ``[`` taken literally) but
never its cost on hostile patterns: :mod:`fnmatch` translates a pattern to a
regular expression in time quadratic in the number of ``[`` (8,000 of them
take most of a minute). Here a pattern is read once, left to right, each
``[`` finding its ``]`` from a table built in one backward pass, and matched
by the greedy star algorithm in time proportional to pattern times text (a
case id is short), with no backtracking beyond the last star.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class _Class:
    """A ``[...]`` set: single characters, ranges, and whether it is negated."""

    chars: frozenset[str]
    ranges: tuple[tuple[str, str], ...]
    negated: bool

    def matches(self, char: str) -> bool:
        found = char in self.chars or any(low <= char <= high for low, high in self.ranges)
        return found != self.negated


#: A token: ``"*"``, ``"?"``, a literal character (a 1-character ``str`` tagged
#: by position in a tuple), or a class.
_Token = tuple[str, str] | _Class


def _class(body: str) -> _Class:
    negated = body.startswith("!")
    if negated:
        body = body[1:]
    chars: set[str] = set()
    ranges: list[tuple[str, str]] = []
    index = 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            low, high = body[index], body[index + 2]
            if low <= high:  # a reversed range matches nothing, as in fnmatch
                ranges.append((low, high))
            index += 3
        else:
            chars.add(body[index])
            index += 1
    return _Class(frozenset(chars), tuple(ranges), negated)


@lru_cache(maxsize=256)
def _tokens(pattern: str) -> tuple[_Token, ...]:
    """The pattern as tokens, stars collapsed; linear in its length."""
    closing = [-1] * (len(pattern) + 1)  # the next "]" at or after each index
    for index in range(len(pattern) - 1, -1, -1):
        closing[index] = index if pattern[index] == "]" else closing[index + 1]
    tokens: list[_Token] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "*":
            if not tokens or tokens[-1] != ("*", ""):
                tokens.append(("*", ""))
            index += 1
        elif char == "?":
            tokens.append(("?", ""))
            index += 1
        elif char == "[":
            start = index + 1
            if start < len(pattern) and pattern[start] == "!":
                start += 1
            if start < len(pattern) and pattern[start] == "]":
                start += 1  # a "]" first in the set is one of its characters
            end = closing[start] if start <= len(pattern) else -1
            if end < 0:
                tokens.append(("=", char))
                index += 1
            else:
                tokens.append(_class(pattern[index + 1 : end]))
                index = end + 1
        else:
            tokens.append(("=", char))
            index += 1
    return tuple(tokens)


def _one(token: _Token, char: str) -> bool:
    if isinstance(token, _Class):
        return token.matches(char)
    return token[0] == "?" or token[1] == char


def glob_match(text: str, pattern: str) -> bool:
    """Whether ``text`` matches the glob ``pattern`` (case-sensitive, as
    :func:`fnmatch.fnmatchcase`), in linear time in the pattern's length."""
    tokens = _tokens(pattern)
    position = index = 0
    star = -1  # the token index after the last star, and where its match started
    star_position = 0
    while position < len(text):
        if index < len(tokens) and tokens[index] == ("*", ""):
            star, star_position = index + 1, position
            index += 1
        elif index < len(tokens) and _one(tokens[index], text[position]):
            index += 1
            position += 1
        elif star >= 0:
            star_position += 1
            position, index = star_position, star
        else:
            return False
    while index < len(tokens) and tokens[index] == ("*", ""):
        index += 1
    return index == len(tokens)
