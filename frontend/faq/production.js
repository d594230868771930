// The production widget: a dice total (picked or rolled) and what every player receives, with
// the robber's blocked tile and the bank's shortages as the engine decides them.

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { Widget, clone } from "./widget.js"

export class Production extends Widget {
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
    // the robber moves freely here, but not onto its own hex: the engine's rule says so
    const { illegal } = await call("faq.analyse", this.position, { type: "robber_spots" })
    if (illegal[String(tile)]) return this.say(this.refusal({ code: illegal[String(tile)], details: { tile } }))
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
