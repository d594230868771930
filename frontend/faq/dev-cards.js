// The development cards widget: when may a card be played? The reader plays cards, rolls and
// ends turns; the engine says what is allowed.

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { RESOURCES } from "../core/i18n.js"
import { Widget } from "./widget.js"

export class DevCards extends Widget {
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

  /** A hex chosen: the robber goes there, or the engine says why not now. */
  async onTile(tile) { await this.moveRobber(tile) }
}
