// The end of the game: where each player's points came from (the engine's summary,
// catan_web.game.summary), each player's game in numbers, and the dice rolled.

import { RESOURCES } from "../core/i18n.js"
import { exportGame } from "./dialogs.js"
import { save, showSetup } from "./games.js"
import * as store from "./store.js"
import { refuse } from "./shell.js"
import { name } from "./state.js"
import { h, capitalise, cardsText, openDialog, swatch } from "./ui.js"

const TOTALS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]   // the dice histogram's columns

export async function showEnd(s) {
  s.endShown = true
  let summary
  try {
    summary = await s.transport.summary(s.game)
  } catch (error) {
    refuse(s, error)
    return
  }
  // after the last move is drawn, in a task of its own: no long task at the very end
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  const t = s.t
  const close = (e) => e.target.closest("dialog").close()
  const dice = s.game.stats.dice
  const most = Math.max(1, ...dice)
  const histogram = h("div", { class: "catan-end__dice", role: "img", "aria-label": t("dice_histogram_label", { list: TOTALS.map((n) => s.text.labelled(n, dice[n] || 0)).join(", ") }) },
    TOTALS.map((n) => h("div", { class: "catan-end__bar" },
      h("span", { class: "catan-end__count" }, String(dice[n] || 0)),
      h("span", { class: "catan-end__fill", style: `height:${Math.round(100 * (dice[n] || 0) / most)}%` }),
      h("span", { class: "catan-end__n" }, String(n)))))
  openDialog(s.root, {
    title: t("winner_title", { name: name(s, summary.winner) }), cls: "catan-dialog--end",
    body: [h("p", {}, t("winner_text", { name: name(s, summary.winner), turns: summary.turns })),
      h("h3", {}, t("points_breakdown")), pointsTable(s, summary),
      // a room's server counts the statistics as its game goes (the same as a local log's)
      summary.awards ? [h("h3", {}, t("stats_title")), statsTable(s, summary)] : null,
      h("h3", {}, t("dice_histogram")), histogram],
    buttons: [
      { label: t("new_game"), primary: true, action: "end-new", onclick: (e) => { close(e); showSetup(s, true) } },
      (s.game.record && !s.game.room) || (s.game.room && s.game.viewer)
        ? { label: t("review_this_game"), action: "end-review", onclick: () => reviewGame(s) } : null,
      { label: t("export"), onclick: () => exportGame(s) },
      { label: t("close"), action: "end-close", onclick: close },
    ],
  })
}

/** One column per player, one row per source of points: narrow enough for a phone. The
 *  cities' row also says how many cities made them and what each is worth (the summary's). */
function pointsTable(s, summary) {
  const rows = ["settlements", "cities", "longest_road", "largest_army", "victory_point_cards", "total"]
  const winner = (p) => (p.colour === summary.winner ? "is-winner" : null)
  const cities = (p) => (p.city_count ? h("span", { class: "catan-muted" }, ` (${p.city_count} × ${summary.city_points})`) : null)
  return h("table", { class: "catan-end__table" },
    h("thead", {}, h("tr", {}, h("td", {}), summary.players.map((p) => h("th", { scope: "col", class: winner(p), "data-colour": p.colour },
      swatch(p.colour), " ", name(s, p.colour))))),
    h("tbody", {}, rows.map((row) => h("tr", { class: row === "total" ? "is-total" : null },
      h("th", { scope: "row" }, s.t("points_" + row)),
      summary.players.map((p) => h("td", { class: winner(p), "data-colour": p.colour }, String(p[row]),
        row === "cities" ? cities(p) : null))))))
}

/** Each player's game in numbers: cards received (a bar of the five resources), lost,
 *  trades, development cards; then who held each award from which turn. */
function statsTable(s, summary) {
  const t = s.t
  const players = summary.players
  const total = (p) => RESOURCES.reduce((sum, r) => sum + (p.received[r] || 0), 0)
  const most = Math.max(1, ...players.map(total))
  const bar = (p) => h("span", { class: "catan-end__stack", role: "img", "aria-label": cardsText(s.text, p.received) },
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
    h("thead", {}, h("tr", {}, h("td", {}), players.map((p) => h("th", { scope: "col", "data-colour": p.colour }, swatch(p.colour), " ", name(s, p.colour))))),
    h("tbody", {}, rows.map(([key, cell]) => h("tr", {}, h("th", { scope: "row" }, t(key)),
      players.map((p) => h("td", { "data-colour": p.colour }, cell(p)))))))
  const held = (award) => (summary.awards[award] || []).map(([turn, colour]) => (colour
    ? t("stats_held", { name: name(s, colour), n: turn }) : t("stats_lost_award", { n: turn }))).join(" → ") || t("nothing")
  return h("div", {}, table,
    h("p", { class: "catan-end__awards" }, h("strong", {}, capitalise(s.text.term("longest_road"))), s.text.colon, held("longest_road")),
    h("p", { class: "catan-end__awards" }, h("strong", {}, capitalise(s.text.term("largest_army"))), s.text.colon, held("largest_army")))
}

/** Open the review page on this game: saved first, the review reads the save; a room's game
 *  is asked of its server (for this seat) and handed to the review in this tab's storage. */
async function reviewGame(s) {
  const page = new URL("../review/", location.href)
  if (!s.game.room) {
    save(s)
    location.assign(page.href)
    return
  }
  try {
    const { record, seat, lobby } = await s.transport.record()
    const seats = lobby.seats.map((x) => ({ colour: x.seat, kind: x.kind === "human" ? "human" : "bot", name: x.name || "" }))
    sessionStorage.setItem(store.REVIEW_KEY, JSON.stringify({ format: store.FORMAT, settings: { seats },
      position: record.start, record, viewer: seat }))
    page.hash = "room"
    location.assign(page.href)
  } catch (error) {
    refuse(s, error)
  }
}
