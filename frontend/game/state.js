// The Play page's one state: a plain object that every module of game/ takes as its first
// argument (`s`), as chessground's modules take its state. It holds what the page knows (the
// saved game, the referee's view of it, what a person is choosing), what is drawn (render.js
// draws a part again only when what it shows changed) and the page's elements (shell.js).
// Here too: the small questions every module asks of it, and leaving the page.
//
// No rule lives here: the game is the engine's documents, the view is what the referee shows
// the viewer (catan_web.game.view), and both come through the transport (transport.js, or
// transport-room.js for an online room).

import { Catalog } from "../core/i18n.js"
import * as store from "./store.js"

export function createState(root, transport) {
  const text = (Catalog.page() || new Catalog({ lang: "en", ui: {}, terms: {}, errors: {} })).for("game")
  return {
    root,
    transport,
    text,                     // the page's catalog, section "game"
    t: (key, params) => text.t(key, params),
    el: null,                 // the page's elements (shell.js)
    board: null,              // the board (core/board.js), once the engine answers
    engine: null,             // resolves true once the engine answers, false if it cannot start
    game: null,               // the saved game: {settings, position, referee, log, stats, viewer, last, clocks}
    view: null,               // what the referee shows the current viewer (game.view)
    mode: null,               // the build mode a person chose: {kind, picks}
    busy: false,              // a request to the referee is under way (loop.js)
    pending: null,            // resolves when it ends
    dead: false,              // the page left: nothing more happens
    unbinds: [],              // removes the page's listeners and timers (bind, every)
    botTimer: null,
    saveTimer: null,
    saved: undefined,         // whether the last save succeeded
    clock: null,              // {key, colour, deadline, acted} (clock.js)
    draft: { give: {}, get: {}, to: null },   // the trade panel's offer (trade.js)
    declined: null,           // {id, colours}: counter-offers the viewer declined (trade.js)
    shownDialog: null,        // what the open dialog is for, so renders do not reopen it
    endShown: false,
    starting: false,
    pendingSettings: null,    // a new game chosen on a room's page, started once here
    // what is drawn (render.js, panels.js, trade.js)
    frame: null,
    boardMarkup: null,
    picking: null,
    logCount: 0,
    logReset: false,
    revealed: undefined,
    costsOpen: false,
    tradeOpen: false,
    noticeTimer: null,
    // an online room (room.js, lobby.js)
    roomsChecked: undefined,
    justCreated: false,       // created from this page's form: bring the lobby into view
    beginning: false,
    syncing: false,
    chatLines: null,
    chatSeen: 0,
    chatShown: 0,
  }
}

// -- what every module asks -----------------------------------------------------------------------

export function seatOf(s, colour) { return s.game.settings.seats.find((seat) => seat.colour === colour) }

export function name(s, colour) {
  const seat = s.game && seatOf(s, colour)
  return (seat && seat.name) || s.t("colour_" + colour)
}

/** The referee's control of a seat: {kind, level, personality, idle, away, computer}. */
export function control(s, colour) { return (s.view && s.view.seats[colour]) || {} }

export function options(s, extra = {}) {
  const settings = s.game.settings
  return { visibility: settings.visibility, dice: settings.dice, mode: s.mode, last: s.game.last, ...extra }
}

export function myDecision(s) { return Boolean(s.view && s.view.next.decides) }
export function can(s, type) { return Boolean(s.view && s.view.can[type]) }

/** Which offer is open: the log index of the last one made. */
export function offerId(s) {
  for (let i = s.game.log.length - 1; i >= 0; i--) if (s.game.log[i].e.type === "trade_offered") return i
  return -1
}

// -- listeners, and leaving -----------------------------------------------------------------------

/** Listen to `type` on `target` until the page leaves (dispose removes every listener at once). */
export function bind(s, target, type, listener) {
  if (s.dead) return
  target.addEventListener(type, listener)
  s.unbinds.push(() => target.removeEventListener(type, listener))
}

/** Call `fn` every `ms` until the page leaves. */
export function every(s, ms, fn) {
  if (s.dead) return
  const timer = setInterval(fn, ms)
  s.unbinds.push(() => clearInterval(timer))
}

/** False once the page left (instant navigation removed the game): then nothing more happens. */
export function alive(s) {
  if (!s.dead && !s.root.isConnected) dispose(s)
  return !s.dead
}

export function dispose(s) {
  if (s.saveTimer && s.game && !s.game.room) store.save(s.game)
  s.dead = true
  if (s.transport.close) s.transport.close()
  clearTimeout(s.botTimer)
  s.botTimer = null
  for (const unbind of s.unbinds.splice(0)) unbind()
}
