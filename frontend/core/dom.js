// One way to build elements, shared by the FAQ widgets, the tutorial and the game page.

/** `h("p", {class: "x", onclick: f}, "text", child, [more])`: an element. Attributes that are
 *  false or null are left out, `true` gives an empty attribute, `on*` become listeners; children
 *  may be strings, nodes or (nested) arrays, and null/false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value == null) continue
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value)
    else el.setAttribute(key, value === true ? "" : value)
  }
  el.append(...children.flat(Infinity).filter((c) => c != null && c !== false))
  return el
}

/** The element an HTML or SVG string from the engine describes (its first element). */
export function parse(markup) {
  const template = document.createElement("template")
  template.innerHTML = String(markup).trim()
  return template.content.firstElementChild
}

/** Run `bind()` on every page: once now, and after each of Material's instant navigations. */
export function onPage(bind) {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => bind())
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => bind())
  } else {
    bind()
  }
}
