// The game page's dialogs: passing the device, discards, trade answers, dice by hand, the
// development cards that need a choice, the robber's victim, the end of the game, import and
// share. Methods of GameApp (frontend/game.js), kept apart to keep each file readable. What a
// dialog offers comes from the referee's view (the hand, what is owed, the robber's victims).

import { RESOURCES } from "../core/i18n.js"
import { capitalise } from "./panels.js"
import * as store from "./store.js"
import { h, cardChips, cardsText, openDialog, select, steppers, tradeGrid } from "./ui.js"

export const dialogs = {
  exportGame() {
    if (!this.game) return
    const blob = new Blob([JSON.stringify(store.serialise(this.game), null, 1)], { type: "application/json" })
    const url = URL.createObjectURL(blob)
    const link = h("a", { href: url, download: `catan-game-${new Date().toISOString().slice(0, 10)}.json`, hidden: true })
    this.root.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  },

  /** Import a file or pasted text. A file over store.IMPORT_LIMIT_BYTES is refused before it is
   *  read; the game in progress stays (and its computers play on) until the engine has
   *  checked the new one (restore). */
  importDialog() {
    const t = (k, p) => this.t(k, p)
    const area = h("textarea", { rows: 6, class: "catan-import__text", "aria-label": t("import_paste"), spellcheck: "false" })
    const file = h("input", { type: "file", accept: ".json,application/json", "aria-label": t("import_file") })
    const failed = (detail) => this.message({ text: `${t("import_failed")} ${detail}`, href: null })
    const tooBig = () => failed(t("import_too_big", { mb: store.IMPORT_LIMIT_BYTES / 1e6 }))
    openDialog(this.root, {
      title: t("import"),
      body: [h("p", {}, t("import_help")), h("label", { class: "catan-field" }, t("import_file"), file),
        h("label", { class: "catan-field" }, t("import_paste"), area)],
      buttons: [
        {
          label: t("import_load"), primary: true, action: "import-load", onclick: async (e) => {
            e.target.closest("dialog").close()
            const chosen = file.files[0]
            if (chosen && chosen.size > store.IMPORT_LIMIT_BYTES) return tooBig()
            const text = chosen ? await chosen.text() : area.value
            if (text.length > store.IMPORT_LIMIT_BYTES) return tooBig()
            let data
            try {
              data = JSON.parse(text)
            } catch (error) {
              return failed(t("unreadable_detail", { message: String(error.message) }))
            }
            await this.restore(data, "import")
          },
        },
        { label: t("cancel"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  },

  async shareDialog() {
    if (!this.game) return
    let link
    try {
      link = store.shareLink(this.game, await this.transport.share(this.game, this.game.viewer))
    } catch (error) {
      return this.refuse(error)
    }
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
  },

  /** The robber goes to `tile`, where several players could be robbed: whom? */
  victimDialog(tile, victims) {
    const me = this.view.me.colour
    this.shownDialog = "victim"
    const counts = Object.fromEntries(this.view.players.map((p) => [p.colour, p.cards]))
    openDialog(this.root, {
      title: this.t("victim_title"), body: [h("p", {}, this.t("victim_help"))],
      buttons: victims.map((v) => ({
        label: this.t("victim_option", { name: this.name(v), n: counts[v] }), action: `victim-${v}`,
        onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "move_robber", tile, victim: v, player: me }) },
      })).concat([{ label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() }]),
      onclose: () => { this.shownDialog = null },
    })
  },

  /** Open the dialog a decision needs (a discard) once; an offer is answered in its panel. */
  autoDialogs() {
    const view = this.view
    if (!this.myDecision()) return
    const me = view.me.colour
    if (this.can("discard") && this.shownDialog !== `discard-${me}-${view.turn}`) this.discardDialog()
  },

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
          this.pump()
        },
      }],
      onclose: () => { if (this.shownDialog === `pass-${colour}`) this.shownDialog = null },
    })
  },

  discardDialog() {
    const view = this.view
    const me = view.me.colour
    const owed = view.discard[me]
    this.shownDialog = `discard-${me}-${view.turn}`
    const hand = view.me.hand
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
          const ok = await this.perform({ type: "discard", player: me, cards: pickers.value() })
          if (ok) dialog.close(); else this.showDialogError(dialog)
        },
      }],
    })
  },

  /** A refusal shown inside the open dialog too (the page message is behind it). */
  showDialogError(dialog) {
    const note = this.messageEl.firstElementChild
    if (!note || !dialog) return
    dialog.querySelector(".catan-game__note")?.remove()
    dialog.querySelector(".catan-dialog__body").append(note.cloneNode(true))
    dialog.querySelector(".catan-dialog__body .catan-game__close")?.remove()
  },

  /** Which offer is open: the log index of the last one made. */
  offerId() {
    for (let i = this.game.log.length - 1; i >= 0; i--) if (this.game.log[i].e.type === "trade_offered") return i
    return -1
  },

  /** The offer's answers in a dialog, with the counter-offer grid (`countering`: open). */
  answerDialog(countering = false) {
    const view = this.view
    const me = view.me.colour
    const offer = view.trade
    this.shownDialog = `answer-${me}-${this.offerId()}`
    const from = this.name(offer.player)
    // from the answering player's side: they give what the active player gets
    const counterGrid = tradeGrid(this.text, {
      giveLabel: this.t("you_give"), getLabel: this.t("you_get"), giveMax: (r) => view.me.hand[r], give: offer.get, get: offer.give,
    })
    const counterBox = h("div", { class: "catan-counter", hidden: !countering },
      h("h3", {}, this.t("counter")), counterGrid.el,
      h("button", {
        type: "button", class: "md-button md-button--primary", "data-action": "send-counter",
        onclick: async (e) => {
          const dialog = e.target.closest("dialog")
          const ok = await this.perform({ type: "counter_trade", player: me, give: counterGrid.get(), get: counterGrid.give() })
          if (ok) dialog.close(); else this.showDialogError(dialog)
        },
      }, this.t("send_counter")))
    const answer = (type) => async (e) => {
      const dialog = e.target.closest("dialog")
      const ok = await this.perform({ type, player: me })
      if (ok) dialog.close(); else this.showDialogError(dialog)
    }
    openDialog(this.root, {
      title: this.t("offer_title", { name: from }), dismissable: false,
      body: [
        h("p", {}, this.t("offer_you_give"), " ", cardChips(this.text, offer.get)),
        h("p", {}, this.t("offer_you_get"), " ", cardChips(this.text, offer.give)),
        h("p", { class: "catan-muted" }, this.t("your_hand"), " ", cardChips(this.text, view.me.hand)),
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
  },

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
          await this.rollDice(colour, [a, b], person)
        },
      }].concat(person ? [{ label: t("cancel"), onclick: (e) => e.target.closest("dialog").close() }] : []),
    })
  },

  yearOfPlentyDialog() {
    const me = this.view.me.colour
    const names = RESOURCES.map((r) => [r, capitalise(this.text.term(r))])
    let a = "brick"
    let b = "brick"
    openDialog(this.root, {
      title: this.text.term("year_of_plenty"),
      body: [h("p", {}, this.t("yop_help")),
        select(this.t("yop_first"), names, a, (v) => { a = v }, { "data-field": "yop1" }),
        select(this.t("yop_second"), names, b, (v) => { b = v }, { "data-field": "yop2" })],
      buttons: [
        {
          label: this.t("play"), primary: true, action: "play-yop",
          onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "play_year_of_plenty", resources: [a, b], player: me }) },
        },
        { label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  },

  monopolyDialog() {
    const me = this.view.me.colour
    openDialog(this.root, {
      title: this.text.term("monopoly"), body: [h("p", {}, this.t("monopoly_help"))],
      buttons: RESOURCES.map((r) => ({
        label: capitalise(this.text.term(r)), action: `monopoly-${r}`,
        onclick: (e) => { e.target.closest("dialog").close(); this.perform({ type: "play_monopoly", resource: r, player: me }) },
      })).concat([{ label: this.t("cancel"), onclick: (e) => e.target.closest("dialog").close() }]),
    })
  },

  /** Each player's game in numbers: cards received (a bar of the five resources), lost,
   *  trades, development cards; then who held each award from which turn. */
  statsTable(summary) {
    const t = (k, p) => this.t(k, p)
    const players = summary.players
    const total = (p) => RESOURCES.reduce((sum, r) => sum + (p.received[r] || 0), 0)
    const most = Math.max(1, ...players.map(total))
    const bar = (p) => h("span", { class: "catan-end__stack", role: "img", "aria-label": cardsText(this.text, p.received) },
      RESOURCES.map((r) => (p.received[r] ? h("span", { class: `catan-chip--${r}`, style: `width:${(100 * p.received[r] / most).toFixed(1)}%` },
        h("span", { class: "catan-chip__swatch" })) : null)))
    const rows = [
      ["stats_received", (p) => [String(total(p)), bar(p)]],
      ["stats_lost", (p) => String(p.lost)],
      ["stats_trades", (p) => String(p.trades)],
      ["stats_cards_bought", (p) => String(p.cards_bought)],
      ["stats_cards_played", (p) => String(p.cards_played)],
    ]
    const table = h("table", { class: "catan-end__table catan-end__stats" },
      h("thead", {}, h("tr", {}, h("td", {}), players.map((p) => h("th", { scope: "col", "data-colour": p.colour }, this.swatch(p.colour), " ", this.name(p.colour))))),
      h("tbody", {}, rows.map(([key, cell]) => h("tr", {}, h("th", { scope: "row" }, t(key)),
        players.map((p) => h("td", { "data-colour": p.colour }, cell(p)))))))
    const held = (award) => (summary.awards[award] || []).map(([turn, colour]) => (colour
      ? t("stats_held", { name: this.name(colour), n: turn }) : t("stats_lost_award", { n: turn }))).join(" → ") || t("nothing")
    return h("div", {}, table,
      h("p", { class: "catan-end__awards" }, h("strong", {}, capitalise(this.text.term("longest_road"))), ": ", held("longest_road")),
      h("p", { class: "catan-end__awards" }, h("strong", {}, capitalise(this.text.term("largest_army"))), ": ", held("largest_army")))
  },

  async showEnd() {
    this.endShown = true
    let summary
    try {
      summary = await this.transport.summary(this.game)
    } catch (error) {
      this.refuse(error)
      return
    }
    // after the last move is drawn, in a task of its own: no long task at the very end
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
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
        // a room's summary has the points only (its server keeps no page log to count from)
        summary.awards ? [h("h3", {}, t("stats_title")), this.statsTable(summary)] : null,
        h("h3", {}, t("dice_histogram")), histogram],
      buttons: [
        { label: t("new_game"), primary: true, action: "end-new", onclick: (e) => { e.target.closest("dialog").close(); this.showSetup(true) } },
        { label: t("export"), onclick: () => this.exportGame() },
        { label: t("close"), action: "end-close", onclick: (e) => e.target.closest("dialog").close() },
      ],
    })
  },
}
