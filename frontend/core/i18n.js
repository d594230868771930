// One translation lookup: the page's catalog, written by the build (catan_site/frontend.py) as
// `<div class="catan-catalog" hidden data-catalog="{json}">`, one per page and language:
//   {lang, ui: {faq: {...}, tutorial: {...}, game: {...}, board: {...}}, terms: {key: word},
//    errors: {code: {text, href, title}}}
// The FAQ links in `errors` are relative to the page, like any link in its content.

import { h } from "./dom.js"

const CARD_TERM = { victory_point: "victory_point_card" }
export const RESOURCES = ["brick", "lumber", "wool", "grain", "ore"]  // display order only

const fillIn = (text, vars) =>
  String(text).replace(/\{(\w+)\}/g, (m, name) => (vars && name in vars ? String(vars[name]) : m))

// French elides "de" and "que" before a word that starts with a vowel: "Main de {name}" reads
// "Main d'Invitée" for Invitée and "Main de Bob" for Bob (a word with an h is left alone:
// whether it elides depends on the word)
const ELIDED = { de: "d'", De: "D'", que: "qu'", Que: "Qu'" }
const FRENCH_ELISION = /(?<!\p{L})(de|De|que|Que) \{(\w+)\}/gu
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/iu

const fillInFrench = (text, vars) => fillIn(String(text).replace(FRENCH_ELISION, (m, word, name) =>
  (vars && name in vars && VOWEL.test(String(vars[name])) ? `${ELIDED[word]}{${name}}` : m)), vars)

export class Catalog {
  /** The catalog of the current page (read again after an instant navigation). */
  static page(root = document) {
    const el = root.querySelector(".catan-catalog[data-catalog]")
    if (!el) return null
    if (!el.catanCatalog) el.catanCatalog = new Catalog(JSON.parse(el.dataset.catalog))
    return el.catanCatalog
  }

  constructor(data, section = null) {
    this.data = data
    this.lang = data.lang
    this.section = section
    this.listFormat = new Intl.ListFormat(data.lang, { type: "conjunction" })
    this.fill = data.lang === "fr" ? fillInFrench : fillIn
  }

  /** The same catalog looking up `t()` keys in `ui[section]` first, then in `ui.board`. */
  for(section) { return new Catalog(this.data, section) }

  /** A UI string with its `{placeholders}` filled in; the key itself when it is missing. */
  t(key, vars = {}) {
    const ui = this.data.ui || {}
    const text = (this.section && ui[this.section]?.[key]) ?? ui.board?.[key] ?? key
    return this.fill(text, vars)
  }

  has(key) { return Boolean((this.section && this.data.ui[this.section]?.[key]) ?? this.data.ui.board?.[key]) }

  term(key) { return this.data.terms[CARD_TERM[key] || key] ?? key }

  colour(colour) { return this.t(`colour_${colour}`) }

  /** "label: value" with the page language's spacing ("libellé : valeur" in French). */
  labelled(label, value) { return this.t("board_labelled", { label, value }) }

  /** What joins a label drawn apart (an element) to its text: ": ", " : " in French. */
  get colon() { return this.labelled("", "") }

  /** "a, b and c" in the page's language. */
  list(items) { return this.listFormat.format(items.map(String)) }

  /** "brick ×2, wool ×1" (resource names from the glossary), or the word for nothing. */
  cards(cards) {
    const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => `${this.term(r)} ×${cards[r]}`)
    return parts.length ? parts.join(", ") : this.t("nothing")
  }

  /** A tile by terrain and number ("6 fields", "champs 6"); `terrain` may be sea or unknown. */
  tileName(terrain, number) {
    if (terrain === "sea") return this.t("board_sea")
    const word = terrain === "unknown" ? this.t("board_unknown") : this.term(terrain)
    return number ? this.t("board_tile", { terrain: word, number }) : word
  }

  /** A tile of a position document ("hills 6" in the position's own notation). */
  tile(position, t) {
    const [terrain, number] = position.board.tiles[t].split(" ")
    return this.tileName(terrain, number)
  }

  /** The name a person gives a spot of a board drawn by catan_core.svg: "corner of the 6
   *  fields, 9 hills and sea", "side between …", "hex: 6 fields". */
  spotName(el) {
    if (el.dataset.node !== undefined || el.dataset.edge !== undefined) {
      const tiles = (el.dataset.near || "").split(" ").filter(Boolean).map((spec) => {
        const [terrain, number] = spec.split(":")
        return this.tileName(terrain, number)
      })
      const spot = this.t(el.dataset.node !== undefined ? "board_node" : "board_edge", { tiles: this.list(tiles) })
      const side = el.dataset.side
      return side ? this.t("board_coast", { spot, side: this.t(`board_compass_${side}`) }) : spot
    }
    return this.t("board_hex", { tile: this.tileName(el.dataset.terrain, el.dataset.number) })
  }

  /** "2:1 wool" / "3:1" for a harbour of the board (`data-port`). */
  harbour(kind) { return kind === "3:1" ? this.term("harbour_3_1") : this.t("board_harbour", { resource: this.term(kind) }) }

  /** The one path from an engine error to words: `{text, href, title, code}` in the page's
   *  language (`href`: the FAQ answer that explains the rule, if there is one). */
  error(error) {
    // a refused position is read by the rule it breaks (invalid_position.<reason>), else by code
    const reason = error.details?.reason
    const entry = (reason && this.data.errors?.[`${error.code}.${reason}`]) || this.data.errors?.[error.code]
    if (!entry) return { code: error.code, text: error.message || error.code, href: null, title: null }
    const href = entry.href == null ? null : new URL(entry.href, document.baseURI).href
    const details = error.details || {}
    let text = this.fill(entry.text, details)
    // the cards still missing for a build (catan_web.game_view), named after the rule
    const missing = details.missing && typeof details.missing === "object" ? details.missing : {}
    if (Object.keys(missing).length) text += ` ${this.t("board_missing", { cards: this.cards(missing) })}`
    return { code: error.code, text, href, title: entry.title }
  }

  /** The engine's refusal as a paragraph: the rule (or the page's own `text` for it), then a
   *  link to its FAQ answer (named by `link`, or by the FAQ question). */
  refusal(error, { cls = "catan-refusal", link = null, prefix = "✘ ", text: own = null } = {}) {
    const { text: rule, href, title, code } = this.error(error)
    const text = own ?? rule
    return h("p", { class: cls, "data-code": code },
      prefix ? h("span", { "aria-hidden": "true" }, prefix) : null, text,
      href ? [" ", h("a", { href, class: "catan-faq-link" }, link ?? title ?? href)] : null)
  }
}
