"""The docs take every claim and verdict from the committed ledger and never contradict it."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from fourhundred.spec.registry import get, names
from fourhundred.verify import ledger
from fourhundred.verify.claims import CLAIMS

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "docs" / "hooks"


@pytest.fixture(scope="module")
def docsgen() -> Iterator[dict[str, ModuleType]]:
    sys.path.insert(0, str(HOOKS))
    try:
        yield {n: importlib.import_module(f"docsgen.{n}") for n in ("claims", "rules_pages")}
    finally:
        sys.path.remove(str(HOOKS))


@pytest.fixture(scope="module")
def pages(docsgen: dict[str, ModuleType]) -> dict[str, str]:
    rules_pages = docsgen["rules_pages"]
    return {name: rules_pages.variant_page(get(name), case_links=False) for name in names()}


def _without_claims_section(page: str, heading: str) -> tuple[str, str]:
    """The page without its ledger-generated claims section, and that section."""
    start = page.index(heading)
    end = page.find("\n## ", start + len(heading))
    end = len(page) if end < 0 else end
    return page[:start] + page[end:], page[start:end]


def test_no_rules_page_states_a_claim_the_ledger_refutes_on_its_variant(
    docsgen: dict[str, ModuleType], pages: dict[str, str]
) -> None:
    rows = ledger.load()["findings"]
    refuted = {
        (r["id"], r["variant"])
        for r in rows
        if r["kind"] == "claim" and r["reading"] == r["variant"] and r["verdict"] == "refuted"
    }
    assert ("claim-eight-to-nine-biggest-jump", "qahwa-400") in refuted
    heading = docsgen["claims"].CLAIMS_HEADING
    for name, page in pages.items():
        rest, _ = _without_claims_section(page, heading)
        for claim in CLAIMS:
            if (claim.id, name) in refuted:
                for phrase in claim.phrases:
                    assert phrase not in rest.lower(), (name, claim.id, phrase)


def test_every_claim_sentence_of_a_rules_page_is_the_ledgers_verdict(
    docsgen: dict[str, ModuleType], pages: dict[str, str]
) -> None:
    rows = ledger.load()["findings"]
    claims = docsgen["claims"]
    for name, page in pages.items():
        _, section = _without_claims_section(page, claims.CLAIMS_HEADING)
        mine = [r for r in rows if r["kind"] == "claim" and r["reading"] == name == r["variant"]]
        for row in mine:
            assert claims.claim_sentence(row, "../verification/claims.md") in section, (
                name,
                row["id"],
            )
        assert section.count("\n- *") == len(mine), name


def test_a_variant_whose_source_does_not_make_a_claim_reads_so_on_the_ledger_page(
    docsgen: dict[str, ModuleType],
) -> None:
    page = docsgen["claims"].ledger_page(ROOT)
    assert docsgen["claims"].NOT_STATED in page


@pytest.mark.parametrize("content", ["", '{"schema": "fourhundred-ledger/1", "findings": []}'])
def test_the_docs_refuse_an_empty_ledger_with_a_warning_that_fails_a_strict_build(
    docsgen: dict[str, ModuleType],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    content: str,
) -> None:
    saved = tmp_path / "ledger.json"
    if content:
        saved.write_text(content, encoding="utf-8")
    monkeypatch.setenv(docsgen["claims"].ENV_FILE, str(saved))
    page = docsgen["claims"].ledger_page(ROOT)
    assert "not available in this build" in page
    assert any(r.levelname == "WARNING" and r.name.startswith("mkdocs.") for r in caplog.records)


def test_the_docs_refuse_a_stale_ledger(
    docsgen: dict[str, ModuleType],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    data = json.loads(ledger.LEDGER_PATH.read_text(encoding="utf-8"))
    data["findings"][0]["fingerprint"] = "0" * 20
    saved = tmp_path / "ledger.json"
    saved.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv(docsgen["claims"].ENV_FILE, str(saved))
    page = docsgen["claims"].ledger_page(ROOT)
    assert "is stale" in page
    assert any(r.levelname == "WARNING" for r in caplog.records)


def test_the_docs_hooks_never_start_the_verifier() -> None:
    for path in (HOOKS / "generate.py", *sorted((HOOKS / "docsgen").glob("*.py"))):
        text = path.read_text(encoding="utf-8")
        assert '"fourhundred", "verify"' not in text, path  # no `python -m fourhundred verify`
        assert "verify.runner import run" not in text and "verify import run" not in text, path
    for name in ("generate.py", "docsgen/claims.py"):
        assert "import subprocess" not in (HOOKS / name).read_text(encoding="utf-8"), name
