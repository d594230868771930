// The 7 widget: a 7 rolled, who discards how many (the engine's counts), the discards, the
// robber and the theft.

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { RESOURCES } from "../core/i18n.js"
import { Widget, count } from "./widget.js"

export class Seven extends Widget {
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

  /** A hex chosen: the robber goes there, or the engine says why not now (before the 7). */
  async onTile(tile) { await this.moveRobber(tile) }
}
