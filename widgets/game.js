// The game page: a whole game of Catan against computer players or people at the same screen.
//
// Every rule is the engine's: catan_core runs in the page's Web Worker (runtime.js) and this
// file only asks it, through widgets/game_bridge.py, what a seat sees, what it may do, and what
// a move does. Computer players decide in the worker too, one move at a time with a short pause,
// so the page never freezes. After every move the game is saved in localStorage.
//
// Mounted on <div class="catan-game" data-catan-game> (hooks/game_page.py writes it with the
// page's strings); survives Material's instant navigation through `document$`.

import { call, ensureRuntime, onProgress } from "./runtime.js"
import { loadText, RESOURCES, capitalise } from "./game-text.js"
import { Board, PLAYER_FILL, parseTile } from "./game-board.js"
import { describe, visibleEvent } from "./game-log.js"
import { setupForm } from "./game-setup.js"
import * as store from "./game-store.js"
import { h, cardChips, chip, disclosure, openDialog, closeDialogs, steppers, select, tradeGrid } from "./game-ui.js"

const bridge = (fn, ...args) => call("game_bridge." + fn, ...args)
const COSTS = {
  road: { brick: 1, lumber: 1 }, settlement: { brick: 1, lumber: 1, wool: 1, grain: 1 },
  city: { grain: 2, ore: 3 }, dev_card: { wool: 1, grain: 1, ore: 1 },
}
const STAND_IN = { level: "normal", personality: "builder" }
const MAX_OFFERS = 3           // offers a computer player may make per turn (as the bot driver)
const MAX_BOT_ACTIONS = 200    // then a computer player's turn is ended for it
const LOG_LINES = 400          // lines of the log kept on screen (the saved log keeps them all)
const DEV_PLAYS = { knight: "play_knight", road_building: "play_road_building", year_of_plenty: "play_year_of_plenty", monopoly: "play_monopoly" }

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
    this.statusEl = h("p", { class: "catan-game__status", role: "status", "aria-live": "polite" })
    this.loadingEl = h("p", { class: "catan-game__loading catan-muted", "aria-live": "polite" }, t("engine_loading", { percent: 0 }))
    this.clockEl = h("span", { class: "catan-game__clock", hidden: true })
    this.awayEl = h("div", { class: "catan-game__away" })
    this.messageEl = h("div", { class: "catan-game__message", role: "alert" })
    this.promptEl = h("div", { class: "catan-game__prompt" })
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

  costsCard() {
    const t = (k, p) => this.t(k, p)
    const line = (label, cost, points) => h("li", {}, h("strong", {}, label), " ", cardChips(this.text, cost),
      points ? h("span", { class: "catan-muted" }, " · ", points) : null)
    return h("section", { class: "catan-game__costs" }, disclosure(capitalise(this.text.term("building_costs_card")), false, null,
      h("ul", {},
        line(capitalise(this.text.term("road")), COSTS.road, t("longest_road_hint")),
        line(capitalise(this.text.term("settlement")), COSTS.settlement, t("points_n", { n: 1 })),
        line(capitalise(this.text.term("city")), COSTS.city, t("points_n", { n: 2 })),
        line(capitalise(this.text.term("development_card")), COSTS.dev_card, null)), { key: "costs-toggle" }))
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

  exportGame() {
    if (!this.game) return
    const blob = new Blob([JSON.stringify(store.serialise(this.game), null, 1)], { type: "application/json" })
    const url = URL.createObjectURL(blob)
    const link = h("a", { href: url, download: `catan-game-${new Date().toISOString().slice(0, 10)}.json`, hidden: true })
    this.root.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  importDialog() {
    const t = (k, p) => this.t(k, p)
    const area = h("textarea", { rows: 6, class: "catan-import__text", "aria-label": t("import_paste"), spellcheck: "false" })
    const file = h("input", {
      type: "file", accept: ".json,application/json", "aria-label": t("import_file"),
      onchange: async () => { if (file.files[0]) area.value = await file.files[0].text() },
    })
    openDialog(this.root, {
      title: t("import"),
      body: [h("p", {}, t("import_help")), h("label", { class: "catan-field" }, t("import_file"), file),
        h("label", { class: "catan-field" }, t("import_paste"), area)],
      buttons: [
        {
          label: t("import_load"), primary: true, action: "import-load", onclick: async (e) => {
            e.target.closest("dialog").close()
            let data
            try {
              data = JSON.parse(area.value)
            } catch (error) {
              this.message({ text: `${t("import_failed")} ${t("unreadable_detail", { message: String(error.message) })}` })
              return
            }
            if (this.game) store.backUp()
            this.stopBot()
            await this.restore(data, "import")
          },
        },
        { label: t("cancel"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  }

  shareDialog() {
    if (!this.game) return
    const link = store.shareLink(this.game)
    const input = h("input", { type: "text", readonly: true, value: link, class: "catan-share__link", "aria-label": this.t("share_link") })
    const done = h("p", { class: "catan-muted", "aria-live": "polite" })
    openDialog(this.root, {
      title: this.t("share"), body: [h("p", {}, this.t("share_help")), input, done],
      buttons: [
        {
          label: this.t("copy"), primary: true, onclick: async () => {
            input.select()
            try {
              await navigator.clipboard.writeText(link)
              done.textContent = this.t("copied")
            } catch {
              done.textContent = this.t("copy_by_hand")
            }
          },
        },
        { label: this.t("close"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
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
        const ok = await this.perform({ type: "play_road_building", edges: [...mode.picks], player: me }, me)
        if (!ok) mode.picks = []
      }
      this.render()
    }
  }

  robberTo(tile) {
    const me = this.status.me.colour
    const moves = this.legal("move_robber").filter((a) => a.tile === tile)
    const victims = moves.map((a) => a.victim).filter(Boolean)
    if (victims.length <= 1) return this.perform({ type: "move_robber", tile, victim: victims[0], player: me }, me)
    this.shownDialog = "victim"
    const counts = Object.fromEntries(this.status.players.map((p) => [p.colour, p.cards]))
    openDialog(this.root, {
      title: this.t("victim_title"), body: [h("p", {}, this.t("victim_help"))],
      buttons: victims.map((v) => ({
        label: this.t("victim_option", { name: this.name(v), n: counts[v] }), action: `victim-${v}`,
        onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "move_robber", tile, victim: v, player: me }, me) },
      })).concat([{ label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() }]),
      onclose: () => { this.shownDialog = null },
    })
  }

  setMode(kind) {
    this.mode = this.mode && this.mode.kind === kind ? null : { kind, picks: [] }
    this.message(null)
    this.renderNow()
    const spot = this.board.el.querySelector(".spot.is-legal, .tile.is-legal")
    if (this.mode && spot) spot.focus()
  }

  // -- dialogs that a decision opens by itself --------------------------------------------------------

  autoDialogs() {
    const st = this.status
    if (!this.myDecision()) return
    const me = st.me.colour
    if (st.phase === "discard" && st.discard[me] && this.shownDialog !== `discard-${me}-${st.turn}`) this.discardDialog()
    else if (st.trade && me !== st.current && this.shownDialog !== `answer-${me}-${this.offerId()}`) this.answerDialog()
  }

  showPass(colour) {
    if (this.shownDialog === `pass-${colour}`) return
    this.shownDialog = `pass-${colour}`
    openDialog(this.root, {
      title: this.t("pass_title", { name: this.name(colour) }), cls: "catan-dialog--pass", dismissable: false,
      body: [h("p", {}, this.t("pass_help", { name: this.name(colour) }))],
      buttons: [{
        label: this.t("pass_ready", { name: this.name(colour) }), primary: true, action: "pass-ready",
        onclick: async (e) => {
          e.target.closest("dialog").close()
          this.shownDialog = null
          await this.setViewer(colour)
          this.render()
          this.pump()
        },
      }],
      onclose: () => { if (this.shownDialog === `pass-${colour}`) this.shownDialog = null },
    })
  }

  discardDialog() {
    const st = this.status
    const me = st.me.colour
    const owed = st.discard[me]
    this.shownDialog = `discard-${me}-${st.turn}`
    const hand = st.me.hand
    const counter = h("p", { class: "catan-muted", "aria-live": "polite" }, this.t("discard_count", { n: 0, total: owed }))
    const pickers = steppers(this.text, {
      label: this.t("discard_title", { n: owed }), max: (r) => hand[r],
      onchange: (v) => { counter.textContent = this.t("discard_count", { n: Object.values(v).reduce((a, b) => a + b, 0), total: owed }) },
    })
    openDialog(this.root, {
      title: this.t("discard_title", { n: owed }), dismissable: false,
      body: [h("p", {}, this.t("discard_help", { name: this.name(me), n: owed })), cardChips(this.text, hand), pickers.el, counter],
      buttons: [{
        label: this.t("discard_ok"), primary: true, action: "discard",
        onclick: async (e) => {
          const dialog = e.target.closest("dialog")
          const ok = await this.perform({ type: "discard", player: me, cards: pickers.value() }, me)
          if (ok) dialog.close(); else this.showDialogError(dialog)
        },
      }],
    })
  }

  /** A refusal shown inside the open dialog too (the page message is behind it). */
  showDialogError(dialog) {
    const note = this.messageEl.firstElementChild
    if (!note || !dialog) return
    dialog.querySelector(".catan-game__note")?.remove()
    dialog.querySelector(".catan-dialog__body").append(note.cloneNode(true))
    dialog.querySelector(".catan-dialog__body .catan-game__close")?.remove()
  }

  /** Which offer is open: the log index of the last one made. */
  offerId() {
    for (let i = this.game.log.length - 1; i >= 0; i--) if (this.game.log[i].e.type === "trade_offered") return i
    return -1
  }

  answerDialog() {
    const st = this.status
    const me = st.me.colour
    const offer = st.trade
    this.shownDialog = `answer-${me}-${this.offerId()}`
    const from = this.name(offer.player)
    // from the answering player's side: they give what the active player gets
    const counterGrid = tradeGrid(this.text, {
      giveLabel: this.t("you_give"), getLabel: this.t("you_get"), giveMax: (r) => st.me.hand[r], give: offer.get, get: offer.give,
    })
    const counterBox = h("div", { class: "catan-counter", hidden: true },
      h("h3", {}, this.t("counter")), counterGrid.el,
      h("button", {
        type: "button", class: "md-button md-button--primary", "data-action": "send-counter",
        onclick: async (e) => {
          const dialog = e.target.closest("dialog")
          const ok = await this.perform({ type: "counter_trade", player: me, give: counterGrid.get(), get: counterGrid.give() }, me)
          if (ok) dialog.close(); else this.showDialogError(dialog)
        },
      }, this.t("send_counter")))
    const answer = (type) => async (e) => {
      const dialog = e.target.closest("dialog")
      const ok = await this.perform({ type, player: me }, me)
      if (ok) dialog.close(); else this.showDialogError(dialog)
    }
    openDialog(this.root, {
      title: this.t("offer_title", { name: from }), dismissable: false,
      body: [
        h("p", {}, this.t("offer_you_give"), " ", cardChips(this.text, offer.get)),
        h("p", {}, this.t("offer_you_get"), " ", cardChips(this.text, offer.give)),
        h("p", { class: "catan-muted" }, this.t("your_hand"), " ", cardChips(this.text, st.me.hand)),
        counterBox,
      ],
      buttons: [
        { label: this.t("accept"), primary: true, action: "accept", onclick: answer("accept_trade") },
        { label: this.t("reject"), action: "reject", onclick: answer("reject_trade") },
        {
          label: this.t("counter"), action: "counter",
          onclick: () => { counterBox.hidden = false; counterBox.querySelector("button").scrollIntoView({ block: "nearest" }) },
        },
      ],
    })
  }

  askDice(colour, person = false) {
    const t = (k, p) => this.t(k, p)
    const values = [1, 2, 3, 4, 5, 6].map((n) => [n, String(n)])
    let a = 1
    let b = 1
    openDialog(this.root, {
      title: t("dice_title", { name: this.name(colour) }), dismissable: person,
      body: [h("p", {}, t("dice_help")),
        h("div", { class: "catan-dice-pick" },
          select(t("die_first"), values, 1, (v) => { a = Number(v) }, { "data-field": "die1" }),
          select(t("die_second"), values, 1, (v) => { b = Number(v) }, { "data-field": "die2" }))],
      buttons: [{
        label: t("roll"), primary: true, action: "roll-dice",
        onclick: async (e) => {
          e.target.closest("dialog").close()
          await this.perform({ type: "roll", player: colour, dice: [a, b] }, colour, { computer: !person })
        },
      }].concat(person ? [{ label: t("cancel"), onclick: (e) => e.target.closest("dialog").close() }] : []),
    })
  }

  yearOfPlentyDialog() {
    const me = this.status.me.colour
    const names = RESOURCES.map((r) => [r, capitalise(this.text.term(r))])
    let a = "brick"
    let b = "brick"
    openDialog(this.root, {
      title: this.text.card("year_of_plenty"),
      body: [h("p", {}, this.t("yop_help")),
        select(this.t("yop_first"), names, a, (v) => { a = v }, { "data-field": "yop1" }),
        select(this.t("yop_second"), names, b, (v) => { b = v }, { "data-field": "yop2" })],
      buttons: [
        {
          label: this.t("play"), primary: true, action: "play-yop",
          onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "play_year_of_plenty", resources: [a, b], player: me }, me) },
        },
        { label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  }

  monopolyDialog() {
    const me = this.status.me.colour
    openDialog(this.root, {
      title: this.text.card("monopoly"), body: [h("p", {}, this.t("monopoly_help"))],
      buttons: RESOURCES.map((r) => ({
        label: capitalise(this.text.term(r)), action: `monopoly-${r}`,
        onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "play_monopoly", resource: r, player: me }, me) },
      })).concat([{ label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() }]),
    })
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

  async showEnd() {
    this.endShown = true
    let summary
    try {
      summary = await bridge("summary", this.game.position)
    } catch (error) {
      this.message(this.text.error(error))
      return
    }
    const t = (k, p) => this.t(k, p)
    // one column per player, one row per source of points: narrow enough for a phone
    const rows = ["settlements", "cities", "longest_road", "largest_army", "victory_point_cards", "total"]
    const winner = (p) => (p.colour === summary.winner ? "is-winner" : null)
    const table = h("table", { class: "catan-end__table" },
      h("thead", {}, h("tr", {}, h("td", {}), summary.players.map((p) => h("th", { scope: "col", class: winner(p), "data-colour": p.colour },
        this.swatch(p.colour), " ", this.name(p.colour))))),
      h("tbody", {}, rows.map((row) => h("tr", { class: row === "total" ? "is-total" : null },
        h("th", { scope: "row" }, t("points_" + row)),
        summary.players.map((p) => h("td", { class: winner(p), "data-colour": p.colour }, String(p[row]),
          row === "cities" && p.cities ? h("span", { class: "catan-muted" }, ` (${p.cities / 2} × 2)`) : null))))))
    const dice = this.game.stats.dice
    const most = Math.max(1, ...dice)
    const histogram = h("div", { class: "catan-end__dice", role: "img", "aria-label": t("dice_histogram_label", { list: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `${n}: ${dice[n] || 0}`).join(", ") }) },
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => h("div", { class: "catan-end__bar" },
        h("span", { class: "catan-end__count" }, String(dice[n] || 0)),
        h("span", { class: "catan-end__fill", style: `height:${Math.round(100 * (dice[n] || 0) / most)}%` }),
        h("span", { class: "catan-end__n" }, String(n)))))
    openDialog(this.root, {
      title: t("winner_title", { name: this.name(summary.winner) }), cls: "catan-dialog--end",
      body: [h("p", {}, t("winner_text", { name: this.name(summary.winner), turns: summary.turns })),
        h("h3", {}, t("points_breakdown")), table,
        h("h3", {}, t("dice_histogram")), histogram],
      buttons: [
        { label: t("new_game"), primary: true, action: "end-new", onclick: (e) => { e.target.closest("dialog").close(); this.showSetup(true) } },
        { label: t("export"), onclick: () => this.exportGame() },
        { label: t("close"), action: "end-close", onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  }

  // -- drawing -------------------------------------------------------------------------------------

  swatch(colour) {
    return h("span", { class: "catan-swatch", style: `background:${PLAYER_FILL[colour]}`, "aria-hidden": "true" })
  }

  tileText(t) {
    const { terrain, number } = parseTile(this.game.position.board.tiles[t])
    return number ? `${this.text.term(terrain)} ${number}` : this.text.term(terrain)
  }

  /** Draw the game at the next frame: several moves within one frame are drawn once. */
  render() {
    if (this.frame || this.dead) return
    this.frame = requestAnimationFrame(() => {
      this.frame = null
      this.renderNow()
    })
  }

  renderNow() {
    if (this.frame) cancelAnimationFrame(this.frame)
    this.frame = null
    if (!this.game || !this.status || this.dead || !this.board) return
    const active = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement : null
    const focused = active && active.getAttribute("data-key")
    const onBoard = active && active.closest("[data-pick]")
    const choice = this.choice()
    this.board.draw(this.game.position, { hidden: this.status.hidden, pick: choice.pick, legal: choice.legal, last: this.last })
    this.setStatus(this.statusLine())
    this.renderPrompt(choice)
    // panels are rebuilt only when what they show changed, so a button under the pointer
    // stays put while the computer players move
    const st = this.status
    const seats = this.game.settings.seats.map((s) => [s.kind, s.name, s.level, s.personality, this.game.seats[s.colour]])
    const decides = this.myDecision()
    this.patch(this.awayEl, [seats], () => this.renderAway())
    this.patch(this.actionsEl, [st.phase, st.actors, st.trade, st.discard, st.legal, st.me, st.winner, this.mode,
      decides, decides || this.nextActor(), this.game.to], () => this.renderActions())
    this.patch(this.handEl, [st.me, decides, st.phase, st.current, Boolean(st.trade), st.legal.length], () => this.renderHand())
    this.patch(this.playersEl, [st.players, st.current, st.me && st.me.colour, seats, st.bank, st.deck], () => this.renderPlayers())
    this.renderLog()
    if (focused) this.root.querySelector(`[data-key="${focused}"]`)?.focus()
    else if (onBoard && !onBoard.isConnected) {
      // the spot just chosen by keyboard is gone: go on with the next choice, or the actions
      const next = this.board.el.querySelector(".spot.is-legal, .tile.is-legal") || this.actionsEl.querySelector("button")
      if (next) next.focus()
    }
  }

  /** Run `build` (which fills `el`) unless `inputs` are those of the last build. */
  patch(el, inputs, build) {
    const signature = JSON.stringify(inputs)
    if (el.catanSignature === signature) return
    el.catanSignature = signature
    build()
  }

  statusLine() {
    const st = this.status
    if (st.winner) return this.t("status_won", { name: this.name(st.winner) })
    const actor = this.nextActor()
    const who = actor ? this.name(actor) : ""
    const phase = this.t("phase_" + st.phase)
    const turn = st.turn ? this.t("turn_n", { n: st.turn }) : capitalise(this.text.term("setup"))
    const dice = st.dice ? ` · ${this.t("dice_shown", { a: st.dice[0], b: st.dice[1], total: st.dice[0] + st.dice[1] })}` : ""
    const computer = actor && this.isComputer(actor) ? ` ${this.t("computer_thinking")}` : ""
    return `${turn} · ${this.t("status_waiting", { name: who, phase })}${computer}${dice}`
  }

  renderPrompt(choice) {
    const st = this.status
    this.promptEl.replaceChildren()
    if (!this.myDecision()) return
    const keys = {
      setup_settlement: "prompt_setup_settlement", setup_road: "prompt_setup_road", move_robber: "prompt_robber",
      roll: "prompt_roll", discard: "prompt_discard",
    }
    let key = keys[st.phase]
    if (st.phase === "main") key = this.mode ? `prompt_${this.mode.kind}` : st.trade ? (st.me.colour === st.current ? "prompt_trade_wait" : "prompt_answer") : "prompt_main"
    const parts = [h("span", {}, this.t(key, { n: this.mode ? 2 - this.mode.picks.length : 0 }))]
    if (choice.pick && !choice.legal.length && this.mode) parts.push(" ", h("span", { class: "catan-muted" }, this.t("no_legal_spot")))
    if (this.mode) {
      parts.push(" ", h("button", { type: "button", class: "md-button", "data-key": "cancel-mode", onclick: () => { this.mode = null; this.render() } }, this.t("cancel")))
    }
    this.promptEl.append(...parts)
  }

  renderAway() {
    this.awayEl.replaceChildren()
    for (const colour of this.game.position.seats) {
      const state = this.game.seats[colour]
      if (this.seat(colour).kind === "human" && state.away) {
        this.awayEl.append(h("p", { class: "catan-game__note catan-game__note--info" }, this.t("away_note", { name: this.name(colour) }), " ",
          h("button", { type: "button", class: "md-button md-button--primary", "data-action": `back-${colour}`, "data-key": `back-${colour}`, onclick: () => this.comeBack(colour) },
            this.t("im_back", { name: this.name(colour) }))))
      }
    }
  }

  button(label, onclick, { key, primary = false, available = true, pressed = null } = {}) {
    return h("button", {
      type: "button", class: `md-button${primary ? " md-button--primary" : ""}${available ? "" : " is-unavailable"}`,
      onclick, "data-key": key, "data-action": key, "aria-pressed": pressed === null ? null : String(pressed),
    }, label)
  }

  renderActions() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.actionsEl
    el.replaceChildren()
    if (st.winner) {
      el.append(h("h2", {}, t("game_over")), h("p", {}, t("status_won", { name: this.name(st.winner) })),
        this.button(t("show_results"), () => this.showEnd(), { key: "results", primary: true }),
        this.button(t("new_game"), () => this.showSetup(true), { key: "again" }))
      return
    }
    if (!this.myDecision()) {
      const actor = this.nextActor()
      el.append(h("h2", {}, t("actions")), h("p", { class: "catan-muted" }, actor ? t("waiting_for", { name: this.name(actor) }) : ""))
      return
    }
    const me = st.me.colour
    el.append(h("h2", {}, t("your_move", { name: this.name(me) })))
    if (st.phase === "roll") {
      el.append(this.button(t("roll"), () => (this.game.settings.dice === "manual" ? this.askDice(me, true) : this.perform({ type: "roll", player: me }, me)), { key: "roll", primary: true }))
    } else if (st.phase === "discard") {
      el.append(this.button(t("discard_title", { n: st.discard[me] }), () => this.discardDialog(), { key: "discard-open", primary: true }))
    } else if (st.phase === "main" && st.trade) {
      if (me === st.current) el.append(this.answersPanel())
      else el.append(this.button(t("answer_offer"), () => this.answerDialog(), { key: "answer-open", primary: true }))
    } else if (st.phase === "main") {
      const has = (type) => this.legal(type).length > 0
      const mode = this.mode && this.mode.kind
      el.append(h("div", { class: "catan-game__buttons" },
        this.button(capitalise(this.text.term("road")), () => this.setMode("road"), { key: "build-road", available: has("build_road"), pressed: mode === "road" }),
        this.button(capitalise(this.text.term("settlement")), () => this.setMode("settlement"), { key: "build-settlement", available: has("build_settlement"), pressed: mode === "settlement" }),
        this.button(capitalise(this.text.term("city")), () => this.setMode("city"), { key: "build-city", available: has("build_city"), pressed: mode === "city" }),
        this.button(t("buy_card"), () => this.perform({ type: "buy_dev_card", player: me }, me), { key: "buy-card", available: has("buy_dev_card") })),
      this.tradePanel(),
      h("div", { class: "catan-game__buttons" }, this.button(t("end_turn"), () => this.perform({ type: "end_turn", player: me }, me), { key: "end-turn", primary: true })))
    }
  }

  tradePanel() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const me = st.me.colour
    const draft = this.draft
    const grid = tradeGrid(this.text, {
      giveLabel: t("you_give"), getLabel: t("you_get"), giveMax: (r) => st.me.hand[r], give: draft.give, get: draft.get,
      onchange: (give, get) => { draft.give = give; draft.get = get },
    })
    const others = st.players.map((p) => p.colour).filter((c) => c !== me)
    if (!draft.to) draft.to = [...others]
    const clean = (cards) => Object.fromEntries(Object.entries(cards).filter(([, n]) => n > 0))
    const rates = RESOURCES.map((r) => h("li", { class: st.me.rates[r] < 4 ? "is-harbour" : "" }, chip(this.text, r), ` ${st.me.rates[r]}:1`))
    return h("div", { class: "catan-trade" }, disclosure(t("trade"), Boolean(this.tradeOpen), (open) => { this.tradeOpen = open }, [
      grid.el,
      h("fieldset", { class: "catan-trade__to" }, h("legend", {}, t("offer_to")),
        others.map((c) => h("label", {}, h("input", {
          type: "checkbox", checked: draft.to.includes(c), "data-key": `to-${c}`,
          onchange: (e) => { draft.to = e.target.checked ? [...new Set([...draft.to, c])] : draft.to.filter((x) => x !== c) },
        }), " ", this.swatch(c), " ", this.name(c)))),
      h("div", { class: "catan-game__buttons" },
        this.button(t("offer_players"), async () => {
          this.game.to = draft.to.length ? [...draft.to] : [...others]   // read by pump() after the offer
          const ok = await this.perform({ type: "offer_trade", give: clean(draft.give), get: clean(draft.get), player: me }, me)
          if (!ok) this.game.to = null
        }, { key: "offer" }),
        this.button(t("trade_bank"), async () => {
          const ok = await this.perform({ type: "bank_trade", give: clean(draft.give), get: clean(draft.get), player: me }, me)
          if (ok) this.draft = { give: {}, get: {}, to: draft.to }
        }, { key: "bank-trade" })),
      h("p", { class: "catan-muted" }, t("your_rates")), h("ul", { class: "catan-rates" }, rates)], { key: "trade-toggle" }))
  }

  answersPanel() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const me = st.me.colour
    const offer = st.trade
    const rows = st.players.filter((p) => p.colour !== me).map(({ colour }) => {
      const answer = offer.answers[colour]
      let what
      let button = null
      if (answer === undefined) what = t("answer_waiting")
      else if (answer === "reject") what = t("answer_rejected")
      else if (answer === "accept") {
        what = t("answer_accepted")
        button = this.button(t("trade_with", { name: this.name(colour) }), () => this.confirmTrade(colour), { key: `confirm-${colour}`, primary: true })
      } else {
        what = [t("answer_countered"), " ", t("counter_terms"), " ", cardChips(this.text, answer.give), " → ", cardChips(this.text, answer.get)]
        button = this.button(t("accept_counter", { name: this.name(colour) }), () => this.confirmTrade(colour), { key: `confirm-${colour}`, primary: true })
      }
      return h("li", { "data-colour": colour }, this.swatch(colour), " ", h("strong", {}, this.name(colour)), ": ", what, " ", button)
    })
    return h("div", { class: "catan-answers" },
      h("p", {}, t("your_offer"), " ", cardChips(this.text, offer.give), " → ", cardChips(this.text, offer.get)),
      h("ul", {}, rows),
      this.button(t("cancel_offer"), () => this.perform({ type: "cancel_trade", player: me }, me), { key: "cancel-offer" }))
  }

  async confirmTrade(colour) {
    const me = this.status.me.colour
    const ok = await this.perform({ type: "confirm_trade", with: colour, player: me }, me)
    if (ok) this.draft = { give: {}, get: {}, to: this.draft.to }
  }

  renderHand() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.handEl
    el.replaceChildren()
    if (!st.me) {
      el.append(h("h2", {}, t("your_hand")), h("p", { class: "catan-muted" }, t("hand_hidden")))
      return
    }
    const me = st.me.colour
    el.append(h("h2", {}, t("hand_of", { name: this.name(me) })), cardChips(this.text, st.me.hand))
    const cards = [...st.me.dev_cards.map((c) => [c, false]), ...st.me.new_dev_cards.map((c) => [c, true])]
    const list = h("ul", { class: "catan-devcards" })
    const canPlay = this.myDecision() && me === st.current && (st.phase === "roll" || st.phase === "main") && !st.trade
    const seen = new Set()
    for (const [card, fresh] of cards) {
      const key = `${card}-${fresh}`
      const count = cards.filter(([c, f]) => c === card && f === fresh).length
      if (seen.has(key)) continue
      seen.add(key)
      const item = h("li", { class: fresh ? "is-new" : "" }, h("strong", {}, this.text.card(card)), count > 1 ? ` ×${count}` : "")
      if (fresh) item.append(" ", h("span", { class: "catan-badge" }, t("new_card")))
      if (card === "victory_point") item.append(" ", h("span", { class: "catan-muted" }, t("vp_card_note")))
      else if (canPlay) {
        item.append(" ", this.button(t("play"), () => this.playCard(card), {
          key: `play-${card}-${fresh}`, available: !fresh && this.legal(DEV_PLAYS[card]).length > 0,
        }))
      }
      list.append(item)
    }
    el.append(h("h3", {}, capitalise(this.text.term("development_card"))), cards.length ? list : h("p", { class: "catan-muted" }, t("no_dev_cards")))
  }

  renderPlayers() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.playersEl
    el.replaceChildren(h("h2", {}, t("players")))
    const list = h("ul", { class: "catan-players" })
    for (const p of st.players) {
      const seat = this.seat(p.colour)
      const state = this.game.seats[p.colour]
      const kind = seat.kind === "bot" ? t("kind_bot_detail", { level: t("level_" + seat.level), personality: t("personality_" + seat.personality) })
        : state.away ? t("kind_away") : t("kind_human")
      const awards = []
      if (p.longest_road) awards.push(h("span", { class: "catan-badge" }, this.text.term("longest_road")))
      if (p.largest_army) awards.push(h("span", { class: "catan-badge" }, this.text.term("largest_army")))
      const points = t("points_public", { n: p.points, total: st.vp_to_win })
      const mine = st.me && st.me.colour === p.colour
      list.append(h("li", { class: `catan-player${p.colour === st.current ? " is-current" : ""}`, "data-colour": p.colour },
        h("div", { class: "catan-player__head" },
          h("span", {}, this.swatch(p.colour), " ", h("strong", {}, this.name(p.colour)),
            p.colour === st.current ? h("span", { class: "catan-muted" }, ` · ${t("current_turn")}`) : null),
          h("span", { class: "catan-player__points" }, points)),
        mine ? h("div", { class: "catan-player__kind catan-muted" }, t("points_mine")) : null,
        awards.length ? h("div", { class: "catan-player__awards" }, awards) : null,
        h("div", { class: "catan-player__kind catan-muted" }, kind),
        h("div", { class: "catan-player__counts catan-muted" },
          t("player_counts", { cards: p.cards, dev: p.dev_cards, knights: p.knights, road: p.road_length })),
        h("div", { class: "catan-player__stock catan-muted" },
          t("player_stock", { roads: p.stock.roads, settlements: p.stock.settlements, cities: p.stock.cities })),
        h("button", {
          type: "button", class: "md-button catan-player__toggle", "data-key": `seat-${p.colour}`, "data-action": `seat-${p.colour}`,
          onclick: () => this.toggleSeat(p.colour),
        }, seat.kind === "bot" ? t("seat_to_person") : t("seat_to_computer"))))
    }
    el.append(list, h("h3", {}, capitalise(this.text.term("bank"))), cardChips(this.text, st.bank),
      h("p", { class: "catan-muted" }, t("deck_left", { n: st.deck })))
  }

  /** Append the new log lines (all of them after `logReset`: a new viewer sees other details). */
  renderLog() {
    const full = this.logReset
    this.logReset = false
    if (full) {
      this.logList.replaceChildren()
      this.logCount = 0
    }
    const viewer = this.game.viewer
    const ctx = { text: this.text, name: (c) => this.name(c), tile: (t) => this.tileText(t) }
    const log = this.game.log
    const items = []
    for (let i = Math.max(this.logCount, log.length - LOG_LINES); i < log.length; i++) {
      const entry = log[i]
      const event = visibleEvent(entry, viewer)
      if (event.type === "turn_started") {
        items.push(h("li", { class: "catan-log__turn" }, this.t("log_turn", { n: event.number, name: this.name(event.player) })))
        continue
      }
      const line = describe(event, ctx)
      if (line) items.push(h("li", { "data-event": event.type }, line))
    }
    this.logCount = log.length
    if (!items.length) return
    this.logList.append(...items)
    const extra = this.logList.childElementCount - LOG_LINES
    for (let i = 0; i < extra; i++) this.logList.firstElementChild.remove()
  }
}

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
