"""Pages of the site that show a file another part of the project owns, as it is."""

from __future__ import annotations

from pathlib import Path

from .md import generated_banner

#: The suite's changelog, maintained beside the cases (``guides/versioning.md``).
CHANGELOG = Path("conformance") / "CHANGELOG.md"


def changelog_page(root: Path) -> str:
    """``conformance/CHANGELOG.md`` under its own title, with a note of where it comes from."""
    text = (root / CHANGELOG).read_text(encoding="utf-8")
    title, _, body = text.partition("\n")
    if not title.startswith("# "):
        raise ValueError(f"{CHANGELOG} must start with a '# ' title line")
    return f"{title}\n\n" + generated_banner(f"`{CHANGELOG.as_posix()}`") + body.lstrip("\n")
