// The longest road widget: each player's road length, the highlighted routes and who holds the
// card; the reader builds roads and settlements as any colour, and takes them back.

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { Widget } from "./widget.js"

export class LongestRoad extends Widget {
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
