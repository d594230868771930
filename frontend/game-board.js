// The island as SVG for the game page, drawn with the geometry of catan_core (game_bridge.geometry)
// and the colours of catan_core/svg.py, so it looks like the diagrams of the rules pages. Unlike
// those pictures it can hide terrains during set-up (Fog, Terra Incognita) and its spots are
// focusable buttons: the legal ones are marked and in the Tab order, every spot can be clicked
// (an illegal one then shows the rule that forbids it).

const NS = "http://www.w3.org/2000/svg"
const R = 50
export const TERRAIN_FILL = {
  hills: "#c96a3b", forest: "#2f7d3a", pasture: "#9ccc65", fields: "#f1c84b",
  mountains: "#9a9a9a", desert: "#e6d5a3", hidden: "#8a97a3",
}
export const PLAYER_FILL = { red: "#d32f2f", blue: "#1e63c4", white: "#f5f5f5", orange: "#f08a1c" }
export const RESOURCE_TERRAIN = { brick: "hills", lumber: "forest", wool: "pasture", grain: "fields", ore: "mountains" }
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 }

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, String(value))
  }
  for (const child of children) if (child) el.append(child)
  return el
}

const f = (v) => Math.round(v * 10) / 10

/** A rectangle `half` wide on each side of a segment: an edge's clickable area (a polygon has a
 *  real bounding box even when the edge is vertical, unlike a stroked line). */
function band({ x1, y1, x2, y2 }, half) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1
  const nx = (-(y2 - y1) / len) * half
  const ny = ((x2 - x1) / len) * half
  return [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]]
    .map(([a, b]) => `${f(a)},${f(b)}`).join(" ")
}

export function parseTile(text) {
  const [terrain, number] = String(text).split(" ")
  return { terrain, number: number ? Number(number) : null }
}

export class Board {
  /** `geometry`: game_bridge.geometry(); `text`: a Text; `onPick(kind, name)` on a spot. */
  constructor(geometry, text, onPick) {
    this.g = geometry
    this.text = text
    this.onPick = onPick
    this.nodeTiles = geometry.nodes.map(() => [])
    geometry.tiles.forEach((tile, t) => tile.corners.forEach((n) => this.nodeTiles[n].push(t)))
    this.edgeTiles = geometry.edges.map((e) => this.nodeTiles[e.a].filter((t) => this.nodeTiles[e.b].includes(t)))
    this.nodeIndex = new Map(geometry.nodes.map((n, i) => [n.name, i]))
    this.edgeIndex = new Map(geometry.edges.map((e, i) => [e.name, i]))
    const xs = geometry.nodes.map((n) => n.x * R)
    const ys = geometry.nodes.map((n) => n.y * R)
    const pad = R * 0.95
    this.box = [Math.min(...xs) - pad, Math.min(...ys) - pad,
      Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad]
    // two pictures stacked: the island (redrawn rarely) under the pieces and spots (redrawn after
    // moves), so a move repaints only the upper one
    const viewBox = this.box.map(f).join(" ")
    this.base = svg("svg", { class: "catan-board__base", viewBox })
    this.top = svg("svg", { class: "catan-board__top", viewBox })
    this.el = document.createElement("div")
    this.el.className = "catan-game__svg"
    this.el.setAttribute("role", "group")
    this.el.setAttribute("aria-label", text.t("board_label"))
    this.el.append(this.base, this.top)
    this.el.addEventListener("click", (event) => this.picked(event))
    this.el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        if (this.picked(event)) event.preventDefault()
      }
    })
  }

  picked(event) {
    const spot = event.target.closest && event.target.closest("[data-pick]")
    if (!spot || !this.el.contains(spot)) return false
    this.onPick(spot.getAttribute("data-pick"), spot.getAttribute("data-name"))
    return true
  }

  point(n) {
    const node = this.g.nodes[n]
    return [node.x * R, node.y * R]
  }

  tileName(board, t, hidden) {
    const { terrain, number } = parseTile(board.tiles[t])
    if (hidden === "terra" && terrain !== "desert") return this.text.t("hidden_hex")
    const name = hidden === "fog" && terrain !== "desert" ? this.text.t("hidden_hex") : this.text.term(terrain)
    return number ? `${name} ${number}` : name
  }

  /**
   * Draw `position` (the full position) as `view` allows:
   *   hidden: null | "fog" | "terra"; pick: null | "node" | "edge" | "tile";
   *   legal: names (or tile numbers) to mark; last: {nodes, edges, tiles} just changed.
   * Returns true when the island itself was redrawn (the costly part).
   */
  draw(position, view = {}) {
    const { hidden = null, pick = null, legal = [], last = {} } = view
    const board = position.board
    const legalSet = new Set(legal.map(String))
    if (!this.layers) {
      const [x0, y0, w, h] = this.box
      this.layers = { tiles: svg("g"), harbours: svg("g"), pieces: svg("g", { class: "pieces" }), spots: svg("g") }
      this.base.replaceChildren(svg("rect", { x: f(x0), y: f(y0), width: f(w), height: f(h), rx: R / 2, fill: "#5b9bd5" }),
        this.layers.tiles, this.layers.harbours)
      this.top.replaceChildren(this.layers.pieces, this.layers.spots)
    }
    // each layer is redrawn only when what it shows changed: a computer move redraws a few pieces
    const island = this.layer("tiles", [board.tiles, hidden, pick === "tile" && legal], () =>
      this.g.tiles.map((tile, t) => this.tile(board, t, hidden, pick === "tile", legalSet.has(String(t)))))
    this.layer("harbours", [board.ports, hidden], () => (hidden === "terra" ? []
      : Object.entries(board.ports || {}).map(([edge, kind]) => this.harbour(edge, kind))))
    const players = Object.entries(position.players || {}).map(([c, p]) => [c, p.roads, p.settlements, p.cities])
    this.layer("pieces", [players, board.robber, last], () => {
      const owners = this.owners(position)
      return [
        ...owners.roads.map(([e, colour]) => this.road(e, colour, (last.edges || []).includes(this.g.edges[e].name))),
        ...owners.buildings.map(([n, piece]) => this.building(n, piece.colour, piece.city, (last.nodes || []).includes(this.g.nodes[n].name))),
        this.robber(board.robber ?? 9),
      ]
    })
    this.layer("spots", [pick === "tile" ? null : pick, legal, hidden, board.tiles], () => {
      if (pick === "edge") return this.g.edges.map((edge, e) => this.edgeSpot(e, board, hidden, legalSet.has(edge.name)))
      if (pick === "node") return this.g.nodes.map((node, n) => this.nodeSpot(n, board, hidden, legalSet.has(node.name)))
      return []
    })
    this.el.classList.toggle("is-picking", Boolean(pick))
    return island
  }

  /** Replace the children of one layer, unless `inputs` are those it was last drawn from. */
  layer(name, inputs, build) {
    const signature = JSON.stringify(inputs)
    const g = this.layers[name]
    if (g.catanSignature === signature) return false
    g.catanSignature = signature
    g.replaceChildren(...build().filter(Boolean))
    return true
  }

  owners(position) {
    const roads = []
    const buildings = []
    for (const [colour, player] of Object.entries(position.players || {})) {
      for (const name of player.roads || []) if (this.edgeIndex.has(name)) roads.push([this.edgeIndex.get(name), colour])
      for (const name of player.settlements || []) {
        if (this.nodeIndex.has(name)) buildings.push([this.nodeIndex.get(name), { colour, city: false }])
      }
      for (const name of player.cities || []) {
        if (this.nodeIndex.has(name)) buildings.push([this.nodeIndex.get(name), { colour, city: true }])
      }
    }
    return { roads, buildings }
  }

  tile(board, t, hidden, picking, isLegal) {
    const { terrain, number } = parseTile(board.tiles[t])
    const hideTerrain = hidden && terrain !== "desert"
    const corners = this.g.tiles[t].corners.map((n) => this.point(n).map(f).join(",")).join(" ")
    const cx = this.g.tiles[t].x * R
    const cy = this.g.tiles[t].y * R
    const group = svg("g", { class: "tile", "data-tile": t, "data-terrain": hideTerrain ? "hidden" : terrain })
    group.append(svg("polygon", {
      points: corners, fill: TERRAIN_FILL[hideTerrain ? "hidden" : terrain] || "#ccc", stroke: "#f4ecd6", "stroke-width": 3,
    }))
    if (hideTerrain) {
      const mark = svg("text", { x: f(cx), y: f(cy - R * 0.45), "text-anchor": "middle", class: "tile-unknown" })
      mark.textContent = "?"
      group.append(mark)
    }
    if (number && hidden !== "terra") {
      const red = number === 6 || number === 8
      const colour = red ? "#c62828" : "#222"
      group.append(svg("circle", { cx: f(cx), cy: f(cy), r: f(R * 0.36), fill: "#fbf3dc", stroke: "#6d5a3a" }))
      const label = svg("text", {
        x: f(cx), y: f(cy + R * 0.08), "text-anchor": "middle", "font-size": f(R * 0.34),
        "font-weight": "bold", "font-family": "sans-serif", fill: colour,
      })
      label.textContent = String(number)
      group.append(label)
      const pips = PIPS[number] || 0
      for (let i = 0; i < pips; i++) {
        group.append(svg("circle", { cx: f(cx + (i - (pips - 1) / 2) * R * 0.09), cy: f(cy + R * 0.2), r: f(R * 0.03), fill: colour }))
      }
    }
    if (picking) {
      group.setAttribute("data-pick", "tile")
      group.setAttribute("data-name", String(t))
      group.setAttribute("role", "button")
      group.setAttribute("aria-label", this.tileName(board, t, hidden))
      if (isLegal) {
        group.setAttribute("tabindex", "0")
        group.classList.add("is-legal")
        group.append(svg("polygon", { class: "legal-ring", points: corners, fill: "none" }))
      }
    }
    return group
  }

  harbour(edgeName, kind) {
    const e = this.edgeIndex.get(edgeName)
    const at = this.g.harbours[edgeName]
    if (e === undefined || !at) return null
    const edge = this.g.edges[e]
    const [px, py] = [at[0] * R, at[1] * R]
    const [ax, ay] = this.point(edge.a)
    const [bx, by] = this.point(edge.b)
    const fill = kind === "3:1" ? "#fff" : TERRAIN_FILL[RESOURCE_TERRAIN[kind]] || "#fff"
    const group = svg("g", { class: "port", "data-edge": edgeName, "data-port": kind },
      svg("line", { x1: f(ax), y1: f(ay), x2: f(px), y2: f(py), stroke: "#7a5a2f", "stroke-width": 3 }),
      svg("line", { x1: f(bx), y1: f(by), x2: f(px), y2: f(py), stroke: "#7a5a2f", "stroke-width": 3 }),
      svg("circle", { cx: f(px), cy: f(py), r: f(R * 0.3), fill, stroke: "#7a5a2f", "stroke-width": 2 }))
    const label = svg("text", {
      x: f(px), y: f(py + R * 0.07), "text-anchor": "middle", "font-size": f(R * 0.2),
      "font-family": "sans-serif", "font-weight": "bold",
    })
    label.textContent = kind === "3:1" ? "3:1" : "2:1"
    const title = svg("title")
    title.textContent = kind === "3:1" ? this.text.term("harbour_3_1") : `${this.text.term("harbour_2_1")}: ${this.text.term(kind)}`
    group.append(label, title)
    return group
  }

  segment(e) {
    const edge = this.g.edges[e]
    const [ax, ay] = this.point(edge.a)
    const [bx, by] = this.point(edge.b)
    const k = 0.16
    return { x1: f(ax + (bx - ax) * k), y1: f(ay + (by - ay) * k), x2: f(bx - (bx - ax) * k), y2: f(by - (by - ay) * k) }
  }

  road(e, colour, recent) {
    const s = this.segment(e)
    return svg("g", { class: recent ? "road is-recent" : "road", "data-edge": this.g.edges[e].name, "data-player": colour },
      recent ? svg("line", { ...s, class: "halo", "stroke-width": f(R * 0.34), "stroke-linecap": "round" }) : null,
      svg("line", { ...s, stroke: "#222", "stroke-width": f(R * 0.19), "stroke-linecap": "round" }),
      svg("line", { ...s, stroke: PLAYER_FILL[colour], "stroke-width": f(R * 0.12), "stroke-linecap": "round" }))
  }

  building(n, colour, city, recent) {
    const [x, y] = this.point(n)
    const s = R * (city ? 0.26 : 0.2)
    const pts = city
      ? [[x - s, y + s * 0.8], [x - s, y - s * 0.2], [x - s * 0.2, y - s * 0.2], [x - s * 0.2, y - s * 0.8],
          [x + s * 0.3, y - s * 1.2], [x + s, y - s * 0.8], [x + s, y + s * 0.8]]
      : [[x - s, y + s * 0.8], [x - s, y - s * 0.2], [x, y - s], [x + s, y - s * 0.2], [x + s, y + s * 0.8]]
    const piece = svg("polygon", {
      class: city ? "city" : "settlement", "data-node": this.g.nodes[n].name, "data-player": colour,
      points: pts.map(([a, b]) => `${f(a)},${f(b)}`).join(" "), fill: PLAYER_FILL[colour], stroke: "#222", "stroke-width": 2,
    })
    if (!recent) return piece
    // the piece just built: a still halo (an animation would repaint the board every frame)
    return svg("g", { class: "is-recent" }, svg("circle", { cx: f(x), cy: f(y - s * 0.1), r: f(s * 1.45), class: "halo" }), piece)
  }

  robber(t) {
    const tile = this.g.tiles[t]
    if (!tile) return null
    const cx = tile.x * R - R * 0.45
    const cy = tile.y * R
    const title = svg("title")
    title.textContent = this.text.term("robber")
    return svg("g", { class: "robber", "data-tile": t },
      svg("ellipse", { cx: f(cx), cy: f(cy + R * 0.12), rx: f(R * 0.13), ry: f(R * 0.2), fill: "#333", stroke: "#fff", "stroke-width": 1.5 }),
      svg("circle", { cx: f(cx), cy: f(cy - R * 0.15), r: f(R * 0.1), fill: "#333", stroke: "#fff", "stroke-width": 1.5 }), title)
  }

  describe(tiles, board, hidden) {
    return tiles.map((t) => this.tileName(board, t, hidden)).join(", ") || this.text.t("coast")
  }

  nodeSpot(n, board, hidden, isLegal) {
    const [x, y] = this.point(n)
    const name = this.g.nodes[n].name
    const group = svg("g", {
      class: isLegal ? "spot is-legal" : "spot", "data-pick": "node", "data-name": name, role: "button",
      tabindex: isLegal ? 0 : null,
      "aria-label": this.text.t("spot_node", { name, tiles: this.describe(this.nodeTiles[n], board, hidden) }),
    }, svg("circle", { cx: f(x), cy: f(y), r: f(R * 0.24), class: "hit" }))
    if (isLegal) group.append(svg("circle", { cx: f(x), cy: f(y), r: f(R * 0.15), class: "mark" }))
    return group
  }

  edgeSpot(e, board, hidden, isLegal) {
    const s = this.segment(e)
    const name = this.g.edges[e].name
    const group = svg("g", {
      class: isLegal ? "spot is-legal" : "spot", "data-pick": "edge", "data-name": name, role: "button",
      tabindex: isLegal ? 0 : null,
      "aria-label": this.text.t("spot_edge", { name, tiles: this.describe(this.edgeTiles[e], board, hidden) }),
    }, svg("polygon", { class: "hit", points: band(s, R * 0.15) }))
    if (isLegal) group.append(svg("line", { ...s, class: "mark", "stroke-width": f(R * 0.14), "stroke-linecap": "round" }))
    return group
  }
}
