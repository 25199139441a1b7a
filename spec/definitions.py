"""The vocabulary the source modules and the ambiguity register are written in.

A *variant definition* (:class:`VariantDef`) is what one source says about one
game: the rules it fixes (each with its citation), the house options it
offers, and the deviations of this specification from the page. The
*options* of a variant are its house options plus one interpretation switch
for every ambiguity-register entry that applies to it
(:mod:`fourhundred.spec.ambiguities`). A choice of an option assigns values
to fields of :class:`fourhundred.spec.model.Rules`. A :class:`Source` is a
rule page itself: its id, title and the sections the project cites.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Citation:
    """Where a rule or a statement comes from: source, section, and a paraphrase."""

    source: str
    section: str
    says: str = ""

    def __str__(self) -> str:
        return f"{self.source} §{self.section}"


@dataclass(frozen=True)
class Source:
    """A rule source: a page the project paraphrases and cites by section.

    Declared once, in the source's own module (``SOURCE``); the registry of
    sources (:mod:`fourhundred.spec.sources`) collects them. ``sections`` are
    the page's headings the project may cite, in page order; ``play_section``
    is the one that states the trick rules (following suit, hearts trump),
    which every source shares. ``url`` is the page's public address, where
    the project has one on record (empty otherwise).
    """

    id: str
    title: str
    sections: tuple[str, ...]
    play_section: str
    url: str = ""

    def __post_init__(self) -> None:
        if self.play_section not in self.sections:
            raise ValueError(
                f"source {self.id}: play section {self.play_section!r} is not one of its sections"
            )

    def cite(self, section: str, says: str = "") -> Citation:
        """A citation of one of this source's sections (``ValueError`` for any other section)."""
        if section not in self.sections:
            raise ValueError(
                f"source {self.id} has no section {section!r}; its sections are: "
                + ", ".join(self.sections)
            )
        return Citation(self.id, section, says)


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
    #: The :attr:`Source.id` of the page this definition follows.
    source: str
    summary: str
    fixed: Mapping[str, Fixed]
    house_options: tuple[Option, ...] = ()
    deviations: tuple[str, ...] = ()
    disagreements: tuple[str, ...] = field(default=())


def choice(value: str, summary: str, **assigns: object) -> Choice:
    """Shorthand for a :class:`Choice`."""
    return Choice(value, summary, tuple(assigns.items()))


def value_table(points: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """A bid-value table in the form :class:`~fourhundred.spec.model.Rules` keeps."""
    return tuple(sorted(points.items()))
