// The Play page over a room of the rooms server (catan_rooms, notes/rooms-protocol.md): the
// room's transport, and the room's addresses (its invitation link, creating one).
//
// RoomTransport has the methods of LocalTransport (transport.js), so the page's one game
// interface (board, panels, dialogs, the loop) plays a room too: the server keeps the game and
// runs the same referee (catan_core.referee); each update brings the table as this seat sees it
// (catan_core.table.Table.seen: its view of the position, the bank, the referee's public part),
// and this page's worker builds the page's view from it (catan_web.game.do_seen: the same
// catan_web.game_view.view_of the local game draws with, on the seat's cards and the others'
// dealt). The page never gets another seat's cards: the server sends each socket its own view.
// It also answers the lobby's requests (sit, ready, start, chat, leave, and the host's seat:
// lobby.js draws them).
//
// The seat token is kept in localStorage under the room, so a reload (or a lost network, or a
// restarted server) takes the same seat again and the game goes on where it is.

import { call, ensureRuntime } from "../core/runtime.js"

const game = (fn, ...args) => call(`game.${fn}`, ...args)
const TOKENS = "catan-companion/rooms"           // localStorage: {room: {token, host, name}}
const REPLY_MS = 15000                            // a request with no answer by then is refused
const NEWS_MS = 1000                             // advance(): how long to wait for the room's next step
const TIMERS = [20, 30, 40, 60, 90, 120]          // the room's turn timers (null: unlimited)

/** The room named by the page's address (`#room=<id>`: the invitation link), or null. */
export function roomInLink() {
  const match = /^#room=([A-Za-z0-9_-]{16,64})$/.exec(location.hash)
  return match ? match[1] : null
}

function keys() {
  try {
    const all = JSON.parse(localStorage.getItem(TOKENS) || "{}")
    return all && typeof all === "object" ? all : {}
  } catch {
    return {}
  }
}

function remember(room, change) {
  const all = keys()
  all[room] = { ...(all[room] || {}), ...change }
  try {
    localStorage.setItem(TOKENS, JSON.stringify(all))
  } catch { /* private mode: the seat lasts as long as the tab */ }
}

/** Whether this site has a rooms server: served by one (rooms-server.js) that is ready
 *  (GET /healthz answers 200). */
export async function roomsServer() {
  try {
    const { ROOMS_SERVER } = await import("./rooms-server.js")
    if (!ROOMS_SERVER) return false
    const answer = await fetch(new URL("/healthz", location.href), { cache: "no-store" })
    return answer.ok
  } catch {
    return false
  }
}

/** The room's settings from the new-game form's. Every seat is free, so friends can take
 *  them: a seat the form gives the computer is played by that computer (level, personality)
 *  if it is still free at the start. The host may give seats to computers in the lobby. */
export function roomSettings(s) {
  const timer = s.timer ? TIMERS.reduce((a, b) => (Math.abs(b - s.timer) < Math.abs(a - s.timer) ? b : a)) : null
  const standby = {}
  for (const seat of s.seats) {
    if (seat.kind === "bot") standby[seat.colour] = { level: seat.level, personality: seat.personality }
  }
  return {
    players: s.seats.length, timer, dice: s.dice, mode: s.mode, board: s.board, visibility: s.visibility,
    standby, rules: { trade_before_build: Boolean(s.rules && s.rules.trade_before_build) },
  }
}

export class RoomTransport {
  constructor(room) {
    this.online = true
    this.room = room
    this.update = null        // the newest update frame
    this.taken = 0            // the room version the page has taken
    this.news = []            // events the page has not taken yet
    this.replies = []         // [{match, resolve}]
    this.waiters = []         // [{ready, resolve}]: wait for an update
    this.listeners = []
    this.colour = null       // this socket's seat (null: watching)
    this.host = false
    this.nextN = 1
    this.since = 0
    this.options = {}         // the page's view options (its build mode, the last move)
    this.built = null         // {key, view}: the page's view last built for an update
    this.connected = false
    this.closed = false
    this.retry = 250
  }

  // -- the socket -------------------------------------------------------------------------------

  /** Connect; resolves with the first update (rejects if the room does not exist). The
   *  engine loads meanwhile: the game's views are built here. */
  start() {
    ensureRuntime().catch(() => {})   // its failure is reported by the first view asked
    game("warm_up").catch(() => {})
    return new Promise((resolve, reject) => {
      this.first = { resolve, reject }
      this.connect()
    })
  }

  connect() {
    if (this.closed) return
    const url = new URL(`/api/rooms/${this.room}/ws`, location.href)
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:"
    const ws = this.ws = new WebSocket(url)
    ws.onopen = () => {
      const saved = keys()[this.room] || {}
      const hello = { t: "hello", since: this.since }
      if (saved.token) hello.token = saved.token
      if (saved.host) hello.host = saved.host
      ws.send(JSON.stringify(hello))
    }
    ws.onmessage = (event) => this.receive(JSON.parse(event.data))
    ws.onclose = (event) => {
      if (this.ws !== ws) return
      this.connected = false
      for (const reply of this.replies.splice(0)) reply.resolve({ t: "error", code: "disconnected", message: "the connection was lost" })
      this.notify()
      if (event.code === 4404) {
        this.closed = true
        if (this.first) this.first.reject(Object.assign(new Error("no_such_room"), { code: "no_such_room" }))
        return
      }
      if (this.closed) return
      // a lost network or a restarting server: again soon, then less often, each page at its
      // own moment (a restarted server is not met by every page at once)
      setTimeout(() => this.connect(), this.retry * (0.75 + Math.random() / 2))
      this.retry = Math.min(this.retry * 1.6, 3000)
    }
  }

  close() {
    this.closed = true
    if (this.ws) this.ws.close()
  }

  receive(frame) {
    if (frame.t === "welcome") {
      this.connected = true
      this.retry = 250
      this.colour = frame.seat
      this.host = frame.host
      if (frame.next_n) this.nextN = Math.max(this.nextN, frame.next_n)
      this.notify()
      return
    }
    if (frame.t === "seated") {
      remember(this.room, { token: frame.token })
      this.colour = frame.seat
      this.nextN = frame.next_n
    }
    if (frame.t === "error" && frame.code === "bad_token") {
      remember(this.room, { token: null })   // a seat given up, or another room's: come in as a watcher
      this.ws.close()
      return
    }
    if (frame.t === "update") return this.take(frame)
    const i = this.replies.findIndex((r) => r.match(frame))
    if (i >= 0) this.replies.splice(i, 1)[0].resolve(frame)
  }

  take(frame) {
    if (this.update && frame.version < this.update.version) return
    this.update = frame
    this.updatedAt = performance.now()
    this.since = frame.seq
    this.colour = frame.you ? frame.you.seat : null   // null: watching (or the seat was given up)
    if (frame.you) this.nextN = Math.max(this.nextN, frame.you.next_n)
    this.news.push(...frame.events)
    if (this.first) {
      this.first.resolve(frame)
      this.first = null
    }
    const ready = this.waiters.filter((w) => w.ready(frame))
    this.waiters = this.waiters.filter((w) => !ready.includes(w))
    for (const w of ready) w.resolve()
    this.notify()
  }

  listen(fn) { this.listeners.push(fn) }
  notify() { for (const fn of this.listeners) fn(this.update) }

  /** Send `message`; resolves with the server's answer to it (`ok`, `seated`, `pick`, `pong`,
   *  or an `error`, also when no answer comes in time). */
  ask(message) {
    const t = message.t
    const answers = { sit: ["seated", "ok"], ping: ["pong"], pick: ["pick", "ok"] }[t] || ["ok"]
    return new Promise((resolve) => {
      const reply = {
        match: (f) => (f.t === "error" ? f.for === t && (f.n === undefined || f.n === message.n)
          : answers.includes(f.t) && (f.t !== "ok" || f.for === t) && (message.n === undefined || f.n === undefined || f.n === message.n)),
        resolve,
      }
      if (!this.connected || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ t: "error", code: "disconnected", message: "not connected" })
        return
      }
      this.replies.push(reply)
      this.ws.send(JSON.stringify(message))
      setTimeout(() => {
        const i = this.replies.indexOf(reply)
        if (i >= 0) this.replies.splice(i, 1)[0].resolve({ t: "error", code: "no_answer", message: "the server did not answer" })
      }, REPLY_MS)
    })
  }

  /** Resolves once an update satisfies `ready` (at once if the newest does), or after `ms`. */
  until(ready, ms = REPLY_MS) {
    if (this.update && ready(this.update)) return Promise.resolve()
    return new Promise((resolve) => {
      const waiter = { ready, resolve }
      this.waiters.push(waiter)
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        resolve()
      }, ms)
    })
  }

  /** Whether the room changed since the page last took it. */
  fresh() { return Boolean(this.update && (this.update.version > this.taken || this.news.length)) }

  /** This seat's page view of the newest update with the page's `options` (the `view_of`
   *  document), built by the worker from the table as the seat sees it; kept for the update
   *  and options it was built for. Rejects with the engine's error. */
  page(options = this.options) {
    const update = this.update
    const table = update && update.game
    if (!table) return Promise.resolve(null)
    this.options = options
    const asked = { mode: options.mode || null, last: options.last || null, terms: options.terms || null }
    const key = JSON.stringify([update.version, this.colour, asked])
    if (!this.built || this.built.key !== key) {
      const view = game("seen", table, this.colour, asked)   // Table.seen's fields, and more
      view.catch(() => { if (this.built && this.built.view === view) this.built = null })
      this.built = { key, view }
    }
    return this.built.view
  }

  /** What the page takes: the new log lines and this seat's view (the `view_of` document);
   *  null before the game starts. */
  async result() {
    const update = this.update
    const table = update && update.game
    if (!table) return null   // no game yet: nothing for the page to take
    let view
    try {
      view = await this.page()
    } catch (error) {
      return { error: error && error.code ? error : { code: "engine_failed", message: String(error && error.message || error), details: {} } }
    }
    if (this.update !== update) return this.result()   // a newer one came meanwhile
    this.taken = update.version
    const log = this.news.splice(0).map((e) => ({ e }))
    return { position: table.view, log, view, clock: table.clock, summary: table.summary }
  }

  /** A refusal for the page: the engine's code (its catalog words) or the room's. */
  refusal(frame) { return { error: { code: frame.code, message: frame.message, details: frame.details || {}, room: true } } }

  /** After an `ok` of a change: the update that holds it, taken. */
  async settled(frame) {
    if (frame.t === "error") return this.refusal(frame)
    if (frame.version) await this.until((u) => u.version >= frame.version)
    return this.result()
  }

  // -- the transport's methods (game/transport.js) ------------------------------------------------

  newGame() { return Promise.reject(new Error("a room's game starts in its lobby")) }
  load() { return Promise.reject(new Error("a room keeps its own game")) }

  /** The finished game's record for this seat's review (GET /api/rooms/<room>/record with
   *  the seat token): {record, seat, lobby}; rejects with the server's error. */
  async record() {
    const token = keys()[this.room]?.token
    const answer = await fetch(new URL(`/api/rooms/${this.room}/record`, location.href), {
      cache: "no-store", headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    const body = await answer.json().catch(() => null)
    if (!answer.ok) throw Object.assign(new Error(body?.error?.message || `HTTP ${answer.status}`), { code: body?.error?.code })
    return body
  }

  /** This seat's view, drawn for the build mode the page chose (the log lines stay for the
   *  next result()). */
  view(g, viewer, options = {}) { return this.page(options) }

  async act(g, action, viewer, options = {}) {
    this.options = options
    const message = { t: "act", n: this.nextN++, action: Object.fromEntries(Object.entries(action).filter(([k]) => k !== "player")) }
    if (action.type === "offer_trade" && options.offered_to) message.to = options.offered_to
    return this.settled(await this.ask(message))
  }

  async pick(g, viewer, options = {}, spot) {
    this.options = options
    const frame = await this.ask({ t: "pick", n: this.nextN++, spot, options: { mode: options.mode || null } })
    if (frame.t === "pick") return frame.mode ? { mode: frame.mode } : { victims: frame.victims, tile: frame.tile }
    return this.settled(frame)
  }

  /** The room's next step (a computer's move, a time-out, another person's move): the server
   *  plays them; this waits for the next change. */
  async advance(g, viewer, options = this.options) {
    this.options = options
    await this.until(() => this.fresh(), NEWS_MS)
    return this.result()
  }

  /** Milliseconds left on the room's turn clock (null: unlimited). */
  clockLeft() {
    const clock = this.update && this.update.game && this.update.game.clock
    return clock ? Math.max(0, clock.left_ms - (performance.now() - this.updatedAt)) : null
  }

  /** What changed, at once. */
  sync() { return this.result() }

  roll(g, colour, dice) { return this.act(g, { type: "roll", dice }) }

  /** The server keeps the clock: when it runs out there, the computer finishes the turn. */
  timeout() { return this.advance() }

  /** One's own seat: "bot" (the computer plays it for me), "human" or "back" (I play again). */
  async seat(g, colour, change) {
    if (colour !== this.colour) return { error: { code: "not_your_seat", message: "only your own seat", details: {}, room: true } }
    const message = change === "back" ? { t: "back" } : { t: "auto", on: change === "bot" }
    return this.settled(await this.ask(message))
  }

  async summary() {
    const game = this.update && this.update.game
    if (!game || !game.summary) throw new Error("the game is not over")
    return game.summary
  }

  // -- the lobby's requests -----------------------------------------------------------------------

  async sit(seat, name) {
    remember(this.room, { name })
    const frame = await this.ask({ t: "sit", seat, name })
    return frame.t === "error" ? this.refusal(frame) : frame
  }

  async send(message) {
    if (message.t === "chat") message.n = this.nextN++
    const frame = await this.ask(message)
    if (message.t === "leave" && frame.t === "ok") remember(this.room, { token: null })
    return frame.t === "error" ? this.refusal(frame) : frame
  }

  savedName() { return (keys()[this.room] || {}).name || "" }
}

/** Create a room (POST /api/rooms) from the new-game form's settings: {room, host_token, invite}. */
export async function createRoom(settings, lang) {
  const answer = await fetch(new URL(`/api/rooms?lang=${encodeURIComponent(lang)}`, location.href), {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(roomSettings(settings)),
  })
  const body = await answer.json().catch(() => ({}))
  if (!answer.ok) throw Object.assign(new Error(body.error?.message || String(answer.status)), { code: body.error?.code || "no_room" })
  remember(body.room, { host: body.host_token })
  return body
}
