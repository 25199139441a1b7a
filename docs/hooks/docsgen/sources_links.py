"""A link to a rule source's own page, next to every citation of it.

The address is the source record's ``url`` (:class:`fourhundred.spec.definitions.Source`,
declared in each source module); a source without one on record gets no link.
"""

from __future__ import annotations

from fourhundred.spec.sources import source

from .md import esc


def source_url(source_id: str) -> str:
    """The public address of a source's page ('' when none is on record)."""
    return source(source_id).url


def source_link_html(source_id: str) -> str:
    """' (source page ↗)' as an HTML link after a citation, or '' without an address."""
    url = source_url(source_id)
    if not url:
        return ""
    return f' <a class="fh-source" href="{esc(url)}" title="{esc(source(source_id).title)}">(source page ↗)</a>'


def source_link_md(source_id: str) -> str:
    """The same link in Markdown, or ''."""
    url = source_url(source_id)
    return f" ([source page ↗]({url}))" if url else ""
