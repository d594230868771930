// The FAQ's playable examples: each ```catan-widget fence becomes a small board the reader can
// change, and the rules engine (Pyodide in a Web Worker, see core/runtime.js) answers.
//
// The page already shows the board as SVG (drawn at build time). catan_site/widgets.py gives
// every widget its starting position (data-position); the page's catalog (core/i18n.js) holds
// the texts. This module binds each widget once per page (Material's `document$` re-runs it
// after an instant navigation); each kind is one module of this folder, over what every
// widget shares (widget.js).

import { onPage } from "../core/dom.js"
import { Catalog } from "../core/i18n.js"
import { DevCards } from "./dev-cards.js"
import { DistanceRule } from "./distance-rule.js"
import { Example } from "./example.js"
import { Harbours } from "./harbours.js"
import { LongestRoad } from "./longest-road.js"
import { Production } from "./production.js"
import { Seven } from "./seven.js"

const KINDS = {
  production: Production,
  "distance-rule": DistanceRule,
  seven: Seven,
  "longest-road": LongestRoad,
  harbours: Harbours,
  "dev-cards": DevCards,
  example: Example,
}

// -- binding to the page -------------------------------------------------------------------------

/** Bind every widget of the current page that is not bound yet (idempotent). The engine is
 *  downloaded when the reader first presses, taps or focuses a widget, never because one
 *  scrolled by (see `Widget.activate`). */
export function mount(root = document) {
  const widgets = [...root.querySelectorAll(".catan-widget[data-kind][data-position]")]
    .filter((el) => !el.catanWidget)
  const catalog = Catalog.page()
  if (!widgets.length || !catalog) return []
  const texts = catalog.for("faq")
  const bound = []
  for (const el of widgets) {
    const Kind = KINDS[el.dataset.kind]
    if (!Kind) {
      console.error(`catan widget: unknown kind ${el.dataset.kind}`)
      continue
    }
    el.catanWidget = new Kind(el, texts)
    bound.push(el.catanWidget)
  }
  return bound
}

export const kinds = Object.keys(KINDS)

// Material's instant navigation swaps the page content and re-emits `document$`; this module
// itself is evaluated once per full page load.
onPage(() => mount())
