"""Search tuned for players: a variant's rules page first for a player's word, and a light index.

mkdocs-material's search (lunr, in the browser) scores a match by the field
it is in (``fields`` in ``mkdocs.yml``: a title weighs 1,000 times the text)
and multiplies by the page's ``search.boost`` (set by the hook from
:func:`boost`). Three things are tuned here, all on the index the search
plugin writes (:func:`tune_index`, run after the plugin, so nothing of this
shows on a page or in a result's preview):

* **players' words.** Players do not always use the site's words: a hand that
  is *thrown in* is a *redeal* to many. :func:`player_words` gives a variant's
  rules page the words players type for the terms it uses, and its main
  entry carries them in a field of its own, ``keywords``, which the search
  matches (weighted above a title, :data:`KEYWORDS_FIELD`) and never shows.
  So "partner", "13", "minimum", "trump", "redeal" or "score" lead to the
  rules of a variant before the glossary, the register or a score sheet.
* **the API reference.** Each module page keeps one entry: its title, the
  opening of its text, and the names of its members as keywords, so a search
  for ``hand_result`` finds the module, at a fraction of the index's size.
* **data pages.** The claims ledger's checks keep their title and the opening of
  their text (statement and citations), not the counterexamples under them; the
  comparison matrix and the statistics keep the opening of each section.
* **weights**: the rules before the guides, the guides before the API.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: Search weight by the folder of a page's source (the longest match wins;
#: the empty prefix is every other page).
BOOSTS: Mapping[str, float] = {
    "rules/": 10.0,
    "conformance/": 0.5,
    "api/": 0.05,
    "": 1.0,
}
#: The weight of a variant's rules page (see :func:`is_variant_page`).
VARIANT_BOOST = 20.0

#: The index field that carries a page's hidden search words, and its weight
#: (mkdocs.yml ``plugins: search: fields`` must name it; a test checks).
KEYWORDS_FIELD = "keywords"

#: A term of the site (matched in a page's text, whole words, any case) and the
#: words players type for it; the term itself is a keyword too.
PLAYER_WORDS: Mapping[str, tuple[str, ...]] = {
    "thrown in": ("redeal", "re-deal", "misdeal", "throw-in"),
    "throw-in": ("redeal", "re-deal", "misdeal"),
    "hearts": ("trump", "trumps", "trumping", "heart"),
    "trump": ("trumps", "trumping"),
    "team": ("partner", "partners", "partnership", "teammate"),
    "partner": ("partners", "partnership", "teammate"),
    "target": ("goal", "winning", "win"),
    "bid": ("contract", "bids", "bidding"),
    "minimum": ("minimums", "lowest", "least"),
    "13": ("thirteen", "slam"),
    "score": ("scores", "scoring", "points", "score sheet"),
}

#: API module pages keep this much of their text in the index.
API_TEXT = 200
#: Pages of data whose sections keep only their opening in the index: the claims
#: ledger's checks are found by their title, statement and citations, not by the
#: solver's counterexamples and witness games under them; the comparison matrix and
#: the statistics by their headings and the prose before their tables.
DATA_PAGES: tuple[str, ...] = (
    "verification/claims.html",
    "rules/comparison.html",
    "rules/statistics.html",
)
#: How much of a data page's section text the index keeps.
DATA_TEXT = 240
#: Sections that are data wherever they stand: a JSON Schema printed in full (the
#: protocol guide prints the case-file, report and protocol schemas), found by its
#: title and opening, not by the keywords of every property under it.
SCHEMA_TITLE = ".schema.json"


def is_variant_page(src_uri: str, variant_names: tuple[str, ...]) -> bool:
    """Whether a page is a variant's rules page (``rules/qahwa-400.md``)."""
    return src_uri in {f"rules/{name}.md" for name in variant_names}


def boost(src_uri: str, variant_names: tuple[str, ...] = ()) -> float:
    """The search weight of a page: a variant's rules page most, then by folder."""
    if is_variant_page(src_uri, variant_names):
        return VARIANT_BOOST
    prefix = max((p for p in BOOSTS if src_uri.startswith(p)), key=len)
    return BOOSTS[prefix]


def player_words(markdown: str) -> list[str]:
    """The terms of :data:`PLAYER_WORDS` a page uses, and the words players type for them."""
    words: dict[str, None] = {}
    for term, synonyms in PLAYER_WORDS.items():
        if re.search(rf"\b{re.escape(term)}\b", markdown, flags=re.IGNORECASE):
            words.update(dict.fromkeys((term, *synonyms)))
    return list(words)


def _page(location: str) -> str:
    return location.split("#", 1)[0]


def tune_index(index: dict[str, Any], keywords: Mapping[str, list[str]]) -> dict[str, Any]:
    """The search plugin's index with the players' words and a compact API reference.

    ``keywords``: page URL (``rules/qahwa-400.html``) -> the words its main
    entry gets in :data:`KEYWORDS_FIELD`.
    """
    docs: list[dict[str, Any]] = []
    members: dict[str, list[str]] = {}
    for doc in index["docs"]:
        location = str(doc["location"])
        page = _page(location)
        if page.startswith("api/"):
            if "#" in location:
                members.setdefault(page, []).append(location.rsplit(".", 1)[-1])
                continue
            doc = {**doc, "text": _cut(str(doc["text"]), API_TEXT)}
        elif page in DATA_PAGES or SCHEMA_TITLE in str(doc.get("title", "")):
            doc = {**doc, "text": _cut(str(doc["text"]), DATA_TEXT)}
        elif location in keywords:
            doc = {**doc, KEYWORDS_FIELD: " ".join(keywords[location])}
        docs.append(doc)
    for doc in docs:
        names = members.get(str(doc["location"]))
        if names:
            doc[KEYWORDS_FIELD] = " ".join(dict.fromkeys(names))
    return {**index, "docs": docs}


def _cut(text: str, limit: int) -> str:
    """The opening of a text (at most ``limit`` characters), cut at a word, with no HTML
    tag left open."""
    plain = re.sub(r"<[^>]+>", "", text)
    if len(plain) <= limit:
        return plain
    return plain[:limit].rsplit(" ", 1)[0] + " …"
