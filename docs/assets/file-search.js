// The site opened from disk (file://): the browser will not load the search
// index, so search cannot start. Say so plainly, with the command that serves
// the site, in the search box and at the top of the page.
(function () {
  if (window.location.protocol !== "file:") return;
  var how = "Search needs the site served over HTTP. In the folder that holds the site, run " +
    "python3 -m http.server 8000 and open http://localhost:8000/";
  function tell() {
    var input = document.querySelector(".md-search__input");
    if (input) input.setAttribute("placeholder", "Search: serve the site first (see the top of the page)");
    var meta = document.querySelector(".md-search-result__meta");
    if (meta) meta.textContent = how;
    var content = document.querySelector(".md-content__inner");
    if (content && !document.querySelector(".fh-file-notice")) {
      var note = document.createElement("div");
      note.className = "admonition warning fh-file-notice";
      note.innerHTML = '<p class="admonition-title">Search does not work from a file</p><p></p>';
      note.lastChild.textContent = how + ". Everything else works from disk.";
      content.insertBefore(note, content.firstChild);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tell);
  else tell();
  // The theme's script may set the search status after this one: say it again.
  window.setTimeout(tell, 1000);
})();
