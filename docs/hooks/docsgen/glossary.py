"""The glossary: the Arabic names of the game and the words of its rules, paraphrased and cited.

Each entry is a term, its other spellings, what it means (in our words) and
where it comes from: a section of one of the four sources (cited with
:func:`fourhundred.spec.sources.cite`, so an unknown source or section fails
the build) or, for words the sources do not use, a plain note that it is
common usage. Rule words link to the part of the site that defines them.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourhundred.spec.definitions import Citation
from fourhundred.spec.sources import cite

from .md import esc, generated_banner
from .sources_links import source_link_md

COMMON_USAGE = "common usage; none of the four sources uses this word"


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    term: str
    also: tuple[str, ...]
    meaning: str
    sources: tuple[Citation, ...] = ()
    see: str = ""


TERMS: tuple[Term, ...] = (
    Term(
        "400",
        ("Arbaa Miyye", "أربعمية", "Arba3meyeh", "arba3meyeh", "Four Hundred"),
        "The game this site is about: Arabic for “four hundred”. Qahwa writes it Arbaa Miyye "
        "and in Arabic script; medallon and pagat transliterate it Arba3meyeh, where the "
        "digit 3 stands for the Arabic letter ʿayn (ع), as in the Latin-script Arabic of text "
        "messages. pagat notes that the number 400 appears nowhere in the game as played.",
        (
            cite("qahwa", "introduction", "400, Arbaa Miyye, with the name in Arabic script"),
            cite("medallon", "Overview", "400, also known as Arba3meyeh"),
            cite("pagat", "Introduction", "often known as 400 (arba3meyeh); the name unexplained"),
        ),
        "rules/index.md",
    ),
    Term(
        "41",
        ("Forty-One", "Syrian 41"),
        "The Syrian game named after its target of 41 points, of which pagat gives Lebanese 400 "
        "as a variation: bids from 1, bid values that must add up to at least 11, and every "
        "bid of 7 or more worth double.",
        (
            cite("pagat", "Introduction", "Forty-One, much played in Syria"),
            cite("qahwa", "Questions", "the difference between 400 and Syrian 41"),
        ),
        "rules/pagat-41.md",
    ),
    Term(
        "Tarneeb",
        ("طرنيب",),
        "The best-known Levantine partnership trick-taking game, to which 400 is a cousin; in "
        "Tarneeb the trump suit is named in the bidding, in 400 it is always hearts. The word "
        "is also used for the trump suit itself.",
        (
            cite("qahwa", "introduction", "the Lebanese cousin of Tarneeb"),
            cite("medallon", "Overview", "shares similarities with Tarneeb"),
        ),
    ),
    Term(
        "Hakam",
        ("حكم",),
        f"Another word heard for the trump suit. In 400 hearts are always trump, so nobody "
        f"names one ({COMMON_USAGE}).",
    ),
    Term(
        "Trump",
        ("hearts",),
        "A suit that beats every other suit: in every variant here, hearts. A heart played to a "
        "trick of another suit wins it unless a higher heart is played.",
        (cite("pagat", "Play", "hearts is the permanent trump suit"),),
    ),
    Term(
        "Bid",
        ("contract",),
        "The number of tricks a player says they will take themselves, once per hand, with no "
        "passing. Partners bid and score separately.",
        (cite("medallon", "Independent Bidding", "each player's bid is individual"),),
        "rules/comparison.md#row-min_bid",
    ),
    Term(
        "Own minimum",
        ("minimum bid",),
        "The smallest bid a player may make; in most variants it rises with that player's own "
        "score (3 from 30 points, 4 from 40 and so on).",
        (cite("medallon", "Minimum Bids", "the minimum bid by score range"),),
        "rules/comparison.md#row-own_min_rises",
    ),
    Term(
        "Table minimum",
        ("minimum combined bid", "total"),
        "The total the four bids must reach for the hand to be played; otherwise the cards are "
        "thrown in and dealt again. 11 at the start; in most variants it rises once any "
        "player has 30 points.",
        (
            cite(
                "medallon",
                "Minimum Combined Bids",
                "the total of the four bids must meet a minimum",
            ),
        ),
        "rules/comparison.md#row-table_min_base",
    ),
    Term(
        "Throw-in",
        ("redeal", "void deal"),
        "A hand whose bids fall short of the table minimum: nobody scores and the next dealer "
        "deals again.",
        (cite("pagat", "Bidding", "10 or less: all throw in their hands and there is a new deal"),),
    ),
    Term(
        "Bid value",
        ("points",),
        "What a bid is worth: won when the bidder takes at least that many tricks, lost when "
        "they take fewer. Big bids are worth far more than their tricks in 400.",
        (cite("qahwa", "Scoring", "take at least your bid and win its value, or lose it"),),
        "rules/comparison.md#row-values",
    ),
    Term(
        "Target",
        ("game",),
        "The score that wins: 41 in every variant by default. A team wins when one partner "
        "reaches it while the other's score is above zero (medallon: the partners together, "
        "both positive).",
        (cite("qahwa", "Winning", "one partner on 41, the other above zero"),),
        "rules/comparison.md#row-target",
    ),
    Term(
        "North–South, East–West",
        ("partners", "teams"),
        "The two teams: partners sit opposite each other, as in bridge. This site names seats "
        "North, East, South and West and results “North–South win”, “East–West win” or "
        "“draw”.",
        (cite("pagat", "Players and Cards", "North and South play against East and West"),),
    ),
    Term(
        "Anticlockwise",
        ("to the right",),
        "The direction of dealing, bidding and play in 400: from the dealer to the player on "
        "the dealer's right, and on round the table that way.",
        (cite("pagat", "Deal", "dealt anticlockwise"),),
    ),
)


def _sources(term: Term) -> str:
    if not term.sources:
        return ""
    items = "; ".join(
        f"{esc(c.source)} §{esc(c.section)} ({esc(c.says)}){source_link_md(c.source)}"
        for c in term.sources
    )
    return f"Sources: {items}.\n\n"


def glossary_page() -> str:
    """The glossary page, terms in the order a reader meets them."""
    out = [
        "# Glossary\n\n",
        generated_banner("`docs/hooks/docsgen/glossary.py`, whose citations the build checks"),
        "The names of the game and the words of its rules, in our words. Sources are cited by "
        "section, as everywhere on this site.\n\n",
    ]
    for term in TERMS:
        also = f"*Also:* {esc(', '.join(term.also))}\n\n" if term.also else ""
        see = f" [More]({term.see.removeprefix('rules/')})" if term.see else ""
        out.append(f"## {esc(term.term)}\n\n{also}{esc(term.meaning)}{see}\n\n{_sources(term)}")
    return "".join(out)
