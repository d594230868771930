// A FAQ answer's worked example (examples/faq/*.yml, drawn and checked at build time by
// catan_site/examples.py): the board with each claim's place lettered, and one sentence per
// claim. Here the reader asks the engine again ("Ask the rules engine": every claim checked by
// catan_web.claims on this board), tries one claim (its place asked, its action played, its
// roll paid) and points at any corner, side or hex to ask the same question there. Every answer
// is the engine's; this module only shows them.

import { SPOT_OF, SPOT_QUESTION } from "../core/board.js"
import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { Widget } from "./widget.js"


export class Example extends Widget {
  get boardPicks() {
    const picks = new Set(["node"])
    for (const claim of this.spec.claims) {
      if (claim.spot === "road" || claim.act?.edge) picks.add("edge")
      if (claim.spot === "robber" || claim.act?.tile !== undefined) picks.add("tile")
    }
    return [...picks]
  }

  build() {
    this.el.querySelector(".catan-verdicts")?.setAttribute("hidden", "")  // listed below instead
    this.rows = this.spec.claims.map((claim, i) => {
      const tryable = claim.spot || claim.act || claim.roll
      const row = h("li", { class: "cw-claim", "data-claim": i },
        h("span", { class: "cw-claim-text" }, this.spec.verdicts[i]),
        tryable ? h("button", {
          type: "button", class: "cw-try", onclick: () => this.run(() => this.tryClaim(i)),
          "aria-label": this.tx.labelled(this.tx.t("ex_try"), this.spec.verdicts[i]),
        }, this.tx.t("ex_try")) : null)
      return row
    })
    const ask = h("button", { type: "button", class: "cw-ask", onclick: () => this.run(() => this.askAll()) },
      this.tx.t("ex_ask"))
    this.controls.append(
      h("ul", { class: "cw-claims" }, this.rows),
      h("p", { class: "cw-buttons" }, ask),
      h("p", { class: "cw-hint" }, this.tx.t("ex_try_hint", { player: this.tx.colour(this.player) })))
    const open = this.el.querySelector(".catan-open-line")
    if (open) this.panel.append(open)  // after what the reader does here
  }

  async refresh() { await this.draw(this.spec.marks || {}) }

  /** Every claim asked again on the board as it stands. */
  async askAll() {
    const results = await call("claims.check", this.position, this.spec.claims)
    results.forEach((result, i) => { this.rows[i].dataset.ok = String(result.ok) })
    const all = results.every((result) => result.ok)
    this.say(all ? this.ok(this.tx.t("ex_agrees")) : this.info(this.tx.t("ex_changed")))
  }

  async tryClaim(i) {
    const claim = this.spec.claims[i]
    if (claim.spot) return this.askSpot(claim.spot, claim.place, claim.colour || this.player)
    if (claim.roll) return this.showRoll(claim.roll)
    const result = await this.perform({ action: claim.act })
    if (result.error) return this.say(this.refusal(result.error))
    await this.refresh()
    this.say(...this.tell(result.events).map((line) => this.ok(line)))
  }

  async onNode(node) { await this.askSpot("settlement", node, this.player) }
  async onEdge(edge) { await this.askSpot("road", edge, this.player) }
  async onTile(tile) { await this.askSpot("robber", tile, this.player) }

  /** May `colour` put `piece` on `place` now? The engine's spot report, with the rule if not. */
  async askSpot(piece, place, colour) {
    const query = { type: SPOT_QUESTION[SPOT_OF[piece]], player: colour }
    const report = await call("faq.analyse", this.position, query)
    const name = String(place)
    const code = piece === "city"
      ? (this.position.players[colour]?.settlements || []).includes(name) ? null : "not_your_settlement"
      : (report.illegal || {})[name] ?? (report.legal.map(String).includes(name) ? null : "unknown_place")
    this.select(name)
    if (code) return this.say(this.refusal({ code, details: {} }))
    const key = `ex_spot_${piece}_legal`
    this.say(this.ok(this.tx.t(key, { player: this.tx.colour(colour), place: this.placeName(name) })))
  }

  /** A place's letter on the board when a claim names it, else its spoken name. */
  placeName(place) {
    const labels = this.spec.labels || {}
    const letter = labels[`node:${place}`] || labels[`edge:${place}`] || labels[`tile:${place}`]
    return letter || this.spot(place)?.getAttribute("aria-label") || place
  }

  spot(place) {
    return this.svg.querySelector(`g.node[data-node="${place}"], line.edge[data-edge="${place}"], g.tile[data-tile="${place}"]`)
  }

  select(place) {
    for (const el of this.svg.querySelectorAll(".cw-selected")) el.classList.remove("cw-selected")
    this.spot(place)?.classList.add("cw-selected")
  }

  async showRoll(total) {
    const result = await call("faq.analyse", this.position, { type: "production", total })
    const gains = Object.entries(result.gains).filter(([, cards]) => Object.values(cards).some(Boolean))
      .map(([c, cards]) => this.tx.labelled(this.tx.colour(c), this.tx.cards(cards)))
    this.say(this.ok(this.tx.t("produced", { gains: gains.join(" · ") || this.tx.t("nothing") })))
  }
}
