// Starting the page, and starting it again over another transport (a room's invitation opened
// in the tab, or a game on this device from a room's page).

import { Board } from "../core/board.js"
import { illegalClick, pick } from "./choices.js"
import { onTick } from "./clock.js"
import { newGame, openLink, restore, save, showSetup } from "./games.js"
import { openRoomLink, startOnline } from "./room.js"
import { shell, message } from "./shell.js"
import { bind, createState, dispose, every } from "./state.js"
import * as store from "./store.js"

/** The game on `root` over `transport`; `props` set on its state first (`pendingSettings`). */
export function mount(root, transport, props = {}) {
  const s = Object.assign(createState(root, transport), props)
  root.catanGame = s
  start(s).catch((error) => console.error("catan game:", error))
  return s
}

/** Replace the game `s` by a new one over `transport` on the same element. */
export function remount(s, transport, props = {}) {
  const next = Object.assign(createState(s.root, transport), props)
  dispose(s)
  s.root.catanGame = next
  start(next).catch((error) => console.error("catan game:", error))
}

async function start(s) {
  shell(s)
  if (s.transport.online) return startOnline(s)   // a room (room.js)
  // with nothing to resume, the form comes at once; the engine loads meanwhile
  if (!location.hash.startsWith("#pos=") && !store.loadSaved()) showSetup(s)
  s.engine = startEngine(s)
  if (!(await s.engine)) return
  every(s, 250, () => onTick(s))
  // leaving or hiding the page saves it, the turn clock's time left included
  const hide = () => { if (s.saveTimer || s.savePainted || s.clock) save(s) }
  bind(s, document, "visibilitychange", hide)
  bind(s, window, "pagehide", hide)
  bind(s, window, "hashchange", () => openRoomLink(s))
  if (s.pendingSettings) return newGame(s, s.pendingSettings)   // chosen in a room's page
  const saved = store.loadSaved()
  if (saved) await restore(s, saved, "save")
  // a shared link: loaded at once, or after asking when a game is in progress
  if (!(await openLink(s)) && !s.game && s.el.setupHost.hidden) showSetup(s)
}

/** Start the engine; false (with a message) if it cannot start. */
export async function startEngine(s) {
  const el = s.el
  try {
    await s.transport.start(({ stage, percent }) => {
      el.loading.textContent = s.t(stage === "failed" ? "engine_failed" : "engine_loading", { percent: percent || 0 })
    })
  } catch (error) {
    el.loading.textContent = s.t("engine_failed")
    message(s, { text: s.t("engine_failed_detail", { message: String(error.message || error) }), href: null })
    return false
  }
  el.loading.hidden = true
  s.board = new Board(el.boardHost, {
    catalog: s.text, label: s.t("board_label"),
    onPick: (kind, id) => pick(s, kind, id),
  })
  // before the board takes a click: a pointer right on an illegal spot gets its rule
  el.boardHost.addEventListener("click", (event) => illegalClick(s, event), true)
  return true
}
