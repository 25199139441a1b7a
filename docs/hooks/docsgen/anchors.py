"""The one slug function for a conformance case's anchor on the cases browser page.

Case ids are ``kind.group.number`` (``hand_scoring.pagat-400.0001``; the id
ledger ``conformance/ids.json`` issues them, lower case letters, digits, ``_``,
``-`` and ``.``). The cases browser page (``conformance/cases.md``) gives every
case an HTML id made by :func:`case_anchor`, and every page that links to a case
(the worked examples of the rules pages) builds the link with the same
function, so the two cannot drift apart.
"""

from __future__ import annotations

import re

#: The cases browser page, relative to the site root.
CASES_PAGE = "conformance/cases.md"

_OUTSIDE_SLUG = re.compile(r"[^a-z0-9_-]")


def case_anchor(case_id: str) -> str:
    """The HTML id of a case on the cases page: ``case-`` and the id, dots as dashes.

    >>> case_anchor("hand_scoring.pagat-400.0001")
    'case-hand_scoring-pagat-400-0001'
    """
    return "case-" + _OUTSIDE_SLUG.sub("-", case_id.strip().lower())


def case_link(case_id: str, from_folder: str = "rules") -> str:
    """A relative link to a case's anchor, from a page in ``from_folder`` of the site."""
    depth = len([part for part in from_folder.split("/") if part])
    return "../" * depth + f"{CASES_PAGE}#{case_anchor(case_id)}"
