// Drawing the game page: the board, the bar, the panels (actions, trade, hand, players, costs)
// and the log. Methods of GameApp (frontend/game.js). Everything shown comes from the referee's
// view (catan_web.game.view): costs, what the hand affords, playable cards, who acts, awards,
// the board's markup. Each panel is rebuilt only when what it shows changed, and everything is
// drawn at most once per frame.

import { describe, visibleEvent } from "./log.js"
import { h, cardChips, cardsText, chip, disclosure, swatch, tradeGrid } from "./ui.js"

const LOG_LINES = 400          // lines of the log kept on screen (the saved log keeps them all)
const NOTICE_MS = 6000         // how long "you received 2 grain" stays
const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]
const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)")
const capitalise = (text) => (text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text)
export { capitalise }

export const panels = {
  /** The building costs card, with what the viewer's hand affords now. */
  renderCosts() {
    const t = (k, p) => this.t(k, p)
    const hint = { road: t("longest_road_hint"), settlement: t("points_n", { n: 1 }), city: t("points_n", { n: 2 }), dev_card: null }
    const lines = this.view.costs.map((c) => h("li", { class: c.affordable ? "is-affordable" : null, "data-item": c.item },
      h("strong", {}, capitalise(this.text.term(c.item === "dev_card" ? "development_card" : c.item))), " ", cardChips(this.text, c.cost),
      hint[c.item] ? h("span", { class: "catan-muted" }, " · ", hint[c.item]) : null,
      c.affordable ? h("span", { class: "catan-badge" }, t("affordable")) : null))
    this.costsEl.replaceChildren(disclosure(capitalise(this.text.term("building_costs_card")), Boolean(this.costsOpen),
      (open) => { this.costsOpen = open }, h("ul", { class: "catan-costs" }, lines), { key: "costs-toggle" }))
  },

  swatch(colour) { return swatch(colour) },

  tileText(t) { return this.text.tile(this.game.position, t) },

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
    if (!this.game || !this.view || this.dead || !this.board) return
    const active = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement : null
    const focused = active && active.getAttribute("data-key")
    const onBoard = active && this.boardHost.contains(active)
    const view = this.view
    // the board comes drawn by the engine: put it in place only when it changed
    if (this.boardMarkup !== view.board) {
      this.boardMarkup = view.board
      this.board.replace(view.board)
    }
    const [kinds, targets] = this.pickTargets()
    const picking = JSON.stringify([kinds, targets, view.choice.illegal])
    if (this.picking !== picking || this.boardMarkup !== this.pickedMarkup) {
      this.picking = picking
      this.pickedMarkup = this.boardMarkup
      this.board.pick(kinds, targets)
      this.boardHost.classList.toggle("is-picking", kinds.length > 0)
      if (!onBoard) this.focusBoard(false)   // the board's one tab stop starts on a legal spot
    }
    this.setStatus(this.statusLine())
    this.patch(this.diceEl, [this.game.stats.rolls], () => this.renderDice())
    this.renderPrompt()
    // panels are rebuilt only when what they show changed, so a button under the pointer
    // stays put while the computer players move
    const names = this.game.settings.seats.map((s) => s.name)
    this.patch(this.awayEl, [view.seats, names], () => this.renderAway())
    this.patch(this.actionsEl, [view.phase, view.next, view.trade, view.discard, view.can, view.me, view.winner,
      this.mode, names, this.declined], () => this.renderActions())
    this.patch(this.handEl, [view.me, view.cards, view.next.decides], () => this.renderHand())
    this.patch(this.playersEl, [view.players, view.current, view.me && view.me.colour, view.seats, names, view.bank, view.deck], () => this.renderPlayers())
    this.patch(this.costsEl, [view.costs], () => this.renderCosts())
    this.renderLog()
    if (focused) this.root.querySelector(`[data-key="${focused}"]`)?.focus()
    else if (onBoard && !this.boardHost.contains(document.activeElement)) {
      // the spot just chosen by keyboard is gone: go on with the next choice, or the actions
      if (this.board.spots.length) this.focusBoard()
      else this.actionsEl.querySelector("button")?.focus()
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
    const view = this.view
    if (view.winner) return this.t("status_won", { name: this.name(view.winner) })
    const actor = view.next.actor
    const who = actor ? this.name(actor) : ""
    const phase = this.t("phase_" + view.phase)
    const turn = view.turn ? this.t("turn_n", { n: view.turn }) : capitalise(this.text.term("setup"))
    const dice = view.dice ? ` · ${this.t("dice_shown", { a: view.dice[0], b: view.dice[1], total: view.dice[0] + view.dice[1] })}` : ""
    const computer = view.next.computer ? ` ${this.t("computer_thinking")}` : ""
    // an open offer waits for the players it asks, on the offerer's turn: say so
    const waiting = view.trade && actor && actor !== view.current
      ? this.t("status_answer", { name: who, from: this.name(view.current) })
      : this.t("status_waiting", { name: who, phase })
    return `${turn} · ${waiting}${computer}${dice}`
  },

  /** Two dice with the last roll, and the totals of the rolls before it. */
  renderDice() {
    const rolls = this.game.stats.rolls || []
    const last = rolls[rolls.length - 1]
    this.diceEl.replaceChildren()
    if (!last) return
    const earlier = rolls.slice(0, -1).reverse().map(([a, b]) => a + b)
    this.diceEl.append(h("span", { class: "catan-dice__pair", role: "img", "aria-label": this.t("dice_last", { a: last[0], b: last[1], total: last[0] + last[1] }) },
      last.map((n) => h("span", { class: "catan-die", "data-n": n }, DIE_FACES[n - 1]))))
    if (earlier.length) {
      this.diceEl.append(h("span", { class: "catan-dice__history", title: this.t("dice_history") },
        earlier.map((n) => h("span", { class: n === 7 ? "is-seven" : null }, String(n)))))
    }
  },

  /** After a roll: what the viewer received (or, with no one viewing, everyone), for a while. */
  showProduction(gains) {
    const me = this.view && this.view.me && this.view.me.colour
    const total = {}
    for (const g of gains) {
      for (const [colour, cards] of Object.entries(g)) {
        if (me && colour !== me) continue
        total[colour] = total[colour] || {}
        for (const [r, n] of Object.entries(cards)) total[colour][r] = (total[colour][r] || 0) + n
      }
    }
    const lines = Object.entries(total).map(([colour, cards]) => (colour === me
      ? this.t("notice_you_received", { cards: cardsText(this.text, cards) })
      : this.t("log_received", { name: this.name(colour), cards: cardsText(this.text, cards) })))
    clearTimeout(this.noticeTimer)
    if (!lines.length) {
      this.noticeEl.hidden = true
      return
    }
    this.noticeEl.replaceChildren(...lines.map((line) => h("span", {}, line)))
    this.noticeEl.hidden = false
    // a short entrance, none for those who asked the system for less motion
    if (!REDUCED_MOTION.matches) {
      this.noticeEl.animate([{ opacity: 0, transform: "translateY(-0.3rem)" }, { opacity: 1, transform: "none" }],
        { duration: 400, easing: "ease-out" })
    }
    this.noticeTimer = setTimeout(() => { this.noticeEl.hidden = true }, NOTICE_MS)
  },

  renderPrompt() {
    const view = this.view
    const choice = view.choice
    this.promptEl.replaceChildren()
    if (!this.myDecision() || !view.prompt) return
    const parts = [h("span", {}, this.t(view.prompt, { n: choice.left }))]
    if (choice.pick && !choice.legal.length && this.mode) parts.push(" ", h("span", { class: "catan-muted" }, this.t("no_legal_spot")))
    if (this.mode) {
      parts.push(" ", h("button", { type: "button", class: "md-button", "data-key": "cancel-mode", onclick: () => this.setMode(this.mode.kind) }, this.t("cancel")))
    }
    this.promptEl.append(...parts)
  },

  renderAway() {
    this.awayEl.replaceChildren()
    for (const colour of this.game.position.seats) {
      const state = this.control(colour)
      if (state.kind === "human" && state.away) {
        this.awayEl.append(h("p", { class: "catan-game__note catan-game__note--info" }, this.t("away_note", { name: this.name(colour) }), " ",
          h("button", { type: "button", class: "md-button md-button--primary", "data-action": `back-${colour}`, "data-key": `back-${colour}`, onclick: () => this.comeBack(colour) },
            this.t("im_back", { name: this.name(colour) }))))
      }
    }
  },

  button(label, onclick, { key, primary = false, available = true, pressed = null, name = null } = {}) {
    return h("button", {
      type: "button", class: `md-button${primary ? " md-button--primary" : ""}${available ? "" : " is-unavailable"}`,
      onclick, "data-key": key, "data-action": key, "aria-pressed": pressed === null ? null : String(pressed),
      "aria-label": name,
    }, label)
  },

  renderActions() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const el = this.actionsEl
    el.replaceChildren()
    if (view.winner) {
      el.append(h("h2", {}, t("game_over")), h("p", {}, t("status_won", { name: this.name(view.winner) })),
        this.button(t("show_results"), () => this.showEnd(), { key: "results", primary: true }),
        this.button(t("new_game"), () => this.showSetup(true), { key: "again" }))
      return
    }
    if (!this.myDecision()) {
      const actor = view.next.actor
      el.append(h("h2", {}, t("actions")), h("p", { class: "catan-muted" }, actor ? t("waiting_for", { name: this.name(actor) }) : ""))
      return
    }
    const me = view.me.colour
    el.append(h("h2", {}, t("your_move", { name: this.name(me) })))
    if (this.can("roll")) {
      el.append(this.button(t("roll"), () => (this.game.settings.dice === "manual" ? this.askDice(me, true) : this.perform({ type: "roll", player: me })), { key: "roll", primary: true }))
    } else if (this.can("discard")) {
      el.append(this.button(t("discard_title", { n: view.discard[me] }), () => this.discardDialog(), { key: "discard-open", primary: true }))
    } else if (this.can("confirm_trade") || this.can("cancel_trade")) {
      el.append(this.reveal(this.answersPanel(), view.trade.answers))
    } else if (this.can("accept_trade") || this.can("reject_trade")) {
      el.append(this.reveal(this.offerPanel(), null))
    } else if (this.can("end_turn")) {
      const mode = this.mode && this.mode.kind
      const costs = Object.fromEntries(view.costs.map((c) => [c.item, c]))
      const build = (item, label) => this.button(label, () => this.setMode(item),
        { key: `build-${item}`, available: costs[item].available, pressed: mode === item })
      el.append(h("div", { class: "catan-game__buttons" },
        build("road", capitalise(this.text.term("road"))),
        build("settlement", capitalise(this.text.term("settlement"))),
        build("city", capitalise(this.text.term("city"))),
        this.button(t("buy_card"), () => this.perform({ type: "buy_dev_card", player: me }), { key: "buy-card", available: costs.dev_card.available })),
      this.tradePanel(),
      h("div", { class: "catan-game__buttons" }, this.button(t("end_turn"), () => this.perform({ type: "end_turn", player: me }), { key: "end-turn", primary: true })))
    }
  },

  /** Bring an offer panel into view below the sticky bar the first time it shows (`answers`:
   *  again when they change), for it may replace the taller trade panel the person scrolled
   *  to. Returns the panel. */
  reveal(panel, answers) {
    const key = JSON.stringify([this.offerId(), answers])
    if (this.revealed === key) return panel
    this.revealed = key
    requestAnimationFrame(() => {
      if (!panel.isConnected) return
      const bar = this.bar.getBoundingClientRect().bottom + 8
      const box = panel.getBoundingClientRect()
      const below = Math.max(0, box.bottom + 8 - innerHeight)
      const by = box.top < bar ? box.top - bar : Math.min(below, box.top - bar)
      if (by) window.scrollBy(0, by)
    })
    return panel
  },

  tradePanel() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const me = view.me.colour
    const draft = this.draft
    const grid = tradeGrid(this.text, {
      giveLabel: t("you_give"), getLabel: t("you_get"), giveMax: (r) => view.me.hand[r], give: draft.give, get: draft.get,
      onchange: (give, get) => { draft.give = give; draft.get = get },
    })
    const others = view.players.map((p) => p.colour).filter((c) => c !== me)
    if (!draft.to) draft.to = [...others]
    const clean = (cards) => Object.fromEntries(Object.entries(cards).filter(([, n]) => n > 0))
    const rates = Object.entries(view.me.rates).map(([r, n]) => h("li", { class: n < 4 ? "is-harbour" : "" }, chip(this.text, r), ` ${n}:1`))
    return h("div", { class: "catan-trade" }, disclosure(t("trade"), Boolean(this.tradeOpen), (open) => { this.tradeOpen = open }, [
      grid.el,
      h("fieldset", { class: "catan-trade__to" }, h("legend", {}, t("offer_to")),
        others.map((c) => h("label", {}, h("input", {
          type: "checkbox", checked: draft.to.includes(c), "data-key": `to-${c}`,
          onchange: (e) => { draft.to = e.target.checked ? [...new Set([...draft.to, c])] : draft.to.filter((x) => x !== c) },
        }), " ", this.swatch(c), " ", this.name(c)))),
      h("div", { class: "catan-game__buttons" },
        this.button(t("offer_players"), () => this.perform({ type: "offer_trade", give: clean(draft.give), get: clean(draft.get), player: me },
          { offeredTo: draft.to.length ? [...draft.to] : [...others] }), { key: "offer" }),
        this.button(t("trade_bank"), async () => {
          const ok = await this.perform({ type: "bank_trade", give: clean(draft.give), get: clean(draft.get), player: me })
          if (ok) this.draft = { give: {}, get: {}, to: draft.to }
        }, { key: "bank-trade" })),
      h("p", { class: "catan-muted" }, t("your_rates")), h("ul", { class: "catan-rates" }, rates)], { key: "trade-toggle" }))
  },

  /** Someone's offer to the viewer, in the page rather than a dialog over it: the board,
   *  the hand and the log stay in view while the player decides. */
  offerPanel() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const me = view.me.colour
    const offer = view.trade
    const answer = (type) => () => this.perform({ type, player: me })
    return h("div", { class: "catan-offer", role: "group", "aria-label": t("offer_title", { name: this.name(offer.player) }) },
      h("h3", {}, this.swatch(offer.player), " ", t("offer_title", { name: this.name(offer.player) })),
      h("p", {}, t("offer_you_give"), " ", cardChips(this.text, offer.get)),
      h("p", {}, t("offer_you_get"), " ", cardChips(this.text, offer.give)),
      h("div", { class: "catan-game__buttons" },
        this.button(t("accept"), answer("accept_trade"), { key: "accept", primary: true, available: this.can("accept_trade") }),
        this.button(t("reject"), answer("reject_trade"), { key: "reject" }),
        this.button(t("counter"), () => this.answerDialog(true), { key: "counter" })),
      // a computer's offer does not hold the game: unanswered, it is declined when time is up
      // (a room's clock is the server's, whose stand-in answers instead)
      view.next.offer_s && !this.transport.online ? h("p", { class: "catan-muted catan-offer__note" }, t("offer_expires")) : null)
  },

  /** The answers to the viewer's offer; a counter-offer in a panel of its own, with what the
   *  viewer would give and get, to accept or decline. */
  answersPanel() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const me = view.me.colour
    const offer = view.trade
    const declined = this.declinedCounters()
    // only the players the offer asks (the referee declines for the others: no news)
    const asked = view.players.map((p) => p.colour).filter((c) => c !== me && (!offer.to || offer.to.includes(c)))
    const rows = asked.map((colour) => {
      const answer = offer.answers[colour]
      const who = [this.swatch(colour), " ", h("strong", {}, this.name(colour)), ": "]
      if (answer === undefined) return h("li", { "data-colour": colour }, who, t("answer_waiting"))
      if (answer === "reject") return h("li", { "data-colour": colour }, who, t("answer_rejected"))
      if (answer === "accept") {
        return h("li", { "data-colour": colour }, who, t("answer_accepted"), " ",
          this.button(t("trade_with", { name: this.name(colour) }), () => this.confirmTrade(colour), { key: `confirm-${colour}`, primary: true }))
      }
      if (declined.includes(colour)) return h("li", { "data-colour": colour }, who, t("answer_counter_declined"))
      return h("li", { class: "catan-offer catan-offer--counter", "data-colour": colour, role: "group", "aria-label": t("counter_title", { name: this.name(colour) }) },
        h("h3", {}, this.swatch(colour), " ", t("counter_title", { name: this.name(colour) })),
        h("p", {}, t("offer_you_give"), " ", cardChips(this.text, answer.give)),
        h("p", {}, t("offer_you_get"), " ", cardChips(this.text, answer.get)),
        h("div", { class: "catan-game__buttons" },
          this.button(t("accept"), () => this.confirmTrade(colour),
            { key: `confirm-${colour}`, primary: true, name: t("accept_counter", { name: this.name(colour) }) }),
          this.button(t("reject"), () => this.declineCounter(colour),
            { key: `decline-${colour}`, name: t("decline_counter", { name: this.name(colour) }) })))
    })
    return h("div", { class: "catan-answers" },
      h("p", {}, t("your_offer"), " ", cardChips(this.text, offer.give), " ", h("span", { class: "catan-nowrap" }, "→ ", cardChips(this.text, offer.get))),
      h("ul", {}, rows),
      this.button(t("cancel_offer"), () => this.perform({ type: "cancel_trade", player: me }), { key: "cancel-offer" }))
  },

  /** The counter-offers the viewer declined while their offer stays open for other answers. */
  declinedCounters() {
    const id = this.offerId()
    return this.declined && this.declined.id === id ? this.declined.colours : []
  },

  /** Decline `colour`'s counter-offer: the offer ends when no other answer could still make a
   *  trade (the log names the counter-offer declined); otherwise it stays open for the others. */
  declineCounter(colour) {
    const view = this.view
    const me = view.me.colour
    const declined = [...this.declinedCounters(), colour]
    const open = view.players.some(({ colour: c }) => {
      const answer = view.trade.answers[c]
      return c !== me && answer !== "reject" && !declined.includes(c)
    })
    if (!open) return this.perform({ type: "cancel_trade", player: me }, { declined: colour })
    this.declined = { id: this.offerId(), colours: declined }
    this.render()
    return true
  },

  async confirmTrade(colour) {
    const me = this.view.me.colour
    const ok = await this.perform({ type: "confirm_trade", with: colour, player: me })
    if (ok) this.draft = { give: {}, get: {}, to: this.draft.to }
  },

  renderHand() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const el = this.handEl
    el.replaceChildren()
    if (!view.me) {
      el.append(h("h2", {}, t("your_hand")), h("p", { class: "catan-muted" }, t("hand_hidden")))
      return
    }
    const me = view.me.colour
    el.append(h("h2", {}, t("hand_of", { name: this.name(me) })), cardChips(this.text, view.me.hand))
    const list = h("ul", { class: "catan-devcards" })
    for (const { card, fresh, count, playable, reason } of view.cards) {
      const item = h("li", { class: fresh ? "is-new" : "" }, h("strong", {}, this.text.term(card)), count > 1 ? ` ×${count}` : "")
      if (fresh) item.append(" ", h("span", { class: "catan-badge" }, t("new_card")))
      if (card === "victory_point") item.append(" ", h("span", { class: "catan-muted" }, t("vp_card_note")))
      else if (this.myDecision()) {
        // an unplayable card's button says why not (the engine's reason, with its FAQ link)
        item.append(" ", this.button(t("play"), () => (playable ? this.playCard(card) : this.refuse(reason)), {
          key: `play-${card}-${fresh}`, available: playable,
        }))
      }
      list.append(item)
    }
    el.append(h("h3", {}, capitalise(this.text.term("development_card"))), view.cards.length ? list : h("p", { class: "catan-muted" }, t("no_dev_cards")))
  },

  renderPlayers() {
    const view = this.view
    const t = (k, p) => this.t(k, p)
    const el = this.playersEl
    el.replaceChildren(h("h2", {}, t("players")))
    const list = h("ul", { class: "catan-players" })
    for (const p of view.players) {
      const seat = this.control(p.colour)
      const kind = seat.kind === "bot" ? t("kind_bot_detail", { level: t("level_" + seat.level), personality: t("personality_" + seat.personality) })
        : seat.away ? t("kind_away") : t("kind_human")
      const awards = []
      if (view.awards.longest_road.holder === p.colour) awards.push(h("span", { class: "catan-badge" }, this.text.term("longest_road")))
      if (view.awards.largest_army.holder === p.colour) awards.push(h("span", { class: "catan-badge" }, this.text.term("largest_army")))
      const points = t("points_public", { n: p.points, total: view.vp_to_win })
      const mine = view.me && view.me.colour === p.colour
      list.append(h("li", { class: `catan-player${p.colour === view.current ? " is-current" : ""}`, "data-colour": p.colour },
        h("div", { class: "catan-player__head" },
          h("span", {}, this.swatch(p.colour), " ", h("strong", {}, this.name(p.colour)),
            p.colour === view.current ? h("span", { class: "catan-muted" }, ` · ${t("current_turn")}`) : null),
          h("span", { class: "catan-player__points" }, points)),
        mine ? h("div", { class: "catan-player__kind catan-muted" }, t("points_mine")) : null,
        awards.length ? h("div", { class: "catan-player__awards" }, awards) : null,
        h("div", { class: "catan-player__kind catan-muted" }, kind),
        h("div", { class: "catan-player__counts catan-muted" },
          t("player_counts", { cards: p.cards, dev: p.dev_cards, knights: p.knights, road: p.road_length })),
        h("div", { class: "catan-player__stock catan-muted" },
          t("player_stock", { roads: p.pieces_left.roads, settlements: p.pieces_left.settlements, cities: p.pieces_left.cities })),
        this.transport.online && !mine ? null : h("button", {   // online: one's own seat only
          type: "button", class: "md-button catan-player__toggle", "data-key": `seat-${p.colour}`, "data-action": `seat-${p.colour}`,
          onclick: () => this.toggleSeat(p.colour),
        }, seat.kind === "bot" ? t("seat_to_person") : t("seat_to_computer"))))
    }
    el.append(list, h("h3", {}, capitalise(this.text.term("bank"))), cardChips(this.text, view.bank),
      h("p", { class: "catan-muted" }, t("deck_left", { n: view.deck })))
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
