"""The cases browser: every conformance case of the suite, by kind, variant and rule.

One page (:data:`.anchors.CASES_PAGE`), generated at build time from the
bundled suite (:func:`fourhundred.conformance.suite.load_cases`). Every case
carries the HTML id :func:`.anchors.case_anchor` gives it, the same function
every page that links to a case uses.

Thousands of cases stay readable, and the page small enough, by grouping: a
section per kind, in it a collapsed ``<details>`` per variant (the first
variant a case lists, without its options) and rule (the first source section
it cites). A link to a case opens its group (browsers expand a ``<details>``
that holds the target of a link). Long lists in a case's input or expected
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

from .anchors import case_anchor
from .md import esc, generated_banner

#: Lists longer than this are shown by their first :data:`SHOWN` items.
LONGEST_LIST = 16
SHOWN = 4


def _base(variant: str) -> str:
    return variant.split("(", 1)[0]


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


def _groups(
    cases: Sequence[Mapping[str, Any]],
) -> dict[str, dict[str, dict[str, list[Mapping[str, Any]]]]]:
    """kind -> base variant -> first rule -> cases, in suite order."""
    grouped: dict[str, dict[str, dict[str, list[Mapping[str, Any]]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for case in cases:
        variant = _base(str(case["variants"][0]))
        rule = str(case["rules"][0]) if case["rules"] else "no rule cited"
        grouped[str(case["kind"])][variant][rule].append(case)
    return grouped


def _kinds_in(cases: Sequence[Mapping[str, Any]]) -> list[str]:
    """The kinds the cases have: the suite's order, then any other kind by name."""
    present = {str(case["kind"]) for case in cases}
    return [k for k in kinds.KINDS if k in present] + sorted(present - set(kinds.KINDS))


def _overview(cases: Sequence[Mapping[str, Any]], variants: Sequence[str]) -> list[str]:
    per: Counter[tuple[str, str]] = Counter()
    for case in cases:
        for variant in {_base(v) for v in case["variants"]}:
            per[(str(case["kind"]), variant)] += 1
    totals = Counter(str(case["kind"]) for case in cases)
    out = [
        "| kind | " + " | ".join(variants) + " | cases |\n",
        "|---|" + "---:|" * (len(variants) + 1) + "\n",
    ]
    for kind in _kinds_in(cases):
        counts = " | ".join(str(per[(kind, v)]) if per[(kind, v)] else "–" for v in variants)
        out.append(f"| [`{kind}`](#kind-{kind}) | {counts} | {totals[kind]} |\n")
    out.append(
        "\nA case that lists several variants counts under each; every case is listed once "
        "below, under the first variant and the first rule it names.\n\n"
    )
    return out


def cases_page() -> str:
    """The whole page."""
    cases = suite.load_cases()
    variants = list(names())
    out = [
        "---\nsearch:\n  exclude: true\n---\n\n",
        "# The conformance cases\n\n",
        generated_banner("the case files of the suite (`conformance/cases/`)"),
        f"Suite version {esc(suite.suite_version())}: {len(cases):,} cases. Each question is "
        "asked of an adapter under every variant string the case lists; the "
        "[adapter protocol](../guides/adapter-protocol.md) describes the kinds, their input "
        "and their answers. Every case has a permalink (its id); open a group to see its "
        "cases.\n\n",
    ]
    out.extend(_overview(cases, variants))
    grouped = _groups(cases)
    for kind in _kinds_in(cases):
        by_variant = grouped[kind]
        out.append(f'<h2 id="kind-{esc(kind)}"><code>{esc(kind)}</code></h2>\n\n')
        for variant in sorted(by_variant, key=lambda v: [*variants, v].index(v)):
            for rule, members in by_variant[variant].items():
                out.append(
                    f'<details class="fh-cases"><summary><strong>{esc(variant)}</strong> · '
                    f"{esc(rule)} ({len(members)})</summary>\n<ul>\n"
                )
                out.extend(_case(case, str(case["variants"][0]), rule) + "\n" for case in members)
                out.append("</ul>\n</details>\n")
        out.append("\n")
    return "".join(out)
