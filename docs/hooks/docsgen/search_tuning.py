"""Search tuned for players: the rules before the API, and the words players use.

mkdocs-material's search (lunr, in the browser) multiplies a page's score by
its ``search.boost`` (front matter, or ``page.meta`` as the hook sets it):
:func:`boost` gives the rules pages more weight and the API reference less,
so "partner", "trump" or "redeal" lead to a rule, not to a function that
happens to carry the word in its name.

Players do not always use the site's words: a hand that is *thrown in* is a
*redeal* to many. :func:`search_words` adds, to a rules page that uses a
term, the words players type for it, in a hidden block the search indexes
and nobody sees.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: Search weight by the folder of a page's source (the longest match wins;
#: the empty prefix is every other page). lunr weighs a match in a title (an
#: API symbol's heading) 1,000 times a match in the text: the API's weight is
#: small enough that a rule's text still comes first.
BOOSTS: Mapping[str, float] = {
    "rules/": 10.0,
    "conformance/": 0.5,
    "api/": 0.005,
    "": 1.0,
}

#: A term of the site (matched in a page's text, whole words, any case) and the
#: words players type for it.
PLAYER_WORDS: Mapping[str, tuple[str, ...]] = {
    "thrown in": ("redeal", "re-deal", "misdeal"),
    "throw-in": ("redeal", "re-deal", "misdeal"),
    "hearts": ("trump", "trumps", "trumping"),
    "team": ("partner", "partners", "partnership", "teammate"),
    "partner": ("partners", "partnership", "teammate"),
    "target": ("goal", "winning score"),
    "bid": ("contract",),
}

#: Pages that get the players' words.
RULES_FOLDER = "rules/"


def boost(src_uri: str) -> float:
    """The search weight of a page, by the folder of its source."""
    prefix = max((p for p in BOOSTS if src_uri.startswith(p)), key=len)
    return BOOSTS[prefix]


def search_words(src_uri: str, markdown: str) -> str:
    """A hidden block of the players' words for the terms a rules page uses ('' for
    other pages, or when it uses none of them)."""
    if not src_uri.startswith(RULES_FOLDER):
        return ""
    words: dict[str, None] = {}
    for term, synonyms in PLAYER_WORDS.items():
        if re.search(rf"\b{re.escape(term)}\b", markdown, flags=re.IGNORECASE):
            words.update(dict.fromkeys(synonyms))
    if not words:
        return ""
    return f'<div class="fh-search-words" hidden>{" ".join(words)}</div>'


def with_search_words(src_uri: str, markdown: str) -> str:
    """The page with its :func:`search_words` under its title, so that a match
    leads to the top of the page rather than to its last section."""
    block = search_words(src_uri, markdown)
    if not block:
        return markdown
    title, newline, rest = markdown.partition("\n")
    if title.startswith("# "):
        return f"{title}\n\n{block}\n{newline}{rest}"
    return f"{block}\n\n{markdown}"
