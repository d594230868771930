// The side panels: the actions (what the viewer may do now), the hand and development cards,
// the players, the building costs. Everything shown comes from the referee's view
// (catan_web.game.view): costs, what the hand affords, playable cards, who acts, awards.
// render.js calls each one when what it shows changed; the trade panels are trade.js's.

import { RESOURCES } from "../core/i18n.js"
import { playCard, setMode } from "./choices.js"
import { askDice, discardDialog } from "./dialogs.js"
import { showEnd } from "./end.js"
import { showSetup } from "./games.js"
import { perform, toggleSeat } from "./loop.js"
import { refuse } from "./shell.js"
import { can, control, myDecision, name } from "./state.js"
import { addToOffer, answersPanel, bankRow, offerPanel, reveal, tradePanel } from "./trade.js"
import { h, capitalise, cardChips, disclosure, handCards, swatch } from "./ui.js"

/** A button of the panels: `key` names it for the tests and keeps its focus across redraws. */
export function button(label, onclick, { key, primary = false, available = true, pressed = null, name: ariaLabel = null } = {}) {
  return h("button", {
    type: "button", class: `md-button${primary ? " md-button--primary" : ""}${available ? "" : " is-unavailable"}`,
    onclick, "data-key": key, "data-action": key, "aria-pressed": pressed === null ? null : String(pressed),
    "aria-label": ariaLabel,
  }, label)
}

export function renderActions(s) {
  const view = s.view
  const t = s.t
  const el = s.el.actions
  el.replaceChildren()
  if (view.winner) {
    el.append(h("h2", {}, t("game_over")), h("p", {}, t("status_won", { name: name(s, view.winner) })),
      button(t("show_results"), () => showEnd(s), { key: "results", primary: true }),
      button(t("new_game"), () => showSetup(s, true), { key: "again" }))
    return
  }
  if (!myDecision(s)) {
    const actor = view.next.actor
    el.append(h("h2", {}, t("actions")), h("p", { class: "catan-muted" }, actor ? t("waiting_for", { name: name(s, actor) }) : ""))
    return
  }
  const me = view.me.colour
  const heading = h("h2", {}, t("your_move", { name: name(s, me) }))
  el.append(heading)
  if (can(s, "roll")) {
    el.append(button(t("roll"), () => (s.game.settings.dice === "manual" ? askDice(s, me, true) : perform(s, { type: "roll", player: me })), { key: "roll", primary: true }))
  } else if (can(s, "discard")) {
    el.append(button(t("discard_title", { n: view.discard[me] }), () => discardDialog(s), { key: "discard-open", primary: true }))
  } else if (can(s, "confirm_trade") || can(s, "cancel_trade")) {
    el.append(reveal(s, answersPanel(s), view.trade.answers))
  } else if (can(s, "accept_trade") || can(s, "reject_trade")) {
    el.append(reveal(s, offerPanel(s), null))
  } else if (can(s, "end_turn")) {
    const costs = Object.fromEntries(view.costs.map((c) => [c.item, c]))
    const build = (item, label) => withCost(s, button(label, () => setMode(s, item),
      { key: `build-${item}`, available: costs[item].available, pressed: false }), label, costs[item])
    el.append(h("div", { class: "catan-game__buttons" },
      build("road", capitalise(s.text.term("road"))),
      build("settlement", capitalise(s.text.term("settlement"))),
      build("city", capitalise(s.text.term("city"))),
      withCost(s, button(t("buy_card"), () => perform(s, { type: "buy_dev_card", player: me }), { key: "buy-card", available: costs.dev_card.available }),
        t("buy_card"), costs.dev_card)),
    bankRow(s) || "",
    tradePanel(s))
    // "End turn" beside the heading: in view with the builds, however long the trade panel
    el.prepend(h("div", { class: "catan-actions__head" }, heading,
      button(t("end_turn"), () => perform(s, { type: "end_turn", player: me }), { key: "end-turn", primary: true })))
    if (s.bankShow) {   // a card to give was just chosen: the cards to take come into view (on a phone, below the fold)
      s.bankShow = false
      el.querySelector(".catan-bank > :last-child")?.scrollIntoView({ block: "nearest" })
    }
  }
}

/** A build button showing what it costs, one dot per card in its resource's colour, hollow
 *  for each card the hand lacks; a screen reader hears the label, the cost and what is
 *  missing. `item`: the view's costs entry (the engine's costs and missing cards). */
function withCost(s, el, label, item) {
  const dots = []
  for (const r of RESOURCES) {
    const n = item.cost[r] || 0
    const lacking = (item.missing && item.missing[r]) || 0
    for (let i = 0; i < n; i++) {
      dots.push(h("span", { class: `catan-dot catan-chip--${r}${i >= n - lacking ? " is-missing" : ""}` },
        h("span", { class: "catan-chip__swatch" })))
    }
  }
  const said = [label, s.text.cards(item.cost)]
  if (item.missing && Object.keys(item.missing).length) said.push(s.t("board_missing", { cards: s.text.cards(item.missing) }))
  el.setAttribute("aria-label", said.join(". "))
  el.append(h("span", { class: "catan-dots", "aria-hidden": "true" }, dots))
  return el
}

/** The building costs card, with what the viewer's hand affords now. */
export function renderCosts(s) {
  const t = s.t
  const hint = { road: t("longest_road_hint"), settlement: t("points_n", { n: 1 }), city: t("points_n", { n: 2 }), dev_card: null }
  const lines = s.view.costs.map((c) => h("li", { class: c.affordable ? "is-affordable" : null, "data-item": c.item },
    h("strong", {}, capitalise(s.text.term(c.item === "dev_card" ? "development_card" : c.item))), " ", cardChips(s.text, c.cost),
    hint[c.item] ? h("span", { class: "catan-muted" }, " · ", hint[c.item]) : null,
    c.affordable ? h("span", { class: "catan-badge" }, t("affordable")) : null))
  s.el.costs.replaceChildren(disclosure(capitalise(s.text.term("building_costs_card")), Boolean(s.costsOpen),
    (open) => { s.costsOpen = open }, h("ul", { class: "catan-costs" }, lines), { key: "costs-toggle" }))
}

export function renderHand(s) {
  const view = s.view
  const t = s.t
  const el = s.el.hand
  el.replaceChildren()
  // on a phone the bar repeats the hand in small (the panel may be below the fold); the
  // panel is what a screen reader reads
  s.el.strip.replaceChildren(...(view.me ? RESOURCES.map((r) => h("li", {
    class: `catan-card--${r}${view.me.hand[r] ? "" : " is-empty"}`, "data-resource": r,
  }, String(view.me.hand[r] || 0))) : []))
  if (!view.me) {
    el.append(h("h2", {}, t("your_hand")), h("p", { class: "catan-muted" }, t("hand_hidden")))
    return
  }
  const me = view.me.colour
  // the cards just gained pop (only when the same seat's hand grew, not on a change of seat)
  const before = s.handShown && s.handShown.colour === me ? s.handShown.hand : null
  s.handShown = { colour: me, hand: { ...view.me.hand } }
  // while the player may trade, a tap on a card puts one more of it in the offer (trade.js)
  const trading = myDecision(s) && (can(s, "offer_trade") || can(s, "bank_trade"))
  el.append(h("h2", {}, t("hand_of", { name: name(s, me) })), handCards(s.text, view.me.hand, before, trading ? {
    key: "give-card", ontap: (r) => addToOffer(s, "give", r), tapLabel: (r) => t("tap_give", { what: s.text.term(r) }),
  } : {}))
  const list = h("ul", { class: "catan-devcards" })
  for (const { card, fresh, count, playable, reason } of view.cards) {
    const item = h("li", { class: fresh ? "is-new" : "" }, h("strong", {}, s.text.term(card)), count > 1 ? ` ×${count}` : "")
    if (fresh) item.append(" ", h("span", { class: "catan-badge" }, t("new_card")))
    if (card === "victory_point") item.append(" ", h("span", { class: "catan-muted" }, t("vp_card_note")))
    else if (myDecision(s)) {
      // an unplayable card's button says why not (the engine's reason, with its FAQ link)
      item.append(" ", button(t("play"), () => (playable ? playCard(s, card) : refuse(s, reason)), {
        key: `play-${card}-${fresh}`, available: playable, name: t("play_card", { card: s.text.term(card) }),
      }))
    }
    list.append(item)
  }
  el.append(h("h3", {}, capitalise(s.text.term("development_card"))), view.cards.length ? list : h("p", { class: "catan-muted" }, t("no_dev_cards")))
}

/** Every player at a glance, in the bar that stays in view: colour, name, points, resource
 *  cards, awards, whose turn; a screen reader hears each as one sentence. */
export function renderScores(s) {
  const view = s.view
  const t = s.t
  const over = Boolean(view.winner)
  s.el.scores.replaceChildren(...view.players.map((p) => {
    const current = !over && p.colour === view.current
    const awards = ["longest_road", "largest_army"].filter((award) => view.awards[award].holder === p.colour)
      .map((award) => s.text.term(award))
    const said = [name(s, p.colour), t("points_public", { n: p.points, total: view.vp_to_win }),
      t("score_cards", { n: p.cards }), ...awards, current ? t("current_turn") : null].filter(Boolean)
    return h("li", { class: `catan-score${current ? " is-current" : ""}`, "data-colour": p.colour, "aria-label": said.join(", ") },
      swatch(p.colour), " ", h("span", { class: "catan-score__name" }, name(s, p.colour)),
      h("strong", { class: "catan-score__points", "aria-hidden": "true", title: t("points_public", { n: p.points, total: view.vp_to_win }) },
        t("score_points_short", { n: p.points })),
      h("span", { class: "catan-score__cards", "aria-hidden": "true", title: t("score_cards", { n: p.cards }) }, t("score_cards_short", { n: p.cards })),
      ...awards.map((award) => h("span", { class: "catan-score__award", "aria-hidden": "true", title: award }, "★")))
  }))
}

export function renderPlayers(s) {
  const view = s.view
  const t = s.t
  const el = s.el.players
  el.replaceChildren(h("h2", {}, t("players")))
  const list = h("ul", { class: "catan-players" })
  const over = Boolean(view.winner)     // a won game: nobody's turn, no seat to hand over
  for (const p of view.players) {
    const seat = control(s, p.colour)
    const kind = seat.kind === "bot" ? t("kind_bot_detail", { level: t("level_" + seat.level), personality: t("personality_" + seat.personality) })
      : seat.away ? t("kind_away") : t("kind_human")
    const awards = []
    if (view.awards.longest_road.holder === p.colour) awards.push(h("span", { class: "catan-badge" }, s.text.term("longest_road")))
    if (view.awards.largest_army.holder === p.colour) awards.push(h("span", { class: "catan-badge" }, s.text.term("largest_army")))
    const points = t("points_public", { n: p.points, total: view.vp_to_win })
    const mine = view.me && view.me.colour === p.colour
    const current = !over && p.colour === view.current
    list.append(h("li", { class: `catan-player${current ? " is-current" : ""}`, "data-colour": p.colour },
      h("div", { class: "catan-player__head" },
        h("span", {}, swatch(p.colour), " ", h("strong", {}, name(s, p.colour)),
          current ? h("span", { class: "catan-muted" }, ` · ${t("current_turn")}`) : null),
        h("span", { class: "catan-player__points" }, points)),
      mine ? h("div", { class: "catan-player__kind catan-muted" }, t("points_mine")) : null,
      awards.length ? h("div", { class: "catan-player__awards" }, awards) : null,
      h("div", { class: "catan-player__kind catan-muted" }, kind),
      h("div", { class: "catan-player__counts catan-muted" },
        t("player_counts", { cards: p.cards, dev: p.dev_cards, knights: p.knights, road: p.road_length })),
      h("div", { class: "catan-player__stock catan-muted" },
        t("player_stock", { roads: p.pieces_left.roads, settlements: p.pieces_left.settlements, cities: p.pieces_left.cities })),
      over || (s.transport.online && !mine) ? null : h("button", {   // online: one's own seat only
        type: "button", class: "md-button catan-player__toggle", "data-key": `seat-${p.colour}`, "data-action": `seat-${p.colour}`,
        onclick: () => toggleSeat(s, p.colour),
      }, seat.kind === "bot" ? t("seat_to_person") : t("seat_to_computer"))))
  }
  const bank = view.bank ? cardChips(s.text, view.bank) : h("p", { class: "catan-muted" }, t("bank_hidden"))
  el.append(list, h("h3", {}, capitalise(s.text.term("bank"))), bank,
    h("p", { class: "catan-muted" }, t("deck_left", { n: view.deck })))
}
