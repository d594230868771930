// Drawing the game page: the board, the bar, the panels (actions, trade, hand, players) and
// the log. Methods of GameApp (widgets/game.js); each panel is rebuilt only when what it shows
// changed, and everything is drawn at most once per frame.

import { RESOURCES, capitalise } from "./game-text.js"
import { PLAYER_FILL, parseTile } from "./game-board.js"
import { describe, visibleEvent } from "./game-log.js"
import { h, cardChips, chip, disclosure, tradeGrid } from "./game-ui.js"

export const COSTS = {
  road: { brick: 1, lumber: 1 }, settlement: { brick: 1, lumber: 1, wool: 1, grain: 1 },
  city: { grain: 2, ore: 3 }, dev_card: { wool: 1, grain: 1, ore: 1 },
}
export const DEV_PLAYS = { knight: "play_knight", road_building: "play_road_building", year_of_plenty: "play_year_of_plenty", monopoly: "play_monopoly" }
const LOG_LINES = 400          // lines of the log kept on screen (the saved log keeps them all)

export const panels = {
  costsCard() {
    const t = (k, p) => this.t(k, p)
    const line = (label, cost, points) => h("li", {}, h("strong", {}, label), " ", cardChips(this.text, cost),
      points ? h("span", { class: "catan-muted" }, " · ", points) : null)
    return h("section", { class: "catan-game__costs" }, disclosure(capitalise(this.text.term("building_costs_card")), false, null,
      h("ul", { class: "catan-costs" },
        line(capitalise(this.text.term("road")), COSTS.road, t("longest_road_hint")),
        line(capitalise(this.text.term("settlement")), COSTS.settlement, t("points_n", { n: 1 })),
        line(capitalise(this.text.term("city")), COSTS.city, t("points_n", { n: 2 })),
        line(capitalise(this.text.term("development_card")), COSTS.dev_card, null)), { key: "costs-toggle" }))
  },

  swatch(colour) {
    return h("span", { class: "catan-swatch", style: `background:${PLAYER_FILL[colour]}`, "aria-hidden": "true" })
  },

  tileText(t) {
    const { terrain, number } = parseTile(this.game.position.board.tiles[t])
    return number ? `${this.text.term(terrain)} ${number}` : this.text.term(terrain)
  },

  /** Draw the game at the next frame: several moves within one frame are drawn once. */
  render() {
    if (this.frame || this.dead) return
    this.frame = requestAnimationFrame(() => {
      this.frame = null
      this.renderNow()
    })
  },

  renderNow() {
    if (this.frame) cancelAnimationFrame(this.frame)
    this.frame = null
    if (!this.game || !this.status || this.dead || !this.board) return
    const active = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement : null
    const focused = active && active.getAttribute("data-key")
    const onBoard = active && active.closest("[data-pick]")
    const choice = this.choice()
    const island = this.board.draw(this.game.position, { hidden: this.status.hidden, pick: choice.pick, legal: choice.legal, last: this.last })
    this.setStatus(this.statusLine())
    this.renderPrompt(choice)
    if (island) {   // the island was redrawn: the panels wait for the next frame (no long task)
      this.render()
      return
    }
    // panels are rebuilt only when what they show changed, so a button under the pointer
    // stays put while the computer players move
    const st = this.status
    const seats = this.game.settings.seats.map((s) => [s.kind, s.name, s.level, s.personality, this.game.seats[s.colour]])
    const decides = this.myDecision()
    this.patch(this.awayEl, [seats], () => this.renderAway())
    this.patch(this.actionsEl, [st.phase, st.actors, st.trade, st.discard, st.legal, st.me, st.winner, this.mode,
      decides, decides || this.nextActor(), this.game.to], () => this.renderActions())
    this.patch(this.handEl, [st.me, decides, st.phase, st.current, Boolean(st.trade), st.legal.length], () => this.renderHand())
    this.patch(this.playersEl, [st.players, st.current, st.me && st.me.colour, seats, st.bank, st.deck], () => this.renderPlayers())
    this.renderLog()
    if (focused) this.root.querySelector(`[data-key="${focused}"]`)?.focus()
    else if (onBoard && !onBoard.isConnected) {
      // the spot just chosen by keyboard is gone: go on with the next choice, or the actions
      const next = this.board.el.querySelector(".spot.is-legal, .tile.is-legal") || this.actionsEl.querySelector("button")
      if (next) next.focus()
    }
  },

  /** Run `build` (which fills `el`) unless `inputs` are those of the last build. */
  patch(el, inputs, build) {
    const signature = JSON.stringify(inputs)
    if (el.catanSignature === signature) return
    el.catanSignature = signature
    build()
  },

  statusLine() {
    const st = this.status
    if (st.winner) return this.t("status_won", { name: this.name(st.winner) })
    const actor = this.nextActor()
    const who = actor ? this.name(actor) : ""
    const phase = this.t("phase_" + st.phase)
    const turn = st.turn ? this.t("turn_n", { n: st.turn }) : capitalise(this.text.term("setup"))
    const dice = st.dice ? ` · ${this.t("dice_shown", { a: st.dice[0], b: st.dice[1], total: st.dice[0] + st.dice[1] })}` : ""
    const computer = actor && this.isComputer(actor) ? ` ${this.t("computer_thinking")}` : ""
    return `${turn} · ${this.t("status_waiting", { name: who, phase })}${computer}${dice}`
  },

  renderPrompt(choice) {
    const st = this.status
    this.promptEl.replaceChildren()
    if (!this.myDecision()) return
    const keys = {
      setup_settlement: "prompt_setup_settlement", setup_road: "prompt_setup_road", move_robber: "prompt_robber",
      roll: "prompt_roll", discard: "prompt_discard",
    }
    let key = keys[st.phase]
    if (this.mode) key = `prompt_${this.mode.kind}`
    else if (st.phase === "main") key = st.trade ? (st.me.colour === st.current ? "prompt_trade_wait" : "prompt_answer") : "prompt_main"
    const parts = [h("span", {}, this.t(key, { n: this.mode ? 2 - this.mode.picks.length : 0 }))]
    if (choice.pick && !choice.legal.length && this.mode) parts.push(" ", h("span", { class: "catan-muted" }, this.t("no_legal_spot")))
    if (this.mode) {
      parts.push(" ", h("button", { type: "button", class: "md-button", "data-key": "cancel-mode", onclick: () => { this.mode = null; this.render() } }, this.t("cancel")))
    }
    this.promptEl.append(...parts)
  },

  renderAway() {
    this.awayEl.replaceChildren()
    for (const colour of this.game.position.seats) {
      const state = this.game.seats[colour]
      if (this.seat(colour).kind === "human" && state.away) {
        this.awayEl.append(h("p", { class: "catan-game__note catan-game__note--info" }, this.t("away_note", { name: this.name(colour) }), " ",
          h("button", { type: "button", class: "md-button md-button--primary", "data-action": `back-${colour}`, "data-key": `back-${colour}`, onclick: () => this.comeBack(colour) },
            this.t("im_back", { name: this.name(colour) }))))
      }
    }
  },

  button(label, onclick, { key, primary = false, available = true, pressed = null } = {}) {
    return h("button", {
      type: "button", class: `md-button${primary ? " md-button--primary" : ""}${available ? "" : " is-unavailable"}`,
      onclick, "data-key": key, "data-action": key, "aria-pressed": pressed === null ? null : String(pressed),
    }, label)
  },

  renderActions() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.actionsEl
    el.replaceChildren()
    if (st.winner) {
      el.append(h("h2", {}, t("game_over")), h("p", {}, t("status_won", { name: this.name(st.winner) })),
        this.button(t("show_results"), () => this.showEnd(), { key: "results", primary: true }),
        this.button(t("new_game"), () => this.showSetup(true), { key: "again" }))
      return
    }
    if (!this.myDecision()) {
      const actor = this.nextActor()
      el.append(h("h2", {}, t("actions")), h("p", { class: "catan-muted" }, actor ? t("waiting_for", { name: this.name(actor) }) : ""))
      return
    }
    const me = st.me.colour
    el.append(h("h2", {}, t("your_move", { name: this.name(me) })))
    if (st.phase === "roll") {
      el.append(this.button(t("roll"), () => (this.game.settings.dice === "manual" ? this.askDice(me, true) : this.perform({ type: "roll", player: me }, me)), { key: "roll", primary: true }))
    } else if (st.phase === "discard") {
      el.append(this.button(t("discard_title", { n: st.discard[me] }), () => this.discardDialog(), { key: "discard-open", primary: true }))
    } else if (st.phase === "main" && st.trade) {
      if (me === st.current) el.append(this.answersPanel())
      else el.append(this.button(t("answer_offer"), () => this.answerDialog(), { key: "answer-open", primary: true }))
    } else if (st.phase === "main") {
      const has = (type) => this.legal(type).length > 0
      const mode = this.mode && this.mode.kind
      el.append(h("div", { class: "catan-game__buttons" },
        this.button(capitalise(this.text.term("road")), () => this.setMode("road"), { key: "build-road", available: has("build_road"), pressed: mode === "road" }),
        this.button(capitalise(this.text.term("settlement")), () => this.setMode("settlement"), { key: "build-settlement", available: has("build_settlement"), pressed: mode === "settlement" }),
        this.button(capitalise(this.text.term("city")), () => this.setMode("city"), { key: "build-city", available: has("build_city"), pressed: mode === "city" }),
        this.button(t("buy_card"), () => this.perform({ type: "buy_dev_card", player: me }, me), { key: "buy-card", available: has("buy_dev_card") })),
      this.tradePanel(),
      h("div", { class: "catan-game__buttons" }, this.button(t("end_turn"), () => this.perform({ type: "end_turn", player: me }, me), { key: "end-turn", primary: true })))
    }
  },

  tradePanel() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const me = st.me.colour
    const draft = this.draft
    const grid = tradeGrid(this.text, {
      giveLabel: t("you_give"), getLabel: t("you_get"), giveMax: (r) => st.me.hand[r], give: draft.give, get: draft.get,
      onchange: (give, get) => { draft.give = give; draft.get = get },
    })
    const others = st.players.map((p) => p.colour).filter((c) => c !== me)
    if (!draft.to) draft.to = [...others]
    const clean = (cards) => Object.fromEntries(Object.entries(cards).filter(([, n]) => n > 0))
    const rates = RESOURCES.map((r) => h("li", { class: st.me.rates[r] < 4 ? "is-harbour" : "" }, chip(this.text, r), ` ${st.me.rates[r]}:1`))
    return h("div", { class: "catan-trade" }, disclosure(t("trade"), Boolean(this.tradeOpen), (open) => { this.tradeOpen = open }, [
      grid.el,
      h("fieldset", { class: "catan-trade__to" }, h("legend", {}, t("offer_to")),
        others.map((c) => h("label", {}, h("input", {
          type: "checkbox", checked: draft.to.includes(c), "data-key": `to-${c}`,
          onchange: (e) => { draft.to = e.target.checked ? [...new Set([...draft.to, c])] : draft.to.filter((x) => x !== c) },
        }), " ", this.swatch(c), " ", this.name(c)))),
      h("div", { class: "catan-game__buttons" },
        this.button(t("offer_players"), async () => {
          this.game.to = draft.to.length ? [...draft.to] : [...others]   // read by pump() after the offer
          const ok = await this.perform({ type: "offer_trade", give: clean(draft.give), get: clean(draft.get), player: me }, me)
          if (!ok) this.game.to = null
        }, { key: "offer" }),
        this.button(t("trade_bank"), async () => {
          const ok = await this.perform({ type: "bank_trade", give: clean(draft.give), get: clean(draft.get), player: me }, me)
          if (ok) this.draft = { give: {}, get: {}, to: draft.to }
        }, { key: "bank-trade" })),
      h("p", { class: "catan-muted" }, t("your_rates")), h("ul", { class: "catan-rates" }, rates)], { key: "trade-toggle" }))
  },

  answersPanel() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const me = st.me.colour
    const offer = st.trade
    const rows = st.players.filter((p) => p.colour !== me).map(({ colour }) => {
      const answer = offer.answers[colour]
      let what
      let button = null
      if (answer === undefined) what = t("answer_waiting")
      else if (answer === "reject") what = t("answer_rejected")
      else if (answer === "accept") {
        what = t("answer_accepted")
        button = this.button(t("trade_with", { name: this.name(colour) }), () => this.confirmTrade(colour), { key: `confirm-${colour}`, primary: true })
      } else {
        what = [t("answer_countered"), " ", t("counter_terms"), " ", cardChips(this.text, answer.give), " → ", cardChips(this.text, answer.get)]
        button = this.button(t("accept_counter", { name: this.name(colour) }), () => this.confirmTrade(colour), { key: `confirm-${colour}`, primary: true })
      }
      return h("li", { "data-colour": colour }, this.swatch(colour), " ", h("strong", {}, this.name(colour)), ": ", what, " ", button)
    })
    return h("div", { class: "catan-answers" },
      h("p", {}, t("your_offer"), " ", cardChips(this.text, offer.give), " → ", cardChips(this.text, offer.get)),
      h("ul", {}, rows),
      this.button(t("cancel_offer"), () => this.perform({ type: "cancel_trade", player: me }, me), { key: "cancel-offer" }))
  },

  async confirmTrade(colour) {
    const me = this.status.me.colour
    const ok = await this.perform({ type: "confirm_trade", with: colour, player: me }, me)
    if (ok) this.draft = { give: {}, get: {}, to: this.draft.to }
  },

  renderHand() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.handEl
    el.replaceChildren()
    if (!st.me) {
      el.append(h("h2", {}, t("your_hand")), h("p", { class: "catan-muted" }, t("hand_hidden")))
      return
    }
    const me = st.me.colour
    el.append(h("h2", {}, t("hand_of", { name: this.name(me) })), cardChips(this.text, st.me.hand))
    const cards = [...st.me.dev_cards.map((c) => [c, false]), ...st.me.new_dev_cards.map((c) => [c, true])]
    const list = h("ul", { class: "catan-devcards" })
    const canPlay = this.myDecision() && me === st.current && (st.phase === "roll" || st.phase === "main") && !st.trade
    const seen = new Set()
    for (const [card, fresh] of cards) {
      const key = `${card}-${fresh}`
      const count = cards.filter(([c, f]) => c === card && f === fresh).length
      if (seen.has(key)) continue
      seen.add(key)
      const item = h("li", { class: fresh ? "is-new" : "" }, h("strong", {}, this.text.card(card)), count > 1 ? ` ×${count}` : "")
      if (fresh) item.append(" ", h("span", { class: "catan-badge" }, t("new_card")))
      if (card === "victory_point") item.append(" ", h("span", { class: "catan-muted" }, t("vp_card_note")))
      else if (canPlay) {
        item.append(" ", this.button(t("play"), () => this.playCard(card), {
          key: `play-${card}-${fresh}`, available: !fresh && this.legal(DEV_PLAYS[card]).length > 0,
        }))
      }
      list.append(item)
    }
    el.append(h("h3", {}, capitalise(this.text.term("development_card"))), cards.length ? list : h("p", { class: "catan-muted" }, t("no_dev_cards")))
  },

  renderPlayers() {
    const st = this.status
    const t = (k, p) => this.t(k, p)
    const el = this.playersEl
    el.replaceChildren(h("h2", {}, t("players")))
    const list = h("ul", { class: "catan-players" })
    for (const p of st.players) {
      const seat = this.seat(p.colour)
      const state = this.game.seats[p.colour]
      const kind = seat.kind === "bot" ? t("kind_bot_detail", { level: t("level_" + seat.level), personality: t("personality_" + seat.personality) })
        : state.away ? t("kind_away") : t("kind_human")
      const awards = []
      if (p.longest_road) awards.push(h("span", { class: "catan-badge" }, this.text.term("longest_road")))
      if (p.largest_army) awards.push(h("span", { class: "catan-badge" }, this.text.term("largest_army")))
      const points = t("points_public", { n: p.points, total: st.vp_to_win })
      const mine = st.me && st.me.colour === p.colour
      list.append(h("li", { class: `catan-player${p.colour === st.current ? " is-current" : ""}`, "data-colour": p.colour },
        h("div", { class: "catan-player__head" },
          h("span", {}, this.swatch(p.colour), " ", h("strong", {}, this.name(p.colour)),
            p.colour === st.current ? h("span", { class: "catan-muted" }, ` · ${t("current_turn")}`) : null),
          h("span", { class: "catan-player__points" }, points)),
        mine ? h("div", { class: "catan-player__kind catan-muted" }, t("points_mine")) : null,
        awards.length ? h("div", { class: "catan-player__awards" }, awards) : null,
        h("div", { class: "catan-player__kind catan-muted" }, kind),
        h("div", { class: "catan-player__counts catan-muted" },
          t("player_counts", { cards: p.cards, dev: p.dev_cards, knights: p.knights, road: p.road_length })),
        h("div", { class: "catan-player__stock catan-muted" },
          t("player_stock", { roads: p.stock.roads, settlements: p.stock.settlements, cities: p.stock.cities })),
        h("button", {
          type: "button", class: "md-button catan-player__toggle", "data-key": `seat-${p.colour}`, "data-action": `seat-${p.colour}`,
          onclick: () => this.toggleSeat(p.colour),
        }, seat.kind === "bot" ? t("seat_to_person") : t("seat_to_computer"))))
    }
    el.append(list, h("h3", {}, capitalise(this.text.term("bank"))), cardChips(this.text, st.bank),
      h("p", { class: "catan-muted" }, t("deck_left", { n: st.deck })))
  },

  /** Append the new log lines (all of them after `logReset`: a new viewer sees other details). */
  renderLog() {
    const full = this.logReset
    this.logReset = false
    if (full) {
      this.logList.replaceChildren()
      this.logCount = 0
    }
    const viewer = this.game.viewer
    const ctx = { text: this.text, name: (c) => this.name(c), tile: (t) => this.tileText(t) }
    const log = this.game.log
    const items = []
    for (let i = Math.max(this.logCount, log.length - LOG_LINES); i < log.length; i++) {
      const entry = log[i]
      const event = visibleEvent(entry, viewer)
      if (event.type === "turn_started") {
        items.push(h("li", { class: "catan-log__turn" }, this.t("log_turn", { n: event.number, name: this.name(event.player) })))
        continue
      }
      const line = describe(event, ctx)
      if (line) items.push(h("li", { "data-event": event.type }, line))
    }
    this.logCount = log.length
    if (!items.length) return
    this.logList.append(...items)
    const extra = this.logList.childElementCount - LOG_LINES
    for (let i = 0; i < extra; i++) this.logList.firstElementChild.remove()
  },
}
