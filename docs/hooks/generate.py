"""mkdocs hooks: generate the rules, comparison, register, ledger and API pages at build time.

Registered in ``mkdocs.yml`` under ``hooks:``. Nothing generated is stored in
``docs/``: on every build

* ``on_config`` computes every generated page from the code (the package
  :mod:`docsgen` next to this file), lays out the link view the API reference
  needs, points mkdocstrings at it, and fills the ``AUTO:`` entries of the nav;
* ``on_files`` adds the generated pages (and the SVG chart) to the site;
* ``on_page_markdown`` expands ``<!-- include: NAME -->`` markers in the
  hand-written guides with text other parts of the project own, and weighs
  every page for search (:mod:`docsgen.search_tuning`);
* ``on_post_build`` makes ``404.html`` work under any sub-path when no
  ``site_url`` is set (:mod:`docsgen.not_found`).
"""

from __future__ import annotations

import atexit
import datetime
import json
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from fourhundred.safeio import write_text_atomically

HERE = Path(__file__).resolve().parent
#: ``tools/`` holds ``package_view``, the installed shape of the namespace.
TOOLS = HERE.parent.parent / "tools"
for _folder in (HERE, TOOLS):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from docsgen import (  # noqa: E402
    anchors,
    api,
    cases_browser,
    charts,
    claims,
    glossary,
    hands,
    includes,
    matrix,
    overview,
    register_page,
    results,
    rules_pages,
    score_sheet,
    statistics,
)
from docsgen import worked_hand as worked  # noqa: E402
from docsgen.not_found import portable  # noqa: E402
from docsgen.search_tuning import boost, is_variant_page, player_words, tune_index  # noqa: E402
from docsgen.site_pages import changelog_page  # noqa: E402
from package_view import build_view  # noqa: E402

log = logging.getLogger("mkdocs.hooks.fourhundred")
_generated: dict[str, str] = {}
#: Page URL -> the words players type for its terms (a variant's rules page only).
_keywords: dict[str, list[str]] = {}
_view_dirs: list[Path] = []


def _root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def _cleanup() -> None:
    while _view_dirs:
        shutil.rmtree(_view_dirs.pop(), ignore_errors=True)


atexit.register(_cleanup)


def _configure_api(config: MkDocsConfig, root: Path) -> list[str]:
    view = build_view(root, Path(tempfile.mkdtemp(prefix="fourhundred-docs-view-")))
    _view_dirs.append(view)
    plugin = config.plugins.get("mkdocstrings")
    if plugin is None:
        raise PluginError("mkdocs.yml must enable the mkdocstrings plugin")
    handlers = plugin.config["handlers"]
    python = handlers.setdefault("python", {})
    python["paths"] = [str(view)]
    options = python.setdefault("options", {})
    extension = str(HERE / "griffe_rst.py") + ":RstToMarkdown"
    extensions = list(options.get("extensions", []))
    if extension not in extensions:
        extensions.append(extension)
    options["extensions"] = extensions
    return api.modules(view)


def _suite_pages(root: Path) -> dict[str, str]:
    """The conformance suite's pages: the cases, a run of the bundled adapters, the changelog."""
    started = time.perf_counter()
    try:
        runs = results.run_all(root)
        commit = results.commit_of(root)
        when = datetime.datetime.now(datetime.UTC)
        history = results.load_history(root)
        pages = {
            **cases_browser.cases_pages(),
            "conformance/results.md": results.results_page(runs, commit, when, history),
            **results.adapter_pages(runs, commit, when, history),
            "conformance/changelog.md": changelog_page(root),
        }
    except Exception as error:  # a generator bug must stop the build, with its cause
        raise PluginError(f"docs generation failed: {type(error).__name__}: {error}") from error
    log.info("fourhundred: cases and results in %.1f s", time.perf_counter() - started)
    return pages


def _expand_nav(nav: Any, generated: dict[str, list[Any]]) -> Any:
    if isinstance(nav, list):
        out: list[Any] = []
        for item in nav:
            if isinstance(item, str) and item in generated:
                out.extend(generated[item])
            else:
                out.append(_expand_nav(item, generated))
        return out
    if isinstance(nav, dict):
        return {key: _expand_nav(value, generated) for key, value in nav.items()}
    return nav


def _api_nav(names: list[str]) -> list[dict[str, Any]]:
    """Nav entries: one section per subpackage, module pages under it by short name."""
    nav: list[dict[str, Any]] = []
    sections: dict[str, list[dict[str, str]]] = {}
    for name in names:
        parts = name.split(".")
        package = ".".join(parts[:2])
        leaf = len(parts) <= 2 and not any(n.startswith(name + ".") for n in names)
        if name == "fourhundred" or leaf:
            nav.append({name: api.page_path(name)})
            continue
        if package not in sections:
            sections[package] = []
            nav.append({package: sections[package]})
        label = "Overview" if name == package else ".".join(parts[2:])
        sections[package].append({label: api.page_path(name)})
    return nav


def _results_nav(root: Path) -> list[dict[str, str]]:
    return [{"Every adapter": "conformance/results.md"}] + [
        {adapter.name: results.adapter_path(adapter)} for adapter in results.listed_adapters(root)
    ]


@event_priority(100)
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Generate every page and wire the API reference and the nav."""
    root = _root(config)
    _generated.clear()
    # First: the rules pages' worked examples link to the cases page when it is there.
    _generated.update(_suite_pages(root))
    started = time.perf_counter()
    try:
        _generated["rules/comparison.md"] = matrix.comparison_page()
        _generated["rules/ambiguities.md"] = register_page.register_page()
        _generated["rules/bid-values.svg"] = charts.bid_value_chart()
        _generated.update(statistics.chart_files())
        _generated["rules/worked-hand.md"] = worked.worked_hand_page()
        _generated["rules/statistics.md"] = statistics.statistics_page()
        _generated["rules/overview.md"] = overview.overview_page()
        _generated["rules/glossary.md"] = glossary.glossary_page()
        _generated.update(score_sheet.all_sheets())
        _generated.update(hands.all_hands())
        # After the cases page: the worked examples link to it when it is there.
        _generated.update(rules_pages.all_pages(case_links=anchors.CASES_PAGE in _generated))
        rules_done = time.perf_counter()
        _generated["verification/claims.md"] = claims.ledger_page(root)
        ledger_done = time.perf_counter()
        module_names = _configure_api(config, root)
    except PluginError:
        raise
    except Exception as error:  # a generator bug must stop the build, with its cause
        raise PluginError(f"docs generation failed: {type(error).__name__}: {error}") from error
    _generated["api/index.md"] = api.index_page(module_names)
    for name in module_names:
        _generated[api.page_path(name)] = api.module_page(name)
    variant_pages = [
        {variant: rules_pages.page_path(variant)} for variant in rules_pages.variant_names()
    ]
    api_pages = [{"Overview": "api/index.md"}, *_api_nav(module_names)]
    log.info(
        "fourhundred: generated %d pages (rules %.1f s, claims ledger %.1f s)",
        len(_generated),
        rules_done - started,
        ledger_done - rules_done,
    )
    config.nav = _expand_nav(
        config.nav,
        {
            "AUTO:variants": variant_pages,
            "AUTO:api": api_pages,
            "AUTO:score-sheets": score_sheet.nav_entries(),
            "AUTO:cases": cases_browser.nav_entries(),
            "AUTO:hands": hands.nav_entries(),
            "AUTO:results": _results_nav(root),
        },
    )
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages and pictures to the site."""
    for path, content in _generated.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            raise PluginError(f"{path} is generated; remove the hand-written copy from docs/")
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Expand include markers with the text their owners maintain; weigh the page
    for search and add the players' words to the rules pages."""
    try:
        started = time.perf_counter()
        expanded = includes.expand(markdown, _root(config))
        if expanded != markdown:
            log.debug(
                "fourhundred: includes of %s in %.1f s",
                page.file.src_uri,
                time.perf_counter() - started,
            )
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error
    variant_names = tuple(rules_pages.variant_names())
    search = dict(page.meta.get("search") or {})
    search.setdefault("boost", boost(page.file.src_uri, variant_names))
    page.meta["search"] = search
    if is_variant_page(page.file.src_uri, variant_names):
        _keywords[page.url] = player_words(expanded)
    return expanded


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config: MkDocsConfig) -> None:
    """Tune the search index; without a ``site_url``, make ``404.html`` work under any sub-path."""
    index_file = Path(config.site_dir) / "search" / "search_index.json"
    if index_file.exists():
        tuned = tune_index(json.loads(index_file.read_text(encoding="utf-8")), _keywords)
        write_text_atomically(
            index_file, json.dumps(tuned, ensure_ascii=False, separators=(",", ":"))
        )
    if config.site_url:
        return
    page = Path(config.site_dir) / "404.html"
    if page.exists():
        try:
            page.write_text(portable(page.read_text(encoding="utf-8")), encoding="utf-8")
        except ValueError as error:
            raise PluginError(f"404.html: {error}") from error


def on_shutdown() -> None:
    """Remove the temporary link view."""
    _cleanup()
