"""The published docs: one strict mkdocs build, checked on disk and in headless Chromium.

The site is built once per test session into a temporary folder (``mkdocs
build --strict``, so any broken link, missing page or generator error fails
here). Chromium is driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``), with the standard library only: the tests load
the comparison page and type into the search box as a reader would, search
for players' words, scroll the matrix on a 400 px screen, print, and open the
404 page of the site served under a sub-path.

On disk: nothing is loaded from another host (the site works offline), the
charts' labels and axis titles, the cases browser, the results page of a real
run and the suite's changelog.

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
#: An invariant proved everywhere and a claim refuted on some variants (in the committed ledger).
LEDGER_CHECKS = ("trick-has-one-winner", "claim-bigger-bid-pays-more")
#: mkdocs.yml reads the published address from this variable.
SITE_URL_ENV = "FOURHUNDRED_SITE_URL"


def _build(into: Path) -> None:
    """``mkdocs build --strict`` into a folder; the assertion shows mkdocs' output."""
    out = into / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop(LEDGER_ENV, None)
    env.pop(SITE_URL_ENV, None)  # the default build: no site_url, a 404 page that finds its root
    # The build reads the committed ledger (fourhundred/verify/ledger.json) and runs no verifier.
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


def test_the_home_page_and_quick_start_show_an_implementer_how_to_install_run_and_report(
    site: Path,
) -> None:
    home, quick = page(site, "index.html"), page(site, "guides/quick-start.html")
    for html in (re.sub(r"<[^>]+>", "", home), re.sub(r"<[^>]+>", "", quick)):
        assert "pip install" in html and "conformance run --adapter" in html
        assert "case id" in html and "tracker" in html
    assert "pip wheel" in re.sub(r"<[^>]+>", "", quick)
    assert 'href="guides/quick-start.html#get-it-and-install-it"' in home
    assert 'id="report-a-case-you-think-is-wrong"' in quick


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
    generated = ("rules", "api", "verification", "conformance")
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


def _hooks_module(name: str) -> Any:
    """A module of the docs generators (``docs/hooks/docsgen``)."""
    import importlib

    sys.path.insert(0, str(HOOKS))
    try:
        return importlib.import_module(f"docsgen.{name}")
    finally:
        sys.path.remove(str(HOOKS))


# ---------------------------------------------------------------------------
# Offline: nothing is loaded from another host
# ---------------------------------------------------------------------------

#: ``<link rel=...>`` values that make the browser fetch the ``href``.
FETCHING_RELS = {
    "stylesheet",
    "preconnect",
    "preload",
    "prefetch",
    "modulepreload",
    "dns-prefetch",
    "icon",
    "shortcut",
    "apple-touch-icon",
    "manifest",
}
#: Elements whose ``src`` the browser loads.
LOADING_TAGS = {"script", "img", "iframe", "source", "audio", "video", "embed", "input", "track"}
_EXTERNAL = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
_CSS_EXTERNAL = re.compile(r"(url\(\s*['\"]?\s*(https?:)?//|@import\s+['\"]?(https?:)?//)", re.I)


class _Resources(HTMLParser):
    """Every resource a page makes the browser load from another host."""

    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        rels = set(values.get("rel", "").lower().split())
        if tag == "link" and rels & FETCHING_RELS and _EXTERNAL.match(values.get("href", "")):
            self.external.append(f"<link rel={values['rel']}> {values['href']}")
        if tag in LOADING_TAGS and _EXTERNAL.match(values.get("src", "")):
            self.external.append(f"<{tag}> {values['src']}")
        if tag in ("image", "use") and _EXTERNAL.match(values.get("href", "")):
            self.external.append(f"<{tag}> {values['href']}")
        if _CSS_EXTERNAL.search(values.get("style", "")):
            self.external.append(f"<{tag} style> {values['style']}")
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style and _CSS_EXTERNAL.search(data):
            self.external.append(f"<style> {_CSS_EXTERNAL.search(data)}")


def test_no_page_of_the_site_loads_anything_from_another_host(site: Path) -> None:
    """Fonts, stylesheets, scripts, images: the site works offline. (Plain links to
    a source's page are fine: following them is the reader's choice.)"""
    found = []
    for path in sorted(site.rglob("*")):
        if path.suffix in (".html", ".svg"):
            parser = _Resources()
            parser.feed(path.read_text(encoding="utf-8"))
            found.extend(f"{path.relative_to(site)}: {what}" for what in parser.external)
        elif path.suffix == ".css":
            for match in _CSS_EXTERNAL.finditer(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(site)}: {match.group(0)}")
    assert not found, "\n".join(sorted(set(found))[:20])


def test_the_resource_scan_would_see_web_fonts_and_remote_scripts() -> None:
    parser = _Resources()
    parser.feed(
        '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>'
        '<link rel="stylesheet" href="//fonts.googleapis.com/css?family=Roboto">'
        '<script src="https://unpkg.com/x.js"></script><a href="https://www.pagat.com/">pagat</a>'
        "<style>@font-face { src: url('https://example.org/f.woff2') }</style>"
    )
    assert len(parser.external) == 4, parser.external


# ---------------------------------------------------------------------------
# Charts
# ---------------------------------------------------------------------------


def _svg(path: Path) -> Any:
    from xml.etree import ElementTree

    return ElementTree.parse(path).getroot()


SVG = "{http://www.w3.org/2000/svg}"


def _font_sizes(root: Any) -> list[tuple[float, str]]:
    """(font size, text) of every text element, its size inherited from its ancestors."""
    sizes: list[tuple[float, str]] = []

    def walk(element: Any, inherited: float) -> None:
        size = float(element.get("font-size", inherited))
        if element.tag == f"{SVG}text":
            sizes.append((size, "".join(element.itertext()).strip()))
        for child in element:
            walk(child, size)

    walk(root, 16.0)  # the browser's default
    return sizes


def test_every_chart_has_readable_labels_and_titled_axes(site: Path) -> None:
    charts_module = _hooks_module("charts")
    charts = sorted(site.joinpath("rules").glob("*.svg"))
    assert len(charts) >= 7, charts  # bid values and the six statistics charts
    for path in charts:
        root = _svg(path)
        width = float(root.get("viewBox").split()[2])
        assert width <= charts_module.MAX_WIDTH, (path.name, width)
        small = [(size, label) for size, label in _font_sizes(root) if size < 12]
        assert not small, (path.name, small[:5])
        classes = {e.get("class") for e in root.iter(f"{SVG}text")}
        assert {"x-title", "y-title"} <= classes, (path.name, classes)
        assert root.find(f"{SVG}title") is not None, path.name


def test_the_game_deciding_star_stands_at_the_13_tick_of_its_variant(site: Path) -> None:
    root = _svg(site / "rules" / "bid-values.svg")
    starred = []
    for panel in root.iter(f"{SVG}g"):
        if panel.get("class") != "panel":
            continue
        ticks = {
            e.get("data-value"): float(e.get("x"))
            for e in panel.iter(f"{SVG}text")
            if e.get("class") == "x-tick"
        }
        for star in panel.iter(f"{SVG}text"):
            if star.get("class") == "decides":
                assert float(star.get("x")) == ticks[star.get("data-bid")], panel.get(
                    "data-variant"
                )
                starred.append((panel.get("data-variant"), int(star.get("data-bid"))))
    expected = [(n, 13) for n in names() if load(n).is_special_bid(13)]
    assert starred == expected


def test_the_statistics_page_shows_every_chart_of_the_figures(site: Path) -> None:
    statistics = _hooks_module("statistics")
    html = page(site, "rules/statistics.html")
    for path in statistics.CHART_PATHS.values():
        name = Path(path).name
        assert f'src="{name}"' in html, name
        assert (site / path).exists(), path
    figures = json.loads((ROOT / "spec" / "simulation_figures.json").read_text(encoding="utf-8"))
    bars = _svg(site / statistics.CHART_PATHS["throw_in"]).iter(f"{SVG}rect")
    drawn = [e for e in bars if e.find(f"{SVG}title") is not None]
    assert len(drawn) == len(figures["figures"])  # one bar per variant and kind of player


# ---------------------------------------------------------------------------
# Cases, results, changelog
# ---------------------------------------------------------------------------


def test_the_cases_browser_gives_every_case_its_anchor_on_its_kind_and_variant_page(
    site: Path,
) -> None:
    from fourhundred.conformance.suite import load_cases

    anchors = _hooks_module("anchors")
    cases = load_cases()
    parsed: dict[str, _Links] = {}
    missing = []
    for case in cases:
        path = anchors.case_page(case["id"]).removesuffix(".md") + ".html"
        if path not in parsed:
            parsed[path] = _parse(site / path)
        if anchors.case_anchor(case["id"]) not in parsed[path].ids:
            missing.append(case["id"])
    assert not missing, missing[:10]
    assert len(parsed) >= 2 * len(names())  # split by kind and variant
    largest = max((site / path).stat().st_size for path in parsed)
    assert largest < 1_000_000, largest
    index_page = page(site, "conformance/cases.html")
    for path in parsed:
        assert f'href="{path.removeprefix("conformance/")}"' in index_page, path
    index = json.loads(page(site, "search/search_index.json"))
    assert not [d for d in index["docs"] if d["location"].startswith("conformance/cases")]


def _git_head() -> str:
    """The checkout's commit, or what the results page says when there is none."""
    run = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return run.stdout.strip() if run.returncode == 0 else "unknown (not a git checkout)"


def test_the_results_page_shows_a_real_run_of_every_bundled_adapter(site: Path) -> None:
    from fourhundred.conformance.suite import load_cases, select_runs, suite_version

    results = _hooks_module("results")
    html = page(site, "conformance/results.html")
    runs = len(select_runs(load_cases()))
    rows = re.findall(r'<tr><th scope="row">(.*?)</tr>', html, flags=re.DOTALL)
    adapters = results.listed_adapters(ROOT)
    assert len(rows) == len(adapters)
    assert set(results.bundled_adapters(ROOT)) <= set(adapters)
    reference = rows[0]
    assert adapters[0].name in reference
    assert f"{runs}/{runs} passed" in reference  # every run of the suite, every one passed
    for adapter, row in zip(adapters, rows, strict=True):
        assert adapter.name in row
        assert "fh-badge" in row or "not run" in row, row[:300]
    assert f"suite version <strong>{suite_version()}</strong>" in html
    assert _git_head() in html


def test_every_adapter_has_a_page_with_its_failing_cases_badge_snippet_and_history(
    site: Path,
) -> None:
    results = _hooks_module("results")
    anchors = _hooks_module("anchors")
    history = results.load_history(ROOT)
    assert history, "no run recorded in docs/results/history.json"
    for adapter in results.listed_adapters(ROOT):
        path = results.adapter_path(adapter).removesuffix(".md") + ".html"
        html = page(site, path)
        assert f'href="{path.removeprefix("conformance/")}"' in page(
            site, "conformance/results.html"
        )
        plain = re.sub(r"<[^>]+>", "", html)
        assert "--badge conformance-badge.json" in plain and "shields.io/endpoint?url=" in plain
        assert history[-1]["date"] in html  # the history kept in the repository
        failing = re.search(r"Failing cases \((\d+)\)", html)
        assert failing, path
        links = re.findall(r'<a href="([^"]+)"><code>([^<]+)</code></a>', html)
        if int(failing.group(1)) == 0:
            assert "every declared run passed" in html
            continue
        assert links, path
        for href, case_id in links:
            target = anchors.case_page(case_id).removesuffix(".md") + ".html"
            assert href == f"../../{target}#{anchors.case_anchor(case_id)}", href
        assert "--id " in html and "--variant " in html  # a rerun command per failure
    planted = page(site, "conformance/results/planted-bug-band-edge.html")
    assert int(re.search(r"Failing cases \((\d+)\)", planted).group(1)) > 0
    # The broken rule is named before the cases: the planted late score band, one cause
    # across every band edge of every table (the family), not one point per edge.
    diagnosis, cases = planted.index('id="diagnosis"'), planted.index('id="failing-cases')
    assert diagnosis < cases and "band-late/*/*" in planted[diagnosis:cases]
    assert "band-edge-31" not in planted[diagnosis:cases]


def test_an_adapter_page_names_no_broken_rule_for_an_engine_that_passes(site: Path) -> None:
    results = _hooks_module("results")
    passing = []
    for adapter in results.listed_adapters(ROOT):
        html = page(site, results.adapter_path(adapter).removesuffix(".md") + ".html")
        if "every declared run passed" in html:
            passing.append(adapter.name)
            assert 'id="diagnosis"' not in html, adapter.name
    assert "reference engine" in passing


def test_the_impact_table_is_sorted_by_size_with_intervals_and_the_zero_rows_folded(
    site: Path,
) -> None:
    statistics = _hooks_module("statistics")
    html = page(site, "rules/statistics.html")
    section = html[html.index('id="how-much-each-ambiguity-matters"') :]
    table_html = section[: section.index("No difference in")]
    rows = re.findall(r"<tr>(.*?)</tr>", table_html, flags=re.DOTALL)[1:]
    winners = [float(re.findall(r"([\d.]+)%", row)[1]) for row in rows]
    assert winners == sorted(winners, reverse=True) and winners[0] > 0
    for row in rows:
        assert row.count("<small>(") == 3, row  # an interval for each of the three measures
    figures = json.loads((ROOT / "spec" / "ambiguity_impact.json").read_text(encoding="utf-8"))
    zeros = [f for fs in figures["entries"].values() for f in fs if f["hands_differ"] == 0]
    assert len(rows) + len(zeros) == sum(len(fs) for fs in figures["entries"].values())
    folded = section[section.index("No difference in") :].split("</ul>", 1)[0]
    assert folded.count("<code>") == 2 * len(zeros)  # each: its entry and its reading
    assert statistics.ZERO_REASONS["deal-pattern"] in folded
    assert "13 bid, never made" in html
    low, high = statistics.wilson(1032, 5000)
    assert low < 1032 / 5000 < high and statistics.wilson(0, 5000)[1] < 0.001


def test_an_adapter_that_cannot_start_is_shown_as_not_run_never_as_passing() -> None:
    import datetime

    from fourhundred.conformance.suite import load_cases

    results = _hooks_module("results")
    missing = results.Adapter("absent engine", (str(ROOT / "no-such-adapter"),), "nowhere")
    result = results.run_adapter(missing, load_cases()[:3])
    assert result.summary is None and "no-such-adapter" in result.failure
    html = results.results_page([result], "abc", datetime.datetime.now(datetime.UTC))
    row = re.search(r'<tr><th scope="row">(.*?)</tr>', html, flags=re.DOTALL)
    assert row is not None and "fh-badge" not in row.group(1)
    assert row.group(1).count("not run") == 1 + len(names())
    assert "It did not run" in html


def test_the_suites_changelog_is_in_the_navigation(site: Path) -> None:
    changelog = (ROOT / "conformance" / "CHANGELOG.md").read_text(encoding="utf-8")
    html = page(site, "conformance/changelog.html")
    for version in re.findall(r"^## (\d+\.\d+\.\d+)", changelog, flags=re.MULTILINE):
        assert re.search(rf"<h2 id=\"[^\"]*\">{re.escape(version)}", html), version
    assert 'href="conformance/changelog.html"' in page(site, "index.html")


# ---------------------------------------------------------------------------
# Search
# ---------------------------------------------------------------------------


def test_the_search_index_weighs_rules_pages_above_the_api(site: Path) -> None:
    index = json.loads(page(site, "search/search_index.json"))
    boosts: dict[str, set[float]] = {}
    for doc in index["docs"]:
        folder = doc["location"].split("/", 1)[0] if "/" in doc["location"] else ""
        boosts.setdefault(folder, set()).add(float(doc.get("boost", 1.0)))
    assert min(boosts["rules"]) > max(boosts[""]) > max(boosts["api"]), boosts


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


@contextlib.contextmanager
def screen(browser: Browser, width: int, height: int, mobile: bool = False) -> Iterator[None]:
    """The page shown on a screen of that size, for the duration of the block."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        page=True,
    )
    try:
        yield
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", page=True)


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


#: Words players type, each of which must lead to a variant's rules page first.
PLAYERS_WORDS = ("partner", "13", "minimum", "trump", "redeal", "score")


def _search_results(browser: Browser, served: str, word: str) -> list[dict[str, str]]:
    """The results material's search shows for a query, best first: link, title, preview."""
    browser.open(f"{served}/index.html?q={word}")
    results = browser.wait_for(
        """(() => {
            const items = document.querySelectorAll('.md-search-result__item');
            return items.length ? Array.from(items).map(i => ({
                href: i.querySelector('a').getAttribute('href'),
                title: (i.querySelector('h1, h2') || {innerText: ''}).innerText.trim(),
                text: i.innerText,
            })) : null;
        })()"""
    )
    assert results, f"searching for {word!r} gave no results"
    return list(results)


@pytest.mark.parametrize("word", PLAYERS_WORDS)
def test_a_players_word_finds_a_variants_rules_page_first(
    served: str, browser: Browser, word: str
) -> None:
    first = _search_results(browser, served, word)[0]
    variant = first["title"].split(":", 1)[0]
    assert variant in names(), first  # the title of a variant's rules page
    assert first["href"].startswith(f"{served}/rules/{variant}.html"), first


def test_no_search_preview_shows_the_hidden_search_words(
    site: Path, served: str, browser: Browser
) -> None:
    search_tuning = _hooks_module("search_tuning")
    index = json.loads(page(site, "search/search_index.json"))
    written = " ".join(d["title"] + " " + d["text"] for d in index["docs"]).lower()
    hidden = {
        w
        for words in search_tuning.PLAYER_WORDS.values()
        for w in words
        if not re.search(rf"\b{re.escape(w)}\b", written)
    }
    assert {"misdeal", "teammate"} <= hidden  # words only the keywords carry
    for word in ("redeal", "partner", "misdeal"):
        results = _search_results(browser, served, word)
        assert results[0]["href"].split("?")[0].endswith(".html")
        for result in results:
            shown = result["text"].lower()
            assert not [w for w in hidden if re.search(rf"\b{re.escape(w)}\b", shown)], result


def test_the_search_index_keeps_the_players_words_out_of_the_text_and_is_light(
    site: Path,
) -> None:
    search_tuning = _hooks_module("search_tuning")
    raw = (site / "search" / "search_index.json").read_bytes()
    assert len(raw) <= 500_000, len(raw)
    index = json.loads(raw)
    assert search_tuning.KEYWORDS_FIELD in index["config"]["fields"]
    with_words = {
        d["location"]
        for d in index["docs"]
        if search_tuning.KEYWORDS_FIELD in d and not d["location"].startswith("api/")
    }
    assert with_words == {f"rules/{name}.html" for name in names()}
    assert not [d for d in index["docs"] if "fh-search-words" in d["text"]]
    api = [d for d in index["docs"] if d["location"].startswith("api/")]
    assert api and all("#" not in d["location"] for d in api)  # one entry per module
    model = next(d for d in api if d["location"] == "api/fourhundred.spec.model.html")
    assert "hand_result" in model[search_tuning.KEYWORDS_FIELD].split()


def test_opened_from_disk_the_page_says_how_to_serve_the_site_for_search(
    site: Path, browser: Browser
) -> None:
    browser.open((site / "rules" / "qahwa-400.html").as_uri())
    said = browser.wait_for(
        """(() => {
            const note = document.querySelector('.fh-file-notice');
            const meta = document.querySelector('.md-search-result__meta');
            return note && meta ? [note.innerText, meta.innerText] : null;
        })()"""
    )
    assert said, "opened from disk, the page says nothing about search"
    for text in said:
        assert "python3 -m http.server" in text, said


def test_pages_in_the_browser_request_nothing_from_another_host(
    served: str, browser: Browser
) -> None:
    for path in ("index.html", "rules/comparison.html", "rules/statistics.html"):
        browser.open(f"{served}/{path}")
        assert browser.wait_for("document.readyState === 'complete'")
        loaded = browser.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name)"
            ".concat(Array.from(document.fonts).map(f => f.family))"
        )
        elsewhere = [u for u in loaded if "://" in u and not u.startswith(served)]
        assert not elsewhere, (path, elsewhere)


def test_charts_show_at_their_own_size_or_larger_on_a_desktop_page(
    served: str, browser: Browser
) -> None:
    """With no label under 12 units (checked above), a chart shown at least at its own
    width shows every label at 12 px or more."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        page=True,
    )
    try:
        for path in ("rules/statistics.html", "rules/comparison.html"):
            browser.open(f"{served}/{path}")
            sizes = browser.wait_for(
                """(() => {
                    const images = Array.from(document.querySelectorAll('img[src$=".svg"]'));
                    if (document.readyState !== 'complete' || !images.length
                        || images.some(i => !i.complete)) return null;
                    return images.map(i => [i.getAttribute('src'), i.clientWidth, i.naturalWidth]);
                })()"""
            )
            assert sizes, f"{path}: no chart"
            for src, shown, own in sizes:
                assert shown >= own > 0, (path, src, shown, own)
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", page=True)


def test_the_matrix_keeps_rule_names_and_header_in_view_on_a_phone(
    served: str, browser: Browser
) -> None:
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True},
        page=True,
    )
    try:
        browser.open(f"{served}/rules/comparison.html")
        moved = browser.wait_for(
            """(() => {
                const box = document.querySelector('.fh-matrix .md-typeset__scrollwrap');
                if (!box || document.readyState !== 'complete') return null;
                box.scrollIntoView();
                const rows = box.querySelectorAll('th[scope=row]');
                const rule = rows[rows.length - 1];
                const header = box.querySelector('thead th:last-child');
                const frame = box.getBoundingClientRect();
                box.scrollLeft = box.scrollWidth;
                box.scrollTop = box.scrollHeight;
                const r = rule.getBoundingClientRect(), h = header.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
                return {
                    scrolled: [box.scrollLeft, box.scrollTop],
                    ruleLeft: r.left - frame.left, headerTop: h.top - frame.top,
                    ruleOnTop: hit ? hit.closest('th') === rule : false,
                };
            })()"""
        )
        assert moved, "the comparison table never appeared"
        assert moved["scrolled"][0] > 0 and moved["scrolled"][1] > 0, moved  # it does scroll
        assert abs(moved["ruleLeft"]) < 1, moved  # the rule names stay at the left edge
        assert abs(moved["headerTop"]) < 1, moved  # the header stays at the top
        assert moved["ruleOnTop"], moved  # and no scrolled cell covers it
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", page=True)


def test_printing_shows_the_page_alone_and_a_score_sheet_as_a_ruled_table(
    served: str, browser: Browser
) -> None:
    browser.open(f"{served}/index.html")
    assert browser.wait_for("document.readyState === 'complete'")
    browser.evaluate(
        """document.querySelector('.md-content__inner').insertAdjacentHTML('beforeend',
            '<div class="score-sheet"><table><thead><tr><th>hand</th><th>north-south</th>' +
            '<th>west-east</th></tr></thead><tbody><tr><td>1</td><td></td><td></td></tr>' +
            '</tbody></table></div>')"""
    )
    browser.call("Emulation.setEmulatedMedia", {"media": "print"}, page=True)
    try:
        printed = browser.evaluate(
            """(() => {
                const shown = s => Array.from(document.querySelectorAll(s))
                    .filter(e => getComputedStyle(e).display !== 'none'
                        && e.getBoundingClientRect().height > 0).length;
                const table = document.querySelector('.score-sheet table');
                const cell = getComputedStyle(table.querySelector('td'));
                return {
                    chrome: ['.md-header', '.md-sidebar', '.md-search', '.md-footer', '.md-tabs']
                        .map(s => [s, shown(s)]).filter(([, n]) => n),
                    width: table.getBoundingClientRect().width,
                    sheet: document.querySelector('.score-sheet').getBoundingClientRect().width,
                    border: [cell.borderTopStyle, cell.borderLeftStyle, cell.borderTopWidth],
                };
            })()"""
        )
        assert printed["chrome"] == [], printed
        assert printed["sheet"] > 0 and abs(printed["width"] - printed["sheet"]) < 1, printed
        assert printed["border"][:2] == ["solid", "solid"], printed
    finally:
        browser.call("Emulation.setEmulatedMedia", {"media": ""}, page=True)


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site under :data:`PREFIX`, and ``404.html`` (status 404) for
    anything missing, as GitHub Pages serves a project site."""

    PREFIX = "/some/prefix/"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(self.PREFIX):
            return str(Path(self.directory) / "no such file")
        return super().translate_path("/" + path[len(self.PREFIX) :])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code != 404:
            super().send_error(code, message, explain)
            return
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def test_the_404_page_works_when_the_site_is_served_under_a_sub_path(
    site: Path, browser: Browser
) -> None:
    handler = functools.partial(_SubPathHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    root = f"http://127.0.0.1:{server.server_address[1]}{_SubPathHandler.PREFIX}"
    try:
        browser.open(f"{root}no/such/page.html")
        shown = browser.wait_for(
            """(() => {
                if (document.readyState !== 'complete') return null;
                const sheets = Array.from(document.styleSheets).filter(s => s.href);
                const loaded = performance.getEntriesByType('resource')
                    .filter(e => e.name.endsWith('search_index.json') && e.responseStatus === 200);
                if (!loaded.length) return null;  // the theme's script fetches the index
                return {
                    sheets: sheets.map(s => [s.href, s.cssRules.length]),
                    links: Array.from(document.querySelectorAll('.md-nav a[href]'))
                        .map(a => a.href),
                    index: loaded.map(e => e.name),
                    status: document.title,
                };
            })()"""
        )
        assert shown, "the 404 page under a sub-path never loaded its scripts and search index"
        assert shown["sheets"], shown
        for href, rules in shown["sheets"]:
            assert href.startswith(root) and rules > 0, (href, rules)
        assert shown["index"] == [f"{root}search/search_index.json"], shown["index"]
        assert f"{root}index.html" in shown["links"], shown["links"][:5]
        assert all(link.startswith(root) for link in shown["links"]), shown["links"][:5]
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------------------
# The "try it" box of each rules page
# ---------------------------------------------------------------------------


def _sample_hands(name: str, count: int) -> list[dict[str, Any]]:
    """Hands around the rules' edges: scores near the bands and the target, 13s, throw-ins."""
    import random

    rules = load(name)
    rng = random.Random(f"try-it {name}")
    edges = [-20, -3, 0, 1, 12, 29, 30, 34, 38, 39, 40, 41, 45, 50, 55, 60, 75, 140]
    edges += [rules.target - d for d in (1, 2, 5, 6, 10, 16, 27)]
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    hands = []
    for _ in range(count):
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        hand_bids = [rng.choice(bids[:6]) for _ in range(4)]
        if rng.random() < 0.15:
            hand_bids[rng.randrange(4)] = rules.max_bid
            tricks = [0, 0, 0, 0]
            tricks[hand_bids.index(rules.max_bid)] = 13 if rng.random() < 0.5 else 12
            tricks[(hand_bids.index(rules.max_bid) + 1) % 4] += 13 - sum(tricks)
        elif rng.random() < 0.3:
            hand_bids = [t if t >= rules.min_bid else rules.min_bid for t in tricks]
        hands.append(
            {
                "scores": [rng.choice(edges) for _ in range(4)],
                "bids": hand_bids,
                "tricks": tricks,
                "dealer": rng.randrange(4),
            }
        )
    return hands


def _reference(name: str, hand: dict[str, Any]) -> dict[str, Any]:
    rules = load(name)
    if not rules.hand_is_played(hand["bids"], hand["scores"]):
        return {"played": False, "after": hand["scores"], "result": 0, "target": rules.target}
    after, result, target = rules.hand_result(
        hand["scores"], hand["bids"], hand["tricks"], hand["dealer"], rules.target
    )
    return {"played": True, "after": list(after), "result": int(result), "target": int(target)}


@pytest.mark.parametrize("name", names())
def test_the_try_it_box_scores_hands_as_the_reference_does(
    served: str, browser: Browser, name: str
) -> None:
    browser.open(f"{served}/rules/{name}.html")
    assert browser.wait_for(
        "document.readyState === 'complete' && !!window.fhTryIt"
        " && !!document.querySelector('.fh-tryit[data-wired]')"
    ), "the try-it box never started"
    hands = _sample_hands(name, 150)
    answers = browser.evaluate(
        "(() => { const r = JSON.parse(document.querySelector('.fh-tryit-rules').textContent);"
        f" return {json.dumps(hands)}.map(h => window.fhTryIt.score(r, h)); }})()"
    )
    kinds = {"thrown in": 0, "decided": 0}
    for hand, answer in zip(hands, answers, strict=True):
        expected = _reference(name, hand)
        got = {key: answer[key] for key in expected}
        assert got == expected, (name, hand)
        kinds["thrown in"] += not expected["played"]
        kinds["decided"] += expected["result"] != 0
    assert kinds["thrown in"] and kinds["decided"], kinds  # the sample reaches both edges


def test_the_try_it_box_shows_each_players_points_and_the_result_as_typed(
    served: str, browser: Browser
) -> None:
    name = "qahwa-400"
    hand = {"scores": [34, 10, 38, 0], "bids": [5, 3, 3, 2], "tricks": [5, 2, 4, 2], "dealer": 3}
    expected = _reference(name, hand)
    browser.open(f"{served}/rules/{name}.html")
    assert browser.wait_for("!!document.querySelector('.fh-tryit[data-wired]')")
    browser.evaluate(
        """(() => {
            const box = document.querySelector('.fh-tryit');
            box.scrollIntoView();
            box.querySelector('[name=score0]').focus();
        })()"""
    )
    for field in ("scores", "bids", "tricks"):
        for seat in range(4):
            prefix = {"scores": "score", "bids": "bid", "tricks": "tricks"}[field]
            browser.evaluate(
                f"(() => {{ const i = document.querySelector('.fh-tryit [name={prefix}{seat}]');"
                " i.focus(); i.select(); })()"
            )
            browser.type_text(str(hand[field][seat]))
    browser.evaluate("document.querySelector('.fh-tryit-go').click()")
    shown = browser.wait_for(
        """(() => {
            const box = document.querySelector('.fh-tryit');
            const cells = c => Array.from(box.querySelectorAll(c)).map(e => e.innerText.trim());
            const result = box.querySelector('.fh-tryit-result');
            const rect = box.getBoundingClientRect();
            return {after: cells('.fh-tryit-after'), change: cells('.fh-tryit-change'),
                    result: result.innerText, code: result.getAttribute('data-result'),
                    width: rect.width, visible: rect.height > 0};
        })()"""
    )
    assert shown["after"] == [str(s) for s in expected["after"]], shown
    assert shown["change"][0] == "+5", shown  # 34 points: the reduced 5 is worth 5
    assert shown["code"] == str(expected["result"]) and shown["visible"], shown
    assert "play goes on" in shown["result"] or "win" in shown["result"], shown


@pytest.mark.parametrize(
    "path",
    [
        "conformance/results.html",
        "conformance/results/planted-bug-band-edge.html",
        "rules/statistics.html",
        "rules/qahwa-400.html",
    ],
)
def test_wide_tables_fit_the_page_on_a_desktop_screen(
    served: str, browser: Browser, path: str
) -> None:
    with screen(browser, 1280, 900):
        browser.open(f"{served}/{path}")
        overflow = browser.wait_for(
            """(() => {
                if (document.readyState !== 'complete') return null;
                const content = document.querySelector('.md-content__inner');
                const limit = content.getBoundingClientRect().right + 1;
                const tables = Array.from(content.querySelectorAll(
                    '.fh-results table, .fh-fit table, .fh-tryit table'));
                if (!tables.length) return null;
                return tables.map(t => {
                    const wrap = t.closest('.md-typeset__scrollwrap') || t.parentElement;
                    return [t.getBoundingClientRect().right <= limit,
                            wrap.scrollWidth <= wrap.clientWidth + 1];
                });
            })()"""
        )
        assert overflow, f"{path}: no table"
        assert all(inside and not_scrolled for inside, not_scrolled in overflow), (path, overflow)
