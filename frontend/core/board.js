// Interaction on top of the engine's SVG board (catan_core.svg), the same for every board of
// the site: FAQ widgets, tutorial tasks and the game page.
//
//   const board = new Board(figure, { catalog, onPick: (kind, id, el) => … })
//   board.pick(["node"], legalNodes)   // what may be chosen now (null: every spot of the kinds)
//   board.replace(svgText)              // after the engine drew the board again
//
// The board is one tab stop: the SVG becomes a named group of buttons (the spots that may be
// chosen, named for people from the svg's data-near: "corner of 6 fields, 9 hills and sea");
// arrow keys move between them by position on screen, Enter or Space chooses. A pointer picks
// the nearest choosable spot within CAPTURE_PX of where it lands, so a spot is much easier to
// hit than its drawing (≥ 44×44 px on a phone when only legal spots are choosable).

import { parse } from "./dom.js"

export const SPOTS = { tile: "g.tile[data-tile]", node: "g.node[data-node]", edge: "line.edge[data-edge]" }
export const CAPTURE_PX = 34
const KEYS = { tile: "tile", node: "node", edge: "edge" }
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }

const num = (el, name) => Number(el.getAttribute(name))

/** The spot's geometry in the SVG's user units: a point (node, tile) or a segment (edge). */
function geometry(el) {
  if (el.dataset.edge !== undefined && el.tagName.toLowerCase() === "line") {
    return { a: [num(el, "x1"), num(el, "y1")], b: [num(el, "x2"), num(el, "y2")] }
  }
  if (el.dataset.node !== undefined) {  // a corner owns a little disc around it, where roads meet
    const circle = el.querySelector("circle")
    return { a: [num(circle, "cx"), num(circle, "cy")], body: num(circle, "r") * 1.5 }
  }
  const points = el.querySelector("polygon").getAttribute("points").trim().split(/\s+/)
    .map((pair) => pair.split(",").map(Number))
  const c = points.reduce(([x, y], [px, py]) => [x + px / points.length, y + py / points.length], [0, 0])
  return { a: c, polygon: points, inner: Math.hypot(points[0][0] - c[0], points[0][1] - c[1]) * 0.866 }
}

const centre = ({ a, b }) => (b ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : a)

/** Distance from `p` to the spot, in user units (0 inside a tile or a corner's disc). */
function distance(p, g) {
  if (g.polygon) return Math.max(0, Math.hypot(p[0] - g.a[0], p[1] - g.a[1]) - g.inner)
  if (!g.b) {
    const d = Math.hypot(p[0] - g.a[0], p[1] - g.a[1])
    return d <= g.body ? 0 : d
  }
  const [dx, dy] = [g.b[0] - g.a[0], g.b[1] - g.a[1]]
  const k = Math.max(0, Math.min(1, ((p[0] - g.a[0]) * dx + (p[1] - g.a[1]) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(p[0] - g.a[0] - k * dx, p[1] - g.a[1] - k * dy)
}

export class Board {
  /** `host`: the element holding the `<svg class="catan-board">` (kept across redraws).
   *  `onPick(kind, id, el)` when a spot is chosen; `onHover(kind, id, el)` when a mouse rests
   *  near one; `describe(el, name)` may add to a spot's name (e.g. a verdict). */
  constructor(host, { catalog, onPick = () => {}, onHover = null, describe = null, label = null }) {
    Object.assign(this, { host, catalog, onPick, onHover, describe, label })
    this.kinds = []
    this.targets = null
    this.spots = []       // [{el, kind, id, g}] that may be chosen now
    this.hovered = null
    host.addEventListener("click", (event) => this.click(event))
    host.addEventListener("pointermove", (event) => this.move(event))
    host.addEventListener("keydown", (event) => this.key(event))
    host.catanBoard = this
    this.enhance()
  }

  get svg() { return this.host.querySelector("svg.catan-board") }

  /** Make spots of `kinds` choosable: all of them, or only those named in `targets`. */
  pick(kinds, targets = null) {
    this.kinds = kinds || []
    this.targets = targets ? new Set(targets.map(String)) : null
    this.enhance()
  }

  /** Put a new drawing in place (SVG text or element), keeping the spot in focus. */
  replace(svg, { viewBox = null, keep = [] } = {}) {
    const old = this.svg
    const next = typeof svg === "string" ? parse(svg) : svg
    if (viewBox) next.setAttribute("viewBox", viewBox)
    for (const extra of keep) next.append(extra.cloneNode(true))
    const focused = this.focusedId()
    if (old) old.replaceWith(next)
    else this.host.append(next)
    this.enhance(focused)
    return next
  }

  idOf(el) {
    for (const kind of Object.keys(SPOTS)) if (el?.dataset?.[KEYS[kind]] !== undefined) return `${kind}:${el.dataset[KEYS[kind]]}`
    return null
  }

  /** The id ("node:9.N") of the spot in focus on this board, if any. */
  focusedId() {
    const svg = this.svg
    return svg && svg.contains(document.activeElement) ? this.idOf(document.activeElement) : null
  }

  enhance(focused = this.focusedId()) {
    const svg = this.svg
    if (!svg) return
    for (const port of svg.querySelectorAll(".port[data-port] title")) {
      port.textContent = this.catalog.harbour(port.parentNode.dataset.port)
    }
    this.spots = []
    const view = svg.viewBox.baseVal
    const shown = ([x, y]) => !view || !view.width ||
      (x >= view.x && x <= view.x + view.width && y >= view.y && y <= view.y + view.height)
    for (const kind of this.kinds) {
      for (const el of svg.querySelectorAll(SPOTS[kind])) {
        const id = el.dataset[KEYS[kind]]
        if (this.targets && !this.targets.has(id)) continue
        const g = geometry(el)
        if (shown(centre(g))) this.spots.push({ el, kind, id, g })  // not what a crop hides
      }
    }
    const chosen = new Set(this.spots.map((s) => s.el))
    for (const el of svg.querySelectorAll("[role=button]")) {
      if (chosen.has(el)) continue
      el.removeAttribute("role")
      el.removeAttribute("tabindex")
      el.removeAttribute("aria-label")
    }
    if (!this.spots.length) {
      svg.setAttribute("role", "img")
      return
    }
    svg.setAttribute("role", "group")
    if (this.label) svg.setAttribute("aria-label", this.label)
    const again = focused && this.spots.find((s) => `${s.kind}:${s.id}` === focused)
    const stop = again || this.spots[0]
    for (const { el } of this.spots) {
      const name = this.catalog.spotName(el)
      el.setAttribute("role", "button")
      el.setAttribute("tabindex", el === stop.el ? "0" : "-1")
      el.setAttribute("aria-label", this.describe ? this.describe(el, name) : name)
    }
    if (again && document.activeElement !== again.el) again.el.focus()
  }

  /** The choosable spot a pointer at (clientX, clientY) picks, or null. */
  spotAt(clientX, clientY) {
    const svg = this.svg
    const ctm = svg?.getScreenCTM()
    if (!ctm || !this.spots.length) return null
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse())
    const scale = Math.hypot(ctm.a, ctm.b)  // CSS px per user unit
    let best = null
    let bestDistance = CAPTURE_PX / scale
    for (const spot of this.spots) {
      const d = distance([p.x, p.y], spot.g)
      if (d <= bestDistance) { best = spot; bestDistance = d }
    }
    return best
  }

  click(event) {
    if (!this.svg?.contains(event.target) || event.target.closest?.(".port")) return
    const spot = event.detail === 0 && this.spots.find((s) => s.el === event.target)
      || this.spotAt(event.clientX, event.clientY)
    if (!spot) return
    this.focusSpot(spot, false)
    this.onPick(spot.kind, spot.kind === "tile" ? Number(spot.id) : spot.id, spot.el)
  }

  move(event) {
    if (event.pointerType !== "mouse") return
    const spot = this.spotAt(event.clientX, event.clientY)
    this.svg?.classList.toggle("is-over-spot", Boolean(spot))
    if (!this.onHover || !spot || spot === this.hovered) return
    this.hovered = spot
    this.onHover(spot.kind, spot.kind === "tile" ? Number(spot.id) : spot.id, spot.el)
  }

  focusSpot(spot, focus = true) {
    for (const s of this.spots) s.el.setAttribute("tabindex", s === spot ? "0" : "-1")
    if (focus) spot.el.focus()
  }

  key(event) {
    const from = this.spots.find((s) => s.el === event.target)
    if (!from) return
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault()
      this.onPick(from.kind, from.kind === "tile" ? Number(from.id) : from.id, from.el)
      return
    }
    const way = ARROWS[event.key]
    if (!way) return
    event.preventDefault()
    const [x0, y0] = centre(from.g)
    let best = null
    let bestScore = Infinity
    for (const spot of this.spots) {
      const [x, y] = centre(spot.g)
      const along = (x - x0) * way[0] + (y - y0) * way[1]
      if (spot === from || along <= 1) continue
      const score = along + 2 * Math.abs((x - x0) * way[1] - (y - y0) * way[0])  // straight ahead first
      if (score < bestScore) { best = spot; bestScore = score }
    }
    if (best) this.focusSpot(best)
  }
}
