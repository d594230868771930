// The game page's controls, built with the core's element builder (strings become text nodes,
// never HTML): resource chips, card steppers, the trade grid, modal dialogs, disclosures, fields.
// `text` is the page's catalog (core/i18n.js) for the game.

import { h } from "../core/dom.js"
import { RESOURCES } from "../core/i18n.js"

export { h }

let serial = 0
export const uid = (prefix) => `${prefix}-${++serial}`

/** The text with its first letter in capitals (a glossary term at the start of a label). */
export const capitalise = (text) => (text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text)

/** A player's colour as a small square (the colours are game.css's, those of the board). */
export function swatch(colour) {
  return h("span", { class: `catan-swatch catan-swatch--${colour}`, "aria-hidden": "true" })
}

/** A coloured chip for a resource: its name in text, its terrain colour as a swatch (game.css). */
export function chip(text, resource, count = null) {
  return h("span", { class: `catan-chip catan-chip--${resource}` },
    h("span", { class: "catan-chip__swatch", "aria-hidden": "true" }),
    count === null ? text.term(resource) : text.t("n_of", { n: count, what: text.term(resource) }))
}

/** "2 × brick, 1 × ore" in the page's language (or the word for nothing). */
export function cardsText(text, cards) {
  const parts = RESOURCES.filter((r) => cards && cards[r] > 0)
    .map((r) => text.t("n_of", { n: cards[r], what: text.term(r) }))
  return parts.length ? parts.join(", ") : text.t("nothing")
}

/** A hand as cards: the five resources in their order, each a card with its count (an empty
 *  one drawn hollow); a screen reader reads the list, "2 brick", "0 lumber"... `before`: the hand shown last, so a card just gained is marked (`is-gained`,
 *  a short pop in game.css, none under reduced motion). `hand` null: the five cards without
 *  counts (the cards one may ask for). `ontap(resource)`: the cards are buttons, named by
 *  `tapLabel(resource, n)`, with `data-action` `<key>-<resource>`. */
export function handCards(text, hand, before = null, { ontap = null, tapLabel = null, key = "card" } = {}) {
  return h("ul", { class: "catan-hand" },
    RESOURCES.map((r) => {
      const n = (hand && hand[r]) || 0
      const gained = before && n > ((before[r]) || 0)
      const label = h("span", { class: "catan-card__name" }, text.term(r))
      const face = hand === null ? [label] : [h("span", { class: "catan-card__n" }, String(n)), " ", label]   // null: the cards, no counts
      // tappable (a trade being made): the card is a button named for what the tap does
      const body = ontap && (n > 0 || hand === null) ? [h("button", {
        type: "button", class: "catan-card__tap", "data-key": `${key}-${r}`, "data-action": `${key}-${r}`,
        "aria-label": tapLabel(r, n), onclick: () => ontap(r),
      }, face)] : face
      const empty = hand !== null && !n
      return h("li", { class: `catan-card catan-card--${r}${empty ? " is-empty" : ""}${gained ? " is-gained" : ""}`, "data-resource": r }, body)
    }))
}

/** Chips for a {resource: n} hand (nothing: the word for nothing). */
export function cardChips(text, cards) {
  const list = RESOURCES.filter((r) => cards && cards[r] > 0).map((r) => chip(text, r, cards[r]))
  return list.length ? h("span", { class: "catan-chips" }, list) : h("span", { class: "catan-chips" }, text.t("nothing"))
}

/**
 * A row of − n + steppers, one per resource. `max(r)` bounds each count (null: no bound).
 * Returns {el, value(), set(cards)}; `onchange(value)` after each change.
 */
export function steppers(text, { label, max = () => null, initial = {}, onchange = () => {} }) {
  const counts = Object.fromEntries(RESOURCES.map((r) => [r, initial[r] || 0]))
  const outputs = {}
  const group = h("div", { class: "catan-steppers", role: "group", "aria-label": label })
  const update = () => {
    for (const r of RESOURCES) outputs[r].textContent = String(counts[r])
    onchange({ ...counts })
  }
  for (const r of RESOURCES) {
    const name = text.term(r)
    outputs[r] = h("output", { class: "catan-stepper__n", "aria-live": "polite" }, "0")
    group.append(h("div", { class: `catan-stepper catan-stepper--${r}` },
      h("span", { class: "catan-stepper__name" }, chip(text, r)),
      h("button", {
        type: "button", class: "catan-stepper__btn", "aria-label": text.t("less_of", { what: name }),
        onclick: () => { if (counts[r] > 0) { counts[r]--; update() } },
      }, "−"),
      outputs[r],
      h("button", {
        type: "button", class: "catan-stepper__btn", "aria-label": text.t("more_of", { what: name }),
        onclick: () => { const m = max(r); if (m === null || counts[r] < m) { counts[r]++; update() } },
      }, "+")))
  }
  for (const r of RESOURCES) outputs[r].textContent = String(counts[r])
  const value = () => Object.fromEntries(RESOURCES.filter((r) => counts[r] > 0).map((r) => [r, counts[r]]))
  const set = (cards) => { for (const r of RESOURCES) counts[r] = (cards && cards[r]) || 0; update() }
  return { el: group, value, set }
}

/**
 * Two columns of − n + steppers, one row per resource: what a player gives and what they get.
 * `giveMax(r)` bounds the left column. Returns {el, give(), get()} (counts above zero only).
 */
export function tradeGrid(text, { giveLabel, getLabel, giveMax = () => null, give = {}, get = {}, onchange = () => {} }) {
  const counts = {
    give: Object.fromEntries(RESOURCES.map((r) => [r, give[r] || 0])),
    get: Object.fromEntries(RESOURCES.map((r) => [r, get[r] || 0])),
  }
  const value = (side) => Object.fromEntries(RESOURCES.filter((r) => counts[side][r] > 0).map((r) => [r, counts[side][r]]))
  const cell = (side, r, label, max) => {
    const out = h("output", { class: "catan-stepper__n", "aria-live": "polite" }, String(counts[side][r]))
    const change = (delta) => () => {
      const next = counts[side][r] + delta
      const m = max(r)
      if (next < 0 || (delta > 0 && m !== null && next > m)) return
      counts[side][r] = next
      out.textContent = String(next)
      onchange(value("give"), value("get"))
    }
    const name = text.term(r)
    return h("td", { class: "catan-tradegrid__cell" },
      h("button", { type: "button", class: "catan-stepper__btn", "aria-label": text.labelled(label, text.t("less_of", { what: name })), onclick: change(-1) }, "−"),
      out,
      h("button", { type: "button", class: "catan-stepper__btn", "aria-label": text.labelled(label, text.t("more_of", { what: name })), onclick: change(1) }, "+"))
  }
  const el = h("table", { class: "catan-tradegrid" },
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, giveLabel), h("th", { scope: "col" }, getLabel))),
    h("tbody", {}, RESOURCES.map((r) => h("tr", {},
      h("th", { scope: "row" }, chip(text, r)),
      cell("give", r, giveLabel, giveMax),
      cell("get", r, getLabel, () => null)))))
  return { el, give: () => value("give"), get: () => value("get") }
}

/**
 * A modal <dialog> inside `host`: title, body nodes and buttons [{label, onclick, primary}].
 * `dismissable: false` keeps Escape from closing it. Returns the element; close with close().
 */
export function openDialog(host, { title, body = [], buttons = [], dismissable = true, cls = "", onclose = null }) {
  closeDialogs(host)
  const titleId = uid("catan-dialog-title")
  const dialog = h("dialog", { class: `catan-dialog ${cls}`, "aria-labelledby": titleId })
  const actions = h("div", { class: "catan-dialog__actions" })
  for (const button of buttons.filter(Boolean)) {
    actions.append(h("button", {
      type: "button", class: button.primary ? "md-button md-button--primary" : "md-button",
      onclick: button.onclick, "data-action": button.action || null, disabled: button.disabled,
    }, button.label))
  }
  dialog.append(h("h2", { id: titleId, class: "catan-dialog__title" }, title), h("div", { class: "catan-dialog__body" }, body), actions)
  dialog.addEventListener("cancel", (event) => { if (!dismissable) event.preventDefault() })
  dialog.addEventListener("close", () => { dialog.remove(); if (onclose) onclose() })
  host.append(dialog)
  dialog.showModal()
  const first = dialog.querySelector("[autofocus]") || actions.querySelector(".md-button--primary") || actions.querySelector("button")
  if (first) first.focus()
  return dialog
}

export function closeDialogs(host) {
  for (const dialog of host.querySelectorAll("dialog.catan-dialog")) {
    if (dialog.open) dialog.close()
    dialog.remove()
  }
}

/** A button that shows or hides `content` (aria-expanded); `ontoggle(open)` after each click. */
export function disclosure(label, open, ontoggle, content, { key = null } = {}) {
  const id = uid("catan-region")
  const body = h("div", { id, class: "catan-disclosure__body", hidden: !open }, content)
  const button = h("button", {
    type: "button", class: "catan-disclosure__toggle", "aria-expanded": String(open), "aria-controls": id, "data-key": key,
    onclick: () => {
      const now = button.getAttribute("aria-expanded") !== "true"
      button.setAttribute("aria-expanded", String(now))
      body.hidden = !now
      if (ontoggle) ontoggle(now)
    },
  }, label)
  return h("div", { class: "catan-disclosure" }, button, body)
}

/** A labelled <select> of [value, label] options. */
export function select(label, options, value, onchange, props = {}) {
  const id = uid("catan-select")
  const el = h("select", { id, ...props, onchange: (event) => onchange(event.target.value) },
    options.map(([v, text]) => h("option", { value: String(v), selected: String(v) === String(value) }, text)))
  return h("div", { class: "catan-field" }, h("label", { for: id }, label), el)
}

/** Radio buttons in a fieldset. */
export function radios(legend, name, options, value, onchange) {
  return h("fieldset", { class: "catan-field catan-radios" }, h("legend", {}, legend),
    options.map(([v, text]) => h("label", {},
      h("input", { type: "radio", name, value: v, checked: v === value, onchange: () => onchange(v) }), " ", text)))
}
