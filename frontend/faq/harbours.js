// The harbours widget: the reader's trade rates with the bank, changed by building on a
// harbour, and a trade with the bank at those rates.

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { RESOURCES } from "../core/i18n.js"
import { Widget, capital } from "./widget.js"

export class Harbours extends Widget {
  get boardPicks() { return ["node"] }

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
    await this.draw()   // every corner may be chosen: one the rules refuse gets the engine's reason
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
