/*
 * Site behaviour that must survive Material's instant navigation (this file runs once).
 *
 * Language switcher: every page ships links to the same page in the other languages (see
 * catan_site/alternates.py). After an instant navigation the header is not re-rendered, so the links
 * are recomputed at click time from the current location, keeping the #anchor too: anchors are
 * identical in every language.
 *
 * Accessibility: names Material's search dialog and the navigation's section toggles, and makes
 * wide tables that scroll sideways reachable by keyboard.
 */
(function () {
  "use strict"
  var config = JSON.parse(document.getElementById("__config").textContent)
  var root = new URL(config.base, location.href)          /* e.g. http://host/fr/ */
  var site = config.catan.site                            /* the site root: http://host/ */
  var roots = config.catan.roots                          /* {en: "", fr: "fr/", ...} */

  function sameIn(lang) {
    var rel = location.pathname.indexOf(root.pathname) === 0
      ? location.pathname.slice(root.pathname.length) : ""
    return new URL(roots[lang] + rel, site).href + location.hash
  }

  document.addEventListener("click", function (ev) {
    var link = ev.target instanceof Element && ev.target.closest("a[data-catan-lang]")
    if (link)
      link.href = sameIn(link.getAttribute("data-catan-lang"))
  }, true)

  /* Material's search panel is a dialog without a name: name it after its search options
   * (already translated, "Search"). The header is never re-rendered, so once is enough. */
  var search = document.querySelector(".md-search[role=dialog]")
  var options = document.querySelector(".md-search__options[aria-label]")
  if (search && options && !search.hasAttribute("aria-label"))
    search.setAttribute("aria-label", options.getAttribute("aria-label"))

  /* A wide table scrolls sideways inside Material's wrapper; keyboard users reach that scroll
   * only if the wrapper can take focus. Only wrappers that do scroll become a tab stop, named
   * after the heading above the table. */
  function headingBefore(el) {
    for (var node = el; node; node = node.previousElementSibling || node.parentElement) {
      if (/^H[1-6]$/.test(node.tagName) && node !== el) return node
      if (node.classList && node.classList.contains("md-content")) return null
    }
    return null
  }

  function markScrolling(wrap) {
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1
    if (scrolls && !wrap.hasAttribute("tabindex")) {
      var heading = headingBefore(wrap)
      wrap.setAttribute("tabindex", "0")
      wrap.setAttribute("role", "region")
      if (heading && heading.id) wrap.setAttribute("aria-labelledby", heading.id)
    } else if (!scrolls && wrap.getAttribute("role") === "region") {
      wrap.removeAttribute("tabindex")
      wrap.removeAttribute("role")
      wrap.removeAttribute("aria-labelledby")
    }
  }

  var resize = "ResizeObserver" in window && new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { markScrolling(entry.target) })
  })

  function scrollingTables() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      markScrolling(wrap)
      if (resize) resize.observe(wrap)
    })
  }

  /* A section with its own index page (Tutorial, Rules, FAQ) opens with an icon-only toggle,
   * and that toggle is what names the section's <nav>: give it the section's title as hidden
   * text (aria-label is not allowed on a <label>), so the toggle says what it opens and each
   * <nav> landmark has its own name. */
  function nameSectionToggles() {
    document.querySelectorAll(".md-nav__container > label.md-nav__link[id]").forEach(function (l) {
      var link = l.parentElement.querySelector("a.md-nav__link")
      if (!link || l.textContent.trim()) return
      var name = document.createElement("span")
      name.className = "catan-visually-hidden"
      name.textContent = link.textContent.trim()
      l.appendChild(name)
    })
  }

  function eachPage() {
    scrollingTables()
    nameSectionToggles()
  }

  if (window.document$ && typeof window.document$.subscribe === "function")
    window.document$.subscribe(eachPage)
  else
    document.addEventListener("DOMContentLoaded", eachPage)
})()
