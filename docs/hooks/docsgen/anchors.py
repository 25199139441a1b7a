"""Where a conformance case lives on the site: its page and its anchor, defined once.

Case ids are ``kind.group.number`` (``hand_scoring.pagat-400.0001``; the id
ledger ``conformance/ids.json`` issues them, lower case letters, digits, ``_``,
``-`` and ``.``). The cases browser is split into one page per kind and group
(:func:`case_page`: ``conformance/cases/hand_scoring-pagat-400.md``), under an
index (:data:`CASES_PAGE`). Every case carries the HTML id
:func:`case_anchor` gives it, and every page that links to a case (the worked
examples of the rules pages, the results pages) builds the link with
:func:`case_link`, so the pages and the links cannot drift apart.
"""

from __future__ import annotations

import re

#: The index of the cases browser, relative to the site root.
CASES_PAGE = "conformance/cases.md"
#: The folder of the cases browser's pages, one per kind and group.
CASES_FOLDER = "conformance/cases"

_OUTSIDE_SLUG = re.compile(r"[^a-z0-9_-]")


def case_anchor(case_id: str) -> str:
    """The HTML id of a case on the cases page: ``case-`` and the id, dots as dashes.

    >>> case_anchor("hand_scoring.pagat-400.0001")
    'case-hand_scoring-pagat-400-0001'
    """
    return "case-" + _OUTSIDE_SLUG.sub("-", case_id.strip().lower())


def group_page(kind: str, group: str) -> str:
    """The cases page of one kind and group (a variant, or ``all``)."""
    return f"{CASES_FOLDER}/{kind}-{group}.md"


def case_page(case_id: str) -> str:
    """The cases page that lists a case: the page of its id's kind and group.

    >>> case_page("hand_scoring.pagat-400.0001")
    'conformance/cases/hand_scoring-pagat-400.md'
    """
    kind, group, _ = case_id.strip().lower().split(".", 2)
    return group_page(kind, group)


def case_link(case_id: str, from_folder: str = "rules") -> str:
    """A relative link to a case's anchor, from a page in ``from_folder`` of the site."""
    depth = len([part for part in from_folder.split("/") if part])
    return "../" * depth + f"{case_page(case_id)}#{case_anchor(case_id)}"
