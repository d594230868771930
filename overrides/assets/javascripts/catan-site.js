/*
 * Site behaviour that must survive Material's instant navigation (this file runs once).
 *
 * Language switcher: every page ships links to the same page in the other languages (see
 * catan_site/alternates.py). After an instant navigation the header is not re-rendered, so the links
 * are recomputed at click time from the current location, keeping the #anchor too: anchors are
 * identical in every language.
 */
(function () {
  "use strict"
  var config = JSON.parse(document.getElementById("__config").textContent)
  var root = new URL(config.base, location.href)          /* e.g. http://host/en/ */

  function sameIn(lang) {
    var rel = location.pathname.indexOf(root.pathname) === 0
      ? location.pathname.slice(root.pathname.length) : ""
    return new URL("../" + lang + "/" + rel, root).href + location.hash
  }

  document.addEventListener("click", function (ev) {
    var link = ev.target instanceof Element && ev.target.closest("a[data-catan-lang]")
    if (link)
      link.href = sameIn(link.getAttribute("data-catan-lang"))
  }, true)
})()
