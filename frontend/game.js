// The Play page: a whole game of Catan against computer players or people at the same screen.
//
// No rule lives here. The referee (catan_core.referee, through catan_web.game) decides whose
// decision comes next, plays the computers, answers for a player an offer they cannot answer,
// caps offers and turns, and says what the viewer may do (costs, playable cards, legal spots and
// why the others are not) and draws the board (catan_core.svg). This file asks it through a
// transport (game/transport.js: the local Web Worker today, an online room later), shows the
// answers, and sends what a person chooses. Computers move one step at a time with a pause, each
// step computed and drawn in the worker, so the page never freezes. After each step the game is
// saved in localStorage.
//
// This file is the controller (start-up, saving, the loop, the clock, the board's choices);
// game/panels.js draws, game/dialogs.js asks, as methods of the same GameApp. It mounts on
// <div class="catan-game" data-catan-game> (catan_site/game_page.py), reads its words from the
// page's catalog (core/i18n.js) and survives Material's instant navigation (core/dom.js onPage).

import { onPage } from "./core/dom.js"
import { Catalog } from "./core/i18n.js"
import { Board, CAPTURE_PX, SPOTS } from "./core/board.js"
import { LocalTransport } from "./game/transport.js"
import { RoomTransport, online, roomInLink } from "./game/online.js"
import { dialogs } from "./game/dialogs.js"
import { panels } from "./game/panels.js"
import { setupForm } from "./game/setup.js"
import * as store from "./game/store.js"
import { h, openDialog, closeDialogs } from "./game/ui.js"

// on a touch screen a tap picks the nearest legal spot: no refusal for a near miss
const SAVE_DELAY_MS = 400
const ROLLS_KEPT = 10        // the dice history under the last roll
const COARSE = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches

class GameApp {
  constructor(root, transport = new LocalTransport()) {
    this.root = root
    this.transport = transport
    this.text = (Catalog.page() || new Catalog({ lang: "en", ui: {}, terms: {}, errors: {} })).for("game")
    this.game = null          // the saved game: {settings, position, referee, log, stats, viewer, last}
    this.view = null          // what the referee shows the current viewer (game.view)
    this.mode = null          // the build mode a person chose: {kind, picks}
    this.busy = false
    this.dead = false
    this.botTimer = null
    this.clock = null         // {key, colour, deadline, acted}
    this.draft = { give: {}, get: {}, to: null }
    this.shownDialog = null   // what the open dialog is for, so renders do not reopen it
    this.logCount = 0
  }

  t(key, params) { return this.text.t(key, params) }

  // -- start-up ---------------------------------------------------------------------------------

  async start() {
    this.shell()
    if (this.transport.online) return this.startOnline()   // a room (game/online.js)
    // with nothing to resume, the form comes at once; the engine loads meanwhile
    if (!location.hash.startsWith("#pos=") && !store.loadSaved()) this.showSetup()
    this.engine = this.startEngine()
    if (!(await this.engine)) return
    this.tick = setInterval(() => this.onTick(), 250)
    // leaving or hiding the page saves it, the turn clock's time left included
    document.addEventListener("visibilitychange", this.onHide = () => { if (this.saveTimer || this.clock) this.save() })
    window.addEventListener("pagehide", this.onHide)
    window.addEventListener("hashchange", this.onHash = () => this.openRoomLink())
    if (this.pendingSettings) return this.newGame(this.pendingSettings)   // chosen in a room's page
    const saved = store.loadSaved()
    if (saved) await this.restore(saved, "save")
    // a shared link: loaded at once, or after asking when a game is in progress
    if (!(await this.openLink()) && !this.game && this.setupHost.hidden) this.showSetup()
  }

  /** Start the engine; false (with a message) if it cannot start. */
  async startEngine() {
    try {
      await this.transport.start(({ stage, percent }) => {
        this.loadingEl.textContent = this.t(stage === "failed" ? "engine_failed" : "engine_loading", { percent: percent || 0 })
      })
    } catch (error) {
      this.loadingEl.textContent = this.t("engine_failed")
      this.message({ text: this.t("engine_failed_detail", { message: String(error.message || error) }), href: null })
      return false
    }
    this.loadingEl.hidden = true
    this.board = new Board(this.boardHost, {
      catalog: this.text, label: this.t("board_label"),
      onPick: (kind, id) => this.pick(kind, id),
    })
    // before the board takes a click: a pointer right on an illegal spot gets its rule
    this.boardHost.addEventListener("click", (event) => this.illegalClick(event), true)
    return true
  }

  shell() {
    const t = (k, p) => this.t(k, p)
    this.statusEl = h("p", { class: "catan-game__status" })   // changes at every move: not read aloud
    this.loadingEl = h("p", { class: "catan-game__loading catan-muted", "aria-live": "polite" }, t("engine_loading", { percent: 0 }))
    this.clockEl = h("span", { class: "catan-game__clock", hidden: true })
    this.diceEl = h("span", { class: "catan-dice" })                 // the last roll and the ones before
    this.noticeEl = h("p", { class: "catan-notice", "aria-live": "polite", hidden: true })   // "you received 2 grain"
    this.awayEl = h("div", { class: "catan-game__away" })
    this.messageEl = h("div", { class: "catan-game__message", role: "alert" })
    this.promptEl = h("div", { class: "catan-game__prompt", "aria-live": "polite" })   // what you must do now
    this.boardHost = h("div", { class: "catan-game__board catan-game__svg" })
    this.actionsEl = h("section", { class: "catan-game__actions", "aria-label": t("actions") })
    this.handEl = h("section", { class: "catan-game__hand" })
    this.playersEl = h("section", { class: "catan-game__players" })
    this.costsEl = h("section", { class: "catan-game__costs" })
    this.logList = h("ol", { class: "catan-game__log-list" })
    // the scroller is a reversed flex box: it stays at the newest line by itself, with no
    // scroll position to read or write (which would force a layout after every move)
    this.logEl = h("section", { class: "catan-game__log" }, h("h2", {}, t("log")),
      h("div", { class: "catan-game__log-scroll", tabindex: 0, role: "log", "aria-label": t("log") }, this.logList))
    this.setupHost = h("div", { class: "catan-game__setup", hidden: true })
    this.tools = h("div", { class: "catan-game__tools" },
      h("button", { type: "button", class: "md-button", "data-action": "new", onclick: () => this.showSetup(true) }, t("new_game")),
      h("button", { type: "button", class: "md-button", "data-action": "export", onclick: () => this.exportGame() }, t("export")),
      h("button", { type: "button", class: "md-button", "data-action": "import", onclick: () => this.importDialog() }, t("import")),
      h("button", { type: "button", class: "md-button", "data-action": "share", onclick: () => this.shareDialog() }, t("share")))
    this.playArea = h("div", { class: "catan-game__play", hidden: true },
      // whose decision, what to do, the clock: kept in view while the page scrolls
      this.bar = h("div", { class: "catan-game__bar" }, this.statusEl, this.diceEl, this.clockEl, this.noticeEl, this.promptEl),
      this.awayEl,
      h("div", { class: "catan-game__main" },
        this.boardHost,
        h("div", { class: "catan-game__side" }, this.actionsEl, this.handEl, this.playersEl, this.costsEl)),
      this.logEl)
    this.root.replaceChildren(this.loadingEl, this.messageEl, this.setupHost, this.playArea, this.tools)
    this.showTools(false)
  }

  setStatus(text) { this.statusEl.textContent = text }

  /** Export and Share need a game; New game and Import are always there. */
  showTools(game) {
    for (const action of ["export", "share"]) this.tools.querySelector(`[data-action=${action}]`).hidden = !game || Boolean(this.transport.online)
  }

  /** Show a message: `{text, href}` (an engine refusal through the catalog, or any notice). */
  message(msg, kind = "error") {
    this.messageEl.replaceChildren()
    if (!msg) return
    // during a game the message sits in the bar that stays in view; otherwise above the form
    if (!this.playArea.hidden) this.bar.append(this.messageEl)
    else this.root.insertBefore(this.messageEl, this.setupHost)
    const box = h("div", { class: `catan-game__note catan-game__note--${kind}`, "data-note": msg.note || null }, h("span", {}, msg.text))
    if (msg.href) box.append(" ", h("a", { href: msg.href, target: "_blank", rel: "noopener", class: "catan-game__faq" }, this.t("why_faq")))
    box.append(h("button", { type: "button", class: "catan-game__close", "aria-label": this.t("close"), onclick: () => this.message(null) }, "×"))
    this.messageEl.append(box)
  }

  /** An engine error (a refusal or a failure) in the page's language, with its FAQ link; the
   *  engine's own message fills a `{message}` of the catalog's text. */
  explain(error) {
    const room = `online_error_${error.code}`   // a room's own refusal (game/online.js)
    if (this.transport.online && this.text.has(room)) return { code: error.code, text: this.t(room), href: null }
    return this.text.error({ ...error, details: { message: error.message || "", ...(error.details || {}) } })
  }
  refuse(error) { this.message(this.explain(error)) }

  // -- loading, saving, links -------------------------------------------------------------------

  /** Check a saved game (text) or a parsed object with the engine: the game to begin, or
   *  throws. Nothing of the current game changes meanwhile (its computers keep playing). */
  async check(source) {
    const game = store.readGame(typeof source === "string" ? JSON.parse(source) : source)
    // a fresh seed deals a shared view's unknown cards and its dice (the engine uses it only then)
    const seed = crypto.getRandomValues(new Uint32Array(1))[0]
    const checked = await this.transport.load(game.position, game.referee, game.legacy, seed)
    game.position = checked.position
    game.referee = checked.referee
    delete game.legacy
    const colours = checked.position.seats
    game.settings.seats = colours.map((c) => game.settings.seats.find((s) => s.colour === c)
      || store.settingsFor(checked.position).seats.find((s) => s.colour === c))
    return game
  }

  /** Load a saved game, an import or a link once the engine checked it; only then is the
   *  current game (and its save, kept aside) replaced. An unreadable save is set aside; an
   *  unreadable import or link leaves the current game as it was, with a message. */
  async restore(source, origin) {
    let game
    try {
      game = await this.check(source)
    } catch (error) {
      const detail = error.code === "invalid_position" ? this.explain(error).text
        : this.t("unreadable_detail", { message: String(error.message || error) })
      const what = { save: "save_corrupt", link: "link_failed" }[origin] || "import_failed"
      this.message({ text: `${this.t(what)} ${detail}`, href: null })
      if (origin === "save") {
        store.backUp()
        this.showSetup()
      }
      return false
    }
    if (origin !== "save" && this.game) store.backUp()
    this.message(null)
    await this.begin(game)
    return true
  }

  /** False once the page left (instant navigation removed the game): then nothing more happens. */
  alive() {
    if (!this.dead && !this.root.isConnected) this.dispose()
    return !this.dead
  }

  /** Save now; a save the browser refuses (storage full, private browsing) is said once, with
   *  what to do, until a save succeeds again. */
  save() {
    clearTimeout(this.saveTimer)
    this.saveTimer = null
    if (!this.alive() || !this.game || this.game.room) return   // a room keeps its own game
    this.keepClock()
    const ok = store.save(this.game)
    if (ok === this.saved) return
    this.saved = ok
    if (!ok) this.message({ text: this.t("save_failed"), href: null, note: "save_failed" })
    else if (this.messageEl.querySelector("[data-note=save_failed]")) this.message(null)
  }

  /** Save within SAVE_DELAY_MS: while computers play, one save covers several of their steps
   *  (the page saves at once on a person's move and when it is hidden or left). */
  saveSoon() {
    if (!this.saveTimer) this.saveTimer = setTimeout(() => this.save(), SAVE_DELAY_MS)
  }

  async openLink() {
    let payload
    try {
      payload = store.linkPayload()
    } catch (error) {
      store.clearLink()
      this.message({ text: `${this.t("link_failed")} ${this.t("unreadable_detail", { message: String(error.message || error) })}` })
      return false
    }
    if (payload === undefined) return false
    store.clearLink()
    const current = this.game && !this.game.position.winner
    const load = () => this.restore(payload, "link")
    if (!current) {
      if (!(await load()) && !this.game) this.showSetup()
      return true
    }
    openDialog(this.root, {
      title: this.t("link_title"), body: [h("p", {}, this.t("link_replace"))],
      buttons: [
        { label: this.t("link_open"), primary: true, action: "open-link", onclick: (e) => { e.target.closest("dialog").close(); load() } },
        { label: this.t("link_keep"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
    return true
  }

  // -- a new game -------------------------------------------------------------------------------

  showSetup(asked = false) {
    const playing = this.game && !this.game.position.winner
    const form = setupForm(this.text, {
      initial: this.game && !this.game.room ? this.game.settings : null,
      onstart: (settings, how) => (how === "create-room" ? this.createOnline(settings) : this.newGame(settings)),
      oncancel: asked && this.game ? () => this.hideSetup() : null,
    })
    this.setupHost.replaceChildren(form)
    this.offerRooms(form)
    if (asked && playing) this.setupHost.prepend(h("p", { class: "catan-game__note catan-game__note--info" }, this.t("new_game_replaces")))
    this.setupHost.hidden = false
    this.playArea.hidden = true
    this.showTools(Boolean(this.game))
    this.stopClock()
    this.setStatus(this.t("setup_status"))
    const first = this.setupHost.querySelector("select, input")
    if (asked && first) first.focus()
  }

  hideSetup() {
    this.setupHost.hidden = true
    this.setupHost.replaceChildren()
    this.playArea.hidden = !this.game
    this.render()
    this.pump()
  }

  async newGame(settings) {
    if (this.starting) return
    if (this.transport.online) return this.goLocal(settings)   // a game on this device instead
    this.starting = true
    let created
    try {
      if (!(await this.engine)) return
      created = await this.transport.newGame({
        seats: settings.seats.map((s) => s.colour), players: settings.seats, seed: settings.seed,
        board: settings.board, mode: settings.mode, rules: settings.rules,
      })
    } catch (error) {
      this.refuse(error)
      return
    } finally {
      this.starting = false
    }
    if (this.game) store.backUp()
    this.stopBot()
    const { position, referee } = created
    settings.seats = position.seats.map((c) => settings.seats.find((s) => s.colour === c))
    const game = { settings, position, referee, log: [], stats: { dice: Array(13).fill(0) }, viewer: null, last: null, clocks: {} }
    game.log.push({ e: { type: "game_started", player: position.seats[0] }, turn: 0 })
    this.message(null)
    await this.begin(game)
  }

  async begin(game) {
    this.stopBot()
    this.clock = null          // the last game's clock (kept in its own save) stops here
    this.game = game
    this.mode = null
    this.draft = { give: {}, get: {}, to: null }
    this.endShown = false
    this.shownDialog = null
    closeDialogs(this.root)
    this.setupHost.hidden = true
    this.setupHost.replaceChildren()
    this.playArea.hidden = false
    this.showTools(true)
    await this.refresh()
    this.save()
    this.logReset = true
    this.render()
    // the island in view under the status bar (unless the reader scrolled into the game already)
    if (this.playArea.getBoundingClientRect().top > 60) this.playArea.scrollIntoView({ block: "start" })
    this.pump()
  }

  // -- seats --------------------------------------------------------------------------------------

  seat(colour) { return this.game.settings.seats.find((s) => s.colour === colour) }
  name(colour) {
    const seat = this.game && this.seat(colour)
    return (seat && seat.name) || this.t("colour_" + colour)
  }
  /** The referee's control of a seat: {kind, level, personality, idle, away, computer}. */
  control(colour) { return (this.view && this.view.seats[colour]) || {} }

  options(extra = {}) {
    return { visibility: this.game.settings.visibility, dice: this.game.settings.dice, mode: this.mode, last: this.game.last, ...extra }
  }

  /** Ask what the viewer sees now (the referee may show someone else: hot-seat play). */
  async refresh(viewer = this.game.viewer) {
    this.take(await this.transport.view(this.game, viewer, this.options()))
  }

  take(view) {
    const changed = view.viewer !== this.game.viewer
    this.view = view
    this.game.viewer = view.viewer
    if (changed) {
      this.logReset = true
      this.mode = null
    }
    if (!view.choice.mode) this.mode = null
  }

  async setViewer(colour) {
    if (this.game.viewer === colour) return
    await this.refresh(colour)
    this.save()
    this.render()
  }

  async changeSeat(colour, change) {
    closeDialogs(this.root)
    this.shownDialog = null
    const result = await this.request(() => this.transport.seat(this.game, colour, change, this.game.viewer, this.options()))
    if (!result) return
    if (change !== "back") this.seat(colour).kind = change
    this.pump()
  }

  toggleSeat(colour) { return this.changeSeat(colour, this.control(colour).kind === "bot" ? "human" : "bot") }
  comeBack(colour) { return this.changeSeat(colour, "back") }

  // -- the loop -----------------------------------------------------------------------------------

  /** One request to the referee at a time: a person's waits for the one under way (`wait`),
   *  a computer's step is dropped instead. A move in the answer is taken before the next
   *  request starts, so each one starts from the game the last one left. Null (with the
   *  error shown) when it failed. */
  async request(send, { wait = true } = {}) {
    while (this.busy) {
      if (!wait) return null
      await this.pending
    }
    this.busy = true
    let finished
    this.pending = new Promise((resolve) => { finished = resolve })
    const game = this.game
    try {
      const result = await send()
      if (this.game !== game) {              // another game began meanwhile (an import, a link):
        setTimeout(() => this.pump(), 0)     // its loop goes on once this request is out of the way
        return null
      }
      if (result && result.wait) this.take(result.view)
      else if (result && result.view && !result.error) this.commit(result, { soon: !wait })
      return result
    } catch (error) {
      console.error("catan game:", error)
      this.refuse(error)
      return null
    } finally {
      this.busy = false
      finished()
    }
  }

  /** Decide what happens next, from the referee's `next`; called after every change. */
  async pump() {
    if (!this.alive() || !this.game || !this.view || this.busy || !this.setupHost.hidden) return
    const view = this.view
    const next = view.next
    if (view.winner) {
      if (this.saveTimer) this.save()
      this.stopClock()
      this.render()
      if (!this.endShown) this.showEnd()
      return
    }
    if (next.auto) {
      this.stopClock()
      this.render()
      this.scheduleBot(next.computer ? undefined : 0)
      return
    }
    if (this.saveTimer) this.save()     // a person's turn or the end: the save is exact
    if (next.actor) this.startClock(next.actor, next.clock)
    // the pass-the-device screen opens over a board and status line that are already current
    if (next.pass_to) this.renderNow()
    else this.render()
    if (next.pass_to) this.showPass(next.pass_to)
    else this.autoDialogs()
  }

  scheduleBot(delay = store.SPEEDS[this.game.settings.speed] ?? 700) {
    if (this.botTimer || this.dead) return
    this.botTimer = setTimeout(async () => {
      this.botTimer = null
      if (this.dead || this.busy || !this.game) return
      const start = performance.now()
      const result = await this.request(() => this.transport.advance(this.game, this.game.viewer, this.options()), { wait: false })
      if (!result) return
      if (result.dice) return this.askDice(result.dice)
      if (!result.wait) {
        performance.measure("catan:bot-move", { start, end: performance.now(), detail: { ms: result.ms, colour: result.actor } })
        if (result.note && result.note !== "forced" && result.note !== "capped") console.warn("catan game: the computer's move was refused:", result.note)
      }
      this.pump()
    }, delay)
  }

  stopBot() {
    if (this.botTimer) clearTimeout(this.botTimer)
    this.botTimer = null
  }

  /** A person's action; a refusal shows the rule. `offeredTo`: who an offer is made to;
   *  `declined`: whose counter-offer a cancel declines. */
  async perform(action, { offeredTo = null, declined = null } = {}) {
    const options = this.options({ ...(offeredTo ? { offered_to: offeredTo } : {}), ...(declined ? { declined } : {}) })
    const result = await this.request(() => this.transport.act(this.game, action, this.game.viewer, options))
    return this.done(result, action.player)
  }

  /** Dice entered by hand for `colour` (`person`: their own roll, else a computer's). */
  async rollDice(colour, dice, person) {
    const result = await this.request(() => this.transport.roll(this.game, colour, dice, this.game.viewer, this.options()))
    return this.done(result, person ? colour : null)
  }

  /** After a person's request: false on a refusal (shown), else the move is taken. */
  done(result, colour) {
    if (!result) return false
    if (result.error) {
      this.refuse(result.error)
      return false
    }
    this.message(null)
    if (colour && this.clock && this.clock.colour === colour) {
      this.clock.deadline += (this.view.next.bonus_s || 0) * 1000
      this.clock.acted = true
    }
    this.pump()
    return true
  }

  /** Take an answer of the referee: the new position, referee, log lines and view. */
  commit(result, { soon = false } = {}) {
    if (!this.alive()) return
    if (result.position) this.game.position = result.position
    if (result.referee) this.game.referee = result.referee
    if (result.last) this.game.last = result.last
    const turn = result.view.turn
    const stats = this.game.stats
    const gains = []
    for (const entry of result.log || []) {
      const e = entry.e
      if (e.type === "rolled") {
        stats.dice[e.total] = (stats.dice[e.total] || 0) + 1
        stats.rolls = [...(stats.rolls || []).slice(-(ROLLS_KEPT - 1)), e.dice]
      }
      if (e.type === "produced") gains.push(e.gains || {})
      this.game.log.push({ ...entry, turn })
    }
    this.take(result.view)
    if (gains.length) this.showProduction(gains)
    if (soon) this.saveSoon()
    else this.save()
    this.render()
  }

  // -- the turn timer -------------------------------------------------------------------------------

  /** The clock of `colour`'s decision `key`: the time left of that decision when it was
   *  interrupted (another player's answer, a reload), else the whole time. When it runs out
   *  the referee acts for them (game.timeout): it declines a computer's offer, or the stand-in
   *  finishes the turn. */
  startClock(colour, key) {
    // a computer's offer waits the referee's time for an answer (the timer's, if shorter)
    const timer = this.game.settings.timer
    const offer = this.view.next.offer_s
    const seconds = offer && !(timer && timer < offer) ? offer : timer
    if (!seconds || !key) return this.stopClock()
    if (this.clock && this.clock.key === key) return
    this.keepClock()
    let left, acted = false
    if (this.transport.online) {   // a room's clock is the server's
      left = this.transport.clockLeft()
      if (left === null) return this.stopClock()
    } else {
      const kept = (this.game.clocks || {})[key]
      left = kept ? kept.left : seconds * 1000
      acted = Boolean(kept && kept.acted)
    }
    this.clock = { key, colour, deadline: performance.now() + left, acted }
    this.onTick()
  }

  /** Keep the running clock's time left in the game (saved with it), with those of the other
   *  decisions of the same turn. */
  keepClock() {
    if (!this.clock || !this.game) return
    const turn = this.clock.key.split("|")[0]
    const clocks = Object.fromEntries(Object.entries(this.game.clocks || {}).filter(([k]) => k.split("|")[0] === turn))
    clocks[this.clock.key] = { left: Math.max(0, this.clock.deadline - performance.now()), acted: this.clock.acted }
    this.game.clocks = clocks
  }

  stopClock() {
    this.keepClock()
    this.clock = null
    if (this.clockEl) this.clockEl.hidden = true
  }

  onTick() {
    if (!this.alive() || !this.clock) return
    const left = Math.max(0, Math.ceil((this.clock.deadline - performance.now()) / 1000))
    this.clockEl.hidden = false
    this.clockEl.textContent = this.t("clock", { name: this.name(this.clock.colour), n: left })
    this.clockEl.classList.toggle("is-short", left <= 10)
    if (left <= 0 && !this.busy) this.timeout(this.clock.colour)
  }

  /** Time is up: the referee lets a computer finish the turn (and keep the seat when idle). */
  async timeout(colour) {
    const acted = Boolean(this.clock && this.clock.acted)
    this.stopClock()
    this.mode = null
    closeDialogs(this.root)
    this.shownDialog = null
    const result = await this.request(() => this.transport.timeout(this.game, colour, acted, this.game.viewer, this.options()))
    if (result) this.pump()
  }

  dispose() {
    if (this.saveTimer && this.game && !this.game.room) store.save(this.game)
    this.dead = true
    if (this.transport.close) this.transport.close()
    this.stopBot()
    clearInterval(this.tick)
    if (this.onHash) window.removeEventListener("hashchange", this.onHash)
    if (this.onHide) {
      document.removeEventListener("visibilitychange", this.onHide)
      window.removeEventListener("pagehide", this.onHide)
    }
  }

  // -- the board's choices --------------------------------------------------------------------------

  myDecision() { return Boolean(this.view && this.view.next.decides) }
  can(type) { return Boolean(this.view && this.view.can[type]) }

  /** A mouse click nearer an illegal spot than any legal one names the rule that forbids it
   *  (the board itself lets only legal spots be chosen: keyboard, touch). */
  illegalClick(event) {
    const choice = this.view && this.view.choice
    if (!choice || !choice.pick || !this.myDecision() || event.detail === 0 || COARSE) return
    let best = null
    let bestDistance = CAPTURE_PX
    for (const el of this.boardHost.querySelectorAll(SPOTS[choice.pick])) {
      const box = el.getBoundingClientRect()
      const d = Math.hypot(event.clientX - (box.left + box.width / 2), event.clientY - (box.top + box.height / 2))
      if (d < bestDistance) { best = el; bestDistance = d }
    }
    const id = best && (best.dataset.node ?? best.dataset.edge ?? best.dataset.tile)
    const reason = id !== undefined && id !== null && choice.illegal[id]
    if (!reason) return
    event.stopImmediatePropagation()
    this.refuse(reason)
  }

  /** A spot was chosen on the board: an illegal one shows its rule, a legal one is played. */
  async pick(kind, id) {
    if (!this.myDecision() || this.busy || kind !== this.view.choice.pick) return
    const reason = this.view.choice.illegal[String(id)]
    if (reason) return this.refuse(reason)
    const result = await this.request(() => this.transport.pick(this.game, this.game.viewer, this.options(), id))
    if (!result) return
    if (result.mode) {
      this.mode = result.mode
      await this.refresh()
      this.renderNow()
      this.focusBoard()
      return
    }
    if (result.victims) return this.victimDialog(result.tile, result.victims)
    const ok = this.done(result, this.game.viewer)
    if (!ok && this.mode) {
      this.mode = { ...this.mode, picks: [] }
      await this.refresh()
      this.render()
    }
  }

  async setMode(kind) {
    this.mode = this.mode && this.mode.kind === kind ? null : { kind, picks: [] }
    this.message(null)
    await this.refresh()
    this.renderNow()
    if (this.mode) this.focusBoard()
  }

  /** Put the board's tab stop on the first legal spot (and the focus, unless `focus` is false). */
  focusBoard(focus = true) {
    const legal = new Set(this.view.choice.legal.map(String))
    const spot = this.board.spots.find((s) => legal.has(s.id))
    if (spot) this.board.focusSpot(spot, focus)
  }

  /** The spots a person may choose on the board now: the legal ones (one tab stop, arrow keys
   *  between them, large touch targets); a click on another spot names its rule. */
  pickTargets() {
    const choice = this.view.choice
    if (!this.myDecision() || !choice.pick) return [[], null]
    return [[choice.pick], choice.legal.map(String)]
  }

  playCard(card) {
    const me = this.view.me.colour
    if (card === "knight") return this.perform({ type: "play_knight", player: me })
    if (card === "year_of_plenty") return this.yearOfPlentyDialog()
    if (card === "monopoly") return this.monopolyDialog()
    if (card === "road_building") return this.setMode("road_building")
    return null
  }
}

Object.assign(GameApp.prototype, panels, dialogs, online)

// -- mounting (idempotent; Material's instant navigation re-announces every page) ---------------------

function mountAll() {
  for (const root of document.querySelectorAll(".catan-game[data-catan-game]:not([data-mounted])")) {
    root.setAttribute("data-mounted", "")
    const room = roomInLink()   // an invitation to an online room
    const app = new GameApp(root, room ? new RoomTransport(room) : new LocalTransport())
    root.catanGame = app
    app.start().catch((error) => console.error("catan game:", error))
  }
}

onPage(mountAll)
