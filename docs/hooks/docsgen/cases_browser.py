"""The cases browser: every conformance case of the suite, by kind, variant and rule.

An index (:data:`.anchors.CASES_PAGE`) and one page per kind and group of
case ids (:func:`.anchors.case_page`: ``table_minimum-qahwa-400``, or
``legal_plays-all`` for the cases every variant shares), generated at build
time from the bundled suite (:func:`fourhundred.conformance.suite.load_cases`).
Every case carries the HTML id :func:`.anchors.case_anchor` gives it, the
same function every page that links to a case uses.

Thousands of cases stay readable, and each page small, by splitting and
grouping: on a page, a collapsed ``<details>`` per rule (the first source
section a case cites). A link to a case opens its group (browsers expand a
``<details>`` that holds the target of a link). Long lists in a case's input or expected
answer (a whole game's actions) are shown by their first items and their
length: the case files in ``conformance/cases/`` hold them in full.

The page is left out of the search index: the rules pages answer players'
words, and a case is found by its id from here.
"""

from __future__ import annotations

import html
import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from fourhundred.conformance import kinds, suite
from fourhundred.spec.registry import names

from .anchors import CASES_PAGE, case_anchor, case_page, group_page
from .md import esc, generated_banner

#: Lists longer than this are shown by their first :data:`SHOWN` items.
LONGEST_LIST = 16
SHOWN = 4


def compact(value: Any) -> Any:
    """``value`` with every list longer than :data:`LONGEST_LIST` cut to its
    first :data:`SHOWN` items and a note of how many more there are."""
    if isinstance(value, list):
        items = [compact(v) for v in value]
        if len(items) > LONGEST_LIST:
            return [*items[:SHOWN], f"… {len(items) - SHOWN} more"]
        return items
    if isinstance(value, dict):
        return {k: compact(v) for k, v in value.items()}
    return value


def _json(value: Any) -> str:
    """Compact JSON as HTML text (quotes need no escaping outside attributes)."""
    text = json.dumps(compact(value), ensure_ascii=False, separators=(",", ":"))
    return html.escape(text, quote=False)


def _case(case: Mapping[str, Any], variant: str, rule: str) -> str:
    anchor = case_anchor(str(case["id"]))
    others = [v for v in case["variants"] if v != variant]
    rules = [r for r in case["rules"] if r != rule]
    facts = []
    if others:
        facts.append("also " + ", ".join(f"<code>{esc(v)}</code>" for v in others))
    if rules:
        facts.append("also cites " + ", ".join(esc(r) for r in rules))
    if case["ambiguities"]:
        facts.append("⚑ " + ", ".join(esc(a) for a in case["ambiguities"]))
    return (
        f'<li id="{anchor}"><a class="fh-case-id" href="#{anchor}"><code>{esc(case["id"])}'
        f"</code></a> {esc(case['description'])}"
        + (f"<br><small>{'; '.join(facts)}</small>" if facts else "")
        + f"<br>input <code>{_json(case['input'])}</code> "
        f"expected <code>{_json(case['expected'])}</code></li>"
    )


def _kind_and_group(case: Mapping[str, Any]) -> tuple[str, str]:
    kind, group, _ = str(case["id"]).split(".", 2)
    return kind, group


def _pages_of(cases: Sequence[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """page path -> its cases, in suite order."""
    pages: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for case in cases:
        pages[case_page(str(case["id"]))].append(case)
    return pages


def _kinds_in(cases: Sequence[Mapping[str, Any]]) -> list[str]:
    """The kinds the cases have: the suite's order, then any other kind by name."""
    present = {str(case["kind"]) for case in cases}
    return [k for k in kinds.KINDS if k in present] + sorted(present - set(kinds.KINDS))


def _groups_of(cases: Sequence[Mapping[str, Any]], kind: str) -> list[str]:
    """The groups of one kind: the variants in registry order, then the others by name."""
    present = {_kind_and_group(c)[1] for c in cases if str(c["kind"]) == kind}
    order = list(names())
    return [g for g in order if g in present] + sorted(present - set(order))


def _overview(cases: Sequence[Mapping[str, Any]]) -> list[str]:
    counts = Counter(_kind_and_group(case) for case in cases)
    out = ["| kind | pages (cases) | cases |\n", "|---|---|---:|\n"]
    for kind in _kinds_in(cases):
        links = ", ".join(
            f"[{group}]({group_page(kind, group).removeprefix('conformance/')}) "
            f"({counts[(kind, group)]})"
            for group in _groups_of(cases, kind)
        )
        total = sum(n for (k, _), n in counts.items() if k == kind)
        out.append(f"| `{kind}` | {links} | {total} |\n")
    out.append(
        "\nA case is listed on the page of its id (``kind.group.number``): a variant's "
        "page holds the cases written for it, `all` the cases every variant shares.\n\n"
    )
    return out


def group_page_text(kind: str, group: str, members: Sequence[Mapping[str, Any]]) -> str:
    """One page of the browser: the cases of a kind and group, by the first rule they cite."""
    by_rule: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for case in members:
        by_rule[str(case["rules"][0]) if case["rules"] else "no rule cited"].append(case)
    out = [
        "---\nsearch:\n  exclude: true\n---\n\n",
        f"# `{esc(kind)}` cases: {esc(group)}\n\n",
        f"{len(members):,} cases. Back to [every kind and variant](../cases.md); the "
        "[adapter protocol](../../guides/adapter-protocol.md) describes the kinds, their "
        "input and their answers. Every case has a permalink (its id).\n\n",
    ]
    for rule, cases in by_rule.items():
        out.append(
            f'<details class="fh-cases"><summary><strong>{esc(rule)}</strong> '
            f"({len(cases)})</summary>\n<ul>\n"
        )
        out.extend(_case(case, str(case["variants"][0]), rule) + "\n" for case in cases)
        out.append("</ul>\n</details>\n")
    out.append("\n" + generated_banner("the case files of the suite (`conformance/cases/`)"))
    return "".join(out)


def cases_pages() -> dict[str, str]:
    """The index and every page of the cases browser, by path in the site sources."""
    cases = suite.load_cases()
    out = [
        "---\nsearch:\n  exclude: true\n---\n\n",
        "# The conformance cases\n\n",
        f"Suite version {esc(suite.suite_version())}: {len(cases):,} cases, one page per kind "
        "and variant. Each question is asked of an adapter under every variant string the "
        "case lists; the [adapter protocol](../guides/adapter-protocol.md) describes the "
        "kinds, their input and their answers.\n\n",
    ]
    out.extend(_overview(cases))
    out.append(generated_banner("the case files of the suite (`conformance/cases/`)"))
    pages = {CASES_PAGE: "".join(out)}
    for path, members in _pages_of(cases).items():
        kind, group = _kind_and_group(members[0])
        pages[path] = group_page_text(kind, group, members)
    return pages


def nav_entries() -> list[Any]:
    """The nav of the cases browser: the index, then a section per kind, a page per group."""
    cases = suite.load_cases()
    entries: list[Any] = [{"Every kind": CASES_PAGE}]
    for kind in _kinds_in(cases):
        entries.append(
            {kind: [{group: group_page(kind, group)} for group in _groups_of(cases, kind)]}
        )
    return entries
