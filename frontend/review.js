// The review page: a game played again move by move, as one reviewer saw it.
//
// No rule lives here. The game's record (the Play page's save, or an exported file: the position
// it started from and every action since) goes to the engine (catan_web.review, in the page's
// Web Worker), which plays it again and answers, for one step and one viewer, the board as the
// Play page draws it, the players as that viewer saw them, the dice and the cards gained and
// lost; and, turn after turn, each player's chance to win (catan_core.bots.chances). The page
// shows the answers: a slider and buttons (keys: arrows, Page Up/Down, Home/End), the board,
// the log in the reader's language (game/log.js, the Play page's words), a graph of the
// chances filled in while the page stays usable, and the turns where a chance moved most.
//
// A review is shared as a link (review/#r=<code>): the engine writes into it only what the
// reviewer saw (catan_core.review.Replay.seen: their view after each move, the log as they read
// it, no start, deck, dice to come or hidden card), and the page that opens it reviews the game
// as that reviewer, with the same answers.
//
// Words come from the page's catalog (core/i18n.js), section "review" (i18n/review.yml and the
// game page's i18n/game.yml).

import { Board } from "./core/board.js"
import { h, onPage, parse } from "./core/dom.js"
import { Catalog, RESOURCES } from "./core/i18n.js"
import { call, ensureRuntime, onProgress } from "./core/runtime.js"
import { describe } from "./game/log.js"
import * as store from "./game/store.js"
import { capitalise, cardsText, swatch } from "./game/ui.js"

const review = (fn, ...args) => call(`review.${fn}`, ...args)
const SAMPLES = 24                 // play-outs per point of the graph
const PART = 8                     // play-outs per request: a step asked meanwhile waits less
const ADVICE_SAMPLES = 16          // play-outs after the reviewer's choice and after the Expert's
const ADVICE_PART = 2              // of each per request (the first asks the Expert only); 4 left a step waiting up to 127 ms
const QUIET_MS = 1000             // the chances and suggestions wait this long after the reader's last step
const MOMENTS = 3                  // turns shown as key moments
const MOMENT_MIN = 0.1             // the least change of a chance worth calling a key moment
// The move buttons' symbols, drawn in the text's colour: not characters (the page's font has no
// ◀ or ▶, and looking for a font that has them held up the first layout of the review)
const ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  prevTurn: "M8 3v10L1 8zM15 3v10L8 8z",
  prev: "M11 3v10L4 8z",
  next: "M5 3v10l7-5z",
  nextTurn: "M1 3v10l7-5zM8 3v10l7-5z",
  last: "M3 3v10l7-5zM11 3h2v10h-2z",
}
const icon = (name) => parse(`<svg class="catan-review__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="${ICONS[name]}"/></svg>`)
const STROKES = { red: "", blue: "6 3", white: "2 3", orange: "8 3 2 3" }  // not colour alone
const MOMENT_EVENTS = new Set(["stole", "discarded", "monopoly", "built_city", "built_settlement",
  "longest_road", "largest_army", "played_dev_card", "traded", "robber_moved", "game_won"])

function mount(root) {
  const text = Catalog.page().for("review")
  const s = { root, text, t: (key, vars) => text.t(key, vars), game: null, opened: null,
    step: 0, wanted: null, asked: null, busy: false, points: [], viewer: null, run: 0 }
  root.replaceChildren()
  s.el = {
    source: h("div", { class: "catan-review__source" }),
    status: h("p", { class: "catan-review__status", role: "status" }),
    main: h("div", { class: "catan-review__main", hidden: true }),
  }
  root.append(s.el.source, s.el.status, s.el.main)
  sourceBar(s)
  current = s
  if (location.hash.startsWith(SHARED)) {
    openShared(s, location.hash.slice(SHARED.length))
    return
  }
  let handed = null  // a game this tab's Play page handed over (an online room's)
  try { handed = location.hash === "#room" ? sessionStorage.getItem(store.REVIEW_KEY) : null } catch { /* storage off */ }
  const saved = handed || store.loadSaved()
  if (saved) openText(s, saved, handed ? "room" : "save")
  else s.el.status.textContent = s.t("review_none")
}

// -- where the game comes from ----------------------------------------------------------------

function sourceBar(s) {
  const file = h("input", { type: "file", accept: "application/json,.json", hidden: true,
    onchange: async () => {
      const chosen = file.files && file.files[0]
      if (!chosen) return
      if (chosen.size > store.IMPORT_LIMIT_BYTES) {
        s.el.status.textContent = s.t("review_bad_file", { message: s.t("import_too_big", { mb: store.IMPORT_LIMIT_BYTES / 1e6 }) })
        return
      }
      openText(s, await chosen.text(), "file")
      file.value = ""
    } })
  s.el.source.append(
    h("button", { type: "button", class: "md-button", "data-action": "review-saved",
      onclick: () => {
        const saved = store.loadSaved()
        if (saved) openText(s, saved, "save")
        else s.el.status.textContent = s.t("review_none")
      } }, s.t("review_open_saved")),
    h("button", { type: "button", class: "md-button", "data-action": "review-file",
      onclick: () => file.click() }, s.t("review_import")),
    file)
}

const SHARED = "#r="   // a shared review's address: review/#r=<code>
let current = null     // the review on the page, for a link opened in the same tab

/** A review someone shared: the game as they saw it, reviewed as them only. */
function openShared(s, code) {
  return open(s, { settings: { seats: [] }, record: null, shared: code, reviewers: [] }, null)
}

addEventListener("hashchange", () => {
  if (current && current.root.isConnected && location.hash.startsWith(SHARED)) {
    openShared(current, location.hash.slice(SHARED.length))
  }
})

async function openText(s, source, origin) {
  if (location.hash.startsWith(SHARED)) history.replaceState(null, "", location.pathname + location.search)
  let game
  try {
    game = store.readGame(JSON.parse(source))
  } catch (error) {
    s.el.status.textContent = origin === "save" ? s.t("review_none")
      : s.t("review_bad_file", { message: String(error.message || error) })
    return
  }
  if (!game.record) {
    s.el.status.textContent = s.t("review_no_record")
    return
  }
  const people = game.settings.seats.filter((seat) => seat.kind === "human").map((seat) => seat.colour)
  const viewer = people.includes(game.viewer) ? game.viewer : people[0] || null
  // an online game is reviewed by its seat only: the other people's cards were theirs
  game.reviewers = origin === "room" ? [viewer] : people
  await open(s, game, viewer)
}

async function open(s, game, viewer) {
  const run = ++s.run      // a game opened later stops the chances of this one
  s.el.status.textContent = s.t("engine_loading", { percent: 0 })
  const stop = onProgress((p) => {
    if (p.stage !== "ready") s.el.status.textContent = s.t("engine_loading", { percent: p.percent || 0 })
  })
  let opened
  try {
    await ensureRuntime()
    opened = game.shared ? await review("open_shared", game.shared)
      : await review("open", game.record, viewer)
  } catch (error) {
    const reason = said(s, error)
    s.el.status.textContent = error.code === "invalid_share_code" ? s.t("review_bad_link")
      : error.code === "invalid_record"
        ? s.t("review_invalid_record", { reason: String(error.message || reason) }) : reason
    return
  } finally {
    stop()
  }
  if (run !== s.run) return
  if (game.shared) {     // the one who shared it, and the names they read
    viewer = opened.viewer
    game.reviewers = [viewer]
    game.settings.seats = opened.seats.map((colour) => ({ colour, name: opened.names[colour] || "", kind: "human" }))
  }
  Object.assign(s, { game, opened, viewer, step: 0, wanted: null, points: [] })
  s.el.status.textContent = ""
  // no long task: the answer's parsing, the page's controls, the first board and each section
  // under it get a frame of their own (the browser styles and lays out each part apart)
  await nextFrame()
  layout(s)
  await nextFrame()
  await show(s, 0)
  for (const section of s.el.main.querySelectorAll(".catan-review__section[hidden]")) {
    await nextFrame()
    if (run !== s.run) return
    section.hidden = false
  }
  // the engine's work starts once the page is drawn and idle: on a machine of two cores, its
  // worker computing beside the page's first frames slowed them down
  await new Promise((resolve) => (window.requestIdleCallback || setTimeout)(resolve, { timeout: 1000 }))
  if (run === s.run) chances(s, run)
}

/** After the next frame is drawn (what was changed before it is styled and laid out in it). */
/** An engine's refusal in the reader's words (the catalog's sentence for its code). */
const said = (s, error) => s.text.data.errors?.[error.code]?.text || String(error.message || error)

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

const name = (s, colour) => (s.game.settings.seats.find((seat) => seat.colour === colour)?.name)
  || s.text.colour(colour)

// -- the page once a game is open ---------------------------------------------------------------

function layout(s) {
  const t = s.t
  const { steps, turns } = s.opened
  const el = s.el
  el.main.hidden = false
  el.board = h("div", { class: "catan-review__board catan-game__svg" })
  el.slider = h("input", { type: "range", min: 0, max: steps, value: 0, step: 1,
    class: "catan-review__slider", "aria-label": t("review_slider"),
    oninput: () => request(s, Number(el.slider.value)) })
  const button = (action, label, symbol, target) => h("button", {
    type: "button", class: "catan-review__button", "data-action": action, "aria-label": label,
    title: label, onclick: () => request(s, target()) }, symbol)
  el.jump = h("select", { class: "catan-review__jump", "aria-label": t("review_jump"),
    onchange: () => request(s, Number(el.jump.value)) },
  turns.map(([turn, step]) => h("option", { value: step }, turn ? t("turn_n", { n: turn }) : capitalise(s.text.term("setup")))))
  el.where = h("p", { class: "catan-review__where", "aria-live": "polite" })
  el.now = h("ul", { class: "catan-review__now" })
  // regions that may scroll take the keyboard (a tab stop with a name)
  const region = (cls, label) => h("div", { class: cls, role: "region", tabindex: 0, "aria-label": label })
  el.players = region("catan-review__players", t("players"))
  el.chances = h("div", { class: "catan-review__chances" })
  el.chanceStatus = h("p", { class: "catan-review__chance-status", role: "status" })
  el.moments = h("ol", { class: "catan-review__moments" })
  el.adviceStatus = h("p", { class: "catan-review__chance-status", role: "status" })
  el.advice = h("ol", { class: "catan-review__advice" })
  el.dice = h("div", { class: "catan-review__dice" })
  el.flows = region("catan-review__flows", t("review_flows"))
  el.log = h("ol", { class: "catan-review__log", tabindex: 0, "aria-label": t("review_log") })
  const viewerChoice = viewerSelect(s)
  el.shareField = h("input", { type: "text", readonly: true, class: "catan-review__share-link",
    "aria-label": t("review_share_link"), onfocus: (event) => event.target.select() })
  el.shareStatus = h("p", { class: "catan-review__share-status", role: "status" })
  el.shareBox = h("div", { class: "catan-review__share-box", hidden: true }, el.shareField)
  const controls = h("div", { class: "catan-review__controls", role: "group", "aria-label": t("review_controls") },
    button("review-first", t("review_first"), icon("first"), () => 0),
    button("review-prev-turn", t("review_prev_turn"), icon("prevTurn"), () => turnStep(s, -1)),
    button("review-prev", t("review_prev"), icon("prev"), () => target(s) - 1),
    el.slider,
    button("review-next", t("review_next"), icon("next"), () => target(s) + 1),
    button("review-next-turn", t("review_next_turn"), icon("nextTurn"), () => turnStep(s, 1)),
    button("review-last", t("review_last"), icon("last"), () => steps),
    el.jump)
  el.main.replaceChildren(
    h("p", { class: "catan-review__as" }, s.viewer ? t("review_as", { name: name(s, s.viewer) }) : t("review_as_spectator"), " ", viewerChoice),
    h("div", { class: "catan-review__share" },
      h("button", { type: "button", class: "md-button", "data-action": "review-share",
        onclick: () => shareLink(s) }, t("review_share")),
      el.shareBox, el.shareStatus),
    controls,
    el.where,
    h("p", { class: "catan-review__keys" }, t("review_keys")),
    h("div", { class: "catan-review__grid" },
      el.board,
      h("div", { class: "catan-review__side" },
        h("h2", {}, t("review_this_move")), el.now,
        h("h2", {}, t("players")), el.players)),
    h("section", { class: "catan-review__section", hidden: true },
      h("h2", {}, t("review_chances")),
      h("p", { class: "catan-review__help" }, t("review_chances_help", { samples: SAMPLES, name: s.viewer ? name(s, s.viewer) : t("review_spectator") })),
      el.chanceStatus, el.chances,
      h("h3", {}, t("review_moments")), el.moments),
    s.viewer ? h("section", { class: "catan-review__section", hidden: true },
      h("h2", {}, t("review_advice")),
      h("p", { class: "catan-review__help" }, t("review_advice_help", { name: name(s, s.viewer), margin: Math.round(100 * s.opened.advice_margin) })),
      el.adviceStatus, el.advice) : null,
    h("section", { class: "catan-review__section", hidden: true }, h("h2", {}, t("review_dice")), el.dice),
    h("section", { class: "catan-review__section", hidden: true }, h("h2", {}, t("review_flows")),
      h("p", { class: "catan-review__help" }, t("review_flows_help", { name: s.viewer ? name(s, s.viewer) : t("review_spectator") })), el.flows),
    h("section", { class: "catan-review__section", hidden: true }, h("h2", {}, t("review_log")), el.log))
  s.board = new Board(el.board, { catalog: s.text, label: t("review_board", { step: 0 }) })
  el.main.onkeydown = (event) => key(s, event)
}

function viewerSelect(s) {
  const people = s.game.reviewers
  if (people.length < 2) return null
  return h("label", { class: "catan-review__viewer" }, s.t("review_viewer"), " ",
    h("select", { onchange: (event) => open(s, s.game, event.target.value || null) },
      people.map((c) => h("option", { value: c, selected: c === s.viewer }, name(s, c)))))
}

/** The step moves count from: the last one asked, shown or not yet. */
const target = (s) => s.wanted ?? s.asked ?? s.step

function turnStep(s, direction) {
  const starts = s.opened.turns.map(([, step]) => step)
  const from = target(s)
  if (direction > 0) return starts.find((step) => step > from) ?? s.opened.steps
  const before = starts.filter((step) => step < from)
  return before.length ? before[before.length - 1] : 0
}

function key(s, event) {
  if (event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return
  const moves = {
    ArrowLeft: () => target(s) - 1, ArrowRight: () => target(s) + 1,
    PageUp: () => turnStep(s, -1), PageDown: () => turnStep(s, 1),
    Home: () => 0, End: () => s.opened.steps,
  }
  if (!(event.key in moves)) return
  event.preventDefault()
  request(s, moves[event.key]())
}

/** A link to this review holding only what its reviewer saw, copied when the browser lets the
 *  page write to the clipboard, and shown to be copied by hand in any case. */
async function shareLink(s) {
  const { el, t } = s
  const names = {}
  for (const seat of s.game.settings.seats) if (seat.name) names[seat.colour] = seat.name
  let code
  try {
    code = await review("share", s.opened.session, s.viewer, names, s.game.settings.visibility || null)
  } catch (error) {
    el.shareStatus.textContent = said(s, error)
    return
  }
  const url = `${location.origin}${location.pathname}${SHARED}${code}`
  el.shareField.value = url
  el.shareBox.hidden = false
  let copied = false
  try {
    await navigator.clipboard.writeText(url)
    copied = true
  } catch { /* no clipboard here: the link is shown to be copied */ }
  const who = s.viewer ? name(s, s.viewer) : t("review_spectator")
  el.shareStatus.textContent = t(copied ? "review_share_copied" : "review_share_select", { name: who })
  if (!copied) el.shareField.focus()
}

// -- one step ----------------------------------------------------------------------------------------

/** Show `step` (clamped); while a step is being fetched, only the last one asked is shown next. */
function request(s, step) {
  s.moved = performance.now()
  s.wanted = Math.max(0, Math.min(s.opened.steps, step))
  if (!s.busy) drain(s)
}

/** Resolves once no step is being drawn and the reader has asked for none for QUIET_MS: the win
 *  chances and the Expert's suggestions make way, so that while the reader moves through the
 *  game a step never waits in the engine behind their work. */
async function quiet(s) {
  for (;;) {
    const left = QUIET_MS - (performance.now() - (s.moved || -Infinity))
    if (!s.busy && left <= 0) return
    await new Promise((resolve) => setTimeout(resolve, Math.max(20, left)))
  }
}

async function drain(s) {
  s.busy = true
  try {
    while (s.wanted !== null) {
      const step = s.wanted
      s.wanted = null
      s.asked = step
      await show(s, step)
    }
  } finally {
    s.busy = false
    s.asked = null
  }
}

async function show(s, step) {
  const hint = s.hint && s.hint.step === step ? s.hint.spots : null
  s.hint = null
  const answer = await review("step", s.opened.session, step, s.viewer, hint ? { hint } : {})
  s.step = answer.step
  const { el, t } = s
  const view = answer.view
  s.board.label = t("review_board", { step: answer.step })
  s.board.replace(view.board, { kinds: [], targets: null }).setAttribute("aria-label", s.board.label)
  el.slider.value = String(answer.step)
  el.slider.setAttribute("aria-valuetext", t("review_step", { step: answer.step, steps: s.opened.steps }))
  const turnStart = s.opened.turns.find(([turn]) => turn === answer.turn)
  if (turnStart) el.jump.value = String(turnStart[1])
  el.where.textContent = `${t("review_step", { step: answer.step, steps: s.opened.steps })} · `
    + (answer.turn ? t("turn_n", { n: answer.turn }) : capitalise(s.text.term("setup")))
  const lines = s.opened.log.filter((entry) => entry.step === answer.step).map((entry) => line(s, entry.e)).filter(Boolean)
  if (!lines.length && answer.action?.type === "end_turn") lines.push(t("review_end_turn", { name: name(s, answer.action.player) }))
  if (hint) lines.push(t("review_advice_shown"))
  el.now.replaceChildren(...(answer.step || hint ? lines : [t("review_before_first")]).map((text) => h("li", {}, text)))
  players(s, view)
  dice(s, answer.dice)
  flows(s, answer.flows)
  const shown = []        // the last 40 lines up to this step, found from the end
  for (let i = s.opened.log.length - 1; i >= 0 && shown.length < 40; i--) {
    const entry = s.opened.log[i]
    const text = entry.step <= answer.step && line(s, entry.e)
    if (text) shown.unshift([entry, text])
  }
  el.log.replaceChildren(...shown.map(([entry, text]) => h("li", {},
    h("span", { class: "catan-review__log-turn" }, entry.turn ? `${entry.turn}` : "·"), " ", text)))
  marker(s)
}

function line(s, event) {
  const position = s.opened.island || s.game.record.start
  return describe(event, { text: s.text, name: (c) => name(s, c), tile: (tile) => s.text.tile(position, tile) })
}

function players(s, view) {
  const t = s.t
  const rows = view.players.map((p) => {
    const hand = view.me && view.me.colour === p.colour ? cardsText(s.text, view.me.hand) : String(p.cards)
    const score = view.winner ? (p.points ?? p.public_points) : p.public_points
    return h("tr", { "data-colour": p.colour, class: p.colour === view.current ? "is-current" : null },
      h("th", { scope: "row" }, swatch(p.colour), " ", name(s, p.colour)),
      h("td", {}, String(score)), h("td", {}, hand), h("td", {}, String(p.dev_cards ?? 0)),
      h("td", {}, String(p.knights ?? 0)), h("td", {}, String(p.road_length ?? 0)))
  })
  s.el.players.replaceChildren(h("table", { class: "catan-review__table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("player")), h("th", { scope: "col" }, t("review_col_points")),
      h("th", { scope: "col" }, t("review_col_cards")), h("th", { scope: "col" }, capitalise(s.text.term("development_card"))),
      h("th", { scope: "col" }, capitalise(s.text.term("knight"))),
      h("th", { scope: "col" }, capitalise(s.text.term("longest_road"))))),
    h("tbody", {}, rows)))
}

function dice(s, counts) {
  const totals = Object.keys(counts).map(Number).sort((a, b) => a - b)
  if (!totals.some((n) => counts[n].rolled)) {  // the set-up: nothing to compare yet
    s.el.dice.replaceChildren(h("p", {}, s.t("review_dice_none")))
    return
  }
  const top = Math.max(1, ...totals.map((n) => Math.max(counts[n].rolled, counts[n].expected)))
  s.el.dice.replaceChildren(h("ul", { class: "catan-review__bars" }, totals.map((n) => {
    const { rolled, expected } = counts[n]
    const label = s.t("review_dice_row", { total: n, rolled, expected: expected.toFixed(1) })
    return h("li", { "aria-label": label, title: label },
      h("span", { class: "catan-review__bar", style: `height:${(100 * rolled / top).toFixed(1)}%` }),
      h("span", { class: "catan-review__expected", style: `bottom:${(100 * expected / top).toFixed(1)}%` }),
      h("span", { class: "catan-review__total", "aria-hidden": "true" }, String(n)))
  })))
}

function flows(s, data) {
  const t = s.t
  // the glossary's words where it has one (production, set-up and the two cards)
  const label = (cause) => (["production", "setup", "monopoly", "year_of_plenty"].includes(cause)
    ? capitalise(s.text.term(cause)) : t(`review_cause_${cause}`))
  const cards = (cards) => {
    const known = Object.fromEntries(RESOURCES.filter((r) => cards[r]).map((r) => [r, cards[r]]))
    const parts = Object.keys(known).length ? [cardsText(s.text, known)] : []
    if (cards.unknown) parts.push(`${cards.unknown} ?`)
    return parts.join(", ")
  }
  const seats = s.opened.seats
  s.el.flows.replaceChildren(h("table", { class: "catan-review__table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("review_cause")),
      seats.map((c) => h("th", { scope: "col" }, swatch(c), " ", name(s, c))))),
    h("tbody", {}, Object.keys(data[seats[0]]).map((cause) => h("tr", {},   // catan_core.review.CAUSES
      h("th", { scope: "row" }, label(cause)),
      seats.map((c) => {
        const flow = data[c][cause]
        const gained = cards(flow.in)
        const lost = cards(flow.out)
        return h("td", {}, gained ? h("span", { class: "catan-review__in" }, `+ ${gained}`) : null,
          gained && lost ? h("br") : null, lost ? h("span", { class: "catan-review__out" }, `− ${lost}`) : null)
      }))))))
}

// -- win chances ---------------------------------------------------------------------------------------

/** The chance of each seat at the start of every turn and at the end, one request at a time
 *  (a step asked meanwhile waits for one at most), drawn as they come. */
async function chances(s, run) {
  const marks = s.opened.turns.filter(([turn]) => turn > 0).map(([turn, step]) => ({ turn, step }))
  marks.push({ turn: null, step: s.opened.steps })
  const total = marks.length
  for (const [i, mark] of marks.entries()) {
    if (run !== s.run) return
    s.el.chanceStatus.textContent = s.t("review_chances_progress", { done: i, total })
    let answer
    try {
      do {
        await quiet(s)
        if (run !== s.run) return
        answer = await review("chances", s.opened.session, mark.step, s.viewer, PART, 0)
        if (run !== s.run) return
      } while (answer.samples < SAMPLES)
    } catch (error) {
      s.el.chanceStatus.textContent = String(error.message || error)
      return
    }
    if (run !== s.run) return
    s.points.push({ ...mark, seats: answer.seats })
    graph(s)
    moments(s)
  }
  s.el.chanceStatus.textContent = ""
  if (s.viewer) advice(s, run)
}

// -- the Expert's suggestions ---------------------------------------------------------------------

/** Each decision of the reviewer, one request at a time and each in parts (a step asked meanwhile
 *  waits for one part only): the Expert's choice where it gains. */
async function advice(s, run) {
  const steps = s.opened.decisions
  const found = []
  for (const [i, step] of steps.entries()) {
    if (run !== s.run) return
    s.el.adviceStatus.textContent = s.t("review_advice_progress", { done: i, total: steps.length })
    let answer
    try {
      do {
        await quiet(s)
        if (run !== s.run) return
        answer = await review("advice", s.opened.session, step, s.viewer, ADVICE_SAMPLES, 0, ADVICE_PART)
        if (run !== s.run) return
      } while (!answer.done)
    } catch (error) {
      s.el.adviceStatus.textContent = String(error.message || error)
      return
    }
    if (run !== s.run) return
    if (answer.worth) {
      found.push(answer)
      renderAdvice(s, found)
    }
  }
  s.el.adviceStatus.textContent = ""
  renderAdvice(s, found)
}

/** The action as the log would say it (an event of the same kind). */
function actionEvent(action) {
  const p = action.player
  const card = { play_knight: "knight", play_road_building: "road_building",
    play_year_of_plenty: "year_of_plenty", play_monopoly: "monopoly" }[action.type]
  if (card) return { type: "played_dev_card", player: p, card }
  const kinds = { place_settlement: "placed_settlement", place_road: "placed_road",
    build_road: "built_road", build_settlement: "built_settlement", build_city: "built_city",
    buy_dev_card: "bought_dev_card", move_robber: "robber_moved", bank_trade: "bank_traded" }
  return { ...action, type: kinds[action.type] || action.type, player: p }
}

function renderAdvice(s, found) {
  if (!found.length) {
    s.el.advice.replaceChildren(h("li", {}, s.t("review_advice_none", { name: name(s, s.viewer), margin: Math.round(100 * s.opened.advice_margin) })))
    return
  }
  s.el.advice.replaceChildren(...found.map((answer) => {
    const turnOf = [...s.opened.turns].reverse().find(([, start]) => start < answer.step)
    const spots = { nodes: [answer.expert.node].filter(Boolean), edges: [answer.expert.edge].filter(Boolean) }
    return h("li", {}, h("p", {}, s.t("review_advice_item", {
      turn: turnOf ? turnOf[0] : 0,
      actual: line(s, actionEvent(answer.actual)) || "", expert: line(s, actionEvent(answer.expert)) || "",
      before: Math.round(100 * answer.after_actual), after: Math.round(100 * answer.after_expert) }),
    " ", h("button", { type: "button", class: "catan-review__show", "data-action": "review-advice",
      onclick: () => { s.hint = { step: answer.step - 1, spots }; request(s, answer.step - 1) } },
    s.t("review_advice_show"))))
  }))
}

const W = 600
const H = 180
const PAD = 28

function x(s, step) { return PAD + (W - 2 * PAD) * (step / Math.max(1, s.opened.steps)) }
function y(chance) { return H - PAD - (H - 2 * PAD) * chance }

function graph(s) {
  const ns = "http://www.w3.org/2000/svg"
  const el = (tag, attrs = {}) => {
    const node = document.createElementNS(ns, tag)
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
    return node
  }
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "catan-review__graph", role: "img",
    "aria-label": s.t("review_chances_graph") })
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(el("line", { x1: PAD, x2: W - PAD, y1: y(level), y2: y(level), class: "catan-review__gridline" }))
    const label = el("text", { x: PAD - 4, y: y(level) + 4, class: "catan-review__axis", "text-anchor": "end" })
    label.textContent = `${Math.round(level * 100)}`
    svg.append(label)
  }
  for (const colour of s.opened.seats) {
    const points = s.points.map((p) => `${x(s, p.step).toFixed(1)},${y(p.seats[colour]).toFixed(1)}`).join(" ")
    svg.append(el("polyline", { points, class: `catan-review__line catan-review__line--${colour}`,
      "stroke-dasharray": STROKES[colour] || "" }))
  }
  svg.append(el("line", { class: "catan-review__marker", y1: PAD / 2, y2: H - PAD / 2, x1: x(s, s.step), x2: x(s, s.step) }))
  s.el.chances.replaceChildren(svg, h("ul", { class: "catan-review__legend" }))
  legend(s)
}

/** Each seat's chance where the marker stands: the last point of the graph at or before the
 *  step shown (during set-up, before the first turn's point: that point). The graph fills in
 *  from the start: "…" until that part is computed. */
function legend(s) {
  const list = s.el.chances.querySelector(".catan-review__legend")
  if (!list) return
  let at = null
  for (const p of s.points) if (p.step <= s.step && (!at || p.step >= at.step)) at = p
  if (!at && s.points.length && s.opened.turns.every(([turn, step]) => turn === 0 || step >= s.step)) {
    at = s.points.reduce((a, b) => (b.step < a.step ? b : a))
  }
  list.replaceChildren(...s.opened.seats.map((c) => h("li", {}, swatch(c), " ",
    s.t("review_chance_of", { name: name(s, c), chance: at ? Math.round(100 * at.seats[c]) : "…" }))))
}

function marker(s) {
  const line = s.el.chances.querySelector(".catan-review__marker")
  if (line) {
    line.setAttribute("x1", x(s, s.step))
    line.setAttribute("x2", x(s, s.step))
  }
  legend(s)
}

function moments(s) {
  const swings = []
  for (let i = 1; i < s.points.length; i++) {
    const before = s.points[i - 1]
    const after = s.points[i]
    for (const colour of s.opened.seats) {
      const change = after.seats[colour] - before.seats[colour]
      if (Math.abs(change) >= MOMENT_MIN) swings.push({ colour, change, before, after })
    }
  }
  swings.sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
  const chosen = []
  for (const swing of swings) {   // one line per turn: its largest swing
    if (chosen.length >= MOMENTS) break
    if (!chosen.some((c) => c.before.step === swing.before.step)) chosen.push(swing)
  }
  chosen.sort((a, b) => a.before.step - b.before.step)
  if (!chosen.length) {
    s.el.moments.replaceChildren(h("li", {}, s.t("review_moments_none")))
    return
  }
  s.el.moments.replaceChildren(...chosen.map((swing) => {
    const { before, after, colour } = swing
    const turn = before.turn
    const events = s.opened.log.filter((entry) => entry.step > before.step && entry.step <= after.step
      && MOMENT_EVENTS.has(entry.e.type)).map((entry) => line(s, entry.e)).filter(Boolean).slice(0, 3)
    return h("li", {},
      h("p", {}, s.t("review_moment", { turn, name: name(s, colour),
        before: Math.round(100 * before.seats[colour]), after: Math.round(100 * after.seats[colour]) }),
      " ", h("button", { type: "button", class: "catan-review__show", "data-action": "review-moment",
        onclick: () => request(s, after.step) }, s.t("review_moment_show", { turn }))),
      events.length ? h("ul", {}, events.map((text) => h("li", {}, text))) : null)
  }))
}

function mountAll() {
  for (const root of document.querySelectorAll(".catan-review[data-catan-review]:not([data-mounted])")) {
    root.setAttribute("data-mounted", "")
    mount(root)
  }
}

onPage(mountAll)
