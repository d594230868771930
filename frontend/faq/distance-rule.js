// The distance rule widget: where a settlement may go, and why not (the engine's reason for
// each corner, said on hover, on a click and to a screen reader before choosing).

import { call } from "../core/runtime.js"
import { h } from "../core/dom.js"
import { Widget } from "./widget.js"

export class DistanceRule extends Widget {
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
    return this.tx.labelled(name, verdict)
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
