// Which game is on the table: a new one from the form (setup.js), the saved one, an import, a
// shared link; and saving it in localStorage (store.js) after each step.

import { stopClock, keepClock } from "./clock.js"
import { pump, refresh, stopBot } from "./loop.js"
import { render } from "./render.js"
import { createOnline, goLocal, offerRooms } from "./room.js"
import { explain, message, refuse, setStatus, showTools } from "./shell.js"
import { alive } from "./state.js"
import { setupForm } from "./setup.js"
import * as store from "./store.js"
import { h, openDialog, closeDialogs } from "./ui.js"

const SAVE_DELAY_MS = 400

// -- loading, saving, links -------------------------------------------------------------------------

/** Check a saved game (text) or a parsed object with the engine: the game to begin, or
 *  throws. Nothing of the current game changes meanwhile (its computers keep playing). */
async function check(s, source) {
  const game = store.readGame(typeof source === "string" ? JSON.parse(source) : source)
  // a fresh seed deals a shared view's unknown cards and its dice (the engine uses it only then)
  const seed = crypto.getRandomValues(new Uint32Array(1))[0]
  const checked = await s.transport.load(game.position, game.referee, game.legacy, seed, game.record)
  game.position = checked.position
  game.referee = checked.referee
  game.record = checked.record
  delete game.legacy
  const colours = checked.position.seats
  game.settings.seats = colours.map((c) => game.settings.seats.find((seat) => seat.colour === c)
    || store.settingsFor(checked.position).seats.find((seat) => seat.colour === c))
  return game
}

/** Load a saved game, an import or a link once the engine checked it; only then is the
 *  current game (and its save, kept aside) replaced. An unreadable save is set aside; an
 *  unreadable import or link leaves the current game as it was, with a message. */
export async function restore(s, source, origin) {
  let game
  try {
    game = await check(s, source)
  } catch (error) {
    // the engine's reason is said in words; a reader's own (a parser's) only under Details
    const words = error.code === "invalid_position"
    const detail = words ? explain(s, error).text : s.t(origin === "import" ? "import_not_game" : "unreadable_detail")
    const what = { save: "save_corrupt", link: "link_failed" }[origin] || "import_failed"
    message(s, { text: `${s.t(what)} ${detail}`, href: null, details: words ? null : String(error.message || error) })
    if (origin === "save") {
      store.backUp()
      showSetup(s)
    }
    return false
  }
  if (origin !== "save" && s.game) store.backUp()
  message(s, null)
  await begin(s, game)
  return true
}

/** Save now; a save the browser refuses (storage full, private browsing) is said once, with
 *  what to do, until a save succeeds again. */
export function save(s) {
  clearTimeout(s.saveTimer)
  s.saveTimer = null
  s.savePainted = false
  if (!alive(s) || !s.game || s.game.room) return   // a room keeps its own game
  keepClock(s)
  const ok = store.save(s.game)
  if (ok === s.saved) return
  s.saved = ok
  if (!ok) message(s, { text: s.t("save_failed"), href: null, note: "save_failed" })
  else if (s.el.message.querySelector("[data-note=save_failed]")) message(s, null)
}

/** Save just after the next paint: the answer to a person's click is drawn first (a save
 *  writes the whole game, its log included, and takes longer as the game goes on). Leaving
 *  or hiding the page meanwhile saves at once. */
export function saveAfterPaint(s) {
  if (s.savePainted) return
  s.savePainted = true
  requestAnimationFrame(() => setTimeout(() => { if (s.savePainted) save(s) }, 0))
}

/** Save within SAVE_DELAY_MS: while computers play, one save covers several of their steps
 *  (the page saves at once on a person's move and when it is hidden or left). */
export function saveSoon(s) {
  if (!s.saveTimer) s.saveTimer = setTimeout(() => save(s), SAVE_DELAY_MS)
}

export async function openLink(s) {
  let payload
  try {
    payload = store.linkPayload()
  } catch (error) {
    store.clearLink()
    message(s, { text: `${s.t("link_failed")} ${s.t("unreadable_detail")}`, details: String(error.message || error) })
    return false
  }
  if (payload === undefined) return false
  store.clearLink()
  const current = s.game && !s.game.position.winner
  const load = () => restore(s, payload, "link")
  if (!current) {
    if (!(await load()) && !s.game) showSetup(s)
    return true
  }
  openDialog(s.root, {
    title: s.t("link_title"), body: [h("p", {}, s.t("link_replace"))],
    buttons: [
      { label: s.t("link_open"), primary: true, action: "open-link", onclick: (e) => { e.target.closest("dialog").close(); load() } },
      { label: s.t("link_keep"), onclick: (e) => e.target.closest("dialog").close() },
    ],
  })
  return true
}

// -- a new game ---------------------------------------------------------------------------------------

export function showSetup(s, asked = false) {
  const el = s.el
  const playing = s.game && !s.game.position.winner
  const form = setupForm(s.text, {
    initial: s.game && !s.game.room ? s.game.settings : null,
    onstart: (settings, how) => (how === "create-room" ? createOnline(s, settings) : newGame(s, settings)),
    oncancel: asked && s.game ? () => hideSetup(s) : null,
  })
  el.setupHost.replaceChildren(form)
  offerRooms(s, form)
  if (asked && playing) el.setupHost.prepend(h("p", { class: "catan-game__note catan-game__note--info" }, s.t("new_game_replaces")))
  el.setupHost.hidden = false
  el.playArea.hidden = true
  showTools(s, Boolean(s.game))
  stopClock(s)
  setStatus(s, s.t("setup_status"))
  const first = el.setupHost.querySelector("select, input")
  if (asked && first) first.focus()
}

function hideSetup(s) {
  s.el.setupHost.hidden = true
  s.el.setupHost.replaceChildren()
  s.el.playArea.hidden = !s.game
  render(s)
  pump(s)
}

export async function newGame(s, settings) {
  if (s.starting) return
  if (s.transport.online) return goLocal(s, settings)   // a game on this device instead
  s.starting = true
  let created
  try {
    if (!(await s.engine)) return
    created = await s.transport.newGame({
      seats: settings.seats.map((seat) => seat.colour), players: settings.seats, seed: settings.seed,
      board: settings.board, mode: settings.mode, rules: settings.rules,
    })
  } catch (error) {
    refuse(s, error)
    return
  } finally {
    s.starting = false
  }
  if (s.game) store.backUp()
  stopBot(s)
  const { position, referee, record } = created
  settings.seats = position.seats.map((c) => settings.seats.find((seat) => seat.colour === c))
  const game = { settings, position, referee, record, log: [], stats: { dice: Array(13).fill(0) }, viewer: null, last: null, clocks: {} }
  game.log.push({ e: { type: "game_started", player: position.seats[0] }, turn: 0 })
  message(s, null)
  await begin(s, game)
}

/** Put `game` on the table: the last game's clock, build mode, dialogs and drafts go. */
export async function begin(s, game) {
  const el = s.el
  stopBot(s)
  s.clock = null          // the last game's clock (kept in its own save) stops here
  s.game = game
  s.mode = null
  s.draft = { give: {}, get: {}, to: null }
  s.endShown = false
  s.shownDialog = null
  closeDialogs(s.root)
  el.setupHost.hidden = true
  el.setupHost.replaceChildren()
  el.playArea.hidden = false
  showTools(s, true)
  await refresh(s)
  save(s)
  s.logReset = true
  render(s)
  // the game screen in view under the header (unless it is there already): a room's lobby
  // above it shrinks as the game starts, and the browser's scroll anchoring may have carried
  // the page past its top
  const top = el.playArea.getBoundingClientRect().top
  if (top > 60 || top < 0) el.playArea.scrollIntoView({ block: "start" })
  pump(s)
}
