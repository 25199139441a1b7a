"""The published docs: one strict mkdocs build, checked on disk and in headless Chromium.

The site is built once per test session into a temporary folder (``mkdocs
build --strict``, so any broken link, missing page or generator error fails
here). Chromium is driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``), with the standard library only: the tests load
the comparison page and type into the search box as a reader would.

Skips, each with its reason: when mkdocs-material or mkdocstrings is not
installed (``pip install -e '.[docs]'``), and, for the browser tests, when no
Chromium is on the PATH (``apt-get install chromium``; or set
``FOURHUNDRED_CHROMIUM`` to a browser binary).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HOOKS = DOCS / "hooks"

pytest.importorskip("mkdocs", reason="the docs need mkdocs: pip install -e '.[docs]'")
pytest.importorskip("material", reason="the docs need mkdocs-material: pip install -e '.[docs]'")
pytest.importorskip(
    "mkdocstrings_handlers.python",
    reason="the API reference needs mkdocstrings[python]: pip install 'mkdocstrings[python]'",
)

from fourhundred.spec.ambiguities import REGISTER  # noqa: E402
from fourhundred.spec.describe import describe  # noqa: E402
from fourhundred.spec.registry import RULE_FIELDS, load, names  # noqa: E402

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


# ---------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------

VERIFY_COMMAND = ROOT / "fourhundred" / "commands" / "verify.py"
LEDGER_ENV = "FOURHUNDRED_DOCS_VERIFY_JSON"
#: A fast invariant (proved everywhere) and a claim refuted on some variants.
LEDGER_CHECKS = ("trick-has-one-winner", "claim-bigger-bid-pays-more")


def _small_ledger() -> str:
    properties = [arg for check in LEDGER_CHECKS for arg in ("--property", check)]
    run = subprocess.run(
        [sys.executable, "-m", "fourhundred", "verify", "--json", "--no-crosshair", *properties],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.stdout.strip().startswith("{"), f"fourhundred verify --json failed:\n{run.stderr}"
    return run.stdout


def _build(into: Path) -> None:
    """``mkdocs build --strict`` into a folder; the assertion shows mkdocs' output."""
    out = into / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop(LEDGER_ENV, None)
    if VERIFY_COMMAND.exists():
        # The full ledger takes about a minute to verify: the test builds the page
        # from a real run of two of its checks instead.
        ledger = into / "ledger.json"
        ledger.write_text(_small_ledger(), encoding="utf-8")
        env[LEDGER_ENV] = str(ledger)
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stdout}\n{build.stderr}"
    (into / "built").write_text("ok", encoding="utf-8")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per test run (shared by pytest-xdist workers through a lock)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, common to every worker
    folder = shared / "fourhundred-docs"
    folder.mkdir(exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "built").exists():
            _build(folder)
    return folder / "site"


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_every_variant_has_a_rules_page_showing_its_computed_bid_values(site: Path) -> None:
    for name in names():
        html = page(site, f"rules/{name}.html")
        data = describe(load(name))
        assert data["title"].split(" ")[0] in html
        for band in data["values_by_band"]:
            for value in band["values"]:
                assert f"<td>{value}</td>" in html, (name, value)


def test_the_ambiguity_register_page_has_an_anchor_for_every_entry(site: Path) -> None:
    html = page(site, "rules/ambiguities.html")
    for entry in REGISTER:
        assert f'id="{entry.id}"' in html, entry.id


def test_the_comparison_page_has_a_row_for_every_rule_and_a_column_for_every_variant(
    site: Path,
) -> None:
    html = page(site, "rules/comparison.html")
    for field in RULE_FIELDS:
        assert f'id="row-{field}"' in html, field
    for name in names():
        assert f'href="{name}.html"' in html, name


def test_the_bid_value_chart_draws_one_panel_per_variant(site: Path) -> None:
    svg = page(site, "rules/bid-values.svg")
    assert svg.lstrip().startswith("<svg")
    assert re.findall(r'class="panel" data-variant="([^"]+)"', svg) == list(names())


def test_the_guides_pull_in_the_readme_commands_instead_of_copying_them(site: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    html = page(site, "guides/quick-start.html")
    for command in re.findall(r"```sh\n(.*?)```", readme, flags=re.DOTALL):
        first_word = command.split()[0]
        assert first_word in html
    assert "include:" not in html  # every marker was expanded


def test_the_api_reference_renders_the_rules_from_the_mapped_spec_package(site: Path) -> None:
    html = page(site, "api/fourhundred.spec.model.html")
    for method in ("own_minimum_bid", "table_minimum", "bid_value", "hand_result"):
        assert f'id="fourhundred.spec.model.Rules.{method}"' in html, method


class _Links(HTMLParser):
    """Collects hrefs/srcs and element ids of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if value is None:
                continue
            if key == "id":
                self.ids.add(value)
            elif (key == "href" and tag == "a") or (key == "src" and tag == "img"):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_link_between_pages_reaches_an_existing_page_and_anchor(site: Path) -> None:
    """mkdocs checks Markdown links; this also checks the generated HTML tables' links."""
    parsed = {path: _parse(path) for path in site.rglob("*.html")}
    broken = []
    for path, links in parsed.items():
        for link in links.links:
            if re.match(r"^[a-z]+:", link) or link.startswith("//"):
                continue
            target, _, fragment = link.partition("#")
            if target.startswith("/"):  # 404.html links from the site root
                target_path = (site / target.lstrip("/")).resolve()
            else:
                target_path = (path.parent / target).resolve() if target else path
            if target_path.is_dir():
                target_path = target_path / "index.html"
            if not target_path.exists():
                broken.append(f"{path.relative_to(site)} -> {link}")
            elif fragment and target_path.suffix == ".html":
                ids = parsed[target_path].ids if target_path in parsed else _parse(target_path).ids
                if fragment not in ids:
                    broken.append(f"{path.relative_to(site)} -> {link} (no such anchor)")
    assert not broken, "\n".join(broken[:20])


def test_the_claims_ledger_shows_verdicts_and_counterexamples_from_the_verifier(
    site: Path,
) -> None:
    html = page(site, "verification/claims.html")
    if not VERIFY_COMMAND.exists():
        assert "not available in this build" in html
        pytest.skip("fourhundred verify does not exist yet: the ledger page is a placeholder")
    for check in LEDGER_CHECKS:
        assert f'id="check-{check}"' in html, check
    assert "fh-verdict fh-ok" in html and "fh-verdict fh-bad" in html
    assert "Counterexample" in html


def test_no_generated_page_is_kept_in_the_docs_folder() -> None:
    generated = ("rules", "api", "verification")
    kept = [d for d in generated if (DOCS / d).exists()]
    assert not kept, f"generated at build time, must not be committed: {kept}"


def test_the_related_fields_map_names_real_register_entries_and_rule_fields() -> None:
    sys.path.insert(0, str(HOOKS))
    try:
        from docsgen.provenance import FIELD_LABELS, GENERAL_ENTRIES, RELATED_FIELDS
    finally:
        sys.path.remove(str(HOOKS))
    ids = {entry.id for entry in REGISTER}
    assert set(RELATED_FIELDS) <= ids
    assert set(GENERAL_ENTRIES) <= ids
    assert {f for fields in RELATED_FIELDS.values() for f in fields} <= set(RULE_FIELDS)
    assert set(FIELD_LABELS) <= set(RULE_FIELDS)


# ---------------------------------------------------------------------------
# Headless Chromium over the DevTools protocol (a pipe: no extra packages)
# ---------------------------------------------------------------------------


def chromium_binary() -> str | None:
    configured = os.environ.get("FOURHUNDRED_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium page, driven with DevTools protocol messages on fds 3 and 4."""

    def __init__(self, binary: str, user_data: Path) -> None:
        commands_read, self._commands = os.pipe()
        self._events, events_write = os.pipe()

        def wire_pipes() -> None:  # in the child: Chromium reads fd 3 and writes fd 4
            read_copy, write_copy = os.dup(commands_read), os.dup(events_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        self._process = subprocess.Popen(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={user_data}", "--remote-debugging-pipe"],
            pass_fds=(3, 4, commands_read, events_write),
            preexec_fn=wire_pipes,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_read)
        os.close(events_write)
        self._buffer = b""
        self._next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]

    def call(self, method: str, params: dict[str, Any] | None = None, page: bool = False) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self._session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._events, 1 << 16)
                if not chunk:
                    raise RuntimeError(f"Chromium closed the pipe during {method}")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url: str) -> None:
        self.call("Page.navigate", {"url": url}, page=True)

    def evaluate(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, page=True
        )
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, seconds: float = 20.0) -> Any:
        """Poll a JavaScript expression until it is truthy (the page's scripts run meanwhile)."""
        deadline = time.monotonic() + seconds
        value = None
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        return value

    def type_text(self, text: str) -> None:
        self.call("Input.insertText", {"text": text}, page=True)

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.call("Browser.close")
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._events)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site over HTTP on a free local port (search fetches its index)."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    binary = chromium_binary()
    if binary is None:
        pytest.skip(
            "Chromium is not installed (apt-get install chromium, or set FOURHUNDRED_CHROMIUM); "
            "the browser checks of the docs did not run"
        )
    with tempfile.TemporaryDirectory(prefix="fourhundred-chromium-") as user_data:
        chromium = Browser(binary, Path(user_data))
        try:
            yield chromium
        finally:
            chromium.close()


def test_the_comparison_page_renders_its_table_in_a_browser(served: str, browser: Browser) -> None:
    browser.open(f"{served}/rules/comparison.html")
    shape = browser.wait_for(
        """(() => {
            const table = document.querySelector('.fh-matrix table');
            if (!table || document.readyState !== 'complete') return null;
            const box = table.getBoundingClientRect();
            return {
                columns: Array.from(table.querySelectorAll('thead th')).map(th => th.innerText.trim()),
                differing: document.querySelectorAll('tr.fh-differs').length,
                width: box.width, height: box.height,
            };
        })()"""
    )
    assert shape, "the comparison table never appeared"
    assert shape["columns"] == ["rule", *names()]
    assert shape["differing"] > 0
    assert shape["width"] > 0 and shape["height"] > 0


def test_typing_into_the_search_box_finds_the_variant_pages(served: str, browser: Browser) -> None:
    browser.open(f"{served}/index.html")
    assert browser.wait_for(
        "document.readyState === 'complete' && !!document.querySelector('.md-search__input')"
    )
    browser.evaluate(
        "document.querySelector('label.md-search__icon, label[for=__search]')?.click();"
        "document.querySelector('.md-search__input').focus()"
    )
    browser.type_text("medallon")
    titles = browser.wait_for(
        """(() => {
            const items = document.querySelectorAll('.md-search-result__item');
            return items.length ? Array.from(items).map(i => i.innerText) : null;
        })()"""
    )
    assert titles, "typing 'medallon' into the search box gave no results"
    assert any("medallon-400" in title for title in titles)


def test_the_search_index_contains_the_generated_rules(site: Path) -> None:
    index = json.loads(page(site, "search/search_index.json"))
    text = " ".join(doc["text"] + " " + doc["title"] for doc in index["docs"])
    for word in ("Arbaa Miyye", "bidding-direction", "own minimum"):
        assert word in text, word
