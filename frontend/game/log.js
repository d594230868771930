// The game log in words. Each saved entry is {e, full?, who?, turn} from catan_web.game.log_entry
// (or a referee's event such as a timeout): a viewer listed in `who` reads `full`, everyone else
// reads `e`, so a stolen card or a bought development card stays hidden from the others.

import { cardsText } from "./ui.js"

/** The event `entry` as `viewer` may see it. */
export function visibleEvent(entry, viewer) {
  return entry.full && Array.isArray(entry.who) && entry.who.includes(viewer) ? entry.full : entry.e
}

/**
 * One log line, or null for events the log does not show on their own.
 * `ctx`: {text (the game's catalog), name(colour), tile(t)}.
 */
export function describe(event, ctx) {
  const { text } = ctx
  const t = (key, params = {}) => text.t(key, params)
  const name = ctx.name
  const p = event.player ? name(event.player) : ""
  switch (event.type) {
    case "placed_settlement": return t("log_placed_settlement", { name: p })
    case "placed_road": return t("log_placed_road", { name: p })
    case "received":
      return event.cards ? t("log_received", { name: p, cards: cardsText(text, event.cards) })
        : t("log_received_count", { name: p, n: event.count })
    case "turn_started": return null
    case "rolled": return t("log_rolled", { name: p, a: event.dice[0], b: event.dice[1], total: event.total })
    case "produced": {
      const gains = Object.entries(event.gains || {})
        .map(([colour, cards]) => t("log_gain", { name: name(colour), cards: cardsText(text, cards) }))
      let line = gains.length ? t("log_produced", { list: gains.join("; ") }) : t("log_produced_nothing")
      if (event.shortage && event.shortage.length) {
        line += " " + t("log_shortage", { list: event.shortage.map((r) => text.term(r)).join(", ") })
      }
      return line
    }
    case "must_discard":
      return t("log_must_discard", {
        list: Object.entries(event.counts || {}).map(([c, n]) => t("log_owes", { name: name(c), n })).join(", "),
      })
    case "discarded": return t("log_discarded", { name: p, cards: cardsText(text, event.cards) })
    case "robber_moved": return t("log_robber_moved", { name: p, tile: ctx.tile(event.tile) })
    case "stole":
      if (event.card === null) return t("log_stole_nothing", { name: p, victim: name(event.victim) })
      return event.card ? t("log_stole_card", { name: p, victim: name(event.victim), card: text.term(event.card) })
        : t("log_stole", { name: p, victim: name(event.victim) })
    case "built_road": return t(event.free ? "log_built_road_free" : "log_built_road", { name: p })
    case "built_settlement": return t("log_built_settlement", { name: p })
    case "built_city": return t("log_built_city", { name: p })
    case "bought_dev_card":
      return event.card ? t("log_bought_card", { name: p, card: text.term(event.card) }) : t("log_bought", { name: p })
    case "played_dev_card": return t("log_played", { name: p, card: text.term(event.card) })
    case "monopoly": {
      const taken = Object.entries(event.taken || {}).map(([c, n]) => t("log_taken_from", { n, name: name(c) }))
      return t("log_monopoly", { name: p, resource: text.term(event.resource), list: taken.join(", ") || t("nothing") })
    }
    case "bank_traded":
      return t("log_bank_traded", { name: p, give: cardsText(text, event.give), get: cardsText(text, event.get) })
    case "trade_offered":
      if (Array.isArray(event.to) && event.to.length) {
        return t("log_offered_to", { name: p, give: cardsText(text, event.give), get: cardsText(text, event.get), list: event.to.map(name).join(", ") })
      }
      return t("log_offered", { name: p, give: cardsText(text, event.give), get: cardsText(text, event.get) })
    case "trade_accepted": return t("log_accepted", { name: p })
    case "trade_rejected": return t(event.ignored ? "log_ignored" : "log_rejected", { name: p })
    case "trade_countered":
      return t("log_countered", { name: p, give: cardsText(text, event.get), get: cardsText(text, event.give) })
    case "traded":
      return t("log_traded", { name: p, partner: name(event.with), give: cardsText(text, event.give), get: cardsText(text, event.get) })
    case "trade_cancelled":
      return event.declined ? t("log_declined_counter", { name: p, partner: name(event.declined) }) : t("log_cancelled", { name: p })
    case "longest_road":
      return event.player ? t("log_longest_road", { name: p, n: event.length }) : t("log_longest_road_none")
    case "largest_army": return t("log_largest_army", { name: p, n: event.knights })
    case "game_won": return t("log_won", { name: p, points: event.points })
    case "timeout": return t("log_timeout", { name: p })
    case "away": return t("log_away", { name: p })
    case "back": return t("log_back", { name: p })
    case "seat_computer": return t("log_seat_computer", { name: p })
    case "seat_person": return t("log_seat_person", { name: p })
    case "game_started": return t("log_game_started", { name: p })
    default: return null
  }
}
