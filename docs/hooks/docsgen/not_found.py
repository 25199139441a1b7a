"""A ``404.html`` that works wherever the site is served, under any sub-path.

A web server shows ``404.html`` for every missing page, at that page's URL,
so the page cannot link to anything relatively. mkdocs therefore writes its
links from the root of ``site_url``; with no ``site_url`` (this project's
default: the site also works opened from disk) that root is ``/``, and the
page loses its stylesheets, scripts and links when the site is served under
``/some/prefix/`` (GitHub Pages of a project, for one).

Two ways out, both supported:

* set ``FOURHUNDRED_SITE_URL`` (``mkdocs.yml`` reads it as ``site_url``) to
  where the site is published, and mkdocs writes the right paths itself;
* without it, :func:`portable` rewrites the built page (``on_post_build``):
  its links become relative, and a small script at the top of ``<head>``
  finds the site's root, the nearest folder above the missing page's URL that
  serves ``404.html`` with status 200, and makes it the page's ``<base>`` and
  the theme's ``base``.
"""

from __future__ import annotations

import json
import re

#: A link or resource from the root of the host (``/x``, not ``//host/x``).
_ROOT_ABSOLUTE = re.compile(r'\b(href|src)="/(?!/)')
#: The theme's configuration element, whose ``base`` and ``search`` are root paths.
_THEME_CONFIG = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S
)

FIND_ROOT = """<script>
(function () {
  var dir = location.pathname.replace(/[^/]*$/, "");
  var root = "/";
  for (;;) {
    var request = new XMLHttpRequest();
    try {
      request.open("HEAD", dir + "404.html", false);
      request.send();
    } catch (error) {}
    if (request.status === 200) { root = dir; break; }
    if (dir === "/") { break; }
    dir = dir.replace(/[^/]*\\/$/, "");
  }
  window.__fhSiteRoot = root;
  document.write('<base href="' + root.replace(/"/g, "%22") + '">');
})();
</script>"""

SET_THEME_BASE = """<script>
(function (element) {
  var config = JSON.parse(element.textContent);
  config.base = window.__fhSiteRoot;
  config.search = window.__fhSiteRoot + config.search;
  element.textContent = JSON.stringify(config);
})(document.getElementById("__config"));
</script>"""


def portable(html: str) -> str:
    """The built 404 page made independent of the path the site is served under."""
    if "<head>" not in html:
        raise ValueError("404.html has no <head>")
    config = _THEME_CONFIG.search(html)
    if config is None:
        raise ValueError('404.html has no theme configuration (<script id="__config">)')
    settings = json.loads(config.group(2))
    settings["base"] = ""
    settings["search"] = str(settings["search"]).lstrip("/")
    theme_config = config.group(1) + json.dumps(settings).replace("</", "<\\/") + config.group(3)
    relative = _ROOT_ABSOLUTE.sub(r'\1="', html[: config.start()])
    rest = _ROOT_ABSOLUTE.sub(r'\1="', html[config.end() :])
    page = relative + theme_config + SET_THEME_BASE + rest
    charset = '<meta charset="utf-8">'
    first = charset if charset in page else "<head>"
    return page.replace(first, f"{first}\n{FIND_ROOT}", 1)
