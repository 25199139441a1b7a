"""The claims ledger: every check the verifier runs, its verdicts and counterexamples.

The data is what ``fourhundred verify --json`` prints: one *finding* per check
and variant reading (see :mod:`fourhundred.verify.results`: ``id``, ``kind``,
``group``, ``title``, ``sources``, ``variant``, ``reading``, ``verdict``,
``bound``, ``counterexample``, ``witness``, ``note``, ``seconds``). The verifier
is used only through that command, so this page never imports it; while it does
not exist, the page says so plainly. Set ``FOURHUNDRED_DOCS_VERIFY_JSON`` to a
file holding that JSON to build from a saved run instead of verifying again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from fourhundred.spec.sources import SOURCES

from .md import cell, esc, generated_banner
from .sources_links import source_link_md
from .words import explain_codes, result_legend, seats_in_order

VERIFY_TIMEOUT_SECONDS = 900
ENV_FILE = "FOURHUNDRED_DOCS_VERIFY_JSON"
VERDICT_ORDER = ("proved", "bounded-proved", "refuted", "unknown")


class LedgerUnavailable(Exception):
    """The verifier is not there yet, or did not produce a ledger."""


def verifier_present(root: Path) -> bool:
    """Whether the verifier package and its command exist in the repository."""
    package = (root / "fourhundred" / "verify" / "__init__.py").exists()
    command = (root / "fourhundred" / "commands" / "verify.py").exists()
    return package and command


def load_ledger(root: Path) -> Any:
    """The ledger JSON: from ``$FOURHUNDRED_DOCS_VERIFY_JSON`` or by running the verifier."""
    saved = os.environ.get(ENV_FILE)
    if saved:
        return json.loads(Path(saved).read_text(encoding="utf-8"))
    if not verifier_present(root):
        raise LedgerUnavailable(
            "`fourhundred verify` does not exist yet (fourhundred/verify/ and "
            "fourhundred/commands/verify.py are being written)"
        )
    run = subprocess.run(
        [sys.executable, "-m", "fourhundred", "verify", "--json"],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=VERIFY_TIMEOUT_SECONDS,
        check=False,
    )
    try:
        return json.loads(run.stdout)
    except json.JSONDecodeError:
        detail = (run.stderr or run.stdout).strip().splitlines()[-3:]
        raise LedgerUnavailable(
            f"`fourhundred verify --json` exited {run.returncode} without JSON: "
            + " / ".join(detail)
        ) from None


def findings(ledger: Any) -> list[dict[str, Any]]:
    """The list of findings in the ledger JSON (a list, or an object holding one)."""
    if isinstance(ledger, dict):
        for key in ("findings", "results", "claims", "checks"):
            if isinstance(ledger.get(key), list):
                ledger = ledger[key]
                break
    if not isinstance(ledger, list) or not all(isinstance(f, dict) for f in ledger):
        raise LedgerUnavailable("the JSON of `fourhundred verify --json` holds no list of findings")
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


def _overview_cell(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
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
        cells = [_overview_cell([r for r in rows if r.get("variant") == v]) for v in variants]
        title = rows[0].get("title") or check_id
        out.append(f"| [{cell(title)}](#{_anchor(check_id)}) | " + " | ".join(cells) + " |\n")
    return "".join(out) + "\n"


def ledger_page(root: Path) -> str:
    """The claims ledger page (or a placeholder naming why there is no ledger yet)."""
    out = ["---\nhide:\n  - navigation\n---\n\n# Claims ledger\n\n"]
    try:
        ledger = load_ledger(root)
        rows = findings(ledger)
    except LedgerUnavailable as why:
        out.append(
            '!!! warning "The verification ledger is not available in this build"\n'
            f"    {esc(why)}. This page fills in from `fourhundred verify --json` when the "
            "verifier runs; the rest of the site does not depend on it.\n"
        )
        return "".join(out)
    out.append(generated_banner("`fourhundred verify --json`"))
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
