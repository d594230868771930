// Trading in the actions panel: the viewer's offer being written (to the bank or to players),
// someone's offer to the viewer, and the answers to the viewer's offer with its counter-offers.
// Offers are answered in the page rather than in a dialog over it: the board, the hand and
// the log stay in view while the player decides.

import { answerDialog } from "./dialogs.js"
import { perform } from "./loop.js"
import { button } from "./panels.js"
import { render } from "./render.js"
import { can, name, offerId } from "./state.js"
import { RESOURCES } from "../core/i18n.js"
import { capitalise, h, cardChips, chip, disclosure, handCards, swatch, tradeGrid } from "./ui.js"

/** Bring an offer panel into view below the sticky bar the first time it shows (`answers`:
 *  again when they change), for it may replace the taller trade panel the person scrolled
 *  to. Returns the panel. */
export function reveal(s, panel, answers) {
  const key = JSON.stringify([offerId(s), answers])
  if (s.revealed === key) return panel
  s.revealed = key
  requestAnimationFrame(() => {
    if (!panel.isConnected) return
    const bar = s.el.bar.getBoundingClientRect().bottom + 8
    const box = panel.getBoundingClientRect()
    const below = Math.max(0, box.bottom + 8 - innerHeight)
    const by = box.top < bar ? box.top - bar : Math.min(below, box.top - bar)
    if (by) window.scrollBy(0, by)
  })
  return panel
}

/** A trade with the bank in two taps, always in view while the viewer may trade: the cards
 *  their hand can give at their rate (4:1, or a harbour's), then the card they take. Null when
 *  no card can be given. The rates and whether a trade is allowed are the engine's (the view);
 *  a refusal (an empty bank) names the rule. */
export function bankRow(s) {
  const view = s.view
  const t = s.t
  if (!can(s, "bank_trade")) return null
  const { hand, rates, colour: me } = view.me
  const givable = RESOURCES.filter((r) => hand[r] >= rates[r])
  if (!givable.length) return null
  const chosen = givable.includes(s.bankGive) ? s.bankGive : null
  const choose = (r) => () => { s.bankGive = chosen === r ? null : r; s.bankShow = Boolean(s.bankGive); render(s) }
  const take = (r) => async () => {
    const ok = await perform(s, { type: "bank_trade", give: { [chosen]: rates[chosen] }, get: { [r]: 1 }, player: me })
    if (ok) s.bankGive = null
  }
  return h("div", { class: "catan-bank", role: "group", "aria-label": capitalise(s.text.term("maritime_trade")) },
    h("p", { class: "catan-muted catan-bank__hint" }, t(chosen ? "bank_pick_get" : "bank_pick_give")),
    h("div", { class: "catan-game__buttons" }, givable.map((r) => button(
      t("bank_give", { n: rates[r], what: s.text.term(r) }), choose(r), { key: `bank-give-${r}`, pressed: chosen === r }))),
    chosen ? h("div", { class: "catan-game__buttons" }, RESOURCES.filter((r) => r !== chosen).map((r) => button(
      t("bank_get", { what: s.text.term(r) }), take(r), { key: `bank-get-${r}` }))) : null)
}

/** One more card of `resource` on a side ("give" or "get") of the viewer's offer: a tap on a
 *  card of the hand or of the row of cards to ask for. The trade panel opens and shows it;
 *  the hand bounds what may be given. */
export function addToOffer(s, side, resource) {
  const draft = s.draft
  const now = draft[side][resource] || 0
  if (side === "give" && now >= (s.view.me.hand[resource] || 0)) return
  draft[side] = { ...draft[side], [resource]: now + 1 }
  s.tradeOpen = true
  s.draftVersion = (s.draftVersion || 0) + 1
  render(s)
}

/** The viewer's own offer: what they give and get, to whom, or to the bank at their rates. */
export function tradePanel(s) {
  const view = s.view
  const t = s.t
  const me = view.me.colour
  const draft = s.draft
  const grid = tradeGrid(s.text, {
    giveLabel: t("you_give"), getLabel: t("you_get"), giveMax: (r) => view.me.hand[r], give: draft.give, get: draft.get,
    onchange: (give, get) => { draft.give = give; draft.get = get },
  })
  const others = view.players.map((p) => p.colour).filter((c) => c !== me)
  if (!draft.to) draft.to = [...others]
  const clean = (cards) => Object.fromEntries(Object.entries(cards).filter(([, n]) => n > 0))
  const rates = Object.entries(view.me.rates).map(([r, n]) => h("li", { class: n < 4 ? "is-harbour" : "" }, chip(s.text, r), ` ${n}:1`))
  // the cards to ask for, one tap each (the hand's cards are the ones to give: panels.js)
  const ask = handCards(s.text, null, null, {
    key: "ask-card", ontap: (r) => addToOffer(s, "get", r), tapLabel: (r) => t("tap_get", { what: s.text.term(r) }),
  })
  ask.classList.add("catan-hand--ask")
  return h("div", { class: "catan-trade" }, disclosure(t("trade"), Boolean(s.tradeOpen), (open) => { s.tradeOpen = open }, [
    h("p", { class: "catan-muted catan-trade__help" }, t("trade_tap_help")),
    ask,
    grid.el,
    h("fieldset", { class: "catan-trade__to" }, h("legend", {}, t("offer_to")),
      others.map((c) => h("label", {}, h("input", {
        type: "checkbox", checked: draft.to.includes(c), "data-key": `to-${c}`,
        onchange: (e) => { draft.to = e.target.checked ? [...new Set([...draft.to, c])] : draft.to.filter((x) => x !== c) },
      }), " ", swatch(c), " ", name(s, c)))),
    h("div", { class: "catan-game__buttons" },
      button(t("offer_players"), () => perform(s, { type: "offer_trade", give: clean(draft.give), get: clean(draft.get), player: me },
        { offeredTo: draft.to.length ? [...draft.to] : [...others] }), { key: "offer", available: can(s, "offer_trade") }),
      button(t("trade_bank"), async () => {
        const ok = await perform(s, { type: "bank_trade", give: clean(draft.give), get: clean(draft.get), player: me })
        if (ok) s.draft = { give: {}, get: {}, to: draft.to }
      }, { key: "bank-trade", available: can(s, "bank_trade") })),
    h("p", { class: "catan-muted" }, t("your_rates")), h("ul", { class: "catan-rates" }, rates)], { key: "trade-toggle" }))
}

/** Someone's offer to the viewer. */
export function offerPanel(s) {
  const view = s.view
  const t = s.t
  const me = view.me.colour
  const offer = view.trade
  const answer = (type) => () => perform(s, { type, player: me })
  return h("div", { class: "catan-offer", role: "group", "aria-label": t("offer_title", { name: name(s, offer.player) }) },
    h("h3", {}, swatch(offer.player), " ", t("offer_title", { name: name(s, offer.player) })),
    h("p", {}, t("offer_you_give"), " ", cardChips(s.text, offer.get)),
    h("p", {}, t("offer_you_get"), " ", cardChips(s.text, offer.give)),
    h("div", { class: "catan-game__buttons" },
      button(t("accept"), answer("accept_trade"), { key: "accept", primary: true, available: can(s, "accept_trade") }),
      button(t("reject"), answer("reject_trade"), { key: "reject" }),
      button(t("counter"), () => answerDialog(s, true), { key: "counter" })),
    // a computer's offer does not hold the game: unanswered, it is declined when time is up
    // (a room's clock is the server's, whose stand-in answers instead)
    view.next.offer_s && !s.transport.online ? h("p", { class: "catan-muted catan-offer__note" }, t("offer_expires")) : null)
}

/** The answers to the viewer's offer; a counter-offer in a panel of its own, with what the
 *  viewer would give and get, to accept or decline. */
export function answersPanel(s) {
  const view = s.view
  const t = s.t
  const me = view.me.colour
  const offer = view.trade
  const declined = declinedCounters(s)
  // only the players the offer asks (the referee declines for the others: no news)
  const asked = view.players.map((p) => p.colour).filter((c) => c !== me && (!offer.to || offer.to.includes(c)))
  const rows = asked.map((colour) => {
    const answer = offer.answers[colour]
    const who = [swatch(colour), " ", h("strong", {}, name(s, colour)), s.text.colon]
    if (answer === undefined) return h("li", { "data-colour": colour }, who, t("answer_waiting"))
    if (answer === "reject") return h("li", { "data-colour": colour }, who, t("answer_rejected"))
    if (answer === "accept") {
      return h("li", { "data-colour": colour }, who, t("answer_accepted"), " ",
        button(t("trade_with", { name: name(s, colour) }), () => confirmTrade(s, colour), { key: `confirm-${colour}`, primary: true }))
    }
    if (declined.includes(colour)) return h("li", { "data-colour": colour }, who, t("answer_counter_declined"))
    return h("li", { class: "catan-offer catan-offer--counter", "data-colour": colour, role: "group", "aria-label": t("counter_title", { name: name(s, colour) }) },
      h("h3", {}, swatch(colour), " ", t("counter_title", { name: name(s, colour) })),
      h("p", {}, t("offer_you_give"), " ", cardChips(s.text, answer.give)),
      h("p", {}, t("offer_you_get"), " ", cardChips(s.text, answer.get)),
      h("div", { class: "catan-game__buttons" },
        button(t("accept"), () => confirmTrade(s, colour),
          { key: `confirm-${colour}`, primary: true, name: t("accept_counter", { name: name(s, colour) }) }),
        button(t("reject"), () => declineCounter(s, colour),
          { key: `decline-${colour}`, name: t("decline_counter", { name: name(s, colour) }) })))
  })
  return h("div", { class: "catan-answers" },
    h("p", {}, t("your_offer"), " ", cardChips(s.text, offer.give), " ", h("span", { class: "catan-nowrap" }, "→ ", cardChips(s.text, offer.get))),
    h("ul", {}, rows),
    button(t("cancel_offer"), () => perform(s, { type: "cancel_trade", player: me }), { key: "cancel-offer" }))
}

/** The counter-offers the viewer declined while their offer stays open for other answers. */
function declinedCounters(s) {
  const id = offerId(s)
  return s.declined && s.declined.id === id ? s.declined.colours : []
}

/** Decline `colour`'s counter-offer: the offer ends when no other answer could still make a
 *  trade (the log names the counter-offer declined); otherwise it stays open for the others. */
function declineCounter(s, colour) {
  const view = s.view
  const me = view.me.colour
  const declined = [...declinedCounters(s), colour]
  const open = view.players.some(({ colour: c }) => {
    const answer = view.trade.answers[c]
    return c !== me && answer !== "reject" && !declined.includes(c)
  })
  if (!open) return perform(s, { type: "cancel_trade", player: me }, { declined: colour })
  s.declined = { id: offerId(s), colours: declined }
  render(s)
  return true
}

async function confirmTrade(s, colour) {
  const me = s.view.me.colour
  const ok = await perform(s, { type: "confirm_trade", with: colour, player: me })
  if (ok) s.draft = { give: {}, get: {}, to: s.draft.to }
}
