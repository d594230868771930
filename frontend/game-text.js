// The game page's words: UI strings (i18n/game.yml), official terms (i18n/glossary.yml) and the
// engine's error messages (i18n/errors.yml). hooks/game_page.py writes them into the page, in
// its language, as JSON in the game root's data-strings attribute.
//
// Every string ends up in a text node (textContent / append), never in HTML.

export const RESOURCES = ["brick", "lumber", "wool", "grain", "ore"]
export const COLOURS = ["red", "blue", "white", "orange"]

function fill(template, params) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) =>
    params[key] === undefined ? whole : String(params[key]))
}

export function capitalise(text) {
  return text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text
}

export class Text {
  constructor(data = {}) {
    this.lang = data.lang || document.documentElement.lang || "en"
    this.ui = data.ui || {}
    this.terms = data.terms || {}
    this.errors = data.errors || {}
  }

  /** A UI string with its {placeholders} filled (the key itself if it is missing). */
  t(key, params = {}) {
    return fill(this.ui[key] ?? key, params)
  }

  /** An official term of the glossary (`brick`, `knight`, `longest_road`...). */
  term(key) {
    return this.terms[key] ?? key.replace(/_/g, " ")
  }

  /** A development card's name; the Victory Point card has its own glossary entry. */
  card(key) {
    return this.term(key === "victory_point" ? "victory_point_card" : key)
  }

  /** "2 × brick, 1 × ore" (or the word for nothing). */
  cards(cards) {
    const parts = RESOURCES.filter((r) => cards && cards[r] > 0)
      .map((r) => this.t("n_of", { n: cards[r], what: this.term(r) }))
    return parts.length ? parts.join(", ") : this.t("nothing")
  }

  /** The engine's error in this language: {text, href} (href: the FAQ answer, or null). */
  error(error) {
    const entry = this.errors[error && error.code]
    if (!entry) return { text: this.t("error_unknown", { message: error && error.message || "" }), href: null }
    const params = { ...(error.details || {}), message: error.message || "" }
    return { text: fill(entry.msg, params), href: entry.faq || null }
  }
}

export function loadText(root) {
  let data = {}
  try {
    data = JSON.parse(root.getAttribute("data-strings") || "{}")
  } catch (error) {
    console.error("catan game: unreadable strings", error)
  }
  return new Text(data)
}
