"""The ambiguity register page, from :func:`fourhundred.spec.ambiguities.to_json`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fourhundred.spec.ambiguities import entry as register_entry
from fourhundred.spec.ambiguities import to_json

from .md import cell, generated_banner, table
from .provenance import RELATED_FIELDS, field_label, ordered_fields
from .sources_links import source_link_md


def bears_on(entry_id: str) -> list[str]:
    """The rule fields an entry bears on: those its readings set, or the mapped ones."""
    entry = register_entry(entry_id)
    fields = {name for reading in entry.readings for name, _ in reading.assigns}
    fields |= set(RELATED_FIELDS.get(entry_id, ()))
    return [f for f in ordered_fields() if f in fields]


KIND_MEANING = {
    "silence": "the source does not say",
    "self-contradiction": "the source says two things that cannot both hold",
    "disagreement": "the sources disagree with each other",
    "vague-extension": "the source says 'and so on' without saying how far",
    "convention": "a silence every table fills the same way (one reading, no switch)",
}


def _entry(entry: dict[str, Any]) -> str:
    out = [f"## {cell(entry['title'])} {{#{entry['id']}}}\n\n"]
    switch = entry["switch"]
    facts = [f"**id** `{entry['id']}`", f"**kind** {entry['kind']}"]
    facts.append(f"**option** `{switch}`" if switch else "**no option** (settled by the variant)")
    out.append(" · ".join(facts) + "\n\n")
    out.append(f"**Question.** {cell(entry['question'])}\n\n")
    fields = bears_on(entry["id"])
    if fields:
        links = ", ".join(f"[{cell(field_label(f))}](comparison.md#row-{f})" for f in fields)
        out.append(f"**Bears on:** {links}\n\n")
    out.append("**What the sources say** (paraphrased):\n\n")
    out.extend(
        f"- {cell(s['source'])} §{cell(s['section'])}: {cell(s['says'])}"
        f"{source_link_md(s['source'])}\n"
        for s in entry["sources"]
    )
    out.append("\n")
    out.append(
        table(
            ["reading", "meaning"],
            ([f"`{r['id']}`", cell(r["summary"])] for r in entry["readings"]),
        )
    )
    out.append("\n")
    rows = []
    for variant in entry["applies_to"]:
        default = entry["defaults"][variant]
        others = [r["id"] for r in entry["readings"] if r["id"] != default["reading"]]
        choose = (
            ", ".join(f"`{variant}({switch}={o})`" for o in others) if switch and others else ""
        )
        rows.append(
            [f"[{variant}]({variant}.md)", f"`{default['reading']}`", cell(default["why"]), choose]
        )
    out.append(table(["variant", "default", "why", "the other readings"], rows))
    return "".join(out) + "\n"


def register_page() -> str:
    """The whole register: a summary table, then one section per entry."""
    entries: list[dict[str, Any]] = to_json()
    kinds = Counter(e["kind"] for e in entries)
    out = ["# Ambiguity register\n\n", generated_banner("`fourhundred.spec.ambiguities.to_json()`")]
    out.append(
        f"The four rules pages leave {len(entries)} questions open. Each entry has a stable id "
        "(never reused), the sources involved, the possible readings and, for every variant it "
        "concerns, the reading used by default and why. Where an entry has an option, every "
        "reading can be chosen in a variant string. The same data: `fourhundred ambiguities "
        "--json`.\n\n"
    )
    out.append(
        table(
            ["kind", "entries", "meaning"],
            (
                [k, str(kinds.get(k, 0)), cell(KIND_MEANING.get(k, ""))]
                for k in [*KIND_MEANING, *sorted(set(kinds) - set(KIND_MEANING))]
            ),
        )
    )
    out.append("\n## All entries\n\n")
    out.append(
        table(
            ["entry", "question", "kind", "applies to", "option"],
            (
                [
                    f"[`{e['id']}`](#{e['id']})",
                    cell(e["title"]),
                    e["kind"],
                    ", ".join(e["applies_to"]),
                    f"`{e['switch']}`" if e["switch"] else "",
                ]
                for e in entries
            ),
        )
    )
    out.append("\n")
    out.extend(_entry(e) for e in entries)
    return "".join(out)
