// The FAQ's playable examples: each ```catan-widget fence becomes a small board the reader can
// change, and the rules engine (Pyodide in a Web Worker, see core/runtime.js) answers.
//
// The page already shows the board as SVG (drawn at build time). catan_site/widgets.py gives
// every widget its starting position (data-position); the page's catalog (core/i18n.js) holds
// the texts. This module binds each widget once per page (Material's `document$` re-runs it
// after an instant navigation) and starts the engine when a widget is first used (pointer or
// focus), never because it scrolled by; when the browser spares data it asks first. Each kind
// is one class; all state is a position document. Every rule (costs, awards, shortages, who
// acts) is the engine's, asked through catan_web.faq.

import { allowDownload, call, downloadAllowed, downloadBytes, ensureRuntime, mustAsk, onProgress }
  from "./core/runtime.js"
import { Board } from "./core/board.js"
import { h, onPage } from "./core/dom.js"
import { Catalog, RESOURCES } from "./core/i18n.js"

const clone = (value) => JSON.parse(JSON.stringify(value))
const count = (cards) => Object.values(cards || {}).reduce((a, b) => a + b, 0)
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

// -- what every widget shares -----------------------------------------------------------------

class Widget {
  constructor(el, texts) {
    this.el = el
    this.tx = texts
    this.spec = JSON.parse(el.dataset.spec)
    this.start = JSON.parse(el.dataset.position)
    this.position = clone(this.start)
    this.history = []  // the reader's moves, replayed from `start` when one is taken back
    this.player = this.spec.player || this.start.turn.player
    const svg = el.querySelector("svg.catan-board")
    this.viewBox = svg.getAttribute("viewBox")
    this.labels = [...svg.querySelectorAll("text.label")].map((n) => n.cloneNode(true))
    this.title = this.spec.alt || this.spec.caption || ""
    this.queue = Promise.resolve()
    this.pending = 0
    this.ready = null

    this.controls = h("div", { class: "cw-controls" })
    this.output = h("div", { class: "cw-output" })
    this.message = h("div", { class: "cw-message", "aria-live": "polite" })
    this.status = h("span", { class: "cw-status", role: "status" })
    const reset = h("button", { type: "button", class: "cw-reset", onclick: () => this.reset() },
      this.tx.t("reset"))
    this.panel = h("div", { class: "cw-panel" },
      this.spec.prompt ? h("p", { class: "cw-prompt" }, this.spec.prompt) : null,
      this.controls, this.output, this.message,
      h("div", { class: "cw-footer" }, this.status, reset))
    el.append(this.panel)
    el.dataset.state = "idle"
    el.classList.add("cw-live", `cw-${this.spec.kind}`)

    el.addEventListener("pointerdown", () => this.activate(), { once: true })
    el.addEventListener("focusin", () => this.activate(), { once: true })
    this.board = new Board(svg.parentNode, {
      catalog: this.tx, label: this.title,
      onPick: (kind, id) => this.run(() => this.onPick(kind, id)),
      onHover: (kind, id) => { if (kind === "node") this.onHover(id) },
      describe: (spot, name) => this.describe(spot, name),
    })
    this.build()
    this.board.pick(this.boardPicks)   // reachable before the engine starts (focus starts it)
  }

  get svg() { return this.board.svg }

  onPick(kind, id) {
    if (kind === "node") return this.onNode(id)
    if (kind === "edge") return this.onEdge(id)
    return this.onTile(id)
  }

  /** Start the engine (once per page) and show its progress; resolves when it answers.
   *  When the browser spares data, the reader is first told the download's size and asked. */
  activate() {
    if (!this.ready) {
      let stop = () => {}
      this.ready = (mustAsk() ? this.askFirst() : Promise.resolve()).then(() => {
        this.el.dataset.state = "loading"
        stop = onProgress(({ stage, percent }) => {
          if (stage === "failed") return
          this.status.textContent = stage === "ready" ? "" : this.tx.t("loading", { percent })
        })
        return ensureRuntime()
      }).then(() => {
        stop()
        return this.refresh()
      }).then(() => {
        this.el.dataset.state = "ready"
      }, (error) => {
        stop()
        this.el.dataset.state = "failed"
        this.status.textContent = this.tx.t("failed", { message: error.message })
        throw error
      })
      this.ready.catch(() => {})
    }
    return this.ready
  }

  /** Say how large the engine is and wait for a tap on "Download" (here or in another widget
   *  of the page: one go-ahead starts the engine for all). */
  async askFirst() {
    this.el.dataset.state = "asking"
    const allowed = downloadAllowed()
    const bytes = await downloadBytes().catch(() => null)
    const size = bytes ? (bytes / 1e6).toLocaleString(this.tx.lang, { maximumFractionDigits: 0 })
      : "?"
    const button = h("button", { type: "button", class: "cw-download", onclick: allowDownload },
      this.tx.t("download_go", { size }))
    this.status.textContent = this.tx.t("download_ask", { size })  // role="status": read aloud
    this.status.after(button)
    await allowed
    button.remove()
    this.status.textContent = ""
  }

  /** Run `task` after the engine is up and after the widget's earlier tasks.
   *  `data-busy` is set at once (not when the task starts), so it is never missed. */
  run(task) {
    this.pending += 1
    this.el.dataset.busy = ""
    this.queue = this.queue.then(async () => {
      await this.activate()
      await task()
    }).catch((error) => {
      if (this.el.dataset.state !== "failed") console.warn("catan widget:", error)
    }).finally(() => {
      this.pending -= 1
      if (!this.pending) delete this.el.dataset.busy
    })
    return this.queue
  }

  reset() {
    this.run(async () => {
      this.position = clone(this.start)
      this.history = []
      this.message.replaceChildren()
      this.resetState()
      await this.refresh()
    })
  }

  // what a kind defines
  get boardPicks() { return [] }
  /** The spots that may be chosen (null: every spot of `boardPicks`). */
  get targets() { return null }
  build() {}
  describe(spot, name) { return name }
  resetState() {}
  async refresh() { await this.draw() }
  onHover() {}
  async onNode() {}
  async onEdge() {}
  async onTile() {}

  /** Redraw the board from the position with the engine, keeping the build-time framing. */
  async draw(marks = {}) {
    const text = await call("faq.render", this.position, marks, this.title)
    const svg = this.board.replace(text, { viewBox: this.viewBox, keep: this.labels })
    this.decorate(svg)
    this.board.pick(this.boardPicks, this.targets)
  }

  decorate() {}

  /** Apply a move of the reader; on success it joins the history. `entry.as` plays it as that
   *  colour in its main phase, `entry.paid` gives it what the move costs (the engine's costs). */
  async perform(entry) {
    const result = entry.as || entry.paid
      ? await call("faq.apply_as", this.position, entry.action, entry.as ?? null, Boolean(entry.paid))
      : await call("faq.apply", this.position, entry.action)
    if (!result.error) {
      this.position = result.position
      this.history.push(entry)
    }
    return result
  }

  /** Play the history again from the start (after a move is taken back); drop what fails. */
  async replay(entries) {
    this.position = clone(this.start)
    this.history = []
    let dropped = 0
    for (const entry of entries) {
      const result = await this.perform(entry)
      if (result.error) dropped += 1
    }
    return dropped
  }

  say(...lines) { this.message.replaceChildren(...lines.filter((line) => line != null && line !== false)) }

  ok(text) { return h("p", { class: "cw-verdict cw-ok" }, h("span", { "aria-hidden": "true" }, "✔ "), text) }

  info(text) { return h("p", { class: "cw-verdict cw-info" }, text) }

  /** The engine's refusal: the rule in the reader's language and a link to the FAQ answer. */
  refusal(error) {
    return this.tx.refusal(error, { cls: "cw-verdict cw-bad", link: this.tx.t("faq_link") })
  }

  who(colour) {
    return h("span", { class: "cw-player", "data-player": colour },
      h("span", { class: "cw-swatch", "aria-hidden": "true" }), this.tx.colour(colour))
  }

  /** One line per event worth telling (the engine's own account of what happened). */
  tell(events) {
    const tx = this.tx
    const lines = []
    for (const e of events) {
      const player = e.player && tx.colour(e.player)
      if (e.type === "rolled") lines.push(tx.t("rolled", { player, a: e.dice[0], b: e.dice[1], total: e.total }))
      else if (e.type === "produced") {
        const gains = Object.entries(e.gains).map(([c, cards]) => `${tx.colour(c)}: ${tx.cards(cards)}`)
        lines.push(tx.t("produced", { gains: gains.join(" · ") || tx.t("nothing") }))
      } else if (e.type === "robber_moved") lines.push(tx.t("robber_moved", { tile: tx.tile(this.position, e.tile) }))
      else if (e.type === "stole") {
        lines.push(e.card ? tx.t("stole", { player, victim: tx.colour(e.victim), resource: tx.term(e.card) })
          : tx.t("stole_nothing", { victim: tx.colour(e.victim) }))
      } else if (e.type === "discarded") lines.push(tx.t("discarded", { player, cards: tx.cards(e.cards) }))
      else if (e.type === "played_dev_card") lines.push(tx.t("played", { player, card: tx.term(e.card) }))
      else if (e.type === "monopoly") lines.push(tx.t("monopoly", { player, resource: tx.term(e.resource), count: count(e.taken) }))
      else if (e.type === "received") lines.push(tx.t("received", { player, cards: tx.cards(e.cards) }))
      else if (e.type === "longest_road") {
        lines.push(e.player ? tx.t("lr_takes", { player, length: e.length }) : tx.t("lr_aside"))
      } else if (e.type === "largest_army") lines.push(tx.t("la_takes", { player }))
      else if (e.type === "bank_traded") lines.push(tx.t("traded", { player, give: tx.cards(e.give), get: tx.cards(e.get) }))
      else if (e.type === "game_won") lines.push(tx.t("won", { player }))
    }
    return lines
  }

  // The robber: after a 7 or a Knight, a tile click moves it; a choice of victim if needed.
  async moveRobber(tile, victim) {
    const action = { type: "move_robber", tile, ...(victim ? { victim } : {}) }
    const result = await call("faq.apply", this.position, action)
    const candidates = result.error?.details?.candidates
    if (result.error?.code === "invalid_victim" && !victim && candidates?.length) {
      const buttons = candidates.map((c) => h("button", {
        type: "button", class: "cw-victim", "data-player": c,
        onclick: () => this.run(() => this.moveRobber(tile, c)),
      }, this.who(c)))
      this.say(this.info(this.tx.t("choose_victim", { tile: this.tx.tile(this.position, tile) })),
        h("p", { class: "cw-buttons" }, buttons))
      return false
    }
    if (result.error) {
      this.say(this.refusal(result.error))
      return false
    }
    this.position = result.position
    this.history.push({ action })
    await this.refresh()
    this.say(...this.tell(result.events).map((line) => this.ok(line)))
    return true
  }

  table(headers, rows) {
    return h("table", { class: "cw-table" },
      h("thead", {}, h("tr", {}, headers.map((text) => h("th", { scope: "col" }, text)))),
      h("tbody", {}, rows))
  }
}

// -- 1. production: a dice total and what everyone receives -------------------------------------

class Production extends Widget {
  get boardPicks() { return ["tile"] }

  build() {
    const tx = this.tx
    this.total = null
    this.numbers = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => h("button", {
      type: "button", class: "cw-num", "data-total": n, "aria-pressed": "false",
      onclick: () => this.run(() => this.pick(n)),
    }, String(n)))
    const roll = h("button", { type: "button", class: "cw-roll", onclick: () => this.run(() => this.roll()) },
      tx.t("roll_dice"))
    this.controls.append(
      h("div", { class: "cw-row" }, h("span", { class: "cw-label" }, tx.t("prod_pick")),
        h("span", { class: "cw-numbers" }, this.numbers), roll),
      h("p", { class: "cw-hint" }, tx.t("prod_hint")))
  }

  resetState() {
    this.total = null
    this.dice = null
    this.output.replaceChildren()
    for (const b of this.numbers) b.setAttribute("aria-pressed", "false")
  }

  async roll() {
    const die = () => 1 + Math.floor(Math.random() * 6)
    this.dice = [die(), die()]
    await this.pick(this.dice[0] + this.dice[1], true)
  }

  async pick(total, rolled = false) {
    if (!rolled) this.dice = null
    this.total = total
    for (const b of this.numbers) b.setAttribute("aria-pressed", String(Number(b.dataset.total) === total))
    await this.refresh()
  }

  async onTile(tile) {
    if (tile === this.position.board.robber) return
    this.position = clone(this.position)
    this.position.board.robber = tile
    await this.refresh()
    this.say(this.ok(this.tx.t("robber_moved", { tile: this.tx.tile(this.position, tile) })))
  }

  async refresh() {
    if (this.total == null) return this.draw()
    const tx = this.tx
    const total = this.total
    const result = await call("faq.analyse", this.position, { type: "production", total })
    await this.draw({ tiles: result.tiles })
    const lines = []
    if (this.dice) lines.push(h("p", { class: "cw-dice" }, tx.t("dice", { a: this.dice[0], b: this.dice[1], total })))
    if (total === 7) {
      lines.push(h("p", { class: "cw-summary" }, tx.t("prod_seven")))
      this.output.replaceChildren(...lines)
      this.message.replaceChildren()
      return
    }
    const tiles = result.tiles.map((t) => tx.tile(this.position, t))
    lines.push(h("p", { class: "cw-summary" }, tx.t("prod_tiles", { total, tiles: tiles.join(", ") })))
    for (const t of result.blocked) {
      lines.push(h("p", { class: "cw-note cw-blocked" }, tx.t("prod_blocked", { tile: tx.tile(this.position, t) })))
    }
    const short = result.shortage.length > 0
    const owed = result.owed || result.gains
    const rows = this.position.seats.map((c) => h("tr", { "data-player": c },
      h("th", { scope: "row" }, this.who(c)),
      h("td", { "data-col": "gains" }, tx.cards(result.gains[c])),
      short ? h("td", { "data-col": "owed" }, tx.cards(owed[c])) : null))
    const headers = [tx.t("player"), tx.t("receives")]
    if (short) headers.push(tx.t("owed"))
    lines.push(this.table(headers, rows))
    for (const { resource, left, outcome } of result.shortages || []) {  // the engine's rule
      const values = { left, resource: tx.term(resource) }
      lines.push(h("p", { class: "cw-note cw-shortage", "data-resource": resource },
        outcome === "rest" ? tx.t("short_one", values) : tx.t("short_many", values)))
    }
    this.output.replaceChildren(...lines)
    this.message.replaceChildren()
  }
}

// -- 2. distance rule: where a settlement may go, and why not -----------------------------------

class DistanceRule extends Widget {
  get boardPicks() { return ["node"] }

  build() {
    this.setup = h("input", { type: "checkbox", class: "cw-setup", onchange: () => this.run(() => this.refresh()) })
    this.controls.append(
      h("p", { class: "cw-hint" }, this.tx.t("dist_hint", { player: this.tx.colour(this.player) })),
      h("label", { class: "cw-check" }, this.setup, " ", this.tx.t("dist_setup")))
    this.spots = null
    this.selected = null
  }

  resetState() {
    this.setup.checked = false
    this.selected = null
  }

  async refresh() {
    this.spots = await call("faq.analyse", this.position,
      { type: "settlement_spots", player: this.player, need_road: !this.setup.checked })
    await this.draw({ ok_nodes: this.spots.legal })
    this.output.replaceChildren(h("p", { class: "cw-summary" },
      this.tx.t("dist_count", { count: this.spots.legal.length, player: this.tx.colour(this.player) })))
    if (this.selected) this.explain(this.selected)
  }

  decorate(svg) {
    if (!this.spots) return
    for (const g of svg.querySelectorAll("g.node[data-node]")) {
      const name = g.dataset.node
      g.dataset.verdict = this.spots.illegal[name] || "legal"
    }
  }

  /** A corner's name also says what the rule says of it (for a screen reader, before choosing). */
  describe(spot, name) {
    if (!this.spots) return name
    const code = this.spots.illegal[spot.dataset.node]
    const verdict = code ? this.tx.error({ code }).text : this.tx.t("dist_legal", { player: this.tx.colour(this.player) })
    return `${name}: ${verdict}`
  }

  onHover(node) { if (this.spots && node !== this.selected) this.explain(node) }

  async onNode(node) { this.explain(node) }

  explain(node) {
    this.selected = node
    for (const el of this.svg.querySelectorAll(".cw-selected")) el.classList.remove("cw-selected")
    this.svg.querySelector(`g.node[data-node="${node}"]`)?.classList.add("cw-selected")
    const code = this.spots.illegal[node]
    if (code) {
      this.say(this.refusal({ code, details: {} }))
      this.message.firstChild.dataset.node = node
      return
    }
    const build = !this.setup.checked && h("button", {
      type: "button", class: "cw-build", onclick: () => this.run(() => this.buildAt(node)),
    }, this.tx.t("dist_build"))
    const verdict = this.ok(this.tx.t("dist_legal", { player: this.tx.colour(this.player) }))
    verdict.dataset.node = node
    this.say(verdict, build ? h("p", {}, build) : null)
  }

  async buildAt(node) {
    const result = await this.perform({ action: { type: "build_settlement", node }, as: this.player, paid: true })
    if (result.error) return this.say(this.refusal(result.error))
    this.selected = null
    await this.refresh()
    this.say(this.ok(this.tx.t("dist_built", { player: this.tx.colour(this.player) })))
  }
}

// -- 3. the 7: discards, the robber, the theft ---------------------------------------------------

class Seven extends Widget {
  get boardPicks() { return ["tile"] }

  build() {
    this.rollButton = h("button", { type: "button", class: "cw-roll", onclick: () => this.run(() => this.roll()) },
      this.tx.t("seven_roll"))
    this.controls.append(h("div", { class: "cw-row" }, this.rollButton))
    this.picks = {}
    this.discarded = {}
  }

  resetState() {
    this.picks = {}
    this.discarded = {}
  }

  async roll() {
    const result = await this.perform({ action: { type: "roll", dice: [3, 4] } })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    this.say(...this.tell(result.events).map((line) => this.info(line)))
  }

  async refresh() {
    const tx = this.tx
    const phase = this.position.turn.phase
    const owed = await call("faq.analyse", this.position, { type: "discard" })
    await this.draw()
    this.rollButton.disabled = phase !== "roll"
    const rows = this.position.seats.map((c) => {
      const player = this.position.players[c] || {}
      const dev = (player.dev_cards || []).length + (player.new_dev_cards || []).length
      const n = owed.counts[c] || 0
      const done = this.discarded[c]
      const discards = done ? `${done} ✔` : phase === "roll" || phase === "discard"
        ? (n ? String(n) : tx.t("keeps_all")) : "—"
      return h("tr", { "data-player": c },
        h("th", { scope: "row" }, this.who(c)),
        h("td", { "data-col": "hand" }, String(owed.hand_sizes[c])),
        h("td", { "data-col": "dev" }, String(dev)),
        h("td", { "data-col": "discards" }, discards))
    })
    const parts = [this.table([tx.t("player"), tx.t("col_hand"), tx.t("col_dev"), tx.t("col_discards")], rows)]
    if (phase === "roll") parts.push(h("p", { class: "cw-note" }, tx.t("seven_rule")))
    if (phase === "discard") {
      for (const [c, n] of Object.entries(owed.counts)) parts.push(this.discardForm(c, n))
    } else if (phase === "move_robber") {
      parts.push(h("p", { class: "cw-summary cw-robber" }, tx.t("robber_prompt")))
    } else if (phase === "main") {
      parts.push(h("p", { class: "cw-summary" }, tx.t("seven_done", { player: tx.colour(this.position.turn.player) })))
    }
    this.output.replaceChildren(...parts)
  }

  discardForm(colour, owed) {
    const tx = this.tx
    const hand = this.position.players[colour].hand || {}
    const picks = this.picks[colour] || (this.picks[colour] = {})
    const chosen = h("span", { class: "cw-chosen" })
    const update = () => { chosen.textContent = tx.t("chosen", { chosen: count(picks), owed }) }
    const steppers = RESOURCES.filter((r) => hand[r]).map((r) => {
      const out = h("output", {}, String(picks[r] || 0))
      const step = (d) => {
        picks[r] = Math.max(0, Math.min(hand[r], (picks[r] || 0) + d))
        out.textContent = String(picks[r])
        update()
      }
      return h("span", { class: "cw-step", "data-resource": r },
        h("span", { class: "cw-res" }, `${tx.term(r)} (${hand[r]})`),
        h("button", { type: "button", class: "cw-minus", "aria-label": `− ${tx.term(r)}`, onclick: () => step(-1) }, "−"),
        out,
        h("button", { type: "button", class: "cw-plus", "aria-label": `+ ${tx.term(r)}`, onclick: () => step(1) }, "+"))
    })
    update()
    const send = h("button", { type: "button", class: "cw-discard", onclick: () => this.run(() => this.discard(colour)) },
      tx.t("discard_button"))
    return h("fieldset", { class: "cw-discards", "data-player": colour },
      h("legend", {}, this.who(colour), " ", tx.t("must_discard", { count: owed })),
      h("div", { class: "cw-steppers" }, steppers), h("p", { class: "cw-row" }, chosen, send))
  }

  async discard(colour) {
    const cards = Object.fromEntries(Object.entries(this.picks[colour] || {}).filter(([, n]) => n))
    const result = await this.perform({ action: { type: "discard", player: colour, cards } })
    if (result.error) return this.say(this.refusal(result.error))
    delete this.picks[colour]
    this.discarded[colour] = count(cards)
    await this.refresh()
    this.say(...this.tell(result.events).map((line) => this.ok(line)))
  }

  async onTile(tile) {
    if (this.position.turn.phase !== "move_robber") return
    await this.moveRobber(tile)
  }
}

// -- 4. longest road: lengths, the highlighted routes and who holds the card --------------------

class LongestRoad extends Widget {
  get boardPicks() { return ["edge", "node"] }

  build() {
    const tx = this.tx
    this.builder = this.player
    this.choices = this.start.seats.map((c) => h("button", {
      type: "button", class: "cw-colour", "data-player": c, "aria-pressed": String(c === this.builder),
      onclick: () => this.choose(c),
    }, this.who(c)))
    this.controls.append(
      h("div", { class: "cw-row" }, h("span", { class: "cw-label" }, tx.t("build_as")), this.choices),
      h("p", { class: "cw-hint" }, tx.t("lr_hint")))
  }

  choose(colour) {
    this.builder = colour
    for (const b of this.choices) b.setAttribute("aria-pressed", String(b.dataset.player === colour))
  }

  resetState() { this.choose(this.player) }

  async refresh() {
    const tx = this.tx
    const info = await call("faq.analyse", this.position, { type: "longest_road" })
    await this.draw({ edges: Object.values(info.paths).flat() })
    const rows = this.position.seats.map((c) => h("tr", { "data-player": c, class: info.holder === c ? "cw-holder" : null },
      h("th", { scope: "row" }, this.who(c)),
      h("td", { "data-col": "length" }, String(info.lengths[c])),
      h("td", { "data-col": "card" }, info.holder === c ? tx.term("longest_road") : "")))
    this.output.replaceChildren(
      this.table([tx.t("player"), tx.t("col_length"), tx.term("longest_road")], rows),
      h("p", { class: "cw-summary" }, this.explainAward(info)))
  }

  /** The engine's verdict on the award, in words. */
  explainAward({ lengths, holder, leaders, top, verdict }) {
    const tx = this.tx
    const names = (colours) => colours.map((c) => tx.colour(c)).join(", ")
    if (verdict === "holder_tied") {
      return tx.t("lr_holder_tied", { player: tx.colour(holder), others: names(leaders.filter((c) => c !== holder)), length: top })
    }
    if (verdict === "holder") return tx.t("lr_holder", { player: tx.colour(holder), length: lengths[holder] })
    if (verdict === "nobody") return tx.t("lr_nobody", { length: top })
    return tx.t("lr_tied", { players: names(leaders), length: top })
  }

  /** Index in the history of the reader's move that placed this piece, or -1. */
  added(key, value) {
    return this.history.findIndex((e) => e.action[key] === value)
  }

  async onEdge(edge) {
    const mine = this.added("edge", edge)
    if (mine >= 0) return this.takeBack(mine)
    await this.place({ type: "build_road", edge })
  }

  async onNode(node) {
    const mine = this.added("node", node)
    if (mine >= 0) return this.takeBack(mine)
    await this.place({ type: "build_settlement", node })
  }

  async place(action) {
    const target = action.edge || action.node
    const owned = Object.values(this.position.players).some((p) =>
      [...(p.roads || []), ...(p.settlements || []), ...(p.cities || [])].includes(target))
    if (owned) return this.say(this.info(this.tx.t("fixed_piece")))
    const result = await this.perform({ action, as: this.builder, paid: true })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    const player = this.tx.colour(this.builder)
    const built = action.type === "build_road"
      ? this.tx.t("built_road", { player }) : this.tx.t("built_settlement", { player })
    this.say(this.ok(built), ...this.tell(result.events).map((line) => this.info(line)))
  }

  async takeBack(index) {
    const dropped = await this.replay(this.history.filter((_, i) => i !== index))
    await this.refresh()
    this.say(this.info(this.tx.t("removed")), dropped ? this.info(this.tx.t("dropped", { count: dropped })) : null)
  }
}

// -- 5. harbours: trade rates, and a trade with the bank ----------------------------------------

class Harbours extends Widget {
  get boardPicks() { return ["node"] }

  get targets() { return this.choosable ?? null }

  build() {
    const tx = this.tx
    const select = (cls) => h("select", { class: cls },
      RESOURCES.map((r) => h("option", { value: r }, tx.term(r))))
    this.give = select("cw-give")
    this.get = select("cw-get")
    this.get.value = "ore"
    this.amount = h("input", { type: "number", class: "cw-amount", min: "1", max: "12", value: "4", "aria-label": tx.t("give") })
    this.give.addEventListener("change", () => this.suggest())
    this.controls.append(
      h("p", { class: "cw-hint" }, tx.t("hb_hint", { player: tx.colour(this.player) })),
      h("div", { class: "cw-row cw-trade" },
        h("span", { class: "cw-label" }, tx.t("give")), this.amount, this.give,
        h("span", { class: "cw-label" }, tx.t("for_one")), this.get,
        h("button", { type: "button", class: "cw-trade-button", onclick: () => this.run(() => this.trade()) },
          tx.t("trade_bank"))))
    this.rates = null
  }

  resetState() { this.rates = null }

  suggest() {
    if (this.rates) this.amount.value = String(this.rates[this.give.value])
  }

  async refresh() {
    const tx = this.tx
    const before = this.rates
    this.rates = (await call("faq.analyse", this.position, { type: "trade_rates" })).rates[this.player]
    const spots = await call("faq.analyse", this.position, { type: "settlement_spots", player: this.player })
    const me = this.position.players[this.player] || {}
    const mine = this.history.filter((e) => e.action.type === "build_city").map((e) => e.action.node)
    this.choosable = [...spots.legal, ...(me.settlements || []), ...mine]  // what a tap may build or undo
    await this.draw()
    const hand = this.position.players[this.player].hand || {}
    const rows = RESOURCES.map((r) => h("tr", {
      "data-resource": r, class: before && before[r] !== this.rates[r] ? "cw-changed" : null,
    },
    h("th", { scope: "row" }, tx.term(r)),
    h("td", { "data-col": "rate" }, `${this.rates[r]}:1`),
    h("td", { "data-col": "hand" }, String(hand[r] || 0))))
    this.output.replaceChildren(this.table([capital(tx.term("resource")), tx.t("rate"), tx.t("in_hand")], rows))
    this.suggest()
    return before
  }

  async onNode(node) {
    const tx = this.tx
    const city = this.history.some((e) => e.action.type === "build_city" && e.action.node === node)
    const settled = (this.position.players[this.player].settlements || []).includes(node)
    let result
    let line
    if (city) {  // the reader's city goes, and the settlement too if the reader built it
      await this.replay(this.history.filter((e) => e.action.node !== node))
      line = tx.t("removed")
    } else if (settled) {
      result = await this.perform({ action: { type: "build_city", node }, paid: true })
      line = tx.t("built_city", { player: tx.colour(this.player) })
    } else {
      result = await this.perform({ action: { type: "build_settlement", node }, paid: true })
      line = tx.t("built_settlement", { player: tx.colour(this.player) })
    }
    if (result?.error) return this.say(this.refusal(result.error))
    const before = await this.refresh()
    const changed = RESOURCES.filter((r) => before && before[r] !== this.rates[r])
      .map((r) => tx.t("rate_change", { resource: tx.term(r), before: `${before[r]}:1`, after: `${this.rates[r]}:1` }))
    this.say(this.ok(line), this.info(changed.length ? changed.join(" · ") : tx.t("rates_same")))
  }

  async trade() {
    const give = { [this.give.value]: Number(this.amount.value) }
    const result = await this.perform({ action: { type: "bank_trade", give, get: { [this.get.value]: 1 } } })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    this.say(...this.tell(result.events).map((line) => this.ok(line)))
  }
}

// -- 6. development cards: when may a card be played? -------------------------------------------

class DevCards extends Widget {
  get boardPicks() { return ["tile"] }

  build() {
    const tx = this.tx
    const select = (cls, value) => {
      const el = h("select", { class: cls, "aria-label": tx.term("resource") },
        RESOURCES.map((r) => h("option", { value: r }, tx.term(r))))
      el.value = value
      return el
    }
    this.monopoly = select("cw-monopoly", "brick")
    this.plenty = [select("cw-plenty", "grain"), select("cw-plenty", "ore")]
    const play = (card, extra, ...inputs) => h("span", { class: "cw-play" },
      h("button", { type: "button", class: "cw-card-button", "data-card": card,
        onclick: () => this.run(() => this.play(card, extra())) }, tx.t("play", { card: tx.term(card) })),
      inputs)
    this.controls.append(
      h("div", { class: "cw-row cw-cards" },
        play("knight", () => ({})),
        play("monopoly", () => ({ resource: this.monopoly.value }), this.monopoly),
        play("year_of_plenty", () => ({ resources: this.plenty.map((s) => s.value) }), ...this.plenty)),
      h("div", { class: "cw-row" },
        h("button", { type: "button", class: "cw-roll", onclick: () => this.run(() => this.roll()) }, tx.t("roll_dice")),
        h("button", { type: "button", class: "cw-end", onclick: () => this.run(() => this.endTurn()) }, tx.t("end_turn"))))
  }

  async refresh() {
    const tx = this.tx
    await this.draw()
    const doc = this.position
    const me = doc.players[this.player] || {}
    const names = (cards) => (cards || []).length ? cards.map((c) => tx.term(c)).join(", ") : tx.t("none")
    const phase = doc.turn.phase
    const who = tx.colour(doc.turn.player)
    const moment = doc.turn.player !== this.player ? tx.t("dc_waiting", { player: who })
      : phase === "roll" ? tx.t("dc_before_roll", { player: who })
        : phase === "move_robber" ? tx.t("robber_prompt") : tx.t("dc_after_roll", { player: who })
    this.output.replaceChildren(
      h("p", { class: "cw-summary cw-phase", "data-phase": phase }, moment),
      h("dl", { class: "cw-facts" },
        h("dt", {}, tx.t("dc_playable")), h("dd", { "data-col": "playable" }, names(me.dev_cards)),
        h("dt", {}, tx.t("dc_new")), h("dd", { "data-col": "new" }, names(me.new_dev_cards)),
        h("dt", {}, tx.t("dc_played")), h("dd", { "data-col": "played" }, doc.turn.dev_card_played ? tx.t("yes") : tx.t("no")),
        h("dt", {}, tx.t("in_hand")), h("dd", { "data-col": "hand" }, tx.cards(me.hand))))
  }

  async play(card, fields) {
    const action = { type: `play_${card}`, ...fields }
    const result = await this.perform({ action })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    const lines = this.tell(result.events)
    if (card === "knight") lines.push(this.tx.t("robber_prompt"))
    this.say(...lines.map((line, i) => (i ? this.info(line) : this.ok(line))))
  }

  async roll() {
    const result = await this.perform({ action: { type: "roll" } })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    const lines = this.tell(result.events)
    if (this.position.turn.phase === "move_robber") lines.push(this.tx.t("robber_prompt"))
    this.say(...lines.map((line) => this.info(line)))
  }

  /** End the turn; the other players roll a 3 (no robber) and pass, until it is ours again. */
  async endTurn() {
    const first = await this.perform({ action: { type: "end_turn" } })
    if (first.error) return this.say(this.refusal(first.error))
    const passed = await call("faq.pass_to", this.position, this.player)
    if (passed.error) return this.say(this.refusal(passed.error))
    this.position = passed.position
    await this.refresh()
    this.say(this.info(this.tx.t("dc_others")), this.ok(this.tx.t("dc_new_turn", { player: this.tx.colour(this.player) })))
  }

  async onTile(tile) {
    if (this.position.turn.phase === "move_robber") await this.moveRobber(tile)
  }
}

const KINDS = {
  production: Production,
  "distance-rule": DistanceRule,
  seven: Seven,
  "longest-road": LongestRoad,
  harbours: Harbours,
  "dev-cards": DevCards,
}

// -- binding to the page -------------------------------------------------------------------------

/** Bind every widget of the current page that is not bound yet (idempotent). The engine is
 *  downloaded when the reader first presses, taps or focuses a widget, never because one
 *  scrolled by (see `Widget.activate`). */
export function mount(root = document) {
  const widgets = [...root.querySelectorAll(".catan-widget[data-kind][data-position]")]
    .filter((el) => !el.catanWidget)
  const catalog = Catalog.page()
  if (!widgets.length || !catalog) return []
  const texts = catalog.for("faq")
  const bound = []
  for (const el of widgets) {
    const Kind = KINDS[el.dataset.kind]
    if (!Kind) {
      console.error(`catan widget: unknown kind ${el.dataset.kind}`)
      continue
    }
    el.catanWidget = new Kind(el, texts)
    bound.push(el.catanWidget)
  }
  return bound
}

export const kinds = Object.keys(KINDS)

// Material's instant navigation swaps the page content and re-emits `document$`; this module
// itself is evaluated once per full page load.
onPage(() => mount())
