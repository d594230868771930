// Interaction on top of the engine's SVG board (catan_core.svg), the same for every board of
// the site: FAQ widgets, tutorial tasks and the game page.
//
//   const board = new Board(figure, { catalog, onPick: (kind, id, el) => … })
//   board.pick(["node"], legalNodes)   // what may be chosen now (null: every spot of the kinds)
//   board.replace(svgText)              // after the engine drew the board again
//
// The board is one tab stop: the SVG becomes a named group of buttons (the spots that may be
// chosen, named for people from the svg's data-near: "corner of 6 fields, 9 hills and sea");
// arrow keys move between them by position on screen, Enter or Space chooses.
//
// Pointers: a mouse picks the nearest choosable spot within CAPTURE_PX. A finger is not that
// precise, and on a phone the corners of a whole island are ~31 px apart, too close for a
// 44×44 px target each however the picture is cut up. So each corner or side owns the 44×44
// CSS px square centred on it (TARGET_PX) without the drawing growing: a tap inside exactly
// one square chooses that spot; a tap inside several opens a short list of them under the
// finger (the chooser: numbered on the board, one ≥ 44 px button each). Hexes are big enough:
// a tap inside one chooses it.

import { h, parse } from "./dom.js"

export const SPOTS = { tile: "g.tile[data-tile]", node: "g.node[data-node]", edge: "line.edge[data-edge]" }
/** The kind of spot each piece stands on. */
export const SPOT_OF = { settlement: "node", city: "node", road: "edge", robber: "tile" }
/** The engine's question (catan_web.faq) for each kind of spot: where may a settlement, a road or
 *  the robber go (a city goes where the colour's own settlement stands). */
export const SPOT_QUESTION = { node: "settlement_spots", edge: "road_spots", tile: "robber_spots" }
export const CAPTURE_PX = 34
export const TARGET_PX = 44
export const NEAR_PX = 12
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

/** Whether point `p` lies inside the polygon `points` (even-odd rule). */
function inside(p, points) {
  let hit = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]
    const [xj, yj] = points[j]
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}

/** Whether the square of half-side `r` centred on `p` holds the point or meets the segment of
 *  spot geometry `g` (Liang–Barsky clipping of the segment to the square). */
function inSquare(p, g, r) {
  const [x0, y0] = g.a
  const [dx, dy] = g.b ? [g.b[0] - x0, g.b[1] - y0] : [0, 0]
  let [t0, t1] = [0, 1]
  for (const [q, d] of [[x0 - (p[0] - r), -dx], [p[0] + r - x0, dx], [y0 - (p[1] - r), -dy], [p[1] + r - y0, dy]]) {
    if (d === 0) { if (q < 0) return false; continue }
    const t = q / d
    if (d < 0) t0 = Math.max(t0, t)
    else t1 = Math.min(t1, t)
    if (t0 > t1) return false
  }
  return true
}

// -- drawing again: only what changed ----------------------------------------------------------
//
// The engine draws a whole board each time, but from one move to the next most of it (hexes,
// harbours, the sides and corners that are not marked) is the same. Putting only the changed
// parts in place spares the browser styling and laying out hundreds of elements again, which
// was most of the time from a click to the new board. Each element of a drawing keeps the
// markup it came with (`catanMarkup`: the page adds names and tab stops to it afterwards), and
// a new drawing is compared with those, element by element under the svg.

/** Set an attribute unless it already has that value (an element kept from the last drawing
 *  usually has: setting it again would still make the browser restyle it). */
function set(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value)
}

const rootKey = (svg) => [...svg.attributes].map((a) => `${a.name}=${a.value}`).join(" ")

/** Note on each element of a drawing about to be shown the markup it came with. */
function remember(svg) {
  svg.catanRoot = rootKey(svg)
  for (const child of svg.children) child.catanMarkup = child.outerHTML
}

/** Make `old` (shown) draw what `next` (not shown) draws, moving in only the elements that
 *  changed; false (nothing done) when the two differ in their svg element itself. The order
 *  of the drawing is kept: an element is kept only after the last one kept. */
function update(old, next) {
  if (old.catanRoot !== rootKey(next)) return false
  const waiting = new Map()            // markup -> the old elements drawing it, in order
  const olds = [...old.children]
  olds.forEach((el, at) => {
    if (el.catanMarkup === undefined) return
    const list = waiting.get(el.catanMarkup) || []
    list.push(at)
    waiting.set(el.catanMarkup, list)
  })
  const keep = new Set()
  const plan = []                      // [element to show, whether it is already in place]
  let last = -1
  for (const child of [...next.children]) {
    const markup = child.outerHTML
    const list = waiting.get(markup)
    while (list && list.length && list[0] <= last) list.shift()
    if (list && list.length) {
      last = list.shift()
      keep.add(olds[last])
      plan.push([olds[last], true])
    } else {
      child.catanMarkup = markup
      plan.push([child, false])
    }
  }
  for (const el of olds) if (!keep.has(el)) el.remove()
  let before = null                    // the element shown just before the next one
  for (const [el, placed] of plan) {
    if (!placed) {
      if (before) before.after(el)
      else old.prepend(el)
    }
    before = el
  }
  return true
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
    this.chooser = null   // the list a tap between several spots opens
    this.press = null     // where the last finger or pen touched (the click may be moved)
    host.classList.add("catan-board-host")
    host.addEventListener("pointerdown", (event) => {
      this.press = { x: event.clientX, y: event.clientY, type: event.pointerType }
    })
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

  /** Put a new drawing in place (SVG text or element), keeping the spot in focus; `kinds` and
   *  `targets`, when given, are what may be chosen on it (as `pick`'s). Returns the
   *  board's svg element: the one in place, changed where the drawing changed (see `update`). */
  replace(svg, { viewBox = null, keep = [], kinds = this.kinds, targets = undefined } = {}) {
    const old = this.svg
    if (targets !== undefined) {      // what may be chosen on the new drawing (see `pick`)
      this.kinds = kinds || []
      this.targets = targets ? new Set(targets.map(String)) : null
    }
    const next = typeof svg === "string" ? parse(svg) : svg
    if (viewBox) next.setAttribute("viewBox", viewBox)
    for (const extra of keep) next.append(extra.cloneNode(true))
    const focused = this.focusedId()
    const shown = old && update(old, next) ? old : next
    if (shown !== old) {
      remember(next)
      if (old) old.replaceWith(next)
      else this.host.append(next)
    }
    this.enhance(focused)
    return shown
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
    this.closeChooser()
    for (const port of svg.querySelectorAll(".port[data-port] title")) {
      const name = this.catalog.harbour(port.parentNode.dataset.port)
      if (port.textContent !== name) port.textContent = name
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
        if (shown(centre(g)) && (!g.b || (shown(g.a) && shown(g.b)))) {  // not what a crop cuts
          this.spots.push({ el, kind, id, g })
        }
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
      set(svg, "role", "img")
      svg.classList.remove("is-over-spot")    // nothing left to point at
      return
    }
    set(svg, "role", "group")
    if (this.label) set(svg, "aria-label", this.label)
    const again = focused && this.spots.find((s) => `${s.kind}:${s.id}` === focused)
    const stop = again || this.spots[0]
    for (const { el } of this.spots) {
      const name = this.catalog.spotName(el)
      set(el, "role", "button")
      set(el, "tabindex", el === stop.el ? "0" : "-1")
      set(el, "aria-label", this.describe ? this.describe(el, name) : name)
    }
    if (again && document.activeElement !== again.el) again.el.focus()
  }

  /** A screen point in the SVG's user units, with the CSS px per unit; null without a board. */
  toBoard(clientX, clientY) {
    const ctm = this.svg?.getScreenCTM()
    if (!ctm || !this.spots.length) return null
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse())
    return { p: [p.x, p.y], scale: Math.hypot(ctm.a, ctm.b) }
  }

  /** The choosable spot a mouse at (clientX, clientY) picks: a corner or side within NEAR_PX,
   *  else the hex under it, else the nearest spot within CAPTURE_PX (or null). A side is also
   *  the edge of its hexes: without the first rule the hex would win a click on the side. */
  spotAt(clientX, clientY) {
    const at = this.toBoard(clientX, clientY)
    if (!at) return null
    let best = null
    let bestDistance = CAPTURE_PX / at.scale
    for (const spot of this.spots) {
      if (spot.g.polygon) continue
      const d = distance(at.p, spot.g)
      if (d <= bestDistance) { best = spot; bestDistance = d }
    }
    if (best && bestDistance <= NEAR_PX / at.scale) return best
    const hex = this.spots.find((s) => s.g.polygon && inside(at.p, s.g.polygon))
    if (hex) return hex
    for (const spot of this.spots) {
      if (!spot.g.polygon) continue
      const d = distance(at.p, spot.g)
      if (d <= bestDistance) { best = spot; bestDistance = d }
    }
    return best
  }

  /** The spots a finger at (clientX, clientY) may mean, nearest first: the corners and sides
   *  whose 44×44 px square holds it, else the hex under it, else the nearest spot in reach. */
  offered(clientX, clientY) {
    const at = this.toBoard(clientX, clientY)
    return at ? this.offeredAt(at.p, at.scale) : []
  }

  /** `offered` at the point `p` of the board's user units, `scale` CSS px per unit. */
  offeredAt(p, scale) {
    const half = TARGET_PX / 2 / scale
    const near = this.spots.filter((s) => !s.g.polygon && inSquare(p, s.g, half))
    if (near.length) return near.sort((s, t) => distance(p, s.g) - distance(p, t.g))
    let best = this.spots.find((s) => s.g.polygon && inside(p, s.g.polygon))
    let bestDistance = CAPTURE_PX / scale
    for (const spot of best ? [] : this.spots) {
      const d = distance(p, spot.g)
      if (d <= bestDistance) { best = spot; bestDistance = d }
    }
    return best ? [best] : []
  }

  choose(spot) {
    this.closeChooser()
    this.focusSpot(spot, false)
    this.onPick(spot.kind, spot.kind === "tile" ? Number(spot.id) : spot.id, spot.el)
  }

  click(event) {
    const press = this.press
    this.press = null
    if (!this.svg?.contains(event.target) || event.target.closest?.(".port")) return
    const keyed = event.detail === 0 && this.spots.find((s) => s.el === event.target)
    const finger = ["touch", "pen"].includes(press?.type ?? event.pointerType)
    if (keyed || !finger) {
      const spot = keyed || this.spotAt(event.clientX, event.clientY)
      if (spot) this.choose(spot)
      return
    }
    // where the finger touched: Chromium may move a tap's click onto a nearby element
    const [x, y] = press ? [press.x, press.y] : [event.clientX, event.clientY]
    const offered = this.offered(x, y)
    if (offered.length === 1) this.choose(offered[0])
    else if (offered.length > 1) this.openChooser(offered, x, y)
  }

  /** The chooser: the spots a tap may mean, numbered on the board and listed under the finger
   *  as buttons of at least 44×44 px; Escape, Cancel or a tap elsewhere closes it. */
  openChooser(offered, clientX, clientY) {
    this.closeChooser()
    const svg = this.svg
    const marks = document.createElementNS("http://www.w3.org/2000/svg", "g")
    marks.setAttribute("class", "catan-chooser-marks")
    marks.setAttribute("aria-hidden", "true")
    const radius = 11 / this.toBoard(clientX, clientY).scale   // a 22 px badge
    const buttons = offered.map((spot, i) => {
      const [x, y] = centre(spot.g)
      const badge = document.createElementNS("http://www.w3.org/2000/svg", "g")
      badge.setAttribute("data-spot", `${spot.kind}:${spot.id}`)
      badge.innerHTML = `<circle cx="${x}" cy="${y}" r="${radius}"/>` +
        `<text x="${x}" y="${y + radius * 0.4}" text-anchor="middle" font-size="${radius * 1.2}">${i + 1}</text>`
      marks.append(badge)
      const propose = () => {
        for (const b of marks.children) b.classList.toggle("is-proposed", b === badge)
      }
      return h("button", {
        type: "button", class: "catan-chooser__spot", "data-spot": `${spot.kind}:${spot.id}`,
        onclick: () => this.choose(spot), onfocus: propose, onpointerenter: propose,
      }, h("span", { class: "catan-chooser__number", "aria-hidden": "true" }, String(i + 1)),
      spot.el.getAttribute("aria-label"))
    })
    svg.append(marks)
    const list = h("div", {
      class: "catan-chooser", role: "group", "aria-label": this.catalog.t("board_choose"),
      onkeydown: (event) => { if (event.key === "Escape") this.closeChooser(true) },
    }, buttons, h("button", { type: "button", class: "catan-chooser__cancel", onclick: () => this.closeChooser(true) },
      this.catalog.t("board_cancel")))
    this.host.append(list)
    const box = this.host.getBoundingClientRect()
    const left = Math.max(0, Math.min(clientX - box.left - list.offsetWidth / 2, box.width - list.offsetWidth))
    list.style.left = `${left}px`
    // just below the finger (which would hide it), or above it where there is no room below
    const below = clientY + 26 + list.offsetHeight <= Math.min(box.bottom, innerHeight)
    const above = clientY - 26 - list.offsetHeight >= Math.max(box.top, 0)
    list.style.top = `${clientY - box.top + (below || !above ? 26 : -26 - list.offsetHeight)}px`
    const away = (event) => { if (!list.contains(event.target)) this.closeChooser() }
    document.addEventListener("pointerdown", away, true)
    this.chooser = { list, marks, away }
    buttons[0].focus({ preventScroll: true })
  }

  closeChooser(refocus = false) {
    if (!this.chooser) return
    const { list, marks, away } = this.chooser
    this.chooser = null
    document.removeEventListener("pointerdown", away, true)
    list.remove()
    marks.remove()
    if (refocus) this.spots.find((s) => s.el.getAttribute("tabindex") === "0")?.el.focus()
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
    for (const s of this.spots) set(s.el, "tabindex", s === spot ? "0" : "-1")
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
