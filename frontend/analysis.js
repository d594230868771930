// The analysis board: set up any position and ask the rules engine about it.
//
// No rule lives here. The page holds one position document (catan-position/1); every edit goes
// to the engine (catan_web.analysis.edit, in the page's Web Worker), which makes it on the
// document and reads the result back, so a position the rules do not allow is refused with the
// rule it breaks (two settlements too close, a sixth city...) and never drawn. The questions
// (may this colour build here, what does each roll pay, who holds the awards, what may the
// player do now) are the engine's reports; the page shows them in the reader's language.
//
// The board is one tab stop (core/board.js): arrows move between its spots, Enter chooses. What
// choosing does depends on the tool: ask, place a piece of the chosen colour, remove a piece,
// move the robber, change a hex or a harbour. Every change can be undone and redone, and the
// address holds the position (#p=<share code>, checked by the engine when opened), so a link
// shares it; "Play from here" opens it on the Play page.
//
// The engine starts on the first interaction (or at once when the address holds a position);
// until then the island drawn at build time can be looked at and moved through.
//
// Words come from the page's catalog (core/i18n.js), section "analysis" (i18n/analysis.yml and
// the game page's i18n/game.yml: colours, phases, points).

import { Board, SPOT_QUESTION } from "./core/board.js"
import { h, onPage } from "./core/dom.js"
import { Catalog, RESOURCES } from "./core/i18n.js"
import { call, ensureRuntime, onProgress } from "./core/runtime.js"
import * as store from "./game/store.js"

const analysis = (fn, ...args) => call(`analysis.${fn}`, ...args)
const COLOURS = ["red", "blue", "white", "orange"]
/** What each tool lets the reader choose on the board. */
const TOOLS = {
  ask: ["tile", "edge", "node"], settlement: ["node"], city: ["node"], road: ["edge"],
  remove: ["edge", "node"], robber: ["tile"], hex: ["tile"], harbour: ["edge"],
}
const PHASES = ["setup_settlement", "setup_road", "roll", "discard", "move_robber", "main"]
const DEV = ["knight", "road_building", "year_of_plenty", "monopoly", "victory_point"]
const TERRAINS = ["hills", "forest", "pasture", "fields", "mountains", "desert"]
const NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
const HARBOURS = ["3:1", ...RESOURCES]
const LIMIT = 200                        // undo steps kept

const clone = (value) => JSON.parse(JSON.stringify(value))
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)
const count = (cards) => Object.values(cards || {}).reduce((a, b) => a + b, 0)

function mount(root) {
  const text = Catalog.page().for("analysis")
  const t = (key, vars) => text.t(key, vars)
  const s = { root, text, t, position: JSON.parse(root.dataset.position), undo: [], redo: [],
    tool: "ask", colour: "red", selected: null, road: null, ready: null, queue: Promise.resolve() }
  const host = root.querySelector(".catan-analysis__board")
  s.el = {
    host,
    status: h("p", { class: "catan-analysis__status", role: "status" }),
    message: h("div", { class: "catan-analysis__message", "aria-live": "polite" }),
    undo: h("button", { type: "button", class: "md-button", "data-action": "undo", disabled: true,
      onclick: () => run(s, () => back(s, "undo", "redo")) }, t("an_undo")),
    redo: h("button", { type: "button", class: "md-button", "data-action": "redo", disabled: true,
      onclick: () => run(s, () => back(s, "redo", "undo")) }, t("an_redo")),
    copy: h("button", { type: "button", class: "md-button", "data-action": "copy",
      onclick: () => copyLink(s) }, t("an_copy_link")),
    play: h("a", { class: "md-button", "data-action": "play", href: text.t("play_href") }, t("an_play_here")),
    form: h("div", { class: "catan-analysis__form" }),
    turn: h("div", { class: "catan-analysis__turn" }),
    cards: h("div", { class: "catan-analysis__cards" }),
    rolls: h("div", { class: "catan-analysis__rolls" }),
    standings: h("div", { class: "catan-analysis__standings" }),
    actions: h("div", { class: "catan-analysis__actions" }),
  }
  root.querySelector(".catan-analysis__notice")?.remove()
  const tools = h("fieldset", { class: "catan-analysis__tools" }, h("legend", {}, t("an_tool")),
    Object.keys(TOOLS).map((tool) => radio("catan-an-tool", tool, t(`an_tool_${tool}`), tool === s.tool,
      () => { s.tool = tool; s.selected = null; s.el.form.replaceChildren(); pick(s) })))
  s.el.colours = h("fieldset", { class: "catan-analysis__colours" }, h("legend", {}, t("an_colour")))
  host.before(h("div", { class: "catan-analysis__bar" }, s.el.undo, s.el.redo, s.el.copy, s.el.play))
  root.append(
    h("div", { class: "catan-analysis__side" },  // the answer first: under the board on a phone
      s.el.message, s.el.status, tools, s.el.colours, s.el.form,
      section(t("an_island"), islandForm(s)),
      section(t("an_turn"), s.el.turn),
      section(t("an_cards"), s.el.cards),
      section(t("an_actions"), s.el.actions)),
    h("div", { class: "catan-analysis__reports" },
      section(t("an_rolls"), s.el.rolls),
      section(t("an_standings"), s.el.standings)))
  s.board = new Board(host, { catalog: text, label: t("an_board_label"),
    onPick: (kind, id) => run(s, () => chosen(s, kind, id)) })
  colours(s)
  pick(s)
  root.addEventListener("pointerdown", () => activate(s), { once: true })
  root.addEventListener("focusin", () => activate(s), { once: true })
  root.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.target.closest("input, select")) return
    const key = event.key.toLowerCase()
    if (key === "z" && !event.shiftKey) { event.preventDefault(); run(s, () => back(s, "undo", "redo")) }
    if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); run(s, () => back(s, "redo", "undo")) }
  })
  root.catanAnalysis = s
  // the position of the address, read now: drawing the board writes the address again
  const opening = location.hash.startsWith("#p=") ? location.hash.slice(3) : null
  window.addEventListener("hashchange", () => {
    const code = location.hash.startsWith("#p=") ? location.hash.slice(3) : null
    if (s.ready && code && location.hash !== s.hash) run(s, () => openHash(s, code))
  })
  if (opening) run(s, () => openHash(s, opening))
}

function section(title, body) {
  return h("section", { class: "catan-analysis__section" }, h("h2", {}, title), body)
}

function radio(name, value, label, checked, onchange) {
  return h("label", { class: "catan-analysis__choice", "data-value": value },
    h("input", { type: "radio", name, value, checked, onchange }), h("span", {}, label))
}

function select(label, options, value, onchange, attrs = {}) {
  const el = h("select", { onchange: (event) => onchange(event.target.value), ...attrs },
    options.map(([v, words]) => h("option", { value: v, selected: String(v) === String(value) }, words)))
  return h("label", { class: "catan-analysis__field" }, h("span", {}, label), el)
}

function number(label, value, max, attrs = {}) {
  return h("label", { class: "catan-analysis__field catan-analysis__count" }, h("span", {}, label),
    h("input", { type: "number", min: 0, max, step: 1, value, inputmode: "numeric", ...attrs }))
}

/** Start the engine once (on the first interaction), then draw what it says. */
function activate(s) {
  if (!s.ready) {
    const stop = onProgress(({ stage, percent }) => {
      if (stage !== "failed") s.el.status.textContent = stage === "ready" ? "" : s.t("an_loading", { percent })
    })
    s.ready = ensureRuntime().then(() => { stop(); s.el.status.textContent = ""; return refresh(s) },
      (error) => { stop(); s.el.status.textContent = s.t("an_failed", { message: error.message }); throw error })
    s.ready.then(() => { s.root.dataset.state = "ready" }, () => { s.root.dataset.state = "failed" })
  }
  return s.ready
}

/** Run `task` after the engine is up and after the page's earlier tasks. */
function run(s, task) {
  s.root.dataset.busy = ""
  s.pending = (s.pending || 0) + 1
  s.queue = s.queue.then(async () => { await activate(s); await task() })
    .catch((error) => console.warn("catan analysis:", error))
    .finally(() => { s.pending -= 1; if (!s.pending) delete s.root.dataset.busy })
  return s.queue
}

function say(s, ...lines) { s.el.message.replaceChildren(...lines.filter(Boolean)) }
const ok = (text) => h("p", { class: "catan-analysis__verdict is-ok" }, h("span", { "aria-hidden": "true" }, "✔ "), text)
const info = (text) => h("p", { class: "catan-analysis__verdict" }, text)
/** The engine's refusal in words, the places it names ("4.SE") said as people say them; the
 *  catalog's own sentence for the rule (an_refused_<code>_<reason>) where the engine's, written
 *  for short codes, would lack their articles. */
function refusal(s, error) {
  const details = { ...(error.details || {}) }
  let named = false
  for (const [key, value] of Object.entries(details)) {
    if (typeof value !== "string" || !/^\d+\.[NSEW]{1,2}$/.test(value)) continue
    const el = s.board.svg.querySelector(key.includes("edge") ? `line.edge[data-edge="${value}"]`
      : `g.node[data-node="${value}"]`)  // "4.SE" names a corner and a side
    if (el) { details[key] = s.text.spotName(el); named = true }
  }
  const rule = [error.code, error.details?.reason].filter(Boolean).join("_")
  const text = named && s.text.has(`an_refused_${rule}`) ? s.t(`an_refused_${rule}`, details) : null
  return s.text.refusal({ ...error, details }, { cls: "catan-analysis__verdict is-bad", link: s.t("an_faq_link"), text })
}

// -- the position and its history ---------------------------------------------------------------

/** Make `edit` (catan_web.analysis.edit) on the position; true when the engine accepted it. */
async function edit(s, change, done = null) {
  const result = await analysis("edit", s.position, change)
  if (result.error) { say(s, refusal(s, result.error)); return false }
  await become(s, result.position)
  if (done) say(s, ok(done))
  return true
}

/** Take `position` as the new one (the old one can be had back with Undo). */
async function become(s, position) {
  s.undo.push(s.position)
  if (s.undo.length > LIMIT) s.undo.shift()
  s.redo = []
  s.position = position
  s.road = null
  await refresh(s)
}

async function back(s, from, to) {
  if (!s[from].length) return
  s[to].push(s.position)
  s.position = s[from].pop()
  s.road = null
  await refresh(s)
  say(s, info(s.t(from === "undo" ? "an_undone" : "an_redone")))
}

async function openHash(s, code) {
  const result = await analysis("open", code)
  if (result.error) {
    say(s, refusal(s, result.error))
    s.hash = null
    await refresh(s)
    return
  }
  await become(s, result.position)
  say(s, info(s.t("an_opened")))
}

async function copyLink(s) {
  await run(s, async () => {
    try {
      await navigator.clipboard.writeText(location.href)
      say(s, ok(s.t("an_copied")))
    } catch {
      const field = h("input", { type: "text", readonly: true, value: location.href, "aria-label": s.t("an_copy_link") })
      say(s, info(s.t("an_copy_by_hand")), field)
      field.select()
    }
  })
}

// -- drawing -----------------------------------------------------------------------------------

/** Draw the board and every report again from the position. */
async function refresh(s) {
  const marks = {}
  if (s.road?.length) marks.ok_edges = s.road
  if (s.selected?.kind === "node") marks.nodes = [s.selected.id]
  if (s.selected?.kind === "edge") marks.edges = [s.selected.id]
  if (s.selected?.kind === "tile") marks.tiles = [Number(s.selected.id)]
  const [svg, rolls, standings, actions, code] = await Promise.all([
    call("faq.render", s.position, marks, s.t("an_board_label")), analysis("rolls", s.position),
    analysis("standings", s.position), analysis("legal_actions", s.position), analysis("share", s.position)])
  s.board.replace(svg)
  pick(s)
  s.hash = `#p=${code}`
  history.replaceState(history.state, "", location.pathname + location.search + s.hash)
  s.el.play.href = playLink(s)
  s.el.undo.disabled = !s.undo.length
  s.el.redo.disabled = !s.redo.length
  if (!s.position.seats.includes(s.colour)) s.colour = s.position.seats[0]
  keepingFocus(s, () => {
    colours(s)
    turnForm(s)
    cardsForm(s)
    showRolls(s, rolls)
    showStandings(s, standings)
    showActions(s, actions)
  })
  s.root.dataset.version = String((Number(s.root.dataset.version) || 0) + 1)
}

function pick(s) { s.board.pick(TOOLS[s.tool]) }

/** Draw controls again with `redraw`, and give the focus back to the same control if it was in
 *  them: a keyboard user who changed whose turn it is, the phase or a count stays where they were
 *  instead of starting again from the top of the page. */
function keepingFocus(s, redraw) {
  const focused = document.activeElement
  const key = focused && focused !== document.body && s.root.contains(focused) ? focusKey(focused) : null
  redraw()
  if (!key || document.activeElement === focused && focused.isConnected) return
  const again = s.root.querySelector(key)
  if (again) again.focus({ preventScroll: true })
}

/** A selector naming a control in every drawing of the controls (its field, card, action, or
 *  its radio group and value); null for what has none (the board keeps its own focus). */
function focusKey(el) {
  const tag = el.tagName.toLowerCase()
  for (const attr of ["data-field", "data-resource", "data-dev", "data-action", "data-road"]) {
    if (el.hasAttribute(attr)) return `${tag}[${attr}="${CSS.escape(el.getAttribute(attr))}"]`
  }
  if (tag === "input" && el.type === "radio" && el.name) {
    return `input[name="${CSS.escape(el.name)}"][value="${CSS.escape(el.value)}"]`
  }
  return null
}

/** The Play page's address opening this position (its #pos= link, store.js). */
function playLink(s) {
  const data = { format: store.FORMAT, settings: store.settingsFor(s.position), position: s.position }
  return `${s.text.t("play_href")}#pos=${store.toBase64url(JSON.stringify(data))}`
}

function colours(s) {
  const seated = s.position.seats
  s.el.colours.replaceChildren(h("legend", {}, s.t("an_colour")), ...seated.map((c) =>
    radio("catan-an-colour", c, s.text.colour(c), c === s.colour,
      () => { s.colour = c; cardsForm(s); s.el.colours.dataset.colour = c })))
  s.el.colours.dataset.colour = s.colour
}

// -- choosing a spot on the board --------------------------------------------------------------

function piecesAt(s, kind, id) {
  for (const colour of s.position.seats) {
    const p = s.position.players[colour] || {}
    if (kind === "node" && (p.cities || []).includes(id)) return { colour, piece: "city" }
    if (kind === "node" && (p.settlements || []).includes(id)) return { colour, piece: "settlement" }
    if (kind === "edge" && (p.roads || []).includes(id)) return { colour, piece: "road" }
  }
  return null
}

function placeName(s, kind, id) {
  const el = s.board.svg.querySelector(kind === "node" ? `g.node[data-node="${id}"]`
    : kind === "edge" ? `line.edge[data-edge="${id}"]` : `g.tile[data-tile="${id}"]`)
  return el ? s.text.spotName(el) : id
}

async function chosen(s, kind, id) {
  const place = placeName(s, kind, id)
  const player = s.text.colour(s.colour)
  const piece = (name) => s.t(`an_piece_${name}`)
  if (s.tool === "ask") return ask(s, kind, id)
  if (["settlement", "city", "road"].includes(s.tool)) {
    return edit(s, { op: "place", colour: s.colour, piece: s.tool, place: id },
      s.t(`an_placed_${kind}`, { player, piece: piece(s.tool), place }))
  }
  if (s.tool === "remove") {
    const found = piecesAt(s, kind, id)
    if (!found) return say(s, info(s.t(`an_nothing_there_${kind}`, { place })))
    return edit(s, { op: "remove", ...found, place: id },
      s.t(`an_removed_${kind}`, { player: s.text.colour(found.colour), piece: piece(found.piece), place }))
  }
  if (s.tool === "robber") {
    return edit(s, { op: "robber", tile: Number(id) }, s.t("an_robber_moved", { place }))
  }
  s.selected = { kind, id }
  await refresh(s)
  if (s.tool === "hex") hexForm(s, Number(id))
  else harbourForm(s, id)
}

/** May the chosen colour build here now (corner: settlement, or city on its settlement; side:
 *  road; hex: the robber)? The engine's spot report, with the rule that refuses it. */
async function ask(s, kind, id) {
  const colour = s.colour
  const place = placeName(s, kind, id)
  const player = s.text.colour(colour)
  const found = kind === "node" ? piecesAt(s, kind, id) : null
  s.selected = { kind, id }
  await refresh(s)
  if (found?.colour === colour && found.piece === "settlement") {
    const result = await analysis("edit", s.position, { op: "place", colour, piece: "city", place: id })
    return say(s, result.error ? refusal(s, result.error) : ok(s.t("an_city_may", { player, place })))
  }
  const report = await analysis("ask", s.position, { type: SPOT_QUESTION[kind], player: colour })
  const legal = (report.legal || []).map(String)
  const code = legal.includes(String(id)) ? null : (report.illegal || {})[String(id)] || "unknown_place"
  if (code) return say(s, refusal(s, { code, details: {} }))
  const key = { node: "an_settlement_may", edge: "an_road_may", tile: "an_robber_may" }[kind]
  const victims = kind === "tile" ? (report.victims || {})[String(id)] || [] : []
  say(s, ok(s.t(key, { player, place })),
    victims.length ? info(s.t("an_victims", { players: s.text.list(victims.map((c) => s.text.colour(c))) })) : null)
}

// -- forms ---------------------------------------------------------------------------------------

function hexForm(s, tile) {
  const [terrain, num] = s.position.board.tiles[tile].split(" ")
  let chosenTerrain = terrain
  let chosenNumber = num || ""
  const numbers = select(s.t("an_number"), [["", s.t("an_no_number")], ...NUMBERS.map((n) => [n, String(n)])],
    chosenNumber, (v) => { chosenNumber = v })
  const apply = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "apply-hex",
    onclick: () => run(s, async () => {
      const change = { op: "tile", tile, terrain: chosenTerrain, number: chosenNumber ? Number(chosenNumber) : null }
      if (await edit(s, change, s.t("an_hex_changed", { place: placeName(s, "tile", tile) }))) s.el.form.replaceChildren()
    }) }, s.t("an_apply"))
  s.el.form.replaceChildren(h("fieldset", {}, h("legend", {}, placeName(s, "tile", tile)),
    select(s.t("an_terrain"), TERRAINS.map((x) => [x, s.text.term(x)]), terrain, (v) => { chosenTerrain = v }),
    numbers, apply))
  s.el.form.querySelector("select").focus()
}

function harbourForm(s, edge) {
  const current = s.position.board.ports?.[edge] ?? ""
  let kind = current
  const apply = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "apply-harbour",
    onclick: () => run(s, async () => {
      const change = { op: "port", edge, kind: kind || null }
      if (await edit(s, change, s.t("an_harbour_changed", { place: placeName(s, "edge", edge) }))) s.el.form.replaceChildren()
    }) }, s.t("an_apply"))
  s.el.form.replaceChildren(h("fieldset", {}, h("legend", {}, placeName(s, "edge", edge)),
    select(s.t("an_harbour"), [["", s.t("an_no_harbour")], ...HARBOURS.map((x) => [x, s.text.harbour(x)])],
      current, (v) => { kind = v }), apply))
  s.el.form.querySelector("select").focus()
}

function islandForm(s) {
  let board = "beginner"
  let seed = 1
  let seats = 4
  const seedField = number(s.t("an_seed"), seed, 2147483647, { "data-field": "seed",
    onchange: (event) => { seed = Math.max(0, Math.floor(Number(event.target.value) || 0)) } })
  return h("div", { class: "catan-analysis__island" },
    select(s.t("an_island_kind"), [["beginner", s.t("board_beginner")], ["random", s.t("board_variable")]], board,
      (v) => { board = v }, { "data-field": "island" }),
    seedField,
    select(s.t("players_count"), [[3, "3"], [4, "4"]], seats, (v) => { seats = Number(v) }, { "data-field": "seats" }),
    h("button", { type: "button", class: "md-button", "data-action": "new-island",
      onclick: () => run(s, async () => {
        const result = await analysis("island", { board, seed, seats: COLOURS.slice(0, seats) })
        if (result.error) return say(s, refusal(s, result.error))
        await become(s, result.position)
        say(s, ok(s.t("an_new_island")))
      }) }, s.t("an_new_island_go")))
}

function turnForm(s) {
  const turn = s.position.turn
  const player = select(s.t("an_turn_player"), s.position.seats.map((c) => [c, s.text.colour(c)]), turn.player,
    (v) => run(s, () => edit(s, { op: "turn", player: v, phase: turn.phase })), { "data-field": "turn-player" })
  const phase = select(s.t("an_phase"), PHASES.map((p) => [p, s.t(`phase_${p}`)]), turn.phase,
    (v) => run(s, () => edit(s, { op: "turn", player: turn.player, phase: v })), { "data-field": "phase" })
  const seats = select(s.t("an_seats"), [3, 4].map((n) => [n, String(n)]), s.position.seats.length,
    (v) => run(s, () => edit(s, { op: "seats", seats: COLOURS.slice(0, Number(v)) })), { "data-field": "seat-count" })
  s.el.turn.replaceChildren(player, phase, seats)
}

function cardsForm(s) {
  const colour = s.colour
  const p = s.position.players[colour] || {}
  const dev = {}
  for (const card of p.dev_cards || []) dev[card] = (dev[card] || 0) + 1
  const fields = h("div", { class: "catan-analysis__counts" },
    RESOURCES.map((r) => number(capital(s.text.term(r)), p.hand?.[r] || 0, null, { "data-resource": r })),
    DEV.map((d) => number(capital(s.text.term(d)), dev[d] || 0, null, { "data-dev": d })),
    number(s.t("an_knights_played"), p.knights_played || 0, null, { "data-field": "knights" }))
  const apply = h("button", { type: "button", class: "md-button", "data-action": "apply-cards",
    onclick: () => run(s, async () => {
      const read = (sel) => Math.max(0, Math.floor(Number(fields.querySelector(sel).value) || 0))
      const hand = Object.fromEntries(RESOURCES.map((r) => [r, read(`[data-resource=${r}]`)]).filter(([, n]) => n))
      const cards = DEV.flatMap((d) => Array(read(`[data-dev=${d}]`)).fill(d))
      await edit(s, { op: "hand", colour, hand, dev_cards: cards, knights_played: read("input[data-field=knights]") },
        s.t("an_cards_changed", { player: s.text.colour(colour) }))
    }) }, s.t("an_apply_cards", { player: s.text.colour(colour) }))
  s.el.cards.replaceChildren(fields, apply)
}

// -- the engine's reports ----------------------------------------------------------------------

function gainsText(s, gains) {
  const parts = Object.entries(gains || {}).filter(([, cards]) => count(cards))
    .map(([c, cards]) => s.text.labelled(s.text.colour(c), s.text.cards(cards)))
  return parts.length ? parts.join(" · ") : s.t("nothing")
}

function showRolls(s, rolls) {
  const rows = rolls.filter((r) => r.total !== 7).map((r) => h("tr", { "data-total": r.total },
    h("th", { scope: "row" }, String(r.total)),
    h("td", {}, gainsText(s, r.gains),
      r.shortage?.length ? h("span", { class: "catan-analysis__note" },
        " ", s.t("an_shortage", { resources: s.text.list(r.shortage.map((x) => s.text.term(x))) })) : null)))
  s.el.rolls.replaceChildren(h("table", { class: "catan-analysis__table" },
    h("caption", { class: "catan-analysis__caption" }, s.t("an_rolls_caption")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, s.t("an_roll")), h("th", { scope: "col" }, s.t("an_pays")))),
    h("tbody", {}, rows)))
}

function showStandings(s, { awards, points }) {
  const lr = awards.longest_road
  const la = awards.largest_army
  const rows = s.position.seats.map((c) => h("tr", { "data-colour": c },
    h("th", { scope: "row" }, h("span", { class: "catan-analysis__swatch", "data-player": c, "aria-hidden": "true" }), s.text.colour(c)),
    h("td", {}, String(lr.lengths[c] || 0), lr.holder === c ? h("strong", {}, " ", s.t("an_holds")) : null,
      lr.paths[c]?.length ? h("button", { type: "button", class: "catan-analysis__show", "data-road": c,
        "aria-label": s.t("an_show_road_of", { player: s.text.colour(c) }),
        onclick: () => run(s, async () => { s.road = lr.paths[c]; await refresh(s); say(s, info(s.t("an_road_shown", { player: s.text.colour(c), length: lr.lengths[c] }))) }) },
      s.t("an_show_road")) : null),
    h("td", {}, String(la.knights[c] || 0), la.holder === c ? h("strong", {}, " ", s.t("an_holds")) : null),
    h("td", { "data-points": points[c].total }, String(points[c].total))))
  s.el.standings.replaceChildren(h("table", { class: "catan-analysis__table" },
    h("thead", {}, h("tr", {}, ["player", "an_longest_road", "an_knights", "an_points"].map((k) => h("th", { scope: "col" }, s.t(k))))),
    h("tbody", {}, rows)))
}

const ACTION_KEYS = ["roll", "build_settlement", "build_city", "build_road", "buy_dev_card", "bank_trade",
  "place_settlement", "place_road", "discard", "move_robber", "end_turn"]
const PLACED = ["build_settlement", "build_city", "build_road", "place_settlement", "place_road", "move_robber"]

/** What each player may do now (the engine's legal actions), by kind; a kind played on the
 *  board says on how many places. */
function showActions(s, actions) {
  const byPlayer = new Map()
  for (const action of actions) {
    const key = action.type.startsWith("play_") ? `play:${action.type.slice(5)}` : action.type
    const mine = byPlayer.get(action.player) || new Map()
    const places = mine.get(key) || new Set()
    places.add(String(action.node ?? action.edge ?? action.tile ?? ""))
    mine.set(key, places)
    byPlayer.set(action.player, mine)
  }
  const words = (key, n) => {
    if (key.startsWith("play:")) return s.t("an_act_play", { card: s.text.term(key.slice(5)) })
    const base = ACTION_KEYS.includes(key) ? s.t(`an_act_${key}`) : key
    return PLACED.includes(key) ? s.t("an_act_places", { action: base, n }) : base
  }
  const lists = [...byPlayer.entries()].map(([colour, kinds]) => h("div", { "data-colour": colour },
    h("p", {}, s.t("an_may_now", { player: s.text.colour(colour) })),
    h("ul", {}, [...kinds.entries()].map(([key, places]) => h("li", { "data-act": key }, words(key, places.size))))))
  s.el.actions.replaceChildren(...(lists.length ? lists : [h("p", {}, s.t("an_no_actions"))]))
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-catan-analysis]")) {
    if (!root.catanAnalysis) mount(root)
  }
})
