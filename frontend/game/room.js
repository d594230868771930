// The Play page over an online room (transport-room.js): the lobby (lobby.js) until the game
// starts, then the same game interface as on this device, fed by the room's updates. Also the
// ways between the two: creating a room from the new-game form, a room's invitation opened in
// the tab, a game on this device from a room's page.

import { remount, startEngine } from "./app.js"
import { onTick } from "./clock.js"
import { begin, openLink } from "./games.js"
import { renderLobby } from "./lobby.js"
import { pump, request } from "./loop.js"
import { explain, message, refuse } from "./shell.js"
import { alive, bind, every } from "./state.js"
import { RoomTransport, createRoom, roomInLink, roomsServer } from "./transport-room.js"
import { h } from "./ui.js"

/** Start over a room: the lobby, then the game when it starts. */
export async function startOnline(s) {
  const el = s.el
  el.lobby = h("section", { class: "catan-online", "aria-label": s.t("online_room") })
  s.root.insertBefore(el.lobby, el.setupHost)
  bind(s, window, "hashchange", () => openRoomLink(s))
  const known = await fetch(new URL(`/api/rooms/${s.transport.room}`, location.href), { cache: "no-store" }).catch(() => null)
  if (known && known.status === 404) {
    el.loading.hidden = true
    message(s, { text: s.t("online_no_room"), href: null })
    el.lobby.append(h("button", { type: "button", class: "md-button md-button--primary", "data-action": "play-here", onclick: () => goLocal(s) }, s.t("new_game")))
    return
  }
  s.engine = startEngine(s)
  if (!(await s.engine)) return
  every(s, 250, () => onTick(s))
  s.transport.listen(() => onRoom(s))
  onRoom(s)
}

/** A room's invitation opened in this tab: play there (another link: the usual way). */
export function openRoomLink(s) {
  const room = roomInLink()
  if (!room) return s.transport.online ? goLocal(s) : openLink(s)
  if (s.transport.room === room) return
  remount(s, new RoomTransport(room))
}

/** Leave the room's page for a game on this device (the seat stays: the link brings it back). */
export async function goLocal(s, settings = null) {
  if (location.hash.startsWith("#room=")) history.replaceState(history.state, "", location.pathname + location.search)
  const { LocalTransport } = await import("./transport.js")
  remount(s, new LocalTransport(), { pendingSettings: settings })
}

/** Add "Create an online room" to the new-game form when this site has a rooms server. */
export async function offerRooms(s, form) {
  if (s.roomsChecked === undefined) s.roomsChecked = roomsServer()
  if (!(await s.roomsChecked) || !form.isConnected) return
  const actions = form.querySelector(".catan-setup__actions")
  if (!actions || actions.querySelector("[data-action=create-room]")) return
  actions.append(h("button", { type: "submit", class: "md-button", "data-action": "create-room" }, s.t("online_create")))
}

export async function createOnline(s, settings) {
  try {
    const created = await createRoom(settings, document.documentElement.lang || "en")
    history.pushState(history.state, "", `${location.pathname}${location.search}#room=${created.room}`)
    remount(s, new RoomTransport(created.room), { justCreated: true })
  } catch (error) {
    message(s, { text: s.t("online_failed", { message: roomError(s, error) }), href: null })
  }
}

/** A room's refusal in the page's language (the engine's rules through the usual catalog). */
export function roomError(s, error) {
  const key = `online_error_${error.code}`
  return s.text.has(key) ? s.t(key) : explain(s, error).text
}

/** The room changed (or the connection did): the lobby, then the game. */
function onRoom(s) {
  if (!alive(s)) return
  const update = s.transport.update
  renderLobby(s)
  if (s.justCreated && update) showLobby(s)
  if (!update || !update.game) return   // the game has not started
  if (!s.game) {
    beginOnline(s, update)
    return
  }
  nameSeats(s, update.lobby)
  syncSoon(s)
}

/** A room just created from the form (at the foot of the page): its lobby comes into view
 *  and takes the focus, so a screen reader reads it out too. */
function showLobby(s) {
  s.justCreated = false
  const lobby = s.el.lobby
  lobby.tabIndex = -1
  lobby.scrollIntoView({ block: "start" })
  lobby.focus({ preventScroll: true })
}

async function beginOnline(s, update) {
  if (s.beginning) return
  s.beginning = true
  const settings = update.lobby.settings
  const game = {
    settings: {
      seats: [], timer: settings.timer || 0, dice: settings.dice, visibility: settings.visibility,
      mode: settings.mode, board: settings.board, rules: settings.rules || {}, speed: "instant",
    },
    position: update.game.view, referee: null, log: [], stats: { dice: Array(13).fill(0) },
    viewer: s.transport.colour, last: null, room: s.transport.room,
  }
  s.game = game
  nameSeats(s, update.lobby)
  const first = await s.transport.result()
  if (!first || first.error) {
    s.game = null
    s.beginning = false
    if (first) refuse(s, first.error)
    return
  }
  game.position = first.position
  for (const entry of first.log) {
    if (entry.e.type === "rolled") game.stats.dice[entry.e.total] += 1
    game.log.push(entry)
  }
  s.game = null
  await begin(s, game)
  s.beginning = false
}

function nameSeats(s, lobby) {
  s.game.settings.seats = lobby.seats.map((seat) => ({
    colour: seat.seat, name: seat.name || "", kind: seat.kind === "computer" ? "bot" : "human",
    level: seat.level || "normal", personality: seat.personality || "builder", playing: true,
  }))
}

/** Take what changed in the room, after any request under way. */
function syncSoon(s) {
  if (s.syncing) return
  s.syncing = true
  setTimeout(async () => {
    const result = await request(s, () => s.transport.sync())
    s.syncing = false
    if (result && (result.view || result.wait)) pump(s)
  }, 0)
}
