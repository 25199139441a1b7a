"""The vocabulary the source modules and the ambiguity register are written in.

A *variant definition* (:class:`VariantDef`) is what one source says about one
game: the rules it fixes (each with its citation), the house options it
offers, and the deviations of this specification from the page. The
*options* of a variant are its house options plus one interpretation switch
for every ambiguity-register entry that applies to it
(:mod:`fourhundred.spec.ambiguities`). A choice of an option assigns values
to fields of :class:`fourhundred.spec.model.Rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

SOURCES: Mapping[str, str] = {
    "qahwa": "Qahwa, “400 (Arbaa Miyye): rules and how to play” (with its house-rule switches and FAQ)",
    "medallon": "medallon, “Four Hundred (400 / Arba3meyeh) — Complete Rules”",
    "pagat": "pagat.com (John McLeod), “Forty-One” (Syrian 41, and the Lebanese 400 variation)",
    "arab3meyeh": "“400 Arab3meyeh” rules page",
}


@dataclass(frozen=True)
class Citation:
    """Where a rule or a statement comes from: source, section, and a paraphrase."""

    source: str
    section: str
    says: str = ""

    def __str__(self) -> str:
        return f"{self.source} §{self.section}"


@dataclass(frozen=True)
class Fixed:
    """A rule the source states (or a convention it leaves to the table), with its citation."""

    value: object
    cite: Citation


@dataclass(frozen=True)
class Choice:
    """One value an option can take, and the rule fields it sets."""

    value: str
    summary: str
    assigns: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Option:
    """A named, selectable option of a variant.

    ``kind`` is ``house`` for a house rule the source offers (qahwa's
    switches, pagat's "some play" options) and ``reading`` for an
    interpretation switch from the ambiguity register.
    """

    name: str
    kind: Literal["house", "reading"]
    summary: str
    choices: tuple[Choice, ...]
    default: str
    cite: Citation | None = None
    ambiguity: str | None = None

    def choice(self, value: str) -> Choice:
        """The choice with that value (``KeyError`` if there is none)."""
        for choice in self.choices:
            if choice.value == value:
                return choice
        raise KeyError(value)

    @property
    def values(self) -> tuple[str, ...]:
        """The allowed values, in the order the source gives them."""
        return tuple(choice.value for choice in self.choices)


@dataclass(frozen=True)
class VariantDef:
    """What one source says about one game."""

    name: str
    aliases: tuple[str, ...]
    title: str
    source: str
    summary: str
    fixed: Mapping[str, Fixed]
    house_options: tuple[Option, ...] = ()
    deviations: tuple[str, ...] = ()
    disagreements: tuple[str, ...] = field(default=())


def citer(source: str) -> Callable[..., Citation]:
    """A ``cite(section, says)`` function for one source's module."""
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r}; known: {', '.join(SOURCES)}")

    def cite(section: str, says: str = "") -> Citation:
        return Citation(source, section, says)

    return cite


def choice(value: str, summary: str, **assigns: object) -> Choice:
    """Shorthand for a :class:`Choice`."""
    return Choice(value, summary, tuple(assigns.items()))


def value_table(points: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """A bid-value table in the form :class:`~fourhundred.spec.model.Rules` keeps."""
    return tuple(sorted(points.items()))
