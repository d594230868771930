// What every FAQ widget shares (each kind is a module of this folder that extends Widget): the
// panel under the board (controls, output, message, status line, reset), the engine started on
// first use (pointer or focus), never because the widget scrolled by, and asked first when the
// browser spares data; the reader's moves as a history over the starting position; the
// engine's refusals in the reader's language with their FAQ links. All state is a position
// document; every rule (costs, awards, shortages, who acts) is the engine's, asked through
// catan_web.faq.

import { allowDownload, call, downloadAllowed, downloadBytes, ensureRuntime, mustAsk, onProgress }
  from "../core/runtime.js"
import { Board } from "../core/board.js"
import { h } from "../core/dom.js"

export const clone = (value) => JSON.parse(JSON.stringify(value))
export const count = (cards) => Object.values(cards || {}).reduce((a, b) => a + b, 0)
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

export class Widget {
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
    this.victims = null  // the robber's open choice of whom to rob: stays until it is made

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
      this.victims = null
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

  /** Show `lines` in the message area; an open choice of whom to rob stays under them. */
  say(...lines) {
    this.message.replaceChildren(...lines.filter((line) => line != null && line !== false), ...(this.victims || []))
  }

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
        const gains = Object.entries(e.gains).map(([c, cards]) => tx.labelled(tx.colour(c), tx.cards(cards)))
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
      this.victims = [this.info(this.tx.t("choose_victim", { tile: this.tx.tile(this.position, tile) })),
        h("p", { class: "cw-buttons" }, buttons)]
      this.say()
      return false
    }
    if (result.error) {  // the rule; a choice of whom to rob still open stays
      this.say(this.refusal(result.error))
      return false
    }
    this.victims = null
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
