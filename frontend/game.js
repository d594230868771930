// The game page: a whole game of Catan against computer players or people at the same screen.
//
// Every rule is the engine's: catan_core runs in the page's Web Worker (runtime.js) and this
// file only asks it, through widgets/game_bridge.py, what a seat sees, what it may do, and what
// a move does. Computer players decide in the worker too, one move at a time with a short pause,
// so the page never freezes. After every move the game is saved in localStorage.
//
// This file is the game's controller (start-up, saving, the turn loop, the timer, the board's
// choices); game-panels.js draws it and game-dialogs.js asks questions, as methods of the same
// GameApp. Mounted on <div class="catan-game" data-catan-game> (hooks/game_page.py writes it
// with the page's strings); survives Material's instant navigation through `document$`.

import { call, ensureRuntime, onProgress } from "./core/runtime.js"
import { loadText } from "./game-text.js"
import { Board } from "./game-board.js"
import { dialogs } from "./game-dialogs.js"
import { panels } from "./game-panels.js"
import { setupForm } from "./game-setup.js"
import * as store from "./game-store.js"
import { h, openDialog, closeDialogs } from "./game-ui.js"

const bridge = (fn, ...args) => call("game_bridge." + fn, ...args)
const STAND_IN = { level: "normal", personality: "builder" }
const MAX_OFFERS = 3           // offers a computer player may make per turn (as the bot driver)
const MAX_BOT_ACTIONS = 200    // then a computer player's turn is ended for it

class GameApp {
  constructor(root) {
    this.root = root
    this.text = loadText(root)
    this.game = null          // the saved game: {settings, position, log, seats, offers, stats, viewer}
    this.status = null        // game_bridge.status for the current viewer
    this.mode = null          // {kind: road|settlement|city|road_building, picks: []}
    this.busy = false
    this.dead = false
    this.botTimer = null
    this.clock = null         // {key, colour, deadline, acted}
    this.last = {}            // places changed by the last move, highlighted on the board
    this.draft = { give: {}, get: {}, to: null }
    this.shownDialog = null   // what the open dialog is for, so renders do not reopen it
    this.logCount = 0
  }

  t(key, params) { return this.text.t(key, params) }

  // -- start-up ---------------------------------------------------------------------------------

  async start() {
    this.shell()
    // with nothing to resume, the form comes at once; the engine loads meanwhile
    if (!location.hash.startsWith("#pos=") && !store.loadSaved()) this.showSetup()
    const stop = onProgress(({ stage, percent }) => {
      this.loadingEl.textContent = this.t(stage === "failed" ? "engine_failed" : "engine_loading", { percent: percent || 0 })
    })
    this.engine = this.startEngine().finally(stop)
    if (!(await this.engine)) return
    this.tick = setInterval(() => this.onTick(), 250)
    window.addEventListener("hashchange", this.onHash = () => this.openLink())
    bridge("warm_up").catch(() => {})
    const saved = store.loadSaved()
    if (saved) await this.restore(saved, "save")
    // a shared link: loaded at once, or after asking when a game is in progress
    if (!(await this.openLink()) && !this.game && this.setupHost.hidden) this.showSetup()
  }

  /** Start the worker and draw the empty island; false (with a message) if it cannot start. */
  async startEngine() {
    try {
      await ensureRuntime()
      this.geometry = await bridge("geometry")
    } catch (error) {
      this.loadingEl.textContent = this.t("engine_failed")
      this.message({ text: this.t("engine_failed_detail", { message: String(error.message || error) }), href: null })
      return false
    }
    this.loadingEl.hidden = true
    this.board = new Board(this.geometry, this.text, (kind, name) => this.pick(kind, name))
    this.boardHost.replaceChildren(this.board.el)
    return true
  }

  shell() {
    const t = (k, p) => this.t(k, p)
    this.statusEl = h("p", { class: "catan-game__status" })   // changes at every move: not read aloud
    this.loadingEl = h("p", { class: "catan-game__loading catan-muted", "aria-live": "polite" }, t("engine_loading", { percent: 0 }))
    this.clockEl = h("span", { class: "catan-game__clock", hidden: true })
    this.awayEl = h("div", { class: "catan-game__away" })
    this.messageEl = h("div", { class: "catan-game__message", role: "alert" })
    this.promptEl = h("div", { class: "catan-game__prompt", "aria-live": "polite" })   // what you must do now
    this.boardHost = h("div", { class: "catan-game__board" })
    this.actionsEl = h("section", { class: "catan-game__actions", "aria-label": t("actions") })
    this.handEl = h("section", { class: "catan-game__hand" })
    this.playersEl = h("section", { class: "catan-game__players" })
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
      this.bar = h("div", { class: "catan-game__bar" }, this.statusEl, this.clockEl, this.promptEl),
      this.awayEl,
      h("div", { class: "catan-game__main" },
        this.boardHost,
        h("div", { class: "catan-game__side" }, this.actionsEl, this.handEl, this.playersEl, this.costsCard())),
      this.logEl)
    this.root.replaceChildren(this.loadingEl, this.messageEl, this.setupHost, this.playArea, this.tools)
    this.showTools(false)
  }

  setStatus(text) { this.statusEl.textContent = text }

  /** Export and Share need a game; New game and Import are always there. */
  showTools(game) {
    for (const action of ["export", "share"]) this.tools.querySelector(`[data-action=${action}]`).hidden = !game
  }

  /** Show a message: the engine's refusal (translated, with its FAQ link) or any notice. */
  message(msg, kind = "error") {
    this.messageEl.replaceChildren()
    if (!msg) return
    // during a game the message sits in the bar that stays in view; otherwise above the form
    if (!this.playArea.hidden) this.bar.append(this.messageEl)
    else this.root.insertBefore(this.messageEl, this.setupHost)
    const box = h("div", { class: `catan-game__note catan-game__note--${kind}` }, h("span", {}, msg.text))
    if (msg.href) box.append(" ", h("a", { href: msg.href, target: "_blank", rel: "noopener", class: "catan-game__faq" }, this.t("why_faq")))
    box.append(h("button", { type: "button", class: "catan-game__close", "aria-label": this.t("close"), onclick: () => this.message(null) }, "×"))
    this.messageEl.append(box)
  }

  // -- loading, saving, links -------------------------------------------------------------------

  /** Load a saved game (text) or a parsed object; an unreadable one is set aside, with a message. */
  async restore(source, origin) {
    let game
    try {
      game = store.readGame(typeof source === "string" ? JSON.parse(source) : source)
      const { position } = await bridge("load", game.position)
      game.position = position
      const colours = position.seats
      if (!colours.every((c) => game.settings.seats.some((s) => s.colour === c))) {
        game.settings.seats = store.settingsFor(position).seats.map((seat) =>
          game.settings.seats.find((s) => s.colour === seat.colour) || seat)
      }
      game.settings.seats = colours.map((c) => game.settings.seats.find((s) => s.colour === c))
    } catch (error) {
      const detail = error.code === "invalid_position" ? this.text.error(error).text
        : this.t("unreadable_detail", { message: String(error.message || error) })
      this.message({ text: `${this.t(origin === "save" ? "save_corrupt" : "import_failed")} ${detail}`, href: null })
      if (origin === "save") {
        store.backUp()
        this.showSetup()
      }
      return false
    }
    await this.begin(game)
    return true
  }

  /** False once the page left (instant navigation removed the game): then nothing more happens. */
  alive() {
    if (!this.dead && !this.root.isConnected) this.dispose()
    return !this.dead
  }

  save() {
    if (this.alive() && this.game) store.save(this.game)
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
    const load = async () => {
      if (this.game) store.backUp()
      this.stopBot()
      return this.restore(payload, "link")
    }
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
    this.setupHost.replaceChildren(setupForm(this.text, {
      initial: this.game ? this.game.settings : null,
      onstart: (settings) => this.newGame(settings),
      oncancel: asked && this.game ? () => this.hideSetup() : null,
    }))
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
    this.starting = true
    let result
    try {
      if (!(await this.engine)) return
      result = await bridge("new_game", { seats: settings.seats.map((s) => s.colour), seed: settings.seed, board: settings.board, mode: settings.mode, rules: settings.rules })
    } catch (error) {
      this.message(this.text.error(error))
      return
    } finally {
      this.starting = false
    }
    if (this.game) store.backUp()
    this.stopBot()
    const position = result.position
    settings.seats = position.seats.map((c) => settings.seats.find((s) => s.colour === c))
    const game = {
      settings, position, log: [], seats: {}, offers: {}, stats: { dice: Array(13).fill(0) }, viewer: null,
    }
    game.log.push({ e: { type: "game_started", player: position.seats[0] }, turn: 0 })
    this.message(null)
    await this.begin(game)
  }

  async begin(game) {
    this.stopBot()
    this.game = game
    this.mode = null
    this.last = {}
    this.draft = { give: {}, get: {}, to: null }
    this.endShown = false
    this.shownDialog = null
    closeDialogs(this.root)
    for (const colour of game.position.seats) {
      const s = game.seats[colour] || {}
      game.seats[colour] = { idle: Number(s.idle) || 0, away: Boolean(s.away), auto: typeof s.auto === "string" ? s.auto : null }
    }
    if (!game.position.seats.includes(game.viewer)) game.viewer = null
    if (game.viewer === null && this.humans().length === 1) game.viewer = this.humans()[0]
    this.setupHost.hidden = true
    this.setupHost.replaceChildren()
    this.playArea.hidden = false
    this.showTools(true)
    await this.refresh()
    this.save()
    this.logReset = true
    this.render()
    this.pump()
  }

  // -- seats --------------------------------------------------------------------------------------

  seat(colour) { return this.game.settings.seats.find((s) => s.colour === colour) }
  name(colour) {
    const seat = this.game && this.seat(colour)
    return (seat && seat.name) || this.t("colour_" + colour)
  }
  humans() { return this.game.settings.seats.filter((s) => s.kind === "human").map((s) => s.colour) }
  /** Which turn a timeout belongs to; during set-up (turn 0), each player's settlement and road. */
  autoKey(st = this.status) {
    const roads = Object.values(this.game.position.players || {}).reduce((n, p) => n + (p.roads || []).length, 0)
    return `${st.turn}:${st.current}:${st.turn === 0 ? roads : ""}`
  }

  /** True when a computer decides for `colour` now: a computer seat, or a person away or out of time. */
  isComputer(colour) {
    const seat = this.seat(colour)
    const state = this.game.seats[colour]
    return seat.kind === "bot" || state.away || state.auto === this.autoKey()
  }

  botConfig(colour) {
    const seat = this.seat(colour)
    const index = this.game.position.seats.indexOf(colour)
    const seed = ((this.game.settings.seed || 0) * 16 + index + 1) % 2147483647
    return seat.kind === "bot" ? { level: seat.level, personality: seat.personality, seed } : { ...STAND_IN, seed }
  }

  options(extra = {}) {
    return { visibility: this.game.settings.visibility, dice: this.game.settings.dice, ...extra }
  }

  async refresh() {
    this.status = await bridge("status", this.game.position, this.game.viewer, this.options())
  }

  async setViewer(colour) {
    if (this.game.viewer === colour) return
    this.game.viewer = colour
    this.mode = null
    await this.refresh()
    this.save()
    this.logReset = true
    this.render()
  }

  toggleSeat(colour) {
    closeDialogs(this.root)
    this.shownDialog = null
    const seat = this.seat(colour)
    seat.kind = seat.kind === "bot" ? "human" : "bot"
    if (seat.kind === "bot") {
      seat.level = seat.level || STAND_IN.level
      seat.personality = seat.personality || STAND_IN.personality
    } else {
      Object.assign(this.game.seats[colour], { idle: 0, away: false, auto: null })
    }
    this.addLog({ type: seat.kind === "bot" ? "seat_computer" : "seat_person", player: colour })
    this.save()
    this.render()
    this.pump()
  }

  comeBack(colour) {
    Object.assign(this.game.seats[colour], { idle: 0, away: false, auto: null })
    this.addLog({ type: "back", player: colour })
    this.save()
    this.render()
    this.pump()
  }

  // -- the turn loop ------------------------------------------------------------------------------

  /** The colour whose decision comes next: computers first (discards, answers), then people. */
  nextActor() {
    const actors = this.status.actors
    const computers = actors.filter((c) => this.isComputer(c))
    return computers[0] || actors[0] || null
  }

  /** Decide what happens next; called after every change. */
  async pump() {
    if (!this.alive() || !this.game || this.busy || !this.setupHost.hidden) return
    const st = this.status
    if (st.winner) {
      this.stopClock()
      this.render()
      if (!this.endShown) this.showEnd()
      return
    }
    // an offer made to some players only: the others decline at once
    if (st.trade && Array.isArray(this.game.to)) {
      const skip = st.actors.find((c) => c !== st.current && !this.game.to.includes(c))
      if (skip) {
        await this.perform({ type: "reject_trade", player: skip }, skip, { quiet: true, computer: true })
        return
      }
    }
    const actor = this.nextActor()
    if (!actor) return
    const cards = (st.players.find((p) => p.colour === actor) || {}).cards
    if (st.trade && actor !== st.current && cards === 0) {   // nothing to give: no accept, no counter
      await this.perform({ type: "reject_trade", player: actor }, actor, { quiet: true, computer: true })
      return
    }
    if (this.isComputer(actor)) {
      if (this.humans().length > 1 && this.game.viewer !== null && !st.actors.includes(this.game.viewer)) {
        await this.setViewer(null)   // several people: hide the last one's hand while computers play
      }
      this.stopClock()
      this.render()
      this.scheduleBot(actor)
      return
    }
    this.startClock(actor)
    if (this.game.viewer !== actor && this.humans().length > 1) {
      if (this.game.viewer !== null) await this.setViewer(null)
      this.render()
      this.showPass(actor)
      return
    }
    if (this.game.viewer !== actor) await this.setViewer(actor)
    this.render()
    this.autoDialogs()
  }

  scheduleBot(colour) {
    if (this.botTimer || this.dead) return
    const delay = store.SPEEDS[this.game.settings.speed] ?? 700
    this.botTimer = setTimeout(async () => {
      this.botTimer = null
      if (this.dead || this.busy || !this.game) return
      this.busy = true
      let again = true
      try {
        again = await this.botMove(colour)
      } catch (error) {
        console.error("catan game: computer move failed", error)
        this.message(this.text.error(error))
        again = false
      } finally {
        this.busy = false
      }
      if (again) this.pump()
    }, delay)
  }

  stopBot() {
    if (this.botTimer) clearTimeout(this.botTimer)
    this.botTimer = null
  }

  /** One computer move for `colour`; false when the page must wait (dice to enter by hand). */
  async botMove(colour) {
    const st = this.status
    if (!st.actors.includes(colour) || !this.isComputer(colour)) return true
    const turnKey = `${st.turn}:${colour}`
    const offers = this.game.offers[turnKey] || 0
    const inTurn = this.game.offers[`${st.turn}:actions`] || 0
    if (inTurn > MAX_BOT_ACTIONS && st.phase === "main" && !st.trade && colour === st.current) {
      return this.perform({ type: "end_turn", player: colour }, colour, { quiet: true, computer: true })
    }
    const start = performance.now()
    const result = await bridge("bot_step", this.game.position, colour, this.botConfig(colour), this.game.viewer,
      this.options({ allow_offers: offers < MAX_OFFERS }))
    performance.measure("catan:bot-move", { start, end: performance.now(), detail: { ms: result.ms, colour } })
    if (result.fallback) console.warn("catan game: the computer player's move was refused:", result.fallback)
    if (!result.position) {     // manual dice: a person enters the computer player's roll
      if (result.action && result.action.type === "roll") this.askDice(colour)
      return false
    }
    if (result.error) {
      console.warn("catan game: refused computer move", result.error)
      return true
    }
    this.commit(result, result.action, colour)
    return true
  }

  /** Apply a person's (or a forced) action; a refusal shows the rule. */
  async perform(action, colour, { quiet = false, computer = false } = {}) {
    if (this.busy && !quiet) return false
    const wasBusy = this.busy
    this.busy = true
    let result
    try {
      result = await bridge("step", this.game.position, action, this.game.viewer, this.options())
    } catch (error) {
      this.message(this.text.error(error))
      return false
    } finally {
      this.busy = wasBusy
    }
    if (result.error) {
      if (!quiet) this.message(this.text.error(result.error))
      if (quiet) console.warn("catan game: refused", action, result.error)
      return false
    }
    if (!quiet && !computer) this.message(null)
    if (!computer && colour) this.personActed(colour)
    this.commit(result, action, colour)
    if (!wasBusy) this.pump()
    return true
  }

  personActed(colour) {
    const state = this.game.seats[colour]
    if (state) state.idle = 0
    if (this.clock && this.clock.colour === colour) {
      this.clock.deadline += 5000
      this.clock.acted = true
    }
  }

  commit(result, action, colour) {
    if (!this.alive()) return
    const before = this.status
    this.game.position = result.position
    this.status = result.status
    const turn = result.status.turn
    const key = `${turn}:actions`
    this.game.offers[key] = (turn === before.turn ? this.game.offers[key] || 0 : 0) + 1
    if (action && action.type === "offer_trade" && colour) {
      this.game.offers[`${turn}:${colour}`] = (this.game.offers[`${turn}:${colour}`] || 0) + 1
    }
    if (!result.status.trade) this.game.to = null
    for (const k of Object.keys(this.game.offers)) if (!k.startsWith(`${turn}:`)) delete this.game.offers[k]
    const last = { nodes: [], edges: [] }
    for (const entry of result.log) {
      const e = entry.e
      if (e.type === "rolled") this.game.stats.dice[e.total] = (this.game.stats.dice[e.total] || 0) + 1
      if (e.node) last.nodes.push(e.node)
      if (e.edge) last.edges.push(e.edge)
      this.game.log.push({ ...entry, turn })
    }
    if (last.nodes.length || last.edges.length) this.last = last
    if (this.mode && result.status.phase !== "main") this.mode = null
    this.save()
    this.render()
  }

  addLog(event) {
    this.game.log.push({ e: event, turn: this.status ? this.status.turn : 0 })
    this.render()
  }

  // -- the turn timer -------------------------------------------------------------------------------

  startClock(colour) {
    const seconds = this.game.settings.timer
    if (!seconds) return this.stopClock()
    const st = this.status
    const key = `${st.turn}|${st.phase}|${colour}|${st.trade ? 1 : 0}|${st.current}`
    if (this.clock && this.clock.key === key) return
    this.clock = { key, colour, deadline: performance.now() + seconds * 1000, acted: false }
    this.onTick()
  }

  stopClock() {
    this.clock = null
    if (this.clockEl) this.clockEl.hidden = true
  }

  onTick() {
    if (!this.alive()) return undefined
    if (!this.clock) return
    const left = Math.max(0, Math.ceil((this.clock.deadline - performance.now()) / 1000))
    this.clockEl.hidden = false
    this.clockEl.textContent = this.t("clock", { name: this.name(this.clock.colour), n: left })
    this.clockEl.classList.toggle("is-short", left <= 10)
    if (left <= 0 && !this.busy) this.timeout(this.clock.colour)
  }

  /** Time is up: a computer finishes the turn; after two idle turns in a row it keeps playing. */
  timeout(colour) {
    const state = this.game.seats[colour]
    const acted = this.clock && this.clock.acted
    this.stopClock()
    state.idle = acted ? 0 : state.idle + 1
    state.auto = this.autoKey()
    this.addLog({ type: "timeout", player: colour })
    if (state.idle >= 2 && !state.away) {
      state.away = true
      this.addLog({ type: "away", player: colour })
    }
    this.mode = null
    closeDialogs(this.root)
    this.shownDialog = null
    this.save()
    this.render()
    this.pump()
  }

  dispose() {
    this.dead = true
    this.stopBot()
    clearInterval(this.tick)
    if (this.onHash) window.removeEventListener("hashchange", this.onHash)
  }

  // -- what the viewer may do -----------------------------------------------------------------------

  legal(type) { return this.status.legal.filter((a) => a.type === type) }
  myDecision() {
    const st = this.status
    return Boolean(st && st.me && st.actors.includes(st.me.colour) && !this.isComputer(st.me.colour) && !st.winner)
  }

  /** Board spots of the current choice: {pick, legal}. */
  choice() {
    const st = this.status
    if (!this.myDecision()) return { pick: null, legal: [] }
    if (st.phase === "setup_settlement") return { pick: "node", legal: this.legal("place_settlement").map((a) => a.node) }
    if (st.phase === "setup_road") return { pick: "edge", legal: this.legal("place_road").map((a) => a.edge) }
    if (st.phase === "move_robber") return { pick: "tile", legal: [...new Set(this.legal("move_robber").map((a) => a.tile))] }
    const mode = this.mode
    if (!mode || st.me.colour !== st.current) return { pick: null, legal: [] }
    if (mode.kind === "road") return { pick: "edge", legal: this.legal("build_road").map((a) => a.edge) }
    if (mode.kind === "settlement") return { pick: "node", legal: this.legal("build_settlement").map((a) => a.node) }
    if (mode.kind === "city") return { pick: "node", legal: this.legal("build_city").map((a) => a.node) }
    if (mode.kind === "road_building") {
      const pairs = this.legal("play_road_building").map((a) => a.edges)
      const first = mode.picks[0]
      const legal = first ? pairs.filter((p) => p.includes(first)).flatMap((p) => p.filter((e) => e !== first))
        : pairs.flat()
      return { pick: "edge", legal: [...new Set(legal)] }
    }
    return { pick: null, legal: [] }
  }

  /** A spot was chosen on the board (legal or not: the engine says why not). */
  async pick(kind, name) {
    if (!this.myDecision() || this.busy) return
    const st = this.status
    const me = st.me.colour
    if (st.phase === "setup_settlement" && kind === "node") return this.perform({ type: "place_settlement", node: name, player: me }, me)
    if (st.phase === "setup_road" && kind === "edge") return this.perform({ type: "place_road", edge: name, player: me }, me)
    if (st.phase === "move_robber" && kind === "tile") return this.robberTo(Number(name))
    const mode = this.mode
    if (!mode) return
    if (mode.kind === "road" && kind === "edge") return this.perform({ type: "build_road", edge: name, player: me }, me)
    if (mode.kind === "settlement" && kind === "node") return this.perform({ type: "build_settlement", node: name, player: me }, me)
    if (mode.kind === "city" && kind === "node") return this.perform({ type: "build_city", node: name, player: me }, me)
    if (mode.kind === "road_building" && kind === "edge") {
      if (mode.picks.includes(name)) return
      mode.picks.push(name)
      const pairs = this.legal("play_road_building").map((a) => a.edges)
      const complete = mode.picks.length === 2 || !pairs.some((p) => p.length === 2 && p.includes(name))
      if (complete) {
        // the two roads in an order the engine can place them (the second may rely on the first)
        const same = pairs.find((p) => p.length === mode.picks.length && p.every((e) => mode.picks.includes(e)))
        const ok = await this.perform({ type: "play_road_building", edges: same || [...mode.picks], player: me }, me)
        if (!ok) mode.picks = []
      }
      this.render()
    }
  }

  setMode(kind) {
    this.mode = this.mode && this.mode.kind === kind ? null : { kind, picks: [] }
    this.message(null)
    this.renderNow()
    const spot = this.board.el.querySelector(".spot.is-legal, .tile.is-legal")
    if (this.mode && spot) spot.focus()
  }

  playCard(card) {
    const me = this.status.me.colour
    if (card === "knight") return this.perform({ type: "play_knight", player: me }, me)
    if (card === "year_of_plenty") return this.yearOfPlentyDialog()
    if (card === "monopoly") return this.monopolyDialog()
    if (card === "road_building") {
      if (!this.legal("play_road_building").length) {   // let the engine say why not
        return this.perform({ type: "play_road_building", edges: [], player: me }, me)
      }
      this.mode = { kind: "road_building", picks: [] }
      this.renderNow()
      const spot = this.board.el.querySelector(".spot.is-legal")
      if (spot) spot.focus()
    }
    return null
  }
}

Object.assign(GameApp.prototype, panels, dialogs)

// -- mounting (idempotent; Material's instant navigation re-announces every page) ---------------------

function mountAll() {
  for (const root of document.querySelectorAll(".catan-game[data-catan-game]:not([data-mounted])")) {
    root.setAttribute("data-mounted", "")
    const app = new GameApp(root)
    root.catanGame = app
    app.start().catch((error) => console.error("catan game:", error))
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(() => mountAll())
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll)
else mountAll()
