"""The claims ledger page, and the claim sentences of the rules pages, from the committed ledger.

The docs never run the verifier. They read the ledger file that
``fourhundred verify --write`` writes and CI checks with ``--check``
(``fourhundred/verify/ledger.json``: one *finding* per check and variant
reading, see :mod:`fourhundred.verify.ledger`: ``id``, ``kind``, ``group``,
``title``, ``sources``, ``variant``, ``reading``, ``verdict``, ``bound``,
``counterexample``, ``witness``, ``note``, ``fingerprint``). Before use, every
fingerprint is recomputed from the rules and code as they stand (no solving):
a ledger that is missing, empty or stale is a warning, so ``mkdocs build
--strict`` fails on it, and the page says why. Set
``FOURHUNDRED_DOCS_VERIFY_JSON`` to another ledger file to build from it.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from pathlib import Path
from typing import Any

from fourhundred.spec.sources import SOURCES

from .md import cell, esc, generated_banner
from .sources_links import source_link_md
from .words import explain_codes, result_legend, seats_in_order

ENV_FILE = "FOURHUNDRED_DOCS_VERIFY_JSON"
VERDICT_ORDER = ("proved", "bounded-proved", "refuted", "unknown")
#: Where a variant's source does not make a claim (the claim is not judged there).
NOT_STATED = "the source does not say this"
LEDGER_FILE = Path("fourhundred") / "verify" / "ledger.json"
#: The repository these hooks belong to.
REPOSITORY = Path(__file__).resolve().parents[3]

log = logging.getLogger("mkdocs.plugins.fourhundred.claims")


class LedgerUnavailable(Exception):
    """The committed ledger is missing, empty, malformed or stale."""


def ledger_path(root: Path) -> Path:
    """The ledger the docs read: ``$FOURHUNDRED_DOCS_VERIFY_JSON`` or the committed one."""
    saved = os.environ.get(ENV_FILE)
    return Path(saved) if saved else root / LEDGER_FILE


def load_ledger(root: Path) -> Any:
    """The ledger's JSON, after checking that it is current (nothing is verified)."""
    path = ledger_path(root)
    if not path.exists():
        raise LedgerUnavailable(f"there is no ledger file at {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    findings(data)
    problems = stale(data)
    if problems:
        raise LedgerUnavailable(
            f"the ledger {path.name} is stale ({len(problems)} finding(s), e.g. "
            f"{problems[0]}): run `fourhundred verify --write`"
        )
    return data


def stale(data: Any) -> list[str]:
    """Why a ledger is not current: fingerprints recomputed from the rules as they
    stand (:func:`fourhundred.verify.ledger.problems`; no query is solved)."""
    from fourhundred.verify import ledger
    from fourhundred.verify.runner import QUICK, checks

    if not isinstance(data, dict) or data.get("schema") != ledger.LEDGER_SCHEMA:
        return [f"not a ledger of schema {ledger.LEDGER_SCHEMA}"]
    return ledger.problems(data, checks(QUICK), QUICK)


def findings(ledger: Any) -> list[dict[str, Any]]:
    """The list of findings in the ledger JSON (a list, or an object holding one)."""
    if isinstance(ledger, dict):
        for key in ("findings", "results", "claims", "checks"):
            if isinstance(ledger.get(key), list):
                ledger = ledger[key]
                break
    if not isinstance(ledger, list) or not all(isinstance(f, dict) for f in ledger):
        raise LedgerUnavailable("the ledger holds no list of findings")
    if not ledger:
        raise LedgerUnavailable("the ledger holds no findings")
    missing = [f for f in ledger if "id" not in f or "verdict" not in f]
    if missing:
        raise LedgerUnavailable("a finding has no `id` or no `verdict`")
    return ledger


def badge(verdict: str) -> str:
    """A coloured verdict label."""
    kind = {"proved": "fh-ok", "bounded-proved": "fh-ok", "refuted": "fh-bad"}.get(
        verdict, "fh-unknown"
    )
    return f'<span class="fh-verdict {kind}">{esc(verdict)}</span>'


def _anchor(check_id: str) -> str:
    return "check-" + "".join(ch if ch.isalnum() else "-" for ch in check_id.lower())


def _is_default(row: dict[str, Any]) -> bool:
    return bool(row.get("reading")) and row.get("reading") == row.get("variant")


def _block(kind: str, title: str, value: Any, open_: bool) -> str:
    body = json.dumps(value, indent=2, ensure_ascii=False)
    fold = "???+" if open_ else "???"
    codes = explain_codes(value)
    meaning = f"\n    In words: {esc('; '.join(codes))}.\n" if codes else ""
    return (
        f'{fold} {kind} "{title}"\n    ```json\n'
        + "\n".join("    " + line for line in body.splitlines())
        + "\n    ```\n"
        + meaning
        + "\n"
    )


def _evidence(row: dict[str, Any]) -> str:
    reading = cell(row.get("reading", ""))
    out = []
    if row.get("counterexample") not in (None, {}, []):
        out.append(
            _block(
                "failure", f"Counterexample: `{reading}`", row["counterexample"], _is_default(row)
            )
        )
    if row.get("witness") not in (None, {}, []) and _is_default(row):
        out.append(_block("example", f"Witness: `{reading}`", row["witness"], False))
    return "".join(out)


def _source_link(source_id: Any) -> str:
    """A link to the source's page, for a source the registry knows (the ledger is data)."""
    if source_id not in {known.id for known in SOURCES}:
        return ""
    return source_link_md(str(source_id))


def _check_section(check_id: str, rows: list[dict[str, Any]]) -> str:
    first = rows[0]
    out = [f"### {cell(first.get('title') or check_id)} {{#{_anchor(check_id)}}}\n\n"]
    out.append(f"`{cell(check_id)}` · {cell(first.get('kind', ''))}\n\n")
    for source in first.get("sources") or []:
        if isinstance(source, dict):
            out.append(
                f"- {cell(source.get('source', ''))} §{cell(source.get('section', ''))}: "
                f"{cell(source.get('says', ''))}{_source_link(source.get('source'))}\n"
            )
    proved = [r for r in rows if r["verdict"] == "proved"]
    others = [r for r in rows if r["verdict"] != "proved"]
    out.append(f"\nProved on {len(proved)} of {len(rows)} variant readings")
    out.append("." if not others else "; the others:\n\n")
    if others:
        out.append("| reading | verdict | bound | note |\n|---|---|---|---|\n")
        for row in others:
            out.append(
                f"| `{cell(row.get('reading', ''))}` | {badge(str(row['verdict']))} | "
                f"{cell(row.get('bound') or '')} | {cell(row.get('note') or '')} |\n"
            )
    out.append("\n\n")
    out.extend(_evidence(row) for row in rows)
    return "".join(out)


def _overview_cell(rows: list[dict[str, Any]], kind: str = "") -> str:
    if not rows:
        return f"<small>{NOT_STATED}</small>" if kind == "claim" else ""
    default = [r for r in rows if _is_default(r)]
    shown = badge(str(default[0]["verdict"])) if default else "<small>(not the default)</small>"
    odd = [r for r in rows if not _is_default(r) and r["verdict"] != (default or [r])[0]["verdict"]]
    if odd:
        kinds = Counter(str(r["verdict"]) for r in odd)
        detail = ", ".join(f"{n} {v}" for v, n in sorted(kinds.items()))
        shown += f"<br><small>other readings: {esc(detail)} of {len(rows) - len(default)}</small>"
    return shown


def _overview(by_check: dict[str, list[dict[str, Any]]], variants: list[str], kind: str) -> str:
    """Check × variant: the verdict on the variant's defaults, and how other readings differ."""
    checks = {i: rows for i, rows in by_check.items() if rows[0].get("kind") == kind}
    if not checks:
        return ""
    out = ["| " + kind + " | " + " | ".join(variants) + " |\n"]
    out.append("|---|" + "---|" * len(variants) + "\n")
    for check_id, rows in checks.items():
        cells = [_overview_cell([r for r in rows if r.get("variant") == v], kind) for v in variants]
        title = rows[0].get("title") or check_id
        out.append(f"| [{cell(title)}](#{_anchor(check_id)}) | " + " | ".join(cells) + " |\n")
    return "".join(out) + "\n"


def ledger_page(root: Path) -> str:
    """The claims ledger page (or a placeholder naming why there is no ledger yet)."""
    out = ["---\nhide:\n  - navigation\n---\n\n# Claims ledger\n\n"]
    try:
        ledger = load_ledger(root)
    except LedgerUnavailable as why:
        log.warning("fourhundred: the claims ledger is not available: %s", why)
        out.append(
            '!!! warning "The verification ledger is not available in this build"\n'
            f"    {esc(why)}. This page is built from the committed ledger, which "
            "`fourhundred verify --write` writes and `fourhundred verify --check` confirms.\n"
        )
        return "".join(out)
    return render_ledger(ledger, "".join(out))


def render_ledger(ledger: Any, head: str = "# Claims ledger\n\n") -> str:
    """The claims ledger page of a ledger's data (already checked to be current)."""
    rows = findings(ledger)
    out = [head, generated_banner("the committed ledger (`fourhundred verify --write`)")]
    verdicts = Counter(str(r["verdict"]) for r in rows)
    by_check: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_check.setdefault(str(row["id"]), []).append(row)
    variants = list(dict.fromkeys(str(r.get("variant", "")) for r in rows))
    summary = ", ".join(f"{badge(v)} {n}" for v, n in sorted(verdicts.items()))
    out.append(
        f"{len(by_check)} checks, each decided on every variant reading it concerns "
        f"({len(rows)} findings): {summary}.\n\n"
        "*Invariants* are properties the rules of every variant must keep; a refuted invariant "
        "is a defect of the rules as written, or of a reading. *Claims* are statements a "
        "source makes about its own rules; a refuted claim means the source contradicts "
        "itself. **proved**: for every value (unbounded integers), or, for a claim that "
        "something can happen, with a witness replayed; **bounded-proved**: within the stated "
        "bound; **refuted**: with a counterexample; **unknown**: the budget ran out.\n\n"
        "The overview shows the verdict on each variant's defaults and, below it, how many of "
        "the variant's other readings (its options) come out differently.\n\n"
        "Counterexamples and witnesses are the solver's raw values, with the codes spelled out "
        f"under each. Seats are numbered {esc(seats_in_order())}; a result is "
        f"{result_legend()}.\n\n"
    )
    if isinstance(ledger, dict) and isinstance(ledger.get("settings"), dict):
        settings = ", ".join(f"{esc(k)} {esc(v)}" for k, v in ledger["settings"].items())
        out.append(f"Settings of this run: {settings}.\n\n")
    out.append("## Invariants\n\n")
    out.append(_overview(by_check, variants, "invariant"))
    out.append("## Claims of the sources\n\n")
    out.append(_overview(by_check, variants, "claim"))
    groups: dict[str, list[str]] = {}
    for check_id, check_rows in by_check.items():
        groups.setdefault(str(check_rows[0].get("group") or "other"), []).append(check_id)
    out.append("## Every check, with its counterexamples\n\n")
    for group, ids in groups.items():
        out.append(f"## Group: {cell(group)}\n\n")
        out.extend(_check_section(i, by_check[i]) for i in ids)
    return "".join(out)


# ----------------------------------------------------------------------
# Claim sentences on the rules pages
# ----------------------------------------------------------------------

_LEDGER_CACHE: dict[tuple[str, float], list[dict[str, Any]]] = {}
CLAIMS_HEADING = "## What the source claims, checked"


def _rows(root: Path) -> list[dict[str, Any]]:
    path = ledger_path(root)
    key = (str(path), path.stat().st_mtime if path.exists() else 0.0)
    if key not in _LEDGER_CACHE:
        _LEDGER_CACHE[key] = findings(load_ledger(root))
    return _LEDGER_CACHE[key]


def _verdict_words(row: dict[str, Any]) -> str:
    verdict = str(row["verdict"])
    if verdict == "proved":
        return "**Holds**, proved for every score"
    if verdict == "bounded-proved":
        return f"**Holds within a bound** ({cell(row.get('bound') or '')})"
    if verdict == "refuted":
        return "**Does not hold** as stated: the verifier found a counterexample"
    return "**Undecided** within the verifier's budget"


def claim_sentence(row: dict[str, Any], ledger_link: str) -> str:
    """One claim of the source and its verdict, as a list item of a rules page."""
    cites = "; ".join(
        f"{cell(c.get('source', ''))} §{cell(c.get('section', ''))}"
        for c in row.get("sources") or []
        if isinstance(c, dict)
    )
    sentence = f"- *{cell(row.get('title') or row['id'])}* ({cites}). {_verdict_words(row)}"
    if row.get("counterexample") not in (None, {}, []) and row["verdict"] == "refuted":
        example = json.dumps(row["counterexample"], separators=(", ", ": "), ensure_ascii=False)
        sentence += f": `{cell(example)}`"
    return sentence + f" ([ledger]({ledger_link}#{_anchor(str(row['id']))}))\n"


def claims_section(variant_name: str, ledger_link: str, root: Path = REPOSITORY) -> str:
    """The rules page's section of the source's checkable claims and their verdicts
    under the variant's defaults, every sentence generated from the committed ledger
    (``ledger_link``: the claims ledger page, relative to the rules page)."""
    out = [f"\n{CLAIMS_HEADING}\n\n"]
    try:
        rows = _rows(root)
    except LedgerUnavailable as why:
        log.warning("fourhundred: no claims for %s: %s", variant_name, why)
        return "".join(out) + f"The verification ledger is not available: {esc(why)}.\n"
    mine = [
        r
        for r in rows
        if r.get("kind") == "claim" and r.get("variant") == variant_name and _is_default(r)
    ]
    if not mine:
        return (
            "".join(out) + "The source makes no claim about its rules that the verifier checks.\n"
        )
    out.append(
        "Each statement the source makes about its own rules, as the verifier judged it "
        "under this variant's defaults (generated from the "
        f"[claims ledger]({ledger_link})):\n\n"
    )
    out.extend(claim_sentence(row, ledger_link) for row in mine)
    return "".join(out)
